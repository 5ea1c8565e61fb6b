"""Ruling 660: a record that names its draws, imported where the searches give up
(``searches.searched``; docs/rootlog.md, "Records that name their draws"; Law 2.1, 3.1,
appendix A step 7), or before them where it names no starting hand (ruling 700,
:func:`first_named`). Rulings 661-662 mend it (a named craft kept, the check per movement).

Such a record leaves open only the starting hands and which card of its suit a hand spent
(``M#E->$_x``), yet the searches, fixing an unnamed card at once, are often refused by the
named draws to come. The fallback, in four steps:

1. **Relax** (:func:`relaxed`): the record with its draws unnamed (``#->E``) and no starting
   hands, as people write it; the searches import such records.
2. **Skeleton**: the relaxed import's game replayed step by step (``writer._replay_history``)
   gives every card movement in order, each in the segment of its record line.
3. **Re-identify** (:class:`_Namer`): a chronological depth-first search over the cards the
   record leaves open (each spending by suit from a hand, each starting card, resolved only
   when a hand spends it) so that every card the record names is where it says: a card named
   drawn is in the draw pile then (held nowhere, not in the discard pile unshuffled). The
   search prefers spending the held card that a named draw soonest needs back, and gives a
   starting card the name needed latest; it is bounded by ``NODES`` choices alone (no time
   bound: the result does not depend on the machine), each choice's forward check costing
   at most one look per held name.
   A craft of an item card is open (any card crafting that item) only where the record's
   ``Craft`` gives the item alone (``Z%b``); a craft the record names (``Zmouseinasack``) is
   that card (ruling 661).
4. **Verify**: the relaxed game written again with those names (a fully named record, the
   starting hands in the setup lines, named crafts by name; :class:`_Renamer`) is imported,
   and kept only when its board at every line is the relaxed import's and every card the
   record names, moved (:func:`agrees`, per movement, ruling 662) or crafted
   (:func:`crafts_agree`), is what the returned game's steps move and craft.

The replay returned carries the original record, the board at every line, and counts the
cards the fallback chose (``RootlogReplay.chosen``). Where any step fails the fallback gives
``None`` and the second search's error is raised, as before.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ...cards import DECK
from .cards import card_text, spec_from_name
from .notation import (
    DECK_OPTION,
    SUIT_NAMES,
    Card,
    Craft,
    Move,
    RootlogError,
    RootlogGame,
    Term,
    Turn,
)
from .reader import parse_rootlog
from .result import RootlogReplay
from .steps import AT_DECK, Step, card_moves, from_discard, reshuffled
from .writer import _replay_history, _Replayed, _Writer, written

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
"""The three searches of a record (the first alone when told), without this fallback
(``searches.searched``)."""


Relaxed = dict[str, Any]
"""The relaxed import of a record and its skeleton, kept between the fallback's two runs
(rulings 700-701: ``first`` and ``rp``, or ``rp`` None where the relaxed record is
refused or there is none)."""


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
        return _fallback(rec, again, nodes, {} if memo is None else memo)
    except (RootlogError, StopIteration):
        return None


def _fallback(rec: RootlogGame, again: Again, nodes: int, memo: Relaxed) -> RootlogReplay | None:
    if "rp" not in memo:
        memo["rp"] = None  # where the relaxed import fails, it is not tried again
        loose = relaxed(rec)
        if loose is None:
            return None
        memo["first"] = again(loose, False)
        memo["rp"] = _replay_history(memo["first"].game, None, None)
    rp: _Replayed | None = memo["rp"]
    if rp is None:
        return None
    first: RootlogReplay = memo["first"]
    found = _Namer(rec, rp, nodes).run()
    if found is None:
        return None
    w = _Renamer(list(first.game.state.factions), rp.g.landmarks.get("black-market", 0))
    w.names, w.hands, w.crafts, w.steps = found.names, found.hands, found.crafts, rp.obs.steps
    full = parse_rootlog(written(first.game, rp, w))
    if not agrees(rec, full):
        return None
    out = again(full, True)  # a fully named record: the quick search replays it
    if [(t.faction, t.pieces, t.vp) for t in out.turns] != [
            (t.faction, t.pieces, t.vp) for t in first.turns]:
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


def _drawn(m: Move) -> bool:
    """A draw into hands: cards from the draw pile (no start) to faction hands."""
    return bool(m.to) and all(p.kind == "hand" for p in m.to) and all(
        t.start is None and isinstance(t.what, Card) for t in m.terms)


def first_named(rec: RootlogGame) -> bool:
    """Ruling 700: whether ruling 660's fallback is tried before the searches: the record
    names a draw into a hand but no starting card (its setup lines' draws), as a player who
    notes each card drawn but not the hands dealt writes it. The searches, fixing each
    unnamed starting card at once, are mostly refused by such a record's named draws to
    come, after long searches; the fallback explains it at the cost of about three quick
    imports. A record naming its starting hands too (the export) is searched first."""
    named = hands = False
    for t in rec.turns:
        for a in t.actions:
            if isinstance(a, Move) and _drawn(a) and any(
                    isinstance(x.what, Card) and x.what.name is not None for x in a.terms):
                if t.setup:
                    hands = True
                else:
                    named = True
    return named and not hands


def relaxed(rec: RootlogGame) -> RootlogGame | None:
    """The record with what its draws name left out (``#->E``) and no starting hands (the
    setup lines' draws), as people write it; None when it names no draw."""
    named = False
    turns: list[Turn] = []
    for t in rec.turns:
        actions: list[Any] = []
        for a in t.actions:
            if isinstance(a, Move) and _drawn(a):
                named = named or any(isinstance(x.what, Card) and x.what.name is not None
                                     for x in a.terms)
                if t.setup:
                    continue
                n = sum(x.count for x in a.terms)
                a = replace(a, terms=(Term(n, Card()),))
            actions.append(a)
        turns.append(replace(t, actions=actions))
    return replace(rec, turns=turns) if named else None


def _name(c: Card, deck: str) -> str | None:
    """``card_text`` of the card ``c`` names (its first card of the deck ``deck``)."""
    spec = spec_from_name(SUIT_NAMES.get(c.suit or "", None), c.name, deck)
    if spec is None or spec.keys is None:
        return None
    return next((card_text(x.id) for x in DECK if x.key in spec.keys), None)


def agrees(rec: RootlogGame, full: RootlogGame) -> bool:
    """Whether every card the record ``rec`` moves, line by line, is a card the fully named
    record ``full`` moves there, compared per movement (from, to; ruling 662: the importer
    may match a line's moves in another order): the cards ``rec`` names first, then those
    it gives by suit, then the unnamed, each paired with a card of that movement left that
    fits. The setup lines' starting hands, which ``rec`` may leave out, are not compared."""
    if len(rec.turns) != len(full.turns):
        return False
    deck = DECK_OPTION[rec.deck]
    for a, b in zip(rec.turns, full.turns, strict=True):
        if a.faction != b.faction:
            return False
        ours, theirs = _card_groups(a), _card_groups(b)
        if a.setup and _size(theirs) != _size(ours):
            theirs = _card_groups(b, False)
        if {k for k, v in ours.items() if v} != {k for k, v in theirs.items() if v}:
            return False
        for key, cards in ours.items():
            left = list(theirs[key])
            if len(left) != len(cards):
                return False
            for x in sorted(cards, key=lambda c: (c.name is None, c.suit is None)):
                j = next((j for j, y in enumerate(left) if _fits(x, y, deck)), None)
                if j is None:
                    return False
                del left[j]
    return True


def _fits(x: Card, y: Card, deck: str) -> bool:
    """Whether the card ``y`` is one the card ``x`` (as a record gives it) may be."""
    if x.suit is not None and x.suit != y.suit:
        return False
    return x.name is None or x.name == y.name or _name(x, deck) == _name(y, deck)


def _size(groups: dict[Any, list[Card]]) -> int:
    return sum(len(v) for v in groups.values())


def _card_groups(t: Turn, draws: bool = True) -> dict[Any, list[Card]]:
    """The cards the moves of the line ``t`` name (a count of ``n`` as ``n`` cards) per
    movement, keyed by where from and where to; without its draws when not ``draws``."""
    out: dict[Any, list[Card]] = {}
    for a in t.actions:
        if isinstance(a, Move) and (draws or not _drawn(a)):
            for x in a.terms:
                if isinstance(x.what, Card):
                    out.setdefault((x.start, a.to), []).extend([x.what] * x.count)
    return out


def _craft_names(cr: Craft, deck: str) -> frozenset[str]:
    """``card_text`` of each card the ``Craft`` may name (``Zroottea``: of any suit; none for
    ``Z%b`` or a name no card has)."""
    spec = spec_from_name(None, cr.card, deck) if cr.card is not None else None
    if spec is None or spec.keys is None:
        return frozenset()
    return frozenset(card_text(x.id) for x in DECK if x.key in spec.keys)


def crafts_agree(rec: RootlogGame, rp: _Replayed, w: _Writer) -> bool:
    """Ruling 661: whether every craft the record ``rec`` names (``Zmouseinasack``) is a card
    the replayed game ``rp`` crafts in that line (as ``w`` writes it or by its name)."""
    segs = rp.obs.segments
    if len(segs) != len(rec.turns):
        return False
    deck = DECK_OPTION[rec.deck]
    made: list[list[int]] = [[] for _ in segs]
    for st in rp.obs.steps:
        if st.seg > 0 and st.act is not None and st.act[0] == "craft":
            made[st.seg - 1].append(int(st.act[1]))
    for t, cids in zip(rec.turns, made, strict=True):
        for cr in t.actions:
            if not isinstance(cr, Craft) or cr.card is None:
                continue
            want = _craft_names(cr, deck)
            j = next((j for j, c in enumerate(cids) if w.craft(c) == "Z" + cr.card
                      or card_text(c) in want), None)
            if j is None:
                return False
            del cids[j]
    return True


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
    """A reshuffle's: the named draws of its step (they take the last of the old pile)."""
    item: str | None = None
    """A crafted item card's item (``Z%b``: any card crafting that item)."""
    among: frozenset[str] | None = None
    """A craft the record names (``Zroottea``): the cards it may be (ruling 661)."""


@dataclass(slots=True)
class _State:
    """The cards where the re-identification has them: each hand's known cards and its
    starting cards still unnamed (``jokers``), the draw pile counted with those (``pile``)
    and its least count since the setup (``low``), the cards elsewhere by id (``true``)."""

    hands: list[Counter[str]]
    jokers: list[int]
    pile: Counter[str]
    low: dict[str, int]
    true: dict[int, str]
    named: tuple[Any, ...] | None = None
    starts: list[list[str]] = field(default_factory=list)
    chosen: int = 0

    def copy(self) -> _State:
        return _State([Counter(h) for h in self.hands], list(self.jokers), Counter(self.pile),
                      dict(self.low), dict(self.true), self.named,
                      [list(s) for s in self.starts], self.chosen)

    def take(self, name: str) -> None:
        self.pile[name] -= 1
        self.low[name] = min(self.low.get(name, 0), self.pile[name])


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
        self.events: list[_Event] = []
        self.nodes = 0
        self.backjump = True
        """Jump back over the choices of other cards than those found missing."""
        self.reached = 0
        """The furthest event the search reached (where a refusal is hardest)."""
        self.crafts: dict[int, str] = {}
        """The crafts the record names, by step index (ruling 661)."""
        self.kind: dict[str, tuple[str, str, str | None]] = {}
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
        queues: dict[tuple[int, int], deque[str | None]] = {}
        for i, t in enumerate(rec.turns):
            for a in t.actions:
                if isinstance(a, Move) and _drawn(a):
                    for x in a.terms:
                        assert isinstance(x.what, Card)
                        n = _name(x.what, deck) if x.what.name is not None else None
                        for p in a.to:
                            seat = seat_of.get(p.faction or t.faction, -1)
                            queues.setdefault((i, seat), deque()).extend([n] * x.count)
        self.setup = {seat: [n for n in q if n is not None]
                      for (i, seat), q in queues.items() if rec.turns[i].setup}
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
                per = Counter(b[1] for _c, a, b in moves if a == AT_DECK and b[0] == "hand")
                drawn = tuple(n for seat, k in per.items()
                              for n in [*queues.get((st.seg - 1, seat), ())][:k] if n)
                self.events.append(_Event("reshuffle", cids=tuple(back), drawn=drawn))
            act = st.act
            fixed = {int(act[1])} if act is not None and act[0] in ("ambush", "craft") else set()
            named: frozenset[str] | None = None
            if act is not None and act[0] == "craft":
                cr = crafts[st.seg - 1].popleft() if crafts[st.seg - 1] else None
                if cr is not None and cr.card is not None and DECK[int(act[1])].kind == "item":
                    named = _craft_names(cr, deck)  # ruling 661: the cards the record names
                    if not named:
                        return False
                    self.crafts[k] = "Z" + cr.card
            for cid, src, dst in moves:
                key = (k, cid)
                if src == AT_DECK and dst[0] == "hand":
                    q = queues.get((st.seg - 1, dst[1]))
                    name = q.popleft() if q else None
                    if name is None:
                        return False  # an unnamed draw: not this fallback's
                    self.events.append(_Event("draw", key, dst[1], name=name))
                elif src[0] == "hand":
                    c = DECK[cid]
                    among = named if cid in fixed else None
                    item = c.item if cid in fixed and act is not None and \
                        act[0] == "craft" and c.kind == "item" and among is None else None
                    open_ = item is not None or among is not None or cid not in fixed and \
                        dst[0] in ("discard", "decree") and c.kind != "dominance"
                    self.events.append(_Event(
                        "leave", key, src[1], dst, cid, None if open_ else card_text(cid),
                        c.suit if open_ and among is None else None, item=item, among=among))
                elif src == AT_DECK:
                    return False
                else:
                    self.events.append(_Event("move", key, -1, dst, cid))
        first = next(st for st in rp.obs.steps if st.seg > 0).before
        for cid in first.cards:
            self.kind[card_text(cid)] = (DECK[cid].suit, DECK[cid].kind, DECK[cid].item)
        return True

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
        s = _State([Counter() for _ in range(n)], [len(h) for h in rp.hands0], pile,
                   dict(pile), true, None, [[] for _ in range(n)])
        for seat, names in self.setup.items():
            for name in names:
                if s.jokers[seat] < 1 or s.pile[name] < 1:
                    return None
                s.jokers[seat] -= 1
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
                return None
            if isinstance(end, _State):
                break
        if not isinstance(end, _State):
            return None
        names: dict[tuple[int, int], str] = {}
        chain = end.named
        while chain is not None:
            names[chain[0]] = chain[1]
            chain = chain[2]
        for seat, left in enumerate(end.jokers):
            for _ in range(left):
                name = self.spare(end, seat)
                if name is None:
                    return None
                end.starts[seat].append(name)
                end.chosen += 1
        return _Found(names, dict(enumerate(end.starts)), end.chosen, self.crafts)

    def spare(self, s: _State, seat: int) -> str | None:
        """A name for a starting card never spent: one the draw pile held all along."""
        hand0 = [card_text(c) for c in self.rp.hands0[seat]]
        for name in [*hand0, *sorted(s.low)]:
            if s.low.get(name, 0) >= 1:
                s.low[name] -= 1
                return name
        return None

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
                assert e.name is not None
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
            else:
                name = s.true.get(e.cid)
                if name is None:
                    return None
                s.named = (e.key, name, s.named)
                self.put(s, e, name)
            i += 1
        return s

    def emptied(self, s: _State, e: _Event) -> frozenset[str] | None:
        """The draw pile emptied at the reshuffle ``e`` (2.1): what it held, its step drew.
        The cards it holds beyond those are starting cards still unnamed: they get those
        names (in the hands of the first seats with such cards); the names found missing
        where they cannot."""
        left = s.pile - Counter(e.drawn)
        if sum(left.values()) > sum(s.jokers):
            return frozenset([JOKER, *left])
        for name, n in left.items():
            for _ in range(n):
                if s.low.get(name, 0) < 1:
                    return frozenset((JOKER, name))
                seat = next(k for k, j in enumerate(s.jokers) if j > 0)
                s.jokers[seat] -= 1
                s.low[name] -= 1
                s.pile[name] -= 1
                s.hands[seat][name] += 1
                s.starts[seat].append(name)
                s.chosen += 1
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

    def doomed(self, i: int, s: _State) -> frozenset[str] | None:
        """The forward check after event ``i``: a card held whose next named draw finds no
        copy of it in the draw pile whatever comes: none is there now, and none held can
        leave its hand (a leave that may take it) before a reshuffle before that draw, nor
        is any discarded with a reshuffle to come before it."""
        for name in {n for hand in s.hands for n, k in hand.items() if k > 0}:
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
        return any(any(i < k < r and self.fits(self.events[k], name)
                       for k in self.leaves.get(seat, ()))
                   for seat, hand in enumerate(s.hands) if hand[name] > 0)

    def choose(self, i: int, e: _Event, s: _State) -> _State | frozenset[str] | None:
        hand = s.hands[e.seat]
        options: list[tuple[tuple[int, int, int], str, bool]] = []
        relaxed_name = card_text(e.cid)

        def fits(name: str) -> bool:
            return self.fits(e, name)

        for name, n in hand.items():
            if n > 0 and fits(name):
                options.append(((0, self.after(i, name), name != relaxed_name), name, False))
        if s.jokers[e.seat] > 0:
            for name, low in s.low.items():
                if low >= 1 and fits(name) and s.pile[name] > self.drawn_soon(i, name):
                    options.append(((1, -self.after(i, name), name != relaxed_name), name,
                                    True))
        options.sort()
        names = {name for _k, name, _j in options}
        if any(joker for *_, joker in options):
            names.add(JOKER)
        blamed: frozenset[str] | None = frozenset(
            [JOKER, *(n for n in self.kind if fits(n))]) if not options else frozenset()
        for k, (_key, name, joker) in enumerate(options):
            self.nodes += 1
            if self.nodes > self.bound:
                raise _OutOfChoices
            t = s if k == len(options) - 1 else s.copy()
            if joker:
                t.jokers[e.seat] -= 1
                t.low[name] -= 1
                t.pile[name] -= 1
                t.starts[e.seat].append(name)
                t.chosen += 1
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
