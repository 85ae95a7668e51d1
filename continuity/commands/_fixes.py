"""``continuity check --fix``: apply the safe fixes the rules attached to their findings.

The rules say what would mend a finding (``validators/fixes.py``): CT101 the name computed from
the entry, CT204 a date written ``2026-06-27``; a fix is safe only in a file git does not hold
yet (nothing in history records it, so changing it rewrites nothing). Here those are made, as a
linter's safe fixes: never through a link, never to a path outside the repository or inside
``.git``, never over an existing file. Each fix made, or refused, is said; the check that
follows judges the result.
"""

from __future__ import annotations

import os
from collections import defaultdict
from pathlib import Path

from continuity.config import Config
from continuity.model.boundaries import boundary_of, refusal
from continuity.output import write_atomic
from continuity.validators.diagnostics import Diagnostic
from continuity.validators.engine import CheckResult
from continuity.validators.fixes import Edit
from continuity.validators.run import CheckedRoot

#: Checks run by ``--fix`` at most: a fix may reveal a finding with a fix of its own (a file
#: renamed into its directory is judged by the template rules, which may find its date).
FIX_PASSES = 3


def apply_fixes(checked: list[CheckedRoot], shown: CheckResult, config: Config,
                cwd: Path) -> tuple[list[str], int]:
    """Make the safe fixes of the findings ``shown`` (those the baselines left) under each
    root; the lines saying what was done (or why not) and how many fixes were made."""
    said: list[str] = []
    made = 0
    wanted = set(shown.diagnostics)
    for root in checked:
        if config.git == "off":
            said.append(f"fix: nothing fixed in {os.path.relpath(root.tree.root, cwd)}/: "
                        "without git the files already committed cannot be told apart, and "
                        "they are never changed")
            continue
        by_file: dict[str, list[Diagnostic]] = defaultdict(list)
        for d in root.result.diagnostics:
            if d in wanted and d.fix is not None and d.fix.safe:
                by_file[d.root_path].append(d)
        boundary = boundary_of(root.tree.root)
        for relative, found in sorted(by_file.items()):
            lines, count = _fix_file(root.tree.root / relative, found, boundary, cwd)
            said.extend(lines)
            made += count
    return said, made


def _allowed(path: Path, boundary: Path) -> bool:
    return not path.is_symlink() and refusal(path, boundary) is None


def _fix_file(path: Path, found: list[Diagnostic], boundary: Path,
              cwd: Path) -> tuple[list[str], int]:
    """The text edits of every fix of one file, then its rename (the first named)."""
    if not _allowed(path, boundary):
        return [], 0
    shown = found[0].path
    said: list[str] = []
    made = 0
    edits = [(d, edit) for d in found if d.fix is not None for edit in d.fix.edits]
    if edits:
        try:
            text = path.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError):
            return [], 0
        changed = _edited(text, [edit for _, edit in edits])
        if changed is not None and changed != text:
            write_atomic(path, changed.encode("utf-8"))
            for d, _ in edits:
                assert d.fix is not None
                said.append(f"fixed: {shown}: {d.fix.message} ({d.code})")
                made += 1
    rename = next((d for d in found if d.fix is not None and d.fix.rename is not None), None)
    if rename is not None and rename.fix is not None and rename.fix.rename is not None:
        target = rename.fix.rename
        destination = cwd / target
        if not _allowed(destination, boundary) or not destination.parent.is_dir():
            return said, made
        try:
            os.link(path, destination)  # fails if the name is taken: never overwrites
            os.unlink(path)
        except FileExistsError:
            said.append(f"fix: {shown}: not renamed, {target} exists")
        except OSError as exc:
            said.append(f"fix: {shown}: not renamed: {exc.strerror or exc}")
        else:
            said.append(f"fixed: renamed {shown} to {target} ({rename.code})")
            made += 1
    return said, made


def _edited(text: str, edits: list[Edit]) -> str | None:
    """``text`` with ``edits`` made (last first); None when two overlap or one is off the text."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)

    def offset(line: int, column: int) -> int | None:
        if not 0 < line <= len(lines) or not 0 < column <= len(lines[line - 1]) + 1:
            return None
        return starts[line - 1] + column - 1

    spans = []
    for edit in edits:
        start, end = offset(edit.line, edit.column), offset(edit.end_line, edit.end_column)
        if start is None or end is None or end < start:
            return None
        spans.append((start, end, edit.content))
    spans.sort()
    if any(a[1] > b[0] for a, b in zip(spans, spans[1:])):
        return None
    for start, end, content in reversed(spans):
        text = text[:start] + content + text[end:]
    return text
