"""Ruling 660: a record that names its draws, imported where the searches give up
(``searches.searched``; docs/rootlog.md, "Records that name their draws"; Law 2.1, 3.1,
appendix A step 7), or before them where it names no starting hand (ruling 700); a record
that names its spendings (``F#stand C->``) likewise, where the first search gives up
(rulings 710-711). Rulings 661-662 mend it (a named craft kept, the check per movement).
Which records, the relaxed record and the checks against the record are ``relax.py``'s.

Such a record leaves open only some of its cards: the starting hands, and which card of its
suit a hand spent (``M#E->$_x``) or, where the spendings are named, which card each draw
took (``#->E``); yet the searches, fixing an unnamed card at once, are often refused by the
named cards to come. The fallback, in four steps:

1. **Relax** (``relax.relaxed``): the record with its draws unnamed (``#->E``), no starting
   hands and its spendings by suit only (``F#C->``), as people write it; the searches
   import such records.
2. **Skeleton**: the relaxed import's game replayed step by step (``writer._replay_history``)
   gives every card movement in order, each in the segment of its record line.
3. **Re-identify** (:class:`_Namer`): a chronological depth-first search over the cards the
   record leaves open (each spending by suit from a hand; each starting card and unnamed
   draw, held unnamed per pile's time and named only when a hand spends it, ruling 710) so
   that every card the record names is where it says: a card named drawn is in the draw
   pile then (held nowhere, not in the discard pile unshuffled), a card named spent is in
   its hand. The search prefers spending the held card that a named draw soonest needs
   back, and gives an unnamed card the name needed latest; it is bounded by ``NODES``
   choices alone (no time bound: the result does not depend on the machine), each choice's
   forward check costing at most one look per held name.
   A craft of an item card is open (any card crafting that item) only where the record's
   ``Craft`` gives the item alone (``Z%b``); a craft the record names (``Zmouseinasack``) is
   that card (ruling 661).
4. **Verify**: the relaxed game written again with those names (a fully named record, the
   starting hands in the setup lines, named crafts by name; :class:`_Renamer`) is imported,
   and kept only when its board at every line is the relaxed import's and every card the
   record names, moved (``relax.agrees``, per movement, ruling 662) or crafted
   (``relax.crafts_agree``), is what the returned game's steps move and craft.

The replay returned carries the original record, the board at every line, and counts the
cards the fallback chose (``RootlogReplay.chosen``). Where any step fails the fallback gives
``None`` and the second search's error is raised, as before.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...cards import DECK
from . import relax
from .cards import card_text
from .notation import DECK_OPTION, SUIT_NAMES, Card, Craft, Move, RootlogError, RootlogGame
from .reader import parse_rootlog
from .relax import (
    agrees,
    craft_names,
    crafts_agree,
    first_named,
    is_draw,
    is_spending,
    name_of,
    names_spendings,
    relaxed,
    spent_by_name,
)
from .result import RootlogReplay
from .steps import AT_DECK, Step, board_lines, card_moves, from_discard, reshuffled
from .writer import _replay_history, _Replayed, _Writer, written

__all__ = ["agrees", "crafts_agree", "first_named", "named_fallback", "names_spendings",
           "relaxed"]

NODES = 250_000
"""Choices the re-identification tries at most after the first search (ruling 660; 20,000
before ruling 701): its only bound, so that the result does not depend on the machine
(about 10 microseconds a choice)."""

FIRST_NODES = 20_000
"""Choices the re-identification tries at most where it comes before the searches (rulings
700-701): a record it cannot name within them is searched first."""

JOKER = "?"
"""Blamed for a spending no held card fits: the choices that gave a starting card a name
(another name would have left it for this spending)."""

Again = Callable[[RootlogGame, bool], RootlogReplay]
"""The searches of a record (the first alone when told), without this fallback
(``searches.searched``)."""


@dataclass(slots=True)
class Relaxed:
    """The relaxed import of a record and its skeleton, kept between the fallback's two runs
    (rulings 700-701)."""

    tried: bool = False
    """Whether the relaxed import was made (it is not tried again where it failed)."""
    first: RootlogReplay | None = None
    """The relaxed record's replay by the searches."""
    rp: _Replayed | None = None
    """Its skeleton; None where the relaxed record is refused or there is none."""
    done: bool = False
    """Whether a run ended without being cut by its bound: the next would end the same."""


def named_fallback(
    rec: RootlogGame, again: Again, nodes: int = NODES, memo: Relaxed | None = None,
) -> RootlogReplay | None:
    """Ruling 660 (Law 2.1, 3.1, appendix A step 7): the record ``rec`` whose draws are
    named, imported through its relaxed import (see the module's docstring), the
    re-identification within ``nodes`` choices (ruling 701); None where it does not
    explain the record, whatever step fails (any ``RootlogError`` on the way: the second
    search's error is then raised, as documented). ``memo`` keeps the relaxed import for
    the next run on the same record."""
    try:
        return _fallback(rec, again, nodes, Relaxed() if memo is None else memo)
    except (RootlogError, StopIteration):
        return None


def _fallback(rec: RootlogGame, again: Again, nodes: int, memo: Relaxed) -> RootlogReplay | None:
    if not memo.tried:
        memo.tried = True  # where the relaxed import fails, it is not tried again
        loose = relax.relaxed(rec)
        if loose is None:
            return None
        memo.first = again(loose, False)
        memo.rp = _replay_history(memo.first.game, None, None)
    rp, first = memo.rp, memo.first
    if rp is None or first is None or memo.done:
        return None
    namer = _Namer(rec, rp, nodes)
    found = namer.run()
    # A run the bound did not cut ends the same with more choices (the search's order
    # does not change): the next run would repeat it.
    memo.done = not namer.cut
    if found is None:
        return None
    w = _Renamer(list(first.game.state.factions), rp.g.landmarks.get("black-market", 0))
    w.names, w.hands, w.crafts, w.steps = found.names, found.hands, found.crafts, rp.obs.steps
    full = parse_rootlog(written(first.game, rp, w))
    if not agrees(rec, full):
        return None
    out = again(full, True)  # a fully named record: the quick search replays it
    if board_lines(out.turns) != board_lines(first.turns):
        return None
    # Ruling 661: what the returned game's steps move and craft, not only what was written.
    rp2 = _replay_history(out.game, None, None)
    plain = _Writer(list(out.game.state.factions), rp2.g.landmarks.get("black-market", 0))
    if not agrees(rec, parse_rootlog(written(out.game, rp2, plain))) or \
            not crafts_agree(rec, rp2, plain):
        return None
    out.record = rec
    out.chosen = found.chosen
    return out


class _Renamer(_Writer):
    """The writer of the fully named record: each moved card written by the name the
    re-identification gave it, and the starting hands it chose."""

    names: dict[tuple[int, int], str]
    hands: dict[int, list[str]]
    crafts: dict[int, str]
    """The crafts the record names (ruling 661): by step index, ``Z<name>`` as written."""
    steps: list[Step]
    at: int = -1
    """The index of the step written (in ``steps``)."""

    def step(self, st: Step, cur: int) -> list[Any]:
        self.at += 1
        while self.steps[self.at] is not st:
            self.at += 1
        return super().step(st, cur)

    def text_of(self, cid: int) -> str:
        return self.names.get((self.at, cid), card_text(cid))

    def craft(self, cid: int) -> str:
        return self.crafts.get(self.at) or super().craft(cid)

    def starting_hand(self, hand: tuple[int, ...], seat: int) -> list[str]:
        counts = Counter(self.hands.get(seat, [card_text(c) for c in hand]))
        return ["+".join(f"{n}{t}" if n > 1 else t for t, n in counts.items())
                + "->" + self.letters[seat]]


@dataclass(slots=True)
class _Event:
    """One card movement of the skeleton: ``kind`` draw (from the draw pile to the hand of
    ``seat``), leave (from that hand), move (between other places) or reshuffle."""

    kind: str
    key: tuple[int, int] = (0, 0)
    seat: int = -1
    dst: tuple[Any, ...] = ()
    cid: int = -1
    name: str | None = None
    suit: str | None = None
    cids: tuple[int, ...] = ()
    drawn: tuple[str, ...] = ()
    """A reshuffle's: the named draws of its step from the old pile (they take its last)."""
    old: bool = False
    """A draw of the last of the old pile at a reshuffle's step (ruling 710)."""
    late: int = 0
    """A reshuffle's: the unnamed draws of its step from the old pile (ruling 710)."""
    item: str | None = None
    """A crafted item card's item (``Z%b``: any card crafting that item)."""
    among: frozenset[str] | None = None
    """A craft the record names (``Zroottea``): the cards it may be (ruling 661)."""


Pending = dict[int, list[tuple[int, int] | None]]
"""A hand's cards still unnamed (ruling 710): per pile's time (0 the first, with the starting
cards), the draws that took them (their step and card; None for a starting card)."""


@dataclass(slots=True)
class _State:
    """The cards where the re-identification has them: each hand's known cards and its
    cards still unnamed per pile's time (``jokers``, ruling 710), the present draw pile
    counted with those of its time (``pile``) and its least count since that time began
    (``low``; since the setup for the first), what each finished pile's time left for its
    cards still unnamed (``left``), the cards elsewhere by id (``true``)."""

    hands: list[Counter[str]]
    jokers: list[Pending]
    pile: Counter[str]
    low: dict[str, int]
    true: dict[int, str]
    named: tuple[Any, ...] | None = None
    starts: list[list[str]] = field(default_factory=list)
    chosen: int = 0
    era: int = 0
    left: dict[int, Counter[str]] = field(default_factory=dict)

    def copy(self) -> _State:
        return _State([Counter(h) for h in self.hands],
                      [{e: list(v) for e, v in j.items()} for j in self.jokers],
                      Counter(self.pile), dict(self.low), dict(self.true), self.named,
                      [list(s) for s in self.starts], self.chosen, self.era,
                      {e: Counter(v) for e, v in self.left.items()})

    def take(self, name: str) -> None:
        self.pile[name] -= 1
        self.low[name] = min(self.low.get(name, 0), self.pile[name])

    def waiting(self, seat: int) -> int:
        """How many cards of the hand of ``seat`` are still unnamed."""
        return sum(len(v) for v in self.jokers[seat].values())

    def give(self, seat: int, era: int, name: str, cid: int) -> None:
        """A card of the hand of ``seat`` still unnamed, of the pile's time ``era``, named
        ``name`` (the draw of the card ``cid`` where the hand has it unnamed)."""
        keys = self.jokers[seat][era]
        k = next((k for k, key in enumerate(keys) if key is not None and key[1] == cid), 0)
        key = keys.pop(k)
        if not keys:
            del self.jokers[seat][era]
        if era == self.era:
            self.low[name] -= 1
            self.pile[name] -= 1
        else:
            self.left[era][name] -= 1
        if key is None:
            self.starts[seat].append(name)
        else:
            self.named = (key, name, self.named)
        self.chosen += 1

    def names_for(self, era: int) -> list[str]:
        """The names a card still unnamed of the pile's time ``era`` may take."""
        if era == self.era:
            return [n for n, low in self.low.items() if low >= 1]
        return [n for n, k in self.left[era].items() if k >= 1]


@dataclass(slots=True)
class _Found:
    names: dict[tuple[int, int], str]
    hands: dict[int, list[str]]
    chosen: int
    crafts: dict[int, str] = field(default_factory=dict)


class _Namer:
    """The re-identification (step 3 of the module's docstring)."""

    def __init__(self, rec: RootlogGame, rp: _Replayed, bound: int = NODES) -> None:
        self.rec, self.rp = rec, rp
        self.bound = bound
        """The choices it tries at most (``NODES``, ``FIRST_NODES``)."""
        self.cut = False
        """Whether the bound ended the search."""
        self.events: list[_Event] = []
        self.nodes = 0
        self.backjump = True
        """Jump back over the choices of other cards than those found missing."""
        self.reached = 0
        """The furthest event the search reached (where a refusal is hardest)."""
        self.crafts: dict[int, str] = {}
        """The crafts the record names, by step index (ruling 661)."""
        self._fitting: dict[int, frozenset[str]] = {}
        """:meth:`fitting`'s names per event index."""
        self.kind: dict[str, tuple[str, str, str | None]] = {}
        self.era_of: dict[tuple[int, int], int] = {}
        """The pile's time of the relaxed import's draw of the card each leave takes."""
        self.ok = self.compile()
        self.reshuffles = [i for i, e in enumerate(self.events) if e.kind == "reshuffle"]
        self.leaves: dict[int, list[int]] = {}
        for i, e in enumerate(self.events):
            if e.kind == "leave":
                self.leaves.setdefault(e.seat, []).append(i)
        self.next_draw: dict[str, list[int]] = {}
        for i, e in enumerate(self.events):
            if e.kind == "draw" and e.name is not None:
                self.next_draw.setdefault(e.name, []).append(i)

    def compile(self) -> bool:
        rec, rp = self.rec, self.rp
        segs = rp.obs.segments
        letters = [rec.turns[i].faction if i < len(rec.turns) else "" for i in range(len(segs))]
        if len(segs) != len(rec.turns):
            return False
        seat_of: dict[str, int] = {}
        for seg, letter in zip(segs, letters, strict=True):
            if seat_of.setdefault(letter, seg.seat) != seg.seat:
                return False
        deck = DECK_OPTION[rec.deck]
        era = 0
        drawn_in: dict[int, int] = {}  # the pile's time of each card's latest draw
        queues: dict[tuple[int, int], deque[str | None]] = {}
        for i, t in enumerate(rec.turns):
            for a in t.actions:
                if isinstance(a, Move) and is_draw(a):
                    for x in a.terms:
                        assert isinstance(x.what, Card)
                        n = name_of(x.what, deck) if x.what.name is not None else None
                        for p in a.to:
                            seat = seat_of.get(p.faction or t.faction, -1)
                            queues.setdefault((i, seat), deque()).extend([n] * x.count)
        self.setup = {seat: [n for n in q if n is not None]
                      for (i, seat), q in queues.items() if rec.turns[i].setup}
        spends = self.spendings(seat_of)
        crafts = [deque(a for a in t.actions if isinstance(a, Craft)) for t in rec.turns]
        for k, st in enumerate(rp.obs.steps):
            if st.seg == 0:
                continue
            taken = from_discard(st)
            moves = card_moves(st.before, st.after, taken)
            if reshuffled(st.before, st.after, taken):
                after = st.after.cards
                back = [c for c in st.before.discard if after.get(c) != ("discard",)
                        and c not in taken]
                old = {c for c, a, b in moves if a == AT_DECK and b[0] == "hand"
                       and c not in st.before.discard}
                per = Counter(b[1] for c, a, b in moves if c in old)
                drawn = tuple(n for seat, k in per.items()
                              for n in [*queues.get((st.seg - 1, seat), ())][:k] if n)
                self.events.append(_Event("reshuffle", cids=tuple(back), drawn=drawn,
                                          late=len(old) - len(drawn)))
                era += 1
            else:
                old = set()
            act = st.act
            fixed = {int(act[1])} if act is not None and act[0] in ("ambush", "craft") else set()
            named: frozenset[str] | None = None
            if act is not None and act[0] == "craft":
                cr = crafts[st.seg - 1].popleft() if crafts[st.seg - 1] else None
                if cr is not None and cr.card is not None and DECK[int(act[1])].kind == "item":
                    named = craft_names(cr, deck)  # ruling 661: the cards the record names
                    if not named:
                        return False
                    self.crafts[k] = "Z" + cr.card
            for cid, src, dst in moves:
                key = (k, cid)
                if src == AT_DECK and dst[0] == "hand":
                    q = queues.get((st.seg - 1, dst[1]))
                    if not q:
                        return False
                    self.events.append(_Event("draw", key, dst[1], name=q.popleft(),
                                              old=cid in old))
                    drawn_in[cid] = era - 1 if cid in old else era
                elif src[0] == "hand":
                    c = DECK[cid]
                    among = named if cid in fixed else None
                    item = c.item if cid in fixed and act is not None and \
                        act[0] == "craft" and c.kind == "item" and among is None else None
                    open_ = item is not None or among is not None or cid not in fixed and \
                        dst[0] in ("discard", "decree") and c.kind != "dominance"
                    name = None if open_ else card_text(cid)
                    if open_ and among is None and item is None:
                        # Ruling 710: the card the record names spent, of this suit.
                        left = spends.get((st.seg - 1, src[1], dst[0]), [])
                        j = next((j for j, (suit, _n) in enumerate(left) if suit == c.suit),
                                 None)
                        if j is not None:
                            name = left.pop(j)[1]
                    self.era_of[key] = drawn_in.get(cid, 0)
                    self.events.append(_Event(
                        "leave", key, src[1], dst, cid, name,
                        c.suit if name is None and among is None else None, item=item,
                        among=among))
                elif src == AT_DECK:
                    return False
                else:
                    self.events.append(_Event("move", key, -1, dst, cid))
        first = next(st for st in rp.obs.steps if st.seg > 0).before
        for cid in first.cards:
            self.kind[card_text(cid)] = (DECK[cid].suit, DECK[cid].kind, DECK[cid].item)
        return True

    def spendings(self, seat_of: dict[str, int]) -> dict[tuple[int, int, str],
                                                          list[tuple[str, str | None]]]:
        """Ruling 710: the cards each line's hands discard or add to the Decree, as the
        record gives them (suit, and ``card_text`` of the card named or None), in order,
        keyed by line, seat and where to (``discard``, ``decree``)."""
        deck = DECK_OPTION[self.rec.deck]
        out: dict[tuple[int, int, str], list[tuple[str, str | None]]] = {}
        for i, t in enumerate(self.rec.turns):
            for a in t.actions:
                if not isinstance(a, Move) or not is_spending(a):
                    continue
                for x in a.terms:
                    c = x.what
                    if not isinstance(c, Card) or c.suit is None or x.start is None:
                        continue
                    seat = seat_of.get(x.start.faction or t.faction, -1)
                    n = name_of(c, deck) if spent_by_name(x) else None
                    key = (i, seat, "decree" if a.to else "discard")
                    out.setdefault(key, []).extend([(SUIT_NAMES[c.suit], n)] * x.count)
        return out

    def start(self) -> _State | None:
        rp = self.rp
        first = next(st for st in rp.obs.steps if st.seg > 0).before
        pile: Counter[str] = Counter()
        true: dict[int, str] = {}
        for cid, loc in first.cards.items():
            if loc == AT_DECK or loc[0] == "hand":
                pile[card_text(cid)] += 1
            else:
                true[cid] = card_text(cid)
        n = len(rp.hands0)
        s = _State([Counter() for _ in range(n)],
                   [{0: [None] * len(h)} if h else {} for h in rp.hands0], pile, dict(pile),
                   true, None, [[] for _ in range(n)])
        for seat, names in self.setup.items():
            for name in names:
                if s.waiting(seat) < 1 or s.pile[name] < 1:
                    return None
                s.jokers[seat][0].pop()
                if not s.jokers[seat][0]:
                    del s.jokers[seat][0]
                s.take(name)
                s.hands[seat][name] += 1
                s.starts[seat].append(name)
        return s

    def run(self) -> _Found | None:
        if not self.ok:
            return None
        end: _State | frozenset[str] | None = None
        for self.backjump in (True, False):
            # Backjumping first; where it misses (it is not complete), every choice again.
            s = self.start()
            if s is None:
                return None
            try:
                end = self.search(0, s)
            except _OutOfChoices:
                self.cut = True
                return None
            if isinstance(end, _State):
                break
        if not isinstance(end, _State):
            return None
        names: dict[tuple[int, int], str] = {}
        for seat, pending in enumerate(end.jokers):
            for era in sorted(pending):  # a copy: ``give`` takes the eras done
                while era in end.jokers[seat]:
                    name = self.spare(end, seat, era)
                    if name is None:
                        return None
                    end.give(seat, era, name, -1)
        chain = end.named
        while chain is not None:
            names.setdefault(chain[0], chain[1])
            chain = chain[2]
        return _Found(names, dict(enumerate(end.starts)), end.chosen, self.crafts)

    def spare(self, s: _State, seat: int, era: int) -> str | None:
        """A name for a card never spent of the pile's time ``era``: one that pile held
        all along (the starting hand's own first)."""
        hand0 = [card_text(c) for c in self.rp.hands0[seat]] if era == 0 else []
        names = s.names_for(era)
        return next((n for n in [*hand0, *sorted(names)] if n in names), None)

    def after(self, i: int, name: str) -> int:
        """The event of the next named draw of ``name`` after event ``i`` (a large number
        for none)."""
        for j in self.next_draw.get(name, ()):
            if j > i:
                return j
        return 1 << 30

    def search(self, i: int, s: _State) -> _State | frozenset[str] | None:
        """The search from event ``i`` on: the state at the end, or the names of the cards
        found missing (a named draw's, or those a spending may take): the choices of those
        cards are the ones to try again, the search jumps back to them; None to try every
        choice again."""
        events = self.events
        while i < len(events):
            e = events[i]
            self.reached = max(self.reached, i)
            if e.kind == "leave":
                return self.choose(i, e, s)
            if e.kind == "draw":
                if e.name is None:
                    # Ruling 710: an unnamed draw, named where its hand spends it.
                    era = s.era - 1 if e.old else s.era
                    s.jokers[e.seat].setdefault(era, []).append(e.key)
                    i += 1
                    continue
                if s.pile[e.name] < 1:
                    return frozenset((e.name,))
                s.take(e.name)
                s.hands[e.seat][e.name] += 1
                s.named = (e.key, e.name, s.named)
            elif e.kind == "reshuffle":
                why = self.emptied(s, e)
                if why is not None:
                    return why
                for c in e.cids:
                    if c not in s.true:
                        return None
                    s.pile[s.true.pop(c)] += 1
                s.low = dict(s.pile)
            else:
                name = s.true.get(e.cid)
                if name is None:
                    return None
                s.named = (e.key, name, s.named)
                self.put(s, e, name)
            i += 1
        return s

    def emptied(self, s: _State, e: _Event) -> frozenset[str] | None:
        """The draw pile emptied at the reshuffle ``e`` (2.1): what it held, its step drew
        by name and the hands' cards still unnamed of its time (with its step's unnamed
        draws of its last); these are left to them (``_State.left``, ruling 710), its
        names found missing where they are not as many. A new pile's time begins."""
        left = s.pile - Counter(e.drawn)
        held = sum(len(j.get(s.era, ())) for j in s.jokers)
        if sum(left.values()) != held + e.late:
            return frozenset([JOKER, *left])
        s.left[s.era] = left
        s.era += 1
        s.pile = Counter(e.drawn)
        return None

    def drawn_soon(self, i: int, name: str) -> int:
        """How many named draws of ``name`` come after event ``i`` before the next
        reshuffle (a starting card given that name leaves the draw pile until then)."""
        end = next((r for r in self.reshuffles if r > i), len(self.events))
        return sum(1 for j in self.next_draw.get(name, ()) if i < j < end)

    def put(self, s: _State, e: _Event, name: str) -> None:
        """The card ``name`` of the event ``e`` put where it goes."""
        s.true.pop(e.cid, None)
        if e.dst[0] == "hand":
            s.hands[e.dst[1]][name] += 1
        elif e.dst == AT_DECK:
            s.pile[name] += 1
        else:
            s.true[e.cid] = name

    def fits(self, e: _Event, name: str) -> bool:
        """Whether the card ``name`` may be the one the leave ``e`` takes from the hand."""
        if e.name is not None:
            return name == e.name
        suit, kind, item = self.kind.get(name, ("", "", None))
        if e.among is not None:
            return name in e.among
        if e.item is not None:
            return item == e.item  # its cost may be of another suit: the verify tells
        return suit == e.suit and kind != "dominance"

    def fitting(self, i: int) -> frozenset[str]:
        """Every name that :meth:`fits` the leave of event ``i``, found once per event (the
        search asks at each of its choices): its name, or the names it may be among, or the
        deck's names that fit it (no other name fits a leave naming neither)."""
        got = self._fitting.get(i)
        if got is None:
            e = self.events[i]
            got = (frozenset((e.name,)) if e.name is not None else
                   e.among if e.among is not None else
                   frozenset(n for n in self.kind if self.fits(e, n)))
            self._fitting[i] = got
        return got

    def doomed(self, i: int, s: _State) -> frozenset[str] | None:
        """The forward check after event ``i``: a card held whose next named draw finds no
        copy of it in the draw pile whatever comes: none is there now, and none held can
        leave its hand (a leave that may take it) before a reshuffle before that draw, nor
        is any discarded with a reshuffle to come before it."""
        for name in sorted({n for hand in s.hands for n, k in hand.items() if k > 0}):
            if s.pile[name] < 1 and not self.freed(i, s, name):
                return frozenset((name,))
        return None

    def freed(self, i: int, s: _State, name: str) -> bool:
        j = self.after(i, name)
        if j >= len(self.events):
            return True
        r = next((r for r in reversed(self.reshuffles) if i < r < j), None)
        if r is None:
            return False
        if name in s.true.values():
            return True
        return any(any(i < k < r and name in self.fitting(k)
                       for k in self.leaves.get(seat, ()))
                   for seat, hand in enumerate(s.hands) if hand[name] > 0)

    def choose(self, i: int, e: _Event, s: _State) -> _State | frozenset[str] | None:
        hand = s.hands[e.seat]
        options: list[tuple[tuple[int | bool, ...], str, int]] = []
        relaxed_name = card_text(e.cid)
        fitting = self.fitting(i)
        for name, n in hand.items():
            if n > 0 and name in fitting:
                options.append(((0, self.after(i, name), name != relaxed_name), name, -1))
        rel = self.era_of.get(e.key, 0)
        for era in s.jokers[e.seat]:
            # Ruling 710: a card still unnamed of each pile's time the hand drew from, the
            # relaxed import's own first.
            now = era == s.era
            for name in s.names_for(era):
                if name in fitting and (not now or s.pile[name] > self.drawn_soon(i, name)):
                    options.append(((1, era != rel, era, -self.after(i, name),
                                     name != relaxed_name), name, era))
        options.sort()
        names = {name for _k, name, _j in options}
        if any(era >= 0 for *_, era in options):
            names.add(JOKER)
        blamed: frozenset[str] | None = frozenset(
            [JOKER, *fitting]) if not options else frozenset()
        for k, (_key, name, era) in enumerate(options):
            self.nodes += 1
            if self.nodes > self.bound:
                raise _OutOfChoices
            t = s if k == len(options) - 1 else s.copy()
            if era >= 0:
                t.give(e.seat, era, name, e.cid)
            else:
                t.hands[e.seat][name] -= 1
            if e.name is None:
                t.chosen += 1
            t.named = (e.key, name, t.named)
            self.put(t, e, name)
            got = self.doomed(i, t) or self.search(i + 1, t)
            if isinstance(got, _State):
                return got
            if got is None or blamed is None:
                blamed = None
            elif self.backjump and not got & names:
                return got  # no choice here is of the cards found missing: back further
            else:
                blamed = blamed | got
        return blamed


class _OutOfChoices(Exception):
    """The re-identification's bound reached (``NODES``)."""
