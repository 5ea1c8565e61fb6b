"""Issue 8: the Vagabond in the Rootlog notation (records/rootlog/vagabond.py).

His character, pawn, items (exhausted, refreshed, damaged, repaired, found in ruins, taken by
Aid, removed), quests, relationships, special actions and coalition are written in the
notation's terms; the forms people write are read; exported three- and four-player games
with each of the three characters import to the same board, score and Vagabond board at
the end of every line.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from lawkit import random_game
from rootlogkit import assert_same_board_so_far, search_events

from rootgame.cards import DECK
from rootgame.factions.vagabond import CHARACTERS, QUESTS
from rootgame.records.rootlog import (
    RootlogError,
    RootlogReplay,
    export_rootlog,
    game_turn_states,
    import_rootlog,
    parse_rootlog,
    replay_rootlog,
)
from rootgame.records.rootlog.atoms import Converter
from rootgame.records.rootlog.notation import FACTION_NAMES
from rootgame.records.rootlog.vagabond import quest_text

MEV = ("marquise", "eyrie", "vagabond")
VEA = ("vagabond", "eyrie", "alliance")
MEAV = ("marquise", "eyrie", "alliance", "vagabond")
GAMES = next(
    (p / "shared" / "rootlog" for p in Path(__file__).resolve().parents
     if (p / "shared" / "rootlog").is_dir()),
    Path(__file__).resolve().parents[2] / "shared" / "rootlog",
)


def _lines_of(text: str, letter: str) -> list[str]:
    return [ln[2:] for ln in text.splitlines()
            if ln.startswith(f"{letter}:") and not ln.startswith(f"{letter}: ")]


def _fragments(text: str, letter: str) -> list[str]:
    return [f for ln in _lines_of(text, letter) for f in ln.split("/")]


# --- Export ---------------------------------------------------------------------------------


@pytest.mark.parametrize("character", list(CHARACTERS))
def test_export_writes_the_vagabond_in_the_notation(character: str) -> None:
    """Setup: the character as a card on his board (the starting items implied), the pawn
    in a forest, the three quests drawn; then items exhausted and refreshed, Explore, Aid
    (relationship, item taken), quests completed, damage, and the special action."""
    games = [random_game(seed, factions=MEAV, character=character)
             for seed in (100, 101, 102, 103, 104)]
    texts = [export_rootlog(g) for g in games]
    frags: list[str] = []
    for text in texts:
        setup = _lines_of(text, "V")[0]
        assert re.fullmatch(
            rf"(.*->V/)?#{character}->\$/p->\d+(_\d+){{2,}}/([FMR]#[a-z]+->Q/?){{3}}", setup)
        assert "%" not in setup  # his starting items come with the character
        frags += _fragments(text, "V")[setup.count("/") + 1:]
    assert any(re.fullmatch(r"%[a-z]->e", f) for f in frags)  # exhausted
    assert any(re.fullmatch(r"\d?%[a-z](d)?->r", f) for f in frags)  # refreshed
    assert any(re.fullmatch(r"%[bfhs]\d+->\$", f) for f in frags)  # Explore
    assert any(re.fullmatch(r"\$_[CEA]->[12a]", f) for f in frags)  # Aid, relationship
    assert any(re.fullmatch(r"[BFMR]#[a-z@]+V->[CEA]", f) for f in frags)  # card given
    assert any(re.fullmatch(r"[FMR]#[a-z]+Q->\$", f) for f in frags)  # quest completed
    assert any(re.fullmatch(r"p->\d+", f) for f in frags)  # Move
    others = [f for text in texts for x in "CEA" for f in _fragments(text, x)]
    assert any(re.fullmatch(r"%[a-z]V\$->d\+[re]", f) for f in others)  # hits taken
    hist = " ".join(t for g in games for t in g.history)
    if character == "thief":
        assert "steal" in hist
        assert any(re.fullmatch(r"[BFMR]#[a-z@]+[CEA]->V", f) for f in frags)
    if character == "tinker":
        assert "day-labor" in hist
        assert any(re.fullmatch(r"[BFMR]#[a-z@]+\*->V", f) for f in frags)
    if character == "ranger":
        assert "hideout" in hist
        assert any(re.fullmatch(r"%[a-z]d[re]->s", f) for f in frags)  # repaired


def test_export_writes_the_coalition_score_marker_on_the_partners_board() -> None:
    """9.2.8: the dominance card to his board, the score marker to the partner's."""
    g = random_game(105, factions=MEAV, character="ranger")
    assert any(t.startswith("coalition") for t in g.history)
    text = export_rootlog(g)
    body = "/".join(_lines_of(text, "V"))
    # A Hostile partner becomes Indifferent (9.2.9.3.4).
    assert re.search(r"[BFMR]#domV->\$/(\$_[CEA]->0/)?\+\+->[CEA]\$", body)
    assert text.splitlines()[-1] == "Winner: EV"


def test_item_movements_name_the_side_where_it_matters() -> None:
    """Damage and repair keep an item's side, so the side it had is written ('%se->d',
    '%sde->s+r'); a flip needs no side ('%s->e'); on another's turn his board is the start
    and the side it ends on is written ('%sV$->d+e')."""
    from rootgame.records.rootlog.vagabond import change_text

    letters = ["C", "V"]
    cases = {
        ("", "r", "e"): "%s->e",
        ("", "e", "r"): "%s->r",
        ("", "e", "de"): "%se->d",
        ("", "r", "dr"): "%sr->d",
        ("", "de", "r"): "%sde->s+r",
        ("", "dr", "r"): "%sdr->s",
        ("", "de", "dr"): "%sd->r",
        ("", "e", "x"): "%se->",
        ("V", "e", "de"): "%sV$->d+e",
        ("V", "r", "dr"): "%sV$->d+r",
    }
    for (who, f, t), want in cases.items():
        assert change_text(who, letters, ("item", "sword", f, t, 1, None)) == want
    assert change_text("", letters, ("item", "tea", "x", "r", 1, ("board", 0))) == "%tC$->$"
    assert change_text("", letters, ("item", "bag", "x", "r", 1, ("ruin", 10))) == "%b10->$"
    assert change_text("", letters, ("quest", "Q", "board", 1)) == "F#errandQ->$"
    assert change_text("", letters, ("quest", "deck", "Q", 6)) == "R#errand->Q"
    assert quest_text(len(QUESTS) - 1) == "M#logs"


# --- Reading what people write --------------------------------------------------------------


def _atoms(line: str, factions: tuple[str, ...] = ("marquise", "vagabond")) -> list[tuple]:
    letters = [next(x for x, n in FACTION_NAMES.items() if n == f) for f in factions]
    rec = parse_rootlog("Map: Fall\nDeck: Standard\n"
                        + "".join(f"{x}: p{i}\n" for i, x in enumerate(letters)) + line + "\n")
    conv = Converter({x: i for i, x in enumerate(letters)}, list(factions))
    return [(a.kind, a.key, a.amount) for a in conv.line(0, rec.turns[0]).atoms]


def test_people_forms_read_as_the_engine_sees_them() -> None:
    """The forms of the specification and the real records: a side left out is either side,
    a destination without a side keeps it, '%_' is every item of an area, and Satchel and
    track are one area (a move between them is no change, ruling 78)."""
    assert _atoms("V:%r+2%f->r") == [("item", (1, "torch", "u?", "r"), 1),
                                     ("item", (1, "boot", "u?", "r"), 2)]
    assert _atoms("V:%_d->s+r") == [("item", (1, "_", "d?", "r"), 1)]
    assert _atoms("V:(%r+%t)d->s") == [("item", (1, "torch", "d?", "u="), 1),
                                       ("item", (1, "tea", "d?", "u="), 1)]
    assert _atoms("V:%ct->d+e") == [("item", (1, "coins", "u?", "de"), 1)]
    assert _atoms("V:%t->t/%bs->t/%ct->s") == []
    assert _atoms("V:%f11->$") == [("ruin", (1, 11, "boot"), 1),
                                   ("item", (1, "boot", "x", "r"), 1)]
    assert _atoms("V:%tC$->$") == [("taken", (0, "tea"), 1), ("item", (1, "tea", "x", "r"), 1)]
    assert _atoms("V:%fe->") == [("item", (1, "boot", "e", "x"), 1)]
    assert _atoms("C:(2%c+%h)V$->d") == [("item", (1, "coins", "u?", "d="), 2),
                                         ("item", (1, "hammer", "u?", "d="), 1)]
    assert _atoms("V:p->4_9_11/p->8") == [("pawn", (1, "4_9_11"), 1), ("pawn", (1, "8"), 1)]
    assert _atoms("V:#thief->$") == [("leader", (1, "thief"), 1)]
    assert _atoms("V:$_C->1/V$_C->h") == [("rel", (1, "C", "1"), 1), ("rel", (1, "C", "h"), 1)]
    quests = _atoms("V:M#Q->$/F#errandQ->$/R#guard->Q")
    assert [q[:2] for q in quests] == [("quest", (1, "Q", "board")),
                                      ("quest", (1, "Q", "board")), ("quest", (1, "deck", "Q"))]


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("C:%s->e", "the marquise have no pawn, items nor quests"),
        ("V:#adventurer->$", "the adventurer: rootgame has the Vagabond's base characters"),
        ("V:F#nosuchquestQ->$", "no quest card is called 'nosuchquest'"),
        ("V:%s->C", "an item does not go to a hand"),
        ("V:p->$", "the pawn goes to one clearing or forest"),
    ],
)
def test_vagabond_forms_rootgame_cannot_follow_are_refused_naming_why(
    line: str, needle: str
) -> None:
    with pytest.raises(RootlogError, match=re.escape(needle)):
        _atoms(line)


def test_the_vagabond_lines_of_the_real_games_are_read() -> None:
    """Every action of the Vagabond's lines in ../shared/rootlog is read; what rootgame
    cannot follow is named: the Adventurer (a character of an expansion) and the Riverfolk's
    trade posts (the E&P deck's cards are read: ``#sabo$->``)."""
    files = sorted(GAMES.glob("*.rootlog")) if GAMES.is_dir() else []
    if not files:
        pytest.skip(f"the real Rootlog games are not in {GAMES}")
    read = refused = 0
    why: set[str] = set()
    for path in files:
        rec = parse_rootlog(path.read_text(encoding="utf-8"))
        letters = list(rec.players)
        conv = Converter({x: i for i, x in enumerate(letters)},
                         [FACTION_NAMES[x] for x in letters],
                         deck=rec.setup_options()["deck"])
        for t in rec.turns:
            if t.faction != "V":
                continue
            for a in t.actions:
                try:
                    conv.action(t, 0, a)
                    read += 1
                except RootlogError as e:
                    refused += 1
                    why.add(e.problem.split(":")[0].split(" in ")[0])
    assert read > 200 and refused == 3
    assert why == {"the adventurer", "the riverfolk have no piece 't_f'"}


def test_import_of_a_real_vagabond_game_names_what_is_missing() -> None:
    """The Vagabond, the Lake map and the E&P deck are no longer among what the real records
    need; the second Vagabond (G) is."""
    path = GAMES / "2020_11_19_winter_tournament_r1g2.rootlog"
    if not path.is_file():
        pytest.skip(f"the real Rootlog games are not in {GAMES}")
    with pytest.raises(RootlogError) as e:
        import_rootlog(path.read_text(encoding="utf-8"))
    msg = str(e.value)
    assert "a second Vagabond (G)" in msg and "map" not in msg.split("; expected")[0]
    assert "(V)" not in msg.split("; expected")[0]


# --- Import and the round trip --------------------------------------------------------------


def _round_trip(factions: tuple[str, ...], seed: int, character: str,
                decisions: int | None) -> RootlogReplay:
    g = random_game(seed, decisions, factions, character)
    rep = replay_rootlog(export_rootlog(g))
    assert rep.turns == game_turn_states(g), seed
    game = rep.game
    assert game.scores == g.scores and game.winners == g.winners, seed
    v = factions.index("vagabond")
    mine, theirs = game.state.fs[v], g.state.fs[v]
    assert (mine.character, mine.pawn, mine.items, mine.rel, mine.done, mine.removed) == (
        theirs.character, theirs.pawn, theirs.items, theirs.rel, theirs.done, theirs.removed)
    assert sorted(mine.quests) == sorted(theirs.quests), seed
    assert game.state.warriors == g.state.warriors, seed
    return rep


@pytest.mark.parametrize("batch", range(4))
@pytest.mark.parametrize("character", list(CHARACTERS))
@pytest.mark.parametrize("factions", [MEV, MEAV], ids=["3p", "4p"])
def test_many_seeded_vagabond_games_round_trip_line_by_line(
    factions: tuple[str, ...], character: str, batch: int
) -> None:
    """20 seeds per mix and character, cut after 250 decisions: the setups and several
    rounds (Slip, Move, Explore, Aid, Quest, Strike, Repair, Craft, the special action,
    battles and hits, Evening rest and the item limit)."""
    for seed in range(100 + batch * 5, 105 + batch * 5):
        _round_trip(factions, seed, character, 250)


@pytest.mark.parametrize(
    ("factions", "seed", "character"),
    [(MEAV, 208, "ranger"), (MEAV, 104, "ranger"), (MEAV, 203, "thief"), (MEV, 200, "thief"),
     (MEV, 201, "ranger"), (MEV, 202, "tinker"), (VEA, 1, "tinker"), (VEA, 2, "thief"),
     (VEA, 3, "ranger"), (MEAV, 200, "tinker"), (MEAV, 101, "tinker")],
)
def test_whole_vagabond_games_round_trip(
    factions: tuple[str, ...], seed: int, character: str
) -> None:
    """Whole games, to their winner; in every four-player one a coalition forms (MEAV 104,
    203, 200 and 101 end in its win; 203 (thief) and 200 (tinker) in place of 209 and 201,
    which no longer form one since the Alliance is asked which supporters pay, ruling 434)."""
    g = random_game(seed, None, factions, character)
    assert g.is_over and any(t.startswith("coalition") for t in g.history) == (
        factions == MEAV)
    _round_trip(factions, seed, character, None)


@functools.cache
def _vea_1_tinker() -> str:
    """The export of the whole game VEA 1 (tinker), made once per test run."""
    return export_rootlog(random_game(1, None, VEA, "tinker"))


def test_2_1_a_named_draw_may_be_the_card_a_later_step_drew_from_the_same_pile() -> None:
    """Ruling 446: VEA 1 (tinker), line 133. The Eyrie's battle removes the Alliance's base
    and sympathy token in 12; the base's supporters go to the empty discard pile, and the
    Outrage for the token (the Eyrie shows her hand, ``E^A``) shuffles it into a new draw
    pile and draws the Royal Claim the record names to the supporters; the Eyrie's Evening
    draw follows, in the same path of engine steps. The engine had drawn another card for
    the Outrage and the Royal Claim for the Eyrie: the record's draw takes it from the later
    step's draw (the two drawn the other way round), where the import refused before."""
    text = _vea_1_tinker()
    line = text.splitlines()[132]
    assert re.match(r"E:.*/XA12\(2,2\)/\([^/]*B#royal[^/]*\)A\$->/.*/\(Ab_f\+At\)12->/\+\+2"
                    r"/E\^A/B#royal->A\$/\+\+2/B#woodlandrunners\+F#foxfolksteel->E$", line)
    _round_trip(VEA, 1, "tinker", None)


def test_a_dominance_card_activated_is_tried_before_the_same_card_mobilized() -> None:
    """Ruling 448: VEA 1 (tinker), line 58. The Alliance activates its bird dominance card
    (``B#domA->$/++->$``, the score marker off the track), which the record writes as it
    writes a card mobilized to the supporters (``M#codebA->$``): with the marker next in the
    line, the activation is tried before Mobilize with the same card, and the quick search
    alone replays the whole game (it had mobilized the card, stalled at the end of the turn
    without the marker and gone back elsewhere)."""
    text = _vea_1_tinker()
    assert "/R#@A->$/B#domA->$/++->$/M#travelgearA->$/" in text.splitlines()[57]
    search_events(text)  # the quick search alone: it raises when it gives up


VB_MISSES: tuple[tuple[tuple[str, ...], int, str], ...] = ()
"""Whole four-player games whose record the search does not replay yet: none known. MEAV
104 (ranger) gave up at line 146 (an Alliance draw, 'M#investments->A'); since the Revolt and
Spread Sympathy steps are asked whatever the supporters (ruling 385) that seed takes another
course and replays (it is among the whole games above, as MEAV 209 (thief) and 104 in place
of 204 and 100, which no longer form a coalition), and the game it played before is kept as
a record (tests/golden/rootlog, below), which imports since rulings 418 and 419. VEA 2 and
MEAV 201 replay since a card the record names drawn again later is spent first
(``CardIdentity.spend_cost``); MEAV 101 since a craft paid with a choice of suits (Royal
Claim) tries first the payments that leave the pieces the line's later crafts need
(``search.craft_shortage``). The capped games above all replay."""

RECORDS = Path(__file__).resolve().parent / "golden" / "rootlog"
"""Exported games kept as records: games whose seed has since taken another course (the
engine's choices changed), still worth importing as they were played."""


def _recorded(name: str, digest: str) -> tuple[str, RootlogReplay]:
    """The record ``name`` and its replay, whose board at the end of every line must be
    the exported game's (``digest``: the start of the SHA-256 of those boards as compact
    JSON, taken from ``game_turn_states`` of the game when it was exported)."""
    text = (RECORDS / f"{name}.rootlog").read_text(encoding="utf-8")
    rep = replay_rootlog(text)
    assert _boards_digest(rep) == digest, name
    return text, rep


def _boards_digest(rep: RootlogReplay) -> str:
    """The start of the SHA-256 of the replay's boards at the end of every line, as compact
    JSON (``_recorded``'s digest)."""
    boards = json.dumps([dataclasses.astuple(t) for t in rep.turns], separators=(",", ":"))
    return hashlib.sha256(boards.encode()).hexdigest()[:16]


def _quick_search_pins(
    monkeypatch: pytest.MonkeyPatch, text: str, owner: object, switch: str, digest: str,
    line: int,
) -> None:
    """The quick search alone (a budget of 1000 plus three per action, as the import's)
    imports ``text`` to the boards of ``digest`` (:func:`_boards_digest`) with
    ``owner.<switch>`` on, and refuses it at ``line`` with the switch off."""
    from rootgame.records.rootlog import parse_rootlog
    from rootgame.records.rootlog.searches import searched

    rec = parse_rootlog(text)
    budget = 1000 + 3 * sum(len(t.actions) for t in rec.turns)
    with monkeypatch.context() as m:
        m.setattr(owner, switch, True)
        assert _boards_digest(searched(rec, budget, quick=True)) == digest
    with monkeypatch.context() as m:
        m.setattr(owner, switch, False)
        with pytest.raises(RootlogError, match=rf"^line {line}, "):
            searched(rec, budget, quick=True)


def _failed_replay_without(
    monkeypatch: pytest.MonkeyPatch, text: str, owner: object, name: str, line: int,
) -> None:
    """``text`` is refused at ``line`` with ``owner.<name>`` turned off, as a course whose
    final replay fails (ruling 751: a reshuffle finding a card twice), by all the searches."""
    with monkeypatch.context() as m:
        m.setattr(owner, name, False)
        with pytest.raises(RootlogError, match=rf"^line {line}: the cards this record leaves "
                                               r"unnamed found no identities"):
            replay_rootlog(text)


def test_a_draw_is_the_first_open_draw_before_a_later_one_naming_its_card() -> None:
    """Ruling 418: a card drawn is the line's first open draw into that hand, swapped with
    the card that draw names when that card is still in the pile, before it is taken as a
    later draw naming it. MEAV 104 (ranger, as played before ruling 385; 976 decisions),
    line 146: the Alliance crafts Investments, the discard pile is shuffled for Tax
    Collector's draw ('M#investments->A/w1->'), and the engine draws Royal Claim, which the
    line names again in Evening ('B#royal+B#birdybindle->A'). Taken as the Evening draw,
    Investments never came to the hand and its mobilizing ('M#investmentsA->$') was
    unexplained (refused at line 146)."""
    text, rep = _recorded("meav-104-ranger-976", "70491d2079b40138")
    line = text.splitlines()[145]
    assert re.fullmatch(r"A:B#royal\$->/Z%c/.*/M#investments->A/w1->/.*"
                        r"/M#investmentsA->\$/.*/B#royal\+B#birdybindle->A", line), line
    hand = sorted(DECK[c].key for c in rep.game.state.seats[2].hand)
    assert hand == ["birdy-bindle", "royal-claim", "travel-gear:mouse"]
    assert rep.game.state.deck == [] and rep.game.state.discard == []
    assert rep.game.scores == [13, 5, 14, 11]


def test_a_whole_four_player_game_crafting_one_of_two_root_teas_imports() -> None:
    """MEAV 103 (thief, as played before ruling 385), refused at line 96 before
    ('M#rootteaA->$', mobilized by the Alliance): at line 91 the Alliance, given the rabbit
    Root Tea by the Eyrie ('R#rootteaE->A') and holding the mouse one, crafts a tea
    ('Z%t'). The tie-breaker spends first the tea the record does not name again before it
    is drawn again; the Eyrie's giving, already matched, counted as a later naming of the
    rabbit tea, so the mouse tea was crafted. It no longer counts: the game imports to its
    end."""
    text, rep = _recorded("meav-103-thief", "4f6a7af7ca2c4bc1")
    assert "/R#rootteaE->A/E++/Z%t/" in text.splitlines()[90]
    assert rep.game.is_over
    assert rep.game.scores == [10, 10, 23, 30] and rep.game.winners == [3]


def test_a_whole_four_player_game_with_a_reshuffled_draw_and_an_organize_imports() -> None:
    """MEAV 104 (ranger, as played before ruling 385), the last whole four-player game the
    search did not replay then. Refused at line 146 (Tax Collector's draw after a reshuffle
    taken as the Evening draw, ruling 418), then at line 181: the Alliance's
    'w7->12/w->7/w12->/t->12' (move, recruit, Organize) was taken up as a move and then a
    move back from 12 to 7 (the removal and the placement of two actions), which left
    Organize's token with no warrior to remove; the search spent its patience on the
    orders of the five cards discarded in Evening before coming back. A move taken up by
    two of the record's actions is now a tie-breaker (ruling 419): recruit and Organize
    come first. The game imports to its end: the same board at the end of every line,
    the scores 13, 31, 14, 11 and the Eyrie and the Vagabond's coalition the winners."""
    text, rep = _recorded("meav-104-ranger", "03cb5855eed3c4ce")
    assert "/w7->12/w->7/w12->/t->12/" in text.splitlines()[180]
    assert rep.game.scores == [13, 31, 14, 11] and rep.game.winners == [1, 3]
    assert rep.game.state.fs[3].pawn == 5


def test_a_record_naming_other_ruin_items_and_quests_is_followed() -> None:
    """The ruins' items and the quest deck are hidden (9.3.3-9.3.4): the import takes the
    items and quests the record names, and its game replays with them from its start."""
    g = random_game(106, 250, MEV, "thief")
    text = export_rootlog(g)
    assert re.search(r"%[bfhs]\d+->\$", text) and text.count("Q->$") == 3
    rep = replay_rootlog(text)
    again = rep.game.state.fs[2]
    assert sorted(again.quests) == sorted(g.state.fs[2].quests)
    found = [i for i, v in enumerate(rep.game.state.fs[2].items.values()) if sum(v)]
    assert found == [i for i, v in enumerate(g.state.fs[2].items.values()) if sum(v)]


def test_a_contradiction_in_his_line_is_refused_at_its_movement() -> None:
    """Explore finds one of the ruins' items (9.3.4): a crossbow found there is refused."""
    g = random_game(106, 250, MEV, "thief")
    text = export_rootlog(g)
    m = re.search(r"%[bfhs](\d+)->\$", text)
    assert m is not None
    bad = text[: m.start()] + f"%x{m.group(1)}->$" + text[m.end():]
    line = text[: m.start()].count("\n") + 1
    with pytest.raises(RootlogError) as e:
        replay_rootlog(bad)
    assert e.value.line == line


def test_a_named_starting_hand_takes_its_card_from_an_earlier_unnamed_hand() -> None:
    """Ruling 755 (appendix A step 7: each player draws five cards). Seed 1003 (the
    Marquise, the Eyrie, the Vagabond), the Marquise's and the Eyrie's lines written as
    people write them (no starting hands), the Vagabond's as exported: his starting hand is
    named at line 10 ('M#favor+F#protectionracket+B#armstrader->V'), and the set-up's shuffle
    had dealt one of those cards to an earlier, unnamed hand. The opening sought the card in
    the draw pile and the later hands only, and refused the record ('this card cannot be in
    the starting hand'); it now takes it from the unnamed hand, which takes the card dealt
    in its place: the first 17 lines import to the same pieces and scores at each."""
    from rootlogkit import as_people_write

    g = random_game(1003, None, MEV)
    lines = as_people_write(export_rootlog(g), ("vagabond",)).splitlines()
    assert lines[9].startswith("V:M#favor+F#protectionracket+B#armstrader->V/")
    rep = replay_rootlog("\n".join(lines[:17]) + "\n")
    assert_same_board_so_far(rep, g)


def test_a_card_the_tinker_takes_from_the_discard_pile_may_be_one_spent_there_by_suit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 760 (9.5.9, 9.3: the Tinker's Day Labor takes a card of his clearing's suit,
    or a bird, from the discard pile). Seed 1003 (the Marquise, the Eyrie, the Vagabond),
    the Marquise's and the Eyrie's lines written as people write them, the Vagabond's as
    exported: the Eyrie adds a mouse to the Decree by its suit at line 13 ('M#E->$_m',
    the mouse Root Tea of her unnamed starting hand) and discards it in her turmoil; the
    Tinker takes it by name at line 18 ('M#roottea*->V'). The import had spent another
    mouse there, and the discard pile held no Root Tea: refused at line 18. The mouse
    spent there is now taken to have been the card named, and the whole game imports to
    the same pieces and scores at every line; with the ruling off, its first 19 lines are
    refused at line 18."""
    from rootlogkit import as_people_write, assert_replays_the_game, refused_without

    from rootgame.records.rootlog import piles

    g = random_game(1003, None, MEV)
    lines = as_people_write(export_rootlog(g), ("vagabond",)).splitlines()
    assert lines[12].startswith("E:F#E->$_r/M#E->$_m/--2/$_->/")
    assert "/M#roottea*->V/" in lines[17]
    assert_replays_the_game(replay_rootlog("\n".join(lines) + "\n"), g)
    refused_without(monkeypatch, "\n".join(lines[:19]) + "\n", "DISCARD_TAKEN", False, 18,
                    piles)


def _mev_people(seed: int) -> tuple[Any, list[str]]:
    """The whole Marquise-Eyrie-Vagabond game of ``seed`` and its record, the Marquise's
    and the Eyrie's lines written as people write them, the Vagabond's as exported."""
    from rootlogkit import as_people_write

    g = random_game(seed, None, MEV)
    return g, as_people_write(export_rootlog(g), ("vagabond",)).splitlines()


def _first_lines_need(
    monkeypatch: pytest.MonkeyPatch, g: Any, lines: list[str], n: int, owner: object,
    name: str, line: int,
) -> None:
    """The first ``n`` of ``lines`` (the record of ``g``) import to the same board at every
    line, and are refused at ``line`` with ``owner.<name>`` (a ruling's switch) off."""
    from rootlogkit import imports_and_needs

    imports_and_needs(monkeypatch, g, "\n".join(lines[:n]) + "\n", owner, name, line)


def test_3_3_3_a_card_spent_by_its_suit_only_is_never_a_dominance_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 790 (3.3.3: a dominance card discarded or spent goes beside the board; rulings
    770-771: people write a dominance card by name wherever it goes). Seed 1001 (the
    Marquise, the Eyrie, the Vagabond): the Eyrie adds her Tax Collector, drawn unnamed, to
    the Decree by its suit at line 22 ('F#E->$_b'); the search had made that draw the fox
    dominance card, which her turmoil at line 26 put beside the board, and the Vagabond's
    named draw of it at line 28 ('F#dom->V') exchanged it with the fox ambush of the draw
    pile, left beside the board in its place: the final replay, which discards the ambush
    in the turmoil, was refused at the reshuffle of line 60. A card written by its suit
    only is no longer a dominance card: the first 61 lines import to the same board; with
    the ruling off they are refused at line 60."""
    from rootgame.records.rootlog import cards

    g, lines = _mev_people(1001)
    assert lines[21].startswith("E:F#E->$_b/") and "/F#dom->V/" in lines[27]
    # Without it refused at line 28 since rulings 780-788 (the Vagabond's named take of
    # the fox dominance card); at line 60 (the shuffle) before.
    _first_lines_need(monkeypatch, g, lines, 61, cards, "SUIT_NOT_DOMINANCE", 28)


def test_a_card_the_tinker_takes_may_be_one_spent_by_suit_before_the_last_shuffle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 791 (9.5.9, 9.3 the Tinker's Day Labor; 2.1; ruling 760). Seed 1001: the
    Eyrie draws Mouse-in-a-Sack unnamed at line 54, adds it to the Decree by its suit at
    line 58 ('M#E->$_m'), the draw pile is shuffled at line 60 and her turmoil at line 62
    discards the Decree; the Tinker takes the card by name from the discard pile at line
    64 ('M#mouseinasack*->V'). Ruling 760 left such a card, spent in an earlier pile's time,
    alone: the Day Labor was refused. It now takes the card named along the shortest cycle
    of places of its own time and every later one (the Marquise's unnamed draw of that time
    holding it takes the card spent): the whole game imports to the same board at every
    line; with the ruling off its first 65 lines are refused at line 64."""
    from rootlogkit import assert_replays_the_game, refused_without

    from rootgame.records.rootlog import piles

    g, lines = _mev_people(1001)
    assert lines[57].startswith("E:M#E->$_m/") and "/M#mouseinasack*->V/" in lines[63]
    assert_replays_the_game(replay_rootlog("\n".join(lines) + "\n"), g)
    refused_without(monkeypatch, "\n".join(lines[:65]) + "\n", "EARLIER_TAKEN", False, 64,
                    piles)


def test_a_card_the_tinker_takes_may_be_one_the_decree_holds_by_suit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 141 (9.5.9, 9.3 the Tinker's Day Labor; 7.5.1; 2.1; rulings 760, 791). Seed
    1003 with the four factions, written as people write it (the supporters too), kept as
    a record of its first 71 lines: the Tinker takes the Arms Trader from the discard pile
    at line 71 ('B#armstrader*->V'). The search had made it the Eyrie's unnamed draw of
    line 59, added to the Decree by its suit at line 64 ('B#E->$_m'), and the Marquise's
    bird spent by its suit at line 67 ('B#C->') the Sappers, a card of the same pile's
    time: no cycle of ruling 760 reaches a Decree card, and the Day Labor was refused. The
    Decree card and the discarded bird now exchange places: the record imports to the same
    board at every line; with the ruling off it is refused at line 71."""
    from rootlogkit import refused_without

    from rootgame.records.rootlog import piles

    text, _ = _recorded("meav-1003-people-71", "6049c5fd56ac5014")
    lines = text.splitlines()
    assert lines[63].startswith("E:B#E->$_m/") and "/B#C->/" in lines[66]
    assert "/B#armstrader*->V/" in lines[70]
    refused_without(monkeypatch, text, "DECREE_TAKEN", False, 71, piles)


def test_8_5_2_a_named_card_a_later_mobilize_may_take_is_not_mobilized_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 966 (8.5.2 Mobilize, 8.2.3, 8.2.4; rulings 782, 141). Seed 1003 with the four
    factions, written as people write it (the supporters too), kept as a record of its
    first 90 lines: the Alliance takes the mouse dominance card by name at line 70 and
    mobilizes a card unnamed ('M#dom->A/B#A->/#A->$'), mobilizes four more unnamed at line
    85 ('#A->$' four times) and spends the dominance card from the supporters by name at
    line 90 ('M#dom$->'). Ruling 782 mobilized the dominance card at line 70, where the
    record next names it leaving the supporters; the hand's unnamed draw stayed in the hand,
    and the fox base removed at line 71 found no supporter that could be the fox Root Tea it
    discards by name ('(F#@+F#foxfolksteel+F#roottea)A$->'): every search was refused at
    line 71 (the first 89 lines import). A later unnamed Mobilize before that naming may
    take the card as well: ruling 782 no longer takes it first then. The first search now
    gets through line 71 to line 90, where, without ruling 967, it is refused for another
    reason (the second mouse of the supporters); with the ruling off, at line 71."""
    from rootgame.records.rootlog import alike, parse_rootlog, swaps
    from rootgame.records.rootlog.searches import searched

    text = (RECORDS / "meav-1003-people-90.rootlog").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert "/M#dom->A/B#A->/#A->$/" in lines[69] and lines[84].count("#A->$") == 4
    assert lines[89].startswith("A:M#$->/M#dom$->/")
    rec = parse_rootlog(text)
    monkeypatch.setattr(swaps, "MOBILIZED_HELD", False)
    with pytest.raises(RootlogError) as refused:
        searched(rec, 600, quick=True)
    assert refused.value.line == 90
    monkeypatch.setattr(alike, "MOVED_LATER", False)
    with pytest.raises(RootlogError) as refused:
        searched(rec, 600, quick=True)
    assert refused.value.line == 71


def test_8_5_2_an_unnamed_mobilize_may_have_taken_the_hands_other_unnamed_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 967 (8.5.2 Mobilize, 8.5.3, 2.1; rulings 966, 972). Seed 1003 with the four
    factions, written as people write it (the supporters too), first 90 lines: the Alliance
    draws unnamed at line 80 ('#->A', in the game the mouse Scouting Party, of the pile
    shuffled at line 74), mobilizes four of its five cards unnamed at line 85 ('#A->$'
    four times), and at line 90 revolts with two mice from the supporters
    ('M#$->/M#dom$->'). The search mobilized the hand's four other cards, draws of the
    earlier pile, which no exchange of that pile's time makes a mouse, and kept the draw of
    line 80 in the hand: the supporters held one mouse and the revolt was refused. Either
    card may have been mobilized: the draw of line 80 now takes a mobilized card's place
    and is given the mouse, that card stays in the hand. The quick search imports the
    record to the game's board at every line; with the ruling off it is refused at line
    90."""
    from rootgame.records.rootlog import swaps

    text = (RECORDS / "meav-1003-people-90.rootlog").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[79].endswith("/#->A") and lines[84].count("#A->$") == 4
    assert lines[89].startswith("A:M#$->/M#dom$->/")
    _quick_search_pins(monkeypatch, text, swaps, "MOBILIZED_HELD", "ece9912a19cbd921", 90)


def test_2_1_a_card_named_once_and_drawn_again_unnamed_may_be_taken_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 191 (2.1; 7.5.3 Aid; 8.2.1 the Decree; rulings 428, 545, 622). Seed 1011 with
    the four factions, written as people write it (the supporters too), kept as a record of
    its first 64 lines: the Vagabond gives the Eyrie Stand and Deliver by name at line 51
    ('F#standV->E'); at line 54 she adds a fox to the Decree by its suit ('F#E->$_x'), in
    the game Stand and Deliver; at line 64 she adds a bird and a rabbit ('B#E->$_r/R#E->$_r'),
    her unnamed draws of lines 54 and 59. The search had added her unnamed draw of line 49,
    whose card it made the Favor of the Foxes, a card the record named at line 21 before the
    pile was shuffled: rulings 428 and 545 never took such a card back, and line 64 lacked a
    card. The record now imports to the game's board at every line; with the ruling off it
    is refused (at line 64 by the whole import; the first two searches alone, as
    ``refused_without`` runs them, give up with the second search's error, at line 49)."""
    from rootlogkit import refused_without

    from rootgame.records.rootlog import respends

    text, _ = _recorded("meav-1011-people-64", "f068f8c1fb898679")
    lines = text.splitlines()
    assert "/F#standV->E/" in lines[50] and "/F#favor->V" in lines[20]
    assert lines[53].startswith("E:F#E->$_x/") and lines[63].startswith("E:B#E->$_r/R#E->$_r/")
    refused_without(monkeypatch, text, "REDRAWN_RESPENT", False, 49, respends)


def test_2_1_a_card_named_drawn_may_have_been_shuffled_in_spent_by_its_suit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 792 (2.1: the discard pile shuffled into a new draw pile). Seed 1006: the
    Eyrie draws a Cobbler unnamed at line 14 and adds it to the Decree by its suit at line
    18 ('R#E->$_x'); the draw pile is shuffled at line 53, and the Vagabond's quest draws
    it by name at line 64 ('R#cob+M#mouseinasack->V'). No Cobbler was in the present pile
    (the search had given the Eyrie's draw another rabbit), so the engine's second card was
    taken as the line's later Evening draw ('B#royal->V'), and the Cobbler was never drawn.
    A card of the pile standing for a spending by suit of an earlier pile's time now takes
    the card named along a cycle of that time, before a later draw is tried: the first 65
    lines import to the same board; with the ruling off they are refused at line 64."""
    from rootgame.records.rootlog import piles

    g, lines = _mev_people(1006)
    assert lines[17].startswith("E:R#E->$_x/") and "/R#cob+M#mouseinasack->V/" in lines[63]
    _first_lines_need(monkeypatch, g, lines, 65, piles, "SHUFFLED_IN_DRAWN", 64)


def test_2_1_the_first_draws_card_is_sought_in_its_pile_before_a_later_draw_takes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 793 (2.1; rulings 410, 418). Seed 1006: the Marquise draws the Arms Trader
    unnamed at line 49 and discards it by its suit at line 57, after a shuffle; the pile is
    shuffled again at line 89, and the Vagabond's quest draws it by name at line 104
    ('B#armstrader+M#@->V'). The search had given an unnamed draw of the present pile the
    Arms Trader and spent it by suit: the engine's card was taken as the line's later
    Evening draw, and the quest's card was never drawn. The first draw's card is now sought
    along a cycle of the present pile's time (ruling 410) before a later draw is tried: the
    whole game imports to the same board at every line; with the ruling off its first 105
    lines are refused (where the import puts it, line 64)."""
    from rootlogkit import assert_replays_the_game, refused_without

    from rootgame.records.rootlog import draws

    g, lines = _mev_people(1006)
    assert "/B#armstrader+M#@->V/" in lines[103]
    assert_replays_the_game(replay_rootlog("\n".join(lines) + "\n"), g)
    refused_without(monkeypatch, "\n".join(lines[:105]) + "\n", "FIRST_DRAW_FIRST", False,
                    64, draws)


def test_the_vagabonds_lines_as_people_write_them() -> None:
    """Ruling 794 (issue 15; the real records write ``2#->V``, ``#V->``): the people-style
    rewriting (``as_people_write``) writes the Vagabond's lines too: no starting hand, his
    draws unnamed (the Evening's, a quest's two cards: ``2#->V``) and his discards by suit
    only (``R#V->``); what he gives by Aid, takes by Steal or Day Labor, takes from beside
    the board and his quests stay named, and ``keep=("vagabond",)`` leaves his lines as
    exported. Seed 1013's whole game so written imports to the same board at every line."""
    from rootlogkit import as_people_write, assert_replays_the_game

    g = random_game(1006, None, MEV)
    exported = export_rootlog(g)
    kept = as_people_write(exported, ("vagabond",))
    assert _lines_of(kept, "V") == _lines_of(exported, "V")
    lines = as_people_write(exported).splitlines()
    assert lines[9] == "V:#thief->$/p->4_7_8_12/F#errand->Q/F#shed->Q/M#bear->Q"
    assert lines[31] == "V:p->4/F#dom->V/F#V->/M#dom->V/M#V->/#->V/B#V->"
    assert "/M#guardQ->$/2#->V/F#logs->Q/B#brutalV->C/" in lines[63]
    assert "/F#standC->V/" in lines[35] and lines[63].endswith("/%tC$->$/#->V")
    g = random_game(1013, None, MEV)
    assert_replays_the_game(replay_rootlog(as_people_write(export_rootlog(g))), g)


def test_a_card_taken_from_the_discard_pile_first_thing_is_sought_before_birdsong_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 795 (9.5.9, 9.3 the Tinker's Day Labor; rulings 760, 791). Seed 1019 written
    as people write it (the Vagabond's lines too, ruling 794): the Eyrie adds the mouse
    ambush to the Decree by its suit at line 66 ('M#E->$_b'), her turmoil discards it, and
    the Tinker's first action at line 68, straight after his Birdsong, takes it by name
    ('%f->r/%b->r/%r->r/M#@*->V'). Ruling 760's exchange ran at a decision offering a Day
    Labor, which the search reaches here only inside the silent Birdsong 'pass' (no state
    of its own): it never ran, and the search went on without the Day Labor until it gave
    up. The card the line's next movement takes from the discard pile is now sought there
    already at the Birdsong decision: the whole game imports to the same board at every
    line (1 s); with the ruling off its first 78 lines are refused at line 68."""
    from rootlogkit import as_people_write, assert_replays_the_game, refused_without

    from rootgame.records.rootlog import piles

    g = random_game(1019, None, MEV)
    lines = as_people_write(export_rootlog(g)).splitlines()
    assert lines[65].startswith("E:M#E->$_b/") and lines[67].startswith(
        "V:%f->r/%b->r/%r->r/M#@*->V/")
    assert_replays_the_game(replay_rootlog("\n".join(lines) + "\n"), g)
    refused_without(monkeypatch, "\n".join(lines[:78]) + "\n", "BIRDSONG_TAKEN", False, 68,
                    piles)


def test_4_1_a_card_crafted_by_its_item_only_later_keeps_a_card_of_that_item_from_a_spending(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 840 (4.1: a craft spends a card of the item; 2.1). Seed 1003 (the Marquise,
    the Eyrie, the Vagabond) written as people write it, the Vagabond's lines too: the
    Tinker gives the Marquise the rabbit Root Tea by name at line 34 ('R#rootteaV->C'), she
    discards four rabbits by their suit at line 36 ('R#C->') and crafts a Root Tea by its
    item at line 40 ('Z%t'). The record never names the rabbit Root Tea again, so the
    search spent it first at line 36 and crafted her unnamed fox Root Tea at line 40: the
    card the Vagabond had drawn unnamed at line 30 and gives her by name at line 46
    ('F#rootteaV->C'), which every search then failed. A later craft by its item only now
    counts as a naming of each card that makes the item: the whole game imports to the
    same board at every line; with the ruling off its first 47 lines are refused at line
    46."""
    from rootlogkit import as_people_write, assert_replays_the_game, refused_without

    g = random_game(1003, None, MEV)
    lines = as_people_write(export_rootlog(g)).splitlines()
    assert "/R#rootteaV->C/" in lines[33] and "/Z%t/" in lines[39]
    assert "/F#rootteaV->C/" in lines[45]
    assert_replays_the_game(replay_rootlog("\n".join(lines) + "\n"), g)
    refused_without(monkeypatch, "\n".join(lines[:47]) + "\n", "alike_crafted", False, 46)


def test_2_1_a_card_named_drawn_may_be_a_present_draw_the_search_held_from_an_earlier_pile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 841 (2.1: the discard pile shuffled into a new draw pile). Seed 1004 with the
    four factions, written as people write it (the supporters too): the Alliance draws the
    Gently Used Knapsack unnamed at line 57 and spends it by its suit at line 62
    ('F#A->'); the pile is shuffled and the Vagabond draws it by name at line 79
    ('F#gentlyusedknapsack->V'). The search had made the knapsack a card the Alliance
    drew before the shuffle and mobilized unnamed, and spent another fox there, which
    the Eyrie then drew unnamed from the new pile: the pile lacked the knapsack and no
    exchange of one pile's time gave it. The two unnamed draws, each allowed by all the
    record wrote of the other, are now exchanged for the whole game, and the named draw
    takes the Eyrie's: the first 80 lines import to the same board at every line; with
    the ruling off they are refused at line 79. The seed has since taken another course
    (ruling 189 opened Repair and Hideout in a forest): its first 80 lines are kept as a
    record, with the digest of the game's boards as it was played."""
    from rootlogkit import refused_without

    from rootgame.records.rootlog import piles

    text, _ = _recorded("meav-1004-people-80", "795d4035671eb631")
    lines = text.splitlines()
    assert "/F#A->/" in lines[61] and lines[78].endswith("/F#gentlyusedknapsack->V")
    refused_without(monkeypatch, text, "HELD_ACROSS_DRAWN", False, 79, piles)


def test_2_1_a_card_a_cycle_puts_back_in_the_pile_stands_again_for_its_spending(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 996 (2.1: the discard pile shuffled into a new draw pile; 9.2.4, the
    Vagabond's Evening draw). Seed 1004 with the four factions (the Ranger), written as
    people write it (the supporters too), kept as a record of its first 84 lines: the
    Vagabond draws a Cobbler by name at line 64 ('R#cob->V'); in the game it was the
    Eyrie's, added to the Decree at line 16 and shuffled into the pile of line 47. The
    quick search had drawn the Better Burrow Bank, a rabbit the Eyrie spent by its suit in
    the first pile's time, from the new pile unnamed, and a cycle of the new pile's time
    (ruling 422) then gave that draw another card and put the Bank back in the pile, its
    earlier time left among the times it had been drawn since (``Pos.past``) instead of
    the card it stood for in the pile (``Pos.loose``): ruling 792's exchange, which gives a
    named draw such a card of the pile, never saw it, both Cobblers were spent by suit
    before line 64, and the quick search gave up there. The card now stands again for its
    spending: the quick search imports the 84 lines to the game's board at every line;
    with the ruling off it is refused at line 64."""
    from rootgame.records.rootlog import exchanges

    text = (RECORDS / "meav-1004-people-84.rootlog").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[15].startswith("E:R#E->$_x/R#E->$_x/") and lines[63].endswith("/%r->e/R#cob->V")
    _quick_search_pins(monkeypatch, text, exchanges, "RESTANDS", "4158c07e953754f6", 64)


def test_2_1_a_card_named_drawn_may_be_a_present_draw_the_search_spent_across_a_shuffle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 997 (2.1: the discard pile shuffled into a new draw pile; 9.2.4, the
    Vagabond's Evening draw; 3.3.3, a dominance card taken by spending a card of its
    suit). Seed 1001 with the four factions, written as people write it (the supporters
    too), kept as a record of its first 74 lines: the Alliance takes the rabbit dominance
    card at line 49 by spending a bird by its suit ('R#dom->A/B#A->'), the Sappers, and
    draws four cards unnamed; the pile is shuffled at line 55 and the Vagabond draws the
    Sappers by name at line 65 ('B#sap->V'). The quick search had made the Sappers the
    supporter the Alliance drew unnamed by Outrage at line 51 and spent by its suit after
    the shuffle, and the bird spent at line 49 the Brutal Tactics (drawn at line 44), which
    the Alliance drew again unnamed from the new pile at line 59: the pile lacked the
    Sappers, and ruling 841 exchanges only a card held across the shuffle. The two cards
    are now exchanged from the earlier pile's time on and the named draw takes the
    Alliance's: the quick search imports the 74 lines to the game's board at every line;
    with the ruling off (as it lands, ``piles.SPENT_ACROSS_DRAWN``) it is refused at line
    65."""
    from rootgame.records.rootlog import piles

    text = (RECORDS / "meav-1001-people-74.rootlog").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert "/R#dom->A/B#A->/" in lines[48] and "/p->4_7_8_12/B#sap->V/" in lines[64]
    _quick_search_pins(monkeypatch, text, piles, "SPENT_ACROSS_DRAWN", "6279cd48b5908e03", 65)


def test_2_1_a_named_draw_taking_an_unnamed_draw_of_the_same_step_renames_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 984 (2.1: one draw pile, each card in it once). Seed 1002 with the four
    factions, written as people write it (the supporters too), kept as a record of its first
    160 lines: in one step two hands draw, the first unnamed and the second naming a card;
    the engine drew the card named into the first hand, and the two were exchanged (the
    draws the other way round). The first draw kept the card it had as its name for the
    final replay, so that the pile's card stood for both draws there and the replay's
    reshuffle at line 149 found it twice. The first 156 lines now import to the same board
    at every line; with the ruling off they are refused at line 149."""
    from rootlogkit import refused_at_a_failed_replay

    from rootgame.records.rootlog import draws

    full = (RECORDS / "meav-1002-people-160.rootlog").read_text(encoding="utf-8")
    text = "\n".join(full.splitlines()[:156]) + "\n"
    # A course found whose final replay fails is refused at once (ruling 800 off: faster).
    refused_at_a_failed_replay(monkeypatch)
    assert _boards_digest(replay_rootlog(text)) == "8289011e069559ac"
    # (All the searches: the first two give up at line 36.)
    _failed_replay_without(monkeypatch, text, draws, "SAME_STEP_RENAMED", 149)


def test_2_1_a_card_the_record_named_is_never_exchanged_for_the_whole_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 983 (2.1; ruling 841). The same record's first 160 lines: a draw named at line
    131 whose card the present pile lacked took it by ruling 841's exchange for the whole
    game, which did not know the cards the record had named and exchanged the Ambush, named
    in a draw of a later pile's time, with the Travel Gear: the named draw kept the
    Ambush, another draw of that pile's time was given it too, and the final replay's
    reshuffle at line 131 found the Ambush twice and the Travel Gear nowhere. With the
    record's named cards known no such course is found: the import is refused further on,
    at line 160 (an Ambush question no movement of the line explains), not at line 131
    (with ruling 137 off, which imports the 160 lines)."""
    from rootlogkit import refused_at_a_failed_replay

    from rootgame.records.rootlog import piles, swaps

    text = (RECORDS / "meav-1002-people-160.rootlog").read_text(encoding="utf-8")
    # A course found whose final replay fails is refused at once (ruling 800 off: faster).
    refused_at_a_failed_replay(monkeypatch)
    monkeypatch.setattr(swaps, "HELD_SWAPPED", False)
    with pytest.raises(RootlogError, match=r"^line 160, column 41: no legal action"):
        replay_rootlog(text)
    _failed_replay_without(monkeypatch, text, piles, "HELD_ACROSS_FIXED", 131)


def test_2_1_two_cards_held_at_once_may_have_been_spent_the_other_way_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 137 (2.1; rulings 940, 983). The same record's first 160 lines: the Alliance
    draws the Travel Gear unnamed at line 154 and takes the fox Ambush by name by the
    Vagabond's Aid at line 155 ('F#@V->A'); at line 159 it trains with a fox ('F#A->') and
    mobilizes a card unnamed ('#A->$'), and its Evening draw reshuffles the pile, leaving
    one card, which the Vagabond draws by name at line 160 ('F#travelgear->V'). Every
    search had trained with the Ambush and mobilized the Travel Gear: the pile's last card
    was the Ambush. The hand held both from line 155 on and the record names neither
    since, each spending allowing the other: the two may have been spent the other way
    round (``swaps.held_swap``), and the 160 lines import to the game's board at every
    line; with the ruling off they are refused at line 160."""
    from rootlogkit import refused_at_a_failed_replay

    from rootgame.records.rootlog import swaps

    text = (RECORDS / "meav-1002-people-160.rootlog").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert "/F#@V->A/" in lines[154] and "/F#A->/" in lines[158]
    assert lines[159].endswith("/F#travelgear->V")
    # A course found whose final replay fails is refused at once (ruling 800 off: faster).
    refused_at_a_failed_replay(monkeypatch)
    assert _boards_digest(replay_rootlog(text)) == "dbbcfd77ef02e814"
    monkeypatch.setattr(swaps, "HELD_SWAPPED", False)
    with pytest.raises(RootlogError, match=r"^line 160, column 41: no legal action"):
        replay_rootlog(text)


def test_2_1_a_card_put_among_the_supporters_may_have_been_the_one_spent_into_the_pile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 972 (2.1, 8.2.3; rulings 137, 571). Seed 1002 with the four factions,
    people-style, kept as a record of its first 174 lines: the Alliance took the Foxfolk
    Steel by Aid at line 155, crafted it at line 159 (``Z%s``) and drew it back unnamed from
    the pile shuffled then; at line 164 it mobilized a card unnamed (``#A->$``) and
    discarded a fox (``F#A->``), and the Vagabond draws the Foxfolk Steel by name from the
    pile shuffled at line 169 (``F#foxfolksteel->V``). The search had mobilized the Foxfolk
    Steel and discarded another unnamed fox draw: the two may have gone the other way round
    (``swaps.held_respent``), and the 174 lines import to the game's board at every line;
    with the ruling off they are refused at line 170."""
    from rootgame.records.rootlog import swaps

    text, _ = _recorded("meav-1002-people-174", "40342887a83e7be2")
    lines = text.splitlines()
    assert "/#A->$/" in lines[163] and "/F#A->/" in lines[163]
    assert lines[169].endswith("/F#foxfolksteel->V")
    monkeypatch.setattr(swaps, "HELD_RESPENT", False)
    with pytest.raises(RootlogError, match=r"^line 170, column 49: no legal action"):
        replay_rootlog(text)
