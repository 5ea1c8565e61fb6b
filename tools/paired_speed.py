"""Games/s and decisions/s of several builds of the engine, paired on the same seeds (issue 14).

    python tools/paired_speed.py src build/compiled /tmp/compiled-main [--players 4]
        [--games 30] [--rounds 3]

Each folder is put first on ``PYTHONPATH`` (a source tree's ``src``, or a folder where
``ROOTGAME_COMPILE=1 pip install --no-deps --target DIR .`` put a compiled core). Round after
round, each build plays the same seeded random games in its own process, timed by the
process's CPU time (``time.process_time``: the machine's other work does not lengthen it), and
each build's best round is kept, so that a busy machine hurts every build alike. The games
must be the same on every build: their decisions are counted and compared.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

PLAY = """
import json, sys, time
import rootgame
from rootgame.bench import DEFAULT_FACTIONS, FOUR_PLAYERS, play_random_game
factions = FOUR_PLAYERS if {players} == 4 else DEFAULT_FACTIONS
play_random_game(factions, seed=10_000)  # imports and first calls, not timed
start = time.process_time()
decisions = sum(play_random_game(factions, seed=s).decisions for s in range({games}))
cpu = time.process_time() - start
print(json.dumps({{"core": rootgame.CORE, "decisions": decisions, "cpu": cpu}}))
"""


def play(folder: str, players: int, games: int) -> dict[str, object]:
    """One round of the build in ``folder``: its core, the games' decisions and CPU seconds."""
    env = dict(os.environ, PYTHONPATH=folder)
    code = PLAY.format(players=players, games=games)
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    result: dict[str, object] = json.loads(out)
    return result


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("folders", nargs="+")
    p.add_argument("--players", type=int, choices=(2, 4), default=2)
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args()
    best: dict[str, dict[str, object]] = {}
    for _ in range(args.rounds):
        for folder in args.folders:
            r = play(folder, args.players, args.games)
            if folder not in best or float(str(r["cpu"])) < float(str(best[folder]["cpu"])):
                best[folder] = r
    decisions = {int(str(r["decisions"])) for r in best.values()}
    if len(decisions) != 1:
        sys.exit(f"the builds played different games: decisions {sorted(decisions)}")
    print(f"{args.players} players, {args.games} games (seeds 0-{args.games - 1}), "
          f"{decisions.pop()} decisions, best of {args.rounds} rounds, CPU time")
    for folder, r in best.items():
        cpu = float(str(r["cpu"]))
        print(f"{folder} ({r['core']}): {args.games / cpu:.1f} games/s, "
              f"{int(str(r['decisions'])) / cpu:,.0f} decisions/s")


if __name__ == "__main__":
    main()
