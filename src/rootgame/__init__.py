"""rootgame: a rules engine for Root (Leder Games) that follows the Law of Root."""

# The text modules, so that ``rootgame.describe`` and ``rootgame.log_text`` work after
# ``import rootgame`` (the README's examples).
from . import describe, log_text  # noqa: I001  (after the engine, which they use)
from .actions import Action, parse, token
from .errors import BadToken, EngineError, IllegalAction, PositionError, RootError
from .game import Game, new_game
from .state import __file__ as _state_file

__version__ = "0.1.0"
CORE = "pure" if _state_file.endswith(".py") else "compiled"
"""Which build of the engine's core is running: "pure" Python, or "compiled" with mypyc
(``ROOTGAME_COMPILE=1 pip install .``, docs/performance.md)."""
RULES_VERSION = "Law of Root, September 2024"

__all__ = [
    "CORE",
    "Action",
    "BadToken",
    "EngineError",
    "Game",
    "describe",
    "log_text",
    "IllegalAction",
    "PositionError",
    "RootError",
    "new_game",
    "parse",
    "token",
]
