"""The front page of a folder of memory roots (one memory per agent under
``.claude/agent-memory/``, packs side by side): each root with its convention, its health and
its living files; each root's own pages are a section of the site."""

from __future__ import annotations

from dataclasses import dataclass

from continuity.generator.render import render
from continuity.generator.shapes import LivingSection
from continuity.generator.site import Page


@dataclass(frozen=True)
class CollectedRoot:
    label: str  # its folder, relative to the collection's
    page: str  # its home page
    convention: str | None
    files: int
    errors: int
    warnings: int
    living: LivingSection | None


def collection_page(path: str, title: str, roots: list[CollectedRoot]) -> Page:
    content = render("collection.md.j2", path, title=title, roots=roots,
                     errors=sum(r.errors for r in roots), warnings=sum(r.warnings for r in roots),
                     files=sum(r.files for r in roots))
    return Page(path, content, "Home", in_nav=True)
