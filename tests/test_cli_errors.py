"""Every command-line failure is one line on stderr and a non-zero exit, never a traceback
(issue 7, item 5). The commands run as a user runs them: ``python -m rootgame`` in a
subprocess (which also checks that ``python -m rootgame`` works)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from lawkit import Terminal

from rootgame import CORE, new_game
from rootgame.records.native import write_record


def rootgame(
    *args: str, cwd: Path | None = None, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ROOTGAME_LANG="en", COLUMNS="200")
    env.pop("ROOTGAME_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "rootgame", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        input=stdin,
        timeout=120,
    )


def one_line(r: subprocess.CompletedProcess[str], code: int, expected: str) -> None:
    """The run failed with exit ``code`` and exactly one stderr line, ``expected``."""
    assert r.returncode == code, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr + r.stdout
    assert r.stderr.splitlines() == [f"rootgame: error: {expected}"], r.stderr


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("files")
    (d / "latin1.rootgame").write_bytes("rootgame record 1\n# caf\xe9\n".encode("latin-1"))
    (d / "binary.json").write_bytes(b"\xff\xfe\x00\x01")
    (d / "notes.rootgame").write_text("just some notes\n", encoding="utf-8")
    (d / "notes.json").write_text("just some notes\n", encoding="utf-8")
    (d / "other.json").write_text('{"format": 99}\n', encoding="utf-8")
    (d / "folder.rootgame").mkdir()
    game = new_game(["marquise", "eyrie"], seed=4)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    (d / "game.rootgame").write_text(write_record(game), encoding="utf-8")
    (d / "afile").write_text("", encoding="utf-8")
    return d


def test_python_dash_m_rootgame_runs() -> None:
    r = rootgame("--version")
    assert r.returncode == 0 and r.stdout.startswith("rootgame "), r
    # Issue 14: it says which build of the engine's core runs (the same as this process's).
    assert r.stdout.strip().endswith(f"({CORE} core)"), r


@pytest.mark.parametrize("command", [["replay"], ["export", "--rootlog", "out.rootlog"],
                                     ["play", "--as", "eyrie", "--load"], ["show"]])
def test_a_file_that_is_not_utf8(files: Path, command: list[str]) -> None:
    args = [*command, str(files / "latin1.rootgame")]
    if command[0] == "export":
        args = ["export", str(files / "latin1.rootgame"), "--rootlog", str(files / "o.rootlog")]
    r = rootgame(*args)
    one_line(r, 2, f"{files / 'latin1.rootgame'} is not a text file in UTF-8 "
                   "(byte 23 cannot be read)")


def test_a_binary_json_save(files: Path) -> None:
    r = rootgame("play", "--as", "eyrie", "--load", str(files / "binary.json"))
    one_line(r, 2, f"{files / 'binary.json'} is not a text file in UTF-8 (byte 0 cannot be read)")


def test_replay_of_a_file_without_the_record_header(files: Path) -> None:
    r = rootgame("replay", str(files / "notes.rootgame"))
    one_line(r, 2, f"{files / 'notes.rootgame'}: line 1: not a rootgame record: it must "
                   "start with 'rootgame record 1'")


@pytest.mark.parametrize("name", ["notes.rootgame", "notes.json"])
def test_load_of_a_file_that_is_neither_a_record_nor_a_save(files: Path, name: str) -> None:
    r = rootgame("play", "--as", "eyrie", "--load", str(files / name))
    one_line(r, 2, f"{files / name} is neither a rootgame record (its first line is "
                   "'rootgame record 1') nor a JSON save")


def test_load_of_json_that_is_not_a_save(files: Path) -> None:
    r = rootgame("export", str(files / "other.json"), "--rootlog", str(files / "o.rootlog"))
    one_line(r, 2, f"{files / 'other.json'}: unsupported save format 99")


def test_show_of_a_missing_file_or_a_folder(files: Path) -> None:
    one_line(rootgame("show", str(files / "gone.rootgame")), 2,
             f"{files / 'gone.rootgame'}: no such file")
    one_line(rootgame("show", str(files / "folder.rootgame")), 2,
             f"{files / 'folder.rootgame'} is a folder, not a file")
    one_line(rootgame("show", str(files)), 2, f"{files} is a folder, not a file")
    one_line(rootgame("replay", str(files)), 2, f"{files} is a folder, not a file")


def test_show_of_a_record_and_of_a_bad_position(files: Path) -> None:
    r = rootgame("show", str(files / "game.rootgame"))
    assert r.returncode == 0 and "Woodland" in r.stdout, r
    r = rootgame("show", "rootpos/1 nonsense")
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1
    assert r.stderr.startswith("rootgame: error: not a position: ")


def test_save_dir_that_cannot_be_created(files: Path) -> None:
    where = files / "afile" / "games"
    r = rootgame("simulate", "--games", "1", "--save-dir", str(where))
    one_line(r, 1, f"cannot create the folder {where}: Not a directory")
    r = rootgame("simulate", "--games", "1", "--save-dir", str(files / "afile"))
    one_line(r, 2, f"{files / 'afile'} is not a folder")


def test_a_record_that_cannot_be_written_is_a_folder_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write failing in the middle of a run (a full disk...) is reported as that, not as
    games ending in engine errors."""
    from typer.testing import CliRunner

    from rootgame.cli import app

    real = Path.write_text

    def full_disk(self: Path, *args: object, **kwargs: object) -> int:
        if self.suffix == ".rootgame":
            raise OSError(28, "No space left on device")
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "write_text", full_disk)
    r = CliRunner().invoke(app, ["simulate", "--games", "2", "--save-dir", str(tmp_path)])
    assert r.exit_code == 1
    assert r.stderr == (
        f"rootgame: error: cannot write the record {tmp_path / 'game-0.rootgame'}: "
        "No space left on device\n"
    )


def test_simulate_with_errors_exits_non_zero() -> None:
    r = rootgame("simulate", "--games", "2", "--max-turns", "1")
    one_line(r, 1, "2 of 2 games ended in an error (see above)")
    assert "Errors: 2" in r.stdout


def test_usage_errors_are_one_line_too() -> None:
    one_line(rootgame("play"), 2, "Missing option '--as'. (see rootgame play --help)")
    one_line(rootgame("frobnicate"), 2, "No such command 'frobnicate'. (see rootgame --help)")
    one_line(rootgame("play", "--as", "cats"), 2,
             "Invalid value for --as: unknown faction 'cats'; choose marquise / eyrie "
             "(see rootgame play --help)")
    one_line(rootgame("--lang", "fr", "bench"), 2,
             "Invalid value for --lang: unknown language 'fr'; supported: en, pl, es, pt "
             "(see rootgame --help)")


def test_export_to_a_folder_that_does_not_exist(files: Path) -> None:
    out = files / "nowhere" / "g.rootlog"
    r = rootgame("export", str(files / "game.rootgame"), "--rootlog", str(out))
    one_line(r, 1, f"cannot write {out}: No such file or directory")


# --- The terminal game: Ctrl-C and save ----------------------------------------------------

PROMPT = "Your choice"


def test_ctrl_c_in_play_offers_to_save_and_exits_130(tmp_path: Path) -> None:
    t = Terminal("play", "--as", "eyrie", "--seed", "5", cwd=str(tmp_path))
    t.until(PROMPT)
    t.send("1")
    t.until(PROMPT)
    t.reading()
    t.send("\x03", enter=False)
    t.until("Save the game before leaving? A file name, or Enter to leave:")
    t.send("kept.rootgame")
    t.until("Saved to kept.rootgame.")
    assert t.wait() == 130
    assert "Traceback" not in t.text
    # The game was not lost: it loads, with the Eyrie to decide again.
    t = Terminal("play", "--as", "eyrie", "--load", "kept.rootgame", cwd=str(tmp_path))
    t.until(PROMPT)
    t.send("quit")
    assert t.wait() == 0
    assert "seed 5" in t.text


def test_ctrl_c_then_enter_leaves_without_saving(tmp_path: Path) -> None:
    t = Terminal("play", "--as", "marquise", "--seed", "2", cwd=str(tmp_path))
    t.until(PROMPT)
    t.reading()
    t.send("\x03", enter=False)
    t.until("Enter to leave:")
    t.send("")
    assert t.wait() == 130
    assert list(tmp_path.iterdir()) == []


def test_save_refuses_to_overwrite_without_force_or_confirmation(tmp_path: Path) -> None:
    (tmp_path / "g.rootgame").write_text("precious\n", encoding="utf-8")
    t = Terminal("play", "--as", "eyrie", "--seed", "3", cwd=str(tmp_path))
    t.until(PROMPT)
    t.send("save g.rootgame")
    t.until("g.rootgame exists. Overwrite it? (y/N)")
    t.send("n")
    t.until("Not saved.")
    assert (tmp_path / "g.rootgame").read_text(encoding="utf-8") == "precious\n"
    t.send("save g.rootgame")
    t.until("Overwrite it? (y/N)")
    t.send("y")
    t.until("Saved to g.rootgame.")
    t.send("save --force g.json")
    t.until("Saved to g.json.")
    t.send("save --force g.json")
    t.until("Saved to g.json.")
    # "saved" is not "save d": it is not a command at all.
    t.send("saved")
    t.until("'saved' is not legal now")
    assert not (tmp_path / "d").exists()
    t.send("quit")
    assert t.wait() == 0
    assert (tmp_path / "g.rootgame").read_text(encoding="utf-8").startswith("rootgame record")
