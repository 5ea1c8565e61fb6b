"""Issue 3: game records (rootgame's own format), JSON saves, undo, and position strings.

Records replay exactly and every damaged line is named; a JSON save continues the game
identically; undo takes back a seat's decisions only while nothing hidden was revealed; a
position string round-trips any game in progress.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rootgame import Game, IllegalAction, PositionError, new_game
from rootgame.bots import RandomBot
from rootgame.cards import DECK, deck_ids, ids_for_key
from rootgame.game import replay
from rootgame.position import build, describe_position
from rootgame.position_text import MAGIC, format_position, from_string, parse_position, to_string
from rootgame.records.native import RecordError, parse_record, replay_record, write_record

M, E = 0, 1
DATE = "2026-01-01"


def play(seed: int, decisions: int | None = None, game: Game | None = None) -> Game:
    """A game played by a random bot (to the end, or for ``decisions`` decisions)."""
    g = game if game is not None else new_game(seed=seed)
    bot = RandomBot(seed)
    n = 0
    while not g.is_over and (decisions is None or n < decisions):
        g.apply(bot.choose(g))
        n += 1
    return g


def same(a: Game, b: Game) -> None:
    assert a.hash() == b.hash()
    assert a.legal_actions() == b.legal_actions()
    assert a.current_seat == b.current_seat


# --- records: round trips ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_record_round_trip(seed: int) -> None:
    """Finished games (even seeds) and games stopped midway (odd seeds) replay exactly, from
    the record's chance outcomes and from the generator."""
    g = play(seed, None if seed % 2 == 0 else 40 + 9 * seed)
    text = write_record(g, date=DATE)
    for use_generator in (False, True):
        r = replay_record(text, use_generator=use_generator)
        assert r.hash() == g.hash()
        assert r.history == g.history
        assert r.scores == g.scores
        assert r.is_over == g.is_over
    lines = text.splitlines()
    assert lines[0] == "rootgame record 1"
    assert f"seed: {seed}" in lines
    assert "factions: marquise eyrie" in lines
    result = (
        "unfinished"
        if not g.is_over
        else " ".join(g.factions[s] for s in g.winners) + f" {g.win_reason}"
    )
    assert f"result: {result}" in lines
    body = lines[lines.index("---") + 1 :]
    decisions = [x for x in body if not x.startswith(("*", "=", "#"))]
    assert decisions == g.history
    # One checkpoint per round of turns completed (and one at the end of a finished game).
    checkpoints = [x for x in body if x.startswith("= ")]
    assert len(checkpoints) == g.turn_number // g.state.n + (1 if g.is_over else 0)
    rounds = [int(x.split()[1]) for x in checkpoints[: g.turn_number // g.state.n]]
    assert rounds == list(range(g.state.n, g.turn_number + 1, g.state.n))


def test_record_checkpoints_hold_the_turn_and_the_state_hash() -> None:
    g = play(3, 150)
    text = write_record(g, date=DATE)
    seen: list[tuple[int, str]] = []

    def on_step(game: Game, token: str) -> None:
        seen.append((game.turn_number, game.hash()))

    replay_record(text, on_step=on_step)
    assert len(seen) == len(g.history)
    for line in text.splitlines():
        if line.startswith("= "):
            _, turn, h = line.split()
            assert (int(turn), h) in seen


def test_record_of_a_built_position_has_a_start_header() -> None:
    g = build(
        {
            "turn": "eyrie",
            "at": "birdsong",
            "clearings": {
                "1": {"marquise": "4w sawmill keep"},
                "5": {"marquise": "2w recruiter workshop"},
                "3": {"eyrie": "6w roost"},
                "7": {"eyrie": "2w"},
            },
            "hands": {"eyrie": ["ambush:bird", "anvil", "sword"], "marquise": ["cobbler"]},
            "eyrie": {"leader": "despot"},
            "seed": 11,
        }
    )
    play(11, 80, g)
    text = write_record(g, date=DATE)
    header = text.split("\n---\n")[0].splitlines()
    assert not any(x.startswith("seed:") for x in header)
    (start,) = [x for x in header if x.startswith("start: ")]
    assert json.loads(start[len("start: ") :])["turn_seat"] == E
    for use_generator in (False, True):
        r = replay_record(text, use_generator=use_generator)
        assert r.hash() == g.hash()
        assert r.history == g.history


def test_record_of_a_game_read_from_a_position_string() -> None:
    g = from_string(to_string(play(8, 90)))
    play(8, 60, g)
    r = replay_record(write_record(g, date=DATE))
    assert r.hash() == g.hash()
    assert r.history == g.history


# --- records: damaged or foreign records ---------------------------------------------------------


@pytest.fixture(scope="module")
def record() -> tuple[Game, str]:
    g = play(1)
    assert g.is_over
    return g, write_record(g, date=DATE)


def _error(text: str, use_generator: bool = False) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay_record(text, use_generator=use_generator)
    return info.value


def _lines(text: str) -> list[str]:
    return text.splitlines()


def _join(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


def _body_start(lines: list[str]) -> int:
    """Index of the first body line (after '---')."""
    return lines.index("---") + 1


def test_record_wrong_magic_is_line_1(record: tuple[Game, str]) -> None:
    lines = _lines(record[1])
    lines[0] = "chess record 1"
    e = _error(_join(lines))
    assert e.line == 1 and "not a rootgame record" in e.problem
    with pytest.raises(RecordError) as info:
        parse_record("")
    assert info.value.line == 1


@pytest.mark.parametrize(
    ("first", "message"),
    [
        ("rootgame record 2", "record format 2 is not supported"),
        ("rootgame record x", "version is not a number"),
    ],
)
def test_record_bad_version_is_line_1(record: tuple[Game, str], first: str, message: str) -> None:
    lines = _lines(record[1])
    lines[0] = first
    e = _error(_join(lines))
    assert e.line == 1 and message in e.problem


@pytest.mark.parametrize(
    ("drop", "message"),
    [
        ("factions:", "the header has no 'factions'"),
        ("map:", "the header has no 'map'"),
        ("seed:", "exactly one of 'seed' and 'start'"),
    ],
)
def test_record_missing_header_field_names_the_end_of_the_header(
    record: tuple[Game, str], drop: str, message: str
) -> None:
    lines = [x for x in _lines(record[1]) if not x.startswith(drop)]
    e = _error(_join(lines))
    assert e.line == lines.index("---") + 1
    assert message in e.problem


def test_record_unknown_or_repeated_header_line(record: tuple[Game, str]) -> None:
    lines = _lines(record[1])
    lines.insert(3, "colour: blue")
    e = _error(_join(lines))
    assert e.line == 4 and "unknown header line" in e.problem
    lines[3] = "map: autumn"
    e = _error(_join(lines))
    # The second 'map' line is the original one, after the inserted line.
    assert e.line == lines.index("map: autumn", 4) + 1 and "'map' twice" in e.problem


def test_record_header_that_never_ends(record: tuple[Game, str]) -> None:
    lines = _lines(record[1])
    cut = lines[: lines.index("---")]
    e = _error(_join(cut))
    assert e.line == len(cut) and "never ends" in e.problem


def test_record_changed_token_to_an_illegal_one(record: tuple[Game, str]) -> None:
    lines = _lines(record[1])
    k = _body_start(lines)
    decisions = [i for i in range(k, len(lines)) if not lines[i].startswith(("*", "="))]
    i = decisions[30]
    lines[i] = "move 99 1"
    e = _error(_join(lines))
    assert e.line == i + 1
    assert "move 99 1" in e.problem


def test_record_changed_token_to_another_legal_one(record: tuple[Game, str]) -> None:
    """Another legal decision is caught at once or by the next line the game contradicts."""
    g, text = record
    lines = _lines(text)
    k = _body_start(lines)
    decisions = [i for i in range(k, len(lines)) if not lines[i].startswith(("*", "="))]
    i = decisions[20]
    at = replay(g.origin, g.history[:20])
    other = [t for t in at.legal_tokens() if t != lines[i]]
    assert other
    lines[i] = other[0]
    e = _error(_join(lines))
    next_checkpoint = next(j for j in range(i, len(lines)) if lines[j].startswith("="))
    assert i + 1 < e.line <= next_checkpoint + 1


def _first(lines: list[str], prefix: str) -> int:
    return next(i for i in range(_body_start(lines), len(lines)) if lines[i].startswith(prefix))


def test_record_changed_outcome_with_the_generator(record: tuple[Game, str]) -> None:
    lines = _lines(record[1])
    i = _first(lines, "* dice ")
    a, b = (int(x) for x in lines[i].split()[2:])
    lines[i] = f"* dice {3 - a} {3 - b}" if (a, b) != (3 - a, 3 - b) else "* dice 0 1"
    e = _error(_join(lines), use_generator=True)
    assert e.line == i + 1
    assert "the record says" in e.problem and "the game gave" in e.problem


def test_record_changed_outcome_without_the_generator_breaks_a_later_line(
    record: tuple[Game, str],
) -> None:
    """Replayed from the record alone, a changed roll is used, so the next checkpoint (or an
    earlier line) no longer fits."""
    lines = _lines(record[1])
    i = _first(lines, "* dice ")
    lines[i] = "* dice 0 0" if lines[i] != "* dice 0 0" else "* dice 3 3"
    e = _error(_join(lines))
    next_checkpoint = next(j for j in range(i, len(lines)) if lines[j].startswith("="))
    assert i + 1 < e.line <= next_checkpoint + 1


def test_record_changed_shuffle_is_caught(record: tuple[Game, str]) -> None:
    lines = _lines(record[1])
    i = _first(lines, "* shuffle ")
    parts = lines[i].split()
    parts[2], parts[3] = parts[3], parts[2]
    lines[i] = " ".join(parts)
    e = _error(_join(lines), use_generator=True)
    assert e.line == i + 1


@pytest.mark.parametrize("what", ["hash", "turn"])
def test_record_changed_checkpoint(record: tuple[Game, str], what: str) -> None:
    lines = _lines(record[1])
    i = _first(lines, "= ")
    _, turn, h = lines[i].split()
    if what == "hash":
        h = ("0" if h[0] != "0" else "1") + h[1:]
    else:
        turn = str(int(turn) + 1)
    lines[i] = f"= {turn} {h}"
    e = _error(_join(lines))
    assert e.line == i + 1 and "checkpoint mismatch" in e.problem


def test_record_truncated_between_decisions(record: tuple[Game, str]) -> None:
    """A finished game's record cut short no longer reaches its announced result."""
    lines = _lines(record[1])
    i = _first(lines, "= ")
    cut = lines[: i + 1]
    e = _error(_join(cut))
    assert e.line == len(cut)
    assert "result" in e.problem


def test_record_truncated_inside_a_token_or_before_its_outcomes(record: tuple[Game, str]) -> None:
    lines = _lines(record[1])
    k = _body_start(lines)
    # Cut after a decision whose draw follows it: the draw is missing.
    i = next(j for j in range(k + 1, len(lines)) if lines[j].startswith("* draw"))
    cut = lines[:i]
    e = _error(_join(cut))
    assert e.line == len(cut) and "which the record does not say" in e.problem
    # Cut in the middle of a token.
    j = next(j for j in range(k, len(lines)) if lines[j].startswith("move "))
    cut = lines[:j] + [lines[j].rsplit(" ", 1)[0]]
    e = _error(_join(cut))
    assert e.line == len(cut)


def test_record_extra_outcome_line(record: tuple[Game, str]) -> None:
    lines = _lines(record[1])
    k = _body_start(lines)
    # After a decision that revealed nothing.
    i = next(
        j
        for j in range(k + 10, len(lines) - 1)
        if not lines[j].startswith(("*", "=")) and not lines[j + 1].startswith(("*", "="))
    )
    extra = lines[: i + 1] + ["* dice 1 1"] + lines[i + 1 :]
    e = _error(_join(extra))
    assert e.line == i + 2 and "nothing of chance happened" in e.problem
    # At the very end.
    extra = lines + ["* dice 1 1"]
    e = _error(_join(extra))
    assert e.line == len(extra)
    # A decision after the end of the game.
    extra = lines + ["end"]
    e = _error(_join(extra))
    assert e.line == len(extra) and "the game is over" in e.problem


def test_record_comments_and_blank_lines_are_ignored(record: tuple[Game, str]) -> None:
    g, text = record
    lines = _lines(text)
    k = _body_start(lines)
    lines = lines[:k] + ["# a comment", ""] + lines[k:] + ["", "# the end"]
    r = replay_record(_join(lines))
    assert r.hash() == g.hash()


# --- JSON saves ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [2, 6, 13])
def test_json_round_trip_continues_identically(seed: int) -> None:
    g = play(seed, 120)
    h = Game.from_json(g.to_json())
    same(g, h)
    assert h.history == g.history and h.marks == g.marks and h.origin == g.origin
    assert h.meta == g.meta
    assert h.events(None) == g.events(None)
    assert h.can_undo() == g.can_undo()
    play(seed + 100, None, g)
    play(seed + 100, None, h)
    assert g.is_over and h.hash() == g.hash() and h.history == g.history
    assert h.winners == g.winners


def test_json_round_trip_keeps_undo() -> None:
    g = _setup_done()
    assert g.can_undo(M)
    h = Game.from_json(g.to_json())
    g.undo(M)
    h.undo(M)
    same(g, h)
    assert h.history == g.history


# --- undo ----------------------------------------------------------------------------------------


def _setup_done(seed: int = 0) -> Game:
    """A new game with the Marquise first, played until her first craft decision: her setup
    decisions, then the Eyrie's leader, and nothing hidden revealed since the first hands."""
    g = new_game(seed=seed, first_player=M)
    while not (g.current_seat == M and g.phase == "daylight"):
        g.apply(g.legal_tokens()[-1])
    assert g.decision == "craft"
    return g


def test_undo_takes_back_the_seats_previous_decision() -> None:
    g = new_game(seed=0, first_player=M)
    before = g.clone()
    assert not g.can_undo(M)
    g.apply(g.legal_tokens()[0])
    assert g.current_seat == M and g.can_undo(M) and g.undo_point(M) == 0
    g.undo(M)
    same(g, before)
    assert g.history == [] and g.marks == []
    assert g.view(M) == before.view(M)


def test_undo_takes_back_the_opponents_decisions_since() -> None:
    g = _setup_done()
    kinds = [json.dumps(m) for m in g.marks]
    # The Eyrie chose a leader after the Marquise's last setup decision.
    assert g.marks[-1][0] == E
    k = g.undo_point(M)
    assert k is not None and k < len(g.history) - 1
    assert any(seat == E for seat, _ in g.marks[k + 1 :])
    before = replay(g.origin, g.history[:k])
    g.undo(M)
    same(g, before)
    assert g.history == before.history
    assert len(g.marks) == k and len(kinds) > k
    assert g.current_seat == M
    assert "leader" not in " ".join(g.history)


def test_undo_repeatedly_goes_back_to_the_start() -> None:
    g = _setup_done()
    steps = 0
    while g.can_undo(M):
        g.undo(M)
        steps += 1
    assert g.history == [] and steps >= 2
    same(g, new_game(seed=0, first_player=M))


def test_undo_is_refused_after_a_draw() -> None:
    g = _setup_done()
    bot = RandomBot(5)
    reveals = g.state.reveals
    while g.state.reveals == reveals:
        g.apply(bot.choose(g))
    # The Marquise's Evening draw revealed cards: none of her decisions can be taken back.
    assert g.turn_number == 1
    assert not g.can_undo(M)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        g.undo(M)


def _cat_daylight(**extra: Any) -> Game:
    desc: dict[str, Any] = {
        "turn": "marquise",
        "at": "daylight:actions",
        "clearings": {
            "1": {"marquise": "4w sawmill keep"},
            "5": {"marquise": "3w recruiter", "eyrie": "2w roost"},
            "10": {"eyrie": "1w"},
        },
        "hands": {"marquise": ["anvil", "sword"]},
        "eyrie": {"leader": "commander"},
    }
    desc.update(extra)
    g = build(desc)
    g.state.log = []
    return g


def test_undo_of_a_march_is_allowed() -> None:
    g = _cat_daylight()
    before = g.clone()
    g.apply("march 1 9")
    assert g.can_undo(M)
    g.undo(M)
    same(g, before)


def test_undo_is_refused_after_dice() -> None:
    g = _cat_daylight()
    g.apply("battle 5 1")
    assert g.state.reveals == 1 and "dice" in [e["kind"] for e in g.events(None)]
    assert g.current_seat == M
    assert not g.can_undo(M)
    with pytest.raises(IllegalAction):
        g.undo()


def test_undo_is_refused_after_a_tax_collector_draw() -> None:
    g = _cat_daylight(persistent={"marquise": ["tax-collector"]})
    g.apply("tax-collector 1")
    assert len(g.state.seats[M].hand) == 3
    assert not g.can_undo(M)


def test_undo_is_refused_after_a_shuffle() -> None:
    """With the draw pile empty, the Tax Collector's draw reshuffles the discard pile."""
    placed = {ids_for_key("anvil")[0], ids_for_key("sword")[0], *ids_for_key("tax-collector")[:1]}
    rest = [c for c in deck_ids("base") if c not in placed and DECK[c].kind != "dominance"]
    g = _cat_daylight(persistent={"marquise": ["tax-collector"]}, discard=rest)
    assert g.state.deck == []
    g.apply("tax-collector 1")
    assert [e["kind"] for e in g.events(None)][-2:] == ["shuffle", "draw"]
    assert not g.can_undo(M)


def test_undo_is_refused_after_a_look_at_a_hand() -> None:
    g = _cat_daylight(persistent={"marquise": ["codebreakers"]}, hands={"eyrie": ["cobbler"]})
    g.apply("codebreakers 1")
    cobbler = {"id": ids_for_key("cobbler")[0], "key": "cobbler"}
    assert g.view(M)["seen_hands"] == {"eyrie": [cobbler]}
    assert not g.can_undo(M)


def test_undo_after_a_json_round_trip() -> None:
    g = _cat_daylight()
    before = g.clone()
    g.apply("march 1 9")
    h = Game.from_json(g.to_json())
    h.undo(M)
    same(h, before)


def test_undo_with_no_earlier_decision_of_the_seat() -> None:
    g = new_game(seed=4, first_player=M)
    g.apply(g.legal_tokens()[0])
    assert not g.can_undo(E)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        g.undo(E)


# --- position strings ----------------------------------------------------------------------------


def _round_trip(g: Game) -> str:
    text = to_string(g)
    h = from_string(text)
    assert h.hash() == g.hash(), text
    assert h.legal_actions() == g.legal_actions(), text
    assert h.state.rng == g.state.rng
    assert h.view(None) == g.view(None)
    assert to_string(h) == text
    assert "\n" not in text and text.startswith(MAGIC + " ")
    return text


@pytest.mark.parametrize("seed", [0, 1])
def test_position_string_round_trips_at_every_decision(seed: int) -> None:
    g = new_game(seed=seed)
    bot = RandomBot(seed)
    kinds = {"start": 0, "stack": 0}
    while not g.is_over:
        text = _round_trip(g)
        kinds["stack" if " stack=" in text else "start"] += 1
        g.apply(bot.choose(g))
    assert kinds["start"] > 50 and kinds["stack"] > 50
    with pytest.raises(PositionError, match="at: the game is over"):
        to_string(g)


@pytest.mark.parametrize("seed", range(2, 22))
def test_position_string_round_trips_at_turn_step_starts(seed: int) -> None:
    """Games captured at the start of a turn step need no stack, and play on identically."""
    g = new_game(seed=seed)
    bot = RandomBot(seed)
    captured = 0
    while not g.is_over:
        st = g.state
        if len(st.stack) == 2 and captured < 6 and g.turn_number % 3 == 1:
            text = to_string(g)
            if " stack=" not in text:
                captured += 1
                h = from_string(text)
                same(h, g)
                a, b = g.clone(), h
                play(seed + 7, 30, a)
                play(seed + 7, 30, b)
                assert a.hash() == b.hash()
        g.apply(bot.choose(g))
    assert captured >= 3


def test_position_string_at_a_step_start_names_the_step() -> None:
    g = new_game(seed=0)
    bot = RandomBot(0)
    while not (g.decision == "cat_actions" and len(g.state.stack) == 2):
        g.apply(bot.choose(g))
    text = to_string(g)
    assert " stack=" not in text
    assert " at=daylight:actions " in text
    actions = g.state.turn["actions"]
    assert f"turn_state=actions:{actions}" in text


def test_position_string_inside_a_battle_carries_the_stack() -> None:
    g = _cat_daylight(hands={"marquise": ["anvil"], "eyrie": ["ambush:fox"]})
    g.apply("battle 5 1")
    assert g.decision == "ambush" and g.current_seat == E
    text = _round_trip(g)
    assert " at=daylight:actions " in text
    stack = json.loads(text.split(" stack=")[1])
    assert [f[:2] for f in stack] == [["cat_actions", M], ["battle", None], ["ambush", E]]


def test_position_string_during_setup_and_turmoil() -> None:
    g = new_game(seed=9)
    text = _round_trip(g)
    assert " at=setup " in text and " eyrie.leader=- " in text
    # A turmoil: the Eyrie chooses a new leader with Daylight over.
    g = build(
        {
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {"3": {"eyrie": "1w roost"}, "1": {"marquise": "keep"}},
            "eyrie": {
                "leader": "despot",
                "decree": {"move": ["vizier", "anvil"], "build": ["vizier"]},
            },
        }
    )
    g.state.log = []
    g.apply("turmoil fox")
    assert g.decision == "eyrie_leader" and g.state.fs[E].leader is None
    text = _round_trip(g)
    assert " eyrie.leader=- " in text and " stack=" in text


BUILT: list[dict[str, Any]] = [
    {},
    {
        "turn": "eyrie",
        "at": "daylight:decree",
        "clearings": {
            "1": {"marquise": "2w sawmill wood keep"},
            "3": {"eyrie": "6w roost"},
            "2": {"eyrie": "2w", "marquise": "1w"},
        },
        "hands": {"eyrie": ["ambush:bird", "anvil"]},
        "deck": ["tax-collector", "cobbler"],
        "vp": {"eyrie": 5, "marquise": -1},
        "eyrie": {"leader": "commander", "decree": {"battle": ["ambush:fox"]}},
        "dice": [[3, 1]],
    },
    {
        "turn": "marquise",
        "at": "birdsong",
        "number": 17,
        "first": "eyrie",
        "clearings": {
            "1": {"marquise": "3w sawmill keep 2wood"},
            "11": [["marquise", "sawmill"], ["eyrie", "roost 2w"], ["marquise", "workshop"]],
        },
        "ruins": [6, 10],
        "hands": {"marquise": ["tax-collector", "tax-collector"], "eyrie": [2]},
        "persistent": {"marquise": [20], "eyrie": ["armorers"]},
        "crafted": {"marquise": ["boot"], "eyrie": ["hammer", "sword"]},
        "discard": ["ambush:bird", "ambush:bird"],
        "removed": ["dominance:fox"],
        "available_dominance": ["dominance:mouse"],
        "eyrie": {
            "leader": "builder",
            "face_up": ["despot"],
            "decree": {"recruit": ["vizier", "sword"], "move": ["vizier"]},
            "home": 9,
            "col": "end",
        },
        "marquise": {"home": 4},
        "turn_state": {"actions": 0, "recruited": True},
        "seed": 77,
    },
    {
        "factions": ["eyrie", "marquise"],
        "turn": "eyrie",
        "at": "evening:score_roosts",
        "clearings": {"12": {"eyrie": "3w roost"}, "4": {"eyrie": "roost"}},
        "hands": {"eyrie": ["codebreakers", "cobbler"], "marquise": ["anvil"]},
        "persistent": {"eyrie": ["codebreakers"]},
        "turn_state": {"used": ["codebreakers"], "seen": {"marquise": ["anvil"]}},
    },
]


@pytest.mark.parametrize("desc", BUILT)
def test_position_string_round_trips_built_positions(desc: dict[str, Any]) -> None:
    g = build(desc)
    text = _round_trip(g)
    assert build(describe_position(g)).hash() == g.hash()
    assert parse_position(text) == parse_position(format_position(describe_position(g)))


def test_position_string_written_by_hand() -> None:
    text = (
        "rootpos/1 factions=marquise,eyrie turn=e at=daylight:decree "
        "clearings=1:m2w+sawmill+wood+keep;3:e6w+roost;11:m1w+sawmill/e3w+roost/m+workshop "
        "ruins=6,10,12 "
        "hands=e:ambush:bird,anvil/m:tax-collector.3 vp=e:5/m:-2 eyrie.leader=commander "
        "eyrie.decree=battle:ambush:fox,vizier/move:vizier dice=3-1 seed=4"
    )
    desc = parse_position(text)
    assert desc == {
        "factions": ["marquise", "eyrie"],
        "turn": "eyrie",
        "at": "daylight:decree",
        "clearings": {
            "1": [["marquise", "2w sawmill wood keep"]],
            "3": [["eyrie", "6w roost"]],
            "11": [["marquise", "1w sawmill"], ["eyrie", "3w roost"], ["marquise", "workshop"]],
        },
        "ruins": [6, 10, 12],
        "hands": {"eyrie": ["ambush:bird", "anvil"], "marquise": [20]},
        "vp": {"eyrie": 5, "marquise": -2},
        "eyrie": {
            "leader": "commander",
            "decree": {"battle": ["ambush:fox", "vizier"], "move": ["vizier"]},
        },
        "dice": [[3, 1]],
        "seed": 4,
    }
    g = from_string(text)
    st = g.state
    assert st.buildings[11] == ((M, "sawmill"), (E, "roost"), (M, "workshop"))
    assert st.tokens[1] == ((M, "wood"), (M, "keep"))
    assert st.seats[M].hand == [ids_for_key("tax-collector")[2]]
    assert st.fs[E].decree == [[], [-1], [ids_for_key("ambush:fox")[0], -2], []]
    assert g.scores == [-2, 5]
    assert g.decision == "decree" and g.current_seat == E
    # The magic word may be left out; fields come in any order.
    assert from_string(" ".join(reversed(text.split()[1:]))).hash() == g.hash()


def test_position_string_copies_are_named_only_where_needed() -> None:
    g = build(
        {
            "hands": {"marquise": [19, "tax-collector"]},
            "discard": [1],
            "deck": [0],
        }
    )
    d = describe_position(g)
    assert d["hands"] == {"marquise": [19, "tax-collector"]}
    assert d["discard"] == [1]
    assert d["deck"][0] == "ambush:bird"
    text = to_string(g)
    assert " hands=m:tax-collector.2,tax-collector " in text
    assert " discard=ambush:bird.2 " in text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("fen/1 turn=m", "starts with 'rootpos/1'"),
        ("rootpos/2 turn=m", "version: 'rootpos/2'"),
        ("rootpos/1 turn", "turn: a field is written name=value"),
        ("rootpos/1 turn=m turn=e", "turn: the field is given twice"),
        ("rootpos/1 colour=red", "colour: unknown field"),
        ("rootpos/1 factions=marquise,duchy", "factions: 'duchy' is not a faction"),
        ("rootpos/1 turn=x", "turn: 'x' is not a faction of this game"),
        ("rootpos/1 at=noon", "at: 'noon' is not a step"),
        ("rootpos/1 number=many", "number: a whole number"),
        ("rootpos/1 clearings=1m2w", "clearings: write clearing:pieces"),
        ("rootpos/1 clearings=1:2w", "clearings.1: write a faction letter"),
        ("rootpos/1 clearings=1:m2w+roost", "clearings.1.marquise: marquise have no piece 'roost'"),
        ("rootpos/1 clearings=13:m2w", "clearings: there is no clearing 13"),
        ("rootpos/1 clearings=1:m2w;1:e1w", "clearings: clearing 1 is given twice"),
        ("rootpos/1 clearings=1:m+!", "clearings.1.marquise: a piece is a count and a name"),
        ("rootpos/1 ruins=6,x", "ruins: a whole number"),
        ("rootpos/1 hands=e=anvil", "hands: write faction:value"),
        ("rootpos/1 hands=e:hammer", "hands.eyrie: no card is called 'hammer'"),
        ("rootpos/1 hands=e:anvil.2", "hands.eyrie: 'anvil' has 1 copies, not 2"),
        ("rootpos/1 hands=e:anvil/m:anvil", "hands.marquise: every copy of 'anvil'"),
        ("rootpos/1 persistent=m:anvil", "persistent.marquise: Anvil is not a persistent card"),
        ("rootpos/1 vp=m:x", "vp.marquise: a whole number"),
        ("rootpos/1 eyrie.leader=king", "eyrie.leader: one of builder"),
        ("rootpos/1 eyrie.leader=-", "eyrie.leader: no leader only within a stack"),
        ("rootpos/1 eyrie.decree=hunt:anvil", "eyrie.decree: columns once each"),
        ("rootpos/1 eyrie.col=end eyrie.pending=anvil", "eyrie.pending: 'anvil' is not"),
        ("rootpos/1 eyrie.home=x", "eyrie.home: a whole number"),
        ("rootpos/1 marquise.leader=builder", "marquise.leader: unknown field"),
        ("rootpos/1 deck=anvil,anvil", "deck: every copy of 'anvil'"),
        ("rootpos/1 items=boot2", "items: write a count and an item"),
        ("rootpos/1 items=2boots", "items: 'boots'"),
        ("rootpos/1 dice=4-1", "dice: each roll is two dice 0-3"),
        ("rootpos/1 turn_state=Actions:1", "turn_state: 'Actions' is not a name"),
        ("rootpos/1 turn_state=actions:x", "turn_state.actions: a whole number"),
        ("rootpos/1 turn_state=seen:e", "turn_state.seen: write seen:faction=card+card"),
        ("rootpos/1 seed=1.5", "seed: a whole number"),
        ("rootpos/1 stack=[", "stack: not valid JSON"),
        ('rootpos/1 stack=[["dance",0,{}]]', "stack: 'dance' is not a kind of decision"),
        ('rootpos/1 stack=[["discard",5,{}]]', "stack: 5 is not a seat"),
        ('rootpos/1 stack=[["battle",null,{}]]', "stack: the engine cannot go on from it"),
    ],
)
def test_position_string_errors_name_the_field(text: str, message: str) -> None:
    with pytest.raises(PositionError) as info:
        from_string(text)
    assert message in str(info.value)


def test_a_record_is_written_from_the_log_as_by_replay() -> None:
    """simulate --save-dir writes records from the game's own log and turn checkpoints (no
    replay); the text is the same as the one written by replaying the game."""
    for seed in range(3):
        g = new_game(seed=seed)
        bot = RandomBot(seed)
        while not g.is_over:
            g.apply(bot.choose(g))
        assert g.checkpoints
        fast = write_record(g, date="2026-01-01")
        slow_game = g.clone()
        slow_game.checkpoints = None
        assert write_record(slow_game, date="2026-01-01") == fast
        assert replay_record(fast).hash() == g.hash()
