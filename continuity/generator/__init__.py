"""The site generator: the memory-tree model in, Markdown pages out. It knows nothing of MkDocs.

``generate(tree, check_result, provenance, options)`` returns a :class:`Site`: every page of
SPEC §6 as plain data (a path relative to the site's docs root, Markdown, a title, whether it
belongs in the navigation) and the non-Markdown files to copy. The MkDocs plugin adds them to a
build in memory; ``continuity generate --out DIR`` writes them to disk.
"""

from __future__ import annotations

from continuity.validators.engine import CheckResult
from continuity.model.tree import MemoryTree
from continuity.generator import mdtext
from continuity.generator.context import GenerateOptions, SiteContext
from continuity.generator.entry_pages import entry_pages
from continuity.generator.index_pages import directory_pages, state_pages
from continuity.history.provenance import CommitRef, added_commits
from continuity.generator.site import Page, Site, StaticFile
from continuity.generator.summary_pages import findings_page, home_page, ledger_page, notes_page
from continuity.generator.withhold import RULE as REDACTING_RULE, withhold_credentials

__all__ = ["CommitRef", "GenerateOptions", "Page", "Site", "StaticFile", "added_commits",
           "generate"]


def generate(tree: MemoryTree, check_result: CheckResult, provenance: dict[str, CommitRef],
             options: GenerateOptions | None = None) -> Site:
    """Every page of the site, in navigation order.

    Every value from the tree is redacted as it is written (:func:`mdtext.raw`), unless the
    tree turned CT601 off; every page then passes :func:`withhold_credentials`.
    """
    ctx = SiteContext(tree, check_result, provenance, options or GenerateOptions())
    with mdtext.redaction(REDACTING_RULE in check_result.rules):
        pages: list[Page] = [home_page(ctx)]
        pages.extend(state_pages(ctx))
        pages.extend(directory_pages(ctx))
        for optional in (ledger_page(ctx), notes_page(ctx)):
            if optional is not None:
                pages.append(optional)
        pages.append(findings_page(ctx))
        entries, copies = entry_pages(ctx)
        pages.extend(entries)
        return withhold_credentials(Site(tuple(pages), tuple(copies)), check_result, tree.root)
