"""Machine instructions per decision of seeded random games, counted by Valgrind's callgrind:
the deterministic way to compare two versions of the engine (docs/performance.md).

    python tools/count_instructions.py [--players 2|4] [--games 10] [--seed 0] [--engine-only]

Runs ``valgrind --tool=callgrind`` twice, once playing the games and once only starting
Python and importing the package, and prints the difference divided by the games'
decisions. The count does not move with the machine's load. The first game imports the bot
modules (``rootgame.bots._load``, on the first bot made); ``--engine-only`` imports them in
both runs, so that only the games are counted.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

PLAY = """
import rootgame.bots
{preload}
from rootgame.bench import DEFAULT_FACTIONS, FOUR_PLAYERS, play_random_game
factions = FOUR_PLAYERS if {players} == 4 else DEFAULT_FACTIONS
total = 0
for s in range({seed}, {seed} + {games}):
    r = play_random_game(factions, seed=s)
    assert r.error is None, r.error
    total += r.decisions
print(total)
"""


def instructions(code: str) -> tuple[int, str]:
    """Instructions counted by callgrind while running ``code``, and its output."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             sys.executable, "-c", code],
            capture_output=True, text=True, check=True,
        )
        m = re.search(r"^summary:\s*(\d+)", out.read_text(), re.MULTILINE)
        if m is None:
            raise SystemExit("callgrind wrote no summary")
        return int(m.group(1)), run.stdout


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, choices=(2, 4), default=2)
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--engine-only", action="store_true", help="leave the bots' import out")
    a = p.parse_args()
    pre = "rootgame.bots._load()" if a.engine_only else ""
    played, out = instructions(
        PLAY.format(players=a.players, games=a.games, seed=a.seed, preload=pre)
    )
    start, _ = instructions(PLAY.format(players=a.players, games=0, seed=a.seed, preload=pre))
    decisions = int(out.split()[-1])
    per = (played - start) / decisions
    what = ", engine only" if a.engine_only else ""
    seeds = f"seeds {a.seed}-{a.seed + a.games - 1}"
    print(f"{a.players} players{what}, {seeds}: {decisions} decisions, "
          f"{played - start} instructions, {per / 1000:.1f}k per decision")


if __name__ == "__main__":
    main()
