"""Card identities in Rootlog: the names and abbreviations of the cards of both decks (the
Standard deck and the Exiles and Partisans deck),
and :class:`CardSpec`, what a record says about a card (its suit, its possible names, the
item it crafts)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...cards import DECK, Card, deck_ids
from .notation import SUIT_LETTER

_LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")

_CARD_ABBREVIATIONS: dict[str, str] = {
    "ambush": "@",
    "dominance": "dom",
    "armorers": "armor",
    "better-burrow-bank": "bank",
    "brutal-tactics": "brutal",
    "command-warren": "command",
    "cobbler": "cob",
    "codebreakers": "codeb",
    "favor-of-the-foxes": "favor",
    "favor-of-the-rabbits": "favor",
    "favor-of-the-mice": "favor",
    "royal-claim": "royal",
    "sappers": "sap",
    "scouting-party": "scout",
    "stand-and-deliver": "stand",
    "tax-collector": "tax",
    # The Exiles and Partisans deck (the specification's second table).
    "boat-builders": "boat",
    "charm-offensive": "charm",
    "coffin-makers": "coffin",
    "corvid-planners": "cplans",
    "eyrie-emigre": "emi",
    "false-orders": "false",
    "fox-partisans": "part",
    "rabbit-partisans": "part",
    "mouse-partisans": "part",
    "informants": "inform",
    "league-of-adventurous-mice": "league",
    "master-engravers": "engrave",
    "murine-broker": "murine",
    "propaganda-bureau": "prop",
    "saboteurs": "sabo",
    "soup-kitchens": "soup",
    "swap-meet": "swap",
    "tunnels": "tun",
}
_SUITED_NAMES = {"favor": "favor", "partisans": "part"}
"""Cards of one name in three suits (``F#favor``, ``R#part``): the name a record may write
without the suit, and the abbreviation."""


def _letters(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch in _LOWER)


def card_name(cid: int) -> str:
    """The Rootlog name of a card: its abbreviation, or its name in lowercase letters."""
    c = DECK[cid]
    base = c.key.split(":")[0]
    return _CARD_ABBREVIATIONS.get(base, _letters(c.name))


def card_text(cid: int) -> str:
    """``<suit>#<name>``, e.g. ``F#tax``, ``B#@``."""
    return f"{SUIT_LETTER[DECK[cid].suit]}#{card_name(cid)}"


def _build_name_table() -> dict[str, frozenset[str]]:
    table: dict[str, set[str]] = {}
    for c in DECK:
        base = c.key.split(":")[0]
        names = {card_name(c.id), _letters(c.name), _letters(base)}
        if c.kind == "dominance":
            names.add("dominance")
        if c.kind == "ambush":
            names.add("ambush")
        for name, abbreviation in _SUITED_NAMES.items():
            if card_name(c.id) == abbreviation:
                names.add(name)
        for n in names:
            table.setdefault(n, set()).add(c.key)
    return {k: frozenset(v) for k, v in table.items()}


CARD_NAMES: dict[str, frozenset[str]] = _build_name_table()
"""Every name and abbreviation of a card of either deck -> the card keys it may mean (the
game's deck decides which of them are in play)."""


SUIT_NOT_DOMINANCE = True
"""Ruling 787: a card written by its suit only (``M#$->``, ``F#C->``) is no dominance card.
The notation names a dominance card (``M#dom``), and people write it so wherever it goes
(3.3: it is taken, spent, discarded and activated in the open; rulings 770, 771, 783).
The search's supporters held the mouse dominance card, mobilized unnamed (``#A->$``), and
a spending by suit took it, where the record spends it by name later (seed 1021 with the
Alliance, line 44). Ruling 790 found the same with the Vagabond (seeds 1000, 1001)."""


@dataclass(frozen=True, slots=True)
class CardSpec:
    """What a record says about a card: its suit and/or the keys it may be; written by its
    suit only, never a dominance card (ruling 787)."""

    suit: str | None = None
    keys: frozenset[str] | None = None
    item: str | None = None

    def matches(self, cid: int) -> bool:
        """Whether card ``cid`` may be the card written. A card written by its suit only
        (``F#E->$_b``, ``F#C->``) is not a dominance card, which people write by name
        wherever it goes (``R#domA->``: face up in the Decree, beside the board once spent,
        Law 3.3.3; rulings 771, 790)."""
        if cid < 0:
            return False
        c = DECK[cid]
        if self.suit is not None and c.suit != self.suit:
            return False
        if self.keys is None and self.item is None and self.suit is not None and \
                c.kind == "dominance" and SUIT_NOT_DOMINANCE:
            return False  # ruling 787
        if self.keys is not None and c.key not in self.keys:
            return False
        return self.item is None or c.item == self.item

    @property
    def named(self) -> bool:
        return self.suit is not None or self.keys is not None or self.item is not None

    @property
    def alike(self) -> frozenset[str]:
        """The keys of the cards a craft so written may take when it is written by its
        item only (``Z%t``: the three Root Teas), else none (ruling 840)."""
        if self.keys is not None and len(self.keys) > 1:
            return self.keys
        if self.keys is None and self.item is not None:
            return _ITEM_KEYS.get(self.item, frozenset())
        return frozenset()


_ITEM_KEYS: dict[str, frozenset[str]] = {
    item: frozenset(c.key for c in DECK if c.item == item)
    for item in {c.item for c in DECK if c.item is not None}}
"""Item -> the keys of the cards that craft it (either deck)."""



def spec_from_name(
    suit: str | None, name: str | None, deck: str | None = None
) -> CardSpec | None:
    """The spec of ``[suit]#[name]`` (suit as an engine suit name); None for a name no card
    has (of the shared ``deck`` when given: "base" or "exiles")."""
    if name is None:
        return CardSpec(suit, None)
    keys = CARD_NAMES.get(name)
    if keys is None:
        return None
    if suit is not None or deck is not None:
        among = _deck_cards(deck)
        keys = frozenset(k for k in keys if any(
            c.key == k and (suit is None or c.suit == suit) for c in among))
        if not keys:
            return None
    return CardSpec(suit, keys)


@cache
def _deck_cards(deck: str | None) -> tuple[Card, ...]:
    """The cards of the shared deck ``deck`` (every card for None)."""
    return tuple(DECK) if deck is None else tuple(DECK[i] for i in deck_ids(deck))
