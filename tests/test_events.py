"""The event log is the one account of a game (issue 7): every step, chosen or forced, is an
event; battles, turmoil and pieces have their own events; every VP change carries its reason.
The kinds and fields are documented in docs/records.md."""

from __future__ import annotations

import json
from typing import Any

import pytest
from lawkit import E, M, cid, pos

from rootgame import Game, flow, new_game
from rootgame.actions import parse, token
from rootgame.bots import RandomBot
from rootgame.game import state_from_dict
from rootgame.i18n import LANGUAGES
from rootgame.log_text import render_log

GAMES = 200
CHUNKS = 4


def _random_game(seed: int, factions: tuple[str, ...] = ("marquise", "eyrie")) -> Game:
    g = new_game(list(factions), seed=seed)
    bots = [RandomBot(seed * 16 + s + 1) for s in range(len(factions))]
    while not g.is_over and g.turn_number < 500:
        seat = g.current_seat
        assert seat is not None
        g.apply(bots[seat].choose(g))
    return g


def _check_dice_and_scores(g: Game) -> dict[str, int]:
    """Every roll of the dice belongs to a battle and is followed by the rolled hits; every VP
    change in the state is a score event with its reason and the new total, in order; every
    enemy building or token removed is scored by the remover at once."""
    log = g.state.log or []
    seen = {"dice": 0, "score": 0, "remove": 0}
    battle: dict[str, Any] | None = None
    totals = [0] * g.state.n
    scores: list[tuple[int, int, str]] = []
    for i, e in enumerate(log):
        k = e["kind"]
        if k == "battle":
            battle = e
        elif k == "dice":
            seen["dice"] += 1
            assert battle is not None, "a roll outside a battle"
            rolled = log[i + 1]
            assert rolled["kind"] == "rolled"
            # [the attacker's die, the defender's]: the higher first, unless the defender
            # deals the higher (Guerrilla War, 8.2.2).
            guerrilla = g.factions[battle["defender"]] == "alliance"
            assert rolled["roll"] == sorted(e["roll"], reverse=not guerrilla)
            assert (rolled["seat"], rolled["defender"], rolled["clearing"]) == (
                battle["seat"], battle["defender"], battle["clearing"],
            )
        elif k == "score":
            seen["score"] += 1
            totals[e["seat"]] += e["vp"]
            assert e["total"] == totals[e["seat"]]
            assert e["reason"]
            scores.append((e["seat"], e["vp"], e["reason"]))
        elif k == "remove" and e["piece"] != "warrior" and e["by"] not in (None, e["seat"]):
            seen["remove"] += 1
            # The score follows the removal, after what the loss of a base costs the
            # Alliance (8.2.4: supporters of its suit and half its officers).
            nxt = log[i + 2] if log[i + 1]["kind"] == "base_lost" else log[i + 1]
            if g.state.seats[e["by"]].dominance is None:
                assert (nxt["kind"], nxt["seat"], nxt["vp"], nxt["reason"]) == (
                    "score", e["by"], 1, "removed " + e["piece"],
                )
    assert scores == g.state.vp_log
    assert totals == g.scores
    return seen


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_dice_roll_and_vp_change_has_a_matching_event(chunk: int) -> None:
    per = GAMES // CHUNKS
    seen = {"dice": 0, "score": 0, "remove": 0}
    for seed in range(chunk * per, (chunk + 1) * per):
        g = _random_game(seed)
        for k, v in _check_dice_and_scores(g).items():
            seen[k] += v
        # The chosen decisions are exactly the history; the others were forced.
        chosen = [e["token"] for e in g.state.log or [] if e["kind"] == "action"
                  and not e["forced"]]
        assert chosen == g.history
    assert seen["dice"] > 100 and seen["score"] > 1000 and seen["remove"] > 50


def test_forced_steps_are_logged_like_chosen_ones() -> None:
    """Replaying the game's decisions from its start, the forced steps the engine applies are
    the action events marked forced, in the same places."""
    g = _random_game(5)
    replay = state_from_dict(json.loads(g.origin))
    replay.log = None
    steps: list[tuple[int | None, str, bool]] = []
    flow.advance(replay, lambda s, f, a: steps.append((f.seat, token(a), True)))
    for tok in g.history:
        f = replay.stack[-1]
        steps.append((f.seat, tok, False))
        flow.DECISIONS[f.kind][1](replay, f, parse(tok))
        flow.advance(replay, lambda s, f, a: steps.append((f.seat, token(a), True)))
    logged = [(e["seat"], e["token"], e["forced"]) for e in g.state.log or []
              if e["kind"] == "action"]
    assert logged == steps
    assert sum(1 for s in steps if s[2]) > 50


def test_4_3_battle_events_name_ambush_roll_hits_removals_and_vp() -> None:
    # The Eyrie (defender) ambush: two of the five attacking warriors go; the battle rolls:
    # three hits (capped by the three warriors left) remove both Eyrie warriors and the roost,
    # which scores; the Eyrie's one hit removes a warrior.
    g = pos(
        log=True,
        turn="marquise",
        at="daylight:actions",
        clearings={"8": {"marquise": "5w", "eyrie": "2w roost"}, "1": {"marquise": "keep"}},
        hands={"eyrie": ["ambush:bird"], "marquise": []},
        turn_state={"actions": 1},
        dice=[[3, 1]],
    )
    g.apply("battle 8 1")
    g.apply(f"ambush {cid('ambush:bird')}")
    kinds = [(e["kind"], e.get("seat")) for e in g.events(None)]
    battle = kinds.index(("battle", M))
    assert kinds[battle:] == [
        ("battle", M), ("action", E), ("ambush", E), ("hits", E), ("remove", M),
        ("dice", None), ("rolled", M), ("hits", M), ("hits", E), ("remove", E), ("remove", E),
        ("score", M), ("remove", M),
    ] + kinds[battle + 13:]
    ev = g.events(None)[battle:]
    assert ev[3] == {"kind": "hits", "seat": E, "target": M, "clearing": 8, "hits": 2,
                     "ambush": True}
    assert ev[4] == {"kind": "remove", "seat": M, "clearing": 8, "piece": "warrior",
                     "count": 2, "by": E}
    assert ev[6]["hits"] == [3, 1]
    assert ev[7] == {"kind": "hits", "seat": M, "target": E, "clearing": 8, "hits": 3,
                     "rolled": 3, "extra": 0, "defenseless": False, "ignored": False}
    assert ev[11] == {"kind": "score", "seat": M, "vp": 1, "reason": "removed roost",
                      "total": 1}


def test_7_7_turmoil_events_humiliate_purge_depose_and_the_new_leader() -> None:
    g = pos(
        log=True,
        turn="eyrie",
        at="daylight:decree",
        clearings={"3": {"eyrie": "1w roost"}, "1": {"marquise": "1w keep"}},
        eyrie={"leader": "builder", "face_up": ["charismatic"],
               "decree": {"recruit": ["vizier"], "move": ["vizier", "anvil"]}},
        vp={"eyrie": 5},
    )
    # Recruit, then the move column: the fox card cannot be done (no warrior in a fox
    # clearing), so the Eyrie fall into turmoil.
    while g.decision == "decree":
        moves = [t for t in g.legal_tokens() if t.startswith("turmoil")]
        g.apply(moves[0] if moves else g.legal_tokens()[0])
    ev = [e for e in g.events(None) if e["kind"] in
          ("turmoil", "humiliate", "score", "purge", "depose", "leader")]
    assert ev[:5] == [
        {"kind": "turmoil", "seat": E},
        {"kind": "humiliate", "seat": E, "birds": 2, "vp": 2},
        {"kind": "score", "seat": E, "vp": -2, "reason": "humiliate", "total": 3},
        {"kind": "purge", "seat": E, "cards": [cid("anvil")]},
        {"kind": "depose", "seat": E, "leader": "builder", "new_clutch": False},
    ]
    # Only the Charismatic is face up: the new leader is forced, and logged as such.
    assert ev[5] == {"kind": "leader", "seat": E, "leader": "charismatic"}
    (pick,) = [e for e in g.events(None) if e["kind"] == "action"
               and e["decision"] == "eyrie_leader"]
    assert (pick["token"], pick["forced"]) == ("leader charismatic", True)


def test_6_4_birdsong_wood_is_placed_and_logged_as_events() -> None:
    g = pos(
        log=True,
        turn="marquise",
        at="birdsong",
        clearings={"1": {"marquise": "1w keep sawmill"}, "5": {"marquise": "1w sawmill"},
                   "3": {"eyrie": "2w roost"}},
        hands={"marquise": ["anvil"]},
    )
    placed = [(e["clearing"], e["piece"]) for e in g.events(None) if e["kind"] == "place"]
    assert placed[:2] == [(1, "wood"), (5, "wood")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_kind_is_rendered_in_words(lang: str) -> None:
    g = _random_game(3)
    kinds = {e["kind"] for e in g.state.log or []}
    assert {"battle", "rolled", "hits", "remove", "place", "move", "score"} <= kinds
    lines = render_log(g, 0, lang)
    raw = [line for line in lines if line.split(":", 1)[0] in kinds and "{" in line]
    assert raw == []
    assert len(lines) == len([e for e in g.state.log or [] if e["kind"] != "pick"])


VAGABOND_KINDS = {"pawn", "item", "relationship", "quest", "quests", "give", "explore"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_9_vagabond_events_are_scored_and_rendered_in_words(lang: str) -> None:
    """Games with the Vagabond: his items, relationships, Aid, ruins and quests are events,
    each rendered as a sentence (never the raw event), and the scores add up."""
    kinds: set[str] = set()
    for seed, factions in ((1, ("vagabond", "marquise")), (2, ("eyrie", "vagabond")),
                           (3, ("marquise", "vagabond", "alliance", "eyrie"))):
        g = _random_game(seed, factions)
        _check_dice_and_scores(g)
        seen = {e["kind"] for e in g.state.log or []}
        kinds |= seen
        lines = render_log(g, None, lang)
        raw = [line for line in lines if line.split(":", 1)[0] in seen and "{" in line]
        assert raw == []
    assert VAGABOND_KINDS <= kinds
