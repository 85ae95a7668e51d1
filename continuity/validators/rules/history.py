"""CT3xx: the append-only promise and the state/history pairings, judged against git.

All eight rules share one read of git (``HISTORY``: one ``git log``, one ``git status``) and
one judgement (``HISTORY_JUDGEMENT``: one blob stream), the analyses of
``continuity.validators.analyses``; each rule here is what that judgement found for its code.
"""

from __future__ import annotations

import datetime as dt
import textwrap
from collections.abc import Iterator

from continuity.formats.words import plural
from continuity.model.tree import MemoryDirectory
from continuity.validators.analyses import HISTORY, HISTORY_JUDGEMENT
from continuity.validators.diagnostics import Violation
from continuity.validators.registry import Check, CheckContext, rule


def probe_name(directory: MemoryDirectory) -> str:
    """A name the directory's pattern accepts and no entry has, to ask git whether new
    entries would be ignored."""
    return directory.kind.render(date=dt.date(2000, 1, 1), turn=1, slug="continuity-probe")


#: How out of a finding on history, the same for every CT30x rule: said once, appended to
#: each rule's documentation by :func:`with_way_out`.
WAY_OUT = """\
A committed finding stays while its commit is in history, whatever is restored after it.
Two ways out need no rewrite of history: make the correction (a new entry), then
acknowledge the finding with `continuity check --add-baseline --reason "..."` and commit
`.continuity-baseline.json`; or set `since` to a fixed commit (its hash or a tag; `HEAD`
or a branch moves with every commit and is warned about) to judge only the commits after it.
"""


def with_way_out(check: Check) -> Check:
    """``check`` with :data:`WAY_OUT` as the last paragraph of its documentation."""
    doc = (check.__doc__ or "").rstrip()
    check.__doc__ = f"{doc}\n\n{textwrap.indent(WAY_OUT, '    ')}    "
    return check


def judged(ctx: CheckContext, code: str) -> list[Violation]:
    """What the one walk over the history found for ``code``."""
    return HISTORY_JUDGEMENT(ctx)[code]


@rule("CT301", "history-modified", "error", uses=(HISTORY_JUDGEMENT,))
@with_way_out
def history_modified(ctx: CheckContext) -> Iterator[Violation]:
    """A history entry's content changed after the commit that added it.

    History directories are append-only: an entry records what was true when it was written,
    and that is what makes history trustworthy. An edit, committed or still in the index or
    working tree, is reported at every commit that changed the entry (line: the first changed
    line), so acknowledging one rewrite in the baseline never hides a later one. An entry deleted and re-created with other content counts too.
    Templates, README/INDEX files and dotfiles are not entries; `memory/` and `knowledge/`
    are curated libraries and may change.

    **Example**

        $ git log --oneline -- journal/2026-01-08-turn-11.md
        9c41e07 Fix a typo in turn 11        <- CT301
        3f2a1c9 Journal turn 11

    **Fix**

    Restore the entry as it was added (`git checkout 9c41e07^ -- journal/2026-01-08-turn-11.md`)
    and write the correction as a new entry that refers to the old one.

    """
    yield from judged(ctx, "CT301")


@rule("CT302", "history-deleted", "error", uses=(HISTORY_JUDGEMENT,))
@with_way_out
def history_deleted(ctx: CheckContext) -> Iterator[Violation]:
    """A history entry was deleted.

    History never shrinks: the state files index it, and an agent recovers past values from
    it. A deletion is reported at the commit that made it (or as staged/uncommitted), even if
    the entry was later restored. Not deletions: an entry moved under its own name into an
    `archive/` folder (the protocol's CONTEXT_BUDGET.md archives old entries), and one taken
    out of git while it stays on disk (CT308).

    **Example**

        $ git show --stat 5d0e2aa
        snapshots/2026-01-02T10-00-00.md | 14 --------------   <- CT302

    **Fix**

    Restore it (`git checkout 5d0e2aa^ -- snapshots/2026-01-02T10-00-00.md`). If the entry was
    wrong, write a correction entry; do not delete the original.

    """
    yield from judged(ctx, "CT302")


@rule("CT303", "history-renamed", "error", uses=(HISTORY_JUDGEMENT,))
@with_way_out
def history_renamed(ctx: CheckContext) -> Iterator[Violation]:
    """A history entry was renamed or moved.

    An entry's name carries its date and identity, and links from state files, other entries
    and the published site point at it. A deletion and an addition of identical content in
    one commit is a rename; a rename with edits is reported as a deletion (CT302).

    Archiving is not renaming: an entry moved, under the name it was added with and with its
    content unchanged, into an `archive/` folder of its directory (`journal/archive/`) or of
    the repository (`archive/journal/`) keeps its identity, as the protocol's CONTEXT_BUDGET.md
    asks of old entries. The archived copy is an entry like any other: editing it is CT301.

    **Example**

        $ git mv completed/2026-01-03-parse.md completed/2026-01-03-parse-constants.md
        $ git commit -m "Better name"        <- CT303

    **Fix**

    Move it back (`git mv completed/2026-01-03-parse-constants.md completed/2026-01-03-parse.md`).
    Names are permanent; explain a better name in a new entry if it matters.

    """
    yield from judged(ctx, "CT303")


@rule("CT304", "log-rewritten", "error", uses=(HISTORY_JUDGEMENT,))
@with_way_out
def log_rewritten(ctx: CheckContext) -> Iterator[Violation]:
    """An append-only JSONL file changed other than by appending lines.

    The cycle ledger (`.agents/evolve/cycle-history.jsonl`), the note stores (`notes.jsonl`,
    `notes/*.jsonl`) and `logs/*.jsonl` only grow: each version must begin, byte for byte,
    with the one before it. A line edited, reordered or removed, a file reset or truncated,
    a ledger deleted, or re-created without its old lines is reported at every commit that
    does it. A merge passes when its result begins with one of its parents' versions.

    Rotation is not a rewrite (CONTEXT_BUDGET.md: "Rotate to archive"): lines removed from the
    head of the log in a commit that adds the same lines, in order, to a file under an
    `archive/` folder or to another `logs/*.jsonl` file are not reported. Without that copy,
    dropping old lines is CT304. A log taken out of git while it stays on disk is CT308.

    **Example**

        $ git diff HEAD~1 -- .agents/evolve/cycle-history.jsonl
        -{"cycle": 3, "result": "regressed", ...}
        +{"cycle": 3, "result": "improved", ...}      <- CT304

    **Fix**

    Restore the lines the log had (`git show HEAD~1:.agents/evolve/cycle-history.jsonl`) and
    append new lines after them; record a correction as a new line, never by editing one. To
    rotate a long log, move its oldest lines to `archive/` in the same commit.

    """
    yield from judged(ctx, "CT304")


@rule("CT305", "state-without-snapshot", "error", uses=(HISTORY_JUDGEMENT,))
@with_way_out
def state_without_snapshot(ctx: CheckContext) -> Iterator[Violation]:
    """A commit overwrote STATE.md without adding a snapshots/ entry in the same commit.

    "Snapshot before overwriting STATE.md": the previous state goes to
    `snapshots/YYYY-MM-DDTHH-MM-SS.md` so that no operational state is ever lost. Judged for
    every commit that modifies STATE.md (creating it is not overwriting) and for the
    uncommitted changes; merges are judged at the commits they bring in.

    **Example**

        $ git show --stat 7e1b2c4
        STATE.md | 4 ++--                  <- CT305: no snapshots/ entry added

    **Fix**

    Add the snapshot in the same commit: `continuity new snapshot`, fill it with the state being
    replaced, `git add snapshots/ STATE.md`, then commit.

    """
    yield from judged(ctx, "CT305")


@rule("CT306", "task-without-completed", "error", uses=(HISTORY_JUDGEMENT,))
@with_way_out
def task_without_completed(ctx: CheckContext) -> Iterator[Violation]:
    """A commit removed a task from TODO.md without adding a completed/ entry.

    "Do not mark tasks complete without evidence": a task leaves TODO.md (its Active, Pending
    and Blocked sections) only with a completed/ entry that carries the evidence. Tasks are
    table rows, identified by their first cell, and list items, identified by their text
    before " — "; moving a task between those sections, or editing its other cells, is not
    a removal.

    Each removed task needs its own entry: one matched by its Task ID (in the entry's file
    name or its `| Task ID |` row) or by its slug (the words of the entry's name after the
    date are words of the task). An entry that names no removed task still stands for one.
    Reported once per task left without an entry: two tasks removed with one entry is one
    finding, naming the task left over.

    **Example**

        $ git diff 2b9d0f1~1 2b9d0f1 -- TODO.md
        -| T-2 | Parse the harmonic constants | wren | 2026-01-02 |     <- CT306

    **Fix**

    Commit the removal together with `completed/YYYY-MM-DD-task-slug.md`
    (`continuity new completed`) holding the task's result and evidence.

    """
    yield from judged(ctx, "CT306")


@rule("CT307", "learning-without-reflection", "warning", uses=(HISTORY_JUDGEMENT,))
@with_way_out
def learning_without_reflection(ctx: CheckContext) -> Iterator[Violation]:
    """A commit removed or changed a LEARNINGS.md insight without adding a reflections/ entry.

    LEARNINGS.md holds only the distilled rule; the event behind it, the failure observed and
    the correction belong in reflections/. Insights are the rows of the `## Insights` table
    (identified by their first cell) and the items of lists under headings that mention
    "pattern". Adding an insight is not judged.

    **Example**

        $ git diff HEAD~1 -- LEARNINGS.md
        -| 1 | Fixtures first |
        +| 1 | Fixtures first, from recorded data |     <- CT307

    **Fix**

    Add `reflections/YYYY-MM-DD-topic-slug.md` (`continuity new reflection`) in the same commit,
    telling what happened and why the insight changed.

    """
    yield from judged(ctx, "CT307")


@rule("CT308", "history-untracked", "warning", uses=(HISTORY_JUDGEMENT,))
@with_way_out
def history_untracked(ctx: CheckContext) -> Iterator[Violation]:
    """A history directory, entry or log that git ignores or no longer tracks, so its append-only promise cannot be verified.

    The protocol's default `.gitignore` keeps `snapshots/*`, `completed/*.md` and
    `logs/*.jsonl` out of git; then nothing records what those entries said, and CT301-CT303
    cannot see them change. Reported once per directory: its ignored entries, or that new
    entries would be ignored (the message says when the rule is the protocol's own).

    A file taken out of git while it stays on disk (`git rm --cached`, as the seed prescribes
    for the local-only cycle ledger in `.agents/`) is not deleted: it is reported once per
    commit and directory, naming the commit, and never as CT302/CT304 or "restore it". So is
    a log deleted or untracked and later added back holding every line it had (`git add -f`,
    a restore): nothing was lost, only the history between the two commits is unverified.

    **Example**

        # .gitignore
        snapshots/*          <- CT308 for snapshots/

    **Fix**

    Remove the pattern from `.gitignore` (or re-include with `!snapshots/*.md`) and commit
    the entries, or keep them deliberately out of git and ignore this rule for them.

    """
    untracked = judged(ctx, "CT308")
    yield from untracked
    taken_out = {v.path.split("/", 1)[0] for v in untracked}
    tree = ctx.tree
    directories = [d for d in tree.directories.values()
                   if d.is_history and d.name not in taken_out]
    if not directories:
        return
    # The status already listed the ignored files; ask git why only for one of each
    # directory's, and for a name its next entry could have.
    ignored_entries: dict[str, list[str]] = {}
    for path in HISTORY(ctx).ignored:
        name = path.split("/", 1)[0]
        ignored_entries.setdefault(name, []).append(path)
    entries_of = {d.name: {e.path for e in d.entries} for d in directories}
    probes = {d.name: f"{d.name}/{probe_name(d)}" for d in directories}
    samples = {}
    for directory in directories:
        found = [p for p in ignored_entries.get(directory.name, ()) if p in entries_of[directory.name]]
        ignored_entries[directory.name] = found
        if found:
            samples[directory.name] = found[0]
    from continuity.history.log import ignored_paths

    reasons = ignored_paths(ctx.repository, tree.root, [*probes.values(), *samples.values()])
    for directory in directories:
        entries = ignored_entries[directory.name]
        asked = samples.get(directory.name, probes[directory.name])
        if asked not in reasons:
            continue
        source, line, pattern = reasons[asked]
        because = f"`{pattern}` in {source}:{line}"
        if entries:
            total = len(directory.entries)
            what = f"git ignores {len(entries)} of its {plural(total, 'entry', 'entries')} " \
                   f"({because})"
        else:
            what = f"git would ignore its new entries ({because})"
        upstream = pattern in directory.kind.upstream_ignores  # the protocol's own .gitignore
        why = (" (the protocol's own .gitignore has this rule: its entries are kept local on "
               "purpose)" if upstream else "")
        keep = ("; to keep them local as the protocol does, ignore CT308 (`ignore = "
                '["CT308"]`)' if upstream else "")
        yield Violation(
            directory.name,
            f"history directory {directory.name}/ is not fully tracked: {what}{why}, so its "
            "append-only history cannot be verified",
            f"To have it verified, remove `{pattern}` from {source} (or add "
            f"`!{directory.name}/*` after it) and commit the entries (`git add "
            f"{directory.name}/`){keep}.")
