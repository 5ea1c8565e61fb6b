"""Law of Rootbotics 7: the Vagabot, a Clockwork bot.

7.2 its abilities: Lone Wanderer (7.2.1, the pawn; 7.2.1.I a full removal damages three
items), Nimble (7.2.2), identical items face up or face down (7.2.3), the Battle Track (7.2.4),
taking hits (7.2.5); 7.3 setup (character, pawn in the forest with most adjacent clearings,
one quest, the ruins, the starting items); 7.4 Birdsong (reveal the order card, craft it,
Slip); 7.5 Daylight: the order card's suit sets the sequence of Explore, Quest, Aid, Battle,
Repair and Special (:data:`SEQUENCES`); 7.6 Evening (refresh, repair, discard the order card);
7.7 the characters (factions/vagabot_characters.py). The difficulty cards change the Evening
refresh and add Nightmare's point; the trait cards Adventurer, Berserker, Helper, Marksman and
the Clockwork 2 Questing.

It plays with the Vagabond's pawn (the human Vagabond cannot sit at its table) and uses the
Vagabond's general rules where the Law of Rootbotics keeps them: the pawn's places (clearings
and forests, ``vagabond.FOREST_BASE``), the quest deck, the items beneath the ruins. Items
here are all alike (7.2.3), so they are counted, not named; the named items it took from the
supply, the ruins or a Crafted Items box are kept in ``gained`` only to account for them.
Every choice is the engine's (factions/clockwork.py); the Daylight runs in a driver frame, one
action (one battle) at a time, so that a battle's questions to a human come in their turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from ..cards import CARD_SUITS, DECK
from ..errors import PositionError
from ..flow import FACTIONS, driver, pop
from ..rules import chance
from ..rules.battle import deal_hits, start_battle
from ..rules.chance import emit
from ..rules.core import (
    board,
    buildings_changed,
    card_suit,
    draw,
    has_pieces,
    score,
)
from ..rules.maps import ferry_destinations, ferry_moved, is_ferry_move
from ..rules.turn import end_daylight
from ..state import JSON, Frame, GameState
from . import clockwork
from .base import Faction
from .clockwork import (
    DIFFICULTIES,
    Criterion,
    adjacent,
    choose_clearing,
    choose_player,
    craft_order,
    discard_order,
    enemy_pieces,
    foe,
    has_trait,
    is_bot,
    nightmare_point,
    pieces_of,
    priority_rank,
    reveal_order,
)
from .vagabond import (
    FOREST_BASE,
    QUEST_KEYS,
    QUESTS,
    RUIN_ITEMS,
    forest_index,
    forest_loc,
    place_name,
)

NAME: Final = "vagabot"
CHARACTERS: Final[tuple[str, ...]] = (
    "thief", "tinker", "ranger", "vagrant", "scoundrel", "arbiter"
)
"""LR 7.7.1-7.7.6: the Vagabot's own character cards (not the Vagabond's, LR 7.3.1); the
last three are the Clockwork 2 characters."""
START_ITEMS: Final = 4
"""LR 7.3.5: items marked "S" in the Satchel at setup (the Tinker one fewer, 7.7.2)."""
TRAITS: Final[tuple[str, ...]] = ("adventurer", "berserker", "helper", "marksman", "questing")
"""LR 3.3: the trait cards (Questing is the Clockwork 2 extra trait)."""
SEQUENCES: Final[dict[str, tuple[str, ...]]] = {
    "bird": ("explore", "quest", "aid", "battle"),
    "fox": ("explore", "battle", "special"),
    "rabbit": ("battle", "repair", "special"),
    "mouse": ("quest", "aid", "battle", "repair"),
}
"""LR 7.5: the Daylight actions each order suit prompts, in order (printed on the faction board,
not in the Law's text: docs/rulings.md)."""
TRACK_AT: Final[tuple[int, ...]] = (6, 9, 12)
"""LR 7.2.4: undamaged items needed for one, two and three items on the Battle Track."""
SLIP_AT: Final = 2
"""LR 7.4.3: with this many undamaged items or fewer, the Vagabot slips and skips Daylight."""
REFRESH_DAMAGED: Final = 4
REFRESH_WHOLE: Final = 6
"""LR 7.6.1: items refreshed in Evening with a damaged item, and with none."""
REFRESH_CHANGE: Final[dict[str, int]] = {"easy": -1, "default": 0, "challenging": 1, "nightmare": 1}
"""The difficulty cards: one item fewer (Easy) or more (Challenging, Nightmare) refreshed."""
FULL_REMOVAL_DAMAGE: Final = 3
"""LR 7.2.1.I."""
UP, DOWN, DUP, DDOWN = 0, 1, 2, 3
"""Item states: face up, exhausted (face down), damaged face up, damaged face down."""
STATE_WORDS: Final[tuple[str, ...]] = ("up", "down", "damaged-up", "damaged-down")


class VagabotState:
    """The Vagabot's board: the character, the pawn, the items (counted by state; those on
    the Battle Track by side, left to right), the quest, the order card, the difficulty and
    traits; the quest deck and the items beneath the ruins (hidden), the items' names."""

    __slots__ = (
        "warriors", "character", "pawn", "items", "track", "quest", "quest_deck", "done",
        "ruins", "gained", "order", "difficulty", "traits",
    )

    def __init__(self) -> None:
        self.warriors = 0
        """The Vagabot has no warriors (LR 7.2.1); the general rules read this field."""
        self.character = "thief"
        self.pawn = 0
        self.items: list[int] = [0, 0, 0, 0]
        """Items in the Satchel and the Damaged box, by state (UP, DOWN, DUP, DDOWN)."""
        self.track: list[str] = []
        """The Battle Track's items, left to right: "up" or "down" (LR 7.2.4)."""
        self.quest: int | None = None
        """The face-up quest (LR 7.3.3), an index of ``vagabond.QUESTS``."""
        self.quest_deck: list[int] = []
        self.done: list[int] = []
        self.ruins: dict[int, list[str]] = {}
        """Clearing -> the items beneath its ruin (LR 7.3.4, as the Vagabond's 9.3.4)."""
        self.gained: list[str] = []
        """The named items it took from the supply, a ruin or a Crafted Items box: all alike
        to it (LR 7.2.3), kept to account for them."""
        self.order: int | None = None
        self.difficulty = "default"
        self.traits: tuple[str, ...] = ()

    def clone(self) -> VagabotState:
        s = VagabotState()
        s.character, s.pawn, s.quest = self.character, self.pawn, self.quest
        s.items, s.track = self.items[:], self.track[:]
        s.quest_deck, s.done = self.quest_deck[:], self.done[:]
        s.ruins = {k: v[:] for k, v in self.ruins.items()}
        s.gained = self.gained[:]
        s.order, s.difficulty, s.traits = self.order, self.difficulty, self.traits
        return s

    def to_dict(self) -> JSON:
        return {
            "warriors": 0,
            "character": self.character,
            "pawn": self.pawn,
            "items": self.items[:],
            "track": self.track[:],
            "quest": self.quest,
            "quest_deck": self.quest_deck[:],
            "done": self.done[:],
            "ruins": {str(k): v[:] for k, v in self.ruins.items()},
            "gained": self.gained[:],
            "order": self.order,
            "difficulty": self.difficulty,
            "traits": list(self.traits),
        }

    @classmethod
    def from_dict(cls, d: JSON) -> VagabotState:
        s = cls()
        s.character, s.pawn, s.quest = d["character"], d["pawn"], d["quest"]
        s.items, s.track = list(d["items"]), list(d["track"])
        s.quest_deck, s.done = list(d["quest_deck"]), list(d["done"])
        s.ruins = {int(k): list(v) for k, v in d["ruins"].items()}
        s.gained = list(d["gained"])
        s.order, s.difficulty, s.traits = d["order"], d["difficulty"], tuple(d["traits"])
        return s


def st(g: GameState, seat: int) -> VagabotState:
    fs: VagabotState = g.fs[seat]
    return fs


def clearing_of(fs: VagabotState) -> int:
    """The pawn's clearing, or 0 in a forest."""
    return fs.pawn if fs.pawn < FOREST_BASE else 0


def order_suit(g: GameState, seat: int) -> str | None:
    cid = st(g, seat).order
    return None if cid is None else card_suit(cid)


# --- LR 7.2.3 Items, LR 7.2.4 the Battle Track, LR 7.2.5 taking hits ------------------------


def undamaged(fs: VagabotState) -> int:
    return fs.items[UP] + fs.items[DOWN] + len(fs.track)


def damaged(fs: VagabotState) -> int:
    return fs.items[DUP] + fs.items[DDOWN]


def total_items(fs: VagabotState) -> int:
    return sum(fs.items) + len(fs.track)


def ready(fs: VagabotState) -> int:
    """Items it can exhaust: face up in the Satchel (not on the Battle Track, LR 7.2.4)."""
    return fs.items[UP]


def max_rolled_hits(fs: VagabotState) -> int:
    """LR 7.2.4: one, plus one for each of the first two Battle Track spaces filled."""
    return 1 + min(len(fs.track), 2)


def item_event(g: GameState, seat: int, change: str, n: int = 1, **more: Any) -> None:
    """Log a change to its items: ``exhaust``, ``refresh``, ``damage``, ``repair``,
    ``gain``, ``track`` (onto the Battle Track) or ``untrack`` (back to the Satchel)."""
    if n:
        emit(g, {"kind": "vagabot_item", "seat": seat, "change": change, "count": n, **more})


def exhaust(g: GameState, seat: int, n: int, why: str) -> None:
    """LR 7.2.3: flip ``n`` face-up items face down to pay for an action (``why``)."""
    fs = st(g, seat)
    assert fs.items[UP] >= n, "no face-up item to exhaust"
    fs.items[UP] -= n
    fs.items[DOWN] += n
    item_event(g, seat, "exhaust", n, why=why)


def gain_item(g: GameState, seat: int, item: str | None, source: str) -> None:
    """LR 7.2.3: a gained item goes face up into the Satchel (``item``: its name, when it comes
    from the supply, a ruin or a Crafted Items box)."""
    fs = st(g, seat)
    fs.items[UP] += 1
    if item is not None:
        fs.gained.append(item)
    item_event(g, seat, "gain", 1, source=source)
    arrange_track(g, seat)


def arrange_track(g: GameState, seat: int) -> None:
    """LR 7.2.4: while it has at least six, nine, twelve undamaged items, one, two, three of
    them sit on the Battle Track, exhausted ones placed before face-up ones; fewer undamaged
    items send the last placed back to the Satchel, on the same side. Questing: damaged items
    count too, and items never leave the track."""
    fs = st(g, seat)
    questing = has_trait(g, seat, "questing")
    count = total_items(fs) if questing else undamaged(fs)
    want = sum(1 for n in TRACK_AT if count >= n)
    while len(fs.track) < want and fs.items[UP] + fs.items[DOWN]:
        side = DOWN if fs.items[DOWN] else UP
        fs.items[side] -= 1
        fs.track.append("down" if side == DOWN else "up")
        item_event(g, seat, "track", 1, side=fs.track[-1])
    while len(fs.track) > want and not questing:
        back = fs.track.pop()
        fs.items[DOWN if back == "down" else UP] += 1
        item_event(g, seat, "untrack", 1, side=back)


def damage(g: GameState, seat: int, n: int, why: str) -> None:
    """LR 7.2.5: each hit damages an exhausted item, or with none an unexhausted one. An item
    the Battle Track holds face down is exhausted too (LR 7.2.4 places items there on their
    side): the Satchel's first, then the track's (its last placed of that side), the same for
    face-up items (docs/rulings.md 246, 402). Questing: the track's items are never damaged.
    A hit with no undamaged item left does nothing."""
    fs = st(g, seat)
    questing = has_trait(g, seat, "questing")
    for _ in range(n):
        for side, hurt, word in ((DOWN, DDOWN, "down"), (UP, DUP, "up")):
            if fs.items[side]:
                fs.items[side] -= 1
            elif word in fs.track and not questing:
                at = len(fs.track) - 1 - fs.track[::-1].index(word)
                del fs.track[at]
            else:
                continue
            fs.items[hurt] += 1
            item_event(g, seat, "damage", 1, side=word, why=why)
            break
        else:
            break
    arrange_track(g, seat)


def repair(g: GameState, seat: int, n: int, why: str) -> int:
    """LR 7.5.5, 7.6.2: repair up to ``n`` damaged items, face-up ones before exhausted ones;
    each keeps its side. Returns how many."""
    fs = st(g, seat)
    done = 0
    for frm, to, side in ((DUP, UP, "up"), (DDOWN, DOWN, "down")):
        k = min(n - done, fs.items[frm])
        fs.items[frm] -= k
        fs.items[to] += k
        done += k
        item_event(g, seat, "repair", k, side=side, why=why)
    arrange_track(g, seat)
    return done


def refresh(g: GameState, seat: int) -> None:
    """LR 7.6.1: refresh four undamaged items if one is damaged, else six (the difficulty
    cards: one fewer at Easy, one more at Challenging and Nightmare); the Satchel's first, then
    the Battle Track's (docs/rulings.md)."""
    fs = st(g, seat)
    n = (REFRESH_DAMAGED if damaged(fs) else REFRESH_WHOLE) + REFRESH_CHANGE[fs.difficulty]
    k = min(n, fs.items[DOWN])
    fs.items[DOWN] -= k
    fs.items[UP] += k
    for i, side in enumerate(fs.track):
        if k < n and side == "down":
            fs.track[i] = "up"
            k += 1
    item_event(g, seat, "refresh", k, of=n)


# --- The pawn: forests and moves (LR 7.2.2 Nimble, LR 7.5) -----------------------------------


def forests_next_to(g: GameState, loc: int) -> list[int]:
    """The forests adjacent to the pawn's place (Slip, LR 7.4.3): those a clearing touches,
    or those sharing a path with a forest (as the Vagabond's Slip, 9.4.2)."""
    b = board(g)
    if loc < FOREST_BASE:
        return [FOREST_BASE + 1 + i for i, f in enumerate(b.forests) if loc in f.clearings]
    return [forest_loc(b, x) for x in b.forests[forest_index(loc)].forests]


def slip(g: GameState, seat: int, rule: str) -> None:
    """LR 7.4.3 (and the Ranger, 7.7.3): into an adjacent forest drawn at random."""
    fs = st(g, seat)
    near = forests_next_to(g, fs.pawn)
    if not near:
        return
    dest = near[chance.pick(g, len(near), "slip") if len(near) > 1 else 0]
    emit(g, {"kind": "slip", "seat": seat, "among": near, "to": dest, "rule": rule})
    move_pawn(g, seat, dest)


def move_pawn(g: GameState, seat: int, dest: int) -> None:
    """LR 7.2.2 Nimble: the pawn moves whoever rules either end (it is no warrior: no Outrage)."""
    fs = st(g, seat)
    origin, fs.pawn = fs.pawn, dest
    emit(g, {"kind": "pawn", "seat": seat, "from": origin, "to": dest})


def steps(g: GameState, c: int) -> tuple[int, ...]:
    """The clearings one move of the pawn reaches from clearing ``c``: along paths (the
    Mountain's closed ones too, LR 12.2.1), and by the Ferry from its clearing to every other
    coastal clearing while it is unused this turn (LR 12.1.1; M.3.5)."""
    return adjacent(g, c) + ferry_destinations(g, c)


def distances(g: GameState, loc: int) -> dict[int, int]:
    """Moves from the pawn's place to every clearing (one item each, LR 7.5): :func:`steps`,
    or out of a forest into its clearings."""
    b = board(g)
    if loc < FOREST_BASE:
        dist = {loc: 0}
        frontier = [loc]
    else:
        frontier = list(b.forests[forest_index(loc)].clearings)
        dist = {c: 1 for c in frontier}
    while frontier:
        nxt: list[int] = []
        for c in frontier:
            for x in steps(g, c):
                if x not in dist:
                    dist[x] = dist[c] + 1
                    nxt.append(x)
        frontier = nxt
    return dist


def go_to(
    g: GameState,
    seat: int,
    action: str,
    candidates: Sequence[int],
    criteria: Sequence[Criterion],
    rule: str,
    nearest_first: bool = True,
) -> int | None:
    """LR 7.5: the nearest of the ``candidates`` (then ``criteria``, then priority, LR 2.1;
    ``nearest_first`` False: the ``criteria`` first, then the nearest):
    stay if the pawn is there, else move to it by the fewest moves, one item exhausted per
    move (through the clearings of highest priority where routes tie). It moves even if no
    item is left for the action then. A candidate its face-up items cannot take it to is
    passed over while one they can is left (LR 2.3); with none, it stays where it is and the
    action is not taken (docs/rulings.md 248, 406). The clearing, or None."""
    fs = st(g, seat)
    dist = distances(g, fs.pawn)
    reach = [c for c in candidates if c in dist]
    # LR 2.3: a clearing its items cannot take it to is no target while another is (ruling
    # 406); with none, the best is named and it stays.
    afford = [c for c in reach if dist[c] <= ready(fs)]
    nearest: Criterion = ("nearest", lambda c: -dist[c])
    ordered = (nearest, *criteria) if nearest_first else (*criteria, nearest)
    c = choose_clearing(g, seat, action, afford or reach, ordered, rule)
    if c is None or dist[c] == 0:
        return c
    if dist[c] > ready(fs):
        emit(g, {"kind": "vagabot_stays", "seat": seat, "clearing": c, "moves": dist[c]})
        return None
    path = [c]
    while dist[path[-1]] > 1:
        at = path[-1]
        back = [x for x, n in dist.items() if n == dist[at] - 1 and at in steps(g, x)]
        path.append(min(back, key=lambda x: priority_rank(g, x)))
    for x in reversed(path):
        exhaust(g, seat, 1, "move")
        origin = fs.pawn
        move_pawn(g, seat, x)
        if origin < FOREST_BASE and is_ferry_move(g, origin, x):
            ferry_moved(g, seat, origin, x)  # LR 12.1.1: 1 VP instead of a card
    return c


# --- The faction ------------------------------------------------------------------------------


class Vagabot(Faction):
    name = NAME
    setup_order = "D"
    pieces = "vagabond"
    warriors_total = 0
    has_pawn = True
    takes_hits_itself = True
    is_bot = True
    hates_surprises = True
    """LR 2.8.2: ambush cards cannot be played against this bot."""
    traits = TRAITS
    characters = CHARACTERS
    birdsong_steps: tuple[str, ...] = ("order", "slip")
    daylight_steps: tuple[str, ...] = ("actions",)
    evening_steps: tuple[str, ...] = ("refresh", "repair", "discard_order", "nightmare")

    def new_state(self) -> VagabotState:
        return VagabotState()

    def state_from_dict(self, d: JSON) -> VagabotState:
        return VagabotState.from_dict(d)

    def configure(self, fs: Any, spec: Any) -> None:
        """LR 3.3 and LR 7.3.1: the difficulty, the traits and the character
        (``{"character": "tinker"}``; the Thief when none is named, docs/rulings.md)."""
        character: Any = "thief"
        if isinstance(spec, dict) and "character" in spec:
            character = spec["character"]
            spec = {k: v for k, v in spec.items() if k != "character"}
        if character not in CHARACTERS:
            raise ValueError(
                f"{NAME}: character is one of {', '.join(CHARACTERS)}, not {character!r}"
            )
        super().configure(fs, spec)
        fs.character = character

    # --- LR 7.3 Setup -----------------------------------------------------------------------
    def setup(self, g: GameState, seat: int) -> None:
        """7.3.2: the pawn in the forest adjacent to the most clearings (at random among
        ties); 7.3.3: one quest face up; 7.3.4: an "R" item beneath each ruin, at random;
        7.3.5: four items face up in the Satchel (the Tinker three)."""
        fs = st(g, seat)
        b = board(g)
        most = max(len(f.clearings) for f in b.forests)
        best = [FOREST_BASE + 1 + i for i, f in enumerate(b.forests) if len(f.clearings) == most]
        forest = best[chance.pick(g, len(best), "forest") if len(best) > 1 else 0]
        emit(g, {"kind": "slip", "seat": seat, "among": best, "to": forest, "rule": "LR 7.3.2"})
        fs.pawn = forest
        deck = list(range(len(QUESTS)))
        chance.shuffle(g, deck)
        fs.quest_deck = deck
        draw_quest(g, seat)
        ruins = [c for c in b.clearings if (-1, "ruin") in g.buildings[c]]
        order = list(range(len(RUIN_ITEMS)))
        chance.shuffle(g, order)
        for c, k in zip(ruins, order, strict=False):
            fs.ruins[c] = [RUIN_ITEMS[k]]
        fs.items[UP] = START_ITEMS - (1 if fs.character == "tinker" else 0)

    # --- Turn -------------------------------------------------------------------------------
    def run_step(self, g: GameState, seat: int, step: str) -> None:
        fs = st(g, seat)
        if step == "order":
            # 7.4.1-7.4.2: reveal the order card and craft it.
            fs.order = reveal_order(g, seat)
            craft_order(g, seat, fs.order)
        elif step == "slip":
            # 7.4.3: two or fewer undamaged items: slip, skip Daylight.
            if undamaged(fs) <= SLIP_AT:
                slip(g, seat, "LR 7.4.3")
                end_daylight(g)
        elif step == "actions":
            suit = order_suit(g, seat)
            if suit is not None:
                emit(g, {"kind": "vagabot_sequence", "seat": seat, "suit": suit,
                         "actions": list(SEQUENCES[suit])})
                g.stack.append(Frame(NAME, seat, {"seq": SEQUENCES[suit], "i": 0}))
        elif step == "refresh":
            refresh(g, seat)
        elif step == "repair":
            # 7.6.2: in a forest, repair all; else one (Berserker: one more).
            n = damaged(fs) if not clearing_of(fs) else 1
            if has_trait(g, seat, "berserker"):
                n += 1
            repair(g, seat, n, "LR 7.6.2")
        elif step == "discard_order":
            discard_order(g, fs)  # 7.6.3
        elif step == "nightmare":
            nightmare_point(g, seat, fs)
        else:
            raise AssertionError(step)

    # --- Hooks into the general Law ----------------------------------------------------------
    def pawn_at(self, g: GameState, seat: int) -> int:
        return clearing_of(st(g, seat))

    def item_crafted(self, g: GameState, seat: int, item: str) -> None:
        """LR 1.1, 7.2.3: a crafted item goes face up into the Satchel (it has no Crafted
        Items box; docs/rulings.md)."""
        gain_item(g, seat, item, "craft")

    def rolled_hits_cap(self, g: GameState, seat: int, c: int, battle: dict[str, Any]) -> int:
        """LR 7.2.4: its maximum rolled hits (one, more with the Battle Track)."""
        return max_rolled_hits(st(g, seat))

    def attacker_extra_hits(self, g: GameState, seat: int) -> int:
        """LR 7.2.4: the Battle Track's third item deals an extra hit as attacker."""
        return 1 if len(st(g, seat).track) >= len(TRACK_AT) else 0

    def defenseless(self, g: GameState, seat: int, c: int) -> bool:
        """As defender with no undamaged item (the Vagabond's 9.2.4, items being alike:
        docs/rulings.md)."""
        return undamaged(st(g, seat)) == 0

    def fights_on(self, g: GameState, seat: int, c: int, battle: dict[str, Any]) -> bool:
        """LR 7.2.1: the pawn is never removed."""
        return True

    def take_battle_hits(self, g: GameState, battle: Any, seat: int, n: int, by: int) -> None:
        """LR 7.2.5."""
        damage(g, seat, n, "battle")

    def before_roll(self, g: GameState, seat: int, bf: Frame) -> None:
        """Marksman: as attacker, one hit to the defender before the dice."""
        if bf.data["a"] == seat and has_trait(g, seat, "marksman"):
            emit(g, {"kind": "marksman", "seat": seat, "clearing": bf.data["c"]})
            deal_hits(g, bf, bf.data["d"], 1, seat)

    def enlistable(self, g: GameState, seat: int, bf: Frame) -> bool:
        """LR 7.7.6: the Arbiter in the battle's clearing, neither side of it."""
        from .vagabot_characters import arbiter_enlistable

        return arbiter_enlistable(g, seat, bf)

    def enlisted_by_bot(self, g: GameState, seat: int, bf: Frame) -> bool:
        """LR 7.7.6.I-III: whether a bot defender enlists the Arbiter."""
        from .vagabot_characters import bot_enlists_arbiter

        return bot_enlists_arbiter(g, seat, bf)

    def enlist(self, g: GameState, seat: int, bf: Frame) -> int:
        """LR 7.7.6: enlisted, the Arbiter scores one VP and adds his Battle Track's items to
        the defender's maximum rolled hits."""
        score(g, seat, 1, "arbiter")
        return len(st(g, seat).track)

    def after_battle(
        self, g: GameState, seat: int, enemy: int, c: int, warriors: int, others: int,
        battle: dict[str, Any],
    ) -> None:
        """LR 7.5.4: as attacker, one VP per enemy warrior removed."""
        if battle["a"] == seat and warriors:
            score(g, seat, warriors, "warriors removed")

    def all_removed(self, g: GameState, seat: int, c: int, by: int) -> None:
        """LR 7.2.1.I: an enemy effect removing every enemy piece where it stands damages
        three items."""
        if clearing_of(st(g, seat)) == c:
            damage(g, seat, FULL_REMOVAL_DAMAGE, "full removal")

    def piece_totals(self) -> dict[str, int]:
        return {"pawn": 1}

    def piece_counts(self, g: GameState, seat: int) -> dict[str, tuple[int, int]]:
        on = 1 if st(g, seat).pawn else 0
        return {"pawn": (on, 1 - on)}

    def board_cards(self, g: GameState, seat: int) -> list[int]:
        order = st(g, seat).order
        return [] if order is None else [order]

    def unseen_piles(self, g: GameState, seat: int) -> list[list[list[Any]]]:
        """LR 7.3.4, 7.3.3: the items beneath the ruins and the order of the quest deck."""
        fs = st(g, seat)
        return [[fs.ruins[c] for c in sorted(fs.ruins)], [fs.quest_deck]]

    def load_position(self, g: GameState, seat: int, spec: JSON) -> None:
        from .vagabot_position import load_vagabot

        self.check_fields(spec, FIELDS)
        load_vagabot(g, seat, spec)
        settings = {k: spec[k] for k in ("difficulty", "traits", "character") if k in spec}
        try:
            self.configure(g.fs[seat], settings)
        except ValueError as e:
            raise PositionError(str(e)) from None
        arrange_track(g, seat)

    def load_position_cards(
        self, g: GameState, seat: int, spec: JSON, take: Callable[[Any, str], int]
    ) -> None:
        order = spec.get("order")
        if order is not None:
            st(g, seat).order = take(order, f"{NAME}.order")

    def describe_board(self, g: GameState, seat: int) -> JSON:
        from .vagabot_position import describe_vagabot

        out = clockwork.describe_settings(g, seat)
        out.update(describe_vagabot(g, seat))
        fs = st(g, seat)
        if fs.order is not None:
            out["order"] = DECK[fs.order].key
        return out

    def public_view(self, g: GameState, seat: int) -> JSON:
        fs = st(g, seat)
        return {
            "character": fs.character,
            "pawn": place_name(board(g), fs.pawn) if fs.pawn else None,
            "items": {w: fs.items[k] for k, w in enumerate(STATE_WORDS)},
            "battle_track": fs.track[:],
            "max_rolled_hits": max_rolled_hits(fs),
            "quest": QUEST_KEYS[fs.quest] if fs.quest is not None else None,
            "completed_quests": [QUEST_KEYS[q] for q in fs.done],
            "quest_deck": len(fs.quest_deck),
            "ruins": {str(c): len(v) for c, v in sorted(fs.ruins.items())},
            "order": fs.order,
            "difficulty": fs.difficulty,
            "traits": list(fs.traits),
        }

    board_features = (
        *(f"character:{k}" for k in CHARACTERS),
        "pawn_clearing",
        "pawn_in_forest",
        *(f"item:{w}" for w in STATE_WORDS),
        "battle_track",
        "max_rolled_hits",
        "completed_quests",
        "quest_deck",
        *(f"order:{s}" for s in CARD_SUITS),
        *(f"difficulty:{d}" for d in DIFFICULTIES),
        *(f"trait:{t}" for t in TRAITS),
    )

    def observe_board(self, board: JSON) -> list[float]:
        out: list[float] = [float(board["character"] == k) for k in CHARACTERS]
        pawn = board["pawn"] or ""
        out.append(float(pawn) if pawn.isdigit() else 0.0)
        out.append(float(pawn.startswith("forest:")))
        out.extend(float(board["items"][w]) for w in STATE_WORDS)
        out.append(float(len(board["battle_track"])))
        out.append(float(board["max_rolled_hits"]))
        out.append(float(len(board["completed_quests"])))
        out.append(float(board["quest_deck"]))
        order = board["order"]
        out.extend(float(order is not None and card_suit(order) == s) for s in CARD_SUITS)
        out.extend(clockwork.observe_settings(self, board))
        return out


FIELDS = (
    "character", "pawn", "items", "track", "quest", "done", "quest_deck", "ruins", "gained",
    "covered", "order", "difficulty", "traits",
)
"""The Vagabot's board fields in positions (factions/vagabot_position.py)."""

FACTIONS[NAME] = Vagabot()


def draw_quest(g: GameState, seat: int) -> None:
    """LR 7.3.3, 7.5.2: the next quest of the quest deck, face up (none when it is empty)."""
    fs = st(g, seat)
    fs.quest = fs.quest_deck.pop() if fs.quest_deck else None
    if fs.quest is not None:
        g.reveals += 1
    emit(g, {"kind": "vagabot_quest", "seat": seat, "quest": fs.quest})


# --- LR 7.5 Daylight -------------------------------------------------------------------------


@driver(NAME)
def _run(g: GameState, f: Frame) -> None:
    """One Daylight action at a time (a battle at a time), in the order card's sequence; then
    Adventurer's quests."""
    seat = f.seat
    assert seat is not None
    d = f.data
    if "battle" in d:
        battle_again(g, seat, d)
        return
    # A sequence: the order card's tuple, or a list where a position gave the frame (JSON).
    seq: Sequence[str] = d["seq"]
    i = d["i"]
    if i >= len(seq):
        if has_trait(g, seat, "adventurer") and not d.get("adventured"):
            if not quest(g, seat, "adventurer"):
                d["adventured"] = True
            return
        pop(g, f)
        return
    d["i"] = i + 1
    act = seq[i]
    if act == "explore":
        explore(g, seat)
    elif act == "quest":
        quest(g, seat, "LR 7.5.2")
    elif act == "aid":
        aid(g, seat)
    elif act == "battle":
        battle(g, seat, d)
    elif act == "repair":
        if damaged(st(g, seat)) and ready(st(g, seat)):
            exhaust(g, seat, 1, "repair")
            repair(g, seat, 1, "LR 7.5.5")
    else:
        from .vagabot_characters import special

        special(g, seat)


def explore(g: GameState, seat: int) -> None:
    """LR 7.5.1: to the nearest ruin; exhaust an item to take one of its items at random, face
    up into the Satchel; an empty ruin is removed. No VP."""
    fs = st(g, seat)
    c = go_to(g, seat, "explore", [c for c, v in fs.ruins.items() if v], (), "LR 7.5.1")
    if c is None or not ready(fs):
        return
    exhaust(g, seat, 1, "explore")
    under = fs.ruins[c]
    item = under.pop(chance.pick(g, len(under), "ruin") if len(under) > 1 else 0)
    emptied = not under
    emit(g, {"kind": "explore", "seat": seat, "c": c, "item": item, "emptied": emptied})
    if emptied:
        del fs.ruins[c]
        g.take_building(c, g.buildings[c].index((-1, "ruin")))
        buildings_changed(g, c)
    gain_item(g, seat, item, "ruin")


def quest(g: GameState, seat: int, rule: str) -> bool:
    """LR 7.5.2: to the nearest clearing of the quest's suit; exhaust two items (whatever
    the card names) to complete it: 1 VP (Questing: 2), the card's text ignored; a new quest.
    Whether it was completed."""
    fs = st(g, seat)
    if fs.quest is None:
        return False
    suit = QUESTS[fs.quest][1]
    c = go_to(g, seat, "quest", board(g).clearings_of_suit(suit), (), rule)
    if c is None or ready(fs) < 2:
        return False
    exhaust(g, seat, 2, "quest")
    done = fs.quest
    fs.done.append(done)
    emit(g, {"kind": "vagabot_quested", "seat": seat, "c": c, "quest": done})
    score(g, seat, 2 if has_trait(g, seat, "questing") else 1, "quest")
    draw_quest(g, seat)
    return True


def aid(g: GameState, seat: int) -> None:
    """LR 7.5.3: the player in its clearing with a piece there and a crafted item, with the
    fewest VP (then setup order, LR 2.2); it exhausts as many items as it can up to their
    crafted items, takes that many (the oldest first), scores that many VP (Helper: one
    more), and they draw that many cards (Helper: two for each; docs/rulings.md); a bot scores
    1 VP instead (LR 2.8.1). Questing: first to the nearest clearing with such a player not
    aided this turn."""
    fs = st(g, seat)
    aided: list[int] = g.turn.setdefault("vagabot_aided", [])

    def such(c: int) -> list[int]:
        return [
            s for s in range(g.n)
            if s != seat and s not in aided and has_pieces(g, s, c) and g.seats[s].items
        ]

    if has_trait(g, seat, "questing"):
        c: int | None = go_to(
            g, seat, "aid", [c for c in board(g).clearings if such(c)], (), "questing"
        )
    else:
        c = clearing_of(fs)
    if not c or not such(c) or not ready(fs):
        return
    t = choose_player(
        g, seat, "aid", c, such(c), (("fewest_vp", lambda s: -g.seats[s].vp),), "LR 7.5.3"
    )
    n = min(ready(fs), len(g.seats[t].items))
    exhaust(g, seat, n, "aid")
    aided.append(t)
    taken = g.seats[t].items[:n]
    del g.seats[t].items[:n]
    emit(g, {"kind": "vagabot_aid", "seat": seat, "to": t, "items": taken})
    for item in taken:
        gain_item(g, seat, item, "aid")
    score(g, seat, n + (1 if has_trait(g, seat, "helper") else 0), "aid")
    if is_bot(g, t):
        score(g, t, 1, "aided")
    else:
        draw(g, t, n * (2 if has_trait(g, seat, "helper") else 1))


def battle_player(g: GameState, seat: int) -> tuple[int, list[int]] | None:
    """LR 7.5.4: the player with the most VP (then setup order, LR 2.2) among the enemies it
    can reach with a piece on the map, those its face-up items take it to first (LR 2.3), and
    the clearings of their pieces."""
    fs = st(g, seat)
    dist = distances(g, fs.pawn)
    where = {
        s: [c for c in dist if has_pieces(g, s, c)]
        for s in range(g.n)
        if foe(g, seat, s)
    }
    cands = [s for s, cs in where.items() if cs]
    if not cands:
        return None
    # LR 2.3: a player it has not the items to reach is passed over for one it has (ruling 406).
    afford = [s for s in cands if any(dist[c] <= ready(fs) for c in where[s])]
    cands = afford or cands
    here = clearing_of(st(g, seat))
    t = choose_player(
        g, seat, "battle_player", here, cands, (("most_vp", lambda s: g.seats[s].vp),),
        "LR 7.5.4",
    )
    return t, where[t]


def battle(g: GameState, seat: int, d: dict[str, Any]) -> None:
    """LR 7.5.4: to the nearest clearing with a piece of the player with the most VP (then
    where they have the most buildings and tokens, 7.5.4.I, then the fewest warriors,
    7.5.4.II); exhaust one item and battle them. Berserker: the clearing with the most enemy
    pieces, and the player with the most pieces there. Adventurer: once per turn."""
    fs = st(g, seat)
    if has_trait(g, seat, "adventurer") and g.turn.get("vagabot_battled"):
        return
    if has_trait(g, seat, "berserker"):
        dist = distances(g, fs.pawn)
        cs = [c for c in dist if any(foe(g, seat, s) and has_pieces(g, s, c)
                                     for s in range(g.n))]
        c = go_to(
            g, seat, "battle", cs,
            (("most_enemy_pieces", lambda c: float(enemy_pieces(g, seat, c))),),
            "berserker", nearest_first=False,
        )
        if c is None:
            return
        here = c
        foes = [s for s in range(g.n) if foe(g, seat, s) and has_pieces(g, s, here)]
        t = choose_player(
            g, seat, "defender", here, foes,
            (("most_pieces", lambda s: pieces_of(g, s, here)),), "berserker",
        )
    else:
        target = battle_player(g, seat)
        if target is None:
            return
        t, cs = target
        c = go_to(
            g, seat, "battle", cs,
            (
                ("most_buildings_tokens", lambda c: float(
                    sum(1 for o, _ in g.buildings[c] + g.tokens[c] if o == t))),
                ("fewest_warriors", lambda c: -float(g.warriors[c][t])),
            ),
            "LR 7.5.4",
        )
        if c is None:
            return
    if not ready(fs):
        return
    exhaust(g, seat, 1, "battle")
    g.turn["vagabot_battled"] = True
    d["battle"] = (c, t)
    start_battle(g, seat, c, t)


def battle_again(g: GameState, seat: int, d: dict[str, Any]) -> None:
    """LR 7.5.4: while the defender has pieces there and two items are face up, exhaust two
    and battle again (Adventurer: never)."""
    c, t = d["battle"]
    fs = st(g, seat)
    if (
        has_pieces(g, t, c)
        and clearing_of(fs) == c
        and ready(fs) >= 2
        and not has_trait(g, seat, "adventurer")
        and not g.winners
    ):
        exhaust(g, seat, 2, "battle")
        emit(g, {"kind": "vagabot_battle_again", "seat": seat, "clearing": c, "defender": t})
        start_battle(g, seat, c, t)
        return
    del d["battle"]
