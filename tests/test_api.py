"""The public API's error handling: new_game validation, tokens, saves, position descriptions.

Each error must be the documented type (ValueError, BadToken, PositionError) with a message
that names what is wrong, and nothing may be half-done.
"""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import pytest

from rootgame import (
    BadToken,
    Game,
    IllegalAction,
    PositionError,
    new_game,
    parse,
    token,
)
from rootgame.position import build
from rootgame.rng import Rng

# --- new_game validation ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"factions": ["marquise", "lizards"]}, "unknown faction 'lizards'; known: "),
        ({"factions": ["eyrie", "eyrie"]}, "each faction can be played by one player only"),
        ({"factions": ["marquise"]}, "a game needs at least two factions"),
        ({"factions": []}, "a game needs at least two factions"),
        ({"factions": "marquise"}, "factions: a list of faction names"),
        ({"seed": "7"}, "the seed must be an integer, not '7'"),
        ({"seed": 1.5}, "the seed must be an integer, not 1.5"),
        ({"seed": True}, "the seed must be an integer, not True"),
        ({"seed": None}, "the seed must be an integer, not None"),
        ({"first_player": 2}, "first_player must be a seat from 0 to 1"),
        ({"map": "moon"}, "unknown map 'moon'"),
    ],
)
def test_new_game_rejects_bad_arguments(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as info:
        new_game(**kwargs)
    assert message in str(info.value)


def test_new_game_defaults() -> None:
    """5.1: two seats, three cards each, dominance removed with two players, setup pending."""
    game = new_game(seed=11)
    assert game.factions == ("marquise", "eyrie")
    assert [len(s.hand) for s in game.state.seats] == [3, 3]
    assert len(game.state.deck) == 54 - 4 - 6
    assert game.phase == "setup" and game.current_faction == "marquise"
    assert game.decision == "cat_keep"
    assert game.legal_tokens() == ["keep 1", "keep 2", "keep 3", "keep 4"]
    assert new_game(seed=11, first_player=1).turn_seat == 1


# --- Tokens ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (("end",), "end"),
        (("move", 5, 1), "move 5 1"),
        (("craft", 17), "craft 17"),
        (("decree", 3, "battle"), "decree 3 battle"),
        (("battle", "fox", 3, 0), "battle fox 3 0"),
        (("take-dominance", 2, 40), "take-dominance 2 40"),
        (("craft", 30, "fox", "mouse"), "craft 30 fox mouse"),
    ],
)
def test_token_round_trip(action: tuple[str | int, ...], text: str) -> None:
    assert token(action) == text
    assert parse(text) == action
    assert parse(token(parse(text))) == action


def test_parse_normalises_case_and_spaces() -> None:
    assert parse("  MOVE   5  1 ") == ("move", 5, 1)
    assert token(parse("Decree 3 BATTLE")) == "decree 3 battle"


def test_every_legal_token_round_trips_in_a_game() -> None:
    game = new_game(seed=3)
    rng = Rng(3)
    seen = 0
    while not game.is_over and seen < 400:
        for a, t in zip(game.legal_actions(), game.legal_tokens(), strict=True):
            assert parse(t) == a and token(a) == t
        game.apply(game.legal_tokens()[rng.below(len(game.legal_tokens()))])
        seen += 1
    assert seen == 400 or game.is_over


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action token"),
        ("   ", "empty action token"),
        ("5 move", "starts with a word such as 'move', not '5'"),
        ("move 5!", "'5!' is neither a number nor a word"),
        ("move -1 2", "'-1' is neither a number nor a word"),
        ("craft 12345678", "number '12345678' in the token is too large"),
        ("move 1.5", "'1.5' is neither a number nor a word"),
        ("Ωmega", "starts with a word"),
    ],
)
def test_parse_rejects_garbage(text: str, message: str) -> None:
    with pytest.raises(BadToken) as info:
        parse(text)
    assert message in str(info.value)


def test_parse_rejects_non_text() -> None:
    with pytest.raises(BadToken, match="must be text, not int"):
        parse(5)  # type: ignore[arg-type]


def test_bad_token_is_an_illegal_action_and_changes_nothing() -> None:
    game = new_game(seed=4)
    before = game.to_json()
    with pytest.raises(IllegalAction, match="neither a number nor a word"):
        game.apply("keep ?")
    assert issubclass(BadToken, IllegalAction)
    assert game.to_json() == before
    assert "neither a number nor a word" in game.explain("keep ?")


def test_illegal_action_names_the_decision() -> None:
    game = new_game(seed=4)
    with pytest.raises(IllegalAction) as info:
        game.apply("march 1 2")
    assert str(info.value) == (
        "'march 1 2' is not legal now: marquise must decide "
        "'Place the keep in a corner clearing', which takes: keep"
    )
    with pytest.raises(IllegalAction, match="it is not seat 1's decision: seat 0 "):
        game.apply("keep 1", seat=1)
    game.apply("keep 1", seat=0)
    assert game.history == ["keep 1"]


# --- Saves -----------------------------------------------------------------------------------


def _save() -> dict[str, Any]:
    game = new_game(seed=1)
    rng = Rng(9)
    for _ in range(40):
        game.apply(game.legal_actions()[rng.below(len(game.legal_actions()))])
    out: dict[str, Any] = json.loads(game.to_json())
    return out


def _broken(change: Any) -> str:
    d = _save()
    change(d)
    return json.dumps(d)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not a rootgame save: JSONDecodeError"),
        ("", "not a rootgame save: JSONDecodeError"),
        ("null", "not a rootgame save"),
        ("[1, 2]", "not a rootgame save"),
        ("{}", "unsupported save format None"),
        ('{"format": 99}', "unsupported save format 99"),
        ('{"format": 1}', "not a rootgame save: KeyError: 'state'"),
        ('{"format": 1, "state": "x"}', "not a rootgame save: TypeError"),
    ],
)
def test_from_json_rejects_garbage(text: str, message: str) -> None:
    with pytest.raises(PositionError) as info:
        Game.from_json(text)
    assert message in str(info.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["state"].__setitem__("factions", ["marquise", "otters"]), "unknown faction"),
        (lambda d: d["state"].__setitem__("map", "moon"), "unknown map 'moon'"),
        (lambda d: d["state"].__setitem__("warriors", "abc"), "ValueError"),
        (lambda d: d["state"]["stack"][-1].__setitem__("kind", "nap"), "unknown decision kind"),
        (lambda d: d["state"].__setitem__("stack", []), "must have a decision stack"),
        (lambda d: d["state"].__setitem__("seats", []), "0 seats saved for 2 factions"),
        (lambda d: d["state"]["fs"][0].pop("track"), "KeyError: 'track'"),
        (lambda d: d.__setitem__("history", 5), "TypeError"),
        (lambda d: d["state"].__setitem__("vp_log", [[1]]), "ValueError"),
    ],
)
def test_from_json_rejects_a_broken_save(change: Any, message: str) -> None:
    with pytest.raises(PositionError) as info:
        Game.from_json(_broken(change))
    assert message in str(info.value)


def test_from_json_of_a_good_save() -> None:
    text = json.dumps(_save())
    assert Game.from_json(text).to_json() == text


def test_a_pickled_game_plays_on_the_same() -> None:
    """Pickling and copy.deepcopy (OpenSpiel serialises and copies states so) give the same
    game, on the compiled core too (whose classes ``__reduce__`` through ``__init__``)."""
    game = new_game(["marquise", "eyrie", "alliance", "vagabond"], seed=5)
    rng = Rng(5)
    for _ in range(120):
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    for other in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert other.hash() == game.hash() and other.to_json() == game.to_json()
        assert other.legal_actions() == game.legal_actions()
        assert other.checkpoints == game.checkpoints and other.meta == game.meta
        a, b = other.clone(), game.clone()
        a.apply(a.legal_actions()[0])
        b.apply(b.legal_actions()[0])
        assert a.hash() == b.hash()


def test_clones_share_the_decisions_taken_and_the_pieces_until_they_change() -> None:
    """A clone copies neither the decisions taken before it (``Trail.share``) nor the pieces
    of a clearing (tuples, replaced when they change): issue 14's clone cost. Each game then
    takes decisions and moves pieces of its own."""
    game = new_game(["marquise", "eyrie"], seed=3)
    rng = Rng(3)
    while len(game.history) < 40 or len(game.legal_actions()) < 2:
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    before, marks, state = game.history, game.marks, game.state.to_dict()
    a, b = game.clone(), game.clone()
    assert a.state.warriors[1] is game.state.warriors[1]
    first, last = a.legal_actions()[0], b.legal_actions()[-1]
    a.apply(first)
    b.apply(last)
    assert game.history == before and game.marks == marks and game.state.to_dict() == state
    assert a.history == before + [token(first)] and b.history == before + [token(last)]
    assert len(a.trail) == len(before) + 1 and a.marks[:-1] == marks
    game.apply(game.legal_actions()[-1])
    assert game.history == b.history and game.hash() == b.hash()
    assert a.history == before + [token(first)]


def test_reading_the_history_makes_each_token_once() -> None:
    """``history`` after every decision, and in clones, makes each decision's token once
    (``Trail.tokens``): a frozen chunk keeps its tokens for every game sharing it, and a game's
    own decisions keep theirs, so a bot that reads the history at each decision pays a copy,
    not a token per decision taken (issue 14)."""
    game = new_game(["marquise", "eyrie", "alliance"], seed=5)
    rng = Rng(5)
    made: list[tuple[str | int, ...]] = []

    def tok(a: tuple[str | int, ...]) -> str:
        made.append(a)
        return token(a)

    clones = []
    while len(game.trail) < 120:
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
        assert game.trail.tokens(tok) == [token(d) for d, _, _ in game.trail.decisions()]
        if len(game.trail) % 7 == 0:
            clones.append(game.clone())
    assert len(made) == 120
    for c in clones:
        c.apply(c.legal_actions()[0])
        assert c.trail.tokens(tok) == [token(d) for d, _, _ in c.trail.decisions()]
    assert len(made) == 120 + len(clones)
    assert game.history == game.trail.tokens(tok) and len(made) == 120 + len(clones)


def _containers(obj: object) -> dict[str, object]:
    """The lists and dicts an object's attributes hold, by name (``dir``: the compiled core's
    classes have no ``__slots__`` to read)."""
    names = [n for n in dir(obj) if not n.startswith("__")]
    return {
        n: v for n in names if isinstance(v := getattr(obj, n, None), list) or isinstance(v, dict)
    }


def test_a_clone_owns_every_list_and_dict_it_may_change() -> None:
    """A clone is made from its source (``GameState(src)``, ``SeatState(faction, src)``, each
    faction board's ``__init__`` with its source: issue 14) and owns every list and dict of
    the state, the seats and the boards, and those inside them (the Vagabond's item lists and
    ruins, the Eyrie's Decree columns). Shared: the building index and the event log's
    events, which are never changed in place."""
    game = new_game(["marquise", "eyrie", "alliance", "vagabond"], seed=2)
    rng = Rng(2)
    for _ in range(150):
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
    copy_ = game.clone()
    g, c = game.state, copy_.state
    assert c.to_dict() == g.to_dict() and copy_.history == game.history
    pairs = [(g, c), *zip(g.seats, c.seats, strict=True), *zip(g.fs, c.fs, strict=True)]
    assert {"deck", "stack", "rule_memo"} <= set(_containers(g))
    assert {"items", "ruins", "quests"} <= set(_containers(g.fs[3]))
    for mine, theirs in pairs:
        for name, v in _containers(mine).items():
            if name in ("building_memo", "token_memo"):
                continue
            w = getattr(theirs, name)
            where = (type(mine).__name__, name)
            assert w is not v, where
            if name == "log":
                continue
            inner = list(v.values()) if isinstance(v, dict) else v
            other = list(w.values()) if isinstance(w, dict) else w
            for x, y in zip(inner, other, strict=True):
                assert x is not y or not (isinstance(x, list) or isinstance(x, dict)), where


# --- The position builder --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("desc", "message"),
    [
        ({"bogus": 1}, "unknown field 'bogus'; known fields: at, "),
        ({"hands": {"eyrie": ["no-such-card"]}}, "hands.eyrie: no card is called 'no-such-card'"),
        (
            {"hands": {"marquise": ["anvil"], "eyrie": ["anvil"]}},
            "hands.eyrie: every copy of 'anvil' is already placed",
        ),
        ({"hands": {"marquise": [5], "eyrie": [5]}}, "hands.eyrie: card 5 is placed twice"),
        ({"hands": {"eyrie": [5], "marquise": [79]}}, "hands.marquise: card id 79 is not from 0"),
        ({"hands": {"eyrie": ["anvil"]}, "deck": ["anvil"]}, "deck: every copy of 'anvil'"),
        ({"discard": ["anvil", "anvil"]}, "discard: every copy of 'anvil' is already placed"),
        (
            {"clearings": {"1": {"marquise": "sawmill workshop recruiter"}}},
            "clearings.1: 3 buildings and ruins, but the clearing has 1 slots",
        ),
        (
            {"clearings": {"6": {"marquise": "2sawmill"}}},
            "clearings.6: 3 buildings and ruins, but the clearing has 2 slots",
        ),
        ({"clearings": {"2": {"eyrie": "2roost"}}}, "clearings.2: at most one roost"),
        ({"clearings": {"1": {"eyrie": "21w"}}}, "eyrie: 21 warriors on the map, but the box"),
        (
            {"clearings": {"1": {"marquise": "13w"}, "2": {"marquise": "13w"}}},
            "marquise: 26 warriors on the map, but the box has 25",
        ),
        ({"clearings": {"1": {"marquise": "9wood"}}}, "marquise: 9 woods on the map"),
        ({"clearings": {"13": {"eyrie": "1w"}}}, "clearings: there is no clearing 13"),
        ({"clearings": {"1": {"eyrie": "sawmill"}}}, "clearings.1.eyrie: eyrie have no piece"),
        ({"clearings": {"1": {"otters": "2w"}}}, "clearings.1: 'otters' is not a faction"),
        (
            {"clearings": {"1": {"marquise": "keep"}, "2": {"marquise": "keep"}}},
            "marquise: there is only one keep",
        ),
        ({"at": "noon"}, "at: 'noon' is not a step of the marquise's turn"),
        ({"turn": "eyrie", "at": "daylight:actions"}, "at: 'daylight:actions' is not a step"),
        ({"at": 3}, "at: a phase such as 'daylight'"),
        ({"dice": [[4, 1]]}, "dice: each roll is two numbers from 0 to 3, not [4, 1]"),
        ({"dice": [[1]]}, "dice: each roll is two numbers from 0 to 3, not [1]"),
        ({"dice": [[True, 1]]}, "dice: each roll is two numbers from 0 to 3"),
        ({"dice": "31"}, "dice: a list"),
        ({"turn": "vagabond"}, "turn: 'vagabond' is not a faction in this game"),
        ({"vp": {"eyrie": "5"}}, "vp.eyrie: a whole number"),
        ({"eyrie": {"leader": "king"}}, "eyrie.leader: one of builder, charismatic"),
        ({"eyrie": {"roosts": 3}}, "eyrie: unknown field 'roosts'"),
        ({"eyrie": {"decree": {"fight": []}}}, "eyrie.decree: an object with columns"),
        ({"eyrie": {"decree": {"move": ["vizier"]}}}, "eyrie.decree: name both Loyal Viziers"),
        ({"persistent": {"eyrie": ["ambush:bird"]}}, "persistent.eyrie: Ambush! is not a"),
        ({"persistent": {"eyrie": ["armorers", "armorers"]}}, "persistent.eyrie: two Armorers"),
        ({"crafted": {"eyrie": ["hammer", "hammer"]}}, "crafted: more hammers crafted"),
        ({"crafted": {"eyrie": ["cake"]}}, "crafted.eyrie: 'cake' is not an item"),
        ({"items": {"boot": -1}}, "items: 'boot': -1 is not an item count"),
        ({"factions": ["marquise"]}, "factions: at least two different factions"),
        ({"factions": ["marquise", "otters"]}, "factions: a list of "),
        ({"seed": "x"}, "seed: an integer"),
        ({"ruins": [13]}, "ruins: there is no clearing 13"),
        ({"hands": {"eyrie": "anvil"}}, "hands.eyrie: a list"),
    ],
)
def test_position_builder_names_the_field(desc: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError) as info:
        build(desc)
    assert message in str(info.value)


def test_position_builder_rejects_bad_json_text() -> None:
    with pytest.raises(PositionError, match="the position is not valid JSON"):
        build("{nope")
    with pytest.raises(PositionError, match="a position is a JSON object"):
        build("[1, 2]")


def test_position_builder_good_description() -> None:
    """Supplies come from the map; the built game saves and loads."""
    game = build(
        {
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {
                "1": {"marquise": "2w sawmill wood keep"},
                "3": {"eyrie": "6w roost"},
            },
            "hands": {"eyrie": ["ambush:bird", "anvil"]},
            "vp": {"eyrie": 5},
            "eyrie": {"leader": "commander", "decree": {"battle": ["ambush:fox"]}},
        }
    )
    g = game.state
    assert g.fs[0].warriors == 23 and g.fs[0].wood == 7 and g.fs[0].keep == 1
    assert g.fs[0].track == {"sawmill": 5, "workshop": 6, "recruiter": 6}
    assert g.fs[1].warriors == 14 and g.fs[1].roosts == 6
    assert game.scores == [0, 5] and g.vp_log == [(1, 5, "position")]
    text = game.to_json()
    assert Game.from_json(text).to_json() == text
