"""Bounds of the importer's search (``Matching.bounded``, rulings 535-536): a decision
after which the turn player can no longer make as many moves as the line has transfers of
her warriors still open, between distinct pairs of clearings, is given up before it is run.
One move takes up the transfers of one pair of clearings (``Matching.consume``: a transfer,
or a removal and a placement, never the halves of another pair's transfer); a transfer is
otherwise taken up only by a removal where the faction's warriors may still be removed and
a placement where it may still place warriors, which these leave out. Asked only of games
of the base deck without landmarks, the Lake's Ferry or a Mountain's closed paths, whose
other moves are not counted. A course given up so could never take up its line: within one
search the same course is found, sooner; but the quick search may now find a course the
second, full search found before, which may differ in choices the record cannot see."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ...cards import DECK
from ...factions.eyrie import COLUMNS as EYRIE_COLUMNS
from ...factions.marquise import building_clearings
from ...rules.core import board as map_board
from ...rules.core import has_persistent
from .atoms import Line
from .steps import AT_HAND

MARQUISE_ACTIONS = ("battle", "march", "recruit", "build", "overwork")
"""The Marquise's Daylight actions, each taking one of her actions (6.5)."""

BIRDS = tuple(c.id for c in DECK if c.suit == "bird")
"""The bird cards, any of which the Marquise may spend for one more action (6.5)."""


def counted(g: Any) -> bool:
    """Whether the bounds are asked of game ``g``: the base deck, no landmarks, no closed
    paths, no Ferry (the only other moves are then Cobbler's, counted)."""
    return g.shared_deck == "base" and not g.landmarks and not g.closed and not g.ferry


def open_pairs(
    ln: Line, left: list[int], seat: int, placed: Collection[int] = (),
    removed: Collection[int] = (),
) -> set[tuple[int, int]]:
    """The pairs of clearings (from, to) between which ``ln`` has a transfer of ``seat``'s
    warriors with both halves open, but those from a clearing of ``removed``, where its
    warriors may still be removed, to one of ``placed``, where it may still place
    warriors: a removal and a placement could take such a transfer up."""
    return {(int(at.key[2]), int(at.dest)) for k, at in enumerate(ln.atoms)
            if at.kind == "from" and at.key[:2] == (seat, "w") and left[k] > 0
            and left[k + 1] > 0 and not (at.dest in placed and at.key[2] in removed)}


def cobbler(ln: Line, left: list[int], g: Any, seat: int) -> int:
    """One move more when ``seat`` may take Cobbler's move in Evening: it has Cobbler, or
    the line has a craft of it still open that may be Cobbler."""
    return int(has_persistent(g, seat, "cobbler") is not None or any(
        left[k] for k in ln.by_key.get(("craft", seat), [])))


def removable(ln: Line, left: list[int], g: Any, a: tuple[Any, ...], seat: int) -> set[int]:
    """The clearings where ``seat``'s warriors may still be removed in its turn after
    decision ``a`` of state ``g``: every clearing while it may use Tax Collector (4.1.1;
    not used this turn, or the line crafts still), else those of a battle the line writes
    still open or that ``a`` starts (4.3)."""
    if (has_persistent(g, seat, "tax-collector") is not None
            and "tax-collector" not in g.turn.get("used", ())) or any(
            left[k] for k in ln.by_key.get(("craft", seat), [])):
        return set(map_board(g).clearings)
    out = {int(at.key[2]) for k, at in enumerate(ln.atoms) if at.kind == "battle"
           and seat in at.key[:2] and left[k] > 0}
    if a[0] == "battle":
        out.add(int(a[1]))
    return out


def decree_short(ln: Line, left: list[int], g: Any, a: tuple[Any, ...]) -> bool:
    """Whether the Eyrie's Decree decision ``a`` of state ``g`` (a move, or the turmoil)
    leaves her fewer moves to come than ``ln`` has open transfers of her warriors, between
    distinct pairs of clearings (:func:`open_pairs`; the pair ``a`` moves between is its
    own). Each card left in the Move column carries out one move (7.5.2.II); nothing else
    moves or places her warriors later in her turn (the Battle and Build columns, Evening:
    7.5.2.III-IV, 7.6), but Cobbler (:func:`cobbler`); a turmoil (7.7) ends the Decree.
    Ruling 535."""
    f = g.stack[-1]
    seat = f.seat
    if a[0] not in ("move", "turmoil") or seat is None or not counted(g):
        return False
    after = cobbler(ln, left, g, seat)
    if a[0] == "move":
        fs = g.fs[seat]
        if fs.col != EYRIE_COLUMNS.index("move"):
            return False
        after += len(fs.pending) - 1
    pairs = open_pairs(ln, left, seat, set())
    if a[0] == "move":
        pairs.discard((int(a[2]), int(a[3])))
    return len(pairs) > after


def actions_short(ln: Line, left: list[int], g: Any, a: tuple[Any, ...]) -> bool:
    """Whether the Marquise's Daylight decision ``a`` of state ``g`` (in her turn) leaves
    her fewer moves to come than ``ln`` has open transfers of her warriors, between distinct
    pairs of clearings, to clearings where she cannot place warriors (:func:`open_pairs`:
    not the keep's, Field Hospitals, 6.2.3; not one with a recruiter, or a building the
    line places, 6.5.3). Each action left is at most a march of two moves (6.5.2), and
    each bird card the line may still spend from her hand one action more (6.5); a
    recruit the line needs (a warrior it places elsewhere than the keep's clearing, none
    removed that a move could take up with it, not recruited yet) takes one of them; a
    march ``a`` begins moves between its own pair and one more; then Cobbler
    (:func:`cobbler`). Ruling 536."""
    f = g.stack[-1]
    seat = f.seat
    if seat is None or seat != g.turn_seat or not counted(g) or \
            g.factions[seat] != "marquise":
        return False
    keep = int(g.fs[seat].keep)
    placed = {keep, *building_clearings(g, seat, "recruiter")}
    placed |= {int(at.key[2]) for k, at in enumerate(ln.atoms)
               if at.kind == "place" and at.key[0] == seat and str(at.key[1]).startswith("b_")
               and left[k] > 0}
    pairs = open_pairs(ln, left, seat, placed, removable(ln, left, g, a, seat))
    if a[0] == "march":
        pairs.discard((int(a[1]), int(a[2])))
    if not pairs:
        return False
    actions = int(g.turn.get("actions", 0)) - (a[0] in MARQUISE_ACTIONS)
    birds = sum(max(0, left[k]) for k, at in enumerate(ln.atoms)
                if at.kind == "card" and at.key[0] == AT_HAND[seat]
                and (at.spec is None or any(at.spec.matches(c) for c in BIRDS)))
    removed = any(left[k] > 0 for k, at in enumerate(ln.atoms)
                  if at.kind == "remove" and at.key[:2] == (seat, "w"))
    recruit = int(a[0] != "recruit" and not g.turn.get("recruited") and not removed and any(
        left[k] > 0 for k, at in enumerate(ln.atoms)
        if at.kind == "place" and at.key[:2] == (seat, "w") and at.key[2] != keep))
    moves = 2 * max(0, actions + birds - recruit) + (a[0] == "march") + cobbler(ln, left, g,
                                                                                  seat)
    return bool(len(pairs) > moves)
