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
import yaml

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
    """As a user tries the hooks out: ``pre-commit try-repo`` installs the hooks' environment
    anew (its clone has a new path, about a minute of pip, so this is the one test that does).
    The code beside the memory is never given to either hook."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True,
                          text=True).stdout.strip()
    repo.commit("code beside the memory", {"src/app.py": "print('tides')\n"})
    done = pre_commit(home, repo.path, "try-repo", str(REPO), "--ref", head, "--all-files",
                      "--verbose")
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"continuity \(staged memory files\)\.+Passed", done.stdout)
    assert re.search(r"continuity \(append-only history\)\.+Passed", done.stdout)
    assert not re.compile(hook("continuity")["files"]).search("src/app.py")
    assert "All checks passed" in done.stdout  # --verbose shows what the hooks said
    assert "src/app.py" not in done.stdout  # never given to a hook


def test_the_documented_local_hooks_use_the_installed_continuity(tmp_path: Path, home: Path):
    repo = memory_repo(tmp_path / "local", home,
                       snippet("# .pre-commit-config.yaml (local hooks)"))
    assert run_cli("new", "reflection", "--slug", "fixtures-first",
                   *filled_fields(repo.path, "reflections"), cwd=repo.path).code == 0
    done = commit(repo, home, "a reflection")
    assert done.returncode == 0, done.stdout
    write_files(repo.path, {"continuity.toml": 'roots = "."\n'})
    assert commit(repo, home, "typo").returncode != 0


# ------------------------------------------------ the per-file hook on any staged set (issue 32)

CLAUDE_PROJECT = {
    ".claude/agent-memory/reviewer/MEMORY.md": "# Memory\n\n- [Style](style.md): the house style\n",
    ".claude/agent-memory/reviewer/style.md": "---\nname: style\ndescription: house style\n"
                                              "---\n\nTabs.\n",
    "src/app.py": "print('tides')\n",
    "CLAUDE.md": "# Project\n\nUse tabs.\n",
    "pyproject.toml": '[project]\nname = "app"\n',
}


def hook(hook_id: str) -> dict:
    hooks = {h["id"]: h for h in yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())}
    return hooks[hook_id]


def run_hook(home: Path, repo: GitRepo, hook: str) -> subprocess.CompletedProcess:
    """The hook of this checkout's HEAD on the staged files, through pre-commit: the documented
    configuration pointed at this checkout and ``pre-commit run``, whose environment is
    installed once in the shared PRE_COMMIT_HOME."""
    write_files(repo.path, {".pre-commit-config.yaml": remote_config()})
    repo.git("add", ".pre-commit-config.yaml")  # pre-commit refuses a config left unstaged
    return pre_commit(home, repo.path, "run", hook, "--verbose")


@pytest.mark.parametrize("staged", [
    {"src/app.py": "print('tides, parsed')\n",
     ".claude/agent-memory/reviewer/style.md": "---\nname: style\ndescription: house style\n"
                                              "---\n\nTabs, width 4.\n"},
    {"CLAUDE.md": "# Project\n\nUse tabs, width 4.\n"},
    {"pyproject.toml": '[project]\nname = "app"\nversion = "1"\n'},
], ids=["code-and-memory", "CLAUDE.md", "pyproject.toml"])
def test_the_per_file_hook_passes_over_files_in_no_memory_root(tmp_path: Path, home: Path,
                                                              staged: dict[str, str]):
    """A Claude Code project: its memory in .claude/agent-memory/, its code and its top-level
    files in no memory root. Each mixed commit passes both hooks."""
    repo = GitRepo(tmp_path / "project")
    repo.commit("a project with agent memory", CLAUDE_PROJECT)
    write_files(repo.path, staged)
    repo.git("add", "-A")
    said = {}
    for hook_id in ("continuity", "continuity-history"):
        done = said[hook_id] = run_hook(home, repo, hook_id)
        assert done.returncode == 0, done.stdout + done.stderr
        assert re.search(r"\.+Passed", done.stdout), done.stdout
    assert "src/app.py" not in said["continuity"].stdout  # never given to the hook
    # A top-level CLAUDE.md is judged as an agent instruction file (its own root); a file
    # beside it that no rule reads is said to be passed over, never an error.
    if "pyproject.toml" in staged:
        assert re.search(r"passed over|not part of|Nothing checked",
                         said["continuity"].stdout), said["continuity"].stdout


def test_the_per_file_hook_still_judges_the_memory_file_of_a_mixed_commit(tmp_path: Path,
                                                                          home: Path):
    repo = GitRepo(tmp_path / "project")
    repo.commit("a project with agent memory", CLAUDE_PROJECT)
    write_files(repo.path, {"src/app.py": "print(2)\n",
                            ".claude/agent-memory/reviewer/style.md": "no frontmatter [x](gone.md)\n"})
    repo.git("add", "-A")
    done = run_hook(home, repo, "continuity")
    assert done.returncode == 0, done.stdout  # a dead link is a warning
    assert "style.md:1:20: CT111 dead link `gone.md`" in done.stdout
    assert "Found 0 errors and 1 warning in 1 file." in done.stdout  # src/app.py: never given




def test_a_file_named_like_an_option_is_a_file_name(repo: GitRepo, home: Path):
    """pre-commit appends the staged names to the hook's entry: a file ``--ignore=CT`` must not
    turn every rule off (issue 34, 8). Run as pre-commit runs it, and through pre-commit."""
    entry = hook("continuity")["entry"].split()
    assert entry[-1] == "--"
    write_files(repo.path, {"--ignore=CT": "", "--ignore=CT.md": "",
                            JOURNAL: (repo.path / JOURNAL).read_text() + "\n{{LEFT_OVER}}\n"})
    bin_dir = Path(sys.executable).parent
    done = subprocess.run([str(bin_dir / entry[0]), *entry[1:], "--ignore=CT", JOURNAL],
                          cwd=repo.path, capture_output=True, text=True)
    assert done.returncode == 1 and "CT203" in done.stdout, done.stdout + done.stderr
    unprotected = subprocess.run([str(bin_dir / entry[0]), *entry[1:-1], "--ignore=CT",
                                  JOURNAL], cwd=repo.path, capture_output=True, text=True)
    assert unprotected.returncode == 0  # what `--` prevents: every rule turned off
    repo.git("add", "-A")
    hooked = run_hook(home, repo, "continuity")
    assert hooked.returncode == 1 and "CT203" in hooked.stdout, hooked.stdout
