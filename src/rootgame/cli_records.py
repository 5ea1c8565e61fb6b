"""Commands for game records and positions: ``replay``, ``show``, ``export`` (issue 3) and
``import`` (a Rootlog record into a rootgame record, issue 15).

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
ROOTLOG_SUFFIX = ".rootlog"
MAX_ROOTLOG_BYTES = 1_000_000
"""A Rootlog record longer than this is refused before it is read (a real game is ~20 KB)."""


def is_rootlog(path: Path, text: str) -> bool:
    """A Rootlog record: by its suffix, or by its first line that is not a comment."""
    from .records.native import MAGIC

    if path.suffix.lower() == ROOTLOG_SUFFIX:
        return True
    if text.startswith(MAGIC) or text.lstrip().startswith("{"):
        return False
    first = next((ln.strip() for ln in text.splitlines()
                  if ln.strip() and not ln.strip().startswith("//")), "")
    return first.startswith("Map:")


def read_rootlog(path: Path) -> str:
    """The text of a Rootlog file; one clear error for a file too large or unreadable."""
    try:
        size = path.stat().st_size
        if size > MAX_ROOTLOG_BYTES:
            raise typer.BadParameter(
                _("{path}: {size} bytes is too long for a Rootlog record (at most {limit})")
                .format(path=path, size=size, limit=MAX_ROOTLOG_BYTES))
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise typer.BadParameter(
            _("cannot read {path}: {error}").format(path=path, error=e)
        ) from e


def load_game(path: Path) -> Game:
    """A game from a file: a rootgame record, a JSON save (``Game.to_json``) or a Rootlog
    record (replayed against the engine to its last line)."""
    from .records.native import MAGIC, replay_record

    try:
        if path.suffix.lower() == ROOTLOG_SUFFIX:
            text = read_rootlog(path)
        else:
            text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise typer.BadParameter(
            _("cannot read {path}: {error}").format(path=path, error=e)
        ) from e
    try:
        if text.startswith(MAGIC):
            return replay_record(text)
        if is_rootlog(path, text):
            from .records.rootlog import import_rootlog

            game: Game = import_rootlog(text)
            return game
        return Game.from_json(text)
    except RootError as e:
        raise typer.BadParameter(f"{path}: {e}") from None


def _fail(console: Console, message: str) -> None:
    console.print(f"[red]{message}[/red]")
    raise typer.Exit(2)


def result_text(game: Game) -> str:
    """How the game ended, or that it has not."""
    if not game.is_over:
        return _("unfinished")
    return _("{winners} won by {reason}").format(
        winners=", ".join(game.factions[s] for s in game.winners), reason=game.win_reason)


def _fail_line(message: str) -> None:
    """One line on stderr and a non-zero exit (a Rootlog record that cannot be used)."""
    typer.echo(" ".join(message.split()), err=True)
    raise typer.Exit(2)


def _replay_rootlog(console: Console, file: Path, text: str, step: bool) -> None:
    """``rootgame replay GAME.rootlog``: every recorded movement checked against the
    engine; with ``--step``, the board's score after every line."""
    from .records.rootlog import RootlogError, replay_rootlog

    try:
        rep = replay_rootlog(text)
    except RootlogError as e:
        _fail_line(f"{file}: {e}")
        return
    game = rep.game
    if step:
        for k, t in enumerate(rep.turns):
            console.print(f"  {k + 1:>3} {t.faction}{'*' if t.setup else ''}: "
                          + " ".join(map(str, t.vp)), highlight=False)
    result = result_text(game)
    console.print(
        _("{file}: {n} Rootlog lines replayed, every movement matches; {result}; "
          "scores {scores}").format(file=file, n=len(rep.turns), result=result,
                                    scores=game.scores), highlight=False)
    console.print(rep.sampling_note(), highlight=False)


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
        """Replay a record, checking every decision, outcome of chance and state hash; or
        replay a Rootlog record (.rootlog) against the engine, line by line."""
        from .records.native import RecordError, replay_record

        console = Console()
        try:
            text = read_rootlog(file) if file.suffix.lower() == ROOTLOG_SUFFIX else \
                file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            _fail(console, _("cannot read {path}: {error}").format(path=file, error=e))
            return
        except typer.BadParameter as e:
            _fail_line(str(e))
            return
        if is_rootlog(file, text):
            _replay_rootlog(console, file, text, step)
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
        result = result_text(game)
        console.print(
            _("{file}: {n} decisions replayed, every checkpoint matches; {result}; "
              "scores {scores}").format(
                file=file, n=len(game.history), result=result, scores=game.scores
            )
        )

    @app.command("import")
    def import_cmd(
        file: Annotated[Path, typer.Argument(help="A Rootlog record (.rootlog).")],
        out: Annotated[
            Path, typer.Option("--output", "-o", help="Write the rootgame record here.")
        ],
        seed: Annotated[
            int,
            typer.Option("--seed", help="Seed for the hidden cards the record never names."),
        ] = 0,
    ) -> None:
        """Import a Rootlog record: replay it against the engine and write a rootgame
        record (.rootgame) of the game found."""
        from .records.native import write_record
        from .records.rootlog import RootlogError, replay_rootlog

        console = Console()
        try:
            text = read_rootlog(file)
        except typer.BadParameter as e:
            _fail_line(str(e))
            return
        try:
            rep = replay_rootlog(text, sample_seed=seed)
        except RootlogError as e:
            _fail_line(f"{file}: {e}")
            return
        # The record's header stays in English, as the rest of the record format.
        note = f"Imported from the Rootlog record {file.name} ({len(rep.turns)} lines).\n" \
            + rep.sampling_note()
        try:
            out.write_text(write_record(rep.game, comment=note), encoding="utf-8")
        except (OSError, RootError) as e:
            _fail(console, _("cannot write {path}: {error}").format(path=out, error=e))
            return
        console.print(_("{file}: {n} lines replayed; wrote {out}.").format(
            file=file, n=len(rep.turns), out=out), highlight=False)
        console.print(rep.sampling_note(), highlight=False)

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
