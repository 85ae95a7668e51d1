"""An entry's excerpt, as index pages and the home page show it under its title (as Material's
blog shows a post's): the first paragraph of its text, as plain words, cut short.

Plain text only: links keep their text, images, code blocks, tables, raw HTML, HTML
comments (a Spec Kit constitution opens with its Sync Impact Report in one) and headings are
left out, and emphasis and code marks dropped; the templates escape the words for where they
land, redacting any credential (generator/mdtext.py). A file CT601 flags gets no excerpt
at all (its page is withheld).
"""

from __future__ import annotations

import re

from continuity.formats.links import INLINE_LINK
from continuity.model.tree import Document

#: Characters an excerpt keeps at most; it is cut at a word, with an ellipsis.
EXCERPT_LENGTH = 180

_REFERENCE_LINK = re.compile(r"\[([^\]\n]{0,500})\]\[[^\]\n]{0,500}\]")
_TAG = re.compile(r"<[^<>\n]{0,500}>")
_MARKS = re.compile(r"(\*\*|__|\*|`+|~~)")
_LIST_MARKER = re.compile(r"^\s{0,3}(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?")
_SKIPPED = ("#", "|", "<", ">", "---", "***", "___", "[//]", "{{")


def excerpt(document: Document | None, limit: int = EXCERPT_LENGTH) -> str:
    """The first paragraph of text of ``document``'s body (after its frontmatter)."""
    if document is None:
        return ""
    body = document.body
    commented = body.comment_blanked  # a comment is no text (Spec Kit's Sync Impact Report)
    paragraph: list[str] = []
    for index, line in enumerate(body.lines):
        if index in commented:
            kept = commented[index].strip()
            line = line[:len(line) - len(line.lstrip())] + kept if kept else ""
        stripped = line.strip()
        if body.in_code[index] or stripped.startswith(("```", "~~~")):
            if paragraph:
                break
            continue
        if not stripped or stripped.startswith(_SKIPPED) or line.startswith(("    ", "\t")):
            if paragraph:
                break
            continue
        paragraph.append(_LIST_MARKER.sub("", stripped))
        if sum(len(part) for part in paragraph) > limit * 2:
            break
    return _shortened(_plain(" ".join(paragraph)), limit)


def _plain(text: str) -> str:
    # The link reader's grammar (a title in quotes or parentheses, one level of brackets):
    # a title holding ``)`` or an escaped quote is the link's, not words after it.
    text = INLINE_LINK.sub(lambda link: "" if link["image"] else link["text"], text)
    text = _REFERENCE_LINK.sub(r"\1", text)
    text = _TAG.sub("", text)
    text = _MARKS.sub("", text)
    return " ".join(text.split())


def _shortened(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(" ,;:.-—")
    return cut + "…"
