"""The action's review step (action.yml) and the GitLab review recipe (docs/ci.md), run in a
shell as the runner runs them, on a real repository with a pull-request branch.

The step calls ``$RUNNER_TEMP/continuity-venv/bin/continuity``; here that virtual environment
is the one under test (tests/commands/test_action.py runs the install step itself)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.commands.test_action import ACTION, expand, runs
from tests.commands.test_ci_docs import commands, shell
from tests.review.test_diff import claude  # noqa: F401  (the fixture)
from tests.support.common import GitRepo
from tests.support.docs_snippets import snippet

REVIEW_STEP = next(s for s in ACTION["runs"]["steps"] if s["name"].startswith("Review"))


def run_review_step(tmp_path: Path, workspace: Path, inputs: dict[str, str],
                    github: dict[str, str]) -> subprocess.CompletedProcess[str] | None:
    given = {name: spec.get("default", "") for name, spec in ACTION["inputs"].items()}
    given.update(inputs)
    if not runs(REVIEW_STEP, given, github):
        return None
    temp = tmp_path / "runner-temp"
    temp.mkdir(exist_ok=True)
    venv = temp / "continuity-venv"
    if not venv.exists():
        venv.symlink_to(Path(sys.executable).parent.parent)
    summary = tmp_path / "step-summary.md"
    env = dict(os.environ, GITHUB_ACTIONS="true", RUNNER_TEMP=str(temp),
               GITHUB_STEP_SUMMARY=str(summary), GITHUB_WORKSPACE=str(workspace))
    env.update({k: expand(str(v), given, github) for k, v in REVIEW_STEP["env"].items()})
    return subprocess.run(["bash", "-e", "-c", REVIEW_STEP["run"]], cwd=workspace, env=env,
                          capture_output=True, text=True)


def test_on_a_pull_request_the_review_reaches_the_summary_and_a_file(
        claude: GitRepo, tmp_path: Path):  # noqa: F811
    base = claude.git("rev-parse", "main").strip()
    github = {"event_name": "pull_request", "event.pull_request.base.sha": base}
    done = run_review_step(tmp_path, claude.path, {"paths": "memory"}, github)
    assert done is not None and done.returncode == 0, done and done.stderr
    summary = (tmp_path / "step-summary.md").read_text()
    assert summary.startswith(f"## Memory review: {base[:7]} (")
    assert "<summary>changed topic <code>debugging.md</code>" in summary
    comment = (claude.path / "continuity-review.md").read_text()
    assert comment == summary
    assert "::warning file=memory/MEMORY.md,line=2,title=CT111" in done.stdout


def test_a_new_finding_leaves_the_verdict_to_the_check_step_but_no_review_fails(
        claude: GitRepo, tmp_path: Path):  # noqa: F811
    claude.commit("a key", {"memory/release.md": "aws_secret_access_key = "
                                                 "Zq7TnW2pLx9RkV4mYc8Hs3Dj6Fb1Gt5Ne0Ua2QoR\n"})
    github = {"event_name": "pull_request",
              "event.pull_request.base.sha": claude.git("rev-parse", "main").strip()}
    done = run_review_step(tmp_path, claude.path, {}, github)
    assert done is not None and done.returncode == 0, done.stderr
    assert "::error file=memory/release.md" in done.stdout
    unknown = run_review_step(tmp_path, claude.path, {}, {
        "event_name": "pull_request", "event.pull_request.base.sha": "0" * 40})
    assert unknown is not None and unknown.returncode != 0
    assert "is not a commit" in unknown.stderr


def test_no_review_on_a_push_or_when_turned_off(claude: GitRepo, tmp_path: Path):  # noqa: F811
    assert run_review_step(tmp_path, claude.path, {}, {"event_name": "push"}) is None
    assert run_review_step(tmp_path, claude.path, {"review": ""},
                           {"event_name": "pull_request"}) is None


def test_the_gitlab_review_recipe_writes_the_note_file(claude: GitRepo):  # noqa: F811
    job = yaml.safe_load(snippet("# .gitlab-ci.yml (memory review of a merge request)"))
    job = job["continuity-review"]
    assert job["variables"]["GIT_DEPTH"] == 0
    assert job["rules"] == [{"if": '$CI_PIPELINE_SOURCE == "merge_request_event"'}]
    base = claude.git("rev-parse", "main").strip()
    for command in commands(job["script"]):
        done = shell(command, claude.path, GITLAB_CI="true", CI_PROJECT_DIR=str(claude.path),
                     CI_MERGE_REQUEST_DIFF_BASE_SHA=base)
        assert done.returncode == 0, f"{command}: {done.stderr}"
    [artifact] = job["artifacts"]["paths"]
    note = (claude.path / artifact).read_text()
    assert note.startswith("## Memory review:") and "<details>" in note


@pytest.mark.parametrize("words", ["continuity diff", "continuity-review.md"])
def test_the_readme_shows_the_review(words: str):
    from tests.support.common import REPO

    assert words in (REPO / "README.md").read_text()


def test_the_documented_comment_step_posts_the_file_the_action_writes():
    [step] = yaml.safe_load(snippet("# .github/workflows/memory.yml (post the review on the "
                                    "pull request)"))
    assert "--body-file " + ACTION["inputs"]["review"]["default"] in step["run"]
    assert step["if"] == "always() && github.event_name == 'pull_request'"
