"""Git refusing a repository is not "no repository" (SECURITY.md, docs/history.md).

In CI containers the checkout often belongs to another user than the one running the job, and
git refuses it ("dubious ownership") until it is listed in ``safe.directory``. Taken for "not
a repository", the history rules were skipped and a committed deletion (CT302) passed green.
Here the refusal is real: the repository is handed to another uid (the suite runs as root in
CI), or git's own test switch makes it believe so.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from continuity.history.git import GitFailure, failure_at
from tests.support.common import GitRepo, minimal_tree, run_cli
from tests.support.site_support import build, write_mkdocs_yml

JOURNAL = "journal/2026-01-02-turn-1.md"


def committed_deletion(path: Path) -> GitRepo:
    repo = GitRepo(path)
    repo.commit("Tree", minimal_tree())
    repo.commit("Drop an entry", delete=[JOURNAL])
    return repo


def hand_to_another_user(top: Path) -> None:
    for directory, names, files in os.walk(top):
        for name in (directory, *(os.path.join(directory, n) for n in names + files)):
            os.lchown(name, 12345, 12345)


@pytest.fixture(params=["chown", "git's switch"])
def refused(request, tmp_path: Path, monkeypatch) -> Path:
    repo = committed_deletion(tmp_path / "memory")
    assert run_cli("check", "--select", "CT302", cwd=repo.path).code == 1  # seen while owned
    if request.param == "chown":
        if os.geteuid() != 0:
            pytest.skip("handing the repository to another user needs root")
        monkeypatch.delenv("SUDO_UID", raising=False)
        hand_to_another_user(repo.path)
    else:
        monkeypatch.setenv("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1")
    return repo.path


def test_a_refused_repository_is_exit_2_quoting_git_and_naming_safe_directory(refused: Path):
    result = run_cli("check", cwd=refused)
    assert result.code == 2, result.out
    assert "safe.directory" in result.err and str(refused) in result.err
    assert "dubious ownership" in result.err  # git's own words, quoted
    assert "All checks passed" not in result.out and "history rules skipped" not in result.out
    assert failure_at(refused) is GitFailure.DUBIOUS_OWNERSHIP


def test_every_reading_command_refuses_alike(refused: Path, tmp_path: Path):
    report = run_cli("report", cwd=refused)
    assert report.code == 2 and "safe.directory" in report.err
    generate = run_cli("generate", "--out", str(tmp_path / "pages"), cwd=refused)
    assert generate.code == 2 and "safe.directory" in generate.err
    write_mkdocs_yml(refused, options={"root": "."})
    built = build(refused)
    assert built.error is not None and "safe.directory" in built.said


def test_no_git_still_judges_the_files(refused: Path):
    result = run_cli("check", "--no-git", cwd=refused)
    assert result.code == 0, result.out + result.err


def test_not_a_work_tree_is_still_a_notice(tmp_path: Path):
    """No ``.git`` anywhere above: the history rules are skipped, and said to be."""
    root = tmp_path / "plain"
    root.mkdir()
    for name, text in minimal_tree().items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    result = run_cli("check", cwd=root)
    assert result.code == 0 and "history rules skipped" in result.out
    assert failure_at(root) is GitFailure.NOT_A_WORK_TREE


def test_inside_the_git_directory_is_not_a_work_tree(tmp_path: Path):
    repo = committed_deletion(tmp_path / "memory")
    assert failure_at(repo.path / ".git") is GitFailure.NOT_A_WORK_TREE


def test_a_damaged_repository_is_refused_not_skipped(tmp_path: Path):
    """A ``.git`` git cannot read (here its HEAD is gone) is exit 2 quoting git, not a skip."""
    repo = committed_deletion(tmp_path / "memory")
    (repo.path / ".git" / "HEAD").unlink()
    shutil.rmtree(repo.path / ".git" / "refs")
    result = run_cli("check", cwd=repo.path)
    assert result.code == 2, result.out
    assert "git refuses to read this repository" in result.err and "--no-git" in result.err
    assert failure_at(repo.path) is GitFailure.REFUSED
