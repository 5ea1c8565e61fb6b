"""6. The Marquise de Cat.

6.2.1 crafting with workshops; 6.2.2 the Keep; 6.2.3 Field Hospitals; 6.3 setup; 6.4 Birdsong
wood; 6.5 Daylight: craft, then three actions (battle, march, recruit, build, overwork) plus one
per bird card spent; 6.6 Evening draw.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Final

from ..actions import (
    CARD,
    CLEARING,
    SEAT,
    Action,
)
from ..board import Board
from ..errors import PositionError
from ..flow import FACTIONS, applies, decision, explains, pop
from ..rules import crafting
from ..rules.battle import battle_targets, start_battle
from ..rules.core import (
    board,
    buildings_of,
    can_build,
    discard_from_hand,
    matching_cards,
    place_building,
    place_token,
    place_warriors,
    remove_token,
    rulers,
    rules,
    score,
)
from ..rules.effects import (
    DAYLIGHT_CARD_ACTIONS,
    apply_daylight_card_action,
    daylight_card_actions,
)
from ..rules.movement import explain_move, move_pairs, push_move, start_move
from ..rules.turn import draw_and_discard
from ..state import JSON, Frame, GameState
from .base import Faction

_DATA = json.loads(resources.files("rootgame.data").joinpath("factions.json").read_text("utf-8"))[
    "marquise"
]
BUILDINGS: Final[tuple[str, ...]] = ("sawmill", "workshop", "recruiter")
COST: Final[tuple[int, ...]] = tuple(_DATA["cost"])
"""6.5.4.II: wood cost of the Nth building of a kind (index N-1), the same on all three tracks."""
VP: Final[dict[str, tuple[int, ...]]] = {k: tuple(v) for k, v in _DATA["vp"].items()}
DRAW_BONUS_AT: Final[tuple[int, ...]] = tuple(_DATA["draw_bonus_positions"])
"""Recruiter-track positions whose uncovering adds one card to the Evening draw (6.6)."""
WARRIORS: Final = int(_DATA["warriors"])
WOOD: Final = int(_DATA["wood"])
PER_TRACK: Final = int(_DATA["buildings"])
ACTIONS_PER_TURN: Final = 3


class MarquiseState:
    """The Marquise's board: supply of warriors and wood, the three building tracks, the keep."""

    __slots__ = ("warriors", "wood", "track", "keep", "home")

    def __init__(self, src: MarquiseState | None = None) -> None:
        """A new board, or with ``src`` a copy of that one (:meth:`clone`; as ``GameState``)."""
        if src is None:
            self.warriors = WARRIORS
            self.wood = WOOD
            self.track: dict[str, int] = {k: PER_TRACK for k in BUILDINGS}
            """Buildings of each kind still on the board's track (not on the map)."""
            self.keep = 0
            """The keep's clearing; 0 before setup and once the keep is removed (6.2.2)."""
            self.home = 0
            return
        self.warriors, self.wood, self.keep, self.home = src.warriors, src.wood, src.keep, src.home
        self.track = dict(src.track)

    def clone(self) -> MarquiseState:
        return MarquiseState(self)

    def to_dict(self) -> JSON:
        return {
            "warriors": self.warriors,
            "wood": self.wood,
            "track": dict(self.track),
            "keep": self.keep,
            "home": self.home,
        }

    @classmethod
    def from_dict(cls, d: JSON) -> MarquiseState:
        s = cls()
        s.warriors, s.wood, s.keep, s.home = d["warriors"], d["wood"], d["keep"], d["home"]
        s.track = {k: int(v) for k, v in d["track"].items()}
        return s


def st(g: GameState, seat: int) -> MarquiseState:
    fs: MarquiseState = g.fs[seat]
    return fs


def placed(fs: MarquiseState, kind: str) -> int:
    return PER_TRACK - fs.track[kind]


def building_clearings(g: GameState, seat: int, kind: str) -> tuple[int, ...]:
    """One entry per building of ``kind`` on the map."""
    return buildings_of(g, seat, kind)


def wood_at(g: GameState, seat: int, c: int) -> int:
    return g.tokens[c].count((seat, "wood"))


class KeepBoard(Faction):
    """What every Marquise board shares, the Marquise de Cat's and the Mechanical Marquise
    2.0's (Law of Rootbotics 4, which plays with the same pieces): 25 warriors, three
    Buildings tracks of six, and the keep (6.2.2, LR 4.2.1)."""

    warriors_total = WARRIORS
    building_kinds = BUILDINGS
    blocks_others = True

    def blocks_placement(self, g: GameState, owner: int, placer: int, c: int) -> bool:
        """6.2.2 The Keep: only the Marquise may place pieces in the keep's clearing."""
        return bool(g.fs[owner].keep == c)

    def building_removed(self, g: GameState, seat: int, c: int, kind: str) -> None:
        g.fs[seat].track[kind] += 1

    def token_removed(self, g: GameState, seat: int, c: int, kind: str, by: int | None) -> None:
        if kind == "keep":
            g.fs[seat].keep = 0  # 6.2.2: once removed, the keep never returns.

    def load_keep(self, g: GameState, seat: int) -> None:
        """Position builder: warriors in supply, the Buildings tracks and the keep, from the
        map."""
        fs = g.fs[seat]
        b = board(g)
        fs.warriors = WARRIORS - sum(g.warriors[c][seat] for c in b.clearings)
        for k in BUILDINGS:
            fs.track[k] = PER_TRACK - len(building_clearings(g, seat, k))
        keeps = [c for c in b.clearings if (seat, "keep") in g.tokens[c]]
        if len(keeps) > 1:
            raise PositionError(f"{self.name}: there is only one keep")
        fs.keep = keeps[0] if keeps else 0


class Marquise(KeepBoard):
    name = "marquise"
    setup_order = "A"
    token_kinds: tuple[str, ...] = ("wood", "keep")
    birdsong_steps: tuple[str, ...] = ("wood",)
    daylight_steps: tuple[str, ...] = ("craft", "actions")
    evening_steps: tuple[str, ...] = ("draw",)

    def new_state(self) -> MarquiseState:
        return MarquiseState()

    def state_from_dict(self, d: JSON) -> MarquiseState:
        return MarquiseState.from_dict(d)

    # --- 6.3 Setup ---------------------------------------------------------------------
    def setup(self, g: GameState, seat: int) -> None:
        g.stack.append(Frame("cat_keep", seat, {}))

    # --- Turn ---------------------------------------------------------------------------
    def run_step(self, g: GameState, seat: int, step: str) -> None:
        if step == "wood":
            birdsong_wood(g, seat)
        elif step == "craft":
            crafting.push_craft(g, seat)
        elif step == "actions":
            g.turn.setdefault("actions", ACTIONS_PER_TURN)
            # Asked while she holds a card even when "end" is all that is left, so that
            # whether she is asked reveals nothing about her hand (a bird card, 1.2.1).
            g.stack.append(Frame("cat_actions", seat, {"ask": True}))
        elif step == "draw":
            # 6.6: draw one card plus one per uncovered draw bonus; discard down to five.
            p = placed(st(g, seat), "recruiter")
            draw_and_discard(g, seat, 1 + sum(1 for x in DRAW_BONUS_AT if p >= x))
        else:
            raise AssertionError(step)

    # --- Hooks ----------------------------------------------------------------------------
    def token_removed(self, g: GameState, seat: int, c: int, kind: str, by: int | None) -> None:
        if kind == "wood":
            st(g, seat).wood += 1
        super().token_removed(g, seat, c, kind, by)

    def crafting_pieces(self, g: GameState, seat: int) -> tuple[int, ...]:
        """6.2.1: the Marquise crafts with workshops."""
        return building_clearings(g, seat, "workshop")

    def warriors_removed(self, g: GameState, seat: int, c: int, n: int) -> None:
        """6.2.3 Field Hospitals: she may spend a card matching the clearing to put the
        removed warriors in the keep's clearing instead."""
        fs: MarquiseState = g.fs[seat]
        if fs.keep and n > 0 and g.seats[seat].hand:
            # Asked whenever she holds a card, so that it reveals nothing (1.2.1).
            g.stack.append(Frame("field_hospital", seat, {"c": c, "n": n, "ask": True}))

    def piece_totals(self) -> dict[str, int]:
        return {"warrior": WARRIORS, "wood": WOOD, **{k: PER_TRACK for k in BUILDINGS}}

    def piece_counts(self, g: GameState, seat: int) -> dict[str, tuple[int, int]]:
        fs: MarquiseState = g.fs[seat]
        b = board(g)
        out = {
            "warrior": (sum(g.warriors[c][seat] for c in b.clearings), fs.warriors),
            "wood": (sum(wood_at(g, seat, c) for c in b.clearings), fs.wood),
        }
        for k in BUILDINGS:
            out[k] = (len(building_clearings(g, seat, k)), fs.track[k])
        return out

    def load_position(self, g: GameState, seat: int, spec: JSON) -> None:
        self.check_fields(spec, ("home",))
        fs: MarquiseState = g.fs[seat]
        b = board(g)
        self.load_keep(g, seat)
        fs.wood = WOOD - sum(wood_at(g, seat, c) for c in b.clearings)
        fs.home = int(spec.get("home", fs.keep))

    def public_view(self, g: GameState, seat: int) -> JSON:
        fs: MarquiseState = g.fs[seat]
        return {
            "warriors_in_supply": fs.warriors,
            "wood_in_supply": fs.wood,
            "buildings_on_track": dict(fs.track),
            "keep": fs.keep or None,
            "next_cost": {k: (COST[placed(fs, k)] if fs.track[k] else None) for k in BUILDINGS},
            "actions_left": g.turn.get("actions") if g.turn_seat == seat else None,
        }

    board_features = (
        "warriors_in_supply",
        "wood_in_supply",
        *(f"on_track:{k}" for k in BUILDINGS),
        "keep",
        *(f"next_cost:{k}" for k in BUILDINGS),
        "actions_left",
    )

    def observe_board(self, board: JSON) -> list[float]:
        return [
            board["warriors_in_supply"],
            board["wood_in_supply"],
            *(board["buildings_on_track"][k] for k in BUILDINGS),
            board["keep"] or 0,
            *(board["next_cost"][k] or 0 for k in BUILDINGS),
            board["actions_left"] or 0,
        ]


FACTIONS["marquise"] = Marquise()


# --- 6.3 Setup decisions -----------------------------------------------------------------


@decision("cat_keep", "Place the keep in a corner clearing", takes=(("keep", CLEARING),))
def _keep_legal(g: GameState, f: Frame) -> list[Action]:
    others = {getattr(g.fs[s], "home", 0) for s in range(g.n) if s != f.seat}
    return [("keep", c) for c in board(g).corners if c not in others]


@applies("cat_keep")
def _keep_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    seat, c = f.seat, int(a[1])
    fs: MarquiseState = g.fs[seat]
    b = board(g)
    fs.keep = fs.home = c
    place_token(g, seat, c, "keep")
    # 6.3.3: a warrior in every clearing but the corner diagonally opposite the keep.
    for x in b.clearings:
        if x != b.opposite_corner[c]:
            place_warriors(g, seat, x, 1)
    g.stack.append(Frame("cat_setup_buildings", seat, {"left": BUILDINGS}))


def _setup_region(b: Board, keep: int) -> tuple[int, ...]:
    return (keep, *b.adjacent[keep])


@decision(
    "cat_setup_buildings",
    "Place a starting building near the keep",
    takes=(("place", BUILDINGS, CLEARING),),
)
def _sb_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    b = board(g)
    region = _setup_region(b, st(g, f.seat).keep)
    left: tuple[str, ...] = f.data["left"]
    return [("place", k, c) for k in left for c in region if can_build(g, f.seat, c)]


@applies("cat_setup_buildings")
def _sb_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    kind, c = str(a[1]), int(a[2])
    f.data["left"] = tuple(k for k in f.data["left"] if k != kind)
    place_building(g, f.seat, c, kind)
    st(g, f.seat).track[kind] -= 1
    if not f.data["left"]:
        pop(g, f)


# --- 6.4 Birdsong: wood -----------------------------------------------------------------


def birdsong_wood(g: GameState, seat: int) -> None:
    """6.4: one wood at each sawmill; if the wood runs short she chooses where (1.5.4)."""
    fs: MarquiseState = g.fs[seat]
    mills = building_clearings(g, seat, "sawmill")
    if len(mills) <= fs.wood:
        for c in mills:
            put_wood(g, seat, c)
    elif fs.wood > 0:
        g.stack.append(Frame("cat_wood", seat, {"left": tuple(mills)}))


def put_wood(g: GameState, seat: int, c: int) -> None:
    """Place a wood token from her supply in ``c`` (6.4, 6.5.5)."""
    place_token(g, seat, c, "wood")
    st(g, seat).wood -= 1


@decision(
    "cat_wood", "Too little wood: choose a sawmill to get wood", takes=(("wood", CLEARING),)
)
def _wood_legal(g: GameState, f: Frame) -> list[Action]:
    return [("wood", c) for c in sorted(set(f.data["left"]))]


@applies("cat_wood")
def _wood_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    c = int(a[1])
    fs: MarquiseState = g.fs[f.seat]
    put_wood(g, f.seat, c)
    left = list(f.data["left"])
    left.remove(c)
    f.data["left"] = tuple(left)
    if fs.wood == 0 or not left:
        pop(g, f)


# --- 6.5 Daylight actions ------------------------------------------------------------------


def ruled_component(g: GameState, seat: int, c: int, who: list[int] | None = None) -> list[int]:
    """6.5.4.II: ``c`` and every clearing linked to it through clearings she rules."""
    b = board(g)
    if who is None:
        who = rulers(g)
    # Marks by clearing, not a set: no integer hashed or boxed (issue 14).
    seen = [False] * len(who)
    seen[c] = True
    comp = [c]
    todo = [c]
    while todo:
        x = todo.pop()
        for y in b.adjacent[x]:
            if not seen[y] and who[y] == seat:
                seen[y] = True
                comp.append(y)
                todo.append(y)
    comp.sort()
    return comp


def build_options(g: GameState, seat: int) -> list[Action]:
    """6.5.4: a building she can pay for (wood reachable through ruled clearings) and place
    (a ruled clearing with an open slot)."""
    fs: MarquiseState = g.fs[seat]
    costs = [(k, COST[placed(fs, k)]) for k in BUILDINGS if fs.track[k] > 0]
    # The wood she can reach is at most all her wood on the map.
    cheapest = WOOD + 1
    for _, cost in costs:
        if cost < cheapest:
            cheapest = cost
    if cheapest > WOOD - fs.wood:
        return []
    b = board(g)
    who = rulers(g)
    places = [c for c in b.clearings if who[c] == seat and can_build(g, seat, c, b)]
    out: list[Action] = []
    wood_of = [-1] * len(who)  # the wood she can reach from each clearing, once found
    tokens, piece = g.tokens, (seat, "wood")
    for c in places:
        if wood_of[c] < 0:
            comp = ruled_component(g, seat, c, who)
            wood = 0
            for x in comp:
                wood += tokens[x].count(piece)  # wood_at, with no call per clearing
            for x in comp:
                wood_of[x] = wood
        wood = wood_of[c]
        out += [("build", k, c) for k, cost in costs if wood >= cost]
    return out


def why_not_build(g: GameState, seat: int, kind: str, c: int) -> str:
    fs: MarquiseState = g.fs[seat]
    if kind not in BUILDINGS:
        return f"the Marquise build sawmills, workshops and recruiters, not {kind!r}"
    if c not in board(g).clearings:
        return f"there is no clearing {c}"
    if fs.track[kind] == 0:
        return f"all six {kind}s are already on the map"
    if not rules(g, seat, c):
        return f"you do not rule clearing {c} (6.5.4.I)"
    if not can_build(g, seat, c):
        return f"clearing {c} has no open building slot (2.2.3)"
    need = COST[placed(fs, kind)]
    return f"the next {kind} costs {need} wood, more than you can reach from {c} (6.5.4.II)"


def do_build(g: GameState, seat: int, kind: str, c: int) -> None:
    """6.5.4 Build: the leftmost building of ``kind`` goes to ``c``; its wood is paid (II)
    before its VP are scored (III), so a build that reaches 30 VP wins with its cost paid
    (3.1). (The building is put down first: nothing the payment does depends on it, and the
    clearings that may pay were found before.)"""
    fs: MarquiseState = g.fs[seat]
    pos = placed(fs, kind)
    cost = COST[pos]
    comp = ruled_component(g, seat, c)
    place_building(g, seat, c, kind)
    fs.track[kind] -= 1
    pay_wood(g, seat, comp, cost, kind, VP[kind][pos])


def pay_wood(
    g: GameState, seat: int, comp: list[int], cost: int, kind: str = "", vp: int = 0
) -> None:
    """Remove ``cost`` wood from the clearings of ``comp``, asking where when there is a
    choice; once it is paid, score the ``vp`` of the ``kind`` built (6.5.4.III)."""
    if cost > 0:
        sources = [x for x in comp if wood_at(g, seat, x)]
        total = sum(wood_at(g, seat, x) for x in sources)
        if len(sources) > 1 and total > cost:
            g.stack.append(
                Frame(
                    "cat_pay_wood",
                    seat,
                    {"comp": tuple(comp), "left": cost, "kind": kind, "vp": vp},
                )
            )
            return
        for x in sources:
            while cost and wood_at(g, seat, x):
                _take_wood(g, seat, x)
                cost -= 1
    if kind:
        score(g, seat, vp, "built " + kind)


def _take_wood(g: GameState, seat: int, c: int) -> None:
    """Pay one wood from ``c``: it is removed from the map, back to her supply."""
    remove_token(g, c, g.tokens[c].index((seat, "wood")), seat)  # spent by its owner


@decision("cat_pay_wood", "Choose where to take wood from", takes=(("wood", CLEARING),))
def _pay_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [("wood", x) for x in f.data["comp"] if wood_at(g, f.seat, x)]


@applies("cat_pay_wood")
def _pay_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    pop(g, f)
    _take_wood(g, f.seat, int(a[1]))
    pay_wood(
        g,
        f.seat,
        list(f.data["comp"]),
        f.data["left"] - 1,
        f.data.get("kind", ""),
        f.data.get("vp", 0),
    )


def overwork_options(g: GameState, seat: int) -> list[Action]:
    """6.5.5 Overwork: spend a card matching a sawmill's clearing to place a wood there."""
    if st(g, seat).wood <= 0:
        return []
    b = board(g)
    out: list[Action] = []
    for c in sorted(set(building_clearings(g, seat, "sawmill"))):
        out += [("overwork", c, cid) for cid in matching_cards(g, seat, b.card_suit_at(c))]
    return out


def recruit(g: GameState, seat: int) -> None:
    """6.5.3 Recruit: one warrior at each recruiter (as many as the supply allows)."""
    fs: MarquiseState = g.fs[seat]
    at = building_clearings(g, seat, "recruiter")
    if len(at) <= fs.warriors:
        for c in at:
            place_warriors(g, seat, c, 1)
    elif fs.warriors > 0:
        g.stack.append(Frame("cat_recruit", seat, {"left": tuple(at)}))


@decision(
    "cat_recruit",
    "Too few warriors: choose a recruiter to recruit at",
    takes=(("recruit-at", CLEARING),),
)
def _rec_legal(g: GameState, f: Frame) -> list[Action]:
    return [("recruit-at", c) for c in sorted(set(f.data["left"]))]


@applies("cat_recruit")
def _rec_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    c = int(a[1])
    fs: MarquiseState = g.fs[f.seat]
    place_warriors(g, f.seat, c, 1)
    left = list(f.data["left"])
    left.remove(c)
    f.data["left"] = tuple(left)
    if fs.warriors == 0 or not left:
        pop(g, f)


@decision(
    "cat_actions",
    "Take an action (battle, march, recruit, build, overwork)",
    takes=(
        ("battle", CLEARING, SEAT),
        ("march", CLEARING, CLEARING),
        ("recruit",),
        ("build", BUILDINGS, CLEARING),
        ("overwork", CLEARING, CARD),
        ("bird", CARD),
        *DAYLIGHT_CARD_ACTIONS,
        ("end",),
    ),
)
def _actions_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    seat = f.seat
    acts: list[Action] = []
    if g.turn.get("actions", 0) > 0:
        b = board(g)
        acts += [("battle", c, d) for c, d in battle_targets(g, seat, b.clearings)]
        acts += [("march", o, d) for o, d in move_pairs(g, seat, b.clearings)]
        # 6.5.3: once per turn; offered while a warrior can be placed (1.5.4).
        can_recruit = st(g, seat).warriors > 0 and building_clearings(g, seat, "recruiter")
        if can_recruit and not g.turn.get("recruited"):
            acts.append(("recruit",))
        acts.extend(build_options(g, seat))
        acts.extend(overwork_options(g, seat))
    # 6.5: one more action for each bird card spent.
    acts += [("bird", cid) for cid in matching_cards(g, seat, "bird")]
    acts += daylight_card_actions(g, seat)
    acts.append(("end",))
    return acts


@applies("cat_actions")
def _actions_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    seat = f.seat
    kind = a[0]
    if kind == "end":
        pop(g, f)
        return
    if kind == "bird":
        discard_from_hand(g, seat, int(a[1]))
        g.turn["actions"] += 1
        return
    if kind in ("battle", "march", "recruit", "build", "overwork"):
        g.turn["actions"] -= 1
    if kind == "battle":
        start_battle(g, seat, int(a[1]), int(a[2]))
    elif kind == "march":
        # 6.5.2 March: up to two moves; the second is optional.
        push_move(g, seat, None, optional=True)
        start_move(g, seat, int(a[1]), int(a[2]))
    elif kind == "recruit":
        g.turn["recruited"] = True
        recruit(g, seat)
    elif kind == "build":
        do_build(g, seat, str(a[1]), int(a[2]))
    elif kind == "overwork":
        discard_from_hand(g, seat, int(a[2]))
        put_wood(g, seat, int(a[1]))
    else:
        apply_daylight_card_action(g, seat, a)


@explains("cat_actions")
def _actions_explain(g: GameState, f: Frame, a: Action) -> str | None:
    seat = f.seat
    assert seat is not None
    kind = a[0]
    is_action = kind in ("battle", "march", "recruit", "build", "overwork")
    if is_action and g.turn.get("actions", 0) <= 0:
        return "no actions left this Daylight (6.5); spend a bird card for one more"
    if kind == "recruit" and g.turn.get("recruited"):
        return "the Marquise recruit only once per turn (6.5.3)"
    if kind == "recruit" and not building_clearings(g, seat, "recruiter"):
        return "you have no recruiter on the map (6.5.3)"
    if kind == "recruit" and st(g, seat).warriors <= 0:
        return "you have no warrior in supply to recruit (6.5.3, 1.5.1)"
    if kind == "march":
        return explain_move(g, seat, a, 1, None)
    if kind == "build" and len(a) == 3 and isinstance(a[2], int):
        return why_not_build(g, seat, str(a[1]), a[2])
    return None


# --- 6.2.3 Field Hospitals ------------------------------------------------------------------


@decision(
    "field_hospital",
    "Field Hospitals: spend a matching card to save the warriors?",
    takes=(("hospital", CARD), ("pass",)),
)
def _fh_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    acts: list[Action] = [
        ("hospital", cid) for cid in matching_cards(g, f.seat, board(g).card_suit_at(f.data["c"]))
    ]
    acts.append(("pass",))
    return acts


@applies("field_hospital")
def _fh_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    if a[0] == "pass":
        return
    assert f.seat is not None
    seat = f.seat
    fs: MarquiseState = g.fs[seat]
    if not fs.keep:
        return
    discard_from_hand(g, seat, int(a[1]))
    place_warriors(g, seat, fs.keep, int(f.data["n"]))
