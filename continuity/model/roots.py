"""Which directories are memory roots, and every root at or below a path (nesting).

The protocol lets state files live at any level ("Nesting model": ``/STATE.md``,
``/backend/STATE.md``, ``/backend/auth/STATE.md``); each level is a complete tree with its own
templates, mesh and history directories. A directory is a **memory root** when it holds:

- a protocol state file by name (``STATE.md``, ``TODO.md``, ``MEMORY.md``, … see
  :data:`~continuity.model.kinds.STATE_FILE_NAMES`), except ``AGENTS.md`` alone;
- an upper-case ``.md`` file that declares a ``## Mesh index`` (``AGENTS.md`` included), or an
  ``AGENTS.md`` that declares its ``parent:`` or names an upper-case Markdown file beside it
  (its load order or state chain: ``RUBRIC.md``, ``CLAIMS.md`` in upstream's judge pack);
- the cycle ledger ``.agents/evolve/cycle-history.jsonl``, or a note store (option ``notes``).

``AGENTS.md`` alone does not make a root: the same name is the agents.md convention, a guide
for coding agents that has nothing of the protocol; the protocol's own ``AGENTS.md`` is a
bootloader, and always comes with the files it loads (``STATE.md``, ``TODO.md``, a pack's
``RUBRIC.md``…) or declares its place in the hierarchy. Files beside it that are documentation
or another tool's instructions (README.md, CONTRIBUTING.md, CLAUDE.md, SKILL.md) do not count.

The search below a path enters hidden directories, where agent tools keep their memory
(Claude Code's ``.claude/agent-memory/<agent>/MEMORY.md``, ``.cursor/``, ``.codex/``), but never
one of :data:`NEVER_SEARCHED` (version control, dependencies, virtual environments, caches, tool
state) nor a directory holding one of :data:`NEVER_SEARCHED_HOLDING` (``pyvenv.cfg``: a virtual
environment of any name; ``CACHEDIR.TAG``: a cache, such as Rust's ``target/``). Build outputs
are not skipped by name: ``site/`` is MkDocs' output in one project and the sources of a site in
another (the protocol's own repository), and a built site holds HTML, not the Markdown or JSONL
that makes a root. The search does not enter a root's own history and library directories (they
belong to that root, unless one holds a state file by name: then it is a child root of its own);
it follows links to directories only while they stay inside the repository, records those that
leave it (they are CT602 where a root encloses them), stops :data:`MAX_ROOT_DEPTH` levels down,
and lists at most :data:`MAX_DIRS_SEARCHED` directories: beyond either bound it says where it
stopped, never silently.
"""

from __future__ import annotations

import fnmatch
import os
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from continuity.config import Config
from continuity.formats import frontmatter as fm
from continuity.formats.markdown import MarkdownDoc, parse_mesh_declaration
from continuity.formats.textfile import read_text
from continuity.model.boundaries import refusal
from continuity.model.conventions import forget as forget_recognitions
from continuity.model.conventions import owned_directories, root_marker
from continuity.model.kinds import (
    LEDGER_PATH,
    STATE_FILE_NAMES,
    KindSet,
    could_be_state_file,
    is_state_file_name,
    kinds_for,
)

#: State-file names shared with other conventions: not enough, alone, to make a root.
NOT_ALONE: frozenset[str] = frozenset({"AGENTS.md"})

#: Directories never searched for roots, by name: none holds an agent's memory, and many are
#: very large. Every other directory is searched, hidden ones included.
NEVER_SEARCHED: frozenset[str] = frozenset({
    # version control
    ".git", ".hg", ".svn", ".bzr", ".jj",
    # dependencies and virtual environments (any other venv is found by its pyvenv.cfg)
    "node_modules", "bower_components", ".pnpm-store", ".yarn", ".venv", ".conda",
    # caches
    "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis", ".tox",
    ".nox", ".cache", ".eggs", ".gradle", ".npm", ".parcel-cache", ".turbo", ".next",
    ".nuxt", ".svelte-kit", ".angular", ".dart_tool", ".terraform", ".direnv",
    # editor settings
    ".idea", ".vscode",
})

#: Directories of test data and templates (and of the files a tool installs elsewhere): a memory
#: root found there is an example, made incomplete or wrong on purpose, not the memory of the
#: project. The search sets them aside
#: (and says so when one holds a root); named, one is checked like any other directory.
SET_ASIDE: frozenset[str] = frozenset({
    "testdata", "test-data", "test_data", "fixtures", "__fixtures__", "test-fixtures",
    "templates", "template",
    # the same, named with a leading mark as a folder that is not content (Sphinx's and
    # Jekyll's `_templates/`; a spec workflow's `specs/_templates/CLAUDE.md`, the form its
    # skill copies into each new feature's folder, `{Feature Name}` still in its title)
    "_templates", "_template", ".templates", ".template",
    # a workspace's template copies (an OpenClaw config/ of AGENTS.md, SOUL.md, ... forms)
    "config",
    # what a tool copies into the projects it sets up, kept in the layout it installs (a
    # plugin's managed-assets/.specify/memory/constitution.md: Spec Kit's form, unfilled on
    # purpose, beside the project's own filled one)
    "managed-assets", "scaffold", "scaffolds", "scaffolding", "skeleton", "boilerplate",
})

#: Folders of copies kept for the record (``docs/history/memory-bank/``, ``archive/``): a memory
#: root found there is an old copy of a live one, not a second live root. The search sets them
#: aside and says so, as it does test data; named, one is checked like any other directory.
ARCHIVES: frozenset[str] = frozenset({
    "archive", "archives", "archived", "_archive", ".archive", "history", "backup", "backups",
})

#: A folder named as the backup of something (Replit's ``.migration-backup/``, the project as
#: it was before Replit migrated it, whose Spec Kit and ``.claude/`` came back as two more live
#: roots; ``memory-bank-backup``, ``_ai_backup``, ``notes.bak``) or a dated backup
#: (``backup-2025-05-01``): a copy kept for the record, set aside as :data:`ARCHIVES` are.
_BACKUP_NAME = re.compile(r"[\w.-]*[-_.](?:backup|backups|bak)|backups?[-_.]?\d[\w.-]*",
                          re.IGNORECASE)


def is_archive(name: str) -> bool:
    """Whether a folder of this name holds copies kept for the record (:data:`ARCHIVES`, or
    a name that says it is a backup), whatever its case."""
    return name.casefold() in ARCHIVES or _BACKUP_NAME.fullmatch(name) is not None


#: A tool's bundle of what it copies into the projects it sets up, named for what it is
#: (``managed-assets``, set 49; ``harness-assets``, set 54: an agent harness scaffolder's
#: AGENTS.md, CLAUDE.md and ``plans/README.md`` forms, ``{{baseDir}}`` tokens in them, read as a
#: Sisyphus root of their own beside the project's live ``.agents/memory/``).
_ASSETS_NAME = re.compile(r"[\w.]+[-_]assets", re.IGNORECASE)


def is_set_aside(name: str) -> bool:
    """Whether a folder of this name is one the search sets aside: test data, templates,
    a tool's assets or archived copies (:data:`SET_ASIDE`, :func:`is_archive`), whatever its
    case."""
    return name.casefold() in SET_ASIDE or _ASSETS_NAME.fullmatch(name) is not None or \
        is_archive(name)


#: A directory holding this file is an agent skill bundle (``.claude/skills/<name>/``,
#: ``skills/<name>/`` with its ``references/``): instructions and forms for a skill, not a
#: memory, whatever state-file or bank names its references carry. Set aside like test data.
SKILL_FILE = "SKILL.md"

#: A directory holding one of these files is never searched: ``pyvenv.cfg`` makes a Python
#: virtual environment of any name; ``CACHEDIR.TAG`` marks a cache (the Cache Directory
#: Tagging Specification; Rust's ``target/``, many build tools).
NEVER_SEARCHED_HOLDING: frozenset[str] = frozenset({"pyvenv.cfg", "CACHEDIR.TAG"})

#: A directory holding one of these is a site built as Markdown (``continuity generate``'s
#: output, named by its manifest), never memory: its copies of the tree's files would be judged
#: twice. (A site MkDocs built holds HTML, and a state file put there is a root.)
BUILT_SITE_HOLDING: frozenset[str] = frozenset({".continuity-generated.json"})


def never_searched_holding(names: set[str] | list[str]) -> bool:
    """Whether a folder holding these file names is never searched, whatever its name: a
    virtual environment, a cache or a built site (:data:`NEVER_SEARCHED_HOLDING`,
    :data:`BUILT_SITE_HOLDING`)."""
    return not (NEVER_SEARCHED_HOLDING.isdisjoint(names) and BUILT_SITE_HOLDING.isdisjoint(names))


def passed_over(names: set[str] | list[str]) -> bool:
    """Whether a folder below the top holding these file names is one the root search does not
    enter: one never searched (:func:`never_searched_holding`), or a skill bundle (a
    :data:`SKILL_FILE`), whose files are a skill's instructions and forms. Every walk below a
    root asks this one question, so they pass over the same folders."""
    return never_searched_holding(names) or SKILL_FILE in names

#: Directory levels searched below a path given: a tree nested deeper is bounded, not walked.
MAX_ROOT_DEPTH = 32

#: Directories listed by one search: a repository with more is searched this far, and said so.
MAX_DIRS_SEARCHED = 20_000


#: Upper-case files that never make an AGENTS.md a protocol one: documentation, and the
#: instruction files of other agent tools (often a copy of, or a link to, AGENTS.md).
NOT_LOADED: frozenset[str] = frozenset({
    "README.md", "CHANGELOG.md", "LICENSE.md", "CONTRIBUTING.md", "SECURITY.md", "USAGE.md",
    "CODE_OF_CONDUCT.md", "CLAUDE.md", "GEMINI.md", "SKILL.md", "AGENTS.md"})

UPPER_MD = re.compile(r"\b([A-Z][A-Z0-9_]*\.md)\b")

#: ``parent: ../STATE.md`` as a line of YAML.
PARENT_LINE = re.compile(r"^\s*parent\s*:\s*(?P<value>\S.*?)\s*$")


# --------------------------------------------------------------------------- links


def link_outside(path: Path, boundary: Path) -> str | None:
    """Where a symbolic link at ``path`` leads when it may not be followed, else None: when,
    resolved, it leaves ``boundary``, lands inside ``.git`` or loops. The decision is
    :func:`continuity.model.boundaries.refusal`'s, the one for every reader and writer."""
    if refusal(path, boundary) is None:
        return None
    try:
        return os.readlink(path)
    except OSError:
        return "?"


# --------------------------------------------------------------------------- the parent


def declared_parent(text: str) -> tuple[str, int] | None:
    """The ``parent:`` a state file declares, with its line: (path as written, line).

    Upstream's nesting model shows the declaration as YAML without saying where it goes. It is
    read from the frontmatter's ``parent`` key, or from a ```` ```yaml ```` block before the
    first ``##`` heading: a declaration belongs at the top, and the same YAML further down (the
    protocol's own AGENTS.md explains it under "Declaring a relationship") is an example.
    """
    front = fm.parse(text)
    value = front.data.get("parent") if front.present and not front.problems else None
    if isinstance(value, str) and value.strip():
        position = front.positions.get("parent")
        return value.strip(), getattr(position, "line", 1) or 1
    offset = front.end_line if front.present and front.end_line > 0 else 0
    body = "\n".join(text.split("\n")[offset:]) if offset else text
    doc = MarkdownDoc(body, line_offset=offset)
    first_h2 = next((s.start - 1 for s in doc.sections if s.level == 2), len(doc.lines))
    for index in range(first_h2):
        if not doc.in_code[index]:
            continue
        match = PARENT_LINE.match(doc.lines[index])
        if match:
            return match.group("value").strip("'\""), doc.file_line(index)
    return None


# --------------------------------------------------------------------------- one directory


def directory_listing(directory: Path) -> list[os.DirEntry[str]]:
    """A directory's entries by name; none when it cannot be read. A name that is not UTF-8
    (``caf\\xe9.md`` written in Latin-1) is left out and remembered (:func:`not_utf8_below`):
    no page, URL or report can name it as it is, so it is said in a notice, never read."""
    try:
        with os.scandir(directory) as iterator:
            items = sorted(iterator, key=lambda e: e.name)
    except OSError:
        return []
    kept = [item for item in items if _is_utf8(item.name)]
    if len(kept) < len(items):
        _NOT_UTF8.update(item.path for item in items if not _is_utf8(item.name))
    return kept


def _is_utf8(name: str) -> bool:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # undecodable bytes, held as lone surrogates (surrogateescape)
        return False
    return True


#: Paths listed whose names are not UTF-8, left out of every listing (cleared by forget()).
_NOT_UTF8: set[str] = set()


def not_utf8_below(root: Path) -> list[str]:
    """The paths left out below ``root`` for a name that is not UTF-8, relative to it,
    ``/``-separated, as the file system gives them (undecodable bytes as surrogates), sorted."""
    prefix = os.path.join(str(root), "")
    return sorted(path[len(prefix):].replace(os.sep, "/") for path in _NOT_UTF8
                  if path.startswith(prefix))


def escaped_name(text: str) -> str:
    """``text`` (a path, or words quoting one) with the bytes of a name that are not UTF-8
    (held as lone surrogates) shown as ``\\xe9``; other text as it is."""
    if _is_utf8(text):
        return text
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _is_dir(item: os.DirEntry[str], follow: bool = True) -> bool:
    """``DirEntry.is_dir`` without raising: a link that loops is no directory."""
    try:
        return item.is_dir(follow_symlinks=follow)
    except OSError:
        return False


def _small_text(path: Path, config: Config) -> str | None:
    return read_text(path, config.max_file_size, follow=False).text


def root_signal(directory: Path, config: Config, listing: list[os.DirEntry[str]] | None = None,
                state_only: bool = False) -> str | None:
    """What makes ``directory`` a memory root (a file name, for messages), or None.

    ``state_only``: only state files count (for a root's own history or library directory,
    where a ``logs/notes.jsonl`` is an entry, not a note store making a root).
    """
    items = directory_listing(directory) if listing is None else listing
    names = {item.name for item in items}
    signal = _state_file_signal(directory, items, names, config)
    if signal is not None or state_only:
        return signal
    return _other_signal(directory, names, config)


def _state_file_signal(directory: Path, items: list[os.DirEntry[str]], names: set[str],
                       config: Config) -> str | None:
    """A state file by its name, or an upper-case file that says more than its name."""
    alone: list[str] = []
    for item in items:
        name = item.name
        if not name.endswith(".md") or _is_dir(item):
            continue
        if is_state_file_name(name) and name not in NOT_ALONE:
            if _role_prompt(directory, name, config):
                continue
            return name
        if could_be_state_file(name) or name in NOT_ALONE:
            alone.append(name)
    for name in alone:
        text = _small_text(directory / name, config)
        signal = None if text is None else _what_it_says(name, text, names)
        if signal is not None:
            return signal
    return None


#: Frontmatter keys of an agent's definition (Claude Code's sub-agents, ``.claude/agents/``):
#: a file that declares its ``tools`` or ``model`` is a role prompt, not memory.
ROLE_KEYS = ("tools", "model")


def _role_prompt(directory: Path, name: str, config: Config) -> bool:
    """Whether a state file by name is an agent's role prompt (``agents/MEMORY.md``, the
    definition of an agent called "memory"): frontmatter with a ``name`` and a
    ``description``, in a folder named ``agents`` or with the ``tools``/``model`` it runs
    with."""
    text = _small_text(directory / name, config)
    if not text or not text.startswith("---"):
        return False
    front = fm.parse(text)
    if not front.present or front.problems:
        return False
    data = front.data
    if not ({"name", "description"} <= set(data)):
        return False
    return directory.name.casefold() == "agents" or any(key in data for key in ROLE_KEYS)


def _what_it_says(name: str, text: str, names: set[str]) -> str | None:
    doc = MarkdownDoc(text)
    if parse_mesh_declaration(doc) is not None or doc.section("Mesh index") is not None:
        return f"{name} (with a mesh index)"
    if name not in NOT_ALONE:
        return None
    if declared_parent(text) is not None:
        return f"{name} (with a parent)"
    loaded = (set(UPPER_MD.findall(text)) & names) - NOT_LOADED
    if loaded:
        return f"{name} (with {sorted(loaded)[0]}, which it loads)"
    return None


def _other_signal(directory: Path, names: set[str], config: Config) -> str | None:
    """A convention's marker, the cycle ledger, or a note store."""
    other = root_marker(directory, names, config)
    if other is not None:
        return other
    if ".agents" in names and (directory / LEDGER_PATH).is_file():
        # At the top of a repository the ledger may be a root's below (memory/ beside .agents/).
        if ".git" not in names or repository_ledger_owner(directory, config) == directory.resolve():
            return LEDGER_PATH
    for pattern in config.notes:
        first = pattern.split("/", 1)[0]
        if any(fnmatch.fnmatch(name, first) for name in names):
            for found in sorted(directory.glob(pattern)):
                if found.is_file():
                    return found.relative_to(directory).as_posix()
    return None


def holds_state_by_name(directory: Path) -> bool:
    """Whether a directory holds a state file by name (not ``AGENTS.md`` alone): the test for
    a root's own history or library directory being a child root instead. A few ``stat`` calls,
    not a listing: such a directory may hold ten thousand entries."""
    return any((directory / f"{stem}.md").is_file()
               for stem in STATE_FILE_NAMES if f"{stem}.md" not in NOT_ALONE)


# --------------------------------------------------------------------------- the search


@dataclass(frozen=True)
class RootSearch:
    """Every memory root at or below the paths searched, parents before their children."""

    roots: tuple[Path, ...]
    #: Links to directories outside the repository: (link, its target), never entered.
    escapes: tuple[tuple[Path, str], ...] = ()
    #: Directories at :data:`MAX_ROOT_DEPTH` whose insides were not searched.
    too_deep: tuple[Path, ...] = ()
    signals: dict[Path, str] = field(default_factory=dict)
    #: Directories left unsearched once :data:`MAX_DIRS_SEARCHED` were listed (the first few).
    unsearched: tuple[Path, ...] = ()
    #: Test data and template directories set aside (:data:`SET_ASIDE`) that hold a root at
    #: their top or one level down: found, not judged.
    set_aside: tuple[Path, ...] = ()
    #: Archives of copies (:data:`ARCHIVES`) and skill bundles (a folder with a SKILL.md)
    #: holding a root, found and not judged in the same way.
    archives: tuple[Path, ...] = ()
    skill_bundles: tuple[Path, ...] = ()

    def parent_of(self, root: Path) -> Path | None:
        """The nearest root found above ``root``, if any."""
        return self._nearest_above(root)

    def children_of(self, root: Path) -> tuple[Path, ...]:
        """Roots whose nearest root above is ``root``, in the search's order."""
        return self._children.get(root, ())

    def escapes_in(self, root: Path) -> tuple[tuple[Path, str], ...]:
        """Escaping links whose nearest enclosing root is ``root``."""
        return tuple(escape for escape in self.escapes if self._nearest_above(escape[0]) == root)

    # One pass over the roots, each walking up its own parents (at most MAX_ROOT_DEPTH below
    # the start) through a set: linear in the roots, where comparing every pair of roots for
    # every root was cubic (1,000 tiny STATE.md files tied a check up for hours).

    @cached_property
    def _root_set(self) -> frozenset[Path]:
        return frozenset(self.roots)

    def _nearest_above(self, path: Path) -> Path | None:
        for directory in path.parents:
            if directory in self._root_set:
                return directory
        return None

    @cached_property
    def _children(self) -> dict[Path, tuple[Path, ...]]:
        children: dict[Path, list[Path]] = {}
        for root in self.roots:
            parent = self._nearest_above(root)
            if parent is not None:
                children.setdefault(parent, []).append(root)
        return {parent: tuple(found) for parent, found in children.items()}




def find_roots(start: Path, config: Config, boundary: Path | None = None,
               state_only: bool = False, max_dirs: int = MAX_DIRS_SEARCHED) -> RootSearch:
    """Every memory root at or below the directory ``start`` (resolved); ``state_only``: only
    roots made by state files (not by a ledger or note store alone); ``max_dirs``: how many
    directories are listed at most."""
    start = start.resolve()
    boundary = (boundary or start).resolve()
    kinds = kinds_for(config)  # the protocol's directory kinds and the configured ones
    roots: list[Path] = []
    signals: dict[Path, str] = {}
    escapes: list[tuple[Path, str]] = []
    too_deep: list[Path] = []
    unsearched: list[Path] = []
    set_aside: list[Path] = []
    archives: list[Path] = []
    skill_bundles: list[Path] = []
    seen: set[Path] = set()
    pending: list[tuple[Path, int]] = [(start, 0)]
    while pending:  # a loop, not recursion: depth is bounded by MAX_ROOT_DEPTH, not the stack
        directory, depth = pending.pop()
        real = directory.resolve()
        if real in seen:
            continue
        if len(seen) >= max_dirs:
            unsearched = [directory] + [path for path, _ in reversed(pending)]
            break
        seen.add(real)
        items = directory_listing(directory)
        names = {item.name for item in items}
        if depth and passed_over(names):
            # a virtual environment, a cache or a built site, whatever its name; or a skill
            # bundle, its references forms: said when one holds a root
            if not never_searched_holding(names) and _holds_root(directory, config,
                                                                 state_only, items):
                skill_bundles.append(directory)
            continue
        signal = root_signal(directory, config, items, state_only)
        owned: tuple[str, ...] = ()
        if signal is not None:
            roots.append(directory)
            signals[directory] = signal
            owned = owned_directories(directory, config)
        below: list[tuple[Path, int]] = []
        for item in items:
            if item.name in NEVER_SEARCHED:
                continue
            if is_set_aside(item.name) and not item.is_symlink() and _is_dir(item, follow=False):
                if _holds_root(Path(item.path), config, state_only):
                    (archives if is_archive(item.name)
                     else set_aside).append(Path(item.path))
                continue
            path = _to_search(item, signal is not None, kinds, owned, boundary, escapes)
            if path is None:
                continue
            if depth + 1 > MAX_ROOT_DEPTH:
                too_deep.append(directory)
                break
            below.append((path, depth + 1))
        pending.extend(reversed(below))
    order = sorted(roots, key=lambda p: (len(p.parts), p.as_posix()))
    return RootSearch(tuple(order), tuple(escapes), tuple(too_deep), signals,
                      tuple(unsearched[:3]), tuple(set_aside), tuple(archives),
                      tuple(skill_bundles))


def _to_search(item: os.DirEntry[str], in_root: bool, kinds: KindSet,
               owned: tuple[str, ...], boundary: Path,
               escapes: list[tuple[Path, str]]) -> Path | None:
    """The directory below to search next, or None; a link out of the repository is recorded
    in ``escapes``, never entered."""
    name = item.name
    if item.is_symlink():
        if not _is_dir(item) or (in_root and name in kinds):
            return None  # a root's linked history directory: discovery judges it
        target = link_outside(Path(item.path), boundary)
        if target is not None:
            escapes.append((Path(item.path), target))
            return None
    elif not _is_dir(item, follow=False):
        return None
    path = Path(item.path)
    if in_root and name in kinds and not holds_state_by_name(path):
        return None  # the root's own history or library directory
    if name in owned:
        return None  # its convention's own directory (GSD's phases/)
    return path


def _holds_root(directory: Path, config: Config, state_only: bool,
                items: list[os.DirEntry[str]] | None = None) -> bool:
    """Whether a directory set aside is a memory root, or holds one a level down."""
    items = directory_listing(directory) if items is None else items
    if root_signal(directory, config, items, state_only) is not None:
        return True
    return any(_is_dir(item, follow=False) and root_signal(Path(item.path), config, None,
                                                          state_only) is not None
               for item in items[:200] if item.name not in NEVER_SEARCHED)


def enclosing_root(path: Path, config: Config, stop: Path | None) -> Path | None:
    """The nearest memory root strictly above ``path``, looking no higher than ``stop`` (the
    top of the repository) and never more than :data:`MAX_ROOT_DEPTH` levels up."""
    for level, directory in enumerate(path.parents):
        if level >= MAX_ROOT_DEPTH:
            return None
        if root_signal(directory, config) is not None:
            return directory
        if stop is not None and directory == stop:
            return None
    return None


def repository_ledger_owner(repo_root: Path, config: Config) -> Path:
    """The root that judges the cycle ledger at the top of the repository (found at
    the memory root or at the top of its repository), so that it is judged once, not once per
    nested root: the top itself when it holds state files; else the one outermost root made
    by state files (``memory/STATE.md`` beside a top-level ``.agents/``), not counting those in
    hidden directories; else, with none or several side by side, the top, as a root made by
    the ledger alone."""
    repo_root = repo_root.resolve()
    key = (repo_root, config.max_file_size, config.notes)
    if key not in _OWNERS:
        owner = repo_root
        if root_signal(repo_root, config, state_only=True) is None:
            search = find_roots(repo_root, config, repo_root, state_only=True)
            # An agent tool's memory in a hidden directory (.claude/agent-memory/<agent>/)
            # is that tool's, not the project's: it never owns the project's ledger.
            outermost = [r for r in search.roots if search.parent_of(r) is None
                         and not any(part.startswith(".")
                                     for part in r.relative_to(repo_root).parts)]
            if len(outermost) == 1:
                owner = outermost[0]
        _OWNERS[key] = owner
    return _OWNERS[key]


#: Owners found in this process; :func:`forget` clears them (the plugin, between builds).
_OWNERS: dict[tuple[Path, int, tuple[str, ...]], Path] = {}


def forget() -> None:
    """Drop what was learnt about the file system (a long-running build serves many runs)."""
    _OWNERS.clear()
    _NOT_UTF8.clear()
    forget_recognitions()
