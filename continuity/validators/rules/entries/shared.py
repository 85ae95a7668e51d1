"""What the CT2xx rules share: the entries judged, their parsed text and frontmatter, where a
field is, and whether an entry is still a draft.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from continuity.formats import frontmatter as fm
from continuity.formats.markdown import PLACEHOLDER
from continuity.model.tree import Document, HistoryEntry, MemoryDirectory, Template
from continuity.validators.registry import CheckContext
from continuity.validators.repository import committed as committed_paths

INTEGER = re.compile(r"^\d+$")


def markdown_entries(ctx: CheckContext) -> Iterator[tuple[MemoryDirectory, HistoryEntry]]:
    """Markdown entries with readable text (unreadable ones are CT210's)."""
    for directory in ctx.tree.directories.values():
        for entry in directory.entries:
            if entry.document is not None and entry.content_checked:
                yield directory, entry


def template_source(directory: MemoryDirectory) -> str:
    if directory.template.path:
        return directory.template.path
    return f"the built-in {directory.name}/ template"


def document_of(entry: HistoryEntry) -> Document:
    """The parsed text of an entry that ``markdown_entries`` yielded (so it was readable)."""
    if entry.document is None:
        raise ValueError(f"{entry.path}: not a readable Markdown entry")
    return entry.document


def is_empty(entry: HistoryEntry) -> bool:
    return not document_of(entry).text.strip()


def usable_frontmatter(entry: HistoryEntry) -> fm.Frontmatter | None:
    """Frontmatter whose fields can be judged: present and parsed (duplicates are CT201's)."""
    front = document_of(entry).frontmatter
    return front if front.present and not front.problems else None


def is_placeholder(value: Any) -> bool:
    return isinstance(value, str) and PLACEHOLDER.search(value) is not None


def is_blank(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip()
    return isinstance(value, (list, dict)) and not value


def position_of(entry: HistoryEntry, key: str) -> tuple[int, int]:
    position = document_of(entry).frontmatter.positions.get(key)
    return (position.line, position.column) if position else (1, 1)


#: What a finding in an entry no commit holds yet says first: it is a draft, fixed in place.
BEFORE_COMMIT = "fill before committing: "


def is_draft(ctx: CheckContext, entry: HistoryEntry) -> bool:
    """Whether no commit holds the entry yet (untracked or only staged): it may still change
    freely. Without git nothing says so, and the entry is treated as committed."""
    committed = committed_paths(ctx)
    return committed is not None and entry.path not in committed


def fields_text(template: Template) -> str:
    return ", ".join(template.fields) or "no fields"
