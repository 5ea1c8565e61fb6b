"""8. The Woodland Alliance.

8.2.1 crafting with sympathy tokens; 8.2.2 Guerrilla War; 8.2.3 the supporters stack (and its
capacity, 8.2.3.I); 8.2.4 removing bases; 8.2.5 sympathy tokens; 8.2.6 Outrage; 8.3 setup;
8.4 Birdsong (8.4.1 Revolt, 8.4.2 Spread Sympathy and Martial Law); 8.5 Daylight (craft,
Mobilize, Train); 8.6 Evening (8.6.1 military operations: move, battle, recruit, organize;
8.6.2 draw and discard).

Bases are buildings of kind ``base``; a base's suit is the suit of its clearing (a base is
placed only in a clearing of its own suit, 8.4.1). Supporters are card ids, face down: only
the Alliance's player sees them (``private_view``); everyone sees how many there are.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any, Final

from ..actions import CARD, CLEARING, SEAT, SUIT, Action
from ..board import ANY
from ..cards import DECK
from ..errors import PositionError
from ..flow import FACTIONS, applies, decision, explains, pop
from ..rules import chance, crafting
from ..rules.battle import battle_targets, start_battle
from ..rules.core import (
    board,
    buildings_changed,
    can_place,
    card_suit,
    discard,
    draw,
    matching_cards,
    pieces_changed,
    place_warriors,
    remove_enemy_pieces,
    return_warriors,
    score,
    tokens_of,
)
from ..rules.effects import (
    DAYLIGHT_CARD_ACTIONS,
    apply_daylight_card_action,
    daylight_card_actions,
)
from ..rules.movement import explain_move, move_pairs, start_move
from ..rules.turn import draw_and_discard
from ..state import JSON, Frame, GameState
from .base import Faction

_DATA = json.loads(resources.files("rootgame.data").joinpath("factions.json").read_text("utf-8"))[
    "alliance"
]
WARRIORS: Final = int(_DATA["warriors"])
BASES: Final[tuple[str, ...]] = tuple(_DATA["bases"])
"""8.3.2: the three bases, one per clearing suit, in the order of the Bases box."""
SYMPATHY: Final = int(_DATA["sympathy"])
SYMPATHY_COST: Final[tuple[int, ...]] = tuple(_DATA["sympathy_cost"])
"""8.4.2.II: supporters to spend for the Nth sympathy token placed (index N-1)."""
SYMPATHY_VP: Final[tuple[int, ...]] = tuple(_DATA["sympathy_vp"])
"""8.4.2.III / 8.6.1.IV: VP of the space the Nth token uncovers (index N-1)."""
STACK_LIMIT: Final = int(_DATA["supporters_without_base"])
"""8.2.3.I: the supporters stack holds five cards while no base is on the map."""
SETUP_SUPPORTERS: Final = int(_DATA["setup_supporters"])
MARTIAL_LAW: Final = int(_DATA["martial_law_warriors"])
REVOLT_COST: Final = 2


class AllianceState:
    """The Alliance's board: warriors in supply, officers, the sympathy track, the bases box
    and the supporters stack."""

    __slots__ = ("warriors", "officers", "sympathy", "bases", "supporters")

    def __init__(self, src: AllianceState | None = None) -> None:
        """A new board, or with ``src`` a copy of that one (:meth:`clone`; as ``GameState``)."""
        if src is None:
            self.warriors = WARRIORS
            self.officers = 0
            """Warriors in the Officers box (off the map)."""
            self.sympathy = SYMPATHY
            """Sympathy tokens still on the track."""
            self.bases: list[str] = list(BASES)
            """Suits of the bases still in the Bases box (not on the map)."""
            self.supporters: list[int] = []
            return
        self.warriors, self.officers, self.sympathy = src.warriors, src.officers, src.sympathy
        self.bases = src.bases[:]
        self.supporters = src.supporters[:]

    def clone(self) -> AllianceState:
        return AllianceState(self)

    def to_dict(self) -> JSON:
        return {
            "warriors": self.warriors,
            "officers": self.officers,
            "sympathy": self.sympathy,
            "bases": self.bases[:],
            "supporters": self.supporters[:],
        }

    @classmethod
    def from_dict(cls, d: JSON) -> AllianceState:
        s = cls()
        s.warriors, s.officers, s.sympathy = d["warriors"], d["officers"], d["sympathy"]
        s.bases = list(d["bases"])
        s.supporters = list(d["supporters"])
        return s


def st(g: GameState, seat: int) -> AllianceState:
    fs: AllianceState = g.fs[seat]
    return fs


def sympathetic(g: GameState, seat: int, c: int) -> bool:
    """8.2.5.II: a sympathetic clearing holds a sympathy token."""
    return (seat, "sympathy") in g.tokens[c]


def sympathy_clearings(g: GameState, seat: int) -> list[int]:
    """The sympathetic clearings (8.2.5.II), in clearing order."""
    return list(tokens_of(g, seat, "sympathy"))


def base_clearings(g: GameState, seat: int) -> list[int]:
    base, buildings = (seat, "base"), g.buildings
    return [c for c in board(g).clearings if base in buildings[c]]


def tokens_on_map(fs: AllianceState) -> int:
    return SYMPATHY - fs.sympathy


def matching_supporters(g: GameState, seat: int, suit: str) -> list[int]:
    """Supporters that can be spent as ``suit`` (8.2.3: only for their suit; birds are wild,
    2.1.1)."""
    fs: AllianceState = g.fs[seat]
    if suit == ANY:  # the Lost City matches every card
        return fs.supporters[:]
    wanted = (suit, "bird")
    return [c for c in fs.supporters if DECK[c].suit in wanted]


def gain_supporter(g: GameState, seat: int, cid: int) -> None:
    """8.2.3.I: add a card to the supporters stack; with no base on the map the stack holds
    five cards, and a card it cannot hold is discarded."""
    fs: AllianceState = g.fs[seat]
    if len(fs.supporters) >= STACK_LIMIT and len(fs.bases) == len(BASES):
        discard(g, cid)
        chance.emit(g, {"kind": "supporter_discarded", "seat": seat, "card": cid})
    else:
        fs.supporters.append(cid)


def martial_law(g: GameState, seat: int, c: int) -> bool:
    """8.4.2.II.a Martial Law: another player has at least three warriors in ``c``."""
    for s, k in enumerate(g.warriors[c]):
        if k >= MARTIAL_LAW and s != seat:
            return True
    return False


def spread_cost(g: GameState, seat: int, c: int) -> int:
    """8.4.2.II: the supporters a sympathy token in ``c`` costs."""
    return _site_cost(g, seat, c, SYMPATHY_COST[tokens_on_map(st(g, seat))])


def _site_cost(g: GameState, seat: int, c: int, track: int) -> int:
    """:func:`spread_cost` in ``c``, where the track's next space costs ``track``: one more
    under Martial Law (8.4.2.II.a)."""
    return track + 1 if martial_law(g, seat, c) else track


def place_sympathy(g: GameState, seat: int, c: int, reason: str) -> None:
    """Place the leftmost sympathy token of the track in ``c`` and score the space it
    uncovers (8.4.2.III, 8.6.1.IV)."""
    fs: AllianceState = g.fs[seat]
    vp = SYMPATHY_VP[tokens_on_map(fs)]
    fs.sympathy -= 1
    g.put_token(c, (seat, "sympathy"))
    score(g, seat, vp, reason)


def load_alliance_pieces(g: GameState, seat: int) -> None:
    """Position builder, for both Alliances: warriors in supply, sympathy on the track and
    bases in the box, from the map (one sympathy token per clearing, 8.2.5.I; one base of
    each suit, in a clearing of its suit, 8.4.1)."""
    fs = g.fs[seat]
    b = board(g)
    fs.warriors = WARRIORS - sum(g.warriors[c][seat] for c in b.clearings)
    fs.sympathy = SYMPATHY - len(sympathy_clearings(g, seat))
    fs.bases = list(BASES)
    for c in b.clearings:
        if g.tokens[c].count((seat, "sympathy")) > 1:
            raise PositionError(f"clearings.{c}: one sympathy token per clearing (8.2.5.I)")
        n = g.buildings[c].count((seat, "base"))
        if n > 1 or (n and b.suit[c] not in fs.bases):
            raise PositionError(
                f"clearings.{c}: there is one base of each suit, placed in a clearing of "
                "its suit (8.4.1)"
            )
        if n:
            fs.bases.remove(b.suit[c])


class Alliance(Faction):
    name = "alliance"
    setup_order = "C"
    warriors_total = WARRIORS
    building_kinds: tuple[str, ...] = ("base",)
    token_kinds: tuple[str, ...] = ("sympathy",)
    defends_with_higher = True
    birdsong_steps: tuple[str, ...] = ("revolt", "spread")
    daylight_steps: tuple[str, ...] = ("actions",)
    evening_steps: tuple[str, ...] = ("operations", "draw")

    def new_state(self) -> AllianceState:
        return AllianceState()

    def state_from_dict(self, d: JSON) -> AllianceState:
        return AllianceState.from_dict(d)

    # --- 8.3 Setup ---------------------------------------------------------------------
    def setup(self, g: GameState, seat: int) -> None:
        """8.3.1-8.3.3 are the new board's state; 8.3.4: draw three supporters."""
        draw(g, seat, SETUP_SUPPORTERS, to="supporters")

    # --- Turn ---------------------------------------------------------------------------
    def run_step(self, g: GameState, seat: int, step: str) -> None:
        # 1.2.1: the two steps open on what the others see (revolt_sites, spread_sites),
        # whatever the face-down supporters (8.2.2-8.2.3), and are then asked.
        if step == "revolt":
            if revolt_sites(g, seat):
                g.stack.append(Frame("ally_revolt", seat, {}))
        elif step == "spread":
            if spread_sites(g, seat):
                g.stack.append(Frame("ally_spread", seat, {}))
        elif step == "actions":
            g.stack.append(Frame("ally_actions", seat, {}))
        elif step == "operations":
            g.turn["ops_used"] = 0
            if st(g, seat).officers:
                g.stack.append(Frame("ally_ops", seat, {}))
        elif step == "draw":
            # 8.6.2: one card plus one per uncovered draw bonus (each base on the map).
            draw_and_discard(g, seat, 1 + len(BASES) - len(st(g, seat).bases))
        else:
            raise AssertionError(step)

    # --- Hooks ----------------------------------------------------------------------------
    def gain_cards(self, g: GameState, seat: int, cards: list[int], to: str) -> None:
        assert to == "supporters", to
        for cid in cards:
            gain_supporter(g, seat, cid)

    def crafting_pieces(self, g: GameState, seat: int) -> list[int]:
        """8.2.1: the Alliance crafts by activating sympathy tokens."""
        return sympathy_clearings(g, seat)

    def building_removed(self, g: GameState, seat: int, c: int, kind: str) -> None:
        """8.2.4: a base removed costs every supporter of its suit (birds included) and half
        the officers, rounded up; with no base left, the stack goes down to five."""
        fs: AllianceState = g.fs[seat]
        suit = base_suit(g, seat, c)
        fs.bases.append(suit)
        fs.bases.sort(key=BASES.index)
        lost = [x for x in fs.supporters if DECK[x].suit in (suit, "bird")]
        fs.supporters = [x for x in fs.supporters if x not in lost]
        for x in lost:
            discard(g, x)
        gone = (fs.officers + 1) // 2
        fs.officers -= gone
        return_warriors(g, seat, gone)
        chance.emit(
            g,
            {"kind": "base_lost", "seat": seat, "c": c, "supporters": lost, "officers": gone},
        )
        if len(fs.bases) == len(BASES) and len(fs.supporters) > STACK_LIMIT:
            g.stack.append(Frame("ally_discard_supporters", seat, {}))

    def token_removed(self, g: GameState, seat: int, c: int, kind: str, by: int | None) -> None:
        st(g, seat).sympathy += 1
        if by is not None and by != seat:
            push_outrage(g, seat, by, c)

    def enemy_moved_in(self, g: GameState, seat: int, mover: int, c: int) -> None:
        if sympathetic(g, seat, c):
            push_outrage(g, seat, mover, c)

    def piece_totals(self) -> dict[str, int]:
        return {"warrior": WARRIORS, "base": len(BASES), "sympathy": SYMPATHY}

    def piece_counts(self, g: GameState, seat: int) -> dict[str, tuple[int, int]]:
        fs: AllianceState = g.fs[seat]
        b = board(g)
        return {
            "warrior": (sum(g.warriors[c][seat] for c in b.clearings), fs.warriors + fs.officers),
            "base": (len(base_clearings(g, seat)), len(fs.bases)),
            "sympathy": (len(sympathy_clearings(g, seat)), fs.sympathy),
        }

    def board_cards(self, g: GameState, seat: int) -> list[int]:
        return st(g, seat).supporters[:]

    def load_position(self, g: GameState, seat: int, spec: JSON) -> None:
        self.check_fields(spec, ("officers", "supporters"))
        fs: AllianceState = g.fs[seat]
        officers = spec.get("officers", 0)
        if not isinstance(officers, int) or isinstance(officers, bool) or officers < 0:
            raise PositionError(f"alliance.officers: a number of officers, not {officers!r}")
        fs.officers = officers
        load_alliance_pieces(g, seat)
        fs.warriors -= officers

    def load_position_cards(
        self, g: GameState, seat: int, spec: JSON, take: Callable[[Any, str], int]
    ) -> None:
        refs = spec.get("supporters", [])
        if not isinstance(refs, list):
            raise PositionError("alliance.supporters: a list of cards")
        fs: AllianceState = g.fs[seat]
        fs.supporters = [take(r, "alliance.supporters") for r in refs]
        if len(fs.bases) == len(BASES) and len(fs.supporters) > STACK_LIMIT:
            raise PositionError(
                f"alliance.supporters: with no base on the map the stack holds {STACK_LIMIT} "
                "cards (8.2.3.I)"
            )

    def describe_board(self, g: GameState, seat: int) -> JSON:
        fs: AllianceState = g.fs[seat]
        out: JSON = {}
        if fs.officers:
            out["officers"] = fs.officers
        if fs.supporters:
            out["supporters"] = fs.supporters[:]
        return out

    def public_view(self, g: GameState, seat: int) -> JSON:
        fs: AllianceState = g.fs[seat]
        placed = tokens_on_map(fs)
        return {
            "warriors_in_supply": fs.warriors,
            "officers": fs.officers,
            "sympathy_on_track": fs.sympathy,
            "bases_in_box": fs.bases[:],
            "supporters": len(fs.supporters),
            "supporters_limit": STACK_LIMIT if len(fs.bases) == len(BASES) else None,
            "next_sympathy_cost": SYMPATHY_COST[placed] if fs.sympathy else None,
            "next_sympathy_vp": SYMPATHY_VP[placed] if fs.sympathy else None,
            "operations_left": (
                fs.officers - g.turn.get("ops_used", 0)
                if g.turn_seat == seat and "ops_used" in g.turn
                else None
            ),
        }

    def private_view(self, g: GameState, seat: int) -> JSON:
        return {"supporters": st(g, seat).supporters[:]}

    def hidden_zones(self, g: GameState, seat: int) -> list[list[int]]:
        return [st(g, seat).supporters]

    board_features = (
        "warriors_in_supply",
        "officers",
        "sympathy_on_track",
        *(f"base_in_box:{s}" for s in BASES),
        "supporters",
        "supporters_limited",
        "operations_left",
    )

    def observe_board(self, board: JSON) -> list[float]:
        out: list[float] = [
            board["warriors_in_supply"],
            board["officers"],
            board["sympathy_on_track"],
        ]
        out.extend(float(s in board["bases_in_box"]) for s in BASES)
        out.append(board["supporters"])
        out.append(float(board["supporters_limit"] is not None))
        out.append(board["operations_left"] or 0)
        return out


FACTIONS["alliance"] = Alliance()


# --- 8.2.6 Outrage ---------------------------------------------------------------------------


def push_outrage(g: GameState, ally: int, payer: int, c: int) -> None:
    """8.2.6: ``payer`` removed a sympathy token in ``c`` or moved warriors into it. Asked
    whenever the payer holds a card, so that it reveals nothing of the hand (1.2.1)."""
    if g.log is not None:  # (the event is not made for a game that keeps no log)
        chance.emit(g, {"kind": "outrage", "seat": payer, "alliance": ally, "c": c})
    g.stack.append(Frame("outrage", payer, {"c": c, "ally": ally, "ask": True}))


@decision(
    "outrage",
    "Outrage: add a matching card to the Alliance's supporters",
    takes=(("outrage", CARD), ("show-hand",)),
    secret={"outrage": "ally"},
)
def _outrage_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    suit = board(g).card_suit_at(f.data["c"])
    acts: list[Action] = [("outrage", cid) for cid in matching_cards(g, f.seat, suit)]
    return acts or [("show-hand",)]


@applies("outrage")
def _outrage_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    ally = int(f.data["ally"])
    if a[0] == "outrage":
        cid = int(a[1])
        g.seats[f.seat].hand.remove(cid)
        gain_supporter(g, ally, cid)
        return
    # No matching card (no bird either): show the hand; the Alliance draws a supporter.
    g.reveals += 1
    chance.emit(
        g, {"kind": "look", "seat": ally, "at": f.seat, "cards": g.seats[f.seat].hand[:]}
    )
    draw(g, ally, 1, to="supporters")


@explains("outrage")
def _outrage_explain(g: GameState, f: Frame, a: Action) -> str | None:
    if a[0] == "show-hand":
        return "you hold a card matching the clearing (or a bird): you must add it (8.2.6)"
    if a[0] == "outrage" and len(a) == 2 and isinstance(a[1], int):
        return "Outrage takes a card from your hand matching the clearing, or a bird (8.2.6)"
    return None


# --- Spending supporters ---------------------------------------------------------------------


def spend_supporters(g: GameState, seat: int, suit: str, n: int, then: tuple[Any, ...]) -> None:
    """Spend ``n`` supporters of ``suit`` (birds wild), then carry out ``then`` (the action
    paid for). Which ones is asked, one at a time, whenever the stack holds more than are
    left to spend, even when only one kind matches: the stack's size is public, its cards
    are not (8.2.2, 1.2.1), so asking only when the choice matters would tell the others
    that another matching supporter of another kind is there."""
    fs: AllianceState = g.fs[seat]
    if n > 0 and len(fs.supporters) > n:
        g.stack.append(Frame("ally_pay", seat, {"suit": suit, "left": n, "then": then}))
        return
    for cid in matching_supporters(g, seat, suit)[:n]:
        fs.supporters.remove(cid)
        discard(g, cid)
    _finish(g, seat, then)


def _pay_asked(g: GameState, f: Frame) -> bool:
    """Which supporter pays is asked whatever the stack holds (see :func:`spend_supporters`)."""
    return True


@decision(
    "ally_pay", "Choose which supporters to spend", takes=(("spend", CARD),), asks=_pay_asked
)
def _pay_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    seen: set[str] = set()
    acts: list[Action] = []
    for cid in matching_supporters(g, f.seat, f.data["suit"]):
        if DECK[cid].key not in seen:
            seen.add(DECK[cid].key)
            acts.append(("spend", cid))
    return acts


@applies("ally_pay")
def _pay_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    cid = int(a[1])
    st(g, f.seat).supporters.remove(cid)
    discard(g, cid)
    spend_supporters(g, f.seat, f.data["suit"], f.data["left"] - 1, f.data["then"])


def _finish(g: GameState, seat: int, then: tuple[Any, ...]) -> None:
    if then[0] == "revolt":
        revolt(g, seat, int(then[1]))
    elif then[0] == "spread":
        place_sympathy(g, seat, int(then[1]), "sympathy")
    else:
        raise AssertionError(then)


# --- 8.4.1 Revolt ----------------------------------------------------------------------------


def revolt_sites(g: GameState, seat: int) -> list[int]:
    """8.4.1.I and what the others see of 8.4.1.II: the sympathetic clearings without a base,
    matching a base still in the box, while the Alliance has two supporters. The base must fit
    there once the enemy buildings are gone (ruins stay, 2.2.4). Which supporters match is
    hidden (8.2.2-8.2.3): the Revolt step is asked whenever there is one (1.2.1)."""
    fs: AllianceState = g.fs[seat]
    if not fs.bases or len(fs.supporters) < REVOLT_COST:
        return []
    b = board(g)
    out: list[int] = []
    for c in sympathy_clearings(g, seat):
        if not revolt_bases(g, seat, c) or (seat, "base") in g.buildings[c]:
            continue
        own = sum(1 for o, _ in g.buildings[c] if o in (seat, -1))
        if own < b.slots[c] and can_place(g, seat, c):
            out.append(c)
    return out


def revolt_options(g: GameState, seat: int) -> list[Action]:
    """8.4.1.I-II: a Revolt in each of :func:`revolt_sites` with two matching supporters."""
    b = board(g)
    return [("revolt", c) for c in revolt_sites(g, seat)
            if len(matching_supporters(g, seat, b.card_suit_at(c))) >= REVOLT_COST]


def revolt_bases(g: GameState, seat: int, c: int) -> list[str]:
    """The bases on the faction board that match ``c`` (8.4.1 step 1): the one of its suit;
    in the Lost City, of every suit, and the Alliance chooses which it places (ruling 107)."""
    suits = board(g).suits_at(c)
    return [s for s in st(g, seat).bases if s in suits]


def base_suit(g: GameState, seat: int, c: int) -> str:
    """The suit of the Alliance's base in ``c``: the clearing's; in the Lost City the suit of
    no other base on the map."""
    b = board(g)
    if c != b.lost_city:
        return b.suit[c]
    elsewhere = {b.suit[x] for x in b.clearings if x != c and (seat, "base") in g.buildings[x]}
    return next(s for s in BASES if s not in st(g, seat).bases and s not in elsewhere)


def revolt(g: GameState, seat: int, c: int) -> None:
    """8.4.1 step 3, once the supporters are spent: the matching base; in the Lost City,
    which of the bases on the board is the Alliance's choice (ruling 107)."""
    bases = revolt_bases(g, seat, c)
    if len(bases) > 1:
        g.stack.append(Frame("ally_revolt_base", seat, {"c": c}))
        return
    place_revolt(g, seat, c, bases[0])


@decision("ally_revolt_base", "Revolt: choose which base to place", takes=(("base", SUIT),))
def _revolt_base_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [("base", s) for s in revolt_bases(g, f.seat, int(f.data["c"]))]


@applies("ally_revolt_base")
def _revolt_base_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    place_revolt(g, f.seat, int(f.data["c"]), str(a[1]))


def place_revolt(g: GameState, seat: int, c: int, suit: str) -> None:
    """8.4.1 step 3: remove every enemy piece in ``c`` (scoring buildings and tokens, 3.2.1),
    place the base of ``suit``, warriors equal to the sympathetic clearings matching its
    printed suit, and an officer."""
    fs: AllianceState = g.fs[seat]
    remove_enemy_pieces(g, seat, [c])
    chance.emit(g, {"kind": "revolt", "seat": seat, "c": c})
    fs.bases.remove(suit)
    g.put_building(c, (seat, "base"))
    buildings_changed(g, c)
    n = sum(1 for x in sympathy_clearings(g, seat) if board(g).matches(suit, x))
    place_warriors(g, seat, c, n)
    if fs.warriors > 0:
        fs.warriors -= 1
        fs.officers += 1


def _revolt_asked(g: GameState, f: Frame) -> bool:
    assert f.seat is not None
    return bool(revolt_sites(g, f.seat))


@decision("ally_revolt", "Revolt?", takes=(("revolt", CLEARING), ("done",)), asks=_revolt_asked)
def _revolt_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return revolt_options(g, f.seat) + [("done",)]


@applies("ally_revolt")
def _revolt_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    if a[0] == "done":
        pop(g, f)
        return
    c = int(a[1])
    spend_supporters(g, f.seat, board(g).card_suit_at(c), REVOLT_COST, ("revolt", c))


@explains("ally_revolt")
def _revolt_explain(g: GameState, f: Frame, a: Action) -> str | None:
    if a[0] != "revolt" or len(a) != 2 or not isinstance(a[1], int):
        return None
    assert f.seat is not None
    c = a[1]
    b = board(g)
    if c not in b.clearings:
        return f"there is no clearing {c}"
    if not sympathetic(g, f.seat, c):
        return f"clearing {c} is not sympathetic (8.4.1.I)"
    if (f.seat, "base") in g.buildings[c]:
        return f"clearing {c} already has a base (8.4.1.I)"
    if not revolt_bases(g, f.seat, c):
        return f"your {b.suit[c]} base is already on the map (8.4.1.I)"
    if c == b.lost_city:
        return "you need two supporters (8.4.1.II)"
    return f"you need two supporters matching {b.suit[c]} (8.4.1.II)"


# --- 8.4.2 Spread Sympathy -------------------------------------------------------------------


def spread_sites(g: GameState, seat: int) -> list[int]:
    """8.4.2.I and what the others see of 8.4.2.II: an unsympathetic clearing adjacent to a
    sympathetic one (any clearing if none is), where a token may be placed, while the
    Alliance has as many supporters as the track's cost plus Martial Law. Which supporters
    match is hidden (8.2.2-8.2.3): the step is asked whenever there is one (1.2.1)."""
    return [c for c, _ in _site_costs(g, seat)]


def _site_costs(g: GameState, seat: int) -> list[tuple[int, int]]:
    """:func:`spread_sites`, each with its :func:`spread_cost` (worked out once for both
    :func:`spread_sites` and :func:`spread_options`)."""
    fs: AllianceState = g.fs[seat]
    if not fs.sympathy:
        return []
    track = SYMPATHY_COST[tokens_on_map(fs)]
    have = len(fs.supporters)
    if have < track:  # too few supporters anywhere, Martial Law or not
        return []
    b = board(g)
    mine = sympathy_clearings(g, seat)
    if mine:
        near: set[int] = set()
        for x in mine:
            near.update(b.adjacent[x])
        targets = sorted(near - set(mine))
    else:
        targets = list(b.clearings)
    out: list[tuple[int, int]] = []
    for c in targets:
        if can_place(g, seat, c):
            cost = _site_cost(g, seat, c, track)
            if have >= cost:
                out.append((c, cost))
    return out


def spread_options(g: GameState, seat: int) -> list[Action]:
    """8.4.2.I-II: Spread Sympathy into each of :func:`spread_sites` with enough matching
    supporters."""
    b = board(g)
    out: list[Action] = []
    supporters: dict[str, int] = {}  # matching supporters, by the suit a card must match
    for c, cost in _site_costs(g, seat):
        suit = b.card_suit_at(c)
        if suit not in supporters:
            supporters[suit] = len(matching_supporters(g, seat, suit))
        if supporters[suit] >= cost:
            out.append(("spread", c))
    return out


def _spread_asked(g: GameState, f: Frame) -> bool:
    assert f.seat is not None
    return bool(spread_sites(g, f.seat))


@decision(
    "ally_spread", "Spread Sympathy?", takes=(("spread", CLEARING), ("done",)), asks=_spread_asked
)
def _spread_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return spread_options(g, f.seat) + [("done",)]


@applies("ally_spread")
def _spread_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    seat = f.seat
    if a[0] == "done":
        pop(g, f)
        return
    c = int(a[1])
    spend_supporters(g, seat, board(g).card_suit_at(c), spread_cost(g, seat, c), ("spread", c))


@explains("ally_spread")
def _spread_explain(g: GameState, f: Frame, a: Action) -> str | None:
    if a[0] != "spread" or len(a) != 2 or not isinstance(a[1], int):
        return None
    assert f.seat is not None
    seat, c = f.seat, a[1]
    b = board(g)
    if c not in b.clearings:
        return f"there is no clearing {c}"
    if sympathetic(g, seat, c):
        return f"clearing {c} already has a sympathy token (8.2.5.I)"
    mine = sympathy_clearings(g, seat)
    if mine and not any(b.is_adjacent(c, x) for x in mine):
        return f"clearing {c} is not adjacent to a sympathetic clearing (8.4.2.I)"
    if not can_place(g, seat, c):
        return f"you cannot place pieces in clearing {c} (6.2.2 The Keep)"
    need = spread_cost(g, seat, c)
    law = " with Martial Law (8.4.2.II.a)" if martial_law(g, seat, c) else ""
    return f"sympathy there costs {need} supporters matching {b.suit[c]}{law} (8.4.2.II)"


# --- 8.5 Daylight: craft, Mobilize, Train ----------------------------------------------------


def train_options(g: GameState, seat: int) -> list[Action]:
    """8.5.3 Train: a card matching the clearing of a base on the map, with a warrior in
    supply to become an officer."""
    fs: AllianceState = g.fs[seat]
    if fs.warriors <= 0 or len(fs.bases) == len(BASES):
        return []
    suits = {s for s in BASES if s not in fs.bases}
    suits.add("bird")  # birds are wild (2.1.1)
    return [("train", cid) for cid in g.seats[seat].hand if card_suit(cid) in suits]


@decision(
    "ally_actions",
    "Craft, Mobilize or Train",
    takes=(
        *crafting.CRAFT_ACTIONS,
        ("mobilize", CARD),
        ("train", CARD),
        *DAYLIGHT_CARD_ACTIONS,
        ("end",),
    ),
    secret={"mobilize": None},
)
def _day_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    seat = f.seat
    acts = crafting.craft_options(g, seat)
    acts.extend(("mobilize", cid) for cid in g.seats[seat].hand)
    acts.extend(train_options(g, seat))
    acts.extend(daylight_card_actions(g, seat))
    acts.append(("end",))
    return acts


@applies("ally_actions")
def _day_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    seat = f.seat
    kind = a[0]
    if kind == "end":
        pop(g, f)
    elif kind in crafting.CRAFT_WORDS:
        crafting.do_craft(g, seat, a)
    elif kind == "mobilize":
        # 8.5.2 Mobilize: a card from hand onto the supporters stack.
        cid = int(a[1])
        g.seats[seat].hand.remove(cid)
        gain_supporter(g, seat, cid)
    elif kind == "train":
        # 8.5.3 Train: spend the card; a warrior from supply becomes an officer.
        cid = int(a[1])
        g.seats[seat].hand.remove(cid)
        discard(g, cid)
        fs: AllianceState = g.fs[seat]
        fs.warriors -= 1
        fs.officers += 1
    else:
        apply_daylight_card_action(g, seat, a)


@explains("ally_actions")
def _day_explain(g: GameState, f: Frame, a: Action) -> str | None:
    assert f.seat is not None
    if a[0] in crafting.CRAFT_WORDS and len(a) >= 2 and isinstance(a[1], int) and (
        0 <= a[1] < len(DECK)
    ):
        return crafting.why_not_craft(g, f.seat, a[1])
    if a[0] == "train":
        if st(g, f.seat).warriors <= 0:
            return "you have no warrior in supply to train as an officer (8.5.3)"
        return "train with a card matching the clearing of one of your bases (8.5.3)"
    if a[0] in ("mobilize", "train") and len(a) == 2 and a[1] not in g.seats[f.seat].hand:
        return "that card is not in your hand"
    return None


# --- 8.6.1 Military Operations ---------------------------------------------------------------


def organize_options(g: GameState, seat: int) -> list[Action]:
    """8.6.1.IV Organize: an Alliance warrior in an unsympathetic clearing where a sympathy
    token may be placed."""
    if not st(g, seat).sympathy:
        return []
    return [
        ("organize", c)
        for c in board(g).clearings
        if g.warriors[c][seat] and not sympathetic(g, seat, c) and can_place(g, seat, c)
    ]


@decision(
    "ally_ops",
    "Military operations (move, battle, recruit, organize)",
    takes=(
        ("move", CLEARING, CLEARING),
        ("battle", CLEARING, SEAT),
        ("recruit", CLEARING),
        ("organize", CLEARING),
        ("end",),
    ),
)
def _ops_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    seat = f.seat
    acts: list[Action] = []
    fs: AllianceState = g.fs[seat]
    if g.turn.get("ops_used", 0) < fs.officers:
        b = board(g)
        acts.extend(("move", o, d) for o, d in move_pairs(g, seat, b.clearings))
        acts.extend(("battle", c, d) for c, d in battle_targets(g, seat, b.clearings))
        if fs.warriors > 0:
            acts.extend(("recruit", c) for c in base_clearings(g, seat))
        acts.extend(organize_options(g, seat))
    acts.append(("end",))
    return acts


@applies("ally_ops")
def _ops_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    seat = f.seat
    kind = a[0]
    if kind == "end":
        pop(g, f)
        return
    g.turn["ops_used"] = g.turn.get("ops_used", 0) + 1
    if kind == "move":
        start_move(g, seat, int(a[1]), int(a[2]))
    elif kind == "battle":
        start_battle(g, seat, int(a[1]), int(a[2]))
    elif kind == "recruit":
        place_warriors(g, seat, int(a[1]), 1)
    elif kind == "organize":
        c = int(a[1])
        g.add_warriors(c, seat, -1)
        pieces_changed(g, c)
        return_warriors(g, seat, 1)
        place_sympathy(g, seat, c, "sympathy")
    else:
        raise AssertionError(a)


@explains("ally_ops")
def _ops_explain(g: GameState, f: Frame, a: Action) -> str | None:
    assert f.seat is not None
    seat = f.seat
    if a[0] in ("move", "battle", "recruit", "organize"):
        if g.turn.get("ops_used", 0) >= st(g, seat).officers:
            return "you have taken as many operations as you have officers (8.6.1)"
    if a[0] == "move":
        return explain_move(g, seat, a, 1, None)
    if a[0] == "recruit":
        return "recruit places a warrior in a clearing with one of your bases (8.6.1.III)"
    if a[0] == "organize" and len(a) == 2 and isinstance(a[1], int):
        c = a[1]
        if c in board(g).clearings and sympathetic(g, seat, c):
            return f"clearing {c} is already sympathetic (8.6.1.IV)"
        return f"organize removes one of your warriors from clearing {c} (8.6.1.IV)"
    return None


# --- 8.2.4 Down to five supporters when the last base is gone --------------------------------


@decision(
    "ally_discard_supporters",
    "No base left: discard supporters down to five",
    takes=(("discard-supporter", CARD),),
)
def _ds_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [("discard-supporter", cid) for cid in st(g, f.seat).supporters]


@applies("ally_discard_supporters")
def _ds_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    fs: AllianceState = g.fs[f.seat]
    cid = int(a[1])
    fs.supporters.remove(cid)
    discard(g, cid)
    if len(fs.supporters) <= STACK_LIMIT:
        pop(g, f)

