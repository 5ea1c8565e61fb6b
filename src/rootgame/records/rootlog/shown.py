"""Hands shown by Outrage: what the record says of the hand's unnamed cards (ruling 750).

8.2.6: a player who moves into or places pieces in a sympathetic clearing adds a card of
its suit (or a bird) to the Alliance's supporters; with none, the player shows the hand
and the Alliance draws a supporter. A record that writes the hand shown (``C^A``) says
that no card then in the hand matched the clearing. The hand's unnamed draws are open
cards of the search (``Pos.free``): when an exchange later gives one of them another
identity (a ``rename`` event, ``exchanges.py``, ``solve.py``...), or the final replay
samples the identities of the unnamed cards left (``result.Finisher.sample``), the card
it becomes must not be of that suit nor a bird, else the hand shown would have held a
matching card and the final replay would not replay (the Outrage asks for the card).

``Pos.shown`` keeps, for each draw serial of an unnamed card in a hand shown, the suits it
cannot be (the clearing's suit and ``bird``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...cards import DECK
from ...rules.core import board, matching_cards
from .atoms import Line
from .cards import CardSpec
from .factions import Loc, hidden_pile
from .search import Node, Pos
from .steps import legal_now

if TYPE_CHECKING:
    from .identity import CardIdentity

__all__ = ["Barred", "Shown", "breaks_shown", "dealt_as_shown", "note_shown", "other_suits",
           "outrage_surplus", "shown_allows", "shown_now", "shown_spec", "unshown"]

PLAIN_SUITS = ("fox", "rabbit", "mouse")


@dataclass(frozen=True, slots=True)
class Barred(CardSpec):
    """What a hand shown by Outrage says of one of its unnamed cards: not of the suits
    ``barred`` (its clearing's, and birds; ruling 750). Among what the record wrote of a
    card (``exchanges.written``), so that an exchange for the whole game keeps to it."""

    barred: frozenset[str] = frozenset()
    inner: CardSpec | None = None
    """What else the record wrote of the card (a suit it was spent by), if anything."""

    def matches(self, cid: int) -> bool:
        return cid >= 0 and DECK[cid].suit not in self.barred and (
            self.inner is None or self.inner.matches(cid))


def shown_spec(
    pos: Pos, x: int, spec: CardSpec | None, since: int | None = None,
) -> CardSpec | None:
    """``spec`` (what a place of card ``x`` allows, None: any card) narrowed by the hands
    shown by Outrage that ``x`` was in at any of its times (ruling 750): a :class:`Barred`.
    With ``since`` (a draw pile's time), only its times from that one on: an exchange of
    the places of that time leaves the card's earlier times to the card, which takes them
    to its new place (ruling 890, ``PLACE_SHOWN``: the places of a cycle, ``piles.members``,
    and a donor's, ``piles.may_take``; the draw's own place, ruling 870: :func:`shown_now`)."""
    if not pos.shown:
        return spec
    serials = [pos.free[x][0]] if x in pos.free else []
    serials += [t[0] for t in (*pos.past.get(x, ()), *((pos.loose[x],) if x in pos.loose
                                                       else ()))
                if since is None or not PLACE_SHOWN or t[1] >= since]
    bar = frozenset(s for n in serials for s in pos.shown.get(n, ()))
    return Barred(barred=bar, inner=spec) if bar else spec


PLACE_SHOWN = True
"""Ruling 890 turned on (a test turns it off to show the record refused without it)."""

PLACE_NOW = True
"""Ruling 870 turned on (a test turns it off to show the record refused without it)."""


def shown_now(pos: Pos, x: int, spec: CardSpec | None) -> CardSpec | None:
    """``spec`` narrowed by the hands shown by Outrage that the unnamed draw ``x`` was in at
    its present time only (its draw serial, ``Pos.free``): what the place of that draw
    allows when an exchange of its draw pile's time gives it another card (the donor, a
    cycle, a card pulled from another time: ``piles.settle_free``). The card's earlier
    times (``Pos.past``) stay its own in such an exchange (``exchanges.apply_cycle``): a
    hand shown at one of them says what the card ``x`` is, not what the draw's place may
    take, and :func:`shown_spec` barred the place from every suit a card of the Alliance's
    supporters, drawn again after a shuffle, had been shown to lack (seed 1023 with the
    Alliance, line 48: a base's supporters discarded). Ruling 870."""
    if not PLACE_NOW:
        return shown_spec(pos, x, spec)
    if not pos.shown or x not in pos.free:
        return spec
    bar = pos.shown.get(pos.free[x][0], frozenset())
    return Barred(barred=bar, inner=spec) if bar else spec


Shown = Mapping[int, frozenset[str]]
"""Draw serial -> the suits the card of that draw cannot be (ruling 750)."""


def note_shown(
    shown: dict[int, frozenset[str]], hand: Iterable[int], suit: str,
    free: Mapping[int, tuple[int, int]],
) -> dict[int, frozenset[str]]:
    """``shown`` with the unnamed cards of ``hand`` (those in ``free``: card -> (draw
    serial, epoch)) barred from ``suit`` and birds: the hand was shown by Outrage in a
    clearing of ``suit`` (8.2.6). A new dict when anything is added (positions share
    theirs). The Lost City's ``any`` matches every card: a hand shown there is empty."""
    if suit == "any":
        return shown
    out = shown
    bar = frozenset((suit, "bird"))
    for cid in hand:
        if cid in free:
            serial = free[cid][0]
            was = out.get(serial, frozenset())
            if not bar <= was:
                if out is shown:
                    out = dict(shown)
                out[serial] = was | bar
    return out


def shown_allows(shown: Shown, serial: int, cid: int) -> bool:
    """Whether the draw ``serial`` may be the card ``cid``: not of a suit a hand it was in
    was shown to lack (8.2.6, ruling 750)."""
    return DECK[cid].suit not in shown.get(serial, ())


def breaks_shown(shown: Shown, events: Iterable[tuple[Any, ...]]) -> bool:
    """Whether ``events`` rename an unnamed draw (``("rename", serial, card)``) to a card a
    hand it was in was shown to lack by Outrage (8.2.6, ruling 750): the course it ends
    is dropped, the hand shown would have held a matching card."""
    return bool(shown) and any(
        e[0] == "rename" and not shown_allows(shown, int(e[1]), int(e[2])) for e in events)


def dealt_as_shown(
    cards: list[int], new: list[int], shown: Shown, serial: Mapping[int, int],
) -> tuple[list[int], list[int]]:
    """The identities ``new`` (a shuffled pool) dealt to the unnamed ``cards`` (draw serials
    ``serial``) so that none becomes a card a hand it was in was shown to lack (ruling
    750): (the card each of ``cards`` becomes, the pool's cards left, in order). The cards
    barred from suits take first, each the first card of the pool it may be; the others
    then take the pool's cards left in order (the plain deal when nothing is barred)."""
    barred = [c for c in cards if serial[c] in shown]
    if not barred:
        return new[: len(cards)], new[len(cards):]
    pool = new[:]
    got: dict[int, int] = {}
    for c in barred:
        fit = next((x for x in pool if shown_allows(shown, serial[c], x)), None)
        if fit is None:
            return new[: len(cards)], new[len(cards):]  # none fits: the final replay says so
        got[c] = fit
        pool.remove(fit)
    for c in cards:
        if c not in got:
            got[c] = pool.pop(0)
    return [got[c] for c in cards], pool


def outrage_surplus(lines: Sequence[Line], pos: Pos) -> tuple[int, list[int]]:
    """The seat to decide and the cards its decision would give that the line says its
    hand lacks: an Outrage the line pays by showing the hand (an open reveal of that
    seat, ``C^A``, 8.2.6) while the hand holds a card of the clearing's suit."""
    f = pos.g.stack[-1]
    if pos.line is None or f.kind != "outrage" or f.seat is None:
        return 0, []
    ln, left = lines[pos.line], pos.left[pos.line]
    if not any(left[k] for k in ln.by_key.get(("reveal", (f.seat, int(f.data["ally"]))),
                                               [])):
        return 0, []
    return f.seat, [int(a[1]) for a in pos.legal if a[0] == "outrage"]


def unshown(imp: CardIdentity, node: Node) -> Node | None:
    """The record shows the hand for an Outrage (``C^A``, 8.2.6: no card of the clearing's
    suit nor a bird) where the search's hand holds such cards, all of them unnamed draws:
    each is given, by the exchanges of an unnamed draw (``settle_free``: a card of its
    draw pile's time, a cycle, a card pulled from another time, the later times), a card
    of another suit, the other plain suits in turn, none a card a hand it was in was shown
    to lack. A node after ``node`` with the hand as the record shows it, or None (a card
    the record named matches, or no exchange is found). Ruling 752."""
    pos = node.pos
    seat, extra = outrage_surplus(imp.lines, pos)
    if not extra or any(c not in pos.free for c in extra):
        return None
    suit = board(pos.g).card_suit_at(int(pos.g.stack[-1].data["c"]))
    if suit not in PLAIN_SUITS:
        return None
    given = other_suits(imp, pos, extra, suit, ("hand", seat))
    if given is None:
        return None
    new, events = given
    if matching_cards(new.g, seat, suit) or breaks_shown(new.shown, events):
        return None
    new.legal = legal_now(new.g)
    return Node(new, node, (), tuple(events), (), repaired=True)


def other_suits(
    imp: CardIdentity, pos: Pos, extra: list[int], suit: str, loc: Loc,
) -> tuple[Pos, list[tuple[Any, ...]]] | None:
    """A copy of ``pos`` where each of the unnamed draws ``extra`` of the hidden place
    ``loc`` is given, by the exchanges of an unnamed draw (``settle_free``: a card of its
    draw pile's time, a cycle, a card pulled from another time, the later times), a card
    of another plain suit than ``suit``, the others in turn (rulings 752, 781), with the
    renaming events; None when one of them finds none."""
    g2 = pos.g.clone()
    new = pos.fork(g2, [])
    events: list[tuple[Any, ...]] = []
    for f in extra:
        for other in PLAIN_SUITS:
            if other == suit:
                continue
            keep = set(hidden_pile(g2, loc)) | imp.reserved(new, imp.needs(new))
            got = imp.settle_free(new, g2, f, CardSpec(other), keep, True)
            if got is not None:
                events.extend(got)
                break
        else:
            return None
    return new, events
