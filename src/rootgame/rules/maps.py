"""The maps' own rules (Law of Root, appendix M).

- Winter (M.2): the river divides forests as printed paths do; nothing else (map data).
- Lake (M.3): the Ferry starts in the coastal corner (M.3.1); once per turn a move from the
  Ferry's clearing may end in any other coastal clearing, ignoring paths, the Ferry going
  along, and the mover draws a card (M.3.5). Ruling the origin or the destination is still
  needed (4.2.1).
- Mountain (M.4): closed paths join nothing (M.4.2); once per turn in their Daylight a player
  with a piece at either end may spend a card to open one and score 1 VP (M.4.3); at the end
  of each player's Evening, ruling the Pass (the Tower's clearing) scores 1 VP (M.4.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..actions import CARD, CLEARING, Action, Signature
from ..state import GameState
from . import landmarks
from .core import board, discard_from_hand, draw, fac, has_pieces, ruler, score

FERRY: Final = "ferry"
"""The once-per-turn mark of the Ferry in ``GameState.turn["used"]`` (M.3.5)."""

OPEN_PATH: Final = "open-path"

MAP_ACTIONS: Final[dict[str, tuple[str, ...]]] = {OPEN_PATH: ("mountain",)}
"""Action words that only some maps can offer, and those maps (the learning agents' action
space of the other maps leaves them out, rl/space.py)."""

DAYLIGHT_MAP_ACTIONS: Final[tuple[Signature, ...]] = ((OPEN_PATH, CLEARING, CLEARING, CARD),)
"""The signatures of :func:`daylight_map_actions`."""


# --- M.3.5 The Ferry --------------------------------------------------------------------------


def ferry_destinations(g: GameState, origin: int) -> tuple[int, ...]:
    """The clearings a move from ``origin`` may reach by the Ferry now: on the Lake any other
    coastal clearing (M.3.5), elsewhere a clearing along a river (the Ferry landmark); none
    unless the Ferry is there and has not been used this turn."""
    if not g.ferry or g.ferry != origin or FERRY in g.turn.get("used", ()):
        return ()
    b = board(g)
    # The Lake's lake is rivers linking every coastal clearing (M.3.2): on every map the
    # Ferry goes to a clearing a river links to its own (the Ferry landmark's card).
    return tuple(c for c in b.river_neighbours(origin) if not b.is_adjacent(origin, c))


def ferry_only(g: GameState, origin: int, near: Sequence[int]) -> tuple[int, ...]:
    """The Ferry's destinations from ``origin`` that the mover does not already reach by its
    own paths, rivers or tunnels (``near``): a clearing reached both ways is one move, taken
    by the Ferry only when the mover has no other way (ruling 84)."""
    return tuple(d for d in ferry_destinations(g, origin) if d not in near)


def is_ferry_move(g: GameState, origin: int, destination: int) -> bool:
    return destination in ferry_destinations(g, origin)


def ferry_moved(g: GameState, seat: int, origin: int, destination: int) -> None:
    """After a move by the Ferry: the Ferry goes along, and the mover draws one card (M.3.5);
    a bot scores 1 VP instead (Law of Rootbotics 12.1)."""
    g.turn.setdefault("used", []).append(FERRY)
    g.ferry = destination
    if "ferry" in g.landmarks:
        g.landmarks["ferry"] = destination
    if g.log is not None:
        g.log.append({"kind": "ferry", "seat": seat, "from": origin, "to": destination})
    ferry_draw(g, seat)


def ferry_draw(g: GameState, seat: int) -> None:
    """A player whose faction pieces rode the Ferry draws one card (M.3.5: each player whose
    pieces moved, e.g. the Vagabond's Allied warriors beside him); a bot scores 1 VP instead
    (Law of Rootbotics 12.1)."""
    if fac(g, seat).is_bot:
        score(g, seat, 1, "ferry")
    else:
        draw(g, seat, 1)


# --- M.4.3 Removing closed paths -------------------------------------------------------------


def daylight_map_actions(g: GameState, seat: int) -> list[Action]:
    """Map actions a player may take at any free moment of its own Daylight: open a closed
    path next to one of its pieces by spending any card (M.4.3), once per turn."""
    if not g.closed or OPEN_PATH in g.turn.get("used", ()):
        return []
    hand = g.seats[seat].hand
    out: list[Action] = []
    for a, b in g.closed:
        if has_pieces(g, seat, a) or has_pieces(g, seat, b):
            out.extend((OPEN_PATH, a, b, cid) for cid in hand)
    return out


def open_path(g: GameState, seat: int, a: Action) -> None:
    path = (int(a[1]), int(a[2]))
    g.turn.setdefault("used", []).append(OPEN_PATH)
    discard_from_hand(g, seat, int(a[3]))
    g.closed = tuple(p for p in g.closed if p != path)
    if g.log is not None:
        g.log.append({"kind": "open_path", "seat": seat, "path": list(path)})
    score(g, seat, 1, "opened path")


# --- M.4.4 The Pass and Tower ----------------------------------------------------------------


def evening_end(g: GameState, seat: int) -> None:
    """At the end of a player's Evening: 1 VP for ruling the Pass (M.4.4) or the Tower
    landmark's clearing."""
    if not g.landmarks:
        t = board(g).tower
        if t and ruler(g, t) == seat:
            score(g, seat, 1, "pass")
        return
    # The Tower landmark (its card): the same rule wherever it was set up.
    t = landmarks.tower(g)
    if t and ruler(g, t) == seat:
        score(g, seat, 1, "tower" if "tower" in g.landmarks else "pass")
