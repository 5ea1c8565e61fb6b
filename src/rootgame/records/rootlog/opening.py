"""The imported game's opening (mixed into ``importer.Importer``): the game set up as the
record's header says (map, deck, clearing suits, landmarks, appendix A), the starting hands
named on the setup lines swapped in from the deck and the unnamed ones left free (rulings
of docs/rootlog.md, "Replaying a record (import)"), and the setup run to the first
decision, matched against the setup lines (``matching.py``)."""

from __future__ import annotations

from typing import Any

from ...actions import token
from .identity import swap_cards
from .matching import Matching
from .notation import LANDMARK_NAME, RootlogError, RootlogGame
from .search import Cand, Node, Pos
from .steps import LOOKED_THROUGH, Cut, Observer, Segment, advance

DEALS = (1, 2, 3)
"""The other first deals the quick search is made from, in turn, where the first three
searches give up (ruling 670): seeds of the set-up's shuffle (the first three deal with
seed 0). The shuffle gives each card the record does not name its first identity, which
the exchanges and the solve then change only where a line needs it; the courses they
find from one deal may not reach a card of a suit scores of lines later, from another
they do (seeds 6258, 6750 and 6405 import from the first, second and third other deal).
The final replay forces every draw (``result.py``), whatever the deal."""


class Opening(Matching):
    """The set-up of the imported game and the search's first node (``Importer.run``
    starts from :meth:`start`)."""

    options: dict[str, Any]
    factions: list[str]
    first: int
    rec: RootlogGame
    deal: int = 0
    """The seed of the set-up's shuffle, which deals the unnamed cards their first
    identities: any deal explains the record as well, the record never seeing them (0; a
    fourth search deals otherwise, :data:`DEALS`, ruling 670)."""

    def start(self) -> Node:
        """Set the game up; the starting hands are those named on the setup lines (swapped in
        from the deck), unnamed ones stay free; then run the setup to the first decision."""
        g, tokens, events = self.set_up()
        free: dict[int, tuple[int, int]] = {}
        fixed: set[int] = set()
        left: dict[int, list[int]] = {}
        order = [(g.first_seat + k) % g.n for k in range(g.n)]
        for n, seat in enumerate(order):
            line = self.setup_line[seat]
            ln = self.lines[line]
            lf = left.setdefault(line, [at.amount for at in ln.atoms])
            hand = g.seats[seat].hand
            for p in range(len(hand)):
                cid = hand[p]
                idx = [k for k in ln.by_key.get(("card", (("deck",), ("hand", seat))), [])
                       if lf[k]]
                spec = ln.atoms[idx[0]].spec if idx else None
                if idx:
                    lf[idx[0]] -= 1
                if spec is not None and spec.named and not spec.matches(cid):
                    later = hand[p + 1:] + [c for s2 in order[n + 1:] for c in g.seats[s2].hand]
                    later += g.market
                    y = next((c for c in reversed(g.deck) if spec.matches(c)), None)
                    if y is None:
                        y = next((c for c in later if spec.matches(c)), None)
                    if y is None:
                        # An earlier hand's unnamed card (ruling 755): that hand takes
                        # this one, as free as the card it gives.
                        y = next((c for s2 in order[:n] for c in g.seats[s2].hand
                                  if c in free and spec.matches(c)), None)
                        if y is not None:
                            del free[y]
                            free[cid] = (0, 0)
                    if y is None:
                        a = ln.turn.actions[ln.atoms[idx[0]].action]
                        raise RootlogError("this card cannot be in the starting hand",
                                           ln.turn.line, a.column, a.text, "")
                    swap_cards(g, cid, y)
                if spec is not None and spec.named:
                    fixed.add(hand[p])
                else:
                    free[hand[p]] = (0, 0)
        # The Black Market's cards, drawn before the hands, are unnamed draws: free until
        # the record names them.
        for cid in g.market:
            self.serial += 1
            events.append(("draw", cid, self.serial))
            free[cid] = (self.serial, 0)
        for seat in order:
            for cid in g.seats[seat].hand:
                self.serial += 1
                events.append(("draw", cid, self.serial))
                if cid in free:
                    free[cid] = (self.serial, 0)
        pos = Pos(g, [], None, None, 0, left, free, 0, fixed=frozenset(fixed))
        cuts: list[Cut] = []
        segs: list[Segment] = []

        def on_cut(gs: Any, seg: Segment) -> None:
            if segs:
                cuts.append((obs.snap, segs[-1]))
            segs.append(seg)

        obs = Observer(g, None, None, on_cut)
        legal = advance(g, obs, LOOKED_THROUGH)
        r = self.match(pos, g, legal, obs, tuple(cuts))
        if not isinstance(r, Cand):
            first = self.setup_line[order[0]]
            raise self.open_error(first, left[first], "the setup does not match the record")
        tokens += tuple(token(x) for x in obs.through)
        return Node(r.pos, None, tokens, tuple(events) + r.events, r.states)

    def set_up(self) -> tuple[Any, tuple[str, ...], list[tuple[Any, ...]]]:
        """The game set up as the header says (map, deck, clearing suits, landmarks), with
        its landmarks set up where the header puts them (appendix A step 5) and the starting
        hands drawn: the state, the landmark decisions' tokens, and the chance events of the
        setup (the landmark cards dealt in the header's order)."""
        from ... import flow
        from ...game import setup_state
        from ...rules.landmarks import LANDMARKS

        opts = self.options
        named = tuple(opts.get("landmarks", ()))
        hdr = self.rec.header_lines
        if opts["map"] != "autumn" and "suits" not in opts:
            raise RootlogError(
                f"the {self.rec.map} map prints no suits: the record needs a 'Clearings:' line",
                hdr.get("Map", 0), 1, f"Map: {self.rec.map}", "'Clearings: F1, M2, R3, ...'")
        try:
            g = setup_state(self.factions, opts["map"], self.deal, self.first,
                            suits=opts.get("suits"), deck=opts["deck"], landmarks=named)
        except ValueError as e:
            line = hdr.get("Clearings", 0)
            raise RootlogError(f"the header does not set a game up: {e}", line, 1 if line else 0,
                               "", "twelve clearings, four of each suit") from None
        g.log = None
        # The header lists the landmarks in the order they were set up (which matters: none
        # goes next to another); the notation does not say who set up which. They are dealt
        # in the header's order (docs/rulings.md): the setup decisions, last player first,
        # take the header's landmarks in turn, and the final replay forces that deal.
        frames = [f for f in reversed(g.stack) if f.kind == "landmark"]
        for f, name in zip(frames, named, strict=True):
            f.data["name"] = name
        g.landmarks = dict.fromkeys(named, 0)
        events: list[tuple[Any, ...]] = landmark_picks(list(named), list(named))
        tokens: list[str] = []
        where = dict(self.rec.landmarks)
        while g.stack[-1].kind == "landmark":
            f = g.stack[-1]
            name = str(f.data["name"])
            legal, apply = flow.DECISIONS["landmark"]
            a = ("landmark", name, where[name])
            if a not in legal(g, f):
                at = self.rec.header_lines.get("Landmarks", 0)
                raise RootlogError(
                    f"the {name} cannot be set up in clearing {where[name]}", at, 1,
                    f"{LANDMARK_NAME[name]}->{where[name]}",
                    "one of clearings " + ", ".join(str(x[2]) for x in legal(g, f)
                                                   if x[0] == "landmark"))
            apply(g, f, a)
            tokens.append(token(a))
        assert all(name in LANDMARKS for name in where)
        if g.stack[-1].kind == "deal_hands":
            flow.DRIVERS["deal_hands"](g, g.stack[-1])
        return g, tuple(tokens), events


def landmark_picks(pool: list[str], dealt: list[str]) -> list[tuple[Any, ...]]:
    """The events of the chance outcomes (``("landmark", pick)``) that deal the landmark cards
    of ``pool`` in the order ``dealt`` (appendix A step 5: each card dealt is one of those
    left, ``rules/landmarks.deal``)."""
    pool = list(pool)
    out: list[tuple[Any, ...]] = []
    for name in dealt:
        if len(pool) > 1:
            out.append(("landmark", pool.index(name)))
        pool.remove(name)
    return out
