"""A repository planted inside the tree (issue 34, #2): git is pointed only at the real one.

A pull request cannot add a ``.git``, but it can add ``HEAD``, ``objects/`` and ``refs/`` to a
memory root below the top: git's own discovery, started there, takes that folder for a bare
repository. With a planted ``config``, index and objects it judges a forged history. The tool
finds the top itself (the nearest ``.git`` above, never a bare layout) and runs every git
command with ``--git-dir``/``--work-tree`` from it: the history rules run on the real
repository and the rewrite is reported.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from continuity.history.git import open_repository
from tests.support.common import GitRepo, minimal_tree, run_cli, write_files
from tests.support.site_support import build, write_mkdocs_yml

JOURNAL = "journal/2026-01-02-turn-1.md"
TREE = minimal_tree()


def planted_bare(root: Path) -> None:
    """The least git takes for a bare repository."""
    write_files(root, {"HEAD": "ref: refs/heads/main\n", "objects/.keep": "", "refs/.keep": ""})


def planted_forgery(root: Path, base: Path) -> None:
    """A whole repository (config, index, objects, refs) whose history holds no rewrite,
    copied into ``root`` as plain files."""
    forge = GitRepo(base / "forge")
    forge.commit("Start the memory tree", TREE)
    for item in (forge.path / ".git").iterdir():
        if item.is_dir():
            shutil.copytree(item, root / item.name, dirs_exist_ok=True)
        else:
            shutil.copy(item, root / item.name)
    (root / "config").write_text("[core]\n\tbare = false\n\tworktree = .\n", "utf-8")


@pytest.fixture(params=["bare", "forged"])
def rewritten(request, tmp_path: Path) -> tuple[Path, str]:
    """A project whose memory/ holds a rewritten entry, then a planted repository."""
    repo = GitRepo(tmp_path / "project")
    write_files(repo.path, {"docs/about.md": "# About\n"})
    repo.commit("Start the memory tree", {f"memory/{k}": v for k, v in TREE.items()})
    edited = repo.commit("Edit history", {
        f"memory/{JOURNAL}": TREE[JOURNAL].replace("It parses.", "It parsed.")})
    memory = repo.path / "memory"
    if request.param == "bare":
        planted_bare(memory)
    else:
        planted_forgery(memory, tmp_path)
    repo.commit("Plant a repository")
    return repo.path, edited


def ct301(result) -> list[str]:
    return [d["commit"] for d in result.json["diagnostics"] if d["code"] == "CT301"]


def test_the_real_repository_is_opened(rewritten: tuple[Path, str]):
    top, _ = rewritten
    status = open_repository(top / "memory", "on")
    assert status.repository is not None and status.repository.top == top


@pytest.mark.parametrize("where", ["memory", "top"])
def test_history_rules_judge_the_real_history(rewritten: tuple[Path, str], where: str):
    top, edited = rewritten
    write_files(top / "memory", {"continuity.toml": 'git = "on"\n'})
    if where == "memory":
        result = run_cli("check", "--output-format", "json", cwd=top / "memory")
    else:
        write_mkdocs_yml(top, options={"root": "memory"})
        result = run_cli("check", "--output-format", "json", "memory", cwd=top)
    assert result.code == 1, result.out + result.err
    assert edited[:7] in ct301(result)


def test_the_site_build_reads_the_real_history(rewritten: tuple[Path, str]):
    top, _ = rewritten
    write_mkdocs_yml(top, options={"root": "memory", "strict": True})
    built = build(top)
    assert built.error is not None and "CT301" in "\n".join([*built.warnings, built.said])


def test_a_linked_worktree_is_still_its_repository(tmp_path: Path):
    """A ``.git`` *file* (a linked worktree, a submodule) is the user's own nesting: read."""
    main = GitRepo(tmp_path / "main")
    main.commit("Start the memory tree", TREE)
    main.git("worktree", "add", "-q", str(tmp_path / "linked"))
    status = open_repository(tmp_path / "linked" / "journal", "on")
    assert status.repository is not None and status.repository.top == tmp_path / "linked"
    assert b"Start the memory tree" in status.repository.run("log", "--format=%s")
