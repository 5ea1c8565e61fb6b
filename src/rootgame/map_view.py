"""The map drawn as a map, for the terminal: each clearing in its place on the printed map (a
box with its number, suit, free building slots, ruler and the pieces of each faction), the
paths between them as dotted lines (a closed path of the Mountain as crosses), the Lake's
Ferry and the Mountain's Tower marked on their clearing's box. 100 columns by 23 lines.

It reads a view (``game.view(seat)``), never the GameState. Every word is translated; the
short forms used inside the boxes are explained by the legend under the map.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from .board import Board, load_board
from .i18n import Np_, pgettext
from .i18n import gettext as _
from .names import faction_short_name, suit_name

JSON = dict[str, Any]

WIDTH = 100
HEIGHT = 23
BOX_W = 16
BOX_H = 5



def places(board: Board) -> dict[int, tuple[int, int]]:
    """(line, column) of the top left corner of each clearing's box: the clearing positions of
    the map's data file (the printed map's picture) scaled to 100x23 characters."""
    xs = [board.xy[c][0] for c in board.clearings]
    ys = [board.xy[c][1] for c in board.clearings]
    w, h = max(max(xs) - min(xs), 1), max(max(ys) - min(ys), 1)
    return {
        c: (
            round((board.xy[c][1] - min(ys)) / h * (HEIGHT - BOX_H)),
            round((board.xy[c][0] - min(xs)) / w * (WIDTH - BOX_W)),
        )
        for c in board.clearings
    }

SUIT_STYLE: dict[str, str] = {"fox": "red", "rabbit": "yellow", "mouse": "dark_orange3"}
FACTION_STYLE: dict[str, str] = {"marquise": "dark_orange", "eyrie": "dodger_blue1"}


def abbreviations() -> dict[str, str]:
    """The short forms of pieces inside a clearing's box, in the current language."""
    return {
        # TRANSLATORS: short forms of pieces inside the boxes of the map (at most 5 letters);
        # the legend under the map explains them.
        "warrior": pgettext("map", "w"),
        "sawmill": pgettext("map", "saw"),
        "workshop": pgettext("map", "wksh"),
        "recruiter": pgettext("map", "recr"),
        "keep": pgettext("map", "keep"),
        "wood": pgettext("map", "wood"),
        "roost": pgettext("map", "roost"),
        "ruin": pgettext("map", "ruin"),
        # TRANSLATORS: a building slot covered by the Vagabot's item (LR 7.7.5).
        "item": pgettext("map", "item"),
        "base": pgettext("map", "base"),
        "sympathy": pgettext("map", "symp"),
        "pawn": pgettext("map", "pawn"),
        # TRANSLATORS: the Lake map's Ferry and the Mountain map's Tower, marked on the bottom
        # border of their clearing's box (at most 5 letters).
        "ferry": pgettext("map", "ferry"),
        "tower": pgettext("map", "tower"),
        # TRANSLATORS: the other landmarks (appendix L), marked the same way (at most 5
        # letters): the Legendary Forge, the Lost City, the Black Market, the Elder Treetop.
        "forge": pgettext("map", "forge"),
        "lost-city": pgettext("map", "city"),
        "black-market": pgettext("map", "mrket"),
        "elder-treetop": pgettext("map", "tree"),
    }


# TRANSLATORS: the one letter that marks a faction's pieces on the map, different for each
# faction (Portuguese: Marqueses "M", Malandro "L").
MAP_LETTERS: dict[str, str] = {
    "marquise": Np_("map letter", "M"),
    "eyrie": Np_("map letter", "E"),
    "alliance": Np_("map letter", "A"),
    "vagabond": Np_("map letter", "V"),
}


def letter(faction: str) -> str:
    """One letter for a faction on the map (its own in each language, ``MAP_LETTERS``)."""
    if faction in MAP_LETTERS:
        return pgettext("map letter", MAP_LETTERS[faction])
    return faction_short_name(faction)[:1].upper()


def pieces(clearing: JSON, faction: str, short: dict[str, str]) -> list[str]:
    """A faction's pieces in a clearing, shortly: ``["3w", "saw", "keep", "2wood"]``."""
    parts: list[str] = []
    w = int(clearing["warriors"].get(faction, 0))
    if w:
        parts.append(f"{w}{short['warrior']}")
    kinds: dict[str, int] = {}
    for owner, kind in list(clearing["buildings"]) + list(clearing["tokens"]):
        if owner == faction:
            kinds[kind] = kinds.get(kind, 0) + 1
    for kind, n in kinds.items():
        name = short.get(kind, kind)
        parts.append(name if n == 1 else f"{n}{name}")
    if faction in clearing.get("pawns", ()):
        parts.append(short["pawn"])
    return parts


def draw_map(view: JSON) -> Text | None:
    """The map of the view's game as text (None for a map without a layout)."""
    try:
        board = load_board(str(view.get("map", "autumn")))
    except ValueError:
        return None
    at = places(board)
    grid = [[" "] * WIDTH for _ in range(HEIGHT)]
    styles: list[list[str]] = [[""] * WIDTH for _ in range(HEIGHT)]
    centre = {c: (r + BOX_H // 2, col + BOX_W // 2) for c, (r, col) in at.items()}
    boxes = {(r + dr, col + dc) for r, col in at.values()
             for dr in range(BOX_H) for dc in range(BOX_W)}
    closed = {(int(a), int(b)) for a, b in view.get("closed_paths", ())}
    for a, b in board.printed_paths:
        mark, style = ("x", "red") if (a, b) in closed else ("·", "green")
        for r, col in _line(centre[a], centre[b]):
            if (r, col) not in boxes and 0 <= r < HEIGHT and 0 <= col < WIDTH:
                grid[r][col] = mark
                styles[r][col] = style
    short = abbreviations()
    by_id = {int(c["id"]): c for c in view["clearings"]}
    marks = {int(view[k]): short[k] for k in ("ferry", "tower") if view.get(k)}
    for name, c in (view.get("landmarks") or {}).items():
        if c and name not in ("ferry", "tower"):
            marks[int(c)] = short[name]
    for cid, (r, col) in at.items():
        _box(grid, styles, r, col, by_id[cid], view["factions"], short, marks.get(cid, ""))
    text = Text()
    for r in range(HEIGHT):
        line = "".join(grid[r]).rstrip()
        start = len(text)
        text.append(line + "\n")
        for col, style in enumerate(styles[r][: len(line)]):
            if style:
                text.stylize(style, start + col, start + col + 1)
    return text


def legend(view: JSON) -> Text:
    """The line under the map that explains its letters and short forms."""
    short = abbreviations()
    who = "  ".join(
        f"{letter(f)} {faction_short_name(f)}" for f in view["factions"]
    )
    return Text(
        _(
            "{factions}  *: rules the clearing  [n]: free building slots  {w}: warriors  "
            "{saw}: sawmill  {wksh}: workshop  {recr}: recruiter"
        ).format(
            factions=who, w=short["warrior"], saw=short["sawmill"], wksh=short["workshop"],
            recr=short["recruiter"],
        ),
        style="dim",
    )


def _box(
    grid: list[list[str]],
    styles: list[list[str]],
    r: int,
    col: int,
    clearing: JSON,
    factions: list[str],
    short: dict[str, str],
    landmark: str = "",
) -> None:
    inner = BOX_W - 2
    free = int(clearing["slots"]) - len(clearing["buildings"])
    ruler = clearing.get("ruler")
    top = "┌" + _fit(f"{clearing['id']} {suit_name(str(clearing['suit']))}", inner, "─") + "┐"
    bottom_text = f"[{free}]" + (f"{landmark}─" if landmark else "") + "─" * inner
    if ruler:
        mark = f"{letter(str(ruler))}*"
        bottom_text = bottom_text[: inner - len(mark) - 1] + mark + "─"
    bottom = "└" + bottom_text[:inner] + "┘"
    rows: list[tuple[str, str]] = []
    for f in factions:
        words = pieces(clearing, f, short)
        if words:
            rows.extend((f, line) for line in _flow([letter(f), *words], inner))
    if any(o is None and k == "ruin" for o, k in clearing["buildings"]):
        rows.append(("", short["ruin"]))
    covered = sum(1 for o, k in clearing["buildings"] if o is None and k == "item")
    if covered:
        rows.append(("", " ".join([short["item"]] * covered)))
    if len(rows) > BOX_H - 2:
        rows = rows[: BOX_H - 2]
        f, last = rows[-1]
        rows[-1] = (f, _fit(last + " …", inner, " ").rstrip())
    while len(rows) < BOX_H - 2:
        rows.append(("", ""))
    lines = [top] + ["│" + _fit(t, inner, " ") + "│" for _f, t in rows] + [bottom]
    suit_style = SUIT_STYLE.get(str(clearing["suit"]), "")
    for dr, line in enumerate(lines):
        for dc, ch in enumerate(line):
            grid[r + dr][col + dc] = ch
            edge = dr in (0, BOX_H - 1) or dc in (0, BOX_W - 1)
            styles[r + dr][col + dc] = suit_style if edge else ""
    for dr, (f, _t) in enumerate(rows, start=1):
        for dc in range(1, BOX_W - 1):
            styles[r + dr][col + dc] = FACTION_STYLE.get(f, "")


def _flow(words: list[str], width: int) -> list[str]:
    """Words in lines of at most ``width`` characters; the lines after the first indented."""
    lines: list[str] = []
    line = ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = "  " + w
        else:
            line = f"{line} {w}" if line else w
    if line:
        lines.append(line)
    return lines


def _fit(text: str, width: int, fill: str) -> str:
    if len(text) > width:
        return text[: width - 1] + "…"
    return text + fill * (width - len(text))


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells of a straight line from ``a`` to ``b`` (Bresenham), with every other cell
    left out along long horizontal runs so that the dots read as a path."""
    (r0, c0), (r1, c1) = a, b
    dr, dc = abs(r1 - r0), abs(c1 - c0)
    sr, sc = (1 if r1 > r0 else -1), (1 if c1 > c0 else -1)
    err = dc - dr
    out = []
    r, c = r0, c0
    while True:
        out.append((r, c))
        if (r, c) == (r1, c1):
            break
        e2 = 2 * err
        if e2 > -dr:
            err -= dr
            c += sc
        if e2 < dc:
            err += dc
            r += sr
    return [p for i, p in enumerate(out) if dc <= 2 * dr or i % 2 == 0]
