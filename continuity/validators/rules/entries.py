"""CT2xx: what each entry holds, judged against its directory's ENTRY.template.md.

Template checks apply to Markdown entries whose name fits their directory: a file that CT101
reports (misnamed, in a subfolder, a `*.template.md`) is one finding, and entries rotated into
the directory's archive/ were judged where they were written (``HistoryEntry.content_checked``).
Library
directories (memory/, knowledge/) and directories the protocol does not name have no required
fields unless they ship a template. One fault is reported under one code: an entry whose
frontmatter is missing or broken (CT201) is not also told each field is missing (CT202); a
placeholder (CT203) is not also a bad format (CT204); an empty file is one finding.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any
from collections.abc import Iterator

from continuity.formats import frontmatter as fm
from continuity.validators.placeholders import placeholders_left
from continuity.validators.diagnostics import Violation
from continuity.model.kinds import TEMPLATE_NAME
from continuity.formats.markdown import (LIST_ITEM, PLACEHOLDER, MarkdownDoc, Section, TableRow,
                                         normalise_heading)
from continuity.model.tree import Document, HistoryEntry, MemoryDirectory, Template, TreeFile
from continuity.formats.fillers import FILLER_LINE, filler_names, is_filler
from continuity.formats.timestamps import parse_date_value
from continuity.validators.registry import CheckContext, rule
from continuity.validators.repository import committed as committed_paths
from continuity.validators.repository import tracked as tracked_paths

INTEGER = re.compile(r"^\d+$")
#: Digits a turn number may have to be compared as a number (more: it disagrees, whatever
#: the name says, since a name cannot carry that many).
MAX_TURN_DIGITS = 18


# --------------------------------------------------------------------------- shared helpers


def _markdown_entries(ctx: CheckContext) -> Iterator[tuple[MemoryDirectory, HistoryEntry]]:
    """Markdown entries with readable text (unreadable ones are CT210's)."""
    for directory in ctx.tree.directories.values():
        for entry in directory.entries:
            if entry.document is not None and entry.content_checked:
                yield directory, entry


def _template_source(directory: MemoryDirectory) -> str:
    if directory.template.path:
        return directory.template.path
    return f"the built-in {directory.name}/ template"


def _recorded(cell: str) -> bool:
    """Text in a cell other than a filler (what ``new`` writes, TBD, TODO, n/a, -, ?)."""
    return not is_filler(cell)


def _document(entry: HistoryEntry) -> Document:
    """The parsed text of an entry that ``_markdown_entries`` yielded (so it was readable)."""
    if entry.document is None:
        raise ValueError(f"{entry.path}: not a readable Markdown entry")
    return entry.document


def _is_empty(entry: HistoryEntry) -> bool:
    return not _document(entry).text.strip()


def _usable_frontmatter(entry: HistoryEntry) -> fm.Frontmatter | None:
    """Frontmatter whose fields can be judged: present and parsed (duplicates are CT201's)."""
    front = _document(entry).frontmatter
    return front if front.present and not front.problems else None


def _is_placeholder(value: Any) -> bool:
    return isinstance(value, str) and PLACEHOLDER.search(value) is not None


def _is_blank(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, str):
        return not value.strip()
    return isinstance(value, (list, dict)) and not value


def _template_data(ctx: CheckContext, template: Template) -> dict[str, Any]:
    """The template's frontmatter values (to know which fields are single values)."""
    key = f"entries:template-data:{template.directory}:{template.path}"
    return ctx.memo(key, lambda: fm.parse(template.text).data if template.text else {})


def _where(entry: HistoryEntry, key: str) -> tuple[int, int]:
    position = _document(entry).frontmatter.positions.get(key)
    return (position.line, position.column) if position else (1, 1)


#: What a finding in an entry no commit holds yet says first: it is a draft, fixed in place.
BEFORE_COMMIT = "fill before committing: "


def _is_draft(ctx: CheckContext, entry: HistoryEntry) -> bool:
    """Whether no commit holds the entry yet (untracked or only staged): it may still change
    freely. Without git nothing says so, and the entry is treated as committed."""
    committed = committed_paths(ctx)
    return committed is not None and entry.path not in committed


def _fields_text(template: Template) -> str:
    return ", ".join(template.fields) or "no fields"


# --------------------------------------------------------------------------- CT201


@rule("CT201", "frontmatter-invalid", "error")
def frontmatter_invalid(ctx: CheckContext) -> Iterator[Violation]:
    """An entry's YAML frontmatter is missing, not YAML, not a mapping, or repeats a key.

    The frontmatter carries the entry's fields; when the template has frontmatter and the entry
    does not, or when it does not parse, none of its fields can be read (and the site shows no
    metadata). A repeated key silently keeps one value. A directory's ENTRY.template.md whose
    own frontmatter does not parse is reported here too; its entries are then checked against
    the built-in default template.

    **Example**

        ---
        date: 2026-06-27
        objective: fix the webhook: retries     # ': ' inside a plain value
        date: 2026-06-28                        # duplicate key
        ---

    **Fix**

    Open the file with a `---` block of `key: value` lines closed by `---`; quote values that
    contain `: ` or start with a special character; keep each key once.
    """
    for directory in ctx.tree.directories.values():
        yield from _template_frontmatter(directory)
    for directory, entry in _markdown_entries(ctx):
        template = directory.template
        front = _document(entry).frontmatter
        if _is_empty(entry):
            if template.has_frontmatter:
                yield Violation(
                    entry.path,
                    f"the file is empty; {_template_source(directory)} expects frontmatter "
                    f"({_fields_text(template)}) and the sections "
                    f"{', '.join(template.sections) or '(none)'}",
                    f"copy {directory.name}/{TEMPLATE_NAME} and fill it in "
                    f"(`continuity new {directory.name}` does this)",
                )
            continue
        if not front.present:
            if template.has_frontmatter:
                yield Violation(
                    entry.path,
                    f"no YAML frontmatter; {_template_source(directory)} expects one with "
                    f"{_fields_text(template)}",
                    "start the file with a block: a line `---`, one `key: value` line per "
                    "field, and a closing `---`",
                )
            continue
        yield from _frontmatter_faults(entry.path, front, "")


def _frontmatter_faults(path: str, front: fm.Frontmatter, suffix: str) -> Iterator[Violation]:
    for problem in front.problems:
        if "never closed" in problem.message:
            hint = "close the frontmatter with a line `---` after its last key"
        elif "not a mapping" in problem.message:
            hint = "write the frontmatter as `key: value` lines"
        elif "aliases" in problem.message:
            hint = "write the values out instead of expanding YAML anchors and aliases"
        else:
            hint = ("fix the YAML at this position; quote values that contain ': ', ' #' or "
                    "start with a special character such as '*', '&', '[' or '{'")
        yield Violation(path, problem.message + suffix, hint, problem.line, problem.column)
    for key, position in front.duplicates:
        first = front.positions.get(key)
        first_text = f" (first at line {first.line})" if first else ""
        yield Violation(
            path,
            f"duplicate frontmatter key '{key}'{first_text}; YAML keeps only one of the "
            f"values{suffix}",
            f"keep '{key}' once: remove or merge the repeated line",
            position.line, position.column,
        )


def _template_frontmatter(directory: MemoryDirectory) -> Iterator[Violation]:
    tree_file = directory.template_file
    if tree_file is None or tree_file.text is None:
        return  # unreadable templates are CT210, links and huge files CT602/CT603
    front = fm.parse(tree_file.text)
    suffix = ""
    if front.problems:
        suffix = (f" (so {directory.name}/ entries are checked against the built-in default "
                  "template instead)")
    yield from _frontmatter_faults(tree_file.path, front, suffix)


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
    for directory, entry in _markdown_entries(ctx):
        template = directory.template
        if _is_empty(entry):
            continue  # one finding for an empty file (CT201 or CT206)
        first = BEFORE_COMMIT if _is_draft(ctx, entry) else ""
        front = _usable_frontmatter(entry)
        if template.has_frontmatter and front is not None:
            lowered = {key.lower() for key in front.data}
            for field in template.fields:
                if field not in front.data:
                    if field.lower() in lowered:
                        continue  # written in another case: CT207 names it
                    yield Violation(
                        entry.path,
                        f"frontmatter field '{field}' is missing; {_template_source(directory)} "
                        f"requires {_fields_text(template)}",
                        f"{first}add a line `{field}: <value>` to the frontmatter",
                    )
                elif _is_blank(front.data[field]):
                    line, column = _where(entry, field)
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
    body = _document(entry).body
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
                f"{_template_source(directory)} requires {', '.join(template.table_fields)}",
                f"{first}add a row `| {field} | <value> |` to the table under ## Task",
                task.line, 1,
            )
        elif len(row.cells) < 2 or not row.cells[1].strip():
            yield Violation(
                entry.path, f"row '{field}' of the ## Task table has no value",
                f"{first}fill in the value cell: `| {field} | <value> |`", row.line, 1)


# --------------------------------------------------------------------------- CT203


@rule("CT203", "unfilled-placeholder", "error")
def unfilled_placeholder(ctx: CheckContext) -> Iterator[Violation]:
    """A `{{…}}` template placeholder, or a filler, was left in an entry.

    Entries are written by copying the template; a placeholder left behind is a field or
    section that was never filled in, in a record that can no longer be changed. A placeholder
    is one name in double braces (`{{RESULT}}`, `{{ topic }}`), not a template engine's
    expression (`{{ include "x.md" }}`). One finding per entry, at the first placeholder; the
    JSON output lists every place under `occurrences`. So is a
    filler left in an entry: "Not recorded yet." (what `continuity new` writes where
    no value was given), TBD, TODO, n/a, - or ? as a frontmatter value, as the value of a
    completed/ `## Task` row, or as the whole text of a section (a filler among other words,
    or in a table of data, is text), one finding each. A draft (an entry no commit holds yet,
    such as the one `continuity new` just wrote) is judged as a draft: the hint says "fill
    before committing", while it can still change; after the commit it is append-only.
    Without git (`--no-git`, no repository) fillers are not judged at all.
    The Evidence rows of completed/ entries are CT209's.

    **Example**

        | Authority | {{AUTHORITY}} |

        ## Result

        Not recorded yet.

    **Fix**

    Replace the placeholder or filler with the real value (or remove the line or section if
    the template allows). History is append-only: once committed, write a correcting entry
    rather than editing the old one. Placeholders inside fenced code blocks are examples and
    are not reported.
    """
    tracked = tracked_paths(ctx)
    for directory, entry in _markdown_entries(ctx):
        draft = _is_draft(ctx, entry)
        if tracked is not None:
            yield from _fillers(directory, entry, draft)
        if "{{" not in _document(entry).text:
            continue  # most entries: no need to scan them line by line
        found = _document(entry).whole.placeholders(skip_code=True)
        if not found:
            continue
        first = BEFORE_COMMIT if draft else ""
        yield placeholders_left(
            entry.path, found, "the entry",
            one_hint=first + "replace {placeholder} with the real value",
            many_hint=first + "replace each with the real value (every place is listed in the "
                      "JSON output's occurrences)")


def _fillers(directory: MemoryDirectory, entry: HistoryEntry,
             draft: bool) -> Iterator[Violation]:
    """Fillers standing where a value belongs: a frontmatter value, a
    ## Task row's value, or the whole text of a section. A filler among other words, or in a
    table of data ("N/A" in a column of results), is text."""
    front = _usable_frontmatter(entry)
    if front is not None:
        for key, value in front.data.items():
            if isinstance(value, str) and value.strip() and is_filler(value):
                line, column = _where(entry, key)
                yield Violation(
                    entry.path, f"frontmatter field '{key}' holds the filler '{value.strip()}'",
                    f"{BEFORE_COMMIT if draft else ''}give '{key}' its real value"
                    f"{'' if draft else _COMMITTED}", line, column)
    body = _document(entry).body
    if not FILLER_LINE.search(_document(entry).text):
        return  # no line is a filler on its own: most entries
    template = directory.template
    evidence_owned = directory.kind.requires_evidence and not directory.custom  # CT209's
    for section in body.sections:
        if section.level < 2 or (evidence_owned and section.key == "evidence"):
            continue
        if template.table_fields and section.key == "task" and section.level == 2:
            yield from _filler_rows(entry, body, section, draft)
            continue
        found = _filler_body(body, section)
        if found is not None:
            line, column, value = found
            yield _filler_found(entry, line, column, value, f"## {section.title}", draft)


def _filler_body(body: MarkdownDoc, section: Section) -> tuple[int, int, str] | None:
    """(line, column, text) of the first line when a section's own text is nothing but
    fillers (sentences or list items), else None."""
    first = None
    for index in body.body_indices(section, own_only=True):
        line = body.lines[index]
        if not line.strip():
            continue
        if body.in_code[index] or line.lstrip().startswith("|"):
            return None
        item = LIST_ITEM.match(line)
        value = item.group("text").strip() if item else line.strip()
        if not is_filler(value) or (not item and value.strip("-—– ") == ""):
            return None  # words, or a lone dash (a rule or a heading's underline)
        if first is None:
            first = (body.file_line(index), line.find(value) + 1, value)
    return first


def _filler_rows(entry: HistoryEntry, body: MarkdownDoc, task: Section,
                 draft: bool) -> Iterator[Violation]:
    for row in body.table_rows(task):
        if len(row.cells) >= 2 and row.cells[1].strip() and is_filler(row.cells[1]):
            yield _filler_found(entry, row.line, 1, row.cells[1],
                                f"row '{row.cells[0]}' of the ## Task table", draft)


#: What a filler's hint adds for a committed entry: it cannot be edited now.
_COMMITTED = ("; the entry is committed and history is append-only, so record the value in a "
              "new entry, then acknowledge this finding (`continuity check --add-baseline "
              "--reason \"...\"`)")


def _filler_found(entry: HistoryEntry, line: int, column: int, value: str,
                  where: str, draft: bool) -> Violation:
    if draft:
        return Violation(
            entry.path, f"'{value.strip()}' in {where} is a filler, not a value: the entry is "
            "a draft", f"{BEFORE_COMMIT}write what happened in its place (once committed, the "
            "entry can no longer change)", line, max(1, column))
    return Violation(
        entry.path, f"'{value.strip()}' in {where} is a filler, not a value: the entry was "
        "committed unfilled", "write what happened in a new entry" + _COMMITTED,
        line, max(1, column))


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
    `turn: 3`.
    """
    for directory, entry in _markdown_entries(ctx):
        front = _usable_frontmatter(entry)
        if front is None or _is_empty(entry):
            continue
        template = directory.template
        shapes = _template_data(ctx, template) if template.has_frontmatter else {}
        for key, value in front.data.items():
            fault = _format_fault(directory, template, shapes, key, value)
            if fault is not None:
                line, column = _where(entry, key)
                yield Violation(entry.path, fault[0], fault[1], line, column)


def _shape(value: Any) -> str:
    return "a list" if isinstance(value, list) else "a mapping"


def _format_fault(directory: MemoryDirectory, template: Template, shapes: dict[str, Any],
                  key: str, value: Any) -> tuple[str, str] | None:
    if _is_placeholder(value) or _is_blank(value):
        return None  # CT203 and CT202
    if isinstance(value, (list, dict)):
        if key in shapes and not isinstance(shapes[key], (list, dict)):
            return (f"field '{key}' is {_shape(value)}; {_template_source(directory)} "
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


# --------------------------------------------------------------------------- CT205


@rule("CT205", "date-mismatch", "error")
def date_mismatch(ctx: CheckContext) -> Iterator[Violation]:
    """The date in an entry's name disagrees with its frontmatter `date`.

    The name orders the history; the field is what the page shows. When they disagree one of
    them is wrong. A snapshot whose `date` carries a time must agree with the time in its name
    to the second: the name's time is read as UTC, and a `date` with another time zone is
    converted to UTC first (`2026-06-27T16:30:00+02:00` matches `2026-06-27T14-30-00.md`; a
    `date` without a zone is read as UTC). Elsewhere the calendar date written in the field is
    compared with the name's date.

    **Example**

        journal/2026-06-27-turn-3.md  with  date: 2026-06-26

    **Fix**

    Correct whichever is wrong. History is append-only: once committed, write a correcting
    entry rather than renaming or editing the old one.
    """
    for _directory, entry in _markdown_entries(ctx):
        parsed = entry.parsed_name
        front = _usable_frontmatter(entry)
        if parsed is None or parsed.date is None or not parsed.valid_date or front is None:
            continue
        value = front.data.get("date")
        if not isinstance(value, str) or _is_placeholder(value):
            continue
        written = parse_date_value(value)
        if written is None:
            continue  # CT204
        line, column = _where(entry, "date")
        name_date = parsed.real_date()
        name_time = parsed.real_time()
        if name_date is not None and name_time is not None and written.moment is not None:
            named = dt.datetime.combine(name_date, name_time, dt.timezone.utc)
            moment = written.moment.replace(microsecond=0)
            if moment != named:
                shown = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
                converted = f" ({shown} in UTC)" if written.offset else ""
                yield Violation(
                    entry.path,
                    f"date {value.strip()}{converted} disagrees with the time in the name, "
                    f"{parsed.date}T{parsed.time} (UTC)",
                    "make the field and the name name the same moment (to the second)",
                    line, column)
        elif written.date != name_date:
            yield Violation(
                entry.path,
                f"date {value.strip()} disagrees with the name's date {parsed.date}",
                "make the field and the name carry the same date",
                line, column)


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
    for directory, entry in _markdown_entries(ctx):
        template = directory.template
        if not template.sections:
            continue
        if _is_empty(entry):
            if not template.has_frontmatter:  # else CT201 reported the empty file
                yield Violation(
                    entry.path,
                    f"the file is empty; {_template_source(directory)} requires the sections "
                    f"{', '.join(template.sections)}",
                    f"copy {directory.name}/{TEMPLATE_NAME} and fill it in")
            continue
        present = {section.key for section in _document(entry).body.headings(2)}
        for title in template.sections:
            if normalise_heading(title) not in present:
                yield Violation(
                    entry.path,
                    f"section '## {title}' is missing; {_template_source(directory)} requires "
                    f"{', '.join(template.sections)}",
                    f"add a heading `## {title}` with its text beneath")


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
    for directory, entry in _markdown_entries(ctx):
        template = directory.template
        front = _usable_frontmatter(entry)
        if not template.has_frontmatter or front is None:
            continue
        by_lower = {field.lower(): field for field in template.fields}
        for key in front.data:
            if key in template.fields:
                continue
            line, column = _where(entry, key)
            near = by_lower.get(key.lower())
            if near and near not in front.data:
                hint = f"field names are case-sensitive: write '{near}'"
            else:
                hint = (f"rename it to one of the template's fields, remove it, or add it to "
                        f"{directory.name}/{TEMPLATE_NAME}")
            yield Violation(
                entry.path,
                f"frontmatter key '{key}' is not a field of {_template_source(directory)} "
                f"({_fields_text(template)})",
                hint, line, column)


# --------------------------------------------------------------------------- CT208


@rule("CT208", "turn-mismatch", "error")
def turn_mismatch(ctx: CheckContext) -> Iterator[Violation]:
    """The `turn-N` in a journal entry's name disagrees with its `turn` field.

    The turn number orders same-day journal entries; when the name and the field disagree the
    narrative can no longer be followed turn by turn.

    **Example**

        journal/2026-06-27-turn-3.md  with  turn: 4

    **Fix**

    Correct whichever is wrong. History is append-only: once committed, write a correcting
    entry rather than renaming or editing the old one.
    """
    for directory, entry in _markdown_entries(ctx):
        parsed = entry.parsed_name
        if not directory.kind.has_turns or parsed is None or parsed.turn is None:
            continue
        front = _usable_frontmatter(entry)
        value = front.data.get("turn") if front else None
        if not isinstance(value, str) or not INTEGER.match(value.strip()):
            continue  # absent (CT202), a placeholder (CT203) or not an integer (CT204)
        written = value.strip()
        # Compared as digits: int() refuses more than 4,300 of them (a ValueError that
        # stopped the whole check), and no turn needs more than MAX_TURN_DIGITS.
        if len(written.lstrip("0")) > MAX_TURN_DIGITS or int(written) != parsed.turn:
            line, column = _where(entry, "turn")
            shown = written if len(written) <= MAX_TURN_DIGITS else \
                f"{written[:MAX_TURN_DIGITS]}… ({len(written)} digits)"
            yield Violation(
                entry.path,
                f"turn {shown} disagrees with the name's turn-{parsed.turn}",
                "make the field and the name carry the same turn number", line, column)


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
        if entry.document is None or _is_empty(entry) or not entry.content_checked:
            continue
        body = _document(entry).body
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


# --------------------------------------------------------------------------- CT210


@rule("CT210", "unreadable", "error")
def unreadable(ctx: CheckContext) -> Iterator[Violation]:
    """A file expected to hold text is not UTF-8, is binary, or cannot be read.

    State files, Markdown entries, templates and logs/ JSONL are text; one that cannot be
    decoded cannot be checked or published (its other rules are skipped). Binary artifacts
    such as `artifacts/2026-06-27-chart.png` are fine. Files over `max_file_size` and links
    leaving the repository are CT603 and CT602.

    **Example**

        journal/2026-06-27-turn-3.md saved as Latin-1 (byte 0xe9 for é)

    **Fix**

    Save the file as UTF-8 (`iconv -f latin1 -t utf-8`), move binary content to artifacts/,
    or fix the file's permissions.
    """
    for tree_file, text_expected in _files_for_unreadable(ctx):
        read = tree_file.read
        if read is None or read.error is None or read.too_large:
            continue
        if read.raw is None:  # the operating system refused
            reason = read.error.removeprefix("unreadable: ")
            hint = "check that the file exists and its permissions allow reading"
            if tree_file.abspath.is_symlink() and not tree_file.abspath.exists():
                reason = "it is a link to a file that does not exist"
            elif reason.startswith("not a regular file"):
                hint = "replace it with a regular file, or move it out of the memory tree"
            yield Violation(tree_file.path, f"cannot read the file: {reason}", hint)
        elif text_expected:
            if read.error.startswith("binary"):
                message = f"expected text but the file is binary: {read.error}"
                hint = ("a Markdown file must be text; keep binary files in artifacts/ under "
                        "their own extension")
            else:
                message = f"the file is {read.error}"
                hint = ("write the lines you append as UTF-8; a log is append-only, so its "
                        "committed lines stay as they are (re-encoding them is CT304)"
                        if tree_file.path.endswith(".jsonl") else
                        "save it as UTF-8 (e.g. `iconv -f latin1 -t utf-8`)")
            yield Violation(tree_file.path, message, hint, read.error_line, read.error_column)


def _files_for_unreadable(ctx: CheckContext) -> Iterator[tuple[TreeFile, bool]]:
    """Every file CT210 judges, and whether it must be text (the ledger and notes have CT4/5xx)."""
    for state in ctx.tree.state_files:
        yield state.file, True
    for directory in ctx.tree.directories.values():
        if directory.template_file is not None:
            yield directory.template_file, True
        for entry in directory.entries:
            yield entry.file, directory.kind.expects_text(entry.name)
