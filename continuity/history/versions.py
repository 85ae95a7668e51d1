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
import subprocess
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from continuity.formats.secrets import line_column
from continuity.formats.secrets_context import is_contract
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
    def previous_not_kept(self) -> bool:
        """Whether the version before this one exists but its text was not kept (beyond the
        timeline's budget, binary, too large): then this one's changes cannot be shown (diffed
        against nothing, the whole file would look added)."""
        return self.status != "A" and self.previous_blob is not None and \
            self.previous_text is None and self.text is not None

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
    #: versions listed without their text: beyond the timeline's byte budget (scanned by
    #: CT605 all the same, never kept), and blobs not read: binary or over max_file_size
    beyond_budget: int = 0
    skipped: int = 0
    skipped_bytes: int = 0


#: The newest versions per living file when ``state_history_max_versions`` is not set.
DEFAULT_MAX_VERSIONS = 500
#: The bytes of version texts a timeline keeps (and publishes), all its files together,
#: newest versions first: 120 commits to a 1 MB STATE.md must not make a 131 MB site.
TEXT_BUDGET = 8_000_000
#: Bytes looked at for a NUL: a version holding one is binary, not read further.
_SNIFF = 8000
#: A blob larger than this is looked at first (its first bytes only), so that a binary one is
#: never read whole; smaller ones come through the one ``cat-file --batch`` and are sniffed there.
_PEEK_FROM = 2_000_000


#: root-relative path -> its timeline; files that no commit changed have none.
Timeline = dict[str, FileTimeline]


def read_timeline(history: History, paths: Iterable[str],
                  max_versions: int | None = None, text_budget: int = TEXT_BUDGET,
                  commits: Iterable[Commit] | None = None) -> Timeline:
    """The committed versions of ``paths`` (root-relative) in ``history``, newest first.

    A merge counts as a version only where git's combined diff shows it changed the file
    beyond every parent (the history's own rule, ``-c``): a merge that takes one side's
    version adds nothing new. Changes not yet committed are not versions. Every blob any
    version needs (its own and its parent's) is read in one request.

    Bounded: the newest ``max_versions`` per file (:data:`DEFAULT_MAX_VERSIONS` unless set);
    the texts kept, newest versions first across the files, within ``text_budget`` bytes
    (older ones are scanned for credentials and let go: listed without their text); blobs
    over the history's ``max_blob_size`` or binary (a NUL in their first bytes) are sized by
    ``git cat-file --batch-check`` and never read whole.

    ``commits``: where to find the versions, oldest first, when not (only) in the history's
    own (its log and the agent state files' log beyond the root, read together).
    """
    cap = max_versions or DEFAULT_MAX_VERSIONS
    wanted = set(paths)
    found: dict[str, list[tuple[Commit, Change, tuple[str, ...]]]] = {path: [] for path in wanted}
    for commit in history.commits if commits is None else commits:  # oldest first
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
        kept[path] = events[::-1][:cap]
    order = [(index, oid) for events in kept.values()
             for index, (_, change, _) in enumerate(events) for oid in (change.new, change.before)]
    order.sort(key=lambda item: item[0])  # the newest versions of every file first
    # Each file's blobs oldest first: a version is scanned for what it changed, against the one
    # read before it (120 one-line commits to a 1 MB file scan 1 MB and 119 lines, not 120 MB).
    chains = [[oid for _, change, _ in events[::-1] for oid in (change.before, change.new) if oid]
              for events in kept.values()]
    blobs, sizes = _read_texts(history, [oid for _, oid in order if oid], chains, text_budget)
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
        own = {v.blob for v in versions if v.blob}
        timeline[path] = FileTimeline(
            path, tuple(versions), totals[path],
            beyond_budget=sum(1 for v in versions if v.unreadable == BEYOND_BUDGET),
            skipped=sum(1 for oid in own if blobs.get(oid, _NOTHING)[1] in _NOT_READ),
            skipped_bytes=sum(sizes.get(oid) or 0 for oid in own
                              if blobs.get(oid, _NOTHING)[1] in _NOT_READ))
    return timeline


Read = tuple[str | None, str | None, tuple[tuple[str, int], ...], tuple[str, ...]]
_NOTHING: Read = (None, None, (), ())


BEYOND_BUDGET = "beyond the timeline's budget of the newest versions' text"
_BINARY = "binary (not read)"
_TOO_LARGE = "not read (larger than max_file_size, or missing)"
_NOT_READ = (_BINARY, _TOO_LARGE)


def _read_texts(history: History, newest_first: list[str], chains: list[list[str]],
                budget: int) -> tuple[dict[str, Read], dict[str, int | None]]:
    """blob -> (its text, or None and why not; the credentials in it), every blob read once,
    all in one request to one ``cat-file --batch`` process, and scanned once.

    First the sizes, from one ``cat-file --batch-check`` (git reads headers only): a blob over
    ``max_blob_size`` is not asked for, and one over :data:`_PEEK_FROM` whose first bytes hold
    a NUL is binary and never read whole. Which texts are kept is decided from the sizes too:
    the newest versions' (``newest_first``) while ``budget`` lasts. Then each file's blobs are
    read oldest first (``chains``) and each is scanned for what it changed against the one
    before it (:func:`_scan`); one whose first bytes hold a NUL is binary, let go undecoded.

    The process is this read's own: the history rules read blobs through the history's
    process in another thread at the same time, and close it when done.
    """
    every = list(dict.fromkeys([*newest_first, *(oid for chain in chains for oid in chain)]))
    texts: dict[str, Read] = {}
    if not every:
        return texts, {}
    sizes = history.repository.object_sizes(every)
    limit = history.max_blob_size
    for oid in every:
        size = sizes.get(oid)
        if size is None or (limit is not None and size > limit):
            texts[oid] = (None, _TOO_LARGE, (), ())
        elif size > _PEEK_FROM and b"\0" in _first_bytes(history, oid):
            texts[oid] = (None, _BINARY, (), ())  # an image or a recording: never read whole
    keep: set[str] = set()
    left = budget
    for oid in dict.fromkeys(newest_first):  # the newest texts, up to the first that no longer fits
        if oid in texts:
            continue
        left -= sizes.get(oid) or 0
        if left < 0:
            break
        keep.add(oid)
    order = [(number, oid) for number, chain in enumerate(chains) for oid in chain]
    wanted = list(dict.fromkeys(oid for _, oid in order if oid not in texts))
    chain_of = {oid: number for number, oid in reversed(order)}  # the first chain naming it
    last: dict[int, tuple[str, list[_Found]]] = {}  # chain -> the text read before, its finds
    with history.repository.blob_reader() as reader:
        for oid, data in reader.read(wanted, max_size=limit):
            number = chain_of[oid]
            if data is not None and b"\0" in data[:_SNIFF]:
                texts[oid] = (None, _BINARY, (), ())
                continue
            text, why = _decoded(data)
            if text is None:
                texts[oid] = (None, why, (), ())
                continue
            before = last.get(number)
            found = _scan(text, before[0], before[1]) if before else _scan(text, None, [])
            last[number] = (text, found)
            held = tuple((kind, line) for kind, line, _ in found)
            prints = tuple(print_ for _, _, print_ in found)
            texts[oid] = (text, None, held, prints) if oid in keep else \
                (None, BEYOND_BUDGET, held, prints)
    return texts, sizes


#: (kind, line, fingerprint) of one credential in a version.
_Found = tuple[str, int, str]


def _scan(text: str, previous: str | None, previous_found: list[_Found]) -> list[_Found]:
    """The credentials of ``text``, as written and as a reader sees it: those on lines the
    ``previous`` version had too are its findings carried over (moved to their new line);
    the lines it does not share are scanned, in place (the others blanked, so that line
    numbers hold). Without a previous version, the whole text is scanned."""
    if previous is None:
        return _found_in(text)
    if is_contract(text):  # an example's key may be on a line the mask blanks: judged whole
        return _found_in(text)
    old_lines = previous.split("\n")
    new_lines = text.split("\n")
    unmatched = Counter(old_lines)
    masked = []
    kept_at: dict[str, int] = {}  # an unchanged line -> its first line number in ``text``
    for number, row in enumerate(new_lines, start=1):
        if unmatched[row] > 0:
            unmatched[row] -= 1
            masked.append("")
            kept_at.setdefault(row, number)
        else:
            masked.append(row)
    found = _found_in("\n".join(masked)) if any(masked) else []
    for kind, line, print_ in previous_found:
        at = kept_at.get(old_lines[line - 1]) if 0 < line <= len(old_lines) else None
        if at is not None:
            found.append((kind, at, print_))
    return sorted(set(found), key=lambda item: (item[1], item[0]))


def _found_in(text: str) -> list[_Found]:
    return [(finding.kind, line_column(text, finding.start)[0],
             _fingerprint(text[finding.start:finding.end])) for finding in credentials_seen(text)]


def _first_bytes(history: History, oid: str) -> bytes:
    """The first :data:`_SNIFF` bytes of a large blob, from a ``git cat-file blob`` stopped
    once they are read (git is killed: the rest is never sent). One process per blob over
    :data:`_PEEK_FROM`, which a living file's history seldom holds."""
    process = history.repository.popen("cat-file", "blob", oid, stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL)
    try:
        assert process.stdout is not None
        return process.stdout.read(_SNIFF)
    finally:
        process.kill()
        if process.stdout is not None:
            process.stdout.close()
        process.wait()


def _decoded(data: bytes | None) -> tuple[str | None, str | None]:
    if data is None:
        return None, _TOO_LARGE
    if b"\0" in data:
        return None, "not text"
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError:
        return None, "not UTF-8 text"


def _fingerprint(value: str) -> str:
    """A value's digest as a reader sees it: ``ghp\\_x`` and ``ghp_x`` are one token."""
    seen = "".join(ch for ch in value.replace("\\", "")
                   if ch not in "\u00ad\u200b\u200c\u200d\u2060\ufeff")
    return hashlib.sha256(seen.encode("utf-8", "surrogatepass")).hexdigest()[:16]
