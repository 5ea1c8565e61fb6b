"""The position builder: a game in any mid-game position from a compact description.

The format is documented in docs/positions.md. In short, a JSON-ready dict::

    {
      "factions": ["marquise", "eyrie"],
      "turn": "eyrie", "at": "daylight:decree",
      "clearings": {"1": {"marquise": "2w sawmill wood keep"}, "3": {"eyrie": "6w roost"}},
      "hands": {"eyrie": ["ambush:bird", "anvil"]},
      "deck": ["tax-collector"],             # top first; other cards shuffled below
      "vp": {"eyrie": 5},
      "eyrie": {"leader": "commander", "decree": {"battle": ["fox"]}},
      "dice": [[3, 1]]
    }

Supplies and tracks are derived from what is on the map. Every error names the field.
"""

from __future__ import annotations

import json
from typing import Any

from . import factions as _factions  # noqa: F401
from .board import load_board
from .cards import DECK, ITEM_SUPPLY, ITEMS, N_CARDS, ids_for_key
from .errors import PositionError
from .flow import FACTIONS
from .game import Game
from .rng import Rng
from .rules.turn import turn_steps
from .state import Frame, GameState, SeatState

WARRIOR_WORDS = ("w", "warrior", "warriors")


class _Cards:
    """Hands out card ids by key, each id once."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, ref: Any, where: str) -> int:
        if isinstance(ref, int) and not isinstance(ref, bool):
            if not 0 <= ref < N_CARDS:
                raise PositionError(f"{where}: card id {ref} is not from 0 to {N_CARDS - 1}")
            if ref in self.used:
                raise PositionError(f"{where}: card {ref} is placed twice")
            self.used.add(ref)
            return ref
        if not isinstance(ref, str):
            raise PositionError(f"{where}: a card is a key such as 'anvil' or an id, not {ref!r}")
        ids = ids_for_key(ref)
        if not ids:
            raise PositionError(f"{where}: no card is called {ref!r}")
        for cid in ids:
            if cid not in self.used:
                self.used.add(cid)
                return cid
        raise PositionError(f"{where}: every copy of {ref!r} is already placed")


def _seat(g: GameState, who: Any, where: str) -> int:
    if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < g.n:
        return who
    if isinstance(who, str) and who in g.factions:
        return g.factions.index(who)
    raise PositionError(f"{where}: {who!r} is not a faction in this game ({', '.join(g.factions)})")


def parse_pieces(text: Any, where: str) -> list[tuple[str, int]]:
    """``"2w sawmill 2wood keep"`` -> [("warrior", 2), ("sawmill", 1), ("wood", 2), ...]."""
    if isinstance(text, int) and not isinstance(text, bool):
        return [("warrior", text)]
    if not isinstance(text, str):
        raise PositionError(f"{where}: pieces are written like '2w roost', not {text!r}")
    out: list[tuple[str, int]] = []
    for part in text.split():
        i = 0
        while i < len(part) and part[i].isdigit():
            i += 1
        n = int(part[:i]) if i else 1
        kind = part[i:].lower() or "w"
        if kind in WARRIOR_WORDS:
            kind = "warrior"
        out.append((kind, n))
    return out


def build(desc: dict[str, Any] | str) -> Game:
    """Build a :class:`Game` from a position description (a dict, or its JSON text)."""
    if isinstance(desc, str):
        try:
            desc = json.loads(desc)
        except ValueError as e:
            raise PositionError(f"the position is not valid JSON: {e}") from e
    if not isinstance(desc, dict):
        raise PositionError("a position is a JSON object")
    known = {
        "factions", "map", "seed", "turn", "at", "clearings", "ruins", "hands", "deck",
        "discard", "removed", "vp", "items", "crafted", "persistent", "dominance",
        "available_dominance", "dice", "turn_state", "first", "eyrie", "marquise",
    }
    for k in desc:
        if k not in known:
            raise PositionError(f"unknown field {k!r}; known fields: {', '.join(sorted(known))}")
    factions = desc.get("factions", ["marquise", "eyrie"])
    if not isinstance(factions, list) or not all(f in FACTIONS for f in factions):
        raise PositionError(f"factions: a list of {', '.join(sorted(FACTIONS))}, not {factions!r}")
    if len(set(factions)) != len(factions) or len(factions) < 2:
        raise PositionError("factions: at least two different factions")
    try:
        b = load_board(desc.get("map", "autumn"))
    except ValueError as e:
        raise PositionError(f"map: {e}") from e
    g = GameState()
    g.map = b.name
    g.factions = tuple(factions)
    n = len(factions)
    g.seats = [SeatState(f) for f in factions]
    g.fs = [FACTIONS[f].new_state() for f in factions]
    g.warriors = [[0] * n for _ in range(len(b.suit))]
    g.buildings = [[] for _ in range(len(b.suit))]
    g.tokens = [[] for _ in range(len(b.suit))]
    ruins = desc.get("ruins", [c for c in b.clearings if b.starts_with_ruin[c]])
    for c in ruins:
        if c not in b.clearings:
            raise PositionError(f"ruins: there is no clearing {c!r}")
        g.buildings[c].append((-1, "ruin"))
    # Pieces.
    clearings = desc.get("clearings", {})
    if not isinstance(clearings, dict):
        raise PositionError("clearings: an object from clearing number to pieces")
    for key, per in clearings.items():
        try:
            c = int(key)
        except ValueError:
            raise PositionError(f"clearings: {key!r} is not a clearing number") from None
        if c not in b.clearings:
            raise PositionError(f"clearings: there is no clearing {c} on the {b.name} map")
        if not isinstance(per, dict):
            raise PositionError(f"clearings.{c}: an object from faction to pieces")
        for who, text in per.items():
            s = _seat(g, who, f"clearings.{c}")
            fo = FACTIONS[g.factions[s]]
            for kind, cnt in parse_pieces(text, f"clearings.{c}.{who}"):
                if kind == "warrior":
                    g.warriors[c][s] += cnt
                elif kind in fo.building_kinds:
                    g.buildings[c].extend([(s, kind)] * cnt)
                elif kind in fo.token_kinds:
                    g.tokens[c].extend([(s, kind)] * cnt)
                else:
                    kinds = ("w",) + fo.building_kinds + fo.token_kinds
                    raise PositionError(
                        f"clearings.{c}.{who}: {fo.name} have no piece {kind!r} "
                        f"(pieces: {', '.join(kinds)})"
                    )
        if len(g.buildings[c]) > b.slots[c]:
            raise PositionError(
                f"clearings.{c}: {len(g.buildings[c])} buildings and ruins, "
                f"but the clearing has {b.slots[c]} slots"
            )
    # Turn and phase.
    turn = _seat(g, desc.get("turn", 0), "turn")
    g.turn_seat = turn
    g.first_seat = _seat(g, desc.get("first", turn), "first")
    g.turn_number = 0
    for s, name in enumerate(g.factions):
        FACTIONS[name].load_position(g, s, desc.get(name, {}))
        for kind, (on_map, off) in FACTIONS[name].piece_counts(g, s).items():
            total = FACTIONS[name].piece_totals()[kind]
            if off < 0 or on_map + off != total:
                raise PositionError(
                    f"{name}: {on_map} {kind}s on the map, but the box has {total}"
                )
    # Cards.
    cards = _Cards()
    for who, refs in _dict(desc, "hands").items():
        s = _seat(g, who, "hands")
        g.seats[s].hand = [cards.take(r, f"hands.{who}") for r in _list(refs, f"hands.{who}")]
    for who, refs in _dict(desc, "persistent").items():
        s = _seat(g, who, "persistent")
        ids = [cards.take(r, f"persistent.{who}") for r in _list(refs, f"persistent.{who}")]
        for i, cid in enumerate(ids):
            if DECK[cid].kind != "persistent":
                raise PositionError(f"persistent.{who}: {DECK[cid].name} is not a persistent card")
            if any(DECK[x].name == DECK[cid].name for x in ids[:i]):
                raise PositionError(f"persistent.{who}: two {DECK[cid].name} cards (4.1.4)")
        g.seats[s].persistent = ids
    for who, ref in _dict(desc, "dominance").items():
        s = _seat(g, who, "dominance")
        cid = cards.take(ref, f"dominance.{who}")
        if DECK[cid].kind != "dominance":
            raise PositionError(f"dominance.{who}: {DECK[cid].name} is not a dominance card")
        g.seats[s].dominance = cid
    for s, name in enumerate(g.factions):
        FACTIONS[name].load_position_cards(g, s, desc.get(name, {}), cards.take)
    avail = _list(desc.get("available_dominance", []), "available_dominance")
    g.available_dominance = [cards.take(r, "available_dominance") for r in avail]
    g.discard = [cards.take(r, "discard") for r in _list(desc.get("discard", []), "discard")]
    removed = [cards.take(r, "removed") for r in _list(desc.get("removed", []), "removed")]
    top = [cards.take(r, "deck") for r in _list(desc.get("deck", []), "deck")]
    seed = desc.get("seed", 0)
    if not isinstance(seed, int):
        raise PositionError("seed: an integer")
    rng = Rng(seed)
    rest = [c for c in range(N_CARDS) if c not in cards.used]
    if n == 2:
        removed += [c for c in rest if DECK[c].kind == "dominance"]
        rest = [c for c in rest if DECK[c].kind != "dominance"]
    rng.shuffle(rest)
    g.deck = rest + top[::-1]
    g.removed_cards = removed
    g.rng = rng.state
    # Items.
    crafted = _dict(desc, "crafted")
    for who, items in crafted.items():
        s = _seat(g, who, "crafted")
        for it in _list(items, f"crafted.{who}"):
            if it not in ITEMS:
                raise PositionError(f"crafted.{who}: {it!r} is not an item")
            g.seats[s].items.append(it)
    supply = dict(ITEM_SUPPLY)
    for player in g.seats:
        for it in player.items:
            supply[it] = supply.get(it, 0) - 1
    if "items" in desc:
        items = _dict(desc, "items")
        for it, cnt in items.items():
            if it not in ITEMS or not isinstance(cnt, int) or cnt < 0:
                raise PositionError(f"items: {it!r}: {cnt!r} is not an item count")
        supply = {it: int(items.get(it, 0)) for it in ITEM_SUPPLY}
    for it, left in supply.items():
        if left < 0:
            raise PositionError(f"crafted: more {it}s crafted than the supply holds")
    g.items = supply
    # Score, dice, turn state.
    for who, vp in _dict(desc, "vp").items():
        if not isinstance(vp, int):
            raise PositionError(f"vp.{who}: a whole number")
        s = _seat(g, who, "vp")
        g.seats[s].vp = vp
        if vp:
            g.vp_log.append((s, vp, "position"))
    for d in _list(desc.get("dice", []), "dice"):
        if (
            not isinstance(d, list)
            or len(d) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 3 for x in d)
        ):
            raise PositionError(f"dice: each roll is two numbers from 0 to 3, not {d!r}")
        g.dice.append((d[0], d[1]))
    g.turn = dict(_dict(desc, "turn_state"))
    # Where in the turn.
    at = desc.get("at", "birdsong")
    steps = turn_steps(g, turn)
    if not isinstance(at, str):
        raise PositionError("at: a phase such as 'daylight' or a step such as 'daylight:decree'")
    phase, _, step = at.partition(":")
    step = step or "start"
    if (phase, step) not in steps:
        names = ", ".join(f"{p}:{s}" for p, s in steps)
        raise PositionError(f"at: {at!r} is not a step of the {g.factions[turn]}'s turn ({names})")
    g.stack = [Frame("turn", None, {"i": steps.index((phase, step))})]
    return Game(g)


def _dict(desc: dict[str, Any], key: str) -> dict[str, Any]:
    v = desc.get(key, {})
    if not isinstance(v, dict):
        raise PositionError(f"{key}: an object keyed by faction")
    return v


def _list(v: Any, where: str) -> list[Any]:
    if not isinstance(v, list):
        raise PositionError(f"{where}: a list")
    return v
