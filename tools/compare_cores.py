"""The pure-Python core against the compiled one, side by side in one run (issue 14).

    python tools/compare_cores.py --compiled build/compiled --games 20 --rounds 2

runs ``rootgame bench --json`` alternately on each build (the pure core from ``src``, the
compiled one from the folder where ``ROOTGAME_COMPILE=1 pip install --target DIR .`` or
``tools/test-builds`` put it), each in its own process, and keeps each build's best round, so
that the machine's load hurts both alike. It prints both builds' figures and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FIGURES = (
    ("games_per_sec", "games/s", True),
    ("decisions_per_sec", "decisions/s", True),
    ("steps_per_sec", "steps/s", True),
    ("clones_per_sec", "clones/s", True),
    ("legal_us", "legal actions (us)", False),
    ("apply_us", "apply (us)", False),
    ("clone_bytes", "bytes per clone", False),
)
"""Each figure, its label, and whether more is better (else less is)."""


def bench(path: Path, games: int, seed: int) -> dict[str, Any]:
    """``rootgame bench --json`` run by the core found first on ``path``."""
    env = dict(os.environ, PYTHONPATH=str(path))
    out = subprocess.run(
        [sys.executable, "-m", "rootgame", "bench", "--json", "--games", str(games),
         "--seed", str(seed)],
        capture_output=True, text=True, env=env, check=True,
    ).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def mixes(result: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The bench's figures per mix of factions: two players, and four when timed."""
    out = {"two players": result}
    if "four_players" in result:
        out["four players"] = result["four_players"]
    return out


def best(a: dict[str, Any] | None, b: dict[str, Any]) -> dict[str, Any]:
    """Each figure's best of two rounds."""
    if a is None:
        return b
    out = dict(b)
    for key, _label, more in FIGURES:
        out[key] = max(a[key], b[key]) if more else min(a[key], b[key])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--compiled", type=Path, default=ROOT / "build" / "compiled")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    builds = {"pure": ROOT / "src", "compiled": args.compiled.resolve()}
    kept: dict[str, dict[str, dict[str, Any] | None]] = {b: {} for b in builds}
    for _ in range(args.rounds):
        for build, path in builds.items():
            result = bench(path, args.games, args.seed)
            if result["core"] != build:
                sys.exit(f"{path} runs the {result['core']} core, not the {build} one")
            for mix, figures in mixes(result).items():
                kept[build][mix] = best(kept[build].get(mix), figures)
    for mix, pure in kept["pure"].items():
        fast = kept["compiled"][mix]
        assert pure is not None and fast is not None
        print(f"{mix}, {args.games} games (seeds {args.seed}..{args.seed + args.games - 1}), "
              f"best of {args.rounds} rounds:")
        print(f"  {'':<20} {'pure':>12} {'compiled':>12} {'ratio':>8}")
        for key, label, more in FIGURES:
            p, c = pure[key], fast[key]
            ratio = (c / p if more else p / c) if p and c else 0.0
            print(f"  {label:<20} {p:>12.6g} {c:>12.6g} {ratio:>7.2f}x")


if __name__ == "__main__":
    main()
