"""References in Markdown: links, images, reference definitions, code spans, and anchors.

Only text: nothing here looks at the file system. Every pattern is bounded (a link's text, its
destination and its title have a longest length), so a line of a hundred thousand ``[`` costs a
constant per character, never the square of the line. Fenced code blocks and inline code spans
are examples, not references, and are skipped.

Anchors are the ids the site gives headings: MkDocs' ``toc`` slugs (the heading's text without
markup, accents folded, punctuation dropped, lower case, spaces and hyphens as one ``-``,
duplicates ``_1``, ``_2``), GitHub's slugs (where most of these trees are also read), an
attribute list's ``{#id}`` and any ``id=""`` or ``name=""`` written in raw HTML.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, replace
from urllib.parse import unquote

from continuity.formats.markdown import MarkdownDoc

# [text](destination "title") and ![alt](destination): text may hold one level of brackets
# (a linked image, [![alt](img)](target)); the destination may be <bracketed> or hold one
# level of parentheses; a title may hold its quote escaped (``"the \"main\" guide"``), as
# CommonMark and Python-Markdown read it.
INLINE_LINK = re.compile(
    r"(?P<image>!?)\[(?P<text>(?:[^\[\]\n]|\[[^\[\]\n]{0,500}\]){0,1000})\]"
    r"\(\s{0,20}(?P<dest><[^<>\n]{0,2000}>|[^\s()<>]{0,2000}(?:\([^\s()]{0,200}\)[^\s()<>]{0,2000})?)"
    r"(?:\s{1,20}(?:\"(?:[^\"\\\n]|\\.){0,500}\"|'(?:[^'\\\n]|\\.){0,500}'"
    r"|\((?:[^()\\\n]|\\.){0,500}\)))?\s{0,20}\)")
# ``]::`` is a type's static member (PowerShell's ``[System.Text.UTF8Encoding]::new($false)``,
# a line of code that wrapped), never a definition.
_REFERENCE = re.compile(r"^ {0,3}\[(?P<label>[^\[\]\n]{1,500})\]:(?!:)[ \t]{0,20}"
                        r"(?P<dest><[^<>\n]{0,2000}>|\S{1,2000})")
_BACKTICKS = re.compile(r"`+")
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]{0,30}:")
_HTML_ID = re.compile(r"""\b(?:id|name)\s*=\s*["']([^"'\n]{1,500})["']""")
_ATTR_ID = re.compile(r"\{[^{}\n]{0,200}#([A-Za-z][\w:.-]{0,200})[^{}\n]{0,200}\}\s*$")


@dataclass(frozen=True)
class Link:
    """A link, image or reference definition whose destination is a path in the repository."""

    path: str  # percent-decoded, without the anchor; "" for an anchor into the same file
    anchor: str  # percent-decoded, "" when none
    written: str  # the destination as written, for messages
    line: int  # file line, 1-based
    column: int  # of the destination
    image: bool = False
    # Where the whole inline link is in its line (0-based, end exclusive): the site marks a
    # dead one there. None for a reference definition.
    span: tuple[int, int] | None = None
    text: str = ""  # the link's text or the image's alt text


@dataclass(frozen=True)
class CodeSpan:
    text: str
    line: int
    column: int


def local_target(destination: str) -> tuple[str, str] | None:
    """(path, anchor) of a destination inside the repository; None for a URL, an absolute or
    network path, an empty destination or a template placeholder (never followed)."""
    target = destination.strip()
    if target.startswith("<") and target.endswith(">"):
        target = target[1:-1].strip()
    # Markdown decodes entities in a destination (`JaVa&#x53;cript:` is a scheme), and browsers
    # drop control characters and spaces inside one: judge what a reader's browser would see.
    if "&" in target:
        target = html.unescape(target)
    squeezed = "".join(ch for ch in target if ch > " " and ch != "\x7f")
    if not target or "{{" in target or _SCHEME.match(squeezed) or \
            squeezed.startswith(("/", "\\")):
        return None
    path, _, anchor = target.partition("#")
    path = unquote(path.partition("?")[0])
    if path.startswith(("/", "\\")) or "\0" in path:  # percent-encoded: still absolute
        return None
    return path, unquote(anchor)


def _code_span_ranges(line: str) -> list[tuple[int, int, int, int]]:
    """(start, content start, content end, end) of each code span of ``line``.

    CommonMark's rule: a run of N backticks opens a span that the next run of exactly N
    closes. One pass over the runs, a pointer per run length: linear in the line.
    """
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(line)]
    by_length: dict[int, list[int]] = {}
    for number, (start, end) in enumerate(runs):
        by_length.setdefault(end - start, []).append(number)
    pointer = dict.fromkeys(by_length, 0)
    spans = []
    number = 0
    while number < len(runs):
        start, end = runs[number]
        same = by_length[end - start]
        position = pointer[end - start]
        while position < len(same) and same[position] <= number:
            position += 1
        pointer[end - start] = position
        if position == len(same):
            number += 1
            continue
        closing = same[position]
        spans.append((start, end, runs[closing][0], runs[closing][1]))
        number = closing + 1
    return spans


def _blank_code_spans(line: str) -> str:
    """The line with inline code spans blanked (same length, so columns stay right)."""
    if "`" not in line:
        return line
    parts, position = [], 0
    for start, _, _, end in _code_span_ranges(line):
        parts.append(line[position:start])
        parts.append(" " * (end - start))
        position = end
    parts.append(line[position:])
    return "".join(parts)


def links(doc: MarkdownDoc, indices: range | None = None) -> Iterator[Link]:
    """Every local link of ``doc`` (or of the lines at ``indices``), outside code and HTML
    comments."""
    for index in indices if indices is not None else range(len(doc.lines)):
        line = doc.lines[index]
        if doc.in_code[index] or ("](" not in line and "]:" not in line):
            continue
        visible = _blank_code_spans(doc.comment_blanked.get(index, line))
        yield from _inline_links(visible, 0, doc.file_line(index))
        reference = _REFERENCE.match(visible)
        if reference:
            found = _link(reference.group("dest"), doc.file_line(index),
                          reference.start("dest") + 1, False)
            if found is not None:
                yield found


def _inline_links(text: str, offset: int, line: int) -> Iterator[Link]:
    for match in INLINE_LINK.finditer(text):
        inner = match.group("text")
        if "](" in inner:  # a linked image: the image is a reference too
            yield from _inline_links(inner, offset + match.start("text"), line)
        found = _link(match.group("dest"), line, offset + match.start("dest") + 1,
                      bool(match.group("image")))
        if found is not None:
            yield replace(found, span=(offset + match.start(), offset + match.end()), text=inner)


def _link(destination: str, line: int, column: int, image: bool) -> Link | None:
    target = local_target(destination)
    if target is None:
        return None
    return Link(target[0], target[1], destination.strip("<>"), line, column, image)


def code_spans(doc: MarkdownDoc, indices: range) -> Iterator[CodeSpan]:
    """Inline code spans of the lines at ``indices`` (outside fenced code)."""
    for index in indices:
        line = doc.lines[index]
        if doc.in_code[index] or "`" not in line:
            continue
        for _, content_start, content_end, _ in _code_span_ranges(line):
            content = line[content_start:content_end]
            yield CodeSpan(content.strip(), doc.file_line(index),
                           content_start + 1 + len(content) - len(content.lstrip()))


# --------------------------------------------------------------------------- anchors

_TAG = re.compile(r"<[^<>\n]{0,500}>")
_EMPHASIS = re.compile(r"(\*{1,3}|(?<!\w)_{1,3})(?=\S)(.{0,500}?\S)\1")


def heading_text(title: str) -> str:
    """A heading's text as the page shows it: links as their text, images, tags, code marks
    and emphasis removed, entities decoded, an attribute list dropped."""
    text = _ATTR_ID.sub("", title) if "{" in title else title
    text = INLINE_LINK.sub(lambda link: "" if link["image"] else link["text"], text)
    text = _TAG.sub("", text).replace("`", "")
    text = _EMPHASIS.sub(r"\2", text)
    return html.unescape(text).strip()


def mkdocs_slug(text: str) -> str:
    """Python-Markdown toc's default slug (what MkDocs and Material use)."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    folded = re.sub(r"[^\w\s-]", "", folded).strip().lower()
    return re.sub(r"[-\s]+", "-", folded)


def github_slug(text: str) -> str:
    """GitHub's heading anchor: lower case, punctuation dropped, each space a hyphen."""
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def anchors(doc: MarkdownDoc) -> frozenset[str]:
    """Every id a link may name in ``doc``: its headings' slugs (both ways) and written ids."""
    found: set[str] = set()
    counts: dict[str, int] = {}
    github_counts: dict[str, int] = {}
    for section in doc.sections:
        explicit = _ATTR_ID.search(section.title)
        if explicit:
            found.add(explicit.group(1))
        text = heading_text(section.title)
        slug = mkdocs_slug(text)
        if slug in counts:  # toc's duplicates: foo, foo_1, foo_2
            counts[slug] += 1
            found.add(f"{slug}_{counts[slug]}")
        else:
            counts[slug] = 0
            found.add(slug)
        github = github_slug(text)
        if github in github_counts:
            github_counts[github] += 1
            found.add(f"{github}-{github_counts[github]}")
        else:
            github_counts[github] = 0
            found.add(github)
    for index, line in enumerate(doc.lines):
        if ("id" in line or "name" in line) and "=" in line and not doc.in_code[index]:
            found.update(match.group(1) for match in _HTML_ID.finditer(line))
    return frozenset(found)
