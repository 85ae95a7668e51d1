"""Which paths the tool may read, publish or write: one decision, for every reader and writer.

A path is allowed when, with every link on the way resolved, it lies inside the boundary (the
top of the git work tree holding the memory root, or the memory root itself outside git) and
not inside a ``.git`` directory. So a link ``knowledge/ci.md -> ../.git/config`` (in CI that
file holds the job's token), a linked directory ``notes -> /elsewhere`` and a memory root that
is itself a link out of its repository are refused alike, by readers (discovery, ``recall``)
and by writers (``new``, ``init``, ``note``, ``report --write-audit``, ``generate``).

API:

- :func:`configured_path` -- a configured path made absolute, its links kept (the one way
  every entry point turns an option into a path, so that all refuse the same link).
- :func:`boundary_of` -- the boundary for a path as written (its repository's top, resolved).
- :func:`refusal` -- why a path must not be read, published or written, or None.
- :func:`root_refusal` -- the same for a memory root as written (a root that is a link out).
- :func:`require_allowed` -- :func:`refusal` for writers: raises :class:`PathRefused`.
"""

from __future__ import annotations

import os
from pathlib import Path

from continuity.errors import UsageError

# The geometry, in the package's root so that configuration can use it too; exported here.
from continuity.paths import GIT_DIR, configured_path, refusal, repository_top

__all__ = ["GIT_DIR", "PathRefused", "boundary_of", "configured_path", "refusal",
           "repository_top", "require_allowed", "root_refusal"]

class PathRefused(UsageError):
    """A writer was asked to write where no writer may: outside the repository, into
    ``.git``, or through a link that leaves it. Nothing was written."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: {reason}; nothing was written (CT602)")
        self.path = path
        self.reason = reason


def boundary_of(path: Path) -> Path:
    """The boundary for ``path``: the top of the work tree that holds it as written, resolved;
    outside git, ``path`` itself (a memory root), resolved."""
    top = repository_top(path)
    return Path(os.path.realpath(top if top is not None else os.path.abspath(path)))


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
