"""CT80x: Task Master — the task list an agent plans and works from (``.taskmaster/tasks/tasks.json``).

Task Master keeps every task in one JSON file: the tagged form ``{"master": {"tasks": […],
"metadata": {…}}, "<tag>": {…}}`` (each tag a separate list, ``master`` the default) or the
legacy ``{"tasks": […]}``. A task has an ``id`` (a number, unique in its tag), ``title``,
``status`` (pending, in-progress, done, review, deferred, cancelled), ``dependencies`` (ids of
tasks of its tag, or ``"3.2"`` for subtask 2 of task 3) and ``subtasks``, whose ids are
unique in their task and whose dependencies name a sibling by its number or any subtask as
``"parent.sub"``. The agent reads the file to pick the next task: a dependency on nothing, a
cycle or an unknown status leaves it picking wrong. ``task-master validate-dependencies``
reports the same dependency faults (missing, self and circular); these rules say them in CI.
Judged where a root follows Task Master's convention (``.taskmaster/tasks``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from continuity.model.conventions import did_you_mean
from continuity.model.task_list import STATUSES, TASKS_FILE, Task, TaskList, parse_task_list
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import Analysis, CheckContext, rule


@dataclass(frozen=True)
class TaskFile:
    path: str
    tasks: TaskList


#: The root's task lists, each parsed once for the five rules.
TASK_FILES: Analysis[tuple[TaskFile, ...]] = Analysis("task lists", lambda ctx: tuple(
    TaskFile(state.path, parse_task_list(state.file.text)) for state in ctx.tree.state_files
    if state.name == TASKS_FILE and state.file.text is not None))


def _where(task: Task, tags: list[str]) -> str:
    return f" (tag {task.tag!r})" if set(tags) - {"master"} else ""


@rule("CT801", "task-master-unreadable", "error", uses=(TASK_FILES,))
def task_list_unreadable(ctx: CheckContext) -> Iterator[Violation]:
    """Task Master's `tasks.json` is not valid JSON, or holds no task list.

    Task Master reads the whole file to list, pick and update tasks; a file it cannot parse (a
    merge conflict's markers, a trailing comma from a hand edit) stops every command, and the
    agent plans from nothing.

    **Example**

        <<<<<<< HEAD
          "status": "done",
        =======
          "status": "in-progress",
        >>>>>>> feature

    **Fix**

    Resolve the edit so the file is one JSON object: `{"master": {"tasks": [...]}}` (or the
    legacy `{"tasks": [...]}`); `task-master list` reads it again.
    """
    for task_file in TASK_FILES(ctx):
        if task_file.tasks.problem is not None:
            yield Violation(task_file.path, f"Task Master cannot read this task list: "
                            f"{task_file.tasks.problem}", "make it one JSON object holding "
                            '{"master": {"tasks": [...]}}', task_file.tasks.problem_line)


@rule("CT802", "task-master-id-repeated", "error", uses=(TASK_FILES,))
def task_id_repeated(ctx: CheckContext) -> Iterator[Violation]:
    """Two tasks of one tag (or two subtasks of one task) have the same `id`.

    Task Master finds a task by its id (`task-master show 4`, `set-status --id=4.2`) and the
    dependencies name ids: with two tasks numbered alike, one of them is never shown, and a
    dependency on that number means either.

    **Example**

        {"id": 4, "title": "Parser"}, {"id": 4, "title": "Writer"}

    **Fix**

    Renumber one (`task-master move --from=4 --to=9` moves it with its subtasks) and update
    the dependencies that meant it.
    """
    for task_file in TASK_FILES(ctx):
        tags = task_file.tasks.tags
        seen: dict[tuple[str, str], Task] = {}
        for task in task_file.tasks.every():
            first = seen.setdefault((task.tag, task.key), task)
            if first is not task:
                kind = "subtask" if "." in task.key else "task"
                yield Violation(task_file.path, f"{kind} {task.key}{_where(task, tags)} is "
                                f"numbered again (first on line {first.line})",
                                "renumber one and update the dependencies that meant it",
                                task.line)


@rule("CT803", "task-master-dependency-missing", "error", uses=(TASK_FILES,))
def task_dependency_missing(ctx: CheckContext) -> Iterator[Violation]:
    """A task depends on a task or subtask its tag does not have, or on itself.

    Task Master starts a task when its dependencies are done: one on a number no task has
    (a task removed, a list renumbered) can never be done, so the task waits for ever, and one
    on itself is the same. `task-master validate-dependencies` reports both.

    **Example**

        {"id": 2, "title": "Models", "dependencies": [1, 7]}     # there is no task 7

    **Fix**

    Remove the dependency or point it at the task meant (`task-master remove-dependency
    --id=2 --depends-on=7`; `task-master fix-dependencies` removes every one that names
    nothing).
    """
    for task_file in TASK_FILES(ctx):
        tags = task_file.tasks.tags
        for task in task_file.tasks.every():
            for names in task.dependencies:
                dependency = task_file.tasks.resolved(names, task)
                if dependency == task.key:
                    yield Violation(task_file.path, f"task {task.key}{_where(task, tags)} "
                                    "depends on itself: it can never start",
                                    "remove the dependency", task.line)
                elif dependency is None:
                    dependency = names[0]
                    yield Violation(task_file.path, f"task {task.key}{_where(task, tags)} "
                                    f"depends on {dependency}, which this task list does not "
                                    "have: it can never start",
                                    f"remove the dependency on {dependency} or name the task "
                                    "meant (task-master fix-dependencies removes it)", task.line)


@rule("CT804", "task-master-dependency-cycle", "error", uses=(TASK_FILES,))
def task_dependency_cycle(ctx: CheckContext) -> Iterator[Violation]:
    """Tasks depend on each other in a circle.

    Each waits for the next to be done, so none of them can start; `task-master
    validate-dependencies` calls it a circular dependency. Reported once per circle, at its
    first task in the file.

    **Example**

        {"id": 3, "dependencies": [5]}, {"id": 5, "dependencies": [3]}

    **Fix**

    Remove the dependency that points back (`task-master remove-dependency --id=5
    --depends-on=3`).
    """
    for task_file in TASK_FILES(ctx):
        tags = task_file.tasks.tags
        reported: set[frozenset[tuple[str, str]]] = set()
        for start in task_file.tasks.every():
            cycle = _cycle_from(task_file.tasks, start)
            if cycle is None or frozenset(cycle) in reported:
                continue
            reported.add(frozenset(cycle))
            path = " -> ".join(key for _, key in (*cycle, cycle[0]))
            yield Violation(task_file.path, f"tasks depend on each other in a circle: {path}"
                            f"{_where(start, tags)}; none of them can start",
                            "remove the dependency that points back", start.line)


def _cycle_from(tasks: TaskList, task: Task) -> list[tuple[str, str]] | None:
    """The circle through ``task``, if its dependencies lead back to it (a self-dependency is
    CT803's, not a circle)."""
    by_key = tasks.known
    start = (task.tag, task.key)
    trail: list[tuple[str, str]] = [start]
    seen = {start}
    stack = [iter(by_key[start].dependencies)]
    while stack:
        names = next(stack[-1], None)
        if names is None:
            stack.pop()
            seen.discard(trail.pop())  # a dead end: another path may still come back
            continue
        dependency = tasks.resolved(names, by_key[trail[-1]])
        if dependency is None:
            continue
        key = (start[0], dependency)
        if key == start and len(trail) > 1:
            return trail
        if key in seen or key not in by_key:
            continue
        trail.append(key)
        seen.add(key)
        stack.append(iter(by_key[key].dependencies))
    return None


@rule("CT805", "task-master-status-unknown", "error", uses=(TASK_FILES,))
def task_status_unknown(ctx: CheckContext) -> Iterator[Violation]:
    """A task's `status` is not one Task Master knows.

    Task Master picks the next task among those `pending` whose dependencies are `done`, and
    counts progress by status: a status it does not know (`todo`, `completed`, `Done`) is
    neither, so the task is never picked and never counted.

    **Example**

        {"id": 3, "title": "Config", "status": "completed"}

    **Fix**

    Write one of pending, in-progress, done, review, deferred, cancelled
    (`task-master set-status --id=3 --status=done`).
    """
    for task_file in TASK_FILES(ctx):
        tags = task_file.tasks.tags
        for task in task_file.tasks.every():
            if task.status is None or task.status in STATUSES:
                continue
            shown = task.status if isinstance(task.status, str) else repr(task.status)
            yield Violation(task_file.path, f"task {task.key}{_where(task, tags)} has "
                            f"status {shown!r}, which Task Master does not know"
                            f"{did_you_mean(shown, STATUSES)}",
                            "write pending, in-progress, done, review, deferred or cancelled",
                            task.line)
