"""GitLab Code Quality: the JSON array the merge request's Code Quality widget reads.

Each finding is an object with ``description``, ``check_name``, ``fingerprint``, ``severity``
and ``location`` (``path``, ``lines.begin``), GitLab's documented subset of the Code Climate
issue format. GitLab matches findings across pipelines by fingerprint (to show what a merge
request fixed and what it brought), so a fingerprint depends on the rule, the file and the
message only: an edit that moves a finding to another line, or adds findings elsewhere, leaves
it as it was. Identical findings in one file are told apart by their rank among themselves.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from typing import Any

from continuity.output import json_text
from continuity.validators.diagnostics import Diagnostic, Severity
from continuity.validators.engine import CheckResult

#: GitLab's scale is info, minor, major, critical, blocker. Errors are major (they fail the
#: check), warnings minor, and a credential about to be published critical.
SEVERITY = {Severity.ERROR: "major", Severity.WARNING: "minor"}
CRITICAL_CODES = frozenset({"CT601"})


def severity(d: Diagnostic) -> str:
    return "critical" if d.code in CRITICAL_CODES else SEVERITY[d.severity]


def report_path(path: str, environ: Mapping[str, str] | None = None) -> str:
    """Paths relative to the project (``$CI_PROJECT_DIR``), as GitLab looks files up."""
    environ = os.environ if environ is None else environ
    project = environ.get("CI_PROJECT_DIR")
    if not project:
        return path
    try:
        relative = os.path.relpath(os.path.abspath(path), os.path.realpath(project))
    except ValueError:
        return path
    return path if relative.startswith("..") else relative.replace(os.sep, "/")


def fingerprint(d: Diagnostic, path: str, rank: int) -> str:
    key = "\0".join(("continuity", d.code, path, d.message, str(rank)))
    return hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()


def issues(result: CheckResult) -> list[dict[str, Any]]:
    seen: dict[tuple[str, str, str], int] = {}
    found = []
    for d in sorted(result.diagnostics):  # by path and line: ranks among twins are stable
        path = report_path(d.path)
        twin = (d.code, path, d.message)
        rank = seen[twin] = seen.get(twin, -1) + 1
        commit = f" [commit {d.commit}]" if d.commit else ""
        found.append({
            "description": f"{d.code} {d.message}{commit}. Fix: {d.hint}",
            "check_name": f"{d.code} {d.name}",
            "fingerprint": fingerprint(d, path, rank),
            "severity": severity(d),
            "location": {"path": path, "lines": {"begin": d.line}},
        })
    return found


def render(result: CheckResult) -> str:
    # C1 and bidirectional controls escaped as \\u escapes (the same JSON): a report cat in a
    # job log never carries them raw.
    return json_text(json.dumps(issues(result), indent=2, ensure_ascii=False)) + "\n"
