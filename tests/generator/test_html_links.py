"""The URLs the plugin's entry pages write as HTML are the ones MkDocs writes for Markdown
links (generator/html_links.py), with and without ``use_directory_urls``."""

from __future__ import annotations

import pytest
from mkdocs.structure.files import File

from continuity.generator import html_links

PATHS = ["index.md", "README.md", "STATE.md", "journal/index.md", "journal/2024-01-01-turn-1.md",
         "journal/README.md", "memory/site/journal/a b é.md", "journal/page-2.md",
         "journal/img.png", "a/b/c/deep.md", "a/other.markdown", "notes/x.y.md"]


@pytest.mark.parametrize("directory_urls", [True, False])
def test_relative_urls_are_mkdocs_own(directory_urls: bool) -> None:
    files = {p: File(p, "/docs", "/site", directory_urls) for p in PATHS}
    for source, page in files.items():
        if not page.is_documentation_page():
            continue
        for target, other in files.items():
            expected = other.url_relative_to(page)
            assert html_links.relative_url(source, target, directory_urls) == expected, \
                (source, target)


def test_links_escape_their_text_and_address() -> None:
    link = html_links.link('<b x="1">&', "journal/a.md", 'journal/"q".md', True)
    assert link == '<a href="../%22q%22/">&lt;b x=&quot;1&quot;&gt;&amp;</a>'
    assert html_links.link("journal/", "journal/a.md", None, True) == "journal/"


@pytest.mark.parametrize("directory_urls", [True, False])
def test_the_plugin_puts_the_html_in_place_and_every_link_resolves(tmp_path, directory_urls):
    from tests.support.common import minimal_tree, write_files
    from tests.support.site_support import broken_links, build, write_mkdocs_yml

    project = tmp_path / "project"
    write_files(project / "memory", minimal_tree())
    write_mkdocs_yml(project, options={"root": "memory"},
                     extra={"use_directory_urls": directory_urls})
    result = build(project, strict=True)
    assert result.error is None, result.warnings
    pages = list(result.site.rglob("*.html"))
    assert pages and not [p for p in pages if "continuity-html-" in p.read_text("utf-8")]
    entry = result.html("journal/2026-01-02-turn-1/" if directory_urls
                        else "journal/2026-01-02-turn-1.html")
    assert "<td><code>objective</code></td>" in entry
    assert "<strong>Indexed by:</strong> <a href=" in entry
    assert broken_links(result.site) == []
