"""Diagnostics are plain data: what is wrong, where, and how to fix it."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import Enum

from continuity.formats.seen_redaction import redact_seen
from continuity.validators.fixes import Fix


def value_identity(value: str) -> str:
    """A credential's identity for the baseline: a hash of its value (128 bits of SHA-256),
    never the value. The value is in the repository already (that is the finding), so its hash
    tells nothing new; it lets an acknowledgement name one revoked token and no other."""
    digest = hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()
    return f"sha256:{digest[:32]}"


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"

    @property
    def rank(self) -> int:
        return 2 if self is Severity.ERROR else 1

    def fails(self, fail_on: str) -> bool:
        """Whether a finding of this severity fails a check whose ``fail_on`` is given."""
        return self.rank >= (Severity.ERROR.rank if fail_on == "error" else Severity.WARNING.rank)


@dataclass(frozen=True)
class Violation:
    """What a rule yields: the place and the words; the registry adds code, name and severity.

    ``path`` is relative to the memory root, ``/``-separated.
    """

    path: str
    message: str
    hint: str
    line: int = 1
    column: int = 1
    commit: str | None = None  # short sha, for history rules
    commit_date: str | None = None
    # A rule whose findings differ in weight (CT404: a step back is an error, a gap a warning)
    # sets this; None means the rule's severity. A user's `severity` override still wins.
    severity: Severity | None = None
    # One finding for one cause: the other places the same fault occurs in the file (CT107,
    # CT203: every placeholder left), as (line, column, text); the first is ``line``/``column``.
    occurrences: tuple[tuple[int, int, str], ...] = ()
    fix: Fix | None = None  # what would mend it (validators/fixes.py), when the rule knows
    # What the finding is about beyond its place and words, for the baseline to name (see
    # continuity.validators.baseline): "commit:<full sha>" for a history finding,
    # "sha256:<hash of the value>" for a credential. Never the value itself; never printed.
    identity: str | None = None


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One finding as reported. ``path`` is relative to the working directory."""

    path: str
    line: int
    column: int
    code: str
    name: str = field(compare=False)
    severity: Severity = field(compare=False)
    message: str = field(compare=False)
    hint: str = field(compare=False)
    commit: str | None = field(default=None, compare=False)
    commit_date: str | None = field(default=None, compare=False)
    root_path: str = field(default="", compare=False)  # the path relative to the memory root
    occurrences: tuple[tuple[int, int, str], ...] = field(default=(), compare=False)
    fix: Fix | None = field(default=None, compare=False)  # its rename as the path is shown

    def __post_init__(self) -> None:
        # Every output format (text, JSON, SARIF, GitHub, GitLab, JUnit, the report) prints
        # these words: a credential in them (a CT204 message quoting ``date: 'ghp\_…'``) is
        # redacted here, by what a reader sees, whoever made the diagnostic. (``root_path`` is
        # the file's own name, which the site matches to withhold it: left as it is, and
        # redacted where an output prints it, as report/text.py's links do.)
        for name in ("path", "message", "hint"):
            value = getattr(self, name)
            shown = redact_seen(value)
            if shown is not value:
                object.__setattr__(self, name, shown)
        if self.occurrences:
            object.__setattr__(self, "occurrences", tuple(
                (line, column, redact_seen(text)) for line, column, text in self.occurrences))
    identity: str | None = field(default=None, compare=False)  # see Violation.identity

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "code": self.code, "name": self.name, "severity": self.severity.value,
            "path": self.path, "line": self.line, "column": self.column,
            "message": self.message, "hint": self.hint,
        }
        if self.commit:
            data["commit"] = self.commit
        if self.commit_date:
            data["commit_date"] = self.commit_date
        if self.occurrences:
            data["occurrences"] = [{"line": line, "column": column, "text": text}
                                   for line, column, text in self.occurrences]
        if self.fix is not None:
            data["fix"] = self.fix.to_dict()
        return data
