"""The game log as text for people, in any language: ``render_log(game, seat, lang)``.

The engine keeps its event log as plain data (``game.state.log``: dicts such as
``{"kind": "action", "seat": 1, "token": "decree 12 recruit", ...}``, ``{"kind": "draw", ...}``,
``{"kind": "turmoil", ...}``); ``views.events_for`` hides from each seat what it may not know.
This module turns those events into lines of text at the edge, through the message catalogs.

Actions are described in their context (the decision pending when they were taken, what a
building cost then): the game's decisions are replayed from its starting state
(``game.origin``) and each action is described just before it is applied. A game that keeps no
event log is rendered from that replay alone (turns and actions).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import parse
from .describe import describe, place_text
from .flow import FACTIONS
from .i18n import N_, Nn_, language, ngettext
from .i18n import gettext as _
from .names import (
    DIFFICULTY_NAMES,
    TRAIT_NAMES,
    card_name,
    card_title,
    clearing_label,
    faction_in_sentence,
    faction_name,
    item_name,
    landmark_name,
    leader_name,
    piece_count,
    piece_name,
    quest_name,
    relationship_name,
    suit_name,
    vp_text,
)
from .rules.core import board
from .state import Frame

if TYPE_CHECKING:
    from .game import Game

Event = dict[str, Any]


def render_log(game: Game, seat: int | None = None, lang: str | None = None) -> list[str]:
    """The game's log as lines of text, as ``seat`` may see it (None: a spectator), in
    ``lang`` (default: the current language)."""
    with language(lang):
        descriptions = _replay_descriptions(game)
        if game.state.log is None:
            return _history_lines(game, descriptions)
        from .views import events_for

        lines: list[str] = []
        k = 0
        for e in events_for(game, seat):
            if e.get("kind") == "action":
                text = None
                forced = bool(e.get("forced"))
                for j in range(k, len(descriptions or ())):
                    assert descriptions is not None
                    entry = descriptions[j]
                    if entry.token == e.get("token") and entry.forced == forced:
                        text, k = entry.text, j + 1
                        break
                if text is None:
                    text = _describe_event(game, e)
                lines.append(_action_line(_who(game, e), text, forced))
                continue
            line = event_text(game, e)
            if line:
                lines.append(line)
        return lines


def event_text(game: Game, e: Event) -> str | None:
    """One event (not an action) as a line of text; None for events shown to nobody (the
    internal random picks)."""
    kind = e.get("kind")
    who = _who(game, e)
    if kind == "turn":
        return _("Turn {n}: {faction}").format(n=int(e.get("number", 0)) + 1, faction=who)
    if kind == "draw" and e.get("to") == "supporters":
        n = len(e["cards"]) if e.get("cards") is not None else int(e.get("count", 0))
        return ngettext(
            "{faction}: draws {n} card into the supporters",
            "{faction}: draws {n} cards into the supporters",
            n,
        ).format(faction=who, n=n)
    if kind == "outrage":
        return _("{faction}: Outrage in clearing {c} (a matching card to the {ally})").format(
            faction=who, c=e.get("c"), ally=_faction_of(game, e.get("alliance"), sentence=True)
        )
    if kind == "ferry":
        return _("{faction}: takes the Ferry from clearing {o} to clearing {d}").format(
            faction=who, o=e.get("from"), d=e.get("to")
        )
    if kind in ("landmarks", "landmark", "forge_items", "market_deal", "market_swap"):
        return _landmark_event(game, e, who)
    if kind == "open_path":
        a, b = e.get("path", (0, 0))
        return _("{faction}: opens the closed path {a}-{b}").format(faction=who, a=a, b=b)
    if kind == "revolt":
        return _("{faction}: Revolt in clearing {c}").format(faction=who, c=e.get("c"))
    if kind == "base_lost":
        lost = ", ".join(card_name(int(c)) for c in e.get("supporters", [])) or _("nothing")
        return _(
            "{faction}: loses the base in clearing {c}: supporters discarded: {cards}; "
            "officers removed: {n}"
        ).format(faction=who, c=e.get("c"), cards=lost, n=e.get("officers", 0))
    if kind == "supporter_discarded":
        return _("{faction}: the supporters stack is full: {card} is discarded").format(
            faction=who, card=card_name(int(e["card"]))
        )
    if kind == "draw":
        cards = e.get("cards")
        if cards is not None:
            n = len(cards)
            names = ", ".join(card_name(int(c)) for c in cards)
            return ngettext(
                "{faction}: draws {n} card ({cards})", "{faction}: draws {n} cards ({cards})", n
            ).format(faction=who, n=n, cards=names)
        n = int(e.get("count", 0))
        return ngettext("{faction}: draws {n} card", "{faction}: draws {n} cards", n).format(
            faction=who, n=n
        )
    if kind == "shuffle":
        n = int(e["count"]) if "count" in e else len(e.get("order", []))
        return ngettext(
            "The draw pile is shuffled ({n} card)", "The draw pile is shuffled ({n} cards)", n
        ).format(n=n)
    if kind == "dice":
        roll = list(e.get("roll", [0, 0]))
        return _("Dice: {a} and {b}").format(a=roll[0], b=roll[1])
    if kind == "pick":
        return None
    if kind == "take":
        other = _faction_of(game, e.get("from"), sentence=True)
        if e.get("card") is not None:
            return _("{faction}: takes {card} at random from the {other}").format(
                faction=who, card=card_name(int(e["card"])), other=other
            )
        return _("{faction}: takes a random card from the {other}").format(
            faction=who, other=other
        )
    if kind == "look":
        other = _faction_of(game, e.get("at"), sentence=True)
        if e.get("cards") is not None:
            seen = ", ".join(card_name(int(c)) for c in e["cards"]) or _("nothing")
            return _("{faction}: looks at the hand of the {other}: {cards}").format(
                faction=who, other=other, cards=seen
            )
        return _("{faction}: looks at the hand of the {other}").format(faction=who, other=other)
    if kind == "score":
        n = int(e.get("vp", 0))
        reason = score_reason(str(e.get("reason", "")))
        if n >= 0:
            text = _("{faction}: scores {vp}").format(faction=who, vp=vp_text(n))
        else:
            text = _("{faction}: loses {vp}").format(faction=who, vp=vp_text(-n))
        return f"{text} ({reason})" if reason else text
    line = (
        _battle_text(game, e, who)
        or _bot_text(game, e, who)
        or _marquise_bot_text(e, who)
        or _turmoil_text(e, who)
        or _piece_text(game, e, who)
    )
    if line is not None:
        return line
    if kind == "win":
        from .render import win_text

        seats = [int(s) for s in e.get("seats", [])]
        names = ", ".join(faction_name(game.factions[s]) for s in seats) or _("nobody")
        text = win_text(names, e.get("reason"), len(seats))
        if e.get("vp"):
            scores = ", ".join(
                f"{faction_name(f)} {vp_text(int(v))}"
                for f, v in zip(game.factions, e["vp"], strict=False)
            )
            text += f" ({scores})"
        if e.get("tied"):
            text += ". " + _(
                "Several players reached 30 at once: the one nearest in turn order from the "
                "player taking the turn wins"
            )
        if e.get("team") == "humans":
            text += ". " + _("The humans win together: each reached 30 VP before any bot did")
        elif e.get("team") == "bots":
            text += ". " + _("The bots win together: a bot reached 30 VP before every human did")
        return text
    if kind == "team_goal":
        waiting = ", ".join(faction_name(game.factions[int(s)]) for s in e.get("waiting", []))
        return _(
            "{faction}: reaches 30 VP; the humans win once each of them has 30 VP (still "
            "short of it: {waiting})"
        ).format(faction=who, waiting=waiting)
    if kind == "first":
        return _("{faction}: plays first").format(faction=who)
    vagabond = _vagabond_event(game, e, who)
    if vagabond is None:
        vagabond = _deck_event(e, who)
    if vagabond is not None:
        return vagabond
    rest = {k: v for k, v in e.items() if k != "kind"}
    return f"{kind}: {json.dumps(rest, sort_keys=True)}"


def _action_line(who: str, text: str, forced: bool) -> str:
    if forced:
        return _("{faction}: {action} (the only option)").format(faction=who, action=text)
    return _("{faction}: {action}").format(faction=who, action=text)


def _battle_text(game: Game, e: Event, who: str) -> str | None:
    """Battle events (4.3): the battle, ambushes, the roll, the hits."""
    kind = e.get("kind")
    if kind == "battle":
        said = _("{faction}: battles the {defender} in clearing {clearing}")
        if e.get("chooser") is not None:
            said = _(
                "{faction}: battles the {defender} in clearing {clearing}, a battle the "
                "{chooser} started: it removes the pieces of both (LR 7.7.4)"
            )
        return said.format(
            faction=who,
            defender=_faction_of(game, e.get("defender"), sentence=True),
            clearing=clearing_label(board(game.state), int(e.get("clearing", 0))),
            chooser=_faction_of(game, e.get("chooser"), sentence=True),
        )
    if kind == "enlist":
        n = int(e.get("hits", 0))
        return ngettext(
            "{faction}: enlists the {other} (the Arbiter) in clearing {c}: {n} more maximum "
            "rolled hit (LR 7.7.6)",
            "{faction}: enlists the {other} (the Arbiter) in clearing {c}: {n} more maximum "
            "rolled hits (LR 7.7.6)",
            n,
        ).format(
            faction=who, other=_faction_of(game, e.get("helper"), sentence=True),
            c=e.get("clearing"), n=n,
        )
    if kind == "ambush":
        card = card_name(int(e.get("card", 0)))
        if e.get("foil"):
            return _("{faction}: foils the ambush with {card}").format(faction=who, card=card)
        return _("{faction}: ambushes with {card}").format(faction=who, card=card)
    if kind == "rolled":
        a, d = (int(x) for x in e.get("hits", [0, 0]))
        return _(
            "Rolled hits, at most one per warrior in the clearing: {attacker} {a}, {defender} {d}"
        ).format(
            attacker=_faction_of(game, e.get("seat"), sentence=True),
            a=a,
            defender=_faction_of(game, e.get("defender"), sentence=True),
            d=d,
        )
    if kind == "hits":
        n = int(e.get("hits", 0))
        text = ngettext(
            "{faction}: deals {n} hit to the {other}",
            "{faction}: deals {n} hits to the {other}",
            n,
        ).format(faction=who, n=n, other=_faction_of(game, e.get("target"), sentence=True))
        notes: list[str] = []
        if e.get("ambush"):
            notes.append(_("ambush"))
        else:
            notes.append(
                _("{rolled} rolled, {extra} extra").format(
                    rolled=int(e.get("rolled", 0)), extra=int(e.get("extra", 0))
                )
            )
        if e.get("defenseless"):
            notes.append(_("defenseless"))
        if e.get("ignored"):
            notes.append(_("rolled hits ignored"))
        return f"{text} ({'; '.join(notes)})"
    return None


TARGET_TEXT: dict[str, str] = {
    "recruit": N_("{faction}: recruits in clearing {c}"),
    "move_from": N_("{faction}: moves from clearing {c}"),
    "move_to": N_("{faction}: moves to clearing {c}"),
    "battle": N_("{faction}: battles in clearing {c}"),
    "defender": N_("{faction}: battles the {other} in clearing {c}"),
    "build": N_("{faction}: builds a roost in clearing {c}"),
    "new_roost": N_("{faction}: A New Roost in clearing {c}"),
    "swoop": N_("{faction}: Swoop into clearing {c}"),
    "build_sawmill": N_("{faction}: builds a sawmill in clearing {c}"),
    "build_workshop": N_("{faction}: builds a workshop in clearing {c}"),
    "build_recruiter": N_("{faction}: builds a recruiter in clearing {c}"),
    "reinforce": N_("{faction}: places two more warriors in clearing {c}"),
    "revolt": N_("{faction}: revolts in clearing {c}"),
    "spread": N_("{faction}: spreads sympathy to clearing {c}"),
    "explore": N_("{faction}: explores the ruin of clearing {c}"),
    "quest": N_("{faction}: quests in clearing {c}"),
    "aid": N_("{faction}: aids the {other} in clearing {c}"),
    "battle_player": N_("{faction}: battles the {other}"),
    "steal": N_("{faction}: steals from the {other} in clearing {c}"),
    "tinker": N_("{faction}: crafts {card} from the discard pile"),
    "instigate_defender": N_("{faction}: has the {other} defend in clearing {c}"),
    "instigate_attacker": N_("{faction}: has the {other} attack in clearing {c}"),
    "enlist": N_("{faction}: enlists the {other} in clearing {c}"),
    "no_enlist": N_("{faction}: does not enlist the {other} in clearing {c}"),
}
"""A Clockwork bot's targets (factions/clockwork.py), by action."""
CRITERIA_TEXT: dict[str, str] = {
    "most_enemy_pieces": N_("most enemy pieces"),
    "fewest_enemy_pieces": N_("fewest enemy pieces"),
    "fewest_enemy_warriors": N_("fewest enemy warriors"),
    "most_own_warriors": N_("most of its warriors"),
    "fewest_own_warriors": N_("fewest of its warriors"),
    "no_roost": N_("no roost"),
    "most_defenseless_buildings": N_("most defenseless buildings"),
    "most_buildings": N_("most buildings"),
    "most_pieces": N_("most pieces"),
    "most_vp": N_("most victory points"),
    "setup_priority": N_("setup order"),
    "highest_priority": N_("highest priority"),
    "lowest_priority": N_("lowest priority"),
    "evenly": N_("spread evenly"),
    "nearest": N_("nearest"),
    "fewest_vp": N_("fewest victory points"),
    "most_buildings_tokens": N_("most buildings and tokens"),
    "fewest_warriors": N_("fewest warriors"),
    "topmost": N_("topmost with an item in the supply"),
    "most_warriors_here": N_("most warriors there"),
    "three_conditions": N_(
        "fewer than three maximum rolled hits, fewer than the attacker's pieces there, and "
        "more victory points than the Arbiter"
    ),
    "conditions_unmet": N_("not all three conditions are met"),
}
"""The target criteria of the Law of Rootbotics, as the log names them."""


def rule_name(rule: str) -> str:
    """A rule a bot followed: a section of the Law of Rootbotics, or a trait card."""
    if rule in TRAIT_NAMES:
        return _("trait: {trait}").format(trait=_(TRAIT_NAMES[rule]))
    if rule in DIFFICULTY_NAMES:
        return _("difficulty: {level}").format(level=_(DIFFICULTY_NAMES[rule]))
    return rule


BUILDING_WHY: dict[str, str] = {
    "order": N_("the {suit} order"),
    "most_on_map": N_("the type with the most pieces on the map"),
    "tie_sawmill": N_("sawmills tie for the most pieces on the map"),
    "tie_recruiter": N_("workshops and recruiters tie for the most pieces on the map"),
    "most_vp": N_("the track that scores the most"),
}
"""Why the Mechanical Marquise builds a type of building or scores its track."""


def _marquise_bot_text(e: Event, who: str) -> str | None:
    """The Mechanical Marquise's events besides its targets: the building type and track,
    Expand, Hospitals, and the hits it takes (Law of Rootbotics 1.2.1, Fortified)."""
    kind = e.get("kind")
    piece = piece_name(str(e.get("piece", "")))
    if kind == "building_type":
        why = _(BUILDING_WHY[str(e["why"])]).format(suit=suit_name(str(e.get("suit"))))
        text = (
            _("{faction}: builds a {building}") if e.get("action") == "build"
            else _("{faction}: scores the Buildings track of the {building}")
        ).format(faction=who, building=piece)
        return f"{text}: {why} ({e.get('rule')})"
    if kind == "expand":
        n = int(e.get("buildings", 0))
        return ngettext(
            "{faction}: placed no building and has {n} building on the map: Expand, a new "
            "order card (LR 4.5.5)",
            "{faction}: placed no building and has {n} buildings on the map: Expand, a new "
            "order card (LR 4.5.5)",
            n,
        ).format(faction=who, n=n)
    if kind == "hospitals":
        return _("{faction}: Hospitals: two warriors in the keep's clearing {c}").format(
            faction=who, c=e.get("clearing")
        )
    if kind == "fortified":
        return _("{faction}: Fortified: a single hit on a building in clearing {c} has no "
                 "effect").format(faction=who, c=e.get("clearing"))
    if kind == "hit_at_random":
        return _("{faction}: the hit falls on a {building}, its type drawn at random "
                 "(LR 1.2.1)").format(faction=who, building=piece)
    return None


def _bot_text(game: Game, e: Event, who: str) -> str | None:
    """A Clockwork bot's events: the order card, the Decree, each target and its reasons."""
    kind = e.get("kind")
    if kind == "order":
        if e.get("card") is None:
            return _("{faction}: no card is left to reveal as the order card").format(
                faction=who
            )
        return _("{faction}: the order card is {card}").format(
            faction=who, card=card_name(int(e["card"]))
        )
    if kind == "decree_add":
        return _("{faction}: {card} goes into the {column} column of the Decree").format(
            faction=who, card=card_name(int(e["card"])), column=suit_name(str(e["column"]))
        )
    if kind == "no_hand":
        return _("{faction}: the {bot} has no hand: draws a card instead").format(
            faction=who, bot=_faction_of(game, e.get("bot"), sentence=True)
        )
    if kind in ALLIANCE_BOT_EVENTS:
        return _alliance_bot_text(game, e, who)
    if kind in VAGABOT_EVENTS or (kind == "pawn" and _seat_faction(game, e) == "vagabot"):
        return _vagabot_text(game, e, who)
    if kind != "target" or e.get("action") not in TARGET_TEXT:
        return None
    text = _target_text(game, e, who)
    why = _(", then ").join(_(CRITERIA_TEXT[c]) for c in e.get("criteria", []))
    return f"{text}: {why or _('the only choice')} ({rule_name(str(e.get('rule', '')))})"


def _target_text(game: Game, e: Event, who: str) -> str:
    """A bot's target without its reasons: the action, the clearing, the player, the card."""
    card = e.get("card")
    return _(TARGET_TEXT[str(e["action"])]).format(
        faction=who, c=e.get("clearing"), other=_faction_of(game, e.get("player"), sentence=True),
        card=card_name(int(card)) if card is not None else "",
    )


def bot_turn_account(game: Game, seat: int, events: list[Event]) -> str | None:
    """A Clockwork bot's turn in one line, from its events: the order card, each target it
    chose (without the reasons: the full log has them) and the VP it scored; None for a
    seat a person plays, or a turn with nothing to tell."""
    if not (0 <= seat < game.state.n) or not FACTIONS[game.factions[seat]].is_bot:
        return None
    who = faction_name(game.factions[seat])
    steps: list[str] = []
    vp = 0
    for i, e in enumerate(events):
        kind = e.get("kind")
        if kind == "score" and e.get("seat") == seat:
            vp += int(e.get("vp", 0))
            continue
        if e.get("seat") != seat or kind not in ("order", "target"):
            continue
        nxt = events[i + 1] if i + 1 < len(events) else {}
        if e.get("action") == "battle" and nxt.get("action") == "defender":
            continue  # the defender's line names the clearing too
        if kind == "target" and e.get("action") not in TARGET_TEXT:
            continue
        text = _bot_text(game, e, who) if kind == "order" else _target_text(game, e, who)
        if text:
            steps.append(text.removeprefix(who + ": "))
    if vp:
        said = _("{faction}: scores {vp}") if vp > 0 else _("{faction}: loses {vp}")
        steps.append(said.format(faction=who, vp=vp_text(abs(vp))).removeprefix(who + ": "))
    if not steps:
        return None
    return _("{faction}, the turn in short: {steps}").format(faction=who, steps="; ".join(steps))


ALLIANCE_BOT_EVENTS = (
    "automated_outrage", "organize", "crackdown", "cannot_spread", "public_pity_skipped"
)
"""The Automated Alliance's own events (Law of Rootbotics 6)."""


def _alliance_bot_text(game: Game, e: Event, who: str) -> str:
    """The Automated Alliance's events: Automated Outrage, Organize, Crackdown, a sympathy
    token it cannot place, Steadfast's skipped Public Pity."""
    kind = e.get("kind")
    if kind == "automated_outrage":
        return _(
            "{faction}: Automated Outrage in clearing {c}: discards a matching card or the "
            "{bot} scores 1 VP (LR 6.2.3)"
        ).format(faction=who, c=e.get("c"), bot=_faction_of(game, e.get("bot"), sentence=True))
    if kind == "organize":
        n = int(e.get("count", 0))
        return ngettext(
            "{faction}: organizes in clearing {c}: removes its {n} warrior (LR 6.6.1)",
            "{faction}: organizes in clearing {c}: removes its {n} warriors (LR 6.6.1)",
            n,
        ).format(faction=who, c=e.get("c"), n=n)
    if kind == "crackdown":
        where = ", ".join(str(c) for c in e.get("clearings", [])) or _("nothing")
        return _(
            "{faction}: Crackdown: the {suit} base is gone, sympathy removed from: {where} "
            "(LR 6.2.4)"
        ).format(faction=who, suit=suit_name(str(e.get("suit"))), where=where)
    if kind == "cannot_spread":
        return _("{faction}: cannot place a sympathy token (LR 6.5.1.II)").format(faction=who)
    return _("{faction}: Steadfast: no Public Pity, a Surprise Revolt will come").format(
        faction=who
    )


VAGABOT_EVENTS = (
    "vagabot_item", "slip", "vagabot_sequence", "vagabot_quest", "vagabot_quested",
    "vagabot_aid", "vagabot_stays", "vagabot_battle_again", "marksman", "scoundrel",
    "scoundrel_no_slot",
)
"""The Vagabot's own events (Law of Rootbotics 7)."""
VAGABOT_ITEM_TEXT: dict[str, tuple[str, str]] = {
    "exhaust": Nn_("{faction}: exhausts {n} item", "{faction}: exhausts {n} items"),
    "refresh": Nn_("{faction}: refreshes {n} item", "{faction}: refreshes {n} items"),
    "damage": Nn_("{faction}: {n} item is damaged", "{faction}: {n} items are damaged"),
    "repair": Nn_("{faction}: repairs {n} item", "{faction}: repairs {n} items"),
    "gain": Nn_("{faction}: gains {n} item", "{faction}: gains {n} items"),
    "track": Nn_(
        "{faction}: {n} item goes onto the Battle Track",
        "{faction}: {n} items go onto the Battle Track",
    ),
    "untrack": Nn_(
        "{faction}: {n} item leaves the Battle Track",
        "{faction}: {n} items leave the Battle Track",
    ),
    "cover": Nn_(
        "{faction}: {n} item covers a building slot for the rest of the game (LR 7.7.5)",
        "{faction}: {n} items cover building slots for the rest of the game (LR 7.7.5)",
    ),
}
"""The Vagabot's item changes (LR 7.2.3-7.2.5), singular and plural."""


def _seat_faction(game: Game, e: Event) -> str:
    seat = e.get("seat")
    return game.factions[seat] if isinstance(seat, int) and 0 <= seat < len(game.factions) else ""


def _vagabot_text(game: Game, e: Event, who: str) -> str:
    """The Vagabot's events: its items, the pawn, Slip, its Daylight sequence, quests, Aid,
    Marksman."""
    kind = e.get("kind")
    if kind == "vagabot_item":
        n = int(e.get("count", 1))
        one, many = VAGABOT_ITEM_TEXT[str(e.get("change"))]
        return ngettext(one, many, n).format(faction=who, n=n)
    if kind == "pawn":
        return _("{faction}: moves to {place}").format(
            faction=who, place=place_text(game.state, int(e["to"]))
        )
    if kind == "slip":
        return _("{faction}: goes into {place}, drawn at random among {n} ({rule})").format(
            faction=who, place=place_text(game.state, int(e["to"])), n=len(e.get("among", [])),
            rule=e.get("rule"),
        )
    if kind == "vagabot_sequence":
        return _("{faction}: the {suit} order: {actions} (LR 7.5)").format(
            faction=who, suit=suit_name(str(e.get("suit"))),
            actions=", ".join(_(VAGABOT_ACTION_NAMES[a]) for a in e.get("actions", [])),
        )
    if kind == "vagabot_quest":
        if e.get("quest") is None:
            return _("{faction}: no quest is left").format(faction=who)
        return _("{faction}: new quest: {quest}").format(
            faction=who, quest=quest_name(int(e["quest"]))
        )
    if kind == "vagabot_quested":
        return _("{faction}: completes the quest {quest} in clearing {c}").format(
            faction=who, quest=quest_name(int(e["quest"])), c=e.get("c")
        )
    if kind == "vagabot_aid":
        return _("{faction}: takes {items} from the {other}").format(
            faction=who, items=", ".join(item_name(str(i)) for i in e.get("items", [])),
            other=_faction_of(game, e.get("to"), sentence=True),
        )
    if kind == "vagabot_stays":
        return _(
            "{faction}: too few items to move to clearing {c}: stays where it is"
        ).format(faction=who, c=e.get("clearing"))
    if kind == "scoundrel":
        return _(
            "{faction}: the Scoundrel removes every enemy piece in clearing {c} (LR 7.7.5)"
        ).format(faction=who, c=e.get("clearing"))
    if kind == "scoundrel_no_slot":
        return _("{faction}: no open building slot in clearing {c}: keeps its item").format(
            faction=who, c=e.get("clearing")
        )
    if kind == "vagabot_battle_again":
        return _("{faction}: battles again in clearing {c}").format(
            faction=who, c=e.get("clearing")
        )
    return _("{faction}: Marksman: one hit before the dice").format(faction=who)


VAGABOT_ACTION_NAMES: dict[str, str] = {
    "explore": N_("Explore"),
    "quest": N_("Quest"),
    "aid": N_("Aid"),
    "battle": N_("Battle"),
    "repair": N_("Repair"),
    "special": N_("Special"),
}
"""The Vagabot's Daylight actions (LR 7.5)."""


def _turmoil_text(e: Event, who: str) -> str | None:
    """The Eyrie's turmoil (7.7): humiliate, purge, depose, and the new leader."""
    kind = e.get("kind")
    if kind == "turmoil":
        return _("{faction}: falls into turmoil!").format(faction=who)
    if kind == "humiliate" and int(e.get("vp", 0)) < 0:
        birds = int(e.get("birds", 0))
        return ngettext(
            "{faction}: Nobility: {n} bird card in the Decree, scores {vp}",
            "{faction}: Nobility: {n} bird cards in the Decree, scores {vp}",
            birds,
        ).format(faction=who, n=birds, vp=vp_text(-int(e.get("vp", 0))))
    if kind == "humiliate":
        birds = int(e.get("birds", 0))
        return ngettext(
            "{faction}: Humiliate: {n} bird card in the Decree, loses {vp}",
            "{faction}: Humiliate: {n} bird cards in the Decree, loses {vp}",
            birds,
        ).format(faction=who, n=birds, vp=vp_text(int(e.get("vp", 0))))
    if kind == "purge":
        cards = ", ".join(card_name(int(c)) for c in e.get("cards", [])) or _("nothing")
        return _("{faction}: Purge: discards {cards}").format(faction=who, cards=cards)
    if kind == "depose":
        text = _("{faction}: Depose: the {leader} is deposed").format(
            faction=who, leader=leader_name(str(e.get("leader")))
        )
        if e.get("new_clutch"):
            text += "; " + _("A New Clutch: every leader is face up again")
        return text
    if kind == "leader":
        return _("{faction}: the new leader is the {leader}").format(
            faction=who, leader=leader_name(str(e.get("leader")))
        )
    return None


def _vagabond_event(game: Game, e: Event, who: str) -> str | None:
    """The Vagabond's events (section 9): the pawn, relationships, ruins, Aid, quests."""
    kind = e.get("kind")
    if kind in ("pawn", "day-labor"):
        return ""  # the action's own line says it
    if kind == "relationship":
        return _("{faction}: now {relationship} with the {other}").format(
            faction=who,
            relationship=relationship_name(str(e["to"])),
            other=_faction_of(game, e.get("with"), sentence=True),
        )
    if kind == "explore":
        text = _("{faction}: explores the ruin in clearing {c} and finds a {item}").format(
            faction=who, c=e["c"], item=item_name(str(e["item"]))
        )
        if e.get("emptied"):
            text += "; " + _("the empty ruin is removed")
        return text
    if kind == "item":
        return _item_text(e, who)
    if kind == "give":
        return _("{faction}: gives {card} to the {other}").format(
            faction=who,
            card=card_name(int(e["card"])),
            other=_faction_of(game, e.get("to"), sentence=True),
        )
    if kind == "take-item":
        return _("{faction}: takes a {item} from the {other}").format(
            faction=who,
            item=item_name(str(e["item"])),
            other=_faction_of(game, e.get("from"), sentence=True),
        )
    if kind in ("quest", "quests"):
        names = [quest_name(int(q)) for q in ([e.get("new")] if kind == "quest" else e["quests"])
                 if q is not None]
        return _("{faction}: new quests face up: {quests}").format(
            faction=who, quests=", ".join(names) or _("nothing")
        )
    if kind == "coalition":
        return _("{faction}: forms a coalition with the {other}").format(
            faction=who, other=_faction_of(game, e.get("with"), sentence=True)
        )
    return None


def _landmark_event(game: Game, e: Event, who: str) -> str:
    """The landmarks' events (appendix A step 5, appendix L)."""
    kind = e.get("kind")
    if kind == "landmarks":
        names = [landmark_name(str(n)) for n in e.get("dealt", [])]
        seats = [_faction_of(game, s) for s in e.get("seats", [])]
        return _("Landmarks dealt: {pairs}").format(
            pairs=", ".join(f"{n} ({s})" for n, s in zip(names, seats, strict=False))
        )
    if kind == "landmark":
        name = landmark_name(str(e.get("name")))
        if not e.get("clearing"):
            return _("{faction}: no clearing fits the {landmark}; it goes back to the box").format(
                faction=who, landmark=name
            )
        return _("{faction}: sets up the {landmark} in clearing {c}").format(
            faction=who, landmark=name, c=e.get("clearing")
        )
    if kind == "forge_items":
        items = ", ".join(item_name(str(i)) for i in e.get("items", [])) or _("nothing")
        return _("Onto the Legendary Forge from the supply: {items}").format(items=items)
    if kind == "market_deal":
        n = len(e["cards"]) if "cards" in e else int(e.get("count", 0))
        return ngettext(
            "{n} card is put face down by the Black Market",
            "{n} cards are put face down by the Black Market",
            n,
        ).format(n=n)
    if "took" in e:
        return _("{faction}: takes {card} from the Black Market and puts {given} there").format(
            faction=who, card=card_name(int(e["took"])), given=card_name(int(e["gave"]))
        )
    return _("{faction}: swaps a card with the Black Market").format(faction=who)


def _deck_event(e: Event, who: str) -> str | None:
    """The Exiles and Partisans deck's events."""
    kind = e.get("kind")
    if kind == "discard":
        cards = ", ".join(card_name(int(c)) for c in e.get("cards", [])) or _("nothing")
        return _("{faction}: discards {cards} ({card})").format(
            faction=who, cards=cards, card=_card_key_title(str(e.get("why")))
        )
    if kind == "coffins":
        n = sum(int(k) for k in e.get("warriors", []))
        return ngettext(
            "{faction}: the {n} warrior on Coffin Makers goes back to its supply",
            "{faction}: the {n} warriors on Coffin Makers go back to their supplies",
            n,
        ).format(faction=who, n=n)
    if kind == "league":
        return ""  # the action's own line says it
    return None


def placements_text(game: Game, places: list[Event]) -> str:
    """Placements of one seat, each of as many of the same piece, as one line (the
    Marquise's setup puts a warrior in eleven clearings)."""
    first = places[0]
    if len(places) == 1:
        return event_text(game, first) or ""
    return _("{faction}: places {pieces} in each of clearings {clearings}").format(
        faction=_who(game, first),
        pieces=piece_count(str(first.get("piece")), int(first.get("count", 1))),
        clearings=", ".join(str(int(e.get("clearing", 0))) for e in places),
    )


def _piece_text(game: Game, e: Event, who: str) -> str | None:
    """Pieces placed, removed and moved."""
    kind = e.get("kind")
    m = board(game.state)
    if kind == "place":
        return _("{faction}: places {pieces} in clearing {clearing}").format(
            faction=who,
            pieces=piece_count(str(e.get("piece")), int(e.get("count", 1))),
            clearing=clearing_label(m, int(e.get("clearing", 0))),
        )
    if kind == "remove":
        # Removed by their owner: spent (the Marquise's wood, 6.2.2), not lost.
        text = (
            _("{faction}: spends {pieces} in clearing {clearing}")
            if e.get("by") == e.get("seat")
            else _("{faction}: loses {pieces} in clearing {clearing}")
        )
        return text.format(
            faction=who,
            pieces=piece_count(str(e.get("piece")), int(e.get("count", 1))),
            clearing=clearing_label(m, int(e.get("clearing", 0))),
        )
    if kind == "move":
        text = _("{faction}: moves {pieces} from clearing {origin} to clearing {destination}")
        return text.format(
            faction=who,
            pieces=piece_count("warrior", int(e.get("count", 1))),
            origin=clearing_label(m, int(e.get("from", 0))),
            destination=clearing_label(m, int(e.get("to", 0))),
        )
    return None


def _item_text(e: Event, who: str) -> str:
    """A change to the Vagabond's items (9.2.5): exhausted, refreshed, damaged, repaired,
    removed from the game."""
    n = int(e.get("count", 1))
    items = item_name(str(e.get("item")))
    if n > 1:
        items = f"{items} ×{n}"
    texts = {
        "exhaust": _("{faction}: exhausts {items}"),
        "refresh": _("{faction}: refreshes {items}"),
        "damage": _("{faction}: damages {items}"),
        "repair": _("{faction}: repairs {items}"),
        "remove": _("{faction}: removes {items} from the game (item capacity)"),
    }
    return texts[str(e.get("change"))].format(faction=who, items=items)


def score_reason(reason: str) -> str:
    """The engine's reason for a score change (``"built sawmill"``) in words."""
    if not reason:
        return ""
    fixed = {
        "roosts": _("roosts on the map"),
        "humiliate": _("humiliated in turmoil"),
        "turmoil": _("turmoil"),
        "war tax": _("War Tax"),
        "cannot spread": _("no sympathy token to place"),
        "outrage": _("Automated Outrage"),
        "nightmare": _("Nightmare difficulty"),
        "overwhelming": _("trait: {trait}").format(trait=_(TRAIT_NAMES["overwhelming"])),
        "card given": _("a card given to a bot"),
        "ferry": _("took the Ferry"),
        "despot": leader_name("despot"),
        "brutal tactics": _card_key_title("brutal-tactics"),
        "stand and deliver": _card_key_title("stand-and-deliver"),
        "royal claim": _card_key_title("royal-claim"),
        "coffin makers": _card_key_title("coffin-makers"),
        "charm offensive": _card_key_title("charm-offensive"),
        "sympathy": piece_name("sympathy"),
        "opened path": _("opened a closed path"),
        "pass": _("rules the Pass"),
        "tower": _("rules the Tower"),
        "legendary forge": landmark_name("forge"),
        "elder treetop": landmark_name("elder-treetop"),
        "explored": _("explored a ruin"),
        "relationship": _("relationship improved"),
        "aided ally": _("aided an ally"),
        "infamy": _("Infamy"),
        "quest": _("quest completed"),
        "warriors removed": _("enemy warriors removed in its battle"),
        "aid": _("aided a player"),
        "aided": _("aided by the Vagabot"),
    }
    if reason in fixed:
        return fixed[reason]
    if reason.endswith(" track"):
        return _("Buildings track: {building}").format(building=piece_name(reason[:-6]))
    word, _sep, rest = reason.partition(" ")
    if word == "built":
        return _("built: {building}").format(building=piece_name(rest))
    if word == "removed":
        return _("removed: {piece}").format(piece=piece_name(rest))
    if word == "crafted":
        return _("crafted: {item}").format(item=item_name(rest))
    return reason


def _card_key_title(key: str) -> str:
    from .cards import DECK

    for c in DECK:
        if c.key.split(":")[0] == key:
            return card_title(c.id)
    return key


def _who(game: Game, e: Event) -> str:
    return _faction_of(game, e.get("seat"))


def _faction_of(game: Game, seat: Any, sentence: bool = False) -> str:
    if isinstance(seat, int) and 0 <= seat < len(game.factions):
        f = game.factions[seat]
        return faction_in_sentence(f) if sentence else faction_name(f)
    return _("nobody")


def _describe_event(game: Game, e: Event) -> str:
    """An action event described without its exact past state: the present state with the
    event's decision pending (the fallback when the game cannot be replayed)."""
    g = game.state.clone()
    g.winners = []
    g.stack = [Frame(str(e.get("decision", "")), e.get("seat"), dict(e.get("data") or {}))]
    try:
        return describe(g, parse(str(e["token"])))
    except Exception:  # noqa: BLE001 - a log line must never stop the game
        return str(e.get("token", ""))


class Described(NamedTuple):
    """One decision of a replayed game, chosen or forced, described in its context."""

    seat: int | None
    token: str
    text: str
    forced: bool
    turn: int
    turn_seat: int | None
    """The seat taking the turn, None during setup."""


def _replay_descriptions(game: Game) -> list[Described] | None:
    """Every decision of ``game`` in order, the forced ones too, each described just before
    it was applied, by replaying the history from the game's starting state; None if the
    game cannot be replayed."""
    origin = getattr(game, "origin", None)
    if not origin:
        return None
    try:
        from . import flow
        from .actions import token
        from .game import state_from_dict
        from .rules.turn import current_step

        g = state_from_dict(json.loads(origin))
        g.log = None
        out: list[Described] = []

        def note(seat: int | None, a: tuple[Any, ...], forced: bool) -> None:
            turn_seat = None if current_step(g)[0] == "setup" else g.turn_seat
            out.append(
                Described(seat, token(a), describe(g, a), forced, g.turn_number, turn_seat)
            )

        def on_forced(_g: Any, f: Frame, a: tuple[Any, ...]) -> None:
            note(f.seat, a, True)

        flow.advance(g, on_forced)
        for tok in game.history:
            f = g.stack[-1]
            a = parse(tok)
            note(f.seat, a, False)
            flow.DECISIONS[f.kind][1](g, f, a)
            flow.advance(g, on_forced)
        return out
    except Exception:  # noqa: BLE001 - fall back to describing each event on its own
        return None


def _history_lines(game: Game, descriptions: list[Described] | None) -> list[str]:
    """The log of a game that keeps no event log: turns and decisions (the forced ones too),
    from the replay."""
    lines: list[str] = []
    turn = None
    for d in descriptions or []:
        if d.turn_seat is not None and d.turn != turn:
            turn = d.turn
            who = faction_name(game.factions[d.turn_seat])
            lines.append(_("Turn {n}: {faction}").format(n=d.turn + 1, faction=who))
        lines.append(_action_line(_faction_of(game, d.seat), d.text, d.forced))
    return lines
