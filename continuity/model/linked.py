"""The files of a memory root that its state files link to, followed from link to link.

A Claude Code ``MEMORY.md`` is an index of topic files beside it; a state file may link to a
design note in a folder of its own. They belong to the memory as much as the state file does:
the site publishes them (so a link that resolves for ``continuity check`` resolves on the site)
and the rules that look at every published file (secrets, raw HTML) read them. Only links that
stay inside the root are followed, lexically and through links (the reader refuses a link
leaving the repository); a file another part of the tree already holds (a state file, an
entry, a template, the ledger, a note store) or that lies in a child root is not taken again.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from continuity.formats.links import links
from continuity.formats.markdown import MarkdownDoc

#: Files followed at most, from all the state files of one root: a tree of thousands of
#: linked notes is published up to here, and the rest stays unpublished.
MAX_LINKED = 2000
MARKDOWN_SUFFIXES = (".md", ".markdown")


@dataclass(frozen=True)
class LinkTarget:
    """Where a local link of a root's file points, relative to the root."""

    path: str  # root-relative, normalised; "" for an anchor into the same file
    inside: bool  # within the root (never above it)


def link_target(source: str, written_path: str) -> LinkTarget:
    """The root-relative target of a link written in the root file ``source``."""
    if not written_path:
        return LinkTarget("", True)
    joined = posixpath.normpath(posixpath.join(posixpath.dirname(source), written_path))
    inside = joined != ".." and not joined.startswith("../") and joined != "."
    return LinkTarget(joined, inside)


def linked_paths(sources: Iterable[tuple[str, MarkdownDoc]],
                 read: Callable[[str], MarkdownDoc | None | bool],
                 taken: Callable[[str], bool], seen: set[str] | None = None
                 ) -> list[tuple[str, str]]:
    """(root-relative path, the file that first links to it) of the files reached by links
    from ``sources``, in the order found.

    ``read(path)``: False when the path is no file that may be read, the Markdown of a
    Markdown file (None when it cannot be parsed), True for any other file; it is called
    once a path. ``taken(path)``: whether another part of the tree holds the file already.
    ``seen``: paths read already (and not to be found again).
    """
    found: list[tuple[str, str]] = []
    seen = set(seen or ())
    queue = list(sources)
    while queue:
        source, doc = queue.pop(0)
        for link in links(doc):
            target = link_target(source, link.path)
            if not target.path or not target.inside or target.path in seen:
                continue
            seen.add(target.path)
            if taken(target.path) or len(found) >= MAX_LINKED:
                continue
            answer = read(target.path)
            if answer is False:
                continue
            found.append((target.path, source))
            if isinstance(answer, MarkdownDoc):
                queue.append((target.path, answer))
    return found
