"""Issues 3 and 15: the commands that take a Rootlog record (``rootgame import``,
``rootgame replay``, ``rootgame play --load``).

A record is imported to a rootgame record (hidden cards sampled consistently), replayed
movement by movement, and continued in play; a file's kind is told from its text; a record
rootgame cannot follow is refused in one line, and a 5 MB record before it is read.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lawkit import random_game
from rootlogkit import IMPORT_BASE

from rootgame.bench_imports import five_mb_record
from rootgame.records.rootlog import RootlogError, export_rootlog, replay_rootlog


def test_commands_import_replay_and_play_load_a_rootlog_file(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from rootgame.cli import app
    from rootgame.records.native import replay_record

    runner = CliRunner()
    g = random_game(11, decisions=150)
    src = tmp_path / "game.rootlog"
    src.write_text(export_rootlog(g, names={"C": "AC/DC", "E": "Zoe"}), encoding="utf-8")
    out = tmp_path / "game.rootgame"
    r = runner.invoke(app, ["import", str(src), "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert "wrote" in r.output and "sampled consistently" in r.output
    text = out.read_text(encoding="utf-8")
    assert "# Imported from the Rootlog record game.rootlog" in text
    assert "# Hidden cards the record never names were sampled" in text
    game = replay_record(text)
    assert game.scores == g.scores and game.state.warriors == g.state.warriors
    r = runner.invoke(app, ["replay", str(src)])
    assert r.exit_code == 0, r.output
    assert "Rootlog lines replayed, every movement matches" in r.output
    assert "scores" + str(g.scores).replace(" ", "") in "".join(r.output.split())
    # play --load continues from the record's last line: the human's first prompt comes at
    # once (the bot plays first if it is to decide), and 'quit' leaves after the record's
    # decisions.
    r = runner.invoke(app, ["play", "--as", "marquise", "--load", str(src)], input="quit\n")
    assert r.exit_code == 0, r.output
    assert "You left the game" in r.output


def test_a_rootlog_text_is_told_from_a_rootgame_record_or_save() -> None:
    """How a loaded or uploaded file's kind is told when its name does not say it: a Rootlog
    record's first line that is neither blank nor a comment is a header line."""
    from rootgame.records.rootlog import looks_like_rootlog

    assert looks_like_rootlog("\ufeff// a game\n\n  Map: Winter\nDeck: E&P\n")
    assert looks_like_rootlog("Deck: Standard\nMap: Fall\n")
    assert not looks_like_rootlog("rootgame record 1\nMap: Fall\n")
    assert not looks_like_rootlog('{"map": "Map: Fall"}')
    assert not looks_like_rootlog("// Map: Fall\n")
    assert not looks_like_rootlog("")


def test_commands_refuse_a_bad_rootlog_file_in_one_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from rootgame.cli import app

    runner = CliRunner()
    bad = tmp_path / "winter.rootlog"
    bad.write_text(IMPORT_BASE.replace("Fall", "Winter"), encoding="utf-8")
    for args in (["import", str(bad), "-o", str(tmp_path / "x.rootgame")], ["replay", str(bad)]):
        r = runner.invoke(app, args)
        assert r.exit_code != 0
        assert "the Winter map" in r.output
        assert not (tmp_path / "x.rootgame").exists()
    big = tmp_path / "big.rootlog"
    big.write_text(IMPORT_BASE + "// x\n" * 600_000, encoding="utf-8")
    r = runner.invoke(app, ["replay", str(big)])
    assert r.exit_code != 0 and "too long for a Rootlog record" in r.output


def test_a_5_mb_record_is_refused_before_it_is_read() -> None:
    """Issue 15 ("a 5 MB file is refused in under 2 s"): a record of 5 MB given to the
    library is refused by its length, with the one error that says so, before any line is
    parsed (docs/rootlog.md gives the time)."""
    text = five_mb_record()
    assert len(text) > 5_000_000
    with pytest.raises(RootlogError) as e:
        replay_rootlog(text)
    assert e.value.line == 0
    assert str(e.value).startswith(f"a Rootlog record of {len(text)} characters is too long")


def test_an_import_tells_how_far_its_searches_have_matched_the_record() -> None:
    """``replay_rootlog(..., watch=)``, what the commands' progress bar shows: told (lines
    matched, lines of the record) each time a search gets further than it had; a record
    the first search imports (seed 11's first 150 decisions, written as people write them)
    is told every line in order, then every line matched. The watch is forgotten once the
    import ends, imported or refused."""
    from rootgame.records.rootlog.importer import WATCH
    from rootgame.records.rootlog.people import as_people_write

    text = as_people_write(export_rootlog(random_game(11, decisions=150)))
    told: list[tuple[int, int]] = []
    rep = replay_rootlog(text, watch=lambda matched, lines: told.append((matched, lines)))
    n = len(rep.turns)
    assert told == [(k, n) for k in range(n + 1)]
    assert WATCH.get() is None
    with pytest.raises(RootlogError):
        replay_rootlog(IMPORT_BASE + "C:w->99\n", watch=lambda *_: None)
    assert WATCH.get() is None


def test_the_commands_show_the_import_s_progress_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a terminal, ``rootgame replay GAME.rootlog`` draws a progress bar of the lines
    matched while the record is searched (``cli_records.rootlog_replay``), then its one
    line of result; a refusal is still one line naming the record's line."""
    from rich.console import Console
    from typer.testing import CliRunner

    from rootgame.cli import app

    monkeypatch.setattr(Console, "is_terminal", property(lambda _self: True))
    g = random_game(11, decisions=150)
    src = tmp_path / "game.rootlog"
    src.write_text(export_rootlog(g), encoding="utf-8")
    r = CliRunner().invoke(app, ["replay", str(src)])
    assert r.exit_code == 0, r.output
    assert "importing" in r.output and "Rootlog lines replayed" in r.output
    bad = tmp_path / "bad.rootlog"
    bad.write_text(IMPORT_BASE + "C:w->99\n", encoding="utf-8")
    r = CliRunner().invoke(app, ["replay", str(bad)])
    assert r.exit_code != 0 and "line 8" in r.output


@pytest.mark.parametrize(("lang", "sampled", "chosen"), [
    ("pl", "Ukryte karty, których zapis nigdy nie nazywa", ("1 karta", "2 karty", "5 kart")),
    ("es", "Las cartas ocultas que el registro nunca nombra",
     ("1 carta que deja abierta se eligió", "2 cartas", "5 cartas")),
    ("pt", "As cartas ocultas que o registro nunca nomeia",
     ("1 carta que ele deixa em aberto foi", "2 cartas", "5 cartas")),
])
def test_the_import_says_what_it_sampled_in_the_players_language(
    tmp_path: Path, lang: str, sampled: str, chosen: tuple[str, str, str]
) -> None:
    """``rootgame --lang L replay/import`` says which hidden cards it sampled in the language
    chosen; the rootgame record it writes keeps its header in English, as the record format."""
    import dataclasses

    from typer.testing import CliRunner

    from rootgame.cli import app
    from rootgame.cli_records import sampling_text
    from rootgame.i18n import language

    runner = CliRunner()
    src = tmp_path / "game.rootlog"
    src.write_text(export_rootlog(random_game(11, decisions=60)), encoding="utf-8")
    r = runner.invoke(app, ["--lang", lang, "replay", str(src)])
    assert r.exit_code == 0, r.output
    assert sampled in r.output and "sampled consistently" not in r.output
    out = tmp_path / "game.rootgame"
    r = runner.invoke(app, ["--lang", lang, "import", str(src), "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert sampled in r.output
    assert "# Hidden cards the record never names were sampled" in out.read_text("utf-8")
    rep = replay_rootlog(src.read_text("utf-8"))
    assert rep.chosen == 0 and "chosen" not in rep.sampling_note()
    for n, words in zip((1, 2, 5), chosen, strict=True):
        with language(lang):
            assert words in sampling_text(dataclasses.replace(rep, chosen=n))
    assert "1 card it leaves open was chosen" in dataclasses.replace(rep, chosen=1).sampling_note()
