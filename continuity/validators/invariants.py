"""The protocol's history invariants, judged over one :class:`~continuity.history.log.History`.

"Old entries are never modified, renamed, or deleted" (CT301-CT303); append-only logs only
grow (CT304); and state changes pair with history: STATE.md overwritten -> a snapshot, a task
removed from TODO.md -> a completed/ entry, an insight of LEARNINGS.md removed or changed -> a
reflection, in the same commit (CT305-CT307). Seed ``continuity-history-directories.txt``.

One walk over the commits decides everything that the change lists alone can decide; what
needs contents (which tasks a TODO.md lost, whether a log still begins with its previous
version, the first changed line of an entry) is queued and read afterwards in one blob stream.
Each finding is reported once, at the first commit that caused it; an entry rewritten (CT301),
a log rewrite, and a pairing broken, are reported at every commit that does it.
"""

from __future__ import annotations

import functools
import os
import posixpath
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from continuity.config import DEFAULT_NOTE_GLOBS, Config
from continuity.errors import GitUnavailable
from continuity.formats.textfile import decode
from continuity.formats.words import plural
from continuity.history.git import GitError
from continuity.history.log import (
    Change,
    Commit,
    History,
    ignored_paths,
    ledger_paths,
    root_relative,
)
from continuity.model.kinds import DirectoryKind, is_non_entry
from continuity.model.state_items import Item, compare, learnings_insights, todo_tasks
from continuity.model.tree import MemoryTree, is_excluded
from continuity.validators.diagnostics import Violation
from continuity.validators.task_match import CompletedEntry, unaccounted

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
        # Every history kind in force, also one whose directory is gone (deleting all of
        # journal/ is CT302), but not a same-named directory that is not memory.
        self.directories: dict[str, DirectoryKind] = {
            kind.name: kind for kind in tree.kinds.history() if kind.name not in tree.not_memory}
        for name, directory in tree.directories.items():
            if directory.is_history:
                self.directories.setdefault(name, directory.kind)
        # A pairing is judged only where its history directory exists: a root with no
        # snapshots/ (GSD rewrites its STATE.md by design) never hears of CT305.
        self.present = frozenset(tree.directories)
        self.strict_names = not tree.recognition.is_protocol
        self.root = tree.root
        self.ledgers = {_relative(tree.root, path) for path in ledger_paths(tree)}
        # Note stores are append-only where the protocol keeps them, or where configuration
        # names them; elsewhere only the stores discovery found (an application's own
        # notes.jsonl, {"ts", "level", "msg"}, is its own business, not a log to judge).
        if tree.recognition.is_protocol or tuple(config.notes) != DEFAULT_NOTE_GLOBS:
            self.notes = [glob_regex(pattern) for pattern in config.notes]
        else:
            self.notes = [re.compile(re.escape(store.path) + r"\Z") for store in tree.note_stores]
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
            kind = self.directories[parts[0]]
            if self.strict_names and kind.parse("/".join(parts[1:])) is None:
                return None  # another convention's history is its named entries alone
            if kind.appends or (kind.grows_by_lines and path.endswith(".jsonl")):
                return LOG
            return ENTRY
        if any(pattern.match(path) for pattern in self.notes):
            return APPEND_ONLY
        return None

    def directory(self, path: str) -> str:
        return path.split("/", 1)[0]


def _relative(root: str | os.PathLike[str], path: str | os.PathLike[str]) -> str:
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


def _quote(items: Iterable[str]) -> str:
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
    after_deletion: int | None = None  # recreated: the index in Judge.deletions.seen it follows


@dataclass
class _Findings:
    """What the walk reports: the findings of each code, and the (code, path) of each report
    made once for a path (:meth:`Judge.first`)."""

    found: defaultdict[str, list[Violation]] = field(
        default_factory=lambda: defaultdict(list))
    claimed: set[tuple[str, str]] = field(default_factory=set)
    #: Each entry's content when first added (blob id): an edit back to it is a restoration.
    as_added: dict[str, str | None] = field(default_factory=dict)


@dataclass
class _Later:
    """What needs contents, judged after the walk: the jobs to run on blobs read in one
    stream, and the versions of append-only logs that must begin with an earlier one."""

    jobs: list[_Job] = field(default_factory=list)
    growths: list[_Growth] = field(default_factory=list)


@dataclass
class _Deletions:
    """Deletions, judged at the end of the walk: one whose file is still on disk, and that
    git never tracked again, took the path out of git on purpose (CT308), not deleted it."""

    # Each deletion seen, in history order: (commit, change, kind of path, the commit's moves).
    seen: list[tuple[Commit, Change, str, dict[str, str]]] = field(default_factory=list)
    gone: dict[str, str] = field(default_factory=dict)  # path -> its content when deleted
    # Paths whose last tracked event is a deletion; of those, the logs gone from disk that git
    # now ignores.
    out_of_git: set[str] = field(default_factory=set)
    ignored: set[str] = field(default_factory=set)
    # A log deleted, then added again holding all it held (`git rm --cached`, then tracked
    # again from a branch that kept it): index in ``seen`` -> the commit adding it back.
    # Nothing was lost: CT308, not CT304.
    bridged: dict[int, Commit] = field(default_factory=dict)
    # Paths taken out of git and kept on disk, by (commit, directory): one CT308 each.
    kept: dict[tuple[str | None, str], list[tuple[Commit, Change]]] = field(default_factory=dict)


@dataclass
class _Memo:
    """What is computed once per version or commit though asked again."""

    # The tasks or insights of recent TODO.md / LEARNINGS.md versions: (kind, blob) -> items.
    items: dict[tuple[str, str], dict[str, Item] | None] = field(default_factory=dict)
    # Commit -> the files it added or changed in archive/ folders and logs/ directories.
    touched: dict[str, tuple[_Touched, ...]] = field(default_factory=dict)


class Judge:
    """One walk over the history; findings per rule code.

    Its state: ``findings``, what is reported; ``later``, what is judged once contents are
    read; ``deletions``, judged at the end of the walk; ``memo``, what is not computed twice.
    """

    def __init__(self, history: History, layout: Layout, codes: frozenset[str]):
        """``codes``: those to judge (the history rules selected; see rules/history.py)."""
        self.history = history
        self.layout = layout
        self.codes = codes
        self.findings = _Findings()
        self.later = _Later()
        self.deletions = _Deletions()
        self.memo = _Memo()

    def run(self) -> defaultdict[str, list[Violation]]:
        try:
            for commit in self.history.all_commits():
                self.commit(commit)
            self.judge_growths()  # first: a log added back whole makes its deletion CT308
            self.judge_deletions()
            jobs = self.later.jobs
            if jobs:
                for index, blobs in self.history.read_jobs([job.oids for job in jobs]):
                    jobs[index].judge(blobs)
            self.report_kept()
        finally:
            self.history.close()
        return self.findings.found

    # -- bookkeeping

    def first(self, code: str, path: str) -> bool:
        """Claim the single report ``code`` makes about ``path``: True the first time only."""
        if code not in self.codes or (code, path) in self.findings.claimed:
            return False
        self.findings.claimed.add((code, path))
        return True

    def report(self, code: str, commit: Commit, path: str, message: str, hint: str,
               line: int = 1) -> None:
        if code in self.codes:
            if not commit.pending:
                hint = f"{hint} {way_back(commit)}"
            self.findings.found[code].append(Violation(
                path, message, hint, line=line, column=1, commit=commit.short,
                commit_date=commit.day,
                identity=f"commit:{commit.sha}" if commit.sha and not commit.pending else None))

    def queue(self, oids: tuple[str | None, ...],
              judge: Callable[[dict[str, bytes | None]], None]) -> None:
        """Judge later, with these blobs, once all of them are read in one stream."""
        self.later.jobs.append(_Job(oids, judge))

    # -- one commit

    def commit(self, commit: Commit) -> None:
        # A path "moved" to itself is one `git rm --cached` left in the working tree.
        moves = {old: new for old, new in commit.moved().items() if old != new}
        grown = {self.layout.directory(c.path) for c in commit.changes
                 if c.status == "A" and self.layout.kind(c.path) in (ENTRY, LOG)}
        for change in commit.changes:
            kind = self.layout.kind(change.path)
            if kind is None:
                continue
            if change.status == "A":
                if _untracked_file(change) and change.path in self.deletions.out_of_git:
                    continue  # out of git on purpose: git holds no version to compare with
                self.deletions.out_of_git.discard(change.path)  # tracked again
            elif change.status == "D" and kind in (ENTRY, LOG, APPEND_ONLY):
                self.deletions.out_of_git.add(change.path)
            if kind in (ENTRY, LOG):
                self.entry(commit, change, kind, moves)
            if kind in (LOG, APPEND_ONLY) and "CT304" in self.codes:
                self.log(commit, change, kind, moves)
            if kind in PAIRINGS and not commit.is_merge:
                directory, code = PAIRINGS[kind]
                # TODO.md: each removed task needs its own entry, so the entries are read.
                if (directory not in grown or kind == TODO) and code in self.codes \
                        and directory in self.layout.present:
                    self.pairing(commit, change, kind, code)
            if change.status == "D" and change.before:
                self.deletions.gone[change.path] = change.before
            elif change.status == "A":
                self.deletions.gone.pop(change.path, None)

    def entry(self, commit: Commit, change: Change, kind: str, moves: dict[str, str]) -> None:
        """CT301-CT303: an entry is never edited, deleted or renamed."""
        path = change.path
        if change.status == "A":
            self.findings.as_added.setdefault(path, change.new)
        # CT301 at every commit that rewrote the entry, not the first alone: a baseline entry
        # acknowledges one commit, so a later rewrite is never hidden behind it. A commit that
        # puts back the content the entry was added with undoes a rewrite: not one.
        if change.status == "M" and kind == ENTRY and change.before != change.new:
            if "CT301" in self.codes and change.new != self.findings.as_added.get(path):
                self.queue((change.before, change.new),
                           lambda blobs: self.edited(commit, change, blobs))
        elif change.status == "A" and kind == ENTRY and \
                self.deletions.gone.get(path, change.new) != change.new:
            if "CT301" in self.codes:
                self.report("CT301", commit, path,
                            "history entry deleted and re-created with different content "
                            f"{where(commit, change)}; history is append-only",
                            "Restore the content it had when it was added, and write the "
                            "correction as a new entry.")
        elif change.status == "D" and path in moves and _archived(path, moves[path]):
            pass  # moved into an archive/ folder, name kept (CONTEXT_BUDGET): not a rename
        elif change.status == "D" and kind == ENTRY and self.archived_outside(commit, change):
            pass  # moved into the root's archive/, outside the paths whose history is read
        elif change.status == "D" and path in moves:
            if self.first("CT303", path):
                self.report("CT303", commit, path,
                            f"history entry renamed to `{moves[path]}` {where(commit, change)}; "
                            "an entry keeps the name it was added under",
                            f"Move it back (`git mv {moves[path]} {path}`); if the name was "
                            "wrong, say so in a new entry instead of renaming this one.")
        elif change.status == "D":
            self.deletions.seen.append((commit, change, kind, moves))

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
                self.deletions.seen.append((commit, change, kind, moves))
        elif change.status == "A":
            previous = self.deletions.gone.get(path)
            deletion = self.last_deletion(path) if previous is not None else None
            if previous is not None and previous != change.new:
                self.later.growths.append(_Growth(commit, change, (previous,), True, deletion))
            elif previous is not None and deletion is not None:
                self.deletions.bridged[deletion] = commit  # added back as it was
        else:
            olds = tuple(oid for oid in change.old if oid is not None)
            if olds and change.new not in olds:
                self.later.growths.append(_Growth(commit, change, olds, False))

    def last_deletion(self, path: str) -> int | None:
        seen = self.deletions.seen
        for index in range(len(seen) - 1, -1, -1):
            if seen[index][1].path == path:
                return index
        return None

    def judge_deletions(self) -> None:
        """CT302/CT304 for deletions; CT308 once per commit and directory for a path taken
        out of git whose file remains on disk (`git rm --cached`, the seed's local-only
        ledger): nothing is lost, but from then on its history cannot be verified. A log kept
        on disk may have grown since; an entry must still be what it was when untracked
        (else it was deleted, and another file now has its name)."""
        deletions = self.deletions
        last = {change.path: index for index, (_, change, _, _) in enumerate(deletions.seen)}
        ignored = deletions.ignored = self.ignored_now(last)
        for index, (commit, change, kind, moves) in enumerate(deletions.seen):
            path = change.path
            if index in deletions.bridged:
                self.untracked_for_a_while(commit, change, deletions.bridged[index])
                continue
            on_disk = os.path.lexists(os.path.join(self.layout.root, path))
            if kind == APPEND_ONLY and path in ignored and not on_disk:
                on_disk = True  # taken out of git on purpose: .gitignore now ignores it
            if last[path] != index or path not in deletions.out_of_git or not on_disk \
                    or path in moves:
                self.deleted(commit, change, kind, moves)
            elif kind == ENTRY and change.before:
                self.queue((change.before,),
                           functools.partial(self.still_on_disk, commit, change, moves))
            else:
                self.keep(commit, change)

    def ignored_now(self, last: dict[str, int]) -> set[str]:
        """Append-only logs whose last event is a deletion and that the repository's ignore
        rules now ignore (agentops: `.agents/` "local, git-ignored by default"; a commit
        "stop tracking agents runtime state"): taken out of git on purpose, not deleted. In a
        fresh clone the file is not on disk, so only git can tell."""
        deletions = self.deletions
        wanted = [path for path, index in last.items()
                  if deletions.seen[index][2] == APPEND_ONLY and path in deletions.out_of_git
                  and not os.path.lexists(os.path.join(self.layout.root, path))]
        if not wanted:
            return set()
        try:
            return set(ignored_paths(self.history.repository, self.layout.root, wanted))
        except (GitError, GitUnavailable):
            return set()  # git cannot say: judged as before

    def still_on_disk(self, commit: Commit, change: Change, moves: dict[str, str],
                      blobs: dict[str, bytes | None]) -> None:
        old = blobs.get(change.before or "")
        try:
            same = old is not None and \
                (self.layout.root / change.path).read_bytes() == old
        except OSError:
            same = False
        if same:
            self.keep(commit, change)
        else:
            self.deleted(commit, change, ENTRY, moves)

    def keep(self, commit: Commit, change: Change) -> None:
        group = (commit.sha, change.path.split("/", 1)[0])
        self.deletions.kept.setdefault(group, []).append((commit, change))

    def deleted(self, commit: Commit, change: Change, kind: str, moves: dict[str, str]) -> None:
        path = change.path
        if kind == APPEND_ONLY:
            moved = f" (moved to `{moves[path]}`)" if path in moves else ""
            self.report("CT304", commit, path,
                        f"append-only log deleted{moved} {where(commit, change)}",
                        f"Restore it with all its lines (`{_restore(commit, path)}`) and "
                        "keep appending to it.")
        elif self.first("CT302", path):
            self.report("CT302", commit, path,
                        f"history entry deleted {where(commit, change)}; history is "
                        f"never deleted", f"Restore it (`{_restore(commit, path)}`); if it "
                        "was wrong, write a correction as a new entry.")

    def untracked_for_a_while(self, commit: Commit, change: Change, back: Commit) -> None:
        if self.first("CT308", f"{change.path}@{commit.sha or 'pending'}"):
            self.report("CT308", commit, change.path,
                        f"`{change.path}` taken out of git {where(commit, change)} and tracked "
                        f"again {f'in commit {back.short}' if back.sha else 'in the working tree'}"
                        " holding every line "
                        "it had: nothing was lost, but its history between the two cannot be "
                        "verified",
                        "Nothing to restore. If it left git by mistake, keep it tracked; if on "
                        "purpose, ignore CT308 for it.")

    def report_kept(self) -> None:
        for group in self.deletions.kept.values():
            commit, change = group[0]
            paths = [c.path for _, c in group]
            names = _quote(paths)
            what = "it" if len(paths) == 1 else f"these {len(paths)} files"
            state = "remain on disk" if not set(paths) & self.deletions.ignored else "now ignored"
            self.report("CT308", commit, change.path,
                        f"{names} taken out of git {where(commit, change)} ({what} {state}"
                        ", untracked): from then on the append-only history cannot be "
                        "verified",
                        "Nothing to restore: this is how a local-only ledger is kept (the seed "
                        "prescribes it). To have it verified again, track it (`git add -f "
                        f"{paths[0]}`); to keep it local, ignore CT308 for it.")

    def judge_growths(self) -> None:
        """CT304: hash checks first; contents are read only to describe a rewrite."""
        growths = self.later.growths
        if not growths:
            return
        grown = [(growth, growth.change.new) for growth in growths
                 if growth.change.new is not None]  # a deletion is never a growth
        answers = self.history.prefix_checks(
            [(old, new) for growth, new in grown for old in growth.olds])
        for growth, new in grown:
            # A merge passes when it begins with any of its parents' versions.
            if not any(answers.get((old, new), True) for old in growth.olds):
                self.queue((growth.olds[0], new), functools.partial(self.rewritten, growth))
            elif growth.after_deletion is not None:
                self.deletions.bridged[growth.after_deletion] = growth.commit  # added back, grown

    def rewritten(self, growth: _Growth, blobs: dict[str, bytes | None]) -> None:
        commit, change = growth.commit, growth.change
        old, new = blobs.get(growth.olds[0]), blobs.get(change.new or "")
        if old is None or new is None:
            return
        if not growth.recreated and self.rotated(commit, change.path, old, new):
            return  # lines rotated to an archive in the same commit (CONTEXT_BUDGET)
        message, line = _rewrite(old, new, growth.recreated)
        shown = f"{commit.short}^" if commit.sha else "HEAD"
        self.report("CT304", commit, change.path,
                    f"append-only log {message} {where(commit, change)}",
                    f"A log only grows: restore the lines it had (`git show {shown}:"
                    f"{change.path}`) and append new lines after them; never edit, reorder, "
                    "truncate or re-create it.", line=line)

    # -- rotation and archiving (the protocol's CONTEXT_BUDGET.md)

    def rotated(self, commit: Commit, path: str, old: bytes, new: bytes) -> bool:
        """Whether the lines ``new`` lost from the head of ``old`` went, in order, into a file
        under an archive/ folder or another logs/ file in the same commit."""
        head = rotated_head(old, new)
        if not head:
            return False
        for touched in self.touched(commit):
            if touched.path == path or touched.new is None:
                continue
            copies = self._blobs([touched.new] + ([touched.old] if touched.old else []))
            after = copies.get(touched.new)
            before = copies.get(touched.old) if touched.old else None
            if after is not None and head in after and (before is None or head not in before):
                return True
        return False

    def archived_outside(self, commit: Commit, change: Change) -> bool:
        """A deleted entry whose content arrived, under its own name, in an archive/ folder
        of the repository in the same commit (a path outside the memory root's history)."""
        return any(t.new == change.before and t.old is None and _archived(change.path, t.path)
                   for t in self.touched(commit))

    def touched(self, commit: Commit) -> tuple[_Touched, ...]:
        """Every file the commit added or changed in archive/ folders and logs/ directories:
        its own changes, and for a commit the repository's beyond the memory root."""
        key = commit.sha or ""
        touched = self.memo.touched
        if key not in touched:
            found = [_Touched(c.path, c.before, c.new) for c in commit.changes
                     if c.status in ("A", "M") and _archive_or_log(c.path)]
            if commit.sha:
                found.extend(self._beyond(commit, {t.path for t in found}))
            touched[key] = tuple(found)
        return touched[key]

    def _beyond(self, commit: Commit, seen: set[str]) -> list[_Touched]:
        repo = self.history.repository
        base = [commit.parents[0]] if commit.parents else ["--root"]
        try:
            raw = repo.run("diff-tree", "-r", "-z", "--no-renames", "--no-commit-id", *base,
                           commit.sha or "HEAD")
        except GitError:
            return []
        found = []
        tokens = raw.split(b"\0")
        for meta, name in zip(tokens[0::2], tokens[1::2]):
            parts = meta.split(b" ")
            if len(parts) < 5 or parts[4][:1] not in (b"A", b"M"):
                continue
            path = root_relative(name.decode("utf-8", "surrogateescape"), self.history.prefix)
            if path in seen or not _archive_or_log(path):
                continue
            old = parts[2].decode("ascii")
            found.append(_Touched(path, None if set(old) == {"0"} else old,
                                  parts[3].decode("ascii")))
        return found

    def _blobs(self, oids: list[str]) -> dict[str, bytes | None]:
        """A few blobs read apart from the main stream (which may be mid-read)."""
        disk = {oid for oid in oids if oid in self.history.worktree_blobs}
        found: dict[str, bytes | None] = {}
        for oid in disk:
            path = self.history.repository.top / self.history.worktree_blobs[oid]
            try:
                found[oid] = path.read_bytes()
            except OSError:
                found[oid] = None
        try:
            # A reader of its own: the history's stream may be in the middle of a batch.
            with self.history.repository.blob_reader() as reader:
                found.update(reader.read([o for o in oids if o not in disk],
                                         max_size=self.history.max_blob_size))
        except GitError:
            pass
        return found

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
            entries = tuple(c for c in commit.changes if c.status == "A" and c.new and
                            self.layout.kind(c.path) == ENTRY and
                            self.layout.directory(c.path) == PAIRINGS[TODO][0]) \
                if kind == TODO else ()
            self.queue((change.before, change.new, *(c.new for c in entries)),
                       lambda blobs: self.items_removed(commit, change, kind, code, blobs,
                                                        entries))

    def items_removed(self, commit: Commit, change: Change, kind: str, code: str,
                      blobs: dict[str, bytes | None], entries: tuple[Change, ...] = ()) -> None:
        before = self.items(kind, change.before, blobs)
        after = self.items(kind, change.new, blobs)
        if before is None or after is None:
            return  # a version that is not text: nothing can be said about its items
        changes = compare(before, after)
        if kind == TODO and changes.removed:
            written = [CompletedEntry(posixpath.basename(c.path), _text(blobs.get(c.new or "")))
                       for c in entries]
            removed = list(changes.removed)
            for task in unaccounted(removed, written):
                some = plural(len(written), 'completed/ entry', 'completed/ entries')
                added = (f" (that commit adds {some} for "
                         f"{plural(len(removed), 'removed task')})" if written else "")
                self.report(code, commit, TODO,
                            f"task `{task.key}` removed from TODO.md {where(commit, change)} "
                            f"without a completed/ entry of its own{added}",
                            "Record each finished task as its own completed/YYYY-MM-DD-task-"
                            "slug.md (its Task ID in the name or the Task ID row) with its "
                            "evidence, in the commit that removes it from TODO.md "
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

    def items(self, kind: str, oid: str | None, blobs: dict[str, bytes | None]
              ) -> dict[str, Item] | None:
        """The tasks or insights of one version, parsed once though two commits compare it."""
        if oid is None:
            return {}
        key = (kind, oid)
        parsed = self.memo.items
        if key not in parsed:
            if len(parsed) >= 16:
                parsed.pop(next(iter(parsed)))
            parsed[key] = _parse_items(kind, blobs.get(oid))
        return parsed[key]


class _Touched(NamedTuple):
    path: str  # relative to the memory root ('../' above it)
    old: str | None
    new: str | None


def _parts(path: str) -> list[str]:
    return [part for part in path.split("/") if part not in ("", ".", "..")]


def _archive_or_log(path: str) -> bool:
    """A file in an archive/ folder anywhere, or a JSON Lines file in a logs/ directory."""
    parts = _parts(path)
    return "archive" in parts[:-1] or ("logs" in parts[:-1] and path.endswith(".jsonl"))


def _archived(old: str, new: str) -> bool:
    """``new`` is ``old`` moved, under its own name, into an archive/ folder: inside its
    history directory (``journal/archive/``) or the root's (``archive/journal/``)."""
    return posixpath.basename(old) == posixpath.basename(new) and \
        "archive" in _parts(new)[:-1] and "archive" not in _parts(old)[:-1]


#: Candidate cuts compared in full before a log is judged not rotated: a log of one line
#: repeated could otherwise cost a comparison of the whole file per line (quadratic).
MAX_ROTATION_CANDIDATES = 64


def rotated_head(old: bytes, new: bytes) -> bytes | None:
    """The whole lines ``new`` lost from the head of ``old``, when ``new`` keeps the rest in
    order (and may have grown after it); None when ``new`` is not such a rotation."""
    if not old or new.startswith(old):
        return None  # nothing removed
    if not new:
        return old  # every line rotated out
    end = new.find(b"\n")
    first = new[:end + 1] if end >= 0 else new
    # The kept tail old[cut:] is a prefix of new, so it is no longer than new.
    start = max(0, len(old) - len(new) - 1)
    compared = 0
    view_old, view_new = memoryview(old), memoryview(new)
    while compared < MAX_ROTATION_CANDIDATES:
        cut = old.find(b"\n", start)
        if cut < 0:
            return None
        cut += 1
        start = cut
        if cut != len(old) and not old.startswith(first, cut):
            continue
        compared += 1
        if view_new[:len(old) - cut] == view_old[cut:]:
            return old[:cut]
    return None


def _untracked_file(change: Change) -> bool:
    """A file in the working tree that git does not track (``git status`` ``??``)."""
    return change.stage == "uncommitted" and change.old == (None,)


def way_back(commit: Commit) -> str:
    """What a committed finding's hint adds: the commit stays in history, so restoring the
    file does not end the finding; the two ways out that do."""
    return ("The commit stays in history, so this finding stays too: once the correction is "
            "made (a new entry, a restored file), acknowledge it with `continuity check "
            "--add-baseline --reason \"...\"` and commit .continuity-baseline.json, or set "
            f"`since = \"{commit.short}\"` (a fixed commit, never HEAD or a branch) to judge "
            "only the commits after it.")


def _restore(commit: Commit, path: str) -> str:
    if commit.sha:
        return f"git checkout {commit.short}^ -- {path}"
    return f"git restore --staged --worktree -- {path}"


def _text(data: bytes | None) -> str | None:
    return None if data is None else decode(data).text


def _parse_items(kind: str, data: bytes | None) -> dict[str, Item] | None:
    text = _text(data)
    if text is None:
        return None
    return todo_tasks(text) if kind == TODO else learnings_insights(text)


def _rewrite(old: bytes, new: bytes, recreated: bool) -> tuple[str, int]:
    """How ``new`` fails to begin with ``old``: words, and the line in ``new`` to point at."""
    before = count_lines(old)
    if recreated:
        return (f"deleted and re-created without the {plural(before, 'line')} it held", 1)
    if not new:
        return (f"reset to empty (its {plural(before, 'line')} removed)", 1)
    if old.startswith(new):
        after = count_lines(new)
        if after < before:
            return (f"truncated from {plural(before, 'line')} to {after}", 1)
        return (f"truncated: line {after} cut short", after)
    line = first_difference(old, new)
    return (f"rewritten in place: line {line} differs from the previous version "
            f"({plural(before, 'line')})", min(line, max(count_lines(new), 1)))
