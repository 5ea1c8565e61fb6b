"""Terminal rendering with rich, from a VIEW (``game.view(seat)``), never from the GameState.

Only the view and the static tables (the deck, the faction boards' printed tracks) are read,
so what is drawn is exactly what the seat may know.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .cards import DECK
from .describe import (
    COLUMN_NAMES,
    LEADER_NAMES,
    card_key_name,
    card_name,
    faction_name,
    faction_short_name,
    item_name,
    piece_name,
    suit_name,
)
from .factions import eyrie as _eyrie
from .factions import marquise as _marquise

JSON = dict[str, Any]

FACTION_STYLE: dict[str, str] = {"marquise": "dark_orange", "eyrie": "dodger_blue1"}
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
    name = piece_name(kind)
    return name if n == 1 else f"{n} {name}"


def _pieces(clearing: JSON, faction: str) -> str:
    parts: list[str] = []
    w = int(clearing["warriors"].get(faction, 0))
    if w:
        parts.append(f"{w}w")
    kinds: dict[str, int] = {}
    for owner, kind in clearing["buildings"]:
        if owner == faction:
            kinds[kind] = kinds.get(kind, 0) + 1
    for owner, kind in clearing["tokens"]:
        if owner == faction:
            kinds[kind] = kinds.get(kind, 0) + 1
    parts.extend(_count(k, n) for k, n in kinds.items())
    return " ".join(parts)


def board_table(view: JSON) -> Table:
    """One row per clearing: suit, free slots, pieces per faction, ruins, ruler."""
    t = Table(title="The Woodland", title_justify="left", expand=False)
    t.add_column("#", justify="right")
    t.add_column("Suit")
    t.add_column("Slots", justify="center")
    for f in view["factions"]:
        t.add_column(faction_short_name(f), style=FACTION_STYLE.get(f, ""))
    t.add_column("Ruin", justify="center")
    t.add_column("Ruler")
    for c in view["clearings"]:
        used = len(c["buildings"])
        ruins = sum(1 for o, k in c["buildings"] if o is None and k == "ruin")
        t.add_row(
            str(c["id"]),
            _suit(c["suit"]),
            f"{c['slots'] - used}/{c['slots']}",
            *[_pieces(c, f) for f in view["factions"]],
            "ruin" if ruins else "",
            _fac(c["ruler"], short=True),
        )
    return t


def eyrie_panel(board: JSON) -> Panel:
    """The Eyrie's board: the Decree (Viziers shown as Loyal Vizier), the roost track, the
    leaders."""
    decree = Table(title="Decree", title_justify="left", show_lines=False)
    cols = list(_eyrie.COLUMNS)
    for col in cols:
        decree.add_column(COLUMN_NAMES.get(col, col))
    columns: list[list[int]] = [list(board["decree"].get(col, [])) for col in cols]
    depth = max((len(c) for c in columns), default=0)
    for i in range(depth):
        decree.add_row(*[_card(c[i]) if i < len(c) else Text("") for c in columns])
    if depth == 0:
        decree.add_row(*["" for _ in cols])
    on_map = _eyrie.ROOSTS - int(board["roosts_on_track"])
    track = Text("Roost track: ")
    for i, vpv in enumerate(_eyrie.ROOST_VP):
        if i < on_map:
            track.append(f"[{vpv}]", style="bold green")
        else:
            track.append(" ⌂ ", style="dodger_blue1")
        if i + 1 in _eyrie.DRAW_BONUS_AT:
            track.append("+card", style="dim")
        track.append(" ")
    score_now = _eyrie.ROOST_VP[on_map - 1] if on_map else 0
    track.append(f"  ({on_map} on the map: {score_now} VP each Evening)")
    leader = board.get("leader")
    lines = [
        Text.assemble(
            "Leader: ",
            (LEADER_NAMES.get(leader, str(leader)) if leader else "none", "bold"),
            _vizier_note(leader),
        ),
        Text(
            "Face-up leaders: "
            + (", ".join(LEADER_NAMES.get(x, x) for x in board["face_up_leaders"]) or "none")
            + "    Face-down: "
            + (", ".join(LEADER_NAMES.get(x, x) for x in board["face_down_leaders"]) or "none")
        ),
        track,
        Text(f"Warriors in supply: {board['warriors_in_supply']}"),
    ]
    return Panel(
        Group(decree, *lines),
        title=faction_name("eyrie"),
        border_style="dodger_blue1",
        expand=False,
    )


def _vizier_note(leader: str | None) -> str:
    if not leader or leader not in _eyrie.VIZIER_COLUMNS:
        return ""
    a, b = _eyrie.VIZIER_COLUMNS[leader]
    cols = _eyrie.COLUMNS
    return f" (Viziers in {COLUMN_NAMES[cols[a]]} and {COLUMN_NAMES[cols[b]]})"


def marquise_panel(board: JSON, in_setup: bool = False) -> Panel:
    """The Marquise's board: buildings left on each track, next costs and VP, wood, keep."""
    t = Table(title="Building tracks", title_justify="left")
    t.add_column("Building")
    t.add_column("On track", justify="right")
    t.add_column("On map", justify="right")
    t.add_column("Next cost", justify="right")
    t.add_column("Next VP", justify="right")
    for kind in _marquise.BUILDINGS:
        left = int(board["buildings_on_track"][kind])
        placed = _marquise.PER_TRACK - left
        cost = board["next_cost"].get(kind)
        t.add_row(
            piece_name(kind),
            str(left),
            str(placed),
            "-" if cost is None else f"{cost} wood",
            "-" if not left else str(_marquise.VP[kind][placed]),
        )
    keep = board.get("keep")
    keep_text = f"clearing {keep}" if keep else ("not placed" if in_setup else "removed")
    lines: list[RenderableType] = [
        t,
        Text(
            f"Wood in supply: {board['wood_in_supply']}    "
            f"Warriors in supply: {board['warriors_in_supply']}    "
            f"Keep: {keep_text}"
        ),
    ]
    if board.get("actions_left") is not None:
        lines.append(Text(f"Actions left this Daylight: {board['actions_left']}"))
    return Panel(
        Group(*lines), title=faction_name("marquise"), border_style="dark_orange", expand=False
    )


def faction_panel(player: JSON, in_setup: bool = False) -> RenderableType:
    f = player["faction"]
    if f == "eyrie":
        return eyrie_panel(player["board"])
    if f == "marquise":
        return marquise_panel(player["board"], in_setup)
    return Panel(Text(str(player["board"])), title=faction_name(f))


def scores_table(view: JSON) -> Table:
    t = Table(title="Players", title_justify="left")
    t.add_column("Seat", justify="right")
    t.add_column("Faction")
    t.add_column("VP", justify="right")
    t.add_column("Hand", justify="right")
    t.add_column("Crafted items")
    t.add_column("Persistent")
    t.add_column("Dominance")
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
    info = [c.kind]
    if c.cost:
        info.append("cost " + "+".join(c.cost))
    if c.item:
        info.append(f"{item_name(c.item)}, {c.vp} VP")
    out.append(f"  [{'; '.join(info)}]", style="dim")
    return out


def hand_panel(view: JSON) -> RenderableType:
    hand = view.get("hand")
    if hand is None:
        return Text("(spectator: no hand)", style="dim")
    lines: list[RenderableType] = [card_line(int(c["id"])) for c in hand] or [
        Text("(no cards)", style="dim")
    ]
    return Panel(
        Group(*lines), title=f"Your hand ({len(hand)})", border_style="green", expand=False
    )


def supply_text(view: JSON) -> Text:
    items = ", ".join(f"{item_name(k)} {v}" for k, v in view["item_supply"].items() if v)
    t = Text(f"Item supply: {items or 'empty'}\n")
    t.append(f"Draw pile: {view['draw_pile_size']} cards    ")
    disc = view["discard_pile"]
    t.append(f"Discard pile: {len(disc)} cards")
    if disc:
        t.append(" (top: ")
        t.append(_card(int(disc[-1]["id"])))
        t.append(")")
    doms = view.get("available_dominance") or []
    if doms:
        t.append("\nAvailable dominance: " + ", ".join(card_name(int(d["id"])) for d in doms))
    return t


def seen_hands_text(view: JSON) -> Text | None:
    seen = view.get("seen_hands")
    if not seen:
        return None
    t = Text("Codebreakers: ")
    for f, cards in seen.items():
        t.append(f"{faction_name(f)} held ")
        t.append(", ".join(card_name(int(c["id"])) for c in cards) or "nothing")
        t.append("  ")
    return t


def status_text(view: JSON) -> Text:
    t = Text(f"Turn {view['turn_number'] + 1}: ", style="bold")
    t.append(_fac(view["turn_faction"]))
    if view["phase"] == "over":
        t.append("  Game over: ")
        t.append(", ".join(faction_name(w) for w in view["winners"]) or "nobody")
        t.append(f" wins by {view['win_reason']}")
        return t
    step = ""
    if view["step"] and view["phase"] != "setup":
        step = " (" + str(view["step"]).replace("_", " ") + ")"
    t.append(f"  {view['phase'].capitalize()}{step}")
    if view["current_faction"] is not None:
        t.append("  Deciding: ")
        t.append(_fac(view["current_faction"]))
        t.append(f" - {view['prompt']}")
    battle = view.get("battle")
    if battle:
        t.append(
            f"\nBattle in clearing {battle['clearing']}: {faction_name(battle['attacker'])} "
            f"attacks {faction_name(battle['defender'])}"
        )
        if battle.get("dice"):
            t.append(f", dice {battle['dice'][0]} and {battle['dice'][1]}")
    return t


def render_view(view: JSON) -> Group:
    """The whole table as the view's seat sees it."""
    parts: list[RenderableType] = [status_text(view), board_table(view)]
    parts.extend(faction_panel(p, view["phase"] == "setup") for p in view["players"])
    parts.append(scores_table(view))
    parts.append(supply_text(view))
    seen = seen_hands_text(view)
    if seen is not None:
        parts.append(seen)
    parts.append(hand_panel(view))
    return Group(*parts)
