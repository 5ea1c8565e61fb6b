"""Records that name their spendings (``F#stand C->``, ``M#rootteaE->$_b``) but not their
draws nor starting hands (``--keep suits`` of tools/rootlog_people_games.py): ruling 660's
fallback (``namer.py``) re-identifies their unnamed draws against the named spendings
(ruling 710), tried where the first search gives up (ruling 711), which it does at its
first dead end (ruling 712); docs/rootlog.md, "Records that name their draws" and "Records
that name their spendings"."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from lawkit import random_game
from rootlogkit import (
    as_people_write,
    as_people_write_supporters,
    assert_replays_the_game,
    assert_whole_game_imports,
    refused_without,
    searches_counted,
)

from rootgame.records.rootlog import export_rootlog, relax, replay_rootlog
from rootgame.records.rootlog.notation import Card, Move, RootlogGame
from rootgame.records.rootlog.reader import parse_rootlog


class _Counted(list[bool]):
    """Per search made, whether its record names a card; ``states``: per state expanded."""

    states: list[int]


def _named_after_the_first_search(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> tuple[Callable[[], None], _Counted, int]:
    """Seed ``seed`` written with its spendings named imports by three searches (rulings
    711-712): the first, of the record, the relaxed record's (naming no card), the fully
    named record's. A call importing the record again (asserting it replays the game and
    counting its searches afresh); the searches counted; the states the first import
    expanded."""
    g = random_game(seed)
    text = as_people_write(export_rootlog(g), ("suits",))
    names, states = searches_counted(monkeypatch)
    counted = _Counted()

    def again() -> None:
        assert_replays_the_game(replay_rootlog(text), g)
        counted[:] = names
        counted.states = list(states)
        names.clear()
        states.clear()

    counted.states = []
    again()
    assert counted == [True, False, True]
    return again, counted, len(counted.states)


def test_a_record_naming_its_spendings_relaxes_to_the_people_style_record() -> None:
    """Ruling 710, step 1. Seed 1106 written with its discards and Decree cards named:
    relaxed, it is the record as people write it (every spending by suit only), which the
    searches import; a record that names nothing relaxes to nothing."""
    from rootgame.records.rootlog import namer

    full = export_rootlog(random_game(1106))
    text = as_people_write(full, ("suits",))
    assert "/B#brutalE->$_r/" in text
    people = parse_rootlog(as_people_write(full))
    assert namer.relaxed(parse_rootlog(text)) == people
    assert namer.relaxed(people) is None
    assert namer.names_spendings(parse_rootlog(text))
    assert not namer.names_spendings(people)


def test_the_unnamed_draws_are_named_to_fit_the_named_spendings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 710. Seed 1106 written with its spendings named, line 67
    ('E:...B#brutalE->$_r'): every search was refused there (the Marquise's draw of line
    53 had been given the second Brutal Tactics, the Eyrie's draw of line 55 in the game,
    spent by name since). Ruling 660's fallback, its unnamed draws named where a hand spends
    them (a draw of each pile's time the hand holds unnamed, from what that pile held), now
    imports the game; with the spendings' names not relaxed (the fallback has nothing to
    do), it is refused at line 67 as before, and so it is with the fallback off (the first
    search given up at its dead end, ruling 712, is then made whole: the error is the
    second search's, as before)."""
    from rootgame.records.rootlog import namer, relax

    text = assert_whole_game_imports(1106, 67, "E:", keep=("suits",))
    assert "B#brutalE->$_r" in text.splitlines()[66]
    rep = replay_rootlog(text)
    assert rep.chosen > 0 and "chosen to fit the cards it names" in rep.sampling_note()
    refused_without(monkeypatch, text, "spent_by_name", lambda _x: False, 67, relax,
                    searches=True)
    refused_without(monkeypatch, text, "named_fallback", lambda *_: None, 67, namer,
                    searches=True)


def test_a_record_naming_its_spendings_is_named_where_the_first_search_gives_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 711. Seed 1071 written with its spendings named: the first search gives up
    (line 67, 'R#commandE->$_m'); the fallback is tried next, before the second search. The
    searches made: the first, of the record (given up at its first dead end, ruling 712);
    the relaxed record's (naming no card); the fully named record's. With ruling 711 off
    (the record not taken as naming its spendings) the first search is made whole, its
    probe too (ruling 680), before the fallback (which ruling 701 tries there for any
    record naming its draws or spendings), in more states."""
    from rootgame.records.rootlog import namer

    again, names, early = _named_after_the_first_search(monkeypatch, 1071)
    monkeypatch.setattr(namer, "names_spendings", lambda _rec: False)
    again()
    assert names == [True, True, False, True]
    assert early < len(names.states)


def test_the_first_search_of_a_record_naming_its_spendings_ends_at_its_dead_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 712. Seed 1048 written with its spendings named: the first search comes to
    its first dead end after 912 states, then took its probe (ruling 680), its restart and
    its backjumps to its whole budget before giving up (line 52,
    'R#smugglerstrailC->'). It now gives up there, and the fallback imports the record;
    with ruling 712 off, the first search and its probe are made whole first, in more
    states."""
    from rootgame.records.rootlog import searches

    again, names, early = _named_after_the_first_search(monkeypatch, 1048)
    with monkeypatch.context() as m:
        m.setattr(searches, "HAND_OVER", False)
        again()
    assert names == [True, True, False, True]
    assert early < len(names.states)


def test_2_1_a_dominance_card_taken_by_name_is_no_named_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 960 (3.3.3, rulings 700, 710, 770). The Alliance's seed 1002, written as people
    write it, takes dominance cards from beside the board by name (``B#dom->C``, line 21)
    and names no other draw nor a spending: ruling 700's fallback is not tried first
    (``first_named``), there is nothing to relax (``relaxed`` gives None), and the first
    search alone imports the record (one search). With the ruling off the record counted as
    one naming its draws: the fallback came first and its relaxed record drew a card from
    the deck for each take (``#->C``), and was refused after every search (14 s of CPU)
    before the first search imported it."""
    g = random_game(1002, None, ("marquise", "eyrie", "alliance"))
    text = as_people_write_supporters(export_rootlog(g))
    rec = parse_rootlog(text)
    assert "/B#dom->C/" in text.splitlines()[20]
    assert not relax.first_named(rec)
    assert relax.relaxed(rec) is None
    names, _states = searches_counted(monkeypatch)
    assert_replays_the_game(replay_rootlog(text), g)
    assert len(names) == 1
    monkeypatch.setattr(relax, "OPEN_DOMINANCE", False)
    assert relax.first_named(rec)
    loose = relax.relaxed(rec)
    assert loose is not None
    assert _dominance_named(rec, 21) and not _dominance_named(loose, 21)


def _dominance_named(rec: RootlogGame, line: int) -> bool:
    """Whether the turn of ``rec`` written on the file's line ``line`` takes a dominance
    card into a hand by name as it writes a draw (the relaxed record keeps the lines of
    the record it relaxes)."""
    turn = next(t for t in rec.turns if t.line == line)
    return any(isinstance(x.what, Card) and x.what.name == "dom"
               for a in turn.actions if isinstance(a, Move) and relax.is_draw(a)
               for x in a.terms)
