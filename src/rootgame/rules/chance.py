"""Chance and the event log.

Every random outcome of a game (a shuffle, the dice, a random card taken, the first player)
comes from here. Each is written to the game's event log, counted as a reveal (for undo), and
can be *forced*: a record replayed without the generator supplies the outcomes in order.

The event log (``GameState.log``, None when logging is off) holds plain dicts: what happened,
as data, never text. ``views.events_for`` redacts it for each seat.
"""

from __future__ import annotations

from typing import Any, Final

from ..errors import RootError
from ..rng import Rng
from ..state import GameState


class ChanceMismatch(RootError):
    """A forced outcome does not fit what the game asks for (a corrupt or foreign record)."""


ASK: Final[tuple[Any, ...]] = ("ask",)
"""A forced outcome that stands for "ask the caller": chance raises :class:`ChanceNeeded`
instead of using the generator. Frameworks that deal chance themselves (OpenSpiel's chance
nodes, rl/openspiel_game.py) end ``GameState.forced`` with it, apply an action on a copy,
and on ``ChanceNeeded`` supply the outcome and apply again."""


class ChanceNeeded(RootError):
    """The game needs a chance outcome that the caller must supply (see :data:`ASK`).
    ``kind`` is shuffle, dice, pick or first; ``cards`` the cards to shuffle; ``n`` the
    number of possible outcomes of a pick or a first player."""

    def __init__(self, kind: str, cards: tuple[int, ...] = (), n: int = 0) -> None:
        super().__init__(f"the game needs a {kind} outcome from outside")
        self.kind = kind
        self.cards = cards
        self.n = n

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling (OpenSpiel serialises a state waiting for an outcome): made again from
        its own arguments, not from its message (an exception's default, which the compiled
        core cannot mend afterwards: it keeps no ``__dict__``)."""
        return (ChanceNeeded, (self.kind, self.cards, self.n))


def _draw(g: GameState, n: int) -> int:
    """A uniform random integer in ``range(n)`` from the game's generator state, written back."""
    r = Rng(g.rng)
    i = r.below(n)
    g.rng = r.state
    return i


def emit(g: GameState, event: dict[str, Any]) -> None:
    """Append an event to the log (if the game keeps one)."""
    if g.log is not None:
        g.log.append(event)


def _forced(
    g: GameState, kind: str, cards: tuple[int, ...] = (), n: int = 0
) -> tuple[Any, ...] | None:
    if not g.forced:
        return None
    head = g.forced[0]
    if tuple(head) == ASK:
        raise ChanceNeeded(kind, cards, n)
    if head[0] != kind:
        raise ChanceMismatch(f"the record gives a {head[0]} outcome where the game needs a {kind}")
    g.forced.pop(0)
    return tuple(head[1:])


def shuffle(g: GameState, cards: list[int]) -> None:
    """Shuffle ``cards`` in place (2.1 reshuffle; 5.1.3 setup)."""
    f = _forced(g, "shuffle", tuple(cards))
    if f is not None:
        order = [int(x) for x in f]
        if sorted(order) != sorted(cards):
            raise ChanceMismatch("the recorded shuffle does not hold the cards being shuffled")
        cards[:] = order
    else:
        r = Rng(g.rng)  # (a plain generator: the game's state written back once)
        r.shuffle(cards)
        g.rng = r.state
    g.reveals += 1
    if g.log is not None:  # (the event is not made for a game that keeps no log)
        emit(g, {"kind": "shuffle", "order": cards[:]})


def dice(g: GameState) -> tuple[int, int]:
    """4.3.3: two dice, each 0-3 (fixed dice from a position come first)."""
    if g.dice:
        roll = g.dice.pop(0)
    else:
        f = _forced(g, "dice")
        if f is not None:
            roll = (int(f[0]), int(f[1]))
            if not all(0 <= x <= 3 for x in roll):
                raise ChanceMismatch(f"a die shows 0 to 3, not {roll}")
        else:
            r = Rng(g.rng)  # (a plain generator: the game's state written back once)
            roll = (r.below(4), r.below(4))
            g.rng = r.state
    g.reveals += 1
    if g.log is not None:
        emit(g, {"kind": "dice", "roll": list(roll)})
    return roll


def pick(g: GameState, n: int, why: str) -> int:
    """A uniform random index in ``range(n)`` (a random card from a hand)."""
    f = _forced(g, "pick", n=n)
    if f is not None:
        i = int(f[0])
        if not 0 <= i < n:
            raise ChanceMismatch(f"the recorded pick {i} is not from 0 to {n - 1}")
    else:
        i = _draw(g, n)
    g.reveals += 1
    emit(g, {"kind": "pick", "index": i, "of": n, "why": why})
    return i


def first_player(g: GameState, n: int) -> int:
    """5.1.1: the first player is chosen at random."""
    f = _forced(g, "first", n=n)
    s = int(f[0]) if f is not None else _draw(g, n)
    if not 0 <= s < n:
        raise ChanceMismatch(f"the recorded first player {s} is not a seat")
    emit(g, {"kind": "first", "seat": s})
    return s


CHANCE_KINDS: Final[tuple[str, ...]] = ("shuffle", "dice", "pick", "first")
"""Event kinds that are outcomes of chance (what a record must supply to replay without the
generator)."""


def outcome_of(event: dict[str, Any]) -> tuple[Any, ...] | None:
    """The forced-outcome tuple that reproduces a chance event, or None."""
    k = event["kind"]
    if k == "shuffle":
        return ("shuffle", *event["order"])
    if k == "dice":
        return ("dice", *event["roll"])
    if k == "pick":
        return ("pick", event["index"])
    if k == "first":
        return ("first", event["seat"])
    return None
