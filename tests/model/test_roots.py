"""Which directories are memory roots, and the search for every root below a path."""

from __future__ import annotations

import os
from pathlib import Path

from continuity.config import Config
from continuity.model.roots import MAX_ROOT_DEPTH, declared_parent, find_roots, root_signal
from continuity.model.tree import discover
from tests.support.common import write_files
from tests.support.nested import protocol_repository


def roots_below(path: Path) -> list[str]:
    search = find_roots(path, Config(base_dir=path), path)
    return [Path(os.path.relpath(root, path.resolve())).as_posix() for root in search.roots]


def test_every_root_of_the_protocols_shape_is_found_parents_first(tmp_path: Path):
    protocol_repository(tmp_path / "repo")
    assert roots_below(tmp_path / "repo") == [
        ".", "memories", "packs/developer", "packs/judge", "samples/minimum"]


def test_what_makes_a_root(tmp_path: Path):
    config = Config(base_dir=tmp_path)
    write_files(tmp_path, {
        "state/STATE.md": "# STATE\n",
        "guide/AGENTS.md": "# Contributing\n\nRun the tests. See README.md and CLAUDE.md.\n",
        "guide/README.md": "# Readme\n", "guide/CLAUDE.md": "# Claude\n",
        "pack/AGENTS.md": "# Pack\n\n1. RUBRIC.md\n", "pack/RUBRIC.md": "# Rubric\n",
        "meshed/AGENTS.md": "# Agents\n\n## Mesh index\n\n- **Indexes:** `journal/`\n",
        "child/AGENTS.md": "---\nparent: ../AGENTS.md\n---\n# Child\n",
        "custom/DECISIONS.md": "# Decisions\n\n## Mesh index\n\n- **Indexes:** `decisions/`\n",
        "plain/DECISIONS.md": "# Decisions\n",
        "ledger/.agents/evolve/cycle-history.jsonl": "{}\n",
        "notes/notes.jsonl": "{}\n",
        "empty/.gitkeep": "",
    })
    signals = {d: root_signal(tmp_path / d, config) for d in (
        "state", "guide", "pack", "meshed", "child", "custom", "plain", "ledger", "notes",
        "empty")}
    assert signals == {
        "state": "STATE.md",
        # AGENTS.md alone is the agents.md convention; CLAUDE.md beside it makes a root of
        # the instruction files (its imports are checked), issue 30.
        "guide": "CLAUDE.md (agent instructions)",
        "pack": "AGENTS.md (with RUBRIC.md, which it loads)",
        "meshed": "AGENTS.md (with a mesh index)",
        "child": "AGENTS.md (with a parent)",
        "custom": "DECISIONS.md (with a mesh index)",
        "plain": None,
        "ledger": ".agents/evolve/cycle-history.jsonl",
        "notes": "notes.jsonl",
        "empty": None,
    }


def test_a_parents_directories_never_swallow_a_child(tmp_path: Path):
    write_files(tmp_path, {
        "STATE.md": "# STATE\n", "journal/2026-01-02-turn-1.md": "x\n",
        "memory/STATE.md": "# STATE\n", "memory/journal/2026-01-03-turn-1.md": "y\n",
        "backend/STATE.md": "# STATE\n", "backend/journal/2026-01-04-turn-1.md": "z\n",
    })
    config = Config(base_dir=tmp_path)
    search = find_roots(tmp_path, config, tmp_path)
    top = discover(config, tmp_path, search=search)
    assert set(top.directories) == {"journal"}  # memory/ is a root of its own, not a library
    assert [e.path for e in top.entries] == ["journal/2026-01-02-turn-1.md"]
    assert top.children == ("backend", "memory")
    child = discover(config, tmp_path / "memory", search=search)
    assert [e.path for e in child.entries] == ["journal/2026-01-03-turn-1.md"]


def test_a_linked_child_root_leaving_the_repository_is_recorded_never_entered(tmp_path: Path):
    outside = tmp_path / "outside"
    write_files(outside, {"STATE.md": "# STATE\n"})
    repo = tmp_path / "repo"
    write_files(repo, {"STATE.md": "# STATE\n", "packs/.keep": ""})
    os.symlink(outside, repo / "packs" / "linked")
    search = find_roots(repo, Config(base_dir=repo), repo)
    assert search.roots == (repo.resolve(),)
    assert [(link.name, target) for link, target in search.escapes] == [
        ("linked", str(outside))]
    tree = discover(Config(base_dir=repo), repo, search=search)
    assert [(f.path, f.read) for f in tree.skipped] == [("packs/linked", None)]


def test_a_link_loop_and_a_link_inside_are_each_searched_once(tmp_path: Path):
    write_files(tmp_path, {"a/STATE.md": "# STATE\n"})
    os.symlink(tmp_path / "a", tmp_path / "b")  # the same root, by another name
    os.symlink(tmp_path / "c", tmp_path / "c")  # a loop
    assert len(find_roots(tmp_path, Config(base_dir=tmp_path), tmp_path).roots) == 1


def test_deep_nesting_is_bounded(tmp_path: Path):
    deep = tmp_path.joinpath(*["d"] * (MAX_ROOT_DEPTH + 8))
    write_files(deep, {"STATE.md": "# STATE\n"})
    write_files(tmp_path / "d" / "d", {"STATE.md": "# STATE\n"})
    search = find_roots(tmp_path, Config(base_dir=tmp_path), tmp_path)
    assert search.roots == ((tmp_path / "d" / "d").resolve(),)
    assert search.too_deep


def test_the_parent_declaration_is_read_at_the_top_only():
    assert declared_parent("---\nparent: ../STATE.md\n---\n# S\n") == ("../STATE.md", 2)
    assert declared_parent("# S\n\n```yaml\nparent: ../AGENTS.md\n```\n\n## Status\n") == (
        "../AGENTS.md", 4)
    # The protocol's AGENTS.md explains the declaration further down: an example, not its own.
    assert declared_parent("# A\n\n## Nesting\n\n```yaml\nparent: ../AGENTS.md\n```\n") is None
    assert declared_parent("# S\n\nparent: ../STATE.md in prose\n") is None
