"""Instruction files their tool never reads, because another place takes theirs.

Roo Code reads a workspace's rules from the files of ``.roo/rules/`` (recursively, in
alphabetical order) and falls back to the one file ``.roorules`` only "if ``.roo/rules/``
doesn't exist or is empty"; a mode's ``.roorules-code`` likewise gives way to
``.roo/rules-code/``. The check (CT745) and the site's Rules cards ask :func:`shadowed`;
plain data out.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

#: Roo Code's one-file rules (``.roorules``, ``.roorules-{mode}``).
ROO_LEGACY = ".roorules"
#: Files counted below a folder at most: one is enough to shadow, a few name it.
MAX_FILES = 1_000


@dataclass(frozen=True)
class Shadowed:
    """A file its tool skips: the folder read in its place and the files found there."""

    loader: str  # "Roo Code"
    folder: Path
    files: tuple[str, ...]  # paths from ``folder``, sorted


def shadowed(root: Path, name: str) -> Shadowed | None:
    """Whether the instruction file ``name`` at ``root`` is skipped by its tool: for
    ``.roorules`` (and ``.roorules-{mode}``), the folder Roo Code reads instead holds a
    non-empty file (an empty file there is left out, so this never says more than Roo
    does)."""
    if name != ROO_LEGACY and not name.startswith(f"{ROO_LEGACY}-"):
        return None
    folder = root / ".roo" / f"rules{name[len(ROO_LEGACY):]}"
    files = _files_below(folder)
    return Shadowed("Roo Code", folder, files) if files else None


def _files_below(folder: Path) -> tuple[str, ...]:
    """The non-empty regular files below ``folder`` (links not followed), by path from it."""
    found: list[str] = []
    if folder.is_symlink() or not folder.is_dir():
        return ()
    for directory, folders, files in os.walk(folder):
        folders[:] = sorted(name for name in folders if not (Path(directory) / name).is_symlink())
        for name in sorted(files):
            path = Path(directory) / name
            try:
                if not path.is_symlink() and path.is_file() and path.stat().st_size > 0:
                    found.append(path.relative_to(folder).as_posix())
            except OSError:
                continue
        if len(found) >= MAX_FILES:
            break
    return tuple(found)
