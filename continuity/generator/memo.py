"""Pages kept from one generation of a site to the next (``mkdocs serve``, ``--watch``).

A page is a pure function of what it is made from. The generator names those inputs as a
plain tuple (the entry, its title, findings, neighbours' rows, the options...); when the next
generation asks with equal inputs, the page made last time is the answer, without rendering
it again. Entries reused by discovery (:class:`continuity.model.tree.ParsedEntries`) are the
same objects, so comparing the inputs of an unchanged page is mostly identity tests. Only what
the last generation used is kept (:meth:`rotate`), so the memo never outgrows the site.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

Made = TypeVar("Made")


class PageMemo:
    def __init__(self) -> None:
        self._kept: dict[Hashable, tuple[tuple[Any, ...], Any]] = {}
        self._now: dict[Hashable, tuple[tuple[Any, ...], Any]] = {}
        self.reused = 0
        self.made = 0

    def rotate(self) -> None:
        """Start a generation: what the last one made may be reused, the rest is let go."""
        self._kept, self._now = self._now, {}
        self.reused = self.made = 0

    def get(self, key: Hashable, inputs: tuple[Any, ...], make: Callable[[], Made]) -> Made:
        """What ``make`` returns for ``inputs``: the kept result when the page at ``key`` was
        made from equal inputs last time, else made now (and kept for next time)."""
        previous = self._now.get(key) or self._kept.get(key)
        if previous is not None and previous[0] == inputs:
            self.reused += 1
            made = previous[1]
        else:
            self.made += 1
            made = make()
        self._now[key] = (inputs, made)
        return made
