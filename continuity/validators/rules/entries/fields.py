"""CT202, CT204 and CT207: the template's fields are present, each value fits its format, and
no key is one the template does not have.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from continuity.formats import frontmatter as fm
from continuity.formats.markdown import TableRow
from continuity.formats.timestamps import date_written_otherwise, parse_date_value
from continuity.model.kinds import TEMPLATE_NAME
from continuity.model.tree import HistoryEntry, MemoryDirectory, Template
from continuity.validators.diagnostics import Violation
from continuity.validators.fixes import Edit, Fix, applicability
from continuity.validators.registry import Analysis, CheckContext, rule
from continuity.validators.repository import tracked as tracked_paths
from continuity.validators.rules.entries.shared import (
    BEFORE_COMMIT,
    INTEGER,
    document_of,
    fields_text,
    is_blank,
    is_draft,
    is_empty,
    is_placeholder,
    markdown_entries,
    position_of,
    template_source,
    usable_frontmatter,
)

# --------------------------------------------------------------------------- CT202


@rule("CT202", "missing-field", "error")
def missing_field(ctx: CheckContext) -> Iterator[Violation]:
    """A field the template requires is absent or empty.

    The template's frontmatter keys are the entry's required fields (for completed/, the rows
    of the table under `## Task`). An entry without them cannot be dated, filtered or shown
    with its metadata, and breaks the protocol's record.

    **Example**

        ---
        date: 2026-06-27
        turn: 3
        ---                     # journal/ requires objective too

    **Fix**

    Add the field with its value (`objective: parse the constants`); for completed/, add the
    row (`| Authority | wren |`) to the `## Task` table.
    """
    for directory, entry in markdown_entries(ctx):
        template = directory.template
        if is_empty(entry):
            continue  # one finding for an empty file (CT201 or CT206)
        first = BEFORE_COMMIT if is_draft(ctx, entry) else ""
        front = usable_frontmatter(entry)
        if template.has_frontmatter and front is not None:
            lowered = {key.lower() for key in front.data}
            for field in template.fields:
                if field not in front.data:
                    if field.lower() in lowered:
                        continue  # written in another case: CT207 names it
                    yield Violation(
                        entry.path,
                        f"frontmatter field '{field}' is missing; {template_source(directory)} "
                        f"requires {fields_text(template)}",
                        f"{first}add a line `{field}: <value>` to the frontmatter",
                    )
                elif is_blank(front.data[field]):
                    line, column = position_of(entry, field)
                    yield Violation(
                        entry.path, f"frontmatter field '{field}' is empty",
                        f"{first}give '{field}' its value", line, column)
        yield from _missing_table_rows(directory, entry, first)


def _row_key(cell: str) -> str:
    return re.sub(r"\s+", " ", cell.strip().strip("*").strip().rstrip(":")).lower()


def _missing_table_rows(directory: MemoryDirectory, entry: HistoryEntry,
                        first: str = "") -> Iterator[Violation]:
    template = directory.template
    if not template.table_fields:
        return
    body = document_of(entry).body
    task = body.section("Task", level=2)
    if task is None:
        return  # the missing section is CT206
    rows: dict[str, TableRow] = {}
    for table_row in body.table_rows(task):
        if table_row.cells:
            rows.setdefault(_row_key(table_row.cells[0]), table_row)
    for field in template.table_fields:
        row = rows.get(_row_key(field))
        if row is None:
            yield Violation(
                entry.path,
                f"row '{field}' is missing from the ## Task table; "
                f"{template_source(directory)} requires {', '.join(template.table_fields)}",
                f"{first}add a row `| {field} | <value> |` to the table under ## Task",
                task.line, 1,
            )
        elif len(row.cells) < 2 or not row.cells[1].strip():
            yield Violation(
                entry.path, f"row '{field}' of the ## Task table has no value",
                f"{first}fill in the value cell: `| {field} | <value> |`", row.line, 1)


# --------------------------------------------------------------------------- CT204


@rule("CT204", "field-format", "error")
def field_format(ctx: CheckContext) -> Iterator[Violation]:
    """A field's value does not fit its format.

    An enumeration written `a|b|c` in the template admits only those values; `date` is a date
    (`YYYY-MM-DD`) or an ISO 8601 date-time; a journal entry's `turn` is an integer; a field
    the template writes as a single value is not a list or a mapping. Values are read as
    written: `2026-01-08` stays text and `yes` is not a boolean.

    **Example**

        date: 27/06/2026          # not YYYY-MM-DD
        status: done              # proposals/: draft|reviewed|superseded
        turn: three               # not an integer

    **Fix**

    Write the value in the expected form: `date: 2026-06-27`, one of the template's choices,
    `turn: 3`. A date written with other separators (`2026/06/27`, `20260627`) in a file git
    does not hold yet is rewritten by `continuity check --fix`.
    """
    for directory, entry in markdown_entries(ctx):
        front = usable_frontmatter(entry)
        if front is None or is_empty(entry):
            continue
        template = directory.template
        shapes = _template_data(ctx, template) if template.has_frontmatter else {}
        for key, value in front.data.items():
            fault = _format_fault(directory, template, shapes, key, value)
            if fault is not None:
                line, column = position_of(entry, key)
                yield Violation(entry.path, fault[0], fault[1], line, column,
                                fix=_date_fix(ctx, entry, key, value, line, column))


def _date_fix(ctx: CheckContext, entry: HistoryEntry, key: str, value: Any, line: int,
              column: int) -> Fix | None:
    """``date: 2026/06/27`` written ``2026-06-27``: safe in a file git does not hold."""
    written = date_written_otherwise(value) if key == "date" and isinstance(value, str) else None
    lines = document_of(entry).text.split("\n")
    if written is None or not 0 < line <= len(lines):
        return None
    start = lines[line - 1].find(value.strip(), column - 1 + len(key) + 1)
    if start < 0:
        return None
    tracked = tracked_paths(ctx)
    return Fix(f"write the date {written} (YYYY-MM-DD)",
               applicability(tracked is not None, tracked is not None and entry.path in tracked),
               (Edit(written, line, start + 1, line, start + 1 + len(value.strip())),))


def _template_data(ctx: CheckContext, template: Template) -> dict[str, Any]:
    """The template's frontmatter values (to know which fields are single values)."""
    parsed = TEMPLATE_DATA(ctx)
    key = (template.directory, template.path)
    if key not in parsed:
        parsed[key] = fm.parse(template.text).data if template.text else {}
    return parsed[key]


#: Each template's frontmatter values, parsed once per run, by (directory, template path).
TEMPLATE_DATA: Analysis[dict[tuple[str, str | None], dict[str, Any]]] = Analysis(
    "template-data", lambda ctx: {})


def _shape(value: Any) -> str:
    return "a list" if isinstance(value, list) else "a mapping"


def _format_fault(directory: MemoryDirectory, template: Template, shapes: dict[str, Any],
                  key: str, value: Any) -> tuple[str, str] | None:
    if is_placeholder(value) or is_blank(value):
        return None  # CT203 and CT202
    if isinstance(value, (list, dict)):
        if key in shapes and not isinstance(shapes[key], (list, dict)):
            return (f"field '{key}' is {_shape(value)}; {template_source(directory)} "
                    "expects a single value",
                    f"write '{key}' as one value on its line (`{key}: value`)")
        if key == "date" or key in template.enums or (key == "turn" and
                                                      directory.kind.has_turns):
            return (f"field '{key}' is {_shape(value)}, not a single value",
                    f"write '{key}' as one value on its line")
        return None
    if key in template.enums and value not in template.enums[key]:
        choices = template.enums[key]
        hint = f"use one of: {', '.join(choices)}"
        near = [c for c in choices if c.lower() == value.lower()]
        if near:
            hint = f"values are case-sensitive: write '{near[0]}'"
        return f"{key} '{value}' is not one of {', '.join(choices)}", hint
    if key == "date" and parse_date_value(value) is None:
        return (f"date '{value}' is not a date (YYYY-MM-DD) or an ISO 8601 date-time",
                "write the date as 2026-06-27 or 2026-06-27T14:30:00Z")
    if key == "turn" and directory.kind.has_turns and not INTEGER.match(value.strip()):
        return (f"turn '{value}' is not an integer",
                "write the turn number alone, e.g. `turn: 3`")
    return None


# --------------------------------------------------------------------------- CT207


@rule("CT207", "unknown-field", "warning")
def unknown_field(ctx: CheckContext) -> Iterator[Violation]:
    """A frontmatter key the directory's template does not have.

    Usually a misspelt or miscased field (`Date:` for `date:`), which leaves the real field
    missing; otherwise a field that should be added to the template so every entry carries it.
    Only judged where the template has frontmatter.

    **Example**

        ---
        date: 2026-06-27
        trun: 3             # journal/'s field is turn
        ---

    **Fix**

    Rename the key to the template's field, remove it, or add it to the directory's
    ENTRY.template.md.
    """
    for directory, entry in markdown_entries(ctx):
        template = directory.template
        front = usable_frontmatter(entry)
        if not template.has_frontmatter or front is None:
            continue
        by_lower = {field.lower(): field for field in template.fields}
        for key in front.data:
            if key in template.fields:
                continue
            line, column = position_of(entry, key)
            near = by_lower.get(key.lower())
            if near and near not in front.data:
                hint = f"field names are case-sensitive: write '{near}'"
            else:
                hint = (f"rename it to one of the template's fields, remove it, or add it to "
                        f"{directory.name}/{TEMPLATE_NAME}")
            yield Violation(
                entry.path,
                f"frontmatter key '{key}' is not a field of {template_source(directory)} "
                f"({fields_text(template)})",
                hint, line, column)
