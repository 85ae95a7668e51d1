"""How the site shows one memory root: which of its files are living pages and which dated
files read as a timeline, as the convention the root follows has its users read it.

Plain data, filled from the model of conventions (which convention a root follows, its living
files, its histories: ``continuity.model``); :func:`shape_of` is where the two meet. The
Continuity protocol's own shape is empty: its state files and history directories already
have their pages. Every file named here must be one the model read (a state file, an entry,
a file a state file links to): what the check did not read (and CT601 did not scan) is never
published, so a path of another file is left out.

- Claude Code agent memory: ``MEMORY.md`` is a state file and its topic files linked files,
  each a page (nothing to declare).
- OpenClaw: ``living`` = AGENTS.md, SOUL.md, USER.md, IDENTITY.md, TOOLS.md, HEARTBEAT.md,
  MEMORY.md; one timeline, the daily notes ``memory/YYYY-MM-DD.md``.
- Cline: ``living`` = the memory bank's core files (projectbrief.md, productContext.md, ...).
- GSD: ``living`` = .planning/STATE.md, ROADMAP.md, REQUIREMENTS.md, PROJECT.md; one list of
  the phases' files, grouped by phase folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from continuity.model.tree import MemoryTree


@dataclass(frozen=True)
class FileList:
    """A page listing some files of the root, each with its title and excerpt.

    ``by="month"``: a timeline, newest first, one section a month (daily notes); the files'
    dates are those their names begin with. ``by="folder"``: one section a folder, in name
    order (a GSD project's ``phases/01-setup/``, ``phases/02-api/``).
    """

    title: str  # "Daily notes", "Phases"
    page: str  # the page's path below the root, ending in .md ("memory/timeline.md")
    files: tuple[str, ...]  # root-relative paths
    by: Literal["month", "folder"] = "month"


@dataclass(frozen=True)
class SiteShape:
    """What a root's convention adds to its site (see the module's docstring)."""

    convention: str | None = None  # its name, shown on the home page
    living: tuple[str, ...] = ()  # root-relative files shown as state pages, in the navigation
    lists: tuple[FileList, ...] = ()


PROTOCOL = SiteShape()


def shape_of(tree: MemoryTree) -> SiteShape:
    """The shape of ``tree``'s site. The protocol's (nothing to add) until the model of
    conventions says which convention the root follows."""
    return PROTOCOL
