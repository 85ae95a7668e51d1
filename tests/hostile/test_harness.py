"""The harness holds what it promises: the memory cap and the timeout are real, a traceback or
an unexplained exit 2 fails, and a normal run fits easily under the cap."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from .conftest import MEMORY_CAP, Finished, assert_well_behaved, run_command, run_process


def test_the_memory_cap_stops_a_process_that_asks_for_more(tmp_path: Path):
    done = run_process([sys.executable, "-c", f"bytearray({MEMORY_CAP})"], cwd=tmp_path)
    assert done.code == 1 and "MemoryError" in done.err


def test_the_timeout_ends_a_hang(tmp_path: Path):
    with pytest.raises(AssertionError, match="did not finish within"):
        run_process([sys.executable, "-c", "import time; time.sleep(30)"], cwd=tmp_path,
                    timeout=0.5)


@pytest.mark.parametrize("done, fault", [
    (Finished(("x",), 3, "", "", 0.0), "exit 3"),
    (Finished(("x",), 1, "", "Traceback (most recent call last):", 0.0), "a traceback"),
    (Finished(("x",), 2, "", "continuity: internal error: KeyError", 0.0), "internal error"),
    (Finished(("x",), 2, "", "continuity: something failed", 0.0), "unexpected exit 2"),
])
def test_a_misbehaving_command_fails_the_test(done: Finished, fault: str):
    with pytest.raises(AssertionError, match=fault):
        assert_well_behaved(done)
    assert_well_behaved(Finished(("x",), 2, "", "continuity: STATE.md: bad", 0.0),
                        names=["STATE.md"])


def test_a_normal_run_fits_under_the_cap(tree: Path):
    done = run_command("check", "--no-git", cwd=tree)
    assert done.code == 0 and "All checks passed" in done.out
