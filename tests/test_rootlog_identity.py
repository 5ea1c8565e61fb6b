"""Which unnamed draw of a hand the Rootlog importer gives a card the line takes from it
(``identity.py``; docs/rootlog.md, "Replaying a record (import)"; rulings 432-433 in
docs/rulings.md). Simulated games written as people write them, each refused before the
ruling that imports it."""

from __future__ import annotations

import pytest
from lawkit import random_game
from test_rootlog import as_people_write, assert_same_board_every_line

from rootgame.records.rootlog import RootlogError, export_rootlog, replay_rootlog
from rootgame.records.rootlog.identity import CardIdentity


def test_a_need_the_hand_lacks_takes_the_draw_another_need_of_the_line_took(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 432. Seed 1006 cut after 550 decisions, line 83: the Eyrie adds a fox and a
    rabbit to the Decree by their suits and crafts the Tax Collector ('Ztax'). Before the
    line is searched her rabbit need had taken an unnamed draw that can be given the Tax
    Collector, and none of her other draws can be given it: the Tax Collector now goes to
    that draw, the rabbit need to another of her draws (A Visit to Friends). The game found
    replays to the same board at every line; without the exchange the line is refused at
    the craft."""
    g = random_game(1006, 550)
    text = as_people_write(export_rootlog(g))
    assert text.splitlines()[82].startswith("E:F#E->$_x/R#E->$_x/Ztax/")
    assert_same_board_every_line(replay_rootlog(text), g)
    monkeypatch.setattr(CardIdentity, "augment", lambda *_: None)
    with pytest.raises(RootlogError, match=r"^line 83, .* in 'Ztax'"):
        replay_rootlog(text)
