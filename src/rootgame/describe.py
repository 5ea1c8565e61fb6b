"""Readable text for every action the engine can offer: ``describe(state, action)``.

All text of the descriptions lives in the tables at the top of this module (``TEXT`` and the
name tables), keyed by message ids. The values are the English messages; every lookup goes
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
from collections.abc import Callable, Iterable
from functools import cache
from typing import Any

from .actions import Action, token
from .board import Board, load_board
from .cards import DECK
from .factions.marquise import COST, PER_TRACK, VP
from .flow import FACTIONS, PROMPTS
from .i18n import (
    N_,
    InSentence,
    Nnp_,
    Np_,
    gettext,
    language,
    ngettext,
    npgettext,
    pgettext,
)
from .rules.core import board, ruled_count
from .state import GameState

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

# TRANSLATORS: in these messages {c}, {o} and {d} are clearing labels such as "5 (rabbit)"
# (the number and suit of a clearing); the word "clearing" is part of each message, so that
# it can take the right grammatical case. {card} is a card name such as "Anvil (fox)".
TEXT: dict[str, str] = {
    # Pieces of text used inside other messages.
    # TRANSLATORS: a clearing's label: its number and suit.
    "clearing.label": N_("{n} ({suit})"),
    "clearing": N_("clearing {clearing}"),
    # TRANSLATORS: a card's name with its suit, e.g. "Anvil (fox)".
    "card": N_("{name} ({suit})"),
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
    return _t("card", name=card_title(cid), suit=suit_name(suit))


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
        return _t("clearing.label", n=c, suit=suit_name(b.suit[c]))
    return str(c)


def clearing_name(map_name: str | Board, c: int) -> str:
    """"clearing 5 (rabbit)"."""
    return _t("clearing", clearing=clearing_label(map_name, c))


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
        return _t("clearing", clearing=clearing_label(g.map, loc))
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
    N_("you are in a forest: there you can only move to an adjacent clearing (9.5)"),
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
