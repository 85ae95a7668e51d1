"""What the CT4xx rules share: the ledger and the cycles judged, a finding placed at a line's
key, and the words for a value, a cycle, a run of lines and a committed line.
"""

from __future__ import annotations

import json
import re
from typing import Any

from continuity.formats.jsonl import json_kind, key_column
from continuity.model.ledger import Cycle, Ledger
from continuity.validators.diagnostics import Severity, Violation
from continuity.validators.registry import CheckContext
from continuity.validators.since_lines import baseline

SHA_KEYS = ("sha", "commit_sha", "canonical_sha", "log_sha")
COUNT_KEYS = ("goals_passing", "goals_total")
HEX_SHA = re.compile(r"^[0-9a-fA-F]{4,64}$")


def ledger_of(ctx: CheckContext) -> Ledger | None:
    return ctx.tree.records.ledger


def judged_cycles(ctx: CheckContext, ledger: Ledger) -> list[Cycle]:
    """The cycles judged: all, or with ``since`` those after the lines the ledger held then."""
    first = baseline(ctx, ledger.path)
    return [cycle for cycle in ledger.cycles if cycle.line > first]


#: What a hint says about a committed line: the ledger is append-only (CT304), so a line is
#: never edited; the next line is written right, or the tool is adopted from a commit on.
APPEND_ONLY = ("committed lines stay as they are (the ledger is append-only); to judge only "
               "lines written from now on, set `since` to the current commit's hash (`git "
               "rev-parse --short HEAD`; HEAD itself moves)")


#: What the same hints say of a line no commit holds yet: it may be corrected where it is.
NOT_COMMITTED = ((APPEND_ONLY, "this line is not committed yet, so correct it where it is "
                               "(once committed, the ledger is append-only)"),
                 ("(committed lines stay as they are)", "(this line is not committed yet: "
                                                        "correct it where it is)"))


def absent(data: dict[str, Any], key: str) -> bool:
    """Missing, null or an empty string: what the loop's own checker (`jq '.k // empty'`) skips."""
    value = data.get(key)
    return value is None or (isinstance(value, str) and not value.strip())


def as_written(value: Any, kind: bool = False) -> str:
    """A JSON value as written, cut short; with ``kind``, also what sort of value it is."""
    text = json.dumps(value, ensure_ascii=False)
    if len(text) > 40:
        text = text[:37] + "..."
    numeric = isinstance(value, (int, float)) and not isinstance(value, bool)
    if not kind or value is None or numeric:
        return text
    return f"{text} (a {json_kind(value)})"


def finding(ledger: Ledger, cycle: Cycle, key: str | None, message: str, hint: str,
            severity: Severity | None = None, commit: str | None = None) -> Violation:
    column = key_column(cycle.text, key) if key else 1
    return Violation(ledger.path, message, hint, cycle.line, column, commit=commit,
                     severity=severity)


def label(cycle: Cycle) -> str:
    number = cycle.data.get("cycle")
    return f"cycle {number}" if isinstance(number, int) and not isinstance(number, bool) \
        else f"line {cycle.line}"


def line_runs(numbers: list[int]) -> str:
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
