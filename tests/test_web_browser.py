"""The browser app in a real Chromium (Playwright): a game against a bot played by clicking,
a hot-seat hand-off, two online seats that never see each other's hand, a language switch,
a record watched step by step. Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webkit import HOTSEAT, TWO_ONLINE, Server, browser, shot

from rootgame.records.rootlog import parse_rootlog

__all__ = ["browser"]

STATE_AFTER = (
    "v => S.state && S.state.version > v && "
    "(S.state.legal || S.state.view.winners.length > 0)"
)


@pytest.fixture
def srv(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "games.db", bot_delay=0.0)
    yield s
    s.stop()


def open_page(browser: Any, url: str, lang: str = "en", **kw: Any) -> Any:
    ctx = browser.new_context(**kw)
    ctx.set_default_timeout(90000)  # a loaded 2-core machine can be slow; never a hang
    ctx.add_init_script(
        "if (!localStorage.getItem('rootgame.lang')) "
        f"localStorage.setItem('rootgame.lang', '{lang}')"
    )
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    return page


def wait_ready(page: Any) -> None:
    page.wait_for_function("() => S.state && (S.state.legal || S.state.view.winners.length)")


def click_one_action(page: Any, until: str = STATE_AFTER) -> None:
    """Play one decision by clicking where it happens (a clearing, a card, a Decree column),
    else in the list of legal actions."""
    v = page.evaluate("S.state.version")
    for sel in ("#main .clearing.target", "#hand .card.target", ".column.target"):
        target = page.locator(sel)
        if target.count():
            target.first.click()
            page.locator("#popover button[data-token]").first.click()
            break
    else:
        page.locator("#actions button").first.click()
    page.wait_for_function(until, arg=v, timeout=90000)


def test_a_whole_game_against_a_bot_played_by_clicking(browser: Any, srv: Server) -> None:
    page = open_page(browser, srv.url + "/")
    page.wait_for_selector("#start")
    shot(page, "lobby")
    page.select_option("select[data-seat-for=marquise]", "here")
    page.select_option("select[data-seat-for=eyrie]", "bot:random")
    page.fill("#seed", "21")
    page.click("#start")
    page.wait_for_url(re.compile(r"/play/"))
    wait_ready(page)
    shot(page, "table-start")
    clicks = 0
    where = 0
    while not page.evaluate("S.state.view.winners.length"):
        assert clicks < 600, "the game did not end"
        where += page.locator("#main .clearing.target, #hand .card.target").count() > 0
        click_one_action(page)
        clicks += 1
        if clicks == 30:
            shot(page, "table-midgame")
    assert where > 0  # actions were offered on the map and in the hand
    assert "Game over" in page.inner_text("#status")
    assert page.locator("#downloads a").count() == 2
    for kind in ("record", "rootlog"):
        with page.expect_download() as got:
            page.click(f"#downloads a[data-download={kind}]")
        assert got.value.suggested_filename.endswith("." + ("rootgame" if kind == "record"
                                                             else kind))
    shot(page, "table-game-over")
    assert not page.errors


def test_the_table_fits_a_phone(browser: Any, srv: Server) -> None:
    g = srv.http().post("/api/games", json=TWO_ONLINE).json()
    page = open_page(browser, srv.url + g["links"][0]["url"],
                     viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    wait_ready(page)
    # The map's drawing is fetched after the state and every new state draws the table
    # again (the svg is replaced): wait for the drawn map, and measure it in one script
    # (a locator's box is None when the svg it found was replaced meanwhile).
    page.wait_for_function("() => document.querySelector('.mapbox svg .clearing') !== null")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 400  # nothing wider than the screen
    map_width = page.evaluate(
        "document.querySelector('.mapbox svg').getBoundingClientRect().width"
    )
    assert map_width > 300
    shot(page, "phone")


def test_hotseat_hands_the_screen_over_without_showing_the_next_hand(
    browser: Any, srv: Server
) -> None:
    h = srv.http()
    g = h.post("/api/games", json=HOTSEAT).json()
    token = g["links"][0]["token"]
    hands = {s: [c["id"] for c in h.get(f"/api/play/{token}", params={"seat": s}).json()
                 ["view"]["hand"]] for s in (0, 1)}
    page = open_page(browser, srv.url + g["links"][0]["url"])
    page.wait_for_selector("#handoff-go")
    assert not page.locator("#hand").is_visible()
    shot(page, "hotseat-handoff")
    first = page.evaluate("S.state.view.current_seat")
    page.click("#handoff-go")
    wait_ready(page)
    shown = [int(x) for x in page.locator("#hand .card").evaluate_all(
        "els => els.map(e => e.dataset.card)")]
    assert shown == hands[first]
    # Play until the other seat decides: the hand-off screen comes back.
    for _ in range(40):
        # A state pushed between two others may show neither (no legal action yet): wait for
        # the table to show either a decision of this seat or the hand-off screen.
        page.wait_for_function(
            "() => !document.getElementById('handoff').hidden"
            " || document.querySelector('#actions button')",
            timeout=90000,
        )
        if page.locator("#handoff-go").is_visible():
            break
        click_one_action(page, "v => S.state && S.state.version > v")
    assert page.locator("#handoff-go").is_visible()
    assert not page.locator("#hand").is_visible()
    page.click("#handoff-go")
    page.wait_for_function("s => S.state && S.state.seat === s", arg=1 - first)
    page.wait_for_selector("#hand .card")
    assert page.evaluate("S.state.seat") == 1 - first
    assert not page.errors


def test_two_online_seats_never_see_each_others_hand(browser: Any, srv: Server) -> None:
    h = srv.http()
    g = h.post("/api/games", json=TWO_ONLINE).json()
    pages, hands = [], []
    for link in g["links"]:
        hands.append([c["id"] for c in h.get(f"/api/play/{link['token']}").json()["view"]["hand"]])
        pages.append(open_page(browser, srv.url + link["url"]))
    for p in pages:
        p.wait_for_selector("#hand .card")
    for me, p in enumerate(pages):
        ids = [int(x) for x in p.locator("[data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)")]
        assert sorted(ids) == sorted(hands[me])
        assert not set(ids) & set(hands[1 - me]) - set(hands[me])
        html = p.content()
        for cid in set(hands[1 - me]) - set(hands[me]):
            assert f'data-card="{cid}"' not in html
    shot(pages[0], "online-seat-0")
    shot(pages[1], "online-seat-1")
    # The seat that decides clicks; the other page follows over the WebSocket.
    mover = 0 if pages[0].evaluate("S.state.legal !== null") else 1
    other = pages[1 - mover]
    v = other.evaluate("S.state.version")
    pages[mover].locator("#actions button").first.click()
    other.wait_for_function("v => S.state.version > v", arg=v, timeout=90000)
    assert not pages[0].errors and not pages[1].errors


def test_the_language_switch_translates_the_table(browser: Any, srv: Server) -> None:
    g = srv.http().post("/api/games", json=TWO_ONLINE).json()
    page = open_page(browser, srv.url + g["links"][0]["url"])
    wait_ready(page)
    assert "Turn 1" in page.inner_text("#status")
    page.select_option("#lang", "pl")
    page.wait_for_function("() => document.getElementById('status').textContent.includes('Tura')")
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log div')]"
        ".some(d => d.textContent.includes('dobiera'))"
    )
    assert page.inner_text("#lang-name") == "Język"
    shot(page, "table-polish")
    page.reload()
    wait_ready(page)
    assert "Tura" in page.inner_text("#status")  # the choice is remembered
    page.select_option("#lang", "es")
    page.wait_for_function("() => document.getElementById('status').textContent.includes('Turno')")
    page.select_option("#lang", "pt")
    page.wait_for_function("() => document.getElementById('lang-name').textContent === 'Idioma'")
    assert not page.errors


def test_a_lake_game_downloads_as_rootlog_from_the_table(browser: Any, srv: Server) -> None:
    """Issue 9 and 12: a finished game on a map without printed suits, with the E&P deck and
    a landmark, downloads as Rootlog from its table's link; the file's header sets the
    same game up (map, deck, suits, landmark)."""
    h = srv.http()
    g = h.post("/api/games", json={"seats": [{"faction": "marquise", "kind": "bot"},
                                             {"faction": "eyrie", "kind": "bot"}],
                                   "seed": 6, "map": "lake", "deck": "exiles",
                                   "landmarks": ["forge"]}).json()
    end = time.time() + 120
    while not (w := h.get(f"/api/watch/{g['game_id']}").json())["view"]["winners"]:
        assert time.time() < end
        time.sleep(0.05)
    page = open_page(browser, srv.url + g["watch"])
    page.wait_for_selector("#downloads a[data-download=rootlog]")
    with page.expect_download() as got:
        page.click("#downloads a[data-download=rootlog]")
    assert got.value.suggested_filename.endswith(".rootlog")
    text = Path(got.value.path()).read_text(encoding="utf-8")
    rec = parse_rootlog(text)
    assert (rec.map, rec.deck) == ("Lake", "E&P") and rec.clearings is not None
    assert [name for name, _ in rec.landmarks] == ["forge"]
    assert rec.winner == "".join({"marquise": "C", "eyrie": "E"}[f] for f in w["view"]["winners"])
    assert not page.errors


def test_an_uploaded_record_is_watched_step_by_step(browser: Any, srv: Server,
                                                   tmp_path: Path) -> None:
    h = srv.http()
    g = h.post("/api/games", json={"seats": [{"faction": "marquise", "kind": "bot"},
                                             {"faction": "eyrie", "kind": "bot"}],
                                   "seed": 4}).json()
    end = time.time() + 60
    while not h.get(f"/api/watch/{g['game_id']}").json()["view"]["winners"]:
        assert time.time() < end
        time.sleep(0.05)

    def watch(name: str, text: str) -> Any:
        """The first page, the record uploaded as the file ``name``: its replay at step 0."""
        path = tmp_path / name
        path.write_text(text)
        page = open_page(browser, srv.url + "/")
        page.set_input_files("#record-file", str(path))
        page.wait_for_url(re.compile(r"/replay/"))
        page.wait_for_selector("#step-label")
        assert page.inner_text("#step-label").startswith("Step 0 of")
        return page

    page = watch("game.rootgame", h.get(f"/api/games/{g['game_id']}/record").text)
    page.click("#step-next")
    page.wait_for_function(
        "() => document.getElementById('step-label').textContent.startsWith('Step 1 ')"
    )
    page.click("#step-last")
    page.wait_for_function("() => S.state.view.winners.length > 0")
    shot(page, "replay-end")
    # The same game as a Rootlog record written the way people write them (issue 15): it is
    # imported and watched the same way, to the same winners.
    from rootlogkit import as_people_write

    winners = page.evaluate("() => S.state.view.winners")
    page = watch("game.rootlog",
                 as_people_write(h.get(f"/api/games/{g['game_id']}/rootlog").text))
    page.click("#step-last")
    page.wait_for_function("() => S.state.view.winners.length > 0")
    assert page.evaluate("() => S.state.view.winners") == winners
    assert not page.errors


def test_the_page_reconnects_after_the_server_restarts(browser: Any, tmp_path: Path) -> None:
    first = Server(tmp_path / "games.db")
    try:
        h = first.http()
        g = h.post("/api/games", json=TWO_ONLINE).json()
        states = [h.get(f"/api/play/{x['token']}").json() for x in g["links"]]
        watcher = 1 if states[0]["legal"] else 0
        page = open_page(browser, first.url + g["links"][watcher]["url"])
        page.wait_for_function("() => document.getElementById('conn').textContent === 'live'")
    finally:
        first.kill()
    page.wait_for_function(
        "() => document.getElementById('conn').textContent.startsWith('reconnecting')")
    second = Server(tmp_path / "games.db", port=first.port)
    try:
        page.wait_for_function(
            "() => document.getElementById('conn').textContent === 'live'", timeout=90000)
        mover = g["links"][1 - watcher]["token"]
        st = second.http().get(f"/api/play/{mover}").json()
        r = second.http().post(f"/api/play/{mover}/act",
                               json={"version": st["version"], "action": st["legal"][0]["token"]})
        assert r.status_code == 200
        page.wait_for_function("() => S.state.version === 1", timeout=90000)
        assert not page.errors
    finally:
        second.stop()


FOUR_ON_THE_LAKE = {"seats": [{"faction": "marquise", "kind": "bot", "bot": "random"},
                              {"faction": "eyrie", "kind": "bot", "bot": "random"},
                              {"faction": "alliance", "kind": "online"},
                              {"faction": "vagabond", "kind": "online"}],
                    "seed": 3, "map": "lake"}


def test_the_four_boards_on_the_lake_show_each_seat_only_what_it_may_see(
    browser: Any, srv: Server
) -> None:
    """Every faction's board drawn (the Marquise's building tracks, the roost track, the
    sympathy track with its bases and supporters, the Vagabond's Satchel, item tracks,
    relationships and quests); the Alliance's supporters are cards on its own seat only, a
    count for the other seats and the spectators; the table fits a laptop and a phone."""
    h = srv.http()
    g = h.post("/api/games", json=FOUR_ON_THE_LAKE).json()
    alliance, vagabond = (x["token"] for x in g["links"])
    # Play the two online seats until the game is under way (every setup done, a few turns).
    for _ in range(400):
        st = {t: h.get(f"/api/play/{t}", params={"log": "false"}).json()
              for t in (alliance, vagabond)}
        if st[alliance]["view"]["turn_number"] >= 4 or st[alliance]["view"]["winners"]:
            break
        for t, s in st.items():
            if s["legal"]:
                h.post(f"/api/play/{t}/act",
                       json={"version": s["version"], "action": s["legal"][-1]["token"]})
        time.sleep(0.01)
    own = h.get(f"/api/play/{alliance}").json()["view"]["private"]["supporters"]
    hidden = {c["id"] for c in own}
    assert hidden  # the Alliance keeps supporters face down
    laptop = {"viewport": {"width": 1366, "height": 768}}
    phone = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
    pa = open_page(browser, srv.url + f"/play/{alliance}", **laptop)
    pv = open_page(browser, srv.url + f"/play/{vagabond}", **phone)
    pw = open_page(browser, srv.url + g["watch"], **laptop)
    for p in (pa, pv, pw):
        p.wait_for_selector("[data-board=vagabond] [data-rel]")
        p.wait_for_selector("[data-marker=ferry]")
        assert p.locator("[data-track=sympathy] .space").count() == 10
        assert p.locator("[data-track=roost] .space").count() == 7
        assert p.locator("[data-board=marquise] [data-track=sawmill] .space").count() == 6
        assert p.locator("[data-bases] [data-base]").count() == 3
        assert p.locator("[data-relationships] [data-rel]").count() == 3
        assert p.locator("[data-board=vagabond] .quests [data-quest]").count() >= 3
        assert p.locator("[data-satchel] [data-item]").count() > 0
        width = p.evaluate("document.documentElement.scrollWidth")
        assert width <= p.viewport_size["width"]  # nothing wider than the screen
    # The supporters: the cards on the Alliance's seat, only their number elsewhere.
    assert sorted(int(x) for x in pa.locator("#own-supporters [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")) == sorted(hidden)
    for p in (pv, pw):
        assert p.locator("#own-supporters").count() == 0
        assert p.locator("[data-supporters]").get_attribute("data-supporters") == str(len(hidden))
        html = p.content()
        assert not any(f'data-card="{cid}"' in html for cid in hidden)
    shot(pa, "lake-four-alliance-laptop")
    shot(pv, "lake-four-vagabond-phone")
    shot(pw, "lake-four-spectator")
    # The boards speak the page's language.
    pv.select_option("#lang", "pl")
    pv.wait_for_function(
        "() => document.querySelector('[data-satchel] .track-name').textContent === 'Plecak'")
    assert "Tor Sympatyków" in pv.inner_text("[data-board=alliance]")
    for p in (pa, pv, pw):
        assert not p.errors


def test_an_illegal_attempt_shows_the_engines_explanation(browser: Any, srv: Server) -> None:
    """Typed into the action box, an illegal action is refused with the engine's reason, in the
    page's language, and changes nothing; a legal one typed the same way is played."""
    h = srv.http()
    g = h.post("/api/games", json=TWO_ONLINE).json()
    link = g["links"][0]  # the Marquise places the keep first (6.3.1)
    page = open_page(browser, srv.url + link["url"], lang="es")
    wait_ready(page)
    v = page.evaluate("S.state.version")
    page.fill("#action-input", "keep 5")
    # A redraw of the same decision (the live connection's first message may come now) keeps
    # what is typed; it used to empty the box, and Try then sent nothing.
    page.evaluate("render()")
    assert page.input_value("#action-input") == "keep 5"
    page.click("#action-try")
    page.wait_for_selector("#error:not([hidden])")
    said = page.inner_text("#error")
    assert said == ("'keep 5' no es legal ahora: 'Coloca la fortaleza en un claro de esquina' "
                    "ofrece 1, 2, 3, 4 aquí, no 5")
    assert page.evaluate("S.state.version") == v
    assert h.get(f"/api/play/{link['token']}").json()["version"] == v  # nothing changed
    shot(page, "illegal-explained")
    page.fill("#action-input", "keep 1")
    page.press("#action-input", "Enter")
    page.wait_for_function("v => S.state.version > v", arg=v, timeout=90000)
    page.wait_for_selector("#error", state="hidden")
    assert page.input_value("#action-input") == ""  # a new decision empties the box
    assert not page.errors


def test_the_lobby_seats_a_clockwork_bot_with_its_difficulty_and_traits(
    browser: Any, srv: Server
) -> None:
    """Law of Rootbotics 3.3: a Clockwork faction is seated as playing itself, its difficulty
    and trait cards chosen in the lobby; the game is made with them."""
    page = open_page(browser, srv.url + "/")
    page.wait_for_selector("#start")
    assert page.locator(".bot-settings").first.is_hidden()  # not seated by default
    page.select_option("select[data-seat-for=marquise]", "here")
    page.select_option("select[data-seat-for=eyrie]", "off")
    page.select_option("select[data-seat-for=alliance]", "off")
    options = page.locator("select[data-seat-for=electric-eyrie] option").evaluate_all(
        "els => els.map(e => e.value)")
    assert options == ["off", "auto"]  # it plays itself: no player, no bot of ours
    page.select_option("select[data-seat-for=electric-eyrie]", "auto")
    page.select_option("select[data-difficulty-for=electric-eyrie]", "nightmare")
    page.check("input[data-trait-for=electric-eyrie][value=swoop]")
    shot(page, "lobby-clockwork")
    page.fill("#seed", "4")
    page.click("#start")
    page.wait_for_url(re.compile(r"/play/"))
    wait_ready(page)
    board = page.evaluate(
        "S.state.view.players.find(p => p.faction === 'electric-eyrie').board")
    assert board["difficulty"] == "nightmare" and board["traits"] == ["swoop"]
    assert not page.errors


def test_the_clockwork_bots_boards_are_drawn(browser: Any, srv: Server) -> None:
    """Each Clockwork bot's board: difficulty and traits, the order card, the Electric Eyrie's
    Decree by suit, and its tracks with as many spaces as it has pieces (from the engine)."""
    g = srv.http().post("/api/games", json={
        "seats": [{"faction": "vagabond", "kind": "here"},
                  {"faction": "electric-eyrie", "kind": "bot"},
                  {"faction": "mechanical-marquise", "kind": "bot"},
                  {"faction": "automated-alliance", "kind": "bot"}],
        "seed": 6, "bots": {"mechanical-marquise": {"difficulty": "nightmare",
                                                    "traits": ["blitz"]}}}).json()
    page = open_page(browser, srv.url + g["links"][0]["url"])
    wait_ready(page)
    mm = page.locator("[data-board=mechanical-marquise]")
    assert "Difficulty: Nightmare" in mm.inner_text() and "Blitz" in mm.inner_text()
    for kind in ("sawmill", "workshop", "recruiter"):
        assert mm.locator(f"[data-track={kind}] .space").count() == 6
    aa = page.locator("[data-board=automated-alliance]")
    assert aa.locator("[data-track=sympathy] .space").count() == 10
    ee = page.locator("[data-board=electric-eyrie]")
    assert ee.locator("[data-track=roost] .space").count() == 7
    assert ee.locator(".decree [data-column]").evaluate_all(
        "els => els.map(e => e.dataset.column)") == ["fox", "mouse", "rabbit", "bird"]
    shot(page, "clockwork-boards")
    assert not page.errors


def test_the_vagabot_is_seated_with_its_character_and_its_board_drawn(
    browser: Any, srv: Server
) -> None:
    """Law of Rootbotics 7.3.1: the Vagabot's character is chosen in the lobby beside its
    difficulty; its board shows the character, the pawn, the items by state, the Battle Track's
    three spaces, the maximum rolled hits and the quest (7.2.3-7.2.4)."""
    page = open_page(browser, srv.url + "/")
    page.wait_for_selector("#start")
    page.select_option("select[data-seat-for=marquise]", "here")
    page.select_option("select[data-seat-for=eyrie]", "off")
    page.select_option("select[data-seat-for=alliance]", "off")
    page.select_option("select[data-seat-for=vagabot]", "auto")
    assert page.locator("select[data-character-for=vagabot] option").evaluate_all(
        "els => els.map(e => e.value)") == [
        "thief", "tinker", "ranger", "vagrant", "scoundrel", "arbiter"]
    page.select_option("select[data-character-for=vagabot]", "tinker")
    page.fill("#seed", "4")
    page.click("#start")
    page.wait_for_url(re.compile(r"/play/"))
    wait_ready(page)
    board = page.evaluate("S.state.view.players.find(p => p.faction === 'vagabot').board")
    assert board["character"] == "tinker"
    vb = page.locator("[data-board=vagabot]")
    assert vb.locator("[data-track=battle] .space").count() == 3
    assert "Tinker" in vb.inner_text() and "Maximum rolled hits" in vb.inner_text()
    shot(page, "vagabot-board")
    assert not page.errors


def test_the_eyries_board_tells_the_available_leaders_from_the_used_ones(
    browser: Any, srv: Server
) -> None:
    """7.7.3: the leaders still face up are those the Eyrie may choose (at setup, and when it
    deposes one), the face-down ones are used. At setup all four are available and none used;
    once the Despot is chosen, the three others are available, still none used."""
    h = srv.http()
    g = h.post("/api/games", json={
        "seats": [{"faction": "marquise", "kind": "bot", "bot": "random"},
                  {"faction": "eyrie", "kind": "online"}], "seed": 3}).json()
    token = g["links"][0]["token"]
    page = open_page(browser, srv.url + f"/play/{token}")
    page.wait_for_function("() => S.state && S.state.legal && S.state.legal.some("
                           "a => a.token === 'leader despot')")
    board = "[data-board=eyrie]"
    ids = [page.get_attribute(f"{board} [data-leaders={k}]", "data-ids")
           for k in ("available", "used")]
    assert ids == ["builder charismatic commander despot", ""]
    text = page.inner_text(board)
    assert "Available leaders: Builder, Charismatic, Commander, Despot" in text
    assert "Used leaders: –" in text
    v = page.evaluate("S.state.version")
    page.locator("#actions button[data-token='leader despot']").click()
    page.wait_for_function(STATE_AFTER, arg=v)
    page.wait_for_function(
        f"() => document.querySelector('{board} [data-leaders=available]')"
        ".dataset.ids === 'builder charismatic commander'")
    assert page.get_attribute(f"{board} [data-leaders=used]", "data-ids") == ""
    assert not page.errors
