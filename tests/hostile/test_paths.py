"""One path function decides what may be read, published or written
(``continuity.model.boundaries``): inside the work tree, never inside ``.git``, never through a
link that leaves it. Readers (check, the site, recall) and writers (new, init, note,
report --write-audit) are held to it with real links in real repositories (issue 14, cases 9
and 12).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from continuity.model.boundaries import boundary_of, refusal, root_refusal
from tests.support.common import GitRepo, minimal_tree, write_files
from tests.support.site_support import write_mkdocs_yml

from .conftest import run_command, run_mkdocs

MARK = "ZQXJ-never-published"  # in every file outside the tree: found anywhere, a leak


@pytest.fixture
def world(tmp_path: Path) -> tuple[GitRepo, Path, Path]:
    """A repository with a clean tree in memory/, mkdocs.yml for it, and a folder outside."""
    outside = tmp_path / "outside"
    write_files(outside, {
        "evolve/cycle-history.jsonl": json.dumps(
            {"cycle": 1, "target": MARK, "result": "unchanged",
             "timestamp": "2026-01-01T00:00:00Z"}) + "\n",
        "notes/x.jsonl": json.dumps({"time": "2026-01-01T00:00:00Z", "project": "p",
                                     "fact": f"The {MARK} fact holds."}) + "\n",
        "journal/2026-01-05-turn-5.md": f"# {MARK}\n",
    })
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path / "memory", minimal_tree())
    write_mkdocs_yml(repo.path, options={"root": "memory"})
    repo.commit("tree")
    with open(repo.path / ".git" / "config", "a", encoding="utf-8") as handle:
        handle.write(f"[http]\n\textraheader = X-Mark: {MARK}\n")
    return repo, repo.path / "memory", outside


def _published(repo: GitRepo) -> list[Path]:
    site = repo.path / "site"
    return [p for p in site.rglob("*") if p.is_file() and MARK.encode() in p.read_bytes()]


def _contents(top: Path) -> dict[str, bytes | None]:
    return {p.relative_to(top).as_posix(): p.read_bytes() if p.is_file() else None
            for p in sorted(top.rglob("*"))}


def _ct602(root: Path) -> dict[str, str]:
    done = run_command("check", "--no-git", "--output-format", "json", cwd=root, codes=(1,))
    return {d["path"]: d["message"] for d in json.loads(done.out)["diagnostics"]
            if d["code"] == "CT602"}


def test_a_link_into_git_is_refused_and_not_published(world):
    repo, root, _ = world
    write_files(root, {"KNOWLEDGE.md": minimal_tree()["CONTEXT.md"].replace(
        "`journal/`", "`knowledge/`")})
    (root / "knowledge").mkdir()
    os.symlink("../../.git/config", root / "knowledge" / "ci.md")
    found = _ct602(root)
    assert ".git directory" in found["knowledge/ci.md"]
    run_mkdocs("build", cwd=repo.path)
    assert _published(repo) == []


@pytest.mark.parametrize("link, target, path", [
    (".agents", "", ".agents/evolve/cycle-history.jsonl"),
    ("notes", "notes", "notes/x.jsonl"),
])
def test_a_directory_link_out_refuses_every_file_below_it(world, link, target, path):
    repo, root, outside = world
    os.symlink(outside / target, root / link)
    found = _ct602(root)
    assert "linked directory" in found[path]
    run_mkdocs("build", cwd=repo.path)
    assert _published(repo) == []
    recalled = run_command("recall", MARK, cwd=root, codes=(1,))
    assert MARK not in recalled.out


def test_a_root_that_links_out_is_not_read(world):
    repo, _, outside = world
    write_files(outside / "mem", {**minimal_tree(), "CONTEXT.md": f"# {MARK}\n"})
    os.symlink(outside / "mem", repo.path / "linked")
    write_mkdocs_yml(repo.path, options={"root": "linked"})
    checked = run_command("check", "--no-git", "linked", cwd=repo.path, names=["linked"])
    assert checked.code == 2 and "CT602" in checked.err
    built = run_mkdocs("build", cwd=repo.path, names=["linked"])
    assert built.code == 1 and "CT602" in built.err
    assert not (repo.path / "site").exists() or _published(repo) == []


def test_writers_refuse_links_out_and_write_nothing(world):
    repo, root, outside = world
    (outside / "audits").mkdir()
    before = _contents(outside)
    # journal/ a link out: `new` would create the entry there.
    os.rename(root / "journal", root / "journal-old")
    os.symlink(outside / "journal", root / "journal")
    new = run_command("new", "journal", "--title", "A turn", cwd=root, names=["journal"])
    assert new.code == 2 and "CT602" in new.err
    # the store a link out: `note` would append to it.
    os.symlink(outside / "notes" / "x.jsonl", root / "notes.jsonl")
    noted = run_command("note", "The parser skips blank lines.", "--project", "p", cwd=root,
                        codes=(5,))
    assert "CT602" in noted.err
    # audits/ a link out: `report --write-audit` would file the audit there.
    os.symlink(outside / "audits", root / "audits")
    audit = run_command("report", "--no-git", "--write-audit", cwd=root, names=["audits"])
    assert audit.code == 2 and "CT602" in audit.err
    # init into a folder whose journal/ links out.
    (repo.path / "fresh").mkdir()
    os.symlink(outside / "journal", repo.path / "fresh" / "journal")
    init = run_command("init", "fresh", cwd=repo.path, names=["fresh"])
    assert init.code == 2 and "CT602" in init.err
    assert list((repo.path / "fresh").iterdir()) == [repo.path / "fresh" / "journal"]
    # init into .git itself.
    into_git = run_command("init", ".git/memory", cwd=repo.path, names=[".git"])
    assert into_git.code == 2 and not (repo.path / ".git" / "memory" / "STATE.md").exists()
    assert _contents(outside) == before


def test_the_function_itself(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    outside = tmp_path / "outside"
    outside.mkdir()
    (repo.path / "a").mkdir()
    os.symlink(outside, repo.path / "a" / "out")
    os.symlink("../.git", repo.path / "a" / "git")
    os.symlink("loop", repo.path / "a" / "loop")
    top = boundary_of(repo.path / "a")
    assert top == repo.path.resolve()
    assert refusal(repo.path / "a" / "file.md", top) is None
    assert refusal(repo.path / "a" / "new" / "deeper.md", top) is None  # not there yet
    assert refusal(repo.path / "a" / "out" / "x.md", top) == "a link leaving the repository"
    assert "inside the repository's .git" in refusal(repo.path / "a" / "git" / "config", top)
    assert "inside the repository's .git" in refusal(repo.path / ".git" / "config", top)
    assert "loops" in refusal(repo.path / "a" / "loop", top)
    assert refusal(outside / "x", top) == "outside the repository"
    assert root_refusal(repo.path / "a" / "out") == "a link leaving the repository"
    assert root_refusal(repo.path / "a") is None
