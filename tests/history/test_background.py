"""Work started early in threads: computed once, its errors raised where it is waited for."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from continuity.config import load_config
from continuity.errors import UsageError
from continuity.history.background import Background
from continuity.model.tree import discover
from continuity.validators.registry import Analysis, CheckContext
from tests.support.common import GitRepo, minimal_tree, run_cli


def test_the_value_and_the_error_come_back_to_the_caller():
    assert Background(lambda: 41 + 1, "t").result() == 42

    def fail():
        raise UsageError("since: 'nope' is not a revision")

    started = Background(fail, "t")
    with pytest.raises(UsageError, match="nope"):
        started.result()


def test_an_analysis_asked_for_by_two_threads_is_computed_once(tree: Path):
    config = load_config(tree, {})
    ctx = CheckContext(tree=discover(config, tree), config=config)
    calls: list[str] = []
    entered = threading.Event()

    def slow() -> str:
        calls.append(threading.current_thread().name)
        entered.set()
        time.sleep(0.2)
        return "value"

    shared = Analysis("shared", lambda _ctx: slow())
    other = Background(lambda: shared(ctx), "other")
    entered.wait(5)
    assert shared(ctx) == "value"  # waits for the other thread's computation
    assert other.result() == "value"
    assert calls == ["other"]


def test_a_failed_computation_is_tried_again_by_the_next_caller(tree: Path):
    config = load_config(tree, {})
    ctx = CheckContext(tree=discover(config, tree), config=config)
    answers = iter([ValueError("first"), "second"])

    def compute(_ctx: CheckContext) -> str:
        answer = next(answers)
        if isinstance(answer, Exception):
            raise answer
        return answer

    flaky = Analysis("flaky", compute)
    with pytest.raises(ValueError):
        flaky(ctx)
    assert flaky(ctx) == "second"


def test_a_bad_since_found_by_the_early_history_read_is_exit_2(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("tree", minimal_tree())
    result = run_cli("check", "--since", "no-such-revision", cwd=repo.path)
    assert result.code == 2
    assert "no-such-revision" in result.err
