"""Scenario tests for the Eyrie Dynasties (Law of Root, section 7): their faction rules
(7.2: crafting, Lords of the Forest, Disdain for Trade), setup (7.3) and Birdsong (7.4). The
Decree's resolution and Evening are in test_eyrie_decree.py, Turmoil and the leaders in
test_eyrie_turmoil.py.

Each test builds a position with the position builder (or plays a new game's setup), drives
the engine through its public interface and asserts the exact outcome. Seat 0 is the
Marquise, seat 1 the Eyrie; the scenarios' helpers are in the kit (lawkit).
"""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import (
    AMBUSH_BIRD,
    ANVIL,
    ARMORERS,
    CAT_9,
    GEAR_FOX,
    RACKET,
    SWORD,
    TEA_FOX,
    VISIT,
    E,
    M,
    cid,
    decree,
    eyrie_pos,
    eyrie_total,
    roosts_at,
)

from rootgame import new_game
from rootgame.errors import IllegalAction
from rootgame.factions.eyrie import LEADERS, VIZIERS, st
from rootgame.game import Game
from rootgame.position import build
from rootgame.rules.core import ruler
from rootgame.rules.movement import move_pairs

V1, V2 = VIZIERS


# --- 7.2.1 Crafting ---------------------------------------------------------------------------


def test_7_2_1_craft_decision_comes_before_the_decree() -> None:
    g = eyrie_pos(
        at="daylight",
        clearings={"3": {"eyrie": "roost"}, "5": {"eyrie": "2w"}, "9": CAT_9},
        hands={"eyrie": ["a-visit-to-friends"]},
        eyrie={"leader": "despot", "decree": {"move": ["vizier"], "build": ["vizier"]}},
    )
    assert (g.phase, g.step, g.decision, g.current_seat) == ("daylight", "craft", "craft", E)
    assert sorted(g.legal_tokens()) == ["craft 37", "done"]
    g.apply("craft 37")
    # The roost is used: crafting is over and the Decree comes next.
    assert (g.step, g.decision) == ("decree", "decree")
    assert g.state.seats[E].items == ["boot"]
    assert g.scores[E] == 1
    assert g.state.discard == [VISIT]


def test_7_2_1_no_crafting_once_the_decree_has_started() -> None:
    g = eyrie_pos(
        at="daylight",
        clearings={"3": {"eyrie": "roost"}, "5": {"eyrie": "2w"}, "9": CAT_9},
        hands={"eyrie": ["a-visit-to-friends"]},
        eyrie={"leader": "despot", "decree": {"move": ["vizier"], "build": ["vizier"]}},
    )
    g.apply("done")
    assert g.decision == "decree"
    assert not any(t.startswith("craft") for t in g.legal_tokens())
    with pytest.raises(IllegalAction):
        g.apply("craft 37")
    assert g.state.seats[E].hand == [VISIT]


def test_7_2_1_a_roost_crafts_for_its_clearings_suit() -> None:
    # One roost, in rabbit clearing 3: only the rabbit-cost card can be crafted.
    g = eyrie_pos(
        at="daylight:craft",
        clearings={"3": {"eyrie": "roost"}, "5": {"eyrie": "2w"}, "9": CAT_9},
        hands={"eyrie": ["anvil", "a-visit-to-friends", "root-tea:fox"]},
        eyrie={"leader": "despot", "decree": {"move": ["vizier"], "build": ["vizier"]}},
    )
    assert sorted(g.legal_tokens()) == ["craft 37", "done"]
    assert "crafting pieces" in g.explain("craft 22")
    assert "crafting pieces" in g.explain(f"craft {TEA_FOX}")


def test_7_2_1_each_roost_crafts_once_per_turn() -> None:
    # Roosts in 3 (rabbit) and 8 (fox). Two cards each need the one rabbit roost.
    g = eyrie_pos(
        at="daylight:craft",
        clearings={
            "3": {"eyrie": "roost"},
            "8": {"eyrie": "roost"},
            "5": {"eyrie": "2w"},
            "9": CAT_9,
        },
        hands={"eyrie": ["a-visit-to-friends", "travel-gear:fox", "anvil"]},
        eyrie={"leader": "despot", "decree": {"move": ["vizier"], "build": ["vizier"]}},
    )
    assert sorted(g.legal_tokens()) == sorted(
        ["craft 37", f"craft {GEAR_FOX}", f"craft {ANVIL}", "done"]
    )
    g.apply("craft 37")
    # The rabbit roost is used: the other rabbit-cost card can no longer be crafted.
    assert sorted(g.legal_tokens()) == [f"craft {ANVIL}", "done"]
    assert "crafting pieces" in g.explain(f"craft {GEAR_FOX}")
    g.apply(f"craft {ANVIL}")
    # Both roosts used: nothing is left to craft, only "done" (a card is still in hand, so the
    # step stays a decision, 1.2.1); then the Decree begins.
    assert (g.decision, g.legal_tokens()) == ("craft", ["done"])
    g.apply("done")
    assert g.decision == "decree"
    assert g.state.seats[E].hand == [GEAR_FOX]
    assert sorted(g.state.seats[E].items) == ["boot", "hammer"]


def test_7_2_1_two_roosts_of_a_suit_pay_a_double_cost_one_does_not() -> None:
    base: dict[str, Any] = {
        "at": "daylight:craft",
        "hands": {"eyrie": ["protection-racket", "a-visit-to-friends"]},
        "eyrie": {"leader": "despot", "decree": {"move": ["vizier"], "build": ["vizier"]}},
    }
    one = eyrie_pos(clearings={"3": {"eyrie": "roost"}, "9": CAT_9, "2": {"eyrie": "2w"}}, **base)
    assert sorted(one.legal_tokens()) == ["craft 37", "done"]
    two = eyrie_pos(
        clearings={
            "3": {"eyrie": "roost"},
            "5": {"eyrie": "roost"},
            "9": CAT_9,
            "2": {"eyrie": "2w"},
        },
        **base,
    )
    assert sorted(two.legal_tokens()) == sorted(["craft 37", f"craft {RACKET}", "done"])


def test_7_2_1_craft_step_without_a_craftable_card_offers_only_done() -> None:
    # No roost matches the fox cost, yet the craft step is asked: skipping it would tell the
    # Marquise that nothing in hand can be crafted (1.2.1).
    desc: dict[str, Any] = {
        "at": "daylight",
        "clearings": {"3": {"eyrie": "roost"}, "5": {"eyrie": "2w"}, "9": CAT_9},
        "eyrie": {"leader": "despot", "decree": {"move": ["vizier"], "build": ["vizier"]}},
    }
    g = eyrie_pos(hands={"eyrie": ["anvil"]}, **desc)
    assert (g.step, g.decision, g.current_seat) == ("craft", "craft", E)
    assert g.legal_tokens() == ["done"]
    with pytest.raises(IllegalAction):
        g.apply(f"craft {ANVIL}")
    g.apply("done")
    assert g.decision == "decree"
    assert g.state.seats[E].hand == [ANVIL]
    assert g.state.seats[E].items == []
    # With an empty hand there is nothing to hide: the step is skipped.
    empty = eyrie_pos(hands={"eyrie": []}, **desc)
    assert (empty.step, empty.decision) == ("decree", "decree")


# --- 7.2.2 Lords of the Forest -----------------------------------------------------------------


def test_7_2_2_eyrie_rule_a_tied_clearing() -> None:
    g = eyrie_pos(
        clearings={
            "5": {"eyrie": "2w", "marquise": "1w sawmill"},  # 2-2: Eyrie
            "2": {"eyrie": "1w roost", "marquise": "2w"},  # 2-2: Eyrie
            "7": {"eyrie": "1w", "marquise": "2w"},  # 1-2: Marquise
            "8": {"eyrie": "3w", "marquise": "2w sawmill"},  # 3-3: Eyrie
        }
    )
    assert [ruler(g.state, c) for c in (5, 2, 7, 8)] == [E, E, M, E]


def test_7_2_2_never_a_clearing_without_eyrie_warriors_or_buildings() -> None:
    g = eyrie_pos(
        clearings={
            "5": {"marquise": "2wood"},  # 0-0 with only Marquise tokens: nobody
            "9": {"marquise": "keep"},  # 0-0: nobody
        }
    )
    # 8 is empty: 0-0.
    assert [ruler(g.state, c) for c in (5, 8, 9)] == [None, None, None]


def test_7_2_2_three_players_the_eyrie_rule_only_a_tie_for_most() -> None:
    # Marquise (0), Eyrie (1), Alliance (2). A tie of the other two above the Eyrie rules for
    # nobody; a three-way tie for most is the Eyrie's; the Vagabond's pawn counts for nothing.
    g = build(
        {
            "factions": ["marquise", "eyrie", "alliance", "vagabond"],
            "turn": "eyrie",
            "clearings": {
                "5": {"marquise": "2w", "alliance": "2w", "eyrie": "1w"},  # 2-2-1: nobody
                "2": {"marquise": "1w sawmill", "alliance": "2w", "eyrie": "2w"},  # 2-2-2
                "7": {"marquise": "2w", "alliance": "1w base", "eyrie": "1w roost"},  # 2-2-2
                "3": {"eyrie": "roost"},
            },
            "vagabond": {"character": "thief", "pawn": 8},  # 8: nothing else, nobody rules
        }
    )
    assert [ruler(g.state, c) for c in (5, 2, 7, 8, 3)] == [None, E, E, None, E]


def test_7_2_2_tied_clearings_count_for_the_eyries_dominance() -> None:
    # 3.3.1: fox dominance and three fox clearings ruled at the start of Birdsong, one of them
    # (12) by a tie: the Eyrie win.
    g = eyrie_pos(
        at="birdsong",
        clearings={
            "1": {"eyrie": "1w"},
            "8": {"eyrie": "1w roost"},
            "12": {"eyrie": "1w", "marquise": "1w"},
            "9": CAT_9,
        },
        dominance={"eyrie": "dominance:fox"},
    )
    assert g.is_over
    assert (g.winners, g.win_reason) == ([E], "dominance")


def test_7_2_2_eyrie_move_out_of_a_tied_clearing() -> None:
    # Clearing 5 is tied 1-1: the Eyrie rule it, so they may move to 1 and 2, which the
    # Marquise rule.
    g = eyrie_pos(
        at="daylight:decree",
        clearings={
            "5": {"eyrie": "2w", "marquise": "2w"},
            "1": {"marquise": "1w"},
            "2": {"marquise": "1w"},
            "3": {"eyrie": "roost"},
            "9": CAT_9,
        },
        eyrie={"leader": "commander", "decree": {"move": ["vizier"], "battle": ["vizier"]}},
    )
    assert g.decision == "decree"
    assert sorted(g.legal_tokens()) == ["move bird 5 1", "move bird 5 2"]


def test_7_2_2_no_move_into_an_empty_or_token_only_clearing_they_do_not_rule() -> None:
    # The Eyrie are outnumbered in 5; 1 holds only a Marquise wood token (0-0) and 2 holds an
    # Eyrie roost. Only the move to 2 is legal.
    g = eyrie_pos(
        at="daylight:decree",
        clearings={
            "5": {"eyrie": "2w", "marquise": "3w"},
            "1": {"marquise": "wood"},
            "2": {"eyrie": "roost"},
            "9": CAT_9,
        },
        eyrie={"leader": "commander", "decree": {"move": ["vizier"], "battle": ["vizier"]}},
    )
    assert move_pairs(g.state, E, [5]) == [(5, 2)]
    # The only Decree option was forced; now the Eyrie choose how many warriors move.
    assert g.decision == "move_count"
    assert g.legal_tokens() == ["count 1", "count 2"]


def test_7_2_2_eyrie_build_in_a_tied_clearing_but_not_an_empty_one() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={
            "3": {"eyrie": "roost"},
            "5": {"eyrie": "1w", "marquise": "1w"},  # tie: ruled, open slot
            "2": {"eyrie": "1w", "marquise": "2w"},  # outnumbered
            "8": {"eyrie": "1w"},  # ruled, open slot
            "9": {"marquise": "2wood"},  # no Eyrie piece: not ruled
        },
        eyrie={"leader": "despot", "decree": {"recruit": ["vizier"], "build": ["vizier"]}},
    )
    # The recruit at the only roost was forced; now the build.
    assert g.state.warriors[3][E] == 1
    assert sorted(g.legal_tokens()) == ["build bird 5", "build bird 8"]
    assert "do not rule clearing 2" in g.explain("build bird 2")
    assert "do not rule clearing 9" in g.explain("build bird 9")
    g.apply("build bird 5")
    assert roosts_at(g) == [3, 5]
    assert st(g.state, E).roosts == 5


# --- 7.2.3 Disdain for Trade -----------------------------------------------------------------


@pytest.mark.parametrize("leader", ["charismatic", "commander", "despot"])
def test_7_2_3_an_item_crafted_scores_one_vp(leader: str) -> None:
    g = eyrie_pos(
        at="daylight:craft",
        clearings={
            "3": {"eyrie": "roost"},
            "5": {"eyrie": "roost"},
            "2": {"eyrie": "2w"},
            "9": CAT_9,
        },
        hands={"eyrie": ["protection-racket", "anvil"]},
        vp={"eyrie": 4},
        eyrie={"leader": leader, "decree": {"move": ["vizier"], "build": ["vizier"]}},
    )
    g.apply(f"craft {RACKET}")
    assert g.scores[E] == 5  # 3 VP printed, 1 scored
    assert g.state.seats[E].items == ["coins"]
    assert g.state.items["coins"] == 1


def test_7_2_3_builder_ignores_disdain_for_trade() -> None:
    g = eyrie_pos(
        at="daylight:craft",
        clearings={
            "3": {"eyrie": "roost"},
            "5": {"eyrie": "roost"},
            "2": {"eyrie": "2w"},
            "9": CAT_9,
        },
        hands={"eyrie": ["protection-racket", "anvil"]},
        vp={"eyrie": 4},
        eyrie={"leader": "builder"},
    )
    g.apply(f"craft {RACKET}")
    assert g.scores[E] == 7  # the printed 3 VP
    assert g.state.seats[E].items == ["coins"]


def test_7_2_3_a_persistent_card_scores_nothing() -> None:
    g = eyrie_pos(
        at="daylight:craft",
        clearings={
            "3": {"eyrie": "roost"},
            "5": {"eyrie": "roost"},
            "2": {"eyrie": "2w"},
            "9": CAT_9,
        },
        hands={"eyrie": ["cobbler", "anvil"]},
        vp={"eyrie": 4},
        eyrie={"leader": "despot", "decree": {"move": ["vizier"], "build": ["vizier"]}},
    )
    g.apply(f"craft {cid('cobbler')}")
    assert g.scores[E] == 4
    assert g.state.seats[E].persistent == [cid("cobbler")]


# --- 7.3 Setup ----------------------------------------------------------------------------------


def _setup_until_eyrie(keep: int, seed: int = 3) -> Game:
    g = new_game(["marquise", "eyrie"], seed=seed, first_player=0)
    assert g.decision == "cat_keep"
    g.apply(f"keep {keep}")
    while g.decision != "eyrie_leader":
        assert g.current_faction == "marquise"
        g.apply(g.legal_actions()[0])
    return g


@pytest.mark.parametrize(("keep", "home"), [(1, 3), (2, 4), (3, 1), (4, 2)])
def test_7_3_roost_and_six_warriors_in_the_corner_opposite_the_keep(keep: int, home: int) -> None:
    g = _setup_until_eyrie(keep)
    s = g.state
    assert roosts_at(g) == [home]
    assert s.warriors[home][E] == 6
    assert sum(s.warriors[c][E] for c in range(1, 13)) == 6
    fs = st(s, E)
    assert fs.warriors == 14
    assert eyrie_total(g) == 20
    assert fs.roosts == 6  # the other six roosts on the track
    assert fs.home == home


@pytest.mark.parametrize(
    ("leader", "cols"),
    [
        ("builder", ("recruit", "move")),
        ("charismatic", ("recruit", "battle")),
        ("commander", ("move", "battle")),
        ("despot", ("move", "build")),
    ],
)
def test_7_3_leader_choice_and_viziers_in_its_columns(leader: str, cols: tuple[str, str]) -> None:
    g = _setup_until_eyrie(1)
    assert g.current_faction == "eyrie"
    assert sorted(g.legal_tokens()) == [f"leader {x}" for x in sorted(LEADERS)]
    g.apply(f"leader {leader}")
    fs = st(g.state, E)
    assert fs.leader == leader
    assert fs.face_up == [x for x in LEADERS if x != leader]
    names = ("recruit", "move", "battle", "build")
    expect = [[v for v, c in zip(VIZIERS, cols, strict=True) if c == n] for n in names]
    assert fs.decree == expect
    # Setup is over: the Marquise (first player) takes her turn; the Eyrie hold 3 cards.
    assert g.phase in ("birdsong", "daylight")
    assert g.turn_seat == M
    assert len(g.state.seats[E].hand) == 3


def test_7_3_2_without_another_starting_corner_any_corner_is_chosen() -> None:
    # No other player starts in a corner (the Alliance and the Vagabond have no starting
    # clearing): nothing to be diagonally opposite to, so the Eyrie choose among all four.
    g = new_game(["eyrie", "alliance", "vagabond"], seed=1, first_player=0)
    assert (g.decision, g.current_faction) == ("eyrie_corner", "eyrie")
    assert sorted(g.legal_tokens()) == ["corner 1", "corner 2", "corner 3", "corner 4"]
    with pytest.raises(IllegalAction):
        g.apply("corner 5")
    g.apply("corner 2")
    s = g.state
    assert [c for c in range(1, 13) if (0, "roost") in s.buildings[c]] == [2]
    assert s.warriors[2][0] == 6
    assert st(s, 0).home == 2
    assert (st(s, 0).warriors, st(s, 0).roosts) == (14, 6)
    assert g.decision == "eyrie_leader"


# --- 7.4.1 Emergency Orders ------------------------------------------------------------------


def test_7_4_1_emergency_orders_draw_before_adding_to_the_decree() -> None:
    g = eyrie_pos(
        at="birdsong",
        clearings={"3": {"eyrie": "6w roost"}, "9": CAT_9},
        hands={"eyrie": []},
        deck=["anvil", "sword"],
        eyrie={"leader": "commander"},
    )
    # The drawn card is already in hand when the Eyrie add to the Decree.
    assert (g.step, g.decision) == ("add_to_decree", "decree_add")
    assert g.state.seats[E].hand == [ANVIL]
    assert g.legal_tokens() == [
        f"decree {ANVIL} {c}" for c in ("recruit", "move", "battle", "build")
    ]
    assert g.state.deck[-1] == SWORD


def test_7_4_1_no_emergency_draw_with_cards_in_hand() -> None:
    g = eyrie_pos(
        at="birdsong",
        clearings={"3": {"eyrie": "6w roost"}, "9": CAT_9},
        hands={"eyrie": ["sword"]},
        deck=["anvil"],
        eyrie={"leader": "commander"},
    )
    assert g.decision == "decree_add"
    assert g.state.seats[E].hand == [SWORD]
    assert g.state.deck[-1] == ANVIL


def test_1_4_1_a_start_of_birdsong_draw_comes_before_emergency_orders() -> None:
    """Golden Rules (turn structure): what happens "at start of" Birdsong comes before
    everything else in it. Better Burrow Bank fills the Eyrie's empty hand there, so
    Emergency Orders finds a card in hand and draws none."""
    g = eyrie_pos(
        at="birdsong",
        clearings={"1": {"marquise": "2w keep"}, "3": {"eyrie": "2w roost"}},
        hands={"eyrie": [], "marquise": ["cobbler"]},
        deck=["anvil", "sappers", "sword"],
        persistent={"eyrie": ["better-burrow-bank"]},
        eyrie={"leader": "commander"},
    )
    assert (g.step, g.decision) == ("add_to_decree", "decree_add")
    assert g.state.seats[E].hand == [ANVIL]
    assert g.state.seats[M].hand == [cid("cobbler"), cid("sappers")]
    assert g.state.deck[-1] == SWORD  # not drawn by Emergency Orders


# --- 7.4.2 Add to the Decree -------------------------------------------------------------------


def _birdsong(hand: list[str], leader: str = "commander") -> Game:
    return eyrie_pos(
        at="birdsong",
        clearings={"3": {"eyrie": "6w roost"}, "7": {"marquise": "1w"}, "9": CAT_9},
        hands={"eyrie": hand},
        eyrie={"leader": leader},
    )


def test_7_4_2_must_add_at_least_one_card_to_any_column() -> None:
    g = _birdsong(["anvil", "sword"])
    assert g.decision == "decree_add"
    assert sorted(g.legal_tokens()) == sorted(
        f"decree {c} {col}"
        for c in (ANVIL, SWORD)
        for col in ("recruit", "move", "battle", "build")
    )
    assert "done" not in g.legal_tokens()
    why = g.explain("done")
    assert "at least one" in why and "7.4.2" in why
    with pytest.raises(IllegalAction):
        g.apply("done")


def test_7_4_2_may_stop_after_one_card() -> None:
    g = _birdsong(["anvil", "sword"])
    g.apply(f"decree {ANVIL} build")
    assert g.decision == "decree_add"
    assert sorted(g.legal_tokens()) == sorted(
        [f"decree {SWORD} {col}" for col in ("recruit", "move", "battle", "build")] + ["done"]
    )
    g.apply("done")
    assert decree(g) == [[], [V1], [V2], [ANVIL]]
    assert g.state.seats[E].hand == [SWORD]
    assert g.phase == "daylight"


def test_7_4_2_at_most_two_cards() -> None:
    g = _birdsong(["anvil", "sword", "a-visit-to-friends"])
    g.apply(f"decree {ANVIL} recruit")
    g.apply(f"decree {SWORD} recruit")
    # Two cards added: the step is over, with a card still in hand.
    assert g.decision != "decree_add"
    assert g.phase == "daylight"
    assert decree(g)[0] == sorted([ANVIL, SWORD])
    assert g.state.seats[E].hand == [VISIT]


def test_7_4_2_at_most_one_bird_card() -> None:
    g = _birdsong(["ambush:bird", "armorers", "anvil"])
    g.apply(f"decree {AMBUSH_BIRD} move")
    tokens = g.legal_tokens()
    assert not any(t.startswith(f"decree {ARMORERS} ") for t in tokens)
    assert sorted(tokens) == sorted(
        [f"decree {ANVIL} {col}" for col in ("recruit", "move", "battle", "build")] + ["done"]
    )
    why = g.explain(f"decree {ARMORERS} battle")
    assert "at most one" in why and "bird" in why and "7.4.2" in why
    with pytest.raises(IllegalAction):
        g.apply(f"decree {ARMORERS} battle")
    assert decree(g) == [[], sorted([V1, AMBUSH_BIRD]), [V2], []]


def test_7_4_2_a_bird_may_follow_a_non_bird() -> None:
    g = _birdsong(["anvil", "armorers"])
    g.apply(f"decree {ANVIL} battle")
    assert f"decree {ARMORERS} recruit" in g.legal_tokens()
    g.apply(f"decree {ARMORERS} recruit")
    assert decree(g) == [[ARMORERS], [V1], sorted([V2, ANVIL]), []]
    assert g.state.seats[E].hand == []


def test_7_4_2_after_a_bird_with_only_birds_left_only_done_is_asked() -> None:
    """The second card is still asked for (with only 'done' left), so that the opponent does
    not learn that the rest of the hand is all birds (1.2.1)."""
    g = _birdsong(["ambush:bird", "armorers"])
    g.apply(f"decree {AMBUSH_BIRD} build")
    assert (g.decision, g.legal_tokens()) == ("decree_add", ["done"])
    g.apply("done")
    assert g.phase == "daylight"
    assert g.state.seats[E].hand == [ARMORERS]
    assert decree(g) == [[], [V1], [V2], [AMBUSH_BIRD]]


def test_7_4_2_cards_added_to_the_decree_are_public() -> None:
    """Ruling 380: a card added to the Decree leaves the hidden hand for the faction board,
    where every player sees it (the Viziers show their suit); the hand size drops by one."""
    g = build(
        {
            "factions": ["marquise", "eyrie"],
            "turn": "eyrie",
            "at": "birdsong",
            "clearings": {"3": {"eyrie": "6w roost"}, "7": {"marquise": "1w"}, "9": CAT_9},
            "hands": {"eyrie": ["anvil", "sword"]},
            "eyrie": {"leader": "commander"},
        },
        log=True,
    )
    g.apply(f"decree {ANVIL} build")
    for seat in (M, None):
        board = g.view(seat)["players"][E]["board"]
        assert board["decree"] == {"recruit": [], "move": [V1], "battle": [V2], "build": [ANVIL]}
        assert g.view(seat)["players"][E]["hand_size"] == 1
        assert g.events(seat)[-1]["token"] == f"decree {ANVIL} build"


# --- 7.4.3 A New Roost -------------------------------------------------------------------------


def _no_roost_board(
    zero: tuple[int, ...], extra: dict[str, dict[str, str]] | None = None
) -> dict[str, dict[str, str]]:
    """The keep in 1 (no warriors there); 2 Marquise warriors everywhere else except in the
    clearings of ``zero``."""
    cl: dict[str, dict[str, str]] = {"1": {"marquise": "keep"}}
    for c in range(2, 13):
        if c not in zero:
            cl[str(c)] = {"marquise": "2w"}
    cl.update(extra or {})
    return cl


def test_7_4_3_new_roost_in_the_clearing_with_fewest_warriors_not_the_keep() -> None:
    # Clearing 1 (the keep) and 8 have no warriors; the keep's clearing cannot take it.
    g = eyrie_pos(
        at="birdsong:new_roost",
        clearings=_no_roost_board((8,)),
        hands={"eyrie": ["anvil"]},  # crafting with the new fox roost stops the turn there
        eyrie={"leader": "despot"},
    )
    assert roosts_at(g) == [8]
    assert g.state.warriors[8][E] == 3
    fs = st(g.state, E)
    assert (fs.roosts, fs.warriors) == (6, 17)
    assert eyrie_total(g) == 20
    assert g.decision == "craft"


def test_7_4_3_fewest_warriors_counts_every_player() -> None:
    # 8 has 2 Eyrie warriors, 9 has 1 Marquise warrior: 9 has the fewest.
    g = eyrie_pos(
        at="birdsong:new_roost",
        clearings=_no_roost_board((), {"8": {"eyrie": "2w"}, "9": {"marquise": "1w"}}),
        eyrie={"leader": "despot"},
    )
    assert roosts_at(g) == [9]
    assert g.state.warriors[9] == (1, 3)
    assert g.state.warriors[8][E] == 2


def test_7_4_3_a_clearing_without_an_open_slot_is_skipped() -> None:
    # 3 has no warriors but its only slot holds a sawmill; 8 has one warrior.
    g = eyrie_pos(
        at="birdsong:new_roost",
        clearings=_no_roost_board((3,), {"3": {"marquise": "sawmill"}, "8": {"marquise": "1w"}}),
        eyrie={"leader": "despot"},
    )
    assert roosts_at(g) == [8]
    assert g.state.warriors[8] == (1, 3)


def test_7_4_3_ties_the_eyrie_choose_among_the_tied_only() -> None:
    g = eyrie_pos(
        at="birdsong:new_roost",
        clearings=_no_roost_board((8, 9)),
        eyrie={"leader": "despot"},
    )
    assert (g.decision, g.current_seat) == ("new_roost", E)
    assert g.legal_tokens() == ["roost 8", "roost 9"]
    with pytest.raises(IllegalAction):
        g.apply("roost 1")
    g.apply("roost 9")
    assert roosts_at(g) == [9]
    assert g.state.warriors[9][E] == 3


def test_7_4_3_no_legal_clearing_places_nothing() -> None:
    # Every open slot outside the keep's clearing holds a Marquise building.
    cl = {
        "1": {"marquise": "keep"},
        "2": {"marquise": "sawmill workshop"},
        "3": {"marquise": "sawmill"},
        "4": {"marquise": "sawmill"},
        "5": {"marquise": "sawmill workshop", "eyrie": "2w"},
        "6": {"marquise": "sawmill"},
        "7": {"marquise": "workshop recruiter"},
        "8": {"marquise": "workshop recruiter"},
        "9": {"marquise": "workshop recruiter 2w"},
        "10": {"marquise": "recruiter"},
        "11": {"marquise": "recruiter recruiter"},
        "12": {"marquise": "workshop"},
    }
    g = eyrie_pos(at="birdsong:new_roost", clearings=cl, eyrie={"leader": "despot"})
    assert roosts_at(g) == []
    fs = st(g.state, E)
    assert (fs.roosts, fs.warriors) == (7, 18)
    # Daylight went on: the Decree's Move (bird) is pending.
    assert g.decision == "decree"


def test_7_4_3_short_supply_places_the_roost_and_the_warriors_left() -> None:
    # 19 Eyrie warriors in 5 leave one in supply: the roost and that warrior go to 8, the
    # clearing with no warrior (as many as possible, 1.5.4).
    g = eyrie_pos(
        at="birdsong:new_roost",
        clearings=_no_roost_board((8,), {"5": {"marquise": "2w", "eyrie": "19w"}}),
        eyrie={"leader": "despot"},
    )
    assert roosts_at(g) == [8]
    assert g.state.warriors[8] == (0, 1)
    fs = st(g.state, E)
    assert (fs.roosts, fs.warriors) == (6, 0)
    assert eyrie_total(g) == 20


def test_7_4_3_no_new_roost_while_one_is_on_the_map() -> None:
    g = eyrie_pos(
        at="birdsong:new_roost",
        clearings={
            "1": {"marquise": "keep"},
            "3": {"eyrie": "roost"},
            "5": {"eyrie": "2w"},
            "9": CAT_9,
        },
        eyrie={"leader": "despot"},
    )
    assert roosts_at(g) == [3]
    assert st(g.state, E).warriors == 18


def test_7_4_3_new_roost_in_the_birdsong_of_a_full_turn() -> None:
    # A roostless Eyrie turn from its start: Emergency Orders, the Decree, then a new roost.
    g = eyrie_pos(
        at="birdsong",
        clearings=_no_roost_board((8,)),
        hands={"eyrie": []},
        deck=["sword"],
        eyrie={"leader": "despot"},
    )
    assert g.decision == "decree_add"
    g.apply(f"decree {SWORD} recruit")
    assert roosts_at(g) == [8]
    assert g.state.warriors[8][E] == 3


def test_birdsong_late_window_royal_claim_after_new_roost() -> None:
    # No Eyrie piece on the map at the start of Birdsong: Royal Claim would score nothing in
    # the first window, but it is offered again after A New Roost, which counts clearing 8.
    rc = cid("royal-claim")
    g = eyrie_pos(
        at="birdsong",
        clearings=_no_roost_board((8,)),
        hands={"eyrie": []},
        deck=["anvil"],
        persistent={"eyrie": ["royal-claim"]},
        eyrie={"leader": "despot"},
    )
    assert (g.phase, g.step, g.decision, g.current_seat) == (
        "birdsong", "cards", "birdsong_cards", E
    )
    assert g.legal_tokens() == ["royal-claim", "done"]
    early = g.clone()
    early.apply("royal-claim")
    assert early.scores == [0, 0]
    g.apply("done")
    # Emergency Orders drew the Anvil; it goes to the Decree; then the new roost in 8.
    assert g.decision == "decree_add"
    g.apply(f"decree {ANVIL} recruit")
    assert roosts_at(g) == [8]
    assert (g.phase, g.step, g.decision, g.current_seat) == (
        "birdsong", "late_cards", "birdsong_cards", E
    )
    assert g.legal_tokens() == ["royal-claim", "done"]
    g.apply("royal-claim")
    assert g.scores == [0, 1]  # clearing 8, ruled with the new roost and three warriors
    assert g.state.seats[E].persistent == []
    assert g.state.discard == [rc]
    # Daylight: the fox Recruit card was carried out in 8; the Move Vizier is pending.
    assert (g.phase, g.decision) == ("daylight", "decree")
    assert g.state.warriors[8][E] == 4
