"""Actions and their canonical text tokens (like UCI moves in chess).

An action is a tuple: a kind word, then arguments that are small ints or words, e.g.
``("move", 5, 1)`` whose token is ``"move 5 1"``. Tokens are context-free and round-trip:
``parse(token(a)) == a``.
"""

from __future__ import annotations

import re
from typing import Any, Final

from .errors import BadToken

Action = tuple[str | int, ...]

_WORD: Final = re.compile(r"^[a-z][a-z0-9:+-]*$")


def token(action: Action) -> str:
    """The canonical token of an action."""
    return " ".join(map(str, action))


def parse(text: object) -> Action:
    """Parse a token. Raises :class:`BadToken` naming what is wrong (``text`` of another type
    too: it is typed ``object`` so that the compiled core checks it here, not before)."""
    if not isinstance(text, str):
        raise BadToken(f"an action token must be text, not {type(text).__name__}")
    parts = text.strip().lower().split()
    if not parts:
        raise BadToken("empty action token")
    if not _WORD.match(parts[0]):
        raise BadToken(f"an action token starts with a word such as 'move', not {parts[0]!r}")
    out: list[str | int] = [parts[0]]
    for p in parts[1:]:
        if p.isdigit():
            if len(p) > 6:
                raise BadToken(f"number {p!r} in the token is too large")
            out.append(int(p))
        elif _WORD.match(p):
            out.append(p)
        else:
            raise BadToken(f"{p!r} is neither a number nor a word")
    return tuple(out)


# --- What a decision takes: action signatures (for the fixed integer action space, rl/) -----

Domain = str | tuple[str, ...]
"""One argument place of an action: a domain name below, or a tuple of the literal words it
takes (e.g. ``("attacker", "defender")``)."""

Signature = tuple[Domain, ...]
"""An action's shape: its kind word, then one domain per argument place, e.g.
``("move", CLEARING, CLEARING)``. Every decision kind declares the signatures of all the
actions it can list (``@decision(kind, prompt, takes=...)``); the integer action space of a
game configuration is the union of these over the decision kinds of its factions."""

CLEARING: Final = "clearing"
"""A clearing of the map."""
SEAT: Final = "seat"
"""A seat of the game."""
CARD: Final = "card"
"""A card of the deck, by id."""
DOMINANCE_CARD: Final = "dominance-card"
"""A dominance card of the deck, by id."""
COUNT: Final = "count"
"""A number of warriors, from 1 to the largest warrior supply of the game's factions."""
SUIT: Final = "suit"
"""A card suit (fox, rabbit, mouse, bird)."""
PIECE: Final = "piece"
"""A kind of building or token of one of the game's factions."""
PAID_CARD: Final = "paid-card"
"""A card with an "any" icon in its cost followed by the suits that pay the whole cost (two
or more token parts, e.g. ``12 fox mouse``)."""

FOREST: Final = "forest"
"""A forest of the map, where the Vagabond's pawn may stand (9.2.2): numbered 101, 102, ... in
the map's order of forests."""
QUEST: Final = "quest"
"""A Vagabond quest card (9.5.5), by id."""

DOMAINS: Final[tuple[str, ...]] = (
    CLEARING, SEAT, CARD, DOMINANCE_CARD, COUNT, SUIT, PIECE, PAID_CARD, FOREST, QUEST
)
_NUMBERS: Final[tuple[str, ...]] = (CLEARING, SEAT, CARD, DOMINANCE_CARD, COUNT, FOREST, QUEST)


def arguments(sig: Signature, a: Action) -> list[tuple[Domain, Any]] | None:
    """Each argument of action ``a`` with its domain in signature ``sig`` (a PAID_CARD place
    gives the card, its suits being the action's last parts); None if ``a`` does not have
    that shape."""
    if not a or a[0] != sig[0]:
        return None
    out: list[tuple[Domain, Any]] = []
    i = 1
    for dom in sig[1:]:
        if i >= len(a):
            return None
        x = a[i]
        if dom == PAID_CARD:
            if not isinstance(x, int) or len(a) - i < 3:
                return None
            out.append((dom, x))
            i = len(a)
            continue
        if isinstance(dom, tuple):
            ok = x in dom
        elif dom in _NUMBERS:
            ok = isinstance(x, int)
        else:
            ok = isinstance(x, str)
        if not ok:
            return None
        out.append((dom, x))
        i += 1
    return out if i == len(a) else None
