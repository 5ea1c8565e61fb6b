"""Reading a whole Rootlog record (:func:`parse_rootlog`) into the typed data of
``notation.py``: the header lines (``Map:``, ``Deck:``, ``Clearings:``, ``Landmarks:``,
``Hirelings:``, ``Pool:``), the player lines (``E: Zoe``), the turn lines, whose actions
the grammar reads (``grammar.py``, :func:`parse_action`), the comments and ``Winner:``.

The reader knows the notation only, never the engine: every record of any faction, map or
deck reads. Any problem raises :class:`RootlogError` with the line, the column, the fragment
and what was expected there.
"""

from __future__ import annotations

from collections.abc import Callable

from .cursor import is_digit, is_faction, is_suit
from .grammar import parse_action, parse_actions
from .notation import (
    DECKS,
    FACTION_LETTERS,
    HEADER_KEYS,
    LANDMARK_OPTION,
    MAPS,
    MAX_CLEARING,
    Action,
    RootlogError,
    RootlogGame,
    Turn,
)

__all__ = ["MAX_RECORD_CHARS", "looks_like_rootlog", "parse_action", "parse_rootlog"]

MAX_RECORD_CHARS = 1_000_000
"""Longer texts are refused before they are read."""


def _split_comment(raw: str) -> tuple[str, str | None]:
    k = raw.find("//")
    if k < 0:
        return raw, None
    return raw[:k], raw[k + 2 :].strip()


def _player_line(raw: str, game: RootlogGame) -> tuple[str, str, str | None] | None:
    """``<F>: <player name>`` before the first turn, for a faction without a player yet:
    (letter, name, comment) or None. The space after the colon tells a player line from a
    turn line (``C:t_k->1``), so that a name may be any text (``E: Zoe``, ``E: AC/DC``,
    ``C: x->y``); a comment starts at ``//`` after a space (``E: AC//DC`` is a name)."""
    text = raw.lstrip()
    if len(text) < 3 or text[1] != ":" or not text[2].isspace() or not is_faction(text[0]):
        return None
    if text[0] in game.players:
        return None
    name = text[2:]
    note: str | None = None
    for k in range(len(name) - 1):
        if name.startswith("//", k) and (k == 0 or name[k - 1].isspace()):
            name, note = name[:k], name[k + 2 :].strip()
            break
    return text[0], name.strip(), note


def _adset_player(raw: str, game: RootlogGame) -> bool:
    """Whether a line after the first turn may be a player line: in the ADSET layout each
    player line is followed at once by that faction's setup line (``C: Ann``, ``C:t_k->1``,
    ``E: Bo``, ``E:b->3``), so while every turn so far is a setup, a ``<F>: <text>`` line of
    a faction with neither player nor turn yet names its player, unless its text reads as
    actions (docs/rulings.md 185)."""
    text = raw.split("//")[0].strip()
    letter = text[:1]
    if not all(t.setup for t in game.turns) or any(t.faction == letter for t in game.turns):
        return False
    try:
        parse_actions(text[2:].strip(), 0, 1)
    except RootlogError:
        return True
    return False


def looks_like_rootlog(text: str) -> bool:
    """Whether a text is meant as a Rootlog record rather than a rootgame record or save: its
    first line that is neither blank nor a comment is a header line (``Map:`` or ``Deck:``).
    Used to tell an uploaded or loaded file's kind; parsing it may still refuse it."""
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.strip()
        if line and not line.startswith("//"):
            return line.startswith(("Map:", "Deck:"))
    return False


def parse_rootlog(text: str) -> RootlogGame:
    """Parse a Rootlog record. Raises :class:`RootlogError` naming the line, the column, the
    fragment and what was expected, for anything that is not Rootlog."""
    if not isinstance(text, str):
        raise RootlogError(f"a Rootlog record is text, not {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise RootlogError(
            f"a Rootlog record of {len(text)} characters is too long (a whole game is about "
            f"20,000; at most {MAX_RECORD_CHARS})")
    game = RootlogGame()
    lines = text.splitlines()
    game.lines = len(lines)
    seen_turn: set[str] = set()
    in_turns = False
    for n, raw0 in enumerate(lines, start=1):
        raw = raw0.lstrip("\ufeff") if n == 1 else raw0
        if not in_turns or _adset_player(raw, game):
            player = _player_line(raw, game)
            if player is not None:
                letter, name, note = player
                if not name:
                    raise RootlogError("a player line without a name", n, 1, raw.strip(),
                                       "'<F>: <player name>'")
                game.players[letter] = name
                game.header_lines[letter] = n
                if note is not None:
                    game.comments.append((n, note))
                continue
        body, comment = _split_comment(raw)
        stripped = body.strip()
        if not stripped:
            if comment is not None:
                game.comments.append((n, comment))
            continue
        col0 = len(body) - len(body.lstrip()) + 1
        head, colon, rest = stripped.partition(":")
        if not colon:
            raise RootlogError(
                "not a Rootlog line",
                n,
                col0,
                stripped,
                "'Map:', 'Deck:', 'Clearings:', 'Pool:', a turn '<F>:<actions>', "
                "'Winner:' or a '//' comment",
            )
        rest_col = col0 + len(head) + 1
        value = rest.strip()
        if head == "Winner":
            _winner(game, value, n, rest_col)
            if comment is not None:
                game.comments.append((n, comment))
            continue
        if game.winner is not None:
            raise RootlogError("a line after 'Winner:'", n, col0, stripped, "nothing more")
        if head in HEADER_KEYS:
            if in_turns:
                raise RootlogError(
                    f"'{head}:' after the first turn", n, col0, stripped, "a turn line"
                )
            _header(game, head, value, n, rest_col + len(rest) - len(rest.lstrip()))
            game.header_lines[head] = n
            if comment is not None:
                game.comments.append((n, comment))
            continue
        if len(head) != 1 or not is_faction(head):
            raise RootlogError(
                f"unknown line start {head + ':'!r}",
                n,
                col0,
                stripped,
                "'Map:', 'Deck:', 'Clearings:', 'Landmarks:', 'Hirelings:', 'Pool:', "
                "'Winner:' or a faction letter (" + ", ".join(FACTION_LETTERS) + ") and ':'",
            )
        if not in_turns:
            if not game.map or not game.deck:
                raise RootlogError(
                    "the first turn comes before 'Map:' and 'Deck:'",
                    n,
                    col0,
                    stripped,
                    "'Map:' and 'Deck:' lines first",
                )
            in_turns = True
        body_start = rest_col + (len(rest) - len(rest.lstrip()))
        try:
            actions = parse_actions(rest.strip(), n, body_start)
        except RootlogError:
            if len(game.turns) or head in game.players or not value:
                raise
            # 'C:Ann' before any turn: a player line written without its space.
            in_turns = False
            game.players[head] = value
            game.header_lines[head] = n
            continue
        game.turns.append(
            Turn(head, actions, n, comment, setup=head not in seen_turn)
        )
        seen_turn.add(head)
    if not game.map or not game.deck:
        raise RootlogError(
            "the record has no " + ("'Map:'" if not game.map else "'Deck:'") + " line",
            0,
            0,
            "",
            "'Map: <Fall|Winter|Lake|Mountain>' and 'Deck: <Standard|E&P>'",
        )
    return game


def _header(game: RootlogGame, key: str, value: str, n: int, col: int) -> None:
    def bad(problem: str, expected: str) -> RootlogError:
        return RootlogError(problem, n, col, value, expected)

    if key == "Map":
        game.map = _one_of(game.map, key, value, MAPS, "Fall, Winter, Lake or Mountain", bad)
    elif key == "Deck":
        game.deck = _one_of(game.deck, key, value, DECKS, "Standard or E&P", bad)
    elif key == "Clearings":
        game.clearings = _clearings(value, bad)
    elif key == "Pool":
        if not value or any(not is_faction(ch) for ch in value):
            raise bad("not a faction pool", "faction letters such as 'CEAV'")
        game.pool = value
    elif key == "Landmarks":
        game.landmarks = _landmarks(value, bad)
    else:
        game.hirelings, game.hireling_setup = _hirelings(value, n, col)


def _hirelings(value: str, n: int, col: int) -> tuple[tuple[str, ...], list[Action]]:
    """``h_E, h_Vd, h_O/h_Ew->3+4/h_Vp->5``: the hirelings, then their setup after the first
    ``/`` that begins movements (a name may hold a ``/``: ``Forest Patrol/Feline Physicians``,
    so a ``/`` whose rest does not read as actions is part of the names; when none does and
    the header holds a movement, the last one's problem is raised)."""
    names, setup = value, []
    k = value.find("/")
    last: RootlogError | None = None
    while k >= 0:
        rest = value[k + 1 :]
        try:
            setup = parse_actions(rest.strip(), n, col + k + 1 + len(rest) - len(rest.lstrip()))
        except RootlogError as e:
            last = e
            k = value.find("/", k + 1)
            continue
        names = value[:k]
        break
    else:
        if last is not None and "->" in value:
            raise last
    return tuple(x.strip() for x in names.split(",") if x.strip()), setup


def _one_of(
    now: str, key: str, value: str, known: tuple[str, ...], expected: str,
    bad: Callable[[str, str], RootlogError],
) -> str:
    """The value of a header line given once (``Map:``, ``Deck:``; ``now``, the value read
    so far) that names one of ``known``."""
    if now:
        raise bad(f"a second '{key}:' line", f"one '{key}:' line")
    if value not in known:
        raise bad(f"unknown {key.lower()} {value!r}", expected)
    return value


def _landmarks(
    value: str, bad: Callable[[str, str], RootlogError]
) -> tuple[tuple[str, int], ...]:
    """``forge->5/city->3``: each landmark and its clearing (the specification's form); a
    landmark without ``-><clearing>`` (``Landmarks: forge, tower``) is read with clearing 0,
    in play but its place unwritten. Commas separate as slashes do."""
    expected = ("'<landmark>-><clearing>' separated by '/', a landmark being "
                + ", ".join(sorted(LANDMARK_OPTION)))
    out: list[tuple[str, int]] = []
    for part in value.replace(",", "/").split("/"):
        p = part.strip()
        if not p:
            continue
        name, arrow, where = p.partition("->")
        name = name.strip().lower()
        if name not in LANDMARK_OPTION:
            raise bad(f"unknown landmark {name!r}", expected)
        c = 0
        if arrow:
            w = where.strip()
            if not w or len(w) > 2 or not all(is_digit(x) for x in w) or \
                    not 1 <= int(w) <= MAX_CLEARING:
                raise bad(f"{p!r}: {w!r} is not a clearing", expected)
            c = int(w)
        if any(LANDMARK_OPTION[name] == x for x, _ in out):
            raise bad(f"landmark {name!r} is given twice", expected)
        out.append((LANDMARK_OPTION[name], c))
    if not out:
        raise bad("no landmark", expected)
    return tuple(out)


def _clearings(value: str, bad: Callable[[str, str], RootlogError]) -> tuple[str, ...]:
    suits: dict[int, str] = {}
    expected = "twelve '<suit><clearing>' entries such as 'F1, M2, R3, ...'"
    for part in value.split(","):
        p = part.strip()
        if len(p) < 2 or not is_suit(p[0]) or p[0] == "B" or not all(is_digit(x) for x in p[1:]):
            raise bad(f"{p!r} is not a suit (F, M, R) and a clearing number", expected)
        if len(p) > 3:
            raise bad(f"{p!r}: no such clearing", expected)
        c = int(p[1:])
        if not 1 <= c <= MAX_CLEARING or c in suits:
            raise bad(f"clearing {c} is out of range or given twice", expected)
        suits[c] = p[0]
    if sorted(suits) != list(range(1, MAX_CLEARING + 1)):
        raise bad("not every clearing 1 to 12 has a suit", expected)
    return tuple(suits[c] for c in range(1, MAX_CLEARING + 1))


def _winner(game: RootlogGame, value: str, n: int, col: int) -> None:
    if not value or any(not is_faction(ch) for ch in value):
        raise RootlogError(
            "not a winner", n, col, value, "the winning faction letters, e.g. 'Winner: C'"
        )
    if game.winner is not None:
        raise RootlogError("a second 'Winner:' line", n, col, value, "one 'Winner:' line")
    game.winner = value
