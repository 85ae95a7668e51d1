"""CT712: a memory bank's log (Roo Code's ``decisionLog.md``) grows by appended entries only.

Roo Code's memory bank records each decision in ``decisionLog.md`` as a new, timestamped entry
after the others: an entry that disappears or is rewritten after it was committed is a
decision lost. Which files are such logs is the convention's data
(``Convention.append_only_files``); judged against git, like other append-only files.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from continuity.validators.diagnostics import Violation
from continuity.validators.registry import Analysis, CheckContext, rule

if TYPE_CHECKING:  # what reads git is imported where git is read
    from continuity.history.log import History


def _logs(ctx: CheckContext) -> tuple[str, ...]:
    convention = ctx.tree.convention
    return convention.append_only_files if convention is not None else ()


def _read_logs(ctx: CheckContext) -> History:
    from continuity.history.log import read_history

    return read_history(ctx.repository, ctx.tree.root,
                        [ctx.tree.root / name for name in _logs(ctx)],
                        since=ctx.config.since, max_blob_size=ctx.config.max_file_size)


#: The history of the bank's logs alone (the convention's append-only files).
LOG_HISTORY: Analysis[History] = Analysis("roo-log-history", _read_logs, needs_git=True)


#: A list item with nothing in it (``*``, ``- ``, ``1.``): the blank a template leaves where
#: entries go, filled in when the first ones are written; no entry.
_EMPTY_ITEM = re.compile(r"(?:[*+\-]|\d{1,3}[.)])")

#: A template's entry left blank: a list item whose labels (``**Context:**``, ``Decision:``)
#: and date fill-in in letters (``[YYYY-MM-DD HH:MM:SS] -``) are followed by an ellipsis
#: alone (``*   **[YYYY-MM-DD HH:MM:SS] - Decision:** ...``, ``    *   **Rationale:** ...``):
#: the skeleton a memory bank starts with, replaced by the first real entry; no entry. A
#: real date, or any word after the label, makes it an entry. (Read in steps, emphasis taken
#: out first, so that every pattern is bounded: a line of many spaces or asterisks is read
#: in linear time.)
_LIST_MARK = re.compile(r"(?:[*+\-]|\d{1,3}[.)])[ \t]")
_BLANK_BODY = re.compile(r"(?:\[?[YMDHS]{1,4}(?:[-/:. ][YMDHS]{1,4}){0,5}\]?[ \t]{0,8}-?[ \t]{0,8})?"
                         r"(?:[A-Za-z][A-Za-z ]{0,40}:)?")


def _blank_entry(stripped: str) -> bool:
    ellipsis = "..." if stripped.endswith("...") else "…" if stripped.endswith("…") else ""
    mark = _LIST_MARK.match(stripped) if ellipsis else None
    if mark is None:
        return False
    body = stripped[mark.end():len(stripped) - len(ellipsis)].replace("*", "").strip()
    return len(body) <= 96 and _BLANK_BODY.fullmatch(body) is not None


def _holds_no_entry(line: str) -> bool:
    stripped = line.strip()
    return not stripped or _EMPTY_ITEM.fullmatch(stripped) is not None or _blank_entry(stripped)


def lost_lines(before: str, after: str) -> list[str]:
    """The lines of ``before`` holding text that ``after`` no longer holds, in order (a blank
    line, an empty list item or an entry of a template's left at ``...``, a template's place
    for entries, holds none)."""
    kept = iter(after.splitlines())
    lost = []
    for line in before.splitlines():
        if _holds_no_entry(line):
            continue
        if not any(line == candidate for candidate in kept):
            lost.append(line)
            kept = iter(after.splitlines())  # look again from the top for the next line
    return lost


@dataclass(frozen=True)
class Loss:
    """The first change of an appended file that dropped committed lines."""

    path: str
    lines: list[str]  # the lines lost, in order
    commit: str | None  # short sha; None for a change not yet committed
    day: str | None

    @property
    def where(self) -> str:
        return f"in commit {self.commit}" if self.commit else "in the working tree"

    @property
    def first(self) -> str:
        shown = self.lines[0].strip()
        return shown if len(shown) <= 80 else shown[:77] + "…"

    def says(self, why: str) -> str:
        """"decisionLog.md lost 2 committed lines in commit 4f2a9c1 (first: '…'): why"."""
        many = "s" if len(self.lines) != 1 else ""
        return (f"{self.path} lost {len(self.lines)} committed line{many} {self.where} "
                f"(first: {self.first!r}): {why}")


def first_losses(history: History, paths: Iterable[str],
                 emptied_is_cleared: bool = False) -> Iterator[Loss]:
    """Each file of ``paths`` at the first change of ``history`` that dropped lines it held
    (CT712's logs, CT823's Aider histories). ``emptied_is_cleared``: a file emptied in a
    change was cleared on purpose, no loss."""
    wanted = set(paths)
    reported: set[str] = set()
    for commit in history.all_commits():
        for change in commit.changes:
            if change.path not in wanted or change.path in reported or change.status != "M":
                continue
            if change.before is None or change.new is None:
                continue
            before, after = history.read_blob(change.before), history.read_blob(change.new)
            if before is None or after is None or (emptied_is_cleared and not after.strip()):
                continue
            lost = lost_lines(before.decode("utf-8", "replace"), after.decode("utf-8", "replace"))
            if lost:
                reported.add(change.path)
                yield Loss(change.path, lost, commit.short, commit.day)


@rule("CT712", "bank-log-rewritten", "warning", uses=(LOG_HISTORY,))
def bank_log_rewritten(ctx: CheckContext) -> Iterator[Violation]:
    """A memory bank's log lost or changed a committed entry (Roo Code's decisionLog.md).

    Roo Code's memory bank keeps decisions in `decisionLog.md`, each a timestamped entry
    added after the others: the log is the record of why the project is as it is. A commit
    (or a change not yet committed) that removes or rewrites a line an earlier commit held is
    a decision lost; adding entries, anywhere, never is. Reported once per log, at the first
    such change, naming the first line lost.

    **Example**

        decisionLog.md: "[2026-02-26] Use SQLite for the benchmark store" gone in commit 4f2a9c1

    **Fix**

    Restore the entry (`git log -p decisionLog.md`), and record a change of mind as a new
    entry that supersedes it.
    """
    if not _logs(ctx):
        return
    for loss in first_losses(LOG_HISTORY(ctx), _logs(ctx)):
        yield Violation(loss.path, loss.says("its entries are appended, never rewritten"),
                        f"restore them (git log -p {loss.path}) and record a change of "
                        "mind as a new entry", commit=loss.commit, commit_date=loss.day)
