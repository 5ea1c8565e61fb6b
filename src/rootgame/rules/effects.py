"""Card effects used at set moments of a turn (card text beats the Law, 1.1.1), and dominance
(3.3). Battle effects (Armorers, Sappers, Brutal Tactics, Scouting Party) live in battle.py;
crafting and the Favors in crafting.py.

- Start of Birdsong: dominance victory check (3.3.1), Better Burrow Bank.
- In Birdsong: Royal Claim, Stand and Deliver! (offered once, before the faction's steps).
- Start of Daylight: Command Warren.
- In Daylight: Tax Collector, Codebreakers, activating or taking a dominance card; the Black
  Market's swap (rules/landmarks.py).
- Start of Evening: Cobbler.

The Exiles and Partisans deck's cards (rules/exiles.py) are offered from the same moments.
"""

from __future__ import annotations

from typing import Final

from ..actions import (
    CARD,
    CLEARING,
    DOMINANCE_CARD,
    SEAT,
    Action,
    Signature,
)
from ..cards import DECK
from ..flow import applies, decision, pop
from ..state import Frame, GameState
from . import chance, exiles, landmarks
from .battle import battle_targets, start_battle
from .core import (
    board,
    can_take_card_from,
    discard,
    draw,
    fac,
    has_persistent,
    matching_cards,
    remove_warriors,
    ruled_count,
    ruler,
    score,
    take_random_card,
    win,
)
from .maps import DAYLIGHT_MAP_ACTIONS, OPEN_PATH, daylight_map_actions, open_path

DOMINANCE_VP: Final = 10

# --- 3.3 Dominance --------------------------------------------------------------------------


def dominance_win(g: GameState, seat: int) -> bool:
    """3.3.1: at the start of Birdsong, a player with an activated dominance card wins if it
    rules three clearings of that suit, or (bird) two diagonally opposite corners."""
    cid = g.seats[seat].dominance
    if cid is None or fac(g, seat).forms_coalitions:
        return False
    suit = DECK[cid].suit
    b = board(g)
    if suit == "bird":
        return any(
            ruler(g, x) == seat and ruler(g, y) == seat for x, y in _diagonals(g)
        )
    return sum(1 for c in b.clearings_of_suit(suit) if ruler(g, c) == seat) >= 3


def coalition_partners(g: GameState, seat: int) -> list[int]:
    """9.2.8: a player with fewer VP than each other player except the Vagabond, not in a
    coalition and with a score marker on the track (no activated dominance card, FAQ); the
    Vagabond chooses among tied players. A player with an activated dominance card has no
    score on the track (3.3.1), so it is left out of the comparison too (ruling 190)."""
    scored = [s for s in range(g.n) if s != seat and g.seats[s].dominance is None]
    others = [s for s in scored if g.seats[s].coalition is None]
    return [
        p for p in others if all(g.seats[p].vp <= g.seats[o].vp for o in scored if o != p)
    ]


def form_coalition(g: GameState, seat: int, cid: int, partner: int) -> None:
    """9.2.8: the dominance card goes to the play area, the score marker onto the partner's
    board; the two are no longer enemies (4.3, G.1.8)."""
    g.seats[seat].hand.remove(cid)
    g.seats[seat].dominance = cid
    g.seats[seat].coalition = partner
    g.seats[partner].coalition = seat
    fac(g, seat).coalition_formed(g, seat, partner)
    chance.emit(g, {"kind": "coalition", "seat": seat, "with": partner, "card": cid})


def _diagonals(g: GameState) -> list[tuple[int, int]]:
    b = board(g)
    return [(c, b.opposite_corner[c]) for c in b.corners if c < b.opposite_corner[c]]


# --- Daylight card actions ------------------------------------------------------------------


def other_players(g: GameState, seat: int) -> list[int]:
    """Every player but ``seat``: whom a card naming "another player" may choose (Better
    Burrow Bank, Stand and Deliver!, Codebreakers; the card's text, 1.1.1). Unlike an enemy
    (G "Enemy"), a coalition partner (9.2.8) is one of them (docs/rulings.md 177)."""
    return [s for s in range(g.n) if s != seat]


DAYLIGHT_CARD_ACTIONS: Final[tuple[Signature, ...]] = (
    ("tax-collector", CLEARING),
    ("codebreakers", SEAT),
    ("dominance", DOMINANCE_CARD),
    ("take-dominance", DOMINANCE_CARD, CARD),
    *DAYLIGHT_MAP_ACTIONS,
    *exiles.DAYLIGHT_ACTIONS,
    *landmarks.TURN_ACTIONS,
)
"""The signatures of :func:`daylight_card_actions` (for decisions that offer them)."""


def daylight_card_actions(g: GameState, seat: int) -> list[Action]:
    """Card actions a player may take at any free moment of its Daylight."""
    out: list[Action] = []
    used = g.turn.get("used", ())
    s = g.seats[seat]
    if s.persistent:
        if "tax-collector" not in used and has_persistent(g, seat, "tax-collector") is not None:
            # Tax Collector: once in Daylight, remove one of your warriors from the map, draw 1.
            out.extend(("tax-collector", c) for c in board(g).clearings if g.warriors[c][seat])
        if "codebreakers" not in used and has_persistent(g, seat, "codebreakers") is not None:
            out.extend(("codebreakers", e) for e in other_players(g, seat))
    if s.dominance is None and s.vp >= DOMINANCE_VP:
        doms = [c for c in s.hand if DECK[c].kind == "dominance"]
        if not fac(g, seat).forms_coalitions:
            out.extend(("dominance", c) for c in doms)
        elif doms and g.n >= 4:
            out.extend(("coalition", c, p) for c in doms for p in coalition_partners(g, seat))
    for dom in g.available_dominance:
        # 3.3.4: take an available dominance card by spending a card of its suit.
        for pay in matching_cards(g, seat, DECK[dom].suit):
            out.append(("take-dominance", dom, pay))
    if g.closed:
        out.extend(daylight_map_actions(g, seat))
    if g.shared_deck != "base":
        out.extend(exiles.daylight_actions(g, seat))
    if g.landmarks:
        out.extend(landmarks.turn_actions(g, seat))
    return out


def hand_shapes_daylight_actions(g: GameState, seat: int) -> bool:
    """Whether the Daylight card actions open to ``seat`` now could differ with another hand of
    the same size (1.2.1): a dominance card could be activated (3.3.1: 10 VP, none activated,
    and a dominance card out of sight, so possibly in the hand), an available one could be
    taken for a matching card (3.3.4), or Propaganda Bureau spends a matching card. A
    decision offering these actions is then asked even with one legal action."""
    s = g.seats[seat]
    if g.available_dominance:
        return True
    if s.dominance is None and s.vp >= DOMINANCE_VP and dominance_out_of_sight(g):
        return True
    return g.shared_deck != "base" and exiles.propaganda_ready(g, seat)


def dominance_out_of_sight(g: GameState) -> bool:
    """Whether some dominance card is not known to be out of every hand: not removed at
    setup (5.1.3), available (3.3.3) or activated (3.3.1). (One on the Eyrie's Decree is
    counted as possibly in a hand: asking once too often reveals nothing.)"""
    seen = set(g.removed_cards) | set(g.available_dominance)
    seen.update(s.dominance for s in g.seats if s.dominance is not None)
    return any(c not in seen for c in DOMINANCE_CARDS)


DOMINANCE_CARDS: Final[tuple[int, ...]] = tuple(c.id for c in DECK if c.kind == "dominance")
"""The four dominance cards (the same ids in both decks)."""


def asks_daylight(g: GameState, f: Frame) -> bool:
    """The ``asks`` test of the decisions that offer the Daylight card actions besides their
    own (the Eyrie's Decree, the craft step): the player holds a card and
    :func:`hand_shapes_daylight_actions`."""
    assert f.seat is not None
    return bool(g.seats[f.seat].hand) and hand_shapes_daylight_actions(g, f.seat)


def apply_daylight_card_action(g: GameState, seat: int, a: Action) -> None:
    kind = a[0]
    used: list[str] = g.turn.setdefault("used", [])
    if kind == "tax-collector":
        c = int(a[1])
        used.append("tax-collector")
        remove_warriors(g, seat, c, 1, seat)
        draw(g, seat, 1)
        fac(g, seat).warriors_removed(g, seat, c, 1)
    elif kind == "codebreakers":
        used.append("codebreakers")
        seen: dict[int, list[int]] = g.turn.setdefault("seen", {})
        seen[int(a[1])] = list(g.seats[int(a[1])].hand)
        g.reveals += 1
        chance.emit(g, {"kind": "look", "seat": seat, "at": int(a[1]), "cards": seen[int(a[1])]})
    elif kind == "dominance":
        # 3.3.1: into the play area; the score marker leaves the track for good.
        cid = int(a[1])
        g.seats[seat].hand.remove(cid)
        g.seats[seat].dominance = cid
    elif kind == "coalition":
        form_coalition(g, seat, int(a[1]), int(a[2]))
    elif kind == "take-dominance":
        dom, pay = int(a[1]), int(a[2])
        g.seats[seat].hand.remove(pay)
        discard(g, pay)
        g.available_dominance.remove(dom)
        g.seats[seat].hand.append(dom)
    elif kind == OPEN_PATH:
        open_path(g, seat, a)
    elif kind in ("propaganda", "league"):
        exiles.apply_daylight(g, seat, a)
    elif kind == landmarks.BLACK_MARKET:
        landmarks.swap(g, seat, a)
    else:
        raise AssertionError(f"not a daylight card action: {a}")


# --- Start of Birdsong ----------------------------------------------------------------------


def birdsong_start(g: GameState, seat: int) -> None:
    """1.4.1: "at the start of Birdsong" effects, before anything else in Birdsong."""
    if dominance_win(g, seat):
        win(g, [seat], "dominance")
        return
    if g.seats[seat].persistent and has_persistent(g, seat, "better-burrow-bank") is not None:
        others = other_players(g, seat)
        if len(others) == 1:
            _burrow_bank(g, seat, others[0])
        elif others:
            g.stack.append(Frame("burrow_bank", seat, {}))
    if g.shared_deck != "base":
        exiles.birdsong_start(g, seat)


def _burrow_bank(g: GameState, seat: int, other: int) -> None:
    """Better Burrow Bank: you and another player of your choice each draw a card."""
    draw(g, seat, 1)
    draw(g, other, 1)


@decision(
    "burrow_bank", "Better Burrow Bank: who else draws a card?", takes=(("draw-with", SEAT),)
)
def _bbb_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [("draw-with", e) for e in other_players(g, f.seat)]


@applies("burrow_bank")
def _bbb_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    _burrow_bank(g, f.seat, int(a[1]))


# --- In Birdsong: Royal Claim, Stand and Deliver! ----------------------------------------


def birdsong_card_actions(g: GameState, seat: int) -> list[Action]:
    out: list[Action] = []
    if g.seats[seat].persistent:
        if has_persistent(g, seat, "royal-claim") is not None:
            out.append(("royal-claim",))
        sd = has_persistent(g, seat, "stand-and-deliver")
        if "stand-and-deliver" not in g.turn.get("used", ()) and sd is not None:
            out.extend(
                ("stand-and-deliver", e)
                for e in other_players(g, seat)
                if can_take_card_from(g, e)
            )
    if g.shared_deck != "base":
        out.extend(exiles.birdsong_actions(g, seat))
    if g.landmarks:
        out.extend(landmarks.turn_actions(g, seat))
    return out


def push_birdsong_cards(g: GameState, seat: int, late: bool = False) -> None:
    """Offer the Birdsong cards; after the faction's Birdsong steps (``late``), then the
    end of Birdsong (Eyrie Emigre)."""
    if late and g.shared_deck != "base":
        exiles.birdsong_end(g, seat)
    if birdsong_card_actions(g, seat):
        g.stack.append(Frame("birdsong_cards", seat, {}))


@decision(
    "birdsong_cards",
    "Use a Birdsong card?",
    takes=(
        ("royal-claim",),
        ("stand-and-deliver", SEAT),
        *exiles.BIRDSONG_ACTIONS,
        *landmarks.TURN_ACTIONS,
        ("done",),
    ),
)
def _bc_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return birdsong_card_actions(g, f.seat) + [("done",)]


@applies("birdsong_cards")
def _bc_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    seat = f.seat
    if a[0] == "done":
        pop(g, f)
        return
    if a[0] in ("swap-meet", "false-orders"):
        # The card may ask more (Swap Meet's card given back): the Birdsong cards are offered
        # again after it.
        pop(g, f)
        g.stack.append(Frame("birdsong_cards", seat, {}))
        exiles.apply_birdsong(g, seat, a)
        return
    if a[0] == "royal-claim":
        # Royal Claim: discard it to score 1 VP per clearing you rule.
        cid = has_persistent(g, seat, "royal-claim")
        assert cid is not None
        g.seats[seat].persistent.remove(cid)
        discard(g, cid)
        score(g, seat, ruled_count(g, seat), "royal claim")
    elif a[0] == landmarks.BLACK_MARKET:
        landmarks.swap(g, seat, a)
    elif a[0] == "stand-and-deliver":
        # Stand and Deliver!: take a random card from another player; they score 1 VP.
        g.turn.setdefault("used", []).append("stand-and-deliver")
        victim = int(a[1])
        take_random_card(g, seat, victim, "stand-and-deliver")
        score(g, victim, 1, "stand and deliver")
    if not birdsong_card_actions(g, seat):
        pop(g, f)


# --- Start of Daylight: Command Warren ------------------------------------------------------


def daylight_start(g: GameState, seat: int) -> None:
    if (
        g.seats[seat].persistent  # (no card looked for in an empty play area)
        and has_persistent(g, seat, "command-warren") is not None
        and battle_targets(g, seat, board(g).clearings)
    ):
        g.stack.append(Frame("command_warren", seat, {}))


@decision(
    "command_warren",
    "Command Warren: start a battle?",
    takes=(("battle", CLEARING, SEAT), ("pass",)),
)
def _cw_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    acts: list[Action] = [
        ("battle", c, d) for c, d in battle_targets(g, f.seat, board(g).clearings)
    ]
    acts.append(("pass",))
    return acts


@applies("command_warren")
def _cw_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    if a[0] == "battle":
        assert f.seat is not None
        start_battle(g, f.seat, int(a[1]), int(a[2]))


# --- Start of Evening: Cobbler --------------------------------------------------------------


def evening_start(g: GameState, seat: int) -> None:
    if g.landmarks and landmarks.turn_actions(g, seat):
        g.stack.append(Frame("evening_cards", seat, {}))
    if g.seats[seat].persistent and has_persistent(g, seat, "cobbler") is not None:
        fac(g, seat).push_card_move(g, seat)
    if g.shared_deck != "base":
        exiles.evening_start(g, seat)


# --- At the start of Evening: the Black Market --------------------------------------------------


@decision(
    "evening_cards",
    "Swap a card at the Black Market before Evening?",
    takes=(*landmarks.TURN_ACTIONS, ("done",)),
)
def _ec_legal(g: GameState, f: Frame) -> list[Action]:
    """The Black Market's swap, if not yet taken this turn (its card: "once on their turn")."""
    assert f.seat is not None
    return landmarks.turn_actions(g, f.seat) + [("done",)]


@applies("evening_cards")
def _ec_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    if a[0] == landmarks.BLACK_MARKET:
        landmarks.swap(g, f.seat, a)
