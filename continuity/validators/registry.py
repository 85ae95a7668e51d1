"""The rule registry. Every rule is one function in one of the modules of ``validators.rules``.

A rule is declared with :func:`rule`; its docstring is what ``continuity rules CODE`` prints:
first line a summary, then why it matters, an example, and the fix. The function takes a
:class:`CheckContext` and yields :class:`~continuity.validators.diagnostics.Violation` objects; code, name
and severity are added by the engine, so a rule only says where and what.

To add a rule: pick the module for its range (CT1xx ``tree``, or ``nesting`` for how roots
nest; CT2xx ``entries``, CT3xx ``history``, CT4xx ``ledger``, CT5xx ``notes``, CT6xx
``publish``) in ``validators/rules/`` (``entries`` and ``ledger`` are packages: the module of
their seam), write the function, and add a fires/does-not-fire test. Modules, and the modules
of packages there, are found by ``pkgutil``; nothing else needs registering. Work that
several rules share (a git read, a scan) is an :class:`Analysis` the rules name in ``uses``;
what reads git is imported inside the functions that read it, so that a check without git
imports every rule module and no git reader. A rule whose verdict on a file depends on other
files says so in ``reach`` (:data:`LINKS`, :data:`ROOT`, :data:`TREE`; the default
:data:`FILE`): ``continuity diff`` judges a range on what it can affect by it
(``review/scope.py``).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from continuity.config import Config
from continuity.model.tree import MemoryTree
from continuity.validators.diagnostics import Severity, Violation

if TYPE_CHECKING:  # imported where git is read: a check without git never loads its readers
    from continuity.history.git import Repository
    from continuity.history.log import EarlyLog


T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class Analysis(Generic[T]):
    """Work several rules share, computed once per run: what it needs, what it returns.

    Declared once, beside what computes it (``HISTORY_JUDGEMENT = Analysis(...)``), and named
    by the rules that read it (``@rule(..., uses=(HISTORY_JUDGEMENT,))``): a rule needs git when
    an analysis it uses does, the codes an analysis feeds are those of the rules that use it
    (:func:`fed_by`), and ``analysis(ctx)`` is its value for this run, typed ``T``.
    """

    name: str  # what it is, for a reader and for the thread that computes it
    compute: Callable[[CheckContext], T]
    needs_git: bool = False  # reads the repository (CheckContext.git)
    reads_history: bool = False  # reads the root's whole git log: started before discovery
    # Mostly waits on git or hashing (which let go of the GIL): the engine starts it in a
    # thread before any rule runs, so it overlaps the Python rules that come first.
    background: bool = False
    uses: tuple[Analysis[Any], ...] = ()  # the analyses it reads: their needs are its needs

    def __call__(self, ctx: CheckContext) -> T:
        return ctx.result(self)

    @property
    def git(self) -> bool:
        return self.needs_git or any(a.git for a in self.uses)

    @property
    def history(self) -> bool:
        return self.reads_history or any(a.history for a in self.uses)


@dataclass
class CheckContext:
    """What a rule may read: the tree, the options, the clock, and the analyses they share.

    The engine fills ``codes`` with the rules selected for this run (a rule that computes
    findings for several codes computes only those) and collects ``notices``: what a rule
    could not check, said once to the user. Rules never reach into the engine for these.
    """

    tree: MemoryTree
    config: Config
    now: datetime = field(default_factory=lambda: datetime.now(timezone.utc))
    git: Repository | None = None  # when history can be read
    early_log: EarlyLog | None = None  # the root's log, started before discovery
    codes: frozenset[str] = frozenset()
    notices: list[str] = field(default_factory=list)  # appended from analysis threads too
    _results: dict[Analysis[Any], Any] = field(default_factory=dict)
    # Analyses may be started in threads (Analysis.background): one being computed in one
    # thread is waited for by the others, never computed twice.
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _computing: dict[Analysis[Any], threading.Event] = field(default_factory=dict)

    @property
    def repository(self) -> Repository:
        """The repository, for what needs git: run only when there is one (the engine skips
        the rules that need it otherwise)."""
        if self.git is None:
            raise RuntimeError("git is needed here and there is no repository")
        return self.git

    def selected(self, *codes: str) -> bool:
        """Whether any of ``codes`` runs in this check."""
        return any(code in self.codes for code in codes)

    def result(self, analysis: Analysis[T]) -> T:
        """The value of ``analysis`` for this run, computed on first asking."""
        while True:
            with self._lock:
                if analysis in self._results:
                    return cast(T, self._results[analysis])
                busy = self._computing.get(analysis)
                if busy is None:
                    busy = self._computing[analysis] = threading.Event()
                    break
            busy.wait()  # then look again: computed, or failed there and tried here
        try:
            value = analysis.compute(self)
            with self._lock:
                self._results[analysis] = value
            return value
        finally:
            with self._lock:
                del self._computing[analysis]
            busy.set()


Check = Callable[[CheckContext], Iterable[Violation]]

#: What a rule's verdict on a file may depend on besides that file (its ``reach``), for the
#: review of a range (``continuity diff``), which judges again only what a change can affect.
#: FILE: the file, its directory's template and kind, the root's options and mesh index.
FILE = "file"
#: LINKS: also what the file points at (a path, a heading): whether it exists, its anchors.
LINKS = "links"
#: ROOT: also the root's own files (an index): each change to one may move every verdict.
ROOT = "root"
#: TREE: any file of the root or the repository (a glob that must match, a chain of folders).
TREE = "tree"
REACHES = (FILE, LINKS, ROOT, TREE)


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: Severity
    check: Check
    uses: tuple[Analysis[Any], ...] = ()  # the shared work it reads
    declared_git: bool = False  # reads ctx.git itself, through no analysis
    reach: str = FILE  # what else its verdict on a file depends on (FILE, LINKS, ROOT, TREE)

    @property
    def needs_git(self) -> bool:
        return self.declared_git or any(a.git for a in self.uses)

    @property
    def reads_history(self) -> bool:
        """Reads the tree's whole git log: the engine starts that log before discovery only
        when a selected rule reads it."""
        return any(a.history for a in self.uses)

    @property
    def doc(self) -> str:
        return inspect.cleandoc(self.check.__doc__ or "")

    @property
    def summary(self) -> str:
        return self.doc.split("\n", 1)[0].strip()


_REGISTRY: dict[str, Rule] = {}
_LOADED: set[bool] = set()  # {True} once every rule module is imported


def rule(code: str, name: str, severity: str, *, uses: tuple[Analysis[Any], ...] = (),
         needs_git: bool = False, reach: str = FILE) -> Callable[[Check], Check]:
    """Register the decorated function as rule ``code``, reading the analyses it ``uses``
    (``needs_git``: it reads ``ctx.git`` itself; ``reach``: what its verdict on a file depends
    on besides the file, one of :data:`REACHES`)."""
    if reach not in REACHES:
        raise RuntimeError(f"rule {code}: unknown reach {reach!r}")

    def register(check: Check) -> Check:
        if code in _REGISTRY:
            raise RuntimeError(f"rule {code} registered twice")
        if not (check.__doc__ or "").strip():
            raise RuntimeError(f"rule {code} has no docstring")
        _REGISTRY[code] = Rule(code, name, Severity(severity), check, uses, needs_git, reach)
        return check

    return register


def fed_by(analysis: Analysis[Any]) -> tuple[str, ...]:
    """The codes of the rules that read ``analysis``: what it computes findings for."""
    return tuple(r.code for r in all_rules() if analysis in r.uses)


def all_rules() -> list[Rule]:
    """Every registered rule, ordered by code. Rule modules import what reads git only where
    it is read, so a check without git imports them all and loads no git reader."""
    if not _LOADED:
        from continuity.validators import rules  # the rule modules register themselves on import

        _import_all(rules)
        _LOADED.add(True)
    return [_REGISTRY[code] for code in sorted(_REGISTRY)]


def _import_all(package: ModuleType) -> None:
    """Import every module of ``package``, and of the packages in it (a family split in
    several modules)."""
    for module in pkgutil.iter_modules(package.__path__):
        imported = importlib.import_module(f"{package.__name__}.{module.name}")
        if module.ispkg:
            _import_all(imported)


def get_rule(code: str) -> Rule | None:
    all_rules()
    return _REGISTRY.get(code.upper())


def selected(codes: Iterable[str], select: Iterable[str], ignore: Iterable[str]) -> list[str]:
    """Codes kept by ``select``/``ignore`` prefixes; the more specific prefix wins.

    No ``select`` means every rule; ``--select CT3 --ignore CT305`` keeps CT301-CT304 and
    CT306-CT308, while ``--select CT305 --ignore CT3`` keeps CT305 alone.
    """
    select = list(select) or [""]
    ignore = list(ignore)
    kept = []
    for code in codes:
        chosen = max((len(p) for p in select if code.startswith(p)), default=None)
        dropped = max((len(p) for p in ignore if code.startswith(p)), default=None)
        if chosen is None or (dropped is not None and dropped >= chosen):
            continue
        kept.append(code)
    return kept
