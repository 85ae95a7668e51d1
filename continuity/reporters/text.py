"""``path:line:col: CODE message`` with the hint beneath, then a one-line summary."""

from __future__ import annotations

from collections import Counter

from continuity.model.conventions import PROTOCOL
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
    lines.extend(one_line(line) for line in root_lines(result))
    lines.append(summary_line(result))
    return "\n".join(lines) + "\n"


def root_lines(result: CheckResult) -> list[str]:
    """One line per root judged other than by the protocol, or not judged at all: which
    convention it follows and the evidence, or what was found and how to declare one. A run
    over the protocol's roots alone prints none (its output is as it always was)."""
    verdicts = result.roots
    if all(v.convention == PROTOCOL.name and v.judged for v in verdicts):
        return []
    lines = []
    for verdict in verdicts:
        where = verdict.path if verdict.path.endswith("/") else verdict.path + "/"
        lines.append(f"root {where}: {verdict.explanation}")
    return lines


def summary_line(result: CheckResult) -> str:
    unjudged = [v for v in result.roots if not v.judged]
    if not result.diagnostics and not result.files:
        if unjudged:
            return (f"Nothing judged: {len(unjudged)} memory root{'s' * (len(unjudged) != 1)} "
                    "found, with no file that the rules applying to it read (see the roots "
                    "above).")
        return "Nothing checked: no file named is part of a memory tree (see the notes above)."
    if not result.diagnostics:
        general = [v for v in result.roots if v.judged and v.convention is None]
        if unjudged or general:
            parts = [f"{len(general)} of no known convention judged by the general rules only"]\
                if general else []
            parts += [f"{len(unjudged)} found and not judged"] if unjudged else []
            return (f"No findings: {result.files} files, {len(result.rules)} rules; of the "
                    f"memory roots, {' and '.join(parts)} (see the roots above).")
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
