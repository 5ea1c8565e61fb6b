"""Fuzzing the inputs that come from outside: tokens, records, positions, saves.

Whatever the input, each reader either accepts it or raises its own error (BadToken or
IllegalAction, RecordError, PositionError), and a refused action leaves the game untouched.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rootgame import BadToken, Game, IllegalAction, PositionError, new_game, parse, token
from rootgame.bots import RandomBot
from rootgame.game import replay
from rootgame.position import KNOWN_FIELDS, build
from rootgame.position_text import from_string, to_string
from rootgame.records.native import RecordError, parse_record, replay_record, write_record

FUZZ = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

WORDS = [
    "move", "march", "battle", "recruit", "build", "craft", "decree", "done", "end", "pass",
    "keep", "place", "leader", "corner", "discard", "bird", "overwork", "ambush", "hospital",
    "turmoil", "fox", "rabbit", "mouse", "sawmill", "workshop", "recruiter", "roost",
    "commander", "builder", "tax-collector", "codebreakers", "dominance", "take-dominance",
    "stand-and-deliver", "royal-claim", "draw-with", "hits", "order", "foil",
]  # fmt: skip


def _mid_game(seed: int = 21, decisions: int = 90) -> Game:
    g = new_game(seed=seed)
    bot = RandomBot(seed)
    for _ in range(decisions):
        g.apply(bot.choose(g))
    assert not g.is_over
    return g


MID = _mid_game()
SHORT = _mid_game(5, 70)
RECORD = write_record(SHORT, date="2026-01-01")
POSITION = to_string(MID)
SAVE = MID.to_json()

token_text = st.one_of(
    st.text(max_size=30),
    st.lists(
        st.one_of(st.sampled_from(WORDS), st.integers(-3, 1_000_000_0).map(str)),
        min_size=1,
        max_size=5,
    ).map(" ".join),
)


@FUZZ
@given(token_text)
def test_fuzz_token_parser(text: str) -> None:
    try:
        a = parse(text)
    except BadToken as e:
        assert str(e)
        return
    assert isinstance(a, tuple) and a
    assert parse(token(a)) == a


@FUZZ
@given(
    st.one_of(
        token_text,
        st.lists(
            st.one_of(st.sampled_from(WORDS), st.integers(-5, 100), st.booleans(), st.none()),
            max_size=5,
        ).map(tuple),
    )
)
def test_fuzz_apply_refuses_without_a_change(action: Any) -> None:
    g = MID.clone()
    before = (g.hash(), g.history[:], g.legal_actions(), g.state.rng, len(g.state.log or []))
    try:
        g.apply(action)
    except IllegalAction as e:
        assert str(e)
        after = (g.hash(), g.history[:], g.legal_actions(), g.state.rng, len(g.state.log or []))
        assert after == before
        return
    assert parse(action) in before[2] if isinstance(action, str) else tuple(action) in before[2]


def _mutate(text: str, data: st.DataObject) -> str:
    """A record or position text with a few lines or characters changed."""
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, max(0, len(lines) - 1)))
        how = data.draw(st.sampled_from(["replace", "delete", "insert", "char", "cut", "chance"]))
        if how == "chance":
            # A line of chance or a checkpoint, where a replay is most fragile: a number
            # dropped, added or changed, or another kind of outcome.
            marked = [j for j, x in enumerate(lines) if x.startswith(("* ", "= "))]
            if marked:
                i = data.draw(st.sampled_from(marked))
                words = lines[i].split()
                change = data.draw(st.sampled_from(["drop", "add", "number", "kind"]))
                k = data.draw(st.integers(1, max(1, len(words) - 1)))
                if change == "drop":
                    del words[-1]
                elif change == "add":
                    words.append(str(data.draw(st.integers(-1, 60))))
                elif change == "number" and k < len(words):
                    words[k] = str(data.draw(st.integers(-1, 60)))
                else:
                    words[1:2] = [data.draw(st.sampled_from(["dice", "pick", "first", "shuffle"]))]
                lines[i] = " ".join(words)
                continue
            how = "replace"
        noise = data.draw(
            st.one_of(
                st.text(max_size=20),
                st.sampled_from(
                    [
                        "* dice",
                        "* dice 1",
                        "* dice 9 9",
                        "* pick",
                        "* pick 99",
                        "* shuffle 1 2",
                        "* shuffle",
                        "* first 7",
                        "* first",
                        "= 1",
                        "= 0 abc",
                        "* draw 0 1",
                        "---",
                        "seed: x",
                        "start: {}",
                        "start: []",
                        "factions: eyrie eyrie",
                        "map: winter",
                        "first: 5",
                        "end",
                        "move 1 5",
                    ]
                ),  # fmt: skip
            )
        )
        if not lines:
            lines = [noise]
        elif how == "replace":
            lines[i] = noise
        elif how == "delete":
            del lines[i]
        elif how == "insert":
            lines.insert(i, noise)
        elif how == "char":
            line = lines[i]
            j = data.draw(st.integers(0, len(line)))
            lines[i] = line[:j] + noise[:2] + line[j + 1 :]
        else:
            lines = lines[:i]
    return "\n".join(lines) + "\n"


@settings(FUZZ, max_examples=100)
@given(st.data())
def test_fuzz_records_only_raise_record_errors(data: st.DataObject) -> None:
    text = data.draw(st.one_of(st.text(max_size=200), st.just(RECORD).map(lambda t: t)))
    if text == RECORD:
        text = _mutate(RECORD, data)
    use_generator = data.draw(st.booleans())
    try:
        parse_record(text)
        game = replay_record(text, use_generator=use_generator)
    except RecordError as e:
        assert e.line >= 0 and e.problem
        return
    # Accepted (a comment, a blank line, a record of an unfinished game cut short...): the
    # game is what its own decisions give.
    assert replay(game.origin, game.history).hash() == game.hash()


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 60),
        st.text(max_size=8),
        st.sampled_from(
            [
                "marquise",
                "eyrie",
                "2w sawmill",
                "roost",
                "keep",
                "anvil",
                "ambush:bird",
                "vizier",
                "daylight:decree",
                "birdsong",
                "setup",
                "commander",
                "end",
                "battle",
                "fox",
                "w",
            ]
        ),  # fmt: skip
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(
            st.one_of(
                st.text(max_size=5),
                st.sampled_from(
                    [
                        "marquise",
                        "eyrie",
                        "1",
                        "3",
                        "9",
                        "leader",
                        "decree",
                        "home",
                        "col",
                        "pending",
                        "face_up",
                        "move",
                        "battle",
                        "seen",
                        "actions",
                        "used",
                    ]
                ),  # fmt: skip
            ),
            children,
            max_size=4,
        ),
    ),
    max_leaves=12,
)


@FUZZ
@given(
    st.dictionaries(
        st.one_of(st.sampled_from(KNOWN_FIELDS), st.text(max_size=6)), json_values, max_size=6
    )
)
def test_fuzz_position_builder_only_raises_position_errors(desc: dict[str, Any]) -> None:
    try:
        game = build(desc)
    except PositionError as e:
        assert str(e)
        return
    assert game.is_over or game.legal_actions()


position_words = st.lists(
    st.tuples(
        st.sampled_from(
            [
                *KNOWN_FIELDS,
                "eyrie.leader",
                "eyrie.decree",
                "eyrie.col",
                "eyrie.pending",
                "marquise.home",
                "eyrie.face_up",
                "x",
            ]
        ),  # fmt: skip
        st.text(alphabet='me0123456789:;,/+-.=abcdefghijklmnopqrstuvwxyz[]{}"', max_size=20),
    ).map(lambda kv: f"{kv[0]}={kv[1]}"),
    max_size=6,
).map(" ".join)


@FUZZ
@given(st.data())
def test_fuzz_position_strings_only_raise_position_errors(data: st.DataObject) -> None:
    choice = data.draw(st.sampled_from(["text", "fields", "mutation"]))
    if choice == "text":
        text = data.draw(st.text(max_size=80))
    elif choice == "fields":
        text = data.draw(position_words)
    else:
        words = POSITION.split(" ")
        i = data.draw(st.integers(0, len(words) - 1))
        j = data.draw(st.integers(0, len(words[i])))
        noise = data.draw(st.text(alphabet=":;,/+-.=abmew0123456789 ", max_size=4))
        words[i] = words[i][:j] + noise + words[i][j + 1 :]
        text = " ".join(words)
    try:
        game = from_string(text)
    except PositionError as e:
        assert str(e)
        return
    assert game.is_over or game.legal_actions()


@FUZZ
@given(st.data())
def test_fuzz_json_saves_only_raise_position_errors(data: st.DataObject) -> None:
    if data.draw(st.booleans()):
        text = data.draw(st.text(max_size=60))
    else:
        save = json.loads(SAVE)
        state = save["state"]
        key = data.draw(st.sampled_from(sorted(state)))
        state[key] = data.draw(json_values)
        if data.draw(st.booleans()):
            save[data.draw(st.sampled_from(sorted(save)))] = data.draw(json_values)
        text = json.dumps(save)
    try:
        Game.from_json(text)
    except PositionError as e:
        assert str(e)


@pytest.mark.parametrize("text", [RECORD, POSITION, SAVE])
def test_fuzz_inputs_are_good_before_mutation(text: str) -> None:
    """The fuzzed inputs start from good ones (so that refusals come from the changes)."""
    if text is RECORD:
        assert replay_record(text).hash() == SHORT.hash()
    elif text is POSITION:
        assert from_string(text).hash() == MID.hash()
    else:
        assert Game.from_json(text).hash() == MID.hash()
