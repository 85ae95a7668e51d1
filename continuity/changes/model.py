"""The review of one memory root as plain data (JSON is :func:`dataclasses.asdict` of it)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class CommitRef:
    """A commit of the range, as a reviewer reads it; ``sha`` empty for the working tree or
    the index (changes not committed yet)."""

    sha: str
    author: str
    date: str  # ISO 8601 author date ("" when not committed)
    subject: str

    @property
    def short(self) -> str:
        return self.sha[:7] if self.sha else "uncommitted"

    @property
    def day(self) -> str:
        return self.date[:10]


@dataclass(frozen=True)
class SectionReview:
    """One ``##`` section of a living file (None: the text before the first heading):
    ``status`` added, changed or removed; the lines it gained and lost from BASE to HEAD
    (credentials masked); the commits that touched it, oldest first."""

    name: str | None
    status: str  # "added", "changed", "removed", "renamed" (from ``old_name``)
    added: tuple[str, ...]
    removed: tuple[str, ...]
    commits: tuple[CommitRef, ...]
    old_name: str | None = None


@dataclass(frozen=True)
class LivingReview:
    """A living file (state, index, topic, core file): how its sections moved."""

    path: str  # root-relative
    kind: str  # the convention's word: "topic", "core file", "state file", ...
    status: str  # "added", "changed", "deleted"
    lines_before: int
    lines_after: int
    sections: tuple[SectionReview, ...]
    commits: tuple[CommitRef, ...]
    note: str | None = None  # why it was not compared (binary, too large)


@dataclass(frozen=True)
class FileEvent:
    """A file of the root added, deleted or renamed (``old_path`` set) by the range."""

    path: str  # root-relative (for a rename from another root: as it is in this one)
    kind: str  # "topic", "history entry", "daily note", "file", ...
    status: str  # "added", "deleted", "renamed", "modified"
    old_path: str | None
    commit: CommitRef | None
    binary: bool = False
    #: For a Markdown file modified: the ``##`` sections whose lines changed (names only).
    sections: tuple[str, ...] = ()


@dataclass(frozen=True)
class Appended:
    """History entries, daily notes, ledger cycles or notes the range added to one place."""

    place: str  # "journal/", "ledger.jsonl"
    what: str  # "history entry", "ledger cycle", "note"
    count: int


@dataclass(frozen=True)
class BrokenPromise:
    """An append-only file that the range edited, deleted, renamed or rewrote."""

    path: str
    what: str  # "edited", "deleted", "renamed to X", "rewritten (not appended to)"
    commit: CommitRef | None


@dataclass(frozen=True)
class Dangling:
    """An index line left pointing at a topic the range deleted or renamed away."""

    index: str
    line: int
    target: str
    why: str  # "deleted" or "renamed to X"


@dataclass(frozen=True)
class LoadWindow:
    """A living file past what the agent loads: ``first_unloaded`` is the first line not
    loaded; ``dropped``: the index entries (link titles) now past the window."""

    path: str
    agent: str  # "Claude Code"
    limit: str  # "200 lines or 25 KB"
    lines_before: int
    lines_after: int
    first_unloaded: int | None
    first_unloaded_before: int | None
    dropped: tuple[str, ...]


@dataclass(frozen=True)
class FindingRef:
    """A finding of the check, with where it is; its message never holds a secret."""

    code: str
    name: str
    severity: str
    path: str
    line: int
    message: str


@dataclass(frozen=True)
class DriftRef:
    """Something a memory file cites that HEAD no longer has, and the commit that removed it."""

    path: str  # the memory file, root-relative
    line: int
    kind: str  # "path", "make target", "npm script", "just recipe", "test", "commit"
    cited: str
    removed_by: CommitRef | None


@dataclass
class RootChanges:
    """What the range did to one memory root."""

    root: str  # as shown (relative to where the command ran)
    prefix: str  # relative to the top of the repository
    convention: str  # "Claude Code agent memory", or "no known convention"
    at_base: bool  # whether the root existed at BASE
    living: list[LivingReview] = field(default_factory=list)
    files: list[FileEvent] = field(default_factory=list)
    appended: list[Appended] = field(default_factory=list)
    broken: list[BrokenPromise] = field(default_factory=list)
    dangling: list[Dangling] = field(default_factory=list)
    windows: list[LoadWindow] = field(default_factory=list)
    introduced: list[FindingRef] = field(default_factory=list)
    fixed: list[FindingRef] = field(default_factory=list)
    drift: list[DriftRef] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    commits: int = 0  # commits of the range that touched the root

    @property
    def changed(self) -> bool:
        return bool(self.living or self.files or self.appended or self.broken or
                    self.dangling or self.introduced or self.fixed or self.drift)


@dataclass
class Review:
    version: int
    base: dict[str, str | None]
    head: dict[str, str | None]
    roots: list[RootChanges]
    notices: list[str] = field(default_factory=list)
    checked: bool = True  # whether findings were compared (not with --no-check)
