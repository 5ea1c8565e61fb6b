"""Named cards spent by their suit taken back, spendings taken otherwise and crossed, and the
draws of an earlier pile's time (``respends.py``, ``crossed.py``, ``redraws.py``,
``identity.py``; docs/rootlog.md, "Replaying a record (import)"; rulings 570-572, 580-581,
590-592, 600, 610-611, 620-625, 630, 650-653 and 685 in docs/rulings.md). Simulated games
written as people write them, each refused before the ruling that imports it. Which unnamed
draw a card the line takes goes to: test_rootlog_identity.py; the helpers:
tests/rootlogkit.py."""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import random_game
from rootlogkit import (
    FINAL_REPLAY_FAILS,
    as_people_write,
    assert_replays_the_game,
    assert_whole_game_imports,
    no_named_fallback,
    refused_at_a_failed_replay,
    refused_without,
    search_events,
)

import rootgame.records.rootlog.expanding as expanding
import rootgame.records.rootlog.searches as searches
from rootgame.records.rootlog import (
    RootlogError,
    crossed,
    export_rootlog,
    redraws,
    replay_rootlog,
    swaps,
)
from rootgame.records.rootlog.cards import CardSpec
from rootgame.records.rootlog.identity import CardIdentity
from rootgame.records.rootlog.importer import Importer


def test_a_card_drawn_by_name_may_be_the_one_its_hand_spent_by_its_suit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 545. Seed 1014 written as people do but with its draws named (``R#@->C``;
    discards by suit only, no starting hands), line 52 ('C:w10->1/.../M#C->'): the
    Marquise discards a mouse, in the game the Crossbow she was dealt. At line 37 she
    overworked with a rabbit written by its suit ('R#C->', in the game the rabbit Ambush!
    she drew by name at line 28); the import spent there the one starting card of hers
    still open, so at line 52 she held only cards the record named, none a mouse, and the
    solve has no slot for a card named at every time. A card the hand drew by name and
    holds still is now taken to have been the card it spent by that suit, the starting
    card staying in the hand, open, and given a mouse (``SpentOtherwise.respent_own``):
    the game imports and replays to the same board at every line; without it (and without
    ruling 571, which takes the search on to line 56), it is refused at line 52."""
    text = assert_whole_game_imports(1014, 52, "C:w10->1/", ("draws",))
    monkeypatch.setattr(CardIdentity, "unspending", False)
    refused_without(monkeypatch, text, "respent_own", lambda *_: None, 52)


def test_a_card_named_drawn_may_be_taken_back_along_a_chain_of_one_hand_s_spendings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 581. Seed 1016 with its draws named, line 56
    ('E:M#E->$_m/2w1->5/w2->10/b->9/++2/R#bank+R#smugglerstrail->E'): the Eyrie draws a
    Better Burrow Bank by name after her Decree, the last two cards of the pile. The
    import had the Marquise spend at line 22 a rabbit by its suit (Overwork) from a
    starting card, given that Bank's identity since, while she held the Command Warren the
    record named drawn (line 16); she spent that card by its suit too, later (Field
    Hospitals, line 50), holding A Visit to Friends, named drawn at line 34, which she
    holds still. No card she holds still was held at line 22 (ruling 580's exchange), so
    nothing gave the Bank back. The spendings are now taken one card further along the
    hand's cards held by name (line 22 the Command Warren, line 50 A Visit to Friends),
    the starting card staying in the hand (``redraws.chained_respend``): the game imports
    and replays to the same board at every line; without it, it is refused at line 56."""
    text = assert_whole_game_imports(1016, 56, "E:M#E->$_m/2w1->5/", ("draws",))
    refused_without(monkeypatch, text, "chained_respend", lambda *_: None, 56, redraws)


def test_a_card_named_drawn_may_be_taken_back_by_two_spendings_of_one_hand_crossed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 630. Seed 1065 with its draws named, line 40
    ('C:t->4+10/F#@+F#foxfolksteel+M#scout->C'): the Marquise draws the Foxfolk Steel by
    name. The import had her pay Field Hospitals at line 17 (`B#C->`) with the Arms Trader
    she drew by name at line 13, and craft a sword at line 19 (`Z%x`) from a starting
    card, given the Foxfolk Steel's identity since; every other card the craft allows is
    named, and she holds no card by name that the craft could have taken (rulings 580,
    581), so nothing gave the Foxfolk Steel back. The two spendings are now taken crossed
    (``crossed.crossed_for_draw``): Field Hospitals took the starting card, a bird of the
    draw pile, and the craft the Arms Trader, which what was written of each allows; the
    game imports and replays to the same board at every line; without it, it is refused
    at line 40."""
    text = assert_whole_game_imports(1065, 40, "C:t->4+10/F#@+F#foxfolksteel", ("draws",))
    refused_without(monkeypatch, text, "CROSSED", False, 40, crossed)


def test_a_card_named_as_it_leaves_a_hand_may_be_the_one_the_line_took_into_it_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 590. Seed 5048 written as people do but with its discards and Decree cards
    named (``as_people_write(text, ("suits",))``), refused at line 95 before
    ('B#armorE->C', the turn of the Marquise ending without it). At line 89 the Marquise
    takes the Armorers from the Eyrie by name with Stand and Deliver! and discards the
    Armorers by name later in the line ('B#armorE->C/.../B#armorC->'), in the game the
    very card she took (both Armorers were in the second pile: the Eyrie drew one at line
    88, the other at line 94, taken at line 95). The line's needs counted two Armorers, the
    Eyrie's for the taking and the Marquise's own for the discard, so her unnamed draw was
    given the other copy before the line was searched, and at line 95 no card of the pile
    was left for the Eyrie's draw of line 94. A card the line spends by name from a hand
    after it takes a card of that name into the hand by name is now met by that card, as
    a craft alike to it is (ruling 467; ``exchanges.named_brought_in``): the game imports
    and replays to the same board at every line; without it, it is refused at line 95.
    (Ruling 593, made with it, imports the game too, by the search's order: the discard
    takes the card taken by name first, leaving the draw open; turned off here.)"""
    import rootgame.records.rootlog.identity as identity

    monkeypatch.setattr(expanding, "named_first", lambda *_: 0)
    text = assert_whole_game_imports(5048, 95, "C:B#armorE->C/", ("suits",))
    refused_without(monkeypatch, text, "named_brought_in", lambda *_: False, 95, identity)


def test_two_alike_crafts_may_have_been_each_other_the_whole_game_through(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 591. Seed 1063 with its discards and Decree cards named, refused at line 65
    before ('F#travelgearC->', the Marquise discarding down to five). In the game the
    Marquise drew the fox Travel Gear at line 32, crafted it at line 35 ('Z%f'), drew it
    again from the second pile at line 59 and discards it by name at line 65; she drew the
    mouse one at line 50 and crafted it at line 53, after the reshuffle. The import had
    the two the other way round: the mouse Travel Gear in her hand at line 65 (her draw of
    line 59) and the fox one in the discard pile, crafted at line 53, where no card of
    either pile's time could stand for it (the only card alike to it is her own draw).
    Neither card was ever named before, and what was written of each at every one of its
    times (a boot crafted) allows the other: the two are now exchanged the whole game
    through (``alike.whole_game``, last of ``CardIdentity.settle_free``'s ways): the game
    imports and replays to the same board at every line; without it, it is refused at
    line 65."""
    import rootgame.records.rootlog.alike as alike

    text = assert_whole_game_imports(1063, 65, "C:10w10->2/", ("suits",))
    monkeypatch.setattr(swaps, "SWAPPED_SINCE", False)  # ruling 940 finds it too
    refused_without(monkeypatch, text, "whole_game", lambda *_: False, 65, alike)


def test_two_alike_crafts_named_before_may_have_been_each_other_since(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 592. Seed 1095 with its discards and Decree cards named, refused at line
    125 before ('F#rootteaC->', the Marquise discarding down to five the fox Root Tea she
    drew at line 125). The record named both the fox and the mouse Root Tea going into
    the Decree in the first pile's time (lines 40 and 28); each was shuffled into the
    second pile and drawn from it unnamed, in the game the fox one by the Marquise at line
    80 (crafted by its item only at line 86, 'Z%t', shuffled into the third pile, drawn
    at line 125), the mouse one by the Eyrie at line 100 (crafted at line 103, after the
    second reshuffle). The import had the two the other way round, the mouse Root Tea in
    the Marquise's hand at line 125, and no card of either time could stand for the fox
    one. From the second pile on, the record left
    both open at every time (each drawn from it unnamed, nothing named since), and what
    was written of each allows the other: the two are now exchanged at those times
    (``alike.since_named``; their named times stay theirs): the game imports and replays
    to the same board at every line; without it, it is refused at line 125."""
    import rootgame.records.rootlog.alike as alike

    text = assert_whole_game_imports(1095, 125, "C:Zsap/", ("suits",))
    monkeypatch.setattr(swaps, "SWAPPED_SINCE", False)  # ruling 940 finds it too
    refused_without(monkeypatch, text, "since_named", lambda *_: False, 125, alike)


def test_the_search_goes_back_to_a_named_card_spent_by_its_suit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 570. Seed 1026 written as people do but with its draws named, line 46
    ('C:Z%x/...'): the Marquise crafts a Crossbow, the mouse one she drew by name at line
    38. At line 43 she discarded a mouse by its suit ('M#C->', in the game the Travel Gear
    she drew by name at line 40) holding both; the search discarded the Crossbow, and going
    back for the card line 46 lacks (ruling 426) it reached only spendings of unnamed draws.
    It now goes back, where none is left, to the latest spending by suit of a card the record
    named that the need allows while the hand held another card the writing allows
    (``exchanges.spent_named``, ``Importer.named_back``). With ruling 571 off (which also
    imports the seed, taking the Crossbow's spending back for the need) the game imports by
    going back and replays to the same board at every line; without both, it is refused at
    line 46. (Since ruling 840 the search keeps the named Crossbow from the discard for
    the later craft by its item: turned off here.)"""
    text = assert_whole_game_imports(1026, 46, "C:Z%x/", ("draws",))
    monkeypatch.setattr(CardIdentity, "alike_crafted", False)
    monkeypatch.setattr(CardIdentity, "unspending", False)
    assert_replays_the_game(replay_rootlog(text), random_game(1026))
    refused_without(monkeypatch, text, "named_back", False, 46, Importer)


def test_a_named_card_spent_by_its_suit_may_be_taken_back_for_a_need_of_its_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 571. Seed 1058 written as people do but with its draws named, line 52
    ('C:Zcodeb/...'): the Marquise crafts the Codebreakers she drew by name at line 37. At
    line 40 she discarded a mouse by its suit ('M#C->', in the game the Mouse-in-a-Sack she
    was dealt); the import discarded the Codebreakers, her starting cards spent by then,
    so at line 52 she held no Codebreakers, and no exchange took a named
    card's spending back (ruling 545 takes a named card held still as the card spent).
    A named card the need allows that the hand spent by its suit while it held an unnamed
    draw of the pile's time is now taken back: the draw was spent there (given a card the
    writing allows), the named card stayed in the hand. The draw may itself have been spent
    by its suit while the hand held a named card it holds still, which is taken to have been
    spent there instead: here her starting card spent as a rabbit at line 31, taken to have
    been the Cobbler she drew by name at line 22 (``SpentOtherwise.unspent_named``; a
    ``respend_as`` and a ``spend_draw`` event for the final replay). The game imports and
    replays to the same board at every line; without it, it is refused at line 52."""
    text = assert_whole_game_imports(1058, 52, "C:Zcodeb/", ("draws",))
    refused_without(monkeypatch, text, "unspending", False, 52)
    events = search_events(text)
    assert any(e[0] == "spend_draw" for e in events)


def test_a_card_named_drawn_may_be_a_starting_card_whose_spending_took_a_named_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 572. Seed 1053 written as people do but with its draws named, line 47
    ('C:t->3+8/.../F#foxfolksteel+M#favor->C'): the Marquise draws the Foxfolk Steel by
    name. The import had given it to a starting card spent by its suit as a fox, in the
    discard pile, and no cycle of that pile's time's places (ruling 410) gave the draw its
    card. The hand that spent the starting
    card held then the Protection Racket it drew by name at line 17 and holds still; that
    card is now taken to have been the one spent, the starting card staying in the hand,
    open, and given a card of the draw pile, which then holds the Foxfolk Steel for the
    draw (``SpentOtherwise.drawn_back``; a ``respend_as`` event). The game imports and
    replays to the same board at every line; without it, it is refused at line 47. (Ruling
    580, made beside it, imported the game too, at line 46; withdrawn, subsumed by this
    ruling.)"""
    text = assert_whole_game_imports(1053, 47, "C:t->3+8/", ("draws",))
    refused_without(monkeypatch, text, "drawing_back", False, 47)


def test_a_card_taken_by_name_spares_the_present_draws_the_owner_s_next_line_spends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 600. Seed 5640 (of the fresh seeds 5630-6029), refused at line 52 before
    ('M#E->$_x', the Eyrie's turn ending without it). At line 50 the Marquise takes the
    Sappers from the Eyrie by name ('B#sapE->C'); the Eyrie holds a draw of line 46,
    before the reshuffle of line 47, and two of line 49, and adds two mice to the Decree
    at line 52 before she draws again ('M#E->$_m/M#E->$_x'). Ruling 477 gave the named
    card to a draw of the present pile (two present draws, none spared for the Marquise's
    line), leaving one present draw for two mice; in the game the Sappers was her old
    draw, given it by exchange with the Marquise's draw of that time. A card another
    faction's line takes by name from a hand spares the present draws the owner's next
    line spends before a card goes into the hand: the game imports and replays to the
    same board at every line; without it it is refused."""
    import rootgame.records.rootlog.exchanges as exchanges

    text = assert_whole_game_imports(5640, 52, "E:M#E->$_m/M#E->$_x/")
    refused_without(monkeypatch, text, "OWNER_AHEAD", False, 52, exchanges)


def internal_without(
    monkeypatch: pytest.MonkeyPatch, text: str, name: str, plain: object, owner: object,
) -> None:
    """The record ``text`` ends in a failure of the final replay (``result.py``; refused at
    the decision's line since ruling 751) with ``owner.<name>`` replaced by ``plain`` (a fix
    of rulings 610-611 turned off), by the searches: ruling 660's fallback, which ruling 700
    tries first for these records (their draws named, no starting hands), turned off."""
    with monkeypatch.context() as m:
        m.setattr(owner, name, plain)
        no_named_fallback(m)
        refused_at_a_failed_replay(m)
        with pytest.raises(RootlogError, match=FINAL_REPLAY_FAILS):
            replay_rootlog(text)


def test_a_named_card_taken_as_spent_instead_of_a_draw_is_of_the_hand_that_spent_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 610. Rulings 571-572 take a card a hand holds by name to have been spent where
    an unnamed draw was spent by its suit (a ``respend_as`` event); they took it from any
    hand. Seed 1196 with its draws named: the Marquise's starting card spent as a bird was
    taken to have been a card the Eyrie held by name, and the final replay of the course
    found failed ('decree 38 battle': the Bake Sale not in the Eyrie's hand), an internal
    error. Only a card of the hand that spent the draw is taken now: the game imports and
    replays to the same board at every line. Seed 1099 (the same internal error, 'decree
    25 move') is refused cleanly at line 34 ('Z%f'). (Since ruling 840, whose order keeps
    a card the hand holds by name for a later craft by its item, both take other courses:
    turned off here.)"""
    import rootgame.records.rootlog.respends as respends

    text = assert_whole_game_imports(1196, 29, "C:t->6+7/Z%x/", ("draws",))
    monkeypatch.setattr(CardIdentity, "alike_crafted", False)
    internal_without(monkeypatch, text, "OWN_HAND", False, respends)
    other = as_people_write(export_rootlog(random_game(1099)), ("draws",))
    no_named_fallback(monkeypatch)  # ruling 660's fallback imports 1099
    # The quick search from another first deal imports 1099 (ruling 670): turned off.
    monkeypatch.setattr(searches, "DEALS", ())
    with pytest.raises(RootlogError, match=r"^line 34, .*'Z%f'"):
        replay_rootlog(other)
    # Ruling 623 keeps ruling 571 from spending the Marquise's draw at the Eyrie's
    # decision, 1099's 'spend_draw', by itself: turned off here.
    monkeypatch.setattr(respends, "HELD_THEN", False)
    internal_without(monkeypatch, other, "OWN_HAND", False, respends)


def test_a_draw_cycle_looks_the_step_s_later_draws_up_where_their_cards_were(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 611. Seed 1131 with its draws named, line 55 ('.../M#codeb+F#foxfolksteel+
    R#bakesale->C'): the Marquise's draws empty the draw pile, the discard pile is
    shuffled into a new one and she draws on. Her first draw took its card along a cycle
    of the old pile's places (ruling 410), which renamed the step's later draws; the next
    draw, of the new pile, was then looked up by its new name, a card of the old pile,
    and taken as a draw of the old pile: two starting cards spent by their suit were given
    the same card, and the final replay's shuffle did not hold its cards (an internal
    error). A cycle now notes the step's later draws' cards as a swap of two draws does
    (``NamedDraws.note_drawn_as``): the game imports and replays to the same board at
    every line."""
    from rootgame.records.rootlog.draws import NamedDraws

    text = assert_whole_game_imports(1131, 55, "C:2t->5/t->8/Z%f/", ("draws",))
    internal_without(monkeypatch, text, "note_drawn_as", lambda *_: None, NamedDraws)


def last_respent(found: list[tuple[int, int]], i: int) -> tuple[int, int]:
    """``result.first_respent`` before the fix of seed 6535: the last spending of a draw
    taken otherwise, for every decision that spent the draw."""
    at, other = found[-1] if found else (-1, 0)
    return (at, other) if at > i else (-1, 0)


def test_a_draw_kept_twice_where_it_was_spent_is_replayed_at_each_spending(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rulings 421 and 450, seed 6535. At line 61 the Marquise discards down to five, a
    bird by its suit (``B#C->``); for the Eyrie's line 62 the solve takes that discard to
    have spent her draw of line 61 (after the reshuffle) instead of her draw of line 55,
    which stays in her hand (ruling 450, a ``respend`` event). At line 65 she pays that
    draw for Field Hospitals (``F#C->``), and at line 67 her ambush (``XE12F@``) wants a
    fox: ``reattribute`` (ruling 421) takes the hospital to have spent another draw of
    the new pile, the draw of line 55 kept once more (a second ``respend`` event of the
    same draw). The final replay kept only the last event of a draw and had the discard
    of line 61 spend the hospital's card, not in her hand then (an internal error:
    'discard 18' is not legal now). Each spending now follows the first such event after
    it: the game imports and replays to the same board at every line. (Since ruling 862,
    whose order spends an unnamed draw the record next names in another hand first, the
    search takes another course there: turned off here.)"""
    import rootgame.records.rootlog.matching as matching
    import rootgame.records.rootlog.result as result

    monkeypatch.setattr(matching, "DRAW_NAMED_ELSEWHERE", False)
    monkeypatch.setattr(swaps, "SWAPPED_SINCE", False)  # ruling 940: another course
    text = assert_whole_game_imports(6535, 67, "C:#->C/#->E/XE12F@/")
    internal_without(monkeypatch, text, "first_respent", last_respent, result)


def _pos(free: dict[int, tuple[int, int]], loose: dict[int, Any] | None = None,
         epoch: int = 0, hands: tuple[list[int], ...] = ()) -> Any:
    """A search state of the cards only, for the guards of rulings 620-624."""
    from types import SimpleNamespace

    from rootgame.records.rootlog.search import Pos

    g = SimpleNamespace(seats=[SimpleNamespace(hand=h) for h in hands])
    return Pos(g, [], None, None, 0, {}, free, epoch, loose=loose or {})


def test_a_spending_taken_otherwise_is_sought_at_decisions_and_counted_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 620 (review of rulings 571-611). An unnamed draw's spending is sought only at
    a node that carries a decision's tokens: ruling 571's exchange makes a node (no
    tokens) where the draw it takes to have been spent elsewhere goes from the hand to the
    cards spent, which the walks of rulings 545, 571-572, 580 and the solve took for the
    spending decision. And every exchange counts the same events of a spending already
    taken otherwise (``otherwise.UNSPENT``): a ``spend_draw`` for the solve and rulings
    428, 545 and 580 too, a ``respend_as`` for the solve."""
    from rootgame.records.rootlog import otherwise
    from rootgame.records.rootlog.search import Node

    spec = CardSpec(suit="fox")
    root = Node(_pos({5: (7, 0)}))
    repaired = Node(_pos({}, {5: (7, 0, spec)}), root, (), (("spend_draw", 3, 40, 7),),
                    repaired=True)
    decision = Node(_pos({}, {5: (7, 0, spec)}), root, ("discard 5",),
                    (("respend_as", 9, 41),))
    assert not otherwise.spent_here(repaired, 5, 7)
    assert otherwise.spent_here(decision, 5, 7)
    assert otherwise.taken_otherwise(repaired) == {7}
    assert otherwise.taken_otherwise(decision) == {9}
    monkeypatch.setattr(otherwise, "ONE_SET", False)
    assert otherwise.spent_here(repaired, 5, 7)
    assert otherwise.taken_otherwise(repaired) == set()
    assert otherwise.taken_otherwise(decision, ("respend", "respend_as")) == {9}


def test_a_decision_s_named_card_is_taken_otherwise_once() -> None:
    """Ruling 621. Ruling 571 (``spend_draw``) and ruling 581 (``respend_fixed``) each take
    the named card a decision of the course spent to have been another: the one leaves
    alone what the other took (``otherwise.renamed_at``), and the final replay refuses a
    card renamed twice at one decision as an internal error (``result.once_renamed``)
    instead of letting the later silently win."""
    from rootgame.records.rootlog import otherwise, result
    from rootgame.records.rootlog.search import Node

    root = Node(_pos({}))
    chain = Node(_pos({}), root, (), (("respend_fixed", 4, 30, 31),))
    drawn = Node(_pos({}), chain, (), (("spend_draw", 6, 32, 8),))
    assert otherwise.renamed_at([root, chain, drawn]) == {(4, 30), (6, 32)}
    result.once_renamed(6, 32, {}, [(32, 8)])
    with pytest.raises(RootlogError, match="^internal: decision 4 .* card 30 otherwise twice"):
        result.once_renamed(4, 30, {30: 31}, [(30, 8)])
    with pytest.raises(RootlogError, match="^internal:"):
        result.once_renamed(6, 32, {}, [(32, 8), (32, 9)])


def test_a_naming_is_sought_at_decisions_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling 690 (the review's L5). The cards the record named as they left a hand that
    ruling 520 may take to have been another draw of it (``otherwise.namings``) are sought
    only at a decision's node, as the spendings since ruling 620: an exchange's node (no
    tokens) that gave the hand's unnamed draw another card shows the draw's card of before
    leaving the hand, a naming of the same time (slot) no decision made, which took one of
    the solve's ``MAX_RENAMINGS`` courses with the hand of another state."""
    from types import SimpleNamespace

    from rootgame.records.rootlog import otherwise
    from rootgame.records.rootlog.search import Node

    root = Node(_pos({10: (7, 0)}, hands=([10, 3],)))
    exchanged = Node(_pos({11: (7, 0)}, hands=([11, 3],)), root, (), (("cycle",),))
    crafted = Node(_pos({}, hands=([3],)), exchanged, ("craft 11",))
    course: Any = SimpleNamespace(slots=[(7, 0, None)], named={0})
    found = [(i, c, hand) for i, c, hand, _then in otherwise.namings(crafted, course)]
    assert found == [(0, 11, [11, 3])]
    monkeypatch.setattr(otherwise, "NAMED_AT_DECISIONS", False)
    found = [(i, c, hand) for i, c, hand, _then in otherwise.namings(crafted, course)]
    assert found == [(0, 11, [11, 3]), (0, 10, [10, 3])]


def test_a_spending_taken_otherwise_is_not_renamed_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 691 (the review's H2, second remedy). A decision whose card the final replay
    takes to spend another card (``result.first_respent``: a spending by suit taken
    otherwise) is not renamed again by a crossing (``respend_fixed``) or a spending taken
    back (``spend_draw``): the final replay refuses it as an internal error
    (``result.respent_kept``) instead of letting the later rename silently win, the card
    spent at two decisions. Without the ruling the later rename wins."""
    from rootgame.records.rootlog import result

    result.respent_kept(6, {32: 40}, {32: 40, 30: 31})
    result.respent_kept(6, {}, {30: 31})
    with pytest.raises(RootlogError, match="^internal: decision 6 .* card 32 as card 40 .* 41"):
        result.respent_kept(6, {32: 40}, {32: 41})
    # In the final replay: the decision of a course whose spending by suit a later node
    # took otherwise (a respend_as event) and that a crossing renames too.
    from rootgame.records.rootlog.search import Node

    root = Node(_pos({32: (7, 0)}))
    spent = Node(_pos({}, {32: (7, 0, None)}), root, ("discard 32",),
                 (("respend_fixed", 1, 32, 41),))
    back = Node(_pos({}, {32: (7, 0, None)}), spent, (), (("respend_as", 7, 40),))
    with pytest.raises(RootlogError, match="^internal: decision 1 .* card 32 as card 40"):
        result.decision_names([root, spent, back], {}, {})
    monkeypatch.setattr(result, "RESPENT_KEPT", False)
    assert result.decision_names([root, spent, back], {}, {})[1] == {32: 41}


def test_a_link_of_a_chain_is_a_card_held_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling 622. A link of ruling 581's chain swaps cards the hand held by name; a card
    the record named once and drawn again unnamed after a reshuffle is an open card at that
    spending (``Pos.free``), no link (``redraws.held_by_name``)."""
    then = _pos({30: (12, 1)}, {31: (13, 1, CardSpec(suit="fox"))}, 1)
    assert not redraws.held_by_name(then, 30)
    assert not redraws.held_by_name(then, 31)
    assert redraws.held_by_name(then, 32)
    monkeypatch.setattr(redraws, "NAMED_LINKS", False)
    assert redraws.held_by_name(then, 30)


def test_ruling_571_spends_instead_only_a_draw_the_deciding_hand_held(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 623. Ruling 571 takes a decision that spent a named card by its suit to have
    spent an unnamed draw instead: only a draw that hand held then (or one already spent,
    whose own spending ruling 610 ties to the hand), not another hand's draw taken since
    (ruling 610's class of bug; ``respends.in_hand_then``). Seed 1099 with its draws named
    and ruling 610 turned off: ruling 571 took the Eyrie's Decree card to have been spent
    as a draw of the Marquise's ('spend_draw'), and the final replay failed ('decree 25
    move', an internal error); with this ruling the record is refused cleanly at line 34
    ('Z%f'), as with ruling 610. (Ruling 840, whose order takes 1099 down another
    course, turned off.)"""
    from rootgame.records.rootlog import respends

    monkeypatch.setattr(CardIdentity, "alike_crafted", False)

    then = _pos({10: (7, 0), 11: (8, 0)}, {12: (9, 0, None)}, 0, ([10], [11]))
    assert respends.in_hand_then(then, [10], 7)
    assert not respends.in_hand_then(then, [10], 8)
    assert respends.in_hand_then(then, [10], 9)
    text = as_people_write(export_rootlog(random_game(1099)), ("draws",))
    monkeypatch.setattr(respends, "OWN_HAND", False)
    no_named_fallback(monkeypatch)  # ruling 660's fallback imports 1099
    # Ruling 670 off: with ruling 610 off, the quick search from another first deal finds
    # a course of 1099 whose final replay fails ('discard 14'), not this ruling's case.
    monkeypatch.setattr(searches, "DEALS", ())
    with pytest.raises(RootlogError, match=r"^line 34, .*'Z%f'"):
        replay_rootlog(text)
    monkeypatch.setattr(respends, "HELD_THEN", False)
    assert respends.in_hand_then(then, [10], 8)
    refused_at_a_failed_replay(monkeypatch)
    with pytest.raises(RootlogError, match=FINAL_REPLAY_FAILS):
        replay_rootlog(text)


def test_a_named_draw_may_take_only_an_unnamed_draw_of_the_present_pile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 624. A draw the record names takes its card from the pile, or from an unnamed
    draw of the present pile's time (``NamedDraws.settle_draw``); rulings 572 and 580 gave
    up on it when an unnamed draw of an earlier pile's time held the card
    (``draws.drawable``)."""
    from rootgame.records.rootlog import draws

    pos = _pos({20: (3, 0), 21: (9, 1)}, epoch=1)
    assert not draws.drawable(pos, 20)
    assert draws.drawable(pos, 21)
    assert not draws.drawable(pos, 22)
    monkeypatch.setattr(draws, "PRESENT_ONLY", False)
    assert draws.drawable(pos, 20)


def test_ruling_592_reads_which_card_an_open_time_is_from_the_state_exchanged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 625. Ruling 592 (``alike.since_named``) asks that every draw of two alike
    cards since the earliest pile of their open times be one of their open times. It read
    the draws of each card from the course up to the node being expanded, which lacks the
    renamings of the exchange under way: here draw 11 is card 40's open time in the state
    (renamed from card 50 by that exchange), the course still has it card 50's, and the
    exchange was not tried. The state now says which card each open time is
    (``alike.open_serials``), the course only which draws the record named."""
    from rootgame.records.rootlog import alike
    from rootgame.records.rootlog.search import Node

    pos = _pos({40: (11, 1)}, {41: (12, 1, None)}, 1)
    pos.fixed = frozenset({41})
    course = Node(_pos({}), None, (), (("reshuffle",), ("draw", 50, 11), ("draw", 41, 12)))
    assert alike.open_serials(pos) == {11, 12}
    assert alike.since_named(pos, course, 40, 41)
    named = Node(_pos({}), course, (), (("draw", 40, 13),))
    assert not alike.since_named(pos, named, 40, 41)  # a draw of card 40 the record named
    monkeypatch.setattr(alike, "FRESH", False)
    assert not alike.since_named(pos, course, 40, 41)


def test_a_crossing_leaves_alone_a_card_the_course_already_spent_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 650 (review of ruling 630). Ruling 630 crosses a named card ``x`` spent at
    decision ``i`` with an open card's spending at ``j``: the final replay renames the
    card at each (``respend_fixed``, ``spend_draw``). A decision's named card that ruling
    571 or 581 (or an earlier crossing) already took otherwise (``otherwise.renamed_at``,
    ruling 621), and a card an event already moved into another spending's stead, are left
    alone (``crossed.spent_otherwise``): the final replay's ``once_renamed`` would raise."""
    from rootgame.records.rootlog.search import Node

    root = Node(_pos({}))
    chain = Node(_pos({}), root, (), (("respend_fixed", 4, 30, 31),))
    drawn = Node(_pos({}), chain, (), (("spend_draw", 6, 32, 8), ("respend_as", 9, 33)))
    assert crossed.spent_otherwise([root, chain, drawn]) == ({(4, 30), (6, 32)}, {31, 32, 33})
    monkeypatch.setattr(crossed, "ONCE", False)
    assert crossed.spent_otherwise([root, chain, drawn]) == (set(), set())


def test_a_crossing_leaves_alone_a_spending_the_course_took_otherwise_since(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 651 (review of ruling 630). The open card's last spending in the course's
    states (``redraws.last_spending``) is not its spending where a later node took that
    spending otherwise: ruling 571's ``spend_draw`` has the draw spent at its own
    decision. Only a spending after the last such event is crossed
    (``crossed.taken_since``), else the card is spent at two decisions, the later rename
    silently overriding the other."""
    from rootgame.records.rootlog.search import Node

    root = Node(_pos({}))
    spent = Node(_pos({}), root, ("discard 5",))
    unspent = Node(_pos({}), spent, (), (("spend_draw", 1, 40, 7),), repaired=True)
    again = Node(_pos({}), unspent, (), (("respend_as", 9, 41),), repaired=True)
    path = [root, spent, unspent, again]
    assert crossed.taken_since(path, 7) == 2
    assert crossed.taken_since(path, 9) == 3
    assert crossed.taken_since(path, 8) == -1
    monkeypatch.setattr(crossed, "TAKEN_SINCE", False)
    assert crossed.taken_since(path, 7) == -1


def test_a_draw_taken_back_is_crossed_only_where_its_hand_held_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 652 (review of ruling 630). A crossing moves the open card's spending to
    the named card's decision; the hand holds the draw until then. For a draw spent and
    taken back since (rulings 545, 571), whose states show it spent where it stayed,
    every state was taken to hold it, one before the draw was drawn too: now the draw is
    an unnamed draw of the hand, or spent then (``crossed.holds_open``)."""
    spec = CardSpec(suit="fox")
    held_ = _pos({5: (7, 0)}, {}, 0, ([5],))
    spent = _pos({}, {5: (7, 0, spec)}, 0, ([],))
    before = _pos({}, {}, 0, ([6],))
    other = _pos({5: (7, 0)}, {}, 0, ([6], [5]))
    for back in (False, True):
        assert crossed.holds_open(held_, [5], 7, back)
        assert not crossed.holds_open(other, [6], 7, back)  # another hand's draw
    assert crossed.holds_open(spent, [], 7, True)
    assert not crossed.holds_open(spent, [], 7, False)
    assert not crossed.holds_open(before, [6], 7, True)  # not drawn yet
    monkeypatch.setattr(crossed, "HELD_BACK", False)
    assert crossed.holds_open(before, [6], 7, True)


def test_a_crossing_takes_only_a_card_held_by_its_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 653 (review of ruling 630, as ruling 622 of ruling 581). The named card a
    crossing takes was held by its name as its decision spent it: a card the record named
    once and drawn again unnamed after a reshuffle is an open card there
    (``Pos.free``, ``Pos.loose``), no card to cross (``crossed.named_then``)."""
    # 30 drawn again unnamed, 31 spent by its suit so, 32 held by its name
    then = _pos({30: (12, 1)}, {31: (13, 1, CardSpec(suit="fox"))}, 1)
    assert [crossed.named_then(then, c) for c in (30, 31, 32)] == [False, False, True]
    monkeypatch.setattr(crossed, "NAMED_THEN", False)
    assert all(crossed.named_then(then, c) for c in (30, 31, 32))


def test_a_draw_of_an_earlier_pile_keeps_its_card_named_later_from_its_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 685. Seed 1043 with its discards and Decree cards named, refused at line 160
    before ('B#armstraderE->$_x', the Eyrie adding the Arms Trader to the Decree). In the
    game she drew the Arms Trader at line 145, the third pile's last draws, held it across
    the reshuffle of line 146 and adds it at line 160; at line 154 she crafted a bag
    ('Z%b'), the Birdy Bindle she drew from the fourth pile at line 151. The import gave
    the bag to her draw of the third pile, the Arms Trader, by exchange with the
    Marquise's draw of that pile's time (the Smuggler's Trail): the Arms Trader went to the
    Marquise's draw, of a pile since shuffled away, where no exchange of the fourth pile's
    time reaches it, and at line 160 the Eyrie's draws could be none. A draw of an earlier
    pile's time whose card the record next names leaving the same hand is now given a card
    after the hand's draws of the present pile (``PileExchanges.own_named_later``, in
    ``settle_first``): the game imports and replays to the same board at every line;
    without it, it is refused at line 160."""
    import rootgame.records.rootlog.piles as piles

    text = assert_whole_game_imports(1043, 160, "E:M#codebE->$_m/B#armstraderE->$_x/", ("suits",))
    refused_without(monkeypatch, text, "OWN_KEPT", False, 160, piles)
