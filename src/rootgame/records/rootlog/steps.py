"""Watching the engine step by step: what changed between two moments of a game, in the
terms Rootlog writes (pieces by faction, code and clearing; where each card is; VP; the
faction boards). The writer turns these changes into movements, the importer compares them
with a record's movements."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ...rules.core import board as map_board
from .factions import BOARD, Loc, notation
from .notation import LETTER_OF, RootlogError

DICE_OPTIONS: tuple[tuple[int, int], ...] = tuple(
    (hi, lo) for hi in range(3, -1, -1) for lo in range(hi, -1, -1)
)
"""The ten outcomes of a roll as (higher, lower)."""


@dataclass(frozen=True, slots=True)
class TurnState:
    """The board at the end of one line of a record (a faction's setup or turn): what
    :func:`game_turn_states` and :class:`RootlogReplay` compare."""

    faction: str
    setup: bool
    pieces: tuple[tuple[tuple[str, str, int], int], ...]
    """((faction letter, piece code, clearing), count), sorted."""
    vp: tuple[int, ...]
    boards: tuple[Any, ...] = ()
    """What a record sees of the boards that are neither pieces nor cards (the Vagabond's
    pawn, items, relationships, completed quests), by seat (None for the other factions)."""


def board_lines(turns: Iterable[TurnState]) -> list[tuple[str, Any, tuple[int, ...]]]:
    """What an import is checked by: the faction, pieces and VP at the end of each line of
    ``turns`` (a replay's ``turns``, or :func:`game_turn_states` of the game it records)."""
    return [(t.faction, t.pieces, t.vp) for t in turns]


class Snap:
    """The visible components of a state: pieces, where each card is, VP, items, and what
    each faction board shows besides cards (``status``: the Eyrie's leader)."""

    __slots__ = ("_pieces", "board", "factions", "_cards", "areas", "vp", "items", "status",
                 "hands", "deck", "discard", "map", "suit", "boards", "coalition", "ferry",
                 "closed")

    def __init__(self, g: Any) -> None:
        facs = self.factions = g.factions
        self.map = g.map
        self.suit: tuple[str, ...] = map_board(g).suit
        """Each clearing's suit in this game (the dealt layout on the maps without printed
        suits): the Alliance's bases are written by it."""
        self.ferry: int = g.ferry
        """The Ferry's clearing (the Lake's, or the landmark's), 0 for none."""
        self.closed: tuple[tuple[int, int], ...] = g.closed
        """The Mountain's paths still closed (M.4.2)."""
        status: list[str | None] = []
        items: list[tuple[str, ...]] = []
        seats: list[Any] = []
        held: list[tuple[tuple[str, int], ...]] = []
        boards: list[Any] = []
        vp: list[Any] = []
        coalition: list[int | None] = []
        # One pass over the seats (a snapshot is taken after every step the search tries).
        for s, (seat, fs) in enumerate(zip(g.seats, g.fs, strict=True)):
            fn = notation(facs[s])
            held.append(tuple(fn.board_pieces(fs).items()))
            items.append(tuple(sorted(seat.items)) if seat.items else ())
            seats.append((tuple(seat.hand), tuple(seat.persistent), seat.dominance,
                          tuple(fn.board_cards(fs, s))))
            status.append(fn.status(fs))
            boards.append(fn.board(fs, facs, g.map))
            vp.append(seat.vp)
            coalition.append(seat.coalition)
        # The engine never changes a clearing's pieces in place (state.py): its tuples are
        # kept as they are.
        self.board = (tuple(g.warriors), tuple(g.buildings), tuple(g.tokens), tuple(held))
        """The pieces in every clearing and on the faction boards, as tuples: equal boards,
        no piece changed."""
        self._pieces: dict[tuple[int, str, int], int] | None = None
        self.deck = tuple(g.deck)
        self.discard = tuple(g.discard)
        self.areas = (self.deck, self.discard, tuple(g.available_dominance or ()),
                      tuple(g.removed_cards or ()), tuple(seats), tuple(g.market))
        """Every place of cards, as tuples: equal areas, no card moved."""
        self._cards: dict[int, Loc] | None = None
        self.vp = tuple(vp)
        self.items = tuple(items)
        self.status = tuple(status)
        self.hands = tuple(x[0] for x in seats)
        self.boards = tuple(boards)
        """The Vagabond's board (``vagabond.py``), None for the others."""
        self.coalition = tuple(coalition)

    @property
    def pieces(self) -> dict[tuple[int, str, int], int]:
        """(seat, Rootlog code, clearing) -> count (built when first asked); pieces on a
        faction board are in "clearing" :data:`BOARD`."""
        if self._pieces is None:
            pieces: dict[tuple[int, str, int], int] = {}
            for c in range(1, len(self.board[1])):
                self.clearing_pieces(c, pieces)
            self.board_pieces(pieces)
            self._pieces = pieces
        return self._pieces

    def clearing_pieces(self, c: int, into: dict[tuple[int, str, int], int]) -> None:
        """Add the pieces of clearing ``c`` to ``into`` (as :attr:`pieces` has them)."""
        facs = self.factions
        warriors, buildings, tokens, _ = self.board
        suit = self.suit[c]
        for s, n in enumerate(warriors[c]):
            if n:
                into[(s, "w", c)] = n
        for o, k in (*buildings[c], *tokens[c]):
            if o >= 0:
                code = _CODES.get((facs[o], k, suit)) or piece_code(facs[o], k, suit)
                key = (o, code, c)
                into[key] = into.get(key, 0) + 1

    def board_pieces(self, into: dict[tuple[int, str, int], int]) -> None:
        """Add the pieces on the faction boards to ``into`` (clearing :data:`BOARD`)."""
        for s, held in enumerate(self.board[3]):
            for code, n in held:
                into[(s, code, BOARD)] = n

    @property
    def cards(self) -> dict[int, Loc]:
        """Where each card is (built when first asked)."""
        if self._cards is None:
            self._cards = self.places()
        return self._cards

    def places(self, other: Snap | None = None) -> dict[int, Loc]:
        """Where each card is; with ``other``, only the cards of the places (the piles,
        each seat's cards) that differ from ``other``'s: a card that moved between the two
        left one such place for another. In the order of :attr:`cards`."""
        deck, discard, available, removed, seats, market = self.areas
        was = other.areas if other is not None else ((),) * 6

        def differ(i: int) -> bool:
            return other is None or self.areas[i] != was[i]

        cards: dict[int, Loc] = dict.fromkeys(deck, AT_DECK) if differ(0) else {}
        for i, area, loc in ((5, market, AT_MARKET), (1, discard, AT_DISCARD),
                             (2, available, AT_AVAILABLE), (3, removed, AT_REMOVED)):
            if differ(i):
                cards.update(dict.fromkeys(area, loc))
        for s, held in enumerate(seats):
            if other is not None and held == was[4][s]:
                continue
            hand, persistent, dominance, board = held
            cards.update(dict.fromkeys(hand, AT_HAND[s]))
            cards.update(dict.fromkeys(persistent, AT_BOARD[s]))
            if dominance is not None:
                cards[dominance] = ("dominance", s)
            cards.update(board)
        return cards


DRAWN_TO = ("hand", "board")
"""Where a card drawn from the draw pile goes: a hand, or a faction board (the Alliance's
supporters, 8.3.4, 8.2.6)."""
AT_DECK: Loc = ("deck",)
AT_DISCARD: Loc = ("discard",)
AT_AVAILABLE: Loc = ("available",)
AT_REMOVED: Loc = ("removed",)
AT_MARKET: Loc = ("market",)
"""The Black Market's face-down cards (appendix L)."""
AT_HAND: tuple[Loc, ...] = tuple(("hand", s) for s in range(8))
AT_BOARD: tuple[Loc, ...] = tuple(("board", s) for s in range(8))


def piece_code(faction: str, kind: str, suit: str = "") -> str:
    """The Rootlog code of an engine building or token in a clearing of ``suit``
    (``sawmill`` -> ``b_s``, an Alliance base in a fox clearing -> ``b_f``); a faction not
    described in ``factions.py`` gets ``b_`` or ``t_`` and the kind's first letter."""
    code = _CODES.get((faction, kind, suit))
    if code is None:
        got = notation(faction).pieces.get(kind)
        code = got.format(suit=suit[:1]) if got is not None else (
            ("t_" if kind in ("wood", "token") else "b_") + kind[:1]
        )
        _CODES[(faction, kind, suit)] = code
    return code


_CODES: dict[tuple[str, str, str], str] = {}


@dataclass(slots=True)
class Step:
    """One step of the engine (a decision applied, a forced action, a driver run)."""

    fkind: str
    seat: int | None
    act: tuple[Any, ...] | None
    before: Snap
    after: Snap
    new_battles: list[tuple[int, int, int]] = field(default_factory=list)
    dice: list[tuple[int, int]] = field(default_factory=list)
    seg: int = 0
    """Which segment (0: the one where the path started, 1: the next...) the step is in."""
    reveal: tuple[int, int] | None = None
    """A whole hand shown: (the seat showing it, the seat looking), as Codebreakers (the
    Eyrie look at the Marquise's hand) or Outrage without a matching card (8.2.6)."""
    unmatched: str | None = None
    """Outrage paid by showing the hand: the suit of the clearing (``any`` in the Lost
    City) the hand held no card of, nor a bird (8.2.6; ``shown.py``, ruling 750)."""


@dataclass(slots=True)
class Segment:
    kind: str  # "setup" or "turn"
    seat: int


class Observer:
    """Watches the engine step by step: cuts segments at setup and turn boundaries, records
    the snapshots before and after each decision applied (the driver runs between two
    decisions are one step), new battles and dice; can force dice."""

    __slots__ = ("steps", "segments", "snap", "battles", "dice_plan", "dice_needed", "dice_for",
                 "on_cut", "pending", "dirty", "through")

    def __init__(
        self,
        g: Any,
        dice_plan: list[tuple[int, int]] | None = None,
        dice_for: Callable[[int, int, int], tuple[int, int] | None] | None = None,
        on_cut: Callable[[Any, Segment], None] | None = None,
        snap: Snap | None = None,
    ) -> None:
        self.steps: list[Step] = []
        self.segments: list[Segment] = []
        self.snap = snap if snap is not None else Snap(g)
        self.battles: list[Any] = [f for f in g.stack if f.kind == "battle"]
        """Battle frames already seen (kept alive, so that no new frame can share an id)."""
        self.dice_plan = list(dice_plan or [])
        self.dice_needed = 0
        self.dice_for = dice_for
        self.on_cut = on_cut
        self.pending = Step("driver", None, None, self.snap, self.snap)
        self.dirty = False
        self.through: list[tuple[Any, ...]] = []
        """The decisions ``advance`` took as forced though asked (its ``through``), in order:
        the final replay applies them as found."""

    def before_driver(self, g: Any, f: Any) -> None:
        seg: Segment | None = None
        if f.kind == "setup" and f.data["i"] < len(f.data["order"]):
            seg = Segment("setup", int(f.data["order"][f.data["i"]]))
        elif f.kind == "turn" and f.data["i"] == 0 and len(g.stack) == 1:
            seg = Segment("turn", g.turn_seat)
        if seg is not None:
            self.flush(g)
            if self.on_cut is not None:
                self.on_cut(g, seg)
            self.segments.append(seg)
        if f.kind == "battle" and f.data.get("step") == "dice":
            # The roll gets a step of its own, so that chance outcomes keep their order.
            self.flush(g)
            self.dirty = True
        if f.kind == "battle" and f.data.get("step") == "dice" and not g.dice:
            forced = None
            if self.dice_for is not None:
                forced = self.dice_for(f.data["a"], f.data["d"], f.data["c"])
            if forced is not None:
                g.dice.append(forced)
            elif self.dice_plan:
                g.dice.append(self.dice_plan.pop(0))
            elif self.dice_for is not None:
                self.dice_needed += 1
                g.dice.append((0, 0))

    def _notice(self, g: Any, f: Any, step: Step) -> None:
        for fr in g.stack:
            if fr.kind == "battle" and not any(fr is b for b in self.battles):
                self.battles.append(fr)
                step.new_battles.append((fr.data["a"], fr.data["d"], fr.data["c"]))
        if f.kind == "battle" and "dice" in f.data and f.data.get("step") == "effects":
            step.dice.append((int(f.data["dice"][0]), int(f.data["dice"][1])))

    def after_driver(self, g: Any, f: Any) -> None:
        self.dirty = True
        self._notice(g, f, self.pending)
        if self.pending.dice:
            self.flush(g)

    def flush(self, g: Any) -> None:
        """Close the driver runs since the last decision into one step."""
        if not self.dirty:
            return
        snap = Snap(g)
        st = self.pending
        st.before, st.after, st.seg = self.snap, snap, len(self.segments)
        self.steps.append(st)
        self.snap = snap
        self.pending = Step("driver", None, None, snap, snap)
        self.dirty = False

    def after_decision(self, g: Any, f: Any, act: tuple[Any, ...]) -> None:
        snap = Snap(g)
        step = Step(f.kind, f.seat, act, self.snap, snap, seg=len(self.segments),
                    reveal=shown_hand(f, act))
        if f.kind == "outrage" and act[0] == "show-hand":
            step.unmatched = map_board(g).card_suit_at(int(f.data["c"]))
        self._notice(g, f, step)
        self.steps.append(step)
        self.snap = snap


def shown_hand(f: Any, act: tuple[Any, ...]) -> tuple[int, int] | None:
    """The hand a decision shows, as (its owner, the seat looking): Codebreakers, or Outrage
    paid by showing a hand with no matching card (8.2.6)."""
    if f.seat is None:
        return None
    if act[0] == "codebreakers":
        return (int(act[1]), f.seat)
    if act[0] == "show-hand" and "ally" in f.data:
        return (f.seat, int(f.data["ally"]))
    return None


LOOKED_THROUGH = frozenset({"ally_pay"})
"""Decisions asked even with one legal action that the importer takes as forced steps: which
supporter pays is asked whenever the Alliance's stack holds more supporters than are left to
spend (ruling 434), but with one kind of them matching the answer leaves no trace of its own
in the record (the supporters spent are written with the action paid for). Their tokens go
with the decision before them, for the final replay."""


def legal_now(g: Any) -> list[tuple[Any, ...]]:
    """The legal actions of the decision on top of ``g``'s stack: after an exchange of card
    identities changed a hand or a hidden pile, the pending decision's options follow it."""
    from ... import flow

    top = g.stack[-1]
    return flow.DECISIONS[top.kind][0](g, top)


def advance(g: Any, obs: Observer, through: frozenset[str] = frozenset()) -> list[tuple[Any, ...]]:
    """The engine's ``flow.advance``, one step at a time, reporting to ``obs``: run drivers
    and forced decisions until a decision with two or more actions (or the end). A driver
    that walks steps (``flow.steps_driver``: a battle) runs one step per trip here, so that
    each roll is seen, and its dice forced, as a step of its own. A decision of a kind in
    ``through`` (the importer's :data:`LOOKED_THROUGH`) with one legal action is taken as
    forced even when the engine asks it, and noted in ``obs.through`` (the writer, replaying
    the game's own history, passes none)."""
    from ... import flow

    while not g.winners:
        f = g.stack[-1]
        run = flow.STEPS.get(f.kind) or flow.DRIVERS.get(f.kind)
        if run is not None:
            obs.before_driver(g, f)
            run(g, f)
            obs.after_driver(g, f)
            continue
        legal, apply = flow.DECISIONS[f.kind]
        acts = legal(g, f)
        if len(acts) == 1 and (f.kind in through or not flow.asked(g, f)):
            obs.flush(g)
            if f.kind in through and flow.asked(g, f):
                g.decisions += 1  # as ``Game.apply`` counts it
                obs.through.append(acts[0])
            apply(g, f, acts[0])
            obs.after_decision(g, f, acts[0])
            continue
        if not acts:
            raise RootlogError(f"the engine has no legal action in {f.kind!r}")
        obs.flush(g)
        return acts
    obs.flush(g)
    return []


def decide(g: Any, obs: Observer, a: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """Apply decision ``a`` (as ``Game.apply`` does) and advance."""
    apply_decision(g, obs, a)
    return advance(g, obs)


def apply_decision(g: Any, obs: Observer, a: tuple[Any, ...]) -> Step:
    """Apply decision ``a`` (as ``Game.apply`` does) without advancing: the step it makes
    (the last of ``obs.steps``), complete before the engine runs on."""
    from ... import flow

    f = g.stack[-1]
    g.decisions += 1
    obs.flush(g)
    flow.DECISIONS[f.kind][1](g, f, a)
    obs.after_decision(g, f, a)
    return obs.steps[-1]


TAKES_FROM_DISCARD = ("day-labor", "informants")
"""The actions that take a card from the discard pile by choice (the Tinker's Day Labor,
Informants' ambush card): :func:`from_discard`, ``piles.PileExchanges.taken_from_discard``."""


def from_discard(st: Step) -> frozenset[int]:
    """The card a step takes from the discard pile by choice (the Tinker's Day Labor,
    Appendix V; Informants' ambush card, E&P), not by a reshuffle."""
    act = st.act
    if act is not None and act[0] in TAKES_FROM_DISCARD:
        return frozenset({int(act[1])})
    return frozenset()


def card_moves(
    before: Snap, after: Snap, taken: frozenset[int] = frozenset()
) -> list[tuple[int, Loc, Loc]]:
    """Cards that changed place, in a stable order (draws in the order they were drawn);
    ``taken``: cards taken from the discard pile by choice (:func:`from_discard`)."""
    out: list[tuple[int, Loc, Loc]] = []
    if before.areas == after.areas:
        return out
    # Only the places that changed (``Snap.places``): the snapshots' full maps are not made.
    was = before.places(after)
    for cid, loc in after.places(before).items():
        old = was.get(cid)
        if old == ("discard",) and loc == ("deck",):
            continue  # a reshuffle (2.1): not written in Rootlog
        if old == ("discard",) and loc[0] in DRAWN_TO and cid not in taken:
            old = ("deck",)  # reshuffled into the draw pile, then drawn
        elif old is not None and old[0] in ("board", "decree") and loc[0] in ("hand", "deck"):
            # Nothing takes a card from a faction board into a hand or the draw pile: it was
            # discarded (a base lost, a purge) and reshuffled in the same step (2.1), then
            # drawn, or not yet. The reshuffle is not written.
            if loc == AT_DECK:
                loc = AT_DISCARD
            else:
                old = AT_DECK
        if old != loc and old is not None:
            out.append((cid, old, loc))

    # (No card left an unchanged draw pile.)
    top = {cid: len(before.deck) - i for i, cid in enumerate(before.deck)} \
        if before.deck != after.deck else {}

    def order(m: tuple[int, Loc, Loc]) -> tuple[int, int]:
        # Draws in the order they were drawn: from the top of the draw pile down, then those
        # drawn after a reshuffle (in the order they reached the hand).
        cid, src, dst = m
        if dst[0] == "hand" or (src == AT_DECK and dst[0] in DRAWN_TO):
            if cid in top:
                return (0, top[cid])
            hand = after.hands[dst[1]]
            return (0, 1000 + (hand.index(cid) if cid in hand else 0))
        return (1, cid)

    out.sort(key=order)
    return out


def unspent(moves: list[tuple[int, Loc, Loc]], spent: set[int]) -> list[tuple[int, Loc, Loc]]:
    """The card moves but those of the ``spent`` cards (crafted, ambushed: written by the
    action itself), save a spent card that ended in a hand: it went to the discard pile, was
    reshuffled into the draw pile and drawn in the same step (2.1; a Murine Broker's draw
    of the card crafted), a draw the action does not write."""
    return [(cid, AT_DECK, dst) if cid in spent else (cid, src, dst)
            for cid, src, dst in moves if cid not in spent or dst[0] == "hand"]


def reshuffled(before: Snap, after: Snap, taken: frozenset[int] = frozenset()) -> bool:
    """Whether the discard pile became the draw pile between the two (2.1)."""
    if before.areas == after.areas:
        return False
    if not before.discard:
        # An empty discard pile took cards the step discarded from a faction board (a
        # base's supporters) and was reshuffled: they are in the draw pile, or drawn.
        was = before.places(after)
        return any(loc[0] in ("deck", "hand") and was.get(c, loc)[0] in ("board", "decree")
                   for c, loc in after.places(before).items())
    # Nothing else takes a card from the discard pile (but Day Labor, ``taken``): one that
    # left it was reshuffled.
    cards = after.cards
    return any(cards.get(c, AT_DISCARD) != AT_DISCARD for c in before.discard
               if c not in taken)


def dominance_activated(before: Snap, after: Snap) -> list[tuple[int, int]]:
    """The seats whose score marker left the track between the two, with the board it went
    to: their own for a dominance card activated (3.3.1), written ``++->$`` beside the card
    put on the board; the partner's for the Vagabond's coalition (9.2.8, ``++->E$``)."""
    if before.areas == after.areas:
        return []
    out: list[tuple[int, int]] = []
    for s, (x, y) in enumerate(zip(before.areas[4], after.areas[4], strict=True)):
        if x[2] is None and y[2] is not None:
            partner = after.coalition[s]
            out.append((s, s if partner is None else partner))
    return out


def piece_deltas(before: Snap, after: Snap) -> dict[tuple[int, str, int], int]:
    """What changed of the pieces between the two: (seat, Rootlog code, clearing) -> how
    many more (fewer when negative). Only the clearings whose pieces changed are looked at
    (the engine replaces a clearing's tuple when a piece there changes)."""
    out: dict[tuple[int, str, int], int] = {}
    if before.board == after.board:
        return out
    if before.suit != after.suit or before.factions != after.factions:
        was, now = before.pieces, after.pieces
    else:
        was, now = {}, {}
        bw, bb, bt, bh = before.board
        aw, ab, at, ah = after.board
        for c in range(1, len(ab)):
            if bw[c] != aw[c] or bb[c] != ab[c] or bt[c] != at[c]:
                before.clearing_pieces(c, was)
                after.clearing_pieces(c, now)
        if bh != ah:
            before.board_pieces(was)
            after.board_pieces(now)
    for k in set(was) | set(now):
        d = now.get(k, 0) - was.get(k, 0)
        if d:
            out[k] = d
    return out


Cut = tuple[Snap, Segment]
"""The board where a segment (a setup or a turn) ended, and that segment: made a
:class:`TurnState` (:func:`snap_state`) only for the course the search keeps."""


def turn_state(g: Any, seg: Segment) -> TurnState:
    """The board of state ``g`` at the end of segment ``seg``, as a record line sees it."""
    return snap_state(Snap(g), seg)


def snap_state(snap: Snap, seg: Segment) -> TurnState:
    """:func:`turn_state` of the state ``snap`` was taken of."""
    facs = snap.factions
    pieces = tuple(
        sorted(((LETTER_OF.get(facs[s], "?"), code, c), n) for (s, code, c), n in
               snap.pieces.items())
    )
    boards = tuple(b.public() if b is not None else None for b in snap.boards)
    return TurnState(LETTER_OF.get(facs[seg.seat], "?"), seg.kind == "setup", pieces, snap.vp,
                     boards if any(b is not None for b in boards) else ())

