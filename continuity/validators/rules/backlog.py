"""CT81x: Backlog.md — tasks an agent and its people plan from, one Markdown file each (``backlog/``).

Backlog.md (github.com/MrLesk/Backlog.md) keeps each task as ``backlog/tasks/task-12 - Title.md``
with YAML frontmatter (``id``, ``title``, ``status``, ``assignee``, ``labels``,
``dependencies``, ``parent_task_id``, ``priority``), drafts in ``drafts/``, tasks done and moved
off the board in ``completed/``, archived ones in ``archive/tasks/``, and ``decisions/`` and
``docs/`` beside them; ``config.yml`` lists the board's statuses. These rules say what Backlog.md
itself would drop, refuse or read wrongly: a file it cannot parse (left out of every list
without a word), two files with one id (``backlog doctor``), a dependency or parent that names
no task (never ready: "Unknown dependency"), a status the board has no column for, a file
named for another id than its own. Judged where a root follows Backlog.md (``backlog/``).
"""

from __future__ import annotations

from collections.abc import Iterator

from continuity.model.backlog import Backlog, BacklogNote, BacklogTask, TaskId, read_tree
from continuity.model.conventions import did_you_mean
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import Analysis, CheckContext, rule

#: The root's Backlog.md tree, read once for the five rules.
BACKLOG_TREE: Analysis[Backlog] = Analysis("Backlog.md tree", lambda ctx: read_tree(ctx.tree))


@rule("CT811", "backlog-file-unreadable", "error", uses=(BACKLOG_TREE,))
def backlog_file_unreadable(ctx: CheckContext) -> Iterator[Violation]:
    """A Backlog.md task, decision or document whose frontmatter does not parse, or no `id`.

    Backlog.md parses each file's frontmatter as YAML (a key written twice is an error too) and
    leaves a file that fails out of every list without a word: the task is on no board, in no
    `backlog task list`, and no dependency on it resolves. A task with no `id` is listed with
    none, so no command can name it.

    **Example**

        ---
        id: task-7
        title: Parser: handle tabs      # a second ": " in a plain value
        status: To Do
        ---

    **Fix**

    Quote the value (`title: "Parser: handle tabs"`), remove the repeated key, or give the task
    its `id:`; `backlog task list` shows it again.
    """
    tree = BACKLOG_TREE(ctx)
    items: list[BacklogTask | BacklogNote] = [*tree.tasks, *tree.notes]
    for item in items:
        front = item.frontmatter
        if front.problem is not None:
            yield Violation(item.path, f"Backlog.md cannot read this file: {front.problem}; it "
                            "is left out of every list", "fix the YAML (quote a value holding "
                            "': ', remove a repeated key)", front.problem_line)
        elif isinstance(item, BacklogTask) and item.id is None and item.state != "archived":
            # An archived task is listed, never named: one kept from before Backlog.md wrote
            # frontmatter (``# task-2 - Title`` alone) is history, not a task lost.
            yield Violation(item.path, "this task has no id: Backlog.md lists it with none, and "
                            "no command or dependency can name it",
                            f"add id: {item.file_id or 'task-N'} to its frontmatter")


@rule("CT812", "backlog-id-repeated", "error", uses=(BACKLOG_TREE,))
def backlog_id_repeated(ctx: CheckContext) -> Iterator[Violation]:
    """Two Backlog.md task files (active or completed), decisions or documents have one id.

    Backlog.md finds a task by its id (`backlog task 12`, a dependency on `task-12`); with two
    files claiming it, it refuses the id as ambiguous and `backlog doctor` reports the
    collision. Ids compare as Backlog.md compares them: the prefix in any case, leading zeros
    aside (`task-012` is `TASK-12`).

    **Example**

        tasks/task-12 - Parser.md          id: task-12
        completed/task-12 - Writer.md      id: TASK-012

    **Fix**

    `backlog doctor --fix` renumbers one; then update the dependencies that meant it.
    """
    tree = BACKLOG_TREE(ctx)
    first: dict[tuple[str, str], str] = {}
    for task in tree.in_folder("tasks", "completed"):
        if task.frontmatter.problem is None and task.id is not None:
            key = ("task", f"{task.id.prefix or 'task'}-{task.id.body}")
            yield from _repeated(first, key, task.path, task.raw_id, task.line())
    for note in tree.notes:
        identity = TaskId.of(note.raw_id)
        if note.frontmatter.problem is None and identity is not None:
            key = (note.folder, identity.body)
            yield from _repeated(first, key, note.path, note.raw_id,
                                 note.frontmatter.lines.get("id", 1))


def _repeated(first: dict[tuple[str, str], str], key: tuple[str, str], path: str, raw: str,
              line: int) -> Iterator[Violation]:
    earlier = first.setdefault(key, path)
    if earlier != path:
        yield Violation(path, f"id {raw} is also {earlier}'s: Backlog.md refuses it as "
                        "ambiguous", "renumber one (backlog doctor --fix) and update what "
                        "meant it", line)


@rule("CT813", "backlog-dependency-missing", "error", uses=(BACKLOG_TREE,))
def backlog_dependency_missing(ctx: CheckContext) -> Iterator[Violation]:
    """A Backlog.md task depends on, or names as its parent, a task there is no file of.

    Backlog.md counts a task ready when each dependency is done; it resolves a dependency among
    the tasks and the completed ones, accepts a draft when the dependency is written, and
    removes a task from the others' dependencies when it archives it. A dependency on an id no
    file has (or only an archived one) is an "Unknown dependency": the task is never ready. A
    sub-task whose `parent_task_id` names no task is shown alone, its parent lost.

    **Example**

        id: task-14
        dependencies: [task-9]       # there is no task-9 in tasks/, completed/ or drafts/

    **Fix**

    Remove the dependency or name the task meant (`backlog task edit 14 --dep task-8`).
    """
    tree = BACKLOG_TREE(ctx)
    for task in tree.in_folder("tasks", "drafts"):
        if task.frontmatter.problem is not None:
            continue
        for dependency in task.dependencies:
            missing = _missing(tree, dependency)
            if missing:
                yield Violation(task.path, f"depends on {dependency}, {missing}: Backlog.md "
                                "calls it an unknown dependency and never counts the task "
                                "ready", f"remove the dependency on {dependency} or name the "
                                "task meant", task.line("dependencies"))
        if task.parent:
            missing = _missing(tree, task.parent)
            if missing:
                yield Violation(task.path, f"its parent_task_id {task.parent} names a task "
                                f"{missing.removeprefix('which ')}: the sub-task is shown "
                                "without it", "name the parent meant or remove parent_task_id",
                                task.line("parent_task_id"))


def _missing(tree: Backlog, raw: str) -> str:
    """Why ``raw`` names no task Backlog.md resolves, or ""."""
    found = tree.named(raw)
    if any(task.folder in ("tasks", "completed", "drafts") for task in found):
        return ""
    if found:
        return "which is archived"
    return "which no task file has"


@rule("CT814", "backlog-status-unknown", "warning", uses=(BACKLOG_TREE,))
def backlog_status_unknown(ctx: CheckContext) -> Iterator[Violation]:
    """A Backlog.md task's `status` is none of the statuses `config.yml` lists, or it has none.

    The statuses are those of the configuration Backlog.md reads: the project's
    `backlog.config.yml` where it names the folder, else the folder's `config.yml` (or
    `config.yaml`); the message names the file.

    The board has a column per configured status, in order, the last one meaning done:
    Backlog.md matches a status to them case and spaces aside (`todo` is `To Do`). A status
    none matches gets a column of its own after them, is never done (its dependents never
    ready), and `backlog task edit` refuses it; a task with no status is on no board at all.

    **Example**

        statuses: ["To Do", "In Progress", "Done"]      # config.yml
        status: Completed                               # a task

    **Fix**

    Write one of the configured statuses (`backlog task edit 7 -s Done`), or add the status
    to `statuses:` in config.yml.
    """
    tree = BACKLOG_TREE(ctx)
    listed = ", ".join(tree.statuses)
    for task in tree.in_folder("tasks"):
        if task.frontmatter.problem is not None or task.id is None:
            continue
        if not task.status:
            yield Violation(task.path, "this task has no status: the board shows it in no "
                            "column", f"give it one of {listed}", task.line("id"))
        elif tree.status_of(task.status) is None:
            yield Violation(task.path, f"status {task.status!r} is none of "
                            f"{tree.config_name}'s statuses ({listed})"
                            f"{did_you_mean(task.status, tree.statuses)}: "
                            "the board gives it a column of its own, never done",
                            f"write one of {listed}, or add it to statuses: in "
                            f"{tree.config_name}",
                            task.line("status"))


@rule("CT815", "backlog-file-id-mismatch", "warning", uses=(BACKLOG_TREE,))
def backlog_file_id_mismatch(ctx: CheckContext) -> Iterator[Violation]:
    """A Backlog.md task file's name gives another id than its frontmatter's `id`.

    Backlog.md lists a task by its frontmatter id but finds a file by the id its name begins
    with (`task-12 - Title.md`): `backlog task 12` then opens a file that says it is another
    task, and the task it says it is cannot be found by its own number.

    **Example**

        tasks/task-12 - Parser.md      id: task-21

    **Fix**

    Rename the file to its id (`task-21 - Parser.md`), or correct the id if the name is right.
    """
    tree = BACKLOG_TREE(ctx)
    for task in tree.in_folder("tasks", "completed"):
        if task.frontmatter.problem is not None or task.id is None or task.file_id is None:
            continue
        named = TaskId.of(task.file_id)
        if named is not None and not named.names(task.id):
            yield Violation(task.path, f"the file is named for {task.file_id} but its id is "
                            f"{task.raw_id}: Backlog.md finds one by the other",
                            f"rename it to {task.raw_id.lower()} - ….md, or correct the id",
                            task.line())
