"""The messages a new user meets (issue 32, item 7), each trap replayed: the command run as the
user ran it, in a subprocess, and what it prints read as they read it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.common import GitRepo, run_cli, write_files
from tests.support.entry_shape import filled_fields

CONTINUITY = Path(sys.executable).parent / "continuity"
#: The widest line of a message written here (a path quoted in one may make it longer).
MESSAGE_WIDTH = 100


def continuity(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_COLOR="1")
    return subprocess.run([str(CONTINUITY), *args], cwd=cwd, capture_output=True, text=True,
                          env=env)


def assert_readable(text: str) -> None:
    """No escaped line break in the text, and no line wider than a message's width."""
    assert "\\n" not in text, text
    assert all(len(line) <= MESSAGE_WIDTH for line in text.splitlines()), text


def test_an_empty_folder_says_to_run_init_in_lines_that_fit(tmp_path: Path):
    done = continuity(tmp_path, "check")
    assert done.returncode == 2
    assert "no memory root at or below it" in done.stderr
    assert "`continuity init`" in done.stderr
    assert_readable(done.stderr)


def test_a_message_of_several_lines_keeps_them_indented(tmp_path: Path):
    """The hint naming a root nearby was a second line joined by a literal ``\\n``."""
    repo = GitRepo(tmp_path / "repo")
    assert run_cli("init", repo.path / "memory").code == 0
    (repo.path / "src").mkdir()
    done = continuity(repo.path, "check", "src")
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert lines[0].startswith("continuity: src: no memory root")
    assert any(line.startswith("  memory/ holds") for line in lines), done.stderr
    assert_readable(done.stderr)


def test_a_configured_root_that_does_not_exist_says_so_and_where_it_was_set(tmp_path: Path):
    write_files(tmp_path, {"continuity.toml": 'root = "nonexistent"\n'})
    done = continuity(tmp_path, "check")
    assert done.returncode == 2
    said = " ".join(done.stderr.split())  # as read, across the wrapped lines
    assert "nonexistent: the memory root does not exist" in said
    assert "set in continuity.toml" in said
    assert "no memory root at or below" not in done.stderr


def test_mkdocs_yml_overriding_the_root_of_continuity_toml_is_said(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    assert run_cli("init", repo.path / "memory").code == 0
    write_files(repo.path, {"continuity.toml": 'root = "."\n',
                            "mkdocs.yml": "site_name: x\nplugins:\n  - continuity:\n"
                                          "      root: memory\n"})
    done = continuity(repo.path, "check", "--no-git")
    assert "note: root 'memory' set in mkdocs.yml overrides root '.' set in continuity.toml" \
        in done.stderr
    write_files(repo.path, {"continuity.toml": 'root = "memory"\n'})  # the same root: no note
    assert "overrides" not in continuity(repo.path, "check", "--no-git").stderr


def misnamed_journal_entry(root: Path, turn: int) -> str:
    """A journal entry whose frontmatter says ``turn`` but whose name has no turn."""
    assert run_cli("new", "journal", "--date", "2026-01-02", *filled_fields(root, "journal"),
                   cwd=root).code == 0
    made = next((root / "journal").glob("2026-01-02-turn-*.md"))
    text = made.read_text("utf-8").replace("turn: 1", f"turn: {turn}")
    made.unlink()
    (root / "journal" / "2026-01-02-notes.md").write_text(text, "utf-8")
    return "journal/2026-01-02-notes.md"


def test_the_ct101_hint_names_the_turn_the_frontmatter_says(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    assert run_cli("init", repo.path).code == 0
    repo.commit("the tree")
    entry = misnamed_journal_entry(repo.path, 2)  # a draft, not committed
    done = continuity(repo.path, "check")
    assert f"`mv {entry} journal/2026-01-02-turn-2.md`; `continuity check --fix` does it" \
        in done.stdout, done.stdout
    fixed = continuity(repo.path, "check", "--fix")  # following it: no CT208
    assert "CT208" not in fixed.stdout, fixed.stdout
    assert (repo.path / "journal/2026-01-02-turn-2.md").exists(), fixed.stdout + fixed.stderr


def test_outside_git_the_ct101_hint_promises_no_fix(tmp_path: Path):
    root = tmp_path / "plain"
    assert run_cli("init", root).code == 0
    entry = misnamed_journal_entry(root, 2)
    done = continuity(root, "check")
    assert f"`mv {entry} journal/2026-01-02-turn-2.md`" in done.stdout
    assert "--fix" not in done.stdout
    continuity(root, "check", "--fix")  # what following a promise would meet: no rename
    assert (root / entry).exists() and not (root / "journal/2026-01-02-turn-2.md").exists()


def test_a_misspelt_option_prints_the_commands_usage_and_the_option_meant(tmp_path: Path):
    done = continuity(tmp_path, "check", "--slect", "CT1")
    assert done.returncode == 2
    assert done.stderr.startswith("usage: continuity check ")
    assert "did you mean '--select'?" in done.stderr


def test_a_value_cut_short_gets_the_value_meant(tmp_path: Path):
    done = continuity(tmp_path, "check", "--fail-on", "warn")
    assert done.returncode == 2 and "did you mean 'warning'?" in done.stderr
    assert_readable(done.stderr)


def test_every_option_of_check_has_help_text(tmp_path: Path):
    shown = continuity(tmp_path, "check", "--help").stdout
    assert "--output-format {github,gitlab,json,junit,rdjson,sarif,text}\n" in shown
    after = shown.split("--output-format {github,gitlab,json,junit,rdjson,sarif,text}\n", 2)[-1]
    assert after.lstrip().startswith("text (default")
