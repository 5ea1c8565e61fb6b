"""Information-set Monte Carlo tree search (SO-ISMCTS: Cowling, Powley and Whitehouse, 2012).

Each iteration draws a determinization of the bot's information set (``obs.sample``: the
other hands, the draw pile and the future dice drawn anew), walks the one tree with UCB
restricted to the actions legal in that determinization (each child's *availability* counts
the iterations where it could have been chosen), adds one node, values the leaf (below), and
backs up a reward for every seat. Chance (dice, draws) happens inside the determinization, so
the tree holds decisions only: edges are action tokens, for every seat's decisions.

- **Horizon**: with ``horizon="turn"`` (the default) the tree ends with the present turn:
  no step is taken once the root's turn is over (``sim.step``'s horizon), and the leaf there
  is the position the turn leaves. Searched on into the other seat's turn (``"game"``), the
  first visits of its decisions are its worst moves (untried actions come in the order the
  engine lists them), so handing the turn over looked good: the Marquise ended her Daylight
  with actions left (an Eyrie adding a random card to its Decree foresees turmoil).
- **Leaf values**: ``rollout_depth`` random decisions (0 by default), then the deciding seat's
  follow-ups and any battle settled as the heuristic's lookahead does (``settle``:
  ``heuristic.core.settle``, the best count for the mover, the battle played to its end),
  then the heuristic evaluation (bots/heuristic/core.py ``values``): each seat's gain over
  its value at the root, plus the rules of thumb of the actions it took on the way
  (``shaping``: ``Policy.shaping``, read once per node, and for each forced step on the way;
  ending Daylight is worth minus the Evening draw that comes anyway, the Eyrie's turmoil
  -15, chosen or forced), mapped to 0..1 by a logistic of
  scale ``scale``; a finished game scores 1 for the winners and 0 for the others.
- **Leaf terms**: ``leaf_terms`` (none by default; ``LEAF_TERMS``) names terms the leaf adds
  to a seat's own value on top of the heuristic's (and the others subtract, with the
  heuristic's enemy weight): what a position at the end of the turn holds for the turns to
  come, which the heuristic's one-step lookahead does not need (``roost_guard``: the Eyrie's
  roosts the enemy can reach next turn, above all a lone one; ``decree_doom``: a Decree the
  Eyrie's next turn cannot carry out, charged as the turmoil it foretells).
- **Guidance**: the root's actions are scored once by the heuristic bot's lookahead, and that
  score is a progressive bias (Chaslot et al. 2008) of weight ``bias`` that fades as visits
  grow; without visits the best-scored action is tried first. Progressive unpruning (the
  same paper): the root searches only the ``width`` best-scored actions, one more each time
  its visits double past 16, so that a budget of tens or hundreds of iterations is not spread
  over dozens of actions (``width=0``: all of them). Below the root the decisions in
  ``guided`` (none by default; ``GUIDED``: the Eyrie's Decree adds) are scored and unpruned
  the same way, with ``guided_width``, when the tree first meets them. The decisions in
  ``follow`` (none by default) are the heuristic's: played as it chooses at the root, its
  best only below.
- **Budget**: ``iterations`` per decision, or ``budget_ms`` for the whole decision, the
  root's scoring included, less a margin of 5% for what surrounds the search. The clock is
  wall time (``clock="wall"``, ``ismcts:200ms``) or the deciding thread's CPU time
  (``clock="cpu"``, ``ismcts:200cpums``): wall time is what a player waits, and on a shared
  machine it measures the load as much as the bot; CPU time buys the same search whatever
  the load, so strength figures compare across runs (only iterations make a game exactly
  reproducible).
- **Reuse**: the tree is kept between decisions; when the game's history since the previous
  root is a path of the tree (the bot's own consecutive decisions, or the other seats' moves
  it explored), that node becomes the new root with its statistics.

The move played is the root child with the most visits.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from ..actions import Action, token
from ..factions.eyrie import COLUMNS, roosts_on_map
from ..factions.eyrie import st as eyrie_state
from ..i18n import N_
from ..rules.core import board, card_suit
from ..state import Frame, GameState
from . import register
from .base import Bot, Choice, Observation, Reason
from .heuristic.core import ENEMY_WEIGHT, VP, HeuristicBot, policy, settle, values
from .heuristic.eyrie import (
    DECREE_CARD,
    TURMOIL,
    decree_cards,
    moves_left,
    turmoil_risk,
    unresolvable,
)
from .sim import deciding, decision, legal, step

CLOCKS: dict[str, Callable[[], float]] = {
    "wall": time.perf_counter,
    "cpu": time.thread_time,
}
"""The clocks a time budget can count (seconds): wall time, or the CPU time of the thread
that decides (the search runs in the caller's thread; other processes' load does not count)."""

GUIDED = ("decree_add",)
"""Decisions below the root worth guiding (``guided=GUIDED``; off by default): the heuristic's
lookahead ranks them when the tree first meets them (once per node, on that iteration's
sample), its scores are the children's priors and only the best ``guided_width`` are
searched at first (progressive unpruning, as at the root). The Eyrie's second Decree card
comes below the root, where an untried child is the engine's first. Paired runs did not show
a gain (docs/bots.md, Strength), so the default leaves the tree below the root unguided."""

def roost_guard(g: GameState, seat: int) -> float:
    """The Eyrie's roosts within the enemy's reach next turn (7.6.1: a roost is its VP every
    Evening and where it recruits; a Recruit card with no roost left means turmoil, 7.7).
    For each roost, the enemy's strength there is its warriors in the clearing plus the most
    in one clearing next to it; against none of the Eyrie's warriors (the defenseless hit,
    4.3.5.II, takes it) -2, against fewer -1; twice that for the Eyrie's only roost."""
    if g.factions[seat] != "eyrie":
        return 0.0
    b = board(g)
    total = 0.0
    for c in b.clearings:
        if (seat, "roost") not in g.buildings[c]:
            continue
        w = g.warriors
        near = max(
            (sum(w[x][s] for s in range(g.n) if s != seat) for x in b.adjacent[c]), default=0
        )
        threat = sum(w[c][s] for s in range(g.n) if s != seat) + near
        mine = w[c][seat]
        if threat and not mine:
            total -= 2.0
        elif threat > mine:
            total -= 1.0
    return 2.0 * total if roosts_on_map(g, seat) == 1 else total


DOOM = 0.8
"""The share of a foretold turmoil's cost ``decree_doom`` charges: the next turn may still
mend the Decree (the enemy moves into a clearing the Battle card needs)."""


def decree_doom(g: GameState, seat: int) -> float:
    """The Eyrie's Decree, once this turn's is carried out, that its next turn cannot carry
    out on the board as it stands (7.5.2). The turmoil it foretells (7.7) costs, when it
    comes, the rule of thumb's ``TURMOIL``, a VP for each bird card (Humiliate, 7.7.1) and
    the cards purged beyond the Loyal Viziers (7.7.2); the heuristic's "decree" term charges
    only ``turmoil_risk`` and the worth of the cards that fail, so a turn that left the
    Decree doomed looked far cheaper than one that fell into turmoil before its end. The
    term charges the rest, times ``DOOM``."""
    if g.factions[seat] != "eyrie":
        return 0.0
    fs = eyrie_state(g, seat)
    if fs.col < len(COLUMNS) or any(f.kind == "decree" and f.seat == seat for f in g.stack):
        return 0.0  # the Decree is still being carried out (or turmoil purged it)
    whole = decree_cards(g, seat, fs)
    bad = unresolvable(g, seat, whole, moves_left(g, seat, fs))
    if not bad:
        return 0.0
    birds = sum(1 for _, c in whole if card_suit(c) == "bird")
    purged = max(0, sum(1 for _, c in whole if c >= 0) - bad)
    return -DOOM * (TURMOIL + VP * birds - turmoil_risk(1, birds) + DECREE_CARD * purged)


LEAF_TERMS: dict[str, Callable[[GameState, int], float]] = {
    "roost_guard": roost_guard,
    "decree_doom": decree_doom,
}
"""Terms a leaf may add to a seat's own value (``leaf_terms``), by name."""

MARGIN = 0.05
"""The share of a time budget left for what surrounds the search (picking the move, the
caller observing the game), so that a decision, timed from outside, stays within it."""


_TOKENS: dict[Action, str] = {}
"""Tokens of the actions met in search (an iteration names every legal action at every node
it walks through; the engine's actions repeat)."""


def _token(a: Action) -> str:
    t = _TOKENS.get(a)
    if t is None:
        if len(_TOKENS) > 100_000:
            _TOKENS.clear()
        t = _TOKENS[a] = token(a)
    return t


class Node:
    """One decision point of the tree (an information set of the searching seat's view)."""

    __slots__ = ("children", "visits", "reward", "avail", "prior", "bonus", "ranked")

    def __init__(self, n_seats: int) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.reward = [0.0] * n_seats
        """Summed rewards of every seat over the iterations through this node."""
        self.avail = 0
        """Iterations in which this node's action was legal at its parent (ISMCTS)."""
        self.prior = 0.5
        self.bonus = 0.0
        """The deciding seat's rule of thumb for this node's action (``Policy.shaping``),
        read when the node is made: a term of that seat's reward below it."""
        self.ranked: list[str] | None = None
        """The tokens of this node's actions, best scored by the heuristic first, at the
        root and at a guided decision (``guided``); None where nothing scored them."""


class IsmctsBot(Bot):
    """SO-ISMCTS over determinizations (see the module docstring). Options: ``iterations``
    or ``budget_ms`` (counted on ``clock``: ``"wall"`` or ``"cpu"``); ``rollout_depth``,
    ``exploration``, ``bias``, ``scale``, ``width``, ``settle``, ``shaping``, ``horizon``
    (``"turn"`` or ``"game"``), ``guided`` (decision kinds ranked below the root),
    ``guided_width``, ``follow`` (decision kinds played as the heuristic chooses) and
    ``leaf_terms`` (names in ``LEAF_TERMS``)."""

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        budget_ms: float | None = None,
        clock: str = "wall",
        rollout_depth: int = 0,
        exploration: float = 0.7,
        bias: float = 1.0,
        scale: float = 6.0,
        width: int = 5,
        settle: bool = True,
        shaping: bool = True,
        horizon: str = "turn",
        guided: tuple[str, ...] = (),
        guided_width: int = 2,
        follow: tuple[str, ...] = (),
        leaf_terms: tuple[str, ...] = (),
    ) -> None:
        super().__init__(seed)
        if iterations is None and budget_ms is None:
            iterations = 200
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if budget_ms is not None and budget_ms <= 0:
            raise ValueError("budget_ms must be positive")
        if clock not in CLOCKS:
            raise ValueError(f"clock must be one of {', '.join(CLOCKS)}, not {clock!r}")
        self.clock = clock
        self._now = CLOCKS[clock]
        self.iterations = iterations
        self.budget_ms = budget_ms
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.bias = bias
        if rollout_depth < 0:
            raise ValueError("rollout_depth must be 0 or more")
        if width < 0:
            raise ValueError("width must be 0 (every action) or more")
        self.scale = scale
        self.width = width
        self.settle = settle
        self.shaping = shaping
        if horizon not in ("game", "turn"):
            raise ValueError(f"horizon must be 'game' or 'turn', not {horizon!r}")
        self.horizon = horizon
        if guided_width < 0:
            raise ValueError("guided_width must be 0 (every action) or more")
        self.follow = frozenset(follow)
        self.guided = frozenset(guided) | self.follow  # below the root, the heuristic's best
        self.guided_width = guided_width
        unknown = [t for t in leaf_terms if t not in LEAF_TERMS]
        if unknown:
            raise ValueError(f"leaf_terms: no term {', '.join(unknown)}")
        self.leaf_terms = tuple(LEAF_TERMS[t] for t in leaf_terms)
        self._root: Node | None = None
        self._root_len = -1
        self._guide = HeuristicBot(seed)
        self._base: list[float] = []

    @classmethod
    def parse_option(cls, text: str) -> dict[str, Any]:
        """``200ms`` -> a wall-time budget; ``200cpums`` (or ``1cpus``) -> a CPU-time
        budget; ``500`` or ``500it`` -> iterations."""
        t = text.strip().lower()
        try:
            if t.endswith("cpums"):
                return {"budget_ms": float(t[:-5]), "clock": "cpu"}
            if t.endswith("cpus"):
                return {"budget_ms": 1000 * float(t[:-4]), "clock": "cpu"}
            if t.endswith("ms"):
                return {"budget_ms": float(t[:-2])}
            if t.endswith("s"):
                return {"budget_ms": 1000 * float(t[:-1])}
            return {"iterations": int(t.removesuffix("it"))}
        except ValueError:
            raise ValueError(
                f"ismcts: a budget such as 200ms, 1s, 200cpums (CPU time) or 500 (iterations), "
                f"not {text!r}"
            ) from None

    @property
    def spec(self) -> str:
        if self.budget_ms is not None:
            return f"ismcts:{self.budget_ms:g}{'cpu' if self.clock == 'cpu' else ''}ms"
        return f"ismcts:{self.iterations}"

    # --- deciding --------------------------------------------------------------------------
    def decide(self, obs: Observation) -> Choice:
        acts = obs.legal
        if len(acts) == 1:
            return Choice(acts[0], Reason("forced", N_("the only choice"), {}))
        if obs.decision in self.follow:
            self._root = None
            c = self._guide.decide(obs)
            return Choice(c.action, c.reason, {"followed": True})
        n = len(obs.factions)
        now = self._now
        start = now()
        root = self._reuse(obs.history, n)
        reused = root.visits
        self._set_priors(obs, root, acts)
        done = 0
        searching = now()
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if self.budget_ms is not None:
                # Stop when one more iteration (at the mean pace so far) would overrun the
                # budget less its margin (the choice, and the caller's observation).
                tick = now()
                pace = (tick - searching) / done if done else 0.0
                if (tick - start + pace) * 1000 >= self.budget_ms * (1 - MARGIN):
                    break
            self._iterate(obs.sample(self.rng), root, obs.seat)
            done += 1
        tokens = {token(a): a for a in acts}
        best = max(
            tokens,
            key=lambda t: (
                root.children[t].visits if t in root.children else -1,
                root.children[t].prior if t in root.children else 0.0,
            ),
        )
        child = root.children[best]
        self._root, self._root_len = child, len(obs.history) + 1
        rate = child.reward[obs.seat] / child.visits if child.visits else 0.0
        elapsed = (now() - start) * 1000
        searched = sum(1 for t in tokens if t in root.children and root.children[t].visits)
        return Choice(
            tokens[best],
            Reason(
                "ismcts.search",
                N_("searched {iterations} samples: chosen {visits} times, expected {rate}%"),
                {"iterations": done, "visits": child.visits, "rate": round(100 * rate)},
            ),
            {
                "iterations": done,
                "reused": reused,
                "searched": searched,
                "ms": round(elapsed, 1),
                "clock": self.clock,
            },
        )

    def _reuse(self, history: list[str], n: int) -> Node:
        """The node for the present decision if the tree has it, else a fresh root."""
        node = self._root
        if node is not None and 0 < self._root_len <= len(history):
            for t in history[self._root_len :]:
                node = node.children.get(t)
                if node is None:
                    break
            if node is not None:
                return node
        return Node(n)

    def _set_priors(self, obs: Observation, root: Node, acts: list[Action]) -> None:
        """The heuristic bot's lookahead scores of the root's actions, scaled to 0..1."""
        g = obs.sample(self._guide.rng)
        self._base = self._values(g)
        self._rank(root, g, obs.seat, obs.decision, acts)

    def _rank(self, node: Node, g: GameState, seat: int, kind: str, acts: list[Action]) -> None:
        """Score ``node``'s actions (``seat``'s decision ``kind`` in ``g``) with the heuristic
        bot's lookahead: each child's prior, 0..1, and the node's ranking."""
        seeds = [self._guide.rng.below(1 << 62)]
        scored = self._guide.score(g, seat, kind, acts, seeds)
        vals = [s[0] for s in scored]
        lo, hi = min(vals), max(vals)
        for a, v in zip(acts, vals, strict=True):
            t = _token(a)
            child = node.children.get(t) or self._child(node, t, g, seat, kind, a)
            child.prior = (v - lo) / (hi - lo) if hi > lo else 0.5
        node.ranked = sorted((_token(a) for a in acts), key=lambda t: -node.children[t].prior)

    def _child(
        self, node: Node, t: str, g: GameState, seat: int, kind: str, a: Action
    ) -> Node:
        """A new child of ``node`` for action ``a`` (token ``t``) of ``seat``'s decision
        ``kind`` in ``g``, with the seat's rule of thumb for it when ``shaping``."""
        c = node.children[t] = Node(g.n)
        if self.shaping:
            c.bonus = policy(g.factions[seat]).shaping(g, seat, kind, a)
        return c

    def _candidates(
        self, node: Node, options: dict[str, Action], width: int, grow: bool = True
    ) -> dict[str, Action]:
        """Progressive unpruning at a node the heuristic ranked (the root, a guided
        decision): the ``width`` actions it scores best, one more each time the node's
        visits double past 16 (every action when ``width`` is 0). A few hundred iterations
        spread over dozens of actions would leave each with a handful of noisy samples."""
        if not width or node.ranked is None:
            return options
        k = width + (int(math.log2(1 + node.visits / 16)) if grow else 0)
        if k >= len(options):
            return options
        keep = [t for t in node.ranked if t in options][:k]
        return {t: options[t] for t in keep} if keep else options

    def _iterate(self, g: GameState, root: Node, me: int) -> None:
        path = [root]
        node = root
        acts = legal(g)
        expanded = False
        shaped = [0.0] * g.n
        end = g.turn_number if self.horizon == "turn" else None

        def forced(h: GameState, f: Frame, a: Action) -> None:
            # A forced step's rule of thumb counts too: an Eyrie left with only turmoil
            # to resolve (7.7) pays it as when it chose it.
            if f.seat is not None:
                shaped[f.seat] += policy(h.factions[f.seat]).shaping(h, f.seat, f.kind, a)

        on_forced = forced if self.shaping else None
        while acts and not expanded:
            seat = deciding(g)
            assert seat is not None
            options = {_token(a): a for a in acts}
            kind = decision(g)
            if node is root:
                options = self._candidates(root, options, self.width)
            elif kind in self.guided:
                if node.ranked is None:
                    self._rank(node, g, seat, kind, acts)
                if kind in self.follow:
                    options = self._candidates(node, options, 1, grow=False)
                else:
                    options = self._candidates(node, options, self.guided_width)
            for t, a in options.items():
                c = node.children.get(t) or self._child(node, t, g, seat, kind, a)
                c.avail += 1
            untried = [t for t in options if node.children[t].visits == 0]
            if untried:
                t = max(untried, key=lambda x: node.children[x].prior)
                expanded = True
            else:
                t = self._select(node, options, seat)
            node = node.children[t]
            shaped[seat] += node.bonus
            path.append(node)
            acts = step(g, options[t], end, on_forced)
        rewards = self._leaf(g, acts, shaped, end)
        for nd in path:
            nd.visits += 1
            for s, r in enumerate(rewards):
                nd.reward[s] += r

    def _select(self, node: Node, legal: dict[str, Action], seat: int) -> str:
        best_t, best_v = "", -math.inf
        for t in legal:
            c = node.children[t]
            v = (
                c.reward[seat] / c.visits
                + self.exploration * math.sqrt(math.log(c.avail) / c.visits)
                + self.bias * c.prior / (c.visits + 1)
            )
            if v > best_v:
                best_t, best_v = t, v
        return best_t

    def _leaf(
        self, g: GameState, acts: list[Action], shaped: list[float], end: int | None
    ) -> list[float]:
        """Rewards of every seat: a short random rollout, then the evaluation."""
        for _ in range(self.rollout_depth):
            if not acts:
                break
            acts = step(g, acts[self.rng.below(len(acts))], end)
        if self.settle and acts:
            seat = deciding(g)
            assert seat is not None
            g = settle(g, seat, acts, 2, end)[0]
        if g.winners:
            return [1.0 if s in g.winners else 0.0 for s in range(g.n)]
        return [
            1.0 / (1.0 + math.exp(-(v - b + x) / self.scale))
            for v, b, x in zip(self._values(g), self._base, shaped, strict=True)
        ]

    def _values(self, g: GameState) -> list[float]:
        """The heuristic's values of ``g`` with the ``leaf_terms`` added: each seat's own
        extra, less the enemy weight times the others'."""
        v = values(g)
        if not self.leaf_terms or g.winners:
            return v
        extra = [sum(f(g, s) for f in self.leaf_terms) for s in range(g.n)]
        total = sum(extra)
        return [x + e - ENEMY_WEIGHT * (total - e) for x, e in zip(v, extra, strict=True)]


register(IsmctsBot)
