"""The Vagabond's board in position descriptions (docs/positions.md): reading and writing.

    "vagabond": {
      "character": "thief",
      "pawn": 5,                                   # a clearing, or "forest:1_2_5_10"
      "items": {"up": "boot 2torch sword", "down": "tea", "damaged-up": "", "damaged-down": ""},
      "relationships": {"eyrie": "hostile", "marquise": 1},   # hostile, indifferent, 1, 2, allied
      "quests": ["errand:fox", ...], "done": [...], "quest_deck": [...],   # top first
      "ruins": {"6": ["bag"]}, "removed": ["boot"]
    }
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..board import Board, load_board
from ..cards import ITEMS
from ..errors import PositionError
from ..state import JSON, GameState
from .vagabond import (
    ALLIED,
    CHARACTERS,
    HOSTILE,
    INDIFFERENT,
    QUEST_KEYS,
    QUESTS,
    QUESTS_UP,
    REL_NAMES,
    RUIN_ITEMS,
    STATE_WORDS,
    forest_loc,
    place_name,
    st,
)


def _err(msg: str) -> PositionError:
    return PositionError("vagabond." + msg)


def parse_items(
    text: Any, where: str, err: Callable[[str], PositionError] = _err
) -> dict[str, int]:
    """``"boot 2torch"`` -> {"boot": 1, "torch": 2}. ``err`` makes the error of the faction
    whose field is read (the Vagabot reads its items with it too)."""
    if isinstance(text, list):
        text = " ".join(str(x) for x in text)
    if not isinstance(text, str):
        raise err(f"{where}: items are written like '2boot torch', not {text!r}")
    out: dict[str, int] = {}
    for part in text.split():
        i = 0
        while i < len(part) and part[i].isdigit():
            i += 1
        n = int(part[:i]) if i else 1
        it = part[i:]
        if it not in ITEMS:
            raise err(f"{where}: {it!r} is not an item ({', '.join(ITEMS)})")
        out[it] = out.get(it, 0) + n
    return out


def items_text(counts: dict[str, int]) -> str:
    return " ".join(
        (it if n == 1 else f"{n}{it}") for it in ITEMS if (n := counts.get(it, 0))
    )


def read_pawn(b: Board, pawn: object, err: Callable[[str], PositionError] = _err) -> int:
    """The pawn's place in a position: a clearing's number or ``"forest:<id>"``."""
    if isinstance(pawn, int) and not isinstance(pawn, bool) and pawn in b.clearings:
        return pawn
    if isinstance(pawn, str) and pawn.startswith("forest:"):
        try:
            return forest_loc(b, pawn[len("forest:"):])
        except KeyError:
            raise err(f"pawn: no forest {pawn!r} on this map") from None
    raise err(f"pawn: a clearing number or 'forest:<id>', not {pawn!r}")


def _quest(ref: Any, where: str) -> int:
    if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < len(QUESTS):
        return ref
    if isinstance(ref, str) and ref in QUEST_KEYS:
        return QUEST_KEYS.index(ref)
    raise _err(f"{where}: {ref!r} is not a quest (e.g. {QUEST_KEYS[0]})")


def load_vagabond(g: GameState, seat: int, spec: JSON) -> None:
    fs = st(g, seat)
    b = load_board(g.map)
    ch = spec.get("character", "thief")
    if ch not in CHARACTERS and not (ch is None and spec.get("pawn", 0) is None):
        raise _err(f"character: one of {', '.join(CHARACTERS)}, not {ch!r}")
    fs.character = ch or ""
    pawn = spec.get("pawn", "forest:" + b.forests[0].id)
    if pawn is None:
        # Not set up yet (a position during setup, 9.3): only the character may be chosen.
        extra = set(spec) - {"character", "pawn"}
        if extra:
            raise _err(f"{sorted(extra)[0]}: the Vagabond is not set up yet (pawn: null)")
        return
    fs.pawn = read_pawn(b, pawn)
    items = spec.get("items")
    if items is None:
        items = {"up": " ".join(CHARACTERS[ch])}
    if not isinstance(items, dict) or any(k not in STATE_WORDS for k in items):
        raise _err(f"items: an object with {', '.join(STATE_WORDS)}")
    for k, w in enumerate(STATE_WORDS):
        for it, n in parse_items(items.get(w, ""), f"items.{w}").items():
            fs.items[it][k] = n
    fs.rel = [INDIFFERENT] * g.n
    rel = spec.get("relationships", {})
    if not isinstance(rel, dict):
        raise _err("relationships: an object from faction to relationship")
    names = {v: k for k, v in REL_NAMES.items()}
    for who, r in rel.items():
        if who not in g.factions or who == "vagabond":
            raise _err(f"relationships: {who!r} is not another faction in this game")
        if r in names:
            r = names[r]
        if not isinstance(r, int) or isinstance(r, bool) or not HOSTILE <= r <= ALLIED:
            raise _err(f"relationships.{who}: hostile, indifferent, 1, 2 or allied, not {r!r}")
        fs.rel[g.factions.index(who)] = r
    quests = [_quest(q, "quests") for q in spec.get("quests", list(range(QUESTS_UP)))]
    done = [_quest(q, "done") for q in spec.get("done", [])]
    used = quests + done
    if "quest_deck" in spec:
        deck = [_quest(q, "quest_deck") for q in spec["quest_deck"]][::-1]
    else:
        deck = [q for q in range(len(QUESTS)) if q not in used][::-1]
    if len(set(used + deck)) != len(used + deck):
        raise _err("quests: a quest card is placed twice")
    fs.quests, fs.done, fs.quest_deck = quests, done, deck
    ruin_cs = [c for c in b.clearings if (-1, "ruin") in g.buildings[c]]
    ruins = spec.get("ruins")
    if ruins is None:
        fs.ruins = {c: [it] for c, it in zip(ruin_cs, RUIN_ITEMS, strict=False)}
    else:
        if not isinstance(ruins, dict):
            raise _err("ruins: an object from clearing to the items beneath its ruin")
        fs.ruins = {}
        for where, v in ruins.items():  # (not ``k``, an int above: compiled, types hold)
            c = int(where)
            if c not in ruin_cs:
                raise _err(f"ruins: clearing {c} has no ruin")
            its = list(parse_items(v, f"ruins.{c}").items())
            fs.ruins[c] = [it for it, n in its for _ in range(n)]
    fs.removed = [it for it, n in parse_items(spec.get("removed", ""), "removed").items()
                  for _ in range(n)]


def describe_vagabond(g: GameState, seat: int) -> dict[str, Any]:
    """The builder fields of the Vagabond's board (every field, for an exact round trip)."""
    fs = st(g, seat)
    b = load_board(g.map)
    if not fs.pawn:
        return {"character": fs.character or None, "pawn": None}
    out: dict[str, Any] = {"character": fs.character}
    if fs.pawn:
        out["pawn"] = fs.pawn if fs.pawn in b.clearings else place_name(b, fs.pawn)
    out["items"] = {
        w: items_text({it: v[k] for it, v in fs.items.items()})
        for k, w in enumerate(STATE_WORDS)
        if any(v[k] for v in fs.items.values())
    }
    rel = {
        g.factions[s]: REL_NAMES.get(r, r)
        for s, r in enumerate(fs.rel) if s != seat and r != INDIFFERENT
    }
    if rel:
        out["relationships"] = rel
    out["quests"] = [QUEST_KEYS[q] for q in fs.quests]
    if fs.done:
        out["done"] = [QUEST_KEYS[q] for q in fs.done]
    out["quest_deck"] = [QUEST_KEYS[q] for q in fs.quest_deck[::-1]]
    out["ruins"] = {str(c): " ".join(v) for c, v in sorted(fs.ruins.items())}
    if fs.removed:
        out["removed"] = " ".join(fs.removed)
    return out
