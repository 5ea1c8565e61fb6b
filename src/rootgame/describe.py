"""Readable English for every action the engine can offer: ``describe(state, action)``.

All English text of the descriptions lives in the tables at the top of this module (``TEXT``
and the name tables), keyed by message ids, so that a later translation can swap the tables
for message catalogues without touching the logic below. A message id is the action's kind,
optionally followed by ``@`` and the kind of the pending decision when one word means different
things in different decisions (``pass@ambush``, ``wood@cat_pay_wood``), or by ``.`` and a
variant (``move.decree`` for a Decree card's move).

Descriptions read the state only for context (which decision is pending, what a building
costs now, how many clearings one rules); they never change it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action, token
from .board import load_board
from .cards import DECK
from .factions.marquise import COST, PER_TRACK, VP
from .flow import FACTIONS
from .rules.core import ruled_count
from .state import GameState

# --- The English text (one place) ---------------------------------------------------------

FACTION_NAMES: dict[str, str] = {
    "marquise": "Marquise de Cat",
    "eyrie": "Eyrie Dynasties",
}
FACTION_SHORT_NAMES: dict[str, str] = {"marquise": "Marquise", "eyrie": "Eyrie"}
SUIT_NAMES: dict[str, str] = {"fox": "fox", "rabbit": "rabbit", "mouse": "mouse", "bird": "bird"}
LEADER_NAMES: dict[str, str] = {
    "builder": "Builder",
    "charismatic": "Charismatic",
    "commander": "Commander",
    "despot": "Despot",
}
COLUMN_NAMES: dict[str, str] = {
    "recruit": "Recruit",
    "move": "Move",
    "battle": "Battle",
    "build": "Build",
}
PIECE_NAMES: dict[str, str] = {
    "sawmill": "sawmill",
    "workshop": "workshop",
    "recruiter": "recruiter",
    "roost": "roost",
    "wood": "wood",
    "keep": "keep",
    "ruin": "ruin",
    "warrior": "warrior",
}
ITEM_NAMES: dict[str, str] = {
    "boot": "boot",
    "bag": "bag",
    "crossbow": "crossbow",
    "hammer": "hammer",
    "sword": "sword",
    "tea": "tea",
    "coins": "coins",
    "torch": "torch",
}
VIZIER_NAME = "Loyal Vizier"

TEXT: dict[str, str] = {
    # Pieces of text used inside other messages.
    "clearing": "clearing {n} ({suit})",
    "card": "{name} ({suit})",
    "card_suited": "{name}",
    "warriors.1": "1 warrior",
    "warriors.n": "{n} warriors",
    "vp.1": "1 VP",
    "vp.n": "{n} VP",
    "effect.item": "take a {item} from the supply and score {vp}",
    "effect.persistent": "put it in your play area for its lasting effect",
    "effect.favor": "remove every enemy piece in the {suit} clearings",
    "paying": "{text}, paying with {suits} pieces",
    "wood.1": "1 wood",
    "wood.n": "{n} wood",
    # Setup.
    "keep": "Place the keep in {c}",
    "place": "Place your starting {building} in {c}",
    "corner": "Start in the corner {c} with a roost and 6 warriors",
    "leader": "Choose the {leader} as your leader",
    # Birdsong.
    "decree": "Add {card} to the {column} column of the Decree",
    "done@decree_add": "Add no more cards to the Decree",
    "roost": "A New Roost: place a roost and 3 warriors in {c}",
    "wood@cat_wood": "Place a wood at the sawmill in {c}",
    "royal-claim": "Royal Claim: discard it to score {vp} (1 per clearing you rule)",
    "stand-and-deliver": "Stand and Deliver!: take a random card from the {faction} "
    "(they score 1 VP)",
    "done@birdsong_cards": "Use no more Birdsong cards",
    "draw-with": "Better Burrow Bank: you and the {faction} each draw a card",
    # Daylight.
    "craft": "Craft {card}: {effect}",
    "done@craft": "Craft nothing more and go on",
    "march": "March: move warriors from {o} to {d} (a second move may follow)",
    "battle": "Battle the {defender} in {c}",
    "battle@command_warren": "Command Warren: battle the {defender} in {c}",
    "recruit": "Recruit: place a warrior at each of your recruiters",
    "recruit-at": "Recruit at the recruiter in {c}",
    "build": "Build a {building} in {c} for {wood} (scores {vp})",
    "build.nocost": "Build a {building} in {c}",
    "wood@cat_pay_wood": "Pay a wood from {c}",
    "wood": "Wood at {c}",
    "overwork": "Overwork: spend {card} to place a wood at the sawmill in {c}",
    "bird": "Spend {card} for one more action",
    "end": "End your Daylight actions",
    "recruit.decree": "Decree ({suit} card): recruit {warriors} at the roost in {c}",
    "move.decree": "Decree ({suit} card): move warriors from {o} to {d}",
    "battle.decree": "Decree ({suit} card): battle the {defender} in {c}",
    "build.decree": "Decree ({suit} card): build a roost in {c}",
    "turmoil": "Resolve the {suit} card that cannot be carried out, and fall into turmoil",
    "tax-collector": "Tax Collector: remove a warrior from {c} to draw a card",
    "codebreakers": "Codebreakers: look at the hand of the {faction}",
    "dominance": "Activate {card} (you will no longer score VP)",
    "take-dominance": "Take {dom} by spending {card}",
    # Moving.
    "move": "Move warriors from {o} to {d}",
    "pass@move": "Skip this move",
    "count": "Move {warriors}",
    "count.route": "Move {warriors} from {o} to {d}",
    # Battle.
    "ambush": "Ambush with {card}: the attacker takes 2 hits",
    "ambush@foil_ambush": "Foil the ambush with {card}",
    "pass@ambush": "Do not ambush",
    "pass@foil_ambush": "Do not foil the ambush (take 2 hits)",
    "brutal-tactics": "Brutal Tactics: deal one extra hit (the defender scores 1 VP)",
    "sappers": "Sappers: discard it to deal one extra hit",
    "armorers": "Armorers: discard it to ignore the rolled hits you would take",
    "done@battle_effects": "Use no more battle effects",
    "first.attacker": "Use your battle effects first (the attacker)",
    "first.defender": "Let the defender use its battle effects first",
    "remove": "Remove your {piece}",
    "hospital": "Field Hospitals: spend {card} to put {warriors} back in the keep's clearing",
    "pass@field_hospital": "Let the warriors go (no Field Hospitals)",
    "pass@command_warren": "Start no battle",
    "pass": "Pass",
    # Evening.
    "discard": "Discard {card}",
    "done": "Done",
    # Anything unknown: show the token itself.
    "unknown": "{token}",
}


def _t(msg: str, **kw: Any) -> str:
    return TEXT[msg].format(**kw)


# --- Names of things ---------------------------------------------------------------------


def faction_name(faction: str) -> str:
    return FACTION_NAMES.get(faction, faction)


def faction_short_name(faction: str) -> str:
    return FACTION_SHORT_NAMES.get(faction, faction)


def suit_name(suit: str) -> str:
    return SUIT_NAMES.get(suit, suit)


def card_name(cid: int) -> str:
    """A card's name with its suit, e.g. "Ambush! (fox)"; the Viziers are "Loyal Vizier"."""
    if cid < 0:
        return _t("card", name=VIZIER_NAME, suit=suit_name("bird"))
    c = DECK[cid]
    if "(" in c.name:  # "Dominance (fox)" already names its suit
        return _t("card_suited", name=c.name)
    return _t("card", name=c.name, suit=suit_name(c.suit))


def card_key_name(key: str) -> str:
    """The readable name of a card key (for views, which list persistent cards by key)."""
    for c in DECK:
        if c.key == key:
            return card_name(c.id)
    return key


def clearing_name(map_name: str, c: int) -> str:
    b = load_board(map_name)
    if 0 < c < len(b.suit):
        return _t("clearing", n=c, suit=suit_name(b.suit[c]))
    return str(c)


def warriors_text(n: int) -> str:
    return _t("warriors.1") if n == 1 else _t("warriors.n", n=n)


def vp_text(n: int) -> str:
    return _t("vp.1") if n == 1 else _t("vp.n", n=n)


def wood_text(n: int) -> str:
    return _t("wood.1") if n == 1 else _t("wood.n", n=n)


def piece_name(kind: str) -> str:
    return PIECE_NAMES.get(kind, kind)


def item_name(item: str) -> str:
    return ITEM_NAMES.get(item, item)


# --- describe ------------------------------------------------------------------------------


def describe(state: GameState, action: Action) -> str:
    """Readable English for ``action`` in the context of ``state`` (the pending decision).
    Never raises: an action it cannot read is shown as its token."""
    a = tuple(action)
    if not a:
        return ""
    kind = str(a[0])
    frame = state.stack[-1].kind if state.stack and not state.winners else ""
    fn = _DESCRIBERS.get(kind)
    try:
        if fn is not None:
            text = fn(_Ctx(state, frame), a)
            if text:
                return text
        for msg in (f"{kind}@{frame}", kind):
            if msg in TEXT and len(a) == 1:
                return _t(msg)
    except (IndexError, KeyError, ValueError, TypeError, AttributeError):
        pass
    return _t("unknown", token=token(a))


class _Ctx:
    """What a describer may read: the state, the pending decision's kind and frame data."""

    __slots__ = ("g", "frame")

    def __init__(self, g: GameState, frame: str) -> None:
        self.g = g
        self.frame = frame

    def c(self, x: Any) -> str:
        return clearing_name(self.g.map, int(x))

    def faction(self, seat: Any) -> str:
        return faction_name(self.g.factions[int(seat)])

    def seat(self) -> int | None:
        if self.g.stack:
            return self.g.stack[-1].seat
        return None

    def data(self) -> dict[str, Any]:
        return self.g.stack[-1].data if self.g.stack else {}

    def msg(self, kind: str) -> str:
        """The message id for ``kind`` in this decision (``kind@frame`` when it exists)."""
        m = f"{kind}@{self.frame}"
        return m if m in TEXT else kind


Describer = Callable[[_Ctx, Action], str]


def _is_decree(a: Action) -> bool:
    return len(a) >= 2 and isinstance(a[1], str) and a[1] in SUIT_NAMES


def _d_keep(x: _Ctx, a: Action) -> str:
    return _t("keep", c=x.c(a[1]))


def _d_place(x: _Ctx, a: Action) -> str:
    return _t("place", building=piece_name(str(a[1])), c=x.c(a[2]))


def _d_corner(x: _Ctx, a: Action) -> str:
    return _t("corner", c=x.c(a[1]))


def _d_leader(x: _Ctx, a: Action) -> str:
    return _t("leader", leader=LEADER_NAMES.get(str(a[1]), str(a[1])))


def _d_decree(x: _Ctx, a: Action) -> str:
    col = str(a[2])
    return _t("decree", card=card_name(int(a[1])), column=COLUMN_NAMES.get(col, col))


def _d_simple(x: _Ctx, a: Action) -> str:
    return _t(x.msg(str(a[0])))


def _d_move(x: _Ctx, a: Action) -> str:
    if _is_decree(a):
        return _t("move.decree", suit=suit_name(str(a[1])), o=x.c(a[2]), d=x.c(a[3]))
    return _t("move", o=x.c(a[1]), d=x.c(a[2]))


def _d_count(x: _Ctx, a: Action) -> str:
    n = int(a[1])
    data = x.data()
    if x.frame == "move_count" and "from" in data:
        return _t("count.route", warriors=warriors_text(n), o=x.c(data["from"]), d=x.c(data["to"]))
    return _t("count", warriors=warriors_text(n))


def _d_march(x: _Ctx, a: Action) -> str:
    return _t("march", o=x.c(a[1]), d=x.c(a[2]))


def _d_battle(x: _Ctx, a: Action) -> str:
    if _is_decree(a):
        return _t("battle.decree", suit=suit_name(str(a[1])), c=x.c(a[2]), defender=x.faction(a[3]))
    return _t(x.msg("battle"), c=x.c(a[1]), defender=x.faction(a[2]))


def _d_recruit(x: _Ctx, a: Action) -> str:
    if _is_decree(a):
        seat = x.seat()
        n = 1
        if seat is not None:
            n = 2 if getattr(x.g.fs[seat], "leader", None) == "charismatic" else 1
        return _t(
            "recruit.decree", suit=suit_name(str(a[1])), c=x.c(a[2]), warriors=warriors_text(n)
        )
    return _t("recruit")


def _d_recruit_at(x: _Ctx, a: Action) -> str:
    return _t("recruit-at", c=x.c(a[1]))


def _d_build(x: _Ctx, a: Action) -> str:
    if _is_decree(a):
        return _t("build.decree", suit=suit_name(str(a[1])), c=x.c(a[2]))
    kind = str(a[1])
    seat = x.seat()
    fs = x.g.fs[seat] if seat is not None else None
    track = getattr(fs, "track", None)
    if isinstance(track, dict) and kind in track and track[kind] > 0:
        pos = PER_TRACK - track[kind]
        return _t(
            "build",
            building=piece_name(kind),
            c=x.c(a[2]),
            wood=wood_text(COST[pos]),
            vp=vp_text(VP[kind][pos]),
        )
    return _t("build.nocost", building=piece_name(kind), c=x.c(a[2]))


def _d_overwork(x: _Ctx, a: Action) -> str:
    return _t("overwork", c=x.c(a[1]), card=card_name(int(a[2])))


def _d_card(x: _Ctx, a: Action) -> str:
    """Actions whose one argument is a card: bird, discard, ambush, hospital, dominance."""
    kind = str(a[0])
    cid = int(a[1])
    if kind == "hospital":
        n = int(x.data().get("n", 1)) if x.frame == "field_hospital" else 1
        return _t("hospital", card=card_name(cid), warriors=warriors_text(n))
    return _t(x.msg(kind), card=card_name(cid))


def _d_craft(x: _Ctx, a: Action) -> str:
    cid = int(a[1])
    c = DECK[cid]
    if c.kind == "item" and c.item is not None:
        seat = x.seat()
        vp = c.vp
        if seat is not None:
            vp = FACTIONS[x.g.factions[seat]].craft_vp(x.g, seat, c)
        effect = _t("effect.item", item=item_name(c.item), vp=vp_text(vp))
    elif c.kind == "persistent":
        effect = _t("effect.persistent")
    else:
        effect = _t("effect.favor", suit=suit_name(c.suit))
    text = _t("craft", card=card_name(cid), effect=effect)
    if len(a) > 2:
        suits = "+".join(suit_name(str(s)) for s in a[2:])
        text = _t("paying", text=text, suits=suits)
    return text


def _d_wood(x: _Ctx, a: Action) -> str:
    return _t(x.msg("wood"), c=x.c(a[1]))


def _d_remove(x: _Ctx, a: Action) -> str:
    return _t("remove", piece=piece_name(str(a[1])))


def _d_tax(x: _Ctx, a: Action) -> str:
    return _t("tax-collector", c=x.c(a[1]))


def _d_seat(x: _Ctx, a: Action) -> str:
    """Actions whose one argument is another seat: codebreakers, stand-and-deliver,
    draw-with."""
    return _t(str(a[0]), faction=x.faction(a[1]))


def _d_take_dominance(x: _Ctx, a: Action) -> str:
    return _t("take-dominance", dom=card_name(int(a[1])), card=card_name(int(a[2])))


def _d_royal_claim(x: _Ctx, a: Action) -> str:
    seat = x.seat()
    n = 0
    if seat is not None:
        n = ruled_count(x.g, seat)
    return _t("royal-claim", vp=vp_text(n))


def _d_roost(x: _Ctx, a: Action) -> str:
    return _t("roost", c=x.c(a[1]))


def _d_first(x: _Ctx, a: Action) -> str:
    return _t("first.attacker" if a[1] == "attacker" else "first.defender")


def _d_turmoil(x: _Ctx, a: Action) -> str:
    return _t("turmoil", suit=suit_name(str(a[1])))


_DESCRIBERS: dict[str, Describer] = {
    "keep": _d_keep,
    "place": _d_place,
    "corner": _d_corner,
    "leader": _d_leader,
    "decree": _d_decree,
    "done": _d_simple,
    "pass": _d_simple,
    "end": _d_simple,
    "brutal-tactics": _d_simple,
    "sappers": _d_simple,
    "armorers": _d_simple,
    "move": _d_move,
    "count": _d_count,
    "march": _d_march,
    "battle": _d_battle,
    "recruit": _d_recruit,
    "recruit-at": _d_recruit_at,
    "build": _d_build,
    "overwork": _d_overwork,
    "bird": _d_card,
    "discard": _d_card,
    "ambush": _d_card,
    "hospital": _d_card,
    "dominance": _d_card,
    "craft": _d_craft,
    "wood": _d_wood,
    "remove": _d_remove,
    "tax-collector": _d_tax,
    "codebreakers": _d_seat,
    "stand-and-deliver": _d_seat,
    "draw-with": _d_seat,
    "take-dominance": _d_take_dominance,
    "royal-claim": _d_royal_claim,
    "roost": _d_roost,
    "turmoil": _d_turmoil,
    "first": _d_first,
}
