"""The Eyrie Dynasties' heuristic policy (Law 7): a Decree it can carry out, roosts, Despot VP.

What the Eyrie values beyond the general terms: roosts on the map (7.6.1: VP every Evening,
and where it recruits) and a Decree whose cards it can carry out (each one an action every
turn; a card it cannot carry out means turmoil, 7.7: VP lost per bird card, the Decree
purged, the leader deposed). Rules of thumb: add a card only to a column where it can carry
it out, preferring Build and Battle where they are possible; never choose turmoil while another
card can be resolved; pick the leader for the situation (Despot near enemy buildings, Builder
with items in hand, Charismatic with a full supply, Commander when battles lie ahead).
"""

from __future__ import annotations

from ...actions import Action
from ...cards import DECK
from ...factions.eyrie import COLUMNS, EyrieState, card_options, roosts_on_map, st
from ...i18n import N_
from ...rules.core import board, can_build, card_suit, rule_counts, rules
from ...state import GameState
from ..base import Reason
from .core import Policy, general_terms, register_policy

WHY_FEASIBLE = {
    "recruit": N_("adds a {suit} card to {column}: it has a roost in a {suit} clearing"),
    "move": N_("adds a {suit} card to {column}: it has warriors to move from a {suit} clearing"),
    "battle": N_("adds a {suit} card to {column}: it can battle in a {suit} clearing"),
    "build": N_("adds a {suit} card to {column}: it can put a roost in a {suit} clearing"),
}
COLUMN_BONUS = {"recruit": 0.3, "move": 0.2, "battle": 0.4, "build": 0.8}
DECREE_CARD = 1.2
"""What a Decree card the Eyrie can carry out is worth (the "decree" term): an action a turn."""
TURMOIL = 15.0
"""What choosing turmoil costs as a rule of thumb (7.7), beside the VP Humiliate takes."""


def decree_cards(g: GameState, seat: int, fs: EyrieState) -> list[tuple[int, int]]:
    """(column, card) of the Decree cards still to carry out: this turn's rest while it is
    being resolved, else the whole Decree."""
    resolving = any(f.kind == "decree" and f.seat == seat for f in g.stack)
    if resolving:
        out = [(fs.col, c) for c in fs.pending]
        start = fs.col + 1
    else:
        out, start = [], 0
    for i in range(start, len(COLUMNS)):
        out.extend((i, c) for c in fs.decree[i])
    return out


def _reach(g: GameState, seat: int, c: int) -> bool:
    """Whether a Move card could bring warriors into ``c``: two or more stand next door
    (one may stay behind to keep the clearing it leaves)."""
    return any(g.warriors[x][seat] >= 2 for x in board(g).adjacent[c])


def build_sites(g: GameState, seat: int, suit: str) -> tuple[set[int], set[int]]:
    """Clearings of ``suit`` where a roost could go: (now: ruled, with an open slot and no
    roost; after a move: clearings with an open slot that one Move card could make the
    Eyrie rule, :func:`_can_take`)."""
    b = board(g)
    now: set[int] = set()
    later: set[int] = set()
    if st(g, seat).roosts <= 0:
        return now, later
    for c in b.clearings_of_suit(suit):
        if (seat, "roost") in g.buildings[c] or not can_build(g, seat, c):
            continue
        if rules(g, seat, c):
            now.add(c)
        elif _can_take(g, seat, c):
            later.add(c)
    return now, later


def _can_take(g: GameState, seat: int, c: int) -> bool:
    """Whether one move could make the Eyrie rule ``c``: its pieces there and the most warriors
    next door match every other faction's pieces there (``rule_counts``; it rules ties, Lords
    of the Forest, 7.2.2)."""
    come = max((g.warriors[x][seat] for x in board(g).adjacent[c]), default=0)
    if not come:
        return False
    counts = rule_counts(g, c)
    own = counts[seat] + come
    return all(n <= own for s, n in enumerate(counts) if s != seat)


def battle_room(g: GameState, seat: int) -> tuple[dict[int, int], dict[int, int]]:
    """How many enemy pieces stand where the Eyrie could battle: (now: clearings with its
    warriors; after a move: clearings a Move card could bring warriors into). Each battle
    removes about one, so a clearing holds that many battles."""
    b = board(g)
    now: dict[int, int] = {}
    later: dict[int, int] = {}
    for c in b.clearings:
        n = sum(g.warriors[c][s] for s in range(g.n) if s != seat)
        n += sum(1 for o, _ in g.buildings[c] + g.tokens[c] if o >= 0 and o != seat)
        if not n:
            continue
        if g.warriors[c][seat]:
            now[c] = n
        elif _reach(g, seat, c):
            later[c] = n
    return now, later


def _suited_first(cards: list[int]) -> list[int]:
    return sorted(cards, key=lambda c: card_suit(c) == "bird")


def unresolvable(g: GameState, seat: int, cards: list[tuple[int, int]], moves: int) -> int:
    """How many of the Decree's ``cards`` ((column, card)) cannot be carried out (7.5.2).

    Recruit and Move card by card. Battle: a clearing holds as many battles as it has enemy
    pieces (two fox cards against one lone fox warrior mean turmoil). Build: each roost its
    own clearing. In both, suited cards choose first and bird cards take any place left; a
    place that warriors must first move into takes one of the ``moves`` Move cards still to
    come (one move reaches one clearing)."""
    b = board(g)
    battle, build = COLUMNS.index("battle"), COLUMNS.index("build")
    bad = 0
    feasible: dict[tuple[int, str], bool] = {}
    for col, cid in cards:
        if col in (battle, build):
            continue
        key = (col, card_suit(cid))
        if key not in feasible:
            feasible[key] = bool(card_options(g, seat, col, key[1]))
        bad += not feasible[key]
    battles = [c for col, c in cards if col == battle]
    now, later = battle_room(g, seat) if battles else ({}, {})
    for cid in _suited_first(battles):
        suit = card_suit(cid)
        fits = [c for c, n in now.items() if n and suit in ("bird", b.suit[c])]
        if not fits and moves:
            fits = [c for c, n in later.items() if n and suit in ("bird", b.suit[c])]
            if fits:
                moves -= 1
                c = max(fits, key=lambda x: (later[x], -x))
                now[c] = later.pop(c)
        if fits:
            c = max((x for x in fits if x in now), key=lambda x: (now[x], -x))
            now[c] -= 1
        else:
            bad += 1
    used: set[int] = set()
    for cid in _suited_first([c for col, c in cards if col == build]):
        ready, reachable = build_sites(g, seat, card_suit(cid))
        if ready - used:
            used.add(min(ready - used))
        elif moves and reachable - used:
            moves -= 1
            used.add(min(reachable - used))
        else:
            bad += 1
    return bad


def turmoil_risk(bad: int, birds: int) -> float:
    """What the "decree" term charges for ``bad`` cards the Eyrie cannot carry out, with
    ``birds`` bird cards in its Decree (the VP Humiliate would take, 7.7.1): the turmoil
    they foretell, which the position may still avoid."""
    return (6.0 + 1.5 * birds + 1.5 * (bad - 1)) if bad else 0.0


def moves_left(g: GameState, seat: int, fs: EyrieState) -> int:
    """How many Move cards of the Decree are still to be resolved before its Battle and
    Build columns (this turn's rest while it is being resolved, else the whole column)."""
    resolving = any(f.kind == "decree" and f.seat == seat for f in g.stack)
    move = COLUMNS.index("move")
    if resolving and fs.col > move:
        return 0
    if resolving and fs.col == move:
        return len(fs.pending)
    return len(fs.decree[move])


class EyriePolicy(Policy):
    faction = "eyrie"

    def terms(self, g: GameState, seat: int) -> dict[str, float]:
        t = general_terms(g, seat)
        fs = st(g, seat)
        t["roosts"] = 5.0 * roosts_on_map(g, seat)
        cards = decree_cards(g, seat, fs)
        bad = unresolvable(g, seat, cards, moves_left(g, seat, fs))
        birds = sum(1 for col in fs.decree for c in col if card_suit(c) == "bird")
        t["decree"] = DECREE_CARD * (len(cards) - bad) - turmoil_risk(bad, birds)
        return t

    def bonus(self, g: GameState, seat: int, kind: str, a: Action) -> tuple[float, Reason | None]:
        if kind == "decree" and a[0] == "turmoil":
            return -TURMOIL, Reason(
                "eyrie.turmoil", N_("no way to carry out the {suit} card: turmoil"), {"suit": a[1]}
            )
        if kind == "decree_add" and a[0] == "decree":
            return self._add(g, seat, int(a[1]), str(a[2]))
        if kind == "eyrie_leader":
            return self._leader(g, seat, str(a[1]))
        if kind == "eyrie_corner":
            return 0.0, Reason(
                "eyrie.corner", N_("starts in the corner opposite the keep"), {"clearing": a[1]}
            )
        return super().bonus(g, seat, kind, a)

    def _add(self, g: GameState, seat: int, cid: int, col: str) -> tuple[float, Reason]:
        suit = DECK[cid].suit
        args = {"suit": suit, "column": col}
        fs = st(g, seat)
        mv = moves_left(g, seat, fs) + (col == "move")
        i = COLUMNS.index(col)
        column = [(i, c) for c in fs.decree[i]]
        ok = unresolvable(g, seat, [*column, (i, cid)], mv) <= unresolvable(g, seat, column, mv)
        if not ok:
            return -1.0, Reason(
                "eyrie.decree-risk",
                N_("adds a {suit} card to {column} though it cannot carry it out yet"),
                args,
            )
        extra = COLUMN_BONUS[col] - (0.3 if suit == "bird" else 0.0)
        return extra, Reason(
            f"eyrie.decree.{col}", WHY_FEASIBLE[col], args
        )

    def _leader(self, g: GameState, seat: int, leader: str) -> tuple[float, Reason]:
        fs = st(g, seat)
        b = board(g)
        near = {c for c in b.clearings if g.warriors[c][seat]}
        near |= {y for c in near for y in b.adjacent[c]}
        enemy_buildings = sum(
            1
            for c in near
            for o, _ in g.buildings[c] + g.tokens[c]
            if o >= 0 and o != seat
        )
        contested = sum(
            1 for c in near if any(g.warriors[c][s] for s in range(g.n) if s != seat)
        )
        items = sum(1 for c in g.seats[seat].hand if DECK[c].kind == "item")
        if leader == "despot":
            return 0.5 * enemy_buildings, Reason(
                "eyrie.leader.despot",
                N_("Despot: {n} enemy buildings and tokens within reach, +1 VP each removed"),
                {"n": enemy_buildings},
            )
        if leader == "builder":
            return 0.6 * items, Reason(
                "eyrie.leader.builder",
                N_("Builder: {n} items in hand to craft for full VP"),
                {"n": items},
            )
        if leader == "charismatic":
            gain = 1.5 if fs.warriors >= 8 and roosts_on_map(g, seat) >= 2 else 0.0
            return gain, Reason(
                "eyrie.leader.charismatic",
                N_("Charismatic: {n} warriors in supply to recruit two at a time"),
                {"n": fs.warriors},
            )
        return 0.4 * contested, Reason(
            "eyrie.leader.commander",
            N_("Commander: enemy warriors in {n} clearings within reach, an extra hit in attack"),
            {"n": contested},
        )


register_policy(EyriePolicy())
