"""Which baseline entries the change under review adds: a reviewer must see each.

An entry in ``.continuity-baseline.json`` hides a finding, so a pull request that adds one (or
widens one: another message, no identity) hides what it acknowledges from every later check.
The entries the file holds now are compared with those it held at the start of the range
judged: ``since`` when set; else the last commit when the file differs from it (a change not
committed yet: the pre-commit hook), else the last commit's first parent (the commit under
review; in a pull request's merge checkout, the base branch). Each entry added is named in a
notice (``::notice::`` and the job summary on GitHub): code, path, and the reason given.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from continuity.errors import ContinuityError
from continuity.formats.secrets import redact_credentials
from continuity.formats.words import plural
from continuity.validators.baseline_file import MAX_SIZE, Entry, parse

if TYPE_CHECKING:  # imported where git is read
    from continuity.history.git import Repository

#: Entries named in the notice; the rest are counted.
LISTED = 5


def _key(entry: Entry) -> tuple[str, str, str, str]:
    return (entry.code, entry.path, entry.message, entry.identity or "")


def added_notice(path: Path, entries: tuple[Entry, ...], since: str | None) -> list[str]:
    """A notice naming the entries added in the range under review; [] when none, or when
    git cannot say (no repository, the file outside it, or not in git at the start)."""
    from continuity.history.git import GitError, open_repository, refuse_unsafe_revision

    try:
        repository = open_repository(path.parent, "auto").repository
    except ContinuityError:
        return []
    if repository is None or repository.head == "":
        return []
    try:
        rel = Path(os.path.realpath(path)).relative_to(
            os.path.realpath(repository.top)).as_posix()
    except ValueError:
        return []
    now = Counter(_key(entry) for entry in entries)
    try:
        if since is not None:
            refuse_unsafe_revision(since)
            start, label = since, f"since {since}"
        else:
            at_head = _entries_at(repository, f"HEAD:{rel}")
            if at_head is None or Counter(map(_key, at_head)) != now:
                start, label = "HEAD", "in changes not committed yet"
            else:
                start, label = "HEAD^1", f"by commit {repository.head[:7]}"
        before = _entries_at(repository, f"{start}:{rel}")
    except (GitError, ContinuityError):
        return []
    if before is None:
        before = ()
    added = now - Counter(map(_key, before))
    if not added:
        return []
    reasons = {_key(entry): entry.reason for entry in entries}
    listed = [f"{code} {path} ({reasons.get((code, path, message, identity)) or 'no reason'})"
              for code, path, message, identity in sorted(added.elements())[:LISTED]]
    count = sum(added.values())
    more = f" and {count - LISTED} more" if count > LISTED else ""
    return [redact_credentials(
        f"review: {plural(count, 'baseline entry', 'baseline entries')} added to "
        f"{path.name} {label}, each hiding a finding from every later check: "
        f"{'; '.join(listed)}{more}")]


def _entries_at(repository: Repository, name: str) -> tuple[Entry, ...] | None:
    """The entries of the baseline blob ``name`` (``REV:path``), or None when there is none.
    A version that does not parse counts as empty: all it holds now is new."""
    with repository.blob_reader() as reader:
        [(_, data)] = list(reader.read([name], max_size=MAX_SIZE))
    if data is None:
        return None
    try:
        return parse(data, name)
    except ContinuityError:
        return ()
