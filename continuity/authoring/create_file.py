"""Creating a file that must not exist yet: history is append-only, so nothing is overwritten.

The bytes are written to a temporary file first and then linked to the name (continuity.atomic):
"check that the name is free" and "take it" are one step, so two writers racing for the same
name cannot both win, and the name never shows a half-written file, even to a reader or after an
interrupt. A write that fails removes what it made (and a directory it had to create), so the
tree is left as it was.
"""

from __future__ import annotations

import errno
from pathlib import Path

from continuity.authoring import atomic
from continuity.errors import UsageError
from continuity.model.paths import require_allowed


class FileExists(UsageError):
    """The name is taken; the existing file was not touched."""

    def __init__(self, path: Path):
        super().__init__(f"{path}: already exists; nothing was written (history is never "
                         "overwritten)")
        self.path = path


def create_new_file(path: Path, data: bytes, boundary: Path) -> Path:
    """Write ``data`` to ``path``, which must not exist. Raise FileExists or UsageError.

    ``boundary`` is the resolved top of the repository (or the memory root outside git): a
    path leaving it, through a link or into ``.git``, is refused before anything is made
    (:func:`continuity.model.paths.require_allowed`, raising PathRefused).
    """
    require_allowed(path, boundary)
    created_dirs = _make_parents(path.parent)
    try:
        atomic.create(path, data)
    except FileExistsError:
        _remove_dirs(created_dirs)
        raise FileExists(path) from None
    except OSError as exc:
        _remove_dirs(created_dirs)
        doing = "create" if exc.filename else "write"  # a name refused, or the bytes
        raise UsageError(f"{path}: cannot {doing}: {exc.strerror or exc}") from None
    except BaseException:
        _remove_dirs(created_dirs)
        raise
    return path


def _make_parents(directory: Path) -> list[Path]:
    """Create missing directories, returning those created (deepest last)."""
    missing = []
    for candidate in (directory, *directory.parents):
        if candidate.exists():
            break
        missing.append(candidate)
    created: list[Path] = []
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
