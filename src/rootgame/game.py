"""The public face of the engine: :func:`new_game` and :class:`Game`.

Everything outside the rules (terminal, bots, records, tests) drives a game through
``legal_actions()`` and ``apply()``, and reads it through ``view(seat)``.
"""

from __future__ import annotations

import json
from typing import Any, Final

from . import factions as _factions  # noqa: F401  (registers the factions)
from . import flow
from .actions import Action, parse, token
from .board import SUIT_CHOICES, Board, check_map, choose_layout, load_board, parse_layout
from .cards import DECK, DECKS, ITEM_SUPPLY, deck_ids
from .errors import BadToken, IllegalAction, PositionError
from .flow import FACTIONS, PROMPTS, advance
from .rng import Rng
from .rules import chance, core
from .rules.landmarks import LANDMARKS, parse_landmarks
from .rules.landmarks import deal as deal_landmarks
from .rules.turn import current_step
from .state import JSON, Decision, Frame, GameState, SeatState, Trail

FORMAT_VERSION: Final = 1
STARTING_HAND: Final = 3


def new_game(
    factions: object = ("marquise", "eyrie"),
    map: object = "autumn",
    seed: object = 0,
    first_player: object = None,
    log: bool = True,
    forced: list[tuple[Any, ...]] | None = None,
    suits: object = None,
    deck: object = "base",
    bots: object = None,
    landmarks: object = None,
    cooperative: object = False,
) -> Game:
    """Set up a new game (Law 5.1, appendix A). ``factions`` are the seats in clockwise order;
    the first player is drawn from the seed unless given. ``map`` is one of ``board.MAPS``;
    ``suits`` lays out the clearings' suits (``board.choose_layout``: the printed suits by
    default, else the suit markers dealt at random from the seed). ``log=False`` keeps no event
    log (faster simulation). ``forced`` supplies chance outcomes in order instead of the
    generator (used to replay a record, rules/chance.py). ``deck`` is the shared deck
    (appendix A step 2): "base" or "exiles" (the Exiles and Partisans deck). ``bots`` gives
    each Clockwork bot faction its difficulty and traits (Law of Rootbotics 3.3), e.g.
    ``{"electric-eyrie": {"difficulty": "challenging", "traits": ["swoop"]}}``. ``landmarks``
    (appendix A step 5): one or two of ``rules.landmarks.LANDMARKS`` (a list, or a text
    such as "forge,lost-city"), or 1 or 2 dealt at random from the six. ``cooperative``:
    fully cooperative play against the Clockwork bots (Law of Rootbotics 3.5; at least one
    human faction and one bot).

    A wrong argument, of the wrong type too, is a ValueError naming it: the arguments a caller
    may get wrong are typed ``object`` and checked here, so that the compiled core gives the
    same error as the pure one (docs/performance.md)."""
    if isinstance(factions, str):
        raise ValueError(f"factions: a list of faction names, not the text {factions!r}")
    if not isinstance(factions, list | tuple):
        raise ValueError(f"factions: a list of faction names, not {factions!r}")
    names = [f for f in factions if isinstance(f, str)]
    for f in factions:
        if not isinstance(f, str):
            raise ValueError(f"unknown faction {f!r}; known: {', '.join(sorted(FACTIONS))}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"the seed must be an integer, not {seed!r}")
    if first_player is not None and (
        not isinstance(first_player, int) or isinstance(first_player, bool)
    ):
        raise ValueError(f"first_player must be a seat from 0 to {len(names) - 1}")
    if suits is not None and not isinstance(suits, str):
        raise ValueError(f"suits: {', '.join(SUIT_CHOICES)} or one letter per clearing")
    if not isinstance(deck, str):
        raise ValueError(f"unknown deck {deck!r}; choose {' | '.join(DECKS)}")
    map_name = check_map(map)
    if not isinstance(cooperative, bool):  # (its rule: check_cooperative)
        raise ValueError(f"cooperative: true or false, not {cooperative!r}")
    chosen = parse_landmarks(landmarks)
    game = Game(
        setup_state(
            names, map_name, seed, first_player, log, forced, suits, deck, bots, chosen,
            cooperative,
        )
    )
    game.meta = {
        "seed": seed,
        "factions": names,
        "map": map_name,
        "first_player": first_player,
    }
    if deck != "base":
        game.meta["deck"] = deck
    if isinstance(bots, dict) and bots:  # (checked by configure_bots)
        game.meta["bots"] = {k: dict(v) for k, v in bots.items()}
    if cooperative:
        game.meta["cooperative"] = True
    if chosen:
        game.meta["landmarks"] = chosen if isinstance(chosen, int) else list(chosen)
    if game.state.suits:
        # The dealt layout itself, so that a record replays the same clearings (appendix A).
        game.meta["suits"] = game.state.suits
    return game


def empty_state(b: Board, factions: list[str]) -> GameState:
    """A state with these factions' boards and players, and nothing on the map of ``b``."""
    g = GameState()
    g.map = b.name
    g.suits = b.layout if not b.printed_suits or b.suit != load_board(b.name).suit else ""
    g.closed = b.closed
    g.factions = tuple(factions)
    g.seats = [SeatState(f) for f in factions]
    g.fs = [FACTIONS[f].new_state() for f in factions]
    g.warriors = [(0,) * len(factions)] * len(b.suit)
    g.buildings = [()] * len(b.suit)
    g.tokens = [()] * len(b.suit)
    return g


def setup_state(
    factions: list[str],
    map: str,
    seed: int,
    first_player: int | None = None,
    log: bool = True,
    forced: list[tuple[Any, ...]] | None = None,
    suits: str | None = None,
    deck: str = "base",
    bots: object = None,
    landmarks: tuple[str, ...] | int = (),
    cooperative: bool = False,
) -> GameState:
    if len(factions) < 2:
        raise ValueError("a game needs at least two factions")
    for f in factions:
        if f not in FACTIONS:
            raise ValueError(f"unknown faction {f!r}; known: {', '.join(sorted(FACTIONS))}")
    check_seats(factions)
    check_cooperative(factions, cooperative)
    ids = deck_ids(deck)
    b = load_board(map, choose_layout(map, suits, seed))
    g = empty_state(b, factions)
    configure_bots(g, bots)
    g.shared_deck = deck
    g.cooperative = cooperative
    n = len(factions)
    # Appendix M: the map's own pieces (the Ferry, M.3.1; closed path markers, M.4.1).
    g.ferry = b.ferry_start
    # 5.1.4: a ruin in each slot marked R.
    for c in b.clearings:
        if b.starts_with_ruin[c]:
            g.put_building(c, (-1, "ruin"))
    g.rng = Rng(seed).state
    g.log = [] if log else None
    g.forced = list(forced or [])
    if first_player is not None and (
        isinstance(first_player, bool) or not 0 <= first_player < n
    ):
        raise ValueError(f"first_player must be a seat from 0 to {n - 1}")
    # 5.1.3 (LR 3.4, 3.5): without the dominance cards, shuffle.
    cards = list(ids)
    if dominance_removed(factions, cooperative):
        g.removed_cards = [c for c in cards if DECK[c].kind == "dominance"]
        cards = [c for c in cards if DECK[c].kind != "dominance"]
    chance.shuffle(g, cards)
    g.deck = cards
    # 5.1.5: the item supply.
    g.items = dict(ITEM_SUPPLY)
    # 5.1.1: random first player.
    if first_player is None:
        first_player = chance.first_player(g, n)
    g.first_seat = g.turn_seat = first_player
    order = tuple(sorted(range(n), key=lambda s: FACTIONS[factions[s]].setup_order))
    g.stack = [Frame("turn", None, {"i": 0}), Frame("setup", None, {"i": 0, "order": order})]
    if landmarks:
        # Appendix A step 5: the landmarks are set up before the hands are drawn (step 7).
        deal_landmarks(g, landmarks)
        return g
    deal_hands(g)
    return g


def check_seats(factions: list[str]) -> None:
    """Each faction once, and never a bot with the human faction whose pieces it plays
    (ValueError naming the problem)."""
    if len(set(factions)) != len(factions):
        raise ValueError("each faction can be played by one player only")
    boxes: dict[str, str] = {}
    for f in factions:
        box = FACTIONS[f].pieces or f
        if box in boxes:
            raise ValueError(
                f"{boxes[box]} and {f} play with the same pieces: only one of them can sit at "
                "the table"
            )
        boxes[box] = f


def check_cooperative(factions: list[str], cooperative: object) -> None:
    """Law of Rootbotics 3.5: fully cooperative play is the humans against the bots, so it
    needs at least one human faction and one Clockwork bot (ValueError naming the problem)."""
    if not isinstance(cooperative, bool):
        raise ValueError(f"cooperative: true or false, not {cooperative!r}")
    if not cooperative:
        return
    bots = [f for f in factions if FACTIONS[f].is_bot]
    if not bots or len(bots) == len(factions):
        raise ValueError(
            "cooperative play (Law of Rootbotics 3.5) is the human factions against the "
            "Clockwork bots: it needs at least one of each"
        )


def dominance_removed(factions: list[str] | tuple[str, ...], cooperative: bool) -> bool:
    """Whether the four dominance cards leave the deck at setup: with two players (5.1.3);
    with humans and Clockwork bots, LR 3.4's step in its place: whenever one or two humans
    play (a table of bots alone keeps 5.1.3: docs/rulings.md 405); always in fully
    cooperative play (LR 3.5)."""
    humans = sum(1 for f in factions if not FACTIONS[f].is_bot)
    if cooperative:
        return True
    if humans in (0, len(factions)):
        return len(factions) == 2
    return humans <= 2


def configure_bots(g: GameState, bots: object) -> None:
    """Law of Rootbotics 3.3: each bot's difficulty and traits (ValueError naming a faction
    that is not a bot of this game, or a setting it does not have)."""
    if bots is None:
        return
    if not isinstance(bots, dict):
        raise ValueError("bots: an object from bot faction to its difficulty and traits")
    for name, spec in bots.items():
        if name not in g.factions:
            raise ValueError(f"bots: {name!r} is not a faction of this game")
        f = FACTIONS[name]
        if not f.is_bot:
            raise ValueError(f"bots: {name} is not a Clockwork bot")
        f.configure(g.fs[g.factions.index(name)], spec)


def deal_hands(g: GameState) -> None:
    """5.1.3: everyone draws three cards, from the first player on; bots draw none (LR 3.4)."""
    for k in range(g.n):
        seat = (g.first_seat + k) % g.n
        if not FACTIONS[g.factions[seat]].is_bot:
            core.draw(g, seat, STARTING_HAND)


class Game:
    """A game in progress. Only ``apply`` changes it."""

    __slots__ = ("state", "trail", "unmarked", "origin", "meta", "checkpoints", "_legal")

    def __init__(
        self,
        state: GameState,
        history: list[str] | None = None,
        origin: str | None = None,
        marks: list[tuple[int, int]] | None = None,
        legal: list[Action] | None = None,
        trail: Trail | None = None,
        src: Game | None = None,
    ) -> None:
        """``history`` and ``marks``: see the properties. ``legal``: the pending decision's
        legal actions, when already known (a clone of a game); otherwise the engine runs up to
        the next decision and lists them. ``trail``: the decisions, shared with the game this
        one is a clone of (instead of ``history`` and ``marks``). ``src``: the game this one
        is a clone of (:meth:`clone`), whose ``state`` is ``state`` and whose other parts it
        copies or shares; the other arguments are then unused."""
        self.state = state
        if src is not None:
            # A clone (issue 14): nothing made to be thrown away.
            self.trail: Trail = src.trail.share()
            self.unmarked: int = src.unmarked
            self.origin: str = src.origin
            self.meta: dict[str, Any] = src.meta
            kept = src.checkpoints
            self.checkpoints: list[tuple[int, int, str]] | None = (
                None if kept is None else kept[:]
            )
            self._legal: list[Action] = src._legal
            return
        if legal is None:
            state.rule_memo = []  # built or edited from outside: count who rules afresh
            state.building_memo = None  # and find where the buildings stand afresh
            state.token_memo = None  # and the tokens
        tokens = history if history is not None else []
        given = marks if marks is not None else []
        if len(given) > len(tokens):
            raise PositionError("more undo marks than decisions in the history")
        self.unmarked = len(tokens) - len(given)
        """How many of the first decisions have no undo mark (a game saved without them)."""
        if trail is None:
            decided: list[Decision] = [(t, -1, -1) for t in tokens[: self.unmarked]]
            marked = zip(tokens[self.unmarked :], given, strict=True)
            decided += [(t, m[0], m[1]) for t, m in marked]
            trail = Trail(decided)
        self.trail = trail
        """The decisions taken, in order, shared with clones (``history`` and ``marks``)."""
        self.origin = origin if origin is not None else json.dumps(state.to_dict())
        """The state this game started from (JSON), before any decision: replaying
        ``history`` from it gives the present state."""
        self.meta = {}
        """How the game was made: ``new_game``'s arguments (seed, factions, map, first
        player), empty for a game built from a position."""
        self.checkpoints = (
            [] if state.log is not None and not len(self.trail) else None
        )
        """For a game that keeps an event log from its first decision: after each decision
        that ended a turn (or the game), (decisions so far, turn number, state hash), so that
        a record can be written from the log without replaying the game (records/native.py).
        None for other games."""
        self._legal = advance(state) if legal is None else legal

    @property
    def history(self) -> list[str]:
        """Tokens of the decisions taken, in order (forced steps are not recorded); a new
        list."""
        return self.trail.tokens(token)

    @property
    def marks(self) -> list[tuple[int, int]]:
        """For each decision of ``history`` (less the first ``unmarked``): (deciding seat,
        reveals before it), for undo; a new list."""
        return [(d[1], d[2]) for d in self.trail.decisions()[self.unmarked :]]

    # --- deciding ---------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The legal actions of the pending decision (empty once the game is over)."""
        return list(self._legal)

    def legal_tokens(self) -> list[str]:
        return [token(a) for a in self._legal]

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Apply one legal action. Raises :class:`IllegalAction` with the reason, leaving the
        game exactly as it was, when the action is not legal now (or ``seat`` is given and is
        not the deciding seat)."""
        if seat is None and type(action) is tuple:
            for x in self._legal:
                if x is action:
                    # An action taken from the legal list (what bots and front ends pass):
                    # found by identity, no element checks needed (the list is empty once
                    # the game is over).
                    self._do(action)
                    return
        a = _as_action(action)
        if self.state.winners:
            raise IllegalAction("the game is over")
        if seat is not None and seat != self.current_seat:
            raise IllegalAction(
                f"it is not seat {seat}'s decision: seat {self.current_seat} "
                f"({self.state.factions[self.current_seat or 0]}) decides now"
            )
        if a not in self._legal:
            raise IllegalAction(self.explain(a))
        self._do(a)

    def _do(self, a: Action) -> None:
        g = self.state
        f = g.stack[-1]
        g.decisions += 1
        decision: Decision = (a, f.seat if f.seat is not None else -1, g.reveals)
        self.trail.append(decision)
        if g.log is not None:
            flow.log_action(g, f, a, False)
        turn = g.turn_number
        flow.KINDS[f.kind].apply(g, f, a)
        self._legal = advance(g)
        if self.checkpoints is not None and checkpoint_due(g, turn):
            self.checkpoints.append((len(self.trail), g.turn_number, state_hash(g)))

    # --- undo (issue 3) ------------------------------------------------------------------
    def undo_point(self, seat: int | None = None) -> int | None:
        """The index in ``history`` of ``seat``'s previous decision that can be taken back:
        the latest one after which nothing hidden was revealed (no card drawn, no die rolled,
        no shuffle, no hand seen). None if there is none. ``seat`` defaults to the deciding
        seat."""
        marks = self.marks
        if seat is None:
            seat = self.current_seat
        if seat is None:
            seat = marks[-1][0] if marks else None
        now = self.state.reveals
        for k in range(len(marks) - 1, -1, -1):
            who, reveals = marks[k]
            if reveals != now:
                return None
            if who == seat:
                return k
        return None

    def can_undo(self, seat: int | None = None) -> bool:
        return self.undo_point(seat) is not None

    def undo(self, seat: int | None = None) -> None:
        """Go back to just before ``seat``'s previous decision (see :meth:`undo_point`).
        Raises :class:`IllegalAction` if that would hide something already revealed."""
        k = self.undo_point(seat)
        if k is None:
            raise IllegalAction(
                "nothing to undo: there is no earlier decision of this seat, or a card was "
                "drawn, a die rolled or a hand seen since"
            )
        back = replay(self.origin, self.history[:k])
        self.state, self.trail, self.unmarked, self.checkpoints, self._legal = (
            back.state,
            back.trail,
            back.unmarked,
            back.checkpoints,
            back._legal,
        )

    def explain(self, action: Action | str) -> str:
        """Why ``action`` is not legal now (or that it is)."""
        try:
            a = _as_action(action)
        except IllegalAction as e:
            return str(e)
        if a in self._legal:
            return f"'{token(a)}' is legal"
        if self.state.winners:
            return "the game is over"
        f = self.state.stack[-1]
        why = None
        ex = flow.EXPLAIN.get(f.kind)
        if ex is not None:
            try:
                why = ex(self.state, f, a)
            except (IndexError, KeyError, ValueError, TypeError):
                why = None
        kinds = sorted({str(x[0]) for x in self._legal})
        who = self.state.factions[f.seat] if f.seat is not None else "nobody"
        base = f"'{token(a)}' is not legal now"
        if why:
            return f"{base}: {why}"
        if a[0] not in kinds:
            return (
                f"{base}: {who} must decide '{PROMPTS.get(f.kind, f.kind)}', "
                f"which takes: {', '.join(kinds)}"
            )
        off = _element_off(a, self._legal)
        if off is not None:
            value, choices = off
            return (
                f"{base}: '{PROMPTS.get(f.kind, f.kind)}' offers {choices} here, not {value}"
            )
        return f"{base}: it is not one of the {len(self._legal)} legal actions"

    # --- reading ----------------------------------------------------------------------
    @property
    def current_seat(self) -> int | None:
        """The seat that decides now (None once the game is over)."""
        g = self.state
        if g.winners or not g.stack:
            return None
        return g.stack[-1].seat

    @property
    def current_faction(self) -> str | None:
        s = self.current_seat
        return None if s is None else self.state.factions[s]

    @property
    def decision(self) -> str:
        """The kind of the pending decision."""
        return "" if self.is_over else self.state.stack[-1].kind

    @property
    def prompt(self) -> str:
        return PROMPTS.get(self.decision, self.decision)

    @property
    def turn_seat(self) -> int:
        return self.state.turn_seat

    @property
    def phase(self) -> str:
        """setup, birdsong, daylight, evening, or over."""
        if self.is_over:
            return "over"
        return current_step(self.state)[0]

    @property
    def step(self) -> str:
        return "" if self.is_over else current_step(self.state)[1]

    @property
    def is_over(self) -> bool:
        return bool(self.state.winners)

    @property
    def winners(self) -> list[int]:
        return list(self.state.winners)

    @property
    def win_reason(self) -> str | None:
        return self.state.win_reason

    @property
    def scores(self) -> list[int]:
        return [s.vp for s in self.state.seats]

    @property
    def factions(self) -> tuple[str, ...]:
        return self.state.factions

    @property
    def turn_number(self) -> int:
        return self.state.turn_number

    def clone(self) -> Game:
        """An independent copy (the random generator too). The legal actions are shared (the
        list is replaced after each decision, never changed in place), and so are the
        decisions taken (``Trail.share``)."""
        return Game(self.state.clone(), src=self)

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """``copy.deepcopy`` makes the hand-written :meth:`clone` (OpenSpiel copies states so)."""
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickling (OpenSpiel serialises states so): made again by ``__init__`` with its state,
        origin and legal actions (nothing replayed), then given its other attributes (the
        decisions among them); the compiled core's ``__new__`` runs ``__init__``, so the
        default would call it with none."""
        return (Game, (self.state, None, self.origin, None, self._legal), self.__getstate__())

    def hash(self) -> str:
        """A hash of the game state (what records check at their checkpoints)."""
        return state_hash(self.state)

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may know (None: a spectator). Plain JSON-ready data."""
        from .views import view

        return view(self, seat)

    def events(self, seat: int | None, start: int = 0) -> list[JSON]:
        """The event log from ``start`` as ``seat`` may see it (views.events_for)."""
        from .views import events_for

        return events_for(self, seat, start)

    def describe(self, action: Action | str) -> str:
        """A readable description of an action."""
        from .describe import describe

        a = parse(action) if isinstance(action, str) else tuple(action)
        return describe(self.state, a)

    # --- saving -------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT_VERSION,
                "state": self.state.to_dict(),
                "history": self.history,
                "origin": self.origin,
                "marks": [list(m) for m in self.marks],
                "meta": self.meta,
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a game saved by :meth:`to_json`. Raises :class:`PositionError` if broken."""
        try:
            raw = json.loads(text)
            if raw.get("format") != FORMAT_VERSION:
                raise PositionError(f"unsupported save format {raw.get('format')!r}")
            state = state_from_dict(raw["state"])
            history = [str(x) for x in raw.get("history", [])]
            origin = raw.get("origin")
            if origin is not None and not isinstance(origin, str):
                raise PositionError("the saved origin must be a JSON text")
            marks = [(int(a), int(b)) for a, b in raw.get("marks", [])]
            if marks and len(marks) != len(history):
                raise PositionError("the saved undo marks do not match the history")
            game = cls(state, history, origin, marks or None)
            meta = raw.get("meta", {})
            if not isinstance(meta, dict):
                raise PositionError("the saved meta must be an object")
            game.meta = meta
            return game
        except PositionError:
            raise
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as e:
            raise PositionError(f"not a rootgame save: {type(e).__name__}: {e}") from e


def replay(origin: str, tokens: list[str]) -> Game:
    """The game that starts from ``origin`` (a state's JSON) and takes ``tokens`` in turn."""
    g = Game(state_from_dict(json.loads(origin)), origin=origin)
    for t in tokens:
        g.apply(t)
    return g


def state_hash(g: GameState) -> str:
    """A short hash of everything that matters for the rest of the game: pieces, cards, scores,
    boards and pending decisions (``GameState.hashed_dict``: not the generator, which a record
    replayed without it does not have, nor the log, whose size grows with the game)."""
    import hashlib

    text = json.dumps(g.hashed_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def checkpoint_due(g: GameState, turn: int) -> bool:
    """Whether a record keeps a hash checkpoint now, the last decision having been taken in
    turn ``turn``: when a round of turns is complete (the first player's turn comes again),
    and at the end of the game."""
    return bool(g.winners) or (g.turn_number != turn and g.turn_number % g.n == 0)


def _element_off(a: Action, legal: list[Action]) -> tuple[str, str] | None:
    """The first element of ``a`` that no legal action of its kind shares with it, after the
    elements before it that they do share, and the values allowed there: the learner is told
    which part of the action to change ("offers 1, 2, 3, 4 here, not 5")."""
    same = [x for x in legal if x[0] == a[0] and len(x) == len(a)]
    for i in range(1, len(a)):
        allowed = {x[i] for x in same if x[:i] == a[:i]}
        if allowed and a[i] not in allowed:
            shown = sorted((str(v) for v in allowed), key=lambda v: (len(v), v))
            text = ", ".join(shown[:12]) + (", ..." if len(shown) > 12 else "")
            return str(a[i]), text
    return None


def _as_action(action: object) -> Action:
    """An action from a token or a tuple; anything else is an :class:`IllegalAction`."""
    if isinstance(action, str):
        return parse(action)
    if isinstance(action, tuple | list) and action and all(
        isinstance(x, str | int) and not isinstance(x, bool) for x in action
    ):
        return tuple(action)
    raise BadToken(f"an action is a token such as 'move 5 1' or a tuple, not {action!r}")


def _check_cards(g: GameState) -> None:
    """Every card of the deck is in exactly one place (a corrupt save is refused)."""
    places = [g.deck, g.discard, g.available_dominance, g.removed_cards, g.market]
    for s in g.seats:
        places += [s.hand, s.persistent, [s.dominance] if s.dominance is not None else []]
    for k, name in enumerate(g.factions):
        places.append(FACTIONS[name].board_cards(g, k))
    seen: list[object] = [c for p in places for c in p]
    ids = sorted(x for x in seen if isinstance(x, int) and not isinstance(x, bool))
    want = list(deck_ids(g.shared_deck))
    if ids != want or len(seen) != len(want):
        raise PositionError(
            f"the saved cards are not the {len(want)} cards of the {g.shared_deck} deck, once each"
        )


def state_from_dict(d: dict[str, Any]) -> GameState:
    g = GameState()
    g.map = d["map"]
    load_board(g.map)
    g.suits = parse_layout(d["suits"]) if d.get("suits") else ""
    g.closed = tuple(sorted((min(a, b), max(a, b)) for a, b in d.get("closed", [])))
    g.ferry = int(d.get("ferry", 0))
    try:
        deck_ids(str(d.get("shared_deck", "base")))
    except ValueError as e:
        raise PositionError(f"shared_deck: {e}") from e
    g.shared_deck = str(d.get("shared_deck", "base"))
    g.cooperative = d.get("cooperative", False)
    if not isinstance(g.cooperative, bool):
        raise PositionError(f"cooperative: true or false, not {g.cooperative!r}")
    g.coffins = [int(x) for x in d.get("coffins", [])]
    g.landmarks = {str(k): int(v) for k, v in (d.get("landmarks") or {}).items()}
    for name in g.landmarks:
        if name not in LANDMARKS:
            raise PositionError(f"unknown landmark {name!r}; the landmarks: {', '.join(LANDMARKS)}")
    g.forge = {str(k): int(v) for k, v in (d.get("forge") or {}).items()}
    g.market = [int(x) for x in d.get("market") or []]
    slot = d.get("treetop_slot")
    g.treetop_slot = (int(slot[0]), str(slot[1])) if slot else None
    g.factions = tuple(d["factions"])
    for f in g.factions:
        if f not in FACTIONS:
            raise PositionError(f"unknown faction {f!r}")
    g.seats = [SeatState.from_dict(s) for s in d["seats"]]
    if len(g.seats) != len(g.factions):
        raise PositionError(f"{len(g.seats)} seats saved for {len(g.factions)} factions")
    g.fs = [FACTIONS[f].state_from_dict(x) for f, x in zip(g.factions, d["fs"], strict=True)]
    g.warriors = [tuple(map(int, w)) for w in d["warriors"]]
    g.buildings = [tuple((int(o), str(k)) for o, k in b) for b in d["buildings"]]
    g.tokens = [tuple((int(o), str(k)) for o, k in t) for t in d["tokens"]]
    g.deck = list(d["deck"])
    g.discard = list(d["discard"])
    g.available_dominance = list(d["available_dominance"])
    g.removed_cards = list(d["removed_cards"])
    g.items = {str(k): int(v) for k, v in d["items"].items()}
    g.first_seat = d["first_seat"]
    g.turn_seat = d["turn_seat"]
    g.turn_number = d["turn_number"]
    g.stack = [Frame.from_dict(f) for f in d["stack"]]
    g.rng = int(d["rng"])
    g.dice = [(int(a), int(b)) for a, b in d["dice"]]
    from .state import _from_jsonable

    g.turn = _from_jsonable(d["turn"])
    if "seen" in g.turn:
        g.turn["seen"] = {int(k): v for k, v in g.turn["seen"].items()}
    if "craft_used" in g.turn:
        g.turn["craft_used"] = dict(g.turn["craft_used"])
    g.winners = list(d["winners"])
    g.win_reason = d["win_reason"]
    g.decisions = d["decisions"]
    g.vp_log = [(int(a), int(b), str(c)) for a, b, c in d["vp_log"]]
    log = d.get("log")
    g.log = _from_jsonable(log) if isinstance(log, list) else None
    g.forced = [tuple(x) for x in d.get("forced", [])]
    g.reveals = int(d.get("reveals", 0))
    for fr in g.stack:
        if fr.kind not in flow.DECISIONS and fr.kind not in flow.DRIVERS:
            raise PositionError(f"unknown decision kind {fr.kind!r} in the saved stack")
    _check_cards(g)
    if not g.stack and not g.winners:
        raise PositionError("a saved game in progress must have a decision stack")
    return g
