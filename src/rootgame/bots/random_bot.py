"""A bot that picks uniformly among the legal actions, with its own seeded generator."""

from __future__ import annotations

from ..i18n import N_
from .base import Bot, Choice, Observation, Reason


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
