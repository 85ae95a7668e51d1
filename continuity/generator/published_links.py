"""A tree file's links as the site can follow them.

``continuity check`` resolves a link in the repository; the site publishes the memory root
only. So before a state file, an entry or a linked file is rendered, each local link is
looked at once more: one whose file is published at another address (an HTML file shown as
text on ``page-html.md``, a linked ``README.md``) is pointed at that page; one leaving the
root, to a file the site does not publish, is kept as its text with a class and a title that
say why (``<span class="continuity-unpublished-link" title="…">``: nothing to follow, nothing
that looks like a link), and so is one to a file inside the root that nothing publishes, so
MkDocs has no link to warn about. Dead links are CT111's and marked before this
(:mod:`.deadlinks`).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from continuity.formats.links import links
from continuity.formats.markdown import MarkdownDoc
from continuity.generator.mdtext import attribute, relative
from continuity.generator.safety import unsafe_url
from continuity.model.linked import link_target

UNPUBLISHED_CLASS = "continuity-unpublished-link"


def point_links(text: str, line_offset: int, source: str, page: str | None,
                page_elsewhere: Callable[[str], str | None],
                published_outside: Callable[[str], bool], portable: bool,
                unpublished: Callable[[str], bool] = lambda path: False) -> str:
    """``text`` (lines of the root file ``source`` from ``line_offset + 1``, rendered on
    ``page``) with its links pointed at what the site publishes.

    ``page_elsewhere(path)``: the page of a root file published at another address, or None.
    ``published_outside(path)``: whether a path above the root (``../docs/x.md``) is published
    all the same (a page of the user's own docs). ``portable``: raw HTML is not allowed (any
    engine): an unpublished link becomes its text alone. ``unpublished(path)``: whether a file
    inside the root is published by nothing (code beside a linked document, a file past the
    linked files' bound): its link is kept as text like one leaving the root.
    """
    if page is None or ("](" not in text and "]:" not in text):
        return text
    lines = text.split("\n")
    changes: dict[int, list[tuple[tuple[int, int], str]]] = {}
    for link in links(MarkdownDoc(text, line_offset)):
        if link.span is None or not link.path or unsafe_url(link.written):
            continue
        target = link_target(source, link.path)
        index = link.line - line_offset - 1
        start, end = link.span
        if not target.inside or unpublished(target.path):
            if not target.inside and published_outside(target.path):
                continue
            shown = target.path.replace(os.sep, "/")
            title = attribute(f"{shown} lies outside the memory root: not published here"
                              if not target.inside else f"{shown} is not published here")
            written = link.text if portable else \
                f'<span class="{UNPUBLISHED_CLASS}" title="{title}">{link.text}</span>'
            changes.setdefault(index, []).append(((start, end), written))
            continue
        elsewhere = page_elsewhere(target.path)
        if elsewhere is None:
            continue
        url = relative(page, elsewhere, link.anchor)
        prefix = "!" if link.image else ""
        changes.setdefault(index, []).append(((start, end), f"{prefix}[{link.text}]({url})"))
    for index, found in changes.items():
        line = lines[index]
        kept_end = len(line) + 1
        for (start, end), written in sorted(found, reverse=True):  # right to left
            if end > kept_end:
                continue  # inside a link changed already (a linked image)
            line = line[:start] + written + line[end:]
            kept_end = start
        lines[index] = line
    return "\n".join(lines)
