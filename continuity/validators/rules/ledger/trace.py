"""CT406: a cycle's evidence trace gives the ten kernel fields, or an exemption reason."""

from __future__ import annotations

from collections.abc import Iterator

from continuity.model.ledger import KERNEL_FIELDS
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule
from continuity.validators.rules.ledger.shared import (
    APPEND_ONLY,
    NOT_COMMITTED,
    as_written,
    finding,
    judged_cycles,
    label,
    ledger_of,
)
from continuity.validators.since_lines import worded_by_commit

# --------------------------------------------------------------------------- CT406


@rule("CT406", "trace-incomplete", "warning")
@worded_by_commit(*NOT_COMMITTED)
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
    ledger = ledger_of(ctx)
    if ledger is None:
        return
    for cycle in judged_cycles(ctx, ledger):
        if "trace" not in cycle.data or cycle.data["trace"] is None:
            continue
        trace = cycle.data["trace"]
        if not isinstance(trace, dict):
            yield finding(ledger, cycle, "trace",
                          f"{label(cycle)}: trace is {as_written(trace, True)}; expected an object of the "
                          "ten kernel fields",
                          "write the trace as a JSON object in the cycles you append; " + APPEND_ONLY)
            continue
        if cycle.trace_status != "incomplete":
            continue
        missing = cycle.missing_trace_fields
        wrong = [name for name in missing if name in trace and trace[name] is not None
                 and not isinstance(trace[name], str)]
        message = (f"{label(cycle)}: trace lacks {len(missing)} of {len(KERNEL_FIELDS)} "
                   f"kernel fields: {', '.join(missing)}")
        if wrong:
            message += f" ({', '.join(wrong)} not a string)"
        hint = ("record the whole trace in the cycles you append, or \"exemption_reason\" for "
                "a trivial cycle")
        if "refactor_note" in missing:
            hint += ' ("refactor_note": "none" when there was no refactor)'
        yield finding(ledger, cycle, "trace", message, hint + "; " + APPEND_ONLY)
