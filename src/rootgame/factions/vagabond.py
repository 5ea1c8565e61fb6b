"""9. The Vagabond: his board, items, relationships, setup, Birdsong and Evening, and the
hooks by which the general Law treats his pawn (the Daylight actions are in vagabond_day.py).

9.2.1 crafting with hammers; 9.2.2 Lone Wanderer (a pawn, not a warrior; full removal damages
three items); 9.2.3 Nimble; 9.2.4 Defenseless; 9.2.5 items (exhausted, damaged, the Satchel
and the tracks); 9.2.6 maximum rolled hits; 9.2.7 taking hits; 9.2.8 coalitions; 9.2.9
relationships, Allied and Hostile, Infamy; 9.3 setup; 9.4 Birdsong; 9.6 Evening.

Items are counted per kind in four states: face up (ready), face down (exhausted), and the
same two in the Damaged box. A face-up tea, coins or bag stands on its track while the track
has room (three spaces), so the tracks are derived from the counts, never stored apart.

The pawn stands in a clearing (1..12) or a forest (``FOREST_BASE`` + 1 + the forest's index on
the map, e.g. 101).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from ..actions import CLEARING, COUNT, FOREST, SEAT, Action
from ..board import Board
from ..cards import ITEMS
from ..flow import FACTIONS, applies, decision, pop
from ..rules import chance
from ..rules.battle import current_battle
from ..rules.core import board, remove_warriors, ruler, score
from ..rules.exiles import ignores_rule_to_move, neighbours
from ..rules.maps import ferry_draw, ferry_moved, ferry_only, is_ferry_move
from ..rules.turn import draw_and_discard
from ..state import JSON, Frame, GameState
from .base import Faction

_DATA = json.loads(resources.files("rootgame.data").joinpath("factions.json").read_text("utf-8"))[
    "vagabond"
]
CHARACTERS: Final[dict[str, tuple[str, ...]]] = {
    k: tuple(v["items"]) for k, v in _DATA["characters"].items()
}
"""Appendix V: the base characters and their starting ("S") items."""
SPECIALS: Final[dict[str, str]] = {k: v["special"] for k, v in _DATA["characters"].items()}
RUIN_ITEMS: Final[tuple[str, ...]] = tuple(_DATA["ruin_items"])
"""9.3.4: the items marked "R", one beneath each ruin."""
TRACK_ITEMS: Final[tuple[str, ...]] = tuple(_DATA["track_items"])
TRACK_CAP: Final = int(_DATA["track_capacity"])
REFRESH_BASE: Final = int(_DATA["refresh"]["base"])
REFRESH_PER_TEA: Final = int(_DATA["refresh"]["per_tea"])
LIMIT_BASE: Final = int(_DATA["item_limit"]["base"])
LIMIT_PER_BAG: Final = int(_DATA["item_limit"]["per_bag"])
DRAW_BASE: Final = int(_DATA["evening_draw"]["base"])
AIDS_NEEDED: Final[tuple[int, ...]] = tuple(_DATA["relationship_aids"])
"""9.2.9.1.1: Aid actions in one turn to move from each Allied-track space to the next."""
REL_VP: Final[tuple[int, ...]] = tuple(_DATA["relationship_vp"])
"""9.2.9.1.2: VP of the spaces after Indifferent (the last is Allied)."""
ALLIED_AID_VP: Final = int(_DATA["allied_aid_vp"])
QUESTS: Final[tuple[tuple[str, str, tuple[str, str]], ...]] = tuple(
    (q["name"], q["suit"], (q["items"][0], q["items"][1])) for q in _DATA["quests"]
)
"""The 15 quest cards: (name, suit, the two items to exhaust). Ids are indexes."""
QUEST_KEYS: Final[tuple[str, ...]] = tuple(
    n.lower().replace(" ", "-") + ":" + s for n, s, _ in QUESTS
)
QUESTS_UP: Final = 3
QUEST_SUITS: Final[tuple[str, ...]] = tuple(dict.fromkeys(s for _, s, _ in QUESTS))
HOSTILE: Final = -1
INDIFFERENT: Final = 0
ALLIED: Final = len(AIDS_NEEDED)
REL_NAMES: Final = {HOSTILE: "hostile", INDIFFERENT: "indifferent", ALLIED: "allied"}
FOREST_BASE: Final = 100
UP: Final = 0
DOWN: Final = 1
DUP: Final = 2
DDOWN: Final = 3
"""Item states: face up, exhausted (face down), damaged face up, damaged face down."""
STATE_WORDS: Final[tuple[str, ...]] = ("up", "down", "damaged-up", "damaged-down")
SIDES: Final[tuple[str, ...]] = ("up", "down")
"""The side of an item, face up or face down (exhausted)."""
FULL_REMOVAL_DAMAGE: Final = 3
HIDEOUT_REPAIRS: Final = 3


class VagabondState:
    """The Vagabond's board: character, pawn, items, relationships, quests; the items hidden
    beneath the ruins (9.3.4) and the items removed from the game (9.6.4)."""

    __slots__ = (
        "warriors",
        "character",
        "pawn",
        "items",
        "rel",
        "quest_deck",
        "quests",
        "done",
        "ruins",
        "removed",
    )

    def __init__(self, src: VagabondState | None = None) -> None:
        """A new board, or with ``src`` a copy of that one (:meth:`clone`; as ``GameState``)."""
        if src is None:
            self.warriors = 0
            """The Vagabond has no warriors (9.2.2); the general rules read this field."""
            self.character = ""
            self.pawn = 0
            self.items: dict[str, list[int]] = {i: [0, 0, 0, 0] for i in ITEMS}
            self.rel: list[int] = []
            """One relationship per seat (his own unused): -1 Hostile, 0 Indifferent, ... Allied."""
            self.quest_deck: list[int] = []
            self.quests: list[int] = []
            """The face-up quests."""
            self.done: list[int] = []
            """Completed quests, in his play area."""
            self.ruins: dict[int, list[str]] = {}
            """Clearing -> the items beneath its ruin (hidden; the last is taken first)."""
            self.removed: list[str] = []
            return
        self.warriors, self.character, self.pawn = src.warriors, src.character, src.pawn
        self.items = {k: v[:] for k, v in src.items.items()}
        self.rel = src.rel[:]
        self.quest_deck, self.quests, self.done = src.quest_deck[:], src.quests[:], src.done[:]
        self.ruins = {k: v[:] for k, v in src.ruins.items()}
        self.removed = src.removed[:]

    def clone(self) -> VagabondState:
        return VagabondState(self)

    def to_dict(self) -> JSON:
        return {
            "warriors": self.warriors,
            "character": self.character,
            "pawn": self.pawn,
            "items": {k: v[:] for k, v in self.items.items()},
            "rel": self.rel[:],
            "quest_deck": self.quest_deck[:],
            "quests": self.quests[:],
            "done": self.done[:],
            "ruins": {str(k): v[:] for k, v in self.ruins.items()},
            "removed": self.removed[:],
        }

    @classmethod
    def from_dict(cls, d: JSON) -> VagabondState:
        s = cls()
        s.warriors, s.character, s.pawn = d["warriors"], d["character"], d["pawn"]
        s.items = {k: list(v) for k, v in d["items"].items()}
        s.rel = list(d["rel"])
        s.quest_deck, s.quests, s.done = list(d["quest_deck"]), list(d["quests"]), list(d["done"])
        s.ruins = {int(k): list(v) for k, v in d["ruins"].items()}
        s.removed = list(d["removed"])
        return s


def st(g: GameState, seat: int) -> VagabondState:
    fs: VagabondState = g.fs[seat]
    return fs


# --- Where the pawn is -----------------------------------------------------------------------


def clearing_of(fs: VagabondState) -> int:
    """The pawn's clearing, or 0 in a forest."""
    return fs.pawn if fs.pawn < FOREST_BASE else 0


def forest_index(loc: int) -> int:
    return loc - FOREST_BASE - 1


def forest_loc(b: Board, forest_id: str) -> int:
    for i, f in enumerate(b.forests):
        if f.id == forest_id:
            return FOREST_BASE + 1 + i
    raise KeyError(forest_id)


def place_name(b: Board, loc: int) -> str:
    """A clearing number, or ``forest:<id>`` (the Rootlog forest id)."""
    return str(loc) if loc < FOREST_BASE else "forest:" + b.forests[forest_index(loc)].id


def clearing_neighbours(g: GameState, seat: int, loc: int) -> tuple[int, ...]:
    """Clearings one move away: along a path (and a river with Boat Builders, rules/exiles.py),
    by the Ferry from its clearing (M.3.5; the FAQ: the Vagabond may take it), or out of a
    forest (9.5.1)."""
    if loc < FOREST_BASE:
        near = neighbours(g, seat, loc)
        if loc == g.ferry:
            by_ferry = ferry_only(g, loc, near)
            return near + by_ferry if by_ferry else near
        return near
    return board(g).forests[forest_index(loc)].clearings


def forest_neighbours(b: Board, loc: int) -> list[int]:
    """Forests one step away (for the Slip, 9.4.2): the forests a clearing touches, or the
    forests that share a path with a forest."""
    if loc < FOREST_BASE:
        return [FOREST_BASE + 1 + i for i, f in enumerate(b.forests) if loc in f.clearings]
    ids = b.forests[forest_index(loc)].forests
    return [forest_loc(b, x) for x in ids]


# --- 9.2.5 Items -----------------------------------------------------------------------------


def ready(fs: VagabondState, item: str) -> int:
    return fs.items[item][UP]


def undamaged(fs: VagabondState, item: str) -> int:
    v = fs.items[item]
    return v[UP] + v[DOWN]


def on_track(fs: VagabondState, item: str) -> int:
    """9.2.5.I: face-up tea, coins and bags stand on their track, three at most."""
    return min(TRACK_CAP, fs.items[item][UP])


def item_event(
    g: GameState, seat: int, change: str, item: str, n: int = 1, side: str | None = None
) -> None:
    """Log a change to his items: ``exhaust``, ``refresh``, ``damage``, ``repair`` or
    ``remove`` (from the game, 9.6.4); ``side`` when it matters (up, down)."""
    if g.log is None:  # no event log (simulations): nothing to build
        return
    e: dict[str, Any] = {"kind": "item", "seat": seat, "item": item, "change": change, "count": n}
    if side is not None:
        e["side"] = side
    chance.emit(g, e)


def exhaust(g: GameState, seat: int, item: str, n: int = 1) -> None:
    """9.2.5: flip ``n`` face-up items of a kind face down, to pay for an action."""
    v = st(g, seat).items[item]
    if v[UP] < n:
        raise AssertionError(f"no face-up {item} to exhaust")
    v[UP] -= n
    v[DOWN] += n
    item_event(g, seat, "exhaust", item, n)


def gain(fs: VagabondState, item: str) -> None:
    """A gained item goes face up to the Satchel or its track (9.2.5)."""
    fs.items[item][UP] += 1


def count(fs: VagabondState, state: int) -> int:
    return sum(v[state] for v in fs.items.values())


def total_items(fs: VagabondState) -> int:
    return sum(sum(v) for v in fs.items.values())


def load(fs: VagabondState) -> int:
    """9.6.4: items in the Satchel and the Damaged box (not those on the tracks)."""
    return total_items(fs) - sum(on_track(fs, i) for i in TRACK_ITEMS)


def item_limit(fs: VagabondState) -> int:
    return LIMIT_BASE + LIMIT_PER_BAG * on_track(fs, "bag")


def ready_kinds(fs: VagabondState) -> list[str]:
    return [i for i in ITEMS if fs.items[i][UP]]


def _side_options(fs: VagabondState, kind: str, up: int, down: int) -> list[Action]:
    out: list[Action] = []
    for i in ITEMS:
        v = fs.items[i]
        if v[up]:
            out.append((kind, i, "up"))
        if v[down]:
            out.append((kind, i, "down"))
    return out


def _shift(
    fs: VagabondState, item: str, side: str, frm: tuple[int, int], to: tuple[int, int]
) -> None:
    k = 0 if side == "up" else 1
    v = fs.items[item]
    v[frm[k]] -= 1
    v[to[k]] += 1


def damage_options(fs: VagabondState) -> list[Action]:
    """9.2.7: any undamaged item, face up or face down."""
    return _side_options(fs, "damage", UP, DOWN)


def do_damage(g: GameState, seat: int, item: str, side: str) -> None:
    _shift(st(g, seat), item, side, (UP, DOWN), (DUP, DDOWN))
    item_event(g, seat, "damage", item, side=side)


def repair_options(fs: VagabondState) -> list[Action]:
    return _side_options(fs, "repair", DUP, DDOWN)


def do_repair(g: GameState, seat: int, item: str, side: str) -> None:
    """9.5.7: back to the Satchel on the same side (face-up tea, coins, bags to the track)."""
    _shift(st(g, seat), item, side, (DUP, DDOWN), (UP, DOWN))
    item_event(g, seat, "repair", item, side=side)


def swords(fs: VagabondState) -> int:
    return undamaged(fs, "sword")


# --- 9.2.9 Relationships ---------------------------------------------------------------------


def allies(g: GameState, seat: int) -> list[int]:
    fs: VagabondState = g.fs[seat]
    return [s for s in range(g.n) if s != seat and fs.rel[s] == ALLIED]


def allies_along(g: GameState, seat: int, origin: int, dest: int) -> list[int]:
    """9.2.9.2.2: the Allied factions whose warriors he may force to move along from
    ``origin`` to ``dest``. Forced, they move as if by their own choice (1.5.5, whose example
    is the Eyrie's Lords of the Forest): the ally must rule the origin or the destination
    (4.2.1; his pawn counts for neither, 9.2.2). Ruling 210."""
    return [
        s
        for s in allies(g, seat)
        if g.warriors[origin][s]
        and (ruler(g, origin) == s or ruler(g, dest) == s or ignores_rule_to_move(g, s))
    ]


def hostile_warriors_in(g: GameState, seat: int, c: int) -> bool:
    """9.2.9.3.2: whether ``c`` holds warriors of a faction Hostile to the Vagabond."""
    fs: VagabondState = g.fs[seat]
    w = g.warriors[c]
    for s in range(len(w)):
        if s != seat and w[s] and fs.rel[s] == HOSTILE:
            return True
    return False


def make_hostile(g: GameState, seat: int, victim: int) -> bool:
    """9.2.9.3: removing a warrior of a non-Hostile faction makes it Hostile. Returns whether
    the marker moved."""
    fs: VagabondState = g.fs[seat]
    if victim == seat or fs.rel[victim] == HOSTILE or g.fs[victim].__class__ is VagabondState:
        return False
    fs.rel[victim] = HOSTILE
    chance.emit(g, {"kind": "relationship", "seat": seat, "with": victim, "to": "hostile"})
    return True


def aid_relationship(g: GameState, seat: int, target: int) -> None:
    """9.2.9.1-9.2.9.2.1: an Aid counts toward the next step of a non-Hostile faction, or
    scores 2 VP when Allied."""
    fs: VagabondState = g.fs[seat]
    r = fs.rel[target]
    if r == HOSTILE:
        return
    if r == ALLIED:
        score(g, seat, ALLIED_AID_VP, "aided ally")
        return
    aids: list[int] = g.turn.setdefault("aids", [0] * g.n)
    aids[target] += 1
    if aids[target] >= AIDS_NEEDED[r]:
        aids[target] = 0
        fs.rel[target] = r + 1
        chance.emit(
            g,
            {
                "kind": "relationship",
                "seat": seat,
                "with": target,
                "to": REL_NAMES.get(r + 1, str(r + 1)),
            },
        )
        score(g, seat, REL_VP[r], "relationship")


# --- The faction -----------------------------------------------------------------------------


RELATIONSHIP_FACTIONS: Final[tuple[str, ...]] = ("marquise", "eyrie", "alliance")
"""The factions he can have relationships with, in the order of his board features."""


class Vagabond(Faction):
    name = "vagabond"
    setup_order = "D"
    warriors_total = 0
    has_pawn = True
    takes_hits_itself = True
    forms_coalitions = True
    birdsong_steps: tuple[str, ...] = ("refresh", "slip")
    daylight_steps: tuple[str, ...] = ("actions",)
    evening_steps: tuple[str, ...] = ("rest", "draw", "capacity")

    def new_state(self) -> VagabondState:
        return VagabondState()

    def state_from_dict(self, d: JSON) -> VagabondState:
        return VagabondState.from_dict(d)

    # --- 9.3 Setup ---------------------------------------------------------------------------
    def setup(self, g: GameState, seat: int) -> None:
        g.stack.append(Frame("vb_forest", seat, {}))
        g.stack.append(Frame("vb_character", seat, {}))

    # --- Turn --------------------------------------------------------------------------------
    def run_step(self, g: GameState, seat: int, step: str) -> None:
        fs: VagabondState = g.fs[seat]
        if step == "refresh":
            refresh(g, seat)
        elif step == "slip":
            g.stack.append(Frame("vb_slip", seat, {}))
        elif step == "actions":
            # "ask": whether Aid or Craft is possible depends on the hidden hand (1.2.1).
            g.stack.append(Frame("vb_actions", seat, {"ask": True}))
        elif step == "rest":
            # 9.6.1: in a forest, every damaged item back to the Satchel, face up.
            if not clearing_of(fs):
                for item, v in fs.items.items():
                    n = v[DUP] + v[DDOWN]
                    if n:
                        v[UP] += n
                        v[DUP] = v[DDOWN] = 0
                        item_event(g, seat, "repair", item, n, "up")
        elif step == "draw":
            # 9.6.2-9.6.3: one card plus one per face-up coins on the track; discard to five.
            draw_and_discard(g, seat, DRAW_BASE + on_track(fs, "coins"))
        elif step == "capacity":
            # 9.6.4: remove items beyond the limit, for good.
            if load(fs) > item_limit(fs):
                g.stack.append(Frame("vb_capacity", seat, {}))
        else:
            raise AssertionError(step)

    # --- Hooks into the general Law ----------------------------------------------------------
    def pawn_at(self, g: GameState, seat: int) -> int:
        fs: VagabondState = g.fs[seat]
        return clearing_of(fs)

    def crafting_pieces(self, g: GameState, seat: int) -> list[int]:
        """9.2.1, 9.5.8: each face-up hammer activates the pawn, of its clearing's suit."""
        fs: VagabondState = g.fs[seat]
        c = clearing_of(fs)
        return [c] * ready(fs, "hammer") if c else []

    def pay_crafting(self, g: GameState, seat: int, suits: tuple[str, ...]) -> None:
        """9.5.8: exhaust one hammer per crafting icon (no once-per-turn limit, 9.2.1)."""
        exhaust(g, seat, "hammer", len(suits))

    def item_crafted(self, g: GameState, seat: int, item: str) -> None:
        """9.2.1, 9.5.8: a crafted item goes face up to the Satchel or its track (he has no
        Crafted Items box, 9.2.5)."""
        gain(st(g, seat), item)

    def rolled_hits_cap(self, g: GameState, seat: int, c: int, battle: dict[str, Any]) -> int:
        """9.2.6: undamaged swords; 9.2.9.2.3: plus the Allied warriors he attacks with."""
        n = swords(st(g, seat))
        if battle["a"] == seat and battle["ally"] >= 0:
            n += g.warriors[c][battle["ally"]]
        return n

    def defenseless(self, g: GameState, seat: int, c: int) -> bool:
        """9.2.4: as defender, defenseless with no undamaged sword."""
        return swords(st(g, seat)) == 0

    def fights_on(self, g: GameState, seat: int, c: int, battle: dict[str, Any]) -> bool:
        """9.2.2: the pawn is never removed, so an ambush never ends his attack."""
        return True

    def take_battle_hits(self, g: GameState, battle: Any, seat: int, n: int, by: int) -> None:
        """9.2.7: each hit damages an undamaged item of his choice (none left: ignored);
        9.2.9.2.4: or removes a warrior of the ally he attacks with."""
        d = battle.data
        ally = d["ally"] if d["a"] == seat else -1
        push_damage(g, seat, n, ally, d["c"], True)

    def after_battle(
        self,
        g: GameState,
        seat: int,
        enemy: int,
        c: int,
        warriors: int,
        others: int,
        battle: dict[str, Any],
    ) -> None:
        """9.2.9.2.4, 9.2.9.3, 9.2.9.3.1: relationships and Infamy at the end of a battle."""
        fs: VagabondState = g.fs[seat]
        ally = battle["ally"] if battle["a"] == seat else -1
        if ally >= 0 and battle.get("ally_hits", 0) > battle.get("item_hits", 0):
            make_hostile(g, seat, ally)
        first = 0
        if warriors and make_hostile(g, seat, enemy):
            first = 1
        if fs.rel[enemy] == HOSTILE and g.turn_seat == seat:
            infamy = warriors + others - first
            if infamy > 0:
                score(g, seat, infamy, "infamy")

    def removed_warriors_of(self, g: GameState, seat: int, victim: int, n: int) -> None:
        if n > 0:
            make_hostile(g, seat, victim)

    def all_removed(self, g: GameState, seat: int, c: int, by: int) -> None:
        """9.2.2.I: an enemy effect removing all enemy pieces where he stands damages three
        of his items."""
        if clearing_of(st(g, seat)) == c:
            push_damage(g, seat, FULL_REMOVAL_DAMAGE, -1, c, False)

    def push_card_move(self, g: GameState, seat: int) -> None:
        """Cobbler: one Move (9.5.1), paid with boots like the Daylight action."""
        g.stack.append(Frame("vb_card_move", seat, {}))

    def card_moves(self, g: GameState, seat: int) -> list[Action]:
        """A card's move is a Move (9.5.1), paid with boots (docs/rulings.md 63)."""
        from .vagabond_day import moves

        return moves(g, seat)

    def do_card_move(self, g: GameState, seat: int, a: Action) -> None:
        from .vagabond_day import do_pawn_move

        do_pawn_move(g, seat, int(a[1]))

    def coalition_formed(self, g: GameState, seat: int, partner: int) -> None:
        """9.2.9.3.4: a Hostile partner's marker goes to Indifferent."""
        fs: VagabondState = g.fs[seat]
        if fs.rel[partner] == HOSTILE:
            fs.rel[partner] = INDIFFERENT
            chance.emit(
                g, {"kind": "relationship", "seat": seat, "with": partner, "to": "indifferent"}
            )

    def piece_totals(self) -> dict[str, int]:
        return {"pawn": 1}

    def piece_counts(self, g: GameState, seat: int) -> dict[str, tuple[int, int]]:
        return {"pawn": (1 if st(g, seat).pawn else 0, 0 if st(g, seat).pawn else 1)}

    def describe_board(self, g: GameState, seat: int) -> JSON:
        from .vagabond_position import describe_vagabond

        return describe_vagabond(g, seat)

    def load_position(self, g: GameState, seat: int, spec: JSON) -> None:
        from .vagabond_position import load_vagabond

        self.check_fields(
            spec,
            (
                "character",
                "pawn",
                "items",
                "relationships",
                "quests",
                "done",
                "quest_deck",
                "ruins",
                "removed",
            ),
        )
        load_vagabond(g, seat, spec)

    def unseen_piles(self, g: GameState, seat: int) -> list[list[list[Any]]]:
        """9.3.4, 9.3.3: the items beneath the ruins and the order of the quest deck."""
        fs: VagabondState = g.fs[seat]
        return [[fs.ruins[c] for c in sorted(fs.ruins)], [fs.quest_deck]]

    def public_view(self, g: GameState, seat: int) -> JSON:
        fs: VagabondState = g.fs[seat]
        b = board(g)
        names = g.factions
        return {
            "character": fs.character,
            "pawn": place_name(b, fs.pawn) if fs.pawn else None,
            "items": {
                STATE_WORDS[k]: {i: v[k] for i, v in fs.items.items() if v[k]} for k in range(4)
            },
            "tracks": {i: on_track(fs, i) for i in TRACK_ITEMS},
            "item_limit": item_limit(fs),
            "relationships": {
                names[s]: REL_NAMES.get(r, str(r)) for s, r in enumerate(fs.rel) if s != seat
            },
            "aids_this_turn": (
                {names[s]: k for s, k in enumerate(g.turn.get("aids", ())) if k}
                if g.turn_seat == seat
                else {}
            ),
            "quests": [QUEST_KEYS[q] for q in fs.quests],
            "completed_quests": [QUEST_KEYS[q] for q in fs.done],
            "quest_deck": len(fs.quest_deck),
            "ruins": {str(c): len(v) for c, v in sorted(fs.ruins.items())},
            "removed_items": fs.removed[:],
        }


    board_features = (
        *(f"character:{k}" for k in CHARACTERS),
        "pawn_clearing",
        "pawn_in_forest",
        *(f"item:{w}:{i}" for w in STATE_WORDS for i in ITEMS),
        "item_limit",
        *(f"relationship:{f}" for f in RELATIONSHIP_FACTIONS),
        *(f"aids_this_turn:{f}" for f in RELATIONSHIP_FACTIONS),
        *(f"quest:{k}" for k in QUEST_KEYS),
        *(f"completed_quests:{s}" for s in QUEST_SUITS),
        "quest_deck",
        "ruins_with_items",
        "removed_items",
    )

    def observe_board(self, board: JSON) -> list[float]:
        out: list[float] = [float(board["character"] == k) for k in CHARACTERS]
        pawn = board["pawn"] or ""
        out.append(float(pawn) if pawn.isdigit() else 0.0)
        out.append(float(pawn.startswith("forest:")))
        items = board["items"]
        out.extend(float(items.get(w, {}).get(i, 0)) for w in STATE_WORDS for i in ITEMS)
        out.append(board["item_limit"])
        rel_values = {v: k for k, v in REL_NAMES.items()}
        for f in RELATIONSHIP_FACTIONS:
            r = str(board["relationships"].get(f, "indifferent"))
            out.append(float(rel_values[r]) if r in rel_values else float(r))
        out.extend(float(board["aids_this_turn"].get(f, 0)) for f in RELATIONSHIP_FACTIONS)
        out.extend(float(k in board["quests"]) for k in QUEST_KEYS)
        done = [k.split(":")[1] for k in board["completed_quests"]]
        out.extend(float(done.count(s)) for s in QUEST_SUITS)
        out.append(board["quest_deck"])
        out.append(sum(1 for n in board["ruins"].values() if n))
        out.append(len(board["removed_items"]))
        return out


FACTIONS["vagabond"] = Vagabond()


# --- 9.3 Setup decisions ---------------------------------------------------------------------


def character_answer(character: str) -> dict[str, Action]:
    """The Vagabond's character settled before the game (9.3.1: the player's choice, e.g. a
    command line's ``--vagabond thief``), as the answer to that setup decision; ValueError
    naming the characters."""
    name = character.strip().lower()
    if name not in CHARACTERS:
        raise ValueError(
            f"unknown Vagabond character {character!r}; choose {', '.join(CHARACTERS)}"
        )
    return {"vb_character": ("character", name)}


@decision("vb_character", "Choose your character", takes=(("character", tuple(CHARACTERS)),))
def _char_legal(g: GameState, f: Frame) -> list[Action]:
    return [("character", k) for k in CHARACTERS]


@applies("vb_character")
def _char_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    st(g, f.seat).character = str(a[1])


@decision("vb_forest", "Place your pawn in a forest", takes=(("forest", FOREST),))
def _forest_legal(g: GameState, f: Frame) -> list[Action]:
    return [("forest", FOREST_BASE + 1 + i) for i in range(len(board(g).forests))]


@applies("vb_forest")
def _forest_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    assert f.seat is not None
    finish_setup(g, f.seat, int(a[1]))


def finish_setup(g: GameState, seat: int, forest: int) -> None:
    """9.3.2-9.3.6: pawn, quests, ruins, starting items, relationships."""
    fs: VagabondState = g.fs[seat]
    fs.pawn = forest
    deck = list(range(len(QUESTS)))
    chance.shuffle(g, deck)
    fs.quest_deck = deck
    for _ in range(QUESTS_UP):
        fs.quests.append(fs.quest_deck.pop())
    chance.emit(g, {"kind": "quests", "seat": seat, "quests": fs.quests[:]})
    ruins = [c for c in board(g).clearings if (-1, "ruin") in g.buildings[c]]
    order = list(range(len(RUIN_ITEMS)))
    chance.shuffle(g, order)
    for c, k in zip(ruins, order, strict=False):
        fs.ruins[c] = [RUIN_ITEMS[k]]
    for item in CHARACTERS[fs.character]:
        gain(fs, item)
    fs.rel = [INDIFFERENT] * g.n


# --- 9.4.1 Refresh ---------------------------------------------------------------------------


def refresh(g: GameState, seat: int) -> None:
    """9.4.1: flip up two exhausted items per face-up tea on the track, then three more.
    Damaged items may be refreshed too (they stay damaged, face up): see docs/rulings.md."""
    fs: VagabondState = g.fs[seat]
    n = REFRESH_BASE + REFRESH_PER_TEA * on_track(fs, "tea")
    if count(fs, DOWN) + count(fs, DDOWN) <= n:
        for item, v in fs.items.items():
            if v[DOWN] + v[DDOWN]:
                item_event(g, seat, "refresh", item, v[DOWN] + v[DDOWN])
            v[UP] += v[DOWN]
            v[DUP] += v[DDOWN]
            v[DOWN] = v[DDOWN] = 0
        return
    g.stack.append(Frame("vb_refresh", seat, {"left": n}))


@decision(
    "vb_refresh",
    "Refresh: choose an exhausted item to flip face up",
    takes=(("refresh", ITEMS), ("refresh", ITEMS, ("damaged",))),
)
def _refresh_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    fs: VagabondState = g.fs[f.seat]
    out: list[Action] = [("refresh", i) for i in ITEMS if fs.items[i][DOWN]]
    out.extend(("refresh", i, "damaged") for i in ITEMS if fs.items[i][DDOWN])
    return out


@applies("vb_refresh")
def _refresh_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    fs: VagabondState = g.fs[f.seat]
    v = fs.items[str(a[1])]
    if len(a) > 2:
        v[DDOWN] -= 1
        v[DUP] += 1
    else:
        v[DOWN] -= 1
        v[UP] += 1
    item_event(g, f.seat, "refresh", str(a[1]))
    f.data["left"] -= 1
    if f.data["left"] <= 0 or not count(fs, DOWN) + count(fs, DDOWN):
        pop(g, f)


# --- 9.4.2 Slip ------------------------------------------------------------------------------


def move_pawn(g: GameState, seat: int, dest: int) -> None:
    """Move the pawn; into a clearing, Allied warriors may come along (9.2.9.2.2)."""
    fs: VagabondState = g.fs[seat]
    origin = fs.pawn
    ferry = origin < FOREST_BASE and origin == g.ferry and is_ferry_move(g, origin, dest)
    fs.pawn = dest
    if g.log is not None:  # (the event is not made for a game that keeps no log)
        chance.emit(g, {"kind": "pawn", "seat": seat, "from": origin, "to": dest})
    if ferry:
        ferry_moved(g, seat, origin, dest)
    if origin < FOREST_BASE and dest < FOREST_BASE:
        if allies_along(g, seat, origin, dest):
            data = {"from": origin, "to": dest, "ferry": ferry}
            g.stack.append(Frame("vb_ally_move", seat, data))


@decision(
    "vb_slip",
    "Slip: move for free, or stay",
    takes=(("slip", CLEARING), ("slip", FOREST), ("pass",)),
)
def _slip_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    b = board(g)
    loc = st(g, f.seat).pawn
    out: list[Action] = [("slip", d) for d in clearing_neighbours(g, f.seat, loc)]
    out.extend(("slip", d) for d in forest_neighbours(b, loc))
    out.append(("pass",))
    return out


@applies("vb_slip")
def _slip_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    if a[0] == "slip":
        assert f.seat is not None
        move_pawn(g, f.seat, int(a[1]))


@decision(
    "vb_ally_move", "Move Allied warriors along?", takes=(("alone",), ("ally", SEAT, COUNT))
)
def _ally_move_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    o = f.data["from"]
    out: list[Action] = [("alone",)]
    for s in allies_along(g, f.seat, o, f.data["to"]):
        out.extend(("ally", s, n) for n in range(1, g.warriors[o][s] + 1))
    return out


@applies("vb_ally_move")
def _ally_move_apply(g: GameState, f: Frame, a: Action) -> None:
    pop(g, f)
    if a[0] == "ally":
        from ..rules.movement import do_move

        do_move(g, int(a[1]), f.data["from"], f.data["to"], int(a[2]))
        if f.data.get("ferry"):
            # The FAQ on M.3.5: Allied warriors may ride the Ferry with him; their player
            # draws a card too.
            ferry_draw(g, int(a[1]))


# --- 9.2.7 Taking hits, 9.2.2.I full removal -------------------------------------------------


def push_damage(g: GameState, seat: int, n: int, ally: int, c: int, in_battle: bool) -> None:
    """Damage ``n`` items (or, in battle, remove warriors of ``ally``), asking when there is a
    choice; hits beyond what he can take are ignored."""
    fs: VagabondState = g.fs[seat]
    bf = current_battle(g) if in_battle else None
    while n > 0:
        opts = damage_options(fs)
        ally_w = g.warriors[c][ally] if ally >= 0 else 0
        if not opts and not ally_w:
            return
        if len(opts) + (1 if ally_w else 0) > 1:
            g.stack.append(
                Frame("vb_damage", seat, {"n": n, "ally": ally, "c": c, "battle": in_battle})
            )
            return
        if opts:
            _damage_one(g, seat, bf, str(opts[0][1]), str(opts[0][2]))
        else:
            _ally_hit(g, bf, ally, c)
        n -= 1


def _damage_one(g: GameState, seat: int, bf: Frame | None, item: str, side: str) -> None:
    do_damage(g, seat, item, side)
    if bf is not None:
        bf.data["item_hits"] = bf.data.get("item_hits", 0) + 1


def _ally_hit(g: GameState, bf: Frame | None, ally: int, c: int) -> None:
    assert bf is not None
    # Only as attacker does he take hits on Allied warriors (9.2.9.2.4): the defender's hits.
    remove_warriors(g, ally, c, 1, bf.data["d"])
    bf.data["removed"] = bf.data["removed"] + ((ally, 1),)
    bf.data["ally_hits"] = bf.data.get("ally_hits", 0) + 1


@decision(
    "vb_damage",
    "Take a hit: choose an item to damage",
    takes=(("damage", ITEMS, SIDES), ("ally-warrior",)),
)
def _damage_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    out = damage_options(st(g, f.seat))
    ally = f.data["ally"]
    if ally >= 0 and g.warriors[f.data["c"]][ally]:
        out.append(("ally-warrior",))
    return out


@applies("vb_damage")
def _damage_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    pop(g, f)
    bf = current_battle(g) if f.data["battle"] else None
    if a[0] == "ally-warrior":
        _ally_hit(g, bf, f.data["ally"], f.data["c"])
    else:
        _damage_one(g, f.seat, bf, str(a[1]), str(a[2]))
    push_damage(g, f.seat, f.data["n"] - 1, f.data["ally"], f.data["c"], f.data["battle"])


# --- Repairing several items (Hideout) -------------------------------------------------------


def push_repairs(g: GameState, seat: int, n: int) -> None:
    """Repair up to ``n`` items (as many as possible, 1.5.4), asking when there is a choice."""
    fs: VagabondState = g.fs[seat]
    while n > 0:
        opts = repair_options(fs)
        if not opts:
            return
        if count(fs, DUP) + count(fs, DDOWN) > n and len(opts) > 1:
            g.stack.append(Frame("vb_repair", seat, {"n": n}))
            return
        do_repair(g, seat, str(opts[0][1]), str(opts[0][2]))
        n -= 1


@decision("vb_repair", "Repair: choose a damaged item", takes=(("repair", ITEMS, SIDES),))
def _repair_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    return repair_options(st(g, f.seat))


@applies("vb_repair")
def _repair_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    pop(g, f)
    do_repair(g, f.seat, str(a[1]), str(a[2]))
    push_repairs(g, f.seat, f.data["n"] - 1)


# --- 9.6.4 Item capacity ---------------------------------------------------------------------


@decision(
    "vb_capacity",
    "Too many items: choose one to remove from the game",
    takes=(("remove", ITEMS, STATE_WORDS),),
)
def _cap_legal(g: GameState, f: Frame) -> list[Action]:
    assert f.seat is not None
    fs: VagabondState = g.fs[f.seat]
    out: list[Action] = []
    for i in ITEMS:
        v = fs.items[i]
        up_free = v[UP] - (on_track(fs, i) if i in TRACK_ITEMS else 0)
        for k, n in ((UP, up_free), (DOWN, v[DOWN]), (DUP, v[DUP]), (DDOWN, v[DDOWN])):
            if n > 0:
                out.append(("remove", i, STATE_WORDS[k]))
    return out


@applies("vb_capacity")
def _cap_apply(g: GameState, f: Frame, a: Action) -> None:
    assert f.seat is not None
    fs: VagabondState = g.fs[f.seat]
    item = str(a[1])
    fs.items[item][STATE_WORDS.index(str(a[2]))] -= 1
    fs.removed.append(item)
    fs.removed.sort(key=ITEMS.index)
    item_event(g, f.seat, "remove", item, side=str(a[2]))
    if load(fs) <= item_limit(fs):
        pop(g, f)
