"""Machine instructions per ISMCTS iteration, counted by Valgrind's callgrind: the deterministic
way to compare two versions of the search bot (docs/bots.md, "What an iteration costs").

    python tools/count_search_instructions.py

At fixed positions of three mixes (Marquise-Eyrie, Vagabond-Marquise, Alliance-Eyrie), reached
by random play so that every version meets the same ones, the ISMCTS bot decides three times
each with 1 and with 101 iterations; the difference of the two counts divided by the 900 extra
iterations is the cost of one iteration (the root's scoring by the heuristic is in both runs).
"""

from __future__ import annotations

from count_instructions import instructions

SEARCH = """
from rootgame import bots, new_game
from rootgame.bots import Observation
for factions, seed, skip in [(["marquise", "eyrie"], 5, 60), (["vagabond", "marquise"], 8, 80),
                             (["alliance", "eyrie"], 7, 80)]:
    g = new_game(factions, seed=seed)
    r = bots.get("random", seed=1)
    for _ in range(skip):
        g.apply(r.choose(Observation(g)))
    b = bots.get("ismcts", iterations={n}, seed=3)
    k = 0
    while k < 3:
        o = Observation(g)
        if len(o.legal) > 1:
            b.decide(o)
            k += 1
        g.apply(r.choose(o))
"""
DECISIONS = 9


def main() -> None:
    few, _ = instructions(SEARCH.format(n=1))
    many, _ = instructions(SEARCH.format(n=101))
    per = (many - few) / (100 * DECISIONS)
    print(f"ISMCTS: {per / 1000:.0f}k instructions per iteration")


if __name__ == "__main__":
    main()
