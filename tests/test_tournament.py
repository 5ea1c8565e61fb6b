"""``rootgame tournament``: seating rotation, the summary, and the same results whatever the
spread of the games (one process, two processes, a real local Ray instance)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rootgame.cli import app
from rootgame.tournament import Config, plan, run, summary, wilson

CFG = Config(("marquise", "eyrie"), ("heuristic", "random"), games=4, seed=3, max_turns=6)
"""Short games (six turns, then counted as unfinished) keep the test quick; the summary's
every other part is still compared."""


def _comparable(s: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in s.items() if k != "decision_ms"}


def test_bots_and_seats_rotate() -> None:
    seatings = [plan(CFG, i) for i in range(4)]
    assert seatings == [
        (["marquise", "eyrie"], [0, 1]),
        (["marquise", "eyrie"], [1, 0]),
        (["eyrie", "marquise"], [1, 0]),
        (["eyrie", "marquise"], [0, 1]),
    ]


def test_wilson_interval() -> None:
    lo, hi = wilson(19, 20)
    assert (round(lo, 3), round(hi, 3)) == (0.764, 0.991)
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_summary_gives_each_search_bots_iterations_and_cpu_time() -> None:
    """Apart from the results (they vary with a time budget): each bot's decision times on
    the wall clock and the CPU clock, and a search bot's iterations a searched decision."""
    cfg = Config(("marquise", "eyrie"), ("ismcts:4", "random"), games=2, seed=1, max_turns=2)
    s = summary(cfg, run(cfg))
    ms = s["decision_ms"]
    assert set(ms["random"]) == {"median", "p90", "decisions", "cpu_median", "cpu_p90"}
    its = ms["ismcts:4"]["iterations"]
    assert its["median"] == its["p90"] == 4 and its["searched"] > 0
    assert ms["ismcts:4"]["cpu_median"] > 0


def test_the_summary_counts_wins_per_bot_and_per_faction() -> None:
    cfg = Config(("marquise", "eyrie"), ("random", "random"), games=4, seed=1, max_turns=200)
    s = summary(cfg, run(cfg))
    assert set(s["bots"]) == {"random", "random#2"}
    for key in ("bots", "factions"):
        assert sum(e["wins"] for e in s[key].values()) == 4
        assert all(e["games"] == 4 for e in s[key].values())
        for e in s[key].values():
            assert set(e) >= {"games", "wins", "win_rate", "ci95", "rating"}
            assert e["ci95"][0] <= e["win_rate"] <= e["ci95"][1]
    for b, e in s["bots"].items():
        per = e["by_faction"]
        assert sum(x["games"] for x in per.values()) == e["games"] == 4
        assert sum(x["wins"] for x in per.values()) == e["wins"]
        assert all(x["games"] == 2 for x in per.values()), b
    best = max(s["bots"], key=lambda b: s["bots"][b]["wins"])
    worst = min(s["bots"], key=lambda b: s["bots"][b]["wins"])
    if s["bots"][best]["wins"] > s["bots"][worst]["wins"]:
        assert s["bots"][best]["rating"] > s["bots"][worst]["rating"]


def test_same_summary_for_one_process_two_processes_and_ray() -> None:
    """With a real local Ray instance. On a machine so loaded that Ray's own processes miss
    their start-up time limits ("timed out during startup"), the Ray part is skipped, saying
    so, unless ROOTGAME_REQUIRE_RAY=1 (what CI sets); ROOTGAME_SKIP_RAY=1 skips it outright."""
    one = summary(CFG, run(CFG, workers=1))
    two = summary(CFG, run(CFG, workers=2))
    assert _comparable(one) == _comparable(two)
    assert one["games"] == 4
    if os.environ.get("ROOTGAME_SKIP_RAY") == "1":
        pytest.skip("ROOTGAME_SKIP_RAY=1: the Ray part was not run")
    try:
        on_ray = summary(CFG, run(CFG, workers=2, ray_address="local"))
    except Exception as e:
        if "timed out during startup" in str(e) and os.environ.get("ROOTGAME_REQUIRE_RAY") != "1":
            pytest.skip(f"a local Ray instance could not start on this machine: {e}")
        raise
    assert _comparable(on_ray) == _comparable(one)


def test_the_command_prints_json_and_writes_records_and_plots(tmp_path: Path) -> None:
    out = tmp_path / "t"
    r = CliRunner().invoke(
        app,
        [
            "tournament", "--bots", "random,random", "--games", "2", "--seed", "4",
            "--max-turns", "200", "--json", "--out", str(out),
        ],
    )
    assert r.exit_code == 0, r.output
    s = json.loads(r.output)
    assert s["bots"]["random"]["games"] == 2
    assert json.loads((out / "summary.json").read_text()) == s
    assert len(list((out / "records").glob("*.rootgame"))) == 2
    for png in ("win_rates.png", "vp_over_turns.png"):
        assert (out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_tournament_options_are_named() -> None:
    r = CliRunner().invoke(app, ["tournament", "--bots", "heuristic"])
    assert r.exit_code != 0 and "one bot per faction" in r.output
    r = CliRunner().invoke(app, ["tournament", "--bots", "heuristic,nobody"])
    assert r.exit_code != 0 and "unknown bot 'nobody'" in r.output
