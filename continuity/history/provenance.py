"""When, and in which commit, each file of the tree was added: one ``git log`` for the whole root.

The site shows it on every entry page. It is one process over the memory root, never
one per file. Without git, outside a repository or before the first commit the answer
is an empty mapping and the pages simply omit it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from continuity.history.git import GitError, Repository
from continuity.model.tree import MemoryTree

#: Separates commits in the log output; file names are NUL-separated (``-z``).
_COMMIT_MARK = "\x01"


@dataclass(frozen=True)
class CommitRef:
    sha: str
    short: str
    date: str  # committer date, ISO 8601 as git wrote it

    @property
    def moment(self) -> datetime | None:
        try:
            return datetime.fromisoformat(self.date)
        except ValueError:
            return None


def added_commits(tree: MemoryTree, repository: Repository | None) -> dict[str, CommitRef]:
    """root_path -> the most recent commit that added that path (a re-added file counts anew)."""
    if repository is None or not repository.head:
        return {}
    try:
        scope = Path(os.path.relpath(tree.root, repository.top)).as_posix()
    except ValueError:
        return {}
    if scope.startswith(".."):
        return {}
    try:
        output = repository.run(
            "log", "--no-renames", "--diff-filter=A", "--name-only", "-z",
            f"--format={_COMMIT_MARK}%H %h %cI", "HEAD", "--", scope)
    except GitError:
        return {}
    prefix = "" if scope == "." else scope + "/"
    added: dict[str, CommitRef] = {}
    for chunk in output.decode("utf-8", "surrogateescape").split(_COMMIT_MARK):
        if not chunk:
            continue
        header, _, names = chunk.partition("\0")
        parts = header.split(" ")
        if len(parts) != 3:
            continue
        ref = CommitRef(*parts)
        if names.startswith("\n"):  # the end of the header line
            names = names[1:]
        for name in names.split("\0"):
            if name and name.startswith(prefix):
                # git log lists newest first: the first sighting is the latest addition.
                added.setdefault(name[len(prefix):], ref)
    return added
