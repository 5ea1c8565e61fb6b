"""Which later namings of a card weigh on the order in which the Rootlog importer's search
spends cards by suit (``Importer.spend_cost``; docs/rootlog.md, "Replaying a record
(import)"; rulings 495, 920 and 965 in docs/rulings.md): a card of the Alliance's
supporters, spent by suit, is kept only for a later naming of a card leaving the supporters
themselves (965). Simulated games written as people write them, refused before the ruling;
each test turns its ruling off (``quick_imports_and_needs`` of tests/rootlogkit.py)."""

from __future__ import annotations

import pytest
from lawkit import random_game
from rootlogkit import MEA, quick_imports_and_needs

from rootgame.records.rootlog import export_rootlog
from rootgame.records.rootlog.importer import Importer
from rootgame.records.rootlog.people import as_people_write_supporters


def test_8_2_3_a_supporter_is_not_kept_for_a_craft_from_the_alliances_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 965 (8.2.3, 8.2.6; rulings 495, 920). Seed 1027 with the Alliance, the whole
    game written as people write it: from line 88 (``Zsap``'s line, ``M#$->/M#dom$->``)
    the search kept the supporters' hidden Armorers, the record naming an Armorers in the
    Alliance's craft of line 108 (``Zarmor``, from its hand), and at line 104 the
    supporters lacked the mouse card the Spread needs (``M#dom$->``). A supporter leaves the
    supporters only into the discard pile: kept there it is no nearer the hand, so only a
    naming of a card leaving the supporters counts in its cost; one leaving another place
    puts it after the cards the record never names again (``Importer.board_cost``; in the
    searches of the first order, the latest-drawn-first ones keeping every naming). The
    quick search alone imports the whole game to the same board at every line (refused at
    line 104 with the ruling off)."""
    g = random_game(1027, None, MEA)
    text = as_people_write_supporters(export_rootlog(g))
    lines = text.splitlines()
    assert lines[103].startswith("A:M#dom$->/") and "/Zarmor/" in lines[107]
    rep = quick_imports_and_needs(monkeypatch, g, text, Importer, "board_own",
                                  r"^line 104, column 3: .*'M#dom\$->'")
    assert rep.game.winners == g.winners
