"""Reading generated pages as the engines do: Python-Markdown (MkDocs, ProperDocs, Zensical)
and markdown-it (CommonMark), and judging the HTML they make by an allow-list."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import markdown
from markdown_it import MarkdownIt

#: Python-Markdown as Material sites commonly configure it (attr_list and md_in_html on).
PYTHON_MARKDOWN_EXTENSIONS = ["toc", "tables", "fenced_code", "attr_list", "md_in_html",
                              "def_list", "footnotes", "abbr", "admonition"]
_COMMONMARK = MarkdownIt("commonmark").enable("table")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
SAFE_SCHEMES = {"http", "https", "mailto"}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "srcset", "poster", "data"}


def python_markdown(text: str) -> str:
    return markdown.markdown(text, extensions=PYTHON_MARKDOWN_EXTENSIONS)


def python_markdown_without_toc(text: str) -> str:
    """The same without toc, whose ids are the engine's (an empty heading's is ``_1``)."""
    return markdown.markdown(text, extensions=PYTHON_MARKDOWN_EXTENSIONS[1:])


def commonmark(text: str) -> str:
    return _COMMONMARK.render(text)


def scheme_of(url: str) -> str | None:
    """The scheme a browser reads in ``url`` (tabs and newlines dropped, as browsers do)."""
    squeezed = "".join(ch for ch in html.unescape(url) if ch > " " and ch != "\x7f")
    match = _SCHEME.match(squeezed)
    return match.group(1).lower() if match else None


class _Judge(HTMLParser):
    def __init__(self, allowed_tags: set[str] | None) -> None:
        super().__init__(convert_charrefs=True)
        self.allowed_tags = allowed_tags
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "iframe", "object", "embed", "style", "base", "form", "meta",
                   "link", "math", "template") or \
                (self.allowed_tags is not None and tag not in self.allowed_tags):
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on") or name in ("style", "name", "formaction", "srcdoc"):
                self.found.append(f"<{tag} {name}>")
            elif name in URL_ATTRIBUTES and value:
                scheme = scheme_of(value)
                if scheme is not None and scheme not in SAFE_SCHEMES:
                    self.found.append(f"<{tag} {name}={value!r}>")
            elif name == "id" and value and value.startswith("_"):
                self.found.append(f"<{tag} id={value!r}>")


def unsafe(rendered: str, allowed_tags: set[str] | None = None) -> list[str]:
    """What in ``rendered`` could run or stand in for the theme: empty when it is safe."""
    judge = _Judge(allowed_tags)
    judge.feed(rendered)
    judge.close()
    return judge.found


def unsafe_under_any_engine(text: str) -> dict[str, list[str]]:
    """``unsafe`` of the Markdown ``text`` as each engine renders it (empty lists: safe)."""
    return {"python-markdown": unsafe(python_markdown(text)),
            "markdown-it": unsafe(commonmark(text))}
