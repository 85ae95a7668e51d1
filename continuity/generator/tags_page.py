"""The tags page (opt-in: the option ``tags_page``): every entry's frontmatter ``tags``, each
tag a heading with its entries beneath, newest first, as Material's blog lists its tags.

``tags: [parser, tides]`` or ``tags: parser, tides``; a tag is text from the tree, so it is
redacted and escaped as every value is (:mod:`.mdtext`): ``<script>`` in a tag is a heading's
text. An entry withheld for a credential is listed by its title alone, as on every index.
"""

from __future__ import annotations

import posixpath

from continuity.formats.words import plural
from continuity.generator import mdtext
from continuity.generator.context import SiteContext
from continuity.generator.site import Page
from continuity.model.tree import HistoryEntry

NAME = "tags.md"
TITLE = "Tags"


def tags_of(entry: HistoryEntry) -> list[str]:
    """The entry's frontmatter ``tags`` as a list of distinct, non-empty words."""
    value = entry.document.frontmatter.data.get("tags") if entry.document else None
    items: list[object]
    if isinstance(value, str):
        items = list(value.split(","))
    elif isinstance(value, list):
        items = [item for item in value if isinstance(item, (str, int, float))]
    else:
        return []
    tags: list[str] = []
    for item in items:
        tag = " ".join(str(item).split())
        if tag and tag not in tags:
            tags.append(tag)
    return tags


def tags_page(ctx: SiteContext) -> Page | None:
    """The page, or None when no entry has a tag (the option is on, the tree uses none)."""
    page = posixpath.join(ctx.options.prefix.strip("/"), NAME) if ctx.options.prefix.strip("/") \
        else NAME
    by_tag: dict[str, list[HistoryEntry]] = {}
    for entry in ctx.newest_first(list(ctx.tree.directories)):
        for tag in tags_of(entry):
            by_tag.setdefault(tag, []).append(entry)
    if not by_tag:
        return None
    names = sorted(by_tag, key=lambda t: (t.casefold(), t))
    lines = [f"# {TITLE}", "",
             f"{plural(len(names), 'tag')} in the entries' frontmatter `tags`, each with its "
             "entries, newest first.", "",
             " · ".join(f"{mdtext.inline(tag)} ({len(by_tag[tag])})" for tag in names), ""]
    for tag in names:
        lines += [f"## {mdtext.inline(tag)}", ""]
        for entry in by_tag[tag]:
            row = ctx.row(entry)
            when = f"{mdtext.inline(row.date)}: " if row.date else ""
            lines.append(f"- {when}{mdtext.link(row.title, page, row.page)} "
                         f"({mdtext.inline(entry.directory + '/')})")
        lines.append("")
    return Page(page, "\n".join(lines), TITLE, in_nav=True)
