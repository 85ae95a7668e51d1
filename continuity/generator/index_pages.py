"""The index pages: one per state file (its content, then the entries it indexes) and one per
directory (its description, months, latest entries), each paginated from the oldest entry
(generator/paging.py), plus month archives."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from continuity.generator import charts, html_links, listings, mdtext, paging
from continuity.generator.context import EntryRow, MonthGroup, SiteContext, group_by_month, month_label
from continuity.generator.entry_facts import metadata_value
from continuity.generator.entry_pages import data_body, split_heading, tree_markdown
from continuity.generator.living import section_title, site_kind, title_of
from continuity.generator.render import render
from continuity.generator.shapes import shape as site_shape
from continuity.generator.site import Page
from continuity.model.tree import HistoryEntry, MemoryDirectory, StateFile

#: Months the activity chart spans, filled with zeros between entries; the dates are the
#: tree's, so a far one (9999-12-31) must not make it a hundred thousand bars.
MAX_MONTHS = 600


def activity_points(entries: list[HistoryEntry]) -> list[charts.Point]:
    """Entries per month, every month from the first to the last (empty ones as zero)."""
    counts: dict[str, int] = {}
    for entry in entries:
        if entry.month and entry.real_date:
            counts[entry.month] = counts.get(entry.month, 0) + 1
    if not counts:
        return []
    first, last = min(counts), max(counts)
    year, month = int(first[:4]), int(first[5:7])
    span = (int(last[:4]) - year) * 12 + int(last[5:7]) - month + 1
    if span > MAX_MONTHS:  # an entry dated 9999-12-31: the months that have entries only
        return [charts.Point(key, counts[key]) for key in sorted(counts)]
    points = []
    while f"{year:04d}-{month:02d}" <= last:
        key = f"{year:04d}-{month:02d}"
        points.append(charts.Point(key, counts.get(key, 0)))
        month += 1
        if month == 13:
            year, month = year + 1, 1
    return points


def _directory_pages(ctx: SiteContext) -> dict[str, str | None]:
    pages: dict[str, str | None] = {name: ctx.layout.directory_page(name)
                                    for name in ctx.tree.directories}
    for edge in ctx.tree.edges:
        pages.setdefault(edge.directory, None)
    return pages


def state_pages(ctx: SiteContext) -> list[Page]:
    result: list[Page] = []
    directory_pages = _directory_pages(ctx)
    for state in ctx.tree.state_files:
        result.extend(_state_pages(ctx, state, directory_pages))
    return result


@dataclass(frozen=True)
class IndexPage:
    """One page of a paginated index (generator/paging.py): the front page or a fixed one."""

    path: str
    rows: list[EntryRow]  # newest first
    number: int | None  # the fixed page's number (1 holds the oldest entries); None: the front
    first: int = 0  # for a fixed page: the positions it holds, counted from the oldest
    last: int = 0


@dataclass(frozen=True)
class Pager:
    """The links between the pages of an index, as the templates write them."""

    # ("Newest", front page), ("F", page F) ... ("1", page 1), those near the current page;
    # ("…", None) for a gap (paging.pager_window)
    links: tuple[tuple[str, str | None], ...]
    current: str
    newer: str | None
    older: str | None
    html: str | None = None  # the placeholder standing for its HTML (plugin only)


def _index_pages(ctx: SiteContext, front_page: str, rows: list[EntryRow]) -> list[IndexPage]:
    """The front page, then the fixed pages newest first (F ... 1)."""
    size = ctx.options.page_size
    front, fixed = paging.anchored_pages(rows, size)
    pages = [IndexPage(front_page, front, None)]
    for number in range(len(fixed), 0, -1):
        first, last = paging.fixed_range(number, size)
        pages.append(IndexPage(ctx.layout.fixed_page(front_page, number), fixed[number - 1],
                               number, first, last))
    return pages


def _pager(ctx: SiteContext, pages: list[IndexPage], position: int,
           fragments: list[tuple[str, str]]) -> Pager:
    links = tuple(("…", None) if shown is None else
                  ("Newest" if pages[shown].number is None else str(pages[shown].number),
                   pages[shown].path)
                  for shown in paging.pager_window(len(pages), position))
    page = pages[position].path
    newer = pages[position - 1].path if position > 0 else None
    older = pages[position + 1].path if position + 1 < len(pages) else None
    pager = Pager(links, page, newer, older)
    urls = ctx.options.directory_urls
    if urls is None or len(links) < 2:
        return pager
    html = listings.pager(page, links, newer, older, urls)
    word = html_links.placeholder(html)
    fragments.extend([(word, html), (word, html)])  # above and below the listing
    return replace(pager, html=word)


def _listing(ctx: SiteContext, page: str, groups: list[MonthGroup], show_directory: bool,
             directory_links: dict[str, str | None],
             fragments: list[tuple[str, str]]) -> list[tuple[MonthGroup, str | None]]:
    """The month groups of an index page, each with the placeholder of its table as HTML
    (plugin), or None: the template writes it in Markdown (``continuity generate``)."""
    urls = ctx.options.directory_urls
    if urls is None:
        return [(group, None) for group in groups]
    listed: list[tuple[MonthGroup, str | None]] = []
    for group in groups:
        html = listings.entry_table(page, group.rows, show_directory, directory_links, urls)
        word = html_links.placeholder(html)
        fragments.append((word, html))
        listed.append((group, word))
    return listed


def _dates(rows: list[EntryRow]) -> tuple[str | None, str | None]:
    """The oldest and the newest date shown among rows given newest first."""
    dated = [row.date for row in rows if row.date]
    return (dated[-1], dated[0]) if dated else (None, None)


def _state_pages(ctx: SiteContext, state: StateFile,
                 directory_pages: dict[str, str | None]) -> list[Page]:
    front_page = ctx.layout.page_of(state.path)
    if front_page is None:  # every state file has a page; this keeps the types honest
        return []
    indexes = ctx.indexes(state)
    entries = ctx.newest_first([d for d in indexes if d in ctx.tree.directories])
    if state.declared_edges is None:  # the protocol's defaults: only those that are there
        indexes = [d for d in indexes if directory_pages.get(d)]
    index = _index_pages(ctx, front_page, [ctx.row(e) for e in entries])
    found = site_shape(site_kind(ctx.tree))
    own = found.page(ctx, state) if found is not None and found.page is not None else None
    # A file its convention's tool shows its own way (a task list, a board), called as the
    # shape says (Backlog.md's config.yml is its "Board").
    heading, body, metadata = own if own is not None else _state_body(ctx, state)
    own_title = found.page_title if own is not None and found is not None else ""
    pages = []
    shape = tuple((p.number, p.path) for p in index)  # what every page's pager links to

    def make(position: int, part: IndexPage) -> Page:
        fragments: list[tuple[str, str]] = []
        front = part.number is None
        first_date, last_date = _dates(part.rows)
        content = render(
            "state.md.j2", part.path,
            state=state, front=front, heading=heading, body=body, metadata=metadata,
            findings=ctx.findings_for(state.path), indexes=indexes,
            declared=state.declared_edges is not None, directory_pages=directory_pages,
            total=len(entries), part=part, front_page=front_page,
            first_date=first_date, last_date=last_date,
            groups=_listing(ctx, part.path, group_by_month(part.rows), len(indexes) > 1,
                            directory_pages, fragments),
            pager=_pager(ctx, index, position, fragments), page_size=ctx.options.page_size,
            history_part=ctx.history.state_part(state, part.path) if front and ctx.history
            else "")
        title = (own_title or title_of(state)) if front else \
            f"{state.name}, entries {part.first}–{part.last}"
        return Page(part.path, content, title, in_nav=front,
                    nav_section=section_title(ctx.tree), holds_tree_markdown=front,
                    source=state.path if front else None, html=tuple(fragments),
                    searched_as=_listings(fragments), nav_parent=None if front else front_page)

    for position, part in enumerate(index):
        if part.number is None:  # the front page: the state file's own text, the total
            pages.append(make(position, part))
            continue
        # A fixed page shows its rows, its pager and the state file's name, nothing else.
        inputs = (state.name, front_page, tuple(indexes), tuple(sorted(directory_pages.items())),
                  tuple(part.rows), part.number, part.first, part.last, shape)
        pages.append(_kept(ctx, ("state", part.path), inputs,
                           functools.partial(make, position, part)))
    return pages


def _kept(ctx: SiteContext, key: tuple[str, str], inputs: tuple[object, ...], make: Callable[[], Page]
          ) -> Page:
    """The page ``make`` makes from ``inputs``: kept from the last generation when they are
    equal (serve, ``--watch``: generator/memo.py), made now otherwise."""
    if ctx.memo is None:
        return make()
    return ctx.memo.get((*key, str(ctx.tree.root)), (inputs, ctx.options, mdtext.redacting()),
                        make)


def _state_body(ctx: SiteContext, state: StateFile) -> tuple[str, str, list[tuple[str, str]]]:
    document = state.document
    read = state.file.read
    if document is None and read is not None and read.text is not None:  # a file of data
        return f"# {mdtext.inline(state.name)}", data_body(state.name, read), []
    if document is None:
        reason = state.file.read.error if state.file.read else "a link leaving the repository"
        return (f"# {mdtext.inline(state.name)}",
                f"*This file is not shown: {mdtext.inline(reason)}.*", [])
    front = document.frontmatter
    offset = front.end_line if front.present and front.end_line > 0 else 0
    text = "\n".join(document.text.split("\n")[offset:]) if offset else document.text
    heading, body = split_heading(tree_markdown(ctx, text, state.path, offset), title_of(state))
    metadata = [(key, metadata_value(value)) for key, value in front.data.items()]
    return heading, body, metadata


def directory_pages(ctx: SiteContext) -> list[Page]:
    pages: list[Page] = []
    directory_links = _directory_pages(ctx)
    for name, directory in ctx.tree.directories.items():
        pages.extend(_one_directory(ctx, name, directory, directory_links))
    return pages


def _one_directory(ctx: SiteContext, name: str, directory: MemoryDirectory,
                   directory_links: dict[str, str | None]) -> list[Page]:
    """A directory's index pages and month archives."""
    pages: list[Page] = []
    ordered = ctx.ordered(name)
    first = ctx.layout.directory_page(name)
    if first is None:  # every directory has a page; this keeps the types honest
        return pages
    newest = ctx.newest_first([name])
    dated = directory.kind.dated and any(e.date for e in ordered)
    months = []
    if dated:
        by_month: dict[str | None, list[EntryRow]] = {}
        for entry in ordered:
            by_month.setdefault(entry.month, []).append(ctx.row(entry))
        keys = sorted((k for k in by_month if k), reverse=True)
        for key in keys:
            months.append({"month": key, "label": month_label(key),
                           "page": ctx.layout.archive(name, key), "count": len(by_month[key])})
        if None in by_month:  # misnamed entries: no date to file them under
            months.append({"month": None, "label": "Undated",
                           "page": ctx.layout.archive(name, "undated"),
                           "count": len(by_month[None])})
        pages.extend(_archives(ctx, name, by_month, months, first))
        # The index shows the newest page_size entries; the archives hold the rest.
        index = [IndexPage(first, [ctx.row(e) for e in newest[:ctx.options.page_size]],
                           None)]
    else:
        index = _index_pages(ctx, first, [ctx.row(e) for e in newest])
    dates = [e.date for e in ordered if e.date]
    chart = charts.bar_chart(activity_points(ordered), title=f"{name}/: entries per month",
                             height=160) if dated else ""
    shape = tuple((p.number, p.path) for p in index)

    def make(position: int, part: IndexPage) -> Page:
        fragments: list[tuple[str, str]] = []
        front = part.number is None
        page_first, page_last = _dates(part.rows)
        groups = group_by_month(part.rows) if dated else \
            ([] if not part.rows else [_plain_group(part.rows)])
        content = render(
            "directory.md.j2", part.path,
            directory=directory, front=front, part=part, front_page=first,
            groups=_listing(ctx, part.path, groups, False, directory_links, fragments),
            pager=_pager(ctx, index, position, fragments),
            months=months, chart=chart, entries_count=len(ordered),
            first_date=min(dates) if dates else None, last_date=max(dates) if dates else None,
            page_first=page_first, page_last=page_last,
            findings=ctx.findings_for(name) + ctx.findings_for(name + "/")
            + ctx.findings_for(f"{name}/ENTRY.template.md"),
            indexed_by=[(s, ctx.layout.page_of(s.path)) for s in ctx.indexed_by(name)],
            directory_pages=directory_links)
        title = f"{name}/" if front else f"{name}/, entries {part.first}–{part.last}"
        return Page(part.path, content, title, in_nav=front,
                    nav_section="Directories", html=tuple(fragments),
                    searched_as=_listings(fragments), nav_parent=None if front else first)

    for position, part in enumerate(index):
        if part.number is None:
            pages.append(make(position, part))
            continue
        inputs = (name, first, tuple(part.rows), part.number, part.first, part.last, shape,
                  tuple(sorted(directory_links.items())))
        pages.append(_kept(ctx, ("directory", part.path), inputs,
                           functools.partial(make, position, part)))
    return pages


def _listings(fragments: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """The listings and pagers of an index page, which the search index leaves out (as an
    entry's navigation, see Page.searched_as): each entry is found once, on its own page, not
    again on every index and archive that lists it."""
    return tuple((html, "") for html in dict.fromkeys(html for _, html in fragments))


def _plain_group(rows: list[EntryRow]) -> MonthGroup:
    return MonthGroup("Entries", None, tuple(rows))


def _archives(ctx: SiteContext, name: str, by_month: dict[str | None, list[EntryRow]],
              months: list[dict[str, Any]],
              directory_page: str) -> list[Page]:
    show_provenance = bool(ctx.provenance)
    pages = []
    for index, month in enumerate(months):  # newest first
        newer = months[index - 1] if index > 0 else None
        older = months[index + 1] if index + 1 < len(months) else None
        rows = by_month[month["month"]]
        # A month's page shows its rows and its neighbour months, under the directory's name.
        inputs = (name, directory_page, _items(month), tuple(rows), _items(newer), _items(older),
                  show_provenance)
        pages.append(_kept(ctx, ("archive", month["page"]), inputs, functools.partial(
            _archive, ctx, name, month, rows, newer, older, directory_page, show_provenance)))
    return pages


def _archive(ctx: SiteContext, name: str, month: dict[str, Any], rows: list[EntryRow],
             newer: dict[str, Any] | None, older: dict[str, Any] | None, directory_page: str,
             show_provenance: bool) -> Page:
    """The page of one month of a dated directory."""
    table = None
    fragments: tuple[tuple[str, str], ...] = ()
    if ctx.options.directory_urls is not None:  # the plugin: the rows as HTML
        html = listings.archive_table(month["page"], rows, show_provenance,
                                      ctx.options.directory_urls, ctx.options.commit_url)
        table = html_links.placeholder(html)
        fragments = ((table, html),)
    content = render(
        "archive.md.j2", month["page"], directory=ctx.tree.directories[name],
        label=month["label"], rows=rows, table=table, directory_page=directory_page,
        previous=older, next=newer, show_provenance=show_provenance,
        commit_url=ctx.options.commit_url)
    return Page(month["page"], content, f"{name}/: {month['label']}", html=fragments,
                searched_as=_listings(fragments), nav_parent=directory_page)


def _items(month: dict[str, Any] | None) -> tuple[tuple[str, Any], ...] | None:
    return None if month is None else tuple(sorted(month.items(), key=lambda kv: kv[0]))
