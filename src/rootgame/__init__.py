"""rootgame: a rules engine for Root (Leder Games) that follows the Law of Root."""

from .actions import Action, parse, token
from .errors import BadToken, EngineError, IllegalAction, PositionError, RootError
from .game import Game, new_game

__version__ = "0.1.0"
RULES_VERSION = "Law of Root, September 2024"

__all__ = [
    "Action",
    "BadToken",
    "EngineError",
    "Game",
    "IllegalAction",
    "PositionError",
    "RootError",
    "new_game",
    "parse",
    "token",
]
