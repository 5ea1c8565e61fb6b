"""The command line: ``rootgame simulate``, ``rootgame play``, ``rootgame bench``.

A front end like any other: it reads ``game.view(seat)`` and the legal actions, and sends back
one action; it never reads the GameState.
"""

from __future__ import annotations

import json
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from . import __version__
from .actions import Action, parse, token
from .bench import DEFAULT_MAX_TURNS, bot_seed, run
from .bench import simulate as run_simulation
from .bots import RandomBot
from .describe import faction_name
from .errors import BadToken
from .flow import FACTIONS
from .game import Game, new_game
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
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Root (Leder Games) in the terminal: play against a bot, simulate and benchmark."""


# --- simulate -----------------------------------------------------------------------------


def parse_factions(text: str) -> list[str]:
    """``"marquise,eyrie"`` -> ``["marquise", "eyrie"]``; BadParameter naming the problem."""
    names = [x.strip().lower() for x in text.split(",") if x.strip()]
    known = ", ".join(sorted(FACTIONS))
    for n in names:
        if n not in FACTIONS:
            raise typer.BadParameter(
                f"unknown faction {n!r}; known: {known}", param_hint="--factions"
            )
    if len(names) < 2:
        raise typer.BadParameter(
            f"name at least two factions, separated by commas ({known})", param_hint="--factions"
        )
    if len(set(names)) != len(names):
        raise typer.BadParameter(
            "each faction can be played by one seat only", param_hint="--factions"
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
) -> None:
    """Play GAMES games between random bots and summarise the results."""
    names = parse_factions(factions)
    if as_json:
        sim = run_simulation(names, games, seed, max_turns)
        typer.echo(json.dumps(sim.summary()))
        return
    console = Console()
    with Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("games", total=games)
        sim = run_simulation(
            names, games, seed, max_turns, on_game=lambda _r: progress.advance(task)
        )
    s = sim.summary()
    done = games - s["errors"]
    t = Table(title=f"{games} random games, seeds {seed}..{seed + games - 1}")
    t.add_column("Faction")
    t.add_column("Wins", justify="right")
    t.add_column("Win %", justify="right")
    t.add_column("Mean VP", justify="right")
    for f in names:
        w = s["wins"][f]
        t.add_row(
            f"[{FACTION_STYLE.get(f, 'bold')}]{faction_name(f)}[/]",
            str(w),
            f"{100 * w / done:.1f}" if done else "-",
            f"{s['mean_scores'][f]:.2f}",
        )
    console.print(t)
    reasons = ", ".join(f"{k} {v}" for k, v in s["win_reasons"].items())
    console.print(f"Won by: {reasons}")
    console.print(
        f"Mean turns per game: {s['mean_turns']:.1f}    "
        f"mean decisions per game: {s['mean_decisions']:.1f}"
    )
    console.print(
        f"Speed: {s['games_per_sec']:.2f} games/s, {s['decisions_per_sec']:.0f} decisions/s"
    )
    console.print(f"Errors: {s['errors']}", style="red" if s["errors"] else "")
    for r in sim.errors[:5]:
        console.print(f"  seed {r.seed}: {r.error}", style="red", markup=False)


# --- play ---------------------------------------------------------------------------------

HELP_TEXT = """\
Type the number of an action, or its token (e.g. "move 5 1").
Commands:
  help      this help
  board     show the table again
  actions   list your legal actions again
  quit      leave the game"""


class _Quit(Exception):
    pass


def _show_actions(console: Console, game: Game) -> None:
    for i, a in enumerate(game.legal_actions(), 1):
        console.print(
            f"  [bold]{i:>3}[/] {game.describe(a)}  [dim]({token(a)})[/]", highlight=False
        )


def _ask(console: Console, game: Game, human: int) -> Action:
    """Read input until it names a legal action; commands and mistakes are answered here."""
    legal = game.legal_actions()
    while True:
        line = console.input(f"[bold]Your choice[/] (1-{len(legal)}, a token, help, quit): ")
        cmd = line.strip().lower()
        if not cmd:
            continue
        if cmd in ("quit", "exit", "q"):
            raise _Quit
        if cmd in ("help", "h", "?"):
            console.print(HELP_TEXT, highlight=False, markup=False)
            continue
        if cmd in ("board", "b", "show"):
            console.print(render_view(game.view(human)))
            continue
        if cmd in ("actions", "a", "list"):
            _show_actions(console, game)
            continue
        if cmd.isdigit():
            i = int(cmd)
            if 1 <= i <= len(legal):
                return legal[i - 1]
            console.print(
                f"There is no action number {i}: choose from 1 to {len(legal)}.", style="red"
            )
            continue
        try:
            a = parse(cmd)
        except BadToken as e:
            console.print(
                f"Not understood: {e}. Type a number, a token, or help.",
                style="red",
                markup=False,
            )
            continue
        if a not in legal:
            console.print(game.explain(a), style="red", markup=False)
            continue
        return a


@app.command("play")
def play_cmd(
    as_: str = typer.Option(
        ..., "--as", help=f"The faction you play: {' or '.join(PLAY_FACTIONS)}."
    ),
    seed: int = typer.Option(0, "--seed", "-s", help="The game's seed."),
) -> None:
    """Play a game in the terminal against the random bot."""
    me = as_.strip().lower()
    if me not in PLAY_FACTIONS:
        raise typer.BadParameter(
            f"unknown faction {as_!r}; choose {' or '.join(PLAY_FACTIONS)}", param_hint="--as"
        )
    console = Console()
    game = new_game(list(PLAY_FACTIONS), seed=seed)
    human = PLAY_FACTIONS.index(me)
    bot_seat = 1 - human
    bot = RandomBot(bot_seed(seed, bot_seat))
    bot_name = faction_name(PLAY_FACTIONS[bot_seat])
    bot_style = FACTION_STYLE.get(PLAY_FACTIONS[bot_seat], "bold")
    console.print(
        f"You play the {faction_name(me)} against a random {bot_name} (seed {seed}). "
        "Type help for commands.",
        highlight=False,
    )
    try:
        while not game.is_over:
            if game.current_seat != human:
                a = bot.choose(game)
                text = game.describe(a)
                game.apply(a)
                console.print(f"[{bot_style}]{bot_name}[/]: {text}", highlight=False)
                continue
            console.rule()
            console.print(render_view(game.view(human)))
            console.print(f"[bold]{game.prompt}[/]")
            _show_actions(console, game)
            a = _ask(console, game, human)
            text = game.describe(a)
            game.apply(a, seat=human)
            console.print(f"[bold]You[/]: {text}", highlight=False)
    except _Quit:
        console.print(f"You left the game (seed {seed}) after {len(game.history)} decisions.")
        return
    except (EOFError, KeyboardInterrupt):
        console.print(
            f"\nInput ended: leaving the game (seed {seed}) after {len(game.history)} decisions."
        )
        return
    v = game.view(human)
    console.rule()
    console.print(status_text(v))
    console.print(scores_table(v))
    won = human in game.winners
    console.print("You win!" if won else "You lose.", style="bold green" if won else "bold red")


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


def main() -> None:
    """The ``rootgame`` console script."""
    app(prog_name="rootgame")


if __name__ == "__main__":  # pragma: no cover
    main()
