"""What git says a range changed: one ``git diff --raw -M`` over the memory roots (so a file
renamed from one root into another is seen as one rename), one ``git log`` of the range per
root (who changed what, when), and the texts of the versions asked for, in one
``cat-file --batch`` request.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from continuity.changes.revisions import STAGED, WORKTREE, ReviewRange
from continuity.errors import GitUnavailable
from continuity.history.git import GitError
from continuity.history.log import LOG_FORMAT, NEUTRAL_CONFIG, Commit, History, parse_log

#: The most a version read for a review may weigh; a larger one is named, not compared.
MAX_TEXT = 2 * 1024 * 1024


@dataclass(frozen=True)
class FileDelta:
    """One path the range changed, relative to the top of the repository. ``status`` is
    git's letter: A added, D deleted, M modified, T type changed, R renamed (``old_path``
    set). Blob ids are None where there is no version (and for the working tree)."""

    path: str
    status: str
    old_path: str | None
    old_blob: str | None
    new_blob: str | None
    similarity: int | None = None


def _diff_args(scope: ReviewRange) -> list[str]:
    args = [*NEUTRAL_CONFIG, "diff", "--raw", "-z", "-M", "--no-abbrev", "--no-color",
            "--no-ext-diff", "--no-textconv", "--ignore-submodules=all"]
    if scope.head.written == STAGED and not scope.head.committed:
        return [*args, "--cached", scope.base.sha or "", "--"]
    if scope.head.written == WORKTREE and not scope.head.committed:
        return [*args, scope.base.sha or "", "--"]
    return [*args, scope.base.sha or "", scope.head.sha or "", "--"]


def read_deltas(scope: ReviewRange, prefixes: list[str]) -> list[FileDelta]:
    """Every change of the range under ``prefixes`` (top-relative, '' for the top), with the
    untracked files of the working tree as additions when it is the HEAD side."""
    specs = [f":(top,literal){p}" if p else ":(top)" for p in prefixes]
    repository = scope.repository
    try:
        raw = repository.run(*_diff_args(scope), *specs)
    except GitError as exc:
        raise GitUnavailable(f"{repository.top}: git cannot compare {scope.base.short} with "
                             f"{scope.head.short}: {exc}") from None
    deltas = parse_raw_diff(raw)
    if scope.head.written == WORKTREE and not scope.head.committed:
        listed = repository.run("ls-files", "-z", "--others", "--exclude-standard", "--",
                                *specs)
        for name in listed.split(b"\0"):
            if name:
                deltas.append(FileDelta(name.decode("utf-8", "surrogateescape"), "A", None,
                                        None, None))
    return deltas


def parse_raw_diff(raw: bytes) -> list[FileDelta]:
    """``git diff --raw -z`` records: ``:modes oids STATUS\\0path\\0`` (two paths for R, C)."""
    fields = raw.split(b"\0")
    deltas: list[FileDelta] = []
    index = 0
    while index < len(fields):
        meta = fields[index]
        if not meta.startswith(b":"):
            index += 1
            continue
        parts = meta[1:].split(b" ")
        if len(parts) != 5:
            index += 1
            continue
        old_mode, new_mode, old_oid, new_oid, status = parts
        letter = status[:1].decode("ascii")
        paths_taken = 2 if letter in ("R", "C") else 1
        names = [f.decode("utf-8", "surrogateescape")
                 for f in fields[index + 1:index + 1 + paths_taken]]
        index += 1 + paths_taken
        if b"160000" in (old_mode, new_mode) or len(names) != paths_taken:
            continue  # a submodule: a commit of another repository, not content
        similarity = int(status[1:]) if status[1:].isdigit() else None
        old = None if set(old_oid) == {ord("0")} else old_oid.decode("ascii")
        new = None if set(new_oid) == {ord("0")} else new_oid.decode("ascii")
        if letter == "C":  # a copy: the new path is an addition
            deltas.append(FileDelta(names[1], "A", None, old, new, similarity))
        elif letter == "R":
            deltas.append(FileDelta(names[1], "R", names[0], old, new, similarity))
        else:
            deltas.append(FileDelta(names[0], letter, None, old, new))
    return deltas


def read_range_log(scope: ReviewRange, prefix: str) -> History:
    """The commits of the range that touch the root at ``prefix`` (oldest first), as the
    state timeline reads them (:func:`continuity.history.versions.read_timeline` takes it)."""
    repository = scope.repository
    args = [*NEUTRAL_CONFIG, "log", "--reverse", "--topo-order", "--full-history", "-c",
            "--raw", "-z", "--no-renames", "--no-abbrev", "--no-color", "--no-ext-diff",
            "--no-textconv", f"--format={LOG_FORMAT}", scope.head_commit,
            f"^{scope.base.sha}", "--", f":(top,literal){prefix}" if prefix else ":(top)"]
    commits: list[Commit] = []
    if scope.base.sha != scope.head_commit:
        try:
            commits = parse_log(repository.run(*args), prefix)
        except GitError as exc:
            raise GitUnavailable(f"{repository.top}: cannot read the commits of the range: "
                                 f"{exc}") from None
    return History(repository, prefix, scope.base.sha, tuple(commits), None,
                   max_blob_size=MAX_TEXT)


def read_texts(scope: ReviewRange, blobs: list[str]) -> dict[str, str | None]:
    """blob -> its text (None: binary, not UTF-8, or larger than :data:`MAX_TEXT`)."""
    texts: dict[str, str | None] = {}
    wanted = list(dict.fromkeys(b for b in blobs if b))
    if not wanted:
        return texts
    with scope.repository.blob_reader() as reader:
        for oid, data in reader.read(wanted, max_size=MAX_TEXT):
            texts[oid] = as_text(data)
    return texts


def as_text(data: bytes | None) -> str | None:
    if data is None or b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def worktree_text(top: Path, path: str) -> str | None:
    """A file of the working tree as text (None: missing, a link, binary, or too large)."""
    target = top / path
    try:
        if target.is_symlink() or not target.is_file() or target.stat().st_size > MAX_TEXT:
            return None
        return as_text(target.read_bytes())
    except OSError:
        return None
