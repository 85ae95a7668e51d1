"""From paths on the command line to the memory roots they name, nested roots included.

A directory given (or the configured root, by default) stands for every memory root at or below
it, each checked whole. A file, or a directory inside a root's history or library directory,
belongs to the nearest root above it and narrows what is reported. A path with no root at or
below it, and in no root's tree, is an error (exit 2) that says what was looked for and where
roots are: never "all checks passed" on nothing checked.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from continuity.config import Config
from continuity.errors import UsageError
from continuity.model.boundaries import root_refusal
from continuity.model.conventions import BUILTIN_CONVENTIONS, Recognition
from continuity.model.kinds import kinds_for
from continuity.model.roots import (
    RootSearch,
    enclosing_root,
    find_roots,
    forget,
    root_signal,
)
from continuity.model.tree import MemoryTree, ParsedEntries, discover, find_repo_root

#: Roots named in the message when a path holds none.
NEARBY_SHOWN = 3

def _what_makes_a_root() -> str:
    """The message's list of what makes a root, from the conventions' own signs (data)."""
    signs = list(dict.fromkeys(
        text for convention in BUILTIN_CONVENTIONS for sign in convention.root_signs
        for text in ([f"{sign.where[0].removeprefix('*/')}/"] if sign.where and all(
            "*" in name for name in sign.names) else sign.names[:3])))
    return ("a memory root is a directory holding a state file (STATE.md, TODO.md, CONTEXT.md, "
            "MEMORY.md, ...; AGENTS.md alone is the agents.md convention and makes none), the "
            "cycle ledger .agents/evolve/cycle-history.jsonl, a note store (notes.jsonl), a "
            f"file a known convention is recognised by ({', '.join(signs)}, ...: `continuity "
            "conventions --list`), a journal/ of dated entries, or a file that a convention "
            "declared in configuration names")


WHAT_MAKES_A_ROOT = _what_makes_a_root()


class NothingToCheck(UsageError):
    """No memory root at or below a path, nor one whose tree holds it (exit 2).

    ``bare``: the directory named, when the repository holds no root anywhere (what its
    history held may be said: ``history.deleted``)."""

    def __init__(self, message: str, bare: Path | None = None) -> None:
        super().__init__(message)
        self.bare = bare


@dataclass(frozen=True)
class Target:
    """One memory root to check, whole (``only`` None) or for some of its paths."""

    root: Path  # resolved
    only: tuple[str, ...] | None = None  # root-relative paths that narrow the report
    search: RootSearch | None = None  # the search that found it: its children, escaping links

    @property
    def files_only(self) -> bool:
        """Only files are named: discovery may read just what their rules need."""
        return self.only is not None and all(
            not (self.root / path).is_dir() for path in self.only)


def _shown(path: Path, cwd: Path) -> str:
    try:
        shown = os.path.relpath(path, cwd)
    except ValueError:
        shown = str(path)
    return Path(shown).as_posix()


def _in_tree_of(root: Path, relative: str, config: Config) -> bool:
    """Whether a root-relative directory lies in one of the root's history or library
    directories (the protocol's, or one its state files declare)."""
    first = relative.split("/", 1)[0]
    if first in kinds_for(config):
        return True
    tree = discover(config, root, only=())
    return any(edge.directory == first and edge.declared for edge in tree.edges)


def _nothing_here(path: Path, shown: str, config: Config, cwd: Path,
                  search: RootSearch | None, enclosing: Path | None) -> NothingToCheck:
    lines = [f"{shown}: no memory root at or below it.",
             *textwrap.wrap(f"{WHAT_MAKES_A_ROOT[0].upper()}{WHAT_MAKES_A_ROOT[1:]}.", 96,
                            break_on_hyphens=False)]
    if enclosing is not None:
        where = _shown(enclosing, cwd)
        lines += [f"It lies in the memory root {where if where == '.' else where + '/'} but "
                  "in none of its history or library directories:",
                  f"run `continuity check {where}`."]
    top = find_repo_root(path if path.is_dir() else path.parent)
    nearby: list[Path] = []
    if top is not None and enclosing is None:
        found = find_roots(top, config, top)
        nearby = [r for r in found.roots if r != path and path not in r.parents]
        for root in nearby[:NEARBY_SHOWN]:
            where = _shown(root, cwd)
            lines.append(f"{where}/ holds {found.signals.get(root, 'state files')}: run "
                         f"`continuity check {where}`.")
        if len(nearby) > NEARBY_SHOWN:
            lines.append(f"({len(nearby) - NEARBY_SHOWN} more memory roots in the repository.)")
    if enclosing is None and path.is_dir() and (top is None or len(lines) == 1):
        here = "" if shown in (".", "") else f" {shown}"
        lines.append(f"To start a memory tree here: `continuity init{here}`.")
    if search is not None and search.escapes:
        links = ", ".join(_shown(link, cwd) for link, _ in search.escapes[:NEARBY_SHOWN])
        lines.append(f"Links leaving the repository were not followed: {links}.")
    bare = path if top is not None and enclosing is None and not nearby and path.is_dir() \
        else None
    return NothingToCheck("\n".join(lines), bare)


def targets_for(path: Path, config: Config, cwd: Path, shown: str | None = None) -> list[Target]:
    """The memory roots a path given on the command line stands for."""
    shown = shown or _shown(path, cwd)
    absolute = path.absolute()
    written = absolute if absolute.is_dir() else absolute.parent  # a file's own link is CT602's
    reason = root_refusal(written)
    if reason is not None:  # the directory named, or one above it, links out of the repository
        raise UsageError(f"{shown}: {reason} (CT602); it is not read or published")
    if absolute.is_dir():
        directory = absolute.resolve()
        top = find_repo_root(directory)
        search = find_roots(directory, config, top or directory)
        if search.roots:
            return [Target(root, None, search) for root in search.roots]
        enclosing = enclosing_root(directory, config, top)
        if enclosing is not None:
            relative = Path(os.path.relpath(directory, enclosing)).as_posix()
            if _in_tree_of(enclosing, relative, config):
                return [Target(enclosing, (relative,))]
        raise _nothing_here(directory, shown, config, cwd, search, enclosing)
    # A file: its directory's root, or the nearest root above (an entry of a history dir).
    directory = absolute.parent.resolve()
    file = directory / absolute.name  # the file itself may be a link: keep it as named
    root = directory if root_signal(directory, config) is not None else \
        enclosing_root(directory, config, find_repo_root(directory))
    if root is None:
        raise _nothing_here(file, shown, config, cwd, None, None)
    return [Target(root, (Path(os.path.relpath(file, root)).as_posix(),))]


def files_in_no_root(paths: Iterable[str], config: Config, cwd: Path) -> list[str]:
    """The paths given that are files no memory root holds (``src/app.py``, a top-level
    ``CLAUDE.md`` beside no state file): what the per-file hook, given every staged file,
    passes over, as a linter passes over files not its own. Directories are never in it."""
    forget()
    outside = []
    for raw in paths:
        path = Path(raw)
        if not path.is_file() or path.is_symlink():
            continue
        try:
            targets_for(path, config, cwd, raw)
        except NothingToCheck:
            outside.append(raw)
    return outside


def _root_exists(config: Config, cwd: Path) -> None:
    """A configured root that is not there is said so, with the file that set it."""
    written = config.root_written
    if written.exists() or written.is_symlink():
        return
    where = "" if config.root_source == "defaults" else \
        f" (root = {str(config.root)!r}, set in {_shown(Path(config.root_source), cwd)})"
    raise UsageError(f"{_shown(written, cwd)}: the memory root does not exist{where}")


def resolve_targets(paths: Iterable[str], config: Config, cwd: Path) -> list[Target]:
    """Targets for the paths given (default: the configured root), one per root, in order: a
    root named whole absorbs the narrower paths given inside it."""
    forget()  # what the file system said in an earlier run of this process may be stale
    found: list[Target] = []
    given = list(paths)
    if not given:
        _root_exists(config, cwd)
        found = targets_for(config.root_written, config, cwd,
                            _shown(config.root_path, cwd) or ".")
    for raw in given:
        path = Path(raw)
        if not path.exists() and not path.is_symlink():
            raise UsageError(f"{raw}: no such file or directory")
        found.extend(targets_for(path, config, cwd, raw))
    merged: dict[Path, Target] = {}
    for target in found:
        previous = merged.get(target.root)
        if previous is None:
            merged[target.root] = target
        elif previous.only is None or target.only is None:
            merged[target.root] = Target(target.root, None, previous.search or target.search)
        else:
            merged[target.root] = Target(
                target.root, tuple(dict.fromkeys((*previous.only, *target.only))),
                previous.search)
    return list(merged.values())


def open_target(target: Target, config: Config, reuse: ParsedEntries | None = None
                ) -> MemoryTree:
    """Discover one target: whole, or, when only files are named, just what they need."""
    if target.files_only:
        return discover(config, target.root, only=target.only, reuse=reuse)
    return discover(config, target.root, search=target.search, reuse=reuse)


def site_trees(config: Config, root: Path | None = None, cwd: Path | None = None,
               reuse: ParsedEntries | None = None) -> list[MemoryTree]:
    """The trees a site is built from: the memory root ``root`` (default: the configured root)
    first, then every root below it. A directory that is no root itself is an error naming
    the roots found, never an empty site."""
    cwd = (cwd or Path.cwd()).resolve()
    forget()
    start = (root if root is not None else config.root_written).absolute()
    reason = root_refusal(start)
    if reason is not None:  # a root linked out of its repository: nothing of it is read
        raise UsageError(f"{_shown(start, cwd) or start}: the memory root is {reason} (CT602); "
                         "it is not read or published")
    if not start.exists():
        raise UsageError(f"{start}: no such directory")
    if not start.is_dir():
        raise UsageError(f"{_shown(start, cwd)}: not a directory (give the memory root)")
    start = start.resolve()
    top = find_repo_root(start)
    search = find_roots(start, config, top or start)
    shown = _shown(start, cwd) or "."
    if not search.roots:
        raise _nothing_here(start, shown, config, cwd, search, None)
    trees = [discover(config, found, search=search, reuse=reuse) for found in search.roots]
    if search.roots[0] != start:
        # A folder of roots (one memory per agent under .claude/agent-memory/, packs side by
        # side): one site, its front page the roots, each a section of it.
        below = tuple(os.path.relpath(r, start).replace(os.sep, "/") for r in search.roots
                    if search.parent_of(r) is None)
        return [collection(config, start, below), *trees]
    return trees


def collection(config: Config, folder: Path, children: tuple[str, ...]) -> MemoryTree:
    """A folder that is no memory root but holds some (``children``, folder-relative): a tree
    of no file of its own, so that nothing is judged or published for it but its roots."""
    # Of no convention: the folder's own files (a README beside the roots) are not memory,
    # so no rule reads them (the protocol's default took a repository's top files for it).
    return MemoryTree(root=folder, repo_root=find_repo_root(folder), config=config,
                      state_files=(), directories={}, edges=(), ledger=None,
                      session_state=None, note_stores=(), children=children,
                      recognition=Recognition(None))


def is_collection(tree: MemoryTree) -> bool:
    """Whether ``tree`` is a folder of roots made by :func:`collection`."""
    return bool(tree.children) and not (tree.state_files or tree.directories or tree.ledger
                                        or tree.note_stores or tree.linked or tree.skipped)
