"""The report as JSON, for tools: every figure, every cycle, every finding."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from continuity.audit.data import Report, RootsReport
from continuity.formats.secrets import redact_credentials
from continuity.reporters.json_format import document as check_document


def document(report: Report) -> dict[str, Any]:
    ledger = None
    if report.ledger is not None:
        ledger = asdict(report.ledger)
        ledger["productive"] = report.ledger.productive
        ledger["productive_traced"] = report.ledger.productive_traced
    return {
        "version": 1,
        "tool": "continuity",
        "report": "audit",
        "generated": report.generated,
        "root": redact_credentials(str(report.root)),
        "verdict": report.verdict,  # the verdict and the findings lead, as in md and html
        "findings_by_rule": [{"code": g.code, "name": g.name, "severity": g.severity,
                              "summary": g.summary, "count": len(g.findings)}
                             for g in report.groups],
        "state_files": list(report.state_files),
        "directories": [asdict(d) for d in report.directories],
        "ledger": ledger,
        "state_history": [dict(asdict(f), versions=[dict(asdict(v), diff=v.diff)
                                                     for v in f.versions])
                          for f in report.state_history],
        "check": check_document(report.result),
    }


def roots_document(roots: RootsReport) -> dict[str, Any]:
    """The first root's document, as for one root; ``roots``: every root's counts (the first
    included), ``totals``: their sums; ``below``: the whole document of every other root."""
    doc = document(roots.reports[0])
    doc["roots"] = [{"path": roots.label(r), "root": redact_credentials(str(r.root)), "verdict": r.verdict,
                     "state_files": len(r.state_files), "entries": r.entries, "files": r.files,
                     "errors": r.result.errors, "warnings": r.result.warnings}
                    for r in roots.reports]
    doc["totals"] = {"roots": len(roots.reports), "verdict": roots.verdict,
                     "state_files": roots.state_files, "entries": roots.entries,
                     "files": roots.files, "errors": roots.errors, "warnings": roots.warnings}
    doc["below"] = [dict(document(r), path=roots.label(r)) for r in roots.reports[1:]]
    return doc


def render(report: Report | RootsReport) -> str:
    doc = roots_document(report) if isinstance(report, RootsReport) else document(report)
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
