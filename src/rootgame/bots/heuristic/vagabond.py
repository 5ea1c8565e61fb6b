"""The Vagabond's heuristic policy (Law 9, Appendix V): items, relationships, and a pawn that
goes where the VP are.

What the Vagabond values beyond the general terms: his undamaged items (9.2.5: each is an
action; face up, it is one this turn; damaged, little until repaired; beyond his capacity,
nothing: 9.6.4), his relationships (9.2.9: each step toward Allied is VP, and an Allied
faction is 2 VP per Aid; a Hostile one is no longer aided), the Aids of this turn toward the
next step while he can still complete it, and the best opportunity within three moves of his
pawn (a ruin to explore, a quest he can complete, a faction to aid, a Hostile faction's
undefended building or token to strike, or one defended by fewer warriors than his swords to
battle for), so that Slip and Move take him where the VP are. Rules of thumb:
choose the Thief (Steal feeds Aid), start in the forest next to the most ruins, use the
special action (Steal, Day Labor, Hideout when two or more items are damaged), attack Hostile
factions (Infamy), and in battle damage the item he can most easily spare.
"""

from __future__ import annotations

from collections import deque

from ...actions import Action
from ...cards import DECK, ITEMS
from ...factions.vagabond import (
    AIDS_NEEDED,
    ALLIED,
    DDOWN,
    DOWN,
    DRAW_BASE,
    DUP,
    FOREST_BASE,
    HOSTILE,
    LIMIT_PER_BAG,
    QUESTS,
    REL_VP,
    UP,
    VagabondState,
    clearing_neighbours,
    clearing_of,
    forest_index,
    item_limit,
    load,
    on_track,
    st,
)
from ...i18n import N_
from ...rules.core import board, card_suit, has_pieces, is_enemy
from ...state import GameState
from ..base import Reason
from .core import Policy, draw_seen_by_end, general_terms, register_policy

ITEM_VALUE: dict[str, float] = {
    "boot": 2.3,
    "sword": 2.4,
    "torch": 2.4,
    "crossbow": 1.7,
    "hammer": 1.8,
    "tea": 2.0,
    "coins": 2.2,
    "bag": 1.1,
}
"""An undamaged item of each kind (the first two of a kind; more are worth less)."""
READY: dict[str, float] = {
    "boot": 0.3,
    "sword": 0.35,
    "torch": 0.5,
    "crossbow": 0.3,
    "hammer": 0.25,
    "tea": 0.6,
    "coins": 0.8,
    "bag": 0.3,
}
"""More for a face-up item: an action this turn (exhausting one is the cost of an action);
face-up tea, coins and bags also stand on their tracks (more refreshed, more cards drawn in
the Evening, more capacity: 9.2.5.I)."""
DAMAGED = 0.35
"""A damaged item is worth this share of an undamaged one."""
REL_VALUE = {HOSTILE: -6.0, 0: 0.0, 1: 1.0, 2: 2.0, ALLIED: 4.5}
"""A relationship's worth beyond the VP it scored (an Allied faction: 2 VP per Aid to come)."""
REST = 0.5
"""A damaged item's worth regained, this share, while he stands in a forest (Evening rest)."""
REST_FROM = 2
"""Resting is worth a turn from this many damaged items: for one, a turn's actions (a battle
for Infamy, a quest) outweigh the repair (he stood in a forest at 29 VP to mend a sword)."""
RAID = 1.6
"""A Hostile faction's building or token defended by fewer warriors than his face-up swords
(a battle there removes it: its VP and Infamy's); more for a second piece."""
BETRAYAL = 2.0
"""Per relationship step, what breaking a relationship built with Aids costs beyond its
term (the steps to come)."""
OPPORTUNITY = 0.7
"""The best opportunity's worth, halved per move away (a step toward it is worth taking)."""

CHARACTER_BONUS = {"thief": 1.0, "tinker": 0.5, "ranger": 0.3}
CHARACTER_WHY = {
    "thief": N_("Thief: Steal takes cards to aid with, and tea refreshes more items"),
    "tinker": N_("Tinker: Day Labor takes cards from the discard pile, the bag carries more"),
    "ranger": N_("Ranger: a crossbow and a sword to strike and battle, Hideout repairs"),
}


def item_worth(fs: VagabondState) -> float:
    """His items' worth: undamaged ones by kind (ready ones more), damaged ones a share,
    those beyond his capacity nothing."""
    total = 0.0
    for item in ITEMS:
        v = fs.items[item]
        base = ITEM_VALUE[item]
        whole = v[UP] + v[DOWN]
        total += base * min(whole, 2) + 0.6 * base * max(0, whole - 2)
        total += READY[item] * v[UP]
        total += DAMAGED * base * (v[DUP] + v[DDOWN])
    over = load(fs) - item_limit(fs)
    return total - 1.5 * max(0, over)


REACH = 3
"""How many moves away an opportunity is looked for (beyond two, a Vagabond with nothing
next door stood still: the raids of a Hostile neighbour lay three moves off)."""


def distances(g: GameState, seat: int, start: int, limit: int = REACH) -> dict[int, int]:
    """Clearings within ``limit`` moves of ``start`` (a clearing or a forest)."""
    out: dict[int, int] = {}
    frontier: deque[tuple[int, int]] = deque()
    if start < FOREST_BASE:
        out[start] = 0
        frontier.append((start, 0))
    else:
        for c in board(g).forests[forest_index(start)].clearings:
            out[c] = 1
            frontier.append((c, 1))
    while frontier:
        c, d = frontier.popleft()
        if d >= limit:
            continue
        for x in clearing_neighbours(g, seat, c):
            if x not in out:
                out[x] = d + 1
                frontier.append((x, d + 1))
    return out


class Means:
    """What he carries into any clearing, read once per evaluation (an opportunity is looked
    for in every clearing within reach): his face-up items, the quests they complete (by
    suit), the cards in hand his hammers could craft, and his hand's suits."""

    __slots__ = ("whole", "quest_suits", "crafts", "suits", "armed")

    def __init__(self, g: GameState, seat: int, fs: VagabondState) -> None:
        whole = {i: fs.items[i][UP] for i in ITEMS}
        self.whole = whole
        # 9.6.4: an exhausted bag leaves its track, so a full Satchel overflows at Evening.
        bag_overflows = load(fs) + 1 > item_limit(fs) - LIMIT_PER_BAG
        self.quest_suits: set[str] = set()
        for q in fs.quests:
            _, suit, (i1, i2) = QUESTS[q]
            if "bag" in (i1, i2) and bag_overflows:
                continue
            if whole[i1] >= (2 if i1 == i2 else 1) and whole[i2]:
                self.quest_suits.add(suit)
        hand = g.seats[seat].hand
        self.crafts: list[tuple[float, tuple[str, ...]]] = []
        """(worth, cost) of each card his face-up hammers could pay for, best first."""
        for x in hand:
            card = DECK[x]
            if (
                card.kind == "item"
                and g.items.get(card.item or "", 0) > 0
                and len(card.cost) <= whole["hammer"]
            ):
                self.crafts.append((1.2 + 0.4 * card.vp, tuple(card.cost)))
        self.crafts.sort(key=lambda w: -w[0])
        self.suits = [card_suit(x) for x in hand]
        self.armed = bool(whole["crossbow"] or whole["sword"])


def opportunity(
    g: GameState, seat: int, fs: VagabondState, c: int, means: Means | None = None
) -> tuple[float, str]:
    """What he could do in clearing ``c`` with his face-up items and his hand (``means``:
    them read already)."""
    b = board(g)
    m = means if means is not None else Means(g, seat, fs)
    whole = m.whole
    best, what = 0.0, ""
    if whole["torch"] and fs.ruins.get(c):
        best, what = 3.0, "explore"
    if b.suit[c] in m.quest_suits and 2.6 > best:
        best, what = 2.6, "quest"
    for worth, cost in m.crafts:
        if worth <= best:
            break
        if all(u in (b.suit[c], "any") for u in cost):
            best, what = worth, "craft"
            break
    matching = -1
    for s in range(g.n):
        if s == seat or not has_pieces(g, s, c):
            continue
        r = fs.rel[s]
        if r != HOSTILE:
            if matching < 0:
                matching = sum(1 for u in m.suits if b.matches(u, c))
            if matching:
                # Allied: 2 VP an Aid; else the next step needs AIDS_NEEDED[r] Aids in one
                # turn.
                if r == ALLIED:
                    v = 1.6 + 0.3 * min(matching, 3)
                else:
                    v = 2.6 if matching >= AIDS_NEEDED[r] else 0.8
                if v > best:
                    best, what = v, "aid"
            continue
        if not is_enemy(g, seat, s):
            continue
        pieces = sum(1 for o, _ in g.buildings[c] if o == s) + sum(
            1 for o, _ in g.tokens[c] if o == s
        )
        if not pieces:
            continue
        defenders = g.warriors[c][s]
        if m.armed and not defenders and 2.0 > best:
            best, what = 2.0, "strike"
        if whole["sword"] > defenders and RAID + 0.3 * min(pieces, 2) > best:
            # 9.2.9.3.1: his swords outnumber the defenders; the hits left over remove
            # buildings and tokens, each a VP and an Infamy VP.
            best, what = RAID + 0.3 * min(pieces, 2), "raid"
    return best, what


def best_opportunity(g: GameState, seat: int, fs: VagabondState) -> tuple[float, int, str]:
    """(worth, clearing, kind) of the best opportunity within ``REACH`` moves, halved per
    move."""
    best: tuple[float, int, str] = (0.0, 0, "")
    means = Means(g, seat, fs)
    for c, d in distances(g, seat, fs.pawn).items():
        v, what = opportunity(g, seat, fs, c, means)
        v *= 0.5**d
        if v > best[0]:
            best = (v, c, what)
    return best


def aids_in_hand(g: GameState, seat: int, fs: VagabondState) -> int:
    """How many more Aids he could make this turn where he stands (cards matching his
    clearing, face-up items to exhaust)."""
    c = clearing_of(fs)
    if not c:
        return 0
    b = board(g)
    cards = sum(1 for x in g.seats[seat].hand if b.matches(card_suit(x), c))
    ready = sum(fs.items[i][UP] for i in ITEMS)
    return min(cards, ready)


class VagabondPolicy(Policy):
    faction = "vagabond"

    def terms(self, g: GameState, seat: int) -> dict[str, float]:
        t = general_terms(g, seat)
        fs = st(g, seat)
        if not fs.pawn:
            return t
        t["items"] = item_worth(fs)
        damaged = sum(fs.items[i][DUP] + fs.items[i][DDOWN] for i in ITEMS)
        if not clearing_of(fs) and damaged >= REST_FROM:
            # 9.6.1: in a forest at Evening he repairs every damaged item.
            t["rest"] = REST * sum(
                ITEM_VALUE[i] * (fs.items[i][DUP] + fs.items[i][DDOWN]) for i in ITEMS
            )
        rel = 0.0
        daylight = any(f.kind == "vb_actions" and f.seat == seat for f in g.stack)
        aids = g.turn.get("aids") if daylight else None
        can = aids_in_hand(g, seat, fs) if aids else 0
        for s in range(g.n):
            if s == seat or s >= len(fs.rel):
                continue
            r = fs.rel[s]
            rel += REL_VALUE.get(r, 0.0)
            if aids and 0 <= r < ALLIED and aids[s]:
                need = AIDS_NEEDED[r] - aids[s]
                if need <= can:
                    step = 4.0 * REL_VP[r] + REL_VALUE[r + 1] - REL_VALUE[r]
                    rel += step * aids[s] / AIDS_NEEDED[r]
        t["relationships"] = rel
        t["opportunity"] = OPPORTUNITY * best_opportunity(g, seat, fs)[0]
        return t

    def bonus(self, g: GameState, seat: int, kind: str, a: Action) -> tuple[float, Reason | None]:
        if kind == "vb_character":
            k = str(a[1])
            return CHARACTER_BONUS[k], Reason(f"vagabond.character.{k}", CHARACTER_WHY[k], {})
        if kind == "vb_forest":
            return self._forest(g, int(a[1]))
        if kind != "vb_actions":
            return super().bonus(g, seat, kind, a)
        fs = st(g, seat)
        if a[0] == "end":
            return -draw_seen_by_end(g, seat, DRAW_BASE + on_track(fs, "coins")), None
        if a[0] == "explore":
            return 0.3, Reason(
                "vagabond.explore", N_("explores the ruin: an item and 1 VP"), {}
            )
        if a[0] == "quest":
            name, suit, _ = QUESTS[int(a[1])]
            done = 1 + sum(1 for q in fs.done if QUESTS[q][1] == suit)
            return 0.3, Reason(
                "vagabond.quest",
                N_("completes a {suit} quest: {n} VP or two cards"),
                {"suit": suit, "n": done},
            )
        if a[0] == "aid":
            s = int(a[1])
            r = fs.rel[s]
            if r == ALLIED:
                why = N_("aids an Allied faction: 2 VP")
            else:
                why = N_("aids a faction to improve their relationship (VP at each step)")
            return 0.0, Reason("vagabond.aid", why, {"faction": g.factions[s], "suit":
                                                    DECK[int(a[2])].suit})
        if a[0] == "steal":
            return 0.2, Reason("vagabond.steal", N_("steals a card to aid or craft with"), {})
        if a[0] == "day-labor":
            return 0.2, Reason(
                "vagabond.day-labor", N_("Day Labor: takes a card from the discard pile"), {}
            )
        if a[0] == "hideout":
            damaged = sum(fs.items[i][DUP] + fs.items[i][DDOWN] for i in ITEMS)
            return (0.0 if damaged >= 2 else -3.0), Reason(
                "vagabond.hideout",
                N_("Hideout: repairs {n} damaged items and rests"),
                {"n": min(damaged, 3)},
            )
        if a[0] in ("battle", "strike") and (cost := self._betrayal(g, seat, a)):
            return -cost, Reason(
                "vagabond.betrayal",
                N_("breaks a relationship built with Aids: the faction turns Hostile"),
                {"faction": g.factions[int(a[2] if a[0] == "battle" else a[1])]},
            )
        if a[0] in ("battle", "strike") and fs.rel[int(a[2] if a[0] == "battle" else a[1])] == (
            HOSTILE
        ):
            return 0.2, Reason(
                "vagabond.infamy",
                N_("attacks a Hostile faction: Infamy scores a VP for every piece removed"),
                {},
            )
        return super().bonus(g, seat, kind, a)

    def _betrayal(self, g: GameState, seat: int, a: Action) -> float:
        """What a battle or a strike that may remove a warrior of a faction he has aided
        (relationship 1 or more) costs beyond the relationship term: 9.2.9.2 makes it
        Hostile, and the steps still to come (their VP, an Allied faction's 2 VP an Aid) go
        with it. The lookahead weighs one battle's VP against the relationship's present
        worth, and a lucky roll of its three draws broke a relationship at its second step."""
        fs = st(g, seat)
        target = int(a[2] if a[0] == "battle" else a[1])
        r = fs.rel[target]
        if r == HOSTILE or r < 1:
            return 0.0
        c = clearing_of(fs)
        at_risk = g.warriors[c][target] > 0 if a[0] == "battle" else len(a) == 2
        return BETRAYAL * r if at_risk else 0.0

    def _forest(self, g: GameState, loc: int) -> tuple[float, Reason]:
        b = board(g)
        cs = b.forests[forest_index(loc)].clearings
        ruins = sum(1 for c in cs if (-1, "ruin") in g.buildings[c])
        return 0.8 * ruins + 0.2 * len(cs), Reason(
            "vagabond.forest",
            N_("starts in a forest next to {n} ruins and {m} clearings"),
            {"n": ruins, "m": len(cs)},
        )

    def reply(self, g: GameState, seat: int, kind: str, acts: list[Action]) -> Action | None:
        """In battle, damage the item he can most easily spare."""
        if kind != "vb_damage":
            return None

        def cost(a: Action) -> float:
            if a[0] == "ally-warrior":
                return 1.0
            return ITEM_VALUE[str(a[1])] + (READY[str(a[1])] if a[2] == "up" else 0.0)

        return min(acts, key=cost)


register_policy(VagabondPolicy())
