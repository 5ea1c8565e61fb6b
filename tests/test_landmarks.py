"""Landmarks (Law of Root appendix A step 5, appendix L; the landmark cards' own texts): one
scenario test per rule, named after its card or Law section, with exact outcomes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from lawkit import E, M, cid, hand, mid_games, play, pos, resample, scores_logged, warriors

from rootgame import new_game
from rootgame.board import load_board
from rootgame.bots.determinize import determinize
from rootgame.errors import PositionError
from rootgame.position import build
from rootgame.position_text import from_string, to_string
from rootgame.rng import Rng
from rootgame.rules.core import place_building, remove_building
from rootgame.rules.landmarks import LANDMARKS, parse_landmarks, places

# Autumn: 1 fox corner (1 slot), 3 rabbit (1 slot, no ruin), 8 fox (2 slots), 10 rabbit on the
# river 5-10-11, 12 fox with a ruin; 1 is next to 5, 9, 10.


def _at(**desc: Any) -> Any:
    """The Marquise in her Daylight actions, keep in 2, the Eyrie's roost in 4."""
    d: dict[str, Any] = {
        "turn": "marquise",
        "at": "daylight:actions",
        "clearings": {"2": {"marquise": "keep 1w"}, "4": {"eyrie": "roost"}},
    }
    d.update(desc)
    return pos(**d)


# --- Appendix A step 5: choosing, dealing, setting up ------------------------------------------


def test_A5_landmark_names_and_bad_values() -> None:
    assert LANDMARKS == ("forge", "lost-city", "black-market", "elder-treetop", "tower", "ferry")
    assert parse_landmarks("forge,lost-city") == ("forge", "lost-city")
    assert parse_landmarks(["legendary-forge"]) == ("forge",)
    assert parse_landmarks("2") == 2 and parse_landmarks(None) == ()
    for bad, why in (
        ("castle", "unknown landmark 'castle'"),
        ("forge,forge", "named twice"),
        ("forge,tower,ferry", "3 landmarks"),
        (3, "3 landmarks"),
    ):
        with pytest.raises(ValueError, match=why) as e:
            new_game(landmarks=bad)
        assert "forge, lost-city, black-market, elder-treetop, tower, ferry" in str(e.value)


def test_A5_last_players_in_turn_order_set_up_the_dealt_landmarks() -> None:
    g = new_game(["marquise", "eyrie", "alliance"], seed=4, first_player=0,
                 landmarks=["forge", "tower"], log=True)
    dealt = next(e for e in g.events(None) if e["kind"] == "landmarks")
    # The last player in turn order (seat 2) sets up the first card dealt, seat 1 the second.
    assert dealt["seats"] == [2, 1] and sorted(dealt["dealt"]) == ["forge", "tower"]
    # A step 7 comes after step 5: no hand is drawn before the landmarks are set up.
    assert all(len(s.hand) == 0 for s in g.state.seats)
    assert g.current_seat == 2 and g.decision == "landmark"
    first = dealt["dealt"][0]
    g.apply(g.legal_tokens()[0])
    assert g.current_seat == 1 and g.decision == "landmark"
    g.apply(g.legal_tokens()[-1])
    assert all(len(s.hand) == 3 for s in g.state.seats)
    assert all(g.state.landmarks[n] for n in ("forge", "tower"))
    placed = [e for e in g.events(None) if e["kind"] == "landmark"]
    assert [(e["seat"], e["name"]) for e in placed] == [
        (2, first), (1, "tower" if first == "forge" else "forge")
    ]


def test_A5_landmarks_dealt_at_random_from_the_seed() -> None:
    a = new_game(seed=11, landmarks=2)
    b = new_game(seed=11, landmarks=2)
    assert list(a.state.landmarks) == list(b.state.landmarks) and len(a.state.landmarks) == 2
    assert a.meta["landmarks"] == 2
    dealt = {tuple(new_game(seed=s, landmarks=1).state.landmarks) for s in range(30)}
    assert len(dealt) >= 4  # the six cards are dealt, not always the same one


def test_L_no_landmark_in_or_next_to_another() -> None:
    g = _at(landmarks={"forge": 1})
    # 1 is next to 5, 9 and 10; the Lost City goes on a river (4, 5, 7, 10, 11).
    assert places(g.state, "lost-city") == [4, 7, 11]
    # The Tower only needs a clearing with a ruin and no landmark (6, 10, 11, 12).
    assert places(g.state, "tower") == [6, 10, 11, 12]
    with pytest.raises(PositionError, match=r"landmarks.lost-city: .* 4, 7, 11, not 5"):
        _at(landmarks={"forge": 1, "lost-city": 5})


def test_A5_a_card_no_clearing_fits_goes_back_to_the_box() -> None:
    # The Black Market needs one slot and no ruin (1, 3, 4): the Forge in 9 is next to 1 and
    # 4, the Lost City in 11 next to 3.
    g = _at(landmarks={"forge": 9, "lost-city": 11}, log=True,
            stack=[["landmark", M, {"name": "black-market"}]])
    assert places(g.state, "black-market") == []
    assert g.history == []  # the only action, pass, was forced
    last = [e for e in g.events(None) if e["kind"] == "landmark"][-1]
    assert last == {"kind": "landmark", "seat": M, "name": "black-market", "clearing": 0}
    assert g.state.landmarks == {"forge": 9, "lost-city": 11}


def test_L_the_maps_own_tower_and_ferry_are_landmarks() -> None:
    g = new_game(map="mountain", seed=1, landmarks=["forge"])
    b = load_board("mountain")
    near = set(b.adjacent[10]) | {10}
    assert not near & set(places(g.state, "forge"))


def test_L_landmarks_are_no_pieces() -> None:
    """They belong to nobody: not counted for rule, never removed by a Favor or a battle."""
    g = _at(landmarks={"forge": 8}, clearings={"2": {"marquise": "keep 1w"},
                                               "4": {"eyrie": "roost"}, "8": {}})
    assert g.view(None)["clearings"][7]["ruler"] is None
    assert g.view(None)["landmarks"] == {"forge": 8}


def test_L_a_landmark_is_never_battled_nor_removed_with_the_enemy_pieces() -> None:
    """L.1-L.2: a landmark is no enemy piece, so it is no target of a battle, and a Favor
    that removes every enemy piece in its clearing leaves it (and the Forge's items) there."""
    g = _at(landmarks={"forge": 8}, clearings={"2": {"marquise": "keep 2w"},
                                               "4": {"eyrie": "roost"}, "8": {"marquise": "2w"}})
    assert not any(t.startswith("battle") for t in g.legal_tokens())
    g = build({"turn": "marquise", "at": "daylight:craft",
               "clearings": {"1": {"marquise": "2w keep workshop"}, "8": {"marquise": "workshop"},
                             "6": {"marquise": "workshop"}, "12": {"eyrie": "2w roost"}},
               "landmarks": {"forge": 12}, "hands": {"marquise": ["favor-of-the-foxes"]}})
    items = dict(g.state.forge)
    g.apply(f"craft {cid('favor-of-the-foxes')}")
    s = g.state
    assert s.warriors[12] == (0, 0) and s.buildings[12] == ((-1, "ruin"),)  # the Eyrie's gone
    assert s.landmarks == {"forge": 12} and s.forge == items and s.seats[M].vp == 1


# --- The Tower -------------------------------------------------------------------------------


def test_card_tower_scores_its_ruler_at_the_end_of_evening() -> None:
    g = _at(landmarks={"tower": 12}, hands={},
            deck=["anvil", "sword", "crossbow"], log=True,
            clearings={"2": {"marquise": "keep 1w"}, "4": {"eyrie": "roost"},
                       "12": {"marquise": "1w"}})
    g.apply("end")
    assert (M, 1, "tower") in scores_logged(g)


def test_card_tower_set_up_in_a_clearing_with_a_ruin() -> None:
    g = new_game(seed=2, landmarks=["tower"])
    assert {int(t.split()[2]) for t in g.legal_tokens()} == {6, 10, 11, 12}


def test_A5_tower_card_overrides_the_mountain_pass() -> None:
    g = new_game(map="mountain", seed=3, landmarks=["tower"])
    assert g.state.landmarks == {"tower": 0}
    g.apply("landmark tower 9")
    assert g.view(None)["tower"] == 9


# --- The Ferry -------------------------------------------------------------------------------


def test_card_ferry_moves_along_a_river_and_draws() -> None:
    g = _at(landmarks={"ferry": 10}, hands={}, deck=["anvil"],
            clearings={"2": {"marquise": "keep 1w"}, "4": {"eyrie": "roost"},
                       "10": {"marquise": "2w"}})
    toks = g.legal_tokens()
    assert {"march 10 5", "march 10 11"} <= set(toks)
    play(g, "march 10 5", "count 2")
    assert warriors(g, 5, M) == 2 and g.state.ferry == 5
    assert hand(g, M) == ["anvil"]
    # Once per turn: the second move of the march cannot take the Ferry back.
    assert "move 5 10" not in g.legal_tokens() and g.state.turn["used"] == ["ferry"]


def test_card_ferry_set_up_on_a_river_or_the_lake_coast() -> None:
    g = new_game(seed=0, landmarks=["ferry"])
    assert {int(t.split()[2]) for t in g.legal_tokens()} == {4, 5, 7, 10, 11}
    lake = new_game(map="lake", seed=0, landmarks=["ferry"])
    assert lake.state.ferry == 0  # the map's Ferry is placed by the card instead
    assert {int(t.split()[2]) for t in lake.legal_tokens()} == {1, 10, 11, 12}


# --- The Elder Treetop -------------------------------------------------------------------------


def test_card_elder_treetop_adds_a_building_slot() -> None:
    g = _at(landmarks={"elder-treetop": 1})
    assert g.view(None)["clearings"][0]["slots"] == 2 == load_board("autumn").slots[1] + 1
    assert places(g.state, "elder-treetop") == [2, 3, 4]  # corners not next to it: all but 1


def test_card_elder_treetop_removing_an_enemy_building_from_its_slot_scores_two() -> None:
    g = _at(landmarks={"elder-treetop": 1}, dice=[[1, 0]], log=True,
            clearings={"2": {"marquise": "keep 1w"}, "4": {"eyrie": "roost"},
                       "1": [["marquise", "sawmill 2w"], ["eyrie", "roost"]]})
    assert g.state.treetop_slot == (E, "roost")  # filled last: the roost listed last
    g.apply("battle 1 1")
    while g.decision != "cat_actions":
        g.apply(g.legal_tokens()[0])
    assert scores_logged(g) == [(M, 1, "removed roost"), (M, 1, "elder treetop")]
    assert g.state.treetop_slot is None


def test_card_elder_treetop_a_building_keeps_its_slot_until_removed() -> None:
    # The sawmill in the printed slot goes and a workshop fills the clearing again: the
    # roost still holds the Treetop's slot (docs/rulings.md 104, 338).
    g = _at(landmarks={"elder-treetop": 1},
            clearings={"2": {"marquise": "keep 1w"}, "4": {"eyrie": "roost"},
                       "1": [["marquise", "sawmill 2w"], ["eyrie", "roost"]]})
    s = g.state
    remove_building(s, 1, 0, E)
    place_building(s, M, 1, "workshop")
    assert s.buildings[1] == ((E, "roost"), (M, "workshop")) and s.treetop_slot == (E, "roost")
    vp = s.seats[M].vp
    remove_building(s, 1, 0, M)
    assert s.seats[M].vp == vp + 2 and s.treetop_slot is None


def test_card_elder_treetop_other_slots_score_as_usual() -> None:
    g = _at(landmarks={"elder-treetop": 1}, dice=[[1, 0]], log=True,
            clearings={"2": {"marquise": "keep 1w"}, "4": {"eyrie": "roost"},
                       "1": [["eyrie", "roost"], ["marquise", "sawmill 2w"]]})
    g.apply("battle 1 1")
    while g.decision != "cat_actions":
        g.apply(g.legal_tokens()[0])
    assert scores_logged(g) == [(M, 1, "removed roost")]
    assert g.state.treetop_slot == (M, "sawmill")


# --- The Black Market --------------------------------------------------------------------------


def test_card_black_market_three_cards_face_down_at_setup() -> None:
    g = new_game(seed=5, landmarks=["black-market"], log=True)
    assert {int(t.split()[2]) for t in g.legal_tokens()} == {1, 3, 4}  # one slot, no ruin
    g.apply("landmark black-market 3")
    st = g.state
    assert len(st.market) == 3
    assert len(st.deck) + len(st.market) + sum(len(s.hand) for s in st.seats) == 50
    for seat in (None, 0, 1):
        deal = next(e for e in g.events(seat) if e["kind"] == "market_deal")
        assert deal == {"kind": "market_deal", "count": 3}  # nobody sees them
    v = g.view(0)
    assert v["black_market"] == 3 and "market" not in v


def test_card_black_market_swap_once_per_turn_with_a_piece_there() -> None:
    g = _at(landmarks={"black-market": 3}, hands={"marquise": ["anvil", "sword"]},
            market=["bake-sale", "cobbler", "investments"], log=True,
            clearings={"2": {"marquise": "keep 1w"}, "4": {"eyrie": "roost"},
                       "3": {"marquise": "1w"}})
    swaps = [t for t in g.legal_tokens() if t.startswith("black-market")]
    assert len(swaps) == 6  # three places x two cards
    g.apply(f"black-market middle {cid('anvil')}")
    assert sorted(hand(g, M)) == ["cobbler", "sword"]
    assert g.state.market[1] == cid("anvil")
    assert not any(t.startswith("black-market") for t in g.legal_tokens())  # once a turn
    mine = [e for e in g.events(M) if e["kind"] == "market_swap"]
    theirs = [e for e in g.events(E) if e["kind"] == "market_swap"]
    assert mine[0]["took"] == cid("cobbler") and theirs == [{"kind": "market_swap", "seat": M}]
    act = [e for e in g.events(E) if e["kind"] == "action"][-1]
    assert act["token"] == "black-market" and act["hidden"]


def test_card_black_market_once_on_their_turn_in_birdsong_or_evening_too() -> None:
    """"Once on their turn": the swap is offered beside the Birdsong cards and at the start of
    Evening as well as in Daylight, and once taken it is gone for the rest of the turn."""
    desc = dict(landmarks={"black-market": 3}, hands={"marquise": ["anvil", "sword"]},
                market=["bake-sale", "cobbler", "investments"],
                clearings={"2": {"marquise": "keep 1w"}, "4": {"eyrie": "roost"},
                           "3": {"marquise": "1w"}})
    g = _at(at="birdsong", **desc)
    assert g.decision == "birdsong_cards"
    assert f"black-market left {cid('sword')}" in g.legal_tokens()
    g.apply(f"black-market left {cid('sword')}")
    assert sorted(hand(g, M)) == ["anvil", "bake-sale"] and g.state.market[0] == cid("sword")
    while g.decision != "cat_actions":
        g.apply(g.legal_tokens()[-1] if g.decision != "craft" else "done")
    assert not any(t.startswith("black-market") for t in g.legal_tokens())  # once a turn
    e = _at(at="daylight:actions", **desc)
    e.apply("end")
    assert e.decision == "evening_cards"
    assert e.legal_tokens()[-1] == "done" and len(e.legal_tokens()) == 7
    e.apply(f"black-market right {cid('anvil')}")
    # The swap came before the Evening draw (one card more, the Marquise's 6.6).
    assert {"investments", "sword"} <= set(hand(e, M)) and len(hand(e, M)) == 3
    assert e.state.market[2] == cid("anvil")


def test_card_black_market_needs_a_faction_piece_there() -> None:
    g = _at(landmarks={"black-market": 3}, hands={"marquise": ["anvil"]})
    assert not any(t.startswith("black-market") for t in g.legal_tokens())


# --- The Legendary Forge -----------------------------------------------------------------------


def test_card_legendary_forge_takes_its_suits_items_from_the_supply() -> None:
    g = new_game(seed=6, landmarks=["forge"])
    g.apply("landmark forge 8")  # fox
    assert g.state.forge == {"sword": 2, "crossbow": 1, "hammer": 1}
    assert g.state.items == {"boot": 2, "bag": 2, "crossbow": 0, "hammer": 0, "sword": 0,
                             "tea": 2, "coins": 2}
    for c, items in ((2, {"bag": 2, "tea": 2}), (3, {"boot": 2, "coins": 2})):
        g = new_game(seed=6, landmarks=["forge"])
        g.apply(f"landmark forge {c}")
        assert g.state.forge == items


def test_card_legendary_forge_crafting_needs_a_piece_at_the_forge() -> None:
    g = _at(landmarks={"forge": 8}, hands={"marquise": ["anvil"]},
            clearings={"2": {"marquise": "keep 1w"}, "4": {"eyrie": "roost"},
                       "12": {"marquise": "workshop 1w"}}, at="daylight:craft")
    assert not any(t.startswith(("craft", "forge")) for t in g.legal_tokens())
    with pytest.raises(Exception, match="Legendary Forge: you need a piece there"):
        g.apply(f"craft {cid('anvil')}")


def test_card_legendary_forge_crafting_draws_a_card_and_scores_one_more() -> None:
    g = _at(landmarks={"forge": 8}, hands={"marquise": ["anvil"]}, deck=["sword"], log=True,
            clearings={"2": {"marquise": "keep 1w"}, "4": {"eyrie": "roost"},
                       "12": {"marquise": "workshop 1w"}, "8": {"marquise": "1w"}},
            at="daylight:craft")
    assert f"forge {cid('anvil')}" in g.legal_tokens()
    g.apply(f"forge {cid('anvil')}")
    assert scores_logged(g) == [(M, 2, "crafted hammer"), (M, 1, "legendary forge")]
    assert hand(g, M) == ["sword"] and g.state.forge == {"sword": 2, "crossbow": 1}
    assert g.state.seats[M].items == ["hammer"]


def test_7_2_3_disdain_for_trade_still_scores_the_forge_point() -> None:
    g = pos(turn="eyrie", at="daylight:craft", landmarks={"forge": 8}, eyrie={"leader": "despot"},
            hands={"eyrie": ["anvil"]}, deck=["sword"], log=True,
            clearings={"2": {"marquise": "keep 1w"}, "12": {"eyrie": "roost"},
                       "8": {"eyrie": "1w"}})
    g.apply(f"forge {cid('anvil')}")
    assert scores_logged(g) == [(E, 1, "crafted hammer"), (E, 1, "legendary forge")]


def test_card_legendary_forge_supply_short_moves_what_is_there() -> None:
    g = _at(landmarks={"forge": 8}, forge={"sword": 1})
    assert g.state.forge == {"sword": 1}
    assert g.state.items["sword"] == 1  # the position took one sword from the supply


# --- The Lost City -----------------------------------------------------------------------------


def test_card_lost_city_is_fox_mouse_and_rabbit() -> None:
    g = _at(landmarks={"lost-city": 10})
    b = g.state and __import__("rootgame.rules.core", fromlist=["board"]).board(g.state)
    assert all(b.matches(s, 10) for s in ("fox", "mouse", "rabbit"))
    assert 10 in b.clearings_of_suit("fox") and 10 in b.clearings_of_suit("mouse")


def test_card_lost_city_crafting_pieces_are_each_any_suit() -> None:
    """Its card: with two crafting pieces there, one can be fox and one mouse."""
    g = _at(landmarks={"lost-city": 5}, hands={"marquise": ["sword", "root-tea:fox"]},
            at="daylight:craft",
            clearings={"2": {"marquise": "keep 1w"}, "4": {"eyrie": "roost"},
                       "5": {"marquise": "workshop workshop 1w"}})
    toks = set(g.legal_tokens())
    assert f"craft {cid('sword')}" in toks  # two foxes
    assert f"craft {cid('root-tea:fox')}" in toks  # one mouse
    g.apply(f"craft {cid('root-tea:fox')}")
    assert f"craft {cid('sword')}" not in g.legal_tokens()  # one piece left


def test_card_lost_city_ambush_of_any_suit() -> None:
    g = _at(landmarks={"lost-city": 10}, hands={"eyrie": ["ambush:fox", "ambush:mouse"]},
            clearings={"2": {"marquise": "keep 1w"}, "4": {"eyrie": "roost"},
                       "10": {"marquise": "2w", "eyrie": "2w"}})
    g.apply("battle 10 1")
    assert {t for t in g.legal_tokens() if t.startswith("ambush")} == {
        f"ambush {cid('ambush:fox')}", f"ambush {cid('ambush:mouse')}"
    }


def test_card_lost_city_set_up_on_a_river_or_the_lake_coast() -> None:
    g = new_game(seed=0, landmarks=["lost-city"])
    assert {int(t.split()[2]) for t in g.legal_tokens()} == {4, 5, 7, 10, 11}
    lake = new_game(map="lake", seed=0, landmarks=["lost-city"])
    # The Lake's Ferry is in 1: not there, nor next to it.
    b = load_board("lake")
    assert {int(t.split()[2]) for t in lake.legal_tokens()} == {
        c for c in (10, 11, 12) if not b.is_adjacent(1, c)
    }


# --- Records ------------------------------------------------------------------------------------


def test_position_strings_carry_the_landmarks() -> None:
    g = _at(landmarks={"forge": 8, "black-market": 3})
    text = to_string(g)
    assert "landmarks=forge:8,black-market:3" in text and "forge=2sword,1crossbow,1hammer" in text
    again = from_string(text)
    assert again.state.landmarks == g.state.landmarks
    assert again.state.market == g.state.market and again.state.forge == g.state.forge
    with pytest.raises(PositionError, match="market: there is no Black Market"):
        build({"market": ["anvil"]})


def test_records_replay_a_landmarks_game() -> None:
    from rootgame.records import native

    g = new_game(["marquise", "eyrie"], seed=9, landmarks=["forge", "black-market"])
    import random

    r = random.Random(9)
    while len(g.history) < 60 and not g.is_over:
        g.apply(r.choice(g.legal_tokens()))
    rec = native.write_record(g)
    assert "landmarks: forge,black-market" in rec
    for use_generator in (False, True):
        again = native.replay_record(rec, use_generator=use_generator)
        assert again.hash() == g.hash() and again.history == g.history


# --- Hidden information (1.2.1) -----------------------------------------------------------------


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_1_2_1_the_black_markets_cards_stay_hidden(seat: int | None) -> None:
    """A seat's view and events do not depend on the Black Market's face-down cards, nor on
    the cards the others swapped there; the bots' samples keep them hidden too."""
    rng = Rng(3)
    changed = 0
    games = mid_games(["marquise", "eyrie", "alliance"], range(3), every=23, first=5,
                      landmarks=["black-market", "forge"])
    swaps = 0
    for game in games:
        view, events = game.view(seat), game.events(seat)
        swaps += sum(1 for e in events if e["kind"] == "market_swap")
        for _ in range(3):
            h = resample(game, seat, rng)
            changed += h.state.market != game.state.market
            assert h.view(seat) == view
            assert h.events(seat) == events
        if seat is not None:
            d = determinize(game, seat, rng, keep_log=True)
            assert sorted(d.market + d.deck) != [] and len(d.market) == len(game.state.market)
            again = game.clone()
            again.state = d
            assert again.events(seat) == events
    assert changed > 20 and swaps > 0


# --- The command line ---------------------------------------------------------------------------


def test_cli_landmarks_option() -> None:
    from typer.testing import CliRunner

    from rootgame.cli import app

    runner = CliRunner()
    r = runner.invoke(app, ["simulate", "-n", "2", "--map", "lake", "--landmarks",
                            "forge,lost-city", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["games"] == 2
    r = runner.invoke(app, ["simulate", "-n", "1", "--landmarks", "castle"])
    assert r.exit_code != 0
    assert "unknown landmark 'castle'" in r.output and "elder-treetop" in r.output
