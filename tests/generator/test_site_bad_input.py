"""Bad input never breaks the site: every file gets a page or is named as not shown,
and links still resolve."""

from __future__ import annotations

import os
from pathlib import Path

from tests.support.common import minimal_tree, write_files
from tests.support.site_support import broken_links, build, snapshot, write_mkdocs_yml


def test_odd_files_build_a_site_with_a_page_each(tmp_path: Path):
    project = tmp_path / "project"
    outside = tmp_path / "outside.md"
    outside.write_text("# A secret kept elsewhere\n")
    write_files(project / "memory", {
        **minimal_tree(),
        "journal/2026-01-05-turn-3.md": b"---\r\ndate: 2026-01-05\r\nturn: 3\r\n---\r\n\r\n"
                                        b"\xef\xbb\xbf# CRLF and a BOM\r\n",
        "journal/2026-01-06-turn-4.md": b"# Latin-1 \xe9t\xe9\n",
        "journal/2026-01-07-turn-5.md": b"\x00\x01binary",
        "journal/2026-01-08-turn-6.md": "",
        "journal/2026-01-09-turn-7.md": "---\ndate: [unclosed\n---\n\n# Bad YAML\n",
        "journal/2026-01-10-turn-8.md": "---\na: &a [1, 2]\nb: *a\nc: yes\n---\n\n# Aliases\n",
        "journal/notes from a café.md": "# Spaces and accents\n\n[back](../STATE.md)\n",
        "KNOWLEDGE.md": "# KNOWLEDGE\n\nTopics.\n",  # indexes knowledge/ by default
        "knowledge/große-tide.md": "# Non-ASCII name\n",
        "artifacts/2026-01-04-huge.txt": "x" * 5000,
    })
    os.symlink(outside, project / "memory" / "journal" / "2026-01-11-turn-9.md")
    write_mkdocs_yml(project, options={"root": "memory", "max_file_size": 4000})
    before = snapshot(project / "memory")
    result = build(project)
    assert result.error is None, result.said
    assert snapshot(project / "memory") == before
    site = result.site
    for page in ("journal/2026-01-05-turn-3/", "journal/2026-01-06-turn-4/",
                 "journal/2026-01-07-turn-5/", "journal/2026-01-08-turn-6/",
                 "journal/2026-01-09-turn-7/", "journal/2026-01-10-turn-8/",
                 "journal/notes from a café/", "knowledge/große-tide/",
                 "journal/2026-01-11-turn-9/", "artifacts/2026-01-04-huge-txt/"):
        assert (site / page / "index.html").is_file(), page
    assert "CRLF and a BOM" in result.html("journal/2026-01-05-turn-3/")
    assert "not shown" in result.html("journal/2026-01-06-turn-4/")
    linked = result.html("journal/2026-01-11-turn-9/")
    assert "A secret kept elsewhere" not in linked and "not shown" in linked
    assert not (site / "artifacts" / "2026-01-04-huge.txt").exists()  # over max_file_size
    assert "not published" in result.html("artifacts/2026-01-04-huge-txt/")
    assert broken_links(site) == []


def test_without_directory_urls_links_still_resolve(tmp_path: Path):
    project = tmp_path / "project"
    write_files(project / "memory", {**minimal_tree(),
                                     "artifacts/2026-01-04-table.csv": "a,b\n1,2\n",
                                     "ARTIFACTS.md": "# ARTIFACTS\n\n## Mesh index\n\n"
                                                     "- **Indexes:** `artifacts/`\n"})
    write_mkdocs_yml(project, options={"root": "memory"},
                     extra={"use_directory_urls": False})
    result = build(project, strict=True)
    assert result.error is None, result.warnings
    assert (result.site / "STATE.html").is_file()
    assert (result.site / "artifacts" / "2026-01-04-table.csv").is_file()
    assert broken_links(result.site) == []


def test_memory_root_as_docs_dir(tmp_path: Path):
    project = tmp_path / "project"
    template = (Path(__file__).parents[2] / "continuity" / "templates" / "entries" /
                "journal.md").read_text()
    write_files(project / "memory", {**minimal_tree(), "README.md": "# About this memory\n",
                                     "journal/ENTRY.template.md": template})
    write_mkdocs_yml(project, docs_dir="memory", options={"root": "memory"})
    before = snapshot(project / "memory")
    result = build(project, strict=True)
    assert result.error is None, result.warnings
    assert snapshot(project / "memory") == before
    assert "Latest entries" in result.html("")  # the memory home replaced README.md
    assert "Indexed entries" in result.html("STATE/")
    # A directory's template is the check's, not a page of the memory (issue 22)
    assert not (result.site / "journal" / "ENTRY.template").exists()
    assert broken_links(result.site) == []


def test_docs_dir_reached_through_a_link(tmp_path: Path):
    """The tree's root is resolved; MkDocs' paths may not be: the originals are still replaced."""
    project = tmp_path / "project"
    write_files(tmp_path / "real-docs" / "memory", minimal_tree())
    write_files(tmp_path / "real-docs", {"index.md": "# Docs\n\n[Memory](memory/index.md)\n"})
    project.mkdir()
    os.symlink(tmp_path / "real-docs", project / "docs")
    write_mkdocs_yml(project, options={"root": "docs/memory"})
    result = build(project, strict=True)
    assert result.error is None, result.warnings
    assert "Indexed entries" in result.html("memory/STATE/")
    assert broken_links(result.site) == []
