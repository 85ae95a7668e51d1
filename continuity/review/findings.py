"""The findings a range introduced and fixed: the check run on BASE's tree and on HEAD's,
compared finding by finding (rule, file and message; a finding an edit moved to another line
is the same finding).

The check is reached through :func:`check_root`, the one adapter: when the run module that
every face shares lands, only its body changes.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from continuity.changes.model import FindingRef
from continuity.config import load_config
from continuity.model.workspace import open_target, targets_for
from continuity.validators.diagnostics import Diagnostic
from continuity.validators.engine import run_check


def check_root(root: Path, top: Path) -> list[Diagnostic]:
    """The findings of the check of the memory root at ``root`` alone (its child roots are
    their own), with the configuration seen from ``top``, without the history rules: both
    ends of a range are judged alike, and the range's own history is judged by the review."""
    config = load_config(top, {"git": "off"})
    for target in targets_for(root, config, top):
        if target.root == root.resolve():
            tree = open_target(target, config)
            return list(run_check(tree, config, cwd=root).diagnostics)
    return []


def _key(diagnostic: Diagnostic) -> tuple[str, str, str]:
    return diagnostic.code, diagnostic.root_path, diagnostic.message


def compare(before: list[Diagnostic], after: list[Diagnostic]
            ) -> tuple[list[FindingRef], list[FindingRef]]:
    """(introduced, fixed): the findings of ``after`` that ``before`` lacks, and those of
    ``before`` that ``after`` lacks, counted (two alike and one left: one fixed)."""
    old, new = Counter(map(_key, before)), Counter(map(_key, after))
    return _beyond(after, new, old), _beyond(before, old, new)


def _beyond(found: list[Diagnostic], mine: Counter[tuple[str, str, str]],
            theirs: Counter[tuple[str, str, str]]) -> list[FindingRef]:
    """The findings of ``found`` (counted in ``mine``) beyond those ``theirs`` counts alike."""
    taken: Counter[tuple[str, str, str]] = Counter()
    kept = []
    for diagnostic in found:
        key = _key(diagnostic)
        if taken[key] < mine[key] - theirs[key]:
            taken[key] += 1
            kept.append(_ref(diagnostic))
    return kept


def _ref(diagnostic: Diagnostic) -> FindingRef:
    return FindingRef(diagnostic.code, diagnostic.name, diagnostic.severity.value,
                      diagnostic.root_path, diagnostic.line, diagnostic.message)
