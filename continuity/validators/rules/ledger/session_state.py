"""CT411: the session-state sidecar is valid and resumes at the ledger's last cycle."""

from __future__ import annotations

import json
from collections.abc import Iterator

from continuity.formats.secrets import line_column
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule
from continuity.validators.rules.ledger.shared import ledger_of

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
    ledger = ledger_of(ctx)
    if ledger is None or ledger.unreadable:
        return
    last = ledger.last_cycle
    if last is not None and data["cycle"] != last:
        line, column = _position(text, "cycle")
        yield Violation(path, f"session-state.json: cycle {data['cycle']} disagrees with the "
                              f"ledger's last cycle {last} ({ledger.path})",
                        f"set \"cycle\": {last}; the ledger is the recovery point for cycle "
                        "numbering", line, column)
