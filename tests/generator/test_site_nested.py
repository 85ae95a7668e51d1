"""The site of nested memory roots: the home page lists the child roots, each child has its
state and directory pages under its own folder, and the navigation stays the top root's."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.support.common import run_cli, write_files
from tests.support.nested import protocol_repository
from tests.support.site_support import broken_links, build, primary_nav_links, write_mkdocs_yml


def test_generate_writes_each_child_root_under_its_folder(tmp_path: Path):
    repo = protocol_repository(tmp_path / "repo")
    write_files(repo.path, {"packs/developer/journal/2026-01-02-turn-1.md": "# a turn\n"})
    out, nav = tmp_path / "out", tmp_path / "nav.yml"
    result = run_cli("generate", "--out", str(out), "--nav-file", str(nav), "--no-git",
                     cwd=repo.path)
    assert result.code == 0, result.err
    home = (out / "index.md").read_text("utf-8")
    assert "## Memory roots below" in home
    for child in ("memories", "packs/developer", "packs/judge", "samples/minimum"):
        assert f"[{child}/]({child}/index.md)" in home
        assert (out / child / "index.md").is_file()
    assert (out / "packs/developer/STATE.md").is_file()
    assert (out / "packs/developer/journal/index.md").is_file()  # its own directory page
    assert (out / "packs/developer/journal/2026-01-02-turn-1.md").is_file()
    child_home = (out / "packs/developer/index.md").read_text("utf-8")
    assert "A child memory root of [repo/](../../index.md)" in child_home
    assert "Health: 7 errors, 1 warning" in child_home  # its own: one CT107, the turn, CT103
    listed = yaml.safe_load(nav.read_text("utf-8"))["nav"]
    flat = str(listed)
    assert "packs/" not in flat and "samples/" not in flat  # the navigation stays small


def test_mkdocs_builds_the_nested_site_with_links_that_resolve(tmp_path: Path):
    repo = protocol_repository(tmp_path / "repo")
    write_mkdocs_yml(repo.path, options={"root": ".", "git": "off"}, docs_dir="docs")
    done = build(repo.path)
    assert done.error is None, done.said
    site = repo.path / "site"
    assert (site / "packs/developer/STATE/index.html").is_file()
    home = done.html("index.html")
    assert "packs/developer/" in home
    nav = primary_nav_links(home)
    assert not any("packs/" in link or "samples/" in link for link in nav), nav
    assert broken_links(site) == []


def test_a_plugin_root_with_no_memory_root_or_an_unknown_code_fails_the_build(tmp_path: Path):
    project = tmp_path / "project"
    write_files(project, {"notes/howto.md": "# How\n", "AGENTS.md": "# Contributing\n"})
    write_mkdocs_yml(project, options={"root": "notes", "git": "off"})
    done = build(project)
    assert done.error is not None and "no memory root at or below it" in done.said
    write_files(project, {"notes/STATE.md": "# STATE\n"})
    write_mkdocs_yml(project, options={"root": "notes", "git": "off", "ignore": ["CT1O7"]})
    done = build(project)
    assert done.error is not None and "CT1O7" in done.said


# ----------------------------------------------------------------------------- clashes


def test_a_user_page_in_a_child_roots_folder_is_an_error_naming_both(tmp_path: Path):
    repo = protocol_repository(tmp_path / "repo")
    guide = "# Our developer pack guide\n"
    write_files(repo.path, {"docs/packs/developer/index.md": guide})
    write_mkdocs_yml(repo.path, options={"root": ".", "git": "off"}, docs_dir="docs")
    done = build(repo.path)
    assert done.error is not None
    said = done.said
    assert "packs/developer/index.md in docs_dir" in said
    assert "of the memory root packs/developer/" in said and "site_prefix" in said
    assert (repo.path / "docs/packs/developer/index.md").read_text() == guide
    # With the memory site in a folder of its own, both pages are there.
    write_files(repo.path, {"docs/index.md": "# Our docs\n"})  # the theme links the site's top
    write_mkdocs_yml(repo.path, options={"root": ".", "git": "off", "site_prefix": "memory"},
                     docs_dir="docs")
    done = build(repo.path)
    assert done.error is None, done.said
    assert "Our developer pack guide" in done.html("packs/developer/")
    assert "A child memory root of" in done.html("memory/packs/developer/")
    assert broken_links(repo.path / "site") == []


def test_a_user_page_is_never_replaced_by_a_root_that_encloses_docs_dir(tmp_path: Path):
    """Root "." encloses docs/: the user's pages there are not the tree's to replace."""
    repo = protocol_repository(tmp_path / "repo")
    write_files(repo.path, {"docs/index.md": "# Our own home\n"})
    write_mkdocs_yml(repo.path, options={"root": ".", "git": "off"}, docs_dir="docs")
    done = build(repo.path)
    assert done.error is None, done.said
    assert "Our own home" in done.html("")  # was silently replaced by the memory home
    assert any("kept index.md" in w and "site_prefix" in w for w in done.warnings)


def test_a_child_roots_own_readme_gives_way_to_its_home_and_is_said(tmp_path: Path):
    """The root inside docs_dir brings its own files: a child's README.md is the tree's."""
    project = tmp_path / "project"
    protocol_repository(project / "docs" / "memory")
    write_files(project / "docs" / "memory", {"packs/developer/README.md": "# The pack\n"})
    write_mkdocs_yml(project, options={"root": "docs/memory", "git": "off"}, docs_dir="docs")
    done = build(project)
    assert done.error is None, done.said
    assert "A child memory root of" in done.html("memory/packs/developer/")
    assert any("packs/developer/README.md of the memory tree is not rendered" in i
               for i in done.infos)


def test_a_folder_of_roots_judges_its_roots_not_the_files_beside_them(tmp_path: Path):
    """The plugin's root at a repository's top that is no memory root (a Cline bank in
    memory-bank/, the project's README beside it, seen on a public repository): the README is
    the project's, not memory, so the site judges what `continuity check` judges there, and a
    strict build passes where check finds nothing."""
    from tests.support.common import GitRepo
    repo = GitRepo(tmp_path / "repo")
    bank = {f"memory-bank/{name}.md": f"# {name}\n\nNotes.\n"
            for name in ("projectbrief", "productContext", "activeContext", "systemPatterns",
                         "techContext", "progress")}
    repo.commit("a bank beside the code", {
        **bank, "README.md": "# App\n\n```dotenv\nSLACK_API_TOKEN=xoxb-4821937460-pR7kX2mQ9vL4\n```\n"})
    assert run_cli("check", "--output-format", "json", cwd=repo.path).json["diagnostics"] == []
    write_mkdocs_yml(repo.path, options={"root": "."}, docs_dir="docs")
    done = build(repo.path, strict=True)
    assert done.error is None, done.said
    assert (repo.path / "site" / "memory-bank").is_dir()
