"""CT402, CT403 and CT409: each mandatory field is present, and the result and the goal counts
are values of their kind.
"""

from __future__ import annotations

from collections.abc import Iterator

from continuity.errors import closest
from continuity.model.ledger import MAX_COUNT, PRODUCTIVE, RESULTS, Cycle, Ledger, in_range
from continuity.validators.diagnostics import Severity, Violation
from continuity.validators.registry import CheckContext, rule
from continuity.validators.rules.ledger.shared import (
    APPEND_ONLY,
    COUNT_KEYS,
    NOT_COMMITTED,
    absent,
    as_written,
    finding,
    judged_cycles,
    label,
    ledger_of,
    line_runs,
)
from continuity.validators.since_lines import worded_by_commit

# --------------------------------------------------------------------------- CT402


@rule("CT402", "ledger-missing-field", "error")
@worded_by_commit(*NOT_COMMITTED)
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
    ledger = ledger_of(ctx)
    if ledger is None:
        return
    alias_missing: list[Cycle] = []
    for cycle in judged_cycles(ctx, ledger):
        yield from _missing_in(ledger, cycle, alias_missing)
    if alias_missing:  # one cause, one finding: the writer never wrote the alias
        first = alias_missing[0]
        what = (f"{label(first)} ({first.data.get('result')}) has" if len(alias_missing) == 1
                else f"{len(alias_missing)} productive cycles ({line_runs([c.line for c in alias_missing])}) have")
        yield finding(ledger, first, "canonical_sha", f"{what} canonical_sha but no `sha`",
                      'in the lines you append, write the same commit as "sha" too: it is the '
                      "compatibility alias older readers look for; " + APPEND_ONLY,
                      severity=Severity.WARNING)


def _missing_in(ledger: Ledger, cycle: Cycle, alias_missing: list[Cycle]) -> Iterator[Violation]:
    data = cycle.data
    for key in ("cycle", "result", "timestamp"):
        if absent(data, key):
            shown = " is null or empty" if key in data else " is missing"
            yield finding(ledger, cycle, key if key in data else None,
                          f"ledger line {cycle.line}: `{key}`{shown}; every cycle records cycle, "
                          f"target, result and timestamp",
                          _HINTS[key])
    yield from _target_problems(ledger, cycle)
    result = data.get("result")
    if result not in PRODUCTIVE:
        return
    if absent(data, "sha") and absent(data, "commit_sha"):
        if not absent(data, "canonical_sha"):
            alias_missing.append(cycle)  # reported once for the ledger
        elif cycle.legacy:
            pass  # a legacy line without a commit: CT405 names it with the others
        else:
            yield finding(ledger, cycle, None,
                          f"{label(cycle)} is {result} but records no `sha`",
                          'a productive cycle names the commit it delivered: write "sha" (and '
                          '"canonical_sha") in each line you append; ' + APPEND_ONLY)
    else:
        for key in ("sha", "commit_sha"):
            value = data.get(key)
            if key in data and not (isinstance(value, str) and value.strip()) and \
                    value is not None:
                yield finding(ledger, cycle, key,
                              f"{label(cycle)}: `{key}` is {as_written(value, True)}; "
                              "expected a commit sha",
                              f'write the commit as a string in the lines you append, e.g. "{key}": '
                              '"3f2a1c9"; ' + APPEND_ONLY)
    if cycle.legacy:
        return  # the goal counts came with the canonical schema: CT405
    for key in COUNT_KEYS:
        if key not in data:
            yield finding(ledger, cycle, None,
                          f"{label(cycle)} is {result} but records no `{key}`",
                          f"record {key} as measured in each productive cycle you append (a "
                          "non-negative integer; the trajectory chart plots it); " + APPEND_ONLY)


def _target_problems(ledger: Ledger, cycle: Cycle) -> Iterator[Violation]:
    data = cycle.data
    bad: list[tuple[str, str]] = []
    for key in ("target", "goal_id"):
        value = data.get(key)
        if key in data and value is not None and not isinstance(value, str):
            bad.append((key, f"`{key}` is {as_written(value, True)}; expected a goal id string "
                             f'(or "idle")'))
    ids = data.get("goal_ids")
    if "goal_ids" in data and ids is not None:
        if not isinstance(ids, list) or not ids or \
                not all(isinstance(i, str) and i.strip() for i in ids):
            bad.append(("goal_ids", f"`goal_ids` is {as_written(ids, True)}; expected a "
                                    "non-empty list of goal id strings"))
    for key, message in bad:
        yield finding(ledger, cycle, key, f"{label(cycle)}: {message}",
                      'in the lines you append, name the goal: "target": "<goal-id>", or '
                      '"goal_ids": ["a", "b"] with "parallel": true for a parallel wave; '
                      + APPEND_ONLY)
    if not cycle.targets and not bad:
        yield finding(ledger, cycle, None,
                      f"{label(cycle)} has no target (`target`, or `goal_ids` for a parallel "
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
@worded_by_commit(*NOT_COMMITTED)
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
    ledger = ledger_of(ctx)
    if ledger is None:
        return
    for cycle in judged_cycles(ctx, ledger):
        value = cycle.data.get("result")
        if absent(cycle.data, "result") or value in RESULTS:
            continue
        if cycle.legacy and isinstance(value, str):
            continue  # the legacy vocabulary: CT405
        hint = "use one of " + ", ".join(RESULTS) + " in the lines you append"
        meant = closest(value.strip(), RESULTS) if isinstance(value, str) else None
        if meant is not None and isinstance(value, str) and meant != value.strip().lower():
            hint = f'did you mean "{meant}"? {hint}'
        if isinstance(value, str) and value.strip().lower() in RESULTS:
            hint = f'write it in lower case in the lines you append: "{value.strip().lower()}"'
        yield finding(ledger, cycle, "result",
                      f"{label(cycle)}: result {as_written(value)} is not one of "
                      + ", ".join(RESULTS), hint + "; " + APPEND_ONLY)


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
    ledger = ledger_of(ctx)
    if ledger is None:
        return
    for cycle in judged_cycles(ctx, ledger):
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
                yield finding(ledger, cycle, key,
                              f"{label(cycle)}: {key} is {as_written(value)}, beyond any count of goals "
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
            yield finding(ledger, cycle, key,
                          f"{label(cycle)}: {key} is {as_written(value, True)}; expected a non-negative "
                          f"integer", hint + "; " + APPEND_ONLY)
        if len(counts) == 2 and counts["goals_passing"] > counts["goals_total"]:
            yield finding(ledger, cycle, "goals_passing",
                          f"{label(cycle)}: goals_passing {counts['goals_passing']} exceeds "
                          f"goals_total {counts['goals_total']}",
                          "goals_total counts every goal measured, passing or not: measure both in "
                          "the cycles you append; " + APPEND_ONLY)
