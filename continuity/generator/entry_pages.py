"""A page for every entry: metadata, findings, mesh links, provenance, previous and next."""

from __future__ import annotations

import functools
import os
from dataclasses import astuple, dataclass, field
from typing import Any

from continuity.formats.textfile import TextRead
from continuity.generator import html_links, mdtext
from continuity.generator.context import EntryRow, SiteContext
from continuity.generator.deadlinks import DEAD_LINK_CODES, mark_dead_links
from continuity.generator.entry_facts import (
    fact_items,
    footer_line,
    html_markup,
    markdown_markup,
    metadata_value,
    table_cells,
)
from continuity.generator.portable import (
    break_directives,
    close_open_fence,
    open_fence,
    portable_markdown,
    unlinked_in_fences_read_as_text,
)
from continuity.generator.published_links import point_links
from continuity.generator.render import render
from continuity.generator.renderable import unrenderable
from continuity.generator.safety import neutralise_markdown
from continuity.generator.site import Page, StaticFile
from continuity.generator.snapshots import compare
from continuity.history.provenance import CommitRef
from continuity.model.kinds import DirectoryKind
from continuity.model.tree import HistoryEntry, TreeFile
from continuity.validators.diagnostics import Diagnostic

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


def _in_docs(ctx: SiteContext, root_relative: str) -> bool:
    """Whether a path from the root names a file of the documentation the plugin builds the
    memory site into (MkDocs publishes it)."""
    docs = ctx.options.docs_root
    target = os.path.normpath(os.path.join(ctx.tree.root, root_relative))
    return docs is not None and target.startswith(str(docs).rstrip(os.sep) + os.sep) \
        and os.path.isfile(target)


def published_outside(ctx: SiteContext, above_root: str) -> bool:
    """Whether a path above the memory root (``../README.md``) is a file the site publishes
    all the same: one of the documentation the plugin builds the memory site into."""
    return _in_docs(ctx, above_root)


def unpublished_in_root(ctx: SiteContext, root_path: str) -> bool:
    """Whether a file inside the root (by its name: a folder is left alone) is published by
    nothing: no page or copy of the site's, and no file of the documentation the plugin
    builds into (which holds the root when the root is the docs folder). With ``generate``
    (no docs folder) the pages go where the user puts them: nothing is said unpublished."""
    name = root_path.rsplit("/", 1)[-1]
    if "." not in name.strip(".") or ctx.options.docs_root is None or \
            ctx.layout.page_of(root_path) is not None or \
            ctx.layout.copy_path(root_path) is not None:
        return False
    return not _in_docs(ctx, root_path)


def tree_markdown(ctx: SiteContext, text: str, source: str | None = None,
                  line_offset: int = 0, findings: list[Diagnostic] | None = None) -> str:
    """Markdown from the tree as a page embeds it: its dead links marked (``source`` is the
    file, ``text`` its lines from ``line_offset + 1``; not in portable pages, which show raw
    HTML as text), redacted (on the raw text, before any escaping), then neutralised (for any
    engine, with ``generate``), with any fence it leaves open closed; or shown as text when no
    Markdown engine could read it in bounded time."""
    if source is not None and not ctx.options.portable:
        found = ctx.findings_for(source) if findings is None else findings
        # A body shown as text keeps its links as written: marking them first would only
        # multiply what is escaped (40,000 dead links made a 17 MB page of markup as text).
        if not any(d.code in DEAD_LINK_CODES for d in found) or \
                unrenderable(break_directives(mdtext.raw(text))) is None:
            text = mark_dead_links(text, line_offset, found)
    if source is not None:
        text = point_links(text, line_offset, source, ctx.layout.page_of(source),
                           functools.partial(page_elsewhere, ctx),
                           functools.partial(published_outside, ctx), ctx.options.portable,
                           functools.partial(unpublished_in_root, ctx))
    text = break_directives(mdtext.raw(text))
    reason = unrenderable(text)
    if reason is not None:
        return f"*Shown as text: {reason}.*\n\n" + mdtext.code_block(text, "text")
    if ctx.options.portable:
        return portable_markdown(text) if ctx.options.sanitize_html else \
            close_open_fence(text, open_fence(text))
    text = unlinked_in_fences_read_as_text(text)
    if not ctx.options.sanitize_html:
        return close_open_fence(text, open_fence(text))
    neutral = neutralise_markdown(text)
    return close_open_fence(neutral, open_fence(neutral))


def _body_of(ctx: SiteContext, entry: HistoryEntry, title: str,
             findings: list[Diagnostic]) -> tuple[str, str]:
    """(heading, body) of a Markdown entry."""
    document = entry.document
    if document is None:
        reason = entry.file.read.error if entry.file.read else "a link leaving the repository"
        heading = f"# {mdtext.inline(entry.name)}"
        return heading, f"*This file is not shown: {mdtext.inline(reason)}.*"
    front = document.frontmatter
    offset = front.end_line if front.present and front.end_line > 0 else 0
    body = "\n".join(document.text.split("\n")[offset:]) if offset else document.text
    heading, rest = split_heading(tree_markdown(ctx, body, entry.path, offset, findings), title)
    if title != entry.title:  # the template's generic heading: say which entry this is
        heading = f"# {mdtext.inline(title)}"
    return heading, rest


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


def data_body(name: str, read: TextRead) -> str:
    """What the page of a living file of data (Task Master's tasks.json) shows: its text as a
    highlighted block, when it is small enough to read on a page."""
    if read.text is None or read.size > SHOWN_TEXT_LIMIT:
        return (f"*A data file of {read.size // 1024:,} kB, too long to show here; its "
                "versions are below.*")
    extension = name.rsplit(".", 1)[-1].lower()
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
        heading, body = _body_of(ctx, entry, made.title, list(made.findings.diagnostics))
    else:
        heading = f"# {mdtext.inline(entry.name)}"
        body = artifact_body(entry.name, entry.file.read, page, copy) if inert(entry.name) \
            else active_body(entry.name, entry.file.read)
    snapshot = None
    if made.kind.copies_state and entry.name.endswith(".md"):
        snapshot = compare(made.previous_snapshot, entry, made.previous_snapshot_page)
    indexed_by = list(made.indexed_by)
    urls = ctx.options.directory_urls
    commit_url = ctx.options.commit_url(made.added.sha if made.added else None)
    markup = markdown_markup(page) if urls is None else html_markup(page, urls)
    items = fact_items(markup, entry, made.directory_page, made.added, made.show_provenance,
                       indexed_by, copy, made.size, commit_url)
    cells = table_cells(markup, front_of(entry))
    table = markup.table(cells) if cells else ""
    listing = markup.listing(items)
    footer = footer_line(markup, entry, made.directory_page, made.previous, made.next)
    fragments: tuple[tuple[str, str], ...] = ()
    searched_as: tuple[tuple[str, str], ...] = ()
    closing = ""
    if urls is None:
        facts = f"{table}\n\n{listing}" if table else listing
        shown_footer: str | None = footer
    else:
        html = f"{table}\n{listing}" if table else listing
        # The rule and the previous / next links close the page, after its rendered Markdown:
        # no placeholder for Python-Markdown to parse. The facts' placeholder names both.
        closing = f"<hr>\n<p>{footer}</p>"
        facts = html_links.placeholder(html, closing)
        fragments = ((facts, html),)
        searched_as = ((listing, ""), (closing, ""))
        if table:
            searched = " · ".join(f"{html_links.text(key)}: {metadata_value(value, markup.cell)}"
                                  for key, value in front_of(entry))
            searched_as += ((table, f"<p>{searched}</p>"),)
        shown_footer = None
    content = render(
        "entry.md.j2", page,
        entry=entry, heading=heading, body=body, findings=list(made.findings.diagnostics),
        snapshot=snapshot, facts=facts, footer=shown_footer,
    )
    return Page(page, content, made.title, in_nav=False,
                holds_tree_markdown=entry.name.endswith(".md"), source=entry.path,
                html=fragments, closing_html=closing, searched_as=searched_as,
                nav_parent=made.directory_page)
