"""Small helpers for the tests: scenario tests of the general Law and the Marquise
(test_law.py, test_marquise.py; positions are built with :func:`rootgame.position.build`),
games and positions for the hidden-information and determinization tests (test_leaks.py,
test_determinize.py), and :class:`Terminal`, which drives the terminal program as a player
does."""

from __future__ import annotations

import codecs
import fcntl
import os
import platform
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from rootgame import Game, flow, new_game
from rootgame.board import load_board
from rootgame.bots import RandomBot
from rootgame.cards import DECK, N_CARDS, ids_for_key
from rootgame.factions.eyrie import st as eyrie_state
from rootgame.position import build
from rootgame.rng import Rng

M, E = 0, 1
"""Seats in the default two-player game: the Marquise, then the Eyrie."""


def pos(log: bool = False, **desc: Any) -> Game:
    """A Marquise (seat 0) vs Eyrie (seat 1) position; fields as in position.build. With
    ``log``, the game keeps an event log from the start (its first forced steps too)."""
    d: dict[str, Any] = {"factions": ["marquise", "eyrie"]}
    d.update(desc)
    return build(d, log=log)


def scores_logged(g: Game) -> list[tuple[int, int, str]]:
    """The score events of the game's log: (seat, VP, reason), in order."""
    return [(e["seat"], e["vp"], e["reason"]) for e in g.events(None) if e["kind"] == "score"]


M3, E3, A3 = 0, 1, 2
"""Seats in the three-player positions of :func:`pos3`."""


def pos3(**desc: Any) -> Game:
    """A Marquise (seat 0), Eyrie (seat 1), Alliance (seat 2) position."""
    d: dict[str, Any] = {"factions": ["marquise", "eyrie", "alliance"]}
    d.update(desc)
    return build(d)


def cid(key: str, copy: int = 0) -> int:
    """The id of a card by key (``copy`` picks among identical cards)."""
    return ids_for_key(key)[copy]


def keys(ids: list[int]) -> list[str]:
    """Sorted card keys of a list of card ids."""
    return sorted(DECK[i].key for i in ids)


def hand(g: Game, seat: int) -> list[str]:
    return keys(g.state.seats[seat].hand)


def discard(g: Game) -> list[str]:
    return keys(g.state.discard)


def warriors(g: Game, c: int, seat: int) -> int:
    return g.state.warriors[c][seat]


def buildings(g: Game, c: int) -> list[str]:
    """Kinds of the buildings (and ruins) in clearing ``c``, sorted."""
    return sorted(k for _, k in g.state.buildings[c])


def tokens(g: Game, c: int) -> list[str]:
    return sorted(k for _, k in g.state.tokens[c])


def count(g: Game, c: int, kind: str) -> int:
    """How many buildings or tokens of ``kind`` lie in ``c``."""
    return sum(1 for _, k in g.state.buildings[c] + g.state.tokens[c] if k == kind)


def kinds(g: Game) -> set[str]:
    """The kinds (first words) of the pending decision's legal actions."""
    return {str(a[0]) for a in g.legal_actions()}


def play(g: Game, *toks: str) -> Game:
    """Apply tokens in order; return the game."""
    for t in toks:
        g.apply(t)
    return g


STALL_DECISIONS = 1_000
"""How many decisions a random game may go without a score, once both card piles are empty,
before :class:`Stall` calls it stalled."""


class Stall:
    """Watches a random game for a stall: the draw pile and the discard pile are both empty
    (every card is in a hand, a play area or a supporters' stack, so a draw gives nothing, LR
    2.1) and no one has scored for ``limit`` decisions. Random players then only move, slip and
    pass; the Law lets such a game go on for ever, so a random-game test stops it and says so,
    instead of failing at a safety limit. Call it after each decision with the count so far."""

    def __init__(self, limit: int = STALL_DECISIONS) -> None:
        self.limit = limit
        self.scores = -1
        self.since = 0

    def __call__(self, g: Game, decisions: int) -> bool:
        s = g.state
        if len(s.vp_log) != self.scores or s.deck or s.discard:
            self.scores = len(s.vp_log)
            self.since = decisions
            return False
        return decisions - self.since >= self.limit


def random_game(
    seed: int,
    decisions: int | None = None,
    factions: Sequence[str] = ("marquise", "eyrie"),
    character: str | None = None,
    **setup: Any,
) -> Game:
    """A game of random legal decisions (stopping after ``decisions`` if given); the
    Vagabond plays ``character`` when given (thief, tinker, ranger). ``setup``: more options
    of ``new_game`` (``map``, ``deck``, ``suits``, ``landmarks``)."""
    import random

    g = new_game(list(factions), seed=seed, **setup)
    r = random.Random(seed)
    want = f"character {character}"
    stall = Stall()
    while not g.is_over and (decisions is None or len(g.history) < decisions):
        legal = g.legal_tokens()
        g.apply(want if want in legal else r.choice(legal))
        if stall(g, len(g.history)):
            break
    return g


def mid_games(
    factions: Sequence[str],
    seeds: Iterable[int],
    every: int = 41,
    first: int = 17,
    deck: str = "base",
    map: str = "autumn",
    landmarks: Sequence[str] | int = (),
) -> list[Game]:
    """Copies of random games (random bots, the shared ``deck``, the ``map`` with its default
    suits, the ``landmarks``) at several moments, never over: after decision ``first``, then
    every ``every`` decisions."""
    out: list[Game] = []
    for seed in seeds:
        g = new_game(factions=list(factions), seed=seed, deck=deck, map=map,
                     landmarks=landmarks if isinstance(landmarks, int) else list(landmarks))
        bot = RandomBot(seed)
        n = 0
        while not g.is_over:
            if n % every == first:
                out.append(g.clone())
            g.apply(bot.choose(g))
            n += 1
    return out


def _deal_again(rest: list[Any], piles: list[list[Any]], rng: Rng) -> list[Any]:
    """Shuffle ``rest`` with the contents of ``piles`` and deal them again into the piles in
    place, each keeping its size; what is left over."""
    pool = rest + [x for pile in piles for x in pile]
    rng.shuffle(pool)
    for pile in piles:
        k = len(pile)
        pile[:], pool = pool[:k], pool[k:]
    return pool


def resample(game: Game, seat: int | None, rng: Rng) -> Game:
    """A copy of ``game`` in which everything ``seat`` cannot see is drawn again: the draw
    pile, the other hands, the other factions' face-down piles (the Alliance's supporters), the
    Vagabond's ruin items and quest deck (hidden from everyone),
    and in the log the others' draws, shuffles, random picks, looks, and the cards others put
    face down (Mobilize; Outrage, seen by the payer and the Alliance; the card Swap Meet gives
    back, seen by the two players)."""
    h = game.clone()
    g = h.state
    others = [s for s in range(g.n) if s != seat]
    piles = [g.seats[s].hand for s in others] + [
        z for s in others for z in flow.FACTIONS[g.factions[s]].hidden_zones(g, s)
    ] + ([g.market] if g.market else [])  # the Black Market's cards: seen by nobody
    g.deck = _deal_again(g.deck[:], piles, rng)
    for s, name in enumerate(g.factions):
        for group in flow.FACTIONS[name].unseen_piles(g, s):  # hidden even from the owner
            _deal_again([], group, rng)
    log: list[dict[str, Any]] = []
    for e in g.log or []:
        e = dict(e)
        k = e["kind"]
        if k == "draw" and e["seat"] != seat:
            e["cards"] = [rng.below(N_CARDS) for _ in e["cards"]]
        elif k == "shuffle":
            order = list(e["order"])
            rng.shuffle(order)
            e["order"] = order
        elif k == "pick":
            e["index"] = rng.below(e["of"])
        elif k == "take" and seat not in (e["seat"], e["from"]):
            e["card"] = rng.below(N_CARDS)
        elif k == "look" and e["seat"] != seat:
            e["cards"] = [rng.below(N_CARDS) for _ in e["cards"]]
        elif k == "market_deal":
            e["cards"] = [rng.below(N_CARDS) for _ in e["cards"]]
        elif k == "market_swap" and e["seat"] != seat:
            e["took"], e["gave"] = rng.below(N_CARDS), rng.below(N_CARDS)
        elif k == "action" and str(e["token"]).startswith("black-market "):
            if seat != e["seat"]:
                e["token"] = f"black-market left {rng.below(N_CARDS)}"
        elif k == "action" and str(e["token"]).startswith(("mobilize ", "outrage ")):
            if seat not in (e["seat"], e["data"].get("ally", e["seat"])):
                e["token"] = f"{e['token'].split()[0]} {rng.below(N_CARDS)}"
        elif k == "action" and e.get("decision") == "swap_give":  # Swap Meet's card given
            if seat not in (e["seat"], e["data"].get("to")):
                e["token"] = f"give {rng.below(N_CARDS)}"
        log.append(e)
    g.log = log
    return h


# Two workshops (or roosts) in each suit: fox 1 and 8, rabbit 4 and 5, mouse 2 and 9.
SIX_CLEARINGS = ("1", "8", "4", "5", "2", "9")
COST_CLEARINGS = {"fox": ["1", "8", "6"], "rabbit": ["4", "5", "3"], "mouse": ["2", "9", "7"],
                  "any": ["1", "4", "2", "8"]}
"""Clearings for one workshop per cost icon (at most 3 of a suit, or 4 "any")."""


def marquise_crafter(
    hand: list[Any],
    *,
    suits: tuple[str, ...] = ("fox", "rabbit", "mouse"),
    cost: tuple[str, ...] | None = None,
    **extra: Any,
) -> Game:
    """The Marquise in her craft step with two workshops per suit in ``suits`` (or, given
    ``cost``, one workshop per icon of that cost), the keep and two warriors in clearing 1
    (so her action step is a real decision afterwards)."""
    clearings: dict[str, dict[str, str]] = {}
    suit_of = load_board("autumn").suit
    if cost is None:
        for c in SIX_CLEARINGS:
            if suit_of[int(c)] in suits:
                clearings[c] = {"marquise": "workshop"}
    else:
        for s, n in Counter(cost).items():
            for c in COST_CLEARINGS[s][:n]:
                clearings[c] = {"marquise": "workshop"}
    clearings.setdefault("1", {"marquise": ""})
    clearings["1"]["marquise"] = (clearings["1"]["marquise"] + " 2w keep").strip()
    desc: dict[str, Any] = {
        "turn": "marquise",
        "at": "daylight:craft",
        "clearings": clearings,
        "hands": {"marquise": hand},
    }
    desc.update(extra)
    return build(desc)


# --- The Eyrie Dynasties' scenarios (Law 7: test_eyrie.py, test_eyrie_decree.py,
# test_eyrie_turmoil.py) ------------------------------------------------------------------------

ANVIL = cid("anvil")  # fox; craft: fox; hammer, 2 VP
SWORD = cid("sword")  # mouse; craft: fox fox; sword, 2 VP
VISIT = cid("a-visit-to-friends")  # rabbit; craft: rabbit; boot, 1 VP
GEAR_FOX = cid("travel-gear:fox")  # fox; craft: rabbit; boot, 1 VP
RACKET = cid("protection-racket")  # fox; craft: rabbit rabbit; coins, 3 VP
BAKE_SALE = cid("bake-sale")  # rabbit; craft: rabbit rabbit; coins, 3 VP
TEA_FOX = cid("root-tea:fox")  # fox; craft: mouse; tea, 2 VP
AMBUSH_BIRD = cid("ambush:bird")  # bird
ARMORERS = cid("armorers")  # bird

CAT_9 = {"marquise": "2w"}
"""A Marquise with two warriors in clearing 9 always has a real decision (march) in Daylight,
so a test's turn stops there instead of running into the next Eyrie turn."""

ROOST_SPOTS = (1, 2, 3, 4, 5, 7, 8)
"""Clearings for up to seven roosts in the Eyrie's Evening scenarios."""


def eyrie_pos(**desc: Any) -> Game:
    """A Marquise-vs-Eyrie position (:func:`pos`); the Eyrie's turn unless ``turn`` says
    otherwise."""
    d: dict[str, Any] = {"turn": "eyrie"}
    d.update(desc)
    return pos(**d)


def decree(g: Game) -> list[list[int]]:
    """The Eyrie's Decree (seat 1), each column's cards sorted."""
    return [sorted(col) for col in eyrie_state(g.state, E).decree]


def roosts_at(g: Game) -> list[int]:
    """The clearings holding an Eyrie roost."""
    return [c for c in range(1, 13) if (E, "roost") in g.state.buildings[c]]


def eyrie_total(g: Game) -> int:
    """Every Eyrie warrior, on the map and in the supply."""
    return sum(g.state.warriors[c][E] for c in range(1, 13)) + eyrie_state(g.state, E).warriors


def stand_and_deliver(marquise_hand: tuple[str, ...] = ()) -> Game:
    """The Marquise has just taken one of the Eyrie's three cards with Stand and Deliver!
    (3.5.3), the event log starting at that moment."""
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "2w roost"}},
            "persistent": {"marquise": ["stand-and-deliver"]},
            "hands": {"eyrie": ["anvil", "sword", "cobbler"], "marquise": list(marquise_hand)},
            "seed": 3,
        }
    )
    g.state.log = []
    g.apply("stand-and-deliver 1")
    return g


def codebreakers() -> Game:
    """The Marquise has just looked at the Eyrie's hand (anvil, sword) with Codebreakers
    (Daylight), the event log starting at that moment."""
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:actions",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "2w roost"}},
            "persistent": {"marquise": ["codebreakers"]},
            "hands": {"eyrie": ["anvil", "sword"], "marquise": ["cobbler"]},
        }
    )
    g.state.log = []
    g.apply("codebreakers 1")
    return g


# --- Driving the terminal program as a player does (a pseudo-terminal) ------------------------

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\r")


class Terminal:
    """``python -m rootgame ARGS`` on a pseudo-terminal of ``cols`` x ``rows``: what a player
    types (:meth:`send`) and sees (:meth:`until`), without colours."""

    def __init__(self, *args: str, cols: int = 100, rows: int = 30, cwd: str | None = None,
                 lang: str = "en") -> None:
        env = dict(os.environ, ROOTGAME_LANG=lang, NO_COLOR="1", TERM="xterm",
                   COLUMNS=str(cols), LINES=str(rows))
        env.pop("ROOTGAME_DEBUG", None)
        pid, fd = pty.fork()
        if pid == 0:  # the child: the pseudo-terminal is its controlling terminal
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            if cwd:
                os.chdir(cwd)
            os.execvpe(sys.executable, [sys.executable, "-m", "rootgame", *args], env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.pid, self.fd = pid, fd
        self.text = ""
        """Everything shown so far, without colours or carriage returns."""
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._pending = ""
        """The end of the output read so far that may be the start of a control sequence
        split across two reads."""
        self.mark = 0
        """Where the output read by the last :meth:`until` ended."""

    def send(self, line: str, enter: bool = True) -> None:
        os.write(self.fd, (line + ("\r" if enter else "")).encode())

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the program ended
            return False
        if not data:
            return False
        # A character or a control sequence may be split across two reads: the decoder
        # keeps a character's first bytes, and an unfinished sequence waits for its end.
        shown = self._pending + self._decoder.decode(data)
        cut = shown.rfind("\x1b")
        if cut >= 0 and len(shown) - cut < 64 and not ANSI.match(shown, cut):
            shown, self._pending = shown[:cut], shown[cut:]
        else:
            self._pending = ""
        self.text += ANSI.sub("", shown)
        return True

    def reading(self, timeout: float = 60.0) -> None:
        """Wait until the program is blocked reading the terminal. A signal (Ctrl-C) sent
        just before the program enters the read would be taken before the read starts and
        leave it waiting for a line: send one only once this has returned."""
        read = {"x86_64": "0", "aarch64": "63"}.get(platform.machine())
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with open(f"/proc/{self.pid}/syscall", encoding="ascii") as f:
                    call = f.read().split()
            except OSError:  # not Linux, or not allowed to look: a generous pause
                time.sleep(1.0)
                return
            if read is None:
                time.sleep(1.0)
                return
            if call[:2] == [read, "0x0"]:
                return
            self._read(0.05)
        raise AssertionError("the program never waited for input")

    def until(self, needle: str, timeout: float = 60.0) -> str:
        """Read until ``needle`` is shown after the previous call's end; the text shown since
        then, up to and including the needle."""
        deadline = time.monotonic() + timeout
        while needle not in self.text[self.mark:]:
            left = deadline - time.monotonic()
            if left <= 0 or not self._read(left):
                if needle in self.text[self.mark:]:
                    break
                raise AssertionError(f"{needle!r} never shown; the end was:\n"
                                     f"{self.text[-3000:]}")
        end = self.text.index(needle, self.mark) + len(needle)
        out, self.mark = self.text[self.mark:end], end
        return out

    def wait(self, timeout: float = 60.0) -> int:
        """Read to the end; the exit code."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                while self._read(0.1):
                    pass
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
            self._read(0.1)
        os.kill(self.pid, signal.SIGKILL)
        raise AssertionError("the program did not end")


# --- Clockwork bots (tests/test_electric_eyrie.py) -------------------------------------------


def bot_pos(factions: Sequence[str] = ("marquise", "electric-eyrie"), **desc: Any) -> Game:
    """A position with a Clockwork bot, logging from the start (the bot's targets are read
    from the log). The bot's turn runs by itself until a human decides."""
    d: dict[str, Any] = {"factions": list(factions)}
    d.update(desc)
    return build(d, log=True)


def targets(g: Game, action: str | None = None) -> list[tuple[Any, ...]]:
    """The bots' logged targets: (action, clearing, criteria) for clearings, (action,
    clearing, player, criteria) for players, in order; only ``action``'s if given."""
    out: list[tuple[Any, ...]] = []
    for e in g.events(None):
        if e["kind"] != "target" or (action is not None and e["action"] != action):
            continue
        if "player" in e:
            out.append((e["action"], e["clearing"], e["player"], tuple(e["criteria"])))
        else:
            out.append((e["action"], e["clearing"], tuple(e["criteria"])))
    return out


def logged(g: Game, kind: str) -> list[dict[str, Any]]:
    """The game's events of one kind, in order."""
    return [e for e in g.events(None) if e["kind"] == kind]
