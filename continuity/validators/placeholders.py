"""One finding for every placeholder left in a file (CT107 in state files, CT203 in entries)."""

from __future__ import annotations

from collections.abc import Sequence

from continuity.formats.markdown import Placeholder
from continuity.validators.diagnostics import Violation

#: Placeholders named in one message; the JSON output lists every place.
MAX_LISTED = 8


def placeholders_left(path: str, found: Sequence[Placeholder], where: str, *,
                      one_hint: str, many_hint: str) -> Violation:
    """The finding for ``found`` (not empty) in ``where`` ("the entry", "STATE.md"):
    ``one_hint`` may name ``{placeholder}``; ``many_hint`` serves for several."""
    first = found[0]
    if len(found) == 1:
        message = f"placeholder {first.text} left in {where}"
        hint = one_hint.format(placeholder=first.text)
    else:
        names = list(dict.fromkeys(p.text for p in found))
        shown = ", ".join(names[:MAX_LISTED]) + (", …" if len(names) > MAX_LISTED else "")
        message = (f"{len(found)} placeholders left in {where}, the first at line "
                   f"{first.line}: {shown}")
        hint = many_hint
    return Violation(path, message, hint, first.line, first.column,
                     occurrences=tuple((p.line, p.column, p.text) for p in found))
