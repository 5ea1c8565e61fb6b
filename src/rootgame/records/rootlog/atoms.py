"""What a record line says and what the engine did, as comparable atoms.

A record line's actions become :class:`RAtom` s (a piece placed, removed or moved between two
clearings; a card moved between two places, with what the record says of it; VP; a craft; a
battle and its ambushes; the Eyrie's purge and leader...), indexed by kind and key in a
:class:`Line`. An engine step becomes plain tuples of the same kinds and keys
(:func:`engine_atoms`), with card ids where the record has card specs. The importer
(``matching.py``) matches the two. What a faction's own board fields mean comes from
``factions.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import DECK
from .cards import CardSpec, spec_from_name
from .factions import BOARD, COMMON_LOCS, Loc, notation
from .notation import (
    DECK_NAME,
    FACTION_LETTERS,
    ITEM_OF_LETTER,
    LETTER_OF,
    SUIT_LETTERS,
    SUIT_NAMES,
    Action,
    Battle,
    BoardField,
    Card,
    Craft,
    Expose,
    Flip,
    Hireling,
    Item,
    Move,
    Path,
    Piece,
    Place,
    Reveal,
    RootlogError,
    Score,
    ScoreMarker,
    Term,
    Trick,
    Turn,
)
from .steps import (
    Step,
    card_moves,
    dominance_activated,
    from_discard,
    piece_deltas,
    unspent,
)
from .vagabond import (
    OTHER_CHARACTERS,
    change_atoms,
    engine_item_keys,
    item_key,
    quest_name_known,
    taken_items,
    vagabond_changes,
)


@dataclass(slots=True)
class RAtom:
    """One checkable unit of a recorded movement."""

    kind: str
    key: Any
    amount: int
    action: int
    spec: CardSpec | None = None
    dice: tuple[int, int] | None = None
    dest: int = 0
    """For the 'from' half of a transfer: its destination (the 'to' half is the next atom)."""
    quest: tuple[str | None, str | None] | None = None
    """For a quest card: what the record says of it (suit letter, name), either None."""


@dataclass(slots=True)
class Line:
    index: int
    turn: Turn
    seat: int
    atoms: list[RAtom]
    by_key: dict[tuple[str, Any], list[int]]


class Converter:
    """Turns the actions of a record line into atoms, checking that they name things the
    engine has."""

    def __init__(self, seat_of: dict[str, int], factions: Sequence[str], market: int = 0,
                 deck: str = "base") -> None:
        self.deck = deck
        """The shared deck ("base" or "exiles"): a card name of the other deck is refused."""
        self.market = market
        """The Black Market's clearing (0 for none): a card there is one of its face-down
        cards (docs/rulings.md)."""
        self.seat_of = seat_of
        self.factions = factions
        self.notations = [notation(f) for f in factions]

    def fail(self, turn: Turn, a: Action, problem: str, expected: str) -> RootlogError:
        return RootlogError(problem, turn.line, a.column, a.text, expected)

    def seat(self, turn: Turn, a: Action, letter: str | None) -> int:
        letter = letter or turn.faction
        if letter not in FACTION_LETTERS:
            raise self.fail(turn, a, f"{letter} is a hireling, and rootgame has no hirelings "
                            "yet", "pieces of the factions in play")
        if letter not in self.seat_of:
            raise self.fail(
                turn, a, f"faction {letter} is not in this game",
                "one of " + ", ".join(sorted(self.seat_of)),
            )
        return self.seat_of[letter]

    def line(self, index: int, turn: Turn) -> Line:
        if turn.faction not in self.seat_of:
            raise RootlogError(
                f"faction {turn.faction} is not in this game", turn.line, 1,
                turn.faction + ":", "one of " + ", ".join(sorted(self.seat_of)),
            )
        cur = self.seat_of[turn.faction]
        atoms: list[RAtom] = []
        for i, a in enumerate(turn.actions):
            atoms.extend(self.action(turn, i, a))
        by_key: dict[tuple[str, Any], list[int]] = {}
        for k, at in enumerate(atoms):
            by_key.setdefault((at.kind, at.key), []).append(k)
            if at.kind == "from":
                # A transfer: its 'from' atom k and 'to' atom k + 1, indexed as a unit.
                by_key.setdefault(("transfer", (*at.key, at.dest)), []).append(k)
        return Line(index, turn, cur, atoms, by_key)

    def action(self, turn: Turn, i: int, a: Action) -> list[RAtom]:
        if isinstance(a, Move):
            return self.move(turn, i, a)
        if isinstance(a, Battle):
            att = self.seat(turn, a, a.attacker)
            dfd = self.seat(turn, a, a.defender)
            out = [RAtom("battle", (att, dfd, a.clearing), 1, i, dice=a.dice)]
            for k, suit in enumerate(a.ambushes):
                who = dfd if k == 0 else att
                spec = CardSpec(SUIT_NAMES[suit], frozenset({f"ambush:{SUIT_NAMES[suit]}"}))
                out.append(RAtom("ambush", who, 1, i, spec))
            return out
        if isinstance(a, Craft):
            return [RAtom("craft", self.seat(turn, a, None), 1, i, self.craft_spec(turn, a))]
        if isinstance(a, Score):
            return [RAtom("vp", self.seat(turn, a, a.faction), a.points, i)]
        if isinstance(a, ScoreMarker):
            # The score marker leaves the track: dominance activated (3.3.1).
            return [RAtom("marker", (self.seat(turn, a, a.faction),
                                     self.seat(turn, a, a.to.faction)), 1, i)]
        if isinstance(a, Reveal):
            if not a.terms and a.target is not None:
                src = self.seat(turn, a, a.faction)
                return [RAtom("reveal", (src, self.seat(turn, a, a.target)), 1, i)]
            return []  # Revealing named cards is not checked (no such effect in the base game).
        raise self.fail(
            turn, a, f"{_not_yet(a)}: none of the four base factions does this, and rootgame "
            "does not have that faction yet",
            "movements, battles, crafts, scores, the score marker and reveals",
        )

    def craft_spec(self, turn: Turn, a: Craft) -> CardSpec:
        if a.item is not None:
            item = ITEM_OF_LETTER.get(a.item)
            if item is None:
                raise self.fail(turn, a, f"no card makes %{a.item}",
                                "an item: " + ", ".join(sorted(ITEM_OF_LETTER)))
            return CardSpec(item=item)
        name = a.card or ""
        spec = spec_from_name(None, name, self.deck)
        if spec is None and len(name) > 1 and name[0].upper() in SUIT_LETTERS:
            spec = spec_from_name(SUIT_NAMES[name[0].upper()], name[1:], self.deck)
        if spec is None:
            raise self.fail(turn, a, f"no card of the {DECK_NAME[self.deck]} deck is called "
                            f"{name!r}", "a card name or abbreviation ('Ztax', 'Zffavor', "
                            "'Z%h')")
        return spec

    def move(self, turn: Turn, i: int, a: Move) -> list[RAtom]:
        out: list[RAtom] = []
        for t in a.terms:
            w = t.what
            if isinstance(w, Piece):
                out.extend(self.piece_term(turn, i, a, t, w))
            elif isinstance(w, Card):
                out.extend(self.card_term(turn, i, a, t, w))
            elif isinstance(w, BoardField):
                seat = self.seat(turn, a, w.faction)
                got = self.notations[seat].field_atoms(seat, w.name, tuple(p.name for p in a.to))
                if got is None:
                    raise self.fail(turn, a, f"the {self.factions[seat]} have no board field "
                                    f"'$_{w.name}' that moves this way", "'$_->' (the Eyrie "
                                    "purge their Decree)")
                out.extend(RAtom(k[0], k[1], 1, i) for k in got)
            elif isinstance(w, Hireling):
                raise self.fail(turn, a, f"hireling h_{w.letter}: rootgame has no hirelings yet",
                                "pieces or cards of the factions in play")
            elif isinstance(w, Item):
                out.extend(self.item_term(turn, i, a, t, w))
            else:
                out.append(self.path_term(turn, i, a, w))
        return out

    def path_term(self, turn: Turn, i: int, a: Move, w: Path) -> RAtom:
        """A closed path removed (``2_5->``, M.4.3)."""
        if a.to:
            raise self.fail(turn, a, "a closed path is only removed", f"'{w.a}_{w.b}->'")
        return RAtom("path", (min(w.a, w.b), max(w.a, w.b)), 1, i)

    def ferry_term(self, turn: Turn, i: int, a: Move, t: Term) -> list[RAtom]:
        """The Ferry going along with a move (M.3.5): ``(3w+f)1->12`` or ``f1->12``."""
        st = t.start
        if st is None or st.kind != "clearing" or len(a.to) != 1 or \
                a.to[0].kind != "clearing" or t.count != 1:
            raise self.fail(turn, a, "the Ferry goes from its clearing to one clearing",
                            "'f1->12' or '(3w+f)1->12'")
        return [RAtom("ferry", (st.clearings[0], a.to[0].clearings[0]), 1, i)]

    def piece_term(self, turn: Turn, i: int, a: Move, t: Term, w: Piece) -> list[RAtom]:
        """Placements (from the supply), removals (to the supply) and transfers (from a
        clearing to a clearing, one per destination)."""
        if w.type == "f" and w.faction is None and not w.subtype:
            return self.ferry_term(turn, i, a, t)
        seat = self.seat(turn, a, w.faction)
        fac = self.factions[seat]
        if w.type == "p" and not w.subtype and fac == "vagabond":
            return [self.pawn_term(turn, i, a, seat)]
        code = w.type + (f"_{w.subtype}" if w.subtype else "")
        codes = self.notations[seat].codes
        if code not in codes:
            raise self.fail(turn, a, f"the {fac} have no piece {code!r}",
                            "one of " + ", ".join(sorted(codes)))
        held = code in self.notations[seat].board_pieces_codes
        dests: list[int] = []
        for p in a.to:
            if p.kind == "clearing":
                dests.append(p.clearings[0])
            elif p.kind == "board" and self.own_board(turn, a, p, seat, held):
                if held:
                    dests.append(BOARD)
            else:
                raise self.fail(turn, a, f"a {p.kind} is not a place for this piece",
                                "a clearing, or nothing (back to the supply)")
        st = t.start
        origin: int | None = None
        if st is not None and st.kind == "clearing":
            origin = st.clearings[0]
        elif st is not None and st.kind == "board" and self.own_board(turn, a, st, seat, held):
            origin = BOARD if held else None
        elif st is not None:
            raise self.fail(turn, a, f"a {st.kind} is not a place for this piece",
                            "a clearing, or nothing (from the supply)")
        if origin is None:
            return [RAtom("place", (seat, code, d), t.count, i) for d in dests]
        if not dests:
            return [RAtom("remove", (seat, code, origin), t.count, i)]
        out: list[RAtom] = []
        for d in dests:
            out.append(RAtom("from", (seat, code, origin), t.count, i, dest=d))
            out.append(RAtom("to", (seat, code, d), t.count, i))
        return out

    def own_board(self, turn: Turn, a: Action, p: Place, seat: int, held: bool) -> bool:
        """Whether board ``p`` is the board of the piece's owner ``seat``. For pieces kept
        on a board (officers) a board without a letter is their owner's in any turn
        (``Aw$->`` as well as ``AwA$->``)."""
        if p.faction is None and held:
            return True
        return self.seat(turn, a, p.faction) == seat

    def card_term(self, turn: Turn, i: int, a: Move, t: Term, w: Card) -> list[RAtom]:
        if (t.start is not None and t.start.kind == "quests") or any(
                p.kind == "quests" for p in a.to):
            return self.quest_term(turn, i, a, t, w)
        if w.name is not None and len(a.to) == 1 and a.to[0].kind == "board" and \
                t.start is None:
            seat = self.seat(turn, a, a.to[0].faction)
            if self.notations[seat].special_card(w.name):
                return [RAtom("leader", (seat, w.name), 1, i)]
            if self.factions[seat] == "vagabond" and w.name in OTHER_CHARACTERS:
                raise self.fail(turn, a, f"the {w.name}: rootgame has the Vagabond's base "
                                "characters only", "'#thief->$', '#tinker->$' or '#ranger->$'")
        suit = SUIT_NAMES[w.suit] if w.suit else None
        spec = spec_from_name(suit, w.name, self.deck) if w.name else CardSpec(suit, None)
        if spec is None:
            raise self.fail(turn, a, f"no card of the {DECK_NAME[self.deck]} deck is called "
                            f"{w.name!r}", "a card name or abbreviation ('F#tax', 'B#@', "
                            "'#anvil')")
        src = self.card_place(turn, a, t.start, ("deck",))
        if len(a.to) > 1:
            raise self.fail(turn, a, "a card goes to one place", "one destination")
        dst = self.card_place(turn, a, a.to[0] if a.to else None, ("discard",))
        return [RAtom("card", (src, dst), 1, i, spec) for _ in range(t.count)]

    # --- the Vagabond (vagabond.py) ----------------------------------------------------
    def vagabond_seat(self, turn: Turn, a: Action, letter: str | None) -> int:
        seat = self.seat(turn, a, letter)
        if self.factions[seat] != "vagabond":
            raise self.fail(turn, a, f"the {self.factions[seat]} have no pawn, items nor "
                            "quests", "the Vagabond's ('%s->e', 'p->8', 'F#errandQ->$')")
        return seat

    def pawn_term(self, turn: Turn, i: int, a: Move, seat: int) -> RAtom:
        """``p->8``, ``p->3_6_7``: the pawn to a clearing or a forest (its start is never
        written)."""
        if len(a.to) != 1 or a.to[0].kind not in ("clearing", "forest"):
            raise self.fail(turn, a, "the pawn goes to one clearing or forest",
                            "'p->8' or 'p->3_6_7'")
        self.vagabond_seat(turn, a, self.letter_of(seat))
        return RAtom("pawn", (seat, "_".join(str(c) for c in a.to[0].clearings)), 1, i)

    def letter_of(self, seat: int) -> str:
        return next(x for x, s in self.seat_of.items() if s == seat)

    def item_term(self, turn: Turn, i: int, a: Move, t: Term, w: Item) -> list[RAtom]:
        """An item of the Vagabond's: exhausted, refreshed, damaged, repaired (``%s->e``,
        ``%sd->s+r``), taken from a ruin (``%s12->$``) or another board (``%tE$->$``),
        removed from the game (``%fe->``); ``%_`` every item of that area."""
        st = t.start
        owner: str | None = None
        source: RAtom | None = None
        start_area, start_side = "u", ""
        item = "_" if w.type == "_" else ITEM_OF_LETTER.get(w.type)
        if item is None:
            raise self.fail(turn, a, f"no item %{w.type} in the base game",
                            "an item: " + ", ".join(sorted(ITEM_OF_LETTER)))
        dest_board = next((p for p in a.to if p.kind == "board"), None)
        if st is None:
            pass
        elif st.kind == "items":
            start_area = "d" if st.name == "d" else "u"
            start_side = st.state
        elif st.kind == "board" and st.faction is not None and \
                self.factions[self.seat(turn, a, st.faction)] != "vagabond":
            start_area = "x"  # Aid: a crafted item taken from the other board (9.5.4)
            owner = dest_board.faction if dest_board is not None else None
            source = RAtom("taken", (self.seat(turn, a, st.faction), item), t.count, i)
        elif st.kind == "board":
            owner = st.faction
        elif st.kind == "clearing":
            start_area = "x"  # Explore: the item beneath a ruin (9.5.3)
            owner = dest_board.faction if dest_board is not None else None
        else:
            raise self.fail(turn, a, f"an item is not in a {st.kind}",
                            "his board, an area of it ('s', 'd', 't'), a ruin's clearing or "
                            "another faction's board")
        seat = self.vagabond_seat(turn, a, owner)
        if st is not None and st.kind == "clearing":
            source = RAtom("ruin", (seat, st.clearings[0], item), t.count, i)
        dests: list[tuple[str, str]] = []
        for p in a.to:
            if p.kind == "items":
                dests.append(("d" if p.name == "d" else ("u" if p.name else ""), p.state))
            elif p.kind == "board" and self.seat(turn, a, p.faction) == seat:
                dests.append(("u", ""))
            else:
                raise self.fail(turn, a, f"an item does not go to a {p.kind}",
                                "an area or side of his board ('s', 'd', 'r', 'e'), his board "
                                "'$', or nothing (removed from the game)")
        f, to = item_key(start_area, start_side, dests)
        if item == "_" and start_area == "x":
            raise self.fail(turn, a, "'%_' is every item of an area of his board",
                            "'%_d->s+r'")
        out = [] if source is None else [source]
        if f == to or (to.endswith("=") and f[0] == to[0]):
            return out  # Satchel and track are one area here (docs/rulings.md)
        out.append(RAtom("item", (seat, item, f, to), t.count, i))
        return out

    def quest_term(self, turn: Turn, i: int, a: Move, t: Term, w: Card) -> list[RAtom]:
        """A quest card: drawn to the quests face up (``F#errand->Q``), completed onto his
        board (``F#errandQ->$``)."""
        st = t.start
        if st is None:
            src = "deck"
        elif st.kind == "quests":
            src = "Q"
        else:
            raise self.fail(turn, a, f"a quest is not in a {st.kind}",
                            "the quest deck (nothing) or the quests 'Q'")
        if len(a.to) != 1 or a.to[0].kind not in ("quests", "board"):
            raise self.fail(turn, a, "a quest goes to the quests or his board",
                            "'F#errand->Q' or 'F#errandQ->$'")
        dst = "Q" if a.to[0].kind == "quests" else "board"
        letter = a.to[0].faction if a.to[0].kind == "board" else None
        seat = self.vagabond_seat(turn, a, letter)
        if w.name is not None and not quest_name_known(w.name):
            raise self.fail(turn, a, f"no quest card is called {w.name!r}",
                            "a quest's name or abbreviation ('errand', 'guard', 'bear', ...)")
        return [RAtom("quest", (seat, src, dst), 1, i, quest=(w.suit, w.name))
                for _ in range(t.count)]

    def card_place(self, turn: Turn, a: Action, p: Place | None, default: Loc) -> Loc:
        """Where a card is. A faction board is one place, whether the card is a persistent
        effect, an activated dominance card or a supporter: ``M#domA->$`` may be Mobilize
        as well as dominance, and the card's spec and the engine tell them apart."""
        if p is None:
            return default
        if p.kind == "hand":
            return ("hand", self.seat(turn, a, p.faction))
        if p.kind == "board":
            return ("board", self.seat(turn, a, p.faction))
        if p.kind == "discard":
            return ("discard",)
        if p.kind == "clearing" and self.market and p.clearings[0] == self.market:
            return ("market",)
        if p.kind == "field":
            seat = self.seat(turn, a, p.faction)
            loc = self.notations[seat].field_loc(seat, p.name)
            if loc is not None:
                return loc
        raise self.fail(turn, a, f"a card cannot be in this {p.kind}",
                        "a hand, a board, a Decree column ('$_r', '$_m', '$_x', '$_b'), the "
                        "Black Market's clearing")


def named_from(kind: str, key: Any) -> Loc | None:
    """The place a card of a card, craft or ambush atom of ``kind`` and ``key`` leaves: a
    card movement's source, the crafter's or ambusher's hand; None for another atom."""
    if kind == "card":
        src: Loc = key[0]
        return src
    if kind in ("craft", "ambush"):
        return ("hand", key)
    return None


FACE_UP = "face-up"
"""The mark (a card atom's fourth element, :func:`engine_atoms`) of a card leaving the
face-up cards beside a board whose own cards are face down: a card the Alliance crafted
(Law 8.2.2), not one of its supporters (ruling 963, ``Matching.consume``)."""

FACE_UP_APART = False
"""Ruling 963: a card that leaves the face-up cards beside the Alliance's board (a crafted
Royal Claim discarded in Birdsong, Sappers in a battle) is told apart from a supporter
leaving the face-down stack, the two being one place of the record (``A$``): its atom is
marked :data:`FACE_UP`, and only a movement naming its card takes it up, never one written
by its suit only (``B#$->``, a supporter spent; rulings 821, 942). Off by default: it needs
the records to name those cards (ruling 964, ``people.OWN_LINE_CRAFTED``), and the two
together lose seeds 1013 and 1019 (docs/rootlog.md, rulings 963-964)."""


def face_up_left(before: Any, factions: Sequence[str], cid: int, src: Loc) -> bool:
    """Whether card ``cid`` leaves ``src`` from the face-up cards beside a board whose own
    cards are face down (the Alliance's crafted cards beside its supporters; ruling 963):
    ``before`` is the step's first snapshot (``Snap.areas``' seats: hand, persistent cards,
    dominance card, board cards)."""
    if not FACE_UP_APART or src[0] != "board" or \
            not notation(factions[src[1]]).face_down_board:
        return False
    return cid in before.areas[4][src[1]][1]


def engine_atoms(st: Step, factions: Sequence[str]) -> list[tuple[Any, ...]]:
    """What one engine step did, in the terms of record atoms (card ids instead of specs);
    a card leaving the face-up cards beside the supporters is marked :data:`FACE_UP`
    (ruling 963)."""
    out: list[tuple[Any, ...]] = []
    skip: set[int] = set()
    crafted: list[str] = []
    act = st.act
    if act is not None and st.seat is not None:
        if act[0] == "craft":  # a "craft" decision, or the Alliance's Daylight (8.5.1)
            out.append(("craft", st.seat, int(act[1])))
            skip.add(int(act[1]))
            if DECK[int(act[1])].item is not None:
                crafted.append(str(DECK[int(act[1])].item))
        elif st.fkind in ("ambush", "foil_ambush") and act[0] == "ambush":
            out.append(("ambush", st.seat, int(act[1])))
            skip.add(int(act[1]))
    if st.reveal is not None:
        out.append(("reveal", st.reveal, None))
    for a, d, c in st.new_battles:
        out.append(("battle", (a, d, c), None))
    b, f = st.before, st.after
    changed = [(s, x, y) for s, (x, y) in enumerate(zip(b.status, f.status, strict=True))
               if x != y]
    cleared = {s for s, x, y in changed if notation(factions[s]).fields_cleared(x, y)}
    status: list[tuple[Any, ...]] = []
    for s, x, y in changed:
        status.extend((*k, None) for k in notation(factions[s]).status_atoms(s, x, y))
    out.extend(k for k in status if k[0] == "purge")
    for cid, src, dst in unspent(card_moves(b, f, from_discard(st)), skip):
        if src[0] not in COMMON_LOCS and src[1] in cleared:
            continue
        if dst == ("available",):
            dst = ("discard",)
        if src == ("available",):
            src = ("deck",)
        up = face_up_left(b, factions, cid, src)
        if src[0] == "dominance":
            src = ("board", src[1])
        if dst[0] == "dominance":
            dst = ("board", dst[1])
        out.append(("card", (src, dst), cid, FACE_UP) if up else ("card", (src, dst), cid))
    if b.boards != f.boards:
        taken = list(taken_items(b, f))
        letters = [LETTER_OF.get(x, "?") for x in factions]
        vb_atoms: list[tuple[Any, ...]] = []
        for s, vb in enumerate(f.boards):
            if vb is not None:
                for ch in vagabond_changes(b, f, s, crafted, taken if st.seat == s else []):
                    vb_atoms.extend(change_atoms(s, letters, ch))
        # Item changes that turn an item over first: fewer recorded forms fit them
        # ('%fd->s+r' is a repaired exhausted boot, '%fd->s' may be either).
        vb_atoms.sort(key=lambda x: len(engine_item_keys(*x[1])) if x[0] == "item" else 0)
        out.extend(vb_atoms)
    out.extend(piece_atoms(piece_deltas(b, f)))
    if b.ferry != f.ferry and b.ferry and f.ferry:
        out.append(("ferry", (b.ferry, f.ferry), None))
    if b.closed != f.closed:
        out.extend(("path", (min(p), max(p)), None) for p in sorted(set(b.closed) - set(f.closed)))
    for s, (x, y) in enumerate(zip(b.vp, f.vp, strict=True)):
        if y != x:
            out.append(("vp", s, y - x))
    out.extend(("marker", (s, to), None) for s, to in dominance_activated(b, f))
    out.extend(k for k in status if k[0] != "purge")
    return out


def piece_atoms(deltas: dict[tuple[int, str, int], int]) -> list[tuple[Any, ...]]:
    """A seat's pieces of one kind leaving one clearing for one other clearing, as many, are
    a transfer; other changes are placements and removals."""
    out: list[tuple[Any, ...]] = []
    groups: dict[tuple[int, str], list[tuple[int, int]]] = {}
    for (s, code, c), d in sorted(deltas.items()):
        groups.setdefault((s, code), []).append((c, d))
    for (s, code), changes in groups.items():
        neg = [(c, d) for c, d in changes if d < 0 and c != BOARD]
        pos = [(c, d) for c, d in changes if d > 0 and c != BOARD]
        if len(neg) == 1 and len(pos) == 1 and neg[0][1] == -pos[0][1] and \
                len(changes) == 2:
            out.append(("transfer", (s, code, neg[0][0], pos[0][0]), pos[0][1]))
            continue
        for c, d in changes:
            out.append(("remove" if d < 0 else "place", (s, code, c), abs(d)))
    return out


def _not_yet(a: Flip | Expose | Trick) -> str:
    """What an action of a faction rootgame does not have is, by name (issue 15: a refusal
    names what is missing): the Corvid Conspiracy's plots flipped, exposed and tricked, the
    Keepers in Iron's relic values."""
    if isinstance(a, Flip):
        sub = a.becomes.subtype if a.becomes is not None else None
        if a.value is not None or (sub is not None and sub[:1].isdigit()):
            return "a relic's value (the Keepers in Iron)"
        return "a plot flipped face up (the Corvid Conspiracy)"
    if isinstance(a, Expose):
        return "an exposure of a plot (the Corvid Conspiracy)"
    return "a trick, two plots trading places (the Corvid Conspiracy)"
