"""Law of Rootbotics 4: the Mechanical Marquise 2.0, a Clockwork bot.

4.2.1 the Keep (the Law of Root's 6.2.2, shared through ``KeepBoard``); 4.3 setup; 4.4
Birdsong (reveal the order card, craft it); 4.5 Daylight with a fox, rabbit or mouse order
(battle in every ordered clearing, recruit four warriors evenly, build the order's building,
move all but three out of every ordered clearing, Expand); 4.7 Escalated Daylight with a bird
order (battle everywhere, recruit in the two ruled clearings of lowest priority, build the
commonest type, move out of every clearing and battle where it moved); 4.6 Evening (score the
ordered Buildings track, discard the order card). The difficulty and trait cards (LR 3.3)
change Recruit, Evening, battles and the end of Move.

Every choice is the engine's (factions/clockwork.py); only the human players' questions are
decisions.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any, Final

from ..cards import CARD_SUITS, DECK
from ..flow import FACTIONS, driver, pop
from ..rules import chance
from ..rules.battle import battle_targets, start_battle
from ..rules.chance import emit
from ..rules.core import (
    board,
    can_build,
    can_place,
    card_suit,
    discard,
    place_building,
    place_token,
    place_warriors,
    rules,
    score,
)
from ..rules.movement import do_move, move_pairs
from ..rules.turn import step_index
from ..state import JSON, Frame, GameState
from . import clockwork
from .clockwork import (
    DIFFICULTIES,
    adjacent,
    choose_clearing,
    choose_player,
    craft_order,
    discard_order,
    enemy_pieces,
    has_trait,
    log_target,
    nightmare_point,
    ordered_clearings,
    pieces_of,
    priority_rank,
    reveal_order,
)
from .marquise import BUILDINGS, PER_TRACK, WARRIORS, KeepBoard, building_clearings

_DATA = json.loads(resources.files("rootgame.data").joinpath("factions.json").read_text("utf-8"))[
    "mechanical-marquise"
]
TRACK_VP: Final[tuple[int, ...]] = tuple(_DATA["vp"])
"""LR 4.6.1: VP on each Buildings track; index N-1 is uncovered by the Nth building of that
type on the map."""
RECRUIT: Final = int(_DATA["recruit"])
"""LR 4.5.2, 4.7.2: warriors a Recruit places (Easy: half)."""
STAY: Final = int(_DATA["move_leaves"])
"""LR 4.5.4, 4.7.4: warriors a Move leaves in each clearing it moves from."""
EXPAND_MAX: Final = int(_DATA["expand_max_buildings"])
"""LR 4.5.5: Expand only with at most this many buildings on the map."""
BUILDING_OF: Final[dict[str, str]] = dict(_DATA["building_of_suit"])
"""LR 4.5.3: the building an order card of each suit places."""
TRAITS: Final[tuple[str, ...]] = ("blitz", "fortified", "hospitals", "iron-will", "overwhelming")
"""LR 3.3: the trait cards (Overwhelming is the Clockwork 2 extra trait)."""
NAME: Final = "mechanical-marquise"


class MechanicalMarquiseState:
    """The bot's board: warriors and the three Buildings tracks, the keep, the order card,
    and the difficulty and traits chosen at setup."""

    __slots__ = ("warriors", "track", "keep", "home", "order", "difficulty", "traits")

    def __init__(self) -> None:
        self.warriors = WARRIORS
        self.track: dict[str, int] = {k: PER_TRACK for k in BUILDINGS}
        """Buildings of each type still on the board's track (not on the map)."""
        self.keep = 0
        """The keep's clearing; 0 before setup and once the keep is removed (LR 4.2.1)."""
        self.home = 0
        self.order: int | None = None
        """This turn's order card; None between turns."""
        self.difficulty = "default"
        self.traits: tuple[str, ...] = ()

    def clone(self) -> MechanicalMarquiseState:
        s = MechanicalMarquiseState()
        s.warriors, s.keep, s.home, s.order = self.warriors, self.keep, self.home, self.order
        s.track = dict(self.track)
        s.difficulty, s.traits = self.difficulty, self.traits
        return s

    def to_dict(self) -> JSON:
        return {
            "warriors": self.warriors,
            "track": dict(self.track),
            "keep": self.keep,
            "home": self.home,
            "order": self.order,
            "difficulty": self.difficulty,
            "traits": list(self.traits),
        }

    @classmethod
    def from_dict(cls, d: JSON) -> MechanicalMarquiseState:
        s = cls()
        s.warriors, s.keep, s.home, s.order = d["warriors"], d["keep"], d["home"], d["order"]
        s.track = {k: int(v) for k, v in d["track"].items()}
        s.difficulty, s.traits = d["difficulty"], tuple(d["traits"])
        return s


def st(g: GameState, seat: int) -> MechanicalMarquiseState:
    fs: MechanicalMarquiseState = g.fs[seat]
    return fs


def on_map(fs: MechanicalMarquiseState, kind: str | None = None) -> int:
    """Buildings on the map, of one type or of all three."""
    kinds = BUILDINGS if kind is None else (kind,)
    return sum(PER_TRACK - fs.track[k] for k in kinds)


def order_suit(g: GameState, seat: int) -> str | None:
    cid = st(g, seat).order
    return None if cid is None else card_suit(cid)


def escalated(g: GameState, seat: int) -> bool:
    """LR 4.5: with a bird order card the bot resolves Escalated Daylight (4.7)."""
    return order_suit(g, seat) == "bird"


class MechanicalMarquise(KeepBoard):
    name = NAME
    setup_order = "A"
    pieces = "marquise"
    token_kinds: tuple[str, ...] = ("keep",)
    is_bot = True
    hates_surprises = True
    """LR 2.8.2: ambush cards cannot be played against this bot."""
    traits = TRAITS
    birdsong_steps: tuple[str, ...] = ("order",)
    daylight_steps: tuple[str, ...] = (
        "battle", "recruit", "build", "move", "blitz", "expand"
    )
    evening_steps: tuple[str, ...] = ("score", "discard_order", "nightmare")

    def new_state(self) -> MechanicalMarquiseState:
        return MechanicalMarquiseState()

    def state_from_dict(self, d: JSON) -> MechanicalMarquiseState:
        return MechanicalMarquiseState.from_dict(d)

    # --- LR 4.3 Setup -----------------------------------------------------------------------
    def setup(self, g: GameState, seat: int) -> None:
        """4.3: the keep in a random corner; a warrior in every clearing but the corner
        diagonally opposite, one more with the keep; a sawmill, a workshop and a recruiter
        at random among the keep's clearing and those adjacent, at most one in each."""
        fs = st(g, seat)
        b = board(g)
        corners = [c for c in b.corners if can_place(g, seat, c)]
        if not corners:
            return
        keep = corners[chance.pick(g, len(corners), "corner") if len(corners) > 1 else 0]
        fs.keep = fs.home = keep
        place_token(g, seat, keep, "keep")
        for c in b.clearings:
            if c != b.opposite_corner[keep]:
                place_warriors(g, seat, c, 1)
        place_warriors(g, seat, keep, 1)
        for kind in BUILDINGS:
            free = [
                c
                for c in (keep, *adjacent(g, keep))
                if can_build(g, seat, c) and not any(o == seat for o, _ in g.buildings[c])
            ]
            if free:
                c = free[chance.pick(g, len(free), kind) if len(free) > 1 else 0]
                place_building(g, seat, c, kind)
                fs.track[kind] -= 1

    # --- Turn -------------------------------------------------------------------------------
    def run_step(self, g: GameState, seat: int, step: str) -> None:
        fs = st(g, seat)
        if step == "order":
            # 4.4: reveal the order card and craft it.
            fs.order = reveal_order(g, seat)
            craft_order(g, seat, fs.order)
        elif step in ("battle", "move"):
            # 4.5.1, 4.5.4 (4.7.1, 4.7.4): one clearing at a time, by priority (LR 2.4).
            data: dict[str, Any] = {"act": step, "done": ()}
            if step == "move":
                data.update(arrived=(), into=())
            g.stack.append(Frame("mechanical_marquise", seat, data))
        elif step == "recruit":
            recruit(g, seat)
        elif step == "build":
            build(g, seat)
        elif step == "blitz":
            if has_trait(g, seat, "blitz"):
                blitz(g, seat)
        elif step == "expand":
            expand(g, seat)
        elif step == "score":
            score_track(g, seat)
        elif step == "discard_order":
            discard_order(g, fs)  # 4.6.2
        elif step == "nightmare":
            nightmare_point(g, seat, fs)
        else:
            raise AssertionError(step)

    # --- Hooks ----------------------------------------------------------------------------
    def hits_per_building(self, g: GameState, seat: int) -> int:
        """Fortified: each of the bot's buildings takes two hits."""
        return 2 if has_trait(g, seat, "fortified") else 1

    def after_battle(
        self, g: GameState, seat: int, enemy: int, c: int, warriors: int, others: int,
        battle: dict[str, Any],
    ) -> None:
        """Hospitals: after a battle as defender in which it lost two warriors or more, two
        warriors in the keep's clearing."""
        fs = st(g, seat)
        if (
            has_trait(g, seat, "hospitals")
            and battle["d"] == seat
            and battle["lost_d"] >= 2
            and fs.keep
        ):
            emit(g, {"kind": "hospitals", "seat": seat, "clearing": fs.keep})
            place_warriors(g, seat, fs.keep, 2)

    def piece_totals(self) -> dict[str, int]:
        return {"warrior": WARRIORS, **{k: PER_TRACK for k in BUILDINGS}}

    def piece_counts(self, g: GameState, seat: int) -> dict[str, tuple[int, int]]:
        fs = st(g, seat)
        b = board(g)
        out = {"warrior": (sum(g.warriors[c][seat] for c in b.clearings), fs.warriors)}
        for k in BUILDINGS:
            out[k] = (len(building_clearings(g, seat, k)), fs.track[k])
        return out

    def board_cards(self, g: GameState, seat: int) -> list[int]:
        """The order card, while it is revealed."""
        order = st(g, seat).order
        return [] if order is None else [order]

    def load_position(self, g: GameState, seat: int, spec: JSON) -> None:
        self.check_fields(spec, ("order", "home", "difficulty", "traits"))
        self.load_keep(g, seat)
        clockwork.load_settings(self, g, seat, spec, st(g, seat).keep)

    def load_position_cards(
        self, g: GameState, seat: int, spec: JSON, take: Callable[[Any, str], int]
    ) -> None:
        order = spec.get("order")
        if order is not None:
            st(g, seat).order = take(order, f"{NAME}.order")

    def describe_board(self, g: GameState, seat: int) -> JSON:
        fs = st(g, seat)
        out = clockwork.describe_settings(g, seat)
        if fs.order is not None:
            out["order"] = DECK[fs.order].key
        if fs.home != fs.keep:
            out["home"] = fs.home
        return out

    def public_view(self, g: GameState, seat: int) -> JSON:
        fs = st(g, seat)
        return {
            "warriors_in_supply": fs.warriors,
            "buildings_on_track": dict(fs.track),
            "keep": fs.keep or None,
            "order": fs.order,
            "difficulty": fs.difficulty,
            "traits": list(fs.traits),
        }

    board_features = (
        "warriors_in_supply",
        *(f"on_track:{k}" for k in BUILDINGS),
        "keep",
        *(f"order:{s}" for s in CARD_SUITS),
        *(f"difficulty:{d}" for d in DIFFICULTIES),
        *(f"trait:{t}" for t in TRAITS),
    )

    def observe_board(self, board: JSON) -> list[float]:
        out: list[float] = [board["warriors_in_supply"]]
        out.extend(float(board["buildings_on_track"][k]) for k in BUILDINGS)
        out.append(float(board["keep"] or 0))
        order = board["order"]
        out.extend(float(order is not None and card_suit(order) == s) for s in CARD_SUITS)
        out.extend(clockwork.observe_settings(self, board))
        return out


FACTIONS[NAME] = MechanicalMarquise()


# --- LR 4.5.1 and 4.7.1 Battle, LR 4.5.4 and 4.7.4 Move ---------------------------------------


@driver("mechanical_marquise")
def _run(g: GameState, f: Frame) -> None:
    """One battle or one move at a time, so that a battle's questions to the human (and the
    effects of a move) resolve before the next clearing is taken."""
    assert f.seat is not None
    act = f.data["act"]
    if act == "battle":
        done = battle_step(g, f.seat, f.data["done"])
        if done is None:
            pop(g, f)
        else:
            f.data["done"] = (*f.data["done"], done)
    elif act == "move":
        if not move_step(g, f.seat, f):
            f.data["act"] = "battle_moved"
    elif act == "battle_moved":
        # 4.7.4: then a battle in each clearing it moved into, by priority (LR 2.4).
        into: tuple[int, ...] = f.data["into"]
        targets = battle_targets(g, f.seat, into)
        c = choose_clearing(g, f.seat, "battle", [c for c, _ in targets], (), "LR 4.7.4")
        if c is None:
            pop(g, f)
            return
        f.data["into"] = tuple(x for x in into if x != c)
        battle_in(g, f.seat, c, [d for x, d in targets if x == c], "LR 4.7.4")
    else:  # "blitz_battle"
        pop(g, f)
        c = f.data["c"]
        targets = battle_targets(g, f.seat, [c])
        if targets:
            battle_in(g, f.seat, c, [d for _, d in targets], "blitz")


def battle_step(g: GameState, seat: int, done: tuple[int, ...]) -> int | None:
    """4.5.1: a battle in each ordered clearing (4.7.1: in each clearing), of highest
    priority first (LR 2.4), where the bot can battle; the clearing, or None when none is
    left."""
    rule = "LR 4.7.1" if escalated(g, seat) else "LR 4.5.1"
    where = [c for c in ordered_clearings(g, order_suit(g, seat)) if c not in done]
    targets = battle_targets(g, seat, where)
    c = choose_clearing(g, seat, "battle", [c for c, _ in targets], (), rule)
    if c is not None:
        battle_in(g, seat, c, [d for x, d in targets if x == c], rule)
    return c


def battle_in(g: GameState, seat: int, c: int, defenders: list[int], rule: str) -> None:
    """4.5.1, 4.5.1.I: the defender has the most pieces there, then the most VP (then setup
    order, LR 2.2)."""
    d = choose_player(
        g,
        seat,
        "defender",
        c,
        defenders,
        (
            ("most_pieces", lambda s: pieces_of(g, s, c)),
            ("most_vp", lambda s: g.seats[s].vp),
        ),
        rule,
    )
    start_battle(g, seat, c, d)


def move_step(g: GameState, seat: int, f: Frame) -> bool:
    """4.5.4: from each ordered clearing (4.7.4: from each clearing), of highest priority
    first (LR 2.4), all warriors but three to the adjacent clearing with the most enemy pieces
    (then highest priority) where the move is legal. A warrior moves once per Move step:
    those that arrived in a clearing stay there (docs/rulings.md). False when no origin is
    left."""
    esc = escalated(g, seat)
    rule = "LR 4.7.4" if esc else "LR 4.5.4"
    arrived: dict[int, int] = dict(f.data["arrived"])
    done: tuple[int, ...] = f.data["done"]

    def movable(c: int) -> int:
        w = g.warriors[c][seat]
        return min(w - STAY, w - arrived.get(c, 0))

    origins = [
        c
        for c in ordered_clearings(g, order_suit(g, seat))
        if c not in done and movable(c) > 0 and move_pairs(g, seat, [c])
    ]
    o = choose_clearing(g, seat, "move_from", origins, (), rule)
    if o is None:
        return False
    d = choose_clearing(
        g,
        seat,
        "move_to",
        [d for _, d in move_pairs(g, seat, [o])],
        (("most_enemy_pieces", lambda c: enemy_pieces(g, seat, c)),),
        rule,
    )
    assert d is not None
    n = movable(o)
    arrived[d] = arrived.get(d, 0) + n
    f.data["done"] = (*done, o)
    f.data["arrived"] = tuple(sorted(arrived.items()))
    if esc and d not in f.data["into"]:
        f.data["into"] = (*f.data["into"], d)
    do_move(g, seat, o, d, n)
    return True


# --- LR 4.5.2 and 4.7.2 Recruit ---------------------------------------------------------------


def spread(n: int, clearings: list[int]) -> list[tuple[int, int]]:
    """4.5.2: ``n`` warriors distributed evenly over ``clearings`` (in priority order): the
    warriors left over go one each to the first clearings."""
    if not clearings:
        return []
    each, extra = divmod(n, len(clearings))
    out = [(c, each + (1 if i < extra else 0)) for i, c in enumerate(clearings)]
    return [(c, k) for c, k in out if k]


def recruit(g: GameState, seat: int) -> None:
    """4.5.2: four warriors (Easy: two) spread evenly over the ordered clearings the bot
    rules, the odd ones to the highest priority. 4.7.2: two each in the two ruled clearings
    of lowest priority, all four in the only one (Iron Will: twice as many). Challenging and
    Nightmare: then two more in the ruled ordered clearing of highest priority. Overwhelming:
    1 VP per two of the Recruit's warriors that could not be placed."""
    fs = st(g, seat)
    esc = escalated(g, seat)
    n = RECRUIT // 2 if fs.difficulty == "easy" else RECRUIT
    ruled = [c for c in board(g).clearings if rules(g, seat, c) and can_place(g, seat, c)]
    if esc:
        if has_trait(g, seat, "iron-will"):
            n *= 2
        rule = "LR 4.7.2"
        order = sorted(ruled, key=lambda c: priority_rank(g, c, lowest=True))
        chosen = order[:2]
        why = ["lowest_priority"] if len(order) > 2 else []
        plan = spread(n, chosen)
    else:
        rule = "LR 4.5.2"
        ordered = set(ordered_clearings(g, order_suit(g, seat)))
        order = sorted((c for c in ruled if c in ordered), key=lambda c: priority_rank(g, c))
        plan = spread(n, order)
        why = ["evenly"] if len(order) > 1 else []
    placed = 0
    for c, k in plan:
        # The odd warriors (all of them, with more clearings than warriors) go by priority.
        odd = not esc and k > n // len(order)
        crit = [*why, "highest_priority"] if odd else why
        log_target(g, {"seat": seat, "action": "recruit", "clearing": c}, crit, order, rule)
        placed += place_warriors(g, seat, c, k)
    if has_trait(g, seat, "overwhelming") and (n - placed) // 2:
        score(g, seat, (n - placed) // 2, "overwhelming")
    if fs.difficulty in ("challenging", "nightmare"):
        ordered = set(ordered_clearings(g, order_suit(g, seat)))
        cands = [c for c in ruled if c in ordered and rules(g, seat, c)]
        where = choose_clearing(g, seat, "reinforce", cands, (), fs.difficulty)
        if where is not None:
            place_warriors(g, seat, where, 2)


# --- LR 4.5.3 and 4.7.3 Build ---------------------------------------------------------------


def building_type(g: GameState, seat: int) -> tuple[str, str]:
    """4.5.3: the order's building (fox sawmill, rabbit workshop, mouse recruiter); 4.7.3:
    the type with the most buildings on the map, a tie with sawmills giving a sawmill and a
    tie of workshops and recruiters a recruiter. Returns the type and why."""
    suit = order_suit(g, seat)
    if suit != "bird":
        return BUILDING_OF[str(suit)], "order"
    fs = st(g, seat)
    most = max(on_map(fs, k) for k in BUILDINGS)
    tied = [k for k in BUILDINGS if on_map(fs, k) == most]
    if len(tied) == 1:
        return tied[0], "most_on_map"
    if "sawmill" in tied:
        return "sawmill", "tie_sawmill"
    return "recruiter", "tie_recruiter"


def build(g: GameState, seat: int) -> None:
    """4.5.3, 4.7.3: a building of the type the order gives in the clearing the bot rules
    with the most Marquise warriors (then highest priority) with an open slot. None of that
    type left on its track: no building (docs/rulings.md)."""
    fs = st(g, seat)
    if fs.order is None:
        return
    rule = "LR 4.7.3" if escalated(g, seat) else "LR 4.5.3"
    kind, why = building_type(g, seat)
    emit(g, {"kind": "building_type", "seat": seat, "action": "build", "piece": kind,
             "why": why, "suit": order_suit(g, seat), "rule": rule})
    cands = [c for c in board(g).clearings if rules(g, seat, c) and can_build(g, seat, c)]
    c = choose_clearing(
        g,
        seat,
        "build_" + kind,
        cands if fs.track[kind] else [],
        (("most_own_warriors", lambda c: g.warriors[c][seat]),),
        rule,
    )
    if c is None:
        return
    place_building(g, seat, c, kind)
    fs.track[kind] -= 1
    g.turn["built"] = True


# --- Blitz, LR 4.5.5 Expand, LR 4.6 Evening ---------------------------------------------------


def blitz(g: GameState, seat: int) -> None:
    """Blitz: after Move, from the ruled clearing of highest priority without enemy pieces,
    all warriors but one to the adjacent clearing with the most enemy pieces (Move's rule,
    docs/rulings.md), then a battle there if an enemy is there."""
    cands = [
        c
        for c in board(g).clearings
        if rules(g, seat, c)
        and not enemy_pieces(g, seat, c)
        and g.warriors[c][seat] > 1
        and move_pairs(g, seat, [c])
    ]
    o = choose_clearing(g, seat, "move_from", cands, (), "blitz")
    if o is None:
        return
    d = choose_clearing(
        g,
        seat,
        "move_to",
        [d for _, d in move_pairs(g, seat, [o])],
        (("most_enemy_pieces", lambda c: enemy_pieces(g, seat, c)),),
        "blitz",
    )
    assert d is not None
    # The battle comes after whatever the move sets off (Outrage): its frame goes below.
    g.stack.append(Frame("mechanical_marquise", seat, {"act": "blitz_battle", "c": d}))
    do_move(g, seat, o, d, g.warriors[o][seat] - 1)


def expand(g: GameState, seat: int) -> None:
    """4.5.5: with no building placed this turn and at most five on the map, discard the
    order card, reveal a new one (not crafted) and go back to the start of Daylight (a bird
    card: Escalated Daylight, which has no Expand). Overwhelming: once per turn. The bot
    stops once it has revealed in one turn as many cards as the deck and discard pile held
    at its first Expand (docs/rulings.md)."""
    fs = st(g, seat)
    if fs.order is None or escalated(g, seat) or g.turn.get("built"):
        return
    if on_map(fs) > EXPAND_MAX:
        return
    n = int(g.turn.get("expanded", 0))
    if n == 0:
        g.turn["expand_cards"] = len(g.deck) + len(g.discard) + 1
    if (n and has_trait(g, seat, "overwhelming")) or n >= g.turn["expand_cards"]:
        return
    g.turn["expanded"] = n + 1
    emit(g, {"kind": "expand", "seat": seat, "buildings": on_map(fs)})
    discard(g, fs.order)
    fs.order = reveal_order(g, seat)
    g.stack[0].data["i"] = step_index(g, seat, "daylight", "start")


def score_track(g: GameState, seat: int) -> None:
    """4.6.1: the VP of the rightmost empty space of the ordered Buildings track (a bird
    order: the track that scores the most)."""
    fs = st(g, seat)
    suit = order_suit(g, seat)
    if suit is None:
        return

    def vp(kind: str) -> int:
        n = on_map(fs, kind)
        return TRACK_VP[n - 1] if n else 0

    if suit == "bird":
        kind, why = max(BUILDINGS, key=vp), "most_vp"
    else:
        kind, why = BUILDING_OF[suit], "order"
    emit(g, {"kind": "building_type", "seat": seat, "action": "score", "piece": kind,
             "why": why, "suit": suit, "rule": "LR 4.6.1"})
    if vp(kind):
        score(g, seat, vp(kind), kind + " track")
