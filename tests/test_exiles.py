"""The Exiles and Partisans deck (Law appendix A step 2, B: "54 Cards for Shared Deck"): its
card list, the setup option, and a scenario test per card, named after the card, asserting the
exact outcome. Card texts: the printed cards (False Orders with its errata); choices where the
sources are silent are in docs/rulings.md.

Positions use the Autumn map: fox 1, 6, 8, 12; rabbit 3, 4, 5, 10; mouse 2, 7, 9, 11; rivers
5-10, 10-11, 7-11, 4-7.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rootgame import new_game
from rootgame.cards import DECK, DECKS, deck_ids, ids_for_key
from rootgame.errors import PositionError
from rootgame.position import build
from rootgame.position_text import from_string, to_string
from rootgame.records.native import replay_record, write_record
from rootgame.views import events_for

M, E, A = 0, 1, 2

# --- The card list, transcribed from the cards (shared/rules/exiles-partisans-deck.json) ------
# (name, suit, copies, cost) of the 18 persistent cards of the deck's own.
OWN_CARDS = [
    ("Boat Builders", "bird", 1, ("any", "any")),
    ("Corvid Planners", "bird", 1, ("any", "any")),
    ("Eyrie Emigre", "bird", 1, ("fox", "fox")),
    ("Saboteurs", "bird", 3, ("any",)),
    ("Soup Kitchens", "bird", 1, ("fox", "rabbit", "mouse")),
    ("False Orders", "fox", 2, ("fox",)),
    ("Fox Partisans", "fox", 1, ("fox",)),
    ("Informants", "fox", 2, ("fox", "fox")),
    ("Propaganda Bureau", "fox", 1, ("any", "any", "any")),
    ("League of Adventurous Mice", "mouse", 2, ("mouse",)),
    ("Master Engravers", "mouse", 1, ("mouse", "mouse")),
    ("Murine Broker", "mouse", 1, ("mouse", "mouse")),
    ("Mouse Partisans", "mouse", 1, ("mouse",)),
    ("Charm Offensive", "rabbit", 1, ("rabbit",)),
    ("Coffin Makers", "rabbit", 1, ("rabbit", "rabbit")),
    ("Rabbit Partisans", "rabbit", 1, ("rabbit",)),
    ("Swap Meet", "rabbit", 2, ("rabbit",)),
    ("Tunnels", "rabbit", 2, ("rabbit",)),
]

EXILES = [DECK[i] for i in deck_ids("exiles")]


def cid(key: str, copy: int = 0) -> int:
    return ids_for_key(key)[copy]


def ep(**desc: Any) -> Any:
    """A Marquise (seat 0) vs Eyrie (seat 1) position with the Exiles and Partisans deck."""
    d: dict[str, Any] = {"factions": ["marquise", "eyrie"], "shared_deck": "exiles"}
    d.update(desc)
    return build(d, log=True)


# === Appendix A step 2, B: the deck =========================================================


def test_B_exiles_deck_has_54_cards_by_suit_and_kind() -> None:
    assert len(EXILES) == 54
    assert Counter(c.suit for c in EXILES) == {"bird": 14, "fox": 14, "rabbit": 13, "mouse": 13}
    assert Counter(c.kind for c in EXILES) == {
        "ambush": 5, "dominance": 4, "item": 20, "persistent": 25
    }


def test_B_exiles_deck_own_cards_match_the_card_list() -> None:
    own = Counter((c.name, c.suit, c.cost) for c in EXILES if c.kind == "persistent")
    assert own == {(n, s, cost): k for n, s, k, cost in OWN_CARDS}


def test_B_exiles_deck_keeps_the_base_ambush_dominance_and_item_cards() -> None:
    base = [DECK[i] for i in deck_ids("base")]
    kept = sorted((c.name, c.suit, c.cost, c.item, c.vp) for c in base if c.kind != "persistent"
                  and c.kind != "favor")
    mine = sorted((c.name, c.suit, c.cost, c.item, c.vp) for c in EXILES if c.kind != "persistent")
    assert kept == mine


def test_A2_new_game_with_the_exiles_deck() -> None:
    g = new_game(["marquise", "eyrie"], seed=4, deck="exiles")
    s = g.state
    every = s.deck + s.removed_cards + [c for p in s.seats for c in p.hand]
    assert sorted(every) == sorted(deck_ids("exiles"))
    assert len(s.removed_cards) == 4  # 5.1.3: two players, no dominance cards
    assert g.meta["deck"] == "exiles" and g.view(None)["shared_deck"] == "exiles"


def test_A2_a_bad_deck_names_the_choices() -> None:
    with pytest.raises(ValueError, match=r"unknown deck 'squires'; choose base \| exiles"):
        new_game(deck="squires")
    assert DECKS == ("base", "exiles")


def test_A2_record_and_position_string_carry_the_deck() -> None:
    g = new_game(["marquise", "eyrie"], seed=2, deck="exiles")
    for _ in range(30):
        g.apply(g.legal_actions()[0])
    text = write_record(g)
    assert "\ndeck: exiles\n" in text
    again = replay_record(text)
    assert again.state.shared_deck == "exiles" and again.hash() == g.hash()
    line = to_string(g)
    assert "shared_deck=exiles" in line
    assert from_string(line).hash() == g.hash()


def test_A2_the_base_deck_refuses_the_exiles_cards() -> None:
    with pytest.raises(PositionError, match="'saboteurs' is not a card of the base deck"):
        build({"hands": {"marquise": ["saboteurs"]}})
    with pytest.raises(PositionError, match="'tax-collector' is not a card of the exiles deck"):
        build({"shared_deck": "exiles", "hands": {"marquise": ["tax-collector"]}})


# === Crafting: Master Engravers, Murine Broker ==============================================


def test_card_master_engravers_one_more_vp_per_item() -> None:
    g = ep(turn="marquise", at="daylight:craft",
           clearings={"1": {"marquise": "1w workshop keep"}},
           hands={"marquise": ["anvil"]}, persistent={"marquise": ["master-engravers"]})
    g.apply(("craft", cid("anvil")))
    assert g.state.seats[M].vp == 3  # Anvil's 2 + 1
    assert (M, 3, "crafted hammer") in g.state.vp_log


def test_card_master_engravers_still_scores_under_disdain_for_trade() -> None:
    """7.2.3: the Eyrie score 1 for an item, plus Master Engravers' point."""
    g = ep(turn="eyrie", at="daylight:craft",
           clearings={"1": {"eyrie": "1w roost"}, "3": {"marquise": "1w keep"}},
           hands={"eyrie": ["anvil"]}, persistent={"eyrie": ["master-engravers"]},
           eyrie={"leader": "despot"})
    g.apply(("craft", cid("anvil")))
    assert g.state.seats[E].vp == 2


def test_card_murine_broker_draws_when_another_player_crafts_an_item() -> None:
    g = ep(turn="marquise", at="daylight:craft",
           clearings={"1": {"marquise": "1w workshop keep"}},
           hands={"marquise": ["anvil", "crossbow:bird"], "eyrie": []},
           persistent={"eyrie": ["murine-broker"]})
    g.apply(("craft", cid("anvil")))
    assert len(g.state.seats[E].hand) == 1
    assert g.state.seats[M].hand == [cid("crossbow:bird")]


def test_card_murine_broker_not_for_the_holders_own_craft() -> None:
    """Murine Broker draws when *another* player crafts an item."""
    g = ep(turn="marquise", at="daylight:craft",
           clearings={"1": {"marquise": "1w workshop keep"}},
           hands={"marquise": ["anvil", "crossbow:bird"], "eyrie": []},
           persistent={"marquise": ["murine-broker"]})
    g.apply(("craft", cid("anvil")))
    assert g.state.seats[M].hand == [cid("crossbow:bird")] and g.state.seats[M].vp == 2


# === Start of Birdsong: Saboteurs, Coffin Makers ============================================


def test_card_saboteurs_discards_itself_and_an_enemy_crafted_card() -> None:
    g = ep(turn="marquise", at="birdsong", clearings={"1": {"marquise": "1w keep"}},
           persistent={"marquise": ["saboteurs"], "eyrie": ["tunnels", "informants"]})
    assert g.decision == "saboteurs"
    assert sorted(g.legal_actions()) == sorted(
        [("sabotage", E, cid("tunnels")), ("sabotage", E, cid("informants")), ("pass",)]
    )
    g.apply(("sabotage", E, cid("informants")))
    s = g.state
    assert s.seats[M].persistent == [] and s.seats[E].persistent == [cid("tunnels")]
    assert sorted(s.discard) == sorted([cid("saboteurs"), cid("informants")])


def test_card_saboteurs_no_enemy_card_no_decision() -> None:
    g = ep(turn="marquise", at="birdsong", clearings={"1": {"marquise": "1w keep"}},
           persistent={"marquise": ["saboteurs"]})
    assert g.decision != "saboteurs"


def test_card_coffin_makers_takes_removed_warriors() -> None:
    g = ep(turn="marquise", at="daylight:actions",
           clearings={"1": {"marquise": "1w keep"}, "5": {"marquise": "6w", "eyrie": "3w"}},
           persistent={"eyrie": ["coffin-makers"]}, coffins={"marquise": 3}, dice=[[3, 2]])
    assert g.state.coffins == [3, 0]
    assert g.state.fs[M].warriors == 25 - 7 - 3
    eyrie_supply = g.state.fs[E].warriors
    g.apply(("battle", 5, E))
    s = g.state
    assert s.warriors[5] == (4, 0)
    assert s.coffins == [5, 3]
    assert s.fs[M].warriors == 25 - 7 - 3 and s.fs[E].warriors == eyrie_supply


def test_card_coffin_makers_scores_at_start_of_birdsong_and_empties() -> None:
    g = ep(turn="eyrie", at="birdsong", clearings={"1": {"eyrie": "2w roost"}},
           persistent={"eyrie": ["coffin-makers"]}, coffins={"marquise": 7, "eyrie": 4},
           eyrie={"leader": "despot"})
    s = g.state
    assert s.coffins == [] and s.seats[E].vp == 2  # 11 warriors: two full fives
    assert s.fs[M].warriors == 25 and s.fs[E].warriors == 20 - 2
    kinds = [e["kind"] for e in g.events(None)]
    assert kinds.index("coffins") < kinds.index("score")


def test_card_coffin_makers_waits_for_its_holders_birdsong() -> None:
    """Ruling 71: the card scores and empties at the start of its holder's Birdsong only."""
    g = ep(turn="marquise", at="birdsong", clearings={"1": {"marquise": "1w keep"}},
           persistent={"eyrie": ["coffin-makers"]}, coffins={"marquise": 5, "eyrie": 1})
    s = g.state
    assert s.coffins == [5, 1] and s.seats[E].vp == 0 and s.seats[M].vp == 0


def test_card_coffin_makers_discarded_returns_its_warriors() -> None:
    g = ep(turn="marquise", at="birdsong", clearings={"1": {"marquise": "1w keep"}},
           persistent={"marquise": ["saboteurs"], "eyrie": ["coffin-makers"]},
           coffins={"marquise": 2, "eyrie": 1})
    g.apply(("sabotage", E, cid("coffin-makers")))
    s = g.state
    assert s.coffins == [] and s.fs[M].warriors == 24 and s.fs[E].warriors == 20
    assert s.seats[E].vp == 0


# === In Birdsong: Swap Meet, False Orders ===================================================


def test_card_swap_meet_takes_at_random_then_gives_a_card() -> None:
    g = ep(turn="marquise", at="birdsong", clearings={"1": {"marquise": "1w keep"}},
           hands={"marquise": ["anvil"], "eyrie": ["sword"]},
           persistent={"marquise": ["swap-meet"]})
    assert g.decision == "birdsong_cards"
    assert g.legal_actions() == [("swap-meet", E), ("done",)]
    g.apply(("swap-meet", E))
    assert g.decision == "swap_give"
    assert sorted(g.legal_actions()) == sorted([("give", cid("anvil")), ("give", cid("sword"))])
    g.apply(("give", cid("anvil")))
    s = g.state
    assert s.seats[M].hand == [cid("sword")] and s.seats[E].hand == [cid("anvil")]
    assert s.turn["used"] == ["swap-meet"]
    assert g.phase == "daylight"  # once per Birdsong: nothing more to offer


def test_card_swap_meet_card_given_is_seen_only_by_the_two() -> None:
    g = build({"factions": ["marquise", "eyrie", "alliance"], "shared_deck": "exiles",
               "turn": "marquise", "at": "birdsong", "clearings": {"1": {"marquise": "1w keep"}},
               "hands": {"marquise": ["anvil"], "eyrie": ["sword"], "alliance": ["bake-sale"]},
               "persistent": {"marquise": ["swap-meet"]}}, log=True)
    g.apply(("swap-meet", E))
    g.apply(("give", cid("anvil")))
    gives = {s: [e for e in events_for(g, s) if e.get("decision") == "swap_give"]
             for s in (M, E, A)}
    assert gives[M][0]["token"] == f"give {cid('anvil')}"
    assert gives[E][0]["token"] == f"give {cid('anvil')}"
    assert gives[A][0]["token"] == "give" and gives[A][0]["hidden"]


def test_card_false_orders_moves_half_an_enemy_rounded_up_ignoring_rule() -> None:
    g = ep(turn="marquise", at="birdsong",
           clearings={"1": {"marquise": "1w keep"}, "8": {"eyrie": "5w roost"},
                      "4": {"marquise": "3w"}},
           persistent={"marquise": ["false-orders"]})
    assert ("false-orders", E, 8, 4) in g.legal_actions()
    assert ("false-orders", E, 8, 12) not in g.legal_actions()  # not adjacent
    g.apply(("false-orders", E, 8, 4))
    s = g.state
    assert s.warriors[8] == (0, 2) and s.warriors[4] == (3, 3)
    assert s.seats[M].persistent == [] and s.discard == [cid("false-orders")]


# === End of Birdsong: Eyrie Emigre ==========================================================


def test_card_eyrie_emigre_moves_then_battles_where_it_moved() -> None:
    g = ep(turn="marquise", at="birdsong",
           clearings={"1": {"marquise": "3w keep"}, "5": {"eyrie": "1w"}},
           persistent={"marquise": ["eyrie-emigre"]}, dice=[[2, 0]])
    assert g.decision == "emigre"
    assert ("move", 1, 5) in g.legal_actions() and ("pass",) not in g.legal_actions()
    g.apply(("move", 1, 5))
    g.apply(("count", 2))
    # The one battle there is starts at once (a forced step).
    assert ("battle 5 1", "emigre", True) in [
        (e.get("token"), e.get("decision"), e.get("forced")) for e in g.events(None)
    ]
    s = g.state
    assert s.warriors[5] == (2, 0) and s.seats[M].persistent == [cid("eyrie-emigre")]
    assert g.phase == "daylight"


def test_card_eyrie_emigre_discarded_without_a_battle() -> None:
    g = ep(turn="marquise", at="birdsong",
           clearings={"1": {"marquise": "1w keep"}, "8": {"eyrie": "1w"}},
           persistent={"marquise": ["eyrie-emigre"]})
    assert g.legal_actions() == [("move", 1, 5), ("move", 1, 9), ("move", 1, 10)]
    g.apply(("move", 1, 9))
    s = g.state
    assert s.warriors[9][M] == 1 and s.seats[M].persistent == []
    assert s.discard == [cid("eyrie-emigre")]
    assert "emigre-fails" in [e.get("token") for e in g.events(None)]


# === In Daylight: Propaganda Bureau, League of Adventurous Mice =============================


def test_card_propaganda_bureau_replaces_an_enemy_warrior() -> None:
    g = ep(turn="marquise", at="daylight:craft",
           clearings={"1": {"marquise": "1w keep"}, "5": {"eyrie": "2w"}},
           hands={"marquise": ["bake-sale", "anvil"]},
           persistent={"marquise": ["propaganda-bureau"]})
    acts = [a for a in g.legal_actions() if a[0] == "propaganda"]
    assert acts == [("propaganda", cid("bake-sale"), 5, E)]  # rabbit clearing 5: no fox card
    g.apply(acts[0])
    s = g.state
    assert s.warriors[5] == (1, 1) and s.discard == [cid("bake-sale")]
    assert not any(a[0] == "propaganda" for a in g.legal_actions())  # once per Daylight


def test_card_propaganda_bureau_bird_card_is_wild() -> None:
    g = ep(turn="marquise", at="daylight:craft",
           clearings={"1": {"marquise": "1w keep"}, "5": {"eyrie": "2w"}},
           hands={"marquise": ["birdy-bindle", "anvil"]},
           persistent={"marquise": ["propaganda-bureau"]})
    assert [a for a in g.legal_actions() if a[0] == "propaganda"] == [
        ("propaganda", cid("birdy-bindle"), 5, E)
    ]


def test_g_replace_propaganda_bureau_needs_both_steps_not_at_the_keep() -> None:
    # Glossary "Replace": both steps must be possible, so the Eyrie cannot replace the
    # Marquise's warrior at the keep (the Law's own example, 6.2.2); elsewhere they can.
    g = ep(turn="eyrie", at="daylight:craft",
           clearings={"1": {"marquise": "2w keep"}, "8": {"marquise": "1w"},
                      "3": {"eyrie": "2w roost"}},
           hands={"eyrie": ["anvil"]},
           persistent={"eyrie": ["propaganda-bureau"]})
    acts = [a for a in g.legal_actions() if a[0] == "propaganda"]
    assert acts == [("propaganda", cid("anvil"), 8, M)]  # fox 1 (the keep) and 8
    g.apply(acts[0])
    assert g.state.warriors[8] == (0, 1)
    # With no warrior in supply the warrior could not be placed: nothing is offered.
    empty = ep(turn="eyrie", at="daylight:craft",
               clearings={"8": {"marquise": "1w"}, "3": {"eyrie": "20w roost"}},
               hands={"eyrie": ["anvil"]},
               persistent={"eyrie": ["propaganda-bureau"]})
    assert empty.state.fs[E].warriors == 0
    assert not [a for a in empty.legal_actions() if a[0] == "propaganda"]

def test_card_league_of_adventurous_mice_exhausts_an_item_for_a_move() -> None:
    g = ep(turn="marquise", at="daylight:craft",
           clearings={"1": {"marquise": "2w keep", "eyrie": "1w"}, "5": {"eyrie": "1w"}},
           crafted={"marquise": ["boot"]},
           persistent={"marquise": ["league-of-adventurous-mice"]}, dice=[[1, 0]])
    assert {a for a in g.legal_actions() if a[0] == "league"} == {
        ("league", "move"), ("league", "battle")
    }
    g.apply(("league", "move"))
    assert g.decision == "move" and ("pass",) not in g.legal_actions()
    g.apply(("move", 1, 5))
    g.apply(("count", 2))
    assert g.state.warriors[5] == (2, 1) and g.decision == "cat_actions"
    assert not any(a[0] == "league" for a in g.legal_actions())  # once per Daylight
    assert {"kind": "league", "seat": M, "for": "move"} in g.events(None)


def test_card_league_of_adventurous_mice_for_a_battle() -> None:
    g = ep(turn="marquise", at="daylight:craft",
           clearings={"1": {"marquise": "2w keep", "eyrie": "1w"}, "5": {"eyrie": "1w"}},
           crafted={"marquise": ["boot"]},
           persistent={"marquise": ["league-of-adventurous-mice"]}, dice=[[1, 0]])
    g.apply(("league", "battle"))
    assert g.state.warriors[1] == (2, 0)  # the one battle there is, started at once


def test_card_league_of_adventurous_mice_needs_a_crafted_item() -> None:
    g = ep(turn="marquise", at="daylight:craft",
           clearings={"1": {"marquise": "2w keep"}, "5": {"eyrie": "1w"}},
           hands={"marquise": ["anvil"]},
           persistent={"marquise": ["league-of-adventurous-mice"]})
    assert not any(a[0] == "league" for a in g.legal_actions())


# === Evening: Charm Offensive, Informants ===================================================


def test_card_charm_offensive_draws_and_another_player_scores() -> None:
    g = ep(turn="marquise", at="evening", clearings={"1": {"marquise": "1w keep"}},
           persistent={"marquise": ["charm-offensive"]})
    assert g.decision == "charm_offensive"
    assert g.legal_actions() == [("charm", E), ("pass",)]
    g.apply(("charm", E))
    s = g.state
    assert s.seats[E].vp == 1 and s.seats[M].vp == 0
    assert (E, 1, "charm offensive") in s.vp_log
    assert len(s.seats[M].hand) == 2  # the card, then the Evening draw of one


def test_card_informants_takes_an_ambush_instead_of_drawing() -> None:
    g = ep(turn="marquise", at="evening:draw", clearings={"1": {"marquise": "1w keep"}},
           discard=["ambush:fox", "anvil"], persistent={"marquise": ["informants"]})
    assert g.decision == "informants"
    assert g.legal_actions() == [("informants", cid("ambush:fox")), ("draw",)]
    g.apply(("informants", cid("ambush:fox")))
    s = g.state
    assert s.seats[M].hand == [cid("ambush:fox")] and s.discard == [cid("anvil")]
    assert not any(e["kind"] == "draw" and e["seat"] == M for e in g.events(None))


def test_card_informants_no_ambush_in_the_discard_pile_draws() -> None:
    g = ep(turn="marquise", at="evening:draw", clearings={"1": {"marquise": "1w keep"}},
           discard=["anvil"], persistent={"marquise": ["informants"]})
    assert g.decision != "informants"
    assert g.state.turn_seat == E or len(g.state.seats[M].hand) == 1


# === Battle: the Partisans ==================================================================


@pytest.mark.parametrize(
    ("card", "clearing", "kept"),
    [("fox-partisans", 12, "anvil"), ("rabbit-partisans", 5, "bake-sale"),
     ("mouse-partisans", 2, "root-tea:mouse")],
)
def test_card_partisans_extra_hit_then_discard_other_suits(
    card: str, clearing: int, kept: str
) -> None:
    g = ep(turn="marquise", at="daylight:actions",
           clearings={"1": {"marquise": "1w keep"}, str(clearing): {"marquise": "3w",
                                                                   "eyrie": "3w"}},
           hands={"marquise": [kept, "ambush:bird", "investments" if card == "fox-partisans"
                               else "anvil"]},
           persistent={"marquise": [card]}, dice=[[1, 1]])
    g.apply(("battle", clearing, E))
    while g.decision == "ambush":
        g.apply(("pass",))
    assert g.decision == "battle_effects"
    assert g.legal_actions() == [("partisans",), ("done",)]
    g.apply(("partisans",))
    s = g.state
    assert s.warriors[clearing] == (2, 1)  # rolled 1 + the extra hit
    assert s.seats[M].hand == [cid(kept)]  # the bird card goes too
    assert len(s.discard) == 2
    assert any(e["kind"] == "discard" and e["why"] == card for e in g.events(None))


def test_card_partisans_only_in_a_clearing_of_its_suit() -> None:
    g = ep(turn="marquise", at="daylight:actions",
           clearings={"1": {"marquise": "1w keep"}, "5": {"marquise": "3w", "eyrie": "3w"}},
           persistent={"marquise": ["fox-partisans"]}, dice=[[1, 1]])
    g.apply(("battle", 5, E))
    assert g.decision != "battle_effects"
    assert g.state.warriors[5] == (2, 2)


def test_card_partisans_as_defender() -> None:
    g = ep(turn="marquise", at="daylight:actions",
           clearings={"1": {"marquise": "1w keep"}, "12": {"marquise": "3w", "eyrie": "3w"}},
           persistent={"eyrie": ["fox-partisans"]}, dice=[[1, 1]])
    g.apply(("battle", 12, E))
    assert g.decision == "battle_effects" and g.current_seat == E
    g.apply(("partisans",))
    assert g.state.warriors[12] == (1, 2)


# === Always: movement and rule ==============================================================


def test_card_corvid_planners_moves_ignoring_rule() -> None:
    g = ep(turn="marquise", at="daylight:actions",
           clearings={"1": {"marquise": "1w keep"}, "12": {"marquise": "1w", "eyrie": "2w"},
                      "4": {"eyrie": "2w"}},
           persistent={"marquise": ["corvid-planners"]})
    assert ("march", 12, 4) in g.legal_actions()
    g2 = ep(turn="marquise", at="daylight:actions",
            clearings={"1": {"marquise": "1w keep"}, "12": {"marquise": "1w", "eyrie": "2w"},
                       "4": {"eyrie": "2w"}})
    assert ("march", 12, 4) not in g2.legal_actions()


def test_card_boat_builders_rivers_are_paths() -> None:
    g = ep(turn="marquise", at="daylight:actions",
           clearings={"1": {"marquise": "1w keep"}, "5": {"marquise": "2w"}},
           persistent={"marquise": ["boat-builders"]})
    assert ("march", 5, 10) in g.legal_actions()  # the river 5-10, no path
    g.apply(("march", 5, 10))
    g.apply(("count", 2))
    assert g.state.warriors[10][M] == 2


def test_card_tunnels_clearings_with_crafting_pieces_are_adjacent() -> None:
    desc = dict(turn="marquise", at="daylight:actions",
                clearings={"1": {"marquise": "2w keep workshop"}, "3": {"marquise": "workshop"}})
    assert ("march", 1, 3) not in ep(**desc).legal_actions()
    g = ep(persistent={"marquise": ["tunnels"]}, **desc)
    assert ("march", 1, 3) in g.legal_actions()


def test_card_soup_kitchens_tokens_count_twice_for_rule() -> None:
    desc: dict[str, Any] = {
        "factions": ["marquise", "eyrie", "alliance"], "shared_deck": "exiles",
        "turn": "eyrie", "at": "daylight:craft",
        "clearings": {"1": {"marquise": "1w keep"}, "5": {"eyrie": "1w", "alliance": "sympathy"},
                      "3": {"eyrie": "1w roost"}},
    }
    from rootgame.rules.core import ruler

    assert ruler(build(desc).state, 5) == E
    desc["persistent"] = {"alliance": ["soup-kitchens"]}
    assert ruler(build(desc).state, 5) == A  # 2 against 1


# === The Vagabond and the deck ==============================================================


def vpos(**desc: Any) -> Any:
    d: dict[str, Any] = {"factions": ["vagabond", "eyrie"], "shared_deck": "exiles",
                         "turn": "vagabond"}
    d.update(desc)
    return build(d, log=True)


def test_card_eyrie_emigre_for_the_vagabond_moves_the_pawn_for_a_boot() -> None:
    """docs/rulings.md: his move is a Move paid with boots, then a battle from his pawn."""
    g = vpos(at="birdsong", clearings={"2": {"eyrie": "1w"}, "3": {"eyrie": "1w roost"}},
             persistent={"vagabond": ["eyrie-emigre"]},
             vagabond={"pawn": 5, "items": {"up": "boot sword"}}, dice=[[1, 0]])
    g.apply("pass")  # no Slip (9.4.2): the end of Birdsong follows
    assert g.decision == "emigre"
    assert set(g.legal_tokens()) == {"move 1", "move 2"}
    g.apply("move 2")
    s = g.state
    assert s.fs[0].pawn == 2 and s.warriors[2][1] == 0  # the one battle there is
    assert s.seats[0].persistent == [cid("eyrie-emigre")]


def test_card_propaganda_bureau_the_vagabond_cannot_replace() -> None:
    # Glossary "Replace" (ruling 179, which replaces ruling 69 here): he has no warrior to
    # place, so he cannot replace an enemy warrior at all.
    g = vpos(at="daylight", clearings={"5": {"eyrie": "2w"}, "3": {"eyrie": "1w roost"}},
             hands={"vagabond": ["bake-sale"]}, persistent={"vagabond": ["propaganda-bureau"]},
             vagabond={"pawn": 1, "items": {"up": "boot"}})
    assert not [a for a in g.legal_actions() if a[0] == "propaganda"]
    assert g.state.warriors[5] == (0, 2)


def test_card_boat_builders_the_vagabond_moves_along_rivers() -> None:
    g = vpos(at="daylight", clearings={"3": {"eyrie": "1w roost"}},
             persistent={"vagabond": ["boat-builders"]},
             vagabond={"pawn": 5, "items": {"up": "boot"}})
    assert {t for t in g.legal_tokens() if t.startswith("move")} == {"move 1", "move 2", "move 10"}
    g.apply("move 10")
    assert g.state.fs[0].pawn == 10


def test_exiles_actions_are_described_in_words() -> None:
    """Every new action reads as text, never as its bare token (describe.py)."""
    from rootgame.describe import describe

    g = ep(turn="marquise", at="birdsong",
           clearings={"1": {"marquise": "3w keep"}, "5": {"eyrie": "1w"}},
           hands={"eyrie": ["anvil"]},
           persistent={"marquise": ["eyrie-emigre", "swap-meet", "false-orders"]})
    texts = [describe(g.state, a) for a in g.legal_actions()]
    assert "Swap Meet: take a random card from the Eyrie Dynasties, then give them a card" in texts
    assert all(t != " ".join(map(str, a)) for t, a in zip(texts, g.legal_actions(), strict=True))
    v = vpos(at="birdsong", persistent={"vagabond": ["eyrie-emigre"]},
             clearings={"3": {"eyrie": "1w roost"}}, vagabond={"pawn": 5, "items": {"up": "boot"}})
    v.apply("pass")
    assert v.decision == "emigre"
    assert all("boot" in describe(v.state, a) for a in v.legal_actions())


def test_A2_position_string_carries_coffins() -> None:
    g = ep(turn="eyrie", at="daylight:craft", clearings={"1": {"eyrie": "2w roost"}},
           persistent={"marquise": ["coffin-makers"]}, coffins={"eyrie": 3})
    line = to_string(g)
    assert "coffins=e:3" in line and "shared_deck=exiles" in line
    again = from_string(line)
    assert again.state.coffins == [0, 3] and again.hash() == g.hash()
    with pytest.raises(PositionError, match="coffins.eyrie: a number of warriors from 0 to 18"):
        ep(clearings={"1": {"eyrie": "2w roost"}}, coffins={"eyrie": 19})


@pytest.mark.parametrize("seat", [0, 1, 2, 3, None])
def test_1_2_1_exiles_deck_views_and_events_do_not_depend_on_hidden_information(
    seat: int | None,
) -> None:
    """With the Exiles and Partisans deck too, what a seat sees is the same whatever the
    hands and the draw pile hold (Swap Meet's card given back included)."""
    from lawkit import mid_games, resample

    from rootgame.rng import Rng

    rng = Rng(11)
    changed = 0
    factions = ["marquise", "eyrie", "alliance", "vagabond"]
    for game in mid_games(factions, range(3), deck="exiles"):
        view, events = game.view(seat), game.events(seat)
        for _ in range(2):
            h = resample(game, seat, rng)
            changed += h.state.deck != game.state.deck
            assert h.view(seat) == view
            assert h.events(seat) == events
    assert changed > 20


# === The Woodland Alliance and the deck =====================================================


def apos(**desc: Any) -> Any:
    d: dict[str, Any] = {"factions": ["marquise", "eyrie", "alliance"], "shared_deck": "exiles",
                         "turn": "alliance"}
    d.update(desc)
    return build(d, log=True)


def test_card_coffin_makers_takes_the_alliance_organize_warrior() -> None:
    """docs/rulings.md 71: Organize's warrior goes back to the supply (8.6.1.IV), so onto the
    card."""
    g = apos(at="evening:operations",
             clearings={"2": {"alliance": "base 1w"}, "6": {"alliance": "1w"}},
             alliance={"officers": 2}, persistent={"eyrie": ["coffin-makers"]})
    supply = g.state.fs[A].warriors
    g.apply("organize 6")
    s = g.state
    assert s.coffins == [0, 0, 1] and s.fs[A].warriors == supply
    assert s.tokens[6] == ((A, "sympathy"),)


def test_card_tunnels_for_the_alliance_joins_sympathetic_clearings() -> None:
    g = apos(at="evening:operations",
             clearings={"2": {"alliance": "base 2w sympathy"}, "3": {"alliance": "sympathy"}},
             alliance={"officers": 1}, persistent={"alliance": ["tunnels"]})
    assert ("move", 2, 3) in g.legal_actions()  # 2 and 3 share no path
    g2 = apos(at="evening:operations",
              clearings={"2": {"alliance": "base 2w sympathy"}, "3": {"alliance": "sympathy"}},
              alliance={"officers": 1})
    assert ("move", 2, 3) not in g2.legal_actions()


def test_card_informants_for_the_eyrie_evening_draw() -> None:
    g = ep(turn="eyrie", at="evening:draw", clearings={"3": {"eyrie": "1w roost"}},
           discard=["ambush:bird"], persistent={"eyrie": ["informants"]})
    assert g.decision == "informants"
    g.apply(("informants", cid("ambush:bird")))
    assert g.state.seats[E].hand == [cid("ambush:bird")] and g.state.discard == []


def test_coffin_makers_warriors_are_shown_in_the_terminal() -> None:
    from rich.console import Console

    from rootgame.render import supply_text

    g = ep(turn="eyrie", at="daylight:craft", clearings={"1": {"eyrie": "2w roost"}},
           persistent={"marquise": ["coffin-makers"]}, coffins={"eyrie": 3})
    console = Console(width=120, record=True)
    console.print(supply_text(g.view(0)))
    assert "On Coffin Makers: Eyrie Dynasties 3" in console.export_text()


def test_exiles_deck_action_space_for_learning_agents() -> None:
    """rl/: the deck's own actions are in its configuration's action space only (the base
    deck's space and observation are unchanged), and every legal action of a game with the
    deck is encoded."""
    from rootgame.bots import RandomBot
    from rootgame.rl.observe import Observer
    from rootgame.rl.space import Config, action_space

    factions = ("marquise", "eyrie", "alliance", "vagabond")
    base = action_space(Config(factions))
    mine = action_space(Config(factions, deck="exiles"))
    own = {"sabotage", "swap-meet", "false-orders", "give", "propaganda", "league", "charm",
           "informants", "partisans", "emigre-fails"}
    assert not any(a[0] in own for a in base.actions)
    assert {a[0] for a in mine.actions} >= own
    assert max(a[1] for a in base.actions if a[0] == "craft") == 53
    assert Observer(Config(factions, deck="exiles")).sections["hand"] == (54,)
    seen: set[str] = set()
    for seed in range(3):
        g = new_game(list(factions), seed=seed, deck="exiles")
        bot = RandomBot(seed)
        while not g.is_over and len(g.history) < 400:
            for a in g.legal_actions():
                mine.encode(a)
                seen.add(str(a[0]))
            Observer(Config(factions, deck="exiles")).observe(g.view(g.current_seat))
            g.apply(bot.choose(g))
    assert seen & own
