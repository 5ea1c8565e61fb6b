"""The memory of a long simulation, sampled as it plays: whether it grows per game
(docs/performance.md, "Memory of a long simulation").

    python tools/memory_growth.py [--players 2|4] [--games 10000] [--every 1000] [--seed 0]
                                  [--tracemalloc]

Plays seeded random games one after another in one process (``bench.play_random_game``, as
``rootgame simulate`` does), after one warm-up game; the games' summaries are not kept (a
simulation keeps one per game as its result), so what is measured is the engine's own.
Every ``--every`` games it collects garbage and prints the process's resident memory
(``/proc/self/statm``) and, with ``--tracemalloc``, the bytes Python has allocated and still
holds (``tracemalloc.get_traced_memory``; slower, but exact and free of the allocator's
slack), and at the end the five places whose allocations grew most between the first sample
and the last (``tracemalloc`` snapshots). A flat column is memory that does not grow with
the number of games.
"""

from __future__ import annotations

import argparse
import gc
import os
import time
import tracemalloc
from pathlib import Path

from rootgame.bench import DEFAULT_FACTIONS, FOUR_PLAYERS, play_random_game


def resident_kb() -> int:
    """The process's resident memory in KB (Linux: ``/proc/self/statm``)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") // 1024


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, choices=(2, 4), default=2)
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--every", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--tracemalloc", action="store_true", help="also count Python's allocations")
    a = p.parse_args()
    if a.games < 1 or a.every < 1:
        raise SystemExit("--games and --every must be at least 1")
    factions = FOUR_PLAYERS if a.players == 4 else DEFAULT_FACTIONS
    play_random_game(factions, seed=a.seed - 1)  # warm-up: imports, first caches
    if a.tracemalloc:
        tracemalloc.start()
    unfinished = 0
    first: tracemalloc.Snapshot | None = None
    t0 = time.process_time()
    print("games  resident KB" + ("  traced KB" if a.tracemalloc else ""))
    for i in range(a.games):
        r = play_random_game(factions, seed=a.seed + i)
        if r.error is not None and not r.error.startswith("no winner after"):
            raise SystemExit(f"seed {a.seed + i}: {r.error}")
        unfinished += r.error is not None
        if (i + 1) % a.every == 0:
            gc.collect()
            line = f"{i + 1:5d}  {resident_kb():11d}"
            if a.tracemalloc:
                line += f"  {tracemalloc.get_traced_memory()[0] / 1024:9.1f}"
                if first is None:
                    first = tracemalloc.take_snapshot()
            print(line, flush=True)
    print(f"{a.games} games of {a.players} players ({unfinished} stopped by the turn limit) "
          f"in {time.process_time() - t0:.0f} s CPU")
    if first is not None:
        print("grew most since the first sample:")
        for stat in tracemalloc.take_snapshot().compare_to(first, "lineno")[:5]:
            print(f"  {stat}")


if __name__ == "__main__":
    main()
