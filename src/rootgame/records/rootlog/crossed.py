"""Card identities during an import: two spendings of one hand crossed, an open card's and
a named card's, for a card the record names drawn (ruling 630).

A record may name every draw and give its discards, crafts by item and Decree cards by
suit only (``F#@->C``, later ``F#C->``, ``Z%b``). The only cards whose identity is open
are then the starting hands, and which of a hand's cards each spending by suit took is the
search's choice. When the record names drawn a card that only a spending of an open card
holds (``Pos.loose``) and no exchange gives it back (rulings 410, 580, 581: every other
card of what that spending wrote is named, and the hand holds no card by name it could
have spent there instead), the hand may have spent at that decision a card it held by
its name then and spent by its suit at another decision of the same pile's time, and the
open card at that other decision: the two spendings crossed. The named card must fit what
was written of the open card's spending, and the open card is then a card of the draw
pile that fits what was written of the other spending; the card named drawn goes to the
pile in its stead (:func:`crossed_for_draw`). Ruling 581's chain moves the open card's
spending to a named card held since; this moves it to a named card the hand spent at
another decision, the open card taking that spending instead: a step towards the general
cure (a hand's spendings by suit as an assignment the solve may revisit), not yet taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import DECK
from .exchanges import swap_cards
from .otherwise import taken_otherwise
from .redraws import by_name, loose_allows, unmatched_draws
from .respends import RESPENT, spent_as
from .search import Node, course_path
from .steps import legal_now

if TYPE_CHECKING:
    from .identity import CardIdentity

__all__ = ["crossed_for_draw"]

CROSSED = True
"""Whether a dead end's named draw may take its card back by two spendings crossed
(ruling 630; a test turns it off)."""


def crossed_for_draw(self: CardIdentity, node: Node) -> Node | None:
    """A dead end where the line names a draw whose card ``u`` only a spending by suit
    (or by alike items) of an open card holds (:func:`redraws.unmatched_draws`), in the
    present pile's time and of a card drawn in it: the decision that spent ``u`` is taken
    to have spent a card ``x`` the same hand held by its name then, what was written of
    ``u``'s spending allowing it, and the hand's other decision of that time that spent
    ``x`` by its suit (not by name, not a craft) to have spent the open card, which is a
    card ``y`` of the draw pile that what was written there allows (and what was written
    of ``u``'s spending does not: else ``u`` renamed ``y`` is ruling 410's course, and
    crossing there only leads the search on): ``x`` where ``u`` lay,
    ``y`` where ``x`` lay, ``u`` in the pile for the named draw. Either spending may come
    first; each card is held until its new spending (``x`` drawn by name before and not
    back in the hand between; no random take from the hand between, which the final
    replay takes by place). The final replay spends ``x`` at the open card's decision (a
    ``respend_fixed`` event) and the open card's draw, renamed ``y``, at ``x``'s (a
    ``spend_draw`` event); a ``crossed`` event marks the draw, not crossed again, nor a
    draw taken back on a course with a chain of ruling 581 (its ``respend_fixed`` events
    hold the draw: seed 1175's final replay failed), and ``y`` is not a card the record
    names from the line on. None
    when no such pair is found. Ruling 630."""
    pos = node.pos
    if not CROSSED or pos.line is None:
        return None
    once = taken_otherwise(node, RESPENT)  # draws spent and taken back since
    path: list[Node] | None = None
    crossed: set[int] = set()
    for u in unmatched_draws(self, node):
        slot = pos.loose.get(u)
        if slot is None or slot[2] is None or u in pos.past or slot[1] != pos.epoch:
            continue
        if path is None:
            path = course_path(node)
            crossed = {int(e[1]) for x in path for e in x.events if e[0] == "crossed"}
            if any(e[0] == "respend_fixed" for x in path for e in x.events):
                crossed |= once  # a chain of ruling 581 holds the draws it took back
        if slot[0] in crossed:
            continue  # its spendings are the course's own no longer
        found = _crossed(self, node, path, u, slot[0] in once)
        if found is not None:
            return found
    return None


def _crossed(
    self: CardIdentity, node: Node, path: list[Node], u: int, back: bool,
) -> Node | None:
    """:func:`crossed_for_draw` for the open card ``u`` (``back``: its draw was spent
    before and taken back since, rulings 545, 571: the final replay holds it until its
    last spending)."""
    pos = node.pos
    serial, epoch, wrote = pos.loose[u]
    j = next((i for i in range(len(path) - 1, 0, -1) if spent_as(path[i], serial) >= 0), 0)
    if not j or path[j - 1].pos.epoch != pos.epoch:
        return None
    c0 = spent_as(path[j], serial)
    seat = next((s for s, st in enumerate(path[j - 1].pos.g.seats) if c0 in st.hand), None)
    if seat is None:
        return None
    first = next((i for i in range(len(path)) if path[i].pos.epoch == pos.epoch), 0)

    def hand(i: int) -> list[int]:
        cards: list[int] = path[i].pos.g.seats[seat].hand
        return cards

    def holds_draw(i: int) -> bool:
        # The open card by its draw, whatever card an exchange had made it then.
        return back or any(path[i].pos.free.get(c, (None,))[0] == serial for c in hand(i))

    for i in range(max(first, 1), len(path)):
        if i == j or not path[i].tokens:
            continue
        for x in hand(i - 1):
            if x in hand(i) or x not in pos.fixed or x in pos.free or x in pos.loose or \
                    DECK[x].kind == "dominance" or not loose_allows((serial, epoch, wrote), x):
                continue
            # Each card held until its new spending: x from the open card's spending to
            # its own, or the open card from x's spending to its own.
            if not all(x in hand(k) if j < i else holds_draw(k)
                       for k in range(min(i, j) - 1, max(i, j))) or \
                    by_name(self, path, i, x) or any(x in st.hand for st in pos.g.seats):
                continue
            if i < j and any(x in hand(k) for k in range(i, j)):
                continue  # x back in the hand before the open card's spending
            if not any(x in hand(k) and x not in hand(k - 1) and x not in path[k].pos.free
                       for k in range(1, i)):
                continue  # not a card the hand drew by name
            if any(e[0] == "pick" for k in range(min(i, j), max(i, j)) for e in path[k].events):
                continue  # a random take between: its card is replayed by its place
            specs = [sp for sp in self.taken_up(path[i - 1], path[i])
                     if sp.keys is None and sp.matches(x)]
            if not specs:
                continue
            now = self.rank_of[pos.line] if pos.line is not None else 0
            for y in pos.g.deck:  # not a card the record names from here on
                if y in pos.fixed or y in pos.past or DECK[y].kind == "dominance" or \
                        not any(sp.matches(y) for sp in specs) or \
                        loose_allows((serial, epoch, wrote), y) or \
                        any(r >= now for r, _k in self.named_at.get(DECK[y].key, ())):
                    continue  # (where the open card's spending allows y, ruling 410's)
                return _cross(node, u, x, y, (i, j, c0), specs[0])
    return None


def _cross(
    node: Node, u: int, x: int, y: int, at: tuple[int, int, int], spec: Any,
) -> Node:
    """The state with ``x`` where ``u`` lay, ``y`` where ``x`` lay and ``u`` in the draw
    pile where ``y`` lay, the open card's draw now ``y`` spent at decision ``i`` of the
    course (what was written there: ``spec``) and ``x`` at decision ``j`` (``at``: the
    two and the card the course spent at ``j``), as a node after ``node``."""
    i, j, c0 = at
    pos = node.pos
    serial, epoch, _wrote = pos.loose[u]
    g2 = pos.g.clone()
    new = pos.fork(g2, [])
    swap_cards(g2, u, x)  # x where u lay, u where x lay
    swap_cards(g2, u, y)  # y where x lay, u in the pile
    new.loose.pop(u)
    new.loose[y] = (serial, epoch, spec)
    events: list[tuple[Any, ...]] = [
        ("rename", serial, y), ("respend_fixed", j, c0, x), ("spend_draw", i, x, serial),
        ("crossed", serial)]
    new.legal = legal_now(g2)
    return Node(new, node, (), tuple(events), (), repaired=True)
