"""Reviewdog Diagnostic Format (rdjson): findings for reviewdog to post on a pull request.

reviewdog (``reviewdog -f=rdjson``) turns a linter's findings into review comments on GitHub,
GitLab, Gitea or Bitbucket, filtered to the lines the change touched. The document is one
``DiagnosticResult``: ``source``, then ``diagnostics``, each with ``message``, ``location``
(``path``, ``range.start``), ``severity`` (ERROR or WARNING), ``code`` (the rule, with the
page that explains it) and, for a fix that edits the file's text, ``suggestions`` that
reviewdog offers as a suggested change. A rename cannot be a suggestion (they replace text):
it is said in the message.

Positions are 1-based; reviewdog counts columns in UTF-8 bytes, the check in characters. The
file is read again only for a fix's edits (a file the rule itself read and parsed, never one it
refused, such as a link leaving the repository), to convert their positions; elsewhere a
finding past the first column is given by its line alone, which is what reviewdog comments on.
"""

from __future__ import annotations

import json
from typing import Any

from continuity.output import json_text
from continuity.validators.diagnostics import Diagnostic, Severity
from continuity.validators.engine import CheckResult
from continuity.validators.fixes import Edit

SOURCE = {"name": "continuity", "url": "https://pypi.org/project/mkdocs-continuity/"}
SEVERITY = {Severity.ERROR: "ERROR", Severity.WARNING: "WARNING"}


def _lines(path: str, cache: dict[str, list[str] | None]) -> list[str] | None:
    if path not in cache:
        try:
            with open(path, encoding="utf-8", newline="") as handle:
                cache[path] = handle.read().splitlines()
        except (OSError, UnicodeDecodeError, ValueError):
            cache[path] = None
    return cache[path]


def _position(lines: list[str] | None, line: int, column: int) -> dict[str, int]:
    """``{line, column}`` with the column in UTF-8 bytes, or ``{line}`` alone when the line's
    text is not known (reviewdog then takes the whole line)."""
    if lines is None or not 1 <= line <= len(lines) + 1:
        return {"line": line, "column": 1} if column == 1 else {"line": line}
    text = lines[line - 1] if line <= len(lines) else ""
    return {"line": line, "column": len(text[:max(column - 1, 0)].encode("utf-8")) + 1}


def _suggestion(edit: Edit, lines: list[str] | None) -> dict[str, Any] | None:
    if lines is None:
        return None  # a text replacement needs exact positions
    return {"range": {"start": _position(lines, edit.line, edit.column),
                      "end": _position(lines, edit.end_line, edit.end_column)},
            "text": edit.content}


def diagnostic(d: Diagnostic, cache: dict[str, list[str] | None]) -> dict[str, Any]:
    lines = _lines(d.path, cache) if d.fix is not None and d.fix.edits else None
    message = d.message + (f" [commit {d.commit}]" if d.commit else "") + f". Fix: {d.hint}"
    item: dict[str, Any] = {
        "message": message,
        "location": {"path": d.path, "range": {"start": _position(lines, d.line, d.column)}},
        "severity": SEVERITY[d.severity],
        "code": {"value": d.code,
                 "url": f"https://pypi.org/project/mkdocs-continuity/#{d.code.lower()}"},
    }
    if d.fix is not None:
        if d.fix.rename is not None:
            item["message"] += f" ({d.fix.message}: continuity check --fix does it)" \
                if d.fix.safe else f" ({d.fix.message})"
        suggestions = [_suggestion(edit, lines) for edit in d.fix.edits]
        if suggestions and None not in suggestions and d.fix.rename is None:
            item["suggestions"] = suggestions
    return item


def render(result: CheckResult) -> str:
    cache: dict[str, list[str] | None] = {}
    document = {"source": SOURCE,
                "diagnostics": [diagnostic(d, cache) for d in sorted(result.diagnostics)]}
    # C1 and bidirectional controls as \\u escapes, as in the other JSON outputs.
    return json_text(json.dumps(document, indent=2, ensure_ascii=False)) + "\n"
