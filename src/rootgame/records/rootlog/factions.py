"""How each faction's components are written in Rootlog: the extension point per faction.

Rootlog has one grammar for every faction; what differs is which pieces a faction has (its
building and token codes, which may depend on the clearing's suit: the Alliance's bases),
which pieces it keeps on its board (the Alliance's officers, ``w->$``), which fields of its
board hold cards (the Eyrie's Decree) and whether the cards on its board are face down (the
Alliance's supporters, ``#A->$``), what its board shows besides cards (the Eyrie's leader)
and what its own board-field movements mean (the Eyrie's purge ``$_->``). Each faction the engine
plays has one :class:`FactionNotation` here, registered in :data:`NOTATIONS` by its engine
name; the reader (``reader.py``, ``grammar.py``) needs none of this, the writer
(``writer.py``), the engine observer (``steps.py``) and the importer (``atoms.py``,
``importer.py``) ask these objects instead of naming factions.

Adding a faction (see docs/adding-a-faction.md and docs/rootlog.md):

1. subclass :class:`FactionNotation`, set ``letter``, ``engine`` and ``pieces`` (a code may
   hold ``{suit}``, the lowercase suit letter of the piece's clearing: ``b_{suit}``);
2. override the hooks its board needs: ``board_cards`` / ``field_loc`` / ``field_text`` for
   board fields that hold cards (``board_cards`` may also give the plain board, ``("board",
   seat)``, written ``A$``), ``hidden_cards`` for face-down cards there, ``board_pieces`` for
   pieces kept on the board, ``status`` for what the board shows besides cards,
   ``field_atoms`` for its own ``$_`` movements, ``special_card`` for cards that are not
   in the deck (leaders, characters), ``write_status`` to write a change of ``status``,
   ``board`` for a board of its own kind (the Vagabond's pawn, items, quests and
   relationships: ``vagabond.py`` writes and reads its changes);
3. add an instance to :data:`NOTATIONS`. Import then accepts the faction's letter.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .notation import FACTION_TITLES, RootlogError, RootlogGame

Loc = tuple[Any, ...]
"""Where a card is, as the engine observer sees it: ``("deck",)``, ``("discard",)``,
``("hand", seat)``, ``("board", seat)``, ``("dominance", seat)``, and faction fields such as
``("decree", seat, column)``."""

COMMON_LOCS = frozenset({"deck", "discard", "available", "removed", "hand", "board", "dominance",
                         "market"})
"""The kinds of card places every faction shares; any other kind is a faction's board field."""

Atom = tuple[Any, ...]
"""A checkable unit of a movement: ``(kind, key)``; see ``atoms.py``."""

BOARD = -1
"""The "clearing" of pieces kept on their owner's faction board (the Alliance's officers,
written ``w->$``) in the observer's and the importer's piece keys."""

SUITS = ("fox", "rabbit", "mouse")
"""The suits a piece code may depend on (``{suit}`` in a code: ``f``, ``r``, ``m``)."""


class FactionNotation:
    """One faction in Rootlog. The defaults describe a faction whose board holds no cards
    and shows nothing the record writes (the Marquise)."""

    letter: str = ""
    """The Rootlog letter (``C``, ``E``, ...)."""
    engine: str = ""
    """The engine's faction name (``marquise``, ``eyrie``, ...)."""
    pieces: Mapping[str, str] = {}
    """The engine's kinds of buildings and tokens -> Rootlog codes (``sawmill`` -> ``b_s``).
    Warriors are always ``w``."""

    @property
    def codes(self) -> frozenset[str]:
        """Every Rootlog piece code of the faction (warriors included)."""
        out = {"w"}
        for code in self.pieces.values():
            out.update(code.format(suit=s[0]) for s in SUITS)
        return frozenset(out)

    def code(self, kind: str, suit: str = "") -> str:
        """The Rootlog code of one of the faction's buildings or tokens (``suit``: the suit of
        its clearing, for codes that depend on it)."""
        got = self.pieces.get(kind)
        if got is None:
            raise KeyError(f"the {self.engine} have no piece {kind!r} in Rootlog")
        return got.format(suit=suit[:1])

    board_pieces_codes: frozenset[str] = frozenset()
    """The codes of the pieces :meth:`board_pieces` may give."""

    def board_pieces(self, fs: Any) -> dict[str, int]:
        """Pieces kept on the faction board, by Rootlog code (the Alliance's officers,
        ``{"w": 2}``): written ``w->$`` and ``w$->``."""
        return {}

    # --- cards on the faction board ----------------------------------------------------
    def board_cards(self, fs: Any, seat: int) -> Iterator[tuple[int, Loc]]:
        """Cards held in fields of the faction board (not the persistent cards), with their
        place: e.g. the Eyrie's Decree ``("decree", seat, column)``."""
        return iter(())

    def card_lists(self, fs: Any) -> list[list[int]]:
        """The engine's lists of the cards of :meth:`board_cards` (to exchange a card's
        identity wherever it is)."""
        return []

    face_down_board = False
    """Whether the cards drawn or put onto the plain board are face down (:meth:`hidden_cards`)."""

    def hidden_cards(self, fs: Any) -> list[int]:
        """The engine's list of the cards of the plain board ``("board", seat)`` that only
        the faction's player sees (the Alliance's supporters, 8.2.2): the record may leave
        them unnamed (``3#->$``, ``#A->$``) like cards drawn into a hand, and the importer
        settles their identities as it does for hands (``identity.py``)."""
        return []

    def field_loc(self, seat: int, name: str) -> Loc | None:
        """The place of board field ``$_<name>`` when it holds cards; None otherwise."""
        return None

    def field_text(self, loc: Loc) -> str | None:
        """Inverse of :meth:`field_loc`: ``$_<name>`` for a place of :meth:`board_cards`."""
        return None

    # --- what the board shows besides cards ---------------------------------------------
    def status(self, fs: Any) -> str | None:
        """What the faction board shows that a record writes (the Eyrie's leader); None."""
        return None

    def field_atoms(self, seat: int, name: str, to: tuple[str, ...]) -> list[Atom] | None:
        """The atoms of a movement of this faction's board field ``$_<name>`` to the values
        ``to`` (empty: the default destination); None when it means nothing."""
        return None

    def special_card(self, name: str) -> bool:
        """A card name that is not a card of the deck but a faction card (a leader)."""
        return False

    def fields_cleared(self, before: str | None, after: str | None) -> bool:
        """Whether this change of :meth:`status` empties the board's card fields in one
        movement that the record writes itself (the Eyrie's purge), so that the cards
        leaving them are not written one by one."""
        return False

    def status_atoms(self, seat: int, before: str | None, after: str | None) -> list[Atom]:
        """What a change of :meth:`status` looks like in a record."""
        return []

    def write_status(self, who: str, before: str | None, after: str | None) -> list[str]:
        """The Rootlog movements of a change of :meth:`status` (``who``: '' for the player
        whose turn it is, else the faction letter)."""
        return []

    # --- a board of its own kind (the Vagabond's) ------------------------------------------
    def board(self, fs: Any, factions: Sequence[str], map_name: str) -> Any:
        """What a record sees of a board that is neither pieces nor cards (the Vagabond's
        pawn, items, quests and relationships, ``vagabond.py``), as a comparable value;
        None for the other factions."""
        return None


class MarquiseNotation(FactionNotation):
    letter = "C"
    engine = "marquise"
    pieces = {
        "sawmill": "b_s",
        "workshop": "b_w",
        "recruiter": "b_r",
        "wood": "t",
        "keep": "t_k",
    }


DECREE_COLUMN_LETTERS = "rmxb"
"""The Eyrie Decree's columns recruit, move, battle, build as Rootlog fields ``$_r`` ..."""
LEADER_NAMES = ("builder", "charismatic", "commander", "despot")


class EyrieNotation(FactionNotation):
    """The Decree's columns are board fields ``$_r $_m $_x $_b``; the leader is a card put on
    the board (``#despot->$``); turmoil purges the Decree (``$_->``)."""

    letter = "E"
    engine = "eyrie"
    pieces = {"roost": "b"}

    def board_cards(self, fs: Any, seat: int) -> Iterator[tuple[int, Loc]]:
        for col, ids in enumerate(fs.decree):
            for cid in ids:
                if cid >= 0:  # the Loyal Viziers are not cards of the deck
                    yield cid, ("decree", seat, col)

    def card_lists(self, fs: Any) -> list[list[int]]:
        return list(fs.decree)

    def field_loc(self, seat: int, name: str) -> Loc | None:
        if len(name) == 1 and name in DECREE_COLUMN_LETTERS:
            return ("decree", seat, DECREE_COLUMN_LETTERS.index(name))
        return None

    def field_text(self, loc: Loc) -> str | None:
        if loc[0] == "decree":
            return "$_" + DECREE_COLUMN_LETTERS[loc[2]]
        return None

    def status(self, fs: Any) -> str | None:
        leader = fs.leader
        return leader if isinstance(leader, str) else None

    def field_atoms(self, seat: int, name: str, to: tuple[str, ...]) -> list[Atom] | None:
        if name == "" and not to:
            return [("purge", seat)]  # $_->: the Decree purged in turmoil (7.7)
        return None

    def special_card(self, name: str) -> bool:
        return name in LEADER_NAMES

    def fields_cleared(self, before: str | None, after: str | None) -> bool:
        return before is not None and after is None

    def status_atoms(self, seat: int, before: str | None, after: str | None) -> list[Atom]:
        out: list[Atom] = []
        if before is not None and after is None:
            out.append(("purge", seat))
        if after is not None and after != before:
            out.append(("leader", (seat, after)))
        return out

    def write_status(self, who: str, before: str | None, after: str | None) -> list[str]:
        out: list[str] = []
        if before is not None and after is None:
            out.append(f"{who}$_->")
        if after is not None and after != before:
            out.append(f"#{after}->{who}$")
        return out


class AllianceNotation(FactionNotation):
    """Bases ``b_f`` / ``b_r`` / ``b_m`` (the suit of their clearing), sympathy ``t``; the
    officers are warriors on the faction board (``w->$``, lost with a base: ``2AwA$->``);
    the supporters are cards on the board, face down (``3#->$``, ``#A->$``, ``F#C->A$``,
    spent ``(2B+F)#$->``)."""

    letter = "A"
    engine = "alliance"
    pieces = {"base": "b_{suit}", "sympathy": "t"}
    board_pieces_codes = frozenset({"w"})
    face_down_board = True

    def board_pieces(self, fs: Any) -> dict[str, int]:
        return {"w": fs.officers} if fs.officers else {}

    def board_cards(self, fs: Any, seat: int) -> Iterator[tuple[int, Loc]]:
        loc = ("board", seat)
        for cid in fs.supporters:
            yield cid, loc

    def card_lists(self, fs: Any) -> list[list[int]]:
        return [fs.supporters]

    def hidden_cards(self, fs: Any) -> list[int]:
        supporters: list[int] = fs.supporters
        return supporters


class VagabondNotation(FactionNotation):
    """The Vagabond (``vagabond.py``): no warriors nor buildings; his pawn (``p->8``), items
    (``%s->e``), quests (``F#errandQ->$``), relationships (``$_E->1``) and character, written
    as a card put on his board (``#thief->$``)."""

    letter = "V"
    engine = "vagabond"

    def special_card(self, name: str) -> bool:
        from .vagabond import CHARACTERS

        return name in CHARACTERS

    def field_atoms(self, seat: int, name: str, to: tuple[str, ...]) -> list[Atom] | None:
        from .vagabond import REL_TEXT

        if len(name) == 1 and name.isupper() and len(to) == 1 and to[0] in REL_TEXT.values():
            return [("rel", (seat, name, to[0]))]  # $_E->1: a relationship (9.2.9)
        return None

    def board(self, fs: Any, factions: Sequence[str], map_name: str) -> Any:
        from .vagabond import vboard

        return vboard(fs, factions, map_name)


NOTATIONS: dict[str, FactionNotation] = {
    n.engine: n
    for n in (MarquiseNotation(), EyrieNotation(), AllianceNotation(), VagabondNotation())
}
"""The factions the engine plays, by engine name."""
BY_LETTER: dict[str, FactionNotation] = {n.letter: n for n in NOTATIONS.values()}
SUPPORTED_FACTIONS = tuple(BY_LETTER)
"""Letters of the factions rootgame can import."""


def hidden_place(factions: Sequence[str], loc: Loc) -> bool:
    """Whether cards at ``loc`` are face down to the other players: a hand, or a board whose
    cards are (the Alliance's supporters). Cards drawn unnamed there may be any card."""
    return loc[0] in ("hand", "market") or (
        loc[0] == "board" and notation(factions[loc[1]]).face_down_board)


def hidden_pile(g: Any, loc: Loc) -> list[int]:
    """The engine's list of the face-down cards at ``loc`` (see :func:`hidden_place`); of
    the discard pile's cards for ``("discard",)``, where a card is drawn straight to it (a card
    drawn for the Alliance's supporters by Outrage, 8.2.6, discarded as they are full,
    8.2.3 I: ``F#x->``)."""
    if loc[0] == "discard":
        pile: list[int] = g.discard
        return pile
    if loc[0] == "hand":
        hand: list[int] = g.seats[loc[1]].hand
        return hand
    if loc[0] == "market":
        market: list[int] = g.market
        return market
    return notation(g.factions[loc[1]]).hidden_cards(g.fs[loc[1]])


def hidden_piles(g: Any) -> Iterator[tuple[Loc, list[int]]]:
    """Every hand and every face-down board pile of ``g``."""
    for s, f in enumerate(g.factions):
        yield ("hand", s), g.seats[s].hand
        if notation(f).face_down_board:
            yield ("board", s), notation(f).hidden_cards(g.fs[s])
    if g.market:
        yield ("market",), g.market


def notation(engine: str) -> FactionNotation:
    """The notation of an engine faction (a plain one for a faction not written yet)."""
    return NOTATIONS.get(engine) or _PLAIN


_PLAIN = FactionNotation()


def _characters_lacking(rec: RootlogGame, letters: Sequence[str]) -> list[tuple[int, str]]:
    """The Vagabond's characters of the expansions that a supported Vagabond's setup line
    takes (``#adventurer->$``): (line, what)."""
    from .notation import Card, Move
    from .vagabond import OTHER_CHARACTERS

    out: list[tuple[int, str]] = []
    for t in rec.turns:
        if not t.setup or t.faction not in letters or t.faction not in SUPPORTED_FACTIONS or \
                BY_LETTER[t.faction].engine != "vagabond":
            continue
        names = [x.what.name for a in t.actions if isinstance(a, Move) for x in a.terms
                 if isinstance(x.what, Card) and x.what.name in OTHER_CHARACTERS]
        out.extend((t.line, f"the Vagabond's character the {name.title()} (#{name}->$)")
                   for name in names if name is not None)
    return out


def check_supported(rec: RootlogGame, letters: Sequence[str]) -> None:
    """Refuse, in one line naming all of it, a record of what rootgame cannot replay yet:
    factions, Vagabond characters and hirelings the engine does not have, and landmarks
    whose clearing the header does not give (``Landmarks: forge`` instead of
    ``forge->5``: the import needs the place, the notation's form)."""
    at = rec.header_lines
    lacks: list[tuple[int, str]] = []
    unfollowed: list[tuple[int, str]] = []
    for x in letters:
        if x not in SUPPORTED_FACTIONS:
            line = at.get(x) or next((t.line for t in rec.turns if t.faction == x), 0)
            lacks.append((line, f"{FACTION_TITLES.get(x, 'faction')} ({x})"))
    if rec.hirelings:
        lacks.append((at.get("Hirelings", 0), f"hirelings ({', '.join(rec.hirelings)})"))
    lacks.extend(_characters_lacking(rec, letters))
    unplaced = [name for name, c in rec.landmarks if not c]
    if unplaced:
        unfollowed.append((at.get("Landmarks", 0), "landmarks without their clearing ("
                           + ", ".join(unplaced) + "; write 'forge->5')"))
    if lacks or unfollowed:
        line = min(n for n, _ in lacks + unfollowed)
        parts = []
        if lacks:
            parts.append("rootgame does not have yet what this record needs: "
                         + ", ".join(what for _, what in lacks))
        if unfollowed:
            parts.append(("its" if lacks else "rootgame's")
                         + " Rootlog import cannot follow: "
                         + ", ".join(what for _, what in unfollowed))
        raise RootlogError(
            "; and ".join(parts), line, 1 if line else 0, "",
            "the Marquise (C), the Eyrie (E), the Woodland Alliance (A) and the Vagabond "
            "(V), on any map with either deck and landmarks set up in named clearings")
    if len(letters) < 2:
        raise RootlogError("a game needs two factions", 0, 0, "", "players C and E")
