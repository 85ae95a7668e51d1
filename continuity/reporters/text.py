"""``path:line:col: CODE message`` with the hint beneath, then a one-line summary."""

from __future__ import annotations

from collections import Counter

from continuity.formats.words import plural
from continuity.model.conventions import PROTOCOL
from continuity.output import one_line
from continuity.validators.engine import CheckResult

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
        fixable = "[*] " if d.fix is not None and d.fix.safe else ""
        lines.append(f"{paint('path', where)} {paint(d.severity.value, d.code)} {fixable}"
                     + one_line(f"{d.message}{commit}"))
        lines.append(paint("hint", one_line(f"  hint: {d.hint}")))
    for notice in result.notices:
        lines.append(one_line(f"note: {notice}"))
    lines.extend(one_line(line) for line in root_lines(result))
    summary = summary_line(result)
    lines.append(paint("fail" if result.diagnostics else "ok", summary))
    count = sum(1 for d in result.diagnostics if d.fix is not None and d.fix.safe)
    if count:
        lines.append(f"[*] {count} fixable with --fix.")
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
            return (f"Nothing judged: {plural(len(unjudged), 'memory root')} "
                    "found, with no file that the rules applying to it read (see the roots "
                    "above).")
        return "Nothing checked: no file named is part of a memory tree (see the notes above)."
    files = plural(result.files, "file")
    if not result.diagnostics:
        ran = len(result.rules) - len(result.skipped)
        skipped = f" ({len(result.skipped)} skipped: no git history)" if result.skipped else ""
        general = [v for v in result.roots if v.judged and v.convention is None]
        if unjudged or general:
            parts = [f"{len(general)} of no known convention judged by the general rules only"]\
                if general else []
            parts += [f"{len(unjudged)} found and not judged"] if unjudged else []
            return (f"No findings: {files}, {plural(ran, 'rule')}{skipped}; of the memory "
                    f"roots, {' and '.join(parts)} (see the roots above).")
        return f"All checks passed: {files}, {plural(ran, 'rule')}{skipped}."
    # A root of agent state files alone (`.mcp.json`, `.env`): its findings are in files
    # scanned for credentials, not memory files ("in 0 files" read as a bug).
    where = files if result.files else "the agent state files scanned (no memory file)"
    return (f"Found {plural(result.errors, 'error')} and "
            f"{plural(result.warnings, 'warning')} in {where}.")


def statistics(result: CheckResult) -> str:
    """``--statistics``: a count per rule, most frequent first."""
    counts = Counter((d.code, d.name, d.severity.value) for d in result.diagnostics)
    rows = [f"{count:>6}  {code}  {name} ({severity})"
            for (code, name, severity), count in sorted(counts.items(),
                                                        key=lambda item: (-item[1], item[0]))]
    return "\n".join(rows) + ("\n" if rows else "")
