"""Rootlog: the community notation for recorded games of Root (version 2.8).

Rootlog writes down the movements of components (pieces, cards, items, victory points)
rather than the names of faction actions, so one grammar covers every faction. This module
reads and writes it:

- :func:`parse_rootlog` reads any Rootlog text into typed data (:class:`RootlogGame`): the
  header, then one :class:`Turn` per line with its structured actions (:class:`Move`,
  :class:`Battle`, :class:`Craft`, :class:`Score`, :class:`ScoreMarker`, :class:`Reveal`,
  :class:`Flip`, :class:`Expose`, :class:`Trick`). Every problem raises
  :class:`RootlogError` with the line, the column, the fragment and what was expected.
- :func:`export_rootlog` writes a rootgame game as Rootlog, by replaying its decisions and
  comparing the state before and after every step.
- :func:`import_rootlog` / :func:`replay_rootlog` replay a Rootlog record of what rootgame
  supports (the Fall map, the Standard deck, the Marquise and the Eyrie) against the engine,
  choosing at each decision the legal action whose effect matches the recorded movements.

The notation in brief (see docs/rootlog.md for the full account and what is checked):
``[n]<thing>[start]->[destinations]`` moves things; ``[A]X<D><clearing>`` is a battle;
``Z<item or card>`` a craft; ``++n`` / ``--n`` score; ``[cards][F]^[T]`` reveals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..cards import DECK
from ..errors import RootError

# --- Vocabulary ---------------------------------------------------------------------------

FACTION_LETTERS = "CEAVGLODPHK"
"""Rootlog letters of the factions (Marquise, Eyrie, Alliance, Vagabond, second Vagabond,
Lizards, Riverfolk, Duchy, Corvids, Hundreds, Keepers)."""
FACTION_NAMES: dict[str, str] = {
    "C": "marquise",
    "E": "eyrie",
    "A": "alliance",
    "V": "vagabond",
    "G": "vagabond2",
    "L": "lizards",
    "O": "riverfolk",
    "D": "duchy",
    "P": "corvids",
    "H": "hundreds",
    "K": "keepers",
}
LETTER_OF: dict[str, str] = {v: k for k, v in FACTION_NAMES.items()}
SUIT_LETTERS = "BFMR"
SUIT_NAMES: dict[str, str] = {"B": "bird", "F": "fox", "M": "mouse", "R": "rabbit"}
SUIT_LETTER: dict[str, str] = {v: k for k, v in SUIT_NAMES.items()}
PIECE_TYPES = "wpbtrf"
"""warrior, pawn, building, token, raft, ferry."""
ITEM_TYPES = "sbcxhtrfu_"
"""sword, bag, coins, crossbow, hammer, tea, torch, boot, club; ``_`` is every item."""
ITEM_LETTER: dict[str, str] = {
    "sword": "s",
    "bag": "b",
    "coins": "c",
    "crossbow": "x",
    "hammer": "h",
    "tea": "t",
    "torch": "r",
    "boot": "f",
}
ITEM_OF_LETTER: dict[str, str] = {v: k for k, v in ITEM_LETTER.items()}
MAPS = ("Fall", "Autumn", "Winter", "Lake", "Mountain")
DECKS = ("Standard", "E&P")
HEADER_KEYS = ("Map", "Deck", "Clearings", "Landmarks", "Hirelings", "Pool")
MAX_CLEARING = 12
MAX_NUMBER = 999

_DIGITS = frozenset("0123456789")
_LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")


class RootlogError(RootError):
    """A Rootlog text that cannot be read, or a record that cannot be replayed.

    ``line`` and ``column`` are 1-based (0 when unknown); ``fragment`` is the piece of text
    at fault; ``expected`` says what would have been right there."""

    def __init__(
        self,
        problem: str,
        line: int = 0,
        column: int = 0,
        fragment: str = "",
        expected: str = "",
    ) -> None:
        self.problem = problem
        self.line = line
        self.column = column
        self.fragment = fragment
        self.expected = expected
        where = ""
        if line:
            where = f"line {line}" + (f", column {column}" if column else "") + ": "
        text = where + problem
        if fragment:
            text += f" in {fragment!r}"
        if expected:
            text += f"; expected {expected}"
        super().__init__(text)


# --- What a record says: components and places -----------------------------------------


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece: ``[faction]<type>[_<subtype>]``. ``faction`` None is the current player."""

    faction: str | None
    type: str
    subtype: str | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """A card: ``[suit]#[name]``. ``suit`` and ``name`` are None when not given; the name is
    as written (an abbreviation such as ``tax``, ``@`` for an ambush, ``dom``)."""

    suit: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class Item:
    """An item: ``%<type>``; type ``_`` is every item at the start location."""

    type: str


@dataclass(frozen=True, slots=True)
class BoardField:
    """A field of a faction board: ``[faction]$_<name>`` (an Eyrie Decree column, a
    Riverfolk price, a Vagabond relationship, ...). ``name`` "" is the whole board."""

    faction: str | None
    name: str


@dataclass(frozen=True, slots=True)
class Path:
    """A path between two clearings (a closed path marker on the Mountain map)."""

    a: int
    b: int


Thing = Piece | Card | Item | BoardField | Path


@dataclass(frozen=True, slots=True)
class Place:
    """Where things are or go.

    ``kind`` is one of: ``clearing`` (``clearings`` holds one number), ``forest`` (its
    clearings), ``burrow`` (the Duchy's clearing 0), ``board`` (a faction board ``[F]$``),
    ``field`` (``[F]$_<name>``), ``hand`` (a faction's hand, ``faction`` set), ``quests``
    (``Q``), ``discard`` (``*``, the discard pile as a start), ``items`` (a Vagabond board
    area ``name`` in s/d/t and/or item state ``state`` in r/e), ``value`` (a new value for a
    board field, ``name``: a number, ``h``, ``a`` or a suit letter).
    """

    kind: str
    clearings: tuple[int, ...] = ()
    faction: str | None = None
    name: str = ""
    state: str = ""

    @staticmethod
    def clearing(c: int) -> Place:
        return Place("clearing", (c,))

    @staticmethod
    def hand(faction: str) -> Place:
        return Place("hand", faction=faction)

    @staticmethod
    def board(faction: str | None = None) -> Place:
        return Place("board", faction=faction)


@dataclass(frozen=True, slots=True)
class Term:
    """``count`` of ``what``, from ``start`` (None: the default start, i.e. the supply for
    pieces, the draw pile for cards, the current player's board for items)."""

    count: int
    what: Thing
    start: Place | None = None


# --- What a record says: actions ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    """``terms->to``: every term goes to each destination. ``to`` empty is the default
    destination (the supply for pieces, the discard pile for cards, out of play for items).
    Groups ``(a+b)start`` are flattened into terms that share the start."""

    terms: tuple[Term, ...]
    to: tuple[Place, ...] = ()
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Battle:
    """``[attacker]X<defender><clearing>[<suit>@[<suit>@]][(a,d)]``: ``ambushes`` holds the
    suit of the defender's ambush card, then of the attacker's; ``dice`` the rolls."""

    attacker: str | None
    defender: str
    clearing: int
    ambushes: tuple[str, ...] = ()
    dice: tuple[int, int] | None = None
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Craft:
    """``Z%<item>`` (``item`` set) or ``Z<card name>`` (``card`` set)."""

    item: str | None = None
    card: str | None = None
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Score:
    """``[faction]++[n]`` (``points`` > 0) or ``[faction]--[n]`` (``points`` < 0)."""

    faction: str | None
    points: int
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class ScoreMarker:
    """``[faction]++-><board>``: the score marker leaves the track for a faction board
    (dominance, or a Vagabond's coalition)."""

    faction: str | None
    to: Place
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Reveal:
    """``[cards][faction]^[target]``: ``terms`` empty reveals the whole hand of
    ``faction`` (None: the current player); ``target`` None is the whole table."""

    terms: tuple[Term, ...]
    faction: str | None
    target: str | None
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Flip:
    """``[P]t<clearing>^<piece>`` (a Corvid plot flipped face up) or
    ``<relic><clearing>^<n>`` (a Keepers relic's value): ``becomes`` or ``value`` is set."""

    piece: Piece
    clearing: int
    becomes: Piece | None = None
    value: int | None = None
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Expose:
    """``?<faction><token><clearing>[^<token>]``: a guess at a hidden plot."""

    piece: Piece
    clearing: int
    reveal: Piece | None = None
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Trick:
    """``t<a><->t<b>``: two pieces trade places (the Corvids' trick)."""

    first: Piece
    a: int
    second: Piece
    b: int
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


Action = Move | Battle | Craft | Score | ScoreMarker | Reveal | Flip | Expose | Trick


@dataclass(slots=True)
class Turn:
    """One turn line: ``faction`` letter, its actions in order, the line number, and the
    comment after ``//`` if any. ``setup`` is True for a faction's first line."""

    faction: str
    actions: list[Action]
    line: int
    comment: str | None = None
    setup: bool = False


@dataclass(slots=True)
class RootlogGame:
    """A parsed Rootlog record."""

    map: str = ""
    deck: str = ""
    clearings: tuple[str, ...] | None = None
    """Suit letter of clearings 1..12 (index 0 is clearing 1); None when not given (Fall)."""
    landmarks: tuple[str, ...] = ()
    hirelings: tuple[str, ...] = ()
    pool: str | None = None
    players: dict[str, str] = field(default_factory=dict)
    """Faction letter -> player name, in the order listed."""
    turns: list[Turn] = field(default_factory=list)
    winner: str | None = None
    """The winning faction letters (several for a coalition); None when not given."""
    comments: list[tuple[int, str]] = field(default_factory=list)
    """Comment lines and end-of-line comments of header lines: (line, text)."""
    header_lines: dict[str, int] = field(default_factory=dict)
    """Line number of each header field (``Map``, ``Deck``, ...) and player letter."""
    lines: int = 0


# --- The fragment parser ---------------------------------------------------------------------


class _Cursor:
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
            raise self.fail(self._found(), expected)

    def _found(self) -> str:
        if self.at_end():
            return "the action ends too early"
        return f"unexpected {self.peek()!r} at position {self.i + 1}"

    def number(self, what: str, lo: int = 0, hi: int = MAX_NUMBER) -> int:
        start = self.i
        while self.peek() in _DIGITS and self.peek():
            self.i += 1
        digits = self.s[start : self.i]
        if not digits:
            raise self.fail(self._found(), what)
        if len(digits) > 1 and digits[0] == "0":
            raise self.fail(f"number {digits!r} has a leading zero", what, start)
        if len(digits) > 3 or not lo <= int(digits) <= hi:
            raise self.fail(f"{digits} is out of range", f"{what} from {lo} to {hi}", start)
        return int(digits)

    def opt_count(self) -> int | None:
        if self.peek() in _DIGITS and self.peek():
            return self.number("a count", 1)
        return None


def _is_digit(ch: str) -> bool:
    return bool(ch) and ch in _DIGITS


def _is_faction(ch: str) -> bool:
    return bool(ch) and ch in FACTION_LETTERS


def _is_suit(ch: str) -> bool:
    return bool(ch) and ch in SUIT_LETTERS


def _is_lower(ch: str) -> bool:
    return bool(ch) and ch in _LOWER


def _clearing_or_forest(cur: _Cursor, what: str) -> Place:
    """``<n>`` a clearing (``0``: the Duchy's Burrow) or ``<n>_<n>_...`` a forest."""
    start = cur.i
    first = cur.number(what, 0, MAX_CLEARING)
    parts = [first]
    while cur.peek() == "_" and _is_digit(cur.peek(1)):
        cur.i += 1
        parts.append(cur.number("a clearing of the forest", 1, MAX_CLEARING))
    if len(parts) > 1:
        if 0 in parts:
            raise cur.fail("a forest lies between clearings 1 to 12", what, start)
        if parts != sorted(set(parts)):
            raise cur.fail(
                "a forest lists its clearings from lowest to highest, each once", what, start
            )
        return Place("forest", tuple(parts))
    if first == 0:
        return Place("burrow", (0,))
    return Place.clearing(first)


def _board_or_field(cur: _Cursor, faction: str | None) -> Place:
    """After an optional faction letter, at ``$``: ``$`` or ``$_<name>``."""
    cur.expect("$", "'$' (a faction board)")
    if cur.take("_"):
        return Place("field", faction=faction, name=_field_name(cur))
    return Place.board(faction)


def _field_name(cur: _Cursor) -> str:
    """A board field's name: a faction letter, lowercase letters, or a number; or nothing."""
    ch = cur.peek()
    if _is_faction(ch):
        cur.i += 1
        return ch
    start = cur.i
    if _is_lower(ch):
        while _is_lower(cur.peek()):
            cur.i += 1
    elif _is_digit(ch):
        while _is_digit(cur.peek()):
            cur.i += 1
        if cur.i - start > 3:
            raise cur.fail("the field number is too long", "a number", start)
    return cur.s[start : cur.i]


def _faction_place(cur: _Cursor) -> Place | None:
    """``F``, ``F$``, ``F$_x``, ``$``, ``$_x``, ``Q``, ``*`` at the cursor, or None."""
    ch = cur.peek()
    if ch == "$":
        return _board_or_field(cur, None)
    if ch == "*":
        cur.i += 1
        return Place("discard")
    if ch == "Q":
        cur.i += 1
        return Place("quests")
    if _is_faction(ch):
        cur.i += 1
        if cur.peek() == "$":
            return _board_or_field(cur, ch)
        return Place.hand(ch)
    return None


def _item_area(cur: _Cursor) -> Place | None:
    """A Vagabond board area (s, d, t) and/or an item state (r, e)."""
    area = ""
    state = ""
    if cur.peek() in ("s", "d", "t"):
        area = cur.peek()
        cur.i += 1
    if cur.peek() in ("r", "e"):
        state = cur.peek()
        cur.i += 1
    if not area and not state:
        return None
    return Place("items", name=area, state=state)


_START_EXPECTED = {
    "piece": "a start: a clearing, a forest, 0 (the Burrow) or a faction board, or '->'",
    "card": "a start: a hand (a faction letter), a board ('$', 'F$'), a Decree column "
    "('$_r'), '*' (the discard pile) or 'Q', or '->'",
    "item": "a start: a clearing, a faction board, an area (s, d, t) or a state (r, e), "
    "or '->'",
    "field": "'->'",
    "path": "'->'",
}


def _kind(what: Thing) -> str:
    if isinstance(what, Piece):
        return "piece"
    if isinstance(what, Card):
        return "card"
    if isinstance(what, Item):
        return "item"
    if isinstance(what, BoardField):
        return "field"
    return "path"


def _start(cur: _Cursor, kind: str) -> Place | None:
    """An optional start location after a thing of ``kind``."""
    ch = cur.peek()
    if not ch or ch in "+)-^<":
        return None
    if kind in ("piece", "item") and _is_digit(ch):
        return _clearing_or_forest(cur, "a clearing")
    if kind in ("piece", "item", "card"):
        p = _faction_place(cur)
        if p is not None:
            if kind == "piece" and p.kind in ("hand", "discard", "quests"):
                raise cur.fail("a piece is never in a hand or a pile", _START_EXPECTED[kind])
            if kind == "item" and p.kind in ("discard", "field"):
                raise cur.fail("an item is never there", _START_EXPECTED[kind])
            return p
    if kind == "item":
        p = _item_area(cur)
        if p is not None:
            return p
    raise cur.fail(cur._found(), _START_EXPECTED[kind])


def _card_name(cur: _Cursor) -> str | None:
    start = cur.i
    while cur.peek() and (cur.peek() in _LOWER or cur.peek() == "@"):
        cur.i += 1
    return cur.s[start : cur.i] or None


def _piece(cur: _Cursor) -> Piece:
    faction: str | None = None
    if _is_faction(cur.peek()):
        faction = cur.peek()
        cur.i += 1
    ch = cur.peek()
    if not ch or ch not in PIECE_TYPES:
        raise cur.fail(cur._found(), "a piece type (w, p, b, t, r, f)")
    cur.i += 1
    sub: str | None = None
    if cur.peek() == "_" and _is_lower(cur.peek(1)):
        sub = cur.peek(1)
        cur.i += 2
    return Piece(faction, ch, sub)


_THING_EXPECTED = (
    "a piece ('w', 'Cb_s'), a card ('F#', '#tax'), an item ('%s'), a board field ('$_r') "
    "or a group '(...)'"
)


def _thing(cur: _Cursor) -> Thing:
    """One thing (not a group) at the cursor."""
    ch = cur.peek()
    if ch == "%":
        cur.i += 1
        t = cur.peek()
        if not t or t not in ITEM_TYPES:
            raise cur.fail(cur._found(), "an item type (s, b, c, x, h, t, r, f, u) or '_'")
        cur.i += 1
        return Item(t)
    if ch == "#" or (_is_suit(ch) and cur.peek(1) == "#"):
        suit: str | None = None
        if ch != "#":
            suit = ch
            cur.i += 1
        cur.i += 1
        return Card(suit, _card_name(cur))
    if ch == "$" or (_is_faction(ch) and cur.peek(1) == "$"):
        faction: str | None = None
        if ch != "$":
            faction = ch
            cur.i += 1
        cur.i += 1
        if not cur.take("_"):
            raise cur.fail(cur._found(), "'_' and a field name ('$_r'): a board is a place")
        return BoardField(faction, _field_name(cur))
    if _is_digit(ch):
        start = cur.i
        a = cur.number("a clearing", 1, MAX_CLEARING)
        if cur.take("_"):
            b = cur.number("a clearing", 1, MAX_CLEARING)
            if cur.peek() == "_" or b <= a:
                raise cur.fail(
                    "a closed path joins two clearings, lowest first", "'<a>_<b>->'", start
                )
            return Path(a, b)
        raise cur.fail("a count must be followed by what is counted", _THING_EXPECTED, start)
    if _is_faction(ch) or (ch and ch in PIECE_TYPES):
        return _piece(cur)
    raise cur.fail(cur._found(), _THING_EXPECTED)


def _terms(cur: _Cursor, stop: str) -> list[Term]:
    """Terms joined by ``+`` up to ``stop`` (``->`` or ``^``); groups are flattened."""
    out: list[Term] = []
    while True:
        out.extend(_term(cur))
        if cur.peek() == "+":
            cur.i += 1
            continue
        if cur.startswith(stop) or cur.at_end():
            return out
        raise cur.fail(cur._found(), f"'+' or '{stop}'")


def _term(cur: _Cursor) -> list[Term]:
    j = cur.i
    while _is_digit(cur.peek(j - cur.i)):
        j += 1
    if j > cur.i and cur.peek(j - cur.i) == "_":
        # <a>_<b>: a path (a closed path marker), not a count.
        path = _thing(cur)
        return [Term(1, path, _start(cur, "path"))]
    count = cur.opt_count()
    if cur.peek() == "(":
        if count is not None:
            raise cur.fail(
                "a count goes inside a group", "'(' without a count: '(2w+b)'", cur.i - 1
            )
        return _group(cur)
    what = _thing(cur)
    return [Term(count or 1, what, _start(cur, _kind(what)))]


def _group(cur: _Cursor) -> list[Term]:
    """``(a+b+...)`` then ``#`` (a group of suits) or an optional common start."""
    open_at = cur.i
    cur.i += 1
    members: list[tuple[int, Thing | str, Place | None]] = []
    while True:
        n = cur.opt_count() or 1
        ch = cur.peek()
        if _is_suit(ch) and cur.peek(1) in ("+", ")"):
            cur.i += 1
            members.append((n, ch, None))
        elif ch == "(":
            raise cur.fail("groups do not nest", _THING_EXPECTED)
        else:
            what = _thing(cur)
            members.append((n, what, _start(cur, _kind(what))))
        if cur.take("+"):
            continue
        if cur.take(")"):
            break
        raise cur.fail(cur._found(), "'+' or ')' to close the group")
    if cur.peek() == "#":
        # (2F+M)#name: a group of suits.
        cur.i += 1
        name = _card_name(cur)
        if any(not isinstance(w, str) for _, w, _ in members):
            raise cur.fail(
                "only suits may stand in a group followed by '#'", "'(2F+M)#'", open_at
            )
        start = _start(cur, "card")
        return [Term(n, Card(str(w), name), start) for n, w, _ in members]
    if any(isinstance(w, str) for _, w, _ in members):
        raise cur.fail("a group of suits needs '#' after it", "'#' after ')': '(2F+M)#'")
    kinds = {_kind(w) for _, w, _ in members if not isinstance(w, str)}
    if kinds == {"item"}:
        common = _start(cur, "item")
    elif kinds == {"card"}:
        common = _start(cur, "card")
    else:
        common = _start(cur, "piece")
    out: list[Term] = []
    for n, w, st in members:
        assert not isinstance(w, str)
        if st is not None and common is not None:
            raise cur.fail("a start is given inside and after the group", "one start only")
        out.append(Term(n, w, st if st is not None else common))
    return out


def _dest(cur: _Cursor, mode: str) -> Place:
    """One destination. ``mode``: value (a board field's new value), items, or pieces."""
    ch = cur.peek()
    if mode == "value":
        if _is_digit(ch):
            return Place("value", name=str(cur.number("a value")))
        if ch in ("h", "a") or _is_suit(ch):
            cur.i += 1
            return Place("value", name=ch)
        raise cur.fail(cur._found(), "a value: a number, 'h', 'a' or a suit letter")
    if _is_digit(ch):
        return _clearing_or_forest(cur, "a clearing")
    p = _faction_place(cur)
    if p is not None:
        if p.kind == "discard":
            raise cur.fail("'*' is only a start", "a destination")
        return p
    if mode == "items":
        p = _item_area(cur)
        if p is not None:
            return p
    raise cur.fail(
        cur._found(),
        "a destination: a clearing, a forest, a faction board ('$', 'E$'), a Decree column "
        "('$_r'), a hand (a faction letter)"
        + (", an area (s, d, t) or a state (r, e)" if mode == "items" else ""),
    )


def _move(cur: _Cursor) -> Move:
    terms = _terms(cur, "->")
    cur.expect("->", "'->'")
    kinds = {_kind(t.what) for t in terms}
    if "field" in kinds and kinds != {"field"}:
        raise cur.fail("board fields move alone", "only '$_' fields before '->'", 0)
    if "path" in kinds and (len(terms) != 1 or not cur.at_end()):
        raise cur.fail("a closed path is written '<a>_<b>->'", "nothing after '->'")
    mode = "value" if kinds == {"field"} else "items" if "item" in kinds else "pieces"
    to: list[Place] = []
    if not cur.at_end():
        to.append(_dest(cur, mode))
        while cur.take("+"):
            to.append(_dest(cur, mode))
    if not cur.at_end():
        raise cur.fail(cur._found(), "'+' and another destination, or the end of the action")
    return Move(tuple(terms), tuple(to))


def _battle(cur: _Cursor) -> Battle:
    attacker: str | None = None
    if cur.peek() != "X":
        attacker = cur.peek()
        cur.i += 1
    cur.expect("X", "'X'")
    d = cur.peek()
    if not _is_faction(d):
        raise cur.fail(cur._found(), "the defending faction's letter after 'X'")
    cur.i += 1
    c = cur.number("the battle's clearing", 1, MAX_CLEARING)
    ambushes: list[str] = []
    while _is_suit(cur.peek()) and cur.peek(1) == "@":
        if len(ambushes) == 2:
            raise cur.fail("at most two ambush cards in a battle", "'(' or the end")
        ambushes.append(cur.peek())
        cur.i += 2
    dice: tuple[int, int] | None = None
    if cur.take("("):
        a = cur.number("the attacker's roll", 0, 3)
        cur.expect(",", "','")
        b = cur.number("the defender's roll", 0, 3)
        cur.expect(")", "')'")
        dice = (a, b)
    if not cur.at_end():
        raise cur.fail(cur._found(), "ambush marks ('F@'), dice '(2,1)' or the end")
    return Battle(attacker, d, c, tuple(ambushes), dice)


def _craft(cur: _Cursor) -> Craft:
    cur.expect("Z", "'Z'")
    if cur.take("%"):
        t = cur.peek()
        if not t or t not in ITEM_TYPES or t == "_":
            raise cur.fail(cur._found(), "an item type (s, b, c, x, h, t, r, f, u)")
        cur.i += 1
        out = Craft(item=t)
    else:
        name = _card_name(cur)
        if name is None or "@" in name:
            raise cur.fail(cur._found(), "'%' and an item, or a card name ('Zsabo')")
        out = Craft(card=name)
    if not cur.at_end():
        raise cur.fail(cur._found(), "the end of the craft")
    return out


def _score(cur: _Cursor) -> Score | ScoreMarker:
    faction: str | None = None
    if _is_faction(cur.peek()):
        faction = cur.peek()
        cur.i += 1
    sign = 1 if cur.peek() == "+" else -1
    cur.i += 2
    if sign > 0 and cur.take("->"):
        p = _faction_place(cur)
        if p is None or p.kind != "board" or not cur.at_end():
            raise cur.fail(cur._found(), "a faction board after '++->' ('E$')")
        return ScoreMarker(faction, p)
    n = 1
    if not cur.at_end():
        n = cur.number("the number of points", 1)
    if not cur.at_end():
        raise cur.fail(cur._found(), "the number of points or the end")
    return Score(faction, sign * n)


def _reveal_or_flip(cur: _Cursor) -> Reveal | Flip:
    s = cur.s
    left = s[: s.index("^")]
    if left and "#" not in left and "(" not in left:
        if len(left) == 1 and _is_faction(left):
            cur.i = 1
            return _reveal_tail(cur, (), left)
        # A piece in a clearing flipped face up: t6^t_e, Pt12^t_r, t_t10^2.
        piece = _piece(cur)
        c = cur.number("the clearing of the flipped piece", 1, MAX_CLEARING)
        cur.expect("^", "'^'")
        if _is_digit(cur.peek()):
            v = cur.number("the relic's value", 0)
            out = Flip(piece, c, value=v)
        else:
            out = Flip(piece, c, becomes=_piece(cur))
        if not cur.at_end():
            raise cur.fail(cur._found(), "the end of the flip")
        return out
    if not left:
        return _reveal_tail(cur, (), None)
    terms = _terms(cur, "^")
    faction: str | None = None
    for t in terms:
        if not isinstance(t.what, Card):
            raise cur.fail("only cards are revealed", "cards before '^' ('F#^P')", 0)
        if t.start is not None:
            if t.start.kind != "hand" or (faction is not None and t.start.faction != faction):
                raise cur.fail("cards are revealed from one hand", "a faction letter", 0)
            faction = t.start.faction
    terms = [Term(t.count, t.what) for t in terms]
    return _reveal_tail(cur, tuple(terms), faction)


def _reveal_tail(cur: _Cursor, terms: tuple[Term, ...], faction: str | None) -> Reveal:
    cur.expect("^", "'^'")
    target: str | None = None
    if _is_faction(cur.peek()):
        target = cur.peek()
        cur.i += 1
    if not cur.at_end():
        raise cur.fail(cur._found(), "the faction the cards are shown to, or the end")
    return Reveal(terms, faction, target)


def _expose(cur: _Cursor) -> Expose:
    cur.expect("?", "'?'")
    piece = _piece(cur)
    if piece.faction is None:
        raise cur.fail("the guessed piece names its faction", "'?Pt_e3'", 1)
    c = cur.number("the clearing of the guessed piece", 1, MAX_CLEARING)
    reveal: Piece | None = None
    if cur.take("^"):
        reveal = _piece(cur)
    if not cur.at_end():
        raise cur.fail(cur._found(), "the end of the guess")
    return Expose(piece, c, reveal)


def _trick(cur: _Cursor) -> Trick:
    p1 = _piece(cur)
    a = cur.number("a clearing", 1, MAX_CLEARING)
    cur.expect("<->", "'<->'")
    p2 = _piece(cur)
    b = cur.number("a clearing", 1, MAX_CLEARING)
    if not cur.at_end():
        raise cur.fail(cur._found(), "the end of the trick")
    return Trick(p1, a, p2, b)


def parse_action(text: str, line: int = 0, column: int = 1) -> Action:
    """Parse one action fragment (what lies between two ``/``)."""
    s = text
    cur = _Cursor(s, line, column)
    if not s:
        raise RootlogError("empty action", line, column, s, "an action between two '/'")
    for k, ch in enumerate(s):
        if ch.isspace():
            raise cur.fail("spaces inside an action", "no spaces between '/' and '/'", k)
    c0, c1 = s[0], s[1:2]
    if c0 == "?":
        out: Action = _expose(cur)
    elif "<->" in s:
        out = _trick(cur)
    elif c0 == "X" or (_is_faction(c0) and c1 == "X"):
        out = _battle(cur)
    elif c0 == "Z":
        out = _craft(cur)
    elif s.startswith(("++", "--")) or (_is_faction(c0) and s[1:3] in ("++", "--")):
        out = _score(cur)
    elif "->" in s:
        out = _move(cur)
    elif "^" in s:
        out = _reveal_or_flip(cur)
    else:
        raise RootlogError(
            "not an action",
            line,
            column,
            s,
            "a movement ('w->3'), a battle ('XE3'), a craft ('Z%s'), a score ('++2'), "
            "a reveal ('F#^P') or a flip ('t3^t_e')",
        )
    return _with_text(out, s, column)


def _with_text(a: Action, text: str, column: int) -> Action:
    return replace(a, text=text, column=column)


# --- The line parser -------------------------------------------------------------------------


def _split_comment(raw: str) -> tuple[str, str | None]:
    k = raw.find("//")
    if k < 0:
        return raw, None
    return raw[:k], raw[k + 2 :].strip()


def _parse_actions(body: str, line: int, col0: int) -> list[Action]:
    """Actions separated by ``/`` or ``;``; ``col0`` is the column of ``body[0]``."""
    out: list[Action] = []
    if not body.strip():
        return out
    start = 0
    for k in range(len(body) + 1):
        if k == len(body) or body[k] in "/;":
            frag = body[start:k]
            lead = len(frag) - len(frag.lstrip())
            piece = frag.strip()
            if not piece:
                if k == len(body) and out and start > 0:
                    # One trailing separator before the end of the line is tolerated.
                    break
                raise RootlogError(
                    "empty action", line, col0 + start, body, "an action between two '/'"
                )
            out.append(parse_action(piece, line, col0 + start + lead))
            start = k + 1
    return out


def _looks_like_turn(text: str) -> bool:
    return any(t in text for t in ("->", "/", ";", "++", "--", "^", "<->")) or (
        len(text) > 1 and text[0] in "XZ?" and " " not in text
    )


def parse_rootlog(text: str) -> RootlogGame:
    """Parse a Rootlog record. Raises :class:`RootlogError` naming the line, the column, the
    fragment and what was expected, for anything that is not Rootlog."""
    if not isinstance(text, str):
        raise RootlogError(f"a Rootlog record is text, not {type(text).__name__}")
    game = RootlogGame()
    lines = text.splitlines()
    game.lines = len(lines)
    seen_turn: set[str] = set()
    in_turns = False
    for n, raw0 in enumerate(lines, start=1):
        raw = raw0.lstrip("\ufeff") if n == 1 else raw0
        body, comment = _split_comment(raw)
        stripped = body.strip()
        if not stripped:
            if comment is not None:
                game.comments.append((n, comment))
            continue
        col0 = len(body) - len(body.lstrip()) + 1
        head, colon, rest = stripped.partition(":")
        if not colon:
            raise RootlogError(
                "not a Rootlog line",
                n,
                col0,
                stripped,
                "'Map:', 'Deck:', 'Clearings:', 'Pool:', a turn '<F>:<actions>', "
                "'Winner:' or a '//' comment",
            )
        rest_col = col0 + len(head) + 1
        value = rest.strip()
        if head == "Winner":
            _winner(game, value, n, rest_col)
            if comment is not None:
                game.comments.append((n, comment))
            continue
        if game.winner is not None:
            raise RootlogError("a line after 'Winner:'", n, col0, stripped, "nothing more")
        if head in HEADER_KEYS:
            if in_turns:
                raise RootlogError(
                    f"'{head}:' after the first turn", n, col0, stripped, "a turn line"
                )
            _header(game, head, value, n, rest_col + len(rest) - len(rest.lstrip()))
            game.header_lines[head] = n
            if comment is not None:
                game.comments.append((n, comment))
            continue
        if len(head) != 1 or not _is_faction(head):
            raise RootlogError(
                f"unknown line start {head + ':'!r}",
                n,
                col0,
                stripped,
                "'Map:', 'Deck:', 'Clearings:', 'Landmarks:', 'Hirelings:', 'Pool:', "
                "'Winner:' or a faction letter (" + ", ".join(FACTION_LETTERS) + ") and ':'",
            )
        if not in_turns and head not in game.players and not _looks_like_turn(value):
            if not value:
                raise RootlogError("a player line without a name", n, col0, stripped,
                                   "'<F>: <player name>'")
            game.players[head] = value
            game.header_lines[head] = n
            if comment is not None:
                game.comments.append((n, comment))
            continue
        if not in_turns:
            if not game.map or not game.deck:
                raise RootlogError(
                    "the first turn comes before 'Map:' and 'Deck:'",
                    n,
                    col0,
                    stripped,
                    "'Map:' and 'Deck:' lines first",
                )
            in_turns = True
        body_start = rest_col + (len(rest) - len(rest.lstrip()))
        actions = _parse_actions(rest.strip(), n, body_start)
        game.turns.append(
            Turn(head, actions, n, comment, setup=head not in seen_turn)
        )
        seen_turn.add(head)
    if not game.map or not game.deck:
        raise RootlogError(
            "the record has no " + ("'Map:'" if not game.map else "'Deck:'") + " line",
            0,
            0,
            "",
            "'Map: <Fall|Winter|Lake|Mountain>' and 'Deck: <Standard|E&P>'",
        )
    return game


def _header(game: RootlogGame, key: str, value: str, n: int, col: int) -> None:
    def bad(problem: str, expected: str) -> RootlogError:
        return RootlogError(problem, n, col, value, expected)

    if key == "Map":
        if game.map:
            raise bad("a second 'Map:' line", "one 'Map:' line")
        if value not in MAPS:
            raise bad(f"unknown map {value!r}", "Fall, Winter, Lake or Mountain")
        game.map = value
    elif key == "Deck":
        if game.deck:
            raise bad("a second 'Deck:' line", "one 'Deck:' line")
        if value not in DECKS:
            raise bad(f"unknown deck {value!r}", "Standard or E&P")
        game.deck = value
    elif key == "Clearings":
        game.clearings = _clearings(value, bad)
    elif key == "Pool":
        if not value or any(not _is_faction(ch) for ch in value):
            raise bad("not a faction pool", "faction letters such as 'CEAV'")
        game.pool = value
    elif key == "Landmarks":
        game.landmarks = tuple(x.strip() for x in value.split(",") if x.strip())
    else:
        game.hirelings = tuple(x.strip() for x in value.split(",") if x.strip())


def _clearings(value: str, bad: Callable[[str, str], RootlogError]) -> tuple[str, ...]:
    suits: dict[int, str] = {}
    expected = "twelve '<suit><clearing>' entries such as 'F1, M2, R3, ...'"
    for part in value.split(","):
        p = part.strip()
        if len(p) < 2 or not _is_suit(p[0]) or p[0] == "B" or not all(_is_digit(x) for x in p[1:]):
            raise bad(f"{p!r} is not a suit (F, M, R) and a clearing number", expected)
        if len(p) > 3:
            raise bad(f"{p!r}: no such clearing", expected)
        c = int(p[1:])
        if not 1 <= c <= MAX_CLEARING or c in suits:
            raise bad(f"clearing {c} is out of range or given twice", expected)
        suits[c] = p[0]
    if sorted(suits) != list(range(1, MAX_CLEARING + 1)):
        raise bad("not every clearing 1 to 12 has a suit", expected)
    return tuple(suits[c] for c in range(1, MAX_CLEARING + 1))


def _winner(game: RootlogGame, value: str, n: int, col: int) -> None:
    if not value or any(not _is_faction(ch) for ch in value):
        raise RootlogError(
            "not a winner", n, col, value, "the winning faction letters, e.g. 'Winner: C'"
        )
    if game.winner is not None:
        raise RootlogError("a second 'Winner:' line", n, col, value, "one 'Winner:' line")
    game.winner = value


# =============================================================================================
# The engine side: stepping through a game and comparing states
# =============================================================================================

PIECE_CODES: dict[tuple[str, str], str] = {
    ("marquise", "sawmill"): "b_s",
    ("marquise", "workshop"): "b_w",
    ("marquise", "recruiter"): "b_r",
    ("marquise", "wood"): "t",
    ("marquise", "keep"): "t_k",
    ("eyrie", "roost"): "b",
}
"""Rootlog codes of the engine's buildings and tokens (warriors are ``w``)."""
DECREE_COLUMN_LETTERS = "rmxb"
"""The Eyrie Decree's columns recruit, move, battle, build as Rootlog fields ``$_r`` ..."""
LEADER_NAMES = ("builder", "charismatic", "commander", "despot")
DICE_OPTIONS: tuple[tuple[int, int], ...] = tuple(
    (hi, lo) for hi in range(3, -1, -1) for lo in range(hi, -1, -1)
)
"""The ten outcomes of a roll as (higher, lower)."""

_CARD_ABBREVIATIONS: dict[str, str] = {
    "ambush": "@",
    "dominance": "dom",
    "armorers": "armor",
    "better-burrow-bank": "bank",
    "brutal-tactics": "brutal",
    "command-warren": "command",
    "cobbler": "cob",
    "codebreakers": "codeb",
    "favor-of-the-foxes": "favor",
    "favor-of-the-rabbits": "favor",
    "favor-of-the-mice": "favor",
    "royal-claim": "royal",
    "sappers": "sap",
    "scouting-party": "scout",
    "stand-and-deliver": "stand",
    "tax-collector": "tax",
}


def _letters(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch in _LOWER)


def card_name(cid: int) -> str:
    """The Rootlog name of a card: its abbreviation, or its name in lowercase letters."""
    c = DECK[cid]
    base = c.key.split(":")[0]
    return _CARD_ABBREVIATIONS.get(base, _letters(c.name))


def card_text(cid: int) -> str:
    """``<suit>#<name>``, e.g. ``F#tax``, ``B#@``."""
    return f"{SUIT_LETTER[DECK[cid].suit]}#{card_name(cid)}"


def _build_name_table() -> dict[str, frozenset[str]]:
    table: dict[str, set[str]] = {}
    for c in DECK:
        base = c.key.split(":")[0]
        names = {card_name(c.id), _letters(c.name), _letters(base)}
        if c.kind == "dominance":
            names.add("dominance")
        if c.kind == "ambush":
            names.add("ambush")
        for n in names:
            table.setdefault(n, set()).add(c.key)
    return {k: frozenset(v) for k, v in table.items()}


CARD_NAMES: dict[str, frozenset[str]] = _build_name_table()
"""Every name and abbreviation of a Standard-deck card -> the card keys it may mean."""


@dataclass(frozen=True, slots=True)
class CardSpec:
    """What a record says about a card: its suit and/or the keys it may be."""

    suit: str | None = None
    keys: frozenset[str] | None = None
    item: str | None = None

    def matches(self, cid: int) -> bool:
        if cid < 0:
            return False
        c = DECK[cid]
        if self.suit is not None and c.suit != self.suit:
            return False
        if self.keys is not None and c.key not in self.keys:
            return False
        return self.item is None or c.item == self.item

    @property
    def named(self) -> bool:
        return self.suit is not None or self.keys is not None or self.item is not None


@dataclass(frozen=True, slots=True)
class TurnState:
    """The board at the end of one line of a record (a faction's setup or turn): what
    :func:`game_turn_states` and :class:`RootlogReplay` compare."""

    faction: str
    setup: bool
    pieces: tuple[tuple[tuple[str, str, int], int], ...]
    """((faction letter, piece code, clearing), count), sorted."""
    vp: tuple[int, ...]


Loc = tuple[Any, ...]


class _Snap:
    """The visible components of a state: pieces, where each card is, VP, items, leaders."""

    __slots__ = ("pieces", "cards", "vp", "items", "leaders", "hands", "deck")

    def __init__(self, g: Any) -> None:
        pieces: dict[tuple[int, str, int], int] = {}
        facs = g.factions
        warriors, buildings, tokens = g.warriors, g.buildings, g.tokens
        for c in range(1, len(buildings)):
            for s, n in enumerate(warriors[c]):
                if n:
                    pieces[(s, "w", c)] = n
            for o, k in buildings[c]:
                if o >= 0:
                    key = (o, _CODES.get((facs[o], k)) or _code(facs[o], k), c)
                    pieces[key] = pieces.get(key, 0) + 1
            for o, k in tokens[c]:
                key = (o, _CODES.get((facs[o], k)) or _code(facs[o], k), c)
                pieces[key] = pieces.get(key, 0) + 1
        self.pieces = pieces
        cards: dict[int, Loc] = dict.fromkeys(g.deck, _DECK)
        cards.update(dict.fromkeys(g.discard, _DISCARD))
        if g.available_dominance:
            cards.update(dict.fromkeys(g.available_dominance, _AVAILABLE))
        if g.removed_cards:
            cards.update(dict.fromkeys(g.removed_cards, _REMOVED))
        leaders: list[str | None] = []
        items: list[tuple[str, ...]] = []
        for s, seat in enumerate(g.seats):
            cards.update(dict.fromkeys(seat.hand, _HAND[s]))
            if seat.persistent:
                cards.update(dict.fromkeys(seat.persistent, _BOARD[s]))
            if seat.dominance is not None:
                cards[seat.dominance] = ("dominance", s)
            items.append(tuple(sorted(seat.items)) if seat.items else ())
            fs = g.fs[s]
            decree = getattr(fs, "decree", None)
            if decree:
                for col, ids in enumerate(decree):
                    for cid in ids:
                        if cid >= 0:
                            cards[cid] = ("decree", s, col)
            leader = getattr(fs, "leader", None)
            leaders.append(leader if isinstance(leader, str) else None)
        self.cards = cards
        self.vp = tuple(seat.vp for seat in g.seats)
        self.items = tuple(items)
        self.leaders = tuple(leaders)
        self.hands = tuple(tuple(seat.hand) for seat in g.seats)
        self.deck = tuple(g.deck)


_DECK: Loc = ("deck",)
_DISCARD: Loc = ("discard",)
_AVAILABLE: Loc = ("available",)
_REMOVED: Loc = ("removed",)
_HAND: tuple[Loc, ...] = tuple(("hand", s) for s in range(8))
_BOARD: tuple[Loc, ...] = tuple(("board", s) for s in range(8))


def _code(faction: str, kind: str) -> str:
    code = _CODES.get((faction, kind))
    if code is None:
        code = PIECE_CODES.get((faction, kind)) or (
            ("t_" if kind in ("wood", "token") else "b_") + kind[:1]
        )
        _CODES[(faction, kind)] = code
    return code


_CODES: dict[tuple[str, str], str] = {}


@dataclass(slots=True)
class _Step:
    """One step of the engine (a decision applied, a forced action, a driver run)."""

    fkind: str
    seat: int | None
    act: tuple[Any, ...] | None
    before: _Snap
    after: _Snap
    new_battles: list[tuple[int, int, int]] = field(default_factory=list)
    dice: list[tuple[int, int]] = field(default_factory=list)
    seg: int = 0
    """Which segment (0: the one where the path started, 1: the next...) the step is in."""


@dataclass(slots=True)
class _Segment:
    kind: str  # "setup" or "turn"
    seat: int


class _Observer:
    """Watches the engine step by step: cuts segments at setup and turn boundaries, records
    the snapshots before and after each decision applied (the driver runs between two
    decisions are one step), new battles and dice; can force dice."""

    __slots__ = ("steps", "segments", "snap", "battles", "dice_plan", "dice_needed", "dice_for",
                 "on_cut", "pending", "dirty")

    def __init__(
        self,
        g: Any,
        dice_plan: list[tuple[int, int]] | None = None,
        dice_for: Callable[[int, int, int], tuple[int, int] | None] | None = None,
        on_cut: Callable[[Any, _Segment], None] | None = None,
        snap: _Snap | None = None,
    ) -> None:
        self.steps: list[_Step] = []
        self.segments: list[_Segment] = []
        self.snap = snap if snap is not None else _Snap(g)
        self.battles: list[Any] = [f for f in g.stack if f.kind == "battle"]
        """Battle frames already seen (kept alive, so that no new frame can share an id)."""
        self.dice_plan = list(dice_plan or [])
        self.dice_needed = 0
        self.dice_for = dice_for
        self.on_cut = on_cut
        self.pending = _Step("driver", None, None, self.snap, self.snap)
        self.dirty = False

    def before_driver(self, g: Any, f: Any) -> None:
        seg: _Segment | None = None
        if f.kind == "setup" and f.data["i"] < len(f.data["order"]):
            seg = _Segment("setup", int(f.data["order"][f.data["i"]]))
        elif f.kind == "turn" and f.data["i"] == 0 and len(g.stack) == 1:
            seg = _Segment("turn", g.turn_seat)
        if seg is not None:
            self.flush(g)
            if self.on_cut is not None:
                self.on_cut(g, seg)
            self.segments.append(seg)
        if f.kind == "battle" and f.data.get("step") == "dice":
            # The roll gets a step of its own, so that chance outcomes keep their order.
            self.flush(g)
            self.dirty = True
        if f.kind == "battle" and f.data.get("step") == "dice" and not g.dice:
            forced = None
            if self.dice_for is not None:
                forced = self.dice_for(f.data["a"], f.data["d"], f.data["c"])
            if forced is not None:
                g.dice.append(forced)
            elif self.dice_plan:
                g.dice.append(self.dice_plan.pop(0))
            elif self.dice_for is not None:
                self.dice_needed += 1
                g.dice.append((0, 0))

    def _notice(self, g: Any, f: Any, step: _Step) -> None:
        for fr in g.stack:
            if fr.kind == "battle" and not any(fr is b for b in self.battles):
                self.battles.append(fr)
                step.new_battles.append((fr.data["a"], fr.data["d"], fr.data["c"]))
        if f.kind == "battle" and "dice" in f.data and f.data.get("step") == "effects":
            step.dice.append((int(f.data["dice"][0]), int(f.data["dice"][1])))

    def after_driver(self, g: Any, f: Any) -> None:
        self.dirty = True
        self._notice(g, f, self.pending)
        if self.pending.dice:
            self.flush(g)

    def flush(self, g: Any) -> None:
        """Close the driver runs since the last decision into one step."""
        if not self.dirty:
            return
        snap = _Snap(g)
        st = self.pending
        st.before, st.after, st.seg = self.snap, snap, len(self.segments)
        self.steps.append(st)
        self.snap = snap
        self.pending = _Step("driver", None, None, snap, snap)
        self.dirty = False

    def after_decision(self, g: Any, f: Any, act: tuple[Any, ...]) -> None:
        snap = _Snap(g)
        step = _Step(f.kind, f.seat, act, self.snap, snap, seg=len(self.segments))
        self._notice(g, f, step)
        self.steps.append(step)
        self.snap = snap


def _advance(g: Any, obs: _Observer) -> list[tuple[Any, ...]]:
    """The engine's ``flow.advance``, one step at a time, reporting to ``obs``: run drivers
    and forced decisions until a decision with two or more actions (or the end)."""
    from .. import flow

    while not g.winners:
        f = g.stack[-1]
        run = flow.DRIVERS.get(f.kind)
        if run is not None:
            obs.before_driver(g, f)
            run(g, f)
            obs.after_driver(g, f)
            continue
        legal, apply = flow.DECISIONS[f.kind]
        acts = legal(g, f)
        if len(acts) == 1 and not ("ask" in f.data and g.seats[f.seat or 0].hand):
            obs.flush(g)
            apply(g, f, acts[0])
            obs.after_decision(g, f, acts[0])
            continue
        if not acts:
            raise RootlogError(f"the engine has no legal action in {f.kind!r}")
        obs.flush(g)
        return acts
    obs.flush(g)
    return []


def _decide(g: Any, obs: _Observer, a: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Apply decision ``a`` (as ``Game.apply`` does) and advance."""
    from .. import flow

    f = g.stack[-1]
    g.decisions += 1
    obs.flush(g)
    flow.DECISIONS[f.kind][1](g, f, a)
    obs.after_decision(g, f, a)
    return _advance(g, obs)


def _card_moves(before: _Snap, after: _Snap) -> list[tuple[int, Loc, Loc]]:
    """Cards that changed place, in a stable order (draws in the order they were drawn)."""
    out: list[tuple[int, Loc, Loc]] = []
    for cid, loc in after.cards.items():
        old = before.cards.get(cid)
        if old == ("discard",) and loc == ("deck",):
            continue  # a reshuffle (2.1): not written in Rootlog
        if old == ("discard",) and loc[0] == "hand":
            old = ("deck",)  # reshuffled into the draw pile, then drawn
        if old != loc and old is not None:
            out.append((cid, old, loc))

    top = {cid: len(before.deck) - i for i, cid in enumerate(before.deck)}

    def order(m: tuple[int, Loc, Loc]) -> tuple[int, int]:
        # Draws in the order they were drawn: from the top of the draw pile down, then those
        # drawn after a reshuffle (in the order they reached the hand).
        cid, _, dst = m
        if dst[0] == "hand":
            if cid in top:
                return (0, top[cid])
            hand = after.hands[dst[1]]
            return (0, 1000 + (hand.index(cid) if cid in hand else 0))
        return (1, cid)

    out.sort(key=order)
    return out


def _piece_deltas(before: _Snap, after: _Snap) -> dict[tuple[int, str, int], int]:
    out: dict[tuple[int, str, int], int] = {}
    for k in set(before.pieces) | set(after.pieces):
        d = after.pieces.get(k, 0) - before.pieces.get(k, 0)
        if d:
            out[k] = d
    return out


def _turn_state(g: Any, seg: _Segment) -> TurnState:
    snap = _Snap(g)
    facs = g.factions
    pieces = tuple(
        sorted(((LETTER_OF.get(facs[s], "?"), code, c), n) for (s, code, c), n in
               snap.pieces.items())
    )
    return TurnState(LETTER_OF.get(facs[seg.seat], "?"), seg.kind == "setup", pieces, snap.vp)


# =============================================================================================
# Export
# =============================================================================================


@dataclass(slots=True)
class _Mark:
    """A battle in an exported line; ambushes and dice are filled in as the battle goes."""

    attacker: int
    defender: int
    clearing: int
    ambushes: list[tuple[int, str]] = field(default_factory=list)
    dice: tuple[int, int] | None = None


class _Writer:
    """Turns the steps of a replayed game into Rootlog fragments."""

    def __init__(self, factions: Sequence[str]) -> None:
        self.letters = [LETTER_OF.get(f, "?") for f in factions]
        self.mark: _Mark | None = None

    def who(self, seat: int, cur: int) -> str:
        return "" if seat == cur else self.letters[seat]

    def place(self, loc: Loc, cur: int, as_start: bool) -> str:
        k = loc[0]
        if k in ("deck", "removed", "available"):
            return ""
        if k == "discard":
            return "*" if as_start else ""
        if k == "hand":
            return self.letters[loc[1]]
        if k in ("board", "dominance"):
            return self.who(loc[1], cur) + "$"
        if k == "decree":
            return self.who(loc[1], cur) + "$_" + DECREE_COLUMN_LETTERS[loc[2]]
        raise RootlogError(f"internal: no Rootlog place for {loc!r}")

    def cards(self, moves: list[tuple[int, Loc, Loc]], cur: int) -> list[str]:
        groups: dict[tuple[Loc, Loc], list[int]] = {}
        for cid, src, dst in moves:
            groups.setdefault((src, dst), []).append(cid)
        out: list[str] = []
        for (src, dst), ids in groups.items():
            counts = Counter(card_text(c) for c in ids)
            terms = [f"{n}{t}" if n > 1 else t for t, n in counts.items()]
            start = self.place(src, cur, True)
            dest = self.place(dst, cur, False)
            if len(terms) == 1:
                out.append(f"{terms[0]}{start}->{dest}")
            elif not start:
                out.append("+".join(terms) + f"->{dest}")
            else:
                out.append("(" + "+".join(terms) + f"){start}->{dest}")
        return out

    def pieces(self, deltas: dict[tuple[int, str, int], int], cur: int) -> list[str]:
        out: list[str] = []
        # A move: one seat's warriors leave one clearing and reach one other, as many.
        moved: set[tuple[int, str, int]] = set()
        for seat in sorted({s for s, _, _ in deltas}):
            neg = [(k, d) for k, d in deltas.items() if k[0] == seat and k[1] == "w" and d < 0]
            pos = [(k, d) for k, d in deltas.items() if k[0] == seat and k[1] == "w" and d > 0]
            if len(neg) == 1 and len(pos) == 1 and neg[0][1] == -pos[0][1]:
                (o, n), (t, _) = neg[0], pos[0]
                count = f"{-n}" if n < -1 else ""
                out.append(f"{count}{self.who(seat, cur)}w{o[2]}->{t[2]}")
                moved.update((o, t))
        # Removals, grouped by clearing.
        by_clearing: dict[int, list[tuple[int, str, int]]] = {}
        for (s, code, c), d in sorted(deltas.items(), key=lambda x: (x[0][2], x[0][0], x[0][1])):
            if d < 0 and (s, code, c) not in moved:
                by_clearing.setdefault(c, []).append((s, code, -d))
        for c, items in by_clearing.items():
            terms = [f"{n if n > 1 else ''}{self.who(s, cur)}{code}" for s, code, n in items]
            if len(terms) == 1:
                out.append(f"{terms[0]}{c}->")
            else:
                out.append("(" + "+".join(terms) + f"){c}->")
        # Placements, grouped by (seat, piece, count) across clearings.
        placed: dict[tuple[int, str, int], list[int]] = {}
        for (s, code, c), d in sorted(deltas.items(), key=lambda x: (x[0][0], x[0][1], x[0][2])):
            if d > 0 and (s, code, c) not in moved:
                placed.setdefault((s, code, d), []).append(c)
        order = sorted(placed.items(), key=lambda x: (x[0][0], x[0][1] == "w", x[0][1]))
        for (s, code, n), cs in order:
            count = str(n) if n > 1 else ""
            out.append(f"{count}{self.who(s, cur)}{code}->" + "+".join(str(c) for c in cs))
        return out

    def vp(self, before: _Snap, after: _Snap, cur: int) -> list[str]:
        out: list[str] = []
        for s, (a, b) in enumerate(zip(before.vp, after.vp, strict=True)):
            d = b - a
            if d:
                sign = "++" if d > 0 else "--"
                out.append(f"{self.who(s, cur)}{sign}{abs(d) if abs(d) > 1 else ''}")
        return out

    def step(self, st: _Step, cur: int) -> list[str | _Mark]:
        out: list[str | _Mark] = []
        moves = _card_moves(st.before, st.after)
        act = st.act
        for a, d, c in st.new_battles:
            self.mark = _Mark(a, d, c)
            out.append(self.mark)
        for roll in st.dice:
            if self.mark is not None and self.mark.dice is None:
                self.mark.dice = roll
        skip: set[int] = set()
        if act is not None and act[0] == "ambush" and st.fkind in ("ambush", "foil_ambush"):
            cid = int(act[1])
            skip.add(cid)
            if self.mark is not None and st.seat is not None:
                self.mark.ambushes.append((st.seat, SUIT_LETTER[DECK[cid].suit]))
        if act is not None and act[0] == "craft" and st.fkind == "craft":
            cid = int(act[1])
            skip.add(cid)
            out.append(self.craft(cid, st.before.hands[st.seat or 0]))
        if act is not None and act[0] == "codebreakers" and st.seat is not None:
            out.append(f"{self.letters[int(act[1])]}^{self.letters[st.seat]}")
        purged = [
            s for s, (x, y) in enumerate(zip(st.before.leaders, st.after.leaders, strict=True))
            if x is not None and y is None
        ]
        out.extend(self.cards([m for m in moves if m[0] not in skip and not (
            m[1][0] == "decree" and m[1][1] in purged and m[2][0] in ("discard", "available"))],
            cur))
        out.extend(self.pieces(_piece_deltas(st.before, st.after), cur))
        out.extend(self.vp(st.before, st.after, cur))
        for s in purged:
            out.append(f"{self.who(s, cur)}$_->")
        for s, (x, y) in enumerate(zip(st.before.leaders, st.after.leaders, strict=True)):
            if y is not None and y != x:
                out.append(f"#{y}->{self.who(s, cur)}$")
        return out

    def craft(self, cid: int, hand: Sequence[int]) -> str:
        c = DECK[cid]
        if c.kind == "item" and c.item is not None:
            twins = [x for x in hand if x != cid and DECK[x].item == c.item
                     and DECK[x].key != c.key]
            if not twins:
                return "Z%" + ITEM_LETTER[c.item]
        name = card_name(cid)
        if len(CARD_NAMES.get(name, frozenset())) > 1 or c.kind == "favor":
            # Several cards share the name: the suit goes first, as in 'Zffavor'.
            return "Z" + SUIT_LETTER[c.suit].lower() + name
        return "Z" + name

    def render(self, frags: Sequence[str | _Mark], cur: int) -> str:
        out: list[str] = []
        for f in frags:
            if isinstance(f, str):
                out.append(f)
                continue
            text = f"{self.who(f.attacker, cur)}X{self.letters[f.defender]}{f.clearing}"
            for _seat, suit in sorted(f.ambushes, key=lambda x: x[0] != f.defender):
                text += f"{suit}@"
            if f.dice is not None:
                text += f"({f.dice[0]},{f.dice[1]})"
            out.append(text)
        return "/".join(out)


def _start_state(game: Any, seed: int | None, first_player: int | None) -> tuple[Any, str]:
    """The state ``game`` started from, before its setup, and how it was found: from
    ``new_game(seed=seed, first_player=first_player)`` when a seed is given, else from the
    game's own start (``game.origin``), else from the seed in ``game.meta``."""
    import json

    from ..game import setup_state, state_from_dict

    state = game.state
    if state.map != "autumn":
        raise RootlogError(f"map {state.map!r} cannot be written in Rootlog yet")
    if seed is None:
        origin = getattr(game, "origin", None)
        if isinstance(origin, str):
            try:
                g = state_from_dict(json.loads(origin))
            except (ValueError, RootError) as e:
                raise RootlogError(f"the game's start cannot be read: {e}") from e
            if any(f.kind == "setup" for f in g.stack):
                return g, "its start"
            raise RootlogError(
                "the game was built from a position, not set up by new_game: Rootlog records "
                "start with each faction's setup"
            )
        meta = getattr(game, "meta", None)
        if isinstance(meta, dict) and isinstance(meta.get("seed"), int):
            seed = int(meta["seed"])
            if first_player is None and isinstance(meta.get("first_player"), int):
                first_player = int(meta["first_player"])
        else:
            raise RootlogError(
                "the game's seed is needed to replay its decisions: export_rootlog(game, seed)"
            )
    try:
        g = setup_state(list(state.factions), state.map, seed, first_player)
    except (ValueError, RootError) as e:
        raise RootlogError(f"cannot set the game up again: {e}") from e
    return g, f"new_game(seed={seed}, first_player={first_player})"


@dataclass(slots=True)
class _Replayed:
    g: Any
    obs: _Observer
    hands0: tuple[tuple[int, ...], ...]
    turn_states: list[TurnState]
    source: str


def _replay_history(game: Any, seed: int | None, first_player: int | None) -> _Replayed:
    from ..actions import parse

    state = game.state
    g, source = _start_state(game, seed, first_player)
    g.log = None
    hands0 = tuple(tuple(s.hand) for s in g.seats)
    turn_states: list[TurnState] = []
    current: list[_Segment] = []

    def cut(gs: Any, seg: _Segment) -> None:
        if current:
            turn_states.append(_turn_state(gs, current[-1]))
        current.append(seg)

    obs = _Observer(g, on_cut=cut)
    legal = _advance(g, obs)
    for k, tok in enumerate(game.history):
        a = parse(tok)
        if a not in legal:
            raise RootlogError(
                f"decision {k + 1} ({tok!r}) is not legal when the game is set up again from "
                f"{source}: give export_rootlog the seed and first player of new_game"
            )
        legal = _decide(g, obs, a)
    if current:
        turn_states.append(_turn_state(g, current[-1]))
    end, want = _Snap(g), _Snap(state)
    if end.pieces != want.pieces or end.vp != want.vp or end.hands != want.hands:
        raise RootlogError(
            f"replaying the game's decisions from {source} does not give its present state"
        )
    return _Replayed(g, obs, hands0, turn_states, source)


def game_turn_states(
    game: Any, seed: int | None = None, first_player: int | None = None
) -> list[TurnState]:
    """The board (pieces and VP) at the end of each setup and turn of ``game``, found by
    replaying its decisions from ``new_game(seed=seed, first_player=first_player)``."""
    return _replay_history(game, seed, first_player).turn_states


def export_rootlog(
    game: Any,
    seed: int | None = None,
    first_player: int | None = None,
    names: dict[str, str] | None = None,
) -> str:
    """Write ``game`` (a :class:`rootgame.Game` made by ``new_game``) as a Rootlog record.

    The game's decisions are replayed from its start and every step's change of state is
    written as Rootlog movements: one line per setup and per turn. The start is
    ``new_game(factions, seed=seed, first_player=first_player)`` when ``seed`` is given,
    else the game's own start (``game.origin``), else the seed in ``game.meta``. Cards are
    named (suit and name), battles carry their ambushes and dice. ``names`` maps a faction
    name or letter to the player's name for the header."""
    rep = _replay_history(game, seed, first_player)
    factions = list(game.state.factions)
    w = _Writer(factions)
    segs = rep.obs.segments
    frags: list[list[str | _Mark]] = [[] for _ in segs]
    for st in rep.obs.steps:
        if st.seg == 0:
            continue
        i = st.seg - 1
        frags[i].extend(w.step(st, segs[i].seat))
    from .. import __version__

    lines = [
        f"// Written by rootgame {__version__}, replaying the game from {rep.source}; "
        "cards are named.",
        "Map: Fall",
        "Deck: Standard",
    ]
    for s, f in enumerate(factions):
        letter = w.letters[s]
        name = (names or {}).get(f) or (names or {}).get(letter) or f"Player {s + 1}"
        lines.append(f"{letter}: {name}")
    lines.append("")
    first = game.state.first_seat
    for i, seg in enumerate(segs):
        if seg.kind == "turn" and i > 0 and (segs[i - 1].kind == "setup" or seg.seat == first):
            lines.append("")
        body: list[str | _Mark] = []
        if seg.kind == "setup":
            hand = rep.hands0[seg.seat]
            if hand:
                body.extend(w.cards([(c, ("deck",), ("hand", seg.seat)) for c in hand],
                                    seg.seat))
        body.extend(frags[i])
        lines.append(f"{w.letters[seg.seat]}:" + w.render(body, seg.seat))
    if game.state.winners:
        lines.append("")
        lines.append("Winner: " + "".join(w.letters[s] for s in game.state.winners))
    return "\n".join(lines) + "\n"


# =============================================================================================
# Import: replaying a record against the engine
# =============================================================================================

SUPPORTED_FACTIONS = ("C", "E")
PIECES_OF: dict[str, frozenset[str]] = {
    "marquise": frozenset({"w", "b_s", "b_w", "b_r", "t", "t_k"}),
    "eyrie": frozenset({"w", "b"}),
}
MAX_SILENT = 6
"""How many decisions in a row without any visible effect (choosing a move's clearings
before its count, declining a card) the search looks through."""


@dataclass(slots=True)
class _RAtom:
    """One checkable unit of a recorded movement."""

    kind: str
    key: Any
    amount: int
    action: int
    spec: CardSpec | None = None
    dice: tuple[int, int] | None = None
    dest: int = 0
    """For the 'from' half of a transfer: its destination (the 'to' half is the next atom)."""


@dataclass(slots=True)
class _Line:
    index: int
    turn: Turn
    seat: int
    atoms: list[_RAtom]
    by_key: dict[tuple[str, Any], list[int]]


class _Converter:
    """Turns the actions of a record line into atoms, checking that they name things the
    engine has."""

    def __init__(self, seat_of: dict[str, int], factions: Sequence[str]) -> None:
        self.seat_of = seat_of
        self.factions = factions

    def fail(self, turn: Turn, a: Action, problem: str, expected: str) -> RootlogError:
        return RootlogError(problem, turn.line, a.column, a.text, expected)

    def seat(self, turn: Turn, a: Action, letter: str | None) -> int:
        letter = letter or turn.faction
        if letter not in self.seat_of:
            raise self.fail(
                turn, a, f"faction {letter} is not in this game",
                "one of " + ", ".join(sorted(self.seat_of)),
            )
        return self.seat_of[letter]

    def line(self, index: int, turn: Turn) -> _Line:
        if turn.faction not in self.seat_of:
            raise RootlogError(
                f"faction {turn.faction} is not in this game", turn.line, 1,
                turn.faction + ":", "one of " + ", ".join(sorted(self.seat_of)),
            )
        cur = self.seat_of[turn.faction]
        atoms: list[_RAtom] = []
        for i, a in enumerate(turn.actions):
            atoms.extend(self.action(turn, i, a))
        by_key: dict[tuple[str, Any], list[int]] = {}
        for k, at in enumerate(atoms):
            by_key.setdefault((at.kind, at.key), []).append(k)
            if at.kind == "from":
                # A transfer: its 'from' atom k and 'to' atom k + 1, indexed as a unit.
                by_key.setdefault(("transfer", (*at.key, at.dest)), []).append(k)
        return _Line(index, turn, cur, atoms, by_key)

    def action(self, turn: Turn, i: int, a: Action) -> list[_RAtom]:
        if isinstance(a, Move):
            return self.move(turn, i, a)
        if isinstance(a, Battle):
            att = self.seat(turn, a, a.attacker)
            dfd = self.seat(turn, a, a.defender)
            out = [_RAtom("battle", (att, dfd, a.clearing), 1, i, dice=a.dice)]
            for k, suit in enumerate(a.ambushes):
                who = dfd if k == 0 else att
                spec = CardSpec(SUIT_NAMES[suit], frozenset({f"ambush:{SUIT_NAMES[suit]}"}))
                out.append(_RAtom("ambush", who, 1, i, spec))
            return out
        if isinstance(a, Craft):
            return [_RAtom("craft", self.seat(turn, a, None), 1, i, self.craft_spec(turn, a))]
        if isinstance(a, Score):
            return [_RAtom("vp", self.seat(turn, a, a.faction), a.points, i)]
        if isinstance(a, Reveal):
            if not a.terms and a.target is not None:
                src = self.seat(turn, a, a.faction)
                return [_RAtom("reveal", (src, self.seat(turn, a, a.target)), 1, i)]
            return []  # Revealing named cards is not checked (no such effect in the base game).
        raise self.fail(
            turn, a, "the Marquise and the Eyrie never do this",
            "movements, battles, crafts, scores and reveals",
        )

    def craft_spec(self, turn: Turn, a: Craft) -> CardSpec:
        if a.item is not None:
            item = ITEM_OF_LETTER.get(a.item)
            if item is None:
                raise self.fail(turn, a, f"no card of the Standard deck makes %{a.item}",
                                "an item: " + ", ".join(sorted(ITEM_OF_LETTER)))
            return CardSpec(item=item)
        name = a.card or ""
        spec = _spec_from_name(None, name)
        if spec is None and len(name) > 1 and name[0].upper() in SUIT_LETTERS:
            spec = _spec_from_name(SUIT_NAMES[name[0].upper()], name[1:])
        if spec is None:
            raise self.fail(turn, a, f"no card of the Standard deck is called {name!r}",
                            "a card name or abbreviation ('Ztax', 'Zffavor', 'Z%h')")
        return spec

    def move(self, turn: Turn, i: int, a: Move) -> list[_RAtom]:
        out: list[_RAtom] = []
        for t in a.terms:
            w = t.what
            if isinstance(w, Piece):
                out.extend(self.piece_term(turn, i, a, t, w))
            elif isinstance(w, Card):
                out.extend(self.card_term(turn, i, a, t, w))
            elif isinstance(w, BoardField):
                seat = self.seat(turn, a, w.faction)
                if w.name == "" and not a.to and self.factions[seat] == "eyrie":
                    out.append(_RAtom("purge", seat, 1, i))
                else:
                    raise self.fail(turn, a, "this board field is not the Eyrie's Decree",
                                    "'$_->' (the Eyrie purge their Decree)")
            else:
                raise self.fail(turn, a, "no items or closed paths with the Marquise and Eyrie",
                                "pieces or cards")
        return out

    def piece_term(self, turn: Turn, i: int, a: Move, t: Term, w: Piece) -> list[_RAtom]:
        """Placements (from the supply), removals (to the supply) and transfers (from a
        clearing to a clearing, one per destination)."""
        seat = self.seat(turn, a, w.faction)
        fac = self.factions[seat]
        code = w.type + (f"_{w.subtype}" if w.subtype else "")
        if code not in PIECES_OF.get(fac, frozenset()):
            raise self.fail(turn, a, f"the {fac} have no piece {code!r}",
                            "one of " + ", ".join(sorted(PIECES_OF.get(fac, frozenset()))))
        dests: list[int] = []
        for p in a.to:
            if p.kind == "clearing":
                dests.append(p.clearings[0])
            elif p.kind == "board" and self.seat(turn, a, p.faction) == seat:
                continue
            else:
                raise self.fail(turn, a, f"a {p.kind} is not a place for this piece",
                                "a clearing, or nothing (back to the supply)")
        st = t.start
        origin: int | None = None
        if st is not None and st.kind == "clearing":
            origin = st.clearings[0]
        elif st is not None and not (st.kind == "board" and self.seat(turn, a, st.faction) == seat):
            raise self.fail(turn, a, f"a {st.kind} is not a place for this piece",
                            "a clearing, or nothing (from the supply)")
        if origin is None:
            return [_RAtom("place", (seat, code, d), t.count, i) for d in dests]
        if not dests:
            return [_RAtom("remove", (seat, code, origin), t.count, i)]
        out: list[_RAtom] = []
        for d in dests:
            out.append(_RAtom("from", (seat, code, origin), t.count, i, dest=d))
            out.append(_RAtom("to", (seat, code, d), t.count, i))
        return out

    def card_term(self, turn: Turn, i: int, a: Move, t: Term, w: Card) -> list[_RAtom]:
        if w.name in LEADER_NAMES:
            if t.start is not None or len(a.to) != 1 or a.to[0].kind != "board":
                raise self.fail(turn, a, "a leader goes onto the Eyrie's board", "'#despot->$'")
            seat = self.seat(turn, a, a.to[0].faction)
            return [_RAtom("leader", (seat, w.name), 1, i)]
        suit = SUIT_NAMES[w.suit] if w.suit else None
        spec = _spec_from_name(suit, w.name) if w.name else CardSpec(suit, None)
        if spec is None:
            raise self.fail(turn, a, f"no card of the Standard deck is called {w.name!r}",
                            "a card name or abbreviation ('F#tax', 'B#@', '#anvil')")
        dom = spec.keys is not None and all(k.startswith("dominance") for k in spec.keys)
        src = self.card_place(turn, a, t.start, ("deck",), dom)
        if len(a.to) > 1:
            raise self.fail(turn, a, "a card goes to one place", "one destination")
        dst = self.card_place(turn, a, a.to[0] if a.to else None, ("discard",), dom)
        return [_RAtom("card", (src, dst), 1, i, spec) for _ in range(t.count)]

    def card_place(self, turn: Turn, a: Action, p: Place | None, default: Loc, dom: bool) -> Loc:
        if p is None:
            return default
        if p.kind == "hand":
            return ("hand", self.seat(turn, a, p.faction))
        if p.kind == "board":
            return ("dominance" if dom else "board", self.seat(turn, a, p.faction))
        if p.kind == "discard":
            return ("discard",)
        if p.kind == "field":
            seat = self.seat(turn, a, p.faction)
            if self.factions[seat] == "eyrie" and p.name and p.name in DECREE_COLUMN_LETTERS:
                return ("decree", seat, DECREE_COLUMN_LETTERS.index(p.name))
        raise self.fail(turn, a, f"a card cannot be in this {p.kind}",
                        "a hand, a board, a Decree column ('$_r', '$_m', '$_x', '$_b')")


def _spec_from_name(suit: str | None, name: str | None) -> CardSpec | None:
    if name is None:
        return CardSpec(suit, None)
    keys = CARD_NAMES.get(name)
    if keys is None:
        return None
    if suit is not None:
        keys = frozenset(k for k in keys if any(c.key == k and c.suit == suit for c in DECK))
        if not keys:
            return None
    return CardSpec(suit, keys)


def _engine_atoms(st: _Step) -> list[tuple[Any, ...]]:
    """What one engine step did, in the terms of record atoms (card ids instead of specs)."""
    out: list[tuple[Any, ...]] = []
    skip: set[int] = set()
    act = st.act
    if act is not None and st.seat is not None:
        if st.fkind == "craft" and act[0] == "craft":
            out.append(("craft", st.seat, int(act[1])))
            skip.add(int(act[1]))
        elif st.fkind in ("ambush", "foil_ambush") and act[0] == "ambush":
            out.append(("ambush", st.seat, int(act[1])))
            skip.add(int(act[1]))
        elif act[0] == "codebreakers":
            out.append(("reveal", (int(act[1]), st.seat), None))
    for a, d, c in st.new_battles:
        out.append(("battle", (a, d, c), None))
    b, f = st.before, st.after
    purged = {s for s, (x, y) in enumerate(zip(b.leaders, f.leaders, strict=True))
              if x is not None and y is None}
    for s in sorted(purged):
        out.append(("purge", s, None))
    for cid, src, dst in _card_moves(b, f):
        if cid in skip or (src[0] == "decree" and src[1] in purged):
            continue
        if dst == ("available",):
            dst = ("discard",)
        if src == ("available",):
            src = ("deck",)
        out.append(("card", (src, dst), cid))
    out.extend(_piece_atoms(_piece_deltas(b, f)))
    for s, (x, y) in enumerate(zip(b.vp, f.vp, strict=True)):
        if y != x:
            out.append(("vp", s, y - x))
    for s, (x2, y2) in enumerate(zip(b.leaders, f.leaders, strict=True)):
        if y2 is not None and y2 != x2:
            out.append(("leader", (s, y2), None))
    return out


def _piece_atoms(deltas: dict[tuple[int, str, int], int]) -> list[tuple[Any, ...]]:
    """A seat's pieces of one kind leaving one clearing for one other clearing, as many, are
    a transfer; other changes are placements and removals."""
    out: list[tuple[Any, ...]] = []
    groups: dict[tuple[int, str], list[tuple[int, int]]] = {}
    for (s, code, c), d in sorted(deltas.items()):
        groups.setdefault((s, code), []).append((c, d))
    for (s, code), changes in groups.items():
        neg = [(c, d) for c, d in changes if d < 0]
        pos = [(c, d) for c, d in changes if d > 0]
        if len(neg) == 1 and len(pos) == 1 and neg[0][1] == -pos[0][1]:
            out.append(("transfer", (s, code, neg[0][0], pos[0][0]), pos[0][1]))
            continue
        for c, d in changes:
            out.append(("remove" if d < 0 else "place", (s, code, c), abs(d)))
    return out


@dataclass(slots=True)
class _Pos:
    """Where a search state stands in the record."""

    g: Any
    legal: list[tuple[Any, ...]]
    seg: _Segment | None
    """The engine's current segment (a setup or a turn); None before the first."""
    line: int | None
    """Index of that segment's record line (None: before or past the record)."""
    turns: int
    """Turn segments entered so far."""
    left: dict[int, list[int]]
    """Per record line: what is left of each atom."""
    free: dict[int, tuple[int, int]]
    """Cards drawn without a name in the record: id -> (draw serial, epoch)."""
    epoch: int
    """How many times the discard pile was shuffled into a new draw pile."""
    done: bool = False


@dataclass(slots=True)
class _Cand:
    pos: _Pos
    tokens: tuple[str, ...]
    events: tuple[tuple[Any, ...], ...]
    states: tuple[TurnState, ...]
    rank: tuple[int, ...]


@dataclass(slots=True)
class _Node:
    pos: _Pos
    parent: _Node | None = None
    tokens: tuple[str, ...] = ()
    events: tuple[tuple[Any, ...], ...] = ()
    states: tuple[TurnState, ...] = ()
    children: list[_Cand] | None = None
    frontier: list[Silent] = field(default_factory=list)
    """Silent states not searched yet (see ``_Importer.children``)."""
    depth: int = 0
    repaired: bool = False
    """Made by ``_Importer.repair`` (not repaired again)."""
    noted: bool = False
    k: int = 0


@dataclass(slots=True)
class RootlogReplay:
    """What :func:`replay_rootlog` found: the game at the end of the record, the board at the
    end of each record line (in the order the engine played them), and the parsed record."""

    game: Any
    turns: list[TurnState]
    record: RootlogGame


Silent = tuple[Any, list[tuple[Any, ...]], tuple[str, ...], tuple[tuple[Any, ...], ...]]
"""A state reached without visible change: the state, its legal actions, the tokens and the
chance events (dice, picks) on the way."""


class _Importer:
    """The search: at each decision, the legal actions whose effect the record explains."""

    def __init__(self, rec: RootlogGame) -> None:
        self.rec = rec
        self.serial = 0
        self.merged = 0
        """Engine changes that took up more than one recorded movement (in one ``match``)."""
        self.snaps: dict[int, tuple[Any, _Snap]] = {}
        """Snapshots of the states being expanded (the same state starts many evaluations)."""
        self.failure: tuple[tuple[int, ...], RootlogError] | None = None
        self.evaluations = 0
        letters = list(rec.players)
        for t in rec.turns:
            if t.faction not in letters:
                letters.append(t.faction)
        self._check_supported(letters)
        self.letters = letters
        self.factions = [FACTION_NAMES[x] for x in letters]
        self.seat_of = {x: i for i, x in enumerate(letters)}
        conv = _Converter(self.seat_of, self.factions)
        self.lines = [conv.line(i, t) for i, t in enumerate(rec.turns)]
        self.setup_line: dict[int, int] = {}
        self.turn_lines: list[int] = []
        for ln in self.lines:
            if ln.turn.setup:
                self.setup_line[ln.seat] = ln.index
            else:
                self.turn_lines.append(ln.index)
        for s, x in enumerate(letters):
            if s not in self.setup_line:
                raise RootlogError(f"the record has no setup line for {x}", 0, 0, "",
                                   f"a line '{x}:...' with {x}'s setup")
        self.first = self.lines[self.turn_lines[0]].seat if self.turn_lines else 0
        self.spent = 0
        self.needed: set[str] = set()
        """Keys of the cards the record names as leaving a hand (crafts, ambushes too)."""
        for ln in self.lines:
            for at in ln.atoms:
                if at.spec is None or at.kind not in ("card", "craft", "ambush"):
                    continue
                if at.kind == "card" and at.key[0][0] != "hand":
                    continue
                if at.spec.keys is not None:
                    self.needed |= at.spec.keys
                elif at.spec.item is not None:
                    self.needed |= {c.key for c in DECK if c.item == at.spec.item}
        self.order = [ln.index for ln in self.lines if ln.turn.setup] + self.turn_lines
        self.rank_of = {line: r for r, line in enumerate(self.order)}

    def _check_supported(self, letters: list[str]) -> None:
        rec = self.rec
        at = rec.header_lines
        if rec.map not in ("Fall", "Autumn"):
            raise RootlogError(f"the {rec.map} map is not supported: rootgame has only Fall",
                               at.get("Map", 0), 1, "Map: " + rec.map, "Map: Fall")
        if rec.deck != "Standard":
            raise RootlogError(f"the {rec.deck} deck is not supported", at.get("Deck", 0), 1,
                               "Deck: " + rec.deck, "Deck: Standard")
        for x in letters:
            if x not in SUPPORTED_FACTIONS:
                line = at.get(x) or next((t.line for t in rec.turns if t.faction == x), 0)
                raise RootlogError(
                    f"faction {x} ({FACTION_NAMES.get(x, '?')}) is not supported: rootgame "
                    "has the Marquise (C) and the Eyrie (E)", line, 1, x, "C and E")
        if len(letters) < 2:
            raise RootlogError("a game needs two factions", 0, 0, "", "players C and E")

    # --- lines ---------------------------------------------------------------------------
    def line_for(self, seg: _Segment, turns: int) -> int | None:
        if seg.kind == "setup":
            return self.setup_line.get(seg.seat)
        return self.turn_lines[turns] if turns < len(self.turn_lines) else None

    def open_error(self, line: int, left: list[int], why: str) -> RootlogError:
        ln = self.lines[line]
        for k, at in enumerate(ln.atoms):
            if left[k]:
                a = ln.turn.actions[at.action]
                return RootlogError(why, ln.turn.line, a.column, a.text, "")
        return RootlogError(why, ln.turn.line, 1, "", "")

    def note_failure(self, pos: _Pos, why: str) -> None:
        if pos.line is None:
            return
        left = pos.left[pos.line]
        progress = (self.rank_of[pos.line], sum(1 for x in left if x == 0))
        if self.failure is None or progress > self.failure[0]:
            self.failure = (progress, self.open_error(pos.line, left, why))

    def consume(
        self, line: int, left: list[int], atom: tuple[Any, ...], free: dict[int, tuple[int, int]]
    ) -> int | None:
        """Consume one engine atom; the index of the recorded action it matched, or None."""
        ln = self.lines[line]
        kind, key = atom[0], atom[1]
        if kind == "transfer":
            n = int(atom[2])
            first: int | None = None
            for k in ln.by_key.get(("transfer", key), []):
                take = min(n, left[k], left[k + 1])
                if take > 0:
                    left[k] -= take
                    left[k + 1] -= take
                    n -= take
                    if first is None:
                        first = ln.atoms[k].action
                    else:
                        self.merged += 1
                    if not n:
                        return first
            # Written as a removal and a placement.
            s, code, o, d = key
            a1 = self.consume(line, left, ("remove", (s, code, o), n, True), free)
            a2 = self.consume(line, left, ("place", (s, code, d), n, True), free) \
                if a1 is not None else None
            if a1 is None or a2 is None:
                return None
            return min(a1, a2) if first is None else first
        if kind in ("place", "remove"):
            n = int(atom[2])
            first = None
            # A removal and a placement may also be the two halves of a recorded transfer
            # (Field Hospitals written as a move from the battle to the keep).
            kinds = (kind,) if len(atom) > 3 else (kind, "to" if kind == "place" else "from")
            for kind2 in kinds:
                for k in ln.by_key.get((kind2, key), []):
                    # A transfer's arrival only after its departure (atom k - 1) was matched.
                    take = min(n, left[k] - left[k - 1] if kind2 == "to" else left[k])
                    if take > 0:
                        left[k] -= take
                        n -= take
                        if first is None:
                            first = ln.atoms[k].action
                        else:
                            self.merged += 1
                        if not n:
                            return first
            return None
        if kind == "vp":
            need = int(atom[2])
            first = None
            for k in ln.by_key.get((kind, key), []):
                if not left[k]:
                    continue
                if (left[k] > 0) != (need > 0):
                    return None
                take = min(abs(need), abs(left[k])) * (1 if need > 0 else -1)
                left[k] -= take
                need -= take
                if first is None:
                    first = ln.atoms[k].action
                else:
                    self.merged += 1
                if not need:
                    return first
            return None
        if kind in ("card", "craft", "ambush"):
            cid = int(atom[2])
            idx = ln.by_key.get((kind, key), [])
            for named in (True, False):
                for k in idx:
                    at = ln.atoms[k]
                    if left[k] and at.spec is not None and at.spec.named == named and \
                            at.spec.matches(cid):
                        left[k] -= 1
                        if named:
                            free.pop(cid, None)
                        if at.spec.keys is None and DECK[cid].key in self.needed:
                            # Spent where the record does not say which card, a card the
                            # record names later: better not (a tie-breaker).
                            self.spent += 1
                        return at.action
            return None
        for k in ln.by_key.get((kind, key), []):
            if left[k]:
                left[k] -= 1
                return ln.atoms[k].action
        return None

    # --- one decision ---------------------------------------------------------------------
    def evaluate(
        self, pos: _Pos, g: Any, a: tuple[Any, ...], prefix: tuple[str, ...],
        before: tuple[tuple[Any, ...], ...], dice_plan: list[tuple[int, int]], pick: int | None,
    ) -> list[_Cand | Silent]:
        """Apply ``a`` to a copy of ``g``: the candidates it gives (one per choice of dice
        when the record gives none), or a silent result (no visible effect)."""
        from ..actions import token

        self.evaluations += 1
        g2 = g.clone()
        if pick is not None:
            g2.forced = [("pick", pick)]
        cuts: list[TurnState] = []
        segs: list[_Segment | None] = [pos.seg]

        def on_cut(gs: Any, seg: _Segment) -> None:
            if segs[-1] is not None:
                cuts.append(_turn_state(gs, segs[-1]))
            segs.append(seg)

        snap = self.snaps.get(id(g))
        if snap is None or snap[0] is not g:
            snap = (g, _Snap(g))
            self.snaps[id(g)] = snap
        obs = _Observer(g2, list(dice_plan), None, on_cut, snap[1])
        obs.dice_for = self._dice_for(pos, obs)
        try:
            legal = _decide(g2, obs, a)
        except (RootError, ValueError, KeyError, IndexError):
            return []  # the engine refuses (a chance outcome forced where it does not fit)
        if pick is not None:
            g2.forced = []
        if obs.dice_needed:
            out: list[_Cand | Silent] = []
            for roll in DICE_OPTIONS:
                out.extend(self.evaluate(pos, g, a, prefix, before, dice_plan + [roll], pick))
            return out
        r = self.match(pos, g2, legal, obs, tuple(cuts))
        if r is None:
            return []
        tokens = prefix + (token(a),)
        if isinstance(r, _Cand):
            r.tokens = tokens
            r.events = before + r.events
            return [r]
        return [(g2, legal, tokens, before + r)]

    def _dice_for(
        self, pos: _Pos, obs: _Observer
    ) -> Callable[[int, int, int], tuple[int, int] | None]:
        def f(a: int, d: int, c: int) -> tuple[int, int] | None:
            if pos.line is None:
                return (0, 0)
            n = sum(1 for st in obs.steps for b in st.new_battles if b == (a, d, c))
            left = pos.left[pos.line]
            ln = self.lines[pos.line]
            idx = ln.by_key.get(("battle", (a, d, c)), [])
            if n:
                # Started in this step: the n-th open battle of the record like it.
                found = [k for k in idx if left[k]][n - 1 : n]
            else:
                # Started earlier: the last one already matched.
                found = [k for k in idx if not left[k]][-1:]
            if not found:
                return (0, 0)  # not in the record: the candidate fails anyway
            dice = ln.atoms[found[0]].dice
            return None if dice is None else (max(dice), min(dice))

        return f

    def match(
        self, pos: _Pos, g2: Any, legal: list[tuple[Any, ...]], obs: _Observer,
        cuts: tuple[TurnState, ...],
    ) -> _Cand | tuple[tuple[Any, ...], ...] | None:
        """Check what the engine did (``obs.steps``) against the record from ``pos``: the
        candidate; or, when nothing visible happened, the chance events on the way (dice,
        picks); or None when the record disagrees."""
        steps = obs.steps
        atoms_by_step = [_engine_atoms(st) for st in steps]
        self.merged = 0
        self.spent = 0
        if not obs.segments and not g2.winners and not any(atoms_by_step):
            return tuple(e for st in steps for e in _chance_events(st))

        left = {k: v[:] for k, v in pos.left.items()}
        free = dict(pos.free)
        line, turns, epoch, seg = pos.line, pos.turns, pos.epoch, pos.seg
        events: list[tuple[Any, ...]] = []
        rank: list[int] = []
        seg_at = 0
        swapped = False
        by_step: list[list[int]] = []
        for si, st in enumerate(steps):
            by_step.append([])
            while seg_at < st.seg:
                r = self._cross(line, left, obs.segments[seg_at], turns)
                if r is None:
                    return None
                line, turns = r
                seg = obs.segments[seg_at]
                seg_at += 1
            atoms = atoms_by_step[si]
            reshuffled = any(
                st.before.cards.get(c) == ("discard",) and loc[0] in ("deck", "hand")
                for c, loc in st.after.cards.items()
            )
            pre: list[tuple[Any, ...]] = []
            post: list[tuple[Any, ...]] = []
            for j, at in enumerate(atoms):
                if at[0] != "card" or at[1][0] != ("deck",) or at[1][1][0] != "hand":
                    continue
                cid = int(at[2])
                from_deck = st.before.cards.get(cid) == ("deck",)
                named = False
                if line is not None:
                    got = self.settle_draw(line, left[line], g2, st, cid, at[1][1][1],
                                           from_deck, atoms_by_step, si)
                    if got is None:
                        return None
                    new, named, _hit = got
                    if new != cid:
                        swapped = True
                        atoms[j] = ("card", at[1], new)
                        cid = new
                    rank.append(self.rank_of[line] * 1000 + got[2])
                    by_step[-1].append(rank[-1])
                self.serial += 1
                (pre if from_deck else post).append(("draw", cid, self.serial))
                if not named:
                    free[cid] = (self.serial, epoch if from_deck else epoch + 1)
            events.extend(pre)
            if reshuffled:
                epoch += 1
                events.append(("reshuffle",))
            events.extend(post)
            events.extend(_chance_events(st))
            if line is None:
                continue
            for at in atoms:
                if at[0] == "card" and at[1][0] == ("deck",) and at[1][1][0] == "hand":
                    continue  # settled above
                hit = self.consume(line, left[line], at, free)
                if hit is None:
                    return None
                rank.append(self.rank_of[line] * 1000 + hit)
                by_step[-1].append(rank[-1])
        while seg_at < len(obs.segments):
            r = self._cross(line, left, obs.segments[seg_at], turns)
            if r is None:
                return None
            line, turns = r
            seg = obs.segments[seg_at]
            seg_at += 1
        if swapped and not g2.winners:
            # A card was swapped into a hand: the pending decision's options follow the hand.
            from .. import flow

            top = g2.stack[-1]
            legal = flow.DECISIONS[top.kind][0](g2, top)
            if len(legal) < 2 and not ("ask" in top.data and g2.seats[top.seat or 0].hand):
                return None  # the engine would now decide by itself: not followed
        done = line is None or (
            not any(left[line]) and self.rank_of[line] == len(self.order) - 1
        )
        if g2.winners and not done:
            return None
        npos = _Pos(g2, legal, seg, line, turns, left, free, epoch, done)
        used = sum(abs(x) for v in pos.left.values() for x in v) - sum(
            abs(x) for k, v in left.items() if k in pos.left for x in v
        )
        skipped = 0
        if rank and line is not None:
            # Recorded actions passed over (still open before the last one touched).
            ln = self.lines[line]
            base = pos.left.get(line) or [at.amount for at in ln.atoms]
            now = left[line]
            touched = [at.action for k, at in enumerate(ln.atoms) if now[k] != base[k]]
            if touched:
                last = max(touched)
                skipped = len({at.action for k, at in enumerate(ln.atoms)
                               if now[k] and at.action < last})
        spent = self.spent
        # Matched out of the record's order (a later action before an earlier one).
        # Steps taken out of the record's order (what one step does happens at once).
        firsts = [min(x) for x in by_step if x]
        disorder = sum(1 for i in range(len(firsts)) for j in range(i + 1, len(firsts))
                       if firsts[i] > firsts[j])
        best = (min(rank), skipped, disorder, self.merged, spent, -used) if rank else (
            10**9, 0, 0, 0, 0, 0)
        return _Cand(npos, (), tuple(events), cuts, best)

    def _cross(
        self, line: int | None, left: dict[int, list[int]], seg: _Segment, turns: int
    ) -> tuple[int | None, int] | None:
        """Enter the next segment: the current line must be complete."""
        if line is not None:
            if any(left[line]):
                return None
            del left[line]  # complete: nothing more to check there
        new = self.line_for(seg, turns)
        if seg.kind == "turn":
            turns += 1
        if new is not None:
            if self.lines[new].seat != seg.seat:
                return None
            left.setdefault(new, [at.amount for at in self.lines[new].atoms])
        return new, turns

    def settle_draw(
        self, line: int, left: list[int], g2: Any, st: _Step, cid: int, seat: int,
        from_deck: bool, atoms_by_step: list[list[tuple[Any, ...]]], si: int,
    ) -> tuple[int, bool, int] | None:
        """Match an engine draw with the next recorded draw into that hand. When the record
        names another card still hidden in the same draw pile, the two are swapped: the order
        of a draw pile is unknown to the record. Returns (card, named, action index)."""
        ln = self.lines[line]
        for k in ln.by_key.get(("card", (("deck",), ("hand", seat))), []):
            if not left[k]:
                continue
            at = ln.atoms[k]
            spec = at.spec
            assert spec is not None
            left[k] -= 1
            if not spec.named or spec.matches(cid):
                return cid, spec.named, at.action
            want = ("deck",) if from_deck else ("discard",)
            # The card named is still in the draw pile, or was drawn in the same step by
            # another hand (the two were drawn the other way round).
            drawn_too = [c for c, loc in st.after.cards.items() if loc[0] == "hand"
                         and loc != ("hand", seat) and st.before.cards.get(c) == want]
            for y in list(reversed(g2.deck)) + drawn_too:
                if st.before.cards.get(y) == want and spec.matches(y):
                    _swap_cards(g2, cid, y)
                    for later in atoms_by_step[si:]:
                        for j, old in enumerate(later):
                            if len(old) > 2 and old[0] in ("card", "craft", "ambush"):
                                if old[2] == cid:
                                    later[j] = (*old[:2], y)
                                elif old[2] == y:
                                    later[j] = (*old[:2], cid)
                    return int(y), True, at.action
            return None
        return None

    # --- the search ----------------------------------------------------------------------
    def arrange(self, pos: _Pos, lookahead: int = 12) -> None:
        """Put the cards the record names as the next draws on top of the draw pile, in
        order (the record cannot know the pile's order, so any order is as good)."""
        if pos.line is None:
            return
        want: list[CardSpec] = []
        start = self.rank_of[pos.line]
        for line in self.order[start:]:
            ln = self.lines[line]
            left = pos.left.get(line)
            for k, at in enumerate(ln.atoms):
                if at.kind != "card" or at.key[0] != ("deck",) or at.key[1][0] != "hand":
                    continue
                if left is not None and not left[k]:
                    continue
                assert at.spec is not None
                want.append(at.spec)
            if len(want) >= lookahead:
                break
        deck = pos.g.deck
        chosen: list[int] = []
        for spec in want[:lookahead]:
            if not spec.named:
                break
            c = next((x for x in reversed(deck) if x not in chosen and spec.matches(x)), None)
            if c is None:
                break
            chosen.append(c)
        if chosen:
            rest = [x for x in deck if x not in chosen]
            deck[:] = rest + chosen[::-1]

    def children(
        self, pos: _Pos, frontier: list[Silent] | None = None, depth: int = 0
    ) -> tuple[list[_Cand], list[Silent], int]:
        """The ways (after up to ``MAX_SILENT`` decisions without visible effect) that the
        engine can go on in agreement with the record, best first. The search through silent
        decisions stops early when a candidate already follows the record exactly; what is
        left to search is returned (frontier, depth) for when the search comes back."""
        if frontier is None:
            self.arrange(pos)
            frontier = [(pos.g, pos.legal, (), ())]
        self.snaps.clear()
        out: list[_Cand] = []
        seen: set[str] = set()
        perfect = self.perfect_rank(pos)
        while frontier and depth < MAX_SILENT:
            nxt: list[Silent] = []
            for g, legal, prefix, before in frontier:
                for a in legal:
                    picks: list[int | None] = [None]
                    if a[0] == "stand-and-deliver":
                        picks = self.pick_options(pos, g, a) or [None]
                    for pk in picks:
                        for r in self.evaluate(pos, g, a, prefix, before, [], pk):
                            if isinstance(r, _Cand):
                                out.append(r)
                            else:
                                fp = _fingerprint(r[0])
                                if fp not in seen:
                                    seen.add(fp)
                                    nxt.append(r)
            frontier = nxt
            depth += 1
            if any(c.rank[:2] == perfect for c in out):
                break
        if depth >= MAX_SILENT:
            frontier = []
        uniq: dict[str, _Cand] = {}
        for c in sorted(out, key=lambda c: c.rank):
            key = _fingerprint(c.pos.g, full=True) + repr(sorted(c.pos.left.items()))
            uniq.setdefault(key, c)  # the best ranked of candidates with the same outcome
        return list(uniq.values()), frontier, depth

    def perfect_rank(self, pos: _Pos) -> tuple[int, int]:
        """The rank of a candidate that takes up the first open action and skips nothing."""
        if pos.line is None:
            return (-1, -1)
        left = pos.left[pos.line]
        for k, at in enumerate(self.lines[pos.line].atoms):
            if left[k]:
                return (self.rank_of[pos.line] * 1000 + at.action, 0)
        return (-1, -1)

    def pick_options(self, pos: _Pos, g: Any, a: tuple[Any, ...]) -> list[int | None]:
        """Stand and Deliver! takes a random card: the cards the record may name."""
        if pos.line is None:
            return []
        victim = int(a[1])
        seat = g.stack[-1].seat
        ln = self.lines[pos.line]
        left = pos.left[pos.line]
        for k in ln.by_key.get(("card", (("hand", victim), ("hand", seat))), []):
            spec = ln.atoms[k].spec
            if left[k] and spec is not None and spec.named:
                out: list[int | None] = []
                keys: set[str] = set()
                for i, cid in enumerate(g.seats[victim].hand):
                    if spec.matches(cid) and DECK[cid].key not in keys:
                        keys.add(DECK[cid].key)
                        out.append(i)
                return out
        return []

    def repair(self, node: _Node) -> _Node | None:
        """No decision explains the record: if the record needs, from a hand, a card the hand
        lacks, and the hand holds a card drawn unnamed in the same draw pile, that draw may
        have been the needed card: swap them."""
        pos = node.pos
        if pos.line is None:
            return None
        ln = self.lines[pos.line]
        left = pos.left[pos.line]
        g = pos.g
        for k, at in enumerate(ln.atoms):
            if not left[k] or at.spec is None or not at.spec.named:
                continue
            if at.kind == "card":
                src = at.key[0]
            elif at.kind in ("craft", "ambush"):
                src = ("hand", at.key)
            else:
                continue
            if src[0] != "hand":
                continue
            hand = g.seats[src[1]].hand
            if any(at.spec.matches(c) for c in hand):
                continue
            for f in hand:
                if f not in pos.free or pos.free[f][1] != pos.epoch:
                    continue
                for y in reversed(g.deck):
                    if at.spec.matches(y):
                        from .. import flow

                        g2 = g.clone()
                        _swap_cards(g2, f, y)
                        free = dict(pos.free)
                        serial, _ = free.pop(f)
                        top = g2.stack[-1]
                        legal = flow.DECISIONS[top.kind][0](g2, top)
                        new = _Pos(g2, legal, pos.seg, pos.line, pos.turns, pos.left, free,
                                   pos.epoch, pos.done)
                        return _Node(new, node, (), (("rename", serial, y),), (),
                                     repaired=True)
            return None
        return None

    def fix_hands(self, pos: _Pos) -> tuple[tuple[Any, ...], ...]:
        """Before searching a decision: if the current line will take from a hand more cards
        of some kind than the hand holds, and the hand holds cards drawn unnamed (in the
        present draw pile's time), those draws were the needed cards: swap them in from the
        draw pile. Returns the renaming events (for the final replay)."""
        if pos.line is None or not pos.free:
            return ()
        ln = self.lines[pos.line]
        left = pos.left[pos.line]
        need: dict[int, list[CardSpec]] = {}
        for k, at in enumerate(ln.atoms):
            if not left[k] or at.spec is None or not at.spec.named:
                continue
            if at.kind == "card" and at.key[0][0] == "hand":
                need.setdefault(at.key[0][1], []).append(at.spec)
            elif at.kind in ("craft", "ambush"):
                need.setdefault(at.key, []).append(at.spec)
        g = pos.g
        events: list[tuple[Any, ...]] = []
        for seat, specs in need.items():
            hand = g.seats[seat].hand
            taken: set[int] = set()
            for spec in specs:
                c = next((x for x in hand if x not in taken and spec.matches(x)), None)
                if c is not None:
                    taken.add(c)
                    continue
                f = next((x for x in hand if x not in taken and x in pos.free
                          and pos.free[x][1] == pos.epoch), None)
                y = next((x for x in reversed(g.deck) if spec.matches(x)), None)
                if f is None or y is None:
                    break
                _swap_cards(g, f, y)
                serial = pos.free.pop(f)[0]
                events.append(("rename", serial, y))
                taken.add(y)
        if events and not g.winners:
            from .. import flow

            top = g.stack[-1]
            pos.legal = flow.DECISIONS[top.kind][0](g, top)
        return tuple(events)

    def run(self, budget: int) -> _Node:
        root = self.start()
        stack = [root]
        expanded = 0
        furthest, since = -1, 0
        while stack:
            node = stack[-1]
            if node.pos.done:
                return node
            if node.children is None or (node.k >= len(node.children) and node.frontier):
                expanded += 1
                here = -1 if node.pos.line is None else self.rank_of[node.pos.line]
                if here > furthest:
                    furthest, since = here, 0
                since += 1
                if expanded > budget or since > STALL:
                    break
                first = node.children is None
                if first:
                    node.events += self.fix_hands(node.pos)
                node.children, node.frontier, node.depth = self.children(
                    node.pos, None if first else node.frontier, node.depth)
                node.k = 0
                if not node.children and not node.frontier and not node.noted:
                    node.noted = True
                    pos = node.pos
                    who = pos.g.factions[pos.g.stack[-1].seat or 0]
                    from .. import flow

                    prompt = flow.PROMPTS.get(pos.g.stack[-1].kind, pos.g.stack[-1].kind)
                    self.note_failure(
                        pos, f"no legal action explains this movement (the {who} are to "
                        f"decide: {prompt})")
                    fixed = None if node.repaired else self.repair(node)
                    if fixed is not None:
                        stack.append(fixed)
                        continue
            if node.k < len(node.children):
                c = node.children[node.k]
                node.k += 1
                stack.append(_Node(c.pos, node, c.tokens, c.events, c.states))
            elif not node.frontier:
                node.children = []
                stack.pop()
        if self.failure is not None:
            raise self.failure[1]
        raise RootlogError("the record could not be replayed: the search gave up")

    def start(self) -> _Node:
        """Set the game up; the starting hands are those named on the setup lines (swapped in
        from the deck), unnamed ones stay free; then run the setup to the first decision."""
        from ..game import setup_state

        g = setup_state(self.factions, "autumn", 0, self.first)
        g.log = None
        free: dict[int, tuple[int, int]] = {}
        left: dict[int, list[int]] = {}
        order = [(g.first_seat + k) % g.n for k in range(g.n)]
        for n, seat in enumerate(order):
            line = self.setup_line[seat]
            ln = self.lines[line]
            lf = left.setdefault(line, [at.amount for at in ln.atoms])
            hand = g.seats[seat].hand
            for p in range(len(hand)):
                cid = hand[p]
                idx = [k for k in ln.by_key.get(("card", (("deck",), ("hand", seat))), [])
                       if lf[k]]
                spec = ln.atoms[idx[0]].spec if idx else None
                if idx:
                    lf[idx[0]] -= 1
                if spec is not None and spec.named and not spec.matches(cid):
                    later = hand[p + 1:] + [c for s2 in order[n + 1:] for c in g.seats[s2].hand]
                    y = next((c for c in reversed(g.deck) if spec.matches(c)), None)
                    if y is None:
                        y = next((c for c in later if spec.matches(c)), None)
                    if y is None:
                        a = ln.turn.actions[ln.atoms[idx[0]].action]
                        raise RootlogError("this card cannot be in the starting hand",
                                           ln.turn.line, a.column, a.text, "")
                    _swap_cards(g, cid, y)
                elif spec is None or not spec.named:
                    free[hand[p]] = (0, 0)
        events: list[tuple[Any, ...]] = []
        for seat in order:
            for cid in g.seats[seat].hand:
                self.serial += 1
                events.append(("draw", cid, self.serial))
                if cid in free:
                    free[cid] = (self.serial, 0)
        pos = _Pos(g, [], None, None, 0, left, free, 0)
        cuts: list[TurnState] = []
        segs: list[_Segment] = []

        def on_cut(gs: Any, seg: _Segment) -> None:
            if segs:
                cuts.append(_turn_state(gs, segs[-1]))
            segs.append(seg)

        obs = _Observer(g, None, None, on_cut)
        legal = _advance(g, obs)
        r = self.match(pos, g, legal, obs, tuple(cuts))
        if not isinstance(r, _Cand):
            first = self.setup_line[order[0]]
            raise self.open_error(first, left[first], "the setup does not match the record")
        return _Node(r.pos, None, (), tuple(events) + r.events, r.states)

    # --- the result ---------------------------------------------------------------------
    def finish(self, node: _Node) -> RootlogReplay:
        """Replay the tokens found with the public API, the chance outcomes forced, so that
        the game returned replays from its own start (history, undo, saving)."""
        from ..errors import IllegalAction
        from ..game import new_game

        path: list[_Node] = []
        n: _Node | None = node
        while n is not None:
            path.append(n)
            n = n.parent
        path.reverse()
        tokens = [t for x in path for t in x.tokens]
        events = [e for x in path for e in x.events]
        states = [s for x in path for s in x.states]
        final = node.pos
        if final.seg is not None and final.line is not None:
            states.append(_turn_state(final.g, final.seg))
        renames = {e[1]: e[2] for e in events if e[0] == "rename"}
        epochs: list[list[int]] = [[]]
        chance: list[tuple[Any, ...]] = [("shuffle", 0)]
        for e in events:
            if e[0] == "draw":
                epochs[-1].append(renames.get(e[2], e[1]))
            elif e[0] == "reshuffle":
                epochs.append([])
                chance.append(("shuffle", len(epochs) - 1))
            elif e[0] in ("dice", "pick"):
                chance.append(e)
        forced: list[tuple[Any, ...]] = []
        for c in chance:
            if c[0] == "shuffle":
                k = int(c[1])
                rest = list(final.g.deck) if k == len(epochs) - 1 else []
                forced.append(("shuffle", *(rest + epochs[k][::-1])))
            else:
                forced.append(c)
        try:
            game = new_game(self.factions, map="autumn", seed=0, first_player=self.first,
                            forced=forced)
            for t in tokens:
                game.apply(t)
        except (IllegalAction, RootError, ValueError) as e:
            raise RootlogError(f"internal: the replay found does not replay ({e})") from e
        a, b = _Snap(game.state), _Snap(final.g)
        if a.pieces != b.pieces or a.vp != b.vp or a.hands != b.hands:
            raise RootlogError("internal: the replay found does not give the same state")
        return RootlogReplay(game, states, self.rec)


def _chance_events(st: _Step) -> list[tuple[Any, ...]]:
    """The dice rolled and the random card taken in a step (for the final replay)."""
    out: list[tuple[Any, ...]] = [("dice", hi, lo) for hi, lo in st.dice]
    if st.act is not None and st.act[0] == "stand-and-deliver" and st.seat is not None:
        victim = int(st.act[1])
        taken = [c for c in st.after.hands[st.seat] if c not in st.before.hands[st.seat]]
        if taken and taken[0] in st.before.hands[victim]:
            out.append(("pick", st.before.hands[victim].index(taken[0])))
    return out


def _swap_cards(g: Any, x: int, y: int) -> None:
    """Exchange two cards wherever they are (hands, piles, play areas, the Decree)."""
    places: list[list[int]] = [g.deck, g.discard, g.available_dominance]
    for s in g.seats:
        places += [s.hand, s.persistent]
    for fs in g.fs:
        places.extend(getattr(fs, "decree", ()) or ())
    px = next(p for p in places if x in p)
    py = next(p for p in places if y in p)
    ix, iy = px.index(x), py.index(y)
    px[ix], py[iy] = y, x


def _fingerprint(g: Any, full: bool = False) -> str:
    """The state as text, for telling equal search states apart (hidden parts included)."""
    parts: list[Any] = [
        [(f.kind, f.seat, sorted(f.data.items(), key=lambda kv: str(kv[0]))) for f in g.stack],
        sorted(g.turn.items(), key=lambda kv: str(kv[0])),
        [fs.to_dict() for fs in g.fs],
        g.dice,
    ]
    if full:
        parts += [g.warriors, g.buildings, g.tokens, [s.to_dict() for s in g.seats],
                  g.discard, g.deck[-8:], g.items]
    return repr(parts)


STALL = 400
"""The search gives up when this many search states pass without reaching a later line."""


def replay_rootlog(text: str, budget: int | None = None) -> RootlogReplay:
    """Replay a Rootlog record against the engine (see :func:`import_rootlog`) and return
    the game, the board at the end of each record line, and the parsed record. ``budget``
    bounds the search (states expanded; by default 1000 plus three per recorded action)."""
    rec = parse_rootlog(text)
    imp = _Importer(rec)
    if budget is None:
        budget = 1000 + 3 * sum(len(t.actions) for t in rec.turns)
    node = imp.run(budget)
    out = imp.finish(node)
    game = out.game
    if rec.winner is not None and game.is_over:
        got = "".join(imp.letters[s] for s in game.winners)
        if sorted(got) != sorted(rec.winner):
            raise RootlogError(f"the engine's winner is {got}, the record says {rec.winner}",
                               rec.lines, 1, "Winner: " + rec.winner, f"Winner: {got}")
    return out


def import_rootlog(text: str) -> Any:
    """Read a Rootlog record of a game rootgame supports (the Fall map, the Standard deck,
    the Marquise and the Eyrie) and replay it against the engine. Returns the
    :class:`rootgame.Game` at the end of the record.

    At each decision the engine's legal actions are tried (looking through up to
    ``MAX_SILENT`` decisions that change nothing visible); an action is kept when every
    change of state it causes (pieces, cards, VP, crafts, battles, the Eyrie's leader and
    Decree) is a movement of the record's current line, and a turn ends only when its line
    is used up. When the record names a card drawn from the draw pile, that card is drawn
    (the pile's order is unknown to the record); unnamed draws are fixed later if the record
    needs them to be a certain card. Dice written in a battle are used; otherwise the dice
    that give the recorded losses are found. Raises :class:`RootlogError` with the line and
    the first movement that no legal action explains, or naming the unsupported map, deck or
    faction."""
    return replay_rootlog(text).game
