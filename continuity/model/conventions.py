"""Agent-memory conventions, declared once as data, and which one a memory root follows.

Agent memory in the wild is many conventions, and the Continuity protocol is one of them. A
:class:`Convention` says what recognises it (its :class:`Marker` s, each with a weight), which of
a root's files are living documents (overwritten by design) or index files, which directories
hold dated notes or append-only history (as :class:`~continuity.model.kinds.DirectoryKind` s),
which rule codes judge it, and how the site should show it. :func:`recognise` decides, once
per root after the root search, which convention a root follows, with the evidence found; a
root of no known convention is judged by the general rules only (:data:`GENERAL_RULES`).

A name the protocol also uses (``memory/``, ``audits/``, ``notes.jsonl``, ``STATE.md``) is never
evidence alone: the protocol is recognised by what only it writes (an ``ENTRY.template.md``, a
``## Mesh index``, ``AGENTS.promptinclude.md``, a STATE.md with its Next valid action, a turn-
numbered journal). A root may also be named in configuration (``convention = "cline"``, or a
table of root path -> name), and a user may declare a convention of their own
(``[tool.continuity.conventions.NAME]``, the same fields as the built-in ones).

Everything here is data and the small reads recognition needs; nothing here judges.
"""

from __future__ import annotations

import difflib
import fnmatch
import os
import posixpath
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from continuity.config import Config
from continuity.errors import ConfigError
from continuity.formats import frontmatter as fm
from continuity.formats.markdown import MarkdownDoc
from continuity.formats.textfile import read_text
from continuity.model.kinds import (
    HISTORY,
    LEDGER_PATH,
    LIBRARY,
    STATE_FILE_NAMES,
    TEMPLATE_NAME,
    DirectoryKind,
    KindSet,
    is_state_file_name,
    kinds_for,
)
from continuity.model.naming import PatternError, compile_pattern

__all__ = ["Marker", "RootSign", "Convention", "Evidence", "Recognition", "BUILTIN_CONVENTIONS",
           "SITE_SHAPES",
           "GENERAL_RULES", "PROTOCOL", "recognise", "conventions_in_force", "find_convention"]

#: A marker of this weight recognises its convention alone.
DECISIVE = 1.0
#: The evidence a convention needs, in summed weights, to be recognised.
RECOGNISED = 1.0

#: What every root is judged by, of any convention or none: placeholders left in state files
#: (CT107), dead links (CT111), configured budgets (CT112), unreadable files (CT210), the
#: append-only promise where a convention declares history (CT301-CT304, CT308: a root of no
#: convention has none), JSON validity of a ledger or note store recognised (CT401, CT501), and
#: what publishing guards (CT6xx).
GENERAL_RULES: tuple[str, ...] = (
    "CT107", "CT111", "CT112", "CT210", "CT301", "CT302", "CT303", "CT304", "CT308", "CT309",
    "CT401", "CT501", "CT6",
)

#: The code ranges of the rules of conventions other than the protocol (CT7xx, CT8xx).
CONVENTION_RULES = ("CT7", "CT8")

#: Marker kinds: what ``target`` (and ``detail``) name.
FILE = "file"  # a root-relative path or glob exists: ``memory-bank/*.md``, ``*/ENTRY.template.md``
#: A file marker's target opening with this names a path beside the root, from its parent
#: (``../.cursor/rules/isolation_rules``): no glob, never read (``_Probe._beside``).
BESIDE = "../"
PATH = "path"  # the root's own path matches a glob: ``*/.claude/agent-memory/*``
HEADING = "heading"  # a file (glob) has a heading titled ``detail`` (case folded)
FRONTMATTER = "frontmatter"  # a file's frontmatter has the key ``detail``
CONTENT = "content"  # a file's text matches the regular expression ``detail``
ENTRIES = "entries"  # directory ``target`` holds a file named to the pattern ``detail``
MARKER_KINDS = (FILE, PATH, HEADING, FRONTMATTER, CONTENT, ENTRIES)


@dataclass(frozen=True)
class Marker:
    """One thing that recognises a convention, and how much it counts."""

    kind: str
    target: str
    detail: str = ""
    weight: float = 0.5
    says: str = ""  # what the evidence is called, where the target alone says too little
    #: A tool's configuration (``.mcp.json``, ``.claude/settings.local.json``): it makes a
    #: root, read for credentials, but holds nothing the convention's rules judge, so a
    #: companion convention's memory beside it (Aider's chat history) is that root's instead.
    configuration: bool = False

    def __post_init__(self) -> None:
        if self.kind not in MARKER_KINDS:
            raise ValueError(f"marker of {self.target}: kind {self.kind!r} is not one of "
                             f"{', '.join(MARKER_KINDS)}")

    def describe(self) -> str:
        if self.says:
            return self.says
        if self.kind == FILE:
            return self.target
        if self.kind == PATH:
            return f"the folder {self.target}"
        if self.kind == HEADING:
            return f"{self.target} with ## {self.detail}"
        if self.kind == FRONTMATTER:
            return f"{self.target} with `{self.detail}:` in its frontmatter"
        if self.kind == CONTENT:
            return f"{self.target} matching /{self.detail}/"
        return f"{self.target}/ entries named {self.detail}"


#: How the site shows a convention (``Convention.site``), validated where a convention is
#: declared: "protocol" (state files, their mesh and history), "index" (an index file, each
#: topic a page), "state" (the core files as state pages), "timeline" (dated notes), "phases"
#: (GSD's phase folders), "ledger" (a cycle ledger), "catalogue" (rule files: each rule and
#: when it applies), "features" (Spec Kit's numbered feature folders), "tasks" (Task Master's
#: task lists: each task with its status, the home page their progress), "board" (Backlog.md:
#: its tasks by status in the config's order, each decision and document a page), "chat"
#: (Aider's chat history: its sessions newest first, each prompt a heading), "plans"
#: (Sisyphus: each plan with how many of its tasks are done, its notepads beside it).
SITE_SHAPES: tuple[str, ...] = ("protocol", "index", "state", "timeline", "phases", "ledger",
                                "catalogue", "features", "tasks", "board", "chat", "plans")


@dataclass(frozen=True)
class RootSign:
    """Names whose presence makes a directory a memory root of a convention, read from the
    directory's listing (the root search lists 20,000 directories): a name may be a glob
    (``*.mdc``) or a path below (``.specify/memory/constitution.md``,
    ``instructions/*.instructions.md``), never through a link."""

    names: tuple[str, ...]
    at_least: int = 1  # how many of ``names`` must be present
    #: The directory's own path (POSIX, absolute) must match one of these globs.
    where: tuple[str, ...] = ()
    #: And one of these names must be beside (an ``openclaw.json`` with a workspace file).
    beside: tuple[str, ...] = ()
    #: What the signal says, ``{0}`` the first name found (default: that name).
    says: str = ""
    #: Only a file by the name counts, not a folder (Cline's ``.clinerules`` file).
    file_only: bool = False
    #: Each ``*`` of ``where`` is one folder's name, not a path: the folder itself, not one
    #: below it (Claude's ``.claude/agent-memory/<agent>/``, whose ``topics/`` is the same
    #: memory's).
    folder_names: bool = False

    def found(self, directory: Path, names: set[str]) -> str | None:
        if self.where and not any(self._at(directory, glob) for glob in self.where):
            return None
        if self.beside and not names.intersection(self.beside):
            return None
        hits = sorted(hit for name in self.names for hit in _present(directory, names, name))
        if self.file_only:
            hits = [hit for hit in hits
                    if (directory / hit).is_file() and not (directory / hit).is_symlink()]
        if len(hits) < self.at_least:
            return None
        return self.says.format(hits[0]) if self.says else hits[0]

    def _at(self, directory: Path, glob: str) -> bool:
        if self.folder_names:  # matched part by part from the right, ``*`` within one part
            return PurePosixPath(directory.as_posix()).match(glob)
        return fnmatch.fnmatchcase(directory.as_posix(), glob)


@dataclass(frozen=True)
class NamedFolder:
    """A configuration file in a folder above that names a folder as the convention's, read
    as its tool reads it (Backlog.md's ``backlog.config.yml`` at the project's top:
    ``backlog_directory: planning/board``, src/utils/backlog-directory.ts). Each line is
    ``key: value``, split at its first colon, the value trimmed and stripped of one quote at
    each end; the file counts only with one of ``requires`` given a value. A path absolute
    or leaving the file's folder (``..``) names nothing, as the tool refuses it."""

    file: str
    keys: tuple[str, ...]
    requires: tuple[str, ...] = ()
    #: Where none is named, the folders beside the file that are the convention's by default.
    default: tuple[str, ...] = ()
    #: Folders above a directory looked at, at most.
    levels: int = 8

    def config_for(self, directory: Path) -> tuple[Path, str] | None:
        """The configuration file above ``directory`` that makes it the convention's folder
        (the nearest), with what it says: ``(file, "backlog.config.yml names it")``. Never
        above the repository's top (a folder holding ``.git``)."""
        for level, above in enumerate(directory.parents):
            if level >= self.levels:
                return None
            named, top = self._named_in(above)
            if named is not None:
                relative = directory.relative_to(above).as_posix()
                if relative == named or (named == "" and relative in self.default):
                    key = f" ({self.keys[0]})" if named else ""
                    return above / self.file, f"{self.file}{key} names it"
            if top:
                return None
        return None

    def _named_in(self, folder: Path) -> tuple[str | None, bool]:
        """The folder the file in ``folder`` names ("" for the defaults; None without one),
        and whether ``folder`` is a repository's top."""
        key = (folder, self)
        if key not in _NAMED_FOLDERS:
            _NAMED_FOLDERS[key] = (self._read(folder / self.file),
                                   os.path.lexists(folder / ".git"))
        return _NAMED_FOLDERS[key]

    def _read(self, path: Path) -> str | None:
        try:
            if not path.is_file() or path.is_symlink():
                return None
        except OSError:
            return None
        text = read_text(path, RECOGNITION_READ, follow=False).text
        if text is None:
            return None
        values: dict[str, str] = {}
        for raw in text.splitlines():
            line = raw.strip()
            if not line or line.startswith("#") or ":" not in line:
                continue
            name, _, value = line.partition(":")
            values[name.strip()] = re.sub(r"""^['"]|['"]$""", "", value.strip())
        if self.requires and not any(values.get(name) for name in self.requires):
            return None
        given = next((values[name] for name in self.keys if name in values), "")
        return project_relative(given) or ""


def project_relative(value: str) -> str | None:
    """A configured folder as a path from the configuration's folder, or None: empty,
    absolute (POSIX or Windows), ``.``, or leaving by ``..`` (Backlog.md's
    normalizeProjectBacklogDirectory)."""
    value = value.strip()
    if not value or re.match(r"(?:[A-Za-z]:)?[\\/]", value):
        return None
    normal = posixpath.normpath(value.replace("\\", "/")).rstrip("/")
    if normal in ("", ".", "..") or normal.startswith("../"):
        return None
    return normal


#: What each configuration file above said, by folder (cleared by :func:`forget`).
_NAMED_FOLDERS: dict[tuple[Path, NamedFolder], tuple[str | None, bool]] = {}


def _present(directory: Path, names: set[str], name: str) -> list[str]:
    """The entries of ``directory`` that ``name`` (a name, glob or path below) finds."""
    if "/" not in name:
        if any(ch in name for ch in "*?["):
            return sorted(n for n in names if fnmatch.fnmatchcase(n, name))
        return [name] if name in names else []
    head, tail = name.split("/", 1)
    if any(ch in head for ch in "*?["):  # a folder's wildcard (Kiro's */tasks.md), by name
        return [hit for folder in sorted(names) if fnmatch.fnmatchcase(folder, head)
                for hit in _present(directory, names, f"{folder}/{tail}")]
    if head not in names or not _real_directory(directory / head):
        return []
    if "/" in tail:
        return [f"{head}/{hit}" for hit in _present(directory / head, _listing(directory / head),
                                                     tail)]
    if any(ch in tail for ch in "*?["):
        return [f"{head}/{hit}" for hit in sorted(_listing(directory / head))
                if fnmatch.fnmatchcase(hit, tail)]
    below = directory / head / tail
    return [name] if below.exists() and not below.is_symlink() else []


def _listing(directory: Path) -> set[str]:
    try:
        return set(os.listdir(directory))
    except OSError:
        return set()


@dataclass(frozen=True)
class Convention:
    """One agent-memory convention, as data."""

    name: str  # what configuration names it by: "cline"
    title: str  # what messages call it: "Cline memory bank"
    markers: tuple[Marker, ...]
    #: Root files that are living documents (state, context, topic files: overwritten by
    #: design), as globs. Empty: the protocol's state file names (STATE.md, TODO.md, MEMORY.md,
    #: AGENTS.md, …; for the protocol also an upper-case file with a mesh index).
    living: tuple[str, ...] = ()
    #: Directories of the root that belong to it, never searched for roots of their own
    #: (GSD's phases/NN-name/ holds a CONTEXT.md that is a phase file, not a root).
    owns: tuple[str, ...] = ()
    #: Where its memory lives when the root is a repository's top (CT601 scans every committed
    #: file there, not the code beside it): ``None``, the whole root (an OpenClaw workspace is
    #: the agent's home); else these folders, with the root's own files and the directories the
    #: tree read (agentops keeps ``.agents/`` in a code repository).
    memory_in: tuple[str, ...] | None = ()
    #: Living files that index others (Claude's MEMORY.md): their links must resolve.
    index: tuple[str, ...] = ()
    #: Its directories: dated notes (library) or append-only history. None: the protocol's
    #: directory kinds, with the configured ones (``kinds``).
    kinds: tuple[DirectoryKind, ...] | None = ()
    #: Core files that must be present and not emptied (Cline's memory bank).
    required: tuple[str, ...] = ()
    #: Living files that grow by appended entries only, judged against git (CT712: Roo
    #: Code's decisionLog.md).
    append_only_files: tuple[str, ...] = ()
    #: Rule codes or prefixes that judge it, beside :data:`GENERAL_RULES`, and those that
    #: never do (the protocol is judged by every rule but the other conventions' own).
    rules: tuple[str, ...] = ()
    not_rules: tuple[str, ...] = ()
    #: How the site shows it: "protocol", "index" (an index file, each topic a page),
    #: "state" (the core files as state pages), "timeline" (dated notes), ... (SITE_SHAPES).
    site: str = "protocol"
    source: str = ""  # the documentation its rules rely on
    origin: str = "built-in"
    #: What makes a directory a root of it in the root search (its markers then decide).
    root_signs: tuple[RootSign, ...] = ()
    #: Configuration files above that name a folder as its own (Backlog.md's
    #: ``backlog.config.yml``): such a folder is a root of it, recognised by that alone.
    named_folders: tuple[NamedFolder, ...] = ()
    #: Recognised only where no other convention is (the agent instruction files: a
    #: repository's CLAUDE.md beside a memory of another convention is that memory's file).
    fallback: bool = False
    #: Recognised only where no other convention is, fallback ones included: a tool whose
    #: files sit at a project's top beside any other memory (Aider's chat history beside a
    #: CLAUDE.md): that root keeps its own convention.
    companion: bool = False
    #: Its files are instructions for an agent, whose fenced code blocks are examples
    #: (``const API_KEY = 'sk_live_abc123'`` under "BAD:"): no credential is reported there.
    code_is_example: bool = False
    #: Where only some of its files are instructions (Sisyphus's plans, not the notepads its
    #: subagents write learnings to), those as root-relative globs; empty: all its Markdown.
    example_files: tuple[str, ...] = ()
    #: At a repository's top, only the files its model reads (and ``memory_in``) are memory,
    #: not every file beside them (a repository's instruction files are not its memory).
    memory_is_files: bool = False
    #: Rule files it keeps in folders beside its living files, as root-relative globs
    #: (Copilot's ``instructions/*.instructions.md``, Claude Code's ``.claude/rules/``): read
    #: and published as its living files are, each a card of the site's Rules.
    rule_files: tuple[str, ...] = ()
    #: Files it keeps by name inside its own folders (OpenClaw's ``memory/MEMORY.md``, a
    #: workspace's long-term memory kept beside its daily notes), root-relative: read and
    #: published as the files its living files link to, and their links checked.
    keeps: tuple[str, ...] = ()
    #: The files it keeps in each folder of a specs folder, as root-relative globs (Kiro's
    #: ``*/requirements.md``, ``*/tasks.md`` in ``.kiro/specs/<feature>/``): read, their links
    #: checked, and published as one list of specs, each folder a spec.
    specs: tuple[str, ...] = ()
    #: The living files its tools load by name at every session, as globs (the instruction
    #: files). Empty: every living file is one its tool reads. Another living file of such a
    #: root (a TODO.md beside CLAUDE.md, read by the general rules) is no rule: the site's
    #: cards call it a state file, unless an instruction file imports it.
    loaded: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.site not in SITE_SHAPES:
            raise ValueError(f"convention {self.name}: site {self.site!r} is not one of "
                             f"{', '.join(SITE_SHAPES)}")

    def judges(self, code: str) -> bool:
        if any(code.startswith(prefix) for prefix in self.not_rules):
            return False
        return any(code.startswith(prefix) for prefix in (*GENERAL_RULES, *self.rules))

    def kind_set(self, config: Config) -> KindSet:
        if self.kinds is None:
            return kinds_for(config)
        return KindSet(self.kinds)

    def example_lines(self, path: str, text: str) -> frozenset[int]:
        """The lines of fenced code in a Markdown file of a convention whose files are
        instructions for an agent (``code_is_example``): examples, not secrets kept."""
        if not self.code_is_example or not path.endswith(
                (".md", ".mdc", ".cursorrules", ".windsurfrules", ".clinerules", ".roorules")):
            return frozenset()
        if self.example_files and not any(fnmatch.fnmatchcase(path, glob)
                                          for glob in self.example_files):
            return frozenset()
        # Fences at any indent: an example under a list item ("  * *Request*:" then an
        # indented ```json) is as much an example as one at the margin.
        lines: set[int] = set()
        fence = ""
        for number, line in enumerate(text.split("\n"), 1):
            stripped = line.strip()
            if fence:
                lines.add(number)
                if stripped.startswith(fence) and not stripped[len(fence):].strip("`~"):
                    fence = ""
            elif stripped.startswith(("```", "~~~")):
                fence = stripped[:3]
                lines.add(number)
        return frozenset(lines)

    def rule_files_at(self, root: Path) -> tuple[str, ...]:
        """:attr:`rule_files` as the root at ``root`` finds them (see :func:`from_inside`)."""
        return (*self.rule_files, *from_inside(self.rule_files, root.name))

    def memory_in_at(self, root: Path) -> tuple[str, ...]:
        """:attr:`memory_in` as the root at ``root`` finds it (see :func:`from_inside`)."""
        folders = self.memory_in or ()
        return (*folders, *from_inside(folders, root.name))

    def is_living(self, filename: str) -> bool:
        return any(fnmatch.fnmatchcase(filename, pattern) for pattern in self.living)

    def is_index(self, filename: str) -> bool:
        return any(fnmatch.fnmatchcase(filename, pattern) for pattern in self.index)


def from_inside(patterns: tuple[str, ...], folder: str) -> tuple[str, ...]:
    """The patterns that open with the folder a root is, from inside it. Rule folders are named
    from the project's top (``.claude/rules/*.md``), but Claude Code reads a project's CLAUDE.md
    kept inside ``.claude/`` as well as at the top, and that file makes ``.claude`` a root of its
    own: from there its rules are ``rules/*.md``. Without this they belonged to neither root, the
    top's nor ``.claude``'s, and were neither read nor published."""
    prefix = folder + "/"
    return tuple(pattern[len(prefix):] for pattern in patterns if pattern.startswith(prefix))


def _dated(name: str, role: str, patterns: tuple[str, ...], example: str) -> DirectoryKind:
    """A directory of dated notes of another convention: no template, no edges."""
    return DirectoryKind(name, role, tuple(compile_pattern(p) for p in patterns), (), None,
                         example, origin="convention")


#: The names a dated note of any tool takes (a day, a day and a slug or time).
DATED_NAMES = ("YYYY-MM-DD.md", "YYYY-MM-DD-slug.md", "YYYY-MM-DD-HHmm.md", "YYYY_MM_DD_*.md")


def dated_folder(name: str) -> DirectoryKind:
    """A folder of dated notes in a root of no known convention (``reflections/``): a timeline
    of its own, read (and so scanned and published) like a convention's daily notes."""
    return _dated(name, LIBRARY, DATED_NAMES, "2026-06-27.md")


def _folder(name: str, example: str) -> DirectoryKind:
    """A bank's subfolder of free-named notes (``memory-bank/tasks/``): its files belong to
    the bank, curated, any name."""
    return DirectoryKind(name, LIBRARY, (compile_pattern("*.md"),), (), None, example,
                         origin="convention")


def _file(target: str, weight: float = 0.5) -> Marker:
    return Marker(FILE, target, "", weight)


PROTOCOL = Convention(
    name="continuity", title="Continuity protocol",
    markers=(
        _file(f"*/{TEMPLATE_NAME}", DECISIVE),
        Marker(HEADING, "[A-Z]*.md", "Mesh index", DECISIVE),
        _file("AGENTS.promptinclude.md", DECISIVE),
        Marker(CONTENT, "[A-Z]*.md", r"\A---\n(?:(?!---)[^\n]*\n)*?parent:\s*\S", DECISIVE,
               "a state file declaring its parent:"),
        Marker(HEADING, "STATE.md", "Next valid action", DECISIVE),
        Marker(ENTRIES, "journal", "YYYY-MM-DD-turn-N.md", DECISIVE),
        Marker(ENTRIES, "memory", "(semantic|procedural|episodic|working)-topic-slug.md",
               DECISIVE),
        Marker(ENTRIES, "snapshots", "YYYY-MM-DDTHH-MM-SS.md", 0.5),
        _file("CONTEXT_BUDGET.md", 0.5),
        _file("SNAPSHOT.md", 0.5),
        _file("continuity.toml", DECISIVE),
        Marker(ENTRIES, "completed", "YYYY-MM-DD-task-slug.md", 0.25),
        Marker(ENTRIES, "reflections", "YYYY-MM-DD-topic-slug.md", 0.25),
    ),
    kinds=None, rules=("CT",), not_rules=CONVENTION_RULES, site="protocol",
    source="the protocol's README and its ENTRY.template.md files (templates/entries/SOURCE.txt)",
)

#: Where Claude Code keeps memory: a subagent's (``.claude/agent-memory/<agent>/``, project
#: scope, and ``agent-memory-local``) and the auto memory of a project
#: (``.claude/projects/<project>/memory/``, in the user's ``~/.claude``).
CLAUDE_FOLDERS = ("*/.claude/agent-memory/*", "*/.claude/agent-memory-local/*",
                  "*/.claude/projects/*/memory")

CLAUDE = Convention(
    name="claude", title="Claude Code agent memory",
    markers=(
        *(Marker(PATH, folder, weight=DECISIVE) for folder in CLAUDE_FOLDERS),
        # A repository's own memory/MEMORY.md is Claude's only with topic files as Claude
        # writes them (frontmatter type: user|feedback|project|reference, at the top level or,
        # as newer versions write it, under ``metadata:``) and an index.
        Marker(PATH, "*/memory", weight=0.25),
        _file("MEMORY.md", 0.25),
        Marker(CONTENT, "MEMORY.md", r"(?m)^\s*[-*]\s*\[[^\]]+\]\([\w./-]+\.md\)", 0.25,
               "MEMORY.md listing topic files"),
        Marker(CONTENT, "[!M]*.md",
               r"\A---\n(?:[^\n]*\n){0,8}?(?:metadata:[ \t]*\n(?:[ \t]+[^\n]*\n){0,6}?[ \t]+)?"
               r"type:\s*(user|feedback|project|reference)\s*\n", 0.5,
               "topic files with Claude's type: frontmatter"),
    ),
    living=("*.md",), index=("MEMORY.md",), kinds=(),
    # Claude's own folders are a root by their path and a Markdown file, index or not: a
    # repository that committed its auto memory's topic files but not MEMORY.md (set 51, a
    # dashboard's ``.claude/projects/<project>/memory/project_ir_engine.md``) made no root.
    root_signs=(RootSign(("*.md",), where=CLAUDE_FOLDERS, says="{0} (Claude Code's memory)",
                         folder_names=True),),
    rules=("CT701", "CT702"), site="index",
    source="https://code.claude.com/docs/en/memory (Auto memory), "
           "https://code.claude.com/docs/en/sub-agents (Enable persistent memory)",
)

#: The agent instruction files at a directory, each read whole by its tool at the start of a
#: session: Claude Code's, Codex's (and every agents.md tool's), Gemini CLI's, and the legacy
#: single files of Cursor, Windsurf, Cline and Roo Code.
INSTRUCTION_FILES: tuple[str, ...] = (
    "CLAUDE.md", "CLAUDE.local.md", "AGENTS.md", "AGENTS.override.md", "GEMINI.md",
    ".cursorrules", ".windsurfrules", ".clinerules", ".roorules",
    # Replit Agent's project memory: created at the project's top, read into every request,
    # and updated by the agent as it learns the project.
    "replit.md")

#: What a memory bank reads at its folder: its Markdown files, and the agent instruction files
#: beside them where the bank is kept at a project's top (vanzan01's Cursor bank writes
#: tasks.md and activeContext.md beside the `.cursorrules` that loads its rules; Cline's and
#: Roo's banks sit beside `.clinerules` and `.roorules`): a bank's own instructions, read and
#: published with it, not a file of no root.
BANK_LIVING: tuple[str, ...] = ("*.md", *INSTRUCTION_FILES)

CLINE_CORE = ("projectbrief.md", "productContext.md", "activeContext.md", "systemPatterns.md",
              "techContext.md", "progress.md")

CLINE = Convention(
    name="cline", title="Cline memory bank",
    # projectbrief.md is what tells Cline's bank from Roo Code's (activeContext.md,
    # decisionLog.md, no projectbrief.md), and four of the six core files from Cursor's
    # (projectbrief.md, activeContext.md, progress.md beside tasks.md, creative/, reflection/):
    # without them the weights stay below RECOGNISED, unless the other five core files are
    # all there (in a folder named memory-bank: exactly RECOGNISED).
    markers=(
        Marker(PATH, "*/memory-bank", weight=0.1),
        _file("projectbrief.md", 0.4), _file("activeContext.md", 0.2),
        _file("productContext.md", 0.2), _file("systemPatterns.md", 0.2),
        _file("techContext.md", 0.2), _file("progress.md", 0.1),
        _file("tasks.md", -0.3), _file("creative", -0.3), _file("reflection", -0.3),
        _file("decisionLog.md", -0.5), _file("tasks/_index.md", -0.3),
        _file("tasks/TASK*.md", -0.3),
    ),
    living=BANK_LIVING, kinds=(
        _dated("journal", LIBRARY, ("YYYY-MM-DD.md", "YYYY-MM-DD-slug.md", "YYYY_MM_DD_*.md"),
               "2026-06-27.md"), _folder("tasks", "TASK001-login.md")),
    required=CLINE_CORE, rules=("CT711",), site="state",
    source="https://docs.cline.bot/best-practices/memory-bank (Core Files (Required))",
    # Two core files make a bank (one in a folder named so): Roo Code's, Cursor's and
    # Copilot's banks too, told apart by the markers.
    root_signs=(RootSign(CLINE_CORE, 2, says="{0} (a memory bank)"),
                RootSign(CLINE_CORE, 1, where=("*/memory-bank", "*/.memory-bank"),
                         says="{0} (a memory bank)")),
)

OPENCLAW = Convention(
    name="openclaw", title="OpenClaw workspace",
    markers=(
        _file("SOUL.md", 0.4), _file("AGENTS.md", 0.2), _file("HEARTBEAT.md", 0.3),
        _file("USER.md", 0.15), _file("IDENTITY.md", 0.15), _file("TOOLS.md", 0.15),
        _file("MEMORY.md", 0.15), _file("BOOTSTRAP.md", 0.15),
        _file(".openclaw/workspace-state.json", DECISIVE), _file("openclaw.json*", 0.5),
        Marker(ENTRIES, "memory", "YYYY-MM-DD.md", 0.3),
    ),
    # The workspace's files, and the other agents' instruction files beside them: a
    # workspace kept in git is also a project other agents work in (Claude Code reads the
    # CLAUDE.md committed at its top every session), read as a Spec Kit root reads them.
    living=tuple(dict.fromkeys((
        "AGENTS.md", "SOUL.md", "USER.md", "IDENTITY.md", "TOOLS.md", "HEARTBEAT.md",
        "MEMORY.md", "BOOTSTRAP.md", "BOOT.md", *INSTRUCTION_FILES))),
    index=("MEMORY.md",),
    kinds=(_dated("memory", LIBRARY, ("YYYY-MM-DD.md", "YYYY-MM-DD-slug.md",
                                      "YYYY-MM-DD-HHmm.md"), "2026-06-27.md"),),
    rules=("CT721",), site="timeline", memory_in=None,
    # Its daily notes' folder is the workspace's own, even where it keeps a MEMORY.md of its
    # own (memory/MEMORY.md beside the notes): never a root apart, so its notes are read.
    owns=("memory",), keeps=("memory/MEMORY.md", "memory/memory.md"),
    # openclaw.json with a workspace file beside it (a backup of it in a config folder is a
    # file of the workspace above, not a workspace of its own).
    root_signs=(RootSign(("openclaw.json",), beside=("AGENTS.md", "SOUL.md", "HEARTBEAT.md",
                                                       "IDENTITY.md", "USER.md", "TOOLS.md")),),
    source="https://docs.openclaw.ai/concepts/agent-workspace, "
           "https://docs.openclaw.ai/reference/templates/AGENTS (daily notes)",
)

#: What an OpenClaw state directory holds beside its openclaw.json (OpenClaw's FAQ, "Where does
#: OpenClaw store its data"): one of these makes it one.
OPENCLAW_STATE_FOLDERS = ("identity", "devices", "agents", "credentials")

#: Sections of OpenClaw's configuration file, as a key at a line's start.
OPENCLAW_CONFIG_KEYS = r'(?m)^[\s{]*"?(?:gateway|channels|agents|models)"?\s*:'

OPENCLAW_STATE = Convention(
    name="openclaw-state", title="OpenClaw state directory",
    markers=(_file("openclaw.json*", 0.5),
             # Its own sections (the configuration reference: gateway, channels, agents,
             # models; JSON5, so a key may go unquoted): a file of OpenClaw's, not a copy
             # of another program's settings under the name.
             Marker(CONTENT, "openclaw.json", OPENCLAW_CONFIG_KEYS, 0.5,
                    says="openclaw.json (OpenClaw's configuration)"),
             *(_file(folder, 0.3) for folder in OPENCLAW_STATE_FOLDERS),
             _file("identity/device.json", 0.6), _file("agents/*/agent", 0.6),
             # A workspace is OpenClaw's memory, beside or inside its state directory.
             *(_file(name, -0.5) for name in ("AGENTS.md", "SOUL.md", "HEARTBEAT.md"))),
    # The agent's configuration and keys, not memory to read: nothing is published of it.
    # The check scans every file committed in it for credentials (CT601), and the workspace
    # in it (workspace/) is a memory root of its own.
    living=("openclaw.json",), kinds=(), memory_in=None, site="state",
    # openclaw.json beside one of its folders; or, with openclaw.json git-ignored, two of the
    # files only OpenClaw writes there.
    root_signs=(RootSign(("openclaw.json",), beside=OPENCLAW_STATE_FOLDERS,
                         says="{0} (an OpenClaw state directory)"),
                # Or alone at the repository's top (beside .git): a state directory kept in
                # git with its folders ignored, or a deployment's configuration; either holds
                # the gateway token and the channels' bot tokens by design (survey 38). Deeper
                # alone, it is a copy (a workspace's config/ folder), not a directory's own.
                RootSign(("openclaw.json",), beside=(".git",),
                         says="{0} (OpenClaw's configuration)"),
                RootSign(("identity/device.json", "identity/device-auth.json",
                          "devices/paired.json", "exec-approvals.json"), at_least=2,
                         says="{0} (an OpenClaw state directory)")),
    source="https://docs.openclaw.ai/help/faq/where-things-live-on-disk (openclaw.json, "
           "credentials/, agents/<agentId>/agent/, secrets.json)",
)

#: Keys of GSD's settings file, `.planning/config.json` (get-shit-done/templates/config.json
#: and the keys later versions add), as a JSON key: a config.json of another program has none.
GSD_SETTINGS_KEYS = r'"(?:parallelization|plan_check|commit_docs|model_profile|granularity)"\s*:'

GSD = Convention(
    name="gsd", title="GSD planning",
    markers=(
        Marker(FRONTMATTER, "STATE.md", "gsd_state_version", DECISIVE),
        Marker(PATH, "*/.planning", weight=0.5),
        # In a `.planning/`, any two of the files its root sign names (below) make GSD's
        # tree, so each weighs a quarter: a planning folder of PROJECT.md, ROADMAP.md,
        # REQUIREMENTS.md and its config.json, no STATE.md or phases/ yet, was found as a
        # root and then said to follow no convention (set 40).
        _file("STATE.md", 0.25), _file("ROADMAP.md", 0.25), _file("REQUIREMENTS.md", 0.25),
        _file("PROJECT.md", 0.25), _file("phases", 0.25),
        # GSD's settings by their own keys (its templates/config.json): another program's
        # config.json is not evidence.
        Marker(CONTENT, "config.json", GSD_SETTINGS_KEYS, 0.25,
               says="config.json (GSD's settings)"),
    ),
    living=("*.md",), kinds=(), rules=("CT731", "CT732"), site="phases",
    owns=("phases", "milestones", "quick", "research", "todos", "codebase", "debug"),
    memory_in=(".planning",),
    # A `.planning/` whose STATE.md is not (yet) kept is GSD's all the same by its other
    # files: its config.json, PROJECT.md, ROADMAP.md, REQUIREMENTS.md, phases/.
    root_signs=(RootSign(("config.json", "PROJECT.md", "ROADMAP.md", "REQUIREMENTS.md", "phases"),
                         2, where=("*/.planning",), says="{0} (GSD planning)"),),
    source="https://github.com/gsd-build/get-shit-done (get-shit-done/templates/state.md)",
)

GPTME = Convention(
    name="gptme", title="gptme agent workspace",
    # gptme.toml alone is a code project giving gptme its context files: a workspace also
    # keeps a journal/.
    markers=(
        _file("gptme.toml", 0.6),
        Marker(ENTRIES, "journal", "YYYY-MM-DD*", 0.5),
        _file("ARCHITECTURE.md", 0.2), _file("ABOUT.md", 0.2), _file("TASKS.md", 0.1),
        _file("lessons", 0.1), _file("people", 0.1),
    ),
    kinds=(DirectoryKind(
        "journal", HISTORY, tuple(compile_pattern(p) for p in (
            "YYYY-MM-DD.md", "YYYY-MM-DD-slug.md", "YYYY-MM-DD/HHmmSS-topic.md",
            "YYYY-MM-DD/slug.md")),
        (), None, "2026-06-27.md", appends=True, origin="convention"),),
    rules=(), site="timeline", root_signs=(RootSign(("gptme.toml",)),),
    source="https://github.com/gptme/gptme-agent-template (ARCHITECTURE.md: journal/), "
           "https://github.com/gptme/gptme (docs/agents.rst)",
)

AGENTOPS = Convention(
    name="agentops", title="agentops .agents/",
    markers=(_file(LEDGER_PATH, DECISIVE), _file(".agents/evolve", 0.5),
             _file(".agents/findings/registry.jsonl", 0.5),
             _file(".agents/rpi/next-work.jsonl", 0.5), _file(".agents/ao", 0.5),
             _file(".agents/learnings", 0.25), _file(".agents/council", 0.25),
             _file(".agents/patterns", 0.25)),
    kinds=(), rules=("CT4",), site="ledger", memory_in=(".agents",),
    # agentops keeps .agents/ in a code repository, often without the cycle ledger yet.
    root_signs=(RootSign(tuple(f".agents/{name}" for name in (
        "evolve", "rpi", "ao", "findings", "learnings", "council", "patterns")), 2,
        says=".agents/ ({0}, ...)"),),
    source="https://github.com/boshu2/agentops (skills/evolve/references/cycle-history.md)",
)

#: A marker of this weight outweighs any sum of another convention's: a folder only one tool
#: writes (``.serena/memories``, ``.kiro/steering``), whatever file names it holds.
OWN_FOLDER = 3.0

#: JetBrains Junie's guidelines, read into every task: the default file, and the AGENTS.md
#: JetBrains' own guideline catalogue keeps in the same folder.
JUNIE_GUIDELINES: tuple[str, ...] = (".junie/guidelines.md", ".junie/AGENTS.md")

#: Grok CLI's custom instructions, which it adds to its system prompt in that project.
GROK_INSTRUCTIONS: tuple[str, ...] = (".grok/GROK.md",)

#: Google Antigravity's workspace rules: Markdown files in `.agents/rules/`, or in `.agent/rules/`
#: where Antigravity first kept them (it reads the older folder where the newer is absent), each
#: applied as its `trigger:` says (always on, by the model's decision, by glob, when named).
ANTIGRAVITY_RULES: tuple[str, ...] = (".agents/rules/*.md", ".agent/rules/*.md")

#: An agent's configuration at a project's top: its MCP servers and settings, whose `env`,
#: `headers` and `args` hold API keys (the agent state files of ``credential_files``).
AGENT_CONFIGURATION_FILES: tuple[str, ...] = (
    ".mcp.json", ".claude/settings.json", ".claude/settings.local.json", ".cursor/mcp.json",
    ".vscode/mcp.json", ".roo/mcp.json", ".kiro/settings/mcp.json", ".amazonq/mcp.json",
    ".gemini/settings.json", ".codex/config.toml")

INSTRUCTIONS = Convention(
    code_is_example=True,
    name="instructions", title="Agent instruction files",
    markers=(_file("CLAUDE.md", DECISIVE), _file("CLAUDE.local.md", DECISIVE),
             _file("GEMINI.md", DECISIVE), _file(".cursorrules", DECISIVE),
             _file(".windsurfrules", DECISIVE), _file(".clinerules", DECISIVE),
             _file(".roorules", DECISIVE), _file("replit.md", DECISIVE), _file("AGENTS.md", 0.5),
             _file(".claude/rules", 0.5),
             *(_file(name, DECISIVE) for name in (*JUNIE_GUIDELINES, *GROK_INSTRUCTIONS)),
             *(Marker(FILE, name, weight=DECISIVE, configuration=True)
               for name in AGENT_CONFIGURATION_FILES),
             # Antigravity's rule folders (a marker's glob reaches two levels, not three).
             *(_file(folder.rpartition("/")[0], DECISIVE) for folder in ANTIGRAVITY_RULES)),
    # The instruction files, and the protocol's state file names the general rules read.
    # Roo Code's mode rules as one file each (.roorules-code) are instruction files too.
    living=(*INSTRUCTION_FILES, ".roorules-*", *(f"{stem}.md" for stem in STATE_FILE_NAMES)),
    kinds=(), rules=("CT74", "CT782"), site="catalogue", fallback=True, memory_is_files=True,
    # Rule folders read as rules: Claude Code's .claude/rules/ and Cline's .clinerules/ (each
    # Markdown file at its top a rule Cline combines into every session; its workflows/ are
    # commands run on request, not rules), and JetBrains Junie's guidelines, the one file of
    # .junie/ Junie adds to every task (its MCP settings beside it are not instructions), and
    # Grok CLI's .grok/GROK.md (its settings.json beside it is not instructions either), and
    # Antigravity's workspace rules (its skills/ and workflows/ beside them run on request).
    memory_in=(".claude/rules", ".clinerules", ".junie", ".grok", ".agents/rules",
               ".agent/rules"),
    rule_files=(".claude/rules/*.md", ".claude/rules/*/*.md", ".clinerules/*.md",
                *JUNIE_GUIDELINES, *GROK_INSTRUCTIONS, *ANTIGRAVITY_RULES),
    loaded=(*INSTRUCTION_FILES, ".roorules-*"),
    # An agent's configuration alone (.mcp.json, Claude Code's settings) makes a root too: no
    # instruction file to judge, but the agent state files CT601 reads from the top (their
    # keys, a committed .env) are scanned where they would otherwise make no root at all.
    root_signs=(RootSign(("CLAUDE.md", "CLAUDE.local.md", "GEMINI.md", ".cursorrules",
                          ".windsurfrules", "replit.md"), says="{0} (agent instructions)"),
                # Cline's and Roo Code's rules as one file at the workspace's top, and Cline's
                # folder form, .clinerules/ with Markdown rules in it, as Cline reads both.
                RootSign((".clinerules", ".roorules"), says="{0} (agent instructions)",
                         file_only=True),
                RootSign((".clinerules/*.md",), says="{0} (Cline rules)"),
                RootSign(JUNIE_GUIDELINES, says="{0} (Junie guidelines)"),
                RootSign(GROK_INSTRUCTIONS, says="{0} (Grok CLI instructions)"),
                RootSign(ANTIGRAVITY_RULES, says="{0} (Antigravity rules)"),
                RootSign(AGENT_CONFIGURATION_FILES, says="{0} (an agent's configuration)")),
    source="https://code.claude.com/docs/en/memory (CLAUDE.md imports), "
           "https://developers.openai.com/codex/guides/agents-md (project_doc_max_bytes), "
           "https://github.com/google-gemini/gemini-cli/blob/main/docs/core/memport.md, "
           "https://docs.windsurf.com/windsurf/cascade/memories (rules), "
           "https://docs.replit.com/features/project-setup/replit-dot-md (replit.md), "
           "https://docs.cline.bot/features/cline-rules/overview (.clinerules/: all its .md "
           "files combined, the recommended form), "
           "https://www.jetbrains.com/help/junie/customize-guidelines.html (.junie/guidelines.md "
           "added to every task; .junie/AGENTS.md in JetBrains/junie-guidelines), "
           "https://github.com/superagent-ai/grok-cli (.grok/GROK.md: custom instructions), "
           "https://antigravity.google/docs/rules-workflows (workspace rules: .agents/rules/, "
           "formerly .agent/rules/)",
)

#: A Kiro spec's files, in its folder of ``.kiro/specs/`` (kiro.dev/docs/specs): requirements.md
#: (bugfix.md for a bugfix spec), design.md and tasks.md. Its ``.config.kiro`` is Kiro's own
#: (the spec's id and workflow), not read.
#: cc-sdd (gotalab/cc-sdd), which writes Kiro's specs for Claude Code, Cursor, Gemini CLI and
#: others, keeps its discovery log beside them, ``research.md`` (its spec-design command: "create
#: or update .kiro/specs/<feature>/research.md"), and its own ``spec.json`` (phase, approvals).
KIRO_SPEC_FILES: tuple[str, ...] = ("requirements.md", "bugfix.md", "design.md", "tasks.md",
                                    "research.md")

#: The word "requirement" in the languages a spec is written in: cc-sdd writes its documents in
#: spec.json's ``language`` (tools/cc-sdd/src/constants/languages.ts: ja, en, zh-TW, zh, es,
#: pt, de, fr, ru, it, ko, ar, el), and its agents translate the heading and the reference too:
#: ``### 要件1: …`` over ``_要件: 1.1, 1.2_`` as often as ``### Requirement 1`` (Kiro's own
#: English). Singular and plural stems, matched case-blind.
SPEC_REQUIREMENT_WORDS: tuple[str, ...] = (
    "Requirements?", "要件", "需求", "Requisitos?", "Anforderung(?:en)?", "Exigences?",
    "Требовани[ея]", "요구 ?사항", "(?:ال)?متطلبات?", "Απαιτήσ(?:η|εις)")

KIRO = Convention(
    code_is_example=True,
    name="kiro", title="Kiro steering and specs",
    # Steering and specs are each a folder only Kiro writes: a repository with specs and no
    # steering is Kiro's too, its .kiro/specs a root of its own beside .kiro/steering.
    markers=(Marker(PATH, "*/.kiro/steering", weight=OWN_FOLDER),
             Marker(PATH, "*/.kiro/specs", weight=OWN_FOLDER)),
    living=("*.md",), kinds=(), rules=("CT75",), site="catalogue",
    specs=tuple(f"*/{name}" for name in KIRO_SPEC_FILES),
    root_signs=(RootSign(("*.md",), where=("*/.kiro/steering",), says="{0} (Kiro steering)"),
                RootSign(tuple(f"*/{name}" for name in KIRO_SPEC_FILES),
                         where=("*/.kiro/specs",), says="{0} (Kiro spec)")),
    source="https://kiro.dev/docs/steering/ (inclusion modes), https://kiro.dev/docs/specs/ "
           "(requirements.md or bugfix.md, design.md, tasks.md), "
           "https://kiro.dev/docs/specs/concepts (EARS requirements, trackable tasks)",
)

CURSOR = Convention(
    code_is_example=True,
    name="cursor", title="Cursor rules",
    # Cursor reads the rules in folders of .cursor/rules too (BMAD's .cursor/rules/bmad/*.mdc):
    # such a folder is a root of its own.
    markers=(Marker(PATH, "*/.cursor/rules", weight=OWN_FOLDER),
             Marker(PATH, "*/.cursor/rules/*", weight=OWN_FOLDER)),
    living=("*.mdc", "*.md"), kinds=(), rules=("CT76",), site="catalogue",
    root_signs=(RootSign(("*.mdc",), where=("*/.cursor/rules", "*/.cursor/rules/*"),
                         says="{0} (Cursor rules)"),),
    source="https://docs.cursor.com/context/rules (rule anatomy: description, globs, "
           "alwaysApply)",
)

WINDSURF = Convention(
    code_is_example=True,
    name="windsurf", title="Windsurf rules",
    markers=(Marker(PATH, "*/.windsurf/rules", weight=OWN_FOLDER),),
    living=("*.md",), kinds=(), rules=("CT78",), site="catalogue",
    root_signs=(RootSign(("*.md",), where=("*/.windsurf/rules",),
                         says="{0} (Windsurf rules)"),),
    source="https://docs.windsurf.com/windsurf/cascade/memories (Rules: activation modes, "
           "12,000 characters a file)",
)

#: Where Roo Code reads its rules: ``.roo/rules/`` for every mode, ``.roo/rules-{mode}/`` for
#: one, each with its folders (read recursively: a folder inside is a root of its own).
ROO_RULES_FOLDERS = ("*/.roo/rules", "*/.roo/rules/*", "*/.roo/rules-*")

ROO_RULES = Convention(
    code_is_example=True,
    name="roo-rules", title="Roo Code rules",
    markers=tuple(Marker(PATH, folder, weight=OWN_FOLDER) for folder in ROO_RULES_FOLDERS),
    living=("*.md", "*.txt"), kinds=(), rules=(), site="catalogue",
    root_signs=(RootSign(("*.md", "*.txt"), where=ROO_RULES_FOLDERS,
                         says="{0} (Roo Code rules)"),),
    source="https://docs.roocode.com/features/custom-instructions (workspace rules: "
           ".roo/rules/ and .roo/rules-{modeSlug}/, read recursively in alphabetical order; "
           ".roorules only where the folder is missing or empty)",
)

COPILOT = Convention(
    code_is_example=True,
    name="copilot", title="GitHub Copilot instructions",
    markers=(_file("copilot-instructions.md", DECISIVE),
             _file("instructions/*.instructions.md", DECISIVE),
             Marker(PATH, "*/.github", weight=0.5)),
    living=("copilot-instructions.md",), kinds=(), rules=("CT77",), site="catalogue",
    memory_in=("instructions",), memory_is_files=True,
    rule_files=("instructions/*.instructions.md", "instructions/*/*.instructions.md"),
    root_signs=(RootSign(("copilot-instructions.md", "instructions/*.instructions.md"),
                         where=("*/.github",), says="{0} (Copilot instructions)"),),
    source="https://docs.github.com/en/copilot/customizing-copilot/"
           "adding-repository-custom-instructions-for-github-copilot (applyTo)",
)

SERENA = Convention(
    name="serena", title="Serena memories",
    markers=(Marker(PATH, "*/.serena/memories", weight=OWN_FOLDER),),
    living=("*.md",), kinds=(), rules=(), site="state",
    root_signs=(RootSign(("*.md",), where=("*/.serena/memories",),
                         says="{0} (Serena memories)"),),
    source="https://github.com/oraios/serena (Memories & Onboarding: .serena/memories/)",
)

SPECKIT = Convention(
    code_is_example=True,
    name="speckit", title="Spec Kit",
    markers=(_file(".specify/memory/constitution.md", 2.0), _file(".specify", 0.5),
             _file("specs/*/spec.md", 0.5),
             # Its first layout, before .specify/: what `specify init` wrote at the project's
             # top, the constitution in memory/ and the templates its commands copy. Spec Kit's
             # own source keeps the same two as what it copies: not a project's memory.
             _file("memory/constitution.md", 0.5), _file("templates/spec-template.md", 0.5),
             _file("src/specify_cli", -2.0)),
    # Spec Kit lives at the repository's top, beside the agent instruction files it writes.
    living=INSTRUCTIONS.living, kinds=(), rules=("CT74", "CT79"), site="features",
    memory_in=(".specify", "specs"), memory_is_files=True,
    # .specify/ is its first layout moved into a folder (memory/, scripts/, templates/): the
    # top's, never a root of its own.
    owns=(".specify",),
    root_signs=(RootSign((".specify/memory/constitution.md",), says="{0} (Spec Kit)"),
                RootSign(("memory/constitution.md",), beside=("templates",),
                         says="{0} (Spec Kit's first layout)")),
    source="https://github.com/github/spec-kit (spec-driven.md, templates/tasks-template.md, "
           "memory/constitution.md)",
)

ROO_CORE = ("activeContext.md", "productContext.md", "progress.md", "decisionLog.md",
            "systemPatterns.md")

TASKMASTER = Convention(
    name="taskmaster", title="Task Master",
    markers=(Marker(PATH, "*/.taskmaster/tasks", weight=OWN_FOLDER),),
    living=("tasks.json",), kinds=(), rules=("CT80",), site="tasks", memory_is_files=True,
    root_signs=(RootSign(("tasks.json",), where=("*/.taskmaster/tasks",),
                         says="{0} (Task Master tasks)"),),
    source="https://docs.task-master.dev/docs/capabilities/task-structure (task fields, "
           "dependencies, statuses; validate-dependencies)",
)

#: Backlog.md's folders in ``backlog/`` (src/constants/index.ts): tasks, drafts, done tasks
#: moved off the board, archived tasks, decisions, documents, milestones.
BACKLOG_FOLDERS = ("tasks", "drafts", "completed", "archive", "decisions", "docs", "milestones")

#: Backlog.md's configuration inside its folder, by either name (src/constants/index.ts,
#: DEFAULT_FILES.CONFIG and CONFIG_YAML; src/utils/backlog-directory.ts reads the first found).
BACKLOG_CONFIGS = ("config.yml", "config.yaml")

#: Its configuration at the project's top, ``backlog.config.yml`` (DEFAULT_FILES.ROOT_CONFIG):
#: with a ``project_name``, it is the project's configuration, and its ``backlog_directory``
#: names the folder of tasks, a custom project-relative path as ``backlog init --backlog-dir``
#: writes it; naming none, the folder is ``backlog/`` or ``.backlog/``
#: (src/utils/backlog-directory.ts, resolveBacklogDirectory, parseBacklogConfigMetadata).
BACKLOG_ROOT_CONFIG = NamedFolder("backlog.config.yml", ("backlog_directory", "backlogDirectory"),
                                  requires=("project_name", "projectName"),
                                  default=("backlog", ".backlog"))

BACKLOG = Convention(
    name="backlog", title="Backlog.md",
    # config.yml as only Backlog.md writes it (project_name and statuses, serializeConfig), or
    # a folder named backlog/ (or .backlog/) holding its task files.
    markers=tuple(Marker(CONTENT, name,
                         r"(?ms)\A(?=.*?^project_name[ \t]*:)(?=.*?^statuses[ \t]*:)",
                         OWN_FOLDER, f"{name} with project_name: and statuses:")
                  for name in BACKLOG_CONFIGS) + (
             Marker(PATH, "*/backlog", weight=0.5), Marker(PATH, "*/.backlog", weight=0.5),
             _file("tasks/task-*.md", 0.5)),
    # Tasks are edited and moved between folders by design (a status set, a task completed or
    # archived): every folder is curated, none append-only.
    living=BACKLOG_CONFIGS, kinds=tuple(_folder(name, "task-1 - Title.md")
                                        for name in BACKLOG_FOLDERS),
    owns=BACKLOG_FOLDERS, rules=("CT81",), site="board", memory_is_files=True,
    root_signs=(RootSign((*BACKLOG_CONFIGS, "tasks"), where=("*/backlog", "*/.backlog"),
                         says="{0} (Backlog.md)"),),
    # A folder of any name that the top's backlog.config.yml names is its own.
    named_folders=(BACKLOG_ROOT_CONFIG,),
    source="https://github.com/MrLesk/Backlog.md (src/markdown/parser.ts, "
           "src/file-system/operations.ts, src/utils/task-id.ts, src/board.ts, "
           "src/utils/backlog-directory.ts, src/constants/index.ts; v1.50.1)",
)

#: Sisyphus's folder of plans, as oh-my-opencode's Prometheus writes them and its Atlas works
#: through them (``.sisyphus/plans/{name}.md``: task checkboxes ``- [ ]``, ticked ``- [x]``).
SISYPHUS_PLANS = "plans"

#: The notepad files of a plan, one folder per plan (``notepads/{plan-name}/``), as Atlas's
#: prompt sets them up ("learnings.md  # Conventions, patterns", decisions.md, issues.md,
#: problems.md) and tells every subagent to append to, "never overwrite, never use Edit tool"
#: (src/agents/atlas/default-prompt-sections.ts, shared-prompt.ts).
SISYPHUS_NOTEPADS = ("learnings", "decisions", "issues", "problems")

#: The active work's state, written by /start-work (src/features/boulder-state/storage.ts).
BOULDER_FILE = "boulder.json"

#: oh-my-opencode's own folder (BOULDER_DIR), by version: ``.sisyphus/`` until 5dca1a5
#: ("migrate legacy sisyphus state to omo"), ``.omo/`` since (packages/boulder-state/src/
#: constants.ts: ``.omo/boulder.json``, ``.omo/plans``, ``.omo/notepads``), the same files in it.
#: Repositories keep either, or both (the old folder beside its migrated copy).
SISYPHUS_FOLDERS: tuple[str, ...] = (".sisyphus", ".omo")

SISYPHUS = Convention(
    # A plan is the instructions Atlas executes, its examples fenced ("GOOD: POST with
    # {password: '...'}"); a notepad is what the agents learnt, where a value pasted is one kept.
    code_is_example=True, example_files=(f"{SISYPHUS_PLANS}/*.md", "drafts/*.md"),
    name="sisyphus", title="Sisyphus (oh-my-opencode)",
    # .sisyphus/ (.omo/ since 5dca1a5) is oh-my-opencode's own folder (BOULDER_DIR):
    # boulder.json or a plan in it.
    markers=(*(Marker(PATH, f"*/{folder}", weight=0.5) for folder in SISYPHUS_FOLDERS),
             _file(BOULDER_FILE, DECISIVE), _file(f"{SISYPHUS_PLANS}/*.md", DECISIVE)),
    living=(BOULDER_FILE,),
    # Plans are edited by design (a task ticked); drafts are deleted once a plan is written;
    # notepads only ever grow (appended to by each task's subagent): a log each. evidence/
    # holds raw output (test runs, API transcripts): scanned for credentials as every file of
    # the folder, never published.
    kinds=(_folder(SISYPHUS_PLANS, "add-login.md"), _folder("drafts", "add-login.md"),
           DirectoryKind("notepads", HISTORY, tuple(compile_pattern(f"*/{name}.md")
                                                    for name in SISYPHUS_NOTEPADS),
                         (), None, "add-login/learnings.md", appends=True,
                         origin="convention")),
    owns=(SISYPHUS_PLANS, "drafts", "notepads", "evidence"),
    rules=("CT84",), site="plans",
    root_signs=(RootSign((BOULDER_FILE, f"{SISYPHUS_PLANS}/*.md"),
                         where=tuple(f"*/{folder}" for folder in SISYPHUS_FOLDERS),
                         says="{0} (Sisyphus)"),),
    source="https://github.com/code-yeongyu/oh-my-openagent (src/features/boulder-state/"
           "constants.ts, storage.ts; src/agents/atlas/default-prompt-sections.ts, "
           "shared-prompt.ts; at 5dca1a5, before .sisyphus/ became .omo/; "
           "packages/boulder-state/src/constants.ts at 346a054: BOULDER_DIR .omo)",
)

#: Aider's files at the project's top (aider/args.py, v0.86: --chat-history-file,
#: --input-history-file, --llm-history-file; the config file .aider.conf.yml).
AIDER_CHAT = ".aider.chat.history.md"
AIDER_INPUT = ".aider.input.history"
AIDER_LLM = ".aider.llm.history"
AIDER_CONF = ".aider.conf.yml"

AIDER = Convention(
    name="aider", title="Aider",
    markers=(_file(AIDER_CHAT, DECISIVE), _file(AIDER_INPUT, DECISIVE), _file(AIDER_CONF, 0.5),
             _file(AIDER_LLM, 0.5), _file(".aiderignore", 0.5)),
    # Its histories are appended to by Aider (opened for appending, each session after the
    # last): read as living files, so that every committed version is read for credentials
    # (CT605), and judged append-only (CT823). The conf is living; .aiderignore and the tags
    # cache (.aider.tags.cache.v*/, a SQLite database) are never read.
    living=(AIDER_CHAT, AIDER_INPUT, AIDER_LLM, AIDER_CONF), kinds=(),
    append_only_files=(AIDER_CHAT, AIDER_INPUT, AIDER_LLM),
    # A chat's text is a transcript, not a document: its links, placeholders and raw HTML
    # are the code and words of the moment (an <script> the model wrote), not the memory's;
    # the site's chat page escapes the prompts and sanitises the replies.
    rules=("CT82",), not_rules=("CT107", "CT111", "CT604"), site="chat", memory_is_files=True,
    companion=True,
    root_signs=(RootSign((AIDER_CHAT, AIDER_INPUT), says="{0} (Aider)", file_only=True),),
    source="https://github.com/Aider-AI/aider (aider/io.py, aider/main.py, aider/args.py; "
           "v0.86)",
)

#: The folder of rules vanzan01's Cursor memory bank installs (its modes, VAN to ARCHIVE,
#: each writing the bank), beside the bank's folder: the bank is that tool's, whatever files
#: a fork's commands add to it (a decisionLog.md of ADR references, CosmoFysionDAO's fork).
CURSOR_BANK_RULES = Marker(FILE, f"{BESIDE}.cursor/rules/isolation_rules", "", 1.5,
                           "the Cursor memory bank's rules beside it "
                           "(.cursor/rules/isolation_rules/)")

ROO = Convention(
    name="roo", title="Roo Code memory bank",
    markers=(_file("decisionLog.md", 0.6), *(_file(name, 0.15) for name in ROO_CORE
                                             if name != "decisionLog.md"),
             Marker(PATH, "*/memory-bank", weight=0.1), _file("tasks.md", -0.3),
             _file("tasks/_index.md", -0.3),
             Marker(FILE, CURSOR_BANK_RULES.target, "", -0.5)),
    living=BANK_LIVING, kinds=(), required=ROO_CORE, rules=("CT711", "CT712"), site="state",
    append_only_files=("decisionLog.md",),
    root_signs=(RootSign(("decisionLog.md",), where=("*/memory-bank", "*/.memory-bank"),
                         says="{0} (a memory bank)"),),
    source="https://github.com/GreatScottyMac/roo-code-memory-bank (the five core files)",
)

CURSOR_BANK_CORE = ("tasks.md", "activeContext.md", "progress.md")

CURSOR_BANK = Convention(
    name="cursor-bank", title="Cursor memory bank",
    markers=(_file("tasks.md", 0.8), _file("creative", 0.3), _file("reflection", 0.3),
             _file("archive", 0.1), Marker(PATH, "*/memory-bank", weight=0.1),
             *(_file(name, 0.1) for name in CLINE_CORE), _file("decisionLog.md", -0.5),
             CURSOR_BANK_RULES),
    living=BANK_LIVING, required=CURSOR_BANK_CORE, rules=("CT711",), site="state",
    kinds=tuple(_folder(name, "login.md") for name in ("creative", "reflection", "archive")),
    source="https://github.com/vanzan01/cursor-memory-bank (tasks.md, the source of truth "
           "for task tracking; activeContext.md; progress.md)",
)

#: Where a memory bank is kept, by the folder's name: ``memory-bank/`` (and Copilot's
#: ``.copilot-tracking/memory-bank/``), ``.memory-bank/``, ``memory/``.
BANK_FOLDERS = ("*/memory-bank", "*/.memory-bank", "*/memory")

COPILOT_BANK = Convention(
    name="copilot-bank", title="Copilot memory bank",
    # Its task files (tasks/TASK001-name.md, tasks/_index.md) are what only it keeps: a bank
    # with a few core files and its tasks is Copilot's, not a Cline bank missing its files.
    markers=(_file("tasks/_index.md", DECISIVE), _file("tasks/TASK*.md", 0.75),
             Marker(PATH, "*/memory-bank", weight=0.1),
             *(_file(name, 0.1) for name in CLINE_CORE)),
    living=BANK_LIVING, kinds=(_folder("tasks", "TASK001-login.md"),), required=CLINE_CORE,
    rules=("CT711",), site="state",
    root_signs=(RootSign(("tasks/_index.md", "tasks/TASK*.md"), where=BANK_FOLDERS,
                         says="{0} (a Copilot memory bank)"),),
    source="https://github.com/github/awesome-copilot (instructions/memory-bank.instructions.md:"
           " Core Files (Required), tasks/_index.md)",
)

#: Memory files of tools no convention here describes (Codex-style context snapshots, a
#: session state beside a decisions log): they make a root, reported as found and judged by
#: the general rules, never silence.
UNJUDGED_MEMORY: tuple[str, ...] = ("context.snapshot.md", "memory.log", "SESSION_STATE.md")


def root_marker(directory: Path, names: set[str], config: Config) -> str | None:
    """What of another convention than the protocol's state files makes ``directory`` a
    memory root, by names alone (the root search lists 20,000 directories): a root named in
    configuration, a marker file of a convention declared there, a convention's
    :class:`RootSign` (:attr:`Convention.root_signs`), a memory file of a tool no convention
    describes, a ``journal/`` of dated entries."""
    if isinstance(config.convention, dict) and any(
            (config.base_dir / path).resolve() == directory.resolve()
            for path in config.convention if path != "*"):
        return "a root named in configuration"
    conventions = conventions_in_force(config)
    for convention in conventions:
        if convention.origin != "configuration":
            continue
        for marker in convention.markers:
            if marker.kind == FILE and marker.target in names:
                return f"{marker.target} (convention {convention.name})"
    for convention in conventions:
        for sign in convention.root_signs:
            found = sign.found(directory, names)
            if found is not None:
                return found
        for named in convention.named_folders:
            config_file = named.config_for(directory)
            if config_file is not None:
                return f"{config_file[1]} ({convention.title})"
    for name in UNJUDGED_MEMORY:
        if name in names:
            return name
    if "journal" in names and _real_directory(directory / "journal"):
        dated = _loose("YYYY-MM-DD*")
        if any(dated(entry) for entry in _listing(directory / "journal")):
            return "journal/ (dated entries)"
    return None


def owned_directories(directory: Path, config: Config) -> tuple[str, ...]:
    """The directories of the root at ``directory`` that its convention owns (never
    searched for roots of their own): recognised cheaply, by the decisive or path markers
    of conventions that own directories."""
    owners = [c for c in conventions_in_force(config) if c.owns]
    if not owners:
        return ()
    recognition = recognise(directory, config)
    return recognition.convention.owns if recognition.convention is not None else ()


#: The built-in conventions, the protocol first (it wins a tie).
BUILTIN_CONVENTIONS: tuple[Convention, ...] = (
    PROTOCOL, CLAUDE, CLINE, OPENCLAW, OPENCLAW_STATE, GSD, GPTME, AGENTOPS, SPECKIT, SERENA, KIRO, CURSOR,
    WINDSURF, ROO_RULES, COPILOT, ROO, CURSOR_BANK, COPILOT_BANK, TASKMASTER, BACKLOG,
    SISYPHUS, INSTRUCTIONS, AIDER)


# --------------------------------------------------------------------------- recognition


@dataclass(frozen=True)
class Evidence:
    """One marker found at a root."""

    convention: str
    what: str
    weight: float


@dataclass(frozen=True)
class Recognition:
    """Which convention a root follows (None: no known one), and why."""

    convention: Convention | None
    evidence: tuple[Evidence, ...] = ()
    #: Where configuration named the convention ("continuity.toml"); None when detected.
    declared: str | None = None
    #: For a root of no convention: what it holds that made it a root, for the message.
    found: tuple[str, ...] = ()

    @property
    def name(self) -> str | None:
        return self.convention.name if self.convention else None

    @property
    def is_protocol(self) -> bool:
        return self.convention is not None and self.convention.name == PROTOCOL.name

    def judges(self, code: str) -> bool:
        """Whether rule ``code`` judges this root."""
        if self.convention is None:
            return any(code.startswith(prefix) for prefix in GENERAL_RULES)
        return self.convention.judges(code)

    def explain(self, judged: bool = True) -> str:
        """'Cline memory bank (a root at */memory-bank, projectbrief.md)', or, for a root of
        no known convention, what it holds and how to declare one."""
        if self.convention is None:
            held = ", ".join(self.found) or "files"
            declare = ("declare the one it follows with `convention = \"NAME\"` in "
                       "continuity.toml (built in: " + ", ".join(
                           c.name for c in BUILTIN_CONVENTIONS) + ")")
            if not judged:
                return f"found {held}, of no known convention: not judged; {declare}"
            return (f"no known convention (found {held}): judged by the general rules only "
                    f"(dead links, placeholders, secrets); {declare}")
        if self.declared:
            return f"{self.convention.title} (declared in {self.declared})" + \
                ("" if judged else ": nothing of it to judge (no file its rules read)")
        mine = [e.what for e in self.evidence
                if e.convention == self.convention.name and e.weight > 0]
        shown = f"{self.convention.title} ({', '.join(mine[:4])})"
        if not judged:
            return f"{shown}: nothing of it to judge (no file its rules read)"
        return shown


#: What recognition reads of a marker file at most: a marker is in a file's first lines, and
#: a larger file (a hostile one, or a log) is no marker.
RECOGNITION_READ = 1024 * 1024


def _real_directory(path: Path) -> bool:
    """A directory that is not a link: recognition never follows one (it may leave the
    repository; discovery judges links, CT602)."""
    try:
        return path.is_dir() and not path.is_symlink()
    except OSError:
        return False


class _Probe:
    """What recognition reads of one root, each file at most once."""

    def __init__(self, root: Path, config: Config):
        self.root = root
        self.config = config
        self._texts: dict[str, str | None] = {}
        self._names: list[str] | None = None

    @property
    def names(self) -> list[str]:
        if self._names is None:
            try:
                self._names = sorted(os.listdir(self.root))
            except OSError:
                self._names = []
        return self._names

    def matching(self, pattern: str) -> list[str]:
        """Root-relative paths matching a glob of one or two levels."""
        if "/" not in pattern:
            return [n for n in self.names if fnmatch.fnmatchcase(n, pattern)]
        head, tail = pattern.split("/", 1)
        found = []
        for name in self.names:
            if not fnmatch.fnmatchcase(name, head) or not _real_directory(self.root / name):
                continue
            if any(ch in tail for ch in "*?["):
                try:
                    below = sorted(os.listdir(self.root / name))
                except OSError:
                    continue
                found += [f"{name}/{b}" for b in below if fnmatch.fnmatchcase(b, tail)]
            elif (self.root / name / tail).exists():
                found.append(f"{name}/{tail}")
        return found

    def text(self, relative: str) -> str | None:
        """A marker file's text: never through a link, never past RECOGNITION_READ bytes."""
        if relative not in self._texts:
            path = self.root / relative
            limit = min(self.config.max_file_size, RECOGNITION_READ)
            self._texts[relative] = read_text(path, limit, follow=False).text \
                if path.is_file() and not path.is_symlink() else None
        return self._texts[relative]

    def found(self, marker: Marker) -> str | None:
        """What of the root shows ``marker`` (for the evidence), or None."""
        if marker.kind == PATH:
            return marker.describe() if fnmatch.fnmatchcase(self.root.as_posix(),
                                                            marker.target) else None
        if marker.kind == FILE and marker.target.startswith(BESIDE):
            return self._beside(marker)
        if marker.kind == FILE:
            hits = self.matching(marker.target)
            return hits[0] + ("/" if (self.root / hits[0]).is_dir() else "") if hits else None
        if marker.kind == ENTRIES:
            return self._entries(marker)
        for relative in self.matching(marker.target):
            text = self.text(relative)
            if text is None:
                continue
            if marker.kind == HEADING:
                wanted = marker.detail.casefold()
                if any(s.title.strip().casefold() == wanted for s in MarkdownDoc(text).sections):
                    return f"{relative} with ## {marker.detail}"
            elif marker.kind == FRONTMATTER:
                front = fm.parse(text)
                if front.present and marker.detail in front.data:
                    return f"{relative} with `{marker.detail}:`"
            elif re.search(marker.detail, text):
                return marker.says or relative
        return None

    def _beside(self, marker: Marker) -> str | None:
        """A file marker written from the root's parent (``../.cursor/rules/isolation_rules``):
        the tool that keeps a bank installs its rules beside the bank's folder, and they say
        whose bank it is better than the bank's own file names. Only a real file or folder
        (never through a link), only below a root that is not a repository's top (the
        parent of that is outside the repository), and never read: its being there is the
        evidence."""
        if (self.root / ".git").exists():
            return None
        path = self.root.parent / marker.target[len(BESIDE):]
        try:
            there = path.exists() and not path.is_symlink() and not any(
                parent.is_symlink() for parent in path.parents
                if self.root.parent in parent.parents)
        except OSError:
            return None
        return (marker.says or marker.target) if there else None

    def _entries(self, marker: Marker) -> str | None:
        directory = self.root / marker.target
        if not _real_directory(directory):
            return None
        matches: Callable[[str], object] = _loose(marker.detail) if "*" in marker.detail \
            else compile_pattern(marker.detail).parse
        try:
            names = sorted(os.listdir(directory))
        except OSError:
            return None
        for name in names:
            if name.startswith(".") or name == TEMPLATE_NAME:
                continue
            if matches(name) is not None:
                return f"{marker.target}/{name}"
        return None


def _loose(text: str) -> Callable[[str], str | None]:
    """A date-led glob (``YYYY-MM-DD*.md``): a name that begins with a date."""
    glob = text.replace("YYYY", "[0-9][0-9][0-9][0-9]").replace("MM", "[0-9][0-9]") \
        .replace("DD", "[0-9][0-9]")
    return lambda name: name if fnmatch.fnmatchcase(name, glob) else None


def _score(convention: Convention, probe: _Probe) -> tuple[float, list[Evidence], bool]:
    """The convention's score at a root, the evidence shown, and whether all of it is
    configuration (:attr:`Marker.configuration`)."""
    total = 0.0
    evidence = []
    configuration_only = True
    for marker in convention.markers:
        what = probe.found(marker)
        if what is not None:
            total += marker.weight
            evidence.append(Evidence(convention.name, what, marker.weight))
            configuration_only = configuration_only and marker.configuration
    for named in convention.named_folders:
        config_file = named.config_for(probe.root)
        if config_file is not None:  # its tool's own configuration names the folder
            total += OWN_FOLDER
            evidence.append(Evidence(convention.name, config_file[1], OWN_FOLDER))
            configuration_only = False
    # Rounded: weights are tenths, and a float sum of them may miss the threshold by 1e-16
    # (Cline's five core files but projectbrief.md and its folder made 0.9999999999999999,
    # so a tree the documented weights recognise was judged as no convention).
    return round(total, 9), evidence, configuration_only


def recognise(root: Path, config: Config, found: tuple[str, ...] = ()) -> Recognition:
    """Which convention the memory root at ``root`` follows, with the evidence found.

    Configuration decides first (``convention``); else the convention with the most evidence,
    when it has at least :data:`RECOGNISED`; else none. ``found``: what made it a root (the
    root search's signal), kept for the message of a root of no convention.
    """
    key = (root, id(config), found)
    cached = _RECOGNISED.get(key)
    if cached is not None and cached[0] is config:
        return cached[1]
    recognition = _recognise(root, config, found)
    _RECOGNISED[key] = (config, recognition)
    return recognition


#: Roots recognised in this run (a root is asked of by the search, discovery and its
#: children); :func:`forget` clears them, as ``continuity.model.roots.forget`` does its own.
_RECOGNISED: dict[tuple[Path, int, tuple[str, ...]], tuple[Config, Recognition]] = {}


def forget() -> None:
    _RECOGNISED.clear()
    _NAMED_FOLDERS.clear()


def _recognise(root: Path, config: Config, found: tuple[str, ...]) -> Recognition:
    conventions = conventions_in_force(config)
    declared = _declared(root, config)
    if declared is not None:
        convention = find_convention(declared, conventions, config)
        return Recognition(convention, (), config.source)
    probe = _Probe(root, config)
    best: tuple[float, Convention | None] = (0.0, None)
    fallback: tuple[float, Convention | None] = (0.0, None)  # only where no other is
    companion: tuple[float, Convention | None] = (0.0, None)  # nor a fallback one
    evidence: list[Evidence] = []
    fallback_is_configuration = False  # the fallback found only a tool's configuration
    for convention in conventions:
        score, shown, configuration_only = _score(convention, probe)
        evidence += shown
        if score < RECOGNISED:
            continue
        if convention.companion:
            if score > companion[0]:
                companion = (score, convention)
        elif convention.fallback:
            if score > fallback[0]:
                fallback = (score, convention)
                fallback_is_configuration = configuration_only
        elif score > best[0]:
            best = (score, convention)
    if best[1] is None:
        weak = fallback[1] is None or (fallback_is_configuration and companion[1] is not None)
        best = companion if weak else fallback
    held = tuple(dict.fromkeys((*found, *(n for n in probe.names if _memory_like(n, config)
                                          and not any(f.startswith(n + " ") for f in found)))))
    return Recognition(best[1], tuple(evidence), None, held)


def _memory_like(name: str, config: Config) -> bool:
    """A root file worth naming in the message of a root of no convention."""
    return is_state_file_name(name) or name in UNJUDGED_MEMORY or name in CLINE_CORE or \
        any(fnmatch.fnmatchcase(name, pattern) for pattern in config.notes)


def _declared(root: Path, config: Config) -> str | None:
    """The convention configuration names for ``root``: ``convention = "cline"`` for every
    root, or a table of root paths (relative to the configuration) -> names."""
    value = config.convention
    if value is None:
        return None
    if isinstance(value, str):
        return value
    resolved = root.resolve()
    for path, name in value.items():
        if (config.base_dir / path).resolve() == resolved:
            return str(name)
    return value.get("*")


def find_convention(name: str, conventions: tuple[Convention, ...], config: Config
                    ) -> Convention:
    for convention in conventions:
        if convention.name == name:
            return convention
    known = ", ".join(c.name for c in conventions)
    raise ConfigError(f"{config.source}: option 'convention': no convention is called "
                      f"{name!r}{did_you_mean(name, [c.name for c in conventions])} "
                      f"(known: {known})")


def did_you_mean(given: str, known: list[str] | tuple[str, ...]) -> str:
    """'; did you mean "timeline"?' for a near miss among ``known``, else ''."""
    close = difflib.get_close_matches(given, list(known), n=1, cutoff=0.6)
    return f'; did you mean "{close[0]}"?' if close else ""


# --------------------------------------------------------------------------- configured ones

CONVENTION_KEYS = ("title", "markers", "living", "index", "history", "dated", "required",
                   "rules", "site")


def conventions_in_force(config: Config) -> tuple[Convention, ...]:
    """The built-in conventions and those declared in configuration
    (``[tool.continuity.conventions.NAME]``), a declared one replacing a built-in of its name."""
    declared: Mapping[str, Any] = config.conventions or {}
    if not declared:
        return BUILTIN_CONVENTIONS
    found = {c.name: c for c in BUILTIN_CONVENTIONS}
    for name, spec in declared.items():
        found[name] = _declared_convention(name, spec, config.source)
    # The declared ones first: they were written for this repository.
    ordered = [found[name] for name in declared] + \
        [c for c in found.values() if c.name not in declared]
    return tuple(ordered)


def _strings(value: Any, option: str, source: str) -> tuple[str, ...]:
    value = [value] if isinstance(value, str) else value
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ConfigError(f"{source}: option '{option}' must be a string or a list of strings")
    return tuple(value)


def _declared_convention(name: str, spec: Any, source: str) -> Convention:
    """A convention from configuration: ``markers`` are files (or ``dir/`` directories) whose
    presence recognises it, each decisive; ``history``/``dated`` map a directory to the naming
    pattern of its append-only entries or its dated notes; ``required`` files are CT711's."""
    option = f"conventions.{name}"
    if not isinstance(spec, Mapping):
        raise ConfigError(f"{source}: option '{option}' must be a table ({', '.join(CONVENTION_KEYS)})")
    for key in spec:
        if key not in CONVENTION_KEYS:
            raise ConfigError(f"{source}: option '{option}.{key}' is not a key of a convention"
                              f"{did_you_mean(str(key), CONVENTION_KEYS)} "
                              f"(known: {', '.join(CONVENTION_KEYS)})")
    site = spec.get("site", "state")
    if site not in SITE_SHAPES:
        raise ConfigError(f"{source}: option '{option}.site': {site!r} is not a site shape"
                          f"{did_you_mean(str(site), SITE_SHAPES)} "
                          f"(known: {', '.join(SITE_SHAPES)})")
    markers = tuple(_file(m.rstrip("/"), DECISIVE)
                    for m in _strings(spec.get("markers", []), f"{option}.markers", source))
    kinds: list[DirectoryKind] = []
    for key, role in (("history", HISTORY), ("dated", LIBRARY)):
        table = spec.get(key, {})
        if not isinstance(table, Mapping):
            raise ConfigError(f"{source}: option '{option}.{key}' must be a table of "
                              "directory -> naming pattern")
        for directory, patterns in table.items():
            texts = _strings(patterns, f"{option}.{key}.{directory}", source)
            try:
                compiled = tuple(compile_pattern(t) for t in texts)
            except PatternError as exc:
                raise ConfigError(f"{source}: option '{option}.{key}.{directory}': {exc}") \
                    from None
            kinds.append(DirectoryKind(str(directory), role, compiled, (), None, texts[0],
                                       origin="configuration"))
    required = _strings(spec.get("required", []), f"{option}.required", source)
    rules = _strings(spec.get("rules", []), f"{option}.rules", source)
    return Convention(
        name=name, title=str(spec.get("title", name)), markers=markers,
        living=_strings(spec.get("living", ["*.md"]), f"{option}.living", source),
        index=_strings(spec.get("index", []), f"{option}.index", source),
        kinds=tuple(kinds),
        required=required, rules=rules + (("CT711",) if required else ()),
        site=str(site), origin="configuration")
