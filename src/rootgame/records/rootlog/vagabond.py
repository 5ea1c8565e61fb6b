"""How the Vagabond is written in Rootlog (Law section 9; docs/rootlog.md, "The Vagabond").

The notation's Vagabond is a board of items (``%s`` ...) in areas (``s`` the Satchel, ``t``
a track, ``d`` the Damaged box) on one of two sides (``r`` face up, ``e`` exhausted), a pawn
(``p->8``, in a forest ``p->3_6_7``), the quests (``Q``: drawn ``F#errand->Q``, completed
``F#errandQ->$``), relationships (``$_E->1``) and his character (``#thief->$``). This module
is the Vagabond's :class:`~.factions.FactionNotation`: what of his board a record sees
(:class:`VBoard`), the changes between two moments in the notation's terms
(:func:`changes`), their atoms for the importer (:func:`change_atoms`, :func:`item_key`
from a record's terms) and their text for the writer (:func:`change_text`).

The engine counts each item in four states (face up, exhausted, and the same two damaged);
a face-up tea, coins or bag stands on its track while the track has room. A record's
``s`` and ``t`` are therefore one area here (``u``, undamaged): whether a face-up item is on
its track follows from the counts, and moves between Satchel and track (``%ct->s``) are
read and not checked (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ...board import load_board
from ...cards import ITEMS
from .factions import Atom
from .notation import ITEM_LETTER, LETTER_OF, SUIT_LETTER, SUIT_NAMES

STATES = ("r", "e", "dr", "de")
"""An item's four states as the notation writes them: face up, exhausted, damaged face up,
damaged exhausted (the engine's ``UP, DOWN, DUP, DDOWN``). ``x`` is off his board (a ruin,
another board, the supply, removed from the game)."""
REL_TEXT = {-1: "h", 0: "0", 1: "1", 2: "2", 3: "a"}
"""Relationship values (Hostile, Indifferent, the two spaces after, Allied) as written."""
QUEST_ABBREVIATIONS = {
    "Errand": "errand", "Expel Bandits": "bandits", "Fend off a Bear": "bear",
    "Escort": "escort", "Fundraising": "funds", "Give a Speech": "speech",
    "Guard Duty": "guard", "Logistics Help": "logs", "Repair a Shed": "shed",
}
"""The specification's abbreviations of the quest cards."""
CHARACTERS = ("thief", "tinker", "ranger")
OTHER_CHARACTERS = ("adventurer", "arbiter", "harrier", "ronin", "scoundrel", "vagrant")
"""The Vagabond's characters of the expansions (not in rootgame yet)."""


def _letters(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalpha())


def _quests() -> tuple[tuple[str, str], ...]:
    from ...factions.vagabond import QUESTS

    return tuple((name, suit) for name, suit, _ in QUESTS)


def quest_text(q: int) -> str:
    """``<suit>#<abbreviation>`` of quest ``q``, e.g. ``F#errand``."""
    name, suit = _quests()[q]
    return f"{SUIT_LETTER[suit]}#{QUEST_ABBREVIATIONS.get(name, _letters(name))}"


def quest_matches(spec: tuple[str | None, str | None], q: int) -> bool:
    """Whether quest ``q`` is what a record says: (suit letter or None, name or None)."""
    name, suit = _quests()[q]
    if spec[0] is not None and SUIT_NAMES[spec[0]] != suit:
        return False
    return spec[1] is None or spec[1] in (QUEST_ABBREVIATIONS.get(name), _letters(name))


def quest_name_known(name: str) -> bool:
    return any(name in (QUEST_ABBREVIATIONS.get(n), _letters(n)) for n, _ in _quests())


def area(state: str) -> str:
    """``u`` (undamaged: Satchel or track), ``d`` (damaged) or ``x`` (off his board)."""
    return "x" if state == "x" else ("d" if state.startswith("d") else "u")


def side(state: str) -> str:
    return state[-1] if state != "x" else ""


def concrete(a: str, s: str) -> str:
    return ("d" if a == "d" else "") + s


@dataclass(frozen=True, slots=True)
class VBoard:
    """What a record sees of the Vagabond's board (the quest deck and the items beneath
    unexplored ruins are hidden; the ruins are kept to see which one was explored)."""

    character: str
    pawn: str
    """A clearing number or a forest's clearings joined by ``_``; empty before setup."""
    items: tuple[tuple[str, str, int], ...]
    """(item, state, count), for the states of :data:`STATES`."""
    rel: tuple[tuple[str, str], ...]
    """(faction letter, value as written) for every other faction."""
    quests: tuple[int, ...]
    done: tuple[int, ...]
    ruins: tuple[tuple[int, tuple[str, ...]], ...]

    def public(self) -> tuple[Any, ...]:
        """What the board at the end of a line is compared on (turn states): the quests
        face up are left out (the record fixes them where it names them)."""
        return (self.character, self.pawn, self.items, self.rel, self.done)


def vboard(fs: Any, factions: Sequence[str], map_name: str) -> VBoard:
    from ...factions.vagabond import FOREST_BASE

    pawn = ""
    if fs.pawn:
        if fs.pawn < FOREST_BASE:
            pawn = str(fs.pawn)
        else:
            b = load_board(map_name)
            pawn = "_".join(str(c) for c in b.forests[fs.pawn - FOREST_BASE - 1].clearings)
    items = tuple((i, STATES[k], n) for i in ITEMS for k, n in enumerate(fs.items[i]) if n)
    rel = tuple((LETTER_OF.get(f, "?"), REL_TEXT.get(r, str(r)))
                for s, (f, r) in enumerate(zip(factions, fs.rel, strict=False))
                if f != "vagabond")
    return VBoard(fs.character, pawn, items, rel, tuple(sorted(fs.quests)),
                  tuple(sorted(fs.done)), tuple((c, tuple(v)) for c, v in sorted(fs.ruins.items())))


Change = tuple[Any, ...]
"""One change of the Vagabond's board: ``("character", name)``, ``("pawn", place)``,
``("item", item, from, to, count, source)`` (from / to a state of :data:`STATES` or ``x``;
source ``None``, ``("ruin", clearing)`` or ``("board", seat)``), ``("quest", from, to, q)``
(``deck``, ``Q``, ``board``), ``("rel", letter, value)``."""


def _transitions(before: dict[str, int], after: dict[str, int]) -> list[tuple[str, str, int]]:
    """The state changes of one kind of item: the least moves that turn ``before`` into
    ``after``, a flip or a change of area before a change of both; the rest gained or lost."""
    neg = {s: before.get(s, 0) - after.get(s, 0) for s in STATES}
    pos = {s: -n for s, n in neg.items() if n < 0}
    neg = {s: n for s, n in neg.items() if n > 0}
    out: list[tuple[str, str, int]] = []

    def pair(ok: Any) -> None:
        for f in STATES:
            for t in STATES:
                if f != t and ok(f, t) and neg.get(f, 0) and pos.get(t, 0):
                    n = min(neg[f], pos[t])
                    neg[f] -= n
                    pos[t] -= n
                    out.append((f, t, n))

    pair(lambda f, t: area(f) == area(t))
    pair(lambda f, t: side(f) == side(t))
    pair(lambda f, t: True)
    out.extend((f, "x", n) for f, n in neg.items() if n)
    out.extend(("x", t, n) for t, n in pos.items() if n)
    return out


def changes(
    before: VBoard, after: VBoard, crafted: Sequence[str] = (),
    taken: Sequence[tuple[int, str]] = (),
) -> list[Change]:
    """The changes from ``before`` to ``after``. An item gained comes from the ruin that
    lost it (Explore), from the board whose crafted item it was (``taken``: Aid), from a
    craft (``crafted``: not written, the craft implies it) or, in the setup, with the
    character (implied by it, as the Eyrie's leader implies the Viziers)."""
    out: list[Change] = []
    if after.character != before.character and after.character:
        out.append(("character", after.character))
    ruin_lost: list[tuple[str, int]] = []
    if before.ruins != after.ruins:
        now = dict(after.ruins)
        for c, items in before.ruins:
            left = list(now.get(c, ()))
            for i in items:
                if i in left:
                    left.remove(i)
                else:
                    ruin_lost.append((i, c))
    crafted_left = list(crafted)
    taken_left = list(taken)
    if before.items != after.items:
        b: dict[str, dict[str, int]] = {}
        a: dict[str, dict[str, int]] = {}
        for i, s, n in before.items:
            b.setdefault(i, {})[s] = n
        for i, s, n in after.items:
            a.setdefault(i, {})[s] = n
        for item in ITEMS:
            if b.get(item) == a.get(item):
                continue
            for f, t, n in _transitions(b.get(item, {}), a.get(item, {})):
                if f != "x":
                    out.append(("item", item, f, t, n, None))
                    continue
                for _ in range(n):
                    src: Any = None
                    ruin = next((x for x in ruin_lost if x[0] == item), None)
                    got = next((x for x in taken_left if x[1] == item), None)
                    if ruin is not None:
                        ruin_lost.remove(ruin)
                        src = ("ruin", ruin[1])
                    elif got is not None:
                        taken_left.remove(got)
                        src = ("board", got[0])
                    elif item in crafted_left:
                        crafted_left.remove(item)
                        continue
                    elif not before.pawn:
                        continue  # his starting items, implied by the character
                    out.append(("item", item, "x", t, 1, src))
    if after.pawn != before.pawn and after.pawn:
        # After the boots that paid for it ('%f->e/p->4', as people write it): a Move
        # is then told from a Slip (9.4.2), which pays nothing.
        out.append(("pawn", after.pawn))
    if before.quests != after.quests or before.done != after.done:
        for q in after.done:
            if q not in before.done:
                out.append(("quest", "Q", "board", q))
        for q in after.quests:
            if q not in before.quests:
                out.append(("quest", "deck", "Q", q))
    if before.rel != after.rel:
        old = dict(before.rel)
        # Set at Indifferent in the setup (9.3.6): not written.
        out.extend(("rel", x, v) for x, v in after.rel if x in old and old[x] != v)
    return out


# --- atoms -------------------------------------------------------------------------------


def engine_item_keys(seat: int, item: str, f: str, t: str) -> list[tuple[Any, ...]]:
    """The record keys an engine item change may be written as, most exact first: a start
    without its side (``%s->e``), a destination that keeps the side (``%sd->s``)."""
    keys: list[tuple[Any, ...]] = [(seat, item, f, t)]
    if f != "x":
        keys.append((seat, item, area(f) + "?", t))
    if f != "x" and t != "x" and side(f) == side(t):
        keys.append((seat, item, f, area(t) + "="))
        keys.append((seat, item, area(f) + "?", area(t) + "="))
    return keys


def change_atoms(seat: int, letters: Sequence[str], ch: Change) -> list[Atom]:
    """The engine atoms of a change (``(kind, key, amount or id)``)."""
    kind = ch[0]
    if kind == "character":
        return [("leader", (seat, ch[1]), None)]
    if kind == "pawn":
        return [("pawn", (seat, ch[1]), None)]
    if kind == "item":
        _, item, f, t, n, src = ch
        out: list[Atom] = []
        if src is not None and src[0] == "ruin":
            out.append(("ruin", (seat, src[1], item), None))
        elif src is not None:
            out.append(("taken", (src[1], item), None))
        out.append(("item", (seat, item, f, t), n))
        return out
    if kind == "quest":
        return [("quest", (seat, ch[1], ch[2]), ch[3])]
    return [("rel", (seat, ch[1], ch[2]), None)]


def change_text(who: str, letters: Sequence[str], ch: Change) -> str:
    """The Rootlog movement of a change (``who``: '' on his turn, else his letter)."""
    kind = ch[0]
    if kind == "character":
        return f"#{ch[1]}->{who}$"
    if kind == "pawn":
        return f"{who}p->{ch[1]}"
    if kind == "quest":
        _, f, t, q = ch
        start = {"deck": "", "Q": "Q"}[f]
        return f"{quest_text(q)}{start}->" + ("Q" if t == "Q" else f"{who}$")
    if kind == "rel":
        return f"{who}$_{ch[1]}->{ch[2]}"
    _, item, f, t, n, src = ch
    count = str(n) if n > 1 else ""
    it = f"{count}%{ITEM_LETTER[item]}"
    if f == "x":
        start = str(src[1]) if src is not None and src[0] == "ruin" else (
            f"{letters[src[1]]}$" if src is not None else "")
        return f"{it}{start}->{who}$" + ("" if t == "r" else "+" + t[-1])
    if t == "x":
        return f"{it}{f}->"
    dest: list[str] = []
    if area(t) != area(f):
        dest.append("d" if area(t) == "d" else "s")
    if who and area(f) == "u":
        # Not his turn: his board is the start ('%sV$->d+e'), which has no side, so the
        # side it ends on is written.
        return f"{it}{who}$->" + "+".join([*dest, side(t)])
    start = "d" if area(f) == "d" else ""
    if dest:
        # Damaged or repaired: the side it had is written, so that the record tells an
        # exhausted item from a face-up one ('%se->d', '%sde->s+r').
        start += side(f)
    if side(t) != side(f):
        dest.append(side(t))
    return f"{it}{start}->" + "+".join(dest)


def item_key(start_area: str, start_side: str, dests: Sequence[tuple[str, str]]) -> tuple[
        str, str]:
    """The (from, to) key of a recorded item movement: ``start_area`` ``u``, ``d`` or ``x``
    (from a ruin or another board), ``start_side`` ``r``, ``e`` or '' (either); ``dests``
    the destinations as (area or '', side or ''); none: removed from the game."""
    f = "x" if start_area == "x" else (
        concrete(start_area, start_side) if start_side else start_area + "?")
    if not dests:
        return f, "x"
    to_area = start_area if start_area != "x" else "u"
    to_side = ""
    for a, s in dests:
        to_area = a or to_area
        to_side = s or to_side
    if start_area == "x":
        return f, concrete(to_area, to_side or "r")  # gained face up (9.2.5)
    if to_side:
        return f, concrete(to_area, to_side)
    if start_side:
        return f, concrete(to_area, start_side)
    return f, to_area + "="


def vagabond_changes(
    before: Any, after: Any, seat: int, crafted: Sequence[str], taken: Sequence[tuple[int, str]]
) -> list[Change]:
    """Changes of the board of the Vagabond at ``seat`` between two snapshots."""
    b, a = before.boards[seat], after.boards[seat]
    if b is None or a is None or b == a:
        return []
    return changes(b, a, crafted, taken)


def taken_items(before: Any, after: Any) -> Iterator[tuple[int, str]]:
    """Crafted items that left a faction's Crafted Items box (taken by the Vagabond's Aid,
    9.5.4)."""
    if before.items == after.items:
        return
    for s, (x, y) in enumerate(zip(before.items, after.items, strict=True)):
        if x != y:
            left = list(y)
            for i in x:
                if i in left:
                    left.remove(i)
                else:
                    yield (s, i)
