"""The games being played: the one authority over them (design.md, "Web").

Every change of a game goes through :class:`Hub`, under that game's lock, in this order:
apply the action to a copy of the game (an illegal one raises and changes nothing), commit it
to the database (a stale version raises and changes nothing), make the copy the game, and only
then tell anyone (broadcast). Bots choose in worker threads, never on the event loop. A game
is loaded by replaying its committed rows from its starting state, so after a restart every
game is exactly where its last commit left it, and bots whose turn it was go on.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool

from ..actions import CARD, CLEARING, DOMINANCE_CARD, PAID_CARD, arguments, parse
from ..bots import Bot
from ..describe import describe, translate_reason
from ..errors import IllegalAction, RootError
from ..factions.eyrie import COLUMNS as DECREE_COLUMNS
from ..flow import FACTIONS, TAKES
from ..game import Game, new_game, state_from_dict
from ..log_text import render_log
from .store import StaleVersion, Store
from .text import message

log = logging.getLogger("rootgame.web")

LOG_LINES = 400
"""How many of the latest log lines a state message carries."""


class ApiError(Exception):
    """A refusal with an HTTP status, a short code and a sentence for people."""

    def __init__(self, status: int, code: str, text: str) -> None:
        super().__init__(text)
        self.status = status
        self.code = code
        self.text = text

    def body(self) -> dict[str, Any]:
        return {"error": self.text, "code": self.code}


# --- bots ---------------------------------------------------------------------------------


def bot_names() -> list[str]:
    """The bots that exist (rootgame.bots' registry), the random one first."""
    from .. import bots

    return bots.names()


def make_bot(name: str, seed: int) -> Bot:
    """A new bot by its registry name; ValueError naming the known ones."""
    from .. import bots

    return bots.get(name, seed=seed)


# --- targets: where on the table an action happens -------------------------------------------

def targets(decision: str, a: tuple[Any, ...]) -> dict[str, list[Any]]:
    """The clearings, cards and Decree columns an action of ``decision`` names, so that the
    table can offer it where it happens; read from the decision's declared action shapes
    (``@decision(takes=...)``), so every faction's actions have them."""
    out: dict[str, list[Any]] = {"clearings": [], "cards": [], "columns": []}
    for sig in TAKES.get(decision, ()):
        args = arguments(sig, a)
        if args is None:
            continue
        for dom, x in args:
            if dom == CLEARING:
                out["clearings"].append(x)
            elif dom in (CARD, DOMINANCE_CARD, PAID_CARD):
                out["cards"].append(x)
            elif dom == DECREE_COLUMNS:
                out["columns"].append(x)
        break
    return out


# --- the games ------------------------------------------------------------------------------


@dataclass(eq=False)
class Subscriber:
    """One open WebSocket: whose eyes it has (a seat, or None for a spectator)."""

    send: Callable[[dict[str, Any]], Awaitable[None]]
    seat: int | None
    lang: str
    with_log: bool = True


@dataclass(eq=False)
class LiveGame:
    id: str
    factions: list[str]
    seats: list[dict[str, Any]]
    game: Game
    version: int
    lock: threading.Lock = field(default_factory=threading.Lock)
    subs: set[Subscriber] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    error: str | None = None
    _log_cache: OrderedDict[tuple[int, int | None, str], list[str]] = field(
        default_factory=OrderedDict
    )

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].get("kind") == "bot"

    def log_lines(self, seat: int | None, lang: str) -> list[str]:
        key = (self.version, seat, lang)
        with self.lock:
            hit = self._log_cache.get(key)
            if hit is None:
                hit = render_log(self.game, seat, lang)[-LOG_LINES:]
                self._log_cache[key] = hit
                while len(self._log_cache) > 8:
                    self._log_cache.popitem(last=False)
        return hit


def new_id() -> str:
    """A game id: 128 random bits."""
    return secrets.token_urlsafe(16)


def new_secret() -> str:
    """A seat's secret link: 192 random bits."""
    return secrets.token_urlsafe(24)


class Hub:
    def __init__(self, store: Store, bot_delay: float = 0.0) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.games: dict[str, LiveGame] = {}
        self._loading = threading.Lock()
        self._replays: OrderedDict[str, Game] = OrderedDict()

    # --- loading and creating (sync: called in worker threads) ------------------------------
    def get(self, game_id: str, lang: str | None = None) -> LiveGame:
        live = self.games.get(game_id)
        if live is not None:
            return live
        with self._loading:
            live = self.games.get(game_id)
            if live is not None:
                return live
            stored = self.store.load(game_id)
            if stored is None:
                raise ApiError(404, "no_game", message("no_game", lang))
            game = Game(state_from_dict(json.loads(stored.origin)), origin=stored.origin)
            game.meta = stored.meta
            for kind, seat, tok in stored.steps:
                if kind == "undo":
                    game.undo(seat)
                else:
                    game.apply(tok)
            live = LiveGame(stored.id, stored.factions, stored.seats, game, stored.version)
            self.games[game_id] = live
            return live

    def create(
        self,
        seats: list[dict[str, Any]],
        seed: int | None,
        first_player: int | None,
        map_name: str = "autumn",
        suits: str | None = None,
        deck: str = "base",
        landmarks: list[str] | int | None = None,
        bots: dict[str, Any] | None = None,
        cooperative: bool = False,
    ) -> tuple[LiveGame, list[tuple[str, list[int]]]]:
        """A new game on ``map_name`` (its suits laid out as ``suits`` says, board.choose_layout)
        with the shared ``deck`` and the ``landmarks`` (names, or how many dealt at random),
        and its Clockwork ``bots``' settings (faction: difficulty and traits, LR 3.3), fully
        ``cooperative`` play (LR 3.5) or not, and its links: one for all the seats played at
        this screen, one for each online seat.
        ValueError names a bad map, layout, deck, landmark, faction or bot setting."""
        factions = [str(s["faction"]) for s in seats]
        for s in seats:
            if s["kind"] == "bot":
                make_bot(str(s.get("bot", "random")), 0)  # refuses an unknown bot
        if seed is None:
            seed = secrets.randbelow(2**31)
        game = new_game(
            factions=factions, seed=seed, first_player=first_player, map=map_name, suits=suits,
            deck=deck, landmarks=landmarks or [], bots=bots or None, cooperative=cooperative,
        )
        here = [i for i, s in enumerate(seats) if s["kind"] == "here"]
        seat_links: list[tuple[str, list[int]]] = []
        if here:
            seat_links.append((new_secret(), here))
        for i, s in enumerate(seats):
            if s["kind"] == "online":
                seat_links.append((new_secret(), [i]))
        gid = new_id()
        clean = [
            {"faction": f, "kind": s["kind"], **({"bot": s.get("bot", "random")}
                                                 if s["kind"] == "bot" else {})}
            for f, s in zip(factions, seats, strict=True)
        ]
        self.store.create_game(
            gid, factions, clean, game.origin, game.meta, game.current_seat, seat_links
        )
        live = LiveGame(gid, factions, clean, game, 0)
        self.games[gid] = live
        return live, seat_links

    # --- changing a game (sync, under the game's lock) --------------------------------------
    def _commit(self, live: LiveGame, after: Game, kind: str, seat: int | None, tok: str) -> None:
        try:
            self.store.append(
                live.id, live.version, kind, seat, tok, after.current_seat, after.is_over
            )
        except StaleVersion:
            raise ApiError(409, "stale", "the game changed in the database") from None
        live.game = after
        live.version += 1

    def _check_turn(self, live: LiveGame, seat: int, version: int, lang: str) -> None:
        if version != live.version:
            raise ApiError(
                409, "stale", message("stale", lang, seen=version, now=live.version)
            )
        g = live.game
        if g.is_over:
            raise ApiError(409, "over", message("over", lang))
        if live.is_bot(seat):
            raise ApiError(403, "bot_seat", message("bot_seat", lang))

    def act(self, live: LiveGame, seat: int, version: int, tok: str, lang: str) -> None:
        with live.lock:
            self._check_turn(live, seat, version, lang)
            g = live.game
            if g.current_seat != seat:
                cur = g.current_faction or ""
                from ..i18n import language
                from ..names import faction_in_sentence

                with language(lang):
                    who = faction_in_sentence(cur)
                raise ApiError(409, "not_yours", message("not_yours", lang, faction=who))
            after = g.clone()
            try:
                after.apply(tok, seat=seat)
            except IllegalAction as e:
                raise ApiError(422, "illegal", translate_reason(str(e), lang)) from None
            self._commit(live, after, "act", seat, after.history[-1])

    def undo(self, live: LiveGame, seat: int, version: int, lang: str) -> None:
        with live.lock:
            self._check_turn(live, seat, version, lang)
            if not self.can_undo(live, seat):
                raise ApiError(409, "no_undo", message("no_undo", lang))
            after = live.game.clone()
            try:
                after.undo(seat)
            except IllegalAction:
                raise ApiError(409, "no_undo", message("no_undo", lang)) from None
            self._commit(live, after, "undo", seat, "")

    def can_undo(self, live: LiveGame, seat: int) -> bool:
        g = live.game
        if g.is_over or live.is_bot(seat) or not g.can_undo(seat):
            return False
        k = g.undo_point(seat)
        # Only a decision of this seat since which no other human decided can be taken back
        # (online, another player's decision is theirs).
        return k is not None and all(
            live.is_bot(s) or s == seat for s, _ in g.marks[k:]
        )

    def bot_step(self, live: LiveGame) -> bool:
        """If a bot decides now, let it decide and commit; False when no bot is to move. The
        bot thinks on a copy, outside the game's lock, so the game stays readable meanwhile."""
        with live.lock:
            g = live.game
            seat = g.current_seat
            if g.is_over or seat is None or not live.is_bot(seat):
                return False
            version = live.version
            snapshot = g.clone()
        bot = make_bot(str(live.seats[seat].get("bot", "random")), version)
        action = bot.choose(snapshot)
        with live.lock:
            if live.version != version:
                return True  # the game moved meanwhile (an undo): look again
            after = live.game.clone()
            after.apply(action, seat=seat)
            self._commit(live, after, "act", seat, after.history[-1])
            return True

    # --- what a seat sees ---------------------------------------------------------------
    def payload(self, live: LiveGame, seat: int | None, lang: str, with_log: bool = True,
                link_seats: list[int] | None = None) -> dict[str, Any]:
        with live.lock:
            g = live.game
            view = g.view(seat)
            legal = None
            if view["legal"] is not None and not live.is_bot(seat):
                kind = g.decision
                legal = [
                    {"token": t, "text": describe(g.state, a, lang), "where": targets(kind, a)}
                    for a, t in zip(g.legal_actions(), g.legal_tokens(), strict=True)
                ]
            version = live.version
            undo = seat is not None and self.can_undo(live, seat)
            over = g.is_over
        out: dict[str, Any] = {
            "type": "state",
            "game_id": live.id,
            "version": version,
            "seats": live.seats,
            "seat": seat,
            "link_seats": link_seats,
            "view": view,
            "legal": legal,
            "can_undo": undo,
            "records": over,
            "error": live.error,
        }
        if with_log:
            out["log"] = live.log_lines(seat, lang)
        return out

    # --- telling (async) ------------------------------------------------------------------
    async def broadcast(self, live: LiveGame) -> None:
        subs = list(live.subs)
        if not subs:
            return

        def build() -> list[tuple[Subscriber, dict[str, Any]]]:
            cache: dict[tuple[int | None, str, bool], dict[str, Any]] = {}
            out = []
            for s in subs:
                key = (s.seat, s.lang, s.with_log)
                if key not in cache:
                    cache[key] = self.payload(live, s.seat, s.lang, s.with_log)
                out.append((s, cache[key]))
            return out

        built = await run_in_threadpool(build)

        async def send(s: Subscriber, p: dict[str, Any]) -> None:
            try:
                await asyncio.wait_for(s.send(p), timeout=10)
            except Exception:  # noqa: BLE001 - a dead or slow socket is dropped, not fatal
                live.subs.discard(s)

        await asyncio.gather(*(send(s, p) for s, p in built))

    def kick_bots(self, live: LiveGame) -> None:
        """Start the bots of this game if one decides now (one task per game)."""
        if live.bot_task is not None and not live.bot_task.done():
            return
        if not live.is_bot(live.game.current_seat) or live.game.is_over:
            return
        live.bot_task = asyncio.get_running_loop().create_task(self._run_bots(live))

    async def _run_bots(self, live: LiveGame) -> None:
        while True:
            try:
                moved = await run_in_threadpool(self.bot_step, live)
            except ApiError:
                continue  # someone else committed first: look again
            except Exception as e:  # noqa: BLE001 - one game's failure never stops the others
                log.exception("bot failed in game %s", live.id)
                live.error = f"{type(e).__name__}: {e}"
                await self.broadcast(live)
                return
            if not moved:
                return
            await self.broadcast(live)
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)

    async def changed(self, live: LiveGame) -> None:
        await self.broadcast(live)
        self.kick_bots(live)

    async def resume(self) -> int:
        """After a start: load every game a bot must move in, and let the bots go on."""
        ids = await run_in_threadpool(self.store.game_ids, True)
        for gid in ids:
            try:
                live = await run_in_threadpool(self.get, gid)
            except Exception:  # noqa: BLE001 - a broken game must not stop the others
                log.exception("game %s cannot be loaded", gid)
                continue
            self.kick_bots(live)
        return len(ids)

    async def stop(self) -> None:
        tasks = [x.bot_task for x in self.games.values() if x.bot_task and not x.bot_task.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # --- uploaded records -------------------------------------------------------------------
    def replay_game(self, replay_id: str, lang: str) -> Game:
        from ..records.native import replay_record

        hit = self._replays.get(replay_id)
        if hit is not None:
            self._replays.move_to_end(replay_id)
            return hit
        text = self.store.replay_text(replay_id)
        if text is None:
            raise ApiError(404, "no_replay", message("no_replay", lang))
        game = replay_record(text)
        self._replays[replay_id] = game
        while len(self._replays) > 16:
            self._replays.popitem(last=False)
        return game

    def add_replay(self, text: str, lang: str) -> tuple[str, int]:
        """Store an uploaded record and return its id and number of steps. A rootgame record
        is replayed as it is; a Rootlog record (issue 15) is imported against the engine and
        stored as the rootgame record of the game found, so it is watched step by step like
        any other (the hidden cards it never names sampled, as the stored record says)."""
        from ..records.native import replay_record, write_record
        from ..records.rootlog import import_rootlog, looks_like_rootlog

        try:
            if looks_like_rootlog(text):
                game = import_rootlog(text)
                text = write_record(game)
            else:
                game = replay_record(text)
        except (RootError, ValueError) as e:
            raise ApiError(422, "bad_record", message("bad_record", lang, problem=str(e))) from None
        rid = new_id()
        self.store.add_replay(rid, text)
        self._replays[rid] = game
        return rid, len(game.history)


def known_factions() -> list[str]:
    return sorted(FACTIONS)


def check_token(tok: str) -> None:
    parse(tok)
