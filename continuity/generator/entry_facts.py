"""What an entry page says about its entry, said once: the frontmatter table, the list of
directory, added, indexed by and file, and the previous / next line.

Each is written through a :class:`Markup`: in Markdown, for any engine (``continuity
generate``), or in HTML with the URLs MkDocs would write, for the plugin (which puts it in
place of a placeholder, see :mod:`.html_links`, so Python-Markdown never parses it).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from continuity.generator import badges, html_links, mdtext
from continuity.generator.context import EntryRow
from continuity.history.provenance import CommitRef
from continuity.model.tree import HistoryEntry


@dataclass(frozen=True)
class CellMarkup:
    """How a frontmatter value is written into a table cell."""

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
class Markup:
    """How the facts of the page at one path are written."""

    cell: CellMarkup
    text: Callable[[object], str]
    code: Callable[[object], str]
    link: Callable[[object, str | None], str]  # (label, the page linked to)
    href: Callable[[str, str], str]  # (label already written, a URL from the tree's host)
    strong: Callable[[str], str]

    table: Callable[[list[tuple[str, str]]], str]  # the (field, value) cells as a table
    listing: Callable[[list[str]], str]  # the items as a bullet list


def _markdown_table(cells: list[tuple[str, str]]) -> str:
    rows = "\n".join(f"| {key} | {value} |" for key, value in cells)
    return f"| Field | Value |\n|-------|-------|\n{rows}"


def _html_table(cells: list[tuple[str, str]]) -> str:
    rows = "".join(f"<tr>\n<td>{key}</td>\n<td>{value}</td>\n</tr>\n" for key, value in cells)
    return ("<table>\n<thead>\n<tr>\n<th>Field</th>\n<th>Value</th>\n</tr>\n"
            f"</thead>\n<tbody>\n{rows}</tbody>\n</table>")


def _markdown_listing(items: list[str]) -> str:
    return "\n".join(f"- {item}" for item in items)


def _html_listing(items: list[str]) -> str:
    return "<ul>\n" + "".join(f"<li>{item}</li>\n" for item in items) + "</ul>"


def markdown_markup(page: str) -> Markup:
    return Markup(MARKDOWN_CELL, mdtext.inline, mdtext.code,
                  lambda label, target: mdtext.link(label, page, target),
                  lambda shown, url: f"[{shown}]({url})",
                  lambda label: f"**{label}:**", _markdown_table, _markdown_listing)


def html_markup(page: str, directory_urls: bool) -> Markup:
    return Markup(HTML_CELL, html_links.text, html_links.code,
                  lambda label, target: html_links.link(label, page, target, directory_urls),
                  lambda shown, url: f'<a href="{html_links.text(url)}">{shown}</a>',
                  lambda label: f"<strong>{label}:</strong>", _html_table, _html_listing)


def table_cells(markup: Markup, front: list[tuple[str, Any]]) -> list[tuple[str, str]]:
    """The frontmatter table's (field, value) cells."""
    return [(markup.code(key), badges.badge(markup.cell.text(value), value)
             if key == "status" and isinstance(value, str) and value.strip()
             else metadata_value(value, markup.cell)) for key, value in front]


def fact_items(markup: Markup, entry: HistoryEntry, directory_page: str | None,
               added: CommitRef | None, show_provenance: bool,
               indexed_by: list[tuple[str, str | None]], copy: str | None, size: int,
               commit_url: str | None) -> list[str]:
    """The directory, added (with provenance shown), indexed-by and file items."""
    items = [f"{markup.strong('Directory')} {markup.link(entry.directory + '/', directory_page)}"]
    if show_provenance:
        when = "not in any commit yet"
        if added:
            commit = markup.code(added.short)
            if commit_url:
                commit = markup.href(commit, commit_url)
            when = f"{markup.text(added.date)} in commit {commit}"
        items.append(f"{markup.strong('Added')} {when}")
    if indexed_by:
        listed = ", ".join(markup.link(name, target) for name, target in indexed_by)
        items.append(f"{markup.strong('Indexed by')} {listed}")
    else:
        items.append(f"{markup.strong('Indexed by')} no state file (an orphan directory)")
    if copy:
        unit = "byte" if size == 1 else "bytes"
        items.append(f"{markup.strong('File')} {markup.link(entry.name, copy)} ({size} {unit})")
    return items


def footer_line(markup: Markup, entry: HistoryEntry, directory_page: str | None,
                previous: EntryRow | None, next: EntryRow | None) -> str:
    """The previous / next links, each said as such ("Previous:", "Next:") in a ``<span>`` that
    the stylesheet sets at either end of the line (generator/assets.py); or the word that the
    entry is its directory's only one. Inline HTML, so the links inside stay Markdown (which
    MkDocs resolves), and the HTML the plugin writes is what MkDocs makes of the Markdown."""
    shown = []
    if previous:
        shown.append(("previous", f"{markup.strong('Previous')} " + markup.link(
            "← " + (previous.date + ": " if previous.date else "") + previous.title,
            previous.page)))
    if next:
        shown.append(("next", f"{markup.strong('Next')} " + markup.link(
            (next.date + ": " if next.date else "") + next.title + " →", next.page)))
    if not shown:
        return f"The only entry in {markup.link(entry.directory + '/', directory_page)}."
    return " ".join(f'<span class="continuity-{kind}">{text}</span>' for kind, text in shown)
