"""The bot interface and the random bot: legal, reproducible, with their own generator,
blind to what their seat cannot see."""

from __future__ import annotations

import random
from typing import Any

import pytest
from lawkit import mid_games, resample

from rootgame import Game, bots, new_game
from rootgame.bots import Bot, Observation, RandomBot
from rootgame.rng import Rng


def play(seed: int, bot_seed: int, n: int) -> list[str]:
    game = new_game(seed=seed)
    bot = RandomBot(bot_seed)
    for _ in range(n):
        a = bot.choose(game)
        assert a in game.legal_actions()
        game.apply(a)
    return game.history


def test_same_seed_same_choices_different_seed_different_choices() -> None:
    assert play(3, 11, 150) == play(3, 11, 150)
    assert play(3, 11, 150) != play(3, 12, 150)


def test_the_global_random_generator_is_untouched() -> None:
    random.seed(1234)
    before = random.getstate()
    play(5, 5, 100)
    assert random.getstate() == before


def test_no_choice_once_the_game_is_over() -> None:
    game = new_game(seed=0)
    bot = RandomBot(0)
    while not game.is_over and game.turn_number < 500:
        game.apply(bot.choose(game))
    assert game.is_over
    with pytest.raises(ValueError, match="over"):
        bot.choose(game)


# --- the one bot interface (bots/base.py) ---------------------------------------------------

FAST: dict[str, dict[str, Any]] = {"ismcts": {"iterations": 20}}
"""Options that keep each bot quick enough for tests that make it decide many times."""


def fast_bot(name: str, seed: int) -> Bot:
    return bots.get(name, seed=seed, **FAST.get(name, {}))


def test_the_registry_makes_bots_by_name_and_spec() -> None:
    assert isinstance(bots.get("random", seed=4), RandomBot)
    assert bots.get("random", seed=4).rng.state == RandomBot(4).rng.state
    assert bots.from_spec(" Random ").name == "random"
    with pytest.raises(ValueError, match="unknown bot 'nope'; known: .*random"):
        bots.get("nope")
    with pytest.raises(ValueError, match="takes no option"):
        bots.from_spec("random:3")
    with pytest.raises(ValueError, match="'random'"):
        bots.get("random", depth=3)


@pytest.mark.parametrize("name", bots.names())
def test_a_bot_never_reads_what_its_seat_cannot_see(name: str) -> None:
    """1.2.1: the same bot, with the same generator, makes the same choice in a game whose
    hidden parts (other hands, the draw pile, the generator, the hidden log) were redrawn."""
    rng = Rng(17)
    games = mid_games(["marquise", "eyrie"], range(2)) + mid_games(["eyrie", "marquise"], [5])
    assert_blind(name, games[:: 2 if name == "random" else 5], rng)


@pytest.mark.parametrize("name", bots.names())
@pytest.mark.parametrize(
    "factions",
    [("alliance", "vagabond"), ("vagabond", "eyrie", "alliance"),
     ("marquise", "alliance", "vagabond", "eyrie")],
)
def test_no_bot_reads_the_alliance_s_or_the_vagabond_s_hidden_parts(
    name: str, factions: tuple[str, ...]
) -> None:
    """The same with the Alliance's supporters (8.2.3) and the Vagabond's ruin items and
    quest deck (9.3.3-9.3.4) redrawn too: the choice and its reason do not change."""
    rng = Rng(29)
    games = mid_games(list(factions), [3], every=61, first=23)
    assert_blind(name, games[:: 1 if name == "heuristic" else 3][:6], rng)


def assert_blind(name: str, games: list[Game], rng: Rng) -> None:
    """Each game and a copy with its hidden parts redrawn (lawkit.resample) get the same
    choice and reason from the same bot with the same generator."""
    for k, game in enumerate(games):
        seat = game.current_seat
        assert seat is not None
        other = resample(game, seat, rng)
        other.state.rng = rng.below(1 << 62)
        a = fast_bot(name, k).decide(Observation(game))
        b = fast_bot(name, k).decide(Observation(other))
        assert a.action == b.action and a.action in game.legal_actions()
        assert a.reason == b.reason


def test_choose_takes_an_observation_or_a_game() -> None:
    game = new_game(seed=2)
    a, b = RandomBot(9), RandomBot(9)
    for _ in range(30):
        x = a.choose(Observation(game))
        assert b.choose(game) == x
        assert x in game.legal_actions()
        game.apply(x)
    choice = RandomBot(1).decide(Observation(game))
    assert choice.reason is not None and choice.reason.code == "random"
    assert str(choice.reason) == f"picked at random among {len(game.legal_actions())} actions"
