"""Scenario tests for the Eyrie Dynasties (Law of Root, section 7): Turmoil (7.7), the
leaders (7.8), edge cases across the turn, and what the Decree and craft steps reveal (1.2.1).
(Seat 0 is the Marquise, seat 1 the Eyrie; the method as in test_eyrie.py.)
"""

from __future__ import annotations

from typing import Any

import pytest
from lawkit import (
    AMBUSH_BIRD,
    ANVIL,
    ARMORERS,
    BAKE_SALE,
    CAT_9,
    ROOST_SPOTS,
    SWORD,
    E,
    M,
    cid,
    eyrie_pos,
    roosts_at,
)

from rootgame.cards import DECK
from rootgame.errors import IllegalAction
from rootgame.factions.eyrie import LEADERS, VIZIERS, st
from rootgame.game import Game
from rootgame.position import build

V1, V2 = VIZIERS


# --- 7.7 Turmoil --------------------------------------------------------------------------------


def _turmoil_position(**kw: Any) -> Game:
    """Commander with a fox card in Recruit and roosts only in rabbit clearings 3, 4, 5:
    the Decree falls into turmoil at once."""
    eyrie = {
        "leader": "commander",
        "decree": {
            "recruit": ["anvil"],
            "move": ["vizier", "ambush:bird"],
            "battle": ["vizier", "sword"],
        },
    }
    eyrie.update(kw.pop("eyrie", {}))
    d: dict[str, Any] = {
        "at": "daylight:decree",
        "clearings": {
            "3": {"eyrie": "2w roost"},
            "4": {"eyrie": "roost"},
            "5": {"eyrie": "roost"},
            "9": CAT_9,
        },
        "vp": {"eyrie": 5},
        "hands": {"eyrie": []},
        "deck": ["bake-sale", "cobbler", "investments"],
        "eyrie": eyrie,
    }
    d.update(kw)
    return eyrie_pos(**d)


def test_7_7_1_humiliate_one_vp_per_bird_including_viziers() -> None:
    g = _turmoil_position()
    assert g.decision == "eyrie_leader"
    assert g.scores[E] == 2  # 2 Viziers + ambush:bird
    assert [x for x in g.state.vp_log if x[2] == "humiliate"] == [(E, -3, "humiliate")]


def test_7_7_1_vp_may_go_below_zero() -> None:
    g = _turmoil_position(vp={"eyrie": 1})
    assert g.scores[E] == -2


def test_7_7_1_humiliate_takes_nothing_with_an_activated_dominance_card() -> None:
    # 3.3.1: with an activated dominance card the Eyrie's score marker is off the track; the
    # turmoil goes on (purge, depose) but no VP are lost.
    g = _turmoil_position(dominance={"eyrie": "dominance:mouse"})
    assert g.decision == "eyrie_leader"
    assert g.scores[E] == 5
    assert [x for x in g.state.vp_log if x[2] == "humiliate"] == []
    assert sorted(g.state.discard) == sorted([ANVIL, AMBUSH_BIRD, SWORD])


def test_7_5_2_a_daylight_action_may_come_before_the_decree_card_that_cannot_be_done() -> None:
    """Ruling 387: the Eyrie fall into turmoil the moment they turn to a Decree card they
    cannot carry out (7.5.2, "inmediatamente"), but other Daylight actions may come first (as
    they could between any two Decree cards): here the fox dominance card is activated (3.3.1)
    before the fox Recruit, so Humiliate takes nothing (ruling 382)."""
    g = _turmoil_position(vp={"eyrie": 12}, hands={"eyrie": ["dominance:fox"]})
    assert g.decision == "decree"
    assert g.legal_actions() == [("turmoil", "fox"), ("dominance", 15)]
    g.apply(("dominance", 15))
    # Nothing else is left to do: the turmoil comes at once.
    assert g.decision == "eyrie_leader"
    assert g.scores[E] == 12
    assert [x for x in g.state.vp_log if x[2] == "humiliate"] == []


def test_7_7_2_purge_keeps_only_the_viziers() -> None:
    g = _turmoil_position()
    assert sorted(g.state.discard) == sorted([ANVIL, AMBUSH_BIRD, SWORD])
    # Only the two Viziers are left (the new leader will tuck them into its columns).
    assert sorted(x for col in st(g.state, E).decree for x in col) == sorted(VIZIERS)
    assert g.state.seats[E].hand == []


def test_7_7_2_purged_dominance_card_becomes_available() -> None:
    # Three players keep the dominance cards (5.1.3). The fox dominance card in Recruit cannot
    # be carried out (no fox roost): it is purged, and a discarded dominance card goes beside
    # the map, available (3.3.3), while the rabbit card goes to the discard pile.
    g = build(
        {
            "factions": ["marquise", "eyrie", "alliance"],
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {"3": {"eyrie": "2w roost"}, "9": CAT_9},
            "vp": {"eyrie": 5},
            "hands": {"eyrie": []},
            "eyrie": {
                "leader": "despot",
                "decree": {"recruit": ["dominance:fox"], "move": ["vizier", "bake-sale"],
                           "build": ["vizier"]},
            },
        }
    )
    assert (g.decision, g.current_seat) == ("eyrie_leader", E)
    assert g.state.available_dominance == [cid("dominance:fox")]
    assert g.state.discard == [BAKE_SALE]
    assert g.scores[E] == 3  # the two Viziers
    assert sorted(x for col in st(g.state, E).decree for x in col) == sorted(VIZIERS)


def test_7_7_3_depose_choose_a_new_leader_among_the_face_up_only() -> None:
    g = _turmoil_position(eyrie={"face_up": ["builder", "despot"]})
    assert (g.decision, g.current_seat) == ("eyrie_leader", E)
    assert sorted(g.legal_tokens()) == ["leader builder", "leader despot"]
    with pytest.raises(IllegalAction):
        g.apply("leader commander")  # the deposed leader is face down
    with pytest.raises(IllegalAction):
        g.apply("leader charismatic")  # face down since an earlier turmoil
    g.apply("leader builder")
    fs = st(g.state, E)
    assert fs.leader == "builder"
    assert fs.face_up == ["despot"]
    # The Viziers are tucked into the Builder's columns: Recruit and Move.
    assert fs.decree == [[V1], [V2], [], []]


def test_7_7_3_a_single_face_up_leader_is_taken() -> None:
    g = _turmoil_position(eyrie={"face_up": ["despot"]})
    fs = st(g.state, E)
    assert fs.leader == "despot"
    assert fs.face_up == []
    assert fs.decree == [[], [V1], [], [V2]]


def test_7_7_3_i_a_new_clutch_when_no_leader_is_face_up() -> None:
    g = _turmoil_position(eyrie={"leader": "despot", "face_up": []})
    assert g.decision == "eyrie_leader"
    # All four turn face up again, the one just deposed included.
    assert sorted(g.legal_tokens()) == [f"leader {x}" for x in sorted(LEADERS)]
    g.apply("leader despot")
    fs = st(g.state, E)
    assert fs.leader == "despot"
    assert fs.face_up == ["builder", "charismatic", "commander"]
    assert fs.decree == [[], [V1], [], [V2]]


def test_7_7_3_the_deposed_leader_is_face_down_in_every_view() -> None:
    """Depose: the leader goes face down and aside, the new one on the board; every player
    sees which leaders are face up, face down and in charge."""
    g = _turmoil_position()
    g.apply("leader despot")
    for seat in (M, E, None):
        board = g.view(seat)["players"][E]["board"]
        assert board["leader"] == "despot"
        assert board["face_up_leaders"] == ["builder", "charismatic"]
        assert board["face_down_leaders"] == ["commander"]


def test_7_7_4_rest_daylight_ends_but_evening_scores_and_draws() -> None:
    g = _turmoil_position()
    g.apply("leader despot")
    # No Move or Battle was resolved; Evening: 3 roosts -> 2 VP and 2 cards.
    assert g.state.warriors[3][E] == 2
    assert g.scores[E] == 2 + 2
    assert sorted(g.state.seats[E].hand) == sorted([BAKE_SALE, cid("cobbler")])
    assert g.turn_seat == M


# --- 7.8 Leaders ---------------------------------------------------------------------------------


def test_7_8_1_builder_viziers_and_printed_vp() -> None:
    g = eyrie_pos(
        at="daylight:craft",
        clearings={
            "3": {"eyrie": "roost"},
            "5": {"eyrie": "roost"},
            "2": {"eyrie": "2w"},
            "9": CAT_9,
        },
        hands={"eyrie": ["bake-sale", "anvil"]},
        eyrie={"leader": "builder"},
    )
    assert st(g.state, E).decree == [[V1], [V2], [], []]
    g.apply(f"craft {BAKE_SALE}")
    assert g.scores[E] == 3


def test_7_8_2_charismatic_recruits_two_warriors() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "roost"}, "8": {"eyrie": "roost"}, "9": CAT_9},
        eyrie={"leader": "charismatic", "decree": {"recruit": ["vizier"], "build": ["vizier"]}},
    )
    g.apply("recruit bird 8")
    assert g.state.warriors[8][E] == 2
    assert g.state.warriors[3][E] == 0
    assert st(g.state, E).warriors == 18


def test_7_8_2_charismatic_with_one_warrior_places_it_then_turmoil() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "19w roost", "marquise": "1w"}, "9": CAT_9},
        vp={"eyrie": 5},
        eyrie={"leader": "charismatic"},
    )
    # The Battle (bird) card in 3 was possible, but turmoil came first.
    assert g.state.warriors[3] == (1, 20)
    assert st(g.state, E).warriors == 0
    assert g.scores[E] == 3
    assert g.decision == "eyrie_leader"
    assert sorted(g.legal_tokens()) == ["leader builder", "leader commander", "leader despot"]


def test_7_8_2_charismatic_with_no_warrior_falls_into_turmoil() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "20w roost", "marquise": "1w"}, "9": CAT_9},
        vp={"eyrie": 5},
        eyrie={"leader": "charismatic"},
    )
    assert g.state.warriors[3] == (1, 20)
    assert g.scores[E] == 3
    assert g.decision == "eyrie_leader"


def test_7_8_2_other_leaders_recruit_one_warrior() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "roost"}, "8": {"eyrie": "roost"}, "9": CAT_9},
        eyrie={"leader": "builder"},
    )
    g.apply("recruit bird 8")
    assert g.state.warriors[8][E] == 1


def _eyrie_battle(leader: str, marquise: str, dice: list[int]) -> Game:
    """The Eyrie (3 warriors) attack the Marquise in fox clearing 8 with a bird card."""
    return eyrie_pos(
        at="daylight:decree",
        clearings={
            "8": {"eyrie": "3w", "marquise": marquise},
            "3": {"eyrie": "roost"},
            "9": {"eyrie": "1w"},
            "12": CAT_9,
        },
        vp={"eyrie": 0},
        eyrie={"leader": leader, "decree": {"battle": ["vizier"], "build": ["vizier"]}},
        dice=[dice],
    )


def test_7_8_3_commander_deals_an_extra_hit_as_attacker() -> None:
    g = _eyrie_battle("commander", "3w", [1, 1])
    assert g.state.warriors[8] == (1, 2)


def test_7_8_3_other_leaders_deal_no_extra_hit() -> None:
    g = _eyrie_battle("despot", "3w", [1, 1])
    assert g.state.warriors[8] == (2, 2)


def test_7_8_3_commander_extra_hit_in_a_battle_a_card_starts() -> None:
    """"In battle as attacker": any battle the Eyrie start, not only the Decree's. Command
    Warren's battle at the start of Daylight, dice 0-0: the Commander's hit alone."""
    g = eyrie_pos(
        at="daylight",
        clearings={
            "3": {"eyrie": "2w roost"},
            "7": {"eyrie": "2w roost", "marquise": "3w"},
            "1": {"marquise": "1w keep"},
        },
        hands={"eyrie": []},
        persistent={"eyrie": ["command-warren"]},
        eyrie={"leader": "commander", "decree": {"move": ["vizier"], "battle": ["vizier"]}},
        dice=[[0, 0]],
    )
    assert (g.decision, g.step) == ("command_warren", "start")
    g.apply(("battle", 7, M))
    assert g.state.warriors[7] == (2, 2)
    assert g.decision == "decree"


def test_7_8_3_commander_no_extra_hit_as_defender() -> None:
    g = eyrie_pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "8": {"eyrie": "3w", "marquise": "3w"},
            "3": {"eyrie": "roost"},
            "9": {"marquise": "2w"},
        },
        eyrie={"leader": "commander"},
        turn_state={"actions": 2},
        dice=[[1, 1]],
    )
    assert (g.decision, g.current_seat) == ("cat_actions", M)
    g.apply("battle 8 1")
    assert g.state.warriors[8] == (2, 2)


def test_7_8_4_despot_extra_vp_for_removing_a_building() -> None:
    g = _eyrie_battle("despot", "1w sawmill", [3, 0])
    assert g.state.warriors[8] == (0, 3)
    assert g.state.buildings[8] == ()
    assert g.scores[E] == 2  # 1 for the sawmill + 1 Despot


def test_7_8_4_despot_extra_vp_once_per_battle() -> None:
    g = _eyrie_battle("despot", "sawmill workshop", [2, 0])
    assert g.state.buildings[8] == ()
    assert g.scores[E] == 3  # 2 buildings + 1 Despot (not 2)


def test_7_8_4_despot_extra_vp_for_a_token() -> None:
    g = _eyrie_battle("despot", "wood", [0, 0])
    assert g.state.tokens[8] == ()
    assert g.scores[E] == 2


def test_7_8_4_despot_no_extra_vp_for_warriors_only() -> None:
    g = _eyrie_battle("despot", "3w", [2, 0])
    assert g.state.warriors[8] == (1, 3)
    assert g.scores[E] == 0


def test_7_8_4_other_leaders_no_extra_vp_for_buildings() -> None:
    g = _eyrie_battle("commander", "1w sawmill", [3, 0])
    assert g.state.buildings[8] == ()
    assert g.scores[E] == 1


def test_7_8_4_despot_no_extra_vp_outside_battle() -> None:
    """The Despot's point is for removals "in battle": a Favor the Despot crafts scores each
    building and token it removes (3.2.1) and nothing more."""
    g = eyrie_pos(
        at="daylight:craft",
        clearings={
            "1": {"marquise": "1w keep"},
            "3": {"eyrie": "roost 1w"},
            "4": {"eyrie": "roost 1w"},
            "5": {"eyrie": "roost 1w", "marquise": "2w workshop"},
            "10": {"marquise": "1w sawmill wood"},
        },
        hands={"eyrie": ["favor-of-the-rabbits"]},
        eyrie={"leader": "despot"},
    )
    g.apply(f"craft {cid('favor-of-the-rabbits')}")
    assert g.state.buildings[5] == ((E, "roost"),)
    assert g.state.tokens[10] == ()
    assert g.scores[E] == 3  # workshop, sawmill, wood: no Despot point
    assert [x for x in g.state.vp_log if x[2] == "despot"] == []


def test_7_8_viziers_are_bird_cards_of_no_deck() -> None:
    g = _turmoil_position()
    # The Viziers never reach the discard pile or the deck.
    assert all(x >= 0 for x in g.state.discard + g.state.deck)
    assert all(c.id >= 0 for c in DECK)


# --- More edge cases ------------------------------------------------------------------------------


def test_7_7_1_resolved_bird_cards_still_count() -> None:
    # The bird card is carried out first, but it stays in the Decree and is humiliating too.
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "roost"}, "9": CAT_9},
        vp={"eyrie": 6},
        eyrie={
            "leader": "despot",
            "decree": {"recruit": ["armorers", "anvil"], "move": ["vizier"], "build": ["vizier"]},
        },
    )
    assert sorted(g.legal_tokens()) == ["recruit bird 3", "turmoil fox"]
    g.apply("recruit bird 3")
    assert g.state.warriors[3][E] == 1
    assert g.scores[E] == 3  # armorers + 2 Viziers
    assert sorted(g.state.discard) == sorted([ARMORERS, ANVIL])


def test_7_5_2_build_with_every_roost_on_the_map_is_turmoil() -> None:
    cl: dict[str, dict[str, str]] = {str(c): {"eyrie": "roost"} for c in ROOST_SPOTS}
    cl["9"] = {"eyrie": "2w"}  # ruled, open slot, no roost: only the roost supply is lacking
    cl["12"] = CAT_9
    g = eyrie_pos(
        at="daylight:decree",
        clearings=cl,
        vp={"eyrie": 5},
        eyrie={"leader": "despot", "decree": {"build": ["vizier", "vizier"]}},
    )
    assert st(g.state, E).roosts == 0
    assert g.decision == "eyrie_leader"
    assert g.scores[E] == 3
    assert roosts_at(g) == list(ROOST_SPOTS)


def test_7_6_1_no_roost_on_the_map_scores_nothing_and_draws_one() -> None:
    g = eyrie_pos(
        at="evening",
        clearings={"5": {"eyrie": "2w"}, "9": CAT_9},
        hands={"eyrie": []},
        deck=["anvil", "sword"],
        vp={"eyrie": 4},
    )
    assert g.scores[E] == 4
    assert g.state.seats[E].hand == [ANVIL]
    assert g.turn_seat == M


def test_7_6_1_a_removed_roost_goes_back_to_the_track() -> None:
    g = eyrie_pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "3": {"eyrie": "roost", "marquise": "3w"},
            "5": {"eyrie": "roost"},
            "9": {"marquise": "2w"},
        },
        turn_state={"actions": 2},
        dice=[[1, 0]],
    )
    assert st(g.state, E).roosts == 5
    g.apply("battle 3 1")
    # One rolled hit + one for a defenseless defender: the roost is removed.
    assert roosts_at(g) == [5]
    assert st(g.state, E).roosts == 6
    assert g.scores == [1, 0]


def test_7_8_3_commander_extra_hit_is_not_capped_by_warriors() -> None:
    # One Eyrie warrior: the roll of 3 is capped at 1 hit; the Commander's hit comes on top.
    g = eyrie_pos(
        at="daylight:decree",
        clearings={
            "8": {"eyrie": "1w", "marquise": "3w"},
            "3": {"eyrie": "roost"},
            "9": {"eyrie": "1w"},
            "12": CAT_9,
        },
        eyrie={"leader": "commander", "decree": {"battle": ["vizier"], "build": ["vizier"]}},
        dice=[[3, 0]],
    )
    assert g.state.warriors[8] == (1, 1)


def test_7_8_4_despot_extra_vp_as_defender_too() -> None:
    g = eyrie_pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "8": {"eyrie": "2w", "marquise": "1w sawmill"},
            "3": {"eyrie": "roost"},
            "9": {"marquise": "2w"},
        },
        eyrie={"leader": "despot"},
        turn_state={"actions": 2},
        dice=[[2, 2]],
    )
    g.apply("battle 8 1")
    assert g.state.warriors[8] == (0, 1)
    assert g.state.buildings[8] == ()
    assert g.scores == [0, 2]  # sawmill + Despot


def test_7_5_2_a_decree_in_progress_survives_save_and_load() -> None:
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "roost"}, "8": {"eyrie": "roost"}, "9": CAT_9},
        eyrie={
            "leader": "despot",
            "decree": {
                "recruit": ["anvil", "a-visit-to-friends", "armorers"],
                "move": ["vizier"],
                "build": ["vizier"],
            },
        },
    )
    g.apply("recruit rabbit 3")
    h = Game.from_json(g.to_json())
    assert sorted(h.legal_tokens()) == ["recruit bird 3", "recruit bird 8", "recruit fox 8"]
    assert h.legal_tokens() == g.legal_tokens()
    for x in (g, h):
        x.apply("recruit bird 8")
    assert g.to_json() == h.to_json()
    assert g.state.warriors[8][E] == 2
    assert g.state.warriors[3][E] == 1


def test_7_8_4_despot_extra_vp_when_an_ambush_ends_the_battle() -> None:
    # The Eyrie's ambush removes the attacking warrior and the sawmill; the battle ends there,
    # and the Despot still scores the extra VP.
    g = eyrie_pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "8": {"eyrie": "2w", "marquise": "1w sawmill"},
            "3": {"eyrie": "roost"},
            "9": {"marquise": "2w"},
        },
        hands={"eyrie": ["ambush:bird"], "marquise": []},
        eyrie={"leader": "despot"},
        turn_state={"actions": 2},
    )
    g.apply("battle 8 1")
    assert (g.decision, g.current_seat) == ("ambush", E)
    g.apply(f"ambush {AMBUSH_BIRD}")
    assert g.state.warriors[8] == (0, 2)
    assert g.state.buildings[8] == ()
    assert g.scores == [0, 2]  # sawmill + Despot


# --- 1.2.1 Hands: whether the Decree and craft steps open reveals nothing ----------------------


def _three(hand: list[str], **kw: Any) -> Game:
    """Marquise, Eyrie, Alliance (three players: the dominance cards are in the game, 5.1.3).
    The Eyrie's Decree holds one card that can be carried out in a single way: the rabbit
    recruit at the roost in 3 (the Despot's Viziers, Move and Build, come after it)."""
    d: dict[str, Any] = {
        "factions": ["marquise", "eyrie", "alliance"],
        "turn": "eyrie",
        "at": "daylight:decree",
        "clearings": {"3": {"eyrie": "2w roost"}, "9": CAT_9},
        "hands": {"eyrie": hand},
        "eyrie": {
            "leader": "despot",
            "decree": {"recruit": ["a-visit-to-friends"], "move": ["vizier"], "build": ["vizier"]},
        },
    }
    d.update(kw)
    return build(d)


@pytest.mark.parametrize("card", ["dominance:fox", "anvil"])
def test_1_2_1_decree_card_asked_whatever_the_hand_at_ten_vp(card: str) -> None:
    """With 10 VP the Eyrie may activate a dominance card at any free moment of Daylight
    (3.3.1): if only a hand holding one opened the Decree's single-option step, the others
    would learn what the hand holds. So the step opens whatever the hand."""
    g = _three([card], vp={"eyrie": 10})
    assert (g.decision, g.current_seat) == ("decree", E)
    dom = cid("dominance:fox")
    want = ["recruit rabbit 3"] + ([f"dominance {dom}"] if card.startswith("dominance") else [])
    assert sorted(g.legal_tokens()) == sorted(want)
    assert g.state.warriors[3][E] == 2
    g.apply("recruit rabbit 3")
    assert g.state.warriors[3][E] == 3


@pytest.mark.parametrize("card", ["anvil", "bake-sale"])
def test_1_2_1_decree_card_asked_whatever_the_hand_with_an_available_dominance(card: str) -> None:
    """An available dominance card may be taken by spending a matching card (3.3.4): the
    fox card can, the rabbit card cannot, and the step opens for both."""
    g = _three([card], available_dominance=["dominance:fox"])
    assert (g.decision, g.current_seat) == ("decree", E)
    dom, anvil = cid("dominance:fox"), ANVIL
    extra = [f"take-dominance {dom} {anvil}"] if card == "anvil" else []
    assert sorted(g.legal_tokens()) == sorted(["recruit rabbit 3", *extra])


def test_1_2_1_decree_card_still_forced_when_no_dominance_is_unseen() -> None:
    # Two players: the dominance cards left the game at setup (5.1.3), so 10 VP change
    # nothing and the single way of carrying out the card is applied by itself.
    g = eyrie_pos(
        at="daylight:decree",
        clearings={"3": {"eyrie": "2w roost"}, "9": CAT_9},
        hands={"eyrie": ["anvil"]},
        vp={"eyrie": 12},
        eyrie={
            "leader": "despot",
            "decree": {"recruit": ["a-visit-to-friends"], "move": ["vizier"], "build": ["vizier"]},
        },
    )
    assert g.state.warriors[3][E] == 3
    assert all(t.startswith("move bird 3 ") for t in g.legal_tokens())


@pytest.mark.parametrize("card", ["dominance:fox", "anvil"])
def test_1_2_1_craft_step_without_roosts_asked_whatever_the_hand_at_ten_vp(card: str) -> None:
    # No roost on the map: nothing can be crafted, but a dominance card could be activated.
    g = _three(
        [card],
        at="daylight:craft",
        vp={"eyrie": 10},
        clearings={"5": {"eyrie": "2w"}, "9": CAT_9},
        eyrie={"leader": "despot", "decree": {"move": ["vizier"], "build": ["vizier"]}},
    )
    assert (g.decision, g.current_seat) == ("craft", E)
    dom = cid("dominance:fox")
    want = ["done"] + ([f"dominance {dom}"] if card.startswith("dominance") else [])
    assert sorted(g.legal_tokens()) == sorted(want)
