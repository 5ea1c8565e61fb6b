"""Rulings 940-942 (issue 15, branch cycles48): exchanges of unnamed cards that reach back
through several piles' times, for the Alliance games written as people write them
(``people.as_people_write_supporters``): two cards both drawn from one pile exchanged from
that pile's time on (940, ``swaps.py``), a card of another name spent in an earlier pile's
time that stayed in the hand (941, ``respends.reattribute``), and the crafted cards named
in the people-style records (942, ``people._crafted_left``, on by default since ruling
962). Rulings 961-962 (branch crafted49): a card mobilized unnamed that leaves the hand a
card for the line's later spendings tried first (961, ``expanding.unnamed_short``), and
ruling 942 turned on (962). Split from test_rootlog_alliance.py (its length)."""

from __future__ import annotations

import re

import pytest
from lawkit import random_game
from rootlogkit import (
    MEA,
    alliance_first_lines,
    as_people_write_supporters,
    assert_replays_the_game,
    assert_same_board_so_far,
    quick_imports_and_needs,
    refused_without,
)

from rootgame.records.rootlog import (
    RootlogError,
    export_rootlog,
    faceup,
    parse_rootlog,
    people,
    replay_rootlog,
    respends,
    swaps,
)
from rootgame.records.rootlog.importer import Importer
from rootgame.records.rootlog.searches import searched


def test_2_1_two_cards_drawn_from_one_pile_are_exchanged_from_that_pile_s_time_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 940 (2.1; rulings 420, 591-592): seed 1013's first 110 lines, people-style,
    by the quick search alone. Line 108: the Alliance takes the mouse Ambush from the
    Eyrie by name (``#->A/#->E/M#@E->A``), whom the search had made an unnamed draw the
    Alliance held since the eighth pile; the Eyrie's draws are of the present pile, one of
    them the Travel Gear the record named at line 52. No card of the present pile's time,
    no cycle through the later piles (ruling 420), no exchange for the whole game (the
    Travel Gear was named; rulings 591-592) fits; both cards were drawn unnamed from the
    fourth pile and spent as mice each time since, so they may have been each other from
    then on (``swaps.swapped_since``, ``exchanges.apply_cycle_since``): 9 search states at
    line 108 (521 in all). Without it, refused at line 108 (after 3,424 states). The record
    is written as before ruling 962 (ruling 942 off): with the crafted Armorers named at
    line 78 the quick search passes line 108 without ruling 940 too, and so it does with
    ruling 965 (a supporter kept only for a naming leaving the supporters): the refusal is
    shown with it off."""
    from rootgame.records.rootlog.importer import Importer

    monkeypatch.setattr(people, "CRAFTED_NAMED", False)
    monkeypatch.setattr(Importer, "board_own", False)
    g, text = alliance_first_lines(1013, 110)
    assert text.splitlines()[107].startswith("A:#->A/#->E/M#@E->A/E++/")
    quick_imports_and_needs(monkeypatch, g, text, swaps, "SWAPPED_SINCE",
                            r"^line 108, column 13: ")


def test_8_2_6_a_card_of_another_name_spent_earlier_stays_to_take_the_card_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 941 (8.2.6, 2.1; rulings 421, 571): seed 1009's first 71 lines, people-style,
    by the quick search alone. Line 57: the Eyrie gives the Alliance the bird dominance
    card by name for an Outrage (``B#domE->A$``); she drew it unnamed at line 37, in the
    first pile, and held it. The search had made it a supporter the Alliance drew from the
    first pile, and spent the Eyrie's draws of that pile in her Decree: her hand holds
    draws of the second pile only, none of which a dominance card can be (dominance cards
    never go to the discard pile, 3.3.3). A card of another name the hand spent by its suit
    in an earlier pile's time (not the card named, ruling 421's) is now taken to have stayed
    in the hand, a draw of the present pile it held then spent in its stead, and is given
    the card by an exchange of its own pile's time (the supporter's draw)
    (``respends.reattribute`` with ``other``, switch ``OTHER_RESPENT``). Without it,
    refused at line 57."""
    g, text = alliance_first_lines(1009, 71)
    assert "/B#domE->A$/" in text.splitlines()[56]
    quick_imports_and_needs(monkeypatch, g, text, respends, "OTHER_RESPENT",
                            r"^line 57, column 45: .*Outrage")


def test_8_2_2_a_crafted_card_leaving_the_alliance_s_board_is_written_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 942 (8.2.2, 8.1; issue 15; rulings 770, 783, 821): a card the Alliance crafted
    lies face up beside its board; Sappers and Armorers are discarded from there in a
    battle (``B#sapA$->``, in the attacker's line). The people-style rewriting wrote it by
    its suit (``B#A$->``) as it writes a face-down supporter spent, a record no game
    explains: a card written by its suit is never a face-up card beside the supporters
    (ruling 821), so the crafted card stayed and the Alliance could not craft another
    (seed 1013, ``Zarmor`` at line 112, refused there), or the supporters lost a bird
    too many (seed 1009, the base removed at line 72). The rewriting keeps it named
    (``people._crafted_left``, switch ``CRAFTED_NAMED``, on by default since ruling 962):
    1009's first 84 lines and 1013's first 117 import by the quick search alone; written as
    before they are refused at lines 72 and 112."""
    assert people.CRAFTED_NAMED  # ruling 962
    for seed, n, at, refused in ((1009, 84, 72, r"^line 72, column 68: "),
                                 (1013, 117, 78, r"^line 112, column 34: .*Zarmor")):
        with monkeypatch.context() as m:
            m.setattr(people, "CRAFTED_NAMED", True)
            g, text = alliance_first_lines(seed, n)
        assert re.search(r"/B#(sap|armor)A\$->/", text.splitlines()[at - 1])
        assert_same_board_so_far(searched(parse_rootlog(text), 1000 + 3 * sum(
            len(t.actions) for t in parse_rootlog(text).turns), quick=True), g)
        with monkeypatch.context() as m:
            m.setattr(people, "CRAFTED_NAMED", False)
            _, before = alliance_first_lines(seed, n)
        assert "/B#A$->/" in before.splitlines()[at - 1]
        rec = parse_rootlog(before)
        with pytest.raises(RootlogError, match=refused):
            searched(rec, 1000 + 3 * sum(len(t.actions) for t in rec.turns), quick=True)


def test_2_1_seed_1013_imports_whole_with_two_cards_exchanged_from_a_pile_s_time_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 940 (with ruling 942's record, ``people.CRAFTED_NAMED`` on): seed 1013's whole
    game, people-style, imports
    to the same board at every line and ends with the game's winners (refused at line 112
    on main, 140 lines; 37 s). Without ruling 940 the first two searches are refused at
    line 108 (the mouse Ambush, ``M#@E->A``, of the test above; every search, at line
    118)."""
    g = random_game(1013, None, MEA)
    monkeypatch.setattr(people, "CRAFTED_NAMED", True)
    text = as_people_write_supporters(export_rootlog(g))
    assert text.splitlines()[117].startswith("E:B#E->$_x/M#E->$_x/")
    assert_replays_the_game(replay_rootlog(text), g)
    refused_without(monkeypatch, text, "SWAPPED_SINCE", False, 108, swaps)


def test_8_5_a_card_mobilized_unnamed_leaves_the_hand_a_card_for_the_line_s_train() -> None:
    """Ruling 961 (8.5.1 Mobilize, 8.5.3 Train, 2.1.1; with ruling 942's record, on since
    ruling 962): seed 1023's first 122 lines, people-style. Line 122
    (``Zarmor/#A->$/B#A->/w->$``): the Alliance mobilizes a card the record does not name,
    then trains with a bird. The quick search mobilized the Arms Trader, the hand's only
    bird (the engine's order), and spent its room on the moves after the Train it could no
    longer explain, never coming back to the Mobilize: refused at line 122. Ruling 961's
    quick search (``searches.SPARED``, ``Importer.spare_unnamed``), which tries first a
    card spent unnamed that leaves the hand a card for each of the line's later spendings
    from it by suit (``expanding.unnamed_short``), imports them to the same board at every
    line."""
    g, text = alliance_first_lines(1023, 122)
    assert "/Zarmor/#A->$/B#A->/w->$/" in text.splitlines()[121]
    rec = parse_rootlog(text)
    budget = 1000 + 3 * sum(len(t.actions) for t in rec.turns)
    imp = Importer(rec)
    imp.spare_unnamed = True
    assert_same_board_so_far(imp.finish(imp.run(budget), 0), g)
    with pytest.raises(RootlogError, match=r"^line 122, column 108: .*'w->\$'"):
        searched(rec, budget, quick=True)


def test_8_2_2_seed_1023_imports_whole_with_the_crafted_cards_named() -> None:
    """Rulings 961-962: seed 1023's whole game, people-style with the crafted Sappers and
    Armorers named as they leave the Alliance's board (lines 89, 113 and 133, ruling 942),
    imports to the same board at every line and ends with the game's winners, by ruling
    961's search abreast of the later ones (52 s of CPU; written as before, ruling 942 off,
    the first search imports it in 6 s; it leaves ``ALLIANCE_WHOLE_GAMES`` for this test).
    Without ruling 961's search, refused at line 137 (the Eyrie's Outrage, ``B#E->A$``,
    her hand lacking a bird) after every search, 48 s more: not run here (the test above
    shows the search's own line)."""
    g = random_game(1023, None, MEA)
    text = as_people_write_supporters(export_rootlog(g))
    assert "/XA12/B#armorA$->/B#sapA$->/" in text.splitlines()[112]
    assert_replays_the_game(replay_rootlog(text), g)


def _named_leaving_board(text: str, key: str) -> list[int]:
    """The ranks of the lines the importer counts as naming a card of ``key`` leaving the
    Alliance's board (``Importer.named_at``), for ruling 988's test."""
    imp = Importer(parse_rootlog(text))
    board = ("board", imp.factions.index("alliance"))
    return [r for r, k in imp.named_at.get(key, ())
            if imp.lines[imp.order[r]].atoms[k].kind == "card"
            and imp.lines[imp.order[r]].atoms[k].key[0] == board]


def test_8_2_2_a_crafted_card_named_leaving_the_board_is_no_card_held_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 988 (8.2.2, 2.1; issue 15; rulings 495, 685, 942, 962): seed 1015's record,
    people-style with the crafted cards named (ruling 942), names the Armorers the
    Alliance crafted at line 54 as the Marquise's battle discards it (line 64,
    ``B#armorA$->``) and the Sappers crafted at line 70 in the Eyrie's battle (line 109,
    ``B#sapA$->``). The importer counted each as a naming of a card leaving a hidden place
    (``named_at``), and its tie-breakers kept a card of that name in the hands and
    supporters for it (a spending by suit avoided one, ``spend_cost``): the whole game was
    refused at line 201, the Alliance's hand holding Brutal Tactics, two Sappers and an
    Armorers that were supporters in the game (the base removal lacking a bird and two
    rabbits). Such a naming is of the face-up crafted card (``faceup.face_up_namings``;
    switch ``faceup.FACE_UP_NAMED_APART``, off by default: on, seed 1013's whole game is
    refused at line 138): with it on the whole game imports (56-61 s of CPU; refused at
    line 201 without the ruling, 62 s more, not run here)."""
    g = random_game(1015, None, MEA)
    text = as_people_write_supporters(export_rootlog(g))
    lines = text.splitlines()
    assert "/XA9/B#armorA$->/" in lines[63] and "/XA2/B#sapA$->/" in lines[108]
    assert not faceup.FACE_UP_NAMED_APART  # off by default (1013 lost with it on)
    assert len(_named_leaving_board(text, "armorers")) == 1
    assert len(_named_leaving_board(text, "sappers")) == 1
    monkeypatch.setattr(faceup, "FACE_UP_NAMED_APART", True)
    assert _named_leaving_board(text, "armorers") == []
    assert _named_leaving_board(text, "sappers") == []
    assert_replays_the_game(replay_rootlog(text), g)
