"""4.2 Move: take warriors from one clearing to an adjacent one; you must rule the origin,
the destination, or both (4.2.1).

A move is two small decisions: the pair of clearings (``move O D``), then how many warriors
(``count N``), which is skipped when only one warrior can go.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..actions import (
    CLEARING,
    COUNT,
    Action,
)
from ..board import load_board
from ..errors import EngineError
from ..flow import applies, decision, explains, pop
from ..state import Frame, GameState
from .core import board, fac, pieces_changed, rulers
from .exiles import ignores_rule_to_move, neighbours
from .maps import ferry_moved, ferry_only, is_ferry_move


def move_pairs(g: GameState, seat: int, origins: Iterable[int]) -> list[tuple[int, int]]:
    """Every legal (origin, destination) for ``seat`` from the given clearings (4.2, 4.2.1),
    with the Lake's Ferry (M.3.5), and the Exiles and Partisans cards that change where a
    move may go (Boat Builders, Tunnels) or whether rule matters (Corvid Planners)."""
    out: list[tuple[int, int]] = []
    base = g.shared_deck == "base"
    b = board(g)
    if g.closed and fac(g, seat).is_bot:
        # Law of Rootbotics 12.2.1: bots treat the Mountain's closed paths as paths (and
        # hold no card that changes where a move goes).
        b, base = load_board(g.map, g.suits, ()), True
    adjacent = b.adjacent
    exits = b.exits
    free = not base and ignores_rule_to_move(g, seat)
    who = rulers(g)
    warriors = g.warriors
    ferry = g.ferry
    for o in origins:
        if not warriors[o][seat]:
            continue
        rules_o = free or who[o] == seat
        near = adjacent[o] if base else neighbours(g, seat, o)
        if rules_o:
            out += exits[o] if base else [(o, d) for d in near]
        else:
            for d in near:  # (a loop, not a list made for each origin)
                if who[d] == seat:
                    out.append((o, d))
        if o == ferry:
            # A coastal clearing the seat also reaches by its own rivers or tunnels (Boat
            # Builders, Tunnels) is one move, taken by the Ferry (ruling 84).
            for d in ferry_only(g, o, near):
                if rules_o or who[d] == seat:
                    out.append((o, d))
    return out


def origins_for_suit(g: GameState, suit: str | None) -> tuple[int, ...]:
    b = board(g)
    return b.clearings if suit is None or suit == "bird" else b.clearings_of_suit(suit)


def do_move(g: GameState, seat: int, o: int, d: int, n: int, by_ferry: bool = True) -> None:
    """Move ``n`` warriors of ``seat`` from ``o`` to ``d`` (4.2). A move the Ferry can make is
    made by it (M.3.5, ruling 84) unless ``by_ferry`` is False: False Orders moves an enemy
    along its own paths and rivers only (ruling 68)."""
    w = g.warriors
    if n < 1 or w[o][seat] < n:
        raise EngineError(f"moving {n} warriors from {o}, which has {w[o][seat]}")
    ferry = by_ferry and o == g.ferry and is_ferry_move(g, o, d)
    g.add_warriors(o, seat, -n)
    g.add_warriors(d, seat, n)
    pieces_changed(g, o)
    pieces_changed(g, d)
    if g.log is not None:
        g.log.append({"kind": "move", "seat": seat, "from": o, "to": d, "count": n})
    if ferry:
        ferry_moved(g, seat, o, d)
    # Effects of moving into a clearing with another faction's token (Outrage, 8.2.6).
    for owner, _ in g.tokens[d]:
        if owner != seat:
            fac(g, owner).enemy_moved_in(g, owner, seat, d)


def push_move(g: GameState, seat: int, suit: str | None, optional: bool) -> None:
    """Ask ``seat`` for one move from a clearing matching ``suit`` (None: any clearing)."""
    g.stack.append(Frame("move", seat, {"suit": suit, "optional": optional}))


def start_move(g: GameState, seat: int, o: int, d: int) -> None:
    """Carry out the first half of a move: move the one warrior, or ask how many."""
    w = g.warriors[o][seat]
    if w == 1:
        do_move(g, seat, o, d, 1)
    else:
        g.stack.append(Frame("move_count", seat, {"from": o, "to": d}))


@decision("move", "Move warriors", takes=(("move", CLEARING, CLEARING), ("pass",)))
def _move_legal(g: GameState, f: Frame) -> list[Action]:
    seat = f.seat
    assert seat is not None
    acts: list[Action] = [
        ("move", o, d) for o, d in move_pairs(g, seat, origins_for_suit(g, f.data["suit"]))
    ]
    if f.data["optional"]:
        acts.append(("pass",))
    return acts


@applies("move")
def _move_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    if a[0] == "pass":
        return
    assert f.seat is not None
    start_move(g, f.seat, int(a[1]), int(a[2]))


@explains("move")
def _move_explain(g: GameState, f: Frame, a: Action) -> str | None:
    return explain_move(g, f.seat, a, 1, f.data["suit"])


def explain_move(
    g: GameState, seat: int | None, a: Action, at: int, suit: str | None
) -> str | None:
    """Why ``move O D`` (arguments from index ``at``) is illegal, in the Law's words."""
    if seat is None or len(a) < at + 2 or not all(isinstance(x, int) for x in a[at : at + 2]):
        return None
    o, d = int(a[at]), int(a[at + 1])
    b = board(g)
    if o not in b.clearings or d not in b.clearings:
        return f"there is no clearing {o if o not in b.clearings else d} on this map"
    if suit not in (None, "bird") and not b.matches(suit, o):
        return f"clearing {o} is {b.suit[o]}, and this move must start in a {suit} clearing"
    if not g.warriors[o][seat]:
        return f"you have no warriors in clearing {o} (4.2)"
    if d not in neighbours(g, seat, o) and not is_ferry_move(g, o, d):
        if d in b.coastal and o in b.coastal:
            return (
                f"clearings {o} and {d} are not joined by a path, and the Ferry cannot take "
                "you there now (4.2, M.3.5)"
            )
        return f"clearings {o} and {d} are not joined by a path (4.2)"
    return f"you rule neither clearing {o} nor clearing {d} (4.2.1)"


@decision("move_count", "How many warriors move", takes=(("count", COUNT),))
def _count_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [("count", n) for n in range(1, g.warriors[f.data["from"]][f.seat] + 1)]


@applies("move_count")
def _count_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    do_move(g, f.seat, f.data["from"], f.data["to"], int(a[1]))
