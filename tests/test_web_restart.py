"""A real ``rootgame serve`` killed with SIGKILL mid-game and started again on the same
database (an SQLite file, or a PostgreSQL server) continues every game from its last committed
action (issue 12, "Nothing lost")."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from webkit import HERE_VS_BOT, TWO_ONLINE, Server, my_turn, play_steps, postgres, wait_for

from rootgame.records.native import replay_record
from rootgame.web.store import normalize_url

__all__ = ["postgres"]  # the fixture


def committed(db: str) -> dict[str, tuple[int, list[str]]]:
    """Each game's version and the tokens of its committed rows, read from the database."""
    engine = create_engine(normalize_url(db))
    try:
        with engine.connect() as con:
            out = {}
            for gid, version in con.execute(text("SELECT id, version FROM games")).all():
                rows = con.execute(
                    text("SELECT n, kind, token FROM actions WHERE game_id = :g ORDER BY n"),
                    {"g": gid},
                ).all()
                assert [r[0] for r in rows] == list(range(version)), "a lost or doubled action"
                out[gid] = (version, [r[2] for r in rows if r[1] == "act"])
            return out
    finally:
        engine.dispose()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_killed_server_continues_every_game_exactly(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    db = (
        str(request.getfixturevalue("postgres")) if backend == "postgresql"
        else f"sqlite:///{tmp_path / 'games.db'}"
    )
    first = Server(db, bot_delay=0.02)
    try:
        h = first.http()
        g1 = h.post("/api/games", json=HERE_VS_BOT).json()
        g2 = h.post("/api/games", json=TWO_ONLINE).json()
        g3 = h.post("/api/games", json={"seats": [{"faction": "marquise", "kind": "bot"},
                                                   {"faction": "eyrie", "kind": "bot"}],
                                         "seed": 9}).json()
        t1 = g1["links"][0]["token"]
        t2a, t2b = (x["token"] for x in g2["links"])
        play_steps(h, t1, 8)
        for _ in range(6):
            a = h.get(f"/api/play/{t2a}").json()
            me, st = (t2a, a) if a["legal"] else (t2b, h.get(f"/api/play/{t2b}").json())
            r = h.post(f"/api/play/{me}/act",
                       json={"version": st["version"], "action": st["legal"][0]["token"]})
            assert r.status_code == 200
        wait_for(h, t1, my_turn)
        before1 = h.get(f"/api/play/{t1}").json()
        before2 = h.get(f"/api/play/{t2a}").json()
        # The bots of game 3 are still playing when the server dies.
        assert not h.get(f"/api/watch/{g3['game_id']}").json()["view"]["winners"]
    finally:
        first.kill()
    on_disk = committed(db)
    assert on_disk[g1["game_id"]][0] == before1["version"]
    assert on_disk[g2["game_id"]][0] == before2["version"]
    killed_at = on_disk[g3["game_id"]]

    second = Server(db, bot_delay=0.0)
    try:
        h = second.http()
        after1 = h.get(f"/api/play/{t1}").json()
        after2 = h.get(f"/api/play/{t2a}").json()
        for before, after in ((before1, after1), (before2, after2)):
            for k in ("version", "view", "legal", "log"):
                assert after[k] == before[k], k
        # Both games go on.
        st = play_steps(h, t1, 3)
        assert st["version"] > before1["version"]
        # The bots' game continues from its last committed action to the end.
        end = time.time() + 60
        while not h.get(f"/api/watch/{g3['game_id']}").json()["view"]["winners"]:
            assert time.time() < end, "the bots' game did not go on after the restart"
            time.sleep(0.05)
        rec = h.get(f"/api/games/{g3['game_id']}/record")
        assert rec.status_code == 200
        game = replay_record(rec.text)
        assert game.history[: len(killed_at[1])] == killed_at[1]
        assert committed(db)[g3["game_id"]][1] == game.history
    finally:
        second.stop()


def test_the_readmes_first_command_starts_the_app_and_prints_its_address(
    tmp_path: Path,
) -> None:
    """The README's first command is ``rootgame serve``; run as written (a free port added,
    so as not to collide with another server here), in an empty folder, it creates its
    SQLite file there, prints the address and serves the page and the API."""
    import re
    import shlex
    import subprocess
    import sys

    import httpx
    from webkit import ROOT, free_port

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = next(line for line in readme.splitlines() if line.startswith("$ "))
    words = shlex.split(first[2:].partition("  #")[0])
    assert words == ["rootgame", "serve"], first
    setup = re.search(r"^    (python3 -m venv .*)$", readme.split("## Run it")[1], re.M)
    assert setup and setup.group(1).endswith("rootgame serve")  # the first of "Run it"
    port = free_port()
    proc = subprocess.Popen(
        [str(Path(sys.executable).parent / "rootgame"), *words[1:], "--port", str(port)],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        assert proc.stdout is not None
        said = proc.stdout.readline()
        assert f"open http://localhost:{port}/ in a browser" in said, said
        assert "sqlite:///rootgame.db" in said
        end = time.time() + 60
        while True:
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.HTTPError:
                assert time.time() < end and proc.poll() is None, "the app did not start"
                time.sleep(0.2)
        assert page.status_code == 200 and "/static/app.js" in page.text
        assert httpx.get(f"http://127.0.0.1:{port}/api/meta").json()["languages"]
        assert (tmp_path / "rootgame.db").exists()
    finally:
        proc.terminate()
        proc.wait(20)
