"""Where a path lies, as written and with its links resolved: nothing but ``os.path``.

The geometry under :mod:`continuity.model.boundaries` (which decides what may be read, published or
written, and is what readers and writers import), kept in the package's root so that the
configuration (:mod:`continuity.config`) judges its paths with the very same functions.
"""

from __future__ import annotations

import os
from pathlib import Path

GIT_DIR = ".git"


def configured_path(base: Path, value: str | os.PathLike[str]) -> Path:
    """``value`` (an option's path, relative to ``base``, the folder of the file that set it)
    made absolute *without* resolving links: a root that is a link out of its repository must
    still look like one to :func:`refusal` (and to ``root_refusal``)."""
    return Path(os.path.abspath(Path(base) / value))


def repository_top(path: Path) -> Path | None:
    """The nearest ancestor of ``path`` *as written* (links not followed) that holds ``.git``
    (a directory, or a file for worktrees and submodules), or None."""
    lexical = Path(os.path.abspath(path))
    for directory in (lexical, *lexical.parents):
        if os.path.lexists(directory / GIT_DIR):
            return directory
    return None


def refusal(path: Path, boundary: Path) -> str | None:
    """Why ``path`` must not be read, published or written, or None when it may be.

    ``boundary`` is resolved (see :func:`continuity.model.boundaries.boundary_of`). Every link
    along ``path`` is followed, so a linked directory leaving the boundary refuses every file
    below it.
    """
    try:
        target = Path(path).absolute().resolve(strict=False)
    except (OSError, RuntimeError, ValueError):  # a loop (RuntimeError before 3.13), a NUL
        return "a link that cannot be resolved (it loops)"
    try:
        inside = target.relative_to(boundary)
    except ValueError:
        written = Path(os.path.abspath(path))
        if _is_below(written, boundary) or _is_below(written, Path(os.path.abspath(boundary))):
            return "a link leaving the repository"
        return "outside the repository"
    if any(part.casefold() == GIT_DIR for part in inside.parts):
        return "inside the repository's .git directory"
    return None


def _is_below(path: Path, top: Path) -> bool:
    try:
        path.relative_to(top)
    except ValueError:
        return False
    return True
