"""How the site shows one memory root, as the convention the root follows has its users read
it: which of its files are living pages, which dated files read as a timeline.

Plain data, filled from the model of conventions (``Convention.site``: how a convention is
shown); :func:`shape_of` is where the two meet. A convention's living files are read by the
model as state files, so they have their state pages already (Claude Code's MEMORY.md and
topic files, Cline's core files, GSD's .planning/*.md, OpenClaw's upper-case files), and the
files they link to have theirs (generator/document_pages.py); what a shape adds is ``living``
for files read otherwise, and lists:

- a timeline (OpenClaw's ``memory/YYYY-MM-DD.md`` daily notes, a gptme journal): newest
  first, one section a month;
- by folder (a GSD project's ``phases/NN-name/``).

Every file named here must be one the model read (a state file, an entry, a linked file):
what the check did not read (and CT601 did not scan) is never published, so a path of
another file is left out.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from typing import Literal

from continuity.model.tree import MemoryTree, is_feature_file


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

#: Where a GSD project keeps its phases (``.planning/phases/NN-name/``, its root .planning/).
PHASES = "phases/"


def shape_of(tree: MemoryTree) -> SiteShape:
    """The shape of ``tree``'s site, from how its convention says it is shown
    (``Convention.site`` of the model of conventions: "protocol", "index", "state",
    "timeline", "phases", "ledger"). Its living files are its state files already, with
    their pages; what is added here is the lists. A tree of no known convention
    (a root of none) has the protocol's shape."""
    convention = tree.convention
    site = convention.site if convention is not None else "protocol"
    title = convention.title if convention is not None else None
    if site == "timeline":  # OpenClaw's daily notes, a gptme journal: each dated directory
        lists = tuple(
            FileList(f"{name}/ by date", f"{name}/timeline.md",
                     tuple(entry.path for entry in directory.entries if entry.date))
            for name, directory in tree.directories.items()
            if any(entry.date for entry in directory.entries))
        return SiteShape(title, lists=lists)
    if site == "phases":  # GSD: the phases' files that the model read, by phase folder
        files = [entry.path for entry in tree.entries] + [each.path for each in tree.linked]
        phases = tuple(path for path in files if path.startswith(PHASES))
        return SiteShape(title, lists=(FileList("Phases", "phases.md", phases, by="folder"),)
                         if phases else ())
    if site == "features":  # Spec Kit: each numbered feature's spec, plan and tasks
        specs = tuple(each.path for each in tree.linked if is_feature_file(each.path))
        return SiteShape(title, lists=(FileList("Features", "features.md", specs, by="folder"),)
                         if specs else ())
    if convention is not None and convention.specs:  # Kiro: each spec's requirements, design, tasks
        specs = tuple(each.path for each in tree.linked
                      if any(fnmatch.fnmatchcase(each.path, glob) for glob in convention.specs))
        if specs:
            return SiteShape(title, lists=(FileList("Specs", "specs.md", specs, by="folder"),))
    return SiteShape(title) if title else PROTOCOL
