"""The repository, for rules that read git a little but are not history rules (CT203, CT211).

History rules make the engine open the repository (``CheckContext.git``). A rule such as CT211,
which asks git once whether a few names are commits, still runs with ``--select CT211``: then
the repository is opened here, once per run, unless ``git = off``. A shallow clone is no error
here: what it holds is answered, what it lacks is not judged.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from continuity.errors import ShallowClone
from continuity.validators.registry import Analysis, CheckContext

if TYPE_CHECKING:  # imported where git is read: a check without git never loads its reader
    from continuity.history.git import Repository


def repository(ctx: CheckContext) -> Repository | None:
    """The repository of the tree, or None (git off, not installed, or no repository)."""
    if ctx.git is not None:
        return ctx.git
    if ctx.config.git == "off":
        return None
    return LIGHT_REPOSITORY(ctx)


def _open(root: Path) -> Repository | None:
    from continuity.history.git import open_repository

    try:
        status = open_repository(root, "auto")
    except ShallowClone:  # read it all the same, carefully (a refusal is exit 2)
        return _shallow(root)
    return status.repository


def _shallow(root: Path) -> Repository | None:
    from continuity.history.git import GitError, Repository, locate, run_git

    try:
        top, _ = locate(root)
        head = run_git(top, ["rev-parse", "HEAD"], top=top)
    except GitError:
        return None
    return Repository(top, head.decode("ascii", "replace").strip())


def shallow(ctx: CheckContext) -> bool:
    """Whether the repository is a shallow clone (it lacks old commits, so a commit it does not
    hold may still exist). The engine refuses shallow clones for history rules: never here."""
    if ctx.git is not None:
        return False
    return SHALLOW(ctx)


def _is_shallow(repo: Repository | None) -> bool:
    if repo is None:
        return False
    from continuity.history.git import GitError

    try:
        return repo.run("rev-parse", "--is-shallow-repository").strip() == b"true"
    except GitError:
        return True


def tracked(ctx: CheckContext) -> frozenset[str] | None:
    """Root-relative paths git tracks (committed or staged); None when git cannot say."""
    return TRACKED(ctx)


def _tracked(ctx: CheckContext) -> frozenset[str] | None:
    repo = repository(ctx)
    if repo is None:
        return None
    from continuity.history.git import GitError

    root = ctx.tree.root
    try:
        scope = Path(os.path.relpath(root, repo.top)).as_posix()
    except ValueError:
        return None
    if scope.startswith(".."):
        return None
    try:
        output = repo.run("ls-files", "-z", "--cached", "--", scope)
    except GitError as exc:  # said, not swallowed: the rules asking go unjudged
        ctx.notices.append(f"git could not list the tracked files of {root}: "
                           f"{' '.join(str(exc).split())}")
        return None
    prefix = "" if scope == "." else scope + "/"
    names = output.decode("utf-8", "surrogateescape").split("\0")
    return frozenset(name[len(prefix):] for name in names if name.startswith(prefix))


def committed(ctx: CheckContext) -> frozenset[str] | None:
    """Root-relative paths the last commit (HEAD) holds; None when git cannot say. A file in
    the index but not in HEAD is still a draft: it can be changed freely before the commit."""
    return COMMITTED(ctx)


def _committed(ctx: CheckContext) -> frozenset[str] | None:
    repo = repository(ctx)
    if repo is None:
        return None
    from continuity.history.git import GitError

    try:
        scope = Path(os.path.relpath(ctx.tree.root, repo.top)).as_posix()
    except ValueError:
        return None
    if scope.startswith(".."):
        return None
    try:
        output = repo.run("ls-tree", "-r", "-z", "--name-only", "--full-tree", "HEAD", "--",
                          scope)
    except GitError:
        return None
    prefix = "" if scope == "." else scope + "/"
    names = output.decode("utf-8", "surrogateescape").split("\0")
    return frozenset(name[len(prefix):] for name in names if name.startswith(prefix))


# The repository's facts, each asked of git once per run by whichever rule asks first.
LIGHT_REPOSITORY: Analysis[Repository | None] = Analysis(
    "repository", lambda ctx: _open(ctx.tree.root))
SHALLOW: Analysis[bool] = Analysis("repository-shallow", lambda ctx: _is_shallow(repository(ctx)))
TRACKED: Analysis[frozenset[str] | None] = Analysis("repository-tracked", _tracked)
COMMITTED: Analysis[frozenset[str] | None] = Analysis("repository-committed", _committed)
