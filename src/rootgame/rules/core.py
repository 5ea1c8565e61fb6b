"""General Law: rule (2.5), placing and removing pieces (1.5, G.1.19, G.1.22), scoring and
winning (3.1-3.2), cards (2.1): drawing with reshuffle, discarding, birds as wild.

Faction rules hook in through the faction objects in ``flow.FACTIONS`` (e.g. Lords of the
Forest changes who rules a tied clearing; the keep stops others placing pieces).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..actions import COUNT, Action
from ..board import Board, load_board
from ..cards import DECK
from ..flow import FACTIONS, applies, decision, pop
from ..state import Frame, GameState, Piece
from . import chance

if TYPE_CHECKING:
    from ..factions.base import Faction

WIN_VP: Final = 30
HAND_LIMIT: Final = 5


class _Made:
    """A map :func:`board` made, with what it was made of (map, suits, closed paths). An
    object of its own rather than a tuple: the compiled core would check and unpack a tuple
    of four typed values at every read (issue 14)."""

    __slots__ = ("map", "suits", "closed", "board")

    def __init__(
        self, map_: str, suits: str, closed: tuple[tuple[int, int], ...], b: Board
    ) -> None:
        self.map = map_
        self.suits = suits
        self.closed = closed
        self.board = b


class _LastBoard:
    """The map :func:`board` made last (:class:`_Made`): most calls ask for the same map
    again, about twice a decision. Replaced whole, so that threads never see a map beside
    another's key."""

    __slots__ = ("made",)

    def __init__(self) -> None:
        self.made: _Made | None = None


_LAST_BOARD: Final = _LastBoard()


def board(g: GameState) -> Board:
    """The map of ``g`` as it is now: its suit layout, its paths still closed, and the
    landmarks that change it (the Elder Treetop's slot, the Lost City's suits)."""
    if g.landmarks:
        lm = g.landmarks
        return load_board(
            g.map, g.suits, g.closed, lm.get("elder-treetop", 0), lm.get("lost-city", 0)
        )
    made = _LAST_BOARD.made
    # The same objects make the same map (load_board is a function of their values).
    if made is not None and made.closed is g.closed and made.map is g.map and (
        made.suits is g.suits
    ):
        return made.board
    b = load_board(g.map, g.suits, g.closed)
    _LAST_BOARD.made = _Made(g.map, g.suits, g.closed, b)
    return b


class _Seats:
    """The faction object of each seat (``flow.FACTIONS`` by name) for a tuple of faction
    names, which a game and its clones share: :func:`fac` finds the faction without
    looking its name up (issue 14)."""

    __slots__ = ("names", "factions", "pawns", "blockers")

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.factions = tuple(FACTIONS[name] for name in names)
        self.pawns = tuple(s for s, f in enumerate(self.factions) if f.has_pawn)
        """The seats whose faction has a pawn (the Vagabond's)."""
        self.blockers = tuple(s for s, f in enumerate(self.factions) if f.blocks_others)
        """The seats whose pieces may forbid others to place pieces (``can_place``)."""


class _LastSeats:
    """The seats :func:`fac` was asked of last; replaced whole (as :class:`_LastBoard`).
    At first the seats of no faction, which no game's names are: :func:`fac` then tests
    one identity, not also None."""

    __slots__ = ("seats",)

    def __init__(self) -> None:
        self.seats: _Seats = _Seats(())


_LAST_SEATS: Final = _LastSeats()


def seat_factions(g: GameState) -> tuple[Faction, ...]:
    """The faction object of each seat, in seat order."""
    return _seats(g).factions


def _seats(g: GameState) -> _Seats:
    """The seats of ``g``'s factions (made again only for another tuple of names)."""
    last = _LAST_SEATS.seats
    if last.names is not g.factions:
        last = _LAST_SEATS.seats = _Seats(g.factions)
    return last


def fac(g: GameState, seat: int) -> Faction:
    """The faction object of ``seat``."""
    last = _LAST_SEATS.seats
    if last.names is g.factions:
        return last.factions[seat]
    return seat_factions(g)[seat]


def enemies(g: GameState, seat: int) -> list[int]:
    """G.1.8: every other player, except a player in a coalition with ``seat`` (9.2.8)."""
    partner = g.seats[seat].coalition
    return [s for s in range(len(g.seats)) if s != seat and s != partner]


def is_enemy(g: GameState, seat: int, other: int) -> bool:
    """Whether ``other`` is an enemy of ``seat`` (G.1.8, 9.2.8)."""
    return other != seat and other != g.seats[seat].coalition


# --- 2.5 Rule -----------------------------------------------------------------------------


def has_pieces(g: GameState, seat: int, c: int) -> bool:
    """Whether ``seat`` has any piece (warrior, building, token or pawn) in ``c``."""
    if g.warriors[c][seat] or owner_bits(g, c) >> seat & 1:
        return True
    f = fac(g, seat)
    return f.has_pawn and f.pawn_at(g, seat) == c


def owner_bits(g: GameState, c: int) -> int:
    """The seats owning a building or token in ``c`` (for :func:`has_pieces`), as the bits
    ``1 << seat`` of one integer: no list made, none searched (issue 14). A ruin is nobody's."""
    bits = 0
    for owner, _ in g.buildings[c]:
        if owner >= 0:
            bits |= 1 << owner
    for owner, _ in g.tokens[c]:
        if owner >= 0:
            bits |= 1 << owner
    return bits


def pawn_clearings(g: GameState) -> list[int]:
    """Where each seat's pawn stands (the Vagabond's), by seat; 0 for none or off the map."""
    seats = _LAST_SEATS.seats
    if seats.names is not g.factions:
        seats = _seats(g)
    out = [0] * len(seats.factions)
    for s in seats.pawns:
        out[s] = seats.factions[s].pawn_at(g, s)
    return out


def ruler(g: GameState, c: int) -> int | None:
    """2.5: who rules clearing ``c``: most warriors + buildings; ties rule for nobody, unless
    a faction rules ties (the Eyrie's Lords of the Forest, 7.2.2).

    The answer is kept in ``g.rule_memo`` until the clearing's warriors or buildings change
    (:func:`pieces_changed`), since most decisions ask it of every clearing. While a player
    holds Soup Kitchens (tokens count towards rule) it is counted every time instead."""
    if g.shared_deck != "base" and _tokens_rule(g):
        r = _count_rule(g, c)
    else:
        memo = g.rule_memo or _new_rule_memo(g)
        r = memo[c]
        if r == -2 and c:  # (index 0 is no clearing: rulers' mark, nobody's)
            r = memo[c] = _count_rule(g, c)
    return None if r < 0 else r


def pieces_changed(g: GameState, c: int) -> None:
    """Warriors or buildings in ``c`` changed: who rules it must be counted again. Every
    change of ``g.warriors`` or ``g.buildings`` calls this (tests/test_invariants.py checks
    the memo against a fresh count after every action)."""
    memo = g.rule_memo
    if memo:
        memo[c] = memo[0] = -2


def buildings_changed(g: GameState, c: int) -> None:
    """A building was placed in ``c`` or removed from it: who rules it must be found again,
    and where each player's buildings stand (:func:`buildings_of`) is corrected for ``c``.
    Every change of ``g.buildings`` calls this instead of :func:`pieces_changed`."""
    rule = g.rule_memo
    if rule:
        rule[c] = rule[0] = -2
    memo = g.building_memo
    if memo is not None:
        g.building_memo = _index_corrected(memo, c, g.buildings[c])


def _index_corrected(
    memo: dict[Piece, tuple[int, ...]], c: int, here: tuple[Piece, ...]
) -> dict[Piece, tuple[int, ...]]:
    """The index of :func:`buildings_of` with clearing ``c`` now holding ``here``: a new
    dictionary (clones share the old one), made without looking at the other clearings
    (issue 14: counting the whole map afresh after every building cost about 24k machine
    instructions compiled)."""
    out = dict(memo)
    for piece, cs in memo.items():
        if c in cs:
            out[piece] = tuple([x for x in cs if x != c])
    for piece in here:
        cs = out.get(piece, ())
        i = 0
        while i < len(cs) and cs[i] <= c:  # in clearing order, after the others in c
            i += 1
        out[piece] = cs[:i] + (c,) + cs[i:]
    return out


def buildings_of(g: GameState, seat: int, kind: str) -> tuple[int, ...]:
    """The clearings of ``seat``'s buildings of ``kind`` on the map, one entry per building,
    in clearing order. Kept in ``g.building_memo``, which every building placed or removed
    corrects for its clearing (:func:`buildings_changed`; tests/test_invariants.py checks it
    against the map after every action)."""
    memo = g.building_memo
    if memo is None:
        memo = g.building_memo = index_buildings(g)
    return memo.get((seat, kind), ())


def index_buildings(g: GameState) -> dict[Piece, tuple[int, ...]]:
    """Where every building on the map stands, by (owner, kind), counted afresh."""
    at: dict[Piece, list[int]] = {}
    for c in board(g).clearings:
        for piece in g.buildings[c]:
            if piece in at:
                at[piece].append(c)
            else:
                at[piece] = [c]
    return {piece: tuple(cs) for piece, cs in at.items()}


def tokens_of(g: GameState, seat: int, kind: str) -> tuple[int, ...]:
    """The clearings of ``seat``'s tokens of ``kind`` on the map, one entry per token, in
    clearing order. Kept in ``g.token_memo`` until a token is placed or removed anywhere
    (``GameState.put_token``, ``take_token``; tests/test_invariants.py checks it against the
    map after every action). Only the pieces asked for are looked for: most games ask for
    one kind of token (the Alliance's sympathy), while tokens move often (the Marquise's
    wood)."""
    memo = g.token_memo
    if memo is None:
        memo = g.token_memo = {}
    piece = (seat, kind)
    found = memo.get(piece)
    if found is None:
        at: list[int] = []
        tokens = g.tokens
        for c in board(g).clearings:
            for o, k in tokens[c]:
                if o == seat and k == kind:
                    at.append(c)
        found = memo[piece] = tuple(at)
    return found


def _tokens_rule(g: GameState) -> bool:
    """Whether some player's tokens count towards rule now (Soup Kitchens in a play area)."""
    from .exiles import soup_kitchens_held

    return soup_kitchens_held(g)


def rule_counts(g: GameState, c: int) -> list[int]:
    """2.5: each seat's pieces in ``c`` that count towards rule, by seat: warriors and
    buildings (and tokens while Soup Kitchens counts them)."""
    counts = list(g.warriors[c])
    for owner, _ in g.buildings[c]:
        if owner >= 0:
            counts[owner] += 1
    if g.shared_deck != "base" and g.tokens[c]:
        from .exiles import soup_kitchens

        soup_kitchens(g, c, counts)
    return counts


def _count_rule(g: GameState, c: int) -> int:
    """:func:`ruler` of ``c``, counted; -1 for nobody."""
    counts = rule_counts(g, c)
    # The most pieces, and whether another seat has as many: one pass, no builtin looked up
    # (issue 14).
    best = 0
    first = -1
    tied = False
    for s, p in enumerate(counts):
        if p > best:
            best = p
            first = s
            tied = False
        elif p == best and p:
            tied = True
    if not tied:
        return first
    for s, p in enumerate(counts):
        if p == best and fac(g, s).rules_ties:
            return s
    return -1


def rulers(g: GameState) -> list[int]:
    """Who rules each clearing (``ruler``), indexed by clearing (index 0 unused): a seat, or
    -1 for nobody. The list is the engine's own memo: read it, never change it."""
    if g.shared_deck != "base" and _tokens_rule(g):
        return [-1] + [_count_rule(g, c) for c in range(1, len(g.warriors))]
    memo = g.rule_memo or _new_rule_memo(g)
    if memo[0] == -2:  # some clearing is unknown: one pass over the clearings (issue 14)
        for c in range(1, len(memo)):
            if memo[c] == -2:
                memo[c] = _count_rule(g, c)
        memo[0] = -1
    return memo


def _new_rule_memo(g: GameState) -> list[int]:
    """An empty memo of who rules: nothing known (-2). Index 0, which is no clearing, is -2
    while some clearing may be unknown (:func:`pieces_changed` marks it too) and -1 once
    :func:`rulers` has counted them all: a decision that changed no piece reads the whole
    memo without looking at each clearing (issue 14)."""
    memo = g.rule_memo = [-2] * len(g.warriors)
    return memo


def rules(g: GameState, seat: int, c: int) -> bool:
    return ruler(g, c) == seat


def ruled_count(g: GameState, seat: int) -> int:
    return sum(1 for c in board(g).clearings if ruler(g, c) == seat)


# --- Placing pieces (1.5, G.1.19) ----------------------------------------------------------


def free_slots(g: GameState, c: int, b: Board | None = None) -> int:
    """2.2.3: open building slots (a ruin fills a slot, 2.2.4). ``b``: the map as it is now
    (``board(g)``), when the caller has it at hand."""
    return (b or board(g)).slots[c] - len(g.buildings[c])


def can_place(g: GameState, seat: int, c: int) -> bool:
    """Whether ``seat`` may place pieces in ``c`` at all (e.g. the keep forbids it, 6.2.2)."""
    seats = _LAST_SEATS.seats
    if seats.names is not g.factions:  # (_seats, without a call)
        seats = _seats(g)
    for s in seats.blockers:
        if s != seat and seats.factions[s].blocks_placement(g, s, seat, c):
            return False
    return True


def can_build(g: GameState, seat: int, c: int, b: Board | None = None) -> bool:
    """An open slot in a clearing where ``seat`` may place pieces (``b`` as for
    :func:`free_slots`)."""
    return free_slots(g, c, b) > 0 and can_place(g, seat, c)


def place_warriors(g: GameState, seat: int, c: int, n: int) -> int:
    """Place up to ``n`` warriors from supply (as many as possible, 1.5.4). Returns how many."""
    fs = g.fs[seat]
    k: int = min(n, fs.warriors)
    fs.warriors -= k
    g.add_warriors(c, seat, k)
    pieces_changed(g, c)
    if k and g.log is not None:
        piece_event(g, "place", seat, c, "warrior", k)
    return k


def place_building(g: GameState, seat: int, c: int, kind: str) -> None:
    """Place a building of ``seat`` in ``c`` (its faction takes it off its track)."""
    g.put_building(c, (seat, kind))
    if g.log is not None:
        piece_event(g, "place", seat, c, kind, 1)
    slot_taken(g, c, (seat, kind))


def slot_taken(g: GameState, c: int, piece: tuple[int, str]) -> None:
    """``piece``, just put in ``g.buildings[c]``, took one of its open building slots (2.2.3):
    a building, or the Vagabot Scoundrel's item (LR 7.7.5). Who rules ``c`` and where the
    buildings stand are found again, and a landmark holding a slot learns of it (the Elder
    Treetop)."""
    buildings_changed(g, c)
    if g.landmarks:
        from .landmarks import building_placed

        building_placed(g, c, piece)


def place_token(g: GameState, seat: int, c: int, kind: str) -> None:
    """Place a token of ``seat`` in ``c`` (its faction takes it from its supply)."""
    g.put_token(c, (seat, kind))
    if g.log is not None:
        piece_event(g, "place", seat, c, kind, 1)


def piece_event(
    g: GameState, kind: str, seat: int, c: int, piece: str, n: int, by: int | None = None
) -> None:
    """Log pieces placed (``kind`` "place") or removed ("remove", with who removed them)."""
    e: dict[str, object] = {"kind": kind, "seat": seat, "clearing": c, "piece": piece, "count": n}
    if kind == "remove":
        e["by"] = by
    chance.emit(g, e)


# --- Removing pieces (G.1.22) and scoring them (3.2.1) ---------------------------------------


def remove_warriors(g: GameState, seat: int, c: int, n: int, by: int | None = None) -> int:
    """Remove up to ``n`` warriors of ``seat`` from ``c`` back to its supply (``by``: the
    player removing them, for the log)."""
    k = min(n, g.warriors[c][seat])
    g.add_warriors(c, seat, -k)
    return_warriors(g, seat, k)
    pieces_changed(g, c)
    if k and g.log is not None:
        piece_event(g, "remove", seat, c, "warrior", k, by)
    return k


def return_warriors(g: GameState, seat: int, k: int) -> None:
    """``k`` warriors of ``seat`` go back to its supply (or onto Coffin Makers)."""
    g.fs[seat].warriors += k
    if k and g.shared_deck != "base":
        from .exiles import return_to_supply

        return_to_supply(g, seat, k)


def remove_building(g: GameState, c: int, index: int, by: int | None) -> tuple[int, str]:
    """Remove the building at ``g.buildings[c][index]``; its owner's faction puts it back on
    its track. ``by`` scores 1 VP if it is an enemy (3.2.1)."""
    owner, kind = g.take_building(c, index)
    buildings_changed(g, c)
    extra = 0
    if g.landmarks:
        from .landmarks import treetop_removal

        extra = treetop_removal(g, c, (owner, kind), by)
    if owner >= 0:
        if g.log is not None:
            piece_event(g, "remove", owner, c, kind, 1, by)
        fac(g, owner).building_removed(g, owner, c, kind)
        if by is not None and by != owner:
            score(g, by, 1, "removed " + kind)
            if extra:
                score(g, by, extra, "elder treetop")
            fac(g, by).removed_enemy_piece(g, by, owner, c)
    return owner, kind


def remove_token(g: GameState, c: int, index: int, by: int | None) -> tuple[int, str]:
    """Remove the token at ``g.tokens[c][index]``; ``by`` scores 1 VP if an enemy (3.2.1)."""
    owner, kind = g.take_token(c, index)
    if g.log is not None:
        piece_event(g, "remove", owner, c, kind, 1, by)
    if by is not None and by != owner:
        score(g, by, fac(g, owner).removal_vp(g, owner, kind), "removed " + kind)
        fac(g, by).removed_enemy_piece(g, by, owner, c)
    fac(g, owner).token_removed(g, owner, c, kind, by)
    return owner, kind


def remove_enemy_pieces(g: GameState, seat: int, clearings: tuple[int, ...] | list[int]) -> None:
    """Remove every enemy piece (warriors, buildings, tokens; never ruins) from
    ``clearings`` (the Favors, Revolt 8.4.1.III). ``seat`` scores each enemy building and
    token (3.2.1); a Vagabond there damages three items instead (9.2.2.I). The removals are
    one simultaneous step: the 30-VP check comes when all are
    done. The effects the removals trigger come after all of them (1.5.4), in the order the
    player taking the turn chooses when they belong to several players."""
    step = begin_simultaneous_step(g)
    start = len(g.stack)
    removed: list[tuple[int, int, int]] = []
    foes = enemies(g, seat)  # a coalition partner's pieces are not enemy pieces (9.2.8)
    for c in clearings:
        for e in foes:
            fac(g, e).all_removed(g, e, c, seat)
            k = remove_warriors(g, e, c, g.warriors[c][e], seat)
            if k:
                removed.append((e, c, k))
        i = 0
        while i < len(g.buildings[c]):
            if g.buildings[c][i][0] in foes:
                remove_building(g, c, i, seat)
            else:
                i += 1
        i = 0
        while i < len(g.tokens[c]):
            if g.tokens[c][i][0] in foes:
                remove_token(g, c, i, seat)
            else:
                i += 1
    end_simultaneous_step(g, step)
    for e, c, k in reversed(removed):
        fac(g, seat).removed_warriors_of(g, seat, e, k)
        fac(g, e).warriors_removed(g, e, c, k)
    order_simultaneous(g, start)


SetAside = tuple[str, int | None, tuple[tuple[str, Any], ...]]
"""A frame set aside while the order of simultaneous effects is chosen: kind, seat, data."""


def order_simultaneous(g: GameState, start: int) -> None:
    """Golden Rules (Unclear Resolutions): the frames pushed since ``g.stack[start]`` are
    effects triggered at the same moment. When they belong to two or more players, the
    player taking the turn chooses the order in which they resolve."""
    new = g.stack[start:]
    if len({f.seat for f in new}) < 2 or fac(g, g.turn_seat).is_bot:
        # A bot taking the turn makes no choice (LR 2.8): they resolve in the order raised.
        return
    del g.stack[start:]
    pending = tuple((f.kind, f.seat, tuple(sorted(f.data.items()))) for f in reversed(new))
    g.stack.append(Frame("order_effects", g.turn_seat, {"pending": pending}))


@decision(
    "order_effects",
    "Effects of several players at once: which resolves first?",
    takes=(("resolve", COUNT),),
)
def _order_legal(g: GameState, f: Frame) -> list[Action]:
    """``("resolve", n)``: the ``n``-th pending effect (from 1) resolves first."""
    return [("resolve", i + 1) for i in range(len(f.data["pending"]))]


@applies("order_effects")
def _order_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    pending: list[SetAside] = list(f.data["pending"])
    kind, seat, data = pending.pop(int(a[1]) - 1)
    start = len(g.stack)
    for k, s, d in reversed(pending):
        g.stack.append(Frame(k, s, dict(d)))
    order_simultaneous(g, start)
    g.stack.append(Frame(kind, seat, dict(data)))


def score(g: GameState, seat: int, n: int, reason: str = "") -> None:
    """Add ``n`` VP (may be negative) for ``reason``. A player with an activated dominance card
    never scores again (3.3.1). Reaching 30 VP wins at once (3.1), unless the score is part of
    a simultaneous step still under way (:func:`in_simultaneous_step`): then the check comes
    when that step ends, and the tie rule decides among the players who reached 30 (3.1.1)."""
    if g.winners or n == 0:
        return
    s = g.seats[seat]
    if s.dominance is not None:
        return
    s.vp += n
    g.vp_log.append((seat, n, reason))
    if g.log is not None:
        g.log.append({"kind": "score", "seat": seat, "vp": n, "reason": reason, "total": s.vp})
    if g.cooperative and s.vp >= WIN_VP > s.vp - n:
        team_goal(g, seat)
    if s.vp >= WIN_VP and not in_simultaneous_step(g):
        check_vp_win(g)


def in_simultaneous_step(g: GameState) -> bool:
    """Whether a step whose effects all happen at once is under way: a frame on the stack
    holds ``"simultaneous"`` (both sides' hits in battle, 4.3.6; a Favor's removals, 1.5.4).
    Its scores are checked for victory together when it ends (:func:`end_simultaneous_step`)."""
    for f in g.stack:
        if "simultaneous" in f.data:
            return True
    return False


def begin_simultaneous_step(g: GameState) -> dict[str, object]:
    """Open a simultaneous step on the frame being resolved (the top of the stack); returns
    the data to give :func:`end_simultaneous_step`."""
    data = g.stack[-1].data
    data["simultaneous"] = True
    return data


def end_simultaneous_step(g: GameState, data: dict[str, object]) -> None:
    """Close the simultaneous step marked in ``data`` and check for victory (3.1, 3.1.1)."""
    data.pop("simultaneous", None)
    check_vp_win(g)


def check_vp_win(g: GameState) -> None:
    """3.1: the first player with 30 VP wins. 3.1.1: when several reach 30 at the same moment,
    the one nearest clockwise from the player taking the turn wins (the turn player counts
    first)."""
    if g.winners:
        return
    if g.cooperative:
        check_team_win(g)
        return
    reached = [
        s
        for s in ((g.turn_seat + k) % g.n for k in range(g.n))
        if g.seats[s].vp >= WIN_VP and g.seats[s].dominance is None
    ]
    if reached:
        win(g, [reached[0]], "vp", tied=reached if len(reached) > 1 else None)


def teams(g: GameState) -> tuple[list[int], list[int]]:
    """(the human seats, the Clockwork bots' seats), each in seat order (LR 2.6)."""
    bots = [s for s in range(g.n) if fac(g, s).is_bot]
    return [s for s in range(g.n) if s not in bots], bots


def check_team_win(g: GameState) -> None:
    """Law of Rootbotics 3.5.1, fully cooperative play: the humans must each have 30 VP
    before any bot has. The bots win together the moment any bot has 30 VP (also when the
    last human gets there at the same moment, docs/rulings.md); the humans win together the
    moment each of them has 30 VP or more."""
    humans, bots = teams(g)
    if any(g.seats[s].vp >= WIN_VP for s in bots):
        win(g, bots, "vp", team="bots")
    elif all(g.seats[s].vp >= WIN_VP for s in humans):
        win(g, humans, "vp", team="humans")


def team_goal(g: GameState, seat: int) -> None:
    """LR 3.5.1: a human reaching 30 VP while other humans have not yet does not end the
    game; the event says who the team still waits for."""
    humans, _bots = teams(g)
    waiting = [s for s in humans if g.seats[s].vp < WIN_VP]
    if seat in humans and waiting:
        chance.emit(g, {"kind": "team_goal", "seat": seat, "waiting": waiting})


def win(
    g: GameState,
    seats: list[int],
    reason: str,
    tied: list[int] | None = None,
    team: str | None = None,
) -> None:
    """The game ends at once (3.1, 3.3.1). The event names every player's score, and the
    players tied at 30 or more when the tie rule chose among them (3.1.1). A player in a
    coalition with a winner wins too (9.2.8). ``team``: "humans" or "bots" in fully
    cooperative play (LR 3.5.1), where a whole side wins."""
    for s in seats[:]:
        p = g.seats[s].coalition
        if p is not None and p not in seats:
            seats.append(p)
    g.winners = seats
    g.win_reason = reason
    event: dict[str, object] = {
        "kind": "win",
        "seats": seats[:],
        "reason": reason,
        "vp": [s.vp for s in g.seats],
    }
    if tied:
        event["tied"] = tied[:]
    if team:
        event["team"] = team
    chance.emit(g, event)


# --- Cards (2.1) ------------------------------------------------------------------------


def card_suit(cid: int) -> str:
    """The suit of a card id (the Eyrie's Loyal Viziers, id < 0, are birds)."""
    return "bird" if cid < 0 else DECK[cid].suit


def reshuffle(g: GameState) -> None:
    """2.1: the moment the draw pile is empty, shuffle the discard pile into a new one."""
    if not g.deck and g.discard:
        g.deck = g.discard
        g.discard = []
        chance.shuffle(g, g.deck)


def draw(g: GameState, seat: int, n: int, to: str = "hand") -> int:
    """Draw ``n`` cards from the top (as many as there are, 1.5.4) into the hand, or, with
    ``to`` another name, into the faction's own pile of that name (the Alliance's
    supporters, 8.3.4) through its ``gain_cards`` hook. Returns how many. A bot has no hand
    and draws nothing into one (LR 2.8.1; docs/rulings.md)."""
    if to == "hand" and fac(g, seat).is_bot:
        return 0
    drawn: list[int] = []
    for _ in range(n):
        if not g.deck:
            reshuffle(g)
            if not g.deck:
                break
        drawn.append(g.deck.pop())
        if not g.deck:
            reshuffle(g)
    if drawn:
        g.reveals += 1
        if to == "hand":
            g.seats[seat].hand.extend(drawn)
            if g.log is not None:  # (the event is not made for a game that keeps no log)
                chance.emit(g, {"kind": "draw", "seat": seat, "cards": drawn})
        else:
            if g.log is not None:
                chance.emit(g, {"kind": "draw", "seat": seat, "cards": drawn, "to": to})
            fac(g, seat).gain_cards(g, seat, drawn, to)
    return len(drawn)


def discard(g: GameState, cid: int) -> None:
    """Put a card on the discard pile; a dominance card goes beside the map as available
    instead (3.3.3)."""
    if cid < 0:
        return
    if DECK[cid].kind == "dominance":
        g.available_dominance.append(cid)
    else:
        g.discard.append(cid)


def discard_from_hand(g: GameState, seat: int, cid: int) -> None:
    g.seats[seat].hand.remove(cid)
    discard(g, cid)


def matching_cards(g: GameState, seat: int, suit: str) -> list[int]:
    """Cards in hand that can be spent as ``suit`` (birds are wild, 2.1.1; a bird requirement
    needs a bird card, 2.1.1.II; "any": every card, in the Lost City)."""
    hand = g.seats[seat].hand
    if suit == "bird":
        return [c for c in hand if DECK[c].suit == "bird"]
    if suit == "any":  # the Lost City (Board.card_suit_at)
        return hand[:]
    return [c for c in hand if DECK[c].suit == suit or DECK[c].suit == "bird"]


def roll_dice(g: GameState) -> tuple[int, int]:
    """4.3.3: roll two dice, each 0-3 (fixed dice first, when a position set them)."""
    return chance.dice(g)


def can_take_card_from(g: GameState, other: int) -> bool:
    """Whether a card can be taken from ``other``: a card in hand, or a bot, from which a
    player draws instead (LR 2.8.1)."""
    return bool(g.seats[other].hand) or fac(g, other).is_bot


def take_random_card(g: GameState, seat: int, other: int, why: str) -> int:
    """``seat`` takes a card at random from ``other``'s hand into its own (Stand and Deliver!,
    Swap Meet, the Thief's Steal): a chance outcome named ``why``; the log tells both players
    which card, the others only that one was taken (views.events_for). From a bot, which has
    no hand, the player draws a card from the deck instead (LR 2.8.1 Poor Manual Dexterity);
    -1 if none is left."""
    if fac(g, other).is_bot:
        chance.emit(g, {"kind": "no_hand", "seat": seat, "bot": other, "why": why})
        return g.seats[seat].hand[-1] if draw(g, seat, 1) else -1
    hand = g.seats[other].hand
    taken = hand.pop(chance.pick(g, len(hand), why))
    chance.emit(g, {"kind": "take", "seat": seat, "from": other, "card": taken})
    g.seats[seat].hand.append(taken)
    return taken


def give_card(g: GameState, seat: int, to: int, cid: int) -> None:
    """``seat`` gives card ``cid`` from its hand to ``to`` (Aid, Swap Meet). A bot, which has
    no hand, has the card discarded and scores 1 VP instead (LR 2.8.1)."""
    g.seats[seat].hand.remove(cid)
    if fac(g, to).is_bot:
        discard(g, cid)
        score(g, to, 1, "card given")
    else:
        g.seats[to].hand.append(cid)


def has_persistent(g: GameState, seat: int, key: str) -> int | None:
    """The id of a persistent card with this key in ``seat``'s play area, or None."""
    for cid in g.seats[seat].persistent:
        if DECK[cid].key == key:
            return cid
    return None
