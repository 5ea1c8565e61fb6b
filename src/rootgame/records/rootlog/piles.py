"""The exchanges of a draw pile's time (mixed into ``identity.CardIdentity``): which card an
unnamed draw of a hand may have been instead, taken from the draw pile or another hand's
unnamed draw of the same pile's time (:meth:`PileExchanges.donor`, ruling 420), along a
cycle of places of that time (:meth:`PileExchanges.cycle`, ruling 422) or of that time and
every later one its cards went through (:meth:`PileExchanges.members_since`), a card of
another time exchanged for the whole game (:meth:`PileExchanges.pull`, :func:`full_swap`),
a draw named again after a reshuffle (:meth:`PileExchanges.redrawn`), and the order in which
these are tried (:meth:`PileExchanges.settle_free`, rulings 436, 591-592). Split from
``identity.py``, which asks for them where a hand lacks a card (``fix_hands``, ``repair``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ...cards import DECK
from . import swaps
from .alike import alike_times, open_serials
from .atoms import named_from
from .cards import CardSpec
from .draws import first_draw
from .exchanges import (
    allows,
    apply_cycle,
    apply_cycle_since,
    full_swap,
    narrower,
    open_lists,
    rename_later,
    swap_cards,
    times,
    written,
)
from .factions import Loc, hidden_pile, hidden_piles
from .respends import SpentOtherwise
from .search import Node, Pos, Slot, course_path
from .shown import shown_now, shown_spec
from .solve import named_times
from .steps import AT_DISCARD, TAKES_FROM_DISCARD, Step, legal_now
from .swaps import held_respent, held_swap, swap_epoch, swapped_since


def activated(g: Any) -> set[int]:
    """The dominance cards the seats have activated (3.3.1): on no list of cards, they take
    no part in an exchange of identities (ruling 753)."""
    return {s.dominance for s in g.seats if s.dominance is not None}


BESIDE_KEPT = True
"""Ruling 784 turned on (a test turns it off to show the record refused without it)."""


def set_aside(g: Any) -> set[int]:
    """The dominance cards no exchange of identities takes part in: those activated (ruling
    753) and those beside the board, available (3.3.3): a card spent by its suit that the
    search's unnamed draw made a dominance card lies there, where only that card may lie
    (another card spent goes to the discard pile); given another card by an exchange, it
    stood beside the board as a Sword, and the final replay's reshuffle held it (seeds
    1018, 1020, 1025 with the Alliance). Ruling 784."""
    out = activated(g)
    if BESIDE_KEPT:
        out |= set(g.available_dominance)
    return out


DONOR_SHOWN = True
"""Ruling 822: the draw that gives another its card (:meth:`PileExchanges.donor`) takes the
other's card only where a hand shown by Outrage it was in allows that card's suit; without
it the exchange gave the hand shown a card of the suit it lacked, and the course was
dropped (``shown.breaks_shown``)."""

class PileExchanges(SpentOtherwise):
    """The exchanges of a draw pile's time, on the spendings taken otherwise of
    :class:`respends.SpentOtherwise` (what ``identity.CardIdentity`` gives them:
    ``spend_cost``, ``keep_named``, ``turns_at``, ``expanding``)."""

    keep_named: bool = False
    turns_at: dict[int, Node]
    expanding: Node | None
    spend_cost: Callable[..., int]
    later_namings: Callable[..., list[tuple[int, int]]]
    reserved: Callable[[Pos, dict[Loc, list[CardSpec]]], set[int]]
    needs: Callable[[Pos], dict[Loc, list[CardSpec]]]

    def donor(self, pos: Pos, g: Any, f: int, spec: CardSpec, keep: set[int]) -> int | None:
        """A card ``spec`` allows that the unnamed draw ``f`` may have been: a card still
        in the draw pile of ``f``'s time, or a card drawn unnamed into another hand from the
        same draw pile (the two draws exchanged). None when there is none."""
        epoch = pos.free[f][1]
        if epoch == pos.epoch:
            # Better a card the record never names later, else the one it names latest.
            line = pos.line if pos.line is not None else self.order[-1]
            best = min((x for x in reversed(g.deck) if spec.matches(x)), default=None,
                       key=lambda x: self.spend_cost(DECK[x].key, line, pos.left.get(line)))
            if best is not None:
                return int(best)
        for _, pile in hidden_piles(g):
            for x in pile:
                if x not in keep and x in pos.free and pos.free[x][1] == epoch and \
                        spec.matches(x) and self.may_take(pos, x, f):
                    return int(x)
        return None

    def may_take(self, pos: Pos, x: int, f: int) -> bool:
        """Whether the unnamed draw ``x``, giving its card to another draw, may take that
        draw's card ``f`` in exchange: not where ``x`` was in a hand shown by Outrage that
        lacked ``f``'s suit (ruling 822; the cycles' places keep to it already,
        :meth:`members`)."""
        if not DONOR_SHOWN:
            return True
        bar = shown_spec(pos, x, None, pos.free[x][1] if x in pos.free else None)  # 890
        return bar is None or bar.matches(f)

    def members(
        self, pos: Pos, g: Any, epoch: int, keep: set[int]
    ) -> list[tuple[int, CardSpec | None]]:
        """The cards whose places an unnamed draw of the draw pile of ``epoch`` may exchange
        with, each with what the record wrote of it (None: nothing): the other unnamed draws
        of that pile's time (not ``keep``, the cards of the draw's own hand), the cards of
        that time spent with only part of their identity written (``Pos.loose``: in the
        discard pile or the Decree, or shuffled unseen into a later pile), and, for the
        present pile, the cards still in it."""
        out: list[tuple[int, CardSpec | None]] = []
        for _, pile in hidden_piles(g):
            out.extend((x, None) for x in pile
                       if x not in keep and x in pos.free and pos.free[x][1] == epoch)
        # Not a card a seat has activated as its dominance since (3.3.1, ruling 753), nor
        # one beside the board (3.3.3, ruling 784).
        active = set_aside(g)
        out.extend((x, spec) for x, (_s, e, spec) in pos.loose.items()
                   if e == epoch and x not in active)
        if epoch == pos.epoch:
            out.extend((x, None) for x in g.deck if pos.loose.get(x, (0, -1))[1] != epoch)
        if pos.shown:  # a place in a hand shown by Outrage (ruling 750)
            out = [(x, shown_spec(pos, x, w, epoch)) for x, w in out]  # of its time (890)
        return out

    def members_since(
        self, pos: Pos, g: Any, epoch: int, keep: set[int]
    ) -> list[tuple[int, CardSpec | None]]:
        """:meth:`members`, and the cards of that pile's time that have been through a later
        one since (spent by their suit, shuffled into a later pile, drawn again: their time
        of ``epoch`` is in ``Pos.past``), each with all the record wrote of it from that
        time on (:func:`apply_cycle_since` exchanges all those times). Not the cards the
        record has named."""
        out = self.members(pos, g, epoch, keep)
        have = {x for x, _ in out}
        active = set_aside(g)
        for x, was in pos.past.items():
            if x in have or x in keep or x in pos.fixed or x in active or \
                    not any(t[1] == epoch for t in was):
                continue
            wrote: CardSpec | None = None
            for t in times(pos, x):
                if t[1] >= epoch and len(t) > 2:
                    wrote = narrower(wrote, t[2])
            out.append((x, wrote))
        return out

    def cycle(
        self, pos: Pos, g: Any, f: int, spec: CardSpec, keep: set[int], longest: int = 5,
        since: bool = False,
    ) -> list[int] | None:
        """The shortest way to make the unnamed draw ``f`` a card ``spec`` allows by
        exchanging cards of its draw pile's time around (:func:`apply_cycle`): ``f`` takes
        the place of a card ``y`` that ``spec`` allows, ``y``'s place takes a card of
        another place that what the record wrote of ``y`` allows, and so on until a place
        allows ``f`` (a breadth-first search for an augmenting path, as in a matching of
        draws to cards). Among the shortest, the card the record names latest goes to
        ``f``. None when no exchange of at most ``longest`` places gives such a card.
        ``f`` may be a card spent by its suit instead (:meth:`taken_from_discard`).
        With ``since``, a place may also be a card of that time that has been through a
        later pile since (:meth:`members_since`), allowing what the record wrote of it in
        every time from then on."""
        epoch = (pos.free[f] if f in pos.free else pos.loose[f])[1]  # a loose card: 760
        members = (self.members_since if since else self.members)(pos, g, epoch, keep | {f})
        if not reaches(members, f, spec, longest):
            return None  # the search below would find no path (nearly every call)
        line = pos.line if pos.line is not None else self.order[-1]
        # Breadth first: paths of places whose last one still needs a card it allows.
        frontier: list[tuple[list[int], CardSpec]] = [([f], spec)]
        seen = {f}
        for _ in range(longest - 1):
            done: list[list[int]] = []
            nxt: list[tuple[list[int], CardSpec]] = []
            for path, need in frontier:
                for y, wrote in members:
                    if y in seen or not need.matches(y) or (
                            need is not spec and DECK[y].kind == "dominance"):
                        continue
                    if wrote is None or (wrote.matches(f) and DECK[f].kind != "dominance"):
                        done.append(path + [y])
                    else:
                        nxt.append((path + [y], wrote))
            if done:
                return min(done, key=lambda p: self.spend_cost(DECK[p[1]].key, line,
                                                                pos.left.get(line)))
            seen.update(p[-1] for p, _ in nxt)
            frontier = nxt
        return None

    def taken_from_discard(self, node: Node, keep: Callable[[], set[int]]) -> Node | None:
        """At a decision that may take a card from the discard pile by choice (the Tinker's
        Day Labor, Informants' ambush card: ``steps.TAKES_FROM_DISCARD``), a card the line
        names taken from the discard pile (``M#roottea*->V``) that the pile lacks: a card
        there spent by its suit only (``Pos.loose``: the Eyrie's ``M#E->$_m`` discarded in
        her turmoil) that the name allows may have been the card named. A card of the
        present pile's time takes the card named along the shortest cycle of places of that
        time (:meth:`cycle`: the card named leaves the draw pile or an unnamed draw, not one
        of ``keep()``, the cards the line takes from the hands, and that place takes the
        card spent), as a named draw's card is found (``settle_draw_cycle``). A card
        spent in an earlier pile's time (drawn before the last shuffle, added to the Decree
        and discarded after it) takes it along a cycle of places of that time and every
        later one (:meth:`cycle` with ``since``, :func:`apply_cycle_since`; ruling 791).
        Returns the state as a node after ``node`` (``CardIdentity.fix_named``), None when
        the line names no such card or no card there can be it. Ruling 760."""
        pos = node.pos
        g = pos.g
        if not DISCARD_TAKEN or pos.line is None or not g.stack:
            return None
        offered = any(a[0] in TAKES_FROM_DISCARD for a in pos.legal)
        ln, left = self.lines[pos.line], pos.left[pos.line]
        for k in ln.by_key.get(("card", (AT_DISCARD, ("hand", g.stack[-1].seat))), []):
            spec = ln.atoms[k].spec
            if not left[k] or spec is None or not spec.named or \
                    any(spec.matches(c) for c in g.discard):
                continue
            if not offered and not (BIRDSONG_TAKEN and not any(left[:k])):
                continue  # (not offered yet, and not the line's next movement: 795)
            spent = [x for x in reversed(g.discard) if x in pos.loose and any(
                allows([pos.loose[x][2]], y) for y in allowed_ids(spec))]
            for x in spent:
                epoch = pos.loose[x][1]
                since = epoch != pos.epoch
                if since and not EARLIER_TAKEN:
                    continue
                g2 = g.clone()
                new = pos.fork(g2, [])
                path = self.cycle(new, g2, x, narrower(spec, pos.loose[x][2]) or spec, keep(),
                                  7 if since else 5, since=since)
                if path is None or not allows([pos.loose[x][2]], path[1]):
                    continue
                events = (apply_cycle_since if since else apply_cycle)(new, g2, path, epoch)
                new.legal = legal_now(g2)
                return Node(new, node, (), events, (), repaired=True)
            took = self.decree_taken(node, spec, spent)
            if took is not None:
                return took
        return None

    def decree_taken(self, node: Node, spec: CardSpec, spent: list[int]) -> Node | None:
        """Where no cycle gives the discard pile the card named (:meth:`taken_from_discard`),
        that card may lie in the Decree as a card added there by its suit only
        (``B#E->$_m``, ``Pos.loose``), drawn unnamed in a pile's time ``e``: a card ``x`` of
        the discard pile spent by its suit that was in that same pile (a time of ``x`` in
        ``e``, so both were shuffled into it) may have been the Decree's card instead, and
        the card named the discard pile's. The two exchange all their times from ``e`` on
        (:func:`apply_cycle_since` of the cycle ``[x, d]``), where what the record wrote of
        each at those times allows the other and the record never named ``x``. Seed 1003
        of the four factions (people-style), line 71: the Tinker takes the Arms Trader from
        the discard pile (``B#armstrader*->V``), which the search had made the Eyrie's
        unnamed draw added to the Decree at line 64; the Sappers, a bird the Marquise spent
        at line 67 and drawn unnamed in that Decree card's pile time, takes its place.
        Ruling 141."""
        if not DECREE_TAKEN:
            return None
        pos = node.pos
        g = pos.g
        aside = set_aside(g)
        for lst in open_lists(g)[1:]:
            for d in lst:
                slot = pos.loose.get(d)
                if slot is None or not spec.matches(d) or d in aside:
                    continue
                e = slot[1]
                later_d = [t for t in times(pos, d) if t[1] >= e]
                for x in spent:
                    if x == d or x in pos.fixed or x in aside:
                        continue
                    later_x = [t for t in times(pos, x) if t[1] >= e]
                    if not any(t[1] == e for t in later_x):
                        continue  # not in the pile ``d`` was drawn from
                    if not allows([t[2] if len(t) > 2 else None for t in later_x], d) or \
                            not allows([t[2] if len(t) > 2 else None for t in later_d], x):
                        continue
                    g2 = g.clone()
                    new = pos.fork(g2, [])
                    events = apply_cycle_since(new, g2, [x, d], e)
                    new.legal = legal_now(g2)
                    return Node(new, node, (), events, (), repaired=True)
        return None

    def drawn_shuffled_in(
        self, line: int, left: dict[int, list[int]], g2: Any, cid: int, dst: Loc,
        atoms_by_step: list[list[tuple[Any, ...]]], si: int, free: dict[int, tuple[int, int]],
        loose: dict[int, Slot], past: dict[int, tuple[Slot, ...]], epoch: int,
        renames: list[tuple[Any, ...]],
    ) -> tuple[int, bool, int] | None:
        """A draw from the present pile (the engine drew ``cid`` into ``dst``) that the
        record names as one of the first open draw's cards (``R#cob+M#mouseinasack->V``,
        a quest's two cards) whose card the present pile lacks, and no other hand drew
        unnamed from it: the card named may have been shuffled into this pile from an
        earlier pile's time, as a card spent there by its suit only (``R#E->$_x``, the
        Eyrie's Decree card discarded in her turmoil). A card of the present pile that
        stands for such a spending (``Pos.loose`` of an earlier time, written by a suit
        the card named has) takes the card named along the shortest cycle of places of
        that time (:meth:`cycle`: an unnamed draw of that time not held for the line's
        needs, another card spent by its suit, ``M#C->`` after the shuffle), which then
        lies in the pile in its place, with its time, and is the card drawn (swapped with
        ``cid``). Tried before the card drawn is taken as a later draw's of the line (which
        would leave the first draw without its card: seed 1006 with the Vagabond, line 64).
        Returns (card, named, action index) as ``settle_draw``, None when no such card
        may be it. Ruling 792."""
        if not SHUFFLED_IN_DRAWN:
            return None
        ln, lf = self.lines[line], left[line]
        for k, spec in self.lacking_draws(line, left, g2, dst):
            pos = Pos(g2, [], None, line, 0, left, free, epoch, False, loose, past)
            keep = set(hidden_pile(g2, dst)) | self.reserved(pos, self.needs(pos))
            for z in reversed(g2.deck):
                slot = loose.get(z)
                if slot is None or slot[1] >= epoch or slot[2] is None or \
                        not any(slot[2].matches(y) for y in allowed_ids(spec)):
                    continue
                path = self.cycle(pos, g2, z, narrower(spec, slot[2]) or spec, keep)
                if path is None:
                    continue
                renames.extend(apply_cycle(pos, g2, path, slot[1]))
                y = path[1]
                swap_cards(g2, cid, y)
                cycled = dict(zip(path, path[1:] + path[:1], strict=True))
                rename_later(atoms_by_step[si:], cycled | {cid: y, y: cid})
                self.note_drawn_as(cycled)
                m = self.drawn_as
                m[cid], m[y] = m.get(y, y), m.get(cid, cid)
                lf[k] -= 1
                return y, True, ln.atoms[k].action
        return None

    def lacking_draws(
        self, line: int, left: dict[int, list[int]], g2: Any, dst: Loc,
    ) -> list[tuple[int, CardSpec]]:
        """The atoms of the first open draw of ``line`` into ``dst`` (:func:`first_draw`)
        that name a card the present pile lacks, each with its spec: the draws that rulings
        792 (:meth:`drawn_shuffled_in`) and 841 (:meth:`drawn_held_across`) look behind."""
        ln, lf = self.lines[line], left[line]
        idx = [k for k in ln.by_key.get(("card", (("deck",), dst)), []) if lf[k]]
        out: list[tuple[int, CardSpec]] = []
        for k in first_draw(ln, idx) if idx else ():
            spec = ln.atoms[k].spec
            if spec is not None and spec.keys is not None and \
                    not any(spec.matches(x) for x in g2.deck):
                out.append((k, spec))
        return out

    def drawn_held_across(
        self, line: int, left: dict[int, list[int]], g2: Any, st: Step, cid: int, dst: Loc,
        atoms_by_step: list[list[tuple[Any, ...]]], si: int, free: dict[int, tuple[int, int]],
        loose: dict[int, Slot], past: dict[int, tuple[Slot, ...]], epoch: int,
        renames: list[tuple[Any, ...]],
    ) -> tuple[int, bool, int] | None:
        """A draw from the present pile that the record names as one of the first open
        draw's cards, whose card the present pile lacks, where the search made that card
        an unnamed draw of an earlier pile's time still held: that draw may have been, the
        whole game through, the card of an unnamed draw of the present pile's time whose
        card went through the earlier piles unseen too (:func:`full_swap`, what the record
        wrote of each at every time allowing the other, as :meth:`pull` does). The two are
        exchanged and the named draw then takes the present draw's card
        (:meth:`settle_draw`: the two draws the other way round).
        Seed 1004 (the four factions), line 79: the Vagabond draws the Gently Used
        Knapsack by name (``F#gentlyusedknapsack->V``), which the Alliance drew unnamed
        before the last shuffle and spent by its suit (``F#A->``); the search had made it
        the supporter the Alliance mobilized unnamed from its draw of that time, and the
        Favor of the Foxes spent there the Eyrie's unnamed draw of the present pile.
        Returns (card, named, action index) as ``settle_draw``, None when no such
        exchange is found. Ruling 841."""
        if not HELD_ACROSS_DRAWN:
            return None
        lacking = self.lacking_draws(line, left, g2, dst)
        if not lacking:
            return None
        lf = left[line]
        # The cards named so far: never exchanged for the whole game (ruling 983).
        pos = Pos(g2, [], None, line, 0, left, free, epoch, False, loose, past,
                  self.fixed_now if HELD_ACROSS_FIXED else frozenset())
        keep = self.reserved(pos, self.needs(pos)) | set_aside(g2)
        # The present draw's card went through the earlier piles unseen too (spent by its
        # suit there and shuffled in): every time of both cards is one the record left open
        # (a present draw with no earlier time, exchanged, gave seed 1006 with ruling 792
        # off a course whose final replay's shuffle failed).
        present = [d for _loc, pile in hidden_piles(g2) for d in pile
                   if d in free and free[d][1] == epoch and d != cid and d not in keep
                   and past.get(d)]
        for _k, spec in lacking:
            for z in allowed_ids(spec):
                if z == cid or z in keep or z in pos.fixed or not (
                        z in free and free[z][1] < epoch):
                    continue  # not an unnamed draw of an earlier time, held
                of_z = written(pos, z)
                for d in present:
                    if allows(of_z, d) and allows(written(pos, d), z):
                        renames.extend(full_swap(pos, g2, z, d))
                        rename_later(atoms_by_step[si:], {z: d, d: z})
                        self.note_drawn_as({z: d, d: z})
                        return self.settle_draw(line, lf, g2, st, cid, dst, True,
                                                atoms_by_step, si, free, epoch, renames,
                                                later=False)
        return None

    def drawn_spent_across(
        self, line: int, left: dict[int, list[int]], g2: Any, st: Step, cid: int, dst: Loc,
        atoms_by_step: list[list[tuple[Any, ...]]], si: int, free: dict[int, tuple[int, int]],
        loose: dict[int, Slot], past: dict[int, tuple[Slot, ...]], epoch: int,
        renames: list[tuple[Any, ...]],
    ) -> tuple[int, bool, int] | None:
        """A draw from the present pile that the record names as one of the first open
        draw's cards, whose card the present pile lacks, where the search made that card an
        unnamed draw of an earlier pile's time spent by its suit after that pile was shuffled
        (``Pos.loose`` of an earlier time, not in the pile): from that pile's time on it may
        have been an unnamed draw of the present pile's time still held that was drawn
        from that same earlier pile too, spent by its suit there and shuffled in
        (:func:`swaps.swap_epoch`: neither named at a draw from that pile on, what the
        record wrote of each then allowing the other; :func:`apply_cycle_since`), and the
        named draw takes the present draw's card (:meth:`settle_draw`: the two draws the
        other way round). Ruling 841's exchange for a card spent across the shuffle instead
        of held. Seed 1001 (the four factions, people-style), line 65: the Vagabond draws
        the Sappers by name (``B#sap->V``), spent by the Alliance by its suit at line 49
        (``B#A->``) and shuffled into the pile of line 55; the search had made it the
        supporter the Alliance drew unnamed by Outrage at line 51 and spent after the
        shuffle, and spent at line 49 the Brutal Tactics, drawn unnamed again from the new
        pile at line 59. Returns (card, named, action
        index) as ``settle_draw``, None when no such exchange is found. Ruling 997."""
        if not SPENT_ACROSS_DRAWN or self.expanding is None:
            return None
        lacking = self.lacking_draws(line, left, g2, dst)
        if not lacking:
            return None
        lf = left[line]
        pos = Pos(g2, [], None, line, 0, left, free, epoch, False, loose, past,
                  self.fixed_now)
        keep = self.reserved(pos, self.needs(pos)) | set_aside(g2)
        present = [d for _loc, pile in hidden_piles(g2) for d in pile
                   if d in free and free[d][1] == epoch and d != cid and d not in keep
                   and past.get(d)]
        if not present:
            return None
        opened = open_serials(pos)
        for _k, spec in lacking:
            for z in allowed_ids(spec):
                slot = loose.get(z)
                if z == cid or z in keep or slot is None or slot[1] >= epoch or \
                        z in g2.deck:
                    continue  # not an unnamed draw of an earlier time spent since
                cands = [d for d in present if any(t[1] == slot[1] for t in past[d])]
                if not cands:
                    continue
                named = named_times(self.expanding, (z, *cands))
                for d in cands:
                    e = swap_epoch(pos, z, d, named, opened)
                    if e is None:
                        continue
                    renames.extend(apply_cycle_since(pos, g2, [z, d], e))
                    rename_later(atoms_by_step[si:], {z: d, d: z})
                    self.note_drawn_as({z: d, d: z})
                    return self.settle_draw(line, lf, g2, st, cid, dst, True, atoms_by_step,
                                            si, free, epoch, renames, later=False)
        return None

    def drawn_held_swapped(
        self, line: int, left: dict[int, list[int]], g2: Any, cid: int, dst: Loc,
        atoms_by_step: list[list[tuple[Any, ...]]], si: int, free: dict[int, tuple[int, int]],
        loose: dict[int, Slot], renames: list[tuple[Any, ...]],
    ) -> tuple[int, bool, int] | None:
        """A draw from the present pile that the record names as one of the first open
        draw's cards, whose card the present pile lacks, where the search made that card
        an unnamed draw still held (among the supporters) and the card drawn, ``cid``, one
        held by its name in the same hand with it and spent by its suit since: the two may
        have been each other from the moment both were in the hand (:func:`swaps.held_swap`),
        the card named spent and shuffled into the pile, ``cid`` held in its place. The
        unnamed draw's time ends with that spending (by its suit, a ``Pos.loose`` slot the
        caller puts in its past) and the named draw takes its card. Seed 1002 (the four
        factions, people-style), line 160: the Vagabond draws the Travel Gear by name, the
        pile's last card; the Alliance drew it unnamed at line 154 and took the fox Ambush
        by name at line 155, trained with a fox and mobilized a card unnamed at line 159:
        the search trained with the Ambush. Returns (card, named, action index) as
        ``settle_draw``, None when no such exchange is found. Ruling 137."""
        if not swaps.HELD_SWAPPED or self.expanding is None or cid in free or cid in loose:
            return None
        lacking = self.lacking_draws(line, left, g2, dst)
        if not lacking:
            return None
        lf = left[line]
        path = course_path(self.expanding)
        fixed = path[-1].pos.fixed | self.fixed_now
        for k, spec in lacking:
            for z in allowed_ids(spec):
                if z not in free or z in hidden_pile(g2, dst):
                    continue
                events = held_swap(self, path, cid, z, fixed, self.rank_of[line])
                if events is None:
                    continue
                serial, epoch = free.pop(z)
                loose[z] = (serial, epoch, CardSpec(suit=DECK[z].suit))
                swap_cards(g2, cid, z)
                renames.extend(events)
                rename_later(atoms_by_step[si:], {cid: z, z: cid})
                m = self.drawn_as
                m[cid], m[z] = m.get(z, z), m.get(cid, cid)
                lf[k] -= 1
                return z, True, self.lines[line].atoms[k].action
        return None

    def drawn_held_respent(
        self, line: int, left: dict[int, list[int]], g2: Any, cid: int, dst: Loc,
        atoms_by_step: list[list[tuple[Any, ...]]], si: int, free: dict[int, tuple[int, int]],
        loose: dict[int, Slot], renames: list[tuple[Any, ...]],
    ) -> tuple[int, bool, int] | None:
        """:meth:`drawn_held_swapped` when the card spent into the present pile was an
        unnamed draw: a draw from the present pile that the record names as one of the
        first open draw's cards, whose card the present pile lacks, where the search made
        that card an unnamed draw lying face down among the supporters since a decision put
        it there from a hand, and a card ``y`` of the present pile (not the card drawn) an
        unnamed draw the same hand spent by its suit while it held both: the two may have
        gone the other way round (:func:`swaps.held_respent`), the card named spent and
        shuffled into the pile, ``y`` put among the supporters. ``y`` is held there again
        (``Pos.free``, its draw's time goes on), the card named's time ends with ``y``'s
        spending (``Pos.loose``, which the caller puts in its past), and the named draw
        takes it (the card drawn goes back into the pile in its place). Seed 1002 (the four
        factions, people-style), line 170: the Vagabond draws the Foxfolk Steel by name,
        which the Alliance drew unnamed at line 159; at line 164 it mobilized a card
        unnamed (``#A->$``) and discarded a fox (``F#A->``), and the search had mobilized
        the Foxfolk Steel. Returns (card, named, action index) as ``settle_draw``, None
        when no such exchange is found. Ruling 972."""
        if not swaps.HELD_RESPENT or self.expanding is None:
            return None
        lacking = self.lacking_draws(line, left, g2, dst)
        if not lacking:
            return None
        lf = left[line]
        path = course_path(self.expanding)
        now = self.rank_of[line]
        for k, spec in lacking:
            for z in allowed_ids(spec):
                if z not in free:
                    continue
                for y in g2.deck:
                    if y == cid or y not in loose:
                        continue
                    events = held_respent(self, path, g2, free, loose, z, y, now)
                    if events is None:
                        continue
                    sz, ez = free.pop(z)
                    sy, ey, wrote = loose.pop(y)
                    free[y] = (sy, ey)
                    loose[z] = (sz, ez, wrote)
                    swap_cards(g2, y, z)  # y among the supporters, z in the pile
                    swap_cards(g2, cid, z)  # the named draw takes z, cid back in the pile
                    renames.extend(events)
                    rename_later(atoms_by_step[si:], {y: z, z: y})
                    rename_later(atoms_by_step[si:], {cid: z, z: cid})
                    self.note_drawn_as({y: z, z: y})
                    self.note_drawn_as({cid: z, z: cid})
                    lf[k] -= 1
                    return z, True, self.lines[line].atoms[k].action
        return None

    def settle_first(
        self, pos: Pos, g: Any, draws: list[int], spec: CardSpec, keep: set[int],
        sinces: tuple[bool, ...], spare: int = 0,
    ) -> tuple[int, tuple[tuple[Any, ...], ...]] | None:
        """Give the first of the unnamed ``draws`` that can be given one a card ``spec``
        allows (:meth:`settle_free`, with each of ``sinces`` in turn: without the later
        piles' times first), changing ``pos``: (the serial of the draw given the card, the
        renaming events), or None when none can be. A draw of an earlier pile's time that
        would take from the present pile a card crafted by its item only, or named, comes
        after the others when the hand has draws of the present pile to spare
        (:meth:`present_first`, :meth:`from_pile`, rulings 431 and 433), and so does one
        whose own card the record next names leaving the hand, for a card crafted by its
        item only (:meth:`own_named_later`, ruling 685)."""
        later: list[int] = []
        present = sum(pos.free.get(d, (0, -1))[1] == pos.epoch for d in draws)
        if self.present_first(spec, present, spare):
            later = [x for x in draws if x in pos.free and self.from_pile(pos, g, x, spec, keep)]
        if OWN_KEPT and spec.item is not None and present > spare:
            later += [x for x in draws if x not in later and self.own_named_later(pos, g, x)]
        tried: set[int] = set()
        for since in sinces:
            for x in [*(d for d in draws if d not in later), *later]:
                if x in pos.free:
                    serial = pos.free[x][0]
                    # A draw the first round found nothing for, ``pos`` as it was then:
                    # only what ``since`` adds is left to try (speed only).
                    done = self.settle_since(pos, g, x, spec, keep) if since and x in tried \
                        else self.settle_free(pos, g, x, spec, keep, since)
                    if done is not None:
                        return serial, done
                    tried.add(x)
        return None

    def own_named_later(self, pos: Pos, g: Any, x: int) -> bool:
        """Whether the unnamed draw ``x`` is of an earlier pile's time and the record next
        names its card's name leaving the hand that holds it (``B#armstraderE->$_x``), not
        drawn again before: given another card, its own would go to another place of that
        finished time (another hand's draw of it, by :meth:`donor` or :meth:`cycle`), where
        no exchange of a later pile's time reaches it. :meth:`settle_first` tries it after
        the hand's draws of the present pile, which may take the card from the present
        pile (seed 1043 with its discards and Decree cards named, line 154: the Eyrie's
        craft of a bag, ``Z%b``, gave her draw of the third pile, the Arms Trader she adds
        to the Decree at line 160, the Marquise's Smuggler's Trail of that time, where her
        draw of the fourth pile was the Birdy Bindle). Asked for a craft by its item only
        (``Z%b``, one of several cards): a card named (``B#armorE->$_m``) taken from the
        present pile instead is a copy a later draw of the record may name (seed 1060:
        the Eyrie's Armorers added at line 55, her draw of line 76 the other). Ruling 685."""
        if x not in pos.free or pos.free[x][1] >= pos.epoch or pos.line is None:
            return False
        key = DECK[x].key
        line = pos.line
        if not self.spend_cost(key, line, pos.left.get(line)):
            return False
        r, k = self.later_namings(key, line, pos.left.get(line))[0]
        at = self.lines[self.order[r]].atoms[k]
        src = named_from(at.kind, at.key)
        return src is not None and x in hidden_pile(g, src)

    def present_first(self, spec: CardSpec, present: int, spare: int) -> bool:
        """Whether :meth:`settle_first` gives a card ``spec`` allows to a draw of the
        present pile before a draw of an earlier pile's time that would take it from the
        present pile (:meth:`from_pile`), the hand holding ``present`` draws of the present
        pile of which the line's later needs may want ``spare``: a card crafted by its item
        only when one is left for it (ruling 431), a card named when one more is left after
        it (ruling 433); never a card written by its suit only."""
        if spec.item is not None:
            return present > spare
        return spec.keys is not None and present > spare + 1

    def from_pile(self, pos: Pos, g: Any, x: int, spec: CardSpec, keep: set[int]) -> bool:
        """Whether the unnamed draw ``x``, of an earlier pile's time, would be given a card
        crafted by its item only (``spec`` an item, ``Z%t``) or named (``Zsap``) by a cycle
        of its own time that takes the card out of the present draw pile (where it stands
        for a card of that time spent by its suit and shuffled in). The cycle would rewrite
        the finished time, whose card spent by its suit becomes another of that suit, which
        a later line may need; a draw of the present pile may take the card from the pile
        itself instead (ruling 431). :meth:`settle_first` asks for an item or a card named
        while the hand has present draws to spare (:meth:`present_first`, ruling 433); a
        card written by its suit only is left to the earlier draw. A card named comes after
        the present draws whatever way the earlier draw would be given it
        (:meth:`named_later`, ruling 477)."""
        if pos.free[x][1] == pos.epoch:
            return False
        if self.named_later(spec):
            return True
        if self.donor(pos, g, x, spec, keep) is not None:
            return False
        path = self.cycle(pos, g, x, spec, keep)
        return path is not None and path[1] in g.deck

    def named_later(self, spec: CardSpec) -> bool:
        """Whether a draw of an earlier pile's time comes after the hand's draws of the
        present pile for a card ``spec`` allows in :meth:`settle_first` (when
        :meth:`present_first`) however it would be given the card: a card named (``Zstand``;
        not one crafted by its item only). Given it by exchange with another hand's unnamed
        draw of that time (:meth:`donor`), the other hand holds that draw's card instead,
        which its later lines may not allow (seed 2680). Ruling 477."""
        return spec.keys is not None and spec.item is None

    def settle_free(
        self, pos: Pos, g: Any, f: int, spec: CardSpec, keep: set[int], since: bool = False
    ) -> tuple[tuple[Any, ...], ...] | None:
        """Give the unnamed draw ``f`` a card ``spec`` allows (:meth:`donor`, else
        :meth:`cycle`, else :meth:`pull`, else, with ``since``, a cycle through the later
        piles' times too, :meth:`cycle` with ``since``, ruling 420, else an alike card's
        open times, ``alike.py``, rulings 591-592), changing ``pos``: the renaming events,
        or None when no card can be. A card :meth:`donor` takes from another hand's unnamed
        draw that the record names later comes before a cycle that leaves it there; the
        search started again where the first stalls takes the cycle first (``keep_named``,
        ruling 436)."""
        epoch = pos.free[f][1]
        # f in a hand shown (ruling 750), through the later piles: settle_since (980).
        whole = spec if SINCE_SHOWN else shown_spec(pos, f, spec) or spec
        # The exchanges of the draw's own time keep its earlier times (ruling 870).
        spec = shown_now(pos, f, spec) or spec
        y = self.donor(pos, g, f, spec, keep)
        path = [f, y] if y is not None else self.cycle(pos, g, f, spec, keep)
        if y is not None and y not in g.deck:
            line = pos.line if pos.line is not None else self.order[-1]
            if self.spend_cost(DECK[y].key, line, pos.left.get(line)):
                # Another hand's draw the record names later: a cycle that leaves it in
                # that hand is the other order's (ruling 436).
                other = self.cycle(pos, g, f, spec, keep | {y})
                if self.keep_named:
                    path = other or path
                elif other is not None and self.expanding is not None:
                    self.turns_at[id(self.expanding)] = self.expanding
        if path is not None:
            return apply_cycle(pos, g, path, epoch)
        pulled = self.pull(pos, g, f, spec, keep)
        if pulled is None:
            return self.settle_since(pos, g, f, whole, keep) if since else None
        x, y = pulled
        events = full_swap(pos, g, x, y)
        return events + apply_cycle(pos, g, [f, x], epoch)

    def settle_since(
        self, pos: Pos, g: Any, f: int, spec: CardSpec, keep: set[int]
    ) -> tuple[tuple[Any, ...], ...] | None:
        """:meth:`settle_free` with ``since`` where no card of the draw pile's time of ``f``
        nor one pulled from another time fits (:meth:`donor`, :meth:`cycle`, :meth:`pull`
        found nothing): a cycle through the later piles' times too (ruling 420), else an
        alike card's open times (rulings 591-592), else a card both drawn from one pile
        with ``f``, the two exchanged from that pile's time on (``swaps.py``, ruling 940).
        Changes ``pos`` as :meth:`settle_free`;
        :meth:`settle_first` asks it alone of a draw for which :meth:`settle_free` without
        ``since`` found nothing (speed only: the first three find nothing again)."""
        if SINCE_SHOWN:
            # f in a hand shown at any of its times (ruling 750), however it is asked for:
            # settle_first asks a draw it tried before here alone (ruling 980).
            spec = shown_spec(pos, f, spec) or spec
        # The cards spent by their suit since that pile's time may have been other
        # cards of their suit, through the later piles too (ruling 420).
        path = self.cycle(pos, g, f, spec, keep, 7, since=True)
        if path is None:
            # The draw's card and the card named may have been each other at every
            # time the record left open (two alike crafts; rulings 591-592).
            x = alike_times(pos, g, f, spec, keep, self.expanding)
            if x is not None:
                return full_swap(pos, g, f, x)
            found = swapped_since(pos, g, f, spec, keep, set_aside(g), self.expanding)
            return None if found is None else apply_cycle_since(pos, g, [f, found[0]],
                                                                found[1])
        return apply_cycle_since(pos, g, path, pos.free[f][1])

    def pull(
        self, pos: Pos, g: Any, f: int, spec: CardSpec, keep: set[int]
    ) -> tuple[int, int] | None:
        """When no card of its draw pile's time fits the unnamed draw ``f``: a card ``x``
        that ``spec`` allows from another time (drawn unnamed before the pile was shuffled,
        held or spent by its suit since) that may have been, the whole game through, a card
        ``y`` of ``f``'s time that nothing was written of since (an unnamed draw or a card
        still in the pile): the two exchanged for the whole game, ``x`` then takes ``f``'s
        place. Returns (x, y)."""
        epoch = pos.free[f][1]
        line = pos.line if pos.line is not None else self.order[-1]
        here = self.members(pos, g, epoch, keep | {f})
        places = [y for y, wrote in here if wrote is None and not (
            y in pos.loose and pos.loose[y][1] == epoch)]
        mine = {y for y, _ in here}
        wrote = {y: written(pos, y) for y in places}
        found: list[tuple[int, int, int]] = []
        for _, pile in [("", g.deck), ("", g.discard), *hidden_piles(g), *(
                ("", x) for x in open_lists(g)[1:])]:
            for x in pile:
                if x in keep or x in mine or x == f or not spec.matches(x):
                    continue
                of_x = written(pos, x)
                for y in places:
                    if allows(of_x, y) and allows(wrote[y], x):
                        found.append((self.spend_cost(DECK[x].key, line, pos.left.get(line)),
                                      x, y))
                        break
        if not found:
            return None
        _, x, y = min(found)
        return x, y

    def redrawn(
        self, pos: Pos, loc: Loc, spec: CardSpec, reserved: set[int], taken: set[int]
    ) -> tuple[int, tuple[tuple[Any, ...], ...]] | None:
        """When no unnamed draw of the hand ``loc`` can be given a card ``spec`` allows (in
        :meth:`fix_hands`): a card ``r`` another hand holds for what the line takes from it
        (``reserved``), drawn unnamed before the draw pile was shuffled, may have been
        spent by its suit before the shuffle, in the place of a card ``y`` of that pile's
        time that ``spec`` allows and that was shuffled unseen into the present pile, and
        drawn again by an unnamed draw ``d`` of that hand from the present pile: ``r`` and
        ``y`` exchanged in the earlier time (the other hand's earlier draw is ``y``),
        ``d`` and ``r`` from the present time on (``d``'s card back in the pile); an
        unnamed draw of ``loc`` of the earlier time may then be given ``y``
        (:meth:`settle_free`), not one an earlier need of the line has ``taken`` (its card
        would go). Changes ``pos`` (its state too) only when all of it is found: (the
        serial of the draw given the card, the renaming events). Ruling 424."""
        g = pos.g
        mine = hidden_pile(g, loc)
        frees = [f for f in mine if f in pos.free and pos.free[f][1] < pos.epoch
                 and f not in taken]
        if not frees:
            return None
        deck = set(g.deck)
        for other, pile in hidden_piles(g):
            if other == loc:
                continue
            for r in pile:
                if r not in reserved or r not in pos.free or r in pos.fixed:
                    continue
                epoch = pos.free[r][1]
                if epoch >= pos.epoch or DECK[r].kind == "dominance":
                    continue
                later = [d for d in pile if d != r and d not in reserved and d in pos.free
                         and pos.free[d][1] == pos.epoch]
                if not later:
                    continue
                for y, (_serial, e, wrote) in list(pos.loose.items()):
                    if e != epoch or y not in deck or wrote is None or not wrote.matches(r) \
                            or not spec.matches(y) or DECK[y].kind == "dominance" \
                            or y in pos.fixed:
                        continue
                    for f in frees:
                        if pos.free[f][1] != epoch:
                            continue
                        g2 = g.clone()
                        new = pos.fork(g2, pos.legal)
                        events = list(apply_cycle(new, g2, [r, y], epoch))
                        events.extend(apply_cycle_since(new, g2, [later[0], r], pos.epoch))
                        serial = new.free[f][0]
                        keep = set(hidden_pile(g2, loc)) | reserved
                        done = self.settle_free(new, g2, f, spec, keep)
                        if done is None:
                            continue
                        pos.g, pos.free, pos.loose, pos.past = g2, new.free, new.loose, new.past
                        return serial, tuple(events) + done
        return None


SINCE_SHOWN = True
"""Ruling 980: :meth:`PileExchanges.settle_since` narrows what the draw may be given by the
hands shown by Outrage it was in at any of its times (ruling 750) itself. It had it only
from :meth:`PileExchanges.settle_free`; :meth:`PileExchanges.settle_first` asks a draw that
its first round found nothing for of ``settle_since`` alone (speed only), with the need as
the line wrote it, not narrowed: a cycle through the later piles gave Alliance seed 1007's
supporter that stayed when the mouse base was removed at line 42 (neither a mouse nor a
bird, ruling 781's bar) the mouse the Alliance spends at line 48, a course then dropped
(``breaks_shown``), and with it every course on from line 46."""


@cache
def allowed_ids(spec: CardSpec) -> frozenset[int]:
    """The cards of the deck ``spec`` allows (:meth:`CardSpec.matches`), worked out once
    per spec (:func:`reaches`)."""
    return frozenset(c.id for c in DECK if spec.matches(c.id))


DOMINANCE = frozenset(c.id for c in DECK if c.kind == "dominance")
"""The dominance cards (never a card spent unseen, :func:`reaches`)."""


def reaches(
    members: list[tuple[int, CardSpec | None]], f: int, spec: CardSpec, longest: int
) -> bool:
    """Whether :meth:`PileExchanges.cycle` finds a path for the unnamed draw ``f`` among
    ``members``: its breadth-first search with each level's paths told apart only by what
    their last place still needs (the search's paths that end alike go on alike: a place
    a path may take next depends only on that need and the places seen before the level),
    so a search that finds nothing costs a few set operations, not a pass over the members
    per path. Speed only (seed 3629: most searches find nothing); the same answer as the
    search."""
    takes_f = f not in DOMINANCE
    ends: set[int] = set()
    goes_on: dict[int, list[CardSpec]] = {}
    for y, wrote in members:
        if wrote is None or (takes_f and wrote.matches(f)):
            ends.add(y)
        else:
            goes_on.setdefault(y, []).append(wrote)
    if not ends:
        return False  # no place takes ``f``: no path ends
    places = ends | goes_on.keys()
    seen = {f}
    needs: set[tuple[CardSpec, bool]] = {(spec, True)}
    for _ in range(longest - 1):
        nxt: set[tuple[CardSpec, bool]] = set()
        reached: set[int] = set()
        for need, first in needs:
            fit = (places & allowed_ids(need)) - seen
            if not first:
                fit -= DOMINANCE
            if fit & ends:
                return True
            for y in fit:
                nxt.update((w, w is spec) for w in goes_on[y])
            reached |= fit
        if not nxt:
            return False
        seen |= reached
        needs = nxt
    return False


DISCARD_TAKEN = True
"""Whether a card the line names taken from the discard pile that the pile lacks may have
been a card spent there by its suit (:meth:`PileExchanges.taken_from_discard`, ruling
760)."""


EARLIER_TAKEN = True
"""Whether a card the Day Labor takes from the discard pile may be one spent there by its
suit in an earlier pile's time (:meth:`PileExchanges.taken_from_discard`, ruling 791)."""


DECREE_TAKEN = True
"""Whether a card named taken from the discard pile that the Decree holds as a card added by
its suit may exchange places with a card of the discard pile spent by its suit in the same
pile's time (:meth:`PileExchanges.decree_taken`, ruling 141)."""


BIRDSONG_TAKEN = True
"""Whether the card the line's next movement takes from the discard pile is sought there
before a decision offers it (:meth:`PileExchanges.taken_from_discard`, ruling 795)."""


SHUFFLED_IN_DRAWN = True
"""Whether a draw the record names whose card the present pile lacks may take it from an
earlier pile's time, shuffled in as a card spent by its suit
(:meth:`PileExchanges.drawn_shuffled_in`, ruling 792)."""


HELD_ACROSS_DRAWN = True
"""Whether a draw the record names whose card the present pile lacks, an unnamed draw of
an earlier pile's time, may take it by an exchange for the whole game with an unnamed draw
of the present pile's time (:meth:`PileExchanges.drawn_held_across`, ruling 841)."""


SPENT_ACROSS_DRAWN = False
"""Whether a draw the record names whose card the present pile lacks, an unnamed draw of
an earlier pile's time spent by its suit after that pile was shuffled, may take it by an
exchange from that pile's time on with an unnamed draw of the present pile's time drawn
from that pile too (:meth:`PileExchanges.drawn_spent_across`, ruling 997). Off until the
Alliance's whole games are measured with it (its test turns it on)."""


HELD_ACROSS_FIXED = True
"""Whether that exchange (ruling 841) knows the cards the record has named so far
(``Pos.fixed``): neither card exchanged for the whole game may be one the record named at
any time, or a named draw of that card keeps it while the exchange gives it to another
draw of the same pile's time, and the final replay's shuffle finds the card twice (seed
1002 of the four factions, line 131). Ruling 983."""


OWN_KEPT = True
"""Whether :meth:`PileExchanges.settle_first` gives a card crafted by its item only to a
draw of an earlier pile's time whose own card the record next names leaving its hand only
after the hand's draws of the present pile (:meth:`PileExchanges.own_named_later`, ruling
685)."""
