"""The heuristic bots: they play legal actions for whole games, decide as the Law's factions
should in set positions and explain themselves (the search bot and the bots' command line are
tested in test_bot_search.py)."""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import cid

from rootgame import Game, bots, new_game
from rootgame.bench import bot_seed
from rootgame.bots import Choice, Observation
from rootgame.bots.heuristic.clockwork import EE_ROOST
from rootgame.bots.heuristic.core import HeuristicBot, evaluate
from rootgame.bots.heuristic.core import policy as heuristic_policy
from rootgame.bots.heuristic.eyrie import build_sites
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
