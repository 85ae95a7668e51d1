"""CT201: an entry's frontmatter, or its template's, is there and parses."""

from __future__ import annotations

from collections.abc import Iterator

from continuity.formats import frontmatter as fm
from continuity.model.kinds import TEMPLATE_NAME
from continuity.model.tree import MemoryDirectory
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule
from continuity.validators.rules.entries.shared import (
    document_of,
    fields_text,
    is_empty,
    markdown_entries,
    template_source,
)

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
    for directory, entry in markdown_entries(ctx):
        template = directory.template
        front = document_of(entry).frontmatter
        if is_empty(entry):
            if template.has_frontmatter:
                yield Violation(
                    entry.path,
                    f"the file is empty; {template_source(directory)} expects frontmatter "
                    f"({fields_text(template)}) and the sections "
                    f"{', '.join(template.sections) or '(none)'}",
                    f"copy {directory.name}/{TEMPLATE_NAME} and fill it in "
                    f"(`continuity new {directory.name}` does this)",
                )
            continue
        if not front.present:
            if template.has_frontmatter:
                yield Violation(
                    entry.path,
                    f"no YAML frontmatter; {template_source(directory)} expects one with "
                    f"{fields_text(template)}",
                    "start the file with a block: a line `---`, one `key: value` line per "
                    "field, and a closing `---`",
                )
            continue
        yield from _frontmatter_faults(entry.path, front, "")


_FIX_THE_YAML = ("fix the YAML at this position; quote values that contain ': ', ' #' or "
                 "start with a special character such as '*', '&', '[' or '{'")

#: The hint for each kind of frontmatter problem (every kind has one).
HINTS: dict[fm.FrontmatterIssue, str] = {
    fm.FrontmatterIssue.UNCLOSED: "close the frontmatter with a line `---` after its last key",
    fm.FrontmatterIssue.NOT_A_MAPPING: "write the frontmatter as `key: value` lines",
    fm.FrontmatterIssue.TOO_MANY_NODES: "write the values out instead of expanding YAML anchors "
                                        "and aliases",
    fm.FrontmatterIssue.NOT_YAML: _FIX_THE_YAML,
    fm.FrontmatterIssue.TOO_DEEP: _FIX_THE_YAML,
    fm.FrontmatterIssue.NOT_TEXT: _FIX_THE_YAML,
}


def _frontmatter_faults(path: str, front: fm.Frontmatter, suffix: str) -> Iterator[Violation]:
    for problem in front.problems:
        yield Violation(path, problem.message + suffix, HINTS[problem.kind], problem.line,
                        problem.column)
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
