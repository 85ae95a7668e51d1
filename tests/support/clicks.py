"""One step of a browser click-through, as the attack tests take it on every element."""

from __future__ import annotations

from typing import Any

#: Links that leave the site: not what a click-through of the site tests.
LEAVING = ("http:", "https:", "mailto:")


def hover_and_click(element: Any, timeout: int, settle: int) -> bool:
    """Hover ``element`` (a playwright Locator) and click it unless it leaves the site; True
    when it was clicked. The page changing under the pointer is no failure: the tests install
    a setter on every page that reports whatever runs, the moment it runs."""
    from playwright.sync_api import Error

    try:
        if not element.is_visible():
            return False
        element.hover(timeout=timeout)
        if (element.get_attribute("href", timeout=timeout) or "").startswith(LEAVING):
            return False
        element.click(timeout=timeout, no_wait_after=True)
        element.page.wait_for_timeout(settle)
        return True
    except Error:
        return False


#: Set on every page before its scripts: whatever a payload assigns to ``window.__pwned`` is
#: kept in ``window.__ran`` (and the tab's title says so), the moment it runs.
PAYLOAD_WATCH = ("Object.defineProperty(window, '__pwned', {set(v) {"
                 "document.title = 'PWNED ' + v; window.__ran = v}})")

#: How far the page and its content column reach past the screen's right edge (px).
OVERFLOW = """() => {
  const root = document.documentElement;
  const column = document.querySelector('.md-content') || document.body;
  return {page: root.scrollWidth - root.clientWidth,
          column: column.getBoundingClientRect().right - root.clientWidth};
}"""


def ran(page: Any) -> object:
    """What a payload set on the page now shown (None: nothing ran), once a click's
    navigation, if any, has loaded."""
    from playwright.sync_api import Error

    for _ in range(3):
        page.wait_for_load_state()
        try:
            return page.evaluate("() => window.__ran")
        except Error:  # the page navigated while it was asked: ask the new one
            continue
    return page.evaluate("() => window.__ran")


def click_through(page: Any, url: str, selector: str, limit: int = 40) -> list[object]:
    """Hover and click the first ``limit`` elements ``selector`` finds on the page at ``url``,
    back at ``url`` after each click that left it; what ran after each (all None: nothing)."""
    parts = page.locator(selector)
    found = []
    for index in range(min(parts.count(), limit)):
        hover_and_click(parts.nth(index), timeout=2000, settle=50)
        found.append(ran(page))
        if page.url != url:
            page.goto(url)
    return found
