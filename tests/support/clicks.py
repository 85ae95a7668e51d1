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
