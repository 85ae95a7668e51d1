"""One check, as every face runs it: ``check``, ``check --watch``, ``report``, ``generate``,
the MkDocs plugin (and ``diff``) build a :class:`CheckRun` and ask it for roots.

discover -> recognise -> load (the model) -> git -> rules (:func:`engine.run_check`) ->
baseline (:mod:`acknowledged`) -> provenance and the state timeline (for the site and the
report). The verdict depends on the tree and the options alone: the baseline is the one of
the repository that holds the tree (``--baseline`` names another), never the working
directory's, which only says how paths are shown.

    run = CheckRun(config, cwd)
    checked = [run.target(t) for t in resolve(paths, config, cwd)]
    verdict = run.verdict(checked)           # findings left once the baselines acknowledged theirs
    verdict.result.failed(config.fail_on)

The report asks for the living files' versions too (``timeline=True``), the site also for the
commits that added each entry (``provenance=True``), and calls :meth:`CheckRun.tree` for each
tree ``site_trees`` found.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from continuity.config import Config
from continuity.history.background import Background
from continuity.model.conventions import forget as forget_recognitions
from continuity.model.roots import MAX_DIRS_SEARCHED, MAX_ROOT_DEPTH
from continuity.model.tree import MemoryTree, ParsedEntries
from continuity.model.workspace import NothingToCheck, Target, open_target, resolve_targets
from continuity.paths import repository_top
from continuity.validators import baseline as acknowledged  # the findings baseline file
from continuity.validators.baseline import Entry as BaselineEntry
from continuity.validators.diagnostics import Diagnostic
from continuity.validators.engine import (
    CheckResult,
    EarlyGit,
    active_rules,
    run_check,
    start_git,
)
from continuity.validators.registry import CheckContext, Rule

if TYPE_CHECKING:
    from continuity.history.provenance import CommitRef
    from continuity.history.versions import Timeline

#: (repository top, HEAD, memory root) -> provenance; kept by the plugin across serve rebuilds.
ProvenanceCache = dict[tuple[str, str, str], dict[str, "CommitRef"]]


@dataclass(frozen=True)
class CheckedRoot:
    """One memory root checked: its findings before any baseline, narrowed to the paths named
    (``check FILE``), and what the site and the report read besides."""

    tree: MemoryTree
    result: CheckResult
    baseline: Path  # the baseline file that applies to this root
    provenance: dict[str, CommitRef] = field(default_factory=dict)
    timeline: Timeline | None = None  # the living files' versions (option state_history)


@dataclass(frozen=True)
class Verdict:
    """Roots checked, as one result: the findings the baselines leave, with their notices."""

    result: CheckResult
    acknowledged: int = 0
    #: Baseline entries that matched no finding, by baseline file (judged on a whole check).
    stale: tuple[tuple[Path, tuple[BaselineEntry, ...]], ...] = ()


class CheckRun:
    """The options of one run, and the rules they select, for any number of roots."""

    def __init__(self, config: Config, cwd: Path, *, baseline: Path | None = None,
                 reuse: ParsedEntries | None = None, timeline: bool = False,
                 provenance: bool = False,
                 provenance_cache: ProvenanceCache | None = None) -> None:
        """``baseline``: the file given (``--baseline``); by default each root's repository's.
        ``reuse``: entries parsed by the previous run (``--watch``, serve). ``timeline``: read
        the living files' versions (the report, the site; option ``state_history``).
        ``provenance``: read the commits that added each entry (the site), cached in
        ``provenance_cache``."""
        self.config = config
        self.cwd = cwd
        self.baseline = baseline
        self.reuse = reuse
        self.timeline = timeline
        self.provenance = provenance
        self.provenance_cache = provenance_cache
        self.rules: list[Rule] = active_rules(config)

    def baseline_path(self, root: Path) -> Path:
        """The baseline that applies to the memory root at ``root``: the one given, else the
        one at the top of the repository that holds the root (the root itself outside one)."""
        return self.baseline if self.baseline is not None else acknowledged.default_path(root)

    def target(self, target: Target) -> CheckedRoot:
        """Check one target: its git started first, so the log is read while it is discovered;
        the findings narrowed to the files it names."""
        early = None if self.provenance else start_git(target.root, self.config, self.rules)
        tree = open_target(target, self.config, self.reuse)
        checked = self.tree(tree, early=early)
        if target.only is None:
            return checked
        return replace(checked, result=self._narrowed(checked, target))

    def targets(self, targets: list[Target]) -> list[CheckedRoot]:
        """Check each target; what the search for roots below the first path left out is
        said after that root's notices."""
        # Recognised again (--watch checks again): a template added since makes it the protocol.
        forget_recognitions()
        checked = [self.target(target) for target in targets]
        said = search_notices(targets, self.cwd)
        if checked and said:
            first = checked[0]
            notices = tuple(dict.fromkeys((*first.result.notices, *said)))
            checked[0] = replace(first, result=replace(first.result, notices=notices))
        return checked

    def tree(self, tree: MemoryTree, *, early: EarlyGit | None = None) -> CheckedRoot:
        """Check one discovered tree whole (``early``: its git, started before discovery)."""
        config, status, reading = self.config, None, None
        context = CheckContext(tree=tree, config=config)
        provenance: dict[str, CommitRef] = {}
        key: tuple[str, str, str] | None = None
        if self.provenance:  # the site: git is opened for the commits that added each entry
            from continuity.history.git import open_repository
            from continuity.history.provenance import added_commits

            status = open_repository(tree.root, config.git)
            repository = context.git = status.repository
            if repository is not None:
                key = (str(repository.top), repository.head, str(tree.root))
                cache = self.provenance_cache
                if cache is not None and key in cache:
                    provenance = cache[key]
                else:  # git lists the additions while the rules run
                    reading = Background(lambda: added_commits(tree, repository),
                                         "continuity-added")
        result = run_check(tree, config, cwd=self.cwd, rules=self.rules, ctx=context,
                           early=early)
        timeline = None
        if self.timeline and config.state_history and context.git is not None:
            # From the history the check read (CT605 read the versions already, when it ran).
            from continuity.validators.analyses import STATE_TIMELINE

            timeline = STATE_TIMELINE(context)
        if reading is not None:
            provenance = reading.result()
            if self.provenance_cache is not None and key is not None:
                self.provenance_cache.clear()  # one HEAD at a time: serve must not grow
                self.provenance_cache[key] = provenance
        if status is not None and status.notice and any(r.needs_git for r in self.rules):
            said = tuple(dict.fromkeys((status.notice, *result.notices)))
            result = replace(result, notices=said)
        return CheckedRoot(tree, result, self.baseline_path(tree.root), provenance, timeline)

    def _narrowed(self, checked: CheckedRoot, target: Target) -> CheckResult:
        """The findings of the files ``target`` names; a file outside the tree is said."""
        root, only, cwd, result = target.root, target.only or (), self.cwd, checked.result
        kept = tuple(d for d in result.diagnostics if any(_under(d.root_path, f) for f in only))
        judged = [p for p in checked.tree.file_paths() if any(_under(p, f) for f in only)]
        outside = [f for f in only if not any(_under(p, f) for p in judged)]
        notices = list(result.notices)
        if outside and target.files_only:
            # A staged README.md or source file (the per-file hook gets every staged file):
            # said, not judged, and not an error; a directory named is one.
            shown = ", ".join(os.path.relpath(root / f, cwd) for f in outside[:3])
            more = f" and {len(outside) - 3} more" if len(outside) > 3 else ""
            notices.append(f"not part of the memory tree of {os.path.relpath(root, cwd)}/, "
                           f"so not judged: {shown}{more}")
        elif not judged:
            raise NothingToCheck(
                f"{', '.join(os.path.relpath(root / f, cwd) for f in only)}: no file of the "
                f"memory root {os.path.relpath(root, cwd)}/ to check there (no entry, "
                f"template or state file); run `continuity check {os.path.relpath(root, cwd)}`")
        return replace(result, diagnostics=kept, notices=tuple(notices), files=len(judged))

    def verdict(self, checked: Iterable[CheckedRoot], *, whole: bool = False,
                notices: Iterable[str] = ()) -> Verdict:
        """The roots' findings as one result, without those each root's baseline acknowledges.

        ``whole``: the run covered every file and rule (no path inside a root, no --select or
        --ignore), so baseline entries that match nothing are judged stale and said.
        """
        roots = list(checked)
        result = combined([c.result for c in roots], notices)
        judged = frozenset(result.rules) - frozenset(result.skipped) if whole else frozenset()
        count, stale = 0, []
        for path in dict.fromkeys(c.baseline for c in roots):
            applied = acknowledged.apply(result, acknowledged.load(path), self.cwd,
                                         judged_codes=judged, whole=whole,
                                         review=self.config.git != "off",
                                         since=self.config.since)
            result, count = applied.result, count + applied.acknowledged
            if applied.stale:
                stale.append((path, applied.stale))
        return Verdict(result, count, tuple(stale))


def resolve(paths: Iterable[str], config: Config, cwd: Path) -> list[Target]:
    """The roots the paths given stand for (:func:`resolve_targets`). Where the repository has
    no root left, the exit 2 also names what its history deleted and which of those held a
    credential (continuity.history.deleted): git still holds them."""
    try:
        return resolve_targets(paths, config, cwd)
    except NothingToCheck as nothing:
        from continuity.history.deleted import with_deleted

        raise with_deleted(nothing, config) from None


def combined(checks: Iterable[CheckResult], notices: Iterable[str] = ()) -> CheckResult:
    """The findings of several roots as one result (a nested site, several paths)."""
    checks = list(checks)
    # One finding once: a file above sibling roots (.env at the top) is judged by each of them,
    # and a root's own credential file (an OpenClaw state directory's openclaw.json) by the
    # roots inside it too, in their words ("is committed") rather than its ("would be
    # published"): a credential is one finding at its place, the first root's.
    diagnostics = tuple(sorted({_same_finding(d): d for check in reversed(checks)
                                for d in check.diagnostics}.values()))
    said = tuple(dict.fromkeys((*(n for check in checks for n in check.notices), *notices)))
    rules = tuple(dict.fromkeys(code for check in checks for code in check.rules))
    return CheckResult(diagnostics, said, sum(c.files for c in checks), rules,
                       tuple(v for check in checks for v in check.roots),
                       tuple(sorted(dict.fromkeys(code for check in checks
                                                  for code in check.skipped))))


def _same_finding(d: Diagnostic) -> tuple[object, ...]:
    if d.code in ("CT601", "CT605"):
        return (d.code, d.path, d.line, d.column, d.commit)
    return (d, d.message, d.commit)


def options_place(paths: Iterable[str], cwd: Path) -> Path:
    """Where the options are looked for (``load_config``): the working directory, unless the
    first path given lies in another repository than it; then the top of that repository, as
    if the command ran there (outside git: the path's directory, unless it lies below the
    working directory). A tree checked from elsewhere is judged by its own continuity.toml
    and mkdocs.yml, as from inside."""
    first = next(iter(paths), None)
    if first is None:
        return cwd
    place = (cwd / first).absolute()
    if not place.is_dir():
        place = place.parent
    if not place.is_dir():
        return cwd  # no such path: said where the paths are resolved
    top, here = repository_top(place), cwd.absolute()
    if top is not None:
        return cwd if top == repository_top(here) else top
    return cwd if place == here or here in place.parents else place


def search_notices(targets: list[Target], cwd: Path) -> list[str]:
    """What the search for memory roots below the first path left out, said once."""
    search = targets[0].search if targets else None
    if search is None:
        return []
    said = []
    if search.too_deep:
        deep = ", ".join(os.path.relpath(p, cwd) for p in search.too_deep[:3])
        said.append(f"directories more than {MAX_ROOT_DEPTH} levels down were not "
                    f"searched for memory roots (below {deep})")
    for found, what, why in (
            (search.set_aside, "test data or templates", "examples, made to be incomplete"),
            (search.archives, "archives", "copies kept for the record, not live memory"),
            (search.skill_bundles, "skill bundles (a SKILL.md)",
             "a skill's instructions and forms, not memory")):
        if found:
            shown = ", ".join(os.path.relpath(p, cwd) + "/" for p in found[:3])
            more = len(found) - 3
            said.append(f"memory roots in {what} were found, not judged: {shown}"
                        f"{f' and {more} more' if more > 0 else ''} ({why}; name one to "
                        "check it)")
    if search.unsearched:
        left = ", ".join(os.path.relpath(p, cwd) for p in search.unsearched)
        said.append(f"the search for memory roots stopped after {MAX_DIRS_SEARCHED} "
                    f"directories; not searched: {left} and the rest (name a "
                    "directory to search it)")
    return said


def _under(path: str, prefix: str) -> bool:
    return prefix in (".", "") or path == prefix or path.startswith(prefix + "/")
