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

from continuity.changes.delta import FileDelta, read_deltas, read_range_log
from continuity.changes.model import FindingRef, Review, RootChanges
from continuity.changes.revisions import ReviewRange, open_for_review, resolve
from continuity.changes.roots import in_prefix, relative, review_root, root_prefix
from continuity.changes.snapshot import memory_files, root_files, write_snapshot
from continuity.config import Config, load_config
from continuity.errors import UsageError
from continuity.history.git import Repository
from continuity.model.conventions import forget as forget_recognitions
from continuity.model.tree import MemoryTree, discover
from continuity.model.workspace import open_target, resolve_targets, targets_for
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
    full_check: bool = False  # the whole check at both ends, not just what the range affects
    drift: bool = True  # name what memory cites that HEAD no longer has


def build_review(request: Request, cwd: Path) -> Review:
    cwd = cwd.resolve()
    repository = open_for_review(cwd)
    scope = resolve(repository, request.base, request.head, staged=request.staged,
                    worktree=request.worktree)
    top = repository.top.resolve()
    with tempfile.TemporaryDirectory(prefix="continuity-diff-", dir=_scratch_place()) as scratch:
        head_top = top
        whole = request.check and request.full_check
        if scope.head.committed and (scope.head.sha != repository.head or
                                     (request.check and _dirty(repository))):
            # HEAD as committed: not checked out, or the working tree has moved on from it.
            sha = scope.head.sha or ""
            head_top = write_snapshot(repository, sha, Path(scratch) / "head", None
                                      if whole else memory_files(repository, sha))
        here = head_top / os.path.relpath(cwd, top)
        if not here.is_dir():
            raise UsageError(f"{os.path.relpath(cwd, top)} does not exist at "
                             f"{scope.head.written}: run `continuity diff` from a folder it has")
        config = load_config(here)
        targets = resolve_targets([str(here / p) for p in request.paths], config, here)
        roots = sorted({target.root for target in targets})
        prefixes = [root_prefix(head_top, root) for root in roots]
        deltas = read_deltas(scope, prefixes)
        # The whole check compares whole trees: BASE's is written out; else nothing is (the
        # check judges what the range can affect, read from git: review/scope.py).
        base_top = write_snapshot(repository, scope.base.sha or "", Path(scratch) / "base") \
            if whole else None
        sides = _Sides(repository, scope, head_top, head_top == top, Path(scratch))
        reviews = []
        for root, prefix in zip(roots, prefixes):
            forget_recognitions()
            shown = Path(os.path.relpath(root, here) if root != here else ".").as_posix()
            reviews.append(_review_one(request, scope, config, root, prefix, shown, head_top,
                                       base_top, deltas, prefixes, Path(scratch)))
            if request.check and not whole:
                reviews[-1].introduced, reviews[-1].fixed = _findings(
                    scope, config, root, prefix, deltas, sides)
    return Review(VERSION, _side(scope, "base"), _side(scope, "head"), reviews,
                  _notices(scope, request), checked=request.check)


def _review_one(request: Request, scope: ReviewRange, config: Config, root: Path, prefix: str,
                shown: str, head_top: Path, base_top: Path | None, deltas: list[FileDelta],
                prefixes: list[str], scratch: Path) -> RootChanges:
    at_base = _exists_at(scope, prefix)
    if base_top is not None:
        head_tree = _tree(root, head_top, config)
        base_root = base_top / prefix
        base_tree = _tree(base_root, base_top, load_config(base_top)) if at_base else None
    else:  # only what the changed files need: the state files, their directories
        changed = [p for d in deltas for p in (d.path, d.old_path)
                   if p is not None and in_prefix(p, prefix)]
        head_tree = discover(config, root, only=_representatives(
            [relative(p, prefix) for p in changed if (root / relative(p, prefix)).is_file()]))
        base_tree = _partial_base(scope, prefix, changed, scratch) if at_base else None
    history = read_range_log(scope, prefix)
    changes = review_root(scope, shown, prefix, head_tree, base_tree, deltas, history, prefixes)
    changes.at_base = at_base
    if not at_base:
        changes.notices.append(f"{shown}/ did not exist at {scope.base.short}: everything in "
                               "it is new")
    if base_top is not None:
        from continuity.review.findings import check_root, compare

        before = check_root(base_tree, base_top) if base_tree is not None else []
        changes.introduced, changes.fixed = compare(before, check_root(head_tree, head_top))
    if request.drift:
        changes.drift = stale_citations(scope, head_tree, prefix)
    return changes


class _Sides:
    """Where each end of the range is on disk, whole, for the whole check: the working tree
    for a HEAD checked out as committed, else written out (once, when first asked)."""

    def __init__(self, repository: Repository, scope: ReviewRange, head_top: Path,
                 head_on_disk: bool, scratch: Path) -> None:
        self.repository, self.scope, self.scratch = repository, scope, scratch
        self.head_top, self.head_on_disk = head_top, head_on_disk
        self._whole: dict[str, Path] = {}

    def whole(self, which: str) -> Path:
        if which == "head" and self.head_on_disk:
            return self.head_top
        if which not in self._whole:
            side = self.scope.base if which == "base" else self.scope.head
            self._whole[which] = write_snapshot(self.repository, side.sha or "",
                                                self.scratch / f"whole-{which}")
        return self._whole[which]


def _findings(scope: ReviewRange, config: Config, root: Path, prefix: str,
              deltas: list[FileDelta], sides: _Sides) -> tuple[list[FindingRef],
                                                               list[FindingRef]]:
    """The findings introduced and fixed: judged on what the range can affect, else (when
    that could differ from it) by the whole check at both ends."""
    from continuity.review.findings import check_root, compare
    from continuity.review.scope import scoped_findings

    found = scoped_findings(scope, config, root, prefix, sides.head_top, sides.head_on_disk,
                            deltas, sides.scratch / f"scoped-{len(prefix)}-{hash(prefix)}")
    if found is not None:
        return found
    head_top = sides.whole("head")
    head_root = head_top / os.path.relpath(root, sides.head_top)
    head_config = config if head_top == sides.head_top else load_config(head_top)
    after = check_root(_tree(head_root, head_top, head_config), head_top)
    if not _exists_at(scope, prefix):
        return compare([], after)
    base_top = sides.whole("base")
    base_root = base_top / prefix
    return compare(check_root(_tree(base_root, base_top, load_config(base_top)), base_top),
                   after)


def _partial_base(scope: ReviewRange, prefix: str, changed: list[str], scratch: Path
                  ) -> MemoryTree:
    """BASE's tree of the root as far as the changed files need it (what they were, by the
    convention BASE followed): the root's own files and the changed ones, written out."""
    sha = scope.base.sha or ""
    there = set(scope.repository.run("ls-tree", "-z", "-r", "--name-only", "--full-tree", sha,
                                     "--", *changed).decode("utf-8", "surrogateescape")
                .split("\0")) if changed else set()
    wanted = sorted({*root_files(scope.repository, sha, prefix), *there} - {""})
    base_top = write_snapshot(scope.repository, sha, scratch / f"base-{len(prefix)}-{hash(prefix)}",
                              wanted)
    config = load_config(base_top)
    base_root = base_top / prefix
    return discover(config, base_root, only=_representatives(
        [relative(p, prefix) for p in there if p and in_prefix(p, prefix)]))


def _representatives(paths: list[str]) -> list[str]:
    """What discovery must read to tell what ``paths`` are: one file of each folder (its
    folder's kind is the same for all), every file at the root or not Markdown (state files,
    a ledger, a note store). Entries are not parsed by the hundred to be counted."""
    kept: dict[str, str] = {}
    for path in sorted(paths):
        folder = path.rsplit("/", 1)[0] if "/" in path else ""
        if not folder or not path.endswith(".md"):
            kept[path] = path
        else:
            kept.setdefault(folder, path)
    return sorted(set(kept.values()))


def _dirty(repository: Repository) -> bool:
    """Whether the working tree differs from HEAD (a change, or a file git does not track)."""
    return bool(repository.run("status", "--porcelain", "-z", "--untracked-files=normal",
                               "--ignore-submodules=all").strip())


def _scratch_place() -> str | None:
    """Memory (``/dev/shm``) where there is some to write in, else the system's temporary
    folder: BASE's tree is written there and removed, ten thousand files on a large tree."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK | os.X_OK) else None


def _exists_at(scope: ReviewRange, prefix: str) -> bool:
    if not prefix:
        return True
    listed = scope.repository.run("ls-tree", "--full-tree", scope.base.sha or "", "--", prefix)
    return bool(listed.strip())


def _tree(root: Path, top: Path, config: Config) -> MemoryTree:
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
