"""Gymnasium: one learner's seat against bots (``gymnasium.make("rootgame/Root-v0")``).

The observation is the learner's tensor (rl/observe.py); the action an integer of the
configuration's action space (rl/space.py); ``info["action_mask"]`` marks the legal ones.
Opponents play their decisions between the learner's. See docs/rl.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from ..flow import FACTIONS
from ..game import Game
from .common import DEFAULT_MAX_TURNS, OBS_HIGH, OBS_LOW, Opponent, Table, as_marks, make_opponent
from .space import Config

REWARDS = ("win", "vp")

ObsType = npt.NDArray[np.float32]


class RootEnv(gym.Env[ObsType, np.int64]):
    """One seat of a game of Root for a learner; the other seats are bots.

    Parameters: ``faction`` (the learner's), ``factions`` (all seats in clockwise order; by
    default the learner's faction and the other base factions), ``map``, ``deck`` ("base" or
    "exiles"), ``suits`` (the suit layout, as ``new_game`` takes it), ``landmarks`` (as
    ``new_game`` takes them: names, or 1 or 2 dealt at random), ``opponents`` (a bot
    name or a callable ``game -> action``, or one per other seat), ``reward`` (``"win"``: +1 for
    a win, -1 for a loss at the end; ``"vp"``: after each step the change of the learner's VP
    minus the best opponent's, plus the win reward at the end), ``max_turns`` (the episode is
    truncated after that many turns), ``illegal_reward`` (an action outside the mask ends the
    episode with this reward), ``render_mode`` (``"ansi"``: text).
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        faction: str = "marquise",
        factions: Sequence[str] | None = None,
        map: str = "autumn",
        deck: str = "base",
        suits: str | None = None,
        landmarks: Sequence[str] | int = (),
        opponents: Any = "random",
        reward: str = "win",
        max_turns: int = DEFAULT_MAX_TURNS,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if factions is None:
            factions = [faction] + [f for f in ("marquise", "eyrie") if f != faction]
        factions = list(factions)
        if faction not in factions:
            raise ValueError(f"the learner's faction {faction!r} is not among {factions}")
        if faction in FACTIONS and FACTIONS[faction].is_bot:
            raise ValueError(f"{faction} is a Clockwork bot: it plays itself, not a learner")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.table = Table(Config(tuple(factions), map, deck, suits, as_marks(landmarks)))
        self.seat = factions.index(faction)
        others = len(factions) - 1
        if isinstance(opponents, (list, tuple)):
            if len(opponents) != others:
                raise ValueError(f"give one opponent per other seat ({others})")
            self._opp_specs = list(opponents)
        else:
            self._opp_specs = [opponents] * others
        for spec in self._opp_specs:
            make_opponent(spec, 0)  # fail now on an unknown bot
        self.reward_kind = reward
        self.max_turns = max_turns
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space = gym.spaces.Box(
            OBS_LOW, OBS_HIGH, (self.table.observer.size,), np.float32
        )
        self.action_space = gym.spaces.Discrete(self.table.space.size)
        self.game: Game | None = None
        self._opps: dict[int, Opponent] = {}
        self._margin = 0

    # --- helpers ---------------------------------------------------------------------------
    def _margin_now(self, game: Game) -> int:
        vp = game.scores
        return vp[self.seat] - max(v for s, v in enumerate(vp) if s != self.seat)

    def _play_opponents(self, game: Game) -> None:
        while not game.is_over and game.turn_number < self.max_turns:
            s = game.current_seat
            if s == self.seat or s is None:
                return
            game.apply(self._opps[s](game))

    def _info(self, game: Game) -> dict[str, Any]:
        return {
            "action_mask": self.table.mask(game, self.seat),
            "seat": self.seat,
            "scores": game.scores,
            "turn": game.turn_number,
        }

    def _win_reward(self, game: Game) -> float:
        if not game.is_over:
            return 0.0
        return 1.0 if self.seat in game.winners else -1.0

    # --- the Gymnasium API -------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        game = self.game = self.table.new_game(game_seed)
        opp_seats = [s for s in range(game.state.n) if s != self.seat]
        self._opps = {
            s: make_opponent(spec, game_seed * 16 + s + 1)
            for s, spec in zip(opp_seats, self._opp_specs, strict=True)
        }
        self._play_opponents(game)
        self._margin = self._margin_now(game)
        return self.table.observe(game, self.seat), self._info(game)

    def step(
        self, action: np.int64 | int
    ) -> tuple[ObsType, SupportsFloat, bool, bool, dict[str, Any]]:
        game = self.game
        if game is None:
            raise RuntimeError("call reset() before step()")
        if game.is_over or game.turn_number >= self.max_turns:
            raise RuntimeError("the episode is over: call reset()")
        a = self.table.space.decode(int(action))
        if a not in game.legal_actions():
            info = self._info(game)
            info["illegal"] = game.explain(a)
            obs = self.table.observe(game, self.seat)
            return obs, self.illegal_reward, True, False, info
        game.apply(a)
        self._play_opponents(game)
        reward = self._win_reward(game)
        if self.reward_kind == "vp":
            m = self._margin_now(game)
            reward += m - self._margin
            self._margin = m
        terminated = game.is_over
        truncated = not terminated and game.turn_number >= self.max_turns
        return self.table.observe(game, self.seat), reward, terminated, truncated, self._info(game)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        from .common import render_text

        return render_text(self.game, self.seat)

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal-action mask now (the name sb3-contrib's MaskablePPO looks for)."""
        if self.game is None:
            raise RuntimeError("call reset() first")
        return self.table.mask(self.game, self.seat)
