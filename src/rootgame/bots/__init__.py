"""Bots: programs that play a seat through ``legal_actions()`` and ``apply()`` only."""

from .random_bot import RandomBot

__all__ = ["RandomBot"]
