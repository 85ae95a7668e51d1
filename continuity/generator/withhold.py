"""No credential reaches the site, even from a tree that holds one.

CT601 reports a credential as an error, so ``mkdocs build --strict`` refuses such a tree; a
build without ``--strict`` must not publish it either. The page of a file that holds one is
withheld (its title and a notice stand in for it) and its copy is not made. Nothing is done
when CT601 is not among the rules run: a tree that turned the rule off has chosen what it
publishes.

Whatever credential a page still quotes (a snapshot's diff shows the previous version's lines,
an index lists a title) is replaced by ``[redacted:KIND]`` earlier, on each raw value as it is
written into a page (:func:`continuity.generator.mdtext.raw`), never on escaped text. Here a
withheld page's title (the entry's H1, which may hold the credential) is redacted too, and
every title is made safe for ``<title>`` and the navigation (:func:`.mdtext.title_text`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from continuity.formats.secrets import line_column
from continuity.formats.seen_redaction import redact_seen
from continuity.generator.mdtext import attribute, inline, redaction, title_text
from continuity.generator.site import Page, Site
from continuity.model.tree import MemoryTree, TreeFile
from continuity.validators.engine import CheckResult

RULE = "CT601"


def withhold_credentials(site: Site, check: CheckResult, root: Path,
                         tree: MemoryTree | None = None) -> Site:
    """``site`` with the pages and copies of files holding a credential withheld, and every
    page's title made safe (redacted when CT601 ran).

    Which files hold one is asked of the files themselves (``tree``: what the detectors found
    in each as a reader sees it), not only of the findings: a CT601 finding acknowledged in
    ``.continuity-baseline.json`` is no longer reported, and the file must still not be
    published (issue 34 #3)."""
    with redaction(RULE in check.rules):
        titled = tuple(replace(page, title=title_text(page.title)) for page in site.pages)
    if RULE not in check.rules:
        return Site(titled, site.static_files)
    site = Site(titled, site.static_files)
    holders: dict[str, int] = dict(credential_holders(tree)) if tree is not None else {}
    for diagnostic in check.diagnostics:
        if diagnostic.code == RULE:
            holders.setdefault(diagnostic.root_path, diagnostic.line)
    pages = tuple(_withheld(page, holders[page.source]) if page.source in holders else page
                  for page in site.pages)
    copies = tuple(copy for copy in site.static_files
                   if _root_path(copy.source, root) not in holders)
    return Site(pages, copies)


def credential_holders(tree: MemoryTree) -> Iterator[tuple[str, int]]:
    """(root-relative path, line of the first credential) of each file of ``tree`` that holds
    a credential in its name or its text, whatever the baseline acknowledges. A note store's
    fact is CT503's (its page shows facts redacted): a store is held only for a credential
    outside its facts, as CT601 judges it."""
    facts = {store.path: {note.line: note.fact for note in store.notes if note.fact}
             for store in tree.records.note_stores}
    files: list[TreeFile] = list(tree.all_files())
    files += [d.template_file for d in tree.directories.values() if d.template_file]
    for tree_file in files:
        if tree_file.name_credentials:
            yield tree_file.path, 1
            continue
        text = tree_file.scanned_text
        if text is None or not tree_file.credentials:
            continue
        in_facts = facts.get(tree_file.path, {})
        for finding in tree_file.credentials:
            line = line_column(text, finding.start)[0]
            if text[finding.start:finding.end] not in in_facts.get(line, ""):
                yield tree_file.path, line
                break


def _withheld(page: Page, line: int) -> Page:
    # A credential in the file's name (CT601 reports names too) leaves neither in the notice
    # nor in the page's address.
    shown = redact_seen(page.source or "")
    title = redact_seen(page.title)
    notice = (
        f"# {inline(title)}\n\n"
        '<div class="admonition danger continuity-withheld">\n'
        '<p class="admonition-title">Withheld: this file holds a credential</p>\n'
        f"<p>The check found a credential in <code>{attribute(shown)}</code> "
        f"(CT601 secret, line {line}), so this page is not published. Remove it from the file "
        "(and from the git history, if it was committed), revoke it, and build again.</p>\n"
        "</div>\n")
    return replace(page, content=notice, holds_tree_markdown=False,
                   path=redact_seen(page.path), title=title)


def _root_path(source: Path, root: Path) -> str:
    try:
        return source.relative_to(root).as_posix()
    except ValueError:
        return source.as_posix()
