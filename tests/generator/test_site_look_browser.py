"""The site's look in a real browser (Debian's Chromium): at a desktop width (1280 px) and a
phone's (390 px), no page kind overflows its column sideways, diffs wrap, badges are legible,
and a ledger cycle's trace folds and unfolds. Built from site_src/ by the plugin (MkDocs,
Material) and by Zensical from ``continuity generate`` output with the stylesheet named in its
configuration, as docs/site.md says.

Screenshots go to tests/artifacts/ (git-ignored); ``bench/screenshots/`` holds a chosen few.
"""

from __future__ import annotations

import pytest

from tests.generator.test_site_browser import ARTIFACTS, CHROMIUM, StaticServer

playwright = pytest.importorskip("playwright.sync_api")

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason="needs Debian's chromium (apt-get install -y chromium)"),
]

#: One page of each kind whose look this checks.
PAGES = {
    "ledger": "ledger/",
    "snapshot": "snapshots/2026-09-08T17-30-00/",
    "state-history": "STATE/history/",
    "entry": "journal/2026-09-24-turn-42/",
    "listing": "proposals/",
}
WIDTHS = (1280, 390)

#: How far the page, and the content column, reach past the screen's right edge (px); and
#: each diff's reach past its own box (a diff that does not wrap scrolls inside it: on the
#: phone, site_src's snapshot diff was 900 px wide in a 390 px box before it wrapped).
OVERFLOW = """() => {
  const root = document.documentElement;
  const column = document.querySelector('.md-content') || document.body;
  // the code element: a theme may let it scroll inside its <pre> (Material does)
  const diffs = [...document.querySelectorAll('pre.continuity-diff, pre.continuity-diff > code, '
                                             + 'pre code.language-diff')]
    .map(e => e.scrollWidth - e.clientWidth);
  return {page: root.scrollWidth - root.clientWidth,
          column: column.getBoundingClientRect().right - root.clientWidth,
          diffs: diffs};
}"""

BADGES = """() => [...document.querySelectorAll('.continuity-badge')].slice(0, 20).map(b => {
  const style = getComputedStyle(b);
  return {text: b.textContent, size: parseFloat(style.fontSize), color: style.color,
          background: style.backgroundColor, height: b.getBoundingClientRect().height};
})"""


@pytest.fixture
def browser(chromium):
    return chromium


@pytest.fixture(scope="module", params=["mkdocs", "zensical"])
def site(request, site_src_sites):
    """site_src/'s site of each engine (tests/conftest.py), served."""
    with StaticServer(site_src_sites[request.param]) as server:
        yield request.param, server.url


@pytest.mark.parametrize("width", WIDTHS)
def test_no_page_kind_overflows_and_diffs_wrap(browser, site, width):
    engine, url = site
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        for kind, path in PAGES.items():
            page.goto(url + path)
            # the stylesheet is the site's own, and it is applied
            assert page.evaluate("() => [...document.styleSheets].some(s => "
                                 "(s.href || '').endsWith('continuity.css'))"), kind
            reach = page.evaluate(OVERFLOW)
            assert reach["page"] <= 0, (engine, kind, width, reach)
            assert reach["column"] <= 1, (engine, kind, width, reach)
            assert all(r <= 1 for r in reach["diffs"]), (engine, kind, width, reach)
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"look-{engine}-{kind}-{width}.png"))
        page.goto(url + PAGES["snapshot"])
        assert page.evaluate(OVERFLOW)["diffs"], "the snapshot's diff is a coloured diff block"
        added = page.locator("pre.continuity-diff ins").first
        assert added.evaluate("e => getComputedStyle(e).backgroundColor") != "rgba(0, 0, 0, 0)"
    finally:
        context.close()


def test_badges_are_legible_and_traces_fold(browser, site):
    engine, url = site
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(url + PAGES["ledger"])
        badges = page.evaluate(BADGES)
        assert {b["text"] for b in badges} >= {"improved", "complete"}, badges
        for badge in badges:
            assert badge["size"] >= 10 and badge["height"] >= 12, badge
            assert badge["color"] != badge["background"], badge
        traces = page.locator("details.continuity-trace")
        assert traces.count() > 5
        first = traces.first
        field = first.locator("table")
        assert first.get_attribute("open") is None and not field.is_visible()
        first.locator("summary").click()
        assert first.get_attribute("open") is not None and field.is_visible()
        first.locator("summary").click()
        assert first.get_attribute("open") is None and not field.is_visible()
        page.goto(url + PAGES["listing"])
        assert page.locator(".continuity-badge").count() > 0
    finally:
        context.close()


def test_previous_and_next_stand_apart(browser, site):
    """Previous at the left and next at the right on a desktop, one under the other on a
    phone: never run together in one line of text."""
    engine, url = site
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        for width, side_by_side in ((1280, True), (390, False)):
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(url + PAGES["entry"])
            previous = page.locator(".continuity-previous").bounding_box()
            following = page.locator(".continuity-next").bounding_box()
            assert previous and following, engine
            if side_by_side:
                assert abs(previous["y"] - following["y"]) < 2, (engine, previous, following)
                assert following["x"] >= previous["x"] + previous["width"], (engine, width)
            else:
                assert following["y"] >= previous["y"] + previous["height"] - 1, (engine, width)
    finally:
        context.close()
