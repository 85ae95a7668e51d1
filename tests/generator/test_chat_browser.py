"""Aider's chat history in a real browser (Debian's Chromium): built by the plugin with
Material and by ``continuity generate`` with Zensical, its page read at a desktop's width and a
phone's. What a user typed, what the model replied and what Aider printed are the words of the
moment: a prompt, a reply or a line of Aider's output holding markup or a ``javascript:`` link
stays text or inert (nothing runs, on hover or click), a long line does not push the page
sideways, and the sessions read newest first."""

from __future__ import annotations

import pytest

from tests.generator.test_site_browser import CHROMIUM, StaticServer
from tests.support.clicks import OVERFLOW, PAYLOAD_WATCH, click_through, ran
from tests.support.common import GitRepo
from tests.support.engines import build_site

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason="needs Debian's chromium (apt-get install -y chromium)")


def session(started: str, prompt: str, reply: str, tool: str) -> str:
    """One session as Aider's io.py appends it."""
    return (f"\n# aider chat started at {started}\n\n> {tool}  \n\n#### {prompt}  \n\n"
            f"{reply}\n\n")


CHAT = (session("2026-11-01 10:00:00", "count the terns", "Counted forty.",
                "Added app.py to the chat")
        + session("2026-11-02 10:00:00",
                  "fix <img src=x onerror=window.__pwned=1> and [x](javascript:window.__pwned=2)",
                  "Here: <svg onload=window.__pwned=3></svg> <a href=\"javascript:window."
                  "__pwned=4\">link</a> <b onclick=\"window.__pwned=5\">bold</b>\n\n"
                  "```python\nprint('" + "a-very-long-line-of-code-" * 12 + "')\n```",
                  "<img src=x onerror=window.__pwned=6> " + "an-unbroken-path/" * 20)
        + session("2026-11-03 10:00:00", "count the wrens", "Counted nine.",
                  "Added wrens.py to the chat"))


@pytest.fixture(scope="module", params=["mkdocs", "zensical"])
def chat_site(request, tmp_path_factory):
    work = tmp_path_factory.mktemp(f"chat-{request.param}")
    repo = GitRepo(work / "repo")
    repo.commit("aider", {".aider.chat.history.md": CHAT,
                          ".aider.input.history": "\n# 2026-11-01 10:00:00.000000\n+count\n"})
    site = build_site(request.param, repo.path, work / "site-work", strict=False)
    page = "_aider.chat.history/" if request.param == "zensical" else ".aider.chat.history/"
    with StaticServer(site) as server:
        yield request.param, server.url + page


@pytest.mark.parametrize("width", (1280, 390))
def test_the_chat_runs_nothing_and_fits_the_screen(chromium, chat_site, width):
    engine, url = chat_site
    context = chromium.new_context(viewport={"width": width, "height": 900})
    context.add_init_script(PAYLOAD_WATCH)
    page = context.new_page()
    try:
        page.goto(url)
        text = page.inner_text("body")
        assert "fix <img src=x onerror=window.__pwned=1>" in text, engine
        assert text.index("count the wrens") < text.index("count the terns"), engine
        reach = page.evaluate(OVERFLOW)
        assert reach["page"] <= 0 and reach["column"] <= 1, (engine, width, reach)
        parts = "article a, article h2, article h4, article b, article p"
        assert page.locator(parts).count() >= 8, engine  # every session's parts are there
        assert set(click_through(page, url, parts)) == {None}, (engine, width)
        assert ran(page) is None, (engine, width)
    finally:
        context.close()
