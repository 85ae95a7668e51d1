"""What one version of a text file changed from the one before: its added and removed lines,
grouped by the ``##`` section they fall in.

Plain data for the state timeline's pages and the report; no rendering here. Lines are
compared as git compares them (split at ``\\n``, a missing final newline ignored), so the
added and removed lines are those of ``git diff A B -- FILE`` (a test holds them equal).
"""

from __future__ import annotations

import bisect
import difflib
import re
from dataclasses import dataclass

#: A level-2 ATX heading (``## Status``), the unit a state file is read by.
_SECTION = re.compile(r"^ {0,3}##(?:[ \t]+(.*?))?[ \t#]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
#: What a line that opens a heading or a fence starts with.
_MARKS = ("#", "`", "~", " ")


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


class Sections:
    """Which ``##`` section each line of a text is in: the headings found once (outside
    fenced code), each line looked up by bisection."""

    def __init__(self, lines: list[str]):
        self.starts: list[int] = []
        self.names: list[str | None] = []
        fence: str | None = None
        for index in [i for i, line in enumerate(lines) if line.startswith(_MARKS)]:
            line = lines[index]
            opened = _FENCE.match(line)
            if fence is not None:
                if opened and opened.group(1)[0] == fence[0] and \
                        len(opened.group(1)) >= len(fence):
                    fence = None
            elif opened:
                fence = opened.group(1)
            else:
                heading = _SECTION.match(line)
                if heading:
                    self.starts.append(index)
                    self.names.append((heading.group(1) or "").strip() or "(untitled)")

    def of(self, index: int) -> str | None:
        """The section of line ``index`` (a heading is in its own); None before the first."""
        position = bisect.bisect_right(self.starts, index)
        return self.names[position - 1] if position else None


def section_changes(before: str | None, after: str | None) -> list[SectionChange]:
    """The changes from ``before`` to ``after`` (None: no file), by section, in file order.

    A change is filed under the section of the new text where it adds lines, else under the
    section the removed lines were in; consecutive changes to one section form one group.
    """
    old, new = split_lines(before), split_lines(after)
    old_sections, new_sections = Sections(old), Sections(new)
    groups: list[tuple[str | None, list[tuple[str, str]]]] = []
    # A state file is mostly rewritten in a few places: the lines both versions begin and
    # end with are set aside before the (quadratic at worst) matching.
    start = 0
    while start < len(old) and start < len(new) and old[start] == new[start]:
        start += 1
    end = 0
    while end < len(old) - start and end < len(new) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    matcher = difflib.SequenceMatcher(None, old[start:len(old) - end], new[start:len(new) - end],
                                      autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        for index in range(start + i1, start + i2):
            _file(groups, old_sections.of(index), ("-", old[index]))
        for index in range(start + j1, start + j2):
            _file(groups, new_sections.of(index), ("+", new[index]))
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
