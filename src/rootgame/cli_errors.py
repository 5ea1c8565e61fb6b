"""One error path for every ``rootgame`` command.

Every failure of a command, whatever raised it (a bad option, a file that cannot be read, a
record that does not replay, an engine error), ends the same way: one line on stderr,
``rootgame: error: <what went wrong>``, and a non-zero exit code; never a traceback.

- A command that finds a problem calls :func:`fail` (or raises :class:`CommandError`).
- Files are read and written through :func:`read_text` and :func:`write_text`, which turn
  every way of failing (missing, a folder, not UTF-8, no permission) into one sentence.
- :class:`RootgameGroup` is the command group of the ``rootgame`` Typer app: it runs the
  command and turns anything it raises into that one line. Commands added to the app (by any
  module) get this for free.

Exit codes: 2 for a usage problem or input that is not what the command needs (as click does),
1 for a failure while working (a file that cannot be written, games ending in errors), 130
after Ctrl-C. ``ROOTGAME_DEBUG=1`` shows the traceback of an internal error.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup

from .errors import RootError
from .i18n import gettext as _

USAGE = 2
"""Exit code of a usage problem or of input the command cannot use."""
FAILED = 1
"""Exit code of a failure while working."""
INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT), as shells report it."""


class CommandError(Exception):
    """A failure of a command, told to the user as one line; ``code`` is the exit code."""

    def __init__(self, message: str, code: int = USAGE) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


def fail(message: str, code: int = USAGE) -> NoReturn:
    """End the command with ``message`` on stderr and exit code ``code``."""
    raise CommandError(message, code)


def error_line(message: str) -> str:
    """The one line every failure is told with."""
    first = " ".join(str(message).split())
    return _("rootgame: error: {message}").format(message=first)


def report(message: str) -> None:
    """Write the error line on stderr."""
    typer.echo(error_line(message), err=True)


def read_text(path: Path) -> str:
    """The text of a UTF-8 file; :class:`CommandError` naming the problem otherwise."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        fail(_("{path}: no such file").format(path=path))
    except IsADirectoryError:
        fail(_("{path} is a folder, not a file").format(path=path))
    except PermissionError:
        fail(_("{path}: permission denied").format(path=path))
    except OSError as e:
        fail(_("cannot read {path}: {error}").format(path=path, error=e.strerror or e))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        fail(
            _("{path} is not a text file in UTF-8 (byte {offset} cannot be read)").format(
                path=path, offset=e.start
            )
        )


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` in UTF-8; :class:`CommandError` (exit 1) if it cannot."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        fail(cannot_write(path, e), FAILED)


def cannot_write(path: Path, e: OSError) -> str:
    """"cannot write PATH: reason" for an OSError."""
    reason = e.strerror or str(e)
    return _("cannot write {path}: {error}").format(path=path, error=reason)


def ensure_folder(path: Path) -> None:
    """Create ``path`` (and its parents) if needed and check that files can be written in it;
    :class:`CommandError` (exit 1) saying which if not."""
    if path.exists() and not path.is_dir():
        fail(_("{path} is not a folder").format(path=path))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        fail(
            _("cannot create the folder {path}: {error}").format(
                path=path, error=e.strerror or e
            ),
            FAILED,
        )
    probe = path / ".rootgame-write-test"
    try:
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as e:
        fail(
            _("cannot write in the folder {path}: {error}").format(
                path=path, error=e.strerror or e
            ),
            FAILED,
        )


class RootgameGroup(TyperGroup):
    """The ``rootgame`` command group: every failure of every command is one line on stderr
    and a non-zero exit (see the module's docstring)."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        translate_help(self, sys.argv[1:] if args is None else list(args))
        if not standalone_mode:
            return super().main(
                args, prog_name, complete_var, False, windows_expand_args, **extra
            )
        code = run_reporting_errors(
            lambda: super(RootgameGroup, self).main(
                args, prog_name, complete_var, False, windows_expand_args, **extra
            )
        )
        sys.exit(code)


def translate_help(group: Any, args: list[str]) -> None:
    """Put the ``--help`` texts of ``group`` and its commands into the language of the
    command line (``--lang`` among ``args``, else ``ROOTGAME_LANG``, the locale, English).
    The texts are message ids marked with ``N_`` where they are written."""
    from .i18n import UnknownLanguage, language, resolve_language

    chosen = None
    for i, a in enumerate(args):
        if a == "--lang" and i + 1 < len(args):
            chosen = args[i + 1]
        elif a.startswith("--lang="):
            chosen = a.split("=", 1)[1]
    try:
        lang = resolve_language(chosen)
    except UnknownLanguage:
        return  # the --lang option reports it
    with language(lang):
        _translate_command(group)


def _translate_command(command: Any) -> None:
    if getattr(command, "help", None):
        command.help = _(command.help)
    for param in getattr(command, "params", []):
        if getattr(param, "help", None):
            param.help = _(param.help)
    for sub in getattr(command, "commands", {}).values():
        _translate_command(sub)


def run_reporting_errors(run: Any) -> int:
    """Call ``run()`` (a command group's non-standalone main) and return the exit code,
    reporting any failure as one line."""
    try:
        rv = run()
    except typer.TyperException as e:  # click's usage errors: bad or missing options
        ctx = getattr(e, "ctx", None)
        if type(e).__name__ == "NoArgsIsHelpError" and ctx is not None:
            ctx.get_help()  # typer's rich help prints itself
            return USAGE
        message = e.format_message()
        if ctx is not None:
            message += " " + _("(see {command} --help)").format(command=ctx.command_path)
        report(message)
        return int(getattr(e, "exit_code", USAGE))
    except CommandError as e:
        report(e.message)
        return e.code
    except RootError as e:
        report(str(e))
        return USAGE
    except typer.Abort:
        report(_("aborted"))
        return FAILED
    except KeyboardInterrupt:
        report(_("interrupted"))
        return INTERRUPTED
    except OSError as e:
        report(str(e))
        return FAILED
    except Exception as e:
        if os.environ.get("ROOTGAME_DEBUG"):
            raise
        report(
            _("internal error, a bug in rootgame ({kind}: {error}); "
              "ROOTGAME_DEBUG=1 shows where").format(kind=type(e).__name__, error=e)
        )
        return FAILED
    return rv if isinstance(rv, int) else 0
