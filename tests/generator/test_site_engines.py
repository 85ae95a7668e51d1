"""The same memory site on every engine (issue 15): MkDocs and ProperDocs run the plugin,
Zensical builds ``continuity generate`` output. Each must have every entry page, every state
page and the home page, and its search index must find an entry by a word of its text."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.common import GitRepo, minimal_tree
from tests.support.engines import ENGINES, build_site, html_pages, pages_found_by

WORD = "kittiwake-ostinato"  # in exactly one entry's text
WORD_ENTRY = "journal/2026-01-05-turn-2/"
ENTRIES = ["journal/2026-01-02-turn-1/", WORD_ENTRY, "snapshots/2026-01-02T10-00-00/",
           "completed/2026-01-03-parse-constants/"]
STATE_PAGES = ["STATE/", "TODO/", "CONTEXT/", "LEARNINGS/"]


@pytest.fixture(scope="module")
def memory(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("engines") / "memory"
    repo = GitRepo(root)
    repo.commit("memory", {**minimal_tree(), "journal/2026-01-05-turn-2.md": (
        "---\ndate: 2026-01-05\nturn: 2\nobjective: count the birds\n---\n\n"
        "# Journal Entry — 2026-01-05\n\n## Context before\n\nNothing counted.\n\n"
        f"## Actions taken\n\nCounted the {WORD} colony.\n\n## Result\n\nForty.\n\n"
        "## Next\n\nCount again.\n")})
    return root


@pytest.fixture(scope="module")
def sites(memory: Path, tmp_path_factory) -> dict[str, Path]:
    work = tmp_path_factory.mktemp("sites")
    return {engine: build_site(engine, memory, work / engine) for engine in ENGINES}


@pytest.mark.parametrize("engine", ENGINES)
def test_every_entry_and_state_page_is_built(sites: dict[str, Path], engine: str):
    pages = html_pages(sites[engine])
    for url in ["", *ENTRIES, *STATE_PAGES, "journal/", "findings/"]:
        assert url in pages, f"{engine}: no {url or 'home'} page"
    entry = (sites[engine] / WORD_ENTRY / "index.html").read_text("utf-8")
    assert WORD in entry and "count the birds" in entry  # the text and the metadata


@pytest.mark.parametrize("engine", ["properdocs", "zensical"])
def test_the_same_pages_as_mkdocs(sites: dict[str, Path], engine: str):
    assert html_pages(sites[engine]) == html_pages(sites["mkdocs"])


@pytest.mark.parametrize("engine", ENGINES)
def test_search_finds_an_entry_by_its_text(sites: dict[str, Path], engine: str):
    found = pages_found_by(sites[engine], WORD)
    assert {url.lstrip("/") for url in found} == {WORD_ENTRY}, found


def test_roots_and_files_named_with_a_dot_are_published_by_every_engine(tmp_path: Path):
    """Copilot's ``.github/``, Cursor's ``.cursor/rules/`` and Aider's
    ``.aider.chat.history.md``: MkDocs and Zensical leave a docs folder's dot-named files out
    of the site, so the pages ``generate`` writes for them take names without the dot (with
    Zensical, only the home page was built); the plugin's pages keep their paths."""
    repo = GitRepo(tmp_path / "project")
    repo.commit("agents", {
        ".github/copilot-instructions.md": "# Copilot\n\nUse tabs; see [rule](../.cursor/rules/r.mdc).\n",
        ".cursor/rules/r.mdc": "---\ndescription: style\nalwaysApply: true\n---\n# Style rule\n",
        ".aider.chat.history.md": "\n# aider chat started at 2026-11-01 10:00:00\n\n"
                                  "#### add a wren-counter  \n\nDone.\n\n",
    })
    built = {engine: html_pages(build_site(engine, repo.path, tmp_path / engine))
             for engine in ("mkdocs", "zensical")}
    assert {"_github/copilot-instructions/", "_cursor/rules/r-mdc/",
            "_aider.chat.history/"} <= built["zensical"], sorted(built["zensical"])
    assert {".github/copilot-instructions/", ".cursor/rules/r-mdc/",
            ".aider.chat.history/"} <= built["mkdocs"], sorted(built["mkdocs"])
    chat = (tmp_path / "zensical" / "site" / "_aider.chat.history" / "index.html").read_text()
    assert "add a wren-counter" in chat


def test_a_dot_named_folder_beside_its_underscore_spelling_keeps_both_pages(tmp_path: Path):
    """``.github/`` written as ``_github/`` meets a real ``_github/`` the top root publishes:
    the dot folder's pages take a number (``_github-2/``) and no page replaces another."""
    from tests.support.common import run_cli

    repo = GitRepo(tmp_path / "project")
    repo.commit("both", {
        "CLAUDE.md": "# Project\n\nRead [the copy](_github/copilot-instructions.md).\n",
        "_github/copilot-instructions.md": "# Underscore copy\n\nthe kittiwake copy\n",
        ".github/copilot-instructions.md": "# Copilot\n\nthe ostinato original\n",
    })
    out = tmp_path / "out"
    done = run_cli("generate", str(repo.path), "--out", str(out), cwd=repo.path)
    assert done.code == 0, done.err
    copy = (out / "_github" / "copilot-instructions.md").read_text("utf-8")
    original = (out / "_github-2" / "copilot-instructions.md").read_text("utf-8")
    assert "kittiwake" in copy and "ostinato" not in copy
    assert "ostinato" in original and "kittiwake" not in original
