"""The entry listings of the index and archive pages (a table of date, entry, directory, and the
pager), as HTML for the plugin.

An index page at scale is a few hundred table rows, each a Markdown link that Python-Markdown
parses and MkDocs resolves and checks; written as HTML with MkDocs' own URLs
(:mod:`.html_links`), they cost neither. The HTML is the element for element what
Python-Markdown makes of the Markdown the templates write for ``continuity generate``
(``_macros.md.j2``), every value going through the same redaction and escaping.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from continuity.generator import badges, html_links
from continuity.generator.context import EntryRow


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A table as Python-Markdown's ``tables`` extension writes it; cells are HTML already."""
    head = "".join(f"<th>{cell}</th>\n" for cell in header)
    body = "".join("<tr>\n" + "".join(f"<td>{cell}</td>\n" for cell in row) + "</tr>\n"
                   for row in rows)
    return f"<table>\n<thead>\n<tr>\n{head}</tr>\n</thead>\n<tbody>\n{body}</tbody>\n</table>"


def entry_cell(page: str, row: EntryRow, directory_urls: bool) -> str:
    """An entry as a listing shows it: its title linked, its status, and its excerpt beneath
    (``_macros.md.j2``'s ``entry_cell``)."""
    cell = html_links.link(row.title, page, row.page, directory_urls)
    if row.status:
        cell += " " + badges.badge(html_links.text(row.status), row.status)
    if row.excerpt:
        cell += f'<br> <small class="continuity-excerpt">{html_links.text(row.excerpt)}</small>'
    return cell


def entry_table(page: str, rows: Sequence[EntryRow], show_directory: bool,
                directory_pages: dict[str, str | None], directory_urls: bool) -> str:
    """The rows of one month of an index: date, entry (and its directory)."""
    def link(label: object, target: str | None) -> str:
        return html_links.link(label, page, target, directory_urls)

    header = ["Date", "Entry", "Directory"] if show_directory else ["Date", "Entry"]
    cells = []
    for row in rows:
        cell = [html_links.text(row.date), entry_cell(page, row, directory_urls)]
        if show_directory:
            cell.append(link(row.entry.directory + "/", directory_pages.get(row.entry.directory)))
        cells.append(cell)
    return table(header, cells)


def archive_table(page: str, rows: Sequence[EntryRow], show_provenance: bool,
                  directory_urls: bool,
                  commit_url: Callable[[str | None], str | None] = lambda sha: None) -> str:
    """The rows of a month archive: date, entry (and the commit that added it)."""
    header = ["Date", "Entry", "Added"] if show_provenance else ["Date", "Entry"]
    cells = []
    for row in rows:
        cell = [html_links.text(row.date), entry_cell(page, row, directory_urls)]
        if show_provenance and row.added:
            commit = html_links.code(row.added.short)
            url = commit_url(row.added.sha)
            if url:
                commit = f'<a href="{html_links.text(url)}">{commit}</a>'
            cell.append(f"{html_links.text(row.added.date[:10])} in {commit}")
        elif show_provenance:
            cell.append("not committed")
        cells.append(cell)
    return table(header, cells)


def pager(page: str, links: Sequence[tuple[str, str | None]], newer: str | None,
          older: str | None, directory_urls: bool) -> str:
    """The pager paragraph: the pages near this one (it in bold), then newer / older."""
    def link(label: str, target: str | None) -> str:
        return html_links.link(label, page, target, directory_urls)

    shown = "".join(f" <strong>{html_links.text(label)}</strong>" if target == page
                    else f" {link(label, target)}" for label, target in links)
    if newer:
        shown += f" · {link('← Newer', newer)}"
    if older:
        shown += f" · {link('Older →', older)}"
    return f"<p><strong>Pages:</strong>{shown}</p>"
