"""Raw HTML written in the tree is sanitised: scripts, event handlers and
``javascript:`` links never reach a reader's browser.

Two passes, because the pages have two destinations:

* :func:`clean_html` is the authoritative one. The MkDocs plugin runs it over the rendered HTML
  of every page that embeds Markdown from the tree, after Markdown has been turned into HTML, so
  whatever Python-Markdown made of the source is what gets cleaned.
* :func:`neutralise_markdown` runs on the Markdown the generator copies from the tree, so that
  ``continuity generate --out`` hands other engines (which may not sanitise) pages whose raw HTML
  has already been cleaned or shown as text, and whose links have no script schemes.

The plugin's own markup (tables, warning boxes, SVG charts) is written by the generator from
escaped values; the allow-list keeps it intact.
"""

from __future__ import annotations

import html
import re

import nh3
from markdown_it import MarkdownIt

#: The site's own charts (:mod:`.charts`) are inline SVG: these shapes, with presentation
#: attributes only. No ``a``, ``use``, ``image``, ``foreignObject`` or animation element, which
#: could carry a link or set one.
_SVG_ATTRIBUTES: dict[str, set[str]] = {
    "svg": {"role", "viewbox", "viewBox", "width", "height", "xmlns", "aria-label"},
    "g": {"transform", "fill", "stroke"},
    "title": set(),
    "text": {"x", "y", "font-size", "fill", "text-anchor", "transform"},
    "rect": {"x", "y", "width", "height", "fill", "fill-opacity"},
    "line": {"x1", "x2", "y1", "y2", "stroke", "stroke-opacity", "stroke-width",
             "stroke-dasharray"},
    "path": {"d", "fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-opacity"},
    "circle": {"cx", "cy", "r", "fill"},
}

#: Tags kept: nh3's defaults (text, lists, tables, details...), what the Markdown extensions
#: commonly used with MkDocs emit, and the charts' SVG.
ALLOWED_TAGS = frozenset(nh3.ALLOWED_TAGS | {"input", "label", "section"} | set(_SVG_ATTRIBUTES))
ALLOWED_ATTRIBUTES: dict[str, set[str]] = {
    **{tag: set(attrs) for tag, attrs in nh3.ALLOWED_ATTRIBUTES.items()},
    **_SVG_ATTRIBUTES,
    # ``id`` is kept only where :func:`_kept_attribute` allows it; ``name`` never.
    "*": {"class", "id", "title", "lang", "dir"},
    "a": {"href", "hreflang", "title"},
    "img": {"src", "alt", "title", "width", "height", "loading"},
    "th": {"align", "colspan", "rowspan", "scope", "style"},
    "td": {"align", "colspan", "rowspan", "style"},
    "details": {"open"},
    "ol": {"start", "type"},
    "input": {"type", "checked", "disabled"},
    "time": {"datetime"},
}
#: Python-Markdown's tables align cells with ``style="text-align: ..."``; nothing else of CSS.
ALLOWED_STYLES = frozenset({"text-align"})

#: An id the page may keep: the shape of a heading's anchor (the toc extension's slugs,
#: footnotes' ``fn:1``). Themes name their own elements ``__config``, ``__search``,
#: ``mkdocs-search-query``, ``rtd-search-form``: an element of the tree taking such an id would
#: replace the theme's (Material reads its configuration, and the search worker's URL, from
#: ``#__config``), so ids starting with an underscore or a theme's prefix are dropped.
_KEPT_ID = re.compile(r"[a-z0-9][a-z0-9_:.-]{0,127}")
_THEME_ID_PREFIXES = ("md-", "md_", "mkdocs", "rtd", "readthedocs")


#: Attributes a theme may show as HTML: Material's ``content.tooltips`` writes a ``title``
#: (a link's, an ``<abbr>``'s, the abbr extension's expansion of ``*[HTML]: …``) into the page
#: as markup. Their values become plain text: ``<`` and ``>`` look-alikes that mean nothing.
TEXT_ATTRIBUTES = frozenset({"title", "alt", "aria-label", "aria-description", "placeholder"})
_ANGLES = str.maketrans({"<": "\u2039", ">": "\u203a"})


def plain_attribute(value: str) -> str:
    """An attribute's value a theme may render as HTML, made text (``<``, ``>`` look-alikes)."""
    return value.translate(_ANGLES) if "<" in value or ">" in value else value


def _kept_attribute(_element: str, attribute: str, value: str) -> str | None:
    if attribute == "id" and (not _KEPT_ID.fullmatch(value)
                              or value.startswith(_THEME_ID_PREFIXES)):
        return None
    if attribute in TEXT_ATTRIBUTES:
        return plain_attribute(value)
    return value


_CLEANER = nh3.Cleaner(
    tags=set(ALLOWED_TAGS),
    attributes={tag: set(attrs) for tag, attrs in ALLOWED_ATTRIBUTES.items()},
    attribute_filter=_kept_attribute,
    filter_style_properties=set(ALLOWED_STYLES),
    strip_comments=True,
    link_rel=None,
)


def clean_html(fragment: str) -> str:
    """The rendered HTML of a page with scripts, handlers, unsafe URLs and ids that could
    stand in for the theme's own elements removed."""
    return _CLEANER.clean(_bounded_runs(fragment))


# The sanitiser's parser (html5ever, inside nh3) takes time quadratic in the character
# references of one text node or attribute: a megabyte of "&amp;" costs it seconds, ten
# megabytes minutes. Long text is therefore cut into runs by empty comments, which the
# sanitiser strips (the output is the same), and a tag holding hundreds of references, which
# no page of ours writes, is dropped. Pages under 64 KiB, all but the hostile, pass untouched.
_LONG_PAGE = 64 * 1024
_RUN = 512  # characters of text in one node, at least
_MAX_REFERENCES_IN_TAG = 256
# A tag up to its first ">" (a ">" inside a quoted value ends it early: the rest reads as text,
# and only the place of a cut can differ), or a run of text.
_TOKEN = re.compile(r"<[^>]*>?|[^<]+")
_TAG_NAME = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)")
# Elements whose content is not markup: a comment inside would be kept as text.
_RAW_TEXT = frozenset({"script", "style", "textarea", "title", "xmp", "iframe", "noembed",
                       "noframes", "noscript", "plaintext"})


def _bounded_runs(fragment: str) -> str:
    if len(fragment) < _LONG_PAGE or "&" not in fragment:
        return fragment
    out: list[str] = []
    raw: str | None = None  # inside this raw-text element
    for match in _TOKEN.finditer(fragment):
        token = match.group()
        if token.startswith("<"):
            tag = _TAG_NAME.match(token)
            name = tag.group(2).lower() if tag else None
            if raw is not None:
                if tag and tag.group(1) and name == raw:
                    raw = None
            elif token.count("&") > _MAX_REFERENCES_IN_TAG:
                continue
            elif tag and not tag.group(1) and name in _RAW_TEXT:
                raw = name
            out.append(token)
        elif raw is None and len(token) > _RUN:
            out.append(_cut_text(token))
        else:
            out.append(token)
    return "".join(out)


def _cut_text(text: str) -> str:
    """``text`` with an empty comment before an "&" every _RUN characters (never inside a
    character reference, which starts at its "&")."""
    pieces = []
    start = 0
    while len(text) - start > _RUN:
        cut = text.find("&", start + _RUN)
        if cut < 0:
            break
        pieces.append(text[start:cut])
        start = cut
    pieces.append(text[start:])
    return "<!---->".join(pieces)


# --------------------------------------------------------------------------- Markdown source

_PARSER = MarkdownIt("commonmark").enable("table")

#: Inline tags that may stay as written when their attributes are harmless.
_INLINE_TAGS = frozenset({
    "a", "abbr", "b", "br", "cite", "code", "del", "dfn", "em", "i", "img", "ins", "kbd", "mark",
    "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "wbr",
})
_INLINE_ATTRIBUTES = frozenset({"class", "id", "title", "alt", "href", "src", "width", "height",
                                "datetime", "lang", "dir"})
# A tag's name; its attributes are what lies between the name and the closing ">" (string
# operations: ``(.*?)(/?)\s*>$`` retried the tail from every character, quadratic).
_TAG_HEAD = re.compile(r"<\s*(?:/\s*)?([A-Za-z][A-Za-z0-9-]*)")
_ATTRIBUTE = re.compile(r"""([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?""")
_UNSAFE_SCHEME = re.compile(r"^(?:javascript|vbscript|data|livescript):", re.IGNORECASE)
# Link destinations: inline ``](url`` and reference definitions ``[id]: url``.
_INLINE_DESTINATION = re.compile(r"(\]\(\s*<?)((?:[^()\s>]|\([^()\s]*\))*)")
_REFERENCE_DEFINITION = re.compile(r"^([ \t]{0,3}\[[^\]\n]{1,999}\]:\s*<?)(\S*)", re.MULTILINE)
# An attribute list (Python-Markdown's attr_list, common with Material) setting a handler.
_HANDLER_ATTRIBUTE_LIST = re.compile(r"\{(?=[^{}]*\bon[a-z]+\s*=)", re.IGNORECASE)
# Text without "<" or "&" and without these cannot carry a script: no need to parse it.
_SCRIPT_SCHEME = re.compile(r"(?:script|data)\s*:")
_HANDLER = re.compile(r"\bon[a-z]+\s*=", re.IGNORECASE)


def _suspect(text: str) -> bool:
    """Whether ``text`` might hold raw HTML, an entity, a script URL or a handler. Substring
    tests first: a regular expression over every entry costs more than the rest together."""
    if "<" in text or "&" in text:
        return True
    if "=" in text and _HANDLER.search(text):
        return True
    lowered = text.lower()
    return ("script" in lowered or "data" in lowered) and bool(_SCRIPT_SCHEME.search(lowered))


def unsafe_url(url: str) -> bool:
    """A URL whose scheme runs code, however it is disguised (entities, spaces, case)."""
    decoded = html.unescape(url)
    squeezed = "".join(ch for ch in decoded if ch > " " and ch != "\x7f")
    return bool(_UNSAFE_SCHEME.match(squeezed))


def _harmless_inline_tag(tag: str) -> bool:
    tag = tag.strip()
    head = _TAG_HEAD.match(tag)
    if not head or not tag.endswith(">"):
        return False
    name = head.group(1).lower()
    if name not in _INLINE_TAGS:
        return False
    attributes = tag[head.end():-1].rstrip()
    if attributes.endswith("/"):
        attributes = attributes[:-1]
    for attr in _ATTRIBUTE.finditer(attributes):
        key = attr.group(1).lower()
        if key not in _INLINE_ATTRIBUTES:
            return False
        value = (attr.group(2) or "").strip("\"'")
        if key in ("href", "src") and unsafe_url(value):
            return False
    return True


def _defang_destinations(text: str) -> str:
    def replace(match: re.Match[str]) -> str:
        if unsafe_url(match.group(2)):
            return match.group(1) + "#unsafe-link-removed"
        return match.group(0)

    text = _INLINE_DESTINATION.sub(replace, text)
    return _REFERENCE_DEFINITION.sub(replace, text)


def neutralise_markdown(text: str) -> str:
    """Markdown from the tree with raw HTML blocks cleaned, unsafe inline tags shown as text,
    links with script schemes pointed nowhere, and attribute lists that set event handlers shown
    as text. Code blocks are left alone."""
    if not _suspect(text):
        return text
    lines = text.split("\n")
    code_lines: set[int] = set()
    for token in _PARSER.parse(text):
        if token.map is None:
            continue
        start, end = token.map
        if token.type in ("fence", "code_block"):
            code_lines.update(range(start, end))
        elif token.type == "html_block":
            lines[start:end] = _cleaned_block(lines[start:end])
            code_lines.update(range(start, end))  # clean already: no further passes
        elif token.type == "inline" and token.children:
            inline = [child.content for child in token.children if child.type == "html_inline"]
            comments = [tag for tag in inline if tag.startswith("<!--")]
            unsafe = [tag for tag in inline
                      if not tag.startswith("<!--") and not _harmless_inline_tag(tag)]
            if comments:  # before the tags: a tag inside a comment is the comment's
                lines[start:end] = _comments_removed(lines[start:end], comments)
            if unsafe:
                lines[start:end] = _inline_tags_as_text(lines[start:end], unsafe)
    for index, line in enumerate(lines):
        if index not in code_lines:
            lines[index] = _neutralised_line(line)
    return "\n".join(lines)


def _cleaned_block(block: list[str]) -> list[str]:
    """A raw HTML block cleaned, in as many lines as it had, so the other tokens' line
    ranges stay right."""
    cleaned = clean_html("\n".join(block)).split("\n")
    count = len(block)
    if len(cleaned) < count:
        return cleaned + [""] * (count - len(cleaned))
    if len(cleaned) > count:
        return cleaned[:count - 1] + [" ".join(cleaned[count - 1:])]
    return cleaned


def _comments_removed(block: list[str], comments: list[str]) -> list[str]:
    """A paragraph's HTML comments taken out, as a reader of the page (and GitHub) never sees
    them, and as a block comment is (``clean_html``): shown as text, one's ``<!--`` escaped,
    the links inside it became live links the check had rightly not followed
    (``MarkdownDoc.comment_blanked``). A comment over lines leaves its line breaks, so the
    other tokens' line ranges stay right."""
    segment = "\n".join(block)
    for comment in comments:
        segment = segment.replace(comment, "\n" * comment.count("\n"))
    return segment.split("\n")


def _inline_tags_as_text(block: list[str], unsafe: list[str]) -> list[str]:
    segment = "\n".join(block)
    for tag in unsafe:
        if tag in segment:
            segment = segment.replace(tag, html.escape(tag, quote=False))
        else:  # a tag spread over indented lines: show every tag as text
            segment = segment.replace("<", "&lt;")
    return segment.split("\n")


def _neutralised_line(line: str) -> str:
    if ":" in line:
        line = _defang_destinations(line)
    if "{" in line:
        line = _HANDLER_ATTRIBUTE_LIST.sub(r"\\{", line)
    return line
