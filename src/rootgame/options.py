"""A decision's options for the terminal, grouped so that a long list fits a small screen.

Each option keeps its number (what the player types). A short list is shown one option a
line with its full description. A long one is grouped by what its options share: the options
whose tokens differ only in their last word (``march 3 7``, ``march 3 11``: moves from the
same clearing; ``decree 7 recruit``, ``decree 7 move``: one card in any column) form one
line, headed by the words their descriptions share, followed by each option's number and the
words that set it apart. If that is still too long, options are grouped by their first word
only; past the line budget, the list is cut and the ``actions`` command shows it whole.

Only descriptions (already translated) and tokens are read, so this works for every faction
and every language without knowing either.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text

from .i18n import gettext as _


def option_lines(
    descriptions: Sequence[str],
    tokens: Sequence[str],
    budget: int,
    width: int = 100,
) -> list[Text]:
    """The lines showing options 1..n, at most ``budget`` lines of ``width`` characters."""
    n = len(descriptions)
    numw = len(str(n))
    one_a_line = [
        _numbered(i, numw, _cut(f"{d}  ({t})", width - numw - 3))
        for i, (d, t) in enumerate(zip(descriptions, tokens, strict=True), 1)
    ]
    if n <= budget:
        return one_a_line
    lines = _grouped(descriptions, tokens, _all_but_last_word, numw, width)
    if len(lines) <= budget:
        return lines
    for terse in (False, True):
        lines = _nested(descriptions, tokens, numw, width, terse)
        if len(lines) <= budget:
            return lines
    lines = lines[: budget - 1]
    lines.append(
        Text(
            "  "
            + _("... and more: type actions to see all {n} options").format(n=n),
            style="dim",
        )
    )
    return lines


def _numbered(i: int, numw: int, text: str) -> Text:
    t = Text("  ")
    t.append(f"{i:>{numw}}", style="bold")
    t.append(" " + text)
    return t


def _all_but_last_word(token: str) -> str:
    words = token.split()
    return " ".join(words[:-1]) if len(words) > 1 else token


def _first_word(token: str) -> str:
    return token.split()[0] if token.split() else token


def _nested(
    descriptions: Sequence[str], tokens: Sequence[str], numw: int, width: int, terse: bool
) -> list[Text]:
    """Two levels: options grouped by their token's first word (one heading each), and
    inside by all but the last word, the groups packed side by side. ``terse``: each option
    in a group is shown by the last word of its token only (a clearing's number...)."""
    top: dict[str, dict[str, list[int]]] = {}
    for i, t in enumerate(tokens):
        top.setdefault(_first_word(t), {}).setdefault(_all_but_last_word(t), []).append(i)
    lines: list[Text] = []
    for subgroups in top.values():
        groups = list(subgroups.values())
        if len(groups) == 1 or any(len(g) == 1 for g in groups):
            for g in groups:
                lines.extend(_group_lines(descriptions, tokens, g, numw, width, terse))
            continue
        split = [_split_common([descriptions[i] for i in g]) for g in groups]
        heading, diffs = _split_common([head for head, _parts in split])
        if any("…" in d for d in diffs):  # the groups differ in more than one place
            for g in groups:
                lines.extend(_group_lines(descriptions, tokens, g, numw, width, terse))
            continue
        lines.append(Text("  " + _cut(heading, width - 4) + ":"))
        pieces: list[tuple[Text, bool]] = []
        for g, diff, (_head, parts) in zip(groups, diffs, split, strict=True):
            pieces.append((Text(diff + ":", style="italic"), True))
            pieces.extend((_entry(i + 1, _part(part, tokens[i], terse)), False)
                          for i, part in zip(g, parts, strict=True))
        lines.extend(_flow(pieces, "    ", "      ", width))
    return lines


def _entry(num: int, text: str) -> Text:
    t = Text()
    t.append(f"[{num}]", style="bold")
    t.append(" " + text)
    return t


def _flow(pieces: list[tuple[Text, bool]], first: str, indent: str, width: int) -> list[Text]:
    """Pieces on lines of at most ``width``; a piece marked True starts a new group, set off
    by a bar, and is kept with the piece after it."""
    lines: list[Text] = []
    line = Text(first)
    fresh = True
    for k, (piece, starts) in enumerate(pieces):
        need = len(piece) + (len(pieces[k + 1][0]) + 1 if starts and k + 1 < len(pieces) else 0)
        sep = "" if fresh else (" | " if starts else "  ")
        if not fresh and len(line) + len(sep) + need > width:
            lines.append(line)
            line = Text(indent)
            fresh = True
            sep = ""
        if sep:
            line.append(sep, style="dim" if starts else "")
        line.append_text(piece)
        fresh = False
    lines.append(line)
    return lines


def _grouped(
    descriptions: Sequence[str],
    tokens: Sequence[str],
    key: Callable[[str], str],
    numw: int,
    width: int,
) -> list[Text]:
    groups: dict[str, list[int]] = {}
    for i, t in enumerate(tokens):
        groups.setdefault(key(t), []).append(i)
    lines: list[Text] = []
    for members in groups.values():
        lines.extend(_group_lines(descriptions, tokens, members, numw, width))
    return lines


def _part(part: str, token: str, terse: bool) -> str:
    """What sets an option apart in its group: words of its description, or (``terse``, or
    when the descriptions are the same) the last word of its token."""
    last = token.split()[-1]
    if not part or (terse and part.split()[0] == last):
        return last
    return part


def _group_lines(
    descriptions: Sequence[str],
    tokens: Sequence[str],
    members: list[int],
    numw: int,
    width: int,
    terse: bool = False,
) -> list[Text]:
    """One group: a numbered line if alone; else the shared words, then each option's
    number and what sets it apart."""
    if len(members) == 1:
        i = members[0]
        return [_numbered(i + 1, numw, _cut(descriptions[i], width - numw - 3))]
    head, parts = _split_common([descriptions[i] for i in members])
    pieces = [(Text(_cut(head, width - 8) + ":"), True)]
    pieces.extend((_entry(i + 1, _part(part, tokens[i], terse)), False)
                  for i, part in zip(members, parts, strict=True))
    return _flow(pieces, "  ", "      ", width)


def _split_common(texts: list[str]) -> tuple[str, list[str]]:
    """(the words all texts begin and end with, with "…" where they differ; what is left of
    each text)."""
    split = [t.split() for t in texts]
    shortest = min(len(w) for w in split)
    p = 0
    while p < shortest and all(w[p] == split[0][p] for w in split):
        p += 1
    s = 0
    while s < shortest - p and all(w[-1 - s] == split[0][-1 - s] for w in split):
        s += 1
    head_words = split[0][:p] + ["…"] + (split[0][len(split[0]) - s :] if s else [])
    parts = [" ".join(w[p : len(w) - s]) for w in split]
    return " ".join(head_words), parts


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(width - 1, 1)] + "…"
