"""The report as JSON, for tools: every figure, every cycle, every finding."""

from __future__ import annotations

import json
from dataclasses import asdict

from continuity.reporters.json_format import document as check_document
from continuity.report.data import Report


def document(report: Report) -> dict:
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
        "root": str(report.root),
        "verdict": report.verdict,
        "state_files": list(report.state_files),
        "directories": [asdict(d) for d in report.directories],
        "ledger": ledger,
        "findings_by_rule": [{"code": g.code, "name": g.name, "severity": g.severity,
                              "summary": g.summary, "count": len(g.findings)}
                             for g in report.groups],
        "check": check_document(report.result),
    }


def render(report: Report) -> str:
    return json.dumps(document(report), indent=2, ensure_ascii=False) + "\n"
