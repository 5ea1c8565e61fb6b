"""When victory comes (3.1): every score is checked for 30 VP as it changes, and when several
players reach 30 in one simultaneous step (both sides' hits in battle, 4.3.6) the tie rule
decides (3.1.1). One test per place the engine scores: battle, the Despot, crafting, the
Evening, cards, Field Hospitals, and dominance at the start of Birdsong (issue 16)."""

from __future__ import annotations

from typing import Any

from lawkit import E, M, buildings, cid, hand, pos, scores_logged, warriors

from rootgame import Game

ISSUE_16 = {
    "turn": "eyrie",
    "at": "daylight:decree",
    "eyrie": {"leader": "despot", "decree": {"battle": ["anvil"], "build": ["vizier", "vizier"]}},
    "clearings": {"8": {"marquise": "2w sawmill", "eyrie": "2w roost"}},
    "persistent": {"eyrie": ["brutal-tactics"], "marquise": ["sappers"]},
    "vp": {"eyrie": 28, "marquise": 28},
    "dice": [[3, 3]],
}


def _wins(g: Game) -> list[dict[str, Any]]:
    return [e for e in g.events(None) if e["kind"] == "win"]


def test_3_1_1_both_reach_thirty_in_one_battle_the_turn_player_wins() -> None:
    # Issue 16: the Eyrie (Despot) attack; Brutal Tactics gives the Marquise 1 VP (29); the
    # Marquise's Sappers add a hit. Both sides' hits are one step (4.3.6): the Eyrie score the
    # sawmill and the Despot's point as it goes (30), the Marquise the roost (30). Both reach
    # 30 together: the player taking the turn wins (3.1.1).
    g = pos(log=True, **ISSUE_16)
    assert (g.decision, g.current_seat) == ("effects_order", E)
    g.apply("first attacker")
    g.apply("brutal-tactics")
    g.apply("sappers")
    assert g.is_over
    assert g.winners == [E]
    assert g.win_reason == "vp"
    assert g.scores == [30, 30]
    assert scores_logged(g) == [
        (M, 1, "brutal tactics"),
        (E, 1, "removed sawmill"),
        (E, 1, "despot"),
        (M, 1, "removed roost"),
    ]
    assert _wins(g) == [
        {"kind": "win", "seats": [E], "reason": "vp", "vp": [30, 30], "tied": [E, M]}
    ]
    # Every piece the hits removed is gone: the step was dealt in full before the check.
    assert g.state.warriors[8] == (0, 0)
    assert buildings(g, 8) == []


def test_3_1_1_both_reach_thirty_on_the_marquise_turn_the_marquise_wins() -> None:
    # The same battle the other way round: the Marquise attack with Brutal Tactics, the Eyrie
    # defend with Sappers. The Eyrie reach 30 (sawmill + Despot), the Marquise 30 (roost),
    # in the same step: the Marquise take the turn, so they win.
    g = pos(
        log=True,
        turn="marquise",
        at="daylight:actions",
        clearings={"8": {"marquise": "2w sawmill", "eyrie": "2w roost"}},
        eyrie={"leader": "despot"},
        persistent={"marquise": ["brutal-tactics"], "eyrie": ["sappers"]},
        vp={"marquise": 29, "eyrie": 27},
        turn_state={"actions": 1},
        dice=[[3, 3]],
    )
    g.apply("battle 8 1")
    g.apply("first attacker")
    g.apply("brutal-tactics")
    g.apply("sappers")
    assert (g.winners, g.scores) == ([M], [30, 30])
    assert _wins(g)[0]["tied"] == [M, E]


def test_3_1_a_score_that_reaches_thirty_alone_wins_at_once_inside_the_hits() -> None:
    # Only the Eyrie reach 30 in the step: they win, whoever takes the turn.
    g = pos(
        log=True,
        turn="marquise",
        at="daylight:actions",
        clearings={"8": {"marquise": "1w sawmill", "eyrie": "3w roost"}, "1": {"marquise": "keep"}},
        vp={"marquise": 20, "eyrie": 29},
        turn_state={"actions": 1},
        dice=[[3, 3]],
    )
    g.apply("battle 8 1")
    assert g.winners == [E]
    assert "tied" not in _wins(g)[0]


def test_7_8_4_despot_point_scored_with_the_first_removal_not_at_the_end() -> None:
    g = pos(
        log=True,
        turn="eyrie",
        at="daylight:decree",
        clearings={
            "8": {"eyrie": "3w", "marquise": "sawmill workshop wood"},
            "3": {"eyrie": "roost"},
        },
        eyrie={"leader": "despot", "decree": {"battle": ["vizier"], "build": ["vizier"]}},
        dice=[[1, 0]],
    )
    # Defenseless: 1 + 1 hits; the Marquise choose which two of the three pieces go.
    assert g.decision == "take_hits"
    g.apply("remove wood")
    g.apply("remove workshop")
    assert scores_logged(g)[:3] == [
        (E, 1, "removed wood"),
        (E, 1, "despot"),
        (E, 1, "removed workshop"),
    ]


def test_4_3_1_ii_ambush_hits_that_reach_thirty_win_at_once() -> None:
    # The defender's ambush is dealt alone (4.3.1.II): its removal scores and wins there and
    # then; the battle never rolls.
    g = pos(
        log=True,
        turn="marquise",
        at="daylight:actions",
        clearings={"8": {"marquise": "1w sawmill", "eyrie": "2w"}, "3": {"eyrie": "roost"},
                   "1": {"marquise": "1w keep"}},
        hands={"eyrie": ["ambush:bird"], "marquise": []},
        vp={"eyrie": 29},
        turn_state={"actions": 1},
    )
    g.apply("battle 8 1")
    g.apply(f"ambush {cid('ambush:bird')}")
    assert (g.winners, g.scores) == ([E], [0, 30])
    assert not [e for e in g.events(None) if e["kind"] == "dice"]


def test_4_3_4_brutal_tactics_point_wins_before_any_hit() -> None:
    # The defender's point for Brutal Tactics is scored when the card is used (4.3.4), so a
    # defender at 29 wins then, before the hits are dealt.
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"8": {"marquise": "3w", "eyrie": "2w roost"}, "1": {"marquise": "keep"}},
        persistent={"marquise": ["brutal-tactics"]},
        vp={"eyrie": 29},
        turn_state={"actions": 1},
        dice=[[3, 3]],
    )
    g.apply("battle 8 1")
    assert g.decision == "battle_effects"
    g.apply("brutal-tactics")
    assert (g.winners, g.scores) == ([E], [0, 30])
    assert warriors(g, 8, E) == 2 and warriors(g, 8, M) == 3


def test_3_2_2_crafting_an_item_to_thirty_wins_at_once() -> None:
    g = pos(
        log=True,
        turn="marquise",
        at="daylight:craft",
        clearings={"1": {"marquise": "2w workshop keep"}, "3": {"eyrie": "2w roost"}},
        hands={"marquise": ["anvil", "cobbler"]},
        vp={"marquise": 28},
    )
    g.apply(f"craft {cid('anvil')}")
    assert (g.winners, g.scores) == ([M], [30, 0])
    assert [e["kind"] for e in g.events(None)][-2:] == ["score", "win"]


def test_7_6_1_roost_score_to_thirty_wins_before_the_evening_draw() -> None:
    g = pos(
        log=True,
        turn="eyrie",
        at="evening",
        clearings={"3": {"eyrie": "1w roost"}, "8": {"eyrie": "1w roost"}, "1": {"marquise": "1w"}},
        hands={"eyrie": ["anvil"]},
        vp={"eyrie": 29},
    )
    assert (g.winners, g.scores) == ([E], [0, 30])
    assert hand(g, E) == ["anvil"]
    assert not [e for e in g.events(None) if e["kind"] == "draw"]


def test_3_1_royal_claim_to_thirty_wins_before_the_birdsong_wood() -> None:
    g = pos(
        turn="marquise",
        at="birdsong",
        clearings={"1": {"marquise": "1w keep sawmill"}, "5": {"marquise": "1w"},
                   "3": {"eyrie": "2w roost"}},
        persistent={"marquise": ["royal-claim"]},
        vp={"marquise": 28},
    )
    assert g.decision == "birdsong_cards"
    g.apply("royal-claim")
    assert (g.winners, g.scores) == ([M], [30, 0])
    assert g.state.tokens[1] == ((M, "keep"),)  # no wood was placed at the sawmill


def test_3_1_stand_and_deliver_gives_the_victim_thirty_on_the_thiefs_turn() -> None:
    g = pos(
        turn="marquise",
        at="birdsong",
        clearings={"1": {"marquise": "2w keep"}, "3": {"eyrie": "2w roost"}},
        persistent={"marquise": ["stand-and-deliver"]},
        hands={"eyrie": ["anvil"]},
        vp={"eyrie": 29},
        seed=3,
    )
    g.apply("stand-and-deliver 1")
    assert (g.winners, g.scores) == ([E], [0, 30])


def test_6_2_3_a_battle_won_on_its_hits_asks_no_field_hospitals() -> None:
    # The 30-VP check closes the hits step, before the effects the removals trigger (1.5.4).
    g = pos(
        turn="eyrie",
        at="daylight:decree",
        clearings={"1": {"marquise": "1w keep"}, "12": {"marquise": "2w sawmill", "eyrie": "3w"},
                   "3": {"eyrie": "2w roost"}},
        hands={"marquise": ["anvil"]},
        vp={"eyrie": 29},
        eyrie={"decree": {"recruit": ["vizier", "vizier"], "battle": ["foxfolk-steel"]}},
        dice=[[3, 3]],
    )
    g.apply("pass")
    assert (g.winners, g.legal_actions()) == ([E], [])
    assert hand(g, M) == ["anvil"]


def test_3_3_1_dominance_wins_at_start_of_birdsong_before_other_effects() -> None:
    # Better Burrow Bank also acts at the start of Birdsong; the dominance victory comes first
    # and ends the game, so nobody draws.
    g = pos(
        log=True,
        turn="marquise",
        at="birdsong",
        clearings={"1": {"marquise": "1w"}, "8": {"marquise": "1w"}, "12": {"marquise": "1w"},
                   "7": {"eyrie": "3w roost"}},
        dominance={"marquise": "dominance:fox"},
        persistent={"marquise": ["better-burrow-bank"]},
    )
    assert (g.winners, g.win_reason) == ([M], "dominance")
    assert [e["kind"] for e in g.events(None)] == ["turn", "win"]


def test_1_5_4_a_favor_removes_every_piece_before_the_win() -> None:
    # Favor of the Foxes removes every enemy piece in the fox clearings at once (1.5.4): the
    # first roost already gives the Marquise 30, but the second goes too, then she wins.
    g = pos(
        log=True,
        turn="marquise",
        at="daylight:craft",
        clearings={"1": {"marquise": "2w workshop keep"},
                   "6": {"marquise": "workshop", "eyrie": "1w"},
                   "8": {"marquise": "workshop", "eyrie": "2w roost"},
                   "12": {"eyrie": "roost"}},
        hands={"marquise": ["favor-of-the-foxes", "cobbler"]},
        vp={"marquise": 29},
    )
    g.apply(f"craft {cid('favor-of-the-foxes')}")
    assert (g.winners, g.scores) == ([M], [31, 0])
    assert buildings(g, 8) == ["workshop"] and buildings(g, 12) == ["ruin"]
    assert [e["kind"] for e in g.events(None)][-1] == "win"
