"""Real git histories for the history-rule tests, built fast with ``git fast-import``.

A commit is a dict: ``message``, ``files`` (path -> text or bytes), ``delete`` (paths), and
optionally ``parents`` (indexes of earlier commits, for merges; default: the previous one).
"""

from __future__ import annotations

import json
import subprocess

from tests.support.common import GitRepo, minimal_tree

EPOCH = 1_767_225_600  # 2026-01-01T00:00:00Z


def fast_import(repo: GitRepo, commits: list[dict], branch: str = "main") -> list[str]:
    """Write ``commits`` onto ``branch`` of ``repo`` in one process; return their shas."""
    chunks: list[bytes] = []
    for number, commit in enumerate(commits, start=1):
        message = commit.get("message", f"commit {number}").encode()
        stamp = EPOCH + 60 * number
        chunks.append(b"commit refs/heads/%s\nmark :%d\n" % (branch.encode(), number))
        chunks.append(b"author Agent <agent@example.invalid> %d +0000\n" % stamp)
        chunks.append(b"committer Agent <agent@example.invalid> %d +0000\n" % stamp)
        chunks.append(b"data %d\n%s\n" % (len(message), message))
        parents = commit.get("parents")
        if parents:
            chunks.append(b"from :%d\n" % (parents[0] + 1))
            for other in parents[1:]:
                chunks.append(b"merge :%d\n" % (other + 1))
        for path in commit.get("delete", ()):
            chunks.append(b"D %s\n" % _quote(path))
        for path, content in commit.get("files", {}).items():
            data = content if isinstance(content, bytes) else content.encode()
            chunks.append(b"M 100644 inline %s\ndata %d\n%s\n" % (_quote(path), len(data), data))
        chunks.append(b"\n")
    marks = repo.path / ".git" / "continuity-test-marks"
    subprocess.run(["git", "fast-import", "--quiet", f"--export-marks={marks}"],
                   cwd=repo.path, input=b"".join(chunks), check=True)
    shas = {}
    for line in marks.read_text().splitlines():
        mark, sha = line.split()
        shas[int(mark[1:])] = sha
    marks.unlink()
    repo.git("reset", "-q", "--hard", branch)
    return [shas[number] for number in range(1, len(commits) + 1)]


def _quote(path: str) -> bytes:
    return b'"%s"' % path.encode().replace(b"\\", b"\\\\").replace(b'"', b'\\"')


# ----------------------------------------------------------------- a well-kept agent history

def _state(cycle: int) -> str:
    return (f"# STATE\n\n## Status\n\nCycle {cycle} running.\n\n## Active objective\n\n"
            f"Objective {cycle // 10}.\n\n## Next valid action\n\nStep {cycle + 1}.\n\n"
            "## Mesh index\n\n- **Indexes:** `snapshots/`, `audits/`\n")


def _todo(tasks: list[str]) -> str:
    rows = "".join(f"| {task} | Work item {task} | wren | 2026-01-01 |\n" for task in tasks)
    return ("# TODO\n\n## Active\n\n| ID | Task | Owner | Since |\n|----|------|-------|-------|\n"
            f"{rows}\n## Pending\n\n- Publish the docs — later\n\n## Blocked\n\n"
            "## Mesh index\n\n- **Indexes:** `completed/`\n")


def _learnings(insights: list[str]) -> str:
    rows = "".join(f"| {n} | {text} |\n" for n, text in enumerate(insights, start=1))
    return (f"# LEARNINGS\n\n## Insights\n\n| # | Insight |\n|---|---|\n{rows}\n"
            "## Patterns\n\n- Test on real data\n\n"
            "## Mesh index\n\n- **Indexes:** `reflections/`, `completed/`\n")


def _day(cycle: int) -> str:
    return f"2026-{1 + cycle // 280:02d}-{1 + (cycle // 10) % 28:02d}"


def agent_history(cycles: int) -> list[dict]:
    """``cycles`` commits of an agent that keeps every rule: the shape of a real tree's log."""
    files = dict(minimal_tree())
    tasks = ["T-1", "T-2", "T-3"]
    insights = ["Fixtures first"]
    ledger = b""
    notes = b""
    events = b""
    files["STATE.md"] = _state(0)
    files["TODO.md"] = _todo(tasks)
    files["LEARNINGS.md"] = _learnings(insights)
    commits = [{"message": "Start the memory tree", "files": files}]
    next_task = 4
    for cycle in range(1, cycles):
        day = _day(cycle)
        change: dict[str, str | bytes] = {}
        journal = minimal_tree()["journal/2026-01-02-turn-1.md"]
        change[f"journal/{day}-turn-{cycle}.md"] = journal.replace("turn: 1", f"turn: {cycle}") \
            .replace("2026-01-02", day)
        if cycle % 3 == 0:  # overwrite STATE.md, snapshot first
            stamp = f"{day}T{cycle % 24:02d}-{cycle % 60:02d}-00"
            change[f"snapshots/{stamp}.md"] = f"# Snapshot {stamp}\n\n{_state(cycle - 1)}"
            change["STATE.md"] = _state(cycle)
        if cycle % 5 == 0 and tasks:  # finish a task, with its completed/ entry
            done = tasks.pop(0)
            change[f"completed/{day}-task-{done.lower()}.md"] = \
                minimal_tree()["completed/2026-01-03-parse-constants.md"].replace("T-1", done)
            tasks.append(f"T-{next_task}")
            next_task += 1
            change["TODO.md"] = _todo(tasks)
        elif cycle % 7 == 0:  # add a task: no entry needed
            tasks.append(f"T-{next_task}")
            next_task += 1
            change["TODO.md"] = _todo(tasks)
        if cycle % 11 == 0:  # sharpen an insight, with the reflection behind it
            insights[0] = f"Fixtures first (revised in cycle {cycle})"
            insights.append(f"Insight from cycle {cycle}")
            change[f"reflections/{day}-insight-{cycle}.md"] = f"# Reflection {cycle}\n"
            change["LEARNINGS.md"] = _learnings(insights)
        if cycle % 13 == 0:
            change[f"audits/{day}-review-{cycle}.md"] = f"# Audit {cycle}\n"
        ledger += json.dumps({"cycle": cycle, "target": "parser", "result": "improved",
                              "timestamp": f"{day}T00:00:00Z"}).encode() + b"\n"
        change[".agents/evolve/cycle-history.jsonl"] = ledger
        if cycle % 4 == 0:
            notes += json.dumps({"time": f"{day}T00:00:00Z", "project": "tide",
                                 "fact": f"Fact number {cycle}."}).encode() + b"\n"
            change["notes.jsonl"] = notes
        if cycle % 6 == 0:
            events += json.dumps({"event": "tick", "cycle": cycle}).encode() + b"\n"
            change["logs/events.jsonl"] = events
        commits.append({"message": f"Cycle {cycle}", "files": change})
    return commits
