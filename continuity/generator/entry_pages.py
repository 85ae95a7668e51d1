"""A page for every entry: metadata, findings, mesh links, provenance, previous and next."""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable
from dataclasses import astuple, dataclass, field
from typing import Any

from continuity.history.provenance import CommitRef
from continuity.model.kinds import DirectoryKind
from continuity.formats.textfile import TextRead
from continuity.model.tree import HistoryEntry, TreeFile
from continuity.validators.diagnostics import Diagnostic
from continuity.generator import html_links, mdtext
from continuity.generator.context import EntryRow, SiteContext
from continuity.generator.deadlinks import mark_dead_links
from continuity.generator.published_links import point_links
from continuity.generator.render import render
from continuity.generator.renderable import unrenderable
from continuity.generator.portable import (break_directives, close_open_fence, open_fence,
                                           portable_markdown)
from continuity.generator.safety import neutralise_markdown
from continuity.generator.snapshots import compare
from continuity.generator.site import Page, StaticFile

#: Text files up to this size are shown in full on their entry page.
SHOWN_TEXT_LIMIT = 64 * 1024
#: Images a browser only ever displays: shown on the page and copied as they are. SVG is not
#: one of them: opened by itself, an SVG file runs its scripts.
IMAGE_EXTENSIONS = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".bmp", ".ico")
#: Other files copied as they are (for download): types no browser runs. Anything else (HTML,
#: SVG, XML, JavaScript, unknown types a browser may sniff as HTML) is never published as a
#: file; its page shows its text, escaped.
INERT_EXTENSIONS = IMAGE_EXTENSIONS + (
    ".txt", ".log", ".csv", ".tsv", ".json", ".jsonl", ".yaml", ".yml", ".toml", ".ini", ".cfg",
    ".py", ".sh", ".diff", ".patch", ".pdf", ".zip", ".gz", ".tgz", ".tar", ".bz2", ".xz",
    ".7z", ".parquet", ".sqlite", ".db", ".bin", ".npy", ".npz", ".pkl", ".pt", ".onnx",
)
CODE_LANGUAGES = {"json": "json", "jsonl": "json", "yaml": "yaml", "yml": "yaml", "py": "python",
                  "sh": "bash", "toml": "toml", "csv": "text", "txt": "text", "log": "text",
                  "diff": "diff", "html": "html", "xml": "xml"}


@dataclass(frozen=True)
class CellMarkup:
    """How a frontmatter value is written into a table cell: in Markdown (for any engine) or
    in HTML (the plugin's entry facts, see :mod:`.html_links`)."""

    empty: str
    empty_list: str
    code: Callable[[str], str]
    text: Callable[[Any], str]


MARKDOWN_CELL = CellMarkup("*(empty)*", "*(empty list)*", mdtext.code, mdtext.inline)
HTML_CELL = CellMarkup("<em>(empty)</em>", "<em>(empty list)</em>", html_links.code,
                       html_links.text)


def metadata_value(value: Any, markup: CellMarkup = MARKDOWN_CELL) -> str:
    """A frontmatter value as the text of one table cell."""
    if value is None:
        return markup.empty
    if isinstance(value, list):
        return ", ".join(metadata_value(item, markup) for item in value) or markup.empty_list
    if isinstance(value, dict):
        return markup.code(json.dumps(value, ensure_ascii=False))
    return markup.text(value) or markup.empty


@dataclass(frozen=True)
class EntryFacts:
    """What an entry page says about the entry, as HTML (see :func:`facts_html`)."""

    table: str  # the frontmatter table; "" without frontmatter
    table_searched_as: str  # its fields and values as one paragraph, for the search index
    listing: str  # directory, added, indexed by, file

    @property
    def html(self) -> str:
        return f"{self.table}\n{self.listing}" if self.table else self.listing


def facts_html(page: str, entry: HistoryEntry, front: list[tuple[str, Any]],
               directory_page: str | None, added: Any, show_provenance: bool,
               indexed_by: list[tuple[str, str | None]], copy: str | None, size: int,
               directory_urls: bool, commit_url: str | None = None) -> EntryFacts:
    """The metadata table and the directory / added / indexed-by / file list, as HTML with
    the URLs MkDocs would write (the same elements Python-Markdown makes of entry.md.j2's)."""
    def link(label: object, target: str | None) -> str:
        return html_links.link(label, page, target, directory_urls)

    table = searched = ""
    if front:
        cells = [(html_links.text(key), metadata_value(value, HTML_CELL)) for key, value in front]
        rows = "".join(f"<tr>\n<td><code>{key}</code></td>\n<td>{value}</td>\n</tr>\n"
                       for key, value in cells)
        table = ("<table>\n<thead>\n<tr>\n<th>Field</th>\n<th>Value</th>\n</tr>\n"
                 f"</thead>\n<tbody>\n{rows}</tbody>\n</table>")
        searched = "<p>" + " · ".join(f"{key}: {value}" for key, value in cells) + "</p>"
    items = [f"<strong>Directory:</strong> {link(entry.directory + '/', directory_page)}"]
    if show_provenance:
        commit = html_links.code(added.short) if added else ""
        if added and commit_url:
            commit = f'<a href="{html_links.text(commit_url)}">{commit}</a>'
        when = (f"{html_links.text(added.date)} in commit {commit}"
                if added else "not in any commit yet")
        items.append(f"<strong>Added:</strong> {when}")
    if indexed_by:
        listed = ", ".join(link(name, target) for name, target in indexed_by)
        items.append(f"<strong>Indexed by:</strong> {listed}")
    else:
        items.append("<strong>Indexed by:</strong> no state file (an orphan directory)")
    if copy:
        unit = "byte" if size == 1 else "bytes"
        items.append(f"<strong>File:</strong> {link(entry.name, copy)} ({size} {unit})")
    listing = "<ul>\n" + "".join(f"<li>{item}</li>\n" for item in items) + "</ul>"
    return EntryFacts(table, searched, listing)


def footer_html(page: str, entry: HistoryEntry, directory_page: str | None, previous: Any,
                next: Any, directory_urls: bool) -> str:
    """The previous / next line, as HTML (see :func:`facts_html`)."""
    def link(label: object, target: str | None) -> str:
        return html_links.link(label, page, target, directory_urls)

    shown = []
    if previous:
        shown.append(link("← " + (previous.date + ": " if previous.date else "")
                          + previous.title, previous.page))
    if next:
        shown.append(link((next.date + ": " if next.date else "") + next.title + " →",
                          next.page))
    if not shown:
        return f"<p>The only entry in {link(entry.directory + '/', directory_page)}.</p>"
    return "<p>" + " · ".join(shown) + "</p>"


def split_heading(body: str, fallback_title: str) -> tuple[str, str]:
    """The page's H1 line and the rest: the body's own H1 when it opens the body."""
    lines = body.split("\n")
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        if line.startswith("# "):
            return line.rstrip(), "\n".join(lines[index + 1:]).strip("\n")
        break
    return f"# {mdtext.inline(fallback_title)}", body.strip("\n")


def inert(name: str) -> bool:
    """Whether a file of this name may be published as it is: no browser runs it."""
    return name.lower().endswith(INERT_EXTENSIONS)


def copied(tree_file: TreeFile) -> bool:
    """Whether a file that is not Markdown is published as it is (beside its page)."""
    return tree_file.read is not None and tree_file.read.raw is not None \
        and inert(tree_file.path)


def page_elsewhere(ctx: SiteContext, root_path: str) -> str | None:
    """The page of a tree file that the site publishes at another address than the file's
    own (an HTML file shown as text, a linked README.md); None when a link to the file as
    written reaches it (its page, or its copy, is at its path) or nothing publishes it."""
    page = ctx.layout.page_of(root_path)
    own = ctx.layout.prefix + root_path
    if page is None or page == own:
        return None
    copy = ctx.layout.copy_path(root_path)
    if copy == own and copied(ctx.tree_file(root_path)):
        return None
    return page


def published_outside(ctx: SiteContext, above_root: str) -> bool:
    """Whether a path above the memory root (``../README.md``) is a file the site publishes
    all the same: one of the documentation the plugin builds the memory site into."""
    docs = ctx.options.docs_root
    if docs is None:
        return False
    target = os.path.normpath(os.path.join(ctx.tree.root, above_root))
    return target.startswith(str(docs).rstrip(os.sep) + os.sep) and os.path.isfile(target)


def tree_markdown(ctx: SiteContext, text: str, source: str | None = None,
                  line_offset: int = 0, findings: list[Diagnostic] | None = None) -> str:
    """Markdown from the tree as a page embeds it: its dead links marked (``source`` is the
    file, ``text`` its lines from ``line_offset + 1``; not in portable pages, which show raw
    HTML as text), redacted (on the raw text, before any escaping), then neutralised (for any
    engine, with ``generate``), with any fence it leaves open closed; or shown as text when no
    Markdown engine could read it in bounded time."""
    if source is not None and not ctx.options.portable:
        text = mark_dead_links(text, line_offset,
                               ctx.findings_for(source) if findings is None else findings)
    if source is not None:
        text = point_links(text, line_offset, source, ctx.layout.page_of(source),
                           functools.partial(page_elsewhere, ctx),
                           functools.partial(published_outside, ctx), ctx.options.portable)
    text = break_directives(mdtext.raw(text))
    reason = unrenderable(text)
    if reason is not None:
        return f"*Shown as text: {reason}.*\n\n" + mdtext.code_block(text, "text")
    if not ctx.options.sanitize_html:
        return close_open_fence(text, open_fence(text))
    if ctx.options.portable:
        return portable_markdown(text)
    neutral = neutralise_markdown(text)
    return close_open_fence(neutral, open_fence(neutral))


def _body_of(ctx: SiteContext, entry: HistoryEntry, title: str,
             findings: list[Diagnostic]) -> tuple[str, str, list[tuple[str, str]]]:
    """(heading, body, metadata rows) for a Markdown entry."""
    document = entry.document
    if document is None:
        reason = entry.file.read.error if entry.file.read else "a link leaving the repository"
        heading = f"# {mdtext.inline(entry.name)}"
        return heading, f"*This file is not shown: {mdtext.inline(reason)}.*", []
    front = document.frontmatter
    offset = front.end_line if front.present and front.end_line > 0 else 0
    body = "\n".join(document.text.split("\n")[offset:]) if offset else document.text
    heading, rest = split_heading(tree_markdown(ctx, body, entry.path, offset, findings), title)
    if title != entry.title:  # the template's generic heading: say which entry this is
        heading = f"# {mdtext.inline(title)}"
    metadata = [(key, metadata_value(value)) for key, value in front.data.items()]
    return heading, rest, metadata


def front_of(entry: HistoryEntry) -> list[tuple[str, Any]]:
    """An entry's frontmatter fields, as written (none for a file that is not Markdown)."""
    if not entry.name.endswith(".md") or entry.document is None:
        return []
    return list(entry.document.frontmatter.data.items())


def artifact_body(name: str, read: TextRead | None, page: str, copy: str | None) -> str:
    """What the page of a file that is not Markdown shows: the image, or the text when it
    is small (``copy``: where the file is published as it is)."""
    if copy is None or read is None:
        reason = (read.error if read else None) or "a link leaving the repository"
        return f"*This file is not published: {mdtext.inline(reason)}.*"
    extension = name.rsplit(".", 1)[-1].lower()
    if name.lower().endswith(IMAGE_EXTENSIONS):
        return f"![{mdtext.inline(name)}]({mdtext.relative(page, copy)})"
    if read.text is None:
        return f"*A binary file ({read.error}); {mdtext.link('download it', page, copy)}.*"
    if read.size > SHOWN_TEXT_LIMIT:
        return f"*A text file too long to show here; {mdtext.link('open it', page, copy)}.*"
    return "## Content\n\n" + mdtext.code_block(read.text, CODE_LANGUAGES.get(extension, "text"))


def active_body(name: str, read: TextRead | None) -> str:
    """What the page of a file a browser would run (HTML, SVG...) shows: its text, escaped."""
    reason = "a file type a browser runs (HTML, SVG, script) is never published as a file"
    if read is None or read.text is None or read.size > SHOWN_TEXT_LIMIT:
        return f"*This file is not published: {reason}.*"
    extension = name.rsplit(".", 1)[-1].lower()
    return (f"*Its source is shown as text: {reason}.*\n\n## Content\n\n"
            + mdtext.code_block(read.text, CODE_LANGUAGES.get(extension, "text")))


def entry_pages(ctx: SiteContext) -> tuple[list[Page], list[StaticFile]]:
    pages: list[Page] = []
    copies: list[StaticFile] = []
    show_provenance = bool(ctx.provenance)
    for name, directory in ctx.tree.directories.items():
        directory_kind = directory.kind
        ordered = ctx.ordered(name)
        directory_page = ctx.layout.directory_page(name)
        indexed_by = tuple((state.name, ctx.layout.page_of(state.path))
                           for state in ctx.indexed_by(name))
        previous_snapshot: HistoryEntry | None = None
        for position, entry in enumerate(ordered):
            page = ctx.layout.entry_page(entry)
            copy = ctx.layout.copy_of(entry)
            raw = entry.file.read.raw if entry.file.read is not None else None
            if copy is not None and raw is not None and inert(entry.name):
                copies.append(StaticFile(copy, entry.file.abspath, raw))
            else:
                copy = None
            added = ctx.provenance.get(entry.path)
            size = entry.file.read.size if entry.file.read else 0
            previous = ctx.row(ordered[position - 1]) if position > 0 else None
            following = ctx.row(ordered[position + 1]) if position + 1 < len(ordered) else None
            snapshot_of = None
            if directory_kind.copies_state and entry.name.endswith(".md"):
                snapshot_of = previous_snapshot
                previous_snapshot = entry
            made = EntryPageInputs(
                entry=entry, kind=directory_kind, page=page, title=ctx.title(entry),
                findings=as_shown(ctx.findings_for(entry.path)), directory_page=directory_page,
                show_provenance=show_provenance, added=added, indexed_by=indexed_by,
                copy=copy, size=size, previous=previous, next=following,
                previous_snapshot=snapshot_of,
                previous_snapshot_page=ctx.layout.entry_page(snapshot_of) if snapshot_of else None)
            if ctx.memo is None:
                pages.append(entry_page(ctx, made))
            else:
                key = ("entry", str(ctx.tree.root), page)
                inputs = (made, ctx.options, mdtext.redacting())
                pages.append(ctx.memo.get(key, inputs, functools.partial(entry_page, ctx, made)))
    return pages, copies


@dataclass(frozen=True)
class ShownFindings:
    """Findings as a page shows them, equal only when every field is: a Diagnostic itself
    compares by place and code alone (for sorting), so a finding whose message changed (a
    commit makes "uncommitted" into "in commit X") would look the same."""

    diagnostics: tuple[Diagnostic, ...] = field(compare=False)
    shown: tuple[tuple[Any, ...], ...]


def as_shown(findings: list[Diagnostic]) -> ShownFindings:
    return ShownFindings(tuple(findings), tuple(astuple(d) for d in findings))


@dataclass(frozen=True)
class EntryPageInputs:
    """Everything an entry's page is made from: equal inputs, the same page (generator/memo.py).
    Besides these, only the site's options and whether values are redacted."""

    entry: HistoryEntry
    kind: DirectoryKind  # its directory's
    page: str
    title: str  # the entry's distinct title (SiteContext.title)
    findings: ShownFindings
    directory_page: str | None
    show_provenance: bool
    added: CommitRef | None
    indexed_by: tuple[tuple[str, str | None], ...]  # (state file's name, its page)
    copy: str | None  # the published copy of a file that is not Markdown
    size: int
    previous: EntryRow | None
    next: EntryRow | None
    previous_snapshot: HistoryEntry | None  # snapshots/: the one compared with
    previous_snapshot_page: str | None


def entry_page(ctx: SiteContext, made: EntryPageInputs) -> Page:
    """The page of one entry, from its inputs alone (and the options in ``ctx``)."""
    entry, page, copy = made.entry, made.page, made.copy
    if entry.name.endswith(".md"):
        heading, body, metadata = _body_of(ctx, entry, made.title, list(made.findings.diagnostics))
    else:
        heading = f"# {mdtext.inline(entry.name)}"
        body = artifact_body(entry.name, entry.file.read, page, copy) if inert(entry.name) \
            else active_body(entry.name, entry.file.read)
        metadata = []
    snapshot = None
    if made.kind.copies_state and entry.name.endswith(".md"):
        snapshot = compare(made.previous_snapshot, entry, made.previous_snapshot_page)
    indexed_by = list(made.indexed_by)
    urls = ctx.options.directory_urls
    commit_url = ctx.options.commit_url(made.added.sha if made.added else None)
    facts = closing = word = None
    searched_as: tuple[tuple[str, str], ...] = ()
    if urls is not None:
        shown = facts_html(page, entry, front_of(entry), made.directory_page, made.added,
                           made.show_provenance, indexed_by, copy, made.size, urls,
                           commit_url)
        facts = shown.html
        footer = footer_html(page, entry, made.directory_page, made.previous, made.next, urls)
        # The rule and the previous / next links close the page, after its rendered Markdown:
        # no placeholder for Python-Markdown to parse. The facts' placeholder names both.
        closing = f"<hr>\n{footer}"
        word = html_links.placeholder(facts, closing)
        searched_as = ((shown.listing, ""), (closing, ""))
        if shown.table:
            searched_as += ((shown.table, shown.table_searched_as),)
    content = render(
        "entry.md.j2", page,
        entry=entry, heading=heading, body=body, metadata=metadata,
        findings=list(made.findings.diagnostics), directory_page=made.directory_page,
        show_provenance=made.show_provenance, added=made.added,
        indexed_by=indexed_by, copy=copy, size=made.size, snapshot=snapshot,
        previous=made.previous, next=made.next, facts_html=word, commit_url=commit_url,
    )
    fragments = () if word is None or facts is None else ((word, facts),)
    return Page(page, content, made.title, in_nav=False,
                holds_tree_markdown=entry.name.endswith(".md"), source=entry.path,
                html=fragments, closing_html=closing or "", searched_as=searched_as,
                nav_parent=made.directory_page)
