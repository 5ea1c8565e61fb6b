"""Two runs of ``tools/one_side.py`` on the same seeds, game by game (docs/bots.md, "Strength").

    python tools/compare_runs.py --base BASE.log [BASE2.log ...] --other OTHER.log [...]

Each log is the JSON lines ``one_side.py`` prints (one a game, keyed by the game's seed). The
games both runs played are paired: the wins of each, the seeds only one of them won, a
two-sided sign test on those (the chance of a split at least as uneven between two equally
strong versions) and each run's mean VP margin of the side played. With an iteration budget
(``ismcts:100``) a seed's game is the same in both runs until the two versions first choose
differently, so the pairs share their luck up to there; with a time budget they part sooner.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any


def games(paths: list[Path]) -> dict[int, dict[str, Any]]:
    """The games of the logs by seed (the last line of each log, the totals, is skipped)."""
    out: dict[int, dict[str, Any]] = {}
    for p in paths:
        for line in p.read_text().splitlines():
            row = json.loads(line) if line.startswith("{") else {}
            if "seed" in row:
                out[int(row["seed"])] = row
    return out


def sign_test(a: int, b: int) -> float:
    """Two-sided p of ``a`` against ``b`` discordant pairs when each is a fair coin."""
    n = a + b
    if not n:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(a, b) + 1)) / (1 << n)
    return min(1.0, 2 * tail)


def margin(row: dict[str, Any], side: str) -> int:
    me = row["factions"].index(side)
    return int(row["scores"][me] - row["scores"][1 - me])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", nargs="+", type=Path, required=True, help="the base run's logs")
    ap.add_argument("--other", nargs="+", type=Path, required=True, help="the other's logs")
    ap.add_argument("--side", default="eyrie", help="the faction the compared bot played")
    a = ap.parse_args()
    base = games(a.base)
    other = games(a.other)
    seeds = sorted(set(base) & set(other))
    if not seeds:
        ap.error("the runs share no seed")
    only_other = sum(1 for s in seeds if other[s]["won"] and not base[s]["won"])
    only_base = sum(1 for s in seeds if base[s]["won"] and not other[s]["won"])
    mb = sum(margin(base[s], a.side) for s in seeds) / len(seeds)
    mo = sum(margin(other[s], a.side) for s in seeds) / len(seeds)
    print(
        f"{len(seeds)} games: base {sum(base[s]['won'] for s in seeds)} wins "
        f"(margin {mb:+.1f}), other {sum(other[s]['won'] for s in seeds)} wins "
        f"(margin {mo:+.1f}); won only by other {only_other}, only by base {only_base}, "
        f"sign test p = {sign_test(only_other, only_base):.2f}"
    )


if __name__ == "__main__":
    main()
