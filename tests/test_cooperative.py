"""Scenario tests for fully cooperative play against the Clockwork bots (Law of Rootbotics
3.5), named after their section: setup without the dominance cards, the bots' targets that
leave the other bots alone, the bots that never battle each other, the removals that still
take bot pieces, the humans' team victory and the bots' — and the mode in every form a game
takes (positions, records, views, the command line, the terminal, the log).

Each position is built in both modes where the difference is the point, so that every test
shows what cooperative play changes, not only what it does.
"""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import bot_pos, logged, targets
from typer.testing import CliRunner

from rootgame import new_game
from rootgame.cards import DECK
from rootgame.cli import app
from rootgame.errors import PositionError
from rootgame.game import Game
from rootgame.i18n import LANGUAGES, language
from rootgame.log_text import event_text
from rootgame.position import build
from rootgame.position_text import from_string, to_string
from rootgame.records.native import replay_record, write_record
from rootgame.render import status_text
from rootgame.rules.core import check_team_win

EE = "electric-eyrie"
MM = "mechanical-marquise"
AA = "automated-alliance"
MODES = ("standard", "cooperative")


def first(g: Game, action: str) -> tuple[Any, ...]:
    """The bots' first logged target for ``action``."""
    return targets(g, action)[0]


def battles(g: Game) -> list[tuple[int, int, int]]:
    """(attacker, clearing, defender) of every battle logged."""
    return [(e["seat"], e["clearing"], e["defender"]) for e in logged(g, "battle")]


# --- LR 3.5 Setup --------------------------------------------------------------------------------


def test_lr_3_5_the_dominance_cards_are_removed_whatever_the_number_of_humans() -> None:
    # Three humans and a bot: LR 3.4 keeps the dominance cards; LR 3.5 removes them.
    factions = ["marquise", "alliance", "vagabond", EE]
    standard = new_game(factions, seed=4)
    assert standard.state.removed_cards == []
    g = new_game(factions, seed=4, cooperative=True)
    assert sorted(DECK[c].kind for c in g.state.removed_cards) == ["dominance"] * 4
    assert not [c for c in g.state.deck if DECK[c].kind == "dominance"]
    assert g.state.cooperative and g.meta["cooperative"] is True
    assert "cooperative" not in standard.meta


def test_lr_3_5_cooperative_play_needs_a_human_and_a_bot() -> None:
    with pytest.raises(ValueError, match="at least one of each"):
        new_game(["marquise", "eyrie"], cooperative=True)
    with pytest.raises(ValueError, match="at least one of each"):
        new_game([MM, EE], cooperative=True)
    with pytest.raises(ValueError, match="true or false"):
        new_game(["marquise", EE], cooperative="yes")  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="mode: standard or cooperative"):
        build({"factions": ["marquise", EE], "mode": "team"})
    with pytest.raises(PositionError, match="mode: cooperative play"):
        build({"factions": ["marquise", "eyrie"], "mode": "cooperative"})


# --- LR 3.5.1 Targets: the other bots' pieces are not enemy pieces --------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_lr_3_5_1_a_bot_that_would_target_another_bots_clearing_picks_the_humans(
    mode: str,
) -> None:
    # Fox roosts in 1 (beside the Automated Alliance's token and two warriors) and 6 (beside
    # one cat). The Electric Eyrie recruits where enemy pieces are most numerous.
    g = bot_pos(
        factions=["marquise", EE, AA],
        mode=mode,
        turn=EE,
        at="daylight",
        clearings={
            "1": {EE: "roost 2w", AA: "sympathy 2w"},
            "6": {EE: "roost 2w", "marquise": "1w"},
            "7": {"marquise": "2w"},
        },
        **{EE: {"decree": {"fox": ["anvil"]}}},
    )
    want = 1 if mode == "standard" else 6
    assert first(g, "recruit") == ("recruit", want, ("most_enemy_pieces",))
    # The battles of the same turn: the Alliance's clearing 1 is a target in standard play
    # only; the Marquise is battled in 6 either way.
    if mode == "standard":
        assert battles(g)[:2] == [(1, 6, 0), (1, 1, 2)]
    else:
        assert [b for b in battles(g) if b[0] == 1] == [(1, 6, 0)]


def _marquise_turn(mode: str) -> Game:
    """The Mechanical Marquise's Daylight (a fox order) beside the Electric Eyrie (in 1 and
    5) and the Woodland Alliance, a human (in 6 and 9)."""
    return bot_pos(
        factions=["alliance", MM, EE],
        mode=mode,
        turn=MM,
        at="daylight",
        clearings={
            "1": {MM: "keep 5w", EE: "roost 2w"},
            "6": {MM: "1w", "alliance": "1w"},
            "5": {EE: "3w roost"},
            "9": {"alliance": "1w sympathy"},
        },
        hands={"alliance": ["ambush:fox", "ambush:mouse"]},
        dice=[[1, 0], [1, 0], [1, 0]],
        **{MM: {"order": "anvil"}},
    )


@pytest.mark.parametrize("mode", MODES)
def test_lr_3_5_1_the_marquise_bot_moves_toward_the_human_not_the_other_bot(mode: str) -> None:
    # The Mechanical Marquise moves from 1 to the adjacent clearing with the most enemy
    # pieces: 5 (four Electric Eyrie pieces) or 9 (the Woodland Alliance's two).
    g = _marquise_turn(mode)
    want = 5 if mode == "standard" else 9
    assert first(g, "move_to") == ("move_to", want, ("most_enemy_pieces",))


@pytest.mark.parametrize("mode", MODES)
def test_lr_3_5_1_two_bots_never_battle(mode: str) -> None:
    # The Mechanical Marquise battles in each fox clearing: 1 (beside the Electric Eyrie)
    # and 6 (beside the Woodland Alliance). In the Electric Eyrie's turn that follows, it
    # battles the Mechanical Marquise in 5 in standard play.
    g = _marquise_turn(mode)
    bot_vs_bot = [(a, c, d) for a, c, d in battles(g) if d in (1, 2)]
    if mode == "standard":
        assert bot_vs_bot == [(1, 1, 2), (2, 5, 1)]
    else:
        assert bot_vs_bot == []
        assert battles(g)[0] == (1, 6, 0)


@pytest.mark.parametrize("mode", MODES)
def test_lr_3_5_1_relentless_spares_the_other_bots_buildings_and_tokens(mode: str) -> None:
    # Relentless removes the defenseless enemy buildings and tokens where the Eyrie has
    # warriors: the Automated Alliance's sympathy in 1, the Marquise's sawmill in 6.
    g = bot_pos(
        factions=["marquise", EE, AA],
        mode=mode,
        turn=EE,
        at="daylight:relentless",
        clearings={
            "1": {EE: "roost 2w", AA: "sympathy"},
            "6": {EE: "2w", "marquise": "sawmill"},
            "7": {"marquise": "2w"},
        },
        **{EE: {"traits": ["relentless"]}},
    )
    removed = [(e["clearing"], e["piece"]) for e in logged(g, "remove") if e.get("by") == 1]
    if mode == "standard":
        assert removed[:2] == [(1, "sympathy"), (6, "sawmill")]
    else:
        assert removed[:1] == [(6, "sawmill")] and (1, "sympathy") not in removed


@pytest.mark.parametrize("mode", MODES)
def test_lr_3_5_1_a_revolt_still_removes_bot_pieces_as_collateral_damage(mode: str) -> None:
    # The Automated Alliance revolts in its one sympathetic fox clearing, 1, where the
    # Marquise has a warrior and the Electric Eyrie a roost and two warriors: the revolt
    # removes every piece of both, the bot's too (LR 3.5.1: "collateral damage").
    g = bot_pos(
        factions=["marquise", EE, AA],
        mode=mode,
        turn=AA,
        at="birdsong",
        deck=["anvil"],
        clearings={
            "1": {AA: "sympathy", EE: "roost 2w", "marquise": "1w"},
            "7": {"marquise": "2w"},
        },
    )
    assert first(g, "revolt")[:2] == ("revolt", 1)
    gone = {(e["seat"], e["piece"]) for e in logged(g, "remove") if e["clearing"] == 1}
    assert {(1, "roost"), (1, "warrior"), (0, "warrior")} <= gone
    assert ("base", 1) in [(k, c) for c, bl in enumerate(g.state.buildings) for o, k in bl
                           if o == 2]


# --- LR 3.5.1 Victory ----------------------------------------------------------------------------


def _roost_battle(vp: dict[str, int]) -> Game:
    """The Electric Eyrie battles the Marquise in 8 (two cats against one warrior and a
    roost, dice 2-2): the Marquise removes the roost and scores 1 VP."""
    return bot_pos(
        factions=["marquise", EE, "alliance"],
        mode="cooperative",
        turn=EE,
        at="daylight:battle",
        clearings={"8": {EE: "roost 1w", "marquise": "2w"}, "7": {"marquise": "2w"}},
        vp=vp,
        dice=[[2, 2]],
        **{EE: {"decree": {"fox": ["anvil"]}}},
    )


def test_lr_3_5_1_one_human_at_30_does_not_end_the_game() -> None:
    g = _roost_battle({"marquise": 29, "alliance": 10})
    assert (0, 1, "removed roost") in [(e["seat"], e["vp"], e["reason"])
                                       for e in logged(g, "score")]
    assert g.scores[0] == 30 and not g.is_over
    assert logged(g, "team_goal") == [{"kind": "team_goal", "seat": 0, "waiting": [2]}]
    assert g.current_faction == "marquise"


def test_lr_3_5_1_the_humans_win_together_when_each_has_30() -> None:
    g = _roost_battle({"marquise": 29, "alliance": 30})
    assert g.winners == [0, 2] and g.win_reason == "vp"
    assert logged(g, "win") == [
        {"kind": "win", "seats": [0, 2], "reason": "vp", "vp": [30, 0, 30], "team": "humans"}
    ]
    assert logged(g, "team_goal") == []


def test_lr_3_5_1_the_bots_win_together_when_any_bot_reaches_30() -> None:
    # The Marquise already has 31, but the other human is short: the Electric Eyrie's
    # crafted order card brings it to 30, and both bots win.
    g = bot_pos(
        factions=["marquise", EE, AA],
        mode="cooperative",
        turn=EE,
        at="birdsong",
        deck=["anvil"],
        clearings={"1": {EE: "roost 1w"}, "7": {"marquise": "2w"}},
        vp={"marquise": 31, EE: 29},
    )
    assert g.winners == [1, 2]
    assert logged(g, "win")[0]["team"] == "bots"


def test_lr_3_5_1_the_last_human_reaching_30_with_a_bot_at_once_is_too_late() -> None:
    # "Before any bot": a bot and the last human reaching 30 in one simultaneous step (the
    # check comes when it ends, 3.1.1) is the bots' win (docs/rulings.md).
    g = bot_pos(factions=["marquise", EE, "alliance"], mode="cooperative",
                clearings={"7": {"marquise": "2w"}})
    s = g.state
    s.seats[0].vp, s.seats[1].vp, s.seats[2].vp = 30, 30, 30
    check_team_win(s)
    assert s.winners == [1] and s.log is not None and s.log[-1]["team"] == "bots"


def test_lr_3_5_1_a_standard_game_is_won_by_one_player() -> None:
    g = bot_pos(
        factions=["marquise", EE, AA],
        turn=EE,
        at="birdsong",
        deck=["anvil"],
        clearings={"1": {EE: "roost 1w"}, "7": {"marquise": "2w"}},
        vp={EE: 29},
    )
    assert g.winners == [1] and "team" not in logged(g, "win")[0]


# --- The mode in positions, records, views, the log and the front ends ---------------------------


def test_lr_3_5_positions_carry_the_mode() -> None:
    g = bot_pos(factions=["marquise", EE], mode="cooperative", clearings={"7": {"marquise": "2w"}})
    text = to_string(g)
    assert " mode=cooperative" in text
    back = from_string(text)
    assert back.state.cooperative and back.hash() == g.hash()
    plain = bot_pos(factions=["marquise", EE], clearings={"7": {"marquise": "2w"}})
    assert "mode=" not in to_string(plain) and not plain.state.cooperative
    assert g.hash() != plain.hash()


def test_lr_3_5_records_carry_the_mode_and_replay() -> None:
    g = new_game(["marquise", EE, "alliance"], seed=7, cooperative=True,
                 bots={EE: {"difficulty": "easy"}})
    while not g.is_over and g.turn_number < 6:
        g.apply(g.legal_tokens()[0])
    text = write_record(g, date="2026-12-01")
    assert 'options: {"bots":{"electric-eyrie":{"difficulty":"easy"}},"cooperative":true}' in text
    back = replay_record(text)
    assert back.state.cooperative and back.hash() == g.hash()
    saved = Game.from_json(g.to_json())
    assert saved.state.cooperative and saved.meta["cooperative"] is True


def test_lr_3_5_the_view_and_the_terminal_say_the_game_is_cooperative() -> None:
    g = bot_pos(factions=["marquise", EE], mode="cooperative", clearings={"7": {"marquise": "2w"}})
    v = g.view(0)
    assert v["cooperative"] is True
    assert "Cooperative game" in status_text(v).plain
    plain = bot_pos(factions=["marquise", EE], clearings={"7": {"marquise": "2w"}})
    assert "cooperative" not in plain.view(0)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lr_3_5_1_the_team_events_read_in_every_language(lang: str) -> None:
    g = _roost_battle({"marquise": 29, "alliance": 10})
    won = _roost_battle({"marquise": 29, "alliance": 30})
    with language(lang):
        goal = [event_text(g, e) for e in logged(g, "team_goal")]
        win = [event_text(won, e) for e in logged(won, "win")]
        status = status_text(g.view(0)).plain
    assert len(goal) == 1 and goal[0] is not None and "30" in goal[0]
    assert win[0] is not None
    if lang == "en":
        assert goal[0].startswith("Marquise de Cat: reaches 30 VP")
        assert win[0].endswith("The humans win together: each reached 30 VP before any bot did")
    else:
        assert "reaches 30 VP" not in goal[0] and "The humans win" not in win[0]
        assert "Cooperative game" not in status


def test_lr_3_5_the_command_line_takes_cooperative() -> None:
    runner = CliRunner()
    out = runner.invoke(
        app, ["simulate", "--factions", "marquise,electric-eyrie,automated-alliance",
              "--games", "2", "--cooperative", "--json"],
    )
    assert out.exit_code == 0, out.output
    assert '"errors": 0' in out.output
    bad = runner.invoke(app, ["simulate", "--factions", "marquise,eyrie", "--cooperative"])
    assert bad.exit_code != 0
    assert "cooperative play needs at least one human faction and one Clockwork bot" in (
        bad.output
    )


def test_lr_3_5_1_martial_law_is_no_target_and_counts_a_bots_warriors() -> None:
    # Five sympathy tokens on the map: the sixth uncovers a 2. Every fox candidate has three
    # Electric Eyrie warriors: they are no enemy warriors for the target (all tie at none:
    # the highest priority, 1), but Martial Law (LR 6.2.5, not a target) still counts them.
    clearings: dict[str, Any] = {c: {AA: "sympathy"} for c in ("2", "3", "5", "7", "9")}
    clearings.update({c: {EE: "3w"} for c in ("1", "6", "8", "12")})
    clearings["11"] = {"marquise": "2w"}
    g = bot_pos(factions=["marquise", EE, AA], mode="cooperative", turn=AA, at="daylight",
                clearings=clearings, **{AA: {"order": "ambush:fox"}})
    assert first(g, "spread") == ("spread", 1, ("highest_priority",))
    assert [(e["vp"], e["reason"]) for e in logged(g, "score") if e["seat"] == 2][0] == (
        1, "sympathy"
    )


def test_lr_3_5_2_the_humans_do_not_share_rule() -> None:
    # No variant of LR 3.5.2 is played (docs/rulings.md): two cats and two Alliance
    # warriors do not together outnumber the Electric Eyrie's three.
    g = bot_pos(factions=["marquise", EE, "alliance"], mode="cooperative",
                clearings={"5": {"marquise": "2w", "alliance": "2w", EE: "3w"},
                           "7": {"marquise": "2w"}})
    assert g.view(None)["clearings"][4]["ruler"] == EE


COOP_MIXES = (
    ("marquise", EE, AA),
    ("alliance", MM, EE),
    ("marquise", "vagabond", EE, AA),
    ("alliance", "vagabond", MM, EE),
    ("eyrie", "vagabond", MM, AA),
)


@pytest.mark.parametrize("seed", range(40))
def test_lr_3_5_random_cooperative_games_keep_the_mode(seed: int) -> None:
    """Seeded cooperative games, the human seats played at random: no two bots ever battle,
    no dominance card is ever in play, a finished game is won by a whole side as LR 3.5.1
    says, and the record replays to the same state."""
    play_cooperative(COOP_MIXES[seed % len(COOP_MIXES)], seed)


VB_COOP_MIXES = (
    ("marquise", "vagabot", EE),
    ("alliance", "eyrie", "vagabot"),
    ("eyrie", "vagabot", AA),
    ("marquise", "alliance", "vagabot", EE),
    ("alliance", "vagabot", MM),
    ("marquise", "eyrie", "alliance", "vagabot"),
)
VB_CHARACTERS = ("thief", "tinker", "ranger", "vagrant", "scoundrel", "arbiter")


@pytest.mark.parametrize("seed", range(36))
def test_lr_3_5_random_cooperative_games_with_the_vagabot(seed: int) -> None:
    """The same over 36 games with the Vagabot, each of its six characters in each mix (the
    Vagrant's battles count: it never has a bot defend, ruling 331)."""
    character = VB_CHARACTERS[seed // len(VB_COOP_MIXES)]
    play_cooperative(VB_COOP_MIXES[seed % len(VB_COOP_MIXES)], 500 + seed,
                     {"vagabot": {"character": character}})


def play_cooperative(
    mix: tuple[str, ...], seed: int, settings: dict[str, Any] | None = None
) -> None:
    """One seeded cooperative game, the human seats played at random, and its checks."""
    from rootgame.bots import RandomBot
    from rootgame.flow import FACTIONS

    factions = list(mix)
    g = new_game(factions, seed=seed, cooperative=True, bots=settings)
    players = [RandomBot(seed * 16 + s + 1) for s in range(len(factions))]
    while not g.is_over and g.turn_number < 60:
        seat = g.current_seat
        assert seat is not None
        g.apply(players[seat].choose(g))
    s = g.state
    bots = {k for k, f in enumerate(factions) if FACTIONS[f].is_bot}
    humans = set(range(len(factions))) - bots
    assert not [e for e in logged(g, "battle") if e["seat"] in bots and e["defender"] in bots]
    held = [c for p in s.seats for c in p.hand] + s.deck + s.discard
    assert not [c for c in held if DECK[c].kind == "dominance"]
    if g.is_over:
        vp = g.scores
        if set(g.winners) == bots:
            assert max(vp[k] for k in bots) >= 30
        else:
            assert set(g.winners) == humans
            assert min(vp[k] for k in humans) >= 30 and max(vp[k] for k in bots) < 30
        assert logged(g, "win")[0]["team"] in ("humans", "bots")
    assert replay_record(write_record(g, date="2026-12-01")).hash() == g.hash()
