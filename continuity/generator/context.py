"""What every page generator reads: the tree, its findings, provenance, and the order of entries.

Computed once per site; the page modules only look things up here.
"""

from __future__ import annotations

import calendar
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import timezone
from pathlib import Path
from typing import Protocol

from continuity.formats.markdown import PLACEHOLDER, normalise_heading
from continuity.generator.commits import commit_url
from continuity.generator.excerpts import excerpt
from continuity.generator.layout import SiteLayout
from continuity.generator.memo import PageMemo
from continuity.generator.withhold import RULE as SECRET_RULE
from continuity.history.provenance import CommitRef
from continuity.history.versions import Version
from continuity.model.records import Records
from continuity.model.tree import Document, HistoryEntry, MemoryDirectory, MemoryTree, StateFile, TreeFile
from continuity.validators.diagnostics import Diagnostic
from continuity.validators.engine import CheckResult

#: What a template's placeholder may hold in a heading that still tells no entry apart.
_DATED = r"[0-9][0-9TZ:.+\- ]{0,40}"


class HistoryPart(Protocol):
    """What the pages ask of the state timeline (generator/state_history.py's StateHistory),
    named here so that the context does not import the module that imports it."""

    def state_part(self, state: StateFile, page: str) -> str: ...


class ChangesPart(Protocol):
    """What the state timeline asks of the Changes page (generator/changes_page.py): the
    link from a version to its commit there, '' when the page does not list it."""

    def link(self, from_page: str, page: str, version: Version) -> str: ...


@dataclass(frozen=True)
class GenerateOptions:
    """How the site is laid out; the plugin fills these from its options."""

    prefix: str = ""  # folder of the site's docs root that holds the generated pages
    page_size: int = 50  # entries per page of a paginated index
    title: str = "Memory"  # the home page's heading
    sanitize_html: bool = True  # clean raw HTML in Markdown copied from the tree
    # Markdown for any engine (`continuity generate`): no raw HTML from the tree at all, since
    # no sanitiser sees the rendered pages (see generator/portable.py)
    portable: bool = False
    #: MkDocs' ``use_directory_urls``, from the plugin: entry pages' facts are then written as
    #: HTML with MkDocs' own URLs (generator/html_links.py). None (``continuity generate``):
    #: in Markdown, for the engine to resolve.
    directory_urls: bool | None = None
    #: Nesting: the roots below this one and the root above, linked from the home page.
    children: tuple[RootLink, ...] = ()
    parent: RootLink | None = None
    #: Page paths other roots' pages take (a child root's folder): never given to this root.
    reserved: tuple[str, ...] = ()
    #: The plugin's docs_dir: a link from the memory to a file in it, above the memory root,
    #: is left to MkDocs (generator/published_links.py). None: such links lead nowhere.
    docs_root: Path | None = None
    #: The repository's web address (MkDocs' ``repo_url``): a commit links to
    #: ``<repo_url>/commit/<sha>``, as GitHub and GitLab (and Gitea, Forgejo) address one.
    repo_url: str | None = None
    #: The site's address (MkDocs' ``site_url``): the feed's links are absolute, so there is
    #: a feed only when it is known and ``feed`` is on (generator/feed.py).
    site_url: str | None = None
    feed: bool = True
    tags_page: bool = False  # the page of the entries' frontmatter tags (generator/tags_page.py)

    def commit_url(self, sha: str | None) -> str | None:
        """The web page of a commit, when ``repo_url`` is set and ``sha`` is one (hex)."""
        return commit_url(self.repo_url, sha)



@dataclass(frozen=True)
class RootLink:
    """Another memory root of the site, as the home page lists it."""

    label: str  # its path, relative to the top root ('.' for the top)
    page: str  # its home page
    errors: int = 0
    warnings: int = 0


@dataclass(frozen=True)
class EntryRow:
    """One line of an entry listing."""

    entry: HistoryEntry
    page: str
    title: str
    date: str  # as shown: the date, with the snapshot time or journal turn
    month: str | None  # YYYY-MM
    added: CommitRef | None
    excerpt: str = ""  # the first paragraph of its text, plain (generator/excerpts.py)
    status: str | None = None  # its frontmatter's `status` (a proposal's: accepted...)


@dataclass(frozen=True)
class MonthGroup:
    label: str  # "November 2026", or "Undated"
    month: str | None
    rows: tuple[EntryRow, ...]


def month_label(month: str | None) -> str:
    if not month:
        return "Undated"
    try:
        year, number = month.split("-")
        return f"{calendar.month_name[int(number)]} {year}"
    except (ValueError, IndexError):
        return month


def group_by_month(rows: Iterable[EntryRow]) -> list[MonthGroup]:
    """Consecutive rows of the same month together, in the order given."""
    groups: list[MonthGroup] = []
    current: list[EntryRow] = []
    for row in rows:
        if current and current[-1].month != row.month:
            groups.append(MonthGroup(month_label(current[0].month), current[0].month,
                                     tuple(current)))
            current = []
        current.append(row)
    if current:
        groups.append(MonthGroup(month_label(current[0].month), current[0].month, tuple(current)))
    return groups


@dataclass
class SiteContext:
    tree: MemoryTree
    check: CheckResult
    provenance: dict[str, CommitRef]
    options: GenerateOptions
    memo: PageMemo | None = None  # pages of the previous generation (serve, --watch)
    #: The state timeline's pages (generator/state_history.py), when git gave one.
    history: HistoryPart | None = None
    #: The Changes page's ranges (generator/changes_page.py), when git gave a timeline.
    changes: ChangesPart | None = None
    layout: SiteLayout = field(init=False)
    findings: dict[str, list[Diagnostic]] = field(init=False)
    _ordered: dict[str, list[HistoryEntry]] = field(init=False, default_factory=dict)
    _rows: dict[str, EntryRow] = field(init=False, default_factory=dict)
    _template_titles: dict[str, str | None] = field(init=False, default_factory=dict)
    _titles: dict[str, str] = field(init=False, default_factory=dict)
    _files: dict[str, TreeFile] = field(init=False, default_factory=dict)
    _template_patterns: dict[str, re.Pattern[str] | None] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.layout = SiteLayout(self.tree, self.options.prefix, self.options.reserved,
                                 visible_names=self.options.portable)
        self.findings = defaultdict(list)
        for diagnostic in self.check.diagnostics:
            self.findings[diagnostic.root_path].append(diagnostic)
        for name, directory in self.tree.directories.items():
            self._ordered[name] = sorted(directory.entries, key=self._order_key)

    # -- entries in order: date, time or turn, commit, name

    def _order_key(self, entry: HistoryEntry) -> tuple[str, str, int, tuple[int, float], str]:
        """Date, time or turn in the name, then the commit that added it, then the name."""
        date, time, turn, name = entry.sort_key
        ref = self.provenance.get(entry.path)
        moment = ref.moment if ref else None
        committed = (0, moment.astimezone(timezone.utc).timestamp()) if moment else (1, 0.0)
        return (date, time, turn, committed, name)

    def ordered(self, directory: str) -> list[HistoryEntry]:
        """The directory's entries, oldest first."""
        return self._ordered.get(directory, [])

    def newest_first(self, directories: Iterable[str]) -> list[HistoryEntry]:
        """Entries of several directories merged, newest first; undated ones last."""
        entries = [e for d in directories for e in self._ordered.get(d, [])]
        dated = sorted((e for e in entries if e.date), key=self._order_key, reverse=True)
        # Undated ones (a library's) newest first too, by the commit that added them (not yet
        # committed: newest of all), so that a new one lands on an index's front page
        # (generator/paging.py); by name among those added together.
        undated = sorted((e for e in entries if not e.date), key=lambda e: e.path)
        undated.sort(key=lambda e: self._order_key(e)[3], reverse=True)
        return dated + undated

    def title(self, entry: HistoryEntry) -> str:
        """The entry's heading, unless it is the template's own (every completed/ entry is a
        "Completed Work Entry"): then what tells it apart, the task's description."""
        if entry.path not in self._titles:
            self._titles[entry.path] = self._distinct_title(entry)
        return self._titles[entry.path]

    def _distinct_title(self, entry: HistoryEntry) -> str:
        title = entry.title
        directory = self.tree.directories.get(entry.directory)
        if directory is None or entry.document is None:
            return title
        if normalise_heading(title) != self._template_title(directory) and \
                not self._dated_template_heading(directory, title):
            return title
        body = entry.document.body
        task = body.section("Task", level=2)
        if task is not None:
            cells = {row.cells[0].lower(): row.cells[1] for row in body.table_rows(task)
                     if len(row.cells) > 1 and row.cells[1].strip()}
            description = cells.get("description")
            if description:
                task_id = cells.get("task id")
                return f"{task_id}: {description}" if task_id else description
        for key in ("title", "topic", "objective", "name"):
            value = entry.document.frontmatter.data.get(key)
            if isinstance(value, str) and value.strip():
                return value.strip()
        return title

    def _dated_template_heading(self, directory: MemoryDirectory, title: str) -> bool:
        """Whether ``title`` is the template's heading with only a date, time or number put
        in its placeholders ("Journal Entry — 2026-11-27" of "Journal Entry — {{DATE}}"):
        every entry of the directory has one, so it tells none apart."""
        if directory.name not in self._template_patterns:
            pattern = None
            heading = Document.parse(directory.template.text).title \
                if directory.template.text else None
            if heading and PLACEHOLDER.search(heading):
                parts = PLACEHOLDER.split(heading)[::2]  # the text between placeholders
                pattern = re.compile(_DATED.join(re.escape(part) for part in parts),
                                     re.IGNORECASE)
            self._template_patterns[directory.name] = pattern
        pattern = self._template_patterns[directory.name]
        return pattern is not None and pattern.fullmatch(title.strip()) is not None

    def _template_title(self, directory: MemoryDirectory) -> str | None:
        if directory.name not in self._template_titles:
            title = None
            if directory.template.text:
                title = Document.parse(directory.template.text).title
            self._template_titles[directory.name] = normalise_heading(title) if title else None
        return self._template_titles[directory.name]

    def row(self, entry: HistoryEntry) -> EntryRow:
        if entry.path not in self._rows:
            parsed = entry.parsed_name
            shown = entry.date or ""
            if parsed and parsed.time:
                shown += " " + parsed.time.replace("-", ":")
            elif parsed and parsed.turn is not None:
                shown += f" (turn {parsed.turn})"
            withheld = any(d.code == SECRET_RULE for d in self.findings_for(entry.path))
            status = entry.document.frontmatter.data.get("status") if entry.document else None
            self._rows[entry.path] = EntryRow(
                entry=entry, page=self.layout.entry_page(entry), title=self.title(entry),
                date=shown.strip(), month=entry.month, added=self.provenance.get(entry.path),
                excerpt="" if withheld else excerpt(entry.document),
                status=status.strip() or None if isinstance(status, str) else None)
        return self._rows[entry.path]

    # -- the mesh

    def indexed_by(self, directory: str) -> list[StateFile]:
        names = [edge.state_file for edge in self.tree.indexed_by(directory)]
        return [s for s in self.tree.state_files if s.name in names]

    def indexes(self, state: StateFile) -> list[str]:
        return [edge.directory for edge in self.tree.edges_from(state.name)]

    @property
    def records(self) -> Records:
        """The ledger, session state and notes as the check read them (parsed once)."""
        return self.tree.records

    def directory(self, name: str) -> MemoryDirectory | None:
        return self.tree.directories.get(name)

    def tree_file(self, root_path: str) -> TreeFile:
        """The file of the tree at ``root_path`` (a state file, an entry or a linked file)."""
        if not self._files:
            self._files.update((f.path, f) for f in self.tree.all_files())
        return self._files[root_path]

    # -- findings

    def findings_for(self, root_path: str) -> list[Diagnostic]:
        return self.findings.get(root_path, [])

    @property
    def errors(self) -> int:
        return self.check.errors

    @property
    def warnings(self) -> int:
        return self.check.warnings
