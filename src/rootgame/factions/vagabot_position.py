"""The Vagabot's board in position descriptions (docs/positions.md): reading and writing.

    "vagabot": {
      "character": "tinker", "difficulty": "easy", "traits": ["marksman"],
      "pawn": 5,                                   # a clearing, or "forest:1_2_5_10"
      "items": {"up": 3, "down": 1, "damaged-up": 0, "damaged-down": 2},
      "track": ["down"],                           # the Battle Track, left to right
      "quest": "errand:fox", "done": [...], "quest_deck": [...],   # top first
      "ruins": {"6": "bag"}, "order": "anvil",
      "gained": "hammer boot",                     # the named items among them
      "covered": [5]                               # slots its items cover (the Scoundrel)
    }

Items are all alike (Law of Rootbotics 7.2.3): counted by state. By default the pawn stands in
the forest with most adjacent clearings (the first such), with the character's starting items
face up, one quest face up and the Vagabond's "R" items beneath the ruins in order.
"""

from __future__ import annotations

from typing import Any

from ..errors import PositionError
from ..rules.core import board, buildings_changed
from ..state import JSON, GameState
from .vagabond import FOREST_BASE, QUEST_KEYS, QUESTS, RUIN_ITEMS, place_name
from .vagabond_position import items_text, parse_items, read_pawn
from .vagabot import START_ITEMS, STATE_WORDS, UP, st
from .vagabot_characters import COVER, covered_slots


def _err(msg: str) -> PositionError:
    return PositionError("vagabot." + msg)


def _count(v: Any, where: str) -> int:
    if isinstance(v, str) and v.isdigit():
        v = int(v)
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise _err(f"{where}: a number of items, not {v!r}")
    return v


def _quest(ref: Any, where: str) -> int:
    if isinstance(ref, str) and ref in QUEST_KEYS:
        return QUEST_KEYS.index(ref)
    raise _err(f"{where}: {ref!r} is not a quest (e.g. {QUEST_KEYS[0]})")


def load_vagabot(g: GameState, seat: int, spec: JSON) -> None:
    """Read the Vagabot's board fields (the character, difficulty and traits are its
    settings: ``Vagabot.configure``)."""
    fs = st(g, seat)
    b = board(g)
    pawn = spec.get("pawn")
    if pawn is None:
        most = max(len(f.clearings) for f in b.forests)
        i = next(i for i, f in enumerate(b.forests) if len(f.clearings) == most)
        fs.pawn = FOREST_BASE + 1 + i
    else:
        fs.pawn = read_pawn(b, pawn, _err)
    items = spec.get("items")
    if items is None:
        tinker = spec.get("character") == "tinker"
        items = {"up": START_ITEMS - (1 if tinker else 0)}
    if not isinstance(items, dict) or any(k not in STATE_WORDS for k in items):
        raise _err(f"items: an object with {', '.join(STATE_WORDS)}")
    fs.items = [_count(items.get(w, 0), f"items.{w}") for w in STATE_WORDS]
    track = spec.get("track", [])
    if not isinstance(track, list) or any(x not in ("up", "down") for x in track):
        raise _err("track: a list of 'up' and 'down', one per Battle Track item")
    if len(track) > 3:
        raise _err("track: the Battle Track has three spaces")
    fs.track = list(track)
    quest = spec.get("quest", QUEST_KEYS[0])
    fs.quest = None if quest is None else _quest(quest, "quest")
    fs.done = [_quest(q, "done") for q in spec.get("done", [])]
    used = ([] if fs.quest is None else [fs.quest]) + fs.done
    if "quest_deck" in spec:
        fs.quest_deck = [_quest(q, "quest_deck") for q in spec["quest_deck"]][::-1]
    else:
        fs.quest_deck = [q for q in range(len(QUESTS)) if q not in used][::-1]
    if len(set(used + fs.quest_deck)) != len(used + fs.quest_deck):
        raise _err("quests: a quest card is placed twice")
    covered = _covered(g, spec.get("covered", []))
    gained = parse_items(spec.get("gained", ""), "gained", _err)
    fs.gained = [it for it, n in gained.items() for _ in range(n)]
    if len(fs.gained) > sum(fs.items) + len(fs.track) + covered:
        raise _err("gained: more named items than it holds")
    ruin_cs = [c for c in b.clearings if (-1, "ruin") in g.buildings[c]]
    ruins = spec.get("ruins")
    if ruins is None:
        fs.ruins = {c: [it] for c, it in zip(ruin_cs, RUIN_ITEMS, strict=False)}
        return
    if not isinstance(ruins, dict):
        raise _err("ruins: an object from clearing to the items beneath its ruin")
    fs.ruins = {}
    for k, v in ruins.items():
        c = int(k)
        if c not in ruin_cs:
            raise _err(f"ruins: clearing {c} has no ruin")
        fs.ruins[c] = [it for it, n in parse_items(v, f"ruins.{c}", _err).items() for _ in range(n)]


def _covered(g: GameState, spec: Any) -> int:
    """LR 7.7.5: the Scoundrel's items covering a building slot, a clearing per item, placed
    after the ruin (as ``vagabot_characters.cover_slot`` does). How many."""
    b = board(g)
    if not isinstance(spec, list):
        raise _err("covered: a list of clearings, one per item covering a building slot")
    for c in spec:
        if not isinstance(c, int) or isinstance(c, bool) or c not in b.clearings:
            raise _err(f"covered: there is no clearing {c!r}")
        blds = g.buildings[c]
        if len(blds) >= b.slots[c]:
            raise _err(f"covered: clearing {c} has no open building slot")
        at = 0
        while at < len(blds) and blds[at][0] < 0:
            at += 1
        g.put_building(c, COVER, at)
        buildings_changed(g, c)
    return len(spec)


def describe_vagabot(g: GameState, seat: int) -> dict[str, Any]:
    """The builder fields of the Vagabot's board (every field, for an exact round trip)."""
    fs = st(g, seat)
    b = board(g)
    out: dict[str, Any] = {"character": fs.character}
    out["pawn"] = fs.pawn if fs.pawn in b.clearings else place_name(b, fs.pawn)
    out["items"] = {w: fs.items[k] for k, w in enumerate(STATE_WORDS) if fs.items[k]}
    if not out["items"]:
        out["items"] = {"up": fs.items[UP]}
    if fs.track:
        out["track"] = fs.track[:]
    out["quest"] = None if fs.quest is None else QUEST_KEYS[fs.quest]
    if fs.done:
        out["done"] = [QUEST_KEYS[q] for q in fs.done]
    out["quest_deck"] = [QUEST_KEYS[q] for q in fs.quest_deck[::-1]]
    if fs.gained:
        out["gained"] = items_text({it: fs.gained.count(it) for it in set(fs.gained)})
    if covered_slots(g):
        out["covered"] = covered_slots(g)
    out["ruins"] = {
        str(c): items_text({it: v.count(it) for it in set(v)}) for c, v in sorted(fs.ruins.items())
    }
    return out
