"""The base deck's cards in battle and removal: the favors, ambush cards (Law 4.3.1) and the
battle cards (Armorers, Sappers, Brutal Tactics). The deck itself, crafting and dominance are
tested in test_cards.py; the cards of Birdsong, Daylight and Evening in test_card_phases.py.

Each test builds a position with ``rootgame.position.build`` and asserts the exact outcome:
pieces, VP, cards, and whose decision comes next.
"""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import cid

from rootgame import IllegalAction
from rootgame.cards import DECK
from rootgame.game import Game
from rootgame.position import build

MARQUISE, EYRIE = 0, 1

FAVOR_KEYS = ["favor-of-the-foxes", "favor-of-the-rabbits", "favor-of-the-mice"]
SUIT_CLEARINGS = {"fox": (1, 6, 8, 12), "rabbit": (3, 4, 5, 10), "mouse": (2, 7, 9, 11)}
"""Autumn clearings by suit; 6, 10, 11 and 12 start with a ruin."""


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
    # Two hits on the attacker, then the dice: 3 rolled but only 1 warrior left (4.3.3.I).
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


# === 4.3.4 Battle cards ======================================================================


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
    # 4.3.5.I: one Eyrie warrior, dice 3-3: 1 rolled hit (capped) + 1 Sappers = 2 hits.
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
    # Both sides have an effect: the attacker decides who goes first (4.3.4).
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
