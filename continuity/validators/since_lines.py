"""``since`` as a baseline for line-based records (the cycle ledger, the note stores).

A team adopting the tool on an append-only log cannot fix its old lines: editing a committed
line is the rewrite CT304 forbids. With ``since = REV`` the lines a record already held at REV
are not judged; the lines after them are. The baseline is the run of leading lines that are
byte for byte what the file held at REV: a line changed since then is judged again (and the
rewrite is CT304's finding).
"""

from __future__ import annotations

import dataclasses
import functools
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from continuity.errors import UsageError
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import Analysis, CheckContext
from continuity.validators.repository import repository

if TYPE_CHECKING:  # imported where git is read: a check without git never loads its reader
    from continuity.history.git import Repository


class _LineFile(Protocol):
    @property
    def path(self) -> str: ...

    @property
    def abspath(self) -> Path: ...


def _top_relative(top: Path, path: Path) -> str | None:
    for base, target in ((top, Path(os.path.abspath(path))),
                         (top.resolve(), Path(os.path.abspath(path)).resolve())):
        rel = os.path.relpath(target, base)
        if not rel.startswith(".."):
            return rel.replace(os.sep, "/")
    return None


def _common_lines(old: bytes, new: bytes) -> int:
    """How many whole lines ``new`` begins with that ``old`` had, in order."""
    count = 0
    old_lines, new_lines = old.split(b"\n"), new.split(b"\n")
    complete = len(old_lines) - 1  # the last piece has no final newline: not a whole line
    for index in range(min(complete, len(new_lines) - 1)):
        if old_lines[index] != new_lines[index]:
            break
        count += 1
    return count


def _line_files(ctx: CheckContext) -> list[_LineFile]:
    """The records judged line by line: the cycle ledger and the note stores."""
    files: list[_LineFile] = []
    if ctx.tree.ledger is not None:
        files.append(ctx.tree.ledger)
    files.extend(ctx.tree.note_stores)
    return files


def _leading_lines(ctx: CheckContext, repo: Repository, files: list[_LineFile],
                   commit: str) -> dict[str, int]:
    """For each record, how many of its leading lines it held, as they are, at ``commit``
    (one blob stream for all of them). Raises GitError."""
    wanted: dict[str, str] = {}
    for tree_file in files:
        rel = _top_relative(repo.top, tree_file.abspath)
        if rel is not None:
            wanted[tree_file.path] = f"{commit}:{rel}"
    with repo.blob_reader() as reader:
        blobs = dict(reader.read(wanted.values(), max_size=ctx.config.max_file_size))
    counts: dict[str, int] = {}
    by_path = {f.path: f for f in files}
    for path, name in wanted.items():
        read = getattr(by_path[path], "read", None)
        new = read.raw if read is not None else None
        if new is not None:
            counts[path] = _common_lines(blobs.get(name) or b"", new)
    return counts


def _compute(ctx: CheckContext) -> dict[str, int]:
    since = ctx.config.since
    files = _line_files(ctx)
    if since is None or not files:
        return {}
    if ctx.git is None:
        ctx.notices.append(f"since: no git history here, so the lines the ledger and note "
                           f"stores held at {since} are judged too")
        return {}
    from continuity.history.git import GitError, refuse_unsafe_revision

    refuse_unsafe_revision(since)
    try:
        commit = ctx.git.resolve_commits([since]).get(since)
    except GitError as exc:
        ctx.notices.append(f"since: the baseline of line records was not read: {exc}")
        return {}
    if commit is None:
        raise UsageError(f"since: {since!r} is not a commit of the repository at {ctx.git.top}")
    try:
        return _leading_lines(ctx, ctx.git, files, commit)
    except GitError as exc:
        ctx.notices.append(f"since: the baseline of line records was not read: {exc}")
        return {}


def baseline(ctx: CheckContext, path: str) -> int:
    """Lines 1..N of the record at ``path`` are the baseline (0: judge every line)."""
    return LINE_BASELINE(ctx).get(path, 0)


def committed_lines(ctx: CheckContext, path: str) -> int | None:
    """How many leading lines of the record at ``path`` the last commit holds as they are now
    (0 for a record no commit holds); None when git cannot say. A line past them is not
    committed yet: it may still be corrected in place."""
    return LINES_COMMITTED(ctx).get(path)


def _committed(ctx: CheckContext) -> dict[str, int]:
    repo = repository(ctx)  # opened for these few reads when no history rule opened it
    files = _line_files(ctx)
    if repo is None or not files:
        return {}
    from continuity.history.git import GitError

    try:
        return _leading_lines(ctx, repo, files, "HEAD")
    except GitError:
        return {}


#: Per record (ledger, note store, log): its lines 1..N that ``since`` holds (the baseline),
#: and how many leading lines the last commit holds; computed once per run.
LINE_BASELINE: Analysis[dict[str, int]] = Analysis("line-baseline", _compute)
LINES_COMMITTED: Analysis[dict[str, int]] = Analysis("lines-committed", _committed)


def worded_by_commit(*replacements: tuple[str, str]
                     ) -> Callable[[Callable[[CheckContext], Iterable[Violation]]],
                                   Callable[[CheckContext], Iterator[Violation]]]:
    """A line rule's hints in the right words for each line: for a line no commit holds yet,
    each (said, instead) of ``replacements`` is applied ("committed lines stay as they are"
    becomes "correct it where it is")."""
    def decorate(check: Callable[[CheckContext], Iterable[Violation]]
                 ) -> Callable[[CheckContext], Iterator[Violation]]:
        @functools.wraps(check)
        def worded(ctx: CheckContext) -> Iterator[Violation]:
            for violation in check(ctx):
                committed = committed_lines(ctx, violation.path)
                if committed is not None and violation.line > committed:
                    hint = violation.hint
                    for said, instead in replacements:
                        hint = hint.replace(said, instead)
                    violation = dataclasses.replace(violation, hint=hint)
                yield violation
        return worded
    return decorate
