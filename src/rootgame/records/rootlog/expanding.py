"""One decision of a Rootlog import's search (mixed into ``importer.Importer``): the
engine's legal actions at a decision tried on copies of the game (:meth:`Expanding.evaluate`),
those whose every change the record's line explains kept (``matching.py``), refuted ones
dropped, and the rest ordered best first (:meth:`Expanding.ordered`: the tie-breakers of
the rulings that choose among actions the record cannot tell apart). The search that walks
these decisions, goes back and gives up is ``importer.py``.
"""

from __future__ import annotations

from typing import Any

from ...actions import token
from ...cards import DECK
from ...errors import RootError
from ...factions.eyrie import COLUMNS as EYRIE_COLUMNS
from ...factions.marquise import building_clearings
from ...rules.core import board as map_board
from .alike import named_first, naming_ties
from .atoms import Line, engine_atoms
from .cards import CardSpec
from .decisions import (
    BATTLES,
    BUILDS,
    HAND_CARDS,
    asks_count,
    marker_moved,
    moved_by,
)
from .exchanges import lacking
from .factions import Loc
from .latest import latest_drawn_first
from .opening import Opening
from .result import arg_domains
from .search import (
    MAX_SILENT,
    RANDOM_TAKES,
    Cand,
    Pos,
    SeenStates,
    Silent,
    craft_shortage,
    distinct,
    falling_rank,
    falls_in_column,
    held_suits,
    leaves_short,
)
from .steps import (
    AT_HAND,
    DICE_OPTIONS,
    LOOKED_THROUGH,
    Cut,
    Observer,
    Segment,
    Snap,
    advance,
    apply_decision,
    piece_code,
)


class Expanding(Opening):
    """The candidates of one decision of the search, best first."""

    lines: list[Line]
    order: list[int]
    rank_of: dict[int, int]
    snaps: dict[int, tuple[Any, Snap]]
    evaluations: int

    spare_unnamed: bool = False
    """Whether the search tries first, of the actions otherwise tied, one whose cards spent
    unnamed leave the hand a card for the line's later spendings from it by suit
    (:func:`unnamed_short`): ruling 961's quick search, abreast of the later ones
    (``searches.SPARED``)."""

    latest_first: bool = False
    """Whether the search tries, of the actions that tie, the one spending the card drawn
    latest into the hand first: the third search, where the first two give up
    (``latest.py``, ruling 640)."""

    def evaluate(
        self, pos: Pos, g: Any, a: tuple[Any, ...], prefix: tuple[str, ...],
        before: tuple[tuple[Any, ...], ...], dice_plan: list[tuple[int, int]], pick: int | None,
    ) -> list[Cand | Silent]:
        """Apply ``a`` to a copy of ``g``: the candidates it gives (one per choice of dice
        when the record gives none), or a silent result (no visible effect)."""
        self.evaluations += 1
        g2 = g.clone()
        if pick is not None:
            g2.forced = [("pick", pick)]
        cuts: list[Cut] = []
        segs: list[Segment | None] = [pos.seg]

        def on_cut(gs: Any, seg: Segment) -> None:
            if segs[-1] is not None:
                cuts.append((obs.snap, segs[-1]))  # the board now (``Observer.before_driver``)
            segs.append(seg)

        snap = self.snaps.get(id(g))
        if snap is None or snap[0] is not g:
            snap = (g, Snap(g))
            self.snaps[id(g)] = snap
        obs = Observer(g2, list(dice_plan), None, on_cut, snap[1])
        obs.dice_for = self._dice_for(pos, obs)
        try:
            first = engine_atoms(apply_decision(g2, obs, a), self.factions)
            if self.refuted(pos, first):
                return []  # what the decision itself changes is not in the record
            legal = advance(g2, obs, LOOKED_THROUGH)
        except (RootError, ValueError, KeyError, IndexError):
            return []  # the engine refuses (a chance outcome forced where it does not fit)
        finally:
            # The two hooks refer to ``obs``: without them the observer (and the state it
            # watched, when not kept) is freed at once, not by the garbage collector.
            obs.on_cut = obs.dice_for = None
        if pick is not None:
            g2.forced = []
        if obs.dice_needed:
            out: list[Cand | Silent] = []
            for roll in DICE_OPTIONS:
                out.extend(self.evaluate(pos, g, a, prefix, before, dice_plan + [roll], pick))
            return out
        r = self.match(pos, g2, legal, obs, tuple(cuts), first)
        if r is None:
            return []
        tokens = prefix + (token(a),) + tuple(token(x) for x in obs.through)
        if isinstance(r, Cand):
            r.tokens = tokens
            r.events = before + r.events
            return [r]
        return [(g2, legal, tokens, before + r)]

    def refuted(self, pos: Pos, atoms: list[tuple[Any, ...]]) -> bool:
        """Whether the step a decision makes by itself (the first of its path, before the
        engine runs on to the next decision; its ``engine_atoms``) already disagrees with
        the record: one of its changes is no open movement of the line. ``match`` would
        give the candidate up at that step, whatever came after (the dice, the drivers):
        this finds it before the engine runs on. Not decided here (False): a step that
        draws a card, or finds a quest or a ruin's item (their identities are settled by
        ``match``), or changes nothing visible."""
        if pos.line is None:
            return False
        if not atoms or any(at[0] in ("quest", "ruin") or (
                at[0] == "card" and at[1][0] == ("deck",)) for at in atoms):
            return False
        left = pos.left[pos.line][:]
        free, loose = dict(pos.free), dict(pos.loose)
        return any(at[0] != "unwritten" and self.consume(pos.line, left, at, free, loose) is None
                   for at in atoms)

    def unexplained(self, pos: Pos, g: Any, a: tuple[Any, ...]) -> bool:
        """Whether decision ``a`` of state ``g`` changes at once something that no open
        movement of the line can take up (``consume`` could not), so that ``refuted`` would
        refuse it: found without copying the state.

        - Warriors moved (:func:`moved_by`: at once, or by the count asked next, which
          ``refuted`` would refuse) out of a clearing where the line has no transfer between
          the two clearings with both halves open, and either no removal there or no
          placement in the clearing moved to (a move is taken up as transfers, then as a
          removal and a placement); a count larger than all of those together.
        - A card taken out of the hand (:data:`HAND_CARDS`) that no open craft or card
          leaving that hand fits (added to the Decree: for that column).
        - A battle started (:data:`BATTLES`) that the line has no open battle for, a
          building or wood placed (:data:`BUILDS`) or the Marquise's recruits (a warrior
          at each recruiter) that it has no open placement for, a new leader of the Eyrie
          it does not write."""
        if pos.line is None:
            return False
        ln = self.lines[pos.line]
        left = pos.left[pos.line]
        f = g.stack[-1]
        if f.seat is None:
            return False
        key = (f.kind, a[0])
        at = HAND_CARDS.get(key)
        if at is not None:
            cid = int(a[at])
            if a[0] == "craft":
                idx = ln.by_key.get(("craft", f.seat), [])
            elif a[0] == "decree":
                idx = ln.by_key.get(("card", (AT_HAND[f.seat], (
                    "decree", f.seat, EYRIE_COLUMNS.index(str(a[2]))))), [])
            else:
                idx = [k for k, x in enumerate(ln.atoms)
                       if x.kind == "card" and x.key[0] == AT_HAND[f.seat]]
            if not any(left[k] and (sp := ln.atoms[k].spec) is not None and sp.matches(cid)
                       for k in idx):
                return True
        if key == ("eyrie_leader", "leader"):  # 7.3.3, 7.7.3: the new leader is written
            return not any(left[k] for k in ln.by_key.get(("leader", (f.seat, str(a[1]))), []))
        at = BATTLES.get(key)
        if at is not None:
            battle = (f.seat, int(a[at + 1]), int(a[at]))
            return not any(left[k] for k in ln.by_key.get(("battle", battle), []))
        if key == ("cat_actions", "recruit"):
            # 6.5.3: a warrior at each recruiter at once, when the supply has enough.
            recruiters = building_clearings(g, f.seat, "recruiter")
            if not recruiters or len(recruiters) > g.fs[f.seat].warriors:
                return False
            return not all(any(left[k] > 0 for kind in ("place", "to")
                               for k in ln.by_key.get((kind, (f.seat, "w", c)), []))
                           for c in set(recruiters))
        built = BUILDS.get(key)
        if built is not None:
            c = int(a[built[1]])
            kind = built[0] if isinstance(built[0], str) else str(a[built[0]])
            code = piece_code(self.factions[f.seat], kind, map_board(g).suit[c])
            return not any(left[k] > 0 for kind in ("place", "to")
                           for k in ln.by_key.get((kind, (f.seat, code, c)), []))
        m = moved_by(g, a)
        if m is None:
            return False
        s, o, d = m
        whole = sum(max(0, min(left[k], left[k + 1]))
                    for k in ln.by_key.get(("transfer", (s, "w", o, d)), []))
        # Beyond the transfers, only as a removal and a placement (``consume``: not as the
        # departure and the arrival of other transfers).
        halves = min(sum(max(0, left[k]) for k in ln.by_key.get((kind, (s, "w", c)), []))
                     for kind, c in (("remove", o), ("place", d)))
        n = int(a[1]) if a[0] == "count" else 1
        return whole + halves < n

    # --- the search ----------------------------------------------------------------------
    def children(
        self, pos: Pos, frontier: list[Silent] | None = None, depth: int = 0
    ) -> tuple[list[Cand], list[Silent], int]:
        """The ways (after up to ``MAX_SILENT`` decisions without visible effect) that the
        engine can go on in agreement with the record, best first. The search through silent
        decisions stops early when a candidate already follows the record exactly; what is
        left to search is returned (frontier, depth) for when the search comes back."""
        if frontier is None:
            self.arrange(pos)
            frontier = [(pos.g, pos.legal, (), ())]
        self.snaps.clear()
        out: list[Cand] = []
        seen = SeenStates()
        perfect = self.perfect_rank(pos)
        while frontier and depth < MAX_SILENT:
            nxt: list[Silent] = []
            rest: list[Silent] | None = None
            for fi, (g, legal, prefix, before) in enumerate(frontier):
                order = self.ordered(pos, legal, g)
                for ai, a in enumerate(order):
                    if self.unexplained(pos, g, a) or self.bounded(pos, g, a):
                        if asks_count(g, a):
                            # Run, it would be a silent state (the count is asked next)
                            # whose every count is refused: kept as one with no way on,
                            # so that the search comes back here as it would.
                            nxt.append((g, [], prefix, before))
                        continue
                    picks: list[int | None] = [None]
                    if a[0] in RANDOM_TAKES:
                        picks = self.pick_options(pos, g, a) or [None]
                    for pk in picks:
                        for r in self.evaluate(pos, g, a, prefix, before, [], pk):
                            if isinstance(r, Cand):
                                out.append(r)
                                if rest is None and self.lazy and self.ideal(pos, r, perfect):
                                    rest = []
                            elif seen.new(r[0]):
                                nxt.append(r)
                    if rest is not None:
                        # A candidate follows the record exactly: the other actions are
                        # tried only if the search comes back here.
                        later = order[ai + 1 :]
                        rest = ([(g, later, prefix, before)] if later else []) + frontier[fi + 1 :]
                        break
                if rest is not None:
                    break
            if rest is not None:
                frontier = rest + nxt
                break
            frontier = nxt
            depth += 1
            if any(c.rank[:2] == perfect for c in out):
                break
        if depth >= MAX_SILENT:
            frontier = []
        if len(out) < 2:
            return out, frontier, depth  # nothing to tell apart
        return distinct(sorted(out, key=lambda c: c.rank)), frontier, depth

    def ideal(self, pos: Pos, c: Cand, perfect: tuple[int, int]) -> bool:
        """A candidate that takes up the first open action completely, skips nothing, and
        needs no tie-breaker (order, merging, cards spent that the record names later, actions
        left before a Field Hospitals payment)."""
        if c.rank[:5] != (*perfect, 0, 0, 0) or c.rank[6] or pos.line is None:
            return False
        if c.pos.line != pos.line:
            return True
        first = perfect[0] % 1000
        left = c.pos.left[pos.line]
        return not any(left[k] for k, at in enumerate(self.lines[pos.line].atoms)
                       if at.action == first)

    def ordered(
        self, pos: Pos, legal: list[tuple[Any, ...]], g: Any = None
    ) -> list[tuple[Any, ...]]:
        """The legal actions of state ``g`` (``pos.g`` when not given: a silent decision may
        have been taken since), those that name the clearings or fit the cards of the next
        open actions of the line first, an action taking off the score marker that the line
        moves next counting that movement and its card too (ruling 448); of the cards a
        craft may spend, one the record has named before an unnamed draw (``unnamed_spent``,
        ruling 463) (a cheap guess; every action is still tried). A decision of two actions
        keeps the engine's order: the orders of rulings 463, 550 and 560 do not reach it (a
        craft of two alike cards, a Decree action with a bird or a card of the clearing's
        suit). Ordering it too changed no import of seeds 1000-1099, nor of 1000-1049 with
        the draws named (review57); with no seed it changes, it is left as it is. The third
        search takes the actions that tie latest drawn card first (ruling 640), those of a
        decision of two actions too (before the orders above, which sort stably). Ruling
        961's search (``spare_unnamed``), last of all: a card the line spends from a hand
        unnamed (Mobilize, ``#A->$``) that leaves the hand a card for each of the line's
        later spendings from it by suit (:func:`unnamed_short`)."""
        if self.latest_first:
            legal = latest_drawn_first(pos.g if g is None else g, legal)
        if pos.line is None or len(legal) < 3:
            return legal
        line = pos.line
        ln = self.lines[line]
        left = pos.left[line]
        open_acts = sorted({at.action for k, at in enumerate(ln.atoms) if left[k]})
        acts = open_acts[:2]
        places: set[int] = set()
        # The clearings of the few actions after those break ties (the clearing of a
        # sympathy token is written after the supporters paid for it, 8.4.2).
        ahead: set[int] = set()
        specs: list[CardSpec] = []
        marks: set[tuple[int, int]] = set()
        for k, at in enumerate(ln.atoms):
            if not left[k] or at.action not in open_acts[:6]:
                continue
            if at.spec is not None and at.action in acts:
                specs.append(at.spec)
            if at.kind == "marker" and at.action in acts:
                marks.add(at.key)
            key = at.key
            if at.kind in ("place", "remove", "from", "to", "battle") and isinstance(key, tuple):
                into = places if at.action in acts else ahead
                into.add(int(key[-1]))
                if at.kind == "from":
                    into.add(at.dest)

        g = pos.g if g is None else g
        kind = g.stack[-1].kind if g.stack else ""
        shortage = craft_shortage(pos, ln, left)

        seat = g.stack[-1].seat if g.stack else None
        # A Decree column where the line may have the Eyrie fall into turmoil (ruling 550).
        failing = kind == "decree" and seat is not None and falls_in_column(
            ln, left, seat, g.fs[seat].col, len(g.fs[seat].pending))
        # Its move column: the suits she can still carry out at the purge (ruling 616).
        held = held_suits(g, ln, left, seat) if failing and seat is not None and \
            g.fs[seat].col == 1 else None

        def score(a: tuple[Any, ...]) -> tuple[int, int, int, int, int, int, int, int, int]:
            n = m = unnamed = 0
            if marker_moved(seat, a) in marks:
                # The score marker and the card (of its own domain, not counted below).
                n += 1 + any(sp.matches(int(a[1])) for sp in specs)
            soon = len(self.order)
            moved = 1  # a named card moved where the record next names it (ruling 782)
            kept = 0  # a named card moved unnamed from where it is next named (ruling 860)
            doms = arg_domains(kind, a)
            for x, dom in zip(a[1:], doms, strict=False):
                if isinstance(x, int):
                    if dom != "card":
                        n += x in places
                        m += x in ahead
                    if dom in ("card", "?") and 0 <= x < len(DECK):
                        n += any(sp.matches(x) for sp in specs)
                        if dom == "card":
                            soon = min(soon, self.redrawn_at(DECK[x].key, line, left))
                            mv, kp = naming_ties(self, pos, g, x, acts)
                            moved, kept = min(moved, mv), max(kept, kp)
                            if a[0] == "craft":
                                unnamed += self.unnamed_spent(pos, x, line, left)
                            else:  # a named card before an alike draw (ruling 593)
                                unnamed += named_first(pos, g, x, specs)
            # Which Decree card carried an action out leaves no trace (7.5.2): a card of the
            # clearing's suit first, a bird (which fits any clearing) kept for later; in the
            # column where the line has the Eyrie fall into turmoil, a bird first (ruling 550).
            wild = int(kind == "decree" and len(a) > 1 and a[1] == "bird")
            if failing and seat is not None:
                # In the move column, a card of a suit she still holds clearings of at the
                # purge before a bird, a suit she has left last (ruling 616); an action that
                # leaves the column short after all of them (ruling 656).
                wild = falling_rank(a, held, leaves_short(g, ln, left, seat, a))
            return -n, -m, shortage(a), wild, moved, kept, soon, unnamed, spared(a)

        # Ruling 961's search: a card the line spends from the hand unnamed, one its later
        # spendings from that hand by suit still leave a card for.
        hand: list[int] = []
        needs: list[CardSpec] = []
        if seat is not None and self.spare_unnamed:
            hand = g.seats[seat].hand
            needs = hand_needs(ln, left, AT_HAND[seat])

        def spared(a: tuple[Any, ...]) -> int:
            return unnamed_short(hand, needs, a, arg_domains(kind, a)) if needs else 0

        return sorted(legal, key=score)

    def perfect_rank(self, pos: Pos) -> tuple[int, int]:
        """The rank of a candidate that takes up the first open action and skips nothing."""
        if pos.line is None:
            return (-1, -1)
        left = pos.left[pos.line]
        for k, at in enumerate(self.lines[pos.line].atoms):
            if left[k]:
                return (self.rank_of[pos.line] * 1000 + at.action, 0)
        return (-1, -1)



def hand_needs(ln: Line, left: list[int], hand: Loc) -> list[CardSpec]:
    """The specs of the open movements of ``ln`` (``left``) that take a card out of
    ``hand``, in the line's order, up to the first open one that puts a card into it (a
    draw may bring what the later ones need). Ruling 961."""
    out: list[CardSpec] = []
    for k, at in enumerate(ln.atoms):
        if not left[k] or at.kind != "card" or at.spec is None:
            continue
        if at.key[1] == hand:
            break
        if at.key[0] == hand:
            out.append(at.spec)
    return out


def unnamed_short(
    hand: list[int], needs: list[CardSpec], a: tuple[Any, ...], doms: tuple[str, ...]
) -> int:
    """How many of ``needs`` (the specs of the line's open movements of cards out of
    ``hand``) the hand would lack after action ``a`` (argument domains ``doms``) spends
    its cards, each of them met by the first need it fits, where that need names nothing
    of the card (``#A->$``, Mobilize: the supporters are face down, 8.2.2); 0 for any
    other action. Ruling 961 (8.5.1 Mobilize, 8.5.3 Train): seed 1023 with the Alliance,
    people-style, line 122 (``Zarmor/#A->$/B#A->/w->$``): the quick search mobilized the
    Arms Trader, the hand's only bird, that the Train next needed (birds are wild, 2.1.1),
    and spent its room on the moves after it without coming back to the Mobilize."""
    cards = [x for x, d in zip(a[1:], doms, strict=False)
             if d == "card" and isinstance(x, int) and x in hand]
    rest = list(needs)
    for x in cards:
        k = next((i for i, sp in enumerate(rest) if sp.matches(x)), None)
        if k is None or rest[k].suit is not None or rest[k].keys is not None \
                or rest[k].item is not None:
            return 0  # the card is written (a suit, a name, an item): the record decides
        del rest[k]
    # Only the needs written by their suit: a card the record names later is kept by the
    # orders of rulings 782 and 860.
    rest = [sp for sp in rest if sp.keys is None and sp.item is None]
    return len(lacking([x for x in hand if x not in cards], rest)) if cards else 0
