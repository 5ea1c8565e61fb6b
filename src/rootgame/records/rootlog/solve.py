"""The card identities solved over the whole course so far, not at one line.

The exchanges of ``identity.py`` (rulings 410-436) give a hand that lacks a card one by a
single greedy exchange at the line that needs it. When none does, the cards of the course
so far may still be renamed all at once so that every line before still holds and the
present line's needs are met: this module searches for such a renaming.

The model (docs/rootlog.md, "The refusals left"). A *slot* is one time of a card the record
did not name, between a draw and the next shuffle (``search.Slot``: draw serial, draw
pile's time, what the record wrote of it). The course fixes, for each slot, where its card
went next whatever card it was (the engine's reshuffles fall where the draw count puts
them, Law 2.1): still held (an unnamed draw, ``Pos.free``), spent into the discard pile or
the Decree and not shuffled yet, or shuffled into a later pile, where a slot of that pile's
time drew it again or it still lies (``Pos.past``, ``Pos.loose``). The unknown is the card
of each slot. The constraints:

- what the record wrote of the slot allows its card (a suit, alike items; a dominance card
  is never spent unseen, Law 3.3.3);
- the first pile is the whole deck: each card not named by the record has one slot of the
  first pile's time (or still lies in it);
- a later pile holds exactly the cards of the slots shuffled into it, each drawn again by one
  slot of that pile's time or still lying in the present pile (appendix A step 7: a card is
  drawn again only from a pile after the one it was spent into);
- each hand the present line takes from holds a card each of its needs allows.

A card the record names (``Pos.fixed``) keeps the times the record named it at (read
from the course's events, :func:`named_times`); its unnamed times, before or after, are
slots like any other's, its named times slots that keep their card (ruling 465). A card
named at every time of its is left out. Before the search, where a later pile's time
lacks a card its slots need, the cards of one earlier time are moved around a cycle of
its slots so that one wanted is shuffled into that pile (:class:`_Cycling`, ruling 466).
The solve goes
through the piles' times in order, giving each slot a card of its time's pool (the whole
deck, then the cards shuffled in), its present card (or the exchanged one) first, and
checks after each choice
that the rest of that time can still be matched (a bipartite matching of slots to cards,
by augmenting paths) and that each card sent into a later pile may be drawn there by some
slot; it gives up after ``MAX_STEPS`` choices. The renaming found becomes ``rename``
events, which the final replay already takes (``result.py``), and the search goes on from
the state rebuilt with it (ruling 442). The slots and where each one's card went are a
``course.Course``. Which card of a hand a spending written by its suit only took is the
search's choice; where the course as it is has no renaming, the course with one such
spending taken to have spent another unnamed draw of the hand is solved (ruling 450), then
with two such spendings of one hand, of cards of different piles' times, the other way
round (ruling 468), then with two in a chain, the card one keeps spent by the other
(ruling 490), then with a card named as it left a hand (taken by name, crafted) taken to
have been another unnamed draw the hand held then (ruling 520), and last with two
spendings the other way round that may free a card a lacking hand needs (ruling 527):
which such courses are tried, and in which order, is ``otherwise.py``'s choice; this
module's runners (:func:`_respent`, :func:`_chained`, :func:`_renamed`, :func:`_freed`)
solve them within their budgets of choices.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from typing import Any

from ...cards import DECK
from . import otherwise
from .cards import CardSpec
from .course import HELD, LATER, Before, Course, allows
from .exchanges import beside, fits, held, lacks, put_back
from .factions import Loc, hidden_pile, hidden_piles, notation
from .search import Node, Pos, course_path
from .steps import legal_now

MAX_STEPS = 250
"""How many choices of a card for a slot the solve tries before it gives up."""

RESPEND_STEPS = 1000
"""How many choices the solves of the courses with a spending taken otherwise try in all,
each within ``MAX_STEPS`` (the four failed ones of seed 1183 took 0.27 s without it)."""

FREEING_STEPS = 1000
"""How many choices the solves of the courses with two spendings the other way round that
give a lacking hand the card it needs (:func:`otherwise.freeing`, ruling 527) try in all,
after the others."""

CHAIN_STEPS = 1000
"""How many choices their solves try in all."""

RECRAFT_STEPS = 1500
"""How many choices the solves with a card crafted by its item only taken to be an alike
card of another suit try in all (ruling 454)."""

RENAME_STEPS = 1000
"""How many choices their solves try in all."""

MAX_PREFER = 8
"""How many cycles of the cards of one pile's time the solve makes before its search, for
each later pile's time whose slots lack a card (ruling 466)."""

MAX_CYCLES = 60
"""How many such cycles the solve tries in all before its search."""

RECRAFT_LIMIT = 500
"""How many choices the solves with one such craft try, over all the ways of giving the
line's needs a draw (seed 1549's takes 250 to 500)."""

def named_times(node: Node, cards: Collection[int]) -> dict[int, list[tuple[int, int]]]:
    """Every time of each of ``cards`` in the course up to ``node``: (draw serial, epoch),
    read from its events as the final replay reads them (``result.py``): the draws, each
    serial's card as last renamed, a new pile's time at each reshuffle."""
    drawn: list[tuple[int, int, int]] = []
    renames: dict[int, int] = {}
    epoch = 0
    for x in course_path(node):
        for e in x.events:
            if e[0] == "draw":
                drawn.append((int(e[2]), int(e[1]), epoch))
            elif e[0] == "reshuffle":
                epoch += 1
            elif e[0] == "rename":
                renames[int(e[1])] = int(e[2])
    out: dict[int, list[tuple[int, int]]] = {}
    for serial, was, at in drawn:
        c = renames.get(serial, was)
        if c in cards:
            out.setdefault(c, []).append((serial, at))
    return out


def matching(slots: list[int], ok: list[frozenset[int]], pool: set[int],
             stop: bool = False, hint: list[int] | None = None) -> dict[int, int]:
    """A largest matching of ``slots`` to distinct cards of ``pool`` that each allows
    (``ok``: the cards each slot allows, by slot index), by augmenting paths (Kuhn's
    algorithm): card -> slot. ``stop``: give up at the first slot left without a card.
    ``hint``: a card for each slot (by slot index) that it takes first where it can."""
    owner: dict[int, int] = {}
    if hint is not None:
        for i in slots:
            c = hint[i]
            if c in pool and c in ok[i] and c not in owner:
                owner[c] = i
    placed = set(owner.values())
    cands = {i: sorted(ok[i] & pool) for i in slots if i not in placed}
    order = sorted(cands, key=lambda i: len(cands[i]))

    def place(i: int, seen: set[int]) -> bool:
        if i not in cands:
            cands[i] = sorted(ok[i] & pool)
        for c in cands[i]:
            if c in seen:
                continue
            seen.add(c)
            if c not in owner or place(owner[c], seen):
                owner[c] = i
                return True
        return False

    for i in order:
        if not place(i, set()) and stop:
            break
    return owner


def matchable(slots: list[int], ok: list[frozenset[int]], pool: set[int]) -> bool:
    """Whether each of ``slots`` can be given a distinct card of ``pool`` that it allows."""
    return len(matching(slots, ok, pool, stop=True)) == len(slots)


def wanted(slots: list[int], ok: list[frozenset[int]], pool: set[int],
           owner: dict[int, int]) -> set[int]:
    """The cards outside ``pool`` that would let a largest matching of ``slots`` (``owner``)
    grow: those allowed by a slot left without a card, or by a slot that one of those could
    take its card from, and so on (the slots an alternating path reaches)."""
    matched = set(owner.values())
    reach = [i for i in slots if i not in matched]
    seen = set(reach)
    out: set[int] = set()
    while reach:
        i = reach.pop()
        out |= ok[i] - pool
        for c in ok[i] & pool:
            j = owner.get(c)
            if j is not None and j not in seen:
                seen.add(j)
                reach.append(j)
    return out


class _Cycling:
    """The cards the search of :func:`_search` tries first (``pref``: the course's own, but
    for these cycles; ruling 466). Where a later pile's time lacks a card its slots need,
    a card that one slot of an earlier time holds, not shuffled into that pile, that the
    later pile's slots want goes to a slot of that time that is, and each card displaced
    to the next slot of a cycle that allows it, back to the first (:func:`_cycles`), when
    the later piles' slots then lack fewer cards. A card held across a reshuffle and spent
    after it by its suit only may have been another card of that suit drawn in the same
    time and spent before the shuffle (seeds 1671, 1746), and an alike card crafted
    before the shuffle another suit's (1699, a cycle through an unnamed draw still
    held)."""

    def __init__(self, course: Course, ok: list[frozenset[int]], by_epoch: list[list[int]],
                 pref: list[int]) -> None:
        self.course, self.ok, self.by_epoch, self.pref = course, ok, by_epoch, pref
        n = len(course.slots)
        self.feeding = [[i for i in range(n) if course.exit[i] == e]
                        for e in range(course.present + 1)]
        """The slots whose card is shuffled into each pile."""
        self.tries = MAX_CYCLES

    def run(self, sideways: bool) -> None:
        """The cycles for each later pile in turn (``sideways``: see :meth:`settle`)."""
        for e in range(1, self.course.present + 1):
            self.settle(e, sideways)

    def lacks(self) -> bool:
        """Whether a later pile's slots still lack a card with ``pref``."""
        return any(self.lacking(e, self.pref) for e in range(1, self.course.present + 1))

    def lacking(self, e: int, cards: list[int]) -> int:
        """How many slots of pile ``e``'s time get no card of it with ``cards``."""
        pool = {cards[i] for i in self.feeding[e]}
        return len(self.by_epoch[e]) - len(matching(self.by_epoch[e], self.ok, pool,
                                                    hint=self.pref))

    def kinds(self, e: int, cards: list[int]) -> frozenset[tuple[frozenset[int], int]]:
        """The cards shuffled into pile ``e`` told apart only by the slots of its time
        that allow each (a cycle that exchanges alike ones changes nothing there)."""
        count: dict[frozenset[int], int] = {}
        for i in self.feeding[e]:
            k = frozenset(j for j in self.by_epoch[e] if cards[i] in self.ok[j])
            count[k] = count.get(k, 0) + 1
        return frozenset(count.items())

    def settle(self, e: int, sideways: bool) -> None:
        """The cycles for pile ``e``, taken into ``pref``. ``sideways``: a cycle after which
        the piles' slots lack as many cards, and pile ``e`` holds cards that differ in
        which of its slots allow them, is taken where none is better (tried by
        :func:`_search` only where the search fails without)."""
        course, ok, by_epoch, pref = self.course, self.ok, self.by_epoch, self.pref
        seen = {self.kinds(e, pref)} if sideways else set()
        for _ in range(MAX_PREFER):
            pool = {pref[i] for i in self.feeding[e]}
            owner = matching(by_epoch[e], ok, pool, hint=pref)
            if len(owner) == len(by_epoch[e]):
                return
            want = wanted(by_epoch[e], ok, pool, owner)
            short = {x: self.lacking(x, pref) for x in range(1, e + 1)}
            found = level = None
            for a in range(len(pref)):
                w = pref[a]
                if w not in want or course.exit[a] == e or course.slots[a][1] >= e:
                    continue
                for cycle in _cycles(a, by_epoch[course.slots[a][1]], set(self.feeding[e]),
                                     ok, pref):
                    self.tries -= 1
                    cards = list(pref)
                    for x, y in zip(cycle, cycle[1:], strict=False):
                        cards[y] = pref[x]
                    cards[cycle[0]] = w
                    # Only the piles the cycle's slots are shuffled into change.
                    piles = {course.exit[i] for i in cycle} & short.keys()
                    gain = sum(short[x] - self.lacking(x, cards) for x in piles)
                    if gain > 0:
                        found = cards
                        break
                    if sideways and gain == 0 and level is None and \
                            self.kinds(e, cards) not in seen:
                        level = cards
                    if self.tries <= 0:
                        break
                if found is not None or self.tries <= 0:
                    break
            found = found or level
            if found is None:
                return
            if sideways:
                seen.add(self.kinds(e, found))
            pref[:] = found


def _cycles(a: int, time: list[int], feeding: set[int], ok: list[frozenset[int]],
            pref: list[int]) -> Iterator[list[int]]:
    """The cycles that bring the card of slot ``a`` into a slot of ``feeding``, within the
    slots of one pile's time (``time``), shortest first: each ``[b, s1, ..., a]``, where
    ``b`` (of ``feeding``) allows ``a``'s card, each slot allows the card of the one
    before it, and ``a`` the last one's (a breadth-first search back from ``a``)."""
    w = pref[a]
    nxt: dict[int, int] = {a: -1}
    queue = [a]
    k = 0
    while k < len(queue):
        y = queue[k]
        k += 1
        for x in time:
            if x in nxt or pref[x] not in ok[y]:
                continue
            nxt[x] = y
            queue.append(x)
            if x in feeding and w in ok[x]:
                cycle = [x]
                while cycle[-1] != a:
                    cycle.append(nxt[cycle[-1]])
                yield cycle


def _tightenings(
    pos: Pos, course: Course, needs: dict[Loc, list[CardSpec]], lacking_first: bool = False,
) -> list[dict[int, CardSpec]]:
    """The ways to give each need of the present line a card of its hand: a card the hand
    holds that fits (named), else one of the hand's unnamed draws, whose slot is then
    bound to what the need allows. Each way maps slot indexes to that need (at most
    twelve ways). ``lacking_first`` (the courses with a spending taken otherwise, which
    share ``RESPEND_STEPS`` choices): the hands whose present cards meet their needs come
    first, so that the ways of a hand that lacks a card vary first (ruling 481), and each
    need's draws whose present card it allows first (:func:`fitting_first`, ruling 503)."""
    ways: list[dict[int, CardSpec]] = [{}]
    hands = list(needs.items())
    if lacking_first:
        hands.sort(key=lambda n: lacks(held(pos.g, n[0]), n[1], beside(pos.g, n[0])))
    for loc, specs in hands:
        cards, up = held(pos.g, loc), beside(pos.g, loc)
        draws = [course.held_slot[c] for c in hidden_pile(pos.g, loc) if c in course.held_slot]
        named = [c for c in cards if c not in course.held_slot]
        nxt: list[dict[int, CardSpec]] = []
        for way in ways:
            # The named cards that fit go first (they need no slot).
            rest = list(specs)
            free_named = list(named)
            for sp in specs:
                c = next((x for x in free_named if fits(sp, x, up)), None)
                if c is not None:
                    free_named.remove(c)
                    rest.remove(sp)
            partial: list[dict[int, CardSpec]] = [dict(way)]
            for sp in rest:
                grown: list[dict[int, CardSpec]] = []
                mine = fitting_first(draws, sp, course) if lacking_first else draws
                for w in partial:
                    for d in mine:
                        if d not in w:
                            grown.append({**w, d: sp})
                partial = grown[:12]
            nxt.extend(partial)
        ways = nxt[:12]
    return ways


def unchecked(
    c: int, here: int, rest: list[int], pref: list[int], ok: list[frozenset[int]],
    left: set[int],
) -> bool:
    """Whether the depth-first search gives a slot card ``c`` without checking that the
    ``rest`` of its pile's time can still be matched from ``left``: only where ``c`` is the
    slot's present card (``here``) and each of the rest can keep its own (that is a
    matching). The present card is checked as any other (ruling 504): kept where another
    slot of the time needs it, the failure would show only slots later."""
    return c == here and all(pref[j] in left and pref[j] in ok[j] for j in rest)


def fitting_first(draws: list[int], spec: CardSpec, course: Course) -> list[int]:
    """The slots of a hand's unnamed draws a need (``spec``) may be bound to, those whose
    present card it allows first (ruling 503): a way that leaves each draw its card is
    the one the solve finds soonest, and the ways are at most twelve (the Marquise's
    ambush bird bound first to an older draw of hers, every way had it there, where a
    spending taken otherwise needed that draw)."""
    return sorted(draws, key=lambda d: not spec.matches(course.card[d]))


def _search(
    course: Course, tight: dict[int, CardSpec], shared: list[int] | None = None,
    only: tuple[int, int] | None = None, limit: int = MAX_STEPS, sideways: bool = False,
) -> list[int] | None:
    """The new card of every slot of ``course`` (by slot index), the slots ``tight`` bound
    to a need of the line: a depth-first search through the piles' times in order, each
    slot's present card first; None when none is found within ``limit`` choices (and
    the choices left in ``shared``, which it counts down, when given). ``only``: a slot
    and the one card it may have (ruling 454). ``sideways``: the search is tried from the
    cycles that leave the later piles lacking as many cards too (:meth:`_Cycling.settle`),
    None when they change nothing (tried once the solves without have failed: such a
    renaming is further from the course's)."""
    n = len(course.slots)
    specs: list[CardSpec | None] = [course.slots[i][2] for i in range(n)]
    for i, sp in tight.items():
        if specs[i] is not None:
            return None  # a held draw has nothing written of it
        specs[i] = sp
    ok = list(course.allowed())
    for i in tight:
        ok[i] = course.fitting(i, specs[i])
    if only is not None:
        ok[only[0]] &= {only[1]}
    present = course.present
    by_epoch: list[list[int]] = [[] for _ in range(present + 1)]
    for i in range(n):
        by_epoch[course.slots[i][1]].append(i)
    for e, slots in enumerate(by_epoch):
        # The slots a need binds first, then those whose card stays, then those whose
        # card goes into a later pile (where going back changes that pile's pool).
        slots.sort(key=lambda i: (i not in tight, course.exit[i] >= 0 and course.exit[i] > e,
                                  specs[i] is None))
    if not matchable(by_epoch[0], ok, set(course.cards)):
        return None  # the first pile's time alone cannot be matched
    pref = list(course.card)
    cycling = _Cycling(course, ok, by_epoch, pref)
    cycling.run(False)
    if not sideways:
        return _depth_first(course, ok, by_epoch, pref, shared, limit)
    if not cycling.lacks():
        return None
    other = list(pref)
    cycling.pref = other
    cycling.run(True)
    return None if other == pref else _depth_first(course, ok, by_epoch, other, shared, limit)


def _depth_first(
    course: Course, ok: list[frozenset[int]], by_epoch: list[list[int]], pref: list[int],
    shared: list[int] | None, limit: int,
) -> list[int] | None:
    """The depth-first search of :func:`_search`, each slot's ``pref`` card first."""
    n = len(course.slots)
    present = course.present
    new: list[int] = list(pref)
    steps = 0

    def pool_of(e: int) -> set[int]:
        if e == 0:
            return set(course.cards)
        return {new[i] for i in range(n) if course.exit[i] == e}

    def run(e: int, k: int, pool: set[int], used: set[int]) -> bool:
        nonlocal steps
        slots = by_epoch[e]
        if k == len(slots):
            if e < present and used != pool:
                return False
            if e == present:
                return True
            nxt = pool_of(e + 1)
            later = by_epoch[e + 1]
            if e + 1 < present and len(nxt) != len(later):
                return False
            if not matchable(later, ok, nxt):
                return False
            return run(e + 1, 0, nxt, set())
        i = slots[k]
        here = pref[i]
        options = [here] if here in pool and here not in used else []
        options += sorted(c for c in pool if c not in used and c != here)
        for c in options:
            if c not in ok[i]:
                continue
            x = course.exit[i]
            if 0 < x < present and not any(c in ok[j] for j in by_epoch[x]):
                continue
            if len(ok[i]) > 1:  # a named time's card is no choice
                steps += 1
            if shared is not None:
                shared[0] -= 1
                if shared[0] < 0:
                    steps = limit + 1
            if steps > limit:
                return False
            rest = slots[k + 1:]
            left = pool - used - {c}
            if not unchecked(c, here, rest, pref, ok, left) and not matchable(rest, ok, left):
                continue
            new[i] = c
            used.add(c)
            if run(e, k + 1, pool, used):
                return True
            used.discard(c)
            new[i] = pref[i]
            if steps > limit:
                return False
        return False

    if not run(0, 0, pool_of(0), set()):
        return None
    return new


def solved(
    node: Node, needs: dict[Loc, list[CardSpec]], paired: bool = False,
) -> Node | None:
    """Where the present line lacks a card no exchange gives: the course's identities
    solved (:func:`_search`), the state rebuilt with them as a node after ``node`` (the
    renaming events for the final replay), or None when no renaming is found or it would
    change nothing. Ruling 442. When none is found for the course as it is, for the course
    with one spending by suit taken to have spent another card of the hand
    (:func:`otherwise.respendings`, a ``respend`` event for the final replay; ruling 450; or two
    spendings the other way round, :func:`otherwise.swappings`, ruling 468), then with
    a craft by its item only taken to be an alike card of another suit (ruling 454), then
    for the course and its spendings taken otherwise again from the cycles of ruling 466
    that leave the later piles lacking as many cards, then with two spendings taken
    otherwise in a chain (:func:`otherwise.chained`, ruling 490), then with a card named as it
    left a hand taken to have been another draw of the hand (:func:`otherwise.renamings`, ruling
    520), then with two spendings the other way round that may free a card a lacking
    hand needs (:func:`_freed`, ruling 527), and, with ``paired`` (the fourth search's),
    last with two spendings taken otherwise at once (:func:`_paired`, ruling 675)."""
    pos = node.pos
    if not needs:
        return None
    course = Course(pos, named_times(node, pos.fixed & {*pos.free, *pos.loose, *pos.past}))
    if not course.consistent():
        return None
    found = _solved(node, needs, course, None, None)
    if found is not None:
        return found
    found = _respent(node, needs, course, False)
    if found is not None:
        return found
    left = RECRAFT_STEPS
    for only in recrafts(course, [sp for sps in needs.values() for sp in sps]):
        if left <= 0:
            break
        mine = [min(RECRAFT_LIMIT, left)]
        found = _solved(node, needs, course, None, mine, only)
        if found is not None:
            return found
        left -= RECRAFT_LIMIT
    # Last, from the cycles that leave a later pile lacking as many cards (ruling 466).
    return _solved(node, needs, course, None, None, sideways=True) or \
        _respent(node, needs, course, True) or _chained(node, needs, course) or \
        _renamed(node, needs, course) or _freed(node, needs, course) or \
        (_paired(node, needs, course) if paired and PAIRED else None)


PAIRED = True
"""Whether the solve tries, last of all, two spendings taken otherwise at once
(:func:`_paired`, ruling 675)."""
PAIRED_STEPS = 1000
"""The choices the courses of :func:`_paired` share (ruling 675)."""


def _paired(node: Node, needs: dict[Loc, list[CardSpec]], course: Course) -> Node | None:
    """:func:`solved` for the courses of :func:`otherwise.paired` (two spendings taken
    otherwise at once, each on its own: ruling 675), within ``PAIRED_STEPS`` choices in
    all."""
    return _first(node, needs, otherwise.paired(node, course, needs), PAIRED_STEPS)


def _renamed(node: Node, needs: dict[Loc, list[CardSpec]], course: Course) -> Node | None:
    """:func:`solved` for the courses with a card named as it left a hand taken to have
    been another draw of the hand (:func:`otherwise.renamings`, ruling 520; the namings of
    a card a lacking hand's need allows first, ruling 617), within ``RENAME_STEPS`` choices
    in all."""
    wanted, _slots = otherwise.lacking_needs(node.pos.g, course, needs)
    return _first(node, needs, ((course.respent(i, j), (i, j, before))
                                for i, j, before in otherwise.renamings(node, course, wanted)),
                  RENAME_STEPS)


def _respent(
    node: Node, needs: dict[Loc, list[CardSpec]], course: Course, sideways: bool,
) -> Node | None:
    """:func:`solved` for the course with one spending by suit taken to have spent another
    card of the hand (:func:`otherwise.respendings`, ruling 450), then with two spendings of one
    hand the other way round (:func:`otherwise.swappings`, ruling 468), each in turn within
    ``RESPEND_STEPS`` choices in all."""
    wanted, _slots = otherwise.lacking_needs(node.pos.g, course, needs)
    tried: list[tuple[Course, tuple[int, int, Before | None]]] = [
        (course.respent(i, j), (i, j, before))
        for i, j, before in otherwise.respendings(node, course, wanted)]
    # Two spendings of one hand the other way round (ruling 468).
    tried += [(course.swapped(i, j), (i, j, None)) for i, j in otherwise.swappings(node, course)]
    return _first(node, needs, tried, RESPEND_STEPS, sideways)


def _freed(node: Node, needs: dict[Loc, list[CardSpec]], course: Course) -> Node | None:
    """:func:`solved` for the courses with two spendings the other way round that may give
    a hand that lacks a card the card it needs (:func:`otherwise.freeing`, the likeliest
    first, at most ``otherwise.FREEING_PAIRS``: ruling 566), within ``FREEING_STEPS``
    choices of their own. Ruling 527."""
    score = otherwise.freeing(node, course, needs)
    pairs = sorted((p for p in otherwise.swappings(node, course, None) if score(p)),
                   key=lambda p: -score(p))[:otherwise.FREEING_PAIRS]
    return _first(node, needs, [(course.swapped(i, j), (i, j, None)) for i, j in pairs],
                  FREEING_STEPS)


def _chained(node: Node, needs: dict[Loc, list[CardSpec]], course: Course) -> Node | None:
    """:func:`solved` for the courses of :func:`otherwise.chained` (ruling 490), within
    ``CHAIN_STEPS`` choices in all."""
    return _first(node, needs, otherwise.chained(node, course, needs), CHAIN_STEPS)


def _first(
    node: Node, needs: dict[Loc, list[CardSpec]],
    tried: Iterable[tuple[Course, tuple[int, int, Before | None]]], steps: int,
    sideways: bool = False,
) -> Node | None:
    """:func:`solved` for each course of ``tried`` in turn, with what it takes otherwise
    (the ``respend`` of :func:`rebuild`), within ``steps`` choices in all: the first
    found."""
    shared = [steps]
    for other, respend in tried:
        if shared[0] <= 0:
            break
        found = _solved(node, needs, other, respend, shared, sideways=sideways)
        if found is not None:
            return found
    return None


def recrafts(course: Course, wanted: list[CardSpec]) -> list[tuple[int, int]]:
    """The cards crafted by their item only (``Z%s``) that an alike card of another suit
    may have been (the Arms Trader, the Foxfolk Steel or the Sword): each such slot whose
    card a need of the line (``wanted``) allows, with each alike card of another suit,
    the latest slot first (ruling 454). Which alike card a craft was decides which suit its
    pile's time spent and which pile it is shuffled into; the solve tries each slot's
    present card first and changes an early slot's card last, so that a suit that falls
    short piles later is found only with the craft's card fixed first."""
    out: list[tuple[int, int]] = []
    for i in sorted(range(len(course.slots)), key=lambda i: -course.slots[i][1]):
        spec, here = course.slots[i][2], course.card[i]
        if spec is None or spec.keys is None or not any(sp.matches(here) for sp in wanted):
            continue
        out += [(i, c) for c in sorted(course.every)
                if DECK[c].suit != DECK[here].suit and allows(spec, c)]
    return out


def _solved(
    node: Node, needs: dict[Loc, list[CardSpec]], course: Course,
    respend: tuple[int, int, Before | None] | None, shared: list[int] | None,
    only: tuple[int, int] | None = None, sideways: bool = False,
) -> Node | None:
    """:func:`solved` for one course (``respend``: the spending it takes otherwise; ``shared``:
    the choices left to the solves of such courses; ``only``: a craft's slot and the card it
    is taken to be, ruling 454; ``sideways``: see :func:`_search`)."""
    pos = node.pos
    for tight in _tightenings(pos, course, needs, respend is not None):
        new = _search(course, tight, shared, only,
                      MAX_STEPS if only is None else RECRAFT_LIMIT, sideways)
        if new is None or (respend is None and new == course.card):
            continue
        g2 = pos.g.clone()
        fresh = pos.fork(g2, [])
        events = rebuild(fresh, course, new, respend)
        if events is None:
            continue
        if not all(any(fits(sp, x, beside(g2, loc)) for x in held(g2, loc))
                   for loc, sps in needs.items() for sp in sps):
            continue
        fresh.legal = legal_now(g2)
        return Node(fresh, node, (), events, (), repaired=True)
    return None


def rebuild(
    pos: Pos, course: Course, new: list[int],
    respend: tuple[int, int, Before | None] | None = None,
) -> tuple[tuple[Any, ...], ...] | None:
    """Give the slots of ``course`` their ``new`` cards in ``pos`` (its game and its maps of
    unnamed cards): the card where each slot's card lies now (held, spent and not
    shuffled, or still in the present pile) becomes the slot's new one, the cards left in
    the present pile the rest of its pool. Returns the renaming events, or None when the
    cards would not be moved one to one. ``respend``: (the slot taken to be held, the
    slot spent in its stead, the cards held before it then), whose held card keeps its
    place among the cards of the hand then (``exchanges.put_back``, as for
    ``kept_in_place``: the final replay's hands are in the order of their draws), and a
    ``respend`` event; with None for those cards, two slots spent the other way round
    (:meth:`course.Course.swapped`, ruling 468), a ``respend`` event each way. A chain's first
    spending taken otherwise (``course.first``, ruling 490) is a ``respend`` event too."""
    g = pos.g
    n = len(course.slots)
    perm: dict[int, int] = {}
    for i in range(n):
        if course.exit[i] in (HELD, LATER):
            perm[course.where[i]] = new[i]
    drawn = {new[i] for i in range(n) if course.slots[i][1] == course.present}
    if course.present == 0:
        pool = set(course.cards)
    else:
        pool = {new[i] for i in range(n) if course.exit[i] == course.present}
    left = pool - drawn
    old_left = list(course.deck_unnamed)
    stay = [c for c in old_left if c in left]
    moved = sorted(left - set(stay))
    for c in old_left:
        perm[c] = c if c in left else moved.pop(0) if moved else -1
    if -1 in perm.values() or len(set(perm.values())) != len(perm) or \
            set(perm.values()) != set(perm):
        return None
    places: list[list[int]] = [g.deck, g.discard, g.available_dominance, g.market]
    for st in g.seats:
        places += [st.hand, st.persistent]
    for f, fs in zip(g.factions, g.fs, strict=True):
        places.extend(notation(f).card_lists(fs))
    seen: set[int] = set()
    for pl in places:
        if id(pl) in seen:
            continue
        seen.add(id(pl))
        pl[:] = [perm.get(c, c) for c in pl]
    for c in course.cards:
        pos.free.pop(c, None)
        pos.loose.pop(c, None)
        pos.past.pop(c, None)
    chains: dict[int, list[int]] = {}
    for i in sorted(range(n), key=lambda i: course.slots[i][1]):
        chains.setdefault(new[i], []).append(i)
    for c, idx in chains.items():
        # The times the record named (ruling 465) are in no map; an unnamed time before
        # one is an earlier time (``Pos.past``).
        *early, last = idx
        if last in course.named:
            early, last = idx, -1
        early = [i for i in early if i not in course.named]
        if early:
            pos.past[c] = tuple(course.slots[i] for i in early)
        if last < 0:
            continue
        serial, epoch, wrote = course.slots[last]
        if course.exit[last] == HELD:
            pos.free[c] = (serial, epoch)
        else:
            pos.loose[c] = (serial, epoch, wrote)
    events = tuple(("rename", course.slots[i][0], new[i]) for i in range(n)
                   if new[i] != course.card[i])
    if course.first is not None:
        a, b = course.first
        events = (*events, ("respend", course.slots[a][0], course.slots[b][0]))
    if course.first is not None and course.first_before is not None:
        # The first of two spendings taken otherwise at once: its card stays held, in its
        # place among the cards held before it (ruling 675).
        kept_back(pos, g, new[course.first[0]], course.first_before)
    if respend is None:
        return events
    i, j, before = respend
    if before is None:
        # Two spendings the other way round: each decision spends the other's card.
        return (*events, ("respend", course.slots[i][0], course.slots[j][0]),
                ("respend", course.slots[j][0], course.slots[i][0]))
    kept_back(pos, g, new[i], before)
    return (*events, ("respend", course.slots[i][0], course.slots[j][0]))


def kept_back(pos: Pos, g: Any, c: int, before: Before) -> None:
    """Card ``c``, a spending's card taken to be held (rulings 450, 675), put back in its
    place among the cards its hand held before it (``before``: their serials, the cards
    named). Its hand is any hidden place: the Alliance's supporters too (a supporter spent
    by suit taken to be held; ruling 788: it crashed, ``StopIteration``, seed 1019)."""
    serials, named = before
    hand = next((pile for _, pile in hidden_piles(g) if c in pile), None)
    if hand is None:
        return  # (held nowhere hidden: no place to keep)
    put_back(hand, c, lambda x: pos.free[x][0] in serials if x in pos.free else x in named)
