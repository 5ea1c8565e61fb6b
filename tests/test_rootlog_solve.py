"""The solve of the course's identities (``solve.py``, asked by ``identity.py``;
docs/rootlog.md, "Replaying a record (import)"; rulings 442, 450-451, 454-455, 465-466, 468,
471, 481, 490, 501-504, 515, 520, 527, 565-566, 617, 675 and 989 in
docs/rulings.md): where a line
lacks a card no exchange gives, the cards of every unnamed time of the course so far are
solved at once (442), also at a Decree card the hand lacks after the first added (451) and
for a card spent by its suit before the line's draws, sought as the line starts (455), a
hand asked only for what it holds before the line's draws (515); with a spending by suit
taken to have spent another card of the hand (450, 471, 481), two such spendings the other
way round or in a chain (468, 490), a card named as it left a hand taken as another draw of
the hand (520; the namings of a card a lacking need allows first, 617), a craft by its item
taken as an alike card of another suit (454), two spendings the other way round that free
a card for a lacking hand (527; scored by the needs the draw's pile allows, 565; eight of
them, 566; two spendings taken otherwise at once, in a fourth search, 675; a line solved
again on the course a backjump takes, 989), the named
cards' unnamed times (465), and cycles of a pile's time
chosen before the solve searches (466); the orders of the solve with a spending taken
otherwise (501-504: the spendings of a suit a hand lacks first, the held draw the spending
allows first, the draws a need allows first, a slot's present card checked as any other) and
a spending already taken otherwise not taken otherwise again (seed 3622's fix). Simulated
games written as people write them, each refused before the ruling that imports it and
refused again with it turned off (``refused_without`` of tests/rootlogkit.py)."""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import random_game
from rootlogkit import (
    FINAL_REPLAY_FAILS,
    MEA,
    as_people_write,
    as_people_write_supporters,
    assert_replays_the_game,
    assert_same_board_so_far,
    assert_whole_game_imports,
    every_held,
    first_of_each_time,
    no_third_search,
    refused_at_a_failed_replay,
    refused_without,
    search_events,
    searches_counted,
    solve_before_465,
    solve_before_501,
    solve_every_need,
)

from rootgame.records.rootlog import (
    RootlogError,
    exchanges,
    export_rootlog,
    parse_rootlog,
    replay_rootlog,
)
from rootgame.records.rootlog.identity import CardIdentity


def test_a_line_that_lacks_a_card_has_the_identities_of_the_course_solved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 442. Seed 1565, refused at line 77 before (a fresh seed, never tuned on): the
    Eyrie crafts the Armorers ('Zarmor') holding no unnamed draw that any one exchange of
    rulings 410-436 makes them. Where every exchange fails, the cards of every slot of the
    course so far (each time of an unnamed card between a draw and the next shuffle) are
    solved at once: each pile's time draws the cards shuffled into it, what the record
    wrote of each slot allows its card, and the line's needs are held (``solve.py``). The
    game imports and replays to the same board at every line; without the solve the line
    is refused."""
    text = assert_whole_game_imports(1565, 77, "E:R#E->$_b/M#E->$_m/Zarmor/")
    refused_without(monkeypatch, text, "solving", False, 77)


@pytest.mark.parametrize(("seed", "line", "start"), [
    (1535, 56, "E:B#E->$_m/M#E->$_x/Zsap/"),
    (1436, 74, "E:B#E->$_b/Zarmor/"),
])
def test_the_solve_takes_a_spending_by_suit_to_have_spent_another_card_of_the_hand(
    seed: int, line: int, start: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 450. Seeds 1535 (line 56, 'Zsap') and 1436 (line 74, 'Zarmor') of the fresh
    seeds 1430-1629, refused there before: the Eyrie crafts a card none of her unnamed
    draws can be, whatever the identities of the course's slots (ruling 442), since every
    card of its suit in her draws' pile time is taken by a slot the record wrote by that
    suit. Which card of the hand a spending by its suit took is an unknown of the solve
    too: a card spent so from a hand that held then an unnamed draw of another pile's time,
    which it still holds, may have stayed, the other draw spent in its stead (the two
    slots' futures exchanged, a ``respend`` event for the final replay). The games import
    and replay to the same board at every line; without it the line is refused."""
    import rootgame.records.rootlog.otherwise as otherwise

    assert_whole_game_imports(seed, line, start)
    text = as_people_write(export_rootlog(random_game(seed)))
    assert any(e[0] == "respend" for e in search_events(text))
    refused_without(monkeypatch, text, "respendings", lambda *_: [], line, otherwise)


def test_a_decree_card_the_hand_lacks_after_the_first_added_has_the_course_solved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 451. Seed 1475 of the fresh seeds 1430-1629, refused at line 89 ('B#E->$_m/
    F#E->$_b', the Eyrie's leader after it): the Eyrie adds a bird and a fox to the Decree
    by their suits and holds no fox once the bird is added. She may stop after one card,
    and the search went on so, into the turmoil, to be refused at her new leader, where
    the solve found her a fox too late. At a decision to add to the Decree after one of
    the line's Decree cards, where the hand lacks a card for the Decree cards the line
    adds next by their suits only, the course's identities are solved then (``fix_named``,
    ``decree_lacking``; here with a spending by suit taken otherwise, ruling 450): the game
    imports and replays to the same board at every line; without it the line is refused.
    (Done for every card written by its suit only, it refused 1098 at line 143; for every
    Decree card before the line is searched, 1180 at line 73; counting the hand's other
    needs of the line, 1389 at line 127. Since ruling 455 the game imports without this
    ruling too, its need before the line's draws sought as the line starts: that ruling is
    turned off for the refusal here.)"""
    text = assert_whole_game_imports(1475, 89, "E:B#E->$_m/F#E->$_b/")
    monkeypatch.setattr(CardIdentity, "before_draws", lambda *_: set())
    assert_replays_the_game(replay_rootlog(text), random_game(1475))
    refused_without(monkeypatch, text, "solving_suits", False, 89)


def test_a_card_spent_by_its_suit_before_the_line_draws_is_solved_with_a_craft_of_another_suit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rulings 454-455. Seed 1549 (of the fresh seeds 1430-1629), refused at line 104
    before ('5w12->9'): the Marquise spends a bird by its suit for an extra action
    ('B#C->') before she draws ('2#->C'). Twelve birds are spent or crafted after the
    shuffle of line 77; the thirteenth, the Arms Trader she drew at line 101, is the only
    one she can hold, and the import had it be the sword the Eyrie crafts by its item only
    at line 79 ('Z%s'), so that no renaming of the course left a bird for her. The need
    before the line's draws is sought as the line starts (ruling 455: the search had
    taken the bird for one of the two drawn later and discarded), and the solve of the
    course tries a card crafted by its item only as an alike card of another suit, fixed
    first (ruling 454: the Sword). The game imports and replays to the same board at
    every line; without either ruling the line is refused (rulings 465-466 off: their
    cycles give the Sword's slot another card too; and ruling 527, whose pair of spendings
    the other way round finds a course without ruling 454)."""
    import rootgame.records.rootlog.solve as solve

    text = assert_whole_game_imports(1549, 104, "C:E^C/w7->3/3w11->12/XE4/(w+3Ew)4->/5w4->12/")
    solve_before_465(monkeypatch)
    monkeypatch.setattr(solve, "_freed", lambda *_: None)
    refused_without(monkeypatch, text, "recrafts", lambda *_: [], 104, solve)
    refused_without(monkeypatch, text, "before_draws", lambda *_: set(), 104)


def test_a_named_card_drawn_again_unnamed_is_a_slot_of_the_solve(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 465. Seed 1746 of the fresh seeds 1630-1829, refused at line 94 before
    ('M#E->$_b', a mouse to the Decree): the Marquise crafts the Anvil ('Z%h', the one
    hammer, line 38), which is shuffled into the next pile, and the Eyrie draws it again
    unnamed (line 91). The solve of the course (ruling 442) left out every card the record
    had named, with all its times, so that draw could only be the Anvil, a fox. A card the
    record names keeps the times it was named at; its unnamed times are slots of their
    piles' times like any other card's, and it is in the pool of each pile it is shuffled
    into (``solve.named_times``). The game imports and replays to the same board at every
    line; without it the line is refused. (Rulings 535-536, which give up courses short of
    moves, import it without this ruling: they are off for the refusal.)"""
    import rootgame.records.rootlog.solve as solve
    from rootgame.records.rootlog.matching import Matching

    text = assert_whole_game_imports(1746, 94, "E:M#E->$_b/R#E->$_x/")
    monkeypatch.setattr(Matching, "bounded", lambda *_: False)
    refused_without(monkeypatch, text, "named_times", lambda *_: {}, 94, solve)


def test_a_card_a_later_pile_lacks_is_exchanged_into_it_before_the_solve_searches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 466. Seed 1671 of the fresh seeds 1630-1829, refused at line 92 before
    ('B#E->$_x', a bird to the Decree): after the shuffle of line 57 the pile holds eleven
    birds; the record spends nine by their suit, the Marquise's ambush names one ('XC6B@',
    line 74), the crossbow the Eyrie crafts by its item only ('Z%x', line 71) takes the
    bird Crossbow, the mouse one being held across the shuffle (and spent by its suit
    after it), and the Eyrie lacks a twelfth. Every renaming the search tried first kept
    the cards of the first pile's time where they were, and it gave up before changing an
    early one. Where a later pile's slots lack a card, a card one slot of an earlier time
    holds that they want and that is not shuffled into that pile is exchanged, before the
    search, with the card of a slot of the same time that is, where the later pile's slots
    then match one card more (``solve._Cycling``: here the mouse Crossbow, spent after the
    shuffle, for a mouse spent before it). The game imports and replays to the same board
    at every line; without it the line is refused."""
    import rootgame.records.rootlog.solve as solve

    text = assert_whole_game_imports(1671, 92, "E:B#E->$_x/M#E->$_x/")
    refused_without(monkeypatch, text, "run", lambda *_: None, 92, solve._Cycling)


def test_a_card_named_and_one_exchanged_alike_solve_the_same_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rulings 465-466. Seed 1835 of the fresh seeds 1830-2029, refused at line 82 before
    ('B#E->$_r'): either ruling imports it (its named card's unnamed time, or an exchange
    of the first pile's time, gives the Eyrie a bird); without both the line is
    refused."""
    import rootgame.records.rootlog.solve as solve

    text = assert_whole_game_imports(1835, 82, "E:M#E->$_x/B#E->$_r/")
    monkeypatch.setattr(solve, "named_times", lambda *_: {})
    assert_whole_game_imports(1835, 82, "E:M#E->$_x/B#E->$_r/")
    # Ruling 996 (a card a cycle puts back stands again for its spending) gives the Eyrie
    # a bird by another course: turned off too to show the line refused without both.
    monkeypatch.setattr(exchanges, "RESTANDS", False)
    refused_without(monkeypatch, text, "run", lambda *_: None, 82, solve._Cycling)


def test_a_card_a_later_pile_lacks_comes_in_along_a_cycle_of_its_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 466 (with ruling 450). Seed 1699 of the fresh seeds 1630-1829, refused at
    line 98 before ('Zscout', the Eyrie discarding down to five after it): after the
    shuffle the pile's slots want more mice than it holds, a Scouting Party among them,
    and both Scouting Parties were unnamed draws of the first pile's time held past the
    shuffle. No exchange of two cards of that time brings a mouse in without taking one
    out. With one of the Eyrie's spendings by suit taken to have spent another of her
    cards (ruling 450), cycles of that time do: the mouse Crossbow (spent by its suit
    after the shuffle) into the crossbow the Marquise crafted by its item only before it
    ('Z%x', line 22), the bird Crossbow to an unnamed draw still held, and the Scouting
    Parties into mice spent before the shuffle, one cycle leaving the pile lacking as
    many cards as before (tried once every solve without such cycles has failed). The
    game imports and replays to the same board at every line; with cycles of two slots
    only, or without the cycles that leave the pile lacking as many, the line is
    refused."""
    import rootgame.records.rootlog.solve as solve

    text = assert_whole_game_imports(1699, 98, "E:B#E->$_r/M#E->$_m/Zscout/")
    no_solve_after_jump(monkeypatch)  # ruling 989 alone imports it by another course
    two = solve._cycles
    refused_without(monkeypatch, text, "_cycles",
                    lambda *a: (c for c in two(*a) if len(c) == 2), 98, solve)
    settle = solve._Cycling.settle
    refused_without(monkeypatch, text, "settle",
                    lambda self, e, _sideways: settle(self, e, False), 98, solve._Cycling)


def test_two_spendings_by_suit_of_one_hand_across_a_shuffle_are_solved_the_other_way_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 468. Seed 2159 (of the fresh seeds 2030-2229), refused at line 70 before
    ('B#C->'): at line 65 the Eyrie draws the last card of the draw pile and, the discard
    pile shuffled, the first of the new one ('2#->E'), and at line 68 adds both to the
    Decree by their suits ('R#E->$_x/B#E->$_m'). The import's last card of the old pile
    was a bird (the game's a rabbit), so every bird of that pile's time was a slot the
    record wrote a bird, and none could be the Marquise's draw of that time she still
    held, which she spends as a bird at line 70: no renaming of the course's identities
    gave her one, nor one spending taken to have spent a card still held (ruling 450).
    The two spendings the other way round (the old pile's card the rabbit, the new pile's
    the bird, each decision spending the other's card: two ``respend`` events) are now
    solved too: the game imports and replays to the same board at every line; without
    them it is refused."""
    import rootgame.records.rootlog.otherwise as otherwise

    text = assert_whole_game_imports(2159, 70, "C:w6->3/w9->12/B#C->/")
    assert sum(e[0] == "respend" for e in search_events(text)) == 2
    refused_without(monkeypatch, text, "swappings", lambda *_: [], 70, otherwise)


def test_a_spending_by_suit_is_solved_with_one_held_draw_of_each_pile_s_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 471. Seed 2596 (of the fresh seeds 2430-2629), refused at line 56 before
    ('t->5', the Marquise's Overwork after 'B#C->'): at line 53 she draws three cards
    after a shuffle and discards a fox and a bird ('3#->C/F#C->/B#C->'); the import
    discarded the fox of the new pile and kept the fox of the old, so that at line 56 her
    hand held no bird for the extra action, and only the new pile could give one. The
    solve takes a spending by its suit to have spent another card held (ruling 450), but
    four such courses at most, and the hospital's bird of line 55 took all four with the
    four draws of the old pile she held: one course, whichever of them is taken. Each
    spending is now taken with one held draw of each other pile's time: the fox's
    discard of line 53 is tried, and the game imports and replays to the same board at
    every line; without it it is refused."""
    import rootgame.records.rootlog.otherwise as otherwise

    text = assert_whole_game_imports(2596, 56, "C:E^C/b_r->2/t5->/t2->/t2->/t2->/++4/")
    assert any(e[0] == "respend" for e in search_events(text))
    refused_without(monkeypatch, text, "one_of_each_time", every_held, 56, otherwise)


def test_a_spending_taken_otherwise_is_solved_with_the_ways_of_the_hand_that_lacks_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 481. Seed 3144 (of the fresh seeds 3030-3229), refused at line 88 before
    ('Ztax'): the Eyrie adds a bird and a fox to the Decree and crafts Tax Collector
    ('B#E->$_x/F#E->$_r/C^E/Ztax/') from a hand of two draws of the present pile and one
    of the pile before (a rabbit in the import), and the Marquise spends a rabbit. No
    renaming of the course as it is gives the older draw a fox; with a fox the Marquise
    spent by its suit taken to have been another of her draws (ruling 450) one does, but
    only where the older draw is bound to the fox: the solve's ways of binding the line's
    needs to the hands' draws, twelve at most, went through the Marquise's five draws for
    her rabbit (her hand meets its need as it is) before the Eyrie's second way, and the
    choices those courses share ran out first. There the hands that lack a card now vary
    first: the game imports (that spending taken otherwise) and replays to the same board
    at every line; with the old order of the hands it is refused. (Since rulings 501-504
    the solve finds it with the old order too: they are turned off, and the game imports
    with them off.)"""
    import rootgame.records.rootlog.otherwise as otherwise
    import rootgame.records.rootlog.solve as solve

    text = assert_whole_game_imports(3144, 88, "E:B#E->$_x/F#E->$_r/C^E/Ztax/")
    assert any(e[0] == "respend" for e in search_events(text))
    solve_before_501(monkeypatch)
    replay_rootlog(text)  # imports with these off: the refusal below is the ruling's
    monkeypatch.setattr(otherwise, "lacks", lambda *_: False)
    refused_without(monkeypatch, text, "lacks", lambda *_: False, 88, solve)


def test_two_spendings_by_suit_of_one_hand_are_solved_taken_otherwise_in_a_chain(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 490. Seed 3310 (of the fresh seeds 3230-3429), refused at line 68 before
    ('E:F#E->$_m/R#E->$_m/', after 7.7 s of CPU): the Eyrie adds a fox and a rabbit to the
    Decree from her two draws of line 65, the last of the pile shuffled at line 43. The
    twelve rabbits are all spent by their suit (or named, the rabbit Ambush!) from line 44
    to line 68, so that pile holds a rabbit for her only if every rabbit held across its
    shuffle is spent before the next one (line 67). The import's Marquise spent her rabbit
    of line 61 from her draw of line 58 and kept a card of the old pile, drawn at line 43,
    to spend as the rabbit of line 67, after that shuffle: no renaming of the course, nor
    one spending taken otherwise (ruling 450) nor two the other way round (ruling 468),
    gives the Eyrie a rabbit. Two spendings in a chain do: the
    rabbit of line 61 the card drawn at line 43, the rabbit of line 67 a draw of that line,
    the draw of line 58 kept (two ``respend`` events, the card one keeps the one the other
    spends). The game imports and replays to the same board at every line; at that line
    the solve without the chain finds nothing."""
    import rootgame.records.rootlog.otherwise as otherwise
    import rootgame.records.rootlog.solve as solve

    found: list[tuple[Any, Any, Any]] = []
    chain = solve._chained

    def watch(node: Any, needs: Any, course: Any) -> Any:
        out = chain(node, needs, course)
        if out is not None:
            found.append((node, needs, out))
        return out

    monkeypatch.setattr(solve, "_chained", watch)
    # Ruling 495's order takes the rabbit Ambush! the Eyrie uses at line 64 out of the
    # Marquise's hand first and imports 3310 alone: turned off here.
    monkeypatch.setattr(CardIdentity, "named_elsewhere", lambda *_: False)
    assert_whole_game_imports(3310, 68, "E:F#E->$_m/R#E->$_m/")
    node, needs, out = found[0]
    spent = [e for e in out.events if e[0] == "respend"]
    assert len(spent) == 2 and spent[1][2] == spent[0][1]
    monkeypatch.setattr(otherwise, "chained", lambda *_: iter(()))
    assert solve.solved(node, needs) is None


def test_the_solve_leaves_a_card_spent_after_the_line_s_draws_to_those_draws(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 515. Seed 1667 (of the fresh seeds 1630-1829), refused at line 79 for
    sessions ('E:R#E->$_b/R#E->$_b/.../3#->E/R#E->'): the Eyrie adds two rabbits to the
    Decree, draws, and at the end of her turn discards a rabbit down to five, a card of
    her draws of that line (A Visit to Friends in the game). The hand lacked the second
    Decree rabbit, and the solve was asked for two rabbits from the cards she held then:
    the Decree's and the discard's, which the line's own draws, still to come, may give.
    Her held draws of line 76 held one rabbit in the game (Root Tea), and no renaming
    gave them two. The solve now gives a hand only what the line takes from it before a
    card of the line still to come goes into it: the game imports and replays to the same
    board at every line; asked for every card the line takes, it is refused there."""
    text = assert_whole_game_imports(1667, 79, "E:R#E->$_b/R#E->$_b/")
    solve_every_need(monkeypatch)
    no_third_search(monkeypatch)  # the third search (ruling 640) imports it otherwise
    with pytest.raises(RootlogError, match=r"^line 79, "):
        replay_rootlog(text)


def refused_3585_without(
    monkeypatch: pytest.MonkeyPatch, owner: object, name: str, plain: object,
) -> None:
    """Seed 3585 (of the fresh seeds 3430-3829), refused at line 68 ('F#E->$_r') before
    rulings 501-504: the Eyrie adds a rabbit and a fox to the Decree, draws, and discards a
    fox and a mouse at the end of the line ('R#E->$_m/F#E->$_r/#->E/.../2#->E/F#E->/
    M#E->'), from a hand of draws of the pile shuffled at line 50, in which the course has
    spent every fox of that time: the Marquise spent one by its suit where she held a Tax
    Collector of the pile before, held still. The solve with that spending taken to have
    spent the Tax Collector (ruling 450) gives the Eyrie a fox. The game imports (a
    spending taken otherwise) and replays to the same board at every line; with
    ``owner.<name>`` (``owner``: the module ``solve`` or ``otherwise``) replaced by
    ``plain`` (one of rulings 501-504 off) it is refused at line 68."""

    text = assert_whole_game_imports(3585, 68, "E:R#E->$_m/F#E->$_r/")
    assert any(e[0] == "respend" for e in search_events(text))
    refused_without(monkeypatch, text, name, plain, 68, owner)


def no_solve_after_jump(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling 989 off (``identity.RESOLVE_AFTER_JUMP``): a line is solved once a search, as
    before it. Seeds 1699 and 3585 import with ruling 989 by another course even with
    ruling 466's cycles, or 502's or 503's order, turned off (each line after a backjump
    solved again): those rulings' tests show their refusals without it."""
    from rootgame.records.rootlog import identity

    monkeypatch.setattr(identity, "RESOLVE_AFTER_JUMP", False)


def test_the_solve_takes_otherwise_first_a_spending_of_a_suit_a_hand_lacks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 501. Seed 3585 (:func:`refused_3585_without`): the solve tried four spendings
    taken otherwise, the latest (the Marquise's discards of line 67, a mouse and birds),
    none of the fox the Eyrie lacks. The spendings of a card a need of a hand lacking one
    allows now come first (``otherwise.wants``)."""
    import rootgame.records.rootlog.otherwise as otherwise

    refused_3585_without(monkeypatch, otherwise, "wants", lambda *_: True)


def test_a_spending_taken_otherwise_is_given_first_the_held_draw_it_allows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 502. Seed 3585 (:func:`refused_3585_without`): the fox's spending was taken
    with the Marquise's first held draw of the older pile's time (her Codebreakers), whose
    card the solve must then make a fox; with her Tax Collector, held as well, it finds
    the renaming. The held draw whose card the spending allows now comes first
    (``otherwise.one_of_each_time``)."""
    import rootgame.records.rootlog.otherwise as otherwise

    no_solve_after_jump(monkeypatch)  # ruling 989 alone imports it by another course
    refused_3585_without(monkeypatch, otherwise, "one_of_each_time", first_of_each_time)


def test_the_needs_are_bound_first_to_the_draws_whose_card_they_allow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 503. Seed 3585 (:func:`refused_3585_without`): the ways of binding the line's
    needs to the hands' draws (twelve at most) bound the Marquise's ambush bird ('XC1B@')
    first to her oldest draw, the one the spending taken otherwise needs, in all twelve.
    In the courses with a spending taken otherwise each need's draws whose present card
    it allows now come first (``solve.fitting_first``)."""
    import rootgame.records.rootlog.solve as solve

    no_solve_after_jump(monkeypatch)  # ruling 989 alone imports it by another course
    refused_3585_without(monkeypatch, solve, "fitting_first", lambda d, *_: d)


def test_the_solve_checks_a_slot_s_present_card_as_any_other(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 504. Seed 3585 (:func:`refused_3585_without`): the solve's depth-first search
    kept a slot's present card without checking that the rest of its time could still be
    matched, so that a card a later slot must take was kept by an earlier one, the failure
    showing only slots later, and the renaming took more choices than a way has. The
    present card is checked as any other (``solve.unchecked``)."""
    import rootgame.records.rootlog.solve as solve

    refused_3585_without(monkeypatch, solve, "unchecked", lambda c, here, *_: c == here)


def test_a_spending_taken_otherwise_is_not_taken_otherwise_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug fix, no ruling. Seed 3622 (of the fresh seeds 3430-3829), line 85 ('E:R#E->$_m/
    R#E->$_m/Z%b/++/#->E/.../Zbank'): the Eyrie crafts the Bank after a draw, so that the
    solve is not asked for it (ruling 515); the solve then took a spending to have
    spent a card whose own spending the quick search had already taken otherwise (ruling
    421, a ``respend`` event), and the course then took that card's spending otherwise
    once more: two decisions spent one card, and the final replay, which takes one card
    for each spending taken otherwise, did not replay (``internal``). The solve takes a
    spending the course already takes otherwise neither otherwise again nor as the card
    another spending spent (``otherwise.taken_otherwise``): the game imports and replays to
    the same board at every line."""
    import rootgame.records.rootlog.otherwise as otherwise

    text = assert_whole_game_imports(3622, 85, "E:R#E->$_m/R#E->$_m/Z%b/")
    monkeypatch.setattr(otherwise, "taken_otherwise", lambda *_: set())
    refused_at_a_failed_replay(monkeypatch)
    with pytest.raises(RootlogError, match=FINAL_REPLAY_FAILS):
        replay_rootlog(text)


def test_a_card_named_as_it_leaves_a_hand_is_solved_as_another_draw_of_the_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 520. Seed 4627 (of the fresh seeds 4230-4629), line 88: the Eyrie adds a bird
    and a mouse to the Decree ('E:B#E->$_m/M#E->$_b/') from her hand: two draws of the pile
    shuffled at line 56 (lines 79 and 82) and two of the pile shuffled at line 83 (line 85),
    of which the Marquise took the Smuggler's Trail by name at line 86
    ('R#smugglerstrailE->C'). In the game it was a draw of the old pile, the two of line 85
    the Woodland Runners and the mouse Travel Gear; the import had given it to a draw of
    line 85 (ruling 477), and no renaming of the course gave her old draws the mouse. The
    card named as it left the hand may have been another draw the hand held then and holds
    still, of another pile's time (``otherwise.renamings``): the solve takes the Smuggler's
    Trail to be her draw of line 79, the draws of line 85 open, and the game imports and
    replays to the same board at every line; without it, it is refused there. (Since
    rulings 501-504 the solve finds 4627's course with a spending taken otherwise: they are
    turned off here, the game imported with them off and this ruling on.)"""
    from rootgame.records.rootlog import otherwise

    text = assert_whole_game_imports(4627, 88, "E:B#E->$_m/M#E->$_b/")
    solve_before_501(monkeypatch)
    assert_replays_the_game(replay_rootlog(text), random_game(4627))
    refused_without(monkeypatch, text, "MAX_RENAMINGS", 0, 88, otherwise)


def test_a_named_card_a_lacking_need_allows_is_solved_as_another_draw_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 617. Seed 6782 (of the fresh seeds 6430-6829), line 106 ('C:4w7->3/5w7->12/
    XE12/(Eb+Ew)12->/++/B#C->/w12->3/'): the Marquise pays a bird for Field Hospitals, in
    the game the Brutal Tactics she drew at line 103, the last card of the old pile (the
    discard pile was shuffled into a new one at once). At line 104 the Eyrie crafts the
    Sappers and the Better Burrow Bank by name ('Zsap/Zbank'); the import had taken the
    Sappers for one of her draws of the old pile, which then had no bird left for the
    Marquise's draw. Ruling 520's solve may take a card named as it left a hand to have
    been another draw of the hand (the Sappers her draw of the new pile, as in the game),
    but it tried the Bank first, whose solve used up the choices the renamings share. The
    namings of a card a lacking hand's need allows (the Sappers, a bird) are now tried
    first (``otherwise.NAMED_WANTED_FIRST``): the game imports and replays to the same
    board at every line; without it, it is refused there."""
    from rootgame.records.rootlog import otherwise

    text = assert_whole_game_imports(6782, 106, "C:4w7->3/5w7->12/XE12/")
    refused_without(monkeypatch, text, "NAMED_WANTED_FIRST", False, 106, otherwise)


def test_two_spendings_the_other_way_round_that_free_a_card_for_the_lacking_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 527. Seed 4363 (of the fresh seeds 4230-4629), line 91 ('E:R#E->$_b/
    F#E->$_r/Zarmor/'): the Eyrie adds a rabbit and a fox to the Decree and crafts the
    Armorers from three cards, one an unnamed draw of the pile before the reshuffle of
    line 79. Before line 83 the import had given the Marquise's fox discard of that line
    (her draw of line 77, the Foxfolk Steel in the game) by exchange with that draw of the
    Eyrie's, leaving the Eyrie a Scouting Party no renaming of the course makes a rabbit,
    a fox or the Armorers. The solve's course with two of the Marquise's spendings the other
    way round (the fox at line 83 from her draw of the new pile, the mouse at line 86 from
    her older draw) gives that time's fox back to the Eyrie's draw; it was the ninth such
    pair, past the four the solve tries. After those fail, the pairs that give
    a lacking hand's older draw a card its needs allow are tried with choices of their own
    (``otherwise.freeing``): the game imports; without them it is refused at line 91.
    (Since ruling 862, whose order spends an unnamed draw the record next names in another
    hand first, the search takes another course there that needs no freeing: turned off
    here.)"""
    from rootgame.records.rootlog import matching, otherwise

    monkeypatch.setattr(matching, "DRAW_NAMED_ELSEWHERE", False)
    text = assert_whole_game_imports(4363, 91, "E:R#E->$_b/F#E->$_r/Zarmor/")
    refused_without(monkeypatch, text, "freeing", lambda *_: lambda _pair: 0, 91, otherwise)


def test_a_need_frees_a_held_draw_only_with_a_card_of_the_draw_s_pile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 565. Seed 5622 (of the fresh seeds 5230-5629), line 88 ('E:M#E->$_x/M#E->$_r/
    Zroyal/'): the Eyrie adds two mice and crafts the Royal Claim from three cards, two
    draws of the present pile and one of the pile shuffled at line 53. Ruling 527's score
    counted for that older draw every need of the hand, the Royal Claim too, though the
    course shuffled it only into the present pile: three pairs whose slot of the older
    time was written bird scored through it alone, and the pair that frees the older draw
    for a mouse (a mouse the Marquise spent by its suit of that time and her coins craft of
    line 80, ``Z%c``, the other way round) came ninth. With only the needs the older pile's
    cards allow (``otherwise.fed``) it is sixth, within ruling 566's eight: the game
    imports; with every need counted it is refused at line 88."""
    from rootgame.records.rootlog import otherwise

    text = assert_whole_game_imports(5622, 88, "E:M#E->$_x/M#E->$_r/Zroyal/")
    refused_without(monkeypatch, text, "fed", lambda course, _t: course.every, 88, otherwise)


def test_eight_pairs_that_may_free_a_card_for_the_lacking_hand_are_tried(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 566. Seed 5622, line 88 (as above): of the six pairs ruling 527's score (with
    ruling 565) keeps, the five that score 2 swap the Eyrie's older draw's rabbit into the
    first pile's time and fail; the sixth, scoring 1, imports the game. The solve tries
    eight such pairs (``otherwise.FREEING_PAIRS``) within the same 1,000 choices; with four
    the game is refused at line 88."""
    from rootgame.records.rootlog import otherwise

    text = assert_whole_game_imports(5622, 88, "E:M#E->$_x/M#E->$_r/Zroyal/")
    refused_without(monkeypatch, text, "FREEING_PAIRS", 4, 88, otherwise)


def test_a_record_that_names_its_draws_is_named_through_its_relaxed_import(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 660. Seed 1003 written with its draws named (``keep=("draws",)``), line 55
    ('C:...F#C->'): the three searches give up (the Marquise's discard by suit finds no fox
    the named draws to come leave her). The fallback imports the record with its draws
    unnamed, re-identifies the starting hands and the cards spent by suit against the named
    draws, and imports the fully named record it writes: the game replays; with the
    fallback off (the three searches kept) it is refused, at line 74 since ruling 910 (the
    furthest any search got; the second search gives up at line 55)."""
    from rootgame.records.rootlog import namer

    text = assert_whole_game_imports(1003, 55, "C:", keep=("draws",))
    rep = replay_rootlog(text)
    assert rep.chosen > 0 and "chosen to fit the cards it names" in rep.sampling_note()
    refused_without(monkeypatch, text, "named_fallback", lambda *_: None, 74, namer,
                    searches=True)


def test_a_record_whose_named_draws_contradict_each_other_is_refused_as_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 660. Seed 1003 with its draws named, line 64 made to draw the one Anvil twice
    ('F#anvil+F#anvil->C'): no re-identification explains it, and the error is the one the
    searches raise without the fallback."""
    from rootgame.records.rootlog import namer

    text = as_people_write(export_rootlog(random_game(1003)), ("draws",))
    assert "/F#anvil+R#bank->C/" in text
    text = text.replace("/F#anvil+R#bank->C/", "/F#anvil+F#anvil->C/")
    with pytest.raises(RootlogError) as with_it:
        replay_rootlog(text)
    monkeypatch.setattr(namer, "named_fallback", lambda *_: None)
    with pytest.raises(RootlogError) as without:
        replay_rootlog(text)
    assert str(with_it.value) == str(without.value)


def test_a_record_naming_its_draws_but_no_hand_is_named_before_it_is_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 700. Seed 1091 written with its draws named but no starting hands: ruling
    660's fallback is tried before the searches. The first search the import makes is of
    the record relaxed (no draw named), the last of the fully named record it writes; the
    import expands fewer states in all than with the fallback after the searches (ruling
    700 off), which are refused first. The record with its starting hands named too (the
    export) is searched first, by one search."""
    from rootgame.records.rootlog import namer

    g = random_game(1091)
    text = as_people_write(export_rootlog(g), ("draws",))
    names, states = searches_counted(monkeypatch)  # per search: whether it names a draw
    assert_replays_the_game(replay_rootlog(text), g)
    first, early = names[:], len(states)
    assert first == [False, True]
    names.clear()
    states.clear()
    monkeypatch.setattr(namer, "first_named", lambda _rec: False)
    assert_replays_the_game(replay_rootlog(text), g)
    assert names[0] is True and names[-2:] == [False, True] and len(names) > 2
    assert early < len(states)
    monkeypatch.undo()
    assert namer.first_named(parse_rootlog(text))
    assert not namer.first_named(parse_rootlog(export_rootlog(g)))
    assert not namer.first_named(parse_rootlog(as_people_write(export_rootlog(g))))


def test_the_re_identification_has_more_choices_after_the_first_search() -> None:
    """Ruling 701. The benchmark's game 92 (``bench_imports.recorded_game``) written with
    its draws named was refused at line 65 ('#commander->$'): ruling 660's
    re-identification ran out of its 20,000 choices (it needs 233,339), and the searches
    are refused. Before the searches (ruling 700) it still tries 20,000 choices at most
    (``FIRST_NODES``), so that a record it cannot name soon is searched; after the first
    search it tries up to ``NODES`` (250,000): the game imports to the same board at every
    line."""
    from rootgame.bench_imports import recorded_game
    from rootgame.records.rootlog import namer, searches
    from rootgame.records.rootlog.writer import _replay_history

    g = recorded_game(92)
    text = as_people_write(export_rootlog(g), ("draws",))
    assert "/#commander->$/" in text.splitlines()[64]
    assert_replays_the_game(replay_rootlog(text), g)
    rec = parse_rootlog(text)
    loose = namer.relaxed(rec)
    assert loose is not None
    rp = _replay_history(searches.searched(loose, 10_000, fallback=False).game, None, None)
    found = namer._Namer(rec, rp)
    assert found.run() is not None and found.nodes == 233_339 < namer.NODES
    first = namer._Namer(rec, rp, namer.FIRST_NODES)
    assert first.run() is None and first.nodes == namer.FIRST_NODES + 1 == 20_001


def test_a_fourth_search_takes_two_spendings_otherwise_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 675. Seed 2755 (of the fresh seeds 2630-2829), refused at line 82 before
    ('R#E->$_b', the Eyrie adding to the Decree her two draws of line 79 as a rabbit and
    a bird): every rabbit of that pile's time was a slot the record wrote a rabbit, and no
    spending taken otherwise alone, nor two the other way round or in a chain, gave her
    one. Two spendings of the Marquise each taken to have spent another card she held, on
    its own (the rabbit of line 65 her Better Burrow Bank of line 53, a mouse discarded at
    line 80 her draw of that line from the third pile), do: where the first three searches
    give up, a fourth, quick, whose solve tries such pairs last (``solve._paired``,
    ``otherwise.paired``) imports the game, which replays to the same board at every line
    (each card kept holds its place in the hand, ``otherwise.in_stead``); without the pairs
    it is refused at line 82 (ruling 670's other deals and ruling 920's further search,
    which import it too, off)."""
    import rootgame.records.rootlog.searches as searches
    from rootgame.records.rootlog import solve

    text = assert_whole_game_imports(2755, 82, "E:R#E->$_b/B#E->$_x/")

    with monkeypatch.context() as m:
        m.setattr(solve, "PAIRED", False)
        m.setattr(searches, "DEALS", ())  # ruling 670's other deals import it too
        m.setattr(searches, "TILL_SHUFFLE", False)  # and so does ruling 920's search
        with pytest.raises(RootlogError, match=r"^line 82, "):
            replay_rootlog(text)


def _crafts_named(seed: int) -> tuple[str, list[str]]:
    """Seed ``seed`` written with its draws named and each item craft named by the card
    crafted (``Zmouseinasack``, not ``Z%x``); the crafted cards (``card_text``)."""
    import re

    from rootgame.cards import DECK
    from rootgame.records.rootlog.cards import card_name, card_text
    from rootgame.records.rootlog.writer import _replay_history

    g = random_game(seed)
    rp = _replay_history(g, None, None)
    ids = [int(st.act[1]) for st in rp.obs.steps if st.act is not None
           and st.act[0] == "craft" and DECK[int(st.act[1])].kind == "item"]
    it = iter(ids)
    text = as_people_write(export_rootlog(g), ("draws",))
    text = re.sub(r"(?<=[/:])Z%[a-z](?=/|$)", lambda m: "Z" + card_name(next(it)), text,
                  flags=re.M)
    assert next(it, None) is None
    return text, [card_text(c) for c in ids]


def test_the_named_fallback_keeps_the_crafts_a_record_names() -> None:
    """Ruling 661. Seed 1000 written with its draws named and its item crafts named by card
    (line 'C:...Zmouseinasack...'): ruling 660's fallback once left every item craft open to
    any card crafting that item and returned a game crafting Smuggler's Trail there. Now a
    craft is open only where the record gives the item alone, the fully named record writes
    the named crafts by name, and the game returned crafts every card the record names."""
    from rootgame.records.rootlog import namer, searches
    from rootgame.records.rootlog.cards import card_text
    from rootgame.records.rootlog.writer import _replay_history, _Writer

    text, want = _crafts_named(1000)
    assert "\nC:Zmouseinasack/" in text
    rec = parse_rootlog(text)
    budget = 1000 + 3 * sum(len(t.actions) for t in rec.turns)
    out = namer.named_fallback(rec, lambda r, quick: searches.searched(
        r, budget, 0, fallback=False, quick=quick))
    assert out is not None
    rp = _replay_history(out.game, None, None)
    got = [card_text(int(st.act[1])) for st in rp.obs.steps if st.act is not None
           and st.act[0] == "craft" and card_text(int(st.act[1])) in want]
    assert got == want
    w = _Writer(list(out.game.state.factions))
    assert namer.crafts_agree(rec, rp, w)
    wrong = parse_rootlog(text.replace("C:Zmouseinasack/", "C:Zsmugglerstrail/", 1))
    assert not namer.crafts_agree(wrong, rp, w)


def test_the_named_fallback_compares_the_cards_per_movement() -> None:
    """Rulings 660 and 662. ``namer.agrees``, the check of the fully named record against
    the record: seed 1000's record with its draws named agrees with the game's own fully
    named record, also with a line's discards by suit in another order (compared per
    movement, from and to, not by position in the line); not where a named draw differs or a
    discard's suit is another."""
    from rootgame.records.rootlog import namer

    full = export_rootlog(random_game(1000))
    rec = as_people_write(full, ("draws",))
    line = "/F#anvil+M#roottea+M#codeb->C/M#C->/F#C->/F#C->"
    assert line in rec and "/F#anvil+M#roottea+M#codeb->C/" in full
    assert namer.agrees(parse_rootlog(rec), parse_rootlog(full))
    swapped = rec.replace(line, "/F#anvil+M#roottea+M#codeb->C/F#C->/M#C->/F#C->")
    assert namer.agrees(parse_rootlog(swapped), parse_rootlog(full))
    other_draw = full.replace("/F#anvil+M#roottea+M#codeb->C/", "/F#anvil+M#sword+M#codeb->C/")
    assert not namer.agrees(parse_rootlog(rec), parse_rootlog(other_draw))
    other_suit = rec.replace(line, "/F#anvil+M#roottea+M#codeb->C/M#C->/F#C->/M#C->")
    assert not namer.agrees(parse_rootlog(other_suit), parse_rootlog(full))


def test_a_line_is_solved_again_on_the_course_a_backjump_takes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 989 (2.1, appendix A step 7; rulings 426, 442, 920). Seed 1012 with the
    Alliance, people-style, its first 114 lines: at line 110 the Alliance spends its crafted
    Royal Claim (``B#$->``), draws it again after the shuffle of its three draws and
    discards a bird by its suit (``3#->A/.../B#A->``); it crafts the Royal Claim at line
    114 (``Zroyal``). Ruling 920's search (``searches.NEAR``) discards the Royal Claim
    there, the Eyrie's line 113 between has its identities solved (ruling 442, once a
    line), and line 114 lacks the Royal Claim; the search goes back to the discard of line
    110 (ruling 426) and keeps it, but line 113's solve was spent on the course left and
    the search was stuck at line 113 on every course it went back to. With the lines from
    the decision gone back to solved once more on the new course
    (``CardIdentity.jumped_back``), it imports the record to the same board at every
    line; without it, it is refused at line 114."""
    from rootgame.records.rootlog import identity
    from rootgame.records.rootlog.importer import Importer

    g = random_game(1012, None, MEA)
    lines = as_people_write_supporters(export_rootlog(g)).splitlines()
    assert lines[109].startswith("A:B#$->/#->A/") and "/3#->A/F#A->/B#A->/" in lines[109]
    assert "/Zroyal/" in lines[113]
    rec = parse_rootlog("\n".join(lines[:114]) + "\n")
    budget = 1000 + 3 * sum(len(t.actions) for t in rec.turns)

    def near() -> Importer:
        imp = Importer(rec)
        imp.latest_first, imp.till_shuffle = True, True
        return imp

    imp = near()
    assert_same_board_so_far(imp.finish(imp.run(budget), 0), g)
    monkeypatch.setattr(identity, "RESOLVE_AFTER_JUMP", False)
    with pytest.raises(RootlogError, match=r"^line 114, column 49: .*'Zroyal'"):
        near().run(budget)
