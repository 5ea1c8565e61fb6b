"""The search bot (ISMCTS): it plays legal actions, keeps its budget and reuses its tree; and
the bots on the command line (the heuristic bots are tested in test_bot_play.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from lawkit import cid

from rootgame import Game, bots, new_game
from rootgame.actions import token
from rootgame.bots import Observation, ismcts
from rootgame.bots.heuristic.core import HeuristicBot, evaluate, settle
from rootgame.bots.heuristic.core import policy as heuristic_policy
from rootgame.bots.heuristic.core import values as heuristic_values
from rootgame.bots.sim import decision, step
from rootgame.position import build

# --- ISMCTS ----------------------------------------------------------------------------------


def test_ismcts_spends_its_iteration_budget_and_reuses_its_tree() -> None:
    g = new_game(seed=5)
    r = bots.get("random", seed=1)
    while g.decision != "cat_actions":
        g.apply(r.act(g))
    bot = bots.get("ismcts", seed=3, iterations=30)
    while g.current_seat == g.state.turn_seat and g.decision == "cat_actions":
        choice = bot.decide(Observation(g))
        if len(g.legal_actions()) > 1:
            assert choice.info["iterations"] == 30
        g.apply(choice.action)
        if g.current_seat is not None and g.decision == "move_count":
            follow = bot.decide(Observation(g))
            assert follow.info["reused"] > 0
            g.apply(follow.action)
            break


def test_ismcts_searches_the_best_scored_actions_first() -> None:
    """Progressive unpruning: with ``width=2`` and 12 iterations only the heuristic's two
    best-scored actions at the root are searched (one more once the visits double past 16);
    ``width=0`` searches every action."""
    g = new_game(seed=5)
    r = bots.get("random", seed=1)
    while g.decision != "cat_actions" or len(g.legal_actions()) < 4:
        g.apply(r.act(g))
    narrow = bots.get("ismcts", seed=3, iterations=12, width=2).decide(Observation(g))
    assert narrow.info["searched"] == 2
    wide = bots.get("ismcts", seed=3, iterations=12, width=0).decide(Observation(g))
    assert wide.info["searched"] > 2
    with pytest.raises(ValueError, match="width"):
        bots.get("ismcts", width=-1)


def test_ismcts_counts_a_cpu_budget_on_the_deciding_threads_cpu_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``clock="cpu"`` reads the thread's CPU time (other processes' load does not count);
    with a clock that advances 10 ms a reading, a 100 ms budget less its 5% margin stops the
    search when one more iteration would pass 95 ms."""
    assert ismcts.CLOCKS["cpu"] is time.thread_time
    assert ismcts.CLOCKS["wall"] is time.perf_counter
    ticks = iter(range(10**6))
    monkeypatch.setitem(ismcts.CLOCKS, "cpu", lambda: next(ticks) / 100)
    g = new_game(seed=5)
    r = bots.get("random", seed=1)
    while g.decision != "cat_actions" or len(g.legal_actions()) < 4:
        g.apply(r.act(g))
    bot = bots.get("ismcts", seed=3, budget_ms=100, clock="cpu")
    assert bot.spec == "ismcts:100cpums"
    choice = bot.decide(Observation(g))
    # Readings: start, search start (10 ms: the root's scoring), then one per iteration:
    # at 20 ms + 10k after k iterations, the pace is 10 ms; stop when 20 + 10k + 10 >= 95.
    assert choice.info["iterations"] == 7
    assert choice.info["clock"] == "cpu"
    with pytest.raises(ValueError, match="clock must be one of wall, cpu"):
        bots.get("ismcts", budget_ms=100, clock="sundial")


def _marquise_daylight(seed: int = 5) -> Game:
    """A game at the Marquise's Daylight actions with four or more choices (random play)."""
    g = new_game(seed=seed)
    r = bots.get("random", seed=1)
    while g.decision != "cat_actions" or len(g.legal_actions()) < 4:
        g.apply(r.act(g))
    return g


def test_ismcts_searches_no_further_than_the_end_of_the_present_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``horizon="turn"`` (the default): no step of the search is taken in a later turn than
    the root's, so the other seat's turn, whose early samples are its worst choices, does
    not make ending Daylight look good; ``horizon="game"`` plays on into it (here the
    random step after a leaf, ``rollout_depth=1``, once ``end`` is searched)."""
    g = _marquise_daylight()
    turns: list[int] = []
    real = ismcts.step

    def counted(state: Any, a: Any, horizon: int | None = None, on_forced: Any = None) -> Any:
        turns.append(state.turn_number)
        return real(state, a, horizon, on_forced)

    monkeypatch.setattr(ismcts, "step", counted)
    now = g.state.turn_number
    opts: dict[str, Any] = {"seed": 3, "iterations": 60, "width": 0, "rollout_depth": 1}
    bots.get("ismcts", **opts).decide(Observation(g))
    assert turns and set(turns) == {now}
    turns.clear()
    bots.get("ismcts", horizon="game", **opts).decide(Observation(g))
    assert max(turns) > now
    with pytest.raises(ValueError, match="horizon must be 'game' or 'turn'"):
        bots.get("ismcts", horizon="week")


def test_ismcts_counts_the_policys_rules_of_thumb_in_the_reward() -> None:
    """``shaping``: a node keeps the deciding seat's rule of thumb for its action
    (``Policy.shaping``): ending the Marquise's Daylight is worth minus the cards of the
    Evening draw, which comes anyway (6.6), as in the heuristic's choice."""
    g = _marquise_daylight()
    obs = Observation(g)
    bot = ismcts.IsmctsBot(seed=3, iterations=40, width=0)
    root = ismcts.Node(2)
    bot._set_priors(obs, root, obs.legal)
    for _ in range(40):
        bot._iterate(obs.sample(bot.rng), root, obs.seat)
    end = root.children["end"]
    want = heuristic_policy("marquise").bonus(g.state, obs.seat, "cat_actions", ("end",))[0]
    assert end.visits > 0 and want < 0
    assert end.bonus == want
    plain = ismcts.IsmctsBot(seed=3, iterations=40, width=0, shaping=False)
    root = ismcts.Node(2)
    plain._set_priors(obs, root, obs.legal)
    plain._iterate(obs.sample(plain.rng), root, obs.seat)
    assert all(c.bonus == 0.0 for c in root.children.values())


def test_ismcts_charges_a_forced_turmoil_as_a_chosen_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """7.7: the Eyrie recruits with its vizier in 3 or 4 (rabbit roosts); its fox Move card
    then has no warriors in a fox clearing, so turmoil follows, forced. ``shaping`` charges
    it the policy's -15 for turmoil as when it is chosen among other cards (the Decree's
    foreseen turmoil is gone once it happens, so otherwise it looked nearly free)."""
    g = build(
        {
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {
                "3": {"eyrie": "1w roost"},
                "4": {"eyrie": "1w roost"},
                "1": {"marquise": "2w keep"},
            },
            "eyrie": {
                "leader": "builder",
                "decree": {"recruit": ["vizier"], "move": ["anvil"], "build": ["vizier"]},
            },
        }
    )
    obs = Observation(g)
    assert obs.decision == "decree" and len(obs.legal) == 2
    seen: list[list[float]] = []
    for shaping in (True, False):
        bot = ismcts.IsmctsBot(seed=3, iterations=1, width=0, shaping=shaping)

        def leaf(
            state: Any, acts: Any, shaped: list[float], end: Any, real: Any = bot._leaf
        ) -> list[float]:
            seen.append(list(shaped))
            return real(state, acts, shaped, end)

        monkeypatch.setattr(bot, "_leaf", leaf)
        bot.decide(obs)
    assert seen == [[0.0, -15.0], [0.0, 0.0]]


def test_a_bird_card_for_one_more_action_is_not_shaped_twice() -> None:
    """6.5: the heuristic values a bird card spent with no action left at the best action it
    buys (its lookahead stops before it); a search plays that action, so the Marquise's
    ``shaping`` leaves it out."""
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:actions",
            "turn_state": {"actions": 0},
            "clearings": {"1": {"marquise": "6w keep"}, "3": {"eyrie": "6w roost"}},
            "hands": {"marquise": ["arms-trader", "anvil"]},
        }
    )
    bird = ("bird", cid("arms-trader"))
    assert bird in g.legal_actions()
    pol = heuristic_policy("marquise")
    assert pol.bonus(g.state, 0, "cat_actions", bird)[0] > 0
    assert pol.shaping(g.state, 0, "cat_actions", bird) == 0.0


def _eyrie_adding(hand: list[str]) -> Game:
    return build(
        {
            "turn": "eyrie",
            "at": "birdsong:add_to_decree",
            "clearings": {
                "1": {"eyrie": "4w roost"},
                "2": {"marquise": "1w sawmill"},
                "3": {"marquise": "2w keep"},
            },
            "hands": {"eyrie": hand},
            "eyrie": {"leader": "charismatic"},
        }
    )


def test_7_4_2_ismcts_guides_the_second_decree_card_by_the_heuristic() -> None:
    """``guided``: below the root, the Eyrie's second Decree card (7.4.2, one or two cards)
    is ranked by the heuristic's lookahead when the tree first meets it; the children's
    priors are its scores and, with ``guided_width=1`` and fewer than 16 visits, only its
    best card is searched there, the card the heuristic bot adds in that position.
    Unguided (``guided=()``, the default) the node has no ranking and its untried cards
    come in the engine's order."""
    g = _eyrie_adding(["anvil", "bake-sale", "codebreakers", "arms-trader"])
    obs = Observation(g)
    assert obs.decision == "decree_add"
    trees = {}
    for guided in (ismcts.GUIDED, ()):
        bot = ismcts.IsmctsBot(seed=3, iterations=30, guided=guided, guided_width=1)
        root = ismcts.Node(2)
        bot._set_priors(obs, root, obs.legal)
        for _ in range(30):
            bot._iterate(obs.sample(bot.rng), root, obs.seat)
        trees[guided] = root
    first = {token(a): a for a in obs.legal}
    checked = 0
    for t, node in trees[ismcts.GUIDED].children.items():
        if node.visits < 3:
            continue
        assert node.ranked is not None
        searched = [u for u, c in node.children.items() if c.visits]
        assert searched == [node.ranked[0]]
        assert node.children[node.ranked[0]].prior == 1.0
        after = g.clone()
        after.apply(first[t])
        assert after.decision == "decree_add"
        best = HeuristicBot(seed=1).decide(Observation(after)).action
        assert token(best) == node.ranked[0]
        checked += 1
    assert checked >= 2
    assert all(c.ranked is None for c in trees[()].children.values())


def test_7_4_2_ismcts_can_follow_the_heuristic_s_decree() -> None:
    """``follow``: at a decision it names (the Eyrie's ``decree_add``) the search plays the
    heuristic bot's choice, with its reason, and below the root searches that choice only,
    however many visits the node has."""
    g = _eyrie_adding(["anvil", "bake-sale", "codebreakers", "arms-trader"])
    obs = Observation(g)
    bot = ismcts.IsmctsBot(seed=3, iterations=40, width=1, follow=("decree_add",))
    choice = bot.decide(obs)
    want = HeuristicBot(seed=1).decide(obs)
    assert (choice.action, choice.reason) == (want.action, want.reason)
    assert choice.info == {"followed": True}
    root = ismcts.Node(2)
    bot._set_priors(obs, root, obs.legal)
    for _ in range(40):
        bot._iterate(obs.sample(bot.rng), root, obs.seat)
    below = [c for c in root.children.values() if c.ranked is not None]
    assert below and all(
        [u for u, d in c.children.items() if d.visits] == [c.ranked[0]] for c in below
    )
    assert max(c.visits for c in below) >= 16  # past where unpruning would add a card


def test_ismcts_leaf_settles_the_movers_follow_ups_for_the_best() -> None:
    """``settle``: a leaf at a follow-up (how many of her six warriors march from 1 to 5)
    takes the count the mover values most, as the heuristic's lookahead does, instead of
    leaving it undecided or drawing it at random."""
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:actions",
            "clearings": {"1": {"marquise": "6w keep"}, "5": {"eyrie": "1w roost"}},
        }
    )
    s = g.state.clone()
    acts = step(s, ("march", 1, 5))
    assert decision(s) == "move_count" and len(acts) == 6
    worth = []
    for b in acts:
        h = s.clone()
        step(h, b)
        worth.append(sum(evaluate(h, 0).values()))
    done, terms = settle(s, 0, acts, 2, None)
    assert decision(done) != "move_count"
    assert sum(evaluate(done, 0).values()) == max(worth)
    assert terms == evaluate(done, 0)  # the chosen state's evaluation, computed once
    assert len(set(worth)) > 1  # the count matters: a random one could be worse


def test_the_bot_options_are_read_from_the_command_line_form() -> None:
    assert bots.parse_spec("ismcts:200cpums") == (
        "ismcts", {"budget_ms": 200.0, "clock": "cpu"}
    )
    assert bots.parse_spec("ismcts:1cpus") == ("ismcts", {"budget_ms": 1000.0, "clock": "cpu"})
    assert bots.from_spec("ismcts:200cpums").spec == "ismcts:200cpums"
    assert bots.from_spec("ismcts:200ms").spec == "ismcts:200ms"
    assert bots.parse_spec("ismcts:200ms") == ("ismcts", {"budget_ms": 200.0})
    assert bots.parse_spec("ismcts:1s") == ("ismcts", {"budget_ms": 1000.0})
    assert bots.parse_spec("ismcts:500") == ("ismcts", {"iterations": 500})
    assert bots.from_spec("ismcts:50").spec == "ismcts:50"
    with pytest.raises(ValueError, match="a budget such as 200ms"):
        bots.parse_spec("ismcts:fast")
    with pytest.raises(ValueError, match="at least 1"):
        bots.get("ismcts", iterations=0)


# --- the command line ------------------------------------------------------------------------


def test_play_against_a_named_bot_shows_its_reasons() -> None:
    from typer.testing import CliRunner

    from rootgame.cli import app

    args = ["play", "--as", "eyrie", "--seed", "3"]
    wide = {"COLUMNS": "100"}  # the terminal game's size: a recap line is cut to the width
    r = CliRunner().invoke(app, [*args, "--bot", "heuristic"], input="quit\n", env=wide)
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "played by the heuristic bot (seed 3: play it again with --seed 3 --bot heuristic)" in (
        out
    )
    # The recap tells the bot's setup, each decision with its reason on its line.
    keep = "Marquise de Cat: Place the keep in clearing 1 (fox)"
    assert f"{keep} \u2014 places the keep in a corner" in out
    r = CliRunner().invoke(app, args, input="quit\n", env=wide)
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert "against a random Marquise de Cat (seed 3" in out
    assert keep in out and "\u2014" not in out  # the random bot's reasons are noise: not shown
    r = CliRunner().invoke(app, ["play", "--as", "eyrie", "--bot", "nobody"])
    assert r.exit_code != 0 and "unknown bot 'nobody'" in r.output


def test_simulate_gives_the_ith_bot_the_ith_faction() -> None:
    import json

    from typer.testing import CliRunner

    from rootgame.cli import app

    args = ["simulate", "--bots", "heuristic,random", "-n", "2", "--seed", "5", "--json"]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    s = json.loads(r.output)
    assert s["wins"] == {"marquise": 2, "eyrie": 0}
    r = CliRunner().invoke(app, ["simulate", "--bots", "heuristic,random,random"])
    assert r.exit_code != 0 and "one bot per faction" in r.output


def test_a_game_with_bots_is_the_same_whatever_the_string_hashing() -> None:
    """A game with bots is reproducible from its seed in any process: the heuristic's
    lookahead averaged its terms over the draws of chance in the order of a set of their
    names, which follows the process's string hashing (PYTHONHASHSEED), and the float sums
    that order: game 5 of two heuristic bots took another course in its last turns."""
    import os
    import subprocess
    import sys

    code = (
        "from rootgame import new_game\n"
        "from rootgame.bots import from_spec\n"
        "from rootgame.bench import bot_seed\n"
        "g = new_game(['marquise', 'eyrie'], seed=5)\n"
        "p = [from_spec('heuristic', bot_seed(5, s)) for s in range(2)]\n"
        "while not g.is_over:\n"
        "    g.apply(p[g.current_seat].choose(g))\n"
        "print(' '.join(g.history))\n"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": h},
        ).stdout
        for h in ("1", "2")
    ]
    assert runs[0] and runs[0] == runs[1]


def test_ismcts_leaf_term_decree_doom_charges_the_turmoil_a_finished_turn_foretells() -> None:
    """``leaf_terms=("decree_doom",)``: once the Eyrie's Decree is carried out for the turn,
    a Decree its next turn cannot carry out on the board as it stands (7.5.2) costs what the
    turmoil would (7.7: the rule of thumb's 15, 4 a VP for each bird card Humiliate takes, 1.2
    each card purged beyond the viziers) less what the "decree" term already charges (6 and
    1.5 a bird card), times 0.8; nothing while the Decree is being carried out, nothing for a
    Decree the next turn can carry out, nothing for another faction; off by default."""

    def doom(eyrie: dict[str, Any], clearings: dict[str, Any], at: str = "evening") -> float:
        s = build({
            "factions": ["marquise", "eyrie"], "turn": "eyrie", "at": at,
            "clearings": {"1": {"marquise": "2w keep"}, **clearings}, "eyrie": eyrie,
        }).state
        assert ismcts.decree_doom(s, 0) == 0.0
        return ismcts.decree_doom(s, 1)

    lone = {"5": {"eyrie": "4w roost"}}  # no fox clearing ruled, none empty within reach
    fox_build = {"leader": "builder", "decree": {"build": ["ambush:fox"]}, "col": "end"}
    # Two viziers (birds), one card bad, none purged beyond it: 0.8 * (15 + 8 - 9).
    assert doom(fox_build, lone) == pytest.approx(-0.8 * 14)
    with_recruit = {**fox_build, "decree": {"recruit": ["ambush:rabbit"], "build": ["ambush:fox"]}}
    assert doom(with_recruit, lone) == pytest.approx(-0.8 * (14 + 1.2))
    # A fox clearing the Eyrie rules without a roost: the Build card can be carried out.
    assert doom(fox_build, {**lone, "6": {"eyrie": "2w"}}) == 0.0
    # While the Decree is being carried out the search meets the turmoil itself.
    resolving = {**fox_build, "col": "build", "pending": ["ambush:fox"]}
    assert doom(resolving, lone, at="daylight:decree") == 0.0
    s = build({
        "factions": ["marquise", "eyrie"], "turn": "eyrie", "at": "evening",
        "clearings": {"1": {"marquise": "2w keep"}, **lone}, "eyrie": fox_build,
    }).state
    plain = heuristic_values(s)
    got = ismcts.IsmctsBot(seed=3, iterations=5, leaf_terms=("decree_doom",))._values(s)
    assert got[1] == pytest.approx(plain[1] - 0.8 * 14)
    assert got[0] == pytest.approx(plain[0] + 0.8 * 0.8 * 14)


def test_ismcts_leaf_terms_weigh_the_eyries_roosts_within_the_enemys_reach() -> None:
    """``leaf_terms=("roost_guard",)``: a roost the enemy's warriors reach (in its clearing
    or the most next to it) costs the Eyrie 2 with none of its warriors there (4.3.5.II), 1
    with fewer than the enemy's; twice that for its only roost (7.6.1, 7.7). The leaf adds it
    to the Eyrie's value and the Marquise subtracts 0.8 times it; off by default."""

    def guard(clearings: dict[str, dict[str, str]]) -> float:
        s = build({"factions": ["marquise", "eyrie"], "clearings": clearings}).state
        assert ismcts.roost_guard(s, 0) == 0.0
        return ismcts.roost_guard(s, 1)

    keep = {"3": {"marquise": "2w keep"}}
    # Clearing 9 is next to 1 and 4: the roost at 1 is held by 4 warriors, the one at 4 by none.
    two = {**keep, "1": {"eyrie": "4w roost"}, "4": {"eyrie": "roost"}, "9": {"marquise": "1w"}}
    assert guard(two) == -2.0
    assert guard({**keep, "4": {"eyrie": "roost"}, "9": {"marquise": "1w"}}) == -4.0
    assert guard({**keep, "4": {"eyrie": "1w roost"}, "9": {"marquise": "2w"}}) == -2.0
    assert guard({**keep, "4": {"eyrie": "2w roost"}, "9": {"marquise": "2w"}}) == 0.0
    assert guard({**keep, "4": {"eyrie": "roost"}}) == 0.0
    s = build({"factions": ["marquise", "eyrie"], "clearings": two}).state
    plain = heuristic_values(s)
    got = ismcts.IsmctsBot(seed=3, iterations=5, leaf_terms=("roost_guard",))._values(s)
    assert got[1] == pytest.approx(plain[1] - 2.0)
    assert got[0] == pytest.approx(plain[0] + 0.8 * 2.0)
    assert ismcts.IsmctsBot(seed=3)._values(s) == plain
    with pytest.raises(ValueError, match="leaf_terms: no term moat"):
        ismcts.IsmctsBot(leaf_terms=("moat",))
