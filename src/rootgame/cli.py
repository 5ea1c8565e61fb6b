"""The command line: ``rootgame simulate``, ``rootgame play``, ``rootgame bench``.

A front end like any other: it reads ``game.view(seat)`` and the legal actions, and sends back
one action; it never reads the GameState.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from . import __version__
from .actions import Action, parse, token
from .bench import DEFAULT_MAX_TURNS, bot_seed, run
from .bench import simulate as run_simulation
from .cli_records import register as register_record_commands
from .cli_tournament import register as register_tournament
from .cli_web import register as register_web_commands
from .describe import faction_in_sentence, faction_name, prompt_text, translate_reason
from .errors import BadToken, IllegalAction
from .flow import FACTIONS
from .game import Game, new_game
from .i18n import (
    LANGUAGES,
    N_,
    UnknownLanguage,
    get_language,
    ngettext,
    pgettext,
    resolve_language,
)
from .i18n import gettext as _
from .i18n import set_language as _set_language
from .render import FACTION_STYLE, render_view, scores_table, status_text

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Root (Leder Games) in the terminal: play against a bot, simulate and benchmark.",
)

PLAY_FACTIONS: tuple[str, ...] = ("marquise", "eyrie")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"rootgame {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
    lang: str | None = typer.Option(
        None,
        "--lang",
        help=(
            f"Language of the game: {', '.join(LANGUAGES)}. Default: the ROOTGAME_LANG "
            "variable, else the system locale, else English."
        ),
    ),
) -> None:
    """Root (Leder Games) in the terminal: play against a bot, simulate and benchmark."""
    try:
        chosen = resolve_language(lang)
    except UnknownLanguage as e:
        raise typer.BadParameter(str(e), param_hint="--lang") from None
    before = get_language()
    _set_language(chosen)
    ctx.call_on_close(lambda: _set_language(before))


# --- simulate -----------------------------------------------------------------------------


def parse_factions(text: str) -> list[str]:
    """``"marquise,eyrie"`` -> ``["marquise", "eyrie"]``; BadParameter naming the problem."""
    names = [x.strip().lower() for x in text.split(",") if x.strip()]
    known = ", ".join(sorted(FACTIONS))
    for n in names:
        if n not in FACTIONS:
            raise typer.BadParameter(
                _("unknown faction {name}; known: {known}").format(name=repr(n), known=known),
                param_hint="--factions",
            )
    if len(names) < 2:
        raise typer.BadParameter(
            _("name at least two factions, separated by commas ({known})").format(known=known),
            param_hint="--factions",
        )
    if len(set(names)) != len(names):
        raise typer.BadParameter(
            _("each faction can be played by one seat only"), param_hint="--factions"
        )
    return names


@app.command("simulate")
def simulate_cmd(
    factions: str = typer.Option(
        "marquise,eyrie", "--factions", "-f", help="Factions in seat order, comma-separated."
    ),
    games: int = typer.Option(100, "--games", "-n", min=1, help="How many games to play."),
    seed: int = typer.Option(0, "--seed", "-s", help="Game i uses seed SEED + i."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object, nothing else."),
    max_turns: int = typer.Option(
        DEFAULT_MAX_TURNS, "--max-turns", min=1, help="Stop a game (as an error) after this."
    ),
    save_dir: Path | None = typer.Option(  # noqa: B008
        None, "--save-dir", help="Write each game's record (game-SEED.rootgame) here."
    ),
    bots: str = typer.Option(
        "random",
        "--bots",
        "-b",
        help="Bots, comma-separated: the i-th plays the i-th faction (one name: all seats). "
        "random, heuristic, ismcts[:200ms|:500].",
    ),
) -> None:
    """Play GAMES games between bots (random ones by default) and summarise the results."""
    names = parse_factions(factions)
    from .cli_tournament import parse_bots

    specs = parse_bots(bots)
    if len(specs) == 1:
        specs = specs * len(names)
    if len(specs) != len(names):
        raise typer.BadParameter(
            _("name one bot per faction: {f} factions, {b} bots").format(
                f=len(names), b=len(specs)
            ),
            param_hint="--bots",
        )
    if save_dir is not None and save_dir.exists() and not save_dir.is_dir():
        raise typer.BadParameter(
            _("{path} is not a folder").format(path=save_dir), param_hint="--save-dir"
        )
    if as_json:
        sim = run_simulation(names, games, seed, max_turns, save_dir=save_dir, bots=specs)
        typer.echo(json.dumps(sim.summary()))
        return
    console = Console()
    with Progress(
        TextColumn("[bold]" + _("simulating")),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("games", total=games)
        sim = run_simulation(
            names,
            games,
            seed,
            max_turns,
            on_game=lambda _r: progress.advance(task),
            save_dir=save_dir,
            bots=specs,
        )
    s = sim.summary()
    done = games - s["errors"]
    t = Table(
        title=ngettext(
            "{n} random game, seeds {first}..{last}",
            "{n} random games, seeds {first}..{last}",
            games,
        ).format(n=games, first=seed, last=seed + games - 1)
        if set(specs) == {"random"}
        else ngettext(
            "{n} game, seeds {first}..{last}",
            "{n} games, seeds {first}..{last}",
            games,
        ).format(n=games, first=seed, last=seed + games - 1)
        + " ("
        + ", ".join(f"{faction_name(f)}: {b}" for f, b in zip(names, specs, strict=True))
        + ")"
    )
    t.add_column(_("Faction"))
    t.add_column(_("Wins"), justify="right")
    t.add_column(_("Win %"), justify="right")
    t.add_column(_("Mean VP"), justify="right")
    for f in names:
        w = s["wins"][f]
        t.add_row(
            f"[{FACTION_STYLE.get(f, 'bold')}]{faction_name(f)}[/]",
            str(w),
            f"{100 * w / done:.1f}" if done else "-",
            f"{s['mean_scores'][f]:.2f}",
        )
    console.print(t)
    why = {"vp": pgettext("win reason", "VP"), "dominance": pgettext("win reason", "dominance")}
    reasons = ", ".join(f"{why.get(k, k)} {v}" for k, v in s["win_reasons"].items())
    console.print(_("Won by: {reasons}").format(reasons=reasons))
    console.print(
        _("Mean turns per game: {turns}    mean decisions per game: {decisions}").format(
            turns=f"{s['mean_turns']:.1f}", decisions=f"{s['mean_decisions']:.1f}"
        )
    )
    console.print(
        _("Speed: {games} games/s, {decisions} decisions/s").format(
            games=f"{s['games_per_sec']:.2f}", decisions=f"{s['decisions_per_sec']:.0f}"
        )
    )
    console.print(_("Errors: {n}").format(n=s["errors"]), style="red" if s["errors"] else "")
    for r in sim.errors[:5]:
        console.print(
            "  " + _("seed {seed}: {error}").format(seed=r.seed, error=r.error),
            style="red",
            markup=False,
        )


# --- play ---------------------------------------------------------------------------------

# TRANSLATORS: the command words (help, board, actions, log, quit) stay in English.
HELP_TEXT = N_("""\
Type the number of an action, or its token (e.g. "move 5 1").
Commands:
  help      this help
  board     show the table again
  actions   list your legal actions again
  log       show the game log
  undo      take back your last decision (if nothing hidden was revealed since)
  save FILE save the game (a .rootgame record, or a .json save)
  quit      leave the game""")
"""The help of the terminal game (English; :func:`help_text` gives it in the current
language)."""


def help_text() -> str:
    return _(HELP_TEXT)


class _Quit(Exception):
    pass


class _Redraw(Exception):
    """The game changed under the prompt (undo): show the decision again."""


def _show_actions(console: Console, game: Game) -> None:
    for i, a in enumerate(game.legal_actions(), 1):
        console.print(
            f"  [bold]{i:>3}[/] {game.describe(a)}  [dim]({token(a)})[/]", highlight=False
        )


def _ask(console: Console, game: Game, human: int) -> Action:
    """Read input until it names a legal action; commands and mistakes are answered here."""
    legal = game.legal_actions()
    while True:
        line = console.input(
            "[bold]"
            + _("Your choice")
            + "[/] "
            + _("(1-{n}, a token, help, quit): ").format(n=len(legal))
        )
        cmd = line.strip().lower()
        if not cmd:
            continue
        if cmd in ("quit", "exit", "q"):
            raise _Quit
        if cmd in ("help", "h", "?"):
            console.print(help_text(), highlight=False, markup=False)
            continue
        if cmd in ("board", "b", "show"):
            console.print(render_view(game.view(human)))
            continue
        if cmd in ("actions", "a", "list"):
            _show_actions(console, game)
            continue
        if cmd in ("undo", "u"):
            try:
                game.undo(human)
            except IllegalAction:
                console.print(
                    _("Nothing to undo: no earlier decision of yours, or something hidden "
                      "was revealed since."),
                    style="red",
                )
                continue
            console.print(_("Your last decision was taken back."))
            raise _Redraw
        if cmd.startswith("save"):
            _save(console, game, line.strip()[4:].strip())
            continue
        if cmd in ("log", "l"):
            from .log_text import render_log

            for entry in render_log(game, human)[-40:]:
                console.print(entry, highlight=False, markup=False)
            continue
        if cmd.isdigit():
            i = int(cmd)
            if 1 <= i <= len(legal):
                return legal[i - 1]
            console.print(
                _("There is no action number {i}: choose from 1 to {n}.").format(
                    i=i, n=len(legal)
                ),
                style="red",
            )
            continue
        try:
            a = parse(cmd)
        except BadToken as e:
            console.print(
                _("Not understood: {error}. Type a number, a token, or help.").format(
                    error=translate_reason(str(e))
                ),
                style="red",
                markup=False,
            )
            continue
        if a not in legal:
            console.print(translate_reason(game.explain(a)), style="red", markup=False)
            continue
        return a


def _save(console: Console, game: Game, name: str) -> None:
    if not name:
        console.print(_("Give a file name: save FILE"), style="red")
        return
    path = Path(name)
    try:
        if path.suffix == ".json":
            path.write_text(game.to_json(), encoding="utf-8")
        else:
            from .records.native import write_record

            path.write_text(write_record(game), encoding="utf-8")
    except OSError as e:
        console.print(_("cannot write {path}: {error}").format(path=path, error=e), style="red")
        return
    console.print(_("Saved to {path}.").format(path=path))


@app.command("play")
def play_cmd(
    as_: str = typer.Option(
        ..., "--as", help=f"The faction you play: {' or '.join(PLAY_FACTIONS)}."
    ),
    seed: int = typer.Option(0, "--seed", "-s", help="The game's seed."),
    load: Path | None = typer.Option(  # noqa: B008
        None, "--load", help="Continue a saved game (a .rootgame record, a .json save) or a "
        "Rootlog record (.rootlog) from its last line."
    ),
    bot_spec: str = typer.Option(
        "random", "--bot", help="Your opponent: random, heuristic, ismcts[:200ms|:500]."
    ),
) -> None:
    """Play a game in the terminal against a bot (the random one by default)."""
    from .bots import Observation, from_spec
    from .cli_tournament import parse_bots

    specs = parse_bots(bot_spec, "--bot")
    if len(specs) != 1:
        raise typer.BadParameter(_("name one bot"), param_hint="--bot")
    spec = specs[0]
    me = as_.strip().lower()
    if me not in PLAY_FACTIONS:
        raise typer.BadParameter(
            _("unknown faction {name}; choose {choices}").format(
                name=repr(as_), choices=" / ".join(PLAY_FACTIONS)
            ),
            param_hint="--as",
        )
    console = Console()
    if load is not None:
        from .cli_records import load_game

        game = load_game(load)
        if tuple(game.factions) != PLAY_FACTIONS:
            raise typer.BadParameter(
                _("{path} is not a game of {factions}").format(
                    path=load, factions=" / ".join(PLAY_FACTIONS)
                ),
                param_hint="--load",
            )
        seed = int(game.meta.get("seed") or 0)
    else:
        game = new_game(list(PLAY_FACTIONS), seed=seed)
    human = PLAY_FACTIONS.index(me)
    bot_seat = 1 - human
    bot = from_spec(spec, bot_seed(seed, bot_seat))
    bot_name = faction_name(PLAY_FACTIONS[bot_seat])
    bot_style = FACTION_STYLE.get(PLAY_FACTIONS[bot_seat], "bold")
    if spec == "random":
        greeting = _(
            "You play the {faction} against a random {bot} (seed {seed}). "
            "Type help for commands."
        )
    else:
        greeting = _(
            "You play the {faction} against the {bot}, played by the {spec} bot (seed "
            "{seed}). Type help for commands."
        )
    console.print(
        greeting.format(
            faction=faction_in_sentence(me),
            bot=faction_in_sentence(PLAY_FACTIONS[bot_seat]),
            seed=seed,
            spec=spec,
        ),
        highlight=False,
    )
    try:
        while not game.is_over:
            if game.current_seat != human:
                choice = bot.decide(Observation(game))
                text = game.describe(choice.action)
                game.apply(choice.action)
                console.print(f"[{bot_style}]{bot_name}[/]: {text}", highlight=False)
                if choice.reason is not None and spec != "random":
                    console.print(f"  [dim]{choice.reason}[/]", highlight=False)
                continue
            console.rule()
            console.print(render_view(game.view(human)))
            console.print(f"[bold]{prompt_text(game.decision)}[/]")
            _show_actions(console, game)
            try:
                a = _ask(console, game, human)
            except _Redraw:
                continue
            text = game.describe(a)
            game.apply(a, seat=human)
            console.print("[bold]" + _("You") + f"[/]: {text}", highlight=False)
    except _Quit:
        n = len(game.history)
        console.print(
            ngettext(
                "You left the game (seed {seed}) after {n} decision.",
                "You left the game (seed {seed}) after {n} decisions.",
                n,
            ).format(seed=seed, n=n)
        )
        return
    except (EOFError, KeyboardInterrupt):
        n = len(game.history)
        console.print(
            "\n"
            + ngettext(
                "Input ended: leaving the game (seed {seed}) after {n} decision.",
                "Input ended: leaving the game (seed {seed}) after {n} decisions.",
                n,
            ).format(seed=seed, n=n)
        )
        return
    v = game.view(human)
    console.rule()
    console.print(status_text(v))
    console.print(scores_table(v))
    won = human in game.winners
    console.print(
        _("You win!") if won else _("You lose."), style="bold green" if won else "bold red"
    )


# --- bench --------------------------------------------------------------------------------


@app.command("bench")
def bench_cmd(
    games: int = typer.Option(50, "--games", "-n", min=1, help="How many games to time."),
    seed: int = typer.Option(0, "--seed", "-s", help="First game seed."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Time the engine on one core: random two-player games, decisions, and clones."""
    result = run(games, seed)
    d: dict[str, Any] = result.as_dict()
    if as_json:
        typer.echo(json.dumps(d))
        return
    console = Console()
    console.print(
        f"Marquise vs Eyrie, {result.games} random games (seeds {seed}..{seed + games - 1}), "
        f"{result.decisions} decisions, one core:",
        highlight=False,
    )
    lines = (
        f"  games/s:     {d['games_per_sec']:>10.2f}",
        f"  decisions/s: {d['decisions_per_sec']:>10.0f}",
        f"  clones/s:    {d['clones_per_sec']:>10.0f}  (mid-game states)",
    )
    for line in lines:
        console.print(line, highlight=False)
    if result.errors:
        console.print(f"  errors:      {result.errors}", style="red")


register_record_commands(app)
register_web_commands(app)
register_tournament(app)


def main() -> None:
    """The ``rootgame`` console script."""
    app(prog_name="rootgame")


if __name__ == "__main__":  # pragma: no cover
    main()
