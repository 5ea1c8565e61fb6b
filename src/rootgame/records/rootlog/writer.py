"""Writing a rootgame game as a Rootlog record (:func:`export_rootlog`).

The game's decisions are replayed from its start, watched step by step (``steps.py``), and
every change of the state becomes Rootlog movements: one line per setup and per turn. What a
faction's board fields are called comes from ``factions.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...cards import DECK
from ...errors import RootError
from .cards import card_name, card_text
from .factions import BOARD, COMMON_LOCS, Loc, notation
from .notation import (
    DECK_NAME,
    ITEM_LETTER,
    LANDMARK_NAME,
    LETTER_OF,
    MAP_NAME,
    SUIT_LETTER,
    RootlogError,
)
from .steps import (
    Observer,
    Segment,
    Snap,
    Step,
    TurnState,
    advance,
    card_moves,
    decide,
    dominance_activated,
    from_discard,
    piece_deltas,
    turn_state,
    unspent,
)
from .vagabond import change_text, taken_items, vagabond_changes


@dataclass(slots=True)
class _Mark:
    """A battle in an exported line; ambushes and dice are filled in as the battle goes."""

    attacker: int
    defender: int
    clearing: int
    ambushes: list[tuple[int, str]] = field(default_factory=list)
    dice: tuple[int, int] | None = None


@dataclass(slots=True)
class _Removal:
    """Pieces removed from one clearing in an exported line: ``[(seat, code, count)]``.
    Field Hospitals later take warriors out of it and write them as a move to the keep."""

    clearing: int
    items: list[list[Any]]


Fragment = str | _Mark | _Removal


class _Writer:
    """Turns the steps of a replayed game into Rootlog fragments."""

    def __init__(self, factions: Sequence[str], market: int = 0) -> None:
        self.market = market
        """The Black Market's clearing: its face-down cards are written as cards there
        (docs/rulings.md)."""
        self.letters = [LETTER_OF.get(f, "?") for f in factions]
        self.notations = [notation(f) for f in factions]
        self.mark: _Mark | None = None
        self.removals: list[_Removal] = []
        """Removals written so far in the current line (newest last)."""

    def who(self, seat: int, cur: int) -> str:
        return "" if seat == cur else self.letters[seat]

    def place(self, loc: Loc, cur: int, as_start: bool) -> str:
        k = loc[0]
        if k in ("deck", "removed", "available"):
            return ""
        if k == "discard":
            return "*" if as_start else ""
        if k == "hand":
            return self.letters[loc[1]]
        if k == "market":
            return str(self.market)
        if k in ("board", "dominance"):
            return self.who(loc[1], cur) + "$"
        text = self.notations[loc[1]].field_text(loc) if len(loc) > 1 else None
        if text is not None:
            return self.who(loc[1], cur) + text
        raise RootlogError(f"internal: no Rootlog place for {loc!r}")

    def cards(self, moves: list[tuple[int, Loc, Loc]], cur: int) -> list[str]:
        groups: dict[tuple[Loc, Loc], list[int]] = {}
        for cid, src, dst in moves:
            groups.setdefault((src, dst), []).append(cid)
        out: list[str] = []
        for (src, dst), ids in groups.items():
            counts = Counter(self.text_of(c) for c in ids)
            terms = [f"{n}{t}" if n > 1 else t for t, n in counts.items()]
            start = self.place(src, cur, True)
            dest = self.place(dst, cur, False)
            if len(terms) == 1:
                out.append(f"{terms[0]}{start}->{dest}")
            elif not start:
                out.append("+".join(terms) + f"->{dest}")
            else:
                out.append("(" + "+".join(terms) + f"){start}->{dest}")
        return out

    def text_of(self, cid: int) -> str:
        """How a moved card is written: its own name (a writer that renames cards, ruling
        660's ``namer.py``, writes another)."""
        return card_text(cid)

    def starting_hand(self, hand: tuple[int, ...], seat: int) -> list[str]:
        """The fragments of a seat's starting hand, written at the head of its setup line."""
        return self.cards([(c, ("deck",), ("hand", seat)) for c in hand], seat)

    def pieces(self, deltas: dict[tuple[int, str, int], int], cur: int) -> list[Fragment]:
        out: list[Fragment] = []
        # Pieces kept on a faction board (the Alliance's officers): 'w->$', '2AwA$->'.
        held = sorted((k, d) for k, d in deltas.items() if k[2] == BOARD)
        deltas = {k: d for k, d in deltas.items() if k[2] != BOARD}
        later: list[Fragment] = []
        for (s, code, _), d in held:
            count = str(abs(d)) if abs(d) > 1 else ""
            board = self.who(s, cur) + "$"
            if d > 0:
                later.append(f"{count}{self.who(s, cur)}{code}->{board}")
            else:
                out.append(f"{count}{self.who(s, cur)}{code}{board}->")
        # A move: one seat's warriors leave one clearing and reach one other, as many.
        moved: set[tuple[int, str, int]] = set()
        for seat in sorted({s for s, _, _ in deltas}):
            neg = [(k, d) for k, d in deltas.items() if k[0] == seat and k[1] == "w" and d < 0]
            pos = [(k, d) for k, d in deltas.items() if k[0] == seat and k[1] == "w" and d > 0]
            if len(neg) == 1 and len(pos) == 1 and neg[0][1] == -pos[0][1]:
                (o, n), (t, _) = neg[0], pos[0]
                count = f"{-n}" if n < -1 else ""
                out.append(f"{count}{self.who(seat, cur)}w{o[2]}->{t[2]}")
                moved.update((o, t))
        # Removals, grouped by clearing.
        by_clearing: dict[int, list[tuple[int, str, int]]] = {}
        for (s, code, c), d in sorted(deltas.items(), key=lambda x: (x[0][2], x[0][0], x[0][1])):
            if d < 0 and (s, code, c) not in moved:
                by_clearing.setdefault(c, []).append((s, code, -d))
        for c, items in by_clearing.items():
            rem = _Removal(c, [list(x) for x in items])
            self.removals.append(rem)
            out.append(rem)
        # Placements, grouped by (seat, piece, count) across clearings.
        placed: dict[tuple[int, str, int], list[int]] = {}
        for (s, code, c), d in sorted(deltas.items(), key=lambda x: (x[0][0], x[0][1], x[0][2])):
            if d > 0 and (s, code, c) not in moved:
                placed.setdefault((s, code, d), []).append(c)
        order = sorted(placed.items(), key=lambda x: (x[0][0], x[0][1] == "w", x[0][1]))
        for (s, code, n), cs in order:
            count = str(n) if n > 1 else ""
            out.append(f"{count}{self.who(s, cur)}{code}->" + "+".join(str(c) for c in cs))
        return out + later

    def vp(self, before: Snap, after: Snap, cur: int) -> list[str]:
        out: list[str] = []
        for s, (a, b) in enumerate(zip(before.vp, after.vp, strict=True)):
            d = b - a
            if d:
                sign = "++" if d > 0 else "--"
                out.append(f"{self.who(s, cur)}{sign}{abs(d) if abs(d) > 1 else ''}")
        return out

    def step(self, st: Step, cur: int) -> list[Fragment]:
        out: list[Fragment] = []
        moves = card_moves(st.before, st.after, from_discard(st))
        act = st.act
        for a, d, c in st.new_battles:
            self.mark = _Mark(a, d, c)
            out.append(self.mark)
        for roll in st.dice:
            if self.mark is not None and self.mark.dice is None:
                self.mark.dice = roll
        skip: set[int] = set()
        if act is not None and act[0] == "ambush" and st.fkind in ("ambush", "foil_ambush"):
            cid = int(act[1])
            skip.add(cid)
            if self.mark is not None and st.seat is not None:
                self.mark.ambushes.append((st.seat, SUIT_LETTER[DECK[cid].suit]))
        crafted: list[str] = []
        if act is not None and act[0] == "craft":
            cid = int(act[1])
            skip.add(cid)
            out.append(self.craft(cid))
            if DECK[cid].item is not None:
                crafted.append(str(DECK[cid].item))
        if st.reveal is not None:
            out.append(f"{self.letters[st.reveal[0]]}^{self.letters[st.reveal[1]]}")
        changed = [
            (s, x, y) for s, (x, y) in enumerate(zip(st.before.status, st.after.status,
                                                     strict=True)) if x != y
        ]
        cleared = {s for s, x, y in changed if self.notations[s].fields_cleared(x, y)}
        cards: list[Fragment] = []
        cards += self.cards([m for m in unspent(moves, skip) if not (
            m[1][0] not in COMMON_LOCS and m[1][1] in cleared
            and m[2][0] in ("discard", "available"))], cur)
        deltas = piece_deltas(st.before, st.after)
        if act is not None and act[0] == "hospital" and st.seat is not None:
            cards += self.hospital(deltas, st.seat, cur)
        vp = self.vp(st.before, st.after, cur)
        if act is None and not any(d < 0 for d in deltas.values()):
            # What the rules do by themselves, in the order of the turn: the Eyrie score
            # their roosts before they draw in Evening (7.7.1-7.7.2). Points scored for
            # pieces removed (a battle's hits, 3.2.1) follow the removal, as in the
            # specification's examples (`XE3/(w+2Ew+Eb)3->/++`; docs/rulings.md 183).
            out.extend(vp)
            vp = []
        out.extend(cards)
        out.extend(self.vagabond(st, cur, crafted))
        out.extend(self.map_pieces(st, self.pieces(deltas, cur)))
        out.extend(vp)
        out.extend(f"{self.who(s, cur)}++->{self.who(to, cur)}$"
                   for s, to in dominance_activated(st.before, st.after))
        for s, x, y in changed:
            out.extend(self.notations[s].write_status(self.who(s, cur), x, y))
        return out

    def map_pieces(self, st: Step, frags: list[Fragment]) -> list[Fragment]:
        """The map's own pieces (appendix M): the Ferry going along with a move (M.3.5),
        written in the move's group as the specification's example does (``(3w+f)1->12``),
        or alone (``f1->12``) beside a pawn; a closed path removed (M.4.3, ``2_5->``)."""
        b, a = st.before, st.after
        if b.ferry != a.ferry and b.ferry and a.ferry:
            o, t = b.ferry, a.ferry
            for k, f in enumerate(frags):
                if isinstance(f, str) and f.endswith(f"w{o}->{t}"):
                    n = f[: -len(f"w{o}->{t}")]
                    if n.isdigit() or not n:
                        frags[k] = f"({n}w+f){o}->{t}"
                        break
            else:
                frags.append(f"f{o}->{t}")
        if b.closed != a.closed:
            frags.extend(f"{x}_{y}->" for x, y in sorted(
                (min(p), max(p)) for p in set(b.closed) - set(a.closed)))
        return frags

    def vagabond(self, st: Step, cur: int, crafted: list[str]) -> list[str]:
        """The Vagabond's board (``vagabond.py``): his character, pawn, items, quests and
        relationships; an item taken by Aid comes from the other board (``%tE$->$``)."""
        if st.before.boards == st.after.boards:
            return []
        taken = list(taken_items(st.before, st.after))
        out: list[str] = []
        for s, b in enumerate(st.after.boards):
            if b is None:
                continue
            mine = taken if st.seat == s else []
            for ch in vagabond_changes(st.before, st.after, s, crafted, mine):
                out.append(change_text(self.who(s, cur), self.letters, ch))
        return out

    def hospital(self, deltas: dict[tuple[int, str, int], int], seat: int,
                 cur: int) -> list[str]:
        """Field Hospitals (6.2.3): the warriors placed at the keep came from the clearing
        of the latest removal of this seat's warriors; the notation writes them as moved
        there (``2Cw9->2``), not removed and placed."""
        keep = [(k, d) for k, d in deltas.items() if k[0] == seat and k[1] == "w" and d > 0]
        rem = next((r for r in reversed(self.removals) for x in r.items
                    if x[0] == seat and x[1] == "w" and keep and x[2] >= keep[0][1]), None)
        if len(keep) != 1 or rem is None:
            return []
        (k, n) = keep[0]
        for x in rem.items:
            if x[0] == seat and x[1] == "w":
                x[2] -= n
                break
        del deltas[k]
        return [f"{n if n > 1 else ''}{self.who(seat, cur)}w{rem.clearing}->{k[2]}"]

    def craft(self, cid: int) -> str:
        """``Z%<item>`` for an item card, ``Z<suit>favor`` for a Favor and ``Z<suit>part``
        for Partisans (the notation's own way to tell the three apart), else ``Z<name>``."""
        c = DECK[cid]
        if c.kind == "item" and c.item is not None:
            return "Z%" + ITEM_LETTER[c.item]
        if c.kind == "favor" or card_name(cid) == "part":
            return "Z" + SUIT_LETTER[c.suit].lower() + card_name(cid)
        return "Z" + card_name(cid)

    def render(self, frags: Sequence[Fragment], cur: int) -> str:
        out: list[str] = []
        for f in frags:
            if isinstance(f, str):
                out.append(f)
                continue
            if isinstance(f, _Removal):
                terms = [f"{n if n > 1 else ''}{self.who(s, cur)}{code}"
                         for s, code, n in f.items if n > 0]
                if len(terms) == 1:
                    out.append(f"{terms[0]}{f.clearing}->")
                elif terms:
                    out.append("(" + "+".join(terms) + f"){f.clearing}->")
                continue
            text = f"{self.who(f.attacker, cur)}X{self.letters[f.defender]}{f.clearing}"
            for _seat, suit in sorted(f.ambushes, key=lambda x: x[0] != f.defender):
                text += f"{suit}@"
            if f.dice is not None:
                text += f"({f.dice[0]},{f.dice[1]})"
            out.append(text)
        return "/".join(out)


def _start_state(game: Any, seed: int | None, first_player: int | None) -> tuple[Any, str]:
    """The state ``game`` started from, before its setup, and how it was found: from
    ``new_game(seed=seed, first_player=first_player)`` when a seed is given, else from the
    game's own start (``game.origin``), else from the seed in ``game.meta``."""
    import json

    from ...game import setup_state, state_from_dict

    state = game.state
    meta = getattr(game, "meta", None)
    meta = meta if isinstance(meta, dict) else {}
    if seed is None:
        origin = getattr(game, "origin", None)
        if isinstance(origin, str):
            try:
                g = state_from_dict(json.loads(origin))
            except (ValueError, RootError) as e:
                raise RootlogError(f"the game's start cannot be read: {e}") from e
            if any(f.kind == "setup" for f in g.stack):
                return g, "its start"
            raise RootlogError(
                "the game was built from a position, not set up by new_game: Rootlog records "
                "start with each faction's setup"
            )
        if isinstance(meta.get("seed"), int):
            seed = int(meta["seed"])
            if first_player is None and isinstance(meta.get("first_player"), int):
                first_player = int(meta["first_player"])
        else:
            raise RootlogError(
                "the game's seed is needed to replay its decisions: export_rootlog(game, seed)"
            )
    try:
        lm = meta.get("landmarks", ())
        g = setup_state(list(state.factions), state.map, seed, first_player,
                        suits=meta.get("suits") or state.suits or None,
                        deck=state.shared_deck,
                        landmarks=lm if isinstance(lm, int) else tuple(lm))
    except (ValueError, RootError) as e:
        raise RootlogError(f"cannot set the game up again: {e}") from e
    return g, f"new_game(seed={seed}, first_player={first_player})"


@dataclass(slots=True)
class _Replayed:
    g: Any
    obs: Observer
    hands0: tuple[tuple[int, ...], ...]
    landmarks0: dict[str, int]
    """The landmarks where they were set up (appendix A step 5), in the order dealt."""
    turn_states: list[TurnState]
    source: str


def _replay_history(game: Any, seed: int | None, first_player: int | None) -> _Replayed:
    from ...actions import parse

    state = game.state
    g, source = _start_state(game, seed, first_player)
    g.log = None
    hands0 = [tuple(s.hand) for s in g.seats]
    landmarks0: dict[str, int] = {}
    turn_states: list[TurnState] = []
    current: list[Segment] = []

    def cut(gs: Any, seg: Segment) -> None:
        if current:
            turn_states.append(turn_state(gs, current[-1]))
        else:
            # The starting hands, drawn after the landmarks are set up (appendix A step 7),
            # and where the landmarks were set up (the Ferry moves later).
            hands0[:] = [tuple(s.hand) for s in gs.seats]
            landmarks0.update(gs.landmarks)
        current.append(seg)

    obs = Observer(g, on_cut=cut)
    legal = advance(g, obs)
    for k, tok in enumerate(game.history):
        a = parse(tok)
        if a not in legal:
            raise RootlogError(
                f"decision {k + 1} ({tok!r}) is not legal when the game is set up again from "
                f"{source}: give export_rootlog the seed and first player of new_game"
            )
        legal = decide(g, obs, a)
    if current:
        turn_states.append(turn_state(g, current[-1]))
    end, want = Snap(g), Snap(state)
    if end.pieces != want.pieces or end.vp != want.vp or end.hands != want.hands:
        raise RootlogError(
            f"replaying the game's decisions from {source} does not give its present state"
        )
    return _Replayed(g, obs, tuple(hands0), landmarks0, turn_states, source)


def header(g: Any, landmarks: dict[str, int]) -> list[str]:
    """The setup header of a game: ``Map:``, ``Deck:``, ``Clearings:`` (every map but the
    Fall map with its printed suits) and ``Landmarks:`` (``landmarks``: the Landmarks Pack's,
    where each was set up, in the order dealt and set up; the map's own Ferry and Tower
    are the default and not written)."""
    from ...rules.core import board

    out = [f"Map: {MAP_NAME[g.map]}", f"Deck: {DECK_NAME[g.shared_deck]}"]
    b = board(g)
    if g.map != "autumn" or g.suits:
        out.append("Clearings: " + ", ".join(
            f"{SUIT_LETTER[b.suit[c]]}{c}" for c in b.clearings))
    placed = [(name, c) for name, c in landmarks.items() if c]
    if placed:
        out.append("Landmarks: " + "/".join(f"{LANDMARK_NAME[n]}->{c}" for n, c in placed))
    return out


def game_turn_states(
    game: Any, seed: int | None = None, first_player: int | None = None
) -> list[TurnState]:
    """The board (pieces and VP) at the end of each setup and turn of ``game``, found by
    replaying its decisions from ``new_game(seed=seed, first_player=first_player)``."""
    return _replay_history(game, seed, first_player).turn_states


def export_rootlog(
    game: Any,
    seed: int | None = None,
    first_player: int | None = None,
    names: dict[str, str] | None = None,
) -> str:
    """Write ``game`` (a :class:`rootgame.Game` made by ``new_game``) as a Rootlog record.

    The game's decisions are replayed from its start and every step's change of state is
    written as Rootlog movements: one line per setup and per turn. The start is
    ``new_game(factions, seed=seed, first_player=first_player)`` when ``seed`` is given,
    else the game's own start (``game.origin``), else the seed in ``game.meta``. Cards are
    named (suit and name), battles carry their ambushes and dice. ``names`` maps a faction
    name or letter to the player's name for the header."""
    factions = list(game.state.factions)
    unwritten = [f for f in factions if f not in LETTER_OF]
    if unwritten:
        # The notation has a letter for each faction of the boxed game, none for the
        # Clockwork bots (the Law of Rootbotics' factions): nothing can stand for them.
        raise RootlogError(
            "the notation has no letter for " + ", ".join(unwritten)
            + " (a Clockwork bot): only the factions of the boxed game can be written")
    rep = _replay_history(game, seed, first_player)
    w = _Writer(factions, rep.g.landmarks.get("black-market", 0))
    return written(game, rep, w, names)


def written(
    game: Any, rep: _Replayed, w: _Writer, names: dict[str, str] | None = None
) -> str:
    """The Rootlog text of the replayed ``game`` (:func:`export_rootlog`) as the writer ``w``
    writes it (``namer.py``'s writer renames cards, ruling 660)."""
    factions = list(game.state.factions)
    segs = rep.obs.segments
    frags: list[list[Fragment]] = [[] for _ in segs]
    line = -1
    for st in rep.obs.steps:
        if st.seg == 0:
            continue
        i = st.seg - 1
        if i != line:
            line, w.removals = i, []
        frags[i].extend(w.step(st, segs[i].seat))
    from ... import __version__

    lines = [
        f"// Written by rootgame {__version__}, replaying the game from {rep.source}; "
        "cards are named.",
        *header(rep.g, rep.landmarks0),
    ]
    for s, f in enumerate(factions):
        letter = w.letters[s]
        name = (names or {}).get(f) or (names or {}).get(letter) or ""
        name = " ".join(str(name).split()) or f"Player {s + 1}"  # one line, any text
        lines.append(f"{letter}: {name}")
    lines.append("")
    first = game.state.first_seat
    for i, seg in enumerate(segs):
        if seg.kind == "turn" and i > 0 and (segs[i - 1].kind == "setup" or seg.seat == first):
            lines.append("")
        body: list[Fragment] = []
        if seg.kind == "setup":
            hand = rep.hands0[seg.seat]
            if hand:
                body.extend(w.starting_hand(hand, seg.seat))
        body.extend(frags[i])
        lines.append(f"{w.letters[seg.seat]}:" + w.render(body, seg.seat))
    if game.state.winners:
        lines.append("")
        lines.append("Winner: " + "".join(w.letters[s] for s in game.state.winners))
    return "\n".join(lines) + "\n"

