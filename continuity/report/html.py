"""The report as one self-contained HTML file: inline CSS and SVG, no script, no remote asset.

Jinja2 escapes every value from the tree (autoescape); only the charts, which
:mod:`continuity.charts` builds with their own escaping, are inserted as markup.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from continuity import __version__
from continuity.generator import charts
from continuity.report.data import Report
from continuity.report.markdown import TRAJECTORY_ROWS
from continuity.report.text import href, ledger_lines, verdict_line

TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "report"

_environment = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=True,
                           undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)


def render(report: Report, base: Path) -> str:
    """HTML whose file links are relative to the directory ``base``."""
    dated = [d for d in report.directories if d.by_month]
    months = report.months
    totals = {m: sum(d.by_month.get(m, 0) for d in dated) for m in months}
    ledger = report.ledger
    context = {
        "version": __version__,
        "report": report,
        "root_name": report.root.name or str(report.root),
        "verdict": verdict_line(report),
        "dated": dated,
        "months": months,
        "month_totals": totals,
        "activity_chart": Markup(charts.bar_chart(
            [charts.Point(m, totals[m]) for m in months], title="Entries added per month")),
        "ledger_lines": ledger_lines(ledger) if ledger else [],
        "trajectory_chart": Markup(""),
        "shown_cycles": [],
        "trajectory_caption": "",
        "incomplete": [],
        "link": lambda root_path: href(report, root_path, base),
    }
    if ledger is not None:
        context["trajectory_chart"] = Markup(charts.line_chart(
            charts.trajectory(ledger.cycles),
            title="Goals passing per cycle (dashed: goals total)", y_label="goals"))
        shown = list(ledger.cycles[-TRAJECTORY_ROWS:])
        context["shown_cycles"] = shown
        context["trajectory_caption"] = "Cycles" if len(shown) == len(ledger.cycles) else \
            f"Cycles (latest {len(shown)} of {len(ledger.cycles)})"
        context["incomplete"] = [c for c in ledger.cycles if c.trace == "incomplete"]
    return _environment.get_template("report.html.j2").render(**context)
