"""Scenario tests for the Vagabot's Clockwork 2 characters (Law of Rootbotics 7.7.4-7.7.6: the
Vagrant, the Scoundrel, the Arbiter), named after their sections, asserting the exact targets
and outcomes in constructed positions, ties included.

The Special action is run alone: the position stands in the Vagabot's Daylight with its
driver frame holding only ``special`` (``SPECIAL``). Autumn map: clearing 7 (mouse, two slots),
clearing 1 (fox, one slot). Seats: the Marquise 0, the Eyrie 1, the Vagabot 2 (or the
Electric Eyrie 1 where a bot defends).
"""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import bot_pos, logged, play, targets

from rootgame import new_game
from rootgame.cards import DECK
from rootgame.errors import PositionError
from rootgame.factions.vagabot import st
from rootgame.game import Game
from rootgame.position_text import from_string, to_string
from rootgame.rules.core import can_build, free_slots

VB = "vagabot"
THREE = ("marquise", "eyrie", VB)


def special(character: str, clearings: dict[str, Any], bot: dict[str, Any] | None = None,
            factions: tuple[str, ...] = THREE, **desc: Any) -> Game:
    """The Vagabot (last seat) takes its Special action alone in clearing 7."""
    seat = len(factions) - 1
    spec = {"pawn": 7, "items": {"up": 1}, "character": character, **(bot or {})}
    desc.setdefault("ruins", [])
    return bot_pos(
        factions, turn=VB, at="daylight:actions",
        stack=[[VB, seat, {"seq": ["special"], "i": 0}]],
        clearings=clearings, **{VB: spec}, **desc,
    )


def spent(g: Game) -> list[tuple[str, int]]:
    return [(e["why"], e["count"]) for e in logged(g, "vagabot_item") if e["change"] == "exhaust"]


def scores(g: Game, seat: int) -> list[tuple[int, str]]:
    return [(e["vp"], e["reason"]) for e in logged(g, "score") if e["seat"] == seat]


def covers(g: Game) -> list[tuple[str, int]]:
    """The items the Vagabot placed on building slots: their side, the clearing."""
    return [(e["side"], e["clearing"]) for e in logged(g, "vagabot_item")
            if e["change"] == "cover"]


# --- LR 7.7.4 the Vagrant --------------------------------------------------------------------


def test_lr_7_7_4_vagrant_the_most_vp_defends_the_most_warriors_attack_ties_setup_order() -> None:
    g = special(
        "vagrant",
        {"7": {"marquise": "1w sawmill", "eyrie": "2w", "alliance": "2w"}},
        factions=("marquise", "eyrie", "alliance", VB),
        vp={"marquise": 5, "eyrie": 1, "alliance": 1},
        dice=[[2, 1]],
    )
    # The defender: the most VP; the attacker: the most warriors there, the Eyrie (B) before
    # the Alliance (C) on the tie.
    assert targets(g, "instigate_defender") == [("instigate_defender", 7, 0, ("most_vp",))]
    assert targets(g, "instigate_attacker") == [
        ("instigate_attacker", 7, 1, ("setup_priority",))
    ]
    (b,) = logged(g, "battle")
    assert (b["seat"], b["defender"], b["clearing"], b["chooser"]) == (1, 0, 7, 3)
    assert spent(g) == [("special", 1)]
    # Two hits on the Marquise: her warrior, then the sawmill (the Eyrie scores it, 3.2.1);
    # one on the Eyrie. The Vagabot scores nothing.
    s = g.state
    assert s.warriors[7][0] == 0 and s.buildings[7] == () and s.warriors[7][1] == 1
    assert scores(g, 1) == [(1, "removed sawmill")] and scores(g, 3) == []


def test_lr_7_7_4_vagrant_chooses_the_pieces_both_sides_lose() -> None:
    # The Marquise, a person, would choose among her buildings and tokens; in the Vagrant's
    # battle the bot chooses, as it loses its own (LR 1.2.1): the token first, then a building
    # drawn at random. No question is put to her.
    g = special(
        "vagrant",
        {"7": {"marquise": "sawmill workshop wood", "eyrie": "2w"}},
        vp={"marquise": 3}, dice=[[1, 0]],
    )
    assert targets(g, "instigate_defender") == [("instigate_defender", 7, 0, ())]
    # One rolled hit and one for the defenseless Marquise.
    assert g.state.tokens[7] == ()
    (left,) = g.state.buildings[7]
    (r,) = logged(g, "hit_at_random")
    assert r["seat"] == 0 and left[1] != r["piece"] and {left[1], r["piece"]} == {
        "sawmill", "workshop"
    }
    assert g.state.stack[-1].kind != "take_hits"
    assert scores(g, 1) == [(1, "removed wood"), (1, f"removed {r['piece']}")]


def test_lr_7_7_4_vagrant_a_defender_needs_someone_to_attack_it() -> None:
    # The Marquise has the most VP, but only she has warriors there: the Eyrie defends (LR 2.3).
    g = special("vagrant", {"7": {"marquise": "2w", "eyrie": "roost"}}, vp={"marquise": 4},
                dice=[[1, 0]])
    assert targets(g, "instigate_defender") == [("instigate_defender", 7, 1, ())]
    assert targets(g, "instigate_attacker") == [("instigate_attacker", 7, 0, ())]
    # With one player there, there is no battle to start: the Special is skipped, free.
    g = special("vagrant", {"7": {"marquise": "2w sawmill"}})
    assert logged(g, "battle") == [] and spent(g) == []


def test_lr_2_8_2_no_ambush_against_the_automated_alliance_the_vagrant_sets_on() -> None:
    # Ruling 401: LR 2.8 gives Hates Surprises to every bot; the Automated Alliance's board
    # leaves it out only because it starts no battle itself. Set on the Marquise by the
    # Vagrant, it meets no ambush though she holds a mouse ambush in this mouse clearing.
    g = special(
        "vagrant", {"7": {"marquise": "1w sawmill", "automated-alliance": "2w"}},
        factions=("marquise", "automated-alliance", VB),
        hands={"marquise": ["ambush:mouse"]}, dice=[[2, 1]],
    )
    assert targets(g, "instigate_attacker") == [("instigate_attacker", 7, 1, ())]
    (b,) = logged(g, "battle")
    assert (b["seat"], b["defender"], b["chooser"]) == (1, 0, 2)
    assert g.state.stack == [] or g.state.stack[-1].kind != "ambush"
    assert not [e for e in logged(g, "action") if e["decision"] == "ambush"]
    # The battle was fought: two hits take her warrior and sawmill (the Alliance scores the
    # sawmill), one takes an Alliance warrior; the card stays in her hand.
    s = g.state
    assert s.warriors[7][0] == 0 and s.buildings[7] == () and s.warriors[7][1] == 1
    assert [h.key for h in map(DECK.__getitem__, s.seats[0].hand)] == ["ambush:mouse"]


# --- LR 7.7.5 the Scoundrel ------------------------------------------------------------------


def test_lr_7_7_5_scoundrel_removes_every_enemy_piece_covers_a_slot_and_scores() -> None:
    g = special(
        "scoundrel", {"7": {"marquise": "1w sawmill wood", "eyrie": "1w"}},
        bot={"items": {"up": 1, "damaged-down": 1}},
    )
    s = g.state
    assert spent(g) == [("special", 1)]
    assert s.warriors[7][0] == s.warriors[7][1] == 0 and s.tokens[7] == ()
    # Its damaged item covers a slot (docs/rulings.md); the exhausted one stays.
    assert s.buildings[7] == ((-1, "item"),) and covers(g) == [("damaged-down", 7)]
    assert sum(st(s, 2).items) == 1
    assert scores(g, 2) == [(1, "removed sawmill"), (1, "removed wood"), (1, "scoundrel")]
    # No building can be placed in the covered slot.
    assert free_slots(s, 7) == 1
    s.put_building(7, (0, "sawmill"))
    assert not can_build(s, 0, 7)


def test_lr_7_7_5_scoundrel_needs_three_enemy_pieces_one_a_building_or_token() -> None:
    for pieces in ({"marquise": "3w"}, {"marquise": "1w sawmill"}):
        g = special("scoundrel", {"7": pieces})
        assert spent(g) == [] and logged(g, "scoundrel") == []
    g = special("scoundrel", {"7": {"marquise": "2w", "eyrie": "roost"}})
    assert logged(g, "scoundrel")[0]["clearing"] == 7
    assert g.state.buildings[7] == ((-1, "item"),)


def test_lr_7_7_5_no_open_slot_the_scoundrel_keeps_its_item() -> None:
    # Clearing 1 has one slot, and a ruin fills it: the Marquise's warriors and wood go, the
    # item stays on the Vagabot's board.
    g = bot_pos(
        THREE, turn=VB, at="daylight:actions", stack=[[VB, 2, {"seq": ["special"], "i": 0}]],
        ruins=[1], clearings={"1": {"marquise": "2w wood"}},
        vagabot={"pawn": 1, "items": {"up": 2}, "character": "scoundrel"},
    )
    assert logged(g, "scoundrel_no_slot")[0]["clearing"] == 1
    assert g.state.buildings[1] == ((-1, "ruin"),) and covers(g) == []
    assert sum(st(g.state, 2).items) == 2
    assert scores(g, 2) == [(1, "removed wood"), (1, "scoundrel")]


def test_lr_7_7_5_positions_keep_the_covered_slots() -> None:
    g = special("scoundrel", {"7": {"marquise": "2w sawmill"}, "11": {"eyrie": "roost"}},
                bot={"covered": [11]}, ruins=[11])
    assert g.state.buildings[11] == ((-1, "ruin"), (-1, "item"), (1, "roost"))
    text = to_string(g)
    back = from_string(text)
    assert back.state.buildings == g.state.buildings and to_string(back) == text
    with pytest.raises(PositionError, match="vagabot.covered: clearing 1 has no open"):
        special("scoundrel", {"1": {"marquise": "sawmill"}}, bot={"covered": [1]})


def test_lr_7_7_5_scoundrel_in_the_elder_treetops_clearing_its_item_takes_the_slot_last() -> None:
    # Clearing 1 (one printed slot, one more with the Elder Treetop): an earlier item covers
    # the printed slot, so the sawmill listed holds the Treetop's (docs/rulings.md 338).
    g = special(
        "scoundrel", {"1": {"marquise": "2w sawmill"}},
        bot={"pawn": 1, "items": {"up": 1, "damaged-down": 1}, "covered": [1]},
        landmarks={"elder-treetop": 1},
    )
    s = g.state
    assert logged(g, "scoundrel")[0]["clearing"] == 1
    assert scores(g, 2) == [(1, "removed sawmill"), (1, "elder treetop"), (1, "scoundrel")]
    # Its item fills the Treetop's slot, emptied by the sawmill, for the rest of the game.
    assert s.buildings[1] == ((-1, "item"),) * 2 and s.treetop_slot == (-1, "item")
    assert free_slots(s, 1) == 0 and not can_build(s, 0, 1)
    view = g.view(None)["clearings"][0]
    assert view["slots"] == 2 and view["buildings"] == [[None, "item"]] * 2
    back = from_string(to_string(g))
    assert back.state.buildings[1] == s.buildings[1] and back.state.treetop_slot == (-1, "item")


def test_lr_7_7_5_positions_put_the_scoundrels_items_on_the_printed_slots_first() -> None:
    # A building and a covered slot fill the Treetop's clearing: the building holds the
    # Treetop's slot, as in play (the Scoundrel removes enemy buildings before covering).
    g = special("scoundrel", {"1": {"eyrie": "roost"}}, bot={"covered": [1]},
                landmarks={"elder-treetop": 1})
    assert g.state.buildings[1] == ((-1, "item"), (1, "roost"))
    assert g.state.treetop_slot == (1, "roost")


# --- LR 7.7.6 the Arbiter --------------------------------------------------------------------


def marquise_battles(defender: str, bot: dict[str, Any], **desc: Any) -> Game:
    """The Marquise (a person) battles ``defender`` in clearing 7, where the Arbiter stands."""
    factions = ("marquise", defender, VB)
    pieces = desc.pop("clearings", {"7": {"marquise": "3w", defender: "1w"}})
    g = bot_pos(factions, turn="marquise", at="daylight", clearings=pieces,
                vagabot={"pawn": 7, "character": "arbiter", **bot}, **desc)
    return play(g, "battle 7 1")


def test_lr_7_7_6_a_human_defender_may_enlist_the_arbiter() -> None:
    g = marquise_battles("eyrie", {"items": {"up": 6}}, dice=[[3, 2]])
    assert g.legal_actions() == [("enlist", 2), ("pass",)]
    assert g.state.stack[-1].seat == 1
    assert g.describe(("enlist", 2)) == (
        "Enlist the Vagabot (the Arbiter): 1 VP to him, his Battle Track to your hits"
    )
    assert g.describe(("pass",)) == "Do not enlist the Arbiter"
    play(g, "enlist 2")
    # One VP to him; his one Battle Track item adds a rolled hit to the Eyrie's one warrior.
    assert scores(g, 2)[0] == (1, "arbiter")
    (e,) = logged(g, "enlist")
    assert (e["seat"], e["helper"], e["hits"]) == (1, 2, 1)
    assert logged(g, "rolled")[0]["hits"] == [3, 2]


def test_lr_7_7_6_a_human_defender_may_refuse() -> None:
    g = marquise_battles("eyrie", {"items": {"up": 6}}, dice=[[3, 2]])
    play(g, "pass")
    assert (1, "arbiter") not in scores(g, 2) and logged(g, "rolled")[0]["hits"] == [3, 1]


def test_lr_7_7_6_a_bot_defender_enlists_on_the_three_conditions() -> None:
    # The Electric Eyrie: one warrior (fewer than three rolled hits, I, and than the three
    # Marquise warriors, II) and more VP than the Arbiter (III).
    g = marquise_battles("electric-eyrie", {"items": {"up": 9}}, vp={"electric-eyrie": 2},
                         dice=[[3, 3]])
    assert targets(g, "enlist") == [
        ("enlist", 7, 2, ("three_conditions",))
    ]
    assert logged(g, "enlist")[0]["hits"] == 2 and (1, "arbiter") in scores(g, 2)
    assert logged(g, "rolled")[0]["hits"] == [3, 3]


@pytest.mark.parametrize(
    ("pieces", "vp"),
    [
        # III: the same VP as the Arbiter is not more.
        ({"marquise": "3w", "electric-eyrie": "1w"}, {"electric-eyrie": 1, "vagabot": 1}),
        # II: one rolled hit, against one Marquise piece there.
        ({"marquise": "1w", "electric-eyrie": "1w"}, {"electric-eyrie": 2}),
        # I: three rolled hits.
        ({"marquise": "4w", "electric-eyrie": "3w"}, {"electric-eyrie": 2}),
    ],
)
def test_lr_7_7_6_a_bot_defender_short_of_a_condition_does_not_enlist(
    pieces: dict[str, str], vp: dict[str, int]
) -> None:
    g = marquise_battles("electric-eyrie", {"items": {"up": 6}}, clearings={"7": pieces}, vp=vp,
                         dice=[[0, 0]])
    assert targets(g, "no_enlist") == [("no_enlist", 7, 2, ("conditions_unmet",))]
    assert logged(g, "enlist") == [] and (1, "arbiter") not in scores(g, 2)


def test_lr_7_7_6_never_enlisted_by_or_against_himself_nor_from_afar() -> None:
    # He battles the Eyrie himself: nobody is asked; his Special does nothing and costs nothing.
    g = bot_pos(THREE, turn=VB, at="daylight:actions",
                stack=[[VB, 2, {"seq": ["battle", "special"], "i": 0}]], ruins=[],
                clearings={"7": {"eyrie": "1w"}, "8": {"marquise": "3w"}},
                vagabot={"pawn": 7, "items": {"up": 2}, "character": "arbiter"},
                vp={"eyrie": 3}, dice=[[0, 0]])
    assert logged(g, "battle")[0]["defender"] == 1
    assert logged(g, "enlist") == [] and spent(g) == [("battle", 1)]
    # Not in the battle's clearing: not offered.
    g = bot_pos(THREE, turn="marquise", at="daylight",
                clearings={"7": {"marquise": "3w", "eyrie": "1w"}},
                vagabot={"pawn": 8, "character": "arbiter"}, dice=[[1, 1]])
    play(g, "battle 7 1")
    assert g.state.stack[-1].kind != "enlist" and logged(g, "rolled")


# --- LR 7.3.5 and LR 3.5.1 with the Clockwork 2 characters -----------------------------------


@pytest.mark.parametrize("character", ["vagrant", "scoundrel", "arbiter"])
def test_lr_7_3_5_the_clockwork_2_characters_start_with_four_items(character: str) -> None:
    g = new_game(["marquise", VB], seed=3, bots={VB: {"character": character}})
    while not st(g.state, 1).pawn:
        g.apply(g.legal_actions()[0])
    assert st(g.state, 1).items == [4, 0, 0, 0] and st(g.state, 1).character == character


def test_lr_3_5_1_the_vagrant_has_a_human_defend_another_bot_may_attack() -> None:
    g = special(
        "vagrant", {"7": {"marquise": "1w", "alliance": "2w", "electric-eyrie": "3w"}},
        factions=("marquise", "alliance", "electric-eyrie", VB), mode="cooperative",
        vp={"electric-eyrie": 9, "alliance": 3}, dice=[[0, 0]],
    )
    # The Electric Eyrie, a bot, is never its defender; it attacks with the most warriors.
    assert targets(g, "instigate_defender") == [("instigate_defender", 7, 1, ("most_vp",))]
    assert targets(g, "instigate_attacker") == [
        ("instigate_attacker", 7, 2, ("most_warriors_here",))
    ]


def test_lr_3_5_1_the_scoundrel_counts_human_pieces_and_removes_bots_as_collateral() -> None:
    coop = {"factions": ("marquise", "electric-eyrie", VB), "mode": "cooperative"}
    # Two Marquise pieces: not enough, whatever the Electric Eyrie has there.
    g = special("scoundrel", {"7": {"marquise": "1w sawmill", "electric-eyrie": "3w"}}, **coop)
    assert logged(g, "scoundrel") == []
    # Three: every enemy piece goes, the other bot's too (as a revolt's, ruling 273).
    g = special("scoundrel", {"7": {"marquise": "2w sawmill", "electric-eyrie": "1w roost"}},
                **coop)
    s = g.state
    assert logged(g, "scoundrel")[0]["clearing"] == 7
    assert s.warriors[7][0] == s.warriors[7][1] == 0 and s.buildings[7] == ((-1, "item"),)
    assert scores(g, 2) == [(1, "removed sawmill"), (1, "removed roost"), (1, "scoundrel")]


# --- Front ends --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "arbiter", "item"),
    [("en", "Arbiter", "item"), ("pl", "Rozjemca", "prz"), ("es", "Árbitro", "obj"),
     ("pt", "Árbitro", "item")],
)
def test_the_terminal_names_the_character_and_marks_the_covered_slot(
    lang: str, arbiter: str, item: str
) -> None:
    from rich.console import Console

    from rootgame.i18n import language
    from rootgame.map_view import draw_map
    from rootgame.render import faction_panel

    g = bot_pos(THREE, turn="marquise", at="daylight", clearings={"7": {"marquise": "2w"}},
                vagabot={"pawn": 7, "character": "arbiter", "covered": [5]})
    view = g.view(0)
    assert view["clearings"][4]["buildings"] == [[None, "item"]]
    with language(lang):
        out = Console(width=100, record=True)
        out.print(faction_panel(view["players"][2], False, None))
        assert arbiter in out.export_text()
        drawn = draw_map(view)
        assert drawn is not None and item in drawn.plain


def test_lr_7_3_1_the_command_line_seats_each_clockwork_2_character(tmp_path: Any) -> None:
    from typer.testing import CliRunner

    from rootgame.cli import app

    for character in ("vagrant", "scoundrel", "arbiter"):
        r = CliRunner().invoke(app, [
            "simulate", "--factions", "marquise,eyrie,vagabot", "--character", character,
            "--games", "1", "--seed", "2", "--save-dir", str(tmp_path / character), "--json",
        ])
        assert r.exit_code == 0, r.output
        (record,) = (tmp_path / character).glob("*.rootgame")
        assert f'"character":"{character}"' in record.read_text()
    bad = CliRunner().invoke(app, ["simulate", "--factions", "marquise,vagabot",
                                   "--character", "harrier", "--games", "1"])
    assert bad.exit_code == 2 and "arbiter" in bad.output


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Vagabot: has the Marquise de Cat defend in clearing 7: most victory points "
               "(LR 7.7.4)"),
        ("pl", "Włóczęgobot: obrońcą na polanie 7 zostaje przeciwnik (Markiza de Kot): "
               "najwięcej punktów zwycięstwa (LR 7.7.4)"),
        ("es", "Vagabot: hace defender al Marquesado en el claro 7: más puntos de victoria "
               "(LR 7.7.4)"),
        ("pt", "Malandrobô: faz os Marqueses defender na clareira 7: mais pontos de vitória "
               "(LR 7.7.4)"),
    ],
)
def test_the_log_names_the_vagrants_choice_and_its_rule_in_four_languages(
    lang: str, line: str
) -> None:
    from rootgame.log_text import render_log

    g = special("vagrant", {"7": {"marquise": "1w", "eyrie": "2w"}}, vp={"marquise": 5},
                dice=[[0, 0]])
    lines = render_log(g, None, lang)
    assert line in lines
    started = [x for x in lines if "(LR 7.7.4)" in x and x not in (line,)]
    assert len(started) == 2  # the attacker's line and the battle's
