"""The heuristic bot's framework: one evaluation of positions, one short lookahead, and a
policy per faction that names what its faction values and adds its own rules of thumb.

How the bot decides (docs/bots.md):

1. It draws one state consistent with its seat's information (``obs.sample``); everything it
   reads there that matters is public or its own (the board, the boards, its hand).
2. For each legal action it looks ahead: it applies the action on a copy, finishes its own
   follow-up steps (how many warriors to move, where the wood comes from) by taking the best,
   lets a battle run to its end (replies in the battle: see :func:`reply`), and evaluates the
   position. When dice or cards decide the outcome, it averages a few draws (the same draws for
   every action, so that luck does not pick the action). At a table with a Clockwork bot it
   stops at the end of the turn (:func:`turn_horizon`).
3. It adds its faction policy's bonus for the action (rules of thumb that a position value does
   not see: avoid turmoil, pick the leader for the situation, spring an ambush...).
4. It plays the best. The reason is data: the policy's rule, else the term of the evaluation
   that gained most (``TERM_TEXT``).

A position's value for ``seat`` is the sum of its own terms (its faction policy's
:meth:`Policy.terms`) minus ``ENEMY_WEIGHT`` times each other seat's own terms.
"""

from __future__ import annotations

from ...actions import Action
from ...factions.clockwork import is_bot
from ...i18n import N_
from ...rules.core import board, ruler
from ...state import GameState
from ..base import Bot, Choice, Observation, Reason
from ..sim import deciding, decision, step

ENEMY_WEIGHT = 0.8
VP = 4.0
"""What a victory point is worth in the evaluation (the "vp" term)."""
WIN = 1000.0

TERM_TEXT: dict[str, str] = {
    "vp": N_("scores VP"),
    "cards": N_("keeps cards in hand"),
    "warriors": N_("brings warriors onto the map"),
    "rule": N_("rules more clearings"),
    "effects": N_("gains a lasting card effect"),
    "buildings": N_("builds up its buildings"),
    "wood": N_("gathers wood"),
    "keep": N_("defends the keep"),
    "guard": N_("keeps warriors with its buildings"),
    "siege": N_("brings warriors against an enemy building"),
    "roosts": N_("builds a roost"),
    "decree": N_("keeps the Decree resolvable"),
    "sympathy": N_("spreads sympathy where it is safe"),
    "supporters": N_("gathers supporters"),
    "bases": N_("holds its bases"),
    "officers": N_("trains officers"),
    "staged": N_("puts warriors where they can organize"),
    "items": N_("keeps its items ready and in repair"),
    "relationships": N_("improves its relationships"),
    "opportunity": N_("goes where there is something to gain"),
    "rest": N_("rests in a forest to repair its items"),
    "enemy": N_("weakens the enemy"),
    "win": N_("wins the game"),
}
"""What a gain in each term of the evaluation means, for the reason shown to people (beside
the action, which the front end describes: ``args["action"]`` keeps its description)."""

PASSIVE = frozenset({"end", "done", "pass"})
"""Actions that do nothing more: preferred when nothing is gained."""

FOLLOW_UPS = frozenset(
    {
        "move_count",
        "cat_pay_wood",
        "ally_pay",
        "vb_exhaust",
        "vb_aid_take",
        "vb_quest_reward",
        "vb_ally_move",
        "vb_repair",
        "outrage",
    }
)
"""Decisions that only finish the bot's previous action: the lookahead takes the best (an
Outrage, 8.2.6, is paid by the piece's mover: its cost is part of the move or the battle)."""

IN_BATTLE = frozenset(
    {
        "ambush",
        "foil_ambush",
        "battle_effects",
        "effects_order",
        "take_hits",
        "field_hospital",
        "vb_damage",
        "enlist",
    }
)
"""Decisions inside a battle: the lookahead plays them with :func:`reply` until it ends."""

CHANCE_DRAWS = 3
"""How many draws of the dice and cards the lookahead averages when chance is involved."""


class Policy:
    """A faction's judgement. Subclass per faction, set ``faction``, override what differs,
    and register the instance with :func:`register_policy` (bots/heuristic/<faction>.py)."""

    faction = ""

    def terms(self, g: GameState, seat: int) -> dict[str, float]:
        """This seat's assets as named values (its own view of what it has)."""
        return general_terms(g, seat)

    def bonus(self, g: GameState, seat: int, kind: str, a: Action) -> tuple[float, Reason | None]:
        """A rule of thumb for action ``a`` of decision ``kind`` (added to its lookahead
        value), with the reason to show when it decides. The general ones: spring and foil
        ambushes (the lookahead counts the warriors removed, not the hits avoided)."""
        if kind == "ambush" and a[0] not in PASSIVE:
            return 1.5, Reason("ambush", N_("springs an ambush on the attacker"), {})
        if kind == "foil_ambush" and a[0] not in PASSIVE:
            return 1.5, Reason("foil-ambush", N_("foils the ambush with one of its own"), {})
        if avoids_outrage(g, seat, a):
            return 0.0, Reason(
                "avoid-outrage",
                N_("moves where no sympathy token makes it pay Outrage"),
                {"clearing": a[-1]},
            )
        return 0.0, None

    def shaping(self, g: GameState, seat: int, kind: str, a: Action) -> float:
        """The part of :meth:`bonus` that a search, which plays on past the action, still
        needs (bots/ismcts.py adds it to the seat's reward): by default all of it. A rule
        that only makes up for the lookahead's short sight is left out by the policy that
        has one (the search sees what comes next)."""
        return self.bonus(g, seat, kind, a)[0]

    def reply(self, g: GameState, seat: int, kind: str, acts: list[Action]) -> Action | None:
        """How this faction plays decision ``kind`` inside a battle in the lookahead, when
        it knows better than :func:`reply` (e.g. which item the Vagabond damages)."""
        return None


def outraged(g: GameState, seat: int, c: int) -> bool:
    """Whether moving warriors into ``c`` makes ``seat`` pay Outrage (8.2.6): another
    seat's sympathy token is there."""
    return any(o != seat and kind == "sympathy" for o, kind in g.tokens[c])


def avoids_outrage(g: GameState, seat: int, a: Action) -> bool:
    """Whether ``a`` moves warriors (``("move", ..., origin, destination)``) into a clearing
    without sympathy while a clearing next to the origin has some: the lookahead pays the
    Outrage of the other moves (a card from the hand, a supporter for the Alliance)."""
    if a[0] != "move" or len(a) < 3 or not isinstance(a[-1], int):
        return False
    o, d = a[-2], a[-1]
    if not isinstance(o, int) or outraged(g, seat, d):
        return False
    return any(outraged(g, seat, x) for x in board(g).adjacent[o])


def draw_seen_by_end(g: GameState, seat: int, n: int) -> float:
    """What the lookahead of ending Daylight (or the Evening's operations) gains from the
    Evening draw of ``n`` cards (6.6.4-like steps of every faction) that no other action's
    lookahead reaches: the "cards" term's change. A policy subtracts it, so that ending is
    not preferred for a card that comes anyway. Above five cards the lookahead stops at the
    discard, a decision, so it sees the hand before it (the term counts six at most): with
    five in hand, the draw still shows as a card gained."""
    hand = len(g.seats[seat].hand)
    return 1.0 * (min(hand + n, 6) - min(hand, 6))


POLICIES: dict[str, Policy] = {}
GENERAL = Policy()


def register_policy(p: Policy) -> Policy:
    POLICIES[p.faction] = p
    return p


def policy(faction: str) -> Policy:
    """The faction's policy; a faction without one is judged by the general terms."""
    return POLICIES.get(faction, GENERAL)


def general_terms(g: GameState, seat: int) -> dict[str, float]:
    """What every faction values: VP, cards in hand, warriors on the map, rule, and the
    lasting effects of cards it crafted."""
    b = board(g)
    p = g.seats[seat]
    on_map = sum(g.warriors[c][seat] for c in b.clearings)
    ruled = sum(1 for c in b.clearings if ruler(g, c) == seat)
    return {
        "vp": VP * p.vp,
        "cards": 1.0 * min(len(p.hand), 6),
        "warriors": 0.5 * on_map,
        "rule": 0.8 * ruled,
        "effects": 2.0 * len(p.persistent),
    }


def evaluate(g: GameState, seat: int) -> dict[str, float]:
    """The value of ``g`` for ``seat``, as named terms (their sum is the value)."""
    if g.winners:
        return {"win": WIN if seat in g.winners else -WIN}
    mine = policy(g.factions[seat]).terms(g, seat)
    enemy = 0.0
    for s in range(g.n):
        if s != seat:
            enemy -= ENEMY_WEIGHT * sum(policy(g.factions[s]).terms(g, s).values())
    mine["enemy"] = enemy
    return mine


def values(g: GameState) -> list[float]:
    """The value of ``g`` for every seat (the sums of :func:`evaluate`, computed at once)."""
    if g.winners:
        return [WIN if s in g.winners else -WIN for s in range(g.n)]
    own = [sum(policy(f).terms(g, s).values()) for s, f in enumerate(g.factions)]
    total = sum(own)
    return [v - ENEMY_WEIGHT * (total - v) for v in own]


def reply(g: GameState, seat: int, kind: str, acts: list[Action]) -> Action:
    """How the lookahead plays a decision inside a battle, for either side: spring or foil an
    ambush when it can (the prudent assumption about the other side), use no other effect,
    save no warriors, and take hits in the order offered, unless the faction's policy says
    otherwise (:meth:`Policy.reply`)."""
    own = policy(g.factions[seat]).reply(g, seat, kind, acts)
    if own is not None:
        return own
    if kind in ("ambush", "foil_ambush"):
        for a in acts:
            if a[0] not in PASSIVE:
                return a
    for a in acts:
        if a[0] in PASSIVE:
            return a
    return acts[0]


def settle(
    g: GameState, seat: int, acts: list[Action], depth: int, horizon: int | None
) -> tuple[GameState, dict[str, float] | None]:
    """Finish ``seat``'s follow-ups (the best for it, ``depth`` levels deep) and any battle
    (:func:`reply`), within turn ``horizon``: the state reached (``g`` or a copy of it), and
    its evaluation for ``seat`` when choosing among follow-ups computed it (else None: the
    caller evaluates, if it needs to, what no branch did)."""
    for _ in range(60):
        if not acts:
            break
        s = deciding(g)
        k = decision(g)
        if s == seat and k in FOLLOW_UPS and depth > 0:
            best: tuple[GameState, dict[str, float]] | None = None
            best_v = 0.0
            for b in acts:
                h = g.clone()
                h, terms = settle(h, seat, step(h, b, horizon), depth - 1, horizon)
                if terms is None:
                    terms = evaluate(h, seat)
                v = sum(terms.values())
                if best is None or v > best_v:
                    best, best_v = (h, terms), v
            assert best is not None
            return best
        if k not in IN_BATTLE or s is None:
            break
        acts = step(g, reply(g, s, k, acts), horizon)
    return g, None


def _settle(
    g: GameState, seat: int, acts: list[Action], depth: int, horizon: int | None
) -> dict[str, float]:
    """:func:`settle`, then the evaluation for ``seat`` (the one it made, if it made one)."""
    h, terms = settle(g, seat, acts, depth, horizon)
    return evaluate(h, seat) if terms is None else terms


def turn_horizon(g: GameState) -> int | None:
    """Where a lookahead stops: the end of the present turn at a table with a Clockwork bot
    (see :func:`lookahead`), else (None) at the next decision, whoever makes it: there the
    next player's turn stops at its first decision anyway."""
    return g.turn_number if any(is_bot(g, s) for s in range(g.n)) else None


def lookahead(g0: GameState, seat: int, a: Action, seeds: list[int]) -> dict[str, float]:
    """The evaluation after ``a`` and its follow-ups, averaged over chance when it matters.
    At a table with a Clockwork bot it looks no further than the end of the present turn:
    the bot's turn asks nothing, so it would be played whole after an action that ends the
    turn and not after one that leaves something to decide (``turn_horizon``)."""
    t = turn_horizon(g0)
    g = g0.clone()
    v = _settle(g, seat, step(g, a, t), 2, t)
    if g.reveals == g0.reveals:
        return v
    runs = [v]
    for sd in seeds:
        h = g0.clone()
        h.rng = sd
        runs.append(_settle(h, seat, step(h, a, t), 2, t))
    # The terms in the order the policy names them (a set of names would follow the
    # process's string hashing, and the float sums their order: games not reproducible).
    keys = list(dict.fromkeys(k for r in runs for k in r))
    return {k: sum(r.get(k, 0.0) for r in runs) / len(runs) for k in keys}


def best_reason(
    faction: str, before: dict[str, float], after: dict[str, float], action: str
) -> Reason:
    """The term that gained most, as a reason."""
    gains = {k: after.get(k, 0.0) - before.get(k, 0.0) for k in set(before) | set(after)}
    term, gain = max(gains.items(), key=lambda kv: (kv[1], kv[0]))
    if gain <= 0.05:
        return Reason(
            f"{faction}.no-gain", N_("nothing better to do"), {"action": action}
        )
    return Reason(
        f"{faction}.{term}",
        TERM_TEXT.get(term, N_("nothing better to do")),
        {"action": action, "gain": round(gain, 2)},
    )


class HeuristicBot(Bot):
    """Plays any faction with its policy (bots/heuristic/<faction>.py) and a short lookahead
    (see the module docstring)."""

    name = "heuristic"

    def decide(self, obs: Observation) -> Choice:
        acts = obs.legal
        g0 = obs.sample(self.rng)
        seat = obs.seat
        seeds = [self.rng.below(1 << 62) for _ in range(CHANCE_DRAWS - 1)]
        if len(acts) == 1:
            return Choice(acts[0], Reason("forced", N_("the only choice"), {}))
        scored = self.score(g0, seat, obs.decision, acts, seeds)
        best = max(range(len(acts)), key=lambda i: (scored[i][0], -i))
        value, terms, why = scored[best]
        if why is None:
            from ...describe import describe

            why = best_reason(obs.faction, evaluate(g0, seat), terms, describe(g0, acts[best]))
        return Choice(acts[best], why, {"value": round(value, 2)})

    def score(
        self, g0: GameState, seat: int, kind: str, acts: list[Action], seeds: list[int]
    ) -> list[tuple[float, dict[str, float], Reason | None]]:
        """(value, evaluation terms, policy reason) for each action."""
        pol = policy(g0.factions[seat])
        out: list[tuple[float, dict[str, float], Reason | None]] = []
        for a in acts:
            terms = lookahead(g0, seat, a, seeds)
            extra, why = pol.bonus(g0, seat, kind, a)
            if a[0] in PASSIVE:
                extra += 0.01
            out.append((sum(terms.values()) + extra, terms, why))
        return out

