"""Law of Rootbotics 6: the Automated Alliance, a Clockwork bot.

6.2 its abilities: one sympathy token per clearing (6.2.1), Automated Ambush (6.2.2, a hook of
the battle), Automated Outrage (6.2.3, the human's decision), Crackdown (6.2.4), Martial Law
(6.2.5); 6.3 setup (the board only); 6.4 Birdsong (reveal the order, craft it, Revolt, Public
Pity); 6.5 Daylight (Spread Sympathy, Surprise Revolt); 6.6 Evening (Organize, Recruit, discard
the order). The difficulty cards change the warriors Organize needs and add Nightmare's point;
the trait cards Informants, Popularity, Veterans, Wildfire and the Clockwork 2 Steadfast.

It plays with the Woodland Alliance's pieces (10 warriors, 3 bases, 10 sympathy tokens). It
never starts a battle of its own, so its board does not list Hates Surprises, but LR 2.8 gives
the ability to every bot: in a battle the Vagrant makes it start (LR 7.7.4) no ambush is
played against it (docs/rulings.md). Every choice is the engine's (factions/clockwork.py);
only a human's Automated Outrage is a decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..actions import CARD, Action
from ..cards import CARD_SUITS, DECK
from ..flow import FACTIONS, PROMPTS, applies, decision, driver, explains, pop
from ..i18n import N_
from ..rules.chance import emit
from ..rules.core import (
    board,
    can_place,
    card_suit,
    discard_from_hand,
    enemies,
    matching_cards,
    place_building,
    place_token,
    place_warriors,
    remove_enemy_pieces,
    remove_token,
    remove_warriors,
    score,
)
from ..state import JSON, Frame, GameState
from . import clockwork
from .alliance import (
    BASES,
    MARTIAL_LAW,
    SYMPATHY,
    WARRIORS,
    base_clearings,
    base_suit,
    load_alliance_pieces,
    sympathetic,
    sympathy_clearings,
)
from .base import Faction
from .clockwork import (
    DIFFICULTIES,
    adjacent,
    choose_clearing,
    craft_order,
    discard_order,
    enemy_pieces,
    enemy_warriors,
    has_trait,
    is_bot,
    nightmare_point,
    ordered_clearings,
    priority_rank,
    reveal_order,
)

NAME: Final = "automated-alliance"
TRAITS: Final[tuple[str, ...]] = ("informants", "popularity", "veterans", "wildfire", "steadfast")
"""LR 3.3: the trait cards (Steadfast is the Clockwork 2 extra trait)."""
ORGANIZE_AT: Final[dict[str, int]] = {"easy": 4, "default": 3, "challenging": 2, "nightmare": 2}
"""LR 6.6.1 and the difficulty cards: the Alliance warriors a base's clearing needs to
Organize."""
SYMPATHY_VP: Final[tuple[int, ...]] = (0, 1, 1, 1, 1, 2, 2, 3, 3, 4)
"""The bot's Sympathy track (its own board, not the Woodland Alliance's 0, 1, 1, 1, 2, 2, 3,
4, 4, 4): the VP uncovered by the 1st to 10th token placed (ruling 145, with its sources)."""
CANNOT_SPREAD_VP: Final = 5
"""LR 6.5.1.II: the VP for a sympathy token the bot cannot place."""


class AutomatedAllianceState:
    """The bot's board: warriors, sympathy tokens on the track, the bases box, the order card,
    and the difficulty and traits chosen at setup."""

    __slots__ = ("warriors", "sympathy", "bases", "order", "suit", "difficulty", "traits")

    def __init__(self) -> None:
        self.warriors = WARRIORS
        self.sympathy = SYMPATHY
        """Sympathy tokens still on the track."""
        self.bases: list[str] = list(BASES)
        """Suits of the bases in the Bases box (not on the map)."""
        self.order: int | None = None
        """This turn's order card until it is discarded (LR 6.6.3)."""
        self.suit: str | None = None
        """This turn's order suit, kept after the card is discarded (Wildfire); None between
        turns."""
        self.difficulty = "default"
        self.traits: tuple[str, ...] = ()

    def clone(self) -> AutomatedAllianceState:
        s = AutomatedAllianceState()
        s.warriors, s.sympathy = self.warriors, self.sympathy
        s.order, s.suit = self.order, self.suit
        s.bases = self.bases[:]
        s.difficulty, s.traits = self.difficulty, self.traits
        return s

    def to_dict(self) -> JSON:
        return {
            "warriors": self.warriors,
            "sympathy": self.sympathy,
            "bases": self.bases[:],
            "order": self.order,
            "suit": self.suit,
            "difficulty": self.difficulty,
            "traits": list(self.traits),
        }

    @classmethod
    def from_dict(cls, d: JSON) -> AutomatedAllianceState:
        s = cls()
        s.warriors, s.sympathy = d["warriors"], d["sympathy"]
        s.order, s.suit = d["order"], d["suit"]
        s.bases = list(d["bases"])
        s.difficulty, s.traits = d["difficulty"], tuple(d["traits"])
        return s


def st(g: GameState, seat: int) -> AutomatedAllianceState:
    fs: AutomatedAllianceState = g.fs[seat]
    return fs


def tokens_on_map(g: GameState, seat: int) -> int:
    return SYMPATHY - st(g, seat).sympathy


class AutomatedAlliance(Faction):
    name = NAME
    setup_order = "C"
    pieces = "alliance"
    warriors_total = WARRIORS
    building_kinds: tuple[str, ...] = ("base",)
    token_kinds: tuple[str, ...] = ("sympathy",)
    traits = TRAITS
    is_bot = True
    hates_surprises = True
    """LR 2.8: every bot has Hates Surprises (2.8.2); the Automated Alliance's board leaves it
    out because it starts no battle itself, yet the Vagrant can make it attack (LR 7.7.4)."""
    birdsong_steps: tuple[str, ...] = ("order", "revolt", "public_pity")
    daylight_steps: tuple[str, ...] = ("spread", "surprise_revolt")
    evening_steps: tuple[str, ...] = (
        "organize", "recruit", "discard_order", "wildfire", "nightmare"
    )

    def new_state(self) -> AutomatedAllianceState:
        return AutomatedAllianceState()

    def state_from_dict(self, d: JSON) -> AutomatedAllianceState:
        return AutomatedAllianceState.from_dict(d)

    def setup(self, g: GameState, seat: int) -> None:
        """LR 6.3: ten warriors in supply, three bases in the Bases box, ten sympathy tokens on
        the track: the new board's state. Nothing goes on the map."""

    # --- Turn -------------------------------------------------------------------------------
    def run_step(self, g: GameState, seat: int, step: str) -> None:
        fs = st(g, seat)
        if step == "order":
            # 6.4.1-6.4.2: reveal the order card and craft it.
            fs.order = reveal_order(g, seat)
            fs.suit = card_suit(fs.order) if fs.order is not None else None
            craft_order(g, seat, fs.order)
        elif step == "revolt":
            if fs.suit is not None and fs.suit != "bird":
                revolt(g, seat, "LR 6.4.3")
        elif step == "public_pity":
            public_pity(g, seat)
        elif step == "spread":
            spread(g, seat, "LR 6.5.1")
        elif step == "surprise_revolt":
            if fs.suit == "bird":
                revolt(g, seat, "LR 6.5.2")
        elif step == "organize":
            organize(g, seat)
        elif step == "recruit":
            # 6.6.2: a warrior in each clearing with a base, in priority order (LR 2.4).
            for c in sorted(base_clearings(g, seat), key=lambda c: priority_rank(g, c)):
                place_warriors(g, seat, c, 1)
        elif step == "discard_order":
            discard_order(g, fs)  # 6.6.3
        elif step == "wildfire":
            if has_trait(g, seat, "wildfire"):
                spread(g, seat, "wildfire", scoring=False)
        elif step == "nightmare":
            nightmare_point(g, seat, fs)
            fs.suit = None
        else:
            raise AssertionError(step)

    # --- Hooks ------------------------------------------------------------------------------
    def defender_extra_hits(self, g: GameState, seat: int, c: int) -> int:
        """6.2.2 Automated Ambush: one extra hit as defender with an Alliance warrior there
        (Informants: also for a defenseless sympathy token)."""
        if g.warriors[c][seat]:
            return 1
        return int(has_trait(g, seat, "informants") and sympathetic(g, seat, c))

    def deals_higher_roll(self, g: GameState, seat: int) -> bool:
        """Veterans: as defender the bot deals the higher roll (the Law of Root's 8.2.2)."""
        return has_trait(g, seat, "veterans")

    def removal_vp(self, g: GameState, seat: int, kind: str) -> int:
        """Popularity: enemies score nothing for removing a sympathy token."""
        return 0 if kind == "sympathy" and has_trait(g, seat, "popularity") else 1

    def building_removed(self, g: GameState, seat: int, c: int, kind: str) -> None:
        """A base goes back to the Bases box; 6.2.4 Crackdown is an effect of its removal, so
        it comes once every piece removed with the base is gone (the Law of Root's 1.5.4: a
        Favor's or a Relentless' tokens are removed, scored and raise Outrage first): a frame
        (:func:`_crackdown`) resolved after the removal."""
        fs = st(g, seat)
        suit = base_suit(g, seat, c)
        fs.bases.append(suit)
        fs.bases.sort(key=BASES.index)
        g.stack.append(Frame("aa_crackdown", seat, {"c": c, "suit": suit}))

    def token_removed(self, g: GameState, seat: int, c: int, kind: str, by: int | None) -> None:
        """The token goes back to the track; 6.2.3: removed by a human, Automated Outrage."""
        st(g, seat).sympathy += 1
        if by is not None and by != seat and not is_bot(g, by):
            push_outrage(g, seat, by, c)

    def enemy_moved_in(self, g: GameState, seat: int, mover: int, c: int) -> None:
        """6.2.3: a human moving warriors into a sympathetic clearing, Automated Outrage."""
        if sympathetic(g, seat, c) and not is_bot(g, mover):
            push_outrage(g, seat, mover, c)

    def piece_totals(self) -> dict[str, int]:
        return {"warrior": WARRIORS, "base": len(BASES), "sympathy": SYMPATHY}

    def piece_counts(self, g: GameState, seat: int) -> dict[str, tuple[int, int]]:
        fs = st(g, seat)
        b = board(g)
        return {
            "warrior": (sum(g.warriors[c][seat] for c in b.clearings), fs.warriors),
            "base": (len(base_clearings(g, seat)), len(fs.bases)),
            "sympathy": (len(sympathy_clearings(g, seat)), fs.sympathy),
        }

    def board_cards(self, g: GameState, seat: int) -> list[int]:
        order = st(g, seat).order
        return [] if order is None else [order]

    def load_position(self, g: GameState, seat: int, spec: JSON) -> None:
        self.check_fields(spec, ("order", "difficulty", "traits"))
        load_alliance_pieces(g, seat)
        clockwork.load_settings(self, g, seat, spec, None)

    def load_position_cards(
        self, g: GameState, seat: int, spec: JSON, take: Callable[[Any, str], int]
    ) -> None:
        fs = st(g, seat)
        order = spec.get("order")
        if order is not None:
            fs.order = take(order, f"{NAME}.order")
            fs.suit = card_suit(fs.order)

    def describe_board(self, g: GameState, seat: int) -> JSON:
        fs = st(g, seat)
        out = clockwork.describe_settings(g, seat)
        if fs.order is not None:
            out["order"] = DECK[fs.order].key
        return out

    def public_view(self, g: GameState, seat: int) -> JSON:
        fs = st(g, seat)
        placed = tokens_on_map(g, seat)
        return {
            "warriors_in_supply": fs.warriors,
            "sympathy_on_track": fs.sympathy,
            "bases_in_box": fs.bases[:],
            "next_sympathy_vp": SYMPATHY_VP[placed] if fs.sympathy else None,
            "order": fs.order,
            "difficulty": fs.difficulty,
            "traits": list(fs.traits),
        }

    board_features = (
        "warriors_in_supply",
        "sympathy_on_track",
        *(f"base_in_box:{s}" for s in BASES),
        *(f"order:{s}" for s in CARD_SUITS),
        *(f"difficulty:{d}" for d in DIFFICULTIES),
        *(f"trait:{t}" for t in TRAITS),
    )

    def observe_board(self, board: JSON) -> list[float]:
        out: list[float] = [board["warriors_in_supply"], board["sympathy_on_track"]]
        out.extend(float(s in board["bases_in_box"]) for s in BASES)
        order = board["order"]
        out.extend(float(order is not None and card_suit(order) == s) for s in CARD_SUITS)
        out.extend(clockwork.observe_settings(self, board))
        return out


FACTIONS[NAME] = AutomatedAlliance()


# --- LR 6.4.3 Revolt, 6.5.2 Surprise Revolt ---------------------------------------------------


def revolt_targets(g: GameState, seat: int, suit: str) -> dict[int, str]:
    """The clearings where a revolt can place a base, with the base's suit: sympathetic, no
    base of the bot's yet, a base of that suit still in the Bases box, room for it once the
    enemy buildings are gone (ruins stay, 2.2.4) and a clearing where the bot may place
    pieces. ``suit`` "bird" (6.5.2): any clearing, the base of its own suit; otherwise only
    the ordered clearings and the ordered base (6.4.3)."""
    fs = st(g, seat)
    b = board(g)
    out: dict[int, str] = {}
    for c in ordered_clearings(g, suit):
        if not sympathetic(g, seat, c) or (seat, "base") in g.buildings[c]:
            continue
        if suit != "bird":
            base = suit if suit in fs.bases else None
        else:
            base = next((s for s in fs.bases if s in b.suits_at(c)), None)
        kept = sum(1 for o, _ in g.buildings[c] if o in (seat, -1))
        if base is not None and kept < b.slots[c] and can_place(g, seat, c):
            out[c] = base
    return out


def revolt(g: GameState, seat: int, rule: str) -> None:
    """6.4.3 (not a bird order: the ordered base, in an ordered clearing) and 6.5.2 (a bird
    order: a base of the clearing's suit): in the sympathetic clearing with the most enemy
    pieces (then highest priority), remove every enemy piece (scored as usual, 3.2.1), then
    place the base. No warriors come with it."""
    suit = st(g, seat).suit
    assert suit is not None
    options = revolt_targets(g, seat, suit)
    c = choose_clearing(
        g,
        seat,
        "revolt",
        list(options),
        (("most_enemy_pieces", lambda c: enemy_pieces(g, seat, c)),),
        rule,
    )
    if c is None:
        return
    g.turn["aa_revolted"] = True
    remove_enemy_pieces(g, seat, [c])
    emit(g, {"kind": "revolt", "seat": seat, "c": c})
    st(g, seat).bases.remove(options[c])
    place_building(g, seat, c, "base")


# --- LR 6.4.4 Public Pity, 6.5.1 Spread Sympathy ------------------------------------------


def public_pity(g: GameState, seat: int) -> None:
    """6.4.4: with no revolt this Birdsong, spread sympathy twice with zero to four tokens
    on the map, once with five or more. Steadfast: not when a Surprise Revolt will come this
    turn (a bird order with a clearing to revolt in)."""
    fs = st(g, seat)
    if g.turn.get("aa_revolted"):
        return
    if has_trait(g, seat, "steadfast") and fs.suit == "bird" and revolt_targets(g, seat, "bird"):
        emit(g, {"kind": "public_pity_skipped", "seat": seat})
        return
    for _ in range(2 if tokens_on_map(g, seat) <= 4 else 1):
        spread(g, seat, "LR 6.4.4")


def spread(g: GameState, seat: int, rule: str, scoring: bool = True) -> None:
    """6.5.1: a sympathy token in an ordered unsympathetic clearing adjacent to a
    sympathetic clearing, with the fewest enemy warriors (then highest priority); none such
    (6.5.1.I): in the unsympathetic clearing with the fewest enemy pieces. The space it
    uncovers scores (one less, to no less than 0, in a clearing with three or more warriors
    of one enemy: 6.2.5 Martial Law; Steadfast ignores it). Unable to place one (6.5.1.II):
    5 VP. ``scoring`` False (Wildfire): neither scores."""
    fs = st(g, seat)
    open_ = [
        c
        for c in board(g).clearings
        if not sympathetic(g, seat, c) and can_place(g, seat, c)
    ] if fs.sympathy else []
    near = {x for c in sympathy_clearings(g, seat) for x in adjacent(g, c)}
    ordered = set(ordered_clearings(g, fs.suit))
    such = [c for c in open_ if c in ordered and c in near]
    if such:
        c = choose_clearing(
            g,
            seat,
            "spread",
            such,
            (("fewest_enemy_warriors", lambda c: -enemy_warriors(g, seat, c)),),
            rule,
        )
    else:
        c = choose_clearing(
            g,
            seat,
            "spread",
            open_,
            (("fewest_enemy_pieces", lambda c: -enemy_pieces(g, seat, c)),),
            f"{rule}, LR 6.5.1.I" if rule != "wildfire" else rule,
        )
    if c is None:
        emit(g, {"kind": "cannot_spread", "seat": seat})
        if scoring:
            score(g, seat, CANNOT_SPREAD_VP, "cannot spread")
        return
    vp = SYMPATHY_VP[tokens_on_map(g, seat)]
    if martial_law(g, seat, c) and not has_trait(g, seat, "steadfast"):
        vp = max(vp - 1, 0)
    fs.sympathy -= 1
    place_token(g, seat, c, "sympathy")
    if scoring:
        score(g, seat, vp, "sympathy")


def martial_law(g: GameState, seat: int, c: int) -> bool:
    """6.2.5: one enemy has three or more warriors in ``c``."""
    return any(g.warriors[c][s] >= MARTIAL_LAW for s in enemies(g, seat))


# --- LR 6.6.1 Organize ----------------------------------------------------------------------


def organize(g: GameState, seat: int) -> None:
    """6.6.1: in each clearing with a base and at least three Alliance warriors (Easy four,
    Challenging and Nightmare two), in priority order (LR 2.4), remove all of them, then
    spread sympathy."""
    need = ORGANIZE_AT[st(g, seat).difficulty]
    for c in sorted(base_clearings(g, seat), key=lambda c: priority_rank(g, c)):
        n = g.warriors[c][seat]
        if n < need or g.winners:
            continue
        emit(g, {"kind": "organize", "seat": seat, "c": c, "count": n})
        remove_warriors(g, seat, c, n, seat)
        spread(g, seat, "LR 6.6.1")


# --- LR 6.2.4 Crackdown ---------------------------------------------------------------------


PROMPTS["aa_crackdown"] = N_("Crackdown: remove the sympathy of the lost base's suit")
"""How the Crackdown is named where the turn player orders it beside another player's
effect of the same removal (ruling 33)."""


@driver("aa_crackdown")
def _crackdown(g: GameState, f: Frame) -> None:
    """6.2.4: a base of the bot was removed: every sympathy token still in a clearing of its
    suit is removed, by the bot's own rule (nobody scores them, no Outrage)."""
    pop(g, f)
    assert f.seat is not None
    seat, suit = f.seat, str(f.data["suit"])
    gone: list[int] = []
    for x in board(g).clearings_of_suit(suit):
        if sympathetic(g, seat, x):
            remove_token(g, x, g.tokens[x].index((seat, "sympathy")), None)
            gone.append(x)
    emit(g, {"kind": "crackdown", "seat": seat, "c": f.data["c"], "suit": suit,
             "clearings": gone})


# --- LR 6.2.3 Automated Outrage ---------------------------------------------------------------


def push_outrage(g: GameState, bot: int, payer: int, c: int) -> None:
    """6.2.3: the human ``payer`` removed a sympathy token in ``c`` or moved warriors into
    it: they discard a matching card (their choice), or the bot scores 1 VP. Asked whenever
    the payer holds a card, so that being asked reveals nothing of the hand (1.2.1)."""
    emit(g, {"kind": "automated_outrage", "seat": payer, "bot": bot, "c": c})
    if g.seats[payer].hand:
        g.stack.append(Frame("aa_outrage", payer, {"c": c, "bot": bot, "ask": True}))
    else:
        score(g, bot, 1, "outrage")


@decision(
    "aa_outrage",
    "Automated Outrage: discard a matching card",
    takes=(("discard", CARD), ("cannot",)),
)
def _outrage_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    suit = board(g).card_suit_at(f.data["c"])
    acts: list[Action] = [("discard", cid) for cid in matching_cards(g, f.seat, suit)]
    return acts or [("cannot",)]


@applies("aa_outrage")
def _outrage_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    if a[0] == "discard":
        discard_from_hand(g, f.seat, int(a[1]))
        return
    score(g, int(f.data["bot"]), 1, "outrage")


@explains("aa_outrage")
def _outrage_explain(g: GameState, f: Frame, a: Action) -> str | None:
    if a[0] == "cannot":
        return "you hold a card matching the clearing (or a bird): you must discard it (LR 6.2.3)"
    if a[0] == "discard":
        return "Automated Outrage: a card from your hand matching the clearing (LR 6.2.3)"
    return None
