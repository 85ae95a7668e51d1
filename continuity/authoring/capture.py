"""Note capture, step by step as seed ``history-note-capture.txt`` lays it out.

Each step is a plain function that returns what the next one needs or raises :class:`Stop`
with one of the seed's failure classes. :func:`capture` runs them in order and turns the outcome
into a :class:`Capture`. Nothing is written before step 7, and the only file written is the
named store (plus its recall index, a cache beside it).

Steps: screen for transcript (looked at first, on the text as given, because a transcript's
shape is its lines and speakers, which cutting the text to one sentence would hide), identify
the one fact, reject code-obvious content, redact, validate, build the JSON object, append under
an exclusive lock with fsync, index, and confirm recall by reading the store back. When a check
after the append fails, the just-appended line is removed, but only when it is still the last
line of the store; otherwise it stands (the seed's partial-result rule).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from enum import Enum
from pathlib import Path
from typing import Any

from continuity.authoring import atomic, noteindex
from continuity.formats.facts import (
    MAX_FACT_LENGTH,
    code_obvious_reason,
    meaning_erased,
    sentences,
    transcript_reason,
)
from continuity.formats.jsonl import loads_strict, parse_bytes
from continuity.formats.secrets import find_sensitive, redact
from continuity.formats.timestamps import rfc3339_utc
from continuity.model.boundaries import boundary_of, refusal
from continuity.model.notes import same_fact_key
from continuity.model.safe_open import Escaped, open_beneath, open_parent

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: appends are still whole lines, unlocked
    fcntl = None  # type: ignore[assignment]

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a named pipe put in the store's place is refused


class Failure(str, Enum):
    """The seed's failure classes; each has its own exit status."""

    REJECTED_CONTENT = "rejected-content"
    SCHEMA_INVALID = "schema-invalid"
    STORE_UNAVAILABLE = "store-unavailable"
    BLOCKED = "blocked"
    DUPLICATE = "duplicate"


#: Exit statuses of ``continuity note``. 1 and 2 keep their meaning across commands (1: found
#: something, 2: usage or configuration error), so the failure classes start at 3.
EXIT_STATUS = {
    None: 0,
    Failure.REJECTED_CONTENT: 3,
    Failure.SCHEMA_INVALID: 4,
    Failure.STORE_UNAVAILABLE: 5,
    Failure.BLOCKED: 6,
    Failure.DUPLICATE: 1,  # found: the fact is already there (CT505 would warn forever)
}


class Stop(Exception):
    """A step refused: the failure class, the reason, and the offending field if any."""

    def __init__(self, failure: Failure, reason: str, field: str | None = None):
        super().__init__(reason)
        self.failure = failure
        self.reason = reason
        self.field = field


@dataclass(frozen=True)
class Appended:
    """Where step 7 put the note: enough to find it again, and to take it back."""

    store: Path
    offset: int  # where this append started (before any newline it had to add)
    blob: bytes  # exactly the bytes written
    line: int  # the note's 1-based line number
    created: bool  # the store did not exist before
    # The repository's top (resolved): the store is opened beneath it, every time.
    within: Path | None = None

    @property
    def boundary(self) -> Path:
        return self.within or boundary_of(self.store.absolute().parent)

    @property
    def end(self) -> int:
        return self.offset + len(self.blob)


@dataclass(frozen=True)
class Capture:
    """The outcome of one ``continuity note``."""

    failure: Failure | None
    reason: str
    store: Path
    note: dict[str, Any] | None = None
    line: int | None = None
    index_key: str | None = None
    redacted: tuple[str, ...] = ()  # kinds replaced by markers
    deferred: tuple[str, ...] = ()  # further sentences that were not captured (--first)
    field: str | None = None  # schema-invalid: the offending field
    appended: bool = False  # a line is in the store (success, or the partial-result rule)

    @property
    def ok(self) -> bool:
        return self.failure is None

    @property
    def exit_status(self) -> int:
        return EXIT_STATUS[self.failure]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"status": self.failure.value if self.failure else "ok",
                                "reason": self.reason, "store": str(self.store)}
        for key in ("note", "line", "index_key", "field"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.redacted:
            data["redacted"] = list(self.redacted)
        if self.deferred:
            data["deferred"] = list(self.deferred)
        data["appended"] = self.appended
        return data


# --------------------------------------------------------------------------- steps 1-5


def reject_transcript(text: str) -> None:
    """Step 2, on the text as supplied: transcript and conversation echo are not facts."""
    reason = transcript_reason(text)
    if reason:
        raise Stop(Failure.REJECTED_CONTENT, f"not captured: {reason}; state the durable fact "
                                             "itself, in your own words")


def identify_fact(text: str, first_only: bool = False) -> tuple[str, tuple[str, ...]]:
    """Step 1: the one self-contained fact, and any further sentences left uncaptured.

    Several sentences are blocked with the one clarification the seed allows: capture them
    one at a time, or confirm with ``first_only`` that the first is the fact to keep.
    """
    parts = sentences(text)
    if not parts:
        raise Stop(Failure.SCHEMA_INVALID, "the fact is empty", "fact")
    if len(parts) > 1 and not first_only:
        raise Stop(Failure.BLOCKED,
                   f"{len(parts)} sentences were given and a note holds one fact; capture them "
                   f"one per `continuity note`, or add --first to capture only the first: "
                   f"{parts[0]!r}")
    return parts[0], tuple(parts[1:])


def reject_code_obvious(fact: str) -> None:
    """Step 2: what the code already shows (a signature, a path) is not worth a note."""
    reason = code_obvious_reason(fact)
    if reason:
        raise Stop(Failure.REJECTED_CONTENT, f"not captured: {reason}")


def redact_fact(fact: str) -> tuple[str, tuple[str, ...]]:
    """Step 3: credentials and personal data become ``[redacted:KIND]`` markers."""
    redacted, findings = redact(fact)
    kinds = tuple(dict.fromkeys(f.kind for f in findings))
    if findings and meaning_erased(redacted):
        raise Stop(Failure.REJECTED_CONTENT,
                   f"not captured: redacting {', '.join(kinds)} would leave no fact "
                   f"({redacted!r}); a note must not hold the secret itself")
    return redacted, kinds


# Bidirectional overrides can make stored text read differently from what it is.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _control_character(text: str) -> str | None:
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs") or char in _BIDI_CONTROLS:
            return f"U+{ord(char):04X}"
    return None


def validate_fact(fact: str) -> str:
    """Step 4: non-empty, strict UTF-8, no control characters, one bounded sentence."""
    fact = fact.strip()
    if not fact:
        raise Stop(Failure.SCHEMA_INVALID, "the fact is empty", "fact")
    try:
        fact.encode("utf-8")
    except UnicodeEncodeError:
        raise Stop(Failure.SCHEMA_INVALID, "the fact is not valid UTF-8 text", "fact") from None
    bad = _control_character(fact)
    if bad:
        raise Stop(Failure.SCHEMA_INVALID, f"the fact holds the control character {bad}",
                   "fact")
    if len(fact) > MAX_FACT_LENGTH:
        raise Stop(Failure.BLOCKED,
                   f"the fact is {len(fact)} characters; a note is one sentence of at most "
                   f"{MAX_FACT_LENGTH}: reduce it to the one durable point")
    return fact


def _name(value: str, field: str) -> str:
    value = value.strip()
    if not value:
        raise Stop(Failure.SCHEMA_INVALID, f"{field} is empty", field)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise Stop(Failure.SCHEMA_INVALID, f"{field} is not valid UTF-8 text", field) from None
    bad = _control_character(value)
    if bad:
        raise Stop(Failure.SCHEMA_INVALID, f"{field} holds the control character {bad}", field)
    found = find_sensitive(value)
    if found:
        raise Stop(Failure.REJECTED_CONTENT,
                   f"not captured: {field} holds {found[0].description}; it is stored as "
                   "written, so it must be a plain name")
    return value


def build_note(fact: str, project: str, tags: Iterable[str] = (),
               now: datetime | None = None) -> dict[str, Any]:
    """Step 5: ``{time, project, fact, tags?}`` with time in RFC 3339 UTC, tags omitted if none."""
    note: dict[str, Any] = {
        "time": rfc3339_utc(now or datetime.now(timezone.utc)),
        "project": _name(project, "project"),
        "fact": fact,
    }
    clean = list(dict.fromkeys(_name(tag, "tag") for tag in tags))
    if clean:
        note["tags"] = clean
    return note


def encode_note(note: dict[str, Any]) -> bytes:
    """The note as one strict UTF-8 JSON line, checked by reading it back as the checker does."""
    line = json.dumps(note, ensure_ascii=False)
    try:
        data = (line + "\n").encode("utf-8")
        again = loads_strict(data.decode("utf-8"))
    except (UnicodeError, ValueError) as exc:
        raise Stop(Failure.SCHEMA_INVALID, f"the note is not strict UTF-8 JSON: {exc}") from None
    for field in ("time", "project", "fact"):
        if not isinstance(again.get(field), str) or not again[field]:
            raise Stop(Failure.SCHEMA_INVALID, f"the note has no {field}", field)
    if again != note or "\n" in line:
        raise Stop(Failure.SCHEMA_INVALID, "the note does not survive a JSON round trip")
    return data


# --------------------------------------------------------------------------- step 6: append


def _unavailable(store: Path, exc: OSError, doing: str) -> Stop:
    reason = exc.strerror or str(exc)
    if exc.errno == errno.ENOENT:
        reason = f"{reason} (create the directory {store.parent} first)"
    return Stop(Failure.STORE_UNAVAILABLE, f"{store}: cannot {doing}: {reason}")


def _open_locked(store: Path, boundary: Path) -> int:
    """The existing store opened for appending, exclusively locked, still the file at ``store``.

    Opened beneath ``boundary`` (continuity.model.safe_open): a store swapped for a link out
    of the repository, at any moment, is refused rather than appended to. A writer that waited
    for the lock re-opens when the file it holds was removed or replaced meanwhile, so a note
    is never appended to a file nobody will read. FileNotFoundError when there is no store
    (any more); :class:`~continuity.model.safe_open.Escaped` for one that leaves.
    """
    for _ in range(20):
        fd = open_beneath(store, boundary, os.O_RDWR | os.O_APPEND | _NONBLOCK)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise Stop(Failure.STORE_UNAVAILABLE, f"{store}: not a regular file")
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            if _still_linked(store, fd):
                return fd
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
    raise Stop(Failure.STORE_UNAVAILABLE, f"{store}: the file keeps being replaced; not written")


def _still_linked(store: Path, fd: int) -> bool:
    try:
        on_disk = os.stat(store)
    except OSError:
        return False
    held = os.fstat(fd)
    return (on_disk.st_dev, on_disk.st_ino) == (held.st_dev, held.st_ino) and held.st_nlink > 0


def _count_newlines(fd: int, end: int) -> int:
    count, position = 0, 0
    while position < end:
        chunk = os.pread(fd, min(1 << 20, end - position), position)
        if not chunk:
            break
        count += chunk.count(b"\n")
        position += len(chunk)
    return count


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(errno.EIO, "nothing was written")
        view = view[written:]


def _take_back(fd: int, offset: int, blob: bytes) -> bool:
    """Truncate to ``offset`` if everything after it is (a prefix of) ``blob``: ours alone."""
    size = os.fstat(fd).st_size
    if size < offset or size > offset + len(blob):
        return False
    if size > offset and os.pread(fd, size - offset, offset) != blob[:size - offset]:
        return False
    os.ftruncate(fd, offset)
    os.fsync(fd)
    return True


def append_note(store: Path, line: bytes) -> Appended:
    """Step 6: append one line under an exclusive lock, fsync, and check the bytes landed.

    A missing store is created with the note in it, all at once (continuity.authoring.atomic), so it
    never exists empty or half-written. An existing one is never rewritten: when its last line
    lacks a final newline, one is written first, so that line is ended (unchanged) rather than
    joined to the note. A failed write is undone to the byte: the store is left as it was.
    Ctrl-C and SIGTERM wait until the append is done or undone.

    A store that is, or lies below, a link leaving its repository (or its directory, outside
    git), or that lies in ``.git``, is refused: no writer writes there.
    """
    boundary = boundary_of(store.absolute().parent)
    reason = refusal(store, boundary)
    if reason is not None:
        raise _escaped(store, reason)
    for _ in range(20):
        if not os.path.lexists(store):
            try:
                _create_store(store, boundary, line)
            except FileExistsError:
                pass  # another writer created it first: append to that one
            except Escaped as exc:
                raise _escaped(store, exc.reason) from None
            except OSError as exc:
                raise _unavailable(store, exc, "create the note store") from None
            else:
                return Appended(store, 0, line, 1, created=True, within=boundary)
        try:
            fd = _open_locked(store, boundary)
        except FileNotFoundError:
            continue  # removed meanwhile (its first note was rolled back): create it
        except Escaped as exc:
            raise _escaped(store, exc.reason) from None
        except OSError as exc:
            raise _unavailable(store, exc, "open the note store") from None
        try:
            return _append_locked(store, boundary, fd, line)
        finally:
            os.close(fd)
    raise Stop(Failure.STORE_UNAVAILABLE, f"{store}: the file keeps being replaced; not written")


def _escaped(store: Path, reason: str) -> Stop:
    return Stop(Failure.STORE_UNAVAILABLE,
                f"{store}: {reason} (CT602); no writer writes there, nothing was written")


def _create_store(store: Path, boundary: Path, line: bytes) -> None:
    """A new store holding ``line``, made all at once in its directory opened beneath the
    boundary (never through a directory swapped for a link out)."""
    folder, _, _ = open_parent(store, boundary)
    try:
        atomic.create(store, line, directory_fd=folder)
        with contextlib.suppress(OSError):  # the new name durable too, where the system can
            os.fsync(folder)
    finally:
        os.close(folder)


def _append_locked(store: Path, boundary: Path, fd: int, line: bytes) -> Appended:
    offset = os.fstat(fd).st_size
    prefix = b"\n" if offset and os.pread(fd, 1, offset - 1) != b"\n" else b""
    blob = prefix + line
    with atomic.interrupts_held():
        try:
            _write_all(fd, blob)
            os.fsync(fd)
            landed = os.pread(fd, len(blob), offset) == blob and \
                os.fstat(fd).st_size == offset + len(blob)
        except OSError as exc:
            undone = _undo(store, fd, offset, blob, False)
            stop = _unavailable(store, exc, "append")
            if not undone:
                stop.reason += "; the partial write could not be removed"
            raise stop from None
        if not landed:
            _undo(store, fd, offset, blob, False)
            raise Stop(Failure.STORE_UNAVAILABLE,
                       f"{store}: the appended bytes did not read back as written; not stored")
    number = _count_newlines(fd, offset) + (1 if prefix else 0) + 1
    return Appended(store, offset, blob, number, created=False, within=boundary)


def _undo(store: Path, fd: int, offset: int, blob: bytes, created: bool) -> bool:
    try:
        undone = _take_back(fd, offset, blob)
        if undone and created and offset == 0:
            os.unlink(store)  # it did not exist before; waiting writers re-open (see above)
        return undone
    except OSError:
        return False


def rollback(appended: Appended) -> bool:
    """The seed's only reversible mutation: remove the just-appended line if it is still last."""
    try:
        fd = _open_locked(appended.store, appended.boundary)
    except (OSError, Stop):
        return False
    try:
        return _undo(appended.store, fd, appended.offset, appended.blob, appended.created)
    finally:
        os.close(fd)


# --------------------------------------------------------------------------- steps 7-8


def index_key(note: dict[str, Any], line: int) -> str:
    tags = ",".join(note.get("tags", ()))
    return f"project={note['project']}" + (f" tags={tags}" if tags else "") + f" line={line}"


def index_note(appended: Appended, note: dict[str, Any]) -> str:
    """Step 7: bring the store's recall index up to date; a search by project must find it."""
    try:
        index = noteindex.load(appended.store)
    except OSError as exc:
        raise _unavailable(appended.store, exc, "index the note store") from None
    found = index.search(project=note["project"], tags=note.get("tags", ()))
    if not any(entry.line == appended.line for entry in found):
        raise Stop(Failure.STORE_UNAVAILABLE,
                   f"{appended.store}: the index does not return line {appended.line} for "
                   f"project {note['project']!r}")
    return index_key(note, appended.line)


def confirm_recall(appended: Appended, note: dict[str, Any]) -> None:
    """Step 8: read the store back as the checker does; the line is there, by time and project."""
    try:
        fd = open_beneath(appended.store, appended.boundary, os.O_RDONLY | _NONBLOCK)
        with open(fd, "rb") as handle:
            if fcntl is not None:
                fcntl.flock(handle.fileno(), fcntl.LOCK_SH)
            raw = handle.read()
    except OSError as exc:
        raise _unavailable(appended.store, exc, "read the note store back") from None
    chunks = raw.split(b"\n")
    if raw.endswith(b"\n"):
        chunks.pop()
    number = appended.line
    # The store may have been cut short by another process meanwhile: a missing or empty
    # line is "not found", never an index out of range.
    parsed = parse_bytes(chunks[number - 1]) if 0 < number <= len(chunks) else []
    found = parsed[0] if parsed else None
    if found is None or not found.is_object or found.value.get("time") != note["time"] or \
            found.value.get("project") != note["project"] or found.value != note:
        raise Stop(Failure.STORE_UNAVAILABLE,
                   f"{appended.store}: reading the store back, line {number} is not the "
                   f"note just written")


def reject_duplicate(store: Path, note: dict[str, Any]) -> None:
    """An exact repeat of a note already in the store (same project and fact, case and spacing
    aside) is refused, naming the line: appended, it could never be taken out (CT505)."""
    key = same_fact_key(str(note["project"]), str(note["fact"]))
    try:
        with open(store, "rb") as handle:
            for number, raw in enumerate(handle, start=1):
                try:
                    data = json.loads(raw)
                except ValueError:
                    continue  # a broken line is CT501's
                if isinstance(data, dict) and isinstance(data.get("project"), str) \
                        and isinstance(data.get("fact"), str) \
                        and same_fact_key(data["project"], data["fact"]) == key:
                    raise Stop(Failure.DUPLICATE,
                               f"already recorded at {store}:{number}: {data['fact']} "
                               f"(project {data['project']!r}); "
                               "`continuity recall --project P` finds it")
    except FileNotFoundError:
        return
    except OSError:
        return  # the append says what is wrong with the store


# --------------------------------------------------------------------------- the procedure


def capture(text: str, project: str, tags: Iterable[str] = (), *, store: Path,
            first_only: bool = False, now: datetime | None = None) -> Capture:
    """Run the whole procedure; never raises for anything the seed names."""
    redacted: tuple[str, ...] = ()
    deferred: tuple[str, ...] = ()
    try:
        reject_transcript(text)
        fact, deferred = identify_fact(text, first_only)
        reject_code_obvious(fact)
        fact, redacted = redact_fact(fact)
        fact = validate_fact(fact)
        note = build_note(fact, project, tags, now)
        reject_duplicate(store, note)
        line = encode_note(note)
        appended = append_note(store, line)
    except Stop as stop:
        return Capture(stop.failure, stop.reason, store, redacted=redacted,
                       deferred=deferred, field=stop.field)
    try:
        key = index_note(appended, note)
        confirm_recall(appended, note)
    except Exception as exc:  # a post-append check failed, or broke: take the line back
        # Anything but a Stop means the store changed under us (truncated or rewritten by
        # another process while the note was checked): say so, not the exception's name.
        late = exc if isinstance(exc, Stop) else Stop(
            Failure.STORE_UNAVAILABLE, f"{store}: the store changed while the note was being "
                                       "checked (another process truncated or rewrote it)")
        if rollback(appended):
            reason = f"{late.reason}; the note was rolled back, the store is as it was"
            return Capture(late.failure, reason, store, note=note, redacted=redacted,
                           deferred=deferred)
        reason = (f"{late.reason}; the note stays at line {appended.line} (other lines were "
                  f"appended after it, so it cannot be taken back)")
        return Capture(late.failure, reason, store, note=note, line=appended.line,
                       redacted=redacted, deferred=deferred, appended=True)
    return Capture(None, "captured", store, note=note, line=appended.line, index_key=key,
                   redacted=redacted, deferred=deferred, appended=True)
