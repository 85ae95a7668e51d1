"""The memory root's git history as plain data, read in a fixed, small number of git processes.

One ``git log`` pass lists every commit reachable from HEAD (or after ``since``) that touches
the memory root, with what it added, modified and deleted; one ``git status`` adds the changes
waiting in the index and the working tree, and the files git ignores; contents come through
one ``git cat-file --batch`` process, each blob read once and dropped after its last use, and
sizes through one ``git cat-file --batch-check``. This module knows git and where a
memory tree keeps its files; what the changes *mean* is for the history rules.

Decisions about the walk, so that every rule sees the same history:

- All parents of a merge are followed (no ``--first-parent``), in topological order, oldest
  first: a change made on a merged branch is seen at the commit that made it.
- ``--full-history``: path limiting must not prune a side branch whose changes a merge threw
  away; those commits are still in the history.
- A merge is shown as git's combined diff (``-c``): only the paths whose merged content
  differs from *every* parent, i.e. what the merge itself did (a conflict resolution, an
  "evil" merge). Whatever a parent already brought was seen at that parent's commits.
- Renames are not detected by git (``--no-renames``): a rename is a deletion and an addition,
  and :meth:`Commit.moved` pairs them by identical content.
- The log is limited to the memory root as one prefix (plus the ledger when it lies above the
  root): git's tree diff is cheapest with a single prefix, and a pathspec per directory
  doubles its cost. Which of those paths matter is decided afterwards, in Python. The status
  is limited to the memory's own paths, so untracked or ignored trees beside it (``.venv/``,
  ``node_modules/``) are never walked.
- Paths are read with ``-z`` and ``core.quotepath=off``: spaces and non-ASCII names come
  through as written; names that are not UTF-8 survive as surrogate escapes.
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import stat
from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import NamedTuple

from continuity.config import Config
from continuity.errors import GitUnavailable, UsageError
from continuity.history.background import Background
from continuity.history.git import BlobReader, GitError, Repository, refuse_unsafe_revision
from continuity.history.porcelain import (
    Ignored,
    Renamed,
    StatusRecord,
    Tracked,
    Unmerged,
    Untracked,
    status_records,
)
from continuity.model.kinds import LEDGER_PATH
from continuity.model.tree import MemoryTree, owns_repository_ledger

LOG_FORMAT = "%x01%H%x00%P%x00%aI%x00%s%x00%an%x00"

# User configuration that would change what ``git log`` and ``git status`` print.
NEUTRAL_CONFIG = (
    "-c", "log.showSignature=false", "-c", "log.follow=false", "-c", "diff.relative=false",
    "-c", "diff.renames=false", "-c", "status.renames=false",
)

GITLINK = b"160000"  # a submodule: a commit, not content of this repository
ZERO_IDS = frozenset({b"0" * 40, b"0" * 64})  # "no object": the path did not exist


class Change(NamedTuple):
    """One path changed by a commit (or waiting in the index or working tree).

    ``old`` holds the blob the path had in each parent (None where it had none): one element
    for an ordinary commit, one per parent for a merge. ``new`` is None for a deletion.
    ``stage`` is None for committed changes, ``"staged"`` for a change in the index that the
    working tree agrees with, and ``"uncommitted"`` for a change in the working tree.
    """

    path: str  # relative to the memory root, '/'-separated; '../' for files above it
    status: str  # "A" added, "M" modified (content or type), "D" deleted
    old: tuple[str | None, ...]
    new: str | None
    stage: str | None = None

    @property
    def before(self) -> str | None:
        """The previous content (the first parent that had the path)."""
        for oid in self.old:
            if oid is not None:
                return oid
        return None


@dataclass(frozen=True)
class Commit:
    """A commit and its changes under the memory root. ``sha`` None: the pending changes."""

    sha: str | None
    parents: tuple[str, ...]
    date: str  # author date, ISO 8601 ("" for pending changes)
    subject: str
    changes: tuple[Change, ...]
    author: str = ""  # the author's name, as git wrote it (the state timeline shows it)

    @property
    def short(self) -> str | None:
        return self.sha[:7] if self.sha else None

    @property
    def day(self) -> str | None:
        return self.date[:10] if self.date else None

    @property
    def is_merge(self) -> bool:
        return len(self.parents) > 1

    @property
    def pending(self) -> bool:
        return self.sha is None

    def added(self) -> list[Change]:
        return [c for c in self.changes if c.status == "A"]

    def moved(self) -> dict[str, str]:
        """Deleted path -> added path, where the same content left one and arrived at the other."""
        arrivals: dict[str, list[str]] = {}
        for change in self.changes:
            if change.status == "A" and change.new:
                arrivals.setdefault(change.new, []).append(change.path)
        moves: dict[str, str] = {}
        for change in self.changes:
            if change.status == "D" and change.before in arrivals and arrivals[change.before]:
                moves[change.path] = arrivals[change.before].pop(0)
        return moves


@dataclass(frozen=True)
class PathEvent:
    commit: Commit
    change: Change


@dataclass
class History:
    """What happened under one memory root, oldest first; the pending changes last."""

    repository: Repository
    prefix: str  # the memory root relative to the top of the repository ('' at the top)
    since: str | None
    commits: tuple[Commit, ...]
    pending: Commit | None
    object_format: str = "sha1"
    worktree_blobs: dict[str, str] = field(default_factory=dict)  # blob id -> top-relative path
    ignored: tuple[str, ...] = ()  # untracked files git ignores, relative to the memory root
    #: Versions larger than this are not read (None, as if unreadable): a huge file is not
    #: checked (CT603), and one of its versions must not fill memory. None: no limit.
    max_blob_size: int | None = None
    _reader: BlobReader | None = field(default=None, repr=False)

    def all_commits(self) -> tuple[Commit, ...]:
        return self.commits + ((self.pending,) if self.pending else ())

    @cached_property
    def paths(self) -> dict[str, tuple[PathEvent, ...]]:
        """Every path seen, with each change to it in order."""
        events: dict[str, list[PathEvent]] = {}
        for commit in self.all_commits():
            for change in commit.changes:
                events.setdefault(change.path, []).append(PathEvent(commit, change))
        return {path: tuple(found) for path, found in events.items()}

    def added_in(self, path: str) -> Commit | None:
        """The first commit (in range) that added ``path``."""
        for event in self.paths.get(path, ()):
            if event.change.status == "A":
                return event.commit
        return None

    # -- contents, all through one cat-file process

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()
            self._reader = None

    def read_blobs(self, oids: Iterable[str]) -> Generator[tuple[str, bytes | None], None, None]:
        """Blob contents in the order asked; working-tree versions come from the disk."""
        oids = list(oids)
        from_git = [oid for oid in oids if oid not in self.worktree_blobs]
        if self._reader is None:
            self._reader = self.repository.blob_reader()
        answers = self._reader.read(from_git, max_size=self.max_blob_size)
        try:
            for oid in oids:
                if oid in self.worktree_blobs:
                    yield oid, _read_worktree(self.repository.top / self.worktree_blobs[oid],
                                              self.max_blob_size)
                else:
                    yield next(answers)
        finally:
            answers.close()

    def read_blob(self, oid: str) -> bytes | None:
        for _, data in self.read_blobs([oid]):
            return data
        return None

    def read_jobs(self, jobs: Sequence[Sequence[str | None]]
                  ) -> Iterator[tuple[int, dict[str, bytes | None]]]:
        """For each job (the blobs one judgement needs), in order: its index and its blobs.

        Every blob is read once, in one stream, and kept only until the last job that needs
        it, so a file with thousands of versions never sits in memory all at once.
        """
        last_use: dict[str, int] = {}
        order: list[str] = []
        for index, job in enumerate(jobs):
            for oid in job:
                if oid is None:
                    continue
                if oid not in last_use:
                    order.append(oid)
                last_use[oid] = index
        blobs = self.read_blobs(order)
        cache: dict[str, bytes | None] = {}
        try:
            for index, job in enumerate(jobs):
                for oid in job:
                    if oid is not None and oid not in cache:
                        name, data = next(blobs)
                        cache[name] = data
                yield index, {oid: cache[oid] for oid in job if oid is not None}
                for oid in job:
                    if oid is not None and last_use.get(oid) == index:
                        cache.pop(oid, None)
        finally:
            blobs.close()

    def sizes(self, oids: Iterable[str]) -> dict[str, int | None]:
        oids = set(oids)
        sizes: dict[str, int | None] = {}
        for oid in oids & set(self.worktree_blobs):
            try:
                sizes[oid] = (self.repository.top / self.worktree_blobs[oid]).lstat().st_size
            except OSError:
                sizes[oid] = None
        sizes.update(self.repository.object_sizes(oids - set(self.worktree_blobs)))
        return sizes

    def prefix_checks(self, pairs: Iterable[tuple[str, str]]) -> dict[tuple[str, str], bool]:
        """For each (old, new): does blob ``new`` begin, byte for byte, with blob ``old``?

        The answer costs a hash, not a read: ``old`` is a prefix of ``new`` exactly when
        hashing the first ``size(old)`` bytes of ``new`` gives ``old``'s id. And when ``new``
        is itself a prefix of a later version already read, those bytes are that version's.
        So a log appended to in a thousand commits is read once (its latest version) plus
        once per rewrite, however many versions it had. Pairs are given oldest first; an
        object that cannot be read answers True (nothing can be said against it).

        The hashes are computed in threads (hashlib lets go of the GIL), on the guess that
        every check passes; where one fails, the older checks that relied on it are redone.
        """
        pairs = list(dict.fromkeys(pairs))
        if not pairs:
            return {}
        sizes = self.sizes({oid for pair in pairs for oid in pair})
        olds = {old for old, _ in pairs}
        anchors: dict[str, bytes | None] = {}  # versions read whole
        for oid, data in self.read_blobs(dict.fromkeys(new for _, new in pairs if new not in olds)):
            anchors[oid] = data

        # The guess: every check passes, so each version lies within the latest one read.
        guess: dict[str, str] = {oid: oid for oid in anchors}
        planned: dict[tuple[str, str], str] = {}
        for old, new in reversed(pairs):
            anchor = guess.get(new)
            if anchor is not None and _comparable(sizes.get(old), sizes.get(new)):
                planned[(old, new)] = anchor
                guess.setdefault(old, anchor)
        hashed = self._hash_prefixes(
            {(old, anchor) for (old, _), anchor in planned.items()}, sizes, anchors)

        # The truth, oldest dependency first: reuse each guessed hash whose guess held.
        within: dict[str, str] = {oid: oid for oid in anchors}
        answers: dict[tuple[str, str], bool] = {}
        for old, new in reversed(pairs):
            old_size, new_size = sizes.get(old), sizes.get(new)
            if old == new or old_size is None or new_size is None:
                answers[(old, new)] = True
                continue
            if old_size > new_size:
                answers[(old, new)] = False
                continue
            if new not in within:  # new broke from the version after it: read it whole
                anchors[new] = self.read_blob(new)
                within[new] = new
            anchor = within[new]
            anchor_data = anchors[anchor]
            if anchor_data is None:
                answers[(old, new)] = True
                continue
            if planned.get((old, new)) == anchor:
                same = hashed[(old, anchor)]
            else:
                same = blob_id(memoryview(anchor_data)[:old_size], self.object_format) == old
            answers[(old, new)] = same
            if same:
                within.setdefault(old, anchor)
        return answers

    def _hash_prefixes(self, checks: set[tuple[str, str]], sizes: dict[str, int | None],
                       anchors: dict[str, bytes | None]) -> dict[tuple[str, str], bool]:
        """For each (old, anchor): is ``old`` the first size(old) bytes of ``anchor``?"""
        def check(item: tuple[str, str]) -> bool:
            old, anchor = item
            data = anchors.get(anchor)
            size = sizes.get(old)
            if data is None or size is None:
                return True
            return blob_id(memoryview(data)[:size], self.object_format) == old

        items = list(checks)
        if len(items) < 64:
            return {item: check(item) for item in items}
        # Imported here: concurrent.futures brings logging, which nothing else of a check needs.
        from concurrent.futures import ThreadPoolExecutor

        workers = min(8, os.cpu_count() or 1)
        with ThreadPoolExecutor(max_workers=workers) as pool:
            return dict(zip(items, pool.map(check, items, chunksize=16)))


def _comparable(old_size: int | None, new_size: int | None) -> bool:
    return old_size is not None and new_size is not None and old_size <= new_size


# --------------------------------------------------------------------------- where to look


def memory_paths(tree: MemoryTree) -> tuple[list[Path], list[str]]:
    """What of a memory tree has a history: (absolute paths, root-relative globs).

    The state files whose changes history must explain, every history directory (the
    protocol's and those a mesh index declares), the cycle ledger wherever it may live, and
    the note stores. Library directories are curated and have no append-only history.
    """
    root: Path = tree.root
    config = tree.config
    paths = [root / name for name in ("STATE.md", "TODO.md", "LEARNINGS.md")]
    history_dirs = {kind.name for kind in tree.kinds.history() if kind.name not in tree.not_memory}
    history_dirs |= {name for name, d in tree.directories.items() if d.is_history}
    paths.extend(root / name for name in sorted(history_dirs))
    paths.extend(ledger_paths(tree))
    return paths, list(config.notes)


def ledger_paths(tree: MemoryTree) -> list[Path]:
    """The cycle ledger's possible places: the configured one, else root and repository top."""
    return ledger_places(tree.config, tree.root, tree.repo_root)


def ledger_places(config: Config, root: Path, repo_root: Path | None) -> list[Path]:
    """:func:`ledger_paths` before the tree is discovered (``root`` resolved)."""
    if config.ledger:
        return [(config.base_dir / config.ledger).absolute()]
    places = [root / LEDGER_PATH]
    if repo_root is not None and repo_root.resolve() != root and \
            owns_repository_ledger(root, repo_root, config):
        places.append(repo_root.resolve() / LEDGER_PATH)
    return places


# --------------------------------------------------------------------------- reading


class EarlyLog:
    """The ``git log`` of a memory root, read in a thread started before discovery.

    Discovery is Python work and the log is git's, in another process: started together they
    overlap, and on two cores the log costs little more than its parsing. ``read_history``
    takes the result when the scope it needs is the one read.
    """

    def __init__(self, repo: Repository, root: Path, outside: Iterable[Path], since: str | None):
        self.repo, self.since = repo, since
        self.prefix = _top_relative(repo.top, root)
        self.specs = _pathspecs(repo.top, self.prefix or "", [root, *outside], ())
        self._read: Background[list[Commit]] | None = None
        if self.prefix is not None and repo.head:
            self._read = Background(lambda: _read_log(repo, self.prefix or "", self.specs, since),
                                    "continuity-git-log")

    def matches(self, repo: Repository, specs: list[str], since: str | None) -> bool:
        return (self._read is not None and repo is self.repo and specs == self.specs
                and since == self.since)

    def commits(self) -> list[Commit]:
        return self._read.result() if self._read is not None else []


def start_log(repo: Repository, root: Path, config: Config) -> EarlyLog:
    """Start reading the log of the memory root at ``root`` (resolved) and its ledger."""
    outside = [p for p in ledger_places(config, root, repo.top) if not _inside(p, root)]
    return EarlyLog(repo, root, outside, config.since)


def read_history(repo: Repository, root: Path, paths: Iterable[Path], globs: Iterable[str] = (),
                 since: str | None = None, early: EarlyLog | None = None,
                 max_blob_size: int | None = None) -> History:
    """The history under ``root`` (one log) and the pending changes to ``paths`` and ``globs``
    (root-relative) in the index and working tree (one status).

    Paths outside ``root`` (a ledger at the top of the repository) join the log's scope.
    ``early`` is the log already being read, used when its scope is this one.
    """
    paths = list(paths)
    prefix = _top_relative(repo.top, root)
    if prefix is None:
        raise GitUnavailable(f"{root} is not inside the repository at {repo.top}")
    outside = [p for p in paths if not _inside(p, root)]
    log_specs = _pathspecs(repo.top, prefix, [root, *outside], ())
    status_specs = _pathspecs(repo.top, prefix, paths, globs)
    if since is not None:
        _check_since(since, repo)
    commits: list[Commit] = []
    if repo.head:
        if early is not None and early.matches(repo, log_specs, since):
            commits = early.commits()
        else:
            commits = _read_log(repo, prefix, log_specs, since)
    object_format = "sha256" if len(repo.head) == 64 else "sha1"
    pending, worktree, ignored = _read_status(repo, prefix, status_specs, object_format,
                                              max_blob_size)
    return History(repo, prefix, since, tuple(commits), pending, object_format, worktree,
                   tuple(ignored), max_blob_size=max_blob_size)


def _check_since(since: str, repo: Repository) -> None:
    refuse_unsafe_revision(since)
    if not repo.head:
        raise UsageError(f"since: {since!r} cannot be resolved: {repo.top} has no commits yet")
    try:  # a probe, not git's words: exit 1 with --verify -q is "names no commit"
        found = repo.run("rev-parse", "--verify", "-q", "--end-of-options", f"{since}^{{commit}}",
                         allowed=(0, 1))
    except GitError as exc:
        raise GitUnavailable(f"{repo.top}: cannot resolve since {since!r}: {exc}") from None
    if not found.strip():
        raise UsageError(f"since: {since!r} is not a commit of the repository at {repo.top}")


def log_arguments(since: str | None) -> list[str]:
    """The arguments of git for the one ``git log`` pass (before ``--`` and the pathspecs);
    ``bench/`` runs the same as its floor."""
    args = [*NEUTRAL_CONFIG, "log", "--reverse", "--topo-order", "--full-history", "-c", "--raw",
            "-z", "--no-renames", "--no-abbrev", "--root", "--no-color", "--no-ext-diff",
            "--no-textconv", f"--format={LOG_FORMAT}", "HEAD"]
    if since is not None:
        args.append(f"^{since}")
    return args


def _read_log(repo: Repository, prefix: str, specs: list[str], since: str | None) -> list[Commit]:
    args = log_arguments(since)
    try:
        # Streamed: a long history is parsed as it arrives, never held as one string.
        return parse_log(_tokens(repo.stream(*args, "--", *specs)), prefix)
    except GitError as exc:  # since was resolved first (_check_since)
        raise GitUnavailable(f"{repo.top}: cannot read the git history: {exc}") from None


#: The last answer of :func:`read_log_beyond_root`, by (top, HEAD, since, pathspecs): the
#: roots of one run ask the same question, and git answers it once.
_BEYOND: dict[tuple[str, str, str | None, tuple[str, ...]], tuple[Commit, ...]] = {}


def read_log_beyond_root(history: History, specs: Sequence[str]) -> tuple[Commit, ...]:
    """The commits that changed ``specs`` (pathspecs from the repository's top) outside the
    memory root, with those changes only, at their paths from the root (``../.env``); nothing
    for a root at the top, whose own log covers the whole repository.

    One more ``git log`` of the history's range, not folded into the root's: git's tree diff
    is cheapest with a single prefix, and every rule but CT605 would see commits that never
    touched the memory. Asked without the root, so that every root of the repository asks the
    same and git is run once per run.
    """
    repo = history.repository
    if not history.prefix or not repo.head or not specs:
        return ()
    key = (str(repo.top), repo.head, history.since, tuple(specs))
    commits = _BEYOND.get(key)
    if commits is None:
        commits = tuple(_read_log(repo, "", list(specs), history.since))
        _BEYOND.clear()  # one question kept: serve and --watch must not grow
        _BEYOND[key] = commits
    inside = history.prefix + "/"
    beyond = []
    for commit in commits:
        changes = tuple(change._replace(path=root_relative(change.path, history.prefix))
                        for change in commit.changes if not change.path.startswith(inside))
        if changes:
            beyond.append(replace(commit, changes=changes))
    return tuple(beyond)


def _tokens(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The NUL-separated fields of a ``-z`` output that arrives in chunks."""
    rest = b""
    for chunk in chunks:
        fields = (rest + chunk).split(b"\0")
        rest = fields.pop()
        yield from fields
    if rest:
        yield rest


def parse_log(output: bytes | Iterable[bytes], prefix: str) -> list[Commit]:
    """Commits from ``git log --format=LOG_FORMAT -c --raw -z`` output (or its fields).

    A commit is five fields (``\\x01sha``, parents, date, subject, author); each change after it is
    a ``:modes oids status`` field and a path field. Fields are taken by position, so a
    subject or a path may hold anything but NUL.
    """
    tokens = iter(output.split(b"\0") if isinstance(output, bytes) else output)
    commits: list[Commit] = []
    header: tuple[str, tuple[str, ...], str, str, str] | None = None
    changes: list[Change] = []

    def finish() -> None:
        if header is not None:
            commits.append(Commit(header[0], header[1], header[2], header[3], tuple(changes),
                                  header[4]))

    for token in tokens:
        token = token.lstrip(b"\n")
        if token.startswith(b"\x01"):
            finish()
            parents, date, subject = next(tokens, b""), next(tokens, b""), next(tokens, b"")
            author = next(tokens, b"")
            header = (token[1:].decode("ascii"), tuple(parents.decode("ascii").split()),
                      date.decode("ascii", "replace"), subject.decode("utf-8", "replace"),
                      author.decode("utf-8", "replace"))
            changes = []
        elif token.startswith(b":"):
            raw_path = next(tokens, None)
            if raw_path is None:
                break
            change = _raw_change(token, raw_path, prefix)
            if change is not None:
                changes.append(change)
    finish()
    return commits


def _raw_change(meta: bytes, raw_path: bytes, prefix: str) -> Change | None:
    """One ``:mode... oid... STATUS`` record (``::...`` for a merge's combined diff)."""
    if meta[1:2] != b":":  # an ordinary commit's record, by far the most common: no loops
        fields = meta[1:].split(b" ")
        if len(fields) != 5 or fields[0] == GITLINK or fields[1] == GITLINK:
            return None
        path = root_relative(raw_path.decode("utf-8", "surrogateescape"), prefix)
        old = None if fields[2] in ZERO_IDS else fields[2].decode("ascii")
        new = None if fields[3] in ZERO_IDS else fields[3].decode("ascii")
        if old is None and new is None:
            return None
        return Change(path, "D" if new is None else "A" if old is None else "M", (old,), new)
    parents = len(meta) - len(meta.lstrip(b":"))
    fields = meta[parents:].split(b" ")
    if len(fields) < 2 * parents + 3:
        return None
    modes = fields[:parents + 1]
    oids = fields[parents + 1:2 * parents + 2]
    if GITLINK in modes:
        return None
    olds = tuple(None if _zero(oid) else oid.decode("ascii") for oid in oids[:-1])
    new = None if _zero(oids[-1]) else oids[-1].decode("ascii")
    return _change(root_relative(raw_path.decode("utf-8", "surrogateescape"), prefix), olds, new)


def _change(path: str, old: tuple[str | None, ...], new: str | None,
            stage: str | None = None) -> Change | None:
    if new is None and all(oid is None for oid in old):
        return None
    status = "D" if new is None else "A" if all(oid is None for oid in old) else "M"
    return Change(path, status, old, new, stage)


def _read_status(repo: Repository, prefix: str, specs: list[str], object_format: str,
                 max_blob_size: int | None = None
                 ) -> tuple[Commit | None, dict[str, str], list[str]]:
    """Changes between HEAD and the index or working tree, as one pending commit; and the
    untracked files git ignores (each one, also inside an ignored directory)."""
    if not specs:
        return None, {}, []
    try:
        output = repo.run("--no-optional-locks", *NEUTRAL_CONFIG, "status", "--porcelain=v2",
                          "-z", "--no-renames", "--untracked-files=all",
                          "--ignored=traditional", "--ignore-submodules=all", "--", *specs)
    except GitError as exc:
        raise GitUnavailable(f"{repo.top}: cannot read the index and working tree: {exc}") \
            from None
    pending = _Pending(repo, prefix, object_format, max_blob_size)
    for record in status_records(output):
        pending.take(record)
    if not pending.changes:
        return None, pending.worktree, pending.ignored
    commit = Commit(None, (repo.head,) if repo.head else (), "", "", tuple(pending.changes))
    return commit, pending.worktree, pending.ignored


def _oid(raw: bytes) -> str | None:
    return None if _zero(raw) else raw.decode("ascii")


class _Pending:
    """The pending changes gathered from status records, one method per record kind."""

    def __init__(self, repo: Repository, prefix: str, object_format: str,
                 max_blob_size: int | None):
        self.repo, self.prefix = repo, prefix
        self.object_format, self.max_blob_size = object_format, max_blob_size
        self.changes: list[Change] = []
        self.worktree: dict[str, str] = {}  # blob id (or unhashed:path) -> top-relative path
        self.ignored: list[str] = []

    def take(self, record: StatusRecord) -> None:
        if isinstance(record, Tracked):
            self.tracked(record)
        elif isinstance(record, Renamed):
            self.renamed(record)
        elif isinstance(record, Unmerged):
            self.add(record.path, _oid(record.ours_oid), self.from_disk(record.path))
        elif isinstance(record, Untracked):
            self.add(record.path, None, self.from_disk(record.path))
        elif isinstance(record, Ignored):
            self.ignored.append(root_relative(record.path, self.prefix))

    def tracked(self, record: Tracked) -> None:
        if not record.submodule.startswith(b"N"):
            return  # a submodule: a commit, not content of this repository
        self.object_format = "sha256" if len(record.head_oid) == 64 else "sha1"
        old = _oid(record.head_oid)
        if record.worktree_state == b".":
            self.add(record.path, old, _oid(record.index_oid), "staged")
        elif record.worktree_state == b"D":
            self.add(record.path, old, None)
        else:
            self.add(record.path, old, self.from_disk(record.path))

    def renamed(self, record: Renamed) -> None:
        if not record.submodule.startswith(b"N"):
            return
        gone = _change(root_relative(record.original, self.prefix), (_oid(record.head_oid),),
                       None, "staged")
        if gone is not None:
            self.changes.append(gone)
        if record.worktree_state == b".":
            self.add(record.path, None, _oid(record.index_oid), "staged")
        else:
            self.add(record.path, None, self.from_disk(record.path))

    def add(self, top_path: str, old: str | None, new: str | None,
            stage: str = "uncommitted") -> None:
        if old is not None and old == new:
            return
        change = _change(root_relative(top_path, self.prefix), (old,), new, stage)
        if change is not None:
            self.changes.append(change)

    def from_disk(self, top_path: str) -> str | None:
        """The blob id of the file in the work tree (hashed here, no git process)."""
        path = self.repo.top / top_path
        if not _readable(path, self.max_blob_size):
            # Not read, not even to hash it (over max_file_size: CT603; a named pipe would
            # block): a name that is no object id, equal to no committed version.
            self.worktree[f"unhashed:{top_path}"] = top_path
            return f"unhashed:{top_path}"
        oid = _hash_worktree(path, self.object_format)
        if oid is not None:
            self.worktree[oid] = top_path
        return oid


def ignored_paths(repo: Repository, root: Path, paths: Iterable[str]
                  ) -> dict[str, tuple[str, str, str]]:
    """Root-relative path -> (ignore file, line, pattern) for each path git ignores.

    One ``git check-ignore`` for all paths. Tracked files are never ignored; paths need not
    exist, so a probe name tells whether new entries of a directory would be ignored.
    """
    prefix = _top_relative(repo.top, root) or ""
    names = [posixpath.normpath(posixpath.join(prefix, path)) if prefix else path
             for path in paths]
    if not names:
        return {}
    request = b"".join(name.encode("utf-8", "surrogateescape") + b"\0" for name in names)
    try:
        output = repo.run("check-ignore", "-v", "-z", "--stdin", input=request, allowed=(0, 1))
    except GitError as exc:
        raise GitUnavailable(f"{repo.top}: cannot ask git what it ignores: {exc}") from None
    tokens = output.split(b"\0")
    found: dict[str, tuple[str, str, str]] = {}
    for start in range(0, len(tokens) - 3, 4):
        source, line, pattern, name = (t.decode("utf-8", "surrogateescape")
                                       for t in tokens[start:start + 4])
        if pattern.startswith("!"):
            continue  # a negated pattern matched: the path is explicitly not ignored
        found[root_relative(name, prefix)] = (source, line, pattern)
    return found


# --------------------------------------------------------------------------- helpers


def _zero(oid: bytes) -> bool:
    return not oid.strip(b"0")


def _top_relative(top: Path, path: Path) -> str | None:
    """``path`` relative to the top of the repository ('' for the top), or None if outside."""
    try:
        relative = Path(os.path.abspath(path)).relative_to(Path(os.path.abspath(top)))
    except ValueError:
        try:
            relative = path.resolve().relative_to(top.resolve())
        except (ValueError, OSError):
            return None
    text = relative.as_posix()
    return "" if text == "." else text


def _inside(path: Path, root: Path) -> bool:
    try:
        Path(os.path.abspath(path)).relative_to(Path(os.path.abspath(root)))
        return True
    except ValueError:
        return False


def root_relative(top_path: str, prefix: str) -> str:
    """A path relative to the repository's top, made relative to the memory root at ``prefix``."""
    if not prefix:
        return top_path
    if top_path.startswith(prefix + "/"):
        return top_path[len(prefix) + 1:]
    return posixpath.relpath(top_path, prefix)


def _glob_escape(text: str) -> str:
    return "".join(f"[{ch}]" if ch in "*?[]\\" else ch for ch in text)


def _pathspecs(top: Path, prefix: str, paths: Iterable[Path], globs: Iterable[str]) -> list[str]:
    specs: list[str] = []
    for path in paths:
        relative = _top_relative(top, path)
        if relative is not None:
            specs.append(":(literal)" + (relative or "."))
    for pattern in globs:
        specs.append(":(glob)" + (_glob_escape(prefix + "/") if prefix else "") + pattern)
    return list(dict.fromkeys(specs))


def _read_worktree(path: Path, max_size: int | None = None) -> bytes | None:
    try:
        if path.is_symlink():
            return os.fsencode(os.readlink(path))
        if not _readable(path, max_size):
            return None
        return path.read_bytes()
    except OSError:
        return None


def _readable(path: Path, max_size: int | None) -> bool:
    """A link, or a regular file within ``max_size``; a missing path answers True (reading
    it says what happened). Anything else (a named pipe, a device) is never opened."""
    try:
        info = path.lstat()
    except OSError:
        return True
    if stat.S_ISLNK(info.st_mode):
        return True
    return stat.S_ISREG(info.st_mode) and (max_size is None or info.st_size <= max_size)


def _hash_worktree(path: Path, object_format: str) -> str | None:
    """The blob id git would give the file, computed without a git process."""
    try:
        if path.is_symlink():
            data = os.fsencode(os.readlink(path))
            return blob_id(data, object_format)
        digest = hashlib.new(object_format)
        digest.update(b"blob %d\0" % path.stat().st_size)
        with open(path, "rb") as handle:
            for chunk in iter(lambda: handle.read(1 << 20), b""):
                digest.update(chunk)
        return digest.hexdigest()
    except OSError:
        return None


def blob_id(data: bytes | memoryview, object_format: str = "sha1") -> str:
    digest = hashlib.new(object_format)
    digest.update(b"blob %d\0" % len(data))
    digest.update(data)
    return digest.hexdigest()
