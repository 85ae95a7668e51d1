"""A Backlog.md board in a real browser (Debian's Chromium): built by the plugin with Material
and by ``continuity generate`` with Zensical, its page read at a desktop's width and a phone's.
A hostile title, label, assignee and status stay text (nothing runs, on hover or click), the
board does not push the page sideways, and a dependency's link opens the task it names."""

from __future__ import annotations

import pytest

from tests.generator.test_site_browser import CHROMIUM, StaticServer
from tests.support.clicks import OVERFLOW, PAYLOAD_WATCH, click_through, ran
from tests.support.common import GitRepo
from tests.support.engines import build_site

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason="needs Debian's chromium (apt-get install -y chromium)")

CONFIG = ('project_name: "Tides"\ndefault_status: "To Do"\n'
          'statuses: ["To Do", "In Progress <img src=x onerror=window.__pwned=1>", "Done"]\n')


def task(number: int, status: str, title: str, extra: str = "") -> str:
    return (f"---\nid: task-{number}\ntitle: '{title}'\nstatus: '{status}'\n"
            f"created_date: '2026-11-01'\n{extra}---\n\n## Description\n\nWork {number}.\n")


BACKLOG = {
    "backlog/config.yml": CONFIG,
    "backlog/tasks/task-1 - Parser.md": task(
        1, "In Progress <img src=x onerror=window.__pwned=1>",
        "Parse <svg onload=window.__pwned=2> and [x](javascript:window.__pwned=3)",
        "assignee: ['<img src=x onerror=window.__pwned=4>']\n"
        "labels: ['{: onclick=window.__pwned=5 }', 'a-very-long-label-that-a-phone-must-wrap-"
        "somewhere-or-scroll-inside-its-table']\ndependencies: [task-2]\npriority: high\n"),
    "backlog/tasks/task-2 - Lexer.md": task(2, "Done", "Lexer"),
    "backlog/tasks/task-3 - Writer.md": task(3, "To Do", "Writer"),
}

@pytest.fixture(scope="module", params=["mkdocs", "zensical"])
def board_site(request, tmp_path_factory):
    work = tmp_path_factory.mktemp(f"board-{request.param}")
    repo = GitRepo(work / "repo")
    repo.commit("backlog", BACKLOG)
    site = build_site(request.param, repo.path / "backlog", work / "site-work", strict=False)
    with StaticServer(site) as server:
        yield request.param, server.url


@pytest.mark.parametrize("width", (1280, 390))
def test_the_board_runs_nothing_and_fits_the_screen(chromium, board_site, width):
    engine, url = board_site
    context = chromium.new_context(viewport={"width": width, "height": 900})
    context.add_init_script(PAYLOAD_WATCH)
    page = context.new_page()
    try:
        page.goto(url + "config-yml/")
        assert "Parse <svg onload=window.__pwned=2>" in page.inner_text("body"), engine
        reach = page.evaluate(OVERFLOW)
        assert reach["page"] <= 0 and reach["column"] <= 1, (engine, width, reach)
        assert set(click_through(page, url + "config-yml/", "td a, td, h2")) == {None}, \
            (engine, width)
        assert ran(page) is None, (engine, width)
    finally:
        context.close()


def test_a_dependency_opens_the_task_it_names(chromium, board_site):
    engine, url = board_site
    page = chromium.new_page()
    try:
        page.goto(url + "config-yml/")
        page.locator("td a", has_text="task-2").first.click()
        page.wait_for_load_state()
        assert "Work 2." in page.inner_text("body"), (engine, page.url)
    finally:
        page.close()
