"""CT4xx: the evolve loop's cycle ledger and its session-state sidecar (seed cycle-history-format).

Every line is judged on its own, so one bad line never hides the rest of the file. Each fault
has one owner: a key that is absent is CT402; a key that is present with the wrong kind of value
belongs to the rule for that field (CT403 result, CT404 cycle, CT409 counts, CT410 timestamp).
Rules that read git (CT407, CT408) resolve every sha in one ``cat-file --batch-check`` and list
every improved commit's files in one ``git log``.
"""

from __future__ import annotations

import json
import re
from typing import Any
from collections.abc import Iterator


from continuity.validators.diagnostics import Severity, Violation
from continuity.history.git import GitError
from continuity.formats.timestamps import parse_datetime
from continuity.formats.jsonl import json_kind, key_column
from continuity.model.ledger import (
    KERNEL_FIELDS, MAX_COUNT, PRODUCTIVE, RESULTS, Cycle, Ledger, in_range,
)
from continuity.formats.secrets import line_column
from continuity.errors import closest
from continuity.validators.baseline import baseline, worded_by_commit
from continuity.validators.registry import CheckContext, rule

SHA_KEYS = ("sha", "commit_sha", "canonical_sha", "log_sha")
COUNT_KEYS = ("goals_passing", "goals_total")
_HEX_SHA = re.compile(r"^[0-9a-fA-F]{4,64}$")


# --------------------------------------------------------------------------- shared reading


def _ledger(ctx: CheckContext) -> Ledger | None:
    return ctx.tree.records.ledger


def _judged(ctx: CheckContext, ledger: Ledger) -> list[Cycle]:
    """The cycles judged: all, or with ``since`` those after the lines the ledger held then."""
    first = baseline(ctx, ledger.path)
    return [cycle for cycle in ledger.cycles if cycle.line > first]


#: What a hint says about a committed line: the ledger is append-only (CT304), so a line is
#: never edited; the next line is written right, or the tool is adopted from a commit on.
APPEND_ONLY = ("committed lines stay as they are (the ledger is append-only); to judge only "
               "lines written from now on, set `since` to the current commit's hash (`git "
               "rev-parse --short HEAD`; HEAD itself moves)")


#: What the same hints say of a line no commit holds yet: it may be corrected where it is.
_NOT_COMMITTED = ((APPEND_ONLY, "this line is not committed yet, so correct it where it is "
                                "(once committed, the ledger is append-only)"),
                  ("(committed lines stay as they are)", "(this line is not committed yet: "
                                                         "correct it where it is)"))


def _absent(data: dict[str, Any], key: str) -> bool:
    """Missing, null or an empty string: what the loop's own checker (`jq '.k // empty'`) skips."""
    value = data.get(key)
    return value is None or (isinstance(value, str) and not value.strip())


def _show(value: Any, kind: bool = False) -> str:
    """A JSON value as written, cut short; with ``kind``, also what sort of value it is."""
    text = json.dumps(value, ensure_ascii=False)
    if len(text) > 40:
        text = text[:37] + "..."
    numeric = isinstance(value, (int, float)) and not isinstance(value, bool)
    if not kind or value is None or numeric:
        return text
    return f"{text} (a {json_kind(value)})"


def _at(ledger: Ledger, cycle: Cycle, key: str | None, message: str, hint: str,
        severity: Severity | None = None, commit: str | None = None) -> Violation:
    column = key_column(cycle.text, key) if key else 1
    return Violation(ledger.path, message, hint, cycle.line, column, commit=commit,
                     severity=severity)


def _label(cycle: Cycle) -> str:
    number = cycle.data.get("cycle")
    return f"cycle {number}" if isinstance(number, int) and not isinstance(number, bool) \
        else f"line {cycle.line}"


# --------------------------------------------------------------------------- CT401


@rule("CT401", "ledger-json", "error")
@worded_by_commit(*_NOT_COMMITTED)
def ledger_json(ctx: CheckContext) -> Iterator[Violation]:
    """A cycle-ledger line is not a JSON object (or not UTF-8).

    `.agents/evolve/cycle-history.jsonl` is JSON Lines: one JSON object per line. A line that
    does not parse (often a write cut short by a crash) is a cycle the loop cannot recover on
    resume, and every tool reading the ledger has to guess around it. Each line is judged on
    its own: the rest of the file is still checked.

    **Example**

        {"cycle": 7, "target": "lint-clean", "result": "improved", "sha": "3f2a1c9"
        ["cycle", 8]

    **Fix**

    A line not committed yet may be completed; a committed line stays as it is (the
    ledger is append-only): append the cycle again as one JSON object (`{...}`) on a new line,
    or set `since` to judge only lines written after a commit. Blank lines are ignored.
    """
    ledger = _ledger(ctx)
    tree_file = ctx.tree.ledger
    if ledger is None or tree_file is None:
        return
    if ledger.unreadable:
        if tree_file.escapes or (tree_file.read and tree_file.read.too_large):
            return  # CT602 / CT603 report these, and the file is never read
        yield Violation(ledger.path, f"the cycle ledger cannot be read: {ledger.unreadable}",
                        "make the file readable, or point the `ledger` option elsewhere")
        return
    raw = tree_file.read.raw if tree_file.read else b""
    last = ledger.lines[-1].line if ledger.lines else 0
    first = baseline(ctx, ledger.path)
    for line in ledger.lines:
        if line.blank or line.line <= first:
            continue
        if line.error:
            truncated = line.line == last and raw and not raw.endswith(b"\n")
            hint = ("the last line has no final newline: a write was cut short; if it is not "
                    "committed yet, complete it; once committed, end it with a newline and "
                    "append the cycle again as a whole line" if truncated else
                    "write one JSON object per line (strings in double quotes, no trailing "
                    "commas); " + APPEND_ONLY)
            yield Violation(ledger.path, f"ledger line {line.line} is {line.error}", hint,
                            line.line, line.column)
        elif not isinstance(line.value, dict):
            yield Violation(
                ledger.path,
                f"ledger line {line.line} is a JSON {json_kind(line.value)}, not an object",
                'append each cycle as one object such as {"cycle": 1, "target": "...", '
                '"result": "...", "timestamp": "..."}; ' + APPEND_ONLY, line.line, 1)


# --------------------------------------------------------------------------- CT402


@rule("CT402", "ledger-missing-field", "error")
@worded_by_commit(*_NOT_COMMITTED)
def ledger_missing_field(ctx: CheckContext) -> Iterator[Violation]:
    """A ledger line lacks a mandatory field: cycle, target (or goal_ids), result, timestamp, or, for a productive cycle, sha and the goal counts.

    Every line needs `cycle`, a target (`target`, the legacy `goal_id`, or a parallel wave's
    `goal_ids`), `result` and `timestamp`. Productive cycles (improved, regressed, harvested)
    also need `sha` (the compatibility alias of `canonical_sha`), `goals_passing` and
    `goals_total`: without them the cycle cannot be traced to a commit or plotted. A value of
    null or "" counts as missing, as it does for the loop's own checker. A target given with
    the wrong kind of value (a number, an empty `goal_ids` list) is reported here too.

    **Example**

        {"cycle": 12, "target": "test-pass-rate", "result": "improved",
         "canonical_sha": "3f2a1c9", "timestamp": "2026-02-11T21:00:00Z"}

    Lines of the legacy schema (with `goal_id` or `commit_sha`) are not expected to carry the
    fields the canonical schema added later (`sha`, `goals_passing`, `goals_total`): CT405
    names them once for the ledger. `canonical_sha` without its alias `sha` is one warning
    for the ledger, naming the lines: the commit is recorded, only the compatibility name is
    missing.

    **Fix**

    Write every field in the lines appended from now on (for `canonical_sha`, the same
    commit as `sha` too; `goals_passing` / `goals_total` as measured). Committed lines are
    never edited (the ledger is append-only, CT304): to adopt the tool on an older ledger, set
    `since` to the commit from which lines are complete.
    """
    ledger = _ledger(ctx)
    if ledger is None:
        return
    alias_missing: list[Cycle] = []
    for cycle in _judged(ctx, ledger):
        yield from _missing_in(ledger, cycle, alias_missing)
    if alias_missing:  # one cause, one finding: the writer never wrote the alias
        first = alias_missing[0]
        what = (f"{_label(first)} ({first.data.get('result')}) has" if len(alias_missing) == 1
                else f"{len(alias_missing)} productive cycles ({_lines([c.line for c in alias_missing])}) have")
        yield _at(ledger, first, "canonical_sha", f"{what} canonical_sha but no `sha`",
                  'in the lines you append, write the same commit as "sha" too: it is the '
                  "compatibility alias older readers look for; " + APPEND_ONLY,
                  severity=Severity.WARNING)


def _missing_in(ledger: Ledger, cycle: Cycle, alias_missing: list[Cycle]) -> Iterator[Violation]:
    data = cycle.data
    for key in ("cycle", "result", "timestamp"):
        if _absent(data, key):
            shown = " is null or empty" if key in data else " is missing"
            yield _at(ledger, cycle, key if key in data else None,
                      f"ledger line {cycle.line}: `{key}`{shown}; every cycle records cycle, "
                      f"target, result and timestamp",
                      _HINTS[key])
    yield from _target_problems(ledger, cycle)
    result = data.get("result")
    if result not in PRODUCTIVE:
        return
    if _absent(data, "sha") and _absent(data, "commit_sha"):
        if not _absent(data, "canonical_sha"):
            alias_missing.append(cycle)  # reported once for the ledger
        elif cycle.legacy:
            pass  # a legacy line without a commit: CT405 names it with the others
        else:
            yield _at(ledger, cycle, None,
                      f"{_label(cycle)} is {result} but records no `sha`",
                      'a productive cycle names the commit it delivered: write "sha" (and '
                      '"canonical_sha") in each line you append; ' + APPEND_ONLY)
    else:
        for key in ("sha", "commit_sha"):
            value = data.get(key)
            if key in data and not (isinstance(value, str) and value.strip()) and \
                    value is not None:
                yield _at(ledger, cycle, key,
                          f"{_label(cycle)}: `{key}` is {_show(value, True)}; "
                          "expected a commit sha",
                          f'write the commit as a string in the lines you append, e.g. "{key}": '
                          '"3f2a1c9"; ' + APPEND_ONLY)
    if cycle.legacy:
        return  # the goal counts came with the canonical schema: CT405
    for key in COUNT_KEYS:
        if key not in data:
            yield _at(ledger, cycle, None,
                      f"{_label(cycle)} is {result} but records no `{key}`",
                      f"record {key} as measured in each productive cycle you append (a "
                      "non-negative integer; the trajectory chart plots it); " + APPEND_ONLY)


def _target_problems(ledger: Ledger, cycle: Cycle) -> Iterator[Violation]:
    data = cycle.data
    bad: list[tuple[str, str]] = []
    for key in ("target", "goal_id"):
        value = data.get(key)
        if key in data and value is not None and not isinstance(value, str):
            bad.append((key, f"`{key}` is {_show(value, True)}; expected a goal id string "
                             f'(or "idle")'))
    ids = data.get("goal_ids")
    if "goal_ids" in data and ids is not None:
        if not isinstance(ids, list) or not ids or \
                not all(isinstance(i, str) and i.strip() for i in ids):
            bad.append(("goal_ids", f"`goal_ids` is {_show(ids, True)}; expected a "
                                    "non-empty list of goal id strings"))
    for key, message in bad:
        yield _at(ledger, cycle, key, f"{_label(cycle)}: {message}",
                  'in the lines you append, name the goal: "target": "<goal-id>", or '
                  '"goal_ids": ["a", "b"] with "parallel": true for a parallel wave; '
                  + APPEND_ONLY)
    if not cycle.targets and not bad:
        yield _at(ledger, cycle, None,
                  f"{_label(cycle)} has no target (`target`, or `goal_ids` for a parallel "
                  f"wave)",
                  'write "target": "<goal-id>" ("idle" for an idle cycle) in the lines you '
                  "append; " + APPEND_ONLY)


_HINTS = {
    "cycle": 'number each line you append: "cycle": <previous cycle + 1>; ' + APPEND_ONLY,
    "result": 'write "result" (one of ' + ", ".join(RESULTS) + ") in each line you append; "
              + APPEND_ONLY,
    "timestamp": 'write "timestamp" in ISO 8601 (e.g. "2026-02-11T21:00:00Z") in each line '
                 "you append; " + APPEND_ONLY,
}


# --------------------------------------------------------------------------- CT403


@rule("CT403", "ledger-result", "error")
@worded_by_commit(*_NOT_COMMITTED)
def ledger_result(ctx: CheckContext) -> Iterator[Violation]:
    """A ledger line's result is not one of improved, regressed, unchanged, harvested, quarantined.

    Reports, the trajectory chart and the commit policy (only productive cycles are committed)
    all branch on `result`; a value outside the five is read as nothing at all.

    **Example**

        {"cycle": 9, "target": "lint-clean", "result": "success", ...}

    The words of the legacy schema (`idle`, `pending-rpi`, `pass`, ...) on lines that also use
    `goal_id` or `commit_sha` are that schema's vocabulary, not errors: CT405 names them once.

    **Fix**

    In the lines you append, use one of `improved`, `regressed`, `unchanged`,
    `harvested`, `quarantined` (lower case); a cycle that changed nothing outside `.agents/`
    is `unchanged`. Committed lines stay as they are (append-only); set `since` to judge only
    lines written after a commit.
    """
    ledger = _ledger(ctx)
    if ledger is None:
        return
    for cycle in _judged(ctx, ledger):
        value = cycle.data.get("result")
        if _absent(cycle.data, "result") or value in RESULTS:
            continue
        if cycle.legacy and isinstance(value, str):
            continue  # the legacy vocabulary: CT405
        hint = "use one of " + ", ".join(RESULTS) + " in the lines you append"
        meant = closest(value.strip(), RESULTS) if isinstance(value, str) else None
        if meant is not None and isinstance(value, str) and meant != value.strip().lower():
            hint = f'did you mean "{meant}"? {hint}'
        if isinstance(value, str) and value.strip().lower() in RESULTS:
            hint = f'write it in lower case in the lines you append: "{value.strip().lower()}"'
        yield _at(ledger, cycle, "result",
                  f"{_label(cycle)}: result {_show(value)} is not one of "
                  + ", ".join(RESULTS), hint + "; " + APPEND_ONLY)


# --------------------------------------------------------------------------- CT404


@rule("CT404", "ledger-sequence", "error")
@worded_by_commit(*_NOT_COMMITTED)
def ledger_sequence(ctx: CheckContext) -> Iterator[Violation]:
    """Cycle numbers do not strictly increase (error); a gap, or a first cycle other than 1, is a warning.

    On resume the loop reads the last line's `cycle` and continues from it, so a number that
    repeats or goes back makes it redo or skip work. A gap (5 then 7) or a ledger that does not
    start at 1 usually means lines were lost: a warning. A `cycle` that is not an integer
    (`"12"`, `12.5`) cannot be ordered at all and is an error.

    **Example**

        {"cycle": 4, ...}
        {"cycle": 4, ...}
        {"cycle": "6", ...}

    **Fix**

    Number each line one above the previous; never rewrite old lines to renumber
    them (the ledger is append-only): append the next cycle with the right number.
    """
    ledger = _ledger(ctx)
    if ledger is None:
        return
    yield from _after_baseline(ctx, ledger, _sequence(ledger))


def _after_baseline(ctx: CheckContext, ledger: Ledger,
                    found: Iterator[Violation]) -> Iterator[Violation]:
    """Findings of a rule that reads the lines in order, kept only for lines after ``since``."""
    first = baseline(ctx, ledger.path)
    return (violation for violation in found if violation.line > first)


def _sequence(ledger: Ledger) -> Iterator[Violation]:
    previous: tuple[int, int] | None = None  # (cycle, line)
    for cycle in ledger.cycles:
        data = cycle.data
        if _absent(data, "cycle"):
            continue  # CT402
        value = data["cycle"]
        if isinstance(value, bool) or not isinstance(value, int):
            digits = isinstance(value, str) and value.strip().isdigit()
            yield _at(ledger, cycle, "cycle",
                      f"ledger line {cycle.line}: cycle {_show(value, True)} is not an integer",
                      (f"write the number without quotes in the lines you append: \"cycle\": "
                       f"{str(value).strip()}" if digits
                       else '"cycle" is the 1-based cycle number, an integer') + "; "
                      + APPEND_ONLY)
            continue
        if value > MAX_COUNT:
            yield _at(ledger, cycle, "cycle",
                      f"ledger line {cycle.line}: cycle {_show(value)} is beyond any cycle "
                      f"number (at most {MAX_COUNT:,})",
                      "number the next cycle one above the last real one; " + APPEND_ONLY)
            continue
        if value < 1:
            yield _at(ledger, cycle, "cycle",
                      f"ledger line {cycle.line}: cycle {value} is below 1",
                      "cycles are numbered from 1: append the next cycle with its real "
                      "number; " + APPEND_ONLY)
            continue
        if previous is None:
            if value != 1:
                yield _at(ledger, cycle, "cycle",
                          f"the ledger's first cycle is {value}, not 1",
                          "cycles are 1-indexed: earlier lines may have been lost or the "
                          "ledger truncated; if that was deliberate, set `since` to the "
                          "commit that started this ledger",
                          severity=Severity.WARNING)
        elif value <= previous[0]:
            yield _at(ledger, cycle, "cycle",
                      f"cycle {value} is not above the previous cycle {previous[0]} "
                      f"(line {previous[1]})",
                      f"append the next cycle as {previous[0] + 1}; do not reuse or go back",
                      )
            continue  # keep counting from the highest cycle seen
        elif value > previous[0] + 1:
            missing = (f"cycle {previous[0] + 1}" if value == previous[0] + 2 else
                       f"cycles {previous[0] + 1}-{value - 1}")
            yield _at(ledger, cycle, "cycle",
                      f"cycle {value} follows cycle {previous[0]} (line {previous[1]}): "
                      f"{missing} missing",
                      "a gap usually means lines were lost; append the next cycle one above "
                      "the previous (committed lines stay as they are)",
                      severity=Severity.WARNING)
        previous = (value, cycle.line)


# --------------------------------------------------------------------------- CT405


@rule("CT405", "ledger-legacy-field", "warning")
@worded_by_commit(*_NOT_COMMITTED)
def ledger_legacy_field(ctx: CheckContext) -> Iterator[Violation]:
    """The ledger has lines of the legacy schema (`goal_id`, `commit_sha`); reported once for the ledger, naming the lines.

    Older loops wrote `goal_id` and `commit_sha`; the seed tells readers to handle both, and
    Continuity reads them as `target` and `sha`. Such lines were written before the canonical
    schema added `sha`, `goals_passing`, `goals_total` and the five results, so a legacy line
    without them, or with the legacy words (`idle`, `pending-rpi`, `pass`), is not a CT402 or
    CT403 error: this one warning names those lines too. A line spelling a field both ways
    with different values is named as well (the canonical name wins).

    **Example**

        {"cycle": 3, "goal_id": "doc-coverage", "result": "improved", "commit_sha": "def5678", ...}
        {"cycle": 4, "goal_id": "idle-no-work", "result": "idle", ...}

    **Fix**

    Write the lines you append with the canonical schema (`target`, `sha` and
    `canonical_sha`, the goal counts, one of the five results). The legacy lines stay as they
    are (the ledger is append-only); set `since` to a commit after them to stop this warning.
    """
    ledger = _ledger(ctx)
    if ledger is None:
        return
    legacy = [cycle for cycle in _judged(ctx, ledger) if cycle.legacy]
    if not legacy:
        return
    names = {key: [c.line for c in legacy if key in c.data] for key in ("goal_id", "commit_sha")}
    parts = [f"`{key}` on {_lines(lines)}" for key, lines in names.items() if lines]
    message = (f"{_count(len(legacy), 'ledger line')} of the legacy schema ("
               + "; ".join(parts) + "), read as `target` and `sha`")
    later = [c.line for c in legacy if _lacks_later_fields(c)]
    if later:
        message += (f"; {_lines(later)} lack the fields the canonical schema added later "
                    "(sha, goals_passing, goals_total)")
    words = [c for c in legacy if isinstance(c.data.get("result"), str)
             and not _absent(c.data, "result") and c.data["result"] not in RESULTS]
    if words:
        shown = ", ".join(dict.fromkeys(f"`{c.data['result']}`" for c in words))
        message += f"; {_lines([c.line for c in words])} use the legacy results {shown}"
    conflicts = []
    for cycle in legacy:
        for old, canonical in (("goal_id", "target"), ("commit_sha", "sha")):
            if old in cycle.data and canonical in cycle.data and \
                    cycle.data[canonical] != cycle.data[old]:
                conflicts.append(f"line {cycle.line} `{old}` {_show(cycle.data[old])} "
                                 f"against `{canonical}` {_show(cycle.data[canonical])}")
    if conflicts:
        message += "; spelled both ways with different values (the canonical name wins): " + \
            ", ".join(conflicts[:3]) + (f" and {len(conflicts) - 3} more" if len(conflicts) > 3
                                        else "")
    first = legacy[0]
    key = "goal_id" if "goal_id" in first.data else "commit_sha"
    yield _at(ledger, first, key, message,
              "write the lines you append with `target`, `sha` (and `canonical_sha`), the goal "
              "counts and one of " + ", ".join(RESULTS) + "; the legacy lines stay as they "
              "are (append-only): set `since` to a commit after them to stop this warning")


def _lacks_later_fields(cycle: Cycle) -> bool:
    data = cycle.data
    if data.get("result") not in PRODUCTIVE:
        return False  # idle and unchanged cycles omit them in the canonical schema too
    no_sha = all(_absent(data, key) for key in ("sha", "commit_sha", "canonical_sha"))
    return no_sha or any(key not in data for key in COUNT_KEYS)


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def _lines(numbers: list[int]) -> str:
    """``lines 1-8, 20, 24``: runs of consecutive line numbers joined, the rest cut short."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    shown = [f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs]
    text = ", ".join(shown[:8]) + (f" and {len(shown) - 8} more runs" if len(shown) > 8 else "")
    return ("line " if len(numbers) == 1 else "lines ") + text


# --------------------------------------------------------------------------- CT406


@rule("CT406", "trace-incomplete", "warning")
@worded_by_commit(*_NOT_COMMITTED)
def trace_incomplete(ctx: CheckContext) -> Iterator[Violation]:
    """A cycle's evidence trace lacks some of the ten kernel fields and gives no exemption_reason.

    A `trace` lets a reviewer reconstruct the cycle without the transcript: goal_hypothesis,
    selected_gap, gherkin, first_failing_proof, red_evidence, green_evidence, refactor_note,
    validation_evidence, ratchet_action and goal_reshape, each a non-empty string.
    `refactor_note` must be present too; write "none" when there was no refactor. A trivial
    cycle records a non-empty `exemption_reason` instead. Completeness is advisory (the seed
    says never blocking), so this is a warning. Cycles without a `trace` are not judged.

    **Example**

        "trace": {"goal_hypothesis": "...", "selected_gap": "...", "green_evidence": "..."}

    **Fix**

    Give the whole trace in the cycles you append (`"refactor_note": "none"` when
    there was none), or `"exemption_reason"` for a trivial one-shot change. A committed line
    stays as it is (append-only); set `since` to judge only cycles written after a commit.
    """
    ledger = _ledger(ctx)
    if ledger is None:
        return
    for cycle in _judged(ctx, ledger):
        if "trace" not in cycle.data or cycle.data["trace"] is None:
            continue
        trace = cycle.data["trace"]
        if not isinstance(trace, dict):
            yield _at(ledger, cycle, "trace",
                      f"{_label(cycle)}: trace is {_show(trace, True)}; expected an object of the "
                      "ten kernel fields",
                      "write the trace as a JSON object in the cycles you append; " + APPEND_ONLY)
            continue
        if cycle.trace_status != "incomplete":
            continue
        missing = cycle.missing_trace_fields
        wrong = [name for name in missing if name in trace and trace[name] is not None
                 and not isinstance(trace[name], str)]
        message = (f"{_label(cycle)}: trace lacks {len(missing)} of {len(KERNEL_FIELDS)} "
                   f"kernel fields: {', '.join(missing)}")
        if wrong:
            message += f" ({', '.join(wrong)} not a string)"
        hint = ("record the whole trace in the cycles you append, or \"exemption_reason\" for "
                "a trivial cycle")
        if "refactor_note" in missing:
            hint += ' ("refactor_note": "none" when there was no refactor)'
        yield _at(ledger, cycle, "trace", message, hint + "; " + APPEND_ONLY)


# --------------------------------------------------------------------------- CT407


def _resolved(ctx: CheckContext, ledger: Ledger) -> dict[str, str | None]:
    """Every sha-like value of the ledger resolved to a full commit id, in one git call."""
    def compute() -> dict[str, str | None]:
        names = []
        for cycle in ledger.cycles:
            for key in SHA_KEYS:
                value = cycle.data.get(key)
                if isinstance(value, str) and _HEX_SHA.match(value.strip()):
                    names.append(value.strip())
        try:
            return ctx.git.resolve_commits(names)
        except GitError as exc:
            ctx.notices.append(f"ledger shas not checked: {exc}")
            return {}
    return ctx.memo("ledger-shas", compute)


def prepare(ctx: CheckContext) -> None:
    """What CT407 and CT408 ask git, started before any rule runs: the ledger's shas
    resolved, and the files each improved cycle's commit changed (when CT408 is selected)."""
    ledger = _ledger(ctx)
    if ledger is None:
        return
    _resolved(ctx, ledger)
    if ctx.selected("CT408"):
        _changed_files(ctx, ledger)


@rule("CT407", "ledger-sha", "error", needs_git=True, prefetch=prepare)
@worded_by_commit(*_NOT_COMMITTED)
def ledger_sha(ctx: CheckContext) -> Iterator[Violation]:
    """A ledger sha, canonical_sha or log_sha is not a commit of the repository (error); sha differing from canonical_sha is a warning.

    The ledger's shas are its provenance: the commit each cycle delivered (`canonical_sha`, with
    `sha` as its alias) and the bookkeeping commit (`log_sha`). A sha that names no commit
    (mistyped, from another clone, or rewritten away by a rebase) breaks that link. `sha` and
    `canonical_sha` should name the same commit; when they differ, readers disagree about what
    the cycle delivered. All shas are resolved in one `git cat-file --batch-check` call.

    **Example**

        {"cycle": 5, "result": "improved", "sha": "abc1234", "canonical_sha": "abc1234", ...}

    where `abc1234` is not in `git log --all`.

    When not one of the ledger's shas (three or more) is a commit here, that is one cause
    (the work was squash-merged, rebased, or done in another clone): one finding says so
    instead of one per line.

    **Fix**

    In the lines you append, record the commit the cycle actually made (`git
    rev-parse --short HEAD` after committing); if history was rewritten, note the new commit in
    the next cycle's line. Committed lines stay as they are (append-only).
    """
    ledger = _ledger(ctx)
    if ledger is None or not ledger.cycles:
        return
    resolved = _resolved(ctx, ledger)
    judged = _judged(ctx, ledger)
    named = [(cycle, key, cycle.data[key].strip()) for cycle in judged for key in SHA_KEYS
             if isinstance(cycle.data.get(key), str) and _HEX_SHA.match(cycle.data[key].strip())]
    distinct = {name for _, _, name in named if name in resolved}
    if len(distinct) >= 3 and all(resolved[name] is None for name in distinct):
        cycle, key, _ = named[0]
        yield _at(ledger, cycle, key,
                  f"none of the ledger's {len(distinct)} shas is a commit of this repository "
                  f"({_lines(sorted({c.line for c, _, _ in named}))})",
                  "the commits were squash-merged, rebased away, or made in another clone: "
                  "record commits of this history in the lines you append; " + APPEND_ONLY)
        for cycle in judged:
            yield from _sha_mismatch(ledger, cycle, resolved)
        return
    for cycle in judged:
        for key in SHA_KEYS:
            value = cycle.data.get(key)
            if _absent(cycle.data, key) or not isinstance(value, str):
                continue  # CT402 judges absent and non-string shas
            name = value.strip()
            if not _HEX_SHA.match(name):
                yield _at(ledger, cycle, key,
                          f"{_label(cycle)}: {key} {_show(value)} is not a commit sha "
                          f"(expected 4-64 hex digits)",
                          "record the commit id in the lines you append, e.g. from `git "
                          "rev-parse --short HEAD`; " + APPEND_ONLY)
            elif name in resolved and resolved[name] is None:
                yield _at(ledger, cycle, key,
                          f"{_label(cycle)}: {key} {name} is not a commit of this repository "
                          f"(unknown, or an ambiguous abbreviation)",
                          "a rebase or a fresh clone can drop commits a ledger names; in the "
                          "lines you append, record commits that exist (a longer abbreviation "
                          "if ambiguous); " + APPEND_ONLY)
        yield from _sha_mismatch(ledger, cycle, resolved)


def _sha_mismatch(ledger: Ledger, cycle: Cycle,
                  resolved: dict[str, str | None]) -> Iterator[Violation]:
    sha = cycle.data.get("sha", cycle.data.get("commit_sha"))
    canonical = cycle.data.get("canonical_sha")
    if not (isinstance(sha, str) and sha.strip() and isinstance(canonical, str)
            and canonical.strip()):
        return
    left, right = sha.strip(), canonical.strip()
    full_left, full_right = resolved.get(left), resolved.get(right)
    if full_left and full_right:
        same = full_left == full_right
    else:  # unresolvable: compare as abbreviations of each other
        same = left.lower().startswith(right.lower()) or right.lower().startswith(left.lower())
    if not same:
        key = "sha" if "sha" in cycle.data else "commit_sha"
        yield _at(ledger, cycle, key,
                  f"{_label(cycle)}: {key} {left} differs from canonical_sha {right}",
                  "sha is the compatibility alias of canonical_sha: in the lines you append, "
                  "write the same commit in both (a distinct bookkeeping commit goes in "
                  "log_sha); " + APPEND_ONLY,
                  severity=Severity.WARNING)


# --------------------------------------------------------------------------- CT408

_GOALS_FILE = re.compile(r"^GOALS(?:\.[A-Za-z0-9]+)*$")


def _agent_only(path: str) -> bool:
    """A path under an `.agents/` directory, or a GOALS file (GOALS.yaml, GOALS.md)."""
    parts = path.split("/")
    return ".agents" in parts[:-1] or bool(_GOALS_FILE.match(parts[-1]))


def _improved_commits(ctx: CheckContext, ledger: Ledger) -> list[tuple[Cycle, str, str]]:
    """(cycle, key, full sha) of each improved cycle whose sha names a commit."""
    resolved = _resolved(ctx, ledger)
    improved: list[tuple[Cycle, str, str]] = []
    for cycle in _judged(ctx, ledger):
        if cycle.data.get("result") != "improved":
            continue
        for key in ("canonical_sha", "sha", "commit_sha"):
            value = cycle.data.get(key)
            full = resolved.get(value.strip()) if isinstance(value, str) else None
            if full:
                improved.append((cycle, key, full))
                break
    return improved


def _changed_files(ctx: CheckContext, ledger: Ledger) -> dict[str, list[str]]:
    """Files each improved cycle's commit changed (against its first parent), in one git call."""
    commits = list(dict.fromkeys(full for _, _, full in _improved_commits(ctx, ledger)))
    return ctx.memo("ledger-changed-files", lambda: _list_changes(ctx, commits))


def _list_changes(ctx: CheckContext, commits: list[str]) -> dict[str, list[str]]:
    if not commits:
        return {}
    request = "".join(f"{c}\n" for c in commits).encode()
    try:
        output = ctx.git.run("log", "--no-walk=unsorted", "--stdin", "--no-renames",
                             "--diff-merges=first-parent", "--name-only", "-z",
                             "--format=%x01%H", input=request)
    except GitError as exc:
        ctx.notices.append(f"substantive-delta not checked: {exc}")
        return {}
    changed: dict[str, list[str]] = {}
    for record in output.decode("utf-8", "surrogateescape").split("\x01")[1:]:
        head, _, rest = record.partition("\0")
        if rest.startswith("\n"):
            rest = rest[1:]
        changed[head.strip()] = [p for p in rest.split("\0") if p]
    return changed


@rule("CT408", "substantive-delta", "warning", needs_git=True, prefetch=prepare)
def substantive_delta(ctx: CheckContext) -> Iterator[Violation]:
    """An improved cycle's commit changes nothing outside `.agents/` and GOALS files.

    The seed's substantive-delta rule: a cycle that only touched the loop's own bookkeeping
    (`.agents/`, `GOALS.yaml`) made no product change, so recording it as `improved` reads
    ledger churn as progress. The commit judged is `canonical_sha` (else `sha`); its files
    are compared with its first parent. All such commits are listed in one `git log` call.

    **Example**

        {"cycle": 14, "target": "doc-coverage", "result": "improved", "sha": "9c1e2f0", ...}

    where commit 9c1e2f0 changed only `.agents/evolve/cycle-history.jsonl`.

    **Fix**

    Record such cycles as `"result": "unchanged"` from now on (and keep them local),
    or name the commit that made the product change. A committed line stays as it is
    (append-only); set `since` to judge only cycles written after a commit.
    """
    ledger = _ledger(ctx)
    if ledger is None:
        return
    changed = _changed_files(ctx, ledger)
    for cycle, key, full in _improved_commits(ctx, ledger):
        if full not in changed:
            continue
        files = changed[full]
        if any(not _agent_only(path) for path in files):
            continue
        what = ("changes no file" if not files else
                "changes only " + ", ".join(files[:3]) + (" ..." if len(files) > 3 else ""))
        yield _at(ledger, cycle, key,
                  f"{_label(cycle)} is improved but its commit {full[:7]} {what}",
                  'a cycle with no change outside .agents/ and GOALS files is "unchanged": '
                  "record such cycles so (or name the commit that changed the product) in the "
                  "lines you append; " + APPEND_ONLY, commit=full[:7])


# --------------------------------------------------------------------------- CT409


@rule("CT409", "ledger-counts", "error")
def ledger_counts(ctx: CheckContext) -> Iterator[Violation]:
    """goals_passing / goals_total are not non-negative integers, or passing exceeds total.

    The trajectory (goals passing over cycles) is plotted from these two numbers. Counts
    written as strings (`"17"`), null, fractions or negatives cannot be plotted or compared,
    and more goals passing than exist is a measurement error. Idle lines may omit the counts;
    when a line gives them, they must be right.

    **Example**

        {"cycle": 1, "result": "improved", "goals_passing": "17", "goals_total": null, ...}

    **Fix**

    In the lines you append, write the counts as plain integers (`"goals_passing":
    17`), measured after the cycle, with goals_passing <= goals_total. Committed lines stay as
    they are (append-only); set `since` to judge only lines written after a commit.
    """
    ledger = _ledger(ctx)
    if ledger is None:
        return
    for cycle in _judged(ctx, ledger):
        counts: dict[str, int] = {}
        for key in COUNT_KEYS:
            if key not in cycle.data:
                continue
            value = cycle.data[key]
            if value is None and cycle.data.get("result") not in PRODUCTIVE:
                continue  # an idle line's null count is an omitted count
            if in_range(value):
                counts[key] = value
                continue
            if isinstance(value, int) and not isinstance(value, bool) and value > MAX_COUNT:
                yield _at(ledger, cycle, key,
                          f"{_label(cycle)}: {key} is {_show(value)}, beyond any count of goals "
                          f"(at most {MAX_COUNT:,})",
                          f"record {key} as measured in the lines you append; " + APPEND_ONLY)
                continue
            if isinstance(value, str) and value.strip().isdigit():
                hint = (f"write the number without quotes in the lines you append: "
                        f"\"{key}\": {value.strip()}")
            elif value is None:
                hint = f"record {key} as measured (a non-negative integer) in the lines you append"
            else:
                hint = (f"{key} is a count of goals, a non-negative integer: record it so in the "
                        "lines you append")
            yield _at(ledger, cycle, key,
                      f"{_label(cycle)}: {key} is {_show(value, True)}; expected a non-negative "
                      f"integer", hint + "; " + APPEND_ONLY)
        if len(counts) == 2 and counts["goals_passing"] > counts["goals_total"]:
            yield _at(ledger, cycle, "goals_passing",
                      f"{_label(cycle)}: goals_passing {counts['goals_passing']} exceeds "
                      f"goals_total {counts['goals_total']}",
                      "goals_total counts every goal measured, passing or not: measure both in "
                      "the cycles you append; " + APPEND_ONLY)


# --------------------------------------------------------------------------- CT410


@rule("CT410", "ledger-timestamp", "error")
def ledger_timestamp(ctx: CheckContext) -> Iterator[Violation]:
    """A ledger timestamp is not an ISO 8601 date-time (error), or goes back in time (warning).

    The loop's 60-minute circuit breaker and every report order cycles by `timestamp`. A value
    that does not parse (`"yesterday"`, `"2026-02-30T10:00:00Z"`, a date without a time) breaks
    them; a timestamp earlier than the previous line's suggests a clock or copy error.

    **Example**

        {"cycle": 8, ..., "timestamp": "2026-02-11 21:00"}

    **Fix**

    In the lines you append, write `YYYY-MM-DDTHH:MM:SS` with `Z` or an offset, e.g.
    `2026-02-11T21:00:00Z`. Committed lines stay as they are (append-only); set `since` to
    judge only lines written after a commit.
    """
    ledger = _ledger(ctx)
    if ledger is None:
        return
    yield from _after_baseline(ctx, ledger, _times(ledger))


def _times(ledger: Ledger) -> Iterator[Violation]:
    previous = None  # (datetime, line, text)
    for cycle in ledger.cycles:
        if _absent(cycle.data, "timestamp"):
            continue  # CT402
        value = cycle.data["timestamp"]
        moment = parse_datetime(value) if isinstance(value, str) else None
        if moment is None:
            yield _at(ledger, cycle, "timestamp",
                      f"{_label(cycle)}: timestamp {_show(value)} is not an ISO 8601 date-time",
                      'in the lines you append, write e.g. "2026-02-11T21:00:00Z" (a real date, '
                      "a T, a time, and Z or an offset); " + APPEND_ONLY)
            continue
        if previous is not None and moment < previous[0]:
            yield _at(ledger, cycle, "timestamp",
                      f"{_label(cycle)}: timestamp {value} is earlier than {previous[2]} on "
                      f"line {previous[1]}",
                      "cycles are appended in time order: check the clock of the writer; "
                      + APPEND_ONLY,
                      severity=Severity.WARNING)
        if previous is None or moment >= previous[0]:
            previous = (moment, cycle.line, value)


# --------------------------------------------------------------------------- CT411

SESSION_STATE_SCHEMA = {
    "type": "object",
    "required": ["cycle"],
    "properties": {
        "cycle": {"type": "integer", "minimum": 0},
        "generator_empty_streak": {"type": "integer", "minimum": 0},
        "queue_refresh_count": {"type": "integer", "minimum": 0},
        "last_selected_source": {"type": ["string", "null"]},
        "claimed_work": {
            "type": ["object", "null"],
            "properties": {"ref": {"type": "string"}, "claimed_by": {"type": "string"},
                           "claimed_at": {"type": "string"}},
        },
    },
}


def _position(text: str, key: str | None) -> tuple[int, int]:
    if key is None:
        return 1, 1
    index = text.find(json.dumps(key))
    return line_column(text, index) if index >= 0 else (1, 1)


@rule("CT411", "session-state", "error")
def session_state(ctx: CheckContext) -> Iterator[Violation]:
    """`.agents/evolve/session-state.json` is not valid, or its cycle disagrees with the ledger's last cycle.

    The sidecar carries what the ledger does not (queue claims, generator streaks) and must
    resume at the same cycle: one JSON object with an integer `cycle` equal to the last cycle
    in `cycle-history.jsonl`, counters as non-negative integers, `claimed_work` an object.

    **Example**

        {"cycle": 12, "generator_empty_streak": "one"}

    while the ledger's last line is cycle 14.

    **Fix**

    Rewrite the sidecar from the ledger (it is overwritten state, not history):
    set `cycle` to the ledger's last cycle and the counters to integers.
    """
    tree_file = ctx.tree.session_state
    if tree_file is None or tree_file.escapes:
        return
    path = tree_file.path
    read = tree_file.read
    state = ctx.tree.records.session_state
    if read is None or read.too_large or state is None:
        return
    if state.unreadable or state.text is None:
        yield Violation(path, f"session-state.json cannot be read: {state.error}",
                        "rewrite it as UTF-8 JSON", state.line, state.column)
        return
    if state.error is not None:
        yield Violation(path, f"session-state.json is not valid JSON: {state.error}",
                        "rewrite it as one JSON object", state.line, state.column)
        return
    text, data = state.text, state.value
    import jsonschema  # here, not at the top: most runs never read a session state

    validator = jsonschema.Draft202012Validator(SESSION_STATE_SCHEMA)
    errors = sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.path)))
    for error in errors:
        key = next((str(p) for p in reversed(error.path) if isinstance(p, str)), None)
        if error.validator == "required":
            key = None
        where = "/".join(str(p) for p in error.path) or "the file"
        line, column = _position(text, key)
        yield Violation(path, f"session-state.json: {where}: {error.message}",
                        "cycle and the counters are non-negative integers; claimed_work is an "
                        "object with ref, claimed_by and claimed_at", line, column)
    if errors or not isinstance(data, dict):
        return
    ledger = _ledger(ctx)
    if ledger is None or ledger.unreadable:
        return
    last = ledger.last_cycle
    if last is not None and data["cycle"] != last:
        line, column = _position(text, "cycle")
        yield Violation(path, f"session-state.json: cycle {data['cycle']} disagrees with the "
                              f"ledger's last cycle {last} ({ledger.path})",
                        f"set \"cycle\": {last}; the ledger is the recovery point for cycle "
                        "numbering", line, column)
