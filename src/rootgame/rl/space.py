"""The fixed integer action space (docs/rl.md, "Actions").

Every decision kind declares the signatures of the actions it can list
(``@decision(kind, prompt, takes=...)``, actions.Signature). For a game configuration (its
factions, map and deck) the action space is built from those declarations alone:

1. the decision kinds in play are the general rules' and those of the configured factions
   (a decision kind belongs to the module that registered it, a faction's companion module
   such as ``vagabond_day`` to the faction);
2. their signatures are collected, duplicates dropped, and sorted by their text;
3. each signature is expanded over the values of its argument domains for the configuration
   (the map's clearings, the seats, the deck's cards, ...), in the domains' own order;
4. the actions are numbered in that order from 0.

So a faction added later extends the space by declaring its decisions, and the layout of a
configuration changes only when a decision in play changes its signatures (then
:data:`ENCODING_VERSION` goes up; :attr:`ActionSpace.fingerprint` tells two layouts apart).
This module needs no third-party package.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import Any

from .. import game as _game  # noqa: F401  (registers the factions and their decisions)
from ..actions import (
    CARD,
    CLEARING,
    COUNT,
    DOMINANCE_CARD,
    FOREST,
    PAID_CARD,
    PIECE,
    QUEST,
    SEAT,
    SUIT,
    Action,
    Domain,
    Signature,
    token,
)
from ..board import SUITS, choose_layout, load_board
from ..cards import CARD_SUITS, DECK, deck_ids
from ..cards import DECKS as CARD_DECKS
from ..flow import FACTIONS, OWNERS, TAKES
from ..rules import exiles, landmarks
from ..rules.landmarks import parse_landmarks
from ..rules.maps import MAP_ACTIONS

EXILES_MODULE = exiles.__name__
LANDMARKS_MODULE = landmarks.__name__
LANDMARK_WORDS = landmarks.ACTION_WORDS
EXILES_WORDS = exiles.ACTION_WORDS

ENCODING_VERSION = 1
"""The version of the encoding rules above (not of one layout: see ``fingerprint``)."""

DECKS: tuple[str, ...] = CARD_DECKS
"""The decks that exist (cards.DECKS: the base deck, the Exiles and Partisans deck)."""


@dataclass(frozen=True)
class Config:
    """A game configuration: the factions by seat, the map, the deck, and the suit layout
    (``suits``: as ``new_game`` takes it; None is the map's printed suits, else the suit
    markers dealt from each game's seed). The layout does not change the action space."""

    factions: tuple[str, ...] = ("marquise", "eyrie")
    map: str = "autumn"
    deck: str = "base"
    suits: str | None = None
    landmarks: tuple[str, ...] | int = ()
    """The landmarks (appendix A step 5) as ``new_game`` takes them: their decisions and
    action words (setting them up, the Black Market, crafting from the Forge) join the action
    space only in a configuration with landmarks."""

    def __post_init__(self) -> None:
        if isinstance(self.factions, str):
            raise ValueError(f"factions: a list of faction names, not the text {self.factions!r}")
        object.__setattr__(self, "factions", tuple(self.factions))
        if len(self.factions) < 2:
            raise ValueError("a game needs at least two factions")
        for f in self.factions:
            if f not in FACTIONS:
                raise ValueError(f"unknown faction {f!r}; known: {', '.join(sorted(FACTIONS))}")
        if len(set(self.factions)) != len(self.factions):
            raise ValueError("each faction can be played by one player only")
        if self.deck not in DECKS:
            raise ValueError(f"unknown deck {self.deck!r}; known: {', '.join(DECKS)}")
        load_board(self.map)  # raises ValueError naming the maps there are
        choose_layout(self.map, self.suits, 0)  # raises ValueError naming the choices
        object.__setattr__(self, "landmarks", parse_landmarks(self.landmarks))

    @property
    def n(self) -> int:
        return len(self.factions)


ConfigLike = Config | dict[str, Any] | Sequence[str]


def as_config(config: ConfigLike | None = None) -> Config:
    """A :class:`Config` from a Config, a dict of its fields, or a list of factions."""
    if config is None:
        return Config()
    if isinstance(config, Config):
        return config
    if isinstance(config, dict):
        unknown = set(config) - {"factions", "map", "deck", "suits", "landmarks"}
        if unknown:
            raise ValueError(f"unknown configuration fields: {', '.join(sorted(unknown))}")
        return Config(**config)
    if isinstance(config, str):
        raise ValueError(
            f"a configuration is a Config, a dict or a list of factions, not {config!r}"
        )
    return Config(tuple(config))


def decision_kinds(config: Config) -> tuple[str, ...]:
    """The decision kinds that can arise in a game of ``config``, sorted."""
    faction_modules = {type(f).__module__: name for name, f in FACTIONS.items()}
    out = []
    for kind, module in OWNERS.items():
        # A faction's companion modules (``vagabond_day`` beside ``vagabond``) are its own.
        owner = faction_modules.get(module) or faction_modules.get(module.rsplit("_", 1)[0])
        if module == EXILES_MODULE and config.deck != "exiles":
            continue  # the Exiles and Partisans deck's own decisions
        if module == LANDMARKS_MODULE and not config.landmarks:
            continue  # the landmarks' own decisions
        if owner is None or owner in config.factions:
            out.append(kind)
    return tuple(sorted(out))


def _paid_cards(config: Config) -> list[tuple[str | int, ...]]:
    """Each card of the deck with an "any" icon in its cost, followed by each sorted suit
    multiset that pays its whole cost (rules/crafting.py lists ``craft`` actions so)."""
    out: list[tuple[str | int, ...]] = []
    for c in (DECK[i] for i in deck_ids(config.deck)):
        if "any" not in c.cost:
            continue
        fixed = tuple(s for s in c.cost if s != "any")
        pays = set()
        for combo in combinations_with_replacement(SUITS, c.cost.count("any")):
            pays.add(tuple(sorted(fixed + combo)))
        out.extend((c.id, *p) for p in sorted(pays))
    return out


def domain_values(domain: Domain, config: Config) -> list[tuple[str | int, ...]]:
    """The values of one argument place, each a tuple of token parts, in a fixed order."""
    if isinstance(domain, tuple):
        return [(w,) for w in domain]
    if domain == CLEARING:
        return [(c,) for c in load_board(config.map).clearings]
    if domain == SEAT:
        return [(s,) for s in range(config.n)]
    if domain == CARD:
        return [(c,) for c in deck_ids(config.deck)]
    if domain == DOMINANCE_CARD:
        return [(c,) for c in deck_ids(config.deck) if DECK[c].kind == "dominance"]
    if domain == COUNT:
        most = max(FACTIONS[f].warriors_total for f in config.factions)
        return [(k,) for k in range(1, most + 1)]
    if domain == SUIT:
        return [(s,) for s in CARD_SUITS]
    if domain == PIECE:
        kinds: list[str] = []
        for f in config.factions:
            for k in (*FACTIONS[f].building_kinds, *FACTIONS[f].token_kinds):
                if k not in kinds:
                    kinds.append(k)
        return [(k,) for k in sorted(kinds)]
    if domain == PAID_CARD:
        return _paid_cards(config)
    if domain == FOREST:
        from ..factions.vagabond import FOREST_BASE

        return [(FOREST_BASE + 1 + i,) for i in range(len(load_board(config.map).forests))]
    if domain == QUEST:
        from ..factions.vagabond import QUESTS

        return [(q,) for q in range(len(QUESTS))]
    raise ValueError(f"unknown argument domain {domain!r}")


def _sig_text(sig: Signature) -> str:
    return " ".join(d if isinstance(d, str) else "{" + ",".join(d) + "}" for d in sig)


class ActionSpace:
    """The integer encoding of every action token of a configuration.

    ``encode(action)`` and ``decode(i)`` are inverse; ``size`` is the number of actions;
    ``mask(legal)`` a list of 0/1 of that length. Build one with :func:`action_space`.
    """

    __slots__ = ("config", "kinds", "signatures", "actions", "index", "offsets", "fingerprint")

    def __init__(self, config: Config) -> None:
        self.config = config
        self.kinds = decision_kinds(config)
        sigs: dict[str, Signature] = {}
        for kind in self.kinds:
            if not TAKES.get(kind):
                raise ValueError(
                    f"decision {kind!r} declares no actions: give @decision(..., takes=...) the "
                    "signature of every action it lists (docs/adding-a-faction.md)"
                )
            for sig in TAKES[kind]:
                maps = MAP_ACTIONS.get(str(sig[0]))
                if str(sig[0]) in EXILES_WORDS and config.deck != "exiles":
                    continue
                if str(sig[0]) in LANDMARK_WORDS and not config.landmarks:
                    continue
                if maps is None or config.map in maps:
                    sigs.setdefault(_sig_text(sig), sig)
        self.signatures: tuple[Signature, ...] = tuple(sigs[k] for k in sorted(sigs))
        self.actions: list[Action] = []
        self.offsets: dict[str, int] = {}
        """The first integer of each signature (by its text, e.g. ``"move clearing clearing"``)."""
        for sig in self.signatures:
            self.offsets[_sig_text(sig)] = len(self.actions)
            word = sig[0]
            assert isinstance(word, str)
            places = [domain_values(d, config) for d in sig[1:]]
            for combo in product(*places):
                self.actions.append((word, *(x for part in combo for x in part)))
        self.index: dict[Action, int] = {}
        for i, a in enumerate(self.actions):
            if a in self.index:
                raise ValueError(f"action {token(a)!r} has two signatures")
            self.index[a] = i
        text = "\n".join(token(a) for a in self.actions)
        self.fingerprint = hashlib.sha256(f"v{ENCODING_VERSION}\n{text}".encode()).hexdigest()[:16]
        """A short hash of the layout: equal fingerprints mean equal encodings."""

    @property
    def size(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int:
        """The integer of an action. Raises ValueError if it is outside the space."""
        i = self.index.get(tuple(action))
        if i is None:
            raise ValueError(
                f"action {token(tuple(action))!r} is not in the action space of {self.config}: "
                "its decision does not declare this signature"
            )
        return i

    def decode(self, i: int) -> Action:
        """The action of an integer. Raises ValueError outside ``range(size)``."""
        if isinstance(i, bool) or not 0 <= int(i) < len(self.actions):
            raise ValueError(f"action number {i!r} is not from 0 to {len(self.actions) - 1}")
        return self.actions[int(i)]

    def encode_all(self, actions: Iterable[Action]) -> list[int]:
        return [self.encode(a) for a in actions]

    def mask(self, legal: Iterable[Action]) -> list[int]:
        """1 for each legal action's integer, 0 elsewhere."""
        m = [0] * len(self.actions)
        for a in legal:
            m[self.encode(a)] = 1
        return m

    def describe(self) -> list[tuple[str, int, int]]:
        """The layout: (signature text, first integer, number of actions) per signature."""
        out = []
        keys = list(self.offsets)
        for j, k in enumerate(keys):
            end = self.offsets[keys[j + 1]] if j + 1 < len(keys) else len(self.actions)
            out.append((k, self.offsets[k], end - self.offsets[k]))
        return out


@lru_cache(maxsize=64)
def _space(config: Config) -> ActionSpace:
    return ActionSpace(config)


def action_space(config: ConfigLike | None = None) -> ActionSpace:
    """The action space of a configuration (cached: the same object for equal configs)."""
    return _space(as_config(config))


def action_space_size(config: ConfigLike | None = None) -> int:
    """The number of integers in the action space of ``config``."""
    return action_space(config).size
