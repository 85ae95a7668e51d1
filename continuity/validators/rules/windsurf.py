"""CT78x: Windsurf rules (``.windsurf/rules/*.md``, the legacy ``.windsurfrules``).

Windsurf's documentation: a rule's activation is its frontmatter ``trigger``, one of
``always_on``, ``manual``, ``model_decision`` (by its ``description``) or ``glob`` (by its
``globs``); "each rule file is limited to 12,000 characters" (the legacy single file and the
global rules, 6,000). Judged where a root follows Windsurf's convention (the folder), and
``.windsurfrules`` where a root follows the instruction files'.
"""

from __future__ import annotations

from collections.abc import Iterator

from continuity.model.conventions import did_you_mean
from continuity.model.load_window import Budget, load_window
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule
from continuity.validators.rules.rule_files import front_fields

TRIGGERS = ("always_on", "manual", "model_decision", "glob")
RULE_FILE = Budget("Windsurf", chars=12_000)
LEGACY = ".windsurfrules"
LEGACY_FILE = Budget("Windsurf", chars=6_000)


@rule("CT781", "windsurf-trigger", "error")
def windsurf_trigger(ctx: CheckContext) -> Iterator[Violation]:
    """A Windsurf rule's `trigger` is not one Windsurf knows, or lacks what it needs.

    Windsurf activates a rule `always_on`, `manual`ly (@-mentioned), by `model_decision`
    (from its `description`) or by `glob` (from its `globs`): another value, a `glob` rule
    without globs or a `model_decision` rule without a description never activates as meant.

    **Example**

        ---
        trigger: glob          # no globs: never activated
        ---

    **Fix**

    Write one of always_on, manual, model_decision, glob, with the `globs` or `description`
    that trigger needs.
    """
    for state in ctx.tree.state_files:
        fields = front_fields(state.file.text or "")
        if fields is None or "trigger" not in fields[0]:
            continue
        values, lines = fields
        trigger = values["trigger"]
        if trigger not in TRIGGERS:
            yield Violation(state.path, f"trigger: {trigger!r} is not one of Windsurf's "
                            f"({', '.join(TRIGGERS)}){did_you_mean(trigger, TRIGGERS)}",
                            "write always_on, manual, model_decision or glob",
                            lines["trigger"], 1)
        elif trigger == "glob" and not values.get("globs"):
            yield Violation(state.path, "trigger: glob with no globs: Windsurf never "
                            "activates this rule", "add globs: \"src/**/*.ts\"",
                            lines["trigger"], 1)
        elif trigger == "model_decision" and not values.get("description"):
            yield Violation(state.path, "trigger: model_decision with no description: "
                            "Windsurf has nothing to decide by", "add a description: of when "
                            "the rule applies", lines["trigger"], 1)


@rule("CT782", "windsurf-over-load", "warning")
def windsurf_over_load(ctx: CheckContext) -> Iterator[Violation]:
    """A Windsurf rule file is longer than Windsurf reads (12,000 characters, or 6,000).

    Windsurf limits each rule file to 12,000 characters (the legacy `.windsurfrules` and the
    global rules to 6,000): the text past the limit is not given to Cascade. Reported at the
    first line not loaded, naming the lines past it.

    **Example**

        .windsurf/rules/backend.md: 14,200 characters   # lines 180-221 are not loaded

    **Fix**

    Split the file into rules by topic, each with its own trigger.
    """
    for state in ctx.tree.state_files:
        text = state.file.text
        if text is None:
            continue
        if state.name == LEGACY:
            budget = LEGACY_FILE
        elif state.name.endswith(".md") and ctx.tree.convention is not None and \
                ctx.tree.convention.name == "windsurf":
            budget = RULE_FILE
        else:
            continue
        window = load_window(text, budget)
        if not window.loaded:
            yield Violation(state.path, window.describe(state.name, budget),
                            "split the file into rules by topic, each with its own trigger",
                            window.first_outside or 1, 1)
