"""A Backlog.md tree (``backlog/``) read as Backlog.md reads it (MrLesk/Backlog.md 1.50).

``config.yml`` gives the project's ``statuses`` (in board order; ``To Do``, ``In Progress``,
``Done`` when it names none) and ``task_prefix``. Each task is one Markdown file,
``tasks/task-12 - Title.md`` (``task-12.1`` a sub-task), whose frontmatter gives ``id``,
``title``, ``status``, ``assignee``, ``labels``, ``priority``, ``dependencies`` and
``parent_task_id``; drafts (``drafts/draft-*.md``), done tasks moved out of the board
(``completed/``) and archived ones (``archive/tasks/``) are task files too, and
``decisions/decision-*.md`` and ``docs/**/*.md`` are notes with an ``id`` of their own.

Backlog.md reads the frontmatter with gray-matter (js-yaml) after quoting an ``@name``
assignee or reporter and a ``due_date`` (src/markdown/parser.ts); a file that does not parse
is left out of every list without a word (src/file-system/operations.ts). Ids compare as
``canonicalTaskId`` does (src/utils/task-id.ts): the prefix in any case, leading zeros of each
number cosmetic, a bare number any prefix's. Plain data for the CT81x rules and the site's
board; nothing here judges.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from continuity.formats import frontmatter as fm
from continuity.formats.textfile import read_text
from continuity.model.conventions import BACKLOG_CONFIGS, BACKLOG_ROOT_CONFIG

if TYPE_CHECKING:
    from continuity.model.tree import MemoryTree

#: Backlog.md's configuration file, at the top of ``backlog/`` (or ``config.yaml``:
#: conventions.BACKLOG_CONFIGS; or the project's ``backlog.config.yml``, which comes first).
CONFIG_FILE = "config.yml"
#: The board's columns when config.yml names no status (src/constants/index.ts).
DEFAULT_STATUSES = ("To Do", "In Progress", "Done")
#: Backlog.md's folder of tasks done and moved off the board (its own, not the protocol's
#: ``completed/`` directory kind; every folder is listed in conventions.BACKLOG_FOLDERS).
DONE_FOLDER = "completed"
#: The folders of task files, and what Backlog.md makes of a task in each.
TASK_FOLDERS = {"tasks": "active", "drafts": "draft", DONE_FOLDER: "completed",
                "archive/tasks": "archived", "archive/drafts": "archived draft"}

_FRONTMATTER = re.compile(r"\A---\r?\n(.*?)\r?\n---", re.S)
_PERSON = re.compile(r"^(\s*(?:assignee|reporter):\s*)(.*)$")
_DUE_DATE = re.compile(r"^(\s*due_date:\s*)(.*)$")
_PREFIXED = re.compile(r"^([a-zA-Z]+)-(.*)$")
_NUMBERS = re.compile(r"[0-9]+(?:\.[0-9]+)*")
#: A task file's name: ``task-12.1 - Title.md`` (src/utils/task-path.ts, TASK_FILENAME_ID_PATTERN).
_FILE_ID = re.compile(r"^([a-zA-Z]+)-([a-zA-Z0-9]+(?:[._-][a-zA-Z0-9]+)*) -")


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _person_line(prefix: str, value: str) -> str:
    """An ``assignee:``/``reporter:`` line as parser.ts rewrites it: ``@name`` quoted, alone or
    in a flow list."""
    flow = re.fullmatch(r"\[(.*)\]\s*(#.*)?", value)
    if flow:
        items = [item.strip() for item in flow.group(1).split(",") if item.strip()]
        items = [_quoted(item) if item.startswith("@") else item for item in items]
        comment = f" {flow.group(2)}" if flow.group(2) else ""
        return f"{prefix}[{', '.join(items)}]{comment}"
    if value and not value.startswith(("[", "'", '"', "-")):
        return prefix + _quoted(value)
    return prefix + value


def _preprocessed(block: str) -> str:
    """The frontmatter as Backlog.md hands it to YAML (parser.ts, preprocessFrontmatter)."""
    lines = []
    for line in re.split(r"\r?\n", block):
        due = _DUE_DATE.match(line)
        if due:
            value, _, comment = due.group(2).partition(" #")
            value = value.strip()
            if value and not re.fullmatch(r"(?i)null|~", value) and not value.startswith(("'", '"')):
                line = due.group(1) + _quoted(value) + (f" #{comment}" if comment else "")
        person = _PERSON.match(line)
        lines.append(_person_line(person.group(1), person.group(2).strip()) if person else line)
    return "\n".join(lines)


@dataclass(frozen=True)
class Frontmatter:
    """A file's frontmatter as Backlog.md reads it, or why it cannot."""

    data: dict[str, Any]
    problem: str | None = None
    problem_line: int = 1
    lines: dict[str, int] = field(default_factory=dict)  # each top-level key's line

    def text(self, key: str) -> str:
        value = self.data.get(key)
        return "" if value is None or value == "" else str(value).strip()

    def texts(self, key: str) -> list[str]:
        value = self.data.get(key)
        if isinstance(value, list):
            return [str(item).strip() for item in value if item is not None]
        return [str(value).strip()] if value not in (None, "", []) and key == "assignee" else []


def read_frontmatter(text: str) -> Frontmatter:
    """What gray-matter gives Backlog.md for ``text``: no block is no data (not a problem).
    Read by the project's YAML reader (aliases bounded, values as written); a key written
    twice is a problem, as js-yaml makes it one."""
    match = _FRONTMATTER.match(text)
    if match is None:
        return Frontmatter({})
    parsed = _yaml_mapping(_preprocessed(match.group(1)))
    problems = [problem for problem in parsed.problems
                if problem.kind is not fm.FrontmatterIssue.NOT_A_MAPPING]
    if problems:
        reason = problems[0].message.removeprefix("frontmatter is not valid YAML: ")
        return Frontmatter({}, f"its frontmatter is not YAML ({reason})", problems[0].line)
    if parsed.duplicates:
        key, where = parsed.duplicates[0]
        return Frontmatter({}, f"its frontmatter is not YAML (duplicated mapping key {key!r})",
                           where.line)
    lines = {key: where.line for key, where in parsed.positions.items()}
    return Frontmatter(parsed.data, None, 1, lines)


def _yaml_mapping(block: str) -> fm.Frontmatter:
    """``block`` read as a frontmatter block's YAML, its lines counted from the file's second."""
    return fm.parse(f"---\n{block}\n---\n")


@dataclass(frozen=True)
class TaskId:
    """A task id as Backlog.md compares it: its prefix (lower case, None when bare) and its
    numbers without leading zeros (or, for a legacy id, its body in upper case)."""

    prefix: str | None
    body: str

    @classmethod
    def of(cls, raw: str) -> TaskId | None:
        text = raw.strip()
        if not text:
            return None
        prefixed = _PREFIXED.match(text)
        prefix, body = (prefixed.group(1).lower(), prefixed.group(2)) if prefixed else (None, text)
        if _NUMBERS.fullmatch(body):
            body = ".".join(part.lstrip("0") or "0" for part in body.split("."))
        return cls(prefix, body.upper()) if body else None

    def names(self, other: TaskId) -> bool:
        """taskIdsEqual: one body, and one prefix unless either is bare."""
        return self.body == other.body and (
            self.prefix is None or other.prefix is None or self.prefix == other.prefix)

    @property
    def parent(self) -> TaskId | None:
        """A sub-task's parent by its number (``task-12.1``: ``task-12``)."""
        if "." not in self.body or not _NUMBERS.fullmatch(self.body):
            return None
        return TaskId(self.prefix, self.body.rsplit(".", 1)[0])


@dataclass(frozen=True)
class BacklogTask:
    """One task file: where it is, what its frontmatter says, and the line of each field."""

    path: str
    folder: str  # a key of TASK_FOLDERS
    raw_id: str
    title: str
    status: str
    priority: str
    assignee: tuple[str, ...]
    labels: tuple[str, ...]
    dependencies: tuple[str, ...]
    parent: str
    file_id: str | None  # the id the file's name gives
    frontmatter: Frontmatter

    @property
    def id(self) -> TaskId | None:
        return TaskId.of(self.raw_id)

    @property
    def state(self) -> str:
        return TASK_FOLDERS[self.folder]

    def line(self, key: str = "id") -> int:
        return self.frontmatter.lines.get(key, 1)


@dataclass(frozen=True)
class BacklogNote:
    """A decision or document: its id, title and frontmatter."""

    path: str
    folder: str  # "decisions" or "docs"
    raw_id: str
    title: str
    frontmatter: Frontmatter


@dataclass
class Backlog:
    """A Backlog.md tree: its configuration, its task files and its notes."""

    statuses: tuple[str, ...]
    prefix: str
    project: str
    tasks: list[BacklogTask]
    notes: list[BacklogNote]
    #: The configuration the statuses come from, as messages name it.
    config_name: str = CONFIG_FILE

    def in_folder(self, *folders: str) -> Iterator[BacklogTask]:
        return (task for task in self.tasks if task.folder in folders)

    @cached_property
    def _by_body(self) -> dict[str, list[BacklogTask]]:
        found: dict[str, list[BacklogTask]] = {}
        for task in self.tasks:
            if task.frontmatter.problem is None and task.id is not None:
                found.setdefault(task.id.body, []).append(task)
        return found

    def named(self, raw: str) -> list[BacklogTask]:
        """The readable task files whose id ``raw`` names, in any folder."""
        wanted = TaskId.of(raw)
        if wanted is None:
            return []
        return [task for task in self._by_body.get(wanted.body, ())
                if task.id is not None and wanted.names(task.id)]

    def column_of(self, task: BacklogTask) -> str:
        """The board column a task is shown in: its configured status, else its own."""
        return self.status_of(task.status) or task.status

    def is_done(self, task: BacklogTask) -> bool:
        """Done as Backlog.md counts it: completed/, or the last configured status."""
        return task.folder == DONE_FOLDER or (
            bool(task.status) and self.status_of(task.status) == self.statuses[-1])

    def status_of(self, written: str) -> str | None:
        """The configured status ``written`` means (case and spaces aside, as
        getCanonicalStatus matches), or None."""
        wanted = _status_key(written)
        return next((status for status in self.statuses if _status_key(status) == wanted), None)


def _status_key(status: str) -> str:
    return re.sub(r"\s+", "", status).lower()


def read_config(text: str | None) -> tuple[tuple[str, ...], str, str]:
    """(statuses, task prefix, project name) from config.yml; the defaults where it says
    nothing readable."""
    parsed = _yaml_mapping(text or "")
    data = parsed.data if not parsed.problems else {}
    listed = data.get("statuses")
    statuses = tuple(str(s).strip() for s in listed if str(s).strip()) \
        if isinstance(listed, list) else ()
    prefix = data.get("task_prefix")
    project = data.get("project_name")
    return (statuses or DEFAULT_STATUSES,
            str(prefix).strip() if isinstance(prefix, str) and prefix.strip() else "task",
            str(project) if project is not None else "")


def task_folder(relative: str) -> str | None:
    """The task folder a root-relative path is directly in, or None."""
    folder, _, name = relative.rpartition("/")
    return folder if folder in TASK_FOLDERS and "/" not in name else None


def is_task_file(relative: str, prefix: str) -> bool:
    """A file Backlog.md lists as a task: ``<prefix>-*.md`` in a task folder (``draft-*.md``
    in the drafts' folders)."""
    folder = task_folder(relative)
    if folder is None:
        return False
    name = relative.rsplit("/", 1)[-1]
    wanted = "draft" if "drafts" in folder else prefix.lower()
    return name.endswith(".md") and name.startswith(f"{wanted}-")


def is_note_file(relative: str) -> str | None:
    """``decisions`` for ``decisions/decision-*.md``, ``docs`` for any Markdown file below
    docs/ but a README (operations.ts, listDecisions and listDocuments); else None."""
    name = relative.rsplit("/", 1)[-1]
    if name.lower() == "readme.md" or not name.endswith(".md"):
        return None
    if relative.startswith("decisions/") and relative.count("/") == 1 \
            and name.startswith("decision-"):
        return "decisions"
    if relative.startswith("docs/"):
        return "docs"
    return None


def _file_id(name: str) -> str | None:
    match = _FILE_ID.match(name)
    return f"{match.group(1)}-{match.group(2)}" if match else None


def read_task(relative: str, text: str) -> BacklogTask:
    front = read_frontmatter(text)
    folder = task_folder(relative) or "tasks"
    return BacklogTask(
        relative, folder, front.text("id"), front.text("title"), front.text("status"),
        front.text("priority"), tuple(front.texts("assignee")), tuple(front.texts("labels")),
        tuple(front.texts("dependencies")), front.text("parent_task_id"),
        _file_id(relative.rsplit("/", 1)[-1]), front)


def read_backlog(config_text: str | None, files: Iterable[tuple[str, str]],
                 config_name: str = CONFIG_FILE) -> Backlog:
    """The tree from config.yml's text and its files' (root-relative path, text)."""
    statuses, prefix, project = read_config(config_text)
    tasks: list[BacklogTask] = []
    notes: list[BacklogNote] = []
    for relative, text in files:
        if is_task_file(relative, prefix):
            tasks.append(read_task(relative, text))
            continue
        folder = is_note_file(relative)
        if folder is not None:
            front = read_frontmatter(text)
            notes.append(BacklogNote(relative, folder, front.text("id"), front.text("title"),
                                     front))
    return Backlog(statuses, prefix, project, tasks, notes, config_name)


def read_tree(tree: MemoryTree) -> Backlog:
    """The Backlog.md tree a memory tree read: its configuration and its folders' files."""
    name, text = configuration(tree)
    files = [(entry.path, entry.file.text) for directory in tree.directories.values()
             for entry in directory.entries if entry.file.text is not None]
    return read_backlog(text, files, name)


def configuration(tree: MemoryTree) -> tuple[str, str | None]:
    """The configuration Backlog.md reads for this folder, as messages name it, and its text:
    the project's ``backlog.config.yml`` where it names the folder (src/utils/
    backlog-directory.ts: a root configuration with a project name comes first), else the
    folder's ``config.yml``, else its ``config.yaml``."""
    above = BACKLOG_ROOT_CONFIG.config_for(tree.root)
    if above is not None:
        path = above[0]
        shown = Path(os.path.relpath(path, tree.boundary)).as_posix()  # from the top
        return shown, read_text(path, tree.config.max_file_size, follow=False).text
    for name in BACKLOG_CONFIGS:
        state = tree.state_file(name)
        if state is not None:
            return name, state.file.text
    return CONFIG_FILE, None
