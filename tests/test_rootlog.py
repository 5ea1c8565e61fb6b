"""Issue 3, item 5: the Rootlog notation (records/rootlog.py).

The parser reads every line of the five real games in ../shared/rootlog; tricky fragments
give exact structures; errors name the line and column; exported games parse back; importing
an exported game reproduces the board and score at the end of every turn; arbitrary text
never raises anything but RootlogError.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lawkit import random_game

from rootgame import new_game
from rootgame.board import load_board
from rootgame.cards import DECK
from rootgame.game import replay
from rootgame.records.rootlog import (
    Battle,
    BoardField,
    Card,
    Craft,
    Expose,
    Flip,
    Hireling,
    Item,
    Move,
    Piece,
    Place,
    Reveal,
    RootlogError,
    Score,
    ScoreMarker,
    Term,
    Trick,
    card_text,
    export_rootlog,
    game_turn_states,
    import_rootlog,
    parse_action,
    parse_rootlog,
    replay_rootlog,
)

GAMES = next(
    (p / "shared" / "rootlog" for p in Path(__file__).resolve().parents
     if (p / "shared" / "rootlog").is_dir()),
    Path(__file__).resolve().parents[2] / "shared" / "rootlog",
)
"""../shared/rootlog beside the checkout (found from a worktree too)."""
GAME_FILES = sorted(GAMES.glob("*.rootlog")) if GAMES.is_dir() else []


def _games() -> list[Path]:
    if not GAME_FILES:
        pytest.skip(f"the real Rootlog games are not in {GAMES}")
    return GAME_FILES


# --- The real games -----------------------------------------------------------------------


def test_the_five_real_games_are_there() -> None:
    assert len(_games()) == 5


@pytest.mark.parametrize("name", [p.name for p in GAME_FILES] or ["(missing)"])
def test_real_game_parses_with_no_line_skipped(name: str) -> None:
    path = GAMES / name
    if not path.is_file():
        pytest.skip(f"the real Rootlog games are not in {GAMES}")
    text = path.read_text(encoding="utf-8")
    game = parse_rootlog(text)
    # Every line that is not blank or only a comment is a header, a player, a turn or the
    # winner: count them all back.
    content = [
        (n, ln.split("//")[0].strip())
        for n, ln in enumerate(text.splitlines(), start=1)
        if ln.split("//")[0].strip()
    ]
    headers = [n for n, ln in content if ln.split(":")[0] in ("Map", "Deck", "Clearings", "Pool")]
    winner = [n for n, ln in content if ln.startswith("Winner:")]
    assert len(content) == len(headers) + len(game.players) + len(game.turns) + len(winner)
    assert [t.line for t in game.turns] == [
        n for n, ln in content if n not in headers and n not in winner and ": " not in ln[:3]
    ]
    # Every action between the slashes is one parsed action, in order.
    lines = text.splitlines()
    for t in game.turns:
        body = lines[t.line - 1].split("//")[0].strip()[2:]
        frags = [f.strip() for f in re.split(r"[/;]", body) if f.strip()]
        assert [a.text for a in t.actions] == frags
    assert game.deck == "E&P"
    assert len(game.players) == 4
    assert all(t.setup == (t is next(x for x in game.turns if x.faction == t.faction))
               for t in game.turns)


def test_real_fall_game_header_and_first_turns() -> None:
    path = GAMES / "2020_11_24_winter_tournament_r2g4.rootlog"
    if not path.is_file():
        pytest.skip(f"the real Rootlog games are not in {GAMES}")
    game = parse_rootlog(path.read_text(encoding="utf-8"))
    assert (game.map, game.deck, game.clearings, game.pool) == ("Fall", "E&P", None, "CDOPA")
    assert game.players == {"A": "Guerric", "P": "Justin", "O": "Billy", "C": "Edu"}
    assert game.winner == "C"
    assert [t.faction for t in game.turns[:5]] == ["C", "A", "O", "P", "C"]
    setup = game.turns[0]
    assert setup.setup and setup.line == 15
    assert setup.actions[0] == Move((Term(1, Piece(None, "t", "k")),), (Place.clearing(2),))
    assert setup.actions[-1] == Move(
        (Term(1, Piece(None, "w")),),
        tuple(Place.clearing(c) for c in (1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12)),
    )
    assert not game.turns[4].setup
    assert game.turns[4].actions[:2] == [
        Move((Term(3, Piece(None, "w")),), (Place.board("O"),)),
        Move((Term(1, Card("B"), Place.hand("O")),), (Place.hand("C"),)),
    ]
    assert game.turns[-1].comment is not None and "Bird spent" in game.turns[-1].comment


def test_real_winter_game_clearings_and_coalition_winner() -> None:
    path = GAMES / "2020_11_19_winter_tournament_r1g2.rootlog"
    if not path.is_file():
        pytest.skip(f"the real Rootlog games are not in {GAMES}")
    game = parse_rootlog(path.read_text(encoding="utf-8"))
    assert game.map == "Lake"
    assert game.clearings == ("F", "R", "M", "R", "F", "M", "M", "R", "F", "M", "R", "F")
    assert game.winner == "CG"


REAL_NEEDS = {
    "2020_11_08_mega_exploding_birds": ["the Corvid Conspiracy (P)",
                                        "the Riverfolk Company (O)",
                                        "the Vagabond's character the Adventurer"],
    "2020_11_19_winter_tournament_r1g2": ["a second Vagabond (G)"],
    "2020_11_20_winter_tournament_r1g5": ["the Corvid Conspiracy (P)",
                                          "the Underground Duchy (D)"],
    "2020_11_24_winter_tournament_r2g4": ["the Corvid Conspiracy (P)",
                                          "the Riverfolk Company (O)"],
    "2020_12_05_after_dark_special": ["the Riverfolk Company (O)", "the Underground Duchy (D)",
                                      "the Corvid Conspiracy (P)"],
}
"""What rootgame lacks for each real game (docs/rootlog.md, the table of the real games)."""


def test_real_games_set_up_their_map_deck_and_suits_and_name_exactly_what_is_missing() -> None:
    """Issue 9: each real game's header sets up a game on its map, with its deck and clearing
    suits. Issue 15: its import goes as far as rootgame's factions allow: every real game
    seats a faction rootgame does not have yet, so each is refused at the header, in one line
    naming exactly what it lacks (factions, a Vagabond character) and nothing else: their
    maps, the E&P deck and their suits are no longer refused."""
    files = _games()
    assert sorted(p.stem for p in files) == sorted(REAL_NEEDS), GAMES
    for path in files:
        text = path.read_text(encoding="utf-8")
        rec = parse_rootlog(text)
        opts = rec.setup_options()
        g = new_game(["marquise", "eyrie", "alliance", "vagabond"], seed=1, **opts)
        assert g.state.shared_deck == "exiles" and g.state.map == opts["map"], path.name
        suits = load_board(g.state.map, g.state.suits).suit[1:]
        want = rec.clearings or tuple(s[0].upper() for s in load_board("autumn").suit[1:])
        assert tuple(s[0].upper() for s in suits) == tuple(want), path.name
        with pytest.raises(RootlogError) as e:
            import_rootlog(text)
        msg = str(e.value).split("; expected")[0]
        needs = msg.split("rootgame does not have yet what this record needs: ")[1]
        assert "\n" not in msg and "import" not in needs and "map" not in needs, msg
        assert re.sub(r" \(#\w+->\$\)", "", needs).split(", ") == REAL_NEEDS[path.stem], msg
        first = min(rec.header_lines[x] for x in "CEAVGLODPHK" if x in rec.header_lines
                    and x not in "CEAV")
        assert e.value.line == first


# --- Tricky fragments --------------------------------------------------------------------


C3 = Place.clearing(3)

FRAGMENTS: list[tuple[str, object]] = [
    (
        "(w+2Cw+Cb_s)3->",
        Move((Term(1, Piece(None, "w"), C3), Term(2, Piece("C", "w"), C3),
              Term(1, Piece("C", "b", "s"), C3))),
    ),
    ("#->C", Move((Term(1, Card()),), (Place.hand("C"),))),
    ("XC3(2,0)", Battle(None, "C", 3, (), (2, 0))),
    ("B#E->$_r", Move((Term(1, Card("B"), Place.hand("E")),), (Place("field", name="r"),))),
    ("%s12->$", Move((Term(1, Item("s"), Place.clearing(12)),), (Place.board(),))),
    ("++->E$", ScoreMarker(None, Place.board("E"))),
    ("2Dw3->5", Move((Term(2, Piece("D", "w"), C3),), (Place.clearing(5),))),
    ("w->3+11", Move((Term(1, Piece(None, "w")),), (C3, Place.clearing(11)))),
    ("F#C->", Move((Term(1, Card("F"), Place.hand("C")),))),
    (
        "(2F+M)#C->",
        Move((Term(2, Card("F"), Place.hand("C")), Term(1, Card("M"), Place.hand("C")))),
    ),
    ("(2F+M)#^", Reveal((Term(2, Card("F")), Term(1, Card("M"))), None, None)),
    ("XE10B@M@", Battle(None, "E", 10, ("B", "M"))),
    ("CXO12", Battle("C", "O", 12)),
    ("t12<->t4", Trick(Piece(None, "t"), 12, Piece(None, "t"), 4)),
    ("?Pt_e3", Expose(Piece("P", "t", "e"), 3)),
    ("Pt12^t_r", Flip(Piece("P", "t"), 12, becomes=Piece(None, "t", "r"))),
    ("D^A", Reveal((), "D", "A")),
    ("Zffavor", Craft(card="ffavor")),
    ("Z%x", Craft(item="x")),
    ("E++2", Score("E", 2)),
    ("--3", Score(None, -3)),
    ("$_->", Move((Term(1, BoardField(None, "")),))),
    ("V$_E->h", Move((Term(1, BoardField("V", "E")),), (Place("value", name="h"),))),
    (
        "(t+w0)->5",
        Move((Term(1, Piece(None, "t")), Term(1, Piece(None, "w"), Place("burrow", (0,)))),
             (Place.clearing(5),)),
    ),
    ("p->8_9_11_12", Move((Term(1, Piece(None, "p")),), (Place("forest", (8, 9, 11, 12)),))),
    (
        "M#domV->$",
        Move((Term(1, Card("M", "dom"), Place.hand("V")),), (Place.board(),)),
    ),
    (
        "%_d->s+r",
        Move((Term(1, Item("_"), Place("items", name="d")),),
             (Place("items", name="s"), Place("items", state="r"))),
    ),
    # Later expansions: hirelings, relic values, waystations (issue 15).
    ("h_E->A$4", Move((Term(1, Hireling("E")),), (Place("board", faction="A", name="4"),))),
    ("Sp->9", Move((Term(1, Piece("S", "p")),), (Place.clearing(9),))),
    ("%uh_V$->", Move((Term(1, Item("u"), Place("hireling", name="V", state="$")),))),
    ("t10^t_2_t", Flip(Piece(None, "t"), 10, becomes=Piece(None, "t", "2_t"))),
    ("t_3_f5->$", Move((Term(1, Piece(None, "t", "3_f"), Place.clearing(5)),), (Place.board(),))),
    ("b_j_t->12", Move((Term(1, Piece(None, "b", "j_t")),), (Place.clearing(12),))),
    ("w_w->12", Move((Term(1, Piece(None, "w", "w")),), (Place.clearing(12),))),
]

SPEC_EXAMPLES = """
XE3 XC3(2,0) XA9(0,3)
2Dw3->5 4w10->4 b->3 p->12 At5-> F#domO->C M#E->P #V->C F#C-> #->C 3#A->$ 3F#$-> #E->A$
%sO$->V$ %s12->$ %s->e %fe-> F#@*->P M#favor*->V
^A F#^P 2M#^ V^O w->3+11 t1+t2+t5-> w+t_r->10 F#+2M#^ %h+%c+%s->r
(w+2Cw+Cb_s)3-> (2R+B)#A$-> (M+2F)#^ (2%c+%h)V$->d Z%c Zmurine Zrpart Zh ++ --2 E++3 ++->E$
3_7-> $_-> #commander->$ B#E->$_r %sde->r (%r+%t+%s)d->s %rde->s %ct->s %fr->d %rr->d
$_E->h $_O+$_C->h V$_E->a $_->3 $_h->4 $_f->2 $_o->F $_ho->M #brigadier->$ #brigadierD$->
?Pt_e3 Pt12^t_r t3^t_b t12<->t4 w_w->12 b_j->12 t_t7_10_11->10 t_t10^2 #faith$_2-> t_f5->$
Kt_f9->2_3_7_12 $_K->h #^P #->O M#C-> F#V->C %r->r %xd-> w->5+6+12 (3w+r)1->12 (4Lw+2Lb_r)4->
R#@*->A %_d->s+r (w+2Ew+Eb)3-> F#dom->C 3Cw->O$ B#saboO->C 2R#$-> (2Cw+Cb_s+Dw)3-> b_r+w->3
w->$ #sabo$-> #boatE$-> R#O-> Pw10-> w->10 XE8 V++ (3w+2Ew)8-> #bankO-> %r->e CXO12
(2Cw+3Ow)12-> 2Kw9-> w12-> XP12 w->4+7+9+10 XC9 R#C-> 2Cw9->2 (2w+Cb_s)9-> #false$-> 3Dw8->9
t9^t_b 3Dw9-> ++3 t_k->2 w->1+2+3+5+6+7+8+9+10+11+12 b_s->2 b_w->5 b_r->10 2w->5 w->4+8+9
3#->$ w10->5 2w$-> t_r+w->5 ++2 F#P-> w->1+6+12+8 w1->9 2w9->4 w4-> t->4 #->P B#O->A 3B#$->
t->12+11+9 2#A->$ #->A h_E->A$4 Sp->9 %uh_V$-> t10^t_2_t t_3_f5->$ b_j_t->12
""".split()
"""Every example action of the notation's specification (Rootlog_V2.md, V2.8 draft: the
example actions, sequences and turns) and the later forms issue 15 names."""


@pytest.mark.parametrize("text", SPEC_EXAMPLES)
def test_every_example_action_of_the_specification_parses(text: str) -> None:
    a = parse_action(text)
    assert a.text == text


@pytest.mark.parametrize("thing", ["F#", "2R#", "#sappers", "#sap", "(2F+M)#", "R#favor", "%_"])
def test_every_example_thing_of_the_specification_parses(thing: str) -> None:
    assert isinstance(parse_action(thing + "C->"), Move)


# --- Player names of any text --------------------------------------------------------------

NAMES = ["Zoe", "AC/DC", "Xavier", "?", "x->y", "A++", "a^b", "Bob; Ann", "E:F", "Ünal Çelik",
         "AC//DC", "  spaced   out  "]


@pytest.mark.parametrize("name", NAMES)
def test_a_player_name_is_any_text(name: str) -> None:
    rec = parse_rootlog(f"Map: Fall\nDeck: Standard\nE: {name}\nC: Cy\n\nC:t_k->1\nE:b->3\n")
    assert rec.players == {"E": name.strip(), "C": "Cy"}
    assert [(t.faction, t.setup) for t in rec.turns] == [("C", True), ("E", True)]


def test_player_line_comment_and_names_round_trip_through_export() -> None:
    rec = parse_rootlog("Map: Fall\nDeck: Standard\nE: Zoe // the host\nC:Ann\n\nC:t_k->1\n")
    assert rec.players == {"E": "Zoe", "C": "Ann"}
    assert (3, "the host") in rec.comments
    g = random_game(4, decisions=20)
    text = export_rootlog(g, names={"marquise": "AC/DC", "E": "Zoe\nX"})
    assert parse_rootlog(text).players == {"C": "AC/DC", "E": "Zoe X"}


@pytest.mark.parametrize(("text", "expected"), FRAGMENTS, ids=[f for f, _ in FRAGMENTS])
def test_fragment_parses_to_exact_structure(text: str, expected: object) -> None:
    got = parse_action(text)
    assert got == expected
    assert got.text == text


def test_turn_line_keeps_columns_and_comment() -> None:
    game = parse_rootlog("Map: Fall\nDeck: Standard\nC: Ann\nE: Bo\n\nC:t_k->2/ w->1+5 // go\n")
    (turn,) = game.turns
    assert (turn.faction, turn.line, turn.comment, turn.setup) == ("C", 6, "go", True)
    assert [(a.text, a.column) for a in turn.actions] == [("t_k->2", 3), ("w->1+5", 11)]


# --- Errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "column", "fragment", "expected"),
    [
        ("C:w->13", 6, "w->13", "a clearing from 0 to 12"),
        ("C:t->2/w=>3", 8, "w=>3", "a movement"),
        ("C:t->2/(w+(b))->3", 11, "(w+(b))->3", "a piece"),
        ("C:XE3(4,0)", 7, "XE3(4,0)", "the attacker's roll"),
        ("C:2(w)->3", 3, "2(w)->3", "'(' without a count"),
        ("C:t->2//ok\nC:w->", 0, "", ""),
    ],
)
def test_error_names_line_column_fragment_and_expectation(
    line: str, column: int, fragment: str, expected: str
) -> None:
    text = "Map: Fall\nDeck: Standard\nC: Ann\nE: Bo\n" + line + "\n"
    if not column:
        assert len(parse_rootlog(text).turns) == 2
        return
    with pytest.raises(RootlogError) as e:
        parse_rootlog(text)
    err = e.value
    assert (err.line, err.column, err.fragment) == (5, column, fragment)
    assert expected in err.expected
    assert str(err).startswith(f"line 5, column {column}: ")


def test_errors_for_header_problems() -> None:
    with pytest.raises(RootlogError, match="line 1.*unknown map 'Marsh'"):
        parse_rootlog("Map: Marsh\nDeck: Standard\n")
    with pytest.raises(RootlogError, match="no 'Deck:' line"):
        parse_rootlog("Map: Fall\n")
    with pytest.raises(RootlogError, match="line 3.*unknown line start 'Date:'"):
        parse_rootlog("Map: Fall\nDeck: Standard\nDate: today\n")
    with pytest.raises(RootlogError, match="line 2.*not every clearing"):
        parse_rootlog("Map: Winter\nClearings: F1, M2\nDeck: E&P\n")
    with pytest.raises(RootlogError, match="line 4.*a line after 'Winner:'"):
        parse_rootlog("Map: Fall\nDeck: Standard\nWinner: C\nC:w->1\n")


# --- Export ----------------------------------------------------------------------------------


def test_export_of_a_seeded_game_parses_back() -> None:
    g = random_game(5)
    text = export_rootlog(g)
    rec = parse_rootlog(text)
    assert (rec.map, rec.deck, list(rec.players)) == ("Fall", "Standard", ["C", "E"])
    turns = game_turn_states(g)
    assert [(t.faction, t.setup) for t in rec.turns] == [(t.faction, t.setup) for t in turns]
    assert rec.winner == "".join("CE"[s] for s in g.winners)
    # The Marquise's setup: the starting hand (named), the keep, a warrior everywhere but
    # the opposite corner, then the three buildings.
    setup = rec.turns[0]
    assert setup.faction == "C" and setup.setup
    first = setup.actions[0]
    assert isinstance(first, Move) and sum(t.count for t in first.terms) == 3
    assert all(isinstance(t.what, Card) and t.what.suit and t.what.name for t in first.terms)
    assert Move((Term(1, Piece(None, "t", "k")),), (Place.clearing(g.state.fs[0].home),)) in (
        setup.actions
    )
    # Every battle and every card is written in full.
    battles = [a for t in rec.turns for a in t.actions if isinstance(a, Battle)]
    assert battles and all(a.defender in "CE" for a in battles)


def test_export_writes_cards_by_suit_and_abbreviation() -> None:
    from rootgame.cards import ids_for_key

    assert card_text(ids_for_key("tax-collector")[0]) == "F#tax"
    assert card_text(ids_for_key("ambush:bird")[0]) == "B#@"
    assert card_text(ids_for_key("gently-used-knapsack")[0]) == "F#gentlyusedknapsack"
    assert card_text(ids_for_key("favor-of-the-mice")[0]) == "M#favor"


def test_export_follows_the_notation_field_hospitals_evening_and_crafts() -> None:
    """Issue 15: Field Hospitals as a move from the battle to the keep (6.2.3), the Eyrie's
    Evening roost VP before its draw (7.7), crafts as 'Z%<item>', 'Z<suit>favor' or
    'Z<name>' (the notation's craft forms)."""
    g = random_game(1)
    lines = export_rootlog(g).splitlines()
    # Seed 1: the Eyrie's first battle against the Marquise in clearing 9; she spends a
    # card and her warrior goes to the keep in clearing 2.
    hospital = next(ln for ln in lines if "XC9(3,0)" in ln)
    assert "/B#brutalC->/Cw9->2/" in hospital
    assert not re.search(r"/Cw9->/", hospital) and "Cw->2" not in hospital
    evening = [ln for ln in lines if ln.startswith("E:") and not ln.startswith("E: ")][1:]
    assert evening and all(re.search(r"(/\+\+\d*)?/[^/]*->E$", ln) for ln in evening)
    crafts = [f for ln in lines for f in ln.split("/") if f.startswith("Z")]
    assert crafts and all(re.fullmatch(r"Z(%[sbcxhtrf]|[fmr]favor|[a-z]+)", f) for f in crafts)
    assert not any(re.fullmatch(r"Z[bfmr](crossbow|sword|bag|boots|hammer|tea|coins)", f)
                   for f in crafts)


def test_export_refuses_a_game_built_from_a_position() -> None:
    from rootgame.position import build

    g = build({"factions": ["marquise", "eyrie"], "turn": "marquise", "at": "daylight"})
    with pytest.raises(RootlogError, match="built from a position"):
        export_rootlog(g)


def test_export_with_a_wrong_seed_is_refused() -> None:
    g = random_game(4, decisions=40)
    with pytest.raises(RootlogError, match="not legal when the game is set up again"):
        export_rootlog(g, seed=5)


# --- Import and the round trip ------------------------------------------------------------


@pytest.mark.parametrize(("seed", "decisions"), [(2, None), (7, None), (11, 150)])
def test_import_of_an_exported_game_reproduces_every_turn(
    seed: int, decisions: int | None
) -> None:
    g = random_game(seed, decisions)
    text = export_rootlog(g)
    rep = replay_rootlog(text)
    assert rep.turns == game_turn_states(g)
    game = rep.game
    assert game.scores == g.scores
    assert game.winners == g.winners
    assert game.state.warriors == g.state.warriors
    # The game found replays from its own start (history, undo and saving work).
    again = replay(game.origin, game.history)
    assert again.state.warriors == game.state.warriors
    assert again.scores == game.scores


def test_export_of_an_imported_game_gives_the_same_record() -> None:
    """Up to the order of movements within a line, which the record does not always fix
    (two wood tokens paid for one building, for instance)."""
    g = random_game(9, decisions=200)
    text = export_rootlog(g)
    again = export_rootlog(import_rootlog(text))

    def lines(t: str) -> list[list[str]]:
        return [sorted(ln.split("/")) for ln in t.splitlines()[1:]]  # not the comment

    assert lines(again) == lines(text)


def test_import_reports_the_first_movement_no_action_explains() -> None:
    g = random_game(3, decisions=60)
    lines = export_rootlog(g).splitlines()
    n = next(i for i, ln in enumerate(lines) if ln.startswith("C:") and "->" in ln and
             re.search(r"/w(\d+)->(\d+)/", ln) and i > 8)
    m = re.search(r"/w(\d+)->(\d+)/", lines[n])
    assert m is not None
    bad = f"/w{m.group(1)}->{int(m.group(2)) % 12 + 1 if m.group(2) != '11' else 1}/"
    lines[n] = lines[n][: m.start()] + bad + lines[n][m.end():]
    with pytest.raises(RootlogError) as e:
        import_rootlog("\n".join(lines) + "\n")
    assert e.value.line == n + 1
    assert "no legal action explains" in str(e.value)


IMPORT_BASE = "Map: Fall\nDeck: Standard\nC: Ann\nE: Bo\n\nC:t_k->1\nE:b->3\n"


@pytest.mark.parametrize(
    ("old", "new", "needle"),
    [
        ("Fall", "Winter", "line 1, column 1: the Winter map prints no suits: the record "
         "needs a 'Clearings:' line"),
        ("E: Bo", "G: Bo", r"line 4, .*needs: a second Vagabond \(G\);"),
        ("Deck: Standard", "Deck: Standard\nHirelings: Bandits, Stoic Protector",
         r"line 3, .*needs: hirelings \(Bandits, Stoic Protector\)"),
        ("Deck: Standard", "Deck: Standard\nLandmarks: Tower",
         r"line 3, .*cannot follow: landmarks without their clearing \(tower;"),
        ("Deck: Standard", "Deck: Standard\nClearings: " + ", ".join(
            f"F{c}" for c in range(1, 13)), "line 3, column 1: the header does not set a game "
         "up: suits: .* must have 4 clearings of each suit"),
        ("E:b->3", "E:b->3/Sp->9", r"line 7, column 8: S is a hireling, .*no hirelings yet"),
        ("E:b->3", "E:b->3/h_E->A$4", "line 7, column 8: hireling h_E: rootgame has no hire"),
        ("E:b->3", "E:%s->e", "line 7, column 3: the eyrie have no pawn, items nor quests"),
        ("E:b->3", "E:b->3/t10^t_2_t",
         "line 7, column 8: none of the four base factions does this"),
    ],
)
def test_import_refuses_what_rootgame_lacks_naming_it(old: str, new: str, needle: str) -> None:
    with pytest.raises(RootlogError, match=needle) as e:
        import_rootlog(IMPORT_BASE.replace(old, new))
    assert "\n" not in str(e.value)


def test_import_of_a_record_without_card_names_or_dice() -> None:
    """As people write: draws unnamed, cards by suit, no dice. The importer draws what the
    later movements need and finds dice that give the recorded losses."""
    g = random_game(2, decisions=120)
    out: list[str] = []
    for ln in export_rootlog(g).splitlines():
        if ln[:2] in ("C:", "E:") and not ln.startswith(("C: ", "E: ")):
            frags = []
            for f in ln[2:].split("/") if ln[2:] else []:
                if re.fullmatch(r"(\d*[BFMR]#[a-z@]+\+?)+->[CE]", f):
                    n = sum(int(x or 1) for x in re.findall(r"(\d*)[BFMR]#", f))
                    f = f"{n if n > 1 else ''}#->{f[-1]}"
                else:
                    f = re.sub(r"(?<=[BFMR])#(?!dom)[a-z@]+(?=[CE]?\$?(_[a-z])?->)", "#", f)
                f = re.sub(r"\(\d,\d\)$", "", f)
                frags.append(f)
            ln = ln[:2] + "/".join(frags)
        out.append(ln)
    text = "\n".join(out) + "\n"
    assert "#->C" in text and "(3," not in text
    rep = replay_rootlog(text)
    assert [(t.pieces, t.vp) for t in rep.turns] == [
        (t.pieces, t.vp) for t in game_turn_states(g)
    ]


# --- Records written the way people write them ------------------------------------------------

_CARD = r"\d*[BFMR]#[a-z@]+"



def assert_same_board_every_line(rep: Any, g: Any, why: object = None) -> None:
    """The imported record ``rep`` has the pieces and scores of the game ``g`` at the end of
    every line (each turn's state as the game played it)."""
    assert [(t.faction, t.pieces, t.vp) for t in rep.turns] == [
        (t.faction, t.pieces, t.vp) for t in game_turn_states(g)
    ], why


def assert_replays_the_game(rep: Any, g: Any) -> None:
    """:func:`assert_same_board_every_line`, and the import ends with the game's winners."""
    assert_same_board_every_line(rep, g)
    assert rep.game.winners == g.winners

def assert_whole_game_imports(seed: int, line: int, start: str) -> str:
    """The whole game of ``seed``, written as people do, whose line ``line`` begins with
    ``start`` (the line an import refused before), replays the game
    (:func:`assert_replays_the_game`). Returns that record, for a test to import it again
    with a ruling turned off."""
    g = random_game(seed)
    text = as_people_write(export_rootlog(g))
    assert text.splitlines()[line - 1].startswith(start)
    rep = replay_rootlog(text)
    assert_replays_the_game(rep, g)
    return text


def search_events(text: str) -> list[tuple[Any, ...]]:
    """The events of the course the importer's search finds for the record ``text`` (the
    exchanges of card identities it made on the way), last first."""
    from rootgame.records.rootlog.importer import Importer

    rec = parse_rootlog(text)
    node = Importer(rec).run(1000 + 3 * sum(len(t.actions) for t in rec.turns))
    events: list[tuple[Any, ...]] = []
    n: Any = node
    while n is not None:
        events.extend(n.events)
        n = n.parent
    return events


def _rewrite_people_style(
    text: str, letters: str, rewrite: Callable[[str, str], str], dice: bool = False
) -> str:
    """The lines of the factions ``letters`` rewritten fragment by fragment (``rewrite(who,
    fragment)``) the way people record games: without each faction's starting hand (its
    first line's first fragment) and without dice (unless ``dice``)."""
    out: list[str] = []
    seen: set[str] = set()
    for ln in text.splitlines():
        m = re.match(rf"^([{letters}]):(?! )(.*)$", ln)
        if not m:
            out.append(ln)
            continue
        who, body = m.groups()
        frags = body.split("/") if body else []
        if who not in seen:
            seen.add(who)
            if frags and re.fullmatch(rf"\(?({_CARD}\+?)+\)?->{who}", frags[0]):
                frags = frags[1:]  # the starting hand
        new = [rewrite(who, f) if dice else re.sub(r"\(\d,\d\)$", "", rewrite(who, f))
               for f in frags]
        out.append(f"{who}:" + "/".join(new))
    return "\n".join(out) + "\n"


def as_people_write(text: str, keep: tuple[str, ...] = ()) -> str:
    """An exported record rewritten the way people record games: no starting hands, draws
    unnamed (``2#->C``), discards from a hand and cards added to the Decree given by suit
    only (``F#C->``, ``M#E->$_b``), no dice. ``keep`` leaves some of it as exported:
    ``"dice"``, ``"draws"`` (named), ``"suits"`` (the discards and Decree cards named)."""

    def rewrite(who: str, f: str) -> str:
        d = re.fullmatch(rf"((?:{_CARD}\+?)+)->([CE])", f)
        if d and "draws" not in keep:
            n = sum(int(x or 1) for x in re.findall(r"(\d*)[BFMR]#", d.group(1)))
            return f"{n if n > 1 else ''}#->{d.group(2)}"
        if re.search(r"[CE]->(\$_[rmxb])?$", f) and "#" in f and "$->" not in f and \
                "suits" not in keep:
            return re.sub(r"([BFMR])#(?!dom)[a-z@]+", r"\1#", f)
        return f

    return _rewrite_people_style(text, "CE", rewrite, "dice" in keep)


PEOPLE_GAMES = 200
PEOPLE_DECISIONS = 45
"""Simulated games cut after this many decisions: the setups and the first rounds, with
unnamed draws, suit-only discards and Decree cards, battles, crafts and Field Hospitals."""


@pytest.mark.parametrize("batch", range(10))
def test_records_written_as_people_do_import_to_the_same_board_line_by_line(batch: int) -> None:
    """Issue 15: unknown cards stay unknown until the record names them; every one of 200
    games imports to the same pieces and scores at the end of every line."""
    n = PEOPLE_GAMES // 10
    unnamed = 0
    for seed in range(1000 + batch * n, 1000 + (batch + 1) * n):
        g = random_game(seed, PEOPLE_DECISIONS)
        text = as_people_write(export_rootlog(g))
        unnamed += text.count("#->")
        rep = replay_rootlog(text)
        assert_same_board_every_line(rep, g, seed)
        assert rep.sampled_hands + rep.sampled_deck > 0
    assert unnamed >= n


WHOLE_GAMES: tuple[int, ...] = (
    1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014,
    1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028,
    1029, 1030, 1031, 1032, 1033, 1034, 1035, 1036, 1037, 1038, 1039, 1040, 1041, 1042,
    1043, 1044, 1045, 1046, 1047, 1048, 1049, 1050, 1051, 1052, 1053, 1054, 1055, 1056,
    1057, 1058, 1059, 1060, 1061, 1062, 1063, 1064, 1065, 1066, 1067, 1068, 1069, 1070,
    1071, 1072, 1073, 1074, 1075, 1076, 1077, 1078, 1079, 1080, 1081, 1082, 1083, 1084, 1085,
    1086, 1087, 1088, 1089, 1090, 1091, 1092, 1093, 1094, 1095, 1096, 1097, 1098, 1099,
    1100, 1101, 1102, 1103, 1104, 1105, 1106, 1107, 1108, 1109, 1110, 1111, 1112, 1113,
    1114, 1115, 1116, 1117, 1118, 1119, 1120, 1121, 1122, 1123, 1124, 1125, 1126, 1127,
    1128, 1129, 1130, 1131, 1132, 1133, 1134, 1135, 1136, 1137, 1138, 1139, 1140, 1141,
    1142, 1143, 1144, 1145, 1146, 1147, 1148, 1149, 1150, 1151, 1152, 1153, 1154, 1155,
    1156, 1157, 1158, 1159, 1160, 1161, 1162, 1163, 1164, 1165, 1166, 1167, 1168, 1169, 1170,
    1171, 1172, 1173, 1174, 1175, 1176, 1177, 1178, 1179, 1180, 1181, 1182, 1183, 1184, 1185,
    1186, 1187, 1188, 1189, 1190, 1191, 1192, 1193, 1194, 1195, 1196, 1197, 1198, 1199,
    1200, 1201, 1202, 1203, 1204, 1205, 1206, 1207, 1208, 1209, 1210, 1211, 1212, 1213,
    1214, 1215, 1216, 1217, 1218, 1219, 1220, 1221, 1222, 1223, 1224, 1225, 1226, 1227,
    1228, 1229,
)
"""The seeds of 1000-1229 whose whole Marquise-Eyrie game, written as people do, imports (229 of
230, measured with tools/rootlog_people_games.py; docs/rootlog.md gives the cause of the
other; 1199 and 1208 since rulings 413 and 411, 1174 since ruling 420, 1059 and 1143 since
ruling 421, 1076, 1105 and 1161 since ruling 422, 1133, 1138 and 1194 since ruling 423, 1224
since ruling 424, 1218 since ruling 425, 1181 since ruling 426, 1030 and 1101 since ruling 427,
1163 since ruling 429, 1168 since ruling 431, 1084 since rulings 432-433).
Among them, seed 1003 needs a cycle of three places (a bird the Marquise spends was the Crossbow
she crafted as ``Z%x``, the craft the other Crossbow, which the Eyrie drew unnamed), seed 1004 a
card exchanged for the whole game across a reshuffle (``Pos.past``), seeds 1001, 1013 and 1021 a
card taken from the draw pile that no longer stands for a card spent unseen (the final replay
refused them before), seeds 1005 and 1007 a card spent by its suit only that a later line needs
by name (``Pos.loose``), seeds 1008, 1011, 1017, 1025 and others Field Hospitals with unwritten
dice (6.2.3), seed 1026 a long Decree line (7.5.2)."""


@pytest.mark.parametrize("seed", WHOLE_GAMES)
def test_whole_games_written_as_people_do_import_to_the_same_board(seed: int) -> None:
    """Issue 15: whole games, to their winner, written as people do (no starting hands,
    unnamed draws, suit-only discards and Decree cards, no dice), import to the same pieces
    and scores at the end of every line, and the same winner."""
    g = random_game(seed)
    assert g.is_over
    rep = replay_rootlog(as_people_write(export_rootlog(g)))
    assert_replays_the_game(rep, g)


def test_appendix_a_7_a_starting_card_spent_by_suit_may_be_a_card_named_drawn_later() -> None:
    """Appendix A step 7 (ruling 410): the notation writes no starting hands, so a card
    dealt unnamed stays open when it is spent by its suit. Seed 1000 written as people do
    but with its draws named: the import dealt the Crossbow (bird) to the Eyrie, who added
    it to the Decree as a bird ('B#E->$_b', line 10, discarded in the turmoil of the same
    line); at line 14 the Marquise draws it by name ('B#crossbow->C'). The draw takes it
    back along a cycle of the draw pile's places: the Crossbow to her hand, the bird place
    another bird of the pile, the pile the card the engine drew."""
    g = random_game(1000, 42)
    lines = as_people_write(export_rootlog(g), ("draws",)).splitlines()
    assert lines[9].startswith("E:R#E->$_m/B#E->$_b/")
    assert lines[13].endswith("/B#crossbow->C")
    assert not any("crossbow" in ln for ln in lines[:13])
    rep = replay_rootlog("\n".join(lines) + "\n")
    assert_same_board_every_line(rep, g)
    state = rep.game.state
    assert "crossbow:bird" in [DECK[c].key for c in state.seats[0].hand]
    # The Decree went to the discard pile in the turmoil of line 10: its rabbit, its bird.
    assert DECK[state.discard[0]].suit == "rabbit"
    bird = DECK[state.discard[1]]
    assert bird.suit == "bird" and bird.key != "crossbow:bird"


def _key(cid: int) -> str:
    return DECK[cid].key


def test_a_card_spent_by_suit_may_be_another_of_its_suit_through_a_later_pile() -> None:
    """Ruling 420: the Travel Gear (fox) the Eyrie drew unnamed before the reshuffle must be
    a bird for the record, and the only bird that may be it is the Woodland Runners, which
    the Marquise crafted as a boot ('Z%f', before the reshuffle) and drew unnamed again
    after it. No exchange within the first pile's time gives it (the Woodland Runners'
    time there is behind a later one): exchanged from that time on, the Eyrie's draw is
    the Woodland Runners, and the Travel Gear was the boot crafted and drawn again."""
    from rootgame.records.rootlog.cards import CardSpec
    from rootgame.records.rootlog.importer import Importer
    from rootgame.records.rootlog.search import Pos

    imp = Importer(parse_rootlog("Map: Fall\nDeck: Standard\nC: a\nE: b\n\nC:t_k->1\nE:b->3\n"))
    g = new_game(["marquise", "eyrie"], seed=1).state
    gear, runners = 27, 13
    assert (_key(gear), _key(runners)) == ("travel-gear:fox", "woodland-runners")
    for s in g.seats:
        g.deck.extend(s.hand)
        s.hand.clear()
    g.deck.remove(gear)
    g.deck.remove(runners)
    g.seats[1].hand.append(gear)
    g.seats[0].hand.append(runners)
    boots = CardSpec(keys=frozenset({"travel-gear:fox", "travel-gear:mouse", "woodland-runners",
                                     "a-visit-to-friends"}))

    def pos() -> Pos:
        return Pos(g.clone(), [], None, None, 0, {}, {gear: (10, 0), runners: (20, 1)}, 1,
                   past={runners: ((11, 0, boots),)})

    bird = CardSpec("bird")
    before = pos()
    assert imp.settle_free(before, before.g, gear, bird, {gear}) is None
    after = pos()
    events = imp.settle_free(after, after.g, gear, bird, {gear}, since=True)
    assert events == (("rename", 10, runners), ("rename", 11, gear), ("rename", 20, gear))
    assert after.g.seats[1].hand == [runners] and after.g.seats[0].hand == [gear]
    assert after.free == {runners: (10, 0), gear: (20, 1)}
    assert after.past == {gear: ((11, 0, boots),)} and after.loose == {}


def test_a_whole_game_needs_a_bird_spent_by_suit_through_a_later_pile() -> None:
    """Ruling 420, in a whole game (seed 1174, refused at line 56 before): the Eyrie adds
    a bird and a rabbit to the Decree ('B#E->$_x/R#E->$_r') from the two cards it drew
    unnamed before the reshuffle; every bird of that pile's time had been spent by its suit
    or crafted, one of them a boot ('Z%f') crafted before the reshuffle and drawn again
    after it. The import gives the Eyrie's draw that boot's place from the first pile on."""
    g = random_game(1174)
    lines = as_people_write(export_rootlog(g)).splitlines()
    assert lines[55].startswith("E:B#E->$_x/R#E->$_r/")
    rep = replay_rootlog("\n".join(lines) + "\n")
    assert_replays_the_game(rep, g)


@pytest.mark.parametrize(("seed", "line", "start"), [
    (1059, 67, "E:B#E->$_b/M#E->$_r/"), (1143, 65, "E:F#E->$_m/B#E->$_r/Zbank/")])
def test_a_card_spent_by_suit_after_a_reshuffle_may_be_another_card_of_the_hand(
    seed: int, line: int, start: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 421, in whole games refused at that line before. Seed 1059: the Eyrie adds a
    bird to the Decree ('B#E->$_b') from the two cards it drew unnamed before the
    reshuffle, and every bird of that pile's time has been spent by its suit. One of them,
    spent after the reshuffle by a hand that also held a card drawn from the new pile, is
    taken to have stayed in that hand, the new pile's card (given a bird of that pile) spent
    instead; the bird is then the Eyrie's draw. Seed 1143: the same for a Better Burrow Bank
    the Eyrie crafts ('Zbank'), sought before the line is searched (the craft may be left
    out until the turn ends, where nothing repairs it). Exactly one such spending is taken
    back, and the game found replays through the public API to the same board at every
    line. (Since ruling 432 the Bank of 1143 is given before the line, to the Eyrie's draw
    her fox need had taken, the fox to another draw: that exchange is turned off here.)"""
    from rootgame.records.rootlog.identity import CardIdentity

    monkeypatch.setattr(CardIdentity, "augment", lambda *_: None)
    g = random_game(seed)
    text = as_people_write(export_rootlog(g))
    lines = text.splitlines()
    assert lines[line - 1].startswith(start)
    events = search_events(text)
    assert sum(e[0] == "respend" for e in events) == 1
    rep = replay_rootlog(text)
    assert_replays_the_game(rep, g)


@pytest.mark.parametrize(("seed", "line", "start"), [
    (1105, 56, "C:Zcodeb/"), (1161, 94, "E:M#E->$_b/B#E->$_b/Zbank/Zsap/")])
def test_a_card_spent_by_suit_after_a_reshuffle_may_have_been_shuffled_in(
    seed: int, line: int, start: str
) -> None:
    """Ruling 422, in whole games refused at that line before. Seed 1105: the Marquise
    crafts Codebreakers ('Zcodeb') from a hand of cards drawn unnamed from the new pile;
    both Codebreakers had been drawn unnamed before the reshuffle and spent as mice after
    it, so neither is in the new pile. One of them is taken to have been spent as a mouse
    before the reshuffle instead, in the place of another mouse of that pile's time that
    was shuffled in (that mouse spent after it in its place); the new pile's Codebreakers
    is then the Marquise's draw. Seed 1161: the same for the Sappers the Eyrie crafts. The
    game found replays through the public API to the same board at every line."""
    assert_whole_game_imports(seed, line, start)


@pytest.mark.parametrize(("seed", "line", "start"), [
    (1163, 82, "C:Z%h/"), (1266, 61, "E:F#E->$_r/B#E->$_b/XC3/(Cw+w)3->/Zcob/")])
def test_a_card_spent_by_suit_and_shuffled_into_the_present_pile_may_have_been_shuffled_in(
    seed: int, line: int, start: str
) -> None:
    """Ruling 429, in whole games refused at that line before. Seed 1163: the Eyrie drew
    the Anvil unnamed (line 38) and added it to the Decree as a fox (line 41); the turmoil
    of line 47 put it in the discard pile before the reshuffle, and the Marquise drew it
    unnamed from that pile (line 73) and crafts it as a hammer at line 82 ('Z%h'). The
    search gave the Anvil to another fox the Eyrie drew before the reshuffle and spent
    after it (line 50), so it went through the next turmoil into the pile shuffled after
    the Marquise's draw, where it still is: not in the discard pile or the Decree, where
    ruling 422 looked for it. It is taken to have been the fox spent before the reshuffle,
    that fox's card in its place (through the present pile too), and the Marquise's draw
    is then the Anvil; the craft, written by its item only, is sought before the line is
    searched (she would craft no more once she builds). Seed 1266 (of the fresh seeds): the
    Cobbler the Eyrie crafts by name ('Zcob'), found so in the present pile. The game found
    replays through the public API to the same board at every line."""
    assert_whole_game_imports(seed, line, start)


@pytest.mark.parametrize(("seed", "took", "took_start", "line", "start", "card"), [
    (1284, 53, "E:R#avisittofriendsC->E/C++/R#E->$_m/R#E->$_r/", 74,
     "E:M#E->$_x/F#E->$_b/R#avisittofriendsC->E/", "a-visit-to-friends"),
    (1392, 71, "C:R#rootteaE->C/E++/E^C/Z%t/", 92, "C:R#rootteaE->C/E++/",
     "root-tea:rabbit")])
def test_a_card_named_into_a_hand_may_be_the_one_it_spent_by_its_suit(
    seed: int, took: int, took_start: str, line: int, start: str, card: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 428, in whole games of the fresh seeds refused at ``line`` before. Seed 1284:
    the Eyrie takes A Visit to Friends from the Marquise by name at line 53
    ('R#avisittofriendsC->E') and adds two rabbits to the Decree by their suit
    ('R#E->$_m/R#E->$_r'); the search kept the card named and spent the Eyrie's unnamed
    rabbit. At line 74 the Eyrie takes A Visit to Friends from the Marquise again, who drew
    it unnamed from the pile shuffled since. The card spent by its suit is taken to have
    been the card named, the unnamed rabbit kept in its place (a ``respend_as`` event), and
    the Marquise's draw is the card named. Seed 1392: the same for the rabbit Root Tea the
    Marquise takes from the Eyrie by name at line 71 and again at line 92, the Eyrie's draw
    given it before the line is searched (Stand and Deliver is taken in Birdsong, before
    the line could fail). The game found replays through the public API to the same board
    at every line. (Since ruling 467 the Marquise crafts at line 71 the Root Tea she takes,
    and 1392 imports with this exchange for another card, the Anvil: that ruling is
    turned off here. Since ruling 495 the spending by suit takes the card named at once,
    which the record names next leaving the other hand: turned off here too, and so is
    ruling 525, which with those two off keeps 1392's Anvil from a spending by its suit by
    another exchange.)"""
    import rootgame.records.rootlog.identity as identity

    monkeypatch.setattr(identity, "brought_in", lambda *_: False)
    monkeypatch.setattr(identity.CardIdentity, "named_elsewhere", lambda *_: False)
    monkeypatch.setattr(identity.CardIdentity, "kept_named", lambda *_: False)
    g = random_game(seed)
    text = as_people_write(export_rootlog(g))
    lines = text.splitlines()
    assert lines[took - 1].startswith(took_start)
    assert lines[line - 1].startswith(start)
    events = search_events(text)
    assert [e[2] for e in events if e[0] == "respend_as"] == [
        next(c.id for c in DECK if c.key == card)]
    assert_replays_the_game(replay_rootlog(text), g)


def test_a_card_crafted_by_its_item_may_be_one_the_decision_just_spent_by_its_suit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ruling 430. Seed 1389, line 125: the Eyrie adds a rabbit to the Decree by its suit
    ('R#E->$_x') and crafts a Root Tea by its item only ('Z%t'), which her hand lacks once
    the rabbit is added. Before the line is searched the rabbit added is taken to have been
    the tea, kept in the hand, another rabbit of the hand added in its place (ruling 421's
    exchange, one ``respend`` event); the decision that added it is the one just taken, and
    the game found, replayed through the public API, spends the other rabbit there and
    gives the same board at every line. (With ruling 431 the search takes another course
    that does not pass there: its order is turned off here; so are ruling 450's spendings
    taken otherwise by the solve, which add a second ``respend`` on that course.)"""
    import rootgame.records.rootlog.solve as solve
    from rootgame.records.rootlog.identity import CardIdentity

    monkeypatch.setattr(CardIdentity, "from_pile", lambda *_: False)
    monkeypatch.setattr(solve, "respendings", lambda *_: [])
    g = random_game(1389)
    text = as_people_write(export_rootlog(g))
    assert text.splitlines()[124].startswith("E:R#E->$_x/#->E/w7->/Z%t/")
    assert len([e for e in search_events(text) if e[0] == "respend"]) == 1
    assert_replays_the_game(replay_rootlog(text), g)


@pytest.mark.parametrize(("seed", "line", "start"), [
    (1168, 74, "E:F#E->$_x/B#E->$_x/#->E/"), (1262, 121, "E:M#E->$_m/F#E->$_m/C^E/"),
    (1362, 73, "E:B#E->$_b/M#E->$_x/#->E/")])
def test_a_card_crafted_by_its_item_goes_to_a_draw_of_the_present_pile(
    seed: int, line: int, start: str
) -> None:
    """Ruling 431, in whole games refused at ``line`` before. Seed 1168: the Eyrie crafts a
    Root Tea by its item at line 56 ('Z%t'); her draw from before the reshuffle of line 50
    was given the fox Root Tea by a cycle of that pile's time, taking it out of the present
    pile, so that time had no fox left for the one she adds to the Decree at line 74. The
    Root Tea is now given to her draw of the present pile, from the pile itself. Seeds 1262
    and 1362 (of the fresh seeds): the same for the bag the Marquise crafts at line 95
    ('Z%b') and the crossbow the Eyrie crafts at line 52 ('Z%x'), before the lines that
    lacked a fox and a mouse. Each game found replays through the public API to the same
    board at every line."""
    assert_whole_game_imports(seed, line, start)


@pytest.mark.parametrize(("seed", "line", "start"), [
    (1133, 73, "C:Z%h/"), (1138, 52, "C:F#taxE->C/E++/Z%b/++/E^C/Ztax/"),
    (1194, 52, "C:R#rootteaE->C/E++/Z%b/++/Z%t/")])
def test_cards_given_to_one_hand_before_a_line_stay_given(
    seed: int, line: int, start: str
) -> None:
    """Ruling 423, in whole games refused at that line before. Before a line is searched,
    each hand's unnamed draws are given the cards the line takes from it, one need after
    the other. Seed 1133: the Marquise crafts the Anvil ('Z%h') and spends a mouse by its
    suit; her draw given the Anvil (through the later piles, ruling 420) is not the one
    given the mouse after it. Seeds 1138 and 1194: the Marquise takes a card from the
    Eyrie with Stand and Deliver ('F#taxE->C') and crafts it; the card given to the Eyrie's
    draw is not taken back by the Marquise's need for the same card. Each imports to the
    same board at every line."""
    assert_whole_game_imports(seed, line, start)


@pytest.mark.parametrize("case", [
    (1218, 46, "C:F#foxfolksteelE->C/E++/"), (1411, 53, "C:M#mouseinasackE->C/E++/"),
    (1425, 40, "C:M#favorE->C/E++/")])
def test_a_card_named_for_one_hand_is_not_kept_for_another_by_its_suit(
    case: tuple[int, int, str],
) -> None:
    """Ruling 425, in whole games refused at that line before. The Marquise takes a card
    from the Eyrie with Stand and Deliver by name ('F#foxfolksteelE->C') and discards a
    card of the same suit by its suit only later in the line ('F#C->'); the card named was
    the Marquise's own unnamed draw of that pile's time. It is not held back for her
    discard, which any card of the suit explains: the Eyrie's draw is given it before the
    line is searched, and the Marquise's discard another card of the suit when she makes
    it. Each imports to the same board at every line (1411 and 1425 are of the fresh seeds
    1230-1429)."""
    assert_whole_game_imports(*case)


def rolls_told_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    """Turn ruling 460 off: a battle past its hits step is compared with its spent roll,
    so that rolls whose hits are alike are ways on of their own."""
    import rootgame.records.rootlog.importer as importer
    import rootgame.records.rootlog.search as search

    def whole(f: Any) -> list[tuple[Any, Any]]:
        return sorted(f.data.items(), key=lambda kv: str(kv[0]))

    monkeypatch.setattr(search, "frame_data", whole)
    monkeypatch.setattr(importer, "frame_data", whole)


def solve_before_465(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solve of the course as before rulings 465-466: the cards the record named left
    out with all their times, and no cycle of a pile's time before the search (a refusal
    an earlier ruling's test counts that these rulings now import)."""
    import rootgame.records.rootlog.solve as solve

    monkeypatch.setattr(solve, "named_times", lambda *_: {})
    monkeypatch.setattr(solve._Cycling, "run", lambda *_: None)


@pytest.mark.parametrize(("seed", "need", "spent"), [
    (1181, 68, 65), (1394, 77, 71), (1030, 82, 82), (1101, 46, 46)])
def test_the_search_goes_back_to_the_spending_of_a_card_a_later_line_lacks(
    seed: int, need: int, spent: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ruling 426, in whole games refused before. Seed 1181: the Eyrie adds a mouse to the
    Decree at line 68 ('M#E->$_r') from its draws of a pile's time whose every mouse is
    spent; the quick search had the Marquise discard one of them by its suit at line 65
    ('2#->C/M#C->/F#C->'), which she could have kept, another mouse she held spent
    instead. About to give up, the search goes back to that discard (the latest decision
    of its course that spent a card the line lacks) rather than to the choices of the
    line itself, and the game imports (1394 is of the fresh seeds 1230-1429). Ruling 427,
    seed 1030: the line lacks no card; its four battles' rolls are not written, and the
    Marquise's Armorers changes the hits after one of them (ruling 413). The search goes
    back to the latest decision of its course with an unwritten roll (in the same line,
    two decisions up) rather than through every choice after it, and the game imports;
    seed 1101 the same for its Marquise's battle ('XE11/Ew11->', line 46). (Since ruling
    449 the quick search gives up 1030's wrong roll at its hits, the losses of a later
    battle in the clearing, and goes back nowhere; since ruling 470 likewise at the
    losses of its battle left to a later one: both orders are turned off for it here.
    Since rulings 451 and 455 1394's first backjump goes to line 70 (451: its course has the
    identities solved at an early Decree; 455 not examined): both are turned off for it
    here. Since ruling 460, rolls whose hits are alike are one way on, and 1030 and 1101
    import with no backjump: it is turned off for them here. Since rulings 465-466 the solve
    finds 1181's mouse at line 68 with no backjump: they are turned off for it here, and so
    is ruling 527, whose pair of spendings the other way round finds it there too.)"""
    from rootgame.records.rootlog import solve
    from rootgame.records.rootlog.identity import CardIdentity
    from rootgame.records.rootlog.importer import Importer
    from rootgame.records.rootlog.matching import Matching

    if seed == 1030:
        monkeypatch.setattr(Matching, "past_battle", lambda *_: False)
        monkeypatch.setattr(Matching, "losses_left", lambda *_: False)
    if seed in (1030, 1101):
        rolls_told_apart(monkeypatch)
    if seed == 1181:
        solve_before_465(monkeypatch)
        monkeypatch.setattr(solve, "_freed", lambda *_: None)
    if seed == 1394:
        monkeypatch.setattr(CardIdentity, "solving_suits", False)
        monkeypatch.setattr(CardIdentity, "before_draws", lambda *_: set())

    g = random_game(seed)
    text = as_people_write(export_rootlog(g))
    rec = parse_rootlog(text)
    imp = Importer(rec)
    went: list[tuple[int, int]] = []
    backjump = imp.backjump

    def spy(stack: list[Any]) -> Any:
        back = backjump(stack)
        if back is not None:
            stuck, there = imp.stuck, stack[back].pos.line
            assert stuck is not None and stuck.pos.line is not None and there is not None
            went.append((imp.lines[stuck.pos.line].turn.line, imp.lines[there].turn.line))
        return back

    imp.backjump = spy  # type: ignore[method-assign]
    imp.run(1000 + 3 * sum(len(t.actions) for t in rec.turns))
    assert went and went[0] == (need, spent)
    assert_replays_the_game(replay_rootlog(text), g)


def test_a_card_reserved_for_another_hand_may_have_been_spent_and_drawn_again() -> None:
    """Ruling 424, in a whole game refused at that line before (seed 1224, line 53): the
    Marquise pays a mouse for Field Hospitals ('M#C->') after the Eyrie's mouse ambush
    ('XE7M@'). Every card of her hand was drawn before the reshuffle, and every mouse of
    that pile's time had been spent by its suit but the ambush, which the Eyrie held from a
    draw of that time (serial 83). The ambush is taken to have been spent as a mouse before
    the reshuffle, in the place of the Sword (serial 3), and drawn again by the Eyrie from
    the new pile (serial 90, the card drawn there back in the pile); the Eyrie's earlier
    draw is the Sword, which the Marquise's draw (serial 70) is then given. Exactly once in
    the import, and the game found replays to the same board at every line."""
    from rootgame.records.rootlog.importer import Importer

    g = random_game(1224)
    text = as_people_write(export_rootlog(g))
    assert text.splitlines()[52].startswith("C:t->9/t->12/Z%b/++/XE7M@/M#C->/")
    rec = parse_rootlog(text)
    imp = Importer(rec)
    found: list[Any] = []
    redrawn = imp.redrawn

    def spy(*a: Any) -> Any:
        found.append(redrawn(*a))
        return found[-1]

    imp.redrawn = spy  # type: ignore[method-assign]
    imp.run(1000 + 3 * sum(len(t.actions) for t in rec.turns))
    ambush, sword = (next(c.id for c in DECK if c.key == k) for k in ("ambush:mouse", "sword"))
    assert [f for f in found if f is not None] == [(70, (
        ("rename", 83, sword), ("rename", 3, ambush), ("rename", 90, ambush),
        ("rename", 70, sword), ("rename", 83, next(c.id for c in DECK if c.key == "ambush:rabbit")),
    ))]
    rep = replay_rootlog(text)
    assert_replays_the_game(rep, g)


DRAWS_NAMED_GAMES: tuple[int, ...] = (
    1000, 1004, 1005, 1008, 1009, 1010, 1018, 1023, 1027, 1031, 1033, 1036,
)
"""Seeds of 1000-1229 whose whole game, written as people do but with its draws named
(``as_people_write(..., ("draws",))``: the starting hands still unwritten), imports
(tools/rootlog_people_games.py --keep draws; docs/rootlog.md)."""


@pytest.mark.parametrize("seed", DRAWS_NAMED_GAMES)
def test_whole_games_with_their_draws_named_import_to_the_same_board(seed: int) -> None:
    """Issue 15: a record naming its draws but not the starting hands: the cards dealt stay
    open until the record names them (ruling 410), to the same pieces and scores at the
    end of every line, and the same winner."""
    g = random_game(seed)
    text = as_people_write(export_rootlog(g), ("draws",))
    assert "#->" not in text.partition("\n\n")[2]  # every draw named
    rep = replay_rootlog(text)
    assert_replays_the_game(rep, g)


@pytest.mark.parametrize(("seed", "decisions", "line"), [(1008, 380, 68), (1025, 310, 65)])
def test_6_2_3_field_hospitals_with_unwritten_dice_is_followed(
    seed: int, decisions: int, line: int
) -> None:
    """6.2.3: the warrior removed and saved is written as a move to the keep after the card
    paid ('Ew12->/F#C->/w12->4' of a battle without its dice; 'M#->C/F#C->/w6->2' of a Tax
    Collector). The removal takes up the move's departure while Field Hospitals may still
    be asked (the roll where the Marquise loses none no longer comes first), and a removal
    whose warriors can no longer arrive is not followed (declining Field Hospitals)."""
    g = random_game(seed, decisions)
    text = as_people_write(export_rootlog(g))
    hospital = text.splitlines()[line - 1]
    keep = g.state.fs[0].keep
    assert re.search(rf"/[BFMR]#C->/w\d+->{keep}/", hospital), hospital
    rep = replay_rootlog(text)
    assert_same_board_every_line(rep, g)


def test_6_2_3_field_hospitals_of_a_second_battle_in_a_clearing_is_its_own() -> None:
    """6.2.3 (ruling 411): two battles in clearing 11 without dice (seed 1208, line 31,
    'XE11/Ew11->/.../XE11/Ew11->/M#C->/w11->1'). The warrior saved is the second battle's:
    a roll of the first battle where the Marquise loses one takes the record's move to the
    keep out of its order (the second battle is still open before it), so the roll where
    she loses none is tried first and the game imports (refused at that line before)."""
    g = random_game(1208)
    text = as_people_write(export_rootlog(g))
    line = text.splitlines()[30]
    assert re.search(r"/XE11/Ew11->/.*/XE11/Ew11->/M#C->/w11->1/", line), line
    rep = replay_rootlog(text)
    assert_same_board_every_line(rep, g)


def test_card_sappers_on_an_unwritten_roll_is_followed() -> None:
    """Sappers (ruling 413): the defender's extra hit comes after the roll, which the
    record does not write (seed 1199, line 59, 'XE11/B#sapE$->/++/(Eb+Ew)11->/B#C->/
    w11->1'). A roll on which the Eyrie hits without the card explains every movement but
    the card; once the battle is over and the line starts no other, the card discarded
    from the Eyrie's board can no longer be explained and that course is given up at
    once, so the search comes back to the roll of no hit in time (refused before)."""
    g = random_game(1199)
    text = as_people_write(export_rootlog(g))
    assert "/XE11/B#sapE$->/" in text.splitlines()[58]
    rep = replay_rootlog(text)
    assert_same_board_every_line(rep, g)


def test_7_5_2_a_long_decree_line_is_followed_keeping_the_birds_for_later() -> None:
    """7.5.2: which Decree card carried out each action leaves no trace; a line of six
    moves, two battles and a build (seed 1026, line 47, its Decree cards given by suit)
    imports because a card of the clearing's suit is tried before a bird, which fits any
    clearing and may be the only card left for a later move."""
    g = random_game(1026, 290)
    text = as_people_write(export_rootlog(g))
    decree = text.splitlines()[46]
    assert decree.startswith("E:F#E->$_b/F#E->$_m/") and decree.count("->") >= 12
    rep = replay_rootlog(text)
    assert_same_board_every_line(rep, g)


@pytest.mark.parametrize("seed", [1016, 1029])
def test_a_whole_game_with_a_contradiction_is_refused_at_its_line(seed: int) -> None:
    """A whole game that imports, with one impossible draw added three quarters of the way
    through (two Royal Claims, of which the deck has one): refused at that line, naming
    the movement no assignment of the unnamed cards explains, and why (the turn ends
    without it; seed 1029 named the discard before it, 'F#C->', which the search had
    explained, ruling 412)."""
    g = random_game(seed)
    lines = as_people_write(export_rootlog(g)).splitlines()
    draws = [i for i, ln in enumerate(lines) if ln.startswith("C:") and "#->C" in ln]
    k = draws[len(draws) * 3 // 4]
    import_rootlog("\n".join(lines) + "\n")
    lines[k] = lines[k] + "/#royal+#royal->C"
    with pytest.raises(RootlogError) as e:
        import_rootlog("\n".join(lines) + "\n")
    assert (e.value.line, e.value.fragment) == (k + 1, "#royal+#royal->C")
    assert "no legal action explains this movement (the turn of the marquise ends " \
        "without it)" in str(e.value)


@pytest.mark.parametrize(("who", "added"), [("C", "R#C->"), ("E", "R#E->$_m")])
def test_a_whole_game_with_a_card_too_many_is_refused_at_its_line(who: str, added: str) -> None:
    """A whole game written as people do (seed 1000), with one card spent that no hand can
    give three quarters of the way through: a discard after the Marquise's Evening discard
    (she holds five cards, 6.6: none more to discard), or a card added to the Decree ahead of
    the Eyrie's two (7.4.2: one or two cards). Every assignment of the unnamed cards fails
    at that line, and the error names it and the movement added."""
    g = random_game(1000)
    lines = as_people_write(export_rootlog(g)).splitlines()
    turns = [i for i, ln in enumerate(lines) if ln.startswith(f"{who}:") and f"#->{who}" in ln]
    k = turns[len(turns) * 3 // 4]
    head, _, rest = lines[k].partition("/")
    lines[k] = lines[k] + "/" + added if who == "C" else f"{head}/{added}/{rest}"
    with pytest.raises(RootlogError) as e:
        import_rootlog("\n".join(lines) + "\n")
    assert (e.value.line, e.value.fragment) == (k + 1, added)
    assert "no legal action explains" in str(e.value)


def test_as_people_write_drops_hands_names_and_dice() -> None:
    g = random_game(1001, PEOPLE_DECISIONS)
    text = export_rootlog(g)
    people = as_people_write(text)
    setups = [ln for ln in people.splitlines() if ln.startswith(("C:t_k", "E:"))][:2]
    assert setups and not any("#" in ln.split("/")[0] for ln in setups)
    assert "(3," not in people and "#->C" in people
    assert not re.search(r"[BFMR]#[a-z@]+[CE]->(\$_[rmxb])?(/|$)", people)


def test_a_contradiction_is_refused_at_its_line_naming_the_movement() -> None:
    """A card the record names twice at once cannot be explained by any assignment: the
    error names the line where every assignment fails."""
    g = random_game(1003, 80)
    lines = as_people_write(export_rootlog(g)).splitlines()
    k = next(i for i, ln in enumerate(lines) if ln.startswith("C:") and "#->C" in ln and i > 8)
    # The Marquise draws two Royal Claims: the deck has one.
    lines[k] = lines[k] + "/#royal+#royal->C"
    with pytest.raises(RootlogError) as e:
        import_rootlog("\n".join(lines) + "\n")
    assert e.value.line == k + 1
    assert e.value.fragment.endswith("->C") and "no legal action explains" in str(e.value)


# --- The Woodland Alliance (issue 8/15) -------------------------------------------------------

MEA = ("marquise", "eyrie", "alliance")


def test_alliance_export_writes_its_pieces_officers_and_supporters() -> None:
    """Bases by the suit of their clearing (b_f, b_r, b_m), sympathy 't', officers as
    warriors on the board ('w->$', lost with a base as '2AwA$->'), supporters as cards on
    the board ('...->$' at setup, Mobilize 'F#taxA->$', Outrage 'F#anvilC->A$' or a hand
    shown and a card drawn 'C^A/B#@->A$', spent '(R#bank+B#sap)$->')."""
    g = random_game(1, factions=MEA)
    text = export_rootlog(g)
    rec = parse_rootlog(text)
    assert list(rec.players) == ["C", "E", "A"]
    lines = text.splitlines()
    setup = next(ln for ln in lines if ln.startswith("A:") and not ln.startswith("A: "))
    assert re.fullmatch(rf"A:({_CARD}\+?){{3}}->A/({_CARD}\+?){{3}}->\$", setup)
    body = "/".join(ln for ln in lines if ln[:2] in ("C:", "E:", "A:") and ln[2:3] != " ")
    frags = body.split("/")
    assert any(re.fullmatch(r"b_[frm]->\d+", f) for f in frags)
    assert "t->" in body and "w->$" in body
    assert any(re.fullmatch(rf"{_CARD}A->\$", f) for f in frags)  # Mobilize
    assert any(re.fullmatch(rf"{_CARD}[CE]->A\$", f) for f in frags)  # Outrage
    assert any(re.fullmatch(r"[CE]\^A", f) for f in frags)  # Outrage: no matching card
    assert any(re.fullmatch(rf"\(?({_CARD}\+?)+\)?\$->", f) for f in frags)  # spent
    assert any(re.fullmatch(r"\d*AwA\$->", f) for f in frags)  # officers lost with a base
    alliance = "/".join(ln for ln in lines if ln.startswith("A:"))
    assert not re.search(r"(^|/|:)b_[bs]->|Ab_[bs]", alliance)  # no base b_b or b_s


@pytest.mark.parametrize(
    ("factions", "seed"),
    [(MEA, s) for s in (1, 3, 4, 5, 7, 9)]
    + [(("marquise", "alliance"), s) for s in (1, 2, 3)]
    + [(("alliance", "eyrie"), s) for s in (1, 2, 3)],
)
def test_import_of_an_exported_alliance_game_reproduces_every_turn(
    factions: tuple[str, ...], seed: int
) -> None:
    _alliance_round_trip(factions, seed)


def _alliance_round_trip(factions: tuple[str, ...], seed: int) -> None:
    g = random_game(seed, factions=factions)
    rep = replay_rootlog(export_rootlog(g))
    assert rep.turns == game_turn_states(g)
    game = rep.game
    assert game.scores == g.scores and game.winners == g.winners
    mine, theirs = (x.state.fs[factions.index("alliance")] for x in (game, g))
    assert mine.officers == theirs.officers
    assert sorted(DECK[c].key for c in mine.supporters) == sorted(
        DECK[c].key for c in theirs.supporters)
    again = replay(game.origin, game.history)
    assert again.state.warriors == game.state.warriors and again.scores == game.scores


def test_2_1_supporters_lost_with_a_base_reshuffled_and_drawn_at_once_are_followed() -> None:
    """8.2.4, 2.1: the Marquise removes the Alliance's base in her last action and its 22
    supporters go to an empty discard pile, which is reshuffled at once for her Evening draw
    (MEA 76, line 158; MEA 2 until ruling 434 changed its course). The engine sees them go
    from the board to the draw pile, one to the Marquise's hand: the export writes them
    discarded and that one drawn, and the import follows the step (steps.card_moves,
    steps.reshuffled, the draw settled from the pile shuffled)."""
    text = export_rootlog(random_game(76, factions=MEA))
    assert re.search(
        r"/XA6\(0,3\)/\([^/]*F#gentlyusedknapsack[^/]*\)A\$->/4AwA\$->/Ab_f6->"
        r"/F#gentlyusedknapsack->C$", text, re.M)
    _alliance_round_trip(MEA, 76)


def test_2_1_a_draw_from_a_reshuffled_pile_is_the_card_the_next_draw_names() -> None:
    """MEA 6, line 92: a mouse Crossbow spent from the supporters is reshuffled and drawn
    again by the Tax Collector ('M#crossbow->A'), then mobilized; the Evening draw names the
    other cards of that pile. The engine's draw takes the card the line's next draw names
    (swapped in from the pile) before a later draw naming the card it drew."""
    _alliance_round_trip(MEA, 6)


ALLIANCE_MISSES: tuple[int, ...] = ()
"""Seeds whose record the search does not replay yet (311 replays since a removal is matched
to the earliest written movement; none left)."""


@pytest.mark.parametrize("batch", range(3))
def test_many_seeded_alliance_games_round_trip_line_by_line(batch: int) -> None:
    """Games of the three factions cut after 150 decisions: the setups and the first rounds
    (Revolts, Spread Sympathy, Outrage, Mobilize, Train, officers' operations)."""
    for seed in range(300 + batch * 10, 310 + batch * 10):
        if seed in ALLIANCE_MISSES:
            continue
        g = random_game(seed, 150, MEA)
        rep = replay_rootlog(export_rootlog(g))
        assert rep.turns == game_turn_states(g), seed
        assert rep.game.scores == g.scores, seed


def as_people_write_supporters(text: str) -> str:
    """An exported record with the Alliance, rewritten the way people record it: no
    starting hands, draws unnamed (into a hand or the supporters, ``3#->$``, ``#->A$``),
    Mobilize unnamed (``#A->$``, the supporters are face down, 8.2.2), cards discarded,
    given to the supporters or spent from them by suit only (``F#C->A$``, ``2R#$->``), no
    dice."""

    def rewrite(who: str, f: str) -> str:
        d = re.fullmatch(rf"((?:{_CARD}\+?)+)->([CEA]|A?\$)", f)
        if d:
            n = sum(int(x or 1) for x in re.findall(r"(\d*)[BFMR]#", d.group(1)))
            return f"{n if n > 1 else ''}#->{d.group(2)}"
        if who == "A" and re.fullmatch(rf"{_CARD}A->\$", f):
            return "#A->$"
        if re.search(r"([CEA]->(\$_[rmxb]|A\$)?|(?<![CE])\$->)$", f) and "#" in f:
            return re.sub(r"([BFMR])#(?!dom)[a-z@]+", r"\1#", f)
        return f

    return _rewrite_people_style(text, "CEA", rewrite)


@pytest.mark.parametrize("seed", [1000, 1002, 1003, 1005, 1011, 1014])
def test_a_record_with_unnamed_supporters_imports(seed: int) -> None:
    """Supporters drawn unnamed (``3#->$``, ``#->A$``) and mobilized unnamed (``#A->$``)
    stay open, like unnamed draws into a hand, until the record spends them by suit; the
    importer then gives them the suits it needs (``identity.py``). These seeds import; see
    docs/rootlog.md for what does not yet (a supporter renamed after a decision that
    depended on it)."""
    g = random_game(seed, 40, MEA)
    text = as_people_write_supporters(export_rootlog(g))
    assert "#->$" in text or "#->A$" in text or "#A->$" in text
    rep = replay_rootlog(text)
    assert_same_board_every_line(rep, g)


def test_the_alliance_import_reads_officers_without_their_letter() -> None:
    """'Aw$->' (no letter on the board, as records write it) is the Alliance's own board."""
    from rootgame.records.rootlog.atoms import Converter

    conv = Converter({"C": 0, "E": 1, "A": 2}, ["marquise", "eyrie", "alliance"])
    rec = parse_rootlog("Map: Fall\nDeck: Standard\nC: a\nE: b\nA: c\n\nC:AwA$->/Aw$->\n")
    ln = conv.line(0, rec.turns[0])
    assert [(a.kind, a.key) for a in ln.atoms] == [("remove", (2, "w", -1))] * 2


# --- The commands ----------------------------------------------------------------------------


def test_commands_import_replay_and_play_load_a_rootlog_file(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from rootgame.cli import app
    from rootgame.records.native import replay_record

    runner = CliRunner()
    g = random_game(11, decisions=150)
    src = tmp_path / "game.rootlog"
    src.write_text(export_rootlog(g, names={"C": "AC/DC", "E": "Zoe"}), encoding="utf-8")
    out = tmp_path / "game.rootgame"
    r = runner.invoke(app, ["import", str(src), "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert "wrote" in r.output and "sampled consistently" in r.output
    text = out.read_text(encoding="utf-8")
    assert "# Imported from the Rootlog record game.rootlog" in text
    assert "# Hidden cards the record never names were sampled" in text
    game = replay_record(text)
    assert game.scores == g.scores and game.state.warriors == g.state.warriors
    r = runner.invoke(app, ["replay", str(src)])
    assert r.exit_code == 0, r.output
    assert "Rootlog lines replayed, every movement matches" in r.output
    assert "scores" + str(g.scores).replace(" ", "") in "".join(r.output.split())
    # play --load continues from the record's last line: the human's first prompt comes at
    # once (the bot plays first if it is to decide), and 'quit' leaves after the record's
    # decisions.
    r = runner.invoke(app, ["play", "--as", "marquise", "--load", str(src)], input="quit\n")
    assert r.exit_code == 0, r.output
    assert "You left the game" in r.output


def test_a_rootlog_text_is_told_from_a_rootgame_record_or_save() -> None:
    """How a loaded or uploaded file's kind is told when its name does not say it: a Rootlog
    record's first line that is neither blank nor a comment is a header line."""
    from rootgame.records.rootlog import looks_like_rootlog

    assert looks_like_rootlog("\ufeff// a game\n\n  Map: Winter\nDeck: E&P\n")
    assert looks_like_rootlog("Deck: Standard\nMap: Fall\n")
    assert not looks_like_rootlog("rootgame record 1\nMap: Fall\n")
    assert not looks_like_rootlog('{"map": "Map: Fall"}')
    assert not looks_like_rootlog("// Map: Fall\n")
    assert not looks_like_rootlog("")


def test_commands_refuse_a_bad_rootlog_file_in_one_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from rootgame.cli import app

    runner = CliRunner()
    bad = tmp_path / "winter.rootlog"
    bad.write_text(IMPORT_BASE.replace("Fall", "Winter"), encoding="utf-8")
    for args in (["import", str(bad), "-o", str(tmp_path / "x.rootgame")], ["replay", str(bad)]):
        r = runner.invoke(app, args)
        assert r.exit_code != 0
        assert "the Winter map" in r.output
        assert not (tmp_path / "x.rootgame").exists()
    big = tmp_path / "big.rootlog"
    big.write_text(IMPORT_BASE + "// x\n" * 600_000, encoding="utf-8")
    r = runner.invoke(app, ["replay", str(big)])
    assert r.exit_code != 0 and "too long for a Rootlog record" in r.output


def test_a_5_mb_record_is_refused_before_it_is_read() -> None:
    """Issue 15 ("a 5 MB file is refused in under 2 s"): a record of 5 MB given to the
    library is refused by its length, with the one error that says so, before any line is
    parsed (docs/rootlog.md gives the time)."""
    text = IMPORT_BASE + "C:t_k->1\n" * 600_000
    assert len(text) > 5_000_000
    with pytest.raises(RootlogError) as e:
        replay_rootlog(text)
    assert e.value.line == 0
    assert str(e.value).startswith(f"a Rootlog record of {len(text)} characters is too long")


# --- Fuzz ----------------------------------------------------------------------------------

ALPHABET = list("CEAVGLODPHKXZBFMRQwpbtrfsdehx%_$#@*^?<->+()/;:,0123456789 \n") + [
    "Map: Fall\n",
    "Deck: Standard\n",
    "C:",
    "E:",
    "->",
    "++",
    "//",
    "Winner:",
    "XE3",
    "(2F+M)#",
    "$_",
    "\u00b2",
]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(ALPHABET), max_size=60).map("".join))
def test_fuzz_parser_raises_only_rootlog_errors(text: str) -> None:
    try:
        parse_rootlog("Map: Fall\nDeck: Standard\nC: Ann\n" + text)
    except RootlogError as e:
        assert str(e)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_fuzz_arbitrary_text_raises_only_rootlog_errors(text: str) -> None:
    try:
        parse_rootlog(text)
    except RootlogError as e:
        assert str(e)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(ALPHABET), max_size=30).map("".join))
def test_fuzz_import_raises_only_rootlog_errors(text: str) -> None:
    try:
        import_rootlog("Map: Fall\nDeck: Standard\nC: Ann\nE: Bo\n" + text)
    except RootlogError as e:
        assert str(e)
