"""The terminal game (``rootgame play``): one player against a bot, in the chosen language.

What the player sees before each of their decisions (docs/terminal.md):

- what happened since their last decision, in a few lines (:mod:`rootgame.recap`, from the
  event log as their seat may see it);
- the full table only at the start of their turn and on ``board``;
- the decision and its options, grouped so that a long list fits a 100x30 terminal
  (:mod:`rootgame.options`).

Commands are accepted in English and in the chosen language. A front end like any other: it
reads ``game.view(seat)``, the event log and the legal actions, and sends back one action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from rich.console import Console

from .actions import Action, parse, token
from .bots import Bot, Observation
from .cli_errors import INTERRUPTED, cannot_write
from .describe import translate_reason
from .errors import BadToken, IllegalAction
from .game import Game
from .i18n import N_, ngettext, pgettext
from .i18n import gettext as _
from .names import (
    DIFFICULTY_NAMES,
    TRAIT_NAMES,
    faction_in_sentence,
    faction_name,
    factions_in_sentence,
    prompt_text,
)
from .options import option_lines
from .recap import Account, Recap
from .render import map_or_table, render_view, scores_table, status_text

# TRANSLATORS: the command words may be typed in English or as translated here.
HELP_TEXT = N_("""\
Type the number of an action, or its token (e.g. "move 5 1").
Commands (in English or in your language):
  help        this help
  board       show the whole table
  map         show the map
  actions     list all your legal actions, one a line
  log         show the game log
  undo        take back your last decision (if nothing hidden was revealed since)
  save FILE   save the game (a .rootgame record, or a .json save); save --force FILE
              overwrites an existing file
  quit        leave the game""")
"""The help of the terminal game (English; :func:`help_text` gives it in the current
language)."""


def help_text() -> str:
    return _(HELP_TEXT)


SCREEN_LINES = 30
"""The height of the smallest terminal the game is made for (100x30)."""
RECAP_LINES = 8
"""At most this many lines of what happened since the last decision (``log`` shows all)."""

SINGLE_OPTION_NOTE = N_(
    "(Asked although there is one option: the game asks at every such moment, whether or "
    "not you could do something, so that asking reveals nothing about your hand.)"
)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


COMMANDS: dict[str, tuple[str, ...]] = {
    "help": ("help", "h", "?"),
    "board": ("board", "b"),
    "map": ("map", "m"),
    "actions": ("actions", "a", "list"),
    "log": ("log", "l"),
    "undo": ("undo", "u"),
    "save": ("save",),
    "quit": ("quit", "exit", "q"),
}
"""Each command and its English words."""


def command_words() -> dict[str, str]:
    """Every word that names a command, in English and in the current language -> the
    command."""
    local = {
        # TRANSLATORS: a command of the terminal game, typed by the player: one word, lower case.
        "help": pgettext("command", "help"),
        "board": pgettext("command", "board"),
        "map": pgettext("command", "map"),
        "actions": pgettext("command", "actions"),
        "log": pgettext("command", "log"),
        "undo": pgettext("command", "undo"),
        "save": pgettext("command", "save"),
        "quit": pgettext("command", "quit"),
    }
    words: dict[str, str] = {}
    for cmd, english in COMMANDS.items():
        for w in english:
            words[w] = cmd
    for cmd, w in local.items():
        words.setdefault(w.strip().lower(), cmd)
    return words


def yes_words() -> set[str]:
    # TRANSLATORS: the answers that mean yes to a question (comma-separated, lower case).
    local = pgettext("answer", "y,yes")
    return {"y", "yes"} | {w.strip().lower() for w in local.split(",") if w.strip()}


class _Quit(Exception):
    pass


class _Redraw(Exception):
    """The game changed under the prompt (undo): show the decision again."""


class Session:
    """One terminal game: ``human`` plays against ``bots`` (one per other seat); ``read``
    reads a line of input. A bot that explains its choices (any but the random one) has its
    reason shown beside its decision in the recap."""

    def __init__(
        self,
        console: Console,
        game: Game,
        human: int,
        bots: Mapping[int, Bot],
        seed: int,
        read: Callable[[str], str] | None = None,
        presets: Mapping[str, Action] | None = None,
    ) -> None:
        self.console = console
        self.presets = dict(presets or {})
        """The player's decisions settled before the game (``play --vagabond``), by kind."""
        self.game = game
        self.human = human
        self.bots = bots
        self.seed = seed
        self.read = read or (lambda prompt: console.input(prompt))
        self.recap = Recap(human, game)
        self.board_turn: tuple[int, bool] | None = None
        """The turn (number, in setup) whose start the full board was last shown at."""
        self.explained_single = False
        """Whether the player was told why a decision with one option is still asked."""

    # --- the loop --------------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end, a quit, the end of input or Ctrl-C; the exit code."""
        game = self.game
        try:
            while not game.is_over:
                seat = game.current_seat
                if seat != self.human and seat is not None:
                    bot = self.bots[seat]
                    choice = bot.decide(Observation(game))
                    game.apply(choice.action)
                    # The random bot's reasons are only noise; "the only choice" goes unsaid.
                    why = choice.reason if bot.name != "random" else None
                    told = why is not None and why.code != "forced"
                    self.recap.step(game, str(why) if told else None)
                    continue
                preset = self.presets.get(game.decision)
                if preset is not None and preset in game.legal_actions():
                    game.apply(preset, seat=self.human)
                    self.recap.step(game)
                    continue
                self._before_decision()
                try:
                    a = self._ask()
                except _Redraw:
                    continue
                game.apply(a, seat=self.human)
                self.recap.step(game)
        except _Quit:
            n = len(game.history)
            self.console.print(
                ngettext(
                    "You left the game (seed {seed}) after {n} decision.",
                    "You left the game (seed {seed}) after {n} decisions.",
                    n,
                ).format(seed=self.seed, n=n)
            )
            return 0
        except EOFError:
            n = len(game.history)
            self.console.print(
                "\n"
                + ngettext(
                    "Input ended: leaving the game (seed {seed}) after {n} decision.",
                    "Input ended: leaving the game (seed {seed}) after {n} decisions.",
                    n,
                ).format(seed=self.seed, n=n)
            )
            return 0
        except KeyboardInterrupt:
            self._interrupted()
            return INTERRUPTED
        self._show_recap()
        v = game.view(self.human)
        self.console.rule()
        self.console.print(status_text(v))
        self.console.print(scores_table(v))
        won = self.human in game.winners
        self.console.print(
            _("You win!") if won else _("You lose."), style="bold green" if won else "bold red"
        )
        return 0

    def _before_decision(self) -> None:
        """The screen before a decision: the full board at the start of the player's turn
        (and on ``board``), then what happened since their last decision, the decision and
        its options; everything after the board fits SCREEN_LINES lines."""
        game, console = self.game, self.console
        view = game.view(self.human)
        turn = (game.turn_number, game.phase == "setup")
        if self.board_turn is None or (game.turn_seat == self.human and self.board_turn != turn):
            self.board_turn = turn
            console.rule()
            console.print(render_view(view))
        console.rule()
        budget = SCREEN_LINES - 6
        recap = self.recap.take()
        shown = recap[-RECAP_LINES:]
        if len(recap) > len(shown):
            console.print(
                _("({n} earlier lines: type log to see them)").format(n=len(recap) - len(shown)),
                style="dim",
            )
            budget -= 1
        for line in shown:
            if isinstance(line, Account):  # a bot's turn in short: shown whole
                console.print(line, highlight=False, markup=False, width=self.width)
                budget -= len(line) // self.width
            else:
                console.print(_cut(line, self.width), highlight=False, markup=False, no_wrap=True)
        budget -= len(shown)
        console.print(status_text(view), highlight=False, overflow="ellipsis", no_wrap=True)
        console.print(f"[bold]{prompt_text(game.decision)}[/]", highlight=False)
        legal = game.legal_actions()
        if len(legal) == 1 and not self.explained_single:
            self.explained_single = True
            console.print(_(SINGLE_OPTION_NOTE), style="dim", highlight=False)
            budget -= 2
        descriptions = [game.describe(a) for a in legal]
        options = option_lines(descriptions, [token(a) for a in legal], budget, self.width)
        for option in options:
            console.print(option, highlight=False, no_wrap=True, overflow="ellipsis")

    @property
    def width(self) -> int:
        return min(self.console.width, 100)

    def _show_recap(self) -> None:
        for line in self.recap.take():
            self.console.print(line, highlight=False, markup=False)

    def _show_actions(self) -> None:
        for i, a in enumerate(self.game.legal_actions(), 1):
            self.console.print(
                f"  [bold]{i:>3}[/] {self.game.describe(a)}  [dim]({token(a)})[/]",
                highlight=False,
            )

    # --- input -----------------------------------------------------------------------------
    def _ask(self) -> Action:
        """Read input until it names a legal action; commands and mistakes are answered
        here."""
        game = self.game
        legal = game.legal_actions()
        words = command_words()
        while True:
            line = self.read(
                "[bold]"
                + _("Your choice")
                + "[/] "
                + _("(1-{n}, a token, help, quit): ").format(n=len(legal))
            )
            text = line.strip()
            if not text:
                continue
            first, _sep, rest = text.partition(" ")
            cmd = words.get(first.lower())
            if cmd is not None and (cmd == "save" or not rest.strip()):
                self._command(cmd, rest.strip())
                continue
            if text.isdigit():
                i = int(text)
                if 1 <= i <= len(legal):
                    return legal[i - 1]
                self.console.print(
                    _("There is no action number {i}: choose from 1 to {n}.").format(
                        i=i, n=len(legal)
                    ),
                    style="red",
                )
                continue
            try:
                a = parse(text.lower())
            except BadToken as e:
                self.console.print(
                    _("Not understood: {error}. Type a number, a token, or help.").format(
                        error=translate_reason(str(e))
                    ),
                    style="red",
                    markup=False,
                )
                continue
            if a not in legal:
                self.console.print(translate_reason(game.explain(a)), style="red", markup=False)
                continue
            return a

    def _command(self, cmd: str, arg: str) -> None:
        """Answer a command; raises _Quit or _Redraw when the loop must change course."""
        game, console = self.game, self.console
        if cmd == "quit":
            raise _Quit
        if cmd == "help":
            console.print(help_text(), highlight=False, markup=False)
        elif cmd == "board":
            console.print(render_view(game.view(self.human)))
        elif cmd == "map":
            console.print(map_or_table(game.view(self.human)))
        elif cmd == "actions":
            self._show_actions()
        elif cmd == "undo":
            try:
                game.undo(self.human)
            except IllegalAction:
                console.print(
                    _("Nothing to undo: no earlier decision of yours, or something hidden "
                      "was revealed since."),
                    style="red",
                )
                return
            self.recap.reset(game)
            console.print(_("Your last decision was taken back."))
            raise _Redraw
        elif cmd == "save":
            self.save(arg)
        elif cmd == "log":
            from .log_text import render_log

            for entry in render_log(game, self.human)[-40:]:
                console.print(entry, highlight=False, markup=False)

    def save(self, arg: str) -> bool:
        """``save [--force] FILE``: write the game; never overwrite a file unless forced or
        confirmed. True if saved."""
        words = arg.split()
        force = "--force" in words or "-f" in words
        names = [w for w in words if w not in ("--force", "-f")]
        console = self.console
        if len(names) != 1:
            console.print(_("Give one file name: save FILE (or save --force FILE)"), style="red")
            return False
        path = Path(names[0])
        if path.is_dir():
            console.print(_("{path} is a folder, not a file").format(path=path), style="red")
            return False
        if path.exists() and not force:
            answer = self.read(
                _("{path} exists. Overwrite it? (y/N) ").format(path=path)
            )
            if answer.strip().lower() not in yes_words():
                console.print(_("Not saved."))
                return False
        return self._write(path)

    def _write(self, path: Path) -> bool:
        game = self.game
        try:
            if path.suffix == ".json":
                path.write_text(game.to_json(), encoding="utf-8")
            else:
                from .records.native import write_record

                path.write_text(write_record(game), encoding="utf-8")
        except OSError as e:
            self.console.print(cannot_write(path, e), style="red", markup=False)
            return False
        self.console.print(_("Saved to {path}.").format(path=path), markup=False)
        return True

    def _interrupted(self) -> None:
        """Ctrl-C: offer to save the game before leaving."""
        console = self.console
        console.print("\n" + _("Interrupted."))
        try:
            while True:
                name = self.read(
                    _("Save the game before leaving? A file name, or Enter to leave: ")
                ).strip()
                if not name or self.save(name):
                    break
        except (EOFError, KeyboardInterrupt):
            console.print()
        console.print(
            _("You left the game (seed {seed}).").format(seed=self.seed), highlight=False
        )


def intro(
    console: Console,
    human: str,
    bots: Sequence[tuple[str, str]],
    seed: int,
    clockwork: Sequence[tuple[str, str, Sequence[str]]] = (),
) -> None:
    """The first lines of a game: who plays whom (``bots``: each other faction and the bot
    playing it, as ``--bot`` names it; ``clockwork``: each Clockwork bot faction, which plays
    itself, with its difficulty and traits), and how to play it again."""
    specs = sorted({spec for _f, spec in bots})
    if not bots:
        text = _(
            "You play the {faction} (seed {seed}: play it again with --seed {seed}). Type "
            "help for commands."
        )
    elif specs == ["random"]:
        text = _(
            "You play the {faction} against a random {bot} (seed {seed}: play it again with "
            "--seed {seed}). Type help for commands."
        )
    else:
        text = _(
            "You play the {faction} against the {bot}, played by the {spec} bot (seed {seed}: "
            "play it again with --seed {seed} --bot {spec}). Type help for commands."
        )
    spec = specs[0] if len(specs) == 1 else ",".join(s for _f, s in bots)
    console.print(
        text.format(
            faction=faction_in_sentence(human),
            bot=factions_in_sentence(f for f, _s in bots),
            seed=seed,
            spec=spec,
        ),
        highlight=False,
    )
    if clockwork:
        settings = [
            _("{faction} ({level}; traits: {traits})").format(
                faction=faction_name(f),
                level=_(DIFFICULTY_NAMES[level]),
                traits=", ".join(_(TRAIT_NAMES[t]) for t in traits) or pgettext("nothing", "none"),
            )
            for f, level, traits in clockwork
        ]
        console.print(
            _("Clockwork bots, playing themselves by the Law of Rootbotics: {bots}").format(
                bots="; ".join(settings)
            ),
            highlight=False,
        )
