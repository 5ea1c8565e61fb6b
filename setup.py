"""The compiled core: ``ROOTGAME_COMPILE=1 pip install .`` compiles the engine's core modules
with mypyc (docs/performance.md, "The compiled core"); without it the package stays pure
Python. Everything else about the package is in pyproject.toml."""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

CORE = [
    "src/rootgame/errors.py",
    "src/rootgame/rng.py",
    "src/rootgame/state.py",
    "src/rootgame/actions.py",
    "src/rootgame/board.py",
    "src/rootgame/cards.py",
    "src/rootgame/flow.py",
    "src/rootgame/game.py",
    *sorted(
        str(p)
        for folder in ("rules", "factions")
        for p in Path("src/rootgame", folder).glob("*.py")
        if p.name != "__init__.py"
    ),
]
"""The engine's core: the state, the decision stack and every rule. The rest (text, views,
bots, records, front ends) calls into it and stays Python."""

ext_modules = []
if os.environ.get("ROOTGAME_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(CORE, opt_level="3")

setup(ext_modules=ext_modules)
