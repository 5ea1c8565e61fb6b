"""The searches of a Rootlog import, each tried only where those before give up, and the
entry points :func:`replay_rootlog` and :func:`import_rootlog`: the quick search (with its
probe of the third search's order, ruling 680), the full second search, then, abreast
(ruling 730), the third (latest drawn first, ruling 640), the fourth (two spendings taken
otherwise at once, ruling 675), the quick search from other first deals (ruling 670) and
ruling 920's, whose spendings count a card's later naming only before the next shuffle;
and ruling 660's fallback for a record that names its draws or spendings (``namer.py``,
ruling 710), after the first search (rulings 701, 711) and, for a record naming its draws
but no starting hand, before it (ruling 700). Each search is an :class:`importer.Importer`.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from . import namer
from .importer import WATCH, Importer, Watch
from .notation import LETTER_OF, RootlogError, RootlogGame
from .opening import DEALS
from .reader import parse_rootlog
from .result import RootlogReplay
from .search import Node

__all__ = ["import_rootlog", "quick_search", "replay_rootlog", "searched", "searched_again"]

HAND_OVER = True
"""Ruling 712: the first search of a record naming its spendings gives up at its first dead
end (where ruling 680's probe would be tried), for ruling 660's fallback to be tried."""

PAST_FAILED_REPLAY = True
"""Ruling 800: a course a search finds whose final replay fails (ruling 751's refusal) is
one course that does not explain the record: the searches after it go on, as those from the
other deals did (ruling 670); without it the first search's, the third's or the fourth's
such course was refused at once."""

FURTHEST_REFUSAL = True
"""Ruling 910: where every search gives up, the refusal is the error of the search that got
furthest in the record (the latest line named; the second search's where they tie): each
search fails at its furthest line, and a line some search explained is not one where every
assignment fails. Without it the second search's error was raised, which could name a line
another search had got past."""


class Refusals:
    """The errors of the searches of one record that gave up or whose course does not
    replay, of which the refusal is the one naming the latest line (ruling 910). Each is
    kept without its traceback nor what caused it, which would hold its search."""

    __slots__ = ("furthest",)

    def __init__(self) -> None:
        self.furthest: RootlogError | None = None

    def note(self, error: RootlogError) -> None:
        """Keep ``error`` where it names a later line than any noted before."""
        if self.furthest is None or error.line > self.furthest.line:
            self.furthest = _cut(error)

    def refusal(self, second: RootlogError) -> RootlogError:
        """The error to raise where all searches failed, the second's being ``second``."""
        far = self.furthest
        if FURTHEST_REFUSAL and far is not None and far.line > second.line:
            return far
        return second


def _cut(error: RootlogError) -> RootlogError:
    """``error`` holding no traceback nor chain (each would hold a search's frames)."""
    error = error.with_traceback(None)
    error.__cause__ = error.__context__ = None
    return error


def replay_rootlog(
    text: str, budget: int | None = None, sample_seed: int = 0, watch: Watch | None = None,
) -> RootlogReplay:
    """Replay a Rootlog record against the engine (see :func:`import_rootlog`) and return
    the game, the board at the end of each record line, and the parsed record. ``budget``
    bounds the search (states expanded; by default 1000 plus three per recorded action);
    ``sample_seed`` samples the hidden cards the record never names; ``watch`` is told
    (lines matched, lines of the record) where a search gets further than it had."""
    rec = parse_rootlog(text)
    if budget is None:
        budget = 1000 + 3 * sum(len(t.actions) for t in rec.turns)
    told = WATCH.set(watch)
    try:
        out = searched(rec, budget, sample_seed)
    finally:
        WATCH.reset(told)
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
    660's fallback first, within ``namer.FIRST_NODES`` choices (``namer.first_named``,
    rulings 700-701); the quick search (the first alone when ``quick``; for a record that
    names a spending, ``namer.names_spendings``, given up at its first dead end, ruling
    712); where ``fallback`` and the record names its draws or spendings, ruling 660's
    fallback within ``namer.NODES`` choices (rulings 701, 710-711), then for a record
    naming its spendings the whole first search (ruling 712); the full second search, then
    the later quick searches abreast: the third, the fourth, the quick search from each
    other first deal of the unnamed cards and ruling 920's (:func:`searched_again`;
    ``opening.DEALS``, ruling 670; ruling 730). The error raised when all fail is that
    of the search that got furthest, the second's where they tie (ruling 910): a course
    whose final replay fails (ruling 751) is one more that does not explain the
    record and the searches go on (ruling 800). A record that names its draws without
    hands is never handed over (its fallback came first)."""
    if quick:
        imp = Importer(rec)
        return imp.finish(imp.run(budget), sample_seed)
    refusals = Refusals()
    memo = namer.Relaxed()  # the relaxed import, made once for both runs of the fallback
    early = fallback and namer.first_named(rec)
    if early:
        named = _named(rec, budget, sample_seed, namer.FIRST_NODES, memo)
        if named is not None:
            return named
    spends = fallback and not early and namer.names_spendings(rec)
    # The first search, with its probe; for a record naming its spendings, given up at its
    # first dead end (ruling 712).
    found, handed = quick_search(rec, budget, False, 0, handing_over=spends and HAND_OVER,
                                 refusals=refusals)
    out = _finished(found, sample_seed, refusals)
    del found  # its course, where it does not replay, freed
    if out is not None:
        return out
    # Rulings 701 and 711: a record naming its draws or spendings, re-identified where the
    # first search gives up (the later searches rarely explain it, and slowly), or where
    # the course it found does not replay (ruling 800); where that fails too and the first
    # search was given up early, the whole of it (ruling 712).
    named = _named(rec, budget, sample_seed, namer.NODES, memo) if fallback else None
    if named is not None:
        return named
    del memo
    if handed:
        out = _finished(quick_search(rec, budget, False, 0, refusals=refusals)[0],
                        sample_seed, refusals)
        if out is not None:
            return out
    # The quick searches took paths the record later refutes and ran out: search again
    # trying every action at every decision, best first, then the later quick searches
    # abreast; the error raised is the furthest of all (ruling 910).
    return searched_again(rec, budget, sample_seed, refusals)


def _finished(
    found: tuple[Importer, Node] | None, sample_seed: int, refusals: Refusals,
) -> RootlogReplay | None:
    """The replay of the course ``found`` (None where there is none); None too where its
    final replay fails (ruling 751's refusal): one course that does not explain the record,
    the searches after it go on (ruling 800; raised as before without it), its error noted
    in ``refusals`` (ruling 910)."""
    if found is None:
        return None
    imp, end = found
    try:
        return imp.finish(end, sample_seed)
    except RootlogError as failed:
        if not PAST_FAILED_REPLAY:
            raise
        refusals.note(failed)
        return None


def _named(
    rec: RootlogGame, budget: int, sample_seed: int, nodes: int, memo: namer.Relaxed,
) -> RootlogReplay | None:
    """Ruling 660's fallback for the record ``rec`` that names its draws or spendings
    (rulings 660, 710), within ``nodes``
    choices (None where it names none or the fallback does not explain it), its relaxed
    record replayed by the searches without the fallback (once: ``memo``)."""
    return namer.named_fallback(rec, lambda r, quick: searched(
        r, budget, sample_seed, fallback=False, quick=quick), nodes, memo)


LATER: tuple[tuple[bool, bool], ...] = ((True, False), (False, True))
"""The later quick searches of the first deal, (latest drawn first, paired): the third
(ruling 640) and the fourth (ruling 675); those from each other deal follow (ruling 670)."""


def searched_again(
    rec: RootlogGame, budget: int, sample_seed: int = 0, refusals: Refusals | None = None,
) -> RootlogReplay:
    """The second search's replay; where it gives up, the replay of the first of the later
    quick searches, made abreast (:func:`abreast`, ruling 730), to find a course whose
    final replay explains the record: the third, with the cards a hand spends alike taken
    latest drawn first (``latest.py``, ruling 640), the fourth, whose solve takes two
    spendings by suit otherwise at once (``Importer.paired``, ruling 675), the quick
    search from each other first deal (``opening.DEALS``, ruling 670) and ruling 920's
    (:data:`NEAR`). The error raised
    when all fail is the furthest of the second search's, the later ones' and those noted
    in ``refusals`` before (ruling 910). The second search is freed before the later
    ones are built (``Importer.given_up``): the error keeps no traceback nor context."""
    second = Importer(rec, lazy=False)
    try:
        return second.finish(second.run(budget), sample_seed)
    except RootlogError as refused:
        # A final replay's refusal (ruling 751) is raised from the engine's error, whose
        # traceback holds the second importer: the chain is cut so that it is freed.
        error = _cut(refused)
    del second
    ways = [(latest, paired, 0, False, False) for latest, paired in LATER] + [
        (False, False, deal, False, False) for deal in DEALS] + (
        [(*NEAR, False)] if TILL_SHUFFLE else []) + ([SPARED] if SPARING else [])
    refusals = Refusals() if refusals is None else refusals
    found = abreast(rec, budget, sample_seed, ways, refusals)
    if found is not None:
        return found
    error = refusals.refusal(error)
    error.__context__ = None
    try:
        raise error
    finally:
        del error  # the frame raising it would hold it: a cycle


TILL_SHUFFLE = True
"""Ruling 920 turned on: the further quick search :data:`NEAR` goes on abreast of the
later ones (a test turns it off to show the record refused without it)."""

NEAR: tuple[bool, bool, int, bool] = (True, False, 0, True)
"""Ruling 920: a further quick search abreast of the later ones (ruling 730), made last
where they tie: the third search's order (latest drawn first, ruling 640) from the first
deal, a card's later naming counting in the cost of spending it only up to the first draw
from the next draw pile (``Importer.till_shuffle``). The other searches read every later
naming of a card: a card named by a craft scores of lines and a shuffle or two ahead
(``Zbrutal``) was kept among the supporters and an alike one spent, a course the lines
before that naming refute, which the record's prefix without it passes."""

SPARING = True
"""Ruling 961 turned on: the quick search :data:`SPARED` goes on abreast of the later ones,
built last (a test turns it off to show the record refused without it)."""

SPARED: tuple[bool, bool, int, bool, bool] = (False, False, 0, False, True)
"""Ruling 961 (8.5.1 Mobilize, 8.5.3 Train): a further quick search abreast of the later
ones (ruling 730), made last where they tie: the first search's order from the first deal,
where, of the actions otherwise tied, one whose cards spent unnamed (``#A->$``) leave the
hand a card for each of the line's later spendings from it by suit comes first
(``Importer.spare_unnamed``, ``expanding.unnamed_short``). Seed 1023 with the Alliance,
people-style (ruling 942's record): at line 122 (``Zarmor/#A->$/B#A->/w->$``) the other
searches mobilized the hand's only bird, which the Train then lacked, and went on past
the Train without coming back to the Mobilize. An order of its own search, not the first
search's: as the first search's it imported 1023 but changed the courses of the Mobilize
before a Train in many lines, and seed 1019 (which the first search imports) was refused
at line 169."""

ABREAST = True
"""Whether the later quick searches go on abreast (ruling 730); else each in turn, the
next only where the one before gives up, as before."""


def abreast(
    rec: RootlogGame, budget: int, sample_seed: int,
    ways: list[tuple[bool, bool, int, bool, bool]], refusals: Refusals | None = None,
) -> RootlogReplay | None:
    """The replay of the course of the first of the quick searches ``ways`` (latest drawn
    first, paired, deal: :func:`quick_search`; later namings past the next shuffle not
    counted, ruling 920's ``Importer.till_shuffle``; ruling 961's
    ``Importer.spare_unnamed``) to find one whose final replay explains the
    record, the searches going on abreast: the one that has expanded the fewest states
    (``Importer.expansions``, its restart's included) expands its next, the earliest of
    ``ways`` first where they tie. A course whose final replay fails is one more that does
    not explain the record: the others go on (rulings 670, 800). None where all give up;
    the errors of those that give up, or whose course does not replay, are noted in
    ``refusals`` (ruling 910).
    Ruling 730: a search that gives up spends thousands of states (its room at its furthest
    line, and more at each of its six returns), one that imports a record the first two
    searches do not a few hundred; made in turn, each spent the whole of every one before it. Where
    ``ABREAST`` is off, each runs in turn (its searches are those made before)."""
    going: list[tuple[Importer, Generator[None, None, Node]]] = []
    for latest, paired, deal, near, spare in ways:
        imp = Importer(rec)
        imp.latest_first, imp.paired, imp.deal, imp.till_shuffle = latest, paired, deal, near
        imp.spare_unnamed = spare
        going.append((imp, imp.steps(budget)))
    while going:
        k = min(range(len(going)), key=lambda i: going[i][0].expansions) if ABREAST else 0
        imp, steps = going[k]
        try:
            next(steps)
            continue
        except StopIteration as done:
            end: Node = done.value
        except RootlogError as gave_up:
            if refusals is not None:
                refusals.note(gave_up)
            del going[k], imp, steps, gave_up  # given up: freed
            continue
        del going[k], steps
        try:
            return imp.finish(end, sample_seed)
        except RootlogError as failed:
            if not imp.deal and not PAST_FAILED_REPLAY:
                raise  # the third's or the fourth's error, before ruling 800
            if refusals is not None:
                refusals.note(failed)
            del imp, end, failed  # a course that does not replay: freed
            continue
    return None


def quick_search(
    rec: RootlogGame, budget: int, latest: bool, deal: int, paired: bool = False,
    handing_over: bool = False, refusals: Refusals | None = None,
) -> tuple[tuple[Importer, Node] | None, bool]:
    """A quick search: its end, or None where it gives up (its importer freed), and whether
    it was handed over (``Importer.handed_over``).
    ``latest``: the cards a hand spends alike taken latest drawn first (the third search,
    ruling 640); ``deal``: the seed of the first deal of the unnamed cards (another than 0,
    ruling 670); ``paired``: its solve takes two spendings otherwise at once (the fourth
    search, ruling 675); ``handing_over``: it gives up at its first dead end (the first
    search of a record naming its spendings, ruling 712); ``refusals`` notes its error
    where it gives up (ruling 910)."""
    imp = Importer(rec)
    imp.handing_over = handing_over
    imp.latest_first = latest
    imp.deal = deal
    imp.paired = paired
    try:
        return (imp, imp.run(budget)), False
    except RootlogError as gave_up:
        if refusals is not None:
            refusals.note(gave_up)
        del gave_up
        return None, imp.handed_over


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
