"""The analyses of the root's git history that rules, the site and the report share.

Each is an :class:`~continuity.validators.registry.Analysis`: computed once per run, typed,
saying what it needs. What reads git is imported inside the functions that read it, so that a
check without git imports this module and loads no git reader.

- :data:`HISTORY`: the root's history, one ``git log`` and one ``git status`` (needs git).
- :data:`HISTORY_JUDGEMENT`: the append-only promise and the state/history pairings judged in
  one walk (``validators/invariants.py``): findings per code, for the codes of the rules that
  read it (CT301-CT308, declared in ``rules/history.py``).
- :data:`STATE_TIMELINE`: every committed version of the living files (CT605, the site's and
  the report's state history).
- :data:`AGENT_STATE_TIMELINE`: every committed version of the agent state files in the root's
  history (``.mcp.json``, ``.claude/settings.local.json``, ``.env``, ...) and of those outside
  the root that CT601 reads too (``../.env``: one more ``git log`` per run, of their names at
  the top and the tracked ones' paths),
  those deleted since too (CT605 only: never published).
- :data:`HISTORY_ENTRY_TIMELINE`: every committed version of the history entries and
  append-only files that a commit edited or deleted (a daily note, a journal entry, the
  ledger), CT605 only: never published.
"""

from __future__ import annotations

import os
import posixpath
from collections import defaultdict
from typing import TYPE_CHECKING

from continuity.validators.diagnostics import Violation
from continuity.validators.registry import Analysis, CheckContext, fed_by

if TYPE_CHECKING:
    from continuity.history.log import Commit, History
    from continuity.history.versions import Timeline


def _read_history(ctx: CheckContext) -> History:
    from continuity.history.log import memory_paths, read_history

    paths, globs = memory_paths(ctx.tree)
    return read_history(ctx.repository, ctx.tree.root, paths, globs, since=ctx.config.since,
                        early=ctx.early_log, max_blob_size=ctx.config.max_file_size)


HISTORY: Analysis[History] = Analysis(
    "history", _read_history, needs_git=True, reads_history=True, background=True)


def _judge(ctx: CheckContext) -> defaultdict[str, list[Violation]]:
    from continuity.validators.invariants import Judge, Layout

    codes = frozenset(fed_by(HISTORY_JUDGEMENT)) & ctx.codes
    return Judge(HISTORY(ctx), Layout(ctx.tree, ctx.config), codes).run()


HISTORY_JUDGEMENT: Analysis[defaultdict[str, list[Violation]]] = Analysis(
    "history-judgement", _judge, background=True, uses=(HISTORY,))


def _timeline(ctx: CheckContext) -> Timeline | None:
    if ctx.git is None or not ctx.git.head:
        return None
    from continuity.history.versions import living_files, read_timeline

    return read_timeline(HISTORY(ctx), living_files(ctx.tree),
                         ctx.config.state_history_max_versions)


#: Capped per file by ``state_history_max_versions``; None without git.
STATE_TIMELINE: Analysis[Timeline | None] = Analysis(
    "state-timeline", _timeline, background=True, uses=(HISTORY,))


def _agent_state_timeline(ctx: CheckContext) -> Timeline | None:
    if ctx.git is None or not ctx.git.head:
        return None
    from continuity.history.versions import read_timeline
    from continuity.model import credential_files as table
    from continuity.validators.agent_state import agent_state_paths

    history = HISTORY(ctx)
    base = f"{history.prefix}/" if history.prefix else ""
    living = {state.path for state in ctx.tree.living_files()}
    children = tuple(child.rstrip("/") + "/" for child in ctx.tree.children)
    # What the table names among the paths of the history (a file deleted since too), and
    # what the tracked listing found (an OpenClaw state directory's files, known by where
    # they lie): a token committed to an MCP configuration and taken out again stays readable.
    tracked = [path for path, _ in agent_state_paths(ctx)]
    listed = {path[len(base):] for path in tracked if path.startswith(base)}
    paths = [path for path in history.paths
             if path not in living and not path.startswith(children)
             and (path in listed or table.matches(base + path) is not None)]
    beyond, outside = _beyond_root(ctx, history, [path for path in tracked
                                                  if not path.startswith(base)])
    if not paths and not outside:
        return None
    return read_timeline(history, [*paths, *outside], ctx.config.state_history_max_versions,
                         commits=(*history.commits, *beyond))


def _beyond_root(ctx: CheckContext, history: History, tracked: list[str]
                 ) -> tuple[tuple[Commit, ...], list[str]]:
    """The commits that changed an agent state file outside the root, and those files' paths
    from the root: CT601 reads such a file from every root of the repository (``../.env``), so
    CT605 reads its history from every root too, and the check shows a finding several roots
    make once.

    One more ``git log`` per run (every root asks the same), for the table's names at the
    repository's top, those deleted since too, and for the tracked ones elsewhere by their
    paths. Not for the table's names anywhere: a ``**/`` pathspec has git read every tree of
    every commit (40 s for a history of 20,000 commits, against half a second for the root's
    own log); at the top, a second at most on the clones measured.
    """
    from continuity.errors import GitUnavailable
    from continuity.history.log import read_log_beyond_root, root_relative
    from continuity.model import credential_files as table

    if not history.prefix or os.environ.get("GIT_LITERAL_PATHSPECS", "0") not in ("", "0"):
        return (), []  # at the top its own log read them; git would take globs for names
    specs = [*table.pathspecs_in(""),
             *(f":(literal){path}" for path in tracked if "/" in path)]
    try:
        commits = read_log_beyond_root(history, specs)
    except GitUnavailable as exc:
        ctx.notices.append(f"CT605: the history of the agent state files outside the root "
                           f"was not read: {' '.join(str(exc).split())}")
        return (), []
    known = {root_relative(path, history.prefix) for path in tracked}
    found = sorted({change.path for commit in commits for change in commit.changes
                    if change.path in known or table.matches(
                        posixpath.normpath(posixpath.join(history.prefix, change.path)))})
    return commits, found[:table.MAX_FILES]


#: Like :data:`STATE_TIMELINE`, for the agent state files under the root and those outside it
#: that CT601 reads (``../.env``); None without git or without such files in the history.
AGENT_STATE_TIMELINE: Analysis[Timeline | None] = Analysis(
    "agent-state-timeline", _agent_state_timeline, background=True, uses=(HISTORY,))


def _history_entry_timeline(ctx: CheckContext) -> Timeline | None:
    if ctx.git is None or not ctx.git.head:
        return None
    from continuity.history.versions import read_timeline

    history = HISTORY(ctx)
    paths = _edited_entries(ctx, history)
    if not paths:
        return None
    return read_timeline(history, paths, ctx.config.state_history_max_versions)


def _edited_entries(ctx: CheckContext, history: History) -> list[str]:
    """The root's history entries and append-only files (by the kinds in force and the
    tree's directories, as the history rules know them; an OpenClaw daily note too) that a
    commit modified or deleted. An entry only ever added has one version, the file as it is
    (CT601's): only the edited ones have an earlier version that may hold what the file no
    longer does, and reading only those keeps the cost to the edits."""
    from continuity.model.kinds import is_non_entry
    from continuity.validators.invariants import APPEND_ONLY, ENTRY, LOG, Layout

    tree = ctx.tree
    layout = Layout(tree, ctx.config)
    present = {name: directory.kind for name, directory in tree.directories.items()}
    kinds = {kind.name: kind for kind in tree.kinds if kind.name not in tree.not_memory}
    living = {state.path for state in tree.living_files()}
    children = tuple(child.rstrip("/") + "/" for child in tree.children)

    def is_entry(path: str) -> bool:
        if layout.kind(path) in (ENTRY, LOG, APPEND_ONLY):
            return True
        parts = path.split("/")
        kind = present.get(parts[0]) or kinds.get(parts[0])
        if len(parts) < 2 or kind is None or any(part.startswith(".") for part in parts[1:]) \
                or is_non_entry(parts[-1], kind):
            return False
        # A directory still in the tree: each of its entries, as the tree reads them; one
        # gone since: the files its kind names (not a source package of the same name).
        return parts[0] in present or kind.parse("/".join(parts[1:])) is not None

    edited = [path for path, events in history.paths.items()
              if path not in living and not path.startswith(children)
              and any(event.change.status != "A" and not event.commit.pending
                      for event in events)
              and is_entry(path)]
    grown = {path for path in edited if layout.kind(path) in (LOG, APPEND_ONLY)}
    if not grown:
        rewritten: set[str] = set()
    elif ctx.selected("CT304"):
        # The append-only proof hashed the same prefixes: its CT304 findings are the rewrites
        # (a rotation into an archive is none: the archive holds the bytes).
        rewritten = {found.path for found in HISTORY_JUDGEMENT(ctx)["CT304"]} | {
            path for path in grown if any(event.change.status == "D"
                                          for event in history.paths[path])}
    else:
        rewritten = _rewritten(history, grown)
    return [path for path in edited if path not in grown or path in rewritten]


def _rewritten(history: History, paths: set[str]) -> set[str]:
    """Those of the append-only ``paths`` that lost bytes some version had: deleted, or a
    version that does not begin with the one before it. A file that only grew holds every
    earlier version's bytes (the file as it is, CT601's), and a ledger appended to in 2,000
    commits must not be read 500 times: whether each version begins with the one before is a
    hash of the latest version's bytes (``History.prefix_checks``), not a read of each."""
    from dataclasses import replace

    lost: set[str] = set()
    pairs: dict[str, list[tuple[str, str]]] = {}
    for path in paths:
        events = [event for event in history.paths[path] if not event.commit.pending]
        if any(event.change.status == "D" for event in events):
            lost.add(path)
            continue
        pairs[path] = [(old, event.change.new) for event in events
                       if event.change.status == "M" and event.change.new is not None
                       for old in event.change.old[:1] if old is not None]
    if not any(pairs.values()):
        return lost
    # Its own blob process: the history rules read through the history's in another thread.
    own = replace(history, _reader=None)
    try:
        answers = own.prefix_checks(pair for found in pairs.values() for pair in found)
    finally:
        own.close()
    return lost | {path for path, found in pairs.items()
                   if not all(answers.get(pair, True) for pair in found)}


#: Like :data:`STATE_TIMELINE`, for the history entries and append-only files a commit edited
#: or deleted; None without git or without such an edit in the history read.
#: Not in a thread of its own: most histories have no edited entry to read, and what it
#: waits for (the append-only proof) runs in one already.
HISTORY_ENTRY_TIMELINE: Analysis[Timeline | None] = Analysis(
    "history-entry-timeline", _history_entry_timeline, uses=(HISTORY, HISTORY_JUDGEMENT))
