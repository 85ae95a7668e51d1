"""CT82x: Aider — the chat history, prompts and configuration Aider keeps at a project's top.

Aider (github.com/Aider-AI/aider) appends every session to ``.aider.chat.history.md`` and every
prompt to ``.aider.input.history``, and reads ``.aider.conf.yml`` at start: its ``read:``
files (a ``CONVENTIONS.md``) are loaded read-only into every chat. These rules say what Aider
itself fails on or reads wrongly: a configuration it cannot parse (it stops), a ``read:`` file
that is not there (skipped, the conventions never reach the model), and a history rewritten
after it was committed (Aider only ever appends). Judged where a root follows Aider.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from continuity.model.aider import Aider, inside, read_tree
from continuity.model.conventions import AIDER_CONF
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import Analysis, CheckContext, rule
from continuity.validators.rules.roo import first_losses

if TYPE_CHECKING:  # what reads git is imported where git is read
    from continuity.history.log import History

#: The root's Aider files, read once for the rules and the site.
AIDER_TREE: Analysis[Aider] = Analysis("Aider files", lambda ctx: read_tree(ctx.tree.state_text))

def _histories(ctx: CheckContext) -> tuple[str, ...]:
    convention = ctx.tree.convention
    if convention is None or convention.name != "aider":
        return ()
    return convention.append_only_files


def _read_histories(ctx: CheckContext) -> History:
    from continuity.history.log import read_history

    return read_history(ctx.repository, ctx.tree.root,
                        [ctx.tree.root / name for name in _histories(ctx)],
                        since=ctx.config.since, max_blob_size=ctx.config.max_file_size)


#: The history of Aider's history files alone.
AIDER_HISTORY: Analysis[History] = Analysis("aider-history", _read_histories, needs_git=True)


@rule("CT821", "aider-read-missing", "warning", uses=(AIDER_TREE,))
def aider_read_missing(ctx: CheckContext) -> Iterator[Violation]:
    """A `read:` file of `.aider.conf.yml` is not in the project.

    Aider loads each `read:` file (a `CONVENTIONS.md`, a folder read whole) read-only into
    every chat. A name that is not there is skipped with "Read-only file … does not exist.
    Skipping.": the conventions it was meant to carry never reach the model. Aider resolves
    the name from where it runs (the project's top) and never expands a glob (`docs/**` is a
    file of that name). A path the project cannot hold (`/etc/…`, `~/…`, `C:\\…`) and a file
    git ignores (a `.env` kept out of the repository on purpose) are not reported.

    **Example**

        read:
          - CONVENTIONS.md        # renamed to docs/conventions.md

    **Fix**

    Name the file where it is now (`read: docs/conventions.md`), a folder for a glob
    (`read: docs`), or remove the entry.
    """
    conf = AIDER_TREE(ctx).conf
    if conf is None or conf.problem is not None:
        return
    missing = [name for name in conf.entries("read")
               if (relative := inside(name)) is not None and not _present(ctx, relative)]
    for name in _not_ignored(ctx, missing):
        glob = any(ch in name for ch in "*?[")
        yield Violation(AIDER_CONF, f"read: {name!r} names no file or folder here: Aider "
                        "skips it, and it never reaches the model"
                        + (" (Aider does not expand a glob)" if glob else ""),
                        "name the file as it is now (a folder for a glob), or remove the entry",
                        conf.lines.get("read", 1))


def _present(ctx: CheckContext, name: str) -> bool:
    try:
        return (ctx.tree.root / name).exists()
    except (OSError, ValueError):
        return False


def _not_ignored(ctx: CheckContext, names: list[str]) -> list[str]:
    """``names`` but those git ignores (kept out of the repository on purpose)."""
    if not names or ctx.git is None:
        return names
    from continuity.history.log import GitUnavailable, ignored_paths

    try:
        ignored = ignored_paths(ctx.git, ctx.tree.root, [n.strip().rstrip("/") for n in names])
    except GitUnavailable:  # no answer from git is no exemption
        return names
    return [n for n in names if n.strip().rstrip("/") not in ignored]


@rule("CT822", "aider-conf-unreadable", "error", uses=(AIDER_TREE,))
def aider_conf_unreadable(ctx: CheckContext) -> Iterator[Violation]:
    """`.aider.conf.yml` does not parse as YAML, or holds no mapping of options.

    Aider reads its configuration with configargparse's YAML parser before anything else; a
    file that does not parse, or a list where `option: value` lines belong, stops it at start
    with an error: no option of the file (its `model`, its `read:` conventions) applies.

    **Example**

        model: sonnet
        read: [CONVENTIONS.md        # the list never closed

    **Fix**

    Close the list or quote the value (`read: [CONVENTIONS.md]`); `aider --help` starts again.
    """
    conf = AIDER_TREE(ctx).conf
    if conf is not None and conf.problem is not None:
        yield Violation(AIDER_CONF, f"Aider cannot read its configuration: {conf.problem}; it "
                        "stops at start", "fix the YAML: one `option: value` per line",
                        conf.problem_line or 1)


@rule("CT823", "aider-history-rewritten", "warning", uses=(AIDER_HISTORY,))
def aider_history_rewritten(ctx: CheckContext) -> Iterator[Violation]:
    """A commit removed or rewrote earlier sessions of Aider's chat or input history.

    Aider only appends to `.aider.chat.history.md` and `.aider.input.history` (each opened
    for appending): every session and prompt stays, in order, after the others. A commit
    that loses a line an earlier commit held rewrote that record (a merge resolved by taking
    one side, an edit, a session cut out). Emptying the file, or deleting it, is a user
    clearing it on purpose and is not reported. Reported once per file, at the first such
    commit, naming the first line lost.

    **Example**

        .aider.chat.history.md: "#### add the login form" gone in commit 4f2a9c1

    **Fix**

    Restore the sessions lost (`git log -p .aider.chat.history.md`); to start afresh, empty
    or delete the file in a commit of its own.
    """
    if not _histories(ctx):
        return
    for loss in first_losses(AIDER_HISTORY(ctx), _histories(ctx), emptied_is_cleared=True):
        yield Violation(loss.path, loss.says("Aider only appends to it"),
                        f"restore them (git log -p {loss.path}), or empty the file in a "
                        "commit of its own to start afresh", commit=loss.commit,
                        commit_date=loss.day)
