"""An Atom feed of the newest entries (``feed.xml``), as readers of Material's blog and
mkdocs-rss-plugin expect one.

Atom needs absolute links: the feed is written only when the site's address is known (MkDocs'
``site_url``, ``continuity generate --site-url``); the caller says so when it is not. Every value
from the tree is redacted (:func:`mdtext.raw`) and then escaped by the XML writer, so a title
holding ``<script>`` is text in the feed. An entry withheld for a credential has no excerpt
(:meth:`SiteContext.row`), so none is published here either.
"""

from __future__ import annotations

import datetime as dt
import html
import posixpath
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urljoin

from continuity import __version__
from continuity.generator import html_links, mdtext
from continuity.generator.context import EntryRow, SiteContext
from continuity.generator.site import StaticFile
from continuity.model.tree import MemoryTree

NAME = "feed.xml"
#: Entries in the feed: the newest, as mkdocs-rss-plugin's default length.
LENGTH = 20
ATOM = "http://www.w3.org/2005/Atom"


#: Characters XML 1.0 cannot hold at all (escaping does not help): dropped from tree text.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _text(value: object) -> str:
    """Text from the tree for the feed: redacted, and only characters XML can carry."""
    return _NOT_XML.sub("", mdtext.raw(value))


def feed_path(prefix: str) -> str:
    return posixpath.join(prefix.strip("/"), NAME) if prefix.strip("/") else NAME


def _when(row: EntryRow) -> str:
    """The entry's date as an Atom timestamp (midnight UTC for a date alone)."""
    day = dt.date.fromisoformat(row.entry.date or "1970-01-01")
    return f"{day.isoformat()}T00:00:00Z"


def _absolute(site_url: str, page: str, directory_urls: bool) -> str:
    base = site_url if site_url.endswith("/") else site_url + "/"
    return urljoin(base, html_links.site_url(page, directory_urls))


def feed_rows(ctx: SiteContext) -> list[EntryRow]:
    """The newest dated entries of every history directory, newest first."""
    history = [name for name, d in ctx.tree.directories.items() if d.is_history]
    return [ctx.row(e) for e in ctx.newest_first(history) if e.date][:LENGTH]


def feed_xml(ctx: SiteContext, site_url: str, title: str, rows: list[EntryRow]) -> bytes:
    """The feed of ``rows`` (:func:`feed_rows`)."""
    directory_urls = ctx.options.directory_urls is not False  # generate: the engines' default
    ET.register_namespace("", ATOM)
    feed = ET.Element(f"{{{ATOM}}}feed")

    def add(parent: ET.Element, tag: str, text: str | None = None, **attributes: str
            ) -> ET.Element:
        element = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attributes)
        element.text = text
        return element

    home = _absolute(site_url, ctx.layout.home, directory_urls)
    add(feed, "title", _text(title))
    add(feed, "id", home)
    add(feed, "link", href=home)
    add(feed, "link", rel="self", href=feed_url(site_url, ctx.options.prefix))
    add(feed, "updated", _when(rows[0]))
    # Atom requires an author for the feed when its entries name none: the site's.
    add(add(feed, "author"), "name", _text(title))
    add(feed, "generator", "mkdocs-continuity", version=__version__)
    for row in rows:
        url = _absolute(site_url, row.page, directory_urls)
        item = add(feed, "entry")
        add(item, "title", _text(row.title))
        add(item, "id", url)
        add(item, "link", href=url)
        add(item, "updated", _when(row))
        add(item, "category", term=_text(row.entry.directory))
        if row.status:
            add(item, "category", term=_text(row.status), label="status")
        if row.excerpt:
            add(item, "summary", _text(row.excerpt))
    body: bytes = ET.tostring(feed, encoding="utf-8", xml_declaration=True)
    return body + b"\n"


def feed_url(site_url: str, prefix: str) -> str:
    """The feed's absolute address on the site at ``site_url``."""
    return _absolute(site_url, feed_path(prefix), False)


def with_feed_link(page_html: str, url: str, title: str) -> str:
    """A built page with the feed's autodiscovery link in its head (as browsers and feed
    readers look for it); the page as it is when it has no head."""
    head = page_html.find("</head>")
    if head < 0:
        return page_html
    link = (f'<link rel="alternate" type="application/atom+xml" '
            f'title="{html.escape(_text(title), quote=True)}" '
            f'href="{html.escape(url, quote=True)}">\n')
    return page_html[:head] + link + page_html[head:]


def anything_to_feed(trees: Iterable[MemoryTree]) -> bool:
    """Whether any of the trees has a dated entry, which a feed would follow: a note that
    the feed needs ``site_url`` is noise on a tree of living files alone."""
    return any(entry.date for tree in trees for directory in tree.directories.values()
               for entry in directory.entries)


def feed_file(ctx: SiteContext, site_url: str, title: str) -> StaticFile | None:
    """The feed as a file of the site (its ``source`` is this module: no tree file); None
    when no entry is dated (a tree of living files alone has nothing to follow)."""
    rows = feed_rows(ctx)
    if not rows:
        return None
    return StaticFile(feed_path(ctx.options.prefix), Path(__file__),
                      data=feed_xml(ctx, site_url, title, rows), made=True)
