"""Card identities during an import, the draws the record names: which card a named draw
takes and where the next named draws lie.

The record cannot know the draw pile's order, so the importer may put the cards the record
names as the next draws on top of the pile (:meth:`NamedDraws.arrange`); a draw the record
names takes the card named from wherever the pile's order could have put it
(:meth:`NamedDraws.settle_draw`: the pile itself, a card another hand drew in the same
step or an earlier unnamed draw of the same pile's time, or a later step's draw from that
pile, ruling 446); and Stand and Deliver!, Steal and Swap Meet take the card the record
names (:meth:`NamedDraws.pick_options`). The exchanges that give a hand a card it lacks
are :class:`identity.CardIdentity`, which builds on this class.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ...cards import DECK
from .atoms import Line
from .cards import CardSpec
from .exchanges import rename_later, set_beside, swap_cards
from .factions import Loc, hidden_place
from .search import Pos
from .shown import Shown, shown_allows
from .steps import AT_DECK, AT_DISCARD, Step

__all__ = ["NamedDraws", "drawable"]

PRESENT_ONLY = True
"""Whether only an unnamed draw of the present pile's time counts as a card a named draw
may take (:func:`drawable`, ruling 624)."""


def drawable(pos: Pos, c: int) -> bool:
    """Whether a draw the record names may take the card ``c`` from an unnamed draw: one of
    the present draw pile's time, as ``NamedDraws.settle_draw`` takes it (a card drawn from
    the pile of an earlier time is not in this pile). Rulings 572, 581 and 630 look for the
    card elsewhere when none is (ruling 624: an unnamed draw of any time was counted)."""
    return c in pos.free and (pos.free[c][1] == pos.epoch or not PRESENT_ONLY)


FIRST_DRAW_FIRST = True
"""Whether a draw the record names whose card the present pile lacks is given the first
open draw's card from a cycle of places of the pile's time
(``CardIdentity.settle_draw_cycle`` with ``first``), before it is taken as a later draw's
(ruling 793)."""


def first_draw(ln: Line, idx: list[int]) -> list[int]:
    """Of the open draws ``idx`` of line ``ln`` into one place, those of the first action
    (``R#cob+M#mouseinasack->V``: the cards of one draw)."""
    now = ln.atoms[idx[0]].action
    return [k for k in idx if ln.atoms[k].action == now]


class NamedDraws:
    """The named draws of the importer (mixed into ``importer.Importer`` through
    :class:`identity.CardIdentity`)."""

    lines: list[Line]
    factions: list[str]
    order: list[int]
    rank_of: dict[int, int]
    drawn_as: dict[int, int]
    """In the step being matched (``Matching.match``), a card of a later step's atoms ->
    the card the later steps' snapshots show in its place, when a named draw was exchanged
    with a later step's draw (:meth:`_settle_in`)."""
    shown_now: Shown = MappingProxyType({})
    """``Pos.shown`` of the candidate being matched (``Matching.match``): an earlier unnamed
    draw is not given a card a hand it was in was shown to lack (ruling 750)."""
    fixed_now: frozenset[int] = frozenset()
    """``Pos.fixed`` of the candidate being matched (``Matching.match``): the cards the
    record has named, which an exchange for the whole game never moves (ruling 983)."""

    def settle_draw(
        self, line: int, left: list[int], g2: Any, st: Step, cid: int, dst: Loc,
        from_deck: bool, atoms_by_step: list[list[tuple[Any, ...]]], si: int,
        free: dict[int, tuple[int, int]] | None = None, epoch: int = 0,
        renames: list[tuple[Any, ...]] | None = None, later: bool | None = None,
    ) -> tuple[int, bool, int] | None:
        """Match an engine draw with the next recorded draw into that hand (or face-down
        board pile, ``dst``). When the record names another card still hidden in the same
        draw pile, the two are swapped: the order of a draw pile is unknown to the record.
        Returns (card, named, action index). ``later``: False, the first open draw only;
        True, the later ones only (:func:`first_draw`); None, both, in that order."""
        ln = self.lines[line]
        idx = [k for k in ln.by_key.get(("card", (("deck",), dst)), []) if left[k]]
        if not idx:
            return None
        # The draw is the line's first open draw into that place, unless that draw cannot
        # be it (ruling 418): of the cards of that draw, first one it names as the engine's
        # card (the record's order of one draw's cards is not the pile's), then one it does
        # not name, then one it names still in the pile (swapped); only then a later draw.
        here = first_draw(ln, idx)
        got = None
        if not later:
            got = self._settle_in(ln, left, g2, st, cid, dst, from_deck, atoms_by_step, si,
                                  here, free, epoch, renames)
        if got is None and later is not False:
            got = self._settle_in(ln, left, g2, st, cid, dst, from_deck, atoms_by_step, si,
                                  [k for k in idx if k not in here], free, epoch, renames)
        return got

    def _settle_in(
        self, ln: Line, left: list[int], g2: Any, st: Step, cid: int, dst: Loc,
        from_deck: bool, atoms_by_step: list[list[tuple[Any, ...]]], si: int, idx: list[int],
        free: dict[int, tuple[int, int]] | None, epoch: int,
        renames: list[tuple[Any, ...]] | None,
    ) -> tuple[int, bool, int] | None:
        """:meth:`settle_draw` within the recorded draws ``idx`` (open, in the record's
        order): a draw naming ``cid``, else the first if it names nothing, else a draw whose
        card is still hidden in the same pile (the two swapped)."""
        for k in idx:
            at = ln.atoms[k]
            if at.spec is not None and at.spec.named and at.spec.matches(cid):
                left[k] -= 1
                return cid, True, at.action
        if idx and not (ln.atoms[idx[0]].spec or CardSpec()).named:
            left[idx[0]] -= 1
            return cid, False, ln.atoms[idx[0]].action
        before = st.before.cards

        def came(y: int) -> bool:
            # From the draw pile; after a reshuffle, from the pile shuffled: the discard
            # pile, and what the step discarded from a faction board (a base's supporters).
            was = before.get(y)
            if from_deck:
                return was == AT_DECK
            return was is not None and (was == AT_DISCARD or was[0] in ("board", "decree"))

        # The card named is still in the draw pile, or was drawn in the same step by
        # another hand (the two were drawn the other way round).
        drawn_too = [c for c, loc in st.after.cards.items() if loc != dst
                     and hidden_place(self.factions, loc) and loc != before.get(c) and came(c)]
        # Or drawn from the same pile by a later step of the same path (the Eyrie's Evening
        # draw after the Alliance's Outrage draw from a pile shuffled in this step): the two
        # were drawn the other way round (ruling 446). A card of this pile is next drawn
        # from it, whatever shuffles follow.
        drawn_too += [y for atoms in atoms_by_step[si + 1 :] for a in atoms
                      if a[0] == "card" and a[1][0] == AT_DECK and (y := int(a[2])) != cid
                      and y not in drawn_too and came(y)]
        # Or a card drawn unnamed from the same pile earlier (into another hand, or dealt
        # face down beside the Black Market): the two draws were the other way round.
        earlier = [y for y, (_serial, e) in (free or {}).items()
                   if e == epoch and y != cid and y not in drawn_too]
        for k in idx:
            at = ln.atoms[k]
            spec = at.spec
            assert spec is not None
            for y in list(reversed(g2.deck)) + drawn_too + earlier:
                if y in earlier and free is not None and \
                        not shown_allows(self.shown_now, free[y][0], cid):
                    continue  # that draw was in a hand shown by Outrage (ruling 750)
                if (came(y) or y in earlier) and spec.matches(y):
                    left[k] -= 1
                    swap_cards(g2, cid, y)
                    set_beside(g2, [cid, y])  # a dominance card's place (ruling 785)
                    m = self.drawn_as
                    m[cid], m[y] = m.get(y, y), m.get(cid, cid)
                    if free is not None and renames is not None and (
                            y in earlier or SAME_STEP_RENAMED
                            and free.get(y, (0, -1))[1] == epoch):
                        # The other draw, unnamed, is this pile's (an earlier step's, or
                        # this step's into another hand, ruling 984): it takes cid.
                        free[cid] = info = free.pop(y)
                        renames.append(("rename", info[0], cid))
                    rename_later(atoms_by_step[si:], {cid: y, y: cid})
                    return int(y), True, at.action
        return None

    def note_drawn_as(self, renamed: dict[int, int]) -> None:
        """The later atoms of the step renamed by ``renamed`` (old card -> new card, as
        :func:`exchanges.rename_later`): each new name stands for the card the step's
        snapshots show where the old name was (``drawn_as``), so that a later draw of the
        step is looked up where its card really was before the step (the draw pile, or
        the discard pile shuffled into a new pile). Ruling 610: a draw cycle of ruling 410
        (``settle_draw_cycle``) renames them as a swap of two draws does."""
        m = self.drawn_as
        was = {new: m.get(old, old) for old, new in renamed.items()}
        m.update(was)

    def arrange(self, pos: Pos, lookahead: int = 12) -> None:
        """Put the cards the record names as the next draws on top of the draw pile, in
        order (the record cannot know the pile's order, so any order is as good)."""
        if pos.line is None:
            return
        want: list[CardSpec] = []
        start = self.rank_of[pos.line]
        for line in self.order[start:]:
            ln = self.lines[line]
            left = pos.left.get(line)
            for k, at in enumerate(ln.atoms):
                if at.kind != "card" or at.key[0] != ("deck",):
                    continue
                if left is not None and not left[k]:
                    continue
                assert at.spec is not None
                want.append(at.spec)
            if len(want) >= lookahead:
                break
        deck = pos.g.deck
        chosen: list[int] = []
        for spec in want[:lookahead]:
            if not spec.named:
                break
            c = next((x for x in reversed(deck) if x not in chosen and spec.matches(x)), None)
            if c is None and spec.keys is not None and all(
                    k.startswith("dominance") for k in spec.keys):
                continue  # a dominance card taken from beside the board (3.3.3)
            if c is None:
                break
            chosen.append(c)
        if chosen:
            rest = [x for x in deck if x not in chosen]
            deck[:] = rest + chosen[::-1]

    def pick_options(self, pos: Pos, g: Any, a: tuple[Any, ...]) -> list[int | None]:
        """Stand and Deliver!, Steal and Swap Meet take a random card: the cards the record
        may name."""
        if pos.line is None:
            return []
        victim = int(a[1])
        seat = g.stack[-1].seat
        ln = self.lines[pos.line]
        left = pos.left[pos.line]
        for k in ln.by_key.get(("card", (("hand", victim), ("hand", seat))), []):
            spec = ln.atoms[k].spec
            if left[k] and spec is not None and spec.named:
                out: list[int | None] = []
                keys: set[str] = set()
                for i, cid in enumerate(g.seats[victim].hand):
                    if spec.matches(cid) and DECK[cid].key not in keys:
                        keys.add(DECK[cid].key)
                        out.append(i)
                return out
        return []



SAME_STEP_RENAMED = True
"""Whether a named draw that takes the card of an unnamed draw the same step made into
another hand (the two drawn the other way round, :meth:`NamedDraws._settle_in`) gives that draw
its own card by name too (a ``rename`` event, as for an earlier step's unnamed draw), so
that the final replay's shuffle holds the card each draw finally was, not the card twice
(seed 1002 of the four factions, line 149). Ruling 984."""
