"""Git is read a fixed number of times per run, however many files and commits.

A ``git`` shim on PATH logs each invocation and hands over to the real git: real repositories,
real git, only counted.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tests.support.common import GitRepo, run_cli
from tests.support.history_repos import agent_history, fast_import

REAL_GIT = shutil.which("git")


def counting_git(tmp_path: Path) -> tuple[dict[str, str], Path]:
    shim = tmp_path / "shim"
    shim.mkdir()
    log = tmp_path / "git-calls.log"
    script = shim / "git"
    script.write_text(f'#!/bin/sh\nprintf "%s\\n" "$*" >> "{log}"\nexec "{REAL_GIT}" "$@"\n')
    script.chmod(0o755)
    return {"PATH": f"{shim}{os.pathsep}{os.environ['PATH']}"}, log


def git_calls(root: Path, env: dict[str, str], log: Path) -> list[str]:
    log.write_text("")
    result = run_cli("check", "--output-format", "json", "--select", "CT3", cwd=root, env=env)
    assert result.code in (0, 1), result.err
    return log.read_text().splitlines()


def test_git_processes_do_not_grow_with_files_or_commits(tmp_path: Path):
    env, log = counting_git(tmp_path)
    small, large = GitRepo(tmp_path / "small"), GitRepo(tmp_path / "large")
    fast_import(small, agent_history(5))
    fast_import(large, agent_history(400))
    # Something to judge in the index and working tree too.
    (large.path / "journal" / "2026-01-01-turn-1.md").write_text("edited\n")
    (large.path / "notes.jsonl").write_text("reset\n")
    small_calls = git_calls(small.path, env, log)
    large_calls = git_calls(large.path, env, log)
    assert len(large_calls) == len(small_calls), (small_calls, large_calls)
    # The check reads no state timeline (only the report and the site show it), so the
    # history rules' one cat-file --batch and --batch-check are all.
    assert len(large_calls) <= 8, large_calls
    commands = [next(word for word in call.split() if not word.startswith("-")
                     and "=" not in word) for call in large_calls]
    assert commands.count("log") == 1
    assert commands.count("status") == 1
    assert sum(1 for call in large_calls if call.endswith("cat-file --batch")) <= 1
    assert sum(1 for call in large_calls if call.endswith("cat-file --batch-check")) <= 1
