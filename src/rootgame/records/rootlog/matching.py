"""Matching what the engine did against the record's current line (mixed into
``importer.Importer``): each change of an engine step (``atoms.py``) taken up by an open
movement of the line (``Matching.consume``), the draws, quests and ruin items settled to
what the record names, the engine's segments crossed into the next line, and the candidate
ranked by how closely it follows the record (``Matching.match``); the failure that got
furthest through the record is kept as the error to give.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...cards import DECK
from ...rules.turn import current_step
from . import draws
from .atoms import FACE_UP, Line, RAtom, engine_atoms, named_from
from .bases import note_lost
from .bounds import actions_short, decree_short
from .factions import hidden_place
from .identity import CardIdentity, loose_spec, narrower
from .notation import RootlogError
from .search import Cand, Pos, Slot, chance_events
from .shown import note_shown
from .steps import Cut, Observer, Segment, from_discard, legal_now, reshuffled
from .vagabond import engine_item_keys, quest_matches

BATTLE_CARDS = frozenset({"armorers", "brutal-tactics", "sappers"})
"""The cards used only in a battle (discarded from their play area as it is resolved)."""
REMOVALS = ("remove", "from")
"""The atoms of pieces removed from a clearing: a removal, and the departure of a transfer
(Field Hospitals' warriors moved to the keep, ``w9->4``; ruling 507), which
``Matching.past_battle`` holds to the battle written before them."""


DRAW_NAMED_ELSEWHERE = True
"""Ruling 862: of the cards a spending by suit may take, an unnamed draw whose card the
record next names leaving another place (``B#armstraderE->A``) is spent first, as a card
held by name is (ruling 495). Its identity may yet change within its draw pile's time,
but not across a reshuffle: kept, it was out of reach of the other hand's draws from the
new pile (seed 1002 with the Alliance, line 128: Stand and Deliver! took the Arms Trader
from the Eyrie, who had drawn it after the Alliance spent it by its suit at line 124)."""


class Matching(CardIdentity):
    """The record's side of the search (mixed into ``importer.Importer``): what the engine
    did in a decision's steps, matched against the movements of the record's line. It
    settles the cards drawn through :class:`CardIdentity`, hence builds on it."""

    setup_line: dict[int, int]
    turn_lines: list[int]
    serial: int
    merged: int
    spent: int
    named_now: set[int]
    lazy: bool
    failure: tuple[tuple[int, ...], RootlogError] | None

    # --- lines ---------------------------------------------------------------------------
    def line_for(self, seg: Segment, turns: int) -> int | None:
        if seg.kind == "setup":
            return self.setup_line.get(seg.seat)
        return self.turn_lines[turns] if turns < len(self.turn_lines) else None

    def open_error(self, line: int, left: list[int], why: str) -> RootlogError:
        ln = self.lines[line]
        for k, at in enumerate(ln.atoms):
            if left[k]:
                a = ln.turn.actions[at.action]
                return RootlogError(why, ln.turn.line, a.column, a.text, "")
        return RootlogError(why, ln.turn.line, 1, "", "")

    def note_failure(self, pos: Pos, why: str) -> None:
        if pos.line is None:
            return
        self.note_open(pos.line, pos.left[pos.line], why)

    def note_open(self, line: int, left: list[int], why: str) -> None:
        """Keep the failure that got furthest through the record (its line, then how many
        of the line's movements were explained) as the error to give."""
        progress = (self.rank_of[line], sum(1 for x in left if x == 0))
        if self.failure is None or progress > self.failure[0]:
            self.failure = (progress, self.open_error(line, left, why))

    def matched(self, ln: Line, k: int, first: int | None) -> int:
        """The recorded action an engine atom matches, now that part of it is taken from
        the line's atom ``k``: the first one it took from; each more it takes from counts
        as two of the record's actions merged into one movement (ruling 419)."""
        if first is None:
            return ln.atoms[k].action
        self.merged += 1
        return first

    def consume(
        self, line: int, left: list[int], atom: tuple[Any, ...], free: dict[int, tuple[int, int]],
        loose: dict[int, Slot] | None = None,
    ) -> int | None:
        """Consume one engine atom; the index of the recorded action it matched, or None."""
        ln = self.lines[line]
        kind, key = atom[0], atom[1]
        if kind == "transfer":
            n = int(atom[2])
            first: int | None = None
            for k in ln.by_key.get(("transfer", key), []):
                take = min(n, left[k], left[k + 1])
                if take > 0:
                    left[k] -= take
                    left[k + 1] -= take
                    n -= take
                    first = self.matched(ln, k, first)
                    if not n:
                        return first
            # Written as a removal and a placement.
            s, code, o, d = key
            a1 = self.consume(line, left, ("remove", (s, code, o), n, True), free)
            a2 = self.consume(line, left, ("place", (s, code, d), n, True), free) \
                if a1 is not None else None
            if a1 is None or a2 is None:
                return None
            if a1 != a2:
                # Two of the record's actions taken as one move: a tie-breaker (ruling
                # 419), a course whose pieces do what each action says is tried first.
                self.merged += 1
            return min(a1, a2) if first is None else first
        if kind in ("place", "remove"):
            n = int(atom[2])
            first = None
            # A removal and a placement may also be the two halves of a recorded transfer
            # (Field Hospitals written as a move from the battle to the keep).
            # The earliest written first: a second battle's removal in the same clearing
            # must not take up the first's, written as a transfer.
            kinds = (kind,) if len(atom) > 3 else (kind, "to" if kind == "place" else "from")
            cands = sorted((k for kind2 in kinds for k in ln.by_key.get((kind2, key), [])),
                           key=lambda k: ln.atoms[k].action)
            for k in cands:
                # A transfer's arrival only after its departure (atom k - 1) was matched.
                to = ln.atoms[k].kind == "to"
                take = min(n, left[k] - left[k - 1] if to else left[k])
                if take > 0:
                    left[k] -= take
                    n -= take
                    first = self.matched(ln, k, first)
                    if not n:
                        return first
            return None
        if kind == "vp":
            need = int(atom[2])
            first = None
            for k in ln.by_key.get((kind, key), []):
                if not left[k]:
                    continue
                if (left[k] > 0) != (need > 0):
                    return None
                take = min(abs(need), abs(left[k])) * (1 if need > 0 else -1)
                left[k] -= take
                need -= take
                first = self.matched(ln, k, first)
                if not need:
                    return first
            return None
        if kind == "item":
            return self.consume_item(ln, left, atom)
        if kind == "quest":
            for k in ln.by_key.get((kind, key), []):
                q = ln.atoms[k].quest
                if left[k] and q is not None and quest_matches(q, int(atom[2])):
                    left[k] -= 1
                    return ln.atoms[k].action
            return None
        if kind in ("card", "craft", "ambush"):
            cid = int(atom[2])
            idx = ln.by_key.get((kind, key), [])
            # A crafted card leaving the face-up cards beside the supporters: only a
            # movement naming its card (ruling 963).
            up = len(atom) > 3 and atom[3] == FACE_UP
            for named in (True, False):
                for k in idx:
                    at = ln.atoms[k]
                    if left[k] and at.spec is not None and at.spec.named == named and \
                            at.spec.matches(cid) and not (up and at.spec.keys is None):
                        left[k] -= 1
                        unnamed_draw = cid in free
                        if named:
                            was = free.pop(cid, None)
                            if loose is not None:
                                prev = loose.pop(cid, None)
                                wrote = loose_spec(at.spec, cid)
                                if wrote is not None:
                                    # Written by its suit only (or as one of alike cards):
                                    # still open within what was written.
                                    if was is not None:
                                        loose[cid] = (*was, wrote)
                                    elif prev is not None:
                                        loose[cid] = (*prev[:2], narrower(prev[2], wrote))
                                else:
                                    self.named_now.add(cid)
                        if at.spec.keys is None or len(at.spec.keys) > 1:
                            # Ruling 495; for an unnamed draw, ruling 862 (its identity may
                            # yet change, but not across a reshuffle); ruling 840's order.
                            src = named_from(kind, key)
                            self.spent += self.spend_order(
                                DECK[cid].key, line, left,
                                None if unnamed_draw and not DRAW_NAMED_ELSEWHERE else src,
                                src, unnamed_draw)
                        return at.action
            return None
        for k in ln.by_key.get((kind, key), []):
            if left[k]:
                left[k] -= 1
                return ln.atoms[k].action
        return None

    def consume_item(self, ln: Line, left: list[int], atom: tuple[Any, ...]) -> int | None:
        """An item of the Vagabond's changed state: the recorded movements it may be written
        as (``engine_item_keys``), then ``%_`` (every item of an area: at least one)."""
        seat, item, f, t = atom[1]
        n = int(atom[2])
        first: int | None = None
        keys = engine_item_keys(seat, item, f, t)
        for key in keys:
            for k in ln.by_key.get(("item", key), []):
                take = min(n, left[k])
                if take > 0:
                    left[k] -= take
                    n -= take
                    first = ln.atoms[k].action if first is None else first
                    if not n:
                        return first
        for key in keys:
            for k in ln.by_key.get(("item", (seat, "_", *key[2:])), []):
                left[k] = 0
                return ln.atoms[k].action if first is None else first
        return None

    def settle_vagabond(
        self, line: int, left: list[int], g2: Any, atoms: list[tuple[Any, ...]],
        events: list[tuple[Any, ...]],
    ) -> bool | None:
        """The quest deck and the items beneath the ruins are hidden (9.3.3-9.3.4): a quest
        drawn, or an item found by Explore, is the one the record names, exchanged with
        another still hidden. A quest draw the record does not write is not checked.
        Returns whether something was exchanged, None when the record cannot be met."""
        ln = self.lines[line]
        changed = False
        for j, at in enumerate(atoms):
            if at[0] == "quest" and at[1][1] == "deck":
                seat, q = at[1][0], int(at[2])
                idx = [k for k in ln.by_key.get(("quest", at[1]), []) if left[k]]
                if not ln.by_key.get(("quest", at[1])):
                    atoms[j] = ("unwritten", None, None)
                elif not any(quest_matches(ln.atoms[k].quest or (None, None), q)
                             for k in idx):
                    fs = g2.fs[seat]
                    y = next((y for k in idx for y in reversed(fs.quest_deck)
                              if quest_matches(ln.atoms[k].quest or (None, None), y)), None)
                    if y is None:
                        return None
                    fs.quests[fs.quests.index(q)] = y
                    fs.quest_deck[fs.quest_deck.index(y)] = q
                    atoms[j] = (at[0], at[1], y)
                    q, changed = y, True
                events.append(("quest", seat, q))
            elif at[0] == "ruin":
                seat, c, item = at[1]
                if not ln.by_key.get(("ruin", at[1])) or not any(
                        left[k] for k in ln.by_key[("ruin", at[1])]):
                    want = next((ln.atoms[k].key[2] for k, x in enumerate(ln.atoms)
                                 if x.kind == "ruin" and left[k] and x.key[:2] == (seat, c)),
                                None)
                    fs = g2.fs[seat]
                    c2 = next((c2 for c2, v in fs.ruins.items() if want in v), None)
                    if want is None or c2 is None:
                        return None
                    v = fs.ruins[c2]
                    v[v.index(want)] = item
                    fs.items[item][0] -= 1
                    fs.items[want][0] += 1
                    for i, x in enumerate(atoms):
                        if x[0] == "item" and x[1] == (seat, item, "x", "r"):
                            atoms[i] = ("item", (seat, want, "x", "r"), x[2])
                            break
                    atoms[j] = ("ruin", (seat, c, want), None)
                    item, changed = want, True
                events.append(("ruin", seat, c, item))
        return changed

    def _dice_for(
        self, pos: Pos, obs: Observer
    ) -> Callable[[int, int, int], tuple[int, int] | None]:
        def f(a: int, d: int, c: int) -> tuple[int, int] | None:
            if pos.line is None:
                return (0, 0)
            n = sum(1 for st in obs.steps for b in st.new_battles if b == (a, d, c))
            left = pos.left[pos.line]
            ln = self.lines[pos.line]
            idx = ln.by_key.get(("battle", (a, d, c)), [])
            if n:
                # Started in this step: the n-th open battle of the record like it.
                found = [k for k in idx if left[k]][n - 1 : n]
            else:
                # Started earlier: the last one already matched.
                found = [k for k in idx if not left[k]][-1:]
            if not found:
                return (0, 0)  # not in the record: the candidate fails anyway
            dice = ln.atoms[found[0]].dice
            return None if dice is None else (max(dice), min(dice))

        return f

    def match(
        self, pos: Pos, g2: Any, legal: list[tuple[Any, ...]], obs: Observer,
        cuts: tuple[Cut, ...], first: list[tuple[Any, ...]] | None = None,
    ) -> Cand | tuple[tuple[Any, ...], ...] | None:
        """Check what the engine did (``obs.steps``) against the record from ``pos``: the
        candidate; or, when nothing visible happened, the chance events on the way (dice,
        picks); or None when the record disagrees. ``first``: the ``engine_atoms`` of the
        first step, when already found (``refuted``)."""
        steps = obs.steps
        atoms_by_step = [list(first) if i == 0 and first is not None
                         else engine_atoms(st, self.factions) for i, st in enumerate(steps)]
        self.merged = 0
        self.spent = 0
        self.named_now = set()
        self.drawn_as = {}
        if not obs.segments and not g2.winners and not any(atoms_by_step):
            return tuple(e for st in steps for e in chance_events(st))

        left = {k: v[:] for k, v in pos.left.items()}
        free = dict(pos.free)
        loose = dict(pos.loose)
        past = dict(pos.past)
        line, turns, epoch, seg = pos.line, pos.turns, pos.epoch, pos.seg
        shown = self.shown_now = pos.shown
        self.fixed_now = pos.fixed
        events: list[tuple[Any, ...]] = []
        rank: list[int] = []
        seg_at = 0
        swapped = vb_swapped = False
        by_step: list[list[int]] = []
        for si, st in enumerate(steps):
            by_step.append([])
            while seg_at < st.seg:
                r = self._cross(line, left, obs.segments[seg_at], turns)
                if r is None:
                    return None
                line, turns = r
                seg = obs.segments[seg_at]
                seg_at += 1
            atoms = atoms_by_step[si]
            if st.unmatched is not None and st.seat is not None:
                # The hand shown by Outrage held no card of the clearing (ruling 750).
                shown = self.shown_now = note_shown(
                    shown, st.before.hands[st.seat], st.unmatched, free)
            # The supporters left with a base removed held none of its suit (ruling 781).
            shown = self.shown_now = note_lost(shown, self.factions, atoms, st.after, free)
            shuffled = reshuffled(st.before, st.after, from_discard(st))
            pre: list[tuple[Any, ...]] = []
            post: list[tuple[Any, ...]] = []
            drawn: set[int] = set()
            for j, at in enumerate(atoms):
                if at[0] != "card" or at[1][0] != ("deck",):
                    continue  # not drawn (into a hand, the supporters or the discard pile)
                cid = int(at[2])
                was_at = st.before.cards.get(self.drawn_as.get(cid, cid))
                if was_at == ("available",):
                    continue  # a dominance card taken from beside the board (3.3.3)
                # (A card that was in a hand may be drawn: spent to the discard pile,
                # reshuffled and drawn in the same step, steps.unspent.)
                drawn.add(j)
                was = loose.pop(cid, None)
                from_deck = was_at == ("deck",)
                named = False
                if line is not None:
                    dep = epoch if from_deck else epoch + 1
                    got = self.settle_draw(line, left[line], g2, st, cid, at[1][1],
                                           from_deck, atoms_by_step, si, free, dep, events,
                                           later=False)
                    if got is None and from_deck:
                        # The first draw's card from a cycle of this pile's time (ruling
                        # 793), or shuffled in from an earlier one (ruling 792), before it
                        # is taken as a later draw's.
                        if draws.FIRST_DRAW_FIRST:
                            got = self.settle_draw_cycle(line, left, g2, cid, at[1][1],
                                                         atoms_by_step, si, free, loose,
                                                         past, epoch, self.serial + 1,
                                                         events, shuffled, first=True)
                        got = got or self.drawn_shuffled_in(
                            line, left, g2, cid, at[1][1], atoms_by_step, si, free, loose,
                            past, epoch, events) or self.drawn_held_across(
                            line, left, g2, st, cid, at[1][1], atoms_by_step, si, free,
                            loose, past, epoch, events) or self.drawn_held_swapped(
                            line, left, g2, cid, at[1][1], atoms_by_step, si, free, loose,
                            events) or self.drawn_held_respent(
                            line, left, g2, cid, at[1][1], atoms_by_step, si, free, loose,
                            events) or self.drawn_spent_across(
                            line, left, g2, st, cid, at[1][1], atoms_by_step, si, free,
                            loose, past, epoch, events)
                    if got is None:
                        got = self.settle_draw(line, left[line], g2, st, cid, at[1][1],
                                               from_deck, atoms_by_step, si, free, dep,
                                               events, later=True)
                    if got is None and from_deck:
                        got = self.settle_draw_cycle(line, left, g2, cid, at[1][1],
                                                     atoms_by_step, si, free, loose, past,
                                                     epoch, self.serial + 1, events,
                                                     shuffled)
                    if got is None:
                        return None
                    new, named, _hit = got
                    if new != cid:
                        # The card named was drawn instead: it no longer stands for a card
                        # spent unseen in an earlier pile's time; the one put back does.
                        if was is not None:
                            if cid in g2.deck:
                                loose[cid] = was
                            else:
                                past[cid] = (*past.get(cid, ()), was)
                        was = loose.pop(new, None)
                        swapped = True
                    if was is not None:
                        past[new] = (*past.get(new, ()), was)
                    if named:
                        self.named_now.add(new)
                        atoms[j] = ("card", at[1], new)
                        cid = new
                    rank.append(self.rank_of[line] * 1000 + got[2])
                    by_step[-1].append(rank[-1])
                self.serial += 1
                (pre if from_deck else post).append(("draw", cid, self.serial))
                if not named and hidden_place(self.factions, at[1][1]):
                    free[cid] = (self.serial, epoch if from_deck else epoch + 1)
            if line is not None and any(at[0] in ("quest", "ruin") for at in atoms):
                settled = self.settle_vagabond(line, left[line], g2, atoms, events)
                if settled is None:
                    return None
                vb_swapped = vb_swapped or settled
            events.extend(pre)
            if shuffled:
                epoch += 1
                events.append(("reshuffle",))
            events.extend(post)
            events.extend(chance_events(st))
            if line is None:
                continue
            for j, at in enumerate(atoms):
                if j in drawn or at[0] == "unwritten":
                    continue  # settled above, or not written (a quest drawn)
                hit = self.consume(line, left[line], at, free, loose)
                if hit is None:
                    return None
                rank.append(self.rank_of[line] * 1000 + hit)
                by_step[-1].append(rank[-1])
        while seg_at < len(obs.segments):
            r = self._cross(line, left, obs.segments[seg_at], turns)
            if r is None:
                return None
            line, turns = r
            seg = obs.segments[seg_at]
            seg_at += 1
        if swapped and not g2.winners:
            # A card was swapped into a hand: the pending decision's options follow the hand.
            from ... import flow

            legal = legal_now(g2)
            if len(legal) < 2 and not flow.asked(g2, g2.stack[-1]):
                return None  # the engine would now decide by itself: not followed
        if vb_swapped and not g2.winners:
            # A hidden quest or ruin item was exchanged: the options follow the new one.
            legal = legal_now(g2)
        done = line is None or (
            not any(left[line]) and self.rank_of[line] == len(self.order) - 1
        )
        if g2.winners and not done:
            return None
        hospital = self.hospitals(g2)
        if any(self.stranded(line2, v, hospital) for line2, v in left.items()):
            return None
        if line is not None and self.battle_card_left(line, left[line], g2):
            return None
        if self.lazy and line is not None and (
                self.past_battle(line, pos.left.get(line), left[line])
                or self.losses_left(line, left[line])
                or self.battle_point_left(line, left[line], g2)
                or self.craft_passed(line, left[line], g2)
                or self.draw_passed(line, left[line])):
            return None
        npos = Pos(g2, legal, seg, line, turns, left, free, epoch, done, loose, past,
                   pos.fixed | self.named_now if self.named_now else pos.fixed, shown)
        used = sum(abs(x) for v in pos.left.values() for x in v) - sum(
            abs(x) for k, v in left.items() if k in pos.left for x in v
        )
        skipped = early = 0
        if rank and line is not None:
            # Recorded actions passed over (still open before the last one touched).
            ln = self.lines[line]
            base = pos.left.get(line) or [at.amount for at in ln.atoms]
            now = left[line]
            # A warrior removed while Field Hospitals may be asked for it (6.2.3) is
            # written as a move to the keep's clearing after the card paid for it
            # ('Ew12->/F#C->/w12->4': removed in the battle, before the card): its move is
            # not yet touched; the actions still open before that card are counted apart.
            saved: list[int] = []
            touched: list[int] = []
            for k, ra in enumerate(ln.atoms):
                if now[k] == base[k]:
                    continue
                if ra.kind == "from" and now[k + 1] == base[k + 1] and \
                        (ra.key[0], ra.key[2], ra.dest) in hospital:
                    saved.append(ra.action)
                else:
                    touched.append(ra.action)
            # Not when a battle still open in the record lies before the move: the
            # warriors saved are that battle's (a first battle in the clearing taking up
            # the second's Field Hospitals is out of the record's order).
            battles = [at.action for k, at in enumerate(ln.atoms)
                       if at.kind == "battle" and now[k]]
            last = max(touched, default=-1)
            late = [s for s in saved if any(last < b < s for b in battles)]
            if late:
                touched += late
                saved = [s for s in saved if s not in late]
                last = max(touched)
            skipped = len({at.action for k, at in enumerate(ln.atoms)
                           if now[k] and at.action < last})
            early = sum(len({at.action for k, at in enumerate(ln.atoms)
                             if now[k] and last < at.action < s - 1}) for s in saved)
        spent = self.spent
        # Matched out of the record's order (a later action before an earlier one).
        # Steps taken out of the record's order (what one step does happens at once).
        firsts = [min(x) for x in by_step if x]
        disorder = sum(1 for i in range(len(firsts)) for j in range(i + 1, len(firsts))
                       if firsts[i] > firsts[j])
        best = (min(rank), skipped, disorder, self.merged, spent, -used, early) if rank \
            else (10**9, 0, 0, 0, 0, 0, 0)
        return Cand(npos, (), tuple(events), cuts, best)

    @staticmethod
    def hospitals(g: Any) -> set[tuple[int, int, int]]:
        """Where Field Hospitals (6.2.3) is being decided or may still be asked: (seat,
        clearing of the warriors removed, the keep's clearing they may go to). It is asked
        after all removals of one step of a battle (1.5.4): while a battle is resolved, for
        the seats with a keep, in its clearing; and it may wait, set aside, while the turn
        player orders effects of several players (``order_effects``, ruling 33)."""
        frames = [(f.kind, f.seat, f.data) for f in g.stack]
        for f in g.stack:
            if f.kind == "order_effects":
                frames.extend((k, s, dict(d)) for k, s, d in f.data["pending"])
        out = {(s, d.get("c"), g.fs[s].keep) for k, s, d in frames if k == "field_hospital"}
        for f in g.stack:
            if f.kind == "battle":
                out.update((s, f.data["c"], fs.keep) for s, fs in enumerate(g.fs)
                           if getattr(fs, "keep", None))
        return out

    def battle_card_left(self, line: int, left: list[int], g: Any) -> bool:
        """Whether ``line`` still has a card used only in battle (Armorers, Brutal Tactics,
        Sappers) to discard from the play area where it lies when no battle is being
        resolved and the line has none left to start: no action can explain it any more (a
        roll chosen before the card, on which the card was not used)."""
        ln = self.lines[line]
        if self.in_battle(line, left, g):
            return False
        return any(left[k] and at.kind == "card" and at.key[0][0] == "board"
                   and at.key[1] == ("discard",) and at.spec is not None
                   and at.spec.keys is not None and at.spec.keys <= BATTLE_CARDS
                   # A crafted card of the play area: not a card of the supporters.
                   and not hidden_place(self.factions, at.key[0])
                   and any(DECK[c].key in at.spec.keys
                           for c in g.seats[at.key[0][1]].persistent)
                   for k, at in enumerate(ln.atoms))

    def in_battle(self, line: int, left: list[int], g: Any) -> bool:
        """Whether a battle is being resolved in state ``g`` or ``line`` has one left to
        start."""
        return any(f.kind == "battle" for f in g.stack) or any(
            left[k] for k, at in enumerate(self.lines[line].atoms) if at.kind == "battle")

    def battle_point_left(self, line: int, left: list[int], g: Any) -> bool:
        """Whether ``line`` still has points of another seat than the turn player's to
        score, written after one of its battles, when no battle is being resolved and the
        line has none left to start. Another seat scores in the turn player's turn in a
        battle (the buildings and tokens it removes, 3.2.1; the attacker's Brutal Tactics)
        or by Stand and Deliver! in Birdsong, before any battle: such points still open
        after the battles are a roll chosen that took up the battle's removals without them
        (``XE1/B#armor$->/E++/3Ew1->``: three hits rolled, where the record has two and
        Brutal Tactics' extra hit, which scores the defender's point). In the quick search
        (``lazy``) such a candidate is not followed, so that the roll is given up at once
        for the next one, not after every way on of the rest of the line (as
        ``past_battle``, ruling 449). Ruling 475."""
        ln = self.lines[line]
        battles = [at.action for at in ln.atoms if at.kind == "battle"]
        return bool(battles) and any(
            left[k] and at.kind == "vp" and at.key != ln.seat and at.action > battles[0]
            for k, at in enumerate(ln.atoms)) and not self.in_battle(line, left, g)

    def bounded(self, pos: Pos, g: Any, a: tuple[Any, ...]) -> bool:
        """Whether decision ``a`` of state ``g`` leaves the turn player fewer moves to come
        than the line has transfers of her warriors open between distinct pairs of
        clearings (``bounds.py``, rulings 535-536): not a decision the engine refuses at
        once (``Importer.unexplained``), but one whose course can never take up the line.
        Given up before it is run, as ``unexplained`` gives one up (``Importer.children``)."""
        if pos.line is None:
            return False
        kind = g.stack[-1].kind
        if kind == "decree":
            return self.decree_moves_short(pos.line, pos.left[pos.line], g, a)
        if kind == "cat_actions":
            return self.actions_moves_short(pos.line, pos.left[pos.line], g, a)
        return False

    def decree_moves_short(self, line: int, left: list[int], g: Any, a: tuple[Any, ...]) -> bool:
        """Whether the Eyrie's Decree decision ``a`` of state ``g`` leaves fewer moves to
        come in her turn than ``line`` has transfers of her warriors still open
        (:func:`bounds.decree_short`, ruling 535): given up before it is run."""
        return decree_short(self.lines[line], left, g, a)

    def actions_moves_short(self, line: int, left: list[int], g: Any, a: tuple[Any, ...]) -> bool:
        """Whether the Marquise's Daylight decision ``a`` of state ``g`` leaves fewer moves
        to come in her turn than ``line`` has transfers of her warriors still open
        (:func:`bounds.actions_short`, ruling 536): given up before it is run."""
        return actions_short(self.lines[line], left, g, a)

    def craft_passed(self, line: int, now: list[int], g: Any = None) -> bool:
        """Whether ``line`` has a craft (``Zsap``) still open behind an action it writes
        later that is taken up: the candidate went on past a craft the hand could not make
        there (its card spent earlier where a spending by suit could have taken another,
        ruling 450). In the quick search (``lazy``) such a candidate is not followed, so
        that the line fails at the craft and the search goes back at once (``backjump``,
        ruling 426), not after every way on of the rest of the line; the full search still
        follows it (``skipped``). Ruling 483. Not when what was taken up past the craft
        holds a draw into the crafting hand that may bring the card crafted, before the
        Evening of state ``g`` (``crafted_drawn``, ruling 506)."""
        ln = self.lines[line]
        crafts = [k for k, at in enumerate(ln.atoms) if at.kind == "craft" and now[k]]
        if not crafts:
            return False
        craft = ln.atoms[crafts[0]]
        passed = [k for k, at in enumerate(ln.atoms)
                  if at.action > craft.action and now[k] != at.amount]
        return bool(passed) and not (
            g is not None and current_step(g)[0] != "evening"
            and self.crafted_drawn(line, craft, passed))

    def own_draws(self, line: int) -> list[int]:
        """The atoms of ``line`` that draw a card from the draw pile into the hand of the
        line's own seat (``#->C`` in the Marquise's line: Tax Collector's, the Evening's)."""
        ln = self.lines[line]
        return [k for k, at in enumerate(ln.atoms)
                if at.kind == "card" and at.key == (("deck",), ("hand", ln.seat))]

    def crafted_drawn(self, line: int, craft: RAtom, passed: list[int]) -> bool:
        """Whether the atoms ``passed`` (taken up past the open ``craft``) hold a draw into
        the crafting hand whose card may be the one crafted. The record writes the craft
        first (4.1), but the course's identities may have spent the card the hand held for
        it by suit at an earlier line (a Tax Collector's draw paid at once for Field
        Hospitals, where the game paid another card of its suit and kept the draw): the
        card crafted is then given to that later draw by exchange, a course out of the
        record's order that leads on, which the quick search follows (``craft_passed``)
        rather than go back over the lines between; not once the turn is in its Evening,
        where no craft follows the draw (the Evening's ``2#->C``). Ruling 506."""
        atoms = self.lines[line].atoms
        specs = [atoms[k].spec for k in set(self.own_draws(line)) & set(passed)]
        return any(spec is None or craft.spec is None or any(
            spec.matches(c.id) and craft.spec.matches(c.id) for c in DECK) for spec in specs)

    def draw_passed(self, line: int, now: list[int]) -> bool:
        """Whether ``line`` has a draw into its seat's hand (``#->C``) still open behind a
        movement it writes later, of a piece, a battle or points, that is taken up. The
        record writes a turn's actions in their order: such a candidate went on past the
        draw (``XE6/Ew6->/#->C/F#C->/w6->1``: the battle's roll had the Eyrie hit the
        warrior Tax Collector removes, Field Hospitals taken up by the battle, and the
        Evening's draw left to take up ``#->C``). In the quick search (``lazy``) it is not
        followed, so that the roll is given up at its hits, not after every way on of the
        rest of the line; the full search still follows it (``skipped``). A card movement
        written after the draw does not count: a card spent by its suit only may be taken
        up by another spending of its suit out of the written order (a Field Hospitals
        payment taken up as the Evening's discard ``R#C->``, before the Evening's draw),
        which the record does not tell apart. Ruling 505, the draw form of ruling 483."""
        atoms = self.lines[line].atoms
        first = min((atoms[k].action for k in self.own_draws(line) if now[k]), default=None)
        return first is not None and any(
            at.action > first and now[k] != at.amount and at.kind != "card"
            for k, at in enumerate(atoms))

    def past_battle(self, line: int, base: list[int] | None, now: list[int]) -> bool:
        """Whether pieces removed in a clearing were taken up by a removal the line writes
        after a battle in that clearing it has not started yet (``XE7/.../XE7/(2w+2Ew)7->``:
        the second battle's losses taken up by the first's roll). The record writes a
        battle's losses after it (4.3.1): in the quick search (``lazy``) such a candidate is
        not followed, so that a roll the record does not write is given up at once for the
        next one, not after every way on of the line; the full search still follows it, as
        a tie-breaker (``skipped``). Ruling 449. Pieces leaving the clearing by a transfer
        the line writes after that battle count as well (``REMOVALS``: Field Hospitals'
        ``M#C->/w9->4`` after a second ``XE9``, taken up by the first battle's roll, which
        left no warrior there for the second; ruling 507)."""
        ln = self.lines[line]
        base = base or [at.amount for at in ln.atoms]
        fights: set[int] = set()
        for k, at in enumerate(ln.atoms):
            if at.kind == "battle" and now[k]:
                fights.add(int(at.key[-1]))
            elif at.kind in REMOVALS and now[k] != base[k] and int(at.key[-1]) in fights:
                return True
        return False

    def losses_left(self, line: int, now: list[int]) -> bool:
        """Whether a removal the line writes after a battle started in its clearing is still
        open where a battle the line writes after that removal has started (``XC5/Ct5->/++/
        w5->/.../XC9/.../XC5/...``: the first battle's roll removed two warriors, not the
        wood, left to the third). The record writes a battle's losses after it, before the
        next (4.3.1), and one battle is over before another starts: in the quick search
        (``lazy``) such a candidate is not followed, so that a roll the record does not write
        is given up as the next battle starts, not after every way on of the line; the full
        search still follows it (``skipped``). The converse of ``past_battle``. Ruling 470."""
        fought: int | None = None  # the clearing of the last battle written, when started
        owed = False
        for k, at in enumerate(self.lines[line].atoms):
            if at.kind == "battle":
                if owed and not now[k]:
                    return True
                fought = None if now[k] else int(at.key[-1])
            elif at.kind == "remove" and now[k] and int(at.key[-1]) == fought:
                owed = True
        return False

    def stranded(self, line: int, left: list[int], hospital: set[tuple[int, int, int]]) -> bool:
        """Whether a recorded transfer of ``line`` has pieces that left (a removal matched
        its departure) and cannot arrive any more: only Field Hospitals (6.2.3) takes
        warriors removed to another clearing, while it is being decided."""
        # By the keep's clearing, not the clearing left: Field Hospitals of two clearings
        # (a Favor) put warriors in the same clearing, either written move may be either.
        open_to = {(s, d) for s, _c, d in hospital}
        for k, at in enumerate(self.lines[line].atoms):
            if at.kind == "from" and left[k] < left[k + 1] and \
                    (at.key[0], at.dest) not in open_to:
                return True
        return False

    def _cross(
        self, line: int | None, left: dict[int, list[int]], seg: Segment, turns: int
    ) -> tuple[int | None, int] | None:
        """Enter the next segment: the current line must be complete."""
        if line is not None:
            if any(left[line]):
                # The engine's segment is over with part of the line not explained.
                ln = self.lines[line]
                what = "setup" if line in self.setup_line.values() else "turn"
                self.note_open(line, left[line], "no legal action explains this movement "
                               f"(the {what} of the {self.factions[ln.seat]} ends without it)")
                return None
            del left[line]  # complete: nothing more to check there
        new = self.line_for(seg, turns)
        if seg.kind == "turn":
            turns += 1
        if new is not None:
            if self.lines[new].seat != seg.seat:
                return None
            left.setdefault(new, [at.amount for at in self.lines[new].atoms])
        return new, turns
