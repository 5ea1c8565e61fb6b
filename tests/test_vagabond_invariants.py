"""Random-game invariants with the Vagabond (two-player games against the Marquise and the
Eyrie, as the Law allows any two factions): item conservation, the pawn, tracks and limits,
relationships, VP bookkeeping, cards, and exact replays, clones and JSON round trips.

The numbers below are written out from the Law (5.1.5, 9.3, Appendix V), not read from the
engine's tables.
"""

from __future__ import annotations

from collections import Counter

import pytest
from test_invariants import check_cards, check_vp

from rootgame import Game, new_game
from rootgame.board import load_board
from rootgame.rng import Rng
from rootgame.state import GameState

SUPPLY = Counter({"boot": 2, "bag": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2,
                  "coins": 2})
"""5.1.5: the item supply."""
RUIN = Counter({"bag": 1, "boot": 1, "hammer": 1, "sword": 1})
"""9.3.4: the four items marked R."""
START = {
    "thief": Counter({"boot": 1, "torch": 1, "tea": 1, "sword": 1}),
    "tinker": Counter({"boot": 1, "torch": 1, "bag": 1, "hammer": 1}),
    "ranger": Counter({"boot": 1, "torch": 1, "crossbow": 1, "sword": 1}),
}
"""Appendix V: the characters' starting items."""
N_GAMES = 60


def check_vagabond(g: GameState) -> None:
    """Items are conserved, the pawn is somewhere on the map, tracks and limits hold."""
    b = load_board(g.map)
    if "vagabond" not in g.factions:
        return
    v = g.factions.index("vagabond")
    fs = g.fs[v]
    assert all(g.warriors[c][v] == 0 for c in range(len(g.warriors)))
    if not fs.pawn:  # still in setup
        return
    # The pawn is in a clearing or one of the map's forests, never removed (9.2.2).
    assert fs.pawn in b.clearings or 101 <= fs.pawn <= 100 + len(b.forests), fs.pawn
    # Items: supply + Crafted Items boxes + his board + ruins + removed = supply + R + S.
    where = Counter(g.items)
    for s in g.seats:
        where.update(s.items)
    for it, states in fs.items.items():
        assert all(k >= 0 for k in states), (it, states)
        where[it] += sum(states)
    for c, its in fs.ruins.items():
        assert (-1, "ruin") in g.buildings[c] and its, (c, its)
        where.update(its)
    where.update(fs.removed)
    assert +where == SUPPLY + RUIN + START[fs.character], (where, fs.character)
    # A ruin stays until explored empty (2.2.4, 9.5.3).
    for c in b.clearings:
        if b.starts_with_ruin[c] and (-1, "ruin") not in g.buildings[c]:
            assert c not in fs.ruins
    # Relationships stay on the chart; quests are 15 cards in three places.
    assert all(-1 <= r <= 3 for r in fs.rel) and fs.rel[v] == 0
    assert sorted(fs.quests + fs.done + fs.quest_deck) == list(range(15))
    assert len(fs.quests) == min(3, 15 - len(fs.done))


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
