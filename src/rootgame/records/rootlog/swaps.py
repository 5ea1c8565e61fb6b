"""Two cards exchanged from a draw pile's time on (ruling 940): an unnamed draw that needs a
card the record names, when no card of its pile's time, nor one exchanged for the whole
game, can stand for it (``piles.py``, :meth:`PileExchanges.settle_since`, after the alike
cards' times of rulings 591-592).

A card's times are its draws from the successive piles, unnamed, each with what the record
wrote of it when it was spent (``Pos.past``, ``Pos.free``, ``Pos.loose``). Two cards both
drawn from one pile (both shuffled into it, 2.1: the pile is shuffled face down) may have
been each other from that draw on: every later time of the one was the other's, and their
earlier times stay their own. The record allows it when it named neither of them at a draw
from that pile on, and what it wrote of each at those times (a suit it was spent by, a hand
shown by Outrage) allows the other. The search had both mouse cards of Alliance seed 1013
(people-style) go their own ways since the third pile; the Eyrie's draw of the present pile
must be the mouse Ambush the Alliance then takes from her by name (line 108,
``M#@E->A``), which the Alliance held as an unnamed draw of the eighth pile: the two
exchanged from the third pile on (:func:`exchanges.apply_cycle_since`).

Two cards one hand held at once may have been spent the other way round, though one was
named when it came in (ruling 137, :func:`held_swap`): a named draw the pile lacks
(``PileExchanges.drawn_held_swapped``) takes the unnamed draw's card, the card drawn goes
where that card went. So too when the card spent into the pile was an unnamed draw and the
card the named draw wants went face down among the supporters (ruling 972,
:func:`held_respent`, ``PileExchanges.drawn_held_respent``). And a card a Mobilize written
unnamed put among the supporters (8.5.2) and an unnamed draw the same hand held then and
holds still may have gone the other way round, where the supporters lack a card a line
spends from them by its suit (ruling 967, :func:`mobilized_held`, ``CardIdentity.give``).
"""

from __future__ import annotations

from typing import Any

from ...cards import DECK
from .alike import open_serials
from .cards import CardSpec
from .exchanges import allows, kept_in_place, open_lists, swap_cards, times
from .factions import Loc, hidden_pile, hidden_piles
from .otherwise import renamed_at, taken_otherwise
from .respends import spending_nodes
from .search import Node, Pos, Slot, course_path
from .shown import Barred
from .solve import named_times

SWAPPED_SINCE = True
"""Ruling 940 turned on (a test turns it off to show the record refused without it)."""


def wrote_since(pos: Pos, c: int, epoch: int) -> list[CardSpec | None]:
    """What the record wrote of card ``c`` at each of its times from the draw pile's time
    ``epoch`` on, with the hands shown by Outrage it was in then (ruling 750), for
    :func:`exchanges.allows`."""
    ts = [t for t in times(pos, c) if t[1] >= epoch]
    out: list[CardSpec | None] = [t[2] for t in ts if len(t) > 2]
    if pos.shown:
        out += [Barred(barred=pos.shown[t[0]]) for t in ts if t[0] in pos.shown]
    return out


def swap_epoch(pos: Pos, f: int, x: int, named: dict[int, list[tuple[int, int]]],
               opened: set[int]) -> int | None:
    """The latest draw pile's time from which cards ``f`` and ``x`` may have been each
    other: both drawn unnamed from that pile, neither named at a draw from it on (``named``:
    each card's draws in the course, :func:`solve.named_times`; ``opened``: the draws that
    are open times, :func:`alike.open_serials`), and what was written of each from then on
    allowing the other. None when there is none."""
    common = {t[1] for t in times(pos, f)} & {t[1] for t in times(pos, x)}
    floor = max((e for c in (f, x) for s, e in named.get(c, ()) if s not in opened),
                default=-1)
    for epoch in sorted(common, reverse=True):
        if epoch <= floor:
            break
        if allows(wrote_since(pos, f, epoch), x) and allows(wrote_since(pos, x, epoch), f):
            return epoch
    return None


def swapped_since(
    pos: Pos, g: Any, f: int, spec: CardSpec, keep: set[int], aside: set[int],
    node: Node | None,
) -> tuple[int, int] | None:
    """A card ``x`` that ``spec`` allows (not one of ``keep``, the cards of ``f``'s hand and
    those the line holds for its needs, nor of ``aside``, the dominance cards no exchange
    takes part in) that the unnamed draw ``f`` may have been from a draw pile's time on
    (:func:`swap_epoch`): (x, that time), for :func:`exchanges.apply_cycle_since` of
    ``[f, x]``. ``node``: the course so far, which says when the record named a card; a
    card the record named is not exchanged without it. Ruling 940."""
    if not SWAPPED_SINCE or f not in pos.free:
        return None
    cands = [x for pile in (g.discard, *open_lists(g)[1:], g.deck,
                            *(p for _, p in hidden_piles(g)))
             for x in pile if x != f and x not in keep and x not in aside
             and spec.matches(x) and (x in pos.loose or x in pos.past or x in pos.free)]
    if not cands:
        return None
    named: dict[int, list[tuple[int, int]]] = {}
    if f in pos.fixed or any(x in pos.fixed for x in cands):
        if node is None:
            cands = [x for x in cands if x not in pos.fixed] if f not in pos.fixed else []
        else:
            named = named_times(node, (f, *cands))
    opened = open_serials(pos)
    for x in cands:
        epoch = swap_epoch(pos, f, x, named, opened)
        if epoch is not None:
            return x, epoch
    return None


HELD_SWAPPED = True
"""Ruling 137 turned on (a test turns it off to show the record refused without it)."""


def _leaves(path: list[Node], seat: int, c: int, k: int) -> int | None:
    """The index in ``path`` of the decision after ``k`` that took card ``c`` from the hand
    of ``seat`` for good (it never came back to it on the course), None when there is none
    or it came back."""
    def hand(i: int) -> list[int]:
        cards: list[int] = path[i].pos.g.seats[seat].hand
        return cards

    out = next((i for i in range(k + 1, len(path)) if c not in hand(i)), None)
    if out is None or any(c in hand(i) for i in range(out, len(path))):
        return None
    return out


def namings(imp: Any, c: int) -> list[int]:
    """The ranks of the lines that name a card of ``c``'s key leaving a hand, drawn by name,
    or crafted by an item it has (the importer's ``named_at``, ``drawn_at``,
    ``crafted_at``)."""
    key = DECK[c].key
    return [*(r for r, _k in imp.named_at.get(key, ())), *imp.drawn_at.get(key, ()),
            *(r for r, _k, _l in imp.crafted_at.get(key, ()))]


def held_swap(
    imp: Any, path: list[Node], y: int, z: int, fixed: frozenset[int], now: int,
) -> tuple[tuple[Any, ...], ...] | None:
    """Whether the card ``y`` of the draw pile (held by its name in a hand, spent from it
    and shuffled in) and the unnamed draw ``z`` held still in a hidden place may have been
    each other from a moment both were in one hand on (ruling 137): the hand spent each of
    them once after that moment (neither came back), the record named neither from then on
    (no craft, no line naming a card of either's key after the line of that moment, up to
    the line of rank ``now``: :func:`namings`), and the two are of one suit, so that what
    it wrote of each spending (a suit, a hand shown by Outrage, the supporters left by a
    base's removal) allows the other. The record cannot tell which of the two the hand
    spent where: each decision that spent one spends the other in the final replay
    (``respend_fixed`` events, ``result.py``), returned; None when no such moment is
    found."""
    if y not in fixed or y == z or DECK[y].suit != DECK[z].suit or "dominance" in (
            DECK[y].kind, DECK[z].kind):
        return None
    renamed = renamed_at(path)
    for seat in range(len(path[-1].pos.g.seats)):
        both = [i for i, x in enumerate(path)
                if y in x.pos.g.seats[seat].hand and z in x.pos.g.seats[seat].hand]
        if not both:
            continue
        k = both[-1]
        iy, iz = _leaves(path, seat, y, k), _leaves(path, seat, z, k)
        line = path[k].pos.line
        if iy is None or iz is None or line is None or iy == iz:
            return None
        since = imp.rank_of[line]
        if any(since < r < now for c in (y, z) for r in namings(imp, c)):
            return None  # named from then on
        for i in (iy, iz):
            if any(t.split()[0] == "craft" for t in path[i].tokens) or \
                    (i, y) in renamed or (i, z) in renamed:
                return None
            at = path[i - 1].pos.line
            if at is None or any(r == imp.rank_of[at] for c in (y, z) for r in namings(imp, c)):
                return None
        return (("respend_fixed", iy, y, z), ("respend_fixed", iz, z, y))
    return None


HELD_RESPENT = True
"""Ruling 972 turned on (a test turns it off to show the record refused without it)."""


def _hand_of(pos: Pos, serial: int) -> int:
    """The seat whose hand holds the unnamed draw ``serial`` at ``pos``, -1 for none."""
    return next((s for s, st in enumerate(pos.g.seats)
                 if any(pos.free.get(c, (None,))[0] == serial for c in st.hand)), -1)


def _card_of(pos: Pos, serial: int) -> int:
    """The card the draw ``serial`` is at ``pos`` (held unnamed, or spent by its suit)."""
    return next(c for slots in (pos.free, pos.loose) for c, t in slots.items()
                if t[0] == serial)


def held_respent(
    imp: Any, path: list[Node], g: Any, free: dict[int, tuple[int, int]],
    loose: dict[int, Slot], z: int, y: int, now: int,
) -> tuple[tuple[Any, ...], ...] | None:
    """Whether the unnamed draw ``z``, lying face down on a board (the Alliance's
    supporters) since a decision put it there from a hand, and the card ``y`` of the
    present draw pile, an unnamed draw that hand spent by its suit and that was shuffled
    in, may have gone the other way round from the last moment the hand held both
    (ruling 972): ``z`` spent where ``y`` was, into the discard pile and the pile shuffled
    since, ``y`` put on the board. As :func:`held_swap` (ruling 137), with ``y`` unnamed:
    each left the hand once after that moment and neither came back, no line from that
    moment's line up to the line of rank ``now`` names a card of ``z``'s key
    (:func:`namings`), neither departure was a craft or is already taken otherwise, the
    two are of one suit and what the record wrote of ``y``'s spending allows ``z``. The
    draws keep their cards; the two decisions exchange them: each decision's card is
    renamed to the other draw's card in the final replay (``spend_draw`` events, by the
    draws' serials, ``result.py``), returned; None when no such moment is found. ``g``,
    ``free``, ``loose``: the state being matched (``Pos.free``, ``Pos.loose``)."""
    if z not in free or y not in loose or y == z or any(z in st.hand for st in g.seats) or \
            DECK[y].suit != DECK[z].suit or "dominance" in (DECK[y].kind, DECK[z].kind):
        return None  # (z in a hand: not face down on a board)
    sz = free[z][0]
    sy, _ey, wrote = loose[y]
    if wrote is None or not wrote.matches(z):
        return None
    once = taken_otherwise(path[-1])
    if sz in once or sy in once:
        return None
    # The decision that put z's draw on the board from a hand (it stayed there since),
    # and the decision that spent y's draw by its suit from that hand.
    mob = next((i for i in range(len(path) - 1, 0, -1)
                if _hand_of(path[i - 1].pos, sz) >= 0), None)
    dis = spending_nodes(path, {sy}).get(sy)
    if mob is None or dis is None or not path[mob].tokens:
        return None
    seat = _hand_of(path[mob - 1].pos, sz)
    if _hand_of(path[dis - 1].pos, sy) != seat:
        return None
    # Both in the hand until the first left it, the other until its own departure.
    first, second = sorted((mob, dis))
    other = sy if first == mob else sz
    if _hand_of(path[first - 1].pos, sz if first == mob else sy) != seat or any(
            _hand_of(path[j].pos, other) != seat for j in range(first - 1, second)):
        return None
    line = path[first - 1].pos.line
    if line is None:
        return None
    # (Only z's key counts: y's identity is open, the exchange keeps it, and a naming of
    # its key took another card of it in the course, which y's new place leaves alone.)
    since, named = imp.rank_of[line], namings(imp, z)
    if any(since < r < now for r in named):
        return None  # named from then on
    renamed = renamed_at(path)
    raw = {mob: _card_of(path[mob - 1].pos, sz), dis: _card_of(path[dis - 1].pos, sy)}
    for i in (mob, dis):
        at = path[i - 1].pos.line
        if any(t.split()[0] == "craft" for t in path[i].tokens) or (i, raw[i]) in renamed \
                or at is None or imp.rank_of[at] in named:
            return None
    return (("spend_draw", dis, raw[dis], sz), ("spend_draw", mob, raw[mob], sy))


MOBILIZED_HELD = False
"""Ruling 967, off: on, it imports four-faction seed 1003's first 90 lines, but the
Alliance seed 1013 (people-style), which imports on main, is refused at line 138
(``B#sapA$->``; not yet understood). The test turns it on."""


def _written_into(imp: Any, line: int, dst: Loc) -> bool:
    """Whether the line ``line`` writes anything of a card it puts into the hidden place
    ``dst`` (its suit or name): then a card put there at that line is not any card."""
    return any(at.kind == "card" and at.key[1] == dst and at.spec is not None and
               at.spec.named for at in imp.lines[line].atoms)


def mobilized_held(
    imp: Any, node: Node, dst: Loc, spec: CardSpec, keep: set[int], taken: set[int],
) -> tuple[int, tuple[tuple[Any, ...], ...]] | None:
    """The face-down place ``dst`` (the Alliance's supporters) lacks a card ``spec`` allows
    and none of its unnamed draws can be given one (``CardIdentity.give``): a card ``f`` a
    decision put there from a hand unnamed (``#A->$``, 8.5.2 Mobilize) and an unnamed draw
    ``k`` that hand held at that decision and holds still may have gone the other way
    round, the decision putting ``k`` there, ``f`` staying in the hand (ruling 967). The
    record writes nothing of either (neither named nor spent by its suit since, the line
    of the decision writing nothing of the cards it puts there, the hand not shown by an
    Outrage since), so either is what the decision took; ``k`` may then be given the card
    by an exchange of its own pile's time (``settle_first``), which ``f``'s, an earlier
    pile's, may not reach. The two are exchanged in the state of ``node`` (``f`` keeps its
    place among the cards the hand held before it, ``exchanges.kept_in_place``), and the
    decision's card is renamed to ``k``'s draw's card in the final replay (a
    ``spend_draw`` event, by serial, ``result.py``). Returns the draw given the card and
    the events, as ``settle_first``; None (the state as it was) when no pair explains the
    need. ``keep``, ``taken``: the cards the need may not take (``give``)."""
    pos = node.pos
    if not MOBILIZED_HELD or dst[0] == "hand" or not pos.free:
        return None
    g = pos.g
    pile = hidden_pile(g, dst)
    path = course_path(node)
    once = taken_otherwise(node)
    renamed = renamed_at(path)
    for f in list(reversed(pile)):
        if f not in pos.free or f in taken or pos.free[f][0] in once:
            continue
        sf = pos.free[f][0]
        mob = next((i for i in range(len(path) - 1, 0, -1)
                    if _hand_of(path[i - 1].pos, sf) >= 0), None)
        if mob is None or not path[mob].tokens:
            continue
        then = path[mob - 1].pos
        line = then.line
        raw = _card_of(then, sf)
        if line is None or raw != f or (mob, raw) in renamed or _written_into(imp, line, dst):
            continue  # (a card given another identity since: its place then is another's)
        seat = _hand_of(then, sf)
        hand = g.seats[seat].hand
        for k in then.g.seats[seat].hand:
            if k == raw or k not in hand or k not in pos.free or \
                    then.free.get(k) != pos.free[k] or pos.free[k][0] in once or \
                    pos.free[k][0] in pos.shown or k in keep:
                continue  # (held unnamed since, the same draw; not a card another need keeps)
            sk = pos.free[k][0]
            if any(_hand_of(path[j].pos, sk) != seat for j in range(mob - 1, len(path))):
                continue
            order = list(hand)
            swap_cards(g, f, k)
            kept_in_place(hand, f, then, pos.free)
            found = imp.settle_first(pos, g, [x for x in pile if x not in taken], spec,
                                     keep, (False, True))
            if found is not None:
                return found[0], (("spend_draw", mob, raw, sk), *found[1])
            swap_cards(g, f, k)
            hand[:] = order
    return None
