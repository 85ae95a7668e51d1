"""One immutable model of a memory tree, discovered once; the rules and the site both read it.

Discovery walks the memory root once, reads every file of the tree once (never a symlink that
leaves the repository, never a file over ``max_file_size``), and parses what the protocol gives
structure to: state files with their mesh index, history and library directories with their
templates and entries. The cycle ledger and note stores are located and read here; their lines
are interpreted by the modules that judge them.
"""

from __future__ import annotations

import fnmatch
import functools
import json
import os
import posixpath
import re
import stat
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from continuity.config import DEFAULT_NOTE_GLOBS, Config
from continuity.errors import UsageError
from continuity.formats import frontmatter as fm
from continuity.formats.markdown import MarkdownDoc, parse_mesh_declaration
from continuity.formats.secrets import Finding, key_file_value, without_overlaps
from continuity.formats.seen import byte_findings, find_seen
from continuity.formats.textfile import TextRead
from continuity.model.boundaries import refusal, repository_top, root_refusal
from continuity.model.conventions import (
    INSTRUCTIONS,
    PROTOCOL,
    Convention,
    Evidence,
    Recognition,
    dated_folder,
    recognise,
)
from continuity.model.kinds import (
    ARCHIVE,
    BUILTIN,
    BUILTIN_TEMPLATES,
    LEDGER_PATH,
    SESSION_STATE_PATH,
    TEMPLATE_NAME,
    DirectoryKind,
    KindSet,
    could_be_state_file,
    custom_kind,
    is_non_entry,
    is_state_file_name,
)
from continuity.model.linked import MARKDOWN_SUFFIXES, linked_paths
from continuity.model.naming import EntryName, date_in_name
from continuity.model.records import Records, load_records
from continuity.model.roots import (
    RootSearch,
    declared_parent,
    directory_listing,
    enclosing_root,
    holds_state_by_name,
    is_set_aside,
    link_outside,
    repository_ledger_owner,
)
from continuity.model.safe_open import Beneath, Escaped
from continuity.model.scoped import scoped_agents_files

#: Living files that hold data, not prose: read and scanned, never parsed as Markdown.
DATA_SUFFIXES = (".json", ".jsonl", ".yaml", ".yml", ".toml")

__all__ = ["BUILTIN_TEMPLATES", "EntryName", "MemoryTree", "discover"]


# --------------------------------------------------------------------------- files


@dataclass(frozen=True)
class TreeFile:
    """A file of the tree. ``read`` is None for files that must not be read (escaping links)."""

    path: str  # relative to the memory root, '/'-separated
    abspath: Path
    read: TextRead | None
    symlink_target: str | None = None  # set when the file is a link leaving the repository

    @property
    def text(self) -> str | None:
        return self.read.text if self.read else None

    @property
    def escapes(self) -> bool:
        return self.symlink_target is not None

    @property
    def scanned_text(self) -> str | None:
        """What credentials are looked for in: the text, or, for a binary file or one not in
        UTF-8, its bytes one character each (a key is ASCII: found at its offset, in a PNG's
        text chunk or a database file as in text); None for a file not read."""
        if self.read is None:
            return None
        if self.read.text is not None:
            return self.read.text
        raw = self.read.raw
        if raw is None:
            return None
        return raw.decode("latin-1") if b"\x00" in raw else raw.decode("utf-8", "replace")

    # Found once per file read: an entry reused by the next discovery (ParsedEntries) keeps
    # them, so a serve rebuild scans only the files that changed.
    @cached_property
    def credentials(self) -> tuple[Finding, ...]:
        """At offsets of :attr:`scanned_text`: found as written and as a reader sees it
        (continuity.formats.seen), in a binary file also in its UTF-16/UTF-32 text."""
        text = self.scanned_text
        if text is None:
            return ()
        raw = self.read.raw if self.read is not None else None
        if self.read is not None and self.read.text is None and raw is not None and \
                b"\x00" in raw:
            return tuple(without_overlaps(byte_findings(raw)))
        found = find_seen(text)
        if not found:  # a file named for a key, holding it alone (``zhipu_key.txt``)
            whole = key_file_value(self.path, text)
            return (whole,) if whole is not None else ()
        return tuple(found)

    @cached_property
    def name_credentials(self) -> tuple[Finding, ...]:
        return tuple(find_seen(self.path))


@dataclass(frozen=True)
class Document:
    """A Markdown file split into frontmatter and body, with file line numbers kept."""

    text: str
    frontmatter: fm.Frontmatter
    body: MarkdownDoc

    @classmethod
    def parse(cls, text: str) -> Document:
        front = fm.parse(text)
        if front.present and front.end_line > 0:
            body_text = "\n".join(text.split("\n")[front.end_line:])
            return cls(text, front, MarkdownDoc(body_text, line_offset=front.end_line))
        return cls(text, front, MarkdownDoc(text))

    @cached_property
    def whole(self) -> MarkdownDoc:
        """The whole file as Markdown (for placeholders, which may sit in the frontmatter)."""
        return MarkdownDoc(self.text)

    @property
    def title(self) -> str | None:
        """The level-1 heading that opens the document, before any other heading: one met
        after the document's own sections is a heading of its body (a file's name written at
        the margin, ``# .github/workflows/ci.yml`` under a ``### CI/CD``), not its name."""
        for section in self.body.sections:
            return section.title if section.level == 1 else None
        return None


# --------------------------------------------------------------------------- templates


@dataclass(frozen=True)
class Template:
    """What a directory's entries must carry (its template)."""

    directory: str
    path: str | None  # the ENTRY.template.md, or None for the built-in default
    has_frontmatter: bool
    fields: tuple[str, ...]
    enums: dict[str, tuple[str, ...]]
    sections: tuple[str, ...]
    table_fields: tuple[str, ...]  # completed/: the rows of the table under ## Task
    text: str = ""
    problem: str | None = None  # a template that could not be read or parsed

    @property
    def builtin(self) -> bool:
        return self.path is None


def parse_template(directory: str, text: str, path: str | None) -> Template:
    document = Document.parse(text)
    front = document.frontmatter
    enums: dict[str, tuple[str, ...]] = {}
    for key, value in front.data.items():
        if isinstance(value, str) and "|" in value and "{{" not in value:
            enums[key] = tuple(part.strip() for part in value.split("|") if part.strip())
    table_fields: tuple[str, ...] = ()
    task = document.body.section("Task", level=2)
    if task is not None:
        table_fields = tuple(row.cells[0] for row in document.body.table_rows(task) if row.cells)
    problem = None
    if front.problems:
        problem = front.problems[0].message
    return Template(
        directory=directory, path=path, has_frontmatter=front.present,
        fields=tuple(front.data), enums=enums,
        sections=tuple(s.title for s in document.body.headings(2)),
        table_fields=table_fields, text=text, problem=problem,
    )


def builtin_template(directory: str, kind: DirectoryKind | None = None) -> Template:
    """The default a directory's entries are judged by when it has no ENTRY.template.md: its
    kind's template (the protocol's own for the built-in kinds), else nothing required."""
    if kind is None:
        kind = BUILTIN.get(directory)
    source = kind.template if kind is not None else None
    if source is not None and source.is_file():
        return parse_template(directory, source.read_text("utf-8"), None)
    return Template(directory, None, False, (), {}, (), ())


# --------------------------------------------------------------------------- entries


@dataclass(frozen=True)
class HistoryEntry:
    """One file in a history or library directory."""

    directory: str
    name: str  # file name
    file: TreeFile
    parsed_name: EntryName | None  # None when the name does not match the pattern
    document: Document | None  # Markdown entries with readable text

    @property
    def path(self) -> str:
        return self.file.path

    @property
    def date(self) -> str | None:
        """The date the name carries: by its pattern, or, for a name that misses it, the
        real date it begins with (``reflections/2026-05-03.md``: CT101, yet dated)."""
        if self.parsed_name is not None:
            return self.parsed_name.date
        return date_in_name(self.name)

    @property
    def real_date(self) -> bool:
        """The name's date is a real calendar date (the entry can be filed by month)."""
        if self.parsed_name is not None:
            return self.parsed_name.date is not None and self.parsed_name.valid_date
        return self.date is not None

    @property
    def month(self) -> str | None:
        date = self.date
        return date[:7] if date else None

    @property
    def sort_key(self) -> tuple[str, str, int, str]:
        """Date, then the time or turn in the name, then the name."""
        parsed = self.parsed_name or EntryName()
        return (self.date or "", parsed.time or "", parsed.turn or 0, self.name)

    @property
    def archived(self) -> bool:
        """In the directory's archive/ subfolder: old history rotated out, not misnamed."""
        return self.name.startswith(ARCHIVE + "/")

    @property
    def content_checked(self) -> bool:
        """Whether the template rules (CT2xx) judge this entry: one finding per cause, so not
        a file that CT101 already reports (misnamed, in a subfolder such as templates/, a
        ``daily.template.md``), nor one rotated into the directory's archive/."""
        return self.parsed_name is not None and not self.archived

    @property
    def title(self) -> str:
        if self.document is not None and self.document.title:
            return self.document.title
        return self.name


@dataclass(frozen=True)
class MemoryDirectory:
    """A history or library directory with its template and entries (oldest first)."""

    name: str
    kind: DirectoryKind
    template: Template
    template_file: TreeFile | None
    entries: tuple[HistoryEntry, ...]
    custom: bool = False  # declared by a mesh index, not named by the protocol

    @property
    def is_history(self) -> bool:
        return self.kind.is_history


# --------------------------------------------------------------------------- state files


@dataclass(frozen=True)
class MeshEdge:
    """A state file indexes a directory; ``declared`` edges come from its ``## Mesh index``."""

    state_file: str  # e.g. "STATE.md"
    directory: str  # e.g. "snapshots"
    declared: bool
    line: int = 1


@dataclass(frozen=True)
class StateFile:
    name: str  # "STATE.md"
    file: TreeFile
    document: Document | None
    declared_edges: tuple[tuple[str, int], ...] | None  # None: no ## Mesh index
    parent: tuple[str, int] | None = None  # ``parent: ../STATE.md`` as written, and its line

    @property
    def stem(self) -> str:
        return self.name[:-3]

    @property
    def path(self) -> str:
        return self.file.path


@dataclass(frozen=True)
class LinkedFile:
    """A file of the root that a state file links to, directly or through other linked files
    (``continuity.model.linked``): published, and read by the rules that read every file."""

    file: TreeFile
    document: Document | None  # Markdown with readable text
    linked_from: str  # the root-relative path of the file that links to it first

    @property
    def path(self) -> str:
        return self.file.path

    @property
    def title(self) -> str:
        if self.document is not None and self.document.title:
            return self.document.title
        return self.file.path.rsplit("/", 1)[-1]


# --------------------------------------------------------------------------- the tree


@dataclass(frozen=True)
class MemoryTree:
    root: Path
    repo_root: Path | None  # the top of the enclosing git work tree, if any
    config: Config
    state_files: tuple[StateFile, ...]
    directories: dict[str, MemoryDirectory]
    edges: tuple[MeshEdge, ...]
    ledger: TreeFile | None
    session_state: TreeFile | None
    note_stores: tuple[TreeFile, ...]
    skipped: tuple[TreeFile, ...] = ()  # links leaving the repository, files over the size
    kinds: KindSet = BUILTIN  # the directory kinds in force (built-in, and configured)
    #: Directories with a kind's name that are not memory: no template, no entry-shaped file,
    #: indexed by no state file (a source package called memory/, an empty logs/).
    not_memory: tuple[str, ...] = ()
    #: Child memory roots below this one (root-relative, nearest first): each is its own tree.
    children: tuple[str, ...] = ()
    #: The convention the root follows, and the evidence (continuity.model.conventions).
    recognition: Recognition = field(default_factory=lambda: Recognition(PROTOCOL))
    #: Files of the root its state files link to (and files those link to) that no other
    #: part of the tree holds, read like every file: published so that the links resolve.
    linked: tuple[LinkedFile, ...] = ()
    #: The AGENTS.md files of the folders below an instruction root at the repository's top
    #: that no child root holds (continuity.model.scoped), read among :attr:`linked`.
    scoped: tuple[str, ...] = ()
    #: Whether the walk for :attr:`scoped` stopped at its bound (said as a notice).
    scoped_stopped: bool = False
    # The ledger, session state and note stores, parsed on first use (rules may ask from
    # prefetch threads: the lock makes it once) and then shared by rules, pages and report.
    _records: list[Records] = field(default_factory=list, compare=False, repr=False)
    _records_lock: threading.Lock = field(default_factory=threading.Lock, compare=False,
                                          repr=False)

    @property
    def records(self) -> Records:
        with self._records_lock:
            if not self._records:
                self._records.append(load_records(self.ledger, self.session_state,
                                                  self.note_stores))
            return self._records[0]

    # -- lookups used by rules and pages

    def state_file(self, name: str) -> StateFile | None:
        for state in self.state_files:
            if state.name == name or state.stem == name:
                return state
        return None

    def state_text(self, name: str) -> str | None:
        """The text of the living file of that name, None where there is none or it is no
        text."""
        state = self.state_file(name)
        return state.file.text if state is not None else None

    def indexed_by(self, directory: str) -> list[MeshEdge]:
        return [edge for edge in self.edges if edge.directory == directory]

    def edges_from(self, state_name: str) -> list[MeshEdge]:
        return [edge for edge in self.edges if edge.state_file == state_name]

    @property
    def entries(self) -> list[HistoryEntry]:
        return [entry for d in self.directories.values() for entry in d.entries]

    def all_files(self) -> list[TreeFile]:
        """Every file read into the model, for rules that look at everything (secrets)."""
        files: list[TreeFile] = [s.file for s in self.state_files]
        for directory in self.directories.values():
            files.extend(e.file for e in directory.entries)
        for extra in (self.ledger, self.session_state):
            if extra is not None:
                files.append(extra)
        files.extend(self.note_stores)
        files.extend(linked.file for linked in self.linked)
        return files

    def file_paths(self) -> list[str]:
        """Root-relative paths of every file judged: those of :meth:`all_files`, the
        directories' templates, and the links and oversized files skipped (CT602, CT603)."""
        paths = [f.path for f in self.all_files()]
        paths += [d.template_file.path for d in self.directories.values() if d.template_file]
        paths += [f.path for f in self.skipped]
        return paths

    def relpath(self, path: Path) -> str:
        return Path(os.path.relpath(path, self.root)).as_posix()

    # -- what the root's convention makes of its files (the API other stages ask; see
    # docs/conventions.md)

    @property
    def convention(self) -> Convention | None:
        """The convention the root follows; None: no known one (general rules only)."""
        return self.recognition.convention

    def in_memory(self, path: str) -> bool:
        """Whether a root-relative path is part of the memory rather than the code beside
        it. A root of a known convention below its repository's top is memory whole; at the
        top, the root's own files, the directories the tree read and where the convention
        keeps its memory (``Convention.memory_in``: agentops ``.agents/`` in a code
        repository), unless the convention takes the whole root (an OpenClaw workspace is the
        agent's home). A root of no known convention is not understood: only the files and
        directories the tree read as memory are (an ``AGENTS.md`` in an application's folder
        makes it a root, not its source code memory)."""
        convention = self.convention
        if convention is None or convention.memory_is_files:
            return path in self._read_as_memory or path in self.scoped or \
                path.startswith(self._memory_folders)
        if self.repo_root is None or self.root != self.repo_root or convention.memory_in is None:
            return True
        if "/" not in path:
            return True
        return path.startswith(self._memory_folders)

    @functools.cached_property
    def _memory_folders(self) -> tuple[str, ...]:
        convention = self.convention
        kept_in = convention.memory_in_at(self.root) if convention else ()
        # The folders of the files it keeps by name are its own: Spec Kit's first layout kept
        # the constitution in memory/ at the project's top.
        declared = (posixpath.dirname(path) for path in _declared_files(self.root, convention))
        folders = {*self.directories, *kept_in, *declared,
                   *(posixpath.dirname(state.path) for state in self.state_files)} - {""}
        return tuple(folder.rstrip("/") + "/" for folder in sorted(folders))

    @functools.cached_property
    def _read_as_memory(self) -> frozenset[str]:
        """The living files of the root: for a root of no known convention, its memory."""
        return frozenset(state.path for state in self.state_files)

    def living_files(self) -> tuple[StateFile, ...]:
        """State, context, index and topic files: overwritten by design, never history."""
        return self.state_files

    def index_files(self) -> tuple[StateFile, ...]:
        """Living files that index others: the protocol's state files with a mesh edge,
        the convention's index files (Claude's and OpenClaw's MEMORY.md)."""
        convention = self.convention
        indexing = {edge.state_file for edge in self.edges}
        return tuple(s for s in self.state_files if s.name in indexing or
                     (convention is not None and convention.is_index(s.name)))

    def append_only(self) -> tuple[str, ...]:
        """Root-relative paths that may only grow: history directories (``journal/``), the
        cycle ledger, note stores. Nothing else of the root is append-only."""
        found = [f"{name}/" for name, d in sorted(self.directories.items()) if d.is_history]
        found += [f.path for f in (self.ledger, *self.note_stores) if f is not None]
        return tuple(found)

    @property
    def boundary(self) -> Path:
        """What may be read or written (continuity.model.boundaries): the repository, else the root."""
        return self.repo_root or self.root


# --------------------------------------------------------------------------- discovery


def find_repo_root(start: Path) -> Path | None:
    """The nearest ancestor holding ``.git`` (a directory, or a file for worktrees): the one
    answer of :func:`continuity.paths.repository_top`, which every module asks."""
    return repository_top(start)


def is_excluded(rel: str, patterns: tuple[str, ...]) -> bool:
    """Whether a root-relative path falls under one of the ``exclude`` globs (or a directory one)."""
    return any(fnmatch.fnmatch(rel, pattern) or fnmatch.fnmatch(rel, pattern.rstrip("/") + "/*")
               for pattern in patterns)


_BucketKey = tuple[str, str, DirectoryKind, int]  # root, directory, kind, size limit


class ParsedEntries:
    """The entries one discovery read and parsed, for the next discovery of the same trees to
    reuse (``mkdocs serve``, ``--watch``): an entry whose file has the same status as then
    (size, modification and change times, inode) is neither read nor parsed again.

    Entries are immutable, so the next tree holds the very same objects; each rebuild keeps
    only what it used (:meth:`rotate`), so deleted files are forgotten. A file rewritten
    within one tick of the file system's clock with the same size looks unchanged; on
    nanosecond clocks (ext4, btrfs, xfs, tmpfs) that is a rewrite within a nanosecond.
    """

    def __init__(self) -> None:
        self._kept: dict[_BucketKey, dict[str, tuple[tuple[int, ...], HistoryEntry]]] = {}
        self._now: dict[_BucketKey, dict[str, tuple[tuple[int, ...], HistoryEntry]]] = {}
        self.reused = 0
        self.parsed = 0

    def rotate(self) -> None:
        """Start a rebuild: what the last one used may be reused, the rest is let go."""
        self._kept, self._now = self._now, {}
        self.reused = self.parsed = 0

    def bucket(self, root: Path, directory: str, kind: DirectoryKind, config: Config
               ) -> tuple[dict[str, tuple[tuple[int, ...], HistoryEntry]],
                          dict[str, tuple[tuple[int, ...], HistoryEntry]]]:
        """(what the last discovery kept, what this one keeps) for one directory: an entry
        is the same only for the same root, directory, kind and size limit."""
        key = (str(root), directory, kind, config.max_file_size)
        return self._kept.get(key, {}), self._now.setdefault(key, {})


def file_signature(path: str) -> tuple[int, ...] | None:
    """What tells a plain file's content changed without reading it; None for anything else
    (a link, a missing file), which is always read again."""
    try:
        status = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(status.st_mode):
        return None
    return (status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino, status.st_dev)


class _Walker:
    """Reads files for discovery, refusing links that leave the boundary and oversized files."""

    def __init__(self, root: Path, boundary: Path, config: Config,
                 reuse: ParsedEntries | None = None):
        self.root = root
        self.boundary = boundary
        self.config = config
        self.reuse = reuse
        self.skipped: list[TreeFile] = []
        self.beneath = Beneath(boundary)
        self._root_prefix = str(root).rstrip("/") + "/"

    def excluded(self, rel: str) -> bool:
        return is_excluded(rel, self.config.exclude)

    def load(self, path: Path, is_link: bool | None = None) -> TreeFile:
        """``is_link``: whether ``path`` is a symbolic link, when a directory listing told.

        A plain file listed in a directory that was itself allowed needs no more; a link, and
        a path found any other way (a configured ledger, a note glob through a linked
        directory), is judged by :func:`continuity.model.boundaries.refusal`.
        """
        rel = self._rel(path)
        listed = is_link is not None
        if is_link is None:
            is_link = path.is_symlink()
        if is_link or not listed or rel.startswith("../"):
            if refusal(path, self.boundary) is not None:
                shown = (link_outside(path, self.boundary) or "?") if is_link else str(path)
                tree_file = TreeFile(rel, path, None, symlink_target=shown)
                self.skipped.append(tree_file)
                return tree_file
        try:  # opened beneath the boundary: a link swapped in since is refused, not read
            read = self.beneath.read_text(path, self.config.max_file_size)
        except Escaped:
            tree_file = TreeFile(rel, path, None, symlink_target=str(path))
            self.skipped.append(tree_file)
            return tree_file
        tree_file = TreeFile(rel, path, read)
        if read.too_large:
            self.skipped.append(tree_file)
        return tree_file

    def directory_link_inside(self, path: Path) -> bool:
        """A linked directory is read only when it is allowed (inside, not into .git)."""
        if refusal(path, self.boundary) is None:
            return True
        self.skip_link(path, link_outside(path, self.boundary) or "?")
        return False

    def skip_link(self, path: Path, target: str) -> None:
        """Record a link leaving the boundary (CT602): never read."""
        self.skipped.append(TreeFile(self._rel(path), path, None, symlink_target=target))

    def _rel(self, path: Path) -> str:
        text = str(path)
        if text.startswith(self._root_prefix):  # the usual case, without relpath's cost
            return text[len(self._root_prefix):]
        return Path(os.path.relpath(path, self.root)).as_posix()


def _parse_name(kind: DirectoryKind, name: str) -> EntryName | None:
    return kind.parse(name)


def _is_template(relname: str) -> bool:
    """A form to fill in kept among entries: in a ``templates/`` folder, or named so."""
    parts = relname.split("/")
    return "templates" in parts[:-1] or "template" in parts[-1].lower()


def _load_entry(walker: _Walker, kind: DirectoryKind, dirname: str, path: Path,
                relname: str, is_link: bool) -> HistoryEntry:
    tree_file = walker.load(path, is_link)
    document = None
    if path.name.endswith(".md") and tree_file.text is not None:
        document = Document.parse(tree_file.text)
    return HistoryEntry(dirname, relname, tree_file, kind.parse(relname), document)


#: Subdirectory levels walked below a history or library directory. Entries sit directly in
#: their directory (deeper files are CT101 anyway); a directory at this depth is taken as one
#: unreadable entry (CT210), so a tree nested thousands deep yields pages MkDocs can write.
MAX_NESTING = 16


def _walk_entries(directory: Path) -> list[tuple[Path, str, bool]]:
    """Files below a directory (not following linked directories):
    (path, name within the directory, whether it is a symbolic link)."""
    found: list[tuple[Path, str, bool]] = []
    pending: list[tuple[Path, str, int]] = [(directory, "", 0)]
    while pending:  # a loop, not recursion
        current, prefix, depth = pending.pop()
        below: list[tuple[Path, str, int]] = []
        for item in directory_listing(current):
            relname = f"{prefix}{item.name}"
            if item.is_dir(follow_symlinks=False) and depth < MAX_NESTING:
                if not item.name.startswith("."):
                    below.append((Path(item.path), relname + "/", depth + 1))
            else:
                found.append((Path(item.path), relname, item.is_symlink()))
        pending.extend(reversed(below))
    return found


def _named_entries(root: Path, name: str, only: set[str]) -> list[tuple[Path, str, bool]]:
    """The files of ``only`` inside directory ``name``, as :func:`_walk_entries` would list
    them, without listing the directory (``check FILE…`` on a directory of 10,000 entries)."""
    found = []
    for path in sorted(only):
        if not path.startswith(name + "/"):
            continue
        relname = path[len(name) + 1:]
        folders = relname.split("/")[:-1]
        if len(folders) > MAX_NESTING or any(part.startswith(".") for part in folders):
            continue  # where the walk does not look
        file_path = root / path
        try:
            if file_path.is_symlink() or not file_path.is_dir():
                if file_path.is_symlink() or file_path.exists():
                    found.append((file_path, relname, file_path.is_symlink()))
        except OSError:
            continue
    return found


def _load_directory(walker: _Walker, root: Path, name: str, kind: DirectoryKind,
                    custom: bool, only: set[str] | None = None,
                    named_only: bool = False) -> MemoryDirectory:
    """``only``: the root-relative paths of the entries to load (the rest are not read);
    ``named_only``: templates are not entries (:func:`_is_template`)."""
    path = root / name
    template_path = path / TEMPLATE_NAME
    template_file = None
    if template_path.is_file() or template_path.is_symlink():
        template_file = walker.load(template_path)
    template = None
    if template_file is not None and template_file.text is not None:
        template = parse_template(name, template_file.text, template_file.path)
        if template.problem is not None:
            template = None  # a broken template is reported (CT201); the default applies
    if template is None:
        template = builtin_template(name, kind)
    entries = []
    listed = _walk_entries(path) if only is None else _named_entries(root, name, only)
    kept, keeping = walker.reuse.bucket(root, name, kind, walker.config) if walker.reuse else ({}, {})
    for file_path, relname, is_link in listed:
        if walker.excluded(f"{name}/{relname}"):
            continue
        if only is not None and f"{name}/{relname}" not in only:
            continue
        basename = relname.rsplit("/", 1)[-1]
        if is_non_entry(basename, kind) or (named_only and _is_template(relname)):
            continue
        if walker.reuse is None or is_link:  # a link is judged anew every time
            entries.append(_load_entry(walker, kind, name, file_path, relname, is_link))
            continue
        signature = file_signature(str(file_path))  # before the read: a later write shows
        previous = kept.get(relname)
        if signature is not None and previous is not None and previous[0] == signature:
            entry = previous[1]
            walker.reuse.reused += 1
            if entry.file.read is not None and entry.file.read.too_large:
                walker.skipped.append(entry.file)
        else:
            entry = _load_entry(walker, kind, name, file_path, relname, is_link)
            walker.reuse.parsed += 1
        if signature is not None:
            keeping[relname] = (signature, entry)
        entries.append(entry)
    entries.sort(key=lambda e: e.sort_key)
    return MemoryDirectory(name, kind, template, template_file, tuple(entries), custom)


def discover(config: Config, root: Path | None = None, *, search: RootSearch | None = None,
             only: Iterable[str] | None = None, reuse: ParsedEntries | None = None,
             recognition: Recognition | None = None) -> MemoryTree:
    """Build the model of the memory tree at ``root`` (default: the configured root).

    ``search``: the root search this root was found by; its child roots and the links leaving
    the repository below it are recorded on the tree. ``only``: root-relative paths of files
    (``continuity check FILE…``): then only what rules about those files need is read, the
    state files, the templates and those files of their directories, and the ledger or note
    stores when one of them is named. Subdirectories that are memory roots themselves are
    never part of this tree: each child is its own. ``reuse``: the entries a previous
    discovery parsed, taken again where their files did not change (see :class:`ParsedEntries`).
    ``recognition``: the convention the root follows (default: recognised here, once); its
    files and directory kinds are what is read.
    """
    root = _root_to_read(config, root)
    repo_root = find_repo_root(root)
    walker = _Walker(root, repo_root or root, config, reuse)
    wanted = set(only) if only is not None else None
    if recognition is None:
        signal = search.signals.get(root) if search is not None else None
        recognition = recognised(root, config, repo_root, (signal,) if signal else ())
    convention = recognition.convention
    root_items = directory_listing(root)
    kinds = convention.kind_set(config) if convention is not None \
        else _dated_folders(walker, root_items)

    state_files = _state_files(walker, root_items, convention,
                               below_top=repo_root is not None and root != repo_root)
    edges = _edges(state_files, kinds)
    directories, not_memory = _directories(walker, root, root_items, kinds, edges, wanted,
                                           named_only=not recognition.is_protocol,
                                           owned=convention.owns if convention else ())
    ledger, session_state = _locate_ledger(walker, config, root, repo_root)
    note_stores = _locate_notes(walker, config, root, recognition)
    if wanted is not None:  # read only when named: their rules report on them alone
        named = {ledger.path if ledger else None, session_state.path if session_state else None}
        if not named & wanted:
            ledger = session_state = None
        if not {store.path for store in note_stores} & wanted:
            note_stores = []

    children: tuple[str, ...] = ()
    if search is not None:
        children = tuple(walker._rel(child) for child in search.children_of(root))
        for link, target in search.escapes_in(root):
            walker.skip_link(link, target)

    scoped, scoped_stopped = _scoped_instructions(root, repo_root, convention, children)
    linked = () if wanted is not None else _load_linked(
        walker, root, state_files, directories, (ledger, session_state, *note_stores), children,
        from_entries=not recognition.is_protocol,
        seeds=(*_declared_files(root, convention), *scoped))

    return MemoryTree(
        root=root, repo_root=repo_root, config=config,
        state_files=tuple(state_files), directories=directories, edges=tuple(edges),
        ledger=ledger, session_state=session_state, note_stores=tuple(note_stores),
        skipped=tuple(walker.skipped), kinds=kinds, not_memory=tuple(not_memory),
        children=children, recognition=recognition, linked=linked, scoped=scoped,
        scoped_stopped=scoped_stopped,
    )


def _scoped_instructions(root: Path, repo_root: Path | None, convention: Convention | None,
                         children: tuple[str, ...]) -> tuple[tuple[str, ...], bool]:
    """The AGENTS.md files of the folders below an instruction root at the repository's top,
    but those of its child roots (each reads its own): Codex gives each to an agent working in
    its folder, after the top's, so they are the root's instructions as much as the top's file
    is (set 42: six scoped AGENTS.md, which the top's calls authoritative, neither read nor
    published). A root below the top is not where Codex's chain starts. With them, whether the
    walk stopped at its bound."""
    if convention is not INSTRUCTIONS or repo_root is None or root != repo_root:
        return (), False
    walk = scoped_agents_files(root)
    return tuple(path for path in walk.found
                 if not any(path.startswith(child.rstrip("/") + "/") for child in children)
                 ), walk.stopped


def recognised(root: Path, config: Config, repo_root: Path | None,
               found: tuple[str, ...] = ()) -> Recognition:
    """The convention of the root at ``root``: its own evidence, else, by the protocol's
    nesting model, the protocol when the nearest root above follows it (a pack's or a
    sample's STATE.md below the protocol's tree is the protocol's)."""
    recognition = recognise(root, config, found)
    if recognition.convention is not None or recognition.declared:
        return recognition
    parent = enclosing_root(root, config, repo_root)
    if parent is None:
        return recognition
    above = recognised(parent, config, repo_root)
    if not above.is_protocol:
        return recognition
    where = Path(os.path.relpath(parent, root)).as_posix()
    return Recognition(PROTOCOL, (Evidence(PROTOCOL.name, f"nested in the protocol root {where}/",
                                           1.0),), None, found)


def in_a_whole_memory(root: Path, config: Config, repo_root: Path | None) -> bool:
    """Whether the root at ``root`` lies in the folder of a root whose memory is its whole
    folder (an OpenClaw workspace, the agent's home; a root of a known convention below the
    repository's top), directly or through roots of no known convention. That root leaves a
    child root's folder to the child's check, and a root of no known convention reads only
    what it took for memory: the rest of such a child's folder would be read by neither (set
    43: a key in the deployment notes beside ``_ai/MEMORY.md``, inside a workspace)."""
    parent = enclosing_root(root, config, repo_root)
    if parent is None:
        return False
    convention = recognised(parent, config, repo_root).convention
    if convention is None:
        return in_a_whole_memory(parent, config, repo_root)
    return not convention.memory_is_files and (
        repo_root is None or parent != repo_root or convention.memory_in is None)


def _root_to_read(config: Config, root: Path | None) -> Path:
    """The root resolved, or a UsageError: missing, not a directory, linked out of its
    repository (then nothing of it is read)."""
    written = root if root is not None else config.root_written
    reason = root_refusal(written)
    if reason is not None:
        raise UsageError(f"{written}: the memory root is {reason} (CT602); it is not read "
                         "or published")
    resolved = written.resolve()
    if not resolved.exists():
        raise UsageError(f"{resolved}: no such directory")
    if not resolved.is_dir():
        raise UsageError(f"{resolved}: not a directory (a memory root is a directory)")
    return resolved


def _is_state_candidate(name: str, convention: Convention | None,
                        below_top: bool = False) -> bool:
    """Whether a root file may be a state file: the protocol's vocabulary (an upper-case
    file only with a mesh index), another convention's living files, and, under no known
    convention, the protocol's state file names (for the general rules) and, below the
    repository's top, every upper-case file beside them (PROGRESS.md, NOW.md beside a
    SESSION_STATE.md: at the top they are the project's documents)."""
    if convention is None and below_top and could_be_state_file(name):
        return True
    if convention is None or (convention.kinds is not None and not convention.living):
        return is_state_file_name(name)
    if convention.kinds is None:  # the protocol's vocabulary
        return is_state_file_name(name) or could_be_state_file(name)
    return convention.is_living(name)


def _state_files(walker: _Walker, root_items: list[os.DirEntry[str]],
                 convention: Convention | None, below_top: bool = False) -> list[StateFile]:
    """The root's state files (living documents), each read and parsed once."""
    protocol = convention is not None and convention.kinds is None
    state_files: list[StateFile] = []
    for item in root_items:
        if item.is_dir(follow_symlinks=False):
            continue
        # Markdown, or a living file of another convention by its own name (.mdc, .cursorrules)
        if not item.name.endswith(".md") and not (
                convention is not None and convention.kinds is not None
                and convention.is_living(item.name)):
            continue
        if walker.excluded(item.name) or not _is_state_candidate(item.name, convention,
                                                                 below_top):
            continue
        tree_file = walker.load(Path(item.path))
        # A living file of data (Task Master's tasks.json) is no Markdown: no document.
        document = Document.parse(tree_file.text) if tree_file.text is not None and \
            not item.name.lower().endswith(DATA_SUFFIXES) else None
        mesh = parse_mesh_declaration(document.body) if document and protocol else None
        if protocol and not is_state_file_name(item.name) and mesh is None:
            continue  # an upper-case file without a mesh index is not state
        declared = tuple(mesh[0]) if mesh else None
        parent = declared_parent(tree_file.text) if tree_file.text is not None and protocol \
            else None
        state_files.append(StateFile(item.name, tree_file, document, declared, parent))
    return state_files


def _edges(state_files: list[StateFile], kinds: KindSet) -> list[MeshEdge]:
    """Declared where a state file declares them, the kinds' defaults otherwise."""
    defaults = kinds.default_edges()
    edges: list[MeshEdge] = []
    for state in state_files:
        if state.declared_edges is not None:
            edges.extend(MeshEdge(state.name, d, True, line) for d, line in state.declared_edges)
        else:
            edges.extend(MeshEdge(state.name, d, False, 1) for d in defaults.get(state.stem, ()))
    return edges


#: A folder of a root of no known convention is a timeline when this share of its Markdown
#: files (at least two) carry a dated name.
DATED_SHARE = 0.8


def _dated_folders(walker: _Walker, root_items: list[os.DirEntry[str]]) -> KindSet:
    """The folders of a root of no known convention that hold dated notes (``reflections/``
    of ``2026-11-01.md``...): what such a root keeps beside its living files is read as
    timelines, never left unread and unpublished."""
    pattern = dated_folder("notes").patterns
    found = []
    for item in root_items:
        if item.name.startswith(".") or walker.excluded(item.name) or item.is_symlink() \
                or not item.is_dir(follow_symlinks=False):
            continue
        try:
            names = [name for name in os.listdir(item.path) if name.endswith(".md")]
        except OSError:
            continue
        dated = sum(1 for name in names if any(p.regex.fullmatch(name) for p in pattern))
        if dated >= 2 and dated >= DATED_SHARE * len(names):
            found.append(dated_folder(item.name))
    return KindSet(tuple(found))


def _directories(walker: _Walker, root: Path, root_items: list[os.DirEntry[str]], kinds: KindSet,
                 edges: list[MeshEdge], wanted: set[str] | None, named_only: bool = False,
                 owned: tuple[str, ...] = ()) -> tuple[dict[str, MemoryDirectory], list[str]]:
    """The kinds' directories, plus any other directory a state file declares; never one
    that holds state files of its own (a child root), and with ``wanted`` just those named.
    Also the directories bearing a kind's name that are not memory. ``named_only``: entries
    are no templates (another convention's directories: a gptme journal/templates/daily.md
    is a form to fill in, not an entry; the protocol reports such a file as CT101). ``owned``:
    the convention's own directories, read as its kinds even with a state file inside."""
    declared_names = {edge.directory for edge in edges if edge.declared}
    indexed = {edge.directory for edge in edges}
    named_dirs = {path.split("/", 1)[0] for path in wanted if "/" in path} if wanted else set()
    directories: dict[str, MemoryDirectory] = {}
    not_memory: list[str] = []
    for item in root_items:
        if walker.excluded(item.name):
            continue
        if wanted is not None and item.name not in named_dirs:
            continue
        kind = kinds.get(item.name)
        if kind is None and not (item.name in declared_names and not item.name.startswith(".")):
            continue
        if not _readable_directory(walker, item):
            continue
        if item.name not in owned and holds_state_by_name(Path(item.path)):
            continue  # a child root: its directories are its own
        # Another convention's own folders (a bank's tasks/) are its memory by its word; a
        # protocol kind's name alone (memory/, knowledge/) needs an index or entries like it.
        if kind is not None and item.name not in indexed and kind.origin != "convention" \
                and not _looks_like_memory(Path(item.path), kind):
            not_memory.append(item.name)
            continue
        directories[item.name] = _load_directory(
            walker, root, item.name, kind or custom_kind(item.name), custom=kind is None,
            only=wanted, named_only=named_only)
    return directories, not_memory


def _readable_directory(walker: _Walker, item: os.DirEntry[str]) -> bool:
    """A directory (or a link to one inside the repository; one leaving it is recorded)."""
    if item.is_symlink():
        if not walker.directory_link_inside(Path(item.path)):
            return False  # a linked directory leaving the repository: skipped, never read
    elif not item.is_dir(follow_symlinks=False):
        return False
    return item.is_dir()


def _load_linked(walker: _Walker, root: Path, state_files: list[StateFile],
                 directories: dict[str, MemoryDirectory], records: Iterable[TreeFile | None],
                 children: tuple[str, ...], from_entries: bool = False,
                 seeds: tuple[str, ...] = ()) -> tuple[LinkedFile, ...]:
    """The files the state files link to (continuity.model.linked), read as every file is.
    ``from_entries``: the entries' links are followed too (another convention's notes: a
    gptme journal links its tasks/, which the site must publish for the link to resolve).
    ``seeds``: files the convention keeps by name (Spec Kit's features), read first."""
    held = {state.path for state in state_files}
    held |= {entry.path for d in directories.values() for entry in d.entries}
    held |= {d.template_file.path for d in directories.values() if d.template_file}
    held |= {f.path for f in records if f is not None}
    loaded: dict[str, LinkedFile] = {}

    def taken(path: str) -> bool:
        return path in held or walker.excluded(path) or any(
            path.startswith(child.rstrip("/") + "/") for child in children)

    def read(path: str) -> MarkdownDoc | bool | None:
        absolute = root / path
        if refusal(absolute, walker.boundary) is not None or not absolute.is_file():
            return False  # leaving the repository (CT602 names the link), missing, a directory
        tree_file = walker.load(absolute)
        if tree_file.read is None or tree_file.read.too_large:
            return False  # refused or too large: skipped (CT602, CT603)
        document = None
        if path.lower().endswith(MARKDOWN_SUFFIXES) and tree_file.text is not None:
            document = Document.parse(tree_file.text)
        loaded[path] = LinkedFile(tree_file, document, "")
        if path.lower().endswith(MARKDOWN_SUFFIXES):
            return document.body if document is not None else None
        return True

    sources = [(state.path, state.document.body) for state in state_files
               if state.document is not None]
    if from_entries:
        sources += [(entry.path, entry.document.body) for d in directories.values()
                    for entry in d.entries if entry.document is not None]
    seeded = []
    for path in seeds:
        if taken(path):
            continue
        answer = read(path)
        if answer is not False:
            seeded.append(loaded[path])
            if isinstance(answer, MarkdownDoc):
                sources.append((path, answer))
    followed = linked_paths(sources, read, taken, seen=set(seeds))
    return (*seeded, *(replace(loaded[path], linked_from=source) for path, source in followed))


#: Spec Kit's numbered feature folders (``specs/001-login/``) and the files each holds. A folder
#: named otherwise is a feature too when it holds one of those files: on a branch without a
#: number (``mit-license``), or with ``SPECIFY_FEATURE`` set, Spec Kit's ``common.sh`` makes
#: and reads ``specs/<branch>/`` as it is named (``find_feature_dir_by_prefix``: "If branch
#: doesn't have numeric prefix, fall back to exact match").
FEATURE_FOLDER = re.compile(r"^\d{3,}-[\w.-]+$")
#: A task line of a feature's tasks.md (``- [x] T001 Create the model``, or with the id in bold,
#: ``- [X] **T001**: Create the model``): its mark, its id.
TASK_LINE = re.compile(r"^\s*[-*]\s+\[([ xX])\]\s+(?:\*\*)?(T\d{3,}(?:[-.][0-9A-Za-z]+)*)\b", re.M)
FEATURE_FILES = ("spec.md", "plan.md", "tasks.md")
MAX_FEATURES = 500
#: Where Spec Kit's feature folders are kept: ``specs/`` at the top, as Spec Kit's scripts make
#: them, or ``.specify/specs/``, where a project's own ``common.sh`` puts them
#: (``get_feature_dir() { echo "$1/.specify/specs/$2"; }``): the same features either way.
FEATURE_PLACES = ("specs", ".specify/specs")


#: Where Spec Kit keeps the constitution: in ``.specify/memory/``, and, before it had a folder
#: of its own, in ``memory/`` at the project's top (``specify init`` wrote ``memory/``,
#: ``scripts/`` and ``templates/`` there; its commands still say "Read the constitution at
#: `/memory/constitution.md`"). The first that is a file is the project's.
CONSTITUTIONS = (".specify/memory/constitution.md", "memory/constitution.md")


def constitution(root: Path) -> str:
    """The root-relative path of a Spec Kit root's constitution (see :data:`CONSTITUTIONS`):
    the first there is, else where Spec Kit keeps it now."""
    return next((path for path in CONSTITUTIONS if (root / path).is_file()), CONSTITUTIONS[0])


def feature_folders(root: Path) -> list[str]:
    """Spec Kit's feature folders below ``root``, root-relative (``specs/001-login``,
    ``.specify/specs/002-navbar``, ``specs/mit-license`` holding its spec), real folders only
    (a link is not followed)."""
    found: list[str] = []
    for place in FEATURE_PLACES:
        found.extend(f"{place}/{item.name}" for item in directory_listing(root / place)
                     if item.is_dir(follow_symlinks=False) and _is_feature_folder(item))
    return found[:MAX_FEATURES]


def _is_feature_folder(item: os.DirEntry[str]) -> bool:
    """A numbered folder, or one named otherwise (as its branch was) that holds a feature's
    file; not a hidden folder, nor test data, templates or archived copies kept in specs/."""
    if FEATURE_FOLDER.match(item.name):
        return True
    if item.name.startswith(".") or is_set_aside(item.name):
        return False
    return any(os.path.isfile(os.path.join(item.path, name)) for name in FEATURE_FILES)


def is_feature_file(path: str) -> bool:
    """Whether a root-relative path is one of a feature folder's files (``specs/001-x/spec.md``,
    ``specs/mit-license/plan.md``)."""
    folder, _, name = path.rpartition("/")
    place, _, rest = folder.rpartition("/")
    if place not in FEATURE_PLACES or not rest:
        return False
    return FEATURE_FOLDER.match(rest) is not None or (
        name in FEATURE_FILES and not rest.startswith(".") and not is_set_aside(rest))


#: GSD's phase files read at most (``phases/NN-name/NN-MM-PLAN.md``, ``-SUMMARY.md``, ...).
MAX_PHASE_FILES = 2000


def _phase_files(root: Path) -> tuple[str, ...]:
    """Every Markdown file of a GSD root's ``phases/`` folders, root-relative, by phase: the
    plans, summaries, context and research a phase keeps, whether or not ROADMAP.md links
    them (their links are checked and they are published, as the living files are)."""
    found: list[str] = []
    for folder in directory_listing(root / "phases"):
        if folder.name.startswith("."):
            continue
        if not folder.is_dir(follow_symlinks=False):
            if folder.name.endswith(".md"):
                found.append(f"phases/{folder.name}")
            continue
        found.extend(f"phases/{folder.name}/{item.name}"
                     for item in directory_listing(Path(folder.path))
                     if item.name.endswith(".md") and not item.name.startswith(".")
                     and item.is_file())
        if len(found) >= MAX_PHASE_FILES:
            break
    return tuple(found[:MAX_PHASE_FILES])


#: Rule files read at most from a convention's rule folders.
MAX_RULE_FILES = 500


def _rule_files(root: Path, patterns: tuple[str, ...]) -> tuple[str, ...]:
    """The files of a convention's rule folders (``Convention.rule_files``), root-relative,
    by name: Copilot's path-specific instructions, Claude Code's ``.claude/rules/``."""
    found: set[str] = set()
    for pattern in patterns:
        folder, _, name = pattern.rpartition("/")
        parent, _, last = folder.rpartition("/")
        # A folder's wildcard (``.claude/rules/*``) is matched by name among its real folders,
        # as GSD's phases are: a link to a folder is not followed.
        directories = [Path(item.path) for item in directory_listing(root / parent)
                       if fnmatch.fnmatchcase(item.name, last)
                       and item.is_dir(follow_symlinks=False)] if "*" in last else [root / folder]
        for directory in directories:
            found.update(f"{directory.relative_to(root).as_posix()}/{item.name}"
                         for item in directory_listing(directory)
                         if fnmatch.fnmatchcase(item.name, name) and item.is_file()
                         and not item.name.startswith("."))
    return tuple(sorted(found)[:MAX_RULE_FILES])


def _declared_files(root: Path, convention: Convention | None) -> tuple[str, ...]:
    """The files a convention keeps by name beside its living files, root-relative: GSD's
    phase files; Spec Kit's constitution and each numbered feature's spec, plan and tasks;
    those it names (:attr:`Convention.keeps`) where they are files."""
    if convention is not None and convention.keeps:
        # By the names listed, not is_file(): on a file system blind to case, memory.md and
        # MEMORY.md would both "exist" and the one file be read twice.
        return tuple(path for path in convention.keeps if path.rpartition("/")[2] in {
            item.name for item in directory_listing(root / path.rpartition("/")[0])
            if item.is_file()})
    if convention is not None and convention.site == "phases":
        return _phase_files(root)
    if convention is not None and convention.site == "chat":
        from continuity.model.aider import read_only_files  # Aider's conventions (read:)

        return read_only_files(root)
    if convention is not None and convention.specs:
        # Kiro's spec folders: only where the root is a specs folder (.kiro/specs), not its
        # steering beside it, whose subfolders are not specs.
        specs = _rule_files(root, convention.specs) if root.name == "specs" else ()
        if specs:
            return specs
    if convention is not None and convention.rule_files:
        return _rule_files(root, convention.rule_files_at(root))
    if convention is None or convention.site != "features":
        return ()
    found = [constitution(root)]
    for folder in feature_folders(root):
        found.extend(f"{folder}/{name}" for name in FEATURE_FILES)
    return tuple(found)


def _looks_like_memory(path: Path, kind: DirectoryKind) -> bool:
    """Whether a directory bearing a kind's name that no state file indexes is memory all the
    same: it holds an ENTRY.template.md, or a file named to one of the kind's distinctive
    patterns (with a date, a turn, a namespace or an extension of its own such as logs/
    ``*.jsonl``; ``topic-slug.md`` fits Markdown anywhere, so knowledge/ needs a template or an
    index). A source package called
    memory/ (Cargo.toml, src/), a RAG corpus in knowledge/, an empty logs/ with a .gitkeep
    have neither, and are not part of the tree."""
    listing = directory_listing(path)
    for item in listing:
        if item.name == TEMPLATE_NAME:
            return True
    patterns = [pattern for pattern in kind.patterns if pattern.distinctive]
    if not patterns:
        return False
    kind = replace(kind, patterns=tuple(patterns))
    for item in listing:
        if not item.is_dir(follow_symlinks=False) and not is_non_entry(item.name, kind) \
                and kind.parse(item.name) is not None:
            return True
    if kind.nested:  # a pattern with a subfolder (dailies/YYYY-MM-DD.md)
        for _file, relname, _link in _walk_entries(path):
            if "/" in relname and kind.parse(relname) is not None:
                return True
    return False


def owns_repository_ledger(root: Path, repo_root: Path | None, config: Config) -> bool:
    """Whether the ledger at the top of the repository is this root's to judge (one root per
    repository judges it: :func:`~continuity.model.roots.repository_ledger_owner`)."""
    if repo_root is None:
        return False
    return repository_ledger_owner(repo_root, config) == root.resolve()


def _locate_ledger(walker: _Walker, config: Config, root: Path,
                   repo_root: Path | None) -> tuple[TreeFile | None, TreeFile | None]:
    """The ledger at the memory root, else at the top of the repository."""
    def find(configured: str | None, default: str) -> TreeFile | None:
        if configured:
            path = (config.base_dir / configured)
            if path.exists() or path.is_symlink():
                return walker.load(path)
            return None
        bases = [root]
        if repo_root is not None and owns_repository_ledger(root, repo_root, config):
            bases.append(repo_root)
        for base in bases:
            if ((base / default).is_file() or (base / default).is_symlink()):
                return walker.load(base / default)
        return None

    return find(config.ledger, LEDGER_PATH), find(config.session_state, SESSION_STATE_PATH)


def _locate_notes(walker: _Walker, config: Config, root: Path,
                  recognition: Recognition) -> list[TreeFile]:
    """The note stores (option ``notes``). Outside the protocol, a file found by the default
    globs is a note store only when its lines look like notes: an application's own
    ``notes.jsonl`` (``{"id", "text", "ts"}``) is its data, not agent memory."""
    found: dict[Path, TreeFile] = {}
    judged_by_name = recognition.is_protocol or config.notes != DEFAULT_NOTE_GLOBS
    for pattern in config.notes:
        for path in sorted(root.glob(pattern)):
            if (path.is_file() or path.is_symlink()) and path not in found:
                if not walker.excluded(walker._rel(path)):
                    store = walker.load(path)
                    if judged_by_name or looks_like_notes(store.text):
                        found[path] = store
    return list(found.values())


#: Lines read to decide whether a JSONL file outside the protocol holds notes.
NOTE_SAMPLE = 20


def looks_like_notes(text: str | None) -> bool:
    """Whether a JSONL file's first lines are notes: objects with a ``fact`` and a
    ``project`` or ``time`` (the note schema)."""
    if not text:
        return False
    for line in [line for line in text.split("\n") if line.strip()][:NOTE_SAMPLE]:
        try:
            data = json.loads(line)
        except ValueError:
            continue
        if isinstance(data, dict) and "fact" in data and ("project" in data or "time" in data):
            return True
    return False
