"""The text form of positions (docs/positions.md, "Position strings"): one line, like a chess
FEN, that :func:`to_string` writes and :func:`from_string` reads back.

The line stands for the builder description of a game (``position.describe_position``), the
same dict that ``position.build`` reads: :func:`format_position` writes a description as a line
and :func:`parse_position` reads one back. The round trip is exact (same state hash, same legal
actions, same random generator): at the start of a turn step the line says where in the turn;
in the middle of a step (a battle, a move...) it also carries the pending decision stack. Every
error names the field.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .cards import DECK, ids_for_key
from .errors import PositionError
from .flow import FACTIONS
from .game import Game
from .position import _COLUMNS, _game, _is_int, build_state, describe_position, parse_pieces

MAGIC = "rootpos/1"
"""The first word of a position string: the format and its version."""

LETTERS: dict[str, str] = {
    "marquise": "m", "eyrie": "e", "alliance": "a", "vagabond": "v", "electric-eyrie": "ee",
    "mechanical-marquise": "mm",
    "automated-alliance": "aa",
    "vagabot": "vb",
}
"""The one-letter name of each faction in position strings (the full name works too)."""

BOARD_FIELDS: dict[str, tuple[str, ...]] = {
    "marquise": ("home",),
    "eyrie": ("leader", "face_up", "decree", "home", "col", "pending"),
    "alliance": ("officers", "supporters"),
    "electric-eyrie": ("decree", "order", "home", "difficulty", "traits"),
    "mechanical-marquise": ("order", "home", "difficulty", "traits"),
    "automated-alliance": ("order", "difficulty", "traits"),
    "vagabot": (
        "character", "pawn", "items", "track", "quest", "done", "quest_deck", "ruins", "gained",
        "covered", "order", "difficulty", "traits",
    ),
    "vagabond": (
        "character", "pawn", "items", "relationships", "quests", "done", "quest_deck", "ruins",
        "removed",
    ),
}
"""The faction-board fields of each faction, written ``faction.field=value``."""

_SUIT_COLUMNS = ("fox", "mouse", "rabbit", "bird")
"""The Electric Eyrie's Decree columns (Law of Rootbotics 5)."""


def to_string(game: Game) -> str:
    """The one-line position string of ``game`` (see :func:`from_string`). Raises
    :class:`PositionError` once the game is over."""
    return format_position(describe_position(game))


def from_string(text: str) -> Game:
    """The game of a position string (written by :func:`to_string` or by hand). Errors name
    the field. The game keeps an event log from this point on."""
    desc = parse_position(text)
    g = build_state(desc)
    g.log = []
    return _game(g, desc)


def format_position(desc: dict[str, Any]) -> str:
    """The position string of a builder description (the inverse of :func:`parse_position`)."""
    fa: list[str] = list(desc.get("factions", ["marquise", "eyrie"]))

    def who(x: Any) -> str:
        name = fa[x] if _is_int(x) else str(x)
        return LETTERS.get(name, name)

    def per_seat(v: dict[Any, Any], fmt: Any) -> str:
        return "/".join(f"{who(k)}:{fmt(x)}" for k, x in v.items()) or "-"

    words = [MAGIC, "factions=" + ",".join(fa)]

    def add(name: str, value: Any) -> None:
        words.append(f"{name}={value}")

    for key in ("map", "suits", "ferry", "shared_deck", "mode", "turn", "at", "number", "first"):
        if key in desc:
            add(key, who(desc[key]) if key in ("turn", "first") else desc[key])
    if "closed" in desc:
        add("closed", ",".join(f"{a}-{b}" for a, b in desc["closed"]) or "-")
    if "clearings" in desc:
        parts = []
        for c, per in desc["clearings"].items():
            groups = per.items() if isinstance(per, dict) else per
            texts = [_group_text(who(o), t) for o, t in groups]
            parts.append(f"{c}:" + "/".join(x for x in texts if x))
        add("clearings", ";".join(parts) or "-")
    if "ruins" in desc:
        add("ruins", ",".join(str(c) for c in desc["ruins"]) or "-")
    for key in ("hands", "persistent"):
        if key in desc:
            add(key, per_seat(desc[key], _card_list))
    if "dominance" in desc:
        add("dominance", per_seat(desc["dominance"], _card_text))
    if "coalition" in desc:
        add("coalition", per_seat(desc["coalition"], who))
    if "crafted" in desc:
        add("crafted", per_seat(desc["crafted"], lambda v: ",".join(v) or "-"))
    for key in ("vp", "coffins"):
        if key in desc:
            add(key, per_seat(desc[key], str))
    for name in fa:
        spec = desc.get(name, {})
        for field in BOARD_FIELDS.get(name, ()):
            if field in spec:
                add(f"{name}.{field}", _board_text(field, spec[field]))
    for key in ("available_dominance", "discard", "removed", "deck"):
        if key in desc:
            add(key, _card_list(desc[key]))
    if "landmarks" in desc:
        add("landmarks", ",".join(f"{n}:{c}" for n, c in desc["landmarks"].items()) or "-")
    for key in ("items", "forge"):
        if key in desc:
            add(key, ",".join(f"{k}{it}" for it, k in desc[key].items() if k) or "-")
    if "market" in desc:
        add("market", _card_list(desc["market"]))
    if "dice" in desc:
        add("dice", ",".join(f"{a}-{b}" for a, b in desc["dice"]) or "-")
    if "turn_state" in desc:
        add("turn_state", _turn_state_text(desc["turn_state"], who) or "-")
    if "seed" in desc:
        add("seed", desc["seed"])
    if "stack" in desc:
        text = json.dumps(desc["stack"], separators=(",", ":"), ensure_ascii=True)
        add("stack", text.replace(" ", "\\u0020"))
    return " ".join(words)


def _group_text(letter: str, text: Any) -> str:
    """A faction's pieces in one clearing: ``m2w+sawmill+2wood+keep``, ``e+roost``."""
    parts = []
    for kind, k in parse_pieces(text, "clearings"):
        parts.append(f"{k}w" if kind == "warrior" else (kind if k == 1 else f"{k}{kind}"))
    if not parts:
        return ""
    return (
        letter
        + ("" if parts[0][0].isdigit() and parts[0].endswith("w") else "+")
        + ("+".join(parts))
    )


def _card_text(ref: Any) -> str:
    """A card: its key, or ``key.N`` for its Nth copy (``vizier.N`` for a Loyal Vizier)."""
    if _is_int(ref):
        if ref < 0:
            return f"vizier.{-ref}"
        key = DECK[ref].key
        return f"{key}.{ids_for_key(key).index(ref) + 1}"
    return str(ref)


def _card_list(refs: list[Any]) -> str:
    return ",".join(_card_text(r) for r in refs) or "-"


def _board_text(field: str, v: Any) -> str:
    if field in ("leader", "character", "pawn"):
        return "-" if v is None else str(v)
    if field in ("face_up", "traits"):
        return ",".join(v) or "-"
    if field == "order":
        return _card_text(v)
    if field == "decree":
        return "/".join(f"{col}:{_card_list(refs)}" for col, refs in v.items()) or "-"
    if field in ("pending", "supporters"):
        return _card_list(v)
    if field in ("items", "ruins"):  # the Vagabond: state or clearing -> items
        return "/".join(f"{k}:{str(x).replace(' ', '+') or '-'}" for k, x in v.items()) or "-"
    if field == "relationships":
        return "/".join(f"{k}:{x}" for k, x in v.items()) or "-"
    if field in ("quests", "done", "quest_deck", "covered"):
        return ",".join(str(x) for x in v) or "-"
    if field == "removed":
        return str(v).replace(" ", "+") or "-"
    return str(v)


def _turn_state_text(ts: dict[str, Any], who: Any) -> str:
    items: list[str] = []
    for k, v in ts.items():
        if k == "seen":
            for s, cards in v.items():
                items.append(f"seen:{who(s)}=" + "+".join(_card_text(c) for c in cards))
        elif k == "used":
            items.append("used:" + "+".join(v))
        elif k == "aids":
            items.append("aids:" + "+".join(str(x) for x in v))
        elif k == "craft_used":
            items.append("craft_used:" + "+".join(f"{n}{suit}" for suit, n in v.items()))
        elif v is True:
            items.append(k)
        elif v is False:
            items.append(f"{k}:false")
        elif _is_int(v):
            items.append(f"{k}:{v}")
        else:
            raise PositionError(f"turn_state.{k}: {v!r} cannot be written in a position string")
    return ",".join(items)


_TOP_FIELDS = (
    "factions", "map", "suits", "ferry", "shared_deck", "mode", "closed", "turn", "at", "number",
    "first", "clearings", "ruins", "hands",
    "persistent", "dominance", "coalition", "crafted", "vp", "coffins", "available_dominance",
    "discard", "removed",
    "deck", "items", "dice", "turn_state", "seed", "stack", "landmarks", "forge", "market",
)  # fmt: skip
_INT = re.compile(r"^-?\d{1,30}$")
_COUNTED = re.compile(r"^(\d{0,2})([a-z]+)$")


def parse_position(text: str) -> dict[str, Any]:
    """The builder description of a position string. Raises :class:`PositionError` naming
    the field."""
    if not isinstance(text, str):
        raise PositionError("a position string is text")
    words = text.split()
    if not words:
        raise PositionError("the position string is empty")
    if "=" not in words[0]:
        if words[0].startswith("rootpos/"):
            if words[0] != MAGIC:
                raise PositionError(f"version: {words[0]!r} is not a version this reads ({MAGIC})")
        else:
            raise PositionError(
                f"a position string starts with {MAGIC!r} then fields name=value, "
                f"not {words[0][:40]!r}"
            )
        words = words[1:]
    raw: dict[str, str] = {}
    for w in words:
        name, sep, value = w.partition("=")
        if not sep:
            raise PositionError(f"{name[:40]}: a field is written name=value")
        if name in raw:
            raise PositionError(f"{name[:40]}: the field is given twice")
        raw[name] = value
    fa = _factions_field(raw.get("factions", "marquise,eyrie"))
    desc: dict[str, Any] = {"factions": fa}
    for name, value in raw.items():
        fname, dot, field = name.partition(".")
        if name in _TOP_FIELDS:
            if name != "factions":
                desc[name] = _decode(name, value, fa)
        elif (
            dot
            and _faction_name(fname, fa) is not None
            and field in BOARD_FIELDS.get(str(_faction_name(fname, fa)), ())
        ):
            full = str(_faction_name(fname, fa))
            desc.setdefault(full, {})[field] = _decode_board(f"{full}.{field}", field, value)
        else:
            fields = list(_TOP_FIELDS) + [f"{f}.{x}" for f in fa for x in BOARD_FIELDS.get(f, ())]
            raise PositionError(f"{name[:40]}: unknown field; known: {', '.join(fields)}")
    return desc


def _factions_field(value: str) -> list[str]:
    out = []
    for x in value.split(","):
        inverse = {v: k for k, v in LETTERS.items()}
        name = inverse.get(x, x)
        if name not in FACTIONS:
            raise PositionError(f"factions: {x[:40]!r} is not a faction ({', '.join(FACTIONS)})")
        out.append(name)
    return out


def _faction_name(ref: str, fa: list[str]) -> str | None:
    if ref in fa:
        return ref
    for f in fa:
        if LETTERS.get(f) == ref:
            return f
    return None


def _faction(ref: str, fa: list[str], where: str) -> str:
    name = _faction_name(ref, fa)
    if name is None:
        letters = ", ".join(f"{LETTERS.get(f, f)} ({f})" for f in fa)
        raise PositionError(f"{where}: {ref[:40]!r} is not a faction of this game: {letters}")
    return name


def _int(value: str, where: str) -> int:
    if not _INT.match(value):
        raise PositionError(f"{where}: a whole number, not {value[:40]!r}")
    return int(value)


def _empty(value: str) -> bool:
    return value in ("", "-")


def _card_ref(text: str, where: str) -> Any:
    """``key`` (the next copy not placed yet) or ``key.N`` (its Nth copy, an id)."""
    base, dot, copy = text.rpartition(".")
    if not dot or not copy.isdigit() or len(copy) > 2:
        return text
    n = int(copy)
    if base == "vizier":
        if n not in (1, 2):
            raise PositionError(f"{where}: there are two Loyal Viziers, not {text[:40]!r}")
        return -n
    ids = ids_for_key(base)
    if not ids:
        raise PositionError(f"{where}: no card is called {base[:40]!r}")
    if not 1 <= n <= len(ids):
        raise PositionError(f"{where}: {base!r} has {len(ids)} copies, not {n}")
    return ids[n - 1]


def _cards(value: str, where: str, sep: str = ",") -> list[Any]:
    if _empty(value):
        return []
    return [_card_ref(x, where) for x in value.split(sep)]


def _per_seat_field(value: str, fa: list[str], where: str) -> list[tuple[str, str]]:
    if _empty(value):
        return []
    out = []
    for part in value.split("/"):
        ref, sep, rest = part.partition(":")
        if not sep:
            raise PositionError(f"{where}: write faction:value, e.g. m:..., not {part[:40]!r}")
        out.append((_faction(ref, fa, where), rest))
    return out


def _decode(name: str, value: str, fa: list[str]) -> Any:
    if name in ("map", "at", "suits", "shared_deck", "mode"):
        return value
    if name == "closed":
        paths = []
        for x in [] if _empty(value) else value.split(","):
            m = re.match(r"^(\d{1,2})-(\d{1,2})$", x)
            if not m:
                raise PositionError(f"closed: each path is two clearings, e.g. 2-5, not {x[:40]!r}")
            paths.append([int(m.group(1)), int(m.group(2))])
        return paths
    if name in ("turn", "first"):
        return _faction(value, fa, name)
    if name in ("number", "seed", "ferry"):
        return _int(value, name)
    if name == "clearings":
        return _clearings_field(value, fa)
    if name == "ruins":
        return [] if _empty(value) else [_int(x, name) for x in value.split(",")]
    if name in ("hands", "persistent"):
        return {f: _cards(v, f"{name}.{f}") for f, v in _per_seat_field(value, fa, name)}
    if name == "dominance":
        return {f: _card_ref(v, f"{name}.{f}") for f, v in _per_seat_field(value, fa, name)}
    if name == "coalition":
        return {f: _faction(v, fa, f"{name}.{f}") for f, v in _per_seat_field(value, fa, name)}
    if name == "crafted":
        return {f: ([] if _empty(v) else v.split(",")) for f, v in _per_seat_field(value, fa, name)}
    if name in ("vp", "coffins"):
        return {f: _int(v, f"{name}.{f}") for f, v in _per_seat_field(value, fa, name)}
    if name in ("available_dominance", "discard", "removed", "deck", "market"):
        return _cards(value, name)
    if name == "landmarks":
        marks: dict[str, int] = {}
        for x in [] if _empty(value) else value.split(","):
            lm, sep, c = x.partition(":")
            if not sep:
                raise PositionError(
                    f"landmarks: write landmark:clearing, e.g. forge:5, not {x[:40]!r}"
                )
            marks[lm] = _int(c, f"landmarks.{lm}")
        return marks
    if name in ("items", "forge"):
        items: dict[str, int] = {}
        for x in [] if _empty(value) else value.split(","):
            m = _COUNTED.match(x)
            if not m:
                raise PositionError(
                    f"{name}: write a count and an item, e.g. 2boot, not {x[:40]!r}"
                )
            items[m.group(2)] = int(m.group(1) or 1)
        return items
    if name == "dice":
        dice = []
        for x in [] if _empty(value) else value.split(","):
            m = re.match(r"^([0-3])-([0-3])$", x)
            if not m:
                raise PositionError(f"dice: each roll is two dice 0-3, e.g. 3-1, not {x[:40]!r}")
            dice.append([int(m.group(1)), int(m.group(2))])
        return dice
    if name == "turn_state":
        return _turn_state_field(value, fa)
    # stack
    try:
        return json.loads(value)
    except ValueError as e:
        raise PositionError(f"stack: not valid JSON: {e}") from None


def _clearings_field(value: str, fa: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in [] if _empty(value) else value.split(";"):
        num, sep, rest = part.partition(":")
        if not sep or not num.isdigit() or len(num) > 3:
            raise PositionError(f"clearings: write clearing:pieces, e.g. 1:m2w, not {part[:40]!r}")
        if str(int(num)) in out:
            raise PositionError(f"clearings: clearing {int(num)} is given twice")
        groups = []
        for grp in rest.split("/"):
            m = re.match(r"^([a-z]+)(.*)$", grp)
            if not m:
                raise PositionError(
                    f"clearings.{int(num)}: write a faction letter then pieces, e.g. m2w+sawmill, "
                    f"not {grp[:40]!r}"
                )
            who = _faction(m.group(1), fa, f"clearings.{int(num)}")
            pieces = m.group(2)
            pieces = pieces[1:] if pieces.startswith("+") else pieces
            texts = []
            for p in pieces.split("+"):
                pm = _COUNTED.match(p)
                if not pm:
                    raise PositionError(
                        f"clearings.{int(num)}.{who}: a piece is a count and a name, e.g. 2w, "
                        f"sawmill, 2wood, not {p[:40]!r}"
                    )
                texts.append(p)
            groups.append([who, " ".join(texts)])
        out[str(int(num))] = groups
    return out


def _decode_board(where: str, field: str, value: str) -> Any:
    if field == "home":
        return _int(value, where)
    if field == "leader":
        return None if _empty(value) else value
    if field in ("face_up", "traits"):
        return [] if _empty(value) else value.split(",")
    if field == "order":
        return _cards(value, where)[0]
    if field == "decree":
        decree: dict[str, list[Any]] = {}
        for part in [] if _empty(value) else value.split("/"):
            col, sep, refs = part.partition(":")
            if not sep or col not in _COLUMNS + _SUIT_COLUMNS or col in decree:
                raise PositionError(
                    f"{where}: columns once each, written column:cards, e.g. "
                    f"move:vizier,anvil, not {part[:40]!r}"
                )
            decree[col] = _cards(refs, f"{where}.{col}")
        return decree
    if field in ("pending", "supporters"):
        return _cards(value, where)
    if field in ("items", "ruins", "relationships"):  # the Vagabond
        out: dict[str, Any] = {}
        for part in [] if _empty(value) else value.split("/"):
            k, sep, x = part.partition(":")
            if not sep:
                raise PositionError(f"{where}: key:value parts joined by /, not {part[:40]!r}")
            x = "" if _empty(x) else x
            if field == "relationships":
                out[k] = int(x) if x.isdigit() else x
            else:
                out[k] = x.replace("+", " ")
        return out
    if field in ("quests", "done", "quest_deck"):
        return [] if _empty(value) else value.split(",")
    if field == "covered":  # the Vagabot's Scoundrel: a clearing per covered slot
        return [int(x) if x.isdigit() else x for x in ([] if _empty(value) else value.split(","))]
    if field == "removed":
        return "" if _empty(value) else value.replace("+", " ")
    if field == "character":
        return None if _empty(value) else value
    if field == "pawn":
        return None if _empty(value) else int(value) if value.isdigit() else value
    return int(value) if value.isdigit() and len(value) < 3 else value  # col


def _turn_state_field(value: str, fa: list[str]) -> dict[str, Any]:
    ts: dict[str, Any] = {}
    for item in [] if _empty(value) else value.split(","):
        key, sep, v = item.partition(":")
        where = f"turn_state.{key[:40]}"
        if not re.match(r"^[a-z_]+$", key):
            raise PositionError(f"turn_state: {key[:40]!r} is not a name")
        if key == "seen":
            ref, eq, cards = v.partition("=")
            if not eq:
                raise PositionError(f"{where}: write seen:faction=card+card, not {item[:40]!r}")
            ts.setdefault("seen", {})[_faction(ref, fa, where)] = _cards(cards, where, "+")
        elif key == "used":
            ts["used"] = v.split("+") if v else []
        elif key == "aids":
            ts["aids"] = [_int(x, where) for x in v.split("+")] if v else []
        elif key == "craft_used":
            used: dict[str, int] = {}
            for x in v.split("+") if v else []:
                m = _COUNTED.match(x)
                if not m:
                    raise PositionError(f"{where}: write a count and a suit, e.g. 2fox")
                used[m.group(2)] = int(m.group(1) or 1)
            ts["craft_used"] = used
        elif not sep or v == "true":
            ts[key] = True
        elif v == "false":
            ts[key] = False
        else:
            ts[key] = _int(v, where)
    return ts
