"""The Marquise de Cat's heuristic policy (Law 6): build the engine, defend the keep.

What she values beyond the general terms: her buildings on the map (each is VP scored and
wood, cards or warriors to come), wood on the map (the next buildings), the keep (6.2.2: no
one else may place pieces there, and Field Hospitals bring warriors back to it) and warriors
guarding it, warriors beside her buildings where an enemy can reach them (an unguarded
building falls to the defenseless hit, 4.3.5.II), and warriors standing against an enemy's
buildings (the Eyrie's roosts above all: the battle that removes one costs the Eyrie VP every
Evening to come). Rules of thumb: overwork where wood is short, recruit while the supply lasts,
spend a bird card on an extra action only when the action gains something (she looks one
action further for it), do not end Daylight for the Evening draw (it comes anyway), hold at
most four cards dear (more are soon discarded), save warriors with Field Hospitals when three
or more fall.
"""

from __future__ import annotations

from ...actions import Action
from ...describe import describe
from ...factions.marquise import BUILDINGS, DRAW_BONUS_AT, placed, st
from ...i18n import N_
from ...rules.core import board, enemies
from ...state import GameState
from ..base import Reason
from ..sim import step
from .core import Policy, evaluate, general_terms, lookahead, register_policy


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
        t["guard"], t["siege"] = guard_and_siege(g, seat)
        t["cards"] = cards_worth(len(g.seats[seat].hand))
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
        if kind == "cat_actions" and a[0] == "end":
            # The lookahead of ending reaches the Evening draw (6.6), which comes whatever
            # she does first: not a reason to leave actions unused.
            n = 1 + sum(1 for x in DRAW_BONUS_AT if placed(st(g, seat), "recruiter") >= x)
            hand = len(g.seats[seat].hand)
            return -(cards_worth(min(hand + n, 6)) - cards_worth(hand)), None
        if kind == "cat_actions" and a[0] == "bird" and not g.turn.get("actions", 0):
            return extra_action(g, seat, a)
        if kind == "cat_keep":
            return 0.0, Reason("marquise.keep", N_("places the keep in a corner"), {})
        return super().bonus(g, seat, kind, a)

    def shaping(self, g: GameState, seat: int, kind: str, a: Action) -> float:
        """Without the worth of the action a bird card buys (the search plays it)."""
        if kind == "cat_actions" and a[0] == "bird" and not g.turn.get("actions", 0):
            return 0.0
        return super().shaping(g, seat, kind, a)


def cards_worth(hand: int) -> float:
    """Her hand's value: a card each up to four; a fifth and sixth are spent soon or
    discarded at the Evening draw (6.6), worth little. The lookahead sees six at most (it
    stops at the discard, ``core.draw_seen_by_end``)."""
    return 1.0 * min(hand, 4) + 0.25 * max(0, min(hand, 6) - 4)


def extra_action(g: GameState, seat: int, a: Action) -> tuple[float, Reason | None]:
    """6.5: a bird card spent with no action left is worth the best action it buys (the
    lookahead of spending sees only the card gone): the gain of that action, if any."""
    h = g.clone()
    after = step(h, a)
    spent = sum(evaluate(h, seat).values())
    best, what = 0.0, None
    for b in after:
        if b[0] in ("bird", "end") or b[0] not in ACTIONS:
            continue
        gain = sum(lookahead(h, seat, b, []).values()) - spent
        if gain > best:
            best, what = gain, b
    if what is None:
        return 0.0, None
    return best, Reason(
        "marquise.extra-action",
        N_("spends a bird card for one more action: {action}"),
        {"action": describe(h, what)},
    )


ACTIONS = frozenset({"battle", "march", "recruit", "build", "overwork"})
"""The Marquise's actions (6.5); a bird card buys one more."""
GUARD = 1.0
"""What an unguarded building within an enemy's reach costs: a battle there removes it with
the defenseless hit (4.3.5.II) and scores for the enemy."""
SIEGE = 6.0
"""What a clearing holding an enemy building where the Marquise outnumbers its defenders is
worth: the battle that can remove it (a roost, a base: the enemy's engine)."""


def guard_and_siege(g: GameState, seat: int) -> tuple[float, float]:
    """The Marquise's hold on contested ground: minus ``GUARD`` for each clearing with her
    buildings and none of her warriors where an enemy warrior stands in it or next to it;
    ``SIEGE`` for each clearing where an enemy has a building and she has more warriors than
    all the enemies there together, a share of it for fewer (warriors on their way)."""
    b = board(g)
    foes = enemies(g, seat)
    guard = siege = 0.0
    for c in b.clearings:
        mine = g.warriors[c][seat]
        theirs = sum(g.warriors[c][s] for s in foes)
        if not mine and any(o == seat for o, _ in g.buildings[c]):
            near = theirs or any(g.warriors[x][s] for x in b.adjacent[c] for s in foes)
            if near:
                guard -= GUARD
        if mine and any(o in foes for o, _ in g.buildings[c]):
            siege += SIEGE * min(mine, theirs + 1) / (theirs + 1)
    return guard, siege


register_policy(MarquisePolicy())
