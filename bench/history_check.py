"""Time ``continuity check`` on a long history against what reading it at all costs (SPEC §8).

    python bench/history_check.py [--entries 10000] [--commits 2000] [--ledger-line 400]

Builds (with ``git fast-import``, in seconds) a memory tree whose history an agent kept well:
``--entries`` entries added over ``--commits`` commits, STATE.md overwritten with a snapshot,
tasks finished with completed/ entries, insights revised with reflections, and the cycle ledger
appended by every commit. Then prints, side by side in one run:

- floor: ``git log --raw`` over the memory root plus reading every file of the tree once;
- check: ``continuity check`` (every rule, as a user runs it) and ``--select CT3`` alone;
- the ratios check/floor (the target is at most 3).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

KINDS = ("journal", "snapshots", "completed", "reflections", "audits", "artifacts")
EPOCH = 1_767_225_600


def entry(kind: str, number: int, day: str) -> tuple[str, str]:
    body = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit. " * 12).strip()
    if kind == "journal":
        return (f"journal/{day}-turn-{number}.md",
                f"---\ndate: {day}\nturn: {number}\nobjective: step {number}\n---\n\n"
                f"# Journal Entry — {day}\n\n## Context before\n\n{body}\n\n## Actions taken\n\n"
                f"{body}\n\n## Result\n\nDone.\n\n## Next\n\nStep {number + 1}.\n")
    if kind == "snapshots":
        stamp = f"{day}T{number % 24:02d}-{number % 60:02d}-{number % 7:02d}"
        return (f"snapshots/{stamp}.md",
                f"---\ndate: {stamp[:10]}T{stamp[11:].replace('-', ':')}Z\nagent: wren\n"
                f"version: 1\nstatus: active\n---\n\n# Snapshot — {day}\n\n## State at snapshot\n\n"
                f"{body}\n\n## Active objective\n\nO.\n\n## Blockers\n\nNone.\n\n"
                "## Next action\n\nGo.\n")
    if kind == "completed":
        return (f"completed/{day}-task-{number}.md",
                f"# Completed Work Entry\n\n## Task\n\n| Field | Value |\n|---|---|\n"
                f"| Task ID | T-{number} |\n| Description | Task {number} |\n| Project | tide |\n"
                f"| Started | {day} |\n| Completed | {day} |\n| Authority | wren |\n\n"
                f"## Result\n\n{body}\n\n## Evidence\n\n| Evidence | Path / URL |\n|---|---|\n"
                f"| tests | tests/t{number}.py |\n\n## Learnings\n\n- L\n\n## Follow-up\n\n- None\n")
    return (f"{kind}/{day}-{kind[:-1]}-{number}.md",
            f"---\ndate: {day}\n---\n\n# {kind} {number}\n\n## Summary\n\n{body}\n")


def state(cycle: int) -> str:
    return (f"# STATE\n\n## Status\n\nCycle {cycle}.\n\n## Active objective\n\nShip.\n\n"
            f"## Next valid action\n\nStep {cycle + 1}.\n\n## Mesh index\n\n"
            "- **Indexes:** `snapshots/`, `audits/`, `artifacts/`\n")


def todo(tasks: list[int]) -> str:
    rows = "".join(f"| T-{t} | Task {t} | wren |\n" for t in tasks)
    return (f"# TODO\n\n## Active\n\n| ID | Task | Owner |\n|---|---|---|\n{rows}\n## Pending\n\n"
            "## Blocked\n\n## Mesh index\n\n- **Indexes:** `completed/`\n")


def learnings(count: int) -> str:
    rows = "".join(f"| {n} | Insight {n} |\n" for n in range(1, count + 1))
    return (f"# LEARNINGS\n\n## Insights\n\n| # | Insight |\n|---|---|\n{rows}\n"
            "## Mesh index\n\n- **Indexes:** `reflections/`, `audits/`\n")


def stream(entries: int, commits: int, ledger_line: int) -> bytes:
    """A fast-import stream of the whole history."""
    per_commit = max(1, entries // commits)
    out: list[bytes] = []
    tasks = list(range(1, 6))
    next_task = 6
    insights = 1
    ledger = bytearray()
    number = 0
    fixed = {"CONTEXT.md": "# CONTEXT\n\n## Mesh index\n\n- **Indexes:** `journal/`\n",
             "PLAN.md": "# PLAN\n\n## Mesh index\n\n- **Indexes:** `proposals/`\n"}
    for cycle in range(1, commits + 1):
        day = f"20{20 + cycle // 336:02d}-{1 + (cycle // 28) % 12:02d}-{1 + cycle % 28:02d}"
        files: dict[str, str | bytes] = dict(fixed) if cycle == 1 else {}
        kinds = [KINDS[(cycle + i) % len(KINDS)] for i in range(per_commit)]
        if cycle % 3 == 0 and "snapshots" not in kinds:
            kinds[0] = "snapshots"
        for kind in kinds:
            number += 1
            path, text = entry(kind, number, day)
            files[path] = text
            if kind == "completed" and tasks:
                tasks.pop(0)  # finished, with its completed/ entry
                tasks.append(next_task)
                next_task += 1
            if kind == "reflections":
                insights += 1
        if any(k == "snapshots" for k in kinds) or cycle == 1:
            files["STATE.md"] = state(cycle)
        if cycle % 4 == 0 and len(tasks) < 40:  # a new task: no entry needed
            tasks.append(next_task)
            next_task += 1
        files["TODO.md"] = todo(tasks)
        if "reflections" in kinds or cycle == 1:
            files["LEARNINGS.md"] = learnings(insights)
        record = {"cycle": cycle, "target": "parser", "result": "improved",
                  "timestamp": f"{day}T00:00:00Z", "sha": "0" * 40}
        text = json.dumps(record)
        text += " " * max(0, ledger_line - len(text) - 1)
        ledger += (text + "\n").encode()
        files[".agents/evolve/cycle-history.jsonl"] = bytes(ledger)
        message = f"Cycle {cycle}".encode()
        stamp = EPOCH + 60 * cycle
        out.append(b"commit refs/heads/main\n")
        out.append(b"committer Agent <agent@example.invalid> %d +0000\n" % stamp)
        out.append(b"data %d\n%s\n" % (len(message), message))
        for path, content in files.items():
            data = content if isinstance(content, bytes) else content.encode()
            out.append(b"M 100644 inline %s\ndata %d\n%s\n" % (path.encode(), len(data), data))
        out.append(b"\n")
    return b"".join(out)


def build(path: Path, entries: int, commits: int, ledger_line: int) -> None:
    subprocess.run(["git", "init", "-q", "-b", "main", str(path)], check=True)
    subprocess.run(["git", "fast-import", "--quiet"], cwd=path, check=True,
                   input=stream(entries, commits, ledger_line))
    subprocess.run(["git", "gc", "-q"], cwd=path, check=True)
    subprocess.run(["git", "reset", "-q", "--hard", "main"], cwd=path, check=True)


def floor(root: Path) -> None:
    """What any history check must at least do: list the changes, read the files."""
    subprocess.run(["git", "log", "--raw", "--no-abbrev", "--", "."], cwd=root, check=True,
                   stdout=subprocess.DEVNULL)
    for directory, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d != ".git"]
        for name in names:
            with open(os.path.join(directory, name), "rb") as handle:
                handle.read()


def check(root: Path, *extra: str) -> None:
    done = subprocess.run([sys.executable, "-m", "continuity", "check", "--output-format",
                           "json", *extra], cwd=root, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)
    if done.returncode == 2:
        raise SystemExit(done.stderr.decode())


def timed(action, repeat: int) -> tuple[float, float]:
    """Median wall time and median CPU time (of the processes started) of ``action``."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = os.times()
        start = time.perf_counter()
        action()
        walls.append(time.perf_counter() - start)
        after = os.times()
        cpus.append(sum(getattr(after, f) - getattr(before, f)
                        for f in ("user", "system", "children_user", "children_system")))
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--commits", type=int, default=2_000)
    parser.add_argument("--ledger-line", type=int, default=400,
                        help="bytes per ledger line; the ledger grows by one every commit")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", metavar="DIR", help="build the repository here and keep it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(args.keep) if args.keep else Path(scratch) / "memory"
        start = time.perf_counter()
        if not (root / ".git").exists():
            build(root, args.entries, args.commits, args.ledger_line)
        built = time.perf_counter() - start
        files = sum(len(names) for d, _, names in os.walk(root) if ".git" not in d)
        commits = subprocess.run(["git", "rev-list", "--count", "HEAD"], cwd=root,
                                 capture_output=True, text=True).stdout.strip()
        check(root)  # warm the caches the same way for everyone
        floor_time = timed(lambda: floor(root), args.repeat)
        rows = [("continuity check --no-git (no history)", ("--no-git",)),
                ("continuity check --select CT3", ("--select", "CT3")),
                ("continuity check (all rules)", ())]
        print(f"tree: {files} files, {commits} commits (built in {built:.1f}s)")
        print(f"{'':42} {'wall':>7} {'cpu':>7}   ratio to floor (wall, cpu)")
        print(f"{'floor: git log --raw + read every file':42} {floor_time[0]:6.2f}s "
              f"{floor_time[1]:6.2f}s")
        for label, extra in rows:
            wall, cpu = timed(lambda: check(root, *extra), args.repeat)
            print(f"{label:42} {wall:6.2f}s {cpu:6.2f}s   "
                  f"{wall / floor_time[0]:.1f}x, {cpu / floor_time[1]:.1f}x")


if __name__ == "__main__":
    main()
