"""Rootlog: the community notation for recorded games of Root (version 2.8).

Rootlog writes down the movements of components (pieces, cards, items, victory points)
rather than the names of faction actions, so one grammar covers every faction. The package
has one module per role:

- ``notation.py``: the vocabulary (faction, suit, piece and item letters), :class:`RootlogError`
  and the typed data a record reads into (:class:`RootlogGame`, :class:`Turn`, the actions
  :class:`Move`, :class:`Battle`, :class:`Craft`, :class:`Score`, :class:`ScoreMarker`,
  :class:`Reveal`, :class:`Flip`, :class:`Expose`, :class:`Trick`, ...);
- ``reader.py``: :func:`parse_rootlog` and :func:`looks_like_rootlog`, a whole record:
  the header, player and turn lines, the comments (any faction, map or deck reads);
- ``grammar.py``: :func:`parse_action`, the grammar of one action (a movement, a battle, a
  craft, a score, a reveal or a flip, ...) and of a turn line's actions;
- ``cursor.py``: the cursor the grammar reads an action with (the column of every problem)
  and the classes of the notation's characters;
- ``cards.py``: card names and abbreviations, :class:`CardSpec` (what a record says of a card);
- ``factions.py``: how each faction the engine plays is written (piece codes, board fields,
  the Eyrie's leader and Decree): the extension point for a new faction;
- ``steps.py``: watching the engine step by step, in Rootlog's terms;
- ``writer.py``: :func:`export_rootlog` and :func:`game_turn_states`;
- ``atoms.py``: a record line and an engine step as comparable atoms;
- ``people.py``: an exported record written again the way people record games (no starting
  hands, unnamed draws, spendings by suit only), for the benchmark and the tests;
- ``searches.py``: :func:`import_rootlog` and :func:`replay_rootlog`, the searches tried in
  turn (each only where those before give up) and ruling 660's fallback (``namer.py``;
  ``relax.py``: the records it takes, relaxed, and the checks against them);
- ``search.py``, ``decisions.py``, ``identity.py``, ``expanding.py``, ``importer.py``,
  ``result.py``: one search that replays a record against the engine (its states and
  candidates, what a decision does as the record sees it, the identities of the cards the
  record does not name, one decision's candidates best first, the search itself), and the
  game found; ``shown.py``: what a hand shown for
  Outrage (8.2.6) says of its unnamed cards (rulings 750-753);
- ``matching.py``: what the engine did in a decision's steps matched against the movements
  of the record's current line (the search's candidates and their rank).

See docs/rootlog.md for the notation and what import checks.
"""

from __future__ import annotations

from .cards import CARD_NAMES, CardSpec, card_name, card_text
from .factions import NOTATIONS, SUPPORTED_FACTIONS, FactionNotation
from .grammar import parse_action
from .notation import (
    FACTION_LETTERS,
    FACTION_NAMES,
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
    RootlogGame,
    Score,
    ScoreMarker,
    Term,
    Thing,
    Trick,
    Turn,
)
from .reader import looks_like_rootlog, parse_rootlog
from .result import RootlogReplay
from .searches import import_rootlog, replay_rootlog
from .steps import TurnState, board_lines
from .writer import export_rootlog, game_turn_states

__all__ = [
    "CARD_NAMES",
    "FACTION_LETTERS",
    "FACTION_NAMES",
    "LETTER_OF",
    "NOTATIONS",
    "SUIT_LETTERS",
    "SUIT_NAMES",
    "SUPPORTED_FACTIONS",
    "Action",
    "Battle",
    "BoardField",
    "Card",
    "CardSpec",
    "Craft",
    "Expose",
    "FactionNotation",
    "Flip",
    "Hireling",
    "Item",
    "Move",
    "Path",
    "Piece",
    "Place",
    "Reveal",
    "RootlogError",
    "RootlogGame",
    "RootlogReplay",
    "Score",
    "ScoreMarker",
    "Term",
    "Thing",
    "Trick",
    "Turn",
    "TurnState",
    "board_lines",
    "card_name",
    "card_text",
    "export_rootlog",
    "game_turn_states",
    "import_rootlog",
    "looks_like_rootlog",
    "parse_action",
    "parse_rootlog",
    "replay_rootlog",
]
