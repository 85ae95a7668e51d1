"""The index pages: one per state file (its content, then the entries it indexes) and one per
directory (its description, months, latest entries), each paginated, plus month archives."""

from __future__ import annotations

from continuity.generator import charts, mdtext
from continuity.model.tree import HistoryEntry, StateFile
from continuity.generator.context import EntryRow, MonthGroup, SiteContext, group_by_month, month_label
from continuity.generator.entry_pages import metadata_value, split_heading, tree_markdown
from continuity.generator.render import render
from continuity.generator.site import Page


def _chunks(items: list, size: int) -> list[list]:
    return [items[i:i + size] for i in range(0, len(items), size)] or [[]]


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


def _state_pages(ctx: SiteContext, state: StateFile,
                 directory_pages: dict[str, str | None]) -> list[Page]:
    first = ctx.layout.page_of(state.path)
    if first is None:  # every state file has a page; this keeps the types honest
        return []
    indexes = ctx.indexes(state)
    entries = ctx.newest_first([d for d in indexes if d in ctx.tree.directories])
    chunks = _chunks([ctx.row(e) for e in entries], ctx.options.page_size)
    page_paths = [ctx.layout.numbered(first, n) for n in range(1, len(chunks) + 1)]
    heading, body, metadata = _state_body(ctx, state)
    pages = []
    for number, chunk in enumerate(chunks, 1):
        content = render(
            "state.md.j2", page_paths[number - 1],
            state=state, first_page=number == 1, heading=heading, body=body, metadata=metadata,
            findings=ctx.findings_for(state.path), indexes=indexes,
            declared=state.declared_edges is not None, directory_pages=directory_pages,
            total=len(entries), groups=group_by_month(chunk), pages=page_paths, current=number,
            page_size=ctx.options.page_size)
        title = state.name if number == 1 else f"{state.name}, page {number}"
        pages.append(Page(page_paths[number - 1], content, title, in_nav=number == 1,
                          nav_section="State files", holds_tree_markdown=number == 1,
                          source=state.path if number == 1 else None))
    return pages


def _state_body(ctx: SiteContext, state: StateFile) -> tuple[str, str, list]:
    document = state.document
    if document is None:
        reason = state.file.read.error if state.file.read else "a link leaving the repository"
        return (f"# {mdtext.inline(state.name)}",
                f"*This file is not shown: {mdtext.inline(reason)}.*", [])
    front = document.frontmatter
    offset = front.end_line if front.present and front.end_line > 0 else 0
    text = "\n".join(document.text.split("\n")[offset:]) if offset else document.text
    heading, body = split_heading(tree_markdown(ctx, text, state.path, offset), state.name)
    metadata = [(key, metadata_value(value)) for key, value in front.data.items()]
    return heading, body, metadata


def directory_pages(ctx: SiteContext) -> list[Page]:
    pages: list[Page] = []
    directory_links = _directory_pages(ctx)
    for name, directory in ctx.tree.directories.items():
        ordered = ctx.ordered(name)
        first = ctx.layout.directory_page(name)
        if first is None:  # every directory has a page; this keeps the types honest
            continue
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
            chunks = [[ctx.row(e) for e in newest[:ctx.options.page_size]]]
        else:
            chunks = _chunks([ctx.row(e) for e in newest], ctx.options.page_size)
        page_paths = [ctx.layout.numbered(first, n) for n in range(1, len(chunks) + 1)]
        dates = [e.date for e in ordered if e.date]
        chart = charts.bar_chart(activity_points(ordered), title=f"{name}/: entries per month",
                                 height=160) if dated else ""
        for number, chunk in enumerate(chunks, 1):
            content = render(
                "directory.md.j2", page_paths[number - 1],
                directory=directory, current=number, pages=page_paths,
                groups=group_by_month(chunk) if dated else
                ([] if not chunk else [_plain_group(chunk)]),
                months=months, chart=chart, entries_count=len(ordered),
                first_date=min(dates) if dates else None, last_date=max(dates) if dates else None,
                findings=ctx.findings_for(name) + ctx.findings_for(name + "/")
                + ctx.findings_for(f"{name}/ENTRY.template.md"),
                indexed_by=[(s, ctx.layout.page_of(s.path)) for s in ctx.indexed_by(name)],
                directory_pages=directory_links)
            title = f"{name}/" if number == 1 else f"{name}/, page {number}"
            pages.append(Page(page_paths[number - 1], content, title, in_nav=number == 1,
                              nav_section="Directories"))
    return pages


def _plain_group(rows: list[EntryRow]) -> MonthGroup:
    return MonthGroup("Entries", None, tuple(rows))


def _archives(ctx: SiteContext, name: str, by_month: dict, months: list[dict],
              directory_page: str) -> list[Page]:
    pages = []
    directory = ctx.tree.directories[name]
    for index, month in enumerate(months):  # newest first
        newer = months[index - 1] if index > 0 else None
        older = months[index + 1] if index + 1 < len(months) else None
        content = render(
            "archive.md.j2", month["page"], directory=directory, label=month["label"],
            rows=by_month[month["month"]], directory_page=directory_page,
            previous=older, next=newer, show_provenance=bool(ctx.provenance))
        pages.append(Page(month["page"], content, f"{name}/: {month['label']}"))
    return pages
