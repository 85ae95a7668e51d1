"""A Task Master task list (``.taskmaster/tasks/tasks.json``) read as Task Master reads it.

The file is the tagged form ``{"master": {"tasks": […], "metadata": {…}}, "<tag>": {…}}``
(each tag a list of its own, ``master`` the default) or the legacy ``{"tasks": […]}``. A task
has an ``id`` (a number, unique in its tag), ``title``, ``status``, ``priority``,
``dependencies`` (ids of tasks of its tag, or ``"3.2"`` for subtask 2 of task 3) and
``subtasks``, whose ids are unique in their task. A subtask's bare number names a sibling in
Task Master's own handling and a task in its guidelines' examples (``[1, "3.2"]``: task 1 and
subtask 3.2), so both readings are kept, the sibling first. Plain data for the CT80x rules and
the site's task pages.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from continuity.formats.jsonl import loads_strict

#: The file Task Master keeps its tasks in, in ``.taskmaster/tasks/``.
TASKS_FILE = "tasks.json"
#: The statuses Task Master knows (its TASK_STATUS_OPTIONS; ``blocked`` in later releases).
STATUSES = ("pending", "in-progress", "done", "review", "deferred", "cancelled", "blocked")
_ID_KEY = re.compile(r'"id"\s*:')
_NUMBER = re.compile(r"\d+(\.\d+)?")


@dataclass
class Task:
    """A task or subtask as the file gives it, with the line its ``"id"`` is on."""

    key: str  # "3" for a task, "3.2" for a subtask
    tag: str
    title: str
    status: Any  # as written: a string Task Master may not know, or another JSON value
    priority: str
    dependencies: list[tuple[str, ...]]  # each: the keys it may name, the likelier first
    line: int
    subtasks: list[Task] = field(default_factory=list)

    @property
    def status_word(self) -> str:
        return self.status if isinstance(self.status, str) else ""


@dataclass
class TaskList:
    tasks: list[Task]  # the tasks of every tag in the file's order, each with its subtasks
    problem: str | None = None  # why the text is no task list, when it is none
    problem_line: int = 1

    @property
    def tags(self) -> list[str]:
        return list(dict.fromkeys(task.tag for task in self.tasks))

    def every(self) -> Iterator[Task]:
        """Every task and subtask, in the file's order."""
        for task in self.tasks:
            yield task
            yield from task.subtasks

    @cached_property
    def known(self) -> dict[tuple[str, str], Task]:
        """Each task and subtask by (tag, key); the first of two with one id."""
        known: dict[tuple[str, str], Task] = {}
        for task in self.every():
            known.setdefault((task.tag, task.key), task)
        return known

    def resolved(self, names: tuple[str, ...], task: Task) -> str | None:
        """The key a dependency of ``task`` names in its tag, or None when it names nothing
        there. A reading that makes the task depend on itself gives way to another that
        exists (subtask 2.1's ``1`` is task 1, not itself)."""
        present = [name for name in names if (task.tag, name) in self.known]
        return next((name for name in present if name != task.key),
                    present[0] if present else None)

    def progress(self, tag: str) -> tuple[int, int]:
        """(done, all) of a tag's top-level tasks."""
        statuses = Counter(task.status_word for task in self.tasks if task.tag == tag)
        return statuses["done"], sum(statuses.values())


def parse_task_list(text: str) -> TaskList:
    if not text.strip():
        return TaskList([], "the file is empty (emptied, or never written)")
    try:
        document = loads_strict(text)
    except ValueError as error:
        return TaskList([], f"not valid JSON: {error}", getattr(error, "lineno", 1))
    tags = _tags(document)
    if isinstance(tags, str):
        return TaskList([], tags)
    lines = iter(_id_lines(text))
    tasks: list[Task] = []
    for tag, items in tags.items():
        for item in items:
            if not isinstance(item, dict):
                continue
            task = _task(item, tag, None, lines)
            tasks.append(task)
            subtasks = item.get("subtasks")
            for sub in subtasks if isinstance(subtasks, list) else ():
                if isinstance(sub, dict):
                    task.subtasks.append(_task(sub, tag, task.key, lines))
    return TaskList(tasks)


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


def _id_lines(text: str) -> list[int]:
    """The line of each ``"id":`` key in the file's order (tasks and subtasks are written
    depth first, each object's id first, as Task Master writes them)."""
    return [text.count("\n", 0, match.start()) + 1 for match in _ID_KEY.finditer(text)]


def _dependency(value: Any, parent: str | None) -> tuple[str, ...]:
    """What a dependency may name, as keys ("3", "3.2"), the likelier first."""
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return ()
    text = str(value).strip()
    if not _NUMBER.fullmatch(text):
        return ()
    if parent is not None and "." not in text:
        return (f"{parent}.{text}", text)
    return (text,)


def _task(item: dict[str, Any], tag: str, parent: str | None, lines: Iterator[int]) -> Task:
    number = item.get("id")
    own = str(number).strip() if number is not None else "?"
    key = f"{parent}.{own}" if parent is not None else own
    listed = item.get("dependencies")
    depends = [_dependency(value, parent) for value in listed] if isinstance(listed, list) else []
    title, priority = item.get("title"), item.get("priority")
    return Task(key, tag, title if isinstance(title, str) else "", item.get("status"),
                priority if isinstance(priority, str) else "", [d for d in depends if d],
                next(lines, 1) if "id" in item else 1)
