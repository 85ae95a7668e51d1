"""The site generator: the memory-tree model in, Markdown pages out. It knows nothing of MkDocs.

``generate(tree, check_result, provenance, options)`` returns a :class:`Site`: every page of
the site as plain data (a path relative to the site's docs root, Markdown, a title, whether it
belongs in the navigation) and the non-Markdown files to copy. The MkDocs plugin adds them to a
build in memory; ``continuity generate --out DIR`` writes them to disk.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from continuity.formats.secrets import redact_credentials
from continuity.generator import assets, mdtext
from continuity.generator.changes_page import ChangesIndex, changes_page, latest_tag
from continuity.generator.collection_page import CollectedRoot, collection_page
from continuity.generator.context import GenerateOptions, RootLink, SiteContext
from continuity.generator.document_pages import linked_pages
from continuity.generator.entry_pages import entry_pages
from continuity.generator.feed import feed_file
from continuity.generator.index_pages import directory_pages, state_pages
from continuity.generator.layout import visible
from continuity.generator.list_pages import list_pages
from continuity.generator.living import living_section
from continuity.generator.memo import PageMemo
from continuity.generator.shape import FileList, SiteShape, shape_of
from continuity.generator.site import Page, Site, StaticFile
from continuity.generator.state_history import RecentChange, StateHistory, recent_changes, recent_markdown
from continuity.generator.summary_pages import findings_page, home_page, ledger_page, notes_page
from continuity.generator.tags_page import tags_page
from continuity.generator.untracked import withhold_untracked
from continuity.generator.withhold import RULE as REDACTING_RULE
from continuity.generator.withhold import credential_holders, withhold_credentials
from continuity.history.provenance import CommitRef, added_commits
from continuity.history.versions import Timeline
from continuity.model.tree import MemoryTree
from continuity.model.workspace import is_collection
from continuity.validators.engine import CheckResult

__all__ = ["CommitRef", "FileList", "GenerateOptions", "Page", "RootPart", "Site", "SiteShape",
           "StaticFile", "added_commits", "generate", "generate_roots"]


def generate(tree: MemoryTree, check_result: CheckResult, provenance: dict[str, CommitRef],
             options: GenerateOptions | None = None, memo: PageMemo | None = None,
             shape: SiteShape | None = None, timeline: Timeline | None = None,
             recent: Sequence[RecentChange] = ()) -> Site:
    """Every page of the site, in navigation order.

    Every value from the tree is redacted as it is written (:func:`mdtext.raw`), unless the
    tree turned CT601 off; every page then passes :func:`withhold_credentials`. ``memo``:
    the pages of a previous generation, reused where made from the same inputs. ``shape``:
    what the root's convention adds (its living files, its timelines: generator/shape.py).
    ``timeline``: the living files' versions (the state timeline, generator/state_history.py);
    ``recent``: the latest of them across roots, for the home page.
    """
    ctx = SiteContext(tree, check_result, provenance, options or GenerateOptions(), memo)
    shape = shape if shape is not None else shape_of(tree)
    with mdtext.redaction(REDACTING_RULE in check_result.rules):
        history = StateHistory(ctx, timeline) if timeline else None
        ctx.history = history
        changes = ChangesIndex(timeline, latest_tag(tree.root)) if timeline else None
        ctx.changes = changes
        pages: list[Page] = [home_page(ctx, shape, recent_markdown(
            recent, ctx.layout.home, ctx.options.repo_url))]
        pages.extend(state_pages(ctx))
        if history is not None:
            pages.extend(history.pages())
        linked, linked_copies = linked_pages(ctx, frozenset(shape.living))
        pages.extend(page for page in linked if page.in_nav)  # living files: state pages
        pages.extend(list_pages(ctx, shape))
        pages.extend(directory_pages(ctx))
        for optional in (ledger_page(ctx), notes_page(ctx)):
            if optional is not None:
                pages.append(optional)
        if ctx.options.tags_page:
            tags = tags_page(ctx)
            if tags is not None:
                pages.append(tags)
        pages.append(findings_page(ctx))
        changed = changes_page(ctx, changes) if changes is not None else None
        if changed is not None:
            pages.append(changed)
        entries, copies = entry_pages(ctx)
        feed = feed_file(ctx, ctx.options.site_url, ctx.options.title) \
            if ctx.options.feed and ctx.options.site_url else None
        if feed is not None:
            copies.append(feed)
        pages.extend(entries)
        pages.extend(page for page in linked if not page.in_nav)
        copies.extend(linked_copies)
        site = withhold_untracked(Site(tuple(pages), tuple(copies)), tree)
        return withhold_credentials(site, check_result, tree.root, tree)


@dataclass(frozen=True)
class RootPart:
    """One memory root of a nested site with what its pages are made from."""

    tree: MemoryTree
    check: CheckResult
    provenance: dict[str, CommitRef]
    shape: SiteShape | None = None  # None: shape_of(tree)
    timeline: Timeline | None = None  # the state timeline's versions, when git gave them


def _folder(prefix: str, relative: str, top: Path | None = None) -> str:
    """A root's folder on the site: its path below the top root, under the site's prefix; for
    any engine (``generate``, ``top`` given: the folder ``relative`` is read from) with no
    dot-named folder in it (layout.visible)."""
    shown = visible(relative, top) if top is not None else relative
    return "/".join(part for part in (prefix.strip("/"), shown) if part and part != ".")


def generate_roots(parts: Sequence[RootPart], options: GenerateOptions | None = None,
                   memo: PageMemo | None = None) -> Site:
    """The site of a memory root (``parts[0]``) and the roots below it (the protocol's nesting).

    Each child root's pages sit under its own folder, its path below the top root, so the
    relative links between the roots' files resolve; its home page links up to its parent's
    and every home page lists the roots directly below it. Only the top root's pages are in
    the navigation: it stays as small as one root's, however many roots there are.
    """
    options = options or GenerateOptions()
    top = parts[0].tree.root
    # A child root's folder names its pages' URLs, titles and links: a credential in it
    # (CT601) is redacted there.
    relative = {p.tree.root: redact_credentials(Path(os.path.relpath(p.tree.root, top))
                                                .as_posix()) for p in parts}
    relative[top] = "."
    base = top if options.portable else None  # pages for any engine: no dot-named folder
    homes = {root: posixpath.join(_folder(options.prefix, rel, base), "index.md")
             for root, rel in relative.items()}
    links = {p.tree.root: RootLink(relative[p.tree.root] if p.tree.root != top else top.name,
                                   homes[p.tree.root],
                                   p.check.errors, p.check.warnings) for p in parts}
    pages: list[Page] = []
    copies: list[StaticFile] = []
    taken: set[str] = set()
    folders = {p.tree.root: _folder(options.prefix, relative[p.tree.root], base) for p in parts}
    top_children = {top / child for child in parts[0].tree.children}
    collected = is_collection(parts[0].tree)
    roots_shown: list[CollectedRoot] = []
    for index, part in enumerate(parts):
        root = part.tree.root
        if index == 0 and collected:  # a folder of roots: its one page is the list of them
            taken.add(homes[root])
            continue
        children = [root / child for child in part.tree.children]
        children = [child for child in children if child in links]
        parent = next((links[p.tree.root] for p in parts for child in p.tree.children
                       if p.tree.root / child == root), None)
        if collected and root in top_children:  # a section of the site: the navigation says so
            parent = None
        own = replace(
            options, prefix=_folder(options.prefix, relative[root], base),
            title=options.title if index == 0 else f"Memory: {relative[root]}",
            children=tuple(links[c] for c in children), parent=parent,
            reserved=tuple(homes[c] for c in children))
        below = [(folders[p.tree.root], relative[p.tree.root], p.timeline) for p in parts
                 if p.timeline and (p.tree.root == root or root in p.tree.root.parents)]
        site = generate(part.tree, part.check, part.provenance, own, memo, part.shape,
                        part.timeline, recent_changes(below))
        # In a folder of roots, each root directly below it is a section of the navigation.
        section = relative[root] if collected and root in top_children else None
        if section is not None:
            sources = {page.source: page.path for page in site.pages if page.source}
            roots_shown.append(CollectedRoot(
                relative[root], homes[root], part.tree.convention.title
                if part.tree.convention is not None else None, part.check.files,
                part.check.errors, part.check.warnings,
                living_section(part.tree, sources, _holders(part))))
        for page in site.pages:
            if page.path in taken:
                continue  # a page another root already has (never a tree file of this root)
            taken.add(page.path)
            if index:  # its source named from the top root; out of the navigation
                source = posixpath.join(relative[root], page.source) if page.source else None
                page = replace(page, in_nav=page.in_nav and section is not None,
                               nav_section=section, source=source,
                               title="Overview" if page.path == homes[root] else page.title)
            pages.append(page)
        copies.extend(c for c in site.static_files if c.path not in taken)
        taken.update(c.path for c in site.static_files)
    style = assets.stylesheet(options.prefix)
    if style.path not in taken:
        copies.append(style)
    if collected:
        pages.insert(0, collection_page(homes[top], options.title, roots_shown))
    return Site(tuple(pages), tuple(copies))


def _holders(part: RootPart) -> frozenset[str]:
    """The files of a root that hold a credential: their cards show their names alone."""
    return frozenset({path for path, _ in credential_holders(part.tree)}
                     | {d.root_path for d in part.check.diagnostics if d.code == REDACTING_RULE})
