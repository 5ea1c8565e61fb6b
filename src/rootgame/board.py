"""The Woodland maps (Law of Root, sections 2.2-2.4 and appendix M): clearings, paths, rivers,
forests, corners, and each map's own pieces (the Lake's ferry, the Mountain's closed paths and
tower).

Clearings are small integers 1..12 (the Rootlog / Law of Rootbotics numbering of each map's
chart); sets of clearings are int bitmasks (bit ``c`` set for clearing ``c``).

A :class:`Board` is one map with one suit layout and one set of closed paths: the Winter, Lake
and Mountain maps print no suits (suit markers are dealt at setup, appendix A step 1) and the
Mountain's closed paths open during play (M.4.3), so :func:`load_board` takes both and caches
each combination.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Final

SUITS: Final[tuple[str, ...]] = ("fox", "rabbit", "mouse")
"""Clearing suits (2.2.2). Bird is a card suit only."""

MAPS: Final[tuple[str, ...]] = ("autumn", "winter", "lake", "mountain")
"""The maps there are (appendix M)."""

ANY: Final = "any"
"""What the Lost City's clearing asks of a card: any suit matches it (appendix L)."""

SUIT_LETTERS: Final = {"F": "fox", "R": "rabbit", "M": "mouse"}
"""Rootlog's one-letter suits (the ``Clearings:`` header)."""

Path = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Forest:
    """A forest (2.4): its Rootlog id, adjacent clearings and adjacent forests."""

    id: str
    clearings: tuple[int, ...]
    forests: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Board:
    """Static map data. Index lists by clearing id; index 0 is unused."""

    name: str
    clearings: tuple[int, ...]
    suit: tuple[str, ...]
    slots: tuple[int, ...]
    starts_with_ruin: tuple[bool, ...]
    corners: tuple[int, ...]
    opposite_corner: tuple[int, ...]
    adjacent: tuple[tuple[int, ...], ...]
    adjacent_mask: tuple[int, ...]
    exits: tuple[tuple[tuple[int, int], ...], ...]
    """Each clearing's (clearing, adjacent clearing) pairs, in ``adjacent``'s order: the moves
    out of it, made once for every move listed (issue 14)."""
    paths: tuple[Path, ...]
    """The open paths: those that make clearings adjacent (2.2.1, M.4.2)."""
    rivers: tuple[Path, ...]
    forests: tuple[Forest, ...]
    printed_suits: bool = True
    """Whether the map prints its clearings' suits (only Autumn does)."""
    suggested: tuple[str, ...] = ()
    """The suggested suit layout of the Underworld Learning to Play, if any (index 0 unused)."""
    closed: tuple[Path, ...] = ()
    """Paths covered by a closed path marker (M.4.2): printed, but joining nothing."""
    closed_at_start: tuple[Path, ...] = ()
    coastal: tuple[int, ...] = ()
    """Coastal clearings, touching the lake (M.3.3)."""
    ferry_start: int = 0
    """The clearing where the Ferry starts (M.3.1), 0 for none."""
    tower: int = 0
    """The clearing with the Tower: the Pass (M.4.4), 0 for none."""
    xy: tuple[tuple[int, int], ...] = ()
    """Each clearing's position on the map picture (layout only)."""
    printed_paths: tuple[Path, ...] = ()
    """Every path drawn on the map, open or closed."""
    treetop: int = 0
    """The clearing of the Elder Treetop landmark, whose extra building slot ``slots`` counts
    (appendix L), 0 for none."""
    lost_city: int = 0
    """The clearing of the Lost City landmark: fox, mouse and rabbit at once (appendix L), 0
    for none."""
    of_suit: dict[str, tuple[int, ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """:meth:`clearings_of_suit`'s answers, by suit, kept as they are asked (each board has
    its own, made empty: ``replace`` makes a board with other suits or another Lost City)."""

    def is_adjacent(self, a: int, b: int) -> bool:
        """2.2.1: two clearings are adjacent when an open path joins them."""
        return bool(self.adjacent_mask[a] >> b & 1)

    def clearings_of_suit(self, suit: str) -> tuple[int, ...]:
        """The clearings whose suit is ``suit`` (bird matches every clearing, 2.1.1)."""
        if suit == "bird":
            return self.clearings
        found = self.of_suit.get(suit)
        if found is None:
            lost = self.lost_city
            found = tuple(c for c in self.clearings if self.suit[c] == suit or c == lost)
            self.of_suit[suit] = found
        return found

    def matches(self, card_suit: str, clearing: int) -> bool:
        """Whether a card of ``card_suit`` matches ``clearing`` (birds are wild, 2.1.1; the
        Lost City is every suit)."""
        return (
            card_suit == "bird" or self.suit[clearing] == card_suit or clearing == self.lost_city
        )

    def suits_at(self, clearing: int) -> tuple[str, ...]:
        """The suits of ``clearing``: its own, or all three in the Lost City (appendix L)."""
        return SUITS if clearing == self.lost_city else (self.suit[clearing],)

    def card_suit_at(self, clearing: int) -> str:
        """The suit a card must have to match ``clearing`` (birds are wild, 2.1.1): its
        suit, or "any" in the Lost City, which every card matches."""
        return ANY if clearing == self.lost_city else self.suit[clearing]

    def river_neighbours(self, clearing: int) -> tuple[int, ...]:
        """The clearings a river links directly to ``clearing`` (the Lake's lake is rivers
        linking its coastal clearings, M.3.2)."""
        return tuple(
            sorted({b for a, b in self.rivers if a == clearing}
                   | {a for a, b in self.rivers if b == clearing})
        )

    @property
    def layout(self) -> str:
        """The suit layout as one letter per clearing (``FRM...``), empty if not set."""
        letters = {v: k for k, v in SUIT_LETTERS.items()}
        return "".join(letters.get(self.suit[c], "?") for c in self.clearings)


def _raw(name: str) -> dict[str, object]:
    text = resources.files("rootgame.data").joinpath(f"{name}.json").read_text("utf-8")
    raw: dict[str, object] = json.loads(text)
    return raw


def _pairs(v: object, keep_order: bool = False) -> tuple[Path, ...]:
    assert isinstance(v, list)
    pairs = [(min(a, b), max(a, b)) for a, b in v]
    return tuple(pairs if keep_order else sorted(pairs))


@cache
def _printed(name: str) -> Board:
    """The map as printed, with its printed suits (or none) and its closed paths at start."""
    raw = _raw(name)
    cs = raw["clearings"]
    assert isinstance(cs, list)
    n = max(c["id"] for c in cs)
    suit = [""] * (n + 1)
    suggested = [""] * (n + 1)
    slots = [0] * (n + 1)
    ruin = [False] * (n + 1)
    opposite = [0] * (n + 1)
    xy = [(0, 0)] * (n + 1)
    corners: list[int] = []
    for c in cs:
        i = c["id"]
        suit[i] = c["suit"] or ""
        suggested[i] = c.get("suggested_suit") or ""
        slots[i] = c["slots"]
        ruin[i] = c["ruin"]
        xy[i] = (int(c["xy"][0]), int(c["xy"][1]))
        if c["corner"]:
            corners.append(i)
            opposite[i] = c["opposite"]
    forests = raw["forests"]
    assert isinstance(forests, list)
    coastal = raw.get("coastal", [])
    assert isinstance(coastal, list)
    closed = _pairs(raw.get("closed_paths", []))
    paths = _pairs(raw["paths"])
    board = Board(
        name=str(raw["map"]),
        clearings=tuple(range(1, n + 1)),
        suit=tuple(suit),
        slots=tuple(slots),
        starts_with_ruin=tuple(ruin),
        corners=tuple(sorted(corners)),
        opposite_corner=tuple(opposite),
        adjacent=(),
        adjacent_mask=(),
        exits=(),
        paths=paths,
        rivers=_pairs(raw["rivers"], keep_order=True),
        forests=tuple(
            Forest(f["id"], tuple(f["clearings"]), tuple(f["forests"])) for f in forests
        ),
        printed_suits=bool(raw.get("printed_suits", True)),
        suggested=tuple(suggested) if any(suggested) else (),
        closed_at_start=closed,
        coastal=tuple(sorted(coastal)),
        ferry_start=int(raw.get("ferry") or 0),  # type: ignore[call-overload]
        tower=int(raw.get("tower") or 0),  # type: ignore[call-overload]
        xy=tuple(xy),
        printed_paths=paths,
    )
    return _variant(board, tuple(suit), closed)


def _variant(printed: Board, suit: tuple[str, ...], closed: tuple[Path, ...]) -> Board:
    n = len(printed.clearings)
    open_paths = tuple(p for p in printed.printed_paths if p not in closed)
    adjacent: list[tuple[int, ...]] = [()] * (n + 1)
    for i in range(1, n + 1):
        ends = {b for a, b in open_paths if a == i} | {a for a, b in open_paths if b == i}
        adjacent[i] = tuple(sorted(ends))
    masks = tuple(sum(1 << j for j in adjacent[i]) for i in range(n + 1))
    return Board(
        name=printed.name,
        clearings=printed.clearings,
        suit=suit,
        slots=printed.slots,
        starts_with_ruin=printed.starts_with_ruin,
        corners=printed.corners,
        opposite_corner=printed.opposite_corner,
        adjacent=tuple(adjacent),
        adjacent_mask=masks,
        exits=tuple(tuple((i, j) for j in near) for i, near in enumerate(adjacent)),
        paths=open_paths,
        rivers=printed.rivers,
        forests=printed.forests,
        printed_suits=printed.printed_suits,
        suggested=printed.suggested,
        closed=tuple(sorted(closed)),
        closed_at_start=printed.closed_at_start,
        coastal=printed.coastal,
        ferry_start=printed.ferry_start,
        tower=printed.tower,
        xy=printed.xy,
        printed_paths=printed.printed_paths,
    )


def check_map(name: object) -> str:
    """``name`` if it is a map, else a ValueError naming the maps there are."""
    if not isinstance(name, str) or name not in MAPS:
        raise ValueError(f"unknown map {name!r}; the maps are: {', '.join(MAPS)}")
    return name


@cache
def load_board(
    name: str = "autumn",
    layout: str = "",
    closed: tuple[Path, ...] | None = None,
    treetop: int = 0,
    lost_city: int = 0,
) -> Board:
    """A map by name, with a suit layout (``layout``: one letter F/R/M per clearing; empty for
    the printed suits, or none on a map that prints none), the paths still closed (None:
    those closed at the start) and the clearings of the landmarks that change the map (the
    Elder Treetop's extra slot, the Lost City's suits; appendix L)."""
    if treetop or lost_city:
        b = load_board(name, layout, closed)
        slots = tuple(k + (c == treetop) for c, k in enumerate(b.slots))
        return replace(b, slots=slots, treetop=treetop, lost_city=lost_city)
    printed = _printed(check_map(name))
    if not layout and closed is None:
        return printed
    suit = printed.suit if not layout else ("",) + tuple(SUIT_LETTERS[x] for x in layout)
    return _variant(printed, suit, printed.closed_at_start if closed is None else closed)


SUIT_CHOICES: Final[tuple[str, ...]] = ("printed", "suggested", "random")
"""The ways to lay out the clearings' suits, besides giving one letter per clearing."""

_LAYOUT_STREAM: Final = 0x5EED_5017_0000_0001
"""Mixed into the game's seed for the random deal of suit markers, so the deal does not move
the game's own generator: a record that gives the dealt layout replays the same game."""


def parse_layout(text: str, n: int = 12) -> str:
    """A suit layout from ``FRMM...`` (one letter per clearing) or Rootlog's ``F1, M2, ...``;
    ValueError unless it has ``n`` clearings and four of each suit (the 12 suit markers)."""
    raw = text.replace(" ", "").upper()
    if "," in raw:
        parts = raw.split(",")
        got: dict[int, str] = {}
        for p in parts:
            if len(p) < 2 or p[0] not in SUIT_LETTERS or not p[1:].isdigit():
                raise ValueError(f"suits: {p!r} is not a suit letter and a clearing (e.g. F1)")
            got[int(p[1:])] = p[0]
        if sorted(got) != list(range(1, n + 1)):
            raise ValueError(f"suits: give each clearing 1 to {n} once")
        raw = "".join(got[c] for c in range(1, n + 1))
    if len(raw) != n or any(x not in SUIT_LETTERS for x in raw):
        raise ValueError(
            f"suits: {text!r} is not {', '.join(SUIT_CHOICES)} or {n} letters F, R, M "
            "(one per clearing)"
        )
    if any(raw.count(x) != n // 3 for x in SUIT_LETTERS):
        raise ValueError(f"suits: {text!r} must have {n // 3} clearings of each suit")
    return raw


def choose_layout(name: str, suits: str | None, seed: int) -> str:
    """The suit layout of a new game (appendix A step 1): ``suits`` is None (the map's printed
    suits, else the random deal), "printed", "suggested" (the Underworld Learning to Play
    layout), "random" (the 12 suit markers shuffled and dealt, drawn from ``seed``) or a layout
    (:func:`parse_layout`). Returns "" for the printed suits."""
    b = load_board(name)
    if suits is None:
        suits = "printed" if b.printed_suits else "random"
    if suits == "printed":
        if not b.printed_suits:
            raise ValueError(f"suits: the {name} map prints no suits; {_other_choices(b)}")
        return ""
    if suits == "suggested":
        if not b.suggested:
            raise ValueError(f"suits: the {name} map has no suggested layout; {_other_choices(b)}")
        return load_board(name, "".join(x[0].upper() for x in b.suggested[1:])).layout
    if suits == "random":
        from .rng import Rng

        markers = [s for s in "FRM" for _ in range(len(b.clearings) // 3)]
        Rng(seed ^ _LAYOUT_STREAM).shuffle(markers)
        return "".join(markers)
    return parse_layout(suits, len(b.clearings))


def _other_choices(b: Board) -> str:
    words = [w for w in SUIT_CHOICES if (w != "printed" or b.printed_suits)
             and (w != "suggested" or b.suggested)]
    return f"choose {', '.join(words)} or one letter F, R, M per clearing"
