"""What the Markdown and HTML reports share: links to files, and figures said in words."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

from continuity.audit.data import DirectorySummary, LedgerSummary, Report, RootsReport
from continuity.formats.secrets import redact_credentials
from continuity.formats.words import plural


def href(report: Report, root_path: str, base: Path) -> str:
    """A relative URL from ``base`` (where the report is read) to a file of the tree."""
    target = os.path.normpath(os.path.join(report.root, root_path))
    try:
        relative = os.path.relpath(target, base)
    except ValueError:  # another drive
        relative = target
    # A credential in a name (a file's, a child root's folder) is no link target either.
    # A name that is not UTF-8 (CT210) is quoted by its bytes (caf%E9.md), as its file is named.
    return quote(redact_credentials(relative.replace(os.sep, "/")), safe="/._-~",
                 errors="surrogateescape")


def verdict_line(report: Report) -> str:
    result = report.result
    words = {"pass": "pass: no findings",
             "partial": f"partial: {plural(result.warnings, 'warning')}, no errors",
             "fail": f"fail: {plural(result.errors, 'error')}, "
                     f"{plural(result.warnings, 'warning')}"}
    return words[report.verdict]


def roots_verdict_line(roots: RootsReport) -> str:
    """The verdict over every root, with the counts summed."""
    words = {"pass": "pass: no findings in any root",
             "partial": f"partial: {plural(roots.warnings, 'warning')}, no errors",
             "fail": f"fail: {plural(roots.errors, 'error')}, {plural(roots.warnings, 'warning')}"}
    return f"{words[roots.verdict]} ({len(roots.reports)} memory roots)"


def ledger_lines(ledger: LedgerSummary) -> list[str]:
    """The ledger's story in a few sentences (plain text; callers escape it)."""
    lines = []
    if ledger.unreadable:
        return [f"The ledger could not be read: {ledger.unreadable}."]
    results = ", ".join(f"{name} {count}" for name, count in ledger.results.items()) or "none"
    lines.append(f"{plural(len(ledger.cycles), 'cycle')} recorded ({results}).")
    if ledger.bad_lines:
        what = "is not a JSON object" if ledger.bad_lines == 1 else "are not JSON objects"
        lines.append(f"{plural(ledger.bad_lines, 'line')} {what} (see the findings).")
    plotted = ledger.plotted
    if plotted:
        first, last = plotted[0], plotted[-1]
        best = max(plotted, key=lambda c: ((c.goals_passing or 0) / c.goals_total
                                           if c.goals_total else 0, c.cycle or 0))
        lines.append(f"Goals passing went from {first.goals_passing}/{first.goals_total} "
                     f"(cycle {first.cycle}) to {last.goals_passing}/{last.goals_total} "
                     f"(cycle {last.cycle}); best {best.goals_passing}/{best.goals_total} "
                     f"(cycle {best.cycle}).")
    if ledger.productive:
        share = 100 * ledger.productive_traced / ledger.productive
        lines.append(f"{ledger.productive_traced} of {plural(ledger.productive, 'productive cycle')} "
                     f"(improved, regressed, harvested) carry a complete or exempt trace "
                     f"({share:.0f}%).")
    return lines


def month_counts(report: Report) -> tuple[list[DirectorySummary], dict[str, int], int]:
    """The "Entries per month" table's columns and totals, from the same counts as "Entries per
    directory": every directory with an entry is a column, and its entries whose name carries
    no date are a row of their own, so each column adds up to the directory's count."""
    columns = [d for d in report.directories if d.entries]
    totals = {m: sum(d.by_month.get(m, 0) for d in columns) for m in report.months}
    return columns, totals, sum(d.undated for d in columns)
