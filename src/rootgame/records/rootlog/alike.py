"""Two alike cards whose times are exchanged: an unnamed draw that needs a card the record
names, when no card of its draw pile's time can stand for it (``piles.py``,
:meth:`PileExchanges.settle_free`, after every other exchange).

A record that names its discards and Decree cards but not its draws
(``tools/rootlog_people_games.py --keep suits``) writes crafts by their item only
(``Z%b``), so two alike cards (the two Travel Gears, the three Root Teas) may each have
been the other at every time the record left open: one crafted before a reshuffle and
drawn again unnamed after it, the other drawn before the reshuffle, held across it and
crafted after. A hand holding the first that must give the second by name
(``F#travelgearC->``) finds no card of either pile's time to stand for it: the only card
alike to it is the hand's own draw. The two cards are exchanged at every one of those
times (:func:`exchanges.full_swap`): the whole game through when the record never named
either (ruling 591, :func:`whole_game`), or from the first draw pile both were in, when
the record named each only before it (ruling 592, :func:`since_named`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...cards import DECK
from .atoms import named_from
from .bases import SUIT_OF
from .cards import CardSpec
from .exchanges import allows, open_lists, times, written
from .factions import Loc, hidden_piles
from .search import Node, Pos
from .solve import named_times

ALONE = frozenset(key for key, n in Counter(c.key for c in DECK).items() if n == 1)
"""The keys of the cards that have no copy in the deck: a naming of the key is that card."""


def whole_game(pos: Pos, f: int, x: int) -> bool:
    """Whether the unnamed draw ``f`` and the card ``x`` may have been each other the
    whole game through: neither ever named, and what was written of each at every one of
    its times allows the other (:func:`exchanges.allows`). Ruling 591."""
    return allows(written(pos, f), x) and allows(written(pos, x), f)


def since_named(pos: Pos, node: Node | None, f: int, x: int) -> bool:
    """Whether the unnamed draw ``f`` and the card ``x``, one of them or both named by the
    record at some time (``Pos.fixed``), may have been each other at every time the record
    left open since: both shuffled into the draw pile of the earliest such time (each
    drawn from it), every draw of each from that pile on unnamed and still one of its
    open times (:func:`exchanges.times`: nothing named it since), and what was written of
    each at those times allows the other. ``node``: the course so far, whose draws
    (:func:`solve.named_times`) say when the record named each. Ruling 592."""
    if node is None or (f not in pos.fixed and x not in pos.fixed):
        return False
    tf, tx = times(pos, f), times(pos, x)
    if not tf or not tx:
        return False
    start = min(t[1] for t in (*tf, *tx))
    drawn = named_times(node, (f, x))
    fresh = open_serials(pos) if FRESH else None
    for c, ts, other in ((f, tf, x), (x, tx, f)):
        if fresh is not None:
            # The course's draws of ``c`` since that pile that no card's open time has
            # (named ones); ``pos`` says which pile each open time of ``c`` is of.
            if any(e >= start and s not in fresh for s, e in drawn.get(c, ())) or \
                    not any(t[1] == start for t in ts):
                return False
        else:
            since = {s for s, e in drawn.get(c, ()) if e >= start}
            if since != {t[0] for t in ts} or not any(
                    e == start for _s, e in drawn.get(c, ())):
                return False
        wrote = [t[2] for t in ts if len(t) > 2]
        if wrote and DECK[other].kind == "dominance" or \
                not all(w is None or w.matches(other) for w in wrote):
            return False
    return True


FRESH = True
"""Whether :func:`since_named` reads which card each open time is from ``pos`` itself, and
from the course only which draws the record named (ruling 625)."""


def open_serials(pos: Pos) -> set[int]:
    """The draws (serials) that are an open time of some card in ``pos``: an unnamed draw,
    a card spent by its suit, an earlier time of either. A draw the record named is none
    of them; which card an open time is, ``pos`` says, not the course: the course up to
    the node being expanded (``Importer.expanding``) lacks the renamings of the exchange
    under way (``fix_hands`` adds them to the node when it returns), so its draws of a
    card differed from ``pos``'s open times after any of them (ruling 625)."""
    out = {s for s, _e in pos.free.values()}
    out.update(t[0] for t in pos.loose.values())
    out.update(t[0] for ts in pos.past.values() for t in ts)
    return out


def alike_times(
    pos: Pos, g: Any, f: int, spec: CardSpec, keep: set[int], node: Node | None
) -> int | None:
    """A card ``x`` that ``spec`` allows whose open times the unnamed draw ``f`` may
    exchange with its own (:func:`whole_game`, :func:`since_named`), for
    :func:`exchanges.full_swap`: not one of ``keep`` (the cards of ``f``'s hand and those
    the line holds for its needs). None when there is none."""
    for pile in (g.discard, *open_lists(g)[1:], g.deck, *(p for _, p in hidden_piles(g))):
        for x in pile:
            if x == f or x in keep or not spec.matches(x) or not (
                    x in pos.loose or x in pos.past or x in pos.free):
                continue
            if f not in pos.fixed and x not in pos.fixed:
                if whole_game(pos, f, x):
                    return int(x)
            elif since_named(pos, node, f, x):
                return int(x)
    return None


def named_first(pos: Pos, g: Any, x: int, specs: list[CardSpec]) -> int:
    """A tie-breaker of the quick search's order (``Importer.ordered``) for an action
    spending the card ``x`` from a hidden place of ``g``: 1 when ``x`` is an unnamed draw
    (``Pos.free``) that a spending the record writes by its name (``specs``: what the
    next open actions of the line write, ``B#armorC->``) would take while that place also
    holds an alike card the record named into it (``B#armorE->C``, Stand and Deliver!),
    else 0. Either spent leaves the place holding a card of that name; spending the named
    one leaves the unnamed draw, whose identity stays open for the exchanges (as ruling
    560 crafts the named card first). Ruling 593."""
    if x not in pos.free:
        return 0
    key = DECK[x].key
    if not any(sp.keys == frozenset((key,)) and sp.matches(x) for sp in specs):
        return 0
    for _, pile in hidden_piles(g):
        if x in pile:
            return int(any(c != x and c in pos.fixed and c not in pos.free
                           and DECK[c].key == key for c in pile))
    return 0


MOVED_TO_NAMING = True
"""Ruling 782 turned on (a test turns it off to show the record refused without it)."""

KEPT_FOR_NAMING = True
"""Ruling 860 turned on (a test turns it off to show the record refused without it)."""

MOVED_LATER = True
"""Ruling 966 turned on (a test turns it off to show the record refused without it)."""


def naming_ties(imp: Any, pos: Pos, g: Any, x: int, acts: list[int]) -> tuple[int, int]:
    """Two tie-breakers of the quick search's order (``Importer.ordered``) for an action
    moving the card ``x`` out of a hidden place of ``g``, where ``x`` is a card the record
    named (not an unnamed draw, one of its name alone in the deck) and one of the next open
    actions ``acts`` of the line moves a card unnamed out of ``x``'s place (``#A->$``, the
    Alliance's Mobilize, 8.5.2: the supporters are face down). Returns (moved, kept):

    - moved (ruling 782): 0 when that unnamed move goes into the place the record next
      names ``x`` leaving (``R#dom$->``): the card must make that move, the record naming
      it nowhere else before; else 1. Of the cards such a move may take (a Mobilize of an
      unnamed draw or of the dominance card taken by name, ``R#dom->A``, with nothing
      written between), the named card is tried first: an unnamed draw mobilized in its
      place leaves it in the hand, where no exchange reaches it (seed 1025, line 29).
      Not when the record writes another such move before the naming (ruling 966,
      :func:`_moved_later`): the later one may take the card, and the one now is left to
      the other tie-breakers (seed 1003 with the four factions, lines 70, 85 and 90).
    - kept (ruling 860): 1 when the record next names ``x`` leaving the place it is in now
      (``B#domA->``, the hand) and the unnamed move takes a card elsewhere: the record keeps
      the card there until it names it, so the unnamed move is another card's, and the
      named one is tried last; else 0. A dominance card taken back by name (``B#dom->A``)
      and mobilized unnamed in the same line left the hand without it when the record
      spent it four lines later (seed 1012, line 42).

    Ruling 872 (:func:`kept_from_base`) counts with the second, and the first gives way
    to it: a card a base's removal would discard unwritten before its next naming is tried
    last. The card's place, its later namings and the line's unnamed moves out of that
    place are found once for the three; a card no open action moves unnamed out of its
    place ties with every other (1, 0)."""
    line = pos.line
    if line is None or x in pos.free or x in pos.loose or not 0 <= x < len(DECK):
        return 1, 0
    here = next((loc for loc, pile in hidden_piles(g) if x in pile), None)
    if here is None:
        return 1, 0
    moves = _unnamed_moves_from(imp, pos, acts, here)
    if not moves:
        return 1, 0
    later = imp.later_namings(DECK[x].key, line, pos.left[line])
    based = kept_from_base(imp, pos, x, moves, later)
    if not (MOVED_TO_NAMING or KEPT_FOR_NAMING) or DECK[x].key not in ALONE or not later:
        return 1, based
    # The place the record next names the card leaving (one of its name alone in the deck).
    r, k = later[0]
    named = imp.lines[imp.order[r]].atoms[k]
    dest = named_from(named.kind, named.key)
    if dest is None:
        return 1, based
    if dest != here:
        first = MOVED_TO_NAMING and not based and dest in moves and not (
            MOVED_LATER and _moved_later(imp, pos, acts, here, dest, (r, k)))
        return (0 if first else 1), based
    return 1, max(based, int(KEPT_FOR_NAMING and any(dst != here for dst in moves)))


def _unnamed_moves_from(imp: Any, pos: Pos, acts: list[int], here: Loc) -> list[Loc]:
    """Where the open movements of the actions ``acts`` of the line take a card written
    unnamed out of the place ``here`` (``#A->$``: into the supporters)."""
    line = pos.line
    assert line is not None
    left = pos.left[line]
    return [at.key[1] for j, at in enumerate(imp.lines[line].atoms)
            if left[j] and at.kind == "card" and at.action in acts and at.spec is not None
            and not at.spec.named and at.key[0] == here]


def _moved_later(
    imp: Any, pos: Pos, acts: list[int], here: Loc, dest: Loc, naming: tuple[int, int],
) -> bool:
    """Whether the record writes, after the actions ``acts`` of the line and before
    ``naming`` (the rank of a line, an atom: where it next names the card leaving
    ``dest``), another move of a card unnamed out of ``here`` into ``dest`` (a later
    Mobilize, ``#A->$``, 8.5.2). Ruling 966: the card may make that later move as well,
    so ruling 782 does not take it first now."""
    line = pos.line
    assert line is not None
    end, end_k = naming
    for r in range(imp.rank_of[line], end + 1):
        ln = imp.lines[imp.order[r]]
        left = pos.left[line] if r == imp.rank_of[line] else None
        for j, at in enumerate(ln.atoms):
            if r == end and j >= end_k:
                break
            if left is not None and (not left[j] or at.action in acts):
                continue
            if at.kind == "card" and at.spec is not None and not at.spec.named and \
                    len(at.key) == 2 and at.key[0] == here and at.key[1] == dest:
                return True
    return False


KEPT_FROM_BASE = True
"""Ruling 872 turned on (a test turns it off to show the record refused without it)."""


def kept_from_base(
    imp: Any, pos: Pos, x: int, moves: list[Loc], later: list[tuple[int, int]],
) -> int:
    """A tie-breaker of the quick search's order (``Importer.ordered``), with ruling 860's
    (:func:`naming_ties` finds ``moves``, where the next open actions of the line move a
    card unnamed out of the hidden place of ``x``, a card of known identity, not an unnamed
    draw nor a card spent by its suit; and ``later``, the record's later namings of its
    name): 1 when one of ``moves`` goes into the Alliance's supporters (``#A->$``, 8.5.2),
    and a later movement, before the record next names ``x`` (or to its end), removes a
    base of the Alliance of ``x``'s suit (any base for a bird) whose discards, written before it
    (``(B#+F#)A$->``), none of them fitting ``x``: 8.2.4 would have discarded ``x`` with
    that base and the record would write it, so the unnamed move is another card's and
    ``x`` is tried last; else 0. Seed 1004 with the Alliance, line 66: the fox dominance
    card taken by name (``F#dom->A``) was mobilized by the first of four unnamed Mobilizes,
    and the fox base removed at line 68 would have discarded it (it was mobilized at line
    70 and discarded by name with the next fox base, line 81). Ruling 872."""
    line = pos.line
    assert line is not None
    dests = [d for d in moves if d[0] == "board" and imp.factions[int(d[1])] == "alliance"]
    if not KEPT_FROM_BASE or not dests:
        return 0
    seat = int(dests[0][1])
    end, end_k = later[0] if later else (len(imp.order) - 1, None)
    for r in range(imp.rank_of[line], end + 1):
        ln = imp.lines[imp.order[r]]
        left = pos.left.get(ln.index)
        fits = False  # a discard of the line's supporters before the removal fits x
        for j, at in enumerate(ln.atoms):
            if r == end and j == end_k:
                break
            if r == imp.rank_of[line] and left is not None and not left[j]:
                continue
            if at.kind == "card" and at.spec is not None and len(at.key) == 2 and \
                    at.key[0] == ("board", seat) and at.key[1] == ("discard",):
                fits = fits or at.spec.matches(x)
            elif at.kind == "remove" and int(at.key[0]) == seat and \
                    str(at.key[1]).startswith("b_"):
                base = SUIT_OF.get(str(at.key[1])[2:])
                if base is not None and DECK[x].suit in (base, "bird") and not fits:
                    return 1
                fits = False
    return 0
