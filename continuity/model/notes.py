"""Note stores as data (seed ``history-note-capture.txt``): one fact per JSON line.

Judging notes is CT5xx's job (``validators/notes``); capturing them is ``continuity note``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from continuity.formats.jsonl import JsonLine, ReadFile, read_lines


@dataclass(frozen=True)
class Note:
    store: str  # path of the store, relative to the memory root
    line: int
    text: str
    data: dict[str, Any]

    @property
    def time(self) -> str | None:
        value = self.data.get("time")
        return value if isinstance(value, str) else None

    @property
    def project(self) -> str | None:
        value = self.data.get("project")
        return value if isinstance(value, str) else None

    @property
    def fact(self) -> str | None:
        value = self.data.get("fact")
        return value if isinstance(value, str) else None

    @property
    def tags(self) -> tuple[str, ...]:
        value = self.data.get("tags")
        if isinstance(value, list):
            return tuple(t for t in value if isinstance(t, str))
        return ()


@dataclass(frozen=True)
class NoteStore:
    path: str
    lines: tuple[JsonLine, ...]
    notes: tuple[Note, ...]
    unreadable: str | None = None


def read_store(tree_file: ReadFile) -> NoteStore:
    lines, unreadable = read_lines(tree_file)
    notes = tuple(Note(tree_file.path, line.line, line.text, line.value)
                  for line in lines if line.is_object)
    return NoteStore(tree_file.path, lines, notes, unreadable)


def same_fact_key(project: str, fact: str) -> tuple[str, str]:
    """What makes two notes the same note (CT505, and ``note`` refusing a repeat): the project
    and the fact, ignoring case and runs of whitespace."""
    return " ".join(project.split()).casefold(), " ".join(fact.split()).casefold()
