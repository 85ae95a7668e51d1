"""Material's navigation rendered once, not on every entry page.

Material renders the whole navigation (home, every state file, every directory...) into every
page: at 2,000 entries that is a sixth of a build, for output that is the same on every page
outside the navigation. Outside it, nothing in ``partials/nav.html`` depends on the page but
the relative URLs its ``url`` filter writes (no item is active, none is the page). So the
navigation is rendered for the first such page while the URLs handed to ``url`` are noted;
for the next page, those URLs are made relative to it, and when they come out the same as for
a page already rendered, that page's navigation is reused. Only the plugin's own pages, and
only with the theme ``material``, whose template this relies on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import jinja2

#: The template Material includes for the primary navigation.
NAV_TEMPLATE = "partials/nav.html"

#: Off in the test that proves every page is byte for byte the same with it.
ENABLED = True


class NavCache:
    """One build's rendered navigations, keyed by the relative URLs they hold."""

    def __init__(self, pages: set[str]) -> None:
        self.pages = pages  # src_uris of pages outside the navigation it may serve
        self.rendered: list[tuple[tuple[str, ...], dict[tuple[str, ...], str]]] = []
        self.noting: list[str] | None = None
        self.reused = 0

    def install(self, env: jinja2.Environment) -> None:
        """Wrap the navigation template and the ``url`` filter of this build's environment."""
        url = env.filters.get("url")
        if not ENABLED or url is None:
            return
        try:
            template = env.get_template(NAV_TEMPLATE)
        except jinja2.TemplateNotFound:
            return
        cache = self

        @jinja2.pass_context
        def noting_url(context: Any, value: object) -> str:
            if cache.noting is not None:
                cache.noting.append(str(value))
            return url(context, value)

        env.filters["url"] = noting_url
        render = template.root_render_func

        def root(context: Any) -> Iterator[str]:
            page = context.get("page")
            src_uri = getattr(getattr(page, "file", None), "src_uri", None)
            if src_uri not in cache.pages:
                yield from render(context)
                return
            yield cache.navigation(context, render, lambda value: url(context, value))

        template.root_render_func = root

    def navigation(self, context: Any, render: Callable[[Any], Iterator[str]],
                   url: Callable[[str], str]) -> str:
        for values, outputs in self.rendered:
            key = tuple(url(value) for value in values)
            if key in outputs:
                self.reused += 1
                return outputs[key]
        self.noting = []
        try:
            output = "".join(render(context))
        finally:
            values, self.noting = tuple(self.noting), None
        key = tuple(url(value) for value in values)
        for known, outputs in self.rendered:
            if known == values:
                outputs[key] = output
                break
        else:
            self.rendered.append((values, {key: output}))
        return output
