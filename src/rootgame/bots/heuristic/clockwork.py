"""How the heuristic bots judge a Clockwork bot's position (Law of Rootbotics): the bot's seat
never decides (its turn plays itself, factions/clockwork.py), but its opponents weigh its
assets when they look ahead, so each bot gets the terms that say what it scores from.

The Electric Eyrie (LR 5): every roost on the map adds a VP to each Evening's score (LR 5.6,
the Roosts track), is where its Decree recruits (LR 5.5.1.I) and its Build step needs a
ruled clearing without one (LR 5.5.2); a roost taken from it costs it about a VP for every
turn left, far more than the one VP its remover scores.

The Mechanical Marquise 2.0 (LR 4): each Evening it scores the track of the order's building
type, one VP less than the buildings of that type on the map (LR 4.6.1); a building taken
from it lowers one track for the rest of the game.
"""

from __future__ import annotations

from ...factions import mechanical_marquise as mm
from ...factions.electric_eyrie import roosts_on_map
from ...state import GameState
from .core import Policy, general_terms, register_policy

EE_ROOST = 12.0
"""The value of an Electric Eyrie roost on the map (two VP of the general terms)."""


class ElectricEyriePolicy(Policy):
    faction = "electric-eyrie"

    def terms(self, g: GameState, seat: int) -> dict[str, float]:
        t = general_terms(g, seat)
        t["roosts"] = EE_ROOST * roosts_on_map(g, seat)
        return t


MM_BUILDING = 6.0
"""The value of a Mechanical Marquise building on the map (one and a half VP)."""


class MechanicalMarquisePolicy(Policy):
    faction = "mechanical-marquise"

    def terms(self, g: GameState, seat: int) -> dict[str, float]:
        t = general_terms(g, seat)
        t["buildings"] = MM_BUILDING * mm.on_map(mm.st(g, seat))
        return t


register_policy(ElectricEyriePolicy())
register_policy(MechanicalMarquisePolicy())
