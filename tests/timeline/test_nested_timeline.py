"""Nested roots: each root's living files get their own timeline under its folder, and a home
page lists what changed recently in its root and the roots below it."""

from __future__ import annotations

from tests.support.nested import protocol_repository
from tests.support.site_support import build, write_mkdocs_yml


def test_a_childs_changes_are_on_its_pages_and_on_the_top_home(tmp_path):
    repo = protocol_repository(tmp_path / "repo")
    memory = repo.path / "memories" / "MEMORY.md"
    memory.write_text(memory.read_text() + "- The tide tables lag by a day.\n")
    child = repo.commit("memories: note the tide tables' lag")
    write_mkdocs_yml(repo.path, options={"root": "."})
    result = build(repo.path)
    assert result.error is None, result.said
    history = result.html("memories/MEMORY/history/")
    assert f'id="version-{child[:7]}"' in history
    assert "+- The tide tables lag by a day." in history
    top = result.html("")
    assert "What changed recently" in top and child[:7] in top
    assert 'href="memories/MEMORY/#state-history"' in top
    assert child[:7] in result.html("memories/")
    assert child[:7] not in result.html("packs/developer/")  # not a root below that one
