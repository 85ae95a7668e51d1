"""``--write-audit``: the report filed as ``audits/YYYY-MM-DD-lint-<slug>.md``.

The entry is the audits template filled in (the tree's ``audits/ENTRY.template.md``, else the
built-in one): every frontmatter key, enumerations set from the template's own set, every
``##`` section. It is created exclusively; a second audit on the same day takes the next slug
(``lint-report-2`` ...), so no audit is ever overwritten.

With nested roots, the audit is filed in the outermost root's ``audits/`` alone and covers it
and every root below it (one section each): a child root's ``audits/`` is its own history, which
a report run from above does not write into.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from continuity.audit import markdown
from continuity.audit.data import Report, RootsReport
from continuity.authoring.create_file import FileExists, create_new_file
from continuity.authoring.entry_template import EntryValues, fill, normalise
from continuity.authoring.new_entry import directory_template
from continuity.errors import UsageError
from continuity.formats.words import plural
from continuity.model.tree import MemoryTree, Template

DIRECTORY = "audits"
AUDIT_TYPE = "lint"
MAX_SAME_DAY = 1000
#: Words a template's result enumeration may use for each verdict.
VERDICT_WORDS = {
    "pass": ("pass", "passed", "ok", "clean", "success", "green"),
    "partial": ("partial", "warning", "warnings", "warn", "mixed", "pass"),
    "fail": ("fail", "failed", "failure", "error", "errors", "red"),
}
#: Where the report goes when the template has no Findings section.
REPORT_SECTIONS = ("FINDING", "RESULT", "SUMMARY", "REPORT")


def verdict_in(enum: tuple[str, ...], verdict: str) -> str:
    """The member of a template's result set that says ``verdict``."""
    for word in VERDICT_WORDS[verdict]:
        for member in enum:
            if member.lower() == word:
                return member
    return enum[0] if enum else verdict


def _report_section(template: Template) -> str | None:
    keys = [normalise(title) for title in template.sections]
    for wanted in REPORT_SECTIONS:
        for title, key in zip(template.sections, keys):
            if wanted in key:
                return title
    return template.sections[-1] if template.sections else None


def _scope(roots: RootsReport) -> str:
    if len(roots.reports) > 1:
        first = roots.reports[0]
        names = ", ".join(roots.label(r) for r in roots.reports)
        return (f"{len(roots.reports)} memory roots ({names}): "
                f"{plural(roots.state_files, 'state file')}, {plural(roots.entries, 'entry', 'entries')}; "
                f"{plural(roots.files, 'file')} checked by `continuity check` with "
                f"{plural(len(first.result.rules), 'rule')} ({_history(first)}).")
    report = roots.reports[0]
    result = report.result
    return (f"The whole memory tree: {plural(len(report.state_files), 'state file')}, "
            f"{plural(report.entries, 'entry', 'entries')} in "
            f"{plural(len(report.directories), 'directory', 'directories')}, the cycle ledger "
            f"and note stores; {plural(result.files, 'file')} checked by `continuity check` "
            f"with {plural(len(result.rules), 'rule')} ({_history(report)}).")


def _history(report: Report) -> str:
    result = report.result
    return ("history checked against git" if any(c.startswith("CT3") for c in result.rules)
            and not any("history rules skipped" in n for n in result.notices)
            else "history rules not run")


def _actions(roots: RootsReport) -> str:
    if not roots.errors and not roots.warnings:
        return "None: the tree passed every rule." if len(roots.reports) == 1 else \
            "None: every memory root passed every rule."
    lines = []
    if roots.errors:
        lines.append(f"- Fix the {plural(roots.errors, 'error')} listed under the findings; each "
                     "names the file, the rule and the fix.")
    if roots.warnings:
        lines.append(f"- Review the {plural(roots.warnings, 'warning')}.")
    lines.append("- `continuity rules CODE` explains a rule; run `continuity check` again "
                 "until it passes.")
    return "\n".join(lines)


def write_audit(tree: MemoryTree, report: Report | RootsReport,
                now: dt.datetime | None = None) -> Path:
    """Create the audit entry in ``tree``'s ``audits/`` and return its path: the report of
    ``tree`` and of the reported roots below it."""
    roots = report.below(tree.root) if isinstance(report, RootsReport) else \
        RootsReport((report,))
    now = now or dt.datetime.now(dt.timezone.utc)
    template = directory_template(tree, DIRECTORY)
    date = now.date().isoformat()
    directory = tree.root / DIRECTORY
    body = markdown.render_roots(roots, directory, level=2, title=False)
    result_enum = template.enums.get("result", ())
    slots = {"DATE": date, "AUDIT_TYPE": AUDIT_TYPE, "TYPE": AUDIT_TYPE,
             "SCOPE": "whole memory tree" if len(roots.reports) == 1 else
             f"{len(roots.reports)} memory roots", "TITLE": "Lint report",
             "RESULT": verdict_in(result_enum, roots.verdict), "FINDINGS": body,
             "SCOPE_DESCRIPTION": _scope(roots), "ACTIONS": _actions(roots),
             "RECOMMENDATIONS": _actions(roots)}
    sections = {"Scope": _scope(roots), "Actions": _actions(roots),
                "Recommendations": _actions(roots)}
    target_section = _report_section(template)
    if target_section is not None:
        sections[target_section] = body
    for number in range(1, MAX_SAME_DAY + 1):
        slug = "report" if number == 1 else f"report-{number}"
        name = f"{date}-{AUDIT_TYPE}-{slug}.md"
        values = EntryValues(slots=dict(slots, FILENAME=name), sections=sections)
        try:
            return create_new_file(directory / name, fill(template, values).encode("utf-8"),
                                   tree.boundary)
        except FileExists:
            continue
    raise UsageError(f"{directory}: {MAX_SAME_DAY} lint audits today already; none written")
