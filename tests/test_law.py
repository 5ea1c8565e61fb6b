"""Scenario tests for the general Law of Root, sections 1-3 (Golden Rules, key concepts,
victory; the key actions and setup, sections 4-5, are in test_law_actions.py). Positions are
Marquise (seat 0) vs Eyrie (seat 1)."""

from __future__ import annotations

import json

import pytest
from lawkit import (
    A3,
    M3,
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
    pos3,
    warriors,
)

import rootgame
from rootgame.cards import DECK
from rootgame.flow import FACTIONS
from rootgame.rules import core

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


def test_1_3_2_cards_change_hands_only_when_a_card_says_so() -> None:
    """Golden Rules (Cards): players give cards to each other only when explicitly told to.
    In random Marquise-Eyrie games a card leaves one hand for another only by the one base
    card that says so, Stand and Deliver! (a random card taken); no action just gives one."""
    import random

    taken = 0
    for seed in (2, 23, 30):  # 23 and 30 play Stand and Deliver!
        g = rootgame.new_game(["marquise", "eyrie"], seed=seed)
        r = random.Random(seed)
        while not g.is_over and len(g.history) < 600:
            before = [set(p.hand) for p in g.state.seats]
            tok = r.choice(g.legal_tokens())
            g.apply(tok)
            after = [set(p.hand) for p in g.state.seats]
            moved = [
                (a, b)
                for a in (M, E)
                for b in (M, E)
                if a != b and (before[a] - after[a]) & (after[b] - before[b])
            ]
            if moved:
                assert tok.startswith("stand-and-deliver "), (seed, tok, moved)
                taken += 1
    assert taken > 0  # the exception was met, and it was the only way


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


def test_2_1_1_I_a_forced_card_of_a_suit_may_be_a_bird() -> None:
    # Outrage (8.2.6) makes the Marquise give a card matching the rabbit clearing: her only
    # bird card counts as rabbit, so she must give it rather than show her hand.
    g = pos3(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep"}, "5": {"alliance": "sympathy"}},
        hands={"marquise": ["armorers", "anvil"]},
    )
    play(g, "march 1 5", "count 2")
    assert (g.decision, g.current_seat) == ("outrage", M3)
    assert g.legal_tokens() == [f"outrage {cid('armorers')}"]
    g.apply(f"outrage {cid('armorers')}")
    assert hand(g, M3) == ["anvil"]
    assert g.state.fs[A3].supporters == [cid("armorers")]

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


def test_2_1_4_cards_in_the_play_area_are_not_in_the_hand() -> None:
    # A crafted bird card lies in the play area: it is spent for nothing (no extra action, no
    # Overwork, no Field Hospitals), only a card of the hand is.
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep sawmill"}, "3": {"eyrie": "6w roost"}},
        hands={"marquise": ["bake-sale"]},
        persistent={"marquise": ["armorers"]},
        turn_state={"actions": 0},
    )
    assert g.decision == "cat_actions"
    assert g.legal_tokens() == ["end"]
    g.state.turn["actions"] = 1
    assert not [t for t in g.legal_tokens() if t.startswith(("overwork", "bird"))]
    assert g.state.seats[M].persistent == [cid("armorers")]


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
    # 4.3.6: the attacker too chooses which of its buildings go, after its warriors.
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
    # 4.3.6: the warrior goes first, then the Marquise choose among buildings and tokens.
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


def test_3_3_2_an_activated_dominance_card_is_never_replaced() -> None:
    # With one dominance card activated, another in hand cannot take its place (nor be
    # activated beside it), whatever her score.
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w keep"}, "3": {"eyrie": "6w roost"}},
        hands={"marquise": ["dominance:rabbit", "anvil"]},
        dominance={"marquise": "dominance:fox"},
        vp={"marquise": 15},
    )
    assert "dominance" not in kinds(g)
    assert g.state.seats[M].dominance == cid("dominance:fox")


def test_3_3_1_dominance_is_activated_in_daylight_only() -> None:
    # In Birdsong (Royal Claim opens the Birdsong cards) no dominance card is activated;
    # in Daylight, the same hand may.
    g = pos(
        turn="marquise",
        at="birdsong",
        clearings={"1": {"marquise": "3w keep"}, "3": {"eyrie": "6w roost"}},
        hands={"marquise": ["dominance:fox"]},
        persistent={"marquise": ["royal-claim"]},
        vp={"marquise": 10},
    )
    assert g.decision == "birdsong_cards"
    assert "dominance" not in kinds(g)
    g.apply("done")
    while g.decision == "birdsong_cards":
        g.apply("done")
    assert g.phase == "daylight"  # the craft step, asked for the dominance card (1.2.1)
    assert f"dominance {cid('dominance:fox')}" in g.legal_tokens()


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
