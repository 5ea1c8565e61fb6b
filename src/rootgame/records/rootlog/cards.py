"""Card identities in Rootlog: the names and abbreviations of the Standard deck's cards,
and :class:`CardSpec`, what a record says about a card (its suit, its possible names, the
item it crafts)."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import DECK
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
}


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
        for n in names:
            table.setdefault(n, set()).add(c.key)
    return {k: frozenset(v) for k, v in table.items()}


CARD_NAMES: dict[str, frozenset[str]] = _build_name_table()
"""Every name and abbreviation of a Standard-deck card -> the card keys it may mean."""


@dataclass(frozen=True, slots=True)
class CardSpec:
    """What a record says about a card: its suit and/or the keys it may be."""

    suit: str | None = None
    keys: frozenset[str] | None = None
    item: str | None = None

    def matches(self, cid: int) -> bool:
        if cid < 0:
            return False
        c = DECK[cid]
        if self.suit is not None and c.suit != self.suit:
            return False
        if self.keys is not None and c.key not in self.keys:
            return False
        return self.item is None or c.item == self.item

    @property
    def named(self) -> bool:
        return self.suit is not None or self.keys is not None or self.item is not None



def spec_from_name(suit: str | None, name: str | None) -> CardSpec | None:
    """The spec of ``[suit]#[name]`` (suit as an engine suit name); None for an unknown name."""
    if name is None:
        return CardSpec(suit, None)
    keys = CARD_NAMES.get(name)
    if keys is None:
        return None
    if suit is not None:
        keys = frozenset(k for k in keys if any(c.key == k and c.suit == suit for c in DECK))
        if not keys:
            return None
    return CardSpec(suit, keys)
