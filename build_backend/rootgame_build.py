"""The build backend: setuptools', which also asks for mypy when ``ROOTGAME_COMPILE=1`` (the
compiled core, setup.py), so that a plain install needs neither mypy nor a C compiler."""

from __future__ import annotations

import os
from collections.abc import Callable

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the rest of the backend, unchanged)

SWITCH = "ROOTGAME_COMPILE"
COMPILER = "mypy>=1.10"
"""mypy ships mypyc, which compiles the engine's core (setup.py)."""

Hook = Callable[[dict[str, str] | None], list[str]]


def _requires(hook: Hook, config_settings: dict[str, str] | None) -> list[str]:
    """setuptools' own requirements (read from setup.py with the switch off: mypyc is not
    there yet), and mypy when the core is to be compiled."""
    switch = os.environ.pop(SWITCH, None)
    try:
        requires = hook(config_settings)
    finally:
        if switch is not None:
            os.environ[SWITCH] = switch
    return [*requires, COMPILER] if switch == "1" else requires


def get_requires_for_build_wheel(config_settings: dict[str, str] | None = None) -> list[str]:
    return _requires(_setuptools.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings: dict[str, str] | None = None) -> list[str]:
    return _requires(_setuptools.get_requires_for_build_editable, config_settings)
