"""OpenSpiel: Root as a Python game, ``pyspiel.load_game("python_rootgame")`` (docs/rl.md).

Importing this module (or ``rootgame.rl``) registers the game. Parameters: ``factions``
(joined by "+", seats in order: OpenSpiel game strings reserve commas), ``map``, ``deck``,
``suits`` (the suit layout as ``new_game`` takes it; "" is the map's printed suits, or on a map
without them the markers dealt from seed 0: a fixed layout, since the game's parameters fix
it), ``landmarks`` (names joined by "+", or "random1"/"random2" dealt at random; "" none:
OpenSpiel reads a bare number as an integer), ``max_moves`` (the game is cut, with zero
returns, after that many moves counting chance
moves: OpenSpiel needs a bound).

Chance is explicit: the engine's chance (rules/chance.py) is told to *ask* for outcomes
(``chance.ASK``) instead of drawing them. A player's action is applied to a copy of the game;
when the engine needs an outcome it raises ``ChanceNeeded``, the copy is dropped and the
state becomes a chance node; once the outcomes are dealt, the action is applied again with
them forced. Dice are one node of 16 outcomes (4 x first die + second die), a random card or
the first player one node of n outcomes, and a shuffle one node per position of the deck (the
outcome is the place, in the sorted pile, of the card placed next), so every node has at most
54 outcomes, with either deck.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from ..actions import Action, token
from ..cards import deck_ids
from ..game import Game, new_game
from ..rules import chance
from .common import Table
from .space import as_config

SHORT_NAME = "python_rootgame"
DEFAULT_MAX_MOVES = 6000
DEFAULTS: dict[str, Any] = {
    "factions": "marquise+eyrie",
    "map": "autumn",
    "deck": "base",
    "suits": "",
    "landmarks": "",
    "max_moves": DEFAULT_MAX_MOVES,
}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Root (rootgame, the Law of Root)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class Setting:
    """What a game's parameters mean: the configuration, the move limit, its codec and
    observer. Shared by every game and state with the same parameters (OpenSpiel copies
    games and states by pickling, so they keep only their parameters)."""

    def __init__(self, params: dict[str, Any]) -> None:
        p = dict(DEFAULTS)
        p.update(params)
        factions = tuple(f.strip() for f in str(p["factions"]).split("+") if f.strip())
        self.params = p
        marks = str(p["landmarks"]).strip()
        landmarks: tuple[str, ...] | int = (
            int(marks[6:]) if marks.startswith("random") and marks[6:].isdigit()
            else tuple(x for x in marks.split("+") if x)
        )
        self.config = as_config(
            {"factions": factions, "map": p["map"], "deck": p["deck"],
             "suits": p["suits"] or None, "landmarks": landmarks}
        )
        self.cards = deck_ids(self.config.deck)
        """The deck: the largest pile shuffled (54 cards with either deck)."""
        self.max_moves = int(p["max_moves"])
        if self.max_moves < 1:
            raise ValueError(f"max_moves must be at least 1, not {self.max_moves}")
        self.table = Table(self.config)


_SETTINGS: dict[str, Setting] = {}


def setting_key(params: dict[str, Any]) -> str:
    """The settings' key of a game's parameters (a state keeps only this small string)."""
    key = json.dumps({**DEFAULTS, **params}, sort_keys=True)
    if key not in _SETTINGS:
        _SETTINGS[key] = Setting(params)
    return key


def setting(params: dict[str, Any]) -> Setting:
    return _SETTINGS[setting_key(params)]


class RootGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one configuration."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        st = setting(params or {})
        info = pyspiel.GameInfo(
            num_distinct_actions=st.table.space.size,
            max_chance_outcomes=max(len(st.cards), 16),
            num_players=st.config.n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=st.max_moves,
        )
        super().__init__(_GAME_TYPE, info, st.params)

    @property
    def setting(self) -> Setting:
        return setting(self.get_parameters())

    def new_initial_state(self) -> RootState:
        return RootState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RootObserver:
        if params:
            raise ValueError(f"the Root observer takes no parameters, not {params}")
        return RootObserver(
            self.setting, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        )


class RootState(pyspiel.State):  # type: ignore[misc]
    """A state: a rootgame Game whose chance is dealt by OpenSpiel's chance nodes."""

    def __init__(self, game: RootGame) -> None:
        super().__init__(game)
        self._key = setting_key(game.get_parameters())
        self.game: Game | None = None
        """The engine's game once set up (None while the setup's chance is being dealt)."""
        self._action: Action | None = None
        """The player's action waiting for chance outcomes (None: the setup)."""
        self._outcomes: list[tuple[Any, ...]] = []
        self._need: chance.ChanceNeeded | None = None
        self._shuffled: list[int] = []
        self._moves = 0
        self._digests: dict[int, tuple[int, str]] = {}
        """Per seat (-1: a spectator): how many events of the log it has seen, and the
        SHA-256 chain over them as it sees them (views.events_for)."""
        self._retry()

    @property
    def _root(self) -> Setting:
        return _SETTINGS[self._key]

    # --- chance plumbing --------------------------------------------------------------------
    def _retry(self) -> None:
        """Apply the waiting action (or the setup) with the outcomes dealt so far."""
        forced = [*self._outcomes, chance.ASK]
        try:
            if self.game is None:
                c = self._root.config
                g = new_game(
                    list(c.factions), map=c.map, seed=0, forced=forced, deck=c.deck,
                    suits=c.suits, landmarks=c.landmarks,
                )
            else:
                g = self.game.clone()
                g.state.forced = forced
                assert self._action is not None
                g.apply(self._action)
        except chance.ChanceNeeded as e:
            self._need = e
            self._shuffled = []
            self._complete_shuffle()
            return
        if g.state.forced != [chance.ASK]:
            raise chance.ChanceMismatch("the game used fewer chance outcomes than were dealt")
        self.game = g
        self._action = None
        self._outcomes = []
        self._need = None

    def _complete_shuffle(self) -> None:
        """The last card of a shuffle has one place left: put it there without a node."""
        need = self._need
        if need is None or need.kind != "shuffle":
            return
        left = [c for c in need.cards if c not in self._shuffled]
        if len(left) <= 1:
            self._shuffled.extend(left)
            self._outcomes.append(("shuffle", *self._shuffled))
            self._retry()

    def _pile(self) -> list[int]:
        """The pile being shuffled, sorted: a shuffle's outcome is a place in it (card ids of
        the Exiles and Partisans deck pass 53; quests and ruin items are piles too)."""
        assert self._need is not None
        return sorted(self._need.cards)

    def _chance_options(self) -> list[int]:
        need = self._need
        assert need is not None
        if need.kind == "dice":
            return list(range(16))
        if need.kind == "shuffle":
            pile = self._pile()
            return [i for i, c in enumerate(pile) if c not in self._shuffled]
        return list(range(need.n))

    # --- the OpenSpiel API ----------------------------------------------------------------------
    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self._need is not None:
            return int(pyspiel.PlayerId.CHANCE)
        assert self.game is not None and self.game.current_seat is not None
        return self.game.current_seat

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or self._need is not None or self.game is None:
            return []
        if player != self.game.current_seat:
            return []
        return sorted(self._root.table.space.encode_all(self.game.legal_actions()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        opts = self._chance_options()
        p = 1.0 / len(opts)
        return [(o, p) for o in opts]

    def _apply_action(self, action: int) -> None:
        self._moves += 1
        need = self._need
        if need is not None:
            if action not in self._chance_options():
                raise ValueError(f"{action} is not a possible {need.kind} outcome now")
            if need.kind == "shuffle":
                self._shuffled.append(self._pile()[action])
                self._complete_shuffle()
                return
            if need.kind == "dice":
                self._outcomes.append(("dice", action // 4, action % 4))
            else:
                self._outcomes.append((need.kind, action))
            self._retry()
            return
        assert self.game is not None
        a = self._root.table.space.decode(action)
        if a not in self.game.legal_actions():
            raise ValueError(self.game.explain(a))
        self._action = a
        self._retry()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            kind = self._need.kind if self._need is not None else "chance"
            if kind == "dice":
                return f"dice {action // 4} {action % 4}"
            if kind == "shuffle":
                return f"shuffle {self._pile()[action]}"
            return f"{kind} {action}"
        return token(self._root.table.space.decode(action))

    def is_terminal(self) -> bool:
        if self._moves >= self._root.max_moves:
            return True
        return self.game is not None and self._need is None and self.game.is_over

    def returns(self) -> list[float]:
        n = self._root.config.n
        if self.game is None or not self.game.is_over or self._need is not None:
            return [0.0] * n
        return [1.0 if s in self.game.winners else -1.0 for s in range(n)]

    def history_digest(self, seat: int | None) -> tuple[int, str]:
        """The number of events of the log and a SHA-256 chain over them as ``seat`` sees
        them: a constant-size name of everything ``seat`` has seen (perfect recall)."""
        if self.game is None:
            return 0, ""
        key = -1 if seat is None else seat
        done, digest = self._digests.get(key, (0, ""))
        for e in self.game.events(seat, done):
            text = json.dumps(e, sort_keys=True)
            digest = hashlib.sha256((digest + text).encode()).hexdigest()
            done += 1
        self._digests[key] = (done, digest)
        return done, digest

    def __str__(self) -> str:
        if self.game is None:
            return f"setup: {len(self._outcomes)} chance outcomes dealt"
        g = self.game
        head = (
            f"move {self._moves}; turn {g.turn_number}; VP {g.scores}; "
            f"{len(g.history)} decisions, last {g.history[-1] if g.history else '-'}"
        )
        if self._need is not None:
            return f"{head}; dealing {self._need.kind} for {token(self._action or ('setup',))}"
        if g.is_over:
            return f"{head}; over, won by seats {g.winners}"
        return f"{head}; seat {g.current_seat} decides {g.decision}"


class RootObserver:
    """Observation and information state of a seat (OpenSpiel's PyObserver interface).

    Tensors: the seat's observation tensor (rl/observe.py), for the information state too
    (the tensor is the seat's present knowledge, not its whole history); the public-only
    observer uses a spectator's view. Strings: with perfect recall (the information state),
    the number of events the seat has seen and a SHA-256 chain over the event log as it may
    see it (views.events_for: every action and every outcome it saw since the start), so
    equal strings mean equal histories as the seat knows them; without, the seat's view as
    JSON."""

    def __init__(self, st: Setting, iig_obs_type: Any) -> None:
        self.observer = st.table.observer
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.tensor = np.zeros(self.observer.size, np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, shape in self.observer.sections.items():
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + size].reshape(shape)
            at += size

    def _seat(self, player: int) -> int | None:
        return player if self.private else None

    def set_from(self, state: RootState, player: int) -> None:
        if state.game is None:
            self.tensor.fill(0)
            return
        self.tensor[:] = self.observer.observe(state.game.view(self._seat(player)))

    def string_from(self, state: RootState, player: int) -> str:
        seat = self._seat(player)
        who = "public" if seat is None else f"seat {seat}"
        if state.game is None:
            return f"{who}: setup, {len(state._outcomes)} chance outcomes dealt"
        if self.perfect_recall:
            n, digest = state.history_digest(seat)
            return f"{who}: {n} events seen, sha256 {digest}"
        return json.dumps(state.game.view(seat), sort_keys=True)


pyspiel.register_game(_GAME_TYPE, RootGame)
