"""The Law of Rootbotics, chapters 1-3: what every Clockwork bot shares.

A bot is a faction whose class says ``is_bot = True`` (``factions/base.py``). It decides
nothing through the decision stack: every choice the Law of Rootbotics makes for it is made
here, by the target rules of LR 2.1-2.5, and logged as a ``target`` event naming the criteria
that decided it and the rule (docs/clockwork.md). What all bots share is written here once, as
functions of the bot's faction, which its class calls: no bot class inherits it, so that a
bot also shares the board of the human faction whose pieces it plays (``RoostBoard``,
``KeepBoard``) by single inheritance, which the compiled core needs (docs/performance.md).

- LR 1.1 crafting: the order card's item, if in the supply, for exactly 1 VP (:func:`craft_order`,
  ``Faction.craft_vp``);
- LR 1.2.1 taking hits: tokens first, then buildings at random (:func:`lose_pieces`);
- LR 2.1 clearing priority: the map's priority markers are its clearing numbers (1 highest);
  on the Mountain the Pass wins every highest- or lowest-priority test (LR 12.2.2);
- LR 2.2 player priority: setup order (A Marquise, B Eyrie, ...);
- LR 2.3 target legality: the candidates are the legal targets only, so the best legal one is
  taken (the same as trying targets in order until one is legal);
- LR 2.7 order cards (:func:`reveal_order`);
- LR 2.8.1 Poor Manual Dexterity and LR 2.8.2 Hates Surprises (hooks in ``rules/core.py`` and
  ``rules/battle.py``, asked through :func:`is_bot`);
- LR 3.3 difficulty and traits (:func:`configure`, :func:`load_settings`), LR 3.4 hands and
  dominance cards at setup (``game.setup_state``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from ..cards import DECK
from ..errors import PositionError
from ..rules import chance, crafting, exiles
from ..rules.chance import emit
from ..rules.core import board, discard, fac, has_pieces, is_enemy, reshuffle, score
from ..state import JSON, GameState
from .base import Faction

DIFFICULTIES: Final[tuple[str, ...]] = ("easy", "default", "challenging", "nightmare")
"""LR 3.3: each bot's difficulty; Default has no card."""

Criterion = tuple[str, Callable[[int], float]]
"""A target criterion: its name (for the log) and the value to maximise over candidates."""


def configure(bot: Faction, fs: Any, spec: Any) -> None:
    """LR 3.3: set a bot's difficulty and traits from ``{"difficulty": ..., "traits":
    [...]}``; a ValueError names what is wrong."""
    if spec is None:
        spec = {}
    if not isinstance(spec, dict):
        raise ValueError(f"{bot.name}: bot settings are an object with difficulty, traits")
    unknown = set(spec) - {"difficulty", "traits"}
    if unknown:
        raise ValueError(
            f"{bot.name}: unknown bot setting {sorted(unknown)[0]!r}"
            "; known: difficulty, traits"
        )
    difficulty = spec.get("difficulty", "default")
    if difficulty not in DIFFICULTIES:
        raise ValueError(
            f"{bot.name}: difficulty is one of {', '.join(DIFFICULTIES)}, not {difficulty!r}"
        )
    traits = spec.get("traits", [])
    if isinstance(traits, str) or not isinstance(traits, list | tuple):
        raise ValueError(f"{bot.name}: traits are a list of {', '.join(bot.traits)}")
    for t in traits:
        if t not in bot.traits:
            raise ValueError(
                f"{bot.name}: {t!r} is not one of its traits ({', '.join(bot.traits)})"
            )
    fs.difficulty = difficulty
    fs.traits = tuple(t for t in bot.traits if t in traits)


def lose_pieces(
    g: GameState,
    seat: int,
    c: int,
    hits: int,
    by: int | None,
    remove: Callable[[GameState, int, int, str, int | None], None],
) -> None:
    """LR 1.2.1: hits left once the bot's warriors in ``c`` are gone remove all its tokens
    there first, then its buildings, of a type drawn at random whenever it has several (a
    logged chance outcome); ``remove(g, seat, c, kind, by)`` removes one piece, scored by
    ``by``. A building takes ``Faction.hits_per_building`` hits; fewer are lost."""
    tokens = [k for o, k in g.tokens[c] if o == seat]
    for kind in tokens[:hits]:
        remove(g, seat, c, kind, by)
    hits -= min(hits, len(tokens))
    need = fac(g, seat).hits_per_building(g, seat)
    while hits > 0:
        kinds = sorted({k for o, k in g.buildings[c] if o == seat})
        if not kinds:
            return
        if hits < need:
            emit(g, {"kind": "fortified", "seat": seat, "clearing": c, "hits": hits})
            return
        i = 0
        if len(kinds) > 1:
            i = chance.pick(g, len(kinds), "hit")
            emit(g, {"kind": "hit_at_random", "seat": seat, "clearing": c, "piece": kinds[i]})
        remove(g, seat, c, kinds[i], by)
        hits -= need


def load_settings(bot: Faction, g: GameState, seat: int, spec: Any, home: int | None) -> None:
    """Position builder: a bot's ``difficulty``, ``traits`` and ``home`` (its starting
    clearing, ``home`` when not given; None for a bot without one) fields."""
    if home is not None:
        where = spec.get("home", home)
        if (
            not isinstance(where, int)
            or isinstance(where, bool)
            or (where != 0 and where not in board(g).clearings)
        ):
            raise PositionError(f"{bot.name}.home: a clearing number, not {where!r}")
        g.fs[seat].home = where
    try:
        bot.configure(g.fs[seat], {k: spec[k] for k in ("difficulty", "traits") if k in spec})
    except ValueError as e:
        raise PositionError(str(e)) from None


def describe_settings(g: GameState, seat: int) -> JSON:
    """Position writer: a bot's difficulty and traits, where they are not the defaults."""
    fs = g.fs[seat]
    out: JSON = {}
    if fs.difficulty != "default":
        out["difficulty"] = fs.difficulty
    if fs.traits:
        out["traits"] = list(fs.traits)
    return out


def observe_settings(bot: Faction, board: JSON) -> list[float]:
    """A bot's difficulty and traits on its public board, as a learning agent's features
    (``difficulty:...``, ``trait:...``, last among ``board_features``)."""
    out = [float(board["difficulty"] == d) for d in DIFFICULTIES]
    return out + [float(t in board["traits"]) for t in bot.traits]


def is_bot(g: GameState, seat: int) -> bool:
    """Whether ``seat`` is played by a Clockwork bot (LR 2.6: everyone else is a human)."""
    return bool(getattr(fac(g, seat), "is_bot", False))


def has_trait(g: GameState, seat: int, trait: str) -> bool:
    return trait in g.fs[seat].traits


# --- LR 2.1-2.3 Targets -----------------------------------------------------------------------


def adjacent(g: GameState, c: int) -> tuple[int, ...]:
    """The clearings adjacent to ``c`` for a bot: on the Mountain the closed paths count as
    paths (LR 12.2.1)."""
    if g.closed:
        from ..board import load_board

        return load_board(g.map, g.suits, ()).adjacent[c]
    return board(g).adjacent[c]


def priority_rank(g: GameState, c: int, lowest: bool = False) -> int:
    """LR 2.1: a clearing's place in priority order, smaller first: the clearing numbers are
    the priority markers (1 is the highest). Asked for the lowest priority, the order turns
    round. The Mountain's Pass satisfies both tests, so it comes first either way (LR 12.2.2)."""
    b = board(g)
    if g.map == "mountain" and c == b.tower:
        return 0
    return len(b.suit) - c if lowest else c


def narrow(candidates: Sequence[int], criteria: Sequence[Criterion]) -> tuple[list[int], list[str]]:
    """Keep the candidates best by each criterion in turn (LR 2.1, 2.2: "all the rules listed
    by its action"); returns those left and the names of the criteria that set some aside."""
    left = sorted(set(candidates))
    used: list[str] = []
    for name, value in criteria:
        if len(left) == 1:
            break
        best = max(value(c) for c in left)
        kept = [c for c in left if value(c) == best]
        if len(kept) < len(left):
            used.append(name)
        left = kept
    return left, used


def choose_clearing(
    g: GameState,
    seat: int,
    action: str,
    candidates: Sequence[int],
    criteria: Sequence[Criterion],
    rule: str,
    lowest: bool = False,
) -> int | None:
    """LR 2.1-2.3: among the legal ``candidates``, keep those best by each criterion in turn,
    then take the one of highest (``lowest``: lowest) priority. Logs the choice as a
    ``target`` event with the criteria that narrowed it down. None if there is no candidate."""
    if not candidates:
        return None
    left, used = narrow(candidates, criteria)
    if len(left) > 1:
        used.append("lowest_priority" if lowest else "highest_priority")
    chosen = min(left, key=lambda c: priority_rank(g, c, lowest))
    log_target(g, {"seat": seat, "action": action, "clearing": chosen}, used, candidates, rule)
    return chosen


def choose_player(
    g: GameState,
    seat: int,
    action: str,
    c: int,
    candidates: Sequence[int],
    criteria: Sequence[Criterion],
    rule: str,
) -> int:
    """LR 2.2: among ``candidates`` (seats), keep the best by each criterion in turn, then the
    one of highest setup priority (A, B, C...). Logged like :func:`choose_clearing`."""
    left, used = narrow(candidates, criteria)
    if len(left) > 1:
        used.append("setup_priority")
    chosen = min(left, key=lambda s: fac(g, s).setup_order)
    what = {"seat": seat, "action": action, "clearing": c, "player": chosen}
    log_target(g, what, used, candidates, rule)
    return chosen


def log_target(
    g: GameState, what: dict[str, Any], used: list[str], among: Sequence[int], rule: str
) -> None:
    """The ``target`` event: what was chosen, the criteria that narrowed it down, the
    candidates, the rule (docs/clockwork.md, "The log")."""
    if g.log is not None:
        emit(
            g,
            {"kind": "target", **what, "criteria": used, "among": sorted(set(among)), "rule": rule},
        )


def foe(g: GameState, seat: int, other: int) -> bool:
    """Whether the bot ``seat`` targets ``other``'s pieces as enemy pieces: every enemy
    (G.1.8) but those it spares (the other bots in fully cooperative play, LR 3.5.1). Every
    "enemy" of the bots' targeting rules is this."""
    return is_enemy(g, seat, other) and not fac(g, seat).spares(g, seat, other)


def enemy_pieces(g: GameState, seat: int, c: int) -> int:
    """Enemy pieces in ``c``: warriors, buildings, tokens, and a pawn (G.1.8)."""
    n = 0
    for s in range(g.n):
        if not foe(g, seat, s):
            continue
        n += g.warriors[c][s]
        n += sum(1 for o, _ in g.buildings[c] if o == s)
        n += sum(1 for o, _ in g.tokens[c] if o == s)
        f = fac(g, s)
        if f.has_pawn and f.pawn_at(g, s) == c:
            n += 1
    return n


def defenseless_buildings(g: GameState, seat: int, c: int) -> int:
    """Enemy buildings in ``c`` whose owner has no warriors there (4.3.5.II)."""
    return sum(
        1
        for o, _ in g.buildings[c]
        if o >= 0 and foe(g, seat, o) and not g.warriors[c][o]
    )


def enemy_warriors(g: GameState, seat: int, c: int) -> int:
    """Enemy warriors in ``c``."""
    return sum(g.warriors[c][s] for s in range(g.n) if foe(g, seat, s))


def enemies_here(g: GameState, seat: int, c: int) -> list[int]:
    return [s for s in range(g.n) if foe(g, seat, s) and has_pieces(g, s, c)]


def pieces_of(g: GameState, s: int, c: int) -> int:
    """The pieces of ``s`` in ``c``: warriors, buildings, tokens, and a pawn (a defender's
    "most pieces")."""
    n = g.warriors[c][s]
    n += sum(1 for o, _ in g.buildings[c] if o == s) + sum(1 for o, _ in g.tokens[c] if o == s)
    f = fac(g, s)
    return n + (1 if f.has_pawn and f.pawn_at(g, s) == c else 0)


def ordered_clearings(g: GameState, suit: str | None) -> tuple[int, ...]:
    """LR 2.7: the clearings matching a suit; a bird matches every clearing (birds are wild,
    2.1.1). No order card: none."""
    b = board(g)
    if suit is None:
        return ()
    return b.clearings if suit == "bird" else b.clearings_of_suit(suit)


# --- LR 2.7 Order cards, LR 1.1 crafting ----------------------------------------------------------


def reveal_order(g: GameState, seat: int) -> int | None:
    """LR 2.7: draw the top card of the deck and reveal it as the order card (the discard
    pile is shuffled into a new deck when it runs out, 2.1). None if no card is left."""
    if not g.deck:
        reshuffle(g)
    if not g.deck:
        emit(g, {"kind": "order", "seat": seat, "card": None})
        return None
    cid = g.deck.pop()
    if not g.deck:
        reshuffle(g)
    g.reveals += 1
    emit(g, {"kind": "order", "seat": seat, "card": cid})
    return cid


def discard_order(g: GameState, fs: Any) -> None:
    """The last step but one of every bot's Evening (LR 4.6.2, 6.6.3, 7.6.3): this turn's
    order card goes to the discard pile."""
    if fs.order is not None:
        discard(g, fs.order)
    fs.order = None


def nightmare_point(g: GameState, seat: int, fs: Any) -> None:
    """The Nightmare difficulty card of every bot: one more victory point at the end of
    Evening."""
    if fs.difficulty == "nightmare":
        score(g, seat, 1, "nightmare")


def craft_order(g: GameState, seat: int, cid: int | None) -> None:
    """LR 1.1 and the bots' Craft step: if the order card shows an item still in the supply,
    the bot takes it and scores one victory point (no crafting piece is activated; the card
    itself stays the order card)."""
    if cid is None or cid < 0:
        return
    card = DECK[cid]
    if card.kind != "item" or card.item is None or g.items.get(card.item, 0) <= 0:
        return
    g.items[card.item] -= 1
    fac(g, seat).item_crafted(g, seat, card.item)
    score(g, seat, crafting.item_vp(g, seat, card), "crafted " + card.item)
    exiles.item_crafted(g, seat)
