"""bench/survey.py run as a user runs it, over real git clones in a folder, with the real CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support.common import REPO, GitRepo
from tests.support.nested import claude_code_repository

SURVEY = REPO / "bench" / "survey.py"
CONTINUITY = str(Path(sys.executable).with_name("continuity"))


def survey(folder: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SURVEY), str(folder), "--continuity", CONTINUITY,
                           *extra], capture_output=True, text=True, timeout=300)


def test_one_row_per_clone_with_its_exit_code_findings_and_conventions(tmp_path: Path) -> None:
    claude_code_repository(tmp_path / "clones" / "agents")
    GitRepo(tmp_path / "clones" / "app").commit("an app", {"src/main.py": "print('hi')\n"})
    GitRepo(tmp_path / "clones" / "todo").commit("a dead link", {
        "TODO.md": "# TODO\n\n## Active\n\n- Read [the plan](plans/missing.md)\n"})
    (tmp_path / "clones" / "not-a-repo").mkdir()

    done = survey(tmp_path / "clones", "--json")

    assert done.returncode == 0, done.stderr
    rows = {row["repo"]: row for row in json.loads(done.stdout)}
    assert set(rows) == {"agents", "app", "todo"}  # the folder without .git is no clone
    # a dead link is a warning: reported, and the check still exits 0
    assert rows["todo"]["exit_code"] == 0 and rows["todo"]["by_code"] == {"CT111": 1}
    assert rows["app"]["exit_code"] == 2 and rows["app"]["findings"] == 0
    assert rows["app"]["error"]  # what the CLI said instead of a report
    agents = rows["agents"]
    assert agents["findings"] == sum(agents["by_code"].values())
    if agents["conventions"]:  # a report that names the conventions per root
        assert any("agent-memory/scout" in c for c in agents["conventions"])


def test_the_table_names_every_clone_and_the_total(tmp_path: Path) -> None:
    GitRepo(tmp_path / "clones" / "todo").commit("a dead link", {
        "TODO.md": "# TODO\n\n## Active\n\n- Read [the plan](plans/missing.md)\n"})

    done = survey(tmp_path / "clones")

    assert done.returncode == 0, done.stderr
    assert "| todo | 0 | 1 | CT111×1 |" in done.stdout
    assert "1 repositories, 1 findings." in done.stdout


def test_a_folder_with_no_clone_or_no_command_is_a_clear_message(tmp_path: Path) -> None:
    empty = survey(tmp_path)
    assert empty.returncode == 2 and "no git repositories" in empty.stderr

    missing = subprocess.run([sys.executable, str(SURVEY), str(tmp_path), "--continuity",
                              str(tmp_path / "no-such-continuity")], capture_output=True, text=True)
    assert missing.returncode == 2 and "no such command" in missing.stderr
    assert "Traceback" not in empty.stderr + missing.stderr


def test_with_no_command_given_the_one_beside_this_python_runs(tmp_path: Path) -> None:
    """Run by a virtual environment's Python that is not activated (its folder not on PATH),
    the survey finds that environment's continuity instead of failing."""
    GitRepo(tmp_path / "clones" / "todo").commit("a dead link", {
        "TODO.md": "# TODO\n\n## Active\n\n- Read [the plan](plans/missing.md)\n"})
    done = subprocess.run([sys.executable, str(SURVEY), str(tmp_path / "clones")],
                          env={**os.environ, "PATH": "/usr/bin:/bin"}, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "| todo | 0 | 1 | CT111×1 |" in done.stdout
