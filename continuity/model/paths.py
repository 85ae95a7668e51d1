"""Which paths the tool may read, publish or write: one decision, for every reader and writer.

A path is allowed when, with every link on the way resolved, it lies inside the boundary (the
top of the git work tree holding the memory root, or the memory root itself outside git) and
not inside a ``.git`` directory. So a link ``knowledge/ci.md -> ../.git/config`` (in CI that
file holds the job's token), a linked directory ``notes -> /elsewhere`` and a memory root that
is itself a link out of its repository are refused alike, by readers (discovery, ``recall``)
and by writers (``new``, ``init``, ``note``, ``report --write-audit``, ``generate``).

API:

- :func:`boundary_of` -- the boundary for a path as written (its repository's top, resolved).
- :func:`refusal` -- why a path must not be read, published or written, or None.
- :func:`root_refusal` -- the same for a memory root as written (a root that is a link out).
- :func:`require_allowed` -- :func:`refusal` for writers: raises :class:`PathRefused`.
"""

from __future__ import annotations

import os
from pathlib import Path

from continuity.errors import UsageError

GIT_DIR = ".git"


class PathRefused(UsageError):
    """A writer was asked to write where no writer may: outside the repository, into
    ``.git``, or through a link that leaves it. Nothing was written."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: {reason}; nothing was written (CT602)")
        self.path = path
        self.reason = reason


def repository_top(path: Path) -> Path | None:
    """The nearest ancestor of ``path`` *as written* (links not followed) that holds ``.git``
    (a directory, or a file for worktrees and submodules), or None."""
    lexical = Path(os.path.abspath(path))
    for directory in (lexical, *lexical.parents):
        if os.path.lexists(directory / GIT_DIR):
            return directory
    return None


def boundary_of(path: Path) -> Path:
    """The boundary for ``path``: the top of the work tree that holds it as written, resolved;
    outside git, ``path`` itself (a memory root), resolved."""
    top = repository_top(path)
    return Path(os.path.realpath(top if top is not None else os.path.abspath(path)))


def refusal(path: Path, boundary: Path) -> str | None:
    """Why ``path`` must not be read, published or written, or None when it may be.

    ``boundary`` is resolved (see :func:`boundary_of`). Every link along ``path`` is followed,
    so a linked directory leaving the boundary refuses every file below it.
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


def root_refusal(root: Path) -> str | None:
    """Why a memory root, as written, must not be read: a link (it, or a directory above it)
    that leaves the repository it is written in, or a place inside ``.git``."""
    top = repository_top(root)
    if top is None:
        return None  # outside git the root is its own boundary
    return refusal(root, Path(os.path.realpath(top)))


def require_allowed(path: Path, boundary: Path) -> None:
    """Raise :class:`PathRefused` unless a writer may write ``path`` (see :func:`refusal`)."""
    reason = refusal(path, boundary)
    if reason is not None:
        raise PathRefused(path, reason)
