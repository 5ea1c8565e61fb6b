"""7. The Eyrie Dynasties.

7.2.1 crafting with roosts, before the Decree; 7.2.2 Lords of the Forest; 7.2.3 Disdain for
Trade; 7.3 setup; 7.4 Birdsong (Emergency Orders, Add to the Decree, A New Roost); 7.5 Daylight
(craft, resolve the Decree); 7.6 Evening (score roosts, draw); 7.7 Turmoil (humiliate, purge,
depose, rest); 7.8 the leaders.

The Decree is four columns of card ids; the two Loyal Viziers are the ids -1 and -2 (bird
cards that are not part of the deck).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any, Final

from ..actions import (
    CARD,
    CLEARING,
    SEAT,
    SUIT,
    Action,
)
from ..cards import CARD_SUITS, DECK
from ..errors import PositionError
from ..flow import FACTIONS, applies, decision, explains, pop
from ..rules import crafting
from ..rules.battle import battle_targets, start_battle
from ..rules.chance import emit
from ..rules.core import (
    board,
    buildings_of,
    can_build,
    card_suit,
    discard,
    draw,
    place_building,
    place_warriors,
    rules,
    score,
)
from ..rules.effects import (
    DAYLIGHT_CARD_ACTIONS,
    apply_daylight_card_action,
    asks_daylight,
    daylight_card_actions,
)
from ..rules.movement import explain_move, move_pairs, origins_for_suit, start_move
from ..rules.turn import draw_and_discard, end_daylight
from ..state import JSON, Frame, GameState
from .base import Faction

_DATA = json.loads(resources.files("rootgame.data").joinpath("factions.json").read_text("utf-8"))[
    "eyrie"
]
WARRIORS: Final = int(_DATA["warriors"])
ROOSTS: Final = int(_DATA["roosts"])
ROOST_VP: Final[tuple[int, ...]] = tuple(_DATA["vp"])
"""7.6.1: VP printed on the roost track; index N-1 is uncovered by the Nth roost on the map."""
DRAW_BONUS_AT: Final[tuple[int, ...]] = tuple(_DATA["draw_bonus_positions"])
COLUMNS: Final[tuple[str, ...]] = ("recruit", "move", "battle", "build")
"""7.5.2: the Decree's columns, resolved left to right."""
LEADERS: Final[tuple[str, ...]] = ("builder", "charismatic", "commander", "despot")
VIZIER_COLUMNS: Final[dict[str, tuple[int, int]]] = {
    name.lower(): (COLUMNS.index(cols[0].lower()), COLUMNS.index(cols[1].lower()))
    for name, cols in _DATA["leaders"].items()
}
"""7.8: the two columns where each leader tucks the Loyal Viziers."""
VIZIERS: Final[tuple[int, int]] = (-1, -2)
SETUP_WARRIORS: Final = 6
NEW_ROOST_WARRIORS: Final = 3


class EyrieState:
    """The Eyrie's board: warriors and roosts off the map, the leaders and the Decree."""

    __slots__ = ("warriors", "roosts", "leader", "face_up", "decree", "col", "pending", "home")

    def __init__(self, src: EyrieState | None = None) -> None:
        """A new board, or with ``src`` a copy of that one (:meth:`clone`; as ``GameState``)."""
        if src is None:
            self.warriors = WARRIORS
            self.roosts = ROOSTS
            """Roosts on the roost track (7 before setup)."""
            self.leader: str | None = None
            self.face_up: list[str] = list(LEADERS)
            """Face-up leaders waiting beside the board (the current leader is not among them)."""
            self.decree: list[list[int]] = [[], [], [], []]
            self.col = 0
            """While resolving the Decree: the column being resolved."""
            self.pending: list[int] = []
            """While resolving the Decree: cards of the current column not yet resolved."""
            self.home = 0
            return
        self.warriors, self.roosts, self.leader = src.warriors, src.roosts, src.leader
        self.face_up = src.face_up[:]
        self.decree = [c[:] for c in src.decree]
        self.col, self.pending, self.home = src.col, src.pending[:], src.home

    def clone(self) -> EyrieState:
        return EyrieState(self)

    def to_dict(self) -> JSON:
        return {
            "warriors": self.warriors,
            "roosts": self.roosts,
            "leader": self.leader,
            "face_up": self.face_up[:],
            "decree": [c[:] for c in self.decree],
            "col": self.col,
            "pending": self.pending[:],
            "home": self.home,
        }

    @classmethod
    def from_dict(cls, d: JSON) -> EyrieState:
        s = cls()
        s.warriors, s.roosts, s.leader = d["warriors"], d["roosts"], d["leader"]
        s.face_up = list(d["face_up"])
        s.decree = [list(c) for c in d["decree"]]
        s.col, s.pending, s.home = d["col"], list(d["pending"]), d["home"]
        return s


def st(g: GameState, seat: int) -> EyrieState:
    fs: EyrieState = g.fs[seat]
    return fs


def _pending_cards(fs: EyrieState, refs: Any) -> list[int]:
    """Position builder: the unresolved cards of the column being resolved, named in column
    order by key ("vizier" for a Loyal Vizier) or by id."""
    if not isinstance(refs, list):
        raise PositionError("eyrie.pending: a list of cards of the column being resolved")
    column = fs.decree[fs.col] if fs.col < len(COLUMNS) else []
    out: list[int] = []
    at = 0
    for r in refs:
        for j in range(at, len(column)):
            cid = column[j]
            key = "vizier" if cid < 0 else DECK[cid].key
            if r == cid if isinstance(r, int) and not isinstance(r, bool) else r == key:
                out.append(cid)
                at = j + 1
                break
        else:
            raise PositionError(
                f"eyrie.pending: {r!r} is not a later card of the column being resolved"
            )
    return out


def roost_clearings(g: GameState, seat: int) -> tuple[int, ...]:
    """The clearings of the Eyrie's roosts (never two in one clearing, 7.5.2.IV)."""
    return buildings_of(g, seat, "roost")


def roosts_on_map(g: GameState, seat: int) -> int:
    return ROOSTS - st(g, seat).roosts


def recruit_count(fs: EyrieState) -> int:
    """7.8.2 Charismatic: every recruit places two warriors instead of one."""
    return 2 if fs.leader == "charismatic" else 1


class RoostBoard(Faction):
    """What every Eyrie board shares, the Eyrie Dynasties' and the Electric Eyrie's (Law of
    Rootbotics 5, which plays with the same pieces): 20 warriors, 7 roosts on a track
    (7.3), at most one roost per clearing, a Decree of cards with the Loyal Viziers (ids < 0,
    not in the deck)."""

    warriors_total = WARRIORS
    building_kinds: tuple[str, ...] = ("roost",)
    rules_ties = True

    def building_removed(self, g: GameState, seat: int, c: int, kind: str) -> None:
        g.fs[seat].roosts += 1

    def piece_totals(self) -> dict[str, int]:
        return {"warrior": WARRIORS, "roost": ROOSTS}

    def board_cards(self, g: GameState, seat: int) -> list[int]:
        """The Decree's cards (not the Loyal Viziers, which are not in the deck)."""
        return [c for col in g.fs[seat].decree for c in col if c >= 0]

    def piece_counts(self, g: GameState, seat: int) -> dict[str, tuple[int, int]]:
        fs = g.fs[seat]
        b = board(g)
        return {
            "warrior": (sum(g.warriors[c][seat] for c in b.clearings), fs.warriors),
            "roost": (len(roost_clearings(g, seat)), fs.roosts),
        }

    def load_roosts(self, g: GameState, seat: int) -> None:
        """Position builder: warriors in supply and roosts on the track, from the map."""
        fs = g.fs[seat]
        b = board(g)
        fs.warriors = WARRIORS - sum(g.warriors[c][seat] for c in b.clearings)
        for c in b.clearings:
            if g.buildings[c].count((seat, "roost")) > 1:
                raise PositionError(f"clearings.{c}: at most one roost per clearing (7.5.2.IV)")
        fs.roosts = ROOSTS - len(roost_clearings(g, seat))


class Eyrie(RoostBoard):
    name = "eyrie"
    setup_order = "B"
    birdsong_steps: tuple[str, ...] = ("emergency_orders", "add_to_decree", "new_roost")
    daylight_steps: tuple[str, ...] = ("craft", "decree")
    evening_steps: tuple[str, ...] = ("score_roosts", "draw")

    def new_state(self) -> EyrieState:
        return EyrieState()

    def state_from_dict(self, d: JSON) -> EyrieState:
        return EyrieState.from_dict(d)

    # --- 7.3 Setup ---------------------------------------------------------------------
    def setup(self, g: GameState, seat: int) -> None:
        options = setup_corners(g, seat)
        if len(options) == 1:
            _place_home(g, seat, options[0])
        else:
            g.stack.append(Frame("eyrie_corner", seat, {}))

    # --- Turn ---------------------------------------------------------------------------
    def run_step(self, g: GameState, seat: int, step: str) -> None:
        fs: EyrieState = g.fs[seat]
        if step == "emergency_orders":
            # 7.4.1 Emergency Orders: with no cards in hand, draw a card.
            if not g.seats[seat].hand:
                draw(g, seat, 1)
        elif step == "add_to_decree":
            # 7.4.2: must add one or two cards (as many as possible, 1.5.4).
            if g.seats[seat].hand:
                # "ask": after a bird card, whether a second card is asked for must not
                # reveal whether the rest of the hand is all birds (1.2.1).
                g.stack.append(
                    Frame("decree_add", seat, {"added": 0, "bird": False, "ask": True})
                )
        elif step == "new_roost":
            new_roost(g, seat)
        elif step == "craft":
            # 7.2.1 / 7.5.1: craft with roosts before resolving the Decree.
            crafting.push_craft(g, seat)
        elif step == "decree":
            fs.col = 0
            fs.pending = fs.decree[0][:]
            if _next_column(fs):
                g.stack.append(Frame("decree", seat, {}))
        elif step == "score_roosts":
            # 7.6.1: score the VP of the rightmost empty space of the roost track.
            m = roosts_on_map(g, seat)
            if m:
                score(g, seat, ROOST_VP[m - 1], "roosts")
        elif step == "draw":
            # 7.6.2: draw one card plus one per uncovered draw bonus; discard down to five.
            m = roosts_on_map(g, seat)
            draw_and_discard(g, seat, 1 + sum(1 for x in DRAW_BONUS_AT if m >= x))
        else:
            raise AssertionError(step)

    # --- Hooks ----------------------------------------------------------------------------
    def crafting_pieces(self, g: GameState, seat: int) -> tuple[int, ...]:
        """7.2.1: the Eyrie craft by activating roosts."""
        return roost_clearings(g, seat)

    def craft_vp(self, g: GameState, seat: int, card: object) -> int:
        """7.2.3 Disdain for Trade: an item crafted scores 1 VP, whatever the card says;
        the Builder ignores this (7.8.1)."""
        if st(g, seat).leader == "builder":
            return int(getattr(card, "vp", 0))
        return 1

    def attacker_extra_hits(self, g: GameState, seat: int) -> int:
        """7.8.3 Commander: one extra hit as attacker."""
        return 1 if st(g, seat).leader == "commander" else 0

    def battle_removed(self, g: GameState, seat: int, c: int) -> None:
        """7.8.4 Despot: removing an enemy building or token in battle scores one extra VP
        ("two in total", 3.2.1), once per battle however many are removed (FAQ): scored with
        the first one, in the same step."""
        if st(g, seat).leader == "despot":
            score(g, seat, 1, "despot")

    def load_position(self, g: GameState, seat: int, spec: JSON) -> None:
        self.check_fields(spec, ("leader", "face_up", "decree", "home", "col", "pending"))
        fs: EyrieState = g.fs[seat]
        b = board(g)
        self.load_roosts(g, seat)
        leader = spec.get("leader", "builder")
        if leader is not None and leader not in LEADERS:
            raise PositionError(f"eyrie.leader: one of {', '.join(LEADERS)}, not {leader!r}")
        fs.leader = leader  # None: no leader (during setup or a turmoil, with a stack)
        face_up = spec.get("face_up", [x for x in LEADERS if x != leader])
        if not isinstance(face_up, list) or any(x not in LEADERS or x == leader for x in face_up):
            raise PositionError("eyrie.face_up: a list of the other leaders that are face up")
        fs.face_up = [x for x in LEADERS if x in face_up]
        roosts = roost_clearings(g, seat)
        home = spec.get("home", roosts[0] if roosts else 0)
        if (
            not isinstance(home, int)
            or isinstance(home, bool)
            or (home != 0 and home not in b.clearings)
        ):
            raise PositionError(f"eyrie.home: a clearing number, not {home!r}")
        fs.home = home
        # While the Decree is resolved: the column (or "end" once done) and its unresolved cards.
        col = spec.get("col", 0)
        if col == "end":
            col = len(COLUMNS)
        elif col in COLUMNS:
            col = COLUMNS.index(col)
        if not isinstance(col, int) or isinstance(col, bool) or not 0 <= col <= len(COLUMNS):
            raise PositionError(f"eyrie.col: a Decree column or 'end', not {col!r}")
        fs.col = col

    def load_position_cards(
        self, g: GameState, seat: int, spec: JSON, take: Callable[[Any, str], int]
    ) -> None:
        fs: EyrieState = g.fs[seat]
        decree = spec.get("decree")
        if decree is None:
            fs.decree = [[], [], [], []]
            for v, col_i in zip(VIZIERS, VIZIER_COLUMNS.get(fs.leader or "", ()), strict=False):
                fs.decree[col_i].append(v)
            fs.pending = _pending_cards(fs, spec.get("pending", []))
            return
        if not isinstance(decree, dict) or any(k not in COLUMNS for k in decree):
            raise PositionError(f"eyrie.decree: an object with columns {', '.join(COLUMNS)}")
        viziers = list(VIZIERS)
        cols: list[list[int]] = [[], [], [], []]
        for name in [c for c in COLUMNS if c in decree]:  # left to right, whatever the order
            refs = decree[name]
            if not isinstance(refs, list):
                raise PositionError(f"eyrie.decree.{name}: a list of cards")
            for r in refs:
                if r == "vizier":
                    if not viziers:
                        raise PositionError("eyrie.decree: there are only two Loyal Viziers")
                    cols[COLUMNS.index(name)].append(viziers.pop(0))
                else:
                    cols[COLUMNS.index(name)].append(take(r, f"eyrie.decree.{name}"))
        if len(viziers) == 2:
            # With no leader (setup, turmoil) no Vizier is tucked unless named.
            for v, col_i in zip(VIZIERS, VIZIER_COLUMNS.get(fs.leader or "", ()), strict=False):
                cols[col_i].append(v)
        elif viziers:
            raise PositionError("eyrie.decree: name both Loyal Viziers, or neither")
        fs.decree = cols
        fs.pending = _pending_cards(fs, spec.get("pending", []))

    def public_view(self, g: GameState, seat: int) -> JSON:
        fs: EyrieState = g.fs[seat]
        return {
            "warriors_in_supply": fs.warriors,
            "roosts_on_track": fs.roosts,
            "leader": fs.leader,
            "face_up_leaders": fs.face_up[:],
            "face_down_leaders": [x for x in LEADERS if x != fs.leader and x not in fs.face_up],
            "decree": {COLUMNS[i]: fs.decree[i][:] for i in range(4)},
        }

    board_features = (
        "warriors_in_supply",
        "roosts_on_track",
        *(f"leader:{x}" for x in LEADERS),
        *(f"face_up:{x}" for x in LEADERS),
        *(f"decree:{col}:{suit}" for col in COLUMNS for suit in CARD_SUITS),
    )

    def observe_board(self, board: JSON) -> list[float]:
        out: list[float] = [board["warriors_in_supply"], board["roosts_on_track"]]
        out.extend(float(board["leader"] == x) for x in LEADERS)
        out.extend(float(x in board["face_up_leaders"]) for x in LEADERS)
        for col in COLUMNS:
            suits = [card_suit(c) for c in board["decree"][col]]
            out.extend(suits.count(s) for s in CARD_SUITS)
        return out


FACTIONS["eyrie"] = Eyrie()


# --- 7.3 Setup ---------------------------------------------------------------------------


def setup_corners(g: GameState, seat: int) -> list[int]:
    """7.3.2: a corner that is not another player's starting clearing and, if possible, is
    diagonally opposite one."""
    b = board(g)
    homes = {getattr(g.fs[s], "home", 0) for s in range(g.n) if s != seat} - {0}
    free = [c for c in b.corners if c not in homes]
    opposite = [c for c in free if b.opposite_corner[c] in homes]
    return opposite or free


def _place_home(g: GameState, seat: int, c: int) -> None:
    fs: EyrieState = g.fs[seat]
    fs.home = c
    _put_roost(g, seat, c, SETUP_WARRIORS)
    g.stack.append(Frame("eyrie_leader", seat, {}))


@decision("eyrie_corner", "Choose your starting corner", takes=(("corner", CLEARING),))
def _corner_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [("corner", c) for c in setup_corners(g, f.seat)]


@applies("eyrie_corner")
def _corner_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    _place_home(g, f.seat, int(a[1]))


@decision("eyrie_leader", "Choose a leader", takes=(("leader", LEADERS),))
def _leader_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [("leader", x) for x in st(g, f.seat).face_up]


@applies("eyrie_leader")
def _leader_apply(g: GameState, f: Frame, a: Action) -> None:
    """7.3.3-7.3.4 and 7.7.3: take the leader; tuck the Viziers into its columns."""
    pop(g, f)
    assert f.seat is not None
    fs: EyrieState = g.fs[f.seat]
    name = str(a[1])
    fs.face_up.remove(name)
    fs.leader = name
    emit(g, {"kind": "leader", "seat": f.seat, "leader": name})
    for col in fs.decree:
        for v in VIZIERS:
            if v in col:
                col.remove(v)
    for v, col_i in zip(VIZIERS, VIZIER_COLUMNS[name], strict=True):
        fs.decree[col_i].append(v)


# --- 7.4 Birdsong --------------------------------------------------------------------------


@decision(
    "decree_add", "Add a card to the Decree", takes=(("decree", CARD, COLUMNS), ("done",))
)
def _add_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    acts: list[Action] = []
    for cid in g.seats[f.seat].hand:
        if f.data["bird"] and DECK[cid].suit == "bird":
            continue  # 7.4.2: at most one of the added cards may be a bird.
        for col in COLUMNS:
            acts.append(("decree", cid, col))
    if f.data["added"] >= 1:
        acts.append(("done",))
    return acts


@applies("decree_add")
def _add_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    if a[0] == "done":
        pop(g, f)
        return
    cid, col = int(a[1]), str(a[2])
    g.seats[f.seat].hand.remove(cid)
    st(g, f.seat).decree[COLUMNS.index(col)].append(cid)
    f.data["added"] += 1
    if DECK[cid].suit == "bird":
        f.data["bird"] = True
    if f.data["added"] >= 2:
        pop(g, f)


@explains("decree_add")
def _add_explain(g: GameState, f: Frame, a: Action) -> str | None:
    assert f.seat is not None
    if a[0] == "done" and f.data["added"] == 0:
        return "you must add at least one card to the Decree (7.4.2)"
    if a[0] == "decree" and len(a) == 3 and isinstance(a[1], int) and 0 <= a[1] < len(DECK):
        if a[1] not in g.seats[f.seat].hand:
            return f"{DECK[a[1]].name} is not in your hand"
        if f.data["bird"] and DECK[a[1]].suit == "bird":
            return "at most one of the cards you add to the Decree may be a bird (7.4.2)"
        if a[2] not in COLUMNS:
            return f"the Decree's columns are {', '.join(COLUMNS)}"
    return None


def new_roost_candidates(g: GameState, seat: int) -> list[int]:
    """7.4.3: among clearings where a roost and three warriors can be placed, those with the
    fewest warriors (of all players)."""
    b = board(g)
    ok = [c for c in b.clearings if can_build(g, seat, c)]
    if not ok:
        return []
    least = min(sum(g.warriors[c]) for c in ok)
    return [c for c in ok if sum(g.warriors[c]) == least]


def new_roost(g: GameState, seat: int) -> None:
    """7.4.3 A New Roost: with no roost on the map, place a roost and three warriors."""
    if roost_clearings(g, seat) or st(g, seat).roosts == 0:
        return
    cands = new_roost_candidates(g, seat)
    if len(cands) == 1:
        _put_roost(g, seat, cands[0], NEW_ROOST_WARRIORS)
    elif cands:
        g.stack.append(Frame("new_roost", seat, {}))


def _put_roost(g: GameState, seat: int, c: int, warriors: int = 0) -> None:
    """Place a roost from the track in ``c``, and ``warriors`` warriors with it (7.3.2,
    7.4.3, 7.5.2.IV)."""
    place_building(g, seat, c, "roost")
    st(g, seat).roosts -= 1
    if warriors:
        place_warriors(g, seat, c, warriors)


@decision(
    "new_roost",
    "A New Roost: choose among the clearings with the fewest warriors",
    takes=(("roost", CLEARING),),
)
def _nr_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [("roost", c) for c in new_roost_candidates(g, f.seat)]


@applies("new_roost")
def _nr_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    _put_roost(g, f.seat, int(a[1]), NEW_ROOST_WARRIORS)


# --- 7.5.2 Resolve the Decree --------------------------------------------------------------


def _next_column(fs: EyrieState) -> bool:
    """Move to the next column with cards; False once the Build column is done."""
    while not fs.pending:
        fs.col += 1
        if fs.col >= len(COLUMNS):
            return False
        fs.pending = fs.decree[fs.col][:]
    return True


def card_options(g: GameState, seat: int, col: int, suit: str) -> list[Action]:
    """Every way to carry out one Decree card of ``suit`` in column ``col`` (7.5.2 I-IV)."""
    fs: EyrieState = g.fs[seat]
    b = board(g)
    clearings = b.clearings_of_suit(suit)
    name = COLUMNS[col]
    if name == "recruit":
        if fs.warriors <= 0:
            return []
        return [("recruit", suit, c) for c in clearings if (seat, "roost") in g.buildings[c]]
    if name == "move":
        return [("move", suit, o, d) for o, d in move_pairs(g, seat, origins_for_suit(g, suit))]
    if name == "battle":
        return [("battle", suit, c, d) for c, d in battle_targets(g, seat, clearings)]
    if fs.roosts <= 0:
        return []
    return [
        ("build", suit, c)
        for c in clearings
        if rules(g, seat, c) and (seat, "roost") not in g.buildings[c] and can_build(g, seat, c, b)
    ]


@decision(
    "decree",
    "Resolve the Decree",
    takes=(
        ("recruit", SUIT, CLEARING),
        ("move", SUIT, CLEARING, CLEARING),
        ("battle", SUIT, CLEARING, SEAT),
        ("build", SUIT, CLEARING),
        ("turmoil", SUIT),
        *DAYLIGHT_CARD_ACTIONS,
    ),
    # 1.2.1: asked even with one way left while the Daylight card actions hang on the hand.
    asks=asks_daylight,
)
def _decree_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    seat = f.seat
    fs: EyrieState = g.fs[seat]
    acts: list[Action] = []
    done: set[str] = set()
    impossible: Action | None = None
    for cid in fs.pending:
        suit = card_suit(cid)
        if suit in done:
            continue
        done.add(suit)
        opts = card_options(g, seat, fs.col, suit)
        if opts:
            acts.extend(opts)
        elif impossible is None:
            # 7.5.2: this card cannot be carried out; resolving it means turmoil. (Two such
            # cards lead to the same turmoil, so one action stands for both.)
            impossible = ("turmoil", suit)
    if impossible is not None:
        acts.append(impossible)
    acts.extend(daylight_card_actions(g, seat))
    return acts


@applies("decree")
def _decree_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    seat = f.seat
    fs: EyrieState = g.fs[seat]
    kind = a[0]
    if kind not in ("recruit", "move", "battle", "build", "turmoil"):
        apply_daylight_card_action(g, seat, a)
        return
    if kind == "turmoil":
        pop(g, f)
        turmoil(g, seat)
        return
    suit = str(a[1])
    for cid in fs.pending:
        if card_suit(cid) == suit:
            fs.pending.remove(cid)
            break
    if not _next_column(fs):
        pop(g, f)
    if kind == "recruit":
        c = int(a[2])
        need = recruit_count(fs)
        if place_warriors(g, seat, c, need) < need:
            # Charismatic with one warrior left: place it, but the action was not fully done.
            _abandon_decree(g, f)
            turmoil(g, seat)
    elif kind == "move":
        start_move(g, seat, int(a[2]), int(a[3]))
    elif kind == "battle":
        start_battle(g, seat, int(a[2]), int(a[3]))
    else:
        _put_roost(g, seat, int(a[2]))


def _abandon_decree(g: GameState, f: Frame) -> None:
    if g.stack and g.stack[-1] is f:
        pop(g, f)


@explains("decree")
def _decree_explain(g: GameState, f: Frame, a: Action) -> str | None:
    assert f.seat is not None
    fs: EyrieState = g.fs[f.seat]
    col = COLUMNS[fs.col]
    if a[0] in COLUMNS and a[0] != col:
        return f"the Decree is resolved left to right; now the {col} column (7.5.2)"
    if a[0] == col and len(a) >= 2:
        suit = a[1]
        if suit not in {card_suit(c) for c in fs.pending}:
            return f"no unresolved {suit} card is left in the {col} column"
        if col == "move":
            return explain_move(g, f.seat, a, 2, str(suit))
        if len(a) >= 3 and isinstance(a[2], int) and a[2] in board(g).clearings:
            c = a[2]
            if not board(g).matches(str(suit), c):
                return f"clearing {c} does not match the {suit} card (7.5.2)"
            if col == "build" and not rules(g, f.seat, c):
                return f"you do not rule clearing {c} (7.5.2.IV)"
            if col == "build" and (f.seat, "roost") in g.buildings[c]:
                return f"clearing {c} already has a roost (7.5.2.IV)"
            if col == "recruit" and (f.seat, "roost") not in g.buildings[c]:
                return f"you have no roost in clearing {c} to recruit at (7.5.2.I)"
    if a[0] == "turmoil":
        offered = [x for x in _decree_legal(g, f) if x[0] == "turmoil"]
        if offered:
            return (
                f"resolving any card that cannot be carried out leads to the same turmoil; "
                f"it is offered as '{' '.join(str(x) for x in offered[0])}'"
            )
        return "you may fall into turmoil only by resolving a card that cannot be carried out"
    return None


# --- 7.7 Turmoil -----------------------------------------------------------------------------


def turmoil(g: GameState, seat: int) -> None:
    """7.7: humiliate, purge, depose, rest."""
    fs: EyrieState = g.fs[seat]
    emit(g, {"kind": "turmoil", "seat": seat})
    # 7.7.1 Humiliate: lose 1 VP per bird card in the Decree, Viziers included.
    birds = sum(1 for col in fs.decree for cid in col if card_suit(cid) == "bird")
    at, before = len(g.log or ()), g.seats[seat].vp
    score(g, seat, -birds, "humiliate")
    if g.log is not None:
        lost = before - g.seats[seat].vp
        g.log.insert(at, {"kind": "humiliate", "seat": seat, "birds": birds, "vp": lost})
    # 7.7.2 Purge: discard every Decree card but the Loyal Viziers.
    purged = [cid for col in fs.decree for cid in col if cid >= 0]
    for cid in purged:
        discard(g, cid)
    for col in fs.decree:
        col[:] = [cid for cid in col if cid < 0]
    fs.pending = []
    emit(g, {"kind": "purge", "seat": seat, "cards": purged})
    # 7.7.3 Depose: the leader goes face down; choose a new one from the face-up leaders.
    # 7.7.3.I A New Clutch: with none face up, all four turn face up first.
    clutch = not fs.face_up
    emit(g, {"kind": "depose", "seat": seat, "leader": fs.leader, "new_clutch": clutch})
    fs.leader = None
    if clutch:
        fs.face_up = list(LEADERS)
    g.stack.append(Frame("eyrie_leader", seat, {}))
    # 7.7.4 Rest: Daylight ends at once.
    end_daylight(g)
