"""Creating a file that must not exist yet: history is append-only, so nothing is overwritten.

The bytes are written to a temporary file first and then linked to the name (continuity.authoring.atomic):
"check that the name is free" and "take it" are one step, so two writers racing for the same
name cannot both win, and the name never shows a half-written file, even to a reader or after an
interrupt. A write that fails removes what it made (and a directory it had to create), so the
tree is left as it was.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from continuity.authoring import atomic
from continuity.errors import UsageError
from continuity.model.boundaries import PathRefused, require_allowed
from continuity.model.safe_open import Escaped, open_beneath, open_parent


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
    (:func:`continuity.model.boundaries.require_allowed`, raising PathRefused). The directories
    are then opened (and the missing ones made) one by one beneath the boundary, and the file
    is created in the directory so opened (continuity.model.safe_open): a directory swapped
    for a link out after the check is refused, not written through.
    """
    require_allowed(path, boundary)
    # The boundary itself (a new tree's root, for init) and what is above it are no part of
    # the tree: made by name. Everything below is made beneath it.
    made_above = _make_parents(boundary)
    try:
        folder, _, created = open_parent(path, boundary, create=True)
    except Escaped as exc:
        _remove_paths(made_above)
        raise PathRefused(path, exc.reason) from None
    except OSError as exc:
        _remove_paths(made_above)
        reason = exc.strerror or errno.errorcode.get(exc.errno or 0, str(exc))
        raise UsageError(f"{path.parent}: cannot create directory: {reason}") from None
    try:
        atomic.create(path, data, directory_fd=folder)
    except BaseException as exc:
        os.close(folder)
        _remove_dirs(created, boundary)
        _remove_paths(made_above)
        if isinstance(exc, FileExistsError):
            raise FileExists(path) from None
        if isinstance(exc, OSError):
            doing = "create" if exc.filename else "write"  # a name refused, or the bytes
            raise UsageError(f"{path}: cannot {doing}: {exc.strerror or exc}") from None
        raise
    os.close(folder)
    return path


def _make_parents(directory: Path) -> list[Path]:
    """Create ``directory`` and its missing ancestors, returning those created (deepest
    last)."""
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
            _remove_paths(created)
            reason = exc.strerror or errno.errorcode.get(exc.errno or 0, str(exc))
            raise UsageError(f"{candidate}: cannot create directory: {reason}") from None
        created.append(candidate)
    return created


def _remove_paths(created: list[Path]) -> None:
    for directory in reversed(created):
        try:
            directory.rmdir()
        except OSError:
            pass


def _remove_dirs(created: list[str], boundary: Path) -> None:
    """Take back the directories made (deepest first), each removed relative to its opened
    parent, and only while empty."""
    for relative in reversed(created):
        parent, _, name = relative.rpartition("/")
        try:
            folder = open_beneath(boundary / parent if parent else boundary, boundary,
                                  directory=True)
        except OSError:
            continue
        try:
            os.rmdir(name, dir_fd=folder)
        except OSError:
            pass
        finally:
            os.close(folder)
