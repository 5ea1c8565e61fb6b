"""The courses taken otherwise that the solve tries (``solve.py``) where the course as it is
has no renaming: which card of a hand a spending written by its suit only took is the
search's choice. This module chooses which such courses to try, the likeliest first and at
most a few: one spending taken to have spent another unnamed draw of the hand
(:func:`respendings`, ruling 450; one held draw of each pile's time,
:func:`one_of_each_time`, rulings 471 and 502; the spendings of a card a lacking hand's
need allows first, :func:`wants`, ruling 501), two spendings of one hand, of cards of
different piles' times, the other way round (:func:`swappings`, ruling 468; those that may
free a card a lacking hand needs, :func:`freeing`, rulings 527, 565 and 566), two in a
chain, the card one keeps spent by the other (:func:`chained`, ruling 490), and a card
named as it left a hand (taken by name, crafted) taken to have been another unnamed draw
the hand held then (:func:`renamings`, ruling 520). A spending the course already takes
otherwise is not taken otherwise again (:func:`taken_otherwise`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ...cards import DECK
from .cards import CardSpec
from .course import HELD, Before, Course, allows
from .exchanges import beside, held, lacks
from .factions import Loc, hidden_pile, hidden_piles
from .search import Node, Pos
from .walks import taken_on_course

MAX_RESPENDS = 4
"""How many spendings by suit taken to be another card of the hand (ruling 450) the solve
tries, one at a time, after the course as it is."""

MAX_CHAINS = 8
"""How many courses with two spendings taken otherwise in a chain the solve tries
(:func:`chained`, ruling 490)."""

FREEING_PAIRS = 8
"""How many pairs of spendings the other way round that may free a card a lacking hand
needs (:func:`freeing`, ruling 527) the solve tries, within ``solve.FREEING_STEPS``
choices: four before ruling 566."""

MAX_RENAMINGS = 4
"""How many cards named as they left a hand taken to have been another draw of it
(:func:`renamings`, ruling 520) the solve tries."""

NAMED_WANTED_FIRST = True
"""Whether :func:`renamings` tries first the namings of a card a need of a hand that lacks
a card allows (ruling 617): the card named moves to the time of the other draw, which may
leave the time it leaves one of its suit to spare for the need, as a spending taken
otherwise may (ruling 501). Seed 6782: the Eyrie's Sappers crafted by name, a bird, taken
to have been her draw of the new pile, not of the old one, where the Marquise lacks a bird
from; the Bank crafted before it, a rabbit, took the solve's 1,000 choices of ruling 520."""


def lacking_needs(
    g: Any, course: Course, needs: dict[Loc, list[CardSpec]],
) -> tuple[list[CardSpec], list[int]]:
    """What the hands that lack a card for the line (``needs``) need, and the course's
    held slots of those hands' unnamed draws: what a course taken otherwise should bring
    them (rulings 490, 501, 527)."""
    lacking = [loc for loc, sps in needs.items() if lacks(held(g, loc), sps, beside(g, loc))]
    wanted = [sp for loc in lacking for sp in needs[loc]]
    slots = [k for loc in lacking for c in hidden_pile(g, loc)
             if (k := course.held_slot.get(c)) is not None]
    return wanted, slots


def held_slots(hand: list[int], then: Pos, held_serial: dict[int, int]) -> list[int]:
    """The slots (by ``held_serial``, a held slot's serial to the slot) of the unnamed
    draws ``hand`` held at the state ``then``: the draws a spending or a naming from the
    hand may have taken instead (:func:`respendings`, :func:`renamings`)."""
    return [held_serial[then.free[k][0]] for k in hand
            if k in then.free and then.free[k][0] in held_serial]


UNSPENT = ("respend", "respend_as", "spend_draw")
"""The events of a spending the course already takes otherwise: the card spent kept in
the hand, another spent instead (``respend``, rulings 421 and 450; ``respend_as``, rulings
428, 545, 572 and 581; ``spend_draw``, whose draw is its fourth item: a named card's spending
taken back, the draw spent there, ruling 571). The final replay takes one card for each
draw's spending (``result.py``): every exchange that asks whether a draw's spending is
already taken otherwise (the solve, rulings 428, 545, 571-572 and 581) counts all three
(ruling 620; before it the solve counted ``respend`` only, rulings 428, 545 and 580, since
withdrawn, not ``spend_draw``)."""
ONE_SET = True
"""Whether every exchange counts :data:`UNSPENT` (ruling 620); False: as before it."""


def decision(n: Node) -> bool:
    """Whether the node ``n`` is a decision's, one that carries its tokens, where a
    spending is sought: a node an exchange made (``repaired``, no tokens) may show the
    same change of the cards, the draw it took to have been spent elsewhere put among the
    cards spent (``SpentOtherwise._unspend``, ruling 571), and spent nothing (ruling 620;
    every node with :data:`ONE_SET` off)."""
    return bool(n.tokens) or not ONE_SET


def spent_here(n: Node, c: int, serial: int) -> bool:
    """Whether the decision of the node ``n`` (:func:`decision`) spent the unnamed draw
    ``serial``, the card ``c`` then, by its suit: the draw unnamed before it, spent by its
    suit after (ruling 620)."""
    then = n.parent.pos if n.parent is not None else None
    return then is not None and then.free.get(c, (None,))[0] == serial and \
        n.pos.loose.get(c, (None,))[0] == serial and decision(n)


def spendings(node: Node, course: Course) -> Iterator[tuple[int, int, list[int], Pos]]:
    """The spendings by suit only of the course's slots, the latest first: (the slot, its
    card, the hand it was spent from, the state before the decision that spent it). Not a
    spending the course already takes otherwise (:func:`taken_otherwise`)."""
    by_serial = {course.slots[i][0]: i for i in range(len(course.slots))}
    respent = taken_otherwise(node)
    n = node
    while n.parent is not None:
        then = n.parent.pos
        for c, (serial, _e) in then.free.items():
            i = by_serial.get(serial)
            if i is None or course.slots[i][2] is None or serial in respent or \
                    not spent_here(n, c, serial):
                continue  # not spent by its suit in this decision, or taken otherwise
            yield i, c, spent_from(then.g, c), then
        n = n.parent


SUPPORTERS_RESPENT = True
"""Ruling 982: a spending by suit of the Alliance's supporters (``M#$->``) is one
:func:`respendings` may take to have spent another supporter, as a hand's (ruling 450)."""


def spent_from(g: Any, c: int) -> list[int]:
    """The hidden place that holds card ``c`` before a decision spends it: a seat's hand,
    or the Alliance's supporters (ruling 982; with ``SUPPORTERS_RESPENT`` off, a hand
    only); empty when none does."""
    if not SUPPORTERS_RESPENT:
        return next((st.hand for st in g.seats if c in st.hand), [])
    return next((pile for _loc, pile in hidden_piles(g) if c in pile), [])


def taken_otherwise(node: Node, before: tuple[str, ...] = ("respend",)) -> set[int]:
    """The draws (serials) whose spending the course up to ``node`` takes to have spent
    another card (the events of :data:`UNSPENT`, ruling 620; with :data:`ONE_SET` off,
    those of ``before``, the set the caller counted before it). The final replay
    takes one card for each such spending (``result.py``), so the solve takes it
    otherwise no more, nor has another spending spend that card in its stead: a card two
    decisions spend is no course (seed 3622, line 85: the Eyrie's Bank of the first
    pile, kept where its spending was taken otherwise by the quick search, was taken by
    the solve to be the card a later spending spent, and taken to have stayed once more;
    the final replay did not replay)."""
    # kept on the course's nodes (walks.py, speed only)
    return set(taken_on_course(node, UNSPENT if ONE_SET else before))


def renamed_at(path: list[Node]) -> set[tuple[int, int]]:
    """The named cards the course ``path`` already takes a decision to have spent
    otherwise, as (the decision's index in ``path``, the card its tokens spend): a
    ``spend_draw`` event (ruling 571: the decision spent a draw's card instead) and a
    ``respend_fixed`` event (ruling 581: the next card of a chain). The final replay
    renames each such card of a decision once (``result.py``): neither ruling takes one
    of these again (ruling 621)."""
    return {(int(e[1]), int(e[2])) for x in path for e in x.events
            if e[0] in ("spend_draw", "respend_fixed")}


def respendings(
    node: Node, course: Course, wanted: list[CardSpec] | None = None,
    most: int = MAX_RESPENDS,
) -> list[tuple[int, int, Before]]:
    """The spendings of the course that may have spent another card of the hand (ruling
    450): a slot's card spent by its suit only (a discard, a Decree card) from a hand that
    held then an unnamed draw of another pile's time it holds still. Each: (the spent
    slot, the held slot, the cards the hand held before the one spent: the serials of the
    unnamed draws, the cards named), the latest spending first; with ``wanted`` (what the
    line needs of the hands that lack a card), the spendings of a card such a need allows
    first (ruling 501), at most ``most`` (``MAX_RESPENDS``) in all.
    Within one pile's time the two are already one renaming of the solve (and so are two
    held slots of one time: :func:`one_of_each_time`)."""
    respent = taken_otherwise(node)
    held_serial = {course.slots[j][0]: j for j in course.held_slot.values()
                   if course.slots[j][0] not in respent}
    return wanted_first(
        spendings(node, course), course, held_serial, most,
        lambda i, _c: wanted is None or wants(course.slots[i][2], wanted),
        kept_written(node.pos, course, respent) if KEPT_WRITTEN else None)


KEPT_WRITTEN = True
"""Ruling 985: a spending by suit of a place may have spent, instead of its card, a card
the place held then and holds still that the record wrote by the same suit as it came in
(an Outrage's card given to the supporters, ``R#C->A$``), the card spent there held, an
unnamed draw again (:func:`kept_written`, :meth:`Course.respent`). Tried first of the
spendings taken otherwise: the place gets a draw back, whatever suit it then needs. Alliance
seed 1027, line 76: the supporters lack a fox; at line 72 the search spent three unnamed
supporters as rabbits and kept the Marquise's rabbit of line 69, where the game spent it
and kept a fox."""


def suit_written(course: Course, j: int) -> str | None:
    """The suit the record wrote of slot ``j`` of ``course`` (None: none written)."""
    wrote = course.slots[j][2]
    return None if wrote is None else wrote.suit


def kept_written(pos: Pos, course: Course, respent: set[int]) -> dict[int, int]:
    """The slots of the cards written by their suit as they came into a hidden place that
    lie there still (``Pos.loose``, the card's last time, not shuffled since), by serial:
    what a spending by that suit from the place may have spent instead (ruling 985)."""
    there = {c for _loc, pile in hidden_piles(pos.g) for c in pile}
    out: dict[int, int] = {}
    for j, (serial, _e, wrote) in enumerate(course.slots):
        c = course.where[j]
        if c in there and c in pos.loose and pos.loose[c][0] == serial and \
                wrote is not None and wrote.keys is None and wrote.item is None and \
                serial not in respent and course.exit[j] != HELD:
            out[serial] = j
    return out


def wants(spec: CardSpec | None, wanted: list[CardSpec]) -> bool:
    """Whether a card ``spec`` allows is one a need of ``wanted`` allows: a spending taken
    otherwise that moves such a card's suit to another pile's time may leave the present
    time one to spare for the need (ruling 501)."""
    return any(allows(spec, c) and any(sp.matches(c) for sp in wanted)
               for c in range(len(DECK)))


def held_before(hand: list[int], c: int, then: Pos) -> Before:
    """The cards ``hand`` held before ``c`` at the state ``then`` (before the decision that
    spent ``c``): the serials of its unnamed draws, the cards named."""
    ahead = hand[: hand.index(c)] if c in hand else []
    return (frozenset(then.free[x][0] for x in ahead if x in then.free),
            frozenset(x for x in ahead if x not in then.free))


def one_of_each_time(course: Course, i: int, held: list[int]) -> list[int]:
    """Of the slots ``held`` (unnamed draws a hand held as it spent slot ``i``'s card by
    its suit, and holds still), one of each pile's time other than ``i``'s: for
    :func:`respendings`. Two held slots of one time are one course for the solve (both
    held, nothing written of either: a renaming gives either the other's card), so the
    spending is taken with one of them, and the ``MAX_RESPENDS`` courses reach further
    back, to spendings that one hand's many held draws of one time left out (ruling
    471): the first whose card what the record wrote of the spending allows, else the
    first (the solve keeps each slot's card as long as it can and changes an early
    slot's last: the held draw whose card must change to be spent so is a course it
    gives up on before it finds the exchange of the two draws, ruling 502). A draw of a
    hand shown by Outrage is of a time of its own (``Course.slot_kind``, ruling 820): a
    renaming cannot give it the card of a draw the hand was not shown with."""
    spec = course.slots[i][2]
    times = {course.slot_kind(i)}
    out: list[int] = []
    for j in sorted(held, key=lambda j: not allows(spec, course.card[j])):
        if course.slot_kind(j) not in times and fits_held(course, i, j):
            times.add(course.slot_kind(j))
            out.append(j)
    return out


SHOWN_FITTING = True
"""Ruling 987: a spending by suit (or a naming, ruling 520) is taken to have spent a held
draw only where that draw may have been a card the record allows there: one of the suit
written (the card named), not of a suit a hand shown by Outrage with that draw lacked
(:func:`fits_held`, ``Course.fitting``; ruling 820). Alliance seed 1007 (people-style),
line 61: the Marquise must hold a bird and the Scouting Party; her draw of the first
pile, shown at line 49 to be neither bird nor mouse, was the held draw of the courses
tried (two of the four birds spent taken to have been that draw, a third another draw
shown so, and the Codebreakers named as it left the hand: none can be), so the one that
explains the line, the fox she gave the supporters at line 53 taken to have been that
draw, was never tried."""


def fits_held(course: Course, i: int, j: int) -> bool:
    """Whether the held draw of slot ``j`` may have been the card spent (or named) at slot
    ``i``: a card what the record wrote there allows, of no suit a hand shown by Outrage
    with ``j``'s draw lacked (ruling 987; always with ``SHOWN_FITTING`` off)."""
    return not SHOWN_FITTING or bool(course.fitting(j, course.slots[i][2]))


def freeing(
    node: Node, course: Course, needs: dict[Loc, list[CardSpec]],
) -> Callable[[tuple[int, int]], int]:
    """How likely two spendings the other way round (:func:`swappings`) are to give a
    hand that lacks a card for the line (``needs``) that card, as its unnamed draw ``x``
    of an earlier pile's time, still held: 2 where one of the two slots is of ``x``'s
    time and written what a need of the hand allows, the other written what ``x``'s card
    now allows (``x`` may take the first slot's card, the slot ``x``'s); 1 where only the
    first holds; else 0 (the pair gives ``x``'s time no card the hand needs). Ruling 527.
    A need counts only with a card ``x``'s pile held (:func:`fed`, ruling 565)."""
    wanted, slots = lacking_needs(node.pos.g, course, needs)
    olds = [k for k in slots if course.slots[k][1] < course.present]
    pile = {t: fed(course, t) for t in {course.slots[k][1] for k in olds}}

    def frees(i: int, j: int) -> int:
        t = course.slots[i][1]
        mine = [k for k in olds if course.slots[k][1] == t]
        if not mine or not any(sp.matches(x) and allows(course.slots[i][2], x)
                               for sp in wanted for x in pile[t]):
            return 0
        return 1 + any(allows(course.slots[j][2], course.card[k]) for k in mine)

    return lambda pair: max(frees(*pair), frees(pair[1], pair[0]))


def fed(course: Course, t: int) -> set[int]:
    """The cards the pile of time ``t`` (an epoch) held as the course stands: every card
    for the first pile, else those the course shuffled into it. What a held draw of that
    time may be for a need of its hand (:func:`freeing`, ruling 565): a card shuffled only
    into a later pile, or lying in the present one, is for the hand's later draws."""
    if t == 0:
        return course.every
    return {course.card[k] for k, e in enumerate(course.exit) if e == t}


def swappings(
    node: Node, course: Course, most: int | None = MAX_RESPENDS,
) -> list[tuple[int, int]]:
    """The pairs of spendings of the course that may have been the other way round
    (ruling 468): a slot's card spent by its suit only from a hand that held then an
    unnamed draw of another pile's time, spent since by another suit only, to the same
    place (both in the discard pile, or both shuffled into one pile). Each: (the slot
    spent first, the other), the latest first, at most ``MAX_RESPENDS``."""
    respent = taken_otherwise(node)
    by_serial = {course.slots[i][0]: i for i in range(len(course.slots))
                 if course.slots[i][0] not in respent}
    out: list[tuple[int, int]] = []
    for i, c, hand, then in spendings(node, course):
        if most is not None and len(out) >= most:
            break
        for k in hand:
            j = by_serial.get(then.free[k][0]) if k in then.free and k != c else None
            if j is not None and course.slots[j][1] != course.slots[i][1] and \
                    course.slots[j][2] is not None and \
                    course.slots[j][2] != course.slots[i][2] and \
                    course.exit[j] == course.exit[i] != HELD:
                out.append((i, j))
    return out if most is None else out[:most]


NAMED_AT_DECISIONS = True
"""Whether :func:`namings` seeks a naming only at a decision's node (:func:`decision`,
ruling 690); False: at every node, as before it."""


def namings(node: Node, course: Course) -> Iterator[tuple[int, int, list[int], Pos]]:
    """The decisions of the course that named a card as it left a hand where it was an
    unnamed draw (taken by name with Stand and Deliver!, ``R#smugglerstrailE->C``; crafted
    or added to the Decree by name), the latest first: (the named time's slot, its card, the
    hand it left, the state before the decision). Only a decision's node (:func:`decision`,
    ruling 690, as the spendings' walks since ruling 620): an exchange's node (no tokens)
    that gave the draw another card shows its card before leaving the hand too, a naming
    no decision made."""
    by_serial = {course.slots[i][0]: i for i in course.named}
    n = node
    while n.parent is not None:
        then = n.parent.pos
        # An exchange's node names no card (ruling 690).
        here = then.free if decision(n) or not NAMED_AT_DECISIONS else {}
        for c, (serial, _e) in here.items():
            i = by_serial.get(serial)
            if i is None or c in n.pos.free or c in n.pos.loose:
                continue
            seat = next((k for k, st in enumerate(then.g.seats) if c in st.hand), None)
            if seat is not None and c not in n.pos.g.seats[seat].hand:
                yield i, c, then.g.seats[seat].hand, then
        n = n.parent


def renamings(
    node: Node, course: Course, wanted: list[CardSpec] | None = None,
) -> list[tuple[int, int, Before]]:
    """The cards the record named as they left a hand that may have been another unnamed
    draw the hand held then and holds still, of another pile's time (ruling 520): which of
    the hand's draws the card named was is not written. Each: (the named time's slot, the
    held slot, the cards the hand held before the one named), the latest naming first, at
    most ``MAX_RENAMINGS``; with ``wanted`` (what the line needs of the hands that lack a
    card), the namings of a card such a need allows first (:data:`NAMED_WANTED_FIRST`,
    ruling 617). With ``wanted`` empty, the course's namings in order, as without it: the
    walk stops at ``MAX_RENAMINGS`` (speed only)."""
    held_serial = {course.slots[j][0]: j for j in course.held_slot.values()}
    first = bool(wanted) and NAMED_WANTED_FIRST
    return wanted_first(
        namings(node, course), course, held_serial, MAX_RENAMINGS,
        lambda _i, c: not first or any(sp.matches(c) for sp in wanted or ()))


def wanted_first(
    found: Iterator[tuple[int, int, list[int], Pos]], course: Course,
    held_serial: dict[int, int], most: int, wanted: Callable[[int, int], bool],
    kept: dict[int, int] | None = None,
) -> list[tuple[int, int, Before]]:
    """Of :func:`respendings` and :func:`renamings`: each slot ``i`` of ``found`` (its card
    ``c``, the hand, the state before) with each draw the hand held then and holds still,
    one of each pile's time (the held slots of ``held_serial``): those of a slot
    ``wanted(i, c)`` first (rulings 501, 617), at most ``most`` in all; the walk of
    ``found`` stops once ``most`` wanted ones are found."""
    out: list[tuple[int, int, Before]] = []
    other: list[tuple[int, int, Before]] = []
    first: list[tuple[int, int, Before]] = []  # ruling 985's
    for i, c, hand, then in found:
        before = held_before(hand, c, then)
        mine = [(i, j, before)
                for j in one_of_each_time(course, i, held_slots(hand, then, held_serial))]
        if kept:
            # A card written by the spending's suit as it came in, held then and still
            # (ruling 985), of any time (the solve does not move where it went), first:
            # the place gets a draw back, whatever suit it then needs.
            suit = suit_written(course, i)
            first += [(i, j, before) for k in hand if k in then.loose
                      and (j := kept.get(then.loose[k][0])) is not None and j != i
                      and suit is not None and suit == suit_written(course, j)]
        if wanted(i, c):
            out += mine
        elif len(other) < most:
            other += mine
        if len(out) >= most:
            break
    return (first + out + other)[:most]


def chained(
    node: Node, course: Course, needs: dict[Loc, list[CardSpec]],
) -> Iterator[tuple[Course, tuple[int, int, Before | None]]]:
    """The courses with two spendings by suit of one hand taken otherwise in a chain
    (ruling 490): a spending of ruling 450 (:func:`respendings`: slot ``i``'s card held,
    the held draw ``j``, of another pile's time than the draws of the hands that lack a
    card, spent in its stead), then an earlier spending by suit of that hand, made while it
    held ``i``'s card, taken to have spent ``i``'s card, the card it spent (slot ``k``)
    held since instead: a draw of the pile's time of a lacking hand's draw, other than
    ``i``'s, written a suit that a need of such a hand wants, whose card the solve may then
    give that need. The three cards' fates go round: ``i``'s spent at ``k``'s decision,
    ``j``'s at ``i``'s, ``k``'s held. Each: the course (its ``first`` the first spending),
    and the second spending (``k``, ``i``, the cards held before ``k``'s card); at most
    ``MAX_CHAINS``."""
    wanted, slots = lacking_needs(node.pos.g, course, needs)
    times = {course.slots[k][1] for k in slots}
    made = 0
    for i, j, _before in respendings(node, course):
        if course.slots[j][1] in times:
            continue  # j's card would be spent in the very time that lacks a card
        one = course.respent(i, j)
        serial = course.slots[i][0]
        for k, c, hand, then in spendings(node, one):
            if k == i or course.slots[k][1] not in times or \
                    course.slots[k][1] == course.slots[i][1] or \
                    not any(then.free.get(x, (None,))[0] == serial for x in hand) or \
                    not any(sp.matches(x) and allows(course.slots[k][2], x)
                            for sp in wanted for x in one.every):
                continue
            two = one.respent(k, i)
            two.first = (i, j)
            yield two, (k, i, held_before(hand, c, then))
            made += 1
            if made >= MAX_CHAINS:
                return


MAX_PAIRED = 24
"""Of how many spendings of ruling 450's list (:func:`respendings`) :func:`paired` takes
two at once (ruling 675)."""


def paired(
    node: Node, course: Course, needs: dict[Loc, list[CardSpec]],
) -> Iterator[tuple[Course, tuple[int, int, Before | None]]]:
    """The courses with two spendings by suit taken otherwise at once, each independently
    of the other (ruling 675): two spendings of ruling 450's list (:func:`respendings`, the
    first ``MAX_PAIRED``, those of a card a lacking hand's need allows first), each slot's
    card held and another held draw of the hand spent in its stead, four slots apart. A
    chain (:func:`chained`, ruling 490) has the second spending spend the first's card; here
    neither touches the other's. Each: the course (its ``first`` the first spending, the
    later one of the two) and the second spending (the slot, the held slot, the cards held
    before it)."""
    wanted, _slots = lacking_needs(node.pos.g, course, needs)
    singles = respendings(node, course, wanted, MAX_PAIRED)
    serial = [s for s, _e, _w in course.slots]
    for a, (i, j, kept) in enumerate(singles):
        for k, m, before in singles[a + 1:]:
            if len({i, j, k, m}) < 4:
                continue
            two = course.respent(i, j).respent(k, m)
            # Each card held where the other spending's held draw was holds its place.
            two.first = (i, j)
            two.first_before = in_stead(kept, serial[m], serial[k])
            yield two, (k, m, in_stead(before, serial[j], serial[i]))


def in_stead(before: Before, spent: int, kept: int) -> Before:
    """``before`` (the cards a hand held before a card) with the draw ``kept`` (a serial)
    in the stead of the draw ``spent``, where another spending taken otherwise spent the
    one and kept the other (:func:`paired`, ruling 675)."""
    serials, named = before
    return (serials - {spent}) | {kept} if spent in serials else serials, named
