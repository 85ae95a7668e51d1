"""Aider's memory at a project's top, read once as Aider itself writes and reads it.

Aider (github.com/Aider-AI/aider, v0.86) appends every session to ``.aider.chat.history.md``
(``aider/io.py``, ``append_chat_history``: the file opened for appending): a session opens
with ``# aider chat started at 2026-04-11 19:35:29``, each line the user typed is written as
``#### <line>``, each line of tool output as ``> <line>``, and the model's reply as plain text.
``--restore-chat-history`` reads it back with ``aider/utils.py``'s
``split_chat_history_markdown``, by those same line openings, which is how it is read here.
The prompts typed are appended to ``.aider.input.history`` by prompt_toolkit's ``FileHistory``
(``# <timestamp>`` then ``+<line>``). ``.aider.conf.yml`` is read by configargparse's YAML
parser: a file that does not parse stops Aider at start; each ``read:`` entry is a file (or a
folder, read whole) loaded read-only into every chat, resolved from where Aider runs, never
expanded as a glob, and skipped with a warning when it does not exist (``aider/main.py``,
``aider/coders/base_coder.py``).
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from continuity.formats import frontmatter as fm
from continuity.formats.textfile import read_text
from continuity.model.conventions import AIDER_CHAT, AIDER_CONF

#: The heading Aider writes at each session's start (``aider/io.py``, InputOutput.__init__).
SESSION_HEADING = "# aider chat started at "
#: How Aider marks a line the user typed, and a line of its own output (``aider/io.py``).
USER_PREFIX = "#### "
TOOL_PREFIX = "> "
#: What ``/add`` and a file named at start say in the history (``aider/commands.py``,
#: ``aider/coders/base_coder.py``): "Added app.py to the chat", "... (read-only)."
_ADDED = "Added "
_TO_CHAT = " to the chat"


@dataclass(frozen=True)
class Prompt:
    """One message the user typed (its lines joined), and the line it opens at."""

    line: int
    text: str


@dataclass(frozen=True)
class Session:
    """One session of the chat history: from its heading to the next."""

    started: str  # as Aider wrote it: "2026-04-11 19:35:29" ("" for text before any heading)
    line: int  # the heading's line (1-based)
    lines: tuple[str, ...]  # the session's lines after its heading
    prompts: tuple[Prompt, ...]
    added: tuple[str, ...]  # files added to the chat, in order, each once

    @property
    def size(self) -> int:
        return sum(len(line) + 1 for line in self.lines)


@dataclass(frozen=True)
class AiderConf:
    """``.aider.conf.yml`` as configargparse reads it: its mapping, or why it does not parse."""

    data: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None
    problem_line: int | None = None
    lines: dict[str, int] = field(default_factory=dict)  # a key's line

    def entries(self, key: str) -> list[str]:
        """A list option's values (``read: CONVENTIONS.md`` or a list of them), as text."""
        value = self.data.get(key)
        if isinstance(value, list):
            return [str(item) for item in value if item is not None and str(item).strip()]
        return [str(value)] if isinstance(value, (str, int, float)) and str(value).strip() else []


@dataclass(frozen=True)
class Aider:
    """A root's Aider files, read: the chat history's sessions (oldest first) and the conf."""

    sessions: tuple[Session, ...] = ()
    conf: AiderConf | None = None


def read_sessions(text: str) -> tuple[Session, ...]:
    """The chat history's sessions, oldest first (as Aider appended them)."""
    sessions: list[Session] = []
    started, start_line = "", 0
    body: list[str] = []
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith(SESSION_HEADING):
            if started or any(part.strip() for part in body):
                sessions.append(_session(started, start_line, body))
            started, start_line, body = line[len(SESSION_HEADING):].strip(), number, []
        else:
            body.append(line)
    if started or any(part.strip() for part in body):
        sessions.append(_session(started, start_line, body))
    return tuple(sessions)


def _session(started: str, line: int, body: list[str]) -> Session:
    """One session, its prompts and added files read by the line openings Aider reads them by
    (``split_chat_history_markdown``): consecutive ``#### `` lines are one message."""
    prompts: list[Prompt] = []
    added: dict[str, None] = {}
    current: list[str] = []
    opened = 0
    for offset, text in enumerate(body, 1):
        if text.startswith(USER_PREFIX):
            if not current:
                opened = line + offset
            current.append(text[len(USER_PREFIX):].rstrip())
            continue
        if current:
            prompts.append(Prompt(opened, "\n".join(current)))
            current = []
        if text.startswith(TOOL_PREFIX):
            name = _added_file(text[len(TOOL_PREFIX):].strip())
            if name:
                added.setdefault(name, None)
    if current:
        prompts.append(Prompt(opened, "\n".join(current)))
    return Session(started, line, tuple(body), tuple(prompts), tuple(added))


def _added_file(tool_line: str) -> str | None:
    """``app.py`` of "Added app.py to the chat" (or "... to the chat (read-only)."), else None."""
    if not tool_line.startswith(_ADDED) or _TO_CHAT not in tool_line:
        return None
    name = tool_line[len(_ADDED):tool_line.rindex(_TO_CHAT)].strip()
    return name if name and " of output" not in name else None


def read_conf(text: str) -> AiderConf:
    """``.aider.conf.yml`` read by the project's YAML reader (aliases bounded); an empty file
    is no options, as configargparse reads it; anything but a mapping stops Aider."""
    if not text.strip():
        return AiderConf()
    body, shift = (text[4:], 1) if text.startswith("---\n") else (text, 0)  # a YAML start
    parsed = fm.parse(f"---\n{body}\n---\n")
    if parsed.problems:
        problem = parsed.problems[0]
        reason = problem.message.removeprefix("frontmatter is not valid YAML: ").replace(
            "the end of the frontmatter", "the end of the file")
        if problem.kind is fm.FrontmatterIssue.NOT_A_MAPPING:
            reason = "it is not a mapping of options"
        line = max(1, problem.line - 1 + shift) if problem.line else None
        return AiderConf({}, reason, line)
    lines = {key: where.line - 1 + shift for key, where in parsed.positions.items()}
    return AiderConf(dict(parsed.data), None, None, lines)


#: An entry the tree cannot hold: an absolute path (POSIX, Windows, UNC) or one from the home
#: directory or an environment variable; Aider resolves it on its user's machine.
OUTSIDE = re.compile(r"(?:[/\\~$%]|[A-Za-z]:[/\\])")
#: What is read of the conf to find its read-only files, and how many files they make at most.
CONF_READ = 256 * 1024
MAX_READ_FILES = 200


def inside(name: str) -> str | None:
    """A ``read:`` entry as a root-relative path, or None for one the tree cannot hold (an
    absolute or home path, one leaving the root by ``..``)."""
    name = name.strip()
    if not name or OUTSIDE.match(name):
        return None
    relative = posixpath.normpath(name.replace("\\", "/"))
    return None if relative == ".." or relative.startswith("../") else relative


def read_only_files(root: Path) -> tuple[str, ...]:
    """The files ``.aider.conf.yml`` at ``root`` loads read-only into every chat (its
    ``read:`` entries that are files, and the files of those that are folders, as Aider reads
    a folder whole), root-relative: the conventions its users give the model, published as
    the root's rules. Never through a link."""
    conf = root / AIDER_CONF
    if not conf.is_file() or conf.is_symlink():
        return ()
    text = read_text(conf, CONF_READ, follow=False).text
    found: list[str] = []
    for name in read_conf(text or "").entries("read"):
        relative = inside(name)
        if relative is None or relative == ".":
            continue
        path = root / relative
        if path.is_symlink():
            continue
        if path.is_file():
            found.append(relative)
        elif path.is_dir():
            found += _files_below(root, path)
    return tuple(dict.fromkeys(found))[:MAX_READ_FILES]


def _files_below(root: Path, folder: Path) -> list[str]:
    found: list[str] = []
    for top, folders, files in os.walk(folder):  # links to folders are not followed
        folders[:] = sorted(f for f in folders if not f.startswith("."))
        for name in sorted(files):
            path = Path(top) / name
            if not name.startswith(".") and not path.is_symlink():
                found.append(path.relative_to(root).as_posix())
            if len(found) >= MAX_READ_FILES:
                return found
    return found


def read_tree(state_text: Callable[[str], str | None]) -> Aider:
    """The Aider files a memory tree read (``MemoryTree.state_text``, passed in: the tree's
    model imports this module to find the files the conf loads): its chat history and conf."""
    chat_text = state_text(AIDER_CHAT)
    conf_text = state_text(AIDER_CONF)
    return Aider(read_sessions(chat_text) if chat_text is not None else (),
                 read_conf(conf_text) if conf_text is not None else None)
