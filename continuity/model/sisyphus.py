"""A Sisyphus plan's progress, counted as oh-my-opencode counts it (getPlanProgress,
src/features/boulder-state/storage.ts; packages/boulder-state/src/plan-checklist.ts).

A plan with a ``## TODOs`` or ``## Final Verification Wave`` heading is structured: only its
numbered top-level checkboxes in those sections count (``- [ ] 3. Title``, ``- [x] F1. Title``).
Any other plan counts every top-level checkbox (``- [ ]``, ``* [x]``). Checkboxes inside fenced
code and indented ones never count. Every pattern is anchored and bounded: linear time.
"""

from __future__ import annotations

import re

_SIMPLE = re.compile(r"[-*][ \t]*\[[ \t]*(?:([xX])[ \t]*)?\][ \t]+\S")
_TODO_HEADING = re.compile(r"##[ \t]+TODOs(?:[ \t]+#+)?[ \t]*", re.IGNORECASE)
_FINAL_HEADING = re.compile(r"##[ \t]+Final Verification Wave(?:[ \t]+#+)?[ \t]*",
                            re.IGNORECASE)
_SECTION_BOUNDARY = re.compile(r"#{1,2}(?:[ \t]|$)")
_TODO_BOX = re.compile(r"- \[([ xX])\] [1-9][0-9]*\. \S")
_FINAL_BOX = re.compile(r"- \[([ xX])\] [Ff][1-9][0-9]*\. \S")
_FENCE = re.compile(r"[ \t]{0,3}(`{3,}|~{3,})")


def _unfenced(lines: list[str]) -> list[str]:
    """The lines outside fenced code (a fence closes with a run of its marker as long)."""
    kept: list[str] = []
    fence = ""
    for line in lines:
        match = _FENCE.match(line)
        if fence:
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence) \
                    and not line[match.end():].strip():
                fence = ""
            continue
        if match and not (match.group(1)[0] == "`" and "`" in line[match.end():]):
            fence = match.group(1)
            continue
        kept.append(line)
    return kept


def _section(line: str) -> str | None:
    """"todo", "final" or "other" for a heading of level one or two; None for any other line."""
    if _TODO_HEADING.fullmatch(line):
        return "todo"
    if _FINAL_HEADING.fullmatch(line):
        return "final"
    return "other" if _SECTION_BOUNDARY.match(line) else None


def plan_progress(text: str) -> tuple[int, int]:
    """(tasks done, tasks) of a plan, as /start-work and Atlas count them."""
    lines = _unfenced(text.replace("\r\n", "\n").split("\n"))
    marks: list[str] = []
    if any(_section(line) in ("todo", "final") for line in lines):
        section = "other"
        for line in lines:
            heading = _section(line)
            if heading is not None:
                section = heading
                continue
            box = _TODO_BOX if section == "todo" else _FINAL_BOX if section == "final" else None
            match = box.match(line) if box is not None else None
            if match:
                marks.append(match.group(1))
    else:
        marks = [match.group(1) or "" for line in lines if (match := _SIMPLE.match(line))]
    return sum(1 for mark in marks if mark.lower() == "x"), len(marks)
