"""What the generator produces: plain data, no MkDocs.

A :class:`Page` is Markdown at a path relative to the site's docs root; a :class:`StaticFile`
is a file of the tree copied as it is (artifacts that are not Markdown). The plugin turns them
into MkDocs files; ``continuity generate`` writes them to a directory.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Page:
    path: str  # relative to the docs root, '/'-separated, ending in .md
    content: str  # Markdown
    title: str
    in_nav: bool = False
    nav_section: str | None = None  # the navigation section it sits in; None: the top level
    #: For a page out of the navigation, the page of it that it belongs under (an entry's
    #: directory, a fixed index page's front page): the plugin shows it as the current place.
    nav_parent: str | None = None
    holds_tree_markdown: bool = False  # embeds Markdown written in the tree: sanitise its HTML
    source: str | None = None  # the tree file it renders (root_path), if any
    #: HTML the plugin puts in place of a placeholder paragraph once MkDocs has rendered the
    #: Markdown (see generator/html_links.py): placeholder -> HTML. Empty for generate.
    html: tuple[tuple[str, str], ...] = ()
    #: HTML the plugin puts after the rendered Markdown (an entry's rule and previous / next
    #: links), named in a placeholder of ``html``: the Markdown changes whenever it does.
    closing_html: str = ""
    #: Pieces of ``html`` the site's search index reads in another form: (piece, what the
    #: search plugin parses in its place). Left out ("" in its place): an entry's directory /
    #: added / indexed-by list and its previous / next links (every entry has them: indexed, a
    #: search for "journal" found every journal entry by its "Directory: journal/"), and the
    #: listings of index and archive pages (an entry is found on its own page, not on every
    #: list). Read as one paragraph: an entry's frontmatter table, the same words in one tag
    #: instead of five and four more a field (the search plugins parse every tag in Python).
    searched_as: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class StaticFile:
    path: str  # relative to the docs root
    source: Path  # the file of the tree it copies
    # The bytes discovery read and CT601 scanned, published as they are: a file swapped (for a
    # link to /etc/passwd) after the scan cannot reach the site. None: read from ``source``.
    data: bytes | None = None
    #: Made by the generator (the stylesheet, the feed), not copied from the tree: no page's
    #: HTML depends on it, so a change to it (a new entry in the feed) re-renders none.
    made: bool = False


@dataclass(frozen=True)
class Site:
    pages: tuple[Page, ...]
    static_files: tuple[StaticFile, ...]

    def nav(self) -> list[tuple[str, str | list[tuple[str, str]]]]:
        """The navigation: (title, path) at the top level and (section, [(title, path)])."""
        items: list[tuple[str, str | list[tuple[str, str]]]] = []
        sections: dict[str, list[tuple[str, str]]] = {}
        for page in self.pages:
            if not page.in_nav:
                continue
            if page.nav_section is None:
                items.append((page.title, page.path))
            else:
                if page.nav_section not in sections:
                    sections[page.nav_section] = []
                    items.append((page.nav_section, sections[page.nav_section]))
                sections[page.nav_section].append((page.title, page.path))
        return items

    def nav_config(self) -> list[dict[str, str | list[dict[str, str]]]]:
        """The navigation as mkdocs.yml writes it: ``[{title: path}, {section: [...]}]``."""
        return [{title: target if isinstance(target, str) else [{t: p} for t, p in target]}
                for title, target in self.nav()]
