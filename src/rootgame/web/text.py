"""Text of the browser app, in the four languages (the gettext catalogs, like the rest).

``UI`` holds the words of the page itself (buttons, headings); the client asks for them once
per language (``/api/text/LANG``) together with the names of the game's things (factions,
cards, suits...), taken from names.py so that the browser and the terminal say the same.
``MESSAGES`` are the server's refusals; the engine's own explanations of an illegal action are
translated with ``describe.translate_reason``.
"""

from __future__ import annotations

import string
from typing import Any

from ..cards import DECK
from ..factions.vagabond import ALLIED, QUEST_KEYS
from ..flow import FACTIONS, PROMPTS
from ..i18n import LANGUAGE_NAMES, N_, gettext, language, pgettext
from ..names import (
    CHARACTER_NAMES,
    COLUMN_NAMES,
    DECK_NAMES,
    DIFFICULTY_NAMES,
    FACTION_NAMES,
    ITEM_NAMES,
    ITEM_STATE_NAMES,
    LANDMARK_NAMES,
    LEADER_NAMES,
    MAP_NAMES,
    PHASE_NAMES,
    PIECE_NAMES,
    STEP_NAMES,
    SUIT_LAYOUT_NAMES,
    SUIT_NAMES,
    TRAIT_NAMES,
    card_key_name,
    card_name,
    column_name,
    deck_name,
    faction_in_sentence,
    faction_name,
    faction_short_name,
    item_name,
    landmark_name,
    leader_name,
    map_name,
    phase_name,
    piece_name,
    quest_name,
    relationship_name,
    step_name,
    suit_layout_name,
    suit_name,
    vp_text,
)

_FORMATTER = string.Formatter()

UI: dict[str, str] = {
    "title": N_("Root in the browser"),
    "new_game": N_("New game"),
    "factions": N_("Factions and players"),
    "not_playing": N_("not playing"),
    "here": N_("a player at this screen"),
    "online": N_("an online player (own link)"),
    "bot": N_("bot: {name}"),
    "seed": N_("Seed (empty: random)"),
    "start": N_("Start the game"),
    "your_games": N_("Your games"),
    "no_games": N_("No games yet."),
    "your_turn": N_("your turn"),
    "waiting": N_("waiting"),
    "finished": N_("finished"),
    "open": N_("open"),
    "links": N_("Links to this game"),
    "link_for": N_("Link for {faction}"),
    "spectators": N_("Spectators (public information only)"),
    "keep_secret": N_("Each seat's link is secret: send it only to that player."),
    "watch_record": N_("Watch a record"),
    "upload": N_("Upload a record file"),
    "language": N_("Language"),
    "turn": N_("Turn {n}"),
    "decides": N_("{faction} decides: {prompt}"),
    "waiting_for": N_("Waiting for {faction}: {prompt}"),
    "spectating": N_("You are watching (public information only)"),
    "your_hand": N_("Your hand"),
    "cards_in_hand": N_("cards in hand"),
    "items": N_("Crafted items"),
    "persistent": N_("In play"),
    "discard": N_("Discard pile"),
    "draw_pile": N_("Draw pile"),
    "supply": N_("Item supply"),
    "actions": N_("Your legal actions"),
    "log": N_("Game log"),
    "undo": N_("Undo"),
    "clockwork_seat": N_("plays itself"),
    "cooperative": N_("Cooperative: the humans as a team against the Clockwork bots"),
    "cooperative_goal": N_("Each human must reach 30 VP before any bot does"),
    "difficulty": N_("Difficulty"),
    "traits": N_("Traits"),
    "order_card": N_("Order card"),
    "type_action": N_("Or type an action (as written after each one above) and try it:"),
    "try_action": N_("Try"),
    "download_record": N_("Download the record"),
    "download_rootlog": N_("Download Rootlog"),
    "cancel": N_("Cancel"),
    "handoff_title": N_("Pass the screen to the {faction}"),
    "handoff_text": N_("The other players look away: the next player's hand is hidden."),
    "handoff_button": N_("I play the {faction}: show my hand"),
    "connected": N_("live"),
    "reconnecting": N_("reconnecting..."),
    "winners": N_("Game over: {factions} win ({reason})"),
    "step_of": N_("Step {n} of {total}"),
    "first": N_("First"),
    "previous": N_("Previous"),
    "next": N_("Next"),
    "last": N_("Last"),
    "warriors_in_supply": N_("warriors in supply"),
    "wood_in_supply": N_("wood in supply"),
    "buildings_on_track": N_("buildings on the track"),
    "next_cost": N_("next building costs"),
    "actions_left": N_("actions left"),
    "keep": N_("keep"),
    "roosts_on_track": N_("roosts on the track"),
    "leader": N_("leader"),
    "face_up_leaders": N_("available leaders"),
    "face_down_leaders": N_("used leaders"),
    "decree": N_("Decree"),
    "officers": N_("officers"),
    "sympathy_on_track": N_("sympathy tokens on the track"),
    "bases_in_box": N_("bases not on the map"),
    "supporters": N_("supporters"),
    "supporters_limit": N_("supporters limit"),
    "next_sympathy_cost": N_("next sympathy costs"),
    "next_sympathy_vp": N_("next sympathy scores"),
    "operations_left": N_("operations left"),
    "character": N_("character"),
    "pawn": N_("pawn"),
    "board_items": N_("items"),
    "tracks": N_("item tracks"),
    "item_limit": N_("item limit"),
    "relationships": N_("relationships"),
    "aids_this_turn": N_("aided this turn"),
    "quests": N_("quests"),
    "completed_quests": N_("completed quests"),
    "quest_deck": N_("quest deck"),
    "ruins": N_("items in the ruins"),
    "removed_items": N_("items removed"),
    "clearing": N_("Clearing {c}"),
    "ruler": N_("ruled by {faction}"),
    "nobody": N_("nobody"),
    "map": N_("Map"),
    "suit_layout": N_("Suits"),
    "suits_default": N_("the map's default"),
    "deck": N_("Deck"),
    "landmarks": N_("Landmarks"),
    "no_landmark": N_("none"),
    "random_landmark": N_("dealt at random"),
    "closed_path": N_("Closed path {a}-{b}"),
    "ferry": N_("the Ferry"),
    "tower": N_("the tower"),
    "forge": N_("the Legendary Forge"),
    "lost_city": N_("the Lost City: fox, mouse and rabbit"),
    "black_market": N_("the Black Market: {n} cards face down"),
    "elder_treetop": N_("the Elder Treetop: one more building slot"),
    "pawn_of": N_("pawn of {faction}"),
    # The faction boards as the table draws them (reference.py gives their printed numbers).
    "building_tracks": N_("Building tracks"),
    "roost_track": N_("Roost track"),
    "sympathy_track": N_("Sympathy track"),
    "relationships_track": N_("Relationships"),
    "space_cost": N_("cost"),
    "draw_bonus": N_("+1 card"),
    "bases": N_("Bases"),
    "base_on_board": N_("on the board"),
    "base_in_clearing": N_("in clearing {c}"),
    "supporters_face_down": N_("Supporters (face down): {n}"),
    "supporters_of_limit": N_(
        "Supporters (face down): {n} of {limit} at most (no base on the map)"
    ),
    "your_supporters": N_("Your supporters"),
    "officers_count": N_("Officers: {n}"),
    "warriors_count": N_("Warriors in supply: {n}"),
    "wood_count": N_("Wood in supply: {n}"),
    "keep_at": N_("Keep: clearing {c}"),
    "keep_gone": N_("Keep: not on the map"),
    "actions_left_count": N_("Actions left: {n}"),
    "operations_left_count": N_("Military operations left: {n}"),
    "leader_now": N_("Leader: {leader}"),
    "leaders_used": N_("Used leaders: {leaders}"),
    "leaders_available": N_("Available leaders: {leaders}"),
    "pawn_in": N_("Pawn: {place}"),
    "pawn_off": N_("Pawn: not on the map"),
    "forest_place": N_("the forest touching clearings {clearings}"),
    "satchel": N_("Satchel"),
    "item_tracks": N_("Item tracks"),
    "item_limit_count": N_("Item limit: {n}"),
    "quests_available": N_("Quests available"),
    "quests_completed": N_("Quests completed"),
    "quest_deck_count": N_("Quest deck: {n}"),
    "aids_count": N_("aids this turn: {n}"),
    "ruin_items": N_("Items in the ruins: {ruins}"),
    "battle_track": N_("Battle Track"),
    "max_rolled_hits": N_("Maximum rolled hits: {n}"),
    "quest_now": N_("Quest: {quest}"),
    "removed_items_list": N_("Items removed from the game: {items}"),
}

MESSAGES: dict[str, str] = {
    "stale": N_(
        "this game has moved on: you acted on version {seen}, it is now at version {now}. "
        "The table now shows the present position; nothing was changed."
    ),
    "not_yours": N_("it is not your decision: the {faction} decides now"),
    "no_link": N_("no game has this link"),
    "no_game": N_("no game has this id"),
    "no_replay": N_("no uploaded record has this id"),
    "not_your_seat": N_("this link does not play seat {seat}"),
    "bot_seat": N_("a bot plays this seat"),
    "over": N_("the game is over"),
    "too_large": N_("the request is too large: {size} bytes, at most {limit}"),
    "bad_request": N_("bad request: {problem}"),
    "record_hidden": N_(
        "the record of a game in progress would show hidden cards; it can be downloaded "
        "once the game is over"
    ),
    "bad_record": N_("this record cannot be replayed: {problem}"),
    "server_error": N_("the server could not do this ({problem}); other games go on"),
    "no_undo": N_(
        "nothing to undo: there is no earlier decision of this seat, or a card was drawn, a "
        "die rolled or a hand seen since"
    ),
    "bad_step": N_("there is no step {step}: the record has steps 0 to {total}"),
    "no_rootlog": N_(
        "this game cannot be written in Rootlog ({problem}); its native record can be"
    ),
}


def message(key: str, lang: str | None, **kw: Any) -> str:
    with language(lang):
        return gettext(MESSAGES[key]).format(**kw)


SENTENCES_WITH_A_FACTION = ("decides", "waiting_for", "handoff_title", "handoff_button", "ruler")
"""The page's words that put one faction's name inside a sentence: the server fills that name
in (``i18n.fill`` contracts "a el" to "al", "de as" to "das"), leaving the other fields
("{prompt}") for the client."""


def _with_faction(key: str, faction: str) -> str:
    others = {k: "{" + k + "}" for _lit, k, _spec, _conv in _FORMATTER.parse(UI[key]) if k}
    others["faction"] = faction_in_sentence(faction)
    return gettext(UI[key]).format(**others)


def text_table(lang: str) -> dict[str, Any]:
    """Everything the client needs to speak ``lang``: the page's words and the names."""
    with language(lang):
        cards = {str(c.id): card_name(c.id) for c in DECK}
        cards["-1"] = cards["-2"] = card_name(-1)
        return {
            "lang": lang,
            "languages": dict(LANGUAGE_NAMES),
            "ui": {k: gettext(v) for k, v in UI.items()},
            "factions": {f: faction_name(f) for f in sorted(set(FACTIONS) | set(FACTION_NAMES))},
            "factions_short": {f: faction_short_name(f) for f in FACTION_NAMES},
            "factions_in_sentence": {f: faction_in_sentence(f) for f in FACTION_NAMES},
            "ui_faction": {
                key: {f: _with_faction(key, f) for f in FACTION_NAMES}
                for key in SENTENCES_WITH_A_FACTION
            },
            "cards": cards,
            "card_suits": {str(c.id): c.suit for c in DECK},
            "cardkeys": {c.key: card_key_name(c.key) for c in DECK},
            "suits": {s: suit_name(s) for s in SUIT_NAMES},
            "maps": {m: map_name(m) for m in MAP_NAMES},
            "suit_layouts": {x: suit_layout_name(x) for x in SUIT_LAYOUT_NAMES},
            "decks": {x: deck_name(x) for x in DECK_NAMES},
            "landmarks": {x: landmark_name(x) for x in LANDMARK_NAMES},
            "items": {i: item_name(i) for i in ITEM_NAMES},
            "leaders": {x: leader_name(x) for x in LEADER_NAMES},
            "columns": {x: column_name(x) for x in COLUMN_NAMES},
            "pieces": {x: piece_name(x) for x in PIECE_NAMES},
            "phases": {x: phase_name(x) for x in PHASE_NAMES},
            "steps": {x: step_name(x) for x in STEP_NAMES},
            "prompts": {k: gettext(v) for k, v in PROMPTS.items()},
            "difficulties": {k: gettext(v) for k, v in DIFFICULTY_NAMES.items()},
            "traits": {k: gettext(v) for k, v in TRAIT_NAMES.items()},
            "vp": {str(n): vp_text(n) for n in range(-20, 41)},
            "characters": {k: pgettext("character", v) for k, v in CHARACTER_NAMES.items()},
            "item_states": {k: pgettext("item state", v) for k, v in ITEM_STATE_NAMES.items()},
            "quests": {k: quest_name(k) for k in QUEST_KEYS},
            "relationships": {
                r: relationship_name(r)
                for r in ("hostile", "indifferent", *map(str, range(1, ALLIED)), "allied")
            },
        }
