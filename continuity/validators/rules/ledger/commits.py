"""CT407 and CT408: what git says of the commits the ledger names (all asked in two git calls)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from continuity.model.ledger import Cycle, Ledger
from continuity.validators.diagnostics import Severity, Violation
from continuity.validators.registry import Analysis, CheckContext, rule
from continuity.validators.rules.ledger.shared import (
    APPEND_ONLY,
    HEX_SHA,
    NOT_COMMITTED,
    SHA_KEYS,
    absent,
    as_written,
    finding,
    judged_cycles,
    label,
    ledger_of,
    line_runs,
)
from continuity.validators.since_lines import worded_by_commit

# --------------------------------------------------------------------------- CT407


def _resolve_shas(ctx: CheckContext) -> dict[str, str | None]:
    """Every sha-like value of the ledger resolved to a full commit id, in one git call."""
    from continuity.history.git import GitError

    ledger = ledger_of(ctx)
    if ledger is None or ctx.git is None:
        return {}
    names = []
    for cycle in ledger.cycles:
        for key in SHA_KEYS:
            value = cycle.data.get(key)
            if isinstance(value, str) and HEX_SHA.match(value.strip()):
                names.append(value.strip())
    try:
        return ctx.git.resolve_commits(names)
    except GitError as exc:
        ctx.notices.append(f"ledger shas not checked: {exc}")
        return {}


#: The ledger's shas resolved (CT407, CT408), asked of git while the first rules run.
LEDGER_SHAS: Analysis[dict[str, str | None]] = Analysis(
    "ledger-shas", _resolve_shas, needs_git=True, background=True)


@rule("CT407", "ledger-sha", "error", uses=(LEDGER_SHAS,))
@worded_by_commit(*NOT_COMMITTED)
def ledger_sha(ctx: CheckContext) -> Iterator[Violation]:
    """A ledger sha, canonical_sha or log_sha is not a commit of the repository (error); sha differing from canonical_sha is a warning.

    The ledger's shas are its provenance: the commit each cycle delivered (`canonical_sha`, with
    `sha` as its alias) and the bookkeeping commit (`log_sha`). A sha that names no commit
    (mistyped, from another clone, or rewritten away by a rebase) breaks that link. `sha` and
    `canonical_sha` should name the same commit; when they differ, readers disagree about what
    the cycle delivered. All shas are resolved in one `git cat-file --batch-check` call.

    **Example**

        {"cycle": 5, "result": "improved", "sha": "abc1234", "canonical_sha": "abc1234", ...}

    where `abc1234` is not in `git log --all`.

    When not one of the ledger's shas (three or more) is a commit here, that is one cause
    (the work was squash-merged, rebased, or done in another clone): one finding says so
    instead of one per line.

    **Fix**

    In the lines you append, record the commit the cycle actually made (`git
    rev-parse --short HEAD` after committing); if history was rewritten, note the new commit in
    the next cycle's line. Committed lines stay as they are (append-only).
    """
    ledger = ledger_of(ctx)
    if ledger is None or not ledger.cycles:
        return
    resolved = LEDGER_SHAS(ctx)
    judged = judged_cycles(ctx, ledger)
    named = [(cycle, key, cycle.data[key].strip()) for cycle in judged for key in SHA_KEYS
             if isinstance(cycle.data.get(key), str) and HEX_SHA.match(cycle.data[key].strip())]
    distinct = {name for _, _, name in named if name in resolved}
    if len(distinct) >= 3 and all(resolved[name] is None for name in distinct):
        cycle, key, _ = named[0]
        yield finding(ledger, cycle, key,
                      f"none of the ledger's {len(distinct)} shas is a commit of this repository "
                      f"({line_runs(sorted({c.line for c, _, _ in named}))})",
                      "the commits were squash-merged, rebased away, or made in another clone: "
                      "record commits of this history in the lines you append; " + APPEND_ONLY)
        for cycle in judged:
            yield from _sha_mismatch(ledger, cycle, resolved)
        return
    for cycle in judged:
        for key in SHA_KEYS:
            value = cycle.data.get(key)
            if absent(cycle.data, key) or not isinstance(value, str):
                continue  # CT402 judges absent and non-string shas
            name = value.strip()
            if not HEX_SHA.match(name):
                yield finding(ledger, cycle, key,
                              f"{label(cycle)}: {key} {as_written(value)} is not a commit sha "
                              f"(expected 4-64 hex digits)",
                              "record the commit id in the lines you append, e.g. from `git "
                              "rev-parse --short HEAD`; " + APPEND_ONLY)
            elif name in resolved and resolved[name] is None:
                yield finding(ledger, cycle, key,
                              f"{label(cycle)}: {key} {name} is not a commit of this repository "
                              f"(unknown, or an ambiguous abbreviation)",
                              "a rebase or a fresh clone can drop commits a ledger names; in the "
                              "lines you append, record commits that exist (a longer abbreviation "
                              "if ambiguous); " + APPEND_ONLY)
        yield from _sha_mismatch(ledger, cycle, resolved)


def _sha_mismatch(ledger: Ledger, cycle: Cycle,
                  resolved: dict[str, str | None]) -> Iterator[Violation]:
    sha = cycle.data.get("sha", cycle.data.get("commit_sha"))
    canonical = cycle.data.get("canonical_sha")
    if not (isinstance(sha, str) and sha.strip() and isinstance(canonical, str)
            and canonical.strip()):
        return
    left, right = sha.strip(), canonical.strip()
    full_left, full_right = resolved.get(left), resolved.get(right)
    if full_left and full_right:
        same = full_left == full_right
    else:  # unresolvable: compare as abbreviations of each other
        same = left.lower().startswith(right.lower()) or right.lower().startswith(left.lower())
    if not same:
        key = "sha" if "sha" in cycle.data else "commit_sha"
        yield finding(ledger, cycle, key,
                      f"{label(cycle)}: {key} {left} differs from canonical_sha {right}",
                      "sha is the compatibility alias of canonical_sha: in the lines you append, "
                      "write the same commit in both (a distinct bookkeeping commit goes in "
                      "log_sha); " + APPEND_ONLY,
                      severity=Severity.WARNING)


# --------------------------------------------------------------------------- CT408

_GOALS_FILE = re.compile(r"^GOALS(?:\.[A-Za-z0-9]+)*$")


def _agent_only(path: str) -> bool:
    """A path under an `.agents/` directory, or a GOALS file (GOALS.yaml, GOALS.md)."""
    parts = path.split("/")
    return ".agents" in parts[:-1] or bool(_GOALS_FILE.match(parts[-1]))


def _improved_commits(ctx: CheckContext, ledger: Ledger) -> list[tuple[Cycle, str, str]]:
    """(cycle, key, full sha) of each improved cycle whose sha names a commit."""
    resolved = LEDGER_SHAS(ctx)
    improved: list[tuple[Cycle, str, str]] = []
    for cycle in judged_cycles(ctx, ledger):
        if cycle.data.get("result") != "improved":
            continue
        for key in ("canonical_sha", "sha", "commit_sha"):
            value = cycle.data.get(key)
            full = resolved.get(value.strip()) if isinstance(value, str) else None
            if full:
                improved.append((cycle, key, full))
                break
    return improved


def _list_changes(ctx: CheckContext) -> dict[str, list[str]]:
    """Files each improved cycle's commit changed (against its first parent), in one git call."""
    from continuity.history.git import GitError

    ledger = ledger_of(ctx)
    if ledger is None or ctx.git is None:
        return {}
    commits = list(dict.fromkeys(full for _, _, full in _improved_commits(ctx, ledger)))
    if not commits:
        return {}
    request = "".join(f"{c}\n" for c in commits).encode()
    try:
        output = ctx.git.run("log", "--no-walk=unsorted", "--stdin", "--no-renames",
                             "--diff-merges=first-parent", "--name-only", "-z",
                             "--format=%x01%H", input=request)
    except GitError as exc:
        ctx.notices.append(f"substantive-delta not checked: {exc}")
        return {}
    changed: dict[str, list[str]] = {}
    for record in output.decode("utf-8", "surrogateescape").split("\x01")[1:]:
        head, _, rest = record.partition("\0")
        if rest.startswith("\n"):
            rest = rest[1:]
        changed[head.strip()] = [p for p in rest.split("\0") if p]
    return changed


#: The files each improved cycle's commit changed (CT408).
LEDGER_CHANGES: Analysis[dict[str, list[str]]] = Analysis(
    "ledger-changed-files", _list_changes, background=True, uses=(LEDGER_SHAS,))


@rule("CT408", "substantive-delta", "warning", uses=(LEDGER_SHAS, LEDGER_CHANGES))
def substantive_delta(ctx: CheckContext) -> Iterator[Violation]:
    """An improved cycle's commit changes nothing outside `.agents/` and GOALS files.

    The seed's substantive-delta rule: a cycle that only touched the loop's own bookkeeping
    (`.agents/`, `GOALS.yaml`) made no product change, so recording it as `improved` reads
    ledger churn as progress. The commit judged is `canonical_sha` (else `sha`); its files
    are compared with its first parent. All such commits are listed in one `git log` call.

    **Example**

        {"cycle": 14, "target": "doc-coverage", "result": "improved", "sha": "9c1e2f0", ...}

    where commit 9c1e2f0 changed only `.agents/evolve/cycle-history.jsonl`.

    **Fix**

    Record such cycles as `"result": "unchanged"` from now on (and keep them local),
    or name the commit that made the product change. A committed line stays as it is
    (append-only); set `since` to judge only cycles written after a commit.
    """
    ledger = ledger_of(ctx)
    if ledger is None:
        return
    changed = LEDGER_CHANGES(ctx)
    for cycle, key, full in _improved_commits(ctx, ledger):
        if full not in changed:
            continue
        files = changed[full]
        if any(not _agent_only(path) for path in files):
            continue
        what = ("changes no file" if not files else
                "changes only " + ", ".join(files[:3]) + (" ..." if len(files) > 3 else ""))
        yield finding(ledger, cycle, key,
                      f"{label(cycle)} is improved but its commit {full[:7]} {what}",
                      'a cycle with no change outside .agents/ and GOALS files is "unchanged": '
                      "record such cycles so (or name the commit that changed the product) in the "
                      "lines you append; " + APPEND_ONLY, commit=full[:7])
