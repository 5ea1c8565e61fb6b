"""Exchanges of card identities during an import, as functions of the search state: cards
swapped wherever they are (:func:`swap_cards`), cycles of places within one draw pile's time
(:func:`apply_cycle`) or through the later piles' times (:func:`apply_cycle_since`), two
cards exchanged for the whole game (:func:`full_swap`), and what the record wrote of a card
at each of its times (:func:`times`, :func:`written`, :func:`allows`, :func:`loose_spec`,
:func:`narrower`), and what a line takes from a hand that the hand lacks (:func:`lacking`,
:func:`line_draws`). ``identity.py`` decides which exchange explains the record."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

from ...cards import DECK
from .atoms import Line
from .cards import CardSpec
from .factions import Loc, hidden_pile, hidden_piles, notation
from .search import Node, Pos, Slot
from .shown import Barred


def swap_cards(g: Any, x: int, y: int) -> None:
    """Exchange two cards wherever they are (hands, piles, play areas, the Decree, the
    Black Market)."""
    places: list[list[int]] = [g.deck, g.discard, g.available_dominance, g.market]
    for s in g.seats:
        places += [s.hand, s.persistent]
    for f, fs in zip(g.factions, g.fs, strict=True):
        places.extend(notation(f).card_lists(fs))
    px = next(p for p in places if x in p)
    py = next(p for p in places if y in p)
    ix, iy = px.index(x), py.index(y)
    px[ix], py[iy] = y, x


BESIDE_SET = True
"""Ruling 785 turned on (a test turns it off to show the record refused without it)."""


def set_beside(g: Any, path: list[int]) -> None:
    """After a cycle of places (``path``) that gave a card another identity where the
    engine's place of a card depends on it: a dominance card discarded or spent goes beside
    the board (3.3.1, 3.3.3), another card to the discard pile. The engine drew a dominance
    card for an Outrage straight to the discard pile (supporters full, 8.2.3 I), and put it
    beside the board; the record names another card drawn (``M#scout->``), spent by its
    suit earlier in the pile's time, which the cycle gives the draw: that card then stood
    beside the board (seed 1020 with the Alliance, line 42; the final replay's reshuffle at
    line 45 held one card more). So with a named draw swapped with the engine's
    (``NamedDraws.settle_draw``): the dominance card the record names drawn for an Outrage
    (``R#dom->``, seed 1024 line 36) lay in the discard pile, and its take from beside the
    board at line 38 (``R#dom->A``) was refused. A card of the path beside the board that
    is no dominance card goes to the discard pile, and a dominance card of the path in the
    discard pile beside the board. Ruling 785."""
    if not BESIDE_SET:
        return
    aside, pile = g.available_dominance, g.discard
    for x in path:
        dominance = DECK[x].kind == "dominance"
        if x in aside and not dominance:
            aside.remove(x)
            pile.append(x)
        elif x in pile and dominance:
            pile.remove(x)
            aside.append(x)


def kept_in_place(
    hand: list[int], c: int, then: Pos, free: dict[int, tuple[int, int]], now: int | None = None,
) -> None:
    """Put card ``c`` of ``hand`` where the final replay has it, when an exchange finds
    that a decision which spent ``c`` from a hand spent another of its cards instead
    (``CardIdentity.reattribute``, ``respent_named``; ``then``: the position before that
    decision, ``free``: the unnamed draws held now): ``c`` never left, so it keeps its
    place among the cards held before it, not the place of the card spent in its stead.
    A hand's order is that of its draws (the engine appends a card gained and removes a
    card spent), and a random take (Stand and Deliver) is replayed by its place in the
    hand. The cards held before ``c``: those the hand held then ahead of it (a card named
    as itself, an unnamed draw by its draw, whatever card it was given since), and an
    unnamed draw made before ``c``'s that was not held then: spent then, an earlier such
    exchange found that it stayed in the hand, so it was there all along. ``now``: the card
    ``c`` is in ``hand`` now, when an exchange since gave its draw another (ruling 581)."""
    serial = then.free[c][0]
    mine = next(st.hand for st in then.g.seats if c in st.hand)
    ahead = mine[: mine.index(c)]
    named = {x for x in ahead if x not in then.free}
    draws = {then.free[x][0] for x in ahead if x in then.free}
    held_then = {s for s, _ in then.free.values()}

    def before(x: int) -> bool:
        if x not in free:
            return x in named
        s = free[x][0]
        return s in draws or (s < serial and s not in held_then)

    put_back(hand, c if now is None else now, before)


def put_back(hand: list[int], c: int, held_before: Callable[[int], bool]) -> None:
    """Move card ``c`` of ``hand`` to its place among the cards held before it: after the
    first run of the hand's other cards ``held_before`` tells were there already
    (:func:`kept_in_place`; ``solve.rebuild``'s ``respend``, ruling 450)."""
    hand.remove(c)
    at = next((i for i, x in enumerate(hand) if not held_before(x)), len(hand))
    hand.insert(at, c)


def rename_later(steps: list[list[tuple[Any, ...]]], now: dict[int, int]) -> None:
    """In the atoms of the steps still to match, a card that changed identity (``now``: old
    card -> new) is written as its new one."""
    for later in steps:
        for j, old in enumerate(later):
            if len(old) > 2 and old[0] in ("card", "craft", "ambush") and old[2] in now:
                later[j] = (*old[:2], now[old[2]])


RESTANDS = True
"""Ruling 996 turned on: a card a cycle of the present pile's time puts back into the draw
pile (its draw given to another card) stands there again for its last time spent unseen in
an earlier pile's time (``Pos.loose``), as it did before it was drawn (a test turns it off
to show the record refused without it)."""


def apply_cycle(pos: Pos, g: Any, cycle: list[int], epoch: int) -> tuple[tuple[Any, ...], ...]:
    """Exchange the cards of ``cycle`` around in the draw pile's time ``epoch``: the first
    (an unnamed draw) takes the second's place, each card the next one's, the last the
    first's. Each place keeps what it stands for (an unnamed draw in ``pos.free``, a card
    spent by its suit in ``pos.loose``) with its new card, and every draw renamed is an event
    for the final replay; what each card was before that pile was shuffled stays its own. A
    card of the present draw pile that stood for a card spent in an earlier pile's time and
    leaves the pile keeps that time in ``pos.past``. The first place's new card stays an
    unnamed draw until the record's movement that needed it takes it up
    (``Importer.consume``)."""
    cards = cycle[1:] + cycle[:1]  # the new card of each place
    roles: list[tuple[str, Slot | tuple[int, int] | None]] = []
    for x in cycle:
        if x in pos.free:
            roles.append(("free", pos.free.pop(x)))
        elif x in pos.loose and pos.loose[x][1] == epoch:
            roles.append(("loose", pos.loose.pop(x)))
        else:
            if x in pos.loose:  # a card of the present pile, drawn now
                pos.past[x] = (*pos.past.get(x, ()), pos.loose.pop(x))
            roles.append(("deck", None))
    for y in cycle[1:]:
        swap_cards(g, cycle[0], y)
    events: list[tuple[Any, ...]] = []
    for (kind, role), new in zip(roles, cards, strict=True):
        if role is None:
            if RESTANDS and new not in pos.free and new not in pos.loose and \
                    new not in pos.fixed and pos.past.get(new):
                # Put back into the present pile, not drawn from it any more: the card
                # stands there again for its last time spent unseen (ruling 996).
                *rest, last = pos.past.pop(new)
                if rest:
                    pos.past[new] = tuple(rest)
                pos.loose[new] = last
            continue
        events.append(("rename", role[0], new))
        if kind == "free":
            pos.free[new] = (role[0], role[1])
        else:
            pos.loose[new] = role  # type: ignore[assignment]
    return tuple(events)


def apply_cycle_since(
    pos: Pos, g: Any, cycle: list[int], epoch: int
) -> tuple[tuple[Any, ...], ...]:
    """Exchange the cards of ``cycle`` around from the draw pile's time ``epoch`` on
    (:meth:`CardIdentity.cycle` with ``since``): as :func:`apply_cycle`, but a place is
    every time of its card from that pile's time on (drawn, spent by its suit, shuffled into
    a later pile, drawn again), all of which go to the place's new card with it; what each
    card was before that pile was shuffled stays its own. The first place's new card stays
    an unnamed draw."""
    cards = cycle[1:] + cycle[:1]
    moved: list[tuple[tuple[Slot, ...], tuple[int, int] | None, Slot | None]] = []
    kept: dict[int, tuple[Slot, ...]] = {}
    for x in cycle:
        was = pos.past.pop(x, ())
        fr = pos.free.pop(x, None)
        lo = pos.loose.pop(x, None)
        early = tuple(t for t in was if t[1] < epoch)
        if lo is not None and lo[1] < epoch:
            early += (lo,)  # an earlier time: the card's own
            lo = None
        kept[x] = early
        moved.append((tuple(t for t in was if t[1] >= epoch), fr, lo))
    for y in cycle[1:]:
        swap_cards(g, cycle[0], y)
    events: list[tuple[Any, ...]] = []
    for (later, fr, lo), new in zip(moved, cards, strict=True):
        own = kept[new]
        current = fr is not None or lo is not None
        if own and not current and not later:
            # Into the draw pile, never drawn since: the card stands there for its last
            # time spent unseen, as before.
            *rest, last = own
            own = tuple(rest)
            pos.loose[new] = last
        history = own + later
        if history:
            pos.past[new] = history
        if fr is not None:
            pos.free[new] = fr
        if lo is not None:
            pos.loose[new] = lo
        for t in later:
            events.append(("rename", t[0], new))
        for r in (fr, lo):
            if r is not None:
                events.append(("rename", r[0], new))
    return tuple(events)


def times(pos: Pos, x: int) -> list[Slot | tuple[int, int]]:
    """Every time of card ``x`` since the game began that the record may have named: its
    earlier times, and its present one (an unnamed draw or a card spent by its suit)."""
    out: list[Slot | tuple[int, int]] = list(pos.past.get(x, ()))
    if x in pos.free:
        out.append(pos.free[x])
    if x in pos.loose:
        out.append(pos.loose[x])
    return out


def written(pos: Pos, x: int) -> list[CardSpec | None] | None:
    """What the record wrote of card ``x`` at each of its times it was spent (None for
    nothing written), for :func:`allows`; None when the record named ``x``."""
    if x in pos.fixed:
        return None
    out: list[CardSpec | None] = [t[2] for t in times(pos, x) if len(t) > 2]
    if pos.shown:
        # A time in a hand shown by Outrage: not a card of its clearing (ruling 750).
        out += [Barred(barred=pos.shown[t[0]]) for t in times(pos, x) if t[0] in pos.shown]
    return out


def allows(wrote: list[CardSpec | None] | None, y: int) -> bool:
    """Whether card ``y`` may have been, the whole game through, a card of which the record
    wrote ``wrote`` (:func:`written`): the record never named that card, and what it wrote
    of it at each of its times (a suit) allows ``y``. A dominance card is never one spent
    unseen (a discarded dominance card goes beside the board, 3.3.3)."""
    if wrote is None or DECK[y].kind == "dominance" and any(
            not isinstance(w, Barred) for w in wrote):
        return False
    return all(w is None or w.matches(y) for w in wrote)


def swap_keys(d: dict[int, Any], x: int, y: int) -> None:
    """Exchange what ``d`` holds for ``x`` and for ``y`` (either may hold nothing)."""
    ex, ey = d.pop(x, None), d.pop(y, None)
    if ex is not None:
        d[y] = ex
    if ey is not None:
        d[x] = ey


def full_swap(pos: Pos, g: Any, x: int, y: int) -> tuple[tuple[Any, ...], ...]:
    """Exchange cards ``x`` and ``y`` for the whole game (:func:`allows` both ways): every
    draw of one was the other. Returns the renaming events."""
    tx, ty = times(pos, x), times(pos, y)
    swap_cards(g, x, y)
    for d in (pos.free, pos.loose, pos.past):
        swap_keys(d, x, y)
    return tuple([("rename", t[0], y) for t in tx] + [("rename", t[0], x) for t in ty])


def named_brought_in(brought: list[CardSpec], spec: CardSpec) -> bool:
    """Whether a card the line spends by name from a hand (a discard ``B#armorC->``, a
    Decree card ``B#armorE->$_x``) is one of the named cards ``brought`` that the line took
    into that hand before it (``B#armorE->C``, Stand and Deliver!): the record says the
    hand got that card, so it may be the very card spent, and the hand need not hold a
    second copy of it (``CardIdentity.needs_brought``; used up as :func:`brought_in`).
    Ruling 590."""
    return spec.keys is not None and spec.item is None and brought_in(brought, spec)


def open_lists(g: Any) -> list[list[int]]:
    """The face-up places a card spent by suit only may lie in: the discard pile and the
    face-up card lists of the boards (the Decree)."""
    out: list[list[int]] = [g.discard]
    for f, fs in zip(g.factions, g.fs, strict=True):
        n = notation(f)
        hidden = n.hidden_cards(fs)
        out.extend(x for x in n.card_lists(fs) if x is not hidden)
    return out


def card_state(pos: Pos) -> tuple[Any, ...]:
    """What an exchange of identities sees of the search state ``pos``: every place of
    cards in order, and what the record wrote of each card at each of its times, with the
    draws told apart by their order only. The search numbers every draw it tries anew
    (``Importer.serial``), so two courses that drew the same cards at the same times, and
    differ only in pieces (the clearings of a march, a roll), give equal tuples."""
    g = pos.g
    order = sorted({v[0] for v in pos.free.values()} | {v[0] for v in pos.loose.values()}
                   | {t[0] for v in pos.past.values() for t in v})
    rank = {s: i for i, s in enumerate(order)}
    places: list[tuple[int, ...]] = [tuple(g.deck), tuple(g.discard), tuple(g.market)]
    places += [tuple(x) for x in open_lists(g)[1:]]
    places += [tuple(p) for _, p in hidden_piles(g)]
    places += [tuple(s.persistent) for s in g.seats]
    return (tuple(places), pos.epoch, pos.fixed,
            tuple(sorted((c, rank[v[0]], v[1]) for c, v in pos.free.items())),
            tuple(sorted((c, rank[v[0]], v[1], v[2]) for c, v in pos.loose.items())),
            tuple(sorted((c, tuple((rank[t[0]], *t[1:]) for t in v))
                         for c, v in pos.past.items())))


def held(g: Any, loc: Loc) -> list[int]:
    """The cards at a hidden place and, on a board, the face-up cards beside them (a card
    the record names leaving the board may be one of those; :func:`beside`)."""
    pile = hidden_pile(g, loc)
    if loc[0] == "board":
        persistent: list[int] = g.seats[loc[1]].persistent
        return pile + persistent
    return pile


BY_SUIT_NOT_BESIDE = True
"""Ruling 821: a card the record spends by its suit only from a board's face-down pile
(``M#$->``, the Alliance's supporters) is one of that pile, never a face-up card beside
it (a crafted Brutal Tactics): :func:`fits`. Without it a crafted card met the line's
need of a supporter of its suit and no supporter was given that suit."""


def beside(g: Any, loc: Loc) -> frozenset[int]:
    """The face-up cards :func:`held` lists beside a board's hidden pile (none for a hand),
    which no card written by its suit only is (ruling 821)."""
    if loc[0] != "board" or not BY_SUIT_NOT_BESIDE:
        return frozenset()
    return frozenset(g.seats[loc[1]].persistent)


def fits(spec: CardSpec, x: int, up: Collection[int] = ()) -> bool:
    """Whether card ``x`` of a hidden place meets the need ``spec``: ``up`` are the face-up
    cards beside the place (:func:`beside`), which meet only a need that names its card
    (ruling 821)."""
    return spec.matches(x) and (spec.keys is not None or x not in up)


def lacks(cards: list[int], specs: list[CardSpec], up: Collection[int] = ()) -> bool:
    """Whether ``cards`` lack a card for one of ``specs``, each taking its own card (the
    first that fits; ``up``: :func:`fits`)."""
    return bool(lacking(cards, specs, up=up))


def lacking(
    cards: list[int], specs: list[CardSpec], late: Collection[int] = (),
    early: Collection[CardSpec] = (), up: Collection[int] = (),
) -> list[CardSpec]:
    """The ``specs`` that ``cards`` have no card for, each spec taking its own card (the
    first that fits, in order): two foxes the line adds to the Decree lack one in a hand
    holding one fox (ruling 486). A spec in ``early``, a card the line spends from the
    hand before cards of the line go into it (``CardIdentity.before_draws``, ruling 455),
    is not met by a card of ``late``, the hand's unnamed draws of the line (ruling 530);
    one written by its suit only by no face-up card of ``up`` (:func:`fits`, ruling 821)."""
    taken: set[int] = set()
    out: list[CardSpec] = []
    for spec in specs:
        c = next((x for x in cards if x not in taken and fits(spec, x, up)
                  and not (x in late and spec in early)), None)
        if c is None:
            out.append(spec)
        else:
            taken.add(c)
    return out


EVERY_EARLY = True
"""Ruling 986: :meth:`identity.CardIdentity.fix_named` seeks a card one movement of the line
spends by their suits only from a board's face-down pile (the Alliance's supporters), before
cards of the line go into it (ruling 455), where the pile lacks one once the movement's
cards each take their own (:func:`short_early`, ruling 486's count), not only where it holds
no card of that suit at all: the four foxes of a Spread of Sympathy (``(F#+F#+F#+F#)$->``)
from supporters holding three were sought by nothing (Alliance seed 1027, line 76). Cards
of separate movements (``R#$->/R#$->/R#$->/R#$->``) stay as they were: sought at once, the
first way found became the search's only one (seed 1008, refused at line 97 instead of
141); so do a hand's needs (:meth:`identity.CardIdentity.fix_hands` counts them; seed
1002's line 97) and the needs after a card comes into the place."""


def short_early(atoms: list[Any], pos: Pos) -> dict[Loc, list[CardSpec]]:
    """The cards one movement of the current line (its ``atoms``) spends by their suits only
    from a board's face-down pile (the supporters), before cards of the line go into it (as
    ``CardIdentity.before_draws``), that the pile lacks, each taking its own card
    (:func:`lacking`; ruling 986): the pile holds them all as the line starts. None with
    ``EVERY_EARLY`` off."""
    assert pos.line is not None
    if not EVERY_EARLY:
        return {}
    left = pos.left[pos.line]
    filled: set[Loc] = set()
    early: dict[tuple[Loc, int], list[CardSpec]] = {}
    for k, at in enumerate(atoms):
        if at.kind != "card":
            continue
        src, dst = at.key
        if left[k] and at.spec is not None and at.spec.named and src not in filled \
                and at.spec.keys is None and at.spec.item is None and src[0] == "board":
            early.setdefault((src, at.action), []).append(at.spec)
        filled.add(dst)
    out: dict[Loc, list[CardSpec]] = {}
    for (loc, _a), specs in early.items():
        if len(specs) > 1 and loc in filled and (
                short := lacking(held(pos.g, loc), specs, up=beside(pos.g, loc))):
            out.setdefault(loc, []).extend(short)
    return out


def uncovered(
    need: dict[Loc, list[CardSpec]], covered: set[tuple[Loc, int]]
) -> dict[Loc, list[CardSpec]]:
    """The needs of the line but those a card it takes into the hand by name meets
    (``covered``, ``CardIdentity.needs_brought``, ruling 467)."""
    return {loc: [sp for i, sp in enumerate(specs) if (loc, i) not in covered]
            for loc, specs in need.items()}


def line_draws(node: Node) -> set[int]:
    """The cards of the hands at ``node`` that are unnamed draws made by the decisions of
    its course taken in its own line (a Tax Collector's draw after the Decree's cards):
    what the failed line lacks (``Importer.unmet``) leaves them out for a card the line
    spends from the hand before its cards go into it (ruling 530)."""
    line, serials = node.pos.line, set[int]()
    n: Node | None = node
    while n is not None and n.parent is not None and n.parent.pos.line == line:
        serials.update(e[2] for e in n.events if e[0] == "draw")
        n = n.parent
    return {c for c, (serial, _epoch) in node.pos.free.items() if serial in serials}


OWNER_AHEAD = True
"""Whether a card another faction's line takes by name from a hand (``B#sapE->C``) spares
the hand's draws of the present pile that its owner's next line spends before a card goes
into the hand (:func:`owner_needs_ahead`, ruling 600)."""


def owner_needs_ahead(lines: Sequence[Line], order: Sequence[int], at: int, loc: Loc) -> int:
    """How many cards the next line of the seat whose hand is ``loc`` takes from the hand
    before a card goes into it (the Eyrie's Decree cards, ``M#E->$_m/M#E->$_x``), read
    from the lines after the one at rank ``at`` of ``order``: the present pile's draws a
    card named now need not take from the hand (``CardIdentity.give``, ruling 600). 0 when
    ``OWNER_AHEAD`` is off or ``loc`` is not a hand."""
    if not OWNER_AHEAD or loc[0] != "hand":
        return 0
    for index in order[at + 1:]:
        ln = lines[index]
        if ln.turn.setup or ln.seat != loc[1]:
            continue
        n = 0
        for a in ln.atoms:
            if a.kind == "card" and a.key[1] == loc:
                break
            if a.spec is not None and a.spec.named and (
                    (a.kind == "card" and a.key[0] == loc)
                    or (a.kind in ("craft", "ambush") and a.key == loc[1])):
                n += 1
        return n
    return 0


def spared(then: Pos, now: Pos, unmet: list[CardSpec]) -> bool:
    """Whether the decision from ``then`` to ``now`` spent by its suit only an unnamed draw
    that a need in ``unmet`` allows while the hand held a card by its name that what was
    written allows too (``B#C->`` with a bird just taken by name): spent instead, that card
    would have left the draw open for the need (``Importer.backjump``, ruling 521)."""
    for c, (_serial, _epoch, wrote) in now.loose.items():
        if c not in then.free or wrote is None or not any(sp.matches(c) for sp in unmet):
            continue
        hand: list[int] = next((st.hand for st in then.g.seats if c in st.hand), [])
        if any(x != c and x not in then.free and wrote.matches(x) for x in hand):
            return True
    return False


def loose_spec(spec: CardSpec, cid: int) -> CardSpec | None:
    """What else the card ``cid`` may have been when the record wrote it as ``spec`` (None
    when it named it fully): any card of its suit when only the suit is written (a discard,
    a Decree card, Field Hospitals), else the cards ``spec`` allows that the engine would
    have played alike (an item crafted as ``Z%x``: the same item, cost and points)."""
    if spec.keys is None and spec.item is None:
        return CardSpec(spec.suit)
    keys = frozenset(x.key for x in DECK if spec.matches(x.id) and alike(x.id, cid))
    return CardSpec(keys=keys) if len(keys) > 1 else None


def alike(x: int, y: int) -> bool:
    """Whether the engine plays the two cards alike when crafted (the same item, cost and
    points: the fox and the mouse Travel Gear)."""
    a, b = DECK[x], DECK[y]
    return (a.cost, a.vp, a.item, a.kind) == (b.cost, b.vp, b.item, b.kind)


def narrower(a: CardSpec | None, b: CardSpec | None) -> CardSpec | None:
    """What two writings of one card allow together (None: anything)."""
    if a is None or b is None:
        return a or b
    keys = b.keys if a.keys is None else a.keys if b.keys is None else a.keys & b.keys
    return CardSpec(a.suit or b.suit, keys, a.item or b.item)


def brought_in(brought: list[CardSpec], spec: CardSpec) -> bool:
    """Whether one of the named cards ``brought`` (a line moves them into a hand before a
    craft of it, ``CardIdentity.needs_brought``) is a card ``spec`` allows, whichever of
    its alike copies it is; that one is used up (ruling 467)."""
    for i, b in enumerate(brought):
        copies = [c for c in range(len(DECK)) if b.matches(c)]
        if copies and all(spec.matches(c) for c in copies):
            del brought[i]
            return True
    return False


def spent_named(then: Pos, now: Pos, unmet: list[CardSpec], written: list[CardSpec]) -> bool:
    """Whether the decision from ``then`` to ``now`` spent, for a card the record wrote by
    its suit or as one of alike items only (``written``: what the decision took up of
    the line, ``M#C->``, ``Z%x``), a card the record named (drawn by name) that a need in
    ``unmet`` allows, while the hand held another card that what was written allows and
    kept it: spent instead, that card would have left the named one for the need
    (``Importer.backjump``, ruling 570; ruling 521's ``spared`` is the other way round,
    an unnamed draw spent while a named card was held)."""
    if not written:
        return False
    for seat, st in enumerate(then.g.seats):
        kept = now.g.seats[seat].hand
        for c in st.hand:
            if c in kept or c in then.free or c not in then.fixed or c in now.loose or \
                    not any(sp.matches(c) for sp in unmet):
                continue
            fits = [sp for sp in written if sp.matches(c)]
            if any(x != c and x in kept and sp.matches(x) for x in st.hand for sp in fits):
                return True
    return False
