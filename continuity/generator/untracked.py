"""The site publishes what git holds, not whatever a link names (issue 34 #10).

A state file may link to any file of the root (``[the env](.env)``), and the tree follows such
links (``model/linked.py``) so that checks read them. A file git ignores, or that was never
committed nor staged, is the machine's, not the repository's: a ``.env`` kept out of git by
``.gitignore`` must not become a page and a search result because STATE.md names it. So:

- a linked file (one no convention reads as memory) is published only when git tracks it
  (committed or staged);
- any file of the tree that git *ignores* is not published (a draft entry not yet added is
  still shown by ``mkdocs serve``: it is not ignored);

each such page keeps its address (links to it still resolve) and says why it is empty; its copy
is not made. Without git (none installed, no repository, ``git = off``) nothing can be asked:
the pages are published as before and the build log says so once.
"""

from __future__ import annotations

import logging
import os
from dataclasses import replace
from pathlib import Path

from continuity.errors import ContinuityError
from continuity.generator.mdtext import attribute, inline
from continuity.generator.site import Page, Site
from continuity.model.tree import MemoryTree

_log = logging.getLogger("mkdocs.plugins.continuity")


def withhold_untracked(site: Site, tree: MemoryTree) -> Site:
    """``site`` without the text of files git does not hold (see the module's words)."""
    linked = {item.path for item in tree.linked}
    sources = {page.source for page in site.pages if page.source}
    if not sources and not site.static_files:
        return site
    answer = _ask_git(tree)
    if answer is None:
        if linked:
            _log.info("continuity: git cannot say which files it tracks (%s), so the files "
                      "STATE.md and the other living files link to are published without "
                      "asking; a git-ignored file among them (.env) would be too",
                      _why_no_git(tree))
        return site
    tracked, ignored = answer

    def refused(path: str) -> str | None:
        if path in ignored or any(path.startswith(folder) for folder in ignored_folders):
            return "git ignores this file"
        if path in linked and path not in tracked:
            return "git does not track this file (it was never committed)"
        return None

    ignored_folders = tuple(p for p in ignored if p.endswith("/"))
    pages = []
    for page in site.pages:
        why = refused(page.source) if page.source else None
        pages.append(_untracked(page, why) if why else page)
    copies = tuple(copy for copy in site.static_files
                   if refused(_root_path(copy.source, tree.root)) is None)
    return Site(tuple(pages), copies)


def _ask_git(tree: MemoryTree) -> tuple[frozenset[str], frozenset[str]] | None:
    """(tracked, ignored) root-relative paths (an ignored folder ends in ``/``); None when git
    cannot be asked."""
    from continuity.history.git import GitError, open_repository

    try:
        repository = open_repository(tree.root, tree.config.git).repository
    except ContinuityError:  # refused, shallow: the check says so; here, nothing to ask
        return None
    if repository is None:
        return None
    scope = Path(os.path.relpath(os.path.realpath(tree.root), repository.top)).as_posix()
    if scope.startswith(".."):
        return None
    prefix = "" if scope == "." else scope + "/"
    try:
        tracked = repository.run("ls-files", "-z", "--cached", "--", scope)
        ignored = repository.run("ls-files", "-z", "--others", "--ignored", "--exclude-standard",
                                 "--directory", "--", scope)
    except GitError:
        return None

    def names(output: bytes) -> frozenset[str]:
        return frozenset(name[len(prefix):] for name in
                         output.decode("utf-8", "surrogateescape").split("\0")
                         if name.startswith(prefix) and name != prefix)
    return names(tracked), names(ignored)


def _why_no_git(tree: MemoryTree) -> str:
    if tree.config.git == "off":
        return "git = off"
    return "no git repository or no git"


def _untracked(page: Page, why: str) -> Page:
    name = (page.source or page.path).rsplit("/", 1)[-1]
    notice = (
        f"# {inline(name)}\n\n"
        '<div class="admonition note continuity-withheld">\n'
        '<p class="admonition-title">Not published: not in the repository</p>\n'
        f"<p><code>{attribute(name)}</code> is linked from the memory, but {why}, so the site "
        "does not publish it. Commit it if it belongs to the memory (and holds no secret).</p>\n"
        "</div>\n")
    return replace(page, content=notice, holds_tree_markdown=False, html=(), searched_as=(),
                   closing_html="")


def _root_path(source: Path, root: Path) -> str:
    try:
        return source.relative_to(root).as_posix()
    except ValueError:
        return source.as_posix()
