"""The Winter, Lake and Mountain maps (Law of Root, appendix M; suit markers, appendix A step
1): each map's table against the reference (../shared/rules/maps.json and maps.md, checked
against the Law), and a scenario test per map rule, named after its section."""

from __future__ import annotations

import random
from typing import Any

import pytest
from lawkit import E, M, cid, discard, hand, play, pos, scores_logged, warriors

from rootgame import new_game
from rootgame.board import MAPS, choose_layout, load_board, parse_layout
from rootgame.errors import IllegalAction, PositionError
from rootgame.factions.vagabond import forest_loc
from rootgame.map_view import draw_map
from rootgame.position import build
from rootgame.position_text import from_string, to_string
from rootgame.records.native import replay_record, write_record
from rootgame.rl import Config, Observer, action_space

# --- The tables ---------------------------------------------------------------------------

TABLES: dict[str, dict[str, Any]] = {
    "winter": {
        "slots": [1, 1, 2, 2, 2, 2, 1, 2, 2, 1, 3, 3],
        "ruins": [8, 9, 11, 12],
        "opposite": {1: 3, 2: 4, 3: 1, 4: 2},
        "adjacent": {1: [5, 10, 11], 2: [6, 7, 12], 3: [7, 8, 12], 4: [9, 10, 11], 5: [1, 6],
                     6: [2, 5], 7: [2, 3], 8: [3, 9, 12], 9: [4, 8, 11], 10: [1, 4],
                     11: [1, 4, 9], 12: [2, 3, 8]},
        "closed": [],
        "rivers": [(7, 12), (10, 11), (11, 12)],
        "forests": ["1_10_11", "2_7_12", "3_7_12", "3_8_12", "4_9_11", "4_10_11", "8_9_11_12",
                    "1_2_5_6_11_12"],
        "suggested": "",
    },
    "lake": {
        "slots": [2, 1, 1, 1, 3, 2, 1, 1, 1, 3, 3, 3],
        "ruins": [5, 10, 11, 12],
        "opposite": {1: 2, 2: 1, 3: 4, 4: 3},
        "adjacent": {1: [5, 9], 2: [7, 8, 10], 3: [8, 9, 12], 4: [5, 6], 5: [1, 4, 11],
                     6: [4, 7, 11], 7: [2, 6, 10, 11], 8: [2, 3, 10], 9: [1, 3, 12],
                     10: [2, 7, 8], 11: [5, 6, 7], 12: [3, 9]},
        "closed": [],
        "rivers": [(1, 10), (1, 11), (1, 12), (10, 11), (10, 12), (11, 12)],
        "forests": ["1_5_11", "1_9_12", "2_7_10", "2_8_10", "3_9_12", "6_7_11", "7_10_11",
                    "3_8_10_12", "4_5_6_11"],
        "suggested": "FFMRMFMRFMRR",
    },
    "mountain": {
        "slots": [2, 2, 2, 2, 1, 1, 1, 1, 3, 2, 3, 3],
        "ruins": [9, 10, 11, 12],
        "opposite": {1: 3, 2: 4, 3: 1, 4: 2},
        "adjacent": {1: [8, 9], 2: [6, 11], 3: [6, 11], 4: [8, 12], 5: [10, 11], 6: [2, 3],
                     7: [12], 8: [1, 4], 9: [1, 10, 12], 10: [5, 9, 11, 12],
                     11: [2, 3, 5, 10], 12: [4, 7, 9, 10]},
        "closed": [(2, 5), (3, 7), (5, 9), (6, 11), (8, 9), (11, 12)],
        "rivers": [(2, 10), (4, 10)],
        "forests": ["1_8_9", "2_5_11", "2_6_11", "3_6_11", "5_9_10", "5_10_11", "9_10_12",
                    "10_11_12", "3_7_11_12", "4_8_9_12"],
        "suggested": "FRFMMMRRRFMF",
    },
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_map_table(name: str) -> None:
    t = TABLES[name]
    b = load_board(name)
    assert b.clearings == tuple(range(1, 13))
    assert not b.printed_suits and set(b.suit[1:]) == {""}  # no printed suits (appendix A)
    assert list(b.slots[1:]) == t["slots"]
    assert [c for c in b.clearings if b.starts_with_ruin[c]] == t["ruins"]
    assert b.corners == (1, 2, 3, 4)
    assert {c: b.opposite_corner[c] for c in b.corners} == t["opposite"]
    assert {c: list(b.adjacent[c]) for c in b.clearings} == t["adjacent"]
    assert list(b.closed) == list(b.closed_at_start) == t["closed"]
    assert sorted(b.printed_paths) == sorted(b.paths + b.closed)
    assert list(b.rivers) == t["rivers"]
    assert sorted(f.id for f in b.forests) == sorted(t["forests"])
    for f in b.forests:
        assert f.id == "_".join(map(str, f.clearings))
        for other in f.forests:  # forest adjacency is symmetric
            assert f.id in next(x for x in b.forests if x.id == other).forests
    assert "".join(x[:1].upper() for x in b.suggested[1:]) == t["suggested"]
    assert sum(b.slots) == (23 if name == "mountain" else 22)


def test_autumn_table_unchanged() -> None:
    b = load_board("autumn")
    assert b.printed_suits and b.layout == "FMRRRFMFMRMF"
    assert b.closed == () and b.coastal == () and b.ferry_start == 0 and b.tower == 0


def test_m_2_1_raging_river_divides_forests() -> None:
    # The river sections 10-11, 11-12, 12-7 cut forests as a printed path does: 8 forests, and
    # forests on either side of one section are adjacent (docs/rulings.md).
    b = load_board("winter")
    forests = {f.id: f for f in b.forests}
    assert len(forests) == 8
    assert "4_10_11" in forests["1_10_11"].forests
    assert "3_7_12" in forests["2_7_12"].forests
    # The river is not a path (2.3): the clearings on a river section are not adjacent.
    assert not b.is_adjacent(10, 11) and not b.is_adjacent(7, 12)


# --- Appendix A step 1: suit markers ---------------------------------------------------------


@pytest.mark.parametrize("name", ["winter", "lake", "mountain"])
def test_a_1_suit_markers_dealt_at_random(name: str) -> None:
    layouts = {new_game(map=name, seed=s).state.suits for s in range(6)}
    assert len(layouts) > 1
    for lay in layouts:
        assert sorted(lay) == sorted("FFFFMMMMRRRR")
    g = new_game(map=name, seed=4)
    assert g.state.suits == choose_layout(name, "random", 4) == g.meta["suits"]
    b = g.state
    from rootgame.rules.core import board

    assert board(b).layout == b.suits and board(b).suit[1] in ("fox", "rabbit", "mouse")


def test_a_1_layout_choices() -> None:
    assert new_game(map="lake", suits="suggested").state.suits == TABLES["lake"]["suggested"]
    assert new_game(map="autumn").state.suits == ""
    layout = "F1, R2, M3, F4, R5, M6, F7, R8, M9, F10, R11, M12"
    assert new_game(map="winter", suits=layout).state.suits == "FRMFRMFRMFRM"
    with pytest.raises(ValueError, match="no suggested layout"):
        new_game(map="winter", suits="suggested")
    with pytest.raises(ValueError, match="prints no suits"):
        new_game(map="mountain", suits="printed")
    with pytest.raises(ValueError, match="4 clearings of each suit"):
        parse_layout("FFFFFMMMRRRR")
    with pytest.raises(ValueError, match="autumn, winter, lake, mountain"):
        new_game(map="moon")
    assert MAPS == ("autumn", "winter", "lake", "mountain")


def test_a_1_random_deal_leaves_the_game_generator_alone() -> None:
    # The deal draws from its own stream: a game given the dealt layout is the same game.
    a = new_game(["marquise", "eyrie"], map="winter", seed=9)
    b = new_game(["marquise", "eyrie"], map="winter", seed=9, suits=a.state.suits)
    assert a.hash() == b.hash() and a.state.rng == b.state.rng


@pytest.mark.parametrize("name", ["winter", "lake", "mountain"])
def test_a_1_ruins_and_item_supply_set_up_as_normal(name: str) -> None:
    """A step 1: on a variant map the ruins go in its "R" slots (5.1.4) and the item supply
    is the usual one (5.1.5)."""
    from rootgame.cards import ITEM_SUPPLY

    s = new_game(["marquise", "eyrie"], map=name, seed=3).state
    ruins = [c for c in range(1, 13) if (-1, "ruin") in s.buildings[c]]
    assert ruins == TABLES[name]["ruins"]
    assert s.items == dict(ITEM_SUPPLY)


# --- Setup uses each map's corners -------------------------------------------------------------


def test_5_1_setup_on_the_lake_uses_its_corner_pairs() -> None:
    g = new_game(["marquise", "eyrie"], map="lake", seed=1)
    assert g.legal_tokens()[:4] == ["keep 1", "keep 2", "keep 3", "keep 4"]
    play(g, "keep 3")
    # 7.3.1: the Eyrie's roost goes in the corner opposite the keep: on the Lake 3 faces 4.
    while g.current_seat == M:
        g.apply(g.legal_actions()[0])
    assert (E, "roost") in g.state.buildings[4]


# --- M.3 The Lake: the Ferry ---------------------------------------------------------------


def _lake(**desc: Any) -> Any:
    d: dict[str, Any] = {
        "map": "lake",
        "suits": "suggested",
        "turn": "marquise",
        "at": "daylight:actions",
        "clearings": {"1": {"marquise": "3w"}, "2": {"marquise": "keep"},
                      "3": {"eyrie": "roost"}},
        "deck": ["anvil", "sword"],
    }
    d.update(desc)
    return pos(**d)


def test_m_3_1_ferry_starts_in_the_coastal_corner() -> None:
    g = new_game(map="lake", seed=0)
    assert g.state.ferry == 1 == load_board("lake").ferry_start
    assert g.view(None)["ferry"] == 1
    assert "ferry" not in new_game(map="autumn").view(None)


def test_m_3_5_ferry_moves_to_another_coastal_clearing_and_draws() -> None:
    g = _lake()
    toks = g.legal_tokens()
    assert {"march 1 10", "march 1 11", "march 1 12"} <= set(toks)
    play(g, "march 1 11", "count 2")
    assert warriors(g, 11, M) == 2 and g.state.ferry == 11
    assert hand(g, M) == ["anvil"]  # the mover draws one card
    # Once per turn: the Ferry does not sail again this turn, even from its new clearing.
    assert not {"move 11 1", "move 11 10", "move 11 12"} & set(g.legal_tokens())


def test_m_3_5_ferry_a_destination_also_reached_by_boat_builders_is_one_move() -> None:
    """With Boat Builders the lake's rivers are paths too: the coastal clearings are listed
    once each, and the move is made by the Ferry (ruling 84)."""
    g = _lake(shared_deck="exiles", persistent={"marquise": ["boat-builders"]})
    marches = [a for a in g.legal_actions() if a[0] == "march" and a[1] == 1]
    assert len(marches) == len(set(marches))
    assert {("march", 1, 10), ("march", 1, 11), ("march", 1, 12)} <= set(marches)
    play(g, "march 1 11", "count 2")
    assert warriors(g, 11, M) == 2 and g.state.ferry == 11 and hand(g, M) == ["anvil"]


def test_m_3_5_the_vagabond_rides_the_ferry_with_allied_warriors_and_both_draw() -> None:
    """The FAQ on M.3.5: the Vagabond may take the Ferry (his Move, paid with a boot; he
    needs no rule, 9.2.3) and move Allied warriors along; each of the two players draws."""
    g = _lake(factions=["marquise", "eyrie", "vagabond"], turn="vagabond", at="daylight",
              clearings={"1": {"eyrie": "3w"}, "2": {"marquise": "keep"},
                         "3": {"eyrie": "roost"}},
              vagabond={"pawn": 1, "items": {"up": "boot"}, "relationships": {"eyrie": "allied"}})
    moves = {t for t in g.legal_tokens() if t.startswith("move")}
    assert {"move 10", "move 11", "move 12"} <= moves
    play(g, "move 11", "ally 1 2")
    assert g.state.fs[2].pawn == 11 and g.state.ferry == 11
    assert warriors(g, 11, E) == 2 and warriors(g, 1, E) == 1
    assert hand(g, 2) == ["anvil"] and hand(g, E) == ["sword"]
    # Once per turn, from its clearing only.
    assert not {"move 1", "move 10", "move 12"} & set(g.legal_tokens())


def test_m_3_5_the_vagabond_may_slip_by_the_ferry() -> None:
    """Ruling 85: the Slip is a move (9.4.2), so the Ferry may carry it."""
    g = _lake(factions=["marquise", "eyrie", "vagabond"], turn="vagabond", at="birdsong",
              vagabond={"pawn": 1, "items": {"up": "boot"}})
    assert {"slip 10", "slip 11", "slip 12"} <= set(g.legal_tokens())
    play(g, "slip 12")
    assert g.state.fs[2].pawn == 12 and g.state.ferry == 12 and hand(g, 2) == ["anvil"]


def test_m_3_5_ferry_needs_rule_of_origin_or_destination() -> None:
    g = _lake(clearings={"1": {"marquise": "1w", "eyrie": "2w"}, "2": {"marquise": "keep"},
                         "3": {"eyrie": "roost"}, "11": {"marquise": "1w"},
                         "12": {"eyrie": "1w"}})
    assert "march 1 11" in g.legal_tokens() and "march 1 12" not in g.legal_tokens()
    with pytest.raises(IllegalAction, match="rule neither"):
        g.apply("march 1 12")


def test_m_3_2_to_m_3_4_the_lake_its_coast_and_its_forests() -> None:
    """M.3.2-M.3.4: the lake is rivers linking every two coastal clearings and divides the
    forests; the coastal clearings are those touching it; each coastal forest is adjacent to
    the two beside it round the shore (one coastal clearing between), not to the one across
    the water (the glossary's "except on the lake")."""
    b = load_board("lake")
    assert b.coastal == (1, 10, 11, 12)
    assert sorted(b.rivers) == [(x, y) for x in b.coastal for y in b.coastal if x < y]
    assert not any(b.is_adjacent(x, y) for x in b.coastal for y in b.coastal)  # not paths
    forests = {f.id: set(f.forests) for f in b.forests}
    ring = ["7_10_11", "1_5_11", "1_9_12", "3_8_10_12"]  # round the shore: 11, 1, 12, 10
    for i, f in enumerate(ring):
        assert {ring[i - 1], ring[(i + 1) % 4]} <= forests[f]
        assert ring[(i + 2) % 4] not in forests[f]  # across the lake
    # Ordinary adjacency across one printed path still holds (2.4.1).
    assert forests["1_5_11"] == {"1_9_12", "7_10_11", "4_5_6_11"}


def test_m_3_5_false_orders_moves_along_the_enemys_rivers_without_the_ferry() -> None:
    """Ruling 68: False Orders never moves by the Ferry. With Boat Builders the Eyrie reach
    the other coastal clearings along the lake's rivers, so the card may send them there from
    the Ferry's clearing; the Ferry stays, the Eyrie draw nothing, and the Marquise may still
    use the Ferry this turn."""
    g = build({"factions": ["marquise", "eyrie"], "shared_deck": "exiles", "map": "lake",
               "suits": "suggested", "turn": "marquise", "at": "birdsong",
               "clearings": {"2": {"marquise": "keep 1w"}, "1": {"eyrie": "4w"},
                             "3": {"eyrie": "roost"}},
               "persistent": {"marquise": ["false-orders"], "eyrie": ["boat-builders"]},
               "deck": ["anvil", "sword"]}, log=True)
    g.apply(("false-orders", E, 1, 10))
    assert warriors(g, 10, E) == 2 and warriors(g, 1, E) == 2
    assert g.state.ferry == 1 and hand(g, E) == []
    assert "ferry" not in g.state.turn.get("used", ())


def test_m_3_5_ferry_only_from_its_clearing() -> None:
    g = _lake(ferry=10, clearings={"1": {"marquise": "3w"}, "2": {"marquise": "keep"},
                                   "3": {"eyrie": "roost"}})
    assert not any(t.startswith("march 1 1") for t in g.legal_tokens())
    with pytest.raises(IllegalAction, match="Ferry"):
        g.apply("march 1 11")


# --- M.4 The Mountain ---------------------------------------------------------------------


def _mountain(**desc: Any) -> Any:
    d: dict[str, Any] = {
        "map": "mountain",
        "suits": "suggested",
        "turn": "marquise",
        "at": "daylight:actions",
        "clearings": {"2": {"marquise": "3w keep"}, "4": {"eyrie": "roost"}},
        "hands": {"marquise": ["anvil"]},
    }
    d.update(desc)
    return pos(**d)


def test_m_4_1_setup_closed_paths_and_tower() -> None:
    g = new_game(map="mountain", seed=0)
    assert g.state.closed == tuple(TABLES["mountain"]["closed"])
    v = g.view(None)
    assert v["tower"] == 10 and len(v["closed_paths"]) == 6


def test_m_4_2_closed_paths_join_nothing() -> None:
    g = _mountain()
    assert "march 2 5" not in g.legal_tokens()
    with pytest.raises(IllegalAction, match="not joined by a path"):
        g.apply("march 2 5")


def test_m_4_3_removing_a_closed_path() -> None:
    g = _mountain(log=True)
    opens = [t for t in g.legal_tokens() if t.startswith("open-path")]
    # Only paths with one of the player's pieces at an end (2: paths 2-5); any card.
    assert opens == [f"open-path 2 5 {cid('anvil')}"]
    g.apply(opens[0])
    assert g.state.closed == ((3, 7), (5, 9), (6, 11), (8, 9), (11, 12))
    assert discard(g) == ["anvil"] and g.scores[M] == 1
    assert scores_logged(g)[-1] == (M, 1, "opened path")
    assert "march 2 5" in g.legal_tokens()
    assert g.state.turn["actions"] == 3  # not an action of the Marquise


def test_m_4_3_once_per_turn() -> None:
    g = _mountain(hands={"marquise": ["anvil", "sword"]},
                  clearings={"2": {"marquise": "3w keep"}, "11": {"marquise": "1w"},
                             "4": {"eyrie": "roost"}})
    g.apply(f"open-path 2 5 {cid('anvil')}")
    assert not any(t.startswith("open-path") for t in g.legal_tokens())


def test_m_4_3_only_in_own_daylight() -> None:
    g = _mountain(at="evening:draw")
    assert not any(t.startswith("open-path") for t in g.legal_tokens())


def test_m_4_2_closed_paths_divide_forests_so_the_vagabond_slips_across() -> None:
    """M.4.2: a closed path joins no clearings, yet encloses and divides forests as a path
    does, so the Vagabond slips from forest to forest across it (9.4.2)."""
    kw: dict[str, Any] = {"factions": ["marquise", "eyrie", "vagabond"], "turn": "vagabond",
                          "at": "birdsong", "clearings": {"2": {"marquise": "keep"},
                                                          "4": {"eyrie": "roost"}}}
    g = _mountain(vagabond={"pawn": "forest:1_8_9", "items": {"up": "boot"}}, **kw)
    across = forest_loc(load_board("mountain"), "4_8_9_12")  # across the closed path 8-9
    assert {"slip 1", "slip 8", "slip 9", f"slip {across}"} <= set(g.legal_tokens())
    play(g, f"slip {across}")
    assert g.state.fs[2].pawn == across
    g = _mountain(vagabond={"pawn": 8, "items": {"up": "boot"}}, **kw)
    assert "slip 9" not in g.legal_tokens()  # the clearings 8 and 9 are not adjacent


def test_m_4_3_the_vagabonds_pawn_lets_him_open_a_closed_path() -> None:
    """M.4.3: any faction piece at either end will do; the pawn is one (glossary)."""
    g = _mountain(factions=["marquise", "eyrie", "vagabond"], turn="vagabond", at="daylight",
                  clearings={"2": {"marquise": "keep"}, "4": {"eyrie": "roost"}},
                  hands={"vagabond": ["anvil"]}, vagabond={"pawn": 5, "items": {"up": "boot"}})
    card = cid("anvil")
    assert sorted(t for t in g.legal_tokens() if t.startswith("open-path")) == [
        f"open-path 2 5 {card}", f"open-path 5 9 {card}"]
    g.apply(f"open-path 5 9 {card}")
    assert (5, 9) not in g.state.closed and g.scores[2] == 1


def test_m_4_4_only_the_player_whose_evening_ends_scores_the_pass() -> None:
    g = _mountain(
        clearings={"2": {"marquise": "3w keep"}, "10": {"eyrie": "2w"},
                   "4": {"eyrie": "roost"}},
        hands={},
        deck=["anvil", "sword", "crossbow"],
        log=True,
    )
    g.apply("end")
    assert g.turn_seat == E and scores_logged(g) == []


def test_m_4_4_pass_scores_at_end_of_evening() -> None:
    g = _mountain(
        clearings={"2": {"marquise": "3w keep"}, "10": {"marquise": "1w"},
                   "4": {"eyrie": "roost"}},
        hands={},
        deck=["anvil", "sword", "crossbow"],
        log=True,
    )
    g.apply("end")
    assert (M, 1, "pass") in scores_logged(g)
    assert g.turn_seat == E


def test_m_4_4_no_vp_without_rule() -> None:
    g = _mountain(
        clearings={"2": {"marquise": "3w keep"}, "10": {"marquise": "1w", "eyrie": "1w"},
                   "4": {"eyrie": "roost"}},
        hands={},
        deck=["anvil", "sword", "crossbow"],
        log=True,
    )
    g.apply("end")
    assert (M, 1, "pass") not in scores_logged(g)


# --- Positions, records, the action space, the map view ------------------------------------


def _random_game(name: str, seed: int, moves: int) -> Any:
    g = new_game(["marquise", "eyrie", "alliance"], map=name, seed=seed)
    r = random.Random(seed)
    while not g.is_over and len(g.history) < moves:
        g.apply(r.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("name", ["winter", "lake", "mountain"])
def test_position_strings_and_records_carry_the_map(name: str) -> None:
    g = _random_game(name, 3, 250)
    if not g.is_over:
        back = from_string(to_string(g))
        assert back.hash() == g.hash() and back.legal_tokens() == g.legal_tokens()
    text = write_record(g)
    assert f"suits: {g.state.suits}" in text
    assert replay_record(text).hash() == g.hash()


def test_position_builder_checks_map_fields() -> None:
    with pytest.raises(PositionError, match="not one of the map's closed paths"):
        build({"map": "mountain", "closed": [[1, 2]]})
    with pytest.raises(PositionError, match="coastal"):
        build({"map": "lake", "ferry": 5})
    with pytest.raises(PositionError, match="no Ferry"):
        build({"map": "winter", "ferry": 1})
    g = build({"map": "mountain", "closed": [[2, 5]], "suits": "FRMFRMFRMFRM"})
    assert g.state.closed == ((2, 5),) and g.state.suits == "FRMFRMFRMFRM"


def test_action_space_and_observation_of_autumn_unchanged_by_maps() -> None:
    autumn = action_space(Config(("marquise", "eyrie")))
    mountain = action_space(Config(("marquise", "eyrie"), map="mountain"))
    assert not any(a[0] == "open-path" for a in autumn.actions)
    assert mountain.size == autumn.size + 12 * 12 * 54
    assert "map" not in Observer(Config(("marquise", "eyrie"))).sections
    assert Observer(Config(("marquise", "eyrie"), map="lake")).sections["map"] == (12,)
    assert Observer(Config(("marquise", "eyrie"), map="mountain")).sections["map"] == (6,)


@pytest.mark.parametrize("name", MAPS)
def test_map_view_draws_every_map(name: str) -> None:
    g = new_game(map=name, seed=0)
    text = draw_map(g.view(0))
    assert text is not None
    plain = text.plain
    for c in range(1, 13):
        assert f"┌{c} " in plain
    if name == "mountain":
        assert "x x" in plain and "tower" in plain
    if name == "lake":
        assert "ferry" in plain
