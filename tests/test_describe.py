"""describe(): readable English for every action the engine offers."""

from __future__ import annotations

from typing import Any

import pytest

from rootgame import Game, new_game, token
from rootgame.bots import RandomBot
from rootgame.cards import ids_for_key
from rootgame.describe import TEXT, describe
from rootgame.names import card_name
from rootgame.position import build


def pos(**desc: Any) -> Game:
    d: dict[str, Any] = {"factions": ["marquise", "eyrie"]}
    d.update(desc)
    return build(d)


def cid(key: str) -> int:
    return ids_for_key(key)[0]


def test_every_legal_action_in_random_games_has_a_readable_description() -> None:
    kinds: set[str] = set()
    for seed in range(8):
        game = new_game(seed=seed)
        bot = RandomBot(seed)
        while not game.is_over and game.turn_number < 300:
            for a in game.legal_actions():
                text = game.describe(a)
                kinds.add(str(a[0]))
                assert text, a
                assert text != token(a), f"{token(a)} in {game.decision} is not described"
                assert "{" not in text and "}" not in text, text
            game.apply(bot.choose(game))
    # The kinds named in the brief occur in these games, so the loop above checked them.
    assert {"move", "craft", "march", "decree", "count", "battle", "build"} <= kinds


def test_unknown_action_falls_back_to_its_token() -> None:
    game = new_game(seed=1)
    assert describe(game.state, ("frobnicate", 3)) == "frobnicate 3"
    assert describe(game.state, ("move", "x")) == "move x"


def test_marquise_actions_are_described_with_clearings_cards_and_costs() -> None:
    game = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w sawmill 2wood keep"}, "5": {"marquise": "2w"}},
        hands={"marquise": ["anvil", "ambush:bird"]},
    )
    legal = game.legal_tokens()
    assert "march 1 5" in legal
    assert game.describe("march 1 5") == (
        "March: move warriors from clearing 1 (fox) to clearing 5 (rabbit) "
        "(a second move may follow)"
    )
    assert f"overwork 1 {cid('anvil')}" in legal
    assert game.describe(f"overwork 1 {cid('anvil')}") == (
        "Overwork: spend Anvil (fox) to place a wood at the sawmill in clearing 1 (fox)"
    )
    assert "build sawmill 5" in legal
    assert game.describe("build sawmill 5") == (
        "Build a sawmill in clearing 5 (rabbit) for 1 wood (scores 1 VP)"
    )
    assert game.describe(f"bird {cid('ambush:bird')}") == (
        "Spend Ambush! (bird) for one more action"
    )
    assert game.describe("end") == "End your Daylight actions"
    # The count that follows a march names the route.
    game.apply("march 1 5")
    assert game.decision == "move_count"
    assert (
        game.describe("count 2") == "Move 2 warriors from clearing 1 (fox) to clearing 5 (rabbit)"
    )
    assert game.describe("count 1") == "Move 1 warrior from clearing 1 (fox) to clearing 5 (rabbit)"


def test_pass_and_done_depend_on_the_pending_decision() -> None:
    game = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w sawmill 2wood keep"}, "5": {"marquise": "2w"}},
    )
    game.apply("march 1 5")
    game.apply("count 1")
    assert game.decision == "move"
    assert game.describe("pass") == "Skip this move"
    eyrie = pos(
        turn="eyrie",
        at="birdsong:add_to_decree",
        clearings={"3": {"eyrie": "6w roost"}},
        hands={"eyrie": ["anvil", "sword"]},
    )
    assert eyrie.decision == "decree_add"
    eyrie.apply(f"decree {cid('anvil')} move")
    assert eyrie.describe("done") == "Add no more cards to the Decree"
    assert TEXT["done@craft"] != TEXT["done@decree_add"]


def test_eyrie_decree_actions_name_the_card_suit() -> None:
    game = pos(
        turn="eyrie",
        at="daylight:decree",
        clearings={"1": {"eyrie": "4w roost"}, "5": {"marquise": "1w"}},
        eyrie={"leader": "despot", "decree": {"move": ["anvil"]}},
    )
    legal = game.legal_tokens()
    assert "move fox 1 5" in legal
    assert game.describe("move fox 1 5") == (
        "Decree (fox card): move warriors from clearing 1 (fox) to clearing 5 (rabbit)"
    )
    assert game.describe("decree 22 battle") == "Add Anvil (fox) to the Battle column of the Decree"
    assert game.describe("leader despot") == "Choose the Despot as your leader"
    assert game.describe("turmoil fox") == (
        "Resolve the fox card that cannot be carried out, and fall into turmoil"
    )


def test_craft_names_the_item_and_the_vp_the_crafter_would_score() -> None:
    # 7.2.3 Disdain for Trade: the Eyrie score 1 VP for an item (not the Builder).
    for leader, vp in (("despot", "1 VP"), ("builder", "2 VP")):
        game = pos(
            turn="eyrie",
            at="daylight:craft",
            clearings={"1": {"eyrie": "2w roost"}},
            hands={"eyrie": ["anvil", "sappers"]},
            eyrie={"leader": leader},
        )
        assert f"craft {cid('anvil')}" in game.legal_tokens()
        assert game.describe(f"craft {cid('anvil')}") == (
            f"Craft Anvil (fox): take a hammer from the supply and score {vp}"
        )
    assert game.describe(f"craft {cid('favor-of-the-foxes')}") == (
        "Craft Favor of the Foxes (fox): remove every enemy piece in the fox clearings"
    )
    assert game.describe(f"craft {cid('royal-claim')} fox fox mouse rabbit") == (
        "Craft Royal Claim (bird): put it in your play area for its lasting effect, "
        "paying with fox+fox+mouse+rabbit pieces"
    )


def test_card_actions_name_the_cards_and_the_other_faction() -> None:
    game = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w sawmill keep"}},
        hands={"marquise": ["anvil", "dominance:mouse"], "eyrie": ["sword"]},
        persistent={"marquise": ["codebreakers", "tax-collector"]},
        available_dominance=["dominance:fox"],
        vp={"marquise": 12},
    )
    legal = game.legal_tokens()
    dom_fox, dom_mouse, anvil = cid("dominance:fox"), cid("dominance:mouse"), cid("anvil")
    assert f"take-dominance {dom_fox} {anvil}" in legal
    assert game.describe(f"take-dominance {dom_fox} {anvil}") == (
        "Take Dominance (fox) by spending Anvil (fox)"
    )
    assert f"dominance {dom_mouse}" in legal
    assert game.describe(f"dominance {dom_mouse}") == (
        "Activate Dominance (mouse) (you will no longer score VP)"
    )
    assert (
        game.describe("codebreakers 1") == "Codebreakers: look at the hand of the Eyrie Dynasties"
    )
    assert game.describe("tax-collector 1") == (
        "Tax Collector: remove a warrior from clearing 1 (fox) to draw a card"
    )
    assert game.describe("stand-and-deliver 1") == (
        "Stand and Deliver!: take a random card from the Eyrie Dynasties (they score 1 VP)"
    )
    assert game.describe("draw-with 1") == (
        "Better Burrow Bank: you and the Eyrie Dynasties each draw a card"
    )


def test_setup_and_battle_actions() -> None:
    game = new_game(seed=0)
    assert game.decision == "cat_keep"
    assert game.describe("keep 1") == "Place the keep in clearing 1 (fox)"
    assert game.describe("corner 3") == (
        "Start in the corner clearing 3 (rabbit) with a roost and 6 warriors"
    )
    assert game.describe("place sawmill 5") == "Place your starting sawmill in clearing 5 (rabbit)"
    assert game.describe("remove sawmill") == "Remove your sawmill"
    assert game.describe("ambush 14") == "Ambush with Ambush! (fox): the attacker takes 2 hits"
    assert game.describe("discard 22") == "Discard Anvil (fox)"


@pytest.mark.parametrize(("cid_", "name"), [(-1, "Loyal Vizier (bird)"), (2, "Dominance (bird)")])
def test_card_names(cid_: int, name: str) -> None:
    assert card_name(cid_) == name
