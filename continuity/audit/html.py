"""The report as one self-contained HTML file: inline CSS and SVG, no script, no remote asset.

Jinja2 escapes every value from the tree (autoescape); only the charts, which
:mod:`continuity.generator.charts` builds with their own escaping, are inserted as markup. Several roots
(the protocol's nesting) give a table of their counts and totals, then one section per root.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from continuity import __version__
from continuity.audit.data import Report, RootsReport
from continuity.audit.markdown import TRAJECTORY_ROWS
from continuity.audit.state_history import SHOWN_DIFFS
from continuity.audit.text import (
    href,
    ledger_lines,
    month_counts,
    roots_verdict_line,
    verdict_line,
)
from continuity.formats.words import plural
from continuity.generator import badges, charts, mdtext

TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "report"

_environment = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=True,
                           undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
_environment.filters["count"] = plural
_environment.filters["tone"] = badges.tone  # a class from a fixed list (generator/badges.py)
# A rule's message, hint or summary: its `code` spans as <code>, the rest escaped (the site's
# escaper; its "{" entity, for template engines that read pages, is a plain "{" in this file).
_environment.filters["prose"] = lambda value: Markup(
    mdtext.html_prose(value).replace("&#123;", "{"))


def _section(report: Report, base: Path, label: str, sid: str, h2: int) -> dict[str, Any]:
    """What the template shows of one root; ``sid`` prefixes its anchors (unique per page),
    ``h2`` is the level of its headings."""
    columns, totals, undated = month_counts(report)
    months = report.months
    ledger = report.ledger
    section: dict[str, Any] = {
        "report": report, "label": label, "sid": sid, "h2": h2,
        "verdict": verdict_line(report),
        "columns": columns,
        "months": months,
        "month_totals": totals,
        "undated": undated,
        "finding_count": sum(len(g.findings) for g in report.groups),
        "activity_chart": Markup(charts.bar_chart(
            [charts.Point(m, totals[m]) for m in months], title="Entries added per month")),
        "ledger_lines": ledger_lines(ledger) if ledger else [],
        "trajectory_chart": Markup(""),
        "shown_cycles": [],
        "trajectory_caption": "",
        "incomplete": [],
        "link": lambda root_path: href(report, root_path, base),
        "shown_diffs": SHOWN_DIFFS,
    }
    if ledger is not None:
        section["trajectory_chart"] = Markup(charts.line_chart(
            charts.trajectory(ledger.cycles),
            title="Goals passing per cycle (dashed: goals total)", y_label="goals"))
        shown = list(ledger.cycles[-TRAJECTORY_ROWS:])
        section["shown_cycles"] = shown
        section["trajectory_caption"] = "Cycles" if len(shown) == len(ledger.cycles) else \
            f"Cycles (latest {len(shown)} of {len(ledger.cycles)})"
        section["incomplete"] = [c for c in ledger.cycles if c.trace == "incomplete"]
    return section


def render(report: Report | RootsReport, base: Path) -> str:
    """HTML whose file links are relative to the directory ``base``."""
    roots = report if isinstance(report, RootsReport) else RootsReport((report,))
    single = len(roots.reports) == 1
    sections = [_section(r, base, roots.label(r), "" if single else f"r{index}-",
                         2 if single else 3)
                for index, r in enumerate(roots.reports)]
    top = roots.reports[0].root if single else roots.top
    return _environment.get_template("report.html.j2").render(
        version=__version__, sections=sections, roots=roots,
        root_name=top.name or str(top),
        verdict=sections[0]["verdict"] if single else roots_verdict_line(roots))
