"""Supporters discarded with a base of the Alliance: what the record says of the others
(ruling 781).

8.2.4: when a base of the Alliance is removed, every supporter of the base's suit and
every bird supporter is discarded. A record writes each card so discarded (``M#A$->``,
``B#A$->``, ``M#domA$->``) before the base's removal (``Ab_m7->``): the supporters' other
cards were of other suits. The search's supporters are partly unnamed draws (``3#->$``,
``#A->$``, ``#->A$``: open cards, ``Pos.free``), which may hold one more card of the
base's suit or a bird than the record discards: the engine then discards it too, and no
decision explains the line (the search is stuck at the decision before the removal, the
defender's Ambush or the choice of the pieces to remove). Each such card is given a card
of another plain suit by the exchanges of an unnamed draw, as a hand shown by Outrage has
its matching cards exchanged (``shown.unshown``, ruling 752); the supporters left are
then barred from the base's suit and birds as a hand shown is (``Pos.shown``, ruling 750).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...cards import DECK
from .cards import CardSpec
from .factions import hidden_pile
from .search import Node
from .shown import breaks_shown, note_shown, other_suits
from .steps import legal_now

if TYPE_CHECKING:
    from .identity import CardIdentity

__all__ = ["LOST_WITH_BASE", "base_lost", "discarded_with_base", "kept", "left_choices",
           "note_lost", "surplus", "unlost"]

LOST_WITH_BASE = True
"""Ruling 781 turned on (a test turns it off to show the record refused without it)."""

SUIT_OF = {"f": "fox", "r": "rabbit", "m": "mouse"}


def base_lost(factions: list[str], atoms: list[tuple[Any, ...]]) -> tuple[int, str] | None:
    """The Alliance's base an engine step removes (its ``engine_atoms``): (its seat, its
    suit), or None."""
    for at in atoms:
        if at[0] == "remove" and str(at[1][1]).startswith("b_") and \
                factions[int(at[1][0])] == "alliance":
            suit = SUIT_OF.get(str(at[1][1])[2:])
            if suit is not None:
                return int(at[1][0]), suit
    return None


def note_lost(
    shown: dict[int, frozenset[str]], factions: list[str], atoms: list[tuple[Any, ...]],
    after: Any, free: dict[int, tuple[int, int]],
) -> dict[int, frozenset[str]]:
    """``shown`` with the unnamed supporters left after a step that removes a base of the
    Alliance (``after``: the step's snapshot after) barred from the base's suit and birds:
    8.2.4 discarded every such card (ruling 781), as a hand shown by Outrage held none
    (``shown.note_shown``)."""
    lost = base_lost(factions, atoms) if LOST_WITH_BASE else None
    if lost is None:
        return shown
    seat, suit = lost
    left = [c for c, loc in after.cards.items() if loc == ("board", seat)]
    return note_shown(shown, left, suit, free)


def discarded_with_base(imp: CardIdentity, node: Node) -> tuple[int, str, list[CardSpec]] | None:
    """The first base of the Alliance that the current line still removes (``Ab_m7->``):
    (its seat, its suit, what the line writes of each supporter it discards before it and
    after any other base's removal: the cards 8.2.4 discards with it). None when the line
    removes no base."""
    pos = node.pos
    if pos.line is None:
        return None
    ln, left = imp.lines[pos.line], pos.left[pos.line]
    written: list[CardSpec] = []
    for k, at in enumerate(ln.atoms):
        if not left[k]:
            continue
        if at.kind == "remove" and str(at.key[1]).startswith("b_") and \
                imp.factions[at.key[0]] == "alliance":
            suit = SUIT_OF.get(str(at.key[1])[2:])
            return None if suit is None else (int(at.key[0]), suit, written)
        if at.kind == "card" and at.spec is not None and len(at.key) == 2 and \
                at.key[1] == ("discard",) and at.key[0][0] == "board" and \
                imp.factions[at.key[0][1]] == "alliance":
            written.extend([at.spec] * left[k])
    return None


def kept(
    pos: Any, seat: int, suit: str, written: list[CardSpec], last: frozenset[int] = frozenset(),
) -> list[int]:
    """The supporters of ``seat`` that the discards ``written`` leave (each written card
    matched to one of ``suit`` or a bird, by name first, a card the record named before an
    unnamed draw, the unnamed draws ``last`` after the others: ruling 871)."""
    left = list(hidden_pile(pos.g, ("board", seat)))
    for spec in sorted(written, key=lambda sp: sp.keys is None):
        fits = [c for c in left if DECK[c].suit in (suit, "bird") and spec.matches(c)]
        if fits:
            left.remove(min(fits, key=lambda c: (c in pos.free, c in last)))
    return left


def surplus(
    pos: Any, seat: int, suit: str, written: list[CardSpec], last: frozenset[int] = frozenset(),
) -> list[int] | None:
    """The supporters of ``seat`` of ``suit`` or birds that the discards ``written`` leave
    over (:func:`kept`): the cards 8.2.4 would discard that the record does not. None when
    one of them is not an unnamed draw (no exchange may change it)."""
    lost = [c for c in kept(pos, seat, suit, written, last)
            if DECK[c].suit in (suit, "bird")]
    return lost if all(c in pos.free for c in lost) else None


CHOSEN_LEFT = True
"""Ruling 871 turned on (a test turns it off to show the record refused without it)."""

MAX_LEFT_CHOICES = 20
"""How many choices of the unnamed supporters left over :func:`left_choices` gives (ruling
871): a bound counted in choices, never in time."""


def left_choices(
    pos: Any, seat: int, suit: str, written: list[CardSpec],
) -> list[list[int]]:
    """The sets of unnamed supporters that the discards ``written`` may leave over
    (:func:`surplus`), the first :func:`kept`'s own (the first unnamed draws of the pile
    discarded), then, with ruling 871, every other choice of as many of the unnamed
    supporters of ``suit`` or birds, in the pile's order, up to ``MAX_LEFT_CHOICES``: which
    unnamed supporters the record's discards by suit (``R#A$->``) were is open, and the
    ones left over must be given other suits by an exchange of their own time, which a
    card drawn before the last shuffle or one shown to lack the other suits may not find
    (seed 1023 with the Alliance, line 48). Empty when a card left over is no unnamed
    draw."""
    first = surplus(pos, seat, suit, written)
    if not first:
        return []
    out = [first]
    if not CHOSEN_LEFT:
        return out
    pile = [c for c in hidden_pile(pos.g, ("board", seat))
            if c in pos.free and DECK[c].suit in (suit, "bird")]
    for combo in combinations(pile, len(first)):
        if len(out) >= MAX_LEFT_CHOICES:
            break
        got = surplus(pos, seat, suit, written, frozenset(combo))
        if got and sorted(got) not in (sorted(x) for x in out):
            out.append(got)
    return out


def unlost(imp: CardIdentity, node: Node) -> Node | None:
    """The line removes a base of the Alliance (8.2.4) whose supporters hold more cards of
    the base's suit or birds than the line discards before the removal, each of them an
    unnamed draw: each is given, by the exchanges of an unnamed draw (``settle_free``), a
    card of another plain suit, the other two in turn, none a card a hand it was in was
    shown to lack (ruling 750). A node after ``node`` with the supporters as the record
    discards them, or None. Ruling 781."""
    found = discarded_with_base(imp, node) if LOST_WITH_BASE else None
    if found is None:
        return None
    seat, suit, written = found
    pos = node.pos
    for extra in left_choices(pos, seat, suit, written):
        given = other_suits(imp, pos, extra, suit, ("board", seat))
        if given is None:
            continue
        new, events = given
        if not surplus(new, seat, suit, written) and not breaks_shown(new.shown, events):
            break
    else:
        return None
    # The supporters left were of other suits at the removal: kept so by the later
    # exchanges and the sample at the end, as the cards of a hand shown (ruling 750).
    new.shown = note_shown(new.shown, kept(new, seat, suit, written), suit, new.free)
    new.legal = legal_now(new.g)
    return Node(new, node, (), tuple(events), (), repaired=True)
