"""Every snippet of README.md and docs/ runs as pasted (issue 32, item 3).

Each fenced shell, YAML, TOML or JSON block is found here and is either run, as written, in a
new project (a real git repository in a temporary folder, the real `continuity`, `mkdocs` and
`properdocs`), or named with the reason it is not run here and what checks it instead (a CI
recipe run by the test of that CI, a server that runs until stopped). A new snippet without
either fails the first test, so none is left unchecked.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from continuity.config import tomllib
from tests.support.common import REPO, GitRepo

BIN = Path(sys.executable).parent
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
LANGUAGES = ("sh", "bash", "shell", "console", "yaml", "yml", "toml", "json")


def snippets() -> dict[tuple[str, str], str]:
    """(file, first line) -> the block, for every shell, YAML, TOML and JSON block."""
    found = {}
    for doc in DOCS:
        text = doc.read_text("utf-8")
        for language, body in re.findall(r"^```(\w+)\n(.*?)^```", text, re.S | re.M):
            if language in LANGUAGES:
                found[(doc.relative_to(REPO).as_posix(), body.splitlines()[0])] = body
    return found


def run(command: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ['PATH']}", NO_COLOR="1",
               NO_MKDOCS_2_WARNING="1", GIT_AUTHOR_NAME="Wren", GIT_COMMITTER_NAME="Wren",
               GIT_AUTHOR_EMAIL="wren@example.org", GIT_COMMITTER_EMAIL="wren@example.org")
    return subprocess.run(["bash", "-e", "-o", "pipefail", "-c", command], cwd=cwd, env=env,
                          capture_output=True, text=True)


def commands(block: str) -> list[str]:
    """The commands of a shell block, comments and blank lines left out."""
    lines = [line.split(" #", 1)[0].strip() for line in block.splitlines()]
    return [line for line in lines if line and not line.startswith("#")]


# ------------------------------------------------------------------ what runs each snippet

def project(tmp: Path) -> GitRepo:
    return GitRepo(tmp / "project")


def run_site_recipe(block: str, tmp: Path) -> None:
    """README's site: `continuity init memory/`, `/site/` ignored, the mkdocs.yml beside it,
    then the engines' build commands, each with --strict; the site stays out of git."""
    repo = project(tmp)
    for command in commands(snippets()[("README.md", "continuity init memory/          "
                                                    "# skip when the project has its memory "
                                                    "tree already")]):
        done = run(command, repo.path)
        assert done.returncode == 0, f"{command}: {done.stderr}"
    (repo.path / "mkdocs.yml").write_text(block, "utf-8")
    repo.commit("memory and its site")
    builds = [c for c in commands(snippets()[("README.md", "# MkDocs: the plugin above")])
              if " build" in c and not c.startswith("zensical")]
    assert builds == ["mkdocs build --strict -q", "properdocs build --strict -f mkdocs.yml"]
    for command in builds:
        done = run(command, repo.path)
        assert done.returncode == 0, f"{command}: {done.stdout}{done.stderr}"
        assert (repo.path / "site" / "STATE" / "index.html").is_file()
    assert repo.git("status", "--porcelain") == ""  # site/ is git-ignored


def run_docs_site(block: str, tmp: Path) -> None:
    repo = project(tmp)
    assert run("continuity init memory/", repo.path).returncode == 0
    (repo.path / "mkdocs.yml").write_text(block, "utf-8")
    repo.commit("memory and its site")
    done = run("mkdocs build --strict -q", repo.path)
    assert done.returncode == 0, done.stdout + done.stderr


def run_usage(block: str, tmp: Path) -> None:
    """Each usage line without a placeholder runs in a new memory tree (exit 0 or 1, never 2);
    a line with one ([PATH ...], "…", FACT) has every option it names accepted by its command."""
    repo = project(tmp)
    assert run("continuity init", repo.path).returncode == 0
    repo.commit("memory")
    ran = 0
    helps: dict[str, str] = {}  # each command's --help, run once (check has four usage lines)
    for line in commands(block):
        for command in (part.strip() for part in line.split(" ; ")):
            words = command.split()
            placeholder = re.search(r"\[|…|\bFACT\b|\bDIR\b|\bFILE\b|\bQUERY\b|\bP\b", command)
            if placeholder or "--watch" in words or "--since" in words:
                sub = words[1]
                if sub not in helps:
                    helps[sub] = run(f"continuity {sub} --help", repo.path).stdout
                shown = helps[sub]
                for option in (w.split("=")[0] for w in words[2:] if w.startswith("--")):
                    assert option in shown, f"{command}: {option} not an option of {sub}"
                continue
            done = run(command, repo.path)
            assert done.returncode in (0, 1), f"{command}: exit {done.returncode}: {done.stderr}"
            ran += 1
    assert ran >= 6


def run_kinds(block: str, tmp: Path) -> None:
    assert "decisions" in tomllib.loads(block)["tool"]["continuity"]["kinds"]
    repo = project(tmp)
    assert run("continuity init", repo.path).returncode == 0
    (repo.path / "templates").mkdir()
    (repo.path / "templates" / "decision.md").write_text(
        "---\ndate: {{DATE}}\n---\n\n# Decision\n\n## Context\n\n{{CONTEXT}}\n", "utf-8")
    (repo.path / "pyproject.toml").write_text(block, "utf-8")
    done = run("continuity kinds", repo.path)
    assert done.returncode == 0, done.stderr
    assert "decisions" in done.stdout and "YYYY-MM-DD.md" in done.stdout


def run_convention(block: str, tmp: Path) -> None:
    """A continuity.toml declaring a convention: read by `continuity conventions` in a tree
    that follows it."""
    tomllib.loads(block)
    repo = project(tmp)
    (repo.path / "continuity.toml").write_text(block, "utf-8")
    (repo.path / "LOG.md").write_text("# Log\n\nSailing.\n", "utf-8")
    (repo.path / "ops" / "log").mkdir(parents=True)
    (repo.path / "ops" / "log" / "LOG.md").write_text("# Log\n\nSailing.\n", "utf-8")
    repo.commit("a captain's log")
    done = run("continuity conventions", repo.path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "declared in" in done.stdout and "continuity.toml" in done.stdout  # read, in force


def run_note(block: str, tmp: Path) -> None:
    note = json.loads(block)
    assert set(note) == {"time", "project", "fact", "tags"}
    repo = project(tmp)
    assert run("continuity init", repo.path).returncode == 0
    (repo.path / "notes.jsonl").write_text(block, "utf-8")
    repo.commit("a note")
    done = run("continuity check", repo.path)
    assert done.returncode == 0, done.stdout


def parsed_yaml(block: str, _tmp: Path) -> None:
    assert isinstance(yaml.safe_load(block), (dict, list))  # a file, or steps to add to one


def parsed_toml(block: str, _tmp: Path) -> None:
    assert tomllib.loads(block)


Runner = Callable[[str, Path], None]

#: (file, first line) -> how the snippet is run here, or why not and what checks it instead.
HANDLED: dict[tuple[str, str], Runner | str] = {
    ("README.md", "scripts/demo    # replay the example tree (site_src/) as a git history, "
                  "check it, serve its site on :8000"):
        "the checkout's own commands: test_readme.py finds both, test_demo.py runs the replay "
        "and builds its site; serving runs until stopped",
    ("README.md", "pip install mkdocs-continuity    # Python 3.10+; git on PATH for the "
                  "history rules"):
        "installs from PyPI: test_publishing.py installs the built wheel in a clean venv",
    ("README.md", "continuity check [PATH ...]            # lint; exit 0 clean, 1 findings, "
                  "2 usage/config/history unavailable"): run_usage,
    ("README.md", "continuity init memory/          # skip when the project has its memory "
                  "tree already"): "run with the mkdocs.yml below (run_site_recipe)",
    ("README.md", "# mkdocs.yml"): run_site_recipe,
    ("README.md", "# MkDocs: the plugin above"):
        "its build commands run with the mkdocs.yml above (run_site_recipe); the servers run "
        "until stopped, and the Zensical lines need mkdocs.yml edited as their comment says: "
        "tests/generator/test_site_engines.py builds that site",
    ("README.md", "[tool.continuity.kinds.reflections]      # reflections named by date alone"):
        run_kinds,
    ("README.md", "# continuity.toml (in pyproject.toml, under [tool.continuity])"):
        run_convention,
    ("docs/ci.md", "[tool.continuity]"): "run by test_ci_docs.py (the root below the top)",
    ("docs/ci.md", "# .github/workflows/memory.yml"):
        "a GitHub workflow: parsed here, and test_action.py runs the action's steps",
    ("docs/ci.md", "# .gitlab-ci.yml"): "run by test_ci_docs.py",
    ("docs/ci.md", "# .gitlab-ci.yml (JUnit test report)"): "run by test_ci_docs.py",
    ("docs/ci.md", "# .github/workflows/memory.yml (post the review on the pull request)"):
        "a GitHub workflow: parsed here, and tests/review/test_action_review.py runs it",
    ("docs/ci.md", "# .gitlab-ci.yml (memory review of a merge request)"):
        "parsed here, and tests/review/test_action_review.py runs its commands",
    ("docs/ci.md", "# .github/workflows/memory.yml (findings as review comments, through "
                   "reviewdog)"):
        "a GitHub workflow with reviewdog, which is not installed here: parsed here, and "
        "tests/reporters/test_rdjson_format.py validates the rdjson it is given",
    ("docs/ci.md", "# .pre-commit-config.yaml"):
        "run by test_precommit.py with a real pre-commit, pointed at this checkout",
    ("docs/ci.md", "# .pre-commit-config.yaml (local hooks)"): "run by test_precommit.py",
    ("docs/conventions.md", "# continuity.toml"): run_convention,
    ("docs/first-five-minutes.md", "mkdir my-agent && cd my-agent && git init -q"):
        "the walkthrough: every command of the page run in order by test_walkthrough.py",
    ("docs/notes.md", '{"time": "2026-11-02T14:03:11Z", "project": "tidewater", "fact": "The '
                      'tide parser needs UTF-8 input.", "tags": ["parser"]}'): run_note,
    ("docs/site.md", "# mkdocs.yml"): run_docs_site,
}
#: The walkthrough's later blocks: run in order by test_walkthrough.py with the first.
WALKTHROUGH = "docs/first-five-minutes.md"


def test_every_snippet_is_run_or_says_why_not():
    found = {key for key in snippets() if key[0] != WALKTHROUGH} | {
        key for key in snippets() if key[0] == WALKTHROUGH and key in HANDLED}
    assert found == set(HANDLED), (
        f"not handled: {sorted(found - set(HANDLED))}; gone: {sorted(set(HANDLED) - found)}")
    for reason in (h for h in HANDLED.values() if isinstance(h, str)):
        assert reason.strip()


def test_every_snippet_not_run_here_still_parses():
    for (doc, first), block in snippets().items():
        if not isinstance(HANDLED.get((doc, first)), str):
            continue
        if first.startswith("# .") or first.startswith("# mkdocs"):
            parsed_yaml(block, Path())
        elif first.startswith("["):
            parsed_toml(block, Path())


@pytest.mark.parametrize("key", [k for k, h in HANDLED.items() if not isinstance(h, str)],
                         ids=lambda key: f"{key[0]}:{key[1][:30]}")
def test_the_snippet_runs_as_pasted(key: tuple[str, str], tmp_path: Path):
    runner = HANDLED[key]
    assert callable(runner)
    runner(snippets()[key], tmp_path)
