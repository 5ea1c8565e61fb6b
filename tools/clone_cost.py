"""What a clone costs, on the core that runs (docs/performance.md, "What a clone costs").

    python tools/clone_cost.py [--players 2|4] [--rounds 9]
    PYTHONPATH=DIR ROOTGAME_CORE=compiled python tools/clone_cost.py   # the compiled core in DIR

Clones the bench's 20 mid-game states (``bench.mid_game_states(0)``) and prints the objects
a clone makes that the garbage collector tracks (``gc.get_objects`` before and after) and
the CPU time of one ``Game.clone`` and one ``GameState.clone`` (``time.process_time``, best
round: the machine's load lengthens the rounds, less their best).
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable

import rootgame
from rootgame.bench import DEFAULT_FACTIONS, FOUR_PLAYERS, mid_game_states
from rootgame.game import Game


def best_us(states: list[Game], clone: Callable[[Game], object], rounds: int) -> float:
    """Microseconds of CPU per clone, best of ``rounds`` rounds of 50 clones of each state."""
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(50):
            for g in states:
                clone(g)
        best = min(best, (time.process_time() - start) / (50 * len(states)))
    return best * 1e6


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, choices=(2, 4), default=2)
    p.add_argument("--rounds", type=int, default=9)
    args = p.parse_args()
    states = mid_game_states(0, factions=FOUR_PLAYERS if args.players == 4 else DEFAULT_FACTIONS)
    gc.collect()
    before = len(gc.get_objects())
    kept = [g.clone() for g in states]
    gc.collect()
    tracked = (len(gc.get_objects()) - before) / len(kept)
    del kept
    print(f"core: {rootgame.CORE}, {args.players} players, {len(states)} mid-game states")
    print(f"tracked objects per clone: {tracked:.1f}")
    print(f"Game.clone: {best_us(states, lambda g: g.clone(), args.rounds):.2f} us")
    print(f"GameState.clone: {best_us(states, lambda g: g.state.clone(), args.rounds):.2f} us")


if __name__ == "__main__":
    main()
