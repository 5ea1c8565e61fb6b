"""rootgame's own record format: versioned text that replays a game exactly.

    rootgame record 1
    rules: Law of Root, September 2024
    engine: 0.1.0
    date: 2026-11-29
    map: autumn
    suits: FRMMRFRMFRMF                 (maps without printed suits: the dealt layout)
    deck: base
    landmarks: forge,lost-city          (only with landmarks: those chosen, or 1 or 2 dealt)
    factions: marquise eyrie
    seed: 12
    options: none                   (or, as JSON, the Clockwork bots' settings {"bots": ...}
                                     and fully cooperative play "cooperative": true)
    result: eyrie vp
    ---
    * shuffle 36 53 0 ...           chance outcome (shuffle, dice, pick, first)
    * first 1
    * draw 1 20 6 25                what chance revealed (draws, cards taken, hands seen)
    keep 2                          a decision: its action token
    = 0 3f2a9c0b1d2e4f56            checkpoint: turn number and state hash, after each round
    # a comment

A game built from a position has ``start: <the state's JSON on one line>`` instead of
``seed:``. The ``*`` lines hold every outcome of chance, so a record replays without the
random generator (``use_generator=False``, the default) and every ``*`` and ``=`` line is
checked against what the engine does.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from typing import Any

from .. import __version__
from ..errors import IllegalAction, RootError
from ..game import Game, checkpoint_due, new_game, state_from_dict
from ..rules.chance import CHANCE_KINDS, ChanceMismatch, outcome_of

MAGIC = "rootgame record"
VERSION = 1
RULES = "Law of Root, September 2024"
HEADER_KEYS = (
    "rules",
    "engine",
    "date",
    "map",
    "suits",
    "deck",
    "landmarks",
    "factions",
    "seed",
    "start",
    "first",
    "options",
    "result",
)


class RecordError(RootError):
    """A record that cannot be read or replayed; names the line and the problem."""

    def __init__(self, line: int, problem: str) -> None:
        super().__init__(f"line {line}: {problem}")
        self.line = line
        self.problem = problem


def event_line(e: dict[str, Any]) -> str | None:
    """The ``*`` line of a log event, or None for events a record does not carry."""
    k = e["kind"]
    out = outcome_of(e)
    if out is not None:
        return "* " + " ".join(str(x) for x in out)
    if k == "draw":
        return "* draw " + " ".join(str(x) for x in [e["seat"], *e["cards"]])
    if k == "take":
        return f"* take {e['seat']} {e['from']} {e['card']}"
    if k == "look":
        return "* look " + " ".join(str(x) for x in [e["seat"], e["at"], *e["cards"]])
    return None


class _LogLines:
    """Appends to ``out`` the record lines of the events ``game`` logged since last call."""

    def __init__(self, game: Game, out: list[str]) -> None:
        self.game = game
        self.out = out
        self.seen = 0

    def __call__(self) -> None:
        log = self.game.state.log or []
        for e in log[self.seen :]:
            line = event_line(e)
            if line is not None:
                self.out.append(line)
        self.seen = len(log)


def _base(game: Game) -> Game:
    """A fresh game, logging, at ``game``'s starting point."""
    meta = game.meta
    if meta.get("seed") is not None:
        return new_game(
            factions=meta["factions"],
            map=meta["map"],
            seed=meta["seed"],
            first_player=meta.get("first_player"),
            suits=meta.get("suits"),
            deck=meta.get("deck", "base"),
            bots=meta.get("bots"),
            landmarks=meta.get("landmarks"),
            cooperative=meta.get("cooperative", False),
        )
    d = json.loads(game.origin)
    if d.get("log") is None:
        d["log"] = []
    state = state_from_dict(d)
    return Game(state, origin=game.origin)


def _landmarks_text(chosen: Any) -> str:
    """The ``landmarks:`` header: the names chosen, or how many were dealt at random."""
    return str(chosen) if isinstance(chosen, int) else ",".join(chosen)


def _result(game: Game) -> str:
    if not game.is_over:
        return "unfinished"
    return " ".join(game.factions[s] for s in game.winners) + f" {game.win_reason}"


def write_record(game: Game, date: str | None = None, comment: str | None = None) -> str:
    """The record of ``game``: its header, then every decision with what chance did and a
    hash checkpoint after each round of turns. The game is replayed from its start to write it."""
    head = [
        f"{MAGIC} {VERSION}",
        f"rules: {RULES}",
        f"engine: {__version__}",
        f"date: {date or datetime.date.today().isoformat()}",
        f"map: {game.state.map}",
        *([f"suits: {game.meta['suits']}"] if game.meta.get("suits") else []),
        f"deck: {game.state.shared_deck}",
        *([f"landmarks: {_landmarks_text(game.meta['landmarks'])}"]
          if game.meta.get("landmarks") else []),
        f"factions: {' '.join(game.factions)}",
    ]
    meta = game.meta
    if meta.get("seed") is not None:
        head.append(f"seed: {meta['seed']}")
        if meta.get("first_player") is not None:
            head.append(f"first: {meta['first_player']}")
    else:
        head.append("start: " + game.origin)
    head.append("options: " + _options(meta))
    head.append(f"result: {_result(game)}")
    if comment:
        head += [f"# {line}" for line in comment.splitlines()]
    body = _body_from_log(game)
    if body is None:
        body = _body_by_replay(game, _base(game))
    return "\n".join(head + ["---"] + body) + "\n"


OPTIONS = ("bots", "cooperative")
"""The header's options: the Clockwork bots' difficulty and traits, and fully cooperative
play (Law of Rootbotics 3.3, 3.5; docs/clockwork.md)."""


def _options(meta: dict[str, Any]) -> str:
    """The header's options (:data:`OPTIONS`) as one line of JSON; "none" without any."""
    chosen = {k: meta[k] for k in OPTIONS if meta.get(k)}
    if not chosen:
        return "none"
    return json.dumps(chosen, separators=(",", ":"), sort_keys=True)


def _read_options(text: str) -> dict[str, Any]:
    if text.strip() == "none":
        return {}
    options = json.loads(text)
    if not isinstance(options, dict) or set(options) - set(OPTIONS):
        raise ValueError(
            f"options: none, or a JSON object with {' and '.join(OPTIONS)}, not {text[:40]!r}"
        )
    return options


def _body_by_replay(game: Game, base: Game) -> list[str]:
    """The record's body, by replaying ``game``'s decisions on ``base`` (its start)."""
    body: list[str] = []
    flush = _LogLines(base, body)
    flush()
    turn = base.turn_number
    for tok in game.history:
        base.apply(tok)
        body.append(tok)
        flush()
        if checkpoint_due(base.state, turn):
            body.append(f"= {base.turn_number} {base.hash()}")
        turn = base.turn_number
    if base.hash() != game.hash():
        raise RootError("the game does not replay from its start: it cannot be recorded")
    return body


def _body_from_log(game: Game) -> list[str] | None:
    """The record's body read from the game's own event log and the checkpoints it kept as
    it was played (no replay: what makes ``simulate --save-dir`` cheap). None when the game
    has no complete log from its start: a game made by ``new_game`` with a log, whose chosen
    decisions are exactly its history."""
    log = game.state.log
    if game.meta.get("seed") is None or not log or game.checkpoints is None:
        return None
    marks = {k: (turn, h) for k, turn, h in game.checkpoints}
    history = game.history
    body: list[str] = []
    k = 0
    for e in log:
        if e["kind"] == "action" and not e.get("forced"):
            if k in marks:
                body.append(f"= {marks[k][0]} {marks[k][1]}")
            if k >= len(history) or e["token"] != history[k]:
                return None
            body.append(e["token"])
            k += 1
            continue
        line = event_line(e)
        if line is not None:
            body.append(line)
    if k != len(history):
        return None
    if k in marks:
        body.append(f"= {marks[k][0]} {marks[k][1]}")
    return body


class Record:
    """A parsed record: header fields and numbered body lines."""

    def __init__(self, header: dict[str, str], body: list[tuple[int, str]]) -> None:
        self.header = header
        self.body = body

    @property
    def factions(self) -> list[str]:
        return self.header.get("factions", "").split()


def parse_record(text: str) -> Record:
    """Read a record's structure (not yet its moves). Raises :class:`RecordError`."""
    if not isinstance(text, str):
        raise RecordError(0, "a record is text")
    lines = text.splitlines()
    if not lines or not lines[0].startswith(MAGIC):
        raise RecordError(1, f"not a rootgame record: it must start with '{MAGIC} {VERSION}'")
    try:
        version = int(lines[0][len(MAGIC) :].strip())
    except ValueError:
        raise RecordError(1, "the record format version is not a number") from None
    if version != VERSION:
        raise RecordError(1, f"record format {version} is not supported (this is {VERSION})")
    header: dict[str, str] = {}
    i = 1
    while i < len(lines) and lines[i].strip() != "---":
        line = lines[i].strip()
        i += 1
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep or key not in HEADER_KEYS:
            raise RecordError(i, f"unknown header line {line[:40]!r}")
        if key in header:
            raise RecordError(i, f"the header gives {key!r} twice")
        header[key] = value.strip()
    if i >= len(lines):
        raise RecordError(len(lines), "the header never ends: no '---' line")
    # Line i + 1 is the '---' that ends the header.
    for need in ("map", "factions"):
        if need not in header:
            raise RecordError(i + 1, f"the header has no {need!r}")
    if ("seed" in header) == ("start" in header):
        raise RecordError(i + 1, "the header needs exactly one of 'seed' and 'start'")
    body = [(n + 1, lines[n].strip()) for n in range(i + 1, len(lines))]
    return Record(header, [(n, s) for n, s in body if s and not s.startswith("#")])


_ARITY = {"dice": 2, "pick": 1, "first": 1}
"""How many numbers a chance outcome holds (a shuffle holds the whole pile)."""


def _forced(rec: Record) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for n, line in rec.body:
        if line.startswith("* "):
            parts = line[2:].split()
            if parts and parts[0] in CHANCE_KINDS:
                try:
                    out.append((parts[0], *(int(x) for x in parts[1:])))
                except ValueError:
                    raise RecordError(n, f"a chance outcome holds numbers: {line!r}") from None
                need = _ARITY.get(parts[0])
                if need is not None and len(parts) - 1 != need:
                    many = f"{need} numbers" if need > 1 else "one number"
                    raise RecordError(n, f"a {parts[0]} outcome holds {many}: {line!r}")
    return out


def replay_record(
    text: str,
    use_generator: bool = False,
    on_step: Callable[[Game, str], None] | None = None,
) -> Game:
    """Replay a record, checking every decision, every outcome of chance and every hash.

    Without the generator (the default) the chance outcomes come from the record's ``*``
    lines. ``on_step(game, token)`` is called after each decision. Raises
    :class:`RecordError` naming the first line that does not fit."""
    rec = parse_record(text)
    forced = [] if use_generator else _forced(rec)
    h = rec.header
    try:
        if "seed" in h:
            first = int(h["first"]) if "first" in h else None
            game = new_game(
                factions=rec.factions,
                map=h["map"],
                seed=int(h["seed"]),
                first_player=first,
                forced=forced,
                suits=h.get("suits"),
                deck=h.get("deck", "base"),
                landmarks=h.get("landmarks"),
                **_read_options(h.get("options", "none")),
            )
        else:
            d = json.loads(h["start"])
            d["log"] = []
            d["forced"] = [list(x) for x in forced]
            state = state_from_dict(d)
            game = Game(state, origin=h["start"])
    except ChanceMismatch as e:
        raise RecordError(1, f"the setup does not match the record: {e}") from None
    except (ValueError, KeyError, TypeError, RootError) as e:
        raise RecordError(1, f"the header does not describe a game: {e}") from None
    pending: list[str] = []
    produced = _LogLines(game, pending)
    produced()
    for n, line in rec.body:
        if line.startswith("* "):
            if not pending:
                raise RecordError(n, f"the record says {line!r}, but nothing of chance happened")
            got = pending.pop(0)
            if got != line:
                raise RecordError(n, f"the record says {line!r}, but the game gave {got!r}")
            continue
        if pending:
            raise RecordError(n, f"the game gave {pending[0]!r}, which the record does not say")
        if line.startswith("= "):
            parts = line.split()
            if len(parts) != 3 or not parts[1].isdigit():
                raise RecordError(n, f"a checkpoint is '= TURN HASH', not {line!r}")
            if int(parts[1]) != game.turn_number or parts[2] != game.hash():
                raise RecordError(
                    n,
                    f"checkpoint mismatch: the record has turn {parts[1]} hash {parts[2]}, "
                    f"the game is at turn {game.turn_number} hash {game.hash()}",
                )
            continue
        try:
            game.apply(line)
        except ChanceMismatch as e:
            raise RecordError(n, f"{e}") from None
        except IllegalAction as e:
            raise RecordError(n, f"{e}") from None
        produced()
        if on_step is not None:
            on_step(game, line)
    last = rec.body[-1][0] if rec.body else 1
    if pending:
        raise RecordError(last, f"the game gave {pending[0]!r}, which the record does not say")
    if "result" in h and h["result"] != _result(game):
        # A record cut short replays to an earlier point than the result it announces.
        raise RecordError(
            last,
            f"the record ends with the game {_result(game)}, but its result is {h['result']!r}",
        )
    game.state.forced = []
    return game
