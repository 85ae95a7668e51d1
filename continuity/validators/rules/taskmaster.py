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

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from continuity.formats.jsonl import loads_strict
from continuity.model.conventions import did_you_mean
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import CheckContext, rule

TASKS_FILE = "tasks.json"
STATUSES = ("pending", "in-progress", "done", "review", "deferred", "cancelled", "blocked")
_ID_KEY = re.compile(r'"id"\s*:')


@dataclass
class Task:
    """A task or subtask as the file gives it, with the line its ``"id"`` is on."""

    key: str  # "3" for a task, "3.2" for a subtask
    tag: str
    status: Any
    dependencies: list[tuple[str, ...]]  # each: the keys it may name, the likelier first
    line: int
    subtasks: list[Task] = field(default_factory=list)


@dataclass
class TaskFile:
    path: str
    tasks: list[Task]  # every task and subtask of every tag, in the file's order
    problem: str | None = None  # why the file is no task list, when it is none
    problem_line: int = 1


def _id_lines(text: str) -> list[int]:
    """The line of each ``"id":`` key in the file's order (tasks and subtasks are written
    depth first, each object's id first, as Task Master writes them)."""
    return [text.count("\n", 0, match.start()) + 1 for match in _ID_KEY.finditer(text)]


def _dependency(value: Any, parent: str | None) -> tuple[str, ...]:
    """What a dependency may name, as keys ("3", "3.2"), the likelier first. A subtask's bare
    number names a sibling in Task Master's own handling, and a task in its guidelines'
    examples (`[1, "3.2"]`: task 1 and subtask 3.2), so either is read as meant."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return ()
    text = str(value).strip()
    if not re.fullmatch(r"\d+(\.\d+)?", text):
        return ()
    if parent is not None and "." not in text:
        return (f"{parent}.{text}", text)
    return (text,)


def _tags(document: Any) -> dict[str, list[Any]] | str:
    """Each tag's task list, or why the document is not a task list."""
    if not isinstance(document, dict):
        return "the file is not a JSON object"
    if isinstance(document.get("tasks"), list):  # the legacy form
        return {"master": document["tasks"]}
    tags = {name: value["tasks"] for name, value in document.items()
            if isinstance(value, dict) and isinstance(value.get("tasks"), list)}
    if not tags:
        return 'no task list: neither {"tasks": [...]} nor a tag such as {"master": ' \
               '{"tasks": [...]}}'
    return tags


def read_tasks(ctx: CheckContext) -> list[TaskFile]:
    found = []
    for state in ctx.tree.state_files:
        if state.path.rsplit("/", 1)[-1] != TASKS_FILE or state.file.text is None:
            continue
        text = state.file.text
        try:
            document = loads_strict(text)
        except ValueError as error:
            line = getattr(error, "lineno", 1)
            found.append(TaskFile(state.path, [], f"not valid JSON: {error}", line))
            continue
        tags = _tags(document)
        if isinstance(tags, str):
            found.append(TaskFile(state.path, [], tags))
            continue
        lines = iter(_id_lines(text))
        tasks: list[Task] = []
        for tag, items in tags.items():
            for item in items:
                if not isinstance(item, dict):
                    continue
                task = _task(item, tag, None, lines)
                tasks.append(task)
                for sub in item.get("subtasks") or ():
                    if isinstance(sub, dict):
                        task.subtasks.append(_task(sub, tag, task.key, lines))
        found.append(TaskFile(state.path, tasks))
    return found


def _task(item: dict[str, Any], tag: str, parent: str | None, lines: Iterator[int]) -> Task:
    number = item.get("id")
    own = str(number).strip() if number is not None else "?"
    key = f"{parent}.{own}" if parent is not None else own
    listed = item.get("dependencies")
    depends = [_dependency(value, parent) for value in listed] if isinstance(listed, list) else []
    return Task(key, tag, item.get("status"), [d for d in depends if d],
                next(lines, 1) if "id" in item else 1)


def _resolved(names: tuple[str, ...], task: Task, known: set[tuple[str, str]] | dict[
        tuple[str, str], Task]) -> str | None:
    """The key a dependency names in its task's tag, or None when it names nothing there. A
    reading that would make the task depend on itself gives way to another that exists
    (subtask 2.1's ``1`` is task 1, not itself)."""
    present = [name for name in names if (task.tag, name) in known]
    return next((name for name in present if name != task.key), present[0] if present else None)


def _all(tasks: list[Task]) -> Iterator[Task]:
    for task in tasks:
        yield task
        yield from task.subtasks


def _where(tag: str, tags: set[str]) -> str:
    return f" (tag {tag!r})" if tags - {"master"} else ""


@rule("CT801", "task-master-unreadable", "error")
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
    for task_file in read_tasks(ctx):
        if task_file.problem is not None:
            yield Violation(task_file.path, f"Task Master cannot read this task list: "
                            f"{task_file.problem}", "make it one JSON object holding "
                            '{"master": {"tasks": [...]}}', task_file.problem_line)


@rule("CT802", "task-master-id-repeated", "error")
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
    for task_file in read_tasks(ctx):
        tags = {task.tag for task in task_file.tasks}
        seen: dict[tuple[str, str], Task] = {}
        for task in _all(task_file.tasks):
            first = seen.setdefault((task.tag, task.key), task)
            if first is not task:
                kind = "subtask" if "." in task.key else "task"
                yield Violation(task_file.path, f"{kind} {task.key}{_where(task.tag, tags)} is "
                                f"numbered again (first on line {first.line})",
                                "renumber one and update the dependencies that meant it",
                                task.line)


@rule("CT803", "task-master-dependency-missing", "error")
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
    for task_file in read_tasks(ctx):
        tags = {task.tag for task in task_file.tasks}
        known = {(task.tag, task.key) for task in _all(task_file.tasks)}
        for task in _all(task_file.tasks):
            for names in task.dependencies:
                dependency = _resolved(names, task, known)
                if dependency == task.key:
                    yield Violation(task_file.path, f"task {task.key}{_where(task.tag, tags)} "
                                    "depends on itself: it can never start",
                                    "remove the dependency", task.line)
                elif dependency is None:
                    dependency = names[0]
                    yield Violation(task_file.path, f"task {task.key}{_where(task.tag, tags)} "
                                    f"depends on {dependency}, which this task list does not "
                                    "have: it can never start",
                                    f"remove the dependency on {dependency} or name the task "
                                    "meant (task-master fix-dependencies removes it)", task.line)


@rule("CT804", "task-master-dependency-cycle", "error")
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
    for task_file in read_tasks(ctx):
        tags = {task.tag for task in task_file.tasks}
        by_key = {(task.tag, task.key): task for task in _all(task_file.tasks)}
        reported: set[frozenset[tuple[str, str]]] = set()
        for start in _all(task_file.tasks):
            cycle = _cycle_from(by_key, (start.tag, start.key))
            if cycle is None or frozenset(cycle) in reported:
                continue
            reported.add(frozenset(cycle))
            path = " -> ".join(key for _, key in (*cycle, cycle[0]))
            yield Violation(task_file.path, f"tasks depend on each other in a circle: {path}"
                            f"{_where(start.tag, tags)}; none of them can start",
                            "remove the dependency that points back", start.line)


def _cycle_from(by_key: dict[tuple[str, str], Task],
                start: tuple[str, str]) -> list[tuple[str, str]] | None:
    """The circle through ``start``, if its dependencies lead back to it (a self-dependency is
    CT803's, not a circle)."""
    trail: list[tuple[str, str]] = [start]
    seen = {start}
    stack = [iter(by_key[start].dependencies)]
    while stack:
        names = next(stack[-1], None)
        if names is None:
            stack.pop()
            seen.discard(trail.pop())  # a dead end: another path may still come back
            continue
        dependency = _resolved(names, by_key[trail[-1]], by_key)
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


@rule("CT805", "task-master-status-unknown", "error")
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
    for task_file in read_tasks(ctx):
        tags = {task.tag for task in task_file.tasks}
        for task in _all(task_file.tasks):
            if task.status is None or task.status in STATUSES:
                continue
            shown = task.status if isinstance(task.status, str) else repr(task.status)
            yield Violation(task_file.path, f"task {task.key}{_where(task.tag, tags)} has "
                            f"status {shown!r}, which Task Master does not know"
                            f"{did_you_mean(shown, STATUSES)}",
                            "write pending, in-progress, done, review, deferred or cancelled",
                            task.line)
