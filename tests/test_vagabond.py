"""Scenario tests for the Vagabond (Law of Root, section 9 and Appendix V), each named after
its section, with exact outcomes. Positions are built with rootgame.position.build."""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import cid, hand, play, warriors

from rootgame import Game, new_game
from rootgame.errors import IllegalAction
from rootgame.factions.vagabond import (
    ALLIED,
    FOREST_BASE,
    HOSTILE,
    QUEST_KEYS,
    RUIN_ITEMS,
    VagabondState,
)
from rootgame.position import build
from rootgame.rules.effects import coalition_partners, form_coalition


def vpos(factions: tuple[str, ...] = ("vagabond", "eyrie"), **desc: Any) -> Game:
    """A position with the Vagabond; his turn unless ``turn`` is given."""
    d: dict[str, Any] = {"factions": list(factions), "turn": "vagabond"}
    d.update(desc)
    return build(d)


def vb(g: Game) -> VagabondState:
    s: VagabondState = g.state.fs[g.state.factions.index("vagabond")]
    return s


def items(g: Game, state: int = 0) -> dict[str, int]:
    """The Vagabond's item counts in one state (0 up, 1 down, 2 damaged up, 3 damaged down)."""
    return {k: v[state] for k, v in vb(g).items.items() if v[state]}


def vp(g: Game, faction: str) -> int:
    return g.state.seats[g.state.factions.index(faction)].vp


def toks(g: Game) -> set[str]:
    return set(g.legal_tokens())


V, E = 0, 1


# --- 9.3 Setup -------------------------------------------------------------------------------


def test_9_3_setup_character_forest_quests_ruins_items_relationships() -> None:
    g = new_game(["marquise", "vagabond"], seed=3, first_player=0)
    while g.state.stack[-1].kind != "vb_character":
        g.apply(g.legal_actions()[0])
    assert g.legal_tokens() == ["character thief", "character tinker", "character ranger"]
    g.apply("character tinker")
    assert g.legal_tokens() == [f"forest {FOREST_BASE + i}" for i in range(1, 8)]
    g.apply("forest 103")
    fs = vb(g)
    assert fs.pawn == 103
    assert items(g) == {"boot": 1, "torch": 1, "bag": 1, "hammer": 1}
    assert len(fs.quests) == 3 and len(fs.quest_deck) == 12 and not fs.done
    assert sorted(it for v in fs.ruins.values() for it in v) == sorted(RUIN_ITEMS)
    assert sorted(fs.ruins) == [6, 10, 11, 12]
    assert fs.rel == [0, 0]


# --- 9.2.2 Lone Wanderer, 7.2.2 Lords of the Forest ------------------------------------------


def test_9_2_2_pawn_never_rules_nor_breaks_a_tie_lords_of_the_forest() -> None:
    g = vpos(
        ("marquise", "eyrie", "vagabond"),
        clearings={"5": {"marquise": 1, "eyrie": 1}, "1": {"marquise": 1}},
        vagabond={"pawn": 5, "items": {"up": "boot torch"}},
        at="daylight",
    )
    from rootgame.rules.core import ruler

    # 7.2.2: tied Marquise and Eyrie, the Vagabond there: the Eyrie rule (the pawn is no
    # warrior, 9.2.2); alone with one cat warrior the pawn does not stop the Marquise ruling.
    assert ruler(g.state, 5) == 1
    assert ruler(g.state, 1) == 0
    # 9.2.3 Nimble: he moves into and out of clearings he does not rule.
    assert {"move 1", "move 2"} <= toks(g)


def test_9_2_2_the_keep_does_not_stop_the_pawn_moving_in() -> None:
    g = vpos(
        ("marquise", "vagabond"),
        clearings={"1": {"marquise": "2w keep"}},
        vagabond={"pawn": 5},
        at="daylight",
    )
    play(g, "move 1")
    assert vb(g).pawn == 1 and items(g, 1) == {"boot": 1}


# --- 9.4 Birdsong ----------------------------------------------------------------------------


def test_9_4_1_refresh_two_per_tea_on_the_track_then_three() -> None:
    g = vpos(vagabond={"pawn": 5, "items": {"up": "tea", "down": "3boot 2torch sword crossbow"}})
    # 3 + 2 per face-up tea = 5 of 7 exhausted items: he chooses.
    assert g.state.stack[-1].kind == "vb_refresh"
    play(g, "refresh boot", "refresh boot", "refresh boot", "refresh torch", "refresh sword")
    assert items(g, 1) == {"torch": 1, "crossbow": 1}
    assert items(g) == {"tea": 1, "boot": 3, "torch": 1, "sword": 1}


def test_9_4_1_refresh_flips_all_when_few_and_damaged_items_stay_damaged() -> None:
    g = vpos(
        vagabond={"pawn": 5, "items": {"down": "boot torch", "damaged-down": "sword"}}
    )
    assert items(g) == {"boot": 1, "torch": 1} and items(g, 2) == {"sword": 1}
    assert not items(g, 1) and not items(g, 3)


def test_9_4_2_slip_to_a_forest_or_a_hostile_clearing_without_boots() -> None:
    g = vpos(
        clearings={"1": {"eyrie": 2}},
        vagabond={"pawn": 5, "items": {"up": "sword"}, "relationships": {"eyrie": "hostile"}},
        at="birdsong:slip",
    )
    assert toks(g) == {"slip 1", "slip 2", "slip 101", "pass"}
    play(g, "slip 1")
    assert vb(g).pawn == 1


def test_9_4_2_slip_from_a_forest_to_a_forest_or_a_clearing_it_touches() -> None:
    """9.4.2 and 9.2.10: from a forest the Slip reaches the clearings it touches and the
    forests across one path (2.4); his Move reaches the clearings only (9.5.1)."""
    g = vpos(
        vagabond={"pawn": "forest:1_2_5_10", "items": {"up": "boot"}},
        at="birdsong:slip",
    )
    assert toks(g) == {"slip 1", "slip 2", "slip 5", "slip 10", "slip 102", "slip 103",
                       "pass"}
    play(g, "slip 103")
    assert vb(g).pawn == FOREST_BASE + 3 and items(g) == {"boot": 1}


# --- 9.5 Daylight ----------------------------------------------------------------------------


def test_9_5_1_move_exhausts_a_boot_plus_one_into_hostile_warriors() -> None:
    g = vpos(
        clearings={"1": {"eyrie": 1}},
        vagabond={"pawn": 5, "items": {"up": "boot"}, "relationships": {"eyrie": "hostile"}},
        at="daylight",
    )
    assert "move 2" in toks(g) and "move 1" not in toks(g)
    with pytest.raises(IllegalAction, match="extra boot"):
        g.apply("move 1")
    g2 = vpos(
        clearings={"1": {"eyrie": 1}},
        vagabond={"pawn": 5, "items": {"up": "2boot"}, "relationships": {"eyrie": "hostile"}},
        at="daylight",
    )
    play(g2, "move 1")
    assert vb(g2).pawn == 1 and items(g2, 1) == {"boot": 2}


def test_9_5_1_from_a_forest_only_to_an_adjacent_clearing_never_into_a_forest() -> None:
    g = vpos(vagabond={"pawn": "forest:1_2_5_10", "items": {"up": "boot torch"}}, at="daylight")
    assert toks(g) == {"move 1", "move 2", "move 5", "move 10", "end"}


def test_9_5_7_repair_in_a_forest() -> None:
    """9.5 restricts only Move in a forest (9.5.1, 9.2.10); Repair (9.5.7) names no clearing,
    so a hammer repairs there too. The actions that need his clearing stay closed."""
    g = vpos(
        clearings={"10": {"eyrie": 1}},
        hands={"vagabond": ["bake-sale"]},
        vagabond={"pawn": "forest:1_2_5_10",
                  "items": {"up": "hammer crossbow sword torch", "damaged-down": "boot"}},
        at="daylight",
    )
    assert toks(g) == {"repair boot down", "end"}
    with pytest.raises(IllegalAction, match="needs a clearing"):
        g.apply("strike 1")
    play(g, "repair boot down")
    assert items(g, 1) == {"hammer": 1, "boot": 1} and not items(g, 3)
    assert vb(g).pawn == FOREST_BASE + 1


def test_9_5_2_battle_swords_cap_hits_hostility_and_infamy() -> None:
    g = vpos(
        clearings={"5": {"eyrie": "3w roost"}},
        vagabond={"pawn": 5, "items": {"up": "2sword boot"}},
        dice=[[3, 1]],
        at="daylight",
    )
    play(g, "battle 5 1")
    # Eyrie deal 1 hit: he chooses the item to damage.
    assert toks(g) == {"damage sword up", "damage sword down", "damage boot up"}
    play(g, "damage boot up")
    # 9.2.6: two undamaged swords (one exhausted) cap his 3 at 2 hits; the first warrior
    # removed makes the Eyrie Hostile, the second scores 1 Infamy (9.2.9.3.1).
    assert warriors(g, 5, E) == 1
    assert vb(g).rel[E] == HOSTILE
    assert vp(g, "vagabond") == 1
    assert items(g, 2) == {"boot": 1}


def test_9_2_9_3_1_infamy_counts_every_piece_of_a_hostile_faction() -> None:
    g = vpos(
        clearings={"5": {"eyrie": "1w roost"}},
        vagabond={"pawn": 5, "items": {"up": "3sword"}, "relationships": {"eyrie": "hostile"}},
        dice=[[3, 0]],
        at="daylight",
    )
    play(g, "battle 5 1")
    # 1 warrior + the roost: 1 VP for the roost (3.2.1) + 2 Infamy.
    assert warriors(g, 5, E) == 0 and not g.state.buildings[5]
    assert vp(g, "vagabond") == 3


def test_9_2_4_defenseless_without_an_undamaged_sword() -> None:
    g = vpos(
        ("vagabond", "marquise"),
        clearings={"5": {"marquise": 2}},
        vagabond={"pawn": 5, "items": {"up": "boot torch tea", "damaged-up": "sword"}},
        turn="marquise",
        turn_state={"actions": 3},
        at="daylight:actions",
        dice=[[2, 1]],
    )
    play(g, "battle 5 0")
    # 2 rolled hits + 1 for defenseless: three items damaged, one at a time.
    while g.state.stack[-1].kind == "vb_damage":
        g.apply(g.legal_actions()[0])
    assert items(g, 2) == {"sword": 1, "boot": 1, "torch": 1, "tea": 1}
    assert warriors(g, 5, 1) == 2


def test_9_2_7_hits_beyond_his_items_are_ignored() -> None:
    g = vpos(
        ("vagabond", "marquise"),
        clearings={"5": {"marquise": 3}},
        vagabond={"pawn": 5, "items": {"up": "boot"}},
        turn="marquise",
        turn_state={"actions": 3},
        at="daylight:actions",
        dice=[[3, 3]],
    )
    play(g, "battle 5 0")
    assert items(g, 2) == {"boot": 1}
    assert vb(g).rel[1] == 0 and warriors(g, 5, 1) == 3


def test_4_3_1_an_ambush_damages_two_items_and_the_battle_goes_on() -> None:
    g = vpos(
        clearings={"5": {"eyrie": 2}},
        vagabond={"pawn": 5, "items": {"up": "2sword", "down": "boot"}},
        hands={"eyrie": ["ambush:rabbit"]},
        dice=[[2, 0]],
        at="daylight",
    )
    play(g, "battle 5 1", "ambush " + str(cid("ambush:rabbit")))
    play(g, "damage sword up", "damage boot down")
    # 9.2.2: the pawn remains, so the battle goes on; one undamaged sword left caps him at 1.
    assert warriors(g, 5, E) == 1
    assert items(g, 2) == {"sword": 1} and items(g, 3) == {"boot": 1}


def test_7_8_4_despot_scores_nothing_for_damaging_items() -> None:
    g = vpos(
        clearings={"5": {"eyrie": "3w roost"}, "1": {"eyrie": "1w roost"}, "10": {"eyrie": 1}},
        vagabond={"pawn": 5, "items": {"up": "sword boot torch"}},
        turn="eyrie",
        eyrie={"leader": "despot", "decree": {"battle": ["ambush:rabbit"]}},
        at="daylight:decree",
        dice=[[3, 1]],
    )
    play(g, "move bird 1 5", "damage boot up", "damage torch up")
    assert not any(r == "despot" for _, _, r in g.state.vp_log)
    # Three hits: the last one damages the sword, the only item left.
    assert items(g, 2) == {"boot": 1, "torch": 1, "sword": 1}
    assert vb(g).rel[E] == HOSTILE  # he removed an Eyrie warrior as defender
    assert vp(g, "vagabond") == 0  # not his turn: no Infamy


def test_9_5_3_explore_takes_the_ruin_item_scores_and_removes_the_ruin() -> None:
    g = vpos(
        vagabond={"pawn": 6, "items": {"up": "torch"}, "ruins": {"6": "hammer"}},
        at="daylight",
    )
    play(g, "explore")
    assert items(g) == {"hammer": 1} and items(g, 1) == {"torch": 1}
    assert vp(g, "vagabond") == 1
    assert (-1, "ruin") not in g.state.buildings[6] and 6 not in vb(g).ruins


def test_9_5_4_aid_gives_a_card_improves_the_relationship_and_takes_an_item() -> None:
    anvil = cid("anvil")
    g = vpos(
        clearings={"5": {"eyrie": 1}},
        hands={"vagabond": ["ambush:rabbit", "anvil", "a-visit-to-friends"]},
        crafted={"eyrie": ["coins"]},
        vagabond={"pawn": 5, "items": {"up": "boot torch 2tea crossbow"}},
        at="daylight",
    )
    # Only cards matching the rabbit clearing (birds wild): not the fox Anvil.
    assert f"aid 1 {anvil}" not in toks(g)
    play(g, f"aid 1 {cid('ambush:rabbit')}", "exhaust torch", "take coins")
    fs = vb(g)
    assert fs.rel[E] == 1 and vp(g, "vagabond") == 1
    assert hand(g, E) == ["ambush:rabbit"] and g.state.seats[E].items == []
    assert items(g)["coins"] == 1
    # 9.2.9.1.1: two more Aids in the same turn reach the next space (2 VP).
    play(g, f"aid 1 {cid('a-visit-to-friends')}", "exhaust boot")
    assert fs.rel[E] == 1 and g.state.turn["aids"] == [0, 1]


def test_9_2_9_1_aids_needed_reset_each_turn() -> None:
    g = vpos(
        clearings={"5": {"eyrie": 1}},
        hands={"vagabond": ["a-visit-to-friends", "bake-sale"]},
        vagabond={"pawn": 5, "items": {"up": "2torch"}, "relationships": {"eyrie": 1}},
        turn_state={"aids": [0, 1]},
        at="daylight",
    )
    play(g, f"aid 1 {cid('a-visit-to-friends')}")
    assert vb(g).rel[E] == 2 and vp(g, "vagabond") == 2


def test_9_2_9_2_1_aiding_an_ally_scores_two() -> None:
    g = vpos(
        clearings={"5": {"eyrie": 1}},
        hands={"vagabond": ["bake-sale"]},
        vagabond={"pawn": 5, "items": {"up": "torch"}, "relationships": {"eyrie": "allied"}},
        at="daylight",
    )
    play(g, f"aid 1 {cid('bake-sale')}")
    assert vb(g).rel[E] == ALLIED and vp(g, "vagabond") == 2


def test_9_2_9_3_3_aiding_a_hostile_faction_only_takes_items() -> None:
    g = vpos(
        clearings={"5": {"eyrie": "roost"}},
        hands={"vagabond": ["bake-sale"]},
        crafted={"eyrie": ["sword"]},
        vagabond={"pawn": 5, "items": {"up": "torch"}, "relationships": {"eyrie": "hostile"}},
        at="daylight",
    )
    play(g, f"aid 1 {cid('bake-sale')}", "take sword")
    assert vb(g).rel[E] == HOSTILE and vp(g, "vagabond") == 0
    assert items(g) == {"sword": 1}


def test_9_5_5_quest_exhausts_items_draws_a_new_quest_and_scores_per_suit() -> None:
    g = vpos(
        vagabond={
            "pawn": 5,
            "items": {"up": "torch sword boot"},
            "quests": ["guard-duty:rabbit", "errand:fox", "escort:mouse"],
            "done": ["errand:rabbit"],
            "quest_deck": ["expel-bandits:mouse"],
        },
        at="daylight",
    )
    assert {t for t in toks(g) if t.startswith("quest")} == {
        f"quest {QUEST_KEYS.index('guard-duty:rabbit')}"
    }
    play(g, f"quest {QUEST_KEYS.index('guard-duty:rabbit')}")
    # The reward comes before the new quest is drawn ("Finally, draw a new quest").
    assert g.decision == "vb_quest_reward"
    assert [QUEST_KEYS[q] for q in vb(g).quests] == ["errand:fox", "escort:mouse"]
    assert vb(g).quest_deck
    play(g, "reward vp")
    fs = vb(g)
    assert vp(g, "vagabond") == 2  # two rabbit quests completed
    assert items(g) == {"boot": 1} and items(g, 1) == {"torch": 1, "sword": 1}
    assert [QUEST_KEYS[q] for q in fs.quests] == ["errand:fox", "escort:mouse",
                                                  "expel-bandits:mouse"]
    assert not fs.quest_deck


def test_9_5_5_quest_reward_draw_two() -> None:
    g = vpos(
        vagabond={"pawn": 5, "items": {"up": "torch sword boot"},
                  "quests": ["guard-duty:rabbit"]},
        deck=["anvil", "sword"],
        at="daylight",
    )
    play(g, f"quest {QUEST_KEYS.index('guard-duty:rabbit')}", "reward draw")
    assert hand(g, V) == ["anvil", "sword"] and vp(g, "vagabond") == 0


def test_9_5_6_strike_a_warrior_makes_hostile_without_infamy() -> None:
    g = vpos(
        ("marquise", "vagabond"),
        clearings={"5": {"marquise": "2w sawmill"}, "1": {"marquise": "keep"}},
        hands={"marquise": ["bake-sale"]},
        vagabond={"pawn": 5, "items": {"up": "2crossbow"}},
        at="daylight",
    )
    play(g, "strike 0")
    # 6.2.3 Field Hospitals: the Marquise may spend a matching card.
    assert g.state.stack[-1].kind == "field_hospital"
    play(g, f"hospital {cid('bake-sale')}")
    assert warriors(g, 5, 0) == 1 and warriors(g, 1, 0) == 1
    assert vb(g).rel[0] == HOSTILE and g.state.seats[1].vp == 0
    play(g, "strike 0")
    assert warriors(g, 5, 0) == 0 and g.state.seats[1].vp == 0


def test_9_5_6_strike_a_building_when_no_warriors_scores_without_hostility() -> None:
    g = vpos(
        clearings={"5": {"eyrie": "roost"}},
        vagabond={"pawn": 5, "items": {"up": "crossbow"}},
        at="daylight",
    )
    play(g, "strike 1 roost")
    assert not g.state.buildings[5] and vp(g, "vagabond") == 1 and vb(g).rel[E] == 0


def test_9_5_7_repair_keeps_the_side() -> None:
    g = vpos(
        vagabond={"pawn": 5, "items": {"up": "2hammer", "damaged-up": "tea",
                                       "damaged-down": "boot"}},
        at="daylight",
    )
    play(g, "repair boot down", "repair tea up")
    assert items(g) == {"tea": 1} and items(g, 1) == {"hammer": 2, "boot": 1}
    assert not items(g, 2) and not items(g, 3)


def test_9_5_8_craft_with_hammers_of_the_clearing_suit() -> None:
    g = vpos(
        hands={"vagabond": ["bake-sale", "anvil", "root-tea:rabbit"]},
        vagabond={"pawn": 5, "items": {"up": "2hammer"}},
        at="daylight",
    )
    crafts = {t for t in toks(g) if t.startswith("craft")}
    # Rabbit clearing: Bake Sale (rabbit, rabbit) yes; Anvil (fox) and Root Tea (mouse) no.
    assert crafts == {f"craft {cid('bake-sale')}"}
    play(g, f"craft {cid('bake-sale')}")
    assert items(g) == {"coins": 1} and items(g, 1) == {"hammer": 2}
    assert vp(g, "vagabond") == 3 and g.state.items["coins"] == 1
    assert g.state.seats[V].items == []


def test_9_2_1_his_pawn_crafts_again_in_the_same_turn_with_other_hammers() -> None:
    """9.2.1: his pawn is a crafting piece activated by a hammer, free of 4.1.1's once per
    turn: a second card is crafted in the same clearing with the hammers left."""
    g = vpos(
        hands={"vagabond": ["a-visit-to-friends", "bake-sale"]},
        vagabond={"pawn": 5, "items": {"up": "3hammer"}},
        at="daylight",
    )
    play(g, f"craft {cid('a-visit-to-friends')}")
    assert items(g, 1) == {"hammer": 1}
    assert f"craft {cid('bake-sale')}" in toks(g)
    play(g, f"craft {cid('bake-sale')}")
    assert items(g) == {"boot": 1, "coins": 1} and items(g, 1) == {"hammer": 3}
    assert not g.state.seats[V].hand


def test_9_2_5_1_a_track_holds_three_the_fourth_counts_in_the_satchel() -> None:
    """9.2.5.I: three face-up teas stand on the Refresh track; a fourth stays in the Satchel,
    so it counts toward the item limit (9.6.4) and may be removed, those on the track not."""
    g = vpos(
        vagabond={"pawn": 5, "items": {"up": "4tea 6boot"}},
        at="evening:capacity",
    )
    # Satchel: six boots and one tea, seven items over a limit of six.
    assert g.state.stack[-1].kind == "vb_capacity"
    assert toks(g) == {"remove tea up", "remove boot up"}
    play(g, "remove tea up")
    assert vb(g).removed == ["tea"] and items(g) == {"tea": 3, "boot": 6}
    assert g.state.turn_seat == E


def test_appendix_v_thief_steal() -> None:
    g = vpos(
        clearings={"5": {"eyrie": 1}},
        hands={"eyrie": ["anvil"]},
        vagabond={"pawn": 5, "items": {"up": "torch boot"}},
        at="daylight",
    )
    play(g, "steal 1")
    assert hand(g, V) == ["anvil"] and hand(g, E) == []


def test_appendix_v_tinker_day_labor() -> None:
    g = vpos(
        vagabond={"character": "tinker", "pawn": 5, "items": {"up": "torch boot"}},
        discard=["anvil", "bake-sale", "ambush:bird"],
        at="daylight",
    )
    labor = {t for t in toks(g) if t.startswith("day-labor")}
    assert labor == {f"day-labor {cid('bake-sale')}", f"day-labor {cid('ambush:bird')}"}
    play(g, f"day-labor {cid('bake-sale')}")
    assert hand(g, V) == ["bake-sale"]


def test_appendix_v_ranger_hideout_repairs_three_and_ends_daylight() -> None:
    g = vpos(
        vagabond={"character": "ranger", "pawn": 5,
                  "items": {"up": "torch boot", "damaged-up": "2sword", "damaged-down": "tea"}},
        deck=["anvil"],
        at="daylight",
    )
    play(g, "hideout")
    assert items(g) == {"boot": 1, "sword": 2} and items(g, 1) == {"torch": 1, "tea": 1}
    # Daylight ended: Evening drew one card, and it is the Eyrie's turn.
    assert hand(g, V) == ["anvil"] and g.state.turn_seat == E


def test_appendix_v_ranger_hideout_in_a_forest() -> None:
    """Appendix V: Hideout repairs three items and ends Daylight; it names no clearing, so the
    Ranger may hide out in a forest, where the Evening's Rest (9.6.1) then repairs the rest."""
    g = vpos(
        vagabond={"character": "ranger", "pawn": "forest:1_2_5_10",
                  "items": {"up": "torch", "damaged-down": "2sword boot crossbow"}},
        deck=["anvil"],
        at="daylight",
    )
    assert "hideout" in toks(g)
    play(g, "hideout", "repair sword down", "repair sword down", "repair boot down")
    # Rest in the forest: the crossbow left damaged comes back face up.
    assert items(g) == {"crossbow": 1}
    assert items(g, 1) == {"torch": 1, "sword": 2, "boot": 1}
    assert hand(g, V) == ["anvil"] and g.state.turn_seat == E


# --- 9.6 Evening -----------------------------------------------------------------------------


def test_9_6_1_rest_in_a_forest_repairs_everything_face_up() -> None:
    g = vpos(
        vagabond={"pawn": "forest:1_2_5_10",
                  "items": {"up": "boot", "damaged-up": "sword", "damaged-down": "2coins"}},
        deck=["anvil", "bake-sale", "sword", "cobbler"],
        at="evening",
    )
    # Repaired coins go face up to the track: he draws 1 + 2.
    assert items(g) == {"boot": 1, "sword": 1, "coins": 2}
    assert hand(g, V) == ["anvil", "bake-sale", "sword"]


def test_9_6_1_no_rest_in_a_clearing() -> None:
    g = vpos(vagabond={"pawn": 5, "items": {"damaged-up": "sword"}}, at="evening")
    assert items(g, 2) == {"sword": 1}


def test_9_6_4_item_capacity_six_plus_two_per_bag_on_the_track() -> None:
    g = vpos(
        vagabond={"pawn": 5, "items": {"up": "bag 3boot 2torch 2sword", "down": "crossbow"}},
        at="evening:capacity",
    )
    # The bag on its track does not count; 8 items, limit 8: nothing removed.
    assert g.state.turn_seat == E and not vb(g).removed
    g = vpos(
        vagabond={"pawn": 5, "items": {"up": "3boot 2torch 2sword", "down": "crossbow"}},
        at="evening:capacity",
    )
    assert g.state.stack[-1].kind == "vb_capacity"
    play(g, "remove crossbow down", "remove boot up")
    assert vb(g).removed == ["boot", "crossbow"] and g.state.turn_seat == E


# --- 9.2.2.I Full removal --------------------------------------------------------------------


def test_9_2_2_1_a_favor_where_he_stands_damages_three_items() -> None:
    g = vpos(
        clearings={"1": {"eyrie": "roost"}, "6": {"eyrie": "roost"}, "8": {"eyrie": "roost"},
                   "12": {"eyrie": 1}},
        hands={"eyrie": ["favor-of-the-foxes"]},
        vagabond={"pawn": 12, "items": {"up": "boot torch sword tea"}},
        turn="eyrie",
        at="daylight:craft",
    )
    play(g, f"craft {cid('favor-of-the-foxes')}")
    assert g.state.stack[-1].kind == "vb_damage"
    play(g, "damage boot up", "damage torch up", "damage tea up")
    assert items(g) == {"sword": 1} and vb(g).pawn == 12


# --- 9.2.9.2 Allied --------------------------------------------------------------------------


def test_9_2_9_2_2_allied_warriors_move_along() -> None:
    g = vpos(
        ("marquise", "eyrie", "vagabond"),
        clearings={"5": {"eyrie": 3}},
        vagabond={"pawn": 5, "items": {"up": "boot"}, "relationships": {"eyrie": "allied"}},
        at="daylight",
    )
    play(g, "move 1")
    assert toks(g) == {"alone", "ally 1 1", "ally 1 2", "ally 1 3"}
    play(g, "ally 1 2")
    assert warriors(g, 1, 1) == 2 and warriors(g, 5, 1) == 1


def test_9_2_9_2_2_allies_forced_along_must_rule_origin_or_destination_1_5_5() -> None:
    def game(five: dict[str, Any]) -> Game:
        return vpos(
            ("marquise", "eyrie", "vagabond"),
            clearings={"5": five},
            hands={"vagabond": ["bake-sale"]},
            vagabond={"pawn": 5, "items": {"up": "boot"}, "relationships": {"eyrie": "allied"}},
            at="daylight",
        )

    # The Marquise rule 5 and nobody rules 1: forced to move, the Eyrie would need rule
    # there as if moving by choice (4.2.1), so they stay.
    g = game({"eyrie": 2, "marquise": 3})
    play(g, "move 1")
    assert g.decision == "vb_actions" and warriors(g, 5, 1) == 2 and vb(g).pawn == 1
    # Tied in 5: Lords of the Forest give the Eyrie rule (7.2.2, the example of 1.5.5).
    g = game({"eyrie": 2, "marquise": 2})
    play(g, "move 1")
    assert toks(g) == {"alone", "ally 1 1", "ally 1 2"}
    play(g, "ally 1 2")
    assert warriors(g, 1, 1) == 2 and warriors(g, 5, 1) == 0


def _allied_eyrie_against_three_marquise() -> Game:
    """The Vagabond (sword and boot) Allied with the Eyrie in 5, three warriors each side; the
    dice roll 3 and 2."""
    return vpos(
        ("marquise", "eyrie", "vagabond"),
        clearings={"5": {"eyrie": 3, "marquise": 3}},
        vagabond={"pawn": 5, "items": {"up": "sword boot"}, "relationships": {"eyrie": "allied"}},
        dice=[[3, 2]],
        at="daylight",
    )


def test_9_2_9_2_3_attacking_with_an_ally_and_9_2_9_2_4_hostile_if_more_warriors_lost() -> None:
    g = _allied_eyrie_against_three_marquise()
    play(g, "battle 5 0 1")
    # 1 sword + 3 Eyrie warriors: all 3 rolled hits count; the Marquise deal 2.
    assert toks(g) == {"damage sword down", "damage boot up", "ally-warrior"}
    play(g, "ally-warrior", "ally-warrior")
    assert warriors(g, 5, 0) == 0 and warriors(g, 5, 1) == 1
    fs = vb(g)
    assert fs.rel[1] == HOSTILE and fs.rel[0] == HOSTILE
    # Three Marquise warriors: the first makes them Hostile, two Infamy.
    assert vp(g, "vagabond") == 2


def test_9_2_9_2_4_as_many_hits_on_items_as_on_allies_keeps_the_alliance() -> None:
    """9.2.9.2.4: the Allied faction turns Hostile only if more hits went to its warriors
    than to his items in the battle; one each keeps it Allied (and its warriors lost to the
    defender's hits are no removal of his, 9.2.9.3)."""
    g = _allied_eyrie_against_three_marquise()
    play(g, "battle 5 0 1", "ally-warrior", "damage boot up")
    assert warriors(g, 5, 0) == 0 and warriors(g, 5, 1) == 2
    fs = vb(g)
    assert fs.rel[1] == ALLIED and fs.rel[0] == HOSTILE
    assert vp(g, "vagabond") == 2  # two Infamy for the Marquise warriors after the first


def test_9_2_9_2_3_no_ally_against_the_same_ally() -> None:
    g = vpos(
        ("marquise", "eyrie", "vagabond"),
        clearings={"5": {"eyrie": 3, "marquise": 3}},
        vagabond={"pawn": 5, "items": {"up": "sword"}, "relationships": {"eyrie": "allied"}},
        at="daylight",
    )
    assert {t for t in toks(g) if t.startswith("battle")} == {"battle 5 0", "battle 5 0 1",
                                                            "battle 5 1"}


# --- 9.2.8 Coalitions ------------------------------------------------------------------------


def test_9_2_8_no_coalition_below_four_players() -> None:
    g = vpos(
        ("marquise", "eyrie", "vagabond"),
        hands={"vagabond": ["dominance:fox"]},
        vp={"vagabond": 12, "marquise": 3, "eyrie": 5},
        vagabond={"pawn": 5, "items": {"up": "boot"}},
        at="daylight",
    )
    assert not any(t.startswith(("coalition", "dominance")) for t in toks(g))


def test_9_2_8_coalition_partners_enemies_and_a_shared_win() -> None:
    g = vpos(
        ("marquise", "eyrie", "vagabond"),
        clearings={"5": {"eyrie": 2}},
        hands={"vagabond": ["dominance:fox"]},
        vp={"vagabond": 12, "marquise": 3, "eyrie": 3},
        vagabond={"pawn": 5, "items": {"up": "sword"}, "relationships": {"eyrie": "hostile"}},
        at="daylight",
    )
    s = g.state
    assert coalition_partners(s, 2) == [0, 1]
    form_coalition(s, 2, cid("dominance:fox"), 1)
    assert vb(g).rel[1] == 0  # 9.2.9.3.4: the Hostile partner goes to Indifferent
    from rootgame.rules.battle import battle_targets
    from rootgame.rules.core import enemies, score

    assert list(enemies(s, 2)) == [0] and list(enemies(s, 1)) == [0]
    assert battle_targets(s, 1, [5]) == []
    score(s, 2, 5, "test")
    assert s.seats[2].vp == 12  # no more scoring
    score(s, 1, 27, "test")
    assert s.winners == [1, 2]


FOUR = ("marquise", "eyrie", "alliance", "vagabond")


def test_9_2_8_coalition_formed_by_activating_a_dominance_card_with_the_fewest_vp() -> None:
    fox = cid("dominance:fox")
    g = vpos(
        FOUR,
        clearings={"5": {"eyrie": 2}},
        hands={"vagabond": ["dominance:fox", "bake-sale"]},
        vp={"vagabond": 12, "marquise": 3, "eyrie": 3, "alliance": 5},
        vagabond={"pawn": 5, "items": {"up": "sword"}},
        at="daylight",
    )
    # Tied for the fewest VP among the others: he chooses; never the Alliance (5 VP), and
    # no activation for his own victory (3.3.1 is not his).
    assert {t for t in toks(g) if t.startswith(("coalition", "dominance"))} == {
        f"coalition {fox} 0",
        f"coalition {fox} 1",
    }
    play(g, f"coalition {fox} 1")
    s = g.state
    assert s.seats[3].dominance == fox and hand(g, 3) == ["bake-sale"]
    assert s.seats[3].coalition == 1 and s.seats[1].coalition == 3
    assert "battle 5 1" not in toks(g)  # partners are no longer enemies (4.3)
    # A position string keeps the coalition (field ``coalition``, docs/positions.md).
    from rootgame.game import state_hash
    from rootgame.position_text import from_string, to_string

    text = to_string(g)
    assert "coalition=v:e" in text
    assert state_hash(from_string(text).state) == state_hash(s)


def test_9_2_8_a_dominance_player_is_left_out_of_the_fewest_vp() -> None:
    """Ruling 190: the Eyrie, their dominance card activated, have no score on the track
    (3.3.1; the FAQ on coalitions), so the Marquise with 12 VP has the fewest among the others
    although the Eyrie's last score was 10."""
    fox = cid("dominance:fox")
    g = vpos(
        FOUR,
        clearings={"5": {"eyrie": 2}},
        hands={"vagabond": ["dominance:fox", "bake-sale"]},
        dominance={"eyrie": "dominance:mouse"},
        vp={"vagabond": 12, "marquise": 12, "eyrie": 10, "alliance": 15},
        vagabond={"pawn": 5, "items": {"up": "sword"}},
        at="daylight",
    )
    assert {t for t in toks(g) if t.startswith("coalition")} == {f"coalition {fox} 0"}


def test_9_2_8_a_favor_he_crafts_spares_his_partners_pieces() -> None:
    g = vpos(
        FOUR,
        clearings={
            "1": {"marquise": "2w sawmill"},
            "6": {"eyrie": "roost"},
            "8": {"alliance": "sympathy"},
            "12": {"marquise": "workshop", "eyrie": 1},
        },
        hands={"vagabond": ["favor-of-the-foxes", "bake-sale"]},
        deck=["cobbler"],
        dominance={"vagabond": "dominance:mouse"},
        coalition={"vagabond": "marquise"},
        vp={"vagabond": 12},
        vagabond={"pawn": 12, "items": {"up": "3hammer"}},
        at="daylight",
    )
    play(g, f"craft {cid('favor-of-the-foxes')}")
    s = g.state
    # The Marquise are not his enemies (9.2.8, G "Enemy"): their warriors, sawmill and
    # workshop stay; the Eyrie's roost and warrior and the sympathy token go.
    assert warriors(g, 1, 0) == 2 and s.buildings[1] == ((0, "sawmill"),)
    assert (0, "workshop") in s.buildings[12] and warriors(g, 12, 1) == 0
    assert s.buildings[6] == ((-1, "ruin"),) and s.tokens[8] == ()
    assert vp(g, "vagabond") == 12  # his score marker is off the track
    assert vb(g).rel[1] == HOSTILE  # he removed an Eyrie warrior (9.2.9.3)
    # He removed the sympathy token: Outrage is his to pay (8.2.6); no fox card, no bird.
    assert g.decision == "outrage" and g.current_seat == 3
    assert g.legal_tokens() == ["show-hand"]
    play(g, "show-hand")
    assert s.fs[2].supporters == [cid("cobbler")] and hand(g, 3) == ["bake-sale"]


def test_9_2_2_1_his_coalition_partners_favor_damages_no_item() -> None:
    """9.2.2.I: only an enemy's effect removing all enemy pieces where he stands damages his
    items; his coalition partner is no enemy (9.2.8, G "Enemy")."""
    g = vpos(
        FOUR,
        clearings={"1": {"marquise": "2w sawmill"}, "6": {"eyrie": "roost"},
                   "8": {"eyrie": "roost"}, "12": {"eyrie": "roost", "marquise": 1}},
        hands={"eyrie": ["favor-of-the-foxes"]},
        dominance={"vagabond": "dominance:mouse"},
        coalition={"vagabond": "eyrie"},
        vagabond={"pawn": 12, "items": {"up": "boot torch sword tea"}},
        turn="eyrie",
        at="daylight:craft",
    )
    play(g, f"craft {cid('favor-of-the-foxes')}")
    assert warriors(g, 12, 0) == 0 and warriors(g, 1, 0) == 0
    assert items(g) == {"boot": 1, "torch": 1, "sword": 1, "tea": 1} and not items(g, 2)
    assert vb(g).pawn == 12


def test_9_2_2_1_a_revolt_where_he_stands_damages_three_items() -> None:
    g = vpos(
        ("eyrie", "alliance", "vagabond"),
        turn="alliance",
        at="birdsong:revolt",
        clearings={"3": {"alliance": "sympathy", "eyrie": 2}, "4": {"alliance": "sympathy"}},
        alliance={"supporters": ["bake-sale", "armorers"]},
        vagabond={"pawn": 3, "items": {"up": "boot torch sword tea"}},
    )
    play(g, "revolt 3")
    assert g.state.stack[-1].kind == "vb_damage"
    play(g, "damage boot up", "damage torch up", "damage tea up")
    assert items(g) == {"sword": 1} and items(g, 2) == {"boot": 1, "torch": 1, "tea": 1}
    assert vb(g).pawn == 3 and warriors(g, 3, 0) == 0
    # Two rabbit sympathetic clearings: two warriors with the base.
    assert warriors(g, 3, 1) == 2 and (1, "base") in g.state.buildings[3]


def test_8_2_6_his_pawn_moving_in_causes_no_outrage_removing_sympathy_does() -> None:
    g = vpos(
        ("alliance", "vagabond"),
        clearings={"5": {"alliance": "sympathy"}},
        hands={"vagabond": ["anvil", "bake-sale"]},
        vagabond={"pawn": 1, "items": {"up": "boot crossbow"}},
        at="daylight",
    )
    play(g, "move 5")
    # FAQ: a pawn is not a warrior.
    assert g.decision == "vb_actions" and g.state.fs[0].supporters == []
    play(g, "strike 0 sympathy")
    assert vp(g, "vagabond") == 1
    assert g.decision == "outrage" and g.legal_tokens() == [f"outrage {cid('bake-sale')}"]
    play(g, f"outrage {cid('bake-sale')}")
    assert g.state.fs[0].supporters == [cid("bake-sale")] and hand(g, 1) == ["anvil"]


def test_8_2_6_allied_warriors_he_moves_into_sympathy_their_player_pays_1_5_5() -> None:
    g = vpos(
        ("eyrie", "alliance", "vagabond"),
        clearings={"1": {"eyrie": 2}, "5": {"alliance": "sympathy"}},
        hands={"eyrie": ["bake-sale", "anvil"], "vagabond": ["mouse-in-a-sack"]},
        vagabond={"pawn": 1, "items": {"up": "boot"}, "relationships": {"eyrie": "allied"}},
        at="daylight",
    )
    play(g, "move 5", "ally 0 2")
    # Forced to move, the Eyrie move as if by their own choice: they pay the Outrage.
    assert g.decision == "outrage" and g.current_seat == 0
    assert g.legal_tokens() == [f"outrage {cid('bake-sale')}"]
    # Allied Alliance warriors moved into their own sympathy cause none (FAQ).
    g = vpos(
        ("eyrie", "alliance", "vagabond"),
        clearings={"1": {"alliance": 2}, "5": {"alliance": "sympathy"}},
        hands={"vagabond": ["bake-sale"]},
        vagabond={"pawn": 1, "items": {"up": "boot"}, "relationships": {"alliance": "allied"}},
        at="daylight",
    )
    play(g, "move 5", "ally 1 2")
    assert warriors(g, 5, 1) == 2 and g.decision == "vb_actions"
    assert hand(g, 2) == ["bake-sale"] and g.state.fs[1].supporters == []


def test_7_7_turmoil_while_the_eyrie_are_in_a_coalition_with_the_vagabond() -> None:
    g = vpos(
        ("marquise", "eyrie", "vagabond"),
        clearings={"5": {"eyrie": "roost"}},
        hands={"vagabond": ["dominance:fox"]},
        vp={"vagabond": 12, "eyrie": 5, "marquise": 8},
        vagabond={"pawn": 5, "items": {"up": "boot"}},
        turn="eyrie",
        eyrie={"decree": {"recruit": ["anvil"]}},
        at="daylight:decree",
    )
    form_coalition(g.state, 2, cid("dominance:fox"), 1)
    assert "turmoil fox" in toks(g)
    play(g, "turmoil fox")
    # 7.7.1: humiliated for the two Loyal Viziers; the partner's score marker is off the
    # track, so nothing changes for him; the coalition holds.
    assert vp(g, "eyrie") == 3 and vp(g, "vagabond") == 12
    assert g.state.seats[1].coalition == 2 and g.state.seats[2].coalition == 1


def test_position_strings_round_trip_the_vagabond() -> None:
    from rootgame.game import state_hash
    from rootgame.position_text import from_string, to_string

    g = vpos(
        clearings={"5": {"eyrie": "2w roost"}},
        vagabond={
            "character": "tinker", "pawn": "forest:1_2_5_10",
            "items": {"up": "boot 2tea", "down": "hammer", "damaged-down": "sword"},
            "relationships": {"eyrie": 2}, "done": ["escort:mouse"], "removed": "bag",
        },
        turn_state={"aids": [0, 1]},
        at="daylight",
    )
    text = to_string(g)
    assert "vagabond.pawn=forest:1_2_5_10" in text and "vagabond.relationships=eyrie:2" in text
    h = from_string(text)
    assert state_hash(h.state) == state_hash(g.state)
    assert h.legal_actions() == g.legal_actions()
    g2 = new_game(["marquise", "vagabond"], seed=2)
    while g2.state.stack[-1].kind != "vb_forest":
        g2.apply(g2.legal_actions()[0])
    assert state_hash(from_string(to_string(g2)).state) == state_hash(g2.state)


def test_position_coalition_field_names_what_is_wrong() -> None:
    from rootgame.errors import PositionError

    base: dict[str, Any] = {
        "factions": list(FOUR), "dominance": {"vagabond": "dominance:fox"},
        "coalition": {"vagabond": "eyrie"},
    }
    assert build(base).state.seats[1].coalition == 3
    with pytest.raises(PositionError, match="coalition.vagabond: a coalition is formed by"):
        build({**base, "dominance": {}})
    with pytest.raises(PositionError, match="coalition.eyrie: only the Vagabond"):
        build({**base, "coalition": {"eyrie": "vagabond"}})
    with pytest.raises(PositionError, match="four or more"):
        build({**base, "factions": ["marquise", "eyrie", "vagabond"]})


def test_card_command_warren_lets_the_pawn_battle_without_a_sword_exhausted() -> None:
    g = vpos(
        clearings={"5": {"eyrie": 1}},
        persistent={"vagabond": ["command-warren"]},
        vagabond={"pawn": 5, "items": {"up": "sword"}},
        dice=[[1, 0]],
        at="daylight",
    )
    assert toks(g) == {"battle 5 1", "pass"}
    play(g, "battle 5 1")
    assert warriors(g, 5, E) == 0 and items(g) == {"sword": 1}
    assert vb(g).rel[E] == HOSTILE


def test_card_cobbler_moves_the_pawn_for_a_boot() -> None:
    g = vpos(
        persistent={"vagabond": ["cobbler"]},
        vagabond={"pawn": 5, "items": {"up": "boot"}},
        at="evening",
    )
    assert toks(g) == {"move 1", "move 2", "pass"}
    play(g, "move 2")
    assert vb(g).pawn == 2 and items(g, 1) == {"boot": 1}
