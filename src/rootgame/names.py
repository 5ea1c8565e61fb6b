"""The names of things in the current language: factions, suits, maps, cards, pieces, items,
leaders, quests, landmarks, phases and steps, and the prompts of decisions.

Each name table maps an engine key to its English name, marked for extraction with ``Np_``
and looked up in one msgctxt (the first argument of ``Np_``) when the name is shown, so the
same tables speak English, Polish, Spanish or Portuguese (``rootgame.i18n``; the terms are in
docs/glossary.md). The functions (``faction_name``, ``card_name``, ``clearing_name``...) give
a key's name, or the key itself when it has none; ``reason_text`` gives a bot's reason with
its suits and Decree columns named. ``describe`` (the sentences of actions), ``render``,
``log_text``, the CLI and the web app all name things through this module, so they say the
same.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .board import Board, load_board
from .cards import DECK
from .flow import PROMPTS
from .i18n import (
    N_,
    InSentence,
    Nnp_,
    Np_,
    gettext,
    ngettext,
    npgettext,
    pgettext,
)

# --- The text (one place) -----------------------------------------------------------------
# Each name table is looked up in one msgctxt (the first argument of ``Np_``).

FACTION_NAMES: dict[str, str] = {
    "marquise": Np_("faction", "Marquise de Cat"),
    "eyrie": Np_("faction", "Eyrie Dynasties"),
    "alliance": Np_("faction", "Woodland Alliance"),
    "vagabond": Np_("faction", "Vagabond"),
    "electric-eyrie": Np_("faction", "Electric Eyrie"),
    "mechanical-marquise": Np_("faction", "Mechanical Marquise 2.0"),
    "automated-alliance": Np_("faction", "Automated Alliance"),
    "vagabot": Np_("faction", "Vagabot"),
}
FACTION_SHORT_NAMES: dict[str, str] = {
    "marquise": Np_("faction short", "Marquise"),
    "eyrie": Np_("faction short", "Eyrie"),
    "alliance": Np_("faction short", "Alliance"),
    "vagabond": Np_("faction short", "Vagabond"),
    "electric-eyrie": Np_("faction short", "Electric Eyrie"),
    "mechanical-marquise": Np_("faction short", "Mechanical Marquise"),
    "automated-alliance": Np_("faction short", "Automated Alliance"),
    "vagabot": Np_("faction short", "Vagabot"),
}
# TRANSLATORS: a faction's name inside a sentence, where English puts "the" before it
# ("battle the Eyrie Dynasties"). In Spanish and Portuguese the name carries its article, in
# lower case ("el Nido", "la Alianza", "as Rapinas", "o Malandro"), and the sentences never
# write one before it: "de {other}" becomes "del Nido", "das Rapinas" by itself (i18n.fill).
# Polish: the name in the nominative; write the sentences so that it fits (apposition).
FACTION_SENTENCE_NAMES: dict[str, str] = {
    "marquise": Np_("faction in a sentence", "Marquise de Cat"),
    "eyrie": Np_("faction in a sentence", "Eyrie Dynasties"),
    "alliance": Np_("faction in a sentence", "Woodland Alliance"),
    "vagabond": Np_("faction in a sentence", "Vagabond"),
    "electric-eyrie": Np_("faction in a sentence", "Electric Eyrie"),
    "mechanical-marquise": Np_("faction in a sentence", "Mechanical Marquise 2.0"),
    "automated-alliance": Np_("faction in a sentence", "Automated Alliance"),
    "vagabot": Np_("faction in a sentence", "Vagabot"),
}
TRAIT_NAMES: dict[str, str] = {
    "nobility": N_("Nobility"),
    "relentless": N_("Relentless"),
    "swoop": N_("Swoop"),
    "war-tax": N_("War Tax"),
    "focused": N_("Focused"),
    "blitz": N_("Blitz"),
    "fortified": N_("Fortified"),
    "hospitals": N_("Hospitals"),
    "iron-will": N_("Iron Will"),
    "overwhelming": N_("Overwhelming"),
    "informants": N_("Informants"),
    "popularity": N_("Popularity"),
    "veterans": N_("Veterans"),
    "wildfire": N_("Wildfire"),
    "steadfast": N_("Steadfast"),
    "adventurer": N_("Adventurer"),
    "berserker": N_("Berserker"),
    "helper": N_("Helper"),
    "marksman": N_("Marksman"),
    "questing": N_("Questing"),
}
"""The Clockwork bots' trait cards (Law of Rootbotics 3.3)."""
DIFFICULTY_NAMES: dict[str, str] = {
    "easy": N_("Easy"),
    "default": N_("Default"),
    "challenging": N_("Challenging"),
    "nightmare": N_("Nightmare"),
}
"""The Clockwork bots' difficulties (Law of Rootbotics 3.3)."""
SUIT_NAMES: dict[str, str] = {
    "fox": Np_("suit", "fox"),
    "rabbit": Np_("suit", "rabbit"),
    "mouse": Np_("suit", "mouse"),
    "bird": Np_("suit", "bird"),
}
MAP_NAMES: dict[str, str] = {
    "autumn": Np_("map", "Autumn"),
    "winter": Np_("map", "Winter"),
    "lake": Np_("map", "Lake"),
    "mountain": Np_("map", "Mountain"),
}
SUIT_LAYOUT_NAMES: dict[str, str] = {
    "printed": Np_("suit layout", "the printed suits"),
    "suggested": Np_("suit layout", "the suggested layout"),
    "random": Np_("suit layout", "suit markers dealt at random"),
}
"""The ways to lay out a map's suits (board.SUIT_CHOICES, appendix A step 1)."""
DECK_NAMES: dict[str, str] = {
    "base": Np_("deck", "the base deck"),
    "exiles": Np_("deck", "the Exiles and Partisans deck"),
}
LEADER_NAMES: dict[str, str] = {
    "builder": Np_("leader", "Builder"),
    "charismatic": Np_("leader", "Charismatic"),
    "commander": Np_("leader", "Commander"),
    "despot": Np_("leader", "Despot"),
}
CHARACTER_NAMES: dict[str, str] = {
    "thief": Np_("character", "Thief"),
    "tinker": Np_("character", "Tinker"),
    "ranger": Np_("character", "Ranger"),
    "vagrant": Np_("character", "Vagrant"),
    "scoundrel": Np_("character", "Scoundrel"),
    "arbiter": Np_("character", "Arbiter"),
}
# TRANSLATORS: the side of a Vagabond's item: face up (ready) or face down (exhausted),
# undamaged or in the Damaged box.
ITEM_STATE_NAMES: dict[str, str] = {
    "up": Np_("item state", "face up"),
    "down": Np_("item state", "exhausted"),
    "damaged-up": Np_("item state", "damaged, face up"),
    "damaged-down": Np_("item state", "damaged, exhausted"),
}
COLUMN_NAMES: dict[str, str] = {
    "recruit": Np_("decree column", "Recruit"),
    "move": Np_("decree column", "Move"),
    "battle": Np_("decree column", "Battle"),
    "build": Np_("decree column", "Build"),
}
PIECE_NAMES: dict[str, str] = {
    "sawmill": Np_("piece", "sawmill"),
    "workshop": Np_("piece", "workshop"),
    "recruiter": Np_("piece", "recruiter"),
    "roost": Np_("piece", "roost"),
    "wood": Np_("piece", "wood"),
    "keep": Np_("piece", "keep"),
    "ruin": Np_("piece", "ruin"),
    # TRANSLATORS: the Vagabot Scoundrel's item covering a building slot (LR 7.7.5).
    "item": Np_("piece", "Vagabot's item"),
    "warrior": Np_("piece", "warrior"),
    "base": Np_("piece", "base"),
    "sympathy": Np_("piece", "sympathy token"),
    "pawn": Np_("piece", "pawn"),
}
PIECE_COUNTS: dict[str, tuple[str, str]] = {
    "sawmill": Nnp_("piece", "{n} sawmill", "{n} sawmills"),
    "workshop": Nnp_("piece", "{n} workshop", "{n} workshops"),
    "recruiter": Nnp_("piece", "{n} recruiter", "{n} recruiters"),
    "roost": Nnp_("piece", "{n} roost", "{n} roosts"),
    "wood": Nnp_("piece", "{n} wood", "{n} wood"),
    "keep": Nnp_("piece", "{n} keep", "{n} keeps"),
    "ruin": Nnp_("piece", "{n} ruin", "{n} ruins"),
    "warrior": Nnp_("piece", "{n} warrior", "{n} warriors"),
    "base": Nnp_("piece", "{n} base", "{n} bases"),
    "sympathy": Nnp_("piece", "{n} sympathy token", "{n} sympathy tokens"),
}
QUEST_NAMES: dict[str, str] = {
    "Errand": Np_("quest", "Errand"),
    "Escort": Np_("quest", "Escort"),
    "Expel Bandits": Np_("quest", "Expel Bandits"),
    "Fend off a Bear": Np_("quest", "Fend off a Bear"),
    "Fundraising": Np_("quest", "Fundraising"),
    "Give a Speech": Np_("quest", "Give a Speech"),
    "Guard Duty": Np_("quest", "Guard Duty"),
    "Logistics Help": Np_("quest", "Logistics Help"),
    "Repair a Shed": Np_("quest", "Repair a Shed"),
}
"""The Vagabond's quest cards (9.2.9 and the quest deck), by their English name."""
LANDMARK_NAMES: dict[str, str] = {
    "forge": Np_("landmark", "Legendary Forge"),
    "lost-city": Np_("landmark", "Lost City"),
    "black-market": Np_("landmark", "Black Market"),
    "elder-treetop": Np_("landmark", "Elder Treetop"),
    "tower": Np_("landmark", "Tower"),
    "ferry": Np_("landmark", "Ferry"),
}
"""The landmarks (appendix L; docs/glossary.md)."""
MARKET_PLACE_NAMES: dict[str, str] = {
    "left": Np_("market place", "left"),
    "middle": Np_("market place", "middle"),
    "right": Np_("market place", "right"),
}
"""The places of the Black Market's face-down cards."""

ITEM_NAMES: dict[str, str] = {
    "boot": Np_("item", "boot"),
    "bag": Np_("item", "bag"),
    "crossbow": Np_("item", "crossbow"),
    "hammer": Np_("item", "hammer"),
    "sword": Np_("item", "sword"),
    "tea": Np_("item", "tea"),
    "coins": Np_("item", "coins"),
    "torch": Np_("item", "torch"),
}
CARD_KIND_NAMES: dict[str, str] = {
    "ambush": Np_("card kind", "ambush"),
    "dominance": Np_("card kind", "dominance"),
    "persistent": Np_("card kind", "persistent"),
    "item": Np_("card kind", "item"),
    "favor": Np_("card kind", "favor"),
}
# Card names by the first part of the card key (cards.py); "Dominance" takes its suit.
CARD_NAMES: dict[str, str] = {
    "a-visit-to-friends": Np_("card", "A Visit to Friends"),
    "ambush": Np_("card", "Ambush!"),
    "anvil": Np_("card", "Anvil"),
    "armorers": Np_("card", "Armorers"),
    "arms-trader": Np_("card", "Arms Trader"),
    "bake-sale": Np_("card", "Bake Sale"),
    "better-burrow-bank": Np_("card", "Better Burrow Bank"),
    "birdy-bindle": Np_("card", "Birdy Bindle"),
    "brutal-tactics": Np_("card", "Brutal Tactics"),
    "cobbler": Np_("card", "Cobbler"),
    "codebreakers": Np_("card", "Codebreakers"),
    "command-warren": Np_("card", "Command Warren"),
    "crossbow": Np_("card", "Crossbow"),
    "dominance": Np_("card", "Dominance"),
    "favor-of-the-foxes": Np_("card", "Favor of the Foxes"),
    "favor-of-the-mice": Np_("card", "Favor of the Mice"),
    "favor-of-the-rabbits": Np_("card", "Favor of the Rabbits"),
    "foxfolk-steel": Np_("card", "Foxfolk Steel"),
    "gently-used-knapsack": Np_("card", "Gently Used Knapsack"),
    "investments": Np_("card", "Investments"),
    "mouse-in-a-sack": Np_("card", "Mouse-in-a-Sack"),
    "protection-racket": Np_("card", "Protection Racket"),
    "root-tea": Np_("card", "Root Tea"),
    "royal-claim": Np_("card", "Royal Claim"),
    "sappers": Np_("card", "Sappers"),
    "scouting-party": Np_("card", "Scouting Party"),
    "smugglers-trail": Np_("card", "Smuggler's Trail"),
    "stand-and-deliver": Np_("card", "Stand and Deliver!"),
    "sword": Np_("card", "Sword"),
    "tax-collector": Np_("card", "Tax Collector"),
    "travel-gear": Np_("card", "Travel Gear"),
    "woodland-runners": Np_("card", "Woodland Runners"),
    # The Exiles and Partisans deck's own cards.
    "boat-builders": Np_("card", "Boat Builders"),
    "charm-offensive": Np_("card", "Charm Offensive"),
    "coffin-makers": Np_("card", "Coffin Makers"),
    "corvid-planners": Np_("card", "Corvid Planners"),
    "eyrie-emigre": Np_("card", "Eyrie Emigre"),
    "false-orders": Np_("card", "False Orders"),
    "fox-partisans": Np_("card", "Fox Partisans"),
    "informants": Np_("card", "Informants"),
    "league-of-adventurous-mice": Np_("card", "League of Adventurous Mice"),
    "master-engravers": Np_("card", "Master Engravers"),
    "mouse-partisans": Np_("card", "Mouse Partisans"),
    "murine-broker": Np_("card", "Murine Broker"),
    "propaganda-bureau": Np_("card", "Propaganda Bureau"),
    "rabbit-partisans": Np_("card", "Rabbit Partisans"),
    "saboteurs": Np_("card", "Saboteurs"),
    "soup-kitchens": Np_("card", "Soup Kitchens"),
    "swap-meet": Np_("card", "Swap Meet"),
    "tunnels": Np_("card", "Tunnels"),
}
VIZIER_NAME = Np_("card", "Loyal Vizier")
PHASE_NAMES: dict[str, str] = {
    "setup": Np_("phase", "Setup"),
    "birdsong": Np_("phase", "Birdsong"),
    "daylight": Np_("phase", "Daylight"),
    "evening": Np_("phase", "Evening"),
    "over": Np_("phase", "Game over"),
}
# The steps of a turn (rules/turn.py and the factions' *_steps).
STEP_NAMES: dict[str, str] = {
    "start": Np_("step", "start"),
    "cards": Np_("step", "cards"),
    "late_cards": Np_("step", "late cards"),
    "emergency_orders": Np_("step", "Emergency Orders"),
    "add_to_decree": Np_("step", "add to the Decree"),
    "new_roost": Np_("step", "A New Roost"),
    "craft": Np_("step", "craft"),
    "decree": Np_("step", "resolve the Decree"),
    "score_roosts": Np_("step", "score roosts"),
    "draw": Np_("step", "draw"),
    "wood": Np_("step", "place wood"),
    "actions": Np_("step", "actions"),
    "revolt": Np_("step", "Revolt"),
    "spread": Np_("step", "Spread Sympathy"),
    "operations": Np_("step", "Military Operations"),
    "refresh": Np_("step", "Refresh"),
    "slip": Np_("step", "Slip"),
    "rest": Np_("step", "Rest"),
    "capacity": Np_("step", "check item capacity"),
}

# Pieces of text used inside other names and in the sentences of ``describe.TEXT``. The
# translators read the comment on those sentences' placeholders with the first of these.
# TRANSLATORS: in these messages {c}, {o} and {d} are clearing labels such as "5 (rabbit)"
# (the number and suit of a clearing); the word "clearing" is part of each message, so that
# it can take the right grammatical case. {card} is a card name such as "Anvil (fox)".
LABELS: dict[str, str] = {
    # TRANSLATORS: a clearing's label: its number and suit.
    "clearing.label": N_("{n} ({suit})"),
    "clearing": N_("clearing {clearing}"),
    # TRANSLATORS: a card's name with its suit, e.g. "Anvil (fox)".
    "card": N_("{name} ({suit})"),
}


def _label(msg: str, **kw: Any) -> str:
    return gettext(LABELS[msg]).format(**kw)


# --- Names of things ---------------------------------------------------------------------


def faction_name(faction: str) -> str:
    return pgettext("faction", FACTION_NAMES[faction]) if faction in FACTION_NAMES else faction


def faction_short_name(faction: str) -> str:
    if faction not in FACTION_SHORT_NAMES:
        return faction
    return pgettext("faction short", FACTION_SHORT_NAMES[faction])


def faction_in_sentence(faction: str) -> InSentence:
    """A faction's name inside a sentence, with its article in Spanish and Portuguese ("el
    Nido", "as Rapinas"): formatted into a translated message, a preposition before it is
    contracted ("del Nido", "das Rapinas") and it is capitalised at the start of the sentence
    (``i18n.fill``)."""
    if faction not in FACTION_SENTENCE_NAMES:
        return InSentence(faction)
    return InSentence(pgettext("faction in a sentence", FACTION_SENTENCE_NAMES[faction]))


def factions_in_sentence(factions: Iterable[str]) -> InSentence:
    """Several factions inside a sentence, as a list ("el Nido, la Alianza"); a preposition
    before the list is contracted with the first name's article."""
    return InSentence(gettext(", ").join(faction_in_sentence(f) for f in factions))


def suit_name(suit: str) -> str:
    return pgettext("suit", SUIT_NAMES[suit]) if suit in SUIT_NAMES else suit


def map_name(name: str) -> str:
    return pgettext("map", MAP_NAMES[name]) if name in MAP_NAMES else name


def deck_name(deck: str) -> str:
    return pgettext("deck", DECK_NAMES[deck]) if deck in DECK_NAMES else deck


def suit_layout_name(choice: str) -> str:
    if choice not in SUIT_LAYOUT_NAMES:
        return choice
    return pgettext("suit layout", SUIT_LAYOUT_NAMES[choice])


def leader_name(leader: str) -> str:
    return pgettext("leader", LEADER_NAMES[leader]) if leader in LEADER_NAMES else leader


def column_name(column: str) -> str:
    return pgettext("decree column", COLUMN_NAMES[column]) if column in COLUMN_NAMES else column


def reason_text(template: str, args: dict[str, Any]) -> str:
    """A bot's reason (bots.base.Reason) in the current language: its template translated,
    suits and Decree columns named."""
    named = dict(args)
    if isinstance(named.get("suit"), str):
        named["suit"] = suit_name(named["suit"])
    if isinstance(named.get("column"), str):
        named["column"] = column_name(named["column"])
    try:
        return gettext(template).format(**named)
    except (KeyError, IndexError, ValueError):
        return template


def phase_name(phase: str) -> str:
    return pgettext("phase", PHASE_NAMES[phase]) if phase in PHASE_NAMES else phase


def step_name(step: str) -> str:
    if step in STEP_NAMES:
        return pgettext("step", STEP_NAMES[step])
    return step.replace("_", " ")


def card_kind_name(kind: str) -> str:
    return pgettext("card kind", CARD_KIND_NAMES[kind]) if kind in CARD_KIND_NAMES else kind


def card_title(cid: int) -> str:
    """A card's name without its suit ("Anvil"); the Viziers are "Loyal Vizier"."""
    if cid < 0:
        return pgettext("card", VIZIER_NAME)
    c = DECK[cid]
    base = c.key.split(":")[0]
    if base in CARD_NAMES:
        return pgettext("card", CARD_NAMES[base])
    return c.name


def card_name(cid: int) -> str:
    """A card's name with its suit, e.g. "Ambush! (fox)"; the Viziers are "Loyal Vizier
    (bird)"; a dominance card is "Dominance (fox)"."""
    suit = "bird" if cid < 0 else DECK[cid].suit
    return _label("card", name=card_title(cid), suit=suit_name(suit))


def card_key_name(key: str) -> str:
    """The readable name of a card key (for views, which list persistent cards by key)."""
    for c in DECK:
        if c.key == key:
            return card_name(c.id)
    return key


def clearing_label(map_name: str | Board, c: int) -> str:
    """A clearing's number and suit, "5 (rabbit)" (used after the word "clearing"); ``map_name``
    is a map's name (its printed suits) or a game's board (``rules.core.board``: its suits)."""
    b = load_board(map_name) if isinstance(map_name, str) else map_name
    if 0 < c < len(b.suit):
        return _label("clearing.label", n=c, suit=suit_name(b.suit[c]))
    return str(c)


def clearing_name(map_name: str | Board, c: int) -> str:
    """"clearing 5 (rabbit)"."""
    return _label("clearing", clearing=clearing_label(map_name, c))


def warriors_text(n: int) -> str:
    return ngettext("{n} warrior", "{n} warriors", n).format(n=n)


def supporters_text(n: int) -> str:
    """``n`` supporters to spend (8.2.2)."""
    return ngettext("{n} supporter", "{n} supporters", n).format(n=n)


def vp_text(n: int) -> str:
    return ngettext("{n} VP", "{n} VP", n).format(n=n)


def wood_text(n: int) -> str:
    return npgettext("piece", "{n} wood", "{n} wood", n).format(n=n)


def cards_text(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def piece_name(kind: str) -> str:
    return pgettext("piece", PIECE_NAMES[kind]) if kind in PIECE_NAMES else kind


def piece_count(kind: str, n: int) -> str:
    """``n`` pieces of a kind: "2 sawmills", "1 wood"."""
    if kind not in PIECE_COUNTS:
        return f"{n} {kind}"
    one, many = PIECE_COUNTS[kind]
    return npgettext("piece", one, many, n).format(n=n)


def relationship_name(r: str) -> str:
    """The Vagabond's relationship with a faction (9.2.9): "hostile", "indifferent", "allied",
    or the space of the track it stands on."""
    names = {
        "hostile": pgettext("relationship", "Hostile"),
        "indifferent": pgettext("relationship", "Indifferent"),
        "allied": pgettext("relationship", "Allied"),
    }
    return names.get(r, pgettext("relationship", "on space {n}").format(n=r))


def quest_name(quest: int | str) -> str:
    """A quest card with its suit, "Expel Bandits (fox)", by its index in ``QUESTS`` or its
    key ("expel-bandits:fox", as the Vagabond's public board lists them)."""
    from .factions.vagabond import QUEST_KEYS, QUESTS

    if isinstance(quest, str):
        if quest not in QUEST_KEYS:
            return quest
        quest = QUEST_KEYS.index(quest)
    name, suit, _items = QUESTS[quest]
    title = pgettext("quest", QUEST_NAMES[name]) if name in QUEST_NAMES else name
    return f"{title} ({suit_name(suit)})"


def landmark_name(name: str) -> str:
    return pgettext("landmark", LANDMARK_NAMES[name]) if name in LANDMARK_NAMES else name


def item_name(item: str) -> str:
    return pgettext("item", ITEM_NAMES[item]) if item in ITEM_NAMES else item


def prompt_text(decision: str) -> str:
    """The prompt of a pending decision, translated (the engine registers it in English)."""
    return gettext(PROMPTS[decision]) if decision in PROMPTS else decision
