"""The rule registry. Every rule is one function in one of the modules of ``validators.rules``.

A rule is declared with :func:`rule`; its docstring is what ``continuity rules CODE`` prints:
first line a summary, then why it matters, an example, and the fix. The function takes a
:class:`CheckContext` and yields :class:`~continuity.validators.diagnostics.Violation` objects; code, name
and severity are added by the engine, so a rule only says where and what.

To add a rule: pick the module for its range (CT1xx ``tree``, or ``nesting`` for how roots
nest; CT2xx ``entries``, CT3xx ``history``, CT4xx ``ledger``, CT5xx ``notes``, CT6xx
``publish``) in ``validators/rules/`` (``entries`` and ``ledger`` are packages: the module of
their seam), write the function, and add a fires/does-not-fire test. Modules, and the modules
of packages there, are found by ``pkgutil``; nothing else needs registering.
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
_LOADED = False


def rule(code: str, name: str, severity: str, *, needs_git: bool = False,
         prefetch: Callable[[CheckContext], Any] | None = None,
         reads_history: bool = False) -> Callable[[Check], Check]:
    """Register the decorated function as rule ``code`` (``prefetch``: see :class:`Rule`)."""

    def register(check: Check) -> Check:
        if code in _REGISTRY:
            raise RuntimeError(f"rule {code} registered twice")
        if not (check.__doc__ or "").strip():
            raise RuntimeError(f"rule {code} has no docstring")
        _REGISTRY[code] = Rule(code, name, Severity(severity), check, needs_git, prefetch,
                               reads_history)
        return check

    return register


def all_rules() -> list[Rule]:
    """Every registered rule, ordered by code."""
    global _LOADED
    if not _LOADED:
        from continuity.validators import rules  # the rule modules register themselves on import

        _import_all(rules)
        _LOADED = True
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
