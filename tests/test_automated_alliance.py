"""Scenario tests for the Automated Alliance (Law of Rootbotics 6), named after their Law of
Rootbotics section, and for the rules of LR 1-3 it brings into play (a bot's hits, LR 1.2.1).

Each test builds a position, lets the bot's turn run by itself (it makes no decision) until a
human player decides, and asserts the exact targets it chose, read from the event log. Seat 0
is the Marquise, seat 1 the Automated Alliance, seat 2 (when there is one) the Electric Eyrie.
"""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import bot_pos, cid, logged, targets

from rootgame import new_game
from rootgame.factions.automated_alliance import st
from rootgame.game import Game
from rootgame.i18n import language
from rootgame.log_text import render_log
from rootgame.position_text import from_string, to_string
from rootgame.render import render_view
from rootgame.rules.core import board

M, B, EE_SEAT = 0, 1, 2
AA = "automated-alliance"
EE = "electric-eyrie"
CATS_7 = {"marquise": "2w"}
"""Two Marquise warriors in clearing 7 give the Marquise a real decision (a march), so that the
game stops there after the bot's turn."""


def aa(g: Game) -> Any:
    return st(g.state, B)


def scores(g: Game, seat: int = B) -> list[tuple[int, str]]:
    return [(e["vp"], e["reason"]) for e in logged(g, "score") if e["seat"] == seat]


def placed(g: Game, piece: str) -> list[int]:
    return [e["clearing"] for e in logged(g, "place") if e["seat"] == B and e["piece"] == piece]


def sympathy_at(g: Game) -> list[int]:
    return [c for c in range(1, 13) if (B, "sympathy") in g.state.tokens[c]]


def spread_rules(g: Game) -> list[str]:
    return [e["rule"] for e in logged(g, "target") if e["action"] == "spread"]


def bot_turn(at: str, order: str | None = None, bot: dict[str, Any] | None = None,
             **desc: Any) -> Game:
    """A position at the Automated Alliance's ``at`` with ``order`` as this turn's order card
    (``bot``: its other board fields)."""
    d: dict[str, Any] = {"turn": AA, "at": at}
    spec = dict(bot or {})
    if order is not None:
        spec["order"] = order
    if spec:
        d[AA] = spec
    d.update(desc)
    return bot_pos((("marquise", AA)), **d)


def cats_turn(**desc: Any) -> Game:
    """A position at the Marquise's Daylight actions (the human acts on the bot's pieces)."""
    d: dict[str, Any] = {"turn": "marquise", "at": "daylight"}
    d.update(desc)
    return bot_pos(("marquise", AA), **d)


# --- LR 6.3 Setup, LR 3 ------------------------------------------------------------------------


def test_lr_6_3_setup_fills_the_board_and_places_nothing() -> None:
    g = new_game(["marquise", AA, "vagabond"], seed=4)
    assert (aa(g).warriors, aa(g).sympathy, aa(g).bases) == (10, 10, ["fox", "rabbit", "mouse"])
    assert g.state.seats[B].hand == []
    for c in range(1, 13):
        assert not g.state.warriors[c][B]
        assert all(o != B for o, _ in g.state.buildings[c] + g.state.tokens[c])


def test_lr_3_2_the_bot_never_sits_with_the_woodland_alliance() -> None:
    with pytest.raises(ValueError, match="same pieces"):
        new_game(["alliance", AA])


def test_lr_3_3_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="'swoop' is not one of its traits"):
        new_game(["marquise", AA], bots={AA: {"traits": ["swoop"]}})
    g = new_game(["marquise", AA], bots={AA: {"difficulty": "easy", "traits": ["wildfire"]}})
    assert (aa(g).difficulty, aa(g).traits) == ("easy", ("wildfire",))


# --- LR 6.4 Birdsong ---------------------------------------------------------------------------


def test_lr_6_4_2_the_order_card_is_crafted_for_one_vp() -> None:
    g = bot_turn("birdsong", deck=["anvil"], clearings={"7": CATS_7})
    assert [e["card"] for e in logged(g, "order")] == [cid("anvil")]
    assert scores(g)[0] == (1, "crafted hammer")


@pytest.mark.parametrize("order", ["tax-collector", "dominance:fox"])
def test_lr_1_1_3_and_1_3_a_persistent_or_dominance_order_card_is_only_its_suit(
    order: str,
) -> None:
    # LR 1.1.3: a card with a persistent effect is never crafted; LR 1.3 and 3.4: with three
    # humans the dominance cards stay in the deck, and one revealed as the order card is to the
    # bot a card of its suit, never activated. Either fox card orders a revolt in the fox
    # clearing 6 (not in the more crowded rabbit clearing 5), and is discarded in Evening.
    g = bot_pos(
        ("marquise", "eyrie", "vagabond", AA), turn=AA, at="birdsong", deck=[order],
        clearings={
            "6": {AA: "sympathy", "marquise": "1w"},
            "5": {AA: "sympathy", "marquise": "3w"},
            "7": CATS_7,
        },
    )
    bot = 3
    assert [e["card"] for e in logged(g, "order")] == [cid(order)]
    assert targets(g, "revolt") == [("revolt", 6, ())]
    assert not [e for e in logged(g, "score") if e["seat"] == bot and "crafted" in e["reason"]]
    assert g.state.seats[bot].items == [] and g.state.seats[bot].hand == []
    # Discarded as any card: a dominance card goes beside the map, where humans may take it
    # (the Law of Root's 3.3.3).
    pile = g.state.available_dominance if order.startswith("dominance") else g.state.discard
    assert cid(order) in pile and st(g.state, bot).order is None
    assert g.state.seats[bot].dominance is None


def test_lr_1_3_a_bot_wins_on_thirty_vp_the_moment_it_scores() -> None:
    # A bot's only victory is 30 VP (it cannot take a dominance card, LR 1.3), checked the
    # moment a score changes (ruling 26): the crafted Anvil's point wins in Birdsong, before
    # the Revolt the fox order would bring.
    g = bot_turn(
        "birdsong", deck=["anvil"], vp={AA: 29},
        clearings={"1": {AA: "sympathy", "marquise": "2w"}, "7": CATS_7},
    )
    assert g.is_over and g.state.winners == [B] and g.state.seats[B].vp == 30
    assert scores(g) == [(1, "crafted hammer")]
    assert targets(g, "revolt") == [] and g.state.warriors[1][M] == 2


def test_lr_6_4_3_revolt_most_enemy_pieces_then_highest_priority() -> None:
    g = bot_turn(
        "birdsong",
        deck=["ambush:fox"],
        clearings={
            "1": {AA: "sympathy", "marquise": "2w"},
            "6": {AA: "sympathy", "marquise": "1w sawmill"},
            "8": {AA: "sympathy", "marquise": "1w"},
            "7": CATS_7,
        },
    )
    assert targets(g, "revolt") == [("revolt", 1, ("most_enemy_pieces", "highest_priority"))]
    assert g.state.warriors[1][M] == 0 and (B, "base") in g.state.buildings[1]
    # No warriors come with the base: the one there is Evening's recruit (6.6.2).
    assert g.state.warriors[1][B] == 1 and placed(g, "warrior") == [1]
    assert aa(g).bases == ["rabbit", "mouse"]
    # No Public Pity after a revolt: the only spread is Daylight's (no fox clearing is next
    # to 1, 6 or 8: the fewest enemy pieces decide, 6.5.1.I).
    assert spread_rules(g) == ["LR 6.5.1, LR 6.5.1.I"]


def test_lr_6_4_3_revolt_removes_buildings_and_scores_them() -> None:
    g = bot_turn(
        "birdsong",
        deck=["ambush:fox"],
        clearings={
            "1": {AA: "sympathy", "marquise": "2w"},
            "6": {AA: "sympathy", "marquise": "2w sawmill"},
            "7": CATS_7,
        },
    )
    assert targets(g, "revolt") == [("revolt", 6, ("most_enemy_pieces",))]
    assert (1, "removed sawmill") in scores(g)
    assert not any(o == M for o, _ in g.state.buildings[6])


def test_lr_6_4_3_revolt_even_with_no_enemy_piece() -> None:
    g = bot_turn("birdsong", deck=["ambush:fox"], clearings={"8": {AA: "sympathy"}, "7": CATS_7})
    assert targets(g, "revolt") == [("revolt", 8, ())]
    assert (B, "base") in g.state.buildings[8]


def test_lr_6_4_3_no_revolt_when_the_ordered_base_is_on_the_map() -> None:
    g = bot_turn(
        "birdsong",
        deck=["ambush:fox"],
        clearings={"8": {AA: "sympathy base"}, "1": {AA: "sympathy"}, "7": CATS_7},
    )
    assert targets(g, "revolt") == []
    assert [r[:8] for r in spread_rules(g)] == ["LR 6.4.4", "LR 6.4.4", "LR 6.5.1"]


@pytest.mark.parametrize(("tokens", "pity"), [(0, 2), (4, 2), (5, 1)])
def test_lr_6_4_4_public_pity_spreads_twice_up_to_four_tokens_once_from_five(
    tokens: int, pity: int
) -> None:
    where = ["1", "3", "4", "5", "6"][:tokens]  # no mouse clearing: no revolt
    clearings: dict[str, Any] = {c: {AA: "sympathy"} for c in where}
    clearings["7"] = CATS_7
    g = bot_turn("birdsong", deck=["ambush:mouse"], clearings=clearings)
    assert [r[:8] for r in spread_rules(g)] == ["LR 6.4.4"] * pity + ["LR 6.5.1"]


# --- LR 6.5 Daylight ---------------------------------------------------------------------------


def test_lr_6_5_1_spread_ordered_adjacent_fewest_enemy_warriors() -> None:
    # Sympathy in 9 (adjacent 1, 4, 12); a fox order: 1 and 12 qualify. Buildings are not
    # warriors: the sawmill in 1 does not count.
    g = bot_turn(
        "daylight", "ambush:fox",
        clearings={"9": {AA: "sympathy"}, "1": {"marquise": "sawmill"},
                   "12": {"marquise": "1w"}, "7": CATS_7},
    )
    assert targets(g, "spread") == [("spread", 1, ("fewest_enemy_warriors",))]
    assert sympathy_at(g) == [1, 9]
    assert scores(g) == [(1, "sympathy")]


def test_lr_6_5_1_the_clearing_is_ordered_and_next_to_a_sympathetic_one() -> None:
    # Sympathy in 9 (adjacent 1, 4, 12), a fox order. 4 (rabbit) and 6, 8 (fox, not next to
    # 9) have no enemy warrior, but only 1 and 12 qualify: 1 has fewer cats.
    g = bot_turn(
        "daylight", "ambush:fox",
        clearings={"9": {AA: "sympathy"}, "1": {"marquise": "1w"}, "12": {"marquise": "2w"},
                   "7": CATS_7},
    )
    assert targets(g, "spread") == [("spread", 1, ("fewest_enemy_warriors",))]
    assert sympathy_at(g) == [1, 9]


@pytest.mark.parametrize(("on_map", "vp"), [(4, 1), (5, 2), (6, 2), (7, 3), (8, 3), (9, 4)])
def test_lr_6_5_1_the_bots_sympathy_track(on_map: int, vp: int) -> None:
    # Ruling 145: the bot's own track, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4 (the Woodland Alliance's
    # would give 2, 2, 3, 4, 4, 4 here). Tokens first in the non-fox clearings, then in 1; a
    # fox order spreads into a fox clearing beside them.
    spots = ("2", "3", "4", "5", "7", "9", "10", "11", "1")[:on_map]
    clearings: dict[str, Any] = {c: {AA: "sympathy"} for c in spots}
    clearings.setdefault("7", {})["marquise"] = "2w"
    g = bot_turn("daylight", "ambush:fox", clearings=clearings)
    assert scores(g)[0] == (vp, "sympathy")


def test_lr_6_5_1_spread_tie_goes_to_the_highest_priority() -> None:
    g = bot_turn(
        "daylight", "ambush:fox",
        clearings={"9": {AA: "sympathy"}, "1": {"marquise": "1w"}, "12": {"marquise": "1w"},
                   "7": CATS_7},
    )
    assert targets(g, "spread") == [("spread", 1, ("highest_priority",))]


def test_lr_6_5_1_i_no_such_clearing_fewest_enemy_pieces() -> None:
    # Sympathy in 1 (adjacent 5, 9, 10), a fox order: no fox clearing next to it. Every
    # clearing but 7 and 11 has an enemy piece.
    clearings: dict[str, Any] = {str(c): {"marquise": "1w"} for c in (2, 3, 4, 5, 6, 8, 9, 10, 12)}
    clearings["1"] = {AA: "sympathy"}
    g = bot_turn("daylight", "ambush:fox", clearings=clearings)
    assert targets(g, "spread") == [
        ("spread", 7, ("fewest_enemy_pieces", "highest_priority"))
    ]
    assert logged(g, "target")[0]["rule"] == "LR 6.5.1, LR 6.5.1.I"


def test_lr_6_5_1_ii_no_token_left_scores_five() -> None:
    clearings: dict[str, Any] = {str(c): {AA: "sympathy"} for c in range(1, 11)}
    clearings["11"] = {"marquise": "2w"}
    g = bot_turn("daylight", "ambush:fox", clearings=clearings)
    assert targets(g, "spread") == []
    assert logged(g, "cannot_spread") and scores(g) == [(5, "cannot spread")]


@pytest.mark.parametrize(("traits", "vp"), [([], 1), (["steadfast"], 2)])
def test_lr_6_2_5_martial_law_scores_one_fewer(traits: list[str], vp: int) -> None:
    # Five tokens on the map: the sixth uncovers a 2. Every candidate has three Marquise
    # warriors: the highest priority, 1, is taken.
    clearings: dict[str, Any] = {c: {AA: "sympathy"} for c in ("2", "3", "5", "7", "9")}
    clearings.update({c: {"marquise": "3w"} for c in ("1", "6", "8", "12")})
    g = bot_turn("daylight", "ambush:fox", bot={"traits": traits}, clearings=clearings)
    assert targets(g, "spread") == [("spread", 1, ("highest_priority",))]
    assert scores(g)[0] == (vp, "sympathy")


@pytest.mark.parametrize(("enemies", "chosen", "criteria"), [
    ({"2": "2w", "3": "2w"}, 2, ("most_enemy_pieces", "highest_priority")),
    ({"2": "2w", "3": "2w sawmill"}, 3, ("most_enemy_pieces",)),
])
def test_lr_6_5_2_surprise_revolt_with_a_bird_order(
    enemies: dict[str, str], chosen: int, criteria: tuple[str, ...]
) -> None:
    # 1 has the most enemy pieces, but the fox base is on the map (in 12): not a target.
    # Daylight's spread (a bird order: any clearing) comes first and adds a sympathetic
    # clearing without enemies, which the most enemy pieces set aside.
    clearings: dict[str, Any] = {
        "1": {AA: "sympathy", "marquise": "4w"},
        "12": {AA: "sympathy base"},
        "7": CATS_7,
    }
    for c, pieces in enemies.items():
        clearings[c] = {AA: "sympathy", "marquise": pieces}
    g = bot_turn("daylight", "ambush:bird", clearings=clearings)
    assert targets(g, "revolt") == [("revolt", chosen, criteria)]
    assert [e["rule"] for e in logged(g, "target") if e["action"] == "revolt"] == ["LR 6.5.2"]
    suit = {2: "mouse", 3: "rabbit"}[chosen]
    assert suit not in aa(g).bases and (B, "base") in g.state.buildings[chosen]


def test_lr_6_5_2_no_surprise_revolt_with_a_suited_order() -> None:
    g = bot_turn(
        "daylight", "ambush:mouse",
        clearings={"3": {AA: "sympathy", "marquise": "2w"}, "7": CATS_7},
    )
    assert targets(g, "revolt") == []


# --- LR 6.6 Evening ----------------------------------------------------------------------------


@pytest.mark.parametrize(("difficulty", "warriors", "organizes"), [
    ("default", 3, True), ("default", 2, False), ("easy", 3, False), ("easy", 4, True),
    ("challenging", 2, True), ("nightmare", 2, True), ("challenging", 1, False),
])
def test_lr_6_6_1_organize_with_enough_warriors(
    difficulty: str, warriors: int, organizes: bool
) -> None:
    g = bot_turn(
        "evening", "ambush:rabbit", bot={"difficulty": difficulty},
        clearings={"5": {AA: f"sympathy base {warriors}w"}, "7": CATS_7},
    )
    assert bool(logged(g, "organize")) == organizes
    if organizes:
        # 5's neighbours (1, 2) are no rabbit clearings: the fewest enemy pieces decide.
        assert spread_rules(g) == ["LR 6.6.1, LR 6.5.1.I"]
        assert targets(g, "spread") == [("spread", 1, ("fewest_enemy_pieces", "highest_priority"))]
        assert g.state.warriors[5][B] == 1  # all removed, then one recruited
    else:
        assert g.state.warriors[5][B] == warriors + 1


def test_lr_6_6_2_recruit_in_priority_order_while_the_supply_lasts() -> None:
    g = bot_turn(
        "evening", "ambush:rabbit",
        clearings={"2": {AA: "base"}, "6": {AA: "base"}, "11": {AA: "9w"}, "7": CATS_7},
    )
    assert placed(g, "warrior") == [2]
    assert aa(g).warriors == 0


def test_lr_6_6_3_the_order_card_is_discarded() -> None:
    g = bot_turn("evening", "ambush:rabbit", clearings={"7": CATS_7})
    assert cid("ambush:rabbit") in g.state.discard
    assert aa(g).order is None


def test_lr_3_3_nightmare_scores_one_at_the_end_of_evening() -> None:
    g = bot_turn("evening", "ambush:rabbit", bot={"difficulty": "nightmare"},
                 clearings={"7": CATS_7})
    assert scores(g) == [(1, "nightmare")]


def test_trait_wildfire_spreads_at_the_end_of_evening_without_scoring() -> None:
    g = bot_turn(
        "evening", "ambush:mouse", bot={"traits": ["wildfire"]},
        clearings={"9": {AA: "sympathy"}, "12": {"marquise": "1w"}, "7": CATS_7},
    )
    # This turn's order (mouse) still names the ordered clearings: 4 and 1 are not mouse, 12
    # is fox; none next to 9 is a mouse clearing, so the fewest enemy pieces decide.
    assert [e["rule"] for e in logged(g, "target")] == ["wildfire"]
    assert targets(g, "spread")[0][1] == 1
    assert scores(g) == []


def test_trait_steadfast_skips_public_pity_before_a_surprise_revolt() -> None:
    clearings = {"3": {AA: "sympathy", "marquise": "2w"}, "7": CATS_7}
    g = bot_turn("birdsong", deck=["ambush:bird"], bot={"traits": ["steadfast"]},
                 clearings=clearings)
    assert logged(g, "public_pity_skipped")
    assert [e["rule"] for e in logged(g, "target")] == ["LR 6.5.1", "LR 6.5.2"]
    plain = bot_turn("birdsong", deck=["ambush:bird"], clearings=clearings)
    assert [e["rule"] for e in logged(plain, "target")][:2] == ["LR 6.4.4", "LR 6.4.4"]


# --- LR 6.2 Abilities, with a human acting ----------------------------------------------------


def battle(g: Game, c: int) -> None:
    g.apply(f"battle {c} {B}")


@pytest.mark.parametrize(("traits", "bot_hits", "cats_left"), [([], 1, 2), (["veterans"], 4, 0)])
def test_lr_6_2_2_automated_ambush_and_veterans(
    traits: list[str], bot_hits: int, cats_left: int
) -> None:
    # Rolls 3 and 0. The attacker deals the higher (3), the bot the lower (0) plus Automated
    # Ambush's extra hit; with Veterans the bot deals the higher (3) plus the extra hit.
    g = cats_turn(
        clearings={"9": {AA: "3w", "marquise": "3w"}},
        dice=[[3, 0]],
        **{AA: {"traits": traits}},
    )
    battle(g, 9)
    hits = {e["seat"]: (e["hits"], e["extra"]) for e in logged(g, "hits")}
    assert hits[B] == (bot_hits, 1)
    assert g.state.warriors[9][M] == cats_left
    assert g.state.warriors[9][B] == (0 if not traits else 3)


@pytest.mark.parametrize(("traits", "cats_lose"), [([], 0), (["informants"], 1)])
def test_trait_informants_a_defenseless_sympathy_token_ambushes(
    traits: list[str], cats_lose: int
) -> None:
    g = cats_turn(
        clearings={"9": {AA: "sympathy", "marquise": "2w"}},
        hands={"marquise": ["ambush:fox"]},
        dice=[[0, 0]],
        **{AA: {"traits": traits}},
    )
    battle(g, 9)
    # Removing the token is an Automated Outrage (9 is a mouse clearing): no matching card.
    assert g.legal_tokens() == ["cannot"]
    g.apply("cannot")
    assert g.state.warriors[9][M] == 2 - cats_lose
    assert sympathy_at(g) == []


@pytest.mark.parametrize(("traits", "vp"), [([], 1), (["popularity"], 0)])
def test_trait_popularity_removing_sympathy_scores_nothing(traits: list[str], vp: int) -> None:
    g = cats_turn(
        clearings={"9": {AA: "sympathy", "marquise": "2w"}},
        dice=[[0, 0]],
        **{AA: {"traits": traits}},
    )
    battle(g, 9)
    assert sum(v for v, r in scores(g, M) if r == "removed sympathy") == vp


def test_lr_6_2_3_automated_outrage_the_human_discards_a_matching_card() -> None:
    g = cats_turn(
        clearings={"1": {"marquise": "2w"}, "9": {AA: "sympathy"}},
        hands={"marquise": ["ambush:fox", "ambush:mouse", "ambush:bird"]},
    )
    g.apply("march 1 9")
    g.apply("count 1") if "count 1" in g.legal_tokens() else None
    assert logged(g, "automated_outrage")[0]["c"] == 9
    # 9 is a mouse clearing: the mouse card or the bird (wild), the human's choice.
    assert sorted(g.legal_tokens()) == sorted(
        [f"discard {cid('ambush:mouse')}", f"discard {cid('ambush:bird')}"]
    )
    g.apply(f"discard {cid('ambush:mouse')}")
    assert cid("ambush:mouse") in g.state.discard
    assert scores(g) == []


def test_lr_6_2_3_automated_outrage_scores_when_no_card_matches() -> None:
    g = cats_turn(
        clearings={"1": {"marquise": "2w"}, "9": {AA: "sympathy"}},
        hands={"marquise": ["ambush:fox"]},
    )
    g.apply("march 1 9")
    g.apply("count 1") if "count 1" in g.legal_tokens() else None
    assert g.legal_tokens() == ["cannot"]
    g.apply("cannot")
    assert scores(g) == [(1, "outrage")]
    assert g.state.seats[M].hand == [cid("ambush:fox")]


def test_lr_6_2_3_no_outrage_when_a_bot_moves_in() -> None:
    g = bot_pos(
        ("marquise", AA, EE),
        turn=EE, at="daylight:move",
        clearings={"7": {EE: "roost 5w"}, "3": {AA: "sympathy"}, "8": {AA: "sympathy"},
                   "12": {AA: "sympathy"}, "11": {"marquise": "2w"}},
    )
    assert any(e["seat"] == EE_SEAT for e in logged(g, "move"))
    assert logged(g, "automated_outrage") == []


def test_lr_6_2_4_crackdown_removes_the_sympathy_of_the_base_suit() -> None:
    g = cats_turn(
        clearings={"9": {AA: "base", "marquise": "2w"}, "2": {AA: "sympathy"},
                   "7": {AA: "sympathy"}, "11": {AA: "sympathy"}, "1": {AA: "sympathy"}},
        hands={"marquise": ["ambush:mouse"]},
        dice=[[1, 0]],
    )
    battle(g, 9)
    assert sympathy_at(g) == [1]
    assert [e["clearings"] for e in logged(g, "crackdown")] == [[2, 7, 11]]
    assert scores(g, M) == [(1, "removed base")]
    assert logged(g, "automated_outrage") == []
    assert aa(g).bases == ["fox", "rabbit", "mouse"]


def test_lr_6_2_4_crackdown_comes_after_every_piece_a_favor_removes_1_5_4() -> None:
    # A Favor of the Foxes removes the base in 1 and the sympathy in 1, 6 and 8 at once: the
    # Marquise scores all four (3.2.1) and each token she removes raises Automated Outrage
    # (an empty hand: the bot scores). Crackdown, an effect of the base's removal, comes
    # after every removal (1.5.4) and finds no fox sympathy left; the rabbit token stays.
    g = cats_turn(
        at="daylight:craft",
        clearings={"1": {AA: "base sympathy"}, "6": {AA: "sympathy", "marquise": "workshop"},
                   "8": {AA: "sympathy", "marquise": "workshop"},
                   "12": {"marquise": "workshop"}, "3": {AA: "sympathy"}},
        hands={"marquise": ["favor-of-the-foxes"]},
    )
    g.apply(("craft", cid("favor-of-the-foxes")))
    assert scores(g, M) == [(1, "removed base")] + [(1, "removed sympathy")] * 3
    assert [e["c"] for e in logged(g, "automated_outrage")] == [1, 6, 8]
    assert scores(g) == [(1, "outrage")] * 3
    assert [e["clearings"] for e in logged(g, "crackdown")] == [[]]
    assert sympathy_at(g) == [3]
    assert aa(g).bases == ["fox", "rabbit", "mouse"]


def test_lr_6_2_4_crackdown_comes_after_relentless_removes_the_token_beside_the_base() -> None:
    # The Electric Eyrie's Relentless removes the defenseless base and sympathy token in 9 in
    # one effect: it scores both; Crackdown then takes the mouse token in 2, scored by nobody.
    g = bot_pos(
        ("marquise", AA, EE), turn=EE, at="daylight:relentless",
        clearings={"9": {AA: "base sympathy", EE: "2w"}, "2": {AA: "sympathy"},
                   "3": {EE: "roost 1w"}, "7": CATS_7},
        **{EE: {"traits": ["relentless"]}},
    )
    assert scores(g, EE_SEAT)[:2] == [(1, "removed base"), (1, "removed sympathy")]
    assert [e["clearings"] for e in logged(g, "crackdown")] == [[2]]
    assert sympathy_at(g) == []


def test_lr_1_2_1_a_bot_loses_its_tokens_before_its_buildings() -> None:
    g = cats_turn(
        clearings={"9": {AA: "1w base sympathy", "marquise": "3w"}},
        hands={"marquise": ["ambush:fox"]},
        dice=[[2, 0]],
    )
    battle(g, 9)
    assert g.state.warriors[9][B] == 0
    assert sympathy_at(g) == [] and (B, "base") in g.state.buildings[9]


# --- Front ends --------------------------------------------------------------------------------


def test_the_log_names_each_target_and_its_rule_in_four_languages() -> None:
    g = bot_turn(
        "daylight", "ambush:fox",
        clearings={"9": {AA: "sympathy"}, "1": {"marquise": "sawmill"},
                   "12": {"marquise": "1w"}, "7": CATS_7},
    )
    assert (
        "Automated Alliance: spreads sympathy to clearing 1: fewest enemy warriors (LR 6.5.1)"
        in render_log(g)
    )
    with language("pl"):
        assert any(line.startswith("Zautomatyzowany Sojusz: zdobywa") for line in render_log(g))
    with language("es"):
        assert any("extiende la simpatía al claro 1" in line for line in render_log(g))
    with language("pt"):
        assert any("distribui simpatia na clareira 1" in line for line in render_log(g))


def test_position_strings_and_the_terminal_board_carry_the_bot() -> None:
    # The revolt removes Marquise warriors: Field Hospitals asks the Marquise in the middle of
    # the bot's turn, with its order card on the board.
    g = bot_turn(
        "birdsong", deck=["ambush:fox"],
        bot={"difficulty": "challenging", "traits": ["veterans"]},
        clearings={"1": {AA: "sympathy", "marquise": "2w"}, "9": {AA: "sympathy base 2w"},
                   "7": {"marquise": "keep"}},
        hands={"marquise": ["ambush:bird"]},
    )
    assert g.state.stack[-1].kind == "field_hospital" and aa(g).order == cid("ambush:fox")
    text = to_string(g)
    assert "automated-alliance.order=ambush:fox" in text
    assert "automated-alliance.traits=veterans" in text
    again = from_string(text)
    assert again.state.fs[B].to_dict() == g.state.fs[B].to_dict()
    assert again.hash() == g.hash()
    from rich.console import Console

    console = Console(width=160, record=True)
    console.print(render_view(g.view(M)))
    out = console.export_text()
    assert "Automated Alliance" in out and "Sympathy track" in out and "Challenging" in out
    assert "Ambush! (fox)" in out or "Ambush!" in out


# --- Where sympathy may go ----------------------------------------------------------------------


def test_lr_6_5_1_no_sympathy_where_the_bot_may_not_place_pieces() -> None:
    # 1 (the keep's clearing) and 12 qualify by the rules; only the Marquise places pieces in 1.
    g = bot_turn(
        "daylight", "ambush:fox",
        clearings={"9": {AA: "sympathy"}, "1": {"marquise": "keep"}, "7": CATS_7},
    )
    assert targets(g, "spread") == [("spread", 12, ())]


def test_lr_12_2_1_spread_sees_closed_paths_as_paths() -> None:
    # On the Mountain, 7's only open path leads to 12; the closed path 3-7 counts for a bot.
    probe = bot_pos(("marquise", AA), map="mountain", clearings={"9": CATS_7})
    suit = board(probe.state).suit[3]
    assert (3, 7) in probe.state.closed and board(probe.state).suit[12] != suit
    g = bot_turn(
        "daylight", f"ambush:{suit}", map="mountain",
        clearings={"7": {AA: "sympathy"}, "9": CATS_7},
    )
    assert targets(g, "spread") == [("spread", 3, ())]
    assert spread_rules(g) == ["LR 6.5.1"]
    assert (3, 7) in g.state.closed


def test_cli_settings_reach_the_bot_records_and_the_tournament() -> None:
    from rootgame.bots import RandomBot
    from rootgame.cli import bot_settings
    from rootgame.records.native import replay_record, write_record
    from rootgame.tournament import Config, play_one

    settings = bot_settings(["marquise", AA, EE], "easy", "wildfire,swoop")
    assert settings == {
        AA: {"difficulty": "easy", "traits": ["wildfire"]},
        EE: {"difficulty": "easy", "traits": ["swoop"]},
    }
    g = new_game(["marquise", AA, EE], seed=7, bots=settings)
    player = RandomBot(7)
    while not g.is_over and g.turn_number < 9:
        g.apply(player.choose(g))
    again = replay_record(write_record(g))
    assert again.hash() == g.hash() and again.state.fs[B].traits == ("wildfire",)
    cfg = Config(("marquise", AA), ("random", "random"), 1, clockwork=((AA, "nightmare", ()),))
    result = play_one(cfg, 0)
    assert sorted(result.factions) == sorted(["marquise", AA]) and result.win_reason == "vp"
