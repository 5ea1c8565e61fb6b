"""Law of Rootbotics 5: the Electric Eyrie, a Clockwork bot.

5.2.1 Lords of the Forest (the Law of Root's rule tie, ``rules_ties``); 5.3 setup; 5.4 Birdsong
(reveal the order, craft it, add it to the Decree, A New Roost); 5.5 Daylight (resolve the
Decree: every column recruits, then every column moves, then every column battles; then build
a roost); 5.6 Evening (score the Roosts track); 5.7 turmoil (humiliate, purge, rest). The
difficulty and trait cards (LR 3.3) change setup, Evening, turmoil and Daylight.

The Decree is four suit columns, fox, mouse, rabbit, bird, of card ids; the Loyal Viziers are
the ids -1 and -2 (bird cards outside the deck), as for the Eyrie Dynasties. Every choice is the
engine's (factions/clockwork.py); only the human players' questions (ambush aside: LR 2.8.2) are
decisions.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any, Final

from ..cards import CARD_SUITS, DECK
from ..errors import PositionError
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
    fac,
    has_pieces,
    place_building,
    place_warriors,
    rules,
    score,
)
from ..rules.movement import do_move, move_pairs
from ..rules.turn import end_daylight
from ..state import JSON, Frame, GameState
from . import clockwork
from .clockwork import (
    choose_clearing,
    choose_player,
    craft_order,
    defenseless_buildings,
    enemy_pieces,
    foe,
    has_trait,
    nightmare_point,
    ordered_clearings,
    pieces_of,
    reveal_order,
)
from .eyrie import VIZIERS, RoostBoard, roost_clearings, setup_corners

_DATA = json.loads(resources.files("rootgame.data").joinpath("factions.json").read_text("utf-8"))[
    "electric-eyrie"
]
ROOSTS: Final = int(_DATA["roosts"])
ROOST_VP: Final[tuple[int, ...]] = tuple(_DATA["vp"])
"""LR 5.6: VP on the Roosts track; index N-1 is uncovered by the Nth roost on the map."""
SETUP_WARRIORS: Final = int(_DATA["setup_warriors"])
NEW_ROOST_WARRIORS: Final = int(_DATA["new_roost_warriors"])
COLUMNS: Final[tuple[str, ...]] = ("fox", "mouse", "rabbit", "bird")
"""The Decree's suit columns, left to right."""
TRAITS: Final[tuple[str, ...]] = ("nobility", "relentless", "swoop", "war-tax", "focused")
"""LR 3.3: the trait cards (Focused is the Clockwork 2 extra trait)."""
NAME: Final = "electric-eyrie"


class ElectricEyrieState:
    """The bot's board: warriors and roosts off the map, the Decree, the order card, and the
    difficulty and traits chosen at setup."""

    __slots__ = ("warriors", "roosts", "decree", "order", "home", "difficulty", "traits")

    def __init__(self) -> None:
        self.warriors = int(_DATA["warriors"])
        self.roosts = ROOSTS
        self.decree: list[list[int]] = [[], [], [], []]
        self.order: int | None = None
        """This turn's order card (it also sits in its Decree column); None between turns."""
        self.home = 0
        self.difficulty = "default"
        self.traits: tuple[str, ...] = ()

    def clone(self) -> ElectricEyrieState:
        s = ElectricEyrieState()
        s.warriors, s.roosts, s.order, s.home = self.warriors, self.roosts, self.order, self.home
        s.decree = [c[:] for c in self.decree]
        s.difficulty, s.traits = self.difficulty, self.traits
        return s

    def to_dict(self) -> JSON:
        return {
            "warriors": self.warriors,
            "roosts": self.roosts,
            "decree": [c[:] for c in self.decree],
            "order": self.order,
            "home": self.home,
            "difficulty": self.difficulty,
            "traits": list(self.traits),
        }

    @classmethod
    def from_dict(cls, d: JSON) -> ElectricEyrieState:
        s = cls()
        s.warriors, s.roosts, s.order, s.home = d["warriors"], d["roosts"], d["order"], d["home"]
        s.decree = [list(c) for c in d["decree"]]
        s.difficulty, s.traits = d["difficulty"], tuple(d["traits"])
        return s


def st(g: GameState, seat: int) -> ElectricEyrieState:
    fs: ElectricEyrieState = g.fs[seat]
    return fs


def roosts_on_map(g: GameState, seat: int) -> int:
    return ROOSTS - st(g, seat).roosts


class ElectricEyrie(RoostBoard):
    name = NAME
    setup_order = "B"
    pieces = "eyrie"
    is_bot = True
    hates_surprises = True
    """LR 2.8.2: ambush cards cannot be played against this bot."""
    traits = TRAITS
    birdsong_steps: tuple[str, ...] = ("order", "new_roost")
    daylight_steps: tuple[str, ...] = (
        "recruit", "move", "battle", "relentless", "build", "swoop"
    )
    evening_steps: tuple[str, ...] = ("score_roosts", "nightmare")

    def new_state(self) -> ElectricEyrieState:
        return ElectricEyrieState()

    def state_from_dict(self, d: JSON) -> ElectricEyrieState:
        return ElectricEyrieState.from_dict(d)

    # --- LR 5.3 Setup -----------------------------------------------------------------------
    def setup(self, g: GameState, seat: int) -> None:
        fs = st(g, seat)
        # 5.3.2: a random corner that is nobody's starting corner, opposite one if possible.
        options = [c for c in setup_corners(g, seat) if can_build(g, seat, c)]
        if options:
            c = options[chance.pick(g, len(options), "corner") if len(options) > 1 else 0]
            fs.home = c
            place_building(g, seat, c, "roost")
            fs.roosts -= 1
            place_warriors(g, seat, c, SETUP_WARRIORS)
        # 5.3.3: the Loyal Viziers go into the bird column (Easy: only one).
        fs.decree[3] = list(VIZIERS[:1] if fs.difficulty == "easy" else VIZIERS)
        if fs.difficulty in ("challenging", "nightmare"):
            # Challenging, Nightmare: a bird ambush taken out of the deck joins them.
            for cid in reversed(g.deck):
                if DECK[cid].kind == "ambush" and DECK[cid].suit == "bird":
                    g.deck.remove(cid)
                    fs.decree[3].append(cid)
                    emit(g, {"kind": "decree_add", "seat": seat, "card": cid, "column": "bird"})
                    break

    # --- Turn -------------------------------------------------------------------------------
    def run_step(self, g: GameState, seat: int, step: str) -> None:
        fs = st(g, seat)
        if step == "order":
            # 5.4.1-5.4.3: reveal the order card, craft it, add it to its column.
            cid = reveal_order(g, seat)
            fs.order = cid
            craft_order(g, seat, cid)
            if cid is not None:
                col = COLUMNS.index(card_suit(cid))
                fs.decree[col].append(cid)
                emit(g, {"kind": "decree_add", "seat": seat, "card": cid, "column": COLUMNS[col]})
        elif step == "new_roost":
            new_roost(g, seat)
        elif step in ("recruit", "move", "battle"):
            # 5.5.1: each column with a card takes the action, left to right.
            cols = tuple(i for i in range(4) if fs.decree[i])
            if cols:
                g.stack.append(Frame("electric_eyrie", seat, {"act": step, "cols": cols}))
        elif step == "relentless":
            if has_trait(g, seat, "relentless"):
                relentless(g, seat)
        elif step == "build":
            build(g, seat)
        elif step == "swoop":
            if has_trait(g, seat, "swoop"):
                swoop(g, seat)
        elif step == "score_roosts":
            # 5.6: the VP of the rightmost empty space of the Roosts track.
            m = roosts_on_map(g, seat)
            if m:
                score(g, seat, ROOST_VP[m - 1], "roosts")
            fs.order = None
        elif step == "nightmare":
            nightmare_point(g, seat, fs)
        else:
            raise AssertionError(step)

    # --- Hooks ----------------------------------------------------------------------------
    def attacker_extra_hits(self, g: GameState, seat: int) -> int:
        """5.5.1.III: the column with the most cards deals an extra hit (set per battle)."""
        return 1 if g.turn.get("ee_extra_hit") else 0

    def removed_enemy_piece(self, g: GameState, seat: int, owner: int, c: int) -> None:
        """War Tax: the owner of a building or token the bot removes loses 1 VP."""
        if has_trait(g, seat, "war-tax"):
            score(g, owner, -1, "war tax")

    def load_position(self, g: GameState, seat: int, spec: JSON) -> None:
        self.check_fields(spec, ("decree", "home", "order", "difficulty", "traits"))
        self.load_roosts(g, seat)
        roosts = roost_clearings(g, seat)
        clockwork.load_settings(self, g, seat, spec, roosts[0] if roosts else 0)

    def load_position_cards(
        self, g: GameState, seat: int, spec: JSON, take: Callable[[Any, str], int]
    ) -> None:
        fs = st(g, seat)
        decree = spec.get("decree", {})
        if not isinstance(decree, dict) or any(k not in COLUMNS for k in decree):
            raise PositionError(f"{NAME}.decree: an object with columns {', '.join(COLUMNS)}")
        viziers = list(VIZIERS)
        cols: list[list[int]] = [[], [], [], []]
        for i, name in enumerate(COLUMNS):
            refs = decree.get(name, [])
            if not isinstance(refs, list):
                raise PositionError(f"{NAME}.decree.{name}: a list of cards")
            for r in refs:
                if r == "vizier":
                    if name != "bird" or not viziers:
                        raise PositionError(
                            f"{NAME}.decree: the two Loyal Viziers sit in the bird column"
                        )
                    cols[i].append(viziers.pop(0))
                    continue
                cid = take(r, f"{NAME}.decree.{name}")
                if card_suit(cid) != name:
                    raise PositionError(
                        f"{NAME}.decree.{name}: {DECK[cid].name} is a {card_suit(cid)} card"
                    )
                cols[i].append(cid)
        if "bird" not in decree:
            n = 1 if fs.difficulty == "easy" else 2
            cols[3] = list(VIZIERS[:n]) + cols[3]
        fs.decree = cols
        order = spec.get("order")
        if order is not None:
            found = [
                c for col in cols for c in col if c >= 0 and order in (c, DECK[c].key)
            ]
            if not found:
                raise PositionError(f"{NAME}.order: the order card is one of the Decree's cards")
            fs.order = found[-1]

    def describe_board(self, g: GameState, seat: int) -> JSON:
        fs = st(g, seat)
        out = clockwork.describe_settings(g, seat)
        out["decree"] = {
            COLUMNS[i]: ["vizier" if c < 0 else c for c in col]
            for i, col in enumerate(fs.decree)
            if col
        }
        if fs.order is not None:
            out["order"] = DECK[fs.order].key
        roosts = roost_clearings(g, seat)
        if fs.home and (not roosts or fs.home != roosts[0]):
            out["home"] = fs.home
        return out

    def public_view(self, g: GameState, seat: int) -> JSON:
        fs = st(g, seat)
        return {
            "warriors_in_supply": fs.warriors,
            "roosts_on_track": fs.roosts,
            "decree": {COLUMNS[i]: fs.decree[i][:] for i in range(4)},
            "order": fs.order,
            "difficulty": fs.difficulty,
            "traits": list(fs.traits),
        }

    board_features = (
        "warriors_in_supply",
        "roosts_on_track",
        *(f"decree:{col}" for col in COLUMNS),
        *(f"order:{s}" for s in CARD_SUITS),
        *(f"difficulty:{d}" for d in ("easy", "default", "challenging", "nightmare")),
        *(f"trait:{t}" for t in TRAITS),
    )

    def observe_board(self, board: JSON) -> list[float]:
        out: list[float] = [board["warriors_in_supply"], board["roosts_on_track"]]
        out.extend(float(len(board["decree"][col])) for col in COLUMNS)
        order = board["order"]
        out.extend(float(order is not None and card_suit(order) == s) for s in CARD_SUITS)
        out.extend(clockwork.observe_settings(self, board))
        return out


FACTIONS[NAME] = ElectricEyrie()


# --- LR 5.4.4 A New Roost ---------------------------------------------------------------------


def new_roost(g: GameState, seat: int) -> None:
    """5.4.4: with no roost on the map, a roost and four warriors in the ordered clearing of
    highest priority where they can be placed (an open slot where the bot may place pieces);
    as many warriors as the supply holds (1.5.4). No such clearing: turmoil (5.7). Nobility:
    a warrior the supply cannot give is one the bot is unable to place, so turmoil follows
    (docs/rulings.md)."""
    fs = st(g, seat)
    if roost_clearings(g, seat):
        return
    suit = card_suit(fs.order) if fs.order is not None else None
    cands = [c for c in ordered_clearings(g, suit) if can_build(g, seat, c)] if fs.roosts else []
    c = choose_clearing(g, seat, "new_roost", cands, (), "LR 5.4.4")
    if c is None:
        turmoil(g, seat, "LR 5.4.4")
        return
    place_building(g, seat, c, "roost")
    fs.roosts -= 1
    placed = place_warriors(g, seat, c, NEW_ROOST_WARRIORS)
    if placed < NEW_ROOST_WARRIORS and has_trait(g, seat, "nobility"):
        turmoil(g, seat, "nobility")


# --- LR 5.5.1 Resolve the Decree ----------------------------------------------------------------


@driver("electric_eyrie")
def _decree_run(g: GameState, f: Frame) -> None:
    """5.5.1: one column's action at a time, left to right; a battle's questions to the human
    (and effects) resolve before the next column acts."""
    cols: tuple[int, ...] = f.data["cols"]
    if not cols:
        pop(g, f)
        return
    assert f.seat is not None
    col, f.data["cols"] = cols[0], cols[1:]
    act = f.data["act"]
    if act == "recruit":
        if not recruit(g, f.seat, col):
            pop(g, f)
            turmoil(g, f.seat, "nobility")
    elif act == "move":
        move(g, f.seat, col)
    else:
        battle(g, f.seat, col)


def recruit(g: GameState, seat: int, col: int) -> bool:
    """5.5.1.I: as many warriors as the column has cards, in one clearing with a roost of the
    column's suit: most enemy pieces, then fewest Eyrie warriors, then lowest priority.
    Returns False when Nobility's turmoil follows (a warrior could not be placed)."""
    fs = st(g, seat)
    n = len(fs.decree[col])
    cands = [c for c in roost_clearings(g, seat) if c in ordered_clearings(g, COLUMNS[col])]
    cands = [c for c in cands if can_place(g, seat, c)]
    c = choose_clearing(
        g,
        seat,
        "recruit",
        cands,
        (
            ("most_enemy_pieces", lambda c: enemy_pieces(g, seat, c)),
            ("fewest_own_warriors", lambda c: -g.warriors[c][seat]),
        ),
        "LR 5.5.1.I",
        lowest=True,
    )
    placed = place_warriors(g, seat, c, n) if c is not None else 0
    return placed == n or not has_trait(g, seat, "nobility")


def must_stay(g: GameState, seat: int, c: int) -> int:
    """The fewest Eyrie warriors that keep ``c`` ruled (Lords of the Forest: a tie is enough,
    but not with no Eyrie piece at all)."""
    own = sum(1 for o, _ in g.buildings[c] if o == seat)
    most = 0
    for s in range(g.n):
        if s != seat:
            most = max(most, g.warriors[c][s] + sum(1 for o, _ in g.buildings[c] if o == s))
    return max(most - own, 0 if own else 1)


def move(g: GameState, seat: int, col: int) -> None:
    """5.5.1.II: from the ruled clearing of the column's suit with the most Eyrie warriors
    (then highest priority), all warriors but the more of the column's size and those needed
    to keep rule, to an adjacent clearing without a roost (any adjacent one if all have
    roosts): fewest enemy pieces, then lowest priority. An origin from which no warrior would
    go is not a legal target (LR 2.3): the next one is tried."""
    fs = st(g, seat)
    n = len(fs.decree[col])
    origins = [
        c
        for c in ordered_clearings(g, COLUMNS[col])
        if rules(g, seat, c) and g.warriors[c][seat] - max(n, must_stay(g, seat, c)) > 0
    ]
    o = choose_clearing(
        g,
        seat,
        "move_from",
        [c for c in origins if move_pairs(g, seat, [c])],
        (("most_own_warriors", lambda c: g.warriors[c][seat]),),
        "LR 5.5.1.II",
    )
    if o is None:
        return
    dests = [d for _, d in move_pairs(g, seat, [o])]
    free = [d for d in dests if (seat, "roost") not in g.buildings[d]]
    d = choose_clearing(
        g,
        seat,
        "move_to",
        free or dests,
        (("fewest_enemy_pieces", lambda c: -enemy_pieces(g, seat, c)),),
        "LR 5.5.1.II",
        lowest=True,
    )
    assert d is not None
    do_move(g, seat, o, d, g.warriors[o][seat] - max(n, must_stay(g, seat, o)))


def battle(g: GameState, seat: int, col: int) -> None:
    """5.5.1.III: in one clearing of the column's suit: one without an Eyrie roost, then most
    defenseless buildings, then lowest priority; against the player with the most buildings
    there, then most pieces, then most VP (then setup priority). The column with more cards
    than every other deals an extra hit (Focused: also when tied for most)."""
    fs = st(g, seat)
    targets = battle_targets(g, seat, ordered_clearings(g, COLUMNS[col]))
    c = choose_clearing(
        g,
        seat,
        "battle",
        [c for c, _ in targets],
        (
            ("no_roost", lambda c: float((seat, "roost") not in g.buildings[c])),
            ("most_defenseless_buildings", lambda c: defenseless_buildings(g, seat, c)),
        ),
        "LR 5.5.1.III",
        lowest=True,
    )
    if c is None:
        return
    d = choose_player(
        g,
        seat,
        "defender",
        c,
        [d for x, d in targets if x == c],
        (
            ("most_buildings", lambda s: sum(1 for o, _ in g.buildings[c] if o == s)),
            ("most_pieces", lambda s: pieces_of(g, s, c)),
            ("most_vp", lambda s: g.seats[s].vp),
        ),
        "LR 5.5.1.III",
    )
    n = len(fs.decree[col])
    others = [len(fs.decree[i]) for i in range(4) if i != col]
    g.turn["ee_extra_hit"] = n > max(others) or (
        has_trait(g, seat, "focused") and n == max(others)
    )
    start_battle(g, seat, c, d)


# --- LR 5.5.2 Build, the traits ---------------------------------------------------------------


def build(g: GameState, seat: int) -> None:
    """5.5.2: a roost in the clearing of highest priority the bot rules that has no roost (and
    an open slot); unable for any reason: turmoil (5.7)."""
    fs = st(g, seat)
    cands = [
        c
        for c in board(g).clearings
        if rules(g, seat, c) and (seat, "roost") not in g.buildings[c] and can_build(g, seat, c)
    ]
    c = choose_clearing(g, seat, "build", cands if fs.roosts else [], (), "LR 5.5.2")
    if c is None:
        turmoil(g, seat, "LR 5.5.2")
        return
    place_building(g, seat, c, "roost")
    fs.roosts -= 1


def relentless(g: GameState, seat: int) -> None:
    """Relentless: after the Decree, every defenseless enemy building and token in each
    clearing with Eyrie warriors is removed (scored as usual, 3.2.1), in priority order; the
    bot picks these pieces as it picks targets, so in fully cooperative play another bot's
    are spared (LR 3.5.1, docs/rulings.md)."""
    from ..rules.core import remove_building, remove_token

    for c in board(g).clearings:
        if not g.warriors[c][seat]:
            continue
        i = 0
        while i < len(g.buildings[c]):
            o = g.buildings[c][i][0]
            if o >= 0 and foe(g, seat, o) and not g.warriors[c][o]:
                remove_building(g, c, i, seat)
            else:
                i += 1
        i = 0
        while i < len(g.tokens[c]):
            o = g.tokens[c][i][0]
            if foe(g, seat, o) and not g.warriors[c][o] and not _pawn_guard(g, o, c):
                remove_token(g, c, i, seat)
            else:
                i += 1


def _pawn_guard(g: GameState, o: int, c: int) -> bool:
    f = fac(g, o)
    return f.has_pawn and f.pawn_at(g, o) == c


def swoop(g: GameState, seat: int) -> None:
    """Swoop: at the end of Daylight, two warriors in the clearing of highest priority where
    the bot has no piece (and may place pieces)."""
    cands = [
        c for c in board(g).clearings if not has_pieces(g, seat, c) and can_place(g, seat, c)
    ]
    c = choose_clearing(g, seat, "swoop", cands if st(g, seat).warriors else [], (), "swoop")
    if c is not None:
        place_warriors(g, seat, c, 2)


# --- LR 5.7 Turmoil ---------------------------------------------------------------------------


def turmoil(g: GameState, seat: int, why: str) -> None:
    """5.7: humiliate (lose 1 VP per bird card in the Decree, Viziers included; Nobility:
    score them instead), purge (discard every card but the Viziers), rest (go to Evening)."""
    fs = st(g, seat)
    emit(g, {"kind": "turmoil", "seat": seat, "why": why})
    birds = sum(1 for col in fs.decree for cid in col if card_suit(cid) == "bird")
    noble = has_trait(g, seat, "nobility")
    emit(g, {"kind": "humiliate", "seat": seat, "birds": birds, "vp": -birds if noble else birds})
    score(g, seat, birds if noble else -birds, "turmoil")
    purged = [cid for col in fs.decree for cid in col if cid >= 0]
    for cid in purged:
        discard(g, cid)
    for col in fs.decree:
        col[:] = [cid for cid in col if cid < 0]
    emit(g, {"kind": "purge", "seat": seat, "cards": purged})
    end_daylight(g)
