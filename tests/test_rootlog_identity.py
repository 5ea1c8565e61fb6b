"""Which unnamed draw of a hand the Rootlog importer gives a card the line takes from it
(``identity.py``, ``exchanges.py``, ``alike.py``; docs/rootlog.md, "Replaying a record
(import)"; rulings 432-433, 437, 461, 463, 467, 469, 477, 525 and 545 in docs/rulings.md),
where a card taken to have stayed in a hand is replayed (seeds 1483, 1566, 2013, 6535; ruling
451's random take), and two fixes of the exchanges (seeds 1640, 2628). Simulated games
written as people write them, each refused before the ruling that imports it. Named cards
spent by their suit taken back and spendings taken otherwise: test_rootlog_respends.py; the
solve of the course's identities: test_rootlog_solve.py; the search's orders:
test_rootlog_order.py; the earlier rulings of cards across reshuffles (410, 420-431):
test_rootlog_cards.py; the helpers: tests/rootlogkit.py."""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import random_game
from rootlogkit import (
    FINAL_REPLAY_FAILS,
    any_open_draw,
    as_people_write,
    assert_replays_the_game,
    assert_same_board_every_line,
    assert_whole_game_imports,
    before_2596_2628,
    named_first,
    no_third_search,
    refused_at_a_failed_replay,
    refused_without,
    search_events,
    solve_before_465,
    solve_before_501,
    solve_every_need,
)

import rootgame.records.rootlog.expanding as expanding
from rootgame.records.rootlog import (
    RootlogError,
    export_rootlog,
    replay_rootlog,
    swaps,
)
from rootgame.records.rootlog.cards import CardSpec
from rootgame.records.rootlog.identity import CardIdentity, held


def no_augment(*_: object) -> None:
    """``CardIdentity.augment`` before ruling 432: no exchange."""


def items_first(_self: object, spec: CardSpec, present: int, spare: int) -> bool:
    """``CardIdentity.present_first`` before ruling 433: ruling 431's order, items only."""
    return spec.item is not None and present > spare


def test_a_need_the_hand_lacks_takes_the_draw_another_need_of_the_line_took(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 432. Seed 1006 cut after 550 decisions, line 83: the Eyrie adds a fox and a
    rabbit to the Decree by their suits and crafts the Tax Collector ('Ztax'). Before the
    line is searched her rabbit need had taken an unnamed draw that can be given the Tax
    Collector, and none of her other draws can be given it: the Tax Collector now goes to
    that draw, the rabbit need to another of her draws (A Visit to Friends). The game found
    replays to the same board at every line; without the exchange the line is refused at
    the craft. (Since rulings 501-504 the solve imports it without the exchange: they are
    turned off, and the game imports with them off; and ruling 640, whose third search
    imports it without the exchange too.)"""
    g = random_game(1006, 550)
    text = as_people_write(export_rootlog(g))
    assert text.splitlines()[82].startswith("E:F#E->$_x/R#E->$_x/Ztax/")
    assert_same_board_every_line(replay_rootlog(text), g)
    solve_before_501(monkeypatch)  # the solve since rulings 501-504 imports it too
    no_third_search(monkeypatch)  # and so does ruling 640's third search
    replay_rootlog(text)  # imports with these off: the refusal below is the ruling's
    refused_without(monkeypatch, text, "augment", no_augment, 83)


def test_a_card_named_goes_to_a_draw_of_the_present_pile_when_one_is_left_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 433, with ruling 432. Seed 1084, refused at line 53 before: the Marquise
    crafts the Sappers at line 52 ('Zsap'), drawn after the reshuffle of line 47; her draw
    from before it was given them by a cycle of that pile's time that took them out of the
    present pile, so that time had no bird left for the Eyrie's draw of line 47, which she
    adds to the Decree at line 53 ('B#E->$_x') beside a mouse and the Codebreakers she
    crafts. The Sappers now go to one of the Marquise's three draws of the present pile
    (two are left), and at line 53 the Eyrie's bird need gives up her draw of the present
    pile to the Codebreakers and is given her draw of line 47 (the Woodland Runners,
    ruling 432). The game found replays through the public API to the same board at every
    line; without either ruling the line is refused (without ruling 432 the solve of ruling
    442 imports it too, so that is turned off there; so does the solve since ruling 471,
    turned off for both, and ruling 483's search, turned off for both; and the solve since
    rulings 501-504, turned off for both, the game importing with them off)."""
    text = assert_whole_game_imports(1084, 53, "E:B#E->$_x/M#E->$_x/Zcodeb/")
    solve_before_501(monkeypatch)
    before_2596_2628(monkeypatch)  # after: ruling 471 off as well as 502
    from rootgame.records.rootlog.matching import Matching

    # With ruling 483 the line is not refused with these turned off (not examined): off too.
    monkeypatch.setattr(Matching, "craft_passed", lambda *_: False)
    replay_rootlog(text)  # imports with these off: the refusal below is the ruling's
    refused_without(monkeypatch, text, "present_first", items_first, 53)
    monkeypatch.setattr(CardIdentity, "solving", False)
    replay_rootlog(text)  # imports with these off: the refusal below is the ruling's
    refused_without(monkeypatch, text, "augment", no_augment, 53)


def test_a_card_named_keeps_the_only_draw_of_the_present_pile_for_later_lines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 433's bound. Seed 1355 (of the fresh seeds 1230-1429): the Marquise crafts
    the Sappers at line 53 ('Zsap') holding three draws of an earlier pile's time and one
    of the present pile. Given the Sappers from the pile, that draw left her none of the
    present pile, and her bird and mouse of line 59 ('B#C->', 'M#C->') were sought in the
    earlier pile's time: the import was refused at line 59. A card named goes to a draw of
    the present pile only when another is left, and the game imports to the same board at
    every line. (Ruling 455, which seeks the bird she spends before her draws as the line
    starts, imports it without this order too, and so do rulings 535-536, which give up
    courses short of moves: they are off for the refusal.)"""
    from rootgame.records.rootlog.matching import Matching

    g = random_game(1355)
    text = as_people_write(export_rootlog(g))
    assert_replays_the_game(replay_rootlog(text), g)
    monkeypatch.setattr(CardIdentity, "before_draws", lambda *_: set())
    monkeypatch.setattr(Matching, "bounded", lambda *_: False)
    refused_without(monkeypatch, text, "present_first", named_first, 59)


@pytest.mark.parametrize("seed", [1483])
def test_a_card_taken_to_have_stayed_in_a_hand_keeps_its_place_there(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seeds 1483 and 1566 (of the fresh seeds 1430-1629): a card a hand spent by its
    suit after a reshuffle is taken to have stayed in the hand, another of its cards spent
    instead (ruling 421, a ``respend`` event). The card kept never left: the final replay
    has it where it was drawn, not where the card spent in its stead was. A random take
    (Stand and Deliver) is replayed by the place in the hand of the card taken, so the
    search's hands must be in the replay's order: with the card kept put in the other
    card's place, the final replay took another card than the Bank at line 109 of 1566
    ('R#bankC->E') and refused the record (``internal: the replay found does not
    replay``), and ended 1483 with a hand in another order (``... does not give the same
    state``). Both now import to the same board at every line. (1566's take is replayed by
    the card it took since, ``result.retake``: without the place kept it imports too.)"""
    import rootgame.records.rootlog.respends as respends

    g = random_game(seed)
    text = as_people_write(export_rootlog(g))
    assert any(e[0] == "respend" for e in search_events(text))
    assert_replays_the_game(replay_rootlog(text), g)
    monkeypatch.setattr(respends, "kept_in_place", lambda *_: None)
    refused_at_a_failed_replay(monkeypatch)
    with pytest.raises(RootlogError, match=FINAL_REPLAY_FAILS):
        replay_rootlog(text)


def kept_by_ids(hand: list[int], c: int, then: Any, _free: object) -> None:
    """``exchanges.kept_in_place`` before seed 2013's fix: the card kept goes after the
    cards the hand held then ahead of it, by their ids then."""
    from rootgame.records.rootlog.exchanges import put_back

    mine = next(st.hand for st in then.g.seats if c in st.hand)
    put_back(hand, c, set(mine[: mine.index(c)]).__contains__)


def test_a_card_kept_in_a_hand_goes_after_a_card_kept_there_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 2013 (of the fresh seeds 1830-2029): two cards the Marquise spent by their
    suits in the first pile's time (its draws 83 and 88, in that order) are each taken to
    have stayed in her hand, another card spent instead (ruling 421, two ``respend``
    events at line 71). The second was put after the cards the hand held ahead of it when
    it was spent, and the first, spent before it then, was not among them: the search's
    hand had the two in the other order, and the import ended in an internal error
    (``the replay found does not give the same state``). An unnamed draw made before the
    card kept that the hand did not hold then, kept since, is held before it: the game
    imports and replays to the same board at every line. (Since seed 2628's fix the
    search takes another course, with no such spending: turned off here; and since ruling
    550 a course whose first such spending is draw 97: turned off too; and since ruling 591
    an exchange of two alike cards the whole game through, before the spendings: turned
    off too.)"""
    import rootgame.records.rootlog.alike as alike
    import rootgame.records.rootlog.respends as respends

    before_2596_2628(monkeypatch)
    monkeypatch.setattr(expanding, "falls_in_column", lambda *_: False)
    monkeypatch.setattr(alike, "whole_game", lambda *_: False)
    monkeypatch.setattr(swaps, "SWAPPED_SINCE", False)  # ruling 940 finds it then
    g = random_game(2013)
    text = as_people_write(export_rootlog(g))
    assert [e[1] for e in search_events(text) if e[0] == "respend"] == [88, 83]
    assert_replays_the_game(replay_rootlog(text), g)
    monkeypatch.setattr(respends, "kept_in_place", kept_by_ids)
    refused_at_a_failed_replay(monkeypatch)
    with pytest.raises(RootlogError, match=r"internal: the replay found does not give"):
        replay_rootlog(text)


def test_an_exchange_not_found_is_not_sought_again_at_a_like_dead_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 437. Seed 1498 (of the fresh seeds 1430-1629) was refused at line 80, where
    the Marquise discards a mouse by its suit ('M#C->') that her hand lacks. The searches
    reach that line by some two thousand courses that differ in pieces, rolls and which
    card of a suit a discard took, and at each dead end sought the same exchanges for the
    mouse: 12 s of CPU to the refusal. An exchange that found nothing (``repair``), or a
    hand given nothing before a decision is searched (``fix_hands``), is not sought again
    with the same line, movements left and cards (``card_state``, the draws told apart by
    their order): no search seeks one twice, and the refusal names the same line."""
    import rootgame.records.rootlog.solve as solve
    from rootgame.records.rootlog.exchanges import card_state
    from rootgame.records.rootlog.factions import Loc
    from rootgame.records.rootlog.identity import lacks
    from rootgame.records.rootlog.search import Node, Pos

    failed: list[tuple[str, int, object]] = []
    exchange, give = CardIdentity.exchange, CardIdentity.give

    def key(what: str, self: CardIdentity, pos: Pos) -> tuple[str, int, object]:
        assert pos.line is not None
        return what, id(self), (pos.line, tuple(pos.left[pos.line]), card_state(pos))

    def counted_exchange(self: CardIdentity, node: Node) -> Node | None:
        k = key("exchange", self, node.pos)
        found = exchange(self, node)
        if found is None:
            assert k not in failed
            failed.append(k)
        return found

    def counted_give(
        self: CardIdentity, pos: Pos, need: dict[Loc, list[CardSpec]],
        covered: set[tuple[Loc, int]],
    ) -> tuple[tuple[Any, ...], ...]:
        k = key("give", self, pos)
        short = any(lacks(held(pos.g, loc), [sp for i, sp in enumerate(specs)
                                             if (loc, i) not in covered])
                    for loc, specs in need.items())
        events = give(self, pos, need, covered)
        if short and not events:
            assert k not in failed
            failed.append(k)
        return events

    monkeypatch.setattr(CardIdentity, "exchange", counted_exchange)
    monkeypatch.setattr(CardIdentity, "give", counted_give)
    # 1498 imports since ruling 454 (and 466): its refusal before is the one counted here.
    monkeypatch.setattr(solve, "recrafts", lambda *_: [])
    solve_before_465(monkeypatch)
    no_third_search(monkeypatch)  # the third search (ruling 640) imports it otherwise
    text = as_people_write(export_rootlog(random_game(1498)))
    assert text.splitlines()[79].endswith("/#->C/M#C->/F#C->")
    with pytest.raises(RootlogError, match=r"^line 80, .*'M#C->'"):
        replay_rootlog(text)
    assert failed


def test_a_random_take_is_replayed_by_the_card_it_took(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 1566 with ruling 451: the Marquise discards a bird by its suit, the Eyrie takes a
    card from her hand with Stand and Deliver! (a random take, 'E^C', line 68), and a solve
    at the Eyrie's Decree then finds that the discard spent another card of the hand, drawn
    later (a ``respend``, ruling 450). The card kept stays where it was among the hand's
    cards, so in the final replay the hand at the take is not in the search's order and
    the take's place in it (its forced pick) is another card. The final replay takes the
    card the search took, by its place in the hand replayed (``result.retake``): the game
    imports and replays to the same board at every line, and from its origin; with the
    search's places the final replay fails (an internal error: before ruling 477 the Eyrie
    added to the Decree a card she did not take, 'decree 30 battle'; with ruling 477, on
    the course it found, a later discard down to five cards named a card the hand did not
    hold, 'discard 14'; with ruling 600, the Eyrie must discard down to five cards where
    the search's course adds a card to the Decree, 'decree 31 battle'; since ruling 996, on
    the course it finds, a discard down to five cards at line 110 names a card the hand
    does not hold, 'discard 21')."""
    from rootgame.game import replay
    from rootgame.records.rootlog import result

    text = assert_whole_game_imports(1566, 68, "C:t->1/#->C/R#C->/w10->1/B#C->/E^C/")
    assert any(e[0] == "respend" for e in search_events(text))
    game = replay_rootlog(text).game
    again = replay(game.origin, list(game.history))
    assert {**again.state.to_dict(), "log": None} == {**game.state.to_dict(), "log": None}
    with monkeypatch.context() as m:
        m.setattr(result, "retake", lambda *_: None)
        refused_at_a_failed_replay(m)
        with pytest.raises(RootlogError, match=r"^line \d+: .*'discard 21' is not legal"):
            replay_rootlog(text)


def test_a_draw_one_need_of_the_hand_took_is_not_given_to_the_next_by_a_redraw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 1640 (of the fresh seeds 1630-1829), refused at line 91 before ('2w1->10'): at
    line 103 the Eyrie adds a bird and a mouse to the Decree by their suits with the two
    cards she drew before the shuffle, and the Marquise pays a mouse for Field Hospitals.
    Before the line is searched (``fix_hands``) the bird need had taken one of the Eyrie's
    draws (the Sappers); for her mouse need ruling 424's exchange (``CardIdentity.redrawn``)
    gave a mouse to that same draw, the Sappers going to the Marquise, so that the Eyrie
    lacked a bird again; the bird found for her then (``fix_named``, ruling 455: she spends
    it before the line's draw) was taken the same way at the next decision, mouse after
    mouse, each a new state, until the search's room at that line was spent, with no
    failure noted there (the error named line 91, the furthest noted). The exchange now
    gives only a draw no earlier need of the hand has taken (her other draw is given a
    mouse): the game imports and replays to the same board at every line; with the
    exchange taking any draw of the hand, the record is refused again (with seed 2628's
    fix, the like one of another exchange, turned off: with it, it imports)."""
    text = assert_whole_game_imports(1640, 91, "E:B#E->$_m/R#E->$_r/w->1/w->11/w->4/w->11/w11->6/")
    before_2596_2628(monkeypatch)
    redrawn = CardIdentity.redrawn

    def any_draw(self: CardIdentity, pos: Any, loc: Any, spec: CardSpec, reserved: set[int],
                 _taken: set[int]) -> Any:
        return redrawn(self, pos, loc, spec, reserved, set())

    refused_without(monkeypatch, text, "redrawn", any_draw, 91)


def test_a_craft_by_its_item_takes_a_card_the_record_named_before_an_unnamed_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 463. Seed 1758 (of the fresh seeds 1630-1829), refused at line 67 before
    ('M#C->', Field Hospitals): at line 50 the Marquise takes the Birdy Bindle from the
    Eyrie by name ('B#birdybindleE->C') and crafts a bag by its item only ('Z%b'). The
    search crafted her unnamed draw (the Smugglers' Trail) and kept the Birdy Bindle, then
    spent by its suit at line 59 ('B#C->'); at line 61 the Eyrie's unnamed draw had to be
    a rabbit, and the cycle that gave it the Smugglers' Trail made the craft another bag
    (the Mouse-in-a-Sack, a mouse of the Decree of line 13) and that Decree card the
    Scouting Party the Marquise had drawn, so that she held no mouse for line 67 (the game
    crafted the Birdy Bindle and kept the Scouting Party). Of the cards a craft may spend,
    one the record has named, and names leaving a hand no more, is now tried first
    (``unnamed_spent``): the game imports and replays to the same board at every line;
    without this order it is refused. (Ruling 467, the Birdy Bindle taken by name meeting
    the craft, imports it alone, and so does ruling 495's order: both turned off here.)"""
    import rootgame.records.rootlog.identity as identity

    text = assert_whole_game_imports(1758, 67, "E:#->E/R#E->$_m/2w8->4/3w7->8/w10->12/XC7/M#C->/")
    monkeypatch.setattr(identity, "brought_in", lambda *_: False)
    monkeypatch.setattr(CardIdentity, "named_elsewhere", lambda *_: False)
    refused_without(monkeypatch, text, "unnamed_spent", lambda *_: 0, 67)


def test_a_card_a_hand_takes_by_name_may_be_given_from_the_taker_s_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 461. Seed 1996 (of the fresh seeds 1830-2029), refused at line 56 before:
    the Marquise takes the Royal Claim from the Eyrie with Stand and Deliver and crafts it
    ('B#royalE->C/E++/Zroyal'). The import had given the only Royal Claim to an unnamed
    draw of the Marquise's of the same pile's time, held for her craft, so that no draw of
    the Eyrie's could be given it, and the take was refused. The card the record says the
    Eyrie gives the Marquise may be taken for the Eyrie's draw from the Marquise's hand:
    the game imports and replays to the same board at every line; without it the line is
    refused. (Ruling 467, the Royal Claim taken by name meeting the craft, imports it
    alone, and so does ruling 515's solve: both turned off here.)"""
    import rootgame.records.rootlog.identity as identity

    text = assert_whole_game_imports(1996, 56, "C:B#royalE->C/E++/Zroyal/")
    monkeypatch.setattr(identity, "brought_in", lambda *_: False)
    solve_every_need(monkeypatch)
    refused_without(monkeypatch, text, "handed", lambda *_: set(), 56)


def test_a_card_the_line_takes_by_name_into_a_hand_is_the_one_it_crafts_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 467. Seed 2221 (of the fresh seeds 2030-2229), refused at line 61 before
    ('M#codebE->C', Stand and Deliver!): at line 55 the Marquise takes the Codebreakers
    from the Eyrie by name and crafts them ('M#codebE->C/E++/Zcodeb'). The line's needs
    counted the Codebreakers twice, the Eyrie's for the taking and the Marquise's own for
    the craft, so her unnamed draw was given the other copy before the line was searched,
    and she crafted it, keeping the one she took: at line 61 the Eyrie's draw could be no
    Codebreakers. A card the line first moves into a hand by name is now the one a later
    craft of the line alike to it takes (``identity.brought_in``): the game imports and
    replays to the same board at every line; without it it is refused. Ruling 560 imports
    2221 alone (a craft by name takes the named card before an alike draw): it is turned
    off."""
    import rootgame.records.rootlog.identity as identity

    text = assert_whole_game_imports(2221, 61, "C:M#codebE->C/E++/Z%b/++/E^C/")
    monkeypatch.setattr(CardIdentity, "named_over_alike", False)
    refused_without(monkeypatch, text, "brought_in", lambda *_: False, 61, identity)


def test_a_card_spent_by_its_suit_after_a_card_of_that_suit_taken_by_name_may_be_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 540. Seed 3704 (of the fresh seeds 3430-3829), refused at line 61 before
    ('B#crossbowE->C', the turn of the Marquise ending without it): the Marquise takes the
    Crossbow from the Eyrie by name with Stand and Deliver! and later in the line spends a
    bird by its suit for Overwork ('B#crossbowE->C/.../B#C->/t->3'), in the game the
    Crossbow. The line's needs kept the Marquise's own bird (her unnamed draw of line 52)
    for that spending, so the Eyrie's draw of line 59 could not be given the Crossbow
    (spent by its suit into the Decree at line 53 in the import's course) along the cycle
    that gives that Decree card the Marquise's bird. A spending by suit the line writes
    after a card of that suit it takes into the hand by name is now met by that card, as a
    craft alike to it is (ruling 467): the hand's own bird is not kept from the Eyrie
    (``CardIdentity.brought_spent``). The game imports and replays to the same board at
    every line; without it it is refused."""
    text = assert_whole_game_imports(3704, 61, "C:B#crossbowE->C/E++/Zcodeb/")
    refused_without(monkeypatch, text, "brought_spent", False, 61)


def test_exchanges_that_fight_over_one_draw_give_way_to_the_solve(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 469. Seed 2946 (of the fresh seeds 2830-3029), refused at line 53 before
    ('2w9->4', where the search had stalled long after). At line 89 the Eyrie adds a bird
    and a rabbit to the Decree ('B#E->$_x/R#E->$_b') from a hand of two unnamed draws, one
    of an older pile's time (the Favor of the Mice in the import), one of the present pile.
    Before the line is searched, the hand's needs are given to the present draw: a bird
    for one, and the exchange for a card spent before the line's draws (ruling 455) then
    made it the rabbit, the next node's needs the bird again, without end: each met one
    need by undoing the other, and the search stalled there. A third such exchange in a
    row at one movement now gives way to the solve of the course's identities, which meets
    both at once: the game imports and replays to the same board at every line; without
    it (and seed 2628's fix of that exchange, which ends this loop at its start), it is
    refused."""
    import rootgame.records.rootlog.identity as identity
    import rootgame.records.rootlog.respends as respends

    assert_whole_game_imports(2946, 89, "E:B#E->$_x/R#E->$_b/")
    # The exchange of a card shuffled in no longer takes that draw since seed 2628's fix,
    # which ends this back and forth as well: turned off, the solve still ends it.
    monkeypatch.setattr(respends, "open_draws", any_open_draw)
    text = assert_whole_game_imports(2946, 89, "E:B#E->$_x/R#E->$_b/")
    refused_without(monkeypatch, text, "fought_over", lambda *_: False, 53, identity)


def test_a_card_named_goes_to_a_present_draw_before_another_hand_s_draw_of_its_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 477. Seed 2680 (of the fresh seeds 2630-2829), refused at line 62 before
    ('B#C->'): at line 61 the Eyrie crafts Stand and Deliver! ('Zstand') holding an unnamed
    draw from before the reshuffle of line 55 and three of the present pile. The earlier
    draw was given it by exchange with the Marquise's draw of that time that held one
    copy (ruling 433 put present draws first only against a cycle out of the pile), and
    the Marquise held that draw's Bank instead: at line 62, with two Banks from the first
    pile, her draw of the line discarded as the fox ('F#C->'), she had no bird for the
    'B#C->'. A card named now goes to a present draw first whatever way the earlier draw
    would be given it (the other copy, to a present draw): the game imports and
    replays to the same board at every line; without it it is refused."""
    text = assert_whole_game_imports(2680, 61, "E:R#E->$_m/Zstand/")
    refused_without(monkeypatch, text, "named_later", lambda *_: False, 62)


def test_a_draw_holding_a_card_another_need_takes_is_not_exchanged_for_a_card_shuffled_in(
) -> None:
    """A bug fix, no ruling. Seed 2628 (of the fresh seeds 2430-2629), refused at line 56
    before ('XC2'): at line 59 the Eyrie adds a bird and a fox to the Decree by their suits
    ('B#E->$_m/F#E->$_x'), holding one draw of the present pile and one of the old. The
    line's needs gave the present draw a bird (``fix_hands``); the fox, sought then
    (``fix_named``, ruling 455), was found by giving that same draw a card spent before
    the shuffle and shuffled in (``shuffled_in``, ruling 422), which took the bird away;
    the next state gave the bird back, and so on, each state a new one, until the search
    gave up, its furthest failure left at line 56. That exchange no longer gives a draw
    holding the card another need of the line takes: the solve finds the fox (a spending
    by suit taken otherwise, ruling 450), and the game imports and replays to the same
    board at every line."""
    assert_whole_game_imports(2628, 59, "E:B#E->$_m/F#E->$_x/")


def test_a_named_card_the_hand_crafts_later_is_kept_from_a_spending_by_its_suit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 525. Seed 4575 (of the fresh seeds 4230-4629), line 47 ('C:t->9/Zscout/'):
    the Marquise crafts a Scouting Party. She took both copies by name from the Eyrie
    (lines 35 and 38, 'M#scoutE->C'), discarded a mouse by its suit at line 38 ('M#C->',
    a Scouting Party in the game) and another at line 41 (the Mouse-in-a-Sack she drew
    unnamed at line 35). The import had given that draw the Arms Trader, so at line 41
    the only mouse she held was the Scouting Party she crafts at line 47: spent there by
    its suit, the craft found none. Before a decision, a spending by suit that would take
    the hand's last card of a name the record next names leaving that hand (crafted by
    name) is given an unnamed draw of the hand instead, where an exchange makes it a card
    of the suit (``CardIdentity.kept_named``): the game imports and replays to the same
    board at every line; without it (and without ruling 571, which imports the game too,
    taking back at line 47 the Scouting Party's spending by its suit, the unnamed draw
    spent there instead), it is refused at line 47."""
    text = assert_whole_game_imports(4575, 47, "C:t->9/Zscout/")
    monkeypatch.setattr(CardIdentity, "unspending", False)
    refused_without(monkeypatch, text, "kept_named", lambda *_: False, 47)
