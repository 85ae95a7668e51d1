"""The package's shape: stages import only downwards, and no module imports itself round a cycle.

Stages, lowest first: errors and path geometry; text formats and options; the model of the tree; what git says
and what writes into the tree; validation; the check's reporters and the site; the audit report;
the commands and the plugin; the command line. A module may import from its own package or from a lower stage.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "continuity"

STAGES: dict[str, int] = {
    "continuity": 0, "continuity.errors": 0, "continuity.paths": 0,
    "continuity.config": 1, "continuity.formats": 1,
    "continuity.model": 2,
    "continuity.history": 3, "continuity.authoring": 3,
    "continuity.validators": 4, "continuity.output": 4, "continuity.changes": 4,
    "continuity.reporters": 5, "continuity.generator": 5,
    "continuity.audit": 6, "continuity.preview": 6, "continuity.review": 6,
    "continuity.commands": 7, "continuity.plugin": 7,
    "continuity.cli": 8, "continuity.__main__": 9,
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every continuity module a file imports, at any depth of the file (lazy imports count)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.startswith("continuity"):
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("continuity"))
    return found


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
GRAPH = {name: {m for m in _imports(path) if m in MODULES} - {name}
         for name, path in MODULES.items()}


def _unit(module: str) -> str:
    """The stage unit a module belongs to: the longest prefix named in STAGES."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in STAGES and (end > 1 or len(parts) == 1):
            return ".".join(parts[:end])
    raise AssertionError(f"{module} belongs to no stage: add its package to STAGES")


def test_every_module_has_a_stage():
    for module in MODULES:
        _unit(module)


def test_no_import_goes_up_a_stage_or_sideways():
    wrong = []
    for module, imported in GRAPH.items():
        unit = _unit(module)
        for other in imported:
            other_unit = _unit(other)
            if other_unit == unit or other_unit == "continuity":
                continue
            if STAGES[other_unit] >= STAGES[unit]:
                wrong.append(f"{module} -> {other}")
    assert wrong == []


def test_no_import_cycle():
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(GRAPH[node]):
            if nxt.startswith(node + ".") or node == "continuity":
                continue  # a package importing its own submodules is not a cycle
            if state.get(nxt) == 1:
                cycles.append(trail[trail.index(nxt):] + [nxt] if nxt in trail else [node, nxt])
            elif nxt not in state:
                visit(nxt, trail + [nxt])
        state[node] = 2

    for module in sorted(GRAPH):
        if module not in state:
            visit(module, [module])
    assert cycles == []


def test_the_root_holds_at_most_eight_modules():
    assert len(list(PACKAGE.glob("*.py"))) <= 8
