"""Where the code spans of one line of Markdown are, as CommonMark reads them.

One reading for every pass that must agree on what is code: the portable pass turns these
spans into ``<code>`` HTML, the cost guard counts nothing inside them.
"""

from __future__ import annotations

from bisect import bisect_right


def code_spans(line: str) -> list[tuple[int, int, int]]:
    """(start, end, fence length) of each code span of one line, as CommonMark reads it: a
    run of backticks (less the first, when a backslash escapes it) opens, and the next run of
    exactly that length closes. Runs are listed once and looked up by length, so a line of
    thousands of unmatched runs costs one pass, not one per run."""
    runs: list[tuple[int, int]] = []  # (start, length) of every maximal run of backticks
    position = line.find("`")
    while position >= 0:
        end = position
        while end < len(line) and line[end] == "`":
            end += 1
        runs.append((position, end - position))
        position = line.find("`", end)
    by_length: dict[int, list[int]] = {}  # run length -> indexes of the runs, in order
    for index, (_, length) in enumerate(runs):
        by_length.setdefault(length, []).append(index)
    spans: list[tuple[int, int, int]] = []
    index = 0
    while index < len(runs):
        start, length = runs[index]
        backslashes = 0  # before this run: each backslash is counted for one run only
        while backslashes < start and line[start - backslashes - 1] == "\\":
            backslashes += 1
        if backslashes % 2:  # the first backtick is escaped; the rest of the run may open
            start, length = start + 1, length - 1
        same = by_length.get(length, []) if length else []
        after = bisect_right(same, index)
        if after == len(same):
            index += 1  # nothing closes it: its backticks are text
            continue
        closing = same[after]
        spans.append((start, runs[closing][0] + length, length))
        index = closing + 1
    return spans
