"""Creating a file that must not exist yet: history is append-only, so nothing is overwritten.

``os.open`` with ``O_CREAT | O_EXCL`` makes "check that the name is free" and "take it" one step,
so two writers racing for the same name cannot both win. A write that fails half-way removes
the file it created (and a directory it had to create), so the tree is left as it was.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from .errors import UsageError


class FileExists(UsageError):
    """The name is taken; the existing file was not touched."""

    def __init__(self, path: Path):
        super().__init__(f"{path}: already exists; nothing was written (history is never "
                         "overwritten)")
        self.path = path


def create_new_file(path: Path, data: bytes) -> Path:
    """Write ``data`` to ``path``, which must not exist. Raise FileExists or UsageError."""
    created_dirs = _make_parents(path.parent)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        raise FileExists(path) from None
    except OSError as exc:
        _remove_dirs(created_dirs)
        raise UsageError(f"{path}: cannot create: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        try:  # the file is ours and incomplete: take it back
            os.unlink(path)
        except OSError:
            pass
        _remove_dirs(created_dirs)
        raise UsageError(f"{path}: cannot write: {exc.strerror or exc}") from None
    return path


def _make_parents(directory: Path) -> list[Path]:
    """Create missing directories, returning those created (deepest last)."""
    missing = []
    for candidate in (directory, *directory.parents):
        if candidate.exists():
            break
        missing.append(candidate)
    created = []
    for candidate in reversed(missing):
        try:
            candidate.mkdir()
        except FileExistsError:
            continue
        except OSError as exc:
            _remove_dirs(created)
            reason = exc.strerror or errno.errorcode.get(exc.errno or 0, str(exc))
            raise UsageError(f"{candidate}: cannot create directory: {reason}") from None
        created.append(candidate)
    return created


def _remove_dirs(created: list[Path]) -> None:
    for directory in reversed(created):
        try:
            directory.rmdir()
        except OSError:
            pass
