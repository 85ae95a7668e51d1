"""The review's output formats: ``text``, ``markdown``, ``json``, ``github`` (the Markdown in
``$GITHUB_STEP_SUMMARY`` and an annotation per finding introduced) and ``gitlab`` (the
Markdown sized for a merge-request note)."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict
from pathlib import Path

from continuity.authoring import in_place
from continuity.changes.model import Review
from continuity.formats.secrets import redact_credentials
from continuity.output import one_line
from continuity.review import markdown, text

FORMATS = ("text", "markdown", "json", "github", "gitlab")
#: GitHub takes a job summary of up to 1 MiB; room is left for the steps' other summaries.
SUMMARY_LIMIT = 1024 * 1024 - 64 * 1024
#: GitLab refuses a note longer than 1,000,000 characters.
GITLAB_NOTE_LIMIT = 1_000_000


def as_json(review: Review) -> str:
    return json.dumps(asdict(review), indent=2, ensure_ascii=False) + "\n"


def render(review: Review, form: str, report: str | None = None) -> str:
    """The review in ``form``; for ``github`` the annotations (stdout), the Markdown going to
    the step summary as a side effect. What the tree wrote (a file name, a commit subject) is
    shown with every credential masked, whatever the format."""
    return redact_credentials(_render(review, form, report))


def _render(review: Review, form: str, report: str | None) -> str:
    if form == "text":
        return text.render(review)
    if form == "markdown":
        return markdown.render(review, report=report)
    if form == "json":
        return as_json(review)
    if form == "gitlab":
        return markdown.render(review, GITLAB_NOTE_LIMIT, report=report)
    return _github(review)


def _github(review: Review) -> str:
    from continuity.reporters.github import annotation_path, escape_data, escape_property

    lines = []
    for root in review.roots:
        for found in root.introduced:
            level = "error" if found.severity == "error" else "warning"
            path = os.path.normpath(os.path.join(root.root, found.path))
            props = ",".join([f"file={escape_property(annotation_path(path))}",
                              f"line={found.line}",
                              f"title={escape_property(f'{found.code} {found.name} (new in this range)')}"])
            lines.append(f"::{level} {props}::{escape_data(found.message)}")
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        try:
            summary_text = redact_credentials(markdown.render(review, SUMMARY_LIMIT))
            in_place.write(Path(summary), summary_text.encode("utf-8"), append=True)
        except OSError as exc:
            problem = (f"cannot write GITHUB_STEP_SUMMARY ({summary}): "
                       f"{exc.strerror or exc}; the review is not in the job summary")
            lines.append(f"::warning::{escape_data(problem)}")
            sys.stderr.write(f"continuity: {one_line(problem)}\n")
    return "\n".join(lines) + ("\n" if lines else "")
