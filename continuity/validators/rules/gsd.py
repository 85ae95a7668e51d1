"""CT73x: GSD planning — STATE.md's own fields, by GSD's state template. Judged only where the
root follows GSD's convention (``continuity.model.conventions``): GSD rewrites STATE.md by
design, and its status is a frontmatter field, not a section."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from typing import Any

from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule

#: "Keep STATE.md under 100 lines. It's a DIGEST, not an archive" (templates/state.md).
STATE_LINES = 100
#: (completed, total) pairs of the frontmatter's ``progress``.
PAIRS = (("completed_phases", "total_phases"), ("completed_plans", "total_plans"))


def _number(value: Any) -> float | None:
    """A count or percent as written (the frontmatter keeps scalars as text)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip().rstrip("%"))
        except ValueError:
            return None
    return None


def _parses(value: Any) -> bool:
    if isinstance(value, (dt.date, dt.datetime)):
        return True
    if not isinstance(value, str):
        return False
    try:
        dt.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


@rule("CT731", "gsd-state-fields", "error")
def gsd_state_fields(ctx: CheckContext) -> Iterator[Violation]:
    """GSD's STATE.md frontmatter contradicts itself: progress counts or last_updated.

    GSD's tools write STATE.md's frontmatter (`gsd_state_version`, `status`, `last_updated`,
    `progress: {total_phases, completed_phases, total_plans, completed_plans, percent}`) and read
    it back to resume. Completed above total, a percent that is neither plans nor phases done,
    or a `last_updated` that is no ISO 8601 date makes the resumed position wrong.

    **Example**

        progress:
          total_plans: 8
          completed_plans: 9     # more done than there are
          percent: 40            # 9/8 is not 40%

    **Fix**

    Let GSD's own command rewrite the state (`/gsd:progress`), or correct the counts to the
    phases/ directory.
    """
    state = ctx.tree.state_file("STATE.md")
    if state is None or state.document is None or not state.document.frontmatter.present:
        return
    front = state.document.frontmatter
    data = front.data

    def at(key: str) -> int:
        position = front.positions.get(key)
        return getattr(position, "line", 1) or 1

    progress = data.get("progress")
    if isinstance(progress, dict):
        ratios, exceeded = [], False
        for done_key, total_key in PAIRS:
            done, total = _number(progress.get(done_key)), _number(progress.get(total_key))
            if done is None or total is None:
                continue
            if done > total:
                exceeded = True
                yield Violation(state.path, f"progress: {done_key} {done:g} exceeds "
                                f"{total_key} {total:g}", "correct the counts to phases/",
                                at("progress"))
            elif total:
                ratios.append(100 * done / total)
        percent = _number(progress.get("percent"))
        if percent is not None and ratios and not exceeded and \
                all(abs(percent - ratio) > 1.0 for ratio in ratios):
            shown = " or ".join(f"{ratio:.0f}" for ratio in ratios)
            yield Violation(state.path, f"progress: percent {percent:g} is not what the counts "
                            f"give ({shown})", "correct percent: completed plans / total plans "
                            "x 100", at("progress"))
    if "last_updated" in data and data["last_updated"] is not None and \
            not _parses(data["last_updated"]):
        yield Violation(state.path, f"last_updated {str(data['last_updated'])[:40]!r} is not "
                        "an ISO 8601 date-time", "write it as 2026-06-27T14:30:00Z",
                        at("last_updated"))


@rule("CT732", "gsd-state-length", "warning")
def gsd_state_length(ctx: CheckContext) -> Iterator[Violation]:
    """GSD's STATE.md is longer than its template allows (100 lines).

    GSD's state template: "Keep STATE.md under 100 lines. It's a DIGEST, not an archive".
    Every GSD command reads it first; what grows there belongs in the phases' summaries.

    **Example**

        .planning/STATE.md: 164 lines

    **Fix**

    Move the accumulated decisions and history into the phase SUMMARY files or milestones/,
    keeping the current position and session continuity.
    """
    state = ctx.tree.state_file("STATE.md")
    text = state.file.text if state is not None else None
    if state is None or text is None:
        return
    count = len(text.rstrip("\n").split("\n"))
    if count > STATE_LINES:
        yield Violation(state.path, f"STATE.md is {count} lines; GSD keeps it under "
                        f"{STATE_LINES} (a digest, not an archive)",
                        "move history into the phases' SUMMARY files", STATE_LINES + 1, 1)
