"""Every committed version of a memory root's living files, from the history already read.

Living files (state, index and context files: ``STATE.md``, ``TODO.md``, a Claude
``MEMORY.md``, Cline's ``activeContext.md``) are overwritten by design, so the tree shows only
their last version. Their earlier ones are in the one ``git log`` the check reads
(:class:`continuity.history.log.History`): each commit that changed such a file names its old
and new blob, and the contents of all of them come through the history's one
``git cat-file --batch`` process, in one request. No git process is started per version.

What is found here is plain data for the site (``continuity/generator/state_history.py``), the
report and CT605: per file, its versions newest first, each with its commit, its text and the
credentials any detector finds in it, as written or as a reader sees it (kind and line only,
never the value); commit subjects and author names redacted the same way.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from continuity.formats.secrets import line_column
from continuity.formats.seen_redaction import credentials_seen, redact_seen
from continuity.history.log import Change, Commit, History
from continuity.model.tree import MemoryTree


def living_files(tree: MemoryTree) -> list[str]:
    """The root-relative paths of the tree's living files: the one place that decides which
    files get a timeline. The convention's living files where the model knows them
    (``MemoryTree.living_files()``: a Cline memory bank's core files, a Claude agent's topic
    files; the protocol's state files)."""
    return [state.path for state in tree.living_files()]


@dataclass(frozen=True)
class Version:
    """One commit's version of a living file."""

    sha: str
    date: str  # author date, ISO 8601 as git wrote it
    author: str
    subject: str
    status: str  # "A" added, "M" modified, "D" deleted
    blob: str | None  # None: the commit deleted the file
    previous_blob: str | None  # the version in the commit's (first) parent; None: added
    text: str | None  # None: deleted, or not readable as text (see ``unreadable``)
    previous_text: str | None
    unreadable: str | None  # why ``text`` is None for a version that has a blob
    added: tuple[str, ...]  # root-relative paths the same commit added (its snapshot entries)
    credentials: tuple[tuple[str, int], ...]  # (kind, line) of each credential in ``text``
    previous_credentials: tuple[tuple[str, int], ...]
    #: a digest of each credential's value, in the order of ``credentials``: two versions
    #: holding the same token share it (never the value itself)
    fingerprints: tuple[str, ...] = ()

    @property
    def short(self) -> str:
        return self.sha[:7]

    @property
    def day(self) -> str:
        return self.date[:10]

    @property
    def holds_credential(self) -> bool:
        """Whether this version or the one it replaced holds a credential: then neither its
        text nor its diff may be published."""
        return bool(self.credentials or self.previous_credentials)


@dataclass(frozen=True)
class FileTimeline:
    path: str
    versions: tuple[Version, ...]  # newest first; at most the cap
    total: int  # versions in the history read, before the cap


#: root-relative path -> its timeline; files that no commit changed have none.
Timeline = dict[str, FileTimeline]


def read_timeline(history: History, paths: Iterable[str],
                  max_versions: int | None = None) -> Timeline:
    """The committed versions of ``paths`` (root-relative) in ``history``, newest first.

    A merge counts as a version only where git's combined diff shows it changed the file
    beyond every parent (the history's own rule, ``-c``): a merge that takes one side's
    version adds nothing new. Changes not yet committed are not versions. Every blob any
    version needs (its own and its parent's) is read in one request.
    """
    wanted = set(paths)
    found: dict[str, list[tuple[Commit, Change, tuple[str, ...]]]] = {path: [] for path in wanted}
    for commit in history.commits:  # oldest first
        if commit.sha is None:
            continue
        changed = [c for c in commit.changes if c.path in wanted]
        if not changed:
            continue
        added = tuple(c.path for c in commit.changes if c.status == "A")
        for change in changed:
            found[change.path].append((commit, change, added))
    kept: dict[str, list[tuple[Commit, Change, tuple[str, ...]]]] = {}
    totals: dict[str, int] = {}
    for path, events in found.items():
        if not events:
            continue
        totals[path] = len(events)
        newest = events[::-1]
        kept[path] = newest[:max_versions] if max_versions else newest
    blobs = _read_texts(history, (oid for events in kept.values() for commit, change, _ in events
                                  for oid in (change.new, change.before)))
    timeline: Timeline = {}
    for path in sorted(kept):
        versions = []
        for commit, change, added in kept[path]:
            text, why, held, prints = blobs.get(change.new or "", _NOTHING)
            before, _, held_before, _ = blobs.get(change.before or "", _NOTHING)
            versions.append(Version(
                # A subject or an author name is published as it is (state, history and
                # home pages, the search index, the report): redacted where it is read.
                sha=commit.sha or "", date=commit.date, author=redact_seen(commit.author),
                subject=redact_seen(commit.subject),
                status=change.status, blob=change.new, previous_blob=change.before,
                text=text, previous_text=before, unreadable=why, added=added,
                credentials=held, previous_credentials=held_before, fingerprints=prints))
        timeline[path] = FileTimeline(path, tuple(versions), totals[path])
    return timeline


Read = tuple[str | None, str | None, tuple[tuple[str, int], ...], tuple[str, ...]]
_NOTHING: Read = (None, None, (), ())


def _read_texts(history: History, oids: Iterable[str | None]) -> dict[str, Read]:
    """blob -> (its text, or None and why not; the credentials in it), every blob read once,
    all in one request to one ``cat-file --batch`` process, and scanned once.

    The process is this read's own: the history rules read blobs through the history's
    process in another thread at the same time, and close it when done.
    """
    order = list(dict.fromkeys(oid for oid in oids if oid))
    texts: dict[str, Read] = {}
    if not order:
        return texts
    with history.repository.blob_reader() as reader:
        for oid, data in reader.read(order, max_size=history.max_blob_size):
            text, why = _decoded(data)
            texts[oid] = (text, why, *_credentials(text))
    return texts


def _decoded(data: bytes | None) -> tuple[str | None, str | None]:
    if data is None:
        return None, "not read (larger than max_file_size, or missing)"
    if b"\0" in data:
        return None, "not text"
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError:
        return None, "not UTF-8 text"


def _credentials(text: str | None
                 ) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
    """(kind, line) of each credential in ``text``: the detectors of CT601, on a version, as
    written and as a reader sees it (``ghp\\_…``, a token split by U+200B)."""
    if not text:
        return (), ()
    found = credentials_seen(text)
    return (tuple((finding.kind, line_column(text, finding.start)[0]) for finding in found),
            tuple(_fingerprint(text[finding.start:finding.end]) for finding in found))


def _fingerprint(value: str) -> str:
    """A value's digest as a reader sees it: ``ghp\\_x`` and ``ghp_x`` are one token."""
    seen = "".join(ch for ch in value.replace("\\", "")
                   if ch not in "\u00ad\u200b\u200c\u200d\u2060\ufeff")
    return hashlib.sha256(seen.encode("utf-8", "surrogatepass")).hexdigest()[:16]
