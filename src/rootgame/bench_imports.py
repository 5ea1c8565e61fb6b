"""The benchmark of Rootlog imports, for issue 15's targets: a real game imports in under
1 s, and a 5 MB file is refused in under 2 s (``rootgame bench --imports N``).

Real games of the factions rootgame has are not to be had in numbers, so the benchmark
makes them: ``N`` games of random bots (Marquise vs Eyrie unless ``--factions`` names
another mix; Autumn, base deck, seeds ``seed`` onwards), each exported (``export_rootlog``)
and written again the way people record games (``people.as_people_write``: no starting
hands, unnamed draws, discards and Decree cards by suit only, no dice; with the Woodland
Alliance ``people.as_people_write_supporters``, its supporters unnamed too), then imported
(``replay_rootlog``). An import counts
only where the game it gives has the same pieces and scores at the end of every line as
the game played. Times are CPU seconds (``time.process_time``), one import at a time.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bench import DEFAULT_FACTIONS, DEFAULT_MAX_TURNS, bot_seed
from .bots import RandomBot
from .game import Game, new_game
from .i18n import N_
from .records.rootlog import (
    RootlogError,
    board_lines,
    export_rootlog,
    game_turn_states,
    replay_rootlog,
)
from .records.rootlog.people import as_people_write, as_people_write_supporters

IMPORT_GAMES = 20
"""Games imported by ``rootgame bench --imports`` when no count is given."""

FIVE_MB = 5_000_000
"""The size of the record the benchmark times the refusal of (issue 15: under 2 s)."""


@dataclass
class ImportBench:
    """The figures of one run: the CPU seconds of each import that gave the game played,
    the seeds refused (or imported to another board) with what happened, and the CPU
    seconds of refusing a 5 MB record."""

    keep: tuple[str, ...] = ()
    """What the records keep as exported (``as_people_write``'s ``keep``)."""
    factions: tuple[str, ...] = DEFAULT_FACTIONS
    """The factions of the games, in seat order."""
    seconds: dict[int, float] = field(default_factory=dict)
    failed: dict[int, str] = field(default_factory=dict)
    five_mb_seconds: float = 0.0

    @property
    def games(self) -> int:
        return len(self.seconds) + len(self.failed)

    def percentile(self, q: float) -> float:
        """The ``q`` quantile (0..1) of the imports' seconds, by nearest rank (0 when
        none): of ten imports, the 90th percentile is the ninth fastest."""
        s = sorted(self.seconds.values())
        return s[max(0, math.ceil(len(s) * q) - 1)] if s else 0.0

    @property
    def median(self) -> float:
        return statistics.median(self.seconds.values()) if self.seconds else 0.0

    @property
    def slowest(self) -> tuple[int, float] | None:
        """The seed of the slowest import and its seconds."""
        if not self.seconds:
            return None
        seed = max(self.seconds, key=lambda k: self.seconds[k])
        return seed, self.seconds[seed]

    @property
    def over_one_second(self) -> int:
        return sum(t > 1.0 for t in self.seconds.values())

    def as_dict(self) -> dict[str, Any]:
        slow = self.slowest
        return {
            "keep": list(self.keep),
            "factions": list(self.factions),
            "games": self.games,
            "imported": len(self.seconds),
            "failed": {str(k): v for k, v in sorted(self.failed.items())},
            "median_s": round(self.median, 3),
            "p90_s": round(self.percentile(0.9), 3),
            "max_s": round(slow[1], 3) if slow else 0.0,
            "slowest_seed": slow[0] if slow else None,
            "over_1s": self.over_one_second,
            "five_mb_refused_s": round(self.five_mb_seconds, 3),
        }


def recorded_game(seed: int, factions: Sequence[str] = DEFAULT_FACTIONS) -> Game:
    """A game of random bots (``bench.bot_seed``'s seeds), to its end or the max-turns
    limit, with the event log its export reads."""
    game = new_game(list(factions), seed=seed)
    bots = {s: RandomBot(bot_seed(seed, s)) for s in range(len(factions))}
    while not game.is_over and game.turn_number < DEFAULT_MAX_TURNS:
        seat = game.current_seat
        assert seat is not None
        game.apply(bots[seat].choose(game))
    return game


KEEP_WITH_ALLIANCE = N_("records with the Woodland Alliance keep nothing as exported")
"""Why ``keep`` is refused with the Woodland Alliance (:func:`keep_refusal`)."""


def keep_refusal(factions: Sequence[str], keep: Sequence[str]) -> str | None:
    """Why records of ``factions`` cannot keep ``keep`` as exported, or None where they can:
    ``as_people_write_supporters``, which writes the Woodland Alliance's records, keeps
    nothing as exported. The one check of the benchmark and of ``rootgame bench``."""
    return KEEP_WITH_ALLIANCE if keep and "alliance" in factions else None


def people_style(game: Game, keep: tuple[str, ...] = ()) -> str:
    """``game``'s record written as people write it: ``as_people_write`` (keeping ``keep``
    as exported), or with the Woodland Alliance ``as_people_write_supporters`` (which keeps
    nothing: ``keep`` must be empty, :func:`keep_refusal`)."""
    refusal = keep_refusal(game.factions, keep)
    if refusal is not None:
        raise ValueError(refusal)
    exported = export_rootlog(game)
    if "alliance" not in game.factions:
        return as_people_write(exported, keep)
    return as_people_write_supporters(exported)


def time_import(game: Game, keep: tuple[str, ...] = ()) -> tuple[float, str | None]:
    """The CPU seconds of importing ``game``'s record written as people write it
    (:func:`people_style`), and None where the import gives the game played, else what
    happened instead (a refusal, another board, or a crash of the importer, which the
    benchmark reports and goes on)."""
    text = people_style(game, keep)
    t0 = time.process_time()
    try:
        rep = replay_rootlog(text)
    except RootlogError as e:
        return time.process_time() - t0, f"refused: {e}"
    except Exception as e:  # a bug of the importer: counted, not the end of the run
        return time.process_time() - t0, f"crashed: {type(e).__name__}: {e}"
    dt = time.process_time() - t0
    played = board_lines(game_turn_states(game))
    if board_lines(rep.turns) != played:
        return dt, "imported to another board"
    return dt, None


def five_mb_record() -> str:
    """A record of more than 5 MB: a valid header and setup lines, then one setup line
    repeated (issue 15: "a 5 MB file is refused in under 2 s")."""
    line = "C:t_k->1\n"
    return "Map: Fall\nDeck: Standard\nC: Ann\nE: Bo\n\nC:t_k->1\nE:b->3\n" + line * (
        FIVE_MB // len(line) + 1)


def time_five_mb_refusal() -> float:
    """The CPU seconds ``replay_rootlog`` takes to refuse :func:`five_mb_record`."""
    text = five_mb_record()
    t0 = time.process_time()
    try:
        replay_rootlog(text)
    except RootlogError:
        return time.process_time() - t0
    raise AssertionError("a 5 MB record was not refused")  # pragma: no cover


def run_imports(
    games: int = IMPORT_GAMES,
    seed: int = 0,
    keep: tuple[str, ...] = (),
    advance: Callable[[], object] | None = None,
    factions: Sequence[str] = DEFAULT_FACTIONS,
) -> ImportBench:
    """The benchmark: ``games`` random games of ``factions`` from ``seed``, each imported
    as people write it (keeping ``keep``; ``advance`` told after each), and the refusal of
    a 5 MB record."""
    out = ImportBench(keep=keep, factions=tuple(factions))
    for s in range(seed, seed + games):
        dt, failed = time_import(recorded_game(s, factions), keep)
        if failed is None:
            out.seconds[s] = dt
        else:
            out.failed[s] = failed
        if advance is not None:
            advance()
    out.five_mb_seconds = time_five_mb_refusal()
    return out
