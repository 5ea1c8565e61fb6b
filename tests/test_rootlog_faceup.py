"""Rulings 963-979 (issue 15, branch faceup50): the face-up cards the Alliance crafted and
its face-down supporters, both on its board (``A$``), in the games written as people write
them (``people.as_people_write_supporters``): a crafted card leaving the face-up cards is
taken up only by a movement naming it (963, ``atoms.FACE_UP``, ``Matching.consume``), and
the people-style records name it in the Alliance's own line too (964,
``people.OWN_LINE_CRAFTED``). Both are off by default (they lose seeds 1013 and 1019 of
the Alliance games, docs/rootlog.md): the tests turn them on."""

from __future__ import annotations

import re

import pytest
from lawkit import random_game
from rootlogkit import MEA, alliance_first_lines, quick_imports_and_needs

from rootgame.cards import DECK
from rootgame.records.rootlog import RootlogError, atoms, export_rootlog, parse_rootlog, people
from rootgame.records.rootlog.searches import searched
from rootgame.records.rootlog.writer import _replay_history


def _both_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(atoms, "FACE_UP_APART", True)
    monkeypatch.setattr(people, "OWN_LINE_CRAFTED", True)


def test_8_2_2_a_crafted_card_discarded_is_no_supporter_spent_by_its_suit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 963 (8.2.2, 8.2.3; rulings 821, 942): seed 1021's first 104 lines,
    people-style with ruling 964's record, by the quick search alone. The Alliance crafted
    Royal Claim at line 56 (``Zroyal``); at line 60 it spends supporters by suit for three
    Spreads of Sympathy (``B#$->/F#$->/B#$->/t->1/...``). The search discarded the crafted
    Royal Claim in Birdsong and took that discard for the first ``B#$->``, the two being
    one place of the record (``A$``); the supporters then lacked a rabbit at column 66. A
    card leaving the face-up cards beside the board is now marked (``atoms.FACE_UP``) and
    only a movement naming its card takes it up (``Matching.consume``). Without it,
    refused at line 60."""
    _both_on(monkeypatch)
    g, text = alliance_first_lines(1021, 104)
    assert text.splitlines()[55].startswith("A:#A->$/Zroyal/")
    assert text.splitlines()[59].startswith("A:B#$->/F#$->/B#$->/t->1/")
    quick_imports_and_needs(monkeypatch, g, text, atoms, "FACE_UP_APART",
                            r"^line 60, column 66: ")


def test_8_2_2_a_crafted_card_leaving_in_the_alliance_s_own_line_is_written_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 964 (8.2.2, 8.1.4; rulings 942, 963): in the Alliance's own line the export
    writes its board without a letter, the crafted Royal Claim discarded in Birdsong as a
    supporter spent is (``B#royal$->``), and the people-style rewriting wrote it by its
    suit (``B#$->``): with ruling 963 no course explains that (seed 1021, line 64). People
    see the face-up card and write it named; the rewriting keeps the supporters the export
    names and leaves named a card crafted by name leaving the board alone when no
    supporter of its suit and name is there, or after a battle of the Alliance in the line
    (the Armorers it crafted, ``XE2/B#armor$->``, seed 1015's line 98, while a bird
    Armorers is among its supporters) (``people.OWN_LINE_CRAFTED``). Seed 1021's first
    104 lines import by the quick search alone with both rulings; written as before,
    refused at line 64."""
    _both_on(monkeypatch)
    _, text = alliance_first_lines(1021, 104)
    assert text.splitlines()[63].startswith("A:B#$->/R#$->/R#$->/B#$->/t->10/B#royal$->/")
    with monkeypatch.context() as m:
        m.setattr(people, "OWN_LINE_CRAFTED", False)
        _, before = alliance_first_lines(1021, 104)
    assert before.splitlines()[63].startswith("A:B#$->/R#$->/R#$->/B#$->/t->10/B#$->/")
    assert [a for a, b in zip(text.splitlines(), before.splitlines(), strict=True)
            if a != b] == [text.splitlines()[63], text.splitlines()[71],
                           text.splitlines()[79]]
    rec = parse_rootlog(text)
    searched(rec, 1000 + 3 * sum(len(t.actions) for t in rec.turns), quick=True)
    rec = parse_rootlog(before)
    with pytest.raises(RootlogError, match=r"^line 64, column 33: "):
        searched(rec, 1000 + 3 * sum(len(t.actions) for t in rec.turns), quick=True)


@pytest.mark.parametrize("seed", [1013, 1015, 1019])
def test_8_2_2_the_record_names_every_crafted_card_leaving_and_no_other(
    monkeypatch: pytest.MonkeyPatch, seed: int,
) -> None:
    """Ruling 964: the cards the people-style record names leaving the Alliance's board
    (``B#royal$->`` in its line, ``B#sapA$->`` in another's; the dominance cards aside)
    are, in order, the crafted cards the game's steps take from the face-up cards beside
    its board (the atoms marked ``atoms.FACE_UP``), no more, no fewer (all 30 seeds
    1000-1029 so; three here)."""
    _both_on(monkeypatch)
    g = random_game(seed, None, MEA)
    text = people.as_people_write_supporters(export_rootlog(g))
    steps = _replay_history(g, None, None).obs.steps
    left = sorted({(st.seg, DECK[at[2]].key[:3]) for st in steps
                   for at in atoms.engine_atoms(st, MEA)
                   if at[0] == "card" and at[3:] == (atoms.FACE_UP,)})
    named: list[str] = []
    for ln in text.splitlines():
        m = re.match(r"^([CEA]):(.*)$", ln)
        for f in m.group(2).split("/") if m else []:
            c = re.fullmatch(r"[BFMR]#([a-z@]+)(A?\$)->", f)
            if c and (c.group(2) == "A$" or m is not None and m.group(1) == "A") \
                    and c.group(1) != "dom":
                named.append(c.group(1)[:3])
    assert [k for _, k in left] == named
    assert named
