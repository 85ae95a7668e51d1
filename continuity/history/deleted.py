"""Memory and agent state files a repository deleted, for a path where no memory root is left.

A repository whose CLAUDE.md, MEMORY.md or committed OpenClaw state directory was deleted has
no memory root at its newest commit, so nothing is checked there (exit 2); but git still holds
every version of those files, and a credential in one stays readable by anyone who clones
(CT605 reads the versions of a root's files, and here there is no root). The check says so,
naming the files, the commit that deleted each, and those whose versions held a credential
(its kind and the commit that brought it, never its value), rather than let "no memory root"
read as "nothing here".

One ``git log --diff-filter=D`` of the files' names directly in the folder checked, and of the
agent state files (``.env``, ``.mcp.json``, ...) in the folders directly in it: prefixes git
prunes its walk by; a ``**/`` pathspec would have git read every tree of every commit.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, replace
from pathlib import Path

from continuity.config import Config
from continuity.errors import GitUnavailable
from continuity.formats.secrets import line_column
from continuity.formats.seen_redaction import credentials_seen
from continuity.formats.test_fixtures import is_test_fixture
from continuity.formats.words import plural
from continuity.history.git import GitError, Repository, open_repository
from continuity.model import credential_files as table
from continuity.model.conventions import BUILTIN_CONVENTIONS
from continuity.model.workspace import NothingToCheck

#: Files named in the message; the rest are counted.
SHOWN = 4
#: Files whose versions are read for credentials, and versions of each (the newest).
READ = 20
VERSIONS = 100
#: Other branches asked whether they hold memory, and named.
BRANCHES = 20
SHOWN_BRANCHES = 3
def _sign_paths() -> tuple[str, ...]:
    """The files whose presence makes a memory root, as paths from the folder: the
    conventions' signs that are names, not globs (CLAUDE.md, ``.specify/memory/constitution.md``),
    those of a sign kept in a folder of its own name too (``.omo/boulder.json``,
    ``memory-bank/activeContext.md``), MEMORY.md and AGENTS.md."""
    paths: list[str] = []
    for convention in BUILTIN_CONVENTIONS:
        for sign in convention.root_signs:
            names = [name for name in sign.names if "*" not in name and "?" not in name]
            folders = [""] if not sign.where else [
                where[2:] + "/" for where in sign.where
                if where.startswith("*/") and not any(c in where[2:] for c in "*?[")]
            paths.extend(folder + name for folder in folders for name in names)
    return (*dict.fromkeys(paths), "MEMORY.md", "AGENTS.md")


#: See :func:`_sign_paths`.
_SIGNS = _sign_paths()


@dataclass(frozen=True)
class Deleted:
    """A file of agent memory deleted since: its path (from the folder checked) and the
    commit that deleted it last."""

    path: str
    commit: str  # short id
    day: str  # YYYY-MM-DD
    credentials: tuple[str, ...] = ()  # the kinds its committed versions held, never a value
    held_since: str = ""  # the commit that first brought one


def _literal(name: str) -> str:
    return ":(literal)" + name


def memory_pathspecs(base: str) -> tuple[str, ...]:
    """Pathspecs of what makes a memory root (the conventions' signs, not globs) and of the
    agent state files CT601 reads, directly in the folder ``base`` (``""``: the repository's
    top, else ``folder/``), and of the environment files and MCP configurations in the folders
    directly in it (``backend/.env``)."""
    escaped = "".join(f"[{c}]" if c in "*?[]\\" else c for c in base)
    named = [_literal(base + name) for name in _SIGNS]
    folder = base.rstrip("/")
    state = [*table.pathspecs_in(folder), *table.openclaw_pathspecs(folder)]
    # One level down, the commonest two only: each wildcard pathspec costs git a match in
    # every tree of every commit (the table's 43 took 4 s on 8,925 commits, these 0.1 s more
    # than the one below, itself 1 s more than the names above).
    below = [f":(glob){escaped}*/{name}" for name in (".env*", ".mcp.json")]
    return tuple(dict.fromkeys((*named, *state, *below)))


def _opened(directory: Path, config: Config) -> tuple[Repository, str] | None:
    """The repository holding ``directory`` and the folder's path in it (``""`` at the top,
    else ending in ``/``); None without git or without a commit."""
    repository = open_repository(directory, config.git).repository
    if repository is None or not repository.head:
        return None
    folder = directory.resolve().relative_to(repository.top.resolve()).as_posix()
    return repository, "" if folder == "." else f"{folder}/"


def deleted_memory(directory: Path, repository: Repository, base: str,
                   max_size: int) -> list[Deleted]:
    """The memory and agent state files deleted from ``directory`` (the folder ``base`` of
    ``repository``) in HEAD's history, newest deletion first, each once, with the credentials
    their committed versions held."""
    out = repository.run("log", "--no-renames", "--diff-filter=D", "--name-only", "-z",
                         "--date=short", "--format=%x01%h %ad", "HEAD", "--",
                         *memory_pathspecs(base))
    found: dict[str, Deleted] = {}
    signs = set(_SIGNS)
    for record in out.decode("utf-8", "replace").split("\x01")[1:]:
        head, _, names = record.partition("\0")  # "id day\0\nname\0name\0"
        commit, _, day = head.partition(" ")
        for name in names.lstrip("\n").split("\0"):
            path = name[len(base):]
            if name and (path in signs or table.matches(name) is not None
                         or table.in_openclaw_state(path) is not None):  # not `.env.example`
                found.setdefault(path, Deleted(path, commit, day))
    gone = [deleted for deleted in found.values() if not (directory / deleted.path).exists()]
    held = _credentials(repository, [base + deleted.path for deleted in gone[:READ]], max_size)
    return [replace(deleted, held_since=held[base + deleted.path][0],
                    credentials=held[base + deleted.path][1])
            if base + deleted.path in held else deleted for deleted in gone]


def _credentials(repository: Repository, paths: list[str], max_size: int
                 ) -> dict[str, tuple[str, tuple[str, ...]]]:
    """For each of ``paths`` (from the repository's top) whose committed versions held a
    credential: the commit that first brought one, and the kinds (never a value). The
    newest :data:`VERSIONS` versions of each, from one ``git log`` and one ``git cat-file
    --batch``."""
    if not paths:
        return {}
    out = repository.run("log", "--no-renames", "--format=%x01%H %h", "--name-only", "-z",
                         "HEAD", "--", *map(_literal, paths))
    asked: list[tuple[str, str, str]] = []  # (path, commit, short id), newest first
    count = dict.fromkeys(paths, 0)
    for record in out.decode("utf-8", "replace").split("\x01")[1:]:
        head, _, names = record.partition("\0")
        full, _, short = head.partition(" ")
        for path in names.lstrip("\n").split("\0"):
            if count.get(path, VERSIONS) < VERSIONS:
                count[path] += 1
                asked.append((path, full, short))
    asked.reverse()  # oldest first: the first version holding a credential is named
    if not asked:
        return {}
    batch = repository.run("cat-file", "--batch", input="".join(
        f"{full}:{path}\n" for path, full, _ in asked).encode("utf-8", "surrogateescape"))
    found: dict[str, tuple[str, tuple[str, ...]]] = {}
    at = 0
    for path, _, short in asked:
        end = batch.index(b"\n", at)
        header = batch[at:end].split()
        at = end + 1
        if len(header) != 3 or header[1] != b"blob":
            continue  # missing: deleted in that commit, a submodule or an absent object
        size = int(header[2])
        data, at = batch[at:at + size], at + size + 1
        if size > max_size or b"\0" in data[:8000] or path in found:
            continue
        text = data.decode("utf-8", "replace")
        kinds = tuple(sorted({finding.kind for finding in credentials_seen(text)
                              if not is_test_fixture(path, finding.kind, text, line_column(
                                  text, finding.start)[0])}))
        if kinds:
            found[path] = (short, kinds)
    return found


def memory_on_branches(repository: Repository, base: str) -> dict[str, list[str]]:
    """The other branches (local and remote-tracking, at most :data:`BRANCHES`) whose tree
    holds a file that makes a memory root in the folder ``base`` (a workspace kept on
    ``master`` while the default branch holds the code: survey 42), with those files: one
    ``git ls-tree`` of their names per branch."""
    refs = repository.run("for-each-ref", "--format=%(objectname) %(refname:short)",
                          "refs/heads", "refs/remotes").decode("utf-8", "replace")
    found: dict[str, list[str]] = {}
    seen = {repository.head}
    for line in refs.splitlines():
        sha, _, name = line.partition(" ")
        if len(found) >= BRANCHES or len(seen) > BRANCHES * 4:
            break
        if sha in seen or name.endswith("/HEAD"):
            continue
        seen.add(sha)
        out = repository.run("ls-tree", "-r", "--name-only", "-z", sha, "--",
                             *(base + sign for sign in _SIGNS))
        files = [path[len(base):] for path in out.decode("utf-8", "replace").split("\0") if path]
        if set(files) - {"AGENTS.md"}:  # AGENTS.md alone makes no root
            found[name] = files
    return found


def with_deleted(nothing: NothingToCheck, config: Config) -> NothingToCheck:
    """``nothing``'s message, with what the repository's history held where no root is left,
    and the other branches that hold memory. A git command that fails adds nothing: the exit
    2 stands as it was."""
    bare = nothing.bare
    opened = _opened(bare, config) if bare is not None else None
    if bare is None or opened is None:
        return nothing
    repository, base = opened
    try:
        lines = said(deleted_memory(bare, repository, base, config.max_file_size))
        branches = memory_on_branches(repository, base)
    except (GitError, GitUnavailable):
        return nothing
    if branches:
        which = "; ".join(f"{name} ({', '.join(files[:3])}"
                          f"{f' and {len(files) - 3} more' if len(files) > 3 else ''})"
                          for name, files in list(branches.items())[:SHOWN_BRANCHES])
        if len(branches) > SHOWN_BRANCHES:
            which += f"; {plural(len(branches) - SHOWN_BRANCHES, 'more branch', 'more branches')}"
        lines += textwrap.wrap(f"Other branches hold memory: {which}. Only the branch checked "
                               "out is checked: check out one of those to check it.", 96,
                               break_on_hyphens=False)
    if not lines:
        return nothing
    return NothingToCheck("\n".join([str(nothing), *lines]), nothing.bare)


def said(deleted: list[Deleted]) -> list[str]:
    """The lines the check adds to "no memory root" for these files."""
    if not deleted:
        return []
    shown = ", ".join(f"{gone.path} ({gone.commit}, {gone.day})" for gone in deleted[:SHOWN])
    more = f" and {len(deleted) - SHOWN} more" if len(deleted) > SHOWN else ""
    held = [gone for gone in deleted if gone.credentials]
    if held:
        which = "; ".join(f"{gone.path} ({', '.join(gone.credentials)}, committed in "
                          f"{gone.held_since})" for gone in held)
        verdict = f"{len(held)} of them held a credential in a committed version, still " \
                  f"readable by anyone who clones: {which}. Rotate it."
    else:
        verdict = f"Their committed versions (the newest {VERSIONS} of each) hold no " \
                  "credential the check knows."
    return textwrap.wrap(
        f"Its history holds memory or agent state files deleted since: {shown}{more}. Git "
        f"keeps every version of them. {verdict}", 96,
        break_on_hyphens=False) + [f"Read them with `git log -p -- {(held or deleted)[0].path}`."]
