"""The URLs the plugin's entry pages write as HTML are the ones MkDocs writes for Markdown
links (generator/html_links.py), with and without ``use_directory_urls``."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

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


class _Elements(HTMLParser):
    """A page as its elements, attributes and text: what a browser makes of it, not how its
    characters are escaped (``&quot;`` and ``"`` are the same text)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.events: list[tuple] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.events.append(("start", tag, tuple(attrs)))

    def handle_endtag(self, tag: str) -> None:
        self.events.append(("end", tag))

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.events.append(("text", " ".join(data.split())))


def _elements(html: str) -> list[tuple]:
    parser = _Elements()
    parser.feed(html)
    parser.close()
    return parser.events


@pytest.mark.parametrize("directory_urls", [True, False])
def test_listings_as_html_are_what_mkdocs_makes_of_their_markdown(
        tmp_path: Path, directory_urls: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plugin's index, archive and entry pages, built with their listings and facts as
    HTML and built again as Markdown that MkDocs parses and resolves, are the same pages."""
    import continuity.plugin
    from continuity.generator import GenerateOptions
    from tests.support.common import minimal_tree, write_files
    from tests.support.site_support import build, write_mkdocs_yml

    titles = ['A | pipe & "quotes"', "<b>bold</b> & *stars*", "# not a heading", "1. not a list",
              "[x](y.md) {: .c }", "`tick` and \\ slash"]
    entries = {}
    for number, title in enumerate(titles, 2):
        day = f"2026-0{1 + number % 2}-{number:02d}"
        entries[f"journal/{day}-turn-{number}.md"] = (
            f"---\ndate: {day}\nturn: {number}\nobjective: step {number}\n---\n\n# {title}\n\n"
            "## Context before\n\nA.\n\n## Actions taken\n\nB.\n\n## Result\n\nC.\n\n"
            "## Next\n\nD.\n")
        entries[f"knowledge/topic-{number}.md"] = f"# {title}\n\nKnown.\n"
    entries["KNOWLEDGE.md"] = "# KNOWLEDGE\n\n## Mesh index\n\n- **Indexes:** `knowledge/`\n"
    entries["STATE.md"] = (minimal_tree()["STATE.md"].split("## Mesh index")[0]
                           + "## Mesh index\n\n- **Indexes:** `snapshots/`, `journal/`\n")
    project = tmp_path / "project"
    write_files(project / "memory", {**minimal_tree(), **entries})
    write_mkdocs_yml(project, options={"root": "memory", "page_size": 2},
                     extra={"use_directory_urls": directory_urls})
    as_html = build(project, site=tmp_path / "html")  # the tree has findings
    assert as_html.error is None, as_html.warnings

    def markdown_options(**values: object) -> GenerateOptions:
        return GenerateOptions(**{**values, "directory_urls": None})  # type: ignore[arg-type]

    monkeypatch.setattr(continuity.plugin, "GenerateOptions", markdown_options)
    as_markdown = build(project, site=tmp_path / "markdown")
    assert as_markdown.error is None, as_markdown.warnings
    built = sorted(p.relative_to(as_html.site).as_posix() for p in as_html.site.rglob("*.html"))
    assert built == sorted(p.relative_to(as_markdown.site).as_posix()
                           for p in as_markdown.site.rglob("*.html"))
    fixed = "STATE/page-1/index.html" if directory_urls else "STATE/page-1.html"
    assert fixed in built and "<table>" in (as_html.site / fixed).read_text("utf-8")
    differing = [name for name in built
                 if _elements((as_html.site / name).read_text("utf-8"))
                 != _elements((as_markdown.site / name).read_text("utf-8"))]
    assert differing == []
