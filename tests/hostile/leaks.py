"""What must never come out of the tool: the content of a file outside the repository, and
markup from the tree that would run in a reader's browser."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from markdown_it import MarkdownIt

from continuity.generator.safety import unsafe_url

from .hostile_inputs import OUTSIDE_MARKER

#: Every payload of the hostile inputs calls alert(): a script element holding it came from
#: the tree, while the theme's own inline scripts (configuration, search) never do.
PAYLOAD = "alert("
URL_ATTRIBUTES = ("href", "src", "action", "formaction", "xlink:href", "srcset", "poster",
                  "data")


def marker_found(text: str) -> bool:
    return OUTSIDE_MARKER.casefold() in text.casefold()


def files_holding_marker(directory: Path) -> list[str]:
    """Files below ``directory`` whose name or any byte holds the outside marker."""
    needle = OUTSIDE_MARKER.casefold().encode()
    found = []
    for path in sorted(directory.rglob("*")):
        relative = path.relative_to(directory).as_posix()
        if marker_found(relative):
            found.append(relative)
        elif path.is_file() and needle in path.read_bytes().lower():
            found.append(relative)
    return found


class _Elements(HTMLParser):
    """Every element that would run code: script holding a payload, handler, script URL."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._script: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}={value!r}>")
            elif name in URL_ATTRIBUTES and value and unsafe_url(value):
                self.found.append(f"<{tag} {name}={value!r}>")
        if tag in ("iframe", "object", "embed"):
            self.found.append(f"<{tag}>")
        if tag == "script":
            self._script = []

    def handle_data(self, data):
        if self._script is not None:
            self._script.append(data)

    def handle_endtag(self, tag):
        if tag == "script" and self._script is not None:
            if PAYLOAD in "".join(self._script):
                self.found.append(f"<script>{''.join(self._script)[:80]}</script>")
            self._script = None


def unsafe_markup(html: str) -> list[str]:
    """The elements of ``html`` that would run code in a browser (empty when it is safe)."""
    parser = _Elements()
    parser.feed(html)
    parser.close()
    return parser.found


#: What an engine that does not sanitise makes of Markdown: CommonMark with raw HTML, tables.
_MARKDOWN = MarkdownIt("commonmark").enable("table")


def unsafe_markup_in_markdown(text: str) -> list[str]:
    return unsafe_markup(_MARKDOWN.render(text))
