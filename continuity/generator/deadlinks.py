"""Dead links marked on the page: the link kept, with a class and a title saying why.

CT111 and CT211 find the links of a state file or an entry that point at nothing; on the
site each becomes ``<a class="continuity-dead-link" title="…" href="…">`` (an image,
``<img class="continuity-dead-link" …>``), so a reader sees which links are broken before
following one, and MkDocs does not warn about them a second time. No script: the title is the
explanation. Reference-style links (``[text][id]``) are left as written.
"""

from __future__ import annotations

from continuity.formats.links import Link, links
from continuity.formats.markdown import MarkdownDoc
from continuity.generator.mdtext import attribute
from continuity.generator.safety import unsafe_url
from continuity.validators.diagnostics import Diagnostic

#: The rules whose findings are dead links, and the class the site gives them.
DEAD_LINK_CODES = frozenset({"CT111", "CT211"})
DEAD_LINK_CLASS = "continuity-dead-link"


def mark_dead_links(text: str, line_offset: int, findings: list[Diagnostic]) -> str:
    """``text`` (file lines from ``line_offset + 1``) with its dead inline links marked."""
    dead = {(d.line, d.column): d for d in findings if d.code in DEAD_LINK_CODES}
    if not dead:
        return text
    lines = text.split("\n")
    chosen: dict[int, list[tuple[Link, Diagnostic]]] = {}
    for link in links(MarkdownDoc(text, line_offset)):
        finding = dead.get((link.line, link.column))
        if finding is not None and link.span is not None and not unsafe_url(link.written):
            chosen.setdefault(link.line - line_offset - 1, []).append((link, finding))
    for index, found in chosen.items():
        line = lines[index]
        outermost: list[tuple[Link, Diagnostic]] = []
        for link, finding in sorted(found, key=lambda pair: pair[0].span or (0, 0)):
            if outermost and (link.span or (0, 0))[0] < (outermost[-1][0].span or (0, 0))[1]:
                continue  # inside a link already marked (a linked image)
            outermost.append((link, finding))
        pieces, position = [], 0  # one pass: a line of many links is copied once, not per link
        for link, finding in outermost:
            start, end = link.span or (0, 0)
            pieces += [line[position:start], _marked(link, finding)]
            position = end
        lines[index] = "".join(pieces) + line[position:]
    return "\n".join(lines)


def _marked(link: Link, finding: Diagnostic) -> str:
    title = attribute(f"{finding.message.replace('`', '')} ({finding.code} {finding.name})")
    target = attribute(link.written)
    if link.image:
        return (f'<img class="{DEAD_LINK_CLASS}" src="{target}" alt="{attribute(link.text)}" '
                f'title="{title}">')
    return f'<a class="{DEAD_LINK_CLASS}" href="{target}" title="{title}">{link.text}</a>'
