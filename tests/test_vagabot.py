"""Scenario tests for the Vagabot (Law of Rootbotics 7), named after their Law of Rootbotics
section, difficulty or trait card, and character.

Each test builds a position, lets the bot's turn run by itself (it makes no decision) until a
human player decides, and asserts the exact targets it chose, read from the event log. Seat 0
is the Marquise, seat 1 the Eyrie when there is one, the Vagabot last. The Autumn map:
clearings 1-12 are the priority order; forests are 101 (1 2 5 10), 102 (1 9 10 12), 103 (2 6 10
11 12), 104 (4 9 12), 105 (4 7 8 12), 106 (3 7 11 12), 107 (3 6 11); ruins in 6, 10, 11, 12.
"""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import bot_pos, cid, logged, targets

from rootgame import new_game
from rootgame.factions.vagabot import DDOWN, DUP, damage, st
from rootgame.game import Game
from rootgame.position_text import from_string, to_string
from rootgame.rules.core import remove_enemy_pieces

VB = "vagabot"
CATS_7 = {"marquise": "2w"}
"""Two Marquise warriors in clearing 7 give the Marquise a real decision after the bot's turn
(and a target for its battles)."""


def vb(g: Game) -> Any:
    return st(g.state, g.state.factions.index(VB))


def bot_turn(
    at: str, order: str | None = None, bot: dict[str, Any] | None = None,
    factions: tuple[str, ...] = ("marquise", VB), **desc: Any,
) -> Game:
    """A position at the Vagabot's ``at`` with ``order`` as this turn's order card (``bot``:
    its other board fields)."""
    d: dict[str, Any] = {"turn": VB, "at": at}
    spec = dict(bot or {})
    if order is not None:
        spec["order"] = order
    d[VB] = spec
    d.setdefault("clearings", {"7": CATS_7})
    d.update(desc)
    return bot_pos(factions, **d)


def scores(g: Game, seat: int) -> list[tuple[int, str]]:
    return [(e["vp"], e["reason"]) for e in logged(g, "score") if e["seat"] == seat]


def spent(g: Game) -> list[tuple[str, int]]:
    """The items the Vagabot exhausted, and for what."""
    return [(e["why"], e["count"]) for e in logged(g, "vagabot_item") if e["change"] == "exhaust"]


def pawn_moves(g: Game) -> list[int]:
    seat = g.state.factions.index(VB)
    return [e["to"] for e in logged(g, "pawn") if e["seat"] == seat]


# --- LR 7.3 Setup, LR 3 ------------------------------------------------------------------------


def test_lr_7_3_setup_pawn_quest_ruins_and_four_items() -> None:
    g = new_game(["marquise", VB], seed=3, log=True)
    while not vb(g).pawn:
        g.apply(g.legal_actions()[0])
    fs = vb(g)
    # 7.3.2: the Autumn forest touching five clearings is the only one with so many.
    assert fs.pawn == 103
    assert [e["among"] for e in logged(g, "slip")] == [[103]]
    # 7.3.3: one quest face up, fourteen in the deck; 7.3.4: one "R" item under each ruin.
    assert fs.quest is not None and len(fs.quest_deck) == 14
    assert sorted(fs.ruins) == [6, 10, 11, 12]
    assert sorted(i for v in fs.ruins.values() for i in v) == ["bag", "boot", "hammer", "sword"]
    # 7.3.5: four items face up in the Satchel; no card in hand (LR 3.4).
    assert fs.items == [4, 0, 0, 0] and fs.track == []
    assert g.state.seats[1].hand == []


def test_lr_7_3_2_forests_tied_for_most_clearings_are_drawn_at_random() -> None:
    # The Lake: two forests touch four clearings each.
    picks = set()
    for seed in range(6):
        g = new_game(["marquise", VB], seed=seed, map="lake", log=True)
        while not vb(g).pawn:
            g.apply(g.legal_actions()[0])
        (e,) = logged(g, "slip")
        assert len(e["among"]) == 2 and e["to"] in e["among"] and e["rule"] == "LR 7.3.2"
        picks.add(e["to"])
    assert len(picks) == 2


def test_lr_7_7_2_the_tinker_starts_with_three_items() -> None:
    g = new_game(["marquise", VB], seed=3, bots={VB: {"character": "tinker"}})
    while not vb(g).pawn:
        g.apply(g.legal_actions()[0])
    assert vb(g).items == [3, 0, 0, 0] and vb(g).character == "tinker"


def test_lr_3_3_settings_are_checked() -> None:
    with pytest.raises(
        ValueError, match="character is one of thief, tinker, ranger, vagrant, scoundrel, arbiter"
    ):
        new_game(["marquise", VB], bots={VB: {"character": "harrier"}})
    with pytest.raises(ValueError, match="'swoop' is not one of its traits"):
        new_game(["marquise", VB], bots={VB: {"traits": ["swoop"]}})
    with pytest.raises(ValueError, match="same pieces"):
        new_game(["vagabond", VB])
    g = new_game(["marquise", VB], bots={VB: {"difficulty": "easy", "traits": ["helper"]}})
    assert (vb(g).difficulty, vb(g).traits, vb(g).character) == ("easy", ("helper",), "thief")


# --- LR 7.4 Birdsong ---------------------------------------------------------------------------


def test_lr_7_4_2_the_order_card_is_crafted_into_the_satchel_for_one_vp() -> None:
    g = bot_turn("birdsong", deck=["anvil"], bot={"items": {"up": 1}}, ruins=[])
    assert [e["card"] for e in logged(g, "order")] == [cid("anvil")]
    assert scores(g, 1)[0] == (1, "crafted hammer")
    assert vb(g).gained == ["hammer"]
    assert [e for e in logged(g, "vagabot_item") if e["change"] == "gain"][0]["source"] == "craft"


def test_lr_7_4_3_slip_with_two_undamaged_items_skips_daylight() -> None:
    g = bot_turn(
        "birdsong", deck=["ambush:fox"], bot={"pawn": 1, "items": {"up": 2, "damaged-up": 3}}
    )
    (e,) = logged(g, "slip")
    assert (e["among"], e["rule"]) == ([101, 102], "LR 7.4.3")
    assert vb(g).pawn == e["to"]
    assert logged(g, "vagabot_sequence") == [] and targets(g) == []


def test_lr_7_4_3_no_slip_with_three_undamaged_items() -> None:
    g = bot_turn("birdsong", deck=["ambush:fox"], bot={"pawn": 1, "items": {"up": 3}},
                 ruins=[])
    assert logged(g, "slip") == []
    assert [e["actions"] for e in logged(g, "vagabot_sequence")] == [
        ["explore", "battle", "special"]
    ]


# --- LR 7.5 Daylight ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("order", "actions"),
    [
        ("ambush:bird", ["explore", "quest", "aid", "battle"]),
        ("ambush:fox", ["explore", "battle", "special"]),
        ("ambush:rabbit", ["battle", "repair", "special"]),
        ("ambush:mouse", ["quest", "aid", "battle", "repair"]),
    ],
)
def test_lr_7_5_the_order_suit_sets_the_daylight_actions(order: str, actions: list[str]) -> None:
    g = bot_turn("daylight", order, bot={"pawn": 1, "items": {"up": 0, "down": 4}})
    assert [e["actions"] for e in logged(g, "vagabot_sequence")] == [actions]


def test_lr_7_5_1_explore_the_nearest_ruin_tie_highest_priority() -> None:
    # From clearing 2, the ruins of 6 and 10 are one move away: 6 has the higher priority.
    g = bot_turn("daylight", "ambush:fox", bot={"pawn": 2, "items": {"up": 2}, "ruins":
                 {"6": "sword", "10": "bag", "11": "boot", "12": "hammer"}})
    assert targets(g, "explore") == [("explore", 6, ("nearest", "highest_priority"))]
    assert spent(g)[:2] == [("move", 1), ("explore", 1)]
    assert pawn_moves(g)[0] == 6
    # The ruin's only item comes face up into the Satchel; the empty ruin goes; no VP.
    assert (-1, "ruin") not in g.state.buildings[6] and 6 not in vb(g).ruins
    assert vb(g).gained == ["sword"]
    assert all(r != "explored" for _, r in scores(g, 1))


def test_lr_7_5_stay_when_the_action_can_be_taken_here() -> None:
    g = bot_turn("daylight", "ambush:fox", bot={"pawn": 10, "items": {"up": 1}})
    assert targets(g, "explore") == [("explore", 10, ("nearest",))]
    assert spent(g)[0] == ("explore", 1) and pawn_moves(g) == []


def test_lr_7_5_too_few_items_for_the_route_it_stays() -> None:
    # From clearing 8 every ruin is at least two moves away (8-7-12, 8-4-12); one item only.
    g = bot_turn("daylight", "ambush:fox", bot={"pawn": 8, "items": {"up": 1}})
    assert targets(g, "explore") == [("explore", 12, ("nearest",))]
    assert [(e["clearing"], e["moves"]) for e in logged(g, "vagabot_stays")][0] == (12, 2)
    assert 12 not in pawn_moves(g) and vb(g).ruins[12]


def test_lr_2_3_a_target_its_items_cannot_reach_is_passed_over() -> None:
    # Ruling 406. Battle: the Marquise has the most VP, but her only pieces (in 1) are three
    # moves from 7 and it holds two items: she is passed over for the Eyrie, one move away.
    g = bot_turn(
        "daylight", "ambush:rabbit", factions=("marquise", "eyrie", VB),
        bot={"pawn": 7, "items": {"up": 2}}, vp={"marquise": 5},
        clearings={"1": {"marquise": "2w sawmill"}, "8": {"eyrie": "1w"}}, dice=[[0, 0]],
    )
    assert targets(g, "battle_player") == [("battle_player", 7, 1, ())]
    assert targets(g, "battle") == [("battle", 8, ())]
    assert pawn_moves(g) == [8] and spent(g) == [("move", 1), ("battle", 1)]
    # Berserker: the most enemy pieces are in 1, out of reach; the Eyrie's 3 is the target.
    g = bot_turn(
        "daylight", "ambush:rabbit", factions=("marquise", "eyrie", VB),
        bot={"pawn": 7, "items": {"up": 2}, "traits": ["berserker"]},
        clearings={"1": {"marquise": "3w"}, "3": {"eyrie": "1w"}}, dice=[[0, 0]],
    )
    assert targets(g, "battle") == [("battle", 3, ())]
    assert pawn_moves(g) == [3] and logged(g, "vagabot_stays") == []


def test_lr_7_5_moves_the_shortest_route_through_the_highest_priority() -> None:
    # 8 to 12 in two moves, through 4 or 7: 4 has the higher priority.
    g = bot_turn("daylight", "ambush:fox", bot={"pawn": 8, "items": {"up": 3}})
    assert pawn_moves(g)[:2] == [4, 12]
    assert spent(g)[:3] == [("move", 1), ("move", 1), ("explore", 1)]


def test_lr_12_1_1_the_vagabot_moves_by_the_ferry_and_scores_instead_of_drawing() -> None:
    # The Lake: the Ferry in the coastal clearing 1 links it to the coastal 10, 11 and 12 (LR
    # 12.1.1), so the Marquise's 11 is one move away, as her 9 is by path; her sawmill there
    # decides (7.5.4.I). The pawn rides the Ferry, which goes along; 1 VP instead of a card.
    g = bot_turn(
        "daylight", "ambush:rabbit", bot={"pawn": 1, "items": {"up": 3}}, map="lake",
        clearings={"9": {"marquise": "1w"}, "11": {"marquise": "1w sawmill"}, "7": CATS_7},
        dice=[[0, 0]],
    )
    assert targets(g, "battle") == [("battle", 11, ("nearest", "most_buildings_tokens"))]
    assert pawn_moves(g) == [11]
    (f,) = logged(g, "ferry")
    assert (f["seat"], f["from"], f["to"]) == (1, 1, 11) and g.state.ferry == 11
    assert (1, "ferry") in scores(g, 1) and g.state.seats[1].hand == []
    assert spent(g) == [("move", 1), ("battle", 1)]
    # Once used this turn the Ferry links nothing (M.3.5): 9 is the nearest, 11 two moves.
    g = bot_turn(
        "daylight", "ambush:rabbit", bot={"pawn": 1, "items": {"up": 3}}, map="lake",
        clearings={"9": {"marquise": "1w"}, "11": {"marquise": "1w sawmill"}, "7": CATS_7},
        dice=[[0, 0]], turn_state={"used": ["ferry"]},
    )
    assert targets(g, "battle") == [("battle", 9, ("nearest",))]
    assert pawn_moves(g) == [9] and logged(g, "ferry") == []


def test_lr_7_2_3_only_undamaged_face_up_items_are_exhausted() -> None:
    # One face-up item and two damaged face-up ones, in a mouse clearing with a mouse quest
    # (a mouse order: Quest, Aid, Battle, Repair). The damaged items pay for nothing: no
    # quest (two items), and Repair exhausts the one undamaged item to mend a damaged one.
    g = bot_turn(
        "daylight", "ambush:mouse",
        bot={"pawn": 2, "items": {"up": 1, "damaged-up": 2}, "quest": "escort:mouse",
             "quest_deck": ["errand:fox"]},
    )
    assert spent(g) == [("repair", 1)]
    assert vb(g).done == [] and scores(g, 1) == []
    repairs = [(e["why"], e["side"]) for e in logged(g, "vagabot_item") if e["change"] == "repair"]
    assert repairs[0] == ("LR 7.5.5", "up")


def test_lr_7_5_2_quest_in_the_nearest_clearing_of_its_suit() -> None:
    g = bot_turn(
        "daylight", "ambush:mouse",
        bot={"pawn": "forest:2_6_10_11_12", "items": {"up": 3}, "quest": "errand:fox",
             "quest_deck": ["escort:mouse"]},
        clearings={"8": CATS_7},
    )
    # Fox clearings 6 and 12 touch the forest: 6 has the higher priority.
    assert targets(g, "quest") == [("quest", 6, ("nearest", "highest_priority"))]
    assert spent(g)[:2] == [("move", 1), ("quest", 2)]
    assert scores(g, 1) == [(1, "quest")]
    fs = vb(g)
    assert fs.done == [1] and fs.quest == 13 and fs.quest_deck == []


def test_lr_7_5_moves_even_without_the_items_for_the_action_after() -> None:
    g = bot_turn(
        "daylight", "ambush:mouse",
        bot={"pawn": "forest:2_6_10_11_12", "items": {"up": 2}, "quest": "errand:fox"},
        clearings={"8": CATS_7},
    )
    # The move to 6 (the nearest fox clearing) takes one of its two items: it moves all the
    # same, and the quest, needing two, is not taken; the cats in 8 are out of reach.
    assert pawn_moves(g) == [6]
    assert spent(g) == [("move", 1)]
    assert scores(g, 1) == [] and vb(g).done == []


def test_lr_7_5_3_aid_the_player_with_fewest_vp() -> None:
    g = bot_turn(
        "daylight", "ambush:mouse",
        factions=("marquise", "eyrie", VB),
        bot={"pawn": 7, "items": {"up": 3}, "quest": None, "quest_deck": []},
        clearings={"7": {"marquise": "2w", "eyrie": "1w"}},
        crafted={"marquise": ["boot", "sword"], "eyrie": ["tea", "bag"]},
        vp={"marquise": 5, "eyrie": 3},
    )
    assert targets(g, "aid") == [("aid", 7, 1, ("fewest_vp",))]
    # Two items exhausted (the Eyrie's two crafted items), taken, two VP, two cards drawn.
    assert spent(g)[0] == ("aid", 2)
    assert g.state.seats[1].items == [] and vb(g).gained == ["tea", "bag"]
    assert scores(g, 2)[0] == (2, "aid")
    assert len(g.state.seats[1].hand) == 2


def test_lr_7_5_3_aid_tie_goes_by_setup_order_and_stops_at_its_items() -> None:
    g = bot_turn(
        "daylight", "ambush:mouse",
        factions=("marquise", "eyrie", VB),
        bot={"pawn": 7, "items": {"up": 1, "down": 3}, "quest": None, "quest_deck": []},
        clearings={"7": {"marquise": "2w", "eyrie": "1w"}},
        crafted={"marquise": ["boot", "sword"], "eyrie": ["tea"]},
    )
    assert targets(g, "aid") == [("aid", 7, 0, ("setup_priority",))]
    assert spent(g)[0] == ("aid", 1) and g.state.seats[0].items == ["sword"]
    assert scores(g, 2)[0] == (1, "aid") and len(g.state.seats[0].hand) == 1


def test_lr_7_5_3_an_aided_bot_scores_one_vp() -> None:
    g = bot_turn(
        "daylight", "ambush:mouse",
        factions=("eyrie", "mechanical-marquise", VB),
        bot={"pawn": 7, "items": {"up": 2}, "quest": None, "quest_deck": []},
        clearings={"7": {"mechanical-marquise": "1w"}, "8": {"eyrie": "2w"}},
        crafted={"mechanical-marquise": ["boot"]},
    )
    assert targets(g, "aid") == [("aid", 7, 1, ())]
    assert scores(g, 1) == [(1, "aided")] and g.state.seats[1].hand == []


def test_lr_7_5_4_battle_the_player_with_most_vp_ties_i_and_ii() -> None:
    g = bot_turn(
        "daylight", "ambush:rabbit",
        factions=("marquise", "eyrie", VB),
        bot={"pawn": "forest:3_7_11_12", "items": {"up": 2}},
        clearings={
            "3": {"eyrie": "1w"}, "11": {"eyrie": "1w roost"}, "12": {"eyrie": "2w roost"},
            "7": CATS_7,
        },
        vp={"marquise": 4, "eyrie": 6},
        dice=[[2, 0]],
    )
    assert targets(g, "battle_player") == [("battle_player", 0, 1, ("most_vp",))]
    # 3, 11 and 12 touch the forest; 11 and 12 have a roost; 11 has fewer Eyrie warriors.
    assert targets(g, "battle") == [
        ("battle", 11, ("most_buildings_tokens", "fewest_warriors"))
    ]
    assert [(e["clearing"], e["defender"]) for e in logged(g, "battle")] == [(11, 1)]
    # One rolled hit at most (LR 7.2.4): the warrior; one VP for it as attacker.
    assert scores(g, 2) == [(1, "warriors removed")]


def test_lr_7_5_4_battle_again_for_two_items_while_the_defender_has_pieces() -> None:
    g = bot_turn(
        "daylight", "ambush:rabbit",
        bot={"pawn": 7, "items": {"up": 3}},
        clearings={"7": {"marquise": "2w sawmill"}},
        dice=[[1, 0], [1, 0], [1, 0]],
    )
    assert [e["clearing"] for e in logged(g, "battle")] == [7, 7]
    assert spent(g)[:2] == [("battle", 1), ("battle", 2)]
    # One warrior each time, scored as attacker.
    assert scores(g, 1) == [(1, "warriors removed"), (1, "warriors removed")]


def test_lr_7_5_4_no_vp_for_warriors_removed_as_defender() -> None:
    g = bot_pos(
        ("marquise", VB), turn="marquise", at="daylight",
        clearings={"5": {"marquise": "3w"}, "7": CATS_7}, vagabot={"pawn": 5},
        dice=[[2, 1]],
    )
    g.apply(("battle", 5, 1))
    # The Marquise deals two hits (two exhausted... none: face-up items are damaged), the
    # Vagabot one (its maximum rolled hits, LR 7.2.4): no VP for it as defender.
    assert vb(g).items == [2, 0, 2, 0]
    assert g.state.warriors[5][0] == 2
    assert scores(g, 1) == []


def test_lr_7_5_5_repair_unexhausted_damaged_items_first() -> None:
    g = bot_turn(
        "daylight", "ambush:rabbit",
        bot={"pawn": "forest:1_2_5_10", "items": {"up": 2, "damaged-up": 1, "damaged-down": 1}},
    )
    # Battle: the Marquise in 7 is three moves away, two items: it stays. Repair: one
    # exhausted for the face-up damaged item, repaired face up.
    repairs = [(e["side"], e["count"]) for e in logged(g, "vagabot_item")
               if e["change"] == "repair" and e["why"] == "LR 7.5.5"]
    assert repairs == [("up", 1)]
    assert ("repair", 1) in spent(g)


def test_lr_7_5_6_special_is_skipped_when_it_would_do_nothing() -> None:
    g = bot_turn(
        "daylight", "ambush:fox", bot={"pawn": "forest:4_9_12", "items": {"up": 1}}, ruins=[]
    )
    assert ("special", 1) not in spent(g)


# --- LR 7.2 Abilities --------------------------------------------------------------------------


def test_lr_2_8_2_hates_surprises_no_ambush_against_the_vagabot() -> None:
    # The Marquise holds a mouse ambush in the mouse clearing 7 it attacks: never offered.
    g = bot_turn("daylight", "ambush:rabbit", bot={"pawn": 7, "items": {"up": 1}},
                 hands={"marquise": ["ambush:mouse"]}, dice=[[1, 0]])
    (b,) = logged(g, "battle")
    assert (b["seat"], b["defender"], b["clearing"]) == (1, 0, 7)
    assert all(f.kind != "ambush" for f in g.state.stack)
    assert not [e for e in logged(g, "action") if e["decision"] == "ambush"]
    assert g.state.seats[0].hand == [cid("ambush:mouse")] and g.state.warriors[7][0] == 1


def test_lr_7_2_4_battle_track_six_items_one_more_rolled_hit() -> None:
    g = bot_turn("daylight", "ambush:rabbit", bot={"pawn": 7, "items": {"up": 6}},
                 dice=[[3, 0]])
    # At six undamaged items, one (face up, none exhausted) sits on the track: 2 rolled hits.
    first = logged(g, "rolled")[0]
    assert first["hits"][0] == 2


def test_lr_7_2_4_exhausted_items_go_on_the_track_first() -> None:
    g = bot_pos(("marquise", VB), turn="marquise", at="daylight", clearings={"7": CATS_7},
                vagabot={"pawn": 5, "items": {"up": 7, "down": 2}})
    # Nine undamaged items: two on the track, the exhausted ones first.
    assert vb(g).track == ["down", "down"] and vb(g).items == [7, 0, 0, 0]
    assert g.view(0)["players"][1]["board"]["max_rolled_hits"] == 3


def test_lr_7_2_5_an_exhausted_item_on_the_battle_track_is_damaged_before_a_face_up_one() -> None:
    # Ruling 402: nine undamaged items, the two exhausted ones on the track, seven face up in
    # the Satchel. A hit damages an exhausted item: the Satchel holds none, so the track's
    # last one; eight undamaged items keep the other there, and the seven stay face up.
    g = bot_pos(("marquise", VB), turn="marquise", at="daylight", clearings={"7": CATS_7},
                vagabot={"pawn": 5, "items": {"up": 7, "down": 2}})
    damage(g.state, 1, 1, "test")
    assert vb(g).track == ["down"] and vb(g).items == [7, 0, 0, 1]
    (e,) = [e for e in logged(g, "vagabot_item") if e["change"] == "damage"]
    assert (e["side"], e["count"]) == ("down", 1)
    # An exhausted item of the Satchel goes before the track's; with no exhausted item left
    # a face-up one of the Satchel is damaged, before a face-up one on the track.
    g = bot_pos(("marquise", VB), turn="marquise", at="daylight", clearings={"7": CATS_7},
                vagabot={"pawn": 5, "items": {"up": 5, "down": 1}, "track": ["down"]})
    assert vb(g).track == ["down"] and vb(g).items == [5, 1, 0, 0]
    damage(g.state, 1, 3, "test")
    assert vb(g).track == [] and vb(g).items == [4, 0, 1, 2]
    # Questing: the track's items are never damaged, face down or not.
    g = bot_pos(("marquise", VB), turn="marquise", at="daylight", clearings={"7": CATS_7},
                vagabot={"pawn": 5, "items": {"up": 5}, "track": ["down"],
                         "traits": ["questing"]})
    damage(g.state, 1, 1, "test")
    assert vb(g).track == ["down"] and vb(g).items == [4, 0, 1, 0]


def test_lr_7_2_4_the_twelfth_item_adds_a_hit_as_attacker() -> None:
    g = bot_turn("daylight", "ambush:rabbit", bot={"pawn": 7, "items": {"up": 10, "down": 2}},
                 clearings={"7": {"marquise": "4w"}}, dice=[[3, 0]])
    hits = logged(g, "hits")[0]
    assert (hits["rolled"], hits["extra"]) == (3, 1)


def test_lr_7_2_5_hits_damage_exhausted_items_first() -> None:
    g = bot_turn("daylight", "ambush:rabbit", bot={"pawn": 7, "items": {"up": 2, "down": 1}},
                 clearings={"7": {"marquise": "3w"}}, dice=[[2, 2]])
    # Battle (one exhausted), then two hits: the two exhausted items are damaged.
    fs = vb(g)
    damaged = [(e["side"], e["count"]) for e in logged(g, "vagabot_item")
               if e["change"] == "damage"]
    assert damaged == [("down", 1), ("down", 1)]
    assert fs.items[DDOWN] >= 0 and fs.items[DUP] <= 1


def test_lr_7_2_1_i_full_removal_damages_three_items() -> None:
    # (As by the Alliance's revolt or a Favor card, played here by the Marquise.)
    g = bot_pos(
        ("marquise", VB), turn="marquise", at="daylight",
        clearings={"5": {"marquise": "1w"}, "7": CATS_7},
        vagabot={"pawn": 5, "items": {"up": 3, "down": 2}},
    )
    remove_enemy_pieces(g.state, 0, [5])
    # Three hits' worth: the two exhausted items, then one face-up item; the pawn stays.
    assert vb(g).items == [2, 0, 1, 2]
    assert vb(g).pawn == 5


def test_lr_7_2_2_nimble_moves_whoever_rules() -> None:
    g = bot_turn("daylight", "ambush:fox", bot={"pawn": 8, "items": {"up": 3}},
                 clearings={"4": {"marquise": "3w sawmill"}, "7": CATS_7})
    assert pawn_moves(g)[:2] == [4, 12]


# --- LR 7.6 Evening ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("difficulty", "items", "refreshed"),
    [
        ("default", {"down": 8}, 6),
        ("default", {"down": 8, "damaged-up": 1}, 4),
        ("easy", {"down": 8}, 5),
        ("easy", {"down": 8, "damaged-up": 1}, 3),
        ("challenging", {"down": 8}, 7),
        ("nightmare", {"down": 8, "damaged-up": 1}, 5),
    ],
)
def test_lr_7_6_1_refresh_and_the_difficulty_cards(
    difficulty: str, items: dict[str, int], refreshed: int
) -> None:
    g = bot_turn("evening", bot={"pawn": 5, "items": items, "difficulty": difficulty})
    (e,) = [e for e in logged(g, "vagabot_item") if e["change"] == "refresh"]
    assert e["count"] == refreshed


def test_lr_7_6_2_repair_all_in_a_forest_one_in_a_clearing() -> None:
    g = bot_turn("evening", bot={"pawn": "forest:1_2_5_10", "items": {"up": 2, "damaged-up": 2,
                                                        "damaged-down": 2}})
    assert vb(g).items[DUP] == vb(g).items[DDOWN] == 0
    g = bot_turn("evening", bot={"pawn": 5, "items": {"up": 2, "damaged-up": 2,
                                                      "damaged-down": 2}})
    assert (vb(g).items[DUP], vb(g).items[DDOWN]) == (1, 2)


def test_nightmare_scores_one_vp_at_the_end_of_evening() -> None:
    g = bot_turn("evening", bot={"pawn": 5, "items": {"up": 4}, "difficulty": "nightmare"})
    assert scores(g, 1) == [(1, "nightmare")]


def test_lr_7_6_3_the_order_card_is_discarded() -> None:
    g = bot_turn("evening", "anvil", bot={"pawn": 5})
    assert vb(g).order is None and cid("anvil") in g.state.discard


# --- LR 7.7 Characters -------------------------------------------------------------------------


def test_lr_7_7_1_thief_takes_from_the_most_vp_then_most_pieces() -> None:
    g = bot_turn(
        "daylight", "ambush:fox",
        factions=("marquise", "eyrie", VB),
        bot={"pawn": 7, "items": {"up": 4}},
        ruins=[],
        clearings={"7": {"marquise": "2w sawmill", "eyrie": "1w"}},
        hands={"marquise": ["anvil"], "eyrie": ["sword"]},
        vp={"marquise": 2, "eyrie": 2},
        dice=[[0, 0], [0, 0]],
    )
    assert targets(g, "steal") == [("steal", 7, 0, ("most_pieces",))]
    assert g.state.seats[0].hand == [] and cid("anvil") in g.state.discard


def test_lr_7_7_2_tinker_crafts_the_topmost_card_with_an_available_item() -> None:
    g = bot_turn(
        "daylight", "ambush:fox",
        bot={"pawn": "forest:4_9_12", "items": {"up": 1}, "character": "tinker"},
        ruins=[], discard=["anvil", "sword", "ambush:mouse"], items={"sword": 0, "hammer": 2},
    )
    assert scores(g, 1) == [(1, "crafted hammer")]
    assert vb(g).gained == ["hammer"] and cid("anvil") in g.state.discard


def test_lr_7_7_3_ranger_slips_with_three_damaged_items() -> None:
    g = bot_turn(
        "daylight", "ambush:rabbit",
        bot={"pawn": "forest:1_2_5_10", "items": {"up": 2, "damaged-down": 4},
             "character": "ranger"},
    )
    (e,) = [e for e in logged(g, "slip") if e["rule"] == "LR 7.7.3"]
    assert e["among"] and vb(g).pawn == e["to"]


# --- Trait cards -------------------------------------------------------------------------------


def test_trait_adventurer_battles_once_then_quests_with_what_is_left() -> None:
    g = bot_turn(
        "daylight", "ambush:rabbit",
        bot={"pawn": 7, "items": {"up": 7}, "traits": ["adventurer"], "quest": "escort:mouse",
             "quest_deck": ["errand:fox", "guard-duty:mouse"]},
        clearings={"7": {"marquise": "3w"}}, dice=[[0, 0]],
    )
    assert len(logged(g, "battle")) == 1
    # Seven items, one on the Battle Track (LR 7.2.4): five face up left after the battle
    # (nothing to repair, no card to steal): the mouse quest here (two), then the fox quest
    # in 8, one move away (three); then none is left.
    assert [e["quest"] for e in logged(g, "vagabot_quested")] == [13, 1]
    assert pawn_moves(g) == [8]
    assert spent(g) == [("battle", 1), ("quest", 2), ("move", 1), ("quest", 2)]


def test_trait_berserker_targets_the_clearing_with_most_enemy_pieces() -> None:
    g = bot_turn(
        "daylight", "ambush:rabbit",
        factions=("marquise", "eyrie", VB),
        bot={"pawn": 7, "items": {"up": 4}, "traits": ["berserker"]},
        clearings={"7": {"marquise": "1w"}, "3": {"eyrie": "1w roost", "marquise": "3w"}},
        vp={"marquise": 0, "eyrie": 9},
        dice=[[0, 0], [0, 0]],
    )
    assert targets(g, "battle") == [("battle", 3, ("most_enemy_pieces",))]
    assert targets(g, "defender") == [("defender", 3, 0, ("most_pieces",))]


def test_trait_berserker_repairs_one_more_at_the_end_of_the_turn() -> None:
    g = bot_turn("evening", bot={"pawn": 5, "items": {"up": 2, "damaged-up": 3},
                                 "traits": ["berserker"]})
    assert vb(g).items[DUP] == 1


def test_trait_helper_one_more_vp_and_two_cards_each() -> None:
    g = bot_turn(
        "daylight", "ambush:mouse",
        bot={"pawn": 7, "items": {"up": 1}, "quest": None, "quest_deck": [],
             "traits": ["helper"]},
        crafted={"marquise": ["boot"]},
    )
    assert scores(g, 1)[0] == (2, "aid") and len(g.state.seats[0].hand) == 2


def test_trait_marksman_one_hit_before_the_dice() -> None:
    g = bot_turn("daylight", "ambush:rabbit",
                 bot={"pawn": 7, "items": {"up": 1}, "traits": ["marksman"]},
                 dice=[[0, 0]])
    assert len(logged(g, "marksman")) == 1
    assert g.state.warriors[7][0] == 1 and scores(g, 1) == [(1, "warriors removed")]


def test_trait_questing_two_vp_per_quest() -> None:
    g = bot_turn(
        "daylight", "ambush:mouse",
        bot={"pawn": 7, "items": {"up": 2}, "quest": "escort:mouse", "traits": ["questing"]},
    )
    assert scores(g, 1)[0] == (2, "quest")


def test_trait_questing_aid_moves_to_the_nearest_player_with_items() -> None:
    g = bot_turn(
        "daylight", "ambush:mouse",
        bot={"pawn": 5, "items": {"up": 2}, "quest": None, "quest_deck": [],
             "traits": ["questing"]},
        clearings={"7": CATS_7, "2": {"marquise": "1w"}},
        crafted={"marquise": ["boot"]},
    )
    assert targets(g, "aid")[0][:2] == ("aid", 2)
    assert pawn_moves(g)[0] == 2 and scores(g, 1)[0] == (1, "aid")


def test_trait_questing_damaged_items_count_for_the_track() -> None:
    g = bot_turn("evening", bot={"pawn": 5, "items": {"up": 3, "damaged-up": 3},
                                 "traits": ["questing"]})
    assert len(vb(g).track) == 1


# --- Positions, views --------------------------------------------------------------------------


def test_positions_round_trip_the_vagabots_board() -> None:
    g = bot_turn(
        "daylight", "anvil",
        bot={"pawn": "forest:4_7_8_12", "items": {"up": 2, "damaged-down": 1},
             "traits": ["marksman"], "character": "ranger", "difficulty": "challenging",
             "quest": "escort:mouse"},
    )
    text = to_string(g)
    again = from_string(text)
    assert to_string(again) == text
    fs = vb(again)
    assert (fs.character, fs.difficulty, fs.traits) == (vb(g).character, "challenging",
                                                        ("marksman",))


def test_positions_name_the_vagabots_fields_in_their_errors() -> None:
    # The Vagabot reads its pawn and items with the Vagabond's readers; a mistake names the
    # Vagabot's field, not the Vagabond's.
    from rootgame.errors import PositionError

    with pytest.raises(PositionError, match=r"^vagabot\.gained: 'spoon' is not an item"):
        bot_turn("evening", bot={"pawn": 5, "items": {"up": 4}, "gained": "spoon"})
    with pytest.raises(PositionError, match=r"^vagabot\.pawn: no forest 'forest:9_9'"):
        bot_turn("evening", bot={"pawn": "forest:9_9", "items": {"up": 4}})
    with pytest.raises(PositionError, match=r"^vagabot\.pawn: a clearing number"):
        bot_turn("evening", bot={"pawn": 99, "items": {"up": 4}})


def test_public_view_shows_items_track_and_quest() -> None:
    g = bot_turn("evening", bot={"pawn": 5, "items": {"up": 6}, "quest": "escort:mouse"})
    board = g.view(0)["players"][1]["board"]
    assert board["quest"] == "escort:mouse" and board["max_rolled_hits"] == 2
    assert board["items"]["up"] + len(board["battle_track"]) == 6


# --- With the human factions -----------------------------------------------------------------


def test_lr_7_2_1_the_pawn_moving_into_sympathy_raises_no_outrage() -> None:
    # The pawn is no warrior (LR 7.2.1): Outrage (8.2.6) needs warriors moved in.
    g = bot_turn(
        "daylight", "ambush:fox", factions=("alliance", VB),
        bot={"pawn": 1, "items": {"up": 3}},
        clearings={"10": {"alliance": "sympathy"}, "7": {"alliance": "1w"}},
        hands={"alliance": ["anvil", "sword"]},
    )
    kinds = [e["kind"] for e in g.events(None)]
    moved = next(i for i, e in enumerate(g.events(None)) if e["kind"] == "pawn")
    assert g.events(None)[moved]["to"] == 10
    # Outrage comes only with its battle there (removing the token), not with the move.
    assert "outrage" not in kinds[moved:kinds.index("battle")]


def test_lr_7_5_4_removing_sympathy_in_battle_raises_outrage_the_alliance_draws() -> None:
    # The bot has no hand: the Alliance draws a supporter instead (8.2.6, LR 2.8.1).
    g = bot_turn(
        "daylight", "ambush:rabbit", factions=("alliance", VB),
        bot={"pawn": 10, "items": {"up": 2}},
        clearings={"10": {"alliance": "sympathy"}, "7": {"alliance": "1w"}},
        hands={"alliance": ["anvil"]}, dice=[[1, 0]],
    )
    assert [e["seat"] for e in logged(g, "outrage")] == [1]
    assert len(g.state.fs[0].supporters) == 1 and scores(g, 1)[0] == (1, "removed sympathy")


def test_defenseless_without_an_undamaged_item() -> None:
    g = bot_pos(
        ("marquise", VB), turn="marquise", at="daylight",
        clearings={"5": {"marquise": "3w"}, "7": CATS_7},
        vagabot={"pawn": 5, "items": {"damaged-up": 4}}, dice=[[1, 0]],
    )
    g.apply(("battle", 5, 1))
    hits = [e for e in logged(g, "hits") if e["seat"] == 0][0]
    assert hits["defenseless"] and hits["hits"] == 2
    assert vb(g).items == [0, 0, 4, 0]


@pytest.mark.parametrize("mode", ["standard", "cooperative"])
def test_lr_3_5_1_in_cooperative_play_it_battles_the_human_not_the_other_bot(mode: str) -> None:
    g = bot_turn(
        "daylight", "ambush:rabbit", factions=("alliance", "mechanical-marquise", VB),
        bot={"pawn": 7, "items": {"up": 1}},
        clearings={"7": {"alliance": "1w", "mechanical-marquise": "1w"}},
        vp={"mechanical-marquise": 5}, dice=[[0, 0]],
        **({"mode": "cooperative"} if mode == "cooperative" else {}),
    )
    # The Mechanical Marquise has the most VP; in fully cooperative play it is spared.
    assert targets(g, "battle_player")[0][2] == (0 if mode == "cooperative" else 1)


def test_the_turn_in_short_names_its_targets_and_the_card_the_tinker_crafts() -> None:
    from rootgame.log_text import bot_turn_account

    g = bot_turn(
        "daylight", "ambush:fox",
        bot={"pawn": 7, "items": {"up": 2}, "character": "tinker"},
        ruins=[], discard=["anvil"], clearings={"7": {"marquise": "2w"}}, dice=[[0, 0]],
    )
    assert bot_turn_account(g, 1, g.events(None)) == (
        "Vagabot, the turn in short: battles the Marquise de Cat; battles in clearing 7; "
        "crafts Anvil (fox) from the discard pile; scores 1 VP"
    )
