"""The findings baseline: findings acknowledged, with a reason, in a committed file.

A committed mistake in append-only history cannot be undone without rewriting git history
(CT301 stays at the commit that made it). ``continuity check --add-baseline --reason "..."``
records today's findings in ``.continuity-baseline.json`` (at the top of the repository, or the
working directory outside one); later checks report only findings that are not in it, and say
which of its entries no longer match anything (stale), so the file shrinks as findings go.

A finding is matched by its fingerprint: the rule's code, the file (relative to the baseline's
directory) and the message with line numbers taken out, never the line, so an edit that moves a
finding keeps it acknowledged. Identical findings are counted: one entry acknowledges one.
The file is sorted and indented one entry a line, so a pull request shows each acknowledgement
as one reviewed line.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from continuity.authoring import atomic
from continuity.errors import ConfigError, UsageError
from continuity.formats.secrets import redact_credentials
from continuity.formats.words import plural
from continuity.model.tree import find_repo_root
from continuity.validators.diagnostics import Diagnostic
from continuity.validators.engine import CheckResult

FILE_NAME = ".continuity-baseline.json"
#: Line and column numbers inside messages ("(line 4)", "lines 3-5") are not part of a finding.
_LINE_NUMBERS = re.compile(r"\b(lines?|line:|col(?:umn)?)\s*\d+(?:\s*[-–]\s*\d+)?")

Fingerprint = tuple[str, str, str]  # code, path relative to the baseline, message


@dataclass(frozen=True)
class Entry:
    code: str
    path: str
    message: str
    reason: str

    @property
    def fingerprint(self) -> Fingerprint:
        return (self.code, self.path, normalised(self.message))

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "path": self.path, "message": self.message,
                "reason": self.reason}


@dataclass(frozen=True)
class Baseline:
    path: Path
    entries: tuple[Entry, ...]

    @property
    def exists(self) -> bool:
        return self.path.exists()


def normalised(message: str) -> str:
    return _LINE_NUMBERS.sub(lambda m: m.group(1), message)


def default_path(cwd: Path) -> Path:
    """The baseline file of the repository that holds ``cwd`` (or of ``cwd`` outside one)."""
    top = find_repo_root(cwd.resolve())
    return (top or cwd.resolve()) / FILE_NAME


def load(path: Path) -> Baseline:
    """The baseline at ``path``: empty when absent, a ConfigError (exit 2) when unreadable."""
    if not path.exists():
        return Baseline(path, ())
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ConfigError(f"{path}: not a readable baseline ({exc}); fix or delete it, then "
                          "`continuity check --add-baseline`") from None
    items = data.get("findings") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise ConfigError(f"{path}: a baseline is {{\"version\": 1, \"findings\": [...]}}")
    entries = []
    for index, item in enumerate(items):
        if not isinstance(item, dict) or not all(
                isinstance(item.get(key), str) for key in ("code", "path", "message")):
            raise ConfigError(f"{path}: finding {index + 1} needs code, path and message "
                              "(strings)")
        entries.append(Entry(item["code"], item["path"], item["message"],
                             str(item.get("reason", ""))))
    return Baseline(path, tuple(entries))


def relative(d: Diagnostic, baseline: Baseline, cwd: Path) -> str:
    """A diagnostic's path relative to the baseline's directory, ``/``-separated."""
    absolute = os.path.normpath(os.path.join(cwd, d.path))
    try:
        shown = os.path.relpath(absolute, baseline.path.parent)
    except ValueError:
        shown = absolute
    return shown.replace(os.sep, "/")


def fingerprint(d: Diagnostic, baseline: Baseline, cwd: Path) -> Fingerprint:
    return (d.code, relative(d, baseline, cwd), normalised(d.message))


@dataclass(frozen=True)
class Applied:
    result: CheckResult
    acknowledged: int
    stale: tuple[Entry, ...]


def apply(result: CheckResult, baseline: Baseline, cwd: Path, *,
          judged_codes: frozenset[str], whole: bool) -> Applied:
    """``result`` without the findings ``baseline`` acknowledges, with a notice for them and
    for its stale entries (only judged when the run covered the entry: its rule ran and the
    check was not narrowed to some files)."""
    if not baseline.entries:
        return Applied(result, 0, ())
    left = Counter(e.fingerprint for e in baseline.entries)
    kept: list[Diagnostic] = []
    acknowledged = 0
    for d in result.diagnostics:
        key = fingerprint(d, baseline, cwd)
        if left[key] > 0:
            left[key] -= 1
            acknowledged += 1
        else:
            kept.append(d)
    stale: list[Entry] = []
    if whole:
        for entry in baseline.entries:
            if left[entry.fingerprint] > 0 and entry.code in judged_codes:
                left[entry.fingerprint] -= 1
                stale.append(entry)
    shown = os.path.relpath(baseline.path, cwd) if baseline.path.is_absolute() else \
        str(baseline.path)
    notices = list(result.notices)
    if acknowledged:
        notices.append(f"{plural(acknowledged, 'finding')} acknowledged in {shown} not shown")
    if stale:
        listed = "; ".join(f"{e.code} {e.path}" for e in stale[:5])
        more = f" and {len(stale) - 5} more" if len(stale) > 5 else ""
        notices.append(redact_credentials(  # the file's words, quoted: never a credential
            f"{plural(len(stale), 'baseline entry', 'baseline entries')} in {shown} no longer "
            f"match a finding (stale): {listed}{more}; remove them with `continuity check "
            "--prune-baseline`"))
    return Applied(replace(result, diagnostics=tuple(kept), notices=tuple(notices)),
                   acknowledged, tuple(stale))


def add(result: CheckResult, baseline: Baseline, cwd: Path, reason: str | None,
        today: dt.date | None = None) -> int:
    """Write ``baseline`` with every finding of ``result`` it lacks; return how many were
    added. Entries already there keep their reasons."""
    today = today or dt.datetime.now(dt.timezone.utc).date()
    why = reason or f"acknowledged with continuity check --add-baseline on {today.isoformat()}"
    left = Counter(e.fingerprint for e in baseline.entries)
    added = []
    for d in result.diagnostics:
        key = fingerprint(d, baseline, cwd)
        if left[key] > 0:
            left[key] -= 1
            continue
        added.append(Entry(d.code, key[1], d.message, why))
    write(baseline.path, (*baseline.entries, *added))
    return len(added)


def prune(baseline: Baseline, stale: tuple[Entry, ...]) -> int:
    """Write ``baseline`` without its ``stale`` entries; return how many were removed."""
    gone = Counter(stale)
    kept = []
    for entry in baseline.entries:
        if gone[entry] > 0:
            gone[entry] -= 1
        else:
            kept.append(entry)
    write(baseline.path, tuple(kept))
    return len(baseline.entries) - len(kept)


def write(path: Path, entries: tuple[Entry, ...]) -> None:
    ordered = sorted(entries, key=lambda e: (e.path, e.code, e.message, e.reason))
    lines = ",\n".join("    " + json.dumps(e.to_dict(), ensure_ascii=False) for e in ordered)
    body = f"[\n{lines}\n  ]" if ordered else "[]"
    text = ('{\n  "version": 1,\n  "tool": "continuity",\n  "about": "findings acknowledged '
            'with continuity check --add-baseline; a check reports only the others",\n'
            f'  "findings": {body}\n}}\n')
    try:
        atomic.replace(path, text.encode("utf-8"), durable=True)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write the baseline: {exc.strerror or exc}") from None
