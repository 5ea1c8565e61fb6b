"""Languages: the message catalogs and the functions that look text up in them.

The rules engine never produces text for people; the edges (``names``, ``describe``, ``render``,
``log_text``, the CLI) do, through the functions here. Message ids are the English text, so
English needs no catalog. The other languages live in gettext catalogs managed with Babel:

    src/rootgame/locale/rootgame.pot                       the template (every message id)
    src/rootgame/locale/<lang>/LC_MESSAGES/rootgame.po     one per language (pl, es, pt)

The ``.po`` files are the only source: they are compiled to gettext's binary ``.mo`` form in
memory, with Babel, the first time a language is used (no ``.mo`` file is kept in the repo, so
none can be stale). ``python -m rootgame.i18n`` re-extracts the template from the sources and
merges it into every ``.po`` (docs/glossary.md, "Maintaining the catalogs").

Choosing the language: the CLI calls :func:`resolve_language` (``--lang``, then the
``ROOTGAME_LANG`` environment variable, then the system locale, then English) and
:func:`set_language`. The Python API stays in English unless a language is set, so a program
or a test never depends on the machine's locale by accident.
"""

from __future__ import annotations

import gettext as _gettext
import io
import os
import re
import string
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("en", "pl", "es", "pt")
"""The supported languages, English first (the source language)."""

LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "pl": "polski",
    "es": "español",
    "pt": "português",
}

DEFAULT_LANGUAGE = "en"
DOMAIN = "rootgame"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENV_VAR = "ROOTGAME_LANG"

_CURRENT: ContextVar[str] = ContextVar("rootgame_language", default=DEFAULT_LANGUAGE)


class UnknownLanguage(ValueError):
    """A language that rootgame has no catalog for."""


# --- choosing the language -------------------------------------------------------------------


def normalize(code: str | None) -> str | None:
    """``"pt_BR.UTF-8"`` -> ``"pt"``; ``"C"``, ``"POSIX"`` or empty -> None. The result may be
    a language rootgame does not support (check with ``in LANGUAGES``)."""
    if not code:
        return None
    code = code.strip().split(":")[0].split(".")[0].split("@")[0]
    if code.upper() in ("", "C", "POSIX"):
        return None
    return code.replace("-", "_").split("_")[0].lower() or None


def check_language(code: str) -> str:
    """The supported language named by ``code`` (``"pl"``, ``"pl_PL"``, ``"PT-br"``...), or
    :class:`UnknownLanguage` naming the supported ones."""
    lang = normalize(code)
    if lang not in LANGUAGES:
        raise UnknownLanguage(
            f"unknown language {code!r}; supported: {', '.join(LANGUAGES)}"
        )
    return lang


def system_language(env: Mapping[str, str] | None = None) -> str | None:
    """The first supported language of the system locale (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``, as gettext reads them), or None."""
    env = os.environ if env is None else env
    main = None
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(var):
            main = env[var]
            break
    # GNU gettext ignores LANGUAGE when the locale is C/POSIX; so do we.
    if main is not None and normalize(main) is None:
        return None
    for code in env.get("LANGUAGE", "").split(":"):
        lang = normalize(code)
        if lang in LANGUAGES:
            return lang
    lang = normalize(main)
    return lang if lang in LANGUAGES else None


def resolve_language(option: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The language to use: ``option`` (the ``--lang`` value), else ``ROOTGAME_LANG``, else the
    system locale, else English. An unsupported ``option`` or ``ROOTGAME_LANG`` raises
    :class:`UnknownLanguage`; an unsupported locale falls back to English."""
    env = os.environ if env is None else env
    if option:
        return check_language(option)
    if env.get(ENV_VAR):
        try:
            return check_language(env[ENV_VAR])
        except UnknownLanguage as e:
            raise UnknownLanguage(f"{ENV_VAR}: {e}") from None
    return system_language(env) or DEFAULT_LANGUAGE


def get_language() -> str:
    return _CURRENT.get()


def set_language(lang: str) -> None:
    """Use ``lang`` from now on (in this thread or task)."""
    _CURRENT.set(check_language(lang))


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """``with language("pl"): ...`` uses Polish inside the block (None: keep the current)."""
    if lang is None:
        yield get_language()
        return
    code = check_language(lang)
    token = _CURRENT.set(code)
    try:
        yield code
    finally:
        _CURRENT.reset(token)


# --- catalogs ----------------------------------------------------------------------------------


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def pot_path() -> Path:
    return LOCALE_DIR / f"{DOMAIN}.pot"


def compile_catalog(lang: str) -> bytes:
    """The ``.mo`` bytes of ``lang``'s catalog, compiled from its ``.po`` with Babel (fuzzy
    entries left out, as ``pybabel compile`` does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po_path(lang), "rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    return buf.getvalue()


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The gettext translations of a supported language (English: the message ids)."""
    lang = check_language(lang)
    if lang == DEFAULT_LANGUAGE:
        return _gettext.NullTranslations()
    return _gettext.GNUTranslations(io.BytesIO(compile_catalog(lang)))


def _tr() -> _gettext.NullTranslations | None:
    lang = _CURRENT.get()
    return None if lang == DEFAULT_LANGUAGE else translations(lang)


def gettext(message: str) -> str:
    t = _tr()
    return Message(message if t is None else t.gettext(message))


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n`` (Polish has three forms)."""
    t = _tr()
    if t is None:
        return Message(singular if n == 1 else plural)
    return Message(t.ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """A message in a context: the same English word can need different translations."""
    t = _tr()
    return Message(message if t is None else t.pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    t = _tr()
    if t is None:
        return Message(singular if n == 1 else plural)
    return Message(t.npgettext(context, singular, plural, n))


# --- names inside sentences --------------------------------------------------------------------
#
# Spanish and Portuguese put an article before a faction's name inside a sentence, and contract
# a preposition with it ("del Nido", "al Vagabundo", "das Rapinas", "à Aliança", "pelos
# Marqueses"). The name carries its article (``names.faction_in_sentence`` returns an
# :class:`InSentence`: "el Nido", "la Alianza", "as Rapinas", "o Malandro"), translated sentences
# never write an article before it ("contra {defender}", "de {other}", "a {faction}"), and the one
# place below contracts a preposition that directly precedes such a name in the sentence, and
# capitalises the name when it starts the sentence ("La Alianza contra el Nido"). Every
# translated message (whatever ``gettext``, ``ngettext``, ``pgettext`` or ``npgettext`` return)
# formats through it: ``_("...").format(...)`` is :func:`fill`. Polish has no articles: its
# sentences are written so that the name, in the nominative, fits (docs/glossary.md).


class InSentence(str):
    """A name to be put inside a sentence, with its article in Spanish and Portuguese ("el
    Nido", "as Rapinas"). Formatting a translated message with it contracts the preposition
    before it and capitalises it at the start of a sentence (:func:`fill`)."""

    __slots__ = ()


CONTRACTIONS: dict[str, dict[tuple[str, str], str]] = {
    "es": {("de", "el"): "del", ("a", "el"): "al"},
    "pt": {
        (prep, article): joined
        for prep, forms in {
            "de": ("do", "da", "dos", "das"),
            "em": ("no", "na", "nos", "nas"),
            "a": ("ao", "à", "aos", "às"),
            "por": ("pelo", "pela", "pelos", "pelas"),
        }.items()
        for article, joined in zip(("o", "a", "os", "as"), forms, strict=True)
    },
}
"""Per language, (preposition, article) -> the contracted form, applied only where the
preposition directly precedes an :class:`InSentence` name."""

_LAST_WORD = re.compile(r"(?<!\w)(\w+) \Z")
_SENTENCE_START = re.compile(r"(?:\A|[.!?] )[\s¡¿(\"'«„“]*\Z")
_FORMATTER = string.Formatter()


def fill(template: str, /, *args: object, **kwargs: object) -> str:
    """``template.format(*args, **kwargs)`` in the current language, fitting every
    :class:`InSentence` value into the sentence: a preposition right before it is contracted
    with its article (``"de " + "el Nido"`` -> ``"del Nido"``; ``"a " + "a Aliança"`` -> ``"à
    Aliança"``) by :data:`CONTRACTIONS`, and the name is capitalised when it starts the
    sentence (nothing before it but opening punctuation, or after ". ", "! ", "? ")."""
    if not any(isinstance(v, InSentence) for v in (*args, *kwargs.values())):
        return str.format(template, *args, **kwargs)
    rules = CONTRACTIONS.get(get_language(), {})
    out = ""
    auto = 0
    for literal, field, spec, conversion in _FORMATTER.parse(template):
        out += literal
        if field is None:
            continue
        if field == "":
            field, auto = str(auto), auto + 1
        value, _key = _FORMATTER.get_field(field, args, kwargs)
        if isinstance(value, InSentence) and not spec and not conversion:
            before, name = _fit(out, str(value), rules)
            out = before + name
            continue
        value = _FORMATTER.convert_field(value, conversion) if conversion else value
        out += _FORMATTER.format_field(value, spec or "")
    return out


def _fit(before: str, name: str, rules: dict[tuple[str, str], str]) -> tuple[str, str]:
    """The text before a name and the name, fitted together (see :func:`fill`)."""
    article, space, rest = name.partition(" ")
    m = _LAST_WORD.search(before)
    if m is not None and space and rest:
        joined = rules.get((m.group(1).lower(), article.lower()))
        if joined is not None:
            if m.group(1)[0].isupper():
                joined = joined[0].upper() + joined[1:]
            return before[: m.start(1)], f"{joined} {rest}"
    if name and _SENTENCE_START.search(before):
        name = name[0].upper() + name[1:]
    return before, name


class Message(str):
    """A translated message: its ``format`` is :func:`fill`, so that a faction's name fits the
    sentence it is put in."""

    __slots__ = ()

    def format(self, /, *args: object, **kwargs: object) -> str:
        return fill(self, *args, **kwargs)


_ = gettext


# Markers: they return their text unchanged and only tell the extractor that it is a message
# (for tables built at import time, which are looked up later with gettext/pgettext).


def N_(message: str) -> str:
    return message


def Np_(context: str, message: str) -> str:  # noqa: N802
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802
    return (singular, plural)


def Nnp_(context: str, singular: str, plural: str) -> tuple[str, str]:  # noqa: N802
    return (singular, plural)


# --- maintaining the catalogs ------------------------------------------------------------------

KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "_": None,
    "gettext": None,
    "N_": None,
    "ngettext": (1, 2),
    "Nn_": (1, 2),
    "pgettext": ((1, "c"), 2),
    "Np_": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "Nnp_": ((1, "c"), 2, 3),
    # The engine's decision prompts: @decision("kind", "prompt"), translated at the edge.
    "decision": (2,),
}
"""What the extractor reads as messages (Babel keyword specs)."""

COMMENT_TAGS = ("TRANSLATORS:",)


def extract_template() -> object:
    """A Babel catalog of every message in the sources (``rootgame.pot``'s content)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    root = Path(__file__).resolve().parent
    catalog = Catalog(
        project="rootgame",
        domain=DOMAIN,
        msgid_bugs_address="",
        copyright_holder="rootgame",
        charset="utf-8",
    )
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent).as_posix()
        for lineno, message, comments, context in extract_from_file(
            "python",
            str(path),
            keywords=KEYWORDS,
            comment_tags=COMMENT_TAGS,
            strip_comment_tags=True,
        ):
            catalog.add(
                message, None, [(rel, lineno)], auto_comments=comments, context=context
            )
    return catalog


def update_catalogs() -> list[str]:
    """Rewrite ``rootgame.pot`` from the sources and merge it into every ``.po`` (new messages
    come in untranslated, removed ones are dropped). Returns the files written."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    template = extract_template()
    assert isinstance(template, Catalog)
    written = []
    with open(pot_path(), "wb") as f:
        write_po(f, template, width=100, sort_output=False, include_lineno=False)
    written.append(str(pot_path()))
    for lang in LANGUAGES[1:]:
        with open(po_path(lang), "rb") as f:
            catalog = read_po(f, locale=lang, domain=DOMAIN)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        with open(po_path(lang), "wb") as f:
            write_po(f, catalog, width=100, sort_output=False, include_lineno=False)
        written.append(str(po_path(lang)))
    return written


if __name__ == "__main__":  # pragma: no cover
    for name in update_catalogs():
        print("wrote", name)
