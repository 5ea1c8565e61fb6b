"""What one seat may know: ``view(game, seat)`` (design.md: front ends never read GameState).

A view is plain JSON-ready data (dicts with string keys, lists, strings, ints, None). It holds
the public board, every player's public information, and the seat's own hand; never another
player's hand or the order of the draw pile. A spectator (seat None) sees no hand at all.
The cards a Codebreakers look revealed this turn are shown only to the player who looked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import DECK
from .flow import FACTIONS, PROMPTS, SECRET_WORDS, SECRETS
from .rules.core import board, ruler
from .rules.landmarks import tower
from .state import JSON, GameState

if TYPE_CHECKING:
    from .game import Game


def card_ref(cid: int) -> JSON:
    """A card as a view shows it: its id and key (the Loyal Viziers have ids -1 and -2)."""
    if cid < 0:
        return {"id": cid, "key": "loyal-vizier"}
    return {"id": cid, "key": DECK[cid].key}


def _owner(g: GameState, seat: int) -> str | None:
    return g.factions[seat] if seat >= 0 else None


def _clearings(g: GameState) -> list[JSON]:
    b = board(g)
    out: list[JSON] = []
    for c in b.clearings:
        r = ruler(g, c)
        out.append(
            {
                "id": c,
                "suit": b.suit[c],
                "slots": b.slots[c],
                "warriors": {f: g.warriors[c][s] for s, f in enumerate(g.factions)},
                "buildings": [[_owner(g, o), k] for o, k in g.buildings[c]],
                "tokens": [[_owner(g, o), k] for o, k in g.tokens[c]],
                "pawns": [f for s, f in enumerate(g.factions) if FACTIONS[f].pawn_at(g, s) == c],
                "ruler": None if r is None else g.factions[r],
            }
        )
    return out


def _players(g: GameState) -> list[JSON]:
    out: list[JSON] = []
    for s, p in enumerate(g.seats):
        out.append(
            {
                "seat": s,
                "faction": p.faction,
                "vp": p.vp,
                "hand_size": len(p.hand),
                "items": p.items[:],
                "persistent": [DECK[c].key for c in p.persistent],
                "dominance": None if p.dominance is None else DECK[p.dominance].key,
                "board": FACTIONS[p.faction].public_view(g, s),
            }
        )
    return out


def _battle(g: GameState) -> JSON | None:
    """The battle in progress, if any (all of it is public: who, where, the dice)."""
    for f in reversed(g.stack):
        if f.kind == "battle":
            d = f.data
            dice = d.get("dice")
            return {
                "attacker": g.factions[d["a"]],
                "defender": g.factions[d["d"]],
                "clearing": d["c"],
                "dice": list(dice) if dice else None,
            }
    return None


def view(game: Game, seat: int | None) -> JSON:
    """What ``seat`` may know now (None: a spectator). See the module docstring."""
    g = game.state
    n = g.n
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
        raise ValueError(f"seat must be None or a seat from 0 to {n - 1}, not {seat!r}")
    current = game.current_seat
    v: dict[str, Any] = {
        "seat": seat,
        "faction": None if seat is None else g.factions[seat],
        "map": g.map,
        "factions": list(g.factions),
        "turn_number": g.turn_number,
        "turn_seat": g.turn_seat,
        "turn_faction": g.factions[g.turn_seat],
        "current_seat": current,
        "current_faction": None if current is None else g.factions[current],
        "phase": game.phase,
        "step": game.step,
        "decision": game.decision,
        "prompt": PROMPTS.get(game.decision, game.decision),
        "clearings": _clearings(g),
        "players": _players(g),
        "hand": None,
        "draw_pile_size": len(g.deck),
        "discard_pile": [card_ref(c) for c in g.discard],
        "available_dominance": [card_ref(c) for c in g.available_dominance],
        "removed_cards": [card_ref(c) for c in g.removed_cards],
        "item_supply": dict(g.items),
        "battle": _battle(g),
        "legal": None,
        "seen_hands": None,
        "private": None,
        "winners": [g.factions[s] for s in g.winners],
        "win_reason": g.win_reason,
    }
    b = board(g)
    if b.closed_at_start:
        v["closed_paths"] = [list(p) for p in g.closed]
    if b.ferry_start or "ferry" in g.landmarks:
        v["ferry"] = g.ferry
    if b.tower or "tower" in g.landmarks:
        v["tower"] = tower(g)
    if g.landmarks:
        # Appendix L: where each landmark stands (0: dealt, not yet set up), the Forge's
        # items, and how many face-down cards lie by the Black Market (nobody sees them).
        v["landmarks"] = dict(g.landmarks)
        if "forge" in g.landmarks:
            v["forge_items"] = dict(g.forge)
        if "black-market" in g.landmarks:
            v["black_market"] = len(g.market)
    if g.cooperative:
        # Law of Rootbotics 3.5: the humans play as a team against the bots.
        v["cooperative"] = True
    if g.shared_deck != "base":
        # Appendix A step 2; the warriors lying on Coffin Makers, by faction.
        v["shared_deck"] = g.shared_deck
        v["coffins"] = {g.factions[s]: k for s, k in enumerate(g.coffins) if k}
    if seat is not None:
        v["hand"] = [card_ref(c) for c in g.seats[seat].hand]
        # What only this seat sees of its own faction board (the Alliance's supporters).
        private = FACTIONS[g.factions[seat]].private_view(g, seat)
        v["private"] = {
            k: [card_ref(c) for c in x] if k == "supporters" else x for k, x in private.items()
        }
        if current == seat:
            v["legal"] = game.legal_tokens()
        seen = g.turn.get("seen")
        if seen and seat == g.turn_seat:
            # Codebreakers: only the player who looked knows what it saw.
            v["seen_hands"] = {
                g.factions[int(e)]: [card_ref(c) for c in h] for e, h in seen.items()
            }
    return v


def secret_from(e: JSON, seat: int | None) -> bool:
    """Whether the card of action event ``e`` is hidden from ``seat`` (flow.SECRETS)."""
    if seat == e.get("seat"):
        return False
    word = str(e.get("token", "")).split(" ", 1)[0]
    secret = SECRETS.get(str(e.get("decision"))) or {}
    if word not in secret:
        if word not in SECRET_WORDS:
            return False
        secret = SECRET_WORDS
    key = secret[word]
    return key is None or seat != (e.get("data") or {}).get(key)


def events_for(game: Game, seat: int | None, start: int = 0) -> list[JSON]:
    """The event log from index ``start`` as ``seat`` may see it (None: a spectator).

    Drawn cards are shown only to the player who drew them; a card taken at random only to
    the two players involved; a hand looked at only to the player who looked; the order of a
    shuffled deck and the place in a hand of a card taken at random to nobody; a card put face
    down by an action (the Alliance's supporters) to the players who may see it (flow.SECRETS:
    the token keeps its first word, and ``hidden`` is set). Everything else (actions, dice,
    scores, turns) is public.
    """
    g = game.state
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < g.n):
        raise ValueError(f"seat must be None or a seat from 0 to {g.n - 1}, not {seat!r}")
    out: list[JSON] = []
    for e in (g.log or [])[start:]:
        k = e["kind"]
        if k == "draw" and e["seat"] != seat:
            e = {"kind": "draw", "seat": e["seat"], "count": len(e["cards"])} | (
                {"to": e["to"]} if "to" in e else {}
            )
        elif k == "shuffle":
            e = {"kind": "shuffle", "count": len(e["order"])}
        elif k == "take" and seat not in (e["seat"], e["from"]):
            e = {"kind": "take", "seat": e["seat"], "from": e["from"]}
        elif k == "look" and seat != e["seat"]:
            e = {"kind": "look", "seat": e["seat"], "at": e["at"]}
        elif k == "market_deal":
            # The Black Market's cards are dealt face down: nobody sees them.
            e = {"kind": "market_deal", "count": len(e["cards"])}
        elif k == "market_swap" and seat != e["seat"]:
            e = {"kind": "market_swap", "seat": e["seat"]}
        elif k == "action" and secret_from(e, seat):
            # A card put face down (1.2.1): the others see the action, not the card.
            e = dict(e, token=str(e["token"]).split()[0], hidden=True)
        elif k == "pick":
            # Where in a hidden hand the random card was: the two players involved learn the
            # card from the "take" event; to anyone else the place could reveal it.
            e = {"kind": "pick", "of": e["of"], "why": e["why"]}
        else:
            e = dict(e)
        out.append(e)
    return out
