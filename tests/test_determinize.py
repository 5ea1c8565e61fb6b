"""Determinization (bots/determinize.py): samples consistent with one seat's information.

Every sample keeps the seat's view and event log; hands keep their sizes and the cards the
seat knows are in them; the sample never depends on what the seat cannot see; and the deal
is uniform over the unseen cards.
"""

from __future__ import annotations

import pytest
from lawkit import codebreakers, mid_games, resample, stand_and_deliver

from rootgame import Game
from rootgame.bots import Observation
from rootgame.bots.determinize import determinize, known_cards
from rootgame.cards import N_CARDS, ids_for_key
from rootgame.game import _check_cards
from rootgame.rng import Rng

FACTIONS = ("marquise", "eyrie")


def _as_game(state: object, like: Game) -> Game:
    g = like.clone()
    g.state = state  # type: ignore[assignment]
    return g


@pytest.mark.parametrize("first", FACTIONS)
def test_samples_keep_the_seats_view_events_and_hand_sizes(first: str) -> None:
    factions = [first] + [f for f in FACTIONS if f != first]
    rng = Rng(5)
    moved = 0
    for game in mid_games(factions, range(3)):
        for seat in range(2):
            view, events = game.view(seat), game.events(seat)
            for _ in range(3):
                s = determinize(game, seat, rng, keep_log=True)
                _check_cards(s)
                h = _as_game(s, game)
                assert h.view(seat) == view
                assert h.events(seat) == events
                assert s.seats[seat].hand == game.state.seats[seat].hand
                for a, b in zip(s.seats, game.state.seats, strict=True):
                    assert len(a.hand) == len(b.hand)
                assert len(s.deck) == len(game.state.deck)
                assert s.rng != game.state.rng
                moved += s.deck != game.state.deck
    assert moved > 50


@pytest.mark.parametrize("first", FACTIONS)
def test_the_sample_does_not_depend_on_hidden_information(first: str) -> None:
    """Two games that differ only in what the seat cannot see give the same sample."""
    factions = [first] + [f for f in FACTIONS if f != first]
    rng = Rng(11)
    for game in mid_games(factions, range(2)):
        for seat in range(2):
            other = resample(game, seat, rng)
            assert other.state.to_dict() != game.state.to_dict()
            for k in range(2):
                a = determinize(game, seat, Rng(k), keep_log=True)
                b = determinize(other, seat, Rng(k), keep_log=True)
                assert a.to_dict() == b.to_dict()


def test_the_real_game_is_not_changed() -> None:
    game = mid_games(list(FACTIONS), range(1))[3]
    before = game.state.to_dict()
    determinize(game, 0, Rng(1))
    assert game.state.to_dict() == before


def test_the_deal_is_uniform_over_the_unseen_cards() -> None:
    """Each unseen card lands in the other hand about len(hand)/len(unseen) of the time."""
    game = mid_games(list(FACTIONS), range(1))[3]
    g = game.state
    seat = 0
    unseen = sorted(g.deck + g.seats[1].hand)
    k = len(g.seats[1].hand)
    assert k >= 2 and len(unseen) > 20
    counts = dict.fromkeys(unseen, 0)
    rng = Rng(3)
    n = 3000
    for _ in range(n):
        for c in determinize(game, seat, rng).seats[1].hand:
            counts[c] += 1
    p = k / len(unseen)
    sd = (n * p * (1 - p)) ** 0.5
    assert all(abs(v - n * p) < 4.5 * sd for v in counts.values()), counts


def test_a_card_taken_from_the_seat_stays_in_the_takers_hand() -> None:
    """3.5.3 Stand and Deliver!: the Eyrie saw which of its cards the Marquise took."""
    g = stand_and_deliver(("ambush:fox",))
    (taken,) = [c for c in g.state.seats[0].hand if c != ids_for_key("ambush:fox")[0]]
    assert known_cards(g, 1) == {0: [taken]}
    rng = Rng(8)
    others = set()
    for _ in range(50):
        s = determinize(g, 1, rng)
        assert taken in s.seats[0].hand and len(s.seats[0].hand) == 2
        others.update(c for c in s.seats[0].hand if c != taken)
    assert len(others) > 10
    # The Marquise knows nothing of the Eyrie's two other cards.
    assert known_cards(g, 0) == {1: []}


def test_a_hand_looked_at_is_known_to_the_looker_only() -> None:
    """Codebreakers: the Marquise saw the Eyrie's hand; every sample keeps it."""
    g = codebreakers()
    seen = sorted(g.state.seats[1].hand)
    rng = Rng(2)
    assert all(sorted(determinize(g, 0, rng).seats[1].hand) == seen for _ in range(20))
    g.state.log = None  # without a log, the look of this turn is still known
    assert all(sorted(determinize(g, 0, rng).seats[1].hand) == seen for _ in range(20))
    hands = {tuple(sorted(determinize(g, 1, rng).seats[0].hand)) for _ in range(20)}
    assert len(hands) > 5


def test_a_card_that_became_public_is_not_pinned() -> None:
    g = stand_and_deliver(("ambush:fox",))
    (taken,) = [c for c in g.state.seats[0].hand if c != ids_for_key("ambush:fox")[0]]
    g.state.seats[0].hand.remove(taken)
    g.state.discard.append(taken)
    g.state.seats[0].hand.append(g.state.deck.pop())
    for _ in range(20):
        s = determinize(g, 1, Rng(_))
        assert taken not in s.seats[0].hand and taken in s.discard
        assert sum(len(x.hand) for x in s.seats) + len(s.deck) + len(s.discard) + len(
            s.removed_cards
        ) <= N_CARDS


def test_observation_offers_the_seats_information_only() -> None:
    game = mid_games(list(FACTIONS), range(1))[2]
    seat = game.current_seat
    assert seat is not None
    obs = Observation(game)
    assert obs.seat == seat and obs.legal == game.legal_actions()
    assert obs.view == game.view(seat) and obs.events() == game.events(seat)
    assert obs.decision == game.decision
    with pytest.raises(ValueError, match="not the deciding seat"):
        Observation(game, 1 - seat)


FOUR = ("marquise", "eyrie", "alliance", "vagabond")


@pytest.mark.parametrize("seat", range(4))
def test_four_players_what_nobody_sees_is_dealt_again(seat: int) -> None:
    """With the Alliance and the Vagabond: the supporters (face down, 8.2.2), the items beneath
    the ruins and the quest deck (seen by nobody, 9.3.3-9.3.4) are dealt again; the sample
    keeps the seat's view and does not depend on what the seat cannot see."""
    rng = Rng(3)
    ruins_moved = quests_moved = 0
    games = mid_games(FOUR, range(2), every=97, first=5)
    for game in games:
        vag = game.state.fs[3]
        other = resample(game, seat, rng)
        for k in range(3):
            s = determinize(game, seat, Rng(k), keep_log=True)
            _check_cards(s)
            assert _as_game(s, game).view(seat) == game.view(seat)
            assert s.to_dict() == determinize(other, seat, Rng(k), keep_log=True).to_dict()
            ruins_moved += s.fs[3].ruins != vag.ruins
            quests_moved += s.fs[3].quest_deck != vag.quest_deck
            assert sorted(s.fs[3].quest_deck) == sorted(vag.quest_deck)
            assert {c: len(v) for c, v in s.fs[3].ruins.items()} == {
                c: len(v) for c, v in vag.ruins.items()
            }
    assert ruins_moved > 0 and quests_moved > 0
