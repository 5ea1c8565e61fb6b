"""The README's examples run as written (issue 7, item 4): its Python block is executed and
prints what its comments say; each ``$ rootgame ...`` line of its command blocks is run (as
``python -m rootgame``) in one scratch folder, in order, with the input its comment says to
type (``type: 1, save mygame.rootgame, quit``)."""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def blocks(lang: str) -> list[str]:
    """The text of the README's fenced blocks marked ``lang`` ("" for plain blocks)."""
    found: list[str] = []
    current: list[str] | None = None
    marked = ""
    for line in README.splitlines(keepends=True):
        if line.startswith("```"):
            if current is None:
                current, marked = [], line[3:].strip()
            else:
                if marked == lang:
                    found.append("".join(current))
                current = None
        elif current is not None:
            current.append(line)
    return found


def test_the_python_example_finishes_and_prints_what_it_says() -> None:
    (code,) = blocks("python")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {"__name__": "readme"})  # noqa: S102
    printed = out.getvalue().splitlines()
    # The game finished and its result was printed: winners, how, scores.
    assert re.fullmatch(r"\[[01]\] (vp|dominance) \[-?\d+, -?\d+\]", printed[0]), printed
    assert printed[1]  # the last line of the log, in Polish
    # Every "# ..." after a print(...) is what that line prints, word for word.
    promised = [
        m.group(1)
        for m in re.finditer(r"print\(e\)\s+# (.*)$", code, re.M)
    ]
    assert promised and all(p in printed for p in promised), (promised, printed)
    assert printed[-1].startswith("Batalla")  # rootgame.describe, in Spanish


def commands() -> list[tuple[dict[str, str], list[str], str]]:
    """(environment, argv after ``rootgame``, input) of each ``$`` line, in order."""
    out = []
    for block in blocks(""):
        for line in block.splitlines():
            if not line.startswith("$ "):
                continue
            command, _hash, comment = line[2:].partition("  #")
            words = shlex.split(command)
            env = {}
            while "=" in words[0]:
                k, v = words.pop(0).split("=", 1)
                env[k] = v
            assert words[0] == "rootgame", line
            if "serve" in words:
                continue  # the browser app runs until stopped: tests/test_web*.py
            typed = ""
            if "type:" in comment:
                typed = "".join(w.strip() + "\n" for w in comment.split("type:")[1].split(","))
            elif "play" in words:
                typed = "quit\n"
            out.append((env, words[1:], typed))
    return out


def test_the_readme_shows_the_commands_a_user_needs() -> None:
    names = {next(w for w in argv if not w.startswith("-") and w not in LANGS)
             for _env, argv, _typed in commands()}
    assert {"play", "simulate", "replay", "export", "show", "bench"} <= names


LANGS = {"en", "pl", "es", "pt"}
Ran = tuple[list[str], "subprocess.CompletedProcess[str]"]


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> list[Ran]:
    """Every command of the README, run in order in one folder."""
    where = tmp_path_factory.mktemp("readme")
    results = []
    for env, argv, typed in commands():
        full_env = {**os.environ, "ROOTGAME_LANG": "en", "COLUMNS": "100", **env}
        r = subprocess.run(
            [sys.executable, "-m", "rootgame", *argv],
            input=typed,
            capture_output=True,
            text=True,
            cwd=where,
            env=full_env,
            timeout=600,
        )
        results.append((argv, r))
    return results


def test_every_readme_command_runs(ran: list[Ran]) -> None:
    for argv, r in ran:
        assert r.returncode == 0, (argv, r.stdout[-2000:], r.stderr)
        assert "Traceback" not in r.stderr


def test_the_load_example_opens_a_game_in_progress(
    ran: list[Ran],
) -> None:
    (out,) = [r.stdout for argv, r in ran if "--load" in argv]
    assert "Your choice" in out  # a decision was asked: the game is not over
    assert "You win" not in out and "You lose" not in out
    assert "seed 3" in out


def test_the_show_example_is_a_real_position(
    ran: list[Ran],
) -> None:
    (out,) = [r.stdout for argv, r in ran if argv[0] == "show"]
    assert "The Woodland" in out and "sawmill" in out and "Despot" in out


def test_the_tests_that_need_the_shared_folder_are_named_and_exist() -> None:
    section = README.split("### The shared folder")[1].split("\n## ")[0]
    named = re.findall(r"`(test_\w+)`", section)
    assert len(named) >= 5
    source = (ROOT / "tests" / "test_rootlog_notation.py").read_text(encoding="utf-8")
    defined = set(re.findall(r"^def (test_\w+)", source, re.M))
    assert set(named) <= defined
