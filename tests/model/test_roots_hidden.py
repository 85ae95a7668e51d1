"""The search for memory roots enters hidden directories where agent tools keep memory
(Claude Code's ``.claude/agent-memory/<agent>/``) and never the deny-list: version control,
dependencies, virtual environments of any name, caches; it is bounded in directories listed."""

from __future__ import annotations

from pathlib import Path

from continuity.config import Config
from continuity.model.roots import NEVER_SEARCHED, find_roots, repository_ledger_owner
from tests.support.common import GitRepo, run_cli, write_files
from tests.support.nested import STATE, claude_code_repository
from tests.support.site_support import broken_links, build, write_mkdocs_yml


def test_claude_code_agent_memory_is_found_from_the_top(tmp_path: Path):
    repo = claude_code_repository(tmp_path / "repo")
    search = find_roots(repo.path, Config(base_dir=repo.path), repo.path)
    assert sorted(r.relative_to(repo.path.resolve()).as_posix() for r in search.roots) == [
        ".", ".claude/agent-memory/researcher", ".claude/agent-memory/scout",
        ".cursor/memory-bank"]  # ".": the project's CLAUDE.md (issue 30)
    result = run_cli("check", cwd=repo.path)
    assert result.code == 0, result.out + result.err
    # 4 files: the scout's topic file server-evaluation.md is read too (Claude Code's
    # convention), and its MEMORY.md does not link it: the one finding, a warning (CT701).
    # 5 files with the project's CLAUDE.md (a root of the instruction files, issue 30).
    assert "Found 0 errors and 1 warning in 5 files" in result.out  # was exit 2: no root
    assert "server-evaluation.md:1:1: CT701" in result.out


def test_a_finding_in_agent_memory_is_reported_from_the_top(tmp_path: Path):
    repo = claude_code_repository(tmp_path / "repo")
    write_files(repo.path, {".claude/agent-memory/scout/MEMORY.md": "# MEMORY {{AGENT}}\n"})
    result = run_cli("check", "--no-git", cwd=repo.path)
    assert result.code == 1
    assert ".claude/agent-memory/scout/MEMORY.md:1:" in result.out and "CT107" in result.out


def test_the_deny_list_is_never_entered(tmp_path: Path):
    top = tmp_path / "repo"
    hidden = {f"{name}/inner/STATE.md": STATE for name in NEVER_SEARCHED}
    write_files(top, {
        **hidden,
        "memory/STATE.md": STATE,
        # Virtual environments and caches of any name, by the file they hold.
        "env/pyvenv.cfg": "home = /usr/bin\n", "env/STATE.md": STATE,
        "env/lib/STATE.md": STATE,
        "target/CACHEDIR.TAG": "Signature: 8a477f597d28d172789f06886806bc55\n",
        "target/doc/STATE.md": STATE,
        ".tox/py312/STATE.md": STATE, ".mypy_cache/3.12/STATE.md": STATE,
    })
    assert {".git", ".venv", "node_modules", "__pycache__", ".mypy_cache", ".pytest_cache",
            ".tox", ".ruff_cache"} <= NEVER_SEARCHED
    search = find_roots(top, Config(base_dir=top), top)
    assert [r.relative_to(top.resolve()).as_posix() for r in search.roots] == ["memory"]


def test_a_built_mkdocs_site_holds_no_root_and_sources_named_site_are_searched(tmp_path: Path):
    project = tmp_path / "project"
    write_files(project, {"STATE.md": STATE, "docs/guide.md": "# Guide\n",
                          "site-src/notes/STATE.md": STATE})
    write_mkdocs_yml(project, options={"root": ".", "git": "off"})
    done = build(project)
    assert done.error is None, done.said
    assert (project / "site" / "STATE" / "index.html").is_file()
    assert broken_links(project / "site") == []
    search = find_roots(project, Config(base_dir=project), project)
    assert [r.relative_to(project.resolve()).as_posix() for r in search.roots] == [
        ".", "site-src/notes"]
    # The protocol's own repository keeps its site's sources in site/: a state file there
    # is a root (build outputs are not skipped by name).
    write_files(project, {"site/src/STATE.md": STATE})
    search = find_roots(project, Config(base_dir=project), project)
    assert "site/src" in [r.relative_to(project.resolve()).as_posix() for r in search.roots]


def test_agent_memory_under_a_hidden_folder_gets_its_pages_in_a_real_build(tmp_path: Path):
    repo = claude_code_repository(tmp_path / "repo")
    write_files(repo.path, {"STATE.md": STATE})
    write_mkdocs_yml(repo.path, options={"root": ".", "git": "off"})
    done = build(repo.path)
    assert done.error is None, done.said
    site = repo.path / "site"
    assert (site / ".claude/agent-memory/scout/MEMORY/index.html").is_file()
    assert ".claude/agent-memory/scout/" in done.html("")
    assert broken_links(site) == []


def test_agent_memory_never_owns_the_projects_ledger(tmp_path: Path):
    repo = claude_code_repository(tmp_path / "repo")
    write_files(repo.path, {".agents/evolve/cycle-history.jsonl": ""})
    (repo.path / ".cursor/memory-bank/STATE.md").unlink()
    (repo.path / ".claude/agent-memory/researcher/MEMORY.md").unlink()
    assert repository_ledger_owner(repo.path, Config(base_dir=repo.path)) == \
        repo.path.resolve()


def test_the_search_is_bounded_in_directories_listed(tmp_path: Path):
    for index in range(30):
        (tmp_path / f"d{index:02}" / "x").mkdir(parents=True)
    write_files(tmp_path, {"d00/STATE.md": STATE, "d29/STATE.md": STATE})
    whole = find_roots(tmp_path, Config(base_dir=tmp_path), tmp_path)
    assert len(whole.roots) == 2 and whole.unsearched == ()
    bounded = find_roots(tmp_path, Config(base_dir=tmp_path), tmp_path, max_dirs=10)
    assert len(bounded.roots) == 1 and bounded.unsearched  # said, not silently dropped


def test_test_data_and_templates_are_set_aside_said_and_checked_when_named(tmp_path: Path):
    """A memory root in test data or templates is an example, made incomplete on purpose: the
    search from the top sets it aside and says so; named, it is checked like any directory.
    A folder of templates holding no root is not mentioned."""
    from tests.support.conventions import CLINE_BANK, GSD_PLANNING, OPENCLAW_WORKSPACE

    repo = GitRepo(tmp_path / "repo")
    broken = {f"tests/fixtures/{path}": text for path, text in CLINE_BANK.items()}
    broken["tests/fixtures/memory-bank/progress.md"] = "# Progress\n\n[gone](nowhere.md)\n"
    repo.commit("tree", {
        **GSD_PLANNING, **broken,
        **{f"docs/reference/templates/{path}": text for path, text in OPENCLAW_WORKSPACE.items()},
        "web/templates/index.html": "<html></html>\n",
    })
    search = find_roots(repo.path, Config(base_dir=repo.path), repo.path)
    top = repo.path.resolve()
    assert [r.relative_to(top).as_posix() for r in search.roots] == [".planning"]
    assert sorted(p.relative_to(top).as_posix() for p in search.set_aside) == [
        "docs/reference/templates", "tests/fixtures"]
    result = run_cli("check", cwd=repo.path)
    assert result.code == 0, result.out + result.err
    assert ("memory roots in test data or templates were found, not judged: "
            "docs/reference/templates/, tests/fixtures/") in result.out + result.err
    assert "web/templates" not in result.out + result.err
    named = run_cli("check", "tests/fixtures", cwd=repo.path)
    assert "CT111" in named.out, named.out + named.err  # the fixture's dead link, when asked
