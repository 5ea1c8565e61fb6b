"""The 54-card base deck (Law 2.1, 3.3, 4.1): its cards, crafting them, dominance cards.
The effects of the other cards are tested in test_card_battle.py and test_card_phases.py.

Each test builds a position with ``rootgame.position.build`` and asserts the exact outcome:
pieces, VP, cards, item supply, and whose decision comes next.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from lawkit import SIX_CLEARINGS, marquise_crafter

from rootgame import IllegalAction
from rootgame.cards import DECK as ALL_CARDS
from rootgame.cards import (
    DOMINANCE_IDS,
    ITEM_SUPPLY,
    N_CARDS,
    deck_ids,
    ids_for_key,
)
from rootgame.game import Game
from rootgame.position import build
from rootgame.rules.crafting import crafting_capacity

MARQUISE, EYRIE = 0, 1
DECK = tuple(ALL_CARDS[i] for i in deck_ids("base"))
"""The base deck (the Exiles and Partisans deck's own cards are tested in test_exiles.py)."""
KEYS = frozenset(c.key for c in DECK)

# --- The deck, transcribed from the card list (shared/rules/base-deck.json) -------------------
# (name, suit, copies, kind, cost, item, item VP)
DECK_LIST: list[tuple[str, str, int, str, tuple[str, ...], str | None, int]] = [
    ("Ambush!", "bird", 2, "ambush", (), None, 0),
    ("Dominance (bird)", "bird", 1, "dominance", (), None, 0),
    ("Armorers", "bird", 2, "persistent", ("fox",), None, 0),
    ("Brutal Tactics", "bird", 2, "persistent", ("fox", "fox"), None, 0),
    ("Sappers", "bird", 2, "persistent", ("mouse",), None, 0),
    ("Royal Claim", "bird", 1, "persistent", ("any", "any", "any", "any"), None, 0),
    ("Arms Trader", "bird", 1, "item", ("fox", "fox"), "sword", 2),
    ("Birdy Bindle", "bird", 1, "item", ("mouse",), "bag", 1),
    ("Crossbow", "bird", 1, "item", ("fox",), "crossbow", 1),
    ("Woodland Runners", "bird", 1, "item", ("rabbit",), "boot", 1),
    ("Ambush!", "fox", 1, "ambush", (), None, 0),
    ("Dominance (fox)", "fox", 1, "dominance", (), None, 0),
    ("Stand and Deliver!", "fox", 2, "persistent", ("mouse", "mouse", "mouse"), None, 0),
    ("Tax Collector", "fox", 3, "persistent", ("fox", "rabbit", "mouse"), None, 0),
    ("Favor of the Foxes", "fox", 1, "favor", ("fox", "fox", "fox"), None, 0),
    ("Anvil", "fox", 1, "item", ("fox",), "hammer", 2),
    ("Foxfolk Steel", "fox", 1, "item", ("fox", "fox"), "sword", 2),
    ("Gently Used Knapsack", "fox", 1, "item", ("mouse",), "bag", 1),
    ("Protection Racket", "fox", 1, "item", ("rabbit", "rabbit"), "coins", 3),
    ("Root Tea", "fox", 1, "item", ("mouse",), "tea", 2),
    ("Travel Gear", "fox", 1, "item", ("rabbit",), "boot", 1),
    ("Ambush!", "rabbit", 1, "ambush", (), None, 0),
    ("Dominance (rabbit)", "rabbit", 1, "dominance", (), None, 0),
    ("Better Burrow Bank", "rabbit", 2, "persistent", ("rabbit", "rabbit"), None, 0),
    ("Cobbler", "rabbit", 2, "persistent", ("rabbit", "rabbit"), None, 0),
    ("Command Warren", "rabbit", 2, "persistent", ("rabbit", "rabbit"), None, 0),
    ("Favor of the Rabbits", "rabbit", 1, "favor", ("rabbit", "rabbit", "rabbit"), None, 0),
    ("A Visit to Friends", "rabbit", 1, "item", ("rabbit",), "boot", 1),
    ("Bake Sale", "rabbit", 1, "item", ("rabbit", "rabbit"), "coins", 3),
    ("Root Tea", "rabbit", 1, "item", ("mouse",), "tea", 2),
    ("Smuggler's Trail", "rabbit", 1, "item", ("mouse",), "bag", 1),
    ("Ambush!", "mouse", 1, "ambush", (), None, 0),
    ("Dominance (mouse)", "mouse", 1, "dominance", (), None, 0),
    ("Codebreakers", "mouse", 2, "persistent", ("mouse",), None, 0),
    ("Scouting Party", "mouse", 2, "persistent", ("mouse", "mouse"), None, 0),
    ("Favor of the Mice", "mouse", 1, "favor", ("mouse", "mouse", "mouse"), None, 0),
    ("Crossbow", "mouse", 1, "item", ("fox",), "crossbow", 1),
    ("Investments", "mouse", 1, "item", ("rabbit", "rabbit"), "coins", 3),
    ("Mouse-in-a-Sack", "mouse", 1, "item", ("mouse",), "bag", 1),
    ("Root Tea", "mouse", 1, "item", ("mouse",), "tea", 2),
    ("Sword", "mouse", 1, "item", ("fox", "fox"), "sword", 2),
    ("Travel Gear", "mouse", 1, "item", ("rabbit",), "boot", 1),
]

ITEM_IDS = [c.id for c in DECK if c.kind == "item"]
PERSISTENT_KEYS = sorted({c.key for c in DECK if c.kind == "persistent"})
DUPLICATED_PERSISTENT = sorted(k for k in PERSISTENT_KEYS if len(ids_for_key(k)) >= 2)
UNCRAFTABLE_IDS = [c.id for c in DECK if c.kind in ("ambush", "dominance")]
def cid(key: str, n: int = 0) -> int:
    """The id of the ``n``-th copy of the card called ``key``."""
    return ids_for_key(key)[n]


def ident(c: int) -> str:
    return f"{c}-{DECK[c].key}"


ONE_PIECE_ITEM = {"fox": "anvil", "rabbit": "a-visit-to-friends", "mouse": "birdy-bindle",
                  "any": "anvil"}


def eyrie_crafter(hand: list[Any], leader: str = "charismatic", **extra: Any) -> Game:
    """The Eyrie in their craft step with a roost and a warrior in each of six clearings
    (two per suit); the Viziers of ``leader`` make the Decree a real decision afterwards."""
    desc: dict[str, Any] = {
        "turn": "eyrie",
        "at": "daylight:craft",
        "clearings": {c: {"eyrie": "roost 1w"} for c in SIX_CLEARINGS},
        "hands": {"eyrie": hand},
        "eyrie": {"leader": leader},
    }
    desc.update(extra)
    return build(desc)


def craft_action(g: Game, card: int) -> tuple[Any, ...]:
    """The first legal craft action for ``card`` (Royal Claim lists payment suits)."""
    acts = [a for a in g.legal_actions() if a[0] == "craft" and a[1] == card]
    assert acts, f"{DECK[card].name} is not craftable here: {g.explain(('craft', card))}"
    return acts[0]


# === 2.1 The deck data ========================================================================


def test_2_1_deck_has_54_cards_with_ids_0_to_53() -> None:
    assert [c.id for c in DECK] == list(range(54))
    # The Exiles and Partisans deck's 25 own cards follow (test_exiles.py).
    assert N_CARDS == 54 + 25


def test_2_1_suit_counts() -> None:
    assert Counter(c.suit for c in DECK) == {"bird": 14, "fox": 14, "rabbit": 13, "mouse": 13}


def test_2_1_kind_counts() -> None:
    assert Counter(c.kind for c in DECK) == {
        "ambush": 5, "dominance": 4, "persistent": 22, "item": 20, "favor": 3,
    }


def test_2_1_2_five_ambush_cards_one_per_suit_and_two_birds() -> None:
    assert Counter(c.suit for c in DECK if c.kind == "ambush") == {
        "bird": 2, "fox": 1, "rabbit": 1, "mouse": 1,
    }


def test_2_1_3_four_dominance_cards_one_per_suit() -> None:
    assert sorted(DECK[c].suit for c in DOMINANCE_IDS) == ["bird", "fox", "mouse", "rabbit"]
    assert all(DECK[c].kind == "dominance" for c in DOMINANCE_IDS)


def test_4_1_2_item_cards_per_item() -> None:
    assert Counter(c.item for c in DECK if c.kind == "item") == {
        "boot": 4, "bag": 4, "sword": 3, "coins": 3, "tea": 3, "crossbow": 2, "hammer": 1,
    }
    assert all(c.item is None for c in DECK if c.kind != "item")


def test_5_1_5_item_supply_at_setup() -> None:
    assert ITEM_SUPPLY == {
        "boot": 2, "bag": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2, "coins": 2,
    }


def test_3_2_2_item_vp_fixed_per_item_type() -> None:
    vp = {"boot": 1, "bag": 1, "crossbow": 1, "sword": 2, "hammer": 2, "tea": 2, "coins": 3}
    for c in DECK:
        if c.kind == "item":
            assert c.item is not None
            assert c.vp == vp[c.item], c.name


@pytest.mark.parametrize(
    "row", DECK_LIST, ids=[f"{r[0]}-{r[1]}" for r in DECK_LIST]
)
def test_2_1_every_card_matches_the_card_list(
    row: tuple[str, str, int, str, tuple[str, ...], str | None, int],
) -> None:
    name, suit, copies, kind, cost, item, vp = row
    ids = [c.id for c in DECK if c.name == name and c.suit == suit]
    assert len(ids) == copies
    for i in ids:
        c = DECK[i]
        assert (c.kind, c.cost, c.item, c.vp) == (kind, cost, item, vp)
        assert c.craftable == (kind not in ("ambush", "dominance"))


def test_2_1_card_list_covers_the_whole_deck() -> None:
    assert sum(r[2] for r in DECK_LIST) == 54
    assert Counter((c.name, c.suit) for c in DECK) == {(r[0], r[1]): r[2] for r in DECK_LIST}


def test_card_keys_unique_per_distinct_card() -> None:
    by_key: dict[str, set[tuple[str, str]]] = {}
    for c in DECK:
        by_key.setdefault(c.key, set()).add((c.name, c.suit))
    assert all(len(v) == 1 for v in by_key.values())
    assert len(KEYS) == len(DECK_LIST) == 42
    # Cards whose name is shared by several suits carry the suit in the key.
    assert {c.key for c in DECK if c.name == "Root Tea"} == {
        "root-tea:fox", "root-tea:rabbit", "root-tea:mouse",
    }
    assert {c.key for c in DECK if c.name == "Anvil"} == {"anvil"}


@pytest.mark.parametrize(
    ("key", "count", "names"),
    [
        ("tax-collector", 3, {"Tax Collector"}),
        ("stand-and-deliver", 2, {"Stand and Deliver!"}),
        ("ambush:bird", 2, {"Ambush!"}),
        ("ambush", 5, {"Ambush!"}),
        ("root-tea", 3, {"Root Tea"}),
        ("Root Tea", 3, {"Root Tea"}),
        ("crossbow:mouse", 1, {"Crossbow"}),
        ("dominance", 4, {"Dominance (bird)", "Dominance (fox)", "Dominance (rabbit)",
                          "Dominance (mouse)"}),
        ("Smuggler's Trail", 1, {"Smuggler's Trail"}),
        ("no-such-card", 0, set()),
    ],
)
def test_ids_for_key(key: str, count: int, names: set[str]) -> None:
    ids = ids_for_key(key)
    assert len(ids) == count
    assert len(set(ids)) == count
    assert {DECK[i].name for i in ids} == names


def test_ids_for_key_suit_keys_pick_the_suit() -> None:
    assert [DECK[i].suit for i in ids_for_key("travel-gear:mouse")] == ["mouse"]
    assert [DECK[i].suit for i in ids_for_key("dominance:rabbit")] == ["rabbit"]


# === 4.1 Crafting items =====================================================================


@pytest.mark.parametrize("card", ITEM_IDS, ids=ident)
def test_4_1_2_marquise_crafts_item_card(card: int) -> None:
    c = DECK[card]
    assert c.item is not None
    g = marquise_crafter([card])
    assert g.decision == "craft"
    assert ("craft", card) in g.legal_actions()
    g.apply(("craft", card))
    s = g.state
    assert s.items[c.item] == ITEM_SUPPLY[c.item] - 1
    assert s.seats[MARQUISE].items == [c.item]
    assert s.seats[MARQUISE].vp == c.vp  # 3.2.2: the VP printed on the card
    assert s.vp_log[-1] == (MARQUISE, c.vp, "crafted " + c.item)
    assert s.seats[MARQUISE].hand == []
    assert s.discard == [card]
    assert s.turn["craft_used"] == dict(Counter(c.cost))
    assert g.decision == "cat_actions"


@pytest.mark.parametrize("card", ITEM_IDS, ids=ident)
@pytest.mark.parametrize("leader", ["charismatic", "builder"])
def test_7_2_3_eyrie_crafts_item_card(card: int, leader: str) -> None:
    c = DECK[card]
    assert c.item is not None
    g = eyrie_crafter([card], leader=leader)
    assert ("craft", card) in g.legal_actions()
    g.apply(("craft", card))
    s = g.state
    assert s.items[c.item] == ITEM_SUPPLY[c.item] - 1
    assert s.seats[EYRIE].items == [c.item]
    # 7.2.3 Disdain for Trade: 1 VP per item; the Builder scores the card's VP (7.8.1).
    assert s.seats[EYRIE].vp == (c.vp if leader == "builder" else 1)
    assert s.discard == [card]
    assert s.seats[EYRIE].hand == []
    assert g.decision == "decree"


@pytest.mark.parametrize("card", ITEM_IDS, ids=ident)
def test_4_1_2_item_supply_limits_crafting(card: int) -> None:
    c = DECK[card]
    assert c.item is not None
    supply = dict(ITEM_SUPPLY)
    supply[c.item] = 0
    # Royal Claim keeps the craft decision open (it is craftable with any four workshops).
    g = marquise_crafter([card, "royal-claim"], items=supply)
    assert g.decision == "craft"
    assert not any(a[0] == "craft" and a[1] == card for a in g.legal_actions())
    why = g.explain(("craft", card))
    assert f"no {c.item} is left in the item supply (4.1.2)" in why
    with pytest.raises(IllegalAction):
        g.apply(("craft", card))
    assert g.state.seats[MARQUISE].hand == [card, cid("royal-claim")]


@pytest.mark.parametrize("card", ITEM_IDS, ids=ident)
def test_4_1_1_crafting_needs_pieces_of_the_cost_suit(card: int) -> None:
    c = DECK[card]
    other = tuple(s for s in ("fox", "rabbit", "mouse") if s not in c.cost)
    g = marquise_crafter([card, "royal-claim"], suits=other)
    assert g.decision == "craft"
    assert not any(a[0] == "craft" and a[1] == card for a in g.legal_actions())
    assert "you lack unused crafting pieces" in g.explain(("craft", card))


def test_4_1_1_each_crafting_piece_once_per_turn() -> None:
    # One fox workshop (clearing 1) and two rabbit ones: after the Anvil, no fox piece is left.
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:craft",
            "clearings": {"1": {"marquise": "workshop 2w keep"},
                          "4": {"marquise": "workshop"}, "5": {"marquise": "workshop"}},
            "hands": {"marquise": ["anvil", "crossbow:bird", "bake-sale"]},
        }
    )
    assert ("craft", cid("crossbow:bird")) in g.legal_actions()
    g.apply(("craft", cid("anvil")))
    assert g.decision == "craft"
    assert g.legal_actions() == [("craft", cid("bake-sale")), ("done",)]
    assert "you lack unused crafting pieces" in g.explain(("craft", cid("crossbow:bird")))


def test_4_1_1_a_piece_removed_after_it_crafted_takes_no_unused_piece_along() -> None:
    """The Alliance crafts with its fox sympathy token, then loses it in a League of
    Adventurous Mice battle (its Daylight goes on): its activation is counted against the
    pieces left, so the rabbit token still crafts and nothing is short (ruling 407; before,
    a KeyError 'any' ended the game)."""
    g = build(
        {
            "factions": ["marquise", "eyrie", "alliance"],
            "shared_deck": "exiles",
            "turn": "alliance",
            "at": "daylight:actions",
            "clearings": {"1": {"alliance": "1w sympathy", "eyrie": "3w"},
                          "4": {"alliance": "sympathy"}},
            "hands": {"alliance": ["anvil", "crossbow:mouse", "a-visit-to-friends"]},
            "crafted": {"alliance": ["boot"]},
            "persistent": {"alliance": ["league-of-adventurous-mice"]},
            "dice": [[2, 2]],
        }
    )
    g.apply(("craft", cid("anvil")))
    g.apply(("league", "battle"))  # clearing 1: the Eyrie's two hits take both pieces
    assert g.state.warriors[1][2] == 0 and g.state.tokens[1] == ()
    assert g.decision == "ally_actions" and g.state.turn["craft_used"] == {"fox": 1}
    assert crafting_capacity(g.state, 2) == {"fox": 0, "rabbit": 1, "mouse": 0}
    crafts = [a for a in g.legal_actions() if a[0] == "craft"]
    assert crafts == [("craft", cid("a-visit-to-friends"))]


def test_4_1_2_second_copy_of_an_item_empties_supply() -> None:
    # Hammer supply is 1: after the Anvil, nothing else needs a hammer; crossbow supply is 1.
    g = marquise_crafter(["crossbow:bird", "crossbow:mouse", "royal-claim"])
    g.apply(("craft", cid("crossbow:bird")))
    assert g.state.items["crossbow"] == 0
    assert g.state.seats[MARQUISE].items == ["crossbow"]
    assert not any(a[1] == cid("crossbow:mouse") for a in g.legal_actions() if a[0] == "craft")
    assert "no crossbow is left" in g.explain(("craft", cid("crossbow:mouse")))


# === 4.1.3-4.1.4 Persistent cards ===========================================================


@pytest.mark.parametrize("key", PERSISTENT_KEYS)
def test_4_1_3_crafting_persistent_card_goes_to_play_area(key: str) -> None:
    card = cid(key)
    g = marquise_crafter([card], cost=DECK[card].cost)
    g.apply(craft_action(g, card))
    s = g.state
    assert s.seats[MARQUISE].persistent == [card]
    assert s.seats[MARQUISE].hand == []
    assert s.discard == []
    assert s.seats[MARQUISE].vp == 0
    assert s.items == ITEM_SUPPLY
    assert sum(s.turn["craft_used"].values()) == len(DECK[card].cost)


@pytest.mark.parametrize("key", DUPLICATED_PERSISTENT)
def test_4_1_4_persistent_card_cannot_be_crafted_twice(key: str) -> None:
    first, second = cid(key, 0), cid(key, 1)
    # An item card costing one of the same pieces keeps the craft decision open.
    keeper = cid(ONE_PIECE_ITEM[DECK[second].cost[0]])
    g = marquise_crafter(
        [second, keeper], cost=DECK[second].cost, persistent={"marquise": [first]}
    )
    assert g.decision == "craft"
    assert [a for a in g.legal_actions() if a[0] == "craft"] == [("craft", keeper)]
    assert not any(a[0] == "craft" and a[1] == second for a in g.legal_actions())
    why = g.explain(("craft", second))
    assert f"you already have {DECK[first].name} in your play area (4.1.4)" in why


@pytest.mark.parametrize("key", DUPLICATED_PERSISTENT)
def test_4_1_4_other_player_may_hold_the_same_persistent_card(key: str) -> None:
    first, second = cid(key, 0), cid(key, 1)
    g = marquise_crafter([second], cost=DECK[second].cost, persistent={"eyrie": [first]})
    g.apply(craft_action(g, second))
    assert g.state.seats[MARQUISE].persistent == [second]
    assert g.state.seats[EYRIE].persistent == [first]


def test_4_1_4_two_copies_in_hand_only_one_can_be_crafted() -> None:
    a, b = cid("armorers", 0), cid("armorers", 1)
    g = marquise_crafter([a, b, "bake-sale"])
    assert [x for x in g.legal_actions() if x[0] == "craft"] == [
        ("craft", a), ("craft", b), ("craft", cid("bake-sale")),
    ]
    g.apply(("craft", a))
    assert [x for x in g.legal_actions() if x[0] == "craft"] == [("craft", cid("bake-sale"))]
    assert "(4.1.4)" in g.explain(("craft", b))


def test_4_1_3_different_persistent_cards_coexist() -> None:
    g = marquise_crafter(["sappers"], persistent={"marquise": ["armorers", "brutal-tactics"]})
    g.apply(("craft", cid("sappers")))
    assert g.state.seats[MARQUISE].persistent == [
        cid("armorers"), cid("brutal-tactics"), cid("sappers"),
    ]


def test_4_1_3_eyrie_crafts_persistent_card_with_roosts() -> None:
    g = eyrie_crafter(["brutal-tactics", "scouting-party"])
    g.apply(("craft", cid("brutal-tactics")))
    g.apply(("craft", cid("scouting-party")))
    s = g.state
    assert s.seats[EYRIE].persistent == [cid("brutal-tactics"), cid("scouting-party")]
    assert s.seats[EYRIE].vp == 0
    assert s.turn["craft_used"] == {"fox": 2, "mouse": 2}
    assert g.decision == "decree"


def test_card_royal_claim_craft_options_list_payment_suits() -> None:
    rc = cid("royal-claim")
    g = marquise_crafter([rc])
    crafts = sorted(a for a in g.legal_actions() if a[0] == "craft")
    # Two workshops per suit: every choice of four suits with at most two of each.
    assert crafts == sorted(
        [
            ("craft", rc, "fox", "fox", "mouse", "mouse"),
            ("craft", rc, "fox", "fox", "mouse", "rabbit"),
            ("craft", rc, "fox", "fox", "rabbit", "rabbit"),
            ("craft", rc, "fox", "mouse", "mouse", "rabbit"),
            ("craft", rc, "fox", "mouse", "rabbit", "rabbit"),
            ("craft", rc, "mouse", "mouse", "rabbit", "rabbit"),
        ]
    )
    assert ("craft", rc) not in g.legal_actions()


def test_card_royal_claim_payment_activates_the_chosen_pieces() -> None:
    rc = cid("royal-claim")
    g = marquise_crafter([rc, "bake-sale", "anvil"])
    g.apply(f"craft {rc} fox fox mouse mouse")
    assert g.state.turn["craft_used"] == {"fox": 2, "mouse": 2}
    assert g.state.seats[MARQUISE].persistent == [rc]
    # Both rabbit workshops are still unused: Bake Sale is craftable, the Anvil is not.
    assert g.legal_actions() == [("craft", cid("bake-sale")), ("done",)]


def test_card_royal_claim_needs_four_crafting_pieces() -> None:
    rc = cid("royal-claim")
    g = marquise_crafter([rc, "anvil"], suits=("fox", "mouse"))
    assert len([a for a in g.legal_actions() if a[0] == "craft" and a[1] == rc]) == 1
    g = marquise_crafter([rc, "anvil"], suits=("fox",))
    assert not any(a[0] == "craft" and a[1] == rc for a in g.legal_actions())
    assert "you lack unused crafting pieces" in g.explain(("craft", rc))


# === 2.1.2-2.1.3 Ambush and dominance cards are never crafted =================================


@pytest.mark.parametrize("card", UNCRAFTABLE_IDS, ids=ident)
def test_2_1_2_ambush_and_dominance_cards_not_craftable(card: int) -> None:
    g = marquise_crafter([card, "bake-sale"])
    assert g.decision == "craft"
    assert not any(a[0] == "craft" and a[1] == card for a in g.legal_actions())
    assert "can never be crafted" in g.explain(("craft", card))
    with pytest.raises(IllegalAction):
        g.apply(("craft", card))


# === 3.3 Dominance cards ====================================================================


def test_3_3_3_dominance_discarded_to_hand_limit_becomes_available() -> None:
    dom = cid("dominance:fox")
    hand = [dom, "anvil", "sappers", "cobbler", "bake-sale"]
    g = build(
        {
            "turn": "marquise",
            "at": "evening:draw",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"marquise": hand},
            "deck": ["armorers"],
        }
    )
    assert g.decision == "discard"
    g.apply(("discard", dom))
    s = g.state
    assert s.available_dominance == [dom]
    assert dom not in s.discard
    assert s.discard == []
    assert len(s.seats[MARQUISE].hand) == 5


def test_3_3_3_dominance_spent_as_bird_for_an_action_becomes_available() -> None:
    dom = cid("dominance:bird")
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:actions",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"marquise": [dom]},
        }
    )
    assert ("bird", dom) in g.legal_actions()
    g.apply(("bird", dom))
    s = g.state
    assert s.turn["actions"] == 4
    assert s.available_dominance == [dom]
    assert s.discard == []


def test_3_3_3_dominance_spent_for_field_hospitals_becomes_available() -> None:
    dom = cid("dominance:fox")
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:craft",
            "clearings": {"1": {"marquise": "2w keep"}, "8": {"marquise": "1w"}},
            "persistent": {"marquise": ["tax-collector"]},
            "hands": {"marquise": [dom]},
            "deck": ["bake-sale"],
        }
    )
    g.apply("tax-collector 8")
    assert g.legal_actions() == [("hospital", dom), ("pass",)]
    g.apply(("hospital", dom))
    s = g.state
    assert s.available_dominance == [dom]
    assert s.discard == []
    assert s.warriors[1][MARQUISE] == 3


def test_3_3_3_dominance_purged_from_decree_becomes_available() -> None:
    dom = cid("dominance:rabbit")
    # A rabbit Recruit card with no rabbit roost cannot be carried out: turmoil purges it.
    g = build(
        {
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {"2": {"eyrie": "1w roost"}, "7": {"eyrie": "1w roost"}},
            "vp": {"eyrie": 5},
            "eyrie": {"leader": "despot", "decree": {"recruit": [dom, "anvil"],
                                                     "move": ["vizier"], "build": ["vizier"]}},
        }
    )
    # Both Recruit cards are impossible (no fox or rabbit roost): a single turmoil action,
    # which is forced, so the Eyrie fell into turmoil by themselves.
    s = g.state
    assert s.available_dominance == [dom]
    assert s.discard == [cid("anvil")]
    assert s.seats[EYRIE].vp == 5 - 2  # humiliated by the two Viziers
    assert g.decision == "eyrie_leader"


def test_3_3_4_take_available_dominance_by_spending_matching_card() -> None:
    dom = cid("dominance:mouse")
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:actions",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"marquise": ["codebreakers", "anvil", "armorers"]},
            "available_dominance": [dom],
        }
    )
    takes = [a for a in g.legal_actions() if a[0] == "take-dominance"]
    # A mouse card or a bird card (wild), never the fox Anvil.
    assert takes == [
        ("take-dominance", dom, cid("codebreakers")),
        ("take-dominance", dom, cid("armorers")),
    ]
    g.apply(("take-dominance", dom, cid("codebreakers")))
    s = g.state
    assert s.available_dominance == []
    assert s.seats[MARQUISE].hand == [cid("anvil"), cid("armorers"), dom]
    assert s.discard == [cid("codebreakers")]


def test_3_3_4_available_bird_dominance_needs_a_bird_card() -> None:
    dom = cid("dominance:bird")
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:actions",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"marquise": ["codebreakers", "anvil", "armorers"]},
            "available_dominance": [dom],
        }
    )
    takes = [a for a in g.legal_actions() if a[0] == "take-dominance"]
    assert takes == [("take-dominance", dom, cid("armorers"))]


@pytest.mark.parametrize("vp", [9, 10])
def test_3_3_1_activate_dominance_needs_ten_vp(vp: int) -> None:
    dom = cid("dominance:fox")
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:actions",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"marquise": [dom]},
            "vp": {"marquise": vp},
        }
    )
    assert (("dominance", dom) in g.legal_actions()) == (vp >= 10)
    if vp >= 10:
        g.apply(("dominance", dom))
        s = g.state
        assert s.seats[MARQUISE].dominance == dom
        assert s.seats[MARQUISE].hand == []
        assert s.available_dominance == [] and s.discard == []
