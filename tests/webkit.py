"""Helpers shared by the browser app's tests (test_web_*.py): an app on a fresh SQLite file,
a real ``rootgame serve`` process, and playing a game through the API."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from rootgame.web.app import create_app

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"

HERE_VS_BOT = {"seats": [{"faction": "marquise", "kind": "here"},
                         {"faction": "eyrie", "kind": "bot", "bot": "random"}], "seed": 5}
TWO_ONLINE = {"seats": [{"faction": "marquise", "kind": "online"},
                        {"faction": "eyrie", "kind": "online"}], "seed": 7}
HOTSEAT = {"seats": [{"faction": "marquise", "kind": "here"},
                     {"faction": "eyrie", "kind": "here"}], "seed": 11}


def client(tmp_path: Path, bot_delay: float = 0.0) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=bot_delay))


def wait_for(c: TestClient | httpx.Client, token: str, pred: Any, timeout: float = 20) -> Any:
    """Poll a seat's state until ``pred(state)`` holds (bots move in the background)."""
    end = time.time() + timeout
    while True:
        st = c.get(f"/api/play/{token}", params={"log": "false"}).json()
        if pred(st) or time.time() > end:
            return st
        time.sleep(0.02)


def my_turn(st: dict[str, Any]) -> bool:
    return bool(st["legal"]) or st["view"]["winners"] != []


def play_steps(c: TestClient | httpx.Client, token: str, steps: int) -> dict[str, Any]:
    """Take the first legal action ``steps`` times for a seat playing against bots."""
    st = wait_for(c, token, my_turn)
    for _ in range(steps):
        if st["view"]["winners"]:
            break
        r = c.post(f"/api/play/{token}/act",
                   json={"version": st["version"], "action": st["legal"][0]["token"]})
        assert r.status_code == 200, r.text
        st = wait_for(c, token, my_turn)
    return st


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A real ``rootgame serve`` process on a loopback port."""

    def __init__(self, db: Path | str, bot_delay: float = 0.0, port: int | None = None) -> None:
        """``db``: an SQLite file, or a database URL (PostgreSQL)."""
        self.db = db
        url = db if isinstance(db, str) else f"sqlite:///{db}"
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        exe = Path(sys.executable).parent / "rootgame"
        self.proc = subprocess.Popen(
            [str(exe), "serve", "--port", str(self.port), "--db", url,
             "--bot-delay", str(bot_delay)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ},
        )
        end = time.time() + 60
        while True:
            try:
                if httpx.get(self.url + "/api/meta", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.time() > end:
                out = self.proc.stdout.read().decode() if self.proc.stdout else ""
                raise RuntimeError(f"rootgame serve did not start: {out}")
            time.sleep(0.1)

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=30)

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "games.db")
    yield s
    s.stop()


def _postgres_bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    hits = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    return str(hits[-1]) if hits else None


@pytest.fixture
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL server on a loopback port (Debian's ``postgresql`` package, run
    as the ``postgres`` user when the tests run as root); its URL. CI installs it (.ci/run);
    only outside CI may the PostgreSQL tests be skipped without it."""
    initdb, server = _postgres_bin("initdb"), _postgres_bin("postgres")
    if not (initdb and server):
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is missing: .ci/run must install it")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    as_user: list[str] = []
    data = Path(tempfile.mkdtemp(prefix="rootgame-pg-"))
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        as_user = ["runuser", "-u", "postgres", "--"]
        shutil.chown(data, "postgres", "postgres")
    port = free_port()
    subprocess.run([*as_user, initdb, "-D", str(data / "db"), "-A", "trust", "-U", "rootgame"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    proc = subprocess.Popen(
        [*as_user, server, "-D", str(data / "db"), "-p", str(port), "-k", str(data),
         "-c", "listen_addresses=127.0.0.1", "-c", "fsync=on"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"postgresql://rootgame@127.0.0.1:{port}/postgres"
    try:
        end = time.time() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if proc.poll() is not None or time.time() > end:
                    raise RuntimeError("PostgreSQL did not start") from None
                time.sleep(0.2)
        time.sleep(0.5)  # accepting connections a moment after the port opens
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(data, ignore_errors=True)


CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (no browser can be downloaded here). CI
    installs it (.ci/run); only outside CI may the browser tests be skipped without it."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing at /usr/bin/chromium: .ci/run must install it")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


def shot(page: Any, name: str) -> Path:
    """A screenshot kept as a test artifact (test-artifacts/NAME.png)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
