"""Records written the way people write them (issue 15): an exported record rewritten as a
player notes a game at the table, with what the notation lets them leave out left out (no
starting hands, unnamed draws, discards and Decree cards by suit only, no dice). The
benchmark of imports (``rootgame bench --imports``, ``bench_imports.py``), the tests of the
import (tests/rootlogkit.py) and ``tools/rootlog_people_games.py`` make their records so."""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["CARD", "as_people_write", "as_people_write_supporters"]

CARD = r"\d*[BFMR]#[a-z@]+"
"""A card named as the export writes it, with its count (``F#tax``, ``2B#@``): a regex."""


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
            if frags and re.fullmatch(rf"\(?({CARD}\+?)+\)?->{who}", frags[0]):
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
        d = re.fullmatch(rf"((?:{CARD}\+?)+)->([CE])", f)
        if d and "draws" not in keep:
            n = sum(int(x or 1) for x in re.findall(r"(\d*)[BFMR]#", d.group(1)))
            return f"{n if n > 1 else ''}#->{d.group(2)}"
        if re.search(r"[CE]->(\$_[rmxb])?$", f) and "#" in f and "$->" not in f and \
                "suits" not in keep:
            return re.sub(r"([BFMR])#(?!dom)[a-z@]+", r"\1#", f)
        return f

    return _rewrite_people_style(text, "CE", rewrite, "dice" in keep)


def as_people_write_supporters(text: str) -> str:
    """An exported record with the Alliance, rewritten the way people record it: no
    starting hands, draws unnamed (into a hand or the supporters, ``3#->$``, ``#->A$``),
    Mobilize unnamed (``#A->$``, the supporters are face down, 8.2.2), cards discarded,
    given to the supporters or spent from them by suit only (``F#C->A$``, ``2R#$->``), no
    dice."""

    def rewrite(who: str, f: str) -> str:
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
