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
#: cell (one search over a whole entry finds the few that need a closer look). The decoration
#: before the filler begins with a mark, never a blank, so a long run of blanks has one way to
#: be split (it had as many as its length squared: minutes on a hostile line).
FILLER_LINE = re.compile(
    r"^[ \t]*(?:[-*+][ \t]+|\d+[.)][ \t]+|\|[^|\n]*\|[ \t]*)?(?:[*_`~][*_`~ \t]*)?(?:"
    + "|".join(re.escape(filler) for filler in sorted(FILLERS, key=len, reverse=True))
    + r")[*_`~. \t]*(?:\|.*)?$", re.IGNORECASE | re.MULTILINE)

# Emphasis, code marks and a closing full stop around a filler (`*TBD*`, `` `n/a` ``, "TODO.").
_DECORATION = re.compile(r"^[\s*_`~]+|[\s*_`~.]+$")


def is_filler(text: str) -> bool:
    """Whether ``text`` says nothing: empty, or one of :data:`FILLERS` (any case, decorated)."""
    core = _DECORATION.sub("", text).lower()
    return not core or core in FILLERS or (core.rstrip(".") in FILLERS)


def filler_names() -> str:
    """The fillers as a message or a docstring shows them."""
    return '"Not recorded yet.", TBD, TODO, n/a, -, ?'
