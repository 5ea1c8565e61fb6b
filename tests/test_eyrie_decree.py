"""Scenario tests for the Eyrie Dynasties (Law of Root, section 7): Daylight's resolution of
the Decree (7.5.2) and Evening (7.6).
(Seat 0 is the Marquise, seat 1 the Eyrie; the method as in test_eyrie.py.)
"""

from __future__ import annotations

import pytest
from lawkit import (
    ANVIL,
    ARMORERS,
    BAKE_SALE,
    CAT_9,
    ROOST_SPOTS,
    SWORD,
    VISIT,
    E,
    M,
    cid,
    decree,
    eyrie_pos,
    roosts_at,
)

from rootgame.errors import IllegalAction
from rootgame.factions.eyrie import VIZIERS, st

V1, V2 = VIZIERS


# --- 7.5.2 Resolve the Decree ------------------------------------------------------------------


def test_7_5_2_columns_are_resolved_left_to_right() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={
            "3": {"eyrie": "1w roost"},
            "4": {"eyrie": "1w roost"},
            "7": {"marquise": "1w"},
            "9": CAT_9,
        },
        eyrie={
            "leader": "builder",
            "decree": {"recruit": ["vizier"], "move": ["vizier"], "battle": ["sword"]},
        },
    )
    assert sorted(g.legal_tokens()) == ["recruit bird 3", "recruit bird 4"]
    assert "left to right" in g.explain("move bird 3 7")
    assert "left to right" in g.explain("battle mouse 7 0")
    g.apply("recruit bird 4")
    assert g.state.warriors[4][E] == 2
    # Now the Move column: the warriors in 3 and 4 may move.
    assert all(t.startswith("move bird ") for t in g.legal_tokens())
    assert "move bird 3 7" in g.legal_tokens()
    assert "left to right" in g.explain("recruit bird 3")


def test_7_5_2_cards_of_a_column_in_any_order() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "roost"}, "8": {"eyrie": "roost"}, "9": CAT_9},
        eyrie={
            "leader": "despot",
            "decree": {
                "recruit": ["anvil", "a-visit-to-friends"],
                "move": ["vizier"],
                "build": ["vizier"],
            },
        },
    )
    # Both cards are offered: the rabbit card first is as legal as the fox card first.
    assert sorted(g.legal_tokens()) == ["recruit fox 8", "recruit rabbit 3"]
    g.apply("recruit rabbit 3")
    # The fox card is then forced.
    assert g.state.warriors[3][E] == 1
    assert g.state.warriors[8][E] == 1
    assert g.decision == "decree"
    assert all(t.startswith("move bird ") for t in g.legal_tokens())


def test_7_5_2_bird_card_matches_any_clearing() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={
            "3": {"eyrie": "roost"},
            "8": {"eyrie": "roost"},
            "9": {"eyrie": "roost"},
            "12": CAT_9,
        },
        eyrie={"leader": "builder"},
    )
    assert sorted(g.legal_tokens()) == ["recruit bird 3", "recruit bird 8", "recruit bird 9"]


def test_7_5_2_recruit_needs_a_roost_in_a_matching_clearing() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={
            "3": {"eyrie": "roost"},
            "8": {"eyrie": "roost"},
            "12": {"eyrie": "2w"},
            "9": CAT_9,
        },
        eyrie={
            "leader": "despot",
            "decree": {
                "recruit": ["anvil", "a-visit-to-friends"],
                "move": ["vizier"],
                "build": ["vizier"],
            },
        },
    )
    # Fox: only at the fox roost (8), not at the fox clearing 12 without a roost.
    assert sorted(g.legal_tokens()) == ["recruit fox 8", "recruit rabbit 3"]
    assert "does not match" in g.explain("recruit fox 3")
    assert "no roost" in g.explain("recruit fox 12")


def test_7_5_2_move_starts_in_a_matching_clearing() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"8": {"eyrie": "2w roost"}, "5": {"eyrie": "2w"}, "9": CAT_9},
        eyrie={"leader": "despot", "decree": {"move": ["anvil"], "build": ["vizier", "vizier"]}},
    )
    # Fox card: from fox clearing 8 (to 4 or 7), never from rabbit clearing 5.
    assert sorted(g.legal_tokens()) == ["move fox 8 4", "move fox 8 7"]
    assert "rabbit" in g.explain("move fox 5 1")
    g.apply("move fox 8 7")
    assert g.decision == "move_count"
    g.apply("count 2")
    assert g.state.warriors[8][E] == 0
    assert g.state.warriors[7][E] == 2


def test_7_5_2_battle_in_a_matching_clearing() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={
            "8": {"eyrie": "2w", "marquise": "1w"},
            "3": {"eyrie": "2w roost", "marquise": "1w"},
            "12": {"eyrie": "3w"},
            "9": {"marquise": "2w"},
        },
        eyrie={
            "leader": "despot",
            "decree": {"battle": ["anvil", "a-visit-to-friends"], "build": ["vizier", "vizier"]},
        },
        dice=[[1, 0], [0, 0]],
    )
    # Fox: 8 only (12 is fox but holds no enemy; 3 is rabbit).
    assert sorted(g.legal_tokens()) == ["battle fox 8 0", "battle rabbit 3 0"]
    g.apply("battle fox 8 0")
    assert g.state.warriors[8] == (0, 2)
    # The rabbit card is then forced: a battle in 3 with dice 0-0 removes nothing.
    assert g.state.warriors[3] == (1, 2)
    assert g.state.dice == []


def test_7_5_2_build_conditions() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={
            "1": {"marquise": "keep", "eyrie": "2w"},  # ruled, the keep's clearing
            "2": {"eyrie": "2w roost"},  # ruled, open slot, but has a roost
            "7": {"eyrie": "3w", "marquise": "sawmill workshop"},  # ruled, no open slot
            "8": {"eyrie": "1w"},  # fox, ruled, open slot: yes
            "12": {"eyrie": "1w", "marquise": "1w"},  # fox, tie, ruled, open slot: yes
            "6": {"eyrie": "1w", "marquise": "2w"},  # fox, not ruled
            "9": {"eyrie": "1w"},  # mouse: no match for a fox card
        },
        eyrie={"leader": "despot", "decree": {"build": ["anvil", "vizier"], "recruit": ["vizier"]}},
    )
    # Recruit (bird) at the only roost was forced.
    assert g.state.warriors[2][E] == 3
    assert sorted(g.legal_tokens()) == sorted(
        ["build fox 8", "build fox 12", "build bird 8", "build bird 9", "build bird 12"]
    )
    assert "already has a roost" in g.explain("build bird 2")
    assert "does not match" in g.explain("build fox 9")
    assert "do not rule clearing 6" in g.explain("build fox 6")
    assert "build bird 1" not in g.legal_tokens()
    assert "build bird 7" not in g.legal_tokens()
    g.apply("build fox 12")
    # The bird card cannot build in 12 any more (a roost is there now).
    assert sorted(g.legal_tokens()) == ["build bird 8", "build bird 9"]
    g.apply("build bird 9")
    assert roosts_at(g) == [2, 9, 12]
    assert st(g.state, E).roosts == 4


def test_7_5_2_turmoil_when_a_card_cannot_be_carried_out() -> None:
    # A fox card in Recruit with no fox roost: turmoil is the only possible resolution.
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "2w roost"}, "9": CAT_9},
        vp={"eyrie": 6},
        eyrie={"leader": "commander", "decree": {"recruit": ["anvil"]}},
    )
    assert (g.decision, g.current_seat) == ("eyrie_leader", E)
    assert g.scores[E] == 4  # two Viziers
    assert g.state.warriors[3][E] == 2
    assert g.state.discard == [ANVIL]


def test_7_5_2_feasible_cards_first_then_turmoil() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "roost"}, "9": CAT_9},
        vp={"eyrie": 6},
        eyrie={
            "leader": "despot",
            "decree": {
                "recruit": ["anvil", "a-visit-to-friends"],
                "move": ["vizier"],
                "build": ["vizier"],
            },
        },
    )
    assert sorted(g.legal_tokens()) == ["recruit rabbit 3", "turmoil fox"]
    assert "cannot be carried out" in g.explain("turmoil rabbit")
    g.apply("recruit rabbit 3")
    # The fox card is left and cannot be done: turmoil.
    assert g.state.warriors[3][E] == 1
    assert g.scores[E] == 4
    assert g.decision == "eyrie_leader"
    assert sorted(g.state.discard) == sorted([ANVIL, VISIT])


def test_7_5_2_choosing_the_impossible_card_first_skips_the_rest() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "roost"}, "9": CAT_9},
        vp={"eyrie": 6},
        eyrie={
            "leader": "despot",
            "decree": {
                "recruit": ["anvil", "a-visit-to-friends"],
                "move": ["vizier"],
                "build": ["vizier"],
            },
        },
    )
    g.apply("turmoil fox")
    assert g.state.warriors[3][E] == 0  # the rabbit recruit never happened
    assert g.scores[E] == 4
    assert g.decision == "eyrie_leader"


def test_7_5_2_turmoil_offered_once_for_two_impossible_cards() -> None:
    # Recruit holds a fox, a mouse and a rabbit card; the only roost is in rabbit clearing 3.
    # The fox and mouse cards both lead to the same turmoil: one action, for the first of them.
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "roost"}, "9": CAT_9},
        vp={"eyrie": 6},
        eyrie={
            "leader": "despot",
            "decree": {
                "recruit": ["anvil", "sword", "a-visit-to-friends"],
                "move": ["vizier"],
                "build": ["vizier"],
            },
        },
    )
    assert (g.decision, g.current_seat) == ("decree", E)
    assert g.legal_tokens() == ["recruit rabbit 3", "turmoil fox"]
    with pytest.raises(IllegalAction):
        g.apply("turmoil mouse")
    # After the rabbit card, the single turmoil action is forced: it ran by itself.
    g.apply("recruit rabbit 3")
    assert g.state.warriors[3][E] == 1
    assert g.scores[E] == 6 - 2  # humiliated by the two Viziers
    assert sorted(g.state.discard) == sorted([ANVIL, SWORD, VISIT])
    assert decree(g) == [[], [V1], [], [V2]]
    assert (g.decision, g.current_seat) == ("eyrie_leader", E)


def test_7_5_2_turmoil_on_a_card_made_impossible_by_an_earlier_one() -> None:
    # Two fox Move cards and a single warrior in fox clearing 8: after the first move the
    # warrior is in rabbit/mouse country and the second fox card cannot be done.
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"8": {"eyrie": "1w roost"}, "9": CAT_9},
        vp={"eyrie": 6},
        eyrie={
            "leader": "despot",
            "decree": {"move": ["anvil", "foxfolk-steel"], "build": ["vizier", "vizier"]},
        },
    )
    assert sorted(g.legal_tokens()) == ["move fox 8 4", "move fox 8 7"]
    g.apply("move fox 8 7")
    assert g.state.warriors[7][E] == 1
    assert g.scores[E] == 4
    assert g.decision == "eyrie_leader"
    assert roosts_at(g) == [8]  # the Build column was never reached


def test_7_5_2_later_columns_are_not_resolved_after_turmoil() -> None:
    # The battle column fails (no enemy anywhere near); the Build column is skipped.
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "2w roost"}, "5": {"eyrie": "1w"}, "9": CAT_9},
        vp={"eyrie": 6},
        eyrie={"leader": "commander", "decree": {"battle": ["vizier"], "build": ["vizier"]}},
    )
    assert roosts_at(g) == [3]
    assert g.scores[E] == 4
    assert g.decision == "eyrie_leader"


def test_7_5_2_viziers_resolve_like_any_bird_card() -> None:
    # Both Viziers placed by the position in Recruit and Move: no turmoil, no VP change.
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "2w roost"}, "9": CAT_9},
        vp={"eyrie": 6},
        eyrie={"leader": "commander", "decree": {"recruit": ["vizier"], "move": ["vizier"]}},
    )
    # Recruit at 3 was forced; the move from 3 offers 6, 7, 11.
    assert g.state.warriors[3][E] == 3
    assert sorted(g.legal_tokens()) == ["move bird 3 11", "move bird 3 6", "move bird 3 7"]
    assert g.scores[E] == 6


def test_1_4_2_a_decree_move_is_not_interrupted_by_a_daylight_card() -> None:
    """Golden Rules (interrupts): an action cannot be interrupted by another effect. Tax
    Collector, usable in Daylight, is offered between the Decree's cards, never while the
    Move card's move is being taken (how many warriors go)."""
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "3w roost"}, "7": {"marquise": "1w"}, "9": CAT_9},
        persistent={"eyrie": ["tax-collector"]},
        deck=["anvil"],
        eyrie={"leader": "commander", "decree": {"move": ["vizier"], "battle": ["vizier"]}},
    )
    assert "tax-collector 3" in g.legal_tokens()
    g.apply("move bird 3 7")
    assert (g.decision, g.legal_tokens()) == ("move_count", ["count 1", "count 2", "count 3"])
    with pytest.raises(IllegalAction):
        g.apply("tax-collector 3")
    g.apply("count 2")
    assert g.state.warriors[3][E] == 1
    assert g.state.warriors[7][E] == 2
    # Between the Move card and the Battle card: Tax Collector is offered again.
    assert g.decision == "decree"
    assert {"tax-collector 3", "tax-collector 7", "battle bird 7 0"} <= set(g.legal_tokens())


# --- 7.6 Evening ----------------------------------------------------------------------------------



@pytest.mark.parametrize(
    ("n", "vp", "cards"),
    [(1, 0, 1), (2, 1, 1), (3, 2, 2), (4, 3, 2), (5, 4, 2), (6, 4, 3), (7, 5, 3)],
)
def test_7_6_score_the_rightmost_empty_roost_space_and_draw(n: int, vp: int, cards: int) -> None:
    cl: dict[str, dict[str, str]] = {str(c): {"eyrie": "roost"} for c in ROOST_SPOTS[:n]}
    cl["9"] = CAT_9
    g = eyrie_pos(
        at="evening",
        clearings=cl,
        hands={"eyrie": []},
        deck=["anvil", "sword", "a-visit-to-friends", "bake-sale"],
        vp={"eyrie": 10},
    )
    assert g.scores[E] == 10 + vp
    assert g.state.seats[E].hand == [ANVIL, SWORD, VISIT][:cards]
    # The turn passed to the Marquise.
    assert g.turn_seat == M


def test_7_6_2_discard_down_to_five() -> None:
    g = eyrie_pos(
        at="evening",
        clearings={"3": {"eyrie": "roost"}, "9": CAT_9},
        hands={"eyrie": ["sword", "a-visit-to-friends", "bake-sale", "armorers", "cobbler"]},
        deck=["anvil"],
    )
    assert (g.decision, g.current_seat) == ("discard", E)
    assert len(g.legal_tokens()) == 6
    g.apply(f"discard {SWORD}")
    assert sorted(g.state.seats[E].hand) == sorted(
        [VISIT, BAKE_SALE, ARMORERS, cid("cobbler"), ANVIL]
    )
    assert g.state.discard == [SWORD]
    assert g.turn_seat == M
