"""A bounded load test of the browser app, on this machine only (docs/web.md, "Load").

    python -m rootgame.web.loadtest --games 100 --actions 60

Starts ``rootgame serve`` on a loopback port with a fresh SQLite file (or uses ``--url``, which
must be a loopback address), creates GAMES games of two online seats, and plays each with two
bot clients over WebSockets: each client picks a random legal action whenever its state says it
decides, and measures the time from sending it to the server's acknowledgement (committed and
broadcast). Each game stops sending once ACTIONS of its actions are acknowledged, or at its
end; the whole run stops after ``--timeout`` seconds whatever happens. Then every game's
committed rows in the database are compared with the actions the clients saw acknowledged:
none lost, none doubled.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

LOOPBACK = ("127.0.0.1", "localhost", "::1")


@dataclass
class GameRun:
    game_id: str
    links: list[str]
    acked: dict[int, str] = field(default_factory=dict)
    """version before the action -> its token, for each acknowledged action."""
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    over: bool = False


async def _client(url: str, run: GameRun, link: str, limit: int, rng: random.Random,
                  deadline: float) -> None:
    import websockets

    ws_url = url.replace("http", "ws", 1) + f"/ws/play/{link}?log=false"
    sent: dict[int, tuple[float, str, int]] = {}
    n = 0
    async with websockets.connect(ws_url, max_size=2**22) as ws:
        # Stop sending at the limit or the end, but collect every acknowledgement still due.
        while time.monotonic() < deadline and (
            sent or (len(run.acked) < limit and not run.over)
        ):
            try:
                left = max(0.1, deadline - time.monotonic())
                raw = await asyncio.wait_for(ws.recv(), timeout=left)
            except TimeoutError:
                break
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind == "state":
                if msg["view"]["winners"]:
                    run.over = True
                    continue
                legal = msg.get("legal")
                if legal and len(run.acked) < limit:
                    n += 1
                    tok = rng.choice(legal)["token"]
                    sent[n] = (time.perf_counter(), tok, msg["version"])
                    await ws.send(json.dumps(
                        {"type": "act", "id": n, "version": msg["version"], "action": tok}))
            elif kind == "ack":
                t0, tok, version = sent.pop(msg["id"])
                run.latencies.append(time.perf_counter() - t0)
                if version in run.acked:
                    run.errors.append(f"version {version} acknowledged twice")
                run.acked[version] = tok
            elif kind == "error":
                sent.pop(msg.get("id"), None)
                if msg.get("code") not in ("stale", "not_yours"):
                    run.errors.append(str(msg.get("error")))


async def _play(url: str, games: int, actions: int, timeout: float, seed: int) -> list[GameRun]:
    import httpx

    rng = random.Random(seed)
    runs: list[GameRun] = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as h:
        for i in range(games):
            body = {"seats": [{"faction": "marquise", "kind": "online"},
                              {"faction": "eyrie", "kind": "online"}], "seed": seed + i}
            r = await h.post("/api/games", json=body)
            r.raise_for_status()
            g = r.json()
            runs.append(GameRun(g["game_id"], [x["token"] for x in g["links"]]))
    deadline = time.monotonic() + timeout
    tasks = [
        _client(url, run, link, actions, random.Random(rng.random()), deadline)
        for run in runs
        for link in run.links
    ]
    results = await asyncio.gather(*tasks, return_exceptions=True)
    for run, res in zip([r for r in runs for _ in r.links], results, strict=True):
        if isinstance(res, BaseException):
            run.errors.append(f"{type(res).__name__}: {res}")
    return runs


def check_database(db: Path, runs: list[GameRun]) -> list[str]:
    """Compare each game's committed rows with what its clients saw acknowledged."""
    problems = []
    con = sqlite3.connect(db)
    try:
        for run in runs:
            (version,) = con.execute(
                "SELECT version FROM games WHERE id = ?", (run.game_id,)).fetchone()
            rows = con.execute("SELECT n, token FROM actions WHERE game_id = ? ORDER BY n",
                               (run.game_id,)).fetchall()
            if [n for n, _ in rows] != list(range(version)):
                problems.append(f"{run.game_id}: rows are not 0..{version - 1}")
            if dict(rows) != run.acked:
                problems.append(f"{run.game_id}: committed rows differ from acknowledged actions")
    finally:
        con.close()
    return problems


def percentile(xs: list[float], p: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    k = min(len(xs) - 1, max(0, round(p / 100 * (len(xs) - 1))))
    return xs[k]


def run(games: int = 100, actions: int = 60, timeout: float = 300, seed: int = 1,
        url: str | None = None, db: Path | None = None) -> dict[str, Any]:
    """Run the load test; returns its figures (and starts/stops a server unless ``url``)."""
    proc = None
    tmp = None
    if url is None:
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if db is None:
            tmp = tempfile.TemporaryDirectory()
            db = Path(tmp.name) / "load.db"
        url = f"http://127.0.0.1:{port}"
        exe = Path(sys.executable).parent / "rootgame"
        proc = subprocess.Popen([str(exe), "serve", "--port", str(port), "--db",
                                 f"sqlite:///{db}", "--bot-delay", "0"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _wait_up(url, proc)
    elif urlparse(url).hostname not in LOOPBACK:
        raise SystemExit(f"the load test only targets this machine (loopback), not {url}")
    try:
        t0 = time.monotonic()
        runs = asyncio.run(_play(url, games, actions, timeout, seed))
        elapsed = time.monotonic() - t0
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(30)
    lat = [x for r in runs for x in r.latencies]
    problems = [e for r in runs for e in r.errors]
    if db is not None:
        problems += check_database(db, runs)
    if tmp is not None:
        tmp.cleanup()
    total = sum(len(r.acked) for r in runs)
    return {
        "games": games,
        "actions": total,
        "finished_games": sum(r.over for r in runs),
        "seconds": round(elapsed, 2),
        "actions_per_second": round(total / elapsed, 1) if elapsed else 0.0,
        "p50_ms": round(1000 * percentile(lat, 50), 1),
        "p95_ms": round(1000 * percentile(lat, 95), 1),
        "p99_ms": round(1000 * percentile(lat, 99), 1),
        "mean_ms": round(1000 * statistics.fmean(lat), 1) if lat else 0.0,
        "problems": problems,
    }


def _wait_up(url: str, proc: subprocess.Popen[bytes]) -> None:
    import httpx

    end = time.monotonic() + 60
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise SystemExit("rootgame serve stopped at start")
        try:
            if httpx.get(url + "/api/meta", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit("rootgame serve did not start within 60 s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=100, help="concurrent games (default 100)")
    ap.add_argument("--actions", type=int, default=60, help="actions per game at most")
    ap.add_argument("--timeout", type=float, default=300, help="seconds for the whole run")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--url", help="a server already running on this machine")
    a = ap.parse_args(argv)
    if not (1 <= a.games <= 500 and 1 <= a.actions <= 2000 and 0 < a.timeout <= 1800):
        ap.error("bounds: 1-500 games, 1-2000 actions, up to 1800 seconds")
    figures = run(a.games, a.actions, a.timeout, a.seed, a.url)
    print(json.dumps(figures, indent=1))
    return 1 if figures["problems"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
