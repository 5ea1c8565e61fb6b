"""Learning agents' interfaces: the fixed action space, observation tensors, and Gymnasium,
PettingZoo and OpenSpiel environments (docs/rl.md). Needs the ``rl`` extra
(``pip install rootgame[rl]``): numpy, gymnasium, pettingzoo, open-spiel.

Importing this package registers ``rootgame/Root-v0`` with Gymnasium and ``python_rootgame``
with OpenSpiel.
"""

from __future__ import annotations

from typing import Any

from .observe import Observer
from .space import (
    ENCODING_VERSION,
    ActionSpace,
    Config,
    action_space,
    action_space_size,
    decision_kinds,
)

ENV_ID = "rootgame/Root-v0"


def _register() -> None:
    import gymnasium

    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point="rootgame.rl.gym_env:RootEnv")


def _register_openspiel() -> None:
    """Register ``python_rootgame`` with pyspiel when OpenSpiel is installed."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:  # pragma: no cover (open-spiel is in the rl extra)
        return
    from . import openspiel_game  # noqa: F401


_register()
_register_openspiel()


def aec_env(**kwargs: Any) -> Any:
    """A PettingZoo AEC environment with every seat a learner (rl/pettingzoo_env.py)."""
    from .pettingzoo_env import RootAEC

    return RootAEC(**kwargs)


__all__ = [
    "ENCODING_VERSION",
    "ENV_ID",
    "ActionSpace",
    "Config",
    "Observer",
    "action_space",
    "action_space_size",
    "aec_env",
    "decision_kinds",
]
