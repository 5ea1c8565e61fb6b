"""Playing on a sampled state without the Game facade: what search and lookahead need.

A determinized state (bots/determinize.py) has no event log and no history; these helpers
apply decisions to it through the same handlers as ``Game.apply`` (flow.py), without the
membership check, the log and the undo marks that a search does not need.
"""

from __future__ import annotations

from ..actions import Action
from ..flow import DECISIONS, ForcedFn, advance
from ..state import GameState


def legal(g: GameState) -> list[Action]:
    """The legal actions of ``g``'s pending decision (empty once the game is over)."""
    return advance(g)


def step(
    g: GameState, a: Action, horizon: int | None = None, on_forced: ForcedFn | None = None
) -> list[Action]:
    """Apply legal action ``a`` to ``g``; return the legal actions of the next decision.
    With a ``horizon`` (a turn number), stop once that turn is over (no actions then: see
    ``flow.advance``); ``on_forced`` sees each forced step on the way (``flow.advance``)."""
    f = g.stack[-1]
    g.decisions += 1
    DECISIONS[f.kind][1](g, f, a)
    return advance(g, on_forced, horizon)


def deciding(g: GameState) -> int | None:
    """The seat that decides now (None once the game is over)."""
    if g.winners or not g.stack:
        return None
    return g.stack[-1].seat


def decision(g: GameState) -> str:
    return "" if g.winners or not g.stack else g.stack[-1].kind
