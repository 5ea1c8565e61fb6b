"""Playing many random games, and timing the engine (``rootgame simulate``, ``rootgame bench``).

Everything runs in one process on one core. Game ``i`` of a run with seed ``S`` uses the game
seed ``S + i``; each seat's random bot has its own seed derived from it (:func:`bot_seed`), so a
run is reproducible.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import CORE, flow
from .actions import Action
from .bots import RandomBot, from_spec
from .bots.base import with_answers
from .errors import RootError
from .game import Game, new_game

DEFAULT_FACTIONS: tuple[str, ...] = ("marquise", "eyrie")
FOUR_PLAYERS: tuple[str, ...] = ("marquise", "eyrie", "alliance", "vagabond")
"""The four base factions (issue 8 compares four-player speed with other engines)."""
DEFAULT_MAX_TURNS = 500


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the random bot of ``seat`` in the game seeded ``game_seed``."""
    return game_seed * 16 + seat + 1


@dataclass
class GameRecord:
    """How one random game ended. ``error`` is set when it did not finish: an engine error
    (any exception) or the max-turns safety limit."""

    seed: int
    winners: list[int]
    win_reason: str | None
    scores: list[int]
    turns: int
    decisions: int
    error: str | None = None


def play_random_game(
    factions: Sequence[str] = DEFAULT_FACTIONS,
    seed: int = 0,
    max_turns: int = DEFAULT_MAX_TURNS,
    save_dir: Path | None = None,
    bots: Sequence[str] | None = None,
    map_name: str = "autumn",
    deck: str = "base",
    landmarks: Sequence[str] | int = (),
    clockwork: dict[str, Any] | None = None,
    answers: Mapping[str, Action] | None = None,
    cooperative: bool = False,
) -> GameRecord:
    """Play one game between bots (``bots``: one spec per seat, e.g. ``heuristic``; random
    bots by default), to the end or to ``max_turns`` completed turns. With ``save_dir``,
    write the game's record there as ``game-<seed>.rootgame``. ``map_name`` is the map (its
    suits dealt from the seed when it prints none), ``deck`` the shared deck, ``landmarks``
    the landmarks, ``clockwork`` the Clockwork bots' difficulty and traits (``new_game``'s
    ``bots``), ``answers`` the decisions settled before the game, by kind (the Vagabond's
    character, 9.3.1: ``vagabond.character_answer``; else the bots choose), ``cooperative``
    fully cooperative play against the Clockwork bots (LR 3.5)."""
    game: Game | None = None
    specs = list(bots) if bots is not None else ["random"] * len(factions)
    try:
        game = new_game(
            list(factions), map=map_name, seed=seed, log=save_dir is not None, deck=deck,
            landmarks=landmarks, bots=clockwork, cooperative=cooperative,
        )
        players = with_answers(
            {s: from_spec(b, bot_seed(seed, s)) for s, b in enumerate(specs)}, answers or {}
        )
        while not game.is_over:
            if game.turn_number >= max_turns:
                _save(game, save_dir, seed)
                return _record(game, seed, f"no winner after {max_turns} turns (max-turns limit)")
            seat = game.current_seat
            assert seat is not None
            game.apply(players[seat].choose(game))
        _save(game, save_dir, seed)
        return _record(game, seed, None)
    except SaveError:
        raise  # the folder, not the game: the caller reports it
    except Exception as e:  # any engine error ends the game as an error, never as a result
        msg = f"{type(e).__name__}: {e}"
        if game is None:
            return GameRecord(seed, [], None, [0] * len(factions), 0, 0, msg)
        return _record(game, seed, msg)


def _save(game: Game, save_dir: Path | None, seed: int) -> None:
    if save_dir is None:
        return
    from .records.native import write_record

    path = save_dir / f"game-{seed}.rootgame"
    try:
        path.write_text(write_record(game), encoding="utf-8")
    except OSError as e:
        raise SaveError(path, e) from e


class SaveError(RootError):
    """A record that cannot be written (``simulate --save-dir``): a problem of the folder,
    not an error of the game."""

    def __init__(self, path: Path, error: OSError) -> None:
        super().__init__(f"{path}: {error.strerror or error}")
        self.path = path
        self.error = error


def _record(game: Game, seed: int, error: str | None) -> GameRecord:
    return GameRecord(
        seed=seed,
        winners=game.winners if error is None else [],
        win_reason=game.win_reason if error is None else None,
        scores=game.scores,
        turns=game.turn_number + 1,
        decisions=game.state.decisions,
        error=error,
    )


@dataclass
class Simulation:
    """The results of ``simulate``; :meth:`summary` is the ``--json`` object."""

    factions: tuple[str, ...]
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    """The process's CPU time for the games (what the benchmark counts: the machine's other
    work does not lengthen it); ``seconds`` is the wall clock's."""

    @property
    def finished(self) -> list[GameRecord]:
        return [r for r in self.records if r.error is None]

    @property
    def errors(self) -> list[GameRecord]:
        return [r for r in self.records if r.error is not None]

    def summary(self) -> dict[str, Any]:
        """Wins by faction and by way of winning, means over the finished games, speed over
        all games (errors included), and the number of games that ended in an error."""
        done = self.finished
        n = len(done)
        wins = {f: 0 for f in self.factions}
        reasons = {"vp": 0, "dominance": 0}
        for r in done:
            for s in r.winners:
                wins[self.factions[s]] += 1
            if r.win_reason is not None:
                reasons[r.win_reason] = reasons.get(r.win_reason, 0) + 1
        decisions = sum(r.decisions for r in self.records)
        secs = self.seconds if self.seconds > 0 else float("nan")
        return {
            "games": len(self.records),
            "wins": wins,
            "win_reasons": reasons,
            "mean_scores": {
                f: (sum(r.scores[s] for r in done) / n if n else 0.0)
                for s, f in enumerate(self.factions)
            },
            "mean_turns": sum(r.turns for r in done) / n if n else 0.0,
            "mean_decisions": sum(r.decisions for r in done) / n if n else 0.0,
            "games_per_sec": round(len(self.records) / secs, 3) if self.seconds > 0 else 0.0,
            "decisions_per_sec": round(decisions / secs, 1) if self.seconds > 0 else 0.0,
            "errors": len(self.errors),
        }


def simulate(
    factions: Sequence[str] = DEFAULT_FACTIONS,
    games: int = 100,
    seed: int = 0,
    max_turns: int = DEFAULT_MAX_TURNS,
    on_game: Callable[[GameRecord], None] | None = None,
    save_dir: Path | None = None,
    bots: Sequence[str] | None = None,
    map_name: str = "autumn",
    deck: str = "base",
    landmarks: Sequence[str] | int = (),
    clockwork: dict[str, Any] | None = None,
    answers: Mapping[str, Action] | None = None,
    cooperative: bool = False,
) -> Simulation:
    """Play ``games`` games between bots (``bots``: one spec per seat; random bots by
    default); game ``i`` uses seed ``seed + i``. With ``save_dir``, each game's record is
    written there."""
    sim = Simulation(tuple(factions))
    t0 = time.perf_counter()
    c0 = time.process_time()
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)
    for i in range(games):
        rec = play_random_game(
            factions, seed + i, max_turns, save_dir, bots, map_name, deck, landmarks, clockwork,
            answers, cooperative,
        )
        sim.records.append(rec)
        if on_game is not None:
            on_game(rec)
    sim.seconds = time.perf_counter() - t0
    sim.cpu_seconds = time.process_time() - c0
    return sim


# --- The benchmark --------------------------------------------------------------------------
# Every time below is the process's CPU time (``time.process_time``): the engine runs on one
# core, and the machine's other work does not lengthen it (docs/performance.md).


@dataclass
class BenchResult:
    games: int
    decisions: int
    game_seconds: float
    """CPU seconds of the games (as every time of the benchmark)."""
    clones: int
    clone_seconds: float
    errors: int
    save_dir_ratio: float = 0.0
    """Time of ``simulate --save-dir`` over the time of the same games without it."""
    forced: int = 0
    """Forced steps (decisions with one legal action, applied by the engine itself)."""
    factions: tuple[str, ...] = DEFAULT_FACTIONS
    legal_us: float = 0.0
    """Microseconds to list the legal actions of a pending decision (mid-game states)."""
    apply_us: float = 0.0
    """Microseconds of one ``Game.apply`` of a legal action, the engine's own steps up to the
    next decision included (mid-game states)."""
    clone_bytes: int = 0
    """Bytes allocated by one clone of a mid-game state (its size in memory, the event log
    left out as in simulations)."""
    core: str = CORE
    """The build of the engine's core that ran: "pure" or "compiled" (``rootgame.CORE``)."""

    @property
    def games_per_sec(self) -> float:
        return self.games / self.game_seconds if self.game_seconds else 0.0

    @property
    def decisions_per_sec(self) -> float:
        return self.decisions / self.game_seconds if self.game_seconds else 0.0

    @property
    def steps_per_sec(self) -> float:
        """Decisions and forced steps together, per second (comparable with engines that
        count every step as an action)."""
        return (self.decisions + self.forced) / self.game_seconds if self.game_seconds else 0.0

    @property
    def clones_per_sec(self) -> float:
        return self.clones / self.clone_seconds if self.clone_seconds else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "core": self.core,
            "factions": list(self.factions),
            "games": self.games,
            "decisions": self.decisions,
            "forced_steps": self.forced,
            "errors": self.errors,
            "games_per_sec": round(self.games_per_sec, 2),
            "decisions_per_sec": round(self.decisions_per_sec, 1),
            "steps_per_sec": round(self.steps_per_sec, 1),
            "clones_per_sec": round(self.clones_per_sec, 1),
            "save_dir_ratio": round(self.save_dir_ratio, 2),
            "legal_us": round(self.legal_us, 2),
            "apply_us": round(self.apply_us, 2),
            "clone_bytes": self.clone_bytes,
        }


def mid_game_states(
    seed: int,
    count: int = 20,
    every: int = 37,
    factions: Sequence[str] = DEFAULT_FACTIONS,
    deck: str = "base",
    map_name: str = "autumn",
    landmarks: Sequence[str] | int = (),
) -> list[Game]:
    """Copies of games in progress, taken every ``every`` decisions of random games
    (seeds ``seed``, ``seed + 1``...), until ``count`` are gathered. Like the games of
    ``simulate``, they keep no event log (which would grow with the game)."""
    out: list[Game] = []
    s = seed
    while len(out) < count and s < seed + 10 * count:
        game = new_game(
            list(factions), seed=s, deck=deck, map=map_name, landmarks=landmarks, log=False
        )
        bots = [RandomBot(bot_seed(s, k)) for k in range(len(factions))]
        k = 0
        while not game.is_over and len(out) < count and game.turn_number < DEFAULT_MAX_TURNS:
            k += 1
            if k % every == 0:
                out.append(game.clone())
            seat = game.current_seat
            assert seat is not None
            game.apply(bots[seat].choose(game))
        s += 1
    return out


def time_clones(states: Sequence[Game], min_seconds: float = 0.3) -> tuple[int, float]:
    """Clone the states round and round for at least ``min_seconds``; (clones, seconds)."""
    if not states:
        return 0, 0.0
    n = 0
    t0 = time.process_time()
    elapsed = 0.0
    while elapsed < min_seconds:
        for gm in states:
            gm.clone()
        n += len(states)
        elapsed = time.process_time() - t0
    return n, elapsed


def time_legal(states: Sequence[Game], min_seconds: float = 0.2) -> float:
    """Microseconds to list the legal actions of each state's pending decision, on average."""
    pending = [(gm.state, gm.state.stack[-1]) for gm in states if not gm.is_over]
    if not pending:
        return 0.0
    n = 0
    t0 = time.process_time()
    elapsed = 0.0
    while elapsed < min_seconds:
        for g, f in pending:
            flow.DECISIONS[f.kind][0](g, f)
        n += len(pending)
        elapsed = time.process_time() - t0
    return 1e6 * elapsed / n


def time_apply(states: Sequence[Game], seed: int, rounds: int = 20) -> float:
    """Microseconds of one ``Game.apply`` (a random legal action, then the engine's steps to
    the next decision) on copies of the states, on average; cloning is not timed."""
    live = [gm for gm in states if not gm.is_over]
    if not live:
        return 0.0
    bot = RandomBot(seed)
    total = 0.0
    n = 0
    for _ in range(rounds):
        for gm in live:
            copy = gm.clone()
            a = bot.choose(copy)
            t0 = time.process_time()
            copy.apply(a)
            total += time.process_time() - t0
            n += 1
    return 1e6 * total / n


def clone_bytes(states: Sequence[Game]) -> int:
    """Bytes allocated by one clone of a state, on average (tracemalloc)."""
    import tracemalloc

    if not states:
        return 0
    tracemalloc.start()
    try:
        total = 0
        for gm in states:
            before = tracemalloc.get_traced_memory()[0]
            copy = gm.state.clone()
            total += tracemalloc.get_traced_memory()[0] - before
            del copy
    finally:
        tracemalloc.stop()
    return total // len(states)


def save_dir_ratio(games: int, seed: int) -> float:
    """How many times longer ``games`` random games take when their records are written
    (``simulate --save-dir``, to a temporary directory) than without."""
    import tempfile

    plain = simulate(DEFAULT_FACTIONS, games, seed).cpu_seconds
    with tempfile.TemporaryDirectory() as d:
        saving = simulate(DEFAULT_FACTIONS, games, seed, save_dir=Path(d)).cpu_seconds
    return saving / plain if plain > 0 else 0.0


RECORD_GAMES = 20
"""How many games ``run`` times with and without records for the ``--save-dir`` ratio."""


def run(
    games: int = 50,
    seed: int = 0,
    clone_seconds: float = 0.3,
    factions: Sequence[str] = DEFAULT_FACTIONS,
    deck: str = "base",
    map_name: str = "autumn",
    landmarks: Sequence[str] | int = (),
) -> BenchResult:
    """The benchmark: ``games`` random games of ``factions`` (by default Marquise vs Eyrie)
    with the shared ``deck``,
    then clones of mid-game states, then the cost of writing records (on at most
    ``RECORD_GAMES`` games). Forced steps are counted apart from decisions."""
    forced0 = flow.COUNTERS.forced
    sim = simulate(factions, games, seed, deck=deck, map_name=map_name, landmarks=landmarks)
    forced = flow.COUNTERS.forced - forced0
    states = mid_game_states(
        seed, factions=factions, deck=deck, map_name=map_name, landmarks=landmarks
    )
    clones, secs = time_clones(states, clone_seconds)
    legal_us = time_legal(states)
    apply_us = time_apply(states, seed)
    size = clone_bytes(states)
    return BenchResult(
        games=len(sim.records),
        decisions=sum(r.decisions for r in sim.records),
        game_seconds=sim.cpu_seconds,
        clones=clones,
        clone_seconds=secs,
        errors=len(sim.errors),
        save_dir_ratio=save_dir_ratio(min(games, RECORD_GAMES), seed),
        forced=forced,
        factions=tuple(factions),
        legal_us=legal_us,
        apply_us=apply_us,
        clone_bytes=size,
    )


def four_players_available() -> bool:
    """Whether the four base factions are all in the engine."""
    return all(f in flow.FACTIONS for f in FOUR_PLAYERS)
