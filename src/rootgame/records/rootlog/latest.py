"""A third search where the first two fail: of the cards a hand may spend alike, the latest
drawn first (ruling 640).

A record written the way people write it gives a discard, a Decree card or a card spent
for an action by its suit only (``B#C->``): which card of the hand it was is not written.
The search tries every card of the hand at such a decision, but in an order: those the
line's cards fit first, then (``Importer.ordered``) the engine's order, the hand's, in
which the cards drawn earliest come first. Where two cards of a suit tie, both searches
spend the card the hand has held longest and keep the latest draw. That choice decides
which cards the hand still holds when the draw pile runs out, and so which cards the
discard pile shuffled into the next draw pile holds (appendix A step 7); a hand that later
lacks a card of a suit may lack it because of a choice made scores of lines before, which
neither the exchanges of ``identity.py`` nor the solve of ``solve.py`` (each of which takes
the course's spendings as they are, but for one or two) reach, and the search gives up
long before it comes back so far.

So where both searches give up, a third, quick, search is made with the other order:
of the actions that tie, the one spending the card latest in the hand (drawn latest)
first (:func:`latest_drawn_first`). It changes nothing of a record the first two searches
import; a record it imports neither is searched again from other first deals
(``opening.DEALS``, ruling 670), and refused with the second search's error where none
imports it.
"""

from __future__ import annotations

from typing import Any

from .notation import RootlogError
from .result import arg_domains
from .search import RESTART_AFTER, Node


def latest_drawn_first(g: Any, legal: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The actions ``legal`` of state ``g`` reordered (stably) so that an action spending
    a card drawn later into the deciding seat's hand comes before one spending a card
    drawn earlier; actions that spend no card of that hand keep their place after those
    that do, after one spending the hand's first card too (ruling 655). Ruling 640."""
    if len(legal) < 2 or not g.stack:
        return legal
    f = g.stack[-1]
    if f.seat is None:
        return legal
    hand = g.seats[f.seat].hand
    if len(hand) < 2:
        return legal
    at = {c: i for i, c in enumerate(hand)}

    def latest(a: tuple[Any, ...]) -> int:
        spent = [at[x] for x, dom in zip(a[1:], arg_domains(f.kind, a), strict=False)
                 if dom == "card" and isinstance(x, int) and x in at]
        return -1 - max(spent) if spent else 0  # the first card too before none (655)

    return sorted(legal, key=latest)


def probe(importer: Any, rec: Any, budget: int) -> Node | None:
    """The end of a quick search of the record ``rec`` with the actions that tie latest
    drawn card first (:func:`latest_drawn_first`), with no backjumps nor second order
    (ruling 436) and no more than ``budget`` states, or None where it gives up: tried
    where the first search first comes to a dead end (``Importer.probed``). ``importer``
    is the class of the search (``importer.py`` imports this module). Ruling 680."""
    other = importer(rec, again=False)
    other.latest_first = True
    other.jumps = 0
    other.room = RESTART_AFTER
    try:
        found: Node = other.run(budget)
    except RootlogError:
        return None
    return found
