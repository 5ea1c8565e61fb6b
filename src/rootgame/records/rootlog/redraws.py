"""Card identities during an import: a card the record names drawn that the import had
spent by its suit only, taken back from that spending (rulings 580-581).

A record may name every draw and give its discards and Decree cards by suit only
(``R#@->C``, later ``R#C->``). The only cards whose identity is then open are the starting
hands, and a hand that spends a suit while holding a card of it drawn by name and an open
starting card may have spent either; the search, finding both cheap, often spends the open
one, which then stands for a card of its suit spent unseen. When the record later names
drawn a card that only such a spending holds (the Eyrie's Evening draw after her turmoil,
``#charismatic->$/++3/F#tax+R#@->E``), and no cycle of places of that time gives it
(:meth:`identity.CardIdentity.settle_draw_cycle`, ruling 410: the place would take another
card of its suit, and none is left), the draw cannot be matched: the decision whose step
draws is a dead end (`Choose a leader`).

:func:`respent_for_draw` takes such a spending to have spent a card the hand held by name
then that has left the hand since, spent by its suit too, that spending the next card the
hand held by name, and so on to a card held still (:func:`chained_respend`, ruling 581):
the open card stayed in the hand, an unnamed draw again, which the named draw may then be
(``draws.py``: a card drawn unnamed from the same pile's time, the two draws the other way
round). The chain of one card, held still (ruling 580), is withdrawn, subsumed by ruling
572 (``respends.SpentOtherwise.drawn_back``; hard63's review of rulings 570-611).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import DECK
from . import respends
from .cards import CardSpec
from .draws import drawable
from .exchanges import kept_in_place, swap_cards, times
from .otherwise import renamed_at, taken_otherwise
from .respends import RESPENT, spent_as
from .search import Node, Pos, Slot, course_path

if TYPE_CHECKING:
    from .identity import CardIdentity

__all__ = ["respent_for_draw"]


def unmatched_draws(self: CardIdentity, node: Node) -> list[int]:
    """The cards a spending by suit of an open card holds (``Pos.loose``) that may have
    to come back for an open draw of the current line naming a card (``F#tax->E``) no
    copy of which the draw pile or an unnamed draw holds: the copies so spent first, then
    the other cards so spent of a time of such a copy that what was written of a copy's
    spending allows (the copy's place may take one of them along a cycle, ruling 410)."""
    pos = node.pos
    assert pos.line is not None
    ln, left = self.lines[pos.line], pos.left[pos.line]
    g = pos.g
    first: list[int] = []
    then: list[int] = []
    for k, at in enumerate(ln.atoms):
        if not left[k] or at.kind != "card" or at.key[0] != ("deck",) or \
                at.spec is None or at.spec.keys is None:
            continue
        copies = [c for c in range(len(DECK)) if at.spec.matches(c)]
        if any(c in g.deck or drawable(pos, c) for c in copies):
            continue  # the draw takes it from the pile or another draw (draws.py)
        spent = [c for c in copies if c in pos.loose]
        first += [c for c in spent if c not in first]
        then += [u for u, (_s, e, wrote) in pos.loose.items()
                 if u not in copies and u not in then and wrote is not None and any(
                     pos.loose[c][1] == e and loose_allows(pos.loose[c], u) for c in spent)]
    return first + [u for u in then if u not in first]


def loose_allows(slot: Slot, u: int) -> bool:
    """Whether what the record wrote of a spending (``slot``) allows the card ``u``."""
    return slot[2] is not None and slot[2].matches(u) and DECK[u].kind != "dominance"


MAX_CHAIN = 3
"""How many spendings of one hand a chain of :func:`chained_respend` takes otherwise
(ruling 581)."""


def respent_for_draw(self: CardIdentity, node: Node) -> Node | None:
    """A dead end where the line names a draw whose card only a spending by suit of an
    open card holds (:func:`unmatched_draws`): that spending taken to have spent a card
    the same hand held by its name then, what the spending wrote allowing it, that left
    the hand by a later spending of its suit, which then spent the next card of such a
    chain, the last held still (:func:`chained_respend`, ruling 581); the open card stays
    in the hand, an unnamed draw again, which the named draw may then be. A state where
    the named draw may take the open card, as a node after ``node``; None when no such
    spending is found. Not a spending whose draw the course already takes otherwise
    (``otherwise.UNSPENT``: a ``respend``, ``respend_as`` or, since ruling 620, a
    ``spend_draw`` event; the final replay takes one card for each). A chain of one card,
    held still (ruling 580), is withdrawn, subsumed by ruling 572
    (``SpentOtherwise.drawn_back``, tried in ``exchange`` before this): with it off every
    import of ``--keep draws`` 1000-1199 stays, with ruling 572 off 1122 is lost."""
    pos = node.pos
    if pos.line is None:
        return None
    wanted = unmatched_draws(self, node)
    if not wanted:
        return None
    needed = self.reserved(pos, self.needs(pos))
    once = taken_otherwise(node, RESPENT)
    for u in wanted:
        if any(t[0] in once for t in times(pos, u)):
            continue
        found = chained_respend(self, node, u, needed)
        if found is not None:
            return found
    return None


def chained_respend(
    self: CardIdentity, node: Node, u: int, needed: set[int],
) -> Node | None:
    """The open card ``u``, spent by its suit (its last time, in the present pile's
    time), stays in the hand that spent it: that spending spent a card ``c1`` the hand
    held by its name then, the hand's later spending of ``c1`` (by suit: not a craft, not
    a line naming a card of its key) spent ``c2`` held then, and so on, the last card of
    the chain held still (``u`` takes its place there), at most ``MAX_CHAIN`` cards.
    Each card keeps its suit, so what was written of each spending allows the next. The
    final replay spends the next card at each (a ``respend_as`` event for ``u``'s,
    ``respend_fixed`` for the others, ``result.py``). Ruling 581."""
    pos = node.pos
    slot = pos.loose.get(u)
    if slot is None or slot[2] is None or u in pos.past:
        return None
    serial = slot[0]
    path = course_path(node)
    spent = last_spending(path, pos, serial)
    if spent is None:
        return None
    j, c0, seat = spent
    then = path[j - 1].pos

    def hand(i: int) -> list[int]:
        cards: list[int] = path[i].pos.g.seats[seat].hand
        return cards

    # The hand's later spendings of cards it held by name, by suit: (node index, card).
    leaves: list[tuple[int, int]] = []
    renamed = renamed_at(path) if respends.ONE_RENAME else set()
    for i in range(j + 1, len(path)):
        for c in hand(i - 1):
            if c not in hand(i) and c in pos.fixed and path[i].tokens and \
                    not by_name(self, path, i, c) and (i, c) not in renamed and \
                    held_by_name(path[i - 1].pos, c):
                leaves.append((i, c))
    now = [x for x in hand(len(path) - 1)
           if x in pos.fixed and x not in pos.free and x not in pos.loose and x not in needed]

    def chain(at: int, spec: CardSpec, depth: int) -> list[tuple[int, int]] | None:
        # The cards held before the spending at node ``at`` that it may have spent.
        before = hand(at - 1)
        for x in now:
            if x in before and spec.matches(x) and DECK[x].kind != "dominance" and all(
                    x in hand(i) for i in range(at - 1, len(path))):
                return [(at, x)]
        if depth >= MAX_CHAIN:
            return None
        for i, c in leaves:
            if i > at and c in before and spec.matches(c) and DECK[c].kind != "dominance":
                rest = chain(i, CardSpec(suit=DECK[c].suit), depth + 1)
                if rest is not None:
                    return [(at, c), *rest]
        return None

    links = chain(j, slot[2], 1)
    if links is None or len(links) < 2:
        return None  # (one card held still: ruling 572's, ``SpentOtherwise.drawn_back``)
    g2 = pos.g.clone()
    new = pos.fork(g2, [])
    for _i, c in links:
        swap_cards(g2, u, c)  # each card in the place of the one before; u in the hand
    new.loose.pop(u)
    new.free[u] = (serial, slot[1])
    kept_in_place(g2.seats[seat].hand, c0, then, new.free, u)
    events: list[tuple[Any, ...]] = [("respend_as", serial, links[0][1])]
    events += [("respend_fixed", i, links[k][1], c)
               for k, (i, c) in enumerate(links[1:])]
    return self.given(node, new, ("hand", seat), None, events)


def last_spending(path: list[Node], pos: Pos, serial: int) -> tuple[int, int, int] | None:
    """The open card's last spending by its suit on the course ``path`` (the unnamed draw
    ``serial``), in the present pile's time of ``pos``: (its decision's index in
    ``path``, the card the draw was there, the seat that spent it); None when there is
    none of that time. The spending rulings 581 (:func:`chained_respend`) and 630
    (``crossed._crossed``) take otherwise."""
    j = next((i for i in range(len(path) - 1, 0, -1) if spent_as(path[i], serial) >= 0), 0)
    if not j or path[j - 1].pos.epoch != pos.epoch:
        return None
    c0 = spent_as(path[j], serial)
    seat = next((s for s, st in enumerate(path[j - 1].pos.g.seats) if c0 in st.hand), None)
    return None if seat is None else (j, c0, seat)


NAMED_LINKS = True
"""Whether a link of a chain of :func:`chained_respend` is only a card the hand held by
its name as the link's decision spent it (:func:`held_by_name`, ruling 622)."""


def held_by_name(then: Pos, c: int) -> bool:
    """Whether the card ``c`` was held by its name at the state ``then``: not an unnamed
    draw nor a card spent by its suit (``Pos.free``, ``Pos.loose``). A card the record
    named once (``Pos.fixed``) may be drawn again unnamed after a reshuffle; its spending
    by suit then is an unnamed draw's, whose identity is open, and no link of a chain,
    which swaps cards held by name (ruling 622)."""
    return not NAMED_LINKS or c not in then.free and c not in then.loose


def by_name(self: CardIdentity, path: list[Node], i: int, c: int) -> bool:
    """Whether the decision of ``path[i]`` may have taken ``c`` from its hand by name or
    as an item: a craft, or a line that names a card of ``c``'s key leaving a hand; not a
    link of a chain (ruling 581)."""
    if any(t.split()[0] == "craft" for t in path[i].tokens):
        return True
    line = path[i - 1].pos.line
    if line is None:
        return True
    rank = self.rank_of[line]
    return any(r == rank for r, _k in self.named_at.get(DECK[c].key, ()))
