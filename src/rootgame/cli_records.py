"""Commands for game records and positions: ``replay``, ``show``, ``export`` (issue 3) and
``import`` (a Rootlog record into a rootgame record, issue 15).

They are registered on the main ``rootgame`` command by :func:`register`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from .cli_errors import fail, read_text, write_text
from .errors import RootError
from .game import Game
from .i18n import N_, ngettext
from .i18n import gettext as _
from .render import render_view

if TYPE_CHECKING:
    from .records.rootlog import RootlogReplay

RECORD_SUFFIX = ".rootgame"
ROOTLOG_SUFFIX = ".rootlog"
MAX_ROOTLOG_BYTES = 1_000_000
"""A Rootlog record longer than this is refused before it is read (a real game is ~20 KB)."""


def is_rootlog(path: Path, text: str) -> bool:
    """A Rootlog record: by its suffix, or by its first line that is not a comment."""
    from .records.rootlog import looks_like_rootlog

    return path.suffix.lower() == ROOTLOG_SUFFIX or looks_like_rootlog(text)


def read_rootlog(path: Path) -> str:
    """The text of a Rootlog file; one clear error for a file too large or unreadable."""
    try:
        size = path.stat().st_size
    except OSError:
        size = 0  # read_text names the problem
    if size > MAX_ROOTLOG_BYTES:
        fail(
            _("{path}: {size} bytes is too long for a Rootlog record (at most {limit})").format(
                path=path, size=size, limit=MAX_ROOTLOG_BYTES
            )
        )
    return read_text(path)


def progress_bar(console: Console, label: str) -> Progress:
    """The progress bar of a long command (``simulate``, ``bench --imports``, a Rootlog
    import): ``label``, the bar, done of all, the time; gone when it ends."""
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )


def rootlog_replay(path: Path, text: str, seed: int = 0) -> RootlogReplay:
    """The Rootlog record ``text`` (of the file ``path``) replayed against the engine
    (``replay_rootlog``, the hidden cards it never names sampled from ``seed``); on a
    terminal, a progress bar of the lines its searches have matched (a long record, or one
    refused after every search, takes seconds); a refusal ends the command with its line."""
    from .records.rootlog import RootlogError, replay_rootlog

    console = Console(stderr=True)
    try:
        if not console.is_terminal:
            return replay_rootlog(text, sample_seed=seed)
        with progress_bar(console, "[bold]" + _("importing")) as progress:
            task = progress.add_task("lines", total=None)

            def watch(matched: int, lines: int) -> None:
                if matched > progress.tasks[0].completed:
                    progress.update(task, completed=matched, total=lines)

            return replay_rootlog(text, sample_seed=seed, watch=watch)
    except RootlogError as e:
        fail(f"{path}: {e}")


def read_record_text(path: Path) -> str:
    """The text of a record, save or Rootlog file (:mod:`rootgame.cli_errors` errors)."""
    return read_rootlog(path) if path.suffix.lower() == ROOTLOG_SUFFIX else read_text(path)


def load_game(path: Path) -> Game:
    """A game from a file: a rootgame record, a JSON save (``Game.to_json``) or a Rootlog
    record (replayed against the engine to its last line). Every problem ends the command
    with one line (:mod:`rootgame.cli_errors`)."""
    from .records.native import MAGIC, VERSION, replay_record

    text = read_record_text(path)
    try:
        if text.startswith(MAGIC):
            return replay_record(text)
        if is_rootlog(path, text):
            game: Game = rootlog_replay(path, text).game
            return game
    except RootError as e:
        fail(f"{path}: {e}")
    if not text.lstrip().startswith("{"):
        fail(
            _("{path} is neither a rootgame record (its first line is '{magic}') nor a "
              "JSON save").format(path=path, magic=f"{MAGIC} {VERSION}")
        )
    try:
        return Game.from_json(text)
    except RootError as e:
        fail(f"{path}: {e}")


def result_text(game: Game) -> str:
    """How the game ended, in words, or that it has not."""
    from .names import faction_name
    from .render import win_text

    if not game.is_over:
        return _("the game is not over")
    names = ", ".join(faction_name(game.factions[s]) for s in game.winners) or _("nobody")
    return win_text(names, game.win_reason, len(game.winners))


def sampling_text(rep: RootlogReplay) -> str:
    """The sentence saying which hidden cards the import sampled, in the player's language
    (:meth:`RootlogReplay.sampling_note` writes it in English, for the record's header)."""
    text = _(
        "Hidden cards the record never names were sampled consistently with it (seed {seed}): "
        "{hands} in hands, {deck} in the draw pile."
    ).format(seed=rep.sample_seed, hands=rep.sampled_hands, deck=rep.sampled_deck)
    if rep.chosen:
        text += " " + ngettext(
            "{n} card it leaves open was chosen to fit the cards it names.",
            "{n} cards it leaves open were chosen to fit the cards it names.",
            rep.chosen,
        ).format(n=rep.chosen)
    return text


def _replay_rootlog(console: Console, file: Path, text: str, step: bool) -> None:
    """``rootgame replay GAME.rootlog``: every recorded movement checked against the
    engine; with ``--step``, the board's score after every line."""
    rep = rootlog_replay(file, text)
    game = rep.game
    if step:
        for k, t in enumerate(rep.turns):
            console.print(f"  {k + 1:>3} {t.faction}{'*' if t.setup else ''}: "
                          + " ".join(map(str, t.vp)), highlight=False)
    console.print(
        _("{file}: {n} Rootlog lines replayed, every movement matches; {result}; "
          "scores {scores}").format(file=file, n=len(rep.turns), result=result_text(game),
                                    scores=game.scores), highlight=False)
    console.print(sampling_text(rep), highlight=False)


def replay_summary(path: Path, game: Game) -> str:
    """The line ``replay`` ends with: decisions replayed, the result and the scores, in
    words."""
    from .names import faction_name

    result = result_text(game)
    scores = ", ".join(
        f"{faction_name(f)} {vp}" for f, vp in zip(game.factions, game.scores, strict=True)
    )
    n = len(game.history)
    return ngettext(
        "{file}: {n} decision replayed, every checkpoint matches. {result}. Scores: {scores}.",
        "{file}: {n} decisions replayed, every checkpoint matches. {result}. Scores: {scores}.",
        n,
    ).format(file=path, n=n, result=result, scores=scores)


def register(app: typer.Typer) -> None:
    """Add the record commands to ``app``."""

    @app.command(
        "replay",
        help=N_(
            "Replay a record, checking every decision, outcome of chance and state hash; or "
            "replay a Rootlog record (.rootlog) against the engine, line by line."
        ),
    )
    def replay_cmd(
        file: Annotated[Path, typer.Argument(help=N_("A rootgame record (.rootgame)."))],
        step: Annotated[
            bool, typer.Option("--step", help=N_("Show every decision, one by one."))
        ] = False,
        generator: Annotated[
            bool,
            typer.Option(
                "--generator",
                help=N_("Roll chance with the seeded generator and check it against the record."),
            ),
        ] = False,
    ) -> None:
        """Replay a record, checking every decision, outcome of chance and state hash."""
        from .recap import Recap
        from .records.native import replay_record

        console = Console()
        text = read_record_text(file)
        if is_rootlog(file, text):
            _replay_rootlog(console, file, text, step)
            return
        interactive = step and sys.stdin.isatty()
        recap = Recap(None)

        def on_step(game: Game, token: str) -> None:
            for line in recap.step(game):
                console.print("  " + line, highlight=False, markup=False)
            if interactive:
                answer = input(_("Enter: next, q: stop > "))
                if answer.strip().lower() == "q":
                    raise typer.Exit(0)

        try:
            game = replay_record(
                text, use_generator=generator, on_step=on_step if step else None
            )
        except RootError as e:
            fail(f"{file}: {e}")
        console.print(replay_summary(file, game), highlight=False, markup=False)

    @app.command(
        "import",
        help=N_(
            "Import a Rootlog record: replay it against the engine and write a rootgame "
            "record (.rootgame) of the game found."
        ),
    )
    def import_cmd(
        file: Annotated[Path, typer.Argument(help=N_("A Rootlog record (.rootlog)."))],
        out: Annotated[
            Path, typer.Option("--output", "-o", help=N_("Write the rootgame record here."))
        ],
        seed: Annotated[
            int,
            typer.Option(
                "--seed", help=N_("Seed for the hidden cards the record never names.")
            ),
        ] = 0,
    ) -> None:
        """Import a Rootlog record: replay it against the engine and write a rootgame
        record (.rootgame) of the game found."""
        from .records.native import write_record
        text = read_rootlog(file)
        rep = rootlog_replay(file, text, seed)
        # The record's header stays in English, as the rest of the record format.
        note = f"Imported from the Rootlog record {file.name} ({len(rep.turns)} lines).\n" \
            + rep.sampling_note()
        try:
            record = write_record(rep.game, comment=note)
        except RootError as e:
            fail(f"{file}: {e}")
        write_text(out, record)
        console = Console()
        console.print(_("{file}: {n} lines replayed; wrote {out}.").format(
            file=file, n=len(rep.turns), out=out), highlight=False)
        console.print(sampling_text(rep), highlight=False)

    @app.command("show", help=N_("Print the board of a position."))
    def show_cmd(
        position: Annotated[
            str,
            typer.Argument(
                help=N_("A one-line position string, a position JSON, or a record/save file.")
            ),
        ],
    ) -> None:
        """Print the board of a position."""
        Console().print(render_view(position_game(position).view(None)))

    @app.command("export", help=N_("Export a game to the community's Rootlog notation (V2.8)."))
    def export_cmd(
        file: Annotated[
            Path, typer.Argument(help=N_("A rootgame record or JSON save to export."))
        ],
        rootlog: Annotated[
            Path, typer.Option("--rootlog", help=N_("Write the game in Rootlog notation here."))
        ],
    ) -> None:
        """Export a game to the community's Rootlog notation (V2.8)."""
        from .records.rootlog import export_rootlog

        game = load_game(file)
        if not game.meta.get("factions"):
            fail(_("only games started from a seed can be exported to Rootlog"))
        try:
            text = export_rootlog(game)
        except RootError as e:
            fail(f"{file}: {e}")
        write_text(rootlog, text)
        Console().print(_("Wrote {path}.").format(path=rootlog), highlight=False)


def position_game(position: str) -> Game:
    """The game ``show`` draws: a record or save file, a position JSON or a position string.
    Something that looks like a file name (a known suffix, a path separator, or an existing
    path) is read as a file, so a missing file or a folder is reported as such."""
    from .position import build
    from .position_text import from_string

    text = position.strip()
    if text.startswith("{"):
        try:
            return build(json.loads(text))
        except (RootError, ValueError) as e:
            fail(_("not a position: {error}").format(error=e))
    if not text.startswith("rootpos/"):
        p = Path(position)
        looks_like_file = p.suffix in (RECORD_SUFFIX, ".json") or "/" in text or "\\" in text
        if len(text) < 4096 and (looks_like_file or p.exists()):
            return load_game(p)
    try:
        return from_string(position)
    except (RootError, ValueError) as e:
        fail(_("not a position: {error}").format(error=e))
