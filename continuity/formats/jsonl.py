"""Strict JSON Lines, read line by line with line numbers, never raising.

Shared by the cycle ledger, the note stores and ``logs/*.jsonl``. Blank lines are skipped (and
reported as such), a missing final newline is fine, a truncated last line is an error of that
line alone: the rest of the file is still read.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Protocol

from continuity.formats.textfile import TextRead

#: Deepest nesting of arrays and objects read. The records the protocol keeps are two or three
#: levels deep; a deeper value is refused before it is parsed, so no reader, check or page
#: ever recurses through it (Python's own limit would raise RecursionError somewhere else).
MAX_DEPTH = 64


class ReadFile(Protocol):
    """A file of the tree as the readers here need it (``model.tree.TreeFile``)."""

    @property
    def path(self) -> str: ...

    @property
    def read(self) -> TextRead | None: ...


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
    result = dict(pairs)  # in C; a key given twice leaves the dict shorter than the pairs
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate key {key!r}")
            seen.add(key)
    return result


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"number {text[:20]} is out of range")
    return value


def _too_deep(text: str, limit: int) -> bool:
    """Whether arrays/objects nest deeper than ``limit``, brackets in strings not counted."""
    if text.count("[") + text.count("{") <= limit:
        return False  # cannot be: the common case costs two counts
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def _lone_surrogate(value: Any) -> str | None:
    """The first string (or key) holding half a UTF-16 pair, which no page can encode."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as exc:
                return f"\\u{ord(item[exc.start]):04x}"
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def loads_strict(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` as the records need it; raises ValueError saying why a text is refused.

    Refused: NaN/Infinity and numbers beyond a double (``1e400``), duplicate keys, nesting
    deeper than ``max_depth``, and escapes of a lone surrogate (``"\\ud800"``), which are valid
    JSON but not text: a page holding one cannot be written.
    """
    if _too_deep(text, max_depth):
        raise ValueError(f"nested deeper than {max_depth} levels")
    value = json.loads(text, parse_constant=_reject_constant, parse_float=_finite,
                       object_pairs_hook=_no_duplicates)
    if "\\u" in text:
        half = _lone_surrogate(value)
        if half is not None:
            raise ValueError(f"the escape {half} is half a surrogate pair, not a character")
    return value


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


def read_lines(tree_file: ReadFile) -> tuple[tuple[JsonLine, ...], str | None]:
    """The lines of a JSONL TreeFile, or why it was not read (unreadable, or a link out)."""
    read = tree_file.read
    if read is None or read.raw is None:
        return (), (read.error if read else "not read (a link leaving the repository)")
    return tuple(parse_bytes(read.raw)), None
