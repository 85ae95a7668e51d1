"""``git status --porcelain=v2 -z`` as records with named fields: one parser per record kind.

Only the shape of git's output is known here; what a record means for the history (a
pending change, a file to hash) is decided in ``continuity.history.log``. Fields are bytes
as git printed them, paths decoded with surrogate escapes (names that are not UTF-8 survive).
A record too short for its kind is dropped, never guessed at.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Tracked:
    """``1 XY sub mH mI mW hH hI path``: a tracked path changed in the index or work tree."""

    xy: bytes  # X: index against HEAD, Y: work tree against the index ('.' unchanged)
    submodule: bytes  # "N..." for a file; "S..." for a submodule
    head_oid: bytes
    index_oid: bytes
    path: str

    @property
    def worktree_state(self) -> bytes:
        return self.xy[1:2]


@dataclass(frozen=True)
class Renamed:
    """``2 XY sub mH mI mW hH hI Xscore path`` then ``origPath``: a rename or copy in the index
    (git may report one despite ``--no-renames``)."""

    xy: bytes
    submodule: bytes
    head_oid: bytes  # the original path's blob in HEAD
    index_oid: bytes  # the new path's blob in the index
    path: str
    original: str

    @property
    def worktree_state(self) -> bytes:
        return self.xy[1:2]


@dataclass(frozen=True)
class Unmerged:
    """``u XY sub m1 m2 m3 mW h1 h2 h3 path``: a path with a merge conflict."""

    xy: bytes
    submodule: bytes
    base_oid: bytes  # stage 1
    ours_oid: bytes  # stage 2: what this branch had
    theirs_oid: bytes  # stage 3
    path: str


@dataclass(frozen=True)
class Untracked:
    """``? path``."""

    path: str


@dataclass(frozen=True)
class Ignored:
    """``! path``: untracked and ignored (each file, with ``--ignored=traditional`` and
    ``--untracked-files=all``)."""

    path: str


StatusRecord = Tracked | Renamed | Unmerged | Untracked | Ignored


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "surrogateescape")


def _tracked(record: bytes, _rest: Iterator[bytes]) -> Tracked | None:
    parts = record.split(b" ", 8)
    if len(parts) < 9:
        return None
    return Tracked(parts[1], parts[2], parts[6], parts[7], _text(parts[8]))


def _renamed(record: bytes, rest: Iterator[bytes]) -> Renamed | None:
    original = _text(next(rest, b""))  # its own field, taken even when the record is short
    parts = record.split(b" ", 9)
    if len(parts) < 10:
        return None
    return Renamed(parts[1], parts[2], parts[6], parts[7], _text(parts[9]), original)


def _unmerged(record: bytes, _rest: Iterator[bytes]) -> Unmerged | None:
    parts = record.split(b" ", 10)
    if len(parts) < 11:
        return None
    return Unmerged(parts[1], parts[2], parts[7], parts[8], parts[9], _text(parts[10]))


def _untracked(record: bytes, _rest: Iterator[bytes]) -> Untracked:
    return Untracked(_text(record[2:]))


def _ignored(record: bytes, _rest: Iterator[bytes]) -> Ignored:
    return Ignored(_text(record[2:]))


#: The first byte of a record -> its parser. Headers (``#``) and kinds unknown are skipped.
PARSERS: dict[bytes, Callable[[bytes, Iterator[bytes]], StatusRecord | None]] = {
    b"1": _tracked, b"2": _renamed, b"u": _unmerged, b"?": _untracked, b"!": _ignored,
}


def status_records(output: bytes) -> Iterator[StatusRecord]:
    """The records of ``git status --porcelain=v2 -z`` output, in git's order."""
    fields = iter(output.split(b"\0"))
    for record in fields:
        parser = PARSERS.get(record[:1])
        if parser is None:
            continue
        parsed = parser(record, fields)
        if parsed is not None:
            yield parsed
