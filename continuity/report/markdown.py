"""The report as Markdown: readable as plain text, rendered by any Markdown engine.

Text that comes from the tree (messages, paths, ledger values) is escaped so that it can neither
become HTML nor a ``{{placeholder}}``: the same text is filed as an audit entry, which the
rules then judge (CT203, CT604).
"""

from __future__ import annotations

import re
from pathlib import Path

from continuity.report.data import Report, RootsReport
from continuity.report.text import href, ledger_lines, roots_verdict_line, verdict_line

#: Cycles listed in the trajectory table (the JSON report has them all).
TRAJECTORY_ROWS = 50
_BACKTICKS = re.compile(r"`+")


def code_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, content) of each code span: a run of backticks closed by the next run of
    the same length on the same line. One pass over the runs, each pointer moving forward only
    (the pattern ``(`+)(.+?)\\1`` was cubic in a long run of backticks)."""
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(text)]
    by_length: dict[int, list[int]] = {}
    for index, (start, end) in enumerate(runs):
        by_length.setdefault(end - start, []).append(index)
    pointer: dict[int, int] = {}
    spans = []
    index = 0
    while index < len(runs):
        start, end = runs[index]
        candidates = by_length[end - start]
        position = pointer.get(end - start, 0)
        while position < len(candidates) and candidates[position] <= index:
            position += 1
        pointer[end - start] = position
        closing = candidates[position] if position < len(candidates) else None
        if closing is not None and runs[closing][0] > end and \
                "\n" not in text[end:runs[closing][0]]:
            spans.append((start, runs[closing][1], text[end:runs[closing][0]]))
            index = closing + 1
        else:
            index += 1
    return spans


def _plain(text: str) -> str:
    text = " ".join(text.split())
    text = text.replace("\\", "\\\\").replace("<", "&lt;").replace(">", "&gt;")
    text = text.replace("[", "\\[").replace("]", "\\]")
    return text.replace("{", "\\{").replace("}", "\\}")


def inline(text: str) -> str:
    """Tree text as inline Markdown: code spans kept, everything else escaped."""
    out, position = [], 0
    for start, end, content in code_spans(text):
        out.append(_plain(text[position:start]))
        code = " ".join(content.split())
        # A code span cannot escape ``{{``, so such a span is written as plain text.
        out.append(f"`{code}`" if "{{" not in code and "`" not in code else _plain(code))
        position = end
    out.append(_plain(text[position:]))
    return "".join(out)


def cell(text: str) -> str:
    return inline(text).replace("|", "\\|")


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines + [""]


def render(report: Report, base: Path, *, level: int = 1, title: bool = True,
           intro: bool = True) -> str:
    """Markdown with its top heading at ``level``; links relative to the directory ``base``;
    ``intro``: the first line says when and for what it was generated (not in a section of a
    report of several roots, which says it once)."""
    def h(depth: int, text: str) -> str:
        return "#" * min(6, level + depth) + " " + text

    result = report.result
    out: list[str] = []
    if title:
        out += [h(0, "Memory audit report"), ""]
    opening = f"Generated {report.generated} for `{report.root.name or report.root}`: " \
        if intro else ""
    out += [f"{opening}{len(report.state_files)} state file(s), {report.entries} entries in "
            f"{len(report.directories)} directories, {report.files} files checked.", "",
            f"**Verdict: {verdict_line(report)}.**", ""]

    out += [h(1, "Entries per directory"), ""]
    if report.directories:
        out += _table(
            ["Directory", "Kind", "Entries", "First", "Last", "Indexed by", "Template"],
            [[cell(f"{d.name}/"), d.kind, str(d.entries), d.first or "", d.last or "",
              cell(", ".join(d.indexed_by)) or "nothing", d.template]
             for d in report.directories])
    else:
        out += ["No history or library directories.", ""]

    months = report.months
    if months:
        dated = [d for d in report.directories if d.by_month]
        out += [h(1, "Entries per month"), ""]
        rows = [[m] + [str(d.by_month.get(m, 0)) for d in dated]
                + [str(sum(d.by_month.get(m, 0) for d in dated))] for m in reversed(months)]
        out += _table(["Month"] + [cell(d.name) for d in dated] + ["Total"], rows)

    out += [h(1, "Cycle ledger"), ""]
    ledger = report.ledger
    if ledger is None:
        out += ["No cycle ledger (`.agents/evolve/cycle-history.jsonl`) in this tree.", ""]
    else:
        out += [f"`{ledger.path}`: " + " ".join(_plain(s) for s in ledger_lines(ledger)), ""]
        if ledger.cycles:
            shown = ledger.cycles[-TRAJECTORY_ROWS:]
            caption = "Trajectory" if len(shown) == len(ledger.cycles) else \
                f"Trajectory (latest {len(shown)} of {len(ledger.cycles)} cycles)"
            out += [h(2, caption), ""]
            out += _table(["Cycle", "Result", "Goals passing", "Timestamp", "Trace"],
                          [[_value(c.cycle), cell(c.result or "?"), _goals(c),
                            cell(c.timestamp or ""), c.trace] for c in shown])
            out += [h(2, "Trace completeness"), ""]
            out += _table(["Trace", "All cycles", "Productive cycles"],
                          [[status, str(ledger.traces.get(status, 0)),
                            str(ledger.productive_traces.get(status, 0))]
                           for status in ("complete", "exempt", "incomplete", "absent")])
            incomplete = [c for c in ledger.cycles if c.trace == "incomplete"]
            for c in incomplete[:TRAJECTORY_ROWS]:
                out.append(f"- cycle {_value(c.cycle)} (line {c.line}) lacks "
                           f"{', '.join(c.missing)}")
            if len(incomplete) > TRAJECTORY_ROWS:
                out.append(f"- and {len(incomplete) - TRAJECTORY_ROWS} more incomplete traces")
            if incomplete:
                out.append("")

    out += [h(1, "Findings"), ""]
    if not report.groups:
        out += [f"None: {result.files} files passed {len(result.rules)} rules.", ""]
    else:
        out += _table(["Rule", "Name", "Severity", "Findings"],
                      [[g.code, g.name, g.severity, str(len(g.findings))]
                       for g in report.groups])
        for group in report.groups:
            out += [h(2, f"{group.code} {group.name} ({group.severity}): "
                         f"{len(group.findings)}"), ""]
            if group.summary:
                out += [inline(group.summary), ""]
            for d in group.findings:
                location = f"{d.path}:{d.line}:{d.column}"
                commit = f" (commit {inline(d.commit)})" if d.commit else ""
                out.append(f"- [{_plain(location)}]({href(report, d.root_path, base)}) — "
                           f"{inline(d.message)}{commit} Fix: {inline(d.hint)}")
            out.append("")
    if result.notices:
        out += [h(1, "Notes"), ""] + [f"- {inline(n)}" for n in result.notices] + [""]
    return "\n".join(out).rstrip("\n") + "\n"


def render_roots(roots: RootsReport, base: Path, *, level: int = 1, title: bool = True) -> str:
    """Every root's report: one root as :func:`render` gives it; several as a table of their
    counts and totals, then one section per root, parents first."""
    if len(roots.reports) == 1:
        return render(roots.reports[0], base, level=level, title=title)

    def h(depth: int, text: str) -> str:
        return "#" * min(6, level + depth) + " " + text

    out: list[str] = []
    if title:
        out += [h(0, "Memory audit report"), ""]
    first = roots.reports[0]
    out += [f"Generated {first.generated} for {len(roots.reports)} memory roots at or below "
            f"`{_plain(str(roots.top.name or roots.top))}`: {roots.state_files} state file(s), "
            f"{roots.entries} entries, {roots.files} files checked.", "",
            f"**Verdict: {roots_verdict_line(roots)}.**", ""]
    out += [h(1, "Memory roots"), ""]
    rows = [[cell(roots.label(r)), r.verdict, str(len(r.state_files)), str(r.entries),
             str(r.files), str(r.result.errors), str(r.result.warnings)]
            for r in roots.reports]
    rows.append(["**Total**", roots.verdict, str(roots.state_files), str(roots.entries),
                 str(roots.files), str(roots.errors), str(roots.warnings)])
    out += _table(["Root", "Verdict", "State files", "Entries", "Files checked", "Errors",
                   "Warnings"], rows)
    for report in roots.reports:
        out += [h(1, f"Root {cell(roots.label(report))}"), ""]
        out.append(render(report, base, level=level + 1, title=False, intro=False))
    return "\n".join(out).rstrip("\n") + "\n"


def _value(value) -> str:
    return "?" if value is None else str(value)


def _goals(cycle) -> str:
    if cycle.goals_passing is None or cycle.goals_total is None:
        return ""
    return f"{cycle.goals_passing}/{cycle.goals_total}"
