"""The web server: ``create_app(db_url)`` (FastAPI), run by ``rootgame serve`` under uvicorn.

Pages: ``/`` (new game, your games, watch a record), ``/play/LINK`` (a seat's secret link),
``/watch/GAME`` (spectators), ``/replay/ID`` (an uploaded record, step by step). They are one
static page (static/) that draws the table from the JSON API below and a WebSocket.
See docs/web.md for every endpoint.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..board import MAPS, SUIT_CHOICES
from ..cards import DECKS
from ..flow import FACTIONS
from ..i18n import LANGUAGES, UnknownLanguage, check_language
from ..rules.landmarks import LANDMARKS
from .reference import board_data, clockwork_options
from .service import ApiError, Hub, LiveGame, Subscriber, bot_names
from .store import LinkInfo, Store
from .text import message, text_table

STATIC = Path(__file__).parent / "static"
MAX_BODY = 64 * 1024
MAX_RECORD = 2 * 1024 * 1024
MAX_WS_MESSAGE = 16 * 1024


# --- request bodies -----------------------------------------------------------------------


class SeatSpec(BaseModel):
    faction: str = Field(max_length=32)
    kind: Literal["here", "online", "bot"]
    bot: str = Field(default="random", max_length=64)


class BotSettings(BaseModel):
    """A Clockwork bot's difficulty and traits (Law of Rootbotics 3.3), and the Vagabot's
    character (LR 7.3.1)."""

    difficulty: str = Field(default="default", max_length=32)
    traits: list[str] = Field(default_factory=list, max_length=16)
    character: str | None = Field(default=None, max_length=32)


class NewGame(BaseModel):
    seats: list[SeatSpec] = Field(min_length=2, max_length=6)
    seed: int | None = Field(default=None, ge=0, lt=2**63)
    first_player: int | None = Field(default=None, ge=0, lt=6)
    map: str = Field(default="autumn", max_length=32)
    suits: str | None = Field(default=None, max_length=64)
    """The clearings' suits on a map that prints none: printed, suggested, random, or one
    letter F/R/M per clearing (board.choose_layout); None: the map's default."""
    deck: str = Field(default="base", max_length=32)
    """The shared deck: base, or exiles (the Exiles and Partisans deck)."""
    landmarks: list[str] | int = Field(default_factory=list)
    """The Landmarks Pack (appendix A step 5): one or two names, or 1 or 2 dealt at random."""
    bots: dict[str, BotSettings] = Field(default_factory=dict, max_length=6)
    """Each Clockwork bot faction's difficulty and traits, by faction name."""
    cooperative: bool = False
    """Fully cooperative play against the Clockwork bots (Law of Rootbotics 3.5)."""


class Act(BaseModel):
    seat: int | None = Field(default=None, ge=0, lt=6)
    version: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=200)


class Undo(BaseModel):
    seat: int | None = Field(default=None, ge=0, lt=6)
    version: int = Field(ge=0)


class Mine(BaseModel):
    links: list[str] = Field(max_length=500)


class Upload(BaseModel):
    text: str = Field(min_length=1, max_length=MAX_RECORD)


# --- size limit -----------------------------------------------------------------------------


class BodyLimit:
    """Refuses a request body larger than the limit (413) before the app reads it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = MAX_RECORD + 4096 if scope["path"] == "/api/replays" else MAX_BODY
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None and length.isdigit() and int(length) > limit:
            await _too_large(scope, send, int(length), limit)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            msg = await receive()
            if msg["type"] != "http.request":
                break
            chunk = msg.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _too_large(scope, send, size, limit)
                return
            chunks.append(chunk)
            more = msg.get("more_body", False)
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _too_large(scope: Scope, send: Send, size: int, limit: int) -> None:
    lang = _lang_of_query(scope.get("query_string", b"").decode("latin-1"))
    body = json.dumps(
        {"error": message("too_large", lang, size=size, limit=limit), "code": "too_large"}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _lang_of_query(q: str) -> str:
    for part in q.split("&"):
        k, _, v = part.partition("=")
        if k == "lang":
            try:
                return check_language(v)
            except UnknownLanguage:
                pass
    return "en"


# --- the app --------------------------------------------------------------------------------


@cache
def map_layout(name: str) -> dict[str, Any]:
    """The map as the client draws it: clearings with their place, paths, rivers, forests,
    and the map's own features (the Lake's coast and Ferry, the Mountain's closed paths and
    tower). Suits are the printed ones (None where the map prints none): a game's own layout
    comes with its view."""
    if name not in MAPS:
        raise ApiError(404, "no_map", f"unknown map {name!r}; the maps are: {', '.join(MAPS)}")
    raw = json.loads(resources.files("rootgame.data").joinpath(f"{name}.json").read_text("utf-8"))
    xy = {c["id"]: c["xy"] for c in raw["clearings"]}
    return {
        "map": raw["map"],
        "size": raw.get("size", [2050, 2050]),
        "clearings": [
            {k: c[k] for k in ("id", "suit", "slots", "ruin", "corner", "xy")}
            for c in raw["clearings"]
        ],
        "paths": raw["paths"],
        "rivers": raw["rivers"],
        "closed_paths": raw.get("closed_paths", []),
        "coastal": raw.get("coastal", []),
        "ferry": raw.get("ferry"),
        "tower": raw.get("tower"),
        "forests": [
            {"id": f["id"], "clearings": f["clearings"],
             "xy": [sum(xy[c][i] for c in f["clearings"]) / len(f["clearings"])
                    for i in (0, 1)]}
            for f in raw["forests"]
        ],
    }


def create_app(db: str = "sqlite:///rootgame.db", bot_delay: float = 0.3) -> FastAPI:
    store = Store(db)
    hub = Hub(store, bot_delay=bot_delay)
    link_cache: dict[str, LinkInfo] = {}

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.resume()
        yield
        await hub.stop()
        store.close()

    app = FastAPI(title="rootgame", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hub = hub
    app.add_middleware(BodyLimit)

    @app.exception_handler(ApiError)
    async def _api_error(_r: Request, e: ApiError) -> JSONResponse:
        return JSONResponse(e.body(), status_code=e.status)

    @app.exception_handler(RequestValidationError)
    async def _bad(r: Request, e: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(x) for x in err.get('loc', ()) if x != 'body')}: {err.get('msg')}"
            for err in e.errors()
        )
        lang = _lang_of_query(r.url.query)
        return JSONResponse(
            {"error": message("bad_request", lang, problem=problems), "code": "bad_request"},
            status_code=422,
        )

    @app.exception_handler(Exception)
    async def _crash(r: Request, e: Exception) -> JSONResponse:
        lang = _lang_of_query(r.url.query)
        problem = f"{type(e).__name__}: {e}"
        return JSONResponse(
            {"error": message("server_error", lang, problem=problem), "code": "server_error"},
            status_code=500,
        )

    def lang_of(lang: str | None) -> str:
        if not lang:
            return "en"
        try:
            return check_language(lang)
        except UnknownLanguage as e:
            raise ApiError(422, "bad_request", str(e)) from None

    def link_of(token: str, lang: str) -> LinkInfo:
        info = link_cache.get(token)
        if info is None:
            if len(token) > 64:
                raise ApiError(404, "no_link", message("no_link", lang))
            info = store.link(token)
            if info is None:
                raise ApiError(404, "no_link", message("no_link", lang))
            link_cache[token] = info
        return info

    def seat_of(info: LinkInfo, live: LiveGame, seat: int | None, lang: str) -> int:
        if seat is None:
            cur = live.game.current_seat
            return cur if cur in info.seats else info.seats[0]
        if seat not in info.seats:
            raise ApiError(403, "not_your_seat", message("not_your_seat", lang, seat=seat))
        return seat

    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    # --- pages --------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return page()

    @app.get("/play/{token}", include_in_schema=False)
    async def play_page(token: str) -> FileResponse:
        return page()

    @app.get("/watch/{game_id}", include_in_schema=False)
    async def watch_page(game_id: str) -> FileResponse:
        return page()

    @app.get("/replay/{replay_id}", include_in_schema=False)
    async def replay_page(replay_id: str) -> FileResponse:
        return page()

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # --- reference data -------------------------------------------------------------------
    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        return {
            "factions": sorted(FACTIONS),
            "bots": bot_names(),
            "languages": list(LANGUAGES),
            "maps": list(MAPS),
            "suits": list(SUIT_CHOICES),
            "decks": list(DECKS),
            "landmarks": list(LANDMARKS),
            "boards": board_data(),
            "clockwork": clockwork_options(),
        }

    @app.get("/api/text/{lang}")
    async def text(lang: str) -> dict[str, Any]:
        return await run_in_threadpool(text_table, lang_of(lang))

    @app.get("/api/maps/{name}")
    async def map_data(name: str) -> dict[str, Any]:
        return map_layout(name)

    # --- games ----------------------------------------------------------------------------
    @app.post("/api/games")
    async def create(body: NewGame, lang: str | None = None) -> dict[str, Any]:
        la = lang_of(lang)
        seats = [s.model_dump() for s in body.seats]
        for s in seats:
            if s["faction"] not in FACTIONS:
                raise ApiError(422, "bad_request", message(
                    "bad_request", la, problem=f"unknown faction {s['faction']!r}; known: "
                    + ", ".join(sorted(FACTIONS))))
            if s["kind"] == "bot" and s["bot"] not in bot_names():
                raise ApiError(422, "bad_request", message(
                    "bad_request", la, problem=f"unknown bot {s['bot']!r}; known: "
                    + ", ".join(bot_names())))
        try:
            live, links = await run_in_threadpool(
                hub.create, seats, body.seed, body.first_player, body.map, body.suits, body.deck,
                body.landmarks,
                {k: v.model_dump(exclude_none=True) for k, v in body.bots.items()},
                body.cooperative,
            )
        except ValueError as e:
            raise ApiError(422, "bad_request", message("bad_request", la, problem=str(e))) from None
        hub.kick_bots(live)
        return {
            "game_id": live.id,
            "links": [
                {"token": t, "seats": s, "url": f"/play/{t}"} for t, s in links
            ],
            "watch": f"/watch/{live.id}",
        }

    @app.get("/api/play/{token}")
    async def play_state(
        token: str, seat: int | None = None, lang: str | None = None, log: bool = True
    ) -> dict[str, Any]:
        la = lang_of(lang)
        info = await run_in_threadpool(link_of, token, la)
        live = await run_in_threadpool(hub.get, info.game_id, la)
        s = seat_of(info, live, seat, la)
        return await run_in_threadpool(hub.payload, live, s, la, log, info.seats)

    async def do_act(token: str, body: Act, la: str) -> tuple[LinkInfo, LiveGame, int]:
        info = await run_in_threadpool(link_of, token, la)
        live = await run_in_threadpool(hub.get, info.game_id, la)
        s = seat_of(info, live, body.seat, la)
        await run_in_threadpool(hub.act, live, s, body.version, body.action, la)
        await hub.changed(live)
        return info, live, s

    async def do_undo(token: str, body: Undo, la: str) -> tuple[LinkInfo, LiveGame, int]:
        info = await run_in_threadpool(link_of, token, la)
        live = await run_in_threadpool(hub.get, info.game_id, la)
        s = seat_of(info, live, body.seat, la)
        await run_in_threadpool(hub.undo, live, s, body.version, la)
        await hub.changed(live)
        return info, live, s

    @app.post("/api/play/{token}/act")
    async def act(token: str, body: Act, lang: str | None = None) -> dict[str, Any]:
        la = lang_of(lang)
        info, live, s = await do_act(token, body, la)
        return await run_in_threadpool(hub.payload, live, s, la, True, info.seats)

    @app.post("/api/play/{token}/undo")
    async def undo(token: str, body: Undo, lang: str | None = None) -> dict[str, Any]:
        la = lang_of(lang)
        info, live, s = await do_undo(token, body, la)
        return await run_in_threadpool(hub.payload, live, s, la, True, info.seats)

    @app.get("/api/watch/{game_id}")
    async def watch(game_id: str, lang: str | None = None, log: bool = True) -> dict[str, Any]:
        la = lang_of(lang)
        live = await run_in_threadpool(hub.get, game_id[:64], la)
        return await run_in_threadpool(hub.payload, live, None, la, log)

    def download(game_id: str, kind: str, lang: str | None) -> Response:
        la = lang_of(lang)
        live = hub.get(game_id[:64], la)
        if not live.game.is_over:
            raise ApiError(403, "record_hidden", message("record_hidden", la))
        with live.lock:
            game = live.game
        if kind == "record":
            from ..records.native import write_record

            text, name = write_record(game), f"rootgame-{game_id}.rootgame"
        else:
            from ..records.rootlog import RootlogError, export_rootlog

            try:
                text, name = export_rootlog(game), f"rootgame-{game_id}.rootlog"
            except RootlogError as e:  # what the notation has no form for (a Clockwork bot)
                why = message("no_rootlog", la, problem=str(e))
                raise ApiError(422, "no_rootlog", why) from None
        return PlainTextResponse(
            text, headers={"content-disposition": f'attachment; filename="{name}"'}
        )

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, lang: str | None = None) -> Response:
        return await run_in_threadpool(download, game_id, "record", lang)

    @app.get("/api/games/{game_id}/rootlog")
    async def rootlog(game_id: str, lang: str | None = None) -> Response:
        return await run_in_threadpool(download, game_id, "rootlog", lang)

    @app.post("/api/mine")
    async def mine(body: Mine) -> dict[str, Any]:
        tokens = [t for t in body.links if isinstance(t, str) and len(t) <= 64]
        return {"games": await run_in_threadpool(store.link_summaries, tokens)}

    # --- uploaded records -------------------------------------------------------------------
    @app.post("/api/replays")
    async def upload(body: Upload, lang: str | None = None) -> dict[str, Any]:
        la = lang_of(lang)
        rid, steps = await run_in_threadpool(hub.add_replay, body.text, la)
        return {"id": rid, "steps": steps, "url": f"/replay/{rid}"}

    @app.get("/api/replays/{replay_id}")
    async def replay_step(
        replay_id: str, step: int | None = None, lang: str | None = None
    ) -> dict[str, Any]:
        la = lang_of(lang)

        def build() -> dict[str, Any]:
            from ..game import replay
            from ..log_text import render_log

            full = hub.replay_game(replay_id[:64], la)
            total = len(full.history)
            k = total if step is None else step
            if not 0 <= k <= total:
                raise ApiError(422, "bad_step", message("bad_step", la, step=k, total=total))
            game = replay(full.origin, full.history[:k])
            return {
                "type": "replay",
                "replay_id": replay_id,
                "step": k,
                "steps": total,
                "view": game.view(None),
                "log": render_log(game, None, la),
                "next": full.history[k] if k < total else None,
            }

        return await run_in_threadpool(build)

    # --- WebSockets ---------------------------------------------------------------------------
    async def serve_socket(ws: WebSocket, live: LiveGame, sub: Subscriber,
                           info: LinkInfo | None) -> None:
        live.subs.add(sub)
        try:
            await ws.send_json(
                await run_in_threadpool(
                    hub.payload, live, sub.seat, sub.lang, sub.with_log,
                    info.seats if info else None)
            )
            while True:
                raw = await ws.receive_text()
                reply = await socket_message(raw, live, sub, info)
                if reply is not None:
                    await ws.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            live.subs.discard(sub)

    async def socket_message(
        raw: str, live: LiveGame, sub: Subscriber, info: LinkInfo | None
    ) -> dict[str, Any] | None:
        rid = None
        try:
            if len(raw) > MAX_WS_MESSAGE:
                raise ApiError(413, "too_large", message(
                    "too_large", sub.lang, size=len(raw), limit=MAX_WS_MESSAGE))
            try:
                msg = json.loads(raw)
                if not isinstance(msg, dict):
                    raise ValueError("a message is a JSON object")
            except ValueError as e:
                raise ApiError(422, "bad_request", message(
                    "bad_request", sub.lang, problem=str(e))) from None
            rid = msg.get("id")
            kind = msg.get("type")
            if kind == "ping":
                return {"type": "pong", "id": rid}
            if kind == "lang":
                sub.lang = lang_of(str(msg.get("lang")))
            elif info is None:
                raise ApiError(403, "bad_request", message(
                    "bad_request", sub.lang, problem="spectators cannot act"))
            elif kind == "seat":
                sub.seat = seat_of(info, live, _int(msg.get("seat"), sub.lang), sub.lang)
            elif kind == "act":
                action = msg.get("action")
                if not isinstance(action, str) or not 0 < len(action) <= 200:
                    raise ApiError(422, "bad_request", message(
                        "bad_request", sub.lang, problem="'action' is an action token"))
                version = _int(msg.get("version"), sub.lang)
                assert sub.seat is not None
                await run_in_threadpool(hub.act, live, sub.seat, version, action, sub.lang)
                await hub.changed(live)
                return {"type": "ack", "id": rid, "version": live.version}
            elif kind == "undo":
                assert sub.seat is not None
                await run_in_threadpool(hub.undo, live, sub.seat,
                                        _int(msg.get("version"), sub.lang), sub.lang)
                await hub.changed(live)
                return {"type": "ack", "id": rid, "version": live.version}
            else:
                raise ApiError(422, "bad_request", message(
                    "bad_request", sub.lang, problem=f"unknown message type {kind!r}"))
            return await run_in_threadpool(
                hub.payload, live, sub.seat, sub.lang, sub.with_log,
                info.seats if info else None)
        except ApiError as e:
            return {"type": "error", "id": rid, **e.body()}
        except Exception as e:  # noqa: BLE001 - one bad message never closes the others
            problem = f"{type(e).__name__}: {e}"
            return {"type": "error", "id": rid, "code": "server_error",
                    "error": message("server_error", sub.lang, problem=problem)}

    def _int(x: Any, lang: str) -> int:
        if isinstance(x, bool) or not isinstance(x, int):
            raise ApiError(422, "bad_request", message(
                "bad_request", lang, problem=f"a whole number is needed, not {x!r}"))
        return x

    @app.websocket("/ws/play/{token}")
    async def ws_play(ws: WebSocket, token: str, seat: int | None = None,
                      lang: str | None = None, log: bool = True) -> None:
        await ws.accept()
        try:
            la = lang_of(lang)
            info = await run_in_threadpool(link_of, token, la)
            live = await run_in_threadpool(hub.get, info.game_id, la)
            s = seat_of(info, live, seat, la)
        except ApiError as e:
            await ws.send_json({"type": "error", **e.body()})
            await ws.close(code=4404 if e.status == 404 else 4403)
            return
        await serve_socket(ws, live, Subscriber(ws.send_json, s, la, log), info)

    @app.websocket("/ws/watch/{game_id}")
    async def ws_watch(ws: WebSocket, game_id: str, lang: str | None = None,
                       log: bool = True) -> None:
        await ws.accept()
        try:
            la = lang_of(lang)
            live = await run_in_threadpool(hub.get, game_id[:64], la)
        except ApiError as e:
            await ws.send_json({"type": "error", **e.body()})
            await ws.close(code=4404)
            return
        await serve_socket(ws, live, Subscriber(ws.send_json, None, la, log), None)

    return app
