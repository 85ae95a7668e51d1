"""No side channels (architecture issue, point 4): the engine hands rules what they need in
the CheckContext (the selected codes, a notices list); no rule imports the engine, and nothing
outside the registry reads the context's private store of analyses."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.common import GitRepo, check_json, minimal_tree, write_files

PACKAGE = Path(__file__).resolve().parents[2] / "continuity"


def _imported(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_rule_module_imports_the_engine():
    rules = sorted((PACKAGE / "validators" / "rules").rglob("*.py"))
    assert rules
    assert [p.name for p in rules if "continuity.validators.engine" in _imported(p)] == []


def test_nothing_outside_the_registry_reads_the_analyses_private_store():
    readers = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "registry.py":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("_results", "_computing", "_lock"):
                readers.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert readers == []


def test_a_notice_from_a_rule_reaches_the_output_once(tmp_path: Path):
    # CT407 cannot resolve shas in a repository whose git fails to answer: here, a since with
    # no git history is the simplest notice a line rule gives through ctx.notices.
    write_files(tmp_path, minimal_tree())
    write_files(tmp_path, {".agents/evolve/cycle-history.jsonl": "{}\n"})
    result = check_json(tmp_path, "--select", "CT4", "--since", "HEAD")
    notices = [n for n in result.json["notices"] if n.startswith("since:")]
    assert len(notices) == 1


def test_only_the_selected_codes_are_judged_by_a_shared_history_pass(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    repo.commit("tree")
    repo.commit("edit and delete", {"journal/2026-01-02-turn-1.md": "# edited\n"},
                delete=["snapshots/2026-01-02T10-00-00.md"])
    both = check_json(repo.path, "--select", "CT301,CT302").codes()
    assert sorted(both) == ["CT301", "CT302"]
    assert check_json(repo.path, "--select", "CT302").codes() == ["CT302"]
