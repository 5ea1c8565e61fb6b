"""The shared deck (Law 2.1, 4.1): 54 base cards, each with an id 0..53.

A card id names one physical card; copies of a card have different ids. Each card also has a
``key``: a slug of its name, plus ``:suit`` where two cards share a name (``ambush:bird``,
``root-tea:fox``). Keys identify cards in position descriptions and for people.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources

ITEMS: tuple[str, ...] = ("boot", "bag", "crossbow", "hammer", "sword", "tea", "coins", "torch")
CARD_SUITS: tuple[str, ...] = ("fox", "rabbit", "mouse", "bird")


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the deck. ``kind`` is ambush, dominance, persistent, item or favor."""

    id: int
    name: str
    key: str
    suit: str
    kind: str
    cost: tuple[str, ...]
    item: str | None
    vp: int

    @property
    def craftable(self) -> bool:
        """2.1.2-2.1.3: ambush and dominance cards can never be crafted."""
        return self.kind not in ("ambush", "dominance")


def _slug(name: str) -> str:
    s = name.lower().replace("'", "")
    s = re.sub(r"\(.*?\)", "", s)
    return re.sub(r"[^a-z0-9]+", "-", s).strip("-")


def _load() -> tuple[tuple[Card, ...], dict[str, int]]:
    raw = json.loads(
        resources.files("rootgame.data").joinpath("base_deck.json").read_text("utf-8")
    )
    names: dict[str, set[str]] = {}
    for c in raw["cards"]:
        names.setdefault(_slug(c["name"]), set()).add(c["suit"])
    cards: list[Card] = []
    for c in raw["cards"]:
        slug = _slug(c["name"])
        key = slug if len(names[slug]) == 1 else f"{slug}:{c['suit']}"
        for _ in range(c["copies"]):
            cards.append(
                Card(
                    id=len(cards),
                    name=c["name"],
                    key=key,
                    suit=c["suit"],
                    kind=c["kind"],
                    cost=tuple(c["cost"]),
                    item=c["item"],
                    vp=c["vp"],
                )
            )
    supply = {k: int(v) for k, v in raw["item_supply"].items()}
    return tuple(cards), supply


DECK, ITEM_SUPPLY = _load()
"""All 54 cards, indexed by id; and the item supply at setup (5.1.5)."""

N_CARDS = len(DECK)
KEYS: frozenset[str] = frozenset(c.key for c in DECK)
DOMINANCE_IDS: tuple[int, ...] = tuple(c.id for c in DECK if c.kind == "dominance")


def card(card_id: int) -> Card:
    """The card with this id."""
    return DECK[card_id]


def ids_for_key(key: str) -> tuple[int, ...]:
    """Every card id whose key is ``key`` (or whose name slug is ``key``, for any suit)."""
    k = key.strip().lower()
    found = tuple(c.id for c in DECK if c.key == k)
    if found:
        return found
    return tuple(c.id for c in DECK if c.key.split(":")[0] == _slug(k) or c.key.split(":")[0] == k)
