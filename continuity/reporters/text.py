"""``path:line:col: CODE message`` with the hint beneath, then a one-line summary."""

from __future__ import annotations

from collections import Counter

from continuity.validators.engine import CheckResult
from continuity.output import one_line


def render(result: CheckResult) -> str:
    lines = []
    for d in result.diagnostics:
        commit = f" [{d.commit}{' ' + d.commit_date if d.commit_date else ''}]" if d.commit else ""
        lines.append(one_line(f"{d.path}:{d.line}:{d.column}: {d.code} {d.message}{commit}"))
        lines.append(one_line(f"  hint: {d.hint}"))
    for notice in result.notices:
        lines.append(one_line(f"note: {notice}"))
    lines.append(summary_line(result))
    return "\n".join(lines) + "\n"


def summary_line(result: CheckResult) -> str:
    if not result.diagnostics and not result.files:
        return "Nothing checked: no file named is part of a memory tree (see the notes above)."
    if not result.diagnostics:
        return f"All checks passed: {result.files} files, {len(result.rules)} rules."
    return (f"Found {result.errors} error{'s' * (result.errors != 1)} and "
            f"{result.warnings} warning{'s' * (result.warnings != 1)} in {result.files} files.")


def statistics(result: CheckResult) -> str:
    """``--statistics``: a count per rule, most frequent first."""
    counts = Counter((d.code, d.name, d.severity.value) for d in result.diagnostics)
    rows = [f"{count:>6}  {code}  {name} ({severity})"
            for (code, name, severity), count in sorted(counts.items(),
                                                        key=lambda item: (-item[1], item[0]))]
    return "\n".join(rows) + ("\n" if rows else "")
