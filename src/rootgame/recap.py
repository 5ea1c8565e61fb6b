"""What happened since a player's last decision, as short lines of text (issue 7).

A front end calls :meth:`Recap.step` after every decision it applies (its player's, a bot's)
and :meth:`Recap.take` when its player is asked again. The lines are the game's event log as
that seat may see it (``game.events(seat)``), rendered in the current language by
:mod:`rootgame.log_text`: every event the engine logs, forced or chosen, shows up here without
this module knowing it. A decision is described in the context it was taken in (the state
before it), as the full log does.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from .actions import parse
from .describe import describe
from .i18n import gettext as _
from .log_text import bot_turn_account, event_text, placements_text
from .names import faction_name

if TYPE_CHECKING:
    from .game import Game
    from .state import GameState


class Account(str):
    """A recap line that tells a Clockwork bot's whole turn (a front end shows it whole)."""


class Recap:
    """The log of one seat (None: a spectator) from a point on, rendered step by step."""

    def __init__(self, seat: int | None, game: Game | None = None) -> None:
        self.seat = seat
        self._lines: list[str] = []
        self._start = 0
        self._before: GameState | None = None
        self._turn: tuple[int, list[dict[str, object]]] | None = None
        """The seat whose turn is under way and its events so far (for a bot's account)."""
        if game is not None:
            self.reset(game)

    def reset(self, game: Game) -> None:
        """Start afresh from the game as it is now (after an undo or a load)."""
        self._lines = []
        self._start = len(game.state.log or [])
        self._before = game.state.clone()
        self._turn = None

    def step(self, game: Game, why: str | None = None) -> list[str]:
        """Render the events logged since the last call (call it after each decision);
        returns the new lines and keeps them for :meth:`take`. ``why`` (a bot's reason for
        the decision) is told after the decision, on its line."""
        before = self._before if self._before is not None else _origin(game)
        new: list[str] = []
        last_action: dict[str, object] | None = None
        places: list[dict[str, object]] = []

        def flush() -> None:
            if places:
                new.append(placements_text(game, places))
                places.clear()

        for e in game.events(self.seat, self._start):
            account = self._account(game, e)
            if account is not None:
                flush()
                new.append(account)
            if e.get("kind") == "place":
                if _restates(last_action, e):
                    continue
                if places and not _same_placement(places[0], e):
                    flush()
                places.append(e)
                continue
            flush()
            if e.get("kind") == "action":
                state = before if before is not None else game.state
                before = None  # one decision per step: later action events use the present
                said = self._action_line(game, state, e)
                new.append(f"{said} — {why}" if why else said)
                why = None
                last_action = e
                continue
            last_action = None
            line = event_text(game, e)
            if line:
                new.append(line)
        flush()
        self._start = len(game.state.log or [])
        self._before = game.state.clone()
        self._lines.extend(new)
        return new

    def _account(self, game: Game, e: dict[str, object]) -> str | None:
        """Follow the turns through the events; when a Clockwork bot's turn ends (the next
        turn begins, or the game ends), its turn in one line (``log_text.bot_turn_account``)."""
        if e.get("kind") not in ("turn", "win"):
            if self._turn is not None:
                self._turn[1].append(e)
            return None
        ended, self._turn = self._turn, None
        if e.get("kind") == "turn" and isinstance(e.get("seat"), int):
            self._turn = (int(str(e["seat"])), [])
        if ended is None:
            return None
        text = bot_turn_account(game, ended[0], ended[1])
        return None if text is None else Account(text)

    def take(self) -> list[str]:
        """The lines gathered since the last call, and forget them."""
        out, self._lines = self._lines, []
        return out

    @staticmethod
    def _action_line(game: Game, state: GameState, e: dict[str, object]) -> str:
        seat = e.get("seat")
        who = (
            faction_name(game.factions[seat])
            if isinstance(seat, int) and 0 <= seat < len(game.factions)
            else _("nobody")
        )
        tok = str(e.get("token", ""))
        try:
            text = describe(state, parse(tok))
        except Exception:  # noqa: BLE001 - a recap line must never stop the game
            text = tok
        return _("{faction}: {action}").format(faction=who, action=text)


def _restates(action: dict[str, object] | None, e: dict[str, object]) -> bool:
    """A placement that only says again what the decision just shown said: the same seat
    placing the piece its token names in the clearing its token names (``keep 1``,
    ``place sawmill 5``, ``build roost 3``)."""
    if action is None or action.get("seat") != e.get("seat") or e.get("count", 1) != 1:
        return False
    words = str(action.get("token", "")).split()
    return str(e.get("piece")) in words and str(e.get("clearing")) in words


def _same_placement(a: dict[str, object], b: dict[str, object]) -> bool:
    """Placements told in one line: the same seat placing as many of the same piece."""
    return all(a.get(k) == b.get(k) for k in ("seat", "piece", "count"))


def _origin(game: Game) -> GameState | None:
    """The game's starting state, when it is known (a game replayed from its start)."""
    from .game import state_from_dict

    if not game.origin or game.state.log is None or len(game.history) > 1:
        return None
    try:
        return state_from_dict(json.loads(game.origin))
    except Exception:  # noqa: BLE001 - without it, the first decision is shown as its token
        return None
