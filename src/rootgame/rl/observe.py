"""Observations for learning agents (docs/rl.md, "Observations").

:class:`Observer` turns a seat's view (``game.view(seat)``, views.py: what that seat may know)
into named numpy arrays (the dict form) and into one flat float32 tensor (their concatenation
in :attr:`Observer.sections` order). It reads the view only, never the game state, so an
observation cannot hold anything the seat may not know.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..board import SUITS, load_board
from ..cards import CARD_SUITS, DECK, ITEMS, deck_ids
from ..flow import FACTIONS
from ..rules.landmarks import LANDMARKS
from ..state import JSON
from .space import Config, as_config, decision_kinds

PHASES: tuple[str, ...] = ("setup", "birdsong", "daylight", "evening", "over")

Array = npt.NDArray[np.float32]


class Observer:
    """The observation encoder of one configuration.

    ``sections`` maps each section name to its shape; ``size`` is the tensor's length.
    """

    def __init__(self, config: Config | Any = None) -> None:
        self.config = c = as_config(config)
        self.board = load_board(c.map)
        self.clearings = self.board.clearings
        self.cidx = {cl: i for i, cl in enumerate(self.clearings)}
        self.n = n = c.n
        self.seat_of = {f: s for s, f in enumerate(c.factions)}
        ids = deck_ids(c.deck)
        self.n_cards = len(ids)
        self.card_pos = {cid: i for i, cid in enumerate(ids)}
        """Each card id of the configuration's deck -> its place in the card sections."""
        self.key_pos = {DECK[cid].key: i for i, cid in enumerate(ids)}
        self.pieces: list[tuple[int, str]] = [(-1, "ruin")]
        if "vagabot" in c.factions:
            self.pieces.append((-1, "item"))  # the Scoundrel's covered slots (LR 7.7.5)
        for s, f in enumerate(c.factions):
            self.pieces.extend((s, k) for k in FACTIONS[f].building_kinds)
        self.b_idx = {p: i for i, p in enumerate(self.pieces)}
        self.tokens: list[tuple[int, str]] = []
        for s, f in enumerate(c.factions):
            self.tokens.extend((s, k) for k in FACTIONS[f].token_kinds)
        self.t_idx = {p: i for i, p in enumerate(self.tokens)}
        self.kinds = decision_kinds(c)
        self.k_idx = {k: i for i, k in enumerate(self.kinds)}
        self.board_sizes = [len(FACTIONS[f].board_features) for f in c.factions]
        n_c = len(self.clearings)
        per_clearing = len(SUITS) + 1 + n + len(self.pieces) + len(self.tokens) + n + 1
        self.sections: dict[str, tuple[int, ...]] = {
            "clearings": (n_c, per_clearing),
            "players": (n, 2 + len(ITEMS) + self.n_cards + len(CARD_SUITS)),
            "boards": (sum(self.board_sizes),),
            "hand": (self.n_cards,),
            "seen_hands": (n, self.n_cards),
            "cards": (3, self.n_cards),
            "supply": (len(ITEMS) + 1,),
            "battle": (1 + 2 * n + n_c + 2,),
            "turn": (1 + 3 * n + len(PHASES) + len(self.kinds) + 1,),
        }
        b = self.board
        if b.ferry_start or b.closed_at_start:
            # The map's own pieces (appendix M): where the Ferry is, which paths are closed.
            self.sections["map"] = ((n_c if b.ferry_start else 0) + len(b.closed_at_start),)
        if c.landmarks:
            # The Landmarks Pack (appendix A step 5, appendix L): where each landmark stands
            # (a clearing, or "not on the map"), the items on the Legendary Forge, and how many
            # face-down cards lie at the Black Market.
            self.sections["landmarks"] = (len(LANDMARKS) * (n_c + 1) + len(ITEMS) + 1,)
        self.size = sum(int(np.prod(s)) for s in self.sections.values())

    # --- the dict form -------------------------------------------------------------------
    def observe_dict(self, view: JSON) -> dict[str, Array]:
        """The named sections of the observation of ``view`` (docs/rl.md lists each)."""
        out = {k: np.zeros(s, dtype=np.float32) for k, s in self.sections.items()}
        n = self.n
        seat_of = self.seat_of
        cl = out["clearings"]
        ns = len(SUITS)
        for row in view["clearings"]:
            r = cl[self.cidx[row["id"]]]
            r[SUITS.index(row["suit"])] = 1
            r[ns] = row["slots"] - len(row["buildings"])
            base = ns + 1
            for f, k in row["warriors"].items():
                r[base + seat_of[f]] = k
            base += n
            for owner, kind in row["buildings"]:
                r[base + self.b_idx[(-1 if owner is None else seat_of[owner], kind)]] += 1
            base += len(self.pieces)
            for owner, kind in row["tokens"]:
                r[base + self.t_idx[(seat_of[owner], kind)]] += 1
            base += len(self.tokens)
            ruler = row["ruler"]
            r[base + (n if ruler is None else seat_of[ruler])] = 1
        pl = out["players"]
        boards: list[float] = []
        card_pos, key_pos = self.card_pos, self.key_pos
        for p in view["players"]:
            r = pl[p["seat"]]
            r[0] = p["vp"]
            r[1] = p["hand_size"]
            for it in p["items"]:
                r[2 + ITEMS.index(it)] += 1
            base = 2 + len(ITEMS)
            for key in p["persistent"]:
                r[base + key_pos[key]] = 1
            base += self.n_cards
            if p["dominance"] is not None:
                suit = DECK[deck_ids(self.config.deck)[key_pos[p["dominance"]]]].suit
                r[base + CARD_SUITS.index(suit)] = 1
            boards.extend(FACTIONS[p["faction"]].observe_board(p["board"]))
        out["boards"][:] = boards
        for c in view["hand"] or ():
            if c["id"] >= 0:
                out["hand"][card_pos[c["id"]]] = 1
        for f, cards in (view["seen_hands"] or {}).items():
            for c in cards:
                if c["id"] >= 0:
                    out["seen_hands"][seat_of[f], card_pos[c["id"]]] = 1
        for i, key in enumerate(("discard_pile", "removed_cards", "available_dominance")):
            for c in view[key]:
                out["cards"][i, card_pos[c["id"]]] = 1
        sup = out["supply"]
        for it, k in view["item_supply"].items():
            sup[ITEMS.index(it)] = k
        sup[len(ITEMS)] = view["draw_pile_size"]
        b = view["battle"]
        if b is not None:
            bt = out["battle"]
            bt[0] = 1
            bt[1 + seat_of[b["attacker"]]] = 1
            bt[1 + n + seat_of[b["defender"]]] = 1
            bt[1 + 2 * n + self.cidx[b["clearing"]]] = 1
            if b["dice"]:
                bt[-2] = b["dice"][0] + 1
                bt[-1] = b["dice"][1] + 1
        t = out["turn"]
        t[0] = view["turn_number"]
        if view["seat"] is not None:
            t[1 + view["seat"]] = 1
        t[1 + n + view["turn_seat"]] = 1
        if view["current_seat"] is not None:
            t[1 + 2 * n + view["current_seat"]] = 1
        base = 1 + 3 * n
        t[base + PHASES.index(view["phase"])] = 1
        base += len(PHASES)
        t[base + self.k_idx.get(view["decision"], len(self.kinds))] = 1
        if "map" in out:
            m = out["map"]
            at = 0
            if self.board.ferry_start:
                m[self.cidx[view["ferry"]]] = 1
                at = len(self.clearings)
            closed = {tuple(p) for p in view.get("closed_paths", ())}
            for i, p in enumerate(self.board.closed_at_start):
                m[at + i] = p in closed
        if "landmarks" in out:
            lm = out["landmarks"]
            width = len(self.clearings) + 1
            placed = view.get("landmarks", {})
            for i, name in enumerate(LANDMARKS):
                c = placed.get(name)
                lm[i * width + (self.cidx[c] if c in self.cidx else len(self.clearings))] = 1
            at = len(LANDMARKS) * width
            for item, k in view.get("forge_items", {}).items():
                lm[at + ITEMS.index(item)] = k
            lm[at + len(ITEMS)] = view.get("black_market", 0)
        return out

    # --- the tensor ------------------------------------------------------------------------
    def observe(self, view: JSON) -> Array:
        """The observation of ``view`` as one float32 vector of length :attr:`size`."""
        d = self.observe_dict(view)
        return np.concatenate([d[k].ravel() for k in self.sections])

    def names(self) -> list[str]:
        """A name for each entry of the tensor (for documentation and debugging)."""
        out: list[str] = []
        for k, shape in self.sections.items():
            out.extend(f"{k}[{','.join(map(str, idx))}]" for idx in np.ndindex(*shape))
        return out
