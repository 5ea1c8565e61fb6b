"""The Rootlog importer's search gives a candidate up before the engine runs on when the
decision's own change is no open movement of the record (``Importer.refuted``,
``Importer.unexplained``): the imports are the same as when every candidate is run to
its next decision (docs/rootlog.md, "Speed"); and what it tries is freed as it goes, not
held in cycles for the garbage collector."""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import random_game
from rootlogkit import as_people_write

from rootgame.records.rootlog import (
    board_lines,
    export_rootlog,
    game_turn_states,
    parse_rootlog,
    replay_rootlog,
)
from rootgame.records.rootlog import importer as importer_module
from rootgame.records.rootlog import search as search_module
from rootgame.records.rootlog.decisions import BATTLES, BUILDS, HAND_CARDS, moved_by
from rootgame.records.rootlog.importer import Importer
from rootgame.records.rootlog.search import Cand, Pos


def _people_text(seed: int, decisions: int | None = None) -> str:
    return as_people_write(export_rootlog(random_game(seed, decisions)))


def test_a_move_or_card_the_line_cannot_take_up_is_given_up_as_running_it_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """4.2, 4.1, 4.3, 6.5.3-6.5.6, 7.3.3, 7.4.2: every move, card spent, battle, recruit,
    building, wood and leader that ``unexplained`` gives up without copying the state is one
    the full evaluation (copy, decision, engine to the next decision, match) refuses too; a
    move that asks how many warriors next has no visible effect by itself, and every count
    then asked is refused."""
    seen: list[tuple[Any, ...]] = []
    counted: list[tuple[Any, ...]] = []
    plain = Importer.unexplained

    def checked(self: Importer, pos: Pos, g: Any, a: tuple[Any, ...]) -> bool:
        out = plain(self, pos, g, a)
        if out:
            key = (g.stack[-1].kind, a[0])
            assert moved_by(g, a) is not None or key in HAND_CARDS or key in BATTLES or \
                key in BUILDS or key in (("cat_actions", "recruit"), ("eyrie_leader", "leader"))
            for r in self.evaluate(pos, g, a, (), (), [], None):
                assert not isinstance(r, Cand), a
                g2, legal = r[0], r[1]
                assert g2.stack[-1].kind == "move_count", a
                assert all(self.evaluate(pos, g2, c, (), (), [], None) == [] for c in legal), a
                counted.append(a)
            seen.append(a)
        return out

    monkeypatch.setattr(Importer, "unexplained", checked)
    g = random_game(1002, 120)
    rep = replay_rootlog(_people_text(1002, 120))
    assert board_lines(rep.turns) == board_lines(game_turn_states(g))
    assert {a[0] for a in seen} >= {"march", "decree", "craft", "battle", "build", "recruit",
                                    "overwork", "leader"}
    assert "march" in {a[0] for a in counted}


@pytest.mark.parametrize(("seed", "decisions"), [(1003, 200), (1011, 200), (1080, None)])
def test_the_early_refusals_leave_the_import_as_it_was(
    seed: int, decisions: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same game (final state hash, board and scores at every line) and no more
    candidates kept, with the early refusals as without them (every action run to the next
    decision and matched whole). Seed 1080 comes back to a march whose moves of several
    warriors are all refused: the search must come back as often as without the refusals
    (it mends a hand when a decision has nothing left to try)."""
    text = _people_text(seed, decisions)
    fast = replay_rootlog(text)
    with monkeypatch.context() as m:
        m.setattr(importer_module.Importer, "refuted", lambda self, pos, atoms: False)
        m.setattr(importer_module.Importer, "unexplained", lambda self, pos, g, a: False)
        slow = replay_rootlog(text)
    assert fast.game.hash() == slow.game.hash()
    assert fast.turns == slow.turns


def test_states_are_told_apart_as_by_their_whole_fingerprints(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The candidates and silent states kept, when only those that share the cheap part of
    the comparison (``outline``, ``frames``) are fingerprinted, are those kept when every one
    is: the same game, board and scores at every line, decisions."""
    text = _people_text(1003, 200)
    fast = replay_rootlog(text)
    with monkeypatch.context() as m:
        m.setattr(search_module, "outline", lambda c: ())
        m.setattr(search_module, "frames", lambda g: ())
        slow = replay_rootlog(text)
    assert fast.game.hash() == slow.game.hash()
    assert fast.game.history == slow.game.history
    assert fast.turns == slow.turns


_SETUP = """Map: Fall
Deck: Standard
C: Ann
E: Bob

C:t_k->1/w->1+2+4+5+6+7+8+9+10+11+12/b_s->10/b_r->9/b_w->1
E:b->3/6w->3/#despot->$

"""
"""A Marquise-Eyrie record's header and setups, for hand-made lines after them."""

_TWO_ACTIONS = _SETUP + """C:w->7/w12->
C:w12->7
"""


def test_a_move_taken_up_by_two_actions_is_a_tie_breaker() -> None:
    """Ruling 419: a warrior moved from 12 to 7 may be taken up as a removal and a
    placement the record writes; when they are two of its actions ('w->7/w12->', which
    a recruit and an Organize or a battle may explain as well) the match counts it as a
    merging, so that a course whose pieces do what each action says ranks first. A move
    written as one ('w12->7') merges nothing."""
    imp = Importer(parse_rootlog(_TWO_ACTIONS))
    move = ("transfer", (0, "w", 12, 7), 1)
    got = []
    for line in imp.turn_lines[:2]:
        left = [at.amount for at in imp.lines[line].atoms]
        imp.merged = 0
        got.append((imp.consume(line, left, move, {}), left, imp.merged))
    assert got == [(0, [0, 0], 1), (0, [0, 0], 0)]


_GIVEN_THEN_CRAFTED = _SETUP + """C:R#rootteaE->C/Z%t
E:R#roottea->E
"""


def test_a_card_the_line_already_gave_is_not_named_again() -> None:
    """The tie-breaker for a card the record does not tell apart as it leaves a hand
    (``Z%t``: which Root Tea) spends first a card the record does not name again before it
    is drawn again. A naming of the current line already matched (the Eyrie gave the
    rabbit tea, 'R#rootteaE->C') is not a later naming: with it matched, the rabbit tea,
    drawn again on the next line, costs nothing to spend (MEAV 103 thief crafted the mouse
    tea instead, which the Alliance mobilizes five lines later, and was refused there)."""
    imp = Importer(parse_rootlog(_GIVEN_THEN_CRAFTED))
    line = imp.turn_lines[0]
    left = [at.amount for at in imp.lines[line].atoms]
    assert imp.spend_cost("root-tea:rabbit", line, left) > 0  # still to be given
    left[0] = 0  # given
    assert imp.spend_cost("root-tea:rabbit", line, left) == 0
    assert imp.redrawn_at("root-tea:rabbit", line, left) == imp.rank_of[imp.turn_lines[1]]


def test_an_import_leaves_no_cycles_holding_its_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The states the search tries and the search itself are freed by reference counting,
    not left to the garbage collector (docs/rootlog.md, "Sooner, and its garbage freed"):
    with the collector off, an import (seed 1000) and the same record refused (an
    impossible draw added, as in ``test_a_whole_game_with_a_contradiction_is_refused_at_its_line``)
    leave a few objects in cycles, not 137,000 (each state tried, held by its observer's
    hooks) and 1,121,000 (the whole search, held by its error's traceback). The refused
    record is refused by all four searches (the third, ruling 640's, and the fourth, ruling
    675's, built with those from each other first deal, ruling 670, and rulings 920's and
    961's only
    when the second gives up, and going on abreast, ruling 730; ruling 680's probe of the
    third's order at the first search's dead end before the second), by ruling 660's
    fallback first (the record relaxed, refused by the same searches), and its error holds
    neither an earlier search's error nor its traceback."""
    import gc

    from rootgame.records.rootlog import RootlogError
    from rootgame.records.rootlog.opening import DEALS

    searches: list[tuple[bool, bool, int, bool]] = []
    steps = Importer.steps

    def counted(imp: Importer, *args: Any) -> Any:
        if len(args) == 1 or args[1] is None:  # a search, not a restart
            searches.append((imp.lazy, imp.latest_first, imp.deal, imp.paired))
        return steps(imp, *args)

    monkeypatch.setattr(Importer, "steps", counted)
    lines = as_people_write(export_rootlog(random_game(1000))).splitlines()
    draws = [i for i, ln in enumerate(lines) if ln.startswith("C:") and "#->C" in ln]
    k = draws[len(draws) * 3 // 4]
    bad = lines[:k] + [lines[k] + "/#royal+#royal->C"] + lines[k + 1:]
    gc.collect()
    gc.disable()
    try:
        replay_rootlog("\n".join(lines) + "\n")
        assert gc.collect() < 1000
        assert searches == [(True, False, 0, False)]
        searches.clear()
        with pytest.raises(RootlogError, match=rf"^line {k + 1}, ") as refused:
            replay_rootlog("\n".join(bad) + "\n")
        # Ruling 660's fallback first (ruling 700: the record names a draw, '#royal', but
        # no starting hand): the record relaxed, its draws unnamed, is refused by the
        # searches (the probe of the third search's order at the first dead end, ruling
        # 680, too), the third, the fourth and those from the other first deals (ruling
        # 670), ruling 920's (the third's order, its spendings counting a later
        # naming only up to the next pile's first draw) and ruling 961's (a card spent
        # unnamed that spares the line's later spendings first) built at once and going on
        # abreast (ruling 730); then the record itself, by the same searches (its
        # fallback after the first search, ruling 701, does not import the relaxed record
        # again).
        four = [(True, False, 0, False), (True, True, 0, False), (False, False, 0, False),
                (True, True, 0, False), (True, False, 0, True)]
        deals = [(True, False, d, False) for d in DEALS] + [(True, True, 0, False),
                                                            (True, False, 0, False)]
        assert searches == four + deals + four + deals
        assert refused.value.__context__ is None
        del refused
        # A few objects in cycles per search made (some 40-80 each), not
        # the search's states.
        assert gc.collect() < 100 * len(searches)
    finally:
        gc.enable()


def test_a_cycle_that_finds_nothing_is_told_by_sets_as_the_search_would() -> None:
    """``piles.reaches`` (speed only) says whether ``PileExchanges.cycle``'s breadth-first
    search finds a path: on random places and writings, the search run in full (``reaches``
    taken to say yes) finds one exactly where ``reaches`` says so."""
    import random
    from types import SimpleNamespace

    from rootgame.cards import DECK
    from rootgame.records.rootlog import piles
    from rootgame.records.rootlog.cards import CardSpec

    suits = ["fox", "rabbit", "mouse", "bird"]
    rng = random.Random(3629)
    found = 0
    for _ in range(400):
        cards = rng.sample(range(len(DECK)), 12)
        f, rest = cards[0], cards[1:]
        members = [(y, None if rng.random() < 0.1 else CardSpec(rng.choice(suits)))
                   for y in rest]
        spec = CardSpec(rng.choice(suits))
        longest = rng.choice((3, 5, 7))
        stub: Any = SimpleNamespace(members=lambda *_, m=members: m, order=[0],
                                    spend_cost=lambda *_: 0)
        pos: Any = SimpleNamespace(free={f: (1, 0)}, line=0, left={0: []})
        says = piles.reaches(members, f, spec, longest)
        was = piles.reaches
        piles.reaches = lambda *_: True
        try:
            path = piles.PileExchanges.cycle(stub, pos, None, f, spec, set(), longest)
        finally:
            piles.reaches = was
        assert says == (path is not None), (members, f, spec, longest)
        found += says
    assert 0 < found < 400


def test_the_course_walked_once_stops_where_the_walk_node_by_node_did(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``walks.CourseWalk`` (speed only) walks up the course once for every pair of cards
    ruling 545's ``respent_own`` tries at a node: on seed 3629 written as people do, each
    of its answers is the node where the walk up node by node stops (the decision that
    spent the draw, ``otherwise.spent_here`` (ruling 620), or the node where the hand did
    not hold the card)."""
    from rootgame.records.rootlog import walks
    from rootgame.records.rootlog.otherwise import spent_here

    stop = walks.CourseWalk.stop
    asked = [0]

    def checked(self: walks.CourseWalk, u: int, x: int, serial: int) -> Any:
        n = self.up[0]
        while n.parent is not None and not spent_here(n, u, serial) \
                and x in n.pos.g.seats[self.seat].hand:
            n = n.parent
        got = stop(self, u, x, serial)
        assert got is n
        asked[0] += 1
        return got

    monkeypatch.setattr(walks.CourseWalk, "stop", checked)
    replay_rootlog(_people_text(3629))
    assert asked[0] > 1000
