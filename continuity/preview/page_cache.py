"""Rendered pages kept across ``mkdocs serve`` rebuilds, so that a rebuild renders only what changed.

MkDocs rebuilds every page on every change (``--dirty`` does not help: a generated file always
counts as modified). Most of a rebuild's time is Python-Markdown and the theme's template for
pages whose Markdown did not change. A page is reused when its Markdown is the same as in the
previous build and nothing around it changed (the configuration, the navigation, the user's own
files: :func:`surroundings`). A reused page is a :class:`CachedPage`: reading and rendering it
restore the previous build's HTML, table of contents and title, so every plugin still sees the
page (the search index stays whole), and the theme's template is replaced by an empty one whose
output is the previous build's final HTML.
"""

from __future__ import annotations

import hashlib
import os
import zlib
from copy import copy
from dataclasses import dataclass, field
from typing import Any

import jinja2
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

#: The empty template a reused page is "rendered" with; its output is replaced by the kept one.
CACHED_TEMPLATE = "continuity-cached-page.html"


@dataclass(frozen=True)
class RenderedPage:
    """What one build made of one page: enough to make it again without Markdown or Jinja."""

    markdown_digest: bytes
    content: str  # the page's HTML body, after every plugin's on_page_content
    toc: Any  # mkdocs.structure.toc.TableOfContents
    title: str | None  # the first heading, as MkDocs found it
    meta: dict[str, Any]
    anchors: frozenset[str]
    output: bytes  # the written file, compressed


def digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


class KeptFile(File):
    """A generated page whose ``is_modified`` tells the truth: in a ``--dirty`` build, MkDocs
    neither reads nor writes a page whose Markdown and surroundings are as they were."""

    unchanged: bool = False

    def is_modified(self) -> bool:
        return not self.unchanged


class CachedPage(Page):
    """A page rendered in the previous build, restored instead of rendered again."""

    def __init__(self, file: File, config: MkDocsConfig, kept: RenderedPage) -> None:
        self.kept = kept
        super().__init__(None, file, config)

    def read_source(self, config: MkDocsConfig) -> None:  # noqa: ARG002 (MkDocs' Page's signature)
        self.markdown = self.file.content_string
        self.meta = {**self.kept.meta, "template": CACHED_TEMPLATE}

    def render(self, config: MkDocsConfig, files: Files) -> None:  # noqa: ARG002 (as MkDocs' Page)
        self.content = self.kept.content
        self.toc = self.kept.toc
        self._title_from_render = self.kept.title
        self.present_anchor_ids = set(self.kept.anchors)
        self.links_to_anchors = None  # checked when it was rendered

    def output(self) -> str:
        return zlib.decompress(self.kept.output).decode("utf-8")


def surroundings(config: MkDocsConfig, files: Files, nav: Navigation, ours: set[str]) -> str:
    """A digest of everything besides a page's own Markdown that its HTML depends on: the
    configuration file, the navigation (titles and URLs), and every file that is not one of
    ``ours`` (the user's pages, the theme's files, overrides), by size and modification time."""
    h = hashlib.blake2b(digest_size=16)
    if config.config_file_path and os.path.isfile(config.config_file_path):
        with open(config.config_file_path, "rb") as handle:
            h.update(handle.read())
    h.update(repr(sorted((str(k), repr(v)) for k, v in config.items()
                         if k not in ("plugins", "nav"))).encode())

    def walk(items: list[Any]) -> None:  # the navigation's pages, sections and links
        for item in items:
            h.update(f"{type(item).__name__}|{item.title}|{getattr(item, 'url', '')}\n".encode())
            if getattr(item, "children", None):
                walk(item.children)

    walk(nav.items)
    for file in files:
        if file.src_uri in ours:
            continue
        h.update(file.src_uri.encode() + b"\0")
        if file.abs_src_path and os.path.exists(file.abs_src_path):
            stat = os.stat(file.abs_src_path)
            h.update(f"{stat.st_size}:{stat.st_mtime_ns}".encode())
        elif file.generated_by:
            h.update(hashlib.blake2b(file.content_bytes, digest_size=16).digest())  # binary too
    custom = config.theme.custom_dir
    if custom and os.path.isdir(custom):
        for directory, _, names in sorted(os.walk(custom)):
            for name in sorted(names):
                stat = os.stat(os.path.join(directory, name))
                h.update(f"{directory}/{name}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return h.hexdigest()


@dataclass
class PageCache:
    """The rendered pages of the previous build, valid while :func:`surroundings` is the same."""

    surroundings: str = ""
    pages: dict[str, RenderedPage] = field(default_factory=dict)
    reused: int = 0
    rendered: int = 0
    contents: dict[str, str] = field(default_factory=dict)  # this build's HTML bodies
    search_kept: dict[str, tuple[Any, ...]] = field(default_factory=dict)  # every page's entries
    search_seen: set[str] = field(default_factory=set)  # pages indexed in this build
    current: list[str] = field(default_factory=list)  # this build's documentation pages
    skipped: list[RenderedPage] = field(default_factory=list)  # --dirty: not built at all
    dests: dict[str, str] = field(default_factory=dict)  # src_uri -> written file, this build
    previous_dests: dict[str, str] = field(default_factory=dict)
    _search_start: int = -1

    def start(self, config: MkDocsConfig, files: Files, nav: Navigation, ours: set[str],
              dirty: bool = False) -> None:
        """Replace the pages that can be reused by cached ones (in a ``--dirty`` build, mark
        them unchanged so that MkDocs skips them); forget the rest."""
        now = surroundings(config, files, nav, ours)
        if now != self.surroundings:
            self.pages.clear()
        self.surroundings = now
        self.reused = self.rendered = 0
        self.contents = {}
        self.search_seen = set()
        self.current = [f.src_uri for f in files.documentation_pages()]
        current = set(self.current)
        self.search_kept = {k: v for k, v in self.search_kept.items() if k in current}
        self.skipped = []
        kept: dict[str, RenderedPage] = {}
        in_nav = {id(page) for page in nav.pages}  # rendered anew: the nav holds them
        for file in files.documentation_pages():
            if file.src_uri not in ours or id(file.page) in in_nav:
                continue
            previous = self.pages.get(file.src_uri)
            if previous is None:
                continue
            if previous.markdown_digest != digest(file.content_string):
                continue
            kept[file.src_uri] = previous
            if dirty and isinstance(file, KeptFile) and os.path.isfile(file.abs_dest_path):
                file.unchanged = True  # its page from the last build is still in site_dir
                self.skipped.append(previous)
            else:
                CachedPage(file, config, previous)  # sets file.page
        self.pages = kept
        self.reused = len(self.skipped)
        if dirty:  # MkDocs reads no unmodified page, so the nav would lack its title
            for page in nav.pages:
                if page.markdown is None and not page.file.is_modified():
                    page.read_source(config)
        self.dests, self.previous_dests = {
            f.src_uri: f.abs_dest_path for f in files.documentation_pages()
            if f.src_uri in ours}, self.dests

    def finish_build(self, config: MkDocsConfig, dirty: bool) -> None:
        """In a ``--dirty`` build: the search index given the skipped pages' entries (whole,
        not merged with the last one), and the pages of deleted entries removed."""
        if not dirty:
            return
        entries = search_entries(config)
        if entries is not None:  # the pages MkDocs skipped, theirs and ours, from last time
            for src_uri in self.current:
                if src_uri not in self.search_seen and src_uri in self.search_kept:
                    entries.extend(copy(entry) for entry in self.search_kept[src_uri])
            for name in ("material/search", "search"):
                plugin = config.plugins.get(name)
                if plugin is not None and hasattr(plugin, "search_index_prev"):
                    plugin.search_index_prev = None  # ours is whole: nothing to merge
        site = os.path.realpath(config.site_dir) + os.sep
        for src_uri, path in self.previous_dests.items():
            if src_uri not in self.dests and os.path.realpath(path).startswith(site):
                try:
                    os.remove(path)
                except OSError:
                    pass

    def add_template(self, env: jinja2.Environment) -> None:
        loader = jinja2.DictLoader({CACHED_TEMPLATE: ""})
        env.loader = jinja2.ChoiceLoader([loader, env.loader]) if env.loader else loader

    def note_content(self, page: Page, ours: set[str]) -> str | None:
        """The page's HTML body after every plugin's on_page_content: what a reuse restores
        (the search plugin later alters ``page.content``). For a cached page, the kept one."""
        if isinstance(page, CachedPage):
            return page.kept.content
        if page.file.src_uri in ours:
            self.contents[page.file.src_uri] = page.content or ""
        return None

    # The search index is made in the search plugin's on_page_context, from the page's HTML: for
    # a cached page its entries of the previous build are put back instead, so the index stays
    # whole without parsing the page again. A search plugin whose index is not found is left to
    # index every page itself.

    def before_search(self, page: Page, config: MkDocsConfig) -> None:
        entries = search_entries(config)
        self._search_start = -1 if entries is None else len(entries)
        if entries is not None and isinstance(page, CachedPage) \
                and page.file.src_uri in self.search_kept:
            page.content = ""  # nothing to parse: its entries are put back after

    def after_search(self, page: Page, config: MkDocsConfig) -> None:
        entries = search_entries(config)
        if entries is None or self._search_start < 0:
            return
        src_uri = page.file.src_uri
        self.search_seen.add(src_uri)
        if isinstance(page, CachedPage) and src_uri in self.search_kept:
            del entries[self._search_start:]
            entries.extend(copy(entry) for entry in self.search_kept[src_uri])
            page.content = page.kept.content
        else:
            self.search_kept[src_uri] = tuple(copy(e) for e in entries[self._search_start:])
        self._search_start = -1

    def finish_page(self, output: str, page: Page, ours: set[str]) -> str:
        """The page's final HTML: the kept one for a cached page; a rendered one is kept."""
        if isinstance(page, CachedPage):
            self.reused += 1
            return page.output()
        if page.file.src_uri in ours and page.markdown is not None:
            self.rendered += 1
            self.pages[page.file.src_uri] = RenderedPage(
                markdown_digest=digest(page.file.content_string),
                content=self.contents.pop(page.file.src_uri, page.content or ""),
                toc=page.toc, title=page._title_from_render, meta=dict(page.meta),
                anchors=frozenset(page.present_anchor_ids or ()),
                output=zlib.compress(output.encode("utf-8", "surrogatepass"), 1))
        return output


def search_entries(config: MkDocsConfig) -> list[Any] | None:
    """The list of entries the search plugin (MkDocs' or Material's) is building, if found."""
    for name in ("material/search", "search"):
        plugin = config.plugins.get(name)
        index = getattr(plugin, "search_index", None)
        for attribute in ("entries", "_entries"):
            entries = getattr(index, attribute, None)
            if isinstance(entries, list):
                return entries
    return None
