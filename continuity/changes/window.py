"""What an agent loads of a living file at the start of a session, and what a change pushed
past it: "MEMORY.md now 212 lines: lines 201–212 are past what Claude loads", naming the index
entries that fell off. One small table of known windows; a convention without one has none.
"""

from __future__ import annotations

import re

from continuity.changes.model import LoadWindow
from continuity.history.diffs import split_lines

#: (convention name, file name) -> (agent, lines, bytes): Claude Code loads "the first 200 lines
#: of MEMORY.md, or the first 25KB, whichever comes first" (its memory documentation; CT702).
WINDOWS: dict[tuple[str, str], tuple[str, int, int]] = {
    ("claude", "MEMORY.md"): ("Claude Code", 200, 25 * 1024),
}

_LINK_TITLE = re.compile(r"\[([^\]]+)\]\(([^)\s]+)")


def window_of(convention: str | None, name: str) -> tuple[str, int, int] | None:
    return WINDOWS.get((convention or "", name))


def first_unloaded(text: str | None, lines_limit: int, bytes_limit: int) -> int | None:
    """The first line (1-based) past the window, or None when all of it is loaded."""
    size = 0
    for number, line in enumerate(split_lines(text), 1):
        size += len(line.encode("utf-8")) + 1
        if number > lines_limit or size > bytes_limit:
            return number
    return None


def load_window(convention: str | None, path: str, before: str | None, after: str | None
                ) -> LoadWindow | None:
    """The window's effect of a change from ``before`` to ``after``; None when the file has
    no known window or HEAD's version fits it as BASE's did."""
    known = window_of(convention, path.rsplit("/", 1)[-1])
    if known is None:
        return None
    agent, lines_limit, bytes_limit = known
    cut = first_unloaded(after, lines_limit, bytes_limit)
    cut_before = first_unloaded(before, lines_limit, bytes_limit)
    if cut is None and cut_before is None:
        return None
    lines = split_lines(after)
    unloaded = lines[cut - 1:] if cut is not None else []
    dropped = tuple(match.group(1) for line in unloaded for match in _LINK_TITLE.finditer(line))
    return LoadWindow(path, agent, f"{lines_limit} lines or {bytes_limit // 1024} KB",
                      len(split_lines(before)), len(lines), cut, cut_before, dropped)


def describe(window: LoadWindow) -> str:
    """One sentence: what HEAD's version loses (or no longer loses)."""
    name = window.path
    if window.first_unloaded is None:
        return (f"{name} now {window.lines_after} lines (was {window.lines_before}): all of it "
                f"is loaded again ({window.agent} loads {window.limit})")
    last = window.lines_after
    span = (f"line {window.first_unloaded} is" if window.first_unloaded == last
            else f"lines {window.first_unloaded}–{last} are")
    cut_before = window.first_unloaded_before
    was = (f"was {window.lines_before}, all loaded" if cut_before is None
           else f"was {window.lines_before}, loaded up to line {cut_before - 1}")
    text = f"{name} now {last} lines ({was}): {span} past what {window.agent} loads"
    if window.dropped:
        shown = ", ".join(window.dropped[:8])
        more = f" and {len(window.dropped) - 8} more" if len(window.dropped) > 8 else ""
        text += f"; index entries not loaded: {shown}{more}"
    return text
