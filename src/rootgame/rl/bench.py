"""Environment throughput (``rootgame bench --rl``): Gymnasium steps per second for one
environment, and for ``gymnasium.vector.AsyncVectorEnv`` with one process per core.

The learner picks uniformly among the legal actions (the mask), so the figure measures the
environment (engine, opponents' moves, observations, masks), not a policy. A step is one
learner decision; the opponents' decisions in between are part of it.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from .gym_env import RootEnv


@dataclass
class RLBench:
    envs: int
    steps: int
    episodes: int
    seconds: float

    @property
    def steps_per_sec(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "envs": self.envs,
            "steps": self.steps,
            "episodes": self.episodes,
            "seconds": round(self.seconds, 2),
            "steps_per_sec": round(self.steps_per_sec, 1),
        }


def _pick(mask: np.ndarray[Any, Any], rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    return int(rng.choice(legal)) if len(legal) else 0


def bench_single(steps: int = 2000, seed: int = 0, faction: str = "marquise") -> RLBench:
    """``steps`` random masked steps of one RootEnv."""
    env = RootEnv(faction=faction)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    episodes = 0
    t0 = time.perf_counter()
    for _ in range(steps):
        _, _, term, trunc, info = env.step(_pick(info["action_mask"], rng))
        if term or trunc:
            episodes += 1
            _, info = env.reset()
    return RLBench(1, steps, episodes, time.perf_counter() - t0)


def _make(faction: str) -> RootEnv:
    return RootEnv(faction=faction)


def bench_vector(
    steps: int = 2000, seed: int = 0, envs: int | None = None, faction: str = "marquise"
) -> RLBench:
    """``steps`` random masked steps in total over an AsyncVectorEnv of ``envs`` processes
    (default: one per core)."""
    from functools import partial

    import gymnasium

    n = envs or os.cpu_count() or 1
    vec = gymnasium.vector.AsyncVectorEnv([partial(_make, faction) for _ in range(n)])
    try:
        rng = np.random.default_rng(seed)
        _, info = vec.reset(seed=seed)
        episodes = 0
        rounds = max(1, steps // n)
        t0 = time.perf_counter()
        for _ in range(rounds):
            masks = info["action_mask"]
            actions = np.array([_pick(masks[i], rng) for i in range(n)])
            _, _, term, trunc, info = vec.step(actions)
            episodes += int(np.sum(term | trunc))
        secs = time.perf_counter() - t0
    finally:
        vec.close()
    # A sub-environment's step after its episode ends is its reset (autoreset): not a step.
    return RLBench(n, rounds * n - episodes, episodes, secs)
