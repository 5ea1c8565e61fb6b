"""The course so far as the solve sees it (``solve.py``, ruling 442): its slots, each one
time of a card the record did not name, and where each one's card went (held, spent and not
shuffled, shuffled into a later pile); the course with a spending taken otherwise
(:meth:`Course.respent`, rulings 450, 490, 520) or two the other way round
(:meth:`Course.swapped`, ruling 468); what the record wrote of a slot allows
(:func:`allows`). The model is described in ``solve.py``'s docstring."""

from __future__ import annotations

import copy

from ...cards import DECK
from .cards import CardSpec
from .search import Pos
from .shown import shown_allows

SHOWN_SOLVED = True
"""Ruling 820: the solve keeps to the hands shown by Outrage (``Pos.shown``, ruling 750):
a slot whose draw was in a hand shown allows no card of the suits it was shown to lack.
Without it the solve could give such a draw a bird, a course then dropped
(``shown.breaks_shown``)."""

Before = tuple[frozenset[int], frozenset[int]]
"""The cards a hand held before a card it spent: the serials of its unnamed draws, the
cards named."""

HELD = -1
"""A slot whose card is still held (an unnamed draw in a hand)."""
LATER = -2
"""A slot whose card is spent and not shuffled since (the discard pile, the Decree)."""


class Course:
    """The slots of the course so far and where each one's card went."""

    def __init__(self, pos: Pos, named: dict[int, list[tuple[int, int]]]) -> None:
        g = pos.g
        self.present = pos.epoch
        self.slots: list[tuple[int, int, CardSpec | None]] = []
        """Each slot: (serial, epoch, what the record wrote: None for nothing)."""
        self.card: list[int] = []
        """The card each slot has now."""
        self.exit: list[int] = []
        """Where each slot's card went: the epoch of the pile it was shuffled into, or
        ``HELD``, or ``LATER``."""
        self.named: set[int] = set()
        """The slots of the times the record named their card (ruling 465): each keeps
        its card."""
        self.kept: dict[int, int] = {}
        """The card a named time's slot keeps where it is not the slot's present card: a
        naming taken to have been another draw of the hand (``otherwise.renamings``, ruling 520)."""
        self.held_slot: dict[int, int] = {}
        """The slot of each unnamed draw still held, by its card."""
        self.shown = pos.shown if SHOWN_SOLVED else {}
        """Draw serial -> the suits a hand shown by Outrage says its card is not (ruling
        820)."""
        deck = set(g.deck)
        self.cards: set[int] = set()
        for c in {*pos.free, *pos.loose, *pos.past}:
            if c in pos.fixed and c not in named:
                continue  # named at every time the course knows of
            self.cards.add(c)
            ts: list[tuple[int, int, CardSpec | None, bool]] = [
                (*t, False) for t in pos.past.get(c, ())]
            if c in pos.loose:
                ts.append((*pos.loose[c], False))
            if c in pos.free:
                ts.append((*pos.free[c], None, False))
            if c in pos.fixed:
                # A card the record named at other times (ruling 465).
                mine = {t[0] for t in ts}
                ts += [(s, e, None, True) for s, e in named.get(c, ()) if s not in mine]
            ts.sort(key=lambda t: t[1])
            for k, (serial, epoch, wrote, is_named) in enumerate(ts):
                if is_named:
                    self.named.add(len(self.slots))
                elif c in pos.free and k + 1 == len(ts):
                    self.held_slot[c] = len(self.slots)
                self.slots.append((serial, epoch, wrote))
                self.card.append(c)
                if k + 1 < len(ts):
                    self.exit.append(ts[k + 1][1])
                elif c in pos.free and not is_named:
                    self.exit.append(HELD)
                elif c in deck:
                    self.exit.append(self.present)
                else:
                    self.exit.append(LATER)
        # The cards never named that still lie in the first pile (before its first
        # shuffle): they are its pool too.
        if self.present == 0:
            self.cards |= {c for c in deck if c not in pos.fixed}
        self.deck_unnamed = [c for c in g.deck if c in self.cards]
        self.where = list(self.card)
        """The card that lies now where each slot's card went (held or spent and not
        shuffled): the slot's own, but for a spending taken to be another card's."""
        self._ok: list[frozenset[int]] | None = None
        self.first: tuple[int, int] | None = None
        """A chain's first spending taken otherwise (``otherwise.chained``, ruling 490), or
        the first of two taken otherwise at once (``otherwise.paired``, ruling 675)."""
        self.first_before: Before | None = None
        """The cards the hand held before the first spending's card where that card stays
        held (``otherwise.paired``, ruling 675): it keeps its place among them."""

    @property
    def every(self) -> set[int]:
        """Every card a slot may have."""
        return self.cards | set(self.card)

    def allowed(self) -> list[frozenset[int]]:
        """The cards each slot allows (what the record wrote of it, and of a draw in a
        hand shown by Outrage no card of the suits shown lacking, ruling 820; a named
        time's card only), computed once."""
        if self._ok is None:
            self._ok = [frozenset((self.kept.get(i, self.card[i]),)) if i in self.named else
                        self.fitting(i, self.slots[i][2]) for i in range(len(self.slots))]
        return self._ok

    def fitting(self, i: int, spec: CardSpec | None) -> frozenset[int]:
        """The cards slot ``i`` allows where ``spec`` is what is written of it (the
        record's, or a need of the line it is bound to): of a draw in a hand shown by
        Outrage, none of the suits shown lacking (ruling 820)."""
        serial = self.slots[i][0]
        return frozenset(c for c in self.every if allows(spec, c)
                         and shown_allows(self.shown, serial, c))

    def slot_kind(self, i: int) -> tuple[int, frozenset[str]]:
        """Slot ``i``'s pile's time and the suits a hand shown by Outrage says its card is
        not (ruling 820): two held draws of one kind are one course for the solve, a
        renaming gives either the other's card; a draw shown and one drawn after are not
        (``otherwise.one_of_each_time``)."""
        serial, epoch, _ = self.slots[i]
        return epoch, self.shown.get(serial, frozenset())

    def respent(self, i: int, j: int) -> Course:
        """This course with the spending of slot ``i`` (a card spent by its suit only) taken
        to have spent the card of slot ``j`` instead, an unnamed draw the hand held then and
        holds still: ``i``'s card is held, ``j``'s went where ``i``'s did, with what the
        record wrote of it (ruling 450). ``j`` may be a slot this course already takes to
        be held in the stead of a held draw (a chain, ruling 490): the card the hand holds
        there is then ``i``'s. ``i`` may be a named time's slot, a card named as it left
        the hand: ``j``'s time is then the named one, keeping the card (ruling 520)."""
        other = copy.copy(self)
        other.slots, other.exit, other.where = list(self.slots), list(self.exit), \
            list(self.where)
        other._ok = None
        (si, ei, wrote), (sj, ej, own) = self.slots[i], self.slots[j]
        other.slots[i], other.slots[j] = (si, ei, None), (sj, ej, wrote or own)
        other.exit[i], other.exit[j] = HELD, self.exit[i]
        other.where[i], other.where[j] = self.where[j], self.where[i]
        other.held_slot = {c: i if k == j else k for c, k in self.held_slot.items()}
        if self.exit[j] != HELD:
            # A card written by its suit that the place holds still (ruling 985): the
            # card lying there is now slot i's, held.
            other.held_slot[self.where[j]] = i
        if i in self.named:
            # A card named as it left the hand, taken to have been the draw ``j``: ``j``'s
            # time is the named one now, ``i``'s an unnamed draw held (ruling 520).
            other.named = (self.named - {i}) | {j}
            other.kept = {**self.kept, j: self.kept.get(i, self.card[i])}
        return other

    def swapped(self, i: int, j: int) -> Course:
        """This course with the spendings of slots ``i`` and ``j`` (two unnamed draws of
        one hand from different piles' times, each spent by its suit only while the hand
        held the other) taken the other way round: each slot has what the record wrote of
        the other's spending, and its card lies where the other's went (ruling 468)."""
        other = copy.copy(self)
        other.slots, other.where = list(self.slots), list(self.where)
        other._ok = None
        (si, ei, wi), (sj, ej, wj) = self.slots[i], self.slots[j]
        other.slots[i], other.slots[j] = (si, ei, wj), (sj, ej, wi)
        other.where[i], other.where[j] = self.where[j], self.where[i]
        return other

    def consistent(self) -> bool:
        """Whether the course's own cards satisfy the model (else the solve is not
        tried: the model does not describe this course)."""
        for e in range(self.present + 1):
            drawn = [self.card[i] for i in range(len(self.slots)) if self.slots[i][1] == e]
            if len(set(drawn)) != len(drawn):
                return False
            if e == 0:
                if self.present > 0 and set(drawn) != self.cards:
                    return False
                continue
            fed = {self.card[i] for i in range(len(self.slots)) if self.exit[i] == e}
            if not set(drawn) <= fed:
                return False
            if e < self.present and set(drawn) != fed:
                return False
        return True


def allows(spec: CardSpec | None, c: int) -> bool:
    """Whether what the record wrote of a slot allows card ``c``."""
    if spec is None:
        return True
    return spec.matches(c) and DECK[c].kind != "dominance"
