"""The Jinja2 environment for the site's page templates (``continuity/templates/site``).

Templates write Markdown, so nothing is HTML-escaped automatically; instead every value taken
from the tree goes through a filter that makes it literal text (:mod:`.mdtext`). Links are
written relative to the page being rendered, which the templates know as ``page_path``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import jinja2

from continuity.formats.words import plural
from continuity.generator import badges, mdtext


@jinja2.pass_context
def _link(context: jinja2.runtime.Context, text: object, target: str | None, anchor: str = "") -> str:
    return mdtext.link(text, context["page_path"], target, anchor)


@jinja2.pass_context
def _url(context: jinja2.runtime.Context, target: str, anchor: str = "") -> str:
    return mdtext.relative(context["page_path"], target, anchor)


@lru_cache(maxsize=1)
def _badge(value: object) -> str:
    """A status or result as a badge (generator/badges.py), its text escaped as ``md``."""
    return badges.badge(mdtext.inline(value), mdtext.raw(value))


def _html_badge(value: object) -> str:
    """The same badge inside raw HTML, where Markdown is not read: its text HTML-escaped."""
    return badges.badge(mdtext.attribute(value), mdtext.raw(value))


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The one environment of the process: it keeps each template compiled (a new one for
    every page compiled its template again, most of the time a site took to generate). Its
    filters read the redaction in force when they run (:func:`.mdtext.redaction`), so one
    environment serves every build."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("continuity", "templates/site"),
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        auto_reload=False,  # the package's own templates: no stat of each on every page
    )
    env.filters.update({
        "md": mdtext.inline,
        "prose": mdtext.prose,
        "html_prose": mdtext.html_prose,
        "code": mdtext.code,
        "attr": mdtext.attribute,
        "link": _link,
        "url": _url,
        "count": plural,
        "code_block": mdtext.code_block,
        "diff_block": mdtext.diff_block,
        "badge": _badge,
        "html_badge": _html_badge,
    })
    return env


def render(template: str, page_path: str, **values: Any) -> str:
    """Render ``template`` for the page at ``page_path``."""
    text = environment().get_template(template).render(page_path=page_path, **values)
    return text.strip("\n") + "\n"
