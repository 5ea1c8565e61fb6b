"""Scenario tests for the Mechanical Marquise 2.0 (Law of Rootbotics 4), its difficulties and
traits, and the bots' hits (LR 1.2.1), named after their Law of Rootbotics section.

Each test builds a position, lets the bot's turn run by itself until a human player decides,
and asserts the exact targets the bot chose, read from the event log. Seat 0 is the
Mechanical Marquise, seat 1 the Eyrie Dynasties (a human seat: its two cards in hand make its
Birdsong a real decision, so the game stops there), seat 2 (when there is one) the Woodland
Alliance. Autumn map: fox 1 6 8 12, rabbit 3 4 5 10, mouse 2 7 9 11.
"""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import bot_pos, cid, logged

from rootgame import new_game
from rootgame.factions.mechanical_marquise import st
from rootgame.game import Game
from rootgame.log_text import render_log
from rootgame.position_text import from_string, to_string
from rootgame.rules.core import board

MM = "mechanical-marquise"
M, E, A = 0, 1, 2
EYRIE_HAND = {"eyrie": ["root-tea:fox", "travel-gear:mouse"]}


def mm(g: Game) -> Any:
    return st(g.state, M)


def bot_turn(at: str, order: str | None = None, **desc: Any) -> Game:
    d: dict[str, Any] = {"factions": [MM, "eyrie"], "turn": MM, "at": at, "hands": EYRIE_HAND}
    board = dict(desc.pop(MM, {}))
    if order is not None:
        board["order"] = order
    d[MM] = board
    d.update(desc)
    return bot_pos(**d)


def first(g: Game, kind: str) -> list[dict[str, Any]]:
    """The events of one kind in the bot's first pass through Daylight (before an Expand
    starts Daylight again, LR 4.5.5)."""
    out: list[dict[str, Any]] = []
    for e in g.events(None):
        if e["kind"] == "expand":
            break
        if e["kind"] == kind:
            out.append(e)
    return out


def placed(g: Game, piece: str = "warrior") -> list[tuple[int, int]]:
    return [
        (e["clearing"], e["count"])
        for e in first(g, "place")
        if e["seat"] == M and e["piece"] == piece
    ]


def moves(g: Game) -> list[tuple[int, int, int]]:
    return [(e["from"], e["to"], e["count"]) for e in first(g, "move") if e["seat"] == M]


def picks(g: Game, action: str) -> list[tuple[Any, ...]]:
    """The bot's targets of one action in its first pass through Daylight, as
    ``lawkit.targets`` gives them."""
    return [
        (action, e["clearing"], *([e["player"]] if "player" in e else []),
         tuple(e["criteria"]))
        for e in first(g, "target")
        if e["action"] == action
    ]


def scores(g: Game, seat: int = M) -> list[tuple[int, str]]:
    return [(e["vp"], e["reason"]) for e in logged(g, "score") if e["seat"] == seat]


def types(g: Game) -> list[tuple[str, str, str]]:
    return [(e["action"], e["piece"], e["why"]) for e in logged(g, "building_type")]


# --- LR 4.3 Setup, LR 4.2.1 the Keep, LR 3 -----------------------------------------------------


def test_lr_4_3_setup_keep_garrison_and_three_buildings_near_the_keep() -> None:
    keeps = set()
    for seed in range(8):
        g = new_game([MM, "eyrie"], seed=seed)
        fs = mm(g)
        b = board(g.state)
        keeps.add(fs.keep)
        assert (M, "keep") in g.state.tokens[fs.keep]
        # A warrior everywhere but the opposite corner, one more with the keep.
        for c in b.clearings:
            want = 0 if c == b.opposite_corner[fs.keep] else 2 if c == fs.keep else 1
            assert g.state.warriors[c][M] == want, (seed, c)
        assert fs.warriors == 25 - 12
        where = {k: [c for c in b.clearings if (M, k) in g.state.buildings[c]]
                 for k in ("sawmill", "workshop", "recruiter")}
        spots = [c for cs in where.values() for c in cs]
        assert len(spots) == 3 and len(set(spots)) == 3
        assert set(spots) <= {fs.keep, *b.adjacent[fs.keep]}
        assert fs.track == {"sawmill": 5, "workshop": 5, "recruiter": 5}
        assert [e["why"] for e in logged(g, "pick")][:1] == ["corner"]
    assert keeps == {1, 2, 3, 4}
    assert g.state.seats[M].hand == []


def test_lr_4_2_1_only_the_marquise_places_in_the_keeps_clearing() -> None:
    from rootgame.rules.core import can_place

    g = bot_turn("birdsong", "anvil", clearings={"1": {MM: "keep 1w"}, "5": {"eyrie": "roost"}})
    assert not can_place(g.state, E, 1) and can_place(g.state, M, 1)


def test_lr_3_2_the_bot_never_sits_with_the_marquise() -> None:
    with pytest.raises(ValueError, match="same pieces"):
        new_game(["marquise", MM])


def test_lr_3_3_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="'swoop' is not one of its traits"):
        new_game([MM, "eyrie"], bots={MM: {"traits": ["swoop"]}})
    g = new_game([MM, "electric-eyrie", "alliance"], seed=2,
                 bots={MM: {"difficulty": "easy", "traits": ["iron-will", "blitz"]},
                       "electric-eyrie": {"difficulty": "nightmare"}})
    assert (mm(g).difficulty, mm(g).traits) == ("easy", ("blitz", "iron-will"))
    assert g.state.fs[1].difficulty == "nightmare"


# --- LR 4.4 Birdsong ---------------------------------------------------------------------------


def test_lr_4_4_order_card_revealed_and_crafted_for_one_vp() -> None:
    g = bot_turn("birdsong", deck=["anvil"], clearings={"1": {MM: "keep 1w"}})
    assert logged(g, "order")[0]["card"] == cid("anvil")
    assert scores(g)[0] == (1, "crafted hammer")
    assert g.state.seats[M].items == ["hammer"]
    # LR 4.6.2: discarded in Evening.
    assert cid("anvil") in g.state.discard and mm(g).order is None


def test_lr_4_4_2_no_craft_when_the_item_is_gone() -> None:
    g = bot_turn("birdsong", deck=["anvil"], items={"hammer": 0},
                 clearings={"1": {MM: "keep 1w"}})
    assert all(not r.startswith("crafted") for _, r in scores(g))


# --- LR 4.5.1 Battle ---------------------------------------------------------------------------


def test_lr_4_5_1_battle_in_each_ordered_clearing_defender_most_pieces_then_vp() -> None:
    g = bot_turn(
        "daylight",
        "anvil",
        factions=[MM, "eyrie", "alliance"],
        clearings={
            "12": {MM: "2w", "eyrie": "1w", "alliance": "1w sympathy"},
            "6": {MM: "2w", "eyrie": "2w", "alliance": "1w sympathy"},
            "8": {MM: "2w", "eyrie": "1w", "alliance": "1w"},
            "9": {MM: "3w", "eyrie": "3w"},
            "1": {MM: "keep"},
        },
        vp={"alliance": 2, "eyrie": 2},
        dice=[[0, 0], [0, 0], [0, 0]],
    )
    # Fox order: 6, 8 and 12 (not 9, a mouse clearing), highest priority first (LR 2.4).
    assert picks(g, "battle") == [
        ("battle", 6, ("highest_priority",)),
        ("battle", 8, ("highest_priority",)),
        ("battle", 12, ()),
    ]
    # 6: two pieces each, 2 VP each: setup order (the Eyrie, B); 8: the same; 12: the
    # Alliance has two pieces, the Eyrie one.
    assert picks(g, "defender") == [
        ("defender", 6, E, ("setup_priority",)),
        ("defender", 8, E, ("setup_priority",)),
        ("defender", 12, A, ("most_pieces",)),
    ]


def test_lr_4_5_1_i_first_tie_for_defender_most_vp() -> None:
    g = bot_turn(
        "daylight",
        "anvil",
        factions=[MM, "eyrie", "alliance"],
        clearings={"12": {MM: "2w", "eyrie": "1w", "alliance": "1w"}, "1": {MM: "keep"}},
        vp={"alliance": 3, "eyrie": 2},
        dice=[[0, 0]],
    )
    assert picks(g, "defender") == [("defender", 12, A, ("most_vp",))]
    # LR 2.8.2: no ambush is offered against the bot.
    assert not [e for e in logged(g, "action") if e["decision"] == "ambush"]


# --- LR 4.5.2 Recruit, Easy, Challenging, Nightmare, Overwhelming ---------------------------------


RULED_RABBITS = {"3": {MM: "1w"}, "4": {MM: "1w"}, "5": {MM: "1w"}, "10": {MM: "1w"},
                 "1": {MM: "keep"}}


@pytest.mark.parametrize(
    ("ruled", "plan"),
    [
        (["10"], [(10, 4)]),
        (["4", "10"], [(4, 2), (10, 2)]),
        (["3", "5", "10"], [(3, 2), (5, 1), (10, 1)]),
        (["3", "4", "5", "10"], [(3, 1), (4, 1), (5, 1), (10, 1)]),
    ],
)
def test_lr_4_5_2_recruit_four_evenly_the_odd_one_to_highest_priority(
    ruled: list[str], plan: list[tuple[int, int]]
) -> None:
    g = bot_turn("daylight:recruit", "bake-sale",
                 clearings={c: RULED_RABBITS[c] for c in [*ruled, "1"]})
    assert placed(g)[: len(plan)] == plan
    crit = [t[2] for t in picks(g, "recruit")]
    if len(plan) == 3:
        assert crit == [("evenly", "highest_priority"), ("evenly",), ("evenly",)]


def test_lr_4_5_2_only_ruled_ordered_clearings_and_the_supply_runs_short() -> None:
    g = bot_turn(
        "daylight:recruit",
        "bake-sale",
        clearings={"4": {MM: "21w"}, "5": {MM: "1w", "eyrie": "1w"}, "1": {MM: "keep 1w"}},
    )
    # 5 is tied (not ruled); 1 is fox; two warriors are left in supply: both in 4.
    assert placed(g)[0] == (4, 2) and mm(g).warriors == 0


@pytest.mark.parametrize(
    ("difficulty", "plan"),
    [("easy", [(4, 1), (10, 1)]), ("challenging", [(4, 2), (10, 2), (4, 2)]),
     ("nightmare", [(4, 2), (10, 2), (4, 2)])],
)
def test_lr_3_3_difficulty_changes_the_recruit(
    difficulty: str, plan: list[tuple[int, int]]
) -> None:
    g = bot_turn("daylight:recruit", "bake-sale",
                 clearings={"4": {MM: "1w"}, "10": {MM: "1w"}, "1": {MM: "keep 1w"}},
                 **{MM: {"difficulty": difficulty}})
    assert placed(g)[: len(plan)] == plan
    if difficulty != "easy":
        assert picks(g, "reinforce") == [("reinforce", 4, ("highest_priority",))]


def test_lr_3_3_nightmare_scores_one_at_the_end_of_evening() -> None:
    g = bot_turn("evening", "anvil", clearings={"1": {MM: "keep sawmill 1w"}, "8": {MM: "sawmill"}},
                 **{MM: {"difficulty": "nightmare"}})
    assert scores(g) == [(1, "sawmill track"), (1, "nightmare")]


def test_trait_overwhelming_scores_for_warriors_it_cannot_place() -> None:
    g = bot_turn("daylight:recruit", "bake-sale",
                 clearings={"4": {MM: "21w"}, "1": {MM: "keep 1w"}, "5": {MM: "1w"}},
                 **{MM: {"traits": ["overwhelming"]}})
    # Two of the four placed; two could not be: 1 VP.
    assert placed(g)[0] == (4, 2)
    assert scores(g)[0] == (1, "overwhelming")


# --- LR 4.5.3 Build -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("order", "kind"), [("anvil", "sawmill"), ("bake-sale", "workshop"), ("sword", "recruiter")]
)
def test_lr_4_5_3_build_the_orders_type_where_most_warriors(order: str, kind: str) -> None:
    g = bot_turn(
        "daylight:build",
        order,
        clearings={"7": {MM: "3w"}, "12": {MM: "3w"}, "9": {MM: "2w"}, "1": {MM: "keep 1w"}},
    )
    assert types(g)[0] == ("build", kind, "order")
    assert picks(g, "build_" + kind) == [
        ("build_" + kind, 7, ("most_own_warriors", "highest_priority"))
    ]
    assert placed(g, kind) == [(7, 1)]
    assert mm(g).track[kind] == 5


def test_lr_4_6_1_placing_a_building_scores_nothing_only_the_evening_track() -> None:
    # A third sawmill placed: unlike the Marquise de Cat, no VP for placing it (LR 4.6.1); the
    # Evening scores the fox track's rightmost empty space once, 2 VP for three sawmills.
    g = bot_turn(
        "daylight:build",
        "anvil",
        clearings={"7": {MM: "3w"}, "2": {MM: "sawmill 1w"}, "5": {MM: "sawmill 1w"},
                   "1": {MM: "keep 1w"}},
    )
    assert placed(g, "sawmill") == [(7, 1)]
    assert scores(g) == [(2, "sawmill track")]


def test_lr_4_5_3_no_building_of_the_type_left_builds_nothing() -> None:
    clearings = {str(c): {MM: "sawmill 1w"} for c in (2, 5, 6, 10, 11, 12)}
    g = bot_turn("daylight:build", "anvil", clearings=clearings | {"1": {MM: "keep 1w"}})
    assert picks(g, "build_sawmill") == [] and mm(g).track["sawmill"] == 0
    assert logged(g, "expand") == []  # six buildings on the map: no Expand


# --- LR 4.5.4 Move --------------------------------------------------------------------------------


def test_lr_4_5_4_all_but_three_to_the_adjacent_clearing_with_most_enemy_pieces() -> None:
    g = bot_turn(
        "daylight:move",
        "anvil",
        clearings={
            "1": {MM: "keep 7w"},
            "9": {"eyrie": "2w"},
            "10": {"eyrie": "1w roost"},
            "12": {MM: "5w", "eyrie": "3w"},
            "8": {MM: "2w"},
        },
    )
    # Fox order, origins by priority (LR 2.4): 1 sends four; of its neighbours 9 and 10 both
    # hold two Eyrie pieces: 9, of higher priority. 8 has only two. 12 sends two, to 9 or 10
    # again (two Eyrie pieces each; 4, 7 and 11 none): 9.
    assert moves(g) == [(1, 9, 4), (12, 9, 2)]
    assert picks(g, "move_from") == [
        ("move_from", 1, ("highest_priority",)),
        ("move_from", 12, ()),
    ]
    assert picks(g, "move_to") == [
        ("move_to", 9, ("most_enemy_pieces", "highest_priority")),
        ("move_to", 9, ("most_enemy_pieces", "highest_priority")),
    ]


def test_lr_2_3_a_move_goes_only_where_it_is_legal() -> None:
    g = bot_turn(
        "daylight:move",
        "anvil",
        clearings={
            "1": {MM: "keep 1w"},
            "4": {"eyrie": "1w"},
            "12": {MM: "5w", "eyrie": "5w"},
            "9": {"eyrie": "3w"},
            "10": {MM: "1w"},
        },
    )
    # 12 is tied, so the bot may only move to a clearing it rules (4.2.1): not 9 (the most
    # enemy pieces) nor 4, but 10, the only legal one (LR 2.3).
    assert moves(g) == [(12, 10, 2)]
    assert picks(g, "move_to") == [("move_to", 10, ())]


def test_lr_4_7_4_a_warrior_that_arrived_does_not_move_on() -> None:
    g = bot_turn(
        "daylight:move",
        "armorers",
        clearings={"1": {MM: "keep 7w"}, "5": {MM: "1w", "eyrie": "1w"}, "2": {"eyrie": "2w"}},
        dice=[[0, 0]] * 3,
    )
    # Escalated: 1 sends four to 5 (the only neighbour with an enemy). 5, next by priority,
    # then holds five: all but three would be two, but the four that arrived stay, so only
    # its own warrior goes on, to 2. Then battles where it moved: 2, then 5.
    assert moves(g) == [(1, 5, 4), (5, 2, 1)]
    assert [t[1] for t in picks(g, "battle")] == [2, 5]


# --- LR 4.5.5 Expand -----------------------------------------------------------------------------


def test_lr_4_5_5_no_expand_once_a_building_is_placed() -> None:
    g = bot_turn(
        "daylight",
        "anvil",
        deck=["bake-sale"],
        clearings={"1": {MM: "keep 1w"}, "4": {MM: "2w"}, "9": {"eyrie": "2w roost"}},
    )
    # Fox order: Recruit puts four in 1, the only ruled fox clearing; Build then finds 1 the
    # ruled clearing with the most warriors and builds a sawmill there: no Expand.
    assert placed(g) == [(1, 4)] and placed(g, "sawmill") == [(1, 1)]
    assert logged(g, "expand") == [] and logged(g, "order") == []


def test_lr_4_5_5_no_building_placed_expands_and_returns_to_daylight() -> None:
    g = bot_turn(
        "daylight",
        "anvil",
        deck=["a-visit-to-friends", "sword"],
        clearings={"1": {MM: "keep 1w", "eyrie": "1w"}, "5": {MM: "2w", "eyrie": "2w"},
                   "3": {MM: "1w", "eyrie": "roost 1w"}, "4": {MM: "1w", "eyrie": "roost 1w"}},
        dice=[[0, 0]] * 20,
    )
    # The bot rules no clearing (every one is tied): no building. The fox order is
    # discarded, A Visit to Friends (rabbit) revealed, its boot not crafted; Daylight starts
    # again (battles in 3, 4 and 5), builds nothing again: Swords (mouse) ...
    orders = [e["card"] for e in logged(g, "order")]
    assert orders[:2] == [cid("a-visit-to-friends"), cid("sword")]
    assert [e["clearing"] for e in logged(g, "battle")][:4] == [1, 3, 4, 5]
    assert all(not r.startswith("crafted boot") for _, r in scores(g))
    assert logged(g, "expand")[0]["buildings"] == 0
    assert cid("anvil") in g.state.discard


def test_trait_overwhelming_expands_only_once() -> None:
    g = bot_turn(
        "daylight",
        "anvil",
        deck=["a-visit-to-friends", "sword"],
        clearings={"1": {MM: "keep 1w", "eyrie": "3w"}, "5": {"eyrie": "roost"}},
        dice=[[0, 0]],
        **{MM: {"traits": ["overwhelming"]}},
    )
    assert len(logged(g, "expand")) == 1
    assert [e["card"] for e in logged(g, "order")] == [cid("a-visit-to-friends")]
    # Each Recruit placed none of its four warriors: 2 VP each time.
    assert scores(g) == [(2, "overwhelming"), (2, "overwhelming")]


def test_lr_4_5_5_six_buildings_no_expand() -> None:
    clearings = {"2": {MM: "sawmill workshop"}, "7": {MM: "sawmill recruiter"},
                 "9": {MM: "workshop recruiter"}, "1": {MM: "keep 1w", "eyrie": "3w"}}
    g = bot_turn("daylight", "anvil", deck=["sword"], dice=[[0, 0]], clearings=clearings)
    # The bot rules 2, 7 and 9, but they have no slot left: no building, but six on the map.
    assert placed(g, "sawmill") == [] and logged(g, "expand") == []


# --- LR 4.6 Evening -------------------------------------------------------------------------------


def test_lr_4_6_1_score_the_ordered_track() -> None:
    g = bot_turn(
        "evening",
        "sword",
        clearings={"1": {MM: "keep sawmill 1w"}, "2": {MM: "recruiter recruiter"},
                   "7": {MM: "recruiter sawmill"}, "9": {MM: "workshop"}},
    )
    assert types(g) == [("score", "recruiter", "order")]
    assert scores(g) == [(2, "recruiter track")]


def test_lr_4_6_1_a_bird_order_scores_the_best_track() -> None:
    g = bot_turn(
        "evening",
        "armorers",
        clearings={"1": {MM: "keep sawmill 1w"}, "2": {MM: "recruiter recruiter"},
                   "7": {MM: "recruiter sawmill"}, "9": {MM: "workshop"}},
    )
    assert types(g) == [("score", "recruiter", "most_vp")]
    assert scores(g) == [(2, "recruiter track")]


def test_lr_4_6_1_no_building_of_the_type_scores_nothing() -> None:
    g = bot_turn("evening", "bake-sale", clearings={"1": {MM: "keep sawmill 1w"}})
    assert scores(g) == []


# --- LR 4.7 Escalated Daylight --------------------------------------------------------------------


def test_lr_4_7_1_escalated_battle_in_every_clearing() -> None:
    g = bot_turn(
        "daylight",
        "armorers",
        clearings={"1": {MM: "keep 1w"}, "2": {MM: "1w", "eyrie": "1w"},
                   "3": {MM: "1w", "eyrie": "1w"}},
        dice=[[0, 0], [0, 0]],
    )
    assert [t[1] for t in picks(g, "battle")][:2] == [2, 3]
    assert logged(g, "expand") == []


@pytest.mark.parametrize(
    ("difficulty", "traits", "plan"),
    [
        ("default", [], [(12, 2), (11, 2)]),
        ("easy", [], [(12, 1), (11, 1)]),
        ("default", ["iron-will"], [(12, 4), (11, 4)]),
    ],
)
def test_lr_4_7_2_escalated_recruit_in_the_two_lowest_priority_ruled_clearings(
    difficulty: str, traits: list[str], plan: list[tuple[int, int]]
) -> None:
    g = bot_turn(
        "daylight:recruit",
        "armorers",
        clearings={"1": {MM: "keep 1w"}, "11": {MM: "1w"}, "12": {MM: "1w"}, "4": {MM: "1w"}},
        **{MM: {"difficulty": difficulty, "traits": traits}},
    )
    assert placed(g)[:2] == plan
    assert [t[1:] for t in picks(g, "recruit")] == [
        (12, ("lowest_priority",)), (11, ("lowest_priority",))
    ]


def test_lr_4_7_2_only_one_ruled_clearing_takes_all_four() -> None:
    g = bot_turn("daylight:recruit", "armorers", clearings={"1": {MM: "keep 1w"}})
    assert placed(g)[0] == (1, 4)


def test_lr_3_3_challenging_in_escalated_daylight_reinforces_the_highest_priority() -> None:
    g = bot_turn(
        "daylight:recruit",
        "armorers",
        clearings={"1": {MM: "keep 1w"}, "11": {MM: "1w"}, "12": {MM: "1w"}},
        **{MM: {"difficulty": "challenging"}},
    )
    assert placed(g)[:3] == [(12, 2), (11, 2), (1, 2)]


@pytest.mark.parametrize(
    ("buildings", "kind", "why"),
    [
        ({"2": "workshop workshop", "6": "sawmill"}, "workshop", "most_on_map"),
        ({"2": "workshop recruiter", "6": "sawmill"}, "sawmill", "tie_sawmill"),
        ({"2": "workshop recruiter"}, "recruiter", "tie_recruiter"),
    ],
)
def test_lr_4_7_3_escalated_build_of_the_commonest_type(
    buildings: dict[str, str], kind: str, why: str
) -> None:
    clearings = {c: {MM: b + " 1w"} for c, b in buildings.items()}
    g = bot_turn("daylight:build", "armorers",
                 clearings=clearings | {"1": {MM: "keep"}, "12": {MM: "3w"}})
    assert types(g)[0] == ("build", kind, why)
    assert placed(g, kind) == [(12, 1)]


def test_lr_4_7_4_escalated_move_from_every_clearing_then_battle_where_it_moved() -> None:
    g = bot_turn(
        "daylight:move",
        "armorers",
        clearings={"1": {MM: "keep 5w"}, "3": {MM: "4w"}, "9": {"eyrie": "1w"},
                   "6": {"eyrie": "2w"}},
        dice=[[0, 0], [0, 0]],
    )
    assert moves(g) == [(1, 9, 2), (3, 6, 1)]
    assert picks(g, "battle") == [
        ("battle", 6, ("highest_priority",)),
        ("battle", 9, ()),
    ]


# --- The traits -----------------------------------------------------------------------------------


def test_trait_blitz_all_but_one_from_the_highest_priority_quiet_ruled_clearing() -> None:
    g = bot_turn(
        "daylight:blitz",
        "anvil",
        clearings={"1": {MM: "keep 1w"}, "2": {MM: "3w"}, "5": {MM: "2w", "eyrie": "1w"},
                   "6": {"eyrie": "2w"}, "10": {"eyrie": "1w"}},
        dice=[[0, 0]],
        **{MM: {"traits": ["blitz"]}},
    )
    # 1 has one warrior; 2 rules without enemies: two go to 6 (two Eyrie pieces), battle.
    assert picks(g, "move_from") == [("move_from", 2, ())]
    assert moves(g) == [(2, 6, 2)]
    assert picks(g, "defender") == [("defender", 6, E, ())]
    assert logged(g, "battle")[0]["clearing"] == 6


def test_trait_blitz_no_battle_without_enemies() -> None:
    g = bot_turn("daylight:blitz", "anvil", clearings={"1": {MM: "keep 3w"}},
                 **{MM: {"traits": ["blitz"]}})
    assert moves(g) == [(1, 5, 2)] and logged(g, "battle") == []


EYRIE_BATTLES = {
    "decree": {"move": ["vizier"], "build": ["vizier"], "battle": ["sword"]},
    "leader": "despot",
}
"""The human Eyrie's Decree: a move (its warrior in 9 goes to 12), then a battle in 2."""


def attacked(in_2: str, dice: list[int], in_1: str = "keep sawmill", **board: Any) -> Game:
    """The human Eyrie resolves its Decree: its move (its warrior in 9 goes to 12), then its
    battle against the bot's pieces ``in_2`` in clearing 2, the only one it can take, which
    follows by itself."""
    g = bot_pos(
        factions=[MM, "eyrie"],
        turn="eyrie",
        at="daylight:decree",
        clearings={"1": {MM: in_1}, "2": {MM: in_2, "eyrie": "3w"}, "9": {"eyrie": "1w roost"}},
        eyrie=EYRIE_BATTLES,
        dice=[dice],
        **{MM: board},
    )
    g.apply("move bird 9 12")
    assert [(e["clearing"], e["defender"]) for e in logged(g, "battle")] == [(2, M)]
    return g


def test_lr_1_2_1_tokens_before_buildings_then_a_random_type() -> None:
    g = attacked("keep workshop recruiter", [1, 0], in_1="sawmill")
    # One rolled hit and one for the defenseless bot: the keep first, then a building of a
    # type drawn at random.
    removed = [e["piece"] for e in logged(g, "remove") if e["seat"] == M]
    assert removed[0] == "keep" and len(removed) == 2
    hit = logged(g, "hit_at_random")
    assert len(hit) == 1 and removed[1] == hit[0]["piece"]
    assert [e["why"] for e in logged(g, "pick")][-1:] == ["hit"]


def test_trait_fortified_buildings_take_two_hits() -> None:
    g = attacked("workshop recruiter", [3, 0], traits=["fortified"])
    # Three rolled, one defenseless: four hits, two buildings.
    removed = [e["piece"] for e in logged(g, "remove") if e["seat"] == M]
    assert sorted(removed) == ["recruiter", "workshop"]
    g2 = attacked("workshop", [0, 0], traits=["fortified"])
    assert [e["hits"] for e in logged(g2, "fortified")] == [1]
    assert (M, "workshop") in g2.state.buildings[2]
    # Without the trait, the defenseless hit alone removes it.
    g3 = attacked("workshop", [0, 0])
    assert (M, "workshop") not in g3.state.buildings[2]


def test_trait_hospitals_two_warriors_at_the_keep_after_losing_two_defending() -> None:
    g = attacked("3w", [2, 1], in_1="keep 1w", traits=["hospitals"])
    assert logged(g, "hospitals") == [{"kind": "hospitals", "seat": M, "clearing": 1}]
    assert g.state.warriors[1][M] == 3


def test_trait_hospitals_not_after_losing_one() -> None:
    g = attacked("3w", [1, 1], in_1="keep 1w", traits=["hospitals"])
    assert logged(g, "hospitals") == [] and g.state.warriors[1][M] == 1


# --- The log, positions, records, the command line ------------------------------------------------


def test_the_log_names_each_target_and_its_rule() -> None:
    g = bot_turn(
        "daylight:build",
        "armorers",
        clearings={"2": {MM: "workshop recruiter 1w"}, "1": {MM: "keep"}, "12": {MM: "3w"},
                   "9": {MM: "2w"}},
    )
    lines = render_log(g)
    assert (
        "Mechanical Marquise 2.0: builds a recruiter: workshops and recruiters tie for the most "
        "pieces on the map (LR 4.7.3)" in lines
    )
    assert (
        "Mechanical Marquise 2.0: builds a recruiter in clearing 12: most of its warriors "
        "(LR 4.7.3)" in lines
    )


def test_position_strings_carry_the_bots_board() -> None:
    g = bot_turn(
        "daylight",
        "anvil",
        factions=[MM, "eyrie", "alliance"],
        clearings={"1": {MM: "keep sawmill 3w"}, "12": {MM: "3w", "alliance": "base sympathy"}},
        dice=[[0, 0]],
        **{MM: {"difficulty": "challenging", "traits": ["blitz", "fortified"]}},
    )
    # The Alliance chooses which piece the defenseless hit removes: the bot's turn waits.
    assert g.state.stack[-1].kind == "take_hits" and mm(g).order == cid("anvil")
    text = to_string(g)
    assert "mm.order=" in text or "mechanical-marquise.order=" in text
    again = from_string(text)
    assert again.state.fs[M].to_dict() == g.state.fs[M].to_dict()
    assert again.hash() == g.hash()


def test_records_keep_the_bots_settings() -> None:
    from rootgame.bots import RandomBot
    from rootgame.records.native import replay_record, write_record

    bots = {MM: {"difficulty": "nightmare", "traits": ["hospitals", "fortified"]}}
    g = new_game([MM, "eyrie", "alliance"], seed=5, bots=bots)
    player = RandomBot(5)
    while not g.is_over and g.turn_number < 8:
        g.apply(player.choose(g))
    text = write_record(g)
    assert '"mechanical-marquise":{"difficulty":"nightmare"' in text
    again = replay_record(text)
    assert again.hash() == g.hash()
    assert again.state.fs[M].traits == ("fortified", "hospitals")


def test_cli_settings_reach_the_marquise_bot() -> None:
    from rootgame.cli import bot_settings

    settings = bot_settings([MM, "electric-eyrie", "alliance"], "easy", "blitz,swoop")
    assert settings == {
        MM: {"difficulty": "easy", "traits": ["blitz"]},
        "electric-eyrie": {"difficulty": "easy", "traits": ["swoop"]},
    }


def test_play_refuses_the_bots_seat() -> None:
    from typer.testing import CliRunner

    from rootgame.cli import app

    r = CliRunner().invoke(
        app, ["play", "--factions", "mechanical-marquise,eyrie", "--as", MM, "--seed", "1"],
        input="quit\n",
    )
    assert r.exit_code != 0 and "is a Clockwork bot" in " ".join(r.output.split())


def test_simulate_takes_the_bots_settings(tmp_path: Any) -> None:
    from typer.testing import CliRunner

    from rootgame.cli import app

    args = ["simulate", "--factions", "mechanical-marquise,eyrie", "--games", "2", "--json",
            "--difficulty", "nightmare", "--traits", "iron-will", "--save-dir", str(tmp_path)]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0 and '"errors": 0' in r.output
    record = (tmp_path / "game-0.rootgame").read_text()
    assert '{"difficulty":"nightmare","traits":["iron-will"]}' in record


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ["Buildings tracks", "Order card", "Iron Will"]),
     ("pl", ["Tory budynków", "Karta rozkazu", "Żelazna wola"])],
)
def test_the_terminal_shows_the_bots_board(lang: str, words: list[str]) -> None:
    from rich.console import Console

    from rootgame.i18n import language
    from rootgame.render import render_view

    g = bot_turn(
        "daylight",
        "anvil",
        factions=[MM, "eyrie", "alliance"],
        clearings={"1": {MM: "keep sawmill 3w"}, "12": {MM: "3w", "alliance": "base sympathy"}},
        dice=[[0, 0]],
        **{MM: {"traits": ["iron-will"]}},
    )
    console = Console(width=140, record=True)
    with language(lang):
        console.print(render_view(g.view(E)))
    text = console.export_text()
    for w in words:
        assert w in text


def test_lr_4_5_5_expand_stops_when_every_card_has_been_revealed() -> None:
    from rootgame.cards import DECK, deck_ids

    birds = [DECK[c].key for c in deck_ids("base") if DECK[c].suit == "bird"]
    g = bot_turn(
        "daylight:expand",
        "anvil",
        removed=birds,
        clearings={"1": {MM: "keep 1w", "eyrie": "3w"}},
    )
    # No bird card is left to end the turn and the bot rules no clearing: without a limit it
    # would reveal cards for ever. It stops once it has revealed as many as the deck and the
    # discard pile held at its first Expand (docs/rulings.md).
    # The deck: no bird, no dominance card (one human, LR 3.4), less the Eyrie's two cards
    # and the order card; nothing in the discard pile yet.
    kept = [c for c in deck_ids("base") if DECK[c].suit != "bird" and DECK[c].kind != "dominance"]
    first = len(kept) - len(EYRIE_HAND["eyrie"]) - 1
    assert len(logged(g, "expand")) == first + 1
    assert logged(g, "building_type")[-1]["action"] == "score"


# --- Review against the Law of Rootbotics (issue 11): the ties and cases left unpinned ------------


def test_lr_4_5_3_build_passes_over_a_clearing_not_ruled_or_without_a_slot() -> None:
    g = bot_turn(
        "daylight:build",
        "anvil",
        clearings={"1": {MM: "keep 1w"}, "7": {MM: "5w", "eyrie": "5w"},
                   "3": {MM: "4w sawmill"}, "12": {MM: "3w"}, "9": {MM: "3w"}},
    )
    # 7 has the most warriors but the Eyrie rule it (a tie); 3 has no open slot (LR 2.3):
    # 9 and 12 are left, three warriors each: 9, of higher priority.
    assert picks(g, "build_sawmill") == [
        ("build_sawmill", 9, ("most_own_warriors", "highest_priority"))
    ]
    assert placed(g, "sawmill") == [(9, 1)]


def test_lr_4_5_5_an_expand_to_a_bird_order_resolves_escalated_daylight() -> None:
    g = bot_turn(
        "daylight",
        "anvil",
        deck=["armorers", "sword"],
        clearings={"1": {MM: "keep 1w", "eyrie": "3w"}, "5": {"eyrie": "roost"}},
        dice=[[0, 0], [0, 0]],
    )
    # Ruling nothing, it builds nothing: Expand reveals Armorers (bird), so Daylight starts
    # again as Escalated Daylight (its battle is LR 4.7.1's), which has no Expand.
    assert [e["card"] for e in logged(g, "order")] == [cid("armorers")]
    assert len(logged(g, "expand")) == 1
    assert [e["rule"] for e in logged(g, "target") if e["action"] == "battle"] == [
        "LR 4.5.1", "LR 4.7.1"]
    assert types(g) == [("build", "sawmill", "order"), ("build", "sawmill", "tie_sawmill"),
                        ("score", "sawmill", "most_vp")]


def test_trait_blitz_quiet_ruled_clearings_tie_on_highest_priority() -> None:
    g = bot_turn(
        "daylight:blitz",
        "anvil",
        clearings={"1": {MM: "keep 1w"}, "2": {MM: "3w"}, "5": {MM: "3w"}, "6": {"eyrie": "2w"}},
        dice=[[0, 0]],
        **{MM: {"traits": ["blitz"]}},
    )
    # 2 and 5 rule with no enemy and three warriors each: 2; its neighbour with the most enemy
    # pieces is 6.
    assert picks(g, "move_from") == [("move_from", 2, ("highest_priority",))]
    assert picks(g, "move_to") == [("move_to", 6, ("most_enemy_pieces",))]
    assert moves(g) == [(2, 6, 2)]


def test_trait_hospitals_nothing_once_the_keep_is_gone() -> None:
    g = attacked("3w", [2, 1], in_1="1w", traits=["hospitals"])
    assert mm(g).keep == 0
    assert logged(g, "hospitals") == [] and g.state.warriors[1][M] == 1
    assert g.state.warriors[2][M] == 1
