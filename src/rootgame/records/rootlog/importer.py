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

from ...cards import DECK
from .atoms import Converter, named_from
from .cards import CardSpec
from .exchanges import alike, beside, lacking, line_draws, spared, spent_named
from .expanding import Expanding
from .faceup import face_up_namings
from .factions import Loc, check_supported, hidden_place
from .identity import held
from .latest import probe
from .notation import FACTION_NAMES, RootlogError, RootlogGame
from .result import Result
from .search import (
    MAX_JUMPS,
    RESTART_AFTER,
    STALL,
    STALL_PER_ATOM,
    Cand,
    Node,
    Pos,
)
from .shown import breaks_shown, outrage_surplus
from .steps import (
    Snap,
)

Watch = Callable[[int, int], None]
"""Told (lines matched, lines of the record) where a search gets further than it had."""

WATCH: ContextVar[Watch | None] = ContextVar("rootlog_watch", default=None)
"""What the searches of an import tell of their progress (``replay_rootlog``'s ``watch``:
a progress bar of the command line); each search tells its own furthest line."""


class Importer(Expanding, Result):
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

    probing: bool = True
    """Whether the first search, at its first dead end, tries the third search's order as a
    quick probe first (:meth:`probed`, ``latest.probe``, ruling 680)."""

    handing_over: bool = False
    """Whether the first search gives up at its first dead end instead (:meth:`probed`):
    for a record naming its spendings, ruling 660's fallback is tried then (ruling 712)."""

    handed_over: bool = False
    """Whether it gave up so (``searches.searched`` then makes the whole first search only
    where it did)."""

    board_own: bool = True
    """Whether the cost of spending by suit a card of the Alliance's supporters (a board's
    face-down cards) counts only the record's later namings of a card of its name leaving
    that board (:meth:`spend_cost`, :meth:`board_cost`, ruling 965), in the searches of the
    first order (not those taking the cards a hand spends alike latest drawn first,
    ``latest_first``: ruling 640's third search and ruling 920's, which keep every later
    naming, another course: with it, seed 1008 with the Alliance was refused at line 97,
    at line 141 without)."""

    till_shuffle: bool = False
    """Whether a card's later naming counts in the cost of spending it (:meth:`spend_cost`)
    only up to the first draw from the next draw pile (:meth:`next_shuffle`): the further
    quick search made abreast of the later ones (``searches.NEAR``, ruling 920)."""

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
        face_up = face_up_namings(self.lines, self.order, self.factions)
        for line in self.order:
            for k, at in enumerate(self.lines[line].atoms):
                if at.spec is None or at.kind not in ("card", "craft", "ambush") or \
                        (line, k) in face_up:
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
                    self.jumped_back(stack[back])  # its later lines solved anew (989)
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
        other.till_shuffle = self.till_shuffle
        other.spare_unnamed = self.spare_unnamed
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
        from other deals, ruling 961's)."""
        first = not self.latest_first and not self.paired and self.deal == 0 \
            and not self.spare_unnamed
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

    def spend_cost(
        self, key: str, line: int, left: list[int] | None = None, src: Loc | None = None
    ) -> int:
        """``CardIdentity.spend_cost``; where ``till_shuffle`` (ruling 920), nothing for a
        card the record next names after the line of the first draw from the next draw
        pile (:meth:`next_shuffle`, from the state being expanded): spent now into the
        discard pile, it is shuffled into that pile and may be drawn again unnamed before
        that naming, as a card the record draws again by name before it costs nothing.
        Ruling 920: of the Birdy Bindle and the Crossbow among the Alliance's supporters at
        line 13 of the bots' Marquise-Eyrie-Alliance game 3, the Crossbow was taken, the
        Bindle kept for its craft by name 56 lines (two shuffles) later (``Zbrutal``),
        which led the quick searches to a dead end at line 56 that the record's first 68
        lines pass."""
        cost = super().spend_cost(key, line, left, src)
        if not cost:
            return cost
        later = self.later_namings(key, line, left)
        if self.board_own and not self.latest_first and src is not None and \
                src[0] == "board":
            cost, later = self.board_cost(key, line, later, src)
        if not cost or not self.till_shuffle or self.expanding is None:
            return cost
        shuffle = self.next_shuffle(line, left, len(self.expanding.pos.g.deck))
        return 0 if shuffle is not None and later and later[0][0] > shuffle else cost

    def board_cost(
        self, key: str, line: int, later: list[tuple[int, int]], src: Loc
    ) -> tuple[int, list[tuple[int, int]]]:
        """:meth:`spend_cost` of a card of ``key`` spent by suit from ``src``, a board
        (the Alliance's supporters), and the later namings that count in it: only those of
        a card leaving ``src`` itself. A card of a board leaves it only into the discard
        pile (8.2.3, 8.2.6): kept there, it is no nearer a hand, so a naming of a card
        leaving a hand (a craft by name, ``Zarmor``; a card given by name) is met by
        another card of the name or by this one drawn again, never by keeping it; ruling
        495 said so only of a card with no copy in the deck. A draw of the name by the
        record before that naming costs nothing, as :meth:`spend_cost` has it; a card named
        later leaving other places only costs 1: spent after the cards the record never
        names again (costing nothing, the search's order of the first 76 lines of seed 1027
        changed and the supporters lacked a fox at line 76), before the others. Ruling 965:
        seed 1027 with the Alliance (people-style), the supporters' Armorers kept at line
        88 for the Alliance's ``Zarmor`` of line 108 from its hand, left the supporters
        lacking the mouse card the Spread of line 104 needs."""
        here = self.rank_of[line]
        own = [n for n in later if self.naming_place(n) == src]
        drawn = self.drawn_after(key, here)
        if drawn and own and drawn[0] <= own[0][0]:
            return 0, own
        if not own:
            return (1 if later else 0), own
        return 10**6 - own[0][0], own

    def naming_place(self, naming: tuple[int, int]) -> Loc | None:
        """The place a card leaves at ``naming`` (the rank of a line, an atom)."""
        at = self.lines[self.order[naming[0]]].atoms[naming[1]]
        return named_from(at.kind, at.key)

    def next_shuffle(self, line: int, left: list[int] | None, deck: int) -> int | None:
        """The rank of the line of the first draw from the pile after the draw pile of
        ``deck`` cards (the discard pile is shuffled into a new one the moment it is
        empty, 2.1): a card spent now into the discard pile comes back into a hand no
        sooner. The record's draws from the pile are counted from the open movements of
        ``line`` on. None where the pile does not run out. Ruling 920."""
        drawn = 0
        for r in range(self.rank_of[line], len(self.order)):
            ln = self.lines[self.order[r]]
            for k, at in enumerate(ln.atoms):
                if at.kind == "card" and at.key[0] == ("deck",):
                    drawn += at.amount if r > self.rank_of[line] or left is None else left[k]
            if drawn > deck:
                return r
        return None

    def surplus(self, pos: Pos) -> tuple[int, list[int]]:
        """:func:`shown.outrage_surplus` of this record."""
        return outrage_surplus(self.lines, pos)
