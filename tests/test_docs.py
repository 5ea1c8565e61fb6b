"""The docs stay true: every test that docs/rulings.md cites exists, and the README's two
commands are the ones CI runs."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _cited_tests() -> list[tuple[str, str]]:
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    cited: list[tuple[str, str]] = []
    for line in text.splitlines():
        current = None
        for m in re.finditer(r"`(?:(test_\w+\.py)::)?(test_\w+)`", line):
            current = m.group(1) or current
            cited.append((current or "", m.group(2)))
    return cited


def test_rulings_cite_only_tests_that_exist() -> None:
    cited = _cited_tests()
    assert len(cited) >= 25
    defined = {
        p.name: set(re.findall(r"^def (test_\w+)", p.read_text(encoding="utf-8"), re.M))
        for p in (ROOT / "tests").glob("test_*.py")
    }
    everywhere = set().union(*defined.values())
    missing = [
        f"{f}::{t}" if f else t
        for f, t in cited
        if (t not in defined.get(f, set()) if f else t not in everywhere)
    ]
    assert not missing, f"docs/rulings.md cites tests that do not exist: {missing}"


def test_readme_commands_match_ci() -> None:
    """The README gives exactly two set-up commands: the first starts the browser app (the
    terminal game named beside it, from the same set-up), the second runs all the tests, and
    it is the one CI runs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    cmds = [ln.strip() for ln in readme.splitlines() if ln.startswith("    python3 -m venv")]
    assert len(cmds) == 2, cmds
    assert "pip install -e '.[web]'" in cmds[0] and cmds[0].endswith("rootgame serve")
    run_it = readme.split("## Run it")[1].split("\n## ")[0]
    assert "`.venv/bin/rootgame play --as eyrie`" in run_it
    assert cmds[1].endswith("tools/test-builds")
    assert "pip install -q -e '.[test]'" in ci and "tools/test-builds" in ci
    # Issue 14: the script compiles the core, then runs the whole suite on each core (the
    # pure run also compares both builds' games; test_compiled checks the core each run names).
    both = (ROOT / "tools" / "test-builds").read_text(encoding="utf-8")
    assert "ROOTGAME_COMPILE=1" in both and 'cores="pure compiled"' in both
    assert "for core in $cores; do" in both
    # Without a C compiler only the pure core is tested, except in CI, which must build both.
    assert "ROOTGAME_REQUIRE_COMPILED=1" in ci and "ROOTGAME_REQUIRE_COMPILED" in both
    assert 'PYTHONPATH="$path" ROOTGAME_CORE="$core" ROOTGAME_COMPILED="$compiled"' in both
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "\nweb = [" in pyproject and '"rootgame[web]"' in pyproject
    assert "apt-get install" in ci and "chromium" in ci
