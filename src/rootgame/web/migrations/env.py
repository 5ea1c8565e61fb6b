"""Alembic environment: migrations run on the connection the server hands over
(store.upgrade), or on ``sqlalchemy.url`` when run with the ``alembic`` command."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from rootgame.web.store import metadata, normalize_url

config = context.config
target_metadata = metadata


def run() -> None:
    conn = config.attributes.get("connection")
    if conn is not None:
        context.configure(connection=conn, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(normalize_url(config.get_main_option("sqlalchemy.url") or ""))
    with engine.begin() as c:
        context.configure(connection=c, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()


run()
