"""Strict JSON Lines, read line by line with line numbers, never raising.

Shared by the cycle ledger, the note stores and ``logs/*.jsonl``. Blank lines are skipped (and
reported as such), a missing final newline is fine, a truncated last line is an error of that
line alone: the rest of the file is still read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class JsonLine:
    line: int  # 1-based
    text: str
    value: Any = None  # the parsed JSON value when ``error`` is None
    error: str | None = None
    column: int = 1
    blank: bool = False

    @property
    def is_object(self) -> bool:
        return self.error is None and not self.blank and isinstance(self.value, dict)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


def loads_strict(text: str) -> Any:
    """``json.loads`` without NaN/Infinity and without duplicate keys; raises ValueError."""
    return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)


def parse_line(number: int, text: str) -> JsonLine:
    if not text.strip():
        return JsonLine(number, text, blank=True)
    try:
        value = loads_strict(text)
    except json.JSONDecodeError as exc:
        return JsonLine(number, text, error=f"not valid JSON: {exc.msg}", column=exc.colno)
    except (ValueError, RecursionError) as exc:
        return JsonLine(number, text, error=f"not valid JSON: {exc}")
    return JsonLine(number, text, value=value)


def parse_bytes(raw: bytes) -> list[JsonLine]:
    """Each line decoded on its own, so one bad byte spoils one line, not the file."""
    lines = []
    chunks = raw.split(b"\n")
    if chunks and chunks[-1] == b"":
        chunks.pop()  # the final newline
    for number, chunk in enumerate(chunks, 1):
        if chunk.endswith(b"\r"):
            chunk = chunk[:-1]
        if number == 1 and chunk.startswith(b"\xef\xbb\xbf"):
            chunk = chunk[3:]
        try:
            text = chunk.decode("utf-8")
        except UnicodeDecodeError as exc:
            lines.append(JsonLine(number, chunk.decode("utf-8", "replace"),
                                  error=f"not valid UTF-8 (byte 0x{chunk[exc.start]:02x})",
                                  column=exc.start + 1))
            continue
        lines.append(parse_line(number, text))
    return lines


def key_column(text: str, key: str) -> int:
    """1-based column of ``"key"`` in a JSON line, or 1 when it cannot be found."""
    index = text.find(json.dumps(key))
    return index + 1 if index >= 0 else 1


def json_kind(value: Any) -> str:
    """The JSON name of a parsed value's type, for messages ("a JSON array, not an object")."""
    if isinstance(value, bool):
        return "boolean"
    return {dict: "object", list: "array", str: "string", int: "number", float: "number",
            type(None): "null"}.get(type(value), "value")


def read_lines(tree_file) -> tuple[tuple[JsonLine, ...], str | None]:
    """The lines of a JSONL TreeFile, or why it was not read (unreadable, or a link out)."""
    read = tree_file.read
    if read is None or read.raw is None:
        return (), (read.error if read else "not read (a link leaving the repository)")
    return tuple(parse_bytes(read.raw)), None
