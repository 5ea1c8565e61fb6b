"""The 54-card base deck (Law 2.1, 3.3, 4.1, 4.3.1) and every card's effect.

Each test builds a position with ``rootgame.position.build`` and asserts the exact outcome:
pieces, VP, cards, item supply, and whose decision comes next.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rootgame import IllegalAction
from rootgame.board import load_board
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
FAVOR_KEYS = ["favor-of-the-foxes", "favor-of-the-rabbits", "favor-of-the-mice"]
SUIT_CLEARINGS = {"fox": (1, 6, 8, 12), "rabbit": (3, 4, 5, 10), "mouse": (2, 7, 9, 11)}
"""Autumn clearings by suit; 6, 10, 11 and 12 start with a ruin."""


def cid(key: str, n: int = 0) -> int:
    """The id of the ``n``-th copy of the card called ``key``."""
    return ids_for_key(key)[n]


def ident(c: int) -> str:
    return f"{c}-{DECK[c].key}"


# Two workshops (or roosts) in each suit: fox 1 and 8, rabbit 4 and 5, mouse 2 and 9.
SIX_CLEARINGS = ("1", "8", "4", "5", "2", "9")
COST_CLEARINGS = {"fox": ["1", "8", "6"], "rabbit": ["4", "5", "3"], "mouse": ["2", "9", "7"],
                  "any": ["1", "4", "2", "8"]}
"""Clearings for one workshop per cost icon (at most 3 of a suit, or 4 "any")."""
ONE_PIECE_ITEM = {"fox": "anvil", "rabbit": "a-visit-to-friends", "mouse": "birdy-bindle",
                  "any": "anvil"}


def marquise_crafter(
    hand: list[Any],
    *,
    suits: tuple[str, ...] = ("fox", "rabbit", "mouse"),
    cost: tuple[str, ...] | None = None,
    **extra: Any,
) -> Game:
    """The Marquise in her craft step with two workshops per suit in ``suits`` (or, given
    ``cost``, one workshop per icon of that cost), the keep and two warriors in clearing 1
    (so her action step is a real decision afterwards)."""
    clearings: dict[str, dict[str, str]] = {}
    suit_of = load_board("autumn").suit
    if cost is None:
        for c in SIX_CLEARINGS:
            if suit_of[int(c)] in suits:
                clearings[c] = {"marquise": "workshop"}
    else:
        for s, n in Counter(cost).items():
            for c in COST_CLEARINGS[s][:n]:
                clearings[c] = {"marquise": "workshop"}
    clearings.setdefault("1", {"marquise": ""})
    clearings["1"]["marquise"] = (clearings["1"]["marquise"] + " 2w keep").strip()
    desc: dict[str, Any] = {
        "turn": "marquise",
        "at": "daylight:craft",
        "clearings": clearings,
        "hands": {"marquise": hand},
    }
    desc.update(extra)
    return build(desc)


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


def cat_attacks(
    *,
    hands: dict[str, list[Any]] | None = None,
    persistent: dict[str, list[Any]] | None = None,
    dice: list[list[int]] | None = None,
    cats: int = 3,
    birds: str = "3w roost",
    **extra: Any,
) -> Game:
    """The Marquise (``cats`` warriors) in her action step, battling the Eyrie in clearing 8
    (fox). Her keep and two warriors are in clearing 1."""
    desc: dict[str, Any] = {
        "turn": "marquise",
        "at": "daylight:actions",
        "clearings": {
            "1": {"marquise": "2w keep"},
            "8": {"marquise": f"{cats}w", "eyrie": birds},
        },
        "hands": hands or {},
        "persistent": persistent or {},
        "dice": dice or [],
    }
    desc.update(extra)
    g = build(desc)
    assert g.decision == "cat_actions"
    g.apply("battle 8 1")
    return g


def eyrie_attacks(
    *,
    hands: dict[str, list[Any]] | None = None,
    persistent: dict[str, list[Any]] | None = None,
    dice: list[list[int]] | None = None,
) -> Game:
    """The Eyrie (3 warriors) resolving a fox Battle card of the Decree in clearing 8 against
    three Marquise warriors and a sawmill. Both Viziers wait in the Build column, where the
    Eyrie can build in 2 or 9 (so the Decree stays a real decision after the battle)."""
    return build(
        {
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {
                "1": {"marquise": "1w keep"},
                "8": {"marquise": "3w sawmill", "eyrie": "3w"},
                "2": {"eyrie": "1w"},
                "9": {"eyrie": "1w"},
            },
            "hands": hands or {},
            "persistent": persistent or {},
            "dice": dice or [],
            "eyrie": {"leader": "builder", "decree": {"battle": ["anvil"],
                                                      "build": ["vizier", "vizier"]}},
        }
    )


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


# === Favors ==================================================================================


@pytest.mark.parametrize("key", FAVOR_KEYS)
def test_card_favor_removes_enemy_pieces_in_clearings_of_its_suit(key: str) -> None:
    card = cid(key)
    suit = DECK[card].suit
    a, b, c, d = SUIT_CLEARINGS[suit]
    outside = {"fox": 3, "rabbit": 2, "mouse": 1}[suit]  # a clearing of another suit
    clearings: dict[str, dict[str, str]] = {
        str(a): {"marquise": "workshop 2w", "eyrie": "2w"},
        str(b): {"marquise": "workshop", "eyrie": "2w"},
        str(c): {"marquise": "workshop", "eyrie": "2w"},
        str(d): {"eyrie": "roost 2w"},
        str(outside): {"eyrie": "roost 3w"},
    }
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:craft",
            "clearings": clearings,
            "hands": {"marquise": [card]},
        }
    )
    assert g.legal_actions() == [("craft", card), ("done",)]
    g.apply(("craft", card))
    s = g.state
    for x in (a, b, c, d):
        assert s.warriors[x][EYRIE] == 0
        assert (EYRIE, "roost") not in s.buildings[x]
    # Her own pieces stay; ruins stay (2.2.4).
    assert s.warriors[a][MARQUISE] == 2
    assert all((MARQUISE, "workshop") in s.buildings[x] for x in (a, b, c))
    for x in (a, b, c, d):
        assert ((-1, "ruin") in s.buildings[x]) == (x in (6, 10, 11, 12))
    # The clearing of another suit is untouched.
    assert s.warriors[outside][EYRIE] == 3
    assert s.buildings[outside] == ((EYRIE, "roost"),)
    # 3.2.1: one VP per building or token removed (the roost), none for warriors.
    assert s.seats[MARQUISE].vp == 1
    assert s.fs[EYRIE].warriors == 20 - 3
    assert s.fs[EYRIE].roosts == 7 - 1
    assert s.discard == [card]
    assert s.seats[MARQUISE].persistent == []


def test_card_favor_of_the_foxes_removes_the_keep_no_field_hospitals() -> None:
    g = build(
        {
            "turn": "eyrie",
            "at": "daylight:craft",
            "clearings": {
                "1": {"marquise": "2w keep"},
                "8": {"eyrie": "roost 1w"},
                "6": {"eyrie": "roost 1w"},
                "12": {"eyrie": "roost 1w"},
                "2": {"eyrie": "roost 1w"},
            },
            "hands": {"eyrie": ["favor-of-the-foxes"], "marquise": ["anvil"]},
            "eyrie": {"leader": "charismatic"},
        }
    )
    g.apply(("craft", cid("favor-of-the-foxes")))
    s = g.state
    assert s.tokens[1] == ()
    assert s.fs[MARQUISE].keep == 0
    assert s.warriors[1][MARQUISE] == 0
    assert s.seats[EYRIE].vp == 1  # the keep is a token (3.2.1)
    # The keep is gone, so Field Hospitals cannot save the warriors (6.2.3).
    assert g.decision == "decree"
    assert s.seats[MARQUISE].hand == [cid("anvil")]


def test_card_favor_of_the_rabbits_eyrie_scores_buildings_and_tokens() -> None:
    g = build(
        {
            "turn": "eyrie",
            "at": "daylight:craft",
            "clearings": {
                "1": {"marquise": "1w keep"},
                "3": {"eyrie": "roost 1w"},
                "4": {"eyrie": "roost 1w"},
                "5": {"eyrie": "roost 1w", "marquise": "2w workshop"},
                "10": {"marquise": "1w sawmill wood"},
                "9": {"marquise": "1w recruiter wood"},
            },
            "hands": {"eyrie": ["favor-of-the-rabbits"]},
            "eyrie": {"leader": "charismatic"},
        }
    )
    g.apply(("craft", cid("favor-of-the-rabbits")))
    s = g.state
    # Workshop, sawmill and a wood: 3 VP. The mouse clearing 9 is untouched.
    assert s.seats[EYRIE].vp == 3
    assert s.buildings[5] == ((EYRIE, "roost"),)
    assert s.buildings[10] == ((-1, "ruin"),)
    assert s.tokens[10] == ()
    assert s.warriors[5][MARQUISE] == 0 and s.warriors[10][MARQUISE] == 0
    assert s.buildings[9] == ((MARQUISE, "recruiter"),) and s.tokens[9] == ((MARQUISE, "wood"),)
    assert s.fs[MARQUISE].track["workshop"] == 6 and s.fs[MARQUISE].track["sawmill"] == 6
    assert s.fs[MARQUISE].wood == 7
    assert s.fs[MARQUISE].warriors == 25 - 2
    # The keep (fox clearing 1) stays.
    assert s.tokens[1] == ((MARQUISE, "keep"),)
    assert [s.warriors[x][EYRIE] for x in (3, 4, 5)] == [1, 1, 1]


def test_6_2_3_favor_triggers_field_hospitals_per_clearing() -> None:
    g = build(
        {
            "turn": "eyrie",
            "at": "daylight:craft",
            "clearings": {
                "1": {"marquise": "1w keep"},
                "3": {"eyrie": "roost 1w"},
                "4": {"eyrie": "roost 1w"},
                "5": {"eyrie": "roost 1w", "marquise": "2w"},
                "10": {"marquise": "3w"},
            },
            "hands": {"eyrie": ["favor-of-the-rabbits"],
                      "marquise": ["bake-sale", "ambush:bird", "anvil"]},
            "eyrie": {"leader": "charismatic"},
        }
    )
    g.apply(("craft", cid("favor-of-the-rabbits")))
    assert g.state.seats[EYRIE].vp == 0  # warriors score nothing (3.2.1)
    # One Field Hospitals decision per clearing: rabbit or bird cards, never the fox Anvil.
    assert g.decision == "field_hospital"
    assert g.current_seat == MARQUISE
    first = g.state.stack[-1].data
    assert g.legal_actions() == [
        ("hospital", cid("bake-sale")), ("hospital", cid("ambush:bird")), ("pass",),
    ]
    g.apply(("hospital", cid("bake-sale")))
    assert g.decision == "field_hospital"
    second = g.state.stack[-1].data
    assert {first["c"], second["c"]} == {5, 10}
    assert {first["c"]: first["n"], second["c"]: second["n"]} == {5: 2, 10: 3}
    g.apply(("hospital", cid("ambush:bird")))
    s = g.state
    assert s.warriors[1][MARQUISE] == 1 + 2 + 3
    assert s.warriors[5][MARQUISE] == 0 and s.warriors[10][MARQUISE] == 0
    assert s.seats[MARQUISE].hand == [cid("anvil")]
    assert s.discard == [cid("favor-of-the-rabbits"), cid("bake-sale"), cid("ambush:bird")]
    assert g.decision == "decree"


# === 4.3.1 Ambush cards ======================================================================


def test_4_3_1_ambush_deals_two_hits_then_discarded() -> None:
    amb = cid("ambush:fox")
    g = cat_attacks(hands={"eyrie": [amb]}, dice=[[3, 0]])
    assert g.decision == "ambush"
    assert g.current_seat == EYRIE
    assert g.legal_actions() == [("ambush", amb), ("pass",)]
    g.apply(("ambush", amb))
    s = g.state
    # Two hits on the attacker, then the dice: 3 rolled but only 1 warrior left (4.3.2.I).
    assert s.warriors[8][MARQUISE] == 1
    assert s.warriors[8][EYRIE] == 2
    assert s.buildings[8] == ((EYRIE, "roost"),)
    assert s.discard == [amb]
    assert s.seats[EYRIE].hand == []
    assert s.seats[EYRIE].vp == 0
    assert g.decision == "cat_actions"


def test_4_3_1_ii_ambush_ends_battle_when_attacker_wiped_out() -> None:
    amb = cid("ambush:bird")
    g = cat_attacks(hands={"eyrie": [amb]}, dice=[[3, 3]], cats=2)
    g.apply(("ambush", amb))
    s = g.state
    assert s.warriors[8][MARQUISE] == 0
    assert s.warriors[8][EYRIE] == 3
    assert s.dice == [(3, 3)]  # no dice were rolled
    assert g.decision == "cat_actions"


def test_4_3_1_defender_may_pass_on_ambush() -> None:
    amb = cid("ambush:fox")
    g = cat_attacks(hands={"eyrie": [amb]}, dice=[[1, 1]])
    g.apply("pass")
    s = g.state
    assert s.warriors[8] == (2, 2)
    assert s.seats[EYRIE].hand == [amb]
    assert s.discard == []


@pytest.mark.parametrize(
    ("key", "offered"),
    [("ambush:bird", True), ("ambush:fox", True), ("ambush:rabbit", False),
     ("ambush:mouse", False)],
)
def test_4_3_1_ambush_must_match_the_clearing(key: str, offered: bool) -> None:
    amb = cid(key)
    g = cat_attacks(hands={"eyrie": [amb]}, dice=[[1, 0]])
    # The Eyrie hold a card, so the window opens either way (1.2.1) ...
    assert g.decision == "ambush"
    assert g.current_seat == EYRIE
    if offered:
        assert g.legal_actions() == [("ambush", amb), ("pass",)]
    else:
        # ... but an ambush of another suit cannot be played: only "pass".
        assert g.legal_actions() == [("pass",)]
        with pytest.raises(IllegalAction):
            g.apply(("ambush", amb))
    g.apply("pass")
    assert g.decision == "cat_actions"
    assert g.state.warriors[8] == (3, 2)
    assert g.state.seats[EYRIE].hand == [amb]


def test_4_3_1_i_attacker_foils_ambush_both_discarded() -> None:
    theirs, mine = cid("ambush:fox"), cid("ambush:bird")
    g = cat_attacks(hands={"eyrie": [theirs], "marquise": [mine]}, dice=[[0, 0]])
    g.apply(("ambush", theirs))
    assert g.decision == "foil_ambush"
    assert g.current_seat == MARQUISE
    assert g.legal_actions() == [("ambush", mine), ("pass",)]
    g.apply(("ambush", mine))
    s = g.state
    assert s.warriors[8] == (3, 3)
    assert s.discard == [theirs, mine]
    assert s.seats[MARQUISE].hand == [] and s.seats[EYRIE].hand == []


def test_4_3_1_i_attacker_declines_to_foil_takes_two_hits() -> None:
    theirs, mine = cid("ambush:bird", 0), cid("ambush:bird", 1)
    g = cat_attacks(hands={"eyrie": [theirs], "marquise": [mine]}, dice=[[0, 0]])
    g.apply(("ambush", theirs))
    g.apply("pass")
    s = g.state
    assert s.warriors[8] == (1, 3)
    assert s.seats[MARQUISE].hand == [mine]
    assert s.discard == [theirs]


def test_4_3_1_i_foil_needs_a_matching_ambush() -> None:
    theirs, mine = cid("ambush:fox"), cid("ambush:mouse")
    g = cat_attacks(hands={"eyrie": [theirs], "marquise": [mine]}, dice=[[0, 0]])
    g.apply(("ambush", theirs))
    # The Marquise holds a card, so she is asked (1.2.1), but the mouse ambush does not match
    # fox clearing 8: she can only pass, and takes the two hits.
    assert g.decision == "foil_ambush"
    assert g.current_seat == MARQUISE
    assert g.legal_actions() == [("pass",)]
    with pytest.raises(IllegalAction):
        g.apply(("ambush", mine))
    g.apply("pass")
    assert g.state.warriors[8] == (1, 3)
    # Field Hospitals open for the same reason, again with nothing to spend.
    assert g.decision == "field_hospital"
    assert g.legal_actions() == [("pass",)]
    g.apply("pass")
    assert g.decision == "cat_actions"
    assert g.state.warriors[8] == (1, 3)
    assert g.state.seats[MARQUISE].hand == [mine]
    assert g.state.discard == [theirs]


def test_card_scouting_party_attacker_ignores_ambushes() -> None:
    amb = cid("ambush:fox")
    g = cat_attacks(
        hands={"eyrie": [amb]}, persistent={"marquise": ["scouting-party"]}, dice=[[2, 1]]
    )
    # No ambush decision: the battle went straight to the dice.
    assert g.decision == "cat_actions"
    assert "ambush" not in [f.kind for f in g.state.stack]
    s = g.state
    assert s.warriors[8] == (2, 1)
    assert s.seats[EYRIE].hand == [amb]
    assert s.seats[MARQUISE].persistent == [cid("scouting-party")]


def test_card_scouting_party_does_not_protect_the_defender() -> None:
    amb = cid("ambush:fox")
    g = cat_attacks(
        hands={"eyrie": [amb]}, persistent={"eyrie": ["scouting-party"]}, dice=[[0, 0]]
    )
    assert g.decision == "ambush"


def test_4_3_1_eyrie_attacker_marquise_ambushes() -> None:
    amb = cid("ambush:bird")
    g = eyrie_attacks(hands={"marquise": [amb]}, dice=[[0, 0]])
    assert g.decision == "ambush"
    assert g.current_seat == MARQUISE
    g.apply(("ambush", amb))
    assert g.state.warriors[8] == (3, 1)
    assert g.decision == "decree"


def test_4_3_1_ii_ambush_hits_remove_attacker_buildings_after_warriors() -> None:
    amb = cid("ambush:fox")
    g = cat_attacks(
        hands={"eyrie": [amb]}, dice=[[3, 3]], cats=1,
        clearings={"1": {"marquise": "2w keep"},
                   "8": {"marquise": "1w sawmill", "eyrie": "3w"}},
    )
    g.apply(("ambush", amb))
    s = g.state
    # Two hits: the warrior, then the sawmill, which scores the Eyrie 1 VP (3.2.1).
    assert s.warriors[8] == (0, 3)
    assert s.buildings[8] == ()
    assert s.seats[EYRIE].vp == 1
    assert s.fs[MARQUISE].track["sawmill"] == 6
    assert s.dice == [(3, 3)]


def test_6_2_3_ambush_hits_trigger_field_hospitals_before_the_dice() -> None:
    amb = cid("ambush:fox")
    g = cat_attacks(hands={"eyrie": [amb], "marquise": ["anvil"]}, dice=[[1, 1]])
    g.apply(("ambush", amb))
    # She holds a card, so she is asked whether to foil (1.2.1); the anvil cannot.
    assert (g.decision, g.legal_actions()) == ("foil_ambush", [("pass",)])
    g.apply("pass")
    assert g.decision == "field_hospital"
    assert g.state.stack[-1].data == {"c": 8, "n": 2, "ask": True}
    g.apply(("hospital", cid("anvil")))
    s = g.state
    # The two warriors went to the keep; then the dice: 1 hit each way.
    assert s.warriors[1][MARQUISE] == 4
    assert s.warriors[8] == (0, 2)
    assert s.discard == [amb, cid("anvil")]


# === 4.3.3 Battle cards ======================================================================


def test_card_armorers_ignores_rolled_hits_as_attacker() -> None:
    g = cat_attacks(persistent={"marquise": ["armorers"]}, dice=[[2, 2]])
    assert g.decision == "battle_effects"
    assert g.current_seat == MARQUISE
    assert g.legal_actions() == [("armorers",), ("done",)]
    g.apply("armorers")
    s = g.state
    assert s.warriors[8] == (3, 1)
    assert s.seats[MARQUISE].persistent == []
    assert s.discard == [cid("armorers")]
    assert g.decision == "cat_actions"


def test_card_armorers_ignores_rolled_hits_as_defender() -> None:
    g = cat_attacks(persistent={"eyrie": ["armorers"]}, dice=[[3, 2]])
    assert g.decision == "battle_effects"
    assert g.current_seat == EYRIE
    g.apply("armorers")
    s = g.state
    assert s.warriors[8] == (1, 3)
    assert s.buildings[8] == ((EYRIE, "roost"),)
    assert s.discard == [cid("armorers")]


def test_card_armorers_kept_when_not_used() -> None:
    g = cat_attacks(persistent={"eyrie": ["armorers"]}, dice=[[3, 2]])
    g.apply("done")
    s = g.state
    assert s.warriors[8] == (1, 0)
    # Defenseless is not reached: 3 hits take the 3 warriors, the roost stays.
    assert s.buildings[8] == ((EYRIE, "roost"),)
    assert s.seats[EYRIE].persistent == [cid("armorers")]
    assert s.discard == []


def test_card_armorers_does_not_stop_ambush_or_extra_hits() -> None:
    amb = cid("ambush:fox")
    g = cat_attacks(
        hands={"eyrie": [amb]},
        persistent={"marquise": ["armorers"], "eyrie": ["brutal-tactics"]},
        dice=[[3, 3]],
        cats=4,
    )
    g.apply(("ambush", amb))  # 2 hits: 4 -> 2 warriors
    assert g.state.warriors[8][MARQUISE] == 2
    g.apply("armorers")
    s = g.state
    # The Marquise deals min(3, 2) = 2 rolled hits; the Eyrie's 3 are ignored.
    assert s.warriors[8] == (2, 1)
    assert s.discard == [amb, cid("armorers")]


def test_card_sappers_defender_discards_for_one_extra_hit() -> None:
    g = cat_attacks(persistent={"eyrie": ["sappers"]}, dice=[[2, 1]])
    assert g.decision == "battle_effects"
    assert g.current_seat == EYRIE
    assert g.legal_actions() == [("sappers",), ("done",)]
    g.apply("sappers")
    s = g.state
    assert s.warriors[8] == (1, 1)  # 1 rolled + 1 Sappers on the Marquise; 2 on the Eyrie
    assert s.seats[EYRIE].persistent == []
    assert s.discard == [cid("sappers")]
    assert g.decision == "cat_actions"


def test_card_sappers_and_armorers_both_usable_by_defender() -> None:
    g = cat_attacks(persistent={"eyrie": ["sappers", "armorers"]}, dice=[[2, 1]])
    assert g.legal_actions() == [("sappers",), ("armorers",), ("done",)]
    g.apply("sappers")
    assert g.decision == "battle_effects"
    assert g.legal_actions() == [("armorers",), ("done",)]
    g.apply("armorers")
    s = g.state
    assert s.warriors[8] == (1, 3)
    assert s.seats[EYRIE].persistent == []
    assert s.discard == [cid("sappers"), cid("armorers")]


def test_card_sappers_not_usable_as_attacker() -> None:
    g = cat_attacks(persistent={"marquise": ["sappers"]}, dice=[[2, 1]])
    assert g.decision == "cat_actions"
    s = g.state
    assert s.warriors[8] == (2, 1)
    assert s.seats[MARQUISE].persistent == [cid("sappers")]


def test_card_sappers_extra_hit_not_capped_by_warriors() -> None:
    # 4.3.3.I: one Eyrie warrior, dice 3-3: 1 rolled hit (capped) + 1 Sappers = 2 hits.
    g = cat_attacks(persistent={"eyrie": ["sappers"]}, dice=[[3, 3]], birds="1w roost")
    g.apply("sappers")
    s = g.state
    assert s.warriors[8] == (1, 0)
    # The Marquise's 3 hits take the warrior, then the roost (3.2.1: 1 VP).
    assert s.buildings[8] == ()
    assert s.seats[MARQUISE].vp == 1


def test_card_brutal_tactics_extra_hit_defender_scores() -> None:
    g = cat_attacks(persistent={"marquise": ["brutal-tactics"]}, dice=[[1, 0]])
    assert g.decision == "battle_effects"
    assert g.current_seat == MARQUISE
    assert g.legal_actions() == [("brutal-tactics",), ("done",)]
    g.apply("brutal-tactics")
    s = g.state
    assert s.warriors[8] == (3, 1)
    assert s.seats[EYRIE].vp == 1
    assert s.vp_log[-1] == (EYRIE, 1, "brutal tactics")
    assert s.seats[MARQUISE].vp == 0
    assert s.seats[MARQUISE].persistent == [cid("brutal-tactics")]  # the card stays
    assert s.discard == []
    assert g.decision == "cat_actions"


def test_card_brutal_tactics_declined_no_vp() -> None:
    g = cat_attacks(persistent={"marquise": ["brutal-tactics"]}, dice=[[1, 0]])
    g.apply("done")
    assert g.state.warriors[8] == (3, 2)
    assert g.state.seats[EYRIE].vp == 0


def test_card_brutal_tactics_not_usable_as_defender() -> None:
    g = cat_attacks(persistent={"eyrie": ["brutal-tactics"]}, dice=[[1, 1]])
    assert g.decision == "cat_actions"
    assert g.state.warriors[8] == (2, 2)
    assert g.scores == [0, 0]


def test_card_brutal_tactics_reusable_in_later_battles() -> None:
    g = cat_attacks(persistent={"marquise": ["brutal-tactics"]}, dice=[[0, 0], [0, 0]])
    g.apply("brutal-tactics")
    assert g.state.warriors[8] == (3, 2)
    g.apply("battle 8 1")
    assert g.legal_actions() == [("brutal-tactics",), ("done",)]
    g.apply("brutal-tactics")
    assert g.state.warriors[8] == (3, 1)
    assert g.state.seats[EYRIE].vp == 2


def test_card_brutal_tactics_and_armorers_eyrie_attacks_marquise() -> None:
    g = eyrie_attacks(
        persistent={"eyrie": ["brutal-tactics"], "marquise": ["armorers"]}, dice=[[2, 2]]
    )
    # Both sides have an effect: the attacker decides who goes first (4.3.3).
    assert g.decision == "effects_order" and g.current_seat == EYRIE
    g.apply("first attacker")
    assert g.decision == "battle_effects" and g.current_seat == EYRIE
    g.apply("brutal-tactics")
    assert g.decision == "battle_effects" and g.current_seat == MARQUISE
    g.apply("armorers")
    s = g.state
    # The Marquise ignores the 2 rolled hits and takes only Brutal Tactics' extra hit.
    assert s.warriors[8] == (2, 1)
    assert s.buildings[8] == ((MARQUISE, "sawmill"),)
    assert s.seats[MARQUISE].vp == 1
    assert s.discard == [cid("armorers")]
    assert g.decision == "decree"


# === Birdsong cards: Royal Claim, Stand and Deliver! =========================================


def test_card_royal_claim_scores_ruled_clearings_and_is_discarded() -> None:
    rc = cid("royal-claim")
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {
                "1": {"marquise": "2w keep"},
                "8": {"marquise": "1w workshop"},
                "5": {"marquise": "1w"},
                "3": {"eyrie": "2w roost"},
                "9": {"marquise": "1w", "eyrie": "1w"},  # a tie: the Eyrie rule it (7.2.2)
            },
            "persistent": {"marquise": [rc]},
        }
    )
    assert g.decision == "birdsong_cards"
    assert g.phase == "birdsong"
    assert g.legal_actions() == [("royal-claim",), ("done",)]
    g.apply("royal-claim")
    s = g.state
    assert s.seats[MARQUISE].vp == 3
    assert s.seats[MARQUISE].persistent == []
    assert s.discard == [rc]
    assert g.phase == "daylight"


def test_card_royal_claim_kept_when_declined() -> None:
    rc = cid("royal-claim")
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}},
            "persistent": {"marquise": [rc]},
        }
    )
    assert (g.step, g.decision) == ("cards", "birdsong_cards")
    g.apply("done")
    # Offered again after her Birdsong steps (the late window), and declined again.
    assert (g.phase, g.step, g.decision) == ("birdsong", "late_cards", "birdsong_cards")
    assert g.legal_actions() == [("royal-claim",), ("done",)]
    g.apply("done")
    assert g.state.seats[MARQUISE].vp == 0
    assert g.state.seats[MARQUISE].persistent == [rc]
    assert g.phase == "daylight"


def test_card_royal_claim_eyrie_count_tied_clearings() -> None:
    g = build(
        {
            "turn": "eyrie",
            "at": "birdsong",
            "clearings": {
                "3": {"eyrie": "2w roost"},
                "9": {"marquise": "1w", "eyrie": "1w"},
                "1": {"marquise": "2w keep"},
            },
            "hands": {"eyrie": ["anvil"]},
            "persistent": {"eyrie": ["royal-claim"]},
        }
    )
    g.apply("royal-claim")
    assert g.state.seats[EYRIE].vp == 2
    assert g.decision == "decree_add"


def test_card_royal_claim_not_offered_in_daylight() -> None:
    g = marquise_crafter(["bake-sale"], persistent={"marquise": ["royal-claim"]})
    assert ("royal-claim",) not in g.legal_actions()
    assert g.legal_actions() == [("craft", cid("bake-sale")), ("done",)]


def test_card_stand_and_deliver_takes_random_card_victim_scores() -> None:
    taken_from = [cid("anvil"), cid("sappers")]
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"eyrie": taken_from},
            "persistent": {"marquise": ["stand-and-deliver"]},
        }
    )
    assert g.decision == "birdsong_cards"
    assert g.legal_actions() == [("stand-and-deliver", EYRIE), ("done",)]
    g.apply(("stand-and-deliver", EYRIE))
    s = g.state
    assert len(s.seats[MARQUISE].hand) == 1
    assert len(s.seats[EYRIE].hand) == 1
    assert sorted(s.seats[MARQUISE].hand + s.seats[EYRIE].hand) == sorted(taken_from)
    assert s.seats[EYRIE].vp == 1
    assert s.seats[MARQUISE].vp == 0
    assert s.seats[MARQUISE].persistent == [cid("stand-and-deliver")]  # the card stays
    assert s.turn["used"] == ["stand-and-deliver"]
    assert g.phase == "daylight"


def test_card_stand_and_deliver_once_per_turn() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"eyrie": ["anvil", "sappers", "cobbler"]},
            "persistent": {"marquise": ["stand-and-deliver", "royal-claim"]},
        }
    )
    assert g.legal_actions() == [
        ("royal-claim",), ("stand-and-deliver", EYRIE), ("done",),
    ]
    g.apply(("stand-and-deliver", EYRIE))
    assert g.decision == "birdsong_cards"
    assert g.legal_actions() == [("royal-claim",), ("done",)]
    assert len(g.state.seats[EYRIE].hand) == 2


def test_card_stand_and_deliver_needs_a_card_to_take() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}},
            "persistent": {"marquise": ["stand-and-deliver", "royal-claim"]},
        }
    )
    assert g.legal_actions() == [("royal-claim",), ("done",)]


def test_card_stand_and_deliver_declined() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"eyrie": ["anvil"]},
            "persistent": {"marquise": ["stand-and-deliver"]},
        }
    )
    g.apply("done")
    assert g.state.seats[EYRIE].hand == [cid("anvil")]
    assert g.scores == [0, 0]


# === Start of Birdsong: Better Burrow Bank ===================================================


@pytest.mark.parametrize("owner", ["marquise", "eyrie"])
def test_card_better_burrow_bank_both_draw_at_start_of_birdsong(owner: str) -> None:
    g = build(
        {
            "turn": owner,
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "2w roost"}},
            "hands": {"eyrie": ["armorers"], "marquise": ["cobbler"]},
            "deck": ["anvil", "sappers"],
            "persistent": {owner: ["better-burrow-bank"]},
        }
    )
    me = 0 if owner == "marquise" else 1
    other = 1 - me
    s = g.state
    # Mandatory (ruling): no decision was asked; the owner drew first, then the other.
    assert g.history == []
    assert "burrow_bank" not in [f.kind for f in s.stack]
    start = {MARQUISE: [cid("cobbler")], EYRIE: [cid("armorers")]}
    if owner == "marquise":
        assert s.seats[me].hand == start[me] + [cid("anvil")]
        assert s.seats[other].hand == start[other] + [cid("sappers")]
        assert g.decision == "cat_actions"
    else:
        # The Eyrie's hand is then waiting to be added to the Decree.
        assert s.seats[me].hand == start[me] + [cid("anvil")]
        assert s.seats[other].hand == start[other] + [cid("sappers")]
        assert g.decision == "decree_add"


def test_card_better_burrow_bank_only_at_own_birdsong() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}},
            "deck": ["anvil"],
            "persistent": {"eyrie": ["better-burrow-bank"]},
        }
    )
    assert g.state.seats[MARQUISE].hand == []
    assert g.state.seats[EYRIE].hand == []
    assert g.state.deck[-1] == cid("anvil")


# === Start of Daylight: Command Warren =======================================================


def test_card_command_warren_battle_at_start_of_daylight() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "daylight",
            "clearings": {"1": {"marquise": "2w keep"}, "8": {"marquise": "2w", "eyrie": "1w"}},
            "persistent": {"marquise": ["command-warren"]},
            "dice": [[2, 0]],
        }
    )
    assert g.decision == "command_warren"
    assert g.phase == "daylight" and g.step == "start"
    assert g.legal_actions() == [("battle", 8, EYRIE), ("pass",)]
    g.apply(("battle", 8, EYRIE))
    s = g.state
    assert s.warriors[8] == (2, 0)
    # The battle was free: all three actions remain.
    assert g.decision == "cat_actions"
    assert s.turn["actions"] == 3


def test_card_command_warren_may_pass() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "daylight",
            "clearings": {"1": {"marquise": "2w keep"}, "8": {"marquise": "2w", "eyrie": "1w"}},
            "persistent": {"marquise": ["command-warren"]},
            "dice": [[2, 0]],
        }
    )
    g.apply("pass")
    assert g.state.warriors[8] == (2, 1)
    assert g.state.dice == [(2, 0)]
    assert g.decision == "cat_actions"


def test_card_command_warren_no_target_no_decision() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "daylight",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "1w roost"}},
            "persistent": {"marquise": ["command-warren"]},
        }
    )
    assert g.decision == "cat_actions"
    assert g.history == []


def test_card_command_warren_eyrie_before_crafting() -> None:
    g = build(
        {
            "turn": "eyrie",
            "at": "daylight",
            "clearings": {
                "3": {"eyrie": "2w roost"},
                "7": {"eyrie": "2w roost", "marquise": "1w"},
                "1": {"marquise": "1w keep"},
            },
            "hands": {"eyrie": ["sappers"]},
            "persistent": {"eyrie": ["command-warren"]},
            "dice": [[1, 0]],
            "eyrie": {"leader": "builder", "decree": {"build": ["vizier", "vizier"]}},
        }
    )
    assert g.decision == "command_warren"
    g.apply(("battle", 7, MARQUISE))
    assert g.state.warriors[7] == (0, 2)
    # Then the craft step (Sappers on the mouse roosts).
    assert g.decision == "craft"


# === Start of Evening: Cobbler ===============================================================


def test_card_cobbler_move_at_start_of_evening() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "evening",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "1w roost"}},
            "persistent": {"marquise": ["cobbler"]},
            "hands": {"eyrie": ["anvil"]},
            "deck": ["sappers"],
        }
    )
    assert g.decision == "move"
    assert g.phase == "evening" and g.step == "start"
    assert g.legal_actions() == [("move", 1, 5), ("move", 1, 9), ("move", 1, 10), ("pass",)]
    g.apply("move 1 5")
    g.apply("count 2")
    s = g.state
    assert s.warriors[1][MARQUISE] == 0 and s.warriors[5][MARQUISE] == 2
    # Then the Evening draw, and the Eyrie's turn.
    assert s.seats[MARQUISE].hand == [cid("sappers")]
    assert g.turn_seat == EYRIE


def test_card_cobbler_may_pass() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "evening",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "1w roost"}},
            "persistent": {"marquise": ["cobbler"]},
            "hands": {"eyrie": ["anvil"]},
        }
    )
    g.apply("pass")
    assert g.state.warriors[1][MARQUISE] == 2
    assert g.turn_seat == EYRIE


def test_card_cobbler_absent_no_evening_move() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "evening",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "1w roost"}},
            "hands": {"eyrie": ["anvil"]},
        }
    )
    assert g.history == []
    assert g.turn_seat == EYRIE
    assert g.state.warriors[1][MARQUISE] == 2


def test_card_cobbler_eyrie_move() -> None:
    g = build(
        {
            "turn": "eyrie",
            "at": "evening",
            "clearings": {"3": {"eyrie": "1w roost"}, "1": {"marquise": "1w keep"}},
            "persistent": {"eyrie": ["cobbler"]},
        }
    )
    assert g.legal_actions() == [("move", 3, 6), ("move", 3, 7), ("move", 3, 11), ("pass",)]
    g.apply("move 3 7")
    assert g.state.warriors[3][EYRIE] == 0 and g.state.warriors[7][EYRIE] == 1


# === Daylight cards: Tax Collector, Codebreakers =============================================


def test_card_tax_collector_removes_warrior_draws_card() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:craft",
            "clearings": {"1": {"marquise": "2w keep"}, "8": {"marquise": "1w"}},
            "persistent": {"marquise": ["tax-collector"]},
            "deck": ["bake-sale"],
        }
    )
    assert g.decision == "craft"
    assert g.legal_actions() == [("tax-collector", 1), ("tax-collector", 8), ("done",)]
    g.apply("tax-collector 8")
    s = g.state
    assert s.warriors[8][MARQUISE] == 0
    assert s.fs[MARQUISE].warriors == 25 - 2
    assert s.seats[MARQUISE].hand == [cid("bake-sale")]
    assert s.turn["used"] == ["tax-collector"]
    # The removal opens Field Hospitals now that she holds a card (1.2.1); the rabbit card
    # does not match fox clearing 8.
    assert (g.decision, g.legal_actions()) == ("field_hospital", [("pass",)])
    g.apply("pass")
    assert s.warriors[1][MARQUISE] == 2
    # Once per Daylight: not in the craft decision, nor among her actions.
    assert g.decision == "cat_actions"
    assert not any(a[0] == "tax-collector" for a in g.legal_actions())


def test_card_tax_collector_triggers_field_hospitals() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:craft",
            "clearings": {"1": {"marquise": "2w keep"}, "8": {"marquise": "1w"}},
            "persistent": {"marquise": ["tax-collector"]},
            "deck": ["anvil"],
        }
    )
    g.apply("tax-collector 8")
    # The drawn fox card matches clearing 8 (ruling: Field Hospitals trigger here too).
    assert g.decision == "field_hospital"
    assert g.legal_actions() == [("hospital", cid("anvil")), ("pass",)]
    g.apply(("hospital", cid("anvil")))
    s = g.state
    assert s.warriors[1][MARQUISE] == 3
    assert s.warriors[8][MARQUISE] == 0
    assert s.seats[MARQUISE].hand == []
    assert s.discard == [cid("anvil")]


def test_card_tax_collector_in_marquise_actions() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:actions",
            "clearings": {"1": {"marquise": "2w keep"}},
            "persistent": {"marquise": ["tax-collector"]},
            "deck": ["investments"],
        }
    )
    assert ("tax-collector", 1) in g.legal_actions()
    g.apply("tax-collector 1")
    assert g.state.warriors[1][MARQUISE] == 1
    assert g.state.seats[MARQUISE].hand == [cid("investments")]
    assert g.state.turn["actions"] == 3  # not one of her three actions
    assert not any(a[0] == "tax-collector" for a in g.legal_actions())


def test_card_tax_collector_in_eyrie_decree() -> None:
    g = build(
        {
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {"3": {"eyrie": "2w roost"}, "7": {"eyrie": "1w roost"}},
            "persistent": {"eyrie": ["tax-collector"]},
            "deck": ["anvil"],
            "eyrie": {"leader": "builder"},
        }
    )
    assert g.decision == "decree"
    assert ("tax-collector", 3) in g.legal_actions()
    assert ("tax-collector", 7) in g.legal_actions()
    g.apply("tax-collector 7")
    s = g.state
    assert s.warriors[7][EYRIE] == 0
    assert s.fs[EYRIE].warriors == 20 - 2
    assert s.seats[EYRIE].hand == [cid("anvil")]
    assert g.decision == "decree"
    assert not any(a[0] == "tax-collector" for a in g.legal_actions())


def test_card_tax_collector_not_offered_in_birdsong() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"eyrie": ["anvil"]},
            "persistent": {"marquise": ["tax-collector", "stand-and-deliver"]},
        }
    )
    assert g.decision == "birdsong_cards"
    assert g.legal_actions() == [("stand-and-deliver", EYRIE), ("done",)]


def test_card_codebreakers_look_at_hand() -> None:
    hand = [cid("anvil"), cid("sappers")]
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:craft",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"eyrie": hand},
            "persistent": {"marquise": ["codebreakers"]},
        }
    )
    assert g.decision == "craft"
    assert g.legal_actions() == [("codebreakers", EYRIE), ("done",)]
    g.apply(("codebreakers", EYRIE))
    s = g.state
    assert s.turn["seen"] == {EYRIE: hand}
    assert s.turn["used"] == ["codebreakers"]
    assert s.seats[EYRIE].hand == hand  # nothing is taken
    # Once per Daylight.
    assert g.decision == "cat_actions"
    assert not any(a[0] == "codebreakers" for a in g.legal_actions())


def test_card_codebreakers_eyrie_in_decree() -> None:
    hand = [cid("bake-sale")]
    g = build(
        {
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {"3": {"eyrie": "2w roost"}, "7": {"eyrie": "1w roost"}},
            "hands": {"marquise": hand},
            "persistent": {"eyrie": ["codebreakers"]},
            "eyrie": {"leader": "builder"},
        }
    )
    assert ("codebreakers", MARQUISE) in g.legal_actions()
    g.apply(("codebreakers", MARQUISE))
    assert g.state.turn["seen"] == {MARQUISE: hand}
    assert g.decision == "decree"
    assert ("codebreakers", MARQUISE) not in g.legal_actions()


def test_card_codebreakers_seen_survives_save_and_load() -> None:
    hand = [cid("anvil")]
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:craft",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"eyrie": hand},
            "persistent": {"marquise": ["codebreakers"]},
        }
    )
    g.apply(("codebreakers", EYRIE))
    g2 = Game.from_json(g.to_json())
    assert g2.state.turn["seen"] == {EYRIE: hand}


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
