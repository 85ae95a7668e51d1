"""GitHub Actions workflow commands, and a Markdown summary for ``$GITHUB_STEP_SUMMARY``.

Escaping follows GitHub's workflow-command rules (as ``@actions/core`` applies them): in the
message, ``%`` ``\\r`` ``\\n`` become ``%25`` ``%0D`` ``%0A``; property values (file, title)
also escape ``:`` and ``,`` as ``%3A`` and ``%2C``. So no text from the tree can end a command
early or start a new one.

GitHub shows only the first ten error and ten warning annotations of a step (errors are
printed first for that reason), so the step summary lists every finding. A step summary is
refused above 1 MiB; past that budget the summary says how many findings it left out.
"""

from __future__ import annotations

import os
import re
import string
import sys
from collections.abc import Mapping
from pathlib import Path

from continuity.authoring import in_place
from continuity.formats.words import plural
from continuity.output import one_line, printable
from continuity.validators.diagnostics import Diagnostic
from continuity.validators.engine import CheckResult

#: GitHub rejects a step summary over 1 MiB (1024k); leave room for the closing lines.
SUMMARY_BUDGET = 1024 * 1024 - 4096


def escape_data(value: str) -> str:
    # printable first: the Actions log acts on ESC sequences and shows U+202E reversed.
    return printable(value).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(value: str) -> str:
    return escape_data(value).replace(":", "%3A").replace(",", "%2C")


def annotation_path(path: str, environ: Mapping[str, str] | None = None) -> str:
    """Annotations name files relative to the repository (``$GITHUB_WORKSPACE``)."""
    environ = os.environ if environ is None else environ
    workspace = environ.get("GITHUB_WORKSPACE")
    if not workspace:
        return path
    absolute = os.path.abspath(path)
    try:
        relative = os.path.relpath(absolute, os.path.realpath(workspace))
    except ValueError:
        return path
    if relative.startswith(".."):
        return path
    return relative.replace(os.sep, "/")


def annotation(d: Diagnostic) -> str:
    level = "error" if d.severity.value == "error" else "warning"
    props = ",".join([
        f"file={escape_property(annotation_path(d.path))}", f"line={d.line}", f"col={d.column}",
        f"title={escape_property(f'{d.code} {d.name}')}",
    ])
    commit = f" [commit {d.commit}]" if d.commit else ""
    message = f"{d.message}{commit}\n\nFix: {d.hint}"
    return f"::{level} {props}::{escape_data(message)}"


def render(result: CheckResult) -> str:
    ordered = sorted(result.diagnostics, key=lambda d: d.severity.rank, reverse=True)
    lines = [annotation(d) for d in ordered]
    for notice in result.notices:
        lines.append(f"::notice::{escape_data(notice)}")
    summary_path = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary_path:
        try:  # appended in place: a pipe nobody reads is refused at once, never waited on
            in_place.write(Path(summary_path), step_summary(result).encode("utf-8"),
                           append=True)
        except OSError as exc:
            problem = f"cannot write GITHUB_STEP_SUMMARY ({summary_path}): " \
                      f"{exc.strerror or exc}; the summary is lost"
            lines.append(f"::warning::{escape_data(problem)}")
            sys.stderr.write(f"continuity: {one_line(problem)}\n")
    return "\n".join(lines) + ("\n" if lines else "")


#: Every ASCII punctuation character, backslash-escaped (CommonMark lets each be): so text from
#: the tree is never a link, an image, emphasis, HTML, an entity, math (``$``), a column break,
#: nor an autolink (``https\\://``, ``www\\.`` are not recognised as one).
_MARKDOWN_LITERAL = {ord(c): "\\" + c for c in string.punctuation if c not in ",/"}


def _cell(value: str) -> str:
    """Tree text in a Markdown table cell: shown literally, never as Markdown, HTML or a
    column break."""
    return " ".join(printable(value).split()).translate(_MARKDOWN_LITERAL)


def _code(value: str) -> str:
    """Tree text as a code span in a table cell: fenced by more backticks than the longest run
    it holds, so no run of backticks in a file name can close it early."""
    value = " ".join(printable(value).split()).replace("|", "\\|")
    longest = max((len(run) for run in re.findall(r"`+", value)), default=0)
    fence = "`" * (longest + 1)
    padded = f" {value} " if value.startswith("`") or value.endswith("`") else value
    return f"{fence}{padded}{fence}"


def step_summary(result: CheckResult, budget: int = SUMMARY_BUDGET) -> str:
    out = ["## continuity check", ""]
    out.append(f"{plural(result.errors, 'error')}, {plural(result.warnings, 'warning')} in "
               f"{plural(result.files, 'file')}.")
    out.append("")
    if result.diagnostics:
        out += ["| Severity | Rule | Location | Message | Fix | Commit |",
                "|---|---|---|---|---|---|"]
        size = sum(len(line.encode("utf-8")) + 1 for line in out)
        for index, d in enumerate(result.diagnostics):
            row = (f"| {d.severity.value} | {d.code} {d.name} "
                   f"| {_code(f'{annotation_path(d.path)}:{d.line}:{d.column}')} "
                   f"| {_cell(d.message)} | {_cell(d.hint)} | {_cell(d.commit or '')} |")
            size += len(row.encode("utf-8")) + 1
            if size > budget:
                left = len(result.diagnostics) - index
                out += ["", f"**{plural(left, 'more finding')} not listed: GitHub limits a step "
                        "summary to 1 MiB.** Run `continuity check` (or `--output-format "
                        "json -o findings.json` and upload it as an artifact) for all of them."]
                break
            out.append(row)
        out.append("")
    for notice in result.notices:
        out.append(f"> {_cell(notice)}")
    if result.notices:
        out.append("")
    return "\n".join(out) + "\n"
