"""CT4xx: the evolve loop's cycle ledger and its session-state sidecar (seed cycle-history-format).

Every line is judged on its own, so one bad line never hides the rest of the file. Each fault
has one owner: a key that is absent is CT402; a key that is present with the wrong kind of value
belongs to the rule for that field (CT403 result, CT404 cycle, CT409 counts, CT410 timestamp).
Rules that read git (CT407, CT408) resolve every sha in one ``cat-file --batch-check`` and list
every improved commit's files in one ``git log`` (SPEC §8).
"""

from __future__ import annotations

import json
import re
from typing import Any
from collections.abc import Iterator


from continuity.validators.diagnostics import Severity, Violation
from continuity.history.git import GitError
from continuity.formats.timestamps import parse_datetime
from continuity.formats.jsonl import json_kind, key_column, loads_strict
from continuity.model.ledger import KERNEL_FIELDS, PRODUCTIVE, RESULTS, Cycle, Ledger, read_ledger
from continuity.formats.secrets import line_column
from continuity.validators.registry import CheckContext, rule

SHA_KEYS = ("sha", "commit_sha", "canonical_sha", "log_sha")
COUNT_KEYS = ("goals_passing", "goals_total")
_HEX_SHA = re.compile(r"^[0-9a-fA-F]{4,64}$")


# --------------------------------------------------------------------------- shared reading


def _ledger(ctx: CheckContext) -> Ledger | None:
    ledger_file = ctx.tree.ledger
    if ledger_file is None:
        return None
    return ctx.memo("ledger", lambda: read_ledger(ledger_file))


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

    Complete or remove the broken line so that each line holds one JSON object
    (`{...}`); blank lines are ignored.
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
    for line in ledger.lines:
        if line.blank:
            continue
        if line.error:
            truncated = line.line == last and raw and not raw.endswith(b"\n")
            hint = ("the last line has no final newline: a write was cut short; complete the "
                    "line or remove it" if truncated else
                    "write one JSON object per line (strings in double quotes, no trailing "
                    "commas)")
            yield Violation(ledger.path, f"ledger line {line.line} is {line.error}", hint,
                            line.line, line.column)
        elif not isinstance(line.value, dict):
            yield Violation(
                ledger.path,
                f"ledger line {line.line} is a JSON {json_kind(line.value)}, not an object",
                'each line must be one object such as {"cycle": 1, "target": "...", '
                '"result": "...", "timestamp": "..."}', line.line, 1)


# --------------------------------------------------------------------------- CT402


@rule("CT402", "ledger-missing-field", "error")
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

    **Fix**

    Add the missing fields; for `canonical_sha` without `sha`, write the same commit
    as `sha` too, and record `goals_passing` / `goals_total` as measured.
    """
    ledger = _ledger(ctx)
    if ledger is None:
        return
    for cycle in ledger.cycles:
        yield from _missing_in(ledger, cycle)


def _missing_in(ledger: Ledger, cycle: Cycle) -> Iterator[Violation]:
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
            yield _at(ledger, cycle, "canonical_sha",
                      f"{_label(cycle)} ({result}) has canonical_sha but no `sha`",
                      'write the same commit as "sha" too: "sha" is the compatibility alias '
                      'that readers of the ledger look for')
        else:
            yield _at(ledger, cycle, None,
                      f"{_label(cycle)} is {result} but records no `sha`",
                      "a productive cycle names the commit it delivered: add "
                      '"sha" (and "canonical_sha") with that commit')
    else:
        for key in ("sha", "commit_sha"):
            value = data.get(key)
            if key in data and not (isinstance(value, str) and value.strip()) and \
                    value is not None:
                yield _at(ledger, cycle, key,
                          f"{_label(cycle)}: `{key}` is {_show(value, True)}; "
                          "expected a commit sha",
                          f'write the commit as a string, e.g. "{key}": "3f2a1c9"')
    for key in COUNT_KEYS:
        if key not in data:
            yield _at(ledger, cycle, None,
                      f"{_label(cycle)} is {result} but records no `{key}`",
                      f"record {key} as measured after the cycle (a non-negative integer); "
                      "the trajectory chart plots it")


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
                  'name the goal: "target": "<goal-id>", or "goal_ids": ["a", "b"] with '
                  '"parallel": true for a parallel wave')
    if not cycle.targets and not bad:
        yield _at(ledger, cycle, None,
                  f"{_label(cycle)} has no target (`target`, or `goal_ids` for a parallel "
                  f"wave)",
                  'add "target": "<goal-id>" ("idle" for an idle cycle)')


_HINTS = {
    "cycle": 'number the line: "cycle": <previous cycle + 1>',
    "result": 'add "result": one of ' + ", ".join(RESULTS),
    "timestamp": 'add "timestamp" in ISO 8601, e.g. "2026-02-11T21:00:00Z"',
}


# --------------------------------------------------------------------------- CT403


@rule("CT403", "ledger-result", "error")
def ledger_result(ctx: CheckContext) -> Iterator[Violation]:
    """A ledger line's result is not one of improved, regressed, unchanged, harvested, quarantined.

    Reports, the trajectory chart and the commit policy (only productive cycles are committed)
    all branch on `result`; a value outside the five is read as nothing at all.

    **Example**

        {"cycle": 9, "target": "lint-clean", "result": "success", ...}

    **Fix**

    Use one of `improved`, `regressed`, `unchanged`, `harvested`, `quarantined`
    (lower case); a cycle that changed nothing outside `.agents/` is `unchanged`.
    """
    ledger = _ledger(ctx)
    if ledger is None:
        return
    for cycle in ledger.cycles:
        value = cycle.data.get("result")
        if _absent(cycle.data, "result") or value in RESULTS:
            continue
        hint = "use one of " + ", ".join(RESULTS)
        if isinstance(value, str) and value.strip().lower() in RESULTS:
            hint = f'write it in lower case: "{value.strip().lower()}"'
        yield _at(ledger, cycle, "result",
                  f"{_label(cycle)}: result {_show(value)} is not one of "
                  + ", ".join(RESULTS), hint)


# --------------------------------------------------------------------------- CT404


@rule("CT404", "ledger-sequence", "error")
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
                      f"write the number without quotes: \"cycle\": {str(value).strip()}" if digits
                      else '"cycle" is the 1-based cycle number, an integer')
            continue
        if value < 1:
            yield _at(ledger, cycle, "cycle",
                      f"ledger line {cycle.line}: cycle {value} is below 1",
                      "cycles are numbered from 1")
            continue
        if previous is None:
            if value != 1:
                yield _at(ledger, cycle, "cycle",
                          f"the ledger's first cycle is {value}, not 1",
                          "cycles are 1-indexed: earlier lines may have been lost or the "
                          "ledger truncated; leave it if that was deliberate",
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
                      "a gap usually means lines were lost; number the next cycle one above "
                      "the previous", severity=Severity.WARNING)
        previous = (value, cycle.line)


# --------------------------------------------------------------------------- CT405


@rule("CT405", "ledger-legacy-field", "warning")
def ledger_legacy_field(ctx: CheckContext) -> Iterator[Violation]:
    """A ledger line uses the legacy `goal_id` or `commit_sha`; they are read as `target` and `sha`.

    Older loops wrote `goal_id` and `commit_sha`. Continuity reads them, but other readers
    look for the canonical names, and a line carrying both spellings can disagree with itself.

    **Example**

        {"cycle": 3, "goal_id": "doc-coverage", "result": "improved", "commit_sha": "def5678", ...}

    **Fix**

    Write new lines with `target` and `sha` (and `canonical_sha`). Old lines stay as
    they are: the ledger is append-only.
    """
    ledger = _ledger(ctx)
    if ledger is None:
        return
    for cycle in ledger.cycles:
        for legacy, canonical in (("goal_id", "target"), ("commit_sha", "sha")):
            if legacy not in cycle.data:
                continue
            conflict = ""
            if canonical in cycle.data and cycle.data[canonical] != cycle.data[legacy]:
                conflict = (f"; it disagrees with `{canonical}` {_show(cycle.data[canonical])}, "
                            f"which wins")
            yield _at(ledger, cycle, legacy,
                      f"{_label(cycle)}: legacy field `{legacy}` is read as `{canonical}`"
                      f"{conflict}",
                      f"write `{canonical}` in new ledger lines")


# --------------------------------------------------------------------------- CT406


@rule("CT406", "trace-incomplete", "warning")
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

    Fill in the missing fields (`"refactor_note": "none"` when there was none), or
    give `"exemption_reason"` for a trivial one-shot change.
    """
    ledger = _ledger(ctx)
    if ledger is None:
        return
    for cycle in ledger.cycles:
        if "trace" not in cycle.data or cycle.data["trace"] is None:
            continue
        trace = cycle.data["trace"]
        if not isinstance(trace, dict):
            yield _at(ledger, cycle, "trace",
                      f"{_label(cycle)}: trace is {_show(trace, True)}; expected an object of the "
                      "ten kernel fields", "write the trace as a JSON object")
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
        hint = "fill them in, or give \"exemption_reason\" for a trivial cycle"
        if "refactor_note" in missing:
            hint += '; write "refactor_note": "none" when there was no refactor'
        yield _at(ledger, cycle, "trace", message, hint)


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
            ctx.memo("notices", list).append(f"ledger shas not checked: {exc}")
            return {}
    return ctx.memo("ledger-shas", compute)


def prepare(ctx: CheckContext) -> None:
    """What CT407 and CT408 ask git, started before any rule runs: the ledger's shas
    resolved, and the files each improved cycle's commit changed (when CT408 is selected)."""
    from continuity.validators.engine import active_rules  # the engine imports this package
    ledger = _ledger(ctx)
    if ledger is None:
        return
    _resolved(ctx, ledger)
    if any(r.code == "CT408" for r in active_rules(ctx.config)):
        _changed_files(ctx, ledger)


@rule("CT407", "ledger-sha", "error", needs_git=True, prefetch=prepare)
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

    **Fix**

    Record the commit the cycle actually made (`git rev-parse --short HEAD` after
    committing); if history was rewritten, note the new commit in the next cycle's line.
    """
    ledger = _ledger(ctx)
    if ledger is None or not ledger.cycles:
        return
    resolved = _resolved(ctx, ledger)
    for cycle in ledger.cycles:
        for key in SHA_KEYS:
            value = cycle.data.get(key)
            if _absent(cycle.data, key) or not isinstance(value, str):
                continue  # CT402 judges absent and non-string shas
            name = value.strip()
            if not _HEX_SHA.match(name):
                yield _at(ledger, cycle, key,
                          f"{_label(cycle)}: {key} {_show(value)} is not a commit sha "
                          f"(expected 4-64 hex digits)",
                          "record the commit id, e.g. from `git rev-parse --short HEAD`")
            elif name in resolved and resolved[name] is None:
                yield _at(ledger, cycle, key,
                          f"{_label(cycle)}: {key} {name} is not a commit of this repository "
                          f"(unknown, or an ambiguous abbreviation)",
                          "record a commit that exists (a longer abbreviation if ambiguous); "
                          "a rebase or a fresh clone can drop commits a ledger names")
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
                  "sha is the compatibility alias of canonical_sha: write the same commit in "
                  "both (a distinct bookkeeping commit goes in log_sha)",
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
    for cycle in ledger.cycles:
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
        ctx.memo("notices", list).append(f"substantive-delta not checked: {exc}")
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

    Record such a cycle as `"result": "unchanged"` (and keep it local), or point the
    sha at the commit that made the product change.
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
                  'a cycle with no change outside .agents/ and GOALS files is "unchanged"; '
                  "or record the commit that changed the product", commit=full[:7])


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

    Write the counts as plain integers (`"goals_passing": 17`), measured after the
    cycle, with goals_passing <= goals_total.
    """
    ledger = _ledger(ctx)
    if ledger is None:
        return
    for cycle in ledger.cycles:
        counts: dict[str, int] = {}
        for key in COUNT_KEYS:
            if key not in cycle.data:
                continue
            value = cycle.data[key]
            if value is None and cycle.data.get("result") not in PRODUCTIVE:
                continue  # an idle line's null count is an omitted count
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                counts[key] = value
                continue
            if isinstance(value, str) and value.strip().isdigit():
                hint = f"write the number without quotes: \"{key}\": {value.strip()}"
            elif value is None:
                hint = f"record {key} as measured (a non-negative integer)"
            else:
                hint = f"{key} is a count of goals: a non-negative integer"
            yield _at(ledger, cycle, key,
                      f"{_label(cycle)}: {key} is {_show(value, True)}; expected a non-negative "
                      f"integer", hint)
        if len(counts) == 2 and counts["goals_passing"] > counts["goals_total"]:
            yield _at(ledger, cycle, "goals_passing",
                      f"{_label(cycle)}: goals_passing {counts['goals_passing']} exceeds "
                      f"goals_total {counts['goals_total']}",
                      "goals_total counts every goal measured, passing or not")


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

    Write `YYYY-MM-DDTHH:MM:SS` with `Z` or an offset, e.g. `2026-02-11T21:00:00Z`.
    """
    ledger = _ledger(ctx)
    if ledger is None:
        return
    previous = None  # (datetime, line, text)
    for cycle in ledger.cycles:
        if _absent(cycle.data, "timestamp"):
            continue  # CT402
        value = cycle.data["timestamp"]
        moment = parse_datetime(value) if isinstance(value, str) else None
        if moment is None:
            yield _at(ledger, cycle, "timestamp",
                      f"{_label(cycle)}: timestamp {_show(value)} is not an ISO 8601 date-time",
                      'write e.g. "2026-02-11T21:00:00Z" (a real date, a T, a time, and Z or '
                      "an offset)")
            continue
        if previous is not None and moment < previous[0]:
            yield _at(ledger, cycle, "timestamp",
                      f"{_label(cycle)}: timestamp {value} is earlier than {previous[2]} on "
                      f"line {previous[1]}",
                      "cycles are appended in time order; check the clock or the copied line",
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
    if read is None or read.too_large:
        return
    if read.text is None:
        yield Violation(path, f"session-state.json cannot be read: {read.error}",
                        "rewrite it as UTF-8 JSON", read.error_line, read.error_column)
        return
    text = read.text
    try:
        data = loads_strict(text)
    except json.JSONDecodeError as exc:
        yield Violation(path, f"session-state.json is not valid JSON: {exc.msg}",
                        "rewrite it as one JSON object", exc.lineno, exc.colno)
        return
    except (ValueError, RecursionError) as exc:
        yield Violation(path, f"session-state.json is not valid JSON: {exc}",
                        "rewrite it as one JSON object")
        return
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
