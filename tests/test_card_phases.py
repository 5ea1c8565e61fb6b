"""The base deck's cards that act at a moment of the turn: Royal Claim and Stand and Deliver!
in Birdsong, Better Burrow Bank at its start, Command Warren at the start of Daylight, Tax
Collector and Codebreakers in Daylight, Cobbler at the start of Evening. The deck itself,
crafting and dominance are tested in test_cards.py; the cards of battle in
test_card_battle.py.

Each test builds a position with ``rootgame.position.build`` and asserts the exact outcome:
pieces, VP, cards, and whose decision comes next.
"""

from __future__ import annotations

import pytest
from lawkit import cid, marquise_crafter

from rootgame.game import Game
from rootgame.position import build

MARQUISE, EYRIE = 0, 1


# === Birdsong cards: Royal Claim, Stand and Deliver! =========================================


def test_card_royal_claim_scores_ruled_clearings_and_is_discarded() -> None:
    rc = cid("royal-claim")
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {
                "1": {"marquise": "2w keep"},
                "8": {"marquise": "1w workshop"},
                "5": {"marquise": "1w"},
                "3": {"eyrie": "2w roost"},
                "9": {"marquise": "1w", "eyrie": "1w"},  # a tie: the Eyrie rule it (7.2.2)
            },
            "persistent": {"marquise": [rc]},
        }
    )
    assert g.decision == "birdsong_cards"
    assert g.phase == "birdsong"
    assert g.legal_actions() == [("royal-claim",), ("done",)]
    g.apply("royal-claim")
    s = g.state
    assert s.seats[MARQUISE].vp == 3
    assert s.seats[MARQUISE].persistent == []
    assert s.discard == [rc]
    assert g.phase == "daylight"


def test_card_royal_claim_kept_when_declined() -> None:
    rc = cid("royal-claim")
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}},
            "persistent": {"marquise": [rc]},
        }
    )
    assert (g.step, g.decision) == ("cards", "birdsong_cards")
    g.apply("done")
    # Offered again after her Birdsong steps (the late window), and declined again.
    assert (g.phase, g.step, g.decision) == ("birdsong", "late_cards", "birdsong_cards")
    assert g.legal_actions() == [("royal-claim",), ("done",)]
    g.apply("done")
    assert g.state.seats[MARQUISE].vp == 0
    assert g.state.seats[MARQUISE].persistent == [rc]
    assert g.phase == "daylight"


def test_card_royal_claim_eyrie_count_tied_clearings() -> None:
    g = build(
        {
            "turn": "eyrie",
            "at": "birdsong",
            "clearings": {
                "3": {"eyrie": "2w roost"},
                "9": {"marquise": "1w", "eyrie": "1w"},
                "1": {"marquise": "2w keep"},
            },
            "hands": {"eyrie": ["anvil"]},
            "persistent": {"eyrie": ["royal-claim"]},
        }
    )
    g.apply("royal-claim")
    assert g.state.seats[EYRIE].vp == 2
    assert g.decision == "decree_add"


def test_card_royal_claim_not_offered_in_daylight() -> None:
    g = marquise_crafter(["bake-sale"], persistent={"marquise": ["royal-claim"]})
    assert ("royal-claim",) not in g.legal_actions()
    assert g.legal_actions() == [("craft", cid("bake-sale")), ("done",)]


def test_card_stand_and_deliver_takes_random_card_victim_scores() -> None:
    taken_from = [cid("anvil"), cid("sappers")]
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"eyrie": taken_from},
            "persistent": {"marquise": ["stand-and-deliver"]},
        }
    )
    assert g.decision == "birdsong_cards"
    assert g.legal_actions() == [("stand-and-deliver", EYRIE), ("done",)]
    g.apply(("stand-and-deliver", EYRIE))
    s = g.state
    assert len(s.seats[MARQUISE].hand) == 1
    assert len(s.seats[EYRIE].hand) == 1
    assert sorted(s.seats[MARQUISE].hand + s.seats[EYRIE].hand) == sorted(taken_from)
    assert s.seats[EYRIE].vp == 1
    assert s.seats[MARQUISE].vp == 0
    assert s.seats[MARQUISE].persistent == [cid("stand-and-deliver")]  # the card stays
    assert s.turn["used"] == ["stand-and-deliver"]
    assert g.phase == "daylight"


def test_card_stand_and_deliver_once_per_turn() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"eyrie": ["anvil", "sappers", "cobbler"]},
            "persistent": {"marquise": ["stand-and-deliver", "royal-claim"]},
        }
    )
    assert g.legal_actions() == [
        ("royal-claim",), ("stand-and-deliver", EYRIE), ("done",),
    ]
    g.apply(("stand-and-deliver", EYRIE))
    assert g.decision == "birdsong_cards"
    assert g.legal_actions() == [("royal-claim",), ("done",)]
    assert len(g.state.seats[EYRIE].hand) == 2


def test_card_stand_and_deliver_needs_a_card_to_take() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}},
            "persistent": {"marquise": ["stand-and-deliver", "royal-claim"]},
        }
    )
    assert g.legal_actions() == [("royal-claim",), ("done",)]


def test_card_stand_and_deliver_declined() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"eyrie": ["anvil"]},
            "persistent": {"marquise": ["stand-and-deliver"]},
        }
    )
    g.apply("done")
    assert g.state.seats[EYRIE].hand == [cid("anvil")]
    assert g.scores == [0, 0]


# === Start of Birdsong: Better Burrow Bank ===================================================


@pytest.mark.parametrize("owner", ["marquise", "eyrie"])
def test_card_better_burrow_bank_both_draw_at_start_of_birdsong(owner: str) -> None:
    g = build(
        {
            "turn": owner,
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "2w roost"}},
            "hands": {"eyrie": ["armorers"], "marquise": ["cobbler"]},
            "deck": ["anvil", "sappers"],
            "persistent": {owner: ["better-burrow-bank"]},
        }
    )
    me = 0 if owner == "marquise" else 1
    other = 1 - me
    s = g.state
    # Mandatory (ruling): no decision was asked; the owner drew first, then the other.
    assert g.history == []
    assert "burrow_bank" not in [f.kind for f in s.stack]
    start = {MARQUISE: [cid("cobbler")], EYRIE: [cid("armorers")]}
    if owner == "marquise":
        assert s.seats[me].hand == start[me] + [cid("anvil")]
        assert s.seats[other].hand == start[other] + [cid("sappers")]
        assert g.decision == "cat_actions"
    else:
        # The Eyrie's hand is then waiting to be added to the Decree.
        assert s.seats[me].hand == start[me] + [cid("anvil")]
        assert s.seats[other].hand == start[other] + [cid("sappers")]
        assert g.decision == "decree_add"


def test_card_better_burrow_bank_only_at_own_birdsong() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}},
            "deck": ["anvil"],
            "persistent": {"eyrie": ["better-burrow-bank"]},
        }
    )
    assert g.state.seats[MARQUISE].hand == []
    assert g.state.seats[EYRIE].hand == []
    assert g.state.deck[-1] == cid("anvil")


# === Start of Daylight: Command Warren =======================================================


def test_card_command_warren_battle_at_start_of_daylight() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "daylight",
            "clearings": {"1": {"marquise": "2w keep"}, "8": {"marquise": "2w", "eyrie": "1w"}},
            "persistent": {"marquise": ["command-warren"]},
            "dice": [[2, 0]],
        }
    )
    assert g.decision == "command_warren"
    assert g.phase == "daylight" and g.step == "start"
    assert g.legal_actions() == [("battle", 8, EYRIE), ("pass",)]
    g.apply(("battle", 8, EYRIE))
    s = g.state
    assert s.warriors[8] == (2, 0)
    # The battle was free: all three actions remain.
    assert g.decision == "cat_actions"
    assert s.turn["actions"] == 3


def test_card_command_warren_may_pass() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "daylight",
            "clearings": {"1": {"marquise": "2w keep"}, "8": {"marquise": "2w", "eyrie": "1w"}},
            "persistent": {"marquise": ["command-warren"]},
            "dice": [[2, 0]],
        }
    )
    g.apply("pass")
    assert g.state.warriors[8] == (2, 1)
    assert g.state.dice == [(2, 0)]
    assert g.decision == "cat_actions"


def test_card_command_warren_no_target_no_decision() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "daylight",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "1w roost"}},
            "persistent": {"marquise": ["command-warren"]},
        }
    )
    assert g.decision == "cat_actions"
    assert g.history == []


def test_card_command_warren_eyrie_before_crafting() -> None:
    g = build(
        {
            "turn": "eyrie",
            "at": "daylight",
            "clearings": {
                "3": {"eyrie": "2w roost"},
                "7": {"eyrie": "2w roost", "marquise": "1w"},
                "1": {"marquise": "1w keep"},
            },
            "hands": {"eyrie": ["sappers"]},
            "persistent": {"eyrie": ["command-warren"]},
            "dice": [[1, 0]],
            "eyrie": {"leader": "builder", "decree": {"build": ["vizier", "vizier"]}},
        }
    )
    assert g.decision == "command_warren"
    g.apply(("battle", 7, MARQUISE))
    assert g.state.warriors[7] == (0, 2)
    # Then the craft step (Sappers on the mouse roosts).
    assert g.decision == "craft"


# === Start of Evening: Cobbler ===============================================================


def test_card_cobbler_move_at_start_of_evening() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "evening",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "1w roost"}},
            "persistent": {"marquise": ["cobbler"]},
            "hands": {"eyrie": ["anvil"]},
            "deck": ["sappers"],
        }
    )
    assert g.decision == "move"
    assert g.phase == "evening" and g.step == "start"
    assert g.legal_actions() == [("move", 1, 5), ("move", 1, 9), ("move", 1, 10), ("pass",)]
    g.apply("move 1 5")
    g.apply("count 2")
    s = g.state
    assert s.warriors[1][MARQUISE] == 0 and s.warriors[5][MARQUISE] == 2
    # Then the Evening draw, and the Eyrie's turn.
    assert s.seats[MARQUISE].hand == [cid("sappers")]
    assert g.turn_seat == EYRIE


def test_card_cobbler_may_pass() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "evening",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "1w roost"}},
            "persistent": {"marquise": ["cobbler"]},
            "hands": {"eyrie": ["anvil"]},
        }
    )
    g.apply("pass")
    assert g.state.warriors[1][MARQUISE] == 2
    assert g.turn_seat == EYRIE


def test_card_cobbler_absent_no_evening_move() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "evening",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "1w roost"}},
            "hands": {"eyrie": ["anvil"]},
        }
    )
    assert g.history == []
    assert g.turn_seat == EYRIE
    assert g.state.warriors[1][MARQUISE] == 2


def test_card_cobbler_eyrie_move() -> None:
    g = build(
        {
            "turn": "eyrie",
            "at": "evening",
            "clearings": {"3": {"eyrie": "1w roost"}, "1": {"marquise": "1w keep"}},
            "persistent": {"eyrie": ["cobbler"]},
        }
    )
    assert g.legal_actions() == [("move", 3, 6), ("move", 3, 7), ("move", 3, 11), ("pass",)]
    g.apply("move 3 7")
    assert g.state.warriors[3][EYRIE] == 0 and g.state.warriors[7][EYRIE] == 1


# === Daylight cards: Tax Collector, Codebreakers =============================================


def test_card_tax_collector_removes_warrior_draws_card() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:craft",
            "clearings": {"1": {"marquise": "2w keep"}, "8": {"marquise": "1w"}},
            "persistent": {"marquise": ["tax-collector"]},
            "deck": ["bake-sale"],
        }
    )
    assert g.decision == "craft"
    assert g.legal_actions() == [("tax-collector", 1), ("tax-collector", 8), ("done",)]
    g.apply("tax-collector 8")
    s = g.state
    assert s.warriors[8][MARQUISE] == 0
    assert s.fs[MARQUISE].warriors == 25 - 2
    assert s.seats[MARQUISE].hand == [cid("bake-sale")]
    assert s.turn["used"] == ["tax-collector"]
    # The removal opens Field Hospitals now that she holds a card (1.2.1); the rabbit card
    # does not match fox clearing 8.
    assert (g.decision, g.legal_actions()) == ("field_hospital", [("pass",)])
    g.apply("pass")
    assert s.warriors[1][MARQUISE] == 2
    # Once per Daylight: not in the craft decision, nor among her actions.
    assert g.decision == "cat_actions"
    assert not any(a[0] == "tax-collector" for a in g.legal_actions())


def test_card_tax_collector_triggers_field_hospitals() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:craft",
            "clearings": {"1": {"marquise": "2w keep"}, "8": {"marquise": "1w"}},
            "persistent": {"marquise": ["tax-collector"]},
            "deck": ["anvil"],
        }
    )
    g.apply("tax-collector 8")
    # The drawn fox card matches clearing 8 (ruling: Field Hospitals trigger here too).
    assert g.decision == "field_hospital"
    assert g.legal_actions() == [("hospital", cid("anvil")), ("pass",)]
    g.apply(("hospital", cid("anvil")))
    s = g.state
    assert s.warriors[1][MARQUISE] == 3
    assert s.warriors[8][MARQUISE] == 0
    assert s.seats[MARQUISE].hand == []
    assert s.discard == [cid("anvil")]


def test_card_tax_collector_in_marquise_actions() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:actions",
            "clearings": {"1": {"marquise": "2w keep"}},
            "persistent": {"marquise": ["tax-collector"]},
            "deck": ["investments"],
        }
    )
    assert ("tax-collector", 1) in g.legal_actions()
    g.apply("tax-collector 1")
    assert g.state.warriors[1][MARQUISE] == 1
    assert g.state.seats[MARQUISE].hand == [cid("investments")]
    assert g.state.turn["actions"] == 3  # not one of her three actions
    assert not any(a[0] == "tax-collector" for a in g.legal_actions())


def test_card_tax_collector_in_eyrie_decree() -> None:
    g = build(
        {
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {"3": {"eyrie": "2w roost"}, "7": {"eyrie": "1w roost"}},
            "persistent": {"eyrie": ["tax-collector"]},
            "deck": ["anvil"],
            "eyrie": {"leader": "builder"},
        }
    )
    assert g.decision == "decree"
    assert ("tax-collector", 3) in g.legal_actions()
    assert ("tax-collector", 7) in g.legal_actions()
    g.apply("tax-collector 7")
    s = g.state
    assert s.warriors[7][EYRIE] == 0
    assert s.fs[EYRIE].warriors == 20 - 2
    assert s.seats[EYRIE].hand == [cid("anvil")]
    assert g.decision == "decree"
    assert not any(a[0] == "tax-collector" for a in g.legal_actions())


def test_card_tax_collector_not_offered_in_birdsong() -> None:
    g = build(
        {
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"eyrie": ["anvil"]},
            "persistent": {"marquise": ["tax-collector", "stand-and-deliver"]},
        }
    )
    assert g.decision == "birdsong_cards"
    assert g.legal_actions() == [("stand-and-deliver", EYRIE), ("done",)]


def test_card_codebreakers_look_at_hand() -> None:
    hand = [cid("anvil"), cid("sappers")]
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:craft",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"eyrie": hand},
            "persistent": {"marquise": ["codebreakers"]},
        }
    )
    assert g.decision == "craft"
    assert g.legal_actions() == [("codebreakers", EYRIE), ("done",)]
    g.apply(("codebreakers", EYRIE))
    s = g.state
    assert s.turn["seen"] == {EYRIE: hand}
    assert s.turn["used"] == ["codebreakers"]
    assert s.seats[EYRIE].hand == hand  # nothing is taken
    # Once per Daylight.
    assert g.decision == "cat_actions"
    assert not any(a[0] == "codebreakers" for a in g.legal_actions())


def test_card_codebreakers_eyrie_in_decree() -> None:
    hand = [cid("bake-sale")]
    g = build(
        {
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {"3": {"eyrie": "2w roost"}, "7": {"eyrie": "1w roost"}},
            "hands": {"marquise": hand},
            "persistent": {"eyrie": ["codebreakers"]},
            "eyrie": {"leader": "builder"},
        }
    )
    assert ("codebreakers", MARQUISE) in g.legal_actions()
    g.apply(("codebreakers", MARQUISE))
    assert g.state.turn["seen"] == {MARQUISE: hand}
    assert g.decision == "decree"
    assert ("codebreakers", MARQUISE) not in g.legal_actions()


def test_card_codebreakers_seen_survives_save_and_load() -> None:
    hand = [cid("anvil")]
    g = build(
        {
            "turn": "marquise",
            "at": "daylight:craft",
            "clearings": {"1": {"marquise": "2w keep"}},
            "hands": {"eyrie": hand},
            "persistent": {"marquise": ["codebreakers"]},
        }
    )
    g.apply(("codebreakers", EYRIE))
    g2 = Game.from_json(g.to_json())
    assert g2.state.turn["seen"] == {EYRIE: hand}


# === "Another player" on a card: a coalition partner too (1.1.1, 9.2.8) ======================


def test_1_1_1_another_player_on_a_card_includes_a_coalition_partner() -> None:
    # Better Burrow Bank, Stand and Deliver! and Codebreakers name "another player", not an
    # enemy (G "Enemy"): the Vagabond in a coalition with the Marquise may be chosen, as for
    # Swap Meet (ruling 73). Seats: Marquise 0, Eyrie 1, Alliance 2, Vagabond 3.
    g = build(
        {
            "factions": ["marquise", "eyrie", "alliance", "vagabond"],
            "turn": "marquise",
            "at": "birdsong",
            "clearings": {"1": {"marquise": "2w keep"}, "3": {"eyrie": "2w roost"}},
            "hands": {"eyrie": ["armorers"], "alliance": ["anvil"], "vagabond": ["sappers"]},
            "deck": ["cobbler", "bake-sale", "sword"],
            "persistent": {
                "marquise": ["better-burrow-bank", "stand-and-deliver", "codebreakers"]
            },
            "dominance": {"vagabond": "dominance:mouse"},
            "coalition": {"vagabond": "marquise"},
            "vagabond": {"pawn": 5, "items": {"up": "sword"}},
        }
    )
    s = g.state
    assert (g.decision, g.legal_tokens()) == (
        "burrow_bank", ["draw-with 1", "draw-with 2", "draw-with 3"]
    )
    g.apply("draw-with 3")
    assert s.seats[MARQUISE].hand == [cid("cobbler")]
    assert s.seats[3].hand == [cid("sappers"), cid("bake-sale")]
    assert g.decision == "birdsong_cards"
    assert [t for t in g.legal_tokens() if t.startswith("stand")] == [
        "stand-and-deliver 1", "stand-and-deliver 2", "stand-and-deliver 3"
    ]
    g.apply("stand-and-deliver 3")
    assert len(s.seats[MARQUISE].hand) == 2 and len(s.seats[3].hand) == 1
    assert s.seats[3].vp == 0  # his score marker is off the track (9.2.8)
    while g.decision != "craft":
        g.apply(g.legal_actions()[-1])  # "done" with the Birdsong cards
    assert [t for t in g.legal_tokens() if t.startswith("codebreakers")] == [
        "codebreakers 1", "codebreakers 2", "codebreakers 3"
    ]
    g.apply("codebreakers 3")
    assert s.turn["seen"] == {3: s.seats[3].hand}
