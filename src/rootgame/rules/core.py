"""General Law: rule (2.5), placing and removing pieces (1.5, G.1.19, G.1.22), scoring and
winning (3.1-3.2), cards (2.1): drawing with reshuffle, discarding, birds as wild.

Faction rules hook in through the faction objects in ``flow.FACTIONS`` (e.g. Lords of the
Forest changes who rules a tied clearing; the keep stops others placing pieces).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import Board, load_board
from ..cards import DECK
from ..flow import FACTIONS
from ..state import GameState
from . import chance

if TYPE_CHECKING:
    from ..factions.base import Faction

WIN_VP = 30
HAND_LIMIT = 5


def board(g: GameState) -> Board:
    return load_board(g.map)


def fac(g: GameState, seat: int) -> Faction:
    """The faction object of ``seat``."""
    return FACTIONS[g.factions[seat]]


def enemies(g: GameState, seat: int) -> range | list[int]:
    """G.1.8: every other player, except a player in a coalition with ``seat`` (9.2.8)."""
    partner = g.seats[seat].coalition
    return [s for s in range(g.n) if s != seat and s != partner]


def is_enemy(g: GameState, seat: int, other: int) -> bool:
    return other != seat and other != g.seats[seat].coalition


# --- 2.5 Rule -----------------------------------------------------------------------------


def has_pieces(g: GameState, seat: int, c: int) -> bool:
    """Whether ``seat`` has any piece (warrior, building or token) in ``c``."""
    if g.warriors[c][seat]:
        return True
    for owner, _ in g.buildings[c]:
        if owner == seat:
            return True
    for owner, _ in g.tokens[c]:
        if owner == seat:
            return True
    f = FACTIONS[g.factions[seat]]
    return f.has_pawn and f.pawn_at(g, seat) == c


def ruler(g: GameState, c: int) -> int | None:
    """2.5: who rules clearing ``c``: most warriors + buildings; ties rule for nobody, unless
    a faction rules ties (the Eyrie's Lords of the Forest, 7.2.2)."""
    counts = g.warriors[c][:]
    for owner, _ in g.buildings[c]:
        if owner >= 0:
            counts[owner] += 1
    best = max(counts)
    if best == 0:
        return None
    if counts.count(best) == 1:
        return counts.index(best)
    for s, p in enumerate(counts):
        if p == best and fac(g, s).rules_ties:
            return s
    return None


def rulers(g: GameState) -> list[int | None]:
    """``ruler(g, c)`` for every clearing, indexed by clearing (index 0 unused)."""
    return [None] + [ruler(g, c) for c in range(1, len(g.warriors))]


def rules(g: GameState, seat: int, c: int) -> bool:
    return ruler(g, c) == seat


def ruled_count(g: GameState, seat: int) -> int:
    return sum(1 for c in board(g).clearings if ruler(g, c) == seat)


# --- Placing pieces (1.5, G.1.19) ----------------------------------------------------------


def free_slots(g: GameState, c: int) -> int:
    """2.2.3: open building slots (a ruin fills a slot, 2.2.4)."""
    return board(g).slots[c] - len(g.buildings[c])


def can_place(g: GameState, seat: int, c: int) -> bool:
    """Whether ``seat`` may place pieces in ``c`` at all (e.g. the keep forbids it, 6.2.2)."""
    for s in range(len(g.seats)):
        if s != seat and fac(g, s).blocks_placement(g, s, seat, c):
            return False
    return True


def can_build(g: GameState, seat: int, c: int) -> bool:
    """An open slot in a clearing where ``seat`` may place pieces."""
    return free_slots(g, c) > 0 and can_place(g, seat, c)


def place_warriors(g: GameState, seat: int, c: int, n: int) -> int:
    """Place up to ``n`` warriors from supply (as many as possible, 1.5.4). Returns how many."""
    fs = g.fs[seat]
    k: int = min(n, fs.warriors)
    fs.warriors -= k
    g.warriors[c][seat] += k
    return k


# --- Removing pieces (G.1.22) and scoring them (3.2.1) ---------------------------------------


def remove_warriors(g: GameState, seat: int, c: int, n: int) -> int:
    """Remove up to ``n`` warriors of ``seat`` from ``c`` back to its supply."""
    k = min(n, g.warriors[c][seat])
    g.warriors[c][seat] -= k
    g.fs[seat].warriors += k
    return k


def remove_building(g: GameState, c: int, index: int, by: int | None) -> tuple[int, str]:
    """Remove the building at ``g.buildings[c][index]``; its owner's faction puts it back on
    its track. ``by`` scores 1 VP if it is an enemy (3.2.1)."""
    owner, kind = g.buildings[c].pop(index)
    if owner >= 0:
        fac(g, owner).building_removed(g, owner, c, kind)
        if by is not None and by != owner:
            score(g, by, 1, "removed " + kind)
    return owner, kind


def remove_token(g: GameState, c: int, index: int, by: int | None) -> tuple[int, str]:
    """Remove the token at ``g.tokens[c][index]``; ``by`` scores 1 VP if an enemy (3.2.1)."""
    owner, kind = g.tokens[c].pop(index)
    fac(g, owner).token_removed(g, owner, c, kind)
    if by is not None and by != owner:
        score(g, by, 1, "removed " + kind)
    return owner, kind


def score(g: GameState, seat: int, n: int, reason: str = "") -> None:
    """Add ``n`` VP (may be negative). A player with an activated dominance card never scores
    again (3.3.1). Reaching 30 VP wins at once (3.1)."""
    if g.winners or n == 0:
        return
    s = g.seats[seat]
    if s.dominance is not None:
        return
    s.vp += n
    g.vp_log.append((seat, n, reason))
    if g.log is not None:
        g.log.append({"kind": "score", "seat": seat, "vp": n, "reason": reason})
    if s.vp >= WIN_VP:
        check_vp_win(g)


def check_vp_win(g: GameState) -> None:
    """3.1: the first player with 30 VP wins. Players tied at 30+ at the same moment: the one
    nearest clockwise from the player taking the turn wins (the turn player counts first)."""
    if g.winners:
        return
    for k in range(g.n):
        s = (g.turn_seat + k) % g.n
        if g.seats[s].vp >= WIN_VP and g.seats[s].dominance is None:
            win(g, [s], "vp")
            return


def win(g: GameState, seats: list[int], reason: str) -> None:
    """The game ends at once (3.1, 3.3.1). A player in a coalition with a winner wins too
    (9.2.8)."""
    for s in seats[:]:
        p = g.seats[s].coalition
        if p is not None and p not in seats:
            seats.append(p)
    g.winners = seats
    g.win_reason = reason
    chance.emit(g, {"kind": "win", "seats": seats[:], "reason": reason})


# --- Cards (2.1) ------------------------------------------------------------------------


def card_suit(cid: int) -> str:
    """The suit of a card id (the Eyrie's Loyal Viziers, id < 0, are birds)."""
    return "bird" if cid < 0 else DECK[cid].suit


def reshuffle(g: GameState) -> None:
    """2.1: the moment the draw pile is empty, shuffle the discard pile into a new one."""
    if not g.deck and g.discard:
        g.deck = g.discard
        g.discard = []
        chance.shuffle(g, g.deck)


def draw(g: GameState, seat: int, n: int) -> int:
    """Draw ``n`` cards from the top (as many as there are, 1.5.4). Returns how many."""
    hand = g.seats[seat].hand
    k = 0
    for _ in range(n):
        if not g.deck:
            reshuffle(g)
            if not g.deck:
                break
        hand.append(g.deck.pop())
        k += 1
        if not g.deck:
            reshuffle(g)
    if k:
        g.reveals += 1
        chance.emit(g, {"kind": "draw", "seat": seat, "cards": hand[-k:]})
    return k


def discard(g: GameState, cid: int) -> None:
    """Put a card on the discard pile; a dominance card goes beside the map as available
    instead (3.3.3)."""
    if cid < 0:
        return
    if DECK[cid].kind == "dominance":
        g.available_dominance.append(cid)
    else:
        g.discard.append(cid)


def discard_from_hand(g: GameState, seat: int, cid: int) -> None:
    g.seats[seat].hand.remove(cid)
    discard(g, cid)


def matching_cards(g: GameState, seat: int, suit: str) -> list[int]:
    """Cards in hand that can be spent as ``suit`` (birds are wild, 2.1.1; a bird requirement
    needs a bird card, 2.1.1.II)."""
    hand = g.seats[seat].hand
    if suit == "bird":
        return [c for c in hand if DECK[c].suit == "bird"]
    return [c for c in hand if DECK[c].suit == suit or DECK[c].suit == "bird"]


def roll_dice(g: GameState) -> tuple[int, int]:
    """4.3.2: roll two dice, each 0-3 (fixed dice first, when a position set them)."""
    return chance.dice(g)


def has_persistent(g: GameState, seat: int, key: str) -> int | None:
    """The id of a persistent card with this key in ``seat``'s play area, or None."""
    for cid in g.seats[seat].persistent:
        if DECK[cid].key == key:
            return cid
    return None
