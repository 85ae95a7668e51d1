"""CT401 and CT405: each ledger line is one JSON object, and lines of the legacy schema are named."""

from __future__ import annotations

from collections.abc import Iterator

from continuity.formats.jsonl import json_kind
from continuity.formats.words import plural
from continuity.model.ledger import PRODUCTIVE, RESULTS, Cycle
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule
from continuity.validators.rules.ledger.shared import (
    APPEND_ONLY,
    COUNT_KEYS,
    NOT_COMMITTED,
    absent,
    as_written,
    finding,
    judged_cycles,
    ledger_of,
    line_runs,
)
from continuity.validators.since_lines import baseline, worded_by_commit

# --------------------------------------------------------------------------- CT401


@rule("CT401", "ledger-json", "error")
@worded_by_commit(*NOT_COMMITTED)
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
    ledger = ledger_of(ctx)
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


# --------------------------------------------------------------------------- CT405


@rule("CT405", "ledger-legacy-field", "warning")
@worded_by_commit(*NOT_COMMITTED)
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
    ledger = ledger_of(ctx)
    if ledger is None:
        return
    legacy = [cycle for cycle in judged_cycles(ctx, ledger) if cycle.legacy]
    if not legacy:
        return
    names = {key: [c.line for c in legacy if key in c.data] for key in ("goal_id", "commit_sha")}
    parts = [f"`{key}` on {line_runs(lines)}" for key, lines in names.items() if lines]
    message = (f"{plural(len(legacy), 'ledger line')} of the legacy schema ("
               + "; ".join(parts) + "), read as `target` and `sha`")
    later = [c.line for c in legacy if _lacks_later_fields(c)]
    if later:
        message += (f"; {line_runs(later)} lack the fields the canonical schema added later "
                    "(sha, goals_passing, goals_total)")
    words = [c for c in legacy if isinstance(c.data.get("result"), str)
             and not absent(c.data, "result") and c.data["result"] not in RESULTS]
    if words:
        shown = ", ".join(dict.fromkeys(f"`{c.data['result']}`" for c in words))
        message += f"; {line_runs([c.line for c in words])} use the legacy results {shown}"
    conflicts = []
    for cycle in legacy:
        for old, canonical in (("goal_id", "target"), ("commit_sha", "sha")):
            if old in cycle.data and canonical in cycle.data and \
                    cycle.data[canonical] != cycle.data[old]:
                conflicts.append(f"line {cycle.line} `{old}` {as_written(cycle.data[old])} "
                                 f"against `{canonical}` {as_written(cycle.data[canonical])}")
    if conflicts:
        message += "; spelled both ways with different values (the canonical name wins): " + \
            ", ".join(conflicts[:3]) + (f" and {len(conflicts) - 3} more" if len(conflicts) > 3
                                        else "")
    first = legacy[0]
    key = "goal_id" if "goal_id" in first.data else "commit_sha"
    yield finding(ledger, first, key, message,
                  "write the lines you append with `target`, `sha` (and `canonical_sha`), the goal "
                  "counts and one of " + ", ".join(RESULTS) + "; the legacy lines stay as they "
                  "are (append-only): set `since` to a commit after them to stop this warning")


def _lacks_later_fields(cycle: Cycle) -> bool:
    data = cycle.data
    if data.get("result") not in PRODUCTIVE:
        return False  # idle and unchanged cycles omit them in the canonical schema too
    no_sha = all(absent(data, key) for key in ("sha", "commit_sha", "canonical_sha"))
    return no_sha or any(key not in data for key in COUNT_KEYS)


