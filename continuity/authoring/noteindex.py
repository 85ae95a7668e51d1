"""The recall index of a note store: project, tag and word -> notes, kept in a sidecar file.

The sidecar ``.<store>.index.json`` sits beside the store (``.notes.jsonl.index.json``). It is a
cache that can never be stale:

- it records the store's identity (inode, size, mtime and ctime, which no user can set); when
  they still match, the store has not changed and the index is used as it is;
- otherwise it records the SHA-256 of the bytes it covers: when the store still begins with
  exactly those bytes, the store only grew, and just the new lines are indexed;
- anything else (a rewrite, a truncation, an unreadable or foreign sidecar) rebuilds it.

The store itself is only ever read here, under a shared lock so that a half-written line is
never seen. The sidecar is replaced atomically; when it cannot be written (a read-only
directory) the index lives in memory for this run, and recall works the same.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from continuity.authoring import atomic
from continuity.formats.jsonl import parse_line
from continuity.formats.textfile import check_regular
from continuity.formats.timestamps import parse_rfc3339_utc
from continuity.model.boundaries import boundary_of
from continuity.model.safe_open import open_beneath, open_parent

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: no advisory locks to take
    fcntl = None  # type: ignore[assignment]

VERSION = 1
_BOM = b"\xef\xbb\xbf"  # tolerated at the start of a store, as the checker does
_WORD = re.compile(r"\w+")


def index_path(store: Path) -> Path:
    return store.with_name(f".{store.name}.index.json")


def words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)}


@dataclass
class IndexedNote:
    line: int  # 1-based line in the store
    offset: int  # byte offset of the line
    length: int  # bytes, without the newline
    time: str  # as written ("" when missing or not RFC 3339 UTC: sorts oldest)


@dataclass
class NoteIndex:
    """Everything recall needs to find notes without parsing the store again."""

    store: Path
    stat: list[int] = field(default_factory=list)  # inode, size, mtime_ns, ctime_ns
    covered: int = 0  # bytes indexed: always just after a newline
    digest: str = hashlib.sha256(b"").hexdigest()  # of the covered bytes
    lines: int = 0  # lines in the covered bytes
    bad_lines: list[int] = field(default_factory=list)  # lines that are not notes
    notes: list[IndexedNote] = field(default_factory=list)
    projects: dict[str, list[int]] = field(default_factory=dict)  # -> positions in notes
    tags: dict[str, list[int]] = field(default_factory=dict)
    words: dict[str, list[int]] = field(default_factory=dict)
    tail: IndexedNote | None = None  # an unterminated last line: indexed in memory only
    tail_terms: tuple[str, tuple[str, ...], set[str]] | None = None
    # How this index was obtained (reported by `recall --verbose`, checked by the tests).
    rebuilt: bool = False  # indexed from the first byte
    grown: bool = False  # the cached index, extended by the lines appended since
    saved: bool = False  # the sidecar was written

    # -- building

    def add(self, line: int, offset: int, raw: bytes) -> None:
        parsed = _parse(line, raw)
        if parsed is None:
            self.bad_lines.append(line)
            return
        time, project, tags, terms = parsed
        position = len(self.notes)
        self.notes.append(IndexedNote(line, offset, len(raw), time))
        self.projects.setdefault(project, []).append(position)
        for tag in tags:
            self.tags.setdefault(tag, []).append(position)
        for word in terms:
            self.words.setdefault(word, []).append(position)

    def extend(self, data: bytes, start: int, end: int) -> None:
        """Index the complete lines of ``data[start:end]`` (``end`` just after a newline)."""
        offset = start
        while offset < end:
            newline = data.index(b"\n", offset, end)
            self.lines += 1
            start = offset + 3 if offset == 0 and data.startswith(_BOM) else offset
            raw = data[start:newline]
            if raw.strip():
                self.add(self.lines, start, raw.rstrip(b"\r"))
            offset = newline + 1
        self.covered = end

    # -- searching

    def search(self, query: str = "", project: str | None = None,
               tags: Iterable[str] = ()) -> list[IndexedNote]:
        """Notes matching every criterion, newest first (then latest line first).

        ``project`` and ``tags`` match whole values, ignoring case; each word of ``query``
        must begin a word of the note's fact, project or tags ("pars" finds "parser").
        """
        candidates: set[int] | None = None

        def narrow(found: Iterable[int]) -> None:
            nonlocal candidates
            found = set(found)
            candidates = found if candidates is None else candidates & found

        if project is not None:
            narrow(self.projects.get(project.casefold(), ()))
        for tag in tags:
            narrow(self.tags.get(tag.casefold(), ()))
        for term in words(query):
            narrow(p for word, positions in self.words.items() if word.startswith(term)
                   for p in positions)
        chosen = [self.notes[p] for p in (range(len(self.notes)) if candidates is None
                                           else candidates)]
        if self.tail is not None and self._tail_matches(query, project, tags):
            chosen.append(self.tail)
        return sorted(chosen, key=lambda n: (n.time, n.line), reverse=True)

    def _tail_matches(self, query: str, project: str | None, tags: Iterable[str]) -> bool:
        assert self.tail_terms is not None
        tail_project, tail_tags, tail_words = self.tail_terms
        if project is not None and project.casefold() != tail_project:
            return False
        if any(tag.casefold() not in tail_tags for tag in tags):
            return False
        return all(any(w.startswith(term) for w in tail_words) for term in words(query))

    # -- the sidecar

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION, "store": self.store.name, "stat": self.stat,
            "covered": self.covered, "digest": self.digest, "lines": self.lines,
            "bad_lines": self.bad_lines,
            "notes": [[n.line, n.offset, n.length, n.time] for n in self.notes],
            "projects": self.projects, "tags": self.tags, "words": self.words,
        }

    @classmethod
    def from_json(cls, store: Path, data: Any) -> NoteIndex | None:
        try:
            if data.get("version") != VERSION or data.get("store") != store.name:
                return None
            covered = int(data["covered"])
            notes = [IndexedNote(*row) for row in data["notes"]]
            if not all(isinstance(n.line, int) and isinstance(n.offset, int) and
                       isinstance(n.length, int) and isinstance(n.time, str) and
                       0 <= n.offset and 0 <= n.length and n.offset + n.length <= covered
                       for n in notes):
                return None
            postings = [dict(data[key]) for key in ("projects", "tags", "words")]
            if not all(isinstance(p, int) and 0 <= p < len(notes)
                       for table in postings for positions in table.values()
                       for p in positions):
                return None
            return cls(store, stat=list(data["stat"]), covered=covered,
                       digest=str(data["digest"]), lines=int(data["lines"]),
                       bad_lines=list(data["bad_lines"]), notes=notes, projects=postings[0],
                       tags=postings[1], words=postings[2])
        except (AttributeError, KeyError, TypeError, ValueError):
            return None  # a sidecar from elsewhere or damaged: rebuild


def _parse(line: int, raw: bytes) -> tuple[str, str, tuple[str, ...], set[str]] | None:
    """(time, project, tags, words) of a note line, casefolded; None when it is not a note."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    parsed = parse_line(line, text)
    data = parsed.value if parsed.is_object else None
    if not data or not isinstance(data.get("project"), str) or \
            not isinstance(data.get("fact"), str):
        return None
    time = data.get("time")
    time = time if isinstance(time, str) and parse_rfc3339_utc(time) else ""
    project = data["project"].casefold()
    tags = data.get("tags")
    tags = tuple(t.casefold() for t in tags if isinstance(t, str)) if isinstance(tags, list) \
        else ()
    terms = words(data["fact"]) | words(data["project"]) | set().union(*map(words, tags))
    return time, project, tags, terms


def _stat_key(fd: int) -> list[int]:
    st = os.fstat(fd)
    return [st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


def _read_all(fd: int) -> bytes:
    chunks: list[bytes] = []
    position = 0
    while True:
        chunk = os.pread(fd, 1 << 20, position)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        position += len(chunk)


def _load_sidecar(store: Path) -> NoteIndex | None:
    if not index_path(store).is_file():  # absent; or a named pipe, which would never answer
        return None
    try:
        with open(index_path(store), "rb") as handle:
            return NoteIndex.from_json(store, json.loads(handle.read()))
    except (OSError, ValueError, RecursionError):
        return None


def save(index: NoteIndex) -> bool:
    """Replace the sidecar atomically; False (and nothing else happens) when it cannot."""
    try:
        # Readable by whoever may read the store.
        mode = stat.S_IMODE(os.stat(index.store).st_mode) & 0o666
        data = json.dumps(index.to_json(), separators=(",", ":")).encode("utf-8")  # C encoder
        sidecar = index_path(index.store)
        # Beside the store, in its directory opened beneath the repository's top: a directory
        # swapped for a link out meanwhile is refused, not written through.
        folder, _, _ = open_parent(sidecar, boundary_of(sidecar.absolute().parent))
        try:
            atomic.replace(sidecar, data, mode, directory_fd=folder)
        finally:
            os.close(folder)
        return True
    except OSError:
        return False


def _open_store(store: Path, max_size: int | None = None) -> int:
    """The store opened read-only beneath its repository's top (a link swapped in for it that
    leads out is refused, not read), refused unless a regular file within ``max_size``."""
    fd = open_beneath(store, boundary_of(store.absolute().parent),
                      os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        check_regular(fd, store, max_size)
    except BaseException:
        os.close(fd)
        raise
    return fd


def load(store: Path, *, write: bool = True, max_size: int | None = None) -> NoteIndex:
    """The current index of ``store`` (which must exist): reused, grown or rebuilt.

    Raises OSError when the store cannot be read, is not a regular file (a named pipe would
    hang, ``/dev/zero`` never ends) or is over ``max_size`` bytes.
    """
    fd = _open_store(store, max_size)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_SH)  # a writer appends under LOCK_EX: no half lines
        stat = _stat_key(fd)
        cached = _load_sidecar(store)
        if cached is not None and cached.stat == stat:
            index, data = cached, None
        else:
            data = _read_all(fd)
            index = _grow_or_rebuild(store, cached, data)
            index.stat = stat
        _index_tail(index, fd, data, stat[1])
    finally:
        os.close(fd)  # releases the lock
    if (index.rebuilt or index.grown) and write:
        index.saved = save(index)
    return index


def _grow_or_rebuild(store: Path, cached: NoteIndex | None, data: bytes) -> NoteIndex:
    end = data.rfind(b"\n") + 1  # index whole lines only; a partial last line may still grow
    if cached is not None and cached.covered <= end and \
            hashlib.sha256(data[:cached.covered]).hexdigest() == cached.digest:
        index = cached
        index.grown = True  # grown, or only touched: either way the stat key is new
    else:
        index = NoteIndex(store)
        index.rebuilt = True
    if end > index.covered:
        index.extend(data, index.covered, end)
    index.digest = hashlib.sha256(data[:end]).hexdigest()
    return index


def _index_tail(index: NoteIndex, fd: int, data: bytes | None, size: int) -> None:
    """An unterminated last line (a note written by hand without a newline) is still found."""
    index.tail = index.tail_terms = None
    if size <= index.covered:
        return
    start = index.covered
    raw = data[start:size] if data is not None else os.pread(fd, size - start, start)
    if start == 0 and raw.startswith(_BOM):
        start, raw = 3, raw[3:]
    raw = raw.rstrip(b"\r")
    parsed = _parse(index.lines + 1, raw) if raw.strip() else None
    if parsed is not None:
        time, project, tags, terms = parsed
        index.tail = IndexedNote(index.lines + 1, start, len(raw), time)
        index.tail_terms = (project, tags, terms)


def read_notes(store: Path, found: list[IndexedNote]
               ) -> list[tuple[IndexedNote, dict[str, Any]]]:
    """(entry, note object) at the indexed positions, in the order given; an entry whose
    bytes are no longer a note (the store was cut short meanwhile) is left out."""
    notes = []
    fd = _open_store(store)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_SH)
        for entry in found:
            raw = os.pread(fd, entry.length, entry.offset)
            parsed = parse_line(entry.line, raw.decode("utf-8", "replace"))
            if parsed.is_object:
                notes.append((entry, parsed.value))
    finally:
        os.close(fd)
    return notes
