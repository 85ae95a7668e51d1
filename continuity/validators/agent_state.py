"""The agent state files CT601 reads beyond the memory (``model/credential_files.py``).

Found among the files git tracks, from the repository's top: for a root at the top, in the
list its own scan asked for (no process more); below it, one ``git ls-files`` asked for the
table's names only (so its answer is small however large the repository), and one more for
what an OpenClaw state directory holds when there is one. Bounded: at most ``MAX_FILES`` files
(``MAX_DEPTH`` folders deep), each within ``max_file_size``, read beneath the repository.

A file below the root that the root's own scan reads (``rules/publish._committed_files``) is
left to it; one in a child root is the child's. A file outside the root (``.env`` at the top,
OpenClaw's ``openclaw.json`` beside its ``workspace/``) is scanned by every root of the
repository, at its path from the root (``../openclaw.json``): a commit leaks it wherever it
lies, and the check shows a finding several roots make once. What was scanned is said in a
notice (the check's and the report's), since no rule would say it otherwise.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from continuity.formats.words import plural
from continuity.model import credential_files as table
from continuity.model.safe_open import Beneath
from continuity.model.tree import TreeFile
from continuity.validators.registry import Analysis, CheckContext
from continuity.validators.repository import repository, tracked


def agent_state_paths(ctx: CheckContext) -> list[tuple[str, str]]:
    """(path from the repository's top, why) of each tracked agent state file, once per run."""
    return AGENT_STATE_PATHS(ctx)


def _paths(ctx: CheckContext) -> list[tuple[str, str]]:
    repo = repository(ctx)
    if repo is None:
        return []
    from continuity.history.git import GitError

    # A root at the top has every tracked file listed already (its own scan's): no process.
    everything = tracked(ctx) if Path(os.path.realpath(ctx.tree.root)) == repo.top else None
    try:
        if everything is None and os.environ.get("GIT_LITERAL_PATHSPECS", "0") not in ("", "0"):
            # git would take the table's globs for names, and answer nothing: all, then.
            everything = frozenset(_listed(repo.run("ls-files", "-z", "--cached", "--full-name")))
        listed = sorted(everything) if everything is not None else _listed(repo.run(
            "ls-files", "-z", "--cached", "--full-name", "--", *table.ANYWHERE_PATHSPECS))
        found = [(path, kind.why) for path in listed if (kind := table.matches(path)) is not None]
        states = sorted({str(PurePosixPath(path).parent) for path, _ in found
                         if table.without_backup_suffix(path).endswith("openclaw.json")
                         and PurePosixPath(path).name.startswith("openclaw.json")})
        for state in states[:8]:
            base = "" if state == "." else state + "/"
            inside = [path for path in listed if path.startswith(base)] \
                if everything is not None else _listed(repo.run(
                    "ls-files", "-z", "--cached", "--full-name", "--",
                    *table.openclaw_pathspecs("" if state == "." else state)))
            for path in inside:
                kind = table.in_openclaw_state(path[len(base):])
                if kind is not None and path.count("/") < table.MAX_DEPTH:
                    found.append((path, kind.why))
    except GitError as exc:
        ctx.notices.append("git could not list the agent state files (.env, openclaw.json, "
                           f"…): {' '.join(str(exc).split())}")
        return []
    unique = dict(sorted(found))
    if len(unique) > table.MAX_FILES:
        ctx.notices.append(f"{len(unique)} agent state files are tracked; the first "
                           f"{table.MAX_FILES} were scanned for credentials (CT601)")
    return list(unique.items())[:table.MAX_FILES]


#: The tracked agent state files of the repository, listed once per run.
AGENT_STATE_PATHS: Analysis[list[tuple[str, str]]] = Analysis("agent-state-paths", _paths)


def _listed(output: bytes) -> list[str]:
    return [name for name in output.decode("utf-8", "surrogateescape").split("\0") if name]


def agent_state_files(ctx: CheckContext, scanned: frozenset[str]) -> Iterator[TreeFile]:
    """The tracked agent state files this root's CT601 reads beyond ``scanned`` (root-relative
    paths its own scan read), each with its text; a notice names them."""
    repo = repository(ctx)
    if repo is None:
        return
    root = Path(os.path.realpath(ctx.tree.root))  # git names the top with its links resolved
    top = repo.top
    children = tuple(child + "/" for child in ctx.tree.children)
    chosen: list[tuple[str, Path]] = []
    named: list[str] = []  # from the repository's top: how the user finds them
    for path, _ in agent_state_paths(ctx):
        absolute = top / path
        relative = Path(os.path.relpath(absolute, root)).as_posix()
        if not relative.startswith("../"):
            if relative.startswith(children):
                continue  # a child root's
            if relative in scanned:  # the root's own scan read it: named, not read again
                named.append(path)
                continue
        chosen.append((relative, absolute))
        named.append(path)
    if not named:
        return
    ctx.notices.append(
        f"{plural(len(named), 'agent state file')} scanned for credentials (CT601), from the "
        "repository's top: " + ", ".join(named[:10])
        + (f" and {len(named) - 10} more" if len(named) > 10 else ""))
    beneath = Beneath(ctx.tree.boundary)
    try:
        for relative, absolute in chosen:
            try:
                text = beneath.read_text(absolute, ctx.config.max_file_size)
            except OSError:  # a link out (never followed), gone since git listed it
                continue
            if text.text is not None or text.raw is not None:
                yield TreeFile(relative, absolute, text)
    finally:
        beneath.close()
