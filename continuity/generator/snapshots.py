"""What changed between one snapshot and the one before it."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from continuity.formats.markdown import MarkdownDoc
from continuity.model.tree import HistoryEntry


@dataclass(frozen=True)
class SnapshotChange:
    previous: HistoryEntry | None
    previous_page: str | None
    previous_title: str
    diff: str  # a unified diff of the two files; empty when they are the same
    changed_sections: str  # "Blockers and Next action changed", for the sentence above the diff


def _sections(entry: HistoryEntry) -> dict[str, str]:
    """``##`` section title -> text, from the entry as discovery parsed it."""
    doc = entry.document.body if entry.document is not None else MarkdownDoc(entry.file.text or "")
    return {s.title: doc.text_of(s) for s in doc.sections if s.level == 2}


def _describe(previous: HistoryEntry, current: HistoryEntry) -> str:
    old, new = _sections(previous), _sections(current)
    changed = [t for t in new if t in old and old[t] != new[t]]
    added = [t for t in new if t not in old]
    removed = [t for t in old if t not in new]
    parts = []
    if changed:
        parts.append(", ".join(changed) + " changed")
    if added:
        parts.append(", ".join(added) + " added")
    if removed:
        parts.append(", ".join(removed) + " removed")
    return "; ".join(parts) or "only the frontmatter or the title changed"


def compare(previous: HistoryEntry | None, current: HistoryEntry,
            previous_page: str | None) -> SnapshotChange:
    if previous is None:
        return SnapshotChange(None, None, "", "", "")
    before = previous.file.text or ""
    after = current.file.text or ""
    diff = "\n".join(difflib.unified_diff(
        before.split("\n"), after.split("\n"),
        fromfile=previous.path, tofile=current.path, lineterm="", n=2))
    return SnapshotChange(previous, previous_page, previous.title, diff,
                          _describe(previous, current))
