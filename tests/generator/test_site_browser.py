"""The built site in a real browser (Debian's headless Chromium, driven by Playwright).

The site of site_src/ is built once (tests/conftest.py), served from 127.0.0.1 by a thread,
and read as a reader would: search, links between a state file and its snapshots, and an entry
holding a script that must never run. Screenshots go to tests/artifacts/ (git-ignored) so they
can be looked at.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: F401 (imported from here)
from tests.support.common import minimal_tree, write_files
from tests.support.site_support import build, write_mkdocs_yml

playwright = pytest.importorskip("playwright.sync_api")

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
SEARCH_WORD = "barnacle-drift"  # occurs in exactly one journal entry of site_src/
SEARCH_ENTRY = "journal/2026-09-24-turn-42/"

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason="needs Debian's chromium (apt-get install -y chromium)"),
]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


class StaticServer:
    """A directory served on 127.0.0.1 from a thread, for as long as the test needs it."""

    def __init__(self, directory: Path):
        handler = functools.partial(_QuietHandler, directory=str(directory))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def __enter__(self) -> StaticServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


@pytest.fixture
def browser(chromium):
    return chromium


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.foreign_requests = []  # every request to a host other than ours
    page.dialogs = []

    def on_request(request):
        host = urlsplit(request.url).hostname
        if request.url.startswith(("http:", "https:")) and host != "127.0.0.1":
            page.foreign_requests.append(request.url)

    def on_dialog(dialog):
        page.dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("request", on_request)
    page.on("dialog", on_dialog)
    yield page
    context.close()


@pytest.fixture(params=["mkdocs", "zensical"])
def site_src_site(request, site_src_sites: dict[str, Path]) -> Path:
    """site_src/'s site built by the plugin in MkDocs, and by Zensical from ``continuity
    generate`` output: every test below reads both."""
    return site_src_sites[request.param]


def _shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _search(page, zensical: bool) -> list[str]:
    """Type the word into the site's search box as a reader would; the result links."""
    if zensical:  # a button opens Zensical's search dialog; results are options in it
        page.locator(".md-search__button").first.click()
        box, links = "input[role=combobox]", "a[role=option]"
    else:
        page.locator(".md-search__input").first.click()
        # The index is built in a web worker; Material says so until it is ready.
        page.wait_for_function(
            "() => !/Initializing/i.test(document.querySelector('.md-search-result__meta')"
            "?.textContent || '')", timeout=30_000)
        box, links = "input.md-search__input", ".md-search-result__item a, .md-search-result__link"
    results = page.locator(links)
    for _ in range(10):  # a query typed while the worker starts may go unanswered: retype
        page.locator(box).first.fill("")
        page.locator(box).first.press_sequentially(SEARCH_WORD)  # keystrokes
        try:
            results.first.wait_for(timeout=3_000)
            break
        except playwright.TimeoutError:
            continue
    results.first.wait_for(timeout=1_000)
    page.wait_for_timeout(300)  # let the whole result list render
    return page.eval_on_selector_all(links, "links => links.map(a => a.href || '')")


def test_search_finds_the_one_entry_with_a_word(page, site_src_site: Path):
    with StaticServer(site_src_site) as server:
        page.goto(server.url)
        page.wait_for_load_state("networkidle")  # the search index has been fetched
        zensical = (site_src_site / "search.json").is_file()
        hrefs = _search(page, zensical)
        assert any(SEARCH_ENTRY in href for href in hrefs), hrefs
        assert urlsplit(hrefs[0]).path == "/" + SEARCH_ENTRY  # the best match
        # Results are the page and its sections (with ?h= for highlighting): one entry only.
        entry_pages = {urlsplit(h).path for h in hrefs if h and "journal/20" in h}
        assert entry_pages == {"/" + SEARCH_ENTRY}
        _shoot(page, "search-zensical" if zensical else "search")
        assert page.foreign_requests == []


def test_state_file_links_to_a_snapshot_which_links_back(page, site_src_site: Path):
    with StaticServer(site_src_site) as server:
        page.goto(server.url + "STATE/")
        _shoot(page, "state-file")
        snapshot_link = page.locator("article a[href*='snapshots/20']").first
        snapshot_link.click()
        page.wait_for_load_state()
        assert "/snapshots/20" in page.url
        assert "Changes since the previous snapshot" in page.content()
        _shoot(page, "entry-snapshot")
        page.locator("article a[href$='/STATE/']").first.click()
        page.wait_for_load_state()
        assert page.url == server.url + "STATE/"
        assert page.foreign_requests == []


def test_home_page_shows_health_directories_and_activity(page, site_src_site: Path):
    with StaticServer(site_src_site) as server:
        page.goto(server.url)
        _shoot(page, "home")
        assert page.locator(".continuity-health").count() == 1
        assert page.locator("article svg.continuity-chart rect").count() > 0
        assert page.locator("article a[href='journal/']").count() >= 1
        page.goto(server.url + "ledger/")
        _shoot(page, "ledger")
        assert page.locator("article svg.continuity-chart path").count() >= 1
        assert page.foreign_requests == []


def test_a_script_in_an_entry_never_runs(page, tmp_path: Path):
    project = tmp_path / "project"
    write_files(project / "memory", {**minimal_tree(), "journal/2026-01-04-turn-2.md": (
        "---\ndate: 2026-01-04\nturn: 2\nobjective: try a script\n---\n\n"
        "# Journal Entry — 2026-01-04\n\n## Context before\n\n<script>alert(1)</script>\n\n"
        "Inline <img src=x onerror=\"alert(2)\"> and [a link](javascript:alert(3)).\n\n"
        "## Actions taken\n\nNone.\n\n## Result\n\nNone.\n\n## Next\n\nNone.\n")})
    write_mkdocs_yml(project, options={"root": "memory"})
    result = build(project)
    assert result.error is None, result.said
    with StaticServer(result.site) as server:
        page.goto(server.url + "journal/2026-01-04-turn-2/")
        page.wait_for_load_state("networkidle")
        for link in page.locator("article a").all():
            if "a link" in (link.text_content() or ""):
                link.click()
        page.wait_for_timeout(500)
        _shoot(page, "entry-with-script")
        assert page.dialogs == []
        assert page.locator("article script").count() == 0
        assert page.evaluate("document.querySelectorAll('article [onerror]').length") == 0


def test_listings_and_the_ledger_read_as_a_reader_needs(page, site_src_site: Path):
    """issue 22: each entry with its title, status and excerpt; the ledger's table fits its
    column, its hashes on one line; the chart's ticks are whole numbers, idle cycles marked."""
    with StaticServer(site_src_site) as server:
        page.goto(server.url + "PLAN/")
        page.wait_for_load_state("networkidle")
        _shoot(page, "plan-listing")
        rows = page.locator("article td:has(a[href*='proposals/20'])")
        assert rows.count() >= 5
        first = rows.first
        assert first.locator("small").first.is_visible()  # the excerpt, under the title
        assert len((first.locator("small").first.text_content() or "").split()) >= 5
        assert first.locator(".continuity-badge").first.text_content() in (
            "accepted", "proposed", "rejected", "superseded")
        page.goto(server.url + "ledger/")
        page.wait_for_load_state("networkidle")
        _shoot(page, "ledger-table")
        table = page.locator("article table").first
        fits = table.evaluate("t => t.scrollWidth <= (t.parentElement.clientWidth + 1)")
        assert fits, "the ledger's table is wider than its column"
        lines = page.eval_on_selector_all(
            "article table tbody tr td:nth-child(5) code",
            "codes => codes.map(c => c.getClientRects().length)")
        assert lines and set(lines) == {1}, lines  # no sha broken over two lines
        ticks = page.eval_on_selector_all(
            "article svg.continuity-chart text[text-anchor='end']",
            "texts => texts.map(t => t.textContent)")
        assert ticks and all(t.isdigit() for t in ticks), ticks
        assert page.locator("article svg.continuity-chart circle.continuity-idle").count() >= 1
        assert page.foreign_requests == []


def test_memory_md_links_reach_every_topic_page(page, tmp_path: Path):
    """issue 21: a Claude Code MEMORY.md; every topic link it holds opens its page."""
    from tests.generator.test_site_linked import ROOT, claude_project

    result = build(claude_project(tmp_path), strict=True)
    assert result.error is None, result.said
    with StaticServer(result.site) as server:
        page.goto(server.url + "MEMORY/")
        _shoot(page, "claude-memory")
        hrefs = page.eval_on_selector_all(
            "article a[href]:not(.headerlink)", "links => links.map(a => a.href)")
        topics = [h for h in hrefs if h.startswith(server.url) and "MEMORY" not in h]
        assert len(topics) >= 5, hrefs
        for href in topics:
            response = page.goto(href)
            assert response is not None and response.ok, href
        page.goto(server.url + "patterns/")
        _shoot(page, "claude-topic")
        assert page.locator("article h1").first.text_content() == "Patterns"
        assert page.locator("article .continuity-unpublished-link").count() == 0
        page.goto(server.url + "MEMORY/")
        outside = page.locator("article span.continuity-unpublished-link")
        assert outside.count() == 1 and outside.evaluate("s => s.closest('a')") is None
        assert ROOT not in (outside.get_attribute("title") or "")
        assert page.foreign_requests == []
