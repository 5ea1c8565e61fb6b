"""view(): what each seat may know, as plain JSON-ready data."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rootgame import Game, new_game
from rootgame.bots import RandomBot
from rootgame.cards import ids_for_key
from rootgame.position import build


def mid_game(seed: int = 4, decisions: int = 120) -> Game:
    game = new_game(seed=seed)
    bot = RandomBot(seed)
    for _ in range(decisions):
        game.apply(bot.choose(game))
    assert not game.is_over
    return game


def mid_game_with_hands(seed: int = 4, decisions: int = 120) -> Game:
    """A game played on from :func:`mid_game` until both seats hold cards (so that the path
    of random play does not decide whether a hand can be checked)."""
    game = mid_game(seed, decisions)
    bot = RandomBot(seed + 1)
    for _ in range(200):
        if all(s.hand for s in game.state.seats):
            break
        game.apply(bot.choose(game))
    assert not game.is_over
    return game


def card_ids(v: Any) -> list[int]:
    """Every card reference ({"id", "key"}) anywhere in a view."""
    out: list[int] = []
    if isinstance(v, dict):
        if set(v) == {"id", "key"} and isinstance(v["key"], str) and isinstance(v["id"], int):
            out.append(v["id"])
        else:
            for x in v.values():
                out.extend(card_ids(x))
    elif isinstance(v, list):
        for x in v:
            out.extend(card_ids(x))
    return out


def test_a_seat_sees_its_own_hand_and_never_the_other() -> None:
    game = mid_game_with_hands()
    g = game.state
    for seat, other in ((0, 1), (1, 0)):
        v = game.view(seat)
        assert [c["id"] for c in v["hand"]] == g.seats[seat].hand
        seen = set(card_ids(v))
        assert g.seats[other].hand, "the test needs cards in the other hand"
        assert not seen & set(g.seats[other].hand)
        assert v["players"][other]["hand_size"] == len(g.seats[other].hand)


def test_a_spectator_sees_no_hand_and_no_legal_actions() -> None:
    game = mid_game_with_hands()
    v = game.view(None)
    assert v["hand"] is None
    assert v["legal"] is None
    assert v["seen_hands"] is None
    hands = set(game.state.seats[0].hand) | set(game.state.seats[1].hand)
    assert game.state.seats[0].hand and game.state.seats[1].hand
    assert not set(card_ids(v)) & hands


def test_the_draw_pile_shows_only_its_size() -> None:
    game = mid_game()
    deck = game.state.deck
    for seat in (0, 1, None):
        v = game.view(seat)
        assert v["draw_pile_size"] == len(deck)
        assert not set(card_ids(v)) & set(deck)
        text = json.dumps(v)
        assert json.dumps(deck) not in text
        assert json.dumps(deck[::-1]) not in text
        assert "rng" not in v and "deck" not in v and "dice" not in v


@pytest.mark.parametrize("seat", [0, 1, None])
def test_views_are_json_ready(seat: int | None) -> None:
    game = mid_game(seed=7, decisions=200)
    v = game.view(seat)
    assert json.loads(json.dumps(v)) == v  # no tuples, no int keys


def test_legal_tokens_only_for_the_deciding_seat() -> None:
    game = mid_game()
    me = game.current_seat
    assert me is not None
    assert game.view(me)["legal"] == game.legal_tokens()
    assert game.view(1 - me)["legal"] is None
    v = game.view(me)
    assert v["current_seat"] == me
    assert v["decision"] == game.decision and v["prompt"] == game.prompt


def test_the_map_players_and_boards() -> None:
    game = build(
        {
            "factions": ["marquise", "eyrie"],
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {
                "1": {"marquise": "2w sawmill wood keep"},
                "3": {"eyrie": "6w roost"},
                "5": {"marquise": "1w", "eyrie": "1w"},
            },
            "hands": {"eyrie": ["ambush:bird", "anvil"], "marquise": ["sword"]},
            "vp": {"eyrie": 5},
            "eyrie": {"leader": "commander", "decree": {"battle": ["ambush:fox"]}},
            "persistent": {"marquise": ["armorers"]},
            "crafted": {"marquise": ["boot"]},
        }
    )
    v = game.view(1)
    c1, c3, c5, c6 = (v["clearings"][i - 1] for i in (1, 3, 5, 6))
    assert c1 == {
        "id": 1,
        "suit": "fox",
        "slots": 1,
        "warriors": {"marquise": 2, "eyrie": 0},
        "buildings": [["marquise", "sawmill"]],
        "tokens": [["marquise", "wood"], ["marquise", "keep"]],
        "pawns": [],
        "ruler": "marquise",
    }
    assert c3["ruler"] == "eyrie" and c3["buildings"] == [["eyrie", "roost"]]
    assert c5["ruler"] == "eyrie"  # 7.2.2 Lords of the Forest: the Eyrie rule ties
    assert c6["buildings"] == [[None, "ruin"]]
    m, e = v["players"]
    assert (m["vp"], m["hand_size"], m["items"], m["persistent"]) == (0, 1, ["boot"], ["armorers"])
    assert (e["vp"], e["hand_size"]) == (5, 2)
    assert e["board"]["leader"] == "commander"
    assert e["board"]["decree"]["battle"] == [ids_for_key("ambush:fox")[0], -2]
    assert e["board"]["decree"]["move"] == [-1]
    assert m["board"]["keep"] == 1
    assert v["hand"] == [
        {"id": ids_for_key("ambush:bird")[0], "key": "ambush:bird"},
        {"id": ids_for_key("anvil")[0], "key": "anvil"},
    ]
    assert v["item_supply"]["boot"] == 1
    assert (v["turn_faction"], v["phase"], v["step"]) == ("eyrie", "daylight", "decree")


def test_codebreakers_shows_the_hand_only_to_the_player_who_looked() -> None:
    game = build(
        {
            "factions": ["marquise", "eyrie"],
            "turn": "marquise",
            "at": "daylight:actions",
            "clearings": {"1": {"marquise": "2w sawmill keep"}, "3": {"eyrie": "6w roost"}},
            "hands": {"eyrie": ["ambush:bird", "anvil"], "marquise": ["sword"]},
            "persistent": {"marquise": ["codebreakers"]},
        }
    )
    assert game.view(0)["seen_hands"] is None
    game.apply("codebreakers 1")
    seen = game.view(0)["seen_hands"]
    assert seen == {
        "eyrie": [
            {"id": ids_for_key("ambush:bird")[0], "key": "ambush:bird"},
            {"id": ids_for_key("anvil")[0], "key": "anvil"},
        ]
    }
    assert game.view(1)["seen_hands"] is None
    assert game.view(None)["seen_hands"] is None


def test_a_bad_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        new_game(seed=0).view(2)
