"""The Woodland map (Law of Root, section 2.2-2.4): clearings, paths, rivers, forests, corners.

Clearings are small integers 1..12 (the Rootlog / Law of Rootbotics numbering); sets of
clearings are int bitmasks (bit ``c`` set for clearing ``c``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

SUITS: tuple[str, ...] = ("fox", "rabbit", "mouse")
"""Clearing suits (2.2.2). Bird is a card suit only."""


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
    paths: tuple[tuple[int, int], ...]
    rivers: tuple[tuple[int, int], ...]
    forests: tuple[Forest, ...]

    def is_adjacent(self, a: int, b: int) -> bool:
        """2.2.1: two clearings are adjacent when a path joins them."""
        return bool(self.adjacent_mask[a] >> b & 1)

    def clearings_of_suit(self, suit: str) -> tuple[int, ...]:
        """The clearings whose suit is ``suit`` (bird matches every clearing, 2.1.1)."""
        if suit == "bird":
            return self.clearings
        return tuple(c for c in self.clearings if self.suit[c] == suit)

    def matches(self, card_suit: str, clearing: int) -> bool:
        """Whether a card of ``card_suit`` matches ``clearing`` (birds are wild, 2.1.1)."""
        return card_suit == "bird" or self.suit[clearing] == card_suit


def _load(name: str) -> Board:
    raw = json.loads(resources.files("rootgame.data").joinpath(f"{name}.json").read_text("utf-8"))
    n = max(c["id"] for c in raw["clearings"])
    suit = [""] * (n + 1)
    slots = [0] * (n + 1)
    ruin = [False] * (n + 1)
    opposite = [0] * (n + 1)
    corners: list[int] = []
    adjacent: list[tuple[int, ...]] = [()] * (n + 1)
    for c in raw["clearings"]:
        i = c["id"]
        suit[i] = c["suit"]
        slots[i] = c["slots"]
        ruin[i] = c["ruin"]
        if c["corner"]:
            corners.append(i)
            opposite[i] = c["opposite"]
    paths = tuple(sorted((min(a, b), max(a, b)) for a, b in raw["paths"]))
    for i in range(1, n + 1):
        ends = {b for a, b in paths if a == i} | {a for a, b in paths if b == i}
        adjacent[i] = tuple(sorted(ends))
    masks = tuple(sum(1 << j for j in adjacent[i]) for i in range(n + 1))
    return Board(
        name=raw["map"],
        clearings=tuple(range(1, n + 1)),
        suit=tuple(suit),
        slots=tuple(slots),
        starts_with_ruin=tuple(ruin),
        corners=tuple(sorted(corners)),
        opposite_corner=tuple(opposite),
        adjacent=tuple(adjacent),
        adjacent_mask=masks,
        paths=paths,
        rivers=tuple((min(a, b), max(a, b)) for a, b in raw["rivers"]),
        forests=tuple(
            Forest(f["id"], tuple(f["clearings"]), tuple(f["forests"])) for f in raw["forests"]
        ),
    )


@cache
def load_board(name: str = "autumn") -> Board:
    """Load a map by name. Only the Autumn map is supported so far."""
    if name != "autumn":
        raise ValueError(f"unknown map {name!r}: the only map so far is 'autumn'")
    return _load(name)
