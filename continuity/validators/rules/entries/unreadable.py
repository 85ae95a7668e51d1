"""CT210: a file expected to hold text can be read as UTF-8 text."""

from __future__ import annotations

from collections.abc import Iterator

from continuity.model.roots import escaped_name, not_utf8_below
from continuity.model.tree import TreeFile
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule

# --------------------------------------------------------------------------- CT210


@rule("CT210", "unreadable", "error")
def unreadable(ctx: CheckContext) -> Iterator[Violation]:
    """A file expected to hold text is not UTF-8, is binary, or cannot be read.

    State files, Markdown entries, templates and logs/ JSONL are text; one that cannot be
    decoded cannot be checked or published (its other rules are skipped). Binary artifacts
    such as `artifacts/2026-06-27-chart.png` are fine. Files over `max_file_size` and links
    leaving the repository are CT603 and CT602.

    A file or folder whose *name* is not UTF-8 (`caf\\xe9.md` written in Latin-1) is left out
    of the tree: no page, URL or report can name it as it is.

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
    for path in not_utf8_below(ctx.tree.root):
        yield Violation(
            path, f"the name `{escaped_name(path)}` is not UTF-8, so it is not read, checked or "
            "published (no page, URL or report can name it as it is)",
            "rename it to UTF-8 (`convmv -f latin1 -t utf-8`, or `mv`)")


def _files_for_unreadable(ctx: CheckContext) -> Iterator[tuple[TreeFile, bool]]:
    """Every file CT210 judges, and whether it must be text (the ledger and notes have CT4/5xx)."""
    for state in ctx.tree.state_files:
        yield state.file, True
    for directory in ctx.tree.directories.values():
        if directory.template_file is not None:
            yield directory.template_file, True
        for entry in directory.entries:
            yield entry.file, directory.kind.expects_text(entry.name)
