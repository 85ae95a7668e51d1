"""The engine: run the selected rules over one tree and turn violations into diagnostics.

discover (model) -> validate (rules, here) -> report (reporters) or render (generator).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from continuity.config import Config
from continuity.errors import ConfigError, did_you_mean
from continuity.formats.secrets import redact_credentials
from continuity.formats.seen_redaction import redact_seen
from continuity.history import GIT_OFF_NOTICE
from continuity.history.background import Background
from continuity.model.conventions import Convention
from continuity.model.roots import escaped_name
from continuity.model.scoped import bound_notice
from continuity.model.tree import MemoryTree
from continuity.validators.diagnostics import Diagnostic, Severity, Violation
from continuity.validators.fixes import Fix
from continuity.validators.registry import Analysis, CheckContext, Rule, all_rules, selected

if TYPE_CHECKING:
    # Imported where git is read: a check without it (`--no-git`, the per-file hook) never
    # loads the git and log readers.
    from continuity.history.git import GitStatus, Repository
    from continuity.history.log import EarlyLog


@dataclass(frozen=True)
class RootVerdict:
    """What one memory root was judged as: its convention (None: no known one), why, and
    how many of its files were read for the rules that judge it."""

    path: str  # as the user sees it, relative to the working directory
    convention: str | None
    explanation: str
    files: int
    evidence: tuple[str, ...] = ()
    #: Some rule had something to judge: a file of the root was read, or its history said
    #: something (a log deleted from git leaves no file to read).
    judged: bool = True


@dataclass(frozen=True)
class CheckResult:
    diagnostics: tuple[Diagnostic, ...]
    notices: tuple[str, ...]
    files: int
    rules: tuple[str, ...]
    roots: tuple[RootVerdict, ...] = ()
    #: Rules selected but not run: they read git, and there was none to read.
    skipped: tuple[str, ...] = ()

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity is Severity.ERROR)

    @property
    def warnings(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity is Severity.WARNING)

    def failed(self, fail_on: str = "error") -> bool:
        return any(d.severity.fails(fail_on) for d in self.diagnostics)


def active_rules(config: Config) -> list[Rule]:
    """The rules this configuration selects (with git off, those that read git are selected
    and skipped: the check says so)."""
    rules = all_rules()
    unknown_codes(config, [r.code for r in rules])
    keep = set(selected([r.code for r in rules], config.select, config.ignore))
    return [r for r in rules if r.code in keep and config.severity.get(r.code) != "off"]


def reads_git(config: Config, rules: list[Rule]) -> bool:
    """Whether this run asks git: a rule that needs it, or ``since`` (the baseline of the
    ledger and note stores is what they held at that commit)."""
    return any(r.needs_git for r in rules) or config.since is not None


def unknown_codes(config: Config, codes: list[str], select: Iterable[str] = (),
                  ignore: Iterable[str] = ()) -> None:
    """A code in ``select``, ``ignore`` or ``severity`` that names no rule is a configuration
    error (exit 2), never a run of no rules reported as passing."""
    given = [("select", c) for c in (*config.select, *select)]
    given += [("ignore", c) for c in (*config.ignore, *ignore)]
    given += [("severity", c) for c in config.severity]
    for option, code in given:
        if not any(known.startswith(code) for known in codes):
            raise ConfigError(f"option '{option}': no rule has the code '{code}'"
                              f"{did_you_mean(code, codes)} (nothing would be checked for "
                              "it); `continuity rules` lists the codes")


@dataclass(frozen=True)
class EarlyGit:
    """The repository opened, and its log being read, before the tree is discovered."""

    status: GitStatus
    log: EarlyLog | None


def start_git(root: Path, config: Config, rules: list[Rule]) -> EarlyGit | None:
    """Open the repository of the memory root at ``root`` and start reading its log.

    Call it before discovery, which then runs while git works (``run_check(early=...)``).
    None when no selected rule reads git or there is no directory to look at yet.
    """
    if config.git == "off" or not reads_git(config, rules) or not root.is_dir():
        return None
    from continuity.history.git import open_repository
    from continuity.history.log import start_log

    status = open_repository(root, config.git)
    log = None
    # Only the history rules read the whole log; started for others, it would be read for
    # nothing (and, as a thread that nothing waits for, sometimes not at all).
    if status.repository is not None and any(r.reads_history for r in rules):
        log = start_log(status.repository, root.resolve(), config)
    return EarlyGit(status, log)


def run_check(tree: MemoryTree, config: Config, *, cwd: Path | None = None,
              now: datetime | None = None, rules: list[Rule] | None = None,
              ctx: CheckContext | None = None, early: EarlyGit | None = None) -> CheckResult:
    """Run ``rules`` (default: the configured selection) over ``tree``."""
    cwd = (cwd or Path.cwd()).resolve()
    rules = active_rules(config) if rules is None else rules
    notices: list[str] = []
    context = ctx or CheckContext(tree=tree, config=config)
    if tree.scoped_stopped:  # the tree's own reading left folders out: said with the rules'
        context.notices.append(bound_notice())
    if now is not None:
        context.now = now
    if early is not None and context.git is None:
        context.git = early.status.repository
        context.early_log = early.log
        if early.status.notice:
            notices.append(early.status.notice)
    elif reads_git(config, rules):
        if config.git == "off":
            notices.append(GIT_OFF_NOTICE)  # said without loading the git reader
        elif context.git is None:
            from continuity.history.git import open_repository

            status = open_repository(tree.root, config.git)
            context.git = status.repository
            if status.notice:
                notices.append(status.notice)
    # Each root is judged by the rules of the convention it follows (the general ones alone
    # for a root of none): never by the protocol's rules because it bears a name they use.
    recognition = tree.recognition
    runnable = [r for r in rules if not (r.needs_git and context.git is None)
                and recognition.judges(r.code)]
    if context.git is not None and config.since is not None:
        notices.extend(moving_since(context.git, config.since))
    context.codes = frozenset(r.code for r in runnable)
    started = _start_analyses(context, runnable)
    diagnostics: list[Diagnostic] = []
    for rule in runnable:
        for analysis in rule.uses:
            if analysis in started:
                started[analysis].result()  # raises what the shared work raised
        override = config.severity.get(rule.code)
        for violation in rule.check(context):
            severity = Severity(override) if override else (violation.severity or rule.severity)
            # The one place diagnostics are made: what a rule quotes from the tree (a value,
            # a file name) is redacted here, on the raw text, before any output escapes it.
            # A name that is not UTF-8 is shown with its bytes escaped (caf\xe9.md): every
            # output is text, and no UTF-8 output can hold it as it is.
            diagnostics.append(Diagnostic(
                path=escaped_name(redact_credentials(display_path(tree.root, violation.path,
                                                                  cwd))),
                line=max(1, violation.line), column=max(1, violation.column),
                code=rule.code, name=rule.name, severity=severity,
                message=escaped_name(redact_credentials(violation.message)),
                hint=escaped_name(redact_credentials(violation.hint)),
                commit=violation.commit, commit_date=violation.commit_date,
                root_path=escaped_name(violation.path), occurrences=violation.occurrences,
                fix=shown_fix(violation, tree.root, cwd),
                identity=violation.identity,
            ))
    diagnostics.sort()
    notices.extend(dict.fromkeys(context.notices))
    notices = [redact_seen(notice) for notice in notices]  # by what a reader sees
    files = len(tree.all_files())
    shown = display_path(tree.root, ".", cwd)
    # A convention's own folders (Copilot's instructions/) are read by its rules, not loaded
    # as the tree's files: a root holding only those was judged all the same.
    judged = files > 0 or bool(diagnostics) or _holds_files(tree.root, recognition.convention)
    # What the tree's names say is redacted like every message (a file name may hold a key).
    verdict = RootVerdict(redact_credentials(shown), recognition.name,
                          redact_credentials(recognition.explain(judged)), files,
                          tuple(redact_credentials(e.what) for e in recognition.evidence
                                if e.convention == recognition.name and e.weight > 0), judged)
    skipped = [r.code for r in rules if r.needs_git and context.git is None]
    return CheckResult(tuple(diagnostics), tuple(notices), files,
                       tuple(sorted(code for code in {r.code for r in rules} | set(skipped)
                                    if recognition.judges(code))), (verdict,),
                       tuple(sorted(code for code in skipped if recognition.judges(code))))


def shown_fix(violation: Violation, root: Path, cwd: Path) -> Fix | None:
    """The violation's fix with its rename as paths are shown; none when redaction would
    change a path or a text it writes (a fix is applied as shown: never with a mask in it)."""
    fix = violation.fix
    if fix is None:
        return None
    said = [violation.path, *(edit.content for edit in fix.edits)]
    if fix.rename is not None:
        said.append(fix.rename)
    if any(redact_credentials(text) != text for text in said):
        return None
    if fix.rename is None:
        return fix
    return replace(fix, rename=display_path(root, fix.rename, cwd))


def moving_since(git: Repository, since: str) -> list[str]:
    """A notice when ``since`` names a ref that moves (``HEAD``, a branch): every commit then
    moves the baseline too, and the history rules silently judge nothing new."""
    from continuity.history.git import GitError  # loaded with the repository already

    if since.startswith("-") or any(c in since for c in "\0\n"):
        return []  # not a revision: the history reader says so
    moving = since.upper().startswith(("HEAD", "@", "FETCH_HEAD", "ORIG_HEAD"))
    if not moving:
        try:
            full = git.run("rev-parse", "--symbolic-full-name", since).decode(
                "utf-8", "replace").split("\n")[0].strip()
        except GitError:  # an unknown revision is reported where it is resolved
            return []
        moving = full.startswith(("refs/heads/", "refs/remotes/"))
    if not moving:
        return []
    try:
        sha = git.run("rev-parse", "--short=12", f"{since}^{{commit}}").decode().split()[0]
    except GitError:
        sha = "<commit>"
    return [f"warning: since = {since!r} names a moving ref: it moves with every commit, so "
            f"the history rules would never judge a new commit; set since to a fixed commit "
            f"(since = \"{sha}\", what {since} is now) or a tag"]


def _start_analyses(context: CheckContext, rules: list[Rule]
                    ) -> dict[Analysis[Any], Background[Any]]:
    """Start the background analyses ``rules`` read (git reads, hashing) in threads, once
    each, before any rule runs."""
    started: dict[Analysis[Any], Background[Any]] = {}
    for rule in rules:
        for analysis in rule.uses:
            if analysis.background and analysis not in started:
                started[analysis] = Background(partial(context.result, analysis),
                                               f"continuity-{analysis.name}")
    return started


def display_path(root: Path, path: str, cwd: Path) -> str:
    """A root-relative path as the user sees it: relative to the working directory."""
    absolute = os.path.normpath(os.path.join(root, path))
    try:
        shown = os.path.relpath(absolute, cwd)
    except ValueError:  # another drive on Windows
        shown = absolute
    return shown.replace(os.sep, "/")


def _holds_files(root: Path, convention: Convention | None) -> bool:
    """Whether one of the folders a convention keeps its memory in holds a file."""
    for folder in convention.memory_in_at(root) if convention is not None else ():
        try:
            with os.scandir(root / folder) as entries:
                if any(entry.is_file(follow_symlinks=False) for entry in entries):
                    return True
        except OSError:
            continue
    return False
