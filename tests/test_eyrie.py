"""Scenario tests for the Eyrie Dynasties (Law of Root, section 7).

Each test builds a position with the position builder (or plays a new game's setup), drives
the engine through its public interface and asserts the exact outcome. Seat 0 is the
Marquise, seat 1 the Eyrie.
"""

from __future__ import annotations

from typing import Any

import pytest

from rootgame import new_game
from rootgame.cards import DECK, ids_for_key
from rootgame.errors import IllegalAction
from rootgame.factions.eyrie import LEADERS, VIZIERS, st
from rootgame.game import Game
from rootgame.position import build
from rootgame.rules.core import ruler
from rootgame.rules.movement import move_pairs

M, E = 0, 1
V1, V2 = VIZIERS


def cid(key: str, n: int = 0) -> int:
    """The id of the ``n``-th copy of the card ``key``."""
    return ids_for_key(key)[n]


ANVIL = cid("anvil")  # fox; craft: fox; hammer, 2 VP
SWORD = cid("sword")  # mouse; craft: fox fox; sword, 2 VP
VISIT = cid("a-visit-to-friends")  # rabbit; craft: rabbit; boot, 1 VP
GEAR_FOX = cid("travel-gear:fox")  # fox; craft: rabbit; boot, 1 VP
RACKET = cid("protection-racket")  # fox; craft: rabbit rabbit; coins, 3 VP
BAKE_SALE = cid("bake-sale")  # rabbit; craft: rabbit rabbit; coins, 3 VP
TEA_FOX = cid("root-tea:fox")  # fox; craft: mouse; tea, 2 VP
AMBUSH_BIRD = cid("ambush:bird")  # bird
ARMORERS = cid("armorers")  # bird


def pos(**desc: Any) -> Game:
    """A Marquise-vs-Eyrie position; the Eyrie's turn unless ``turn`` says otherwise."""
    d: dict[str, Any] = {"factions": ["marquise", "eyrie"], "turn": "eyrie"}
    d.update(desc)
    return build(d)


def decree(g: Game) -> list[list[int]]:
    return [sorted(col) for col in st(g.state, E).decree]


def roosts_at(g: Game) -> list[int]:
    return [c for c in range(1, 13) if (E, "roost") in g.state.buildings[c]]


def eyrie_total(g: Game) -> int:
    """Every Eyrie warrior, on the map and in the supply."""
    return sum(g.state.warriors[c][E] for c in range(1, 13)) + st(g.state, E).warriors


# A Marquise with two warriors in clearing 9 always has a real decision (march) in Daylight,
# so a test's turn stops there instead of running into the next Eyrie turn.
CAT_9 = {"marquise": "2w"}


# --- 7.2.1 Crafting ---------------------------------------------------------------------------


def test_7_2_1_craft_decision_comes_before_the_decree() -> None:
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    one = pos(clearings={"3": {"eyrie": "roost"}, "9": CAT_9, "2": {"eyrie": "2w"}}, **base)
    assert sorted(one.legal_tokens()) == ["craft 37", "done"]
    two = pos(
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
    g = pos(hands={"eyrie": ["anvil"]}, **desc)
    assert (g.step, g.decision, g.current_seat) == ("craft", "craft", E)
    assert g.legal_tokens() == ["done"]
    with pytest.raises(IllegalAction):
        g.apply(f"craft {ANVIL}")
    g.apply("done")
    assert g.decision == "decree"
    assert g.state.seats[E].hand == [ANVIL]
    assert g.state.seats[E].items == []
    # With an empty hand there is nothing to hide: the step is skipped.
    empty = pos(hands={"eyrie": []}, **desc)
    assert (empty.step, empty.decision) == ("decree", "decree")


# --- 7.2.2 Lords of the Forest -----------------------------------------------------------------


def test_7_2_2_eyrie_rule_a_tied_clearing() -> None:
    g = pos(
        clearings={
            "5": {"eyrie": "2w", "marquise": "1w sawmill"},  # 2-2: Eyrie
            "2": {"eyrie": "1w roost", "marquise": "2w"},  # 2-2: Eyrie
            "7": {"eyrie": "1w", "marquise": "2w"},  # 1-2: Marquise
            "8": {"eyrie": "3w", "marquise": "2w sawmill"},  # 3-3: Eyrie
        }
    )
    assert [ruler(g.state, c) for c in (5, 2, 7, 8)] == [E, E, M, E]


def test_7_2_2_never_a_clearing_without_eyrie_warriors_or_buildings() -> None:
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
        at="birdsong",
        clearings={"3": {"eyrie": "6w roost"}, "9": CAT_9},
        hands={"eyrie": ["sword"]},
        deck=["anvil"],
        eyrie={"leader": "commander"},
    )
    assert g.decision == "decree_add"
    assert g.state.seats[E].hand == [SWORD]
    assert g.state.deck[-1] == ANVIL


# --- 7.4.2 Add to the Decree -------------------------------------------------------------------


def _birdsong(hand: list[str], leader: str = "commander") -> Game:
    return pos(
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
    g = pos(
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
    g = pos(
        at="birdsong:new_roost",
        clearings=_no_roost_board((), {"8": {"eyrie": "2w"}, "9": {"marquise": "1w"}}),
        eyrie={"leader": "despot"},
    )
    assert roosts_at(g) == [9]
    assert g.state.warriors[9] == (1, 3)
    assert g.state.warriors[8][E] == 2


def test_7_4_3_a_clearing_without_an_open_slot_is_skipped() -> None:
    # 3 has no warriors but its only slot holds a sawmill; 8 has one warrior.
    g = pos(
        at="birdsong:new_roost",
        clearings=_no_roost_board((3,), {"3": {"marquise": "sawmill"}, "8": {"marquise": "1w"}}),
        eyrie={"leader": "despot"},
    )
    assert roosts_at(g) == [8]
    assert g.state.warriors[8] == (1, 3)


def test_7_4_3_ties_the_eyrie_choose_among_the_tied_only() -> None:
    g = pos(
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
    g = pos(at="birdsong:new_roost", clearings=cl, eyrie={"leader": "despot"})
    assert roosts_at(g) == []
    fs = st(g.state, E)
    assert (fs.roosts, fs.warriors) == (7, 18)
    # Daylight went on: the Decree's Move (bird) is pending.
    assert g.decision == "decree"


def test_7_4_3_short_supply_places_the_roost_and_the_warriors_left() -> None:
    # 19 Eyrie warriors in 5 leave one in supply: the roost and that warrior go to 8, the
    # clearing with no warrior (as many as possible, 1.5.4).
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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


# --- 7.5.2 Resolve the Decree ------------------------------------------------------------------


def test_7_5_2_columns_are_resolved_left_to_right() -> None:
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
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
    g = pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "2w roost"}, "9": CAT_9},
        vp={"eyrie": 6},
        eyrie={"leader": "commander", "decree": {"recruit": ["vizier"], "move": ["vizier"]}},
    )
    # Recruit at 3 was forced; the move from 3 offers 6, 7, 11.
    assert g.state.warriors[3][E] == 3
    assert sorted(g.legal_tokens()) == ["move bird 3 11", "move bird 3 6", "move bird 3 7"]
    assert g.scores[E] == 6


# --- 7.6 Evening ----------------------------------------------------------------------------------


ROOST_SPOTS = (1, 2, 3, 4, 5, 7, 8)


@pytest.mark.parametrize(
    ("n", "vp", "cards"),
    [(1, 0, 1), (2, 1, 1), (3, 2, 2), (4, 3, 2), (5, 4, 2), (6, 4, 3), (7, 5, 3)],
)
def test_7_6_score_the_rightmost_empty_roost_space_and_draw(n: int, vp: int, cards: int) -> None:
    cl: dict[str, dict[str, str]] = {str(c): {"eyrie": "roost"} for c in ROOST_SPOTS[:n]}
    cl["9"] = CAT_9
    g = pos(
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
    g = pos(
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


# --- 7.7 Turmoil --------------------------------------------------------------------------------


def _turmoil_position(**kw: Any) -> Game:
    """Commander with a fox card in Recruit and roosts only in rabbit clearings 3, 4, 5:
    the Decree falls into turmoil at once."""
    eyrie = {
        "leader": "commander",
        "decree": {
            "recruit": ["anvil"],
            "move": ["vizier", "ambush:bird"],
            "battle": ["vizier", "sword"],
        },
    }
    eyrie.update(kw.pop("eyrie", {}))
    d: dict[str, Any] = {
        "at": "daylight:decree",
        "clearings": {
            "3": {"eyrie": "2w roost"},
            "4": {"eyrie": "roost"},
            "5": {"eyrie": "roost"},
            "9": CAT_9,
        },
        "vp": {"eyrie": 5},
        "hands": {"eyrie": []},
        "deck": ["bake-sale", "cobbler", "investments"],
        "eyrie": eyrie,
    }
    d.update(kw)
    return pos(**d)


def test_7_7_1_humiliate_one_vp_per_bird_including_viziers() -> None:
    g = _turmoil_position()
    assert g.decision == "eyrie_leader"
    assert g.scores[E] == 2  # 2 Viziers + ambush:bird
    assert [x for x in g.state.vp_log if x[2] == "humiliate"] == [(E, -3, "humiliate")]


def test_7_7_1_vp_may_go_below_zero() -> None:
    g = _turmoil_position(vp={"eyrie": 1})
    assert g.scores[E] == -2


def test_7_7_1_humiliate_takes_nothing_with_an_activated_dominance_card() -> None:
    # 3.3.1: with an activated dominance card the Eyrie's score marker is off the track; the
    # turmoil goes on (purge, depose) but no VP are lost.
    g = _turmoil_position(dominance={"eyrie": "dominance:mouse"})
    assert g.decision == "eyrie_leader"
    assert g.scores[E] == 5
    assert [x for x in g.state.vp_log if x[2] == "humiliate"] == []
    assert sorted(g.state.discard) == sorted([ANVIL, AMBUSH_BIRD, SWORD])


def test_7_7_2_purge_keeps_only_the_viziers() -> None:
    g = _turmoil_position()
    assert sorted(g.state.discard) == sorted([ANVIL, AMBUSH_BIRD, SWORD])
    # Only the two Viziers are left (the new leader will tuck them into its columns).
    assert sorted(x for col in st(g.state, E).decree for x in col) == sorted(VIZIERS)
    assert g.state.seats[E].hand == []


def test_7_7_2_purged_dominance_card_becomes_available() -> None:
    # Three players keep the dominance cards (5.1.3). The fox dominance card in Recruit cannot
    # be carried out (no fox roost): it is purged, and a discarded dominance card goes beside
    # the map, available (3.3.3), while the rabbit card goes to the discard pile.
    g = build(
        {
            "factions": ["marquise", "eyrie", "alliance"],
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {"3": {"eyrie": "2w roost"}, "9": CAT_9},
            "vp": {"eyrie": 5},
            "hands": {"eyrie": []},
            "eyrie": {
                "leader": "despot",
                "decree": {"recruit": ["dominance:fox"], "move": ["vizier", "bake-sale"],
                           "build": ["vizier"]},
            },
        }
    )
    assert (g.decision, g.current_seat) == ("eyrie_leader", E)
    assert g.state.available_dominance == [cid("dominance:fox")]
    assert g.state.discard == [BAKE_SALE]
    assert g.scores[E] == 3  # the two Viziers
    assert sorted(x for col in st(g.state, E).decree for x in col) == sorted(VIZIERS)


def test_7_7_3_depose_choose_a_new_leader_among_the_face_up_only() -> None:
    g = _turmoil_position(eyrie={"face_up": ["builder", "despot"]})
    assert (g.decision, g.current_seat) == ("eyrie_leader", E)
    assert sorted(g.legal_tokens()) == ["leader builder", "leader despot"]
    with pytest.raises(IllegalAction):
        g.apply("leader commander")  # the deposed leader is face down
    with pytest.raises(IllegalAction):
        g.apply("leader charismatic")  # face down since an earlier turmoil
    g.apply("leader builder")
    fs = st(g.state, E)
    assert fs.leader == "builder"
    assert fs.face_up == ["despot"]
    # The Viziers are tucked into the Builder's columns: Recruit and Move.
    assert fs.decree == [[V1], [V2], [], []]


def test_7_7_3_a_single_face_up_leader_is_taken() -> None:
    g = _turmoil_position(eyrie={"face_up": ["despot"]})
    fs = st(g.state, E)
    assert fs.leader == "despot"
    assert fs.face_up == []
    assert fs.decree == [[], [V1], [], [V2]]


def test_7_7_3_i_a_new_clutch_when_no_leader_is_face_up() -> None:
    g = _turmoil_position(eyrie={"leader": "despot", "face_up": []})
    assert g.decision == "eyrie_leader"
    # All four turn face up again, the one just deposed included.
    assert sorted(g.legal_tokens()) == [f"leader {x}" for x in sorted(LEADERS)]
    g.apply("leader despot")
    fs = st(g.state, E)
    assert fs.leader == "despot"
    assert fs.face_up == ["builder", "charismatic", "commander"]
    assert fs.decree == [[], [V1], [], [V2]]


def test_7_7_4_rest_daylight_ends_but_evening_scores_and_draws() -> None:
    g = _turmoil_position()
    g.apply("leader despot")
    # No Move or Battle was resolved; Evening: 3 roosts -> 2 VP and 2 cards.
    assert g.state.warriors[3][E] == 2
    assert g.scores[E] == 2 + 2
    assert sorted(g.state.seats[E].hand) == sorted([BAKE_SALE, cid("cobbler")])
    assert g.turn_seat == M


# --- 7.8 Leaders ---------------------------------------------------------------------------------


def test_7_8_1_builder_viziers_and_printed_vp() -> None:
    g = pos(
        at="daylight:craft",
        clearings={
            "3": {"eyrie": "roost"},
            "5": {"eyrie": "roost"},
            "2": {"eyrie": "2w"},
            "9": CAT_9,
        },
        hands={"eyrie": ["bake-sale", "anvil"]},
        eyrie={"leader": "builder"},
    )
    assert st(g.state, E).decree == [[V1], [V2], [], []]
    g.apply(f"craft {BAKE_SALE}")
    assert g.scores[E] == 3


def test_7_8_2_charismatic_recruits_two_warriors() -> None:
    g = pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "roost"}, "8": {"eyrie": "roost"}, "9": CAT_9},
        eyrie={"leader": "charismatic", "decree": {"recruit": ["vizier"], "build": ["vizier"]}},
    )
    g.apply("recruit bird 8")
    assert g.state.warriors[8][E] == 2
    assert g.state.warriors[3][E] == 0
    assert st(g.state, E).warriors == 18


def test_7_8_2_charismatic_with_one_warrior_places_it_then_turmoil() -> None:
    g = pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "19w roost", "marquise": "1w"}, "9": CAT_9},
        vp={"eyrie": 5},
        eyrie={"leader": "charismatic"},
    )
    # The Battle (bird) card in 3 was possible, but turmoil came first.
    assert g.state.warriors[3] == (1, 20)
    assert st(g.state, E).warriors == 0
    assert g.scores[E] == 3
    assert g.decision == "eyrie_leader"
    assert sorted(g.legal_tokens()) == ["leader builder", "leader commander", "leader despot"]


def test_7_8_2_charismatic_with_no_warrior_falls_into_turmoil() -> None:
    g = pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "20w roost", "marquise": "1w"}, "9": CAT_9},
        vp={"eyrie": 5},
        eyrie={"leader": "charismatic"},
    )
    assert g.state.warriors[3] == (1, 20)
    assert g.scores[E] == 3
    assert g.decision == "eyrie_leader"


def test_7_8_2_other_leaders_recruit_one_warrior() -> None:
    g = pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "roost"}, "8": {"eyrie": "roost"}, "9": CAT_9},
        eyrie={"leader": "builder"},
    )
    g.apply("recruit bird 8")
    assert g.state.warriors[8][E] == 1


def _eyrie_battle(leader: str, marquise: str, dice: list[int]) -> Game:
    """The Eyrie (3 warriors) attack the Marquise in fox clearing 8 with a bird card."""
    return pos(
        at="daylight:decree",
        clearings={
            "8": {"eyrie": "3w", "marquise": marquise},
            "3": {"eyrie": "roost"},
            "9": {"eyrie": "1w"},
            "12": CAT_9,
        },
        vp={"eyrie": 0},
        eyrie={"leader": leader, "decree": {"battle": ["vizier"], "build": ["vizier"]}},
        dice=[dice],
    )


def test_7_8_3_commander_deals_an_extra_hit_as_attacker() -> None:
    g = _eyrie_battle("commander", "3w", [1, 1])
    assert g.state.warriors[8] == (1, 2)


def test_7_8_3_other_leaders_deal_no_extra_hit() -> None:
    g = _eyrie_battle("despot", "3w", [1, 1])
    assert g.state.warriors[8] == (2, 2)


def test_7_8_3_commander_no_extra_hit_as_defender() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "8": {"eyrie": "3w", "marquise": "3w"},
            "3": {"eyrie": "roost"},
            "9": {"marquise": "2w"},
        },
        eyrie={"leader": "commander"},
        turn_state={"actions": 2},
        dice=[[1, 1]],
    )
    assert (g.decision, g.current_seat) == ("cat_actions", M)
    g.apply("battle 8 1")
    assert g.state.warriors[8] == (2, 2)


def test_7_8_4_despot_extra_vp_for_removing_a_building() -> None:
    g = _eyrie_battle("despot", "1w sawmill", [3, 0])
    assert g.state.warriors[8] == (0, 3)
    assert g.state.buildings[8] == ()
    assert g.scores[E] == 2  # 1 for the sawmill + 1 Despot


def test_7_8_4_despot_extra_vp_once_per_battle() -> None:
    g = _eyrie_battle("despot", "sawmill workshop", [2, 0])
    assert g.state.buildings[8] == ()
    assert g.scores[E] == 3  # 2 buildings + 1 Despot (not 2)


def test_7_8_4_despot_extra_vp_for_a_token() -> None:
    g = _eyrie_battle("despot", "wood", [0, 0])
    assert g.state.tokens[8] == ()
    assert g.scores[E] == 2


def test_7_8_4_despot_no_extra_vp_for_warriors_only() -> None:
    g = _eyrie_battle("despot", "3w", [2, 0])
    assert g.state.warriors[8] == (1, 3)
    assert g.scores[E] == 0


def test_7_8_4_other_leaders_no_extra_vp_for_buildings() -> None:
    g = _eyrie_battle("commander", "1w sawmill", [3, 0])
    assert g.state.buildings[8] == ()
    assert g.scores[E] == 1


def test_7_8_viziers_are_bird_cards_of_no_deck() -> None:
    g = _turmoil_position()
    # The Viziers never reach the discard pile or the deck.
    assert all(x >= 0 for x in g.state.discard + g.state.deck)
    assert all(c.id >= 0 for c in DECK)


# --- More edge cases ------------------------------------------------------------------------------


def test_7_7_1_resolved_bird_cards_still_count() -> None:
    # The bird card is carried out first, but it stays in the Decree and is humiliating too.
    g = pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "roost"}, "9": CAT_9},
        vp={"eyrie": 6},
        eyrie={
            "leader": "despot",
            "decree": {"recruit": ["armorers", "anvil"], "move": ["vizier"], "build": ["vizier"]},
        },
    )
    assert sorted(g.legal_tokens()) == ["recruit bird 3", "turmoil fox"]
    g.apply("recruit bird 3")
    assert g.state.warriors[3][E] == 1
    assert g.scores[E] == 3  # armorers + 2 Viziers
    assert sorted(g.state.discard) == sorted([ARMORERS, ANVIL])


def test_7_5_2_build_with_every_roost_on_the_map_is_turmoil() -> None:
    cl: dict[str, dict[str, str]] = {str(c): {"eyrie": "roost"} for c in ROOST_SPOTS}
    cl["9"] = {"eyrie": "2w"}  # ruled, open slot, no roost: only the roost supply is lacking
    cl["12"] = CAT_9
    g = pos(
        at="daylight:decree",
        clearings=cl,
        vp={"eyrie": 5},
        eyrie={"leader": "despot", "decree": {"build": ["vizier", "vizier"]}},
    )
    assert st(g.state, E).roosts == 0
    assert g.decision == "eyrie_leader"
    assert g.scores[E] == 3
    assert roosts_at(g) == list(ROOST_SPOTS)


def test_7_6_1_no_roost_on_the_map_scores_nothing_and_draws_one() -> None:
    g = pos(
        at="evening",
        clearings={"5": {"eyrie": "2w"}, "9": CAT_9},
        hands={"eyrie": []},
        deck=["anvil", "sword"],
        vp={"eyrie": 4},
    )
    assert g.scores[E] == 4
    assert g.state.seats[E].hand == [ANVIL]
    assert g.turn_seat == M


def test_7_6_1_a_removed_roost_goes_back_to_the_track() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "3": {"eyrie": "roost", "marquise": "3w"},
            "5": {"eyrie": "roost"},
            "9": {"marquise": "2w"},
        },
        turn_state={"actions": 2},
        dice=[[1, 0]],
    )
    assert st(g.state, E).roosts == 5
    g.apply("battle 3 1")
    # One rolled hit + one for a defenseless defender: the roost is removed.
    assert roosts_at(g) == [5]
    assert st(g.state, E).roosts == 6
    assert g.scores == [1, 0]


def test_7_8_3_commander_extra_hit_is_not_capped_by_warriors() -> None:
    # One Eyrie warrior: the roll of 3 is capped at 1 hit; the Commander's hit comes on top.
    g = pos(
        at="daylight:decree",
        clearings={
            "8": {"eyrie": "1w", "marquise": "3w"},
            "3": {"eyrie": "roost"},
            "9": {"eyrie": "1w"},
            "12": CAT_9,
        },
        eyrie={"leader": "commander", "decree": {"battle": ["vizier"], "build": ["vizier"]}},
        dice=[[3, 0]],
    )
    assert g.state.warriors[8] == (1, 1)


def test_7_8_4_despot_extra_vp_as_defender_too() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "8": {"eyrie": "2w", "marquise": "1w sawmill"},
            "3": {"eyrie": "roost"},
            "9": {"marquise": "2w"},
        },
        eyrie={"leader": "despot"},
        turn_state={"actions": 2},
        dice=[[2, 2]],
    )
    g.apply("battle 8 1")
    assert g.state.warriors[8] == (0, 1)
    assert g.state.buildings[8] == ()
    assert g.scores == [0, 2]  # sawmill + Despot


def test_7_5_2_a_decree_in_progress_survives_save_and_load() -> None:
    g = pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "roost"}, "8": {"eyrie": "roost"}, "9": CAT_9},
        eyrie={
            "leader": "despot",
            "decree": {
                "recruit": ["anvil", "a-visit-to-friends", "armorers"],
                "move": ["vizier"],
                "build": ["vizier"],
            },
        },
    )
    g.apply("recruit rabbit 3")
    h = Game.from_json(g.to_json())
    assert sorted(h.legal_tokens()) == ["recruit bird 3", "recruit bird 8", "recruit fox 8"]
    assert h.legal_tokens() == g.legal_tokens()
    for x in (g, h):
        x.apply("recruit bird 8")
    assert g.to_json() == h.to_json()
    assert g.state.warriors[8][E] == 2
    assert g.state.warriors[3][E] == 1


def test_7_8_4_despot_extra_vp_when_an_ambush_ends_the_battle() -> None:
    # The Eyrie's ambush removes the attacking warrior and the sawmill; the battle ends there,
    # and the Despot still scores the extra VP.
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "8": {"eyrie": "2w", "marquise": "1w sawmill"},
            "3": {"eyrie": "roost"},
            "9": {"marquise": "2w"},
        },
        hands={"eyrie": ["ambush:bird"], "marquise": []},
        eyrie={"leader": "despot"},
        turn_state={"actions": 2},
    )
    g.apply("battle 8 1")
    assert (g.decision, g.current_seat) == ("ambush", E)
    g.apply(f"ambush {AMBUSH_BIRD}")
    assert g.state.warriors[8] == (0, 2)
    assert g.state.buildings[8] == ()
    assert g.scores == [0, 2]  # sawmill + Despot


# --- 1.2.1 Hands: whether the Decree and craft steps open reveals nothing ----------------------


def _three(hand: list[str], **kw: Any) -> Game:
    """Marquise, Eyrie, Alliance (three players: the dominance cards are in the game, 5.1.3).
    The Eyrie's Decree holds one card that can be carried out in a single way: the rabbit
    recruit at the roost in 3 (the Despot's Viziers, Move and Build, come after it)."""
    d: dict[str, Any] = {
        "factions": ["marquise", "eyrie", "alliance"],
        "turn": "eyrie",
        "at": "daylight:decree",
        "clearings": {"3": {"eyrie": "2w roost"}, "9": CAT_9},
        "hands": {"eyrie": hand},
        "eyrie": {
            "leader": "despot",
            "decree": {"recruit": ["a-visit-to-friends"], "move": ["vizier"], "build": ["vizier"]},
        },
    }
    d.update(kw)
    return build(d)


@pytest.mark.parametrize("card", ["dominance:fox", "anvil"])
def test_1_2_1_decree_card_asked_whatever_the_hand_at_ten_vp(card: str) -> None:
    """With 10 VP the Eyrie may activate a dominance card at any free moment of Daylight
    (3.3.1): if only a hand holding one opened the Decree's single-option step, the others
    would learn what the hand holds. So the step opens whatever the hand."""
    g = _three([card], vp={"eyrie": 10})
    assert (g.decision, g.current_seat) == ("decree", E)
    dom = cid("dominance:fox")
    want = ["recruit rabbit 3"] + ([f"dominance {dom}"] if card.startswith("dominance") else [])
    assert sorted(g.legal_tokens()) == sorted(want)
    assert g.state.warriors[3][E] == 2
    g.apply("recruit rabbit 3")
    assert g.state.warriors[3][E] == 3


@pytest.mark.parametrize("card", ["anvil", "bake-sale"])
def test_1_2_1_decree_card_asked_whatever_the_hand_with_an_available_dominance(card: str) -> None:
    """An available dominance card may be taken by spending a matching card (3.3.4): the
    fox card can, the rabbit card cannot, and the step opens for both."""
    g = _three([card], available_dominance=["dominance:fox"])
    assert (g.decision, g.current_seat) == ("decree", E)
    dom, anvil = cid("dominance:fox"), ANVIL
    extra = [f"take-dominance {dom} {anvil}"] if card == "anvil" else []
    assert sorted(g.legal_tokens()) == sorted(["recruit rabbit 3", *extra])


def test_1_2_1_decree_card_still_forced_when_no_dominance_is_unseen() -> None:
    # Two players: the dominance cards left the game at setup (5.1.3), so 10 VP change
    # nothing and the single way of carrying out the card is applied by itself.
    g = pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "2w roost"}, "9": CAT_9},
        hands={"eyrie": ["anvil"]},
        vp={"eyrie": 12},
        eyrie={
            "leader": "despot",
            "decree": {"recruit": ["a-visit-to-friends"], "move": ["vizier"], "build": ["vizier"]},
        },
    )
    assert g.state.warriors[3][E] == 3
    assert all(t.startswith("move bird 3 ") for t in g.legal_tokens())


@pytest.mark.parametrize("card", ["dominance:fox", "anvil"])
def test_1_2_1_craft_step_without_roosts_asked_whatever_the_hand_at_ten_vp(card: str) -> None:
    # No roost on the map: nothing can be crafted, but a dominance card could be activated.
    g = _three(
        [card],
        at="daylight:craft",
        vp={"eyrie": 10},
        clearings={"5": {"eyrie": "2w"}, "9": CAT_9},
        eyrie={"leader": "despot", "decree": {"move": ["vizier"], "build": ["vizier"]}},
    )
    assert (g.decision, g.current_seat) == ("craft", E)
    dom = cid("dominance:fox")
    want = ["done"] + ([f"dominance {dom}"] if card.startswith("dominance") else [])
    assert sorted(g.legal_tokens()) == sorted(want)
