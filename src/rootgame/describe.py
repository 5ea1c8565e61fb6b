"""Readable text for every action the engine can offer: ``describe(state, action)``.

All text of the descriptions lives in the table at the top of this module (``TEXT``), keyed by
message ids; the names of the things they speak of (factions, cards, clearings, pieces...)
come from ``rootgame.names``. The values are the English messages; every lookup goes
through the message catalogs (``rootgame.i18n``), so the same logic speaks English, Polish,
Spanish or Portuguese. A message id is the action's kind, optionally followed by ``@`` and the
kind of the pending decision when one word means different things in different decisions
(``pass@ambush``, ``wood@cat_pay_wood``), or by ``.`` and a variant (``move.decree`` for a
Decree card's move).

Descriptions read the state only for context (which decision is pending, what a building
costs now, how many clearings one rules); they never change it.

The engine's own explanations (why an action is illegal) are English text built in the
engine; :func:`translate_reason` translates the known ones at the edge, by pattern.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from .actions import Action, token
from .board import load_board
from .cards import DECK
from .factions.marquise import COST, PER_TRACK, VP
from .flow import FACTIONS
from .i18n import N_, gettext, language, pgettext
from .names import (
    CHARACTER_NAMES,
    ITEM_STATE_NAMES,
    MARKET_PLACE_NAMES,
    SUIT_NAMES,
    card_kind_name,
    card_name,
    card_title,
    clearing_label,
    clearing_name,
    column_name,
    faction_in_sentence,
    item_name,
    landmark_name,
    leader_name,
    piece_name,
    prompt_text,
    quest_name,
    suit_name,
    supporters_text,
    vp_text,
    warriors_text,
    wood_text,
)
from .rules.core import board, ruled_count
from .state import GameState

# --- The text of the descriptions (one place) ----------------------------------------------

# In these messages {c}, {o} and {d} are clearing labels such as "5 (rabbit)" (the number and
# suit of a clearing); the word "clearing" is part of each message, so that it can take the
# right grammatical case. {card} is a card name such as "Anvil (fox)". (The translators read
# this with the clearing label, names.LABELS.)
TEXT: dict[str, str] = {
    # Pieces of text used inside other messages.
    "effect.item": N_("take a {item} from the supply and score {vp}"),
    "effect.persistent": N_("put it in your play area for its lasting effect"),
    "effect.favor": N_("remove every enemy piece in the {suit} clearings"),
    # TRANSLATORS: {suits} are the suits of the clearings of the crafting pieces, "fox+mouse".
    "paying": N_("{text}, paying with {suits} pieces"),
    # Setup.
    "keep": N_("Place the keep in clearing {c}"),
    "place": N_("Place your starting {building} in clearing {c}"),
    "corner": N_("Start in the corner clearing {c} with a roost and 6 warriors"),
    "leader": N_("Choose the {leader} as your leader"),
    # Birdsong.
    "decree": N_("Add {card} to the {column} column of the Decree"),
    "done@decree_add": N_("Add no more cards to the Decree"),
    "roost": N_("A New Roost: place a roost and 3 warriors in clearing {c}"),
    "wood@cat_wood": N_("Place a wood at the sawmill in clearing {c}"),
    "royal-claim": N_("Royal Claim: discard it to score {vp} (1 per clearing you rule)"),
    "stand-and-deliver": N_(
        "Stand and Deliver!: take a random card from the {faction} (they score 1 VP)"
    ),
    "done@birdsong_cards": N_("Use no more Birdsong cards"),
    "done@evening_cards": N_("Swap nothing at the Black Market"),
    "draw-with": N_("Better Burrow Bank: you and the {faction} each draw a card"),
    # Daylight.
    "craft": N_("Craft {card}: {effect}"),
    "done@craft": N_("Craft nothing more and go on"),
    "march": N_(
        "March: move warriors from clearing {o} to clearing {d} (a second move may follow)"
    ),
    "battle": N_("Battle the {defender} in clearing {c}"),
    "battle@command_warren": N_("Command Warren: battle the {defender} in clearing {c}"),
    "recruit": N_("Recruit: place a warrior at each of your recruiters"),
    "recruit-at": N_("Recruit at the recruiter in clearing {c}"),
    "build": N_("Build a {building} in clearing {c} for {wood} (scores {vp})"),
    "build.nocost": N_("Build a {building} in clearing {c}"),
    "wood@cat_pay_wood": N_("Pay a wood from clearing {c}"),
    "wood": N_("Wood at clearing {c}"),
    "overwork": N_("Overwork: spend {card} to place a wood at the sawmill in clearing {c}"),
    "bird": N_("Spend {card} for one more action"),
    "end": N_("End your Daylight actions"),
    # TRANSLATORS: {suit} is the suit of the Decree card being resolved.
    "recruit.decree": N_("Decree ({suit} card): recruit {warriors} at the roost in clearing {c}"),
    "move.decree": N_("Decree ({suit} card): move warriors from clearing {o} to clearing {d}"),
    "battle.decree": N_("Decree ({suit} card): battle the {defender} in clearing {c}"),
    "build.decree": N_("Decree ({suit} card): build a roost in clearing {c}"),
    "turmoil": N_("Resolve the {suit} card that cannot be carried out, and fall into turmoil"),
    "tax-collector": N_("Tax Collector: remove a warrior from clearing {c} to draw a card"),
    "codebreakers": N_("Codebreakers: look at the hand of the {faction}"),
    # The Vagabot's Arbiter (Law of Rootbotics 7.7.6), enlisted by a defender.
    "enlist": N_("Enlist the {faction} (the Arbiter): 1 VP to him, his Battle Track to your hits"),
    "pass@enlist": N_("Do not enlist the Arbiter"),
    "dominance": N_("Activate {card} (you will no longer score VP)"),
    "take-dominance": N_("Take {dom} by spending {card}"),
    "open-path": N_("Spend {card} to open the closed path {a}-{b} and score 1 VP"),
    # Landmarks (appendix L).
    "landmark": N_("Set up the {landmark} in clearing {c}"),
    "pass@landmark": N_("No clearing fits this landmark: it goes back to the box"),
    # TRANSLATORS: {place} is left, middle or right: which face-down card is taken.
    "black-market": N_("Black Market: put {card} face down for the {place} face-down card"),
    "effect.forge": N_(
        "take a {item} from the Legendary Forge and score {vp}, one more, and draw a card"
    ),
    # Moving.
    "move": N_("Move warriors from clearing {o} to clearing {d}"),
    "pass@move": N_("Skip this move"),
    "count": N_("Move {warriors}"),
    "count.route": N_("Move {warriors} from clearing {o} to clearing {d}"),
    # Battle.
    "ambush": N_("Ambush with {card}: the attacker takes 2 hits"),
    "ambush@foil_ambush": N_("Foil the ambush with {card}"),
    "pass@ambush": N_("Do not ambush"),
    "pass@foil_ambush": N_("Do not foil the ambush (take 2 hits)"),
    "brutal-tactics": N_("Brutal Tactics: deal one extra hit (the defender scores 1 VP)"),
    "sappers": N_("Sappers: discard it to deal one extra hit"),
    "armorers": N_("Armorers: discard it to ignore the rolled hits you would take"),
    "done@battle_effects": N_("Use no more battle effects"),
    "first.attacker": N_("Use your battle effects first (the attacker)"),
    "first.defender": N_("Let the defender use its battle effects first"),
    "remove": N_("Remove your {piece}"),
    "hospital": N_(
        "Field Hospitals: spend {card} to put {warriors} back in the keep's clearing"
    ),
    "pass@field_hospital": N_("Let the warriors go (no Field Hospitals)"),
    "pass@command_warren": N_("Start no battle"),
    "pass": N_("Pass"),
    # The Woodland Alliance (8).
    "revolt": N_(
        "Revolt in clearing {c}: spend two supporters, remove every enemy piece there and "
        "place your base"
    ),
    "done@ally_revolt": N_("Revolt no more"),
    "base@ally_revolt_base": N_("Place your {suit} base"),
    "spread": N_("Spread Sympathy to clearing {c}: spend {supporters}, score {vp}"),
    "done@ally_spread": N_("Spread no more sympathy"),
    "spend": N_("Spend the supporter {card}"),
    "mobilize": N_("Mobilize: add {card} to your supporters"),
    "mobilize.hidden": N_("Mobilize: add a card to the supporters"),
    "train": N_("Train: spend {card} to make an officer"),
    "recruit@ally_ops": N_("Recruit: place a warrior at your base in clearing {c}"),
    "organize": N_(
        "Organize: remove a warrior from clearing {c} to place sympathy there (score {vp})"
    ),
    "end@ally_ops": N_("End the military operations"),
    "outrage": N_("Outrage: add {card} to the Alliance's supporters"),
    "outrage.hidden": N_("Outrage: add a matching card to the Alliance's supporters"),
    "show-hand": N_("Outrage: show your hand (no matching card); the Alliance draws a supporter"),
    "discard-supporter": N_("Discard the supporter {card}"),
    # The Automated Alliance's Outrage (Law of Rootbotics 6.2.3), a human's decision.
    "discard@aa_outrage": N_("Automated Outrage: discard {card}"),
    "cannot": N_("Automated Outrage: no matching card; the Automated Alliance scores 1 VP"),
    # TRANSLATORS: {effect} is the prompt of a pending effect, {faction} whose it is.
    "resolve": N_("Resolve first: {effect} ({faction})"),
    # The Vagabond. {place} is a clearing label or "a forest".
    "character": N_("Play the {character}"),
    "forest": N_("Place your pawn in the forest touching clearings {clearings}"),
    "forest.place": N_("the forest touching clearings {clearings}"),
    "refresh": N_("Refresh your exhausted {item}"),
    "refresh.damaged": N_("Refresh your damaged exhausted {item}"),
    "slip": N_("Slip into {place}"),
    "pass@vb_slip": N_("Do not slip"),
    "move@vb_actions": N_("Move into clearing {c} (exhausting {boots} boot(s))"),
    "alone": N_("Move alone"),
    "ally": N_("Take {warriors} of the Allied {faction} along"),
    "battle.ally": N_(
        "Battle the {defender} in clearing {c} with the Allied {ally}'s warriors"
    ),
    "explore": N_("Explore the ruin here (a torch): take its item and score 1 VP"),
    "aid": N_("Aid the {faction}: give them {card}"),
    "exhaust": N_("Exhaust your {item}"),
    "take": N_("Take their {item}"),
    "pass@vb_aid_take": N_("Take no item"),
    "quest": N_("Complete the quest {quest} (exhausting {item1} and {item2})"),
    "reward.vp": N_("Score 1 VP per completed {suit} quest"),
    "reward.draw": N_("Draw two cards"),
    "strike": N_("Strike (a crossbow): remove a warrior of the {faction}"),
    "strike.piece": N_("Strike (a crossbow): remove the {faction}'s {piece}"),
    "repair": N_("Repair your {state} {item} (a hammer)"),
    "repair@vb_repair": N_("Repair your {state} {item}"),
    "damage": N_("Damage your {state} {item}"),
    "ally-warrior": N_("Remove an Allied warrior instead"),
    "remove@vb_capacity": N_("Remove your {state} {item} from the game"),
    "steal": N_("Steal (a torch): take a random card from the {faction}"),
    "day-labor": N_("Day Labor (a torch): take {card} from the discard pile"),
    "hideout": N_("Hideout (a torch): repair three items, then end Daylight"),
    "coalition": N_("Play {card} to form a coalition with the {faction}"),
    # The Exiles and Partisans deck.
    "sabotage": N_("Saboteurs: discard it to discard {card} of the {faction}"),
    "pass@saboteurs": N_("Keep Saboteurs"),
    "swap-meet": N_("Swap Meet: take a random card from the {faction}, then give them a card"),
    "give@swap_give": N_("Give {card} back"),
    "false-orders": N_(
        "False Orders: discard it to move half the warriors of the {faction} (rounded up) "
        "from clearing {o} to clearing {d}"
    ),
    "move@emigre": N_("Eyrie Emigre: move warriors from clearing {o} to clearing {d}"),
    "battle@emigre": N_("Eyrie Emigre: battle the {defender} in clearing {c}"),
    "emigre-fails": N_("Eyrie Emigre: the move or the battle cannot be taken; discard it"),
    "propaganda": N_(
        "Propaganda Bureau: spend {card} to remove a warrior of the {faction} from clearing "
        "{c} and place one of yours there"
    ),
    "league.move": N_("League of Adventurous Mice: exhaust a crafted item to take a move"),
    "league.battle": N_("League of Adventurous Mice: exhaust a crafted item to battle"),
    "battle@card_battle": N_("Battle the {defender} in clearing {c}"),
    "charm": N_("Charm Offensive: draw a card; the {faction} scores 1 VP"),
    "pass@charm_offensive": N_("Do not use Charm Offensive"),
    "informants": N_("Informants: take {card} from the discard pile instead of drawing"),
    "draw@informants": N_("Draw as usual"),
    "partisans": N_(
        "Partisans: deal one extra hit, then discard every card in your hand not of this "
        "clearing's suit"
    ),
    # Evening.
    "discard": N_("Discard {card}"),
    "done": N_("Done"),
    # Anything unknown: show the token itself.
    "unknown": N_("{token}"),
}


def _t(msg: str, **kw: Any) -> str:
    return gettext(TEXT[msg]).format(**kw)

# --- describe ------------------------------------------------------------------------------


def describe(state: GameState, action: Action, lang: str | None = None) -> str:
    """Readable text for ``action`` in the context of ``state`` (the pending decision), in
    ``lang`` (default: the current language, English unless set). Never raises: an action it
    cannot read is shown as its token."""
    with language(lang):
        return _describe(state, action)


def _describe(state: GameState, action: Action) -> str:
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
        return clearing_label(board(self.g), int(x))

    def faction(self, seat: Any) -> str:
        return faction_in_sentence(self.g.factions[int(seat)])

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
    return _t("leader", leader=leader_name(str(a[1])))


def _d_decree(x: _Ctx, a: Action) -> str:
    return _t("decree", card=card_name(int(a[1])), column=column_name(str(a[2])))


def _d_simple(x: _Ctx, a: Action) -> str:
    return _t(x.msg(str(a[0])))


def _d_move(x: _Ctx, a: Action) -> str:
    if _is_decree(a):
        return _t("move.decree", suit=suit_name(str(a[1])), o=x.c(a[2]), d=x.c(a[3]))
    return _t(x.msg("move"), o=x.c(a[1]), d=x.c(a[2]))


def _d_exiles(x: _Ctx, a: Action) -> str:
    """The Exiles and Partisans deck's actions."""
    k = str(a[0])
    if k == "sabotage":
        return _t(k, card=card_name(int(a[2])), faction=x.faction(a[1]))
    if k in ("swap-meet", "charm"):
        return _t(k, faction=x.faction(a[1]))
    if k == "false-orders":
        return _t(k, faction=x.faction(a[1]), o=x.c(a[2]), d=x.c(a[3]))
    if k == "propaganda":
        return _t(k, card=card_name(int(a[1])), c=x.c(a[2]), faction=x.faction(a[3]))
    if k == "league":
        return _t(f"league.{a[1]}")
    if k in ("informants", "give"):
        return _t(x.msg(k), card=card_name(int(a[1])))
    return _t(k)


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
    if x.frame == "ally_ops":
        return _t("recruit@ally_ops", c=x.c(a[1]))
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
    if len(a) == 1 and f"{kind}.hidden" in TEXT:  # a card others may not see (1.2.1)
        return _t(f"{kind}.hidden")
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
        forge = a[0] == "forge"
        effect = _t("effect.forge" if forge else "effect.item", item=item_name(c.item),
                    vp=vp_text(vp))
    elif c.kind == "persistent":
        effect = _t("effect.persistent")
    else:
        effect = _t("effect.favor", suit=suit_name(c.suit))
    text = _t("craft", card=card_name(cid), effect=effect)
    if len(a) > 2:
        suits = "+".join(suit_name(str(s)) for s in a[2:])
        text = _t("paying", text=text, suits=suits)
    return text


def _d_landmark(x: _Ctx, a: Action) -> str:
    return _t("landmark", landmark=landmark_name(str(a[1])), c=x.c(a[2]))


def _d_black_market(x: _Ctx, a: Action) -> str:
    place = str(a[1])
    where = pgettext("market place", MARKET_PLACE_NAMES.get(place, place))
    return _t("black-market", card=card_name(int(a[2])), place=where)


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


def _d_open_path(x: _Ctx, a: Action) -> str:
    return _t("open-path", a=int(a[1]), b=int(a[2]), card=card_name(int(a[3])))


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


def _next_sympathy(x: _Ctx) -> tuple[int, int]:
    """(cost, VP) of the next sympathy token of the Alliance deciding now (8.4.2)."""
    from .factions.alliance import SYMPATHY, SYMPATHY_COST, SYMPATHY_VP

    seat = x.seat()
    placed = SYMPATHY - int(getattr(x.g.fs[seat], "sympathy", SYMPATHY)) if seat is not None else 0
    placed = min(placed, len(SYMPATHY_COST) - 1)
    return SYMPATHY_COST[placed], SYMPATHY_VP[placed]


def _d_spread(x: _Ctx, a: Action) -> str:
    from .factions.alliance import spread_cost

    seat = x.seat()
    c = int(a[1])
    n = spread_cost(x.g, seat, c) if seat is not None else _next_sympathy(x)[0]
    vp = vp_text(_next_sympathy(x)[1])
    return _t("spread", c=x.c(c), supporters=supporters_text(n), vp=vp)


def _d_organize(x: _Ctx, a: Action) -> str:
    return _t("organize", c=x.c(a[1]), vp=vp_text(_next_sympathy(x)[1]))


def _d_clearing(x: _Ctx, a: Action) -> str:
    return _t(str(a[0]), c=x.c(a[1]))


def _d_base(x: _Ctx, a: Action) -> str:
    return _t("base@ally_revolt_base", suit=suit_name(str(a[1])))


def _d_resolve(x: _Ctx, a: Action) -> str:
    kind, seat, _ = x.g.stack[-1].data["pending"][int(a[1]) - 1]
    return _t("resolve", effect=prompt_text(kind), faction=x.faction(seat))


def place_text(g: GameState, loc: int) -> str:
    """A clearing, or the forest touching some clearings (the Vagabond's pawn)."""
    from .factions.vagabond import FOREST_BASE, forest_index

    if loc < FOREST_BASE:
        return clearing_name(g.map, loc)
    f = load_board(g.map).forests[forest_index(loc)]
    return _t("forest.place", clearings=", ".join(str(c) for c in f.clearings))


def _d_vagabond(x: _Ctx, a: Action) -> str:
    """The Vagabond's actions (9.3-9.6, Appendix V)."""
    from .factions.vagabond import QUESTS, forest_index
    from .factions.vagabond_day import move_cost

    k = str(a[0])
    if k == "character":
        return _t("character", character=pgettext("character", CHARACTER_NAMES[str(a[1])]))
    if k == "forest":
        f = load_board(x.g.map).forests[forest_index(int(a[1]))]
        return _t("forest", clearings=", ".join(str(c) for c in f.clearings))
    if k == "refresh":
        return _t("refresh.damaged" if len(a) > 2 else "refresh", item=item_name(str(a[1])))
    if k == "slip":
        return _t("slip", place=place_text(x.g, int(a[1])))
    if k == "move" and (x.frame in ("vb_actions", "vb_card_move") or len(a) == 2):
        seat = x.seat()
        boots = move_cost(x.g, seat, int(a[1])) if seat is not None else 1
        return _t("move@vb_actions", c=x.c(a[1]), boots=boots)
    if k == "ally":
        return _t("ally", warriors=warriors_text(int(a[2])), faction=x.faction(a[1]))
    if k == "battle":
        return _t("battle.ally", c=x.c(a[1]), defender=x.faction(a[2]), ally=x.faction(a[3]))
    if k == "aid":
        return _t("aid", faction=x.faction(a[1]), card=card_title(int(a[2])))
    if k in ("exhaust", "take"):
        return _t(k, item=item_name(str(a[1])))
    if k == "quest":
        _name, _suit, (i1, i2) = QUESTS[int(a[1])]
        return _t("quest", quest=quest_name(int(a[1])), item1=item_name(i1),
                  item2=item_name(i2))
    if k == "reward":
        suit = x.data().get("suit", "")
        return _t("reward.vp" if a[1] == "vp" else "reward.draw", suit=suit_name(suit))
    if k == "strike":
        if len(a) > 2:
            return _t("strike.piece", faction=x.faction(a[1]), piece=piece_name(str(a[2])))
        return _t("strike", faction=x.faction(a[1]))
    if k in ("repair", "damage", "remove"):
        msg = x.msg(k)
        state = pgettext("item state", ITEM_STATE_NAMES[str(a[2])])
        return _t(msg, item=item_name(str(a[1])), state=state)
    if k == "steal":
        return _t("steal", faction=x.faction(a[1]))
    if k == "day-labor":
        return _t("day-labor", card=card_title(int(a[1])))
    if k == "coalition":
        return _t("coalition", card=card_name(int(a[1])), faction=x.faction(a[2]))
    return ""


_VAGABOND_KINDS = (
    "character", "forest", "refresh", "slip", "ally", "aid", "exhaust", "take", "quest",
    "reward", "strike", "repair", "damage", "steal", "day-labor", "coalition",
)


def _d_move_any(x: _Ctx, a: Action) -> str:
    if x.frame in ("vb_actions", "vb_card_move") or len(a) == 2:  # his Move (9.5.1)
        return _d_vagabond(x, a)
    return _d_move(x, a)


def _d_battle_any(x: _Ctx, a: Action) -> str:
    return _d_vagabond(x, a) if len(a) > 3 and x.frame == "vb_actions" else _d_battle(x, a)


def _d_remove_any(x: _Ctx, a: Action) -> str:
    return _d_vagabond(x, a) if x.frame == "vb_capacity" else _d_remove(x, a)


_DESCRIBERS: dict[str, Describer] = {
    "revolt": _d_clearing,
    "base": _d_base,
    "spread": _d_spread,
    "organize": _d_organize,
    "spend": _d_card,
    "mobilize": _d_card,
    "train": _d_card,
    "outrage": _d_card,
    "discard-supporter": _d_card,
    "show-hand": _d_simple,
    "cannot": _d_simple,
    "resolve": _d_resolve,
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
    "count": _d_count,
    "march": _d_march,
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
    "forge": _d_craft,
    "landmark": _d_landmark,
    "black-market": _d_black_market,
    "wood": _d_wood,
    "tax-collector": _d_tax,
    "codebreakers": _d_seat,
    "enlist": _d_seat,
    "stand-and-deliver": _d_seat,
    "draw-with": _d_seat,
    "take-dominance": _d_take_dominance,
    "open-path": _d_open_path,
    "royal-claim": _d_royal_claim,
    **{
        k: _d_exiles
        for k in (
            "sabotage", "swap-meet", "charm", "false-orders", "propaganda", "league",
            "informants", "give", "emigre-fails", "partisans",
        )
    },
    "roost": _d_roost,
    "turmoil": _d_turmoil,
    "first": _d_first,
    **{k: _d_vagabond for k in _VAGABOND_KINDS},
    "move": _d_move_any,
    "battle": _d_battle_any,
    "remove": _d_remove_any,
    "alone": _d_simple,
    "explore": _d_simple,
    "hideout": _d_simple,
    "ally-warrior": _d_simple,
}


# --- The engine's explanations, translated at the edge ------------------------------------
# The engine says why an action is illegal in English (game.explain). These are the English
# patterns of those sentences (kept identical to the engine's f-strings); a placeholder's
# value is translated by its name: card, suit/suit2, col/cols, kind, item, cardkind, prompt,
# who (a faction), cost (suits joined by "+"), why (another explanation); others are kept.
# TRANSLATORS: explanations of illegal actions; numbers in parentheses are sections of the
# Law of Root. {token} is an action token such as "move 3 7", keep it as it is.
REASONS: tuple[str, ...] = (
    N_("'{token}' is legal"),
    N_("the game is over"),
    N_("'{token}' is not legal now: {who} must decide '{prompt}', which takes: {kinds}"),
    N_("'{token}' is not legal now: it is not one of the {n} legal actions"),
    N_("'{token}' is not legal now: '{prompt}' offers {choices} here, not {value}"),
    N_("'{token}' is not legal now: {why}"),
    N_("it is not seat {seat}'s decision: seat {other} ({who}) decides now"),
    N_("empty action token"),
    N_("an action token starts with a word such as 'move', not {word}"),
    N_("number {word} in the token is too large"),
    N_("{word} is neither a number nor a word"),
    N_("there is no clearing {n} on this map"),
    # The Woodland Alliance (8) and the Vagabond (9).
    N_("you hold a card matching the clearing (or a bird): you must add it (8.2.6)"),
    N_("Outrage takes a card from your hand matching the clearing, or a bird (8.2.6)"),
    N_("there is no clearing {c}"),
    N_("clearing {c} is not sympathetic (8.4.1.I)"),
    N_("clearing {c} already has a base (8.4.1.I)"),
    N_("your {suit} base is already on the map (8.4.1.I)"),
    N_("you need two supporters (8.4.1.II)"),
    N_("you need two supporters matching {suit} (8.4.1.II)"),
    N_("clearing {c} already has a sympathy token (8.2.5.I)"),
    N_("clearing {c} is not adjacent to a sympathetic clearing (8.4.2.I)"),
    N_("you cannot place pieces in clearing {c} (6.2.2 The Keep)"),
    N_(
        "sympathy there costs {n} supporters matching {suit} with Martial Law "
        "(8.4.2.II.a) (8.4.2.II)"
    ),
    N_("sympathy there costs {n} supporters matching {suit} (8.4.2.II)"),
    N_("you have no warrior in supply to train as an officer (8.5.3)"),
    N_("train with a card matching the clearing of one of your bases (8.5.3)"),
    N_("that card is not in your hand"),
    N_("you have taken as many operations as you have officers (8.6.1)"),
    N_("recruit places a warrior in a clearing with one of your bases (8.6.1.III)"),
    N_("clearing {c} is already sympathetic (8.6.1.IV)"),
    N_("organize removes one of your warriors from clearing {c} (8.6.1.IV)"),
    N_("you have no face-up undamaged {item} to exhaust (9.5)"),
    N_("you are in a forest: this action needs a clearing (9.5)"),
    N_("moving into a clearing with Hostile warriors costs an extra boot (9.2.9.3.2)"),
    N_("there is no ruin with an item in your clearing (9.5.3)"),
    N_("that is not your character's special action (9.5.9)"),
    N_("clearing {o} is {suit}, and this move must start in a {suit2} clearing"),
    N_("you have no warriors in clearing {o} (4.2)"),
    N_("clearings {o} and {d} are not joined by a path (4.2)"),
    N_("you rule neither clearing {o} nor clearing {d} (4.2.1)"),
    N_("{card} is not in your hand"),
    N_("{card} is an {cardkind} card and can never be crafted (2.1.2-2.1.3)"),
    N_("no {item} is left in the item supply (4.1.2)"),
    N_("you already have {card} in your play area (4.1.4)"),
    N_("you lack unused crafting pieces for {card}'s cost {cost} (4.1.1)"),
    N_("no actions left this Daylight (6.5); spend a bird card for one more"),
    N_("the Marquise recruit only once per turn (6.5.3)"),
    N_("you have no recruiter on the map (6.5.3)"),
    N_("you have no warrior in supply to recruit (6.5.3, 1.5.1)"),
    N_("the Marquise build sawmills, workshops and recruiters, not {word}"),
    N_("there is no clearing {n}"),
    N_("all six {kind}s are already on the map"),
    N_("you do not rule clearing {c} (6.5.4.I)"),
    N_("clearing {c} has no open building slot (2.2.3)"),
    N_("the next {kind} costs {n} wood, more than you can reach from {c} (6.5.4.II)"),
    N_("you must add at least one card to the Decree (7.4.2)"),
    N_("at most one of the cards you add to the Decree may be a bird (7.4.2)"),
    N_("the Decree's columns are {cols}"),
    N_("the Decree is resolved left to right; now the {col} column (7.5.2)"),
    N_("no unresolved {suit} card is left in the {col} column"),
    N_("clearing {c} does not match the {suit} card (7.5.2)"),
    N_("you do not rule clearing {c} (7.5.2.IV)"),
    N_("clearing {c} already has a roost (7.5.2.IV)"),
    N_("you have no roost in clearing {c} to recruit at (7.5.2.I)"),
    N_(
        "resolving any card that cannot be carried out leads to the same turmoil; "
        "it is offered as '{token}'"
    ),
    N_("you may fall into turmoil only by resolving a card that cannot be carried out"),
)

_FIELD = re.compile(r"\{(\w+)\}")


@cache
def _reason_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    out = []
    for template in REASONS:
        parts = _FIELD.split(template)
        rx = "".join(
            re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts)
        )
        out.append((re.compile(rx + r"\Z", re.DOTALL), template))
    return tuple(out)


@cache
def _english_card_names() -> dict[str, int]:
    return {c.name: c.id for c in DECK}


def _reason_value(name: str, value: str) -> str:
    if name == "why":
        return translate_reason(value)
    if name == "card":
        cid = _english_card_names().get(value)
        if cid is None:
            return value
        return card_name(cid) if DECK[cid].kind == "dominance" else card_title(cid)
    if name in ("suit", "suit2"):
        return suit_name(value)
    if name == "col":
        return column_name(value)
    if name == "cols":
        return ", ".join(column_name(c.strip()) for c in value.split(","))
    if name == "kind":
        return piece_name(value)
    if name == "item":
        return item_name(value)
    if name == "cardkind":
        return card_kind_name(value)
    if name == "cost":
        return "+".join(suit_name(s) for s in value.split("+"))
    if name == "who":  # inside a sentence: "debe decidir el Nido", "quem decide é as Rapinas"
        return faction_in_sentence(value)
    if name == "prompt":
        return gettext(value)
    return value


def translate_reason(text: str, lang: str | None = None) -> str:
    """An explanation from the engine (``game.explain``, an ``IllegalAction``) in ``lang``
    (default: the current language). Text that matches no known pattern is kept."""
    with language(lang):
        for rx, template in _reason_patterns():
            m = rx.match(text)
            if m is not None:
                values = {k: _reason_value(k, v) for k, v in m.groupdict().items()}
                try:
                    return gettext(template).format(**values)
                except (KeyError, IndexError, ValueError):
                    return text
        return text
