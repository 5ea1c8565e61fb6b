"""Random-game invariants with the Vagabond (two-player games against the Marquise and the
Eyrie, as the Law allows any two factions): item conservation, the pawn, tracks and limits,
relationships, VP bookkeeping, cards, and exact replays, clones and JSON round trips.

The item check (``invariantkit.check_vagabond``) writes its numbers out from the Law (5.1.5,
9.3, Appendix V), not from the engine's tables.
"""

from __future__ import annotations

import pytest
from invariantkit import check_cards, check_vagabond, check_vp

from rootgame import Game, new_game
from rootgame.rng import Rng

N_GAMES = 60


def play(seed: int, factions: list[str]) -> Game:
    game = new_game(factions, seed=seed, log=seed % 4 == 0)
    chooser = Rng(seed * 7_919 + 1)
    steps = 0
    while not game.is_over:
        acts = game.legal_actions()
        a = acts[chooser.below(len(acts))]
        if steps % 25 == 0:
            assert game.clone().to_json() == game.to_json()
            assert Game.from_json(game.to_json()).legal_actions() == acts
        game.apply(a, seat=game.current_seat)
        steps += 1
        check_vagabond(game.state)
        check_cards(game.state)
        check_vp(game.state)
        assert steps < 20_000, "the game does not end"
    return game


@pytest.mark.parametrize("seed", range(N_GAMES))
def test_random_games_with_the_vagabond(seed: int) -> None:
    factions = ["marquise", "vagabond"] if seed % 2 else ["vagabond", "eyrie"]
    game = play(seed, factions)
    assert game.is_over and game.win_reason == "vp"
    again = new_game(factions, seed=seed, log=seed % 4 == 0)
    for t in game.history:
        again.apply(t)
    assert again.to_json() == game.to_json()


def test_check_vagabond_can_fail() -> None:
    game = new_game(["vagabond", "eyrie"], seed=1)
    while not game.state.fs[0].pawn:
        game.apply(game.legal_actions()[0])
    check_vagabond(game.state)
    game.state.fs[0].items["boot"][0] += 1
    with pytest.raises(AssertionError):
        check_vagabond(game.state)
