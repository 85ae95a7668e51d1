"""What the Markdown and HTML reports share: links to files, and figures said in words."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote

from continuity.formats.secrets import redact_credentials
from continuity.report.data import LedgerSummary, Report, RootsReport


def href(report: Report, root_path: str, base: Path) -> str:
    """A relative URL from ``base`` (where the report is read) to a file of the tree."""
    target = os.path.normpath(os.path.join(report.root, root_path))
    try:
        relative = os.path.relpath(target, base)
    except ValueError:  # another drive
        relative = target
    # A credential in a name (a file's, a child root's folder) is no link target either.
    return quote(redact_credentials(relative.replace(os.sep, "/")), safe="/._-~")


def verdict_line(report: Report) -> str:
    result = report.result
    words = {"pass": "pass: no findings",
             "partial": f"partial: {result.warnings} warning(s), no errors",
             "fail": f"fail: {result.errors} error(s), {result.warnings} warning(s)"}
    return words[report.verdict]


def roots_verdict_line(roots: RootsReport) -> str:
    """The verdict over every root, with the counts summed."""
    words = {"pass": "pass: no findings in any root",
             "partial": f"partial: {roots.warnings} warning(s), no errors",
             "fail": f"fail: {roots.errors} error(s), {roots.warnings} warning(s)"}
    return f"{words[roots.verdict]} ({len(roots.reports)} memory roots)"


def ledger_lines(ledger: LedgerSummary) -> list[str]:
    """The ledger's story in a few sentences (plain text; callers escape it)."""
    lines = []
    if ledger.unreadable:
        return [f"The ledger could not be read: {ledger.unreadable}."]
    results = ", ".join(f"{name} {count}" for name, count in ledger.results.items()) or "none"
    lines.append(f"{len(ledger.cycles)} cycle(s) recorded ({results}).")
    if ledger.bad_lines:
        lines.append(f"{ledger.bad_lines} line(s) are not JSON objects (see the findings).")
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
        lines.append(f"{ledger.productive_traced} of {ledger.productive} productive cycle(s) "
                     f"(improved, regressed, harvested) carry a complete or exempt trace "
                     f"({share:.0f}%).")
    return lines
