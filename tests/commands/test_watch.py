"""``continuity check --watch`` as a real process: a finding appears, is fixed, Ctrl-C ends it."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.support.common import GitRepo, minimal_tree, run_cli
from tests.support.signals import default_signals

J = "journal/2026-01-05-turn-2.md"
ENTRY = ("---\ndate: 2026-01-05\nturn: 2\nobjective: load fixtures\n---\n\n# Journal Entry\n\n"
         "## Context before\n\n{{CONTEXT}}\n\n## Actions taken\n\nWrote the loader.\n\n"
         "## Result\n\nIt loads.\n\n## Next\n\nPublish.\n")


J2 = "journal/2026-01-06-turn-3.md"


class Watcher:
    """The command in a subprocess, its output read line by line in a thread."""

    def __init__(self, cwd: Path):
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "continuity", "check", "--watch"], cwd=cwd, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            preexec_fn=default_signals)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def until(self, predicate, timeout: float = 60) -> list[str]:
        """Lines up to and including the first one ``predicate`` accepts (the timeout only
        ends a test that would otherwise hang: nothing is judged by time)."""
        seen: list[str] = []
        try:
            while True:
                line = self.lines.get(timeout=timeout)
                seen.append(line)
                if predicate(line):
                    return seen
        except queue.Empty:
            raise AssertionError(f"no such line; saw {seen}") from None

    def stop(self) -> int:
        if self.process.poll() is None:
            self.process.kill()
        return self.process.wait(timeout=10)


def sentinel(repo: GitRepo) -> str:
    """A change that does print, made after one that must not: watch handles changes in order,
    so when the first line after both is the sentinel's, the first change printed nothing."""
    (repo.path / J2).write_text(ENTRY.replace("turn: 2", "turn: 3").replace(
        "2026-01-05", "2026-01-06"), encoding="utf-8")
    return f"new: {J2}:11:1: CT203 placeholder {{{{CONTEXT}}}} left in the entry"


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
    expected = sentinel(repo)
    seen = watcher.until(lambda line: line.startswith("Found"))
    assert seen[:-1] == [expected]
    entry.write_text(ENTRY.replace("{{CONTEXT}}", "Parser done."), encoding="utf-8")
    seen = watcher.until(lambda line: line.startswith("Found"))
    assert seen[:-1] == [f"fixed: {J}:13:1: CT203 placeholder {{{{CONTEXT}}}} left in the entry"]
    watcher.process.send_signal(signal.SIGINT)
    assert watcher.process.wait(timeout=10) == 0


def test_watch_waits_on_file_events_and_ignores_git(repo: GitRepo, watcher):
    """No polling: the process holds an inotify watch (on Linux), and a change inside .git or
    outside the tree prints nothing (the sentinel after it is the first thing printed)."""
    watcher.until(lambda line: line.startswith("watching"))
    fds = Path(f"/proc/{watcher.process.pid}/fd")
    if fds.exists():
        targets = {os.readlink(fd) for fd in fds.iterdir() if fd.is_symlink()}
        assert any("inotify" in target for target in targets), targets
    (repo.path / ".git" / "scratch").write_text("git's own\n", encoding="utf-8")
    expected = sentinel(repo)
    assert watcher.until(lambda line: line.startswith("Found"))[:-1] == [expected]
    watcher.process.send_signal(signal.SIGTERM)
    assert watcher.process.wait(timeout=10) == 0


def test_watch_refuses_formats_it_cannot_stream(repo: GitRepo):
    repo.commit("memory", minimal_tree())
    for extra in (["--output-format", "json"], ["-o", "out.txt"], ["--statistics"]):
        result = run_cli("check", "--watch", *extra, cwd=repo.path)
        assert result.code == 2 and "--watch" in result.err
