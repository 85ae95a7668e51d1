"""``continuity check --watch`` as a real process: a finding appears, is fixed, Ctrl-C ends it."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.support.common import GitRepo, minimal_tree, run_cli

J = "journal/2026-01-05-turn-2.md"
ENTRY = ("---\ndate: 2026-01-05\nturn: 2\nobjective: load fixtures\n---\n\n# Journal Entry\n\n"
         "## Context before\n\n{{CONTEXT}}\n\n## Actions taken\n\nWrote the loader.\n\n"
         "## Result\n\nIt loads.\n\n## Next\n\nPublish.\n")


class Watcher:
    """The command in a subprocess, its output read line by line in a thread."""

    def __init__(self, cwd: Path):
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "continuity", "check", "--watch"], cwd=cwd, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def until(self, predicate, timeout: float = 30) -> list[str]:
        """Lines up to and including the first one ``predicate`` accepts."""
        seen: list[str] = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                continue
            seen.append(line)
            if predicate(line):
                return seen
        raise AssertionError(f"no such line in time; saw {seen}")

    def quiet(self, seconds: float) -> list[str]:
        """Whatever it prints within ``seconds`` (nothing, when nothing changed)."""
        time.sleep(seconds)
        printed = []
        while not self.lines.empty():
            printed.append(self.lines.get())
        return printed

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.kill()
        return self.process.wait(timeout=10)


@pytest.fixture
def watcher(repo: GitRepo):
    repo.commit("memory", minimal_tree())
    running = Watcher(repo.path)
    yield running
    running.stop()


def test_watch_prints_a_new_finding_then_fixed_and_ctrl_c_exits_0(repo: GitRepo, watcher):
    first = watcher.until(lambda line: line.startswith("watching"))
    assert "All checks passed" in first[0]
    entry = repo.path / J
    entry.write_text(ENTRY, encoding="utf-8")
    seen = watcher.until(lambda line: line.startswith("Found"))
    assert seen[0] == f"new: {J}:11:1: CT203 placeholder {{{{CONTEXT}}}} left in the entry"
    entry.write_text(ENTRY.replace("## Context before\n\n", "## Context before\n\nAbove.\n\n"),
                     encoding="utf-8")  # the finding moves two lines down: nothing new
    assert watcher.quiet(1.5) == []
    entry.write_text(ENTRY.replace("{{CONTEXT}}", "Parser done."), encoding="utf-8")
    seen = watcher.until(lambda line: line.startswith("All checks passed"))
    assert seen[0] == f"fixed: {J}:13:1: CT203 placeholder {{{{CONTEXT}}}} left in the entry"
    watcher.process.send_signal(signal.SIGINT)
    assert watcher.process.wait(timeout=10) == 0


def test_watch_does_not_recheck_on_its_own_while_idle(repo: GitRepo, watcher):
    watcher.until(lambda line: line.startswith("watching"))
    assert watcher.quiet(2) == []
    stat = Path(f"/proc/{watcher.process.pid}/stat")
    if stat.exists():
        def cpu() -> float:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        before = cpu()
        time.sleep(3)
        assert cpu() - before < 0.3  # idle: woken once a second at most, never re-checking
    watcher.process.send_signal(signal.SIGTERM)
    assert watcher.process.wait(timeout=10) == 0


def test_watch_refuses_formats_it_cannot_stream(repo: GitRepo):
    repo.commit("memory", minimal_tree())
    for extra in (["--output-format", "json"], ["-o", "out.txt"], ["--statistics"]):
        result = run_cli("check", "--watch", *extra, cwd=repo.path)
        assert result.code == 2 and "--watch" in result.err
