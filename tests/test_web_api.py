"""The browser app's HTTP API and WebSockets (docs/web.md): every endpoint and refusal."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from webkit import (
    HERE_VS_BOT,
    HOTSEAT,
    TWO_ONLINE,
    client,
    my_turn,
    play_steps,
    postgres,
    wait_for,
)

from rootgame.cards import N_CARDS
from rootgame.records.native import replay_record
from rootgame.records.rootlog import game_turn_states, parse_rootlog, replay_rootlog

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
__all__ = ["postgres"]  # the fixture


@pytest.fixture
def c(tmp_path: Path) -> Any:
    with client(tmp_path) as cl:
        yield cl


def new(c: TestClient, spec: dict[str, Any]) -> dict[str, Any]:
    r = c.post("/api/games", json=spec)
    assert r.status_code == 200, r.text
    return dict(r.json())


def state(c: TestClient, token: str, **params: Any) -> dict[str, Any]:
    r = c.get(f"/api/play/{token}", params=params)
    assert r.status_code == 200, r.text
    return dict(r.json())


TWO_BOTS = {"seats": [{"faction": "marquise", "kind": "bot"},
                     {"faction": "eyrie", "kind": "bot"}], "seed": 3}
FOUR_BOTS_ON_THE_LAKE = {
    "seats": [{"faction": f, "kind": "bot"} for f in ("marquise", "eyrie", "alliance", "vagabond")],
    "seed": 4, "map": "lake", "deck": "exiles",
}


TWO_BOTS_IN_THE_MOUNTAINS = {
    "seats": [{"faction": f, "kind": "bot"} for f in ("marquise", "eyrie")],
    "seed": 5, "map": "mountain", "suits": "random", "landmarks": ["forge", "black-market"],
}


def all_bots_finished(c: TestClient, spec: dict[str, Any] = TWO_BOTS) -> str:
    g = new(c, spec)
    assert g["links"] == []
    end = time.time() + 300
    while time.time() < end:
        w = c.get(f"/api/watch/{g['game_id']}", params={"log": "false"}).json()
        if w["view"]["winners"]:
            return str(g["game_id"])
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


# --- reference data ---------------------------------------------------------------------------


def test_meta_lists_factions_bots_languages(c: TestClient) -> None:
    m = c.get("/api/meta").json()
    assert {"marquise", "eyrie"} <= set(m["factions"])
    assert "random" in m["bots"]
    assert m["languages"] == ["en", "pl", "es", "pt"]


def test_text_comes_in_each_language_and_unknown_ones_are_refused(c: TestClient) -> None:
    en = c.get("/api/text/en").json()
    pl = c.get("/api/text/pl").json()
    assert en["factions"]["eyrie"] == "Eyrie Dynasties"
    assert pl["factions"]["eyrie"] != en["factions"]["eyrie"]
    assert pl["ui"]["undo"] != en["ui"]["undo"]
    assert len(en["cards"]) == N_CARDS + 2  # both decks' cards and the two face-down backs
    r = c.get("/api/text/xx")
    assert r.status_code == 422 and "unknown language" in r.json()["error"]


def test_the_boards_printed_numbers_and_names_come_with_the_page(c: TestClient) -> None:
    # The table draws each faction's tracks from the engine's own numbers, and names every
    # character, item state, quest and relationship step in each language.
    from rootgame.factions import alliance, eyrie, marquise, vagabond

    b = c.get("/api/meta").json()["boards"]
    assert b["alliance"]["cost"] == list(alliance.SYMPATHY_COST)
    assert b["alliance"]["vp"] == list(alliance.SYMPATHY_VP) and len(b["alliance"]["vp"]) == 10
    assert b["eyrie"]["vp"] == list(eyrie.ROOST_VP) and b["eyrie"]["draw_bonus_at"] == [3, 6]
    assert b["marquise"]["vp"]["workshop"] == list(marquise.VP["workshop"])
    assert b["vagabond"]["relationship_steps"] == ["hostile", "indifferent", "1", "2", "allied"]
    assert b["vagabond"]["relationship_vp"] == list(vagabond.REL_VP)
    assert set(b["vagabond"]["quests"]) == set(vagabond.QUEST_KEYS)
    en = c.get("/api/text/en").json()
    assert en["quests"]["expel-bandits:mouse"] == "Expel Bandits (mouse)"
    assert en["relationships"]["1"] == "on space 1"
    for lang in ("pl", "es", "pt"):
        t = c.get(f"/api/text/{lang}").json()
        for table in ("characters", "item_states", "quests", "relationships", "factions_short"):
            assert t[table].keys() == en[table].keys()
            assert all(t[table][k] != en[table][k] for k in ("thief", "down", "allied")
                       if k in en[table]), (lang, table)
        boards = [k for k in en["ui"] if k in ("sympathy_track", "satchel", "roost_track",
                                                "supporters_face_down", "quests_available")]
        assert len(boards) == 5 and all(t["ui"][k] != en["ui"][k] for k in boards), lang


def test_map_layout_has_every_clearing_in_place(c: TestClient) -> None:
    m = c.get("/api/maps/autumn").json()
    assert [x["id"] for x in m["clearings"]] == list(range(1, 13))
    assert all(len(x["xy"]) == 2 for x in m["clearings"])
    assert len(m["paths"]) == 18 and len(m["forests"]) == 7 and m["rivers"]
    r = c.get("/api/maps/tundra")
    assert r.status_code == 404 and "the maps are: autumn, winter, lake, mountain" in r.json()[
        "error"]


@pytest.mark.parametrize("name", ["winter", "lake", "mountain"])
def test_every_map_is_drawn_with_its_own_features(c: TestClient, name: str) -> None:
    # Appendix M: every map of the engine can be drawn, with the Lake's Ferry and coast and
    # the Mountain's closed paths and tower; suits come from each game (none printed here).
    m = c.get(f"/api/maps/{name}").json()
    assert [x["id"] for x in m["clearings"]] == list(range(1, 13))
    assert all(0 < v < m["size"][i] for x in m["clearings"] for i, v in enumerate(x["xy"]))
    assert all(x["suit"] is None for x in m["clearings"])
    assert (m["ferry"] == 1 and m["coastal"] == [1, 10, 11, 12]) if name == "lake" else (
        m["ferry"] is None)
    assert (len(m["closed_paths"]) == 6 and m["tower"] == 10) if name == "mountain" else (
        not m["closed_paths"] and m["tower"] is None)
    assert name in c.get("/api/meta").json()["maps"]


def test_a_game_on_the_mountain_with_the_vagabond(c: TestClient) -> None:
    # A new game names its map and suit layout; its view gives the dealt suits, the closed
    # paths, the tower, and the Vagabond whose pawn the map draws.
    g = new(c, {"seats": [{"faction": "marquise", "kind": "here"},
                          {"faction": "eyrie", "kind": "bot"},
                          {"faction": "vagabond", "kind": "bot"}],
                "map": "mountain", "suits": "suggested", "seed": 5})
    st = c.get(f"/api/play/{g['links'][0]['token']}").json()
    v = st["view"]
    assert v["map"] == "mountain" and v["tower"] == 10 and len(v["closed_paths"]) == 6
    lay = {x["id"]: x["suit"] for x in c.get("/api/maps/mountain").json()["clearings"]}
    assert all(lay[x["id"]] is None and x["suit"] in ("fox", "rabbit", "mouse")
               for x in v["clearings"])
    assert "vagabond" in [p["faction"] for p in v["players"]]


def test_a_game_with_the_exiles_and_partisans_deck(c: TestClient) -> None:
    g = new(c, {"seats": [{"faction": "marquise", "kind": "here"},
                          {"faction": "eyrie", "kind": "bot"}], "deck": "exiles", "seed": 2})
    st = c.get(f"/api/play/{g['links'][0]['token']}").json()
    assert "exiles" in c.get("/api/meta").json()["decks"]
    assert c.get("/api/text/pt").json()["decks"]["exiles"]
    r = c.post("/api/games", json={"seats": [{"faction": "marquise", "kind": "here"},
                                             {"faction": "eyrie", "kind": "bot"}], "deck": "x"})
    assert r.status_code == 422 and "unknown deck 'x'" in r.json()["error"]
    assert st["view"]["shared_deck"] == "exiles"


def test_a_clockwork_bot_is_seated_with_its_difficulty_and_traits(c: TestClient) -> None:
    """Law of Rootbotics 3.3: the lobby offers each Clockwork bot's difficulties and traits
    (from the engine), the game is made with them, and a bad setting is refused by name."""
    meta = c.get("/api/meta").json()
    assert meta["clockwork"]["electric-eyrie"]["difficulties"] == [
        "easy", "default", "challenging", "nightmare"]
    assert "swoop" in meta["clockwork"]["electric-eyrie"]["traits"]
    assert "marquise" not in meta["clockwork"]
    names = c.get("/api/text/es").json()
    assert names["difficulties"]["nightmare"] and names["traits"]["war-tax"]
    seats = [{"faction": "marquise", "kind": "here"}, {"faction": "electric-eyrie", "kind": "bot"}]
    g = new(c, {"seats": seats, "seed": 3, "bots": {
        "electric-eyrie": {"difficulty": "challenging", "traits": ["swoop", "nobility"]}}})
    view = c.get(f"/api/play/{g['links'][0]['token']}").json()["view"]
    board = next(p["board"] for p in view["players"] if p["faction"] == "electric-eyrie")
    assert board["difficulty"] == "challenging" and board["traits"] == ["nobility", "swoop"]
    bad = c.post("/api/games", json={"seats": seats, "bots": {
        "electric-eyrie": {"difficulty": "hard"}}})
    assert bad.status_code == 422
    assert "difficulty is one of easy, default, challenging, nightmare, not 'hard'" in (
        bad.json()["error"])
    bad = c.post("/api/games", json={"seats": seats, "bots": {"marquise": {}}})
    assert bad.status_code == 422 and "marquise is not a Clockwork bot" in bad.json()["error"]


def test_lr_3_5_a_cooperative_game_from_the_lobby(c: TestClient) -> None:
    """Law of Rootbotics 3.5: the lobby's Cooperative box makes a fully cooperative game
    (no dominance card, the view says so); a table without a bot is refused by name."""
    seats = [{"faction": "marquise", "kind": "here"}, {"faction": "alliance", "kind": "bot"},
             {"faction": "vagabond", "kind": "bot"}, {"faction": "electric-eyrie", "kind": "bot"}]
    g = new(c, {"seats": seats, "seed": 3, "cooperative": True})
    view = c.get(f"/api/play/{g['links'][0]['token']}").json()["view"]
    assert view["cooperative"] is True
    assert sorted(x["key"] for x in view["removed_cards"])[:1] == ["dominance:bird"]
    assert len(view["removed_cards"]) == 4
    assert c.get("/api/text/pt").json()["ui"]["cooperative_goal"]
    bad = c.post("/api/games", json={"seats": seats[:3], "cooperative": True})
    assert bad.status_code == 422 and "at least one of each" in bad.json()["error"]


def test_a_game_with_landmarks_named_or_dealt(c: TestClient) -> None:
    seats = [{"faction": "marquise", "kind": "here"}, {"faction": "eyrie", "kind": "bot"}]
    meta = c.get("/api/meta").json()
    assert "forge" in meta["landmarks"] and len(meta["landmarks"]) == 6
    assert c.get("/api/text/pl").json()["landmarks"]["forge"]
    g = new(c, {"seats": seats, "landmarks": ["forge", "black-market"], "seed": 2})
    view = c.get(f"/api/play/{g['links'][0]['token']}").json()["view"]
    assert set(view["landmarks"]) == {"forge", "black-market"}
    g = new(c, {"seats": seats, "landmarks": 1, "seed": 3})
    view = c.get(f"/api/play/{g['links'][0]['token']}").json()["view"]
    assert len(view["landmarks"]) == 1
    r = c.post("/api/games", json={"seats": seats, "landmarks": ["castle"]})
    assert r.status_code == 422 and "castle" in r.json()["error"] and "forge" in r.json()["error"]


@pytest.mark.parametrize(
    ("extra", "words"),
    [({"map": "tundra"}, "unknown map 'tundra'"),
     ({"map": "autumn", "suits": "suggested"}, "no suggested layout"),
     ({"map": "winter", "suits": "printed"}, "prints no suits"),
     ({"map": "lake", "suits": "FFFF"}, "suits")],
)
def test_a_bad_map_or_layout_is_refused_clearly(c: TestClient, extra: dict[str, Any],
                                                words: str) -> None:
    spec = {"seats": [{"faction": "marquise", "kind": "here"},
                      {"faction": "eyrie", "kind": "bot"}], **extra}
    r = c.post("/api/games", json=spec)
    assert r.status_code == 422 and words in r.json()["error"], r.json()


def test_pages_are_served(c: TestClient) -> None:
    for path in ("/", "/play/x", "/watch/x", "/replay/x"):
        r = c.get(path)
        assert r.status_code == 200 and "/static/app.js" in r.text
    assert "function drawMap" in c.get("/static/app.js").text


# --- creating games ---------------------------------------------------------------------------


def test_a_game_against_a_bot_has_one_secret_link(c: TestClient) -> None:
    g = new(c, HERE_VS_BOT)
    assert len(g["links"]) == 1 and g["links"][0]["seats"] == [0]
    # token_urlsafe: 24 bytes (192 bits) for a seat, 16 bytes (128 bits) for a game id.
    assert len(g["links"][0]["token"]) >= 32 and len(g["game_id"]) >= 22


def test_online_seats_get_one_link_each(c: TestClient) -> None:
    g = new(c, TWO_ONLINE)
    assert [x["seats"] for x in g["links"]] == [[0], [1]]
    assert g["links"][0]["token"] != g["links"][1]["token"]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ({"seats": [{"faction": "dragons", "kind": "here"},
                    {"faction": "eyrie", "kind": "bot"}]}, "unknown faction"),
        ({"seats": [{"faction": "marquise", "kind": "here"},
                    {"faction": "eyrie", "kind": "bot", "bot": "genius"}]}, "unknown bot"),
        ({"seats": [{"faction": "marquise", "kind": "here"}]}, "seats"),
        ({"seats": [{"faction": "marquise", "kind": "here"},
                    {"faction": "marquise", "kind": "online"}]}, "one player"),
        ({"seats": [{"faction": "marquise", "kind": "sofa"},
                    {"faction": "eyrie", "kind": "bot"}]}, "kind"),
        ({"seats": [{"faction": "marquise", "kind": "here"},
                    {"faction": "eyrie", "kind": "bot"}], "seed": -1}, "seed"),
    ],
)
def test_a_bad_new_game_is_refused_clearly(c: TestClient, spec: dict[str, Any],
                                           words: str) -> None:
    r = c.post("/api/games", json=spec)
    assert r.status_code == 422
    assert words in r.json()["error"]


def test_malformed_and_oversized_bodies_are_refused(c: TestClient) -> None:
    r = c.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["code"] == "bad_request"
    big = json.dumps({"seats": [], "pad": "x" * 100_000})
    r = c.post("/api/games", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["error"]


# --- playing ------------------------------------------------------------------------------------


def test_an_action_is_taken_and_the_version_moves_on(c: TestClient) -> None:
    g = new(c, TWO_ONLINE)
    t0 = g["links"][0]["token"]
    st = state(c, t0)
    assert st["version"] == 0 and st["legal"]
    r = c.post(f"/api/play/{t0}/act", json={"version": 0, "action": st["legal"][0]["token"]})
    assert r.status_code == 200 and r.json()["version"] == 1


def test_a_stale_version_is_refused_and_changes_nothing(c: TestClient) -> None:
    g = new(c, TWO_ONLINE)
    t0 = g["links"][0]["token"]
    st = state(c, t0)
    tok = st["legal"][0]["token"]
    c.post(f"/api/play/{t0}/act", json={"version": 0, "action": tok})
    before = state(c, t0)
    r = c.post(f"/api/play/{t0}/act", json={"version": 0, "action": tok})
    assert r.status_code == 409 and r.json()["code"] == "stale"
    assert "version 0" in r.json()["error"] and "version 1" in r.json()["error"]
    assert state(c, t0) == before


def test_an_illegal_action_shows_the_engines_explanation_in_the_language(c: TestClient) -> None:
    g = new(c, TWO_ONLINE)
    t0 = g["links"][0]["token"]
    r = c.post(f"/api/play/{t0}/act", json={"version": 0, "action": "march 1 2"})
    assert r.status_code == 422 and r.json()["code"] == "illegal"
    assert "is not legal now" in r.json()["error"]
    r = c.post(f"/api/play/{t0}/act", params={"lang": "pl"},
               json={"version": 0, "action": "march 1 2"})
    assert "nie jest teraz dozwolone" in r.json()["error"]
    r = c.post(f"/api/play/{t0}/act", json={"version": 0, "action": "!!"})
    assert r.status_code == 422 and "action token" in r.json()["error"]
    assert state(c, t0)["version"] == 0


def test_only_the_deciding_seat_acts(c: TestClient) -> None:
    g = new(c, TWO_ONLINE)
    t0, t1 = (x["token"] for x in g["links"])
    deciding, waiting = (t0, t1) if state(c, t0)["legal"] else (t1, t0)
    assert state(c, waiting)["legal"] is None
    tok = state(c, deciding)["legal"][0]["token"]
    r = c.post(f"/api/play/{waiting}/act", json={"version": 0, "action": tok})
    assert r.status_code == 409 and r.json()["code"] == "not_yours"
    r = c.post(f"/api/play/{t0}/act", json={"seat": 1, "version": 0, "action": tok})
    assert r.status_code == 403 and "does not play seat 1" in r.json()["error"]


def test_unknown_links_and_games_are_404(c: TestClient) -> None:
    for path in ("/api/play/nope", "/api/watch/nope", "/api/games/nope/record",
                 "/api/replays/nope"):
        r = c.get(path)
        assert r.status_code == 404, path
        assert r.json()["error"]
    r = c.post("/api/play/nope/act", json={"version": 0, "action": "keep 1"})
    assert r.status_code == 404


def test_bad_request_fields_are_named(c: TestClient) -> None:
    g = new(c, TWO_ONLINE)
    t0 = g["links"][0]["token"]
    r = c.post(f"/api/play/{t0}/act", json={"version": "soon", "action": "keep 1"})
    assert r.status_code == 422 and "version" in r.json()["error"]
    r = c.post(f"/api/play/{t0}/act", json={"version": 0, "action": "x" * 500})
    assert r.status_code == 422 and "action" in r.json()["error"]


def test_bots_move_off_the_loop_until_the_human_decides(c: TestClient) -> None:
    g = new(c, HERE_VS_BOT)
    t = g["links"][0]["token"]
    st = play_steps(c, t, 6)
    assert st["version"] > 6  # the bot's decisions are committed too
    assert my_turn(st)


def test_undo_takes_back_the_seats_decision(c: TestClient) -> None:
    g = new(c, TWO_ONLINE)
    t0, t1 = (x["token"] for x in g["links"])
    me = t0 if state(c, t0)["legal"] else t1
    st = state(c, me)
    assert not st["can_undo"]
    c.post(f"/api/play/{me}/act", json={"version": 0, "action": st["legal"][0]["token"]})
    after = state(c, me)
    assert after["can_undo"]
    r = c.post(f"/api/play/{me}/undo", json={"version": 1})
    assert r.status_code == 200 and r.json()["version"] == 2
    back = state(c, me)
    assert back["view"]["decision"] == st["view"]["decision"]
    assert back["view"]["clearings"] == st["view"]["clearings"]
    r = c.post(f"/api/play/{me}/undo", json={"version": 2})
    assert r.status_code == 409 and r.json()["code"] == "no_undo"


# --- hidden information -------------------------------------------------------------------------


def test_a_seat_sees_its_hand_and_never_anothers_or_the_deck(c: TestClient) -> None:
    g = new(c, TWO_ONLINE)
    t0, t1 = (x["token"] for x in g["links"])
    hub = c.app.state.hub  # type: ignore[attr-defined]
    for _ in range(40):
        st0, st1 = state(c, t0), state(c, t1)
        live = hub.games[g["game_id"]]
        hands = [[x for x in s.hand] for s in live.game.state.seats]
        for seat, st in ((0, st0), (1, st1)):
            assert [x["id"] for x in st["view"]["hand"]] == hands[seat]
            text = json.dumps(st)
            assert '"deck"' not in text
            other = live.game.factions[1 - seat]
            assert not any(line.startswith(("Eyrie Dynasties: draws", "Marquise de Cat: draws"))
                           and "(" in line and other[:3].title() in line[:12]
                           for line in st["log"])
            assert all(p.get("hand") is None for p in st["view"]["players"])
        me = t0 if st0["legal"] else t1
        st = st0 if st0["legal"] else st1
        if st["view"]["winners"]:
            break
        c.post(f"/api/play/{me}/act", json={"version": st["version"],
                                             "action": st["legal"][-1]["token"]})
    w = c.get(f"/api/watch/{g['game_id']}").json()
    assert w["view"]["hand"] is None and w["legal"] is None
    assert not any("draws" in line and "(" in line for line in w["log"])


# --- records ------------------------------------------------------------------------------------


def test_records_of_a_game_in_progress_are_refused(c: TestClient) -> None:
    g = new(c, TWO_ONLINE)
    r = c.get(f"/api/games/{g['game_id']}/record")
    assert r.status_code == 403 and "hidden cards" in r.json()["error"]


@pytest.mark.parametrize("spec", [TWO_BOTS, FOUR_BOTS_ON_THE_LAKE, TWO_BOTS_IN_THE_MOUNTAINS],
                         ids=["two", "four-lake", "two-mountain-landmarks"])
def test_a_finished_game_downloads_as_a_record_and_rootlog(
    c: TestClient, spec: dict[str, Any]
) -> None:
    gid = all_bots_finished(c, spec)
    r = c.get(f"/api/games/{gid}/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    game = replay_record(r.text)
    assert game.is_over
    r2 = c.get(f"/api/games/{gid}/rootlog")
    # Every map and deck is written (issue 9): the header sets the same game up, and the
    # record replays to the same board line by line.
    assert r2.status_code == 200 and "attachment" in r2.headers["content-disposition"], r2.text
    rec = parse_rootlog(r2.text)
    assert rec.setup_options()["map"] == game.state.map
    assert rec.setup_options()["deck"] == game.state.shared_deck
    assert (rec.clearings is None) == (game.state.map == "autumn" and not game.state.suits)
    assert replay_rootlog(r2.text).turns == game_turn_states(game)
    up = c.post("/api/replays", json={"text": r.text})
    assert up.status_code == 200
    rid, steps = up.json()["id"], up.json()["steps"]
    assert steps == len(game.history)
    s0 = c.get(f"/api/replays/{rid}", params={"step": 0}).json()
    s5 = c.get(f"/api/replays/{rid}", params={"step": 5, "lang": "es"}).json()
    last = c.get(f"/api/replays/{rid}").json()
    assert s0["step"] == 0 and s5["step"] == 5 and last["step"] == steps
    assert last["view"]["winners"] and s0["view"]["hand"] is None
    assert s0["view"]["private"] is None and last["view"]["private"] is None  # public only
    assert [p["faction"] for p in last["view"]["players"]] == [
        x["faction"] for x in spec["seats"]]
    assert s5["next"] == game.history[5]
    bad = c.get(f"/api/replays/{rid}", params={"step": steps + 1})
    assert bad.status_code == 422 and str(steps) in bad.json()["error"]


def test_a_game_rootlog_cannot_write_is_refused_naming_why(c: TestClient) -> None:
    """Only a game with a Clockwork bot has no Rootlog form (the notation has no letter for
    it, ruling 176): a clear refusal in the player's language, never a crash."""
    spec = {"seats": [{"faction": "marquise", "kind": "bot"},
                      {"faction": "electric-eyrie", "kind": "bot"}], "seed": 3}
    gid = all_bots_finished(c, spec)
    r = c.get(f"/api/games/{gid}/rootlog")
    assert r.status_code == 422 and r.json()["code"] == "no_rootlog", r.text
    assert "electric-eyrie" in r.json()["error"] and "native record" in r.json()["error"]
    es = c.get(f"/api/games/{gid}/rootlog", params={"lang": "es"}).json()["error"]
    assert "Rootlog" in es and es != r.json()["error"]
    assert c.get(f"/api/games/{gid}/record").status_code == 200


def test_a_broken_or_oversized_record_is_refused(c: TestClient) -> None:
    r = c.post("/api/replays", json={"text": "hello"})
    assert r.status_code == 422 and "not a rootgame record" in r.json()["error"]
    r = c.post("/api/replays", json={"text": "x" * (3 * 1024 * 1024)})
    assert r.status_code == 413


def test_a_rootlog_record_people_wrote_is_watched_step_by_step(c: TestClient) -> None:
    """Issue 15: "Watch a record" takes a Rootlog record written the way people write them
    (no starting hands, unnamed draws, suit-only spending): it is imported against the engine
    and watched like a rootgame record, its board at the last step the record's last board.
    A Rootlog record the engine cannot play is refused naming why, never stored."""
    from lawkit import random_game
    from rootlogkit import as_people_write

    from rootgame.records.rootlog import export_rootlog

    game = random_game(7, 40)
    text = as_people_write(export_rootlog(game))
    up = c.post("/api/replays", json={"text": "// watched\n" + text})
    assert up.status_code == 200, up.text
    rid, steps = up.json()["id"], up.json()["steps"]
    imported = replay_rootlog(text)
    assert steps == len(imported.game.history) > 0
    last = c.get(f"/api/replays/{rid}").json()
    assert last["step"] == steps
    assert last["view"] == json.loads(json.dumps(imported.game.view(None)))
    assert game_turn_states(imported.game) == imported.turns
    r = c.post("/api/replays", json={"text": text.replace("Map: Fall", "Map: Fall\nP: Ann", 1)})
    assert r.status_code == 422 and "Corvid" in r.json()["error"], r.text
    r = c.post("/api/replays", json={"text": text + "\nE: ~~~\n"})
    assert r.status_code == 422 and "line" in r.json()["error"], r.text


# --- asynchronous play --------------------------------------------------------------------------


def test_your_turn_list(c: TestClient) -> None:
    g = new(c, TWO_ONLINE)
    t0, t1 = (x["token"] for x in g["links"])
    r = c.post("/api/mine", json={"links": [t0, t1, "unknown"]}).json()["games"]
    assert len(r) == 2
    assert sorted(x["your_turn"] for x in r) == [False, True]
    assert r[0]["your_turn"]  # the games waiting for you come first
    assert c.post("/api/mine", json={"links": "x"}).status_code == 422


# --- WebSockets ---------------------------------------------------------------------------------


def test_websocket_pushes_each_committed_action_to_every_seat(c: TestClient) -> None:
    g = new(c, TWO_ONLINE)
    t0, t1 = (x["token"] for x in g["links"])
    with c.websocket_connect(f"/ws/play/{t0}") as w0, \
            c.websocket_connect(f"/ws/play/{t1}?lang=pt") as w1, \
            c.websocket_connect(f"/ws/watch/{g['game_id']}") as ww:
        s0, s1, sw = w0.receive_json(), w1.receive_json(), ww.receive_json()
        assert s0["seat"] == 0 and s1["seat"] == 1 and sw["seat"] is None
        me, other, st = (w0, w1, s0) if s0["legal"] else (w1, w0, s1)
        me.send_json({"type": "act", "id": 1, "version": 0, "action": st["legal"][0]["token"]})
        msgs = [me.receive_json(), me.receive_json()]
        assert {m["type"] for m in msgs} == {"state", "ack"}
        pushed = other.receive_json()
        assert pushed["version"] == 1 and pushed["seat"] != st["seat"]
        spect = ww.receive_json()
        assert spect["version"] == 1 and spect["view"]["hand"] is None
        me.send_json({"type": "act", "id": 2, "version": 0, "action": "keep 1"})
        err = me.receive_json()
        assert err["type"] == "error" and err["code"] == "stale" and err["id"] == 2
        me.send_text("{oops")
        assert me.receive_json()["code"] == "bad_request"
        me.send_json({"type": "dance"})
        assert "unknown message type" in me.receive_json()["error"]
        me.send_text("x" * 20000)
        assert me.receive_json()["code"] == "too_large"
        ww.send_json({"type": "act", "version": 1, "action": "keep 1"})
        assert ww.receive_json()["code"] == "bad_request"
        ww.send_json({"type": "ping", "id": 9})
        assert ww.receive_json() == {"type": "pong", "id": 9}
        w1.send_json({"type": "lang", "lang": "es"})
        assert w1.receive_json()["type"] == "state"


def test_websocket_to_an_unknown_link_says_so(c: TestClient) -> None:
    with c.websocket_connect("/ws/play/nope") as w:
        m = w.receive_json()
        assert m["type"] == "error" and m["code"] == "no_link"


def test_a_hotseat_link_switches_seats_only_among_its_own(c: TestClient) -> None:
    g = new(c, HOTSEAT)
    assert len(g["links"]) == 1 and g["links"][0]["seats"] == [0, 1]
    t = g["links"][0]["token"]
    a, b = state(c, t, seat=0), state(c, t, seat=1)
    assert a["view"]["hand"] != b["view"]["hand"]
    with c.websocket_connect(f"/ws/play/{t}?seat=0") as w:
        assert w.receive_json()["seat"] == 0
        w.send_json({"type": "seat", "seat": 1})
        assert w.receive_json()["seat"] == 1
        w.send_json({"type": "seat", "seat": 4})
        assert w.receive_json()["code"] == "not_your_seat"


def test_one_games_failure_does_not_stop_the_others(c: TestClient) -> None:
    g1, g2 = new(c, TWO_ONLINE), new(c, TWO_ONLINE)
    hub = c.app.state.hub  # type: ignore[attr-defined]
    hub.games[g1["game_id"]].game = None  # a corrupted game in memory
    quiet = TestClient(c.app, raise_server_exceptions=False)
    r = quiet.get(f"/api/play/{g1['links'][0]['token']}")
    assert r.status_code == 500 and "other games go on" in r.json()["error"]
    t = g2["links"][0]["token"]
    st = state(c, t)
    me = t if st["legal"] else g2["links"][1]["token"]
    tok = state(c, me)["legal"][0]["token"]
    r = c.post(f"/api/play/{me}/act", json={"version": 0, "action": tok})
    assert r.status_code == 200 and r.json()["version"] == 1


def test_games_survive_a_new_app_on_the_same_database(tmp_path: Path) -> None:
    with client(tmp_path) as c1:
        g = new(c1, HERE_VS_BOT)
        t = g["links"][0]["token"]
        st = play_steps(c1, t, 5)
        before = {k: st[k] for k in ("version", "view")}
    with client(tmp_path) as c2:
        st2 = wait_for(c2, t, my_turn)
        assert {k: st2[k] for k in ("version", "view")} == before


def test_every_action_is_offered_where_it_happens() -> None:
    """The table's targets come from each decision's declared shapes: every clearing, card
    and Decree column an action names, for every faction (here with the Alliance)."""
    from rootgame import new_game
    from rootgame.bots import RandomBot
    from rootgame.web.service import targets

    assert targets("decree_add", ("decree", 12, "move")) == {
        "clearings": [], "cards": [12], "columns": ["move"]
    }
    assert targets("ally_ops", ("battle", 5, 1))["clearings"] == [5]
    assert targets("craft", ("craft", 3, "fox", "mouse"))["cards"] == [3]
    seen = 0
    for seed in range(2):
        g = new_game(["marquise", "eyrie", "alliance"], seed=seed)
        bot = RandomBot(seed)
        while not g.is_over:
            for a in g.legal_actions():
                where = targets(g.decision, a)
                named = [x for x in a[1:] if isinstance(x, int)]
                # Every number an action names is a clearing, a card, a seat or a count.
                assert set(where["clearings"] + where["cards"]) <= set(named)
                seen += bool(where["clearings"] or where["cards"])
            g.apply(bot.choose(g))
    assert seen > 500


def test_what_leaves_the_server_for_a_seat_is_unchanged_when_its_hidden_parts_are(
    c: TestClient,
) -> None:
    """With the four factions: a seat's state message (view, legal actions described, log in
    words) and the spectator's are the same in every game that differs only in what they may
    not see (the other hands, the deck, the Alliance's face-down supporters, the items beneath
    the ruins and the quest deck): they cannot reveal any of it."""
    from lawkit import mid_games

    from rootgame.bots.determinize import determinize
    from rootgame.rng import Rng
    from rootgame.web.service import LiveGame

    hub = c.app.state.hub  # type: ignore[attr-defined]
    four = ["marquise", "eyrie", "alliance", "vagabond"]
    seats = [{"faction": f, "kind": "online"} for f in four]
    supporters = ruins = 0
    for game in mid_games(four, range(2), every=67, first=31):
        def message(g: Any, seat: int | None) -> dict[str, Any]:
            live = LiveGame("x", four, seats, g, 0)
            return dict(hub.payload(live, seat, "pl"))

        spectator = message(game, None)
        supporters += spectator["view"]["players"][2]["board"]["supporters"] > 0
        ruins += sum(spectator["view"]["players"][3]["board"]["ruins"].values()) > 0
        for seat in range(4):
            mine = message(game, seat)
            for k in range(2):
                other = game.clone()
                other.state = determinize(game, seat, Rng(k), keep_log=True)
                assert message(other, seat) == mine
                assert message(other, None) == spectator
        own = message(game, 2)["view"]["private"]["supporters"]
        assert len(own) == spectator["view"]["players"][2]["board"]["supporters"]
        assert spectator["view"]["private"] is None
        assert message(game, 3)["view"]["private"] == {}
    assert supporters and ruins  # the hidden zones were not empty


# --- the database -------------------------------------------------------------------------------


def _schema(url: str) -> tuple[set[str], str | None]:
    from sqlalchemy import create_engine, inspect, text

    from rootgame.web.store import normalize_url

    engine = create_engine(normalize_url(url))
    try:
        with engine.connect() as con:
            version = con.execute(text("SELECT version_num FROM alembic_version")).scalar()
        return set(inspect(engine).get_table_names()), version
    finally:
        engine.dispose()


def _head() -> str | None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    import rootgame.web.store as store

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(store.__file__).parent / "migrations"))
    return ScriptDirectory.from_config(cfg).get_current_head()


def test_the_schema_is_created_and_migrated_by_alembic(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with client(tmp_path) as c1:
        g = new(c1, HERE_VS_BOT)
        play_steps(c1, g["links"][0]["token"], 2)
    tables, version = _schema(url)
    assert {"games", "links", "actions", "replays", "alembic_version"} <= tables
    assert version == _head() is not None
    with client(tmp_path) as c2:  # at head already: starting again changes nothing
        assert c2.get(f"/api/watch/{g['game_id']}").status_code == 200
    assert _schema(url) == (tables, version)


def test_a_postgresql_url_uses_psycopg_and_a_dead_server_is_named(tmp_path: Path) -> None:
    import subprocess
    import sys

    from webkit import free_port

    from rootgame.web.store import normalize_url

    assert normalize_url("postgresql://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert normalize_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"
    exe = Path(sys.executable).parent / "rootgame"
    url = f"postgresql://nobody@127.0.0.1:{free_port()}/rootgame"
    r = subprocess.run([str(exe), "serve", "--db", url, "--port", str(free_port())],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert f"cannot open the database {url}" in r.stderr and "Connection refused" in r.stderr


def test_the_app_on_postgresql(postgres: str) -> None:
    # The same API on a PostgreSQL server: schema by Alembic, actions committed, a stale
    # version refused, every game there again for a new app on the same database.
    from rootgame.web.app import create_app

    with TestClient(create_app(postgres, bot_delay=0.0)) as c1:
        g = new(c1, TWO_ONLINE)
        t0, t1 = (x["token"] for x in g["links"])
        for _ in range(6):
            st = state(c1, t0)
            me, st = (t0, st) if st["legal"] else (t1, state(c1, t1))
            r = c1.post(f"/api/play/{me}/act",
                        json={"version": st["version"], "action": st["legal"][0]["token"]})
            assert r.status_code == 200, r.text
        stale = c1.post(f"/api/play/{me}/act",
                        json={"version": st["version"], "action": st["legal"][0]["token"]})
        assert stale.status_code == 409 and stale.json()["code"] == "stale"
        before = state(c1, t0)
    tables, version = _schema(postgres)
    assert {"games", "links", "actions", "replays"} <= tables and version == _head()
    with TestClient(create_app(postgres, bot_delay=0.0)) as c2:
        after = state(c2, t0)
        assert {k: after[k] for k in ("version", "view", "log")} == {
            k: before[k] for k in ("version", "view", "log")}
