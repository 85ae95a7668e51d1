"""Fillers: the words that stand where nobody wrote anything (declared once, used everywhere).

``continuity new`` writes "Not recorded yet." where a field was not given; authors write TBD,
TODO, n/a, a dash or a question mark. None of them is evidence (CT209), and left in a
committed entry each is an unfilled part of the record (CT203), as a ``{{…}}`` placeholder is.
"""

from __future__ import annotations

import re

#: What ``continuity new`` writes where no value was given: in a cell or a value, and as a
#: section's sentence.
NOT_RECORDED = "not recorded yet"
NOT_RECORDED_SENTENCE = "Not recorded yet."

#: Every filler, lower case, without a final full stop. Empty text is a filler too.
FILLERS: frozenset[str] = frozenset({
    NOT_RECORDED, "tbd", "todo", "n/a", "-", "?", "—", "–",
})

#: A line that may be a filler on its own: a sentence, a list item, or a table row's second
#: cell (one search over a whole entry finds the few that need a closer look).
#: No two quantifiers in a row take the same characters (the spaces are the decoration
#: class's alone), so a line of a million spaces is one linear pass, not a quadratic one.
FILLER_LINE = re.compile(
    r"^(?:[ \t]*(?:[-*+]|\d+[.)])[ \t]|[ \t]*\|[^|\n]*\|)?[*_`~ \t]*(?:"
    + "|".join(re.escape(filler) for filler in sorted(FILLERS, key=len, reverse=True))
    + r")[*_`~. \t]*(?:\|.*)?$", re.IGNORECASE | re.MULTILINE)

# Emphasis, code marks and a closing full stop around a filler (`*TBD*`, `` `n/a` ``, "TODO.").
_LEADING, _TRAILING = "*_`~", "*_`~."


def _undecorated(text: str) -> str:
    """``text`` without the whitespace and decoration around it. A loop, not a regular
    expression: a search for a trailing run retries at every start of a long inner one."""
    start, end = 0, len(text)
    while start < end and (text[start].isspace() or text[start] in _LEADING):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in _TRAILING):
        end -= 1
    return text[start:end]


def is_filler(text: str) -> bool:
    """Whether ``text`` says nothing: empty, or one of :data:`FILLERS` (any case, decorated)."""
    core = _undecorated(text).lower()
    return not core or core in FILLERS or (core.rstrip(".") in FILLERS)


def filler_names() -> str:
    """The fillers as a message or a docstring shows them."""
    return '"Not recorded yet.", TBD, TODO, n/a, -, ?'
