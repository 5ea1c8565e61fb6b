"""What the Gymnasium, PettingZoo and OpenSpiel adapters share: a game of one configuration
with its action space and observer, the mask of a seat, text rendering, and opponents."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..actions import Action
from ..game import Game, new_game
from .observe import Observer
from .space import ActionSpace, Config, action_space

Mask = npt.NDArray[np.int8]

DEFAULT_MAX_TURNS = 150
"""Episodes are cut (truncated) after this many turns: random play nearly always ends first."""

OBS_LOW, OBS_HIGH = -1000.0, 1000.0
"""Bounds of every entry of an observation tensor (scores may go below zero)."""


def as_marks(landmarks: Sequence[str] | int) -> tuple[str, ...] | int:
    """Landmarks as a configuration keeps them: a tuple of names, or how many are dealt."""
    return landmarks if isinstance(landmarks, int) else tuple(landmarks)


class Table:
    """One configuration's codec and observer, shared by the environments of that config."""

    def __init__(self, config: Config) -> None:
        self.config = config
        self.space: ActionSpace = action_space(config)
        self.observer = Observer(config)

    def new_game(self, seed: int) -> Game:
        c = self.config
        return new_game(
            list(c.factions), map=c.map, seed=seed, log=False, deck=c.deck, suits=c.suits,
            landmarks=c.landmarks,
        )

    def mask(self, game: Game, seat: int | None) -> Mask:
        """The legal-action mask of ``seat`` (all zeros when it does not decide now)."""
        m = np.zeros(self.space.size, dtype=np.int8)
        if seat is not None and game.current_seat == seat:
            for a in game.legal_actions():
                m[self.space.encode(a)] = 1
        return m

    def observe(self, game: Game, seat: int) -> npt.NDArray[np.float32]:
        return self.observer.observe(game.view(seat))


def render_text(game: Game, seat: int | None) -> str:
    """The terminal's picture of ``seat``'s view, as plain text."""
    from rich.console import Console

    from ..render import render_view

    buf = io.StringIO()
    Console(file=buf, width=120, color_system=None, force_terminal=False).print(
        render_view(game.view(seat))
    )
    return buf.getvalue()


Opponent = Callable[[Game], Action]


def make_opponent(spec: Any, seed: int) -> Opponent:
    """An opponent policy: a bot name (``rootgame.bots.get``: random, heuristic, ismcts...),
    or a callable ``game -> action``."""
    if callable(spec):
        fn: Opponent = spec
        return fn
    if not isinstance(spec, str):
        raise ValueError(f"an opponent is a bot name or a callable, not {spec!r}")
    from .. import bots

    return bots.get(spec, seed=seed).choose
