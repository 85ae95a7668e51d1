"""Repositories the history rules cannot use, for every reading command: a shallow
clone, a repository with no commits (empty, or with files staged), and a root outside git.

History needed but unavailable is exit 2 with a message naming the repository and the way out;
with --no-git the same trees are judged on their files alone. Commands run in-process here
(``run_cli`` fails on a traceback); the full sweep runs them as processes.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.support.common import GitRepo, minimal_tree, run_cli, write_files
from tests.support.site_support import build, write_mkdocs_yml

from .hostile_inputs import note_line

KINDS = ("shallow", "no-commits", "staged", "not-in-git")
TREE = {**minimal_tree(), "notes.jsonl": note_line("The tide parser reads harmonic data.") + "\n"}


def make_project(base: Path, kind: str) -> Path:
    """A project (mkdocs.yml, docs/, memory/) of the given kind; returns its top."""
    if kind == "shallow":
        source = GitRepo(base / "source")
        write_files(source.path / "memory", TREE)
        write_files(source.path, {"docs/about.md": "# About\n"})
        source.commit("first")
        write_files(source.path / "memory", {"journal/2026-01-05-turn-2.md": ""})
        source.commit("second")
        top = base / "project"
        subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{source.path}", str(top)],
                       check=True, capture_output=True)
    elif kind in ("no-commits", "staged"):
        top = GitRepo(base / "project").path
        write_files(top / "memory", TREE)
        if kind == "staged":
            subprocess.run(["git", "add", "-A"], cwd=top, check=True)
    else:
        top = base / "project"
        write_files(top / "memory", TREE)
    write_mkdocs_yml(top, options={"root": "memory"})
    return top


@pytest.fixture(params=KINDS)
def project(request, tmp_path: Path) -> tuple[str, Path]:
    return request.param, make_project(tmp_path, request.param)


def test_check_says_why_history_is_unavailable(project: tuple[str, Path]):
    kind, top = project
    root = top / "memory"
    result = run_cli("check", "--output-format", "json", cwd=root)
    if kind == "shallow":
        assert result.code == 2
        assert str(top) in result.err and "shallow clone" in result.err
        assert "--no-git" in result.err and "git fetch --unshallow" in result.err
    else:  # no commits yet: nothing was rewritten, and what is pending is only added
        assert result.code == 0 and result.json["diagnostics"] == [], result.out
    text = run_cli("check", cwd=root)
    if kind == "not-in-git":
        assert "history rules skipped" in text.out and "not inside a git repository" in text.out
    # git = on: history is required, so a root outside git is an error that names it.
    write_files(root, {"continuity.toml": 'git = "on"\n'})
    required = run_cli("check", cwd=root)
    if kind in ("shallow", "not-in-git"):
        assert required.code == 2 and str(top if kind == "shallow" else root) in required.err
    else:
        assert required.code == 0, required.out
    # Without git, the files alone: the tree is clean (the shallow clone's empty entry aside).
    offline = run_cli("check", "--no-git", "--output-format", "json", cwd=root)
    expected = [("CT201", "journal/2026-01-05-turn-2.md")] if kind == "shallow" else []
    assert [(d["code"], d["path"]) for d in offline.json["diagnostics"]] == expected


def test_report_generate_and_recall(project: tuple[str, Path], tmp_path: Path):
    kind, top = project
    root = top / "memory"
    for no_git in ((), ("--no-git",)):
        out = tmp_path / f"out{len(no_git)}"
        report = run_cli("report", "--format", "json", *no_git, cwd=root)
        generated = run_cli("generate", "--out", out, *no_git, cwd=root)
        if kind == "shallow" and not no_git:
            for result in (report, generated):
                assert result.code == 2 and "shallow clone" in result.err, result.err
                assert str(top) in result.err
            assert not out.exists()
            continue
        assert report.code == 0 and generated.code == 0, report.err + generated.err
        assert json.loads(report.out)["state_files"] == ["CONTEXT.md", "LEARNINGS.md",
                                                         "STATE.md", "TODO.md"]
        assert (out / "STATE.md").is_file()
    recalled = run_cli("recall", "harmonic", cwd=root)  # recall does not read git
    assert recalled.code == 0 and "The tide parser reads harmonic data." in recalled.out


def test_mkdocs_build(project: tuple[str, Path]):
    kind, top = project
    result = build(top)
    if kind == "shallow":
        assert "shallow clone" in result.said and str(top) in result.said
        assert not (result.site / "STATE" / "index.html").exists()
    else:
        assert result.error is None, result.said
        assert "Indexed entries" in result.html("STATE/")
