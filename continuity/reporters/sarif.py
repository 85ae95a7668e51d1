"""SARIF 2.1.0 with one reportingDescriptor per rule code."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from continuity import __version__
from continuity.validators.engine import CheckResult
from continuity.validators.fixes import Fix
from continuity.validators.registry import get_rule

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def artifact_uri(path: str) -> str:
    """A relative URI reference: spaces, non-ASCII and undecodable bytes percent-encoded."""
    return quote(path, safe="/", errors="surrogateescape")


def document(result: CheckResult) -> dict[str, Any]:
    codes = sorted(set(result.rules) | {d.code for d in result.diagnostics})
    rules = []
    for code in codes:
        rule = get_rule(code)
        if rule is None:
            continue
        rules.append({
            "id": code, "name": rule.name,
            "shortDescription": {"text": rule.summary},
            "fullDescription": {"text": rule.doc},
            "defaultConfiguration": {"level": rule.severity.value},
            "helpUri": f"https://pypi.org/project/mkdocs-continuity/#{code.lower()}",
        })
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    results = []
    for d in result.diagnostics:
        item: dict[str, Any] = {
            "ruleId": d.code, "ruleIndex": index.get(d.code, 0), "level": d.severity.value,
            "message": {"text": f"{d.message}\nHint: {d.hint}"},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": artifact_uri(d.path), "uriBaseId": "%SRCROOT%"},
                "region": {"startLine": d.line, "startColumn": d.column},
            }}],
        }
        if d.commit:
            item["properties"] = {"commit": d.commit}
        if d.fix is not None:
            fix = sarif_fix(d.path, d.fix)
            if fix is not None:
                item["fixes"] = [fix]
            else:  # a rename: SARIF changes the contents of artifacts, not their names
                item.setdefault("properties", {})["fix"] = d.fix.to_dict()
        results.append(item)
    return {
        "$schema": SCHEMA, "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "continuity", "version": __version__,
                                "informationUri": "https://pypi.org/project/mkdocs-continuity/",
                                "rules": rules}},
            "results": results,
        }],
    }


def sarif_fix(path: str, fix: Fix) -> dict[str, Any] | None:
    """A fix that edits text as SARIF's ``fix`` object; None for one that renames."""
    if fix.rename is not None or not fix.edits:
        return None
    return {"description": {"text": f"{fix.message} ({fix.applicability.value})"},
            "artifactChanges": [{
                "artifactLocation": {"uri": artifact_uri(path), "uriBaseId": "%SRCROOT%"},
                "replacements": [{
                    "deletedRegion": {"startLine": e.line, "startColumn": e.column,
                                      "endLine": e.end_line, "endColumn": e.end_column},
                    "insertedContent": {"text": e.content}} for e in fix.edits]}]}


def render(result: CheckResult) -> str:
    return json.dumps(document(result), indent=2, ensure_ascii=False) + "\n"
