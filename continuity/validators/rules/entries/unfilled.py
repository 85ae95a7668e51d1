"""CT203: no template placeholder, and no filler where a value belongs, is left in an entry."""

from __future__ import annotations

from collections.abc import Iterator

from continuity.formats.fillers import FILLER_LINE, is_filler
from continuity.formats.markdown import LIST_ITEM, MarkdownDoc, Section
from continuity.model.tree import HistoryEntry, MemoryDirectory
from continuity.validators.diagnostics import Violation
from continuity.validators.placeholders import placeholders_left
from continuity.validators.registry import CheckContext, rule
from continuity.validators.repository import tracked as tracked_paths
from continuity.validators.rules.entries.shared import (
    BEFORE_COMMIT,
    document_of,
    is_draft,
    markdown_entries,
    position_of,
    usable_frontmatter,
)

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
    rather than editing the old one. Placeholders inside fenced code blocks and code spans
    are examples and are not reported, nor those on a line that talks about placeholders
    ("placeholders like {{name}}", a quoted example beside other text).
    """
    tracked = tracked_paths(ctx)
    for directory, entry in markdown_entries(ctx):
        draft = is_draft(ctx, entry)
        if tracked is not None:
            yield from _fillers(directory, entry, draft)
        if "{{" not in document_of(entry).text:
            continue  # most entries: no need to scan them line by line
        found = document_of(entry).whole.placeholders(skip_code=True)
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
    front = usable_frontmatter(entry)
    if front is not None:
        for key, value in front.data.items():
            if isinstance(value, str) and value.strip() and is_filler(value):
                line, column = position_of(entry, key)
                yield Violation(
                    entry.path, f"frontmatter field '{key}' holds the filler '{value.strip()}'",
                    f"{BEFORE_COMMIT if draft else ''}give '{key}' its real value"
                    f"{'' if draft else _COMMITTED}", line, column)
    body = document_of(entry).body
    if not FILLER_LINE.search(document_of(entry).text):
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
