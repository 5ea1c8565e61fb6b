"""The game state: plain data, no rules. Cloned by hand and turned to and from JSON.

Pieces on the map are kept per clearing, each clearing's pieces in a tuple that is never
changed in place but replaced (``GameState.add_warriors``, ``put_building``, ``take_building``,
``put_token``, ``take_token``), so that a clone shares them and copies three lists, not one
list per clearing (docs/performance.md, "What a clone costs"):

- ``warriors[c][seat]``: how many warriors of that seat stand in clearing ``c``;
- ``buildings[c]``: a tuple of ``(owner seat, kind)``, one per filled slot; a ruin is
  ``(-1, "ruin")`` (2.2.4);
- ``tokens[c]``: a tuple of ``(owner seat, kind)``, e.g. ``(0, "wood")``, ``(0, "keep")``.

Cards are ids of ``cards.DECK`` (the 54 of the game's ``shared_deck``, ``cards.deck_ids``); the
draw pile's top is the end of ``deck``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, Self

JSON = dict[str, Any]
Piece = tuple[int, str]
"""A building or token on the map: (owner seat, kind); a ruin's owner is -1."""
Pieces = tuple[Piece, ...]
"""The buildings, or the tokens, of one clearing."""


class FactionState(Protocol):
    """A faction's own board state (defined in its faction module)."""

    def clone(self) -> Self: ...

    def to_dict(self) -> JSON: ...


class Frame:
    """One pending step on the decision stack (design.md, "The decision model").

    ``kind`` names its handler; ``seat`` is who decides (None for a driver frame that the
    engine runs by itself); ``data`` holds its parameters as plain, immutable values.
    """

    __slots__ = ("kind", "seat", "data")

    def __init__(self, kind: str, seat: int | None, data: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.seat = seat
        self.data: dict[str, Any] = data if data is not None else {}

    def clone(self) -> Frame:
        return Frame(self.kind, self.seat, dict(self.data))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling (OpenSpiel serialises states): made again by ``__init__`` with its
        arguments, since the compiled core's ``__new__`` runs ``__init__`` (docs/performance.md)."""
        return (Frame, (self.kind, self.seat, self.data))

    def to_dict(self) -> JSON:
        return {"kind": self.kind, "seat": self.seat, "data": _jsonable(self.data)}

    @classmethod
    def from_dict(cls, d: JSON) -> Frame:
        return cls(d["kind"], d["seat"], _from_jsonable(d["data"]))

    def __repr__(self) -> str:
        return f"Frame({self.kind!r}, seat={self.seat}, {self.data})"


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return {"__t": [_jsonable(x) for x in v]}
    if isinstance(v, list):
        return [_jsonable(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    return v


def _from_jsonable(v: Any) -> Any:
    if isinstance(v, dict):
        if set(v) == {"__t"}:
            return tuple(_from_jsonable(x) for x in v["__t"])
        return {k: _from_jsonable(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_from_jsonable(x) for x in v]
    return v


Decision = tuple[tuple[str | int, ...] | str, int, int]
"""A decision taken: its action (its token for a game made from a history of tokens: the
token of an action is made only when the history is read, issue 14), the deciding seat (-1
for none) and how many times hidden information had been revealed before it
(``GameState.reveals``, for undo)."""


class _Chunk:
    """Decisions frozen when a game was cloned, following those of ``before``."""

    __slots__ = ("before", "decisions", "count", "tokens")

    def __init__(
        self, before: _Chunk | None, decisions: tuple[Decision, ...], tokens: list[str] | None
    ) -> None:
        self.before = before
        self.decisions = decisions
        self.count: int = len(decisions) + (before.count if before is not None else 0)
        """How many decisions up to the end of this chunk."""
        self.tokens = tokens
        """The tokens of ``decisions`` once the history has been read (:meth:`Trail.tokens`),
        made once for every game that shares the chunk; None before."""


class Trail:
    """The decisions of a game in order, shared with its clones, so that a clone copies none
    of them and costs no more late in a game than early (issue 14). The decisions taken up to
    the latest clone are frozen in chunks that the games share; later ones are the game's
    own list, which only it appends to."""

    __slots__ = ("_past", "_own", "_own_tokens")

    def __init__(self, decisions: list[Decision] | None = None) -> None:
        self._past: _Chunk | None = None
        self._own: list[Decision] | None = decisions or None
        self._own_tokens: list[str] | None = None
        """The tokens of the first decisions of ``_own``, as far as the history was read."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling: made again from all the decisions, in one list of its own."""
        return (Trail, (self.decisions(),))

    def __len__(self) -> int:
        return (self._past.count if self._past is not None else 0) + (
            len(self._own) if self._own is not None else 0
        )

    def append(self, d: Decision) -> None:
        if self._own is None:
            self._own = [d]
        else:
            self._own.append(d)

    def share(self) -> Trail:
        """The trail of a clone: this game's own decisions are frozen, both games share them."""
        if self._own is not None:
            toks = self._own_tokens
            whole = toks is not None and len(toks) == len(self._own)
            self._past = _Chunk(self._past, tuple(self._own), toks if whole else None)
            self._own = self._own_tokens = None
        t = Trail()
        t._past = self._past
        return t

    def tokens(self, token: Callable[[tuple[str | int, ...]], str]) -> list[str]:
        """The tokens of all the decisions, in order (a new list), each made by ``token`` only
        the first time it is read: a frozen chunk keeps its tokens for every game sharing it,
        and this game's own decisions keep theirs as far as they were read, so reading the
        history after each decision costs a copy, not a token per decision (issue 14)."""
        chunks: list[_Chunk] = []
        p = self._past
        while p is not None:
            chunks.append(p)
            p = p.before
        out: list[str] = []
        for c in reversed(chunks):
            if c.tokens is None:
                c.tokens = [d if isinstance(d, str) else token(d) for d, _, _ in c.decisions]
            out.extend(c.tokens)
        own = self._own
        if own is not None:
            toks = self._own_tokens
            if toks is None:
                toks = self._own_tokens = []
            for i in range(len(toks), len(own)):
                d = own[i][0]
                toks.append(d if isinstance(d, str) else token(d))
            out.extend(toks)
        return out

    def decisions(self) -> list[Decision]:
        """All the decisions, in order (a new list)."""
        chunks: list[tuple[Decision, ...]] = []
        p = self._past
        while p is not None:
            chunks.append(p.decisions)
            p = p.before
        out: list[Decision] = []
        for c in reversed(chunks):
            out.extend(c)
        if self._own is not None:
            out.extend(self._own)
        return out


def _without(pieces: Pieces, index: int) -> Pieces:
    """``pieces`` less the one at ``index`` (counted from the end when negative)."""
    i = index % len(pieces)
    return pieces[:i] + pieces[i + 1 :]


class SeatState:
    """What every player has, whatever the faction: score, hand, crafted items, play area."""

    __slots__ = ("faction", "vp", "hand", "items", "persistent", "dominance", "coalition")

    def __init__(self, faction: str, src: SeatState | None = None) -> None:
        """A new player's board, or with ``src`` a copy of that one (:meth:`clone`)."""
        self.faction = faction
        if src is None:
            self.vp = 0
            self.hand: list[int] = []
            self.items: list[str] = []
            """Crafted Items box (4.1.2)."""
            self.persistent: list[int] = []
            """Persistent-effect cards in the play area (4.1.3)."""
            self.dominance: int | None = None
            """The activated dominance card, if any (3.3.1)."""
            self.coalition: int | None = None
            """The seat this player is in a coalition with (9.2.8), if any."""
            return
        # A clone copies its lists straight from the source (as ``GameState`` does).
        self.vp = src.vp
        self.hand = src.hand[:]
        self.items = src.items[:]
        self.persistent = src.persistent[:]
        self.dominance = src.dominance
        self.coalition = src.coalition

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling: made again by ``__init__`` with the faction, then given its attributes
        (the compiled core's ``__new__`` runs ``__init__``: see :meth:`Frame.__reduce__`)."""
        return (SeatState, (self.faction,), self.__getstate__())

    def clone(self) -> SeatState:
        return SeatState(self.faction, self)

    def to_dict(self) -> JSON:
        return {
            "faction": self.faction,
            "vp": self.vp,
            "hand": self.hand[:],
            "items": self.items[:],
            "persistent": self.persistent[:],
            "dominance": self.dominance,
            "coalition": self.coalition,
        }

    @classmethod
    def from_dict(cls, d: JSON) -> SeatState:
        s = cls(d["faction"])
        s.vp = d["vp"]
        s.hand = list(d["hand"])
        s.items = list(d["items"])
        s.persistent = list(d["persistent"])
        s.dominance = d["dominance"]
        s.coalition = d.get("coalition")
        return s


class GameState:
    """Everything about one game at one moment."""

    __slots__ = (
        "map",
        "suits",
        "closed",
        "ferry",
        "shared_deck",
        "cooperative",
        "coffins",
        "landmarks",
        "forge",
        "market",
        "treetop_slot",
        "factions",
        "seats",
        "fs",
        "warriors",
        "buildings",
        "tokens",
        "deck",
        "discard",
        "available_dominance",
        "removed_cards",
        "items",
        "first_seat",
        "turn_seat",
        "turn_number",
        "stack",
        "rng",
        "dice",
        "turn",
        "winners",
        "win_reason",
        "decisions",
        "vp_log",
        "log",
        "forced",
        "reveals",
        "rule_memo",
        "building_memo",
        "token_memo",
    )

    def __init__(self, src: GameState | None = None) -> None:
        """A new game's state before setup, or with ``src`` a copy of that one (:meth:`clone`)."""
        if src is None:
            self.map = "autumn"
            self.suits = ""
            """The clearings' suits, one letter F/R/M per clearing (appendix A step 1: the suit
            markers); empty for the map's printed suits (Autumn)."""
            self.closed: tuple[tuple[int, int], ...] = ()
            """The Mountain's paths still covered by a closed path marker (M.4.2)."""
            self.ferry = 0
            """The clearing holding the Lake's Ferry (M.3.1), 0 without one."""
            self.shared_deck = "base"
            """The shared deck chosen at setup (appendix A step 2): "base" or "exiles"."""
            self.cooperative = False
            """Fully cooperative play against the Clockwork bots (Law of Rootbotics 3.5): the
            humans win as a team, the bots leave each other alone (docs/clockwork.md)."""
            self.coffins: list[int] = []
            """Warriors of each seat lying on Coffin Makers (empty while none ever have)."""
            self.landmarks: dict[str, int] = {}
            """The Landmarks Pack's landmarks in play (appendix A step 5), in the order dealt:
            name -> clearing (0 while not yet set up). The Ferry's clearing is ``ferry``."""
            self.forge: dict[str, int] = {}
            """Items on the Legendary Forge's card (rules/landmarks.py)."""
            self.market: list[int] = []
            """The face-down cards beside the Black Market (nobody may look at them)."""
            self.treetop_slot: tuple[int, str] | None = None
            """The building (owner, kind) in the Elder Treetop's slot, None while it is empty."""
            self.factions: tuple[str, ...] = ()
            self.seats: list[SeatState] = []
            self.fs: list[Any] = []
            """One faction state per seat (the faction module's class)."""
            self.warriors: list[tuple[int, ...]] = []
            self.buildings: list[Pieces] = []
            self.tokens: list[Pieces] = []
            self.deck: list[int] = []
            self.discard: list[int] = []
            self.available_dominance: list[int] = []
            self.removed_cards: list[int] = []
            """Cards out of the game (dominance cards in a 2-player game, 5.1.3)."""
            self.items: dict[str, int] = {}
            """The item supply on the map (5.1.5)."""
            self.first_seat = 0
            self.turn_seat = 0
            self.turn_number = 0
            self.stack: list[Frame] = []
            self.rng = 0
            self.dice: list[tuple[int, int]] = []
            """Fixed dice for the next battles (position builder); rolled when empty."""
            self.turn: dict[str, Any] = {}
            """Once-per-turn bookkeeping, cleared at the start of each turn."""
            self.winners: list[int] = []
            self.win_reason: str | None = None
            self.decisions = 0
            self.vp_log: list[tuple[int, int, str]] = []
            """Every change of score: (seat, VP, reason). VP always equal its sum per seat."""
            self.log: list[dict[str, Any]] | None = None
            """The event log (rules/chance.py), or None when the game keeps none."""
            self.forced: list[tuple[Any, ...]] = []
            """Chance outcomes to use instead of the generator (replaying a record)."""
            self.reveals = 0
            """How many times hidden information was revealed (draws, dice, shuffles...)."""
            self.rule_memo: list[int] = []
            """Who rules each clearing, as ``rules.core.ruler`` last found it: a seat, -1 for
            nobody, -2 not known (empty: nothing known). Not part of the state's value: every
            change of warriors or buildings forgets its clearing (``core.pieces_changed``)."""
            self.building_memo: dict[tuple[int, str], tuple[int, ...]] | None = None
            """Where each (owner, kind) of building stands, as ``rules.core.buildings_of`` last
            found it (None: not known). Not part of the state's value: every placed or removed
            building corrects it for its clearing (``core.buildings_changed``, a new
            dictionary). Never changed in place, so clones share it."""
            self.token_memo: dict[Piece, tuple[int, ...]] | None = None
            """Where (owner, kind) tokens lie, for each that ``rules.core.tokens_of`` was asked
            of since a token last moved (None: none). Not part of the state's value:
            :meth:`put_token` and :meth:`take_token` forget it. Clones share it: it is only
            added to, with answers true of every state that shares it (a state whose tokens
            change drops it)."""
            return
        # A clone copies each container straight from the source: no empty one is made
        # and then filled (issue 14). The pieces' tuples, the closed paths and the
        # building index are never changed in place: shared.
        self.map = src.map
        self.suits = src.suits
        self.closed = src.closed
        self.ferry = src.ferry
        self.shared_deck = src.shared_deck
        self.cooperative = src.cooperative
        self.coffins = src.coffins[:]
        self.landmarks = dict(src.landmarks)
        self.forge = dict(src.forge)
        self.market = src.market[:]
        self.treetop_slot = src.treetop_slot
        self.factions = src.factions
        self.seats = [s.clone() for s in src.seats]
        self.fs = [f.clone() for f in src.fs]
        self.warriors = src.warriors[:]
        self.buildings = src.buildings[:]
        self.tokens = src.tokens[:]
        self.deck = src.deck[:]
        self.discard = src.discard[:]
        self.available_dominance = src.available_dominance[:]
        self.removed_cards = src.removed_cards[:]
        self.items = dict(src.items)
        self.first_seat = src.first_seat
        self.turn_seat = src.turn_seat
        self.turn_number = src.turn_number
        self.stack = [f.clone() for f in src.stack]
        self.rng = src.rng
        self.dice = src.dice[:]
        # (Two isinstance tests, not one of ``list | dict``: the compiled core would make
        # the union anew for every key.)
        self.turn = {
            k: (v.copy() if isinstance(v, list) or isinstance(v, dict) else v)
            for k, v in src.turn.items()
        }
        self.winners = src.winners[:]
        self.win_reason = src.win_reason
        self.decisions = src.decisions
        self.vp_log = src.vp_log[:]
        self.log = src.log[:] if src.log is not None else None
        self.forced = src.forced[:]
        self.reveals = src.reveals
        self.rule_memo = src.rule_memo[:]
        self.building_memo = src.building_memo
        self.token_memo = src.token_memo

    @property
    def n(self) -> int:
        return len(self.seats)

    # The pieces of a clearing change only here: its tuple is replaced, never changed, since
    # clones share it. The rules that move pieces (rules/core.py) call these.
    def add_warriors(self, c: int, seat: int, k: int) -> None:
        """``k`` more warriors of ``seat`` in ``c`` (fewer for a negative ``k``)."""
        w = list(self.warriors[c])
        w[seat] += k
        self.warriors[c] = tuple(w)

    def put_building(self, c: int, piece: Piece, at: int | None = None) -> None:
        """``piece`` fills a building slot of ``c``: the last one, or slot ``at``."""
        b = self.buildings[c]
        self.buildings[c] = b + (piece,) if at is None else b[:at] + (piece,) + b[at:]

    def take_building(self, c: int, index: int) -> Piece:
        """The building in slot ``index`` of ``c`` leaves it; returned."""
        piece = self.buildings[c][index]
        self.buildings[c] = _without(self.buildings[c], index)
        return piece

    def put_token(self, c: int, piece: Piece) -> None:
        """``piece`` is placed among the tokens of ``c`` (where each token lies must be found
        again: ``token_memo``)."""
        self.tokens[c] = self.tokens[c] + (piece,)
        self.token_memo = None

    def take_token(self, c: int, index: int) -> Piece:
        """The token at ``index`` among those of ``c`` leaves it; returned."""
        piece = self.tokens[c][index]
        self.tokens[c] = _without(self.tokens[c], index)
        self.token_memo = None
        return piece

    def clone(self) -> GameState:
        return GameState(self)

    def hashed_dict(self) -> JSON:
        """The part of the state that matters for the rest of the game, as JSON-ready data:
        everything but the generator, the log and the counters (what ``state_hash`` hashes;
        its cost must not grow with the game)."""
        d: JSON = {
            "map": self.map,
            "factions": list(self.factions),
            "seats": [s.to_dict() for s in self.seats],
            "fs": [f.to_dict() for f in self.fs],
            "warriors": [list(w) for w in self.warriors],
            "buildings": [[list(p) for p in b] for b in self.buildings],
            "tokens": [[list(p) for p in t] for t in self.tokens],
            "deck": self.deck[:],
            "discard": self.discard[:],
            "available_dominance": self.available_dominance[:],
            "removed_cards": self.removed_cards[:],
            "items": dict(self.items),
            "first_seat": self.first_seat,
            "turn_seat": self.turn_seat,
            "turn_number": self.turn_number,
            "stack": [f.to_dict() for f in self.stack],
            "dice": [list(d) for d in self.dice],
            "turn": _jsonable(self.turn),
            "winners": self.winners[:],
            "win_reason": self.win_reason,
        }
        # The map's own state, left out on the Autumn map (whose states stay as they were).
        if self.suits:
            d["suits"] = self.suits
        if self.closed:
            d["closed"] = [list(p) for p in self.closed]
        if self.ferry:
            d["ferry"] = self.ferry
        # The deck's own state, left out with the base deck (whose states stay as they were).
        if self.shared_deck != "base":
            d["shared_deck"] = self.shared_deck
        # The mode of play, left out of standard games (whose states stay as they were).
        if self.cooperative:
            d["cooperative"] = True
        if self.coffins:
            d["coffins"] = self.coffins[:]
        # The landmarks' own state, left out of games without landmarks.
        if self.landmarks:
            d["landmarks"] = dict(self.landmarks)
            d["forge"] = dict(self.forge)
            d["market"] = self.market[:]
            d["treetop_slot"] = list(self.treetop_slot) if self.treetop_slot else None
        return d

    def to_dict(self, log: bool = True) -> JSON:
        """The state as JSON-ready data; ``log=False`` leaves the event log out."""
        d = self.hashed_dict()
        d.update(
            {
                "rng": self.rng,
                "decisions": self.decisions,
                "vp_log": [list(x) for x in self.vp_log],
                "log": _jsonable(self.log) if log else None,
                "forced": [list(x) for x in self.forced],
                "reveals": self.reveals,
            }
        )
        return d
