"""Issue 14: the compiled core (mypyc, ``ROOTGAME_COMPILE=1 pip install .``) plays exactly the
games of the pure-Python core: the same decisions, events, records and state hashes for the
same seeds.

The two builds cannot share one process, so each plays the games in its own: the pure core
from ``src``, the compiled one from the folder named by ``ROOTGAME_COMPILED`` (where
``tools/test-builds``, the README's test command, installs it). Without that folder the test
is skipped; CI always builds it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

GAMES: list[dict[str, object]] = [
    *({"factions": ["marquise", "eyrie"], "seed": s} for s in range(5)),
    *({"factions": ["marquise", "eyrie", "alliance", "vagabond"], "seed": s} for s in range(3)),
    {"factions": ["eyrie", "alliance", "vagabond"], "seed": 7, "deck": "exiles", "map": "winter"},
    {"factions": ["marquise", "vagabond"], "seed": 3, "map": "lake", "landmarks": 2},
    {"factions": ["marquise", "eyrie", "alliance"], "seed": 5, "map": "mountain"},
    {"factions": ["marquise", "electric-eyrie"], "seed": 2},
    {
        "factions": ["mechanical-marquise", "eyrie", "automated-alliance", "vagabond"],
        "seed": 4,
        "bots": {
            "mechanical-marquise": {"difficulty": "nightmare", "traits": ["fortified", "blitz"]},
            "automated-alliance": {"difficulty": "challenging", "traits": ["veterans"]},
        },
    },
    {"factions": ["electric-eyrie", "alliance"], "seed": 6, "bots": {"electric-eyrie": {
        "difficulty": "easy", "traits": ["swoop", "war-tax"]}}},
]
"""Seeded random games over every faction (the Clockwork bots with difficulties and traits),
map and deck, and the landmarks."""

PLAY = """
import hashlib, json, sys
import rootgame
from rootgame.bench import bot_seed
from rootgame.bots import RandomBot
from rootgame.records.native import write_record

def digest(x):
    return hashlib.sha256(json.dumps(x, sort_keys=True).encode()).hexdigest()

out = {"core": rootgame.CORE, "games": []}
for spec in json.loads(sys.argv[1]):
    game = rootgame.new_game(
        spec["factions"], seed=spec["seed"], log=True, deck=spec.get("deck", "base"),
        map=spec.get("map", "autumn"), landmarks=spec.get("landmarks", ()),
        bots=spec.get("bots"),
    )
    bots = [RandomBot(bot_seed(spec["seed"], k)) for k in range(len(spec["factions"]))]
    hashes = []
    while not game.is_over and game.turn_number < 500:
        game.apply(bots[game.current_seat].choose(game))
        hashes.append(game.hash())
    out["games"].append({
        "hashes": digest(hashes),
        "events": digest(game.state.log),
        "record": digest(write_record(game, date="2026-12-01")),
        "scores": game.scores,
        "decisions": game.state.decisions,
    })
print(json.dumps(out))
"""


def play(path: Path) -> dict[str, object]:
    """The games above, played by the core found first on ``path``."""
    env = dict(os.environ, PYTHONPATH=str(path))
    r = subprocess.run(
        [sys.executable, "-c", PLAY, json.dumps(GAMES)],
        capture_output=True, text=True, env=env, timeout=1800, check=False,
    )
    assert r.returncode == 0, r.stderr
    result: dict[str, object] = json.loads(r.stdout)
    return result


def compiled_build() -> Path | None:
    folder = os.environ.get("ROOTGAME_COMPILED")
    if not folder:
        return None
    path = Path(folder)
    return path if any((path / "rootgame").glob("state.*.so")) else None


def test_the_compiled_core_plays_the_same_games_as_the_pure_core() -> None:
    compiled = compiled_build()
    if compiled is None:
        pytest.skip("no compiled core (ROOTGAME_COMPILED; tools/test-builds makes one)")
    pure = play(ROOT / "src")
    fast = play(compiled)
    assert pure["core"] == "pure" and fast["core"] == "compiled"
    assert fast["games"] == pure["games"]


def test_the_suite_runs_on_the_core_it_names() -> None:
    """``tools/test-builds`` runs the whole suite once per core and names it in
    ``ROOTGAME_CORE``: the core imported is that one (the compiled core is found first on
    ``PYTHONPATH``), so that the compiled run really tests the compiled core."""
    import rootgame

    expected = os.environ.get("ROOTGAME_CORE")
    if expected is None:
        pytest.skip("not run by tools/test-builds (ROOTGAME_CORE names the core)")
    assert rootgame.CORE == expected
    if expected == "compiled":
        assert not rootgame.state.__file__.endswith(".py")


def test_the_compiled_build_switch(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ROOTGAME_COMPILE=1`` makes the build backend ask for mypy (which ships mypyc, and
    setup.py compiles the core); without it, neither mypy nor a C compiler is needed.
    setuptools reads setup.py with the switch off (mypyc is not installed yet then)."""
    monkeypatch.syspath_prepend(str(ROOT / "build_backend"))
    import rootgame_build

    def setuptools_requires(config: dict[str, str] | None) -> list[str]:
        assert "ROOTGAME_COMPILE" not in os.environ
        return ["wheel"]

    monkeypatch.delenv("ROOTGAME_COMPILE", raising=False)
    assert rootgame_build._requires(setuptools_requires, None) == ["wheel"]
    monkeypatch.setenv("ROOTGAME_COMPILE", "1")
    assert rootgame_build._requires(setuptools_requires, None) == ["wheel", "mypy>=1.10"]
    assert os.environ["ROOTGAME_COMPILE"] == "1"
