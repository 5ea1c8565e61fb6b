"""Walks up the search's course, shared by the cards one exchange tries (speed only).

Ruling 545's :meth:`respends.SpentOtherwise.respent_own` (and ruling 428's
:meth:`respends.SpentOtherwise.respent_named`) try every card ``x`` the record named into a
hand with every card ``u`` the hand may have spent by its suit in its place; each pair looks
up the course, node by node, for the decision that spent ``u``'s draw while the hand held
``x`` throughout. Seed 3629 tries 181,200 pairs at 906 nodes, 76,084 of them walking,
each walk some sixty nodes long. A :class:`CourseWalk` walks up from one node once for all
the pairs tried there: where each ``x`` last joined the hand, and which draws each node's
decision spent (:func:`spendings`, worked out once per node and kept on it: the courses
of the search share their nodes). The answers are those of the walk node by node. So
are those of :func:`taken_on_course`, the spendings the course takes otherwise
(``otherwise.taken_otherwise``), kept on each node for the nodes after it.
"""

from __future__ import annotations

from .search import Node


def spendings(n: Node) -> frozenset[tuple[int, int]]:
    """The unnamed draws the decision into ``n`` spent by their suit (or with part of their
    identity written), as (card, draw serial): the cards ``n``'s state holds spent
    (``Pos.loose``) that its parent's held as unnamed draws of the same serial
    (``Pos.free``). Empty for the search's first node, and for a node an exchange made
    (``otherwise.decision``, ruling 620). Kept on ``n`` once it has been expanded
    (:func:`final`)."""
    from .otherwise import decision  # otherwise.py imports this module
    if n.spendings is not None:
        return n.spendings
    before = n.parent.pos.free if n.parent is not None else {}
    out = frozenset((c, slot[0]) for c, slot in n.pos.loose.items()
                    if before.get(c, (None,))[0] == slot[0]) if decision(n) else frozenset()
    if final(n):
        n.spendings = out
    return out


def final(n: Node) -> bool:
    """Whether the state and events of ``n`` (and so of every node before it) no longer
    change: it has been expanded (``Importer.run``: its exchanges, ``fix_hands``, change
    them first, at its expansion; its state is its parent's to every node after it)."""
    return n.children is not None


def taken_on_course(node: Node, kinds: tuple[str, ...]) -> frozenset[int]:
    """``otherwise.taken_otherwise``: the draws (serials) of the events of ``kinds`` on the
    course up to ``node`` (a ``spend_draw`` event's draw is its fourth item), kept on each
    node expanded (:func:`final`) for ``kinds``, so that the course is walked up only to
    the nearest node that has them."""
    chain: list[Node] = []
    n: Node | None = node
    while n is not None and (n.taken is None or kinds not in n.taken):
        chain.append(n)
        n = n.parent
    acc: frozenset[int] = frozenset() if n is None or n.taken is None else n.taken[kinds]
    for m in reversed(chain):
        own = {e[3] if e[0] == "spend_draw" else e[1] for e in m.events if e[0] in kinds}
        if own:
            acc = acc | own
        if final(m):
            if m.taken is None:
                m.taken = {}
            m.taken[kinds] = acc
    return acc


class CourseWalk:
    """The course up from ``node``, for the hand of ``seat``: walked once, as far as the
    cards tried ask (:meth:`stop`)."""

    def __init__(self, node: Node, seat: int) -> None:
        self.up: list[Node] = [node]
        """The nodes from ``node`` up, as far as walked."""
        self.seat = seat
        self.joined: dict[int, int] = {}
        """Per card asked of: how many nodes up the hand first does not hold it (the
        search's first node's when it always did)."""
        self.first: dict[tuple[int, int], int] = {}
        """Per (card, draw serial) spent: how many nodes up, the nearest, among the nodes
        looked through (``looked``)."""
        self.looked = 0

    def reach(self, i: int) -> bool:
        """Whether the course has an ``i``-th node up that has a parent (walking up to it)."""
        while len(self.up) <= i + 1:
            p = self.up[-1].parent
            if p is None:
                return False
            self.up.append(p)
        return True

    def held(self, x: int) -> int:
        """How many nodes up the hand of ``seat`` first does not hold ``x``, the search's
        first node when it held it throughout."""
        if x not in self.joined:
            i = 0
            while self.reach(i) and x in self.up[i].pos.g.seats[self.seat].hand:
                i += 1
            self.joined[x] = i
        return self.joined[x]

    def spent(self, key: tuple[int, int], limit: int) -> int:
        """How many nodes up the nearest decision that spent the draw ``key`` (card, draw
        serial) is, looking no further than ``limit`` nodes up (``limit`` when none is)."""
        while self.looked < limit:
            for k in spendings(self.up[self.looked]):
                self.first.setdefault(k, self.looked)
            self.looked += 1
        return min(self.first.get(key, limit), limit)

    def stop(self, u: int, x: int, serial: int) -> Node:
        """Where the walk up for the spending of ``u`` (draw ``serial``) while the hand
        held ``x`` stops: the decision that spent it, or the node where the hand did not
        hold ``x``, whichever is nearer, or the search's first node."""
        return self.up[self.spent((u, serial), self.held(x))]
