"""``continuity init``: a tree that passes its own check, and never a file overwritten."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

from continuity.formats.markdown import PLACEHOLDER
from continuity.model.kinds import DIRECTORY_KINDS, default_edges
from continuity.model.tree import BUILTIN_TEMPLATES
from tests.support.common import GitRepo, check_json, run_cli, write_files
from tests.support.entry_shape import tree_at
from tests.support.readonly import read_only, snapshot_bytes

STATE_FILES = ["STATE", "TODO", "CONTEXT", "LEARNINGS", "PLAN", "TOOLS", "ARTIFACTS", "SNAPSHOT",
               "INFRASTRUCTURE", "MEMORY", "KNOWLEDGE", "EVENTS"]


def test_init_writes_a_tree_that_check_passes(tmp_path: Path):
    root = tmp_path / "memory"
    result = run_cli("init", root)
    assert result.code == 0, result.err
    assert str(root) in result.out
    check = check_json(root, "--no-git")
    assert check.code == 0 and check.json["diagnostics"] == [], check.out

    tree = tree_at(root)
    assert sorted(s.stem for s in tree.state_files) == sorted(STATE_FILES)
    for state in tree.state_files:
        assert state.declared_edges is not None, f"{state.name} declares no mesh index"
        assert [d for d, _ in state.declared_edges] == list(default_edges().get(state.stem, ()))
        assert not PLACEHOLDER.search(state.file.text), state.name
        assert len(state.file.text.split("\n## Mesh index")[0].splitlines()) > 3, \
            f"{state.name} has no starter text"
    for name in DIRECTORY_KINDS:
        assert (root / name / ".gitkeep").is_file()
        assert tree.indexed_by(name), f"{name}/ is indexed by no state file"
        builtin = BUILTIN_TEMPLATES / f"{name}.md"
        if builtin.is_file():
            assert (root / name / "ENTRY.template.md").read_bytes() == builtin.read_bytes()
    state = tree.state_file("STATE").document.body
    for section in ("Status", "Active objective", "Next valid action"):
        assert state.text_of(state.section(section)), section
    assert "timestamp" in tree.state_file("SNAPSHOT").document.body.bold_fields()


def test_mkdocs_yml_uses_material_offline_with_search_and_continuity(tmp_path: Path):
    run_cli("init", tmp_path)
    config = yaml.safe_load((tmp_path / "mkdocs.yml").read_text())
    assert config["theme"] == {"name": "material", "font": False}
    assert config["plugins"] == ["search", "continuity"]
    assert (tmp_path / config["docs_dir"]).is_dir()
    assert config["site_name"]


def test_mkdocs_builds_the_initialised_tree(tmp_path: Path):
    """Needs the site plugin (``continuity.plugin``) to be installed."""
    run_cli("init", tmp_path)
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "index.html").is_file()


def test_gitignore_keeps_history_in_git_and_check_passes_with_git(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    run_cli("init", repo.path)
    repo.commit("init")
    tracked = repo.git("ls-files").split()
    for name in DIRECTORY_KINDS:
        assert f"{name}/.gitkeep" in tracked
    ignored = subprocess.run(["git", "check-ignore", "--no-index", *DIRECTORY_KINDS,
                              *(f"{d}/2026-01-01-x.md" for d in DIRECTORY_KINDS)],
                             cwd=repo.path, capture_output=True, text=True)
    assert ignored.stdout == "", ignored.stdout
    assert subprocess.run(["git", "check-ignore", "-q", "site/index.html"],
                          cwd=repo.path).returncode == 0
    result = check_json(repo.path)
    assert result.code == 0 and result.json["diagnostics"] == [], result.out


def test_init_refuses_to_overwrite_and_writes_nothing(tmp_path: Path):
    write_files(tmp_path, {"STATE.md": "# my state\n", "journal/ENTRY.template.md": "mine\n",
                           "notes.txt": "keep\n"})
    before = snapshot_bytes(tmp_path)
    result = run_cli("init", tmp_path)
    assert result.code == 2
    assert "STATE.md" in result.err and "journal/ENTRY.template.md" in result.err
    assert "nothing was written" in result.err
    assert snapshot_bytes(tmp_path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["STATE.md", "journal", "notes.txt"]


def test_init_keeps_an_existing_gitignore(tmp_path: Path):
    write_files(tmp_path, {".gitignore": "*.log\n", "docs/index.md": "# Home\n"})
    result = run_cli("init", tmp_path)
    assert result.code == 0
    assert "Kept as they were: docs/.gitkeep, .gitignore" in result.out
    assert (tmp_path / ".gitignore").read_text() == "*.log\n"
    assert not (tmp_path / "docs/.gitkeep").exists()


def test_init_into_a_read_only_directory_is_exit_2_and_leaves_it_empty(tmp_path: Path):
    target = tmp_path / "ro"
    target.mkdir()
    with read_only(target):
        result = run_cli("init", target)
    assert result.code == 2
    assert "cannot create" in result.err
    assert list(target.iterdir()) == []


def test_init_where_a_directory_name_is_a_file_is_refused(tmp_path: Path):
    write_files(tmp_path, {"journal": "not a directory\n"})
    result = run_cli("init", tmp_path)
    assert result.code == 2 and "journal" in result.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["journal"]
