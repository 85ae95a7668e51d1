"""Every element of a page hovered and clicked in chromium, and whatever runs reported.

A setter on ``window.__pwned``, installed on every page of the context before its scripts, reports
any payload that assigns it the moment it runs: a click that navigates away cannot take the
evidence with it. Dialogs (``alert``) are recorded and dismissed.
"""

from __future__ import annotations

import urllib.parse
from typing import Any

import pytest

playwright = pytest.importorskip("playwright.sync_api")

_SETTER = ("Object.defineProperty(window, '__pwned', {configurable: false,"
           " get() { return undefined; }, set(value) { window.__reportPwned(String(value)); }});")


class ClickThrough:
    """One browser context, its pages clicked through one after the other."""

    def __init__(self, browser: Any, timeout_ms: int = 500, settle_ms: int = 20) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.timeout_ms = timeout_ms  # per hover, read and click
        self.settle_ms = settle_ms  # after each click, for what it starts to run
        self.ran: list[tuple[str, str]] = []  # (the page, the value a payload set)
        self.dialogs: list[str] = []
        self.clicked = 0
        self.unreached: list[str] = []
        self._current = ""
        self.context.expose_binding(
            "__reportPwned", lambda _source, value: self.ran.append((self._current, value)))
        self.context.add_init_script(_SETTER)
        self.context.on("dialog", lambda dialog: (self.dialogs.append(dialog.message),
                                                  dialog.dismiss()))
        self._tab = self.context.new_page()

    def close(self) -> None:
        self.context.close()

    def _visit(self, url: str) -> Any:
        """The tab at ``url``; a fresh tab when the last one hangs (a click began a download or
        left a request open)."""
        for _ in range(2):
            try:
                self._tab.goto(url, wait_until="domcontentloaded", timeout=15_000)
                return self._tab
            except playwright.Error:
                self._tab.close()
                self._tab = self.context.new_page()
        self.unreached.append(url)
        return self._tab

    def page(self, base: str, relative: str, selector: str, limit: int = 150) -> None:
        """Hover and click (up to ``limit``) elements matching ``selector`` on one page,
        coming back to it whenever a click leaves; links leaving the site are hovered only."""
        self._current = relative
        url = base + urllib.parse.quote(relative)
        tab = self._visit(url)
        for index in range(min(tab.locator(selector).count(), limit)):
            element = tab.locator(selector).nth(index)
            try:
                if not element.is_visible():
                    continue
                element.hover(timeout=self.timeout_ms)
                href = element.get_attribute("href", timeout=self.timeout_ms) or ""
                if href.startswith(("http:", "https:", "mailto:")):
                    continue  # leaving the site: not what is tested here
                element.click(timeout=self.timeout_ms, no_wait_after=True)
                self.clicked += 1
                tab.wait_for_timeout(self.settle_ms)
            except playwright.Error:
                pass  # the page changed under the pointer: the setter saw what ran
            if tab.url != url:
                tab = self._visit(url)
