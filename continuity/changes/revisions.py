"""BASE and HEAD of a review: resolved to commits, or HEAD the index or the working tree.

BASE defaults to the merge-base of HEAD with the default branch (``origin/HEAD``, else
``main``, else ``master``): what a pull request adds. Every git process goes through
:mod:`continuity.history.git` (nothing the repository configures runs). A revision that names
no commit, a shallow or partial clone and a repository git will not read are each a
:class:`~continuity.errors.ContinuityError` (exit 2): nothing could be judged.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from continuity.errors import GitRefused, GitUnavailable, ShallowClone, UsageError
from continuity.history.git import (
    SHALLOW_FIX,
    GitError,
    Repository,
    ci_name,
    open_repository,
    refuse_unsafe_revision,
)

WORKTREE = "working tree"
STAGED = "index"
#: Where the default branch is looked for, in order.
DEFAULT_BRANCHES = ("origin/HEAD", "main", "master", "origin/main", "origin/master")


@dataclass(frozen=True)
class Side:
    """One end of the range: as the user wrote it, and the commit it names (None for the
    working tree or the index, which are read from the disk and the index)."""

    written: str
    sha: str | None

    @property
    def short(self) -> str:
        return self.sha[:7] if self.sha else self.written

    @property
    def committed(self) -> bool:
        return self.sha is not None


@dataclass(frozen=True)
class ReviewRange:
    repository: Repository
    base: Side
    head: Side
    #: The commit the HEAD side starts from: ``head.sha``, or HEAD for the index and the
    #: working tree (their changes are on top of it).
    head_commit: str

    @property
    def empty(self) -> bool:
        return self.head.committed and self.base.sha == self.head.sha


def open_for_review(cwd: Path) -> Repository:
    """The repository at ``cwd``; a clear message (exit 2) where git cannot serve a review."""
    try:
        status = open_repository(cwd, "on")
    except ShallowClone as exc:
        if "partial" in str(exc):
            raise
        raise ShallowClone(f"{_top_of(cwd)}: this is a shallow clone, so the commits between "
                           f"BASE and HEAD may be missing and the review would be wrong; "
                           f"{SHALLOW_FIX[ci_name()]}") from None
    except GitRefused:
        raise
    except GitUnavailable:  # no git, or no work tree here: said in the review's words
        raise GitUnavailable(f"{cwd}: not inside a git repository's work tree (or git is not "
                             "installed); `continuity diff` reviews a range of commits") from None
    repository = status.repository
    if repository is None:
        raise GitUnavailable(status.notice or f"{cwd}: not inside a git repository")
    if not repository.head:
        raise UsageError(f"{repository.top}: no commits yet, so there is no range to review")
    return repository


def _top_of(cwd: Path) -> Path:
    for directory in (cwd, *cwd.parents):
        if (directory / ".git").exists():
            return directory
    return cwd


def resolve(repository: Repository, base: str | None, head: str | None, *,
            staged: bool = False, worktree: bool = False) -> ReviewRange:
    """The range BASE..HEAD. ``staged``/``worktree``: HEAD is the index / the working tree
    (then no HEAD revision may be given)."""
    if (staged or worktree) and head is not None:
        raise UsageError("--staged and --worktree review the index or the working tree "
                         "against BASE: give BASE alone")
    if staged and worktree:
        raise UsageError("--staged and --worktree exclude each other")
    if staged or worktree:
        head_side = Side(STAGED if staged else WORKTREE, None)
        head_commit = repository.head
    else:
        head_side = Side(head or "HEAD", commit_of(repository, head or "HEAD", "HEAD"))
        head_commit = head_side.sha or repository.head
    if base is None:
        base_side = Side(*default_base(repository, head_commit))
    else:
        base_side = Side(base, commit_of(repository, base, "BASE"))
    return ReviewRange(repository, base_side, head_side, head_commit)


def commit_of(repository: Repository, revision: str, role: str) -> str:
    """The full sha ``revision`` names; UsageError when it names no commit here."""
    refuse_unsafe_revision(revision, role)
    try:  # exit 1 with --verify -q: it names nothing; a probe, git's words are not read
        found = repository.run("rev-parse", "--verify", "-q", "--end-of-options",
                               f"{revision}^{{commit}}", allowed=(0, 1))
    except GitError as exc:
        raise GitUnavailable(f"{repository.top}: git cannot resolve {revision!r}: {exc}"
                             ) from None
    sha = found.decode("ascii", "replace").strip()
    if not sha:
        raise UsageError(f"{role} {revision!r} is not a commit of the repository at "
                         f"{repository.top} (a branch, tag or sha; fetch it first if it is "
                         "only on the remote)")
    return sha


def default_base(repository: Repository, head: str) -> tuple[str, str]:
    """(what BASE stands for, its sha): the merge-base of ``head`` with the first default
    branch that exists. UsageError when none does."""
    for branch in DEFAULT_BRANCHES:
        found = repository.run("rev-parse", "--verify", "-q", "--end-of-options",
                               f"{branch}^{{commit}}", allowed=(0, 1)).strip()
        if not found:
            continue
        merge_base = repository.run("merge-base", found.decode("ascii"), head,
                                    allowed=(0, 1)).strip()
        if not merge_base:
            raise UsageError(f"HEAD and {branch} have no common commit; name BASE "
                             "(`continuity diff BASE`)")
        return f"merge-base with {branch}", merge_base.decode("ascii")
    raise UsageError("no default branch to compare with (none of origin/HEAD, main, master); "
                     "name BASE (`continuity diff BASE [HEAD]`)")
