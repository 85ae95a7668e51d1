"""CT404 and CT410: cycle numbers and timestamps, read line after line, go forward."""

from __future__ import annotations

from collections.abc import Iterator

from continuity.formats.timestamps import parse_datetime
from continuity.model.ledger import MAX_COUNT, Ledger
from continuity.validators.diagnostics import Severity, Violation
from continuity.validators.registry import CheckContext, rule
from continuity.validators.rules.ledger.shared import (
    APPEND_ONLY,
    NOT_COMMITTED,
    absent,
    as_written,
    finding,
    label,
    ledger_of,
)
from continuity.validators.since_lines import baseline, worded_by_commit

# --------------------------------------------------------------------------- CT404


@rule("CT404", "ledger-sequence", "error")
@worded_by_commit(*NOT_COMMITTED)
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
    ledger = ledger_of(ctx)
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
        if absent(data, "cycle"):
            continue  # CT402
        value = data["cycle"]
        if isinstance(value, bool) or not isinstance(value, int):
            digits = isinstance(value, str) and value.strip().isdigit()
            yield finding(ledger, cycle, "cycle",
                          f"ledger line {cycle.line}: cycle {as_written(value, True)} is not an integer",
                          (f"write the number without quotes in the lines you append: \"cycle\": "
                           f"{str(value).strip()}" if digits
                           else '"cycle" is the 1-based cycle number, an integer') + "; "
                          + APPEND_ONLY)
            continue
        if value > MAX_COUNT:
            yield finding(ledger, cycle, "cycle",
                          f"ledger line {cycle.line}: cycle {as_written(value)} is beyond any cycle "
                          f"number (at most {MAX_COUNT:,})",
                          "number the next cycle one above the last real one; " + APPEND_ONLY)
            continue
        if value < 1:
            yield finding(ledger, cycle, "cycle",
                          f"ledger line {cycle.line}: cycle {value} is below 1",
                          "cycles are numbered from 1: append the next cycle with its real "
                          "number; " + APPEND_ONLY)
            continue
        if previous is None:
            if value != 1:
                yield finding(ledger, cycle, "cycle",
                              f"the ledger's first cycle is {value}, not 1",
                              "cycles are 1-indexed: earlier lines may have been lost or the "
                              "ledger truncated; if that was deliberate, set `since` to the "
                              "commit that started this ledger",
                              severity=Severity.WARNING)
        elif value <= previous[0]:
            yield finding(ledger, cycle, "cycle",
                          f"cycle {value} is not above the previous cycle {previous[0]} "
                          f"(line {previous[1]})",
                          f"append the next cycle as {previous[0] + 1}; do not reuse or go back",
                          )
            continue  # keep counting from the highest cycle seen
        elif value > previous[0] + 1:
            missing = (f"cycle {previous[0] + 1}" if value == previous[0] + 2 else
                       f"cycles {previous[0] + 1}-{value - 1}")
            yield finding(ledger, cycle, "cycle",
                          f"cycle {value} follows cycle {previous[0]} (line {previous[1]}): "
                          f"{missing} missing",
                          "a gap usually means lines were lost; append the next cycle one above "
                          "the previous (committed lines stay as they are)",
                          severity=Severity.WARNING)
        previous = (value, cycle.line)


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
    ledger = ledger_of(ctx)
    if ledger is None:
        return
    yield from _after_baseline(ctx, ledger, _times(ledger))


def _times(ledger: Ledger) -> Iterator[Violation]:
    previous = None  # (datetime, line, text)
    for cycle in ledger.cycles:
        if absent(cycle.data, "timestamp"):
            continue  # CT402
        value = cycle.data["timestamp"]
        moment = parse_datetime(value) if isinstance(value, str) else None
        if moment is None:
            yield finding(ledger, cycle, "timestamp",
                          f"{label(cycle)}: timestamp {as_written(value)} is not an ISO 8601 date-time",
                          'in the lines you append, write e.g. "2026-02-11T21:00:00Z" (a real date, '
                          "a T, a time, and Z or an offset); " + APPEND_ONLY)
            continue
        if previous is not None and moment < previous[0]:
            yield finding(ledger, cycle, "timestamp",
                          f"{label(cycle)}: timestamp {value} is earlier than {previous[2]} on "
                          f"line {previous[1]}",
                          "cycles are appended in time order: check the clock of the writer; "
                          + APPEND_ONLY,
                          severity=Severity.WARNING)
        if previous is None or moment >= previous[0]:
            previous = (moment, cycle.line, value)
