"""What a faction module provides: its board state and the hooks by which its rules extend
the general Law. The defaults are the general rules; a faction overrides only what its
section of the Law changes. See docs/adding-a-faction.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import Card
from ..errors import PositionError
from ..state import JSON, GameState


class Faction:
    """A faction's rules. One stateless instance per faction, registered in ``FACTIONS``."""

    name = ""
    setup_order = "Z"
    """The letter printed on the board (5.1.7): setup goes A, B, C..."""
    warriors_total = 0
    building_kinds: tuple[str, ...] = ()
    token_kinds: tuple[str, ...] = ()
    rules_ties = False
    """Whether this faction rules clearings where it is tied for most (Eyrie, 7.2.2)."""
    defends_with_higher = False
    """Whether, as defender, this faction deals the higher roll (Guerrilla War, 8.2.2)."""
    birdsong_steps: tuple[str, ...] = ()
    daylight_steps: tuple[str, ...] = ()
    evening_steps: tuple[str, ...] = ()

    # --- state -------------------------------------------------------------------------
    def new_state(self) -> Any:
        raise NotImplementedError

    def state_from_dict(self, d: JSON) -> Any:
        raise NotImplementedError

    # --- setup and turn ------------------------------------------------------------------
    def setup(self, g: GameState, seat: int) -> None:
        """Push this faction's setup (5.1.7; the faction's own section)."""

    def run_step(self, g: GameState, seat: int, step: str) -> None:
        """Run one of this faction's turn steps (it may push decision frames)."""
        raise NotImplementedError(step)

    # --- hooks into the general Law ------------------------------------------------------
    def blocks_placement(self, g: GameState, owner: int, placer: int, c: int) -> bool:
        """Whether a piece of ``owner`` in ``c`` forbids ``placer`` to place pieces there."""
        return False

    def building_removed(self, g: GameState, seat: int, c: int, kind: str) -> None:
        """A building of this faction was removed from the map (back to its track)."""

    def token_removed(self, g: GameState, seat: int, c: int, kind: str, by: int | None) -> None:
        """A token of this faction was removed from the map (by ``by``, if a player removed
        it). May push a decision (Outrage, 8.2.6)."""

    def gain_cards(self, g: GameState, seat: int, cards: list[int], to: str) -> None:
        """Cards drawn into this faction's pile ``to`` (see ``core.draw``)."""
        raise NotImplementedError(to)

    def enemy_moved_in(self, g: GameState, seat: int, mover: int, c: int) -> None:
        """``mover`` moved warriors into ``c``, where this faction has a token (Outrage,
        8.2.6). May push a decision."""

    def crafting_pieces(self, g: GameState, seat: int) -> list[int]:
        """4.1.1: the clearings of this faction's crafting pieces, one entry per piece."""
        return []

    def craft_vp(self, g: GameState, seat: int, card: Card) -> int:
        """VP for crafting an item card (3.2.2)."""
        return card.vp

    def attacker_extra_hits(self, g: GameState, seat: int) -> int:
        """Extra hits this faction deals as attacker (4.3.3.I)."""
        return 0

    def battle_removed(self, g: GameState, seat: int, c: int) -> None:
        """As attacker or defender, this faction has just removed its first enemy building or
        token of a battle in ``c`` (and scored it, 3.2.1); called once per battle, at once,
        in the same step as that removal."""

    def warriors_removed(self, g: GameState, seat: int, c: int, n: int) -> None:
        """``n`` warriors of this faction were removed from ``c`` (after all removals of the
        same effect, 1.5.4). May push a decision (Field Hospitals, 6.2.3)."""

    def piece_counts(self, g: GameState, seat: int) -> dict[str, tuple[int, int]]:
        """For invariants: kind -> (pieces on the map, pieces off it in supply or track)."""
        return {}

    def piece_totals(self) -> dict[str, int]:
        return {}

    def load_position(self, g: GameState, seat: int, spec: JSON) -> None:
        """Position builder: derive supplies and tracks from the map, read this faction's
        board fields from ``spec`` (docs/positions.md)."""
        self.check_fields(spec, ())
        g.fs[seat].warriors = self.warriors_total - sum(w[seat] for w in g.warriors)

    def load_position_cards(
        self, g: GameState, seat: int, spec: JSON, take: Callable[[Any, str], int]
    ) -> None:
        """Position builder: cards that belong to this faction's board (e.g. the Decree)."""

    def check_fields(self, spec: JSON, known: tuple[str, ...]) -> None:
        if not isinstance(spec, dict):
            raise PositionError(f"{self.name}: an object of board fields")
        for k in spec:
            if k not in known:
                raise PositionError(
                    f"{self.name}: unknown field {k!r}"
                    + (f"; known: {', '.join(known)}" if known else "")
                )

    def public_view(self, g: GameState, seat: int) -> JSON:
        """The faction board, as everyone sees it."""
        return {}

    board_features: tuple[str, ...] = ()
    """Names of the numbers :meth:`observe_board` makes of the public board (rl/)."""

    def observe_board(self, board: JSON) -> list[float]:
        """The public board (:meth:`public_view`, as a view shows it) as a fixed list of
        numbers, one per name of ``board_features``: the faction's part of a learning agent's
        observation (docs/rl.md). It reads the view only, never the state."""
        return []

    def private_view(self, g: GameState, seat: int) -> JSON:
        """What only this faction's player sees of its board (e.g. the Alliance's face-down
        supporters)."""
        return {}

    def hidden_zones(self, g: GameState, seat: int) -> list[list[int]]:
        """The face-down card piles of this faction's board that the other players cannot
        see (the Alliance's supporters, 8.2.2), as the state's own lists: a bot's
        determinization deals them again in place (bots/determinize.py)."""
        return []

    def board_cards(self, g: GameState, seat: int) -> list[int]:
        """Card ids held on this faction's board (the Decree, the supporters stack)."""
        return []

    def describe_board(self, g: GameState, seat: int) -> JSON:
        """Position writer: the board fields of ``load_position`` that differ from what the
        map implies (docs/positions.md)."""
        return {}
