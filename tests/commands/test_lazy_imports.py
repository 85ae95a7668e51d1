"""A command imports what it runs, not the whole package (issue 24): ``continuity --version``
imports no command, and a check of one file imports neither the site generator nor the audit
report, nor the libraries only they use (Jinja, markdown-it, Python-Markdown, MkDocs, nh3)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.common import GitRepo, minimal_tree

#: Run ``continuity ARGV`` in a fresh interpreter; print its exit status and the modules it
#: imported (what a fresh process has loaded is the only honest measure: pytest's own imports
#: would hide everything in-process).
PROBE = """
import contextlib, io, json, sys
from continuity.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    code = main(json.loads(sys.argv[1]))
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""

#: Only the site, the audit report and the plugin use these.
SITE_LIBRARIES = ("jinja2", "markdown_it", "markdown", "mkdocs", "nh3", "pygments")
SITE_MODULES = ("continuity.generator", "continuity.audit", "continuity.preview",
                "continuity.plugin")


def imported(argv: list[str], cwd: Path) -> tuple[int, set[str]]:
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(argv)], cwd=cwd,
                          capture_output=True, text=True, check=True)
    answer = json.loads(done.stdout)
    return answer["code"], set(answer["modules"])


def under(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


def test_version_imports_no_command_and_no_rule(tmp_path: Path):
    code, modules = imported(["--version"], tmp_path)
    assert code == 0
    assert under(modules, SITE_LIBRARIES + SITE_MODULES) == []
    assert under(modules, ("continuity.commands",)) == ["continuity.commands"]
    assert under(modules, ("continuity.validators", "continuity.model", "continuity.history",
                           "continuity.formats.secrets", "yaml", "ahocorasick")) == []


@pytest.mark.parametrize("flags", [["--no-git"], [], ["--output-format", "json"]],
                         ids=["no-git", "git", "json"])
def test_a_one_file_check_imports_the_checker_not_the_site(tmp_path: Path, flags: list[str]):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("tree", minimal_tree())
    code, modules = imported(["check", *flags, "journal/2026-01-02-turn-1.md"], repo.path)
    assert code == 0
    assert "continuity.commands.check" in modules
    assert "continuity.validators.rules.entries" in modules  # the rules did run
    assert under(modules, SITE_LIBRARIES + SITE_MODULES) == []
    others = under(modules, ("continuity.commands",))
    assert others == ["continuity.commands", "continuity.commands.check"]
    # The output format asked for; text is the command's own (its statistics table).
    formats = {"text", "json_format", "github", "gitlab", "sarif", "junit"}
    shown = {m.rsplit(".", 1)[-1] for m in under(modules, ("continuity.reporters",))} & formats
    assert shown == ({"text", "json_format"} if "json" in flags else {"text"})
    assert "xml.etree.ElementTree" not in modules  # JUnit's


def test_every_command_module_is_in_the_table():
    """A command module that COMMANDS does not name would never run."""
    from continuity import commands

    modules = {p.stem for p in Path(commands.__file__).parent.glob("*.py")
               if not p.stem.startswith("_")}
    assert {module for module, _ in commands.COMMANDS.values()} == modules


#: What reads git: the git command line, the log and versions readers, and the judgement of
#: the history (rule modules import these only inside the functions that read git).
GIT_READERS = ("continuity.history.git", "continuity.history.log", "continuity.history.versions",
               "continuity.history.porcelain", "continuity.history.citations",
               "continuity.validators.invariants")


def test_a_check_without_git_imports_nothing_that_reads_git(tmp_path: Path):
    """``--no-git`` (the per-file hook) still counts the history rules as selected and
    skipped, from the rule table alone, and says so, as it did when it imported them."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("tree", minimal_tree())
    code, modules = imported(["check", "--no-git", "journal/2026-01-02-turn-1.md"], repo.path)
    assert code == 0
    assert under(modules, GIT_READERS) == []
    from continuity.validators.registry import all_rules

    git_codes = [r.code for r in all_rules() if r.needs_git]

    def summary(*flags: str) -> str:
        done = subprocess.run([sys.executable, "-m", "continuity", "check", *flags],
                              cwd=repo.path, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    with_git, without = summary(), summary("--no-git")
    counted = re.search(r"(\d+) rules\.", with_git)
    assert counted, with_git
    # The protocol's root: every rule that reads git but the conventions' own (CT7xx, and
    # CT8xx: Task Master's, Backlog.md's, Aider's).
    history = [code for code in git_codes if not code.startswith(("CT7", "CT8"))]
    ran = int(counted[1]) - len(history)
    assert f"{ran} rules ({len(history)} skipped: no git history)" in without
    assert "history rules skipped (git = off)" in without


def test_git_on_imports_the_history_rules(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("tree", minimal_tree())
    code, modules = imported(["check"], repo.path)
    assert code == 0
    assert {"continuity.validators.invariants", "continuity.history.log"} <= modules
