"""Bots: programs that play a seat through the one interface of bots/base.py.

``get(name, seed=0, **options)`` makes a bot by its registry name; ``from_spec(text, seed)``
reads the command line's form, ``name[:option]`` (``random``, ``heuristic``,
``ismcts:200ms``, ``ismcts:500``). See docs/bots.md.
"""

from __future__ import annotations

import importlib
from typing import Any

from .base import Bot, Choice, Observation, Reason
from .random_bot import RandomBot

REGISTRY: dict[str, type[Bot]] = {}
"""Bot classes by name. A new bot registers itself with :func:`register`."""


def register(cls: type[Bot]) -> type[Bot]:
    """Add a bot class to the registry under its ``name``."""
    REGISTRY[cls.name] = cls
    return cls


def names() -> list[str]:
    """The registered bots, the random one first (the quickest: a front end's default)."""
    _load()
    return sorted(REGISTRY, key=lambda n: (n != "random", n))


def get(name: str, seed: int = 0, **options: Any) -> Bot:
    """A new bot: ``get("random")``, ``get("heuristic", seed=3)``,
    ``get("ismcts", budget_ms=200)``. Raises ValueError naming the known bots, or the option
    the bot does not take."""
    cls = _find(name.strip().lower())
    if cls is None:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(REGISTRY))}")
    try:
        return cls(seed=seed, **options)
    except TypeError as e:
        raise ValueError(f"bot {name!r}: {e}") from None


def parse_spec(text: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:200ms"`` -> ``("ismcts", {"budget_ms": 200})``; ValueError if malformed."""
    name, _, opt = text.strip().lower().partition(":")
    cls = _find(name)
    if cls is None:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(REGISTRY))}")
    if not opt:
        return name, {}
    parse = getattr(cls, "parse_option", None)
    if parse is None:
        raise ValueError(f"bot {name!r} takes no option (got {opt!r})")
    options: dict[str, Any] = parse(opt)
    return name, options


def from_spec(text: str, seed: int = 0) -> Bot:
    """A bot from its command-line form (``heuristic``, ``ismcts:200ms``, ``ismcts:300``)."""
    name, options = parse_spec(text)
    return get(name, seed=seed, **options)


def _find(name: str) -> type[Bot] | None:
    """The bot class registered as ``name``; the other bot modules are imported only for a
    name not registered yet (the random bot always is: random-bot simulations stay light)."""
    cls = REGISTRY.get(name)
    if cls is None:
        _load()
        cls = REGISTRY.get(name)
    return cls


_LOADED = False


def _load() -> None:
    """Import the bot modules (they register themselves); done on first use so that
    ``import rootgame.bots`` stays light."""
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for mod in BOT_MODULES:
        importlib.import_module(f"{__name__}.{mod}")


BOT_MODULES: tuple[str, ...] = ("heuristic", "ismcts")
"""The modules of the bots beyond the random one (each registers its bot class)."""


register(RandomBot)

__all__ = [
    "Bot",
    "Choice",
    "Observation",
    "RandomBot",
    "Reason",
    "REGISTRY",
    "from_spec",
    "get",
    "names",
    "parse_spec",
    "register",
]
