"""CT76x: Cursor rules (``.cursor/rules/*.mdc``) — the frontmatter Cursor reads.

Cursor's documentation gives a rule's metadata as ``description`` (text), ``globs`` (file
patterns) and ``alwaysApply`` (a boolean): together they make a rule Always, Auto Attached,
Agent Requested or Manual. Judged where a root follows Cursor's convention.
"""

from __future__ import annotations

from collections.abc import Iterator

from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule
from continuity.validators.rules.rule_files import front_fields


@rule("CT761", "mdc-always-apply", "error")
def mdc_always_apply(ctx: CheckContext) -> Iterator[Violation]:
    """A Cursor rule's `alwaysApply` is not a boolean.

    Cursor reads `alwaysApply: true` (the rule is in every request) or `false` (attached by
    its globs or description); another value (`yes`, `always`, a quoted `"true"` written by
    hand) is not the boolean the rule type is decided by.

    **Example**

        ---
        description: API conventions
        alwaysApply: always
        ---

    **Fix**

    Write `alwaysApply: true` or `alwaysApply: false`.
    """
    for state in ctx.tree.state_files:
        if not state.name.endswith(".mdc"):
            continue
        fields = front_fields(state.file.text or "")
        if fields is None or "alwaysApply" not in fields[0]:
            continue
        value = fields[0]["alwaysApply"]
        if value == "" or value.lower() in ("true", "false"):
            continue
        yield Violation(state.path, f"alwaysApply: {value!r} is not a boolean: Cursor decides "
                        "the rule's type by true or false", "write alwaysApply: true or false",
                        fields[1]["alwaysApply"], 1)
