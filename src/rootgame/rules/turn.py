"""1.4 Game structure: setup (5), then turns of Birdsong, Daylight and Evening, clockwise.

The ``turn`` driver frame lies at the bottom of the stack and walks the steps of the current
player's turn: the general "start of phase" moments and the faction's own steps. The ``setup``
driver sets the factions up in setup order (5.1.7) before the first turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..actions import (
    CARD,
    Action,
)
from ..flow import applies, decision, driver, pop
from ..state import Frame, GameState
from . import effects, exiles, maps
from .core import HAND_LIMIT, discard_from_hand, draw, fac

if TYPE_CHECKING:
    from ..factions.base import Faction

PHASES: Final[tuple[str, ...]] = ("birdsong", "daylight", "evening")


def turn_steps(g: GameState, seat: int) -> tuple[tuple[str, str], ...]:
    """(phase, step) pairs of ``seat``'s turn, in order."""
    return faction_steps(fac(g, seat))


def faction_steps(f: Faction) -> tuple[tuple[str, str], ...]:
    """(phase, step) pairs of a turn of faction ``f``, in order."""
    cached = _STEPS.get(f.name)
    if cached is None:
        cached = (
            (("birdsong", "start"), ("birdsong", "cards"))
            + tuple(("birdsong", s) for s in f.birdsong_steps)
            + (("birdsong", "late_cards"),)
            + (("daylight", "start"),)
            + tuple(("daylight", s) for s in f.daylight_steps)
            + (("evening", "start"),)
            + tuple(("evening", s) for s in f.evening_steps)
        )
        _STEPS[f.name] = cached
    return cached


_STEPS: Final[dict[str, tuple[tuple[str, str], ...]]] = {}


def current_step(g: GameState) -> tuple[str, str]:
    """(phase, step) of the game now; ("setup", ...) before the first turn."""
    for f in g.stack:
        if f.kind == "setup":
            return ("setup", str(f.data["i"]))
    if not g.stack:
        return ("over", "")
    t = g.stack[0]
    steps = turn_steps(g, g.turn_seat)
    i = max(0, min(t.data["i"] - 1, len(steps) - 1))
    return steps[i]


def step_index(g: GameState, seat: int, phase: str, step: str) -> int:
    return turn_steps(g, seat).index((phase, step))


def end_daylight(g: GameState) -> None:
    """End Daylight at once and go to Evening (Eyrie turmoil's Rest, 7.7.4)."""
    t = g.stack[0]
    t.data["i"] = step_index(g, g.turn_seat, "evening", "start")


@driver("turn")
def _turn_run(g: GameState, f: Frame) -> None:
    """Run the turn's steps in order (1.4) until one of them asks something (pushes a frame)
    or the game ends; at the end of Evening, pass the turn (1.4.1). Steps that ask nothing
    run one after another here, not one per trip through the engine's loop."""
    seat = g.turn_seat
    faction = fac(g, seat)
    steps = faction_steps(faction)
    stack = g.stack
    depth = len(stack)
    data = f.data
    while True:
        i: int = data["i"]  # typed: the compiled core compares it as a machine integer
        if i >= len(steps):
            # The end of Evening (M.4.4); a score there may end the game.
            maps.evening_end(g, seat)
            if g.winners:
                return
            # 1.4.1: after Evening, play passes clockwise.
            g.turn_seat = (seat + 1) % g.n
            g.turn_number += 1
            g.turn = {}
            data["i"] = 0
            return
        data["i"] = i + 1
        phase, step = steps[i]
        if i == 0 and g.log is not None:
            g.log.append({"kind": "turn", "seat": seat, "number": g.turn_number})
        if step == "start":
            if phase == "birdsong":
                effects.birdsong_start(g, seat)
            elif phase == "daylight":
                effects.daylight_start(g, seat)
            else:
                effects.evening_start(g, seat)
        elif step in ("cards", "late_cards"):
            # Cards used "in Birdsong": offered before and after the faction's Birdsong steps.
            effects.push_birdsong_cards(g, seat, late=step == "late_cards")
        else:
            faction.run_step(g, seat, step)
        if g.winners or len(stack) != depth or stack[-1] is not f:
            return


@driver("setup")
def _setup_run(g: GameState, f: Frame) -> None:
    order: tuple[int, ...] = f.data["order"]
    i = f.data["i"]
    if i >= len(order):
        pop(g, f)
        return
    f.data["i"] = i + 1
    fac(g, order[i]).setup(g, order[i])


# --- Evening: draw and discard down to five (e.g. 6.6, 7.6.2) -----------------------------------


def draw_and_discard(g: GameState, seat: int, n: int) -> None:
    """Draw ``n`` cards, then discard down to five (2.1, the hand limit of each Evening).
    Informants may take an ambush card from the discard pile instead of the draw."""
    if g.shared_deck != "base" and exiles.informants(g, seat, n):
        return
    draw(g, seat, n)
    push_discard_to_limit(g, seat)


def push_discard_to_limit(g: GameState, seat: int) -> None:
    if len(g.seats[seat].hand) > HAND_LIMIT:
        g.stack.append(Frame("discard", seat, {}))


@decision("discard", "Discard down to five cards", takes=(("discard", CARD),))
def _discard_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [("discard", c) for c in g.seats[f.seat].hand]


@applies("discard")
def _discard_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    discard_from_hand(g, f.seat, int(a[1]))
    if len(g.seats[f.seat].hand) <= HAND_LIMIT:
        pop(g, f)
