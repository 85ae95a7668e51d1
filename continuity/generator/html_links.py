"""Links written as HTML, with the URLs MkDocs gives pages, for the plugin's entry pages.

MkDocs rewrites the links of Markdown (``[text](page.md)``) into URLs and checks each; on a
page with a dozen such links that costs more than the page's own text. The plugin knows how
MkDocs lays URLs out (``use_directory_urls``), so the entry page's facts (directory, added,
indexed by, previous and next) are written as HTML with the final relative URLs instead:
what a reader sees is the same. Only for the plugin: ``continuity generate`` hands Markdown
to engines whose URL layout is theirs.

Nor is that HTML handed to Python-Markdown, which would parse every tag of a raw HTML block
once more, or to the sanitiser, which would parse it again: the Markdown holds a placeholder
paragraph (:func:`placeholder`, named after the HTML's digest, so the Markdown changes
whenever the HTML does and the serve cache sees it), and the plugin puts the HTML in its
place once the page's own HTML is rendered and sanitised. That HTML holds no markup from the
tree: every value in it is escaped here (:func:`text`), every URL is one :func:`relative_url`
made of a quoted path (no scheme can survive ``quote``), and tests/hostile builds hostile
titles, values and names through it.
"""

from __future__ import annotations

import hashlib
import html
from functools import lru_cache
from urllib.parse import quote

from continuity.generator import mdtext

#: Extensions MkDocs builds as pages (mkdocs.utils.markdown_extensions).
_PAGE_EXTENSIONS = (".md", ".markdown", ".mdown", ".mkdn", ".mkd")


@lru_cache(maxsize=1 << 16)
def site_url(path: str, directory_urls: bool) -> str:
    """The URL MkDocs gives the file at ``path`` (below docs_dir), as ``File.url`` does."""
    if not path.lower().endswith(_PAGE_EXTENSIONS):
        return quote(path)  # a copied file keeps its own name
    parent, _, name = path.rpartition("/")
    stem = name.rsplit(".", 1)[0]
    stem = "index" if stem == "README" else stem
    if stem == "index":
        dest = f"{parent}/index.html" if parent else "index.html"
    elif directory_urls:
        dest = f"{parent}/{stem}/index.html" if parent else f"{stem}/index.html"
    else:
        dest = f"{parent}/{stem}.html" if parent else f"{stem}.html"
    if directory_urls and dest.endswith("index.html"):
        dest = (dest[:-len("index.html")].rstrip("/") or ".") + "/"
    return quote(dest)


def _parts(url: str) -> list[str]:
    parts: list[str] = []
    for part in url.strip("/").split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part and part != ".":
            parts.append(part)
    return parts


@lru_cache(maxsize=1 << 16)
def relative_url(from_page: str, to_path: str, directory_urls: bool) -> str:
    """The link from the page at ``from_page`` to ``to_path``, as MkDocs writes it for a
    Markdown link between the two (``File.url_relative_to``)."""
    url = site_url(to_path, directory_urls)
    other = site_url(from_page, directory_urls)
    directory, _, base = other.rpartition("/")
    if "." in base:
        other = directory
    source, target = _parts(other), _parts(url)
    common = 0
    for a, b in zip(source, target):
        if a != b:
            break
        common += 1
    relative = "/".join([".."] * (len(source) - common) + target[common:]) or "."
    return relative + "/" if url.endswith("/") else relative


def text(value: object) -> str:
    """A value as HTML text: redacted, one line, escaped."""
    return html.escape(" ".join(mdtext.raw(value).split()), quote=True)


def code(value: object) -> str:
    return f"<code>{text(value)}</code>"


def link(label: object, from_page: str, to_path: str | None, directory_urls: bool) -> str:
    """``<a href="...">label</a>``, or the label alone when there is no page to link to."""
    shown = text(label) or text(to_path)
    if to_path is None:
        return shown
    # The path names a file of the tree: redacted like any value (the withheld page's own
    # path is, so the link still reaches it).
    href = relative_url(from_page, mdtext.raw(to_path), directory_urls)
    return f'<a href="{html.escape(href, quote=True)}">{shown}</a>'


def placeholder(html: str, *also: str) -> str:
    """The word standing for ``html`` in a page's Markdown: plain text in any Markdown. Named
    after ``also`` too, the HTML a page adds without a placeholder (Page.closing_html)."""
    digest = hashlib.blake2b(html.encode("utf-8", "surrogatepass"), digest_size=12)
    for other in also:
        digest.update(b"\0" + other.encode("utf-8", "surrogatepass"))
    return "continuity-html-" + digest.hexdigest()


def put_in_place(rendered: str, fragments: tuple[tuple[str, str], ...], closing: str = "") -> str:
    """The rendered page with each placeholder paragraph replaced by its HTML, and
    ``closing`` after it."""
    for word, fragment in fragments:
        rendered = rendered.replace(f"<p>{word}</p>", fragment, 1)
    return f"{rendered}\n{closing}" if closing else rendered
