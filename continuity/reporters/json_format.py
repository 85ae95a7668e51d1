"""The check's JSON document: version, tool, diagnostics, summary."""

from __future__ import annotations

import json
from typing import Any

from continuity.validators.engine import CheckResult


def document(result: CheckResult) -> dict[str, Any]:
    return {
        "version": 1,
        "tool": "continuity",
        "diagnostics": [d.to_dict() for d in result.diagnostics],
        "notices": list(result.notices),
        "summary": {"files": result.files, "errors": result.errors,
                    "warnings": result.warnings},
        # Per root: the convention it was judged by (null: none known), and why.
        "roots": [{"path": v.path, "convention": v.convention, "explanation": v.explanation,
                   "evidence": list(v.evidence), "files": v.files, "judged": v.judged}
                  for v in result.roots],
    }


def render(result: CheckResult) -> str:
    return json.dumps(document(result), indent=2, ensure_ascii=False) + "\n"
