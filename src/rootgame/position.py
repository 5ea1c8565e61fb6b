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

:func:`describe_position` gives the builder description of a game, the dict that
``build(describe_position(game))`` turns back into the same game. A position also has a
one-line text form, like a chess FEN (docs/positions.md, "Position strings"): it is written and
read in :mod:`rootgame.position_text`.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from . import factions as _factions  # noqa: F401
from .board import Board, choose_layout, load_board
from .cards import DECK, DECKS, ITEM_SUPPLY, ITEMS, N_CARDS, deck_ids, ids_for_key
from .errors import EngineError, PositionError
from .flow import DECISIONS, DRIVERS, FACTIONS
from .game import Game, check_cooperative, dominance_removed, empty_state, state_hash
from .rng import Rng
from .rules.core import board
from .rules.landmarks import FORGE_ITEMS, LANDMARKS, MARKET_CARDS
from .rules.landmarks import places as landmark_places
from .rules.turn import current_step, turn_steps
from .state import Frame, GameState, _from_jsonable, _jsonable

WARRIOR_WORDS = ("w", "warrior", "warriors")


class _Cards:
    """Hands out card ids of the game's deck by key, each id once."""

    def __init__(self, deck: str = "base") -> None:
        self.used: set[int] = set()
        self.deck = deck
        self.ids = deck_ids(deck)

    def take(self, ref: Any, where: str) -> int:
        if isinstance(ref, int) and not isinstance(ref, bool):
            if not 0 <= ref < N_CARDS:
                raise PositionError(f"{where}: card id {ref} is not from 0 to {N_CARDS - 1}")
            if ref in self.used:
                raise PositionError(f"{where}: card {ref} is placed twice")
            if ref not in self.ids:
                raise PositionError(f"{where}: card {ref} is not in the {self.deck} deck")
            self.used.add(ref)
            return ref
        if not isinstance(ref, str):
            raise PositionError(f"{where}: a card is a key such as 'anvil' or an id, not {ref!r}")
        ids = tuple(c for c in ids_for_key(ref) if c in self.ids)
        if not ids:
            if ids_for_key(ref):
                raise PositionError(f"{where}: {ref!r} is not a card of the {self.deck} deck")
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
        if n > 99:
            raise PositionError(f"{where}: {n} pieces of a kind is more than any box holds")
        kind = part[i:].lower() or "w"
        if kind in WARRIOR_WORDS:
            kind = "warrior"
        out.append((kind, n))
    return out


def build(desc: dict[str, Any] | str, log: bool = False) -> Game:
    """Build a :class:`Game` from a position description (a dict, or its JSON text). With
    ``log``, the game keeps an event log from this point on (the engine's first steps too)."""
    g = build_state(desc)
    if log:
        g.log = []
    return _game(g, desc)


def _game(g: GameState, desc: Any) -> Game:
    """The game of a built state; a given decision stack that the engine cannot play is a
    :class:`PositionError` naming the stack."""
    if not (isinstance(desc, dict) and "stack" in desc):
        return Game(g)
    try:
        return Game(g)
    except (
        EngineError,
        KeyError,
        IndexError,
        TypeError,
        ValueError,
        AttributeError,
        AssertionError,
    ) as e:
        raise PositionError(
            f"stack: the engine cannot go on from it ({type(e).__name__}: {e})"
        ) from e


KNOWN_FIELDS = (
    "factions", "map", "suits", "closed", "ferry", "shared_deck", "seed", "turn", "at", "number",
    "clearings", "ruins", "hands", "deck", "coffins",
    "discard", "removed", "vp", "items", "crafted", "persistent", "dominance",
    "available_dominance", "coalition", "dice", "turn_state", "first", "stack", "eyrie",
    "marquise", "vagabond", "landmarks", "forge", "market", "mode",
)  # fmt: skip

MODES = ("standard", "cooperative")
"""The ``mode`` field: standard play, or fully cooperative play against the Clockwork bots
(Law of Rootbotics 3.5)."""


def build_state(desc: dict[str, Any] | str) -> GameState:
    """The state :func:`build` starts from, before the engine runs (see :func:`build`)."""
    if isinstance(desc, str):
        try:
            desc = json.loads(desc)
        except ValueError as e:
            raise PositionError(f"the position is not valid JSON: {e}") from e
    if not isinstance(desc, dict):
        raise PositionError("a position is a JSON object")
    for k in desc:
        if k not in KNOWN_FIELDS and k not in FACTIONS:
            known = sorted(KNOWN_FIELDS) + sorted(set(FACTIONS) - set(KNOWN_FIELDS))
            raise PositionError(f"unknown field {k!r}; known fields: {', '.join(known)}")
    factions = desc.get("factions", ["marquise", "eyrie"])
    if not isinstance(factions, list) or not all(
        isinstance(f, str) and f in FACTIONS for f in factions
    ):
        raise PositionError(f"factions: a list of {', '.join(sorted(FACTIONS))}, not {factions!r}")
    if len(set(factions)) != len(factions) or len(factions) < 2:
        raise PositionError("factions: at least two different factions")
    map_name = desc.get("map", "autumn")
    if not isinstance(map_name, str):
        raise PositionError(f"map: a map name such as 'autumn', not {map_name!r}")
    try:
        load_board(map_name)
    except ValueError as e:
        raise PositionError(f"map: {e}") from e
    b = _map_state(desc, map_name)
    g = empty_state(b, factions)
    mode = desc.get("mode", "standard")
    if mode not in MODES:
        raise PositionError(f"mode: {' or '.join(MODES)}, not {mode!r}")
    try:
        check_cooperative(factions, mode == "cooperative")
    except ValueError as e:
        raise PositionError(f"mode: {e}") from None
    g.cooperative = mode == "cooperative"
    g.ferry = b.ferry_start
    if "ferry" in _dict(desc, "landmarks"):
        if "ferry" in desc:
            raise PositionError("ferry: the Ferry landmark's clearing is given in landmarks")
    elif b.ferry_start and "ferry" in desc:
        g.ferry = desc["ferry"]
        if not _is_int(g.ferry) or g.ferry not in b.coastal:
            raise PositionError(f"ferry: a coastal clearing ({_ints(b.coastal)}), not {g.ferry!r}")
    elif "ferry" in desc:
        raise PositionError(f"ferry: the {map_name} map has no Ferry")
    ruins = _list(desc.get("ruins", [c for c in b.clearings if b.starts_with_ruin[c]]), "ruins")
    for c in ruins:
        if not _is_int(c) or c not in b.clearings:
            raise PositionError(f"ruins: there is no clearing {c!r}")
        if g.buildings[c]:
            raise PositionError(f"ruins: clearing {c} is given twice")
        g.put_building(c, (-1, "ruin"))
    _landmarks(g, desc)
    b = board(g)
    # Pieces.
    clearings = desc.get("clearings", {})
    if not isinstance(clearings, dict):
        raise PositionError("clearings: an object from clearing number to pieces")
    for key, per in clearings.items():
        try:
            c = int(key)
        except (ValueError, TypeError):
            raise PositionError(f"clearings: {key!r} is not a clearing number") from None
        if c not in b.clearings:
            raise PositionError(f"clearings: there is no clearing {c} on the {b.name} map")
        # faction -> pieces, or a list of [faction, pieces] pairs (the order of the slots).
        if isinstance(per, dict):
            groups = list(per.items())
        elif isinstance(per, list) and all(isinstance(x, list) and len(x) == 2 for x in per):
            groups = [(x[0], x[1]) for x in per]
        else:
            raise PositionError(f"clearings.{c}: an object from faction to pieces")
        for who, text in groups:
            s = _seat(g, who, f"clearings.{c}")
            fo = FACTIONS[g.factions[s]]
            for kind, cnt in parse_pieces(text, f"clearings.{c}.{who}"):
                if kind == "warrior":
                    g.add_warriors(c, s, cnt)
                elif kind in fo.building_kinds:
                    g.buildings[c] += ((s, kind),) * cnt
                elif kind in fo.token_kinds:
                    g.tokens[c] += ((s, kind),) * cnt
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
    number = desc.get("number", 0)
    if not _is_int(number) or number < 0:
        raise PositionError(f"number: the number of turns played, not {number!r}")
    g.turn_number = number
    for s, name in enumerate(g.factions):
        try:
            FACTIONS[name].load_position(g, s, desc.get(name, {}))
        except (ValueError, TypeError, KeyError) as e:
            raise PositionError(f"{name}: {e}") from None
        for kind, (on_map, off) in FACTIONS[name].piece_counts(g, s).items():
            total = FACTIONS[name].piece_totals()[kind]
            if off < 0 or on_map + off != total:
                raise PositionError(f"{name}: {on_map} {kind}s on the map, but the box has {total}")
    _treetop_slot(g)
    _coffins(g, _dict(desc, "coffins"))
    # Cards (appendix A step 2: the shared deck).
    shared = desc.get("shared_deck", "base")
    if shared not in DECKS:
        raise PositionError(f"shared_deck: {shared!r} is not a deck; choose {' | '.join(DECKS)}")
    g.shared_deck = shared
    cards = _Cards(shared)
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
    for who, other in _dict(desc, "coalition").items():
        _coalition(g, _seat(g, who, "coalition"), _seat(g, other, f"coalition.{who}"))
    for s, name in enumerate(g.factions):
        FACTIONS[name].load_position_cards(g, s, desc.get(name, {}), cards.take)
    avail = _list(desc.get("available_dominance", []), "available_dominance")
    g.available_dominance = [cards.take(r, "available_dominance") for r in avail]
    for cid in g.available_dominance:
        if DECK[cid].kind != "dominance":
            raise PositionError(f"available_dominance: {DECK[cid].name} is not a dominance card")
    g.discard = [cards.take(r, "discard") for r in _list(desc.get("discard", []), "discard")]
    removed = [cards.take(r, "removed") for r in _list(desc.get("removed", []), "removed")]
    top = [cards.take(r, "deck") for r in _list(desc.get("deck", []), "deck")]
    if "market" in desc:
        if "black-market" not in g.landmarks:
            raise PositionError("market: there is no Black Market (landmarks)")
        g.market = [cards.take(r, "market") for r in _list(desc["market"], "market")]
    seed = desc.get("seed", 0)
    if not _is_int(seed):
        raise PositionError("seed: an integer")
    rng = Rng(seed)
    rest = [c for c in cards.ids if c not in cards.used]
    if dominance_removed(g.factions, g.cooperative):  # 5.1.3; LR 3.4, 3.5
        removed += [c for c in rest if DECK[c].kind == "dominance"]
        rest = [c for c in rest if DECK[c].kind != "dominance"]
    rng.shuffle(rest)
    if "black-market" in g.landmarks and "market" not in desc:
        # The Black Market's face-down cards: three from the deck unless given.
        g.market, rest = rest[-MARKET_CARDS:], rest[:-MARKET_CARDS]
    g.deck = rest + top[::-1]
    g.removed_cards = removed
    g.rng = rng.state
    # Items.
    crafted = _dict(desc, "crafted")
    for who, items in crafted.items():
        s = _seat(g, who, "crafted")
        for it in _list(items, f"crafted.{who}"):
            if not isinstance(it, str) or it not in ITEMS:
                raise PositionError(f"crafted.{who}: {it!r} is not an item")
            g.seats[s].items.append(it)
    supply = dict(ITEM_SUPPLY)
    for player in g.seats:
        for it in player.items:
            supply[it] = supply.get(it, 0) - 1
    if "items" in desc:
        items = _dict(desc, "items")
        for it, cnt in items.items():
            if it not in ITEMS or not _is_int(cnt) or cnt < 0:
                raise PositionError(f"items: {it!r}: {cnt!r} is not an item count")
        supply = {it: int(items.get(it, 0)) for it in ITEM_SUPPLY}
    if "forge" in g.landmarks:
        # The Legendary Forge's items: those given, else its suit's, out of the supply.
        given = "forge" in desc
        forge = _dict(desc, "forge") if given else dict(
            Counter(FORGE_ITEMS[b.suit[g.landmarks["forge"]]])
        )
        for it, cnt in forge.items():
            if it not in ITEMS or not _is_int(cnt) or cnt < 0:
                raise PositionError(f"forge: {it!r}: {cnt!r} is not an item count")
            if "items" not in desc:
                supply[it] = supply.get(it, 0) - cnt
        g.forge = {str(it): int(cnt) for it, cnt in forge.items() if cnt}
    elif "forge" in desc:
        raise PositionError("forge: there is no Legendary Forge (landmarks)")
    for it, left in supply.items():
        if left < 0:
            raise PositionError(f"crafted: more {it}s crafted than the supply holds")
    g.items = supply
    # Score, dice, turn state.
    for who, vp in _dict(desc, "vp").items():
        if not _is_int(vp):
            raise PositionError(f"vp.{who}: a whole number")
        s = _seat(g, who, "vp")
        g.seats[s].vp = vp
        if vp:
            g.vp_log.append((s, vp, "position"))
    for d in _list(desc.get("dice", []), "dice"):
        if not isinstance(d, list) or len(d) != 2 or not all(_is_int(x) and 0 <= x <= 3 for x in d):
            raise PositionError(f"dice: each roll is two numbers from 0 to 3, not {d!r}")
        g.dice.append((d[0], d[1]))
    g.turn = _turn_state(g, _dict(desc, "turn_state"))
    # Where in the turn.
    at = desc.get("at", "birdsong")
    steps = turn_steps(g, turn)
    if not isinstance(at, str):
        raise PositionError("at: a phase such as 'daylight' or a step such as 'daylight:decree'")
    stack = desc.get("stack")
    if at == "setup":
        if stack is None:
            raise PositionError("at: 'setup' needs the stack of the setup in progress")
        i = 0
    else:
        phase, _, step = at.partition(":")
        step = step or "start"
        if (phase, step) not in steps:
            names = ", ".join(f"{p}:{s}" for p, s in steps)
            raise PositionError(
                f"at: {at!r} is not a step of the {g.factions[turn]}'s turn ({names})"
            )
        # With a stack, the step has already begun: the turn driver stands after it.
        i = steps.index((phase, step)) + (stack is not None)
    g.stack = [Frame("turn", None, {"i": i})]
    if stack is not None:
        g.stack += _frames(g, stack)
    for s, fs in enumerate(g.fs):
        if getattr(fs, "leader", "") is None and stack is None:
            raise PositionError(f"{g.factions[s]}.leader: no leader only within a stack")
    return g


def _coalition(g: GameState, s: int, p: int) -> None:
    """``coalition``: the Vagabond -> his partner (9.2.8), formed with his activated dominance
    card, in a game of four or more players, two players in no other coalition."""
    where = f"coalition.{g.factions[s]}"
    if not FACTIONS[g.factions[s]].forms_coalitions:
        raise PositionError(f"{where}: only the Vagabond forms a coalition (9.2.8)")
    if g.n < 4:
        raise PositionError(f"{where}: coalitions are formed in games of four or more (9.2.8)")
    if g.seats[s].dominance is None:
        raise PositionError(
            f"{where}: a coalition is formed by activating a dominance card; give "
            f"dominance.{g.factions[s]} (9.2.8)"
        )
    if p == s or g.seats[s].coalition is not None or g.seats[p].coalition is not None:
        raise PositionError(f"{where}: two players, each in no other coalition (9.2.8)")
    g.seats[s].coalition = p
    g.seats[p].coalition = s


def _frames(g: GameState, stack: Any) -> list[Frame]:
    """The decision stack above the turn driver: a list of [kind, seat, data]."""
    out: list[Frame] = []
    for x in _list(stack, "stack"):
        if not (isinstance(x, list) and len(x) == 3 and isinstance(x[2], dict)):
            raise PositionError(f"stack: each frame is [kind, seat, data], not {x!r}")
        kind, seat, data = x
        if (
            not isinstance(kind, str)
            or kind == "turn"
            or (kind not in DECISIONS and kind not in DRIVERS)
        ):
            raise PositionError(f"stack: {kind!r} is not a kind of decision")
        if seat is not None and not (_is_int(seat) and 0 <= seat < g.n):
            raise PositionError(f"stack: {seat!r} is not a seat")
        if kind in DECISIONS and seat is None:
            raise PositionError(f"stack: the {kind!r} decision needs a seat")
        out.append(Frame(kind, seat, _from_jsonable(data)))
    if not out:
        raise PositionError("stack: at least one pending frame")
    return out


def _turn_state(g: GameState, ts: dict[str, Any]) -> dict[str, Any]:
    """Once-per-turn bookkeeping; the hands seen with Codebreakers are keyed by seat."""
    out = dict(ts)
    for key, ok, what in (
        ("actions", lambda v: _is_int(v) and v >= 0, "a number of actions left, 0 or more"),
        ("recruited", lambda v: isinstance(v, bool), "true or false"),
        ("used", lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
         "a list of card keys used this turn"),
        ("craft_used", lambda v: isinstance(v, dict)
         and all(isinstance(k, str) and _is_int(n) and n >= 0 for k, n in v.items()),
         "an object from suit to crafting pieces used"),
    ):
        if key in out and not ok(out[key]):
            raise PositionError(f"turn_state.{key}: {what}, not {out[key]!r}")
    if "seen" in out:
        seen = out["seen"]
        if not isinstance(seen, dict):
            raise PositionError("turn_state.seen: an object from faction to the cards seen")
        out["seen"] = {
            _seat(g, who, "turn_state.seen"): [
                _card_id(r, f"turn_state.seen.{who}") for r in _list(h, f"turn_state.seen.{who}")
            ]
            for who, h in seen.items()
        }
    return out


def _card_id(ref: Any, where: str) -> int:
    """A card named by id, or by key (its first copy)."""
    if _is_int(ref) and 0 <= ref < N_CARDS:
        return int(ref)
    if isinstance(ref, str) and ids_for_key(ref):
        return ids_for_key(ref)[0]
    raise PositionError(f"{where}: {ref!r} is not a card")


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _dict(desc: dict[str, Any], key: str) -> dict[str, Any]:
    v = desc.get(key, {})
    if not isinstance(v, dict):
        raise PositionError(f"{key}: an object keyed by faction")
    return v


def _list(v: Any, where: str) -> list[Any]:
    if not isinstance(v, list):
        raise PositionError(f"{where}: a list")
    return v


# --- Describing a game's position -------------------------------------------------------

_COLUMNS = ("recruit", "move", "battle", "build")
_LEADERS = ("builder", "charismatic", "commander", "despot")
_VIZIER_COLUMNS = {"builder": (0, 1), "charismatic": (0, 2), "commander": (1, 2), "despot": (1, 3)}


def describe_position(game: Game) -> dict[str, Any]:
    """The builder description of ``game``: ``build(describe_position(game))`` has the same
    state hash, legal actions and random generator. At the start of a turn step (the step's
    own decision pending, nothing else begun) it says where in the turn; otherwise it also
    holds the pending decision ``stack``. Fields equal to the builder's defaults are left
    out; card ids appear only where a key would name another copy of the card."""
    g = game.state
    if g.winners:
        raise PositionError("at: the game is over; a position is a game in progress")
    if not g.stack or g.stack[0].kind != "turn":
        raise PositionError("stack: the game has no turn driver at the bottom of its stack")
    if not any(f.kind == "setup" for f in g.stack):
        desc = _describe(g, with_stack=False)
        if _rebuilds(desc, g):
            return desc
    desc = _describe(g, with_stack=True)
    if not _rebuilds(desc, g):
        raise PositionError("stack: this state cannot be described exactly (a bug: report it)")
    return desc


def _rebuilds(desc: dict[str, Any], g: GameState) -> bool:
    try:
        b = build(desc)
    except PositionError:
        return False
    return b.state.rng == g.rng and state_hash(b.state) == state_hash(g)


def _treetop_slot(g: GameState) -> None:
    """Who holds the Elder Treetop's slot, filled last (docs/rulings.md, rulings 104 and 338):
    in a full clearing, the last building listed; a Scoundrel's item only with no building
    there (in play its items go on the printed slots first, LR 7.7.5, since it removes every
    enemy piece before covering one). Set once the factions' pieces (the covered slots) are
    on the map."""
    b = board(g)
    c = b.treetop
    if not c or len(g.buildings[c]) != b.slots[c]:
        return
    g.treetop_slot = next((p for p in reversed(g.buildings[c]) if p[0] >= 0), g.buildings[c][-1])


def _landmarks(g: GameState, desc: dict[str, Any]) -> None:
    """``landmarks``: landmark name -> clearing (appendix L), each where its card lets it
    be set up when the others given before it are there."""
    lm = _dict(desc, "landmarks")
    if len(lm) > 2:
        raise PositionError(f"landmarks: one or two landmarks, not {len(lm)}")
    for name, c in lm.items():
        if name not in LANDMARKS:
            raise PositionError(f"landmarks: {name!r} is not a landmark ({', '.join(LANDMARKS)})")
        if "ferry" == name:
            g.ferry = 0
        if not _is_int(c) or c not in landmark_places(g, name):
            raise PositionError(
                f"landmarks.{name}: its card lets it be set up in "
                f"{_ints(tuple(landmark_places(g, name))) or 'no clearing'}, not {c!r}"
            )
        g.landmarks[name] = c
        if name == "ferry":
            g.ferry = c


def _map_state(desc: dict[str, Any], map_name: str) -> Board:
    """The board of a position: its suit layout (``suits``: default the printed suits, else the
    random deal of seed 0) and its closed paths (``closed``: default those of the setup)."""
    suits = desc.get("suits")
    if suits is not None and not isinstance(suits, str):
        raise PositionError(f"suits: one letter F, R, M per clearing, not {suits!r}")
    printed = load_board(map_name)
    closed: Any = desc.get("closed", [list(p) for p in printed.closed_at_start])
    if "closed" in desc and not printed.closed_at_start:
        raise PositionError(f"closed: the {map_name} map has no closed paths")
    paths = []
    for p in _list(closed, "closed"):
        if not (isinstance(p, list | tuple) and len(p) == 2 and all(_is_int(x) for x in p)):
            raise PositionError(f"closed: each closed path is two clearings, not {p!r}")
        path = (min(p), max(p))
        if path not in printed.closed_at_start:
            raise PositionError(
                f"closed: {path[0]}-{path[1]} is not one of the map's closed paths "
                f"({', '.join(f'{a}-{b}' for a, b in printed.closed_at_start)})"
            )
        paths.append(path)
    try:
        layout = choose_layout(map_name, suits, 0)
    except ValueError as e:
        raise PositionError(str(e)) from e
    return load_board(map_name, layout, tuple(sorted(set(paths))))


def _ints(xs: tuple[int, ...]) -> str:
    return ", ".join(map(str, xs))


def _coffins(g: GameState, coffins: dict[str, Any]) -> None:
    """Warriors lying on Coffin Makers (Exiles and Partisans), taken from their supplies."""
    if not coffins:
        return
    g.coffins = [0] * g.n
    for who, k in coffins.items():
        s = _seat(g, who, "coffins")
        have = getattr(g.fs[s], "warriors", 0)
        if not _is_int(k) or not 0 <= k <= have:
            raise PositionError(f"coffins.{who}: a number of warriors from 0 to {have}, not {k!r}")
        g.coffins[s] = k
        g.fs[s].warriors -= k


def _describe(g: GameState, with_stack: bool) -> dict[str, Any]:
    fa = g.factions
    b = board(g)
    d: dict[str, Any] = {"factions": list(fa)}
    if g.map != "autumn":
        d["map"] = g.map
    if g.suits:
        d["suits"] = g.suits
    if g.shared_deck != "base":
        d["shared_deck"] = g.shared_deck
    if g.cooperative:
        d["mode"] = "cooperative"
    if g.closed != b.closed_at_start:
        d["closed"] = [list(p) for p in g.closed]
    if b.ferry_start and g.ferry != b.ferry_start:
        d["ferry"] = g.ferry
    d["turn"] = fa[g.turn_seat]
    phase, step = current_step(g)
    d["at"] = "setup" if phase == "setup" else f"{phase}:{step}"
    if g.turn_number:
        d["number"] = g.turn_number
    if g.first_seat != g.turn_seat:
        d["first"] = fa[g.first_seat]
    clearings: dict[str, Any] = {}
    ruins: list[int] = []
    for c in b.clearings:
        # The map's own pieces come first: a ruin, then the slots covered by the Vagabot's
        # items (Law of Rootbotics 7.7.5, written with its board: "covered").
        blds = [x for x in g.buildings[c] if x != (-1, "item")]
        k = sum(1 for o, _ in blds if o < 0)
        if any(o >= 0 for o, _ in blds[:k]) or k > 1:
            raise PositionError(f"clearings.{c}: a ruin after a building cannot be written")
        if k:
            ruins.append(c)
        groups: list[tuple[int, list[str]]] = []
        for o, kind in blds[k:] + list(g.tokens[c]):
            if groups and groups[-1][0] == o:
                groups[-1][1].append(kind)
            else:
                groups.append((o, [kind]))
        for s in range(g.n):
            w = g.warriors[c][s]
            if w:
                mine = [x for x in groups if x[0] == s]
                if mine:
                    mine[0][1].insert(0, f"{w}w")
                else:
                    groups.append((s, [f"{w}w"]))
        if groups:
            texts = [(fa[o], _pieces_text(kinds)) for o, kinds in groups]
            owners = [o for o, _ in groups]
            if len(set(owners)) == len(owners):
                clearings[str(c)] = dict(texts)
            else:
                clearings[str(c)] = [list(x) for x in texts]
    if clearings:
        d["clearings"] = clearings
    if ruins != [c for c in b.clearings if b.starts_with_ruin[c]]:
        d["ruins"] = ruins
    _per_seat(d, "hands", {fa[s]: p.hand[:] for s, p in enumerate(g.seats) if p.hand})
    _per_seat(
        d, "persistent", {fa[s]: p.persistent[:] for s, p in enumerate(g.seats) if p.persistent}
    )
    _per_seat(
        d,
        "dominance",
        {fa[s]: p.dominance for s, p in enumerate(g.seats) if p.dominance is not None},
    )
    _per_seat(
        d,
        "coalition",
        {
            fa[s]: fa[p.coalition]
            for s, p in enumerate(g.seats)
            if p.coalition is not None and FACTIONS[fa[s]].forms_coalitions
        },
    )
    _per_seat(d, "crafted", {fa[s]: p.items[:] for s, p in enumerate(g.seats) if p.items})
    _per_seat(d, "vp", {fa[s]: p.vp for s, p in enumerate(g.seats) if p.vp})
    _per_seat(d, "coffins", {fa[s]: k for s, k in enumerate(g.coffins) if k})
    for s, name in enumerate(fa):
        spec = _describe_board(g, s)
        if spec:
            d[name] = spec
    for key, cards in (
        ("available_dominance", g.available_dominance),
        ("discard", g.discard),
        ("removed", g.removed_cards),
        ("deck", g.deck[::-1]),
    ):
        if cards:
            d[key] = cards[:]
    supply = dict(ITEM_SUPPLY)
    for p in g.seats:
        for it in p.items:
            supply[it] = supply.get(it, 0) - 1
    if g.landmarks:
        d["landmarks"] = dict(g.landmarks)
        if "forge" in g.landmarks:
            d["forge"] = dict(g.forge)
            for it, k in g.forge.items():
                supply[it] = supply.get(it, 0) - k
        if g.market:
            d["market"] = g.market[:]
    if g.items != supply:
        d["items"] = {it: k for it, k in g.items.items() if k}
    if g.dice:
        d["dice"] = [list(x) for x in g.dice]
    if g.turn:
        ts: dict[str, Any] = {
            k: (v.copy() if isinstance(v, list | dict) else v) for k, v in g.turn.items()
        }
        if "seen" in ts:
            seen: dict[Any, list[int]] = ts["seen"]
            ts["seen"] = {fa[int(s)]: list(h) for s, h in seen.items()}
        d["turn_state"] = ts
    if g.rng:
        d["seed"] = g.rng
    if with_stack:
        d["stack"] = [[f.kind, f.seat, _jsonable(f.data)] for f in g.stack[1:]]
    _keyify(d, g)
    return d


def _per_seat(d: dict[str, Any], key: str, v: dict[str, Any]) -> None:
    if v:
        d[key] = v


def _pieces_text(kinds: list[str]) -> str:
    """["2w", "wood", "wood", "keep"] -> "2w 2wood keep" (runs of one kind counted)."""
    out: list[str] = []
    run = 0
    for i, k in enumerate(kinds):
        run += 1
        if i + 1 == len(kinds) or kinds[i + 1] != k or k.endswith("w") and k[0].isdigit():
            out.append(k if run == 1 else f"{run}{k}")
            run = 0
    return " ".join(out)


def _describe_board(g: GameState, s: int) -> dict[str, Any]:
    """The faction-board fields of seat ``s`` that differ from the builder's defaults."""
    name = g.factions[s]
    fs = g.fs[s]
    out: dict[str, Any] = {}
    if name == "marquise":
        if fs.home != fs.keep:
            out["home"] = fs.home
        return out
    if name != "eyrie":
        return FACTIONS[name].describe_board(g, s)
    out["leader"] = fs.leader
    if fs.face_up != [x for x in _LEADERS if x != fs.leader]:
        out["face_up"] = fs.face_up[:]
    default: list[list[int]] = [[], [], [], []]
    if fs.leader is not None:
        for v, i in zip((-1, -2), _VIZIER_COLUMNS[fs.leader], strict=True):
            default[i].append(v)
    if fs.decree != default:
        viziers = [c for col in fs.decree for c in col if c < 0]
        if viziers not in ([-1, -2], []) or (not viziers and fs.leader is not None):
            raise PositionError("eyrie.decree: the Loyal Viziers cannot be written in this order")
        out["decree"] = {
            _COLUMNS[i]: ["vizier" if c < 0 else c for c in col]
            for i, col in enumerate(fs.decree)
            if col
        }
    roosts = [c for c in board(g).clearings if (s, "roost") in g.buildings[c]]
    if fs.home != (roosts[0] if roosts else 0):
        out["home"] = fs.home
    if fs.col:
        out["col"] = _COLUMNS[fs.col] if fs.col < len(_COLUMNS) else "end"
    if fs.pending:
        column = fs.decree[fs.col] if fs.col < len(_COLUMNS) else []
        refs: list[Any] = []
        at = 0
        for cid in fs.pending:
            key = "vizier" if cid < 0 else DECK[cid].key
            first = next(
                j
                for j in range(at, len(column))
                if ("vizier" if column[j] < 0 else DECK[column[j]].key) == key
            )
            refs.append(key if column[first] == cid else cid)
            at = column.index(cid, at) + 1
        out["pending"] = refs
    return out


def _keyify(d: dict[str, Any], g: GameState) -> None:
    """Replace card ids by keys wherever the builder, taking cards in its order, would pick
    the same copy for the key."""
    used: set[int] = set()

    def ref(cid: Any) -> Any:
        if not _is_int(cid) or cid < 0:
            return cid
        key = DECK[cid].key
        first = next(x for x in ids_for_key(key) if x not in used)
        used.add(cid)
        return key if first == cid else cid

    for field in ("hands", "persistent"):
        if field in d:
            d[field] = {who: [ref(c) for c in v] for who, v in d[field].items()}
    if "dominance" in d:
        d["dominance"] = {who: ref(c) for who, c in d["dominance"].items()}
    for name in g.factions:
        decree = d.get(name, {}).get("decree")
        if decree is not None:
            d[name]["decree"] = {col: [ref(c) for c in v] for col, v in decree.items()}
        stack = d.get(name, {}).get("supporters")
        if stack is not None:
            d[name]["supporters"] = [ref(c) for c in stack]
    for field in ("available_dominance", "discard", "removed", "deck", "market"):
        if field in d:
            d[field] = [ref(c) for c in d[field]]
    seen = d.get("turn_state", {}).get("seen")
    if seen:
        d["turn_state"]["seen"] = {
            who: [DECK[c].key if ids_for_key(DECK[c].key)[0] == c else c for c in h]
            for who, h in seen.items()
        }
