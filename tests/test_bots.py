"""The random bot: legal, reproducible, with its own generator."""

from __future__ import annotations

import random

import pytest

from rootgame import new_game
from rootgame.bots import RandomBot


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
