"""PettingZoo: an AEC environment with every seat a learner (``rootgame.rl.aec_env()``).

Agents are the factions' names. The agent selected is the seat that decides now (in Root
that is not always the player whose turn it is: an ambush is the defender's). Each agent's
observation is ``{"observation": tensor, "action_mask": int8 mask}`` as PettingZoo documents;
the mask is all zeros for an agent that does not decide now. At the end of the game each
winner gets +1 and each other agent -1; a game cut at ``max_turns`` is truncated with 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..game import Game
from .common import DEFAULT_MAX_TURNS, OBS_HIGH, OBS_LOW, Table, as_marks, render_text
from .space import Config


class RootAEC(AECEnv):  # type: ignore[misc]
    """A game of Root in which every seat is a learner (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "rootgame_v0", "is_parallelizable": False}

    def __init__(
        self,
        factions: Sequence[str] = ("marquise", "eyrie"),
        map: str = "autumn",
        deck: str = "base",
        suits: str | None = None,
        landmarks: Sequence[str] | int = (),
        max_turns: int = DEFAULT_MAX_TURNS,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.table = Table(Config(tuple(factions), map, deck, suits, as_marks(landmarks)))
        self.possible_agents = list(self.table.config.factions)
        self.agents = self.possible_agents[:]
        self.max_turns = max_turns
        self.render_mode = render_mode
        size = self.table.space.size
        obs = spaces.Dict(
            {
                "observation": spaces.Box(
                    OBS_LOW, OBS_HIGH, (self.table.observer.size,), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.game: Game | None = None
        self._np_random = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.game is not None
        seat = self._seat(agent)
        return {
            "observation": self.table.observe(self.game, seat),
            "action_mask": self.table.mask(self.game, seat),
        }

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random = np.random.default_rng(seed)
        game = self.game = self.table.new_game(int(self._np_random.integers(0, 2**31 - 1)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select(game)

    def _select(self, game: Game) -> None:
        s = game.current_seat
        if s is not None:
            self.agent_selection = self.possible_agents[s]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None
        if action is None:
            raise ValueError(f"{agent} must choose an action: it decides now")
        a = self.table.space.decode(int(action))
        if a not in game.legal_actions():
            raise ValueError(game.explain(a))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        game.apply(a)
        if game.is_over:
            for ag in self.agents:
                self.rewards[ag] = 1.0 if self._seat(ag) in game.winners else -1.0
                self.terminations[ag] = True
        elif game.turn_number >= self.max_turns:
            for ag in self.agents:
                self.truncations[ag] = True
        self._select(game)
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return render_text(self.game, None)

    def close(self) -> None:
        pass
