"""Commands for game records and positions: ``replay``, ``show``, ``export`` (issue 3).

They are registered on the main ``rootgame`` command by :func:`register`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from .errors import RootError
from .game import Game
from .i18n import gettext as _
from .render import render_view

RECORD_SUFFIX = ".rootgame"


def load_game(path: Path) -> Game:
    """A game from a file: a rootgame record, or a JSON save (``Game.to_json``)."""
    from .records.native import MAGIC, replay_record

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise typer.BadParameter(
            _("cannot read {path}: {error}").format(path=path, error=e)
        ) from e
    try:
        if text.startswith(MAGIC):
            return replay_record(text)
        return Game.from_json(text)
    except RootError as e:
        raise typer.BadParameter(f"{path}: {e}") from None


def _fail(console: Console, message: str) -> None:
    console.print(f"[red]{message}[/red]")
    raise typer.Exit(2)


def register(app: typer.Typer) -> None:
    """Add the record commands to ``app``."""

    @app.command("replay")
    def replay_cmd(
        file: Annotated[Path, typer.Argument(help="A rootgame record (.rootgame).")],
        step: Annotated[
            bool, typer.Option("--step", help="Show every decision, one by one.")
        ] = False,
        generator: Annotated[
            bool,
            typer.Option(
                "--generator",
                help="Roll chance with the seeded generator and check it against the record.",
            ),
        ] = False,
    ) -> None:
        """Replay a record, checking every decision, outcome of chance and state hash."""
        from .records.native import RecordError, replay_record

        console = Console()
        try:
            text = file.read_text(encoding="utf-8")
        except OSError as e:
            _fail(console, _("cannot read {path}: {error}").format(path=file, error=e))
            return
        interactive = step and sys.stdin.isatty()
        turn = [-1]

        def on_step(game: Game, token: str) -> None:
            if not step:
                return
            if game.turn_number != turn[0]:
                turn[0] = game.turn_number
                console.rule(_("Turn {n}").format(n=game.turn_number + 1))
            who = game.state.log[-1] if game.state.log else None
            console.print(f"  {token}" + (f"  [dim]{who.get('kind', '')}[/dim]" if who else ""))
            if interactive:
                answer = input(_("Enter: next, q: stop > "))
                if answer.strip().lower() == "q":
                    raise typer.Exit(0)

        try:
            game = replay_record(text, use_generator=generator, on_step=on_step)
        except RecordError as e:
            _fail(console, f"{file}: {e}")
            return
        result = (
            _("{winners} won by {reason}").format(
                winners=", ".join(game.factions[s] for s in game.winners),
                reason=game.win_reason,
            )
            if game.is_over
            else _("unfinished")
        )
        console.print(
            _("{file}: {n} decisions replayed, every checkpoint matches; {result}; "
              "scores {scores}").format(
                file=file, n=len(game.history), result=result, scores=game.scores
            )
        )

    @app.command("show")
    def show_cmd(
        position: Annotated[
            str,
            typer.Argument(
                help="A one-line position string, a position JSON, or a record/save file."
            ),
        ],
    ) -> None:
        """Print the board of a position."""
        from .position import build, from_string

        console = Console()
        try:
            p = Path(position)
            if len(position) < 4096 and p.suffix in (RECORD_SUFFIX, ".json") and p.exists():
                game = load_game(p)
            elif position.lstrip().startswith("{"):
                game = build(json.loads(position))
            else:
                game = from_string(position)
        except (RootError, ValueError) as e:
            _fail(console, _("not a position: {error}").format(error=e))
            return
        console.print(render_view(game.view(None)))

    @app.command("export")
    def export_cmd(
        file: Annotated[Path, typer.Argument(help="A rootgame record or JSON save to export.")],
        rootlog: Annotated[
            Path, typer.Option("--rootlog", help="Write the game in Rootlog notation here.")
        ],
    ) -> None:
        """Export a game to the community's Rootlog notation (V2.8)."""
        from .records.rootlog import RootlogError, export_rootlog

        console = Console()
        game = load_game(file)
        if not game.meta.get("factions"):
            _fail(console, _("only games started from a seed can be exported to Rootlog"))
        try:
            text = export_rootlog(game)
        except RootlogError as e:
            _fail(console, f"{file}: {e}")
            return
        try:
            rootlog.write_text(text, encoding="utf-8")
        except OSError as e:
            _fail(console, _("cannot write {path}: {error}").format(path=rootlog, error=e))
        console.print(_("Wrote {path}.").format(path=rootlog))
