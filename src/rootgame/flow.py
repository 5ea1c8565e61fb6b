"""The pending-decision stack (design.md, "The decision model").

Every frame kind has one handler. A *decision* handler lists the legal actions of its frame
and applies one; a *driver* handler runs by itself (the turn's steps, a battle's steps) and
pushes decision frames when a player must choose. :func:`advance` runs drivers and applies
every forced step (a decision with one legal action) until a real decision is pending.

Every decision applied, chosen or forced, is written to the event log the same way
(:func:`log_action`); a forced one is marked ``"forced": True`` (docs/records.md).

A frame whose data holds ``"ask"`` is asked even with one legal action while its player holds
any card: a window whose options depend on a hidden hand (an ambush, Field Hospitals,
crafting) is then a decision whatever the hand, so that it reveals nothing (1.2.1). A decision
kind may also name a test of the moment (``asks``: the Eyrie's Decree while a dominance card
could be activated or taken, 3.3; the Alliance's Revolt and Spread Sympathy while a clearing
is open to them, whatever its face-down supporters, 8.2.2): :func:`asked` answers both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from .actions import DOMAINS, Action, Signature, token
from .errors import EngineError
from .state import Frame, GameState

if TYPE_CHECKING:
    from .factions.base import Faction

LegalFn = Callable[[GameState, Frame], list[Action]]
ForcedFn = Callable[[GameState, Frame, Action], None]
ApplyFn = Callable[[GameState, Frame, Action], None]
RunFn = Callable[[GameState, Frame], None]
ExplainFn = Callable[[GameState, Frame, Action], str | None]
AskFn = Callable[[GameState, Frame], bool]

# The registries are ``Final`` (never rebound, only filled): the compiled core reads them
# without looking their names up (issue 14).

DECISIONS: Final[dict[str, tuple[LegalFn, ApplyFn]]] = {}
DRIVERS: Final[dict[str, RunFn]] = {}
STEPS: Final[dict[str, RunFn]] = {}
"""One step of each driver registered by :func:`steps_driver` (its driver walks them)."""
EXPLAIN: Final[dict[str, ExplainFn]] = {}
PROMPTS: Final[dict[str, str]] = {}
FACTIONS: Final[dict[str, Faction]] = {}
TAKES: Final[dict[str, tuple[Signature, ...]]] = {}
"""The signatures of the actions each decision kind can list (actions.Signature)."""
OWNERS: Final[dict[str, str]] = {}
"""The module that registered each decision kind: a faction's module, or the general rules."""
SECRET_WORDS: Final[dict[str, str | None]] = {"black-market": None}
"""Action words whose card goes face down in whichever decision offers them (the Black
Market's swap, a Daylight card action): as :data:`SECRETS`, for every decision kind."""
SECRETS: Final[dict[str, dict[str, str | None]]] = {}
"""Per decision kind, the action words whose card goes face down (1.2.1: the Alliance's
supporters, 8.2.2): only the deciding player, and the player named by the frame data key
given (or nobody else, for None), see which card it was (views.events_for)."""
ASKS: Final[dict[str, AskFn]] = {}
"""Per decision kind, when its frame is asked even with a single legal action, besides an
``"ask"`` key in its data: whether its options could now differ with other hidden cards
(another hand, other supporters: 1.2.1)."""


class Kind:
    """The handlers of one frame kind, as registered in :data:`DRIVERS`, :data:`DECISIONS`
    and :data:`ASKS`: :func:`advance` finds them with one lookup (issue 14)."""

    __slots__ = ("run", "legal", "apply", "asks")

    def __init__(self) -> None:
        self.run: RunFn | None = None
        self.legal: LegalFn = _no_legal
        self.apply: ApplyFn = _no_apply
        self.asks: AskFn | None = None


KINDS: Final[dict[str, Kind]] = {}
"""Every frame kind's handlers (filled by the registering functions below)."""


def _kind(kind: str) -> Kind:
    k = KINDS.get(kind)
    if k is None:
        k = KINDS[kind] = Kind()
    return k


def decision(
    kind: str,
    prompt: str,
    takes: tuple[Signature, ...] = (),
    secret: dict[str, str | None] | None = None,
    asks: AskFn | None = None,
) -> Callable[[LegalFn], LegalFn]:
    """Register the legal-action function of a decision kind (its apply comes separately).
    ``takes`` declares the signature of every action it can list (actions.Signature): the
    integer action space for learning agents (rl/) is built from them. ``secret`` names the
    actions whose card is hidden from the other players (:data:`SECRETS`); ``asks``, when
    the decision is asked even with one legal action (:data:`ASKS`)."""
    for sig in takes:
        if not sig or not isinstance(sig[0], str):
            raise EngineError(f"decision {kind!r}: a signature starts with its kind word: {sig}")
        for d in sig[1:]:
            if isinstance(d, str) and d not in DOMAINS:
                raise EngineError(f"decision {kind!r}: unknown argument domain {d!r}")

    def wrap(fn: LegalFn) -> LegalFn:
        DECISIONS[kind] = (fn, DECISIONS.get(kind, (fn, _no_apply))[1])
        _kind(kind).legal = fn
        PROMPTS[kind] = prompt
        TAKES[kind] = tuple(takes)
        OWNERS[kind] = fn.__module__
        if secret:
            SECRETS[kind] = dict(secret)
        if asks is not None:
            ASKS[kind] = _kind(kind).asks = asks
        return fn

    return wrap


def applies(kind: str) -> Callable[[ApplyFn], ApplyFn]:
    """Register the apply function of a decision kind."""

    def wrap(fn: ApplyFn) -> ApplyFn:
        legal = DECISIONS[kind][0] if kind in DECISIONS else _no_legal
        DECISIONS[kind] = (legal, fn)
        _kind(kind).apply = fn
        return fn

    return wrap


def explains(kind: str) -> Callable[[ExplainFn], ExplainFn]:
    """Register a function that says why an action is illegal in a decision of this kind."""

    def wrap(fn: ExplainFn) -> ExplainFn:
        EXPLAIN[kind] = fn
        return fn

    return wrap


def driver(kind: str) -> Callable[[RunFn], RunFn]:
    """Register a driver frame kind."""

    def wrap(fn: RunFn) -> RunFn:
        DRIVERS[kind] = _kind(kind).run = fn
        return fn

    return wrap


def steps_driver(kind: str) -> Callable[[RunFn], RunFn]:
    """Register a driver frame kind by the function that runs *one* of its steps (a battle's
    ambush, roll, effects, hits...). The driver walks the steps one after another in one trip
    through :func:`advance`, until a step asks something (pushes a frame), the frame ends or
    the game does; :data:`STEPS` keeps the one step for whoever must watch every step (the
    Rootlog importer, which sees each roll as a step of its own)."""

    def wrap(fn: RunFn) -> RunFn:
        STEPS[kind] = fn
        DRIVERS[kind] = _kind(kind).run = _walk(fn)
        return fn

    return wrap


def _walk(step: RunFn) -> RunFn:
    """A driver that runs ``step`` until it pushes a frame, ends its frame or ends the game."""

    def run(g: GameState, f: Frame) -> None:
        stack = g.stack
        depth = len(stack)
        while True:
            step(g, f)
            if g.winners or len(stack) != depth or stack[-1] is not f:
                return

    return run


def _no_apply(g: GameState, f: Frame, a: Action) -> None:
    raise EngineError(f"decision {f.kind!r} has no apply function")


def _no_legal(g: GameState, f: Frame) -> list[Action]:
    raise EngineError(f"decision {f.kind!r} has no legal-action function")


MAX_FORCED_STEPS: Final = 100_000


class Counters:
    """Process-wide statistics for ``rootgame bench``: forced steps applied by :func:`advance`
    (decisions with one legal action, which are not in a game's history)."""

    __slots__ = ("forced",)

    def __init__(self) -> None:
        self.forced = 0


COUNTERS: Final = Counters()


def log_action(g: GameState, f: Frame, a: Action, forced: bool, tok: str | None = None) -> None:
    """Write the decision ``a`` (token ``tok``) taken in frame ``f`` to the event log (if the
    game keeps one): who, its token, the decision's kind and data, and whether it was forced
    (the only legal action, applied by the engine)."""
    if g.log is not None:
        g.log.append(
            {
                "kind": "action",
                "seat": f.seat,
                "token": token(a) if tok is None else tok,
                "decision": f.kind,
                "data": {k: v for k, v in f.data.items() if k != "ask"},
                "turn": g.turn_number,
                "forced": forced,
            }
        )


def advance(
    g: GameState, on_forced: ForcedFn | None = None, horizon: int | None = None
) -> list[Action]:
    """Run until a player must choose among two or more actions, or the game is over.

    Returns the legal actions of the pending decision (empty when the game is over).
    ``on_forced(g, frame, action)`` is called before each forced step is applied. With a
    ``horizon`` (a turn number), stop as soon as that turn has passed, returning no actions:
    a lookahead that ends there (bots/sim.py) does not play the next player's turn, which a
    Clockwork bot's turn would otherwise be, whole (it asks nothing).
    """
    steps = 0
    stack = g.stack
    kinds = KINDS
    while not g.winners:
        steps += 1
        if steps > MAX_FORCED_STEPS:
            raise EngineError("the engine made no progress (a loop of forced steps)")
        if not stack:
            raise EngineError("the decision stack is empty before the end of the game")
        f = stack[-1]
        k = kinds[f.kind]
        run = k.run
        if run is not None:
            run(g, f)
            if horizon is not None and g.turn_number != horizon:
                return []
            continue
        acts = k.legal(g, f)
        if len(acts) == 1 and not _asked(g, f, k.asks):
            if on_forced is not None:
                on_forced(g, f, acts[0])
            if g.log is not None:
                log_action(g, f, acts[0], True)
            k.apply(g, f, acts[0])
            COUNTERS.forced += 1
            continue
        if not acts:
            raise EngineError(f"no legal action in {f!r}")
        return acts
    return []


def asked(g: GameState, f: Frame) -> bool:
    """Whether decision ``f`` is asked even with a single legal action (1.2.1): its data
    holds ``"ask"`` and its player holds a card, or its kind's :data:`ASKS` test says so
    (the test names the hidden cards it hangs on: the hand, the Alliance's supporters)."""
    return _asked(g, f, ASKS.get(f.kind))


def _asked(g: GameState, f: Frame, test: AskFn | None) -> bool:
    """:func:`asked` of ``f``, whose kind's test is ``test``."""
    if test is not None and test(g, f):
        return True
    return "ask" in f.data and bool(g.seats[f.seat or 0].hand)


def top(g: GameState) -> Frame:
    return g.stack[-1]


def pop(g: GameState, f: Frame) -> None:
    """Remove frame ``f``, which must be on top of the stack."""
    if not g.stack or g.stack[-1] is not f:
        raise EngineError(f"popping {f!r}, which is not on top")
    g.stack.pop()
