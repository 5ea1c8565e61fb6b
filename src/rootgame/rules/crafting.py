"""4.1 Craft: activate crafting pieces (one per suit icon, each once per turn, 4.1.1) to play a
card from hand for its effect: an item from the map's supply (4.1.2), a persistent effect for
the play area (4.1.3, never two identical, 4.1.4), or a one-shot Favor.

The ``craft`` decision also offers the Daylight card actions (Tax Collector, Codebreakers,
dominance), since crafting happens in Daylight.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Final

from ..actions import (
    CARD,
    PAID_CARD,
    Action,
    Signature,
)
from ..board import ANY, SUITS
from ..cards import DECK, Card
from ..flow import applies, decision, explains, pop
from ..state import Frame, GameState
from . import effects, exiles, landmarks
from .core import board, discard, fac, remove_enemy_pieces, score


def crafting_capacity(g: GameState, seat: int) -> dict[str, int]:
    """Unused crafting pieces of ``seat`` this turn, by suit (4.1.1). The activations are
    counted by suit: more of a suit than its pieces now on the map were pieces of the Lost
    City, or pieces removed since they crafted (a Daylight battle, League of Adventurous
    Mice); the activations are taken to be among the pieces left (ruling 407)."""
    fox, rabbit, mouse, wild = _pieces_by_suit(g, seat)
    cap = {"fox": fox, "rabbit": rabbit, "mouse": mouse}
    if wild:
        cap[ANY] = wild
    used: dict[str, int] | None = g.turn.get("craft_used")
    if used:
        for s, k in used.items():
            cap[s] -= k
            if cap[s] < 0:  # pieces of the Lost City, or pieces removed since (ruling 407)
                if ANY in cap:
                    cap[ANY] = max(0, cap[ANY] + cap[s])
                cap[s] = 0
    return cap


def _pieces_by_suit(g: GameState, seat: int) -> tuple[int, int, int, int]:
    """``seat``'s crafting pieces on the map: fox, rabbit, mouse, and those in the Lost City
    (each of any one suit, its card's example)."""
    b = board(g)
    lost = b.lost_city
    suit = b.suit
    fox = rabbit = mouse = wild = 0  # counted in locals: no dictionary updated per piece
    for c in fac(g, seat).crafting_pieces(g, seat):
        if c == lost:
            wild += 1
        elif suit[c] == "fox":
            fox += 1
        elif suit[c] == "rabbit":
            rabbit += 1
        else:
            mouse += 1
    return fox, rabbit, mouse, wild


def _capacity(g: GameState, seat: int) -> tuple[int, int, int, int]:
    """:func:`crafting_capacity` as fox, rabbit, mouse and any-suit counts (no dictionary
    made before this turn's first craft, issue 14)."""
    if g.turn.get("craft_used"):
        cap = crafting_capacity(g, seat)
        return cap["fox"], cap["rabbit"], cap["mouse"], cap.get(ANY, 0)
    return _pieces_by_suit(g, seat)


def _payments(
    card: Card, fox: int, rabbit: int, mouse: int, wild: int
) -> tuple[tuple[str, ...], ...]:
    """Ways to pay the card's cost with this many unused pieces of each suit: the specific
    suits, then a choice of suits for each "any" icon. Each payment is a sorted tuple of
    suits. Pieces of the Lost City (``wild``) count as whichever suits are wanted."""
    if not wild:
        return _suited_payments(card, fox, rabbit, mouse)
    out: set[tuple[str, ...]] = set()
    for extra in combinations_with_replacement(SUITS, wild):
        out.update(
            _suited_payments(
                card,
                fox + extra.count("fox"),
                rabbit + extra.count("rabbit"),
                mouse + extra.count("mouse"),
            )
        )
    return tuple(sorted(out))


_PAID: Final[dict[int, tuple[tuple[str, ...], ...]]] = {}
""":func:`_suited_payments`' answers by card and piece counts (a plain dictionary keyed by
one integer: looked up faster than through ``functools.lru_cache`` or by a tuple, issue
14)."""


def _suited_payments(
    card: Card, fox: int, rabbit: int, mouse: int
) -> tuple[tuple[str, ...], ...]:
    """Ways to pay ``card``'s cost with this many pieces of each suit (a few cards and piece
    counts recur all game: each is worked out once). More pieces of a suit than the cost has
    icons pay the same ways as that many, so the counts are capped there (a card costs at
    most four icons): at most 79 x 5**3 answers are kept."""
    n = len(card.cost)
    if fox > n:
        fox = n
    if rabbit > n:
        rabbit = n
    if mouse > n:
        mouse = n
    key = ((card.id * 8 + fox) * 8 + rabbit) * 8 + mouse
    found = _PAID.get(key)
    if found is None:
        found = _PAID[key] = _count_payments(card.cost, fox, rabbit, mouse)
    return found


def _count_payments(
    cost: tuple[str, ...], fox: int, rabbit: int, mouse: int
) -> tuple[tuple[str, ...], ...]:
    """:func:`_suited_payments`, worked out."""
    cap = {"fox": fox, "rabbit": rabbit, "mouse": mouse}
    need = {"fox": 0, "rabbit": 0, "mouse": 0}
    n_any = 0
    for s in cost:
        if s == "any":
            n_any += 1
        else:
            need[s] += 1
    left = {}
    for s in SUITS:
        if cap[s] < need[s]:
            return ()
        left[s] = cap[s] - need[s]
    fixed = tuple(s for s in SUITS for _ in range(need[s]))
    if not n_any:
        return (fixed,)
    out = []
    for combo in combinations_with_replacement(SUITS, n_any):
        if all(combo.count(s) <= left[s] for s in SUITS):
            out.append(tuple(sorted(fixed + combo)))
    return tuple(out)


def why_not_craft(g: GameState, seat: int, cid: int) -> str | None:
    """Why ``seat`` cannot craft card ``cid`` now (None if it can, at some payment)."""
    c = DECK[cid]
    if cid not in g.seats[seat].hand:
        return f"{c.name} is not in your hand"
    if not c.craftable:
        return f"{c.name} is an {c.kind} card and can never be crafted (2.1.2-2.1.3)"
    if c.item is not None and g.items.get(c.item, 0) <= 0 and not (
        g.landmarks and landmarks.forge_has(g, seat, c.item)
    ):
        if g.forge.get(c.item):
            return f"the {c.item}s left are on the Legendary Forge: you need a piece there"
        return f"no {c.item} is left in the item supply (4.1.2)"
    if c.kind == "persistent" and _in_play_area(g, seat, c):
        return f"you already have {c.name} in your play area (4.1.4)"
    if not _payments(c, *_capacity(g, seat)):
        return f"you lack unused crafting pieces for {c.name}'s cost {'+'.join(c.cost)} (4.1.1)"
    return None


def _in_play_area(g: GameState, seat: int, c: Card) -> bool:
    """4.1.4: whether ``seat`` has a persistent card of ``c``'s name in its play area (it may
    not craft a second)."""
    for p in g.seats[seat].persistent:
        if DECK[p].name == c.name:
            return True
    return False


def craft_options(g: GameState, seat: int) -> list[Action]:
    hand = g.seats[seat].hand
    if not hand:
        return []
    fox, rabbit, mouse, wild = _capacity(g, seat)
    if fox <= 0 and rabbit <= 0 and mouse <= 0 and wild <= 0:  # no unused crafting piece
        return []
    out: list[Action] = []
    seen: set[int] = set()
    for cid in hand:
        c = DECK[cid]
        if not c.craftable or cid in seen:
            continue
        seen.add(cid)
        words: tuple[str, ...] = ("craft",)
        if c.item is not None:
            # From the supply (4.1.2), or from the Legendary Forge with a piece there.
            words = ("craft",) if g.items.get(c.item, 0) > 0 else ()
            if g.landmarks and landmarks.forge_has(g, seat, c.item):
                words += (landmarks.FORGE,)
            if not words:
                continue
        if c.kind == "persistent" and _in_play_area(g, seat, c):
            continue
        pays = _payments(c, fox, rabbit, mouse, wild)
        for w in words:
            if "any" in c.cost:
                out.extend((w, cid, *p) for p in pays)
            elif pays:
                out.append((w, cid))
    return out


def do_craft(g: GameState, seat: int, a: Action) -> None:
    """Craft: activate the pieces, then resolve the card's effect."""
    cid = int(a[1])
    c = DECK[cid]
    pay = tuple(str(x) for x in a[2:]) or _payments(c, *_capacity(g, seat))[0]
    fac(g, seat).pay_crafting(g, seat, pay)
    player = g.seats[seat]
    player.hand.remove(cid)
    if c.kind == "persistent":
        player.persistent.append(cid)
        return
    if c.kind == "item":
        assert c.item is not None
        forge = a[0] == landmarks.FORGE
        if forge:
            landmarks.take_from_forge(g, c.item)
        else:
            g.items[c.item] -= 1
        fac(g, seat).item_crafted(g, seat, c.item)
        discard(g, cid)
        score(g, seat, item_vp(g, seat, c), "crafted " + c.item)
        if forge:
            landmarks.forge_crafted(g, seat, c.item)
        exiles.item_crafted(g, seat)
        return
    # The Favors: remove every enemy piece in all clearings of the card's suit.
    discard(g, cid)
    favor(g, seat, c.suit)


def item_vp(g: GameState, seat: int, c: Card) -> int:
    """VP for crafting item card ``c`` (3.2.2): the faction's (the Eyrie's Disdain for Trade,
    7.2.3), plus one for Master Engravers."""
    return fac(g, seat).craft_vp(g, seat, c) + exiles.engravers_vp(g, seat)


def favor(g: GameState, seat: int, suit: str) -> None:
    """Favor of the Foxes/Rabbits/Mice: remove all enemy pieces in every clearing of ``suit``;
    score enemy buildings and tokens (3.2.1); then the effects those removals trigger (1.5.4).
    The removals are simultaneous: the 30-VP check comes when all are done."""
    remove_enemy_pieces(g, seat, board(g).clearings_of_suit(suit))


# --- The craft decision ---------------------------------------------------------------------


CRAFT_ACTIONS: Final[tuple[Signature, ...]] = (
    ("craft", CARD),
    ("craft", PAID_CARD),
    (landmarks.FORGE, CARD),
    (landmarks.FORGE, PAID_CARD),
)
"""The signatures of :func:`craft_options` (for decisions that offer crafting): ``forge``
crafts an item from the Legendary Forge's card."""

CRAFT_WORDS: Final[tuple[str, ...]] = ("craft", landmarks.FORGE)
"""The action words of :func:`craft_options`."""


def push_craft(g: GameState, seat: int) -> None:
    """The craft step. With cards in hand and crafting pieces on the map it is always asked,
    so that skipping it reveals nothing about the hand (1.2.1); also once a card drawn during
    the step (Tax Collector) fills an empty hand."""
    ask = bool(fac(g, seat).crafting_pieces(g, seat))
    g.stack.append(Frame("craft", seat, {"ask": True} if ask else {}))


@decision(
    "craft",
    "Craft cards, or go on",
    takes=(*CRAFT_ACTIONS, *effects.DAYLIGHT_CARD_ACTIONS, ("done",)),
    asks=effects.asks_daylight,
)
def _craft_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    acts = craft_options(g, f.seat)
    acts.extend(effects.daylight_card_actions(g, f.seat))
    acts.append(("done",))
    return acts


@applies("craft")
def _craft_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    if a[0] == "done":
        pop(g, f)
    elif a[0] in CRAFT_WORDS:
        do_craft(g, f.seat, a)
    else:
        effects.apply_daylight_card_action(g, f.seat, a)


@explains("craft")
def _craft_explain(g: GameState, f: Frame, a: Action) -> str | None:
    if a[0] in CRAFT_WORDS and len(a) >= 2 and isinstance(a[1], int) and 0 <= a[1] < len(DECK):
        assert f.seat is not None
        return why_not_craft(g, f.seat, a[1])
    return None
