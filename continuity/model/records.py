"""The tree's line-based and JSON records, parsed once: the cycle ledger, its session-state
sidecar and the note stores.

Rules, pages and the report all read these values (``MemoryTree.records``), so what ``check``
judged is exactly what the site shows, and a value that one reader refuses (nesting too deep,
a lone surrogate, a number out of range) never reaches another reader that would fail on it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from continuity.formats.jsonl import ReadFile, loads_strict
from continuity.model.ledger import Ledger, read_ledger
from continuity.model.notes import NoteStore, read_store


@dataclass(frozen=True)
class SessionState:
    """``session-state.json``: ``value`` when it parsed, else ``error`` and where it is."""

    path: str
    text: str | None
    value: Any = None
    error: str | None = None
    line: int = 1
    column: int = 1
    unreadable: bool = False  # ``error`` is about reading the file, not its JSON

    @property
    def cycle(self) -> Any:
        return self.value.get("cycle") if isinstance(self.value, dict) else None


def read_session_state(tree_file: ReadFile) -> SessionState:
    read = tree_file.read
    if read is None or read.text is None:
        why = read.error if read is not None else "not read (a link leaving the repository)"
        line = read.error_line if read is not None else 1
        column = read.error_column if read is not None else 1
        return SessionState(tree_file.path, None, error=why, line=line, column=column,
                            unreadable=True)
    try:
        value = loads_strict(read.text)
    except json.JSONDecodeError as exc:
        return SessionState(tree_file.path, read.text, error=exc.msg, line=exc.lineno,
                            column=exc.colno)
    except (ValueError, RecursionError) as exc:
        return SessionState(tree_file.path, read.text, error=str(exc))
    return SessionState(tree_file.path, read.text, value=value)


@dataclass(frozen=True)
class Records:
    ledger: Ledger | None
    session_state: SessionState | None
    note_stores: tuple[NoteStore, ...]


def load_records(ledger: ReadFile | None, session_state: ReadFile | None,
                 note_stores: Sequence[ReadFile]) -> Records:
    return Records(
        ledger=read_ledger(ledger) if ledger is not None else None,
        session_state=read_session_state(session_state) if session_state is not None else None,
        note_stores=tuple(read_store(store) for store in note_stores),
    )
