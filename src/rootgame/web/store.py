"""The database: games, their links, every committed action, uploaded records.

SQLAlchemy Core over SQLite (the default, one file) or PostgreSQL; the schema is created and
migrated by Alembic (``migrations/``). A game is stored as its starting state (``origin``) and
the list of actions taken since, one row each, numbered from 0: the row numbered ``n`` is the
step from state version ``n`` to ``n + 1``. The primary key (game, n) makes a lost or doubled
action impossible: two writers racing for the same version cannot both commit. The in-memory
game is always the replay of these rows (service.py), so a server killed at any moment restarts
exactly where the last commit left it.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("factions", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("origin", Text, nullable=False),
    Column("meta", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("current_seat", Integer, nullable=True),
    Column("over", Integer, nullable=False),
)

links = Table(
    "links",
    metadata,
    Column("token", String(64), primary_key=True),
    Column("game_id", String(64), ForeignKey("games.id"), nullable=False, index=True),
    Column("seats", Text, nullable=False),
)

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(64), ForeignKey("games.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("seat", Integer, nullable=True),
    Column("token", Text, nullable=False),
    Column("at", Float, nullable=False),
)

replays = Table(
    "replays",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("created", Float, nullable=False),
    Column("text", Text, nullable=False),
)


class StaleVersion(Exception):
    """Another action was committed first for this version."""


@dataclass
class StoredGame:
    id: str
    factions: list[str]
    seats: list[dict[str, Any]]
    origin: str
    meta: dict[str, Any]
    version: int
    steps: list[tuple[str, int | None, str]]
    """(kind, seat, token) of every committed row: kind 'act' or 'undo'."""


@dataclass
class LinkInfo:
    token: str
    game_id: str
    seats: list[int]


def normalize_url(url: str) -> str:
    """``postgresql://`` uses the psycopg (3) driver; anything else is kept."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def upgrade(engine: Engine) -> None:
    """Create or migrate the schema to the newest version (Alembic ``upgrade head``)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Store:
    """Synchronous, thread-safe access to the database (called from worker threads)."""

    def __init__(self, url: str) -> None:
        url = normalize_url(url)
        self.sqlite = url.startswith("sqlite")
        kw: dict[str, Any] = {}
        if self.sqlite:
            kw["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.engine: Engine = create_engine(url, **kw)
        if self.sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        # SQLite has one writer at a time: writes of this process queue here instead of
        # failing with "database is locked".
        self._write = threading.Lock()
        upgrade(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def _begin(self) -> Any:
        return self.engine.begin()

    # --- games ----------------------------------------------------------------------------
    def create_game(
        self,
        game_id: str,
        factions: list[str],
        seats: list[dict[str, Any]],
        origin: str,
        meta: dict[str, Any],
        current_seat: int | None,
        seat_links: list[tuple[str, list[int]]],
    ) -> None:
        now = time.time()
        with self._write, self._begin() as c:
            c.execute(
                insert(games).values(
                    id=game_id,
                    created=now,
                    updated=now,
                    factions=json.dumps(factions),
                    seats=json.dumps(seats),
                    origin=origin,
                    meta=json.dumps(meta),
                    version=0,
                    current_seat=current_seat,
                    over=0,
                )
            )
            for token, s in seat_links:
                c.execute(insert(links).values(token=token, game_id=game_id, seats=json.dumps(s)))

    def append(
        self,
        game_id: str,
        version: int,
        kind: str,
        seat: int | None,
        token: str,
        current_seat: int | None,
        over: bool,
    ) -> None:
        """Commit the step from ``version`` to ``version + 1``; :class:`StaleVersion` if the
        game is no longer at ``version``. Nothing is changed unless all of it commits."""
        now = time.time()
        try:
            with self._write, self._begin() as c:
                r = c.execute(
                    update(games)
                    .where(games.c.id == game_id, games.c.version == version)
                    .values(version=version + 1, updated=now, current_seat=current_seat,
                            over=int(over))
                )
                if r.rowcount != 1:
                    raise StaleVersion(game_id)
                c.execute(
                    insert(actions).values(
                        game_id=game_id, n=version, kind=kind, seat=seat, token=token, at=now
                    )
                )
        except IntegrityError:
            raise StaleVersion(game_id) from None

    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as c:
            row = c.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            steps = c.execute(
                select(actions.c.kind, actions.c.seat, actions.c.token)
                .where(actions.c.game_id == game_id)
                .order_by(actions.c.n)
            ).all()
        return StoredGame(
            id=row.id,
            factions=json.loads(row.factions),
            seats=json.loads(row.seats),
            origin=row.origin,
            meta=json.loads(row.meta),
            version=row.version,
            steps=[(k, s, t) for k, s, t in steps],
        )

    def game_ids(self, only_waiting_for_bots: bool = False) -> list[str]:
        with self.engine.connect() as c:
            q = select(games.c.id, games.c.seats, games.c.current_seat, games.c.over)
            out = []
            for gid, seats, cur, over in c.execute(q):
                if only_waiting_for_bots:
                    if over or cur is None or json.loads(seats)[cur].get("kind") != "bot":
                        continue
                out.append(gid)
            return out

    # --- links ----------------------------------------------------------------------------
    def link(self, token: str) -> LinkInfo | None:
        with self.engine.connect() as c:
            row = c.execute(select(links).where(links.c.token == token)).first()
        if row is None:
            return None
        return LinkInfo(row.token, row.game_id, json.loads(row.seats))

    def links_of(self, game_id: str) -> list[LinkInfo]:
        with self.engine.connect() as c:
            rows = c.execute(select(links).where(links.c.game_id == game_id)).all()
        return [LinkInfo(r.token, r.game_id, json.loads(r.seats)) for r in rows]

    def link_summaries(self, tokens: list[str]) -> list[dict[str, Any]]:
        """For each known link: its game, seats, whose decision it is, when it last moved."""
        if not tokens:
            return []
        with self.engine.connect() as c:
            rows = c.execute(
                select(
                    links.c.token,
                    links.c.seats,
                    games.c.id,
                    games.c.factions,
                    games.c.current_seat,
                    games.c.over,
                    games.c.updated,
                    games.c.version,
                )
                .join(games, games.c.id == links.c.game_id)
                .where(links.c.token.in_(tokens))
            ).all()
        out = []
        for r in rows:
            seats = json.loads(r.seats)
            out.append(
                {
                    "link": r.token,
                    "game_id": r.id,
                    "seats": seats,
                    "factions": json.loads(r.factions),
                    "current_seat": r.current_seat,
                    "your_turn": (not r.over) and r.current_seat in seats,
                    "over": bool(r.over),
                    "updated": r.updated,
                    "version": r.version,
                }
            )
        out.sort(key=lambda x: (not x["your_turn"], -x["updated"]))
        return out

    # --- uploaded records -----------------------------------------------------------------
    def add_replay(self, replay_id: str, text: str) -> None:
        with self._write, self._begin() as c:
            c.execute(insert(replays).values(id=replay_id, created=time.time(), text=text))

    def replay_text(self, replay_id: str) -> str | None:
        with self.engine.connect() as c:
            row = c.execute(select(replays.c.text).where(replays.c.id == replay_id)).first()
        return None if row is None else str(row[0])


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
