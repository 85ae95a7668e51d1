"""A Backlog.md board as its users read it (``backlog board``, ``backlog task list``): the
active tasks by status, in the order config.yml lists the statuses (a status it does not list
after them, as Backlog.md adds its column), each task with its priority, assignee, labels and
dependencies, each linked to its page; then the drafts and how many tasks are completed or
archived. Every value from the files is escaped as text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from continuity.formats.words import plural
from continuity.generator import mdtext
from continuity.generator.shapes import Card, LivingSection, Shape, StatePage, register
from continuity.model.backlog import Backlog, BacklogTask, read_tree
from continuity.model.conventions import BACKLOG_CONFIGS

if TYPE_CHECKING:
    from continuity.generator.context import SiteContext
    from continuity.model.tree import MemoryTree, StateFile

#: Rows shown per column; a longer column says how many more the board holds.
SHOWN_TASKS = 500


def board_progress(backlog: Backlog) -> str:
    """"12 of 30 tasks done" (completed/ counts as done), for the home page's card."""
    tasks = list(backlog.in_folder("tasks", "completed"))
    done = sum(1 for task in tasks if backlog.is_done(task))
    return f"{done} of {plural(len(tasks), 'task')} done" if tasks else "no tasks"


def board_body(backlog: Backlog, page: str, page_of: Callable[[str], str | None]) -> str:
    """The board's Markdown body, linked from ``page`` to each task's page."""
    active = list(backlog.in_folder("tasks"))
    columns: dict[str, list[BacklogTask]] = {status: [] for status in backlog.statuses}
    for task in active:
        columns.setdefault(backlog.column_of(task) or "No status", []).append(task)
    out = [f"{board_progress(backlog)}.", ""]
    for status, tasks in columns.items():
        out += [f"## {mdtext.inline(status)} ({len(tasks)})", ""]
        if tasks:
            out += _table(backlog, sorted(tasks, key=_id_order), page, page_of)
    drafts = sorted(backlog.in_folder("drafts"), key=_id_order)
    if drafts:
        out += [f"## Drafts ({len(drafts)})", ""] + _table(backlog, drafts, page, page_of)
    completed = sum(1 for _ in backlog.in_folder("completed"))
    archived = sum(1 for _ in backlog.in_folder("archive/tasks", "archive/drafts"))
    if completed or archived:
        out += [f"*{plural(completed, 'task')} completed, {archived} archived.*", ""]
    return "\n".join(out).rstrip() + "\n"


def _table(backlog: Backlog, tasks: list[BacklogTask], page: str,
           page_of: Callable[[str], str | None]) -> list[str]:
    rows = ["| ID | Task | Priority | Assignee | Labels | Depends on |",
            "|---|---|---|---|---|---|"]
    for task in tasks[:SHOWN_TASKS]:
        depends = ", ".join(_dependency(backlog, name, page, page_of)
                            for name in task.dependencies)
        label = task.raw_id or task.file_id or task.path.rsplit("/", 1)[-1]
        rows.append(f"| {mdtext.link(label, page, page_of(task.path))} | "
                    f"{mdtext.inline(task.title)} | {mdtext.inline(task.priority)} | "
                    f"{mdtext.inline(', '.join(task.assignee))} | "
                    f"{mdtext.inline(', '.join(task.labels))} | {depends} |")
    if len(tasks) > SHOWN_TASKS:
        rows += ["", f"*{plural(len(tasks) - SHOWN_TASKS, 'more task')}.*"]
    return [*rows, ""]


def _dependency(backlog: Backlog, name: str, page: str,
                page_of: Callable[[str], str | None]) -> str:
    found = backlog.named(name)
    return mdtext.link(name, page, page_of(found[0].path) if found else None)


def _id_order(task: BacklogTask) -> tuple[tuple[int, ...], str]:
    """Backlog.md's order: by the id's numbers (task-2 before task-10, 3.2 after 3)."""
    numbers = re.findall(r"\d+", task.raw_id or task.file_id or "")
    return tuple(int(n) for n in numbers), task.path


def home_cards(tree: MemoryTree, pages: Mapping[str, str | None]) -> LivingSection:
    """The board (config.yml's page) with how many tasks are done."""
    progress = board_progress(read_tree(tree))
    made = tuple(Card(state.path, pages.get(state.path), "Board" if state.name in BACKLOG_CONFIGS
                      else state.name, kind=progress if state.name in BACKLOG_CONFIGS else "")
                 for state in tree.state_files)
    return LivingSection("Board", "The tasks the agent and its people plan from, by status, "
                         "as Backlog.md keeps them.", made, kind_heading="Progress")


def own_page(ctx: SiteContext, state: StateFile) -> StatePage | None:
    """config.yml's page is the board; any other file as the site shows it."""
    if state.name not in BACKLOG_CONFIGS:
        return None
    here = ctx.layout.page_of(state.path) or ""
    return "# Board", board_body(read_tree(ctx.tree), here, ctx.layout.page_of), []


register(Shape("board", "Board", home_cards, own_page, page_title="Board"))
