"""The composite GitHub Action (action.yml), its steps run in a shell as the runner runs them.

The action installs mkdocs-continuity from its own checkout into a fresh virtual environment with
pip, exactly as its first step says (the package's dependencies come from the package index, as
on a runner); the workflow of docs/ci.md is read to find the inputs it gives the action.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.support.common import REPO, GitRepo
from tests.support.docs_snippets import snippet
from tests.support.entry_shape import initialised_memory

ACTION = yaml.safe_load((REPO / "action.yml").read_text("utf-8"))
#: What pip needs to build the package: the action's checkout holds more, but nothing else is read.
PACKAGE_FILES = ("pyproject.toml", "README.md", "action.yml", "continuity")


def expand(text: str, inputs: dict[str, str], github: dict[str, str] | None = None) -> str:
    """``${{ inputs.NAME }}`` and ``${{ github.NAME }}`` as the runner expands them (the only
    expressions the action uses)."""
    text = re.sub(r"\$\{\{\s*github\.([\w.-]+)\s*\}\}",
                  lambda m: (github or {}).get(m.group(1), ""), text)
    return re.sub(r"\$\{\{\s*inputs\.([\w-]+)\s*\}\}", lambda m: inputs.get(m.group(1), ""), text)


#: The condition of the review step (tests/review/test_action_review.py runs it).
REVIEW_CONDITION = ("always() && github.event_name == 'pull_request' && "
                    "inputs.review != ''")


def runs(step: dict[str, Any], inputs: dict[str, str],
         github: dict[str, str] | None = None) -> bool:
    condition = step.get("if")
    if condition is None:
        return True
    if condition == REVIEW_CONDITION:
        return (github or {}).get("event_name") == "pull_request" and \
            inputs.get("review", "") != ""
    assert condition == "always() && inputs.report != ''", condition  # the other one used
    return inputs.get("report", "") != ""


class Runner:
    """The runner's side of a composite action: its variables, GITHUB_PATH and the summary."""

    def __init__(self, tmp: Path, action_path: Path):
        self.temp = tmp / "runner-temp"
        self.temp.mkdir()
        self.github_path = tmp / "github-path"
        self.summary = tmp / "step-summary.md"
        self.action_path = action_path

    def run(self, inputs: dict[str, str], workspace: Path) -> list[subprocess.CompletedProcess]:
        """The steps after the install step, which the ``runner`` fixture ran once (running it
        again installs the same checkout into the same environment): the check, then the
        report and review steps when their conditions hold."""
        given = {name: spec.get("default", "") for name, spec in ACTION["inputs"].items()}
        given.update(inputs)
        done = []
        for step in ACTION["runs"]["steps"][1:]:
            if not runs(step, given):
                continue
            env = dict(os.environ, GITHUB_ACTIONS="true", RUNNER_TEMP=str(self.temp),
                       GITHUB_ACTION_PATH=str(self.action_path), GITHUB_PATH=str(self.github_path),
                       GITHUB_STEP_SUMMARY=str(self.summary), GITHUB_WORKSPACE=str(workspace))
            env.pop("VIRTUAL_ENV", None)
            env.update({k: expand(str(v), given) for k, v in step.get("env", {}).items()})
            assert step["shell"] == "bash"
            done.append(subprocess.run(["bash", "-e", "-c", step["run"]], cwd=workspace, env=env,
                                       capture_output=True, text=True))
            if done[-1].returncode != 0:
                break
        return done


@pytest.fixture(scope="module")
def runner(tmp_path_factory: pytest.TempPathFactory) -> Runner:
    """The action's checkout (the files pip reads) and its install step, run once."""
    tmp = tmp_path_factory.mktemp("action")
    checkout = tmp / "checkout"
    checkout.mkdir()
    for name in PACKAGE_FILES:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, checkout / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, checkout / name)
    runner = Runner(tmp, checkout)
    install = ACTION["runs"]["steps"][0]
    assert install["name"] == "Install mkdocs-continuity"
    env = dict(os.environ, RUNNER_TEMP=str(runner.temp), GITHUB_ACTION_PATH=str(checkout),
               GITHUB_PATH=str(runner.github_path))
    env.pop("VIRTUAL_ENV", None)
    done = subprocess.run(["bash", "-e", "-c", install["run"]], cwd=tmp, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return runner


@pytest.fixture
def memory(tmp_path: Path) -> GitRepo:
    return initialised_memory(tmp_path / "repo")


def test_the_install_step_puts_continuity_on_the_path(runner: Runner):
    venv_bin = runner.temp / "continuity-venv" / "bin"
    assert runner.github_path.read_text().strip() == str(venv_bin)
    version = subprocess.run([str(venv_bin / "continuity"), "--version"], capture_output=True,
                             text=True)
    assert version.returncode == 0 and version.stdout.strip()


def test_a_clean_tree_passes_with_a_summary_and_the_report(runner: Runner, memory: GitRepo):
    done = runner.run({"report": "continuity-report.html"}, memory.path)
    assert [d.returncode for d in done] == [0, 0], [d.stderr for d in done]  # check, report
    assert "0 errors, 0 warnings" in runner.summary.read_text()
    assert (memory.path / "continuity-report.html").read_text().startswith("<!doctype html>")


def test_a_finding_fails_the_step_with_an_annotation(runner: Runner, memory: GitRepo):
    entry = next((memory.path / "journal").glob("2*.md"))
    entry.write_text(entry.read_text() + "\nEdited after its commit.\n")
    memory.commit("edit history")
    done = runner.run({"args": "--select CT3"}, memory.path)
    check = done[-1]
    assert check.returncode == 1
    path = entry.relative_to(memory.path).as_posix()
    assert re.search(rf"^::error file={re.escape(path)},.*CT301", check.stdout, re.M), check.stdout


def test_inputs_reach_the_shell_as_data_not_script(runner: Runner, memory: GitRepo):
    marker = memory.path.parent / "injected"
    done = runner.run({"paths": f"$(touch {marker})"}, memory.path)
    assert not marker.exists()
    assert done[-1].returncode == 2  # a path that does not exist, said as such


def test_the_documented_workflow_uses_the_action_with_its_inputs(runner: Runner,
                                                                 memory: GitRepo):
    workflow = yaml.safe_load(snippet("# .github/workflows/memory.yml"))
    steps = workflow["jobs"]["continuity"]["steps"]
    checkout = next(s for s in steps if s.get("uses", "").startswith("actions/checkout@"))
    assert checkout["with"]["fetch-depth"] == 0
    action = next(s for s in steps if "mkdocs-continuity@" in s.get("uses", ""))
    assert set(action.get("with", {})) <= set(ACTION["inputs"])
    done = runner.run({k: str(v) for k, v in action.get("with", {}).items()}, memory.path)
    assert all(d.returncode == 0 for d in done), [d.stderr for d in done]
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert (memory.path / upload["with"]["path"]).exists()
