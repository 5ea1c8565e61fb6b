"""Train a small masked policy against the random bot and watch its win rate rise.

    pip install 'rootgame[rl]'
    python examples/train_masked_policy.py --episodes 600 --faction marquise

The policy is linear and softmax over the *legal* actions only: logits = b + W x, where x is
the learner's observation tensor (scaled) and the illegal actions' logits are masked out. It
learns with REINFORCE (a running-mean baseline, Adam) on the ``vp`` reward of
``rootgame/Root-v0`` (the change of the VP margin over the best opponent each step, plus +1/-1
for a win or loss at the end). Every ``--eval-every`` episodes it plays ``--eval-games``
games (sampled actions) against a fresh random opponent and prints the win rate, so the
learning curve can be read off the output. numpy only; not run in CI, but type-checked.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

import rootgame.rl  # noqa: F401  (registers rootgame/Root-v0)

F = npt.NDArray[np.float64]


class MaskedLinearPolicy:
    """Softmax over the legal actions of ``b + W x``."""

    def __init__(self, n_obs: int, n_actions: int, lr: float, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.W: F = np.zeros((n_actions, n_obs))
        self.b: F = np.zeros(n_actions)
        self.lr = lr
        self.t = 0
        self.m = [np.zeros_like(self.W), np.zeros_like(self.b)]
        self.v = [np.zeros_like(self.W), np.zeros_like(self.b)]

    def probs(self, x: F, mask: npt.NDArray[np.int8]) -> tuple[npt.NDArray[np.intp], F]:
        legal = np.flatnonzero(mask)
        z = self.b[legal] + self.W[legal] @ x
        z -= z.max()
        p = np.exp(z)
        return legal, p / p.sum()

    def act(self, x: F, mask: npt.NDArray[np.int8]) -> tuple[int, npt.NDArray[np.intp], F]:
        legal, p = self.probs(x, mask)
        k = int(self.rng.choice(len(legal), p=p))
        return int(legal[k]), legal, p

    def update(self, steps: list[tuple[F, npt.NDArray[np.intp], F, int]], advantage: float) -> None:
        """One REINFORCE step: raise the log-probability of the actions taken by
        ``advantage`` (gradient of log softmax over the legal actions)."""
        gW = np.zeros_like(self.W)
        gb = np.zeros_like(self.b)
        for x, legal, p, chosen in steps:
            g = -p
            g[int(np.flatnonzero(legal == chosen)[0])] += 1.0
            gb[legal] += g
            gW[legal] += np.outer(g, x)
        scale = advantage / max(1, len(steps))
        self.t += 1
        for i, (param, grad) in enumerate(((self.W, gW * scale), (self.b, gb * scale))):
            self.m[i] = 0.9 * self.m[i] + 0.1 * grad
            self.v[i] = 0.999 * self.v[i] + 0.001 * grad * grad
            mh = self.m[i] / (1 - 0.9**self.t)
            vh = self.v[i] / (1 - 0.999**self.t)
            param += self.lr * mh / (np.sqrt(vh) + 1e-8)


def scale(obs: npt.NDArray[np.float32]) -> F:
    """Observation entries are counts and scores: squash them to a small range."""
    return np.tanh(obs.astype(np.float64) / 10.0)


def won_game(env: Any, policy: MaskedLinearPolicy, seed: int) -> bool:
    """Play one episode with the policy's sampled actions; whether the learner won."""
    obs, info = env.reset(seed=seed)
    while True:
        a, _, _ = policy.act(scale(obs), info["action_mask"])
        obs, _, term, trunc, info = env.step(a)
        if term or trunc:
            return bool(term and env.unwrapped.seat in env.unwrapped.game.winners)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--faction", default="marquise")
    ap.add_argument("--episodes", type=int, default=600)
    ap.add_argument("--eval-every", type=int, default=100)
    ap.add_argument("--eval-games", type=int, default=100)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    env = gymnasium.make("rootgame/Root-v0", faction=args.faction, reward="vp")
    test_env = gymnasium.make("rootgame/Root-v0", faction=args.faction, reward="win")
    n_obs = env.observation_space.shape[0]  # type: ignore[index]
    n_act = int(env.action_space.n)  # type: ignore[attr-defined]
    policy = MaskedLinearPolicy(n_obs, n_act, args.lr, args.seed)
    baseline = 0.0
    t0 = time.perf_counter()

    def evaluate(at: int) -> None:
        wins = sum(won_game(test_env, policy, 1_000_000 + k) for k in range(args.eval_games))
        print(
            f"episodes {at:>6}  win rate vs random {wins / args.eval_games:6.1%}  "
            f"({time.perf_counter() - t0:,.0f}s)",
            flush=True,
        )

    evaluate(0)
    for ep in range(1, args.episodes + 1):
        obs, info = env.reset(seed=args.seed * 1_000_003 + ep)
        steps: list[tuple[F, npt.NDArray[np.intp], F, int]] = []
        ret = 0.0
        while True:
            x = scale(obs)
            a, legal, p = policy.act(x, info["action_mask"])
            steps.append((x, legal, p, a))
            obs, r, term, trunc, info = env.step(a)
            ret += float(r)
            if term or trunc:
                break
        policy.update(steps, ret - baseline)
        baseline += 0.05 * (ret - baseline)
        if ep % args.eval_every == 0:
            evaluate(ep)


if __name__ == "__main__":
    main()
