"""Build the review of a range: resolve it, find the memory roots, read what git says changed
(``continuity.changes``), and compare the check's findings at both ends.

BASE's tree (and HEAD's, when HEAD is not what is checked out) is written into a temporary
directory by ``git archive`` and removed after: the user's working tree, index and ``.git``
are only read.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from continuity.changes.delta import read_deltas, read_range_log
from continuity.changes.model import Review, RootChanges
from continuity.changes.revisions import ReviewRange, open_for_review, resolve
from continuity.changes.roots import review_root, root_prefix
from continuity.changes.snapshot import write_snapshot
from continuity.config import load_config
from continuity.errors import UsageError
from continuity.model.conventions import forget as forget_recognitions
from continuity.model.tree import MemoryTree
from continuity.model.workspace import open_target, resolve_targets, targets_for
from continuity.review.findings import check_root, compare
from continuity.review.stale import stale_citations

VERSION = 1


@dataclass(frozen=True)
class Request:
    base: str | None = None
    head: str | None = None
    staged: bool = False
    worktree: bool = False
    paths: tuple[str, ...] = ()
    check: bool = True  # compare the findings at both ends
    drift: bool = True  # name what memory cites that HEAD no longer has


def build_review(request: Request, cwd: Path) -> Review:
    cwd = cwd.resolve()
    repository = open_for_review(cwd)
    scope = resolve(repository, request.base, request.head, staged=request.staged,
                    worktree=request.worktree)
    top = repository.top.resolve()
    with tempfile.TemporaryDirectory(prefix="continuity-diff-") as scratch:
        head_top = top
        if scope.head.committed and scope.head.sha != repository.head:
            head_top = write_snapshot(repository, scope.head.sha or "", Path(scratch) / "head")
        here = head_top / os.path.relpath(cwd, top)
        if not here.is_dir():
            raise UsageError(f"{os.path.relpath(cwd, top)} does not exist at "
                             f"{scope.head.written}: run `continuity diff` from a folder it has")
        config = load_config(here)
        targets = resolve_targets([str(here / p) for p in request.paths], config, here)
        roots = sorted({target.root for target in targets})
        prefixes = [root_prefix(head_top, root) for root in roots]
        base_top = write_snapshot(repository, scope.base.sha or "", Path(scratch) / "base",
                                  None if request.check else prefixes)
        deltas = read_deltas(scope, prefixes)
        reviews = []
        for root, prefix in zip(roots, prefixes):
            forget_recognitions()
            head_tree = _tree(root, head_top, config)
            base_root = base_top / prefix
            base_tree = _tree(base_root, base_top, load_config(base_top)) \
                if base_root.is_dir() else None
            history = read_range_log(scope, prefix)
            shown = os.path.relpath(root, here) if root != here else "."
            changes = review_root(scope, Path(shown).as_posix(), prefix, head_tree, base_tree,
                                  deltas, history, prefixes)
            if base_tree is None:
                changes.notices.append(f"{shown}/ did not exist at {scope.base.short}: "
                                       "everything in it is new")
            if request.check:
                before = check_root(base_root, base_top) if base_tree is not None else []
                changes.introduced, changes.fixed = compare(before, check_root(root, head_top))
            if request.drift:
                changes.drift = stale_citations(scope, head_tree, prefix)
            reviews.append(changes)
    return Review(VERSION, _side(scope, "base"), _side(scope, "head"), reviews,
                  _notices(scope, request), checked=request.check)


def _tree(root: Path, top: Path, config: object) -> MemoryTree:
    from continuity.config import Config

    assert isinstance(config, Config)
    for target in targets_for(root, config, top):
        if target.root == root.resolve():
            return open_target(target, config)
    return open_target(targets_for(root, config, top)[0], config)


def _side(scope: ReviewRange, which: str) -> dict[str, str | None]:
    side = scope.base if which == "base" else scope.head
    return {"rev": side.written, "sha": side.sha}


def _notices(scope: ReviewRange, request: Request) -> list[str]:
    notices = []
    if scope.empty:
        notices.append(f"BASE and HEAD are the same commit ({scope.base.short}): nothing to "
                       "review")
    if request.staged and request.check:
        notices.append("the findings at HEAD are those of the working tree (the index is "
                       "not written out to be checked)")
    return notices


__all__ = ["Request", "RootChanges", "build_review"]
