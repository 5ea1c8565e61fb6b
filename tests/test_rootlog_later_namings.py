"""Which later namings of a card weigh on the order in which the Rootlog importer's search
spends cards by suit (``Importer.spend_cost``; docs/rootlog.md, "Replaying a record
(import)"; rulings 495, 920, 965 and 990 in docs/rulings.md): a card of the Alliance's
supporters, spent by suit, is kept only for a later naming of a card leaving the supporters
themselves (965); a card drawn by name in the line of its next naming is drawn again before
it only where written before it (990). Simulated games written as people write them,
refused before the ruling; each test turns its ruling off (``quick_imports_and_needs`` of
tests/rootlogkit.py)."""

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


def test_3_3_3_a_dominance_card_taken_back_after_its_spending_is_kept_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 990 (3.3.3, 8.5.1; rulings 495, 960). Seed 1012 with the Alliance, its first
    66 lines written as people write them: at line 38 the Alliance takes the bird dominance
    card by name (``B#dom->A``) and mobilizes two cards unnamed (``#A->$``); at line 42 it
    spends that card to take the mouse one and takes it back with another bird
    (``M#dom->A/B#domA->/B#dom->A/B#A->``). The take is written as a draw by name (ruling
    960), and a draw of the line of a card's next naming counted as drawn before it, so
    the bird dominance card cost nothing to spend at line 38 and was mobilized: line 42
    lacked it (the quick search refused the record at line 42 from its line 66 on, whose
    ``Zbrutal`` changed the course before). A draw in the naming's own line comes before
    it only where it is written before it (``CardIdentity.drawn_before``). The quick search
    imports the record to the same board at every line; with the ruling off it is refused
    at line 42."""
    from rootgame.records.rootlog import identity

    g = random_game(1012, None, MEA)
    lines = as_people_write_supporters(export_rootlog(g)).splitlines()
    assert "/B#dom->A/B#A->/#A->$/#A->$/" in lines[37]
    assert "/M#dom->A/B#domA->/B#dom->A/B#A->/" in lines[41] and lines[65].startswith("A:Zbrutal/")
    quick_imports_and_needs(monkeypatch, g, "\n".join(lines[:66]) + "\n", identity,
                            "DRAWN_IN_ORDER", r"^line 42, column 37: .*'B#domA->'")
