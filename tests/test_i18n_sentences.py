"""Faction names inside sentences (issue 7, item 7): in Spanish and Portuguese the name carries
its article ("el Nido", "la Alianza", "as Rapinas", "o Malandro"), the sentences write none
before it, and ``i18n.fill`` contracts a preposition right before it ("del Nido", "à Aliança")
and capitalises it at the start of a sentence. Polish sentences name the faction in the
nominative, in apposition. Every test renders real sentences of the game and asserts them
exactly, for each of the four factions, as the subject and as the object, after each
preposition the catalogs use.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from babel.messages.pofile import read_po
from rich.console import Console

from rootgame import new_game
from rootgame.cli import _mix_name
from rootgame.describe import describe, translate_reason
from rootgame.i18n import CONTRACTIONS, InSentence, fill, language, po_path
from rootgame.log_text import event_text, render_log
from rootgame.names import faction_in_sentence
from rootgame.render import status_text
from rootgame.terminal import intro

FOUR = ("marquise", "eyrie", "alliance", "vagabond")


@pytest.fixture(scope="module")
def game() -> Any:
    return new_game(FOUR, seed=3)


def _lines(game: Any, lang: str, event: dict[str, Any]) -> list[str]:
    """``event`` aimed at each faction in turn (as its target), from seat 0 or 1."""
    out = []
    with language(lang):
        for target in range(4):
            seat = 1 if target == 0 else 0
            text = event_text(game, {**event, "seat": seat, "defender": target,
                                     "target": target, "at": target, "from": target,
                                     "to": target, "with": target})
            assert text is not None
            out.append(text)
    return out


# --- the names -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", ["Marquise de Cat", "Eyrie Dynasties", "Woodland Alliance", "Vagabond"]),
        ("pl", ["Markiza de Kot", "Dynastie Orlich Gniazd", "Sojusz Stworzeń Leśnych",
                "Włóczęga"]),
        ("es", ["el Marquesado", "el Nido", "la Alianza", "el Vagabundo"]),
        ("pt", ["os Marqueses", "as Rapinas", "a Aliança", "o Malandro"]),
    ],
)
def test_every_faction_has_a_name_for_sentences_with_its_article(
    lang: str, names: list[str]
) -> None:
    with language(lang):
        got = [faction_in_sentence(f) for f in FOUR]
    assert got == names
    assert all(isinstance(n, InSentence) for n in got)


# --- after a preposition (log lines, action descriptions, reasons) ---------------------------


HITS = {"kind": "hits", "hits": 2, "rolled": 1, "extra": 1}


@pytest.mark.parametrize(
    ("lang", "event", "expected"),
    [
        ("es", {"kind": "look"}, ["El Nido: mira la mano del Marquesado",
                                  "El Marquesado: mira la mano del Nido",
                                  "El Marquesado: mira la mano de la Alianza",
                                  "El Marquesado: mira la mano del Vagabundo"]),
        ("es", HITS, ["El Nido: da 2 golpes al Marquesado (1 por la tirada, adicionales: 1)",
                      "El Marquesado: da 2 golpes al Nido (1 por la tirada, adicionales: 1)",
                      "El Marquesado: da 2 golpes a la Alianza (1 por la tirada, adicionales: 1)",
                      "El Marquesado: da 2 golpes al Vagabundo (1 por la tirada, adicionales: 1)"]),
        ("pt", {"kind": "look"}, ["As Rapinas: olha a mão dos Marqueses",
                                  "Os Marqueses: olha a mão das Rapinas",
                                  "Os Marqueses: olha a mão da Aliança",
                                  "Os Marqueses: olha a mão do Malandro"]),
        ("pt", HITS, ["As Rapinas: causa 2 danos aos Marqueses (1 da rolagem, adicionais: 1)",
                      "Os Marqueses: causa 2 danos às Rapinas (1 da rolagem, adicionais: 1)",
                      "Os Marqueses: causa 2 danos à Aliança (1 da rolagem, adicionais: 1)",
                      "Os Marqueses: causa 2 danos ao Malandro (1 da rolagem, adicionais: 1)"]),
    ],
)
def test_de_and_a_contract_with_the_article_of_each_faction(
    game: Any, lang: str, event: dict[str, Any], expected: list[str]
) -> None:
    """Spanish contracts de/a with "el" only ("del Nido", "a la Alianza"); Portuguese with
    every article ("dos Marqueses", "das Rapinas", "à Aliança", "ao Malandro")."""
    assert _lines(game, lang, event) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("es", ["El Nido: batalla contra el Marquesado en el claro 1 (zorro)",
                "El Marquesado: batalla contra el Nido en el claro 1 (zorro)",
                "El Marquesado: batalla contra la Alianza en el claro 1 (zorro)",
                "El Marquesado: batalla contra el Vagabundo en el claro 1 (zorro)"]),
        ("pt", ["As Rapinas: batalha contra os Marqueses na clareira 1 (raposa)",
                "Os Marqueses: batalha contra as Rapinas na clareira 1 (raposa)",
                "Os Marqueses: batalha contra a Aliança na clareira 1 (raposa)",
                "Os Marqueses: batalha contra o Malandro na clareira 1 (raposa)"]),
        ("pl", ["Dynastie Orlich Gniazd: walczy na polanie 1 (lis) (obrońca: Markiza de Kot)",
                "Markiza de Kot: walczy na polanie 1 (lis) (obrońca: Dynastie Orlich Gniazd)",
                "Markiza de Kot: walczy na polanie 1 (lis) (obrońca: Sojusz Stworzeń Leśnych)",
                "Markiza de Kot: walczy na polanie 1 (lis) (obrońca: Włóczęga)"]),
    ],
)
def test_battle_lines_name_the_defender_without_a_doubled_article(
    game: Any, lang: str, expected: list[str]
) -> None:
    assert _lines(game, lang, {"kind": "battle", "clearing": 1}) == expected


def test_the_vagabonds_lines_with_each_faction(game: Any) -> None:
    give = {"kind": "give", "card": 0}
    with language("es"):
        card = event_text(game, {**give, "seat": 3, "to": 0}).split(": da ")[1]  # type: ignore[union-attr]
    assert card.endswith(" al Marquesado")
    assert [event_text(game, {"kind": "relationship", "seat": 3, "with": w, "to": "allied"})
            for w in (0, 1, 2)] == [
        "Vagabond: now Allied with the Marquise de Cat",
        "Vagabond: now Allied with the Eyrie Dynasties",
        "Vagabond: now Allied with the Woodland Alliance",
    ]
    expect = {
        "es": ["El Vagabundo: relación con el Marquesado: ahora Aliado",
               "El Vagabundo: relación con el Nido: ahora Aliado",
               "El Vagabundo: relación con la Alianza: ahora Aliado"],
        "pt": ["O Malandro: relação com os Marqueses: agora Aliado",
               "O Malandro: relação com as Rapinas: agora Aliado",
               "O Malandro: relação com a Aliança: agora Aliado"],
        "pl": ["Włóczęga: nowa relacja – Markiza de Kot: Sojusznik",
               "Włóczęga: nowa relacja – Dynastie Orlich Gniazd: Sojusznik",
               "Włóczęga: nowa relacja – Sojusz Stworzeń Leśnych: Sojusznik"],
    }
    for lang, lines in expect.items():
        with language(lang):
            got = [event_text(game, {"kind": "relationship", "seat": 3, "with": w,
                                     "to": "allied"}) for w in (0, 1, 2)]
        assert got == lines, lang
    item = {"kind": "take-item", "item": "boot", "seat": 3}
    with language("es"):
        assert event_text(game, {**item, "from": 2}) == (
            "El Vagabundo: toma un objeto (bota) de la Alianza")
        assert event_text(game, {**item, "from": 1}) == (
            "El Vagabundo: toma un objeto (bota) del Nido")
    with language("pt"):
        assert event_text(game, {**item, "from": 0}) == (
            "O Malandro: pega um item (bota) dos Marqueses")
        assert event_text(game, {**item, "from": 2}) == (
            "O Malandro: pega um item (bota) da Aliança")


@pytest.mark.parametrize(
    ("lang", "action", "expected"),
    [
        ("es", ("aid", 0, 5), "Ayudar al Marquesado: dale {card}"),
        ("es", ("aid", 2, 5), "Ayudar a la Alianza: dale {card}"),
        ("es", ("strike", 1), "Golpear (una ballesta): retira un guerrero del Nido"),
        ("es", ("strike", 2), "Golpear (una ballesta): retira un guerrero de la Alianza"),
        ("es", ("codebreakers", 3), "Descifradores: mira la mano del Vagabundo"),
        ("es", ("steal", 2), "Robar (una antorcha): toma una carta al azar de la Alianza"),
        ("pt", ("aid", 1, 5), "Ajudar as Rapinas: dê {card}"),
        ("pt", ("strike", 0), "Atacar (uma besta): remova um guerreiro dos Marqueses"),
        ("pt", ("strike", 1), "Atacar (uma besta): remova um guerreiro das Rapinas"),
        ("pt", ("strike", 2), "Atacar (uma besta): remova um guerreiro da Aliança"),
        ("pt", ("codebreakers", 3), "Decifradores: veja a mão do Malandro"),
        ("pt", ("steal", 1), "Roubo (uma tocha): pegue uma carta aleatória das Rapinas"),
        ("pl", ("strike", 1), "Cios (kusza): usuń wojownika (frakcja: Dynastie Orlich Gniazd)"),
    ],
)
def test_action_descriptions_contract_before_the_object(
    game: Any, lang: str, action: tuple[Any, ...], expected: str
) -> None:
    from rootgame.names import card_title

    with language(lang):
        text = describe(game.state, action)
        assert text == expected.format(card=card_title(5))


@pytest.mark.parametrize(
    ("lang", "who", "expected"),
    [
        ("es", "alliance", "debe decidir la Alianza ('Choose')"),
        ("es", "vagabond", "debe decidir el Vagabundo ('Choose')"),
        ("pt", "marquise", "a decisão 'Choose' cabe aos Marqueses e aceita"),
        ("pt", "eyrie", "a decisão 'Choose' cabe às Rapinas e aceita"),
        ("pt", "alliance", "a decisão 'Choose' cabe à Aliança e aceita"),
        ("pt", "vagabond", "a decisão 'Choose' cabe ao Malandro e aceita"),
        ("pl", "eyrie", "podejmuje teraz frakcja Dynastie Orlich Gniazd"),
    ],
)
def test_engine_reasons_name_who_decides(lang: str, who: str, expected: str) -> None:
    english = f"'x' is not legal now: {who} must decide 'Choose', which takes: y"
    assert expected in translate_reason(english, lang=lang)


# --- at the start of a sentence, and as the subject ------------------------------------------


@pytest.mark.parametrize(
    ("lang", "pairs"),
    [
        ("es", ["El Marquesado contra el Nido", "La Alianza contra el Vagabundo",
                "El Vagabundo contra la Alianza"]),
        ("pt", ["Os Marqueses contra as Rapinas", "A Aliança contra o Malandro",
                "O Malandro contra a Aliança"]),
        ("pl", ["Markiza de Kot kontra Dynastie Orlich Gniazd",
                "Sojusz Stworzeń Leśnych kontra Włóczęga",
                "Włóczęga kontra Sojusz Stworzeń Leśnych"]),
    ],
)
def test_the_bench_names_a_pair_capitalised_at_the_start(lang: str, pairs: list[str]) -> None:
    with language(lang):
        got = [_mix_name(m) for m in (("marquise", "eyrie"), ("alliance", "vagabond"),
                                      ("vagabond", "alliance"))]
    assert got == pairs


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("es", "Batalla en el claro 3: la Alianza ataca al Vagabundo"),
        ("pt", "Batalha na clareira 3: ataque da Aliança contra o Malandro"),
        ("pl", "Walka na polanie 3: atakujący Sojusz Stworzeń Leśnych, obrońca Włóczęga"),
    ],
)
def test_the_battle_line_of_the_status_bar(lang: str, expected: str) -> None:
    view = {"turn_number": 0, "turn_faction": "alliance", "phase": "daylight", "step": None,
            "current_faction": None, "battle": {"clearing": 3, "attacker": "alliance",
                                                "defender": "vagabond"}}
    with language(lang):
        text = status_text(view).plain
    assert expected in text


@pytest.mark.parametrize(
    ("lang", "human", "bot", "expected"),
    [
        ("es", "alliance", "marquise", "Juegas con la Alianza contra un bot aleatorio (el "
         "Marquesado)"),
        ("es", "vagabond", "eyrie", "Juegas con el Vagabundo contra un bot aleatorio (el Nido)"),
        ("pt", "alliance", "eyrie", "Você joga com a Aliança contra um bot aleatório (as "
         "Rapinas)"),
        ("pt", "marquise", "vagabond", "Você joga com os Marqueses contra um bot aleatório (o "
         "Malandro)"),
        ("pl", "vagabond", "alliance", "Grasz frakcją Włóczęga przeciwko losowemu botowi "
         "(Sojusz Stworzeń Leśnych)"),
    ],
)
def test_the_terminal_intro(lang: str, human: str, bot: str, expected: str) -> None:
    buf = io.StringIO()
    with language(lang):
        intro(Console(file=buf, width=300), human, [(bot, "random")], 7)
    assert buf.getvalue().startswith(expected)


def test_a_sentence_starting_with_the_name_is_capitalised() -> None:
    with language("es"):
        assert fill("{a} ataca. {b} huye", a=faction_in_sentence("alliance"),
                    b=faction_in_sentence("eyrie")) == "La Alianza ataca. El Nido huye"
        assert fill("¡{a} gana!", a=faction_in_sentence("vagabond")) == "¡El Vagabundo gana!"
    with language("pt"):
        assert fill("{a}: {b}", a=faction_in_sentence("eyrie"), b="x") == "As Rapinas: x"


def test_every_portuguese_contraction_and_nothing_else() -> None:
    expected = {
        "de": ["dos Marqueses", "das Rapinas", "da Aliança", "do Malandro"],
        "em": ["nos Marqueses", "nas Rapinas", "na Aliança", "no Malandro"],
        "a": ["aos Marqueses", "às Rapinas", "à Aliança", "ao Malandro"],
        "por": ["pelos Marqueses", "pelas Rapinas", "pela Aliança", "pelo Malandro"],
        "com": ["com os Marqueses", "com as Rapinas", "com a Aliança", "com o Malandro"],
    }
    with language("pt"):
        for prep, names in expected.items():
            got = [fill(f"x {prep} {{f}}", f=faction_in_sentence(f)) for f in FOUR]
            assert got == [f"x {n}" for n in names], prep
        # Only before an inserted name: the same words in the text are left alone.
        assert fill("de o {n}", n="Nido") == "de o Nido"
        assert fill("governada por {f}", f=faction_in_sentence("alliance")) == (
            "governada pela Aliança")
    with language("es"):
        assert CONTRACTIONS["es"] == {("de", "el"): "del", ("a", "el"): "al"}
        assert fill("de {f}", f=faction_in_sentence("alliance")) == "de la Alianza"
        assert fill("x De {f}", f=faction_in_sentence("eyrie")) == "x Del Nido"


# --- the catalogs and a whole game -----------------------------------------------------------

FACTION_FIELDS = r"\{(defender|attacker|ally|other|who|bot)\}"
ARTICLES = {
    "es": r"(?<!\w)(el|la|los|las|del|al) ",
    "pt": r"(?<!\w)(o|os|as|do|da|dos|das|ao|aos|à|às|no|na|nos|nas|pelo|pela) ",
}


@pytest.mark.parametrize("lang", ["es", "pt"])
def test_no_sentence_writes_an_article_before_a_faction(lang: str) -> None:
    """The name carries the article: a sentence that wrote one would double it."""
    with open(po_path(lang), "rb") as f:
        catalog = read_po(f, locale=lang)
    bad = []
    for m in catalog:
        english = m.id if isinstance(m.id, str) else m.id[0]
        fields = FACTION_FIELDS
        if re.search(r"the \{faction\}", english or ""):
            fields = FACTION_FIELDS[:-3] + r"|faction)\}"
        for s in m.string if isinstance(m.string, tuple) else (m.string,):
            if re.search(ARTICLES[lang] + fields, s or ""):
                bad.append(s)
    assert not bad


@pytest.mark.parametrize(
    ("lang", "wrong"),
    [
        ("es", r"(?<!\w)(de|a) el |del la |el la |(?<!\w)de (Nido|Marquesado|Vagabundo)"),
        ("pt", r"(?<!\w)(de|a|em|por) (o|os|a|as) (Marqueses|Rapinas|Aliança|Malandro)"),
    ],
)
def test_a_four_player_game_log_reads_without_a_broken_article(lang: str, wrong: str) -> None:
    import random

    g = new_game(FOUR, seed=3)
    rng = random.Random(1)
    for _ in range(800):
        if g.winners:
            break
        g.apply(rng.choice(g.legal_actions()))
    lines = render_log(g, None, lang)
    assert len(lines) > 200
    assert [x for x in lines if re.search(wrong, x)] == []
    starts = ("el ", "la ", "os ", "as ", "o ", "a ")
    assert [x for x in lines if x.startswith(starts)] == []


# --- the browser's sentences, the quests, the map's letters -----------------------------------


@pytest.mark.parametrize(
    ("lang", "key", "faction", "expected"),
    [
        ("es", "handoff_title", "marquise", "Pasa la pantalla al Marquesado"),
        ("es", "handoff_title", "alliance", "Pasa la pantalla a la Alianza"),
        ("es", "waiting_for", "vagabond", "Esperando al Vagabundo: {prompt}"),
        ("es", "decides", "alliance", "La Alianza decide: {prompt}"),
        ("pt", "ruler", "alliance", "governada pela Aliança"),
        ("pt", "ruler", "marquise", "governada pelos Marqueses"),
        ("pt", "decides", "eyrie", "Decisão das Rapinas: {prompt}"),
        ("pt", "handoff_button", "vagabond", "Jogo com o Malandro: mostrar minha mão"),
        ("pl", "decides", "eyrie", "Decyduje frakcja Dynastie Orlich Gniazd: {prompt}"),
        ("en", "handoff_title", "vagabond", "Pass the screen to the Vagabond"),
    ],
)
def test_the_browser_gets_its_faction_sentences_filled_in(
    lang: str, key: str, faction: str, expected: str
) -> None:
    from rootgame.web.text import text_table

    table = text_table(lang)
    assert table["ui_faction"][key][faction] == expected
    assert table["factions_in_sentence"]["alliance"] == {
        "en": "Woodland Alliance", "es": "la Alianza", "pt": "a Aliança",
        "pl": "Sojusz Stworzeń Leśnych"}[lang]


def test_the_quests_are_named_in_each_language(game: Any) -> None:
    from rootgame.names import quest_name

    expected = {"en": "Expel Bandits (mouse)", "pl": "Przepędzenie Bandytów (mysz)",
                "es": "Expulsar Bandidos (ratón)", "pt": "Expulsar Bandidos (rato)"}
    for lang, name in expected.items():
        with language(lang):
            assert quest_name("expel-bandits:mouse") == name
    with language("pt"):
        assert event_text(game, {"kind": "quests", "seat": 3, "quests": [0]}) == (
            f"O Malandro: novas tarefas reveladas: {quest_name(0)}")
        assert "Expel" not in quest_name(0) + quest_name(14)


@pytest.mark.parametrize(
    ("lang", "letters"),
    [("en", "MEAV"), ("pl", "MOSW"), ("es", "MNAV"), ("pt", "MRAL")],
)
def test_each_faction_has_its_own_letter_on_the_map(lang: str, letters: str) -> None:
    from rootgame.map_view import letter

    with language(lang):
        assert "".join(letter(f) for f in FOUR) == letters


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Relationships: Marquise: Hostile, Eyrie: on space 1, Alliance: Indifferent"),
        ("pl", "Relacje: Markiza: Wróg, Orle Gniazda: pole 1, Sojusz: Neutralny"),
        ("es", "Relaciones: Marquesado: Hostil, Nido: en la casilla 1, Alianza: "
         "Indiferente"),
        ("pt", "Relações: Marqueses: Hostil, Rapinas: no espaço 1, Aliança: Indiferente"),
    ],
)
def test_the_vagabonds_board_names_his_relationships(lang: str, expected: str) -> None:
    """A random game (seed 3, random choices 50) whose end shows the three forms: Hostile,
    a space on the track, Indifferent."""
    import random

    from rootgame.render import render_view

    g = new_game(FOUR, seed=3)
    rng = random.Random(50)
    while not g.winners:
        g.apply(rng.choice(g.legal_actions()))
    buf = io.StringIO()
    with language(lang):
        Console(file=buf, width=200, color_system=None).print(render_view(g.view(2)))
    assert expected in buf.getvalue()
