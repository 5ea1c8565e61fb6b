"""The Marquise de Cat's heuristic policy (Law 6): build the engine, defend the keep.

What she values beyond the general terms: her buildings on the map (each is VP scored and
wood, cards or warriors to come), wood on the map (the next buildings), the keep (6.2.2: no
one else may place pieces there, and Field Hospitals bring warriors back to it) and warriors
guarding it. Rules of thumb: overwork where wood is short, recruit while the supply lasts,
spend a bird card on an extra action only when the action gains something, save warriors with
Field Hospitals when three or more fall.
"""

from __future__ import annotations

from ...actions import Action
from ...factions.marquise import BUILDINGS, st
from ...i18n import N_
from ...rules.core import board
from ...state import GameState
from ..base import Reason
from .core import Policy, general_terms, register_policy


class MarquisePolicy(Policy):
    faction = "marquise"

    def terms(self, g: GameState, seat: int) -> dict[str, float]:
        t = general_terms(g, seat)
        fs = st(g, seat)
        built = {k: 0 for k in BUILDINGS}
        wood = 0
        for c in board(g).clearings:
            for o, k in g.buildings[c]:
                if o == seat and k in built:
                    built[k] += 1
            for o, k in g.tokens[c]:
                if o == seat and k == "wood":
                    wood += 1
        # Sawmills first (they pay for the rest), then workshops and recruiters; the
        # building track is worth less as it fills, and wood is worth less past what the
        # next buildings cost.
        t["buildings"] = (
            3.0 * min(built["sawmill"], 4)
            + 2.5 * built["workshop"]
            + 2.5 * built["recruiter"]
            + 0.5 * max(0, built["sawmill"] - 4)
        )
        t["wood"] = 0.6 * min(wood, 6) + 0.2 * max(0, wood - 6)
        keep = fs.keep
        t["keep"] = 0.0 if not keep else 6.0 + 0.4 * min(g.warriors[keep][seat], 5)
        return t

    def bonus(self, g: GameState, seat: int, kind: str, a: Action) -> tuple[float, Reason | None]:
        if kind == "field_hospital" and a[0] == "hospital":
            n = int(g.stack[-1].data.get("n", 0))
            if n >= 3:
                return 2.0, Reason(
                    "marquise.hospital",
                    N_("Field Hospitals: brings {n} warriors back to the keep"),
                    {"n": n},
                )
        if kind == "cat_keep":
            return 0.0, Reason("marquise.keep", N_("places the keep in a corner"), {})
        return super().bonus(g, seat, kind, a)


register_policy(MarquisePolicy())
