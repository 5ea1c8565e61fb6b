"""Determinization: full game states consistent with what one seat has seen.

A search bot may not read hidden state; it samples it (issue 10). ``determinize(game, seat,
rng)`` returns a copy of the game's state in which everything ``seat`` cannot see is drawn
again from ``rng``:

- **the unseen cards**: every card that is neither public nor in the seat's hand (the draw
  pile, the other players' hands, and face-down cards a faction keeps, its
  ``hidden_zones``) is dealt again, uniformly, keeping each hand's size, the draw pile's size
  and each face-down zone's size;
- **the Black Market's face-down cards** (``GameState.market``) are unseen cards too: the
  seat that put one there is taken to have forgotten it (docs/rulings.md);
- **what nobody sees** (a faction's ``unseen_piles``: the items beneath the ruins, the order of
  the quest deck) is dealt again among its piles, whoever the seat is;
- **cards the seat knows are in a hand** stay there: a card it saw taken into a hand (Stand
  and Deliver!, 3.5.3 in either direction) or a hand it looked at (Codebreakers), unless the
  card has become public since or an unseen transfer from that hand happened after it;
- **the game's generator** (future dice, shuffles, random picks) is drawn from ``rng``; fixed
  dice and forced outcomes are dropped;
- **the event log** is dropped (``keep_log=False``, for search), or kept with the parts the
  seat cannot see drawn again (``keep_log=True``), so that ``events(seat)`` is unchanged.

The deal is uniform over the assignments of the unseen cards that respect the sizes and the
known cards. It does not infer cards from the other players' choices, nor from elimination at
a reshuffle (when the draw pile runs out, in a two-player game the other hand is exactly the
cards not seen elsewhere; the sampler does not keep that knowledge once cards are drawn
after it): those are the limits of "as far as practical".

The sample depends only on the seat's information and ``rng``: the unseen cards are gathered
as a sorted set, never in the order the real state holds them, so two games that differ only
in hidden information give the same sample for the same generator (tests/test_determinize.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import N_CARDS
from ..flow import FACTIONS
from ..rng import Rng, next_state
from ..state import GameState
from ..views import secret_from

if TYPE_CHECKING:
    from ..game import Game

def known_cards(game: Game, seat: int) -> dict[int, list[int]]:
    """For each other seat, the cards ``seat`` knows are in its hand now (from its own event
    log: cards taken in either direction, hands looked at), in the order learnt."""
    g = game.state
    known: dict[int, list[int]] = {s: [] for s in range(g.n) if s != seat}
    if g.log is not None:
        for e in game.events(seat):
            k = e["kind"]
            if k == "take":
                who, frm = e["seat"], e["from"]
                card = e.get("card")
                if frm in known and card is None:
                    known[frm] = []  # an unseen card left that hand: no longer sure of any
                if frm in known and card is not None and card in known[frm]:
                    known[frm].remove(card)
                if who in known and card is not None:
                    known[who].append(card)
            elif k == "look" and e["seat"] == seat:
                known[e["at"]] = list(e["cards"])
    if g.turn_seat == seat:
        for s, cards in (g.turn.get("seen") or {}).items():
            if int(s) in known:
                known[int(s)] = list(cards)
    return known


def determinize(
    game: Game,
    seat: int,
    rng: Rng,
    keep_log: bool = False,
    known: dict[int, list[int]] | None = None,
) -> GameState:
    """A state consistent with what ``seat`` has seen, hidden parts drawn from ``rng`` (see
    the module docstring). ``known`` is :func:`known_cards` of this game and seat when the
    caller has it already. The real game is not changed."""
    src = game.state
    if not 0 <= seat < src.n:
        raise ValueError(f"seat must be from 0 to {src.n - 1}, not {seat!r}")
    if known is None:
        known = known_cards(game, seat)
    log = src.log
    src.log = None  # not copied: rebuilt below when kept
    try:
        g = src.clone()
    finally:
        src.log = log
    others = [s for s in range(g.n) if s != seat]
    zones: list[list[int]] = [g.seats[s].hand for s in others]
    owners: list[int] = list(others)
    for s in others:
        for z in FACTIONS[g.factions[s]].hidden_zones(g, s):
            zones.append(z)
            owners.append(-1)
    if g.market:
        # The Black Market's face-down cards: nobody may look at them (its card).
        zones.append(g.market)
        owners.append(-1)
    pool = sorted(set(g.deck).union(*(set(z) for z in zones)))
    # Known cards first (only those still unseen: a card that became public is not in the
    # pool), then the rest dealt uniformly.
    placed: set[int] = set()
    fills: list[list[int]] = []
    for z, owner in zip(zones, owners, strict=True):
        pins = [c for c in known.get(owner, []) if c in pool and c not in placed][-len(z) :]
        if not z:
            pins = []
        placed.update(pins)
        fills.append(pins)
    rest = [c for c in pool if c not in placed]
    rng.shuffle(rest)
    for z, pins in zip(zones, fills, strict=True):
        need = len(z) - len(pins)
        z[:] = pins + rest[:need]
        del rest[:need]
        if pins:
            rng.shuffle(z)
    g.deck = rest
    for s in range(g.n):
        for group in FACTIONS[g.factions[s]].unseen_piles(g, s):
            # Gathered sorted, never in the real order, then dealt again keeping the sizes.
            things = sorted(x for pile in group for x in pile)
            rng.shuffle(things)
            for pile in group:
                k = len(pile)
                pile[:], things = things[:k], things[k:]
    rng.state, g.rng = next_state(rng.state)
    g.dice = []
    g.forced = []
    if "seen" in g.turn and g.turn_seat != seat:
        g.turn["seen"] = {s: list(g.seats[int(s)].hand) for s in g.turn["seen"]}
    g.log = _resampled_log(log, seat, rng) if keep_log and log is not None else None
    return g


def _resampled_log(log: list[dict[str, Any]], seat: int, rng: Rng) -> list[dict[str, Any]]:
    """The event log with what ``seat`` cannot see drawn again (views.events_for shows it the
    same log)."""
    out: list[dict[str, Any]] = []
    for e in log:
        k = e["kind"]
        if k == "draw" and e["seat"] != seat:
            e = {**e, "cards": [rng.below(N_CARDS) for _ in e["cards"]]}
        elif k == "shuffle":
            order = sorted(e["order"])
            rng.shuffle(order)
            e = {**e, "order": order}
        elif k == "pick":
            e = {**e, "index": rng.below(e["of"])}
        elif k == "take" and seat not in (e["seat"], e["from"]):
            e = {**e, "card": rng.below(N_CARDS)}
        elif k == "look" and e["seat"] != seat:
            e = {**e, "cards": [rng.below(N_CARDS) for _ in e["cards"]]}
        elif k == "market_deal":
            e = {**e, "cards": [rng.below(N_CARDS) for _ in e["cards"]]}
        elif k == "market_swap" and e["seat"] != seat:
            e = {**e, "took": rng.below(N_CARDS), "gave": rng.below(N_CARDS)}
        elif k == "action" and secret_from(e, seat):  # a card put face down (8.2.2)
            e = {**e, "token": f"{str(e['token']).split()[0]} {rng.below(N_CARDS)}"}
        out.append(e)
    return out
