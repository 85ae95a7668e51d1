"""CT84x: Sisyphus — oh-my-opencode's working memory (``.sisyphus/``).

oh-my-opencode's planner (Prometheus) writes each plan to ``.sisyphus/plans/{name}.md``;
``/start-work`` records the plan being worked in ``.sisyphus/boulder.json`` (``active_plan``,
its path; ``plan_name``; ``session_ids``; ``started_at``), which every later session reads to
resume it, and its orchestrator (Atlas) ticks each task's checkbox in the plan as it is done
(src/features/boulder-state/storage.ts, src/hooks/start-work/; at 5dca1a5). These rules say
what the tool itself fails on: a ``boulder.json`` it cannot read (it drops the state, as if no
work were under way) and an active work whose plan is not there (nothing to resume). The
notepads' append-only promise is judged by the history rules (``notepads/`` is a log folder of
the convention's).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from continuity.model.conventions import BOULDER_FILE, SISYPHUS_PLANS
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import Analysis, CheckContext, rule

#: The work status (BoulderWorkStatus) of a work that is over: nothing left to resume.
WORK_DONE = frozenset({"completed"})

#: A path as another machine wrote it: POSIX or Windows absolute (``D:\\x\\.sisyphus\\…``).
_ABSOLUTE = re.compile(r"(?:[A-Za-z]:)?[\\/]")


@dataclass(frozen=True)
class Boulder:
    """``boulder.json`` as the tool reads it: the object, or why it is none."""

    path: str
    state: dict[str, Any] | None
    problem: str | None = None


def read_boulder(path: str, text: str) -> Boulder:
    """The file read as readBoulderState reads it: a JSON object, else nothing (null)."""
    try:
        value = json.loads(text)
    except ValueError as error:
        return Boulder(path, None, f"not valid JSON ({error})")
    if not isinstance(value, dict) or not value:
        return Boulder(path, None, "not a JSON object with the active work")
    return Boulder(path, value)


def _boulder(ctx: CheckContext) -> Boulder | None:
    for state in ctx.tree.state_files:
        if state.name == BOULDER_FILE and state.path == BOULDER_FILE and \
                state.file.text is not None:
            return read_boulder(state.path, state.file.text)
    return None


#: The root's boulder.json, read once for the rules.
BOULDER: Analysis[Boulder | None] = Analysis("boulder", _boulder)


@rule("CT841", "sisyphus-boulder-unreadable", "error", uses=(BOULDER,))
def boulder_unreadable(ctx: CheckContext) -> Iterator[Violation]:
    """Sisyphus's `boulder.json` is not a JSON object.

    `/start-work` records the work under way in `.sisyphus/boulder.json`: which plan, since
    when, in which sessions. Every later session reads it to resume the plan; a file it cannot
    parse (a merge conflict's markers, a hand edit's trailing comma) or an empty object is read
    as no state at all (readBoulderState returns null): the work is forgotten and the next
    `/start-work` starts over.

    **Example**

        {"active_plan": ".sisyphus/plans/add-login.md", "plan_name": "add-login",}

    **Fix**

    Make it one JSON object again (`{"active_plan": ..., "plan_name": ..., "session_ids":
    [...], "started_at": ...}`), or delete it to start the next plan afresh.
    """
    boulder = BOULDER(ctx)
    if boulder is not None and boulder.problem is not None:
        yield Violation(boulder.path, f"oh-my-opencode cannot read boulder.json: "
                        f"{boulder.problem}; the work under way is forgotten",
                        "make it one JSON object, or delete it to start afresh")


def plan_named(root: Path, state: dict[str, Any]) -> tuple[str, Path | None] | None:
    """The active plan ``state`` names, and where it is in this checkout (None: nowhere), or
    None where it names none. An absolute ``active_plan`` is the author's machine's path
    (``/home/…/.sisyphus/plans/x.md``, ``D:\\…``): found by its file name in ``plans/``; a
    relative one from the project's top, as the tool resolves it; else ``plan_name``."""
    active = state.get("active_plan")
    if isinstance(active, str) and active.strip():
        name = re.split(r"[\\/]", active.strip())[-1]
        if not _ABSOLUTE.match(active.strip()):
            relative = root.parent / active.strip()
            if relative.is_file():
                return active.strip(), relative
        found = root / SISYPHUS_PLANS / name
        return active.strip(), found if name and found.is_file() else None
    plan = state.get("plan_name")
    if isinstance(plan, str) and plan.strip() and "/" not in plan and "\\" not in plan:
        found = root / SISYPHUS_PLANS / f"{plan.strip()}.md"
        return plan.strip(), found if found.is_file() else None
    return None


@rule("CT842", "sisyphus-active-plan-missing", "warning", uses=(BOULDER,))
def active_plan_missing(ctx: CheckContext) -> Iterator[Violation]:
    """`boulder.json` names an active plan that `.sisyphus/plans/` does not hold.

    A session resumes the work `boulder.json` records by reading its plan (`active_plan`) and
    counting the plan's checkboxes: a plan removed or renamed leaves nothing to resume, and
    the progress it reports is none. The plan is looked for by its file name in `plans/` (the
    path is the author's machine's: `/home/…/.sisyphus/plans/add-login.md`), a relative path
    from the project's top. A work whose `status` is `completed` is not reported.

    **Example**

        {"active_plan": "/home/ana/app/.sisyphus/plans/add-login.md", "plan_name": "add-login"}
        # and no plans/add-login.md

    **Fix**

    Restore the plan (`git log -- .sisyphus/plans/`), or delete `boulder.json` if the work is
    over.
    """
    boulder = BOULDER(ctx)
    if boulder is None or boulder.state is None or boulder.state.get("status") in WORK_DONE:
        return
    named = plan_named(ctx.tree.root, boulder.state)
    if named is not None and named[1] is None:
        yield Violation(boulder.path, f"the active plan {named[0]!r} is not in "
                        f"{SISYPHUS_PLANS}/: a session has nothing to resume",
                        "restore the plan, or delete boulder.json if the work is over")
