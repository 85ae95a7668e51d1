"""The findings baseline: findings acknowledged, with a reason, in a committed file.

A committed mistake in append-only history cannot be undone without rewriting git history
(CT301 stays at the commit that made it). ``continuity check --add-baseline --reason "..."``
records today's findings in ``.continuity-baseline.json`` (at the top of the repository, or the
working directory outside one); later checks report only findings that are not in it, and say
which of its entries no longer match anything (stale), so the file shrinks as findings go.

A finding is matched by its fingerprint: the rule's code, the file (relative to the baseline's
directory), the message with line numbers taken out (never the line, so an edit that moves a
finding keeps it acknowledged), and what it names (``identity``): the full hash of the commit of
a history finding, a hash of the value of a credential. So acknowledging one rewrite never
hides a later one, and acknowledging a revoked fixture token never acknowledges a new token of
the same kind in that file. Identical findings are counted: one entry acknowledges one.
The file is sorted and indented one entry a line, so a pull request shows each acknowledgement
as one reviewed line; a change that adds entries is said in a notice (:mod:`.baseline_review`).

The file is read beneath the repository (no link, no special file, at most
:data:`MAX_SIZE`). A file written before version 2 (no ``identity``) stays readable: its
history entries still match by their message, which names the commit's short hash; its
credential entries no longer acknowledge anything (they named no value), and a notice says
to acknowledge again; ``--add-baseline`` names each entry that matches a finding.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from continuity.authoring import atomic
from continuity.errors import UsageError
from continuity.formats.secrets import redact_credentials
from continuity.formats.words import plural
from continuity.model.tree import find_repo_root
from continuity.validators.baseline_file import (
    VERSION,
    Entry,
    normalised,
    parse,
    read_bytes,
)
from continuity.validators.baseline_review import added_notice
from continuity.validators.diagnostics import Diagnostic
from continuity.validators.engine import CheckResult

FILE_NAME = ".continuity-baseline.json"
Fingerprint = tuple[str, str, str, str]  # code, path relative to the baseline, message, identity


@dataclass(frozen=True)
class Baseline:
    path: Path
    entries: tuple[Entry, ...]

    @property
    def exists(self) -> bool:
        return os.path.lexists(self.path)


def default_path(cwd: Path) -> Path:
    """The baseline file of the repository that holds ``cwd`` (or of ``cwd`` outside one)."""
    top = find_repo_root(cwd.resolve())
    return (top or cwd.resolve()) / FILE_NAME


def load(path: Path) -> Baseline:
    """The baseline at ``path``: empty when absent, a ConfigError (exit 2) when unreadable."""
    data = read_bytes(path)
    if data is None:
        return Baseline(path, ())
    return Baseline(path, parse(data, path))


def relative(d: Diagnostic, baseline: Baseline, cwd: Path) -> str:
    """A diagnostic's path relative to the baseline's directory, ``/``-separated."""
    absolute = os.path.normpath(os.path.join(cwd, d.path))
    try:
        shown = os.path.relpath(absolute, baseline.path.parent)
    except ValueError:
        shown = absolute
    return shown.replace(os.sep, "/")


def fingerprint(d: Diagnostic, baseline: Baseline, cwd: Path) -> Fingerprint:
    return (d.code, relative(d, baseline, cwd), normalised(d.message), d.identity or "")


def _unnamed(key: Fingerprint) -> Fingerprint:
    return (*key[:3], "")


@dataclass
class _Matching:
    """Which finding each entry acknowledges: first by the whole fingerprint; then an entry
    that names nothing (written before version 2) by code, path and message, for a finding
    whose message names its commit; never for a credential (its value was not named)."""

    acknowledged: list[tuple[Diagnostic, Entry]]
    kept: list[Diagnostic]
    left: Counter[Fingerprint]
    #: Findings met by an entry that names nothing: (finding, entry), for --add-baseline to
    #: name; a commit's is acknowledged (its message names the short hash), a value's is not.
    legacy: list[tuple[Diagnostic, Entry]] = field(default_factory=list)


def _match(diagnostics: tuple[Diagnostic, ...], baseline: Baseline, cwd: Path) -> _Matching:
    entries: dict[Fingerprint, list[Entry]] = {}
    for entry in baseline.entries:
        entries.setdefault(entry.fingerprint, []).append(entry)
    matching = _Matching([], [], Counter(e.fingerprint for e in baseline.entries))
    left = matching.left
    pending: list[tuple[Diagnostic, Fingerprint]] = []
    for d in diagnostics:
        key = fingerprint(d, baseline, cwd)
        if left[key] > 0:
            left[key] -= 1
            matching.acknowledged.append((d, entries[key][left[key]]))
        else:
            pending.append((d, key))
    for d, key in pending:
        unnamed = _unnamed(key)
        if key[3] and left[unnamed] > 0:
            left[unnamed] -= 1  # used up: never stale, whether it acknowledges or not
            entry = entries[unnamed][left[unnamed]]
            matching.legacy.append((d, entry))
            if key[3].startswith("commit:"):
                matching.acknowledged.append((d, entry))
                continue
        matching.kept.append(d)
    return matching


@dataclass(frozen=True)
class Applied:
    result: CheckResult
    acknowledged: int
    stale: tuple[Entry, ...]


def apply(result: CheckResult, baseline: Baseline, cwd: Path, *,
          judged_codes: frozenset[str], whole: bool, review: bool = False,
          since: str | None = None) -> Applied:
    """``result`` without the findings ``baseline`` acknowledges, with a notice for them and
    for its stale entries (only judged when the run covered the entry: its rule ran and the
    check was not narrowed to some files). ``review``: also say which entries the change
    under review adds (since ``since``, or the last commit; :mod:`.baseline_review`)."""
    notices = list(result.notices)
    if review and baseline.entries:
        notices.extend(added_notice(baseline.path, baseline.entries, since))
    if not baseline.entries:
        return Applied(result, 0, ())
    matching = _match(result.diagnostics, baseline, cwd)
    left = matching.left
    stale: list[Entry] = []
    if whole:
        for entry in baseline.entries:
            if left[entry.fingerprint] > 0 and entry.code in judged_codes:
                left[entry.fingerprint] -= 1
                stale.append(entry)
    shown = shown_path(baseline, cwd)
    acknowledged = len(matching.acknowledged)
    if acknowledged:
        notices.append(f"{plural(acknowledged, 'finding')} acknowledged in {shown} not shown")
    notices.extend(_legacy_notices(matching, shown))
    if stale:
        listed = "; ".join(f"{e.code} {e.path}" for e in stale[:5])
        more = f" and {len(stale) - 5} more" if len(stale) > 5 else ""
        notices.append(redact_credentials(  # the file's words, quoted: never a credential
            f"{plural(len(stale), 'baseline entry', 'baseline entries')} in {shown} no longer "
            f"match a finding (stale): {listed}{more}; remove them with `continuity check "
            "--prune-baseline`"))
    return Applied(replace(result, diagnostics=tuple(matching.kept), notices=tuple(notices)),
                   acknowledged, tuple(stale))


def shown_path(baseline: Baseline, cwd: Path) -> str:
    return os.path.relpath(baseline.path, cwd) if baseline.path.is_absolute() else \
        str(baseline.path)


def _legacy_notices(matching: _Matching, shown: str) -> list[str]:
    """What entries written before version 2 (naming no commit or value) did."""
    values = sum(1 for d, _ in matching.legacy if not (d.identity or "").startswith("commit:"))
    commits = len(matching.legacy) - values
    notices = []
    if values:
        notices.append(
            f"{plural(values, 'credential finding')} not acknowledged by {shown}: its entry "
            "names no value (written before baseline version 2), so it would acknowledge any "
            "token of that kind in the file; if the value is the revoked one, acknowledge it "
            "again: `continuity check --add-baseline --reason \"...\"`")
    if commits:
        notices.append(
            f"{plural(commits, 'finding')} acknowledged by an entry of {shown} that names its "
            "commit by the short hash only (written before baseline version 2); "
            "`continuity check --add-baseline` names each commit by its full hash")
    return notices


def add(result: CheckResult, baseline: Baseline, cwd: Path, reason: str | None,
        today: dt.date | None = None) -> int:
    """Write ``baseline`` with every finding of ``result`` it lacks; return how many were
    added. Entries already there keep their reasons; one that names no commit or value
    (written before version 2) and matches a finding is given the finding's identity."""
    today = today or dt.datetime.now(dt.timezone.utc).date()
    why = reason or f"acknowledged with continuity check --add-baseline on {today.isoformat()}"
    matching = _match(result.diagnostics, baseline, cwd)
    named: dict[Entry, list[str]] = {}
    for d, entry in matching.legacy:
        if d.identity:
            named.setdefault(entry, []).append(d.identity)
    legacy_values = {id(d) for d, _ in matching.legacy}
    entries = []
    for entry in baseline.entries:
        identities = named.get(entry)
        entries.append(replace(entry, identity=identities.pop()) if identities else entry)
    added = [Entry(d.code, relative(d, baseline, cwd), d.message, why, d.identity)
             for d in matching.kept if id(d) not in legacy_values]
    write(baseline.path, (*entries, *added))
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
    ordered = sorted(entries, key=lambda e: (e.path, e.code, e.message, e.identity or "",
                                             e.reason))
    lines = ",\n".join("    " + json.dumps(e.to_dict(), ensure_ascii=False) for e in ordered)
    body = f"[\n{lines}\n  ]" if ordered else "[]"
    text = (f'{{\n  "version": {VERSION},\n  "tool": "continuity",\n  '
            '"about": "findings acknowledged with continuity check --add-baseline; a check '
            'reports only the others. identity names the commit (its full hash) or the '
            'value (a hash of it) an entry acknowledges, and nothing else",\n'
            f'  "findings": {body}\n}}\n')
    try:
        atomic.replace(path, text.encode("utf-8"), durable=True)
    except OSError as exc:
        raise UsageError(f"{path}: cannot write the baseline: {exc.strerror or exc}") from None
