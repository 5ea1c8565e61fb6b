"""Which whole simulated games, written the way people record them, the Rootlog importer
replays (docs/rootlog.md, "Replaying a record (import)").

    PYTHONPATH=src python tools/rootlog_people_games.py 1000 1029 [--decisions N]
        [--keep dice|draws|suits|vagabond ...] [--factions marquise,eyrie,alliance]

For each seed: a game of random legal decisions (``tests/lawkit.random_game``; the Marquise
and the Eyrie unless ``--factions`` names others), exported (``export_rootlog``), rewritten
as people write (``people.as_people_write``: no starting hands, unnamed draws, suit-only
discards and Decree cards, no dice; with the Alliance ``as_people_write_supporters``, its
supporters drawn, mobilized and spent unnamed too) and imported
(``replay_rootlog``). Prints, per seed, whether it imported to the same board and scores
at the end of every line, the CPU time of the import, and for a refusal its line, how far
through the game that line is, and the error; then the rate, and the median, 90th
percentile and maximum CPU time of the imports and of the refusals
with how many took over 1 s.
``--keep`` leaves part of the record as exported (the dice, the draws named, the discards
and Decree cards named, the Vagabond's lines): a game that imports only then is refused for
want of that.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from lawkit import random_game  # noqa: E402

from rootgame.records.rootlog import (  # noqa: E402
    LETTER_OF,
    SUPPORTED_FACTIONS,
    RootlogError,
    board_lines,
    export_rootlog,
    game_turn_states,
    replay_rootlog,
)
from rootgame.records.rootlog.people import (  # noqa: E402
    as_people_write,
    as_people_write_supporters,
)

MARQUISE_EYRIE = ("marquise", "eyrie")


def measure(
    seed: int, decisions: int | None, keep: tuple[str, ...] = (),
    factions: tuple[str, ...] = MARQUISE_EYRIE,
) -> tuple[bool, float, str]:
    """(imported to the same board, CPU seconds of the import, what happened); an error
    that is not a refusal (a crash, ``internal:``) is reported as such."""
    g = random_game(seed, decisions, factions)
    exported = export_rootlog(g)
    text = (as_people_write_supporters(exported) if "alliance" in factions
            else as_people_write(exported, keep))
    lines = len(text.splitlines())
    t0 = time.process_time()
    try:
        rep = replay_rootlog(text)
    except RootlogError as e:
        dt = time.process_time() - t0
        return False, dt, f"line {e.line}/{lines} ({e.line / lines:.0%}): {e}"
    except Exception as e:  # noqa: BLE001 - a crash is what the tool is there to show
        dt = time.process_time() - t0
        return False, dt, f"CRASH {type(e).__name__}: {e}"
    dt = time.process_time() - t0
    same = board_lines(rep.turns) == board_lines(game_turn_states(g))
    return same, dt, f"{lines} lines" + ("" if same else ", a different board")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first", type=int)
    ap.add_argument("last", type=int)
    ap.add_argument("--decisions", type=int, default=None,
                    help="cut the games after this many decisions (default: whole games)")
    ap.add_argument("--keep", nargs="*", default=[], choices=("dice", "draws", "suits", "vagabond"),
                    help="leave these as exported (default: none)")
    ap.add_argument("--factions", default=",".join(MARQUISE_EYRIE),
                    help="the factions, comma-separated (default: marquise,eyrie)")
    args = ap.parse_args()
    factions = tuple(args.factions.split(","))
    known = {name for name, letter in LETTER_OF.items() if letter in SUPPORTED_FACTIONS}
    unknown = [f for f in factions if f not in known]
    if unknown or len(set(factions)) != len(factions) or len(factions) < 2:
        ap.error(f"--factions {args.factions}: give two or more different factions of "
                 f"{', '.join(sorted(known))}")
    if args.keep and "alliance" in factions:
        ap.error("--keep: the Alliance's games are written only as people write them "
                 "(as_people_write_supporters keeps nothing)")
    ok = 0
    seeds = range(args.first, args.last + 1)
    imported: list[float] = []
    refused: list[float] = []
    for seed in seeds:
        good, dt, what = measure(seed, args.decisions, tuple(args.keep), factions)
        ok += good
        (imported if good else refused).append(dt)
        print(f"{seed}: {'ok  ' if good else 'FAIL'} {dt:6.2f}s  {what}", flush=True)
    total = sum(imported) + sum(refused)
    print(f"{ok}/{len(seeds)} imported; {total:.1f}s CPU in all, {total / len(seeds):.2f}s each")
    print(summary("imported", imported))
    print(summary("refused or different", refused))


def summary(what: str, times: list[float]) -> str:
    """Median, 90th percentile and maximum CPU time of ``times``, and how many took over 1 s."""
    if not times:
        return f"{what}: none"
    s = sorted(times)
    p90 = s[min(len(s) - 1, (len(s) * 9) // 10)]
    return (f"{what}: {len(s)}, CPU median {statistics.median(s):.2f}s, p90 {p90:.2f}s, "
            f"max {s[-1]:.2f}s, {sum(t > 1.0 for t in s)} over 1 s")


if __name__ == "__main__":
    main()
