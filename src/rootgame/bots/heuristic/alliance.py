"""The Woodland Alliance's heuristic policy (Law 8): sympathy where it is safe, supporters for
Revolt, bases, officers.

What the Alliance values beyond the general terms: sympathy tokens on the map (8.2.5: VP as
they go down, pieces to craft with, Outrage when someone comes in), more where no enemy
warriors stand in or next to the clearing (the token is hard to reach) and next to its other
tokens (a connected cluster spreads on cheaply, 8.4.2.I); supporters (8.2.3: the currency of
Spread Sympathy and Revolt; birds are wild); bases on the map (8.4.1: cards every Evening,
recruits, Train); officers (8.6.1: one military operation each); and warriors standing where a
sympathy token could go (the next Organize). Rules of thumb: Revolt where it removes enemy
buildings or tokens, spread where it is cheap (no Martial Law) and out of reach, Train with
a card that cannot be crafted, Organize whenever a warrior can.
"""

from __future__ import annotations

from ...actions import Action
from ...cards import DECK
from ...factions.alliance import (
    BASES,
    STACK_LIMIT,
    base_clearings,
    martial_law,
    st,
    sympathetic,
    sympathy_clearings,
)
from ...i18n import N_
from ...rules.core import board, can_place
from ...state import GameState
from ..base import Reason
from .core import Policy, draw_seen_by_end, general_terms, register_policy

TOKEN = 2.4
"""A sympathy token on the map (its VP are counted when it is placed): it crafts, it brings
Outrage, the next tokens spread from it."""
TOKEN_DANGER = 0.25
"""Less per enemy warrior in or next to its clearing (up to four)."""
CLUSTER = 0.3
"""More per other token next to it."""
REVOLT_TARGET = 0.4
"""More per enemy building or token (up to two) where its base of that suit could revolt."""
SPREAD = 1.0
"""Spreading is the Alliance's VP track: a spread it can afford is worth making."""
SUPPORTER = 1.4
BIRD_SUPPORTER = 1.6
IDLE_SUPPORTER = 0.5
"""A supporter of a suit it can spend nowhere yet (no spread or Revolt of that suit): it
fills the stack, which holds five without a base."""
BASE = 6.0
OFFICER = 2.6
STAGED = 0.7
"""An own warrior in an unsympathetic clearing where a token could go (a later Organize)."""


def enemy_warriors_near(g: GameState, seat: int, c: int) -> int:
    """Enemy warriors in ``c`` and the clearings next to it."""
    b = board(g)
    return sum(
        g.warriors[x][s] for x in (c, *b.adjacent[c]) for s in range(g.n) if s != seat
    )


def enemy_pieces_in(g: GameState, seat: int, c: int) -> int:
    """Enemy buildings and tokens in ``c`` (what a Revolt there removes and scores)."""
    return sum(1 for o, _ in g.buildings[c] + g.tokens[c] if o >= 0 and o != seat)


def usable_suits(g: GameState, seat: int, mine: list[int]) -> set[str]:
    """Suits its supporters can be spent on now: the clearings it could spread to (next to
    its tokens, or any while it has none) and those where a base could revolt."""
    b = board(g)
    if not mine:
        return {b.suit[c] for c in b.clearings}
    near = {x for c in mine for x in b.adjacent[c]} - set(mine)
    out = {b.suit[c] for c in near}
    bases = st(g, seat).bases
    out.update(b.suit[c] for c in mine if b.suit[c] in bases)
    return out


class AlliancePolicy(Policy):
    faction = "alliance"

    def terms(self, g: GameState, seat: int) -> dict[str, float]:
        t = general_terms(g, seat)
        fs = st(g, seat)
        b = board(g)
        mine = sympathy_clearings(g, seat)
        near = set(mine)
        value = 0.0
        for c in mine:
            danger = min(enemy_warriors_near(g, seat, c), 4)
            cluster = sum(1 for x in b.adjacent[c] if x in near)
            value += TOKEN - TOKEN_DANGER * danger + CLUSTER * min(cluster, 2)
            if b.suit[c] in fs.bases:
                value += REVOLT_TARGET * min(enemy_pieces_in(g, seat, c), 2)
        t["sympathy"] = value
        room = len(fs.supporters) if len(fs.bases) < len(BASES) else STACK_LIMIT
        kept = sorted(fs.supporters, key=lambda c: DECK[c].suit != "bird")[:room]
        usable = usable_suits(g, seat, mine)
        t["supporters"] = sum(
            BIRD_SUPPORTER
            if DECK[c].suit == "bird"
            else SUPPORTER if DECK[c].suit in usable else IDLE_SUPPORTER
            for c in kept
        ) - 0.6 * max(0, len(kept) - 8)
        t["bases"] = BASE * len(base_clearings(g, seat))
        t["officers"] = OFFICER * min(fs.officers, 4) + 1.2 * max(0, fs.officers - 4)
        if fs.sympathy:
            staged = [
                c
                for c in b.clearings
                if g.warriors[c][seat] and not sympathetic(g, seat, c) and can_place(g, seat, c)
            ]
            t["staged"] = STAGED * min(len(staged), max(1, fs.officers))
        return t

    def bonus(self, g: GameState, seat: int, kind: str, a: Action) -> tuple[float, Reason | None]:
        if kind == "ally_revolt" and a[0] == "revolt":
            c = int(a[1])
            n = enemy_pieces_in(g, seat, c)
            return 0.5 * n, Reason(
                "alliance.revolt",
                N_("Revolt in clearing {clearing}: a base, an officer, {n} enemy buildings "
                   "and tokens removed"),
                {"clearing": c, "n": n},
            )
        if kind == "ally_spread" and a[0] == "spread":
            c = int(a[1])
            danger = enemy_warriors_near(g, seat, c)
            if martial_law(g, seat, c):
                return SPREAD - 1.0, Reason(
                    "alliance.spread-martial-law",
                    N_("spreads sympathy to clearing {clearing} despite Martial Law"),
                    {"clearing": c},
                )
            if danger == 0:
                return SPREAD + 0.5, Reason(
                    "alliance.spread-safe",
                    N_("spreads sympathy to clearing {clearing}: no enemy warrior can reach "
                       "it soon"),
                    {"clearing": c},
                )
            return SPREAD, Reason(
                "alliance.spread",
                N_("spreads sympathy to clearing {clearing}, next to its other tokens"),
                {"clearing": c},
            )
        if a[0] == "end" and kind in ("ally_actions", "ally_ops"):
            fs = st(g, seat)
            if kind == "ally_actions" and fs.officers:
                return 0.0, None  # the lookahead stops at the operations, before the draw
            n = 1 + len(BASES) - len(fs.bases)
            return -draw_seen_by_end(g, seat, n), None
        if kind == "ally_ops" and a[0] == "organize":
            return 0.5, Reason(
                "alliance.organize",
                N_("organizes: a warrior becomes a sympathy token in clearing {clearing}"),
                {"clearing": a[1]},
            )
        if kind == "ally_actions" and a[0] == "train":
            return 0.0, Reason(
                "alliance.train",
                N_("trains an officer: one more military operation every Evening"),
                {},
            )
        if kind == "ally_actions" and a[0] == "mobilize":
            return 0.0, Reason(
                "alliance.mobilize",
                N_("mobilizes a {suit} card: supporters for sympathy and Revolt"),
                {"suit": DECK[int(a[1])].suit},
            )
        return super().bonus(g, seat, kind, a)


register_policy(AlliancePolicy())
