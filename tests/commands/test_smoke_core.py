"""The core plumbing: discovery of the minimal tree, configuration errors, exit codes."""

from pathlib import Path

from continuity.config import load_config
from continuity.model.tree import discover
from tests.support.common import check_json, run_cli, write_files


def test_minimal_tree_is_discovered(tree: Path):
    model = discover(load_config(tree))
    assert [s.name for s in model.state_files] == ["CONTEXT.md", "LEARNINGS.md", "STATE.md",
                                                   "TODO.md"]
    assert sorted(model.directories) == ["completed", "journal", "snapshots"]
    assert {(e.state_file, e.directory) for e in model.edges} == {
        ("STATE.md", "snapshots"), ("TODO.md", "completed"), ("CONTEXT.md", "journal"),
        ("LEARNINGS.md", "completed")}
    journal = model.directories["journal"].entries[0]
    assert journal.parsed_name.turn == 1
    assert journal.document.frontmatter.data["date"] == "2026-01-02"  # a string, not a date


def test_unknown_option_is_exit_2_naming_it(tree: Path):
    write_files(tree, {"continuity.toml": 'rooot = "."\n'})
    result = run_cli("check", cwd=tree)
    assert result.code == 2
    assert "rooot" in result.err


def test_minimal_tree_is_clean(tree: Path):
    result = check_json(tree, "--no-git")
    assert result.code == 0, result.out
    assert result.json["diagnostics"] == []
