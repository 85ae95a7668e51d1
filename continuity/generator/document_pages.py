"""Pages for the files of a root that are neither state files nor entries: those a state file
links to (a Claude Code ``MEMORY.md``'s topic files), each at its own path, so the link
resolves on the site as it does in the repository.

A Markdown file becomes a page of its text (through :func:`.entry_pages.tree_markdown`, as
every page embedding the tree's Markdown: dead links marked, redacted, neutralised, and later
sanitised and withheld when it holds a credential); any other file is shown as an artifact is
(copied beside its page when no browser runs it, its text shown otherwise).
"""

from __future__ import annotations

from dataclasses import replace

from continuity.generator import mdtext
from continuity.generator.context import SiteContext
from continuity.generator.entry_facts import metadata_value
from continuity.generator.entry_pages import (
    active_body,
    artifact_body,
    copied,
    inert,
    split_heading,
    tree_markdown,
)
from continuity.generator.render import render
from continuity.generator.site import Page, StaticFile
from continuity.model.linked import MARKDOWN_SUFFIXES
from continuity.model.tree import LinkedFile


def linked_pages(ctx: SiteContext, living: frozenset[str] = frozenset()
                 ) -> tuple[list[Page], list[StaticFile]]:
    """A page for every linked file, and the copies of those published as they are. Those
    in ``living`` (the living files of the root's convention: generator/shape.py) are state
    pages, in the navigation."""
    pages: list[Page] = []
    copies: list[StaticFile] = []
    for linked in ctx.tree.linked:
        page = ctx.layout.page_of(linked.path)
        if page is None:
            continue
        copy = ctx.layout.copy_path(linked.path)
        if copy is not None and copied(linked.file):
            copies.append(StaticFile(copy, linked.file.abspath))
        else:
            copy = None
        made = _linked_page(ctx, linked, page, copy)
        if linked.path in living:
            made = replace(made, in_nav=True, nav_section="State files", nav_parent=None)
        pages.append(made)
    return pages, copies


def _linked_page(ctx: SiteContext, linked: LinkedFile, page: str, copy: str | None) -> Page:
    name = linked.path.rsplit("/", 1)[-1]
    markdown = linked.path.lower().endswith(MARKDOWN_SUFFIXES)
    metadata: list[tuple[str, str]] = []
    if not markdown:
        heading = f"# {mdtext.inline(name)}"
        read = linked.file.read
        body = artifact_body(name, read, page, copy) if inert(name) else active_body(name, read)
    elif linked.document is None:
        reason = linked.file.read.error if linked.file.read else "it could not be read"
        heading, body = f"# {mdtext.inline(name)}", \
            f"*This file is not shown: {mdtext.inline(reason)}.*"
    else:
        document = linked.document
        front = document.frontmatter
        offset = front.end_line if front.present and front.end_line > 0 else 0
        text = "\n".join(document.text.split("\n")[offset:]) if offset else document.text
        heading, body = split_heading(tree_markdown(ctx, text, linked.path, offset),
                                      linked.title)
        metadata = [(key, metadata_value(value)) for key, value in front.data.items()]
    source_page = ctx.layout.page_of(linked.linked_from)
    content = render(
        "document.md.j2", page, heading=heading, body=body, name=linked.path,
        findings=ctx.findings_for(linked.path), metadata=metadata, copy=copy,
        linked_from=linked.linked_from, linked_from_page=source_page)
    return Page(page, content, linked.title, in_nav=False, holds_tree_markdown=markdown,
                source=linked.path, nav_parent=_nav_parent(ctx, linked))


def _nav_parent(ctx: SiteContext, linked: LinkedFile) -> str | None:
    """The state file's page a linked file is reached from, through any linked files between."""
    by_path = {each.path: each for each in ctx.tree.linked}
    seen = {linked.path}
    source = linked.linked_from
    while source in by_path and source not in seen:
        seen.add(source)
        source = by_path[source].linked_from
    return ctx.layout.page_of(source)
