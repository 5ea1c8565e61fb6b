"""Scenario tests for the Marquise de Cat (Law of Root, section 6). Seat 0 is the Marquise,
seat 1 the Eyrie."""

from __future__ import annotations

import pytest
from lawkit import (
    E,
    M,
    buildings,
    cid,
    count,
    discard,
    hand,
    kinds,
    play,
    pos,
    warriors,
)

import rootgame
from rootgame.factions.marquise import COST, VP
from rootgame.rules import core

# Eyrie Decree with both Viziers in Recruit (a single roost makes them resolve by themselves).
VIZIERS_RECRUIT = ["vizier", "vizier"]


def _eyrie_attacks(
    cat: str, birds: str, where: int, card: str, hand_keys: list[str], dice: list[int],
    **extra: object,
) -> rootgame.Game:
    """The Eyrie resolve one Battle card; their only possible battle is in ``where``."""
    clearings: dict[str, dict[str, str]] = {
        "1": {"marquise": "keep"},
        str(where): {"marquise": cat, "eyrie": birds},
        "3": {"eyrie": "2w roost"},
    }
    if where == 1:
        clearings["1"] = {"marquise": cat, "eyrie": birds}
    # Two Marquise warriors elsewhere, so that her next turn stops at her actions.
    clearings["9"] = {"marquise": "2w"}
    return pos(
        turn="eyrie",
        at="daylight:decree",
        clearings=clearings,
        hands={"marquise": hand_keys},
        eyrie={"decree": {"recruit": VIZIERS_RECRUIT, "battle": [card]}},
        dice=[dice],
        **extra,
    )


def _pass_ambush(g: rootgame.Game) -> None:
    """The Marquise defends holding cards but no matching ambush: the ambush window opens all
    the same (1.2.1), with "pass" as its only action."""
    assert (g.decision, g.current_seat, g.legal_tokens()) == ("ambush", M, ["pass"])
    g.apply("pass")


# --- 6.2 Faction rules ------------------------------------------------------------------------


def test_6_2_1_marquise_craft_with_workshops_only() -> None:
    g = pos(
        turn="marquise",
        at="daylight:craft",
        clearings={
            "1": {"marquise": "2w keep sawmill"},
            "12": {"marquise": "1w recruiter"},
            "9": {"marquise": "1w workshop"},
            "3": {"eyrie": "6w roost"},
        },
        hands={"marquise": ["anvil", "root-tea:fox"]},
    )
    assert g.decision == "craft"
    assert g.legal_tokens() == [f"craft {cid('root-tea:fox')}", "done"]
    g.apply(f"craft {cid('root-tea:fox')}")
    assert g.state.seats[M].items == ["tea"]
    assert g.scores == [2, 0]
    # The mouse workshop is used; the anvil needs a fox workshop: only "done" is left.
    assert (g.decision, g.legal_tokens()) == ("craft", ["done"])
    g.apply("done")
    assert g.decision == "cat_actions"
    assert hand(g, M) == ["anvil"]


def test_6_2_2_keep_forbids_eyrie_building_a_roost() -> None:
    g = pos(
        turn="eyrie",
        at="daylight:decree",
        clearings={
            "1": {"marquise": "keep", "eyrie": "2w"},
            "8": {"eyrie": "1w"},
            "12": {"eyrie": "1w"},
            "3": {"eyrie": "2w roost"},
        },
        eyrie={"decree": {"recruit": VIZIERS_RECRUIT, "build": ["foxfolk-steel"]}},
    )
    assert core.ruler(g.state, 1) == E
    assert g.decision == "decree"
    assert sorted(g.legal_tokens()) == ["build fox 12", "build fox 8"]


def test_6_2_2_every_faction_whose_pieces_block_placement_says_so() -> None:
    # core.can_place asks only the factions with blocks_others (the keep, 6.2.2): a faction
    # that overrides blocks_placement without it would never be asked.
    from rootgame.factions.base import Faction
    from rootgame.flow import FACTIONS

    blocking = sorted(
        name
        for name, f in FACTIONS.items()
        if any("blocks_placement" in vars(k) for k in type(f).__mro__ if k is not Faction)
    )
    assert blocking == ["marquise", "mechanical-marquise"]
    assert all(FACTIONS[name].blocks_others for name in blocking)
    assert not any(f.blocks_others for name, f in FACTIONS.items() if name not in blocking)


def test_6_2_2_keep_as_only_choice_means_turmoil() -> None:
    g = pos(
        turn="eyrie",
        at="daylight:decree",
        clearings={
            "1": {"marquise": "keep", "eyrie": "2w"},
            "9": {"marquise": "2w"},
            "3": {"eyrie": "2w roost"},
        },
        eyrie={"decree": {"recruit": VIZIERS_RECRUIT, "build": ["foxfolk-steel"]}},
        vp={"eyrie": 5},
    )
    # Turmoil: two Viziers in the Decree cost 2 VP, then a new leader is chosen.
    assert count(g, 1, "roost") == 0
    assert g.scores == [0, 3]
    assert g.decision == "eyrie_leader"
    assert discard(g) == ["foxfolk-steel"]


def test_6_2_2_keep_forbids_a_new_roost() -> None:
    clearings: dict[str, dict[str, str]] = {
        str(c): {"marquise": "1w"} for c in range(2, 13)
    }
    clearings["1"] = {"marquise": "keep"}
    g = pos(turn="eyrie", at="birdsong:new_roost", clearings=clearings)
    # Clearing 1 has the fewest warriors (none), but only the Marquise may place there.
    assert g.decision == "new_roost"
    assert "roost 1" not in g.legal_tokens()
    assert len(g.legal_tokens()) == 11
    clearings["1"] = {}
    g2 = pos(turn="eyrie", at="birdsong:new_roost", clearings=clearings)
    assert count(g2, 1, "roost") == 1
    assert g2.state.fs[E].roosts == 6
    assert warriors(g2, 1, E) == 3 + 1  # then the Recruit Vizier placed one more


def test_6_2_2_keep_does_not_stop_movement() -> None:
    g = pos(
        turn="eyrie",
        at="daylight:decree",
        clearings={
            "1": {"marquise": "1w keep"},
            "5": {"eyrie": "3w roost"},
            "9": {"marquise": "2w"},
        },
        eyrie={"decree": {"recruit": VIZIERS_RECRUIT, "move": ["bake-sale"]}},
    )
    assert g.decision == "decree"
    assert "move rabbit 5 1" in g.legal_tokens()
    play(g, "move rabbit 5 1", "count 4")
    assert warriors(g, 1, E) == 4
    assert count(g, 1, "keep") == 1


def test_6_2_2_removed_keep_never_returns_and_ends_field_hospitals() -> None:
    g = _eyrie_attacks("1w keep", "3w", 1, "foxfolk-steel", ["anvil"], [3, 0])
    _pass_ambush(g)
    assert count(g, 1, "keep") == 0
    assert g.state.fs[M].keep == 0
    assert g.scores[E] == 1
    # No Field Hospitals: the warrior went to the supply although she holds a fox card.
    assert hand(g, M) == ["anvil"]
    assert sum(g.state.warriors[c][M] for c in range(1, 13)) == 2
    assert g.state.fs[M].warriors == 23
    # Now others may place pieces in clearing 1.
    assert core.can_place(g.state, E, 1)


def test_6_2_3_field_hospitals_spend_a_matching_card() -> None:
    g = _eyrie_attacks("3w", "3w", 12, "foxfolk-steel", ["anvil", "bake-sale"], [3, 0])
    _pass_ambush(g)
    assert g.decision == "field_hospital"
    assert g.current_seat == M
    assert g.legal_tokens() == [f"hospital {cid('anvil')}", "pass"]
    g.apply(f"hospital {cid('anvil')}")
    assert warriors(g, 1, M) == 3
    assert warriors(g, 12, M) == 0
    assert hand(g, M) == ["bake-sale"]
    assert "anvil" in discard(g)


def test_6_2_3_field_hospitals_bird_card_matches() -> None:
    g = _eyrie_attacks("2w", "3w", 12, "foxfolk-steel", ["arms-trader", "bake-sale"], [2, 0])
    _pass_ambush(g)
    assert g.decision == "field_hospital"
    assert g.legal_tokens() == [f"hospital {cid('arms-trader')}", "pass"]
    g.apply(f"hospital {cid('arms-trader')}")
    assert warriors(g, 1, M) == 2


def test_6_2_3_field_hospitals_are_optional() -> None:
    g = _eyrie_attacks("2w", "3w", 12, "foxfolk-steel", ["anvil"], [2, 0])
    _pass_ambush(g)
    assert g.decision == "field_hospital"
    assert g.legal_tokens() == [f"hospital {cid('anvil')}", "pass"]
    g.apply("pass")
    assert warriors(g, 1, M) == 0
    assert g.state.fs[M].warriors == 23
    assert hand(g, M) == ["anvil"]
    assert g.decision == "cat_actions"


def test_6_2_3_no_matching_card_only_pass() -> None:
    # She holds a card, so she is asked (1.2.1), but the rabbit card does not match the fox
    # clearing: she can only let the warriors go.
    g = _eyrie_attacks("2w", "3w", 12, "foxfolk-steel", ["bake-sale"], [2, 0])
    _pass_ambush(g)
    assert (g.decision, g.current_seat) == ("field_hospital", M)
    assert g.legal_tokens() == ["pass"]
    with pytest.raises(rootgame.IllegalAction):
        g.apply(f"hospital {cid('bake-sale')}")
    g.apply("pass")
    assert g.decision == "cat_actions"  # the game went on to her turn
    assert warriors(g, 12, M) == 0
    assert warriors(g, 1, M) == 0
    assert g.state.fs[M].warriors == 23
    assert hand(g, M) == ["bake-sale"]


def test_6_2_3_empty_hand_no_question() -> None:
    # With no card in hand, neither the ambush window nor Field Hospitals open.
    g = _eyrie_attacks("2w", "3w", 12, "foxfolk-steel", [], [2, 0])
    # The Decree's battle ran with no decision at all: the game went on to her turn.
    assert g.decision == "cat_actions"
    assert g.turn_seat == M
    assert warriors(g, 12, M) == 0
    assert warriors(g, 1, M) == 0
    assert g.state.fs[M].warriors == 23
    assert warriors(g, 12, E) == 3


def test_6_2_3_field_hospitals_after_an_ambush() -> None:
    # Marquise attack; the Eyrie ambush removes two of her warriors: she may save them at once.
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "1": {"marquise": "keep"},
            "12": {"marquise": "3w", "eyrie": "2w"},
            "3": {"eyrie": "2w roost"},
        },
        hands={"eyrie": ["ambush:fox"], "marquise": ["anvil"]},
        dice=[[0, 0]],
    )
    play(g, "battle 12 1", "ambush 14")
    # She holds a card, so she may answer the ambush (1.2.1); the anvil cannot foil it.
    assert (g.decision, g.current_seat, g.legal_tokens()) == ("foil_ambush", M, ["pass"])
    g.apply("pass")
    assert g.decision == "field_hospital"
    assert g.state.dice == [(0, 0)]  # before the dice
    g.apply(f"hospital {cid('anvil')}")
    assert (warriors(g, 1, M), warriors(g, 12, M)) == (2, 1)
    assert g.decision == "cat_actions"


def test_4_3_1_ii_field_hospitals_before_the_ambush_check() -> None:
    # Issue 7: the ambush removes both attacking warriors in the keep's clearing; Field
    # Hospitals (triggered by that removal, 1.5.4) puts them back there at once, so when
    # 4.3.1.II asks whether attacking warriors remain, they do: the battle goes on to the roll.
    g = pos(
        log=True,
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "2w keep", "eyrie": "2w"}, "3": {"eyrie": "roost"}},
        hands={"eyrie": ["ambush:fox"], "marquise": ["anvil"]},
        dice=[[3, 0]],
    )
    play(g, "battle 1 1", f"ambush {cid('ambush:fox')}", "pass")
    assert (g.decision, warriors(g, 1, M)) == ("field_hospital", 0)
    g.apply(f"hospital {cid('anvil')}")
    assert [e["roll"] for e in g.events(None) if e["kind"] == "dice"] == [[3, 0]]
    assert g.state.warriors[1] == (2, 0)


# --- 6.3 Setup --------------------------------------------------------------------------------


def test_6_3_setup_keep_warriors_buildings_tracks() -> None:
    g = rootgame.new_game(seed=0)
    assert g.decision == "cat_keep"
    assert sorted(g.legal_tokens()) == ["keep 1", "keep 2", "keep 3", "keep 4"]
    g.apply("keep 1")
    st = g.state
    assert [st.warriors[c][M] for c in range(1, 13)] == [1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    assert st.fs[M].warriors == 25 - 11
    assert g.decision == "cat_setup_buildings"
    assert {int(a[2]) for a in g.legal_actions()} == {1, 5, 9, 10}
    g.apply("place sawmill 1")
    # Clearing 1 has one slot: it is full now.
    assert {int(a[2]) for a in g.legal_actions()} == {5, 9, 10}
    assert {str(a[1]) for a in g.legal_actions()} == {"workshop", "recruiter"}
    g.apply("place workshop 10")  # 10 has a ruin: now full too
    assert sorted(g.legal_tokens()) == ["place recruiter 5", "place recruiter 9"]
    g.apply("place recruiter 9")
    assert buildings(g, 1) == ["sawmill"]
    assert buildings(g, 10) == ["ruin", "workshop"]
    assert buildings(g, 9) == ["recruiter"]
    assert st.fs[M].track == {"sawmill": 5, "workshop": 5, "recruiter": 5}
    assert st.fs[M].wood == 8
    assert st.fs[M].keep == 1
    assert count(g, 1, "keep") == 1
    # Then the Eyrie (setup order B) take the opposite corner.
    assert g.current_faction == "eyrie"
    assert warriors(g, 3, E) == 6
    assert count(g, 3, "roost") == 1


def test_6_3_3_no_warrior_in_the_corner_opposite_the_keep() -> None:
    g = rootgame.new_game(seed=0)
    g.apply("keep 2")
    empty = [c for c in range(1, 13) if g.state.warriors[c][M] == 0]
    assert empty == [4]
    assert {int(a[2]) for a in g.legal_actions()} == {2, 5, 6, 10}


# --- 6.4 Birdsong -----------------------------------------------------------------------------


def test_6_4_one_wood_per_sawmill() -> None:
    g = pos(
        turn="marquise",
        at="birdsong",
        clearings={
            "1": {"marquise": "2w keep sawmill"},
            "5": {"marquise": "1w 2sawmill"},
            "3": {"eyrie": "6w roost"},
        },
    )
    assert (count(g, 1, "wood"), count(g, 5, "wood")) == (1, 2)
    assert g.state.fs[M].wood == 5
    assert g.decision == "cat_actions"


def test_6_4_short_wood_she_chooses() -> None:
    g = pos(
        turn="marquise",
        at="birdsong",
        clearings={
            "1": {"marquise": "2w keep"},
            "2": {"marquise": "1w 7wood"},
            "5": {"marquise": "1w sawmill"},
            "9": {"marquise": "1w sawmill"},
            "3": {"eyrie": "6w roost"},
        },
    )
    assert g.decision == "cat_wood"
    assert g.current_seat == M
    assert sorted(g.legal_tokens()) == ["wood 5", "wood 9"]
    g.apply("wood 9")
    assert (count(g, 5, "wood"), count(g, 9, "wood")) == (0, 1)
    assert g.state.fs[M].wood == 0
    assert g.decision == "cat_actions"


def test_6_4_no_wood_left_none_placed() -> None:
    g = pos(
        turn="marquise",
        at="birdsong",
        clearings={
            "1": {"marquise": "2w keep"},
            "2": {"marquise": "1w 8wood"},
            "5": {"marquise": "1w sawmill"},
            "3": {"eyrie": "6w roost"},
        },
    )
    assert count(g, 5, "wood") == 0
    assert g.decision == "cat_actions"


# --- 6.5 Daylight -----------------------------------------------------------------------------


def _cat(**extra: object) -> rootgame.Game:
    desc: dict[str, object] = {
        "turn": "marquise",
        "at": "daylight:actions",
        "clearings": {"1": {"marquise": "6w keep"}, "3": {"eyrie": "6w roost"}},
    }
    desc.update(extra)
    return pos(**desc)


def test_6_5_three_actions() -> None:
    g = _cat(hands={"marquise": ["arms-trader"]})
    assert g.state.turn["actions"] == 3
    for _ in range(3):
        play(g, "march 1 5", "count 1", "pass")
    assert g.state.turn["actions"] == 0
    assert kinds(g) == {"bird", "end"}
    assert "no actions left" in g.explain("march 1 5")


def test_6_5_three_actions_then_the_turn_ends() -> None:
    g = _cat(hands={"eyrie": ["sappers"]})
    for _ in range(3):
        play(g, "march 1 5", "count 1", "pass")
    # With no action left and no bird card, ending Daylight is forced.
    assert g.turn_seat == E
    assert warriors(g, 5, M) == 3


def test_6_5_bird_card_buys_one_more_action() -> None:
    g = _cat(hands={"marquise": ["arms-trader", "anvil"]}, turn_state={"actions": 0})
    assert g.legal_tokens() == [f"bird {cid('arms-trader')}", "end"]
    g.apply(f"bird {cid('arms-trader')}")
    assert g.state.turn["actions"] == 1
    assert discard(g) == ["arms-trader"]
    assert hand(g, M) == ["anvil"]
    assert "march" in kinds(g)


def test_6_5_1_battle_is_an_action() -> None:
    g = _cat(
        clearings={"1": {"marquise": "3w keep"}, "5": {"marquise": "2w", "eyrie": "1w"},
                   "3": {"eyrie": "6w roost"}},
        dice=[[2, 1]],
    )
    g.apply("battle 5 1")
    assert (warriors(g, 5, M), warriors(g, 5, E)) == (1, 0)
    assert g.state.turn["actions"] == 2


def test_6_5_2_march_is_two_moves_for_one_action() -> None:
    g = _cat(
        clearings={"1": {"marquise": "3w keep"}, "9": {"marquise": "2w"},
                   "3": {"eyrie": "6w roost"}}
    )
    play(g, "march 1 5", "count 3")
    assert g.decision == "move"
    assert "pass" in g.legal_tokens()
    play(g, "move 9 12", "count 2")
    assert (warriors(g, 1, M), warriors(g, 5, M), warriors(g, 9, M), warriors(g, 12, M)) == (
        0, 3, 0, 2
    )
    assert g.state.turn["actions"] == 2
    assert g.decision == "cat_actions"


def test_6_5_2_second_move_optional() -> None:
    g = _cat()
    play(g, "march 1 5", "count 2", "pass")
    assert (warriors(g, 1, M), warriors(g, 5, M)) == (4, 2)
    assert g.state.turn["actions"] == 2


def test_6_5_3_recruit_at_each_recruiter_once_per_turn() -> None:
    g = _cat(
        clearings={"1": {"marquise": "3w keep"}, "5": {"marquise": "2recruiter"},
                   "9": {"marquise": "recruiter"}, "3": {"eyrie": "6w roost"}}
    )
    g.apply("recruit")
    assert (warriors(g, 5, M), warriors(g, 9, M)) == (2, 1)
    assert g.state.fs[M].warriors == 25 - 6
    assert g.state.turn["actions"] == 2
    assert "recruit" not in g.legal_tokens()
    assert "6.5.3" in g.explain("recruit")


def test_6_5_3_no_recruit_with_an_empty_supply() -> None:
    # All 25 warriors on the map: Recruit is not offered (it could place nothing, 1.5.1) ...
    g = _cat(
        clearings={"2": {"marquise": "21w keep"}, "5": {"marquise": "1w recruiter"},
                   "12": {"marquise": "3w", "eyrie": "1w"}, "3": {"eyrie": "6w roost"}},
        dice=[[1, 1]],
    )
    assert g.state.fs[M].warriors == 0
    assert "recruit" not in g.legal_tokens()
    assert "battle 12 1" in g.legal_tokens()
    # ... until a battle sends one of her warriors back to the supply.
    g.apply("battle 12 1")
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (2, 0)
    assert g.state.fs[M].warriors == 1
    assert g.decision == "cat_actions"
    assert "recruit" in g.legal_tokens()
    g.apply("recruit")
    assert warriors(g, 5, M) == 2
    assert g.state.fs[M].warriors == 0
    assert g.state.turn["actions"] == 1
    assert "recruit" not in g.legal_tokens()


SPOTS = [5, 5, 2, 2, 9, 9]
"""Where the builder puts already-built buildings for the track tests (all ruled by her)."""


def _builder(kind: str, on_map: int, wood: int) -> rootgame.Game:
    clearings: dict[str, dict[str, str]] = {
        "1": {"marquise": "1w keep"},
        "2": {"marquise": "1w"},
        "5": {"marquise": "1w"},
        "9": {"marquise": "1w"},
        "7": {"marquise": "1w"},
        "8": {"marquise": f"1w {wood}wood" if wood else "1w"},
        "3": {"eyrie": "6w roost"},
    }
    for c in SPOTS[:on_map]:
        clearings[str(c)]["marquise"] += f" {kind}"
    return _cat(clearings=clearings)


@pytest.mark.parametrize("kind", ["sawmill", "workshop", "recruiter"])
@pytest.mark.parametrize("on_map", [0, 1, 2, 3, 4, 5])
def test_6_5_4_build_cost_and_vp_by_track(kind: str, on_map: int) -> None:
    cost = [0, 1, 2, 3, 3, 4][on_map]
    vp = {
        "sawmill": [0, 1, 2, 3, 4, 5],
        "workshop": [0, 2, 2, 3, 4, 5],
        "recruiter": [0, 1, 2, 3, 3, 4],
    }[kind][on_map]
    assert COST[on_map] == cost and VP[kind][on_map] == vp
    g = _builder(kind, on_map, cost)
    assert ("build", kind, 7) in g.legal_actions()
    g.apply(f"build {kind} 7")
    assert count(g, 7, kind) == 1
    assert count(g, 8, "wood") == 0
    assert g.state.fs[M].wood == 8
    assert g.scores == [vp, 0]
    assert g.state.fs[M].track[kind] == 6 - on_map - 1
    if cost:
        short = _builder(kind, on_map, cost - 1)
        assert ("build", kind, 7) not in short.legal_actions()
        assert f"costs {cost} wood" in short.explain(f"build {kind} 7")


def test_6_5_4_no_seventh_building() -> None:
    g = _builder("sawmill", 6, 4)
    assert g.state.fs[M].track["sawmill"] == 0
    assert not [a for a in g.legal_actions() if a[0] == "build" and a[1] == "sawmill"]
    assert "all six" in g.explain("build sawmill 12")


def _wood_chain(two: str) -> rootgame.Game:
    return _cat(
        clearings={
            "1": {"marquise": "1w keep wood"},
            "5": {"marquise": "1w"},
            "2": two,
            "6": {"marquise": "1w 3wood"},
            "9": {"marquise": "2recruiter"},
            "3": {"eyrie": "6w roost"},
        }
    )


def test_6_5_4_II_wood_only_through_ruled_clearings() -> None:
    # Clearing 2 is the Eyrie's: the wood in 6 cannot reach 5; 1 wood in 1 is too little.
    g = _wood_chain({"eyrie": "2w"})
    assert ("build", "recruiter", 5) not in g.legal_actions()
    assert "costs 2 wood" in g.explain("build recruiter 5")


def test_6_5_4_II_she_chooses_where_the_wood_comes_from() -> None:
    g = _wood_chain({"marquise": "1w"})
    g.apply("build recruiter 5")
    assert g.decision == "cat_pay_wood"
    assert sorted(g.legal_tokens()) == ["wood 1", "wood 6"]
    g.apply("wood 6")
    assert g.decision == "cat_pay_wood"
    g.apply("wood 6")
    assert (count(g, 1, "wood"), count(g, 6, "wood")) == (1, 1)
    assert count(g, 5, "recruiter") == 1
    assert g.scores == [2, 0]
    assert g.decision == "cat_actions"


def test_6_5_4_II_the_wood_is_paid_before_the_building_scores() -> None:
    # 6.5.4.II comes before 6.5.4.III: the cost is paid, then the building scores. At 28 VP
    # her second workshop (2 VP) wins; she still chooses which wood pays for it first, and
    # the game ends with the wood paid, nothing after the win.
    g = pos(
        log=True,
        turn="marquise",
        at="daylight:actions",
        clearings={
            "1": {"marquise": "2w keep"},
            "5": {"marquise": "1w workshop wood"},
            "10": {"marquise": "1w wood"},
            "3": {"eyrie": "6w roost"},
        },
        vp={"marquise": 28},
    )
    g.apply("build workshop 1")
    assert not g.is_over
    assert (g.decision, sorted(g.legal_tokens())) == ("cat_pay_wood", ["wood 10", "wood 5"])
    g.apply("wood 10")
    assert g.is_over and g.winners == [M]
    assert g.scores == [30, 0]
    assert (count(g, 5, "wood"), count(g, 10, "wood"), g.state.fs[M].wood) == (1, 0, 7)
    assert count(g, 1, "workshop") == 1
    kinds_after = [e["kind"] for e in g.events(None)][-3:]
    assert kinds_after == ["remove", "score", "win"]

def test_6_5_4_I_must_rule_the_clearing() -> None:
    g = _cat(
        clearings={
            "1": {"marquise": "2w keep 3wood"},
            "5": {"marquise": "1w", "eyrie": "2w"},
            "3": {"eyrie": "6w roost"},
        }
    )
    assert not [a for a in g.legal_actions() if a[0] == "build" and a[2] == 5]
    assert ("build", "sawmill", 1) in g.legal_actions()
    assert "6.5.4.I" in g.explain("build sawmill 5")


def test_6_5_4_she_may_build_in_the_keep_clearing() -> None:
    g = _cat(clearings={"1": {"marquise": "2w keep"}, "3": {"eyrie": "6w roost"}})
    g.apply("build workshop 1")
    assert buildings(g, 1) == ["workshop"]


def test_6_5_5_overwork_spends_a_card_matching_a_sawmill() -> None:
    g = _cat(
        clearings={
            "1": {"marquise": "2w keep sawmill"},
            "9": {"marquise": "1w sawmill"},
            "3": {"eyrie": "6w roost"},
        },
        hands={"marquise": ["anvil", "bake-sale", "arms-trader"]},
    )
    over = sorted(t for t in g.legal_tokens() if t.startswith("overwork"))
    a, b = cid("anvil"), cid("arms-trader")
    assert over == sorted([f"overwork 1 {a}", f"overwork 1 {b}", f"overwork 9 {b}"])
    g.apply(f"overwork 9 {b}")
    assert count(g, 9, "wood") == 1
    assert g.state.fs[M].wood == 8 - 1
    assert discard(g) == ["arms-trader"]
    assert g.state.turn["actions"] == 2


def test_6_5_5_no_overwork_without_wood_in_supply() -> None:
    g = _cat(
        clearings={
            "1": {"marquise": "2w keep sawmill 8wood"},
            "3": {"eyrie": "6w roost"},
        },
        hands={"marquise": ["anvil"]},
    )
    assert "overwork" not in kinds(g)


# --- 6.6 Evening ------------------------------------------------------------------------------


@pytest.mark.parametrize(("recruiters", "drawn"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3),
                                                   (6, 3)])
def test_6_6_evening_draw_by_recruiters(recruiters: int, drawn: int) -> None:
    clearings: dict[str, dict[str, str]] = {
        "1": {"marquise": "3w keep"},
        "3": {"eyrie": "6w roost"},
    }
    for c in SPOTS[:recruiters]:
        clearings.setdefault(str(c), {"marquise": ""})["marquise"] += " recruiter"
    g = _cat(
        clearings=clearings,
        hands={"eyrie": ["sappers"]},
        deck=["anvil", "cobbler", "sword"],
    )
    g.apply("end")
    assert hand(g, M) == sorted(["anvil", "cobbler", "sword"][:drawn])
    assert g.turn_seat == E


def test_6_6_discard_down_to_five() -> None:
    g = _cat(
        clearings={"1": {"marquise": "3w keep recruiter"}, "3": {"eyrie": "6w roost"}},
        hands={
            "marquise": ["anvil", "bake-sale", "cobbler", "sappers", "armorers"],
            "eyrie": ["codebreakers"],
        },
        deck=["sword"],
    )
    g.apply("end")
    assert g.decision == "discard"
    assert g.current_seat == M
    assert len(g.legal_actions()) == 6
    g.apply(f"discard {cid('cobbler')}")
    assert hand(g, M) == ["anvil", "armorers", "bake-sale", "sappers", "sword"]
    assert discard(g) == ["cobbler"]
    assert g.turn_seat == E
