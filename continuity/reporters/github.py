"""GitHub Actions workflow commands, and a Markdown summary for ``$GITHUB_STEP_SUMMARY``.

GitHub shows at most a few annotations per step, so the summary lists every finding.
"""

from __future__ import annotations

import os

from ..check import CheckResult


def escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(value: str) -> str:
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


def render(result: CheckResult) -> str:
    lines = []
    for d in result.diagnostics:
        level = "error" if d.severity.value == "error" else "warning"
        props = ",".join([
            f"file={escape_property(d.path)}", f"line={d.line}", f"col={d.column}",
            f"title={escape_property(f'{d.code} {d.name}')}",
        ])
        lines.append(f"::{level} {props}::{escape_data(f'{d.message} ({d.hint})')}")
    for notice in result.notices:
        lines.append(f"::notice::{escape_data(notice)}")
    summary_path = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary_path:
        try:
            with open(summary_path, "a", encoding="utf-8") as handle:
                handle.write(step_summary(result))
        except OSError as exc:
            lines.append(f"::warning::{escape_data(f'cannot write GITHUB_STEP_SUMMARY: {exc}')}")
    return "\n".join(lines) + ("\n" if lines else "")


def _cell(value: str) -> str:
    return value.replace("|", "\\|").replace("\n", " ")


def step_summary(result: CheckResult) -> str:
    out = ["## continuity check", ""]
    out.append(f"{result.errors} error(s), {result.warnings} warning(s) in {result.files} files.")
    out.append("")
    if result.diagnostics:
        out += ["| Severity | Code | Location | Message | Commit |", "|---|---|---|---|---|"]
        for d in result.diagnostics:
            out.append(f"| {d.severity.value} | {d.code} {d.name} | `{_cell(d.path)}:{d.line}` "
                       f"| {_cell(d.message)} | {d.commit or ''} |")
        out.append("")
    return "\n".join(out) + "\n"
