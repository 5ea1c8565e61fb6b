"""The shared decks (Law 2.1, 4.1, appendix A step 2): the base deck and the Exiles and
Partisans deck, 54 cards each, chosen at setup (``DECKS``).

A card id names one physical card; copies of a card have different ids. The base deck's cards
are ids 0..53. The Exiles and Partisans deck keeps the base deck's ambush, dominance and item
cards (identical cards: the same ids serve both decks) and adds its 25 persistent cards as ids
54..78; ``deck_ids`` gives the ids of each deck. Each card also has a
``key``: a slug of its name, plus ``:suit`` where two cards share a name (``ambush:bird``,
``root-tea:fox``). Keys identify cards in position descriptions and for people.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

ITEMS: Final[tuple[str, ...]] = (
    "boot", "bag", "crossbow", "hammer", "sword", "tea", "coins", "torch"
)
CARD_SUITS: Final[tuple[str, ...]] = ("fox", "rabbit", "mouse", "bird")


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


def _read(name: str) -> dict[str, Any]:
    text = resources.files("rootgame.data").joinpath(name).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _load() -> tuple[tuple[Card, ...], dict[str, int]]:
    raw = _read("base_deck.json")
    listed = raw["cards"] + _read("exiles_deck.json")["cards"]
    names: dict[str, set[str]] = {}
    for c in listed:
        names.setdefault(_slug(c["name"]), set()).add(c["suit"])
    cards: list[Card] = []
    for c in listed:
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


_LOADED: Final = _load()
DECK: Final = _LOADED[0]
"""Every card of both decks, indexed by id (``Final``: the compiled core reads it without
looking its name up)."""
ITEM_SUPPLY: Final = _LOADED[1]
"""The item supply at setup (5.1.5)."""

N_CARDS: Final = len(DECK)
"""How many card ids there are (both decks); a game uses the 54 of its deck."""

DECKS: Final[tuple[str, ...]] = ("base", "exiles")
"""The shared decks a game may be set up with (appendix A step 2), the base deck first."""


def _deck_ids() -> dict[str, tuple[int, ...]]:
    kept = set(_read("exiles_deck.json")["from_base_deck"])
    base = tuple(range(sum(c["copies"] for c in _read("base_deck.json")["cards"])))
    exiles = tuple(i for i in base if DECK[i].kind in kept) + tuple(range(len(base), N_CARDS))
    return {"base": base, "exiles": exiles}


DECK_IDS: Final[dict[str, tuple[int, ...]]] = _deck_ids()


def deck_ids(deck: str) -> tuple[int, ...]:
    """The ids of the 54 cards of ``deck`` (one of ``DECKS``); ValueError naming the decks."""
    ids = DECK_IDS.get(deck)
    if ids is None:
        raise ValueError(f"unknown deck {deck!r}; choose {' | '.join(DECKS)}")
    return ids

KEYS: Final[frozenset[str]] = frozenset(c.key for c in DECK)
DOMINANCE_IDS: Final[tuple[int, ...]] = tuple(c.id for c in DECK if c.kind == "dominance")
"""The four dominance cards (the same ids in both decks)."""


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
