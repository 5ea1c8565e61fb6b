"""Terminal rendering with rich, from a VIEW (``game.view(seat)``), never from the GameState.

Only the view and the static tables (the deck, the faction boards' printed tracks) are read,
so what is drawn is exactly what the seat may know. Every word goes through the message
catalogs (``rootgame.i18n``): the table is drawn in the current language.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .cards import DECK
from .factions import alliance as _alliance
from .factions import automated_alliance as _automated
from .factions import eyrie as _eyrie
from .factions import marquise as _marquise
from .i18n import gettext as _
from .i18n import ngettext, pgettext
from .names import (
    DIFFICULTY_NAMES,
    TRAIT_NAMES,
    card_key_name,
    card_kind_name,
    card_name,
    cards_text,
    column_name,
    faction_in_sentence,
    faction_name,
    faction_short_name,
    item_name,
    leader_name,
    phase_name,
    piece_count,
    piece_name,
    prompt_text,
    quest_name,
    relationship_name,
    step_name,
    suit_name,
    vp_text,
    wood_text,
)

JSON = dict[str, Any]

FACTION_STYLE: dict[str, str] = {
    "marquise": "dark_orange",
    "eyrie": "dodger_blue1",
    "alliance": "green3",
    "vagabond": "grey70",
}
SUIT_STYLE: dict[str, str] = {
    "fox": "red",
    "rabbit": "yellow",
    "mouse": "dark_orange3",
    "bird": "cyan",
}


def _fac(f: str | None, short: bool = False) -> Text:
    if f is None:
        return Text("-", style="dim")
    name = faction_short_name(f) if short else faction_name(f)
    return Text(name, style=FACTION_STYLE.get(f, "bold"))


def _suit(s: str) -> Text:
    return Text(suit_name(s), style=SUIT_STYLE.get(s, ""))


def _card(cid: int) -> Text:
    suit = "bird" if cid < 0 else DECK[cid].suit
    return Text(card_name(cid), style=SUIT_STYLE.get(suit, ""))


def _count(kind: str, n: int) -> str:
    return piece_name(kind) if n == 1 else piece_count(kind, n)


def _none() -> str:
    return pgettext("nothing", "none")


def _pieces(clearing: JSON, faction: str) -> str:
    parts: list[str] = []
    w = int(clearing["warriors"].get(faction, 0))
    if w:
        # TRANSLATORS: warriors in a cell of the board table, "3w"; keep it short.
        parts.append(_("{n}w").format(n=w))
    kinds: dict[str, int] = {}
    for owner, kind in clearing["buildings"]:
        if owner == faction:
            kinds[kind] = kinds.get(kind, 0) + 1
    for owner, kind in clearing["tokens"]:
        if owner == faction:
            kinds[kind] = kinds.get(kind, 0) + 1
    parts.extend(_count(k, n) for k, n in kinds.items())
    if faction in clearing.get("pawns", ()):
        parts.append(piece_name("pawn"))
    return " ".join(parts)


def board_table(view: JSON) -> Table:
    """One row per clearing: suit, free slots, pieces per faction, ruins, ruler."""
    t = Table(title=_("The Woodland"), title_justify="left", expand=False)
    t.add_column("#", justify="right")
    t.add_column(_("Suit"))
    t.add_column(_("Slots"), justify="center")
    for f in view["factions"]:
        t.add_column(faction_short_name(f), style=FACTION_STYLE.get(f, ""))
    t.add_column(pgettext("column header", "Ruin"), justify="center")
    t.add_column(_("Ruler"))
    for c in view["clearings"]:
        used = len(c["buildings"])
        ruins = sum(1 for o, k in c["buildings"] if o is None and k == "ruin")
        covered = sum(1 for o, k in c["buildings"] if o is None and k == "item")
        t.add_row(
            str(c["id"]),
            _suit(c["suit"]),
            f"{c['slots'] - used}/{c['slots']}",
            *[_pieces(c, f) for f in view["factions"]],
            " ".join(
                [piece_name("ruin")] * (1 if ruins else 0) + [piece_name("item")] * covered
            ),
            _fac(c["ruler"], short=True),
        )
    return t


def _decree_table(board: JSON, cols: list[str], header: Any) -> Table:
    """A Decree: one column per name in ``cols`` (headed by ``header(name)``), its cards."""
    decree = Table(title=_("Decree"), title_justify="left", show_lines=False)
    for col in cols:
        decree.add_column(header(col))
    columns: list[list[int]] = [list(board["decree"].get(col, [])) for col in cols]
    depth = max((len(c) for c in columns), default=0)
    for i in range(depth):
        decree.add_row(*[_card(c[i]) if i < len(c) else Text("") for c in columns])
    if depth == 0:
        decree.add_row(*["" for _ in cols])
    return decree


def _roost_track(board: JSON, vps: tuple[int, ...], bonus: tuple[int, ...] = ()) -> Text:
    """A roost track: the VP uncovered, the roosts still on it, draw bonuses."""
    on_map = len(vps) - int(board["roosts_on_track"])
    track = Text(_("Roost track: "))
    for i, vpv in enumerate(vps):
        if i < on_map:
            track.append(f"[{vpv}]", style="bold green")
        else:
            track.append(" ⌂ ", style="dodger_blue1")
        if i + 1 in bonus:
            # TRANSLATORS: a draw bonus on the roost track; keep it short.
            track.append(_("+card"), style="dim")
        track.append(" ")
    score_now = vps[on_map - 1] if on_map else 0
    track.append(
        "  "
        + ngettext(
            "({n} on the map: {vp} each Evening)", "({n} on the map: {vp} each Evening)", on_map
        ).format(n=on_map, vp=vp_text(score_now))
    )
    return track


def eyrie_panel(board: JSON) -> Panel:
    """The Eyrie's board: the Decree (Viziers shown as Loyal Vizier), the roost track, the
    leaders."""
    decree = _decree_table(board, list(_eyrie.COLUMNS), column_name)
    track = _roost_track(board, _eyrie.ROOST_VP, _eyrie.DRAW_BONUS_AT)
    leader = board.get("leader")
    up = ", ".join(leader_name(x) for x in board["face_up_leaders"]) or _none()
    down = ", ".join(leader_name(x) for x in board["face_down_leaders"]) or _none()
    lines = [
        Text.assemble(
            _("Leader: "),
            (leader_name(leader) if leader else _none(), "bold"),
            _vizier_note(leader),
        ),
        Text(_("Face-up leaders: {up}    Face-down: {down}").format(up=up, down=down)),
        track,
        Text(_("Warriors in supply: {n}").format(n=board["warriors_in_supply"])),
    ]
    return Panel(
        Group(decree, *lines),
        title=faction_name("eyrie"),
        border_style="dodger_blue1",
        expand=False,
    )


def electric_eyrie_panel(board: JSON) -> Panel:
    """The Electric Eyrie's board (Law of Rootbotics 5): the Decree's suit columns, this
    turn's order card, the Roosts track, the difficulty and traits."""
    from .factions import electric_eyrie as _bot

    decree = _decree_table(board, list(_bot.COLUMNS), suit_name)
    lines = [
        _order_card(board),
        _roost_track(board, _bot.ROOST_VP),
        Text(_("Warriors in supply: {n}").format(n=board["warriors_in_supply"])),
        _bot_settings(board),
    ]
    return Panel(
        Group(decree, *lines),
        title=faction_name("electric-eyrie"),
        border_style="dodger_blue1",
        expand=False,
    )


def _order_card(board: JSON) -> Text:
    """A Clockwork bot's order card (Law of Rootbotics 2.7), if one is revealed."""
    order = board.get("order")
    return Text.assemble(_("Order card: "), _card(order) if order is not None else _none())


def _bot_settings(board: JSON) -> Text:
    """A Clockwork bot's difficulty and traits (Law of Rootbotics 3.3)."""
    traits = ", ".join(_(TRAIT_NAMES[t]) for t in board["traits"]) or _none()
    return Text(
        _("Difficulty: {level}    Traits: {traits}").format(
            level=_(DIFFICULTY_NAMES[board["difficulty"]]), traits=traits
        )
    )


def mechanical_marquise_panel(board: JSON) -> Panel:
    """The Mechanical Marquise 2.0's board (Law of Rootbotics 4): this turn's order card, the
    three Buildings tracks with the VP each scores in Evening, the keep, the difficulty and
    traits."""
    from .factions import mechanical_marquise as _bot

    t = Table(title=_("Buildings tracks"), title_justify="left")
    t.add_column(_("Building"))
    t.add_column(_("On track"), justify="right")
    t.add_column(_("On map"), justify="right")
    t.add_column(_("Evening VP"), justify="right")
    for kind in _marquise.BUILDINGS:
        left = int(board["buildings_on_track"][kind])
        placed = _marquise.PER_TRACK - left
        t.add_row(
            piece_name(kind), str(left), str(placed),
            str(_bot.TRACK_VP[placed - 1]) if placed else "0",
        )
    keep = board.get("keep")
    keep_text = _("clearing {clearing}").format(clearing=keep) if keep else _("removed")
    lines: list[RenderableType] = [
        _order_card(board),
        t,
        Text(
            _("Warriors in supply: {warriors}    Keep: {keep}").format(
                warriors=board["warriors_in_supply"], keep=keep_text
            )
        ),
        _bot_settings(board),
    ]
    return Panel(
        Group(*lines), title=faction_name(_bot.NAME), border_style="dark_orange", expand=False
    )


def _vizier_note(leader: str | None) -> str:
    if not leader or leader not in _eyrie.VIZIER_COLUMNS:
        return ""
    a, b = _eyrie.VIZIER_COLUMNS[leader]
    cols = _eyrie.COLUMNS
    return " " + _("(Viziers in {a} and {b})").format(
        a=column_name(cols[a]), b=column_name(cols[b])
    )


def marquise_panel(board: JSON, in_setup: bool = False) -> Panel:
    """The Marquise's board: buildings left on each track, next costs and VP, wood, keep."""
    t = Table(title=_("Building tracks"), title_justify="left")
    t.add_column(_("Building"))
    t.add_column(_("On track"), justify="right")
    t.add_column(_("On map"), justify="right")
    t.add_column(_("Next cost"), justify="right")
    t.add_column(_("Next VP"), justify="right")
    for kind in _marquise.BUILDINGS:
        left = int(board["buildings_on_track"][kind])
        placed = _marquise.PER_TRACK - left
        cost = board["next_cost"].get(kind)
        t.add_row(
            piece_name(kind),
            str(left),
            str(placed),
            "-" if cost is None else wood_text(int(cost)),
            "-" if not left else str(_marquise.VP[kind][placed]),
        )
    keep = board.get("keep")
    if keep:
        keep_text = _("clearing {clearing}").format(clearing=keep)
    else:
        keep_text = _("not placed") if in_setup else _("removed")
    lines: list[RenderableType] = [
        t,
        Text(
            _("Wood in supply: {wood}    Warriors in supply: {warriors}    Keep: {keep}").format(
                wood=board["wood_in_supply"], warriors=board["warriors_in_supply"], keep=keep_text
            )
        ),
    ]
    if board.get("actions_left") is not None:
        lines.append(Text(_("Actions left this Daylight: {n}").format(n=board["actions_left"])))
    return Panel(
        Group(*lines), title=faction_name("marquise"), border_style="dark_orange", expand=False
    )


def alliance_panel(board: JSON, supporters: list[JSON] | None = None) -> Panel:
    """The Alliance's board: the sympathy track (next cost and VP), bases, officers and the
    supporters stack (its cards only for the Alliance's own player, 8.2.3)."""
    t = Table(title=_("Sympathy track"), title_justify="left")
    t.add_column(_("Token"), justify="right")
    t.add_column(_("Cost"), justify="right")
    t.add_column(pgettext("column header", "VP"), justify="right")
    on_map = _alliance.SYMPATHY - int(board["sympathy_on_track"])
    track = zip(_alliance.SYMPATHY_COST, _alliance.SYMPATHY_VP, strict=True)
    for i, (cost, vpv) in enumerate(track):
        style = "dim" if i < on_map else ("bold" if i == on_map else "")
        t.add_row(str(i + 1), str(cost), str(vpv), style=style)
    limit = board.get("supporters_limit")
    count = str(board["supporters"]) + (f"/{limit}" if limit is not None else "")
    lines: list[RenderableType] = [
        t,
        Text(
            _(
                "Bases in the box: {bases}    Officers: {officers}    "
                "Warriors in supply: {warriors}    Supporters: {supporters}"
            ).format(
                bases=", ".join(suit_name(x) for x in board["bases_in_box"]) or "-",
                officers=board["officers"],
                warriors=board["warriors_in_supply"],
                supporters=count,
            )
        ),
    ]
    if supporters is not None:
        own = Text(_("Your supporters: "))
        for i, c in enumerate(supporters):
            if i:
                own.append(", ")
            own.append(_card(int(c["id"])))
        lines.append(own)
    if board.get("operations_left") is not None:
        lines.append(Text(_("Operations left: {n}").format(n=board["operations_left"])))
    return Panel(
        Group(*lines), title=faction_name("alliance"), border_style="green3", expand=False
    )


def automated_alliance_panel(board: JSON) -> Panel:
    """The Automated Alliance's board (Law of Rootbotics 6): the sympathy track's VP, the
    bases in the box, this turn's order card, the difficulty and traits."""
    t = Table(title=_("Sympathy track"), title_justify="left")
    t.add_column(_("Token"), justify="right")
    t.add_column(pgettext("column header", "VP"), justify="right")
    on_map = _alliance.SYMPATHY - int(board["sympathy_on_track"])
    for i, vpv in enumerate(_automated.SYMPATHY_VP):
        style = "dim" if i < on_map else ("bold" if i == on_map else "")
        t.add_row(str(i + 1), str(vpv), style=style)
    lines: list[RenderableType] = [
        t,
        _order_card(board),
        Text(
            _("Bases in the box: {bases}    Warriors in supply: {warriors}").format(
                bases=", ".join(suit_name(x) for x in board["bases_in_box"]) or "-",
                warriors=board["warriors_in_supply"],
            )
        ),
        _bot_settings(board),
    ]
    return Panel(
        Group(*lines),
        title=faction_name("automated-alliance"),
        border_style="green3",
        expand=False,
    )


def faction_panel(
    player: JSON, in_setup: bool = False, private: JSON | None = None
) -> RenderableType:
    f = player["faction"]
    if f == "eyrie":
        return eyrie_panel(player["board"])
    if f == "marquise":
        return marquise_panel(player["board"], in_setup)
    if f == "alliance":
        return alliance_panel(player["board"], (private or {}).get("supporters"))
    if f == "vagabond":
        return vagabond_panel(player["board"])
    if f == "electric-eyrie":
        return electric_eyrie_panel(player["board"])
    if f == "mechanical-marquise":
        return mechanical_marquise_panel(player["board"])
    if f == "automated-alliance":
        return automated_alliance_panel(player["board"])
    if f == "vagabot":
        return vagabot_panel(player["board"])
    return Panel(Text(str(player["board"])), title=faction_name(f))


def vagabond_panel(board: JSON) -> Panel:
    """The Vagabond's board: character, where the pawn is, items (public, 9.2.5), tracks,
    relationships and quests."""
    from .names import CHARACTER_NAMES, ITEM_STATE_NAMES, item_name

    lines: list[str] = []
    ch = board["character"]
    if ch:
        lines.append(pgettext("character", CHARACTER_NAMES[ch]))
    if board["pawn"]:
        lines.append(_("Pawn: {place}").format(place=board["pawn"]))
    for state, items in board["items"].items():
        if items:
            text = ", ".join(
                item_name(i) if n == 1 else f"{n} {item_name(i)}" for i, n in items.items()
            )
            lines.append(f"{pgettext('item state', ITEM_STATE_NAMES[state])}: {text}")
    tracks = ", ".join(f"{item_name(i)} {n}/3" for i, n in board["tracks"].items())
    lines.append(_("Tracks: {tracks}").format(tracks=tracks))
    rel = ", ".join(
        f"{faction_short_name(f)}: {relationship_name(str(r))}"
        for f, r in board["relationships"].items()
    )
    lines.append(_("Relationships: {rel}").format(rel=rel or _none()))
    quests = ", ".join(quest_name(q) for q in board["quests"])
    lines.append(_("Quests: {quests}").format(quests=quests or _none()))
    if board["completed_quests"]:
        done = ", ".join(quest_name(q) for q in board["completed_quests"])
        lines.append(_("Completed: {quests}").format(quests=done))
    return Panel(
        Group(*lines), title=faction_name("vagabond"), border_style="grey70", expand=False
    )


def vagabot_panel(board: JSON) -> Panel:
    """The Vagabot's board (Law of Rootbotics 7): character, pawn, items by state (all alike,
    7.2.3), the Battle Track and the maximum rolled hits (7.2.4), the quest, the order card,
    the difficulty and traits."""
    from .names import CHARACTER_NAMES, ITEM_STATE_NAMES

    items = ", ".join(
        f"{pgettext('item state', ITEM_STATE_NAMES[w])} {n}" for w, n in board["items"].items()
    )
    track = len(board["battle_track"])
    lines: list[RenderableType] = [
        Text(pgettext("character", CHARACTER_NAMES[board["character"]])),
        Text(_("Pawn: {place}").format(place=board["pawn"] or _none())),
        Text(_("Items: {items}").format(items=items)),
        Text(
            _("Battle Track: {n}/3    Maximum rolled hits: {hits}").format(
                n=track, hits=board["max_rolled_hits"]
            )
        ),
        Text(
            _("Quest: {quest}").format(
                quest=quest_name(board["quest"]) if board["quest"] else _none()
            )
        ),
        _order_card(board),
        _bot_settings(board),
    ]
    if board["completed_quests"]:
        done = ", ".join(quest_name(q) for q in board["completed_quests"])
        lines.append(Text(_("Completed: {quests}").format(quests=done)))
    return Panel(Group(*lines), title=faction_name("vagabot"), border_style="grey70",
                 expand=False)


def scores_table(view: JSON) -> Table:
    t = Table(title=_("Players"), title_justify="left")
    t.add_column(_("Seat"), justify="right")
    t.add_column(_("Faction"))
    # TRANSLATORS: column header, victory points.
    t.add_column(pgettext("column header", "VP"), justify="right")
    t.add_column(_("Hand"), justify="right")
    t.add_column(_("Crafted items"))
    t.add_column(_("Persistent"))
    t.add_column(pgettext("column header", "Dominance"))
    for p in view["players"]:
        mark = " *" if p["seat"] == view["turn_seat"] else ""
        t.add_row(
            str(p["seat"]) + mark,
            _fac(p["faction"], short=True),
            str(p["vp"]),
            str(p["hand_size"]),
            ", ".join(item_name(i) for i in p["items"]) or "-",
            ", ".join(card_key_name(k) for k in p["persistent"]) or "-",
            card_key_name(p["dominance"]) if p["dominance"] else "-",
        )
    return t


def card_line(cid: int) -> Text:
    """A card with what it does: kind, cost, item and VP."""
    c = DECK[cid]
    out = _card(cid)
    info = [card_kind_name(c.kind)]
    if c.cost:
        cost = "+".join(suit_name(s) if s != "any" else _("any") for s in c.cost)
        info.append(_("cost {cost}").format(cost=cost))
    if c.item:
        info.append(f"{item_name(c.item)}, {vp_text(c.vp)}")
    out.append(f"  [{'; '.join(info)}]", style="dim")
    return out


def hand_panel(view: JSON) -> RenderableType:
    hand = view.get("hand")
    if hand is None:
        return Text(_("(spectator: no hand)"), style="dim")
    lines: list[RenderableType] = [card_line(int(c["id"])) for c in hand] or [
        Text(_("(no cards)"), style="dim")
    ]
    return Panel(
        Group(*lines),
        title=_("Your hand ({n})").format(n=len(hand)),
        border_style="green",
        expand=False,
    )


def supply_text(view: JSON) -> Text:
    items = ", ".join(f"{item_name(k)} {v}" for k, v in view["item_supply"].items() if v)
    t = Text(_("Item supply: {items}").format(items=items or _("empty")) + "\n")
    t.append(_("Draw pile: {cards}").format(cards=cards_text(view["draw_pile_size"])) + "    ")
    disc = view["discard_pile"]
    t.append(_("Discard pile: {cards}").format(cards=cards_text(len(disc))))
    if disc:
        t.append(" (" + _("top: "))
        t.append(_card(int(disc[-1]["id"])))
        t.append(")")
    doms = view.get("available_dominance") or []
    if doms:
        names = ", ".join(card_name(int(d["id"])) for d in doms)
        t.append("\n" + _("Available dominance: {cards}").format(cards=names))
    coffins = view.get("coffins") or {}
    if coffins:
        # Coffin Makers (the Exiles and Partisans deck): the warriors lying on it.
        on = ", ".join(f"{faction_name(f)} {n}" for f, n in coffins.items())
        t.append("\n" + _("On Coffin Makers: {warriors}").format(warriors=on))
    return t


def seen_hands_text(view: JSON) -> Text | None:
    seen = view.get("seen_hands")
    if not seen:
        return None
    t = Text(pgettext("card", "Codebreakers") + ": ")
    for f, cards in seen.items():
        held = ", ".join(card_name(int(c["id"])) for c in cards) or _("nothing")
        t.append(_("{faction} held {cards}").format(faction=faction_name(f), cards=held))
        t.append("  ")
    return t


def status_text(view: JSON) -> Text:
    t = Text(_("Turn {n}: ").format(n=view["turn_number"] + 1), style="bold")
    t.append(_fac(view["turn_faction"]))
    if view["phase"] == "over":
        t.append("  " + phase_name("over") + ": ")
        winners = ", ".join(faction_name(w) for w in view["winners"]) or _("nobody")
        t.append(win_text(winners, view["win_reason"], len(view["winners"])))
        return t
    if view.get("cooperative"):
        t.append("\n" + cooperative_text(), style="italic")
    step = ""
    if view["step"] and view["phase"] != "setup":
        step = " (" + step_name(str(view["step"])) + ")"
    t.append(f"  {phase_name(view['phase'])}{step}")
    if view["current_faction"] is not None:
        t.append("  " + _("Deciding: "))
        t.append(_fac(view["current_faction"]))
        prompt = prompt_text(view["decision"]) if view.get("decision") else view["prompt"]
        t.append(f" - {prompt}")
    battle = view.get("battle")
    if battle:
        t.append(
            "\n"
            + _("Battle in clearing {clearing}: {attacker} attacks {defender}").format(
                clearing=battle["clearing"],
                attacker=faction_in_sentence(battle["attacker"]),
                defender=faction_in_sentence(battle["defender"]),
            )
        )
        if battle.get("dice"):
            t.append(", " + _("dice {a} and {b}").format(a=battle["dice"][0], b=battle["dice"][1]))
    return t


def cooperative_text() -> str:
    """The goal of fully cooperative play (Law of Rootbotics 3.5.1), for the status line."""
    return _(
        "Cooperative game: the humans win if each of them reaches 30 VP before any bot does"
    )


def win_text(winners: str, reason: str | None, count: int = 1) -> str:
    """"Eyrie Dynasties wins by VP"."""
    # TRANSLATORS: how a game was won ("... wins by VP").
    why = {"vp": pgettext("win reason", "VP"), "dominance": pgettext("win reason", "dominance")}
    return ngettext("{winners} wins by {reason}", "{winners} win by {reason}", count).format(
        winners=winners, reason=why.get(str(reason), str(reason))
    )


def map_or_table(view: JSON) -> RenderableType:
    """The map drawn as a map (rootgame.map_view), or the table of clearings for a map
    without a drawn layout."""
    from .map_view import draw_map, legend

    drawn = draw_map(view)
    if drawn is None:
        return board_table(view)
    return Group(Text(_("The Woodland"), style="italic"), drawn, legend(view))


def render_view(view: JSON) -> Group:
    """The whole table as the view's seat sees it."""
    parts: list[RenderableType] = [status_text(view), map_or_table(view)]
    own = view.get("faction")
    for p in view["players"]:
        private = view.get("private") if p["faction"] == own else None
        parts.append(faction_panel(p, view["phase"] == "setup", private))
    parts.append(scores_table(view))
    parts.append(supply_text(view))
    seen = seen_hands_text(view)
    if seen is not None:
        parts.append(seen)
    parts.append(hand_panel(view))
    return Group(*parts)
