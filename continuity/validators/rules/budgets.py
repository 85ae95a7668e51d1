"""CT112: a state file that has outgrown the budget set for it (``state_budget``).

State files are what an agent loads every time it resumes; the protocol asks that they stay
small enough to load, and that a file growing too large nest ("When state files grow too
large": a 500-line STATE.md becomes a 20-line index over child state files). Off unless the
option is set.
"""

from __future__ import annotations

import fnmatch
import math
from collections.abc import Iterator

from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule

#: Tokens are estimated as characters / 4, the usual rule of thumb for English prose and
#: Markdown in the tokenisers of current models.
CHARS_PER_TOKEN = 4


def budgets_for(name: str, budgets: dict[str, tuple[tuple[int, str], ...]]
                ) -> tuple[tuple[int, str], ...]:
    """The limits for the state file ``name``: its own entry (``STATE.md`` or ``STATE``), else
    the longest glob that matches it (``*`` last)."""
    stem = name[:-3] if name.endswith(".md") else name
    for key in (name, stem):
        if key in budgets:
            return budgets[key]
    matching = [key for key in budgets if fnmatch.fnmatchcase(name, key)]
    return budgets[max(matching, key=len)] if matching else ()


def measure(text: str, unit: str) -> int:
    if unit == "lines":
        return text.count("\n") + (1 if text and not text.endswith("\n") else 0)
    if unit == "tokens":
        return math.ceil(len(text) / CHARS_PER_TOKEN)
    return len(text)


def crossing_line(text: str, limit: int, unit: str) -> int:
    """The first line that takes the file over ``limit``."""
    if unit == "lines":
        return limit + 1
    chars = limit * CHARS_PER_TOKEN if unit == "tokens" else limit
    return text.count("\n", 0, chars) + 1


@rule("CT112", "state-budget", "warning")
def state_budget(ctx: CheckContext) -> Iterator[Violation]:
    """A state file is larger than the `state_budget` set for it.

    State files are loaded whole every time an agent resumes; one that keeps growing crowds
    out the work, and the protocol asks that it nest before it gets there. The option sets a
    budget in lines, approximate tokens (characters / 4) or characters, for one state file or
    for all: `state_budget = {"STATE.md" = "200 lines", "*" = "4000 tokens"}` (a file's own
    entry wins over a glob; a list sets several limits). Off unless configured; `continuity
    init` writes a commented default. The protocol's own numbers: its split example turns a
    500-line STATE.md into a 20-line index, and its Hermes memories budget ~2,200 characters
    (MEMORY.md) and ~1,375 (USER.md).

    **Example**

        # pyproject.toml
        [tool.continuity]
        state_budget = {"STATE.md" = "200 lines"}
        # STATE.md has 640 lines: months of finished work kept inline

    **Fix**

    Move history out (finished tasks to completed/, old states to snapshots/, narrative to
    journal/), or nest: keep the file as a short index and move each project's detail into
    its own child state file (`project-a/STATE.md`). Raise the budget only if the agent really
    loads that much.
    """
    budgets = ctx.config.state_budget
    if not budgets:
        return
    for state in ctx.tree.state_files:
        text = state.file.text
        if text is None:
            continue  # unreadable (CT210) or skipped (CT602, CT603)
        for limit, unit in budgets_for(state.name, budgets):
            size = measure(text, unit)
            if size <= limit:
                continue
            shown = "approximate tokens" if unit == "tokens" else unit
            yield Violation(
                state.path,
                f"{state.name} is {size:,} {shown}, over its budget of {limit:,} {unit} "
                "(state_budget)",
                "move history out (completed/, snapshots/, journal/) or nest: keep "
                f"{state.name} a short index over child state files",
                crossing_line(text, limit, unit))
