"""Languages (issue 4): the catalogs, the language choice, and the text of every edge in
English, Polish, Spanish and Portuguese.

English is the source language: its messages are the message ids, so it needs no catalog;
"every message has a translation in all four languages" means every message id of the sources
has a complete, non-fuzzy translation in the Polish, Spanish and Portuguese catalogs.
"""

from __future__ import annotations

import os
import re
import string
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po
from rich.console import Console
from typer.testing import CliRunner

from rootgame import Game, IllegalAction, new_game, token
from rootgame.bots import RandomBot
from rootgame.cli import app
from rootgame.describe import describe, translate_reason
from rootgame.i18n import (
    LANGUAGES,
    UnknownLanguage,
    compile_catalog,
    extract_template,
    get_language,
    language,
    po_path,
    pot_path,
    resolve_language,
    translations,
)
from rootgame.log_text import render_log
from rootgame.names import (
    card_name,
    column_name,
    faction_name,
    phase_name,
    suit_name,
    vp_text,
    warriors_text,
)
from rootgame.position import build
from rootgame.render import render_view

OTHERS = LANGUAGES[1:]
ROOT = Path(__file__).resolve().parent.parent


def _po(lang: str) -> Catalog:
    with open(po_path(lang), "rb") as f:
        return read_po(f, locale=lang)


def _key(m: Message) -> tuple[str | None, str]:
    mid = m.id if isinstance(m.id, str) else m.id[0]
    return (m.context, mid)


def _template() -> Catalog:
    t = extract_template()
    assert isinstance(t, Catalog)
    return t


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


# --- the catalogs --------------------------------------------------------------------------


def test_the_languages_are_english_polish_spanish_portuguese() -> None:
    assert LANGUAGES == ("en", "pl", "es", "pt")


@pytest.mark.parametrize("lang", OTHERS)
def test_every_message_has_a_translation(lang: str) -> None:
    wanted = {_key(m) for m in _template() if m.id}
    po = _po(lang)
    have = {_key(m): m for m in po if m.id}
    missing = sorted(str(k) for k in wanted - set(have))
    assert not missing, f"{lang}: untranslated (run python -m rootgame.i18n): {missing}"
    extra = sorted(str(k) for k in set(have) - wanted)
    assert not extra, f"{lang}: messages no longer in the sources: {extra}"
    for k, m in have.items():
        assert not m.fuzzy, (lang, k)
        forms = m.string if isinstance(m.string, tuple | list) else (m.string,)
        assert all(forms), (lang, k, forms)
        if m.pluralizable:
            assert len(forms) == po.num_plurals, (lang, k)


@pytest.mark.parametrize("lang", OTHERS)
def test_placeholders_agree_between_the_original_and_each_translation(lang: str) -> None:
    checked = 0
    for m in _po(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        forms = m.string if isinstance(m.string, tuple | list) else (m.string,)
        want = set().union(*(_fields(i) for i in ids))
        for form in forms:
            assert _fields(form) == want, (lang, m.id, form)
            form.format(**{k: "x" for k in want})  # well-formed braces
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("lang", OTHERS)
def test_the_catalogs_compile(lang: str) -> None:
    po = _po(lang)
    problems = [(m.id, errs) for m, errs in po.check() if errs]
    assert problems == []
    mo = compile_catalog(lang)
    assert mo[:4] in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")  # the gettext .mo magic
    t = translations(lang)
    assert t.pgettext("decree column", "Recruit") != "Recruit"


def test_the_template_lists_exactly_the_messages_of_the_sources() -> None:
    with open(pot_path(), "rb") as f:
        pot = read_po(f)
    assert {_key(m) for m in pot if m.id} == {_key(m) for m in _template() if m.id}


def test_the_catalogs_are_package_data() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"babel' in text
    assert "locale/*/LC_MESSAGES/*.po" in text


def test_plural_forms_follow_each_language() -> None:
    with language("pl"):
        assert [warriors_text(n) for n in (1, 2, 4, 5, 12, 22, 25)] == [
            "1 wojownika",
            "2 wojowników",
            "4 wojowników",
            "5 wojowników",
            "12 wojowników",
            "22 wojowników",
            "25 wojowników",
        ]
        assert translations("pl").ngettext("{n} card", "{n} cards", 3) == "{n} karty"
        assert translations("pl").ngettext("{n} card", "{n} cards", 13) == "{n} kart"
        assert translations("pl").ngettext("{n} card", "{n} cards", 23) == "{n} karty"
        assert vp_text(3) == "3 PZ"
    with language("es"):
        assert [warriors_text(n) for n in (1, 2)] == ["1 guerrero", "2 guerreros"]
    with language("pt"):
        assert [warriors_text(n) for n in (1, 2)] == ["1 guerreiro", "2 guerreiros"]
    assert [warriors_text(n) for n in (1, 2)] == ["1 warrior", "2 warriors"]


def test_the_seeds_terms_are_used_exactly() -> None:
    # seeds/README.md, "Official terms in the seeds' languages".
    expect = {
        "pl": {
            "eyrie": "Dynastie Orlich Gniazd",
            "columns": ["Werbunek", "Ruch", "Walka", "Budowa"],
            "day": ("Dzień", "Wieczór"),
            "vizier": "Lojalny Wezyr",
        },
        "es": {
            "eyrie": "El Nido",
            "columns": ["Reclutar", "Mover", "Batallar", "Construir"],
            "day": ("Día", "Noche"),
            "vizier": "Visir Leal",
        },
        "pt": {
            "eyrie": "As Rapinas",
            "columns": ["Recrutar", "Mover", "Batalhar", "Construir"],
            "day": ("Dia", "Anoitecer"),
            "vizier": "Vizir Leal",
        },
    }
    for lang, e in expect.items():
        with language(lang):
            assert faction_name("eyrie") == e["eyrie"]
            assert [column_name(c) for c in ("recruit", "move", "battle", "build")] == e["columns"]
            assert (phase_name("daylight"), phase_name("evening")) == e["day"]
            assert card_name(-1).startswith(e["vizier"])
    with language("pt"):
        assert phase_name("birdsong") == "Amanhecer"
    turmoil = {"pl": "Zamieszki", "es": "caos", "pt": "Tumulto"}
    decree = {"pl": "Dekret", "es": "Decreto", "pt": "Decreto"}
    for lang in OTHERS:
        text = translations(lang).gettext(
            "Resolve the {suit} card that cannot be carried out, and fall into turmoil"
        )
        assert turmoil[lang] in text
        assert decree[lang] in translations(lang).gettext("Add a card to the Decree")


# --- choosing the language -----------------------------------------------------------------


def test_language_comes_from_the_option_then_the_variable_then_the_locale() -> None:
    env = {"ROOTGAME_LANG": "es", "LANG": "pt_BR.UTF-8"}
    assert resolve_language("pl", env) == "pl"
    assert resolve_language("PL_pl", env) == "pl"
    assert resolve_language(None, env) == "es"
    assert resolve_language(None, {"LANG": "pt_BR.UTF-8"}) == "pt"
    assert resolve_language(None, {"LC_ALL": "es_ES.UTF-8", "LANG": "pl_PL"}) == "es"
    assert resolve_language(None, {"LANGUAGE": "fr:pl", "LANG": "de_DE.UTF-8"}) == "pl"
    # GNU gettext ignores LANGUAGE under the C locale.
    assert resolve_language(None, {"LANGUAGE": "pl", "LANG": "C"}) == "en"
    assert resolve_language(None, {"LANG": "fr_FR.UTF-8"}) == "en"
    assert resolve_language(None, {}) == "en"
    with pytest.raises(UnknownLanguage, match="en, pl, es, pt"):
        resolve_language("fr", env)
    with pytest.raises(UnknownLanguage, match="ROOTGAME_LANG"):
        resolve_language(None, {"ROOTGAME_LANG": "klingon"})


def test_the_python_api_stays_english_whatever_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    monkeypatch.setenv("ROOTGAME_LANG", "pl")
    game = new_game(seed=1)
    assert get_language() == "en"
    assert game.describe("keep 1") == "Place the keep in clearing 1 (fox)"
    assert describe(game.state, ("keep", 1), lang="pl") == "Umieść Twierdzę na polanie 1 (lis)"
    assert describe(game.state, ("keep", 1), lang="es") == (
        "Coloca la fortaleza en el claro 1 (zorro)"
    )
    assert describe(game.state, ("keep", 1), lang="pt") == (
        "Posicione a Torre da Guarda na clareira 1 (raposa)"
    )
    with language("pl"):
        assert game.describe("keep 1") == "Umieść Twierdzę na polanie 1 (lis)"
    assert get_language() == "en"


# --- every edge in every language ------------------------------------------------------------


def test_every_legal_action_is_described_in_every_language() -> None:
    for seed in range(3):
        game = new_game(seed=seed)
        bot = RandomBot(seed)
        while not game.is_over and game.turn_number < 40:
            for a in game.legal_actions():
                english = describe(game.state, a)
                for lang in OTHERS:
                    text = describe(game.state, a, lang=lang)
                    assert text != token(a), (lang, token(a), game.decision)
                    assert "{" not in text and "}" not in text, text
                    if a[0] not in ("count",):
                        assert text != english, (lang, english)
            game.apply(bot.choose(game))


def _game_with_eyrie_turmoil() -> Game:
    """A seeded random game played until the Eyrie have added to the Decree and fallen into
    turmoil at least once."""
    for seed in range(40):
        game = new_game(seed=seed)
        bot = RandomBot(seed)
        while not game.is_over and game.turn_number < 60:
            game.apply(bot.choose(game))
            log = game.state.log or []
            if any(e["kind"] == "turmoil" for e in log):
                return game
    raise AssertionError("no seed of 0..39 reaches an Eyrie turmoil")


def test_a_seeded_game_log_reads_in_each_language() -> None:
    game = _game_with_eyrie_turmoil()
    eyrie = game.factions.index("eyrie")
    logs = {lang: render_log(game, eyrie, lang) for lang in LANGUAGES}
    n = len(logs["en"])
    assert n > 10 and all(len(lines) == n for lines in logs.values())
    assert logs["en"] == render_log(game, eyrie)  # the default is English
    # The Eyrie's Birdsong: a card added to the Decree.
    decree_lines = [i for i, line in enumerate(logs["en"]) if "column of the Decree" in line]
    assert decree_lines
    i = decree_lines[0]
    assert logs["pl"][i].startswith("Dynastie Orlich Gniazd: Dodaj kartę ")
    assert "Dekret" in logs["pl"][i]
    assert "Decreto" in logs["es"][i] and logs["es"][i].startswith("El Nido: Añade ")
    assert "Decreto" in logs["pt"][i] and logs["pt"][i].startswith("As Rapinas: Adicione ")
    # The turmoil.
    t = next(i for i, line in enumerate(logs["en"]) if "falls into turmoil" in line)
    assert "Zamieszki" in logs["pl"][t]
    assert "caos" in logs["es"][t]
    assert "Tumulto" in logs["pt"][t]
    # Turn headers and faction names.
    assert any(line.startswith("Tura ") and "Markiza de Kot" in line for line in logs["pl"])
    assert any(line.startswith("Turno ") and "El Marquesado" in line for line in logs["es"])
    assert any(line.startswith("Turno ") and "Os Marqueses" in line for line in logs["pt"])
    # What the Eyrie may not see stays hidden in every language: the Marquise's draws are
    # counted, never named.
    marquise_draws = [line for line in logs["pl"] if line.startswith("Markiza de Kot: dobiera")]
    assert marquise_draws and all("(" not in line for line in marquise_draws)


def test_a_game_without_event_log_is_rendered_from_its_history() -> None:
    logged = new_game(seed=5)
    bare = new_game(seed=5, log=False)
    bot1, bot2 = RandomBot(5), RandomBot(5)
    for _ in range(60):
        logged.apply(bot1.choose(logged))
        bare.apply(bot2.choose(bare))
    assert bare.history == logged.history and bare.state.log is None
    full = render_log(logged, None, "pl")
    lines = render_log(bare, None, "pl")
    # One line per decision, chosen or forced, plus one per turn, each also in the full log,
    # in order.
    actions = [e for e in logged.state.log or [] if e["kind"] == "action"]
    assert len(actions) > len(bare.history)
    assert len(lines) == len(actions) + bare.turn_number + 1
    it = iter(full)
    assert all(any(line == x for x in it) for line in lines)
    assert lines[0].startswith("Markiza de Kot: Umieść Twierdzę")
    assert any(line.startswith("Tura 1: ") for line in lines)
    assert any("Dekret" in line for line in lines)


def test_illegal_actions_are_explained_in_each_language() -> None:
    game = build(
        {
            "factions": ["marquise", "eyrie"],
            "turn": "marquise",
            "at": "daylight:actions",
            "clearings": {"1": {"marquise": "3w sawmill 2wood keep"}, "5": {"marquise": "2w"}},
        }
    )
    why = game.explain("march 3 7")
    assert why == "'march 3 7' is not legal now: you have no warriors in clearing 3 (4.2)"
    assert translate_reason(why) == why
    assert translate_reason(why, "pl") == (
        "'march 3 7' nie jest teraz dozwolone: nie masz wojowników na polanie 3 (4.2)"
    )
    assert translate_reason(why, "es") == (
        "'march 3 7' no es legal ahora: no tienes guerreros en el claro 3 (4.2)"
    )
    assert translate_reason(why, "pt") == (
        "'march 3 7' não é permitido agora: você não tem guerreiros na clareira 3 (4.2)"
    )
    eyrie = build(
        {
            "factions": ["marquise", "eyrie"],
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {"1": {"eyrie": "4w roost"}, "5": {"marquise": "1w"}},
            "eyrie": {"leader": "despot", "decree": {"move": ["anvil"]}},
        }
    )
    text = translate_reason(eyrie.explain("build fox 1"), "pl")
    assert text.endswith("Dekret rozpatruje się od lewej do prawej; teraz kolumna „Ruch” (7.5.2)")
    # The generic wrapper is translated even around a reason it does not know.
    assert translate_reason("'x 1' is not legal now: something new", "es") == (
        "'x 1' no es legal ahora: something new"
    )
    assert translate_reason("a sentence the edge has never seen", "pl") == (
        "a sentence the edge has never seen"
    )


def test_an_action_with_one_wrong_element_is_told_which_choices_there_are() -> None:
    """A decision with no reason of its own still names the part of the action to change and
    the values the decision offers there (6.3.1: the keep goes in a corner clearing)."""
    game = new_game(factions=["marquise", "eyrie"], seed=7)
    why = game.explain("keep 5")
    assert why == ("'keep 5' is not legal now: 'Place the keep in a corner clearing' offers "
                   "1, 2, 3, 4 here, not 5")
    assert translate_reason(why, "pt") == (
        "'keep 5' não é permitido agora: 'Posicione a Torre da Guarda em uma clareira de "
        "canto' oferece 1, 2, 3, 4 aqui, não 5"
    )
    with pytest.raises(IllegalAction):
        game.apply("keep 5")
    assert game.history == []


def test_the_alliances_and_the_vagabonds_reasons_are_translated() -> None:
    game = build(
        {
            "factions": ["marquise", "eyrie", "alliance"],
            "turn": "alliance",
            "at": "birdsong:revolt",
            "clearings": {"7": {"alliance": "sympathy"}, "9": {"alliance": "sympathy"}},
            "alliance": {"supporters": ["codebreakers", "armorers"]},
        }
    )
    why = game.explain("revolt 3")
    assert why == "'revolt 3' is not legal now: clearing 3 is not sympathetic (8.4.1.I)"
    assert translate_reason(why, "es") == (
        "'revolt 3' no es legal ahora: el claro 3 no tiene simpatía (8.4.1.I)"
    )
    assert translate_reason(
        "you have no face-up undamaged torch to exhaust (9.5)", "pt"
    ) == "você não tem item (tocha) virado para cima e sem dano para esgotar (9.5)"


def _rendered(view: dict[str, Any], lang: str) -> str:
    console = Console(record=True, width=160)
    with language(lang):
        console.print(render_view(view))
    return console.export_text()


def test_the_board_display_is_drawn_in_each_language() -> None:
    game = build(
        {
            "factions": ["marquise", "eyrie"],
            "turn": "eyrie",
            "at": "daylight:decree",
            "clearings": {"1": {"eyrie": "4w roost"}, "5": {"marquise": "1w sawmill"}},
            "hands": {"eyrie": ["anvil"]},
            "eyrie": {"leader": "despot", "decree": {"move": ["ambush:fox"]}},
        }
    )
    view = game.view(game.factions.index("eyrie"))
    en = _rendered(view, "en")
    assert "The Woodland" in en and "Roost track" in en and "Resolve the Decree" in en
    pl = _rendered(view, "pl")
    for word in ("Leśnogród", "Dekret", "Tor Gniazd", "Przywódca: ", "Despota", "Rozpatrz Dekret"):
        assert word in pl, word
    assert "Lojalny Wezyr (ptak)" in pl and "Kowadło (lis)" in pl
    es = _rendered(view, "es")
    for word in ("El Bosque", "Decreto", "Déspota", "Visir Leal", "Yunque (zorro)", "Noche"):
        assert word in es, word
    pt = _rendered(view, "pt")
    for word in ("A Floresta", "Decreto", "Vizir Leal", "Trilha de Ninhos", "Anoitecer"):
        assert word in pt, word
    for text in (pl, es, pt):
        assert "The Woodland" not in text and "Roost track" not in text


# --- the command line ----------------------------------------------------------------------


def test_lang_option_translates_simulate_and_is_not_left_behind() -> None:
    r = CliRunner().invoke(app, ["--lang", "pl", "simulate", "--games", "2"])
    assert r.exit_code == 0, r.output
    assert "Markiza de Kot" in r.output and "Dynastie Orlich Gniazd" in r.output
    assert "Błędy: 0" in r.output and "losowe gry" in r.output
    assert "Errors" not in r.output
    assert get_language() == "en"
    r = CliRunner().invoke(app, ["--lang", "pt", "simulate", "--games", "2"])
    assert "Os Marqueses" in r.output and "Erros: 0" in r.output


def test_rootgame_lang_variable_makes_simulate_print_polish() -> None:
    env = dict(os.environ, ROOTGAME_LANG="pl", COLUMNS="120")
    r = subprocess.run(
        [sys.executable, "-m", "rootgame.cli", "simulate", "--games", "2"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        cwd=ROOT,
    )
    assert r.returncode == 0, r.stderr
    assert "Markiza de Kot" in r.stdout and "Dynastie Orlich Gniazd" in r.stdout
    assert "Błędy: 0" in r.stdout and "Średnio tur na grę" in r.stdout


def test_an_unknown_language_is_refused_naming_the_supported_ones() -> None:
    r = CliRunner().invoke(app, ["--lang", "fr", "simulate", "--games", "1"])
    assert r.exit_code == 2
    assert "en, pl, es, pt" in r.output


def test_play_speaks_polish_prompts_explanations_and_errors() -> None:
    r = CliRunner().invoke(
        app,
        ["--lang", "pl", "play", "--as", "eyrie", "--seed", "1"],
        input="zzz\n99\nmove 3 7\nhelp\nquit\n",
    )
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Grasz frakcją Dynastie Orlich Gniazd" in out
    assert "Markiza de Kot: Umieść Twierdzę na polanie" in out
    assert "Wybierz Przywódcę" in out
    assert "Leśnogród" in out
    assert "'zzz' nie jest teraz dozwolone" in out
    assert "Nie ma akcji o numerze 99: wybierz od 1 do 4." in out
    assert "Polecenia (po angielsku lub po polsku):" in out
    assert "Opuszczasz grę (ziarno 1)" in out
    assert "Your choice" not in out and "Twój wybór" in out
    assert "You:" not in out


def test_play_speaks_spanish_and_portuguese() -> None:
    es = CliRunner().invoke(
        app, ["--lang", "es", "play", "--as", "eyrie", "--seed", "1"], input="1\nlog\nquit\n"
    )
    assert es.exit_code == 0, es.output
    assert "Elige un líder" in es.output
    assert "El Nido: Elige como líder al Constructor" in es.output
    assert "Has dejado la partida (semilla 1)" in es.output
    pt = CliRunner().invoke(
        app, ["--lang", "pt", "play", "--as", "marquise", "--seed", "1"], input="quit\n"
    )
    assert pt.exit_code == 0, pt.output
    assert "Posicione a Torre da Guarda em uma clareira de canto" in pt.output
    assert "Você saiu da partida (semente 1)" in pt.output


def test_suit_names_differ_per_language() -> None:
    names = {}
    for lang in LANGUAGES:
        with language(lang):
            names[lang] = [suit_name(s) for s in ("fox", "rabbit", "mouse", "bird")]
    assert names == {
        "en": ["fox", "rabbit", "mouse", "bird"],
        "pl": ["lis", "królik", "mysz", "ptak"],
        "es": ["zorro", "conejo", "ratón", "ave"],
        "pt": ["raposa", "coelho", "rato", "pássaro"],
    }


# --- The publisher's translated Law (issue 7, item 7) ---------------------------------------

OFFICIAL = [
    # (language, message context, English message, the Law's word)
    ("pl", "leader", "Commander", "Komandor"),
    ("pl", "step", "add to the Decree", "Dodanie Kart do Dekretu"),
    ("pl", "card", "Favor of the Mice", "Mysia Przysługa"),
    ("pl", "piece", "keep", "Twierdza"),
    ("pl", "item", "hammer", "młot"),
    ("es", "card", "Armorers", "Pertrechados"),
    ("es", "card kind", "dominance", "dominancia"),
    ("es", "step", "add to the Decree", "ampliar el Decreto"),
    ("pt", "step", "Emergency Orders", "Ordens Emergenciais"),
    ("pt", "piece", "keep", "Torre da Guarda"),
    ("pt", "card kind", "dominance", "domínio"),
    ("pt", "card kind", "persistent", "permanente"),
    ("pt", "item", "bag", "mochila"),
]


@pytest.mark.parametrize(("lang", "context", "english", "law"), OFFICIAL)
def test_terms_are_the_translated_laws(lang: str, context: str, english: str, law: str) -> None:
    assert translations(lang).pgettext(context, english) == law


def test_no_departure_from_the_translated_law_is_left_in_the_catalogs() -> None:
    """The departures listed in ../shared/rules/official-terms.md are gone."""
    gone = {
        "pl": ["Dowódca", "Nadgodziny", "zdetronizowany", "Przychylność", "obszar gry",
               "element", "wpadnij w Zamieszki", "decyduje {who}"],
        "es": ["Horas Extra", "destituido", "dominio", "Armeros", "PV", "Frustra"],
        "pt": ["Ordens de Emergência", "deposto", "fortaleza", "dominância", "persistente",
               "Itens criados", "Coloque", "{who} deve"],
    }
    for lang, words in gone.items():
        strings = []
        for m in _po(lang):
            if m.id:
                strings.extend(m.string if isinstance(m.string, tuple) else [m.string])
        for word in words:
            found = [s for s in strings if re.search(rf"(?<!\w){re.escape(word)}", s)]
            assert not found, (lang, word, found[:3])


def test_vp_written_out_in_spanish_and_sentences_keep_the_article() -> None:
    with language("es"):
        assert vp_text(2) == "2 puntos de victoria"
    game = new_game(seed=1)
    assert translate_reason(game.explain(("keep", 99)), lang="es").count("El Nido") == 0
    r = CliRunner().invoke(app, ["--lang", "es", "bench", "--games", "1"])
    assert "El Marquesado contra el Nido" in " ".join(r.output.split())
    assert "partidas/s:" in r.output


@pytest.mark.parametrize(
    ("lang", "text"),
    [("pl", "Zagraj w terminalu przeciwko botowi (domyślnie losowemu)."),
     ("es", "Juega una partida en la terminal contra un bot (el aleatorio por defecto)."),
     ("pt", "Jogue uma partida no terminal contra um bot (o aleatório por padrão).")],
)
def test_help_texts_speak_the_chosen_language(lang: str, text: str) -> None:
    r = CliRunner().invoke(app, ["--lang", lang, "play", "--help"], env={"COLUMNS": "200"})
    assert r.exit_code == 0
    assert text in " ".join(r.output.split())
