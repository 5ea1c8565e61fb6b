"""Four-player random games of rootgame and of ROOTRL (Tyler-B-Lee/ROOTRL), side by side in
one run, for issue 8's speed target (docs/performance.md).

    python tools/compare_rootrl.py --rootrl PATH [--games 30] [--rounds 3]

PATH is a checkout of https://github.com/Tyler-B-Lee/ROOTRL (its engine lives in
envs/rootGameClasses; it needs numpy). Each round plays ``--games`` random games of each
engine, alternating, and the best round of each is reported in CPU time (time.process_time),
so that a busy machine hurts both alike. Random legal actions in both: rootgame through its
random bot (``rootgame bench``'s loop), ROOTRL through Python's ``random.choice`` over its
``legal_actions()``. rootgame's "steps" are its decisions plus forced steps (ROOTRL counts
every step as an action).
"""

from __future__ import annotations

import argparse
import importlib
import logging
import random
import sys
import time
from pathlib import Path

from rootgame import flow
from rootgame.bench import FOUR_PLAYERS, play_random_game


def rootgame_round(games: int, seed: int) -> tuple[float, int, int]:
    """CPU seconds, decisions and forced steps of ``games`` random four-player games."""
    forced0 = flow.COUNTERS.forced
    decisions = 0
    t = time.process_time()
    for i in range(games):
        rec = play_random_game(FOUR_PLAYERS, seed=seed + i)
        if rec.error:
            raise SystemExit(f"rootgame game {seed + i}: {rec.error}")
        decisions += rec.decisions
    return time.process_time() - t, decisions, flow.COUNTERS.forced - forced0


def rootrl_round(path: Path, games: int, seed: int) -> tuple[float, int]:
    """CPU seconds and actions of ``games`` random games of ROOTRL's four-player engine."""
    sys.path.insert(0, str(path / "envs"))
    logging.disable(logging.CRITICAL)
    mech = importlib.import_module("rootGameClasses.rootMechanics")
    classes = importlib.import_module("rootGameClasses.classes")
    random.seed(seed)
    g = mech.RootGame(classes.CHOSEN_MAP, classes.STANDARD_DECK_COMP, 0, 5000)
    actions = 0
    t = time.process_time()
    for _ in range(games):
        g.reset()
        while True:
            _, over, cut = g.step(random.choice(g.legal_actions()))
            actions += 1
            if over or cut:
                break
    return time.process_time() - t, actions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rootrl", type=Path, required=True, help="a checkout of ROOTRL")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    if not (a.rootrl / "envs" / "rootGameClasses" / "rootMechanics.py").is_file():
        ap.error(f"--rootrl: {a.rootrl} is not a ROOTRL checkout (no envs/rootGameClasses)")
    ours: list[tuple[float, int, int]] = []
    theirs: list[tuple[float, int]] = []
    for r in range(a.rounds):
        ours.append(rootgame_round(a.games, a.seed))
        theirs.append(rootrl_round(a.rootrl, a.games, a.seed + r))
    t, d, f = min(ours)
    t2, n2 = min(theirs)
    print(f"{a.games} random four-player games per engine, best of {a.rounds} rounds (CPU):")
    print(
        f"  rootgame: {a.games / t:6.1f} games/s  {d / t:8.0f} decisions/s  "
        f"{(d + f) / t:8.0f} steps/s  ({(d + f) / a.games:.0f} steps a game)"
    )
    print(f"  ROOTRL:   {a.games / t2:6.1f} games/s  {n2 / t2:8.0f} actions/s    "
          f"({n2 / a.games:.0f} actions a game)")
    print(f"  rootgame / ROOTRL: {t2 / t:.2f}x in games/s")


if __name__ == "__main__":
    main()
