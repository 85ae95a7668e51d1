"""``mkdocs serve`` renders only what changed, and what it serves equals a fresh build (issue 15).

The real server, in a child process, over a real git repository: an entry is added, another
changed and a third deleted while it runs; each shows (the page, the home page, its neighbour's
link, the index). Then a second server started afresh on the same port (so that every URL is
spelt the same) serves the same tree: every page and the search index must be the same.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.support.common import GitRepo, journal_entry, tree_with_journal, write_files
from tests.support.serve_support import Serve, free_port, wait_until
from tests.support.site_support import write_mkdocs_yml


@pytest.fixture
def project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    repo = GitRepo(project)
    files = tree_with_journal(11)
    repo.commit("memory", {f"memory/{name}": text for name, text in files.items()})
    write_files(project, {"docs/guide.md": "# Guide\n\nOur own page.\n"})
    write_mkdocs_yml(project, options={"root": "memory", "page_size": 3})
    return project


def site_pages(server: Serve) -> list[str]:
    status, sitemap = server.page("sitemap.xml")
    assert status == 200
    paths = [re.sub(r"^https?://[^/]+/", "", loc) for loc in re.findall(r"<loc>([^<]+)</loc>",
                                                                       sitemap)]
    assert len(paths) > 20
    return paths


def search_docs(server: Serve) -> list[str]:
    status, text = server.page("search/search_index.json")
    assert status == 200
    return sorted(json.dumps(doc, sort_keys=True) for doc in json.loads(text)["docs"])


@pytest.mark.parametrize("mode", [(), ("--dirty",)], ids=["serve", "serve-dirty"])
def test_serve_after_edits_equals_a_fresh_build(project: Path, mode: tuple[str, ...]):
    memory = project / "memory"
    port = free_port()
    new = "journal/2026-01-20-turn-20"
    with Serve(project, port, *mode) as server:
        write_files(memory, {f"{new}.md": journal_entry(20, 20, "A grebe on the pond.")})
        wait_until(lambda: "A grebe on the pond" in server.page(f"{new}/")[1]
                   and f"{new}/" in server.page("")[1]
                   and "2026-01-20-turn-20/" in server.page("journal/2026-01-12-turn-11/")[1],
                   60, "the new entry, on the home page and as its neighbour's next")
        write_files(memory, {"journal/2026-01-06-turn-5.md": journal_entry(6, 5, "A heron, later.")})
        wait_until(lambda: "A heron, later" in server.page("journal/2026-01-06-turn-5/")[1],
                   60, "the changed entry")
        (memory / "journal/2026-01-04-turn-3.md").unlink()
        wait_until(lambda: server.page("journal/2026-01-04-turn-3/")[0] == 404
                   and "2026-01-04-turn-3/" not in server.page("journal/2026-01-05-turn-4/")[1],
                   60, "the deleted entry gone, and from its neighbour's links")
        said = server.said()
        assert "reused" in said  # the rebuilds did reuse pages
        # ...and read and generated only what changed: each rebuild read at most the one entry
        # written, and generated a few pages (it, its neighbours, an index's front page).
        read = [int(n) for n in re.findall(r"read (\d+) changed entr", said)]
        made = [int(n) for n in re.findall(r"generated (\d+) changed entry and index", said)]
        assert read and max(read) <= 1 and 1 in read, said
        assert made and max(made) <= 8, said
        edited = {path: server.page(path) for path in site_pages(server)}
        edited_search = search_docs(server)
        assert any("grebe" in doc for doc in edited_search)
        assert not any("2026-01-04-turn-3/" in doc for doc in edited_search)
    with Serve(project, port) as fresh:
        paths = site_pages(fresh)
        assert sorted(paths) == sorted(edited)
        for path in paths:
            assert edited[path] == fresh.page(path), path
        assert edited_search == search_docs(fresh)
