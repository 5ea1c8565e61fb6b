"""The Rootlog importer's search gives a candidate up before the engine runs on when the
decision's own change is no open movement of the record (``Importer.refuted``,
``Importer.unexplained``): the imports are the same as when every candidate is run to
its next decision (docs/rootlog.md, "Speed")."""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import random_game
from test_rootlog import as_people_write

from rootgame.records.rootlog import export_rootlog, game_turn_states, replay_rootlog
from rootgame.records.rootlog import importer as importer_module
from rootgame.records.rootlog.importer import BATTLES, BUILDS, HAND_CARDS, Importer, moved_by
from rootgame.records.rootlog.search import Cand, Pos


def _people_text(seed: int, decisions: int | None = None) -> str:
    return as_people_write(export_rootlog(random_game(seed, decisions)))


def test_a_move_or_card_the_line_cannot_take_up_is_given_up_as_running_it_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """4.2, 4.1, 4.3, 6.5.3-6.5.6, 7.3.3, 7.4.2: every move, card spent, battle, recruit,
    building, wood and leader that ``unexplained`` gives up without copying the state is one
    the full evaluation (copy, decision, engine to the next decision, match) refuses too; a
    move that asks how many warriors next has no visible effect by itself, and every count
    then asked is refused."""
    seen: list[tuple[Any, ...]] = []
    counted: list[tuple[Any, ...]] = []
    plain = Importer.unexplained

    def checked(self: Importer, pos: Pos, g: Any, a: tuple[Any, ...]) -> bool:
        out = plain(self, pos, g, a)
        if out:
            key = (g.stack[-1].kind, a[0])
            assert moved_by(g, a) is not None or key in HAND_CARDS or key in BATTLES or \
                key in BUILDS or key in (("cat_actions", "recruit"), ("eyrie_leader", "leader"))
            for r in self.evaluate(pos, g, a, (), (), [], None):
                assert not isinstance(r, Cand), a
                g2, legal = r[0], r[1]
                assert g2.stack[-1].kind == "move_count", a
                assert all(self.evaluate(pos, g2, c, (), (), [], None) == [] for c in legal), a
                counted.append(a)
            seen.append(a)
        return out

    monkeypatch.setattr(Importer, "unexplained", checked)
    g = random_game(1002, 120)
    rep = replay_rootlog(_people_text(1002, 120))
    assert [(t.faction, t.pieces, t.vp) for t in rep.turns] == [
        (t.faction, t.pieces, t.vp) for t in game_turn_states(g)]
    assert {a[0] for a in seen} >= {"march", "decree", "craft", "battle", "build", "recruit",
                                    "overwork", "leader"}
    assert "march" in {a[0] for a in counted}


@pytest.mark.parametrize(("seed", "decisions"), [(1003, 200), (1011, 200), (1080, None)])
def test_the_early_refusals_leave_the_import_as_it_was(
    seed: int, decisions: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same game (final state hash, board and scores at every line) and no more
    candidates kept, with the early refusals as without them (every action run to the next
    decision and matched whole). Seed 1080 comes back to a march whose moves of several
    warriors are all refused: the search must come back as often as without the refusals
    (it mends a hand when a decision has nothing left to try)."""
    text = _people_text(seed, decisions)
    fast = replay_rootlog(text)
    with monkeypatch.context() as m:
        m.setattr(importer_module.Importer, "refuted", lambda self, pos, atoms: False)
        m.setattr(importer_module.Importer, "unexplained", lambda self, pos, g, a: False)
        slow = replay_rootlog(text)
    assert fast.game.hash() == slow.game.hash()
    assert fast.turns == slow.turns


def test_states_are_told_apart_as_by_their_whole_fingerprints(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The candidates and silent states kept, when only those that share the cheap part of
    the comparison (``outline``, ``frames``) are fingerprinted, are those kept when every one
    is: the same game, board and scores at every line, decisions."""
    text = _people_text(1003, 200)
    fast = replay_rootlog(text)
    with monkeypatch.context() as m:
        m.setattr(importer_module, "outline", lambda c: ())
        m.setattr(importer_module, "frames", lambda g: ())
        slow = replay_rootlog(text)
    assert fast.game.hash() == slow.game.hash()
    assert fast.game.history == slow.game.history
    assert fast.turns == slow.turns
