"""The demo (scripts/demo): the example tree replayed as a real git history, checked with its
history rules and built, so that the site shows what its timeline is for (issue 32, item 5)."""

from __future__ import annotations

import filecmp
import os
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.common import REPO, SITE_SRC, run_cli

REPLAY = runpy.run_path(str(REPO / "scripts" / "demo_history.py"))


@pytest.fixture(scope="module")
def replayed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("demo") / "tidewater"
    REPLAY["replay"](target)
    return target


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True,
                          check=True).stdout


def same_tree(left: Path, right: Path) -> list[str]:
    """The files that differ or are missing on either side."""
    compared = filecmp.dircmp(left, right)
    differ = [*compared.left_only, *compared.right_only, *compared.diff_files,
              *compared.funny_files]
    for name in compared.common_dirs:
        differ += [f"{name}/{d}" for d in same_tree(left / name, right / name)]
    return differ


def test_the_replay_ends_with_the_tree_as_site_src_holds_it(replayed: Path):
    assert same_tree(replayed / "memory", SITE_SRC) == []
    assert git(replayed, "status", "--porcelain") == ""


def test_the_living_files_have_a_history(replayed: Path):
    state = git(replayed, "log", "--format=%ad %s", "--date=short", "--", "memory/STATE.md")
    versions = state.splitlines()
    assert len(versions) >= 10, state
    assert len({line.split()[0] for line in versions}) >= 10  # on different days
    todo = git(replayed, "log", "--format=%s", "--", "memory/TODO.md").splitlines()
    assert sum("completed" in subject for subject in todo) >= 10
    ledger = git(replayed, "log", "--format=%s", "--",
                 "memory/.agents/evolve/cycle-history.jsonl").splitlines()
    assert len(ledger) >= 20  # one cycle a commit, appended
    # Each commit that overwrites STATE.md adds its snapshot (the protocol's CT305).
    for sha in git(replayed, "log", "--format=%h", "--", "memory/STATE.md").split()[:-1]:
        changed = git(replayed, "show", "--name-only", "--format=", sha)
        assert re.search(r"memory/snapshots/2026-\S+\.md", changed), changed


def test_the_replayed_history_passes_the_history_rules(replayed: Path):
    result = run_cli("check", cwd=replayed)
    assert result.code == 0, result.out
    assert "All checks passed" in result.out and "skipped" not in result.out  # git was read
    # The history is judged: rewriting a committed journal entry is caught.
    entry = next((replayed / "memory" / "journal").glob("2026-09-01-*.md"))
    original = entry.read_text("utf-8")
    try:
        entry.write_text(original.replace("##", "## Rewritten", 1), "utf-8")
        assert "CT301" in run_cli("check", cwd=replayed).out
    finally:
        entry.write_text(original, "utf-8")


def test_the_site_shows_several_versions_of_state(replayed: Path):
    mkdocs = Path(sys.executable).parent / "mkdocs"
    built = subprocess.run([str(mkdocs), "build", "--strict", "-q"], cwd=replayed,
                           capture_output=True, text=True,
                           env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    assert built.returncode == 0, built.stdout + built.stderr
    state = (replayed / "site" / "STATE" / "index.html").read_text("utf-8")
    versions = re.search(r"(\d+) versions", state)
    assert versions and int(versions.group(1)) >= 10
    assert "ENTRY.template" not in state
    home = (replayed / "site" / "index.html").read_text("utf-8")
    recent = home[home.index('id="what-changed-recently"'):]
    commits = re.findall(r">([0-9a-f]{7})<", recent[:20000])
    assert len(set(commits)) >= 5  # different commits, not one repeated


def test_the_demo_installs_only_what_serving_needs():
    script = (REPO / "scripts" / "demo").read_text("utf-8")
    assert ".venv-demo" in script and "pip install -q -e ." in script
    assert "[test]" not in script and "scripts/setup" not in script
