"""Material's navigation on the plugin's pages outside it: pruned, and rendered once.

Material renders the whole navigation (home, every state file, every directory...) into every
page. On an entry page (and a fixed index page, a month archive), the plugin renders it the
way Material's own ``navigation.prune`` feature does, with the page it belongs under (the
entry's directory, the index's front page) as the current place: its section open and the
page marked, every other section one link. At 2,000 entries the full navigation was 9 KB of
an entry page's 20 KB, written 2,000 times; pruned, about a third of it.

Nor is it rendered for each such page. Outside the navigation, nothing in
``partials/nav.html`` depends on the page but that current place and the relative URLs its
``url`` filter writes. So the navigation is rendered for the first such page while the URLs
handed to ``url`` are noted; for the next page under the same place, those URLs are made
relative to it, and when they come out the same as for a page already rendered, that page's
navigation is reused. Only the plugin's own pages, and only with the theme ``material``,
whose template this relies on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import jinja2

#: The template Material includes for the primary navigation.
NAV_TEMPLATE = "partials/nav.html"
#: Material's feature that renders the open section only (partials/nav-item.html).
PRUNE = "navigation.prune"

#: Off in the test that proves every page is byte for byte the same with it.
ENABLED = True


class NavCache:
    """One build's rendered navigations, keyed by the place and the relative URLs they hold."""

    def __init__(self, pages: dict[str, Any]) -> None:
        # src_uri of each page outside the navigation it serves -> the navigation's page that
        # page belongs under (a mkdocs.structure.pages.Page), or None
        self.pages = pages
        self.rendered: dict[str | None, list[tuple[tuple[str, ...], dict[tuple[str, ...], str]]]] = {}
        self.noting: list[str] | None = None
        self.reused = 0

    def install(self, env: jinja2.Environment) -> None:
        """Wrap the navigation template and the ``url`` filter of this build's environment."""
        url = env.filters.get("url")
        if url is None:
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
            features = list(context.get("features") or [])
            if PRUNE not in features:
                context = template.new_context(
                    {**context.get_all(), "features": [*features, PRUNE]}, shared=True)
            yield cache.navigation(context, cache.pages[src_uri], render,
                                   lambda value: url(context, value))

        template.root_render_func = root

    def navigation(self, context: Any, place: Any, render: Callable[[Any], Iterator[str]],
                   url: Callable[[str], str]) -> str:
        """The navigation with ``place`` (a page of it, or None) as the current one."""
        known = self.rendered.setdefault(
            None if place is None else place.file.src_uri, [])
        if ENABLED:
            for values, outputs in known:
                key = tuple(url(value) for value in values)
                if key in outputs:
                    self.reused += 1
                    return outputs[key]
        self.noting = []
        if place is not None:
            place.active = True  # marks its section too (MkDocs' Page.active)
        try:
            output = "".join(render(context))
        finally:
            if place is not None:
                place.active = False
            values, self.noting = tuple(self.noting), None
        key = tuple(url(value) for value in values)
        for seen, outputs in known:
            if seen == values:
                outputs[key] = output
                break
        else:
            known.append((values, {key: output}))
        return output
