"""Card identities during an import: a card a hand spent taken to have been another
(rulings 421, 422 and 428), the exchanges :meth:`identity.CardIdentity.spent_otherwise`
tries where no unnamed draw of a hand can be given the card a line takes from it.

A hand that spent a card by its suit only may have spent another card it held then
(:meth:`SpentOtherwise.reattribute`); a card spent by its suit after a shuffle may have been
spent before it and shuffled in, in the place of another card of its suit
(:meth:`SpentOtherwise.shuffled_in`); a card the record named into a hand may have been the
one the hand spent by its suit (:meth:`SpentOtherwise.respent_named`), the hand's own too,
which then kept the card it spent (:meth:`SpentOtherwise.respent_own`, ruling 545); the other
way round, a card named into a hand and spent by its suit may have stayed there, an unnamed
draw of the hand spent instead (:meth:`SpentOtherwise.unspent_named`, ruling 571), and a card
named drawn that lies spent as an unnamed draw may have stayed in the hand that spent it
(:meth:`SpentOtherwise.drawn_back`, ruling 572). The final replay spends the other card at
the decision (``respend``, ``respend_as`` and ``spend_draw`` events, ``result.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...cards import DECK
from .cards import CardSpec
from .draws import NamedDraws, drawable
from .exchanges import (
    apply_cycle,
    apply_cycle_since,
    held,
    kept_in_place,
    open_lists,
    put_back,
    swap_cards,
    times,
)
from .factions import Loc, hidden_pile
from .otherwise import UNSPENT, decision, renamed_at, spent_here, taken_otherwise
from .search import Node, Pos, course_path
from .steps import legal_now
from .walks import CourseWalk

RESPENT = ("respend", "respend_as")
"""The events rulings 428, 545 and 580 counted before ruling 620 (``otherwise.ONE_SET``
off); every exchange now counts :data:`otherwise.UNSPENT`, ``spend_draw`` too."""
ONE_RENAME = True
"""Whether rulings 571 and 581 leave alone a decision's named card the other already
takes to have been spent otherwise (``otherwise.renamed_at``, ruling 621)."""
OTHER_RESPENT = True
"""Ruling 941: a card the hand spent by its suit in an earlier pile's time, not the card
its line needs, may have stayed in the hand to be given that card by an exchange of its own
pile's time (:meth:`SpentOtherwise.reattribute` with ``other``)."""
REDRAWN_RESPENT = True
"""Ruling 191: rulings 428 and 545 may take back a card the record named at an earlier time
that a hand drew again unnamed after a reshuffle and spent by its suit (its time now open,
``Pos.loose``; :func:`open_now`); without it no card the record ever named was (four-faction
seed 1011, line 64)."""
OWN_HAND = True
"""Whether rulings 571-572 take only a card of the hand that spent the unnamed draw by its
suit to have been spent there instead (:meth:`SpentOtherwise.kept_since`, ruling 610)."""


def open_draws(pos: Pos, pile: list[int], needed: set[int]) -> list[int]:
    """The unnamed draws of the hidden place ``pile`` that an exchange may give another
    card: not one holding a card another need of the line takes from the place
    (``needed``, ``CardIdentity.reserved``), which the next state's ``fix_hands`` would
    give back, taking the new card again, state after state (seed 2628)."""
    return [f for f in pile if f in pos.free and f not in needed]


def named_held(pos: Pos, seat: int, needed: set[int], allowed: CardSpec | None) -> list[int]:
    """The cards the record named that the hand of ``seat`` holds, not one the line takes
    (``needed``), that ``allowed`` allows when given: the cards rulings 428 and 545 may
    take to have been one the hand spent by its suit (``SpentOtherwise._respend_held``)."""
    return [x for x in pos.g.seats[seat].hand
            if x in pos.fixed and x not in pos.free and x not in pos.loose and x not in needed
            and (allowed is None or allowed.matches(x))]


def open_now(pos: Pos, u: int) -> bool:
    """Whether the card ``u`` may be taken back from its spending by suit for a card held
    by name (rulings 428 and 545, :meth:`SpentOtherwise._respend`): a card the record never
    named, or one it named at an earlier time only, drawn again unnamed after a reshuffle
    and spent by its suit, whose present time is open (``Pos.loose``): the named times are
    all before it and keep their card (ruling 191; ruling 622 the same for a chain)."""
    return u not in pos.fixed or REDRAWN_RESPENT and u in pos.loose


def spending_nodes(path: list[Node], serials: set[int]) -> dict[int, int]:
    """For each unnamed draw of ``serials``: the place in the course ``path`` of the
    latest decision (``otherwise.decision``) whose state before it held the draw unnamed
    (``Pos.free``) and after it spent (``Pos.loose``), where the course has one: one walk
    up for all of them (``SpentOtherwise.kept_since``; speed only)."""
    out: dict[int, int] = {}
    want = set(serials)
    for i in range(len(path) - 1, 0, -1):
        if not want:
            break
        if not decision(path[i]):
            continue
        hit = want.intersection(t[0] for t in path[i].pos.loose.values())
        if hit:
            hit.intersection_update(t[0] for t in path[i - 1].pos.free.values())
        for serial in hit:
            out[serial] = i
        want -= hit
    return out


class SpentOtherwise(NamedDraws):
    """The spent-otherwise exchanges of the importer (mixed into ``identity.CardIdentity``,
    whose exchanges of an unnamed draw they call)."""

    needs: Callable[[Pos], dict[Loc, list[CardSpec]]]
    reserved: Callable[[Pos, dict[Loc, list[CardSpec]]], set[int]]
    donor: Callable[[Pos, Any, int, CardSpec, set[int]], int | None]
    settle_free: Callable[..., tuple[tuple[Any, ...], ...] | None]
    settle_first: Callable[..., Any]
    unspending: bool = True
    """Whether a card the record named into a hand, spent by its suit while the hand held
    an unnamed draw, may be taken back for a need of the hand, the draw spent in its stead
    (:meth:`unspent_named`, ruling 571)."""
    drawing_back: bool = True
    """Whether a card a line names drawn that lies spent by its suit as an unnamed draw may
    be taken to have stayed in the hand that spent it, a card it holds by name spent
    instead (:meth:`drawn_back`, ruling 572)."""

    def shuffled_in(self, node: Node, src: Loc, spec: CardSpec) -> Node | None:
        """:meth:`reattribute` when that finds nothing: a card ``spec`` allows that was
        drawn unnamed before a shuffle and spent by its suit after it (in the discard pile or
        the Decree, or shuffled unseen into the present pile since: ruling 429; never in the
        later pile) may have been spent before it, shuffled in and
        in the later pile's place of another card of its time and suit (spent by that suit
        before the shuffle): the two exchanged from that time on (:func:`apply_cycle_since`),
        an unnamed draw of the hand ``src`` may then be given it from that later pile
        (:meth:`settle_free`). Ruling 422."""
        pos = node.pos
        g = pos.g
        spent = set(g.discard).union(*open_lists(g)[1:])
        mine = set(hidden_pile(g, src))
        needed = self.reserved(pos, self.needs(pos))
        frees = open_draws(pos, hidden_pile(g, src), needed)
        if not frees:
            return None
        for c, (_serial, epoch, wrote) in pos.loose.items():
            # Spent after the shuffle: in the discard pile or the Decree, or in the present
            # pile two shuffles or more later (spent, then shuffled again unseen: ruling 429).
            if epoch >= pos.epoch or wrote is None or not spec.matches(c) \
                    or DECK[c].kind == "dominance" or c not in spent and not (
                        epoch + 1 < pos.epoch and c in g.deck):
                continue
            for x, was in pos.past.items():
                if x in pos.fixed or x in mine or x in needed or not any(
                        t[1] == epoch and t[2] is not None and t[2].matches(c) for t in was):
                    continue
                later = [t for t in times(pos, x) if t[1] >= epoch and len(t) > 2]
                if not wrote.matches(x) or DECK[x].kind == "dominance" or not all(
                        t[2] is None or t[2].matches(c) for t in later):
                    continue
                g2 = g.clone()
                new = pos.fork(g2, [])
                events = list(apply_cycle_since(new, g2, [c, x], epoch))
                keep = mine | self.reserved(new, self.needs(new))
                done = None
                for f in frees:
                    if f in new.free:
                        done = self.settle_free(new, g2, f, spec, keep)
                        if done is not None:
                            break
                if done is None:
                    continue
                new.legal = legal_now(g2)
                return Node(new, node, (), tuple(events) + done, (), repaired=True)
        return None

    def reattribute(
        self, node: Node, src: Loc, spec: CardSpec, other: bool = False
    ) -> Node | None:
        """:meth:`repair` when no unnamed draw of the hand ``src`` can be given a card
        ``spec`` allows: a card ``spec`` allows that a hand spent by its suit only (``L``, in
        the discard pile or the Decree) after the pile it was drawn from was shuffled may
        have stayed in that hand, the card spent being another card the hand held then, an
        unnamed draw of the present pile still there (given a card of the spent suit from
        that pile first, :meth:`donor`). The hand keeps ``L``, an unnamed draw of its
        earlier pile again, which :meth:`settle_free` may then give to ``src``. The
        decision that spent ``L`` spends the other card in the final replay (a
        ``("respend", L's draw, the other's draw)`` event, ``result.py``). Ruling 421.

        With ``other`` (ruling 941, when every other way finds nothing): ``L`` a card
        ``spec`` does not allow, spent by the hand ``src`` itself, whose draw, held again,
        :meth:`settle_free` may give a card ``spec`` allows by an exchange of its own
        pile's time (an unnamed supporter of that time: the Eyrie's draw of the first pile
        that she gives the Alliance by name at Alliance seed 1009's line 57,
        ``B#domE->A$``, where the search had spent it in her Decree and the supporter
        drawn in that pile was the bird dominance card)."""
        pos = node.pos
        g = pos.g
        spent = set(g.discard).union(*open_lists(g)[1:])
        if other and (src[0] != "hand" or not OTHER_RESPENT):
            return None
        for c, (serial, epoch, wrote) in pos.loose.items():
            if epoch >= pos.epoch or wrote is None or c not in spent or \
                    spec.matches(c) == other or other and DECK[c].kind == "dominance":
                continue
            # The decision that spent it, and the hand it left.
            n = node
            while n.parent is not None and not (
                    n.parent.pos.free.get(c, (None,))[0] == serial and c in n.pos.loose):
                n = n.parent
            if n.parent is None:
                continue
            then = n.parent.pos
            seat = next((i for i, st in enumerate(then.g.seats) if c in st.hand), None)
            if seat is None or other and ("hand", seat) != src:
                continue
            hand = g.seats[seat].hand
            needed = self.reserved(pos, self.needs(pos))
            keep = set(hand) | needed
            for k in then.g.seats[seat].hand:
                # Held then and still, unnamed, drawn from the present pile, not a card the
                # line takes.
                if k == c or k not in hand or k in needed or then.free.get(k) is None or \
                        pos.free.get(k) != then.free[k] or pos.free[k][1] != pos.epoch:
                    continue
                g2 = g.clone()
                new = pos.fork(g2, [])
                events: list[tuple[Any, ...]] = []
                d = k
                if not wrote.matches(k) or DECK[k].kind == "dominance":
                    y = self.donor(new, g2, k, wrote, keep)
                    if y is None or DECK[y].kind == "dominance":
                        continue
                    events.extend(apply_cycle(new, g2, [k, y], pos.epoch))
                    d = y
                sd, ed = new.free.pop(d)
                swap_cards(g2, c, d)
                kept_in_place(g2.seats[seat].hand, c, then, new.free)
                del new.loose[c]
                new.loose[d] = (sd, ed, wrote)
                new.free[c] = (serial, epoch)
                events.append(("respend", serial, sd))
                found = self.given(node, new, src, spec, events)
                if found is not None:
                    return found
        return None

    def given(
        self, node: Node, new: Pos, src: Loc, spec: CardSpec | None,
        events: list[tuple[Any, ...]],
    ) -> Node | None:
        """After an exchange that took a card back from a spending (:meth:`reattribute`,
        :meth:`respent_named`): the hidden place ``src`` given a card ``spec`` allows if it
        still lacks one (:meth:`settle_first`), the state ``new`` with its legal decisions,
        as a node after ``node``; None when no unnamed draw of ``src`` can be given it.
        No ``spec``: nothing given (a card taken back for a named draw, ruling 581)."""
        g2 = new.g
        if spec is not None and not any(spec.matches(x) for x in held(g2, src)):
            mine = set(hidden_pile(g2, src)) | self.reserved(new, self.needs(new))
            got = self.settle_first(new, g2, hidden_pile(g2, src), spec, mine, (False, True))
            if got is None:
                return None
            events.extend(got[1])
        new.legal = legal_now(g2)
        return Node(new, node, (), tuple(events), (), repaired=True)

    def respent_named(self, node: Node, src: Loc, spec: CardSpec) -> Node | None:
        """:meth:`shuffled_in` when that finds nothing: a card ``x`` ``spec`` allows that
        the record named into another hand (taken by name, ``R#avisittofriendsC->E``) and
        that hand still holds may have been the card it spent by its suit (``R#E->$_r``)
        while it held ``x``: the card ``u`` spent so stayed in the hand, ``x`` went its way
        (to the Decree, the discard pile, shuffled into a later pile and drawn again): ``u``
        is an unnamed draw of the hand again, ``x`` takes every later time of ``u`` (a
        ``("respend_as", u's draw, x)`` event: the decision that spent ``u`` spends ``x``
        in the final replay), and an unnamed draw of ``src`` may then be given ``x``
        (:meth:`settle_free`). Tried in :meth:`repair` and :meth:`fix_named`, after
        :meth:`shuffled_in`. Ruling 428. Not a card with a time of a draw whose spending
        the course already takes otherwise (:data:`UNSPENT`, as in :meth:`respent_own`)."""
        pos = node.pos
        needed = self.reserved(pos, self.needs(pos))
        held = [(seat, xs) for seat in range(len(pos.g.seats))
                if ("hand", seat) != src and (xs := named_held(pos, seat, needed, spec))]
        if not held:
            return None
        once = taken_otherwise(node, RESPENT)
        for seat, xs in held:
            found = self._respend_held(node, src, spec, seat, xs, needed, once)
            if found is not None:
                return found
        return None

    def respent_own(self, node: Node, src: Loc, spec: CardSpec) -> Node | None:
        """The solve found nothing (:meth:`CardIdentity.spent_otherwise`): a card ``x`` the
        record named into the hand ``src`` (drawn by name, ``R#@->C``) that the hand still
        holds may have been the card it spent by its suit (``R#C->``) while it held ``x``,
        the card ``u`` spent so (a starting card, an unnamed draw) staying in the hand:
        ``u`` is an unnamed draw of the hand again, ``x`` takes every later time of ``u``
        (a ``("respend_as", u's draw, x)`` event, as in :meth:`respent_named`), and ``u``
        may then be given a card ``spec`` allows (:meth:`given`). The need need not allow
        ``x``: it is ``u`` that is freed. Only a hand's own cards: :meth:`respent_named`
        takes another hand's. Ruling 545."""
        if src[0] != "hand":
            return None
        seat = int(src[1])
        needed = self.reserved(node.pos, self.needs(node.pos))
        xs = named_held(node.pos, seat, needed, None)
        return self._respend_held(node, src, spec, seat, xs, needed, taken_otherwise(
            node, RESPENT)) if xs else None

    def _respend_held(
        self, node: Node, src: Loc, spec: CardSpec, seat: int, xs: list[int],
        needed: set[int], once: set[int],
    ) -> Node | None:
        """:meth:`_respend` for each card ``x`` of ``xs`` (:func:`named_held`) and each
        card ``u`` the hand of ``seat`` may have spent in its place, not one with a time of
        a draw of ``once`` (rulings 428, 545): the first state found."""
        pos = node.pos
        # Worked out once for every x (speed only): the cards u that may have been spent,
        # each with what the record wrote of its times (``_respend`` finds nothing for a u
        # none of whose writings allows x), and the course up (``walks.py``).
        us: list[tuple[int, list[CardSpec]]] = []
        for u in [*pos.loose, *pos.past]:
            ts = times(pos, u)
            if open_now(pos, u) and not (once and any(t[0] in once for t in ts)):
                us.append((u, [t[2] for t in ts if len(t) > 2 and t[2] is not None]))
        walk = CourseWalk(node, seat)
        for x in xs:
            for u, wrote in us:
                if u == x or not any(w.matches(x) for w in wrote):
                    continue
                found = self._respend(node, src, spec, seat, x, u, needed, walk=walk)
                if found is not None:
                    return found
        return None

    def _respend(
        self, node: Node, src: Loc, spec: CardSpec, seat: int, x: int, u: int,
        needed: set[int], walk: CourseWalk | None = None,
    ) -> Node | None:
        """:meth:`respent_named` for the card ``x`` of the hand of ``seat`` and the card
        ``u`` that hand may have spent in its place. ``walk``: the course up from ``node``,
        walked once for every card tried there (``walks.py``)."""
        pos = node.pos
        if u == x or not open_now(pos, u) or DECK[x].kind == "dominance":
            return None
        was = list(times(pos, u))
        for k, t in enumerate(was):
            if len(t) < 3 or t[2] is None or not t[2].matches(x):
                continue
            if u in pos.fixed and k < len(was) - 1:
                continue  # a named card: only its present time, after every named one (191)
            serial = t[0]
            # The decision that spent it, the hand holding x throughout since.
            n = node
            if walk is not None:
                n = walk.stop(u, x, serial)
            while walk is None and n.parent is not None:
                if spent_here(n, u, serial):
                    break
                if x not in n.pos.g.seats[seat].hand:
                    break
                n = n.parent
            if n.parent is None or x not in n.parent.pos.g.seats[seat].hand or \
                    u not in n.parent.pos.g.seats[seat].hand or \
                    n.parent.pos.free.get(u, (None,))[0] != serial:
                continue
            g2 = pos.g.clone()
            new = pos.fork(g2, [])
            new.past.pop(u, None)
            new.free.pop(u, None)
            new.loose.pop(u, None)
            early = tuple(s for s in was[:k] if len(s) > 2)
            later = was[k + 1:]
            swap_cards(g2, u, x)
            kept_in_place(g2.seats[seat].hand, u, n.parent.pos, new.free)
            new.free[u] = (serial, t[1])
            if early:
                new.past[u] = early
            events: list[tuple[Any, ...]] = [("respend_as", serial, x)]
            for s in later:
                events.append(("rename", s[0], x))
                if len(s) > 2:
                    if s is later[-1] and s == pos.loose.get(u):
                        new.loose[x] = s
                    else:
                        new.past[x] = (*new.past.get(x, ()), s)
                else:
                    new.free[x] = (s[0], s[1])
            found = self.given(node, new, src, spec, events)
            if found is not None:
                return found
        return None

    def taken_up(self, p: Node, n: Node) -> list[CardSpec]:
        """What the decision from ``p`` to ``n`` took up of ``p``'s line that the record
        wrote of a card by its suit or as one of alike items only (``M#C->``, ``Z%x``;
        rulings 570 and 571)."""
        line = p.pos.line
        if line is None:
            return []
        was = p.pos.left[line]
        now = n.pos.left.get(line, [0] * len(was))  # a line used up is left out
        return [at.spec for k, at in enumerate(self.lines[line].atoms)
                if was[k] > now[k] and at.spec is not None and at.kind in ("card", "craft")
                and (at.spec.keys is None or len(at.spec.keys) > 1)]

    def unspent_named(self, node: Node, src: Loc, spec: CardSpec) -> Node | None:
        """The hand ``src`` lacks a card ``spec`` allows that the record named into it
        (drawn by name, ``M#codeb->C``) and that a decision of the present pile's time
        spent by its suit only (``M#C->``) while the hand held an unnamed draw of that
        time: that decision may have spent the draw instead, the named card staying in
        the hand. The draw is one the hand holds still, or one it spent by its suit since
        or before, while it held a card by its name it holds still that what was written
        allows, spent there instead (a ``respend_as`` event, as ruling 545's). The draw is
        given a card what was written of the named card's spending allows (its own, else
        one of the draw pile, :meth:`donor`), which takes the named card's place; the
        named card is back in the hand, in its place among the cards held before it. The
        final replay's decision spends the draw's card (a ``("spend_draw", the decision's
        place in the course, the card, the draw)`` event, ``result.py``). Ruling 571, the
        other way round from ruling 545 (:meth:`respent_own`)."""
        if src[0] != "hand" or not self.unspending:
            return None
        pos = node.pos
        seat = int(src[1])
        hand = pos.g.seats[seat].hand
        needed = self.reserved(pos, self.needs(pos))
        path = course_path(node)
        # A draw whose spending the course already takes otherwise is not taken otherwise
        # again: the final replay takes one card for each draw's spending (``result.py``).
        once = taken_otherwise(node, UNSPENT)
        unspent = {e[1] for x in path for e in x.events if e[0] == "spend_draw"}
        renamed = renamed_at(path) if ONE_RENAME else set()
        # The draws that may be spent instead: (the card now, its draw, the named card
        # held that its own spending spends instead, or -1 for a draw held still).
        draws = [(u, pos.free[u][0], -1) for u in hand
                 if u in pos.free and pos.free[u][1] == pos.epoch and u not in needed
                 and pos.free[u][0] not in once]
        spent = [(u, t[0], t[2]) for u, t in pos.loose.items() if t[1] == pos.epoch
                 and t[2] is not None and t[0] not in once
                 and not any(u in st.hand for st in pos.g.seats)]
        at = spending_nodes(path, {serial for _, serial, _ in spent})
        draws += [(u, serial, y) for u, serial, wrote in spent
                  for y in self.kept_since(path, seat, serial, wrote, needed, at)]
        if not draws:
            return None
        for i in range(len(path) - 1, 0, -1):
            then, now = path[i - 1].pos, path[i].pos
            if then.epoch != pos.epoch:
                break  # the named card would have been shuffled since
            if i in unspent:
                continue  # its spending already taken otherwise
            had = then.g.seats[seat].hand
            for x in had:
                if x in now.g.seats[seat].hand or x in then.free or x not in pos.fixed or \
                        not spec.matches(x) or any(x in st.hand for st in pos.g.seats) or \
                        (i, x) in renamed:
                    continue  # (a chain's link already spends another card there: 621)
                wrote = [sp for sp in self.taken_up(path[i - 1], path[i]) if sp.matches(x)]
                if not wrote:
                    continue
                for u, serial, y in draws:
                    if in_hand_then(then, had, serial):
                        found = self._unspend(node, src, spec, (i, x, wrote[0], then),
                                              (u, serial, y))
                        if found is not None:
                            return found
        return None

    @staticmethod
    def kept_since(path: list[Node], seat: int, serial: int, wrote: CardSpec,
                   needed: set[int], at: dict[int, int] | None = None) -> list[int]:
        """The cards the record named that the hand of ``seat`` holds now and held since
        before the decision that spent the unnamed draw ``serial`` by its suit (``wrote``
        allowing them): that decision may have spent one of them instead (rulings 571,
        572). Empty when the draw was not in that hand as it was spent: another hand's
        decision cannot have spent this hand's card (ruling 610). ``at``: where the course
        spent each draw (:func:`spending_nodes`), worked out once for several draws."""
        i = (spending_nodes(path, {serial}) if at is None else at).get(serial)
        if i is None:
            return []
        then = path[i - 1].pos
        if OWN_HAND and not any(then.free.get(c, (None,))[0] == serial
                                for c in then.g.seats[seat].hand):
            return []  # another hand spent the draw: this one's cards stayed
        held = set(then.g.seats[seat].hand)
        for n in path[i - 1:]:
            held &= set(n.pos.g.seats[seat].hand)
        last = path[-1].pos
        return [y for y in then.g.seats[seat].hand if y in held and y in last.fixed
                and y not in last.free and y not in needed and wrote.matches(y)
                and DECK[y].kind != "dominance"]

    def _unspend(
        self, node: Node, src: Loc, spec: CardSpec,
        spent: tuple[int, int, CardSpec, Pos], draw: tuple[int, int, int],
    ) -> Node | None:
        """:meth:`unspent_named` for the named card ``x`` spent at the course's node ``at``
        (``then`` the state before it, ``wrote`` what the record wrote of it): ``spent``,
        and the unnamed draw ``u`` of ``serial`` (with the named card ``y`` its own
        spending spent instead, or -1): ``draw``."""
        at, x, wrote, then = spent
        u, serial, y = draw
        pos = node.pos
        seat = int(src[1])
        g2 = pos.g.clone()
        new = pos.fork(g2, [])
        events: list[tuple[Any, ...]] = []
        c = u
        if y >= 0:
            # ``y`` spent where ``u`` was, ``u`` held until ``x``'s decision.
            epoch = new.loose.pop(u)[1]
            swap_cards(g2, y, u)
            events.append(("respend_as", serial, y))
            new.free[u] = (serial, epoch)
        epoch = new.free[u][1]
        if not wrote.matches(u) or DECK[u].kind == "dominance":
            keep = set(g2.seats[seat].hand) | self.reserved(pos, self.needs(pos))
            d = self.donor(new, g2, u, wrote, keep)
            if d is None or DECK[d].kind == "dominance":
                return None
            events.extend(apply_cycle(new, g2, [u, d], epoch))
            c = d
        del new.free[c]
        swap_cards(g2, c, x)
        ahead = then.g.seats[seat].hand
        ahead = ahead[: ahead.index(x)]
        named = {k for k in ahead if k not in then.free}
        draws = {then.free[k][0] for k in ahead if k in then.free}
        put_back(g2.seats[seat].hand, x, lambda k: new.free[k][0] in draws
                 if k in new.free else k in named)
        new.loose[c] = (serial, epoch, wrote)
        events.append(("spend_draw", at, x, serial))
        return self.given(node, new, src, spec, events)

    def drawn_back(self, node: Node, spec: CardSpec) -> Node | None:
        """A draw the line names (``R#command->C``) whose card is in no place the draw may
        take it from: each card of that name lies spent by its suit (``R#C->``) in the
        discard pile or the Decree as an unnamed draw of the present pile's time (a
        starting card). The hand that spent it may have spent there instead a card it drew
        by name and holds still, that what was written allows (as ruling 545 takes a
        spending): the unnamed draw stayed in the hand, open, and is given a card of the
        draw pile, so the card named lies in the pile for the draw (a ``respend_as``
        event, the draw renamed). Ruling 572."""
        pos = node.pos
        g = pos.g
        if not self.drawing_back or spec.keys is None or len(spec.keys) != 1 or any(
                spec.matches(c) for c in g.deck) or any(
                spec.matches(c) and drawable(pos, c) for c in pos.free):
            return None
        needed = self.reserved(pos, self.needs(pos))
        path = course_path(node)
        once = taken_otherwise(node, UNSPENT)
        for u, (serial, epoch, wrote) in pos.loose.items():
            if epoch != pos.epoch or wrote is None or not spec.matches(u) or \
                    serial in once or any(u in st.hand for st in g.seats):
                continue
            for seat in range(len(g.seats)):
                for y in self.kept_since(path, seat, serial, wrote, needed):
                    found = self._draw_back(node, seat, u, y, path)
                    if found is not None:
                        return found
        return None

    def _draw_back(self, node: Node, seat: int, u: int, y: int, path: list[Node]) -> Node | None:
        """:meth:`drawn_back` for the card ``u`` the hand of ``seat`` spent by its suit and
        the card ``y`` it holds by name, spent there instead."""
        pos = node.pos
        g2 = pos.g.clone()
        new = pos.fork(g2, [])
        serial, epoch, _wrote = new.loose.pop(u)
        # Where the unnamed draw lay in the hand before it was spent.
        then = next(n.pos for n in reversed(path) if any(
            t[0] == serial for t in n.pos.free.values()))
        mine = then.g.seats[seat].hand
        k = next((c for c in mine if then.free.get(c, (None,))[0] == serial), None)
        if k is None:
            return None
        ahead = mine[: mine.index(k)]
        named = {c for c in ahead if c not in then.free}
        draws = {then.free[c][0] for c in ahead if c in then.free}
        swap_cards(g2, y, u)
        new.free[u] = (serial, epoch)
        keep = set(g2.seats[seat].hand) | self.reserved(pos, self.needs(pos))
        d = self.donor(new, g2, u, CardSpec(), keep)
        if d is None or DECK[d].kind == "dominance":
            return None
        events: list[tuple[Any, ...]] = [("respend_as", serial, y)]
        events.extend(apply_cycle(new, g2, [u, d], epoch))
        put_back(g2.seats[seat].hand, d, lambda c: new.free[c][0] in draws or new.free[c][0]
                 == serial if c in new.free else c in named)
        new.legal = legal_now(g2)
        return Node(new, node, (), tuple(events), (), repaired=True)

HELD_THEN = True
"""Whether ruling 571 takes a draw to have been spent by a decision only if the hand held
it then (:func:`in_hand_then`, ruling 623)."""


def in_hand_then(then: Pos, had: list[int], serial: int) -> bool:
    """Whether the unnamed draw ``serial`` may have been spent by a decision of the hand
    that held ``had`` at the state ``then`` before it (ruling 571): an unnamed draw then,
    in that hand (not another hand's draw, taken since), or already spent by its suit
    (that spending, by this hand, :meth:`SpentOtherwise.kept_since`, ruling 610, then
    spends a card the hand holds by its name). Ruling 623: the draw held then by any hand
    was taken, as ruling 610's class of bug."""
    if any(t[0] == serial for t in then.loose.values()):
        return True
    if not HELD_THEN:
        return any(t[0] == serial for t in then.free.values())
    return any(then.free.get(k, (None,))[0] == serial for k in had)


def spent_as(n: Node, serial: int) -> int:
    """The card the draw ``serial`` was as the decision before ``n`` spent it by its suit
    (unnamed before it, spent by its suit after), else -1 (rulings 581 and 630)."""
    for c, slot in n.pos.loose.items():
        if slot[0] == serial and spent_here(n, c, serial):
            return c
    return -1
