"""The Eyrie's turmoils in a tournament's games, and which its own turn had foretold
(docs/bots.md, "Strength").

    python tools/eyrie_turmoils.py DIR [--bot SPEC]

DIR is a ``rootgame tournament ... --out DIR`` folder (its ``games.json`` and ``records/``).
For each game in which the Eyrie is played by SPEC (any bot by default), the record is
replayed; at the first decision of every turn the Eyrie's whole Decree is checked against the
board as it stands (``heuristic.eyrie.unresolvable`` over ``decree_cards``, the Move column's
cards counted as the moves to come). A turmoil (7.7) is *foretold* when the check failed at
the start of the turn before the Eyrie's (the end of its own previous turn, the other seat's
turn still to come), else *not foretold* (the other seat's turn broke the Decree, or the
Eyrie's Birdsong did). Prints the games, the turmoils of each kind and the turmoils a game,
for the games the Eyrie won and lost.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rootgame import Game
from rootgame.bots.heuristic.eyrie import decree_cards, moves_left, unresolvable
from rootgame.factions.eyrie import st
from rootgame.records.native import replay_record


def turmoils(text: str, eyrie: int) -> tuple[int, int]:
    """(foretold, not foretold) turmoils of the Eyrie at seat ``eyrie`` in a record."""
    seen = {"turn": -1, "log": 0}
    checks: list[bool] = []
    counts = [0, 0]

    def on_step(game: Game, _token: str) -> None:
        g = game.state
        if g.turn_number != seen["turn"]:
            seen["turn"] = g.turn_number
            fs = st(g, eyrie)
            checks.append(bool(unresolvable(
                g, eyrie, decree_cards(g, eyrie, fs), moves_left(g, eyrie, fs)
            )))
        log = g.log or []
        for e in log[seen["log"] :]:
            if e.get("kind") == "turmoil":
                counts[0 if len(checks) >= 2 and checks[-2] else 1] += 1
        seen["log"] = len(log)

    replay_record(text, on_step=on_step)
    return counts[0], counts[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--bot", default=None, help="only games where this bot spec plays the Eyrie")
    a = ap.parse_args()
    games: list[dict[str, Any]] = json.loads((a.dir / "games.json").read_text())
    rows = {True: [0, 0, 0], False: [0, 0, 0]}  # won: games, foretold, not foretold
    for g in games:
        if "eyrie" not in g["factions"]:
            continue
        e = g["factions"].index("eyrie")
        if a.bot is not None and g["bots"][e] != a.bot:
            continue
        path = a.dir / "records" / f"game-{g['index']:04d}-seed-{g['seed']}.rootgame"
        foretold, other = turmoils(path.read_text(), e)
        row = rows[e in g["winners"]]
        row[0] += 1
        row[1] += foretold
        row[2] += other
    for won, (n, foretold, other) in rows.items():
        if n:
            print(
                f"Eyrie {'won' if won else 'lost'}: {n} games, {foretold + other} turmoils "
                f"({(foretold + other) / n:.2f} a game), {foretold} foretold at the end of "
                f"its turn before, {other} not"
            )


if __name__ == "__main__":
    main()
