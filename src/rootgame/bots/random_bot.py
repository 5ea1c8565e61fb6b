"""A bot that picks uniformly among the legal actions, with its own seeded generator."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..rng import Rng

if TYPE_CHECKING:
    from ..game import Game


class RandomBot:
    """Chooses a uniformly random legal action. Its generator is its own (never the game's
    nor Python's global ``random``), so the same seed and the same game give the same
    choices."""

    __slots__ = ("rng",)

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game) -> Action:
        """One of the game's legal actions. Raises ValueError once the game is over."""
        acts = game.legal_actions()
        if not acts:
            raise ValueError("the game is over: there is no legal action to choose")
        return acts[self.rng.below(len(acts))]
