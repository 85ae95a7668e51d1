"""What the site is generated from besides the tree: the check's findings and provenance.

Shared by the plugin and ``continuity generate`` so both open git once, run the rules once, and
give the same pages.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from continuity.config import Config
from continuity.history.background import Background
from continuity.history.git import open_repository
from continuity.history.provenance import CommitRef, added_commits
from continuity.history.versions import Timeline
from continuity.model.tree import MemoryTree
from continuity.validators import acknowledged
from continuity.validators.engine import CheckResult, active_rules, not_loaded, run_check
from continuity.validators.registry import CheckContext
from continuity.validators.rules.history_secrets import state_timeline

#: (repository top, HEAD, memory root) -> provenance; kept by the plugin across serve rebuilds.
ProvenanceCache = dict[tuple[str, str, str], dict[str, CommitRef]]


@dataclass(frozen=True)
class SiteInputs:
    check: CheckResult
    provenance: dict[str, CommitRef]
    timeline: Timeline | None = None  # the living files' versions (option state_history)


def gather(tree: MemoryTree, config: Config, cwd: Path,
           cache: ProvenanceCache | None = None) -> SiteInputs:
    """Run the configured rules and read provenance, sharing one repository handle.

    Raises GitUnavailable (a ContinuityError) for a shallow clone, or with ``git = on`` and no
    repository, exactly as ``continuity check`` does.
    """
    status = open_repository(tree.root, config.git)
    repository = status.repository
    provenance: dict[str, CommitRef] = {}
    reading: Background[dict[str, CommitRef]] | None = None
    key = (str(repository.top), repository.head, str(tree.root)) if repository else None
    if repository is not None:
        if cache is not None and key in cache:
            provenance = cache[key]
        else:  # git lists the additions while the rules run
            reading = Background(lambda: added_commits(tree, repository), "continuity-added")
    rules = active_rules(config)
    context = CheckContext(tree=tree, config=config, git=repository)
    check = run_check(tree, config, cwd=cwd, rules=rules, ctx=context)
    # What the repository's baseline acknowledges is left out, as `continuity check` leaves it.
    check = acknowledged.apply(check, acknowledged.load(acknowledged.default_path(tree.root)),
                               cwd, judged_codes=frozenset(), whole=False).result
    # From the history the check read (CT605 read the versions already, when it ran).
    timeline = state_timeline(context) if config.state_history else None
    if reading is not None:
        provenance = reading.result()
        if cache is not None and key is not None:
            cache.clear()  # one HEAD at a time: serve sessions must not grow without bound
            cache[key] = provenance
    if status.notice and (any(rule.needs_git for rule in rules) or not_loaded(config, rules)):
        check = replace(check, notices=tuple(dict.fromkeys((status.notice, *check.notices))))
    return SiteInputs(check, provenance, timeline)


def combined(checks: list[CheckResult]) -> CheckResult:
    """The findings of several roots (a nested site) as one result: for the summary line, the
    build's log and the option ``strict``."""
    diagnostics = tuple(sorted(d for check in checks for d in check.diagnostics))
    notices = tuple(dict.fromkeys(n for check in checks for n in check.notices))
    rules = tuple(dict.fromkeys(code for check in checks for code in check.rules))
    return CheckResult(diagnostics, notices, sum(c.files for c in checks), rules,
                       tuple(v for check in checks for v in check.roots),
                       tuple(dict.fromkeys(code for check in checks for code in check.skipped)))
