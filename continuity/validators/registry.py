"""The rule registry. Every rule is one function in one of the modules of ``validators.rules``.

A rule is declared with :func:`rule`; its docstring is what ``continuity rules CODE`` prints:
first line a summary, then why it matters, an example, and the fix. The function takes a
:class:`CheckContext` and yields :class:`~continuity.validators.diagnostics.Violation` objects; code, name
and severity are added by the engine, so a rule only says where and what.

To add a rule: pick the module for its range (CT1xx ``tree``, or ``nesting`` for how roots
nest; CT2xx ``entries``, CT3xx ``history``, CT4xx ``ledger``, CT5xx ``notes``, CT6xx
``publish``) in ``validators/rules/`` (``entries`` and ``ledger`` are packages: the module of
their seam), write the function, and add a fires/does-not-fire test. Modules, and the modules
of packages there, are found by ``pkgutil``; nothing else needs registering, but for a rule
that reads git (``needs_git=True``): its module and code are listed in ``rules.NEEDS_GIT``, so
that a check without git leaves the module unimported.
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
from typing import Any

from continuity.config import Config
from continuity.model.tree import MemoryTree
from continuity.validators.diagnostics import Severity, Violation


@dataclass
class CheckContext:
    """What a rule may read: the tree, the options, the clock, and shared computations.

    The engine fills ``codes`` with the rules selected for this run (a rule that computes
    findings for several codes computes only those) and collects ``notices``: what a rule
    could not check, said once to the user. Rules never reach into the engine for these.
    """

    tree: MemoryTree
    config: Config
    now: datetime = field(default_factory=lambda: datetime.now(timezone.utc))
    git: Any = None  # a continuity.history.git.Repository when history can be read, else None
    codes: frozenset[str] = frozenset()
    notices: list[str] = field(default_factory=list)  # appended from prefetch threads too
    _memo: dict[str, Any] = field(default_factory=dict)
    # Rules' shared work may be started in threads (Rule.prefetch): a key being computed in
    # one thread is waited for by the others, never computed twice.
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _computing: dict[str, threading.Event] = field(default_factory=dict)

    def selected(self, *codes: str) -> bool:
        """Whether any of ``codes`` runs in this check."""
        return any(code in self.codes for code in codes)

    def memo(self, key: str, compute: Callable[[], Any]) -> Any:
        """Compute once per run what several rules share (e.g. the one git history pass)."""
        while True:
            with self._lock:
                if key in self._memo:
                    return self._memo[key]
                busy = self._computing.get(key)
                if busy is None:
                    busy = self._computing[key] = threading.Event()
                    break
            busy.wait()  # then look again: computed, or failed there and tried here
        try:
            value = compute()
            with self._lock:
                self._memo[key] = value
            return value
        finally:
            with self._lock:
                del self._computing[key]
            busy.set()


Check = Callable[[CheckContext], Iterable[Violation]]


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    severity: Severity
    check: Check
    needs_git: bool = False
    # Work the rule shares with others and mostly spends waiting on git or hashing (which let
    # go of the GIL): the engine starts it in a thread before any rule runs, so it overlaps
    # the Python rules that come first, and waits for it before this rule. It fills the memo.
    prefetch: Callable[[CheckContext], Any] | None = None
    # Reads the tree's whole git log (the history rules): the engine starts that log before
    # discovery only when a selected rule reads it.
    reads_history: bool = False

    @property
    def doc(self) -> str:
        return inspect.cleandoc(self.check.__doc__ or "")

    @property
    def summary(self) -> str:
        return self.doc.split("\n", 1)[0].strip()


_REGISTRY: dict[str, Rule] = {}
_LOADED: set[bool] = set()  # True: every rule module imported; False: those without git
_PACKAGE = "continuity.validators.rules"


def rule(code: str, name: str, severity: str, *, needs_git: bool = False,
         prefetch: Callable[[CheckContext], Any] | None = None,
         reads_history: bool = False) -> Callable[[Check], Check]:
    """Register the decorated function as rule ``code`` (``prefetch``: see :class:`Rule`)."""

    def register(check: Check) -> Check:
        if code in _REGISTRY:
            raise RuntimeError(f"rule {code} registered twice")
        if not (check.__doc__ or "").strip():
            raise RuntimeError(f"rule {code} has no docstring")
        _placed_as_declared(code, check.__module__, needs_git)
        _REGISTRY[code] = Rule(code, name, Severity(severity), check, needs_git, prefetch,
                               reads_history)
        return check

    return register


def _placed_as_declared(code: str, module: str, needs_git: bool) -> None:
    """A rule of the package reads git exactly when ``rules.NEEDS_GIT`` says its module does,
    and has its code listed there: what a check without git leaves unimported is known from
    that table alone."""
    from continuity.validators.rules import NEEDS_GIT

    if not module.startswith(_PACKAGE + "."):
        return  # a rule planted by a test
    listed = NEEDS_GIT.get(module.removeprefix(_PACKAGE + "."))
    if needs_git != (listed is not None) or (listed is not None and code not in listed):
        raise RuntimeError(f"rule {code} of {module}: its module and code must be listed in "
                           "validators.rules.NEEDS_GIT exactly when it needs git")


def all_rules(*, git: bool = True) -> list[Rule]:
    """Every registered rule, ordered by code. ``git=False``: the rules that do not read git,
    without importing the modules of those that do (:func:`git_codes` names them)."""
    if git not in _LOADED and True not in _LOADED:
        from continuity.validators import rules  # the rule modules register themselves on import

        _import_all(rules, skip=() if git else tuple(rules.NEEDS_GIT))
        _LOADED.add(git)
    return [_REGISTRY[code] for code in sorted(_REGISTRY) if git or not _REGISTRY[code].needs_git]


def git_codes() -> tuple[str, ...]:
    """The codes of the package's rules that read git, known without importing them."""
    from continuity.validators.rules import NEEDS_GIT

    return tuple(sorted(code for codes in NEEDS_GIT.values() for code in codes))


def _import_all(package: ModuleType, skip: tuple[str, ...] = ()) -> None:
    """Import every module of ``package``, and of the packages in it (a family split in
    several modules), but those named in ``skip`` (relative to the rules package)."""
    for module in pkgutil.iter_modules(package.__path__):
        name = f"{package.__name__}.{module.name}"
        if name.removeprefix(_PACKAGE + ".") in skip:
            continue
        imported = importlib.import_module(name)
        if module.ispkg:
            _import_all(imported, skip)


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
