"""Law of Rootbotics 7.7: the Vagabot's characters, and its Special action (7.5.6).

The Clockwork expansion's Thief (7.7.1), Tinker (7.7.2) and Ranger (7.7.3), and Clockwork
2's Vagrant (7.7.4), Scoundrel (7.7.5) and Arbiter (7.7.6) (their cards: LederCards/cards,
``clockwork2.yml``, ROOT-285 to ROOT-287). The Arbiter's card names no Special action: the
defender of a battle in his clearing may enlist him before the dice, through the battle's one
hook for a third player joining a battle (``Faction.enlistable``, rules/battle.py).
Every choice is the bot's, logged as a ``target`` event with the rule (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..cards import DECK
from ..rules import chance
from ..rules.battle import battle_targets, start_battle
from ..rules.chance import emit
from ..rules.core import (
    discard,
    fac,
    free_slots,
    has_pieces,
    remove_enemy_pieces,
    score,
    slot_taken,
)
from ..state import Frame, GameState
from .clockwork import (
    choose_player,
    craft_order,
    enemy_pieces,
    foe,
    has_trait,
    log_target,
    pieces_of,
)
from .vagabot import (
    DDOWN,
    DOWN,
    DUP,
    UP,
    arrange_track,
    clearing_of,
    damaged,
    exhaust,
    forests_next_to,
    item_event,
    ready,
    slip,
    st,
)

RANGER_DAMAGED: Final = 3
"""LR 7.7.3: the damaged items that make the Ranger slip."""
SCOUNDREL_PIECES: Final = 3
"""LR 7.7.5: the enemy pieces its clearing needs (one of them a building or token)."""
ENLIST_BELOW: Final = 3
"""LR 7.7.6.I: a bot defender enlists the Arbiter only with fewer maximum rolled hits."""
COVER = (-1, "item")
"""LR 7.7.5: a Vagabot item covering a building slot, no one's piece (like a ruin, 2.2.4)."""
COVER_ORDER: Final[tuple[int, ...]] = (DDOWN, DUP, DOWN, UP)
"""LR 7.7.5 "any item": the Scoundrel gives up a damaged item first, exhausted before face up,
then an undamaged one, exhausted first; the Battle Track's last (docs/rulings.md)."""


def special(g: GameState, seat: int) -> None:
    """LR 7.5.6: exhaust an item for the character's action; skipped if it would do nothing
    (the Arbiter's card names none: docs/rulings.md)."""
    fs = st(g, seat)
    if not ready(fs):
        return
    action = SPECIALS.get(fs.character)
    if action is not None:
        action(g, seat)


def thief(g: GameState, seat: int) -> None:
    """LR 7.7.1: a random card from the enemy in its clearing with the most VP, then the most
    pieces there; a bot has no hand to take from (LR 2.8.1). It holds no hand, so the card is
    discarded (docs/rulings.md)."""
    c = clearing_of(st(g, seat))
    foes = [
        s for s in range(g.n)
        if c and foe(g, seat, s) and has_pieces(g, s, c) and g.seats[s].hand
    ]
    if not foes:
        return
    t = choose_player(
        g, seat, "steal", c, foes,
        (("most_vp", lambda s: g.seats[s].vp), ("most_pieces", lambda s: pieces_of(g, s, c))),
        "LR 7.7.1",
    )
    exhaust(g, seat, 1, "special")
    hand = g.seats[t].hand
    cid = hand.pop(chance.pick(g, len(hand), "steal") if len(hand) > 1 else 0)
    emit(g, {"kind": "take", "seat": seat, "from": t, "card": cid})
    discard(g, cid)


def tinker(g: GameState, seat: int) -> None:
    """LR 7.7.2: craft the topmost card of the discard pile showing an item still in the
    supply (1 VP, LR 1.1); the card stays in the discard pile (docs/rulings.md)."""
    for cid in reversed(g.discard):
        card = DECK[cid]
        if card.kind == "item" and card.item is not None and g.items.get(card.item, 0) > 0:
            exhaust(g, seat, 1, "special")
            log_target(g, {"seat": seat, "action": "tinker", "card": cid}, ["topmost"],
                       [], "LR 7.7.2")
            craft_order(g, seat, cid)
            return


def ranger(g: GameState, seat: int) -> None:
    """LR 7.7.3: with three damaged items or more, slip into an adjacent forest at random."""
    if damaged(st(g, seat)) >= RANGER_DAMAGED and forests_next_to(g, st(g, seat).pawn):
        exhaust(g, seat, 1, "special")
        slip(g, seat, "LR 7.7.3")


# --- LR 7.7.4 the Vagrant ---------------------------------------------------------------------


def instigations(g: GameState, seat: int, c: int) -> dict[int, list[int]]:
    """LR 7.7.4: each defender the Vagrant may choose in ``c`` (an enemy it targets, LR 3.5.1),
    with the players who may attack them there (warriors in ``c``, the defender an enemy they
    do not spare: ``battle.battle_targets``); neither side is the Vagabot (docs/rulings.md)."""
    out: dict[int, list[int]] = {}
    for a in range(g.n):
        if a == seat:
            continue
        for _c, d in battle_targets(g, a, (c,)):
            if d != seat and foe(g, seat, d):
                out.setdefault(d, []).append(a)
    return out


def vagrant(g: GameState, seat: int) -> None:
    """LR 7.7.4: start a battle in its clearing between an attacker and a defender it
    chooses, and remove the pieces of both sides. The defender: the most VP (its Battle's
    target, 7.5.4), then setup order; the attacker: the most warriors there, then setup order;
    the pieces: as a bot loses its own (LR 1.2.1). It scores nothing itself (docs/rulings.md)."""
    c = clearing_of(st(g, seat))
    pairs = instigations(g, seat, c) if c else {}
    if not pairs:
        return
    d = choose_player(
        g, seat, "instigate_defender", c, sorted(pairs),
        (("most_vp", lambda s: g.seats[s].vp),), "LR 7.7.4",
    )
    a = choose_player(
        g, seat, "instigate_attacker", c, pairs[d],
        (("most_warriors_here", lambda s: g.warriors[c][s]),), "LR 7.7.4",
    )
    exhaust(g, seat, 1, "special")
    start_battle(g, a, c, d, chooser=seat)


# --- LR 7.7.5 the Scoundrel -------------------------------------------------------------------


def scoundrel(g: GameState, seat: int) -> None:
    """LR 7.7.5: with three enemy pieces or more in its clearing, one of them a building or a
    token (enemies it targets, LR 3.5.1), remove every enemy piece there (collateral damage:
    other bots' too, as a revolt; each building and token scores, 3.2.1), cover a building
    slot there with one of its items, and score one VP."""
    c = clearing_of(st(g, seat))
    if not c or enemy_pieces(g, seat, c) < SCOUNDREL_PIECES:
        return
    if not any(o >= 0 and foe(g, seat, o) for o, _ in g.buildings[c] + g.tokens[c]):
        return
    exhaust(g, seat, 1, "special")
    emit(g, {"kind": "scoundrel", "seat": seat, "clearing": c, "rule": "LR 7.7.5"})
    remove_enemy_pieces(g, seat, [c])
    cover_slot(g, seat, c)
    score(g, seat, 1, "scoundrel")


def cover_slot(g: GameState, seat: int, c: int) -> None:
    """LR 7.7.5: one of its items leaves its board to cover an open building slot of ``c``
    for the rest of the game (no building can be placed there). With no open slot (ruins and
    spared bots' buildings fill them) it keeps the item (docs/rulings.md)."""
    fs = st(g, seat)
    if free_slots(g, c) <= 0:
        emit(g, {"kind": "scoundrel_no_slot", "seat": seat, "clearing": c})
        return
    side = next((k for k in COVER_ORDER if fs.items[k]), None)
    if side is not None:
        fs.items[side] -= 1
        words = {DDOWN: "damaged-down", DUP: "damaged-up", DOWN: "down", UP: "up"}
        item_event(g, seat, "cover", 1, side=words[side], clearing=c)
    elif fs.track and not has_trait(g, seat, "questing"):
        item_event(g, seat, "cover", 1, side=fs.track.pop(), clearing=c)
    else:
        return
    blds = g.buildings[c]
    at = 0
    while at < len(blds) and blds[at][0] < 0:
        at += 1
    g.put_building(c, COVER, at)
    slot_taken(g, c, COVER)
    arrange_track(g, seat)


def covered_slots(g: GameState) -> list[int]:
    """The clearings with a slot covered by a Vagabot item (LR 7.7.5), once per item."""
    return [c for c, blds in enumerate(g.buildings) for b in blds if b == COVER]


# --- LR 7.7.6 the Arbiter ---------------------------------------------------------------------


def arbiter_enlistable(g: GameState, seat: int, bf: Frame) -> bool:
    """LR 7.7.6: the Arbiter may be enlisted by the defender when he stands in the battle's
    clearing; never by himself nor against himself (docs/rulings.md)."""
    d = bf.data
    return (
        st(g, seat).character == "arbiter"
        and seat not in (d["a"], d["d"])
        and clearing_of(st(g, seat)) == d["c"]
    )


def bot_enlists_arbiter(g: GameState, seat: int, bf: Frame) -> bool:
    """LR 7.7.6.I-III: a bot defender enlists him when its maximum rolled hits are below
    three (I) and below the attacker's pieces there (II), and it has more VP than he (III).
    Logged as a ``target`` event (``enlist`` or ``no_enlist``)."""
    d = bf.data
    a, de, c = d["a"], d["d"], d["c"]
    cap = fac(g, de).rolled_hits_cap(g, de, c, d)
    yes = (
        cap < ENLIST_BELOW
        and cap < pieces_of(g, a, c)
        and g.seats[de].vp > g.seats[seat].vp
    )
    log_target(
        g, {"seat": de, "action": "enlist" if yes else "no_enlist", "clearing": c,
            "player": seat},
        ["three_conditions" if yes else "conditions_unmet"], [seat],
        "LR 7.7.6",
    )
    return yes


SPECIALS: Final[dict[str, Callable[[GameState, int], None]]] = {
    "thief": thief, "tinker": tinker, "ranger": ranger, "vagrant": vagrant,
    "scoundrel": scoundrel,
}
"""LR 7.7: each character's Special action (the Arbiter has none)."""
