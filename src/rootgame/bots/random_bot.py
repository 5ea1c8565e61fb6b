"""A bot that picks uniformly among the legal actions, with its own seeded generator."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..i18n import N_
from .base import Bot, Choice, Observation, Reason

if TYPE_CHECKING:
    from ..game import Game


class RandomBot(Bot):
    """Chooses a uniformly random legal action. Its generator is its own (never the game's
    nor Python's global ``random``), so the same seed and the same game give the same
    choices. It reads nothing but the legal actions."""

    name = "random"

    def decide(self, obs: Observation) -> Choice:
        acts = obs.legal
        a = acts[self.rng.below(len(acts))]
        why = Reason("random", N_("picked at random among {n} actions"), {"n": len(acts)})
        return Choice(a, why)

    def choose(self, obs: Observation | Game) -> Action:
        """The same pick as :meth:`decide` (one draw of the bot's generator), without
        building the reason: simulations and benchmarks call this once per decision."""
        acts = obs.legal if isinstance(obs, Observation) else obs.legal_actions()
        if not acts:
            raise ValueError("the game is over: there is no decision to observe")
        return acts[self.rng.below(len(acts))]
