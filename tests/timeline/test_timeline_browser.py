"""The timeline read in a real browser (Debian's chromium through playwright): the History part
of STATE.md's page, its link to the version, the diff and the full text one click away, the
pager to older versions; the hostile lines of every version stay text and no script runs."""

from __future__ import annotations

import pytest

from tests.generator.test_site_browser import ARTIFACTS, CHROMIUM, StaticServer, browser, page  # noqa: F401 (fixtures)
from tests.support.site_support import build, write_mkdocs_yml
from tests.timeline.support import TOKEN, state_repository

pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium")

COMMITS = 45


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    work = tmp_path_factory.mktemp("browser")
    repo, shas = state_repository(work / "repo", COMMITS, secret_at=44, no_snapshot=(43,))
    write_mkdocs_yml(repo.path, options={"root": "."})
    result = build(repo.path)
    assert result.error is None, result.said
    with StaticServer(result.site) as server:
        yield server.url, shas


def _version(page, sha: str):  # noqa: F811
    """A version's block: the one after its anchor (put in the Markdown, where MkDocs checks
    the links to it)."""
    return page.locator(f"xpath=//a[@id='version-{sha[:7]}']/ancestor::p[1]"
                        "/following-sibling::div[contains(@class, 'continuity-version')][1]")


def test_the_timeline_reads_in_the_browser(site, page):  # noqa: F811
    url, shas = site
    page.goto(url + "STATE/")
    assert page.locator("#state-history").count() == 1
    history = page.locator("table", has_text="Sections changed").first
    assert shas[-1][:7] in history.inner_text()
    page.locator(f"a[href$='#version-{shas[-2][:7]}']").first.click()
    page.wait_for_url("**/STATE/history/#version-*")
    block = _version(page, shas[-2])
    assert block.is_visible()
    text = block.inner_text()
    assert "Cycle 44" in text and "Not shown" in text  # 45 removed the token 44 added
    newer = _version(page, shas[-4])  # cycle 42: text and diff shown
    full = newer.locator("details pre")
    assert not full.is_visible()
    newer.locator("details summary").click()
    assert full.is_visible() and "<script>alert(42)</script>" in full.inner_text()
    diff = newer.locator("pre.continuity-diff").first.inner_text()
    assert "-Cycle 41 running." in diff and "+Cycle 42 running." in diff
    assert "No snapshot entry" in _version(page, shas[-3]).inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "timeline-history.png"), full_page=False)
    page.locator("a", has_text="Older →").first.click()
    page.wait_for_url("**/STATE/history/page-1/")
    assert page.locator(".continuity-version").count() == 20
    assert page.dialogs == [] and page.foreign_requests == []
    assert TOKEN not in page.content()
