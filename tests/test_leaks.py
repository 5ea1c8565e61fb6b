"""Hidden information (1.2.1): what a seat sees never depends on what it cannot see.

For each faction, mid-game states of random games are taken; everything the seat cannot see
(the other hand, the order of the draw pile, and in the event log the other seat's draws,
shuffles, random picks and looks) is redrawn, and the seat's view and event log must stay
the same. Whether a decision is asked at all must not depend on the deciding player's hand
either: an opponent sees who is deciding.
"""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import codebreakers, mid_games, pos3, resample, stand_and_deliver

from rootgame import Game, flow, new_game
from rootgame.bots import RandomBot
from rootgame.cards import ids_for_key
from rootgame.position import build
from rootgame.rng import Rng

FACTIONS = ("marquise", "eyrie")
THREE = ["marquise", "eyrie", "alliance"]


@pytest.mark.parametrize("factions", [("vagabond", "marquise"), ("eyrie", "vagabond")])
@pytest.mark.parametrize("faction", ["vagabond", "other", None])
def test_1_2_1_the_vagabond_game_views_and_events_do_not_depend_on_hidden_information(
    factions: tuple[str, str], faction: str | None
) -> None:
    """With the Vagabond, the ruins' items and the quest deck are hidden too."""
    rng = Rng(8)
    changed = 0
    for game in mid_games(factions, range(3)):
        seat = None
        if faction is not None:
            seat = game.factions.index("vagabond")
            seat = seat if faction == "vagabond" else 1 - seat
        view, events = game.view(seat), game.events(seat)
        vb = game.state.fs[game.factions.index("vagabond")]
        for _ in range(3):
            h = resample(game, seat, rng)
            hb = h.state.fs[game.factions.index("vagabond")]
            changed += hb.ruins != vb.ruins or hb.quest_deck != vb.quest_deck
            assert h.view(seat) == view
            assert h.events(seat) == events
    assert changed > 20


def test_1_2_1_the_vagabond_decisions_open_whatever_the_hand() -> None:
    rng = Rng(98)
    bad: dict[str, int] = {}
    for seed in range(6):
        g = new_game(["vagabond", "eyrie"] if seed % 2 else ["marquise", "vagabond"], seed=seed)
        bot = RandomBot(seed)
        while not g.is_over:
            for kind in _asked(g, rng):
                bad[kind] = bad.get(kind, 0) + 1
            g.apply(bot.choose(g))
    assert bad == {}


@pytest.mark.parametrize("first", FACTIONS)
@pytest.mark.parametrize("faction", [*FACTIONS, None])
def test_1_2_1_view_and_events_do_not_depend_on_hidden_information(
    faction: str | None, first: str
) -> None:
    factions = [first] + [f for f in FACTIONS if f != first]
    rng = Rng(7)
    changed = 0
    for game in mid_games(factions, range(4)):
        seat = None if faction is None else game.factions.index(faction)
        view, events = game.view(seat), game.events(seat)
        for _ in range(3):
            h = resample(game, seat, rng)
            hidden_changed = h.state.deck != game.state.deck or any(
                a.hand != b.hand for a, b in zip(h.state.seats, game.state.seats, strict=True)
            )
            changed += hidden_changed
            assert h.view(seat) == view
            assert h.events(seat) == events
    assert changed > 100


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_1_2_1_with_the_alliance_supporters_stay_hidden(seat: int | None) -> None:
    """Three players with the Alliance: a seat's view and events do not depend on the other
    hands, the draw pile or the supporters stack (8.2.2: face down), nor on the cards put
    there by Mobilize or Outrage."""
    rng = Rng(5)
    changed = 0
    for game in mid_games(THREE, range(3)):
        view, events = game.view(seat), game.events(seat)
        h = resample(game, seat, rng)
        changed += h.state.fs[2].supporters != game.state.fs[2].supporters or any(
            a.hand != b.hand for a, b in zip(h.state.seats, game.state.seats, strict=True)
        )
        assert h.view(seat) == view
        assert h.events(seat) == events
    assert changed > 10
    if seat != 2:  # the supporters themselves were drawn again in some of the games
        assert any(
            resample(game, seat, rng).state.fs[2].supporters != game.state.fs[2].supporters
            for game in mid_games(THREE, range(1))
        )


def test_8_2_2_mobilize_and_outrage_cards_are_seen_by_who_may_see_them() -> None:
    secret = {"mobilize": 0, "outrage": 0}
    for game in mid_games(THREE, range(4))[-1:] + [_finished(THREE, s) for s in range(4)]:
        full = game.state.log or []
        for seat in (0, 1, 2, None):
            for e, x in zip(full, game.events(seat), strict=True):
                word = str(e.get("token", "")).split(" ")[0]
                if e["kind"] != "action" or word not in secret or len(e["token"].split()) < 2:
                    continue
                sees = {e["seat"], e["data"].get("ally", e["seat"])}
                if seat in sees:
                    assert x == e
                else:
                    assert x["token"] == word and x["hidden"] is True
                    secret[word] += 1
    assert secret["mobilize"] > 5 and secret["outrage"] > 0


def _finished(factions: list[str], seed: int) -> Game:
    g = new_game(factions=factions, seed=seed)
    bot = RandomBot(seed)
    while not g.is_over:
        g.apply(bot.choose(g))
    return g


def _check_events(game: Game, seat: int | None) -> dict[str, int]:
    """What ``seat``'s event log shows of hidden things, checked against the full log."""
    full = game.state.log or []
    shown = game.events(seat)
    assert len(shown) == len(full)
    counts = {"own_draw": 0, "other_draw": 0, "shuffle": 0, "take": 0, "look": 0}
    for e, x in zip(full, shown, strict=True):
        k = e["kind"]
        if k == "draw":
            if e["seat"] == seat:
                assert x["cards"] == e["cards"]
                counts["own_draw"] += 1
            else:
                assert x == {"kind": "draw", "seat": e["seat"], "count": len(e["cards"])}
                counts["other_draw"] += 1
        elif k == "shuffle":
            assert x == {"kind": "shuffle", "count": len(e["order"])}
            counts["shuffle"] += 1
        elif k == "pick":
            assert x == {"kind": "pick", "of": e["of"], "why": e["why"]}
        elif k == "take":
            if seat in (e["seat"], e["from"]):
                assert x["card"] == e["card"]
            else:
                assert "card" not in x
            counts["take"] += 1
        elif k == "look":
            if seat == e["seat"]:
                assert x["cards"] == e["cards"]
            else:
                assert "cards" not in x
            counts["look"] += 1
        else:
            assert x == e
    return counts


@pytest.mark.parametrize("faction", FACTIONS)
def test_1_2_1_a_seat_never_sees_the_other_draws_or_the_deck_order(faction: str) -> None:
    g = new_game(seed=12)
    bot = RandomBot(12)
    while not g.is_over:
        g.apply(bot.choose(g))
    seat = g.factions.index(faction)
    counts = _check_events(g, seat)
    assert counts["own_draw"] > 5 and counts["other_draw"] > 5 and counts["shuffle"] >= 1
    spectator = _check_events(g, None)
    assert spectator["own_draw"] == 0


def test_1_2_1_a_card_taken_at_random_is_seen_only_by_the_two_players() -> None:
    g = stand_and_deliver()
    (taken,) = g.state.seats[0].hand
    for seat in (0, 1):
        counts = _check_events(g, seat)
        assert counts["take"] == 1
        assert [e["card"] for e in g.events(seat) if e["kind"] == "take"] == [taken]
    _check_events(g, None)
    (take,) = [e for e in g.events(None) if e["kind"] == "take"]
    assert take == {"kind": "take", "seat": 0, "from": 1}
    (pick,) = [e for e in g.events(None) if e["kind"] == "pick"]
    assert pick == {"kind": "pick", "of": 3, "why": "stand-and-deliver"}


def test_1_2_1_a_hand_looked_at_is_seen_only_by_the_looker() -> None:
    g = codebreakers()
    seen = [ids_for_key("anvil")[0], ids_for_key("sword")[0]]
    assert [e["cards"] for e in g.events(0) if e["kind"] == "look"] == [seen]
    for seat in (0, 1, None):
        assert _check_events(g, seat)["look"] == 1
    assert g.view(0)["seen_hands"] == {
        "eyrie": [{"id": seen[0], "key": "anvil"}, {"id": seen[1], "key": "sword"}]
    }
    assert g.view(1)["seen_hands"] is None and g.view(None)["seen_hands"] is None
    assert g.view(1)["hand"] == [{"id": seen[0], "key": "anvil"}, {"id": seen[1], "key": "sword"}]
    assert g.view(None)["hand"] is None


def _asked(game: Game, rng: Rng, tries: int = 6) -> list[str]:
    """Decision kinds that would not have been asked had the decider held other cards (drawn
    again from its hand and the draw pile, the hand's size kept)."""
    g = game.state
    f = g.stack[-1]
    seat = f.seat
    assert seat is not None
    bad: list[str] = []
    for _ in range(tries):
        s2 = g.clone()
        f2 = s2.stack[-1]
        pool = s2.deck + s2.seats[seat].hand
        rng.shuffle(pool)
        k = len(g.seats[seat].hand)
        s2.seats[seat].hand, s2.deck = pool[:k], pool[k:]
        acts = flow.DECISIONS[f.kind][0](s2, f2)
        if not (len(acts) >= 2 or flow.asked(s2, f2)):
            bad.append(f.kind)
    return bad


def test_1_2_1_whether_a_decision_opens_does_not_depend_on_the_hand() -> None:
    """A decision that is asked would also be asked with any other hand of the same size, so
    that the opponent, who sees who is deciding, learns nothing from it."""
    rng = Rng(99)
    bad: dict[str, int] = {}
    decisions = 0
    for seed in range(12):
        g = new_game(seed=seed)
        bot = RandomBot(seed)
        while not g.is_over:
            for kind in _asked(g, rng):
                bad[kind] = bad.get(kind, 0) + 1
            decisions += 1
            g.apply(bot.choose(g))
    assert decisions > 3000
    assert bad == {}


def _cat_actions(hand: list[str], actions: int = 0) -> Game:
    return build(
        {
            "turn": "marquise",
            "at": "daylight:actions",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "2w roost"}},
            "hands": {"marquise": hand},
            "turn_state": {"actions": actions},
        }
    )


def test_1_2_1_marquise_with_no_action_left_is_asked_while_she_holds_a_card() -> None:
    g = _cat_actions(["anvil"])
    assert (g.decision, g.legal_tokens()) == ("cat_actions", ["end"])
    g = _cat_actions(["ambush:bird"])
    assert g.legal_tokens() == [f"bird {ids_for_key('ambush:bird')[0]}", "end"]
    g = _cat_actions([])
    assert g.phase == "evening" or g.current_seat == 1


def test_1_2_1_craft_step_still_asked_after_a_tax_collector_draw() -> None:
    """The craft step opened only for the Tax Collector (empty hand); the card it draws must
    not decide whether the step stays open."""
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:craft",
            "clearings": {"1": {"marquise": "2w workshop keep"}, "3": {"eyrie": "2w roost"}},
            "persistent": {"marquise": ["tax-collector"]},
            "deck": ["ambush:fox"],
        }
    )
    assert g.decision == "craft" and g.legal_tokens() == ["tax-collector 1", "done"]
    g.apply("tax-collector 1")
    fox = ids_for_key("ambush:fox")[0]
    assert g.state.seats[0].hand == [fox]
    # Field Hospitals for the warrior removed (fox clearing, fox card).
    assert g.legal_tokens() == [f"hospital {fox}", "pass"]
    g.apply("pass")
    assert (g.decision, g.legal_tokens()) == ("craft", ["done"])


PUBLIC_KINDS = ("action", "battle", "ambush", "rolled", "hits", "remove", "place", "move",
                "score", "turmoil", "humiliate", "purge", "depose", "leader")


def test_1_2_1_battle_turmoil_piece_and_forced_step_events_are_public() -> None:
    """The events of every step (forced steps, battles, turmoil, pieces, scores) are the same
    for both seats and a spectator, and each kind turns up in a few games."""
    seen: set[str] = set()
    forced = 0
    for seed in range(6):
        g = new_game(seed=seed)
        bot = RandomBot(seed)
        while not g.is_over:
            g.apply(bot.choose(g))
        views = [g.events(s) for s in (0, 1, None)]
        for e0, e1, e2 in zip(*views, strict=True):
            if e0["kind"] in PUBLIC_KINDS:
                assert e0 == e1 == e2
                seen.add(e0["kind"])
                forced += e0["kind"] == "action" and e0["forced"]
        for seat in (0, 1, None):
            _check_events(g, seat)
    assert set(PUBLIC_KINDS) - seen <= {"ambush"}
    assert forced > 100


def test_1_2_1_a_forced_step_is_forced_whatever_the_hand() -> None:
    """A step the engine applies by itself (and logs as forced) would be forced, with the same
    action, for any other hand of the same size: its event reveals nothing about the hand."""
    rng = Rng(5)
    checked = 0

    def check(g: Any, f: Any, a: Any) -> None:
        nonlocal checked
        if f.seat is None:
            return
        for _ in range(3):
            s2 = g.clone()
            f2 = s2.stack[-1]
            pool = s2.deck + s2.seats[f.seat].hand
            rng.shuffle(pool)
            k = len(s2.seats[f.seat].hand)
            s2.seats[f.seat].hand, s2.deck = pool[:k], pool[k:]
            acts = flow.DECISIONS[f.kind][0](s2, f2)
            assert acts == [a] and not flow.asked(s2, f2), f.kind
        checked += 1

    for seed in range(8):
        g = new_game(seed=seed).state
        pick = Rng(seed)
        acts = flow.advance(g, check)
        while acts:
            f = g.stack[-1]
            flow.DECISIONS[f.kind][1](g, f, acts[pick.below(len(acts))])
            acts = flow.advance(g, check)
    assert checked > 200


@pytest.mark.parametrize(
    ("at", "paid", "unpaid", "opens"),
    [
        # 8.4.1: clearing 9 (mouse) sympathetic, no base there; two supporters either way.
        ("birdsong:revolt", ["codebreakers", "armorers"], ["anvil", "bake-sale"], ["revolt 9"]),
        # 8.4.2: next to 9, clearings 1 and 12 (fox) and 4 (rabbit) cost one supporter.
        ("birdsong:spread", ["anvil"], ["codebreakers"], ["spread 1", "spread 12"]),
    ],
)
def test_1_2_1_revolt_and_spread_sympathy_asked_whatever_the_supporters(
    at: str, paid: list[str], unpaid: list[str], opens: list[str]
) -> None:
    """8.2.2-8.2.3: the supporters are face down, so the Revolt and Spread Sympathy steps
    open on what the others see (a clearing open to the step, as many supporters as it
    costs) and are asked even when no supporter matches; the others' views and events are
    the same either way."""
    games = [
        pos3(
            turn="alliance",
            at=at,
            clearings={"9": {"alliance": "sympathy"}},
            alliance={"supporters": supporters},
        )
        for supporters in (paid, unpaid)
    ]
    assert [(g.decision, g.legal_tokens()) for g in games] == [
        (games[0].decision, [*opens, "done"]),
        (games[0].decision, ["done"]),
    ]
    assert games[0].decision in ("ally_revolt", "ally_spread")
    for seat in (0, 1, None):
        assert games[0].view(seat) == games[1].view(seat)
        assert games[0].events(seat) == games[1].events(seat)
