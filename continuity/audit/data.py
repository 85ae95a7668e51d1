"""The figures of an audit report, gathered once and rendered in any format.

Counts per directory and month come from the model; the trajectory and trace completeness from
the cycle ledger's records; the findings from a check run, grouped by rule.
"""

from __future__ import annotations

import datetime as dt
import os
from collections import Counter
from dataclasses import dataclass, fields, is_dataclass, replace
from pathlib import Path
from typing import Any

from continuity.audit.state_history import FileHistory, state_history
from continuity.formats.secrets import redact_credentials
from continuity.formats.seen_redaction import redact_seen
from continuity.formats.timestamps import rfc3339_utc
from continuity.history.versions import Timeline
from continuity.model.ledger import PRODUCTIVE, RESULTS
from continuity.model.tree import MemoryTree
from continuity.validators.diagnostics import Diagnostic
from continuity.validators.engine import CheckResult
from continuity.validators.registry import get_rule

TRACE_STATUSES = ("complete", "exempt", "incomplete", "absent")


@dataclass(frozen=True)
class DirectorySummary:
    name: str
    kind: str  # "history" or "library"
    entries: int
    by_month: dict[str, int]  # "YYYY-MM" -> entries named with a date in that month
    undated: int  # entries whose name carries no (valid) date
    first: str | None  # earliest date in a name
    last: str | None
    indexed_by: tuple[str, ...]
    template: str  # "ENTRY.template.md", "built-in" or "none"


@dataclass(frozen=True)
class CycleRow:
    line: int
    cycle: int | None
    result: str | None
    goals_passing: int | None
    goals_total: int | None
    timestamp: str | None
    trace: str  # complete, exempt, incomplete or absent
    missing: tuple[str, ...]  # kernel fields an incomplete trace lacks


@dataclass(frozen=True)
class LedgerSummary:
    path: str
    cycles: tuple[CycleRow, ...]
    results: dict[str, int]
    traces: dict[str, int]  # over every cycle
    productive_traces: dict[str, int]  # over improved, regressed and harvested cycles
    bad_lines: int  # lines that are not JSON objects
    unreadable: str | None = None

    @property
    def plotted(self) -> list[CycleRow]:
        return [c for c in self.cycles if c.cycle is not None and c.goals_passing is not None
                and c.goals_total is not None]

    @property
    def productive(self) -> int:
        return sum(self.productive_traces.values())

    @property
    def productive_traced(self) -> int:
        """Productive cycles whose trace is complete or explicitly exempt."""
        return self.productive_traces.get("complete", 0) + self.productive_traces.get("exempt", 0)


@dataclass(frozen=True)
class RuleGroup:
    code: str
    name: str
    severity: str
    summary: str
    findings: tuple[Diagnostic, ...]


@dataclass(frozen=True)
class Report:
    generated: str  # ISO 8601, UTC
    root: Path
    files: int
    state_files: tuple[str, ...]
    directories: tuple[DirectorySummary, ...]
    ledger: LedgerSummary | None
    result: CheckResult
    groups: tuple[RuleGroup, ...]
    #: The living files the audited period changed, with their diffs (report/state_history.py)
    state_history: tuple[FileHistory, ...] = ()

    @property
    def months(self) -> list[str]:
        return sorted({m for d in self.directories for m in d.by_month})

    @property
    def entries(self) -> int:
        return sum(d.entries for d in self.directories)

    @property
    def verdict(self) -> str:
        """``pass`` (no finding), ``partial`` (warnings only) or ``fail`` (errors)."""
        if self.result.errors:
            return "fail"
        return "partial" if self.result.warnings else "pass"


@dataclass(frozen=True)
class RootsReport:
    """The report of every memory root at or below the paths given (the protocol's nesting):
    one :class:`Report` per root, parents before their children, and the totals over them."""

    reports: tuple[Report, ...]
    #: The directory given, when one was: roots are named from it (``.claude/agent-memory/x/``
    #: from the top of a repository that is no root itself).
    given: Path | None = None

    @property
    def top(self) -> Path:
        """The directory every root is named from: the one given, else their common ancestor."""
        common = Path(os.path.commonpath([str(r.root) for r in self.reports]))
        if self.given is not None and (self.given == common or self.given in common.parents):
            return self.given
        return common

    def label(self, report: Report) -> str:
        """How a root is named in the report: its path below :attr:`top`, the top by name
        (a credential in a folder's name redacted: CT601 reports it)."""
        relative = Path(os.path.relpath(report.root, self.top)).as_posix()
        if relative == ".":
            return redact_credentials(f"{report.root.name or report.root}/")
        return redact_credentials(f"{relative}/")

    @property
    def errors(self) -> int:
        return sum(r.result.errors for r in self.reports)

    @property
    def warnings(self) -> int:
        return sum(r.result.warnings for r in self.reports)

    @property
    def entries(self) -> int:
        return sum(r.entries for r in self.reports)

    @property
    def files(self) -> int:
        return sum(r.files for r in self.reports)

    @property
    def state_files(self) -> int:
        return sum(len(r.state_files) for r in self.reports)

    @property
    def verdict(self) -> str:
        """``fail`` when any root has errors, ``partial`` with warnings only, else ``pass``."""
        if self.errors:
            return "fail"
        return "partial" if self.warnings else "pass"

    def below(self, root: Path) -> RootsReport:
        """The report of ``root`` and the roots below it (for an audit filed in ``root``)."""
        return RootsReport(tuple(r for r in self.reports
                                 if r.root == root or root in r.root.parents), root)

    @property
    def outermost(self) -> tuple[Path, ...]:
        """Roots with no other reported root above them (one, when a directory was given)."""
        roots = [r.root for r in self.reports]
        return tuple(root for root in roots if not any(o in root.parents for o in roots))


def build_report(tree: MemoryTree, result: CheckResult, now: dt.datetime | None = None,
                 timeline: Timeline | None = None) -> Report:
    """``timeline``: the living files' versions the check's history read holds (the period)."""
    now = now or dt.datetime.now(dt.timezone.utc)
    report = Report(
        generated=rfc3339_utc(now),
        root=tree.root,
        files=result.files,
        state_files=tuple(s.name for s in tree.state_files),
        directories=tuple(_directory(tree, name) for name in sorted(tree.directories)),
        ledger=_ledger(tree),
        result=result,
        groups=_groups(result),
        state_history=state_history(timeline),
    )
    return _redacted(report)


def _redacted(value: Any) -> Any:
    """``value`` with a credential in any text it holds replaced by its marker: a report is
    shared and may be filed in the tree (a ledger's ``result`` or a directory's name is text
    from the tree too). The diagnostics were redacted where they were made."""
    if isinstance(value, str):
        return redact_seen(value)  # by what a reader sees (`ghp\_…` too)
    if isinstance(value, (CheckResult, Diagnostic, Path)) or value is None:
        return value
    if isinstance(value, tuple):
        return tuple(_redacted(item) for item in value)
    if isinstance(value, dict):
        return {_redacted(key): _redacted(item) for key, item in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return replace(value, **{f.name: _redacted(getattr(value, f.name))
                                 for f in fields(value) if f.init})
    return value


def _directory(tree: MemoryTree, name: str) -> DirectorySummary:
    directory = tree.directories[name]
    by_month: Counter[str] = Counter()
    dates = []
    undated = 0
    for entry in directory.entries:
        month, date = entry.month, entry.date
        if entry.real_date and month is not None and date is not None:  # also date-only names
            by_month[month] += 1
            dates.append(date)
        else:
            undated += 1
    if directory.template_file is not None:
        template = "ENTRY.template.md"
    else:
        template = "built-in" if (directory.template.fields or directory.template.sections) \
            else "none"
    return DirectorySummary(
        name=name, kind=directory.kind.role, entries=len(directory.entries),
        by_month=dict(sorted(by_month.items())), undated=undated,
        first=min(dates, default=None), last=max(dates, default=None),
        indexed_by=tuple(sorted({e.state_file for e in tree.indexed_by(name)})),
        template=template,
    )


def _ledger(tree: MemoryTree) -> LedgerSummary | None:
    if tree.ledger is None:
        return None
    ledger = tree.records.ledger
    assert ledger is not None  # there is a ledger file
    rows = tuple(CycleRow(c.line, c.cycle, c.result, c.goals_passing, c.goals_total,
                          c.timestamp, c.trace_status,
                          c.missing_trace_fields if c.trace_status == "incomplete" else ())
                 for c in ledger.cycles)
    results = Counter(c.result if c.result in RESULTS else "other" for c in ledger.cycles)
    traces = Counter(row.trace for row in rows)
    productive = Counter(row.trace for row in rows if row.result in PRODUCTIVE)
    bad = sum(1 for line in ledger.lines if not line.blank and not line.is_object)
    return LedgerSummary(
        path=tree.relpath(tree.ledger.abspath), cycles=rows,
        results={k: results[k] for k in (*RESULTS, "other") if results[k]},
        traces={k: traces[k] for k in TRACE_STATUSES if traces[k]},
        productive_traces={k: productive[k] for k in TRACE_STATUSES if productive[k]},
        bad_lines=bad, unreadable=ledger.unreadable,
    )


def _groups(result: CheckResult) -> tuple[RuleGroup, ...]:
    by_code: dict[str, list[Diagnostic]] = {}
    for diagnostic in result.diagnostics:
        by_code.setdefault(diagnostic.code, []).append(diagnostic)
    groups = []
    for code, findings in by_code.items():
        rule = get_rule(code)
        groups.append(RuleGroup(code, findings[0].name, findings[0].severity.value,
                                rule.summary if rule else "", tuple(findings)))
    # Errors first, then the most frequent, then by code.
    groups.sort(key=lambda g: (g.severity != "error", -len(g.findings), g.code))
    return tuple(groups)
