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


@dataclass(frozen=True, slots=True)
class CardSpec:
    """What a record says about a card: its suit and/or the keys it may be."""

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
        if self.keys is not None:
            return c.key in self.keys and (self.item is None or c.item == self.item)
        if self.item is not None:
            return c.item == self.item
        return self.suit is None or c.kind != "dominance" or not SUIT_NOT_DOMINANCE

    @property
    def named(self) -> bool:
        return self.suit is not None or self.keys is not None or self.item is not None



SUIT_NOT_DOMINANCE = True
"""Whether a card written by its suit only is never a dominance card
(:meth:`CardSpec.matches`, ruling 790)."""


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
