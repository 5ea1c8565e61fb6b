"""Scenario tests of section 8 of the Law of Root (the Woodland Alliance), named after their
sections, with the Alliance's interactions with the Marquise and the Eyrie (Outrage by an
Eyrie move; the Despot removing sympathy; a Favor that triggers effects of two players)."""

from __future__ import annotations

import pytest
from lawkit import A3, E3, M3, cid, discard, hand, keys, kinds, play, pos3, warriors

from rootgame import IllegalAction, new_game
from rootgame.position_text import from_string, to_string


def supporters(g: object) -> list[str]:
    return keys(g.state.fs[A3].supporters)  # type: ignore[attr-defined]


def vp(g: object, seat: int) -> int:
    return int(g.state.seats[seat].vp)  # type: ignore[attr-defined]


def fs(g: object):  # type: ignore[no-untyped-def]
    return g.state.fs[A3]  # type: ignore[attr-defined]


# --- 8.2 Faction rules and abilities ---------------------------------------------------------


def test_8_2_1_crafts_with_sympathy_tokens() -> None:
    g = pos3(
        turn="alliance",
        at="daylight:actions",
        clearings={"1": {"alliance": "sympathy"}, "8": {"alliance": "sympathy"}},
        hands={"alliance": ["anvil", "sword", "bake-sale"]},
    )
    legal = g.legal_tokens()
    # Two fox tokens: Anvil (fox) and Sword (fox, fox); Bake Sale needs two rabbits.
    assert f"craft {cid('anvil')}" in legal and f"craft {cid('sword')}" in legal
    assert f"craft {cid('bake-sale')}" not in legal
    play(g, f"craft {cid('sword')}")
    assert g.state.seats[A3].items == ["sword"] and vp(g, A3) == 2
    # 4.1.1: each token once per turn: the Anvil can no longer be crafted.
    assert f"craft {cid('anvil')}" not in g.legal_tokens()


def test_8_2_2_guerrilla_war_the_defender_deals_the_higher_roll() -> None:
    g = pos3(
        turn="marquise",
        at="daylight:actions",
        clearings={"5": {"marquise": "3w", "alliance": "3w"}},
        dice=[[3, 1]],
    )
    play(g, f"battle 5 {A3}")
    # The Marquise (attacker) deals the lower roll, 1; the Alliance deals the higher, 3.
    assert warriors(g, 5, A3) == 2 and warriors(g, 5, M3) == 0


def test_8_2_2_guerrilla_war_only_as_defender() -> None:
    g = pos3(
        turn="alliance",
        at="evening:operations",
        clearings={"5": {"marquise": "3w", "alliance": "3w base"}},
        alliance={"officers": 1},
        dice=[[3, 1]],
    )
    play(g, f"battle 5 {M3}")
    assert warriors(g, 5, M3) == 0 and warriors(g, 5, A3) == 2


def test_8_2_3_supporters_stack_holds_five_without_a_base() -> None:
    five = ["ambush:fox", "anvil", "sword", "bake-sale", "cobbler"]
    g = pos3(
        turn="alliance",
        at="daylight:actions",
        hands={"alliance": ["codebreakers"]},
        alliance={"supporters": five},
    )
    play(g, f"mobilize {cid('codebreakers')}")
    # 8.2.3.I: the stack is full, so the card is discarded.
    assert len(fs(g).supporters) == 5 and discard(g) == ["codebreakers"]
    g = pos3(
        turn="alliance",
        at="daylight:actions",
        clearings={"2": {"alliance": "base"}},
        hands={"alliance": ["codebreakers"]},
        alliance={"supporters": five},
    )
    play(g, f"mobilize {cid('codebreakers')}")
    assert "codebreakers" in supporters(g) and len(fs(g).supporters) == 6


def test_8_2_3_supporters_do_not_count_against_the_hand_size() -> None:
    """8.2.3 and 8.6.2: with five cards in hand and supporters on the stack, the Evening draw
    makes six cards in hand, and one is discarded: the supporters are not counted."""
    g = pos3(
        turn="alliance",
        at="evening:draw",
        hands={"alliance": ["anvil", "sword", "cobbler", "codebreakers", "bake-sale"]},
        alliance={"supporters": ["armorers", "ambush:fox", "root-tea:mouse"]},
        deck=["crossbow"],
    )
    assert g.decision == "discard" and g.current_seat == A3
    play(g, f"discard {cid('anvil')}")
    assert len(g.state.seats[A3].hand) == 5
    assert supporters(g) == ["ambush:fox", "armorers", "root-tea:mouse"]
    assert g.state.turn_seat != A3


def test_8_2_3_1_an_outrage_card_the_full_stack_cannot_hold_is_discarded() -> None:
    """8.2.3.I with 8.2.6: no base on the map and five supporters: the card given for
    Outrage leaves the payer's hand and is discarded."""
    five = ["anvil", "sword", "cobbler", "codebreakers", "armorers"]
    g = pos3(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "1w"}, "5": {"alliance": "sympathy"}},
        hands={"marquise": ["bake-sale"]},
        alliance={"supporters": five},
    )
    play(g, "march 1 5", f"outrage {cid('bake-sale')}")
    assert hand(g, M3) == [] and "bake-sale" in discard(g)
    assert supporters(g) == sorted(keys([cid(k) for k in five]))


def test_8_2_3_supporters_spend_only_for_their_suit_birds_wild() -> None:
    g = pos3(
        turn="alliance",
        at="birdsong:spread",
        clearings={"1": {"alliance": "sympathy"}},
        alliance={"supporters": ["bake-sale", "armorers"]},
    )
    # Next token costs 1: rabbit 5 and 10 (adjacent to 1) with the rabbit or the bird card;
    # fox 9? 9 is mouse: the bird pays for it.
    legal = g.legal_tokens()
    assert "spread 5" in legal and "spread 10" in legal and "spread 9" in legal
    play(g, "spread 9")
    # Asked even with one supporter that can pay: the stack holds more than the cost
    # (1.2.1: the others must not learn that no other matching supporter is there).
    assert g.decision == "ally_pay" and g.legal_tokens() == [f"spend {cid('armorers')}"]
    play(g, f"spend {cid('armorers')}")
    assert supporters(g) == ["bake-sale"] and "armorers" in discard(g)


def test_8_2_3_which_supporters_pay_is_asked_even_when_one_kind_matches() -> None:
    """Ruling 434: the supporters are face down and their number is public, so which pay is
    asked whenever the stack holds more than are left to spend, even when one kind matches;
    the others see the same question whether a second kind could have paid or not. With no
    more supporters than the cost nothing is asked."""

    def spread_5(stack: list[str]):  # type: ignore[no-untyped-def]
        g = pos3(
            turn="alliance",
            at="birdsong:spread",
            clearings={"1": {"alliance": "sympathy"}},
            alliance={"supporters": stack},
        )
        play(g, "spread 5")  # rabbit, costs 1
        return g

    one_kind = spread_5(["bake-sale", "codebreakers"])  # the mouse card cannot pay
    two_kinds = spread_5(["bake-sale", "armorers"])  # the bird can
    assert one_kind.decision == two_kinds.decision == "ally_pay"
    assert one_kind.legal_tokens() == [f"spend {cid('bake-sale')}"]
    assert two_kinds.legal_tokens() == [f"spend {cid('bake-sale')}", f"spend {cid('armorers')}"]
    for seat in (M3, E3, None):
        assert one_kind.view(seat) == two_kinds.view(seat)
        assert one_kind.events(seat) == two_kinds.events(seat)
    play(one_kind, f"spend {cid('bake-sale')}")
    assert supporters(one_kind) == ["codebreakers"] and "bake-sale" in discard(one_kind)
    exact = spread_5(["bake-sale"])  # the whole stack pays: nothing to ask
    assert exact.decision != "ally_pay" and supporters(exact) == []


def test_8_2_4_removing_a_base_costs_supporters_and_officers() -> None:
    g = pos3(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "2w", "alliance": "base sympathy"}},
        alliance={"officers": 3, "supporters": ["anvil", "armorers", "bake-sale"]},
        dice=[[3, 3]],
    )
    play(g, f"battle 1 {A3}")
    # Defenseless: 2 rolled + 1 extra hit = 3: both the base and the sympathy token go.
    if g.current_seat == A3 and g.decision == "take_hits":
        play(g, "remove base")
    # Marquise scored 2 (base and token); Outrage for the sympathy token (no hand: she shows
    # it, the Alliance draws a supporter).
    assert vp(g, M3) == 2
    # The fox base: the fox and bird supporters are discarded; 2 of 3 officers removed.
    assert "anvil" in discard(g) and "armorers" in discard(g)
    assert "bake-sale" in supporters(g) and len(fs(g).supporters) == 2
    assert fs(g).officers == 1 and fs(g).warriors == 10 - 1
    assert fs(g).bases == ["fox", "rabbit", "mouse"]


def test_8_2_4_last_base_lost_discard_down_to_five() -> None:
    six = ["bake-sale", "cobbler", "command-warren", "better-burrow-bank", "codebreakers", "sword"]
    g = pos3(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "2w", "alliance": "base"}},
        alliance={"supporters": six + ["anvil"]},
        dice=[[2, 2]],
    )
    play(g, f"battle 1 {A3}")
    # Anvil (fox) goes with the fox base; six are left and no base: down to five.
    assert g.current_seat == A3 and g.decision == "ally_discard_supporters"
    play(g, f"discard-supporter {cid('sword')}")
    assert len(fs(g).supporters) == 5 and "sword" in discard(g)
    assert g.current_seat == M3


def test_8_2_5_one_sympathy_token_per_clearing() -> None:
    g = pos3(
        turn="alliance",
        at="evening:operations",
        clearings={"5": {"alliance": "2w sympathy"}},
        alliance={"officers": 1},
    )
    assert "organize 5" not in g.legal_tokens()
    with pytest.raises(IllegalAction, match="already sympathetic"):
        g.apply("organize 5")


def test_8_2_6_outrage_move_into_sympathetic_clearing_pays_a_matching_card() -> None:
    g = pos3(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "3w"}, "5": {"alliance": "sympathy"}},
        hands={"marquise": ["bake-sale", "armorers", "anvil"]},
    )
    play(g, "march 1 5", "count 2")
    # 5 is rabbit: Bake Sale or the bird Armorers; Anvil (fox) does not match.
    assert g.decision == "outrage" and g.current_seat == M3
    assert set(g.legal_tokens()) == {
        f"outrage {cid('bake-sale')}",
        f"outrage {cid('armorers')}",
    }
    play(g, f"outrage {cid('bake-sale')}")
    assert supporters(g) == ["bake-sale"] and hand(g, M3) == ["anvil", "armorers"]


def test_8_2_6_outrage_with_no_matching_card_shows_the_hand() -> None:
    g = pos3(
        turn="marquise",
        at="daylight:actions",
        clearings={"1": {"marquise": "1w"}, "5": {"alliance": "sympathy"}},
        hands={"marquise": ["anvil"]},
        deck=["cobbler"],
    )
    play(g, "march 1 5")
    # Asked even with one action while she holds a card (1.2.1).
    assert g.legal_tokens() == ["show-hand"]
    reveals = g.state.reveals
    play(g, "show-hand")
    assert supporters(g) == ["cobbler"] and hand(g, M3) == ["anvil"]
    assert g.state.reveals == reveals + 2  # the hand shown, the card drawn


def test_8_2_6_no_outrage_for_the_alliance_itself_or_for_placing() -> None:
    g = pos3(
        turn="eyrie",
        at="daylight:decree",
        clearings={"5": {"alliance": "sympathy", "eyrie": "roost"}},
        eyrie={"leader": "despot", "decree": {"recruit": ["bake-sale"]}, "pending": ["bake-sale"]},
        hands={"eyrie": ["cobbler"]},
    )
    # The only recruit (forced) placed a warriors in the sympathetic clearing 5: placing
    # causes no Outrage (FAQ).
    assert warriors(g, 5, E3) == 1
    assert fs(g).supporters == [] and g.state.seats[E3].hand == [cid("cobbler")]
    assert g.decision != "outrage"


def test_8_2_6_outrage_by_an_eyrie_move() -> None:
    g = pos3(
        turn="eyrie",
        at="daylight:decree",
        clearings={"2": {"eyrie": "2w roost"}, "5": {"alliance": "sympathy"}},
        eyrie={"leader": "despot", "decree": {"move": ["codebreakers"]}},
        hands={"eyrie": ["cobbler", "anvil"]},
    )
    play(g, "move mouse 2 5", "count 1")
    assert g.decision == "outrage" and g.current_seat == E3
    assert g.legal_tokens() == [f"outrage {cid('cobbler')}"]


def test_8_2_6_outrage_and_despot_when_the_eyrie_remove_sympathy() -> None:
    g = pos3(
        turn="eyrie",
        at="daylight:decree",
        clearings={"5": {"eyrie": "3w", "alliance": "sympathy"}},
        eyrie={"leader": "despot", "decree": {"battle": ["bake-sale"]}},
        hands={"eyrie": ["cobbler"]},
        dice=[[1, 0]],
    )
    play(g, "move bird 5 1", "count 1")
    # After the Vizier's move, the only battle (forced): 1 rolled + 1 defenseless = 2 hits.
    # The token goes: 1 VP, and the Despot's extra VP with it (7.8.4, ruling 25). Outrage
    # at once: the Eyrie must give their Cobbler (rabbit) to the supporters (asked: they hold
    # a card, 1.2.1).
    assert vp(g, E3) == 2
    assert g.decision == "outrage" and g.legal_tokens() == [f"outrage {cid('cobbler')}"]
    play(g, f"outrage {cid('cobbler')}")
    assert supporters(g) == ["cobbler"] and fs(g).sympathy == 10
    assert vp(g, E3) == 2


# --- 8.3 Setup -------------------------------------------------------------------------------


def test_8_3_setup_three_supporters_and_a_full_board() -> None:
    game = new_game(["marquise", "eyrie", "alliance"], seed=3)
    while any(f.kind == "setup" for f in game.state.stack):
        game.apply(game.legal_actions()[0])
    g = game.state
    a = g.fs[2]
    assert len(a.supporters) == 3 and len(g.seats[2].hand) == 3
    assert a.warriors == 10 and a.officers == 0 and a.sympathy == 10
    assert a.bases == ["fox", "rabbit", "mouse"]
    # 5.1.3: with three players the dominance cards stay in the deck.
    assert g.removed_cards == []


# --- 8.4 Birdsong ----------------------------------------------------------------------------


def test_8_4_1_revolt() -> None:
    g = pos3(
        turn="alliance",
        at="birdsong:revolt",
        clearings={
            "7": {"alliance": "sympathy", "marquise": "2w sawmill wood", "eyrie": "1w roost"},
            "9": {"alliance": "sympathy"},
            "3": {"alliance": "sympathy"},
        },
        alliance={"supporters": ["codebreakers", "armorers", "bake-sale"]},
    )
    # 3 (rabbit) with Bake Sale and a bird, 7 and 9 (mouse) with Codebreakers and a bird.
    assert g.legal_tokens() == ["revolt 3", "revolt 7", "revolt 9", "done"]
    play(g, "revolt 7")
    # Which supporters pay (Codebreakers and Armorers match): asked one at a time.
    assert g.legal_tokens() == [f"spend {cid('codebreakers')}", f"spend {cid('armorers')}"]
    play(g, f"spend {cid('armorers')}")
    assert g.legal_tokens() == [f"spend {cid('codebreakers')}"]
    play(g, f"spend {cid('codebreakers')}")
    # Everything enemy in 7 is gone: 3 VP (sawmill, wood, roost).
    assert warriors(g, 7, M3) == 0 and warriors(g, 7, E3) == 0
    assert sorted(k for _, k in g.state.buildings[7]) == ["base"]
    assert sorted(k for _, k in g.state.tokens[7]) == ["sympathy"]
    assert vp(g, A3) == 3
    # Two mouse sympathetic clearings (7, 9): two warriors; one officer.
    assert warriors(g, 7, A3) == 2 and fs(g).officers == 1 and fs(g).warriors == 7
    assert supporters(g) == ["bake-sale"] and fs(g).bases == ["fox", "rabbit"]


def test_8_4_1_revolt_needs_an_unbuilt_base_and_no_base_there() -> None:
    g = pos3(
        turn="alliance",
        at="birdsong:revolt",
        clearings={"7": {"alliance": "sympathy base"}, "9": {"alliance": "sympathy"}},
        alliance={"supporters": ["codebreakers", "armorers"]},
    )
    assert g.decision != "ally_revolt"
    g2 = pos3(
        turn="alliance",
        at="birdsong:revolt",
        clearings={"9": {"alliance": "sympathy"}},
        alliance={"supporters": ["codebreakers", "anvil"]},
    )
    # 8.4.1.II: one mouse supporter only, so no Revolt; the step is still asked, the
    # supporters being face down (8.2.2-8.2.3, 1.2.1).
    assert (g2.decision, g2.legal_tokens()) == ("ally_revolt", ["done"])


def test_8_4_1_revolt_in_the_lost_city_places_the_base_the_alliance_chooses() -> None:
    """8.4.1 with the Lost City (appendix L): it matches every base on the faction board and
    every supporter (step 2: "matching the suit of the chosen clearing"); which base goes there
    is the Alliance's decision, and its warriors count the clearings of that base's suit, the
    Lost City among them (ruling 107)."""
    g = pos3(
        turn="alliance",
        at="birdsong:revolt",
        landmarks={"lost-city": 7},
        clearings={c: {"alliance": "sympathy"} for c in ("3", "7", "9")},
        alliance={"supporters": ["bake-sale", "cobbler"]},
    )
    # Two rabbit supporters: the rabbit clearing 3 and the Lost City, not the mouse clearing 9.
    assert g.legal_tokens() == ["revolt 3", "revolt 7", "done"]
    play(g, "revolt 7")
    assert g.decision == "ally_revolt_base"
    assert g.legal_tokens() == ["base fox", "base rabbit", "base mouse"]
    assert supporters(g) == []  # step 2 came first
    play(g, "base mouse")
    # Mouse clearings with sympathy: 7 (the Lost City) and 9.
    assert warriors(g, 7, A3) == 2 and fs(g).officers == 1
    assert fs(g).bases == ["fox", "rabbit"]
    g2 = pos3(
        turn="alliance",
        at="birdsong:revolt",
        landmarks={"lost-city": 7},
        clearings={"7": {"alliance": "sympathy"}, "3": {"alliance": "sympathy base"},
                   "1": {"alliance": "base"}},
        alliance={"supporters": ["bake-sale", "cobbler"]},
    )
    play(g2, "revolt 7")  # one base left on the board: nothing to choose
    assert g2.decision != "ally_revolt_base" and fs(g2).bases == []


def test_8_4_2_spread_sympathy_costs_and_scores_the_track() -> None:
    g = pos3(
        turn="alliance",
        at="birdsong:spread",
        clearings={c: {"alliance": "sympathy"} for c in ("1", "2", "3")},
        alliance={"supporters": ["bake-sale", "cobbler", "codebreakers"]},
    )
    # The 4th token costs 2 and scores 1.
    legal = g.legal_tokens()
    assert "spread 5" in legal and "spread 10" in legal and "spread 9" not in legal
    play(g, "spread 5")
    # Both rabbit supporters pay, yet it is asked: the stack holds three (1.2.1).
    assert g.decision == "ally_pay"
    play(g, f"spend {cid('cobbler')}")
    assert g.decision == "ally_pay"
    play(g, f"spend {cid('bake-sale')}")
    assert vp(g, A3) == 1 and supporters(g) == ["codebreakers"]


def test_8_4_2_martial_law() -> None:
    g = pos3(
        turn="alliance",
        at="birdsong:spread",
        clearings={"1": {"alliance": "sympathy"}, "5": {"marquise": "3w"}},
        alliance={"supporters": ["bake-sale"]},
    )
    # 5 has three Marquise warriors: 1 + 1 supporters; 10 (no warriors) costs 1.
    assert "spread 5" not in g.legal_tokens() and "spread 10" in g.legal_tokens()
    with pytest.raises(IllegalAction, match="Martial Law"):
        g.apply("spread 5")


def test_8_4_2_first_token_anywhere_but_the_keep() -> None:
    g = pos3(
        turn="alliance",
        at="birdsong:spread",
        clearings={"1": {"marquise": "keep"}},
        alliance={"supporters": ["armorers"]},
    )
    spreads = sorted(int(t.split()[1]) for t in g.legal_tokens() if t.startswith("spread"))
    assert spreads == list(range(2, 13))


# --- 8.5 Daylight ----------------------------------------------------------------------------


def test_8_5_3_train_with_a_card_matching_a_base() -> None:
    g = pos3(
        turn="alliance",
        at="daylight:actions",
        clearings={"2": {"alliance": "base"}},
        hands={"alliance": ["codebreakers", "anvil", "armorers"]},
    )
    trains = {t for t in g.legal_tokens() if t.startswith("train")}
    assert trains == {f"train {cid('codebreakers')}", f"train {cid('armorers')}"}
    play(g, f"train {cid('codebreakers')}")
    assert fs(g).officers == 1 and fs(g).warriors == 9 and "codebreakers" in discard(g)


# --- 8.6 Evening -----------------------------------------------------------------------------


def test_8_6_1_operations_up_to_the_officers() -> None:
    g = pos3(
        turn="alliance",
        at="evening:operations",
        clearings={"2": {"alliance": "base 1w"}, "6": {"alliance": "1w"}},
        alliance={"officers": 2},
    )
    assert {"move", "recruit", "organize", "end"} <= kinds(g)
    play(g, "recruit 2")
    assert warriors(g, 2, A3) == 2
    play(g, "organize 6")
    # 8.6.1.IV: the warrior goes back to supply, the first token scores 0.
    assert warriors(g, 6, A3) == 0 and fs(g).sympathy == 9 and vp(g, A3) == 0
    # Two officers, two operations: the Evening goes on to the draw.
    assert g.state.turn_seat != A3 or g.decision != "ally_ops"


def test_8_6_2_draw_one_plus_one_per_base() -> None:
    g = pos3(
        turn="alliance",
        at="evening:draw",
        clearings={"2": {"alliance": "base"}, "1": {"alliance": "base"}},
        deck=["cobbler", "anvil", "sword", "codebreakers"],
    )
    assert hand(g, A3) == ["anvil", "cobbler", "sword"]


# --- Golden Rules with more factions ---------------------------------------------------------


def test_simultaneous_effects_of_two_players_the_turn_player_orders_them() -> None:
    g = pos3(
        turn="eyrie",
        at="daylight:craft",
        clearings={
            "8": {"eyrie": "roost"},
            "6": {"eyrie": "roost"},
            "12": {"eyrie": "roost"},
            "1": {"marquise": "2w", "alliance": "sympathy"},
            "3": {"marquise": "keep"},
        },
        hands={"eyrie": ["favor-of-the-foxes", "bake-sale"], "marquise": ["anvil"]},
        eyrie={"leader": "builder"},
    )
    # Favor of the Foxes: Marquise warriors (Field Hospitals, hers) and the Alliance's
    # token (Outrage, paid by the Eyrie) go at once: the Eyrie choose the order.
    play(g, f"craft {cid('favor-of-the-foxes')}")
    assert g.decision == "order_effects" and g.current_seat == E3
    assert vp(g, E3) == 1  # the sympathy token (3.2.1)
    assert warriors(g, 1, M3) == 0 and fs(g).sympathy == 10
    assert g.legal_tokens() == ["resolve 1", "resolve 2"]
    first = g.state.stack[-1].data["pending"]
    assert [k for k, _, _ in first] == ["field_hospital", "outrage"]
    # The Eyrie choose their Outrage (the second pending effect) first. Clearing 1 is a fox
    # clearing and they hold only Bake Sale (rabbit), no bird: they show their hand and the
    # Alliance draws a supporter.
    play(g, "resolve 2")
    assert g.decision == "outrage" and g.current_seat == E3
    play(g, "show-hand")
    # Then the Marquise's Field Hospitals.
    assert g.decision == "field_hospital" and g.current_seat == M3
    play(g, f"hospital {cid('anvil')}")
    assert warriors(g, 3, M3) == 2 and len(fs(g).supporters) == 1


def test_position_string_round_trip_with_the_alliance() -> None:
    g = pos3(
        turn="alliance",
        at="daylight:actions",
        clearings={"2": {"alliance": "base 2w sympathy"}},
        alliance={"officers": 2, "supporters": ["anvil", "cobbler"]},
        hands={"alliance": ["sword"]},
    )
    again = from_string(to_string(g))
    assert again.hash() == g.hash() and again.legal_tokens() == g.legal_tokens()
