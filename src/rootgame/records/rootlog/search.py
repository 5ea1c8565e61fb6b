"""The importer's search states: where a state of the engine stands in the record
(:class:`Pos`), a way to go on (:class:`Cand`), a node of the depth-first search
(:class:`Node`), and the bounds of the search."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...cards import DECK
from .atoms import Line
from .cards import CardSpec
from .steps import Cut, Segment, Step

MAX_SILENT = 7
"""How many decisions in a row without any visible effect (choosing a move's clearings
before its count, declining a card) the search looks through (7 since ruling 435; a
question of which supporters pay with one answer is not counted: ``steps.LOOKED_THROUGH``)."""
MAX_JUMPS = 6
"""How many times the quick search (``Importer.lazy``), about to give up, goes back to the
decision that spent a card the furthest line lacks, or rolled unwritten dice
(``Importer.backjump``)."""
STALL = 400
STALL_PER_ATOM = 12
"""The search gives up when ``STALL`` search states, and ``STALL_PER_ATOM`` more per
movement of the furthest line reached, pass without reaching a later line."""
RESTART_AFTER = 3
"""The quick search starts its second search (``Importer.restart``, ruling 436) once a
third (``1 / RESTART_AFTER``) of that room has passed without reaching a later line or
going back, when its course holds a decision the other order makes otherwise and the
furthest line lacks no card (ruling 459). Of the imports of 1000-1629 whose first search
such a course stalled this long, one (1417, at 265 of 556 states) reached a later line
afterwards; the next longest wait that did was 0.30 of the room (1568)."""


Slot = tuple[int, int, CardSpec | None]
"""One time of a card between a draw and the next shuffle: (draw serial, epoch, what the
record wrote of it: None for nothing)."""


@dataclass(slots=True)
class Pos:
    """Where a search state stands in the record."""

    g: Any
    legal: list[tuple[Any, ...]]
    seg: Segment | None
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
    loose: dict[int, Slot] = field(default_factory=dict)
    """Cards drawn without a name that have left the hidden places (discarded, added to the
    Decree, spent, crafted) with only part of their identity written: id -> (draw serial,
    epoch, what was written: its suit, or the alike cards an item crafted may be). Their
    identity is still open within that (``identity.py``)."""
    past: dict[int, tuple[Slot, ...]] = field(default_factory=dict)
    """The earlier times of a card, drawn unnamed and spent before the pile it was
    shuffled into was drawn: id -> the (draw serial, epoch, what was written) of each."""
    fixed: frozenset[int] = frozenset()
    """Cards the record has named (drawn, spent or dealt by name): their identity is
    settled for the whole game."""
    shown: dict[int, frozenset[str]] = field(default_factory=dict)
    """Unnamed draws that were in a hand shown by Outrage (8.2.6): draw serial -> the
    suits the card cannot be (``shown.py``, ruling 750). Shared between positions: replaced,
    never changed in place."""

    def fork(self, g: Any, legal: list[tuple[Any, ...]]) -> Pos:
        """This position with the game ``g`` (a clone of this one's) and ``legal``, its maps
        of unnamed cards copied, so that an exchange tried on it leaves this one as it is."""
        return Pos(g, legal, self.seg, self.line, self.turns, self.left, dict(self.free),
                   self.epoch, self.done, dict(self.loose), dict(self.past), self.fixed,
                   self.shown)


@dataclass(slots=True)
class Cand:
    pos: Pos
    tokens: tuple[str, ...]
    events: tuple[tuple[Any, ...], ...]
    states: tuple[Cut, ...]
    rank: tuple[int, ...]


@dataclass(slots=True)
class Node:
    pos: Pos
    parent: Node | None = None
    tokens: tuple[str, ...] = ()
    events: tuple[tuple[Any, ...], ...] = ()
    states: tuple[Cut, ...] = ()
    children: list[Cand] | None = None
    frontier: list[Silent] = field(default_factory=list)
    """Silent states not searched yet (see ``Importer.children``)."""
    depth: int = 0
    repaired: bool = False
    """Made by ``Importer.repair`` (not repaired again)."""
    noted: bool = False
    k: int = 0
    spendings: frozenset[tuple[int, int]] | None = None
    """The unnamed draws the decision into this node spent, as (card, draw serial):
    worked out once, when a walk up the course first asks after the node's expansion
    (``walks.spendings``)."""
    taken: dict[tuple[str, ...], frozenset[int]] | None = None
    """The draws whose spending the course up to this node takes otherwise, by the kinds
    of events counted: worked out once after the node's expansion
    (``walks.taken_on_course``)."""


def course_path(node: Node) -> list[Node]:
    """The nodes of the course from the search's first to ``node``, in order."""
    path: list[Node] = []
    n: Node | None = node
    while n is not None:
        path.append(n)
        n = n.parent
    path.reverse()
    return path


Silent = tuple[Any, list[tuple[Any, ...]], tuple[str, ...], tuple[tuple[Any, ...], ...]]
"""A state reached without visible change: the state, its legal actions, the tokens and the
chance events (dice, picks) on the way."""



RANDOM_TAKES = ("stand-and-deliver", "steal", "swap-meet")
"""Actions that take a card at random from another hand (Stand and Deliver!, the Thief's
Steal, Swap Meet): the record names the card, the search picks it (``identity.py``)."""


def chance_events(st: Step) -> list[tuple[Any, ...]]:
    """The dice rolled and the random card taken in a step (for the final replay): a take
    as ``("pick", its place in the hand, the hand's seat, the card)``, the final replay
    taking the card by its place in its own hand (``result.py``)."""
    out: list[tuple[Any, ...]] = [("dice", hi, lo) for hi, lo in st.dice]
    if st.act is not None and st.act[0] in RANDOM_TAKES and \
            st.seat is not None:
        victim = int(st.act[1])
        taken = [c for c in st.after.hands[st.seat] if c not in st.before.hands[st.seat]]
        if taken and taken[0] in st.before.hands[victim]:
            out.append(("pick", st.before.hands[victim].index(taken[0]), victim, taken[0]))
    return out


SPENT_ROLL = ("dice", "rolled_a", "rolled_d")
"""A battle frame's roll and rolled hits, read by the rules only up to its hits step
(``rules.battle``: the hits each side deals, ``on_a`` and the removals, are taken from them
there); afterwards only shown."""
DEALT = ("hits_a", "hits_end", "triggers", "end")
"""The steps of a battle after its hits step."""


def frame_data(f: Any) -> list[tuple[Any, Any]]:
    """A frame's data in order, for telling states apart: a battle past its hits step
    without its roll (:data:`SPENT_ROLL`), so that rolls whose hits (after the cap,
    4.3.3.I) were alike give the same state: a roll the record does not write is chosen by
    the search (ruling 390), and two such rolls lead on alike, one way on (ruling 460; a
    backjump, ruling 427, goes on to a roll whose hits differ)."""
    items = f.data.items()
    if f.kind == "battle" and f.data.get("step") in DEALT:
        items = [kv for kv in items if kv[0] not in SPENT_ROLL]
    return sorted(items, key=lambda kv: str(kv[0]))


def fingerprint(g: Any, full: bool = False) -> str:
    """The state as text, for telling equal search states apart (hidden parts included;
    a battle's spent roll left out, :func:`frame_data`)."""
    parts: list[Any] = [
        [(f.kind, f.seat, frame_data(f)) for f in g.stack],
        sorted(g.turn.items(), key=lambda kv: str(kv[0])),
        [fs.to_dict() for fs in g.fs],
        g.dice,
    ]
    if full:
        parts += [g.warriors, g.buildings, g.tokens, [s.to_dict() for s in g.seats],
                  g.discard, g.deck[-8:], g.items]
    return repr(parts)


def craft_shortage(pos: Pos, ln: Line, left: list[int]) -> Callable[[tuple[Any, ...]], int]:
    """For a craft paid with a choice of suits (``any`` icons, Royal Claim): how many
    crafting pieces the later crafts of the line would then lack. Which pieces paid
    leaves no trace in the record; paying with the suits not needed later is tried
    first (the others are still tried)."""
    from ...rules.crafting import crafting_capacity

    g = pos.g
    seat = g.stack[-1].seat if g.stack else None
    crafts = [at.spec for k, at in enumerate(ln.atoms)
              if left[k] and at.kind == "craft" and at.spec is not None]
    if seat is None or seat != g.turn_seat or len(crafts) < 2:
        return lambda a: 0  # the crafts are the turn player's, not a defender's (4.1.1)
    cap = crafting_capacity(g, seat)
    hand = g.seats[seat].hand

    def f(a: tuple[Any, ...]) -> int:
        if a[0] != "craft" or len(a) < 3:
            return 0
        rest = dict(cap)
        for x in a[2:]:
            rest[str(x)] = rest.get(str(x), 0) - 1
        demand: dict[str, int] = {}
        used = {a[1]}
        for spec in crafts:
            c = next((x for x in hand if x not in used and spec.matches(x)), None)
            if c is None:  # drawn later in the line: a card of the deck it may be
                c = next((x.id for x in DECK if x.id not in used and spec.matches(x.id)),
                         None)
            if c is None:
                continue
            used.add(c)
            for suit in DECK[c].cost:
                if suit != "any":
                    demand[suit] = demand.get(suit, 0) + 1
        return sum(max(0, d - max(0, rest.get(s, 0))) for s, d in demand.items())

    return f


def decree_column(seat: int, key: Any, kind: str) -> int | None:
    """The Decree column (7.5.2: recruit, move, battle, build) an atom of the Eyrie
    ``seat``'s line carries out, where its kind tells: a warrior placed (recruit), a
    warrior leaving a clearing (move), a battle she starts, a roost placed (build)."""
    if not isinstance(key, tuple) or not key or key[0] != seat:
        return None
    if kind == "battle":
        return 2
    if kind == "from" and key[1] == "w":
        return 1
    if kind == "place":
        return {"w": 0, "b": 3}.get(str(key[1]))
    return None


def falls_in_column(ln: Line, left: list[int], seat: int, col: int, cards: int) -> bool:
    """Whether the line may have the Eyrie ``seat`` fall into turmoil (7.7, ``$_->`` still
    open) while she carries out Decree column ``col``, with ``cards`` cards of it left: no
    open action of the line before the purge belongs to a later column (the columns are
    carried out from left to right), and fewer open actions of this column than its cards
    left (as many show it used up). Which card of the column carried out an action leaves
    no trace (7.5.2); the card she fails is one left over, and a bird fits every clearing:
    there the search tries a bird first, keeping the cards of a suit (``Importer.ordered``).
    Ruling 550."""
    later = False
    mine = 0
    for k, at in enumerate(ln.atoms):
        if not left[k]:
            continue
        if at.kind == "purge" and at.key == seat:
            return not later and mine < cards
        c = decree_column(seat, at.key, at.kind)
        if c is not None and c > col:
            later = True
        mine += c == col
    return False


def leaves_short(g: Any, ln: Line, left: list[int], seat: int, a: tuple[Any, ...]) -> bool:
    """Whether Decree action ``a`` (``("move", suit, from, to)``, the recruit, battle or
    build of a clearing) leaves the other cards of the column being carried out short of
    its other open actions the line writes before the Eyrie's turmoil (each action its own
    card of the clearing's suit or a bird, 7.5.2): the action takes up the first such
    action of its clearing. The search tries it last in a column that may fall (ruling 550):
    a bird spent where a suited card fitted may leave a later action with none."""
    from ...rules.core import board, card_suit

    fs = g.fs[seat]
    col = fs.col
    cards = [card_suit(c) for c in fs.pending]
    if len(a) < 3 or str(a[1]) not in cards:
        return False
    cards.remove(str(a[1]))
    where = board(g)
    needs: list[str] = []
    taken = False
    for k, at in enumerate(ln.atoms):
        if not left[k]:
            continue
        if at.kind == "purge" and at.key == seat:
            break
        if decree_column(seat, at.key, at.kind) == col:
            clearing = int(at.key[-1])
            if not taken and clearing == a[2]:
                taken = True
                continue
            needs.append(where.card_suit_at(clearing))
    birds = cards.count("bird")
    short = 0
    for suit in set(needs):
        short += max(0, needs.count(suit) - (len(cards) if suit == "any" else cards.count(suit)))
    return short > birds


HELD_SUITS_FIRST = True
"""Whether, in the move column where the line has the Eyrie fall into turmoil, the search
tries first a card of a suit she can still carry out at the purge, the birds next, and
last a card of another suit (:func:`kept_to_fail`, ruling 616)."""


def held_suits(g: Any, ln: Line, left: list[int], seat: int) -> set[str]:
    """The suits whose cards the Eyrie ``seat`` can likely still carry out in the move
    column when the line writes her purge: a clearing of the suit where she has warriors
    then (those there now, with the line's open movements before the purge) and, where
    those movements leave the clearing alone, from which she can move now (``move_pairs``:
    warriors of a clearing she rules nor borders one she rules stay put). For
    :func:`kept_to_fail`, ruling 616."""
    from ...rules.core import board
    from ...rules.movement import move_pairs

    where = board(g)
    count = {c: g.warriors[c][seat] for c in where.clearings}
    touched: set[int] = set()
    for k, at in enumerate(ln.atoms):
        if not left[k]:
            continue
        if at.kind == "purge" and at.key == seat:
            break
        key = at.key
        if at.kind in ("from", "to", "place", "remove") and isinstance(key, tuple) and \
                len(key) == 3 and key[0] == seat and key[1] == "w":
            c = int(key[2])
            touched.add(c)
            count[c] += max(0, left[k]) * (1 if at.kind in ("to", "place") else -1)
    movable = {o for o, _d in move_pairs(g, seat, where.clearings)}
    return {s for c, n in count.items() if n > 0 and (c in touched or c in movable)
            for s in where.suits_at(c)}


def kept_to_fail(a: tuple[Any, ...], held: set[str] | None) -> int:
    """In a Decree column where the line has the Eyrie fall into turmoil (ruling 550): how
    late the search tries Decree action ``a``, a bird first (0), a card of a suit next (1);
    in the move column (``held``: :func:`held_suits`; None elsewhere), from 0 to 2. The
    card she fails is one left over that she cannot carry out (7.5.2, 7.7): not a card
    of a suit she can still carry out at the purge. Such a card is spent first (0), a
    bird next (1), a card of another suit last (2): which card carried out an action
    leaves no trace, and a bird spent where only the card of a suit she keeps could go
    leaves her that card to carry out at the purge (seed 6537). Ruling 616."""
    bird = len(a) > 1 and a[1] == "bird"
    if held is None or not HELD_SUITS_FIRST or a[0] != "move" or len(a) < 4:
        return 0 if bird else 1
    return 1 if bird else 0 if str(a[1]) in held else 2


def falling_rank(a: tuple[Any, ...], held: set[str] | None, short: bool) -> int:
    """How late the search tries Decree action ``a`` in a column where the line has the
    Eyrie fall into turmoil: :func:`kept_to_fail` (0 to 2), and an action that leaves the
    column short (``short``: :func:`leaves_short`, ruling 550) after every other, weighed
    3, not 2, which tied a short move of a suit she holds with a move of another suit
    (ruling 656)."""
    return kept_to_fail(a, held) + 3 * short


def distinct(ranked: list[Cand]) -> list[Cand]:
    """The best ranked of candidates with the same outcome (the state in full and what is
    left of the record), in order. Two outcomes alike have the same board, piles' ends and
    record left (:func:`outline`): the full fingerprint is taken only of candidates that
    share those with another."""
    outlines = [outline(c) for c in ranked]
    shared = Counter(outlines)
    seen: set[str] = set()
    out: list[Cand] = []
    for c, o in zip(ranked, outlines, strict=True):
        if shared[o] > 1:
            key = fingerprint(c.pos.g, full=True) + repr(sorted(c.pos.left.items()))
            if key in seen:
                continue
            seen.add(key)
        out.append(c)
    return out


def outline(c: Cand) -> tuple[Any, ...]:
    """Part of what :func:`distinct` compares, cheap to take: equal when the full
    fingerprints are."""
    g = c.pos.g
    return (tuple(g.warriors), tuple(g.buildings), tuple(g.tokens), tuple(g.discard),
            tuple(g.deck[-8:]), tuple((k, tuple(v)) for k, v in sorted(c.pos.left.items())))


class SeenStates:
    """The silent states met in one search of a decision, told apart by their fingerprint
    (:func:`fingerprint`), which is taken only of states that share their frames and dice
    with another (the fingerprints of such states are equal only when those are)."""

    def __init__(self) -> None:
        self.fingerprints: set[str] = set()
        self.first: dict[tuple[Any, ...], Any] = {}
        """Frames and dice -> the first state with them, until its fingerprint is taken."""

    def new(self, g: Any) -> bool:
        """Whether state ``g`` is unlike every state met so far (it is met from now on)."""
        key = frames(g)
        if key not in self.first:
            self.first[key] = g
            return True
        first = self.first[key]
        if first is not None:
            self.fingerprints.add(fingerprint(first))
            self.first[key] = None
        fp = fingerprint(g)
        if fp in self.fingerprints:
            return False
        self.fingerprints.add(fp)
        return True


def frames(g: Any) -> tuple[Any, ...]:
    """Part of what :func:`fingerprint` compares, cheap to take (:class:`SeenStates`): the
    frames' kinds and seats, the top frame's data, the dice."""
    top = frame_data(g.stack[-1]) if g.stack else []
    return (tuple((f.kind, f.seat) for f in g.stack), repr(top), tuple(g.dice))
