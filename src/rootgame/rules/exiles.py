"""The Exiles and Partisans deck's persistent effects (appendix A step 2; a card's text beats
the Law, 1.1.1), each offered at the moment its text names. Every card here is a persistent
card in its crafter's play area (4.1.3).

- Start of Birdsong: Coffin Makers scores and empties; Saboteurs (discard it to discard an
  enemy's crafted card).
- In Birdsong: Swap Meet (once), False Orders (discard it); offered with the base deck's
  Birdsong cards (effects.birdsong_card_actions).
- End of Birdsong: Eyrie Emigre (a compulsory move, then a battle where it ended).
- In Daylight: Propaganda Bureau, League of Adventurous Mice (once each), offered with the
  other Daylight card actions (effects.daylight_card_actions).
- Start of Evening: Charm Offensive. The Evening draw: Informants (turn.draw_and_discard).
- Crafting an item: Master Engravers (crafting.item_vp), Murine Broker.
- Always: Corvid Planners, Boat Builders, Tunnels (movement.move_pairs), Soup Kitchens
  (core.ruler), Coffin Makers (core.return_warriors). Battle: the Partisans (battle.py).
"""

from __future__ import annotations

from typing import Final

from ..actions import CARD, CLEARING, SEAT, Action, Signature
from ..cards import DECK
from ..flow import applies, decision, pop
from ..state import Frame, GameState
from . import chance
from .battle import battle_targets, start_battle
from .core import (
    HAND_LIMIT,
    board,
    can_place,
    can_take_card_from,
    discard,
    draw,
    enemies,
    fac,
    give_card,
    has_persistent,
    matching_cards,
    place_warriors,
    remove_warriors,
    score,
    take_random_card,
)

COFFIN_VP_PER: Final = 5
"""Coffin Makers: 1 VP per five warriors on the card."""

LEAGUE_CHOICES: Final[tuple[str, ...]] = ("move", "battle")

ACTION_WORDS: Final = frozenset(
    {"sabotage", "swap-meet", "false-orders", "give", "emigre-fails", "propaganda", "league",
     "charm", "informants", "partisans"}
)
"""The words of the deck's own actions, offered in other decisions too (learning agents' action
spaces leave them out with the base deck)."""


def _drop_persistent(g: GameState, seat: int, cid: int) -> None:
    """A persistent card leaves ``seat``'s play area for the discard pile (Coffin Makers'
    warriors go back to their supplies with it: docs/rulings.md)."""
    g.seats[seat].persistent.remove(cid)
    discard(g, cid)
    if DECK[cid].key == "coffin-makers":
        _empty_coffins(g)


# --- Crafting: Master Engravers, Murine Broker -------------------------------------------


def engravers_vp(g: GameState, seat: int) -> int:
    """Master Engravers: one more VP for each item crafted (still scored under Disdain for
    Trade, 7.2.3)."""
    return 1 if has_persistent(g, seat, "master-engravers") is not None else 0


def item_crafted(g: GameState, seat: int) -> None:
    """Murine Broker: every other player holding it draws a card when ``seat`` crafts an
    item (in turn order from the crafter)."""
    for k in range(1, g.n):
        s = (seat + k) % g.n
        if has_persistent(g, s, "murine-broker") is not None:
            draw(g, s, 1)


# --- Start of Birdsong: Coffin Makers, Saboteurs ------------------------------------------


def return_to_supply(g: GameState, seat: int, k: int) -> None:
    """``k`` warriors of ``seat`` that just went back to its supply lie on Coffin Makers
    instead, while any player has it in the play area."""
    for s in range(g.n):
        if has_persistent(g, s, "coffin-makers") is not None:
            if not g.coffins:
                g.coffins = [0] * g.n
            g.coffins[seat] += k
            g.fs[seat].warriors -= k
            return


def _empty_coffins(g: GameState) -> list[int]:
    out = g.coffins
    for s, k in enumerate(out):
        g.fs[s].warriors += k
    g.coffins = []
    return out


def birdsong_start(g: GameState, seat: int) -> None:
    """Coffin Makers scores, then the Saboteurs window opens."""
    if has_persistent(g, seat, "coffin-makers") is not None and g.coffins:
        total = sum(g.coffins)
        back = _empty_coffins(g)
        chance.emit(g, {"kind": "coffins", "seat": seat, "warriors": back})
        if total >= COFFIN_VP_PER:
            score(g, seat, total // COFFIN_VP_PER, "coffin makers")
    if has_persistent(g, seat, "saboteurs") is not None and _sabotage(g, seat):
        g.stack.append(Frame("saboteurs", seat, {}))


def _sabotage(g: GameState, seat: int) -> list[Action]:
    return [("sabotage", e, cid) for e in enemies(g, seat) for cid in g.seats[e].persistent]


@decision(
    "saboteurs",
    "Saboteurs: discard it to discard an enemy's crafted card?",
    takes=(("sabotage", SEAT, CARD), ("pass",)),
)
def _sab_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return _sabotage(g, f.seat) + [("pass",)]


@applies("saboteurs")
def _sab_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    if a[0] == "pass":
        return
    assert f.seat is not None
    own = has_persistent(g, f.seat, "saboteurs")
    assert own is not None
    _drop_persistent(g, f.seat, own)
    _drop_persistent(g, int(a[1]), int(a[2]))


# --- In Birdsong: Swap Meet, False Orders -------------------------------------------------


BIRDSONG_ACTIONS: Final[tuple[Signature, ...]] = (
    ("swap-meet", SEAT),
    ("false-orders", SEAT, CLEARING, CLEARING),
)


def birdsong_actions(g: GameState, seat: int) -> list[Action]:
    out: list[Action] = []
    if "swap-meet" not in g.turn.get("used", ()) and has_persistent(
        g, seat, "swap-meet"
    ) is not None:
        out.extend(
            ("swap-meet", s) for s in range(g.n) if s != seat and can_take_card_from(g, s)
        )
    if has_persistent(g, seat, "false-orders") is not None:
        for e in enemies(g, seat):
            for o in board(g).clearings:
                if g.warriors[o][e]:
                    out.extend(("false-orders", e, o, d) for d in neighbours(g, e, o))
    return out


def apply_birdsong(g: GameState, seat: int, a: Action) -> None:
    if a[0] == "swap-meet":
        # Swap Meet: take a random card from another player, then give them a card.
        g.turn.setdefault("used", []).append("swap-meet")
        other = int(a[1])
        take_random_card(g, seat, other, "swap-meet")
        g.stack.append(Frame("swap_give", seat, {"to": other}))
    else:
        # False Orders (errata): discard it to force an enemy to move half its warriors
        # (rounded up) from a clearing to a clearing, ignoring rule (1.5.5: as if it moved);
        # never by the Ferry (ruling 68), even to a coastal clearing its rivers reach.
        from .movement import do_move

        cid = has_persistent(g, seat, "false-orders")
        assert cid is not None
        _drop_persistent(g, seat, cid)
        e, o, d = int(a[1]), int(a[2]), int(a[3])
        do_move(g, e, o, d, (g.warriors[o][e] + 1) // 2, by_ferry=False)


@decision(
    "swap_give",
    "Swap Meet: which card do you give back?",
    takes=(("give", CARD),),
    secret={"give": "to"},
)
def _give_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [("give", c) for c in g.seats[f.seat].hand]


@applies("swap_give")
def _give_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    give_card(g, f.seat, int(f.data["to"]), int(a[1]))


# --- End of Birdsong: Eyrie Emigre --------------------------------------------------------


def birdsong_end(g: GameState, seat: int) -> None:
    """Eyrie Emigre: compulsory at the end of Birdsong (1.4.2 names it as an effect that
    cannot be interrupted)."""
    if has_persistent(g, seat, "eyrie-emigre") is not None:
        g.stack.append(Frame("emigre", seat, {"to": 0}))


@decision(
    "emigre",
    "Eyrie Emigre: move, then battle in the clearing you moved into",
    takes=(
        ("move", CLEARING, CLEARING),
        ("move", CLEARING),
        ("battle", CLEARING, SEAT),
        ("emigre-fails",),
    ),
)
def _emigre_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    to = int(f.data["to"])
    acts: list[Action]
    if not to:
        # The Vagabond's move is a Move paid with boots (docs/rulings.md).
        acts = fac(g, f.seat).card_moves(g, f.seat)
    else:
        acts = [("battle", c, e) for c, e in battle_targets(g, f.seat, (to,))]
    return acts or [("emigre-fails",)]


@applies("emigre")
def _emigre_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    if a[0] == "move":
        f.data["to"] = int(a[-1])
        fac(g, f.seat).do_card_move(g, f.seat, a)
        return
    pop(g, f)
    if a[0] == "battle":
        start_battle(g, f.seat, int(a[1]), int(a[2]))
        return
    # Either action could not be taken: the card is discarded.
    cid = has_persistent(g, f.seat, "eyrie-emigre")
    assert cid is not None
    _drop_persistent(g, f.seat, cid)


# --- In Daylight: Propaganda Bureau, League of Adventurous Mice ---------------------------


DAYLIGHT_ACTIONS: Final[tuple[Signature, ...]] = (
    ("propaganda", CARD, CLEARING, SEAT),
    ("league", LEAGUE_CHOICES),
)


def propaganda_ready(g: GameState, seat: int) -> bool:
    """Whether ``seat`` holds an unused Propaganda Bureau this turn: its use then depends on
    the cards in hand (a card matching the clearing)."""
    return (
        "propaganda" not in g.turn.get("used", ())
        and has_persistent(g, seat, "propaganda-bureau") is not None
    )


def daylight_actions(g: GameState, seat: int) -> list[Action]:
    from .movement import move_pairs

    out: list[Action] = []
    used = g.turn.get("used", ())
    b = board(g)
    if propaganda_ready(g, seat) and g.fs[seat].warriors > 0:
        # A replacement (Glossary "Replace"): only where both steps can be done, so never
        # without a warrior in supply (the Vagabond has none), nor where the player may not
        # place pieces (an enemy at the Marquise's keep, 6.2.2: the Glossary's own example).
        for c in b.clearings:
            if not can_place(g, seat, c):
                continue
            targets = [e for e in enemies(g, seat) if g.warriors[c][e]]
            if targets:
                for pay in matching_cards(g, seat, b.card_suit_at(c)):
                    out.extend(("propaganda", pay, c, e) for e in targets)
    if (
        "league" not in used
        and g.seats[seat].items
        and has_persistent(g, seat, "league-of-adventurous-mice") is not None
    ):
        if move_pairs(g, seat, b.clearings):
            out.append(("league", "move"))
        if battle_targets(g, seat, b.clearings):
            out.append(("league", "battle"))
    return out


def apply_daylight(g: GameState, seat: int, a: Action) -> None:
    from .movement import push_move

    used: list[str] = g.turn.setdefault("used", [])
    if a[0] == "propaganda":
        # Propaganda Bureau: spend a card to replace an enemy warrior in a matching clearing
        # with one of yours (offered only where both steps can be done, Glossary "Replace").
        used.append("propaganda")
        pay, c, e = int(a[1]), int(a[2]), int(a[3])
        g.seats[seat].hand.remove(pay)
        discard(g, pay)
        remove_warriors(g, e, c, 1, seat)
        fac(g, seat).removed_warriors_of(g, seat, e, 1)
        place_warriors(g, seat, c, 1)
        fac(g, e).warriors_removed(g, e, c, 1)
        return
    # League of Adventurous Mice: exhaust an item of the Crafted Items box for a move or a
    # battle.
    used.append("league")
    chance.emit(g, {"kind": "league", "seat": seat, "for": str(a[1])})
    if a[1] == "move":
        push_move(g, seat, None, optional=False)
    else:
        g.stack.append(Frame("card_battle", seat, {}))


@decision("card_battle", "Which battle?", takes=(("battle", CLEARING, SEAT),))
def _cb_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [("battle", c, d) for c, d in battle_targets(g, f.seat, board(g).clearings)]


@applies("card_battle")
def _cb_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    start_battle(g, f.seat, int(a[1]), int(a[2]))


# --- Evening: Charm Offensive, Informants -------------------------------------------------


def evening_start(g: GameState, seat: int) -> None:
    if has_persistent(g, seat, "charm-offensive") is not None:
        g.stack.append(Frame("charm_offensive", seat, {}))


@decision(
    "charm_offensive",
    "Charm Offensive: draw a card and let another player score 1 VP?",
    takes=(("charm", SEAT), ("pass",)),
)
def _charm_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return [("charm", s) for s in range(g.n) if s != f.seat] + [("pass",)]


@applies("charm_offensive")
def _charm_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    if a[0] == "charm":
        assert f.seat is not None
        draw(g, f.seat, 1)
        score(g, int(a[1]), 1, "charm offensive")


def informants(g: GameState, seat: int, n: int) -> bool:
    """Informants: instead of drawing ``n`` cards in Evening, the player may take an ambush
    card from the discard pile. True when that choice is asked."""
    if has_persistent(g, seat, "informants") is None:
        return False
    if not any(DECK[c].kind == "ambush" for c in g.discard):
        return False
    g.stack.append(Frame("informants", seat, {"n": n}))
    return True


@decision(
    "informants",
    "Informants: take an ambush card from the discard pile instead of drawing?",
    takes=(("informants", CARD), ("draw",)),
)
def _inf_legal(g: GameState, f: Frame) -> list[Action]:
    acts: list[Action] = [("informants", c) for c in g.discard if DECK[c].kind == "ambush"]
    return acts + [("draw",)]


@applies("informants")
def _inf_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    if a[0] == "informants":
        g.discard.remove(int(a[1]))
        g.seats[f.seat].hand.append(int(a[1]))
    else:
        draw(g, f.seat, int(f.data["n"]))
    if len(g.seats[f.seat].hand) > HAND_LIMIT:
        g.stack.append(Frame("discard", f.seat, {}))


# --- Always: movement and rule ------------------------------------------------------------


def neighbours(g: GameState, seat: int, o: int) -> tuple[int, ...]:
    """The clearings ``seat`` may move to from ``o`` (4.2): the paths, then Boat Builders'
    rivers and Tunnels' clearings with the seat's crafting pieces."""
    b = board(g)
    near = b.adjacent[o]
    if g.shared_deck == "base" or not g.seats[seat].persistent:
        return near
    extra: set[int] = set()
    if has_persistent(g, seat, "boat-builders") is not None:
        for x, y in b.rivers:
            if x == o:
                extra.add(y)
            elif y == o:
                extra.add(x)
    if has_persistent(g, seat, "tunnels") is not None:
        pieces = set(fac(g, seat).crafting_pieces(g, seat))
        if o in pieces:
            extra |= pieces
    extra.discard(o)
    extra.difference_update(near)
    return near + tuple(sorted(extra)) if extra else near


def ignores_rule_to_move(g: GameState, seat: int) -> bool:
    """Corvid Planners: while moving, you ignore rule."""
    return g.shared_deck != "base" and has_persistent(g, seat, "corvid-planners") is not None


def soup_kitchens_held(g: GameState) -> bool:
    """Whether any player has Soup Kitchens in the play area."""
    return any(has_persistent(g, s, "soup-kitchens") is not None for s in range(g.n))


def soup_kitchens(g: GameState, c: int, counts: list[int]) -> None:
    """Soup Kitchens: the holder's tokens in ``c`` count towards rule, twice each."""
    for owner, _ in g.tokens[c]:
        if owner >= 0 and has_persistent(g, owner, "soup-kitchens") is not None:
            counts[owner] += 2
