"""Reading Rootlog text: one action (:func:`parse_action`) or a whole record
(:func:`parse_rootlog`) into the typed data of ``notation.py``.

The reader knows the grammar only, never the engine: every record of any faction, map or
deck reads. Any problem raises :class:`RootlogError` with the line, the column, the fragment
and what was expected there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .notation import (
    DECKS,
    FACTION_LETTERS,
    HEADER_KEYS,
    ITEM_TYPES,
    LANDMARK_OPTION,
    MAPS,
    MAX_CLEARING,
    MAX_NUMBER,
    PIECE_TYPES,
    SUIT_LETTERS,
    Action,
    Battle,
    BoardField,
    Card,
    Craft,
    Expose,
    Flip,
    Hireling,
    Item,
    Move,
    Path,
    Piece,
    Place,
    Reveal,
    RootlogError,
    RootlogGame,
    Score,
    ScoreMarker,
    Term,
    Thing,
    Trick,
    Turn,
)

MAX_RECORD_CHARS = 1_000_000
"""Longer texts are refused before they are read."""
_DIGITS = frozenset("0123456789")
_LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")


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


def _is_owner(ch: str) -> bool:
    """A capital that may own a piece: a faction, or a hireling (``Sp->9``)."""
    return bool(ch) and "A" <= ch <= "Z" and ch not in "XZQ"


def _is_piece_type(ch: str) -> bool:
    return bool(ch) and ch in PIECE_TYPES


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
    """After an optional faction letter, at ``$``: ``$``, ``$<n>`` (a numbered space of the
    board, ``A$4``) or ``$_<name>``."""
    cur.expect("$", "'$' (a faction board)")
    if cur.take("_"):
        return Place("field", faction=faction, name=_field_name(cur))
    if _is_digit(cur.peek()):
        return Place("board", faction=faction, name=str(cur.number("a space of the board")))
    return Place.board(faction)


def _at_hireling(cur: _Cursor) -> bool:
    """``h_<X>``: a hireling (its card), ``X`` its capital letter."""
    return cur.peek() == "h" and cur.peek(1) == "_" and _is_owner(cur.peek(2))


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
    """``F``, ``F$``, ``F$_x``, ``$``, ``$_x``, ``Q``, ``*``, ``h_X`` / ``h_X$`` (a
    hireling's card, board) at the cursor, or None."""
    ch = cur.peek()
    if _at_hireling(cur):
        cur.i += 3
        return Place("hireling", name=cur.s[cur.i - 1], state="$" if cur.take("$") else "")
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
    "('$_r'), '*' (the discard pile), 'Q' or the Black Market's clearing, or '->'",
    "item": "a start: a clearing, a faction board, an area (s, d, t) or a state (r, e), "
    "or '->'",
    "field": "'->'",
    "path": "'->'",
    "hireling": "a start: a faction board ('A$') or '->'",
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
    if isinstance(what, Hireling):
        return "hireling"
    return "path"


def _start(cur: _Cursor, kind: str) -> Place | None:
    """An optional start location after a thing of ``kind``."""
    ch = cur.peek()
    if not ch or ch in "+)-^<":
        return None
    if kind in ("piece", "item", "card") and _is_digit(ch):
        # A card in a clearing: the Black Market's face-down cards (docs/rulings.md).
        return _clearing_or_forest(cur, "a clearing")
    if kind in ("piece", "item", "card", "hireling"):
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
    """``[owner]<type>[_<x>[_<y>...]]``: the owner is a faction letter or another capital
    (a hireling's, ``Sp``); each ``_x`` is one lowercase letter or digit (``t_k`` the keep,
    ``b_j_t`` a waystation, ``t_2_t`` a relic worth 2)."""
    faction: str | None = None
    if _is_owner(cur.peek()) and _is_piece_type(cur.peek(1)):
        faction = cur.peek()
        cur.i += 1
    ch = cur.peek()
    if not _is_piece_type(ch):
        raise cur.fail(cur._found(), "a piece type (w, p, b, t, r, f)")
    cur.i += 1
    parts: list[str] = []
    while cur.peek() == "_" and (_is_lower(cur.peek(1)) or _is_digit(cur.peek(1))):
        parts.append(cur.peek(1))
        cur.i += 2
    return Piece(faction, ch, "_".join(parts) or None)


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
    if _at_hireling(cur):
        cur.i += 3
        return Hireling(cur.s[cur.i - 1])
    if _is_piece_type(ch) or (_is_owner(ch) and _is_piece_type(cur.peek(1))):
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


def _player_line(raw: str, game: RootlogGame) -> tuple[str, str, str | None] | None:
    """``<F>: <player name>`` before the first turn, for a faction without a player yet:
    (letter, name, comment) or None. The space after the colon tells a player line from a
    turn line (``C:t_k->1``), so that a name may be any text (``E: Zoe``, ``E: AC/DC``,
    ``C: x->y``); a comment starts at ``//`` after a space (``E: AC//DC`` is a name)."""
    text = raw.lstrip()
    if len(text) < 3 or text[1] != ":" or not text[2].isspace() or not _is_faction(text[0]):
        return None
    if text[0] in game.players:
        return None
    name = text[2:]
    note: str | None = None
    for k in range(len(name) - 1):
        if name.startswith("//", k) and (k == 0 or name[k - 1].isspace()):
            name, note = name[:k], name[k + 2 :].strip()
            break
    return text[0], name.strip(), note


def looks_like_rootlog(text: str) -> bool:
    """Whether a text is meant as a Rootlog record rather than a rootgame record or save: its
    first line that is neither blank nor a comment is a header line (``Map:`` or ``Deck:``).
    Used to tell an uploaded or loaded file's kind; parsing it may still refuse it."""
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.strip()
        if line and not line.startswith("//"):
            return line.startswith(("Map:", "Deck:"))
    return False


def parse_rootlog(text: str) -> RootlogGame:
    """Parse a Rootlog record. Raises :class:`RootlogError` naming the line, the column, the
    fragment and what was expected, for anything that is not Rootlog."""
    if not isinstance(text, str):
        raise RootlogError(f"a Rootlog record is text, not {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise RootlogError(
            f"a Rootlog record of {len(text)} characters is too long (a whole game is about "
            f"20,000; at most {MAX_RECORD_CHARS})")
    game = RootlogGame()
    lines = text.splitlines()
    game.lines = len(lines)
    seen_turn: set[str] = set()
    in_turns = False
    for n, raw0 in enumerate(lines, start=1):
        raw = raw0.lstrip("\ufeff") if n == 1 else raw0
        if not in_turns:
            player = _player_line(raw, game)
            if player is not None:
                letter, name, note = player
                if not name:
                    raise RootlogError("a player line without a name", n, 1, raw.strip(),
                                       "'<F>: <player name>'")
                game.players[letter] = name
                game.header_lines[letter] = n
                if note is not None:
                    game.comments.append((n, note))
                continue
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
        try:
            actions = _parse_actions(rest.strip(), n, body_start)
        except RootlogError:
            if len(game.turns) or head in game.players or not value:
                raise
            # 'C:Ann' before any turn: a player line written without its space.
            in_turns = False
            game.players[head] = value
            game.header_lines[head] = n
            continue
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
        game.map = _one_of(game.map, key, value, MAPS, "Fall, Winter, Lake or Mountain", bad)
    elif key == "Deck":
        game.deck = _one_of(game.deck, key, value, DECKS, "Standard or E&P", bad)
    elif key == "Clearings":
        game.clearings = _clearings(value, bad)
    elif key == "Pool":
        if not value or any(not _is_faction(ch) for ch in value):
            raise bad("not a faction pool", "faction letters such as 'CEAV'")
        game.pool = value
    elif key == "Landmarks":
        game.landmarks = _landmarks(value, bad)
    else:
        game.hirelings = tuple(x.strip() for x in value.split(",") if x.strip())


def _one_of(
    now: str, key: str, value: str, known: tuple[str, ...], expected: str,
    bad: Callable[[str, str], RootlogError],
) -> str:
    """The value of a header line given once (``Map:``, ``Deck:``; ``now``, the value read
    so far) that names one of ``known``."""
    if now:
        raise bad(f"a second '{key}:' line", f"one '{key}:' line")
    if value not in known:
        raise bad(f"unknown {key.lower()} {value!r}", expected)
    return value


def _landmarks(
    value: str, bad: Callable[[str, str], RootlogError]
) -> tuple[tuple[str, int], ...]:
    """``forge->5/city->3``: each landmark and its clearing (the specification's form); a
    landmark without ``-><clearing>`` (``Landmarks: forge, tower``) is read with clearing 0,
    in play but its place unwritten. Commas separate as slashes do."""
    expected = ("'<landmark>-><clearing>' separated by '/', a landmark being "
                + ", ".join(sorted(LANDMARK_OPTION)))
    out: list[tuple[str, int]] = []
    for part in value.replace(",", "/").split("/"):
        p = part.strip()
        if not p:
            continue
        name, arrow, where = p.partition("->")
        name = name.strip().lower()
        if name not in LANDMARK_OPTION:
            raise bad(f"unknown landmark {name!r}", expected)
        c = 0
        if arrow:
            w = where.strip()
            if not w or len(w) > 2 or not all(_is_digit(x) for x in w) or \
                    not 1 <= int(w) <= MAX_CLEARING:
                raise bad(f"{p!r}: {w!r} is not a clearing", expected)
            c = int(w)
        if any(LANDMARK_OPTION[name] == x for x, _ in out):
            raise bad(f"landmark {name!r} is given twice", expected)
        out.append((LANDMARK_OPTION[name], c))
    if not out:
        raise bad("no landmark", expected)
    return tuple(out)


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

