"""Paired strength runs with one faction assignment (docs/bots.md, "Strength").

    python tools/one_side.py SPEC AS SEED GAMES [OPTIONS_JSON]
    python tools/one_side.py ismcts:200cpums eyrie 2001 20
    python tools/one_side.py ismcts:200cpums eyrie 2001 20 '{"guided": ["decree_add"]}'

Plays the games of ``rootgame tournament --factions marquise,eyrie --bots SPEC,heuristic
--seed SEED`` in which SPEC plays AS (``tournament.plan``: the Eyrie in the odd game numbers,
the Marquise in the even ones), GAMES of them, so that two versions of a bot meet the same
seeds, seatings and bot seeds. OPTIONS_JSON sets ISMCTS options the spec cannot name (lists
for tuples). Prints a JSON line a game and a last line with the wins and the mean VP margin.
A CPU-time budget still makes the games differ from run to run.
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

from rootgame.bots import ismcts
from rootgame.tournament import Config, play_one


def with_options(options: dict[str, Any]) -> None:
    """Make every ISMCTS bot built from now on take ``options`` too."""
    init = ismcts.IsmctsBot.__init__

    def patched(self: ismcts.IsmctsBot, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **{**kwargs, **options})

    ismcts.IsmctsBot.__init__ = patched  # type: ignore[method-assign]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("spec")
    ap.add_argument("side", choices=("marquise", "eyrie"))
    ap.add_argument("seed", type=int)
    ap.add_argument("games", type=int)
    ap.add_argument("options", nargs="?", default="{}")
    a = ap.parse_args()
    with_options(json.loads(a.options))
    cfg = Config(factions=("marquise", "eyrie"), bots=(a.spec, "heuristic"),
                 games=2 * a.games, seed=a.seed)
    wins, margins = 0, []
    for i in range(1 if a.side == "eyrie" else 0, 2 * a.games, 2):
        r = play_one(cfg, i)
        me = r.bots.index(a.spec)
        assert r.factions[me] == a.side, (r.factions, r.bots)
        wins += me in r.winners
        margins.append(r.scores[me] - r.scores[1 - me])
        its = statistics.median(r.iterations[me]) if r.iterations[me] else 0
        print(json.dumps({"i": i, "seed": r.seed, "won": me in r.winners, "scores": r.scores,
                          "factions": r.factions, "turns": r.turns, "it_median": its,
                          "error": r.error}), flush=True)
    print(json.dumps({"games": len(margins), "wins": wins,
                      "mean_margin": round(statistics.mean(margins), 1)}))


if __name__ == "__main__":
    main()
