"""A Task Master task list as its users read it (``task-master list``): per tag, how many
tasks are done, then each task with its status, priority and dependencies, its subtasks
beneath it. Every value from the file is escaped as text; a status is a badge whose tone comes
from a fixed list (generator/badges.py), never from the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from continuity.formats.words import plural
from continuity.generator import badges, mdtext
from continuity.generator.shapes import Card, LivingSection, Shape, StatePage, register
from continuity.model.task_list import TASKS_FILE, Task, TaskList, parse_task_list

if TYPE_CHECKING:
    from continuity.generator.context import SiteContext
    from continuity.model.tree import MemoryTree, StateFile

#: Rows shown per tag; a list longer than that says how many more the file holds.
SHOWN_TASKS = 500


def progress_line(tasks: TaskList) -> str:
    """"12 of 30 tasks done" (per tag when the file has several), for the home page's card."""
    tags = tasks.tags
    parts = []
    for tag in tags:
        done, total = tasks.progress(tag)
        words = f"{done} of {plural(total, 'task')} done"
        parts.append(f"{tag}: {words}" if len(tags) > 1 else words)
    return "; ".join(parts) or "no tasks"


def task_list_body(tasks: TaskList) -> str:
    """The page's Markdown body: the tables of its tags, or why the file is no task list."""
    if tasks.problem is not None:
        return f"*Task Master cannot read this task list: {mdtext.inline(tasks.problem)}.*"
    out: list[str] = []
    tags = tasks.tags
    if not tags:
        return "*The task list holds no task yet.*"
    for tag in tags:
        done, total = tasks.progress(tag)
        if len(tags) > 1:
            out += [f"## Tag {mdtext.inline(tag)}", ""]
        out += [f"{done} of {plural(total, 'task')} done.", "",
                "| ID | Task | Status | Priority | Depends on |",
                "|---|---|---|---|---|"]
        rows = [row for task in tasks.tasks if task.tag == tag
                for row in (task, *task.subtasks)]
        for task in rows[:SHOWN_TASKS]:
            out.append(_row(task, tasks))
        if len(rows) > SHOWN_TASKS:
            out += ["", f"*{plural(len(rows) - SHOWN_TASKS, 'more task')} in the file.*"]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _row(task: Task, tasks: TaskList) -> str:
    indent = "&emsp;" if "." in task.key else ""
    status = task.status_word
    shown = badges.badge(mdtext.inline(status), status) if status else ""
    depends = ", ".join(mdtext.inline(tasks.resolved(names, task) or names[0])
                        for names in task.dependencies)
    return (f"| {mdtext.inline(task.key)} | {indent}{mdtext.inline(task.title)} | {shown} | "
            f"{mdtext.inline(task.priority)} | {depends} |")


def home_cards(tree: MemoryTree, pages: Mapping[str, str | None]) -> LivingSection:
    """Each task list with how many of its tasks are done."""
    made = []
    for state in tree.state_files:
        text = state.file.text
        progress = progress_line(parse_task_list(text)) if state.name == TASKS_FILE and \
            text is not None else ""
        made.append(Card(state.path, pages.get(state.path), state.name, kind=progress))
    return LivingSection("Task lists", "The tasks the agent plans and works from, as Task "
                         "Master keeps them.", tuple(made), kind_heading="Progress")


def own_page(_ctx: SiteContext, state: StateFile) -> StatePage | None:
    """tasks.json as ``task-master list`` shows it; any other file as the site shows it."""
    read = state.file.read
    if state.name != TASKS_FILE or read is None or read.text is None:
        return None
    return f"# {mdtext.inline(state.name)}", task_list_body(parse_task_list(read.text)), []


register(Shape("tasks", "Task lists", home_cards, own_page))
