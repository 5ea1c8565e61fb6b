"""Importing a Rootlog record: replaying it against the engine (:func:`replay_rootlog`,
:func:`import_rootlog`).

At each decision the engine's legal actions are tried on a copy of the game; an action is
kept when everything it changes (``steps.py``) is a movement of the record's current line
(``atoms.py``). The search is depth first, best candidates first, and goes back when the
record later disagrees; card identities are settled by ``identity.py``. The game returned
replays from its own start through the public API (``result.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ...cards import DECK
from ...errors import RootError
from ...factions.eyrie import COLUMNS as EYRIE_COLUMNS
from ...factions.marquise import building_clearings
from ...rules.core import board as map_board
from .atoms import Converter, Line, engine_atoms
from .cards import CardSpec
from .factions import check_supported, hidden_place
from .identity import CardIdentity, loose_spec, narrower, swap_cards
from .notation import FACTION_NAMES, LANDMARK_NAME, RootlogError, RootlogGame
from .reader import parse_rootlog
from .result import Result, RootlogReplay, arg_domains
from .search import (
    MAX_SILENT,
    RANDOM_TAKES,
    STALL,
    STALL_PER_ATOM,
    Cand,
    Node,
    Pos,
    Silent,
    Slot,
    chance_events,
    craft_shortage,
    fingerprint,
)
from .steps import (
    AT_HAND,
    DICE_OPTIONS,
    Cut,
    Observer,
    Segment,
    Snap,
    advance,
    apply_decision,
    from_discard,
    piece_code,
    reshuffled,
)
from .vagabond import engine_item_keys, quest_matches

BATTLE_CARDS = frozenset({"armorers", "brutal-tactics", "sappers"})
"""The cards used only in a battle (discarded from their play area as it is resolved)."""


WARRIOR_MOVES: dict[tuple[str, str], int | None] = {
    ("move_count", "count"): None,
    ("move", "move"): 1,
    ("cat_actions", "march"): 1,
    ("decree", "move"): 2,
    ("ally_ops", "move"): 1,
}
"""Decisions that move warriors (4.2, ``rules.movement``): (frame kind, action) -> where the
action names the clearings moved from and to, None for the count of a move already begun (the
frame's ``from`` and ``to``). Such a move (but a count's) moves the warriors at once when one
warrior is there; the count is asked otherwise (``start_move``), and every count moves at
least one warrior: either way the decision moves warriors between those two clearings."""


def moved_by(g: Any, a: tuple[Any, ...]) -> tuple[int, int, int] | None:
    """(seat, from, to) of the warriors decision ``a`` of state ``g`` moves, at once or by
    the count asked next (:data:`WARRIOR_MOVES`); None when it moves none."""
    f = g.stack[-1]
    key = (f.kind, a[0])
    if key not in WARRIOR_MOVES or f.seat is None:
        return None
    at = WARRIOR_MOVES[key]
    if at is None:
        return f.seat, int(f.data["from"]), int(f.data["to"])
    return f.seat, int(a[at]), int(a[at + 1])


def distinct(ranked: list[Cand]) -> list[Cand]:
    """The best ranked of candidates with the same outcome (the state in full and what is
    left of the record), in order. Two outcomes alike have the same board, piles' ends and
    record left (:func:`outline`): the full fingerprint is taken only of candidates that
    share those with another."""
    outlines = [outline(c) for c in ranked]
    shared = Counter(outlines)
    seen: set[str] = set()
    out: list[Cand] = []
    for c, o in zip(ranked, outlines, strict=True):
        if shared[o] > 1:
            key = fingerprint(c.pos.g, full=True) + repr(sorted(c.pos.left.items()))
            if key in seen:
                continue
            seen.add(key)
        out.append(c)
    return out


def outline(c: Cand) -> tuple[Any, ...]:
    """Part of what :func:`distinct` compares, cheap to take: equal when the full
    fingerprints are."""
    g = c.pos.g
    return (tuple(g.warriors), tuple(g.buildings), tuple(g.tokens), tuple(g.discard),
            tuple(g.deck[-8:]), tuple((k, tuple(v)) for k, v in sorted(c.pos.left.items())))


class SeenStates:
    """The silent states met in one search of a decision, told apart by their fingerprint
    (:func:`fingerprint`), which is taken only of states that share their frames and dice
    with another (the fingerprints of such states are equal only when those are)."""

    def __init__(self) -> None:
        self.fingerprints: set[str] = set()
        self.first: dict[tuple[Any, ...], Any] = {}
        """Frames and dice -> the first state with them, until its fingerprint is taken."""

    def new(self, g: Any) -> bool:
        """Whether state ``g`` is unlike every state met so far (it is met from now on)."""
        key = frames(g)
        if key not in self.first:
            self.first[key] = g
            return True
        first = self.first[key]
        if first is not None:
            self.fingerprints.add(fingerprint(first))
            self.first[key] = None
        fp = fingerprint(g)
        if fp in self.fingerprints:
            return False
        self.fingerprints.add(fp)
        return True


def frames(g: Any) -> tuple[Any, ...]:
    """Part of what :func:`fingerprint` compares, cheap to take (:class:`SeenStates`): the
    frames' kinds and seats, the top frame's data, the dice."""
    top = g.stack[-1].data.items() if g.stack else ()
    return (tuple((f.kind, f.seat) for f in g.stack),
            repr(sorted(top, key=lambda kv: str(kv[0]))), tuple(g.dice))


def asks_count(g: Any, a: tuple[Any, ...]) -> bool:
    """Whether decision ``a`` of state ``g`` begins a move of more than one warrior: it
    changes nothing visible, the count is asked next (``start_move``)."""
    f = g.stack[-1]
    at = WARRIOR_MOVES.get((f.kind, a[0]))
    return at is not None and f.seat is not None and g.warriors[int(a[at])][f.seat] > 1


HAND_CARDS: dict[tuple[str, str], int] = {
    ("craft", "craft"): 1,
    ("cat_actions", "bird"): 1,
    ("cat_actions", "overwork"): 2,
    ("discard", "discard"): 1,
    ("decree_add", "decree"): 1,
}
"""Decisions that take a card out of the deciding seat's hand as they are taken: (frame kind,
action) -> the card's place in the action. Crafted (4.1), spent for an extra action (6.5.5),
for Overwork (6.5.6), discarded down to five (6.6) or added to the Decree (7.4.2): written
as a craft or as a card from that hand (``engine_atoms``)."""


BATTLES: dict[tuple[str, str], int] = {
    ("cat_actions", "battle"): 1,
    ("decree", "battle"): 2,
    ("ally_ops", "battle"): 1,
    ("command_warren", "battle"): 1,
}
"""Decisions that start a battle as they are taken (4.3, ``start_battle``): (frame kind,
action) -> the place in the action of the battle's clearing, followed by the defender. The
battle is a movement of the record from the step of the decision on (``engine_atoms``)."""


BUILDS: dict[tuple[str, str], tuple[int | str, int]] = {
    ("cat_actions", "build"): (1, 2),
    ("decree", "build"): ("roost", 2),
    ("cat_actions", "overwork"): ("wood", 1),
}
"""Decisions that place a building or a token as they are taken (6.5.4, 7.5.2.IV, Overwork
6.5.6): (frame kind, action) -> the kind of the piece (or its place in the action) and the
place in the action of its clearing. The piece placed is a movement of the record
(``engine_atoms``)."""


class Importer(CardIdentity, Result):
    """The search: at each decision, the legal actions whose effect the record explains."""

    def __init__(self, rec: RootlogGame, lazy: bool = True) -> None:
        self.rec = rec
        self.lazy = lazy
        """Stop trying a decision's actions at the first that follows the record exactly
        (the others are tried if the search comes back)."""
        self.serial = 0
        self.merged = 0
        """Engine changes that took up more than one recorded movement (in one ``match``)."""
        self.snaps: dict[int, tuple[Any, Snap]] = {}
        """Snapshots of the states being expanded (the same state starts many evaluations)."""
        self.failure: tuple[tuple[int, ...], RootlogError] | None = None
        self.evaluations = 0
        self.named_now: set[int] = set()
        """Cards the record names in the step being matched (``Pos.fixed``)."""
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
                    if first is None:
                        first = ln.atoms[k].action
                    else:
                        self.merged += 1
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
                    if first is None:
                        first = ln.atoms[k].action
                    else:
                        self.merged += 1
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
                if first is None:
                    first = ln.atoms[k].action
                else:
                    self.merged += 1
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
            for named in (True, False):
                for k in idx:
                    at = ln.atoms[k]
                    if left[k] and at.spec is not None and at.spec.named == named and \
                            at.spec.matches(cid):
                        left[k] -= 1
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
                            self.spent += self.spend_cost(DECK[cid].key, line, left)
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

    # --- one decision ---------------------------------------------------------------------
    def evaluate(
        self, pos: Pos, g: Any, a: tuple[Any, ...], prefix: tuple[str, ...],
        before: tuple[tuple[Any, ...], ...], dice_plan: list[tuple[int, int]], pick: int | None,
    ) -> list[Cand | Silent]:
        """Apply ``a`` to a copy of ``g``: the candidates it gives (one per choice of dice
        when the record gives none), or a silent result (no visible effect)."""
        from ...actions import token

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
            legal = advance(g2, obs)
        except (RootError, ValueError, KeyError, IndexError):
            return []  # the engine refuses (a chance outcome forced where it does not fit)
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
        tokens = prefix + (token(a),)
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
        if not obs.segments and not g2.winners and not any(atoms_by_step):
            return tuple(e for st in steps for e in chance_events(st))

        left = {k: v[:] for k, v in pos.left.items()}
        free = dict(pos.free)
        loose = dict(pos.loose)
        past = dict(pos.past)
        line, turns, epoch, seg = pos.line, pos.turns, pos.epoch, pos.seg
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
            shuffled = reshuffled(st.before, st.after, from_discard(st))
            pre: list[tuple[Any, ...]] = []
            post: list[tuple[Any, ...]] = []
            drawn: set[int] = set()
            for j, at in enumerate(atoms):
                if at[0] != "card" or at[1][0] != ("deck",):
                    continue  # not drawn (into a hand, the supporters or the discard pile)
                cid = int(at[2])
                if st.before.cards.get(cid) == ("available",):
                    continue  # a dominance card taken from beside the board (3.3.3)
                # (A card that was in a hand may be drawn: spent to the discard pile,
                # reshuffled and drawn in the same step, steps.unspent.)
                drawn.add(j)
                was = loose.pop(cid, None)
                from_deck = st.before.cards.get(cid) == ("deck",)
                named = False
                if line is not None:
                    got = self.settle_draw(line, left[line], g2, st, cid, at[1][1],
                                           from_deck, atoms_by_step, si, free,
                                           epoch if from_deck else epoch + 1, events)
                    if got is None and from_deck:
                        got = self.settle_draw_cycle(line, left, g2, cid, at[1][1],
                                                     atoms_by_step, si, free, loose, past,
                                                     epoch, self.serial + 1, events)
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

            top = g2.stack[-1]
            legal = flow.DECISIONS[top.kind][0](g2, top)
            if len(legal) < 2 and not flow.asked(g2, top):
                return None  # the engine would now decide by itself: not followed
        if vb_swapped and not g2.winners:
            # A hidden quest or ruin item was exchanged: the options follow the new one.
            from ... import flow

            top = g2.stack[-1]
            legal = flow.DECISIONS[top.kind][0](g2, top)
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
        npos = Pos(g2, legal, seg, line, turns, left, free, epoch, done, loose, past,
                   pos.fixed | self.named_now if self.named_now else pos.fixed)
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
        if any(f.kind == "battle" for f in g.stack) or any(
                left[k] for k, at in enumerate(ln.atoms) if at.kind == "battle"):
            return False
        return any(left[k] and at.kind == "card" and at.key[0][0] == "board"
                   and at.key[1] == ("discard",) and at.spec is not None
                   and at.spec.keys is not None and at.spec.keys <= BATTLE_CARDS
                   # A crafted card of the play area: not a card of the supporters.
                   and not hidden_place(self.factions, at.key[0])
                   and any(DECK[c].key in at.spec.keys
                           for c in g.seats[at.key[0][1]].persistent)
                   for k, at in enumerate(ln.atoms))

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
                    if self.unexplained(pos, g, a):
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
        open actions of the line first (a cheap guess; every action is still tried)."""
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
        for k, at in enumerate(ln.atoms):
            if not left[k] or at.action not in open_acts[:6]:
                continue
            if at.spec is not None and at.action in acts:
                specs.append(at.spec)
            key = at.key
            if at.kind in ("place", "remove", "from", "to", "battle") and isinstance(key, tuple):
                into = places if at.action in acts else ahead
                into.add(int(key[-1]))
                if at.kind == "from":
                    into.add(at.dest)

        g = pos.g if g is None else g
        kind = g.stack[-1].kind if g.stack else ""
        shortage = craft_shortage(pos, ln, left)

        def score(a: tuple[Any, ...]) -> tuple[int, int, int, int, int]:
            n = m = 0
            soon = len(self.order)
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
            # Which Decree card carried an action out leaves no trace (7.5.2): a card of the
            # clearing's suit first, a bird (which fits any clearing) kept for later.
            wild = int(kind == "decree" and len(a) > 1 and a[1] == "bird")
            return -n, -m, shortage(a), wild, soon

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

    def run(self, budget: int) -> Node:
        root = self.start()
        stack = [root]
        expanded = 0
        furthest, since, stall = -1, 0, STALL
        while stack:
            node = stack[-1]
            if node.pos.done:
                return node
            if node.children is None or (node.k >= len(node.children) and node.frontier):
                expanded += 1
                here = -1 if node.pos.line is None else self.rank_of[node.pos.line]
                if here > furthest:
                    furthest, since = here, 0
                    # A long line leaves more choices the record cannot see (which Decree
                    # card carried out which of eleven moves): more room before giving up.
                    stall = STALL + STALL_PER_ATOM * (
                        0 if node.pos.line is None else len(self.lines[node.pos.line].atoms))
                since += 1
                if expanded > budget or since > stall:
                    break
                first = node.children is None
                if first:
                    node.events += self.fix_hands(node.pos)
                    self.fix_named(node)
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
            if node.k < len(node.children):
                c = node.children[node.k]
                node.k += 1
                stack.append(Node(c.pos, node, c.tokens, c.events, c.states))
            elif not node.frontier:
                node.children = []
                stack.pop()
        if self.failure is not None:
            raise self.failure[1]
        raise RootlogError("the record could not be replayed: the search gave up")

    def start(self) -> Node:
        """Set the game up; the starting hands are those named on the setup lines (swapped in
        from the deck), unnamed ones stay free; then run the setup to the first decision."""
        g, tokens, events = self.set_up()
        free: dict[int, tuple[int, int]] = {}
        fixed: set[int] = set()
        left: dict[int, list[int]] = {}
        order = [(g.first_seat + k) % g.n for k in range(g.n)]
        for n, seat in enumerate(order):
            line = self.setup_line[seat]
            ln = self.lines[line]
            lf = left.setdefault(line, [at.amount for at in ln.atoms])
            hand = g.seats[seat].hand
            for p in range(len(hand)):
                cid = hand[p]
                idx = [k for k in ln.by_key.get(("card", (("deck",), ("hand", seat))), [])
                       if lf[k]]
                spec = ln.atoms[idx[0]].spec if idx else None
                if idx:
                    lf[idx[0]] -= 1
                if spec is not None and spec.named and not spec.matches(cid):
                    later = hand[p + 1:] + [c for s2 in order[n + 1:] for c in g.seats[s2].hand]
                    later += g.market
                    y = next((c for c in reversed(g.deck) if spec.matches(c)), None)
                    if y is None:
                        y = next((c for c in later if spec.matches(c)), None)
                    if y is None:
                        a = ln.turn.actions[ln.atoms[idx[0]].action]
                        raise RootlogError("this card cannot be in the starting hand",
                                           ln.turn.line, a.column, a.text, "")
                    swap_cards(g, cid, y)
                if spec is not None and spec.named:
                    fixed.add(hand[p])
                else:
                    free[hand[p]] = (0, 0)
        # The Black Market's cards, drawn before the hands, are unnamed draws: free until
        # the record names them.
        for cid in g.market:
            self.serial += 1
            events.append(("draw", cid, self.serial))
            free[cid] = (self.serial, 0)
        for seat in order:
            for cid in g.seats[seat].hand:
                self.serial += 1
                events.append(("draw", cid, self.serial))
                if cid in free:
                    free[cid] = (self.serial, 0)
        pos = Pos(g, [], None, None, 0, left, free, 0, fixed=frozenset(fixed))
        cuts: list[Cut] = []
        segs: list[Segment] = []

        def on_cut(gs: Any, seg: Segment) -> None:
            if segs:
                cuts.append((obs.snap, segs[-1]))
            segs.append(seg)

        obs = Observer(g, None, None, on_cut)
        legal = advance(g, obs)
        r = self.match(pos, g, legal, obs, tuple(cuts))
        if not isinstance(r, Cand):
            first = self.setup_line[order[0]]
            raise self.open_error(first, left[first], "the setup does not match the record")
        return Node(r.pos, None, tokens, tuple(events) + r.events, r.states)

    def set_up(self) -> tuple[Any, tuple[str, ...], list[tuple[Any, ...]]]:
        """The game set up as the header says (map, deck, clearing suits, landmarks), with
        its landmarks set up where the header puts them (appendix A step 5) and the starting
        hands drawn: the state, the landmark decisions' tokens, and the chance events of the
        setup (the landmark cards dealt in the header's order)."""
        from ... import flow
        from ...actions import token
        from ...game import setup_state
        from ...rules.landmarks import LANDMARKS

        opts = self.options
        named = tuple(opts.get("landmarks", ()))
        hdr = self.rec.header_lines
        if opts["map"] != "autumn" and "suits" not in opts:
            raise RootlogError(
                f"the {self.rec.map} map prints no suits: the record needs a 'Clearings:' line",
                hdr.get("Map", 0), 1, f"Map: {self.rec.map}", "'Clearings: F1, M2, R3, ...'")
        try:
            g = setup_state(self.factions, opts["map"], 0, self.first, suits=opts.get("suits"),
                            deck=opts["deck"], landmarks=named)
        except ValueError as e:
            line = hdr.get("Clearings", 0)
            raise RootlogError(f"the header does not set a game up: {e}", line, 1 if line else 0,
                               "", "twelve clearings, four of each suit") from None
        g.log = None
        # The header lists the landmarks in the order they were set up (which matters: none
        # goes next to another); the notation does not say who set up which. They are dealt
        # in the header's order (docs/rulings.md): the setup decisions, last player first,
        # take the header's landmarks in turn, and the final replay forces that deal.
        frames = [f for f in reversed(g.stack) if f.kind == "landmark"]
        for f, name in zip(frames, named, strict=True):
            f.data["name"] = name
        g.landmarks = dict.fromkeys(named, 0)
        events: list[tuple[Any, ...]] = landmark_picks(list(named), list(named))
        tokens: list[str] = []
        where = dict(self.rec.landmarks)
        while g.stack[-1].kind == "landmark":
            f = g.stack[-1]
            name = str(f.data["name"])
            legal, apply = flow.DECISIONS["landmark"]
            a = ("landmark", name, where[name])
            if a not in legal(g, f):
                at = self.rec.header_lines.get("Landmarks", 0)
                raise RootlogError(
                    f"the {name} cannot be set up in clearing {where[name]}", at, 1,
                    f"{LANDMARK_NAME[name]}->{where[name]}",
                    "one of clearings " + ", ".join(str(x[2]) for x in legal(g, f)
                                                   if x[0] == "landmark"))
            apply(g, f, a)
            tokens.append(token(a))
        assert all(name in LANDMARKS for name in where)
        if g.stack[-1].kind == "deal_hands":
            flow.DRIVERS["deal_hands"](g, g.stack[-1])
        return g, tuple(tokens), events

def landmark_picks(pool: list[str], dealt: list[str]) -> list[tuple[Any, ...]]:
    """The events of the chance outcomes (``("landmark", pick)``) that deal the landmark cards
    of ``pool`` in the order ``dealt`` (appendix A step 5: each card dealt is one of those
    left, ``rules/landmarks.deal``)."""
    pool = list(pool)
    out: list[tuple[Any, ...]] = []
    for name in dealt:
        if len(pool) > 1:
            out.append(("landmark", pool.index(name)))
        pool.remove(name)
    return out


def replay_rootlog(
    text: str, budget: int | None = None, sample_seed: int = 0
) -> RootlogReplay:
    """Replay a Rootlog record against the engine (see :func:`import_rootlog`) and return
    the game, the board at the end of each record line, and the parsed record. ``budget``
    bounds the search (states expanded; by default 1000 plus three per recorded action);
    ``sample_seed`` samples the hidden cards the record never names."""
    rec = parse_rootlog(text)
    imp = Importer(rec)
    if budget is None:
        budget = 1000 + 3 * sum(len(t.actions) for t in rec.turns)
    try:
        node = imp.run(budget)
    except RootlogError:
        # The quick search took a path the record later refutes and ran out: search again
        # trying every action at every decision, best first (the error is this search's).
        imp = Importer(rec, lazy=False)
        node = imp.run(budget)
    out = imp.finish(node, sample_seed)
    game = out.game
    if rec.winner is not None and game.is_over:
        got = "".join(imp.letters[s] for s in game.winners)
        if sorted(got) != sorted(rec.winner):
            raise RootlogError(f"the engine's winner is {got}, the record says {rec.winner}",
                               rec.lines, 1, "Winner: " + rec.winner, f"Winner: {got}")
    return out


def import_rootlog(text: str) -> Any:
    """Read a Rootlog record of a game rootgame supports (the Marquise, the Eyrie, the
    Woodland Alliance and the Vagabond, on any map, with either deck and the landmarks the
    header sets up) and replay it against the engine. Returns the :class:`rootgame.Game` at
    the end of the record.

    At each decision the engine's legal actions are tried (looking through up to
    ``MAX_SILENT`` decisions that change nothing visible); an action is kept when every
    change of state it causes (pieces, cards, VP, crafts, battles, the Eyrie's leader and
    Decree) is a movement of the record's current line, and a turn ends only when its line
    is used up. When the record names a card drawn from the draw pile, that card is drawn
    (the pile's order is unknown to the record); unnamed draws are fixed later if the record
    needs them to be a certain card. Dice written in a battle are used; otherwise the dice
    that give the recorded losses are found. Raises :class:`RootlogError` with the line and
    the first movement that no legal action explains, or naming the factions (characters,
    hirelings) rootgame does not have."""
    return replay_rootlog(text).game
