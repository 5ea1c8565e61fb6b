"""Landmarks (Law of Root, appendix A step 5 and appendix L; each landmark card's own setup and
rule text, which beats the Law, 1.1.1).

General rules (L): a landmark cannot be battled, moved, covered or removed unless its card says
so, and belongs to nobody (it is no enemy piece): the engine keeps landmarks apart from the
pieces (``GameState.landmarks``, ``ferry``), so no rule about pieces reaches them.

Setup (A step 5): one or two landmark cards are chosen and dealt; the last player in turn order
sets up the first dealt as its card describes, the second-to-last the second. With landmarks the
map's own Tower and Ferry (appendix M) stay where the map puts them unless that landmark card is
dealt, which then places it instead (the placement is "overridden"). No landmark may go where
a landmark is or next to one, except the Tower, which only needs a clearing without one.

- The Ferry: a river clearing (on the Lake, a coastal one); once per turn a move from its
  clearing may go to a clearing a river links to it, ignoring paths (rules/maps.py).
- The Tower: a clearing with a ruin; at the end of a player's Evening, ruling it scores 1 VP.
- The Elder Treetop: a corner clearing; one more building slot there (``Board.treetop``),
  filled last; removing an enemy building from it scores one more VP.
- The Black Market: a clearing with exactly one slot and no ruin; three cards beside it face
  down; once in their turn a player with a piece there may swap one for a card of the hand.
- The Legendary Forge: any clearing; items of its clearing's suit move from the supply onto
  its card; crafting one of them needs a piece at the Forge and draws a card and scores 1 VP
  more (also under Disdain for Trade, 7.2.3).
- The Lost City: a river clearing (on the Lake, a coastal one); its clearing is fox, mouse and
  rabbit at once (``Board.lost_city``, ``Board.matches``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..actions import CARD, CLEARING, Action, Signature
from ..flow import applies, decision, driver, pop
from ..state import Frame, GameState
from . import chance
from .core import board, draw, has_pieces, reshuffle

LANDMARKS: Final[tuple[str, ...]] = (
    "forge", "lost-city", "black-market", "elder-treetop", "tower", "ferry"
)
"""The landmark cards there are (ROOT-138 to ROOT-151), by the engine's names."""

ALIASES: Final = {"legendary-forge": "forge", "treetop": "elder-treetop", "market": "black-market"}
"""Other names accepted for a landmark."""

FORGE_ITEMS: Final[dict[str, tuple[str, ...]]] = {
    "fox": ("sword", "sword", "crossbow", "hammer"),
    "mouse": ("bag", "bag", "tea", "tea"),
    "rabbit": ("boot", "boot", "coins", "coins"),
}
"""Items moved from the supply onto the Legendary Forge, by the suit of its clearing."""

MARKET_CARDS: Final = 3
"""Cards put face down beside the Black Market at setup."""

MARKET_PLACES: Final[tuple[str, ...]] = ("left", "middle", "right")
"""The places of the Black Market's face-down cards (a player picks one without seeing it)."""

BLACK_MARKET: Final = "black-market"
FORGE: Final = "forge"
"""The action word of crafting an item from the Legendary Forge (``forge CARD``)."""

ACTION_WORDS: Final = frozenset({"landmark", BLACK_MARKET, FORGE})
"""The landmarks' own action words (the learning agents' action spaces leave them out of
games without landmarks)."""

TURN_ACTIONS: Final[tuple[Signature, ...]] = ((BLACK_MARKET, MARKET_PLACES, CARD),)
"""The signatures of :func:`turn_actions`."""


def parse_landmarks(value: object) -> tuple[str, ...] | int:
    """The landmarks asked for: a list of names (or one text ``"forge,lost-city"``), one or
    two of them; or the number 1 or 2 (or text ``"1"``/``"2"``) for that many dealt at random
    from all six. ValueError naming the choices otherwise."""
    choices = f"choose one or two of: {', '.join(LANDMARKS)} (or 1 or 2 dealt at random)"
    if value is None:
        return ()
    if isinstance(value, str):
        text = value.strip().lower()
        if text in ("", "none"):
            return ()
        if text.isdigit():
            value = int(text)
        else:
            value = [w for w in text.replace(" ", ",").split(",") if w]
    if isinstance(value, bool):
        raise ValueError(f"landmarks: {value!r} is not a list of landmarks; {choices}")
    if isinstance(value, int):
        if value not in (0, 1, 2):
            raise ValueError(f"landmarks: {value} landmarks; {choices}")
        return value if value else ()
    if not isinstance(value, Sequence):
        raise ValueError(f"landmarks: {value!r} is not a list of landmarks; {choices}")
    names: list[str] = []
    for v in value:
        name = ALIASES.get(str(v).lower(), str(v).lower())
        if name not in LANDMARKS:
            raise ValueError(f"landmarks: unknown landmark {v!r}; {choices}")
        if name in names:
            raise ValueError(f"landmarks: {name} is named twice; {choices}")
        names.append(name)
    if len(names) > 2:
        raise ValueError(f"landmarks: {len(names)} landmarks named; {choices}")
    return tuple(names)


# --- A step 5: setting landmarks up --------------------------------------------------------


def deal(g: GameState, chosen: tuple[str, ...] | int) -> None:
    """Deal the chosen landmark cards (A step 5, steps 1-2) and push the set-up decisions of
    the last and second-to-last players in turn order (step 3). Call after the first player
    is known; the hands are drawn once the landmarks are set up (A step 7)."""
    pool = list(LANDMARKS) if isinstance(chosen, int) else list(chosen)
    count = chosen if isinstance(chosen, int) else len(chosen)
    dealt: list[str] = []
    for _ in range(count):
        # Shuffle and deal: each card dealt is one of those left, at random.
        dealt.append(pool.pop(chance.pick(g, len(pool), "landmark") if len(pool) > 1 else 0))
    n = g.n
    seats = [(g.first_seat - 1 - k) % n for k in range(count)]
    for name in dealt:
        g.landmarks[name] = 0
    if "ferry" in dealt:
        g.ferry = 0  # the map's Ferry is placed by the card instead
    chance.emit(g, {"kind": "landmarks", "dealt": dealt, "seats": seats})
    # The last player sets up the first card dealt: its decision is on top of the stack.
    g.stack.append(Frame("deal_hands", None, {}))
    for name, seat in reversed(list(zip(dealt, seats, strict=True))):
        g.stack.append(Frame("landmark", seat, {"name": name}))


def occupied(g: GameState) -> list[int]:
    """The clearings holding a landmark now: those set up, and the map's own Ferry and Tower
    (they are landmarks too, appendix L)."""
    out = [c for c in g.landmarks.values() if c]
    if g.ferry and "ferry" not in g.landmarks:
        out.append(g.ferry)
    t = board(g).tower
    if t and "tower" not in g.landmarks:
        out.append(t)
    return out


def places(g: GameState, name: str) -> list[int]:
    """The clearings where landmark ``name`` may be set up now (its card's setup text)."""
    b = board(g)
    taken = occupied(g)
    out: list[int] = []
    for c in b.clearings:
        if c in taken:
            continue
        if name != "tower" and any(b.is_adjacent(c, x) for x in taken):
            continue
        has_ruin = any(o == -1 for o, _ in g.buildings[c])
        if name in ("ferry", "lost-city"):
            ok = c in b.coastal if b.coastal else bool(b.river_neighbours(c))
        elif name == "tower":
            ok = has_ruin
        elif name == "elder-treetop":
            ok = c in b.corners
        elif name == "black-market":
            ok = b.slots[c] == 1 and not has_ruin
        else:
            ok = True
        if ok:
            out.append(c)
    return out


@decision(
    "landmark",
    "Set up a landmark: in which clearing?",
    takes=(("landmark", LANDMARKS, CLEARING), ("pass",)),
)
def _landmark_legal(g: GameState, f: Frame) -> list[Action]:
    name = str(f.data["name"])
    acts: list[Action] = [("landmark", name, c) for c in places(g, name)]
    # No clearing fits the card: it goes back to the box (docs/rulings.md).
    return acts or [("pass",)]


@applies("landmark")
def _landmark_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    name = str(f.data["name"])
    if a[0] == "pass":
        g.landmarks.pop(name, None)
        chance.emit(g, {"kind": "landmark", "seat": f.seat, "name": name, "clearing": 0})
        return
    set_up(g, f.seat, name, int(a[2]))


def set_up(g: GameState, seat: int, name: str, c: int) -> None:
    """Put landmark ``name`` in clearing ``c`` and do what its card's setup says."""
    g.landmarks[name] = c
    chance.emit(g, {"kind": "landmark", "seat": seat, "name": name, "clearing": c})
    if name == "ferry":
        g.ferry = c
    elif name == "forge":
        # Items by the Forge's suit, as many as the supply holds (docs/rulings.md).
        moved: list[str] = []
        for item in FORGE_ITEMS[board(g).suit[c]]:
            if g.items.get(item, 0) > 0:
                g.items[item] -= 1
                g.forge[item] = g.forge.get(item, 0) + 1
                moved.append(item)
        chance.emit(g, {"kind": "forge_items", "items": moved})
    elif name == "black-market":
        for _ in range(MARKET_CARDS):
            if not g.deck:
                reshuffle(g)
                if not g.deck:
                    break
            g.market.append(g.deck.pop())
        chance.emit(g, {"kind": "market_deal", "cards": g.market[:]})


@driver("deal_hands")
def _deal_hands(g: GameState, f: Frame) -> None:
    """A step 7 after the landmarks: everyone draws the starting hand (5.1.3)."""
    from ..game import deal_hands

    pop(g, f)
    deal_hands(g)


# --- The Tower -----------------------------------------------------------------------------


def tower(g: GameState) -> int:
    """The Tower's clearing: the landmark's if dealt (0 until set up), else the map's Pass."""
    if "tower" in g.landmarks:
        return g.landmarks["tower"]
    return board(g).tower


# --- The Elder Treetop ---------------------------------------------------------------------


def building_placed(g: GameState, c: int, piece: tuple[int, str]) -> None:
    """``piece`` took a building slot of ``c`` (a building, or the Scoundrel's item, LR
    7.7.5): the one that fills the Elder Treetop's clearing while the Treetop's slot is empty
    takes that slot, which the one there keeps until removed (the printed slots are filled
    first: docs/rulings.md, rulings 104 and 338)."""
    if (
        c == g.landmarks.get("elder-treetop")
        and g.treetop_slot is None
        and len(g.buildings[c]) == board(g).slots[c]
    ):
        g.treetop_slot = piece


def treetop_removal(g: GameState, c: int, building: tuple[int, str], by: int | None) -> int:
    """A building left ``c``: if it was the one in the Elder Treetop's slot, the slot is empty
    again, and the extra VP the remover scores (1 for an enemy building, else 0)."""
    if c != g.landmarks.get("elder-treetop") or g.treetop_slot != building:
        return 0
    g.treetop_slot = None
    return 1 if by is not None and by != building[0] else 0


# --- The Black Market ----------------------------------------------------------------------


def turn_actions(g: GameState, seat: int) -> list[Action]:
    """The Black Market's swap, once on the player's turn (its card), with a faction piece
    there: offered in Birdsong beside the Birdsong cards, in Daylight beside the card actions,
    and at the start of Evening (ruling 105)."""
    c = g.landmarks.get("black-market", 0)
    if not c or not g.market or BLACK_MARKET in g.turn.get("used", ()):
        return []
    hand = g.seats[seat].hand
    if not hand or not has_pieces(g, seat, c):
        return []
    return [
        (BLACK_MARKET, place, cid)
        for place in MARKET_PLACES[: len(g.market)]
        for cid in hand
    ]


def swap(g: GameState, seat: int, a: Action) -> None:
    """Take the face-down card at the chosen place; put the card from the hand there, face
    down. Only the swapping player sees either card (1.2.1)."""
    g.turn.setdefault("used", []).append(BLACK_MARKET)
    i = MARKET_PLACES.index(str(a[1]))
    give = int(a[2])
    took = g.market[i]
    g.seats[seat].hand.remove(give)
    g.seats[seat].hand.append(took)
    g.market[i] = give
    g.reveals += 1
    chance.emit(g, {"kind": "market_swap", "seat": seat, "took": took, "gave": give})


# --- The Legendary Forge -------------------------------------------------------------------


def forge_has(g: GameState, seat: int, item: str) -> bool:
    """Whether ``seat`` may craft ``item`` from the Legendary Forge now (a faction piece at
    the Forge and the item on its card)."""
    c = g.landmarks.get("forge", 0)
    return bool(c) and g.forge.get(item, 0) > 0 and has_pieces(g, seat, c)


def forge_crafted(g: GameState, seat: int, item: str) -> None:
    """An item was crafted from the Legendary Forge: it leaves the card; the crafter draws
    a card and scores one more VP (after the item's own VP, 4.1.2)."""
    from .core import score

    draw(g, seat, 1)
    score(g, seat, 1, "legendary forge")


def take_from_forge(g: GameState, item: str) -> None:
    g.forge[item] -= 1
    if not g.forge[item]:
        del g.forge[item]
