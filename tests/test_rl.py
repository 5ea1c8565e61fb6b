"""Learning agents' interfaces (issue 13, docs/rl.md): the fixed action space, the observation
tensors, and the Gymnasium environment."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from lawkit import mid_games, resample

from rootgame import flow, new_game
from rootgame.bots import RandomBot
from rootgame.flow import FACTIONS
from rootgame.rl import ENV_ID, Config, Observer, action_space, action_space_size
from rootgame.rl.gym_env import RootEnv
from rootgame.rl.space import decision_kinds
from rootgame.rng import Rng

CONFIGS: list[Config] = [
    Config(("marquise", "eyrie")),
    Config(("eyrie", "marquise"), "winter", "exiles"),
    Config(("marquise", "eyrie", "alliance"), "lake", "base", "suggested"),
    Config(("alliance", "marquise"), "autumn", "exiles", landmarks=("forge", "black-market")),
    Config(("vagabond", "eyrie"), "mountain", "exiles", "suggested"),
    Config(("marquise", "vagabond", "alliance", "eyrie"), "lake", "exiles"),
    Config(("eyrie", "alliance", "vagabond", "marquise"), "mountain", "base", landmarks=2),
    Config(("marquise", "electric-eyrie")),
    Config(("alliance", "electric-eyrie", "vagabond"), "winter", "exiles"),
    Config(("mechanical-marquise", "eyrie", "alliance"), "lake"),
    Config(("marquise", "automated-alliance", "eyrie"), "lake"),
    Config(("vagabot", "eyrie", "alliance"), "mountain"),
]
"""Every faction (2 to 4 seats), every map (printed, suggested and dealt suits), both decks,
landmarks named and dealt."""

MIXES: list[tuple[str, ...]] = sorted({c.factions for c in CONFIGS})
"""The faction mixes of :data:`CONFIGS` (seats in order)."""


def _id(c: Config) -> str:
    return f"{'+'.join(c.factions)}-{c.map}-{c.deck}" + ("-landmarks" if c.landmarks else "")


def _game(c: Config, seed: int, log: bool = False) -> Any:
    return new_game(
        list(c.factions), map=c.map, deck=c.deck, suits=c.suits, landmarks=c.landmarks,
        seed=seed, log=log,
    )


def test_every_decision_declares_the_actions_it_lists() -> None:
    for kind in flow.DECISIONS:
        assert flow.TAKES.get(kind), f"decision {kind!r} has no takes=(...)"


def test_action_space_size_and_layout() -> None:
    sp = action_space(Config(("marquise", "eyrie")))
    assert action_space_size(("marquise", "eyrie")) == sp.size == len(sp.actions)
    assert 1000 < sp.size < 10_000
    assert sp.decode(sp.encode(("move", 1, 5))) == ("move", 1, 5)
    assert sp.encode(("pass",)) == sp.offsets["pass"]
    # A faction's decisions are in the space only when it plays.
    assert "cat_actions" in decision_kinds(Config(("marquise", "eyrie")))
    assert action_space(Config(("eyrie", "marquise"))).fingerprint == sp.fingerprint
    with pytest.raises(ValueError, match="not in the action space"):
        sp.encode(("move", 99, 1))
    with pytest.raises(ValueError, match="is not from 0"):
        sp.decode(sp.size)
    with pytest.raises(ValueError, match="unknown faction"):
        action_space_size(["marquise", "otters"])


@pytest.mark.parametrize("chunk", range(8))
def test_action_encoding_round_trips_for_every_legal_action(chunk: int) -> None:
    """200 seeded games (25 per chunk, the configurations in turn): every legal action encodes
    to an integer that decodes back to it, and the mask marks exactly the legal ones."""
    checked = 0
    for seed in range(chunk * 25, chunk * 25 + 25):
        config = CONFIGS[seed % len(CONFIGS)]
        sp = action_space(config)
        g = _game(config, seed)
        bot = RandomBot(seed)
        while not g.is_over and g.turn_number < 80:
            legal = g.legal_actions()
            codes = sp.encode_all(legal)
            assert [sp.decode(i) for i in codes] == legal
            assert len(set(codes)) == len(codes)
            checked += len(codes)
            g.apply(bot.choose(g))
    assert checked > 10_000


def test_faction_boards_give_one_number_per_feature() -> None:
    for factions in MIXES:
        g = new_game(list(factions), seed=1)
        for seat, f in enumerate(factions):
            board = g.view(None)["players"][seat]["board"]
            assert len(FACTIONS[f].observe_board(board)) == len(FACTIONS[f].board_features) > 0
    assert {f for m in MIXES for f in m} == set(FACTIONS)


def test_observation_dict_reads_the_view() -> None:
    g = new_game(["marquise", "eyrie"], seed=3)
    ob = Observer(Config(("marquise", "eyrie")))
    v = g.view(0)
    d = ob.observe_dict(v)
    assert set(d) == set(ob.sections)
    assert sum(int(np.prod(x.shape)) for x in d.values()) == ob.size == len(ob.names())
    for row in v["clearings"]:
        r = d["clearings"][ob.cidx[row["id"]]]
        assert list(r[4:6]) == [row["warriors"]["marquise"], row["warriors"]["eyrie"]]
    assert sorted(np.flatnonzero(d["hand"])) == sorted(c["id"] for c in v["hand"])
    assert d["players"][:, 1].tolist() == [p["hand_size"] for p in v["players"]]
    x = ob.observe(v)
    assert x.dtype == np.float32 and x.shape == (ob.size,)


def test_observation_shows_the_landmarks_the_forge_and_the_black_market() -> None:
    from rootgame.rules.landmarks import LANDMARKS

    config = Config(("marquise", "eyrie"), landmarks=("forge", "black-market"))
    ob = Observer(config)
    assert "landmarks" not in Observer(Config(("marquise", "eyrie"))).sections
    g = _game(config, 1)
    bot = RandomBot(1)
    while any(not c for c in g.view(0)["landmarks"].values()):
        g.apply(bot.choose(g))
    v = g.view(0)
    lm = ob.observe_dict(v)["landmarks"]
    width = len(ob.clearings) + 1
    for i, name in enumerate(LANDMARKS):
        row = lm[i * width:(i + 1) * width]
        at = v["landmarks"].get(name)
        assert row.sum() == 1 and row[ob.cidx[at] if at else len(ob.clearings)] == 1
    tail = lm[len(LANDMARKS) * width:]
    assert tail.sum() == sum(v["forge_items"].values()) + v["black_market"] == 4 + 3


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_1_2_1_observation_tensors_do_not_depend_on_hidden_information(config: Config) -> None:
    """Everything a seat cannot see is drawn again: its observation tensor is unchanged. The
    other seat's tensor does change (its hand is part of it), so the test can fail."""
    factions = config.factions
    ob = Observer(config)
    rng = Rng(11)
    changed = 0
    games = mid_games(
        factions, range(3), every=37, first=11, deck=config.deck, map=config.map,
        landmarks=config.landmarks,
    )
    for game in games:
        for seat in range(len(factions)):
            h = resample(game, seat, rng)
            assert np.array_equal(ob.observe(game.view(seat)), ob.observe(h.view(seat)))
            other = (seat + 1) % len(factions)
            if not np.array_equal(ob.observe(game.view(other)), ob.observe(h.view(other))):
                changed += 1
    # A bot's seat holds nothing hidden (LR 2.8.1): only the humans' tensors can change.
    humans = sum(1 for f in factions if not FACTIONS[f].is_bot)
    assert changed > 10 * humans // len(factions)


@pytest.mark.parametrize("reward", ["win", "vp"])
@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_gymnasium_check_env(config: Config, reward: str) -> None:
    for faction in config.factions:
        if FACTIONS[faction].is_bot:
            # A Clockwork bot plays itself (docs/clockwork.md): no learner takes its seat.
            with pytest.raises(ValueError, match="plays itself"):
                RootEnv(faction=faction, factions=config.factions)
            continue
        env = RootEnv(
            faction=faction, factions=config.factions, map=config.map, deck=config.deck,
            suits=config.suits, landmarks=config.landmarks, reward=reward, render_mode="ansi",
        )
        check_env(env, skip_render_check=False)


def test_gymnasium_make_seeds_masks_and_render() -> None:
    env = gymnasium.make(ENV_ID, faction="eyrie", opponents="random", render_mode="ansi")
    a, info_a = env.reset(seed=5)
    b, info_b = gymnasium.make(ENV_ID, faction="eyrie").reset(seed=5)
    assert np.array_equal(a, b) and np.array_equal(info_a["action_mask"], info_b["action_mask"])
    text = env.render()
    assert isinstance(text, str) and "Eyrie" in text
    rng = np.random.default_rng(0)
    for _ in range(300):
        legal = np.flatnonzero(info_a["action_mask"])
        assert len(legal) >= 1
        _, r, term, trunc, info_a = env.step(int(rng.choice(legal)))
        assert r == 0.0 or term
        if term or trunc:
            break
    env.close()


def test_gymnasium_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = RootEnv(faction="marquise", illegal_reward=-5.0)
    _, info = env.reset(seed=0)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, r, term, trunc, info = env.step(bad)
    assert (r, term, trunc) == (-5.0, True, False)
    assert "not legal" in info["illegal"]


def test_gymnasium_vp_reward_sums_to_the_final_margin() -> None:
    env = RootEnv(faction="marquise", reward="vp", max_turns=400)
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(1)
    total = 0.0
    while True:
        _, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += float(r)
        if term or trunc:
            break
    assert env.game is not None
    s = env.game.scores
    win = (1.0 if 0 in env.game.winners else -1.0) if term else 0.0
    assert total == pytest.approx(s[0] - s[1] + win)


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_pettingzoo_api_and_seed_tests(config: Config) -> None:
    from pettingzoo.test import api_test, seed_test

    from rootgame.rl import aec_env

    kw = {"factions": config.factions, "map": config.map, "deck": config.deck,
          "suits": config.suits, "landmarks": config.landmarks}
    api_test(aec_env(**kw), num_cycles=300)
    seed_test(lambda: aec_env(**kw), num_cycles=300)


def test_pettingzoo_selects_the_deciding_seat_and_rewards_the_winner() -> None:
    from rootgame.rl import aec_env

    env = aec_env(factions=("marquise", "eyrie"), max_turns=400)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for agent in env.agent_iter(max_iter=20_000):
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        assert env.game is not None
        assert env.possible_agents.index(agent) == env.game.current_seat
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.game is not None and env.game.is_over
    winners = {env.possible_agents[s] for s in env.game.winners}
    assert winners and env.agents == []



# --- OpenSpiel ---------------------------------------------------------------------------


def _spiel(
    factions: tuple[str, ...], max_moves: int = 600, **params: Any
) -> Any:
    import pyspiel

    import rootgame.rl  # noqa: F401  (registers python_rootgame)

    params.update({"factions": "+".join(factions), "max_moves": max_moves})
    return pyspiel.load_game("python_rootgame", params)


@pytest.mark.parametrize("config", CONFIGS, ids=_id)
def test_openspiel_random_sim_test(config: Config) -> None:
    import pyspiel

    marks = config.landmarks
    game = _spiel(
        config.factions, map=config.map, deck=config.deck, suits=config.suits or "",
        landmarks=f"random{marks}" if isinstance(marks, int) else "+".join(marks),
    )
    assert game.num_distinct_actions() == action_space_size(config)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_chance_nodes_deal_the_shuffle_first_player_and_dice() -> None:
    import pyspiel

    game = _spiel(("marquise", "eyrie"), max_moves=6000)
    state = game.new_initial_state()
    # 5.1.3: the 50-card deck (two players: no dominance cards) is dealt card by card.
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 50 and all(p == pytest.approx(1 / 50) for _, p in outcomes)
    rng = np.random.default_rng(0)
    kinds: set[str] = set()
    while not state.is_terminal() and len(kinds) < 3:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            kinds.add(state.action_to_string(pyspiel.PlayerId.CHANCE, actions[0]).split()[0])
            if kinds >= {"dice"}:
                assert len(actions) == 16
            state.apply_action(int(rng.choice(actions)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert {"shuffle", "first", "dice"} <= kinds


def test_openspiel_state_serialises_and_observes_each_seat() -> None:
    import pyspiel

    game = _spiel(("marquise", "eyrie"), max_moves=6000)
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    for _ in range(400):
        if state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(state) and back.history() == state.history()
    assert back.legal_actions() == state.legal_actions()
    for seat in range(2):
        assert back.observation_tensor(seat) == state.observation_tensor(seat)
        assert back.information_state_string(seat) == state.information_state_string(seat)
    assert state.information_state_string(0) != state.information_state_string(1)
    # The tensor is the seat's view: its hand is in it, the other hand is not.
    ob = Observer(Config(("marquise", "eyrie")))
    assert state.game is not None
    assert state.observation_tensor(0) == ob.observe(state.game.view(0)).tolist()


def test_bench_rl_times_one_env_and_a_vector_env() -> None:
    import json

    from typer.testing import CliRunner

    from rootgame.cli import app

    r = CliRunner().invoke(app, ["bench", "--rl", "--steps", "40", "--envs", "2", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["single"]["envs"] == 1 and d["single"]["steps"] == 40
    assert d["vector"]["envs"] == 2 and d["vector"]["steps"] + d["vector"]["episodes"] == 40
    assert d["single"]["steps_per_sec"] > 0 and d["vector"]["steps_per_sec"] > 0


def test_openspiel_shuffle_outcomes_are_places_in_either_deck() -> None:
    """The Exiles and Partisans deck's cards have ids past 53; a shuffle's outcomes are places
    in the sorted pile, so no node has more than 54 outcomes."""
    from rootgame.cards import DECK, deck_ids

    game = _spiel(("marquise", "eyrie"), deck="exiles")
    assert game.max_chance_outcomes() == 54
    state = game.new_initial_state()
    outcomes = [a for a, _ in state.chance_outcomes()]
    assert outcomes == list(range(50))  # two players: the deck without its dominance cards
    pile = sorted(c for c in deck_ids("exiles") if DECK[c].kind != "dominance")
    assert pile[-1] > 53
    assert state.action_to_string(-1, 49) == f"shuffle {pile[-1]}"
    state.apply_action(49)
    assert [a for a, _ in state.chance_outcomes()] == list(range(49))


def test_configuration_fields_are_checked_and_reach_the_game() -> None:
    with pytest.raises(ValueError, match="prints no suits"):
        Config(("marquise", "eyrie"), "winter", suits="printed")
    with pytest.raises(ValueError, match="unknown deck"):
        Config(("marquise", "eyrie"), deck="riverfolk")
    env = RootEnv(faction="eyrie", map="lake", deck="exiles", suits="suggested")
    env.reset(seed=2)
    assert env.game is not None
    assert env.game.meta["deck"] == "exiles" and env.game.state.map == "lake"
    from rootgame.board import choose_layout

    assert env.game.state.suits == choose_layout("lake", "suggested", 0)
