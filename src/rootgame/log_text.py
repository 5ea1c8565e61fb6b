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
from typing import TYPE_CHECKING, Any

from .actions import parse
from .describe import (
    card_name,
    card_title,
    describe,
    faction_in_sentence,
    faction_name,
    item_name,
    leader_name,
    piece_name,
    vp_text,
)
from .i18n import gettext as _
from .i18n import language, ngettext, pgettext
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
                if descriptions is not None and k < len(descriptions):
                    text = descriptions[k][1]
                k += 1
                if text is None:
                    text = _describe_event(game, e)
                lines.append(_("{faction}: {action}").format(faction=_who(game, e), action=text))
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
    if kind == "turmoil":
        birds = int(e.get("birds", 0))
        deposed = e.get("deposed")
        text = ngettext(
            "{faction}: falls into turmoil! Humiliated for {n} bird card in the Decree",
            "{faction}: falls into turmoil! Humiliated for {n} bird cards in the Decree",
            birds,
        ).format(faction=who, n=birds)
        if deposed:
            text += "; " + _("the {leader} is deposed").format(leader=leader_name(str(deposed)))
        return text
    if kind == "win":
        from .render import win_text

        seats = [int(s) for s in e.get("seats", [])]
        names = ", ".join(faction_name(game.factions[s]) for s in seats) or _("nobody")
        return win_text(names, e.get("reason"), len(seats))
    if kind == "first":
        return _("{faction}: plays first").format(faction=who)
    vagabond = _vagabond_event(game, e, who)
    if vagabond is not None:
        return vagabond
    rest = {k: v for k, v in e.items() if k != "kind"}
    return f"{kind}: {json.dumps(rest, sort_keys=True)}"


def _vagabond_event(game: Game, e: Event, who: str) -> str | None:
    """The Vagabond's events (section 9): the pawn, relationships, ruins, Aid, quests."""
    from .factions.vagabond import QUESTS

    kind = e.get("kind")
    if kind in ("pawn", "day-labor"):
        return None  # the action's own line says it
    if kind == "relationship":
        return _("{faction}: now {relationship} with the {other}").format(
            faction=who,
            relationship=relationship_name(str(e["to"])),
            other=_faction_of(game, e.get("with"), sentence=True),
        )
    if kind == "explore":
        return _("{faction}: explores the ruin in clearing {c} and finds a {item}").format(
            faction=who, c=e["c"], item=item_name(str(e["item"]))
        )
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
        names = [QUESTS[int(q)][0] for q in ([e.get("new")] if kind == "quest" else e["quests"])
                 if q is not None]
        return _("{faction}: new quests face up: {quests}").format(
            faction=who, quests=", ".join(names) or _("nothing")
        )
    if kind == "coalition":
        return _("{faction}: forms a coalition with the {other}").format(
            faction=who, other=_faction_of(game, e.get("with"), sentence=True)
        )
    return None


def relationship_name(r: str) -> str:
    names = {
        "hostile": pgettext("relationship", "Hostile"),
        "indifferent": pgettext("relationship", "Indifferent"),
        "allied": pgettext("relationship", "Allied"),
    }
    return names.get(r, pgettext("relationship", "on space {n}").format(n=r))


def score_reason(reason: str) -> str:
    """The engine's reason for a score change (``"built sawmill"``) in words."""
    if not reason:
        return ""
    fixed = {
        "roosts": _("roosts on the map"),
        "humiliate": _("humiliated in turmoil"),
        "despot": leader_name("despot"),
        "brutal tactics": _card_key_title("brutal-tactics"),
        "stand and deliver": _card_key_title("stand-and-deliver"),
        "royal claim": _card_key_title("royal-claim"),
        "explored": _("explored a ruin"),
        "relationship": _("relationship improved"),
        "aided ally": _("aided an ally"),
        "infamy": _("Infamy"),
        "quest": _("quest completed"),
    }
    if reason in fixed:
        return fixed[reason]
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


Replayed = list[tuple[int | None, str, int, int | None]]


def _replay_descriptions(game: Game) -> Replayed | None:
    """For each decision of ``game.history``: (deciding seat, its description in context, the
    turn number, the turn's seat or None during setup), by replaying the history from the
    game's starting state; None if the game cannot be replayed."""
    origin = getattr(game, "origin", None)
    if not origin:
        return None
    try:
        from .game import Game as _Game
        from .game import state_from_dict

        replay = _Game(state_from_dict(json.loads(origin)))
        out: Replayed = []
        for tok in game.history:
            seat = replay.current_seat
            turn_seat = None if replay.phase == "setup" else replay.turn_seat
            text = describe(replay.state, parse(tok))
            out.append((seat, text, replay.turn_number, turn_seat))
            replay.apply(tok)
        return out
    except Exception:  # noqa: BLE001 - fall back to describing each event on its own
        return None


def _history_lines(game: Game, descriptions: Replayed | None) -> list[str]:
    """The log of a game that keeps no event log: turns and decisions, from the replay."""
    lines: list[str] = []
    turn = None
    for seat, text, number, turn_seat in descriptions or []:
        if turn_seat is not None and number != turn:
            turn = number
            who = faction_name(game.factions[turn_seat])
            lines.append(_("Turn {n}: {faction}").format(n=number + 1, faction=who))
        faction = _faction_of(game, seat)
        lines.append(_("{faction}: {action}").format(faction=faction, action=text))
    return lines
