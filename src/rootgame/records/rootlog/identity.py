"""Card identities during an import: which card an unnamed draw was.

A record names some cards (``F#tax->C``) and not others (``#->C``); the draw pile's order is
unknown to it. The importer plays with real cards, so a card drawn unnamed is a concrete card
for the engine that the record may later name otherwise; these methods give cards the
identities the record needs: named draws are put on top of the pile (:meth:`arrange`), a
named draw takes the card named from the pile (:meth:`settle_draw`), a hand about to give a
card it lacks takes it in exchange for an unnamed draw (:meth:`fix_hands`, :meth:`repair`),
and Stand and Deliver! takes the card the record names (:meth:`pick_options`).
"""

from __future__ import annotations

from typing import Any

from ...cards import DECK
from .atoms import Line
from .cards import CardSpec
from .factions import Loc, hidden_pile, hidden_piles, hidden_place, notation
from .search import Node, Pos
from .steps import Step


def swap_cards(g: Any, x: int, y: int) -> None:
    """Exchange two cards wherever they are (hands, piles, play areas, the Decree, the
    Black Market)."""
    places: list[list[int]] = [g.deck, g.discard, g.available_dominance, g.market]
    for s in g.seats:
        places += [s.hand, s.persistent]
    for f, fs in zip(g.factions, g.fs, strict=True):
        places.extend(notation(f).card_lists(fs))
    px = next(p for p in places if x in p)
    py = next(p for p in places if y in p)
    ix, iy = px.index(x), py.index(y)
    px[ix], py[iy] = y, x




def exchange(
    g: Any, free: dict[int, tuple[int, int]], f: int, y: int, still_open: bool = False
) -> tuple[tuple[Any, ...], ...]:
    """The unnamed draw ``f`` was card ``y``: exchange the two (``y`` from the draw pile, or
    from another hand where it was drawn unnamed too, which then holds ``f``). Updates
    ``free`` and returns the renaming events for the final replay. ``still_open``: the
    record asks only for a suit, so ``y`` stays an unnamed draw (any card of that suit)."""
    swap_cards(g, f, y)
    info = free.pop(f)
    events: list[tuple[Any, ...]] = [("rename", info[0], y)]
    if y in free:
        other = free.pop(y)
        free[f] = other
        events.append(("rename", other[0], f))
    if still_open:
        free[y] = info
    return tuple(events)


def rotate(
    g: Any, free: dict[int, tuple[int, int]], loose: dict[int, tuple[int, int, str | None]],
    f: int, y: int, z: int | None, still_open: bool = False,
) -> tuple[tuple[Any, ...], ...]:
    """The unnamed draw ``f`` was card ``y``, a card drawn unnamed from the same pile and
    since spent with at most its suit written (see :meth:`CardIdentity.rotation`); that
    earlier draw was ``z`` instead (a card of that suit from the pile or another unnamed
    draw, whose place ``f`` takes), or ``f`` itself when ``z`` is None. Returns the
    renaming events."""
    info = free.pop(f)
    if y in loose:
        other, epoch, suit = loose.pop(y)
    else:
        other, epoch = free.pop(y)
        suit = None
    swap_cards(g, f, y)
    events: list[tuple[Any, ...]] = [("rename", info[0], y)]
    took = f
    if z is not None:
        swap_cards(g, f, z)
        took = z
        if z in free:
            third = free.pop(z)
            free[f] = third
            events.append(("rename", third[0], f))
    events.append(("rename", other, took))
    loose[took] = (other, epoch, suit)
    if still_open:
        free[y] = info
    return tuple(events)


def open_lists(g: Any) -> list[list[int]]:
    """The face-up places a card spent by suit only may lie in: the discard pile and the
    face-up card lists of the boards (the Decree)."""
    out: list[list[int]] = [g.discard]
    for f, fs in zip(g.factions, g.fs, strict=True):
        n = notation(f)
        hidden = n.hidden_cards(fs)
        out.extend(x for x in n.card_lists(fs) if x is not hidden)
    return out


def held(g: Any, loc: Loc) -> list[int]:
    """The cards at a hidden place and, on a board, the face-up cards beside them (a card
    the record names leaving the board may be one of those)."""
    pile = hidden_pile(g, loc)
    if loc[0] == "board":
        persistent: list[int] = g.seats[loc[1]].persistent
        return pile + persistent
    return pile


class CardIdentity:
    """The card-identity part of the importer (mixed into ``importer.Importer``)."""

    lines: list[Line]
    factions: list[str]
    order: list[int]
    rank_of: dict[int, int]
    named_at: dict[str, list[int]]
    drawn_at: dict[str, list[int]]

    def spend_cost(self, key: str, line: int) -> int:
        """A tie-breaker when the record does not say which card leaves a hand (a suit, an
        item): better spend a card the record never names again, else the one it names
        latest (another card of the same kind may be needed sooner)."""
        here = self.rank_of[line]
        later = [r for r in self.named_at.get(key, ()) if r >= here]
        drawn = [r for r in self.drawn_at.get(key, ()) if r > here]
        if later and drawn and drawn[0] <= later[0]:
            return 0  # drawn again before it is next spent: it leaves the hand before
        return 0 if not later else 10**6 - later[0]


    def settle_draw(
        self, line: int, left: list[int], g2: Any, st: Step, cid: int, dst: Loc,
        from_deck: bool, atoms_by_step: list[list[tuple[Any, ...]]], si: int,
        free: dict[int, tuple[int, int]] | None = None, epoch: int = 0,
        renames: list[tuple[Any, ...]] | None = None,
    ) -> tuple[int, bool, int] | None:
        """Match an engine draw with the next recorded draw into that hand (or face-down
        board pile, ``dst``). When the record names another card still hidden in the same
        draw pile, the two are swapped: the order of a draw pile is unknown to the record.
        Returns (card, named, action index)."""
        ln = self.lines[line]
        idx = [k for k in ln.by_key.get(("card", (("deck",), dst)), []) if left[k]]
        # The record's order of the cards of one draw is not the pile's: a card it names
        # later in the same draw is taken as that one.
        for k in idx:
            at = ln.atoms[k]
            if at.spec is not None and at.spec.named and at.spec.matches(cid):
                left[k] -= 1
                return cid, True, at.action
        if idx and not (ln.atoms[idx[0]].spec or CardSpec()).named:
            left[idx[0]] -= 1
            return cid, False, ln.atoms[idx[0]].action
        want = ("deck",) if from_deck else ("discard",)
        # The card named is still in the draw pile, or was drawn in the same step by
        # another hand (the two were drawn the other way round).
        drawn_too = [c for c, loc in st.after.cards.items() if loc != dst
                     and hidden_place(self.factions, loc)
                     and st.before.cards.get(c) == want]
        # Or a card drawn unnamed from the same pile earlier (into another hand, or dealt
        # face down beside the Black Market): the two draws were the other way round.
        earlier = [y for y, (_serial, e) in (free or {}).items()
                   if e == epoch and y != cid and y not in drawn_too]
        for k in idx:
            at = ln.atoms[k]
            spec = at.spec
            assert spec is not None
            for y in list(reversed(g2.deck)) + drawn_too + earlier:
                if (st.before.cards.get(y) == want or y in earlier) and spec.matches(y):
                    left[k] -= 1
                    swap_cards(g2, cid, y)
                    if y in earlier and free is not None and renames is not None:
                        free[cid] = info = free.pop(y)
                        renames.append(("rename", info[0], cid))
                    for later in atoms_by_step[si:]:
                        for j, old in enumerate(later):
                            if len(old) > 2 and old[0] in ("card", "craft", "ambush"):
                                if old[2] == cid:
                                    later[j] = (*old[:2], y)
                                elif old[2] == y:
                                    later[j] = (*old[:2], cid)
                    return int(y), True, at.action
        return None

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

    def repair(self, node: Node) -> Node | None:
        """No decision explains the record: if the record needs, from a hand, a card the hand
        lacks, and the hand holds a card drawn unnamed in the same draw pile, that draw may
        have been the needed card: swap them."""
        pos = node.pos
        if pos.line is None:
            return None
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
            if not hidden_place(self.factions, src):
                continue
            hand = hidden_pile(g, src)
            if any(at.spec.matches(c) for c in held(g, src)):
                continue
            for f in hand:
                if f not in pos.free:
                    continue
                g2 = g.clone()
                free, loose = dict(pos.free), dict(pos.loose)
                events = self.settle_free(pos, g2, free, loose, f, at.spec, set(hand))
                if events is not None:
                    from ... import flow

                    top = g2.stack[-1]
                    legal = flow.DECISIONS[top.kind][0](g2, top)
                    new = Pos(g2, legal, pos.seg, pos.line, pos.turns, pos.left, free,
                              pos.epoch, pos.done, loose)
                    return Node(new, node, (), events, (), repaired=True)
            return None
        return None

    def donor(self, pos: Pos, g: Any, f: int, spec: CardSpec, keep: set[int]) -> int | None:
        """A card ``spec`` allows that the unnamed draw ``f`` may have been: a card still
        in the draw pile of ``f``'s time, or a card drawn unnamed into another hand from the
        same draw pile (the two draws exchanged). None when there is none."""
        epoch = pos.free[f][1]
        if epoch == pos.epoch:
            # Better a card the record never names later, else the one it names latest.
            line = pos.line if pos.line is not None else self.order[-1]
            best = min((x for x in reversed(g.deck) if spec.matches(x)), default=None,
                       key=lambda x: self.spend_cost(DECK[x].key, line))
            if best is not None:
                return int(best)
        for _, pile in hidden_piles(g):
            for x in pile:
                if x not in keep and x in pos.free and pos.free[x][1] == epoch and \
                        spec.matches(x):
                    return int(x)
        return None

    def rotation(
        self, pos: Pos, g: Any, f: int, spec: CardSpec, keep: set[int]
    ) -> tuple[int, int | None] | None:
        """When neither the draw pile nor another hand has a card ``spec`` allows for the
        unnamed draw ``f``: a card ``y`` drawn unnamed from the same pile and since spent
        with at most its suit written (``Pos.loose``: in the discard pile or the Decree, or
        shuffled into the present draw pile and not seen since) that fits ``spec``. What was
        spent then was ``f`` (when its suit fits) or, from the present pile, a card ``z`` of
        that suit from the draw pile or drawn unnamed into another hand. Returns (y, z)."""
        epoch = pos.free[f][1]
        suit_f = DECK[f].suit
        line = pos.line if pos.line is not None else self.order[-1]

        def cost(x: int) -> int:
            return self.spend_cost(DECK[x].key, line)

        found: list[tuple[int, int, bool]] = []
        if epoch == pos.epoch:
            for pile in open_lists(g):
                found.extend((y, *self._open_at(pos, y)) for y in pile)
        else:
            found.extend((y, *self._open_at(pos, y)) for y in g.deck)
        options: list[tuple[int, int, int | None]] = []
        for y, e, ok in found:
            if e != epoch or not ok or not spec.matches(y):
                continue
            suit = pos.loose[y][2] if y in pos.loose else None
            if suit is None or suit == suit_f:
                options.append((cost(y), y, None))
                continue
            if epoch != pos.epoch:
                continue
            spare = [x for x in g.deck if DECK[x].suit == suit] + [
                x for _, hidden in hidden_piles(g) for x in hidden
                if x not in keep and x in pos.free and pos.free[x][1] == epoch
                and DECK[x].suit == suit]
            z = min(spare, default=None, key=cost)
            if z is not None:
                options.append((cost(y) + cost(z), y, int(z)))
        if not options:
            return None
        _, y, z = min(options, key=lambda o: o[0])
        return y, z

    @staticmethod
    def _open_at(pos: Pos, y: int) -> tuple[int, bool]:
        """(the epoch of the unnamed draw that card ``y`` still stands for, whether it is
        one: spent with at most its suit written, or discarded unnamed); (-1, False)."""
        if y in pos.loose:
            return pos.loose[y][1], True
        if y in pos.free:
            return pos.free[y][1], True
        return -1, False

    def settle_free(
        self, pos: Pos, g: Any, free: dict[int, tuple[int, int]],
        loose: dict[int, tuple[int, int, str | None]], f: int, spec: CardSpec, keep: set[int],
    ) -> tuple[tuple[Any, ...], ...] | None:
        """Give the unnamed draw ``f`` a card ``spec`` allows (:meth:`donor`, else
        :meth:`rotation`): the renaming events, or None when no card can be."""
        still_open = spec.keys is None and spec.item is None
        y = self.donor(pos, g, f, spec, keep)
        if y is not None:
            return exchange(g, free, f, y, still_open)
        r = self.rotation(pos, g, f, spec, keep)
        if r is None:
            return None
        return rotate(g, free, loose, f, *r, still_open)

    def fix_hands(self, pos: Pos) -> tuple[tuple[Any, ...], ...]:
        """Before searching a decision: if the current line will take from a hand more cards
        of some kind than the hand holds, and the hand holds cards drawn unnamed (in the
        present draw pile's time), those draws were the needed cards: swap them in from the
        draw pile. Returns the renaming events (for the final replay)."""
        if pos.line is None or not pos.free:
            return ()
        ln = self.lines[pos.line]
        left = pos.left[pos.line]
        need: dict[Loc, list[CardSpec]] = {}
        for k, at in enumerate(ln.atoms):
            if not left[k] or at.spec is None or not at.spec.named:
                continue
            if at.kind == "card" and hidden_place(self.factions, at.key[0]):
                need.setdefault(at.key[0], []).append(at.spec)
            elif at.kind in ("craft", "ambush"):
                need.setdefault(("hand", at.key), []).append(at.spec)
        g = pos.g
        events: list[tuple[Any, ...]] = []
        for loc, specs in need.items():
            hand = hidden_pile(g, loc)
            cards = held(g, loc)
            taken: set[int] = set()
            for spec in specs:
                line = pos.line
                c = min((x for x in cards if x not in taken and spec.matches(x)), default=None,
                        key=lambda x: self.spend_cost(DECK[x].key, line))
                if c is not None:
                    if c in pos.free and self.spend_cost(DECK[c].key, line):
                        # An unnamed draw that would be spent here as a card the record
                        # names later: it may as well have been another card that fits.
                        y = self.donor(pos, g, c, spec, set(hand))
                        if y is not None and not self.spend_cost(DECK[y].key, line):
                            events.extend(exchange(g, pos.free, c, y,
                                                   spec.keys is None and spec.item is None))
                            c = y
                    taken.add(c)
                    continue
                done = None
                for x in hand:
                    if x not in taken and x in pos.free:
                        done = self.settle_free(pos, g, pos.free, pos.loose, x, spec,
                                                set(hand))
                        if done is not None:
                            break
                if done is None:
                    break
                events.extend(done)
                taken.add(int(done[0][2]))
        if events and not g.winners:
            from ... import flow

            top = g.stack[-1]
            pos.legal = flow.DECISIONS[top.kind][0](g, top)
        return tuple(events)
