"""The timeline reads git a fixed number of times, however many versions: the check's one
``git log`` and one ``cat-file --batch`` more for all the versions' blobs (a shim on PATH
counts real git's invocations)."""

from __future__ import annotations

from tests.history.test_history_git_processes import counting_git
from tests.support.common import run_cli
from tests.timeline.support import state_repository


def _calls(args: list[str], root, env, log) -> list[str]:
    log.write_text("")
    result = run_cli(*args, cwd=root, env=env)
    assert result.code in (0, 1), result.err
    return log.read_text().splitlines()


def test_git_calls_do_not_grow_with_versions(tmp_path):
    env, log = counting_git(tmp_path)
    small, _ = state_repository(tmp_path / "small", 3)
    large, _ = state_repository(tmp_path / "large", 150)
    for args in (["check", "--output-format", "json", "--select", "CT3", "--select", "CT605"],
                 ["generate", "--out", str(tmp_path / "out")]):
        few = _calls(args, small.path, env, log)
        many = _calls(args, large.path, env, log)
        assert len(many) == len(few), (few, many)
        logs = [call for call in many if " log " in f" {call} "]
        assert len(logs) <= 2, logs  # the history's log; generate adds provenance's additions
        assert sum(1 for call in many if call.endswith("cat-file --batch")) <= 2, many


def test_the_agent_state_files_outside_the_root_cost_one_log_more(tmp_path):
    """A root below the top (`memory/`) reads the history of the `.env` above it in one more
    `git log`, asked for the table's names only, and no more `cat-file`: its versions are read
    with those of the agent state files under the root. Two roots ask it once; a check without
    CT605 does not ask for it."""
    from tests.support.common import GitRepo, minimal_tree

    env, log = counting_git(tmp_path)
    repo = GitRepo(tmp_path / "repo")
    repo.commit("start", {f"{root}/{path}": text for path, text in minimal_tree().items()
                          for root in ("memory", "docs/memory")})
    for number in range(3):
        repo.commit(f"env {number}", {".env": f"DEBUG={number}\n"})
    calls = _calls(["check", "--output-format", "json", "--select", "CT605"], repo.path, env,
                   log)
    logs = [call for call in calls if " log " in f" {call} "]
    assert len(logs) == 3 and sum(".mcp.json" in call for call in logs) == 1, calls
    assert sum(1 for call in calls if call.endswith("cat-file --batch")) <= 4, calls
    calls = _calls(["check", "--output-format", "json", "--select", "CT3"], repo.path, env, log)
    assert not any(".mcp.json" in call for call in calls), calls
