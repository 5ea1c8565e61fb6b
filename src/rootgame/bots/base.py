"""The one bot interface (design.md, "Bots"): every front end drives a bot the same way.

A front end that must have a seat decide builds an :class:`Observation` of the game for that
seat and asks the bot::

    action = bot.choose(Observation(game))     # or bot.act(game)
    game.apply(action)

The observation offers exactly what the seat may know: its view (``game.view(seat)``), its
event log (``game.events(seat)``), the legal actions, and :meth:`Observation.sample`, which
draws a full game state consistent with what the seat has seen (bots/determinize.py). A bot
never reads the real state: a search bot plays on samples. Each bot owns a seeded generator
(``bot.rng``), so a game between bots is reproducible from the seeds.

:meth:`Bot.decide` also returns the reason for the choice as data (:class:`Reason`), for the
terminal and the browser to show.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..rng import Rng
from ..state import JSON, GameState

if TYPE_CHECKING:
    from ..game import Game


@dataclass(frozen=True)
class Reason:
    """Why a bot chose an action, as data: ``code`` names the idea (stable, for programs),
    ``text`` is an English template (a gettext message) with ``{name}`` fields filled from
    ``args`` (for people: ``str(reason)`` fills it in the current language, suits and Decree
    columns named in it, see ``names.reason_text``)."""

    code: str
    text: str
    args: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        from ..names import reason_text

        return reason_text(self.text, self.args)

    def to_dict(self) -> JSON:
        return {"code": self.code, "text": str(self), "args": dict(self.args)}


@dataclass(frozen=True)
class Choice:
    """A bot's decision: the action, why, and anything the bot wants to show (``info``:
    e.g. a search bot's iterations and visit counts)."""

    action: Action
    reason: Reason | None = None
    info: dict[str, Any] = field(default_factory=dict)


class Observation:
    """What ``seat`` may know at one of its decisions (see the module docstring).

    ``view`` and ``events`` are computed when first read, so a bot that needs neither (the
    random bot) costs nothing. The game behind the observation is private to this class:
    bots read the seat's information through its properties and :meth:`sample` only.
    """

    __slots__ = ("seat", "legal", "decision", "_game", "_view", "_known")

    def __init__(self, game: Game, seat: int | None = None) -> None:
        if game.is_over:
            raise ValueError("the game is over: there is no decision to observe")
        deciding = game.current_seat
        if seat is None:
            seat = deciding
        if seat is None or seat != deciding:
            raise ValueError(f"seat {seat} is not the deciding seat ({deciding})")
        self.seat: int = seat
        self.legal: list[Action] = game.legal_actions()
        """The legal actions of the pending decision (never empty)."""
        self.decision: str = game.decision
        """The kind of the pending decision (e.g. ``"move"``, ``"decree_add"``)."""
        self._game = game
        self._view: JSON | None = None
        self._known: dict[int, list[int]] | None = None

    @property
    def view(self) -> JSON:
        """``game.view(seat)``: the public board and this seat's hand (views.py)."""
        if self._view is None:
            self._view = self._game.view(self.seat)
        return self._view

    def events(self, start: int = 0) -> list[JSON]:
        """The event log from ``start`` as this seat may see it (views.events_for)."""
        return self._game.events(self.seat, start)

    @property
    def factions(self) -> tuple[str, ...]:
        return self._game.factions

    @property
    def faction(self) -> str:
        return self._game.factions[self.seat]

    @property
    def history(self) -> list[str]:
        """The tokens of every decision taken so far (public: every seat sees them)."""
        return self._game.history

    def sample(self, rng: Rng, keep_log: bool = False) -> GameState:
        """A full game state drawn from ``rng``, consistent with everything this seat has
        seen (bots/determinize.py). The state's own generator is drawn from ``rng`` too."""
        from .determinize import determinize, known_cards

        if self._known is None:
            # What the seat knows of the other hands, read from its event log once per
            # observation (a search bot samples hundreds of times at one decision).
            self._known = known_cards(self._game, self.seat)
        return determinize(self._game, self.seat, rng, keep_log=keep_log, known=self._known)


class Bot:
    """A player program. Subclasses implement :meth:`decide` (or just :meth:`choose`).

    ``name`` is the registry name (``rootgame.bots.get(name)``); ``spec`` is how a command
    line names this bot with its options (e.g. ``ismcts:200ms``)."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        """The bot's own generator: never the game's, never Python's global one."""

    @property
    def spec(self) -> str:
        return self.name

    def decide(self, obs: Observation) -> Choice:
        """The chosen legal action, with its reason when the bot has one."""
        return Choice(self.choose(obs))

    def choose(self, obs: Observation | Game) -> Action:
        """One of the legal actions of ``obs`` (an Observation; a Game is observed for its
        deciding seat). Raises ValueError once the game is over."""
        if not isinstance(obs, Observation):
            obs = Observation(obs)
        return self.decide(obs).action

    def act(self, game: Game) -> Action:
        """``choose(Observation(game))``: the action of the seat deciding in ``game``."""
        return self.choose(Observation(game))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec} seed={self.seed}>"


class Preset(Bot):
    """A bot whose player settled some decisions before the game began: each decision kind in
    ``answers`` is answered as set (e.g. the Vagabond's character, 9.3.1: ``--vagabond
    thief``) while it is legal; every other decision is ``inner``'s."""

    def __init__(self, inner: Bot, answers: Mapping[str, Action]) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.answers = dict(answers)
        self.name = inner.name

    @property
    def spec(self) -> str:
        return self.inner.spec

    def decide(self, obs: Observation) -> Choice:
        a = self.answers.get(obs.decision)
        if a is not None and a in obs.legal:
            return Choice(a)
        return self.inner.decide(obs)


def with_answers(bots: dict[int, Bot], answers: Mapping[str, Action]) -> dict[int, Bot]:
    """Every bot answering the decisions settled before the game (``answers``, by kind): a
    :class:`Preset` answers only a decision legal for the seat deciding, so each bot may carry
    them all (the Vagabond's character is asked of the Vagabond only)."""
    if not answers:
        return bots
    return {s: Preset(b, answers) for s, b in bots.items()}

