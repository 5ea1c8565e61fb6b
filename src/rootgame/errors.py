"""Errors that rootgame raises. Each names the problem in plain words."""

from __future__ import annotations


class RootError(Exception):
    """Base class of rootgame's own errors."""


class IllegalAction(RootError):
    """An action that is not legal now. The game state is left exactly as it was."""


class BadToken(IllegalAction):
    """A token that is not well formed."""


class PositionError(RootError):
    """A position description that cannot be built, with the field that is wrong."""


class EngineError(RootError):
    """An internal inconsistency: a bug in rootgame, never the player's fault."""
