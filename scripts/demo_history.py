#!/usr/bin/env python3
"""Replay the example memory tree (site_src/) as a git repository with a real history.

    python scripts/demo_history.py DIR     # DIR/ becomes the repository (made anew)

The tree in site_src/ is the state after its last turn; this script replays the turns that
led there, one commit each, dated as the entries are: the living files first (STATE.md as the
first snapshot describes it, TODO.md with every task still open), then day by day each dated
entry (journal, completed, reflections, audits, proposals, setup, artifacts), each snapshot
with STATE.md overwritten by the state it hands over to, each completed task removed from
TODO.md in the commit that adds its completed/ entry, and the lines of the cycle ledger, the
note store and the event logs appended at their own times. The last commit leaves the tree
byte for byte as site_src/ holds it, so the site's timeline, diffs and "What changed recently"
show a history, and `continuity check` judges it append-only (CT301-CT307) and passes.

DIR/mkdocs.yml publishes it (the memory tree in DIR/memory/): `mkdocs serve -f DIR/mkdocs.yml`.
Git runs with no hooks and no configured signing: nothing of the user's git setup runs.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SOURCE = REPO / "site_src"
TREE = "memory"  # the tree's folder in the replayed repository

#: Directories whose files are dated by their names (and so added on that day).
DATED = ("journal", "snapshots", "completed", "reflections", "audits", "proposals", "setup",
         "artifacts")
#: Append-only logs replayed line by line, each at its own time.
LOGS = (".agents/evolve/cycle-history.jsonl", "notes.jsonl", "logs/2026-10-events.jsonl",
        "logs/2026-11-events.jsonl")
NAMED = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:T(\d{2})-(\d{2})-(\d{2}))?")
AUTHOR = ("Wren", "wren@tidewater.invalid")

CONFIG = """\
# The replayed example (scripts/demo_history.py): frozen in time, its last snapshot from
# 2026-11-24; its evidence and its ledger name files and commits of the tidewater project,
# which this repository does not hold (CT211, CT407).
root = "memory"
snapshot_max_age_days = 36500
ignore = ["CT211", "CT407"]
"""

MKDOCS = """\
# The example memory tree with its replayed history: `mkdocs serve -f mkdocs.yml`.
site_name: Wren's memory — tidewater
site_description: The working memory of the agent Wren on the tidewater project.
docs_dir: memory
theme:
  name: material
  font: false  # no Google Fonts: the site works offline
  features:
    - search.highlight
  palette:
    primary: indigo
plugins:
  - search
  - continuity:
      root: memory
"""


@dataclass
class Commit:
    """One commit: when, what it says, and the files it writes (path -> text)."""

    when: str  # ISO 8601, UTC
    subjects: list[str] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)


def read(relative: str) -> str:
    return (SOURCE / relative).read_text("utf-8")


def title_of(text: str) -> str:
    heading = next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")),
                   "")
    return heading.split(" — ", 1)[-1] if " — " in heading else heading


def sections(text: str) -> tuple[str, list[tuple[str, str]]]:
    """(what comes before the first ``##``, [(heading, body), ...])."""
    parts = re.split(r"^## ", text, flags=re.M)
    return parts[0], [(part.split("\n", 1)[0], part.split("\n", 1)[1] if "\n" in part else "")
                      for part in parts[1:]]


def frontmatter(text: str) -> dict[str, str]:
    found = re.match(r"---\n(.*?)\n---\n", text, re.S)
    if not found:
        return {}
    return dict(line.split(": ", 1) for line in found.group(1).splitlines() if ": " in line)


def state_from_snapshot(snapshot: str, final: str) -> str:
    """STATE.md as a snapshot describes it, in the frame of the final STATE.md: its Status,
    objective and next action from the snapshot; sections that link to later entries left
    out; the mesh index kept."""
    fields = frontmatter(snapshot)
    _, taken = sections(snapshot)
    said = {heading.strip(): body.strip() for heading, body in taken}
    head, kept = sections(final)
    head = re.sub(r"Wren \([\d.]+\)", f"Wren ({fields.get('version', '0.1.0')})", head)
    bodies = {
        "Status": f"**{fields.get('status', 'green').capitalize()}.** "
                  f"{said.get('State at snapshot', '')}\n\nBlockers: {said.get('Blockers', 'none')}",
        "Active objective": said.get("Active objective", ""),
        "Next valid action": said.get("Next action", ""),
    }
    out = [head.rstrip() + "\n"]
    for heading, body in kept:
        name = heading.strip()
        if name in bodies:
            out.append(f"## {name}\n\n{bodies[name]}\n")
        elif name == "Mesh index" or "](" not in body:
            out.append(f"## {heading}\n{body.rstrip()}\n")
    return "\n".join(out)


def task_rows() -> dict[str, str]:
    """Each task completed/ records: its row in TODO.md's Active table while it was open."""
    rows: dict[str, str] = {}
    for name in sorted(os.listdir(SOURCE / "completed")):
        if not NAMED.match(name):
            continue
        table = dict(re.findall(r"^\| (Task ID|Description|Started) \| (.+?) \|$",
                                read(f"completed/{name}"), re.M))
        if "Task ID" in table:
            rows[table["Task ID"]] = (f"| {table['Task ID']} | {table.get('Description', name)}"
                                      f" | Wren | {table.get('Started', name[:10])} |")
    return rows


def moment(name: str) -> str:
    found = NAMED.match(name)
    assert found, name
    day, hours, minutes, seconds = found.groups()
    return f"{day}T{hours}:{minutes}:{seconds}Z" if hours else f"{day}T12:00:00Z"


def subject_of(directory: str, name: str, text: str) -> str:
    if directory == "journal":
        turn = re.search(r"turn-(\d+)", name)
        objective = frontmatter(text).get("objective") or title_of(text)
        return f"turn {turn.group(1) if turn else '?'}: {objective}"
    if directory == "snapshots":
        return "snapshot: STATE.md handed over"
    if directory == "completed":
        task = TASK.search(text)
        return f"{task.group(1) if task else 'task'} completed"
    return f"{directory}: {title_of(text) or name}"


TASK = re.compile(r"^\| Task ID \| (.+?) \|$", re.M)
ACTIVE = "|----|------|-------|-------|\n"  # the line before the Active table's first row


def with_open_rows(todo: str, rows: list[str]) -> str:
    at = todo.index(ACTIVE) + len(ACTIVE)
    return todo[:at] + "".join(row + "\n" for row in rows) + todo[at:]


def plan() -> list[Commit]:
    """The commits, oldest first."""
    final_state = read("STATE.md")
    snapshots = sorted(n for n in os.listdir(SOURCE / "snapshots") if NAMED.match(n))
    slots: dict[str, Commit] = {}

    def slot(when: str) -> Commit:
        return slots.setdefault(when, Commit(when))

    start = Commit(f"{snapshots[0][:10]}T09:00:00Z",
                   ["Wren's memory for tidewater: the living files"])
    add_files(start, slot)
    start.files["STATE.md"] = state_from_snapshot(read(f"snapshots/{snapshots[0]}"), final_state)
    for index, name in enumerate(snapshots):  # each hands STATE.md over to the next state
        following = snapshots[index + 1] if index + 1 < len(snapshots) else None
        slot(moment(name)).files["STATE.md"] = state_from_snapshot(
            read(f"snapshots/{following}"), final_state) if following else final_state
    last_ledger = add_log_lines(slot)
    slot(last_ledger).files[".agents/evolve/session-state.json"] = \
        read(".agents/evolve/session-state.json")
    ordered = [start, *sorted(slots.values(), key=lambda c: c.when)]
    write_as_they_stand(ordered)
    return ordered


def add_files(start: Commit, slot: Callable[[str], Commit]) -> None:
    """Every file but the logs: a dated entry on its day, the rest in the first commit."""
    for path in sorted(p for p in SOURCE.rglob("*") if p.is_file()):
        relative = path.relative_to(SOURCE).as_posix()
        top = relative.split("/", 1)[0]
        if relative in LOGS or relative == ".agents/evolve/session-state.json":
            continue
        text = path.read_text("utf-8")
        if top not in DATED or not NAMED.match(path.name):
            start.files[relative] = text
            continue
        commit = slot(moment(path.name))
        commit.files[relative] = text
        commit.subjects.append(subject_of(top, path.name, text))
        if top == "completed" and TASK.search(text):
            commit.files["TODO.md"] = ""  # the task leaves TODO.md: written below
            commit.subjects[-1] += " (removed from TODO.md)"


def add_log_lines(slot: Callable[[str], Commit]) -> str:
    """Each line of each log in the commit of its own time; the last ledger line's time."""
    last_ledger = ""
    for log in LOGS:
        for line in read(log).splitlines(keepends=True):
            record = json.loads(line)
            when = str(record.get("timestamp") or record.get("time"))
            commit = slot(when)
            commit.files[log] = commit.files.get(log, "") + line  # the lines it appends
            if log.endswith("cycle-history.jsonl"):
                commit.subjects.append(f"evolve cycle {record['cycle']}: {record['result']}")
                last_ledger = when
            elif log == "notes.jsonl":
                commit.subjects.append(f"note: {record['project']}")
            else:
                commit.subjects.append(f"log: {record.get('event', 'event')}")
    return last_ledger


def write_as_they_stand(ordered: list[Commit]) -> None:
    """Logs and TODO.md as they stand after each commit: lines appended, tasks removed."""
    final_todo = read("TODO.md")
    open_rows = task_rows()
    ordered[0].files["TODO.md"] = with_open_rows(final_todo, list(open_rows.values()))
    logs = dict.fromkeys(LOGS, "")
    for commit in ordered[1:]:
        for log in LOGS:
            if log in commit.files:
                logs[log] += commit.files[log]
                commit.files[log] = logs[log]
        if "TODO.md" in commit.files:
            for relative, text in commit.files.items():
                task = TASK.search(text) if relative.startswith("completed/") else None
                if task:
                    open_rows.pop(task.group(1), None)
            commit.files["TODO.md"] = with_open_rows(final_todo, list(open_rows.values()))


def git(repo: Path, *args: str, when: str | None = None) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    if when:
        env.update(GIT_AUTHOR_DATE=when, GIT_COMMITTER_DATE=when)
    subprocess.run(["git", "-c", "core.hooksPath=/dev/null", "-c", "commit.gpgsign=false",
                    "-c", f"user.name={AUTHOR[0]}", "-c", f"user.email={AUTHOR[1]}", *args],
                   cwd=repo, env=env, check=True, capture_output=True)


def replay(target: Path) -> int:
    """Make ``target`` the replayed repository; the number of commits."""
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    git(target, "init", "-q", "-b", "main")
    (target / "mkdocs.yml").write_text(MKDOCS, "utf-8")
    (target / "continuity.toml").write_text(CONFIG, "utf-8")
    (target / ".gitignore").write_text("/site/\n", "utf-8")
    commits = plan()
    for commit in commits:
        for relative, text in commit.files.items():
            path = target / TREE / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
        git(target, "add", "-A")
        subject = "; ".join(dict.fromkeys(commit.subjects)) or "memory"
        if len(subject) > 72:
            subject = subject[:69].rstrip("; ") + "..."
        git(target, "commit", "-q", "-m", subject, when=commit.when)
    return len(commits)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python scripts/demo_history.py DIR")
    count = replay(Path(sys.argv[1]))
    print(f"replayed site_src/ as {count} commits in {sys.argv[1]}")
