"""Writing tree text into generated Markdown so that it reads as text, never as markup.

Titles, frontmatter values, messages and facts come from files anyone may have written; put
into a table cell or a link unescaped, a ``|`` would split the row, a ``<script>`` would be
raw HTML and a ``{: onclick=... }`` would be an attribute list. Everything the templates
interpolate goes through one of these, one per context a value lands in: inline Markdown
(:func:`inline`), a code span (:func:`code`), raw HTML (:func:`attribute`), text shown as it is
(:func:`code_block`), a page title (:func:`title_text`).

Each of them first redacts credentials in the *raw* value (:func:`raw`), before any escaping:
a detector cannot see ``ghp_...`` once its ``_`` has been escaped.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from urllib.parse import quote

from continuity.formats.seen_redaction import redact_seen

#: Whether values are redacted (on unless the tree turned CT601 off; see :func:`redaction`).
_REDACTING: ContextVar[bool] = ContextVar("continuity_redacting", default=True)


@contextmanager
def redaction(enabled: bool) -> Iterator[None]:
    """Redact credentials in every value written while the block runs (or not)."""
    token = _REDACTING.set(enabled)
    try:
        yield
    finally:
        _REDACTING.reset(token)


def redacting() -> bool:
    """Whether values are redacted as they are written (what a kept page was made under)."""
    return _REDACTING.get()


@lru_cache(maxsize=1 << 16)
def _redacted(text: str) -> str:
    return redact_seen(text)


def raw(value: object) -> str:
    """A value from the tree as text, credentials replaced by ``[redacted:KIND]``: the one
    place redaction happens, on the text as written, before any escaping."""
    text = value if isinstance(value, str) else ("" if value is None else str(value))
    if text and _REDACTING.get():
        # Short values (titles, names, dates) repeat across pages: those are remembered.
        # Judged by what a reader sees (``ghp\_…``, a token split by U+200B): seen_redaction.
        return _redacted(text) if len(text) <= 512 else redact_seen(text)
    return text

# Characters Python-Markdown (and CommonMark) give meaning to inside a line; ``{`` and ``}``
# open and close attribute lists (attr_list) and template placeholders.
# Each is escaped with a backslash, by one translation table: a substitution expanding a
# template for every character took 40 times as long (0.1 s on 100 kB of "*").
_INLINE_SPECIAL = str.maketrans({ch: "\\" + ch for ch in "\\`*_[]|{}"})
_WHITESPACE = re.compile(r"\s+")
# Text needing none of the work below (most titles and dates): returned as it is.
_NEEDS_ESCAPING = re.compile(r"[\\`*_\[\]|{}&<>]|\s\s|[^\S ]")


def inline(value: object, strip: bool = True) -> str:
    """Any value as one line of literal Markdown text (HTML characters as entities)."""
    text = raw(value)
    if _NEEDS_ESCAPING.search(text):
        text = html.escape(text, quote=False)
        text = text.translate(_INLINE_SPECIAL)
        if "{" in text:  # "\{" still reads "{%" to a template engine (mkdocs-macros)
            text = text.replace("\\{", "&#123;")
        text = _WHITESPACE.sub(" ", text)
    text = text.strip() if strip else text
    if text and (text[0] in _BLOCK_MARKERS or text[0].isdigit()):
        text = _LEADING_MARKER.sub(_entity, text, count=1)
    return text


# At the start of a line these open a block (heading, quote, list, fence, setext underline);
# written as entities they are text in every engine.
_BLOCK_MARKERS = frozenset("#>-+=~")
_LEADING_MARKER = re.compile(r"^(?:[#>\-+=~]|\d{1,9}([.)]))")


def _entity(match: re.Match[str]) -> str:
    if match.group(1):  # "1." and "1)": the delimiter
        return match.group(0)[:-1] + f"&#{ord(match.group(1))};"
    return f"&#{ord(match.group(0))};"


_CODE_SPAN = re.compile(r"`([^`\n]+)`")
#: What template engines (mkdocs-macros, include-markdown) and markdown-include read.
_TEMPLATE_MARKER = re.compile(r"\{[{%!]")


def prose(value: object) -> str:
    """A rule's message or hint as Markdown: its `code` spans kept as code, the rest text."""
    text = raw(value)
    parts, position = [], 0
    for match in _CODE_SPAN.finditer(text):
        parts.append(inline(text[position:match.start()], strip=False))
        parts.append(code(match.group(1)))
        position = match.end()
    parts.append(inline(text[position:], strip=False))
    return "".join(parts).strip()


def html_prose(value: object) -> str:
    """The same for raw HTML (the warning boxes): `code` spans as <code>, the rest escaped."""
    text = raw(value)
    parts, position = [], 0
    for match in _CODE_SPAN.finditer(text):
        parts.append(attribute(text[position:match.start()]))
        parts.append(f"<code>{attribute(match.group(1))}</code>")
        position = match.end()
    parts.append(attribute(text[position:]))
    return "".join(parts)


def code(value: object) -> str:
    """A value as an inline code span, fenced with more backticks than it contains.

    A GFM table splits its row at every ``|``, inside code spans too (Python-Markdown does
    not): such a value is written as ``<code>`` around escaped text, the same in any parser.
    """
    text = " ".join(raw(value).split())
    if not text:
        return ""
    if "|" in text:
        return f"<code>{inline(text)}</code>"
    if _TEMPLATE_MARKER.search(text):  # a code span cannot escape one: written as text
        return inline(text)
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    padding = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{padding}{text}{padding}{fence}"


#: Shown-as-text content is written as HTML with every ASCII punctuation character but ``.``,
#: ``,``, ``/`` and ``?`` as a character reference: no Markdown extension reads a directive in
#: it (pymdownx.snippets' ``--8<--`` needs a literal ``<``, mkdocs-macros and markdown-include a
#: literal ``{``), and an engine that did not see an HTML block would find no markup in it.
_SHOWN_AS_TEXT = str.maketrans(
    {**{ch: f"&#{ord(ch)};" for ch in "!\"#$%'()*+-:;=@[\\]^_`{|}~"},
     "&": "&amp;", "<": "&lt;", ">": "&gt;"})
_LANGUAGE = re.compile(r"[a-z0-9+-]{1,32}")


def shown_as_text(text: str, language: str = "", block: bool = False) -> str:
    """``text`` (already redacted) as HTML text that no Markdown engine or extension reads
    anything in; with ``block``, as a ``<pre><code>`` block (its language a class)."""
    escaped = text.replace("\r\n", "\n").translate(_SHOWN_AS_TEXT)
    if not block:
        return escaped
    body = escaped if escaped.endswith("\n") or not escaped else escaped + "\n"
    kind = f' class="language-{language}"' if _LANGUAGE.fullmatch(language) else ""
    return f"<pre><code{kind}>{body}</code></pre>"


def diff_block(text: str) -> str:
    """A unified diff (``+``, ``-``, `` `` and ``@@`` lines) as :func:`code_block` shows text,
    each added or removed line a band of its own (``<ins>``, ``<del>``), coloured and wrapped
    by the site's stylesheet (generator/assets.py)."""
    lines = []
    for line in raw(text).replace("\r\n", "\n").rstrip("\n").split("\n"):
        shown = shown_as_text(line)
        tag = {"+": "ins", "-": "del"}.get(line[:1])
        if tag:
            lines.append(f"<{tag}>{shown}\n</{tag}>")
        elif line.startswith("@@"):
            lines.append(f'<span class="continuity-hunk">{shown}\n</span>')
        else:
            lines.append(shown + "\n")
    return f'<pre class="continuity-diff"><code class="language-diff">{"".join(lines)}</code></pre>'


def code_block(text: str, language: str = "") -> str:
    """``text`` shown as it is, in a ``<pre><code>`` HTML block (not a fenced block: Markdown
    preprocessors such as pymdownx.snippets read fenced code as directives, and engines
    disagree on where a fence ends). Nothing in it is markup or a directive to any engine."""
    return shown_as_text(raw(text), language, block=True)


@lru_cache(maxsize=1 << 16)
def _relative(from_directory: str, to_path: str) -> str:
    source = from_directory.split("/") if from_directory else []
    target = to_path.split("/")
    common = 0
    while common < len(source) and common < len(target) - 1 and \
            source[common] == target[common]:
        common += 1
    parts = [".."] * (len(source) - common) + target[common:]
    return quote("/".join(parts), safe="/-._~")


def relative(from_page: str, to_path: str, anchor: str = "") -> str:
    """A link from one generated page to another, relative and URL-quoted (spaces, accents).

    Both are '/'-separated paths below the same docs root; posixpath.relpath would ask the
    file system for the working directory thousands of times a build.
    """
    # A path names a file of the tree: a credential in its name is redacted like any value,
    # as the withheld page's own path is (so the link still reaches it).
    url = _relative(from_page.rpartition("/")[0], raw(to_path))
    return f"{url}#{anchor}" if anchor else url


def link(text: object, from_page: str, to_path: str | None, anchor: str = "") -> str:
    """``[text](relative path)``, or the text alone when there is no page to link to."""
    label = inline(text) or inline(to_path)
    if to_path is None:
        return label
    return f"[{label}]({relative(from_page, to_path, anchor)})"


def attribute(value: object) -> str:
    """A value for raw HTML (the warning boxes, charts): escaped, quotes included."""
    return html.escape(raw(value), quote=True).replace("{", "&#123;")


#: What a title must not hold: themes print it both as HTML and through ``striptags`` (which
#: unescapes), so no escaping suits every theme; these become look-alikes that mean nothing.
_TITLE_SPECIAL = str.maketrans({"<": "\u2039", ">": "\u203a", "&": "\uff06", '"': "\u201d",
                                "'": "\u2019", "`": "\u2018"})


def title_text(value: object) -> str:
    """A value as a page or navigation title: redacted, one line, no character that HTML or
    Markdown gives a meaning to (``<``, ``&`` and quotes become look-alike characters)."""
    text = " ".join(raw(value).split())
    if not text.isprintable():  # most titles are: no walk over their characters
        text = "".join(ch for ch in text if ch.isprintable())
    return text.translate(_TITLE_SPECIAL)
