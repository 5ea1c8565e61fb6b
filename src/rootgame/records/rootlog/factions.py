"""How each faction's components are written in Rootlog: the extension point per faction.

Rootlog has one grammar for every faction; what differs is which pieces a faction has (its
building and token codes), which fields of its board hold cards (the Eyrie's Decree, the
Alliance's supporters...), what its board shows besides cards (the Eyrie's leader) and what
its own board-field movements mean (the Eyrie's purge ``$_->``). Each faction the engine
plays has one :class:`FactionNotation` here, registered in :data:`NOTATIONS` by its engine
name; the reader (``reader.py``) needs none of this, the writer (``writer.py``), the
engine observer (``steps.py``) and the importer (``atoms.py``, ``importer.py``) ask these
objects instead of naming factions.

Adding a faction (see docs/adding-a-faction.md and docs/rootlog.md):

1. subclass :class:`FactionNotation`, set ``letter``, ``engine`` and ``pieces``;
2. override the hooks its board needs: ``board_cards`` / ``field_loc`` / ``field_text`` for
   board fields that hold cards, ``status`` for what the board shows besides cards,
   ``field_atoms`` for its own ``$_`` movements, ``special_card`` for cards that are not
   in the deck (leaders, characters), ``write_status`` to write a change of ``status``;
3. add an instance to :data:`NOTATIONS`. Import then accepts the faction's letter.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

Loc = tuple[Any, ...]
"""Where a card is, as the engine observer sees it: ``("deck",)``, ``("discard",)``,
``("hand", seat)``, ``("board", seat)``, ``("dominance", seat)``, and faction fields such as
``("decree", seat, column)``."""

COMMON_LOCS = frozenset({"deck", "discard", "available", "removed", "hand", "board", "dominance"})
"""The kinds of card places every faction shares; any other kind is a faction's board field."""

Atom = tuple[Any, ...]
"""A checkable unit of a movement: ``(kind, key)``; see ``atoms.py``."""


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
        return frozenset({"w", *self.pieces.values()})

    def code(self, kind: str) -> str:
        """The Rootlog code of one of the faction's buildings or tokens."""
        got = self.pieces.get(kind)
        if got is None:
            raise KeyError(f"the {self.engine} have no piece {kind!r} in Rootlog")
        return got

    # --- cards on the faction board ----------------------------------------------------
    def board_cards(self, fs: Any, seat: int) -> Iterator[tuple[int, Loc]]:
        """Cards held in fields of the faction board (not the persistent cards), with their
        place: e.g. the Eyrie's Decree ``("decree", seat, column)``."""
        return iter(())

    def card_lists(self, fs: Any) -> list[list[int]]:
        """The engine's lists of the cards of :meth:`board_cards` (to exchange a card's
        identity wherever it is)."""
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


NOTATIONS: dict[str, FactionNotation] = {
    n.engine: n for n in (MarquiseNotation(), EyrieNotation())
}
"""The factions the engine plays, by engine name."""
BY_LETTER: dict[str, FactionNotation] = {n.letter: n for n in NOTATIONS.values()}
SUPPORTED_FACTIONS = tuple(BY_LETTER)
"""Letters of the factions rootgame can import."""


def notation(engine: str) -> FactionNotation:
    """The notation of an engine faction (a plain one for a faction not written yet)."""
    return NOTATIONS.get(engine) or _PLAIN


_PLAIN = FactionNotation()
