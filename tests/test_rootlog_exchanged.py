"""Rulings 980-999 (issue 15, branch spent49): the exchanges of unnamed cards across piles'
times for the Alliance games written as people write them
(``people.as_people_write_supporters``): what bars a card through the later piles keeps
(980, ``piles.settle_since``), what a dominance card the line takes into a hand leaves the
hand to hold (981, ``identity.needs_brought``), the supporters' spendings by suit taken
otherwise by the solve (982, ``otherwise.spent_from``); branch spent49b: a card written by
its suit as it came into a place taken to have been the one a spending by that suit took
(985, ``otherwise.kept_written``), the cards one movement spends from the supporters before
the line's cards come in each given their own before a lack is sought (986,
``exchanges.short_early``); branch spent50: a spending taken to have spent a held draw only
where that draw may have been the card spent, a hand shown by Outrage barring its suits
(987, ``otherwise.fits_held``)."""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import random_game
from rootlogkit import (
    MEA,
    alliance_first_lines,
    as_people_write_supporters,
    assert_replays_the_game,
    quick_imports_and_needs,
)

from rootgame.records.rootlog import (
    RootlogError,
    exchanges,
    export_rootlog,
    identity,
    otherwise,
    parse_rootlog,
    piles,
    replay_rootlog,
)
from rootgame.records.rootlog.importer import Importer
from rootgame.records.rootlog.searches import searched


def test_8_2_4_a_supporter_left_by_a_base_s_removal_stays_barred_through_the_later_piles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 980 (8.2.4, 8.2.6, 2.1; rulings 420, 750, 781): seed 1007's first 64 lines,
    people-style, by the quick search alone. At line 42 the Eyrie removes the Alliance's
    mouse base (``Ab_m7->``): its mice and birds are discarded as written, so a supporter
    that stays is neither (ruling 781's bar). At line 48 the Alliance spends two mice
    (``M#$->/M#$->``); the exchange that gave a supporter a mouse through the later piles'
    times (``settle_since``, asked alone for a draw its first round found nothing for)
    took the need as written, without the bar, gave that supporter a mouse, and the course
    was dropped (``breaks_shown``), every course on from line 46 with it. The bar is now
    kept there too (``piles.SINCE_SHOWN``). Without it, refused at line 46."""
    g, text = alliance_first_lines(1007, 64)
    assert "/3AwA$->/Ab_m7->/" in text.splitlines()[41]
    assert text.splitlines()[47].startswith("A:B#$->/++2/M#$->/M#$->/")
    quick_imports_and_needs(monkeypatch, g, text, piles, "SINCE_SHOWN",
                            r"^line 46, column 12: ")


def test_2_1_seed_1007_imports_whole_with_a_supporter_s_bars_kept_through_the_later_piles() -> (
    None
):
    """Ruling 980: seed 1007's whole game with the Alliance, people-style, replays the game
    line by line, to its winners (7 s of CPU; refused at line 46 on main, where ruling
    980's test shows it refused without the ruling); its line 61 (the Marquise's bird,
    ``B#C->``), where the quick search stops, a later search of the chain explains."""
    g = random_game(1007, None, MEA)
    rep = replay_rootlog(as_people_write_supporters(export_rootlog(g)))
    assert_replays_the_game(rep, g)


def test_3_3_3_a_dominance_card_taken_leaves_the_hand_to_hold_the_card_spent_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 981 (3.3.3, 2.1; rulings 515, 771): seed 1021's first 56 lines, people-style,
    by the quick search alone. Line 53: the Marquise takes the mouse dominance card and
    spends a mouse for it (``M#dom->C/M#C->/#->C``). The whole-course solve is asked only
    for what the hand must hold before a card of the line still to come goes into it
    (ruling 515): the dominance card coming in left the mouse out, the solve was asked
    for nothing and gave up. A dominance card is never a card spent by its suit only
    (ruling 771): the hand must hold the mouse now (``identity.DOMINANCE_COMING``).
    Without it, refused at line 53 (with ruling 982 on)."""
    g, text = alliance_first_lines(1021, 56)
    assert "/M#dom->C/M#C->/#->C" in text.splitlines()[52]
    quick_imports_and_needs(monkeypatch, g, text, identity, "DOMINANCE_COMING",
                            r"^line 53, column 81: ")


def test_8_2_3_a_supporter_spent_by_suit_may_have_been_another_of_the_supporters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 982 (8.2.3, 2.1; rulings 450, 788): seed 1021's first 56 lines, people-style,
    by the quick search alone. Line 53 needs a mouse of the Marquise's draw of the first
    pile (ruling 981); the first pile's twelve slots spent as mice or needing one exceed
    its eleven unnamed mice, as the search spent from the Alliance's supporters at line 52
    (``M#dom$->/M#$->/M#$->/M#$->``) a supporter of the first pile where the game spent
    one of the second (the Mouse Ambush drawn into the supporters at an Outrage at line
    50). The solve takes a spending by suit to have spent another card the place held
    then and holds still (ruling 450): it sought that place among the seats' hands only;
    the supporters are one too (``otherwise.spent_from``, switch
    ``SUPPORTERS_RESPENT``). Without it, refused at line 53."""
    g, text = alliance_first_lines(1021, 56)
    assert text.splitlines()[51].startswith("A:F#$->/F#$->/F#dom$->/")
    quick_imports_and_needs(monkeypatch, g, text, otherwise, "SUPPORTERS_RESPENT",
                            r"^line 53, column 81: ")


def _quick_states_at(monkeypatch: pytest.MonkeyPatch, text: str, line: int) -> int:
    """How many states the quick search alone expands at record line ``line`` of ``text``,
    which it refuses."""
    rec = parse_rootlog(text)
    plain = Importer.children
    at: list[int] = []

    def counted(imp: Importer, pos: Any, *args: Any) -> Any:
        if pos.line is not None and imp.lines[pos.line].turn.line == line:
            at.append(1)
        return plain(imp, pos, *args)

    with monkeypatch.context() as m:
        m.setattr(Importer, "children", counted)
        with pytest.raises(RootlogError):
            searched(rec, 1000 + 3 * sum(len(t.actions) for t in rec.turns), quick=True)
    return len(at)


@pytest.mark.parametrize(("owner", "name"), [(otherwise, "KEPT_WRITTEN"),
                                             (exchanges, "EVERY_EARLY")])
def test_8_2_3_a_card_given_to_the_supporters_by_suit_may_be_the_one_spent_by_that_suit(
    monkeypatch: pytest.MonkeyPatch, owner: object, name: str,
) -> None:
    """Rulings 985 and 986 (8.2.3, 8.2.6, 2.1; rulings 450, 455, 486, 982): seed 1027's
    whole game, people-style, by the quick search alone. Line 76: the Alliance spends four
    foxes for a Spread of Sympathy (``(F#+F#+F#+F#)$->``) before it mobilizes; its
    supporters hold three. That lack went unsought, the supporters holding a fox (986: the
    cards one movement spends from the supporters before the line's cards come in each take
    their own, ``exchanges.short_early``). The solve then found no renaming: at line 72 the search
    spent as rabbits three unnamed supporters (``R#$->/R#$->/R#$->``) and kept the rabbit
    the Marquise's Outrage gave at line 69 (``R#C->A$``, its suit written), where the game
    spent that one and kept a supporter that was a fox (985: the solve takes the spending
    to have spent the card given, which the place held then and holds still, the
    supporter held again, ``otherwise.kept_written``). The quick search now explains line
    76 and expands states at line 80 (the chain is refused at line 80, 76 on main); with
    either ruling off, none past line 76. Shown with ruling 965 off (a supporter kept only
    for a naming leaving the supporters): with it the quick search imports the whole game."""
    monkeypatch.setattr(Importer, "board_own", False)
    g = random_game(1027, None, MEA)
    text = as_people_write_supporters(export_rootlog(g))
    assert "/(F#+F#+F#+F#)$->/" in text.splitlines()[75]
    assert "/R#C->A$/" in text.splitlines()[68]
    assert _quick_states_at(monkeypatch, text, 80) > 0
    monkeypatch.setattr(owner, name, False)
    assert _quick_states_at(monkeypatch, text, 77) == 0


def test_8_2_6_a_spending_is_taken_to_have_spent_only_a_draw_that_may_have_been_its_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 987 (8.2.6, 2.1; rulings 450, 501, 520, 750, 820): seed 1007's first 68 lines,
    people-style, by the quick search alone. At line 61 the Marquise crafts the Scouting
    Party and discards a bird (``Zscout``, ``B#C->``); she holds the dominance card, a draw
    of the second pile and her draw of the first pile, which her hand shown by Outrage at
    line 49 (``C^A/#->A$``) says is neither bird nor mouse. The solve tried at most four
    spendings taken to have spent another held draw (``MAX_RESPENDS``), birds, which the
    line lacks, first (ruling 501): four birds, two of them taken to have spent that draw
    and a third another draw shown so, none of which can have been a bird; and the
    Codebreakers named as it left the hand taken to have been
    that draw (ruling 520), found by the solve and dropped by the search
    (``breaks_shown``), the line's one solve spent; the fox she gave the supporters at line
    53 (``F#C->A$``) taken to have been that draw, the course that explains the line, was
    never tried. Such courses are no longer among the few (``otherwise.SHOWN_FITTING``).
    Without it, refused at line 61 (ruling 996, a card a cycle puts back standing again for
    its spending, finds another way past the line: turned off for the whole test)."""
    from rootgame.records.rootlog import exchanges

    monkeypatch.setattr(exchanges, "RESTANDS", False)
    g, text = alliance_first_lines(1007, 68)
    lines = text.splitlines()
    assert lines[60].startswith("C:A^C/Zscout/") and "/B#C->/" in lines[60]
    assert "/F#C->A$/" in lines[52]
    quick_imports_and_needs(monkeypatch, g, text, otherwise, "SHOWN_FITTING",
                            r"^line 61, column 61: ")
