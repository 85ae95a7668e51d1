"""The items of the two state files whose removal the history must explain.

Tasks in TODO.md are the rows of the tables (by their first cell) and the list items (by their
text before `` — ``) under ``## Active``, ``## Pending`` and ``## Blocked``; a task whose other
cells change is the same task. Insights in LEARNINGS.md are the rows of the table under
``## Insights`` (by their first cell, the rest being what the insight says) and the items of
lists under headings that mention "pattern".

Only the structure is read here; what a removal means is for the history rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from continuity.formats.markdown import PLACEHOLDER, MarkdownDoc, Section

TASK_SECTIONS = ("active", "pending", "blocked")
DETAIL_SEPARATOR = " — "
CHECKBOX = re.compile(r"^\[[ xX]\]\s+")
MARKUP = "*_`~ \t"


@dataclass(frozen=True)
class Item:
    """A task or insight: ``key`` identifies it, ``content`` is what it says, ``line`` where."""

    key: str
    content: str
    line: int
    section: str


def identity(text: str) -> str:
    """A task id or item text as compared across versions: markup and spacing do not count."""
    text = CHECKBOX.sub("", text.strip())
    text = re.sub(r"\s+", " ", text).strip(MARKUP)
    return text


def _meaningful(key: str) -> bool:
    """A filler cell such as ``—`` or a template placeholder is not an item."""
    if not key or PLACEHOLDER.fullmatch(key):
        return False
    return any(ch.isalnum() for ch in key)


def _sections(doc: MarkdownDoc, wanted: Callable[[str], bool]) -> list[Section]:
    return [s for s in doc.sections if s.level >= 2 and wanted(s.key)]


def _first_word(key: str) -> str:
    return re.split(r"[\s(:]", key, maxsplit=1)[0] if key else ""


def todo_tasks(text: str) -> dict[str, Item]:
    """Tasks of a TODO.md, by identity (the first occurrence wins)."""
    doc = MarkdownDoc(text)
    tasks: dict[str, Item] = {}
    for section in _sections(doc, lambda key: _first_word(key) in TASK_SECTIONS):
        for row in doc.table_rows(section):
            key = identity(row.cells[0]) if row.cells else ""
            if _meaningful(key):
                tasks.setdefault(key, Item(key, " | ".join(row.cells), row.line, section.title))
        for item in doc.list_items(section):
            key = identity(item.text.split(DETAIL_SEPARATOR, 1)[0])
            if _meaningful(key):
                tasks.setdefault(key, Item(key, item.text, item.line, section.title))
    return tasks


def learnings_insights(text: str) -> dict[str, Item]:
    """Insights of a LEARNINGS.md, by identity; table rows and list items never collide."""
    doc = MarkdownDoc(text)
    insights: dict[str, Item] = {}
    for section in _sections(doc, lambda key: _first_word(key) == "insights"):
        for row in doc.table_rows(section):
            key = identity(row.cells[0]) if row.cells else ""
            if _meaningful(key):
                content = " | ".join(identity(cell) for cell in row.cells[1:])
                insights.setdefault(f"row {key}", Item(key, content, row.line, section.title))
    for section in _sections(doc, lambda key: "pattern" in key):
        for item in doc.list_items(section):
            key = identity(item.text)
            if _meaningful(key):
                insights.setdefault(f"item {key}", Item(key, key, item.line, section.title))
    return insights


@dataclass(frozen=True)
class ItemChanges:
    removed: tuple[Item, ...]
    changed: tuple[Item, ...]  # present before and after, saying something else now


def compare(before: dict[str, Item], after: dict[str, Item]) -> ItemChanges:
    removed = tuple(item for key, item in before.items() if key not in after)
    changed = tuple(after[key] for key, item in before.items()
                    if key in after and after[key].content != item.content)
    return ItemChanges(removed, changed)
