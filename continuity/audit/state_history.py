"""The state history of the audited period, for the report: which living files changed, how
often, and what each commit changed in them (from the check's one history read, which
``--since`` limits to the period).

Plain data, rendered by the report's Markdown, HTML and JSON. A version that holds a
credential, or replaces one that did, is summed up without its lines (CT605 names it); every
other line is redacted with the rest of the report (``report.data._redacted``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from continuity.history.diffs import section_changes
from continuity.history.versions import Timeline, Version

#: The newest versions of a file whose diffs the Markdown and HTML reports show (JSON: all).
SHOWN_DIFFS = 20


@dataclass(frozen=True)
class VersionChange:
    sha: str
    short: str
    date: str
    author: str
    subject: str
    status: str  # "A" created, "M" modified, "D" deleted
    added: int  # lines
    removed: int
    #: (section, (("+" or "-", line), ...)) in file order; empty when withheld
    sections: tuple[tuple[str | None, tuple[tuple[str, str], ...]], ...]
    withheld: str | None = None  # why the lines are not shown

    @property
    def diff(self) -> str:
        """The changed lines of one section after another, as a unified diff shows them."""
        lines = []
        for section, changed in self.sections:
            lines.append(f"@@ {section or '(before the first section)'} @@")
            lines.extend(f"{sign}{text}" for sign, text in changed)
        return "\n".join(lines)


@dataclass(frozen=True)
class FileHistory:
    path: str
    changes: int  # commits of the period that changed it (before any cap)
    first: str  # the oldest and newest commit dates of the period
    last: str
    versions: tuple[VersionChange, ...]  # newest first


def state_history(timeline: Timeline | None) -> tuple[FileHistory, ...]:
    """Each living file the period changed, the most changed first."""
    if not timeline:
        return ()
    files = [FileHistory(path, history.total, history.versions[-1].date[:10],
                         history.versions[0].date[:10],
                         tuple(_change(v) for v in history.versions))
             for path, history in timeline.items() if history.versions]
    files.sort(key=lambda f: (-f.changes, f.path))
    return tuple(files)


def _change(version: Version) -> VersionChange:
    withheld = None
    sections: tuple[Any, ...] = ()
    if version.holds_credential:
        withheld = "a credential (CT605)"
    elif version.text is None and version.status != "D":
        withheld = version.unreadable or "not text"
    elif version.previous_not_kept:
        withheld = "the text of the version before it is not kept (the timeline's budget)"
    else:
        found = section_changes(version.previous_text, version.text)
        sections = tuple((c.section, c.lines) for c in found)
    added, removed = (0, 0) if not sections else (
        sum(1 for _, lines in sections for s, _ in lines if s == "+"),
        sum(1 for _, lines in sections for s, _ in lines if s == "-"))
    return VersionChange(version.sha, version.short, version.date, version.author,
                         version.subject, version.status, added, removed, sections, withheld)
