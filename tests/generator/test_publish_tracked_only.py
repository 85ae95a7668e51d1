"""Publish only what git tracks (issue 34 #10): a link in STATE.md to a git-ignored, never
committed ``.env`` (or to a file never added) is not published as a page, a copy or a search
result; a linked file git tracks still is; without git the build log says why it cannot ask."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.support.common import STATE, GitRepo, minimal_tree
from tests.support.engines import BIN, build_site, search_documents

SECRETISH = "remember-to-rotate-weekly"  # not a credential: only git's say keeps it off
LINKS = "See [the env](.env), [a draft](draft.txt) and [the setup](setup.txt).\n\n"


def _tree(path: Path) -> GitRepo:
    repo = GitRepo(path)
    tree = minimal_tree()
    tree["STATE.md"] = STATE.replace("## Next valid action", LINKS + "## Next valid action")
    tree["setup.txt"] = "setup notes, committed: tide-gauge-calibration\n"
    tree[".gitignore"] = ".env\n"
    repo.commit("start", tree)
    (path / ".env").write_text(f"DEPLOY_NOTE={SECRETISH}\n", "utf-8")
    (path / "draft.txt").write_text(f"draft, never added: {SECRETISH}-draft\n", "utf-8")
    return repo


def _every_text(site: Path) -> str:
    return "".join(p.read_bytes().decode("utf-8", "replace") for p in site.rglob("*")
                   if p.is_file())


@pytest.mark.parametrize("engine", ["mkdocs", "properdocs", "zensical"])
def test_an_ignored_or_never_added_linked_file_is_not_published(tmp_path, engine):
    repo = _tree(tmp_path / "repo")
    site = build_site(engine, repo.path, tmp_path / "work", strict=False)
    text = _every_text(site)
    assert SECRETISH not in text
    assert "tide-gauge-calibration" in text  # the tracked linked file is published
    found = " ".join(str(doc.get("text", "")) for doc in search_documents(site))
    assert SECRETISH not in found
    pages = [p for p in site.rglob("*.html") if "env" in p.parent.name]
    assert pages and "Not published" in pages[0].read_text("utf-8")


def test_without_git_the_build_log_says_why(tmp_path):
    repo = _tree(tmp_path / "repo")
    subprocess.run(["rm", "-rf", str(repo.path / ".git")], check=True)
    work = tmp_path / "work"
    (work / "docs").mkdir(parents=True)
    (work / "mkdocs.yml").write_text(
        f"site_name: t\ntheme:\n  name: material\n  font: false\nplugins:\n  - search\n"
        f"  - continuity:\n      root: {repo.path}\n", "utf-8")
    done = subprocess.run([str(BIN / "mkdocs"), "build"], cwd=work, capture_output=True,
                          text=True, env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    assert "git cannot say which files it tracks" in done.stderr
