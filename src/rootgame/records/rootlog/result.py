"""The game a Rootlog import found (:class:`RootlogReplay`): the decisions the search found
replayed through the public API with the chance outcomes it found forced, so that the game
returned replays from its own start (history, undo, saving); the hidden cards the record
never names sampled consistently with it (``Result.sample``); and the decisions renamed
for the identities the unnamed cards were finally given (``identity.py``).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from ...errors import RootError
from .factions import Loc, hidden_piles
from .notation import RootlogError, RootlogGame
from .search import RANDOM_TAKES, Node, Pos, course_path
from .shown import dealt_as_shown
from .steps import Snap, TurnState, snap_state, turn_state


@dataclass(slots=True)
class RootlogReplay:
    """What :func:`replay_rootlog` found: the game at the end of the record, the board at the
    end of each record line (in the order the engine played them), and the parsed record."""

    game: Any
    turns: list[TurnState]
    record: RootlogGame
    sampled_hands: int = 0
    """Cards in hands at the end that the record never names: their identities were
    sampled (consistently with every line of the record)."""
    sampled_deck: int = 0
    """Cards left in the draw pile: their identities and order were sampled too."""
    sample_seed: int = 0
    chosen: int = 0
    """Cards the record leaves open (starting hands, draws, cards spent by suit) that ruling
    660's fallback named to fit the cards the record names (``namer.py``; ruling 710)."""

    def sampling_note(self) -> str:
        """One sentence saying which hidden cards were sampled (for the imported record)."""
        return (
            f"Hidden cards the record never names were sampled consistently with it "
            f"(seed {self.sample_seed}): {self.sampled_hands} in hands, "
            f"{self.sampled_deck} in the draw pile."
        ) + (f" {self.chosen} card{'s' if self.chosen != 1 else ''} it leaves open "
             f"{'were' if self.chosen != 1 else 'was'} chosen to fit the cards it names."
             if self.chosen else "")



class Result:
    """The game found (mixed into ``importer.Importer``): the final replay through the
    public API, and the hidden cards the record never names sampled."""

    options: dict[str, Any]
    factions: list[str]
    first: int
    rec: RootlogGame

    def finish(self, node: Node, sample_seed: int = 0) -> RootlogReplay:
        """Replay the tokens found with the public API, the chance outcomes forced, so that
        the game returned replays from its own start (history, undo, saving). The hidden
        cards the record never names (unnamed draws still in hands, the draw pile) get
        identities sampled with ``sample_seed``: any permutation of them within one draw
        pile's time explains the record as well."""
        from ...errors import IllegalAction
        from ...game import new_game

        path = course_path(node)
        events = [e for x in path for e in x.events]
        states = [snap_state(*s) for x in path for s in x.states]
        final = node.pos
        if final.seg is not None and final.line is not None:
            states.append(turn_state(final.g, final.seg))
        renames = {e[1]: e[2] for e in events if e[0] == "rename"}
        mapping, rest, in_hands = self.sample(final, sample_seed)
        for cid, (serial, _epoch) in final.free.items():
            if cid in mapping:
                renames[serial] = mapping[cid]
        drawn = {e[2]: e[1] for e in events if e[0] == "draw"}
        tokens: list[tuple[str, dict[int, int], tuple[int, int] | None, int | None]] = []
        for x, names in zip(path, decision_names(path, renames, drawn), strict=True):
            # A random take is replayed by the card it took (``retake``).
            takes = [(int(e[2]), int(e[3])) for e in x.events if e[0] == "pick" and len(e) > 3]
            at = x.parent.pos.line if x.parent is not None else x.pos.line
            for t in x.tokens:
                take = takes.pop(0) if takes and t.split()[0] in RANDOM_TAKES else None
                tokens.append((t, names, take, at))
        epochs: list[list[int]] = [[]]
        chance: list[tuple[Any, ...]] = [("shuffle", 0)]
        for e in events:
            if e[0] == "draw":
                epochs[-1].append(renames.get(e[2], e[1]))
            elif e[0] == "reshuffle":
                epochs.append([])
                chance.append(("shuffle", len(epochs) - 1))
            elif e[0] in ("dice", "pick"):
                chance.append(e[:2] if e[0] == "pick" else e)
        forced: list[tuple[Any, ...]] = []
        for c in chance:
            if c[0] == "shuffle":
                k = int(c[1])
                pile = rest if k == len(epochs) - 1 else []
                forced.append(("shuffle", *(pile + epochs[k][::-1])))
                if k == 0:
                    # The landmarks are dealt before the factions set up (appendix A).
                    forced.extend(("pick", e[1]) for e in events if e[0] == "landmark")
                    forced.extend(self.vagabond_shuffles(final.g, events))
            else:
                forced.append(c)
        try:
            opts = self.options
            game = new_game(self.factions, map=opts["map"], seed=0, first_player=self.first,
                            forced=forced, suits=opts.get("suits"), deck=opts["deck"],
                            landmarks=opts.get("landmarks"))
            start = json.loads(game.origin)
        except (IllegalAction, RootError, ValueError) as e:
            raise RootlogError(f"internal: the replay found does not replay ({e})") from e
        alike: dict[int, int] = {}  # alike cards the engine offered in each other's place
        for t, names, take, at in tokens:
            try:
                if take is not None:
                    retake(game.state, start, take[0], names.get(take[1], take[1]))
                apply_found(game, rename_cards(game.state, t, names), alike, start)
            except (IllegalAction, RootError, ValueError) as e:
                raise self.replay_refused(t, at, e) from e
        a, b = Snap(game.state), Snap(final.g)
        def seen(c: int) -> int:  # the course's card ``c`` as the final replay has it (861)
            m = mapping.get(c, c)
            return alike.get(m, m)
        # Where among the face-down supporters a card lies no rule sees, and the final
        # replay may have spent the other of two alike copies (ruling 861): a face-down
        # pile on a board is compared as the cards it holds (ruling 911).
        hands = tuple(tuple(seen(c) for c in h) for h in b.hands)
        piles = [_held(loc, [seen(c) for c in p]) for loc, p in hidden_piles(final.g)]
        if a.pieces != b.pieces or a.vp != b.vp or a.hands != hands or piles != [
                _held(loc, p) for loc, p in hidden_piles(game.state)]:
            raise RootlogError("internal: the replay found does not give the same state")
        # The game starts from its set-up state (the record's chance outcomes forced), not
        # from a seed: its origin carries no event of the setup, as a position's does not.
        start["log"] = [] if start.get("log") is not None else None
        game.origin = json.dumps(start)
        game.meta = {"seed": None, "factions": list(self.factions), "map": opts["map"],
                     "first_player": self.first, "source": "rootlog",
                     "sampled": {"hands": in_hands, "deck": len(rest), "seed": sample_seed}}
        return RootlogReplay(game, states, self.rec, in_hands, len(rest), sample_seed)

    def replay_refused(self, token: str, at: int | None, e: Exception) -> RootlogError:
        """The refusal of a record whose course the search found does not replay once its
        unnamed cards are given the identities found (ruling 751): a decision of the course
        is not legal with them, as where it depended on a hand's unnamed cards (a hand
        shown by Outrage, 8.2.6) that a later exchange gave other identities; a bug of the
        importer shows here too. Named by the record line of the decision, as any refusal;
        ``internal:`` only when the decision is on no line."""
        if at is None:
            return RootlogError(f"internal: the replay found does not replay ({e})")
        return RootlogError(
            f"the cards this record leaves unnamed found no identities that explain every "
            f"decision: {token!r} is not legal with them ({e})", self.rec.turns[at].line)

    def vagabond_shuffles(self, g: Any, events: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        """The Vagabond's setup shuffles (9.3.3 the quest deck, 9.3.4 the ruins' items) that
        give the quests drawn and the items explored in the search, in their order."""
        from ...factions.vagabond import RUIN_ITEMS

        out: list[tuple[Any, ...]] = []
        for seat, f in enumerate(g.factions):
            if f != "vagabond":
                continue
            fs = g.fs[seat]
            drawn = [int(e[2]) for e in events if e[0] == "quest" and e[1] == seat]
            out.append(("shuffle", *(list(fs.quest_deck) + drawn[::-1])))
            found = {int(e[2]): str(e[3]) for e in events if e[0] == "ruin" and e[1] == seat}
            for c, v in fs.ruins.items():
                found[c] = v[0]
            out.append(("shuffle", *(RUIN_ITEMS.index(found[c]) for c in sorted(found))))
        return out

    def sample(self, final: Pos, seed: int) -> tuple[dict[int, int], list[int], int]:
        """New identities for the hidden cards: (old id -> new id for the unnamed cards in
        hands, the new draw pile, how many hand cards were sampled). Unnamed draws of the
        same draw pile's time are exchangeable with each other and, for the present pile,
        with the cards still in it."""
        rng = random.Random(seed)
        groups: dict[int, list[int]] = {}
        for _, pile in hidden_piles(final.g):
            for cid in pile:
                if cid in final.free:
                    groups.setdefault(final.free[cid][1], []).append(cid)
        mapping: dict[int, int] = {}
        rest = list(final.g.deck)
        for epoch, cards in groups.items():
            pool = cards + (rest if epoch == final.epoch else [])
            new = pool[:]
            rng.shuffle(new)
            # None given a card a hand it was in was shown to lack (8.2.6, ruling 750).
            dealt, left = dealt_as_shown(cards, new, final.shown,
                                         {c: final.free[c][0] for c in cards})
            mapping.update(zip(cards, dealt, strict=True))
            if epoch == final.epoch:
                rest = left
        if final.epoch not in groups:
            rng.shuffle(rest)
        return mapping, rest, sum(len(c) for c in groups.values())


def decision_names(
    path: list[Node], renames: dict[int, int], drawn: dict[int, int],
) -> list[dict[int, int]]:
    """The cards each decision of the course ``path`` spends in the final replay, by the card
    the course has (its names, for :func:`rename_cards`): a draw renamed (``renames``, by
    serial; ``drawn``, a draw's card by serial) and each spending the course took otherwise
    (rulings 421, 450, 571, 581, 630), each card renamed once (:func:`once_renamed`,
    ruling 621; :func:`respent_kept`, ruling 691)."""
    # A decision naming a card that was still an unnamed draw (a card put face down
    # among the Alliance's supporters, #A->$) names the card that draw finally was.
    # A card a hand spent by its suit that the import later took to have stayed in the
    # hand, another card of the hand spent instead (``CardIdentity.reattribute``): the
    # decision that spent it spends that card.
    # (Only a decision before the node that found it so: the hand may spend the card
    # of that draw again later, and that spending be taken otherwise too: each
    # spending follows the first such event after it, ``first_respent``.)
    # Or a card the record names that the hand held (``CardIdentity.respent_named``):
    # the decision spends that card (a ``respend_as`` event names it).
    respent: dict[int, list[tuple[int, int]]] = {}
    for i, x in enumerate(path):
        for e in x.events:
            if e[0] in ("respend", "respend_as"):
                respent.setdefault(e[1], []).append(
                    (i, e[2] if e[0] == "respend" else -1 - e[2]))
    # A card held by its name that a later decision spent by its suit, found to have
    # been spent earlier in a chain (``redraws.chained_respend``, ruling 581): that
    # decision spends the chain's next card.
    instead: dict[int, dict[int, int]] = {}
    for x in path:
        for e in x.events:
            if e[0] == "respend_fixed":
                instead.setdefault(e[1], {})[e[2]] = e[3]
    unspent: dict[int, list[tuple[int, int]]] = {}
    for e in (e for x in path for e in x.events):
        if e[0] == "spend_draw":
            unspent.setdefault(int(e[1]), []).append((int(e[2]), int(e[3])))
    out: list[dict[int, int]] = []
    for i, x in enumerate(path):
        names: dict[int, int] = {}
        respent_here: dict[int, int] = {}
        if x.parent is not None:
            serials = {cid: t[0] for cid, t in x.parent.pos.free.items()}
            serials.update((cid, t[0]) for cid, t in x.parent.pos.loose.items())
            names = {cid: renames.get(s, drawn.get(s, cid)) for cid, s in serials.items()}
            for cid, (serial, _e) in x.parent.pos.free.items():
                at, other = first_respent(respent.get(serial, []), i)
                # Spent by its suit, or named as it left the hand (ruling 520).
                if at > i and (x.pos.loose.get(cid, (None,))[0] == serial or
                               cid not in x.pos.free and cid not in x.pos.loose):
                    names[cid] = -1 - other if other < 0 else renames.get(
                        other, drawn.get(other, cid))
                    respent_here[cid] = names[cid]
        names.update(instead.get(i, {}))
        for x_, serial in unspent.get(i, ()):
            # A card named that the decision spent by its suit: it spent that draw's
            # card instead (``unspent_named``, ruling 571).
            once_renamed(i, x_, instead.get(i, {}), unspent.get(i, []))
            names[x_] = renames.get(serial, drawn.get(serial, x_))
        if RESPENT_KEPT:
            respent_kept(i, respent_here, names)
        out.append(names)
    return out


def first_respent(found: list[tuple[int, int]], i: int) -> tuple[int, int]:
    """Of the spendings of one draw taken otherwise (``found``: the index in the course of
    the node that took each so, and the card spent instead), the one that decision ``i``
    of the course follows: the first found after it, ``(-1, 0)`` when none is. A draw
    whose card a spending by its suit was taken to have kept in the hand (a ``respend``
    event, rulings 421 and 450) may be spent from it again and that spending taken
    otherwise too: taking only the last event of the draw, the final replay spent its
    card at both spendings (seed 6535, an internal error)."""
    return next(((at, other) for at, other in found if at > i), (-1, 0))


def once_renamed(
    i: int, x: int, chain: dict[int, int], drawn: list[tuple[int, int]],
) -> None:
    """The card ``x`` the decision ``i`` of the course spent is taken to have been another
    card by one exchange only: a chain's next card (``respend_fixed``, ruling 581,
    ``chain``) or one draw's card (``spend_draw``, ruling 571, ``drawn``). Two would have
    the later silently win over the earlier, whose exchange then explains nothing: an
    internal error, as the exchanges leave such a card alone (``otherwise.renamed_at``,
    ruling 621)."""
    if x in chain or sum(1 for y, _s in drawn if y == x) > 1:
        raise RootlogError(
            f"internal: decision {i} of the course found spends card {x} otherwise twice")


RESPENT_KEPT = True
"""Whether the final replay refuses a rename of a decision's card that overrides the card
``first_respent`` gave it (:func:`respent_kept`, ruling 691); False: the later rename wins
silently, as before it."""


def respent_kept(i: int, respent: dict[int, int], names: dict[int, int]) -> None:
    """The cards the decision ``i`` of the course spends where a spending by suit was taken
    otherwise (``first_respent``: ``respent``, each card to the card it spends instead)
    are the cards it spends in the final replay (``names``): a crossing's rename
    (``respend_fixed``, ruling 630) or a named card's spending taken back (``spend_draw``,
    ruling 571) that renamed such a card again would take one card as spent at two
    decisions, the first exchange then explaining nothing (the review's H2: a crossing of a
    spending ruling 571 took back). An internal error, as :func:`once_renamed`; ruling
    691."""
    for c, other in respent.items():
        if names.get(c, c) != other:
            raise RootlogError(
                f"internal: decision {i} of the course found spends card {c} as card "
                f"{other} (a spending taken otherwise) and as card {names.get(c, c)}")


def _held(loc: Loc, pile: list[int]) -> list[int]:
    """A hidden pile as the final comparison sees it: a hand in its order, a face-down
    pile on a board (the supporters) as the cards it holds (ruling 911)."""
    return sorted(pile) if loc[0] == "board" else pile


def retake(g: Any, start: dict[str, Any], victim: int, card: int) -> None:
    """Before a random take (Stand and Deliver!, Steal, Swap Meet) in the final replay: its
    forced pick, the place in the hand ``victim`` of the ``card`` the search took, is that
    card's place in the hand replayed, in the game (``g``, its state) and in its origin
    (``start``, the state it starts from). The two hands hold the same cards but may not
    be in the same order: a decision that spent by its suit one card of the hand, found
    later to have spent another card of it (a ``respend`` event, rulings 421 and 450),
    left the other card in the hand where the search's course had the first."""
    k = next((i for i, f in enumerate(g.forced) if f[0] == "pick"), None)
    hand = g.seats[victim].hand
    if k is None or card not in hand:
        return  # (the replay refuses the take, an internal error)
    at = len(start["forced"]) - len(g.forced) + k
    g.forced[k] = ("pick", hand.index(card))
    start["forced"][at] = ["pick", hand.index(card)]


def apply_found(
    game: Any, tok: str, alike: dict[int, int] | None = None,
    start: dict[str, Any] | None = None,
) -> None:
    """Apply a decision the search found. Which supporters pay depends on the suits and
    names of the Alliance's face-down supporters (whether those to spend are alike, 8.4; the
    Revolt and Spread Sympathy steps are asked whatever the supporters, ruling 385, but the
    clearings they offer follow the suits): an unnamed supporter renamed after the search
    decided may turn a question into none, or the other way round. Then a
    question no longer asked is passed over when the search declined it or paid with a
    supporter, and a new one is declined (or paid with the first candidates, as the
    engine does when the choice cannot matter). A decision naming a card the engine offers
    no more for the alike card it offers instead (the first of two alike supporters, once
    an unnamed one was renamed alike to the other) takes that one, and ``alike`` keeps the
    two exchanged for the decisions after (:func:`alike_offered`, ruling 861), and for the
    shuffles still to come, in the game and in its origin ``start`` (:func:`swap_forced`,
    ruling 911). Other decisions are applied as found."""
    if alike:
        tok = rename_cards(game.state, tok, alike)
    for _ in range(64):
        legal = game.legal_tokens()
        if tok in legal:
            game.apply(tok)
            return
        if alike is not None and ALIKE_OFFERED:
            offered = alike_offered(game.state, tok, legal, alike)
            if offered is not None:
                other, x, y = offered
                if ALIKE_SHUFFLED:
                    swap_forced(game.state, start, x, y)
                game.apply(other)
                return
        word = tok.split()[0]
        if word in ("done", "spend"):
            return  # a question no longer asked
        if "done" in legal:
            game.apply("done")
        elif game.state.stack and game.state.stack[-1].kind == "ally_pay":
            game.apply(legal[0])
        else:
            break
    game.apply(tok)  # refused: the error names the decision


ALIKE_OFFERED = True
"""Ruling 861 turned on (a test turns it off to show the record refused without it)."""

ALIKE_SHUFFLED = True
"""Ruling 911 turned on (a test turns it off to show the record refused without it)."""

SIDE_BY_SIDE = True
"""Ruling 911's exchange only of copies side by side in one hidden place (a test turns it
off to show a record refused without it)."""


def swap_forced(g: Any, start: dict[str, Any] | None, x: int, y: int) -> None:
    """Where the final replay takes the alike card ``y`` the engine offers instead of the
    copy ``x`` the course took (ruling 861), the two exchanged in the shuffles still to come of
    the replay's forced outcomes (``g.forced``) and of its origin (``start``, from which
    the game replays, history and undo): each shuffle's order is the course's pile, where
    the copy the course spent and the one the replay spent lie in each other's place. Bots'
    game 0 with the Alliance (``rootgame bench --imports``), line 74: two Armorers, one
    spent from the supporters, the other shuffled into the new draw pile; the shuffle
    recorded held the copy the replay had spent. Only where the two copies lie side by
    side in one hidden place of the replay (the engine offered the first of the two it
    holds): a copy the replay holds where the course's lies elsewhere (seed 1019's first
    140 lines with the Alliance, a Tax Collector mobilized while the replay's copy was in
    the discard pile) is left as it was, and later decisions exchange the two back (found
    by the engineer of branch alliance90 as ruling 891). Ruling 911."""
    if SIDE_BY_SIDE and not any(x in pile and y in pile for _, pile in hidden_piles(g)):
        return  # copies not held side by side: crossed elsewhere, left as they were
    swap = {x: y, y: x}
    at = len(start["forced"]) - len(g.forced) if start is not None else 0
    for k, f in enumerate(g.forced):
        if f[0] != "shuffle" or not (x in f[1:] or y in f[1:]):
            continue
        order = (f[0], *(swap.get(c, c) for c in f[1:]))
        g.forced[k] = order
        if start is not None:
            start["forced"][at + k] = list(order)


def alike_offered(
    g: Any, tok: str, legal: list[str], alike: dict[int, int]
) -> tuple[str, int, int] | None:
    """The legal decision that differs from ``tok`` only in taking a card alike to one
    ``tok`` takes (the same card of the deck, another copy), with the card ``tok`` takes
    and the copy it takes instead; None when there is none. The
    engine offers one of alike cards only (which of two alike supporters pays cannot
    matter, 8.4): the first it holds. The course found spent an unnamed supporter and a
    card of another name; the final replay, the unnamed one renamed alike to the other
    (two bird Ambushes), offered the other copy first, and the course's card was no
    longer legal (seed 1012 with the Alliance, line 46). The two copies are exchanged in
    ``alike`` (the card the course's card is in the final replay) for every decision
    after, and for the final comparison. Ruling 861."""
    from ...actions import parse
    from ...cards import DECK

    a = parse(tok)
    doms = arg_domains(g.stack[-1].kind, a) if g.stack else ()
    for other in legal:
        b = parse(other)
        if len(b) != len(a) or b[0] != a[0]:
            continue
        swaps = [(int(x), int(y)) for x, y, dom in zip(a[1:], b[1:], doms, strict=False)
                 if x != y and dom == "card" and isinstance(x, int) and isinstance(y, int)
                 and 0 <= x < len(DECK) and 0 <= y < len(DECK) and DECK[x].key == DECK[y].key]
        rest = [(x, y) for x, y in zip(a[1:], b[1:], strict=False) if x != y]
        if len(swaps) == 1 and len(rest) == 1:
            x, y = swaps[0]
            # The course's cards that are x and y now are each other's from here on.
            cx = next((c for c, v in alike.items() if v == x), x)
            cy = next((c for c, v in alike.items() if v == y), y)
            alike[cx], alike[cy] = y, x
            return other, x, y
    return None


_DOMAINS: dict[tuple[str, Any, int], tuple[str, ...]] = {}


def arg_domains(kind: str, a: tuple[Any, ...]) -> tuple[str, ...]:
    """What each argument of action ``a`` of decision ``kind`` is (``card``, or another
    domain of its declared shape, ``flow.TAKES``); ``?`` when no shape says."""
    key = (kind, a[0], len(a))
    got = _DOMAINS.get(key)
    if got is None:
        from ... import flow
        from ...actions import CARD, PAID_CARD

        got = ("?",) * (len(a) - 1)
        for sig in flow.TAKES.get(kind, ()):
            if sig[0] == a[0] and len(sig) <= len(a):
                got = tuple("card" if d in (CARD, PAID_CARD) else str(d) for d in sig[1:])
                got += ("?",) * (len(a) - len(sig))
                break
        _DOMAINS[key] = got
    return got


def rename_cards(g: Any, tok: str, names: dict[int, int]) -> str:
    """Decision ``tok`` of state ``g`` with the cards it takes renamed by ``names`` (the
    card places of its decision's declared shapes, ``flow.TAKES``)."""
    from ...actions import parse, token

    if not names:
        return tok
    a = parse(tok)
    out = [a[0]] + [names.get(x, x) if dom == "card" and isinstance(x, int) else x
                    for x, dom in zip(a[1:], arg_domains(g.stack[-1].kind, a), strict=True)]
    return token(tuple(out))
