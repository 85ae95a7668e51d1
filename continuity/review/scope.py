"""The findings a range introduced and fixed, judged on what the range can affect.

A file the range did not change, whose directory's template and kind, and whose options, are
the same at BASE and HEAD, gets the same verdict at both ends from every rule whose reach is
that file (:data:`~continuity.validators.registry.FILE`): its findings cancel out. So the
check runs, at each end, on a tree narrowed to

- the files the range changed (both names of a rename);
- for the rules that follow what a file points at (reach LINKS), the unchanged files that name
  a changed path, or a folder found at one end only (a quick scan of their text);
- one file of each folder of the root (every directory is seen, with its kind and template);
  the root's own files (state files, records) are always read.

BASE is not written out: its files are listed by one ``git ls-tree -r`` and only the narrowed
tree, the templates, the root's own files and what its files name are read from one ``git
cat-file --batch``. When the narrowing could change a verdict (a rule whose reach is the
root's index with a root file changed, or the whole tree; the options, a template, a
directory's kind or the convention changed; HEAD is the index or the working tree) the answer
is None and the caller runs the whole check at both ends, as ``--full-check`` does.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from continuity.changes.delta import FileDelta
from continuity.changes.model import FindingRef
from continuity.changes.revisions import ReviewRange
from continuity.changes.roots import in_prefix, relative
from continuity.changes.snapshot import CONFIG_FILES, MEMORY_SUFFIXES
from continuity.config import Config, load_config
from continuity.history.git import Repository
from continuity.model.kinds import TEMPLATE_NAME
from continuity.model.tree import MemoryTree
from continuity.model.workspace import Target, open_target
from continuity.validators.registry import FILE, LINKS, ROOT, Rule

#: Files whose text may name another (a link, an import, a path in a code span).
TEXT_SUFFIXES = (*MEMORY_SUFFIXES, ".mdc")
#: A word of a text that may be a path: what a link, a code span or an import can hold.
_WORD = re.compile(rb"[^\s()\[\]<>`'\"|#,;*!?{}]+")
#: Where a text can name a path beyond its code spans (a link, a reference, HTML, an import).
_LINKISH = (b"](", b"]:", b"href", b"src=", b"@")
_SPAN = re.compile(rb"`([^`\n]+)`")


@dataclass(frozen=True)
class Listing:
    """One end's files (top-relative path -> blob), from one ``git ls-tree -r``."""

    sha: str
    blobs: dict[str, str]

    @property
    def folders(self) -> set[str]:
        found = set()
        for path in self.blobs:
            parts = path.split("/")[:-1]
            for depth in range(1, len(parts) + 1):
                found.add("/".join(parts[:depth]))
        return found


def list_tree(repository: Repository, sha: str) -> Listing:
    listed = repository.run("ls-tree", "-r", "-z", "--full-tree", sha)
    blobs = {}
    for record in listed.split(b"\0"):
        meta, _, name = record.partition(b"\t")
        fields = meta.split(b" ")
        if len(fields) == 3 and fields[1] == b"blob" and fields[0] != b"120000":
            blobs[name.decode("utf-8", "surrogateescape")] = fields[2].decode()
    return Listing(sha, blobs)


def names_in(data: bytes) -> set[str]:
    """The last part of every word of ``data`` that may be a path (``a/b.md:12`` -> ``b.md``)."""
    words = _WORD.findall(data) if any(mark in data for mark in _LINKISH) \
        else _SPAN.findall(data)
    found = set()
    for word in words:
        text = word.decode("utf-8", "replace").rstrip("/")
        last = text.rsplit("/", 1)[-1].split(":", 1)[0]
        if last:
            found.add(unquote(last) if "%" in last else last)
    return found


def _base_name(path: str) -> str:
    return path.rsplit("/", 1)[-1]


class Scoped:
    """The narrowed check of one root at both ends of a range."""

    def __init__(self, scope: ReviewRange, config: Config, root: Path, prefix: str,
                 head_top: Path, head_on_disk: bool, deltas: list[FileDelta], rules: list[Rule],
                 scratch: Path) -> None:
        self.scope, self.config, self.root, self.prefix = scope, config, root, prefix
        self.head_top, self.head_on_disk, self.scratch = head_top, head_on_disk, scratch
        self.rules = [r for r in rules if not r.needs_git]  # the check runs with git off
        self.repository = scope.repository
        self.changed = sorted({p for d in deltas for p in (d.path, d.old_path)
                               if p is not None and in_prefix(p, prefix)})
        self.reader = self.repository.blob_reader()

    # -- the answer

    def findings(self) -> tuple[list[FindingRef], list[FindingRef]] | None:
        from continuity.review.findings import check_root, compare

        try:
            return self._findings(check_root, compare)
        finally:
            self.reader.close()

    def _findings(self, check_root, compare):  # type: ignore[no-untyped-def]
        scope = self.scope
        if not scope.head.committed or not scope.base.sha or not scope.head.sha:
            return None  # the index or the working tree: listed by no ls-tree
        base, head = list_tree(self.repository, scope.base.sha), \
            list_tree(self.repository, scope.head.sha)
        if any(base.blobs.get(name) != head.blobs.get(name) for name in self._config_files()):
            return None  # the options changed: every verdict may
        reaches = {r.reach for r in self.rules}
        only = self._narrowed(base, head, LINKS in reaches)
        head_top = self.head_top if self.head_on_disk else \
            self._write(head, only, self.scratch / "head")
        wanted = tuple(sorted(relative(p, self.prefix) for p in only))
        head_tree = self._tree(head_top, wanted)
        if not self._narrowing_holds(head_tree):
            return None
        if self.prefix and self.prefix not in base.folders:
            # A root new in the range: every file of it is new, so all are in the narrowed tree.
            return compare([], check_root(head_tree, head_top))
        base_top = self._write(base, only, self.scratch / "base")
        base_tree = self._tree(base_top, wanted)
        both = {relative(f, self.prefix).split("/", 1)[0] for f in base.folders & head.folders
                if in_prefix(f, self.prefix)}
        if not self._same_structure(base_tree, head_tree, both) or \
                not self._narrowing_holds(base_tree):
            return None
        if self._unread_changes(base_tree, head_tree, only, base, head):
            return None
        return compare(check_root(base_tree, base_top), check_root(head_tree, head_top))

    # -- what is read

    def _config_files(self) -> list[str]:
        places = [*CONFIG_FILES]
        if self.prefix:
            places += [f"{self.prefix}/{name}" for name in CONFIG_FILES]
        return places

    def _narrowed(self, base: Listing, head: Listing, links: bool) -> set[str]:
        """Top-relative paths of the narrowed tree: the changed files, the unchanged ones that
        name them (``links``), one file per folder of the root (a ledger or a note store
        changed brings the others: discovery reads them together)."""
        prefix = self.prefix
        mine = {p for p in (*base.blobs, *head.blobs) if in_prefix(p, prefix)}
        only = set(self.changed) & mine
        unchanged = sorted(p for p in mine if base.blobs.get(p) == head.blobs.get(p))
        by_folder: dict[str, list[str]] = {}
        for path in sorted(mine):
            rel = relative(path, prefix)
            if "/" in rel:
                by_folder.setdefault(rel.split("/", 1)[0], []).append(path)
        same = set(unchanged)
        for paths in by_folder.values():
            markdown = [p for p in paths if p.endswith(".md")] or paths
            kept = [p for p in markdown if p in same] or markdown
            # A dated entry where there are any (a folder of a kind is known by its entries'
            # names), the last: the newest.
            only.add(max(kept, key=lambda p: (_base_name(p)[:1].isdigit(), p)))
        if links:
            only |= self._referrers(base, head, unchanged)
        return only

    def _referrers(self, base: Listing, head: Listing, unchanged: list[str]) -> set[str]:
        """The unchanged files that name a changed path, or a folder one end has alone."""
        names = {_base_name(p) for p in self.changed}
        names |= {_base_name(f) for f in base.folders ^ head.folders}
        if not names:
            return set()
        texts = [p for p in unchanged if p.lower().endswith(TEXT_SUFFIXES)]
        return {path for path, data in self._texts(head, texts) if names & names_in(data)}

    def _texts(self, listing: Listing, paths: list[str]) -> list[tuple[str, bytes]]:
        """The bytes of ``paths`` at one end: from the working tree when it is HEAD."""
        if listing.sha == self.scope.head.sha and self.head_on_disk:
            found = []
            limit = self.config.max_file_size
            for path in paths:
                try:
                    with open(self.head_top / path, "rb") as handle:
                        data = handle.read()  # not read(limit): that allocates the limit
                except OSError:
                    continue
                found.append((path, data if len(data) <= limit else b""))
            return found
        blobs = [listing.blobs[p] for p in paths]
        read = dict(self.reader.read(dict.fromkeys(blobs), self.config.max_file_size))
        return [(p, read[listing.blobs[p]] or b"") for p in paths]

    def _write(self, listing: Listing, only: set[str], destination: Path) -> Path:
        """One end's narrowed tree, its templates, the root's own files and the options, and
        the files its texts name (a link must find its target, with its headings)."""
        prefix = self.prefix
        wanted = {p for p in only if p in listing.blobs}
        for path in listing.blobs:
            rel = relative(path, prefix) if in_prefix(path, prefix) else None
            if rel is not None and ("/" not in rel or _base_name(rel) == TEMPLATE_NAME
                                    or "templates" in rel.split("/")[:-1]):
                wanted.add(path)
        wanted |= {p for p in CONFIG_FILES if p in listing.blobs}
        texts = self._texts(listing, sorted(p for p in wanted
                                            if p.lower().endswith(TEXT_SUFFIXES)))
        named: set[str] = set()
        for _path, data in texts:
            named |= names_in(data)
        targets = {p for p in listing.blobs if _base_name(p) in named} - wanted
        destination.mkdir(parents=True, exist_ok=True)
        (destination / ".git").touch()  # the top of the repository, for the model
        for folder in listing.folders:
            if _base_name(folder) in named:
                (destination / folder).mkdir(parents=True, exist_ok=True)
        written = dict(texts)
        rest = sorted((wanted - written.keys()) | targets)
        blobs = [listing.blobs[p] for p in rest]
        read = dict(self.reader.read(dict.fromkeys(blobs)))
        for path in rest:
            written[path] = read.get(listing.blobs[path]) or b""
        for path, data in written.items():
            target = destination / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        return destination

    def _tree(self, top: Path, wanted: tuple[str, ...]) -> MemoryTree:
        root = top / self.prefix if self.prefix else top
        config = self.config if top == self.head_top and self.head_on_disk \
            else load_config(top)
        return open_target(Target(root.resolve(), wanted), config)

    # -- when the narrowing would not do

    def _narrowing_holds(self, tree: MemoryTree) -> bool:
        """No rule the tree's convention runs reaches past what the narrowed tree holds: the
        whole tree; or the root's own files, when one changed and the rule also judges files
        in folders (the root's own files are always read, the folders' files only narrowed)."""
        own = {state.path for state in tree.state_files}
        own_changed = any(relative(p, self.prefix) in own for p in self.changed)
        for rule in self.rules:
            if not tree.recognition.judges(rule.code):
                continue
            if rule.reach not in (FILE, LINKS, ROOT) or \
                    (rule.reach == ROOT and own_changed and tree.directories):
                return False
        return True

    @staticmethod
    def _same_structure(base: MemoryTree, head: MemoryTree, both: set[str]) -> bool:
        """The same convention, directory kinds and templates at both ends; a folder of the
        root at both ends is memory at both or at neither (told from one of its files)."""
        if base.recognition.name != head.recognition.name:
            return False
        if {name for name in base.directories if name in both} != \
                {name for name in head.directories if name in both}:
            return False
        for name in base.directories.keys() & head.directories.keys():
            one, other = base.directories[name], head.directories[name]
            if (one.kind.name, one.custom, one.template_file.text if one.template_file else
                    None) != (other.kind.name, other.custom, other.template_file.text
                              if other.template_file else None):
                return False
        return True

    def _unread_changes(self, base_tree: MemoryTree, head_tree: MemoryTree, only: set[str],
                        base: Listing, head: Listing) -> bool:
        """Whether a changed text the narrowed trees did not read may be one the whole tree
        reads because a file links to it (a state file's, and another convention's entries'
        links are followed: the linked files are published and judged): named by a state
        file, an entry of such a convention, or a file narrowed in that is none of the tree's
        (itself perhaps linked)."""
        read = {*base_tree.file_paths(), *head_tree.file_paths()}
        unread = {_base_name(p) for p in self.changed
                  if relative(p, self.prefix) not in read and p.lower().endswith(TEXT_SUFFIXES)}
        if not unread:
            return False
        for tree in (base_tree, head_tree):
            files = [state.file for state in tree.state_files]
            if not tree.recognition.is_protocol:
                files += [entry.file for d in tree.directories.values() for entry in d.entries]
            if any(unread & names_in((f.text or "").encode("utf-8", "surrogateescape"))
                   for f in files):
                return True
        for listing in (base, head):
            texts = sorted(p for p in only if p in listing.blobs and p.lower().endswith(
                TEXT_SUFFIXES) and relative(p, self.prefix) not in read)
            for _path, data in self._texts(listing, texts):
                if unread & names_in(data):
                    return True
        return False


def scoped_findings(scope: ReviewRange, config: Config, root: Path, prefix: str,
                    head_top: Path, head_on_disk: bool, deltas: list[FileDelta],
                    scratch: Path) -> tuple[list[FindingRef], list[FindingRef]] | None:
    """(introduced, fixed) judged on what the range can affect; None when only the whole
    check at both ends can tell."""
    from continuity.validators.engine import active_rules

    rules = active_rules(load_config(head_top, {"git": "off"}))
    os.makedirs(scratch, exist_ok=True)
    return Scoped(scope, config, root, prefix, head_top, head_on_disk, deltas, rules,
                  scratch).findings()
