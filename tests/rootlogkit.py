"""The kit of the Rootlog tests (tests/test_rootlog_*.py; docs/rootlog.md, "Replaying a
record (import)"), as tests/lawkit.py is the engine tests' and tests/webkit.py the browser
app's: records rewritten the way people write them (``as_people_write``, also used by
tools/rootlog_people_games.py and the web tests), what an import must give
(``assert_replays_the_game``...), what the importer's search did on the way
(``search_events``, ``states_at``, ``backjumps``...), and the rulings' exchanges and orders
turned off, for a test to show the record refused or slower without its ruling
(``refused_without``, ``states_with_and_without``, ``solve_before_465``...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from lawkit import random_game

from rootgame.records.rootlog import (
    RootlogError,
    board_lines,
    export_rootlog,
    game_turn_states,
    parse_rootlog,
    replay_rootlog,
)
from rootgame.records.rootlog.cards import CardSpec
from rootgame.records.rootlog.identity import CardIdentity
from rootgame.records.rootlog.importer import Importer
from rootgame.records.rootlog.notation import RootlogGame
from rootgame.records.rootlog.people import (  # noqa: F401 (the kit's, for the tests)
    CARD,
    as_people_write,
    as_people_write_supporters,
)

# --- Records written the way people write them -----------------------------------------------

FINAL_REPLAY_FAILS = (
    r"^(internal: the replay found does not|line \d+: the cards this record leaves "
    r"unnamed found no identities that explain every decision)")
"""The refusal of a course found whose final replay fails at a decision (``result.finish``):
named by the decision's line since ruling 751, ``internal:`` for a decision on no line
(and for a replay that ends in another state)."""

IMPORT_BASE = "Map: Fall\nDeck: Standard\nC: Ann\nE: Bo\n\nC:t_k->1\nE:b->3\n"
"""A record of a header, two players and their first setup lines, for a test to change."""


MEA = ("marquise", "eyrie", "alliance")
"""The Marquise, the Eyrie and the Alliance: the factions of the Alliance's whole games."""


def alliance_first_lines(seed: int, n: int) -> tuple[Any, str]:
    """The game of ``seed`` (the Marquise, the Eyrie, the Alliance) and its first ``n``
    lines written as people write them (supporters unnamed)."""
    g = random_game(seed, None, MEA)
    lines = as_people_write_supporters(export_rootlog(g)).splitlines()
    return g, "\n".join(lines[:n]) + "\n"


# --- What an import must give ----------------------------------------------------------------


def assert_same_board_every_line(rep: Any, g: Any, why: object = None) -> None:
    """The imported record ``rep`` has the pieces and scores of the game ``g`` at the end of
    every line (each turn's state as the game played it)."""
    assert board_lines(rep.turns) == board_lines(game_turn_states(g)), why


def assert_same_board_so_far(rep: Any, g: Any) -> None:
    """The imported record ``rep`` of the first lines of the game ``g`` has its pieces and
    scores at the end of each of those lines."""
    assert board_lines(rep.turns) == board_lines(game_turn_states(g)[: len(rep.turns)])


def imports_and_needs(
    monkeypatch: pytest.MonkeyPatch, g: Any, text: str, owner: object, name: str, line: int,
) -> None:
    """The record ``text`` (of the first lines of the game ``g``) imports to the same board
    at every line, and is refused at ``line`` with ``owner.<name>`` (a ruling's switch)
    off (:func:`refused_without`)."""
    assert_same_board_so_far(replay_rootlog(text), g)
    refused_without(monkeypatch, text, name, False, line, owner)


def quick_imports_and_needs(
    monkeypatch: pytest.MonkeyPatch, g: Any, text: str, owner: object, name: str,
    refusal: str,
) -> Any:
    """The record ``text`` (of the game ``g``, or its first lines) imports by the quick
    search alone to the same board at every line it has, and with ``owner.<name>`` (a
    ruling's switch) off the quick search refuses it with an error matching ``refusal``.
    Returns the replay."""
    from rootgame.records.rootlog import parse_rootlog
    from rootgame.records.rootlog.searches import searched

    rec = parse_rootlog(text)
    budget = 1000 + 3 * sum(len(t.actions) for t in rec.turns)
    rep = searched(rec, budget, quick=True)
    assert_same_board_so_far(rep, g)
    with monkeypatch.context() as m:
        m.setattr(owner, name, False)
        with pytest.raises(RootlogError, match=refusal):
            searched(rec, budget, quick=True)
    return rep


def assert_replays_the_game(rep: Any, g: Any) -> None:
    """:func:`assert_same_board_every_line`, and the import ends with the game's winners."""
    assert_same_board_every_line(rep, g)
    assert rep.game.winners == g.winners


def assert_whole_game_imports(
    seed: int, line: int, start: str, keep: tuple[str, ...] = ()
) -> str:
    """The whole game of ``seed``, written as people do (but what ``keep`` leaves as
    exported, :func:`as_people_write`), whose line ``line`` begins with ``start`` (the line
    an import refused before), replays the game (:func:`assert_replays_the_game`). Returns
    that record, for a test to import it again with a ruling turned off."""
    g = random_game(seed)
    text = as_people_write(export_rootlog(g), keep)
    assert text.splitlines()[line - 1].startswith(start)
    rep = replay_rootlog(text)
    assert_replays_the_game(rep, g)
    return text


# --- What the importer's search did ----------------------------------------------------------


def searches_counted(monkeypatch: pytest.MonkeyPatch) -> tuple[list[bool], list[int]]:
    """Count the searches an import makes (rulings 700, 711): the first list gets, per
    search made (not a restart), whether its record names a card (``namer.relaxed`` gives
    a record), the second one item per state expanded. Clear both between imports."""
    from rootgame.records.rootlog import namer

    names: list[bool] = []
    states: list[int] = []
    steps, children = Importer.steps, Importer.children

    def counted(imp: Importer, *args: Any) -> Any:
        # Every search runs through ``steps`` (those made abreast too, ruling 730).
        if len(args) == 1 or args[1] is None:  # a search, not a restart
            names.append(namer.relaxed(imp.rec) is not None)
        return steps(imp, *args)

    def expanded(imp: Importer, *args: Any) -> Any:
        states.append(1)
        return children(imp, *args)

    monkeypatch.setattr(Importer, "steps", counted)
    monkeypatch.setattr(Importer, "children", expanded)
    return names, states


def search_events(text: str) -> list[tuple[Any, ...]]:
    """The events of the course the importer's search finds for the record ``text`` (the
    exchanges of card identities it made on the way), last first."""
    from rootgame.records.rootlog.importer import Importer

    rec = parse_rootlog(text)
    node = Importer(rec).run(1000 + 3 * sum(len(t.actions) for t in rec.turns))
    events: list[tuple[Any, ...]] = []
    n: Any = node
    while n is not None:
        events.extend(n.events)
        n = n.parent
    return events


def watched(
    monkeypatch: pytest.MonkeyPatch, text: str, g: Any, name: str,
    seen: Callable[[Importer, tuple[Any, ...], Any], object],
) -> None:
    """Import the record ``text`` of the game ``g``, which the import replays
    (:func:`assert_replays_the_game`), telling ``seen`` of each call of
    ``Importer.<name>``: the importer, the arguments and what it returned."""
    plain = getattr(Importer, name)

    def told(self: Importer, *args: Any) -> Any:
        out = plain(self, *args)
        seen(self, args, out)
        return out

    with monkeypatch.context() as m:
        m.setattr(Importer, name, told)
        assert_replays_the_game(replay_rootlog(text), g)


def states_at(monkeypatch: pytest.MonkeyPatch, text: str, g: Any, line: int) -> int:
    """How many search states the import of the record ``text`` of the game ``g`` expanded
    at record line ``line`` (both searches, ``Importer.children``)."""
    at: list[int] = []
    watched(monkeypatch, text, g, "children", lambda imp, args, _out: at.append(
        args[0].line is not None and imp.lines[args[0].line].turn.line == line))
    return sum(at)


def states_with_and_without(
    monkeypatch: pytest.MonkeyPatch, seed: int, line: int, start: str, check: str,
) -> tuple[int, int]:
    """The search states expanded at record line ``line`` (which starts with ``start``) of
    seed ``seed``'s record as people write it (:func:`states_at`), with the quick search's
    check ``Matching.<check>`` and with it turned off."""
    from rootgame.records.rootlog.matching import Matching

    g = random_game(seed)
    text = as_people_write(export_rootlog(g))
    assert text.splitlines()[line - 1].startswith(start)
    with_it = states_at(monkeypatch, text, g, line)
    monkeypatch.setattr(Matching, check, lambda *_: False)
    return with_it, states_at(monkeypatch, text, g, line)


def backjumps(monkeypatch: pytest.MonkeyPatch, text: str, g: Any) -> int:
    """How many times the quick search went back (``Importer.backjump``, rulings 426-427)
    on the record ``text`` of the game ``g``, which the import replays."""
    back: list[bool] = []
    watched(monkeypatch, text, g, "backjump", lambda _imp, _args, out: back.append(
        out is not None))
    return sum(back)


def restarts(monkeypatch: pytest.MonkeyPatch, text: str, g: Any) -> list[int]:
    """The states the quick search had expanded each time it started its second search
    (``Importer.restart``, ruling 436) on the record ``text`` of the game ``g``."""
    at: list[int] = []
    watched(monkeypatch, text, g, "restart", lambda _imp, args, _out: at.append(args[1]))
    return at


# --- Rulings turned off ----------------------------------------------------------------------


def refused_without(
    monkeypatch: pytest.MonkeyPatch, text: str, name: str, plain: object, line: int,
    owner: object = CardIdentity, searches: bool = False,
) -> None:
    """The record ``text`` is refused at ``line`` with ``owner.<name>`` (``CardIdentity``'s
    unless told; a class or a module) replaced by ``plain`` (a ruling's exchange or order
    turned off), by the first two searches: ruling 640's third search, where they give up,
    is left out (:func:`no_third_search`; it imports some of these records with the
    ruling off, by another course), and so is ruling 660's fallback (``namer.py``) where
    all three give up; the error is the second search's (ruling 910's furthest refusal
    left out). ``searches`` keeps the three searches (ruling 660's own test), and ruling
    910: the error is the furthest any search got. A course found whose final replay
    fails is a refusal (ruling 800 off: the searches after it are those left out)."""
    with monkeypatch.context() as m:
        m.setattr(owner, name, plain)
        refused_at_a_failed_replay(m)  # a course found that does not replay: a refusal
        if searches:
            no_named_fallback(m)
        else:
            no_third_search(m)
        with pytest.raises(RootlogError, match=rf"^line {line}[,:] "):
            replay_rootlog(text)


def rolls_told_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Turn ruling 460 off: a battle past its hits step is compared with its spent roll,
    so that rolls whose hits are alike are ways on of their own."""
    import rootgame.records.rootlog.search as search

    def whole(f: Any) -> list[tuple[Any, Any]]:
        return sorted(f.data.items(), key=lambda kv: str(kv[0]))

    monkeypatch.setattr(search, "frame_data", whole)  # the fingerprints' and ``frames``'


def named_first(_self: object, spec: CardSpec, present: int, spare: int) -> bool:
    """Ruling 431's order for a card named too, with one present draw to spare."""
    return (spec.item is not None or spec.keys is not None) and present > spare


def solve_before_465(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solve of the course as before rulings 465-466: the cards the record named left
    out with all their times, and no cycle of a pile's time before the search (a refusal
    an earlier ruling's test counts that these rulings now import)."""
    import rootgame.records.rootlog.solve as solve

    monkeypatch.setattr(solve, "named_times", lambda *_: {})
    monkeypatch.setattr(solve._Cycling, "run", lambda *_: None)


def solve_every_need(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling 515 turned off: the solve asked for every card the line still takes from a
    hand, those its cards still to come may be included (it imports some records the
    tests of earlier rulings refuse with their ruling off: 1006, 1996)."""
    monkeypatch.setattr(CardIdentity, "needs_held", CardIdentity.needs)


def first_of_each_time(course: Any, i: int, held: list[int]) -> list[int]:
    """``otherwise.one_of_each_time`` before ruling 502: the first held slot of each other
    pile's time, whatever its card."""
    times, out = {course.slots[i][1]}, []
    for j in held:
        if course.slots[j][1] not in times:
            times.add(course.slots[j][1])
            out.append(j)
    return out


def no_named_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling 660 off: no fallback for a record that names its draws where the three
    searches give up (``namer.named_fallback``), for an earlier test of such a record's
    refusal that the fallback imports."""
    import rootgame.records.rootlog.namer as namer

    monkeypatch.setattr(namer, "named_fallback", lambda *_: None)


def refused_at_a_failed_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling 800 off: a course the first (third, fourth) search finds whose final replay
    fails is refused at once with ruling 751's error, as before, not passed over for the
    searches after it: for a test of a fix that, turned off, leaves such a course."""
    import rootgame.records.rootlog.searches as searches

    monkeypatch.setattr(searches, "PAST_FAILED_REPLAY", False)


def no_third_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling 640 off: no third search where the first two give up (nor its probe at the
    first search's dead end, ruling 680, nor ruling 675's fourth search), for an earlier
    ruling's test whose seed the third search imports with that ruling off; nor ruling
    660's fallback after them (``namer.named_fallback``), nor the quick search from other
    first deals (ruling 670)."""
    import rootgame.records.rootlog.searches as searches

    no_named_fallback(monkeypatch)
    monkeypatch.setattr(searches, "DEALS", ())

    def second_only(rec: RootlogGame, budget: int, sample_seed: int = 0, _: Any = None) -> Any:
        # The second search's own error (ruling 910's furthest refusal left out too).
        second = Importer(rec, lazy=False)
        return second.finish(second.run(budget), sample_seed)

    monkeypatch.setattr(searches, "searched_again", second_only)
    monkeypatch.setattr(Importer, "probing", False)  # its probe too (ruling 680)


def solve_before_501(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solve of the course before rulings 501-504 (seed 3585): the spendings taken
    otherwise latest first, each with the first held draw of each other time, the needs
    bound to the draws in the hand's order, and a slot's present card kept unchecked (a
    refusal or a slower search an earlier ruling's test counts on that they change)."""
    import rootgame.records.rootlog.otherwise as otherwise
    import rootgame.records.rootlog.solve as solve

    monkeypatch.setattr(otherwise, "wants", lambda *_: True)
    monkeypatch.setattr(otherwise, "one_of_each_time", first_of_each_time)
    monkeypatch.setattr(solve, "fitting_first", lambda d, *_: d)
    monkeypatch.setattr(solve, "unchecked", lambda c, here, *_: c == here)


def every_held(course: Any, i: int, held: list[int]) -> list[int]:
    """``otherwise.one_of_each_time`` before ruling 471: every held slot of another pile's
    time than the spent slot's."""
    return [j for j in held if course.slots[j][1] != course.slots[i][1]]


def any_open_draw(pos: Any, pile: list[int], _needed: set[int]) -> list[int]:
    """``respends.open_draws`` before seed 2628's fix: every unnamed draw of the place,
    one holding a card another need of the line takes too."""
    return [f for f in pile if f in pos.free]


def before_2596_2628(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solve before ruling 471 (:func:`every_held`), the exchange of a card shuffled in
    before seed 2628's fix (:func:`any_open_draw`) and exchanges that fight over one draw
    before ruling 469 (no ``fought_over``): a refusal or a course an earlier test counts on
    that they change."""
    import rootgame.records.rootlog.identity as identity
    import rootgame.records.rootlog.otherwise as otherwise
    import rootgame.records.rootlog.respends as respends

    monkeypatch.setattr(otherwise, "one_of_each_time", every_held)
    monkeypatch.setattr(respends, "open_draws", any_open_draw)
    monkeypatch.setattr(identity, "fought_over", lambda *_: False)
