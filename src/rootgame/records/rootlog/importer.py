"""One search of a Rootlog import: replaying a record against the engine (the searches
tried in turn and the entry points :func:`replay_rootlog` and :func:`import_rootlog` are
``searches.py``).

At each decision the engine's legal actions are tried on a copy of the game; an action is
kept when everything it changes (``steps.py``) is a movement of the record's current line
(``atoms.py``). The search is depth first, best candidates first, and goes back when the
record later disagrees; what the engine did is matched against the record's line by
``matching.py``, card identities are settled by ``identity.py``. The game returned replays
from its own start through the public API (``result.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from contextvars import ContextVar
from typing import Any

from ...actions import token
from ...cards import DECK
from ...errors import RootError
from ...factions.eyrie import COLUMNS as EYRIE_COLUMNS
from ...factions.marquise import building_clearings
from ...rules.core import board as map_board
from .alike import kept_for_naming, kept_from_base, moved_to_naming, named_first
from .atoms import Converter, engine_atoms, named_from
from .cards import CardSpec
from .decisions import (
    BATTLES,
    BUILDS,
    HAND_CARDS,
    asks_count,
    marker_moved,
    moved_by,
)
from .exchanges import alike, beside, lacking, line_draws, spared, spent_named
from .factions import Loc, check_supported, hidden_place
from .identity import held
from .latest import latest_drawn_first, probe
from .notation import FACTION_NAMES, RootlogError, RootlogGame
from .opening import Opening
from .result import Result, arg_domains
from .search import (
    MAX_JUMPS,
    MAX_SILENT,
    RANDOM_TAKES,
    RESTART_AFTER,
    STALL,
    STALL_PER_ATOM,
    Cand,
    Node,
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
from .shown import breaks_shown, outrage_surplus
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

Watch = Callable[[int, int], None]
"""Told (lines matched, lines of the record) where a search gets further than it had."""

WATCH: ContextVar[Watch | None] = ContextVar("rootlog_watch", default=None)
"""What the searches of an import tell of their progress (``replay_rootlog``'s ``watch``:
a progress bar of the command line); each search tells its own furthest line."""


class Importer(Opening, Result):
    """The search: at each decision, the legal actions whose effect the record explains."""

    sparing: bool = True
    """Whether the search, going back for a card the failed line lacks, goes first to a
    spending of an unnamed draw by its suit that could have spent a card held by its name
    instead (``backjump``, ``exchanges.spared``, ruling 521)."""

    named_back: bool = True
    """Whether the search, going back for a card the failed line lacks where no spending
    of an unnamed draw is left to take back, goes to the latest spending by suit of a card
    the record named that the need allows (``backjump``, ``exchanges.spent_named``, ruling
    570)."""

    hurrying: bool = True
    """Whether the quick search goes back at once (after a third of its room) where its
    furthest line lacks a card spent before the line's cards go into the hand (ruling
    531)."""

    drawn_late: bool = True
    """Whether what the failed line lacks (``unmet``) leaves out, for a card the line
    spends from a hand before its cards go into it, the hand's unnamed draws of the line
    (ruling 530)."""

    latest_first: bool = False
    """Whether the search tries, of the actions that tie, the one spending the card drawn
    latest into the hand first: the third search, where the first two give up
    (``latest.py``, ruling 640)."""

    probing: bool = True
    """Whether the first search, at its first dead end, tries the third search's order as a
    quick probe first (:meth:`probed`, ``latest.probe``, ruling 680)."""

    handing_over: bool = False
    """Whether the first search gives up at its first dead end instead (:meth:`probed`):
    for a record naming its spendings, ruling 660's fallback is tried then (ruling 712)."""

    handed_over: bool = False
    """Whether it gave up so (``searches.searched`` then makes the whole first search only
    where it did)."""

    def __init__(self, rec: RootlogGame, lazy: bool = True, again: bool = True) -> None:
        self.rec = rec
        self.watch = WATCH.get()
        self.lazy = lazy
        """Stop trying a decision's actions at the first that follows the record exactly
        (the others are tried if the search comes back)."""
        self.again = lazy and again
        """The quick search may still search again from its first exchange the other order
        makes otherwise (``restart``, ruling 436)."""
        self.unprobed = self.again
        """The first search has not yet tried the probe (:meth:`probed`, ruling 680)."""
        self.turns_at = {}
        self.expanding = None
        self.unrepaired = set()
        self.unfixed = set()
        self.solved_at = {}
        self.jumps = MAX_JUMPS
        """How many times the search goes back before it gives up (``backjump``)."""
        self.room = 1
        """The stall room (``STALL``, ``STALL_PER_ATOM``) is divided by this."""
        self.serial = 0
        self.expansions = 0
        """The states this search has expanded, its restart's included (:meth:`steps`)."""
        self.merged = 0
        """Engine changes that took up more than one recorded movement (in one ``match``)."""
        self.snaps: dict[int, tuple[Any, Snap]] = {}
        """Snapshots of the states being expanded (the same state starts many evaluations)."""
        self.failure: tuple[tuple[int, ...], RootlogError] | None = None
        self.stuck: Node | None = None
        """The last node of the furthest line reached where the search failed."""
        self.unmet_at: tuple[Node | None, dict[bool, list[CardSpec]]] = (None, {})
        """:meth:`unmet` of ``stuck``, by ``early_only``: asked at every expansion once the
        quick search has stalled a while (rulings 459, 531), it changes only with ``stuck``."""
        self.evaluations = 0
        self.named_now: set[int] = set()
        """Cards the record names in the step being matched (``Pos.fixed``)."""
        self.drawn_as: dict[int, int] = {}
        letters = list(rec.players)
        for t in rec.turns:
            if t.faction not in letters:
                letters.append(t.faction)
        check_supported(rec, letters)
        self.options = rec.setup_options()
        """``new_game``'s map, deck, suits and landmarks, from the header."""
        self.letters = letters
        self.factions = [FACTION_NAMES[x] for x in letters]
        self.seat_of = {x: i for i, x in enumerate(letters)}
        conv = Converter(self.seat_of, self.factions,
                         dict(rec.landmarks).get("black-market", 0), self.options["deck"])
        self.lines = [conv.line(i, t) for i, t in enumerate(rec.turns)]
        self.setup_line: dict[int, int] = {}
        self.turn_lines: list[int] = []
        for ln in self.lines:
            if ln.turn.setup:
                self.setup_line[ln.seat] = ln.index
            else:
                self.turn_lines.append(ln.index)
        for s, x in enumerate(letters):
            if s not in self.setup_line:
                raise RootlogError(f"the record has no setup line for {x}", 0, 0, "",
                                   f"a line '{x}:...' with {x}'s setup")
        self.first = self.lines[self.turn_lines[0]].seat if self.turn_lines else 0
        self.spent = 0
        self.order = [ln.index for ln in self.lines if ln.turn.setup] + self.turn_lines
        self.rank_of = {line: r for r, line in enumerate(self.order)}
        self.named_at: dict[str, list[tuple[int, int]]] = {}
        """Card key -> the ranks of the lines that name a card of that key leaving a hand
        (played, discarded, crafted, given, an ambush), in order."""
        self.drawn_at: dict[str, list[int]] = {}
        """Card key -> the ranks of the lines that name a card of that key drawn from the
        draw or discard pile, in order."""
        self.crafted_at: dict[str, list[tuple[int, int, Loc | None]]] = {}
        """Card key -> the crafts written by their item only that may take a card of that
        key (``Z%t``: any Root Tea), as ``named_at``, with the crafter's hand (ruling 840)."""
        for line in self.order:
            for k, at in enumerate(self.lines[line].atoms):
                if at.spec is None or at.kind not in ("card", "craft", "ambush"):
                    continue
                drawn = at.kind == "card" and at.key[0] in (("deck",), ("discard",))
                if not drawn and at.kind == "card" and not hidden_place(self.factions,
                                                                        at.key[0]):
                    continue
                if at.spec.keys is not None and len(at.spec.keys) == 1:
                    for key in at.spec.keys:
                        if drawn:
                            self.drawn_at.setdefault(key, []).append(self.rank_of[line])
                        else:
                            self.named_at.setdefault(key, []).append((self.rank_of[line], k))
                elif at.kind == "craft":
                    for key in at.spec.alike:
                        self.crafted_at.setdefault(key, []).append(
                            (self.rank_of[line], k, named_from(at.kind, at.key)))

    # --- one decision ---------------------------------------------------------------------
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
        decision of two actions too (before the orders above, which sort stably)."""
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

        def score(a: tuple[Any, ...]) -> tuple[int, int, int, int, int, int, int, int]:
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
                            moved = min(moved, moved_to_naming(self, pos, g, x, acts))
                            kept = max(kept, kept_for_naming(self, pos, g, x, acts),
                                       kept_from_base(self, pos, g, x, acts))  # 872
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
            return -n, -m, shortage(a), wild, moved, kept, soon, unnamed

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

    def run(self, budget: int, root: Node | None = None) -> Node:
        """The search from ``root`` (the record's start when None) within ``budget`` states
        (:meth:`steps` run through): the node where the record ends, or the error of the
        furthest line reached where it gives up."""
        steps = self.steps(budget, root)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                end: Node = done.value
                return end

    def steps(self, budget: int, root: Node | None = None) -> Generator[None, None, Node]:
        """:meth:`run`, one state at a time: it yields before each state it expands
        (``expansions`` counts them, those of its restart included), so that the later
        quick searches go on abreast (``searches.abreast``, ruling 730)."""
        if root is None:
            root = self.start()
        stack = [root]
        expanded = 0
        furthest, since, stall = -1, 0, STALL
        jumps = 0
        jumped = -2  # the furthest line reached when the search last went back
        hurried, back = -2, None  # where it last went back early (ruling 531)
        was: tuple[tuple[int, ...], RootlogError] | None = None
        while stack:
            node = stack[-1]
            if node.children is None and breaks_shown(node.pos.shown, node.events):
                # An exchange gave a hand shown by Outrage a matching card (ruling 750).
                node.children = []
                stack.pop()
                continue
            if node.pos.done:
                if self.watch is not None:
                    self.watch(len(self.order), len(self.order))  # every line matched
                return node
            if node.children is None or (node.k >= len(node.children) and node.frontier):
                expanded += 1
                self.expansions += 1
                yield
                here = -1 if node.pos.line is None else self.rank_of[node.pos.line]
                if here > furthest:
                    furthest, since = here, 0
                    if self.watch is not None:
                        self.watch(here, len(self.order))
                    # A long line leaves more choices the record cannot see (which Decree
                    # card carried out which of eleven moves): more room before giving up.
                    stall = (STALL + STALL_PER_ATOM * (
                        0 if node.pos.line is None else len(self.lines[node.pos.line].atoms))
                    ) // self.room
                since += 1
                if self.again and jumped < furthest and since > stall // RESTART_AFTER \
                        and not self.unmet() and self.turned(node) is not None:
                    # Stalled where the other order of the exchanges may lead on, before
                    # going back: the second search now, not after the whole room (ruling
                    # 459); the probe of the third search's order first (ruling 680).
                    found = self.probed(expanded)
                    if self.handed_over:
                        break  # ruling 712: given up here, the fallback next
                    found = found or self.restart(node, expanded)
                    if found is not None:
                        return found
                # A hand lacks a card the line spends before the line's cards go into it:
                # back to its spending at once, not after the whole room (ruling 531).
                hurry = self.lazy and self.hurrying and hurried < furthest \
                    and jumps < self.jumps and since > stall // RESTART_AFTER \
                    and bool(self.unmet(early_only=True))
                hurried = furthest if hurry else hurried
                if expanded > budget or since > stall or hurry:
                    # Where the line lacks no card, or going back finds no way, search
                    # again from an older exchange first (ruling 436); at the first dead
                    # end, the probe of the third search's order before all (ruling 680).
                    found = None if hurry else self.probed(expanded)
                    if self.handed_over:
                        break  # ruling 712: given up here, the fallback next
                    if found is not None:
                        return found
                    if self.again and not hurry and not self.unmet():
                        found = self.restart(node, expanded)
                    back = self.backjump(stack) if found is None and self.lazy \
                        and jumps < self.jumps else None
                    if found is None and back is None and self.again and not hurry:
                        found = self.restart(node, expanded)
                    if found is not None:
                        return found
                    if back is None and not hurry:
                        break
                if back is not None:
                    # Back to the choice that spent the card the furthest line lacks.
                    jumps, jumped = jumps + 1, furthest
                    del stack[back + 1 :]
                    since, budget = stall // 2, max(budget, expanded + stall // 2)
                    back = None
                    continue
                was = self.failure
                first = node.children is None
                named = None
                self.expanding = node
                if first:
                    fixed_hands = self.fix_hands(node.pos)
                    node.events += fixed_hands
                    if breaks_shown(node.pos.shown, fixed_hands):
                        node.children = []  # a hand shown given its card (ruling 750)
                        stack.pop()
                        continue
                    named = self.fix_named(node)
                if named is not None:
                    # The exchanges found for a card the line names: a state after this
                    # decision, the only way on (this node keeps its own, ruling 430).
                    node.children = [Cand(named.pos, (), named.events, (), ())]
                    node.k = 0
                    continue
                node.children, node.frontier, node.depth = self.children(
                    node.pos, None if first else node.frontier, node.depth)
                node.k = 0
                if not node.children and not node.frontier and not node.noted:
                    node.noted = True
                    pos = node.pos
                    who = pos.g.factions[pos.g.stack[-1].seat or 0]
                    from ... import flow

                    prompt = flow.PROMPTS.get(pos.g.stack[-1].kind, pos.g.stack[-1].kind)
                    self.note_failure(
                        pos, f"no legal action explains this movement (the {who} are to "
                        f"decide: {prompt})")
                    fixed = None if node.repaired else self.repair(node)
                    if fixed is not None:
                        stack.append(fixed)
                        continue
                if self.failure is not was or (
                        not node.children and self.failure is not None
                        and self.failure[0][0] == here):
                    self.stuck = node
            if node.k < len(node.children):
                c = node.children[node.k]
                node.k += 1
                stack.append(Node(c.pos, node, c.tokens, c.events, c.states))
            elif not node.frontier:
                node.children = []
                stack.pop()
        was = None  # the last failure seen, which the error's traceback would hold here
        raise self.given_up()

    def given_up(self) -> RootlogError:
        """The error of a search that gave up (the furthest failure noted), no longer held
        by the importer: raised from :meth:`run`, its traceback holds the importer, which
        would hold it again, so that the whole search were freed only by the garbage
        collector (at a full collection, in a later import)."""
        failure, self.failure = self.failure, None
        if failure is not None:
            return failure[1]
        return RootlogError("the record could not be replayed: the search gave up")

    def unmet(self, early_only: bool = False) -> list[CardSpec]:
        """What the furthest line reached where the search failed (``stuck``) takes from
        a hand that the hand lacks there, each of the line's needs of that hand taking its
        own card (two foxes for the Decree from a hand holding one lack one; ruling 486).
        A card the line spends from a hand before cards of the line go into it (ruling 455)
        is lacking when only an unnamed draw of the line has it (``exchanges.line_draws``;
        ruling 530, ``drawn_late``); ``early_only``: only such cards (ruling 531).
        Worked out once for each ``stuck`` node (``unmet_at``)."""
        node = self.stuck
        at, known = self.unmet_at
        if at is not node:
            known = {}
            self.unmet_at = (node, known)
        if early_only not in known:
            known[early_only] = self.lacked(node, early_only)
        return known[early_only]

    def lacked(self, node: Node | None, early_only: bool) -> list[CardSpec]:
        """:meth:`unmet` of the node ``node``, worked out."""
        if node is None or node.pos.line is None:
            return []
        pos = node.pos
        early = self.before_draws(pos) if self.drawn_late else set()
        late = line_draws(node) if early else set()
        out = [spec for loc, specs in self.needs(pos).items() for spec in lacking(
            held(pos.g, loc), specs, late, {sp for at, sp in early if at == loc},
            beside(pos.g, loc))]
        return [sp for sp in out if any(sp == e for _, e in early)] if early_only else out

    def restart(self, node: Node, budget: int) -> Node | None:
        """Where the quick search stalls and its furthest line lacks no card (else when
        going back, ``backjump``, finds no way on), once (after a third of the room when
        there is such an exchange on the course, ruling 459): the course to ``node`` may
        have given an unnamed draw, by exchange, a card another hand's draw held that
        the record names later, where a cycle of that time would have left the card
        there (``turns_at``). The search is started again at the decision before the
        first such exchange on the course, with the cycle first (``keep_named``), a
        quarter of the room and no backjumps, within ``budget`` states: its end, or
        None when it fails too (the first search goes on as before). Ruling 436."""
        self.again = False
        first = self.turned(node)
        if first is None:
            return None
        other = Importer(self.rec, again=False)
        other.keep_named = True
        other.latest_first = self.latest_first
        other.deal = self.deal
        other.paired = self.paired
        other.jumps = 0
        other.room = 4
        other.serial = self.serial  # draw serials stay unique
        other.solved_at = self.solved_at  # a line's identities are solved once (ruling 442)
        p = first.parent
        root = None if p is None else Node(
            p.pos.fork(p.pos.g.clone(), p.pos.legal), p.parent, p.tokens, p.events,
            p.states, depth=p.depth, repaired=p.repaired)
        try:
            return other.run(budget, root)
        except RootlogError:
            return None
        finally:
            self.expansions += other.expansions

    def probed(self, expanded: int) -> Node | None:
        """At the first search's first dead end, once: the end of a quick search with the
        third search's order (``latest.probe``) within the ``expanded`` states the first
        search has taken, or None (the first search goes on as before). Ruling 680: the
        first search's only, not the later quick searches' (the third, the fourth, those
        from other deals)."""
        first = not self.latest_first and not self.paired and self.deal == 0
        if self.handing_over and self.unprobed and first:
            # Ruling 712: the search gives up here (:meth:`steps` ends on the flag, its
            # error raised where no frame holds it), the fallback next.
            self.handed_over = True
            return None
        if not (self.unprobed and self.probing and first):
            return None
        self.unprobed = False
        return probe(type(self), self.rec, expanded)

    def turned(self, node: Node) -> Node | None:
        """The first decision on the course to ``node`` whose expansion gave an unnamed
        draw a card another hand's draw held that the record names later, where the other
        order would have found a cycle (``turns_at``): where ``restart`` starts; None when
        there is none."""
        first = None
        n: Node | None = node
        while n is not None:
            if self.turns_at.get(id(n)) is n:
                first = n
            n = n.parent
        return first

    def backjump(self, stack: list[Node]) -> int | None:
        """Where the search goes back to when it would give up (conflict-directed
        backjumping, ruling 426): the furthest line failed where a hand lacked a card the
        line takes from it (``Importer.stuck``); the latest decision on the present course
        (still on ``stack``, with ways on left to try) that spent a card that need allows,
        with part of its identity written (a suit, alike items), may have spent another card
        instead and left that one for the need. When the line lacks no card but the hand
        holds one it shows it lacks (:meth:`surplus`), the latest such decision that took
        from that hand a card alike to it, which it may have spent instead (ruling 447).
        Else the latest such decision that rolled dice the record does not write (ruling
        427): another roll may fit what follows. The index in ``stack``, or None."""
        node = self.stuck
        if node is None or node.pos.line is None:
            return None
        unmet = self.unmet()
        on = {id(n): i for i, n in enumerate(stack)}

        def latest(spent: Callable[[Node, Node], bool]) -> int | None:
            n = node
            while n.parent is not None:
                p = n.parent
                if id(p) in on and (p.children is None or p.k < len(p.children)
                                    or p.frontier) and spent(p, n):
                    return on[id(p)]
                n = p
            return None

        if unmet:
            if self.sparing:
                # First a spending that took an unnamed draw while the hand held a card by
                # its name it could have spent instead (ruling 521).
                back = latest(lambda p, n: spared(p.pos, n.pos, unmet))
                if back is not None:
                    return back
            back = latest(lambda p, n: any(
                p.pos.loose.get(c) != slot and any(sp.matches(c) for sp in unmet)
                for c, slot in n.pos.loose.items()))
            if back is None and self.named_back:
                # Else a spending by suit that took a card the record named while the hand
                # held another the writing allows (ruling 570).
                back = latest(lambda p, n: spent_named(p.pos, n.pos, unmet, self.taken_up(p, n)))
            return back
        seat, extra = self.surplus(node.pos)
        if extra:
            def instead(p: Node, n: Node) -> bool:
                had, has = p.pos.g.seats[seat].hand, n.pos.g.seats[seat].hand
                return any(c in had and DECK[x].item is not None and alike(x, c)
                           for x in had if x not in has for c in extra if c != x)

            back = latest(instead)
            if back is not None:
                return back
        return latest(lambda p, n: any(e[0] == "dice" for e in n.events))

    def surplus(self, pos: Pos) -> tuple[int, list[int]]:
        """:func:`shown.outrage_surplus` of this record."""
        return outrage_surplus(self.lines, pos)
