"""Scenario tests for the Electric Eyrie (Law of Rootbotics 5) and the rules every Clockwork
bot shares (LR 1-3), named after their Law of Rootbotics section.

Each test builds a position, lets the bot's turn run by itself (it makes no decision) until a
human player decides, and asserts the exact targets the bot chose, read from the event log
(``target`` events name the criteria that decided each one). Seat 0 is the Marquise, seat 1
the Electric Eyrie, seat 2 (when there is one) the Woodland Alliance.
"""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import bot_pos, cid, logged, play, scores_logged, targets

from rootgame import new_game
from rootgame.cards import DECK
from rootgame.factions.electric_eyrie import VIZIERS, st
from rootgame.game import Game
from rootgame.log_text import render_log
from rootgame.position_text import from_string, to_string
from rootgame.rules.core import draw, give_card, take_random_card

M, B, A = 0, 1, 2
V1, V2 = VIZIERS
EE = "electric-eyrie"
CATS_7 = {"marquise": "2w"}
"""Two Marquise warriors in clearing 7 give the Marquise a real decision (a march), so that the
game stops there after the bot's turn."""


def ee(g: Game) -> Any:
    return st(g.state, g.factions.index(EE))


def moves(g: Game, seat: int = B) -> list[tuple[int, int, int]]:
    return [(e["from"], e["to"], e["count"]) for e in logged(g, "move") if e["seat"] == seat]


def placed(g: Game, piece: str = "warrior") -> list[tuple[int, int]]:
    return [
        (e["clearing"], e["count"])
        for e in logged(g, "place")
        if e["seat"] == B and e["piece"] == piece
    ]


def scores(g: Game, seat: int = B) -> list[tuple[int, str]]:
    return [(e["vp"], e["reason"]) for e in logged(g, "score") if e["seat"] == seat]


def bot_turn(at: str, **desc: Any) -> Game:
    d: dict[str, Any] = {"turn": EE, "at": at}
    d.update(desc)
    return bot_pos(**d)


# --- LR 3 Setup with bots --------------------------------------------------------------------


def test_lr_5_3_setup_corner_opposite_the_keep_viziers_in_the_bird_column() -> None:
    g = new_game(["marquise", EE], seed=1)
    g.apply("keep 1")
    while not ee(g).home:
        g.apply(g.legal_tokens()[0])
    assert ee(g).home == 3
    assert ("roost" in [k for o, k in g.state.buildings[3] if o == B])
    assert g.state.warriors[3][B] == 6
    assert ee(g).decree == [[], [], [], [V1, V2]]
    assert (ee(g).roosts, ee(g).warriors) == (6, 14)


def test_lr_5_3_2_a_random_corner_without_a_marquise() -> None:
    homes = set()
    for seed in range(12):
        g = new_game([EE, "alliance"], seed=seed)
        homes.add(ee(g).home)
        assert [e["of"] for e in logged(g, "pick") if e["why"] == "corner"] == [4]
    assert homes == {1, 2, 3, 4}


def test_lr_3_4_bots_draw_no_cards_and_dominance_leaves_with_two_humans() -> None:
    g = new_game(["marquise", EE, "alliance"], seed=3)
    assert g.state.seats[B].hand == []
    assert len(g.state.seats[M].hand) == 3 and len(g.state.seats[A].hand) == 3
    assert sorted(DECK[c].kind for c in g.state.removed_cards) == ["dominance"] * 4
    four = new_game(["marquise", EE, "alliance", "vagabond"], seed=3)
    assert four.state.removed_cards == []


def test_lr_3_4_a_position_removes_the_dominance_cards_as_setup_does() -> None:
    # One bot and two humans: LR 3.4 removes the dominance cards, in a built position too.
    g = bot_pos(factions=["marquise", EE, "alliance"], clearings={"7": CATS_7})
    assert sorted(DECK[c].key for c in g.state.removed_cards) == [
        "dominance:bird", "dominance:fox", "dominance:mouse", "dominance:rabbit"]
    four = bot_pos(factions=["marquise", EE, "alliance", "vagabond"], clearings={"7": CATS_7})
    assert four.state.removed_cards == []


def test_lr_3_4_with_no_human_the_law_of_roots_step_decides() -> None:
    # Ruling 405: LR 3.4's step (removed "with one or two humans") is for tables with humans;
    # at a table of bots alone the Law of Root's 5.1.3 stands: removed with two players, kept
    # with three (order cards of their suit like any other, ruling 96).
    dominance = ["dominance:bird", "dominance:fox", "dominance:mouse", "dominance:rabbit"]
    g = new_game(factions=["mechanical-marquise", EE], seed=1)
    assert sorted(DECK[c].key for c in g.state.removed_cards) == dominance
    g = new_game(factions=["mechanical-marquise", EE, "vagabot"], seed=1)
    assert not [c for c in g.state.removed_cards if DECK[c].kind == "dominance"]
    # A human in the Mechanical Marquise's place: one human, so they leave (ruling 96).
    g = new_game(factions=["marquise", EE, "vagabot"], seed=1)
    assert sorted(DECK[c].key for c in g.state.removed_cards) == dominance


def test_lr_3_2_a_bot_never_sits_with_the_faction_of_its_pieces() -> None:
    with pytest.raises(ValueError, match="same pieces"):
        new_game(["eyrie", EE])


def test_lr_3_3_easy_tucks_one_vizier() -> None:
    g = new_game(["marquise", EE], seed=1, bots={EE: {"difficulty": "easy"}})
    g.apply("keep 1")
    while not ee(g).home:
        g.apply(g.legal_tokens()[0])
    assert ee(g).decree == [[], [], [], [V1]]
    assert g.meta["bots"] == {EE: {"difficulty": "easy"}}


@pytest.mark.parametrize("difficulty", ["challenging", "nightmare"])
def test_lr_3_3_challenging_and_nightmare_add_a_bird_ambush(difficulty: str) -> None:
    g = new_game([EE, "alliance"], seed=2, bots={EE: {"difficulty": difficulty}})
    bird = ee(g).decree[3]
    assert bird[:2] == [V1, V2] and len(bird) == 3
    assert DECK[bird[2]].key == "ambush:bird"
    assert bird[2] not in g.state.deck


def test_lr_3_3_the_bird_ambush_is_taken_from_the_deck_after_the_hands_are_dealt() -> None:
    """Ruling 136: Challenging takes a bird ambush "from the deck" at the bot's own setup,
    which comes after the hands are drawn (5.1 steps 3 and 7); with both bird ambushes dealt
    to the humans (seed 18), the bird column has only the Viziers."""
    import random

    g = new_game(["marquise", EE, "alliance", "vagabond"], seed=18,
                 bots={EE: {"difficulty": "challenging"}})
    held = [s for s in range(4) for c in g.state.seats[s].hand if DECK[c].key == "ambush:bird"]
    assert held == [0, 3] and not ee(g).decree[3]
    rng = random.Random(0)
    while not ee(g).decree[3]:
        g.apply(rng.choice(g.legal_actions()))
    assert ee(g).decree[3] == [V1, V2]


def test_lr_3_3_nightmare_scores_one_at_the_end_of_evening() -> None:
    g = bot_turn(
        "evening",
        clearings={"1": {EE: "roost 2w"}, "8": {EE: "roost"}, "7": CATS_7},
        **{EE: {"difficulty": "nightmare"}},
    )
    assert scores(g) == [(1, "roosts"), (1, "nightmare")]


def test_lr_3_3_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="difficulty is one of"):
        new_game(["marquise", EE], bots={EE: {"difficulty": "hard"}})
    with pytest.raises(ValueError, match="'blitz' is not one of its traits"):
        new_game(["marquise", EE], bots={EE: {"traits": ["blitz"]}})
    with pytest.raises(ValueError, match="not a Clockwork bot"):
        new_game(["marquise", EE], bots={"marquise": {"difficulty": "easy"}})
    with pytest.raises(ValueError, match="not a faction of this game"):
        new_game(["marquise", "alliance"], bots={EE: {}})


# --- LR 5.4 Birdsong ---------------------------------------------------------------------------


def test_lr_5_4_order_card_crafted_for_one_vp_and_added_to_its_column() -> None:
    g = bot_turn("birdsong", deck=["anvil"], clearings={"1": {EE: "roost 2w"}, "7": CATS_7})
    anvil = cid("anvil")
    assert logged(g, "order")[0]["card"] == anvil
    assert scores(g)[0] == (1, "crafted hammer")
    assert g.state.items["hammer"] == 0 and g.state.seats[B].items == ["hammer"]
    assert ee(g).decree[0] == [anvil]


def test_lr_5_4_2_no_craft_when_the_item_is_gone() -> None:
    g = bot_turn(
        "birdsong",
        deck=["anvil"],
        items={"hammer": 0, "boot": 2},
        clearings={"1": {EE: "roost 2w"}, "7": CATS_7},
    )
    assert all(r != "crafted hammer" for _, r in scores(g))
    assert ee(g).decree[0] == [cid("anvil")]


def test_lr_5_4_3_a_bird_order_goes_to_the_bird_column() -> None:
    g = bot_turn("birdsong", deck=["armorers"], clearings={"1": {EE: "roost 2w"}, "7": CATS_7})
    assert ee(g).decree[3] == [V1, V2, cid("armorers")]
    assert [e["column"] for e in logged(g, "decree_add")] == ["bird"]


def test_lr_5_4_4_new_roost_in_the_highest_priority_ordered_clearing() -> None:
    # Rabbit order: clearing 3 holds the keep (no placing there), so clearing 4.
    g = bot_turn(
        "birdsong", deck=["a-visit-to-friends"], clearings={"3": {"marquise": "keep"}, "7": CATS_7}
    )
    assert targets(g, "new_roost") == [("new_roost", 4, ("highest_priority",))]
    assert placed(g, "roost")[0] == (4, 1) and placed(g)[0] == (4, 4)


def test_lr_5_4_4_no_clearing_for_a_new_roost_is_turmoil() -> None:
    g = bot_turn(
        "birdsong",
        deck=["a-visit-to-friends"],
        clearings={
            "3": {"marquise": "sawmill"},
            "4": {"marquise": "sawmill"},
            "5": {"marquise": "workshop recruiter"},
            "10": {"marquise": "recruiter"},
            "7": CATS_7,
        },
    )
    visit = cid("a-visit-to-friends")
    assert [e["why"] for e in logged(g, "turmoil")] == ["LR 5.4.4"]
    assert scores(g) == [(1, "crafted boot"), (-2, "turmoil")]
    assert ee(g).decree == [[], [], [], [V1, V2]] and visit in g.state.discard
    assert placed(g) == [] and targets(g, "recruit") == []


# --- LR 5.5.1 Resolve the Decree -----------------------------------------------------------------


def test_lr_5_5_1_i_recruit_most_enemy_pieces_then_fewest_warriors_then_lowest_priority() -> None:
    g = bot_turn(
        "daylight",
        clearings={
            "1": {EE: "roost 2w", "marquise": "1w"},
            "6": {EE: "roost 2w", "marquise": "1w"},
            "8": {EE: "roost 3w"},
            "7": CATS_7,
        },
        **{EE: {"decree": {"fox": ["anvil"]}}},
    )
    # Fox (1 card): 1 and 6 tie on enemies and Eyrie warriors: the lower priority, 6. Bird
    # (the two Viziers): 1 and 6 tie on enemies; 6 now has more Eyrie warriors: 1.
    assert targets(g, "recruit") == [
        ("recruit", 6, ("most_enemy_pieces", "lowest_priority")),
        ("recruit", 1, ("most_enemy_pieces", "fewest_own_warriors")),
    ]
    assert placed(g)[:2] == [(6, 1), (1, 2)]


def test_lr_5_5_1_i_no_roost_of_the_suit_skips_the_recruit() -> None:
    g = bot_turn(
        "daylight",
        clearings={"2": {EE: "roost 1w"}, "7": CATS_7},
        **{EE: {"decree": {"fox": ["anvil"]}}},
    )
    assert targets(g, "recruit") == [("recruit", 2, ())]
    assert logged(g, "turmoil") == [] and ee(g).decree[0] == [cid("anvil")]


def test_lr_5_5_1_ii_move_from_most_warriors_to_fewest_enemies() -> None:
    g = bot_turn(
        "daylight:move",
        clearings={
            "1": {EE: "roost 5w"},
            "8": {EE: "roost 3w"},
            "5": {"marquise": "1w"},
            "9": {"marquise": "1w"},
            "12": {"marquise": "1w"},
            "7": CATS_7,
        },
        **{EE: {"decree": {"fox": ["anvil"]}}},
    )
    # Fox (1): from 1 (most Eyrie warriors), leaving one, to 10 (no enemy piece). Bird (2):
    # from 10 (four warriors), leaving two, to 2 or 12 (1 has a roost): 2 has no enemy.
    assert moves(g) == [(1, 10, 4), (10, 2, 2)]
    assert targets(g, "move_from") == [
        ("move_from", 1, ("most_own_warriors",)),
        ("move_from", 10, ("most_own_warriors",)),
    ]
    assert targets(g, "move_to") == [
        ("move_to", 10, ("fewest_enemy_pieces",)),
        ("move_to", 2, ("fewest_enemy_pieces",)),
    ]


def test_lr_5_5_1_ii_enough_warriors_stay_to_keep_rule() -> None:
    g = bot_turn(
        "daylight:move",
        clearings={"1": {EE: "roost 5w", "marquise": "4w"}, "7": CATS_7},
        **{EE: {"decree": {"fox": ["anvil"]}}},
    )
    # Three warriors and the roost tie the four cats (Lords of the Forest): two go, to the
    # lowest-priority of 5, 9, 10 (no enemy anywhere). The bird column then finds no origin.
    assert moves(g) == [(1, 10, 2)]
    assert targets(g, "move_to") == [("move_to", 10, ("lowest_priority",))]


def test_lr_2_3_an_origin_with_nothing_to_move_is_passed_over() -> None:
    g = bot_turn(
        "daylight:move",
        clearings={"1": {EE: "roost 6w", "marquise": "7w"}, "8": {EE: "roost 5w"}, "7": CATS_7},
        **{EE: {"decree": {"fox": ["anvil", "root-tea:fox", "ambush:fox"]}}},
    )
    # Clearing 1 has the most Eyrie warriors, but all six must stay to keep rule.
    assert moves(g) == [(8, 4, 2), (8, 4, 1)]
    assert [t[1] for t in targets(g, "move_from")] == [8, 8]


def test_lr_5_5_1_iii_battle_target_clearing_and_defender_ties() -> None:
    g = bot_turn(
        "daylight:battle",
        factions=["marquise", EE, "alliance"],
        clearings={
            "1": {EE: "roost 2w", "marquise": "1w"},
            "8": {EE: "2w", "marquise": "sawmill"},
            "5": {EE: "2w", "marquise": "2w", "alliance": "1w sympathy"},
            "7": CATS_7,
        },
        hands={"marquise": ["ambush:fox"]},
        vp={"alliance": 3},
        dice=[[0, 0], [0, 0]],
        **{EE: {"decree": {"fox": ["anvil"]}}},
    )
    # Fox: 1 has a roost, 8 has none. Bird (any clearing): 8 is empty of
    # enemies now, 1 has a roost: 5, where the Marquise and the Alliance tie on buildings (0)
    # and pieces (2): the Alliance has more victory points.
    assert targets(g, "battle") == [("battle", 8, ("no_roost",)), ("battle", 5, ("no_roost",))]
    assert targets(g, "defender") == [("defender", 8, M, ()), ("defender", 5, A, ("most_vp",))]
    # LR 5.5.1.III: only the bird column, the largest, deals an extra hit; 4.3.5.II at 8.
    hits = [(e["extra"], e["defenseless"]) for e in logged(g, "hits") if e["seat"] == B]
    assert hits == [(1, True), (1, False)]
    # LR 2.8.2 Hates Surprises: the Marquise's fox ambush is never offered.
    assert not [e for e in logged(g, "action") if e["decision"] == "ambush"]


def test_lr_5_5_1_iii_most_defenseless_buildings() -> None:
    g = bot_turn(
        "daylight:battle",
        clearings={
            "8": {EE: "2w", "marquise": "sawmill"},
            "12": {EE: "2w", "marquise": "workshop 1w"},
            "7": CATS_7,
        },
        dice=[[0, 0], [0, 0]],
        **{EE: {"decree": {"fox": ["anvil"]}}},
    )
    # Fox: 8's sawmill has no cat beside it; the defenseless hit removes it, so the bird
    # column's battle has only 12 left.
    assert targets(g, "battle") == [
        ("battle", 8, ("most_defenseless_buildings",)),
        ("battle", 12, ()),
    ]
    assert [(e["clearing"], e["piece"]) for e in logged(g, "remove")][0] == (8, "sawmill")


@pytest.mark.parametrize(("traits", "extra"), [([], 0), (["focused"], 1)])
def test_lr_5_5_1_iii_a_tied_largest_column_hits_extra_only_when_focused(
    traits: list[str], extra: int
) -> None:
    g = bot_turn(
        "daylight:battle",
        clearings={"1": {EE: "3w", "marquise": "3w"}, "7": CATS_7},
        dice=[[0, 0], [0, 0]],
        **{EE: {"decree": {"fox": ["anvil", "root-tea:fox"]}, "traits": traits}},
    )
    hits = [e["extra"] for e in logged(g, "hits") if e["seat"] == B]
    assert hits == [extra, extra]


# --- LR 5.5.2 Build, LR 5.7 turmoil ---------------------------------------------------------------


def test_lr_5_5_2_build_in_the_highest_priority_ruled_clearing_without_roost() -> None:
    g = bot_turn(
        "daylight:build",
        clearings={"2": {EE: "3w"}, "9": {EE: "2w"}, "4": {EE: "roost 1w"}, "7": CATS_7},
    )
    assert targets(g, "build") == [("build", 2, ("highest_priority",))]
    assert placed(g, "roost") == [(2, 1)]
    assert scores(g) == [(1, "roosts")]


@pytest.mark.parametrize(("traits", "vp"), [([], -3), (["nobility"], 3)])
def test_lr_5_7_no_roost_to_build_is_turmoil(traits: list[str], vp: int) -> None:
    g = bot_turn(
        "daylight:build",
        clearings={"4": {EE: "roost 1w"}, "7": CATS_7},
        **{EE: {"decree": {"fox": ["anvil"], "bird": ["vizier", "vizier", "armorers"]},
                "traits": [*traits, "swoop"]}},
    )
    assert [e["why"] for e in logged(g, "turmoil")] == ["LR 5.5.2"]
    # Humiliate: three bird cards (Nobility scores them); Purge keeps only the Viziers; Rest:
    # Daylight ends at once, so Swoop never comes (docs/rulings.md).
    assert scores(g) == [(vp, "turmoil")]
    assert ee(g).decree == [[], [], [], [V1, V2]]
    assert sorted(g.state.discard) == sorted([cid("anvil"), cid("armorers")])
    assert targets(g, "swoop") == []


def test_lr_5_6_evening_scores_the_roosts_track() -> None:
    g = bot_turn(
        "evening",
        clearings={"1": {EE: "roost"}, "4": {EE: "roost"}, "8": {EE: "roost"}, "7": CATS_7},
    )
    assert scores(g) == [(2, "roosts")]
    seven = bot_turn(
        "evening",
        clearings={str(c): {EE: "roost"} for c in (1, 2, 3, 4, 5, 8, 9)} | {"7": CATS_7},
    )
    assert scores(seven) == [(6, "roosts")]


# --- The traits ------------------------------------------------------------------------------


def test_trait_nobility_turmoil_when_a_recruit_cannot_place() -> None:
    g = bot_turn(
        "daylight",
        clearings={"2": {EE: "roost 1w"}, "7": CATS_7},
        **{EE: {"decree": {"fox": ["anvil"]}, "traits": ["nobility"]}},
    )
    assert [e["why"] for e in logged(g, "turmoil")] == ["nobility"]
    assert scores(g) == [(2, "turmoil")]  # the two Viziers; no roost is built after Rest
    assert placed(g, "roost") == []


def test_trait_relentless_and_war_tax_remove_defenseless_pieces() -> None:
    g = bot_turn(
        "daylight:relentless",
        clearings={
            "5": {EE: "2w", "marquise": "sawmill"},
            "2": {EE: "1w", "marquise": "workshop 1w"},
            "7": CATS_7,
        },
        vp={"marquise": 4},
        **{EE: {"traits": ["relentless", "war-tax"]}},
    )
    assert [(e["clearing"], e["piece"]) for e in logged(g, "remove")] == [(5, "sawmill")]
    assert scores(g)[0] == (1, "removed sawmill")
    assert scores(g, M)[0] == (-1, "war tax")


def test_trait_swoop_two_warriors_where_the_bot_has_no_piece() -> None:
    g = bot_turn(
        "daylight:swoop",
        clearings={"1": {EE: "roost 1w"}, "2": {EE: "1w"}, "3": {"marquise": "keep"}, "7": CATS_7},
        **{EE: {"traits": ["swoop"]}},
    )
    assert targets(g, "swoop") == [("swoop", 4, ("highest_priority",))]
    assert placed(g) == [(4, 2)]


# --- LR 2.8 Abilities of every bot ---------------------------------------------------------------


def test_lr_2_8_1_taking_a_card_from_a_bot_draws_from_the_deck() -> None:
    g = bot_pos(turn="marquise", deck=["anvil"], persistent={"marquise": ["stand-and-deliver"]},
                clearings={"7": CATS_7, "1": {EE: "roost"}})
    assert "stand-and-deliver 1" in g.legal_tokens()
    g.apply("stand-and-deliver 1")
    assert cid("anvil") in g.state.seats[M].hand
    assert g.state.seats[B].hand == []
    assert take_random_card(g.state, M, B, "steal") in g.state.seats[M].hand


def test_lr_2_8_1_a_card_given_to_a_bot_is_discarded_and_scores() -> None:
    g = bot_pos(turn="marquise", hands={"marquise": ["anvil"]}, clearings={"7": CATS_7})
    give_card(g.state, M, B, cid("anvil"))
    assert g.state.seats[B].hand == [] and g.state.discard == [cid("anvil")]
    assert g.state.seats[B].vp == 1
    assert draw(g.state, B, 2) == 0  # a bot draws nothing into a hand (docs/rulings.md)


def test_lr_2_8_1_a_vagabond_aiding_a_bot_discards_the_card_and_the_aid_goes_on() -> None:
    # Ruling 404: LR 2.8.1 changes only where the card goes (discarded, 1 VP to the bot); the
    # rest of the Aid (9.5.4) is the Law of Root's: an item exhausted, the relationship one
    # step on, and an item he may take from the bot's Crafted Items box.
    g = bot_pos(
        ("vagabond", EE), turn="vagabond", at="daylight",
        clearings={"5": {EE: "roost 1w"}}, crafted={EE: ["coins"]},
        hands={"vagabond": ["ambush:rabbit"]},
        vagabond={"pawn": 5, "items": {"up": "boot torch"}},
    )
    play(g, f"aid 1 {cid('ambush:rabbit')}", "exhaust torch", "take coins")
    s = g.state
    assert s.seats[1].hand == [] and s.discard == [cid("ambush:rabbit")]
    assert s.seats[1].items == [] and s.fs[0].rel[1] == 1
    assert scores_logged(g) == [(1, 1, "card given"), (0, 1, "relationship")]


# --- The log, positions -------------------------------------------------------------------------


def test_the_log_names_each_target_and_its_rule() -> None:
    g = bot_turn(
        "daylight:battle",
        clearings={"8": {EE: "1w", "marquise": "1w"}, "12": {EE: "1w", "marquise": "1w"}},
        dice=[[0, 0]],
        **{EE: {"decree": {"bird": ["vizier"]}}},
    )
    lines = render_log(g)
    assert "Electric Eyrie: battles in clearing 12: lowest priority (LR 5.5.1.III)" in lines
    assert (
        "Electric Eyrie: battles the Marquise de Cat in clearing 12: the only choice "
        "(LR 5.5.1.III)" in lines
    )


def test_position_strings_carry_the_bots_board() -> None:
    g = bot_turn(
        "daylight:battle",
        clearings={"1": {EE: "roost 3w", "marquise": "3w"}},
        **{EE: {"decree": {"fox": ["anvil"], "bird": ["vizier", "vizier", "ambush:bird"]},
                "difficulty": "challenging", "traits": ["swoop", "war-tax"]}},
    )
    text = to_string(g)
    assert "ee.decree=" in text or "electric-eyrie.decree=" in text
    again = from_string(text)
    assert again.state.fs[B].to_dict() == g.state.fs[B].to_dict()
    assert again.hash() == g.hash()


def test_records_keep_the_bots_settings() -> None:
    from rootgame.bots import RandomBot
    from rootgame.records.native import replay_record, write_record

    bots = {EE: {"difficulty": "nightmare", "traits": ["relentless", "war-tax"]}}
    g = new_game(["marquise", EE, "alliance"], seed=5, bots=bots)
    player = RandomBot(5)
    while not g.is_over and g.turn_number < 8:
        g.apply(player.choose(g))
    text = write_record(g)
    assert 'options: {"bots":{"electric-eyrie":{"difficulty":"nightmare"' in text
    again = replay_record(text)
    assert again.hash() == g.hash()
    assert again.state.fs[B].traits == ("relentless", "war-tax")


# --- The command line (LR 3.3 at setup) -------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--as", "marquise", "--difficulty", "hard"], "unknown difficulty 'hard'"),
        (["--as", "marquise", "--traits", "blitz"], "unknown trait 'blitz'"),
        (["--as", "electric-eyrie"], "is a Clockwork bot: it plays itself"),
        (["--as", "eyrie", "--factions", "eyrie,electric-eyrie"], "cannot sit with the faction"),
    ],
)
def test_play_refuses_bad_bot_settings(args: list[str], message: str) -> None:
    from typer.testing import CliRunner

    from rootgame.cli import app

    base = ["play", "--factions", "marquise,electric-eyrie", "--seed", "1"]
    r = CliRunner().invoke(app, [*base, *args], input="quit\n")
    assert r.exit_code != 0 and message in " ".join(r.output.split())


def test_cli_settings_reach_every_bot_and_the_tournament() -> None:
    from rootgame.cli import bot_settings
    from rootgame.tournament import Config, play_one

    settings = bot_settings(["marquise", EE], "Nightmare", "swoop, focused")
    assert settings == {EE: {"difficulty": "nightmare", "traits": ["swoop", "focused"]}}
    assert bot_settings(["marquise", EE], None, "") is None
    cfg = Config(
        ("marquise", EE), ("random", "random"), 1, keep_records=True,
        clockwork=((EE, "nightmare", ("swoop",)),),
    )
    result = play_one(cfg, 0)
    assert result.record is not None
    assert '"difficulty":"nightmare","traits":["swoop"]' in result.record


# --- LR 12 The maps ---------------------------------------------------------------------------


def test_lr_12_2_1_bots_move_along_closed_paths() -> None:
    g = bot_turn(
        "daylight:move",
        map="mountain",
        clearings={"7": {EE: "roost 5w"}, "12": {"marquise": "1w"}, "9": {"marquise": "2w"}},
    )
    # 7-3 is a closed path: the bot treats it as a path, and 3 has no enemy piece.
    assert (7, 3) in [(o, d) for o, d, _ in moves(g)]
    assert ((3, 7) in g.state.closed) or ((7, 3) in g.state.closed)  # never opened


def test_lr_12_2_2_the_pass_wins_every_priority_tie() -> None:
    g = bot_turn(
        "daylight:battle",
        map="mountain",
        clearings={"10": {EE: "1w", "marquise": "1w"}, "12": {EE: "1w", "marquise": "1w"},
                   "9": {"marquise": "2w"}},
        dice=[[0, 0]],
    )
    assert targets(g, "battle")[0] == ("battle", 10, ("lowest_priority",))


def test_lr_12_1_the_ferry_scores_a_bot_one_vp_instead_of_a_card() -> None:
    g = bot_turn(
        "daylight:move",
        map="lake",
        clearings={"1": {EE: "roost 5w"}, "5": {"marquise": "1w"}, "9": {"marquise": "1w"}},
    )
    assert moves(g)[0] == (1, 12, 3)
    assert (1, "ferry") in scores(g)
    assert g.state.seats[B].hand == []


# --- Review against the Law of Rootbotics (issue 11): the ties and cases left unpinned ------------


def test_lr_5_5_1_every_column_recruits_then_every_column_moves_then_battles() -> None:
    g = bot_turn(
        "daylight",
        clearings={"1": {EE: "roost 3w", "marquise": "1w"}, "8": {EE: "roost 3w"}, "7": CATS_7},
        dice=[[0, 0], [0, 0]],
        **{EE: {"decree": {"fox": ["anvil"]}}},
    )
    # Fox (1 card), then bird (the two Viziers), for each of the three passes in turn.
    acts = [e["action"] for e in logged(g, "target")]
    assert acts[:10] == ["recruit", "recruit", "move_from", "move_to", "move_from", "move_to",
                         "battle", "defender", "battle", "defender"]
    # Recruit: 1 has the enemy warrior both times. Move, fox: from 1 (six warriors; the roost
    # ties the cat, so the column's one card is what stays) to 10 (5, 9, 10: no enemy, lowest
    # priority); bird: from 10 (five), two stay, to 12 (1 has a roost; 2 and 12 tie).
    assert placed(g)[:2] == [(1, 1), (1, 2)]
    assert moves(g) == [(1, 10, 5), (10, 12, 3)]
    assert [t[1] for t in targets(g, "battle")] == [1, 1]


def test_lr_5_5_1_ii_origin_tie_highest_priority_and_all_neighbours_have_roosts() -> None:
    g = bot_turn(
        "daylight:move",
        clearings={
            "5": {EE: "4w"},
            "10": {EE: "4w"},
            "1": {EE: "roost"},
            "2": {EE: "roost", "marquise": "1w"},
            "7": CATS_7,
        },
        **{EE: {"decree": {"rabbit": ["a-visit-to-friends"], "bird": ["vizier"]}}},
    )
    # Rabbit (1 card): 5 and 10 tie on Eyrie warriors: 5, of higher priority (LR 2.1). Both
    # its neighbours, 1 and 2, have a roost, so either may be the destination: 1 has fewer
    # enemy pieces (2 has the cat's warrior).
    assert targets(g, "move_from")[0] == ("move_from", 5, ("highest_priority",))
    assert targets(g, "move_to")[0] == ("move_to", 1, ("fewest_enemy_pieces",))
    assert moves(g)[0] == (5, 1, 3)


def test_lr_5_5_1_iii_c_lowest_priority_and_the_defender_with_most_buildings() -> None:
    tied = {EE: "2w", "marquise": "1w workshop", "alliance": "3w"}
    g = bot_turn(
        "daylight:battle",
        factions=["marquise", EE, "alliance"],
        clearings={"6": tied, "12": dict(tied), "7": CATS_7},
        dice=[[0, 0], [0, 0]],
        **{EE: {"decree": {"fox": ["anvil"]}}},
    )
    # 6 and 12 tie on every criterion: the lower priority, 12, both times. The Marquise has
    # the one building there, so she defends though the Alliance has more pieces.
    assert targets(g, "battle") == [("battle", 12, ("lowest_priority",))] * 2
    assert targets(g, "defender") == [("defender", 12, M, ("most_buildings",))] * 2


def test_lr_5_5_1_iii_d_buildings_tie_the_defender_with_most_pieces() -> None:
    g = bot_turn(
        "daylight:battle",
        factions=["marquise", EE, "alliance"],
        clearings={"6": {EE: "2w", "marquise": "2w", "alliance": "2w sympathy"}, "7": CATS_7},
        vp={"marquise": 5},
        dice=[[0, 0], [0, 0]],
        **{EE: {"decree": {"fox": ["anvil"]}}},
    )
    # No building either side (even zero counts, LR 5.5.1.III): the Alliance's three pieces
    # beat the Marquise's two, her victory points notwithstanding.
    assert targets(g, "defender")[0] == ("defender", 6, A, ("most_pieces",))


def test_lr_5_5_2_build_skips_roost_clearings_rules_ties_never_empty_clearings() -> None:
    g = bot_turn(
        "daylight:build",
        clearings={
            "2": {EE: "roost 2w"},
            "4": {EE: "1w", "marquise": "1w"},
            "5": {EE: "1w"},
            "7": CATS_7,
        },
    )
    # 1 and 3 are empty: not ruled (LR 5.2.1). 2 is ruled but has a roost. 4 is tied, so
    # ruled by Lords of the Forest: of 4 and 5, the higher priority.
    assert targets(g, "build") == [("build", 4, ("highest_priority",))]
    assert placed(g, "roost") == [(4, 1)]


def test_lr_5_7_no_roost_left_on_the_track_is_turmoil() -> None:
    seven = {str(c): {EE: "roost"} for c in (1, 2, 3, 4, 5, 8, 9)}
    g = bot_turn("daylight:build", clearings=seven | {"10": {EE: "2w"}, "7": CATS_7})
    # 10 is ruled and has no roost, but all seven roosts are on the map.
    assert ee(g).roosts == 0 and targets(g, "build") == []
    assert [e["why"] for e in logged(g, "turmoil")] == ["LR 5.5.2"]
    assert scores(g) == [(-2, "turmoil"), (6, "roosts")]


@pytest.mark.parametrize(
    ("difficulty", "bird", "vp"),
    [("easy", ["vizier"], -1), ("challenging", ["vizier", "vizier", "ambush:bird"], -3)],
)
def test_lr_5_7_humiliate_and_purge_with_the_difficulty_cards(
    difficulty: str, bird: list[str], vp: int
) -> None:
    g = bot_turn(
        "daylight:build",
        clearings={"4": {EE: "roost 1w"}, "7": CATS_7},
        **{EE: {"decree": {"bird": bird}, "difficulty": difficulty}},
    )
    # Humiliate counts every bird card (the Challenging ambush too); Purge keeps the Viziers
    # only, so the ambush goes to the discard pile (ruling 92).
    assert scores(g) == [(vp, "turmoil")]
    assert ee(g).decree == [[], [], [], [V1] if difficulty == "easy" else [V1, V2]]
    assert g.state.discard == ([cid("ambush:bird")] if difficulty != "easy" else [])


def test_trait_relentless_removes_defenseless_tokens_and_war_tax_charges_their_owner() -> None:
    g = bot_turn(
        "daylight:relentless",
        factions=["marquise", EE, "alliance"],
        clearings={
            "5": {EE: "2w", "alliance": "sympathy"},
            "2": {EE: "1w", "alliance": "1w sympathy"},
            "10": {"alliance": "sympathy"},
            "7": CATS_7,
        },
        vp={"alliance": 3},
        **{EE: {"traits": ["relentless", "war-tax"]}},
    )
    # 5's token has no Alliance warrior beside it; 2's has; 10 has no Eyrie warrior.
    assert [(e["clearing"], e["piece"]) for e in logged(g, "remove")] == [(5, "sympathy")]
    assert scores(g)[0] == (1, "removed sympathy")
    assert scores(g, A)[0] == (-1, "war tax")


def test_trait_war_tax_in_battle_for_buildings_and_tokens_not_warriors() -> None:
    g = bot_turn(
        "daylight:battle",
        clearings={"8": {EE: "3w", "marquise": "1w sawmill"}, "7": CATS_7},
        vp={"marquise": 4},
        dice=[[2, 0], [0, 0]],
        **{EE: {"decree": {"fox": ["anvil"]}, "traits": ["war-tax"]}},
    )
    # Two hits: the cat's warrior, then her sawmill; War Tax costs her 1 VP, for the sawmill.
    assert [e["piece"] for e in logged(g, "remove")][:2] == ["warrior", "sawmill"]
    assert scores(g, M) == [(-1, "war tax")]


@pytest.mark.parametrize(("traits", "turmoil"), [([], []), (["nobility"], ["nobility"])])
def test_lr_5_4_4_nobility_a_new_roost_short_of_warriors_is_turmoil(
    traits: list[str], turmoil: list[str]
) -> None:
    g = bot_turn(
        "birdsong",
        deck=["a-visit-to-friends"],
        clearings={"11": {EE: "18w"}, "7": CATS_7},
        **{EE: {"traits": traits}},
    )
    # Two warriors left in the supply: the roost and both go to 3 (rabbit, highest priority).
    # With Nobility the two it cannot place are turmoil (ruling 400): it scores the Viziers,
    # and Daylight (Recruit, Build) never comes.
    assert placed(g, "roost")[0] == (3, 1) and placed(g)[0] == (3, 2)
    assert [e["why"] for e in logged(g, "turmoil")] == turmoil
    if turmoil:
        assert scores(g) == [(1, "crafted boot"), (2, "turmoil")]
        assert targets(g, "recruit") == [] and targets(g, "build") == []
    else:
        assert targets(g, "recruit")[0][1] == 3
