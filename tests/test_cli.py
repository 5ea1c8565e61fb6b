"""The command line: simulate, play, bench (typer's CliRunner)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rootgame
from rootgame.bench import play_random_game, simulate
from rootgame.cli import app

runner = CliRunner()

SUMMARY_KEYS = {
    "games",
    "wins",
    "win_reasons",
    "mean_scores",
    "mean_turns",
    "mean_decisions",
    "games_per_sec",
    "decisions_per_sec",
    "errors",
}


def flat(text: str) -> str:
    """Output without rich's box drawing and line wrapping."""
    for ch in "│╭╮╰╯─":
        text = text.replace(ch, " ")
    return " ".join(text.split())


def test_simulate_json_keys_and_consistent_values() -> None:
    r = runner.invoke(app, ["simulate", "--games", "6", "--seed", "3", "--json"])
    assert r.exit_code == 0, r.output
    s = json.loads(r.output)
    assert set(s) == SUMMARY_KEYS
    assert s["games"] == 6
    assert set(s["wins"]) == {"marquise", "eyrie"} == set(s["mean_scores"])
    assert sum(s["wins"].values()) + s["errors"] == 6
    assert sum(s["win_reasons"].values()) == 6 - s["errors"]
    # The same numbers as playing games 3..8 one by one.
    recs = [play_random_game(("marquise", "eyrie"), 3 + i) for i in range(6)]
    done = [x for x in recs if x.error is None]
    assert s["errors"] == len(recs) - len(done)
    assert s["wins"]["marquise"] == sum(1 for x in done if x.winners == [0])
    assert s["mean_scores"]["eyrie"] == pytest.approx(sum(x.scores[1] for x in done) / len(done))
    assert s["mean_turns"] == pytest.approx(sum(x.turns for x in done) / len(done))
    assert s["mean_decisions"] == pytest.approx(sum(x.decisions for x in done) / len(done))
    assert s["decisions_per_sec"] > 0 and s["games_per_sec"] > 0


def test_simulate_seat_order_follows_factions() -> None:
    r = runner.invoke(app, ["simulate", "-f", "eyrie,marquise", "-n", "2", "--json"])
    assert r.exit_code == 0, r.output
    s = json.loads(r.output)
    assert list(s["wins"]) == ["eyrie", "marquise"]


def test_games_stopped_by_the_turn_limit_count_as_errors() -> None:
    r = runner.invoke(app, ["simulate", "--games", "3", "--max-turns", "2", "--json"])
    assert r.exit_code == 1, r.output
    assert r.stderr == "rootgame: error: 3 of 3 games ended in an error (see above)\n"
    s = json.loads(r.stdout)
    assert s["errors"] == 3
    assert s["wins"] == {"marquise": 0, "eyrie": 0}
    assert s["win_reasons"] == {"vp": 0, "dominance": 0}
    assert s["mean_scores"] == {"marquise": 0.0, "eyrie": 0.0}
    sim = simulate(games=1, max_turns=2)
    assert sim.records[0].error is not None and "max-turns" in sim.records[0].error


def test_simulate_table_output() -> None:
    r = runner.invoke(app, ["simulate", "--games", "3", "--seed", "1"])
    assert r.exit_code == 0, r.output
    out = flat(r.output)
    assert "Marquise de Cat" in out and "Eyrie Dynasties" in out
    assert "Errors: 0" in out
    assert "decisions/s" in out and "games/s" in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["simulate", "--factions", "marquise,otters"], "unknown faction 'otters'"),
        (["simulate", "--factions", "marquise,marquise"], "one seat only"),
        (["simulate", "--factions", "eyrie"], "at least two factions"),
        (["simulate", "--games", "0"], "--games"),
        (["simulate", "--games", "-3"], "--games"),
        (["play", "--as", "cats"], "unknown faction 'cats'"),
        (["play"], "--as"),
        (["play", "--as", "eyrie", "--factions", "marquise,otters"], "unknown faction 'otters'"),
        (["play", "--as", "eyrie", "--factions", "marquise"], "at least two factions"),
        (["bench", "--games", "0"], "--games"),
    ],
)
def test_bad_arguments_exit_non_zero_naming_the_problem(args: list[str], needle: str) -> None:
    r = runner.invoke(app, args)
    assert r.exit_code == 2, r.output
    assert needle in flat(r.output)


def test_play_explains_bad_input_and_quits_cleanly() -> None:
    r = runner.invoke(
        app, ["play", "--as", "eyrie", "--seed", "1"], input="zzz\n99\n%%\nhelp\nquit\n"
    )
    assert r.exit_code == 0, r.output
    out = flat(r.output)
    # The Marquise bot set up first (6.3), then the human Eyrie choose a leader (7.3.3).
    assert "Marquise de Cat: Place the keep in clearing" in out
    assert "Choose a leader" in out
    assert "1 Choose the Builder as your leader (leader builder)" in out
    assert "'zzz' is not legal now" in out
    assert "There is no action number 99: choose from 1 to 4." in out
    assert "Not understood" in out
    assert "Commands (in English or in your language):" in out
    assert "You left the game (seed 1)" in out


def test_play_applies_a_number_and_shows_the_bot_moves() -> None:
    r = runner.invoke(
        app, ["play", "--as", "eyrie", "--seed", "1"], input="leader despot\n1\nlog\nquit\n"
    )
    assert r.exit_code == 0, r.output
    out = flat(r.output)
    # What happened since the last decision is told before the next one (the bot's long turn
    # of forced steps is read through the log).
    assert "Eyrie Dynasties: Choose the Despot as your leader" in out
    assert "Leader: Despot" in out
    # The bot's first turn happened between the two human decisions.
    assert "Marquise de Cat: " in out.split("Eyrie Dynasties: Choose the Despot")[1]


def test_play_ends_cleanly_when_input_runs_out() -> None:
    r = runner.invoke(app, ["play", "--as", "marquise", "--seed", "2"], input="")
    assert r.exit_code == 0, r.output
    assert "Input ended: leaving the game (seed 2)" in flat(r.output)


def test_bench_runs() -> None:
    r = runner.invoke(app, ["bench", "--games", "2"])
    assert r.exit_code == 0, r.output
    out = flat(r.output)
    assert "2 random games" in out
    for k in ("games/s:", "decisions/s:", "clones/s:", "clone size:", "legal actions:", "apply:"):
        assert k in out
    # Issue 14 item 2: which build of the core ran.
    core = {"pure": "pure Python", "compiled": "compiled (mypyc)"}[rootgame.CORE]
    assert f"engine core: {core}" in out
    r = runner.invoke(app, ["bench", "--games", "2", "--json"])
    d = json.loads(r.output)
    assert d["games"] == 2 and d["errors"] == 0 and d["core"] == rootgame.CORE
    assert d["clones_per_sec"] > 0 and d["decisions_per_sec"] > 0
    # Issue 14 item 4: the cost of listing and applying actions, the size of a clone.
    assert d["legal_us"] > 0 and d["apply_us"] > 0 and 1000 < d["clone_bytes"] < 100_000


def test_bench_imports_times_records_written_as_people_write_them() -> None:
    """Issue 15's speed targets measured by the benchmark (``rootgame bench --imports``):
    random games exported, written as people record them and imported to the same board,
    their CPU times, and the refusal of a 5 MB record, of Marquise vs Eyrie or the mix
    ``--factions`` names; a wrong ``--keep`` or faction is named."""
    from rootgame.bench_imports import ImportBench, recorded_game, time_import

    r = runner.invoke(app, ["bench", "--imports", "2", "--seed", "3", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output.strip().splitlines()[-1])
    assert d["games"] == d["imported"] == 2 and d["failed"] == {} and d["keep"] == []
    assert 0 < d["median_s"] <= d["p90_s"] <= d["max_s"] and d["slowest_seed"] in (3, 4)
    assert 0 <= d["five_mb_refused_s"] < 2
    r = runner.invoke(app, ["bench", "--imports", "1", "--keep", "draws"])
    assert r.exit_code == 0, r.output
    out = flat(r.output)
    assert "Rootlog import of 1 random game (seeds 0..0)" in out and "imported: 1" in out
    r = runner.invoke(app, ["bench", "--imports", "1", "--keep", "draws,cards"])
    assert r.exit_code == 2 and "unknown: cards (choose from dice, draws, suits)" in flat(r.output)
    r = runner.invoke(app, ["bench", "--keep", "draws"])
    assert r.exit_code == 2 and "--keep: needs --imports" in flat(r.output)
    r = runner.invoke(app, ["bench", "--imports", "1", "--rl"])
    assert r.exit_code == 2 and "times Rootlog imports: not with --rl" in flat(r.output)
    # Another mix of factions: its games, in its seat order.
    r = runner.invoke(app, ["bench", "--imports", "1", "--factions", "eyrie,marquise", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output.strip().splitlines()[-1])
    assert d["factions"] == ["eyrie", "marquise"] and d["imported"] == 1
    r = runner.invoke(
        app, ["bench", "--imports", "1", "--factions", "marquise,eyrie,alliance", "--keep", "dice"]
    )
    assert r.exit_code == 2
    assert "--keep: records with the Woodland Alliance keep nothing as exported" in flat(r.output)
    r = runner.invoke(app, ["bench", "--imports", "1", "--factions", "marquise,otters"])
    assert r.exit_code == 2 and "unknown faction 'otters'" in flat(r.output)
    # The figures: a failed import counts among the games, not in the times.
    assert time_import(recorded_game(0))[1] is None
    b = ImportBench(seconds={0: 0.5, 1: 0.2, 2: 1.5}, failed={3: "refused at line 9: x"})
    assert (b.games, b.median, b.slowest, b.over_one_second) == (4, 0.5, (2, 1.5), 1)
    assert b.percentile(0.9) == 1.5 and b.as_dict()["failed"] == {"3": "refused at line 9: x"}


def test_play_commands_in_the_chosen_language_and_in_english() -> None:
    r = runner.invoke(
        app,
        ["--lang", "pl", "play", "--as", "eyrie", "--seed", "1"],
        input="pomoc\nhelp\nplansza\nwyjdź\n",
    )
    assert r.exit_code == 0, r.output
    out = flat(r.output)
    assert out.count("Polecenia (po angielsku lub po polsku):") == 2
    assert "Opuszczasz grę (ziarno 1)" in out
    r = runner.invoke(app, ["--lang", "es", "play", "--as", "eyrie", "--seed", "1"],
                      input="salir\n")
    assert "Has dejado la partida (semilla 1)" in flat(r.output)


def test_play_picks_a_random_seed_and_prints_it() -> None:
    seeds = set()
    for _ in range(3):
        r = runner.invoke(app, ["play", "--as", "eyrie"], input="quit\n")
        assert r.exit_code == 0, r.output
        out = flat(r.output)
        seed = out.split("(seed ")[1].split(":")[0]
        assert f"play it again with --seed {seed})" in out
        assert f"You left the game (seed {seed})" in out
        seeds.add(seed)
    assert len(seeds) > 1


def test_play_as_a_faction_not_in_the_game_is_refused() -> None:
    r = runner.invoke(app, ["play", "--as", "marquise", "--factions", "eyrie,marquise"], input="")
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["play", "--as", "eyrie", "--factions", "marquise,eyrie"], input="")
    assert r.exit_code == 0
    r = runner.invoke(app, ["play", "--as", "cats", "--factions", "marquise,eyrie"])
    assert r.exit_code == 2 and "choose marquise / eyrie" in flat(r.output)


def test_bench_counts_forced_steps_apart() -> None:
    r = runner.invoke(app, ["bench", "--games", "2", "--factions", "eyrie,marquise", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["factions"] == ["eyrie", "marquise"] and d["games"] == 2
    assert d["forced_steps"] > 0 and d["decisions"] > 0
    assert d["steps_per_sec"] > d["decisions_per_sec"] > 0
    r = runner.invoke(app, ["bench", "--games", "1", "--factions", "eyrie,marquise"])
    out = flat(r.output)
    assert "Eyrie Dynasties vs Marquise de Cat, 1 random game" in out and "steps/s:" in out


def test_vagabond_option_settles_the_characters_choice_9_3_1(tmp_path: Path) -> None:
    """``--vagabond CHARACTER`` answers the Vagabond's setup choice (9.3.1) for his bot in
    simulate and for the player in play; a bad name or a game without him is refused."""
    r = runner.invoke(app, ["simulate", "--factions", "marquise,vagabond", "--vagabond",
                            "Tinker", "--games", "2", "--save-dir", str(tmp_path), "--json"])
    assert r.exit_code == 0, r.output
    records = sorted(tmp_path.glob("*.rootgame"))
    assert len(records) == 2
    assert all("character tinker" in p.read_text() for p in records)
    r = runner.invoke(app, ["play", "--as", "vagabond", "--factions", "marquise,vagabond",
                            "--vagabond", "ranger", "--seed", "2"], input="quit\n")
    assert r.exit_code == 0, r.output
    out = flat(r.output)
    assert "Vagabond: Play the Ranger" in out and "Choose your character" not in out
    r = runner.invoke(app, ["play", "--as", "marquise", "--factions", "marquise,vagabond",
                            "--vagabond", "thief", "--seed", "2"], input="1\n1\n1\n1\nlog\nquit\n")
    assert r.exit_code == 0 and "Vagabond: Play the Thief" in flat(r.output)
    bad = runner.invoke(app, ["simulate", "--factions", "marquise,vagabond", "--vagabond",
                              "bard", "--games", "1"])
    assert bad.exit_code == 2
    assert "unknown Vagabond character 'bard'; choose thief, tinker, ranger" in flat(bad.output)
    none = runner.invoke(app, ["simulate", "--vagabond", "thief", "--games", "1"])
    assert none.exit_code == 2 and "no Vagabond plays in this game" in flat(none.output)


# --- The Clockwork bots' settings, one bot at a time (Law of Rootbotics 3.3) ---------------------

BOTS3 = ["alliance", "mechanical-marquise", "electric-eyrie"]


def test_lr_3_3_each_bot_its_own_difficulty_and_traits() -> None:
    from rootgame.cli import bot_settings

    both = bot_settings(BOTS3, "electric-eyrie=challenging,mechanical-marquise=easy",
                        "swoop,mechanical-marquise=blitz")
    assert both == {"mechanical-marquise": {"difficulty": "easy", "traits": ["blitz"]},
                    "electric-eyrie": {"difficulty": "challenging", "traits": ["swoop"]}}
    # A bare level is the level of the bots not named, wherever it stands.
    for text in ("nightmare,electric-eyrie=easy", "electric-eyrie=easy,nightmare"):
        levels = {b: v["difficulty"] for b, v in (bot_settings(BOTS3, text, "") or {}).items()}
        assert levels == {"mechanical-marquise": "nightmare", "electric-eyrie": "easy"}
    # The simple form still sets every bot.
    assert bot_settings(BOTS3, "challenging", "") == {
        "mechanical-marquise": {"difficulty": "challenging", "traits": []},
        "electric-eyrie": {"difficulty": "challenging", "traits": []},
    }


@pytest.mark.parametrize(
    ("difficulty", "traits", "words"),
    [("vagabot=easy", "", "'vagabot' is not a Clockwork bot of this game; its bots: "
                          "mechanical-marquise / electric-eyrie"),
     ("electric-eyrie=hard", "", "unknown difficulty 'hard'"),
     (None, "electric-eyrie=blitz", "unknown trait 'blitz'; choose focused / nobility"),
     (None, "alliance=swoop", "'alliance' is not a Clockwork bot of this game")],
)
def test_lr_3_3_a_bad_setting_for_one_bot_is_refused_by_name(
    difficulty: str | None, traits: str, words: str
) -> None:
    args = ["play", "--as", "alliance", "--factions", ",".join(BOTS3), "--seed", "1",
            "--traits", traits]
    if difficulty is not None:
        args += ["--difficulty", difficulty]
    r = runner.invoke(app, args, input="quit\n")
    assert r.exit_code != 0 and words in flat(r.output)


def test_lr_3_3_play_says_how_each_bot_plays() -> None:
    r = runner.invoke(
        app,
        ["play", "--as", "alliance", "--factions", ",".join(BOTS3), "--seed", "4",
         "--difficulty", "electric-eyrie=nightmare,mechanical-marquise=easy",
         "--traits", "mechanical-marquise=blitz"],
        input="quit\n",
    )
    out = flat(r.output)
    assert r.exit_code == 0
    assert "You play the Woodland Alliance (seed 4: play it again with --seed 4)" in out
    assert ("Clockwork bots, playing themselves by the Law of Rootbotics: Mechanical Marquise "
            "2.0 (Easy; traits: Blitz); Electric Eyrie (Nightmare; traits: none)") in out
    assert "random" not in out.split("Type help")[0]
