"""Scenario tests for the general Law of Root, sections 1-5 (Golden Rules, key concepts,
victory, key actions, setup). Positions are Marquise (seat 0) vs Eyrie (seat 1)."""

from __future__ import annotations

import json

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
from rootgame.cards import DECK, DOMINANCE_IDS
from rootgame.flow import FACTIONS
from rootgame.rules import core

FOX = ("fox", 1, 6, 8, 12)

# --- 1 Golden Rules ---------------------------------------------------------------------------


def test_1_5_1_recruit_with_short_supply_places_as_many_as_possible_where_she_chooses() -> None:
    # 24 of 25 warriors on the map: one left for two recruiters (1.5.1, 1.5.4).
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "1": {"marquise": "keep"},
            "2": {"marquise": "22w"},
            "5": {"marquise": "1w recruiter"},
            "9": {"marquise": "1w recruiter"},
            "3": {"eyrie": "6w roost"},
        },
    )
    g.apply("recruit")
    assert g.decision == "cat_recruit"
    assert g.current_seat == M
    assert sorted(g.legal_tokens()) == ["recruit-at 5", "recruit-at 9"]
    g.apply("recruit-at 9")
    assert (warriors(g, 5, M), warriors(g, 9, M)) == (1, 2)
    assert g.state.fs[M].warriors == 0
    assert g.decision == "cat_actions"
    assert g.state.turn["actions"] == 2


def test_1_5_1_recruit_with_empty_supply_places_nothing() -> None:
    # All 25 warriors on the map: no substitute piece, so Recruit is not even offered.
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"2": {"marquise": "24w keep"}, "5": {"marquise": "1w recruiter"},
                   "3": {"eyrie": "6w roost"}},
    )
    assert g.state.fs[M].warriors == 0
    assert g.decision == "cat_actions"
    assert "recruit" not in g.legal_tokens()
    with pytest.raises(rootgame.IllegalAction):
        g.apply("recruit")
    assert (warriors(g, 2, M), warriors(g, 5, M)) == (24, 1)
    assert g.state.fs[M].warriors == 0
    assert g.state.turn["actions"] == 3


def test_1_2_1_hand_size_public_but_cards_hidden() -> None:
    pytest.importorskip("rootgame.views")
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep"}, "3": {"eyrie": "6w roost"}},
        hands={"marquise": ["anvil"], "eyrie": ["sappers", "cobbler", "codebreakers"]},
    )
    seen_by_cat = g.view(M)
    assert [p["hand_size"] for p in seen_by_cat["players"]] == [1, 3]
    assert [c["key"] for c in seen_by_cat["hand"]] == ["anvil"]
    text = json.dumps(seen_by_cat)
    for key in ("sappers", "cobbler", "codebreakers"):
        assert key not in text
    seen_by_birds = g.view(E)
    assert sorted(c["key"] for c in seen_by_birds["hand"]) == [
        "cobbler", "codebreakers", "sappers"
    ]
    assert "anvil" not in json.dumps(seen_by_birds)
    assert g.view(None)["hand"] is None


def _ambush_window(eyrie_hand: list[str]) -> rootgame.Game:
    """The Marquise (3 warriors) battles two Eyrie warriors in clearing 12 (fox), dice 2-1."""
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "1": {"marquise": "2w keep"},
            "12": {"marquise": "3w", "eyrie": "2w"},
            "3": {"eyrie": "2w roost"},
        },
        hands={"eyrie": eyrie_hand},
        dice=[[2, 1]],
    )
    g.apply("battle 12 1")
    return g


def test_1_2_1_ambush_window_opens_for_any_hand() -> None:
    # Neither card is an ambush matching the fox clearing, yet the Eyrie are asked: whether
    # the window opens must not tell the Marquise what they hold.
    g = _ambush_window(["anvil", "ambush:mouse"])
    assert g.decision == "ambush"
    assert g.current_seat == E
    assert g.legal_tokens() == ["pass"]
    with pytest.raises(rootgame.IllegalAction):
        g.apply(f"ambush {cid('ambush:mouse')}")
    # With a matching ambush in hand, the Marquise sees exactly the same thing.
    armed = _ambush_window(["anvil", "ambush:fox"])
    assert sorted(armed.legal_tokens()) == [f"ambush {cid('ambush:fox')}", "pass"]
    assert g.view(M) == armed.view(M)
    g.apply("pass")
    # Dice 2-1: two hits on the Eyrie, one on the Marquise; the Eyrie keep their cards.
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (2, 0)
    assert hand(g, E) == ["ambush:mouse", "anvil"]
    assert discard(g) == []
    assert g.decision == "cat_actions"
    assert g.current_seat == M
    assert g.state.turn["actions"] == 2


def test_1_2_1_no_ambush_window_with_an_empty_hand() -> None:
    # An empty hand is public (hand size, 1.2.1): nothing to hide, no question.
    g = _ambush_window([])
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (2, 0)
    assert g.state.dice == []
    assert g.decision == "cat_actions"
    assert g.current_seat == M
    assert g.state.turn["actions"] == 2


def test_1_2_2_discard_pile_is_public() -> None:
    pytest.importorskip("rootgame.views")
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep"}, "3": {"eyrie": "6w roost"}},
        discard=["anvil", "sappers"],
    )
    for seat in (M, E, None):
        assert [c["key"] for c in g.view(seat)["discard_pile"]] == ["anvil", "sappers"]


def test_1_4_1_after_evening_play_passes_clockwise() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep recruiter"}, "3": {"eyrie": "6w roost"}},
        hands={"eyrie": ["sappers", "cobbler"]},
    )
    assert (g.turn_seat, g.turn_number) == (M, 0)
    g.apply("end")
    assert g.turn_seat == E
    assert g.turn_number == 1
    assert (g.phase, g.step) == ("birdsong", "add_to_decree")
    assert g.decision == "decree_add"
    assert g.current_seat == E


def test_1_4_2_march_cannot_be_interrupted() -> None:
    # During a March only its second move (or passing it) may happen: no bird card, no battle.
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "1": {"marquise": "3w keep"},
            "5": {"marquise": "1w", "eyrie": "1w"},
            "3": {"eyrie": "6w roost"},
        },
        hands={"marquise": ["ambush:bird"]},
    )
    g.apply("march 1 10")
    g.apply("count 2")
    assert g.decision == "move"
    assert kinds(g) == {"move", "pass"}
    g.apply("pass")
    assert g.decision == "cat_actions"
    assert "bird" in kinds(g)
    assert "battle" in kinds(g)


def test_1_5_3_field_hospitals_never_save_enemy_warriors() -> None:
    # Only Marquise warriors are hers: Eyrie warriors removed do not trigger Field Hospitals.
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "1": {"marquise": "1w keep"},
            "12": {"marquise": "3w", "eyrie": "2w"},
            "3": {"eyrie": "3w roost"},
        },
        hands={"marquise": ["anvil", "arms-trader"]},
        dice=[[2, 0]],
    )
    g.apply("battle 12 1")
    assert warriors(g, 12, E) == 0
    assert g.state.fs[E].warriors == 20 - 3
    assert g.decision == "cat_actions"
    assert hand(g, M) == ["anvil", "arms-trader"]
    assert warriors(g, 1, M) == 1


def test_1_5_4_field_hospitals_after_all_removals_of_the_battle() -> None:
    g = pos(
        turn="eyrie",
        at="daylight:decree",
        clearings={
            "1": {"marquise": "1w keep"},
            "12": {"marquise": "2w sawmill", "eyrie": "4w"},
            "3": {"eyrie": "2w roost"},
        },
        hands={"marquise": ["anvil", "root-tea:rabbit"]},
        eyrie={"decree": {"recruit": ["vizier", "vizier"], "battle": ["foxfolk-steel"]}},
        dice=[[3, 2]],
    )
    # The Eyrie's only battle ran by itself up to the ambush window, which the Marquise is
    # asked because she holds cards, though none matches the fox clearing (1.2.1).
    assert g.decision == "ambush"
    assert g.current_seat == M
    assert g.legal_tokens() == ["pass"]
    g.apply("pass")
    # Both sides' hits are dealt before the trigger.
    assert g.decision == "field_hospital"
    assert g.current_seat == M
    assert warriors(g, 12, M) == 0
    assert warriors(g, 12, E) == 2
    assert warriors(g, 3, E) == 4  # the two Viziers recruited first
    assert buildings(g, 12) == ["ruin"]
    assert g.scores == [0, 1]
    assert sorted(g.legal_tokens()) == sorted([f"hospital {cid('anvil')}", "pass"])
    g.apply(f"hospital {cid('anvil')}")
    assert warriors(g, 1, M) == 3
    assert g.state.fs[M].warriors == 25 - 3
    assert hand(g, M) == ["root-tea:rabbit"]
    assert discard(g) == ["anvil"]


# --- 2 Key concepts ---------------------------------------------------------------------------


def test_2_1_deck_reshuffled_the_moment_it_empties() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep recruiter"}, "3": {"eyrie": "6w roost"}},
        hands={"eyrie": ["sappers"]},
        deck=["anvil"],
    )
    st = g.state
    st.discard = st.deck[:-1]
    st.deck = st.deck[-1:]
    old_discard = sorted(st.discard)
    g.apply("end")  # Evening: draw 1 card, the last of the deck.
    assert hand(g, M) == ["anvil"]
    assert st.discard == []
    assert sorted(st.deck) == old_discard
    assert g.turn_seat == E


def test_2_1_draw_from_the_top() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep"}, "5": {"marquise": "2recruiter"},
                   "9": {"marquise": "recruiter"}, "3": {"eyrie": "6w roost"}},
        hands={"eyrie": ["sappers"]},
        deck=["anvil", "cobbler", "sword"],
    )
    g.apply("end")  # three recruiters on the map: draw 2 (6.6).
    assert hand(g, M) == ["anvil", "cobbler"]
    assert DECK[g.state.deck[-1]].key == "sword"


def test_1_5_4_draw_as_many_cards_as_there_are() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep"}, "5": {"marquise": "2recruiter"},
                   "9": {"marquise": "recruiter"}, "3": {"eyrie": "6w roost"}},
        hands={"eyrie": ["sappers"], "marquise": ["anvil"]},
        deck=["cobbler"],
    )
    st = g.state
    st.removed_cards += st.deck[:-1]  # only Cobbler is left to draw; the discard pile is empty
    st.deck = st.deck[-1:]
    g.apply("end")  # three recruiters: she should draw 2, but only one card exists
    assert hand(g, M) == ["anvil", "cobbler"]
    assert st.deck == [] and st.discard == []
    assert g.turn_seat == E


def test_2_1_1_bird_card_matches_any_clearing() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep sawmill"}, "3": {"eyrie": "6w roost"}},
        hands={"marquise": ["arms-trader", "bake-sale", "anvil"]},
    )
    over = sorted(t for t in g.legal_tokens() if t.startswith("overwork"))
    assert over == sorted([f"overwork 1 {cid('arms-trader')}", f"overwork 1 {cid('anvil')}"])


def test_2_1_1_II_bird_requirement_needs_a_bird_card() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep"}, "3": {"eyrie": "6w roost"}},
        hands={"marquise": ["anvil", "bake-sale", "favor-of-the-mice"]},
    )
    assert "bird" not in kinds(g)
    g2 = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep"}, "3": {"eyrie": "6w roost"}},
        hands={"marquise": ["anvil", "arms-trader"]},
    )
    assert [t for t in g2.legal_tokens() if t.startswith("bird")] == [
        f"bird {cid('arms-trader')}"
    ]


def test_2_2_3_no_building_without_an_open_slot() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "1": {"marquise": "keep"},
            "5": {"marquise": "3w sawmill workshop 3wood"},
            "3": {"eyrie": "6w roost"},
        },
    )
    assert not [a for a in g.legal_actions() if a[0] == "build" and a[2] == 5]
    why = g.explain("build recruiter 5")
    assert "2.2.3" in why


def test_2_2_4_ruin_fills_a_slot() -> None:
    spec = {
        "turn": "marquise",
        "at": "daylight:actions",
        "clearings": {
            "1": {"marquise": "keep"},
            "10": {"marquise": "3w sawmill 3wood"},
            "3": {"eyrie": "6w roost"},
        },
    }
    with_ruin = pos(**spec)
    assert buildings(with_ruin, 10) == ["ruin", "sawmill"]
    assert not [a for a in with_ruin.legal_actions() if a[0] == "build"]
    no_ruin = pos(ruins=[], **spec)
    assert ("build", "workshop", 10) in no_ruin.legal_actions()


def test_2_5_tokens_do_not_count_for_rule() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "5": {"marquise": "1w keep 3wood", "eyrie": "2w"},
            "3": {"eyrie": "6w roost"},
        },
    )
    assert core.ruler(g.state, 5) == E
    # An empty clearing and one with only tokens are ruled by nobody.
    assert core.ruler(g.state, 2) is None
    g.state.warriors[5] = (0,) * g.state.n
    core.pieces_changed(g.state, 5)  # an edit from outside the rules forgets who ruled
    assert core.ruler(g.state, 5) is None


def test_2_5_tie_rules_for_nobody(monkeypatch: pytest.MonkeyPatch) -> None:
    # Without Lords of the Forest a tie rules for nobody: no move from 5 to the empty 2.
    monkeypatch.setattr(FACTIONS["eyrie"], "rules_ties", False)
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "1": {"marquise": "keep"},
            "5": {"marquise": "1w sawmill", "eyrie": "2w"},
            "3": {"eyrie": "6w roost"},
        },
    )
    assert core.ruler(g.state, 5) is None
    assert "march 5 2" not in g.legal_tokens()
    assert "march 5 1" not in g.legal_tokens()


def test_2_5_tie_goes_to_the_eyrie_lords_of_the_forest() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "1": {"marquise": "keep"},
            "5": {"marquise": "1w sawmill", "eyrie": "2w"},
            "3": {"eyrie": "6w roost"},
        },
    )
    assert core.ruler(g.state, 5) == E


# --- 3 Victory --------------------------------------------------------------------------------


def test_3_1_thirty_vp_wins_at_once() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "keep"}, "5": {"marquise": "2w sawmill wood"},
                   "3": {"eyrie": "6w roost"}},
        vp={"marquise": 29, "eyrie": 12},
    )
    g.apply("build sawmill 5")
    assert g.is_over
    assert g.winners == [M]
    assert g.win_reason == "vp"
    assert g.scores == [30, 12]
    assert g.legal_actions() == []
    assert g.phase == "over"
    with pytest.raises(rootgame.IllegalAction):
        g.apply("end")


def test_3_1_thirty_vp_wins_even_in_the_middle_of_a_battle() -> None:
    g = pos(
        turn="eyrie",
        at="daylight:decree",
        clearings={
            "1": {"marquise": "1w keep"},
            "12": {"marquise": "2w sawmill", "eyrie": "3w"},
            "3": {"eyrie": "2w roost"},
        },
        hands={"marquise": ["anvil"]},
        vp={"eyrie": 29},
        eyrie={"decree": {"recruit": ["vizier", "vizier"], "battle": ["foxfolk-steel"]}},
        dice=[[3, 3]],
    )
    # She holds a card, so the ambush window opens (only "pass": anvil is no ambush, 1.2.1).
    assert (g.decision, g.current_seat, g.legal_tokens()) == ("ambush", M, ["pass"])
    g.apply("pass")
    assert g.is_over
    assert g.winners == [E]
    assert g.scores == [0, 30]
    # The game ended inside the battle: no Field Hospitals question is left pending.
    assert g.legal_actions() == []
    assert buildings(g, 12) == ["ruin"]


def test_3_1_defender_reaching_thirty_wins_on_the_attackers_turn() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "1": {"marquise": "1w keep"},
            "11": {"marquise": "1w sawmill workshop", "eyrie": "3w"},
            "3": {"eyrie": "2w roost"},
        },
        dice=[[2, 2]],
        vp={"eyrie": 29},
    )
    g.apply("battle 11 1")
    # 4.3.4: the attacker too chooses which of its buildings go, after its warriors.
    assert g.decision == "take_hits"
    assert g.current_seat == M
    assert sorted(g.legal_tokens()) == ["remove sawmill", "remove workshop"]
    g.apply("remove workshop")
    assert g.is_over
    assert g.winners == [E]
    assert g.scores == [0, 30]
    assert buildings(g, 11) == ["ruin", "sawmill"]


@pytest.mark.parametrize(("turn", "winner"), [("marquise", M), ("eyrie", E)])
def test_3_1_1_simultaneous_thirty_nearest_clockwise_from_turn_player(
    turn: str, winner: int
) -> None:
    g = pos(
        turn=turn,
        at="daylight",
        clearings={"1": {"marquise": "3w keep"}, "3": {"eyrie": "6w roost"}},
    )
    st = g.state
    st.seats[M].vp = 31
    st.seats[E].vp = 30
    core.check_vp_win(st)
    assert st.winners == [winner]
    assert st.win_reason == "vp"


def test_3_2_1_one_vp_per_building_or_token_not_for_warriors() -> None:
    g = pos(
        turn="eyrie",
        at="daylight:decree",
        clearings={
            "1": {"marquise": "keep"},
            "11": {"marquise": "1w sawmill workshop wood", "eyrie": "3w"},
            "3": {"eyrie": "2w roost"},
        },
        eyrie={"decree": {"recruit": ["vizier", "vizier"], "battle": ["codebreakers"]}},
        dice=[[3, 0]],
    )
    # 4.3.4: the warrior goes first, then the Marquise choose among buildings and tokens.
    assert warriors(g, 11, M) == 0
    assert g.decision == "take_hits"
    assert g.current_seat == M
    assert sorted(g.legal_tokens()) == ["remove sawmill", "remove wood", "remove workshop"]
    g.apply("remove wood")
    assert g.decision == "take_hits"
    assert sorted(g.legal_tokens()) == ["remove sawmill", "remove workshop"]
    g.apply("remove workshop")
    # (The game then goes on: the Marquise's next Birdsong puts a new wood at the sawmill.)
    assert buildings(g, 11) == ["ruin", "sawmill"]
    assert g.state.fs[M].track["workshop"] == 6
    assert g.scores == [0, 2]
    assert [r for s, _, r in g.state.vp_log if s == E] == ["removed wood", "removed workshop"]


def test_3_3_1_activate_dominance_needs_ten_vp() -> None:
    spec = {
        "turn": "marquise",
        "at": "daylight:actions",
        "clearings": {"1": {"marquise": "3w keep"}, "3": {"eyrie": "6w roost"}},
        "hands": {"marquise": ["dominance:fox"]},
    }
    low = pos(vp={"marquise": 9}, **spec)
    assert "dominance" not in kinds(low)
    high = pos(vp={"marquise": 10}, **spec)
    dom = cid("dominance:fox")
    assert f"dominance {dom}" in high.legal_tokens()
    high.apply(f"dominance {dom}")
    assert high.state.seats[M].dominance == dom
    assert hand(high, M) == []
    assert high.state.turn["actions"] == 3  # not one of the Marquise's actions
    assert high.decision == "cat_actions"


def test_3_3_1_activated_player_never_scores_again() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "keep"}, "5": {"marquise": "3w sawmill 2wood"},
                   "3": {"eyrie": "6w roost"}},
        hands={"marquise": ["dominance:mouse"]},
        vp={"marquise": 12},
    )
    g.apply(f"dominance {cid('dominance:mouse')}")
    g.apply("build sawmill 5")  # would score 1 VP
    assert g.scores == [12, 0]
    assert count(g, 5, "sawmill") == 2


def _dominance_position(dom: str, ruled: list[int], turn: str = "marquise") -> rootgame.Game:
    clearings: dict[str, dict[str, str]] = {str(c): {"marquise": "1w"} for c in ruled}
    clearings.setdefault("7", {})["eyrie"] = "3w roost"
    return pos(
        turn=turn,
        at="birdsong",
        clearings=clearings,
        dominance={"marquise": dom},
        hands={"eyrie": ["sappers"]},
    )


def test_3_3_1_I_suit_dominance_wins_at_start_of_birdsong_with_three_clearings() -> None:
    g = _dominance_position("dominance:fox", [1, 8, 12])
    assert g.is_over
    assert g.winners == [M]
    assert g.win_reason == "dominance"


def test_3_3_1_I_two_clearings_of_the_suit_do_not_win() -> None:
    g = _dominance_position("dominance:fox", [1, 8, 5, 9])
    assert not g.is_over
    assert g.decision == "cat_actions"


def test_3_3_1_I_dominance_checked_only_at_own_birdsong() -> None:
    g = _dominance_position("dominance:fox", [1, 8, 12], turn="eyrie")
    assert not g.is_over
    assert g.current_seat == E


def test_3_3_1_I_tied_clearing_is_not_ruled_for_dominance() -> None:
    g = pos(
        turn="marquise",
        at="birdsong",
        clearings={
            "1": {"marquise": "1w"},
            "8": {"marquise": "1w"},
            "12": {"marquise": "1w", "eyrie": "1w"},
            "7": {"eyrie": "3w roost"},
        },
        dominance={"marquise": "dominance:fox"},
        hands={"eyrie": ["sappers"]},
    )
    # Lords of the Forest: the Eyrie rule the tie in 12, so the Marquise rule two fox clearings.
    assert not g.is_over


def test_3_3_1_II_bird_dominance_wins_with_opposite_corners() -> None:
    g = _dominance_position("dominance:bird", [2, 4])
    assert g.is_over
    assert g.winners == [M]
    assert g.win_reason == "dominance"


def test_3_3_1_II_bird_dominance_needs_diagonal_corners() -> None:
    g = _dominance_position("dominance:bird", [1, 2])
    assert not g.is_over
    g = _dominance_position("dominance:bird", [1, 4])
    assert not g.is_over


def test_3_3_3_spent_dominance_becomes_available_not_discarded() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep sawmill"}, "3": {"eyrie": "6w roost"}},
        hands={"marquise": ["dominance:fox"]},
    )
    dom = cid("dominance:fox")
    g.apply(f"overwork 1 {dom}")
    assert g.state.available_dominance == [dom]
    assert g.state.discard == []
    assert count(g, 1, "wood") == 1


def test_3_3_4_take_available_dominance_by_spending_a_matching_card() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep"}, "3": {"eyrie": "6w roost"}},
        hands={"marquise": ["anvil", "bake-sale"]},
        available_dominance=["dominance:fox"],
    )
    dom = cid("dominance:fox")
    takes = [t for t in g.legal_tokens() if t.startswith("take-dominance")]
    assert takes == [f"take-dominance {dom} {cid('anvil')}"]
    g.apply(takes[0])
    assert hand(g, M) == ["bake-sale", "dominance:fox"]
    assert discard(g) == ["anvil"]
    assert g.state.available_dominance == []
    assert g.state.turn["actions"] == 3


def test_3_3_4_available_bird_dominance_needs_a_bird_card() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep"}, "3": {"eyrie": "6w roost"}},
        hands={"marquise": ["anvil", "arms-trader"]},
        available_dominance=["dominance:bird", "dominance:rabbit"],
    )
    takes = sorted(t for t in g.legal_tokens() if t.startswith("take-dominance"))
    bird, rabbit = cid("dominance:bird"), cid("dominance:rabbit")
    assert takes == sorted(
        [f"take-dominance {bird} {cid('arms-trader')}",
         f"take-dominance {rabbit} {cid('arms-trader')}"]
    )


# --- 4.1 Craft --------------------------------------------------------------------------------


def _craft(hand_keys: list[str], **extra: object) -> rootgame.Game:
    desc: dict[str, object] = {
        "turn": "marquise",
        "at": "daylight:craft",
        "clearings": {"1": {"marquise": "3w keep workshop"}, "3": {"eyrie": "6w roost"}},
        "hands": {"marquise": hand_keys},
    }
    desc.update(extra)
    return pos(**desc)


def test_4_1_1_crafting_pieces_pay_by_suit() -> None:
    g = _craft(["anvil", "root-tea:fox"])
    assert g.decision == "craft"
    assert sorted(g.legal_tokens()) == ["craft 22", "done"]
    assert "4.1.1" in g.explain("craft 26")


def test_4_1_1_each_crafting_piece_once_per_turn() -> None:
    g = _craft(["anvil", "crossbow:mouse"])
    assert sorted(g.legal_tokens()) == ["craft 22", "craft 48", "done"]
    g.apply("craft 22")
    # The one fox workshop is used: nothing more can be crafted, only "done" is left (the
    # step stays a decision while she holds cards, 1.2.1).
    assert g.decision == "craft"
    assert g.legal_tokens() == ["done"]
    assert hand(g, M) == ["crossbow:mouse"]
    g.apply("done")
    assert g.decision == "cat_actions"
    assert hand(g, M) == ["crossbow:mouse"]


def test_4_1_1_two_pieces_craft_two_cards() -> None:
    g = _craft(
        ["anvil", "crossbow:mouse"],
        clearings={"1": {"marquise": "3w keep workshop"}, "8": {"marquise": "1w workshop"},
                   "3": {"eyrie": "6w roost"}},
    )
    g.apply("craft 22")
    assert g.legal_tokens() == ["craft 48", "done"]
    g.apply("craft 48")
    assert hand(g, M) == []
    assert sorted(g.state.seats[M].items) == ["crossbow", "hammer"]
    assert g.scores[M] == 3


def test_4_1_1_any_suit_icon_takes_any_piece() -> None:
    g = _craft(
        ["royal-claim", "anvil"],
        clearings={
            "1": {"marquise": "3w keep workshop"},
            "5": {"marquise": "1w workshop"},
            "9": {"marquise": "1w workshop"},
            "8": {"marquise": "1w workshop"},
            "3": {"eyrie": "6w roost"},
        },
    )
    rc = cid("royal-claim")
    crafts = [t for t in g.legal_tokens() if t.startswith(f"craft {rc}")]
    assert crafts == [f"craft {rc} fox fox mouse rabbit"]
    g.apply(crafts[0])
    assert keys_of_persistent(g) == ["royal-claim"]
    # Every workshop is used; anvil cannot be crafted: only "done" is left.
    assert (g.decision, g.legal_tokens()) == ("craft", ["done"])
    g.apply("done")
    assert g.decision == "cat_actions"
    assert hand(g, M) == ["anvil"]


def keys_of_persistent(g: rootgame.Game) -> list[str]:
    return sorted(DECK[c].key for c in g.state.seats[M].persistent)


def test_4_1_2_crafted_item_moves_to_crafted_box_and_scores() -> None:
    g = _craft(["anvil", "crossbow:mouse"])
    g.apply("craft 22")
    assert g.state.seats[M].items == ["hammer"]
    assert g.state.items["hammer"] == 0
    assert g.scores == [2, 0]
    assert discard(g) == ["anvil"]


def test_4_1_2_no_item_left_in_supply_cannot_craft() -> None:
    items = {"boot": 2, "bag": 2, "crossbow": 1, "hammer": 0, "sword": 2, "tea": 2, "coins": 2}
    g = _craft(["anvil", "crossbow:mouse"], items=items)
    assert g.legal_tokens() == ["craft 48", "done"]
    why = g.explain("craft 22")
    assert "no hammer is left" in why and "4.1.2" in why
    with pytest.raises(rootgame.IllegalAction, match="hammer"):
        g.apply("craft 22")
    assert hand(g, M) == ["anvil", "crossbow:mouse"]


def test_4_1_3_persistent_card_goes_to_play_area() -> None:
    g = _craft(["armorers", "sappers"])
    g.apply(f"craft {cid('armorers')}")
    assert keys_of_persistent(g) == ["armorers"]
    assert g.state.discard == []
    assert g.scores == [0, 0]


def test_4_1_4_no_second_identical_persistent_card() -> None:
    g = _craft(["armorers", "anvil"], persistent={"marquise": ["armorers"]})
    assert g.legal_tokens() == ["craft 22", "done"]
    assert "4.1.4" in g.explain(f"craft {cid('armorers', 0)}")
    assert keys_of_persistent(g) == ["armorers"]


def test_2_1_2_ambush_and_dominance_cards_are_never_crafted() -> None:
    g = _craft(["ambush:fox", "dominance:fox", "anvil"])
    assert g.legal_tokens() == ["craft 22", "done"]
    assert "never be crafted" in g.explain(f"craft {cid('ambush:fox')}")
    assert "never be crafted" in g.explain(f"craft {cid('dominance:fox')}")


# --- 4.2 Move ---------------------------------------------------------------------------------


def _mover() -> rootgame.Game:
    return pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "4w keep"}, "3": {"eyrie": "6w roost"}},
    )


def test_4_2_move_only_to_adjacent_clearings() -> None:
    g = _mover()
    marches = sorted(t for t in g.legal_tokens() if t.startswith("march"))
    assert marches == ["march 1 10", "march 1 5", "march 1 9"]
    assert "not joined by a path (4.2)" in g.explain("march 1 3")


def test_4_2_move_any_number_of_warriors() -> None:
    g = _mover()
    g.apply("march 1 5")
    assert g.decision == "move_count"
    assert g.legal_tokens() == ["count 1", "count 2", "count 3", "count 4"]
    g.apply("count 3")
    assert (warriors(g, 1, M), warriors(g, 5, M)) == (1, 3)


def test_4_2_1_must_rule_origin_or_destination() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "1": {"marquise": "1w keep"},
            "5": {"marquise": "1w", "eyrie": "2w"},
            "3": {"eyrie": "6w roost"},
        },
    )
    marches = sorted(t for t in g.legal_tokens() if t.startswith("march 5"))
    assert marches == ["march 5 1"]  # she rules 1; she rules neither 5 nor 2
    assert "4.2.1" in g.explain("march 5 2")


def test_4_2_2_same_warriors_move_again() -> None:
    g = _mover()
    play(g, "march 1 5", "count 2")
    assert g.decision == "move"
    assert "move 5 2" in g.legal_tokens()
    play(g, "move 5 2", "count 2")
    assert (warriors(g, 1, M), warriors(g, 5, M), warriors(g, 2, M)) == (2, 0, 2)
    assert g.state.turn["actions"] == 2


# --- 4.3 Battle -------------------------------------------------------------------------------


def _battle(
    cat: str, bird: str, hands: dict[str, list[str]] | None = None, dice: list[list[int]] | None
    = None, where: int = 12, **extra: object
) -> rootgame.Game:
    clearings = {"1": {"marquise": "2w keep"}, str(where): {"marquise": cat, "eyrie": bird}}
    clearings.setdefault("3", {})["eyrie"] = "2w roost"
    return pos(
        turn="marquise",
        at="daylight:actions",
        clearings=clearings,
        hands=hands or {},
        dice=dice or [[0, 0]],
        **extra,
    )


def test_4_3_1_defender_ambush_deals_two_hits() -> None:
    g = _battle("3w", "2w", {"eyrie": ["ambush:fox"]})
    g.apply("battle 12 1")
    assert g.decision == "ambush"
    assert g.current_seat == E
    assert sorted(g.legal_tokens()) == ["ambush 14", "pass"]
    g.apply("ambush 14")
    assert warriors(g, 12, M) == 1
    assert warriors(g, 12, E) == 2
    assert discard(g) == ["ambush:fox"]
    assert g.decision == "cat_actions"
    assert g.state.turn["actions"] == 2


def test_4_3_1_bird_ambush_matches_any_clearing() -> None:
    g = _battle("3w", "2w", {"eyrie": ["ambush:bird", "ambush:fox"]}, where=5)
    g.apply("battle 5 1")
    assert sorted(g.legal_tokens()) == [f"ambush {cid('ambush:bird')}", "pass"]


def test_4_3_1_ambush_not_capped_by_defender_warriors() -> None:
    g = _battle("3w", "roost", {"eyrie": ["ambush:fox"]})
    play(g, "battle 12 1", "ambush 14")
    assert warriors(g, 12, M) == 1
    # Dice 0-0, but the defenseless Eyrie take one hit: the roost goes (4.3.3.II).
    assert buildings(g, 12) == ["ruin"]
    assert g.scores == [1, 0]


def test_4_3_1_pass_on_ambush() -> None:
    g = _battle("3w", "2w", {"eyrie": ["ambush:fox"]}, dice=[[1, 0]])
    play(g, "battle 12 1", "pass")
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (3, 1)
    assert hand(g, E) == ["ambush:fox"]


def test_4_3_1_I_attacker_foils_with_matching_ambush() -> None:
    g = _battle("3w", "2w", {"eyrie": ["ambush:fox"], "marquise": ["ambush:bird", "anvil"]})
    play(g, "battle 12 1", "ambush 14")
    assert g.decision == "foil_ambush"
    assert g.current_seat == M
    assert sorted(g.legal_tokens()) == [f"ambush {cid('ambush:bird')}", "pass"]
    g.apply(f"ambush {cid('ambush:bird')}")
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (3, 2)
    assert discard(g) == ["ambush:bird", "ambush:fox"]
    assert hand(g, M) == ["anvil"]
    assert g.decision == "cat_actions"


def test_4_3_1_I_attacker_may_decline_to_foil() -> None:
    g2 = _battle("3w", "2w", {"eyrie": ["ambush:bird"], "marquise": ["ambush:fox"]})
    play(g2, "battle 12 1", f"ambush {cid('ambush:bird')}")
    assert g2.decision == "foil_ambush"
    g2.apply("pass")
    assert warriors(g2, 12, M) == 1
    assert hand(g2, M) == ["ambush:fox"]


def test_4_3_1_foil_needs_an_ambush_matching_the_clearing() -> None:
    g = _battle("3w", "2w", {"eyrie": ["ambush:fox"], "marquise": ["ambush:mouse"]})
    play(g, "battle 12 1", "ambush 14")
    # She holds a card, so she is asked (1.2.1), but the mouse ambush does not match the fox
    # clearing: she can only let the ambush go.
    assert (g.decision, g.current_seat) == ("foil_ambush", M)
    assert g.legal_tokens() == ["pass"]
    with pytest.raises(rootgame.IllegalAction):
        g.apply(f"ambush {cid('ambush:mouse')}")
    g.apply("pass")
    assert warriors(g, 12, M) == 1
    # The two warriors lost open Field Hospitals for the same reason, again with only "pass".
    assert (g.decision, g.legal_tokens()) == ("field_hospital", ["pass"])
    g.apply("pass")
    assert hand(g, M) == ["ambush:mouse"]
    assert g.decision == "cat_actions"


def test_4_3_1_scouting_party_ignores_ambush() -> None:
    g = _battle(
        "3w", "2w", {"eyrie": ["ambush:fox"]}, dice=[[1, 1]],
        persistent={"marquise": ["scouting-party"]},
    )
    g.apply("battle 12 1")
    assert g.decision == "cat_actions"
    assert hand(g, E) == ["ambush:fox"]
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (2, 1)


def test_4_3_1_II_ambush_killing_all_attackers_ends_battle() -> None:
    g = _battle("2w", "2w roost", {"eyrie": ["ambush:fox"]}, dice=[[3, 3]])
    play(g, "battle 12 1", "ambush 14")
    assert warriors(g, 12, M) == 0
    assert warriors(g, 12, E) == 2
    assert count(g, 12, "roost") == 1
    assert g.state.dice == [(3, 3)]  # no dice were rolled
    assert g.decision == "cat_actions"


def test_4_3_2_attacker_deals_high_die_defender_low() -> None:
    g = _battle("3w", "3w", dice=[[1, 3]])
    g.apply("battle 12 1")
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (2, 0)


def test_4_3_2_I_rolled_hits_capped_by_own_warriors() -> None:
    g = _battle("2w", "3w", dice=[[3, 3]])
    g.apply("battle 12 1")
    # The Marquise roll 3 but have 2 warriors: 2 hits; the Eyrie's 3 hits kill her 2.
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (0, 1)
    g2 = _battle("3w", "1w", dice=[[3, 3]])
    g2.apply("battle 12 1")
    assert (warriors(g2, 12, M), warriors(g2, 12, E)) == (2, 0)


def test_4_3_3_II_defenseless_defender_takes_an_extra_hit() -> None:
    g = _battle("1w", "roost", dice=[[0, 0]])
    g.apply("battle 12 1")
    assert count(g, 12, "roost") == 0
    assert g.scores == [1, 0]
    assert g.state.fs[E].roosts == 7 - 1  # back on the track; the roost at 3 remains


def test_4_3_3_II_defender_with_warriors_is_not_defenseless() -> None:
    g = _battle("1w", "1w roost", dice=[[0, 0]])
    g.apply("battle 12 1")
    assert count(g, 12, "roost") == 1
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (1, 1)
    assert g.scores == [0, 0]


@pytest.mark.parametrize("first", ["attacker", "defender"])
def test_4_3_3_attacker_chooses_who_uses_effects_first(first: str) -> None:
    # Both sides hold an optional effect: Brutal Tactics (attacker), Sappers (defender).
    g = _battle(
        "3w", "3w", dice=[[2, 1]],
        persistent={"marquise": ["brutal-tactics"], "eyrie": ["sappers"]},
    )
    g.apply("battle 12 1")
    assert g.decision == "effects_order"
    assert g.current_seat == M
    assert g.legal_tokens() == ["first attacker", "first defender"]
    with pytest.raises(rootgame.IllegalAction):
        g.apply(f"first {first}", seat=E)  # the defender does not choose
    g.apply(f"first {first}")
    order = [(M, "brutal-tactics"), (E, "sappers")]
    if first == "defender":
        order.reverse()
    for seat, effect in order:
        assert g.decision == "battle_effects"
        assert g.current_seat == seat
        assert g.legal_tokens() == [effect, "done"]
        g.apply(effect)
    # Either order, the same hits: 2 rolled + 1 Brutal Tactics on the Eyrie's 3 warriors,
    # 1 rolled + 1 Sappers on the Marquise's 3.
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (1, 0)
    assert g.scores == [0, 1]  # Brutal Tactics: the defender scores one
    assert discard(g) == ["sappers"]
    assert [DECK[c].key for c in g.state.seats[M].persistent] == ["brutal-tactics"]
    assert g.state.seats[E].persistent == []
    assert g.decision == "cat_actions"
    assert g.state.turn["actions"] == 2


def test_4_3_3_no_order_question_when_only_one_side_has_effects() -> None:
    g = _battle("3w", "3w", dice=[[2, 1]], persistent={"eyrie": ["sappers"]})
    g.apply("battle 12 1")
    assert (g.decision, g.current_seat) == ("battle_effects", E)
    assert g.legal_tokens() == ["sappers", "done"]
    g.apply("done")
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (2, 1)
    assert g.decision == "cat_actions"


def test_4_3_battle_needs_own_warriors_and_an_enemy_piece() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "1": {"marquise": "keep sawmill"},
            "12": {"marquise": "2w"},
            "5": {"marquise": "1w", "eyrie": "1w"},
            "3": {"eyrie": "2w roost"},
        },
    )
    battles = sorted(t for t in g.legal_tokens() if t.startswith("battle"))
    assert battles == ["battle 5 1"]


# --- 5.1 Setup --------------------------------------------------------------------------------


def test_5_1_3_two_players_remove_dominance_and_draw_three() -> None:
    g = rootgame.new_game(seed=3)
    st = g.state
    assert sorted(st.removed_cards) == sorted(DOMINANCE_IDS)
    assert [len(s.hand) for s in st.seats] == [3, 3]
    assert len(st.deck) == 54 - 4 - 6
    every = st.deck + st.discard + st.removed_cards + [c for s in st.seats for c in s.hand]
    assert sorted(every) == list(range(54))
    assert not set(DOMINANCE_IDS) & set(st.deck + st.seats[0].hand + st.seats[1].hand)


def test_5_1_2_scores_start_at_zero() -> None:
    assert rootgame.new_game(seed=1).scores == [0, 0]


def test_5_1_4_ruins_in_6_10_11_12() -> None:
    g = rootgame.new_game(seed=0)
    ruined = [c for c in range(1, 13) if "ruin" in buildings(g, c)]
    assert ruined == [6, 10, 11, 12]
    assert all(buildings(g, c) == ["ruin"] for c in ruined)


def test_5_1_5_item_supply() -> None:
    g = rootgame.new_game(seed=0)
    assert g.state.items == {
        "boot": 2, "bag": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2, "coins": 2,
    }


def test_5_1_1_first_player_from_seed_or_given() -> None:
    firsts = {rootgame.new_game(seed=s).turn_seat for s in range(30)}
    assert firsts == {0, 1}
    assert rootgame.new_game(seed=0, first_player=1).turn_seat == 1
    assert rootgame.new_game(seed=0, first_player=0).turn_seat == 0


def test_5_1_same_seed_same_setup() -> None:
    a = rootgame.new_game(seed=42)
    b = rootgame.new_game(seed=42)
    assert a.to_json() == b.to_json()
    c = rootgame.new_game(seed=43)
    assert (a.state.deck, a.state.seats[0].hand) != (c.state.deck, c.state.seats[0].hand)


def test_5_1_7_setup_order_marquise_before_eyrie() -> None:
    g = rootgame.new_game(seed=0, first_player=1)
    assert g.decision == "cat_keep"
    assert g.current_faction == "marquise"
    assert g.phase == "setup"
