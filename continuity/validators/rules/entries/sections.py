"""CT206 and CT209: the template's sections are there, and a completed task gives evidence."""

from __future__ import annotations

from collections.abc import Iterator

from continuity.formats.fillers import filler_names, is_filler
from continuity.formats.markdown import PLACEHOLDER, normalise_heading
from continuity.model.kinds import TEMPLATE_NAME
from continuity.model.tree import MemoryDirectory
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule
from continuity.validators.rules.entries.shared import (
    document_of,
    is_empty,
    markdown_entries,
    template_source,
)

# --------------------------------------------------------------------------- CT206


@rule("CT206", "missing-section", "error")
def missing_section(ctx: CheckContext) -> Iterator[Violation]:
    """A `##` section of the template is absent from the entry.

    The template's `##` headings are the entry's required sections (compared without regard
    to case or a trailing colon); a missing one is a part of the record that was never written.

    **Example**

        # Journal Entry — 2026-06-27
        ## Context before
        ## Actions taken
        ## Result                 # journal/ also requires ## Next

    **Fix**

    Add the section as a level-2 heading (`## Next`) with its text beneath.
    """
    for directory, entry in markdown_entries(ctx):
        template = directory.template
        if not template.sections:
            continue
        if is_empty(entry):
            if not template.has_frontmatter:  # else CT201 reported the empty file
                yield Violation(
                    entry.path,
                    f"the file is empty; {template_source(directory)} requires the sections "
                    f"{', '.join(template.sections)}",
                    f"copy {directory.name}/{TEMPLATE_NAME} and fill it in")
            continue
        present = {section.key for section in document_of(entry).body.headings(2)}
        for title in template.sections:
            if normalise_heading(title) not in present:
                yield Violation(
                    entry.path,
                    f"section '## {title}' is missing; {template_source(directory)} requires "
                    f"{', '.join(template.sections)}",
                    f"add a heading `## {title}` with its text beneath")


# --------------------------------------------------------------------------- CT209


@rule("CT209", "completed-without-evidence", "error")
def completed_without_evidence(ctx: CheckContext) -> Iterator[Violation]:
    """A completed/ entry has no filled row under `## Evidence`.

    The protocol forbids marking a task done without evidence: a passing test, an artifact,
    a commit or a review. A completed entry without it is a claim nobody can verify. A filled
    row is a table row (or list item) under `## Evidence` with a cell a reviewer can follow:
    fillers are not evidence ("Not recorded yet.", which `continuity new` writes where no
    evidence was given, TBD, TODO, n/a, -, ? and empty cells). Evidence that names a path or
    commit that does not exist is CT211.

    **Example**

        ## Evidence

        | Evidence | Path / URL |
        |----------|------------|
        | TBD      | -          |

    **Fix**

    Add a row naming the evidence and where it is: `| tests pass | tests/test_parse.py |`.
    """
    for completed in ctx.tree.directories.values():
        if completed.kind.requires_evidence:
            yield from _evidence_faults(completed)


def _evidence_faults(completed: MemoryDirectory) -> Iterator[Violation]:
    requires_section = any(normalise_heading(t) == "evidence" for t in completed.template.sections)
    for entry in completed.entries:
        if entry.document is None or is_empty(entry) or not entry.content_checked:
            continue
        body = document_of(entry).body
        section = body.section("Evidence", level=2)
        if section is None:
            if not requires_section:  # else CT206 reports the missing section
                yield Violation(
                    entry.path, "no ## Evidence section: a completed task needs evidence",
                    "add `## Evidence` with a table row naming the evidence and its path")
            continue
        rows = [row.cells for row in body.table_rows(section)]
        rows += [(item.text,) for item in body.list_items(section)]
        cells = [cell for row in rows for cell in row]
        if any(PLACEHOLDER.search(cell) for cell in cells):
            continue  # an unfilled template row is CT203
        if any(_recorded(cell) for cell in cells):
            continue
        yield Violation(
            entry.path,
            "the ## Evidence section has no filled row: a completed task needs evidence "
            f"(a passing test, an artifact, a commit or a review; {filler_names()} are not "
            "evidence)",
            "add a row such as `| tests pass | tests/test_parse.py |`",
            section.line, 1)


def _recorded(cell: str) -> bool:
    """Text in a cell other than a filler (what ``new`` writes, TBD, TODO, n/a, -, ?)."""
    return not is_filler(cell)
