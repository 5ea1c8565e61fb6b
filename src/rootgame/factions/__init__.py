"""The factions. Importing this package registers each one in ``flow.FACTIONS``."""

from . import (
    alliance,
    automated_alliance,
    electric_eyrie,
    eyrie,
    marquise,
    mechanical_marquise,
    vagabond,
    vagabond_day,
    vagabot,
)
from .base import Faction

__all__ = [
    "Faction",
    "alliance",
    "electric_eyrie",
    "eyrie",
    "marquise",
    "mechanical_marquise",
    "automated_alliance",
    "vagabond",
    "vagabond_day",
    "vagabot",
]
