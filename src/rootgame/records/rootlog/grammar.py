"""The Rootlog action grammar: one action fragment (what lies between two ``/``) read into
the typed actions of ``notation.py`` (:func:`parse_action`), and a turn line's actions
(:func:`parse_actions`). A movement ``<things><start>-><destination>`` (things, groups and
counts: ``_terms``; places: ``_start``, ``_dest``), a battle ``X``, a craft ``Z``, a score
``++``, a reveal or a flip ``^``, an exposure ``?`` and a trick ``<->``, each read with a
:class:`~.cursor.Cursor`. The grammar knows the notation only, never the engine: every
action of any faction, map or deck reads."""

from __future__ import annotations

from dataclasses import replace

from .cursor import (
    LOWER,
    Cursor,
    is_digit,
    is_faction,
    is_lower,
    is_owner,
    is_piece_type,
    is_suit,
)
from .notation import (
    ITEM_TYPES,
    MAX_CLEARING,
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
    Score,
    ScoreMarker,
    Term,
    Thing,
    Trick,
)


def _clearing_or_forest(cur: Cursor, what: str) -> Place:
    """``<n>`` a clearing (``0``: the Duchy's Burrow), ``<n>_<n>_<n>...`` a forest (three
    clearings or more) or ``<a>_<b>`` a path (the Highway Bandits' places; docs/rulings.md
    186)."""
    start = cur.i
    first = cur.number(what, 0, MAX_CLEARING)
    parts = [first]
    while cur.peek() == "_" and is_digit(cur.peek(1)):
        cur.i += 1
        parts.append(cur.number("a clearing of the forest", 1, MAX_CLEARING))
    if len(parts) > 1:
        if 0 in parts:
            raise cur.fail("a forest lies between clearings 1 to 12", what, start)
        if parts != sorted(set(parts)):
            raise cur.fail(
                "a forest lists its clearings from lowest to highest, each once", what, start
            )
        return Place("forest" if len(parts) > 2 else "path", tuple(parts))
    if first == 0:
        return Place("burrow", (0,))
    return Place.clearing(first)


def _board_or_field(cur: Cursor, faction: str | None) -> Place:
    """After an optional faction letter, at ``$``: ``$``, ``$<n>`` (a numbered space of the
    board, ``A$4``) or ``$_<name>``."""
    cur.expect("$", "'$' (a faction board)")
    if cur.take("_"):
        return Place("field", faction=faction, name=_field_name(cur))
    if is_digit(cur.peek()):
        return Place("board", faction=faction, name=str(cur.number("a space of the board")))
    return Place.board(faction)


def _at_hireling(cur: Cursor) -> bool:
    """``h_<X>``: a hireling (its card), ``X`` its capital letter."""
    return cur.peek() == "h" and cur.peek(1) == "_" and is_owner(cur.peek(2))


def _hireling(cur: Cursor) -> tuple[str, bool]:
    """At ``h_<X>[d]``: ``h_X`` and whether ``d`` (demoted) follows. The notation uses a
    hireling where it uses a faction (``h_Op->4``, ``h_OXD4``): its letter is then ``h_X``."""
    cur.i += 3
    name = cur.s[cur.i - 3 : cur.i]
    return name, cur.take("d")


def _at_hireling_piece(cur: Cursor) -> bool:
    """``h_<X>[d]<piece type>``: a hireling's piece (``h_Op``, ``h_Ew3->5``)."""
    k = 4 if cur.peek(3) == "d" else 3
    return _at_hireling(cur) and is_piece_type(cur.peek(k))


def _side(cur: Cursor) -> str | None:
    """A faction letter or a hireling ``h_X[d]`` (as ``h_X``) at the cursor, or None."""
    if _at_hireling(cur):
        return _hireling(cur)[0]
    if is_faction(cur.peek()):
        cur.i += 1
        return cur.s[cur.i - 1]
    return None


def _field_name(cur: Cursor) -> str:
    """A board field's name: a faction letter, lowercase letters, or a number; or nothing."""
    ch = cur.peek()
    if is_faction(ch):
        cur.i += 1
        return ch
    start = cur.i
    if is_lower(ch):
        while is_lower(cur.peek()):
            cur.i += 1
    elif is_digit(ch):
        while is_digit(cur.peek()):
            cur.i += 1
        if cur.i - start > 3:
            raise cur.fail("the field number is too long", "a number", start)
    return cur.s[start : cur.i]


def _faction_place(cur: Cursor) -> Place | None:
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
    if is_faction(ch):
        cur.i += 1
        if cur.peek() == "$":
            return _board_or_field(cur, ch)
        return Place.hand(ch)
    return None


def _item_area(cur: Cursor) -> Place | None:
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


def _start(cur: Cursor, kind: str) -> Place | None:
    """An optional start location after a thing of ``kind``."""
    ch = cur.peek()
    if not ch or ch in "+)-^<":
        return None
    if kind in ("piece", "item", "card") and is_digit(ch):
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
    raise cur.fail(cur.found(), _START_EXPECTED[kind])


def _card_name(cur: Cursor) -> str | None:
    start = cur.i
    while cur.peek() and (cur.peek() in LOWER or cur.peek() == "@"):
        cur.i += 1
    return cur.s[start : cur.i] or None


def _piece(cur: Cursor) -> Piece:
    """``[owner]<type>[_<x>[_<y>...]]``: the owner is a faction letter or another capital
    (a hireling's, ``Sp``); each ``_x`` is one lowercase letter or digit (``t_k`` the keep,
    ``b_j_t`` a waystation, ``t_2_t`` a relic worth 2)."""
    faction: str | None = None
    if _at_hireling_piece(cur):
        faction = _hireling(cur)[0]
    elif is_owner(cur.peek()) and is_piece_type(cur.peek(1)):
        faction = cur.peek()
        cur.i += 1
    ch = cur.peek()
    if not is_piece_type(ch):
        raise cur.fail(cur.found(), "a piece type (w, p, b, t, f, or r for f)")
    cur.i += 1
    parts: list[str] = []
    while cur.peek() == "_" and (is_lower(cur.peek(1)) or is_digit(cur.peek(1))):
        parts.append(cur.peek(1))
        cur.i += 2
    if ch == "r":
        # The raft: the Ferry's letter before version 2.8 (whose example still writes
        # '(3w+r)1->12'), read as the Ferry 'f' (docs/rulings.md 182).
        ch = "f"
    return Piece(faction, ch, "_".join(parts) or None)


_THING_EXPECTED = (
    "a piece ('w', 'Cb_s'), a card ('F#', '#tax'), an item ('%s'), a board field ('$_r') "
    "or a group '(...)'"
)


def _thing(cur: Cursor) -> Thing:
    """One thing (not a group) at the cursor."""
    ch = cur.peek()
    if ch == "%":
        cur.i += 1
        t = cur.peek()
        if not t or t not in ITEM_TYPES:
            raise cur.fail(cur.found(), "an item type (s, b, c, x, h, t, r, f, u) or '_'")
        cur.i += 1
        return Item(t)
    if ch == "#" or (is_suit(ch) and cur.peek(1) == "#"):
        suit: str | None = None
        if ch != "#":
            suit = ch
            cur.i += 1
        cur.i += 1
        return Card(suit, _card_name(cur))
    if ch == "$" or (is_faction(ch) and cur.peek(1) == "$"):
        faction: str | None = None
        if ch != "$":
            faction = ch
            cur.i += 1
        cur.i += 1
        if not cur.take("_"):
            raise cur.fail(cur.found(), "'_' and a field name ('$_r'): a board is a place")
        return BoardField(faction, _field_name(cur))
    if is_digit(ch):
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
    if _at_hireling_piece(cur):
        return _piece(cur)
    if _at_hireling(cur):
        name, demoted = _hireling(cur)
        return Hireling(name[-1], demoted)
    if is_piece_type(ch) or (is_owner(ch) and is_piece_type(cur.peek(1))):
        return _piece(cur)
    raise cur.fail(cur.found(), _THING_EXPECTED)


def _terms(cur: Cursor, stop: str) -> list[Term]:
    """Terms joined by ``+`` up to ``stop`` (``->`` or ``^``); groups are flattened."""
    out: list[Term] = []
    while True:
        out.extend(_term(cur))
        if cur.peek() == "+":
            cur.i += 1
            continue
        if cur.startswith(stop) or cur.at_end():
            return out
        raise cur.fail(cur.found(), f"'+' or '{stop}'")


def _term(cur: Cursor) -> list[Term]:
    j = cur.i
    while is_digit(cur.peek(j - cur.i)):
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


def _group(cur: Cursor) -> list[Term]:
    """``(a+b+...)`` then ``#`` (a group of suits) or an optional common start."""
    open_at = cur.i
    cur.i += 1
    members: list[tuple[int, Thing | str, Place | None]] = []
    while True:
        n = cur.opt_count() or 1
        ch = cur.peek()
        if is_suit(ch) and cur.peek(1) in ("+", ")"):
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
        raise cur.fail(cur.found(), "'+' or ')' to close the group")
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


def _dest(cur: Cursor, mode: str) -> Place:
    """One destination. ``mode``: value (a board field's new value), items, or pieces."""
    ch = cur.peek()
    if mode == "value":
        if is_digit(ch):
            return Place("value", name=str(cur.number("a value")))
        if ch in ("h", "a") or is_suit(ch):
            cur.i += 1
            return Place("value", name=ch)
        raise cur.fail(cur.found(), "a value: a number, 'h', 'a' or a suit letter")
    if is_digit(ch):
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
        cur.found(),
        "a destination: a clearing, a forest, a faction board ('$', 'E$'), a Decree column "
        "('$_r'), a hand (a faction letter)"
        + (", an area (s, d, t) or a state (r, e)" if mode == "items" else ""),
    )


def _move(cur: Cursor) -> Move:
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
        raise cur.fail(cur.found(), "'+' and another destination, or the end of the action")
    return Move(tuple(terms), tuple(to))


def _battle(cur: Cursor) -> Battle:
    attacker = _side(cur)
    cur.expect("X", "'X'")
    d = _side(cur)
    if d is None:
        raise cur.fail(cur.found(), "the defending faction's letter (or 'h_<X>') after 'X'")
    c = cur.number("the battle's clearing", 1, MAX_CLEARING)
    ambushes: list[str] = []
    while is_suit(cur.peek()) and cur.peek(1) == "@":
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
        raise cur.fail(cur.found(), "ambush marks ('F@'), dice '(2,1)' or the end")
    return Battle(attacker, d, c, tuple(ambushes), dice)


def _craft(cur: Cursor) -> Craft:
    cur.expect("Z", "'Z'")
    if cur.take("%"):
        t = cur.peek()
        if not t or t not in ITEM_TYPES or t == "_":
            raise cur.fail(cur.found(), "an item type (s, b, c, x, h, t, r, f, u)")
        cur.i += 1
        out = Craft(item=t)
    else:
        name = _card_name(cur)
        if name is None or "@" in name:
            raise cur.fail(cur.found(), "'%' and an item, or a card name ('Zsabo')")
        if len(name) == 1 and name in ITEM_TYPES:
            # 'Zh': the specification's example turn writes a crafted item without its '%'
            # (no card is called by one letter; docs/rulings.md 180).
            out = Craft(item=name)
        else:
            out = Craft(card=name)
    if not cur.at_end():
        raise cur.fail(cur.found(), "the end of the craft")
    return out


def _score(cur: Cursor) -> Score | ScoreMarker:
    faction: str | None = None
    if is_faction(cur.peek()):
        faction = cur.peek()
        cur.i += 1
    sign = 1 if cur.peek() == "+" else -1
    cur.i += 2
    if sign > 0 and cur.take("->"):
        p = _faction_place(cur)
        if p is None or p.kind != "board" or not cur.at_end():
            raise cur.fail(cur.found(), "a faction board after '++->' ('E$')")
        return ScoreMarker(faction, p)
    n = 1
    if not cur.at_end():
        n = cur.number("the number of points", 1)
    if not cur.at_end():
        raise cur.fail(cur.found(), "the number of points or the end")
    return Score(faction, sign * n)


def _reveal_or_flip(cur: Cursor) -> Reveal | Flip:
    s = cur.s
    left = s[: s.index("^")]
    if left and "#" not in left and "(" not in left:
        if len(left) == 1 and is_faction(left):
            cur.i = 1
            return _reveal_tail(cur, (), left)
        # A piece in a clearing flipped face up: t6^t_e, Pt12^t_r, t_t10^2.
        piece = _piece(cur)
        c = cur.number("the clearing of the flipped piece", 1, MAX_CLEARING)
        cur.expect("^", "'^'")
        if is_digit(cur.peek()):
            v = cur.number("the relic's value", 0)
            out = Flip(piece, c, value=v)
        else:
            out = Flip(piece, c, becomes=_piece(cur))
        if not cur.at_end():
            raise cur.fail(cur.found(), "the end of the flip")
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


def _reveal_tail(cur: Cursor, terms: tuple[Term, ...], faction: str | None) -> Reveal:
    cur.expect("^", "'^'")
    target: str | None = None
    if is_faction(cur.peek()):
        target = cur.peek()
        cur.i += 1
    if not cur.at_end():
        raise cur.fail(cur.found(), "the faction the cards are shown to, or the end")
    return Reveal(terms, faction, target)


def _expose(cur: Cursor) -> Expose:
    cur.expect("?", "'?'")
    piece = _piece(cur)
    if piece.faction is None:
        raise cur.fail("the guessed piece names its faction", "'?Pt_e3'", 1)
    c = cur.number("the clearing of the guessed piece", 1, MAX_CLEARING)
    reveal: Piece | None = None
    if cur.take("^"):
        reveal = _piece(cur)
    if not cur.at_end():
        raise cur.fail(cur.found(), "the end of the guess")
    return Expose(piece, c, reveal)


def _trick(cur: Cursor) -> Trick:
    p1 = _piece(cur)
    a = cur.number("a clearing", 1, MAX_CLEARING)
    cur.expect("<->", "'<->'")
    p2 = _piece(cur)
    b = cur.number("a clearing", 1, MAX_CLEARING)
    if not cur.at_end():
        raise cur.fail(cur.found(), "the end of the trick")
    return Trick(p1, a, p2, b)


def parse_action(text: str, line: int = 0, column: int = 1) -> Action:
    """Parse one action fragment (what lies between two ``/``)."""
    s = text
    cur = Cursor(s, line, column)
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
    elif c0 == "X" or (is_faction(c0) and c1 == "X") or _hireling_battle(s):
        out = _battle(cur)
    elif c0 == "Z":
        out = _craft(cur)
    elif s.startswith(("++", "--")) or (is_faction(c0) and s[1:3] in ("++", "--")):
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


def _hireling_battle(s: str) -> bool:
    """``h_<X>[d]X...``: a hireling attacks (``h_OXD4``)."""
    k = 4 if s[3:4] == "d" else 3
    return s.startswith("h_") and is_owner(s[2:3]) and s[k : k + 1] == "X"


def _with_text(a: Action, text: str, column: int) -> Action:
    return replace(a, text=text, column=column)


# --- A turn line's actions -------------------------------------------------------------------


def parse_actions(body: str, line: int, col0: int) -> list[Action]:
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
