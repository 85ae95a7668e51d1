"""The pages a root's shape adds (generator/shape.py): a list of files, each with its title and
excerpt, as a timeline by month (an OpenClaw workspace's daily notes) or by folder (a GSD
project's phases)."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from continuity.generator.context import SiteContext, month_label
from continuity.generator.excerpts import excerpt
from continuity.generator.render import render
from continuity.generator.shape import FileList, SiteShape
from continuity.generator.site import Page
from continuity.generator.withhold import RULE as SECRET_RULE
from continuity.model.kiro_specs import task_progress
from continuity.model.naming import date_in_name
from continuity.model.tree import Document


@dataclass(frozen=True)
class ListRow:
    """A file as a list shows it (the fields ``_macros.md.j2``'s entry_cell reads)."""

    path: str
    page: str
    title: str
    date: str
    excerpt: str
    status: str | None = None


@dataclass(frozen=True)
class ListGroup:
    label: str
    rows: tuple[ListRow, ...]


def list_pages(ctx: SiteContext, shape: SiteShape) -> list[Page]:
    return [_list_page(ctx, listed) for listed in shape.lists]


def _documents(ctx: SiteContext) -> dict[str, tuple[str, Document | None]]:
    """Every file of the tree that has a page: its title and its Markdown."""
    found: dict[str, tuple[str, Document | None]] = {}
    for state in ctx.tree.state_files:
        found[state.path] = (state.document.title if state.document and state.document.title
                             else state.name, state.document)
    for entry in ctx.tree.entries:
        found[entry.path] = (ctx.title(entry), entry.document)
    for linked in ctx.tree.linked:
        found[linked.path] = (linked.title, linked.document)
    return found


def _rows(ctx: SiteContext, listed: FileList) -> list[ListRow]:
    documents = _documents(ctx)
    rows = []
    for path in dict.fromkeys(listed.files):
        page = ctx.layout.page_of(path)
        if page is None or path not in documents:
            continue  # a file the model did not read is never published
        title, document = documents[path]
        withheld = any(d.code == SECRET_RULE for d in ctx.findings_for(path))
        rows.append(ListRow(path, page, title, date_in_name(posixpath.basename(path)) or "",
                            "" if withheld else excerpt(document), _progress(ctx, path)))
    return rows


def _progress(ctx: SiteContext, path: str) -> str | None:
    """A Kiro spec's tasks.md as Kiro shows it: "3/8 tasks done" (None: not a spec's tasks)."""
    convention = ctx.tree.convention
    if convention is None or not convention.specs or posixpath.basename(path) != "tasks.md":
        return None
    text = next((each.file.text for each in ctx.tree.linked if each.path == path), None)
    if not text:
        return None
    done, total = task_progress(text)
    return f"{done}/{total} tasks done" if total else None


def _groups(rows: list[ListRow], by: str) -> list[ListGroup]:
    if by == "folder":
        ordered = sorted(rows, key=lambda row: row.path)
        keyed = [((posixpath.dirname(row.path) or ".") + "/", row) for row in ordered]
    else:  # newest first, the undated after the dated
        dated = sorted((r for r in rows if r.date), key=lambda r: (r.date, r.path), reverse=True)
        undated = sorted((r for r in rows if not r.date), key=lambda r: r.path)
        keyed = [(month_label(row.date[:7]), row) for row in dated]
        keyed += [("Undated", row) for row in undated]
    groups: list[ListGroup] = []
    for label, row in keyed:
        if groups and groups[-1].label == label:
            groups[-1] = ListGroup(label, groups[-1].rows + (row,))
        else:
            groups.append(ListGroup(label, (row,)))
    return groups


def _list_page(ctx: SiteContext, listed: FileList) -> Page:
    page = ctx.layout.list_page(listed.page)
    rows = _rows(ctx, listed)
    content = render("list.md.j2", page, title=listed.title, by=listed.by, count=len(rows),
                     groups=_groups(rows, listed.by))
    return Page(page, content, listed.title, in_nav=True)
