"""Tournaments between bots (``rootgame tournament``): one machine, many processes, or Ray.

Game ``i`` of a tournament with seed ``S`` is fully set by ``(S, i)``: its game seed is
``S + i``, its seating and its bots' seeds follow from ``i`` (:func:`plan`), so the results are
the same whether the games run in one process, in a pool of processes (``workers``) or on a
Ray cluster, and the summary is computed from the games in order of ``i``. (A bot with a time
budget, ``ismcts:200ms``, searches as far as the machine's speed allows: only iteration
budgets make a tournament exactly reproducible.)

Seats and factions rotate: with ``k`` bots and ``k`` factions, the bots take every
assignment to the factions in turn (``k!`` of them), and each block of ``k!`` games rotates the
seating order by one, so that every bot plays every faction from every seat equally often.
"""

from __future__ import annotations

import itertools
import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .bench import bot_seed
from .bots import Observation, from_spec
from .game import new_game

DEFAULT_MAX_TURNS = 100


@dataclass(frozen=True)
class Config:
    """What a tournament plays: factions and bot specs (same count), games, seed."""

    factions: tuple[str, ...]
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    max_turns: int = DEFAULT_MAX_TURNS
    keep_records: bool = False
    clockwork: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    """The Clockwork bot factions' settings (docs/clockwork.md): (faction, difficulty,
    traits) each."""
    cooperative: bool = False
    """Fully cooperative play against the Clockwork bots (Law of Rootbotics 3.5)."""
    characters: tuple[tuple[str, str], ...] = ()
    """(faction, character) for a bot with characters (the Vagabot, LR 7.3.1)."""

    def bot_settings(self) -> dict[str, Any] | None:
        """``clockwork`` and ``characters`` as ``new_game``'s ``bots`` argument."""
        if not self.clockwork:
            return None
        out: dict[str, Any] = {
            f: {"difficulty": d, "traits": list(t)} for f, d, t in self.clockwork
        }
        for f, c in self.characters:
            out[f]["character"] = c
        return out


@dataclass
class GameResult:
    """One game: seating (factions and bot names by seat), the outcome, VP after each turn,
    and the bots' decision times (ms of wall time and of the deciding thread's CPU time, per
    seat) and, for a search bot, its iterations at each decision it searched."""

    index: int
    seed: int
    factions: list[str]
    bots: list[str]
    winners: list[int]
    win_reason: str | None
    scores: list[int]
    turns: int
    decisions: int
    vp_by_turn: list[list[int]]
    decision_ms: list[list[float]]
    decision_cpu_ms: list[list[float]] = field(default_factory=list)
    iterations: list[list[int]] = field(default_factory=list)
    error: str | None = None
    record: str | None = None


def bot_names(specs: Sequence[str]) -> list[str]:
    """Display names of the bots: their specs, numbered when a spec appears twice."""
    out: list[str] = []
    for s in specs:
        name = s
        k = 2
        while name in out:
            name = f"{s}#{k}"
            k += 1
        out.append(name)
    return out


def plan(cfg: Config, index: int) -> tuple[list[str], list[int]]:
    """Game ``index``'s seating: the factions in seat order, and which bot (its position in
    ``cfg.bots``) sits in each seat."""
    k = len(cfg.factions)
    perms = list(itertools.permutations(range(k)))
    perm = perms[index % len(perms)]  # perm[j]: the bot that plays faction j
    shift = (index // len(perms)) % k
    order = [(j + shift) % k for j in range(k)]
    return [cfg.factions[j] for j in order], [perm[j] for j in order]


def play_one(cfg: Config, index: int) -> GameResult:
    """Play game ``index`` of the tournament (a pure function of ``cfg`` and ``index``)."""
    factions, who = plan(cfg, index)
    names = bot_names(cfg.bots)
    seed = cfg.seed + index
    game = new_game(
        factions, seed=seed, log=cfg.keep_records, bots=cfg.bot_settings(),
        cooperative=cfg.cooperative,
    )
    players = [from_spec(cfg.bots[b], seed=bot_seed(seed, s)) for s, b in enumerate(who)]
    vp: list[list[int]] = [game.scores]
    times: list[list[float]] = [[] for _ in factions]
    cpu: list[list[float]] = [[] for _ in factions]
    iterations: list[list[int]] = [[] for _ in factions]
    turn = game.turn_number
    error = None
    try:
        while not game.is_over:
            if game.turn_number >= cfg.max_turns:
                error = f"no winner after {cfg.max_turns} turns (max-turns limit)"
                break
            seat = game.current_seat
            assert seat is not None
            t0, c0 = time.perf_counter(), time.thread_time()
            choice = players[seat].decide(Observation(game))
            times[seat].append((time.perf_counter() - t0) * 1000)
            cpu[seat].append((time.thread_time() - c0) * 1000)
            if "iterations" in choice.info:
                iterations[seat].append(int(choice.info["iterations"]))
            game.apply(choice.action)
            if game.turn_number != turn:
                turn = game.turn_number
                vp.append(game.scores)
    except Exception as e:  # an engine or bot error ends the game as an error
        error = f"{type(e).__name__}: {e}"
    vp.append(game.scores)
    record = None
    if cfg.keep_records:
        from .records.native import write_record

        record = write_record(game) if error is None else None
    return GameResult(
        index=index,
        seed=seed,
        factions=factions,
        bots=[names[b] for b in who],
        winners=game.winners if error is None else [],
        win_reason=game.win_reason if error is None else None,
        scores=game.scores,
        turns=game.turn_number + 1,
        decisions=len(game.history),
        vp_by_turn=vp,
        decision_ms=times,
        decision_cpu_ms=cpu,
        iterations=iterations,
        error=error,
        record=record,
    )


# --- running --------------------------------------------------------------------------------

Progress = Callable[[GameResult], None]


def run(
    cfg: Config,
    workers: int = 1,
    ray_address: str | None = None,
    on_game: Progress | None = None,
) -> list[GameResult]:
    """Play every game of ``cfg``: in this process (``workers`` 1), in a pool of ``workers``
    processes, or on Ray (``ray_address``: an address, or ``"local"`` for a new local
    instance). The results come back in game order."""
    check(cfg)
    results: list[GameResult] = []
    if ray_address is not None:
        results = _run_ray(cfg, ray_address, workers, on_game)
    elif workers <= 1:
        for i in range(cfg.games):
            r = play_one(cfg, i)
            results.append(r)
            if on_game:
                on_game(r)
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(play_one, cfg, i) for i in range(cfg.games)]
            for fut in as_completed(futures):
                r = fut.result()
                results.append(r)
                if on_game:
                    on_game(r)
    return sorted(results, key=lambda r: r.index)


def _run_ray(
    cfg: Config, address: str, workers: int, on_game: Progress | None
) -> list[GameResult]:
    import ray

    started = False
    if not ray.is_initialized():
        if address == "local":
            ray.init(
                num_cpus=max(1, workers),
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
        started = True
    try:
        remote = ray.remote(play_one)
        pending = [remote.remote(cfg, i) for i in range(cfg.games)]
        out: list[GameResult] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                r: GameResult = ray.get(ref)
                out.append(r)
                if on_game:
                    on_game(r)
        return out
    finally:
        if started:
            ray.shutdown()


def check(cfg: Config) -> None:
    """ValueError naming the problem with a configuration (bots and factions, games)."""
    if len(cfg.bots) != len(cfg.factions):
        raise ValueError(
            f"name one bot per faction: {len(cfg.factions)} factions, {len(cfg.bots)} bots"
        )
    if cfg.games < 1:
        raise ValueError("play at least one game")
    for s in cfg.bots:
        from_spec(s)


# --- the summary ------------------------------------------------------------------------------


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Line:
    games: int = 0
    wins: int = 0
    vp: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)
    iterations: list[int] = field(default_factory=list)


def _rate(wins: int, games: int) -> dict[str, Any]:
    lo, hi = wilson(wins, games)
    return {
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 4) if games else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
    }


def _ranks(r: GameResult) -> list[int]:
    """Rank of each seat for the ratings: winners first, then by VP."""
    keyed = [(0 if s in r.winners else 1, -r.scores[s]) for s in range(len(r.scores))]
    distinct = sorted(set(keyed))
    return [distinct.index(k) + 1 for k in keyed]


def summary(cfg: Config, results: Sequence[GameResult]) -> dict[str, Any]:
    """The ``--json`` object: per bot and per faction, games, wins, win rate, its 95%
    interval, an OpenSkill rating (Plackett-Luce, mu), mean VP and game length, and per bot
    the same win figures for each faction it played (``by_faction``); and apart,
    under ``decision_ms``, each bot's decision times (median, 90th percentile; wall and the
    deciding thread's CPU time) and, for a search bot, its iterations a searched decision."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    names = bot_names(cfg.bots)
    groups: dict[str, dict[str, Line]] = {
        "bots": {n: Line() for n in names},
        "factions": {f: Line() for f in cfg.factions},
    }
    ratings = {
        "bots": {n: model.rating(name=n) for n in names},
        "factions": {f: model.rating(name=f) for f in cfg.factions},
    }
    finished = [r for r in results if r.error is None]
    for r in finished:
        ranks = _ranks(r)
        for key, who in (("bots", r.bots), ("factions", r.factions)):
            for s, x in enumerate(who):
                line = groups[key][x]
                line.games += 1
                line.wins += s in r.winners
                line.vp.append(r.scores[s])
                line.turns.append(r.turns)
            teams = [[ratings[key][x]] for x in who]
            new = model.rate(teams, ranks=[float(k) for k in ranks])
            for x, team in zip(who, new, strict=True):
                ratings[key][x] = team[0]
    pairs: dict[tuple[str, str], Line] = {(b, f): Line() for b in names for f in cfg.factions}
    for r in finished:
        for s, (b, f) in enumerate(zip(r.bots, r.factions, strict=True)):
            pairs[b, f].games += 1
            pairs[b, f].wins += s in r.winners
    for r in results:
        for s, b in enumerate(r.bots):
            line = groups["bots"][b]
            line.ms.extend(r.decision_ms[s])
            if r.decision_cpu_ms:
                line.cpu_ms.extend(r.decision_cpu_ms[s])
            if r.iterations:
                line.iterations.extend(r.iterations[s])
    out: dict[str, Any] = {
        "games": len(results),
        "finished": len(finished),
        "errors": [{"index": r.index, "seed": r.seed, "error": r.error} for r in results
                   if r.error is not None],
        "seed": cfg.seed,
        "factions_played": list(cfg.factions),
        "bots_played": list(cfg.bots),
        "mean_turns": round(statistics.fmean(r.turns for r in finished), 2) if finished else 0.0,
    }
    for key in ("bots", "factions"):
        table: dict[str, Any] = {}
        for x, line in groups[key].items():
            entry: dict[str, Any] = {
                **_rate(line.wins, line.games),
                "rating": round(ratings[key][x].mu, 3),
                "rating_sigma": round(ratings[key][x].sigma, 3),
                "mean_vp": round(statistics.fmean(line.vp), 2) if line.vp else 0.0,
                "mean_turns": round(statistics.fmean(line.turns), 2) if line.turns else 0.0,
            }
            if key == "bots":
                entry["by_faction"] = {
                    f: _rate(pairs[x, f].wins, pairs[x, f].games) for f in cfg.factions
                }
            table[x] = entry
        out[key] = table
    # Measurements of time, apart: they vary from run to run, the rest does not.
    out["decision_ms"] = {
        x: {
            **_spread(line.ms),
            "decisions": len(line.ms),
            **{f"cpu_{k}": v for k, v in _spread(line.cpu_ms).items()},
        }
        for x, line in groups["bots"].items()
    }
    for x, line in groups["bots"].items():
        if line.iterations:
            out["decision_ms"][x]["iterations"] = {
                **_spread(line.iterations),
                "searched": len(line.iterations),
            }
    return out


def _spread(xs: Sequence[float]) -> dict[str, float]:
    """Median and 90th percentile of ``xs`` (0 when there are too few)."""
    return {
        "median": round(statistics.median(xs), 3) if xs else 0.0,
        "p90": round(statistics.quantiles(xs, n=10)[-1], 3) if len(xs) > 1 else 0.0,
    }


# --- --out: records, JSON, plots ---------------------------------------------------------------


def write_out(
    out: Path, cfg: Config, results: Sequence[GameResult], summ: dict[str, Any]
) -> list[Path]:
    """Write each game's record, the JSON summary, every game's result, and the plots."""
    import json

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    rec_dir = out / "records"
    rec_dir.mkdir(exist_ok=True)
    for r in results:
        if r.record is not None:
            p = rec_dir / f"game-{r.index:04d}-seed-{r.seed}.rootgame"
            p.write_text(r.record, encoding="utf-8")
            written.append(p)
    p = out / "summary.json"
    p.write_text(json.dumps(summ, indent=2), encoding="utf-8")
    written.append(p)
    p = out / "games.json"
    rows = []
    for r in results:
        d = asdict(r)
        d.pop("record")
        rows.append(d)
    p.write_text(json.dumps(rows), encoding="utf-8")
    written.append(p)
    written += plot(out, summ, results)
    return written


def plot(out: Path, summ: dict[str, Any], results: Sequence[GameResult]) -> list[Path]:
    """``win_rates.png`` (per bot and per faction, with 95% intervals) and
    ``vp_over_turns.png`` (mean VP after each turn, per bot)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    paths: list[Path] = []
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for ax, key, title in zip(axes, ("bots", "factions"), ("Bots", "Factions"), strict=True):
        names = list(summ[key])
        rates = [summ[key][n]["win_rate"] for n in names]
        lo = [r - summ[key][n]["ci95"][0] for r, n in zip(rates, names, strict=True)]
        hi = [summ[key][n]["ci95"][1] - r for r, n in zip(rates, names, strict=True)]
        ax.bar(names, rates, yerr=[lo, hi], capsize=6, color="#4c72b0")
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate (95% CI)")
        ax.set_title(title)
    fig.suptitle(f"{summ['games']} games, seed {summ['seed']}")
    fig.tight_layout()
    p = out / "win_rates.png"
    fig.savefig(p, dpi=100)
    plt.close(fig)
    paths.append(p)

    fig, ax = plt.subplots(figsize=(7, 4))
    per_bot: dict[str, list[list[int]]] = {}
    for r in results:
        for s, b in enumerate(r.bots):
            per_bot.setdefault(b, []).append([row[s] for row in r.vp_by_turn])
    for b, series in per_bot.items():
        longest = max(len(x) for x in series)
        means = []
        for t in range(longest):
            vals = [x[t] if t < len(x) else x[-1] for x in series]
            means.append(statistics.fmean(vals))
        ax.plot(range(longest), means, label=b)
    ax.set_xlabel("turn")
    ax.set_ylabel("mean VP")
    ax.legend()
    ax.set_title("VP over turns")
    fig.tight_layout()
    p = out / "vp_over_turns.png"
    fig.savefig(p, dpi=100)
    plt.close(fig)
    paths.append(p)
    return paths
