"""How an index of entries is cut into pages: anchored at the oldest entry.

Cutting newest-first into pages of ``size`` moves every entry one place on every page each
time an entry is added, so every page of the index changes and a live preview renders them
all again (about 228 pages at 10,000 entries for one new entry). Counted from the oldest
instead, a page once full never changes: the entries 1 to ``size``, ``size + 1`` to
``2 * size``, ... each keep their page and its URL. Only the front page (the index's own
page, newest first) changes with a new entry; once every ``size`` entries it has grown to
``2 * size`` and splits, its older half becoming the next fixed page.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def anchored_pages(newest_first: Sequence[T], size: int) -> tuple[list[T], list[list[T]]]:
    """``(front, fixed)`` for items given newest first and pages of ``size``.

    With N items there are F = max(0, N // size - 1) fixed pages; ``fixed[j - 1]`` is fixed
    page j, holding items (j - 1) * size + 1 to j * size counted from the oldest (1 the
    oldest), newest first within the page. ``front`` holds the newest N - F * size items
    (from ``size`` to ``2 * size - 1`` of them once N >= size), newest first.
    """
    size = max(1, size)
    count = len(newest_first)
    fixed_count = max(0, count // size - 1)
    oldest_first = list(reversed(newest_first))
    fixed = [oldest_first[j * size:(j + 1) * size][::-1] for j in range(fixed_count)]
    return list(newest_first[:count - fixed_count * size]), fixed


def fixed_range(number: int, size: int) -> tuple[int, int]:
    """The positions (counted from the oldest, 1 the oldest) fixed page ``number`` holds."""
    size = max(1, size)
    return (number - 1) * size + 1, number * size


def pager_window(count: int, current: int, around: int = 2) -> list[int | None]:
    """The pages (0 to ``count - 1``, 0 the front page) a pager shows on page ``current``: the
    first, the last and ``around`` either side of the current one, None for each gap. Every
    page listing every other would be quadratic: 200 pages of links each, at 10,000 entries.
    A gap of one page shows that page instead."""
    shown = sorted({0, count - 1} | set(range(max(0, current - around),
                                              min(count, current + around + 1))))
    out: list[int | None] = []
    for previous, position in zip([None, *shown], shown):
        if previous is not None and position - previous > 1:
            out.append(position - 1 if position - previous == 2 else None)
        out.append(position)
    return out
