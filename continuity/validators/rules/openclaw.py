"""CT72x: OpenClaw workspace — daily notes are the day's raw log. Judged only where the root
follows OpenClaw's convention (``continuity.model.conventions``); MEMORY.md's dead links are
CT111, as everywhere."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import TYPE_CHECKING

from continuity.model.kinds import ARCHIVE
from continuity.model.naming import date_in_name
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import Analysis, CheckContext, rule

if TYPE_CHECKING:
    from continuity.history.log import History

DAILY = "memory"
#: Days after a note's own day that an edit is still that day's log (time zones, a session
#: past midnight): an edit on the note's day or the next is never a finding.
GRACE_DAYS = 1


def _read_daily(ctx: CheckContext) -> History:
    """The history of memory/ alone (the CT3xx history reads only append-only places)."""
    from continuity.history.log import read_history

    return read_history(ctx.repository, ctx.tree.root, [ctx.tree.root / DAILY],
                        since=ctx.config.since, max_blob_size=ctx.config.max_file_size)


DAILY_HISTORY: Analysis[History] = Analysis("openclaw-daily-history", _read_daily,
                                            needs_git=True)


def _note_day(path: str) -> dt.date | None:
    parts = path.split("/")
    if len(parts) != 2 or parts[0] != DAILY or parts[1].startswith(ARCHIVE):
        return None  # memory/archive/…, or deeper: rotated out, not a day's note
    written = date_in_name(parts[1])
    try:
        return dt.date.fromisoformat(written) if written else None
    except ValueError:
        return None


def _only_added(history: History, old: str | None, new: str | None) -> bool:
    """Whether the new version keeps every line of the old one, in order (lines added only).
    A version that cannot be read says nothing against the change."""
    if old is None or new is None:
        return True
    before, after = history.read_blob(old), history.read_blob(new)
    if before is None or after is None:
        return True
    kept = iter(after.decode("utf-8", "replace").splitlines())
    return all(any(line == candidate for candidate in kept)
               for line in before.decode("utf-8", "replace").splitlines())


@rule("CT721", "daily-note-rewritten", "warning", uses=(DAILY_HISTORY,))
def daily_note_rewritten(ctx: CheckContext) -> Iterator[Violation]:
    """An OpenClaw daily note was changed days after its own day.

    OpenClaw's workspace template keeps `memory/YYYY-MM-DD.md` as "raw logs of what happened"
    that day: the agent appends to today's note as the day goes. A past day's note edited later
    is that day's record changed after the fact (memory maintenance folds notes into MEMORY.md;
    it does not rewrite them). A later change that only adds lines (the day's notes committed
    late) is not a rewrite; edits on the note's day or the next are never reported, nor moves
    into memory/archive/; each note is reported once, at the first change that removes or
    alters a line.

    **Example**

        memory/2026-03-02.md changed in a commit of 2026-03-09

    **Fix**

    Record the correction in today's note (or in MEMORY.md) instead, and leave past notes as
    they were written.
    """
    history = DAILY_HISTORY(ctx)
    today = ctx.now.date()
    reported: set[str] = set()
    for commit in history.all_commits():
        when = dt.date.fromisoformat(commit.day) if commit.day else today
        for change in commit.changes:
            if change.status != "M" or change.path in reported:
                continue
            day = _note_day(change.path)
            if day is None or (when - day).days <= GRACE_DAYS:
                continue
            if _only_added(history, change.before, change.new):
                continue  # the day's notes committed late, not rewritten
            reported.add(change.path)
            where = f"in commit {commit.short}" if commit.short else "in the working tree"
            yield Violation(change.path, f"daily note of {day.isoformat()} changed {where} of "
                            f"{when.isoformat()}, {(when - day).days} days later",
                            "record corrections in today's note or MEMORY.md; past daily "
                            "notes are the record of their day",
                            commit=commit.short, commit_date=commit.day)
