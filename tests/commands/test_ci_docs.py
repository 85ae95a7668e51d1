"""The GitLab CI snippets of docs/ci.md, run: their commands on a real repository, their settings read.

The install line is the one line not run here (the package under test is installed already;
the release it names is the one pyproject.toml declares, and tests/commands/test_publishing.py
installs the built wheel in a clean virtual environment); every `continuity` command is run as
written, in a subprocess, with the environment the CI system sets. The GitHub workflow is run
through the action by test_action.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import jsonschema
import pytest
import yaml

from continuity.config import tomllib
from tests.support.common import REPO, GitRepo, run_cli
from tests.support.docs_snippets import snippet
from tests.support.entry_shape import initialised_memory
from tests.support.planted_rule import planted_rule

BIN = Path(sys.executable).parent


def shell(command: str, cwd: Path, **extra: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ['PATH']}", **extra)
    return subprocess.run(["bash", "-eo", "pipefail", "-c", command], cwd=cwd, env=environment,
                          capture_output=True, text=True)


INSTALL = 'pip install "$MKDOCS_CONTINUITY"'


def commands(lines: list[str]) -> list[str]:
    """The job's commands but its install line (the package under test is installed already;
    tests/commands/test_action.py installs it with pip from a checkout, as that line does)."""
    assert lines[0] == INSTALL, lines[0]
    return lines[1:]


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return initialised_memory(tmp_path / "repo")


def shallow_clone(repo: GitRepo, tmp_path: Path) -> Path:
    target = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{repo.path}", str(target)],
                   check=True)
    return target


SCHEMA = json.loads((REPO / "tests" / "reporters" / "schemas" /
                     "gitlab-code-quality.schema.json").read_text("utf-8"))


def run_gitlab_job(first_line: str, repo: GitRepo) -> dict:
    job = yaml.safe_load(snippet(first_line))["continuity"]
    assert job["variables"]["GIT_DEPTH"] == 0
    version = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]["version"]
    assert job["variables"]["MKDOCS_CONTINUITY"] == f"mkdocs-continuity=={version}"
    assert job["artifacts"]["when"] == "always"
    for command in commands(job["script"]):
        done = shell(command, repo.path, GITLAB_CI="true", CI_PROJECT_DIR=str(repo.path))
        assert done.returncode == 0, f"{command}: {done.stderr}"
    return job


def test_gitlab_ci_snippet_writes_a_code_quality_report(repo: GitRepo):
    job = run_gitlab_job("# .gitlab-ci.yml", repo)
    report = json.loads((repo.path / job["artifacts"]["reports"]["codequality"]).read_text())
    jsonschema.validate(report, SCHEMA)
    assert report == []


def test_gitlab_code_quality_snippet_reports_a_finding_and_fails_the_job(repo: GitRepo):
    job = yaml.safe_load(snippet("# .gitlab-ci.yml"))["continuity"]
    entry = next((repo.path / "journal").glob("2*.md"))
    entry.write_text(entry.read_text() + "\n{{LEFT_OVER}}\n")
    done = shell(commands(job["script"])[0], repo.path, GITLAB_CI="true",
                 CI_PROJECT_DIR=str(repo.path))
    assert done.returncode == 1 and "CT203" in done.stdout  # the job log, as text
    report = json.loads((repo.path / job["artifacts"]["reports"]["codequality"]).read_text())
    jsonschema.validate(report, SCHEMA)
    path = entry.relative_to(repo.path).as_posix()
    assert sorted((i["check_name"], i["location"]["path"]) for i in report) == [
        ("CT203 unfilled-placeholder", path), ("CT301 history-modified", path)]


def test_gitlab_junit_snippet(repo: GitRepo):
    job = run_gitlab_job("# .gitlab-ci.yml (JUnit test report)", repo)
    suites = ElementTree.parse(repo.path / job["artifacts"]["reports"]["junit"]).getroot()
    assert suites.tag == "testsuites" and suites[0].get("failures") == "0"


@pytest.mark.parametrize("ci, fix", [("GITHUB_ACTIONS", "fetch-depth: 0"),
                                     ("GITLAB_CI", "GIT_DEPTH: 0")])
def test_a_shallow_clone_names_the_setting_the_snippets_use(repo: GitRepo, tmp_path: Path,
                                                           ci: str, fix: str):
    clone = shallow_clone(repo, tmp_path)
    with planted_rule(lambda ctx: [], needs_git=True):  # any history rule needs the history
        result = run_cli("check", cwd=clone, env={ci: "true"})
    assert result.code == 2
    assert "shallow clone" in result.err and fix in result.err


def test_the_root_setting_finds_a_tree_below_the_repository_top(tmp_path: Path):
    setting = snippet("[tool.continuity]")
    assert tomllib.loads(setting)["tool"]["continuity"] == {"root": "memory"}
    repo = GitRepo(tmp_path / "repo")
    run_cli("init", repo.path / "memory")
    (repo.path / "pyproject.toml").write_text(setting)
    repo.commit("memory below the top")
    done = shell("continuity check", repo.path)
    assert done.returncode == 0, done.stderr
    assert "files" in done.stdout
    assert "12 state files" in shell("continuity report", repo.path).stdout
