"""Small helpers for the scenario tests of the general Law and the Marquise (test_law.py,
test_marquise.py). Positions are built with :func:`rootgame.position.build`."""

from __future__ import annotations

from typing import Any

from rootgame import Game, new_game
from rootgame.bots import RandomBot
from rootgame.cards import DECK, N_CARDS, ids_for_key
from rootgame.position import build
from rootgame.rng import Rng

M, E = 0, 1
"""Seats in the default two-player game: the Marquise, then the Eyrie."""


def pos(**desc: Any) -> Game:
    """A Marquise (seat 0) vs Eyrie (seat 1) position; fields as in position.build."""
    d: dict[str, Any] = {"factions": ["marquise", "eyrie"]}
    d.update(desc)
    return build(d)


def cid(key: str, copy: int = 0) -> int:
    """The id of a card by key (``copy`` picks among identical cards)."""
    return ids_for_key(key)[copy]


def keys(ids: list[int]) -> list[str]:
    """Sorted card keys of a list of card ids."""
    return sorted(DECK[i].key for i in ids)


def hand(g: Game, seat: int) -> list[str]:
    return keys(g.state.seats[seat].hand)


def discard(g: Game) -> list[str]:
    return keys(g.state.discard)


def warriors(g: Game, c: int, seat: int) -> int:
    return g.state.warriors[c][seat]


def buildings(g: Game, c: int) -> list[str]:
    """Kinds of the buildings (and ruins) in clearing ``c``, sorted."""
    return sorted(k for _, k in g.state.buildings[c])


def tokens(g: Game, c: int) -> list[str]:
    return sorted(k for _, k in g.state.tokens[c])


def count(g: Game, c: int, kind: str) -> int:
    """How many buildings or tokens of ``kind`` lie in ``c``."""
    return sum(1 for _, k in g.state.buildings[c] + g.state.tokens[c] if k == kind)


def kinds(g: Game) -> set[str]:
    """The kinds (first words) of the pending decision's legal actions."""
    return {str(a[0]) for a in g.legal_actions()}


def play(g: Game, *toks: str) -> Game:
    """Apply tokens in order; return the game."""
    for t in toks:
        g.apply(t)
    return g


def mid_games(factions: list[str], seeds: range) -> list[Game]:
    """Copies of random games (random bots) at several moments, never over."""
    out: list[Game] = []
    for seed in seeds:
        g = new_game(factions=factions, seed=seed)
        bot = RandomBot(seed)
        n = 0
        while not g.is_over:
            if n % 41 == 17:
                out.append(g.clone())
            g.apply(bot.choose(g))
            n += 1
    return out


def resample(game: Game, seat: int | None, rng: Rng) -> Game:
    """A copy of ``game`` in which everything ``seat`` cannot see is drawn again."""
    h = game.clone()
    g = h.state
    others = [s for s in range(g.n) if s != seat]
    pool = g.deck[:] + [c for s in others for c in g.seats[s].hand]
    rng.shuffle(pool)
    for s in others:
        k = len(g.seats[s].hand)
        g.seats[s].hand, pool = pool[:k], pool[k:]
    g.deck = pool
    log: list[dict[str, Any]] = []
    for e in g.log or []:
        e = dict(e)
        k = e["kind"]
        if k == "draw" and e["seat"] != seat:
            e["cards"] = [rng.below(N_CARDS) for _ in e["cards"]]
        elif k == "shuffle":
            order = list(e["order"])
            rng.shuffle(order)
            e["order"] = order
        elif k == "pick":
            e["index"] = rng.below(e["of"])
        elif k == "take" and seat not in (e["seat"], e["from"]):
            e["card"] = rng.below(N_CARDS)
        elif k == "look" and e["seat"] != seat:
            e["cards"] = [rng.below(N_CARDS) for _ in e["cards"]]
        log.append(e)
    g.log = log
    return h


def stand_and_deliver(marquise_hand: tuple[str, ...] = ()) -> Game:
    """The Marquise has just taken one of the Eyrie's three cards with Stand and Deliver!
    (3.5.3), the event log starting at that moment."""
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "2w roost"}},
            "persistent": {"marquise": ["stand-and-deliver"]},
            "hands": {"eyrie": ["anvil", "sword", "cobbler"], "marquise": list(marquise_hand)},
            "seed": 3,
        }
    )
    g.state.log = []
    g.apply("stand-and-deliver 1")
    return g


def codebreakers() -> Game:
    """The Marquise has just looked at the Eyrie's hand (anvil, sword) with Codebreakers
    (Daylight), the event log starting at that moment."""
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:actions",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "2w roost"}},
            "persistent": {"marquise": ["codebreakers"]},
            "hands": {"eyrie": ["anvil", "sword"], "marquise": ["cobbler"]},
        }
    )
    g.state.log = []
    g.apply("codebreakers 1")
    return g
