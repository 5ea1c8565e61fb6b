"""Actions and their canonical text tokens (like UCI moves in chess).

An action is a tuple: a kind word, then arguments that are small ints or words, e.g.
``("move", 5, 1)`` whose token is ``"move 5 1"``. Tokens are context-free and round-trip:
``parse(token(a)) == a``.
"""

from __future__ import annotations

import re

from .errors import BadToken

Action = tuple[str | int, ...]

_WORD = re.compile(r"^[a-z][a-z0-9:+-]*$")


def token(action: Action) -> str:
    """The canonical token of an action."""
    return " ".join(str(x) for x in action)


def parse(text: str) -> Action:
    """Parse a token. Raises :class:`BadToken` naming what is wrong."""
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
