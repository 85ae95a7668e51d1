"""``continuity check --fix``: the mechanical fixes, made only where nothing is lost.

As a linter's safe fixes: only files git does not hold yet (untracked: nothing in history
records them, so changing them rewrites nothing), never a link, never a path outside the
repository, never over an existing file. Two fixes: a misnamed entry (CT101) is renamed to
the name computed from it, and a frontmatter ``date`` written with other separators
(``2026/06/27``, ``2026.06.27``, ``20260627``: CT204) is written ``2026-06-27``. Each fix is
reported; the check that follows judges the result.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from continuity.config import Config
from continuity.errors import ContinuityError
from continuity.history.git import GitError, open_repository
from continuity.model.paths import boundary_of, refusal
from continuity.model.tree import MemoryTree
from continuity.model.workspace import Target, open_target
from continuity.output import write_atomic
from continuity.validators.renames import suggested_name

_DATE_LINE = re.compile(r"^(?P<key>date:[ \t]*)(?P<q>['\"]?)(?P<y>\d{4})(?P<s>[/._]?)(?P<m>\d{2})"
                        r"(?P=s)(?P<d>\d{2})(?P=q)(?P<end>[ \t]*)$", re.MULTILINE)


def fix_targets(targets: list[Target], config: Config, cwd: Path) -> list[str]:
    """Fix what is safe under every target; the lines saying what was done (or why not)."""
    said: list[str] = []
    for target in targets:
        tree = open_target(Target(target.root), config)
        untracked = _untracked(tree)
        if untracked is None:
            said.append(f"fix: nothing fixed in {os.path.relpath(tree.root, cwd)}/: without git "
                        "the files already committed cannot be told apart, and they are "
                        "never changed")
            continue
        said.extend(_fix_tree(tree, untracked, cwd, target.only))
    return said


def _untracked(tree: MemoryTree) -> set[str] | None:
    """Root-relative paths of the tree's files git does not track; None without git."""
    try:
        status = open_repository(tree.root, "auto")
    except ContinuityError:
        return None
    repo = status.repository
    if repo is None:
        return None
    try:
        listed = repo.run("ls-files", "-z", "--others", "--", str(tree.root))
    except GitError:
        return None
    found = set()
    for name in listed.decode("utf-8", "surrogateescape").split("\0"):
        if name:
            rel = os.path.relpath(repo.top / name, tree.root).replace(os.sep, "/")
            if not rel.startswith(".."):
                found.add(rel)
    return found


def _allowed(path: Path, boundary: Path) -> bool:
    return not path.is_symlink() and refusal(path, boundary) is None


def _fix_tree(tree: MemoryTree, untracked: set[str], cwd: Path,
              only: tuple[str, ...] | None) -> list[str]:
    said: list[str] = []
    boundary = boundary_of(tree.root)

    def shown(rel: str) -> str:
        return os.path.relpath(tree.root / rel, cwd).replace(os.sep, "/")

    for directory in tree.directories.values():
        for entry in directory.entries:
            if entry.path not in untracked or entry.archived:
                continue
            if only is not None and not any(entry.path == o or entry.path.startswith(o + "/")
                                            or o in (".", "") for o in only):
                continue
            source = tree.root / entry.path
            if not _allowed(source, boundary):
                continue
            if entry.parsed_name is None:
                name = suggested_name(directory, entry)
                if name is None:
                    said.append(f"fix: {shown(entry.path)}: not renamed, its name and fields "
                                "do not say what it should be (CT101: rename it by hand)")
                    continue
                rel = f"{directory.name}/{name}"
                destination = tree.root / rel
                if not _allowed(destination, boundary) or not destination.parent.is_dir():
                    continue
                try:
                    os.link(source, destination)  # fails if the name is taken: never overwrites
                    os.unlink(source)
                except FileExistsError:
                    said.append(f"fix: {shown(entry.path)}: not renamed, {shown(rel)} exists")
                    continue
                except OSError as exc:
                    said.append(f"fix: {shown(entry.path)}: not renamed: {exc.strerror or exc}")
                    continue
                said.append(f"fixed: renamed {shown(entry.path)} to {shown(rel)} (CT101)")
                source = destination
            said.extend(_fix_date(source, shown(os.path.relpath(source, tree.root))))
    return said


def _fix_date(path: Path, shown: str) -> list[str]:
    """``date: 2026/06/27`` in the frontmatter becomes ``date: 2026-06-27``."""
    if path.suffix != ".md":
        return []
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    if not text.startswith("---"):
        return []
    end = text.find("\n---", 3)
    if end < 0:
        return []
    head = text[:end]
    changed = _DATE_LINE.sub(lambda m: f"{m['key']}{m['q']}{m['y']}-{m['m']}-{m['d']}{m['q']}"
                             f"{m['end']}" if m["s"] != "-" else m.group(0), head)
    if changed == head:
        return []
    write_atomic(path, (changed + text[end:]).encode("utf-8"))
    return [f"fixed: {shown}: the frontmatter date written YYYY-MM-DD (CT204)"]
