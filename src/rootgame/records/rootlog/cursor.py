"""The cursor the Rootlog grammar reads an action with (``grammar.py``): one fragment of
text, the position in it and the column it starts at, so that every problem names the line,
the column, the fragment and what was expected there (:class:`RootlogError`); and the
classes of characters the notation's words start with (a faction's letter, a suit, a piece
type, ...)."""

from __future__ import annotations

from .notation import FACTION_LETTERS, MAX_NUMBER, PIECE_TYPES, SUIT_LETTERS, RootlogError

DIGITS = frozenset("0123456789")
LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")


class Cursor:
    """Reads one action fragment, keeping the column for error messages."""

    __slots__ = ("s", "i", "line", "col0")

    def __init__(self, s: str, line: int, col0: int) -> None:
        self.s = s
        self.i = 0
        self.line = line
        self.col0 = col0

    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.s[j] if 0 <= j < len(self.s) else ""

    def at_end(self) -> bool:
        return self.i >= len(self.s)

    def startswith(self, t: str) -> bool:
        return self.s.startswith(t, self.i)

    def take(self, t: str) -> bool:
        if self.s.startswith(t, self.i):
            self.i += len(t)
            return True
        return False

    def fail(self, problem: str, expected: str, at: int | None = None) -> RootlogError:
        pos = self.i if at is None else at
        return RootlogError(problem, self.line, self.col0 + pos, self.s, expected)

    def expect(self, t: str, expected: str) -> None:
        if not self.take(t):
            raise self.fail(self.found(), expected)

    def found(self) -> str:
        if self.at_end():
            return "the action ends too early"
        return f"unexpected {self.peek()!r} at position {self.i + 1}"

    def number(self, what: str, lo: int = 0, hi: int = MAX_NUMBER) -> int:
        start = self.i
        while self.peek() in DIGITS and self.peek():
            self.i += 1
        digits = self.s[start : self.i]
        if not digits:
            raise self.fail(self.found(), what)
        if len(digits) > 1 and digits[0] == "0":
            raise self.fail(f"number {digits!r} has a leading zero", what, start)
        if len(digits) > 3 or not lo <= int(digits) <= hi:
            raise self.fail(f"{digits} is out of range", f"{what} from {lo} to {hi}", start)
        return int(digits)

    def opt_count(self) -> int | None:
        if self.peek() in DIGITS and self.peek():
            return self.number("a count", 1)
        return None


def is_digit(ch: str) -> bool:
    return bool(ch) and ch in DIGITS


def is_faction(ch: str) -> bool:
    return bool(ch) and ch in FACTION_LETTERS


def is_suit(ch: str) -> bool:
    return bool(ch) and ch in SUIT_LETTERS


def is_lower(ch: str) -> bool:
    return bool(ch) and ch in LOWER


def is_owner(ch: str) -> bool:
    """A capital that may own a piece: a faction, or a hireling (``Sp->9``)."""
    return bool(ch) and "A" <= ch <= "Z" and ch not in "XZQ"


def is_piece_type(ch: str) -> bool:
    return bool(ch) and ch in PIECE_TYPES
