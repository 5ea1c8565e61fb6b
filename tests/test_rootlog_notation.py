"""Issue 3, item 5: reading the Rootlog notation (``records/rootlog/reader.py``, ``grammar.py``).

The parser reads every line of the five real games in ../shared/rootlog (their headers set up
games, and their import is refused at the header naming exactly what rootgame lacks); tricky
fragments and every example of the specification give exact structures; a player's name is
any text; errors name the line, the column, the fragment and what was expected; arbitrary
text never raises anything but RootlogError (the fuzz tests).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lawkit import random_game

from rootgame import new_game
from rootgame.board import load_board
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
    board_lines,
    export_rootlog,
    game_turn_states,
    import_rootlog,
    parse_action,
    parse_rootlog,
    replay_rootlog,
)

# --- The real games --------------------------------------------------------------------------


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


# --- Tricky fragments ------------------------------------------------------------------------


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
h_Op->4 h_OXD4 ?Pt3^t_e #C->P %t+%c->t (w+Ew+Lw)9-> XA9 At9-> ++4 ++5 XK9 3w->O$ B#O->C
t->2 t2-> b_r->6 b_s->3 B#C-> w->10+11 w->6+10 3#->O 3Dw4-> Zh ^
""".split()
"""Every example action of the notation's specification (Rootlog_V2.md, V2.8 as revised: the
example actions, sequences and turns) and the later forms issue 15 names."""


@pytest.mark.parametrize("text", SPEC_EXAMPLES)
def test_every_example_action_of_the_specification_parses(text: str) -> None:
    a = parse_action(text)
    assert a.text == text


@pytest.mark.parametrize("thing", ["F#", "2R#", "#sappers", "#sap", "(2F+M)#", "R#favor", "%_"])
def test_every_example_thing_of_the_specification_parses(thing: str) -> None:
    assert isinstance(parse_action(thing + "C->"), Move)


# --- Player names of any text ----------------------------------------------------------------


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


# --- Fuzz ------------------------------------------------------------------------------------


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


# --- The review of the notation, line by line (rulings 180-184) ------------------------------


def _imports_alike(game: object, text: str) -> bool:
    rep = replay_rootlog(text)
    return bool(board_lines(rep.turns) == board_lines(game_turn_states(game)))


def test_ruling_180_a_craft_written_without_its_percent_sign_is_the_item() -> None:
    """The specification's example turn crafts a hammer as ``Zh`` where its syntax writes
    ``Z%h``: one letter of an item is that item (no card is called by one letter)."""
    assert parse_action("Zh") == Craft(item="h")
    assert parse_action("Zu") == Craft(item="u")
    assert parse_action("Zsap") == Craft(card="sap")
    g = random_game(2, 150)
    text = export_rootlog(g)
    assert re.findall(r"Z%\w", text) == ["Z%t", "Z%t", "Z%c"]
    assert _imports_alike(g, text.replace("Z%", "Z"))


def test_ruling_181_a_hireling_stands_where_a_faction_does() -> None:
    """``h_<X>[d]`` owns pieces and fights (the specification's ``h_Op->4/h_OXD4``); the
    import refuses it by name, at its line and column."""
    assert parse_action("h_Op->4") == Move((Term(1, Piece("h_O", "p")),), (Place.clearing(4),))
    assert parse_action("h_OXD4") == Battle("h_O", "D", 4)
    assert parse_action("Xh_E3(2,1)") == Battle(None, "h_E", 3, (), (2, 1))
    assert parse_action("(h_Edw+Ew)3->") == Move((Term(1, Piece("h_E", "w"), C3),
                                                  Term(1, Piece("E", "w"), C3)))
    assert parse_action("h_Ed->A$4") == Move((Term(1, Hireling("E", demoted=True)),),
                                              (Place("board", faction="A", name="4"),))
    g = random_game(3, 60)
    lines = export_rootlog(g).splitlines()
    k = next(i for i, ln in enumerate(lines) if ln.startswith("C:") and i > 12)
    col = len(lines[k]) + 2
    lines[k] += "/h_OXD4"
    with pytest.raises(RootlogError) as e:
        import_rootlog("\n".join(lines) + "\n")
    assert (e.value.line, e.value.column, e.value.problem) == (
        k + 1, col, "h_O is a hireling, and rootgame has no hirelings yet")


def test_ruling_182_the_raft_is_the_ferry() -> None:
    """The Ferry was ``r`` (the raft) before version 2.8, whose example still moves
    ``(3w+r)1->12``: ``r`` reads as ``f``, and such a record imports."""
    assert parse_action("(3w+r)1->12") == Move(
        (Term(3, Piece(None, "w"), Place.clearing(1)),
         Term(1, Piece(None, "f"), Place.clearing(1))),
        (Place.clearing(12),))
    g = random_game(1, 150, map="lake")
    text = export_rootlog(g)
    assert "(w+f)1->12" in text
    assert _imports_alike(g, text.replace("+f)", "+r)"))


def test_ruling_183_points_for_pieces_removed_follow_the_removal() -> None:
    """As the specification's examples (``XE3/(w+2Ew+Eb)3->/++``), a battle's points come
    after the pieces it removed; the Eyrie's roost points still come before their draw."""
    text = export_rootlog(random_game(5, 120))
    assert "XC9(3,1)/Cb_w9->/++/" in text
    assert not re.search(r"X\w\d+(\(\d,\d\))?/[CE]?\+\+", text)
    assert re.search(r"/\+\+\d?/[BFMR]#\w+->E$", text, re.M)


def test_ruling_184_the_hirelings_header_and_their_setup() -> None:
    """``Hirelings: <hirelings>[/<setup>]``: the setup after the first ``/`` that begins
    movements (a name may hold a ``/``); the import refuses naming the hirelings only."""
    head = "Map: Fall\nDeck: Standard\nHirelings: {}\nC: Ann\nE: Bo\n\nC:t_k->1\n"
    rec = parse_rootlog(head.format("h_E, h_Vd, h_O/h_Ew->3+4/h_Vp->5"))
    assert rec.hirelings == ("h_E", "h_Vd", "h_O")
    assert rec.hireling_setup == [
        Move((Term(1, Piece("h_E", "w")),), (C3, Place.clearing(4))),
        Move((Term(1, Piece("h_V", "p")),), (Place.clearing(5),)),
    ]
    assert [a.column for a in rec.hireling_setup] == [27, 37]
    rec = parse_rootlog(head.format("Forest Patrol/Feline Physicians, Last Dynasty"))
    assert rec.hirelings == ("Forest Patrol/Feline Physicians", "Last Dynasty")
    assert rec.hireling_setup == []
    with pytest.raises(RootlogError, match=r"needs: hirelings \(h_E, h_Vd, h_O\);"):
        import_rootlog(head.format("h_E, h_Vd, h_O/h_Ew->3+4/h_Vp->5"))
    with pytest.raises(RootlogError) as e:
        parse_rootlog(head.format("h_E/h_Ew->13"))
    assert (e.value.line, e.value.column, e.value.fragment) == (3, 22, "h_Ew->13")


def test_ruling_185_the_adset_layout_a_player_line_before_each_setup() -> None:
    """In ADSET each player line comes just before that faction's setup line: such a line
    names the player while every turn so far is a setup, unless it reads as actions; a
    record so laid out imports as the usual one."""
    text = "Map: Fall\nDeck: Standard\nC: Ann\nC:t_k->1\nE: AC/DC // host\nE:b->3\nE: b->4\n"
    rec = parse_rootlog(text)
    assert rec.players == {"C": "Ann", "E": "AC/DC"}
    assert (5, "host") in rec.comments
    assert [(t.faction, t.setup, t.line) for t in rec.turns] == [
        ("C", True, 4), ("E", True, 6), ("E", False, 7)]
    with pytest.raises(RootlogError, match="line 5, column 4: not an action"):
        parse_rootlog("Map: Fall\nDeck: Standard\nC:t_k->1\nE:b->3\nC: Ann\n")
    g = random_game(3, 60)
    lines = export_rootlog(g).splitlines()
    players = {ln[0]: ln for ln in lines if ln[1:3] == ": "}
    adset = [ln for ln in lines if ln[1:3] != ": "]
    for letter, ln in players.items():
        k = next(i for i, x in enumerate(adset) if x.startswith(letter + ":"))
        adset.insert(k, ln)
    assert adset[3:7] == ["", "C: Player 1", adset[5], "E: Player 2"]
    assert _imports_alike(g, "\n".join(adset) + "\n")


def test_ruling_186_two_clearings_are_a_path_three_a_forest() -> None:
    """A forest has three clearings or more, a path two (the Highway Bandits' places)."""
    assert parse_action("w->3_7") == Move((Term(1, Piece(None, "w")),),
                                          (Place("path", (3, 7)),))
    assert parse_action("p->3_6_7") == Move((Term(1, Piece(None, "p")),),
                                            (Place("forest", (3, 6, 7)),))
    with pytest.raises(RootlogError, match="lowest to highest"):
        parse_action("w->7_3")
    g = random_game(3, 60)
    lines = export_rootlog(g).splitlines()
    k = next(i for i, ln in enumerate(lines) if ln.startswith("C:") and i > 12)
    lines[k] += "/w->3_7"
    with pytest.raises(RootlogError, match="a path is not a place for this piece"):
        import_rootlog("\n".join(lines) + "\n")


def test_ruling_187_a_line_of_only_a_comment() -> None:
    """The specification shows comments at the end of a line only: a line that is only a
    comment is read as a comment anywhere, even before ``Map:``, and the export's first line
    is one (what wrote the record), so that its other lines keep their numbers."""
    text = export_rootlog(random_game(3, 20))
    first, second = text.splitlines()[:2]
    assert first.startswith("// Written by rootgame ") and second == "Map: Fall"
    rec = parse_rootlog(text)
    assert rec.comments[0][0] == 1 and rec.header_lines["Map"] == 2
    rec = parse_rootlog("// a\nMap: Fall\n// b\nDeck: Standard\nC: Ann\n// c\nC:t_k->1\n")
    assert [n for n, _ in rec.comments] == [1, 3, 6] and rec.turns[0].line == 7


def test_ruling_188_an_exposure_in_either_of_the_specifications_forms() -> None:
    """The syntax writes the guessed plot before its clearing (``?Pt_e3``), the example the
    plot at its clearing and the guess after ``^`` (``?Pt3^t_e``): both read."""
    assert parse_action("?Pt_e3") == Expose(Piece("P", "t", "e"), 3)
    assert parse_action("?Pt3^t_e") == Expose(Piece("P", "t"), 3, Piece(None, "t", "e"))
