"""What one version of a text file changed from the one before: its added and removed lines,
grouped by the ``##`` section they fall in.

Plain data for the state timeline's pages and the report; no rendering here. Lines are
compared as git compares them (split at ``\\n``, a missing final newline ignored), so the
added and removed lines are those of ``git diff A B -- FILE`` (a test holds them equal).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

#: A level-2 ATX heading (``## Status``), the unit a state file is read by.
_SECTION = re.compile(r"^ {0,3}##(?:[ \t]+(.*?))?[ \t#]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


@dataclass(frozen=True)
class SectionChange:
    """The lines one version added to and removed from one section (None: before the first
    ``##`` heading), in the order of the file; ``lines`` are ("+" or "-", text)."""

    section: str | None
    lines: tuple[tuple[str, str], ...]

    @property
    def added(self) -> int:
        return sum(1 for sign, _ in self.lines if sign == "+")

    @property
    def removed(self) -> int:
        return sum(1 for sign, _ in self.lines if sign == "-")


def split_lines(text: str | None) -> list[str]:
    if not text:
        return []
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the final newline ends the last line; it is not a line of its own
    return lines


def sections_of(lines: list[str]) -> list[str | None]:
    """For each line, the ``##`` section it belongs to (a heading belongs to its own)."""
    current: str | None = None
    fence: str | None = None
    out: list[str | None] = []
    for line in lines:
        opened = _FENCE.match(line)
        if fence is not None:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = None
        elif opened:
            fence = opened.group(1)
        else:
            heading = _SECTION.match(line)
            if heading:
                current = (heading.group(1) or "").strip() or "(untitled)"
        out.append(current)
    return out


def section_changes(before: str | None, after: str | None) -> list[SectionChange]:
    """The changes from ``before`` to ``after`` (None: no file), by section, in file order.

    A change is filed under the section of the new text where it adds lines, else under the
    section the removed lines were in; consecutive changes to one section form one group.
    """
    old, new = split_lines(before), split_lines(after)
    old_sections, new_sections = sections_of(old), sections_of(new)
    groups: list[tuple[str | None, list[tuple[str, str]]]] = []
    matcher = difflib.SequenceMatcher(None, old, new)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        for index in range(i1, i2):
            _file(groups, old_sections[index], ("-", old[index]))
        for index in range(j1, j2):
            _file(groups, new_sections[index], ("+", new[index]))
    return [SectionChange(section, tuple(lines)) for section, lines in groups]


def _file(groups: list[tuple[str | None, list[tuple[str, str]]]], section: str | None,
          line: tuple[str, str]) -> None:
    if groups and groups[-1][0] == section:
        groups[-1][1].append(line)
    else:
        groups.append((section, [line]))


def counts(changes: list[SectionChange]) -> tuple[int, int]:
    """(lines added, lines removed)."""
    return sum(c.added for c in changes), sum(c.removed for c in changes)
