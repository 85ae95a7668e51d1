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
