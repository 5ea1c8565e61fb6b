"""The heuristic and search bots: they play legal actions for whole games, decide as the
Law's factions should in set positions, explain themselves, and the search keeps its budget
and reuses its tree."""

from __future__ import annotations

import time
from typing import Any

import pytest
from lawkit import cid

from rootgame import Game, bots, new_game
from rootgame.actions import token
from rootgame.bench import bot_seed
from rootgame.bots import Choice, Observation, ismcts
from rootgame.bots.heuristic.clockwork import EE_ROOST
from rootgame.bots.heuristic.core import HeuristicBot, evaluate, settle
from rootgame.bots.heuristic.core import policy as heuristic_policy
from rootgame.bots.heuristic.core import values as heuristic_values
from rootgame.bots.heuristic.eyrie import build_sites
from rootgame.bots.sim import decision, step
from rootgame.factions.eyrie import COLUMNS
from rootgame.position import build
from rootgame.rules.core import card_suit

MIXES = (("marquise", "eyrie"), ("eyrie", "marquise"))
NEW_MIXES = (
    ("alliance", "marquise"),
    ("eyrie", "alliance"),
    ("vagabond", "marquise"),
    ("eyrie", "vagabond"),
    ("marquise", "eyrie", "alliance"),
    ("vagabond", "alliance", "eyrie"),
    ("marquise", "vagabond", "eyrie"),
    ("marquise", "eyrie", "alliance", "vagabond"),
    ("vagabond", "alliance", "eyrie", "marquise"),
)
"""Mixes with the Alliance and the Vagabond, two to four players."""


def _play(factions: tuple[str, ...], specs: list[str], seed: int, turns: int) -> Game:
    """A game between bots until ``turns`` turns are done, checking every choice is legal."""
    game = new_game(list(factions), seed=seed, log=False)
    players = [bots.from_spec(s, seed=bot_seed(seed, k)) for k, s in enumerate(specs)]
    while not game.is_over and game.turn_number < turns:
        seat = game.current_seat
        assert seat is not None
        choice = players[seat].decide(Observation(game))
        assert choice.action in game.legal_actions(), (seed, specs, choice)
        game.apply(choice.action)
    return game


@pytest.mark.parametrize("factions", MIXES)
def test_the_random_bot_plays_200_whole_games_per_mix(factions: tuple[str, ...]) -> None:
    over = sum(_play(factions, ["random", "random"], seed, 500).is_over for seed in range(200))
    assert over == 200


@pytest.mark.parametrize("factions", MIXES)
def test_the_heuristic_bot_plays_legal_openings_per_mix(factions: tuple[str, ...]) -> None:
    """Seeded games per mix, each to the end of the first round (short games keep the suite
    quick), the heuristic bot in both seats."""
    for seed in range(12):
        g = _play(factions, ["heuristic", "heuristic"], seed, 2)
        assert g.turn_number == 2 or g.is_over


@pytest.mark.parametrize("factions", MIXES)
def test_the_heuristic_bot_plays_whole_games(factions: tuple[str, ...]) -> None:
    assert _play(factions, ["heuristic", "random"], 7, 200).is_over


@pytest.mark.parametrize("factions", NEW_MIXES)
def test_the_heuristic_bot_plays_legal_games_with_every_faction(factions: tuple[str, ...]) -> None:
    """Seeded games of every size with the Alliance and the Vagabond: the heuristic bot in
    every seat for a few rounds, and a whole game against random bots."""
    n = len(factions)
    for seed in range(6):
        g = _play(factions, ["heuristic"] * n, seed, 2 * n)
        assert g.turn_number == 2 * n or g.is_over
    specs = ["heuristic"] + ["random"] * (n - 1)
    assert _play(factions, specs, 11, 400).is_over


@pytest.mark.parametrize("factions", [*MIXES, NEW_MIXES[-1]])
def test_the_search_bot_plays_legal_actions(factions: tuple[str, ...]) -> None:
    n = len(factions)
    g = _play(factions, ["ismcts:6"] + ["heuristic"] * (n - 1), 1, n + 1)
    assert g.turn_number == n + 1 or g.is_over


# --- the Eyrie -------------------------------------------------------------------------------


def test_7_4_2_the_eyrie_adds_a_card_where_it_can_carry_it_out() -> None:
    """A fox card goes to a column it can resolve: Recruit (a roost in fox clearing 1) or
    Move (warriors there), never Battle or Build (no enemy, no open fox clearing it rules)."""
    g = build(
        {
            "turn": "eyrie",
            "at": "birdsong:add_to_decree",
            "clearings": {"1": {"eyrie": "4w roost"}, "3": {"marquise": "2w keep"}},
            "hands": {"eyrie": ["anvil"]},
            "eyrie": {"leader": "charismatic"},
        }
    )
    choice = bots.get("heuristic", seed=1).decide(Observation(g))
    assert choice.action[0] == "decree" and choice.action[2] in ("recruit", "move")
    assert choice.reason is not None and choice.reason.code == f"eyrie.decree.{choice.action[2]}"
    assert "fox" in str(choice.reason)


def test_7_5_2_the_eyrie_moves_where_its_battle_card_can_be_resolved() -> None:
    """Move column: a vizier; Battle column: a fox card. Of the fox clearings next to its
    warriors (8 and 12) only 12 holds an enemy: moving there keeps the Decree resolvable,
    anywhere else means turmoil (7.7)."""
    g = build(
        {
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {
                "4": {"eyrie": "4w roost"},
                "12": {"marquise": "1w"},
                "3": {"marquise": "2w keep"},
            },
            "eyrie": {
                "leader": "builder",
                "decree": {"recruit": ["vizier"], "move": ["vizier"], "battle": ["anvil"]},
            },
        }
    )
    assert g.decision == "decree"
    legal = g.legal_tokens()
    assert "move bird 4 8" in legal and "move bird 4 12" in legal
    bot = bots.get("heuristic", seed=2)
    choice = bot.decide(Observation(g))
    assert choice.action[:4] == ("move", "bird", 4, 12)
    g.apply(choice.action)
    while g.current_seat == 1 and g.decision == "move_count":
        g.apply(bot.choose(Observation(g)))
    # The battle in 12 followed (the only option); no turmoil deposed the Builder.
    assert g.state.warriors[12][0] == 0 or g.decision == "ambush"
    assert g.state.fs[1].leader == "builder"


def test_7_4_2_the_eyrie_adds_no_more_battle_cards_than_it_has_enemies() -> None:
    """The Commander's viziers are in Move and Battle; its warriors stand in 3, with no
    enemy. Its one move reaches one clearing next door, each holding one Marquise warrior:
    the vizier's battle there removes it, and a fox card added to Battle would find no
    enemy left (7.5.2.III): turmoil. So no card goes to Battle, and adding one is marked as
    a risk."""
    g = build(
        {
            "turn": "eyrie",
            "at": "birdsong:add_to_decree",
            "clearings": {
                "3": {"eyrie": "6w roost"},
                "6": {"marquise": "1w"},
                "7": {"marquise": "1w"},
                "11": {"marquise": "1w"},
                "1": {"marquise": "1w keep workshop"},
            },
            "hands": {"eyrie": ["stand-and-deliver", "anvil", "bake-sale"]},
            "eyrie": {"leader": "commander"},
        }
    )
    bot = bots.get("heuristic", seed=1)
    while g.current_seat == 1 and g.decision == "decree_add":
        choice = bot.decide(Observation(g))
        assert choice.action[0] == "done" or choice.action[2] != "battle"
        if choice.action[0] == "decree":
            assert choice.reason is not None and choice.reason.code.startswith("eyrie.decree.")
        g.apply(choice.action)
    assert [c < 0 for c in g.state.fs[1].decree[COLUMNS.index("battle")]] == [True]
    policy = heuristic_policy("eyrie")
    _, why = policy.bonus(g.state, 1, "decree_add", ("decree", cid("anvil"), "battle"))
    assert why is not None and why.code == "eyrie.decree-risk"


def test_7_4_2_the_eyrie_builds_no_more_roosts_than_its_moves_reach() -> None:
    """The Builder's viziers are in Recruit and Move; its warriors stand in 1 and it rules
    nowhere else. One move reaches one empty clearing for a roost: one card goes to Build,
    the other elsewhere (two Build cards meant turmoil in a tournament game)."""
    g = build(
        {
            "factions": ["eyrie", "alliance"],
            "turn": "eyrie",
            "at": "birdsong:add_to_decree",
            "clearings": {"1": {"eyrie": "6w roost"}},
            "hands": {"eyrie": ["codebreakers", "command-warren", "anvil"]},
            "eyrie": {"leader": "builder"},
        }
    )
    bot = bots.get("heuristic", seed=1)
    while g.current_seat == 0 and g.decision == "decree_add":
        g.apply(bot.choose(Observation(g)))
    build_column = g.state.fs[0].decree[COLUMNS.index("build")]
    assert len(build_column) == 1 and card_suit(build_column[0]) != "bird"


def test_7_2_2_a_roost_site_is_a_clearing_one_move_can_rule() -> None:
    """The Eyrie rules ties (Lords of the Forest, 7.2.2), so a mouse clearing next to its
    warriors is a site for next turn's roost while its enemy has no more pieces there than
    the most warriors next door can bring: 7 (one warrior, three in 3) and 2 (a warrior and
    a workshop, a slot left; two in 6: a tie) are, 11 (four warriors) is not. A mouse card
    added to Build is then no risk."""
    g = build(
        {
            "turn": "eyrie",
            "at": "birdsong:add_to_decree",
            "clearings": {
                "3": {"eyrie": "3w roost"},
                "7": {"marquise": "1w"},
                "11": {"marquise": "4w"},
                "2": {"marquise": "1w workshop"},
                "6": {"eyrie": "2w"},
                "1": {"marquise": "1w keep"},
            },
            "hands": {"eyrie": ["crossbow"]},
            "eyrie": {"leader": "builder"},
        }
    )
    now, later = build_sites(g.state, 1, "mouse")
    assert now == set() and later == {2, 7}
    policy = heuristic_policy("eyrie")
    _, why = policy.bonus(g.state, 1, "decree_add", ("decree", cid("crossbow"), "build"))
    assert why is not None and why.code == "eyrie.decree.build"


def test_7_7_the_eyrie_never_chooses_turmoil_while_a_card_can_be_resolved() -> None:
    g = build(
        {
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {"4": {"eyrie": "4w roost"}, "3": {"marquise": "2w keep"}},
            "eyrie": {
                "leader": "builder",
                "decree": {"recruit": ["vizier"], "move": ["vizier", "anvil"]},
                "col": "move",
                "pending": ["vizier", "anvil"],
            },
        }
    )
    tokens = g.legal_tokens()
    assert "turmoil fox" in tokens and len(tokens) > 1
    choice = bots.get("heuristic", seed=3).decide(Observation(g))
    assert choice.action[0] != "turmoil"


def test_8_2_6_the_eyrie_moves_where_it_pays_no_outrage() -> None:
    """Move column: a fox card; from fox clearing 1 the Eyrie can step into 5 and 9, both
    sympathetic, or 10. The lookahead pays the Outrage of 5 and 9 (a card from its hand
    for the Alliance's supporters), so it goes to 10 and says why."""
    g = build(
        {
            "factions": ["eyrie", "alliance"],
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {
                "1": {"eyrie": "4w roost"},
                "5": {"alliance": "sympathy"},
                "9": {"alliance": "sympathy"},
            },
            "hands": {"eyrie": ["bake-sale", "a-visit-to-friends"]},
            "eyrie": {
                "leader": "builder",
                "decree": {"recruit": ["vizier"], "move": ["vizier", "anvil"]},
                "col": "move",
                "pending": ["anvil"],
            },
        }
    )
    assert {"move fox 1 5", "move fox 1 9", "move fox 1 10"} <= set(g.legal_tokens())
    choice = _decide(g)
    assert choice.action[0] == "move" and choice.action[2:] == (1, 10)
    assert choice.reason is not None and choice.reason.code == "avoid-outrage"
    assert str(choice.reason) == "moves where no sympathy token makes it pay Outrage"
    supporters = len(g.state.fs[1].supporters)
    g.apply(choice.action)
    assert g.decision != "outrage" and len(g.state.fs[1].supporters) == supporters


# --- the Marquise ----------------------------------------------------------------------------


def test_6_5_4_the_marquise_builds_when_she_can() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:actions",
            "clearings": {
                "1": {"marquise": "3w keep sawmill 2wood"},
                "5": {"marquise": "2w"},
                "3": {"eyrie": "3w roost"},
            },
        }
    )
    choice = bots.get("heuristic", seed=4).decide(Observation(g))
    assert choice.action[0] == "build"
    assert choice.reason is not None and choice.reason.code.startswith("marquise.")


def _against_the_bot(clearings: dict[str, Any], **desc: Any) -> Game:
    """The Marquise's Daylight actions against the Electric Eyrie (seat 1), her keep and a
    sawmill in 1, a warrior in 5, the bot's home roost with two warriors in 3."""
    where = {"1": {"marquise": "3w keep sawmill"}, "5": {"marquise": "1w"}}
    where["3"] = {"electric-eyrie": "2w roost"}
    where.update(clearings)
    return build(
        {
            "factions": ["marquise", "electric-eyrie"],
            "turn": "marquise",
            "at": "daylight:actions",
            "clearings": where,
            **desc,
        }
    )


def test_6_5_the_marquise_s_last_action_is_judged_before_the_bot_s_turn() -> None:
    """The lookahead stops at the end of her turn: a Clockwork bot's turn asks nothing, so
    it used to be played whole after an action that ends her Daylight (its roosts scored
    against that action) and not after a march, which leaves a second move to decide. With
    one action left and wood for a sawmill she builds; she marched for nothing."""
    g = _against_the_bot({"1": {"marquise": "3w keep sawmill 1wood"}}, turn_state={"actions": 1})
    choice = _decide(g)
    assert choice.action == ("build", "sawmill", 5)
    assert choice.reason is not None and choice.reason.code == "marquise.vp"


def test_6_5_1_the_marquise_battles_the_electric_eyrie_s_roost() -> None:
    """Her two warriors stand with one of the bot's and a roost in 7: every roost on the map
    is a VP of the bot's every Evening (LR 5.6), so she battles there with her last action."""
    g = _against_the_bot(
        {"7": {"marquise": "2w", "electric-eyrie": "1w roost"}}, turn_state={"actions": 1}
    )
    assert _decide(g).action == ("battle", 7, 1)
    assert evaluate(g.state, 1)["roosts"] == 2 * EE_ROOST


def test_6_5_a_bird_card_buys_the_marquise_an_action_worth_it() -> None:
    """No action left, a bird card in hand and wood for a sawmill: she spends the card, and
    the reason names the action it buys (the lookahead of spending sees only the card gone)."""
    g = _against_the_bot(
        {"1": {"marquise": "3w keep sawmill 1wood"}},
        turn_state={"actions": 0},
        hands={"marquise": ["royal-claim", "anvil"]},
    )
    choice = _decide(g)
    assert choice.action == ("bird", cid("royal-claim"))
    assert choice.reason is not None and choice.reason.code == "marquise.extra-action"
    assert "Build a sawmill in clearing 5" in str(choice.reason)


# --- the Alliance ----------------------------------------------------------------------------


def _alliance(**desc: Any) -> Game:
    return build({"factions": ["marquise", "eyrie", "alliance"], "turn": "alliance", **desc})


def _decide(g: Game, seed: int = 1) -> Choice:
    choice = bots.get("heuristic", seed=seed).decide(Observation(g))
    assert choice.action in g.legal_actions() and choice.reason is not None
    return choice


def test_8_4_1_the_alliance_revolts_where_it_removes_buildings() -> None:
    """Two mouse clearings are sympathetic (7 and 9) and the Alliance holds two mouse
    supporters (a bird is wild): Revolt in 7 removes the Marquise's sawmill and workshop."""
    g = _alliance(
        at="birdsong:revolt",
        clearings={
            "7": {"alliance": "sympathy", "marquise": "1w sawmill workshop"},
            "9": {"alliance": "sympathy"},
        },
        alliance={"supporters": ["codebreakers", "armorers"]},
    )
    assert g.legal_tokens() == ["revolt 7", "revolt 9", "done"]
    choice = _decide(g)
    assert choice.action == ("revolt", 7)
    assert choice.reason is not None and choice.reason.code == "alliance.revolt"
    assert choice.reason.args == {"clearing": 7, "n": 2}
    assert str(choice.reason) == (
        "Revolt in clearing 7: a base, an officer, 2 enemy buildings and tokens removed"
    )


def test_8_4_2_the_alliance_spreads_sympathy_out_of_reach() -> None:
    """From clearing 1 both rabbit clearings 5 and 10 are open at the same cost; the Eyrie's
    warriors in 12 can reach 10 (and pay Outrage rather than be kept out): 5 is the safe one."""
    g = _alliance(
        at="birdsong:spread",
        clearings={"1": {"alliance": "sympathy"}, "12": {"eyrie": "2w"}},
        alliance={"supporters": ["bake-sale", "a-visit-to-friends"]},
    )
    assert "spread 5" in g.legal_tokens() and "spread 10" in g.legal_tokens()
    choice = _decide(g)
    assert choice.action == ("spread", 5)
    assert choice.reason is not None and choice.reason.code == "alliance.spread-safe"


def test_8_6_1_the_alliance_organizes_with_a_warrior_in_an_open_clearing() -> None:
    g = _alliance(
        at="evening:operations",
        clearings={"1": {"alliance": "sympathy"}, "5": {"alliance": "1w"}},
        alliance={"officers": 1},
    )
    assert "organize 5" in g.legal_tokens()
    choice = _decide(g)
    assert choice.action == ("organize", 5)
    assert choice.reason is not None and choice.reason.code == "alliance.organize"


# --- the Vagabond ----------------------------------------------------------------------------


def _vagabond(**desc: Any) -> Game:
    return build({"factions": ["vagabond", "eyrie"], "turn": "vagabond", **desc})


def test_9_3_1_the_vagabond_chooses_the_thief() -> None:
    g = new_game(["marquise", "vagabond"], seed=3)
    r = bots.get("random", seed=1)
    while g.decision != "vb_character":
        g.apply(r.act(g))
    choice = _decide(g)
    assert choice.action == ("character", "thief")
    assert choice.reason is not None and choice.reason.code == "vagabond.character.thief"


def test_9_5_3_the_vagabond_explores_a_ruin_where_he_stands() -> None:
    g = _vagabond(
        at="daylight",
        vagabond={"pawn": 6, "items": {"up": "torch boot sword"}, "ruins": {"6": "hammer"}},
    )
    choice = _decide(g)
    assert choice.action == ("explore",)
    assert choice.reason is not None and choice.reason.code == "vagabond.explore"


def test_9_5_4_the_vagabond_aids_an_allied_faction_for_vp() -> None:
    bake = cid("bake-sale")
    g = _vagabond(
        at="daylight",
        clearings={"5": {"eyrie": "1w"}},
        hands={"vagabond": ["bake-sale"]},
        vagabond={"pawn": 5, "items": {"up": "boot torch"}, "relationships": {"eyrie": "allied"}},
    )
    choice = _decide(g)
    assert choice.action == ("aid", 1, bake)
    assert choice.reason is not None and str(choice.reason) == "aids an Allied faction: 2 VP"


def test_9_4_2_the_vagabond_slips_toward_a_ruin() -> None:
    """From the forest of 3, 6 and 11 with a torch, the Slip takes him into a clearing with
    a ruin (6 or 11) rather than the empty 3."""
    g = _vagabond(
        at="birdsong:slip",
        vagabond={
            "pawn": "forest:3_6_11",
            "items": {"up": "torch boot"},
            "ruins": {"6": "hammer", "11": "bag"},
        },
    )
    choice = _decide(g)
    assert choice.action in (("slip", 6), ("slip", 11))
    assert choice.reason is not None and choice.reason.code.startswith("vagabond.")


def test_9_2_9_3_1_the_vagabond_goes_to_raid_a_hostile_building() -> None:
    """Hostile to the Marquise, with two swords and no torch: of the clearings his Slip
    reaches (3, 6, 11), only 6 holds a building of hers, defended by one warrior: two swords
    remove both (Infamy and the building's VP). Without such a target he would pass."""
    g = build(
        {
            "factions": ["vagabond", "marquise"],
            "turn": "vagabond",
            "at": "birdsong:slip",
            "clearings": {
                "1": {"marquise": "1w keep"},
                "3": {"marquise": "1w"},
                "6": {"marquise": "1w sawmill"},
                "11": {"marquise": "1w"},
            },
            "vagabond": {
                "pawn": "forest:3_6_11",
                "items": {"up": "sword sword boot boot"},
                "relationships": {"marquise": "hostile"},
            },
        }
    )
    choice = _decide(g)
    assert choice.action == ("slip", 6)
    assert choice.reason is not None and choice.reason.code == "vagabond.opportunity"


def test_9_2_9_2_the_vagabond_keeps_a_relationship_he_built_with_aids() -> None:
    """Two Aids up the Marquise's track, he stands with two swords beside one warrior of hers
    and two of her buildings: a battle would score them, but removing the warrior makes her
    Hostile and throws the steps to come away. He does not battle."""
    g = build(
        {
            "factions": ["vagabond", "marquise"],
            "turn": "vagabond",
            "at": "daylight",
            "clearings": {"1": {"marquise": "keep"}, "5": {"marquise": "1w sawmill workshop"}},
            "vagabond": {
                "pawn": 5,
                "items": {"up": "sword sword boot"},
                "relationships": {"marquise": 2},
            },
        }
    )
    assert ("battle", 5, 1) in g.legal_actions()
    choice = _decide(g)
    assert choice.action[0] != "battle"


def _resting(damaged: str) -> Game:
    """In the forest of 3, 6 and 11 at his Slip, with boots, a sword and ``damaged`` items:
    the Marquise's warrior in 11 (mouse), one step from the next relationship with her, and
    one mouse card in hand (a step needs two Aids)."""
    return build(
        {
            "factions": ["vagabond", "marquise"],
            "turn": "vagabond",
            "at": "birdsong:slip",
            "clearings": {"1": {"marquise": "keep"}, "11": {"marquise": "1w"}},
            "hands": {"vagabond": ["mouse-in-a-sack"]},
            "vagabond": {
                "pawn": "forest:3_6_11",
                "items": {"up": "boot boot sword", "damaged-up": damaged},
                "relationships": {"marquise": 1},
            },
        }
    )


def test_9_6_1_the_vagabond_rests_for_two_damaged_items_not_for_one() -> None:
    """Resting in a forest (9.6.1) costs a turn's actions: with one damaged item he slips
    into 11 to aid the Marquise; with two he stays in the forest to repair them at Evening
    (he stood in a forest at 29 VP to mend one sword)."""
    assert _decide(_resting("tea")).action == ("slip", 11)
    stays = _decide(_resting("tea sword"))
    assert stays.action == ("pass",) or int(stays.action[1]) >= 100


def test_9_6_2_ending_daylight_with_five_cards_gains_nothing_from_the_evening_draw() -> None:
    """The lookahead of ending Daylight reaches the Evening draw and stops at the discard
    down to five (a decision): with five cards in hand it sees six. The draw comes whatever
    he does, so the value of ending is the position's own: he does not end his Daylight for
    a card (he ended with a quest or a Steal at hand when his hand was full)."""
    g = _vagabond(
        at="daylight",
        hands={"vagabond": ["bake-sale", "anvil", "sappers", "cobbler", "codebreakers"]},
        vagabond={"pawn": 5, "items": {"up": "boot"}},
    )
    bot = bots.get("heuristic", seed=1)
    assert isinstance(bot, HeuristicBot)
    before = sum(evaluate(g.state, 0).values())
    [(value, terms, _)] = bot.score(g.state, 0, g.decision, [("end",)], [])
    assert terms["cards"] == 6.0  # the hand the lookahead sees, before the discard
    assert value == pytest.approx(before + 0.01)  # only the bonus of doing nothing more


def test_9_2_7_the_vagabond_damages_the_item_he_can_spare() -> None:
    """Attacking two Eyrie warriors, he takes a hit: the bag goes, never the sword he fights
    with nor the boot and torch he moves and explores with."""
    g = _vagabond(
        at="daylight",
        clearings={"5": {"eyrie": "2w"}},
        vagabond={
            "pawn": 5,
            "items": {"up": "sword bag boot 2torch"},
            "relationships": {"eyrie": "hostile"},
        },
    )
    g.apply("battle 5 1")
    assert g.decision == "vb_damage"
    choice = _decide(g)
    assert choice.action == ("damage", "bag", "up")


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
    or the most next to it) costs the Eyrie 2 with none of its warriors there (4.3.3.II), 1
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
