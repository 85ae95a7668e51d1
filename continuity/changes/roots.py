"""One memory root's review, in the words of its convention: living files by section, files
added, renamed and deleted, entries and cycles appended, append-only promises broken, index
lines left dangling, and the load window."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from continuity.changes.delta import FileDelta, read_texts, worktree_text
from continuity.changes.living import review_sections
from continuity.changes.model import (
    Appended,
    BrokenPromise,
    CommitRef,
    Dangling,
    FileEvent,
    LivingReview,
    RootChanges,
)
from continuity.changes.revisions import ReviewRange
from continuity.changes.window import load_window
from continuity.formats.links import local_target
from continuity.history.diffs import section_changes, split_lines
from continuity.history.log import Commit, History
from continuity.history.versions import Timeline, read_timeline
from continuity.model.naming import date_in_name
from continuity.model.tree import MemoryTree

#: What each convention calls its living files (the index has its own word).
LIVING_WORDS = {"claude": "topic", "cline": "core file", "continuity": "state file",
                "openclaw": "workspace file", "gsd": "planning file", "gptme": "context file"}
UNCOMMITTED = CommitRef("", "", "", "not committed yet")
#: The words of files counted as appended (history entries, dated notes), not listed.
ENTRY_WORDS = ("history entry", "daily note", "journal entry", "note")
_LINK = re.compile(r"\]\(\s*(<[^>]*>|[^)\s]+)")


@dataclass
class Classifier:
    """What a root-relative path is, by the convention of the root at HEAD (and at BASE, for
    what HEAD no longer has)."""

    trees: list[MemoryTree]
    living: set[str] = field(default_factory=set)
    index: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        for tree in self.trees:
            self.living.update(state.path for state in tree.living_files())
            convention = tree.convention
            if convention is not None and convention.index:  # Claude's MEMORY.md, OpenClaw's
                self.index.update(state.path for state in tree.index_files()
                                  if convention.is_index(state.name))

    @property
    def convention(self) -> str | None:
        for tree in self.trees:
            if tree.convention is not None:
                return tree.convention.name
        return None

    def kind(self, path: str) -> str | None:
        """The convention's word for the file; None: not part of the memory."""
        if path in self.index:
            return "index"
        if path in self.living or self._living_by_name(path):
            return LIVING_WORDS.get(self.convention or "", "living file")
        for tree in self.trees:
            if tree.ledger is not None and tree.ledger.path == path:
                return "ledger"
            if any(store.path == path for store in tree.note_stores):
                return "note store"
            directory = path.split("/", 1)[0] if "/" in path else ""
            found = tree.directories.get(directory)
            if found is not None:
                return _entry_word(self.convention, found.is_history, path)
        for tree in self.trees:
            if tree.in_memory(path):
                return "file"
        return None

    def _living_by_name(self, path: str) -> bool:
        """A file HEAD's tree does not hold (deleted, or not read) that the convention calls
        living by its name (a Claude topic, a Cline core file)."""
        if "/" in path:
            return False
        return any(tree.convention is not None and tree.convention.living and
                   tree.convention.is_living(path) for tree in self.trees)

    def append_only(self, path: str) -> str | None:
        """'entry', 'log' (may grow by lines) or None: what promise the path is under."""
        for tree in self.trees:
            if (tree.ledger is not None and tree.ledger.path == path) or \
                    any(store.path == path for store in tree.note_stores):
                return "log"
            directory = path.split("/", 1)[0] if "/" in path else ""
            found = tree.directories.get(directory)
            if found is not None and found.is_history:
                kind = found.kind
                return "log" if (kind.grows_by_lines or kind.appends) else "entry"
        return None


#: What a convention's users call its dated files (OpenClaw's memory/YYYY-MM-DD.md, a gptme
#: journal's days); the directory is the convention's, so its name need not be compared.
DATED_WORDS = {"openclaw": "daily note", "gptme": "journal entry"}


def _entry_word(convention: str | None, history: bool, path: str) -> str:
    if convention in DATED_WORDS:
        # A file without a day in its name (memory/heartbeat-state.json) is no daily note.
        return DATED_WORDS[convention] if date_in_name(path) else "file"
    return "history entry" if history else "note"


def commit_ref(commit: Commit) -> CommitRef:
    return CommitRef(commit.sha or "", commit.author, commit.date, commit.subject)


def in_prefix(path: str, prefix: str) -> bool:
    return not prefix or path.startswith(prefix + "/")


def relative(path: str, prefix: str) -> str:
    return path[len(prefix) + 1:] if prefix else path


def review_root(scope: ReviewRange, shown: str, prefix: str, head_tree: MemoryTree,
                base_tree: MemoryTree | None, deltas: Iterable[FileDelta],
                history: History, other_prefixes: Iterable[str]) -> RootChanges:
    """The review of the root at ``prefix`` (top-relative) from the range's ``deltas`` (of
    every root: a rename between two roots is named in both) and its ``history``."""
    convention = head_tree.convention or (base_tree.convention if base_tree else None)
    changes = RootChanges(shown, prefix, convention.title if convention else
                          "no known convention", base_tree is not None,
                          commits=len(history.commits))
    # A root nested in this one reviews its own files.
    nested = [p for p in other_prefixes if p != prefix and in_prefix(p, prefix)]

    def ours(path: str | None) -> bool:
        return path is not None and in_prefix(path, prefix) and \
            not any(in_prefix(path, p) for p in nested)

    mine: list[FileDelta] = []
    for delta in deltas:
        here, there = ours(delta.path), ours(delta.old_path)
        if delta.status == "R" and here != there:
            _cross_root(changes, delta, prefix, here)
            if here:
                mine.append(FileDelta(delta.path, "A", None, None, delta.new_blob))
            else:
                mine.append(FileDelta(delta.old_path or "", "D", None, delta.old_blob, None))
        elif here:
            mine.append(delta)
    reviewer = _Reviewer(scope, prefix, head_tree, base_tree, history, changes, mine)
    # The commits that touched the memory, not the code beside it (a root at the top).
    changes.commits = sum(1 for commit in history.commits
                          if any(reviewer.classify.kind(change.path) is not None
                                 for change in commit.changes))
    for delta in sorted(mine, key=lambda d: d.path):
        reviewer.take(delta)
    changes.appended = [Appended(place, what, count)
                        for (place, what), count in sorted(reviewer.appended.items())]
    return changes


class _Reviewer:
    """Files one root's changes where they belong, one delta at a time."""

    def __init__(self, scope: ReviewRange, prefix: str, head_tree: MemoryTree,
                 base_tree: MemoryTree | None, history: History, changes: RootChanges,
                 mine: list[FileDelta]):
        self.scope, self.prefix, self.head_tree = scope, prefix, head_tree
        self.classify = Classifier([t for t in (head_tree, base_tree) if t is not None])
        self.changes, self.events = changes, history.paths
        self.pending = not scope.head.committed
        # Texts are read where they are compared (living files, logs) or could be binary
        # (a file of no kind of its own): an entry added is only counted.
        self.texts = read_texts(scope, [b for d in mine if self._read(d)
                                        for b in (d.old_blob, d.new_blob) if b])
        living = [relative(d.path, prefix) for d in mine if d.status in "AM"
                  and relative(d.path, prefix) in self.classify.living]
        self.timeline = read_timeline(history, living)
        self.appended: dict[tuple[str, str], int] = {}

    def _read(self, delta: FileDelta) -> bool:
        path = relative(delta.path, self.prefix)
        promise = self.classify.append_only(path)
        if promise == "log":
            return True  # a log may grow: what it gained is counted, a rewrite is not
        if delta.status == "M" and promise == "entry":
            return False  # an entry edited: the promise is broken whatever the text says
        return delta.status == "M" or self.classify.kind(path) not in ENTRY_WORDS

    def head_text(self, delta: FileDelta) -> str | None:
        if delta.status == "D":
            return None
        if self.pending and delta.new_blob is None:
            return worktree_text(self.scope.repository.top, delta.path)
        return self.texts.get(delta.new_blob or "")

    def last_commit(self, path: str, statuses: str) -> CommitRef | None:
        found = [e.commit for e in self.events.get(path, ()) if e.change.status in statuses]
        if found:
            return commit_ref(found[-1])
        return UNCOMMITTED if self.pending else None

    def count(self, place: str, what: str, added: int) -> None:
        if added:
            self.appended[(place, what)] = self.appended.get((place, what), 0) + added

    def take(self, delta: FileDelta) -> None:
        classify, changes = self.classify, self.changes
        path = relative(delta.path, self.prefix)
        old_path = relative(delta.old_path, self.prefix) if delta.old_path else None
        kind = classify.kind(path) or (classify.kind(old_path) if old_path else None)
        if kind is None:
            return  # not part of the memory (the code beside it)
        before, after = self.texts.get(delta.old_blob or ""), self.head_text(delta)
        binary = (delta.old_blob in self.texts and before is None) or (
            delta.status != "D" and after is None and
            (delta.new_blob is None or delta.new_blob in self.texts))
        promise = classify.append_only(path) or (classify.append_only(old_path)
                                                 if old_path else None)
        if delta.status == "R":
            commit = self.last_commit(old_path or "", "D")
            changes.files.append(FileEvent(path, kind, "renamed", old_path, commit))
            if promise is not None:
                changes.broken.append(BrokenPromise(old_path or path, f"renamed to {path}",
                                                    commit))
            changes.dangling.extend(_dangling(self.head_tree, classify.index, old_path or "",
                                              f"renamed to {path}"))
        elif delta.status == "A":
            if kind in ENTRY_WORDS:
                self.count(path.rsplit("/", 1)[0] + "/", kind, 1)
            else:
                changes.files.append(FileEvent(path, kind, "added", None,
                                               self.last_commit(path, "A"), binary))
        elif delta.status == "D":
            commit = self.last_commit(path, "D")
            changes.files.append(FileEvent(path, kind, "deleted", None, commit, binary))
            if promise is not None:
                changes.broken.append(BrokenPromise(path, "deleted", commit))
            changes.dangling.extend(_dangling(self.head_tree, classify.index, path, "deleted"))
        elif promise == "log":
            self.log_changed(path, kind, before, after)
        elif promise == "entry":
            changes.broken.append(BrokenPromise(path, "edited after it was committed",
                                                self.last_commit(path, "M")))
        elif path not in classify.living:
            changes.files.append(FileEvent(path, kind, "modified", None,
                                           self.last_commit(path, "M"), binary,
                                           _sections_changed(path, before, after)))
        if path in classify.living and delta.status in "AM":
            changes.living.append(_living(path, kind, delta, before, after, binary,
                                          self.timeline, self.pending))
            window = load_window(classify.convention, path, before, after)
            if window is not None:
                changes.windows.append(window)

    def log_changed(self, path: str, kind: str, before: str | None, after: str | None) -> None:
        """An append-only log: lines appended are counted, anything else breaks the promise."""
        old_lines, new_lines = split_lines(before), split_lines(after)
        if before is not None and after is not None and new_lines[:len(old_lines)] == old_lines:
            what = {"ledger": "ledger cycle", "note store": "note"}.get(kind, "line")
            self.count(path, what, len(new_lines) - len(old_lines))
        else:
            self.changes.broken.append(BrokenPromise(
                path, "rewritten (lines changed or removed, not only appended)",
                self.last_commit(path, "M")))


#: What the lines before a file's first ``##`` heading (its frontmatter, its title) are called.
TOP = "the top"


def _sections_changed(path: str, before: str | None, after: str | None) -> tuple[str, ...]:
    """The ``##`` sections a Markdown file's change touched, by name (a phase plan, a note)."""
    if not path.endswith(".md") or before is None or after is None:
        return ()
    return tuple(dict.fromkeys(change.section or TOP
                               for change in section_changes(before, after)))


def _cross_root(changes: RootChanges, delta: FileDelta, prefix: str, here: bool) -> None:
    if here:
        changes.notices.append(f"{relative(delta.path, prefix)} was moved here from "
                               f"{delta.old_path} (another memory root, or outside any): "
                               "shown as added here and deleted there")
    else:
        changes.notices.append(f"{relative(delta.old_path or '', prefix)} was moved out of "
                               f"this root to {delta.path}: shown as deleted here")


def _living(path: str, kind: str, delta: FileDelta, before: str | None, after: str | None,
            binary: bool, timeline: Timeline, pending: bool) -> LivingReview:
    status = {"A": "added", "D": "deleted"}.get(delta.status, "changed")
    if binary:
        return LivingReview(path, kind, status, 0, 0, (), (),
                            note="not text (binary, not UTF-8 or too large): not compared")
    found = timeline.get(path)
    versions: list[tuple[CommitRef, str | None, str | None]] = []
    if found is not None:
        for version in reversed(found.versions):
            ref = CommitRef(version.sha, version.author, version.date, version.subject)
            versions.append((ref, version.previous_text, version.text))
    if pending:
        last = versions[-1][2] if versions else before
        if last != after:
            versions.append((UNCOMMITTED, last, after))
    sections = review_sections(before, after, versions)
    commits = tuple(dict.fromkeys(ref for ref, _, _ in versions))
    return LivingReview(path, kind, status, len(split_lines(before)), len(split_lines(after)),
                        tuple(sections), commits)


def _dangling(head_tree: MemoryTree, index: set[str], gone: str, why: str) -> list[Dangling]:
    """The lines of HEAD's index files (``index``: as BASE or HEAD knew them) that still
    link to ``gone`` (root-relative)."""
    found = []
    for state in head_tree.state_files:
        if state.path not in index and state not in head_tree.index_files():
            continue
        text = state.file.text
        if text is None:
            continue
        folder = posixpath.dirname(state.path)
        for number, line in enumerate(text.split("\n"), 1):
            for match in _LINK.finditer(line):
                target = local_target(match.group(1))
                if target is None or not target[0]:
                    continue
                if posixpath.normpath(posixpath.join(folder, target[0])) == gone:
                    found.append(Dangling(state.path, number, gone, why))
    return found


def root_prefix(top: Path, root: Path) -> str:
    """The root relative to the top of the repository ('' at the top)."""
    rel = root.resolve().relative_to(top.resolve()).as_posix()
    return "" if rel == "." else rel
