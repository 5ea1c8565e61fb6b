"""Records written the way people write them (issue 15): an exported record rewritten as a
player notes a game at the table, with what the notation lets them leave out left out (no
starting hands, unnamed draws, discards and Decree cards by suit only, no dice). The
benchmark of imports (``rootgame bench --imports``, ``bench_imports.py``), the tests of the
import (tests/rootlogkit.py) and ``tools/rootlog_people_games.py`` make their records so."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["CARD", "as_people_write", "as_people_write_supporters"]

CARD = r"\d*[BFMR]#[a-z@]+"
"""A card named as the export writes it, with its count (``F#tax``, ``2B#@``): a regex."""


def _rewrite_people_style(
    text: str, letters: str, rewrite: Callable[[str, str, list[str]], str], dice: bool = False
) -> str:
    """The lines of the factions ``letters`` rewritten fragment by fragment (``rewrite(who,
    fragment, before)``, ``before`` the line's fragments before it, as exported) the way
    people record games: without each faction's starting hand (its first line's first
    fragment) and without dice (unless ``dice``). A dominance card
    taken from beside the board is left named, whoever's line it is in (ruling 770,
    :func:`_taken_from_beside`), and so is one activated (ruling 783, :func:`_activated`)."""
    out: list[str] = []
    seen: set[str] = set()
    dom = _Dominance()
    for ln in text.splitlines():
        m = re.match(rf"^([{letters}]):(?! )(.*)$", ln)
        if not m:
            other = re.match(r"^[A-Z]:(?! )(.*)$", ln)
            for f in (other.group(1).split("/") if other and other.group(1) else []):
                _taken_from_beside(f, dom)
            out.append(ln)
            continue
        who, body = m.groups()
        frags = body.split("/") if body else []
        if who not in seen:
            seen.add(who)
            if frags and re.fullmatch(rf"\(?({CARD}\+?)+\)?->{who}", frags[0]):
                frags = frags[1:]  # the starting hand
        new = [f if _taken_from_beside(f, dom) or _activated(frags, i)
               else rewrite(who, f, frags[:i]) if dice
               else re.sub(r"\(\d,\d\)$", "", rewrite(who, f, frags[:i]))
               for i, f in enumerate(frags)]
        out.append(f"{who}:" + "/".join(new))
    return "\n".join(out) + "\n"


ACTIVATED = True
"""Ruling 783 turned on (a test turns it off to write the records as before)."""


def _activated(frags: list[str], i: int) -> bool:
    """Whether the fragment ``frags[i]`` puts a dominance card on its player's board with
    the score marker off the track next (``M#domA->$/++->$``): the card activated (3.3.1),
    face up, which people write as it is, named; the Alliance's Mobilize of a dominance
    card (``M#domA->$`` with no marker moved) is face down and left to the rewriting.
    Ruling 783."""
    return ACTIVATED and bool(re.fullmatch(r"[BFMR]#dom[A-Z]->\$", frags[i])) and \
        frags[i + 1:i + 2] == ["++->$"]


@dataclass
class _Dominance:
    """Where the dominance cards are that a record's fragments have put aside so far (ruling
    770): the suits of those beside the board (available, Law 3.3.3) and of those in the
    Eyrie's Decree, which its purge (``$_->``) puts beside the board unwritten."""

    beside: set[str] = field(default_factory=set)
    decree: set[str] = field(default_factory=set)


def _taken_from_beside(fragment: str, dom: _Dominance) -> bool:
    """Whether ``fragment`` takes a dominance card from beside the board (``R#dom->A``,
    Law 3.3.3: spending a card of its suit, in the open), which people write as it is,
    named, never as an unnamed draw (ruling 770). ``dom`` is kept up to date: a dominance
    card going to no place (``R#domA->``, ``M#dom$->``: discarded or spent, 3.3.1;
    ``M#dom->``: drawn to the discard pile) goes beside the board, as do those in the
    Decree at a purge (``$_->``); the export writes a card taken from there, as one
    drawn, from no place."""
    if re.fullmatch(r"E?\$_->", fragment):
        dom.beside |= dom.decree
        dom.decree.clear()
        return False
    m = re.fullmatch(rf"\(?((?:{CARD}\+?)+)\)?([^-]*)->(.*)", fragment)
    if not m:
        return False
    terms, start, dest = m.groups()
    suits = re.findall(r"([BFMR])#dom(?![a-z])", terms)
    if not suits:
        return False
    if re.fullmatch(r"E?\$_[a-z]", dest):
        dom.decree.update(suits)
    elif not dest:
        dom.beside.update(suits)
    elif not start and dest and len(suits) == 1 and suits[0] in dom.beside \
            and re.fullmatch(r"[BFMR]#dom", terms):
        dom.beside.discard(suits[0])
        return True
    return False


def as_people_write(text: str, keep: tuple[str, ...] = ()) -> str:
    """An exported record rewritten the way people record games: no starting hands, draws
    unnamed (``2#->C``), discards from a hand and cards added to the Decree given by suit
    only (``F#C->``, ``M#E->$_b``), no dice. The Vagabond's lines too (issue 15: the real
    records write ``2#->V`` and ``#V->``): his starting hand left out, his draws unnamed
    (Evening, a quest's reward: ``2#->V``) and his discards by suit only (``R#V->``); what
    he gives by Aid, takes by Steal or Day Labor, and his quests stay named. ``keep``
    leaves some of it as exported: ``"dice"``, ``"draws"`` (named), ``"suits"`` (the
    discards and Decree cards named), ``"vagabond"`` (his lines)."""

    def rewrite(who: str, f: str, _before: list[str]) -> str:
        d = re.fullmatch(rf"((?:{CARD}\+?)+)->([CEV])", f)
        if d and "draws" not in keep:
            n = sum(int(x or 1) for x in re.findall(r"(\d*)[BFMR]#", d.group(1)))
            return f"{n if n > 1 else ''}#->{d.group(2)}"
        if re.search(r"[CEV]->(\$_[rmxb])?$", f) and "#" in f and "$->" not in f and \
                "suits" not in keep:
            return re.sub(r"([BFMR])#(?!dom)[a-z@]+", r"\1#", f)
        return f

    letters = "CE" if "vagabond" in keep else "CEV"
    return _rewrite_people_style(text, letters, rewrite, "dice" in keep)


def as_people_write_supporters(text: str) -> str:
    """An exported record with the Alliance, rewritten the way people record it: no
    starting hands, draws unnamed (into a hand or the supporters, ``3#->$``, ``#->A$``),
    Mobilize unnamed (``#A->$``, the supporters are face down, 8.2.2), cards discarded,
    given to the supporters or spent from them by suit only (``F#C->A$``, ``2R#$->``), no
    dice. With :data:`CRAFTED_NAMED` (ruling 942, on since ruling 962), a card the
    Alliance crafted that leaves the face-up cards beside its board (``B#sapA$->``, Sappers
    or Armorers discarded in a battle) stays named."""
    board = _AllianceBoard()

    def rewrite(who: str, f: str, before: list[str]) -> str:
        if CRAFTED_NAMED and _crafted_left(who, f, board, before):
            return f
        d = re.fullmatch(rf"((?:{CARD}\+?)+)->([CEA]|A?\$)", f)
        if d:
            n = sum(int(x or 1) for x in re.findall(r"(\d*)[BFMR]#", d.group(1)))
            return f"{n if n > 1 else ''}#->{d.group(2)}"
        if who == "A" and re.fullmatch(rf"{CARD}A->\$", f):
            return "#A->$"
        if re.search(r"([CEA]->(\$_[rmxb]|A\$)?|(?<![CE])\$->)$", f) and "#" in f:
            return re.sub(r"([BFMR])#(?!dom)[a-z@]+", r"\1#", f)
        return f

    return _rewrite_people_style(text, "CEA", rewrite)


CRAFTED_NAMED = True
"""Ruling 942, on since ruling 962: the crafted cards leaving the Alliance's board are
written named. It was off because seed 1023 was then refused at line 137; the importer does
take each such named discard for the crafted card (every search of 1023 consumes lines 89,
113 and 133's ``B#sapA$->`` and ``B#armorA$->`` as the face-up card), and the refusal came
from a Mobilize of the hand's only bird before a Train at line 122, which ruling 961's
search mends. With it on, seeds 1013 and 1023 import whole."""


OWN_LINE_CRAFTED = False
"""Ruling 964 (off: see below): a crafted card leaving the Alliance's board in its own line
(``B#royal$->``, Royal Claim discarded in Birdsong; Armorers in a battle it fights) is left
named as well (ruling 942 named only the form of the other factions' lines,
``B#sapA$->``). With it, every crafted card that leaves the face-up cards in the games
1000-1029 is named in the record and no other card is (``test_rootlog_faceup.py``). Off by
default: turned on with ruling 963 (``atoms.FACE_UP_APART``, which needs it), seed 1021
gets from line 60 to 108 but seeds 1013 and 1019, which import on main, are refused (at
lines 118 and 169: another course of the searches, a bird over or short; docs/rootlog.md,
rulings 963-964)."""


@dataclass
class _AllianceBoard:
    """What the export has put on the Alliance's board so far (ruling 964): the names of
    the cards it crafted by name, face up beside the board (``Zroyal``), and its supporters
    by suit and name (``B#royal``), face down."""

    crafted: set[str] = field(default_factory=set)
    supporters: Counter[str] = field(default_factory=Counter)


def _crafted_left(
    who: str, fragment: str, board: _AllianceBoard, before: list[str],
) -> bool:
    """Whether ``fragment`` moves a card the Alliance crafted by name (``Zsap`` in its line,
    kept in ``board``) out of the face-up cards beside its board, one card written with
    the board (``B#sapA$->``: Sappers or Armorers discarded in a battle another faction
    fights, 8.2.2 the supporters face down, the crafted cards face up): people see the
    card and write it named, as the export does. Ruling 942. In the Alliance's own line
    the board has no letter (``B#royal$->``), as for a supporter spent: it is the crafted
    card when no supporter of that suit and name is on the board (the supporters kept in
    ``board`` as they come and go), or when a battle of the Alliance came before it in the
    line (``before``: ``XE2/B#armor$->``, its crafted Armorers; the supporters are spent in
    Birdsong, before any battle) (ruling 964, :data:`OWN_LINE_CRAFTED`)."""
    m = re.fullmatch(r"Z([a-z]+)", fragment)
    if m:
        if who == "A":
            board.crafted.add(m.group(1))
        return False
    m = re.fullmatch(rf"\(?((?:{CARD}\+?)+)\)?([^-]*)->(.*)", fragment)
    if not m:
        return False
    terms, start, dest = m.groups()
    cards: Counter[str] = Counter()
    for n, text in re.findall(r"(\d*)([BFMR]#[a-z@]+)", terms):
        cards[text] += int(n or 1)
    if dest == "A$" or (who == "A" and dest == "$"):
        board.supporters += cards
    own = who == "A" and start == "$"
    if start != "A$" and not own:
        return False
    one = re.fullmatch(r"[BFMR]#([a-z@]+)", terms)
    if one and not dest and one.group(1) in board.crafted and (
            not own or (OWN_LINE_CRAFTED and (not board.supporters[terms] or any(
                re.match(r"X[A-Z]\d", b) for b in before)))):
        board.crafted.discard(one.group(1))
        return True
    board.supporters -= cards
    return False
