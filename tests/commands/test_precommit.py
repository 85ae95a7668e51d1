"""The pre-commit hooks, installed from this repository's committed HEAD into a real repository.

pre-commit builds the hooks' environment with pip, as it does for any user, once for this module
(PRE_COMMIT_HOME is shared by its tests). The configurations are the snippets of docs/ci.md,
with the repository URL and rev pointed at this checkout.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.common import REPO, GitRepo, run_cli, write_files
from tests.support.docs_snippets import snippet
from tests.support.entry_shape import filled_fields

JOURNAL = "journal/2026-01-02-turn-1.md"


def remote_config() -> str:
    """The documented config, with ``repo`` and ``rev`` pointed at this checkout's HEAD."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True,
                          text=True, check=True).stdout.strip()
    text = snippet("# .pre-commit-config.yaml")
    text = re.sub(r"(- repo: )\S+.*", lambda m: f"{m.group(1)}{REPO}", text)
    return re.sub(r"(rev: )\S+.*", lambda m: f"{m.group(1)}{head}", text)


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


def env(home: Path) -> dict[str, str]:
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    return dict(os.environ, PRE_COMMIT_HOME=str(home), PATH=path, PRE_COMMIT_COLOR="never")


def pre_commit(home: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pre_commit", *args], cwd=cwd, env=env(home),
                          capture_output=True, text=True)


def commit(repo: GitRepo, home: Path, message: str) -> subprocess.CompletedProcess:
    """``git commit`` with the installed hooks, as a user runs it; git sends the hooks' output
    to stderr, so ``stdout`` here holds both streams."""
    repo.git("add", "-A")
    return subprocess.run(["git", "commit", "-q", "-m", message], cwd=repo.path, env=env(home),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def memory_repo(path: Path, home: Path, config: str) -> GitRepo:
    repo = GitRepo(path)
    assert run_cli("init", repo.path).code == 0
    assert run_cli("new", "journal", "--date", "2026-01-02", "--title", "First turn",
                   *filled_fields(repo.path, "journal"), cwd=repo.path).code == 0
    write_files(repo.path, {".pre-commit-config.yaml": config})
    repo.commit("memory tree")
    installed = pre_commit(home, repo.path, "install")
    assert installed.returncode == 0, installed.stderr
    return repo


@pytest.fixture
def repo(tmp_path: Path, home: Path) -> GitRepo:
    return memory_repo(tmp_path / "repo", home, remote_config())


def test_both_hooks_pass_a_clean_commit(repo: GitRepo, home: Path):
    assert run_cli("new", "journal", "--date", "2026-01-02", *filled_fields(repo.path, "journal"),
                   cwd=repo.path).code == 0
    done = commit(repo, home, "turn 2")
    assert done.returncode == 0, done.stdout
    assert re.search(r"continuity \(staged memory files\)\.+Passed", done.stdout)
    assert re.search(r"continuity \(append-only history\)\.+Passed", done.stdout)


def test_the_hook_blocks_a_commit_that_edits_a_committed_journal_entry(repo: GitRepo,
                                                                       home: Path):
    """Needs CT301 (history-modified)."""
    head = repo.git("rev-parse", "HEAD")
    entry = repo.path / JOURNAL
    entry.write_text(entry.read_text().replace("Written for", "Rewritten later for", 1))
    done = commit(repo, home, "edit history")
    assert done.returncode != 0, done.stdout
    assert "CT301" in done.stdout and JOURNAL in done.stdout
    assert repo.git("rev-parse", "HEAD") == head


def test_the_hooks_block_a_commit_that_breaks_the_configuration(repo: GitRepo, home: Path):
    head = repo.git("rev-parse", "HEAD")
    write_files(repo.path, {"continuity.toml": 'roots = "."\n'})
    done = commit(repo, home, "typo in the configuration")
    assert done.returncode != 0
    assert "unknown option 'roots'" in done.stdout
    assert repo.git("rev-parse", "HEAD") == head


def test_try_repo_runs_both_hooks(repo: GitRepo, home: Path):
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True,
                          text=True).stdout.strip()
    done = pre_commit(home, repo.path, "try-repo", str(REPO), "--ref", head, "--all-files")
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"continuity \(staged memory files\)\.+Passed", done.stdout)
    assert re.search(r"continuity \(append-only history\)\.+Passed", done.stdout)


def test_the_documented_local_hooks_use_the_installed_continuity(tmp_path: Path, home: Path):
    repo = memory_repo(tmp_path / "local", home,
                       snippet("# .pre-commit-config.yaml (local hooks)"))
    assert run_cli("new", "reflection", "--slug", "fixtures-first",
                   *filled_fields(repo.path, "reflections"), cwd=repo.path).code == 0
    done = commit(repo, home, "a reflection")
    assert done.returncode == 0, done.stdout
    write_files(repo.path, {"continuity.toml": 'roots = "."\n'})
    assert commit(repo, home, "typo").returncode != 0
