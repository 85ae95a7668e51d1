"""Take the screenshots of this folder: site_src/'s site and audit report in Chromium, at a
desktop width (1280 px) and a phone's (390 px).

    python bench/screenshots/shoot.py            # writes bench/screenshots/*.png

The site is built by the plugin (``mkdocs build`` of the repository's mkdocs.yml with the tags
page on and a ``site_url``, into a temporary folder) and served from 127.0.0.1; the report is
``continuity report --format html`` of site_src/, and of a new tree with an entry short of its
template (its findings lead). Needs Debian's chromium (``/usr/bin/chromium``) and playwright.
Each shot is of the window, scrolled to the part the page kind is about (a trace unfolded on
the ledger page).
"""

from __future__ import annotations

import functools
import http.server
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
CHROMIUM = "/usr/bin/chromium"
#: (name, URL below the site, element scrolled to, script run first: the page's own look only)
SHOTS = [
    ("report", "report.html", None, None),
    ("report-findings", "report-findings.html", None, None),
    ("ledger", "ledger/", "#traces",
     "document.querySelector('details.continuity-trace').open = true"),
    ("snapshot-diff", "snapshots/2026-09-08T17-30-00/", "#changes-since-the-previous-snapshot",
     None),
    ("state-history", "STATE/history/", ".continuity-diff", None),
    ("entry-prev-next", "journal/2026-09-24-turn-42/", ".continuity-next", None),
    ("archive-badges", "proposals/archive/2026-10/", None, None),
    ("tags", "tags/", None, None),
]
#: Which widths keep a shot of each page kind (a few per kind keep this folder small).
KEPT = {"report": (390,), "report-findings": (1280,), "ledger": (1280, 390), "snapshot-diff": (390,),
        "state-history": (390,), "entry-prev-next": (1280,), "archive-badges": (390,),
        "tags": (1280,)}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def main() -> int:
    with tempfile.TemporaryDirectory() as work:
        site = Path(work) / "site"
        bin_dir = Path(sys.executable).parent
        # The repository's mkdocs.yml, with the opt-in tags page and a site_url (the feed).
        config = Path(work) / "mkdocs.yml"
        config.write_text(
            f"INHERIT: {REPO / 'mkdocs.yml'}\ndocs_dir: {REPO / 'site_src'}\n"
            "site_url: https://example.org/memory/\n"
            f"plugins:\n  - search\n  - continuity:\n      root: {REPO / 'site_src'}\n"
            "      tags_page: true\n", "utf-8")
        subprocess.run([str(bin_dir / "mkdocs"), "build", "-q", "-f", str(config), "-d",
                        str(site)], cwd=REPO, check=True)
        subprocess.run([sys.executable, "-m", "continuity", "report", "site_src", "--format",
                        "html", "-o", str(site / "report.html")], cwd=REPO, check=True)
        # A report with findings: a new tree with a journal entry written by hand, short of
        # its template's field and sections.
        fresh = Path(work) / "fresh"
        subprocess.run([sys.executable, "-m", "continuity", "init", str(fresh)], check=True,
                       capture_output=True)
        (fresh / "journal" / "2026-03-05-turn-1.md").write_text(
            "---\ndate: 2026-03-05\nturn: 1\n---\n\n# Turn 1\n\nStarted.\n", "utf-8")
        subprocess.run([sys.executable, "-m", "continuity", "report", "--no-git", "--format",
                        "html", "-o", str(site / "report-findings.html")], cwd=fresh, check=True)
        handler = functools.partial(_Quiet, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        try:
            with sync_playwright() as driver:
                browser = driver.chromium.launch(executable_path=CHROMIUM,
                                                 args=["--headless", "--no-sandbox"])
                for width, height in ((1280, 800), (390, 844)):
                    page = browser.new_page(viewport={"width": width, "height": height})
                    for name, url, element, script in SHOTS:
                        if width not in KEPT[name]:
                            continue
                        page.goto(base + url)
                        if script:
                            page.evaluate(script)
                        if element:
                            page.locator(element).first.scroll_into_view_if_needed()
                            page.evaluate("window.scrollBy(0, -80)")
                        path = HERE / f"{name}-{width}.png"
                        page.screenshot(path=str(path))
                        print(path.relative_to(REPO))
                    page.close()
                browser.close()
        finally:
            server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
