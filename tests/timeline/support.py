"""A memory tree whose STATE.md changed in many commits, built in one ``git fast-import``."""

from __future__ import annotations

from pathlib import Path

from tests.support.common import STATE, GitRepo, minimal_tree
from tests.support.history_repos import fast_import

#: A GitHub token shape the detectors know (never a real one).
TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


def state_version(number: int) -> str:
    """STATE.md as commit ``number`` leaves it: each commit rewrites a few lines."""
    return (f"# STATE\n\n## Status\n\nCycle {number} running.\n\n## Active objective\n\n"
            f"Objective {number // 7}.\n\n## Next valid action\n\nStep {number + 1}: "
            f"<script>alert({number})</script> | `{number}`\n\n"
            "## Mesh index\n\n- **Indexes:** `snapshots/`\n")


def snapshot(number: int) -> str:
    stamp = snapshot_name(number)[len("snapshots/"):-3]
    day, _, clock = stamp.partition("T")
    return (f"---\ndate: {day}T{clock.replace('-', ':')}Z\nagent: wren\nversion: 0.1\n"
            "status: active\n---\n\n"
            f"# Snapshot — {number}\n\n## State at snapshot\n\nCycle {number - 1}.\n\n"
            "## Active objective\n\nParser.\n\n## Blockers\n\nNone.\n\n## Next action\n\n"
            "Go on.\n")


def snapshot_name(number: int) -> str:
    minutes = number % 60
    hours = number // 60
    return f"snapshots/2026-01-{3 + hours // 24:02d}T{hours % 24:02d}-{minutes:02d}-00.md"


def state_repository(path: Path, commits: int, *, secret_at: int | None = None,
                     no_snapshot: tuple[int, ...] = ()) -> tuple[GitRepo, list[str]]:
    """A repository whose first commit is the minimal tree and whose next ``commits`` commits
    each rewrite STATE.md with a snapshot (except those in ``no_snapshot``); at
    ``secret_at``, STATE.md holds a token, removed by the next commit."""
    repo = GitRepo(path)
    history = [{"message": "Start the memory", "files": minimal_tree()}]
    for number in range(1, commits + 1):
        text = state_version(number)
        if number == secret_at:
            text = text.replace("## Mesh index", f"Deploy token: {TOKEN}\n\n## Mesh index")
        files = {"STATE.md": text}
        if number not in no_snapshot:
            files[snapshot_name(number)] = snapshot(number)
        history.append({"message": f"Cycle {number}: rewrite the state", "files": files})
    shas = fast_import(repo, history)
    return repo, shas


__all__ = ["STATE", "TOKEN", "snapshot", "state_repository", "state_version"]
