"""Raw HTML written in the tree never runs in a reader's browser, while the site's own
tables, warning boxes and charts survive."""

from __future__ import annotations

import html
from html.parser import HTMLParser
from pathlib import Path

import pytest

from continuity.generator.safety import clean_html, neutralise_markdown, unsafe_url
from tests.support.common import minimal_tree, run_cli, write_files
from tests.support.site_support import build, write_mkdocs_yml

HOSTILE_ENTRY = """---
date: 2026-01-04
turn: 2
objective: see what the site does with <b>markup</b>
---

# Journal Entry — 2026-01-04 <img src=x onerror="alert('title')">

## Context before

<script>alert(1)</script>

A <span onclick="alert(2)">clickable</span> span, <b>bold</b> text and `<script>code</script>`.

## Actions taken

- [a script link](javascript:alert(3)) and [a disguised one](JaVa&#x53;cript:alert(4))
- <a href="javascript:alert(5)">raw link</a>

<div onmouseover="alert(6)"><details><summary>kept</summary>Details stay.</details></div>

## Result

<iframe src="https://example.com/"></iframe>

```html
<script>alert("shown as code")</script>
```

## Next

[ref]: javascript:alert(7)
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    write_files(project / "memory", {**minimal_tree(),
                                     "journal/2026-01-04-turn-2.md": HOSTILE_ENTRY})
    write_mkdocs_yml(project, options={"root": "memory"})
    return project


class _Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))


def _no_script(html: str) -> None:
    """No element that runs code: no script or frame, no handler, no script URL."""
    parser = _Elements()
    parser.feed(html)
    for tag, attrs in parser.elements:
        assert tag not in ("script", "iframe", "object", "embed"), (tag, attrs)
        for name, value in attrs.items():
            assert not name.startswith("on"), (tag, attrs)
            if name in ("href", "src"):
                assert not unsafe_url(value or ""), (tag, attrs)


def test_entry_with_scripts_renders_without_them(project: Path):
    result = build(project)
    assert result.error is None
    page = result.html("journal/2026-01-04-turn-2/")
    article = page[page.index('<article'):page.index('</article>')]
    _no_script(article)
    assert "Details stay." in article and "<details>" in article  # harmless HTML survives
    assert "<b>bold</b>" in article
    assert "&lt;script&gt;alert(&quot;shown as code&quot;)" in article or \
        "&lt;script&gt;alert(\"shown as code\")" in article  # code stays code
    assert "<table>" in article  # the plugin's metadata table


def test_listings_show_hostile_titles_as_text(project: Path):
    result = build(project)
    for page in ("", "journal/", "CONTEXT/", "journal/archive/2026-01/"):
        html = result.html(page)
        content = html[html.index('<article'):html.index('</article>')]
        _no_script(content)


def test_the_sites_own_svg_charts_survive(project: Path):
    result = build(project)
    home = result.html("")
    assert "<svg" in home and "<rect" in home


def test_sanitising_can_be_turned_off(project: Path):
    write_mkdocs_yml(project, options={"root": "memory", "sanitize_html": False})
    result = build(project)
    assert "<script>alert(1)</script>" in result.html("journal/2026-01-04-turn-2/")


def test_generated_markdown_is_neutralised_too(project: Path, tmp_path: Path):
    out = tmp_path / "out"
    done = run_cli("generate", "memory", "--out", str(out), "--no-git", cwd=project)
    assert done.code == 0, done.err
    text = (out / "journal" / "2026-01-04-turn-2.md").read_text("utf-8")
    assert "<script>alert(1)" not in text
    assert "<span onclick" not in text and "<img src=x onerror" not in text
    assert "](javascript:" not in text and "JaVa&#x53;cript" not in text
    # The fenced block is shown as code, as escaped HTML no engine reads markup in.
    block = text[text.index("<pre><code"):text.index("</code></pre>")]
    assert '<script>alert("shown as code")</script>' in html.unescape(block)
    assert "<script" not in block


@pytest.mark.parametrize("url", ["javascript:alert(1)", "JAVASCRIPT:x", " javascript:x",
                                 "java\tscript:x", "jav&#x61;script:x", "vbscript:x",
                                 "data:text/html,<script>"])
def test_unsafe_urls_are_recognised(url: str):
    assert unsafe_url(url)


@pytest.mark.parametrize("url", ["https://example.com/", "../STATE.md", "#top", "mailto:a@b.c",
                                 "notes/javascript-tips.md"])
def test_ordinary_urls_are_not(url: str):
    assert not unsafe_url(url)


def test_attribute_lists_setting_handlers_are_shown_as_text():
    text = "A paragraph.\n{: onclick=\"alert(1)\" }\n\n## Heading {: #anchor .wide }\n"
    result = neutralise_markdown(text)
    assert '\\{: onclick="alert(1)" }' in result
    assert "## Heading {: #anchor .wide }" in result  # harmless lists stay


def test_neutralise_keeps_markdown_and_code_alone():
    text = "# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\n<script>x</script>\n```\n"
    assert neutralise_markdown(text) == text


def test_clean_html_removes_handlers_but_keeps_structure():
    html = ('<table><tr><td style="text-align: left; position: fixed">1</td></tr></table>'
            '<h2 id="x">T<a class="headerlink" href="#x">¶</a></h2><p onclick="x()">p</p>')
    cleaned = clean_html(html)
    assert 'style="text-align:left"' in cleaned
    assert 'id="x"' in cleaned and 'class="headerlink"' in cleaned
    assert "onclick" not in cleaned and "position" not in cleaned


def test_long_pages_are_cut_into_runs_without_changing_what_the_sanitiser_gives():
    """Long text is cut by empty comments for the sanitiser's parser (quadratic in the
    references of one text node); the comments are stripped, so the page is the same."""
    from continuity.generator import safety

    paragraph = "<p>" + "word &amp; word &lt;b&gt; &nbsp; &#38; " * 400 + "</p>\n"
    page = (paragraph + '<pre><code>x &lt; y &amp;&amp; z\n' * 300 + "</code></pre>\n"
            + '<a href="?a=1&amp;b=2" title="T &amp; U">l</a>'
            + "<textarea>" + "&amp;" * 700 + "</textarea>") * 4
    assert len(page) > safety._LONG_PAGE
    assert safety._bounded_runs(page) != page  # it was cut
    assert "<!---->" not in safety._bounded_runs(page).split("<textarea>")[1].split("</")[0]
    assert safety.clean_html(page) == safety._CLEANER.clean(page)


def test_a_tag_with_hundreds_of_references_is_dropped_on_a_long_page():
    from continuity.generator import safety

    page = "<p>" + "x" * safety._LONG_PAGE + '<a title="' + "&amp;" * 1000 + '">kept</a></p>'
    cleaned = safety.clean_html(page)
    assert "kept" in cleaned and "title=" not in cleaned
