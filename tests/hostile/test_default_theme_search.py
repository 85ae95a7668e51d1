"""``generate`` output built by MkDocs with its own themes: does their search run tree text?
(issue 34, still open from round 3.)

A code span holding ``<img src=x onerror=...>`` is escaped on the page, and MkDocs' search
index then holds it as *text*, the tags as written. If a theme's search inserted result text as
HTML, searching for it would run the handler. MkDocs 1.6's search (``search/main.js``, used by
the ``mkdocs`` and ``readthedocs`` themes) escapes each result's title and summary before it
inserts them: checked here in chromium, with the payload found and shown as text.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.generator.test_site_browser import CHROMIUM, StaticServer, browser  # noqa: F401
from tests.support.common import minimal_tree, write_files

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium")

BIN = Path(sys.executable).parent
PAYLOAD = "<img src=x onerror=window.__pwned=1>"


def built(theme: str, tmp_path: Path) -> Path:
    memory = tmp_path / "memory"
    tree = minimal_tree()
    tree["STATE.md"] = tree["STATE.md"].replace(
        "Building the parser.", f"Building the parser: `{PAYLOAD}` zebrafish.")
    write_files(memory, tree)
    work = tmp_path / "work"
    subprocess.run([sys.executable, "-m", "continuity", "generate", "--no-git", str(memory),
                    "--out", str(work / "docs"), "--nav-file", str(work / "nav.yml")],
                   check=True, capture_output=True)
    config = {"site_name": "Memory", "docs_dir": "docs", "theme": {"name": theme},
              "plugins": ["search"],
              "nav": yaml.safe_load((work / "nav.yml").read_text("utf-8"))["nav"]}
    (work / "mkdocs.yml").write_text(yaml.safe_dump(config), "utf-8")
    subprocess.run([str(BIN / "mkdocs"), "build", "-q"], cwd=work, check=True,
                   capture_output=True)
    return work / "site"


@pytest.mark.parametrize("theme", ["mkdocs", "readthedocs"])
def test_search_shows_the_payload_as_text(browser, tmp_path: Path, theme: str):  # noqa: F811
    site = built(theme, tmp_path)
    index = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    assert any(PAYLOAD in doc["text"] for doc in index["docs"])  # held as text: the concern
    page = browser.new_page()
    try:
        with StaticServer(site) as server:
            # readthedocs has a search page; the mkdocs theme searches from any page's dialog.
            where = "search.html" if (site / "search.html").exists() else "index.html"
            page.goto(f"{server.url}{where}?q=zebrafish")
            results = page.locator("#mkdocs-search-results article, #mkdocs-search-results p")
            results.first.wait_for(state="attached", timeout=20_000)
            page.wait_for_timeout(500)
            shown = page.locator("#mkdocs-search-results").text_content() or ""
            assert "zebrafish" in shown and "onerror" in shown  # found, and shown as text
            assert page.evaluate("window.__pwned") is None
            assert page.locator("#mkdocs-search-results img").count() == 0
    finally:
        page.close()
