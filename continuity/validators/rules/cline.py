"""CT71x: Cline memory bank — the core files Cline reads at the start of every task. Judged
only where the root follows Cline's convention (``continuity.model.conventions``)."""

from __future__ import annotations

from collections.abc import Iterator

from continuity.formats.markdown import MarkdownDoc
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule


def _has_content(text: str) -> bool:
    """Text beside headings: a file of headings alone (or nothing) is emptied."""
    doc = MarkdownDoc(text)
    return any(line.strip() and not line.lstrip().startswith("#") and not doc.in_code[i]
               for i, line in enumerate(doc.lines)) or any(doc.in_code)


@rule("CT711", "core-file-missing", "error")
def core_file_missing(ctx: CheckContext) -> Iterator[Violation]:
    """A core file of a Cline memory bank (or a `required` file of a declared convention) is missing or empty.

    Cline's memory bank "consists of core files and optional context files"; the six core
    files (projectbrief.md, productContext.md, activeContext.md, systemPatterns.md,
    techContext.md, progress.md) are "Required", and Cline reads all of them at the start of
    every task. One missing, or emptied to its headings, leaves Cline starting without that
    part of the project.

    **Example**

        memory-bank/projectbrief.md     # present
        memory-bank/techContext.md      # missing

    **Fix**

    Create the file (Cline's "initialize memory bank" writes all six), or restore what it held.
    """
    tree = ctx.tree
    convention = tree.recognition.convention
    if convention is None:
        return
    present = {state.name: state for state in tree.state_files}
    for name in convention.required:
        state = present.get(name)
        if state is None:
            yield Violation(name, f"core file {name} of the memory bank is missing",
                            f"create {name}: the {convention.title} reads every core file at "
                            "the start of a task")
        elif state.file.text is not None and not _has_content(state.file.text):
            yield Violation(name, f"core file {name} is empty (headings at most)",
                            f"fill {name} in, or restore what it held (git log -p {name})")
