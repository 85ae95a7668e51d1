"""Markdown from the tree made safe for any Markdown engine (``continuity generate``).

The plugin cleans the HTML MkDocs renders (:func:`.safety.clean_html`); the Markdown that
``continuity generate`` hands to Zensical, ProperDocs or any other engine is never seen again,
and engines disagree on what is HTML, code or a link (an ``<img>`` line followed by a link:
CommonMark reads one HTML block, Python-Markdown an image and a live link; a fence after a
``>`` line: a code block to fenced_code, the quote's text to superfences). So this pass leaves
no construct whose reading differs in a way that matters, and relies on no parser's reading:

* no raw HTML and no code whose end engines could place differently: every ``<`` outside
  code is written ``&lt;`` and every backtick ``&#96;``; a fenced block that CommonMark and
  Python-Markdown both read the same (top level, closed) and a code span within one line are
  written as ``<pre><code>`` / ``<code>`` HTML around text whose punctuation is all character
  references; any other fence line loses its fence (its first character as a reference). No
  fence is left in the output, so no engine's fence rules matter;
* no attribute list: every ``{`` outside code is written ``&#123;``;
* no link or image whose destination has a scheme other than http, https or mailto: after
  every ``](`` and ``]:`` in the text, code included, the destination is read the way an
  engine and then a browser read it (entities and backslash escapes decoded, whitespace, line
  breaks, quote markers and control characters dropped), whatever link it may belong to;
* no markup in a title a theme may render as HTML (Material's ``content.tooltips``): ``<`` and
  ``>``, however written, become look-alikes (``‹``, ``›``) in the text that may be a link's
  title, and an abbreviation definition (``*[HTML]: …``, whose expansion is a title) is text;
* no directive: ``--8<--`` (pymdownx.snippets), ``{{``/``{%`` (mkdocs-macros), ``{!``
  (markdown-include) need a literal ``<`` or ``{``; ``///`` (pymdownx.blocks) loses its
  first ``/``.

Limits: text inside an indented code block shows ``&lt;`` for ``<`` (and ``&#96;`` for a
backtick); a code span over several lines is shown as text with its backticks.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_left

from markdown.extensions.fenced_code import FencedBlockPreprocessor
from markdown_it import MarkdownIt

from continuity.generator.codespans import code_spans
from continuity.generator.mdtext import shown_as_text

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
# Where a link destination starts: after ``](`` (inline) or ``]:`` (a reference definition).
_DESTINATION_START = re.compile(r"\][(:]")
# What may stand before a scheme's ":" as engines and browsers read a destination: letters,
# whitespace and line breaks (a browser drops tabs and newlines, engines keep them), a
# quote's ">", "<" (CommonMark's <destination>), backslash escapes and character references
# (both decoded: "&#106;", "&Tab;", "&colon;"). Anything else ends what can be a scheme.
_SCHEME_PREFIX = re.compile(r"(?:[A-Za-z0-9+.\-\s>\\<\x00-\x1f\x7f\x85]|&#?[A-Za-z0-9]{1,32};?)*")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
_BACKSLASH_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_BLOCKS_LINE = re.compile(r"^([ \t>]*)/(?=//)", re.MULTILINE)
#: pymdownx.snippets' marker (``--8<-- "file"``), which includes a file from disk into the page;
#: mkdocs-macros' and include-markdown's ``{{``, ``{%`` (``{% include "file" %}``), and
#: markdown-include's ``{!file!}``. Preprocessors read them before code blocks, so they are
#: broken everywhere, code included.
_DIRECTIVE = re.compile(r"(?<=-8)<(?=-)|(?<=\{)(?=[{%!])")  # fixed-width: linear in any text
#: A fence's info string past its language: ``python exec="on"`` (markdown-exec runs the
#: block at build time), ``{.python .exec}``, superfences' options. Only the language is kept.
_FENCE_INFO = re.compile(r"^([ \t>]*(?:`{3,}|~{3,})[ \t]*[A-Za-z0-9_+#.-]*)([^\n`]*)$",
                         re.MULTILINE)


def _broken(match: re.Match[str]) -> str:
    return "\u200b<" if match.group() else "\u200b"


def break_directives(text: str) -> str:
    """``text`` with every snippet, macro and include marker broken by a zero-width space
    (between ``8`` and ``<``, or after the ``{``), and every fence's info string cut to its
    language: an entry must not make the build publish ``.git/config`` or any other file of
    the disk, nor run a template or a code block."""
    if "8<-" in text or "{" in text:
        text = _DIRECTIVE.sub(_broken, text)
    if "```" in text or "~~~" in text:
        text = _FENCE_INFO.sub(lambda m: m.group(1) if m.group(2).strip() else m.group(0), text)
    return text


_LINE_BREAK = re.compile(r"\r?\n[ \t>]*")  # what an engine drops at a line break in a quote
_TAB_OR_NEWLINE = re.compile(r"[\t\n\r]")  # what a browser drops anywhere in a URL


def unsafe_destination(url: str) -> bool:
    """Whether a link destination, as any engine and then a browser read it, has a scheme
    other than http, https or mailto: line breaks (and the quote markers after them) as the
    engine drops them, backslash escapes and character references decoded, tabs and line
    breaks dropped anywhere and spaces or controls at the start, as a browser does."""
    text = _LINE_BREAK.sub("", url)
    decoded = _TAB_OR_NEWLINE.sub("", html.unescape(_BACKSLASH_ESCAPE.sub(r"\1", text)))
    start = 0
    while start < len(decoded) and (decoded[start] <= " " or decoded[start].isspace()
                                    or decoded[start] == "<"):
        start += 1
    match = _SCHEME.match(decoded, start)
    return match is not None and match.group(1).lower() not in SAFE_SCHEMES


def _defang_links(text: str) -> str:
    """Every destination that can follow a ``](`` or ``]:`` (each read on its own, so that one
    link's text cannot hide the next: ``[ref]: [click](javascript:…)``) whose scheme is not
    safe replaced, up to its ``:``, by :data:`REMOVED`."""
    if "]" not in text:
        return text
    parts: list[str] = []
    position = 0
    for start in _DESTINATION_START.finditer(text):
        begin = start.end()
        if begin < position:
            continue
        prefix = _SCHEME_PREFIX.match(text, begin)
        end = prefix.end() if prefix else begin
        candidate = text[begin:end]  # a decoded ":" ("&colon;", "&#58;") is in it already
        if end < len(text) and text[end] == ":":
            candidate += ":"
            end += 1
        if not unsafe_destination(candidate):
            continue
        parts.append(text[position:begin])
        parts.append(REMOVED)
        position = end
    parts.append(text[position:])
    return "".join(parts)


# ``<`` and ``>`` however HTML or Markdown may spell them: all decode to the character in an
# attribute, where a theme's tooltip may read it as markup.
_ANGLE = re.compile(r"\\?[<>]|&(?:lt|gt);?|&#0*(?:60|62);?|&#x0*(?:3c|3e);?", re.IGNORECASE)
_BLANK_LINE = re.compile(r"\n[ \t]*(?:\n|$)")
_TITLE_OPENERS = re.compile(r"[\"'(]")
# Where a title or an image's description (``alt``, which lightboxes show as HTML) may start.
_TITLE_START = re.compile(r"\][(:]|!\[")


def _look_alike(match: re.Match[str]) -> str:
    return "\u2039" if "<" in match.group() or "60" in match.group() or \
        match.group().lower().rstrip(";").endswith(("lt", "3c")) else "\u203a"


def _plain_titles(text: str) -> str:
    """``text`` with ``<`` and ``>`` made look-alikes wherever they may be in a link's title
    or an image's description: after a ``](`` up to its first ``)`` (or, when a quote or a
    parenthesis comes first, up to the paragraph's end), after a ``]:`` or a ``![`` up to the
    paragraph's end."""
    if "]" not in text or not _ANGLE.search(text):
        return text
    blanks = [m.start() for m in _BLANK_LINE.finditer(text)]
    closers = [i for i, ch in enumerate(text) if ch == ")"]
    openers = [m.start() for m in _TITLE_OPENERS.finditer(text)]
    regions: list[tuple[int, int]] = []
    for start in _TITLE_START.finditer(text):
        begin = start.start()
        after = bisect_left(blanks, begin)
        end = blanks[after] if after < len(blanks) else len(text)
        if start.group() == "](":
            closer = bisect_left(closers, start.end())
            opener = bisect_left(openers, start.end())
            first_close = closers[closer] if closer < len(closers) else len(text)
            first_open = openers[opener] if opener < len(openers) else len(text)
            if first_close < first_open:
                end = min(end, first_close)
        if regions and begin <= regions[-1][1]:
            regions[-1] = (regions[-1][0], max(regions[-1][1], end))
        else:
            regions.append((begin, end))
    parts: list[str] = []
    position = 0
    for begin, end in regions:
        parts.append(text[position:begin])
        parts.append(_ANGLE.sub(_look_alike, text[begin:end]))
        position = end
    parts.append(text[position:])
    return "".join(parts)


def trusted_fences(text: str) -> tuple[dict[int, int], str | None]:
    """The fenced blocks (first line -> last line) that CommonMark (markdown-it, reading no
    HTML) and Python-Markdown both read as the same block at the top level; and the fence
    left open at the end, which would swallow whatever a page adds after the text."""
    if "```" not in text and "~~~" not in text:
        return {}, None  # no fence: nothing to trust, nothing left open
    lines = text.split("\n")
    python_markdown: set[tuple[int, int]] = set()
    # Python-Markdown's pattern scans to the end from every fence line it cannot close: with
    # more than a few such lines, nothing is trusted (all is escaped) rather than pay that.
    if sum(1 for line in lines if line.startswith(("```", "~~~"))) <= MAX_FENCE_LINES:
        for match in _PYTHON_MARKDOWN_FENCE.finditer(text):
            first = text.count("\n", 0, match.start())
            python_markdown.add((first, first + match.group(0).count("\n")))
    trusted: dict[int, int] = {}
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
            trusted[first] = last
    return trusted, left_open


def _escape_outside(text: str) -> str:
    return text.replace("<", "&lt;").replace("{", "&#123;").replace("`", "&#96;")


def _code_html(content: str) -> str:
    """A code span's content as CommonMark shows it, as ``<code>`` HTML."""
    if len(content) >= 2 and content[0] == " " and content[-1] == " " and content.strip():
        content = content[1:-1]
    return f"<code>{shown_as_text(content)}</code>"


# A line that may open a fence, an abbreviation definition (its expansion becomes a title),
# behind any quote markers and indentation.
_FENCE_LINE = re.compile(r"^([ \t>]*)([`~])(?=\2\2)")
_ABBREVIATION = re.compile(r"^([ \t>]*)\*(?=\[[^\]\n]*\][ \t]*:)")


def _escape_line(line: str) -> str:
    if "~" in line or "*" in line:
        line = _FENCE_LINE.sub(lambda m: f"{m.group(1)}&#{ord(m.group(2))};", line)
        line = _ABBREVIATION.sub(r"\1&#42;", line)
    if "<" not in line and "{" not in line and "`" not in line:
        return line
    if "`" not in line:
        return _escape_outside(line)
    parts: list[str] = []
    position = 0
    for start, end, fence in code_spans(line):
        parts.append(_escape_outside(line[position:start]))
        parts.append(_code_html(line[start + fence:end - fence]))
        position = end
    parts.append(_escape_outside(line[position:]))
    return "".join(parts)


def _fenced_html(lines: list[str], first: int, last: int) -> str:
    """A trusted fenced block as a ``<pre><code>`` block between blank lines."""
    opening = lines[first]
    indent = len(opening) - len(opening.lstrip(" "))
    info = opening.strip().lstrip("`~").strip().split(" ")[0].lower()
    body = "".join(line[min(indent, len(line) - len(line.lstrip(" "))):] + "\n"
                   for line in lines[first + 1:last])
    return "\n" + shown_as_text(body, info, block=True) + "\n"


def portable_markdown(text: str) -> str:
    """``text`` (Markdown from the tree) with no raw HTML, no fence, no attribute list, no
    link with an unsafe scheme, no markup in a title and no extension block or directive,
    under any engine; fenced code shown as code."""
    text = _plain_titles(_defang_links(text))
    trusted, _ = trusted_fences(text)
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        last = trusted.get(index)
        if last is not None:
            out.append(_fenced_html(lines, index, last))
            index = last + 1
            continue
        out.append(_escape_line(lines[index]))
        index += 1
    text = "\n".join(out)
    if "///" in text:
        text = _BLOCKS_LINE.sub(r"\1&#47;", text)
    return text


#: A link's or an image's destination, and a reference definition at a line's start: what
#: Python-Markdown turns into a link in text.
_LINK_OPENING = re.compile(r"\]\(")
_DEFINITION = re.compile(r"^([ \t>]*\[[^\]\n]+\]):")
#: Leading spaces from which Python-Markdown may read a line as an indented code block.
_CODE_INDENT = 4


def unlinked_in_fences_read_as_text(text: str) -> str:
    """``text`` with the links inside each fenced block that CommonMark (the check, GitHub)
    reads as code but Python-Markdown (MkDocs) reads as text kept as text: a fence inside a
    list item or a quote, or indented (Python-Markdown's fences start at the margin only).
    There the check follows no link, and MkDocs made each a live one, to a file that may not
    be published (a GSD plan's ```` ```markdown ```` under ``2. README.md edit:`` showing the
    line to add, ``[docs/x.md](docs/x.md)``: a strict build's warning the check never gave).
    ``](`` becomes ``]&#40;`` and a definition's ``]:`` ``]&#58;``, which the page shows as
    written; code spans and lines indented as code are left alone."""
    if "```" not in text and "~~~" not in text:
        return text
    trusted, _ = trusted_fences(text)
    lines = text.split("\n")
    changed = False
    for token in _COMMONMARK.parse(text):
        if token.type != "fence" or token.map is None:
            continue
        first, end = token.map
        opening = lines[first]
        if first in trusted or (token.level == 0 and not opening[:1].isspace()):
            continue  # read as code by both, or a fence at the margin (both read it so)
        for index in range(first + 1, end):
            line = lines[index]
            if "](" not in line and "]:" not in line:
                continue
            if len(line) - len(line.lstrip(" ")) >= _CODE_INDENT:
                continue
            lines[index] = _unlinked_line(line)
            changed = True
    return "\n".join(lines) if changed else text


def _unlinked_line(line: str) -> str:
    line = _DEFINITION.sub(r"\1&#58;", line)
    parts: list[str] = []
    position = 0
    for start, end, _ in code_spans(line):
        parts.append(_LINK_OPENING.sub("]&#40;", line[position:start]))
        parts.append(line[start:end])
        position = end
    parts.append(_LINK_OPENING.sub("]&#40;", line[position:]))
    return "".join(parts)


def close_open_fence(text: str, fence: str | None) -> str:
    """``text`` with the fence it leaves open closed (the opening fence's own run, which both
    engines close it with), so that the page's own sections after it stay Markdown."""
    if fence is None:
        return text
    return text.rstrip("\n") + "\n" + fence + "\n"


def open_fence(text: str) -> str | None:
    """The fence ``text`` leaves open at its end, as CommonMark reads it, or None."""
    return trusted_fences(text)[1]
