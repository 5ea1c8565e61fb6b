"""Scenario tests for the general Law of Root, sections 4-5 (the key actions: craft, move,
battle; setup; sections 1-3 are in test_law.py). Positions are Marquise (seat 0) vs Eyrie
(seat 1)."""

from __future__ import annotations

import pytest
from lawkit import (
    E,
    M,
    buildings,
    cid,
    count,
    discard,
    hand,
    play,
    pos,
    warriors,
)

import rootgame
from rootgame.cards import DECK, DOMINANCE_IDS

# --- 4.1 Craft --------------------------------------------------------------------------------


def _craft(hand_keys: list[str], **extra: object) -> rootgame.Game:
    desc: dict[str, object] = {
        "turn": "marquise",
        "at": "daylight:craft",
        "clearings": {"1": {"marquise": "3w keep workshop"}, "3": {"eyrie": "6w roost"}},
        "hands": {"marquise": hand_keys},
    }
    desc.update(extra)
    return pos(**desc)


def test_4_1_1_crafting_pieces_pay_by_suit() -> None:
    g = _craft(["anvil", "root-tea:fox"])
    assert g.decision == "craft"
    assert sorted(g.legal_tokens()) == ["craft 22", "done"]
    assert "4.1.1" in g.explain("craft 26")


def test_4_1_1_each_crafting_piece_once_per_turn() -> None:
    g = _craft(["anvil", "crossbow:mouse"])
    assert sorted(g.legal_tokens()) == ["craft 22", "craft 48", "done"]
    g.apply("craft 22")
    # The one fox workshop is used: nothing more can be crafted, only "done" is left (the
    # step stays a decision while she holds cards, 1.2.1).
    assert g.decision == "craft"
    assert g.legal_tokens() == ["done"]
    assert hand(g, M) == ["crossbow:mouse"]
    g.apply("done")
    assert g.decision == "cat_actions"
    assert hand(g, M) == ["crossbow:mouse"]


def test_4_1_1_two_pieces_craft_two_cards() -> None:
    g = _craft(
        ["anvil", "crossbow:mouse"],
        clearings={"1": {"marquise": "3w keep workshop"}, "8": {"marquise": "1w workshop"},
                   "3": {"eyrie": "6w roost"}},
    )
    g.apply("craft 22")
    assert g.legal_tokens() == ["craft 48", "done"]
    g.apply("craft 48")
    assert hand(g, M) == []
    assert sorted(g.state.seats[M].items) == ["crossbow", "hammer"]
    assert g.scores[M] == 3


def test_4_1_1_any_suit_icon_takes_any_piece() -> None:
    g = _craft(
        ["royal-claim", "anvil"],
        clearings={
            "1": {"marquise": "3w keep workshop"},
            "5": {"marquise": "1w workshop"},
            "9": {"marquise": "1w workshop"},
            "8": {"marquise": "1w workshop"},
            "3": {"eyrie": "6w roost"},
        },
    )
    rc = cid("royal-claim")
    crafts = [t for t in g.legal_tokens() if t.startswith(f"craft {rc}")]
    assert crafts == [f"craft {rc} fox fox mouse rabbit"]
    g.apply(crafts[0])
    assert keys_of_persistent(g) == ["royal-claim"]
    # Every workshop is used; anvil cannot be crafted: only "done" is left.
    assert (g.decision, g.legal_tokens()) == ("craft", ["done"])
    g.apply("done")
    assert g.decision == "cat_actions"
    assert hand(g, M) == ["anvil"]


def keys_of_persistent(g: rootgame.Game) -> list[str]:
    return sorted(DECK[c].key for c in g.state.seats[M].persistent)


def test_4_1_2_crafted_item_moves_to_crafted_box_and_scores() -> None:
    g = _craft(["anvil", "crossbow:mouse"])
    g.apply("craft 22")
    assert g.state.seats[M].items == ["hammer"]
    assert g.state.items["hammer"] == 0
    assert g.scores == [2, 0]
    assert discard(g) == ["anvil"]


def test_4_1_2_no_item_left_in_supply_cannot_craft() -> None:
    items = {"boot": 2, "bag": 2, "crossbow": 1, "hammer": 0, "sword": 2, "tea": 2, "coins": 2}
    g = _craft(["anvil", "crossbow:mouse"], items=items)
    assert g.legal_tokens() == ["craft 48", "done"]
    why = g.explain("craft 22")
    assert "no hammer is left" in why and "4.1.2" in why
    with pytest.raises(rootgame.IllegalAction, match="hammer"):
        g.apply("craft 22")
    assert hand(g, M) == ["anvil", "crossbow:mouse"]


def test_4_1_3_persistent_card_goes_to_play_area() -> None:
    g = _craft(["armorers", "sappers"])
    g.apply(f"craft {cid('armorers')}")
    assert keys_of_persistent(g) == ["armorers"]
    assert g.state.discard == []
    assert g.scores == [0, 0]


def test_4_1_4_no_second_identical_persistent_card() -> None:
    g = _craft(["armorers", "anvil"], persistent={"marquise": ["armorers"]})
    assert g.legal_tokens() == ["craft 22", "done"]
    assert "4.1.4" in g.explain(f"craft {cid('armorers', 0)}")
    assert keys_of_persistent(g) == ["armorers"]


def test_2_1_2_ambush_and_dominance_cards_are_never_crafted() -> None:
    g = _craft(["ambush:fox", "dominance:fox", "anvil"])
    assert g.legal_tokens() == ["craft 22", "done"]
    assert "never be crafted" in g.explain(f"craft {cid('ambush:fox')}")
    assert "never be crafted" in g.explain(f"craft {cid('dominance:fox')}")


# --- 4.2 Move ---------------------------------------------------------------------------------


def _mover() -> rootgame.Game:
    return pos(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "4w keep"}, "3": {"eyrie": "6w roost"}},
    )


def test_4_2_move_only_to_adjacent_clearings() -> None:
    g = _mover()
    marches = sorted(t for t in g.legal_tokens() if t.startswith("march"))
    assert marches == ["march 1 10", "march 1 5", "march 1 9"]
    assert "not joined by a path (4.2)" in g.explain("march 1 3")


def test_4_2_move_any_number_of_warriors() -> None:
    g = _mover()
    g.apply("march 1 5")
    assert g.decision == "move_count"
    assert g.legal_tokens() == ["count 1", "count 2", "count 3", "count 4"]
    g.apply("count 3")
    assert (warriors(g, 1, M), warriors(g, 5, M)) == (1, 3)


def test_4_2_1_must_rule_origin_or_destination() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "1": {"marquise": "1w keep"},
            "5": {"marquise": "1w", "eyrie": "2w"},
            "3": {"eyrie": "6w roost"},
        },
    )
    marches = sorted(t for t in g.legal_tokens() if t.startswith("march 5"))
    assert marches == ["march 5 1"]  # she rules 1; she rules neither 5 nor 2
    assert "4.2.1" in g.explain("march 5 2")


def test_4_2_2_same_warriors_move_again() -> None:
    g = _mover()
    play(g, "march 1 5", "count 2")
    assert g.decision == "move"
    assert "move 5 2" in g.legal_tokens()
    play(g, "move 5 2", "count 2")
    assert (warriors(g, 1, M), warriors(g, 5, M), warriors(g, 2, M)) == (2, 0, 2)
    assert g.state.turn["actions"] == 2


# --- 4.3 Battle -------------------------------------------------------------------------------


def _battle(
    cat: str, bird: str, hands: dict[str, list[str]] | None = None, dice: list[list[int]] | None
    = None, where: int = 12, **extra: object
) -> rootgame.Game:
    clearings = {"1": {"marquise": "2w keep"}, str(where): {"marquise": cat, "eyrie": bird}}
    clearings.setdefault("3", {})["eyrie"] = "2w roost"
    return pos(
        turn="marquise",
        at="daylight:actions",
        clearings=clearings,
        hands=hands or {},
        dice=dice or [[0, 0]],
        **extra,
    )


def test_4_3_1_defender_ambush_deals_two_hits() -> None:
    g = _battle("3w", "2w", {"eyrie": ["ambush:fox"]})
    g.apply("battle 12 1")
    assert g.decision == "ambush"
    assert g.current_seat == E
    assert sorted(g.legal_tokens()) == ["ambush 14", "pass"]
    g.apply("ambush 14")
    assert warriors(g, 12, M) == 1
    assert warriors(g, 12, E) == 2
    assert discard(g) == ["ambush:fox"]
    assert g.decision == "cat_actions"
    assert g.state.turn["actions"] == 2


def test_4_3_1_bird_ambush_matches_any_clearing() -> None:
    g = _battle("3w", "2w", {"eyrie": ["ambush:bird", "ambush:fox"]}, where=5)
    g.apply("battle 5 1")
    assert sorted(g.legal_tokens()) == [f"ambush {cid('ambush:bird')}", "pass"]


def test_4_3_1_ambush_not_capped_by_defender_warriors() -> None:
    g = _battle("3w", "roost", {"eyrie": ["ambush:fox"]})
    play(g, "battle 12 1", "ambush 14")
    assert warriors(g, 12, M) == 1
    # Dice 0-0, but the defenseless Eyrie take one hit: the roost goes (4.3.5.II).
    assert buildings(g, 12) == ["ruin"]
    assert g.scores == [1, 0]


def test_4_3_1_pass_on_ambush() -> None:
    g = _battle("3w", "2w", {"eyrie": ["ambush:fox"]}, dice=[[1, 0]])
    play(g, "battle 12 1", "pass")
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (3, 1)
    assert hand(g, E) == ["ambush:fox"]


def test_4_3_1_I_attacker_foils_with_matching_ambush() -> None:
    g = _battle("3w", "2w", {"eyrie": ["ambush:fox"], "marquise": ["ambush:bird", "anvil"]})
    play(g, "battle 12 1", "ambush 14")
    assert g.decision == "foil_ambush"
    assert g.current_seat == M
    assert sorted(g.legal_tokens()) == [f"ambush {cid('ambush:bird')}", "pass"]
    g.apply(f"ambush {cid('ambush:bird')}")
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (3, 2)
    assert discard(g) == ["ambush:bird", "ambush:fox"]
    assert hand(g, M) == ["anvil"]
    assert g.decision == "cat_actions"


def test_4_3_1_I_attacker_may_decline_to_foil() -> None:
    g2 = _battle("3w", "2w", {"eyrie": ["ambush:bird"], "marquise": ["ambush:fox"]})
    play(g2, "battle 12 1", f"ambush {cid('ambush:bird')}")
    assert g2.decision == "foil_ambush"
    g2.apply("pass")
    assert warriors(g2, 12, M) == 1
    assert hand(g2, M) == ["ambush:fox"]


def test_4_3_1_foil_needs_an_ambush_matching_the_clearing() -> None:
    g = _battle("3w", "2w", {"eyrie": ["ambush:fox"], "marquise": ["ambush:mouse"]})
    play(g, "battle 12 1", "ambush 14")
    # She holds a card, so she is asked (1.2.1), but the mouse ambush does not match the fox
    # clearing: she can only let the ambush go.
    assert (g.decision, g.current_seat) == ("foil_ambush", M)
    assert g.legal_tokens() == ["pass"]
    with pytest.raises(rootgame.IllegalAction):
        g.apply(f"ambush {cid('ambush:mouse')}")
    g.apply("pass")
    assert warriors(g, 12, M) == 1
    # The two warriors lost open Field Hospitals for the same reason, again with only "pass".
    assert (g.decision, g.legal_tokens()) == ("field_hospital", ["pass"])
    g.apply("pass")
    assert hand(g, M) == ["ambush:mouse"]
    assert g.decision == "cat_actions"


def test_4_3_1_scouting_party_ignores_ambush() -> None:
    g = _battle(
        "3w", "2w", {"eyrie": ["ambush:fox"]}, dice=[[1, 1]],
        persistent={"marquise": ["scouting-party"]},
    )
    g.apply("battle 12 1")
    assert g.decision == "cat_actions"
    assert hand(g, E) == ["ambush:fox"]
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (2, 1)


def test_4_3_1_II_ambush_killing_all_attackers_ends_battle() -> None:
    g = _battle("2w", "2w roost", {"eyrie": ["ambush:fox"]}, dice=[[3, 3]])
    play(g, "battle 12 1", "ambush 14")
    assert warriors(g, 12, M) == 0
    assert warriors(g, 12, E) == 2
    assert count(g, 12, "roost") == 1
    assert g.state.dice == [(3, 3)]  # no dice were rolled
    assert g.decision == "cat_actions"


def test_4_3_3_attacker_deals_high_die_defender_low() -> None:
    g = _battle("3w", "3w", dice=[[1, 3]])
    g.apply("battle 12 1")
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (2, 0)


def test_4_3_3_I_rolled_hits_capped_by_own_warriors() -> None:
    g = _battle("2w", "3w", dice=[[3, 3]])
    g.apply("battle 12 1")
    # The Marquise roll 3 but have 2 warriors: 2 hits; the Eyrie's 3 hits kill her 2.
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (0, 1)
    g2 = _battle("3w", "1w", dice=[[3, 3]])
    g2.apply("battle 12 1")
    assert (warriors(g2, 12, M), warriors(g2, 12, E)) == (2, 0)


def test_4_3_5_II_defenseless_defender_takes_an_extra_hit() -> None:
    g = _battle("1w", "roost", dice=[[0, 0]])
    g.apply("battle 12 1")
    assert count(g, 12, "roost") == 0
    assert g.scores == [1, 0]
    assert g.state.fs[E].roosts == 7 - 1  # back on the track; the roost at 3 remains


def test_4_3_5_II_defender_with_warriors_is_not_defenseless() -> None:
    g = _battle("1w", "1w roost", dice=[[0, 0]])
    g.apply("battle 12 1")
    assert count(g, 12, "roost") == 1
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (1, 1)
    assert g.scores == [0, 0]


@pytest.mark.parametrize("first", ["attacker", "defender"])
def test_4_3_4_attacker_chooses_who_uses_effects_first(first: str) -> None:
    # Both sides hold an optional effect: Brutal Tactics (attacker), Sappers (defender).
    g = _battle(
        "3w", "3w", dice=[[2, 1]],
        persistent={"marquise": ["brutal-tactics"], "eyrie": ["sappers"]},
    )
    g.apply("battle 12 1")
    assert g.decision == "effects_order"
    assert g.current_seat == M
    assert g.legal_tokens() == ["first attacker", "first defender"]
    with pytest.raises(rootgame.IllegalAction):
        g.apply(f"first {first}", seat=E)  # the defender does not choose
    g.apply(f"first {first}")
    order = [(M, "brutal-tactics"), (E, "sappers")]
    if first == "defender":
        order.reverse()
    for seat, effect in order:
        assert g.decision == "battle_effects"
        assert g.current_seat == seat
        assert g.legal_tokens() == [effect, "done"]
        g.apply(effect)
    # Either order, the same hits: 2 rolled + 1 Brutal Tactics on the Eyrie's 3 warriors,
    # 1 rolled + 1 Sappers on the Marquise's 3.
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (1, 0)
    assert g.scores == [0, 1]  # Brutal Tactics: the defender scores one
    assert discard(g) == ["sappers"]
    assert [DECK[c].key for c in g.state.seats[M].persistent] == ["brutal-tactics"]
    assert g.state.seats[E].persistent == []
    assert g.decision == "cat_actions"
    assert g.state.turn["actions"] == 2


def test_4_3_4_no_order_question_when_only_one_side_has_effects() -> None:
    g = _battle("3w", "3w", dice=[[2, 1]], persistent={"eyrie": ["sappers"]})
    g.apply("battle 12 1")
    assert (g.decision, g.current_seat) == ("battle_effects", E)
    assert g.legal_tokens() == ["sappers", "done"]
    g.apply("done")
    assert (warriors(g, 12, M), warriors(g, 12, E)) == (2, 1)
    assert g.decision == "cat_actions"


def test_4_3_battle_needs_own_warriors_and_an_enemy_piece() -> None:
    g = pos(
        turn="marquise",
        at="daylight:actions",
        clearings={
            "1": {"marquise": "keep sawmill"},
            "12": {"marquise": "2w"},
            "5": {"marquise": "1w", "eyrie": "1w"},
            "3": {"eyrie": "2w roost"},
        },
    )
    battles = sorted(t for t in g.legal_tokens() if t.startswith("battle"))
    assert battles == ["battle 5 1"]


# --- 5.1 Setup --------------------------------------------------------------------------------


def test_5_1_3_two_players_remove_dominance_and_draw_three() -> None:
    g = rootgame.new_game(seed=3)
    st = g.state
    assert sorted(st.removed_cards) == sorted(DOMINANCE_IDS)
    assert [len(s.hand) for s in st.seats] == [3, 3]
    assert len(st.deck) == 54 - 4 - 6
    every = st.deck + st.discard + st.removed_cards + [c for s in st.seats for c in s.hand]
    assert sorted(every) == list(range(54))
    assert not set(DOMINANCE_IDS) & set(st.deck + st.seats[0].hand + st.seats[1].hand)


def test_5_1_2_scores_start_at_zero() -> None:
    assert rootgame.new_game(seed=1).scores == [0, 0]


def test_5_1_4_ruins_in_6_10_11_12() -> None:
    g = rootgame.new_game(seed=0)
    ruined = [c for c in range(1, 13) if "ruin" in buildings(g, c)]
    assert ruined == [6, 10, 11, 12]
    assert all(buildings(g, c) == ["ruin"] for c in ruined)


def test_5_1_5_item_supply() -> None:
    g = rootgame.new_game(seed=0)
    assert g.state.items == {
        "boot": 2, "bag": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2, "coins": 2,
    }


def test_5_1_1_first_player_from_seed_or_given() -> None:
    firsts = {rootgame.new_game(seed=s).turn_seat for s in range(30)}
    assert firsts == {0, 1}
    assert rootgame.new_game(seed=0, first_player=1).turn_seat == 1
    assert rootgame.new_game(seed=0, first_player=0).turn_seat == 0


def test_5_1_same_seed_same_setup() -> None:
    a = rootgame.new_game(seed=42)
    b = rootgame.new_game(seed=42)
    assert a.to_json() == b.to_json()
    c = rootgame.new_game(seed=43)
    assert (a.state.deck, a.state.seats[0].hand) != (c.state.deck, c.state.seats[0].hand)


def test_5_1_7_setup_order_marquise_before_eyrie() -> None:
    g = rootgame.new_game(seed=0, first_player=1)
    assert g.decision == "cat_keep"
    assert g.current_faction == "marquise"
    assert g.phase == "setup"
