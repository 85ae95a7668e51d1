"""The protocol's history invariants, judged over one :class:`~continuity.history.History`.

"Old entries are never modified, renamed, or deleted" (CT301-CT303); append-only logs only
grow (CT304); and state changes pair with history: STATE.md overwritten -> a snapshot, a task
removed from TODO.md -> a completed/ entry, an insight of LEARNINGS.md removed or changed -> a
reflection, in the same commit (CT305-CT307). Seed ``continuity-history-directories.txt``.

One walk over the commits decides everything that the change lists alone can decide; what
needs contents (which tasks a TODO.md lost, whether a log still begins with its previous
version, the first changed line of an entry) is queued and read afterwards in one blob stream.
Each finding is reported once, at the first commit that caused it; a log rewrite, and a
pairing broken, are reported at every commit that does it.
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from collections.abc import Callable

from continuity.config import Config
from continuity.validators.diagnostics import Violation
from continuity.history.log import Change, Commit, History, ledger_paths
from continuity.model.kinds import DIRECTORY_KINDS, DirectoryKind, is_non_entry
from continuity.model.tree import MemoryTree, is_excluded
from continuity.model.state_items import compare, learnings_insights, todo_tasks
from continuity.formats.textfile import decode

CODES = ("CT301", "CT302", "CT303", "CT304", "CT305", "CT306", "CT307")

# Kinds of path, as far as history is concerned.
ENTRY = "entry"  # a history entry: never modified, deleted or renamed
LOG = "log"  # logs/*.jsonl: a history entry that may only grow
APPEND_ONLY = "append-only"  # the cycle ledger and note stores: may only grow
STATE, TODO, LEARNINGS = "STATE.md", "TODO.md", "LEARNINGS.md"

#: State file -> (history directory that must grow with it, rule).
PAIRINGS = {STATE: ("snapshots", "CT305"), TODO: ("completed", "CT306"),
            LEARNINGS: ("reflections", "CT307")}


def glob_regex(pattern: str) -> re.Pattern[str]:
    """A root-relative glob as ``Path.glob`` reads it: ``*`` stays within one directory."""
    out = []
    index = 0
    while index < len(pattern):
        if pattern.startswith("**/", index):
            out.append("(?:.*/)?")
            index += 3
            continue
        ch = pattern[index]
        out.append("[^/]*" if ch == "*" else "[^/]" if ch == "?" else re.escape(ch))
        index += 1
    return re.compile("".join(out) + r"\Z")


class Layout:
    """What kind of history a root-relative path has, by its place in the memory tree."""

    def __init__(self, tree: MemoryTree, config: Config):
        self.directories: dict[str, DirectoryKind] = {
            name: kind for name, kind in DIRECTORY_KINDS.items() if kind.kind == "history"}
        for name, directory in tree.directories.items():
            if directory.is_history:
                self.directories.setdefault(name, directory.kind)
        self.ledgers = {_relative(tree.root, path) for path in ledger_paths(tree)}
        self.notes = [glob_regex(pattern) for pattern in config.notes]
        self.exclude = tuple(config.exclude)
        self._kinds: dict[str, str | None] = {}

    def kind(self, path: str) -> str | None:
        if path not in self._kinds:
            self._kinds[path] = self._kind(path)
        return self._kinds[path]

    def _kind(self, path: str) -> str | None:
        if self.exclude and is_excluded(path, self.exclude):
            return None
        if path in (STATE, TODO, LEARNINGS):
            return path
        if path in self.ledgers:
            return APPEND_ONLY
        parts = path.split("/")
        if len(parts) >= 2 and parts[0] in self.directories:
            if any(part.startswith(".") for part in parts[1:]) or \
                    is_non_entry(parts[-1], self.directories[parts[0]]):
                return None  # templates, READMEs, dotfiles: not entries
            return LOG if parts[0] == "logs" and path.endswith(".jsonl") else ENTRY
        if any(pattern.match(path) for pattern in self.notes):
            return APPEND_ONLY
        return None

    def directory(self, path: str) -> str:
        return path.split("/", 1)[0]


def _relative(root, path) -> str:
    return os.path.relpath(os.path.abspath(path), root).replace(os.sep, "/")


# --------------------------------------------------------------------------- words


def where(commit: Commit, change: Change) -> str:
    if commit.pending:
        return "in the index (staged, not committed)" if change.stage == "staged" \
            else "in the working tree (uncommitted)"
    return f"in commit {commit.short}"


def count_lines(data: bytes) -> int:
    return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


def first_difference(old: bytes, new: bytes) -> int:
    """1-based line where ``new`` first differs from ``old``."""
    limit = min(len(old), len(new))
    offset = 0
    step = 1 << 16
    while offset < limit and old[offset:offset + step] == new[offset:offset + step]:
        offset += step  # whole blocks first: a long log usually differs near its end
    offset = min(offset, limit)
    while offset < limit and old[offset] == new[offset]:
        offset += 1
    return new.count(b"\n", 0, offset) + 1


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _quote(items) -> str:
    names = [f"`{item}`" for item in items]
    return ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")


# --------------------------------------------------------------------------- the walk


@dataclass
class _Job:
    oids: tuple[str | None, ...]
    judge: Callable[[dict[str, bytes | None]], None]


@dataclass(frozen=True)
class _Growth:
    """A version of an append-only log that must begin with one of ``olds``."""

    commit: Commit
    change: Change
    olds: tuple[str, ...]
    recreated: bool


class Judge:
    """One walk over the history; findings per rule code."""

    def __init__(self, history: History, layout: Layout, codes: set[str] | None = None):
        self.history = history
        self.layout = layout
        self.codes = set(CODES) if codes is None else set(codes) & set(CODES)
        self.found: dict[str, list[Violation]] = {code: [] for code in CODES}
        self.claimed: set[tuple[str, str]] = set()
        self.jobs: list[_Job] = []
        self.growths: list[_Growth] = []
        self.gone: dict[str, str] = {}  # path -> the content it had when it was deleted
        self._items: dict[tuple[str, str], dict | None] = {}  # recent TODO/LEARNINGS versions

    def run(self) -> dict[str, list[Violation]]:
        try:
            for commit in self.history.all_commits():
                self.commit(commit)
            self.judge_growths()
            if self.jobs:
                for index, blobs in self.history.read_jobs([job.oids for job in self.jobs]):
                    self.jobs[index].judge(blobs)
        finally:
            self.history.close()
        return self.found

    # -- bookkeeping

    def first(self, code: str, path: str) -> bool:
        """Claim the single report ``code`` makes about ``path``: True the first time only."""
        if code not in self.codes or (code, path) in self.claimed:
            return False
        self.claimed.add((code, path))
        return True

    def report(self, code: str, commit: Commit, path: str, message: str, hint: str,
               line: int = 1) -> None:
        if code in self.codes:
            self.found[code].append(Violation(path, message, hint, line=line, column=1,
                                              commit=commit.short, commit_date=commit.day))

    def queue(self, oids: tuple[str | None, ...],
              judge: Callable[[dict[str, bytes | None]], None]) -> None:
        """Judge later, with these blobs, once all of them are read in one stream."""
        self.jobs.append(_Job(oids, judge))

    # -- one commit

    def commit(self, commit: Commit) -> None:
        moves = commit.moved()
        grown = {self.layout.directory(c.path) for c in commit.changes
                 if c.status == "A" and self.layout.kind(c.path) in (ENTRY, LOG)}
        for change in commit.changes:
            kind = self.layout.kind(change.path)
            if kind is None:
                continue
            if kind in (ENTRY, LOG):
                self.entry(commit, change, kind, moves)
            if kind in (LOG, APPEND_ONLY) and "CT304" in self.codes:
                self.log(commit, change, kind, moves)
            if kind in PAIRINGS and not commit.is_merge:
                directory, code = PAIRINGS[kind]
                if directory not in grown and code in self.codes:
                    self.pairing(commit, change, kind, code)
            if change.status == "D" and change.before:
                self.gone[change.path] = change.before
            elif change.status == "A":
                self.gone.pop(change.path, None)

    def entry(self, commit: Commit, change: Change, kind: str, moves: dict[str, str]) -> None:
        """CT301-CT303: an entry is never edited, deleted or renamed."""
        path = change.path
        if change.status == "M" and kind == ENTRY and change.before != change.new:
            if self.first("CT301", path):
                self.queue((change.before, change.new),
                           lambda blobs: self.edited(commit, change, blobs))
        elif change.status == "A" and kind == ENTRY and self.gone.get(path, change.new) \
                != change.new:
            if self.first("CT301", path):
                self.report("CT301", commit, path,
                            "history entry deleted and re-created with different content "
                            f"{where(commit, change)}; history is append-only",
                            "Restore the content it had when it was added, and write the "
                            "correction as a new entry.")
        elif change.status == "D" and path in moves:
            if self.first("CT303", path):
                self.report("CT303", commit, path,
                            f"history entry renamed to `{moves[path]}` {where(commit, change)}; "
                            "an entry keeps the name it was added under",
                            f"Move it back (`git mv {moves[path]} {path}`); if the name was "
                            "wrong, say so in a new entry instead of renaming this one.")
        elif change.status == "D":
            if self.first("CT302", path):
                self.report("CT302", commit, path,
                            f"history entry deleted {where(commit, change)}; history is "
                            f"never deleted", f"Restore it (`{_restore(commit, path)}`); if it "
                            "was wrong, write a correction as a new entry.")

    def edited(self, commit: Commit, change: Change, blobs: dict[str, bytes | None]) -> None:
        old, new = blobs.get(change.before or ""), blobs.get(change.new or "")
        line = first_difference(old, new) if old is not None and new is not None else 1
        added = self.history.added_in(change.path)
        after = f" after commit {added.short} added it" if added and added.sha else ""
        if commit.pending:
            hint = (f"Undo the edit (`git restore --staged --worktree -- {change.path}`) and "
                    "write the correction as a new entry.")
        else:
            hint = (f"Restore the original (`git checkout {commit.short}^ -- {change.path}`) "
                    "and write the correction as a new entry; history is never edited.")
        # A version that was not read (over max_file_size) has no line to show.
        first = f" (first change at line {line})" if old is not None and new is not None else ""
        self.report("CT301", commit, change.path,
                    f"history entry changed {where(commit, change)}{after}{first}; history is "
                    "append-only", hint, line=line)

    def log(self, commit: Commit, change: Change, kind: str, moves: dict[str, str]) -> None:
        """CT304: collect every version that must begin with an earlier one."""
        path = change.path
        if change.status == "D":
            if kind == APPEND_ONLY:  # a deleted logs/ file is a deleted entry (CT302)
                moved = f" (moved to `{moves[path]}`)" if path in moves else ""
                self.report("CT304", commit, path,
                            f"append-only log deleted{moved} {where(commit, change)}",
                            f"Restore it with all its lines (`{_restore(commit, path)}`) and "
                            "keep appending to it.")
        elif change.status == "A":
            previous = self.gone.get(path)
            if previous is not None and previous != change.new:
                self.growths.append(_Growth(commit, change, (previous,), True))
        else:
            olds = tuple(oid for oid in change.old if oid is not None)
            if olds and change.new not in olds:
                self.growths.append(_Growth(commit, change, olds, False))

    def judge_growths(self) -> None:
        """CT304: hash checks first; contents are read only to describe a rewrite."""
        if not self.growths:
            return
        grown = [(growth, growth.change.new) for growth in self.growths
                 if growth.change.new is not None]  # a deletion is never a growth
        answers = self.history.prefix_checks(
            [(old, new) for growth, new in grown for old in growth.olds])
        for growth, new in grown:
            # A merge passes when it begins with any of its parents' versions.
            if not any(answers.get((old, new), True) for old in growth.olds):
                self.queue((growth.olds[0], new), functools.partial(self.rewritten, growth))

    def rewritten(self, growth: _Growth, blobs: dict[str, bytes | None]) -> None:
        commit, change = growth.commit, growth.change
        old, new = blobs.get(growth.olds[0]), blobs.get(change.new or "")
        if old is None or new is None:
            return
        message, line = _rewrite(old, new, growth.recreated)
        shown = f"{commit.short}^" if commit.sha else "HEAD"
        self.report("CT304", commit, change.path,
                    f"append-only log {message} {where(commit, change)}",
                    f"A log only grows: restore the lines it had (`git show {shown}:"
                    f"{change.path}`) and append new lines after them; never edit, reorder, "
                    "truncate or re-create it.", line=line)

    def pairing(self, commit: Commit, change: Change, kind: str, code: str) -> None:
        """CT305-CT307: a state change that its history directory did not record."""
        if kind == STATE:
            if change.status == "M" and change.before != change.new:
                self.report(code, commit, STATE,
                            f"STATE.md overwritten {where(commit, change)} without adding a "
                            "snapshots/ entry in the same commit",
                            "Save the previous state as snapshots/YYYY-MM-DDTHH-MM-SS.md "
                            "(`continuity new snapshot`) in the commit that overwrites "
                            "STATE.md.")
        elif change.status != "A" and change.before != change.new:  # a new file removes nothing
            self.queue((change.before, change.new),
                       lambda blobs: self.items_removed(commit, change, kind, code, blobs))

    def items_removed(self, commit: Commit, change: Change, kind: str, code: str,
                      blobs: dict[str, bytes | None]) -> None:
        before = self.items(kind, change.before, blobs)
        after = self.items(kind, change.new, blobs)
        if before is None or after is None:
            return  # a version that is not text: nothing can be said about its items
        changes = compare(before, after)
        if kind == TODO and changes.removed:
            gone = changes.removed
            self.report(code, commit, TODO,
                        f"{'task' if len(gone) == 1 else 'tasks'} {_quote(i.key for i in gone)} "
                        f"removed from TODO.md {where(commit, change)} without adding a "
                        "completed/ entry",
                        "Record each finished task as completed/YYYY-MM-DD-task-slug.md with "
                        "its evidence, in the commit that removes it from TODO.md "
                        "(`continuity new completed`).")
        elif kind == LEARNINGS and (changes.removed or changes.changed):
            parts = []
            if changes.removed:
                parts.append(f"removed {_quote(i.key for i in changes.removed)}")
            if changes.changed:
                parts.append(f"changed {_quote(i.key for i in changes.changed)}")
            self.report(code, commit, LEARNINGS,
                        f"LEARNINGS.md insights {' and '.join(parts)} {where(commit, change)} "
                        "without adding a reflections/ entry",
                        "Write the story behind the change as reflections/YYYY-MM-DD-topic-"
                        "slug.md in the same commit (`continuity new reflection`).")

    def items(self, kind: str, oid: str | None, blobs: dict[str, bytes | None]) -> dict | None:
        """The tasks or insights of one version, parsed once though two commits compare it."""
        if oid is None:
            return {}
        key = (kind, oid)
        if key not in self._items:
            if len(self._items) >= 16:
                self._items.pop(next(iter(self._items)))
            self._items[key] = _parse_items(kind, blobs.get(oid))
        return self._items[key]


def _restore(commit: Commit, path: str) -> str:
    if commit.sha:
        return f"git checkout {commit.short}^ -- {path}"
    return f"git restore --staged --worktree -- {path}"


def _text(data: bytes | None) -> str | None:
    return None if data is None else decode(data).text


def _parse_items(kind: str, data: bytes | None) -> dict | None:
    text = _text(data)
    if text is None:
        return None
    return todo_tasks(text) if kind == TODO else learnings_insights(text)


def _rewrite(old: bytes, new: bytes, recreated: bool) -> tuple[str, int]:
    """How ``new`` fails to begin with ``old``: words, and the line in ``new`` to point at."""
    before = count_lines(old)
    if recreated:
        return (f"deleted and re-created without the {_plural(before, 'line')} it held", 1)
    if not new:
        return (f"reset to empty (its {_plural(before, 'line')} removed)", 1)
    if old.startswith(new):
        after = count_lines(new)
        if after < before:
            return (f"truncated from {_plural(before, 'line')} to {after}", 1)
        return (f"truncated: line {after} cut short", after)
    line = first_difference(old, new)
    return (f"rewritten in place: line {line} differs from the previous version "
            f"({_plural(before, 'line')})", min(line, max(count_lines(new), 1)))
