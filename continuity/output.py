"""Writing a command's output: to stdout, or atomically to ``-o FILE``."""

from __future__ import annotations

import sys
from pathlib import Path

from continuity.authoring import atomic
from continuity.errors import UsageError


def write_output(text: str, destination: str | None) -> None:
    if not destination or destination == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    write_atomic(Path(destination), text.encode("utf-8", "backslashreplace"))


def write_atomic(path: Path, data: bytes, *, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` all at once: readers never see half a file."""
    try:
        atomic.replace(path, data, durable=durable)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write: {exc.strerror or exc}") from None


def shown_path(path: Path) -> str:
    """A path as a command prints it: relative to the working directory when below it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (ValueError, OSError):
        return str(path)


#: Control characters (C0, DEL, C1) and Unicode line separators, shown as escapes.
_CONTROLS = {code: f"\\x{code:02x}" for code in (*range(0x20), *range(0x7f, 0xa0))}
_CONTROLS.update({ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\t",
                  0x2028: "\\u2028", 0x2029: "\\u2029"})


def one_line(text: str) -> str:
    """``text`` for a line-oriented output: a file name or a note holding a newline cannot
    start a line of its own (a forged finding), and no escape sequence reaches a terminal."""
    return text.translate(_CONTROLS)
