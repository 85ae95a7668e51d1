"""Markdown from the tree made safe for any Markdown engine (``continuity generate``).

The plugin cleans the HTML MkDocs renders (:func:`.safety.clean_html`); the Markdown that
``continuity generate`` hands to Zensical, ProperDocs or any other engine is never seen again,
and engines disagree on what is HTML, code or a link (an ``<img>`` line followed by a link:
CommonMark reads one HTML block, Python-Markdown an image and a live link). So this pass
relies on no parser's reading:

* no raw HTML: every ``<`` outside code is written ``&lt;``; the only code trusted is a fenced
  block that CommonMark and Python-Markdown both close at the same line (top level, a plain
  info string, a closing fence exactly like the opening) and a code span within one line with
  no ``|`` (GFM tables split rows there, Python-Markdown does not);
* no attribute list: every ``{`` outside code is written ``&#123;`` (attr_list reads
  ``{: onclick=... }`` and ``{: #__config }`` after headings, paragraphs and links);
* no link or image whose destination has a scheme other than http, https or mailto: every
  ``](`` and ``]:`` in the text, code included, is read the way a browser reads the URL
  (entities and backslash escapes decoded, tabs and newlines dropped);
* no extension block from the tree: ``///`` (pymdownx.blocks) loses its first ``/``; and in
  every mode, ``--8<--`` (pymdownx.snippets, which would include a file from disk) is broken
  by :func:`break_snippets`.

Limits: text inside an indented code block or a code span that spans lines shows ``&lt;``
for ``<``; an engine that knows no fenced code blocks is not covered.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_right

from markdown.extensions.fenced_code import FencedBlockPreprocessor
from markdown_it import MarkdownIt

#: Schemes a link may keep; a destination without a scheme is relative and kept too.
SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
REMOVED = "#unsafe-link-removed"
#: Fence lines up to which Python-Markdown's reading of fences is computed (see trusted_fences).
MAX_FENCE_LINES = 64

# Blocks are all it needs to know: inline parsing (a third of the cost) is off.
_COMMONMARK = MarkdownIt("commonmark", {"html": False}).disable("inline")
#: Python-Markdown's own pattern for a fenced block (its fenced_code extension, which MkDocs,
#: ProperDocs and Zensical enable): the blocks it reads, to compare with CommonMark's.
_PYTHON_MARKDOWN_FENCE = FencedBlockPreprocessor.FENCED_BLOCK_RE
# A link destination: after ``](`` (inline) or ``]:`` (a reference definition, whose
# destination may stand on the next line, behind a quote's ``>``).
_DESTINATION = re.compile(
    r"(\]\(\s*<?|\]:[ \t]*(?:\r?\n[ \t>]*)?<?)((?:[^\s()<>]|\([^\s()<>]*\))*)")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
_BACKSLASH_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_BLOCKS_LINE = re.compile(r"^([ \t>]*)/(?=//)", re.MULTILINE)


#: pymdownx.snippets' marker (``--8<-- "file"``), which includes a file from disk into the page:
#: read before code blocks, so it is broken everywhere, code included.
_SNIPPET = re.compile(r"(?<=-8)<(?=-)")  # fixed-width look-arounds: linear in any text


def break_snippets(text: str) -> str:
    """``text`` with every snippet marker broken by a zero-width space between ``8`` and ``<``:
    an entry must not make the build publish ``.git/config`` or any other file of the disk."""
    return _SNIPPET.sub("\u200b<", text) if "8<-" in text else text


def unsafe_destination(url: str) -> bool:
    """Whether a link destination, as any engine and then a browser read it, has a scheme
    other than http, https or mailto."""
    decoded = html.unescape(_BACKSLASH_ESCAPE.sub(r"\1", url))
    squeezed = "".join(ch for ch in decoded if ch > " " and ch != "\x7f")
    match = _SCHEME.match(squeezed)
    return match is not None and match.group(1).lower() not in SAFE_SCHEMES


def _defang_links(text: str) -> str:
    def replace(match: re.Match[str]) -> str:
        if unsafe_destination(match.group(2)):
            return match.group(1) + REMOVED
        return match.group(0)

    return _DESTINATION.sub(replace, text) if "]" in text else text


def trusted_fences(text: str) -> tuple[set[int], str | None]:
    """The lines of fenced blocks that CommonMark (markdown-it, reading no HTML, as the text
    is once ``<`` is escaped) and Python-Markdown both read as the same block; and the fence
    left open at the end, which would swallow whatever a page adds after the text."""
    if "```" not in text and "~~~" not in text:
        return set(), None  # no fence: nothing to trust, nothing left open
    lines = text.split("\n")
    python_markdown: set[tuple[int, int]] = set()
    # Python-Markdown's pattern scans to the end from every fence line it cannot close: with
    # more than a few such lines, nothing is trusted (all is escaped) rather than pay that.
    if sum(1 for line in lines if line.startswith(("```", "~~~"))) <= MAX_FENCE_LINES:
        for match in _PYTHON_MARKDOWN_FENCE.finditer(text):
            first = text.count("\n", 0, match.start())
            python_markdown.add((first, first + match.group(0).count("\n")))
    trusted: set[int] = set()
    left_open: str | None = None
    for token in _COMMONMARK.parse(text):
        if token.type != "fence" or token.map is None:
            continue
        first, end = token.map
        last = end - 1
        closing = lines[last].strip() if last > first else ""
        closed = len(closing) >= len(token.markup) and set(closing) == {token.markup[0]}
        if not closed:
            if token.level == 0:
                left_open = token.markup
            continue
        if token.level == 0 and (first, last) in python_markdown:
            trusted.update(range(first, end))
    return trusted, left_open


def _code_spans(line: str) -> list[tuple[int, int]]:
    """(start, end) of each code span of one line, as CommonMark and Python-Markdown agree on
    it: a run of backticks (less the first, when a backslash escapes it) opens, and the next
    run of exactly that length closes. Runs are listed once and looked up by length, so a line
    of thousands of unmatched runs costs one pass, not one per run."""
    runs: list[tuple[int, int]] = []  # (start, length) of every maximal run of backticks
    position = line.find("`")
    while position >= 0:
        end = position
        while end < len(line) and line[end] == "`":
            end += 1
        runs.append((position, end - position))
        position = line.find("`", end)
    by_length: dict[int, list[int]] = {}  # run length -> indexes of the runs, in order
    for index, (_, length) in enumerate(runs):
        by_length.setdefault(length, []).append(index)
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(runs):
        start, length = runs[index]
        backslashes = len(line[:start]) - len(line[:start].rstrip("\\"))
        if backslashes % 2:  # the first backtick is escaped; the rest of the run may open
            start, length = start + 1, length - 1
        same = by_length.get(length, []) if length else []
        after = bisect_right(same, index)
        if after == len(same):
            index += 1  # nothing closes it: its backticks are text
            continue
        closing = same[after]
        close_start = runs[closing][0]
        if "|" not in line[start + length:close_start]:
            spans.append((start, close_start + length))
        index = closing + 1
    return spans


def _escape_outside(text: str) -> str:
    return text.replace("<", "&lt;").replace("{", "&#123;")


def _escape_line(line: str) -> str:
    if "<" not in line and "{" not in line:
        return line
    if "`" not in line:
        return _escape_outside(line)
    parts: list[str] = []
    position = 0
    for start, end in _code_spans(line):
        parts.append(_escape_outside(line[position:start]))
        parts.append(line[start:end])
        position = end
    parts.append(_escape_outside(line[position:]))
    return "".join(parts)


def portable_markdown(text: str) -> str:
    """``text`` (Markdown from the tree) with no raw HTML, no attribute list, no link with an
    unsafe scheme and no extension block, under any engine; fenced code as it was."""
    text = _defang_links(text)
    trusted, left_open = trusted_fences(text)
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if index not in trusted:
            lines[index] = _escape_line(line)
    text = "\n".join(lines)
    if "///" in text:
        text = _BLOCKS_LINE.sub(r"\1&#47;", text)
    return close_open_fence(text, left_open)


def close_open_fence(text: str, fence: str | None) -> str:
    """``text`` with the fence it leaves open closed (the opening fence's own run, which both
    engines close it with), so that the page's own sections after it stay Markdown."""
    if fence is None:
        return text
    return text.rstrip("\n") + "\n" + fence + "\n"


def open_fence(text: str) -> str | None:
    """The fence ``text`` leaves open at its end, as CommonMark reads it, or None."""
    return trusted_fences(text)[1]
