"""What a faction module provides: its board state and the hooks by which its rules extend
the general Law. The defaults are the general rules; a faction overrides only what its
section of the Law changes. See docs/adding-a-faction.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..actions import Action
from ..cards import Card
from ..errors import PositionError
from ..flow import FACTIONS
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
    has_pawn = False
    """Whether this faction has a pawn on the map (the Vagabond, 9.2.2): a faction piece that
    is not a warrior, never rules and is never removed."""
    takes_hits_itself = False
    """Whether this faction takes battle hits by its own rule (the Vagabond's items, 9.2.7)."""
    blocks_others = False
    """Whether a piece of this faction may forbid others to place pieces
    (:meth:`blocks_placement`: the Marquise's keep, 6.2.2)."""
    forms_coalitions = False
    """Whether activating a dominance card forms a coalition instead (the Vagabond, 9.2.8)."""
    is_bot = False
    """Whether a Clockwork bot plays this faction (Law of Rootbotics; factions/clockwork.py):
    it has no hand (LR 2.8.1) and makes no decision."""
    hates_surprises = False
    """LR 2.8.2: whether ambush cards cannot be played against this faction."""
    traits: tuple[str, ...] = ()
    """A bot's trait cards (Law of Rootbotics 3.3)."""
    characters: tuple[str, ...] = ()
    """A bot's character cards, chosen at setup (the Vagabot, Law of Rootbotics 7.3.1)."""
    pieces = ""
    """The faction whose pieces this one plays with (a Clockwork bot plays with the pieces
    of its human faction), if another: the two cannot sit at one table."""
    birdsong_steps: tuple[str, ...] = ()
    daylight_steps: tuple[str, ...] = ()
    evening_steps: tuple[str, ...] = ()

    # --- state -------------------------------------------------------------------------
    def new_state(self) -> Any:
        raise NotImplementedError

    def state_from_dict(self, d: JSON) -> Any:
        raise NotImplementedError

    def configure(self, fs: Any, spec: Any) -> None:
        """Law of Rootbotics 3.3: a bot's difficulty and traits (``clockwork.configure``; the
        Vagabot adds its character). A ValueError names what is wrong."""
        if not self.is_bot:
            raise ValueError(f"{self.name} is not a Clockwork bot")
        from .clockwork import configure  # (the Law of Rootbotics builds on this module)

        configure(self, fs, spec)

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

    def removed_enemy_piece(self, g: GameState, seat: int, owner: int, c: int) -> None:
        """This faction removed a building or token of ``owner`` (an enemy) from ``c``, and
        scored it (3.2.1) (the Electric Eyrie's War Tax)."""

    def spares(self, g: GameState, seat: int, other: int) -> bool:
        """Whether this faction leaves the pieces of ``other``, an enemy by the Law (G.1.8),
        out of the enemies it targets and battles (a Clockwork bot in fully cooperative play
        spares the other bots, Law of Rootbotics 3.5.1: it targets no other bot's pieces as
        enemy pieces and never battles another bot; its collateral removals still take them).
        A faction that is no bot spares nobody (``battle_targets`` asks bots only)."""
        return self.is_bot and g.cooperative and FACTIONS[g.factions[other]].is_bot

    def enemy_moved_in(self, g: GameState, seat: int, mover: int, c: int) -> None:
        """``mover`` moved warriors into ``c``, where this faction has a token (Outrage,
        8.2.6). May push a decision."""

    def crafting_pieces(self, g: GameState, seat: int) -> Sequence[int]:
        """4.1.1: the clearings of this faction's crafting pieces, one entry per piece."""
        return ()

    def craft_vp(self, g: GameState, seat: int, card: Card) -> int:
        """VP for crafting an item card (3.2.2); a Clockwork bot scores exactly one for every
        item it crafts (Law of Rootbotics 1.1)."""
        return 1 if self.is_bot else card.vp

    def attacker_extra_hits(self, g: GameState, seat: int) -> int:
        """Extra hits this faction deals as attacker (4.3.5.I)."""
        return 0

    def defender_extra_hits(self, g: GameState, seat: int, c: int) -> int:
        """Extra hits this faction deals as defender in ``c`` (4.3.5.I; the Automated
        Alliance's Automated Ambush, Law of Rootbotics 6.2.2)."""
        return 0

    def deals_higher_roll(self, g: GameState, seat: int) -> bool:
        """As defender, whether this faction deals the higher roll (8.2.2 Guerrilla War; the
        Automated Alliance's Veterans)."""
        return self.defends_with_higher

    def removal_vp(self, g: GameState, seat: int, kind: str) -> int:
        """VP an enemy scores for removing this faction's token of ``kind`` (3.2.1; the
        Automated Alliance's Popularity makes it 0)."""
        return 1

    def battle_removed(self, g: GameState, seat: int, c: int) -> None:
        """As attacker or defender, this faction has just removed its first enemy building or
        token of a battle in ``c`` (and scored it, 3.2.1); called once per battle, at once,
        in the same step as that removal."""

    def warriors_removed(self, g: GameState, seat: int, c: int, n: int) -> None:
        """``n`` warriors of this faction were removed from ``c`` (after all removals of the
        same effect, 1.5.4). May push a decision (Field Hospitals, 6.2.3)."""

    def pawn_at(self, g: GameState, seat: int) -> int:
        """The clearing of this faction's pawn (0: none, or not in a clearing)."""
        return 0

    def rolled_hits_cap(self, g: GameState, seat: int, c: int, battle: dict[str, Any]) -> int:
        """4.3.3.I: the most rolled hits this faction deals in a battle in ``c``."""
        return g.warriors[c][seat]

    def defenseless(self, g: GameState, seat: int, c: int) -> bool:
        """4.3.5.II: as defender, whether this faction is defenseless in ``c``."""
        return not g.warriors[c][seat]

    def fights_on(self, g: GameState, seat: int, c: int, battle: dict[str, Any]) -> bool:
        """4.3.1.II: whether the attacker still has attacking pieces after an ambush."""
        return g.warriors[c][seat] > 0

    def take_battle_hits(
        self, g: GameState, battle: Any, seat: int, n: int, by: int
    ) -> None:
        """4.3.6 for a faction with ``takes_hits_itself`` (the Vagabond, 9.2.7)."""
        raise NotImplementedError

    def hits_per_building(self, g: GameState, seat: int) -> int:
        """For a Clockwork bot, which chooses nothing when it takes hits (Law of Rootbotics
        1.2.1, ``clockwork.lose_pieces``): the hits that remove one of its buildings (the
        Mechanical Marquise's Fortified: two)."""
        return 1

    def before_roll(self, g: GameState, seat: int, bf: Any) -> None:
        """As attacker, just before the dice of a battle are rolled (4.3.2), once the ambush
        is over: the Vagabot's Marksman deals its hit here (Law of Rootbotics)."""

    def enlistable(self, g: GameState, seat: int, bf: Any) -> bool:
        """Whether the defender of the battle ``bf`` may enlist this player before the dice
        (``seat`` is neither side of it): the Vagabot's Arbiter (Law of Rootbotics 7.7.6)."""
        return False

    def enlisted_by_bot(self, g: GameState, seat: int, bf: Any) -> bool:
        """Whether a bot defender of ``bf`` enlists this player (its own rule, LR 7.7.6)."""
        return False

    def enlist(self, g: GameState, seat: int, bf: Any) -> int:
        """Enlisted by the defender of ``bf``: what this player gains, and the hits it adds
        to the defender's maximum rolled hits (4.3.3.I)."""
        return 0

    def after_battle(
        self, g: GameState, seat: int, enemy: int, c: int, warriors: int, others: int,
        battle: dict[str, Any],
    ) -> None:
        """A battle of this faction (attacker or defender) against ``enemy`` ended; this
        faction removed ``warriors`` of its warriors and ``others`` of its buildings and
        tokens (relationships and Infamy, 9.2.9.3)."""

    def removed_warriors_of(self, g: GameState, seat: int, victim: int, n: int) -> None:
        """This faction removed ``n`` warriors of ``victim`` outside battle (9.2.9.3)."""

    def all_removed(self, g: GameState, seat: int, c: int, by: int) -> None:
        """``by`` used an effect removing all enemy pieces from ``c`` (9.2.2.I)."""

    def push_card_move(self, g: GameState, seat: int) -> None:
        """A card lets this faction take one move (Cobbler): the general move (4.2)."""
        from ..rules.movement import push_move

        push_move(g, seat, None, optional=True)

    def card_moves(self, g: GameState, seat: int) -> list[Action]:
        """The moves a card such as Eyrie Emigre lets this faction take: ``move O D`` (4.2).
        The destination is the action's last number."""
        from ..rules.core import board
        from ..rules.movement import move_pairs

        return [("move", o, d) for o, d in move_pairs(g, seat, board(g).clearings)]

    def do_card_move(self, g: GameState, seat: int, a: Action) -> None:
        """Take one of :meth:`card_moves` (the warriors moved may be asked next)."""
        from ..rules.movement import start_move

        start_move(g, seat, int(a[1]), int(a[2]))

    def coalition_formed(self, g: GameState, seat: int, partner: int) -> None:
        """This faction formed a coalition with ``partner`` (9.2.9.3.4)."""

    def item_crafted(self, g: GameState, seat: int, item: str) -> None:
        """4.1.2: a crafted item goes to the Crafted Items box (the Vagabond: 9.2.1)."""
        g.seats[seat].items.append(item)

    def pay_crafting(self, g: GameState, seat: int, suits: tuple[str, ...]) -> None:
        """4.1.1: activate crafting pieces of these suits (each once per turn)."""
        used: dict[str, int] = g.turn.setdefault("craft_used", {})
        for s in suits:
            used[s] = used.get(s, 0) + 1

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

    def unseen_piles(self, g: GameState, seat: int) -> list[list[list[Any]]]:
        """Groups of piles of this faction's that nobody sees, not even its own player (the
        Vagabond's items beneath the ruins, his quest deck), as the state's own lists: a bot's
        determinization deals each group's contents again among its piles, in place."""
        return []

    def board_cards(self, g: GameState, seat: int) -> list[int]:
        """Card ids held on this faction's board (the Decree, the supporters stack)."""
        return []

    def describe_board(self, g: GameState, seat: int) -> JSON:
        """Position writer: the board fields of ``load_position`` that differ from what the
        map implies (docs/positions.md)."""
        return {}
