"""Fixes as data: what a rule knows would mend its finding, carried on the finding.

A rule that can compute the correction attaches a :class:`Fix` to its violation: the file
renamed (CT101: the name computed from the entry), or text ranges replaced (CT204: a date
written ``2026/06/27`` becomes ``2026-06-27``). The reporters show it (JSON ``fix`` as ruff
writes it, SARIF ``fixes``, a ``[*]`` in text) and ``continuity check --fix`` applies the safe
ones (``commands/_fixes.py``). A fix is safe when nothing is lost by making it: the file is one
git does not hold yet, so no committed history changes. Committed, or without git to say, it is
unsafe: shown, never applied.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Applicability(str, Enum):
    SAFE = "safe"  # applied by --fix
    UNSAFE = "unsafe"  # shown only: it would change what git already holds


@dataclass(frozen=True)
class Edit:
    """Replace the text from ``(line, column)`` up to ``(end_line, end_column)`` (1-based,
    the end excluded, columns counted in characters) with ``content``."""

    content: str
    line: int
    column: int
    end_line: int
    end_column: int

    def to_dict(self) -> dict[str, object]:
        return {"content": self.content,
                "location": {"row": self.line, "column": self.column},
                "end_location": {"row": self.end_line, "column": self.end_column}}


@dataclass(frozen=True)
class Fix:
    """The correction of one finding, in the finding's file: ``edits`` to its text, then (when
    ``rename`` is set) the file moved to ``rename``, a path of the same base as the finding's
    (root-relative on a violation, as shown on a diagnostic)."""

    message: str  # what applying it does, in the imperative: "rename to journal/x.md"
    applicability: Applicability
    edits: tuple[Edit, ...] = ()
    rename: str | None = None

    @property
    def safe(self) -> bool:
        return self.applicability is Applicability.SAFE

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"applicability": self.applicability.value,
                                   "message": self.message,
                                   "edits": [edit.to_dict() for edit in self.edits]}
        if self.rename is not None:
            data["rename"] = self.rename
        return data


def applicability(known: bool, held: bool) -> Applicability:
    """Safe when git says (``known``) the file is not ``held`` (tracked) yet."""
    return Applicability.SAFE if known and not held else Applicability.UNSAFE
