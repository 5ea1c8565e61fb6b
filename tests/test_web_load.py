"""The load test script itself works (a small run; the real figures are in docs/web.md)."""

from __future__ import annotations

import pytest

from rootgame.web import loadtest


def test_a_small_load_run_loses_and_doubles_nothing() -> None:
    figures = loadtest.run(games=3, actions=8, timeout=90, seed=5)
    assert figures["problems"] == []
    assert figures["actions"] >= 3 * 8
    assert 0 < figures["p50_ms"] <= figures["p95_ms"] <= figures["p99_ms"]


def test_the_load_test_targets_only_this_machine() -> None:
    with pytest.raises(SystemExit, match="loopback"):
        loadtest.run(games=1, actions=1, url="http://192.0.2.1:8000")
    with pytest.raises(SystemExit):
        loadtest.main(["--games", "100000"])
