"""Regular expressions compiled when first used, not when their module is imported.

The secret detector table holds over a hundred patterns, and compiling them was a fifth of
every ``continuity`` process's time (about 50 ms of 250 on a small tree), paid by every
pre-commit run and ``--help`` alike; most are never tried on a given tree, since a text holding
none of a detector's needles is not scanned by it. A :class:`LazyPattern` answers like the
:class:`re.Pattern` it stands for, compiling it at its first use.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, cast


class LazyPattern:
    """A :class:`re.Pattern` compiled at first use. The common methods are spelled out (they
    are called in hot loops); anything else is the compiled pattern's."""

    __slots__ = ("_source", "_flags", "_compiled")

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self._source, self._flags)
        return compiled

    @property
    def pattern(self) -> str:
        return self._source  # read to build another pattern: no need to compile this one

    def search(self, string: str, *args: int) -> re.Match[str] | None:
        return (self._compiled or self.compiled()).search(string, *args)

    def match(self, string: str, *args: int) -> re.Match[str] | None:
        return (self._compiled or self.compiled()).match(string, *args)

    def fullmatch(self, string: str, *args: int) -> re.Match[str] | None:
        return (self._compiled or self.compiled()).fullmatch(string, *args)

    def finditer(self, string: str, *args: int) -> Iterator[re.Match[str]]:
        return (self._compiled or self.compiled()).finditer(string, *args)

    def findall(self, string: str, *args: int) -> list[Any]:
        return (self._compiled or self.compiled()).findall(string, *args)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str,
            count: int = 0) -> str:
        return (self._compiled or self.compiled()).sub(repl, string, count)

    def __getattr__(self, name: str) -> Any:
        # ``pattern``, ``flags``, ``groups``, ``split``, ...: as the compiled pattern has them
        return getattr(self.compiled(), name)

    def __reduce__(self) -> tuple[type[LazyPattern], tuple[str, int]]:
        return LazyPattern, (self._source, self._flags)

    def __repr__(self) -> str:
        return f"LazyPattern({self._source!r}, {self._flags!r})"


def compile(source: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile`` at first use. Typed as the pattern it stands for: pass it where a
    compiled pattern's methods are called, never to ``re``'s functions (they test its type)."""
    return cast("re.Pattern[str]", LazyPattern(source, int(flags)))
