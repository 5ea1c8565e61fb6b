"""Small helpers for the scenario tests of the general Law and the Marquise (test_law.py,
test_marquise.py). Positions are built with :func:`rootgame.position.build`."""

from __future__ import annotations

from typing import Any

from rootgame import Game
from rootgame.cards import DECK, ids_for_key
from rootgame.position import build

M, E = 0, 1
"""Seats in the default two-player game: the Marquise, then the Eyrie."""


def pos(**desc: Any) -> Game:
    """A Marquise (seat 0) vs Eyrie (seat 1) position; fields as in position.build."""
    d: dict[str, Any] = {"factions": ["marquise", "eyrie"]}
    d.update(desc)
    return build(d)


M3, E3, A3 = 0, 1, 2
"""Seats in the three-player positions of :func:`pos3`."""


def pos3(**desc: Any) -> Game:
    """A Marquise (seat 0), Eyrie (seat 1), Alliance (seat 2) position."""
    d: dict[str, Any] = {"factions": ["marquise", "eyrie", "alliance"]}
    d.update(desc)
    return build(d)


def cid(key: str, copy: int = 0) -> int:
    """The id of a card by key (``copy`` picks among identical cards)."""
    return ids_for_key(key)[copy]


def keys(ids: list[int]) -> list[str]:
    """Sorted card keys of a list of card ids."""
    return sorted(DECK[i].key for i in ids)


def hand(g: Game, seat: int) -> list[str]:
    return keys(g.state.seats[seat].hand)


def discard(g: Game) -> list[str]:
    return keys(g.state.discard)


def warriors(g: Game, c: int, seat: int) -> int:
    return g.state.warriors[c][seat]


def buildings(g: Game, c: int) -> list[str]:
    """Kinds of the buildings (and ruins) in clearing ``c``, sorted."""
    return sorted(k for _, k in g.state.buildings[c])


def tokens(g: Game, c: int) -> list[str]:
    return sorted(k for _, k in g.state.tokens[c])


def count(g: Game, c: int, kind: str) -> int:
    """How many buildings or tokens of ``kind`` lie in ``c``."""
    return sum(1 for _, k in g.state.buildings[c] + g.state.tokens[c] if k == kind)


def kinds(g: Game) -> set[str]:
    """The kinds (first words) of the pending decision's legal actions."""
    return {str(a[0]) for a in g.legal_actions()}


def play(g: Game, *toks: str) -> Game:
    """Apply tokens in order; return the game."""
    for t in toks:
        g.apply(t)
    return g
