"""Writing a command's output: to stdout, or atomically to ``-o FILE``."""

from __future__ import annotations

import sys
from pathlib import Path

from . import atomic
from .errors import UsageError


def write_output(text: str, destination: str | None) -> None:
    if not destination or destination == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    write_atomic(Path(destination), text.encode("utf-8", "backslashreplace"))


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once: readers never see half a file."""
    try:
        atomic.replace(path, data)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write: {exc.strerror or exc}") from None


def shown_path(path: Path) -> str:
    """A path as a command prints it: relative to the working directory when below it."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (ValueError, OSError):
        return str(path)
