"""The searches of a Rootlog import, each tried only where those before give up, and the
entry points :func:`replay_rootlog` and :func:`import_rootlog`: the quick search (with its
probe of the third search's order, ruling 680), the full second search, the third (latest
drawn first, ruling 640), the fourth (two spendings taken otherwise at once, ruling 675),
ruling 660's fallback for a record that names its draws or spendings (``namer.py``; after
the first search for one naming its spendings, ruling 711), and the quick search
from other first deals (ruling 670). Each search is an :class:`importer.Importer`.
"""

from __future__ import annotations

from typing import Any

from . import namer
from .importer import Importer
from .notation import LETTER_OF, RootlogError, RootlogGame
from .opening import DEALS
from .reader import parse_rootlog
from .result import RootlogReplay
from .search import Node

__all__ = ["import_rootlog", "quick_search", "replay_rootlog", "searched", "searched_again"]

HAND_OVER = True
"""Ruling 712: the first search of a record naming its spendings gives up at its first dead
end (where ruling 680's probe would be tried), for ruling 660's fallback to be tried."""

def replay_rootlog(
    text: str, budget: int | None = None, sample_seed: int = 0
) -> RootlogReplay:
    """Replay a Rootlog record against the engine (see :func:`import_rootlog`) and return
    the game, the board at the end of each record line, and the parsed record. ``budget``
    bounds the search (states expanded; by default 1000 plus three per recorded action);
    ``sample_seed`` samples the hidden cards the record never names."""
    rec = parse_rootlog(text)
    if budget is None:
        budget = 1000 + 3 * sum(len(t.actions) for t in rec.turns)
    out = searched(rec, budget, sample_seed)
    game = out.game
    if rec.winner is not None and game.is_over:
        got = "".join(LETTER_OF[game.state.factions[s]] for s in game.winners)
        if sorted(got) != sorted(rec.winner):
            raise RootlogError(f"the engine's winner is {got}, the record says {rec.winner}",
                               rec.lines, 1, "Winner: " + rec.winner, f"Winner: {got}")
    return out


def searched(
    rec: RootlogGame, budget: int, sample_seed: int = 0, fallback: bool = True,
    quick: bool = False,
) -> RootlogReplay:
    """The record's replay by the searches, each tried only where those before give up:
    where ``fallback`` and the record names its draws but not its starting hands, ruling
    660's fallback first (``namer.first_named``, ruling 700); the quick search (the first
    alone when ``quick``); where ``fallback`` and the record names a spending
    (``namer.names_spendings``), the fallback next (ruling 711); the full second search,
    the third and the fourth (:func:`searched_again`); where ``fallback``, ruling 660's for
    any other record that names its draws or spendings (``namer.named_fallback``, ruling
    710), where not tried before; then the quick search from each other
    first deal of the unnamed cards (``opening.DEALS``, ruling 670). The error raised when
    all fail is the second search's."""
    if quick:
        imp = Importer(rec)
        return imp.finish(imp.run(budget), sample_seed)
    early = fallback and namer.first_named(rec)
    if early:
        named = _named(rec, budget, sample_seed)
        if named is not None:
            return named
    spends = fallback and not early and namer.names_spendings(rec)
    # The first search, with its probe; for a record naming its spendings, given up at its
    # first dead end (ruling 712).
    found = quick_search(rec, budget, False, 0, handing_over=spends and HAND_OVER)
    if found is None and spends:
        # Ruling 711: a record naming its spendings, re-identified where the first search
        # gives up (the later searches rarely explain it, and slowly); where that fails
        # too, the whole first search (ruling 712).
        early = True
        named = _named(rec, budget, sample_seed)
        if named is not None:
            return named
        found = quick_search(rec, budget, False, 0)
    if found is None:
        # It took a path the record later refutes and ran out: search again trying every
        # action at every decision, best first (the error raised is this search's).
        try:
            found = searched_again(rec, budget)
        except RootlogError as refused:
            error = refused
        else:
            return found[0].finish(found[1], sample_seed)
        try:
            named = _named(rec, budget, sample_seed) if fallback and not early else None
            if named is not None:
                return named
            for deal in DEALS:
                found = quick_search(rec, budget, False, deal)
                if found is None:
                    continue
                try:
                    return found[0].finish(found[1], sample_seed)
                except RootlogError:
                    # A course whose final replay fails is one more that does not explain
                    # the record: the next deal is tried, and the error raised is the
                    # second search's, as documented.
                    continue
            raise error
        finally:
            del error  # this frame would hold it and its traceback: a cycle
    return found[0].finish(found[1], sample_seed)


def _named(rec: RootlogGame, budget: int, sample_seed: int) -> RootlogReplay | None:
    """Ruling 660's fallback for the record ``rec`` that names its draws (None where it
    names none or the fallback does not explain it), its relaxed record replayed by the
    searches without the fallback."""
    return namer.named_fallback(rec, lambda r, quick: searched(
        r, budget, sample_seed, fallback=False, quick=quick))


def searched_again(rec: RootlogGame, budget: int) -> tuple[Importer, Node]:
    """The second search's end; where it gives up too, the third's, a quick search with the
    cards a hand spends alike taken latest drawn first (``latest.py``, ruling 640); where
    that gives up too, the fourth's, a quick search whose solve takes two spendings by suit
    otherwise at once (``Importer.paired``, ruling 675). The error raised when all fail is
    the second search's. Each search is freed before the
    next is built (``Importer.given_up``): the error keeps no traceback nor context, and
    the third importer is built only when the second gives up."""
    second = Importer(rec, lazy=False)
    try:
        return second, second.run(budget)
    except RootlogError as refused:
        error = refused.with_traceback(None)
    del second
    for latest, paired in ((True, False), (False, True)):
        # The third search, latest drawn first (ruling 640); a fourth, quick, whose solve
        # takes two spendings otherwise at once (ruling 675).
        found = quick_search(rec, budget, latest, 0, paired)
        if found is not None:
            return found
    error.__context__ = None
    try:
        raise error
    finally:
        del error  # the frame raising it would hold it: a cycle


def quick_search(
    rec: RootlogGame, budget: int, latest: bool, deal: int, paired: bool = False,
    handing_over: bool = False,
) -> tuple[Importer, Node] | None:
    """A quick search after the second: its end, or None where it gives up (its importer
    freed). ``latest``: the cards a hand spends alike taken latest drawn first (the third
    search, ruling 640); ``deal``: the seed of the first deal of the unnamed cards (another
    than 0, ruling 670); ``paired``: its solve takes two spendings otherwise at once
    (the fourth search, ruling 675); ``handing_over``: it gives up at its first dead end
    (the first search of a record naming its spendings, ruling 712)."""
    imp = Importer(rec)
    imp.handing_over = handing_over
    imp.latest_first = latest
    imp.deal = deal
    imp.paired = paired
    try:
        return imp, imp.run(budget)
    except RootlogError:
        return None


def import_rootlog(text: str) -> Any:
    """Read a Rootlog record of a game rootgame supports (the Marquise, the Eyrie, the
    Woodland Alliance and the Vagabond, on any map, with either deck and the landmarks the
    header sets up) and replay it against the engine. Returns the :class:`rootgame.Game` at
    the end of the record.

    At each decision the engine's legal actions are tried (looking through up to
    ``MAX_SILENT`` decisions that change nothing visible); an action is kept when every
    change of state it causes (pieces, cards, VP, crafts, battles, the Eyrie's leader and
    Decree) is a movement of the record's current line, and a turn ends only when its line
    is used up. When the record names a card drawn from the draw pile, that card is drawn
    (the pile's order is unknown to the record); unnamed draws are fixed later if the record
    needs them to be a certain card. Dice written in a battle are used; otherwise the dice
    that give the recorded losses are found. Raises :class:`RootlogError` with the line and
    the first movement that no legal action explains, or naming the factions (characters,
    hirelings) rootgame does not have."""
    return replay_rootlog(text).game
