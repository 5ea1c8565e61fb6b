"""Rulings 963-979 (issue 15, branch faceup50): the face-up cards the Alliance crafted and
its face-down supporters, both on its board (``A$``), in the games written as people write
them (``people.as_people_write_supporters``): a crafted card leaving the face-up cards is
taken up only by a movement naming it (963, ``atoms.FACE_UP``, ``Matching.consume``), and
the people-style records name it in the Alliance's own line too (964,
``people.OWN_LINE_CRAFTED``)."""

from __future__ import annotations

import pytest
from rootlogkit import alliance_first_lines, quick_imports_and_needs

from rootgame.records.rootlog import RootlogError, atoms, parse_rootlog, people
from rootgame.records.rootlog.searches import searched


def test_8_2_2_a_crafted_card_discarded_is_no_supporter_spent_by_its_suit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 963 (8.2.2, 8.2.3; rulings 821, 942): seed 1021's first 104 lines,
    people-style, by the quick search alone. The Alliance crafted Royal Claim at line 56
    (``Zroyal``); at line 60 it spends supporters by suit for three Spreads of Sympathy
    (``B#$->/F#$->/B#$->/t->1/...``). The search discarded the crafted Royal Claim in
    Birdsong and took that discard for the first ``B#$->``, the two being one place of the
    record (``A$``); the supporters then lacked a rabbit at column 66. A card leaving the
    face-up cards beside the board is now marked (``atoms.FACE_UP``) and only a movement
    naming its card takes it up (``Matching.consume``). Without it, refused at line 60."""
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
    names and leaves named a card crafted by name leaving the board alone, when no
    supporter of its suit and name is there (``people.OWN_LINE_CRAFTED``). Seed 1021's
    first 104 lines import by the quick search alone; written as before, refused at line
    64."""
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
