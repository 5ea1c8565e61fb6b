"""What a decision of the engine does, as a Rootlog record sees it: the decisions that move
warriors (:data:`WARRIOR_MOVES`, :func:`moved_by`, :func:`asks_count`), take a card out of a
hand (:data:`HAND_CARDS`), start a battle (:data:`BATTLES`), place a building or token
(:data:`BUILDS`), or take the score marker off the track (:func:`marker_moved`). The
importer's search (``importer.py``) orders and checks its candidates with them.
"""

from __future__ import annotations

from typing import Any

__all__ = ["BATTLES", "BUILDS", "HAND_CARDS", "WARRIOR_MOVES", "asks_count", "marker_moved",
           "moved_by"]

WARRIOR_MOVES: dict[tuple[str, str], int | None] = {
    ("move_count", "count"): None,
    ("move", "move"): 1,
    ("cat_actions", "march"): 1,
    ("decree", "move"): 2,
    ("ally_ops", "move"): 1,
}
"""Decisions that move warriors (4.2, ``rules.movement``): (frame kind, action) -> where the
action names the clearings moved from and to, None for the count of a move already begun (the
frame's ``from`` and ``to``). Such a move (but a count's) moves the warriors at once when one
warrior is there; the count is asked otherwise (``start_move``), and every count moves at
least one warrior: either way the decision moves warriors between those two clearings."""


def moved_by(g: Any, a: tuple[Any, ...]) -> tuple[int, int, int] | None:
    """(seat, from, to) of the warriors decision ``a`` of state ``g`` moves, at once or by
    the count asked next (:data:`WARRIOR_MOVES`); None when it moves none."""
    f = g.stack[-1]
    key = (f.kind, a[0])
    if key not in WARRIOR_MOVES or f.seat is None:
        return None
    at = WARRIOR_MOVES[key]
    if at is None:
        return f.seat, int(f.data["from"]), int(f.data["to"])
    return f.seat, int(a[at]), int(a[at + 1])


def marker_moved(seat: int | None, a: tuple[Any, ...]) -> tuple[int, int] | None:
    """The score marker decision ``a`` of ``seat`` takes off the track, as the record's
    ``marker`` movement (seat, the board it goes to): its own for a dominance card activated
    (3.3.1), the partner's for the Vagabond's coalition (9.2.8); None for other actions."""
    if seat is None:
        return None
    if a[0] == "dominance":
        return seat, seat
    if a[0] == "coalition":
        return seat, int(a[2])
    return None


def asks_count(g: Any, a: tuple[Any, ...]) -> bool:
    """Whether decision ``a`` of state ``g`` begins a move of more than one warrior: it
    changes nothing visible, the count is asked next (``start_move``)."""
    f = g.stack[-1]
    at = WARRIOR_MOVES.get((f.kind, a[0]))
    return at is not None and f.seat is not None and g.warriors[int(a[at])][f.seat] > 1


HAND_CARDS: dict[tuple[str, str], int] = {
    ("craft", "craft"): 1,
    ("cat_actions", "bird"): 1,
    ("cat_actions", "overwork"): 2,
    ("discard", "discard"): 1,
    ("decree_add", "decree"): 1,
}
"""Decisions that take a card out of the deciding seat's hand as they are taken: (frame kind,
action) -> the card's place in the action. Crafted (4.1), spent for an extra action (6.5.5),
for Overwork (6.5.6), discarded down to five (6.6) or added to the Decree (7.4.2): written
as a craft or as a card from that hand (``engine_atoms``)."""


BATTLES: dict[tuple[str, str], int] = {
    ("cat_actions", "battle"): 1,
    ("decree", "battle"): 2,
    ("ally_ops", "battle"): 1,
    ("command_warren", "battle"): 1,
}
"""Decisions that start a battle as they are taken (4.3, ``start_battle``): (frame kind,
action) -> the place in the action of the battle's clearing, followed by the defender. The
battle is a movement of the record from the step of the decision on (``engine_atoms``)."""


BUILDS: dict[tuple[str, str], tuple[int | str, int]] = {
    ("cat_actions", "build"): (1, 2),
    ("decree", "build"): ("roost", 2),
    ("cat_actions", "overwork"): ("wood", 1),
}
"""Decisions that place a building or a token as they are taken (6.5.4, 7.5.2.IV, Overwork
6.5.6): (frame kind, action) -> the kind of the piece (or its place in the action) and the
place in the action of its clearing. The piece placed is a movement of the record
(``engine_atoms``)."""
