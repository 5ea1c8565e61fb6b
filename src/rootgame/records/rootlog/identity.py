"""Card identities during an import: which card an unnamed draw was.

A record names some cards (``F#tax->C``) and not others (``#->C``); the draw pile's order is
unknown to it. The importer plays with real cards, so a card drawn unnamed is a concrete
card for the engine that the record may later name otherwise; these methods give cards the
identities the record needs: the draws the record names are ``draws.py`` (named draws put on
top of the pile, a named draw taking the card named, the card Stand and Deliver! takes);
here, a named draw whose card was spent unseen earlier in its pile's time is given it along
a cycle (:meth:`settle_draw_cycle`), and a hand about to give a card it lacks takes it in
exchange for an unnamed draw (:meth:`fix_hands`, :meth:`repair`): with a card of the same
draw pile's time, along a cycle of places of that time, or with a card of another time
exchanged for the whole game (``piles.py``), or, last, along a cycle of places of that time and of
every later one their cards went through (a card spent by its suit may have been any card of
its suit: :func:`apply_cycle_since`), or a card a hand spent taken to have been another
(``respends.py``: a card spent by its suit across a reshuffle taken to have stayed in the
hand, another of its cards spent instead, or spent before the shuffle in the place of a card
of its suit shuffled in, or a card the record named into a hand taken to be the one the hand
spent by its suit; :meth:`spent_otherwise`); where none does, the identities of the whole
course are solved at once (:meth:`solve`, ``solve.py``). What the record wrote of each card
at each of its times is kept in the search state (``Pos.free``, ``Pos.loose``, ``Pos.past``,
``Pos.fixed``).
"""

from __future__ import annotations

from typing import Any

from ...cards import DECK
from . import crossed, redraws
from .alike import ALONE
from .atoms import named_from
from .bases import unlost
from .cards import CardSpec
from .draws import first_draw
from .exchanges import (
    apply_cycle,
    beside,
    brought_in,
    card_state,
    fits,
    held,
    lacks,
    loose_spec,
    named_brought_in,
    narrower,
    owner_needs_ahead,
    rename_later,
    set_beside,
    short_early,
    swap_cards,
    uncovered,
)
from .factions import Loc, hidden_pile, hidden_piles, hidden_place
from .piles import PileExchanges
from .search import Node, Pos, Slot
from .shown import unshown
from .solve import solved
from .steps import legal_now
from .swaps import mobilized_held

__all__ = ["CardIdentity", "held", "loose_spec", "narrower", "swap_cards"]


SOLVES = 1
"""How many times a line has the course's identities solved (:meth:`CardIdentity.solve`)."""

DRAWN_IN_ORDER = True
"""Ruling 990: a card the record draws by name in the line that next names it leaving a
hand is drawn again before that naming only where the draw is written before it
(:meth:`CardIdentity.drawn_before`); without it, any draw of that line was."""

RESOLVE_AFTER_JUMP = True
"""Ruling 989: where the search goes back to a decision to spend another card there
(``Importer.backjump``), the lines from that decision's line on may be solved once more
(:meth:`CardIdentity.jumped_back`); without it a line was solved once a search, whatever
course reached it."""

SHOWN_CYCLED = True
"""Ruling 786: the cycle that gives a named draw its card (:meth:`CardIdentity.settle_draw_cycle`)
keeps to the hands shown by Outrage (``Pos.shown``, ruling 750) as the other exchanges do:
its search state had none, and the cycle gave a hand shown's unnamed draw a bird (seed 1012
with the Alliance, line 21), a course then dropped (``breaks_shown``)."""

FRESH_HELD = True
"""Ruling 780: :meth:`CardIdentity.give` matches each need of a place to the cards the
place holds after the exchanges made for the needs before it (a hand's list is the live
pile; the supporters', ``held`` with the face-up cards beside them, was a copy taken
once, in which a card exchanged away still stood for the next need)."""


def dead_end(pos: Pos) -> tuple[Any, ...]:
    """What an exchange sought at ``pos`` depends on: its line, the line's movements left and
    the cards (:func:`card_state`). Where one found nothing, another at a like dead end
    finds nothing either (ruling 437: :meth:`CardIdentity.repair`,
    :meth:`CardIdentity.fix_hands`)."""
    assert pos.line is not None
    return pos.line, tuple(pos.left[pos.line]), card_state(pos)


FOUGHT_OVER = 2
"""How many exchanges in a row at one movement of a line before the whole-course solve
takes over from them (:func:`fought_over`, ruling 469)."""


def fought_over(node: Node) -> bool:
    """Whether ``node`` and the ``FOUGHT_OVER`` nodes before it were made by exchanges at
    the same movement of the same line (no decision between them): the exchanges are taking
    back and forth what one unnamed draw of a hand is, each meeting one of the line's needs
    by undoing another's (a hand that lacks a bird and a rabbit, with one draw that could be
    either, and the other card a draw of an older pile). Ruling 469."""
    line = node.pos.line
    if line is None:
        return False
    n = node
    for _ in range(FOUGHT_OVER):
        p = n.parent
        if p is None or n.tokens or p.pos.line != line or \
                p.pos.left[line] != node.pos.left[line]:
            return False
        n = p
    return True


DOMINANCE_COMING = True
"""Ruling 981: a dominance card the line still takes into a hand (``M#dom->C``) leaves in
:meth:`CardIdentity.needs_held` only the needs naming it (``M#domC->``): it is never spent
by its suit (:func:`spent_by_suit`), so the hand must hold now the cards the line then
spends by suit (``M#C->``; Alliance seed 1021, line 53)."""


def spent_by_suit(spec: CardSpec) -> bool:
    """Whether a card the line moves into a hand by name (``spec``) may be one it spends
    by its suit only (ruling 540's ``last``): not a dominance card, which is never spent
    by its suit only; the card spent to take it from beside the board is another (Law
    3.3.3; ruling 771)."""
    return spec.keys is None or not all(k.startswith("dominance") for k in spec.keys)


class CardIdentity(PileExchanges):
    """The card-identity part of the importer (mixed into ``importer.Importer``): the
    exchanges, on those of a draw pile's time of :class:`piles.PileExchanges`, the
    spendings taken otherwise of :class:`respends.SpentOtherwise` and the named draws of
    :class:`draws.NamedDraws`."""

    named_at: dict[str, list[tuple[int, int]]]
    drawn_at: dict[str, list[int]]
    crafted_at: dict[str, list[tuple[int, int, Loc | None]]]
    alike_crafted: bool = True
    """Whether a craft written by its item only (``Z%t``) counts, for :meth:`spend_order`,
    as a later naming of each card alike to it (ruling 840)."""
    unrepaired: set[tuple[Any, ...]]
    """The dead ends where :meth:`repair` found no exchange, by line, movements left and
    :func:`card_state`."""
    unfixed: set[tuple[Any, ...]]
    """The same for :meth:`fix_hands`: where it gave no hand a card."""
    keep_named: bool = False
    """The order of the exchanges of the search started again (``Importer.restart``,
    ruling 436): an unnamed draw is given a card another hand's unnamed draw of its time
    holds (:meth:`donor`) that the record names later only when no cycle of that time
    leaves that draw as it is (:meth:`settle_free`)."""
    turns_at: dict[int, Node]
    """The nodes whose expansion gave an unnamed draw a card by :meth:`donor` where the
    other order (``keep_named``) would have found a cycle instead, by ``id``."""
    expanding: Node | None
    """The node being expanded (``Importer.run``)."""
    solving: bool = True
    """Whether a line that lacks a card no exchange gives has the course's identities
    solved (``solve.py``, ruling 442)."""
    paired: bool = False
    """Whether the solve tries, last of all, two spendings by suit taken otherwise at once
    (``solve._paired``, ruling 675): the fourth search's, where the first three give up
    (``searches.searched_again``)."""
    solving_suits: bool = True
    """Whether the Eyrie's hand, at a decision to add to the Decree after one of the line's
    Decree cards, lacking a card for those the line adds next by their suits only, has the
    course's identities solved then (``fix_named``, ``decree_lacking``, ruling 451)."""
    solved_at: dict[int, int]
    """How many times the identities were solved at each line (``solve``)."""
    brought_spent: bool = True
    """Whether a card the line spends by its suit only from a hand after it takes into
    that hand by name a card of that suit (``B#crossbowE->C/.../B#C->``), with no card
    the line does not name going into the hand between, is met by that card, as a craft
    alike to it is (ruling 467): the card the hand holds for it is not kept from another
    hand's need (:meth:`needs_brought`, ruling 540)."""

    named_over_alike: bool = True
    """Whether a craft written by name crafts a card the record named into the hand before
    an unnamed draw of that hand alike to it even when the record names a card of that name
    leaving a hand later (:meth:`alike_draw_held`, ruling 560)."""

    def later_names(self, key: str, line: int, left: list[int] | None) -> list[int]:
        """The ranks of the lines from ``line`` on that name a card of ``key`` leaving a
        hand; of ``line`` itself only the movements still open (``left``, when given): a
        card the line already gave (``R#rootteaE->A``) is not named again."""
        return [r for r, _k in self.later_namings(key, line, left)]

    def later_namings(
        self, key: str, line: int, left: list[int] | None
    ) -> list[tuple[int, int]]:
        """:meth:`later_names` with each naming's atom: (rank of its line, atom index)."""
        here = self.rank_of[line]
        return [(r, k) for r, k in self.named_at.get(key, ())
                if r > here or (r == here and (left is None or left[k]))]

    def drawn_after(self, key: str, here: int) -> list[int]:
        """The ranks of the lines after rank ``here`` that draw a card of ``key`` by name."""
        return [r for r in self.drawn_at.get(key, ()) if r > here]

    def spend_cost(
        self, key: str, line: int, left: list[int] | None = None, src: Loc | None = None
    ) -> int:
        """A tie-breaker when the record does not say which card leaves a hand (a suit, an
        item): better spend a card the record never names again, else the one it names
        latest (another card of the same kind may be needed sooner). A card that must
        leave the hand before it is next named costs nothing: one drawn again before, or
        one named next leaving another place than ``src``, the hand spending now
        (:meth:`named_elsewhere`, ruling 495)."""
        here = self.rank_of[line]
        later = self.later_namings(key, line, left)
        drawn = self.drawn_after(key, here)
        if later and drawn and self.drawn_before(key, drawn[0], later[0]):
            return 0  # drawn again before it is next spent: it leaves the hand before
        if later and src is not None and self.named_elsewhere(key, later[0], src):
            return 0  # next named leaving another hand: it leaves this hand before
        return 0 if not later else 10**6 - later[0][0]

    def drawn_before(self, key: str, drawn: int, naming: tuple[int, int]) -> bool:
        """Whether the record's draw by name of a card of ``key`` in the line of rank
        ``drawn`` comes before its ``naming`` (the rank of a line, an atom): a line after
        the naming's does not; in the naming's own line, only a draw written before it
        (2.1, 3.3.3; ruling 990, switch ``DRAWN_IN_ORDER``). A dominance card taken by name
        (``B#dom->A``, written as a draw, ruling 960) after it is spent to take another in
        the same line (``M#dom->A/B#domA->/B#dom->A``) is held until that spending: seed
        1012 with the Alliance, line 38, mobilized the bird dominance card it holds by name
        for line 42's spending, taken as drawn again first."""
        if drawn != naming[0] or not DRAWN_IN_ORDER:
            return drawn <= naming[0]
        atoms = self.lines[self.order[drawn]].atoms
        return any(at.kind == "card" and at.key[0] in (("deck",), ("discard",))
                   and at.spec is not None and at.spec.keys == frozenset((key,))
                   for at in atoms[: naming[1]])

    def spend_order(
        self, key: str, line: int, left: list[int] | None, src: Loc | None, hand: Loc | None,
        unnamed: bool = False,
    ) -> int:
        """:meth:`spend_cost` for the search's order of the cards a spending by suit (or
        as one of alike items) from ``hand`` may take (``src`` as there: None for an
        unnamed draw), a craft from it written by its item only that a card of ``key`` may
        make counting as a later naming of a card the hand holds by its name (``Z%t``: any
        Root Tea; the craft being matched excepted). Ruling 840: such a craft needs one of
        those cards: the Marquise of seed 1003 (with the Vagabond) took the rabbit Root Tea
        by name from the Vagabond (``R#rootteaV->C``), spent it as one of four rabbits by
        suit (``R#C->``, never named again) and crafted as ``Z%t`` the fox Root Tea, the
        Vagabond's unnamed draw, which his ``F#rootteaV->C`` then lacked. A craft of
        another hand does not count (it took seed 1001 with the four factions down another
        course), nor does an unnamed draw (``unnamed``, or ``src`` None: its identity may
        still change; counted, it changed the courses of many seeds the tests pin)."""
        cost = self.spend_cost(key, line, left, src)
        if not self.alike_crafted or cost or src is None or unnamed:
            return cost
        here = self.rank_of[line]
        crafted = [r for r, k, by in self.crafted_at.get(key, ()) if by == hand and (
            r > here or (r == here and (left is None or left[k])))]
        drawn = self.drawn_after(key, here)
        if not crafted or (drawn and drawn[0] <= crafted[0]):
            return 0
        return 10**6 - crafted[0]

    def named_elsewhere(self, key: str, naming: tuple[int, int], src: Loc) -> bool:
        """Whether the card of ``key``, one with no copy in the deck, is named at
        ``naming`` (the rank of a line, an atom) leaving a place other than ``src`` (the
        Crossbow taken by name from the Eyrie, ``B#crossbowE->C``, while the Marquise
        spends a bird by its suit): held in ``src``, it must leave it before, unseen (a
        discard by its suit). Ruling 495."""
        at = self.lines[self.order[naming[0]]].atoms[naming[1]]
        return key in ALONE and named_from(at.kind, at.key) not in (src, None)

    def unnamed_spent(self, pos: Pos, card: int, line: int, left: list[int]) -> int:
        """A tie-breaker after :meth:`redrawn_at` among the cards a craft may spend (written
        by its item only, ``Z%b``): 0 for a card the record has named and names leaving a
        hand no more (:meth:`spend_cost`), tried first; 1 for another, an unnamed draw above
        all, whose identity is left open in the hand. Ruling 463. A craft written by name
        (``Zarmor``) is not a later naming of the card it takes: of a card the record
        named into the hand and an unnamed draw alike to it, the named one is crafted
        first too (ruling 485), even when the record names that card later (ruling 560)."""
        if card not in pos.fixed:
            return 1
        key = DECK[card].key
        taken = self.crafting(key, line, left)
        if self.named_over_alike and taken != left and self.alike_draw_held(pos, card):
            return 0
        return int(bool(self.spend_cost(key, line, taken)))

    def alike_draw_held(self, pos: Pos, card: int) -> bool:
        """Whether the hand holding ``card``, a card the record named, holds an unnamed
        draw alike to it (the same name): crafting the named card by its name leaves that
        draw in the hand, its identity still open, where crafting the draw would settle it
        and keep the named card; the hand is left the same card either way (ruling 560)."""
        for _loc, pile in hidden_piles(pos.g):
            if card in pile:
                return any(c != card and c in pos.free and DECK[c].key == DECK[card].key
                           for c in pile)
        return False

    def crafting(self, key: str, line: int, left: list[int]) -> list[int]:
        """``left`` with the first open craft of ``line`` that names a card of ``key``
        taken up: the craft being matched is not a later naming (ruling 485)."""
        for k, at in enumerate(self.lines[line].atoms):
            if left[k] and at.kind == "craft" and at.spec is not None \
                    and at.spec.keys == frozenset((key,)):
                return [*left[:k], left[k] - 1, *left[k + 1:]]
        return left

    def redrawn_at(self, key: str, line: int, left: list[int] | None = None) -> int:
        """The rank of the next line that draws a card of ``key`` from a pile again before
        any names it leaving a hand (the card has left its hand by then), else one past the
        record. Of cards the record does not tell apart as they leave a hand (two Root
        Teas crafted as a tea, 'Z%t'), the one drawn again soonest is spent first."""
        here = self.rank_of[line]
        later = self.later_names(key, line, left)
        drawn = self.drawn_after(key, here)
        if drawn and (not later or drawn[0] <= later[0]):
            return drawn[0]
        return len(self.order)

    def settle_draw_cycle(
        self, line: int, left: dict[int, list[int]], g2: Any, cid: int, dst: Loc,
        atoms_by_step: list[list[tuple[Any, ...]]], si: int, free: dict[int, tuple[int, int]],
        loose: dict[int, Slot], past: dict[int, tuple[Slot, ...]], epoch: int, serial: int,
        renames: list[tuple[Any, ...]], shuffled: bool = False, first: bool = False,
    ) -> tuple[int, bool, int] | None:
        """A named draw whose card is neither in the draw pile nor an unnamed draw of
        another hand (:meth:`settle_draw`): the card was dealt or drawn unnamed earlier in
        the same draw pile's time and spent by its suit (a starting card added to the
        Decree as ``B#E->$_b``). The draw ``cid`` is taken as an unnamed draw given the
        card named along the shortest cycle of places of that time (:meth:`cycle`): the
        card named comes into the hand, its place (the Decree) takes another card that what
        was written of it allows, and so on to a place that takes ``cid`` (the draw pile).
        Changes the draw pile's cards, ``free``, ``loose`` and later atoms of the step;
        returns (card, named, action index), or None when no cycle gives the card. A draw
        the step ``shuffled`` after (the old pile's last cards): ``g2``'s draw pile is the new
        pile then, whose cards (the record's named discards among them) are no places of the
        old pile's time. ``first``: the line's first open draw into ``dst`` only, tried
        before the card drawn is taken as a later draw's (ruling 793)."""
        ln = self.lines[line]
        lf = left[line]
        idx = [k for k in ln.by_key.get(("card", (("deck",), dst)), []) if lf[k]]
        for k in first_draw(ln, idx) if first and idx else idx:
            spec = ln.atoms[k].spec
            if spec is None or not spec.named:
                continue
            pos = Pos(g2, [], None, line, 0, left, free, epoch + shuffled, False, loose, past,
                      shown=dict(self.shown_now) if SHOWN_CYCLED else {})  # ruling 786
            free[cid] = (serial, epoch)
            keep = set(hidden_pile(g2, dst)) | self.reserved(pos, self.needs(pos))
            path = self.cycle(pos, g2, cid, spec, keep)
            if path is None:
                del free[cid]
                continue
            events = apply_cycle(pos, g2, path, epoch)
            y = path[1]
            set_beside(g2, path)  # a dominance card's place (ruling 785)
            del free[y]  # named: no longer an unnamed draw
            renames.extend(e for e in events if e[1] != serial)
            cycled = dict(zip(path, path[1:] + path[:1], strict=True))
            rename_later(atoms_by_step[si:], cycled)
            self.note_drawn_as(cycled)
            lf[k] -= 1
            return y, True, ln.atoms[k].action
        return None

    def needs(self, pos: Pos) -> dict[Loc, list[CardSpec]]:
        """What the current line still takes, by what it writes of each card, from each
        hidden place (a hand, the supporters)."""
        return self.needs_brought(pos)[0]

    def needs_brought(
        self, pos: Pos, held_now: bool = False,
    ) -> tuple[dict[Loc, list[CardSpec]], set[tuple[Loc, int]]]:
        """:meth:`needs`, and which of them (place, index) are crafts the record writes
        alike to a card the line first moves into that hand by its name
        (``M#codebE->C/E++/Zcodeb``, taken with Stand and Deliver!): that card may be the
        one crafted, so the hand need not hold another, and no draw of it is given the
        card for that craft (:meth:`fix_hands`, :meth:`fix_named`); a card the hand holds
        for it is still its own, though not kept from another hand (ruling 467). So is a
        card spent by its suit only that such a card's suit allows (``B#crossbowE->C``,
        then ``B#C->``: the Marquise's overwork may spend the Crossbow she takes; ruling
        540, ``brought_spent``), and one spent by that name (ruling 590).
        ``held_now``: only what the line takes from a hand before a card of the line still
        to come goes into it (:meth:`needs_held`)."""
        need: dict[Loc, list[CardSpec]] = {}
        covered: set[tuple[Loc, int]] = set()
        if pos.line is None:
            return need, covered
        left = pos.left[pos.line]
        into: dict[Loc, list[CardSpec]] = {}
        last: dict[Loc, list[CardSpec]] = {}  # named into a hand since one not named (540)
        coming: set[Loc] = set()
        dominance: dict[Loc, list[CardSpec]] = {}  # dominance cards coming (ruling 981)
        for k, at in enumerate(self.lines[pos.line].atoms):
            if held_now and left[k] and at.kind == "card":
                if at.key[0] in coming or at.spec is not None and \
                        brought_in(dominance.get(at.key[0], []), at.spec):
                    coming.add(at.key[1])
                    continue
                if DOMINANCE_COMING and at.spec is not None and not spent_by_suit(at.spec):
                    dominance.setdefault(at.key[1], []).append(at.spec)
                else:
                    coming.add(at.key[1])
            elif held_now and left[k] and at.kind in ("craft", "ambush") and \
                    ("hand", at.key) in coming:
                continue
            if at.kind == "card" and at.key[1][0] == "hand" and left[k] and (
                    at.spec is None or at.spec.keys is None):
                last.pop(at.key[1], None)  # a card not named comes in after (ruling 540)
            if not left[k] or at.spec is None or not at.spec.named:
                continue
            if at.kind == "card" and hidden_place(self.factions, at.key[0]):
                mine = need.setdefault(at.key[0], [])
                if self.brought_spent and at.spec.keys is None and at.spec.item is None \
                        and brought_in(last.get(at.key[0], []), at.spec):
                    covered.add((at.key[0], len(mine)))
                elif named_brought_in(into.get(at.key[0], []), at.spec):
                    covered.add((at.key[0], len(mine)))  # the card taken by name (590)
                mine.append(at.spec)
            elif at.kind in ("craft", "ambush"):
                loc: Loc = ("hand", at.key)
                mine = need.setdefault(loc, [])
                if at.kind == "craft" and brought_in(into.get(loc, []), at.spec):
                    covered.add((loc, len(mine)))
                mine.append(at.spec)
            if at.kind == "card" and at.key[1][0] == "hand" and at.spec.keys is not None:
                into.setdefault(at.key[1], []).append(at.spec)
                if spent_by_suit(at.spec):
                    last.setdefault(at.key[1], []).append(at.spec)
        return need, covered

    def reserved(self, pos: Pos, need: dict[Loc, list[CardSpec]]) -> set[int]:
        """The cards the hidden places hold for what the current line takes from them
        (:meth:`needs`): another hand may not take them in exchange."""
        out: set[int] = set()
        for loc, specs in need.items():
            cards, up = held(pos.g, loc), beside(pos.g, loc)
            wanted = [sp for other, sps in need.items() if other != loc for sp in sps]
            named = [sp for sp in wanted if sp.keys is not None]
            for spec in specs:
                # Of the cards that fit, the one fewest other places need; for a card
                # written by its suit only, never one another place needs by name
                # (ruling 425), nor a face-up card beside the place (ruling 821).
                fit = [x for x in cards if x not in out and fits(spec, x, up) and not (
                    spec.keys is None and any(sp.matches(x) for sp in named))]
                c = min(fit, default=None, key=lambda x: sum(sp.matches(x) for sp in wanted))
                if c is not None:
                    out.add(c)
        return out

    def repair(self, node: Node) -> Node | None:
        """No decision explains the record: first, an Outrage the line pays by showing a hand
        that holds matching unnamed draws, those given other suits (``shown.unshown``,
        ruling 752); the supporters a base's removal would discard beyond those the line
        writes, given other suits (``bases.unlost``, ruling 781). Then if the record
        needs, from a hand, a card the hand
        lacks, and the hand holds a card drawn unnamed in the same draw pile, that draw may
        have been the needed card: swap them (:meth:`exchange`). An exchange that finds
        nothing at one dead end finds nothing at another whose line, movements left and
        cards (:func:`card_state`) are the same, which courses that differ only in pieces
        reach again and again where a line fails: it is not sought again (ruling 437).
        Then a named draw's card taken back from a spending by suit of an open card, the
        card spent there instead having left the hand since by a chain of spendings (ruling
        581; one held still is ruling 572's, in :meth:`exchange`), or by two spendings of its
        hand crossed (ruling 630)."""
        pos = node.pos
        if pos.line is None:
            return None
        key = dead_end(pos)
        if key in self.unrepaired:
            return None
        found = unshown(self, node) or unlost(self, node) or self.exchange(node) or \
            redraws.respent_for_draw(self, node) or \
            crossed.crossed_for_draw(self, node)  # rulings 752, 581, 630
        if found is None:
            self.unrepaired.add(key)
        return found

    def exchange(self, node: Node) -> Node | None:
        """:meth:`repair`: the first exchange found for the first card the line needs from a
        hand that lacks it, as a node after ``node``; None when none is."""
        pos = node.pos
        assert pos.line is not None
        ln = self.lines[pos.line]
        left = pos.left[pos.line]
        g = pos.g
        for k, at in enumerate(ln.atoms):
            if not left[k] or at.spec is None or not at.spec.named:
                continue
            if at.kind == "card":
                src = at.key[0]
            elif at.kind in ("craft", "ambush"):
                src = ("hand", at.key)
            else:
                continue
            if src == ("deck",) and (back := self.drawn_back(node, at.spec)) is not None:
                return back  # a card named drawn that a hand spent by its suit (572)
            if not hidden_place(self.factions, src):
                continue
            hand = hidden_pile(g, src)
            if any(at.spec.matches(c) for c in held(g, src)):
                continue
            for since in (False, True):
                for f in hand:
                    if f not in pos.free:
                        continue
                    g2 = g.clone()
                    new = pos.fork(g2, [])
                    keep = set(hand) | self.reserved(pos, self.needs(pos))
                    events = self.settle_free(new, g2, f, at.spec, keep, since)
                    if events is not None:
                        new.legal = legal_now(g2)
                        return Node(new, node, (), events, (), repaired=True)
            return self.spent_otherwise(node, src, at.spec)
        return None

    def solve(self, node: Node) -> Node | None:
        """The last way a line that lacks a card is met: the identities of the course so far
        solved at once (``solve.py``, ruling 442), at most ``SOLVES`` times a line, for what
        the hands must hold now (:meth:`needs_held`)."""
        line = node.pos.line
        if not self.solving or line is None or self.solved_at.get(line, 0) >= SOLVES:
            return None
        self.solved_at[line] = self.solved_at.get(line, 0) + 1
        return solved(node, self.needs_held(node.pos), self.paired)

    def jumped_back(self, node: Node) -> None:
        """The search went back to the decision of ``node`` (``Importer.backjump``, ruling
        426) to spend another card there (2.1, appendix A step 7): the solves of the lines
        from that decision's line on were solves of the course it left, whose spendings by
        suit the decision changes, and each of those lines may be solved once more on the
        new course (``SOLVES``; ruling 989, switch ``RESOLVE_AFTER_JUMP``). The solve
        (ruling 442) takes the course's spendings as they are (which card of a hand a
        spending by its suit took is the search's choice): where the course it solved is
        gone, its one solve of a line is no answer for the course the backjump takes
        instead. At most ``MAX_JUMPS`` backjumps a search, so a line is solved at most once
        more for each."""
        if not RESOLVE_AFTER_JUMP:
            return
        line = node.pos.line
        here = -1 if line is None else self.rank_of[line]
        for done in [x for x in self.solved_at if self.rank_of[x] >= here]:
            del self.solved_at[done]

    def needs_held(self, pos: Pos) -> dict[Loc, list[CardSpec]]:
        """:meth:`needs` but those the line writes after a card of the line still to come
        goes into the same hand (``R#E->`` after ``3#->E``): the card to come may be the
        one spent, so the hand need not hold it now; a solve that binds it to a card held
        now asks more of the course than the record does (ruling 515)."""
        return self.needs_brought(pos, held_now=True)[0]

    def fix_named(self, node: Node) -> Node | None:
        """After :meth:`fix_hands`: first, at a decision that may take a card from the
        discard pile by choice, a card the line names taken from it that the pile lacks, as
        a card spent there by its suit (:meth:`taken_from_discard`, ruling 760: left to a
        dead end, the decision is past). Then a card the current line names leaving a hand (crafted,
        ``Zcodeb``, or by its item only, ``Z%h``; taken with Stand and Deliver) that the
        hand still lacks is sought by :meth:`reattribute`, else :meth:`shuffled_in`, else
        :meth:`respent_named`, else the solve, at once (the line may leave the craft out
        until its turn ends, where nothing repairs it, and Stand and Deliver is taken in
        Birdsong); so is a card spent by its suit only before the line's cards go into the
        hand (:meth:`before_draws`, ruling 455), by the solve once such exchanges fight over
        one draw (:func:`fought_over`, ruling 469); and the Eyrie's next Decree card written by
        its suit only that her hand lacks, once she has added one of the line's, by the
        solve (ruling 451: she may stop adding). Returns the state found as a node after
        ``node``, the search's only way on from it: ``node`` keeps the state its decision
        reached, where the final replay sees that the decision spent the card an exchange
        keeps in the hand, and spends the other one instead (ruling 430); None when nothing
        is found."""
        pos = node.pos
        if pos.line is None:
            return None
        took = self.taken_from_discard(node, lambda: self.reserved(pos, self.needs(pos)))
        if took is not None:
            return took  # a card named taken from the discard pile (ruling 760)
        early: set[tuple[Loc, CardSpec]] | None = None  # (the line's atoms read when needed)
        need, covered = self.needs_brought(pos)
        short = short_early(self.lines[pos.line].atoms, pos)  # each its own card (986)
        for loc, specs in need.items():
            for i, spec in enumerate(specs):
                if (loc, i) in covered or spec not in short.get(loc, ()) and any(
                        spec.matches(x) for x in held(pos.g, loc)):
                    continue
                if spec.keys is not None or spec.item is not None:
                    return self.spent_otherwise(node, loc, spec)
                if early is None:
                    early = self.before_draws(pos)
                if (loc, spec) in early:
                    key = ("early", *dead_end(pos))
                    if key in self.unfixed:
                        return None
                    if fought_over(node):
                        return self.solve(node)  # the line's needs met at once
                    found = self.spent_otherwise(node, loc, spec)
                    if found is None:
                        self.unfixed.add(key)
                    return found
        # The Eyrie has added a card of the line to the Decree and may stop there: a
        # Decree card the line adds next by its suit only that the hand lacks has the
        # identities solved at once now (stopped, the line fails past the Decree, where
        # no solve reaches back; ruling 451).
        if self.solving_suits and pos.g.stack[-1].kind == "decree_add" and \
                self.decree_lacking(pos):
            return self.solve(node)
        return None

    def decree_lacking(self, pos: Pos) -> bool:
        """Whether the line has had one of its Decree cards added and the hand lacks a card
        for the Decree cards it adds next by their suits only (each its own card; the
        hand's other needs, a card crafted later, are not counted). Ruling 451."""
        assert pos.line is not None
        ln, left = self.lines[pos.line], pos.left[pos.line]
        decree = [k for k, at in enumerate(ln.atoms)
                  if at.kind == "card" and at.key[1][0] == "decree"]
        if all(left[k] for k in decree):
            return False  # none of them added yet
        by_suit: dict[Loc, list[CardSpec]] = {}
        for k in decree:
            spec = ln.atoms[k].spec
            if left[k] and spec is not None and spec.keys is None:
                by_suit.setdefault(ln.atoms[k].key[0], []).append(spec)
        return any(lacks(held(pos.g, loc), specs) for loc, specs in by_suit.items())

    def before_draws(self, pos: Pos) -> set[tuple[Loc, CardSpec]]:
        """The cards the current line spends by their suit only from a hand before cards of
        the line go into that hand (``B#C->`` before ``2#->C``): the line cannot have drawn
        them, the hand holds them as the line starts: where it lacks one, it is sought at
        once as a card named is (:meth:`fix_named`, ruling 455; not again at a like
        decision when nothing is found), not left to a dead end that the explanation out
        of the record's order (a card drawn later and discarded) never reaches."""
        assert pos.line is not None
        left = pos.left[pos.line]
        filled: set[Loc] = set()
        early: set[tuple[Loc, CardSpec]] = set()
        for k, at in enumerate(self.lines[pos.line].atoms):
            if at.kind != "card":
                continue
            src, dst = at.key
            if left[k] and at.spec is not None and at.spec.named and src not in filled \
                    and hidden_place(self.factions, src):
                early.add((src, at.spec))
            filled.add(dst)
        return {(loc, spec) for loc, spec in early if loc in filled}

    def spent_otherwise(self, node: Node, src: Loc, spec: CardSpec) -> Node | None:
        """The hand ``src`` lacks a card ``spec`` allows and no unnamed draw of it can be
        given one: the ways that change what an earlier spending took, in order (rulings
        421, 422 and 428), then the identities of the whole course solved at once (ruling
        442), a card the hand drew by name taken to have been the one it spent by its suit
        (ruling 545), an unnamed draw spent instead of a named card (ruling 571), and last
        a card of another name the hand spent by its suit in an earlier pile's time, held
        again to be given the card by an exchange of that time (ruling 941). For
        :meth:`exchange` and :meth:`fix_named` alike."""
        return self.reattribute(node, src, spec) or self.shuffled_in(
            node, src, spec) or self.respent_named(node, src, spec) or self.solve(
            node) or self.respent_own(node, src, spec) or self.unspent_named(
            node, src, spec) or self.reattribute(node, src, spec, other=True)  # 941

    def fix_hands(self, pos: Pos) -> tuple[tuple[Any, ...], ...]:
        """Before searching a decision: if the current line will take from a hand more cards
        of some kind than the hand holds, and the hand holds cards drawn unnamed (in the
        present draw pile's time), those draws were the needed cards: swap them in from the
        draw pile. A card the record names (``Zcodeb``) is also sought through the later
        piles' times (:meth:`settle_free` with ``since``) when no other way gives it; a card
        written by its suit only is left to :meth:`repair`, as the line may still draw it.
        A card given to a draw stays given: no later need of the same hand or of another
        one takes it back (ruling 423), but when no draw left can be given a need's card,
        a draw an earlier need of the same hand took may be, that need being given another
        (:meth:`augment`, ruling 432). Returns the renaming events (for the final
        replay). A hand that lacks a card its need allows and is given none is not sought
        again with the same line, movements left and cards (:func:`card_state`, as in
        :meth:`repair`). A craft the card the line takes into the hand by name first
        meets is given no draw (:meth:`needs_brought`, ruling 467)."""
        if pos.line is None or not pos.free:
            return ()
        need, covered = self.needs_brought(pos)
        key = None
        if any(lacks(held(pos.g, loc), specs, beside(pos.g, loc))
               for loc, specs in uncovered(need, covered).items()):
            key = dead_end(pos)
            if key in self.unfixed:
                return ()
        events = self.give(pos, need, covered)
        if not events and key is not None:
            self.unfixed.add(key)
        return events

    def give(
        self, pos: Pos, need: dict[Loc, list[CardSpec]], covered: set[tuple[Loc, int]],
    ) -> tuple[tuple[Any, ...], ...]:
        """:meth:`fix_hands` for the needs ``need`` of the line (those ``covered`` given no
        draw, ruling 467): the renaming events."""
        assert pos.line is not None
        others = self.reserved(pos, uncovered(need, covered))
        events: list[tuple[Any, ...]] = []

        def places(loc: Loc) -> tuple[Any, list[int], list[int], set[int]]:
            """The game as the exchanges left it, the hand's hidden pile and cards, and the
            cards its exchanges keep where they are."""
            g = pos.g
            hand = hidden_pile(g, loc)
            return g, hand, held(g, loc), set(hand) | others - self.handed(pos, loc)

        g = pos.g
        for loc, specs in need.items():
            g, hand, cards, keep = places(loc)
            up = beside(g, loc)  # face-up cards meet no need by suit (ruling 821)
            taken: set[int] = set()
            by: dict[int, int] = {}
            for i, spec in enumerate(specs):
                line = pos.line
                if FRESH_HELD:
                    cards = held(g, loc)  # after the exchanges before (ruling 780)
                c = min((x for x in cards if x not in taken and fits(spec, x, up)),
                        default=None, key=lambda x: self.spend_cost(DECK[x].key, line))
                if c is not None:
                    if c in pos.free and self.spend_cost(DECK[c].key, line):
                        # An unnamed draw that would be spent here as a card the record
                        # names later: it may as well have been another card that fits.
                        y = self.donor(pos, g, c, spec, keep)
                        if y is not None and not self.spend_cost(DECK[y].key, line):
                            events.extend(apply_cycle(pos, g, [c, y], pos.free[c][1]))
                            c = y
                    elif self.kept_named(pos, loc, spec, c, [x for x in cards if x not in taken]):
                        # The hand's last card of a name it spends later (``Zscout``): an
                        # unnamed draw of the hand was the card spent by suit (ruling 525).
                        found = self.settle_first(pos, g, [x for x in hand if x in pos.free
                                                           and x not in taken], spec, keep,
                                                  (False,))
                        if found is not None:
                            events.extend(found[1])
                            c = next(x for x, (sd, _e) in pos.free.items() if sd == found[0])
                    taken.add(c)
                    by[i] = c
                    continue
                if (loc, i) in covered:
                    continue  # the card the line brings in is crafted (ruling 467)
                # Through the later piles only when no unnamed draw of the hand can be
                # given the card otherwise (ruling 420); the draws of the present pile
                # the needs after this one may want are spared (rulings 431, 433).
                after = sum(not any(fits(sp, x, up) for x in cards if x not in taken)
                            for sp in specs[i + 1:])
                if spec.keys is not None and loc[0] == "hand" and \
                        self.lines[line].seat != loc[1]:
                    # Taken by name in another faction's line: and what the owner's next
                    # line spends before its next draw (ruling 600).
                    after += owner_needs_ahead(self.lines, self.order, self.rank_of[line], loc)
                found = self.settle_first(pos, g, [x for x in hand if x not in taken], spec,
                                          keep, (False, True)[:1 + (spec.keys is not None)],
                                          after)
                redone = False
                if found is None:
                    found = self.redrawn(pos, loc, spec, others, taken)
                    redone = found is not None
                if found is None:
                    # Another need of the hand took a draw that could be given this card:
                    # that need gets another draw (ruling 432).
                    swapped = self.augment(pos, loc, spec, specs, by, taken, others)
                    if swapped is not None:
                        done, j, other, got = swapped
                        events.extend(done)
                        taken.discard(by[j])
                        taken |= {other, got}
                        others |= {other, got}
                        by[j], by[i] = other, got
                        g, hand, cards, keep = places(loc)
                        continue
                if found is None and self.expanding is not None and \
                        self.expanding.pos is pos:
                    # A Mobilize written unnamed may have taken another card (ruling 967).
                    found = mobilized_held(self, self.expanding, loc, spec, keep, taken)
                    redone = found is not None
                if found is None:
                    break
                if redone:
                    g, hand, cards, keep = places(loc)
                serial, done = found
                events.extend(done)
                # The card that draw is now (the first renaming is not always its own: an
                # exchange through the later piles renames the earlier times first).
                got = next(c for c, (sd, _e) in pos.free.items() if sd == serial)
                taken.add(got)
                by[i] = got
                others.add(got)  # not to be taken back by the next hand's exchanges
        if events and not g.winners:
            pos.legal = legal_now(g)
        return tuple(events)

    def kept_named(
        self, pos: Pos, loc: Loc, spec: CardSpec, c: int, cards: list[int]
    ) -> bool:
        """Whether the card ``c`` that a need written by its suit only (``M#C->``) would
        take from the hand ``loc`` is one the record named into it that the record next
        names leaving the same hand (crafted by name, ``Zscout``), the hand's last card of
        that name (:meth:`spend_cost` with ``src``): spent now, the later naming needs a
        card the hand no longer has. Ruling 525."""
        assert pos.line is not None
        key = DECK[c].key
        return spec.keys is None and c in pos.fixed and c not in pos.free and \
            not any(x != c and DECK[x].key == key for x in cards) and \
            bool(self.spend_cost(key, pos.line, pos.left[pos.line], loc))

    def handed(self, pos: Pos, src: Loc) -> set[int]:
        """The cards another hand holds that the line takes by name from the hidden place
        ``src`` into that hand (Stand and Deliver, ``B#royalE->C``): what the record says
        ``src`` gives that hand, which ``src``'s unnamed draw may be, though the line's
        later need of that hand (``Zroyal``) holds it (:meth:`reserved`): the card taken
        meets that need (ruling 461)."""
        assert pos.line is not None
        ln, left = self.lines[pos.line], pos.left[pos.line]
        out: set[int] = set()
        for k in range(len(ln.atoms)):
            at = ln.atoms[k]
            if left[k] and at.kind == "card" and at.key[0] == src and at.spec is not None \
                    and at.spec.keys is not None and hidden_place(self.factions, at.key[1]):
                out.update(x for x in held(pos.g, at.key[1]) if at.spec.matches(x))
        return out

    def augment(
        self, pos: Pos, loc: Loc, spec: CardSpec, specs: list[CardSpec], by: dict[int, int],
        taken: set[int], others: set[int],
    ) -> tuple[tuple[tuple[Any, ...], ...], int, int, int] | None:
        """In :meth:`fix_hands`, when no draw of the hand ``loc`` left by the line's earlier
        needs can be given a card ``spec`` allows: an unnamed draw ``t`` an earlier need
        ``specs[j]`` took (``by[j]``, the latest first) may be given that card
        (:meth:`settle_free`), and that need another of the hand's draws, through the later
        piles' times too (:meth:`settle_first`): an augmenting path of length two in the
        matching of the line's needs to the hand's cards. Changes ``pos`` only when both
        are found: (the renaming events, ``j``, the card of the draw ``specs[j]`` takes
        now, the card ``t`` is now). Ruling 432."""
        for j in sorted(by, reverse=True):
            t = by[j]
            if t not in pos.free:
                continue
            g2 = pos.g.clone()
            new = pos.fork(g2, pos.legal)
            st = new.free[t][0]
            keep = set(hidden_pile(g2, loc)) | others
            first = self.settle_free(new, g2, t, spec, keep, spec.keys is not None)
            if first is None:
                continue
            got = next(c for c, (sd, _e) in new.free.items() if sd == st)
            now = (taken - {t}) | {got}
            rest = [x for x in hidden_pile(g2, loc) if x not in now]
            found = self.settle_first(new, g2, rest, specs[j], keep | {got}, (False, True))
            if found is None:
                continue
            serial, second = found
            other = next(c for c, (sd, _e) in new.free.items() if sd == serial)
            pos.g, pos.free, pos.loose, pos.past = g2, new.free, new.loose, new.past
            return first + second, j, other, got
        return None
