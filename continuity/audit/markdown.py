"""The report as Markdown: readable as plain text, rendered by any Markdown engine.

Rendered from ``templates/report/report.md.j2`` with the site's filters
(:mod:`continuity.generator.mdtext`), so there is one escaper for every Markdown the tool
writes: text from the tree (messages, paths, ledger values) can become neither HTML nor an
attribute list nor a ``{{placeholder}}``; the same text is filed as an audit entry, which the
rules then judge (CT203, CT604).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

from continuity.audit.data import Report, RootsReport
from continuity.audit.state_history import SHOWN_DIFFS
from continuity.audit.text import (
    href,
    ledger_lines,
    month_counts,
    roots_verdict_line,
    verdict_line,
)
from continuity.formats.words import plural
from continuity.generator import mdtext
from continuity.output import printable

#: Cycles listed in the trajectory table (the JSON report has them all).
TRAJECTORY_ROWS = 50


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("continuity", "templates/report"),
        autoescape=False, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined)
    env.filters.update({"md": mdtext.inline, "prose": mdtext.prose, "code": mdtext.code,
                        "code_block": mdtext.code_block, "count": plural})
    return env


def render(report: Report, base: Path, *, level: int = 1, title: bool = True,
           intro: bool = True) -> str:
    """Markdown with its top heading at ``level``; links relative to the directory ``base``;
    ``intro``: the first line says when and for what it was generated (not in a section of a
    report of several roots, which says it once)."""
    ledger = report.ledger
    shown = list(ledger.cycles[-TRAJECTORY_ROWS:]) if ledger else []
    caption = "Trajectory" if ledger is None or len(shown) == len(ledger.cycles) else \
        f"Trajectory (latest {len(shown)} of {plural(len(ledger.cycles), 'cycle')})"
    columns, month_totals, undated = month_counts(report)
    text = _environment().get_template("report.md.j2").render(
        report=report, result=report.result, level=level, title=title, intro=intro,
        root_name=report.root.name or str(report.root), verdict=verdict_line(report),
        columns=columns, months=report.months, month_totals=month_totals, undated=undated,
        ledger=ledger, ledger_lines=ledger_lines(ledger) if ledger else [],
        shown_cycles=shown, trajectory_caption=caption, rows=TRAJECTORY_ROWS,
        incomplete=[c for c in ledger.cycles if c.trace == "incomplete"] if ledger else [],
        link=lambda root_path: href(report, root_path, base), shown_diffs=SHOWN_DIFFS)
    return printable(text.strip("\n")) + "\n"


def render_roots(roots: RootsReport, base: Path, *, level: int = 1, title: bool = True) -> str:
    """Every root's report: one root as :func:`render` gives it; several as a table of their
    counts and totals, then one section per root, parents first."""
    if len(roots.reports) == 1:
        return render(roots.reports[0], base, level=level, title=title)
    sections = [(roots.label(report),
                 render(report, base, level=level + 1, title=False, intro=False))
                for report in roots.reports]
    text = _environment().get_template("roots.md.j2").render(
        roots=roots, first=roots.reports[0], level=level, title=title,
        top_name=str(roots.top.name or roots.top), verdict=roots_verdict_line(roots),
        sections=sections)
    return printable(text.strip("\n")) + "\n"
