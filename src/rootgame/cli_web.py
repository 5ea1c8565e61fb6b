"""``rootgame serve``: the browser app (rootgame.web) under uvicorn."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command to ``app``."""

    @app.command("serve")
    def serve_cmd(
        host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
        db: Annotated[
            str,
            typer.Option(
                help="Database: sqlite:///PATH (default: rootgame.db here) or "
                "postgresql://USER:PASSWORD@HOST/NAME."
            ),
        ] = "sqlite:///rootgame.db",
        bot_delay: Annotated[
            float, typer.Option(help="Seconds a bot waits between its decisions.")
        ] = 0.3,
    ) -> None:
        """Play Root in the browser: against bots, at one screen, or online with friends."""
        try:
            import uvicorn

            from .web.app import MAX_WS_MESSAGE, create_app
        except ImportError as e:
            typer.echo(
                f"rootgame serve needs the 'web' extra ({e.name} is missing): "
                "pip install -e '.[web]'",
                err=True,
            )
            raise typer.Exit(2) from None
        try:
            web = create_app(db, bot_delay=bot_delay)
        except Exception as e:  # noqa: BLE001 - a bad --db is a clear message, not a trace
            typer.echo(f"rootgame serve: cannot open the database {db}: {e}", err=True)
            raise typer.Exit(2) from None
        shown = "localhost" if host in ("127.0.0.1", "::1") else host
        typer.echo(f"rootgame: open http://{shown}:{port}/ in a browser (games in {db})")
        uvicorn.run(web, host=host, port=port, ws_max_size=MAX_WS_MESSAGE * 4,
                    log_level="warning")
