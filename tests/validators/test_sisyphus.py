"""Sisyphus (oh-my-opencode's ``.sisyphus/``): recognised by ``boulder.json`` or a plan in
``plans/``, judged by CT841-CT842 as /start-work reads ``boulder.json`` (a file it cannot parse,
an active plan that is not there), its notepads judged append-only as the orchestrator's prompt
promises, every committed file (evidence too) read for credentials, and the plans published
with their progress, each plan's notepads beside it. Real git repositories, synthetic values."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from continuity.model.sisyphus import plan_progress
from tests.support.common import GitRepo, check_json

BOULDER = ".sisyphus/boulder.json"
PLAN = ".sisyphus/plans/add-login.md"
NOTEPAD = ".sisyphus/notepads/add-login/learnings.md"
#: Assembled at run time: this file holds no credential.
OPENAI_KEY = "sk-proj-" + "Qw3rTy7u" * 6


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


def boulder(plan: str = "add-login", **extra: object) -> str:
    """boulder.json as /start-work writes it: the plan's path is the author's machine's."""
    return json.dumps({"active_plan": f"/home/ana/app/.sisyphus/plans/{plan}.md",
                       "started_at": "2026-03-03T04:04:14.246Z",
                       "session_ids": ["ses_0000synthetic"], "plan_name": plan, **extra},
                      indent=2) + "\n"


PLAN_TEXT = ("# Add login\n\n## TODOs\n\n- [x] 1. Form\n- [ ] 2. Session\n  - [ ] nested\n\n"
             "## Final Verification Wave\n\n- [ ] F1. Review\n\n## Notes\n\n- [ ] 3. not counted\n")


def found(repo: GitRepo, *extra: str) -> list[tuple[str, str, str]]:
    result = check_json(repo.path, *extra)
    assert result.code in (0, 1), result.err
    assert {r["path"]: r["convention"] for r in result.json["roots"]} == {".sisyphus": "sisyphus"}
    return sorted((d["code"], d["path"], d["message"]) for d in result.json["diagnostics"])


def test_a_well_kept_folder_is_recognised_and_clean(repo: GitRepo):
    repo.commit("plan", {BOULDER: boulder(), PLAN: PLAN_TEXT,
                         NOTEPAD: "# Learnings\n\n- uses httpx\n",
                         ".sisyphus/drafts/add-login.md": "# Draft\n",
                         ".sisyphus/evidence/task-1.txt": "PASS 12 tests\n", "app.py": "x = 1\n"})
    repo.commit("more", {NOTEPAD: "# Learnings\n\n- uses httpx\n- tests run with -n 2\n"})
    assert found(repo) == []


def test_a_plan_alone_makes_the_folder_a_root(repo: GitRepo):
    repo.commit("plan", {PLAN: PLAN_TEXT, "app.py": "x = 1\n"})
    assert found(repo) == []


@pytest.mark.parametrize("text, problem", [
    ('{"active_plan": "x.md",}\n', "not valid JSON"),
    ("{}\n", "not a JSON object with the active work"),
    ("[]\n", "not a JSON object with the active work"),
])
def test_a_boulder_the_tool_cannot_read(repo: GitRepo, text: str, problem: str):
    repo.commit("plan", {BOULDER: text, PLAN: PLAN_TEXT})
    (code, path, message), = found(repo)
    assert (code, path) == ("CT841", BOULDER) and problem in message


def test_an_active_plan_that_is_not_there(repo: GitRepo):
    repo.commit("plan", {BOULDER: boulder("gone"), PLAN: PLAN_TEXT})
    (code, path, message), = found(repo)
    assert (code, path) == ("CT842", BOULDER)
    assert "'/home/ana/app/.sisyphus/plans/gone.md' is not in plans/" in message


def test_an_active_plan_found_by_name_by_relative_path_or_completed_is_not_reported(
        repo: GitRepo):
    windows = json.dumps({"active_plan": "D:\\work\\app\\.sisyphus\\plans\\add-login.md",
                          "plan_name": "add-login", "session_ids": []})
    repo.commit("plan", {BOULDER: windows, PLAN: PLAN_TEXT})
    assert found(repo) == []
    repo.commit("relative", {BOULDER: json.dumps({"active_plan": "docs/plan.md"}),
                             "docs/plan.md": "- [ ] a\n"})
    assert found(repo) == []
    repo.commit("done", {BOULDER: boulder("gone", status="completed")})
    assert found(repo) == []


def test_a_notepad_rewritten_after_it_was_committed(repo: GitRepo):
    repo.commit("plan", {BOULDER: boulder(), PLAN: PLAN_TEXT,
                         NOTEPAD: "# Learnings\n\n- uses httpx\n- tests need -n 2\n"})
    rewritten = repo.commit("rewrite", {NOTEPAD: "# Learnings\n\n- uses requests\n"})
    codes = {(code, path) for code, path, _ in found(repo)}
    assert codes == {("CT304", NOTEPAD)}, codes
    assert rewritten


def test_every_committed_file_is_read_for_credentials_evidence_too(repo: GitRepo):
    repo.commit("plan", {BOULDER: boulder(), PLAN: PLAN_TEXT,
                         ".sisyphus/evidence/task6-e2e-real-api.txt":
                             f"curl -H 'Authorization: Bearer {OPENAI_KEY}' https://api\n"})
    assert ("CT601", ".sisyphus/evidence/task6-e2e-real-api.txt") in {
        (code, path) for code, path, _ in found(repo)}


def test_a_plans_fenced_example_is_no_credential_but_a_notepads_value_is(repo: GitRepo):
    example = "```\nPOST with {email: 'a@example.com', password: 'Zq7vLm2pWx9'}\n```\n"
    repo.commit("plan", {PLAN: PLAN_TEXT + example, NOTEPAD: example})
    assert {(code, path) for code, path, _ in found(repo)} == {("CT601", NOTEPAD)}


def test_progress_is_counted_as_start_work_counts_it():
    assert plan_progress(PLAN_TEXT) == (1, 3)
    assert plan_progress("- [ ] a\n* [x] b\n  - [ ] c\n```\n- [ ] d\n```\n- [X] e\n") == (2, 3)
    assert plan_progress("# No tasks\n") == (0, 0)


def build(repo: GitRepo) -> Path:
    (repo.path / "docs").mkdir(exist_ok=True)
    (repo.path / "mkdocs.yml").write_text(
        "site_name: plans\nplugins:\n  - continuity:\n      root: .sisyphus\n")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "--strict"],
                          cwd=repo.path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return repo.path / "site"


def test_the_site_shows_each_plan_with_its_progress_and_notepads_not_evidence(repo: GitRepo):
    repo.commit("plan", {BOULDER: boulder(), PLAN: PLAN_TEXT,
                         NOTEPAD: "# Learnings\n\n- uses <b>httpx</b>\n",
                         ".sisyphus/notepads/add-login/issues.md": "# Issues\n\n- none\n",
                         ".sisyphus/evidence/task-1.txt": "RAW OUTPUT of the run\n"})
    site = build(repo)
    home = (site / "index.html").read_text()
    assert "Plans" in home and "1 of 3 tasks done" in home
    assert home.index("add-login</a>") < home.index("add-login: issues.md") \
        < home.index("add-login: learnings.md")
    assert "Active work (boulder.json)" in home
    assert not list(site.rglob("evidence*")) and "RAW OUTPUT" not in home
    assert (site / "notepads" / "add-login" / "learnings" / "index.html").is_file()


def test_the_newer_omo_folder_is_the_same_convention(repo: GitRepo):
    """oh-my-opencode moved its folder from .sisyphus/ to .omo/ (BOULDER_DIR, 5dca1a5): the
    same boulder.json, plans and notepads, judged and published the same way."""
    repo.commit("plan", {".omo/boulder.json": boulder("gone").replace(".sisyphus", ".omo"),
                         ".omo/plans/add-login.md": PLAN_TEXT,
                         ".omo/notepads/add-login/learnings.md": "# Learnings\n\n- httpx\n",
                         "app.py": "x = 1\n"})
    result = check_json(repo.path)
    assert {r["path"]: r["convention"] for r in result.json["roots"]} == {".omo": "sisyphus"}
    (diagnostic,) = result.json["diagnostics"]
    assert (diagnostic["code"], diagnostic["path"]) == ("CT842", ".omo/boulder.json")


def test_the_old_folder_beside_its_migrated_copy_is_two_roots(repo: GitRepo):
    repo.commit("plan", {PLAN: PLAN_TEXT, ".omo/plans/add-login.md": PLAN_TEXT,
                         "app.py": "x = 1\n"})
    result = check_json(repo.path)
    assert {r["path"]: r["convention"] for r in result.json["roots"]} == {
        ".sisyphus": "sisyphus", ".omo": "sisyphus"}
    assert result.json["diagnostics"] == []
