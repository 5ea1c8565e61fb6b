"""The engineering standards, checked with the suite: mypy --strict and ruff stay clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_mypy_strict_is_clean() -> None:
    pytest.importorskip("mypy")
    r = _run("mypy")
    assert r.returncode == 0, r.stdout + r.stderr


def test_ruff_is_clean() -> None:
    pytest.importorskip("ruff")
    r = _run("ruff", "check", "src", "tests")
    assert r.returncode == 0, r.stdout + r.stderr


def test_core_engine_needs_no_third_party_package() -> None:
    """The rules engine imports only the standard library (README, engineering standards)."""
    code = (
        "import sys, rootgame, rootgame.position;"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('typer', 'rich', 'click', 'numpy', 'gymnasium', 'pettingzoo', 'pyspiel'));"
        "print(','.join(bad))"
    )
    r = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert r.stdout.strip() == ""
