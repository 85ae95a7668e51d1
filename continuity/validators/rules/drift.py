"""CT309: what memory cites of the code beside it that HEAD no longer has (drift)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from continuity.validators.diagnostics import Violation
from continuity.validators.registry import TREE, Analysis, CheckContext, rule

if TYPE_CHECKING:  # what reads git is imported where git is read
    from continuity.history.citations import Removal, RepositoryAtHead


def removal_words(removal: Removal) -> str:
    if not removal.sha:
        return removal.subject
    return (f"removed by {removal.sha[:7]} ({removal.author}, {removal.date[:10]}: "
            f"{removal.subject})")


#: CT309 judges only when named in ``select`` (see its docstring for why).
OPT_IN = "CT309"


def _head(ctx: CheckContext) -> RepositoryAtHead:
    from continuity.history.citations import RepositoryAtHead

    return RepositoryAtHead(ctx.repository)


#: What HEAD holds (its files, the log of deletions), asked of git once per run.
HEAD_FILES: Analysis[RepositoryAtHead] = Analysis("drift-head", _head, needs_git=True)


@rule("CT309", "drift", "warning", uses=(HEAD_FILES,), reach=TREE)
def drift(ctx: CheckContext) -> Iterator[Violation]:
    """A living file cites a path, a target, a test or a commit that HEAD no longer has.

    "Stale instructions are worse than missing instructions": an agent that loads
    `CLAUDE.md` or `STATE.md` follows what it cites with confidence. A citation is judged
    only when git shows it once existed here: the path was deleted (the commit is named),
    the target was in an earlier `Makefile`, `package.json` or `justfile` at the top of the
    repository, the test in an earlier version of its file, the commit is an object of this
    repository that no branch or tag reaches any more. What never existed here (a planned
    file, an example, another repository's path) is not judged, nor a path present on disk.
    Paths are looked for beside the file, at the memory root and at the top (a bare name
    beside the file only); a line that itself says the thing is gone (deleted, renamed,
    `old → new`), a path git ignores (taken out of git on purpose) and a living file that is a
    record by its name (`review-log.md`, `audit-history.md`) are left alone.

    Off by default: it judges only when named in `select` (`--select CT309`, or
    `select = ["CT309"]` in configuration). Its precision, counted by (repository, rule, file)
    on public repositories (Claude agent memories, memory banks, GSD plans, OpenClaw
    workspaces), was 5 of 7 on the first set held out (71%: a review log and an audit history
    cite what they reviewed, true when written); records are now left alone, a second set held
    out scored 3 of 3 and a third (5 repositories of Claude agent memories) gave no finding:
    too few to promise the 95% a rule on by default needs.
    `continuity diff` always reports the drift its range caused.

    **Example**

        CLAUDE.md:90: `tests/data/tides.csv` is cited but gone: removed by 3f2a1c9
        (Ann, 2026-05-01: move fixtures to tests/fixtures)

    **Fix**

    Say where it went (`tests/fixtures/tides.csv`), or that it is gone, or remove the line.
    """
    tree, repository = ctx.tree, ctx.git
    if repository is None or not repository.head or OPT_IN not in ctx.config.select:
        return
    top = Path(repository.top)
    try:
        prefix = Path(os.path.relpath(tree.root.resolve(), top.resolve())).as_posix()
    except ValueError:
        return
    prefix = "" if prefix == "." else prefix
    if prefix.startswith(".."):
        return
    from continuity.history.citations import citations, is_record, stale

    head = HEAD_FILES(ctx)
    for state in tree.living_files():
        text = state.file.text
        if text is None or is_record(state.path):
            continue
        where = f"{prefix}/{state.path}" if prefix else state.path
        for citation, removal in stale(citations(where, text), head, prefix, text.split("\n")):
            if citation.kind == "path" and any(
                    (top / place).exists() for place in _places(citation.cited, where, prefix)):
                continue  # on disk, not yet committed: not gone
            yield Violation(
                state.path, f"{citation.kind} `{citation.cited}` is cited but HEAD no longer "
                f"has it: {removal_words(removal)}",
                "say where it went or that it is gone, or remove the line (an agent follows "
                "what its memory cites)", citation.line, 1,
                commit=removal.sha[:7] or None, commit_date=removal.date[:10] or None)


def _places(cited: str, where: str, prefix: str) -> list[str]:
    return [os.path.normpath(os.path.join(place, cited.rstrip("/")))
            for place in (os.path.dirname(where), prefix, "")]
