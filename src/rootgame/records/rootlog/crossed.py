"""Card identities during an import: two spendings of one hand crossed, an open card's and
a named card's, for a card the record names drawn (ruling 630).

A record may name every draw and give its discards, crafts by item and Decree cards by
suit only (``F#@->C``, later ``F#C->``, ``Z%b``). The only cards whose identity is open
are then the starting hands, and which of a hand's cards each spending by suit took is
the search's choice. When the record names drawn a card that only a spending of an open
card holds (``Pos.loose``) and no exchange gives it back (rulings 410, 572, 581: every
other card of what that spending wrote is named, and the hand holds no card by name it
could have spent there instead, nor a chain of such cards), the hand may have spent at
that decision a card it held by its name then and spent by its suit at another decision
of the same pile's time, and the open card at that other decision: the two spendings
crossed. The named card must fit what was written of the open card's spending, and the
open card is then a card of the draw pile that fits what was written of the other
spending; the card named drawn goes to the pile in its stead (:func:`crossed_for_draw`).
Ruling 581's chain moves the open card's spending to a named card held since; this moves
it to a named card the hand spent at another decision, the open card taking that spending
instead: a step towards the general cure (a hand's spendings by suit as an assignment the
solve may revisit), not yet taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import DECK
from . import respends
from .exchanges import swap_cards
from .otherwise import UNSPENT, renamed_at, taken_otherwise
from .redraws import by_name, held_by_name, last_spending, loose_allows, unmatched_draws
from .respends import RESPENT
from .search import Node, Pos, course_path
from .steps import legal_now

if TYPE_CHECKING:
    from .identity import CardIdentity

__all__ = ["crossed_for_draw", "holds_open", "named_then", "spent_otherwise", "taken_since"]

CROSSED = True
"""Whether a dead end's named draw may take its card back by two spendings crossed
(ruling 630; a test turns it off)."""
ONCE = True
"""Whether a crossing leaves alone a decision's named card the course already takes to
have been spent otherwise, and a card an event already moved (:func:`spent_otherwise`,
ruling 650)."""
TAKEN_SINCE = True
"""Whether a crossing leaves alone a draw's spending the course took otherwise since
(:func:`taken_since`, ruling 651)."""
HELD_BACK = True
"""Whether a draw spent and taken back is held, drawn already, until the named card's
spending it takes (:func:`holds_open`, ruling 652)."""
NAMED_THEN = True
"""Whether the named card crossed is one the hand held by its name as its decision spent
it (``redraws.held_by_name``, ruling 653)."""


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
    names from the line on. Not a spending the course took otherwise since
    (:func:`taken_since`, ruling 651), nor a card it already spent otherwise or moved
    (:func:`spent_otherwise`, ruling 650); a draw taken back is held, drawn already,
    until the named card's spending (:func:`holds_open`, ruling 652), and the named card
    was held by its name then (:func:`named_then`, ruling 653). None
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
    last spending). The open card's last spending: ``redraws.last_spending``, which
    ruling 581's chain takes otherwise too."""
    pos = node.pos
    serial, epoch, wrote = pos.loose[u]
    spent = last_spending(path, pos, serial)
    if spent is None:
        return None
    j, c0, seat = spent
    if taken_since(path, serial) >= j:
        return None  # that spending already taken otherwise (ruling 651)
    renamed, moved = spent_otherwise(path)
    if (j, c0) in renamed:
        return None  # (ruling 650)
    first = next((i for i in range(len(path)) if path[i].pos.epoch == pos.epoch), 0)

    def hand(i: int) -> list[int]:
        cards: list[int] = path[i].pos.g.seats[seat].hand
        return cards

    def holds_draw(i: int) -> bool:
        return holds_open(path[i].pos, hand(i), serial, back)

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
            if (i, x) in renamed or x in moved:
                continue  # spent otherwise at i already, or moved by an event (650)
            if not named_then(path[i - 1].pos, x):
                continue  # an unnamed draw's card then, not held by name (653)
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


def taken_since(path: list[Node], serial: int) -> int:
    """The index in ``path`` of the last node whose events take a spending of the draw
    ``serial`` otherwise (``otherwise.UNSPENT``: a ``respend`` or ``respend_as`` event
    of the draw, or a ``spend_draw`` whose fourth item it is), -1 for none. The course's
    states before that node show the draw spent where it was not: a ``spend_draw``
    (ruling 571) has it spent at its own decision, the final replay renaming the card
    the course spent there; crossing its earlier spending as well would spend the card
    at two decisions, the later rename silently overriding the other (ruling 651; -1 with
    :data:`TAKEN_SINCE` off)."""
    if not TAKEN_SINCE:
        return -1
    return max((k for k, n in enumerate(path) for e in n.events if e[0] in UNSPENT and
                e[3 if e[0] == "spend_draw" else 1] == serial), default=-1)


def spent_otherwise(path: list[Node]) -> tuple[set[tuple[int, int]], set[int]]:
    """What the course ``path`` already takes otherwise, which a crossing leaves alone:
    the decisions' named cards spent otherwise (``otherwise.renamed_at``, ruling 621:
    the final replay renames a decision's card once, ``result.once_renamed``) and the
    named cards an event has spent in another spending's stead (the third item of a
    ``respend_as`` or a ``spend_draw`` event, the fourth of a ``respend_fixed``). A
    second crossing of one time, the first's named card now where the open card lay,
    or a link of a chain of ruling 581 crossed again, would make the final replay's
    ``once_renamed`` raise (ruling 650; nothing with :data:`ONCE` or ruling 621's
    ``respends.ONE_RENAME`` off)."""
    if not ONCE or not respends.ONE_RENAME:
        return set(), set()
    events = [e for n in path for e in n.events]
    moved = {int(e[2]) for e in events if e[0] in ("respend_as", "spend_draw")}
    moved |= {int(e[3]) for e in events if e[0] == "respend_fixed"}
    return renamed_at(path), moved


def named_then(then: Pos, x: int) -> bool:
    """Whether the hand held the named card ``x`` by its name at the state ``then``
    before the decision that spent it (``redraws.held_by_name``, ruling 622): not a card
    the record named once and drawn again unnamed, an open card, no card to cross
    (ruling 653; any card with :data:`NAMED_THEN` off)."""
    return not NAMED_THEN or held_by_name(then, x)


def holds_open(at: Pos, hand: list[int], serial: int, back: bool) -> bool:
    """Whether the cards ``hand`` of the state ``at`` hold the open card's draw
    ``serial`` (the hand crossed, until the named card's spending it takes), whatever card
    an exchange had made it then: an unnamed draw of that hand; or, for a draw spent and
    taken back since (``back``, rulings 545, 571, whose course shows it spent where it
    stayed in the hand), a draw spent by its suit then. Not a state before the draw was
    drawn, which ``back`` took for holding it too (ruling 652)."""
    if any(at.free.get(c, (None,))[0] == serial for c in hand):
        return True
    return back and (not HELD_BACK or any(t[0] == serial for t in at.loose.values()))


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
