"""``path:line:col: CODE message`` with the hint beneath, then a one-line summary."""

from __future__ import annotations

from collections import Counter

from continuity.validators.engine import CheckResult
from continuity.formats.words import plural
from continuity.output import one_line


#: ANSI styles for a terminal (``colour=True``): what is wrong stands out, the hint recedes.
_STYLE = {"error": "\033[1;31m", "warning": "\033[1;33m", "path": "\033[1m",
          "hint": "\033[2m", "ok": "\033[32m", "fail": "\033[1;31m", "end": "\033[0m"}


def render(result: CheckResult, colour: bool = False) -> str:
    def paint(style: str, text: str) -> str:
        return f"{_STYLE[style]}{text}{_STYLE['end']}" if colour else text

    lines = []
    for d in result.diagnostics:
        commit = f" [{d.commit}{' ' + d.commit_date if d.commit_date else ''}]" if d.commit else ""
        where = one_line(f"{d.path}:{d.line}:{d.column}:")
        lines.append(f"{paint('path', where)} {paint(d.severity.value, d.code)} "
                     + one_line(f"{d.message}{commit}"))
        lines.append(paint("hint", one_line(f"  hint: {d.hint}")))
    for notice in result.notices:
        lines.append(one_line(f"note: {notice}"))
    summary = summary_line(result)
    lines.append(paint("fail" if result.diagnostics else "ok", summary))
    return "\n".join(lines) + "\n"


def summary_line(result: CheckResult) -> str:
    if not result.diagnostics and not result.files:
        return "Nothing checked: no file named is part of a memory tree (see the notes above)."
    files = plural(result.files, "file")
    if not result.diagnostics:
        ran = len(result.rules) - len(result.skipped)
        skipped = f" ({len(result.skipped)} skipped: no git history)" if result.skipped else ""
        return f"All checks passed: {files}, {plural(ran, 'rule')}{skipped}."
    return (f"Found {plural(result.errors, 'error')} and "
            f"{plural(result.warnings, 'warning')} in {files}.")


def statistics(result: CheckResult) -> str:
    """``--statistics``: a count per rule, most frequent first."""
    counts = Counter((d.code, d.name, d.severity.value) for d in result.diagnostics)
    rows = [f"{count:>6}  {code}  {name} ({severity})"
            for (code, name, severity), count in sorted(counts.items(),
                                                        key=lambda item: (-item[1], item[0]))]
    return "\n".join(rows) + ("\n" if rows else "")
