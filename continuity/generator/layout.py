"""Where every page of the site lives.

Pages mirror the memory tree's own layout (``STATE.md``, ``snapshots/2026-...md``) under an
optional prefix, so the relative links that entries and state files already contain resolve on
the site. The pages that have no file in the tree (home, directory indexes, month archives, the
ledger, notes, findings, further pages of a paginated index) take names that no tree file can
take, or are moved aside when one does.
"""

from __future__ import annotations

import hashlib
import os
import posixpath
from collections.abc import Callable
from pathlib import Path

from continuity.model.linked import MARKDOWN_SUFFIXES
from continuity.model.tree import HistoryEntry, MemoryTree

#: Bytes a derived page's file name may take: a file system allows 255, and engines add to a
#: name (``-2``, ``.html``, a folder of the name). Longer names are cut, with a hash of the
#: whole so that two long names never meet.
MAX_NAME_BYTES = 200


def fitting(path: str) -> str:
    """``path`` with every component longer than MAX_NAME_BYTES shortened, deterministically:
    its start, a hash of it whole, and its extension."""
    parts = path.split("/")
    for index, part in enumerate(parts):
        if len(part.encode("utf-8", "surrogatepass")) <= MAX_NAME_BYTES:
            continue
        stem, dot, extension = part.rpartition(".")
        if not dot or len(extension) > 16:
            stem, extension = part, ""
        digest = hashlib.blake2b(part.encode("utf-8", "surrogatepass"),
                                 digest_size=6).hexdigest()
        head = stem.encode("utf-8", "surrogatepass")[:MAX_NAME_BYTES // 2]
        parts[index] = f"{head.decode('utf-8', 'ignore')}-{digest}" + \
            (f".{extension}" if extension else "")
    return "/".join(parts)


def visible(path: str, base: Path | None = None) -> str:
    """``path`` with each name that opens with a dot given an underscore in its place
    (``.github/copilot-instructions.md`` -> ``_github/copilot-instructions.md``). MkDocs and
    Zensical leave every dot-named file and folder of a docs folder out of the site (MkDocs'
    default ``exclude_docs``), so the pages ``generate`` writes for Copilot's, Cursor's,
    Kiro's, Serena's, Claude's or Aider's files would vanish from the build. Where ``base``
    (the folder ``path`` is read from) holds a name of that spelling beside it (a ``_github/``
    next to ``.github/``), a number is added (``_github-2``): two folders never share pages."""
    shown: list[str] = []
    for index, part in enumerate(parts := path.split("/")):
        if not part.startswith(".") or part in (".", ".."):
            shown.append(part)
            continue
        name, number = f"_{part[1:]}", 2
        while base is not None and os.path.lexists(base.joinpath(*parts[:index], name)):
            name, number = f"_{part[1:]}-{number}", number + 1
        shown.append(name)
    return "/".join(shown)


def own_page(path: str) -> bool:
    """Whether a linked file of the tree is published as a page at its own path: Markdown
    named ``.md``, except ``README.md`` and ``index.md``, which MkDocs makes the folder's
    index page (where the memory site's own pages may be)."""
    name = path.rsplit("/", 1)[-1].lower()
    return name.endswith(".md") and name not in ("readme.md", "index.md")


def _url_key(path: str) -> str:
    """What a page path becomes as a URL, so that ``a.md`` and ``a/index.md`` count as one."""
    stem = path[:-3] if path.endswith(".md") else path
    if stem == "index":
        return ""
    if stem.endswith("/index"):
        return stem[: -len("/index")]
    return stem


def markdown_name(path: str) -> str:
    """A page's path for a file whose own name is no Markdown page: ``rules/python.mdc`` ->
    ``rules/python-mdc.md``, ``.cursorrules`` -> ``cursorrules.md``."""
    folder, _, name = path.rpartition("/")
    stem, dot, extension = name.lstrip(".").rpartition(".")
    page = f"{stem}-{extension}.md" if dot and stem else f"{name.lstrip('.') or 'file'}.md"
    return f"{folder}/{page}" if folder else page


class SiteLayout:
    """Page paths (relative to the site's docs root) for the things of one tree."""

    def __init__(self, tree: MemoryTree, prefix: str = "", reserved: tuple[str, ...] = (),
                 visible_names: bool = False):
        prefix = prefix.strip("/")
        self.prefix = f"{prefix}/" if prefix else ""
        self.tree = tree
        # Pages written for any engine (generate) take no dot-named path (:func:`visible`);
        # the plugin adds its pages itself, where MkDocs keeps them whatever their names.
        self._shown: Callable[[str], str] = \
            (lambda path: visible(path, tree.root)) if visible_names else str
        # Pages of other roots (a child root's home): this root's derived pages move aside.
        self._taken: set[str] = {_url_key(path) for path in reserved}
        self._by_root_path: dict[str, str] = {}
        self._copies: dict[str, str] = {}
        self._derived: dict[tuple[str, str], str] = {}  # (kind, key) -> page, reserved once
        # Files of the tree first: their paths are fixed by the tree itself.
        self._claim_state_pages(tree)
        for directory in tree.directories.values():
            for entry in directory.entries:
                if entry.name.endswith(".md"):
                    self._claim_tree_page(entry.path, entry.path)
                else:
                    self._copies[entry.path] = self.prefix + self._shown(entry.path)
                    self._taken.add(_url_key(self._copies[entry.path]))
        for linked in tree.linked:  # files a state file links to
            if own_page(linked.path):
                self._claim_tree_page(linked.path, linked.path)
            elif not linked.path.lower().endswith(MARKDOWN_SUFFIXES):
                self._copies[linked.path] = self.prefix + self._shown(linked.path)
                self._taken.add(_url_key(self._copies[linked.path]))
        for directory in tree.directories.values():
            for entry in directory.entries:
                if not entry.name.endswith(".md"):
                    stem, _, extension = entry.path.rpartition(".")
                    self._by_root_path[entry.path] = self.reserve(f"{stem}-{extension}.md")
        for linked in tree.linked:  # a page beside a file that cannot be one itself
            if not own_page(linked.path):
                stem, _, extension = linked.path.rpartition(".")
                self._by_root_path[linked.path] = self.reserve(f"{stem}-{extension}.md")
        self.home = self.reserve("index.md")
        self.ledger = self.reserve("ledger.md")
        self.notes = self.reserve("notes.md")
        self.findings = self.reserve("findings.md")
        self.changes = self.reserve("changes.md")
        self.directories = {name: self.reserve(f"{name}/index.md") for name in tree.directories}

    def _claim_state_pages(self, tree: MemoryTree) -> None:
        for state in tree.state_files:
            if state.path.endswith(".md"):
                self._claim_tree_page(state.path, state.path)
        # A living file that is no Markdown by name (Cursor's rule.mdc, .cursorrules): its page
        # beside it, never at its own path, where MkDocs would copy the page's Markdown as a
        # file of that name.
        for state in tree.state_files:
            if not state.path.endswith(".md"):
                self._by_root_path[state.path] = self.reserve(markdown_name(state.path))

    def _claim_tree_page(self, root_path: str, path: str) -> None:
        full = self.prefix + self._shown(path)
        self._taken.add(_url_key(full))
        self._by_root_path[root_path] = full

    def reserve(self, wanted: str) -> str:
        """``wanted`` under the prefix, or a numbered variant when a page already has its URL;
        a name too long for a file system is shortened (:func:`fitting`)."""
        wanted = fitting(self._shown(wanted))
        stem = wanted[:-3]
        candidate, number = wanted, 2
        while _url_key(self.prefix + candidate) in self._taken:
            candidate = f"{stem}-{number}.md"
            number += 1
        self._taken.add(_url_key(self.prefix + candidate))
        return self.prefix + candidate

    # -- lookups

    def page_of(self, root_path: str) -> str | None:
        """The page rendering a tree file (state file or entry), if there is one."""
        return self._by_root_path.get(root_path)

    def entry_page(self, entry: HistoryEntry) -> str:
        return self._by_root_path[entry.path]

    def copy_of(self, entry: HistoryEntry) -> str | None:
        """Where a non-Markdown entry is copied as it is."""
        return self._copies.get(entry.path)

    def copy_path(self, root_path: str) -> str | None:
        """Where a non-Markdown file of the tree (an entry, a linked file) would be copied."""
        return self._copies.get(root_path)

    def directory_page(self, name: str) -> str | None:
        return self.directories.get(name)

    def page_for_finding(self, root_path: str) -> str | None:
        """The page a diagnostic about ``root_path`` is best read on."""
        page = self.page_of(root_path)
        if page is not None:
            return page
        if self.tree.ledger is not None and root_path in (
                self.tree.ledger.path, getattr(self.tree.session_state, "path", None)):
            return self.ledger
        if any(store.path == root_path for store in self.tree.note_stores):
            return self.notes
        top = root_path.strip("/").split("/", 1)[0]
        return self.directories.get(top)

    def fixed_page(self, first_page: str, number: int) -> str:
        """Fixed page ``number`` (1 holds the oldest entries) of an index whose front page is
        ``first_page``: ``STATE/page-1.md`` beside ``STATE.md``, ``notes/page-1.md`` beside
        ``notes/index.md``. Counted from the oldest, a page keeps its URL as entries are added
        (generator/paging.py)."""
        key = ("page", f"{first_page}#{number}")
        if key not in self._derived:
            if first_page.endswith("/index.md"):
                base = first_page[: -len("index.md")]
            else:
                base = first_page[:-3] + "/"
            wanted = posixpath.relpath(f"{base}page-{number}.md", self.prefix or ".")
            self._derived[key] = self.reserve(wanted)
        return self._derived[key]

    def list_page(self, wanted: str) -> str:
        """The page of a list a root's shape declares (generator/shape.py), reserved once."""
        key = ("list", wanted)
        if key not in self._derived:
            self._derived[key] = self.reserve(wanted if wanted.endswith(".md") else
                                              wanted + ".md")
        return self._derived[key]

    def archive(self, directory: str, month: str) -> str:
        """The page listing one month of a dated directory."""
        key = ("archive", f"{directory}/{month}")
        if key not in self._derived:
            self._derived[key] = self.reserve(f"{directory}/archive/{month}.md")
        return self._derived[key]
