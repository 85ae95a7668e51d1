"""The state timeline on the site: every committed version of each living file, diffed.

Per living file (:func:`continuity.history.versions.living_files`) that git changed: a
*History* part on its page (the newest versions, a link to all of them), and history pages
listing each version newest first, with its commit (date, author, subject, short sha, a link to
the commit when ``repo_url`` is set), the snapshot entry the same commit added (or a mark that
it added none), what it changed section by section, and its full text one click away.

History pages are cut like an index (:mod:`.paging`): anchored at the oldest version,
``HISTORY_PAGE_SIZE`` a page, so a new commit changes the front page only and the fixed pages
are kept from the last generation in ``mkdocs serve`` (:mod:`.memo`).

Safe as every page: a version that holds a credential, or replaces one that did, is shown
neither as text nor as a diff (CT605 names its commit); every line written goes through the
same redaction and escaping as the pages' other values. In the plugin the versions are HTML
put in place after the page is rendered (:mod:`.html_links`); ``continuity generate`` writes
them as Markdown (fenced blocks nothing in a version can close).
"""

from __future__ import annotations

import functools
import html
from collections.abc import Sequence
from dataclasses import dataclass

from continuity.formats.seen_redaction import credentials_seen
from continuity.formats.words import plural
from continuity.generator import html_links, mdtext, paging
from continuity.generator.commits import commit_url
from continuity.generator.context import SiteContext
from continuity.generator.index_pages import IndexPage, Pager
from continuity.generator.index_pages import _pager as index_pager
from continuity.generator.layout import markdown_name
from continuity.generator.render import render
from continuity.generator.site import Page
from continuity.history.diffs import SectionChange, section_changes, split_lines
from continuity.history.versions import (
    BEYOND_BUDGET,
    DEFAULT_MAX_VERSIONS,
    TEXT_BUDGET,
    FileTimeline,
    Timeline,
    Version,
)
from continuity.model.tree import StateFile

#: Versions a history page lists (a fixed page exactly this many).
HISTORY_PAGE_SIZE = 20
#: The newest versions the History part of a living file's own page lists.
ON_STATE_PAGE = 5
#: Changes the home page lists under "What changed recently".
RECENT_ON_HOME = 10
#: The anchor of the History part on a living file's page.
ANCHOR = "state-history"


@dataclass(frozen=True)
class RecentChange:
    """One row of the home page's "what changed recently", from any root of the site."""

    date: str
    label: str  # the file's path from the top root
    page: str  # the file's page
    short: str
    sha: str
    subject: str
    author: str


def anchor(version: Version) -> str:
    return f"version-{version.short}"


def recent_changes(timelines: Sequence[tuple[str, str, Timeline]],
                   limit: int = RECENT_ON_HOME) -> list[RecentChange]:
    """The latest changes to living files across roots: (folder of the root's pages, the
    root's path from the top, its timeline) each; newest first by author date."""
    rows = []
    for folder, label, timeline in timelines:
        for path, history in timeline.items():
            # The file's page: its own path, or beside it for a file no Markdown by name.
            own = path if path.endswith(".md") else markdown_name(path)
            page = "/".join(p for p in (folder, own) if p)
            shown = "/".join(p for p in (label, path) if p and p != ".")
            for version in history.versions[:limit]:
                rows.append(RecentChange(version.date, shown, page, version.short,
                                         version.sha, version.subject, version.author))
    rows.sort(key=lambda row: row.date, reverse=True)
    return rows[:limit]


def recent_markdown(rows: Sequence[RecentChange], home: str, repo_url: str | None) -> str:
    """The home page's "What changed recently" section, in Markdown."""
    if not rows:
        return ""
    lines = ["## What changed recently", "",
             "The latest commits to the living files (state, index and context files), "
             "newest first; each file's page has its history.", "",
             "| Date | File | Change | Commit |", "|------|------|--------|--------|"]
    for row in rows:
        url = commit_url(repo_url, row.sha)
        sha = f"[{mdtext.code(row.short)}]({url})" if url else mdtext.code(row.short)
        lines.append(f"| {mdtext.inline(row.date[:16].replace('T', ' '))} | "
                     f"{mdtext.link(row.label, home, row.page, ANCHOR)} | "
                     f"{mdtext.inline(row.subject)} ({mdtext.inline(row.author)}) | {sha} |")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class _HistoryPage:
    path: str
    versions: list[Version]  # newest first
    number: int | None  # None: the front page
    first: int = 0
    last: int = 0


class StateHistory:
    """The timeline's pages of one root, their paths reserved when made (before any page)."""

    def __init__(self, ctx: SiteContext, timeline: Timeline):
        self.ctx = ctx
        self.timeline = timeline
        self.files: list[tuple[StateFile, FileTimeline, list[_HistoryPage]]] = []
        self.version_page: dict[tuple[str, str], str] = {}
        #: each version's number, counted from the oldest shown (1), per file
        self.numbers: dict[str, dict[str, int]] = {}
        for state in ctx.tree.state_files:
            history = timeline.get(state.path)
            own = ctx.layout.page_of(state.path)
            if history is None or not history.versions or own is None:
                continue
            front_path = ctx.layout.reserve(state.path[:-3] + "/history.md"
                                            if state.path.endswith(".md")
                                            else state.path + "-history.md")
            front, fixed = paging.anchored_pages(list(history.versions), HISTORY_PAGE_SIZE)
            pages = [_HistoryPage(front_path, front, None)]
            for number in range(len(fixed), 0, -1):
                first, last = paging.fixed_range(number, HISTORY_PAGE_SIZE)
                pages.append(_HistoryPage(ctx.layout.fixed_page(front_path, number),
                                          fixed[number - 1], number, first, last))
            count = len(history.versions)
            self.numbers[state.path] = {v.sha: count - i for i, v in enumerate(history.versions)}
            for page in pages:
                for version in page.versions:
                    self.version_page[(state.path, version.sha)] = page.path
            self.files.append((state, history, pages))

    # -- the History part of a living file's own page

    def state_part(self, state: StateFile, page: str) -> str:
        """Markdown for the end of the file's page: its newest versions, links to all."""
        found = next(((h, p) for s, h, p in self.files if s.path == state.path), None)
        if found is None:
            return ""
        history, pages = found
        count = len(history.versions)
        lines = [f'<a id="{ANCHOR}"></a>', "", "## History", ""]
        total = (f"{count} of {history.total} versions shown (`state_history_max_versions`)"
                 if history.total > count else mdtext.inline(plural(count, "version")))
        every = mdtext.link("every version with its changes and full text", page, pages[0].path)
        lines.append(f"{total} in git, newest first; {every}.")
        if history.beyond_budget:
            lines += ["", f"The {plural(history.beyond_budget, 'oldest version')} listed "
                      f"{'is' if history.beyond_budget == 1 else 'are'} shown without text: the "
                      "timeline keeps the texts of the newest versions within "
                      f"{_megabytes(TEXT_BUDGET)}."]
        lines += ["", "| Date | Commit | Change | Sections changed |",
                  "|------|--------|--------|------------------|"]
        for version in history.versions[:ON_STATE_PAGE]:
            target = self.version_page[(state.path, version.sha)]
            lines.append(
                f"| {mdtext.inline(_when(version))} | "
                f"{mdtext.link(version.short, page, target, anchor(version))}"
                f"{_in_changes(self.ctx, page, version)} | "
                f"{mdtext.inline(version.subject)} ({mdtext.inline(version.author)}) | "
                f"{mdtext.inline(_summary(version))} |")
        return "\n".join(lines) + "\n"

    # -- the history pages

    def pages(self) -> list[Page]:
        result: list[Page] = []
        for state, history, pages in self.files:
            shape = tuple((p.number, p.path) for p in pages)
            snapshots = self._snapshot_directories(state)
            own = self.ctx.layout.page_of(state.path)
            for position, part in enumerate(pages):
                make = functools.partial(self._page, state, history, pages, position, part,
                                         snapshots, own)
                if part.number is None or self.ctx.memo is None:
                    result.append(make())
                    continue
                snapshot_pages = tuple(self._snapshot_links(v, snapshots) for v in part.versions)
                inputs = (state.path, own, tuple(part.versions), snapshot_pages, shape,
                          self.ctx.options, mdtext.redacting())
                result.append(self.ctx.memo.get(("history", part.path, str(self.ctx.tree.root)),
                                                inputs, make))
        return result

    def _snapshot_directories(self, state: StateFile) -> tuple[str, ...]:
        """The directories whose entries copy this state file (snapshots/) and that it
        indexes: a version of it should come with one of their entries."""
        return tuple(name for name in self.ctx.indexes(state)
                     if name in self.ctx.tree.directories
                     and self.ctx.tree.directories[name].kind.copies_state)

    def _snapshot_links(self, version: Version, directories: tuple[str, ...]
                        ) -> tuple[tuple[str, str | None], ...]:
        """(entry path, its page or None) of each snapshot entry the version's commit added."""
        return tuple((path, self.ctx.layout.page_of(path)) for path in version.added
                     if path.split("/", 1)[0] in directories)

    def _page(self, state: StateFile, history: FileTimeline, pages: list[_HistoryPage],
              position: int, part: _HistoryPage, snapshots: tuple[str, ...],
              own: str | None) -> Page:
        count = len(history.versions)
        numbered = self.numbers[state.path]
        repo_url = self.ctx.options.repo_url
        urls = self.ctx.options.directory_urls
        fragments: list[tuple[str, str]] = []
        blocks = []
        if urls is not None:
            blocks.append(html_links.placeholder(STYLE))
            fragments.append((blocks[0], STYLE))
        for version in part.versions:
            links = self._snapshot_links(version, snapshots)
            if urls is None:
                blocks.append(_version_markdown(version, numbered[version.sha], part.path,
                                                links, bool(snapshots), repo_url))
            else:
                block = _version_html(version, numbered[version.sha], part.path, links,
                                      bool(snapshots), repo_url, urls)
                word = html_links.placeholder(block)
                fragments.append((word, block))
                # The anchor in the Markdown, where MkDocs sees it: the links to a version
                # (the file's page, other history pages) are checked against it.
                blocks.append(f'<a id="{anchor(version)}"></a>\n\n{word}')
            if part.number is None:  # the front page only: it is made anew every build
                blocks[-1] += _in_changes(self.ctx, part.path, version).replace(" · ", "\n\n", 1)
        pager = _pager(self.ctx, pages, position, fragments)
        front = part.number is None
        content = render("state_history.md.j2", part.path, state=state, front=front, part=part,
                         own=own, count=count, total=history.total, blocks=blocks, pager=pager,
                         page_size=HISTORY_PAGE_SIZE, snapshots=snapshots,
                         default_cap=DEFAULT_MAX_VERSIONS, beyond=history.beyond_budget,
                         budget=_megabytes(TEXT_BUDGET))
        title = (f"{state.name}: history" if front else
                 f"{state.name}: history, versions {part.first}–{part.last}")
        # Old versions are read on their page, not found again by the site's search: what
        # a search finds is the file as it is now.
        searched_as = tuple((html, "") for html in dict.fromkeys(h for _, h in fragments))
        return Page(part.path, content, title, html=tuple(fragments), searched_as=searched_as,
                    nav_parent=own)


def _megabytes(count: int) -> str:
    return f"{count / 1_000_000:g} MB"


def _in_changes(ctx: SiteContext, page: str, version: Version) -> str:
    """' · in Changes' (its commit on the Changes page), when that page lists the version."""
    found = ctx.changes.link(page, ctx.layout.changes, version) if ctx.changes else ""
    return f" · {found}" if found else ""


def _when(version: Version) -> str:
    return version.date[:16].replace("T", " ")


def _summary(version: Version) -> str:
    """"created", "deleted", or the sections changed with their line counts."""
    if version.status == "A":
        return "created"
    if version.status == "D":
        return "deleted"
    if version.holds_credential:
        return "not shown (a credential)"
    if version.unreadable == BEYOND_BUDGET or version.previous_not_kept:
        return "not shown (beyond the budget)"
    if version.text is None or version.previous_text is None:
        return "not shown (not text)"
    changes = _changes(version)
    if not changes:
        return "no line changed"
    return ", ".join(f"{_section_name(c)} (+{c.added} −{c.removed})" for c in changes[:4]) + \
        (f", {len(changes) - 4} more" if len(changes) > 4 else "")


_CUT_BEFORE = ("Its changes are not shown: the text of the version before it is not kept (beyond "
               "the timeline's budget of the newest versions' text, or not text).")


def _section_name(change: SectionChange) -> str:
    return change.section if change.section is not None else "before the first ## heading"


def _withheld_reason(version: Version, changes: list[SectionChange]) -> str | None:
    """Why this version's text and diff are not shown, if they are not: a credential in it,
    in the version it replaced, or in its diff (the detectors run on each)."""
    held = version.credentials or version.previous_credentials
    if held:
        kinds = ", ".join(sorted({kind for kind, _ in held}))
        where = "this version" if version.credentials else "the version before it"
        return (f"{where} holds a credential ({kinds}); the check reports it as CT605. "
                "Rotate the credential: it stays in the git history.")
    diff_text = "\n".join(text for change in changes for _, text in change.lines)
    if diff_text and credentials_seen(diff_text):
        return "its changes hold a credential; the check reports it as CT605."
    return None


_CHANGES: dict[tuple[str | None, str | None], list[SectionChange]] = {}


def _changes(version: Version) -> list[SectionChange]:
    """The version's changes by section (computed once: the file's page and its history
    page both show them)."""
    if version.holds_credential or version.previous_not_kept:
        return []
    key = (version.previous_blob, version.blob)
    found = _CHANGES.get(key)
    if found is None:
        if len(_CHANGES) > 4096:
            _CHANGES.clear()
        found = _CHANGES[key] = section_changes(version.previous_text, version.text)
    return found


def _version_markdown(version: Version, number: int, page: str,
                      snapshots: tuple[tuple[str, str | None], ...], pairs: bool,
                      repo_url: str | None) -> str:
    changes = _changes(version)
    withheld = _withheld_reason(version, changes)
    url = commit_url(repo_url, version.sha)
    sha = f"[{mdtext.code(version.short)}]({url})" if url else mdtext.code(version.short)
    out = [f'<a id="{anchor(version)}"></a>', "",
           f"### Version {number}: {mdtext.inline(_when(version))}", "",
           f"{mdtext.inline(version.subject)} · by {mdtext.inline(version.author)} · "
           f"commit {sha}", ""]
    snapshot = _snapshot_markdown(version, page, snapshots, pairs)
    if snapshot:
        out += [snapshot, ""]
    if withheld:
        out += [f"*Not shown: {mdtext.inline(withheld)}*", ""]
        return "\n".join(out)
    if version.status == "D":
        out += ["*The file was deleted in this commit.*", ""]
        return "\n".join(out)
    if version.text is None:
        out += [f"*The text of this version is not shown: {mdtext.inline(version.unreadable)}.*",
                ""]
        return "\n".join(out)
    if version.status == "A" and version.previous_text is None:
        out += ["*The file was created in this commit.*", ""]
    elif version.previous_not_kept:
        out += [f"*{_CUT_BEFORE}*", ""]
    elif not changes:
        out += ["*No line changed (only the file's mode, or its line endings).*", ""]
    for change in changes:
        out += [f"**{mdtext.inline(_section_name(change))}** "
                f"(+{change.added} −{change.removed})", "",
                mdtext.diff_block("\n".join(f"{sign}{text}" for sign, text in change.lines)),
                ""]
    out += [f"Full text of version {number}:", "", mdtext.code_block(version.text, "text"), ""]
    return "\n".join(out)


def _snapshot_markdown(version: Version, page: str,
                       snapshots: tuple[tuple[str, str | None], ...], pairs: bool) -> str:
    if snapshots:
        return "Snapshot taken with it: " + ", ".join(
            mdtext.link(path, page, target) for path, target in snapshots)
    if pairs and version.status == "M":
        return "**No snapshot entry in this commit** (CT305: the state it replaced was not saved)."
    return ""


#: How added and removed lines look, once a page: whole-width bands, tinted, their text not
#: struck out (the signs say it); here, since a theme styles neither.
STYLE = ("<style>.continuity-diff ins,.continuity-diff del{display:block;text-decoration:none}"
         ".continuity-diff ins{background:rgba(46,160,67,.18)}"
         ".continuity-diff del{background:rgba(248,81,73,.18)}</style>")


def _text(value: object) -> str:
    """A value from the tree as HTML text keeping its spaces: redacted, then escaped."""
    return html.escape(mdtext.raw(value), quote=True)


def _version_html(version: Version, number: int, page: str,
                  snapshots: tuple[tuple[str, str | None], ...], pairs: bool,
                  repo_url: str | None, urls: bool) -> str:
    changes = _changes(version)
    withheld = _withheld_reason(version, changes)
    url = commit_url(repo_url, version.sha)
    sha = html_links.code(version.short)
    if url:
        sha = f'<a href="{html.escape(url, quote=True)}">{sha}</a>'
    out = ['<div class="continuity-version">',
           f"<h3>Version {number}: {html_links.text(_when(version))}</h3>",
           f"<p>{html_links.text(version.subject)} · by {html_links.text(version.author)} · "
           f"commit {sha}</p>"]
    if snapshots:
        out.append("<p>Snapshot taken with it: " + ", ".join(
            html_links.link(path, page, target, urls) for path, target in snapshots) + "</p>")
    elif pairs and version.status == "M":
        out.append('<p class="continuity-no-snapshot"><strong>No snapshot entry in this '
                   "commit</strong> (CT305: the state it replaced was not saved).</p>")
    if withheld:
        out.append(f'<p class="continuity-withheld"><em>Not shown: '
                   f"{html_links.text(withheld)}</em></p>")
    elif version.status == "D":
        out.append("<p><em>The file was deleted in this commit.</em></p>")
    elif version.text is None:
        out.append("<p><em>The text of this version is not shown: "
                   f"{html_links.text(version.unreadable)}.</em></p>")
    else:
        if version.status == "A" and version.previous_text is None:
            out.append("<p><em>The file was created in this commit.</em></p>")
        elif version.previous_not_kept:
            out.append(f"<p><em>{_CUT_BEFORE}</em></p>")
        elif not changes:
            out.append("<p><em>No line changed (only the file's mode, or its line "
                       "endings).</em></p>")
        for change in changes:
            out.append(f"<p><strong>{html_links.text(_section_name(change))}</strong> "
                       f"(+{change.added} −{change.removed})</p>")
            body = "".join(f"<ins>+{_text(text)}\n</ins>" if sign == "+" else
                           f"<del>-{_text(text)}\n</del>" for sign, text in change.lines)
            out.append(f'<pre class="continuity-diff"><code>{body}</code></pre>')
        lines = len(split_lines(version.text))
        # The detectors found no credential in this text (else it is withheld, above), so
        # redacting it again would find none: escaped only.
        out.append(f"<details><summary>Full text of version {number} "
                   f"({plural(lines, 'line')})</summary>"
                   f"<pre><code>{html.escape(version.text, quote=True)}</code></pre></details>")
    out.append("</div>")
    return "\n".join(out)


def _pager(ctx: SiteContext, pages: list[_HistoryPage], position: int,
           fragments: list[tuple[str, str]]) -> Pager:
    """The index pages' own pager (Newest, F … 1, newer / older), over the history pages."""
    return index_pager(ctx, [IndexPage(p.path, [], p.number) for p in pages], position,
                       fragments)
