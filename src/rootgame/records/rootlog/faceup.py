"""The namings of the cards a face-down board's faction crafted, as they leave its board
(ruling 988): a card the record names leaving the Alliance's board that its face-up
crafted cards account for names no card of its face-down supporters."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .factions import hidden_place

FACE_UP_NAMED_APART = False
"""Ruling 988: a card the record names leaving a face-down board that the board's face-up
cards account for (a Sappers the Alliance crafted, ``Zsap``, discarded by name in a
battle, ``B#sapA$->``) is no naming of a card leaving a hidden place (:func:`face_up_namings`).
**Off by default**: on, the Alliance whole game 1015 imports (refused at line 201 off) but
1013 is refused at line 138 (imported off), the searches taking other courses."""


def face_up_namings(lines: Sequence[Any], order: Sequence[int],
                    factions: Sequence[str]) -> set[tuple[int, int]]:
    """The namings (line index, atom index) of cards leaving a face-down board (the
    Alliance's) that are its face-up crafted cards, not cards of its face-down pile: each
    craft by name of that board's faction (``Zsap``, Law 8.2.2) lays a card of that name
    beside the board, and the board's next movement naming a card of that name leaving it
    (``B#sapA$->``, ``B#royal$->``) takes it up (as :func:`people._crafted_left` writes
    it). Such a naming says nothing of the cards held face down: counted as one (the
    importer's ``named_at``), it made the tie-breakers keep a card of that name in the
    hands and supporters for it (``spend_cost``, ``own_named_later``), where the record
    spent it by its suit. Ruling 988 (switch :data:`FACE_UP_NAMED_APART`)."""
    out: set[tuple[int, int]] = set()
    if not FACE_UP_NAMED_APART:
        return out
    up: dict[tuple[int, str], int] = {}
    for line in order:
        for k, at in enumerate(lines[line].atoms):
            spec = at.spec
            if spec is None or spec.keys is None or len(spec.keys) != 1:
                continue
            key = next(iter(spec.keys))
            if at.kind == "craft" and hidden_place(factions, ("board", at.key)):
                up[at.key, key] = up.get((at.key, key), 0) + 1
            elif at.kind == "card" and at.key[0][0] == "board" and \
                    up.get((at.key[0][1], key), 0) > 0:
                up[at.key[0][1], key] -= 1
                out.add((line, k))
    return out
