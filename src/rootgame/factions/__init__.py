"""The factions. Importing this package registers each one in ``flow.FACTIONS``."""

from . import eyrie, marquise, vagabond, vagabond_day
from .base import Faction

__all__ = ["Faction", "eyrie", "marquise", "vagabond", "vagabond_day"]
