"""The findings a range introduced and fixed: the check run on BASE's tree and on HEAD's,
compared finding by finding (rule, file and message; a finding an edit moved to another line
is the same finding).

The check is reached through :func:`check_root`, the one adapter: when the run module that
every face shares lands, only its body changes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

from continuity.changes.model import FindingRef
from continuity.config import load_config
from continuity.model.tree import MemoryTree
from continuity.validators.diagnostics import Diagnostic
from continuity.validators.engine import run_check


def check_root(tree: MemoryTree, top: Path) -> list[Diagnostic]:
    """The findings of the check of the memory root ``tree`` (discovered whole; its child
    roots are their own), with the configuration seen from ``top``, without the history
    rules: both ends of a range are judged alike, and the range's own history is judged by
    the review."""
    config = load_config(top, {"git": "off"})
    return list(run_check(tree, config, cwd=tree.root).diagnostics)


def _key(diagnostic: Diagnostic) -> tuple[str, str, str]:
    return diagnostic.code, diagnostic.root_path, diagnostic.message


def compare(before: list[Diagnostic], after: list[Diagnostic]
            ) -> tuple[list[FindingRef], list[FindingRef]]:
    """(introduced, fixed): the findings of ``after`` that ``before`` lacks, and those of
    ``before`` that ``after`` lacks, counted (two alike and one left: one fixed). Alike is
    the same rule, file and message first; then the same rule and file, whose message may
    hold a number that moved (a snapshot's age, a file's length)."""
    old, new = list(before), list(after)
    for key in (_key, _place):
        old, new = _unmatched(old, new, key), _unmatched(new, old, key)
    return [_ref(d) for d in new], [_ref(d) for d in old]


def _place(diagnostic: Diagnostic) -> tuple[str, str, str]:
    return diagnostic.code, diagnostic.root_path, ""


def _unmatched(mine: list[Diagnostic], theirs: list[Diagnostic],
               key: Callable[[Diagnostic], tuple[str, str, str]]) -> list[Diagnostic]:
    """The findings of ``mine`` beyond those ``theirs`` has alike by ``key``."""
    counts = Counter(map(key, theirs))
    kept = []
    for diagnostic in mine:
        if counts[key(diagnostic)] > 0:
            counts[key(diagnostic)] -= 1
        else:
            kept.append(diagnostic)
    return kept


def _ref(diagnostic: Diagnostic) -> FindingRef:
    return FindingRef(diagnostic.code, diagnostic.name, diagnostic.severity.value,
                      diagnostic.root_path, diagnostic.line, diagnostic.message)
