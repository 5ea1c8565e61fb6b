"""The record's side of ruling 660's fallback (``namer.py``): which records it is tried on
and when (:func:`first_named`, ruling 700; :func:`names_spendings`, ruling 711), the record
relaxed to a people-style one (:func:`relaxed`; its spendings too, ruling 710), and the
checks of the fully named record it writes against the record (:func:`agrees`, ruling
662; :func:`crafts_agree`, ruling 661)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...cards import DECK
from .cards import card_text, spec_from_name
from .notation import DECK_OPTION, SUIT_NAMES, Card, Craft, Move, RootlogGame, Term, Turn
from .writer import _Replayed, _Writer

__all__ = ["agrees", "craft_names", "crafts_agree", "drawn_by_name", "first_named", "is_draw",
           "is_spending", "name_of", "names_spendings", "relaxed", "spent_by_name",
           "taken_open"]


def is_draw(m: Move) -> bool:
    """A draw into hands: cards from the draw pile (no start) to faction hands."""
    return bool(m.to) and all(p.kind == "hand" for p in m.to) and all(
        t.start is None and isinstance(t.what, Card) for t in m.terms)


OPEN_DOMINANCE = True
"""Ruling 960: a dominance card a hand takes by name from no place (``R#dom->A``) is not a
named draw for rulings 700 and 710: people name it, as they name a dominance card spent
(:func:`spent_by_name`). Without it a record written as people write it that takes one was
tried by ruling 660's fallback first, and its relaxed record drew a card for it."""


def taken_open(x: Term) -> bool:
    """A term of a draw that is a dominance card taken by name where ruling 960 holds
    (``R#dom->A``: taken from beside the board in the open, 3.3.3, as people write it,
    ruling 770; a dominance card drawn from the deck is written alike and is then named by
    a record that names its draws anyway)."""
    return OPEN_DOMINANCE and isinstance(x.what, Card) and x.what.name == "dom"


def drawn_by_name(x: Term) -> bool:
    """A term of a draw that names its card, but for a dominance card taken in the open
    (:func:`taken_open`, ruling 960)."""
    c = x.what
    return isinstance(c, Card) and c.name is not None and not taken_open(x)


def first_named(rec: RootlogGame) -> bool:
    """Ruling 700: whether ruling 660's fallback is tried before the searches: the record
    names a draw into a hand but no starting card (its setup lines' draws), as a player who
    notes each card drawn but not the hands dealt writes it. The searches, fixing each
    unnamed starting card at once, are mostly refused by such a record's named draws to
    come, after long searches; the fallback explains it at the cost of about three quick
    imports. A record naming its starting hands too (the export) is searched first. A
    dominance card taken by name is no named draw (:func:`drawn_by_name`, ruling 960)."""
    named = hands = False
    for t in rec.turns:
        for a in t.actions:
            if isinstance(a, Move) and is_draw(a) and any(drawn_by_name(x) for x in a.terms):
                if t.setup:
                    hands = True
                else:
                    named = True
    return named and not hands


def names_spendings(rec: RootlogGame) -> bool:
    """Ruling 711: whether the record names a card a hand discards or adds to the Decree
    (``F#stand C->``): ruling 660's fallback is then tried where the first search gives up,
    before the second (``searches.searched``)."""
    return any(isinstance(a, Move) and is_spending(a) and any(spent_by_name(x) for x in a.terms)
               for t in rec.turns for a in t.actions)


def relaxed(rec: RootlogGame) -> RootlogGame | None:
    """The record with what its draws name left out (``#->E``) and no starting hands (the
    setup lines' draws), and its spendings named given by suit only (``F#C->``, ruling 710),
    as people write it; None when it names no draw nor spending. A dominance card taken by
    name stays named, as people write it (:func:`drawn_by_name`, ruling 960)."""
    named = False
    turns: list[Turn] = []
    for t in rec.turns:
        actions: list[Any] = []
        for a in t.actions:
            if isinstance(a, Move) and is_draw(a):
                named = named or any(drawn_by_name(x) for x in a.terms)
                if t.setup:
                    continue
                kept = tuple(x for x in a.terms if taken_open(x))
                n = sum(x.count for x in a.terms) - sum(x.count for x in kept)
                a = replace(a, terms=kept + ((Term(n, Card()),) if n else ()))
            elif isinstance(a, Move) and is_spending(a):
                terms = tuple(replace(x, what=Card(x.what.suit)) if spent_by_name(x)
                              and isinstance(x.what, Card) else x for x in a.terms)
                named = named or terms != a.terms
                a = replace(a, terms=terms)
            actions.append(a)
        turns.append(replace(t, actions=actions))
    return replace(rec, turns=turns) if named else None


def is_spending(m: Move) -> bool:
    """A spending (ruling 710): cards from a hand discarded or added to the Decree."""
    return all(p.kind == "field" for p in m.to) and all(
        x.start is not None and x.start.kind == "hand" for x in m.terms)


def spent_by_name(x: Term) -> bool:
    """A term of a spending that names its card by suit and name (not a dominance card,
    which people name)."""
    c = x.what
    return isinstance(c, Card) and c.suit is not None and c.name not in (None, "dom")


def name_of(c: Card, deck: str) -> str | None:
    """``card_text`` of the card ``c`` names (its first card of the deck ``deck``)."""
    spec = spec_from_name(SUIT_NAMES.get(c.suit or "", None), c.name, deck)
    if spec is None or spec.keys is None:
        return None
    return next((card_text(x.id) for x in DECK if x.key in spec.keys), None)


def agrees(rec: RootlogGame, full: RootlogGame) -> bool:
    """Whether every card the record ``rec`` moves, line by line, is a card the fully named
    record ``full`` moves there, compared per movement (from, to; ruling 662: the importer
    may match a line's moves in another order): the cards ``rec`` names first, then those
    it gives by suit, then the unnamed, each paired with a card of that movement left that
    fits. The setup lines' starting hands, which ``rec`` may leave out, are not compared."""
    if len(rec.turns) != len(full.turns):
        return False
    deck = DECK_OPTION[rec.deck]
    for a, b in zip(rec.turns, full.turns, strict=True):
        if a.faction != b.faction:
            return False
        ours, theirs = _card_groups(a), _card_groups(b)
        if a.setup and _size(theirs) != _size(ours):
            theirs = _card_groups(b, False)
        if {k for k, v in ours.items() if v} != {k for k, v in theirs.items() if v}:
            return False
        for key, cards in ours.items():
            left = list(theirs[key])
            if len(left) != len(cards):
                return False
            for x in sorted(cards, key=lambda c: (c.name is None, c.suit is None)):
                j = next((j for j, y in enumerate(left) if _fits(x, y, deck)), None)
                if j is None:
                    return False
                del left[j]
    return True


def _fits(x: Card, y: Card, deck: str) -> bool:
    """Whether the card ``y`` is one the card ``x`` (as a record gives it) may be."""
    if x.suit is not None and x.suit != y.suit:
        return False
    return x.name is None or x.name == y.name or name_of(x, deck) == name_of(y, deck)


def _size(groups: dict[Any, list[Card]]) -> int:
    return sum(len(v) for v in groups.values())


def _card_groups(t: Turn, draws: bool = True) -> dict[Any, list[Card]]:
    """The cards the moves of the line ``t`` name (a count of ``n`` as ``n`` cards) per
    movement, keyed by where from and where to; without its draws when not ``draws``."""
    out: dict[Any, list[Card]] = {}
    for a in t.actions:
        if isinstance(a, Move) and (draws or not is_draw(a)):
            for x in a.terms:
                if isinstance(x.what, Card):
                    out.setdefault((x.start, a.to), []).extend([x.what] * x.count)
    return out


def craft_names(cr: Craft, deck: str) -> frozenset[str]:
    """``card_text`` of each card the ``Craft`` may name (``Zroottea``: of any suit; none for
    ``Z%b`` or a name no card has)."""
    spec = spec_from_name(None, cr.card, deck) if cr.card is not None else None
    if spec is None or spec.keys is None:
        return frozenset()
    return frozenset(card_text(x.id) for x in DECK if x.key in spec.keys)


def crafts_agree(rec: RootlogGame, rp: _Replayed, w: _Writer) -> bool:
    """Ruling 661: whether every craft the record ``rec`` names (``Zmouseinasack``) is a card
    the replayed game ``rp`` crafts in that line (as ``w`` writes it or by its name)."""
    segs = rp.obs.segments
    if len(segs) != len(rec.turns):
        return False
    deck = DECK_OPTION[rec.deck]
    made: list[list[int]] = [[] for _ in segs]
    for st in rp.obs.steps:
        if st.seg > 0 and st.act is not None and st.act[0] == "craft":
            made[st.seg - 1].append(int(st.act[1]))
    for t, cids in zip(rec.turns, made, strict=True):
        for cr in t.actions:
            if not isinstance(cr, Craft) or cr.card is None:
                continue
            want = craft_names(cr, deck)
            j = next((j for j, c in enumerate(cids) if w.craft(c) == "Z" + cr.card
                      or card_text(c) in want), None)
            if j is None:
                return False
            del cids[j]
    return True
