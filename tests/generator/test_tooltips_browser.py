"""Attributes a theme renders as HTML stay text (issue 23, item 3), in a real browser.

Material's ``content.tooltips`` feature writes an element's ``title`` into the page as markup
when the pointer rests on it: a ``title`` from the tree holding ``<img onerror>`` would run on
hover. The plugin's sanitiser makes every such attribute plain text (``<``/``>`` look-alikes);
``continuity generate`` shows raw HTML as text, turns ``<`` in a link's title into a look-alike
and an abbreviation definition into text. Both are built with the feature on and every element
with a title is hovered; a handler would set ``window.__pwned``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.generator.test_site_browser import CHROMIUM, StaticServer, _shoot
from tests.support.clicks import hover_and_click
from tests.support.common import minimal_tree, write_files
from tests.support.engines import build_site

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium")

ENTRY = "journal/2026-01-04-turn-2.md"
PAGE = "journal/2026-01-04-turn-2/"


def _payload(n: int) -> str:
    return f"<img src=x onerror=window.__pwned={n}>"


#: Every way a title reaches the page: raw HTML (abbr, span, a, img), a link's and an image's
#: title in Markdown (both quote styles, entities), a reference definition's and an
#: abbreviation's expansion.
BODY = (
    f'An <abbr title="{_payload(1)}">ABBRONE</abbr>, a <span title="{_payload(2)}">SPANONE'
    f'</span>, a <a href="https://example.invalid/" title="{_payload(3)}">RAWLINK</a> and '
    f'<img src="plot.png" alt="{_payload(4)}" title="{_payload(5)}">.\n\n'
    f'[MDLINK](https://example.invalid/ "{_payload(6)}") and '
    f"[MDLINKTWO](https://example.invalid/two '&lt;img src=x onerror=window.__pwned=7&gt;') "
    f"and [REFLINK][r].\n\n"
    f'[r]: https://example.invalid/ref "{_payload(8)}"\n\n'
    "The TTX unit, the TTY unit.\n\n"
    f"*[TTX]: {_payload(9)}\n"
    "*[TTY]: &lt;img src=x onerror=window.__pwned=10&gt;\n"
)
FEATURES = {"theme": {"name": "material", "font": False, "features": ["content.tooltips"]}}
EXTENSIONS = ["abbr", "attr_list", "md_in_html", "toc", "tables", "footnotes",
              "pymdownx.superfences", "pymdownx.snippets"]


@pytest.fixture(scope="module")
def memory(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("tooltips") / "memory"
    write_files(root, {**minimal_tree(), ENTRY: (
        "---\ndate: 2026-01-04\nturn: 2\nobjective: hover\n---\n\n# Journal Entry — 2026-01-04"
        f"\n\n## Context before\n\n{BODY}\n## Actions taken\n\nNone.\n\n## Result\n\nNone."
        "\n\n## Next\n\nNone.\n")})
    return root


@pytest.fixture(scope="module", params=["mkdocs", "zensical"])
def site(request, memory: Path, tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp(f"tooltips-{request.param}")
    extra = {**FEATURES, "markdown_extensions": EXTENSIONS}
    if request.param == "zensical":
        extra = FEATURES  # Zensical's own default extensions (abbr, attr_list, superfences...)
    return build_site(request.param, memory, work, config_extra=extra, strict=False)


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=str(CHROMIUM),
                                          args=["--headless", "--no-sandbox", "--disable-gpu"])
        yield chromium
        chromium.close()


def test_hovering_every_title_runs_nothing(browser, site: Path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        with StaticServer(site) as server:
            page.goto(server.url + PAGE)
            page.wait_for_load_state("networkidle")
            # Material shows a title in a tooltip (its inner HTML) while the pointer rests on
            # the element, then removes it: each is read while it is shown.
            hovered = 0
            tooltips: list[str] = []
            for element in page.locator("article [title]").all():
                if not element.is_visible():
                    continue
                element.hover()
                page.wait_for_timeout(250)
                hovered += 1
                tooltips += page.evaluate(
                    "Array.from(document.querySelectorAll('.md-tooltip2'))"
                    ".map(t => t.textContent)")
            page.mouse.move(0, 0)
            page.wait_for_timeout(300)
            _shoot(page, f"tooltips-{site.parent.name}")
            pwned = page.evaluate("window.__pwned")
            images_run = page.evaluate("document.querySelectorAll('[onerror]').length")
    finally:
        context.close()
    assert pwned is None, f"a handler ran: window.__pwned = {pwned}"
    assert images_run == 0
    # The feature is on and did render the titles (as text): the test saw what it is about.
    assert hovered >= 4
    assert any("img src=x onerror=window.__pwned=6" in (t or "") for t in tooltips), tooltips


def test_generate_output_of_the_differential_breaks_runs_nothing_in_zensical(browser,
                                                                              tmp_path: Path):
    """Issue 23, item 2, in the browser: the known parser differentials (and the fuzzer's
    fixed Zensical batch) made portable, built by Zensical with its defaults and tooltips on;
    every link in each page is hovered and clicked, and no handler, script URL or dialog runs."""
    import yaml

    from tests.hostile.test_fuzz_differential import _batch, generated
    from tests.support.engines import BIN, THEME, _run

    work = tmp_path / "zensical"
    docs = work / "docs"
    docs.mkdir(parents=True)
    (docs / "index.md").write_text("# Batch\n", "utf-8")
    texts = _batch()
    for number, text in enumerate(texts):
        shown = generated(text.replace("alert(", "window.__pwned=("))
        (docs / f"case-{number}.md").write_text(f"# Case {number}\n\n{shown}\n", "utf-8")
    theme = {**THEME, "features": ["content.tooltips"]}
    (work / "mkdocs.yml").write_text(yaml.safe_dump(
        {"site_name": "Fuzz", "docs_dir": "docs", "theme": theme}), "utf-8")
    _run([str(BIN / "zensical"), "build", "--clean"], work)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    # What runs is reported the moment it runs, by a setter on every page: a click that
    # navigates cannot take the evidence with it.
    ran: dict[int, object] = {}
    current = [0]
    context.expose_binding("__reportPwned",
                           lambda _source, value: ran.setdefault(current[0], value))
    context.add_init_script(
        "Object.defineProperty(window, '__pwned', {configurable: false,"
        " get() { return undefined; }, set(value) { window.__reportPwned(String(value)); }});")
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    clicked = 0
    try:
        with StaticServer(work / "site") as server:
            for number in range(len(texts)):
                current[0] = number
                url = f"{server.url}case-{number}/"
                page.goto(url)
                page.wait_for_load_state("load")
                count = page.locator("article a, article [title]").count()
                for index in range(count):
                    link = page.locator("article a, article [title]").nth(index)
                    clicked += hover_and_click(link, timeout=2_000, settle=50)
                    if page.url != url:
                        page.goto(url)
                        page.wait_for_load_state("load")
    finally:
        context.close()
    assert ran == {} and dialogs == []
    assert clicked > 0
