"""The Rootlog notation's vocabulary and what a record says, as typed data.

Rootlog (the community notation, version 2.8) writes down the movements of components
(pieces, cards, items, victory points) rather than the names of faction actions. This module
holds its letters (factions, suits, pieces, items), :class:`RootlogError`, and the dataclasses
the reader (``reader.py``, ``grammar.py``) produces: components and places (:class:`Piece`,
:class:`Card`, :class:`Item`, :class:`BoardField`, :class:`Path`, :class:`Place`,
:class:`Term`), actions (:class:`Move`, :class:`Battle`, :class:`Craft`, :class:`Score`,
:class:`ScoreMarker`, :class:`Reveal`, :class:`Flip`, :class:`Expose`, :class:`Trick`), and
the record (:class:`Turn`, :class:`RootlogGame`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import RootError

# --- Vocabulary ---------------------------------------------------------------------------

FACTION_LETTERS = "CEAVGLODPHK"
"""Rootlog letters of the factions (Marquise, Eyrie, Alliance, Vagabond, second Vagabond,
Lizards, Riverfolk, Duchy, Corvids, Hundreds, Keepers)."""
FACTION_NAMES: dict[str, str] = {
    "C": "marquise",
    "E": "eyrie",
    "A": "alliance",
    "V": "vagabond",
    "G": "vagabond2",
    "L": "lizards",
    "O": "riverfolk",
    "D": "duchy",
    "P": "corvids",
    "H": "hundreds",
    "K": "keepers",
}
LETTER_OF: dict[str, str] = {v: k for k, v in FACTION_NAMES.items()}
FACTION_TITLES: dict[str, str] = {
    "C": "the Marquise de Cat",
    "E": "the Eyrie Dynasties",
    "A": "the Woodland Alliance",
    "V": "the Vagabond",
    "G": "a second Vagabond",
    "L": "the Lizard Cult",
    "O": "the Riverfolk Company",
    "D": "the Underground Duchy",
    "P": "the Corvid Conspiracy",
    "H": "the Lord of the Hundreds",
    "K": "the Keepers in Iron",
}
"""The factions' names for people (refusals name what a record needs)."""
SUIT_LETTERS = "BFMR"
SUIT_NAMES: dict[str, str] = {"B": "bird", "F": "fox", "M": "mouse", "R": "rabbit"}
SUIT_LETTER: dict[str, str] = {v: k for k, v in SUIT_NAMES.items()}
PIECE_TYPES = "wpbtrf"
"""warrior, pawn, building, token, raft, ferry (the raft ``r`` is the Ferry's letter before
version 2.8, read as ``f``)."""
ITEM_TYPES = "sbcxhtrfu_"
"""sword, bag, coins, crossbow, hammer, tea, torch, boot, club; ``_`` is every item."""
ITEM_LETTER: dict[str, str] = {
    "sword": "s",
    "bag": "b",
    "coins": "c",
    "crossbow": "x",
    "hammer": "h",
    "tea": "t",
    "torch": "r",
    "boot": "f",
}
ITEM_OF_LETTER: dict[str, str] = {v: k for k, v in ITEM_LETTER.items()}
MAPS = ("Fall", "Autumn", "Winter", "Lake", "Mountain")
DECKS = ("Standard", "E&P")
MAP_OPTION = {"Fall": "autumn", "Autumn": "autumn", "Winter": "winter", "Lake": "lake",
              "Mountain": "mountain"}
DECK_OPTION = {"Standard": "base", "E&P": "exiles"}
"""The engine's names (``new_game(map=..., deck=...)``) of Rootlog's maps and decks."""
MAP_NAME = {"autumn": "Fall", "winter": "Winter", "lake": "Lake", "mountain": "Mountain"}
DECK_NAME = {"base": "Standard", "exiles": "E&P"}
"""Rootlog's names of the engine's maps and decks (what the writer puts in the header)."""
LANDMARK_OPTION = {"treetop": "elder-treetop", "city": "lost-city", "market": "black-market",
                   "forge": "forge", "ferry": "ferry", "f": "ferry", "tower": "tower"}
"""The engine's names (``new_game(landmarks=...)``) of the landmarks of the ``Landmarks:``
header (``forge->5/city->3``)."""
LANDMARK_NAME = {v: k for k, v in LANDMARK_OPTION.items() if k != "f"}
HEADER_KEYS = ("Map", "Deck", "Clearings", "Landmarks", "Hirelings", "Pool")
MAX_CLEARING = 12
MAX_NUMBER = 999

DIGITS = frozenset("0123456789")
LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")


class RootlogError(RootError):
    """A Rootlog text that cannot be read, or a record that cannot be replayed.

    ``line`` and ``column`` are 1-based (0 when unknown); ``fragment`` is the piece of text
    at fault; ``expected`` says what would have been right there."""

    def __init__(
        self,
        problem: str,
        line: int = 0,
        column: int = 0,
        fragment: str = "",
        expected: str = "",
    ) -> None:
        self.problem = problem
        self.line = line
        self.column = column
        self.fragment = fragment
        self.expected = expected
        where = ""
        if line:
            where = f"line {line}" + (f", column {column}" if column else "") + ": "
        text = where + problem
        if fragment:
            text += f" in {fragment!r}"
        if expected:
            text += f"; expected {expected}"
        super().__init__(text)


# --- What a record says: components and places -----------------------------------------


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece: ``[owner]<type>[_<x>...]``. ``faction`` None is the current player (else
    a faction letter, a hireling's capital, ``Sp``, or a hireling ``h_X``, ``h_Op``, its
    ``d`` dropped); ``type`` ``r`` is read as ``f`` (the Ferry); ``subtype`` joins the
    ``_`` parts: ``k`` for the keep ``t_k``, ``j_t`` for the waystation ``b_j_t``, ``2_t``
    for the relic ``t_2_t``."""

    faction: str | None
    type: str
    subtype: str | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """A card: ``[suit]#[name]``. ``suit`` and ``name`` are None when not given; the name is
    as written (an abbreviation such as ``tax``, ``@`` for an ambush, ``dom``)."""

    suit: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class Item:
    """An item: ``%<type>``; type ``_`` is every item at the start location."""

    type: str


@dataclass(frozen=True, slots=True)
class BoardField:
    """A field of a faction board: ``[faction]$_<name>`` (an Eyrie Decree column, a
    Riverfolk price, a Vagabond relationship, ...). ``name`` "" is the whole board."""

    faction: str | None
    name: str


@dataclass(frozen=True, slots=True)
class Path:
    """A path between two clearings (a closed path marker on the Mountain map)."""

    a: int
    b: int


@dataclass(frozen=True, slots=True)
class Hireling:
    """A hireling's card: ``h_<X>[d]`` (``h_E->A$4``); ``letter`` is its capital letter,
    ``demoted`` whether ``d`` follows it (a demoted hireling, written at its setup)."""

    letter: str
    demoted: bool = False


Thing = Piece | Card | Item | BoardField | Path | Hireling


@dataclass(frozen=True, slots=True)
class Place:
    """Where things are or go.

    ``kind`` is one of: ``clearing`` (``clearings`` holds one number), ``forest`` (its
    clearings, three or more), ``path`` (the two clearings of a path, ``3_7``), ``burrow``
    (the Duchy's clearing 0), ``board`` (a faction board ``[F]$``; ``name`` a numbered space
    of it, ``A$4``), ``hireling`` (``h_X``, ``name`` X, ``state``
    ``$`` for its board ``h_X$``),
    ``field`` (``[F]$_<name>``), ``hand`` (a faction's hand, ``faction`` set), ``quests``
    (``Q``), ``discard`` (``*``, the discard pile as a start), ``items`` (a Vagabond board
    area ``name`` in s/d/t and/or item state ``state`` in r/e), ``value`` (a new value for a
    board field, ``name``: a number, ``h``, ``a`` or a suit letter).
    """

    kind: str
    clearings: tuple[int, ...] = ()
    faction: str | None = None
    name: str = ""
    state: str = ""

    @staticmethod
    def clearing(c: int) -> Place:
        return Place("clearing", (c,))

    @staticmethod
    def hand(faction: str) -> Place:
        return Place("hand", faction=faction)

    @staticmethod
    def board(faction: str | None = None) -> Place:
        return Place("board", faction=faction)


@dataclass(frozen=True, slots=True)
class Term:
    """``count`` of ``what``, from ``start`` (None: the default start, i.e. the supply for
    pieces, the draw pile for cards, the current player's board for items)."""

    count: int
    what: Thing
    start: Place | None = None


# --- What a record says: actions ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Move:
    """``terms->to``: every term goes to each destination. ``to`` empty is the default
    destination (the supply for pieces, the discard pile for cards, out of play for items).
    Groups ``(a+b)start`` are flattened into terms that share the start."""

    terms: tuple[Term, ...]
    to: tuple[Place, ...] = ()
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Battle:
    """``[attacker]X<defender><clearing>[<suit>@[<suit>@]][(a,d)]``: ``ambushes`` holds the
    suit of the defender's ambush card, then of the attacker's; ``dice`` the rolls. Either
    side may be a hireling, ``h_X`` (``h_OXD4``)."""

    attacker: str | None
    defender: str
    clearing: int
    ambushes: tuple[str, ...] = ()
    dice: tuple[int, int] | None = None
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Craft:
    """``Z%<item>`` (``item`` set) or ``Z<card name>`` (``card`` set)."""

    item: str | None = None
    card: str | None = None
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Score:
    """``[faction]++[n]`` (``points`` > 0) or ``[faction]--[n]`` (``points`` < 0)."""

    faction: str | None
    points: int
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class ScoreMarker:
    """``[faction]++-><board>``: the score marker leaves the track for a faction board
    (dominance, or a Vagabond's coalition)."""

    faction: str | None
    to: Place
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Reveal:
    """``[cards][faction]^[target]``: ``terms`` empty reveals the whole hand of
    ``faction`` (None: the current player); ``target`` None is the whole table."""

    terms: tuple[Term, ...]
    faction: str | None
    target: str | None
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Flip:
    """``[P]t<clearing>^<piece>`` (a Corvid plot flipped face up) or
    ``<relic><clearing>^<n>`` (a Keepers relic's value): ``becomes`` or ``value`` is set."""

    piece: Piece
    clearing: int
    becomes: Piece | None = None
    value: int | None = None
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Expose:
    """``?<faction><token><clearing>[^<token>]``: a guess at a hidden plot."""

    piece: Piece
    clearing: int
    reveal: Piece | None = None
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Trick:
    """``t<a><->t<b>``: two pieces trade places (the Corvids' trick)."""

    first: Piece
    a: int
    second: Piece
    b: int
    text: str = field(default="", compare=False)
    column: int = field(default=0, compare=False)


Action = Move | Battle | Craft | Score | ScoreMarker | Reveal | Flip | Expose | Trick


@dataclass(slots=True)
class Turn:
    """One turn line: ``faction`` letter, its actions in order, the line number, and the
    comment after ``//`` if any. ``setup`` is True for a faction's first line."""

    faction: str
    actions: list[Action]
    line: int
    comment: str | None = None
    setup: bool = False


@dataclass(slots=True)
class RootlogGame:
    """A parsed Rootlog record."""

    map: str = ""
    deck: str = ""
    clearings: tuple[str, ...] | None = None
    """Suit letter of clearings 1..12 (index 0 is clearing 1); None when not given (Fall)."""
    landmarks: tuple[tuple[str, int], ...] = ()
    """The ``Landmarks:`` header: (engine name, clearing) in the order written, clearing 0
    when the record does not say where (the specification writes ``forge->5``)."""
    hirelings: tuple[str, ...] = ()
    """The ``Hirelings:`` header's hirelings, as written, without their setup."""
    hireling_setup: list[Action] = field(default_factory=list)
    """The hirelings' setup movements written after a ``/`` in the ``Hirelings:`` header
    (``Hirelings: h_E, h_Vd, h_O/h_Ew->3+4``)."""
    pool: str | None = None
    players: dict[str, str] = field(default_factory=dict)
    """Faction letter -> player name, in the order listed."""
    turns: list[Turn] = field(default_factory=list)
    winner: str | None = None
    """The winning faction letters (several for a coalition); None when not given."""
    comments: list[tuple[int, str]] = field(default_factory=list)
    """Comment lines and end-of-line comments of header lines: (line, text)."""
    header_lines: dict[str, int] = field(default_factory=dict)
    """Line number of each header field (``Map``, ``Deck``, ...) and player letter."""
    lines: int = 0

    def setup_options(self) -> dict[str, Any]:
        """``new_game``'s map, deck, suits and landmarks for this record's header (``Map:``,
        ``Deck:``, ``Clearings:``, ``Landmarks:``)."""
        out: dict[str, Any] = {"map": MAP_OPTION[self.map], "deck": DECK_OPTION[self.deck]}
        if self.clearings is not None:
            out["suits"] = "".join(self.clearings)
        if self.landmarks:
            out["landmarks"] = [name for name, _ in self.landmarks]
        return out

