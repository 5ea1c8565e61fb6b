"""Shared test settings."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _english_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks the system's language (rootgame.i18n); the tests that read its
    English output must not depend on the machine's locale. Tests of other languages set
    ``--lang`` or ``ROOTGAME_LANG`` themselves."""
    monkeypatch.setenv("ROOTGAME_LANG", "en")
