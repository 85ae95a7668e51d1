"""The AGENTS.md files of a project's folders: the agents.md convention's scoped instructions.

Codex, and every tool of the agents.md convention, reads AGENTS.md (or AGENTS.override.md,
which Codex prefers) "from the project root down to the current working directory": the one in
``lib/ui/`` is given, after the top's, to an agent working in ``lib/ui/``. A project may keep
most of its instructions there (set 42: a top AGENTS.md of 162 lines naming six scoped ones of
1,125, "Scoped `AGENTS.md` files are authoritative"). One walk finds them, for the rule that
judges each chain's size (CT743) and for the root at the top that reads and publishes them.

Folders of templates, test data and archived copies are passed over, as the root search sets
them aside: an AGENTS.md there is a form or an old copy, not where an agent works (set 40: a
workspace template's translated AGENTS.md in OpenClaw's ``docs/zh-CN/reference/templates/``).
Hidden folders and those the root search does not enter are passed over too (by name:
dependencies, caches; by what they hold: a virtual environment's ``pyvenv.cfg``, a cache's
``CACHEDIR.TAG``, a skill bundle's ``SKILL.md``: :func:`continuity.model.roots.passed_over`),
and links to folders are not followed. The walk lists at most :data:`MAX_DIRS` folders; one
that stops there says so (:func:`bound_notice`), never silently.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from continuity.model.roots import NEVER_SEARCHED, is_set_aside, passed_over

#: The instruction file of a folder, in the order Codex looks for it.
AGENTS_NAMES = ("AGENTS.override.md", "AGENTS.md")

#: Folders listed at most by one walk: a larger repository is walked this far.
MAX_DIRS = 5_000


def agents_file(names: list[str]) -> str | None:
    """The name of the folder's agents.md instruction file among ``names``, if any."""
    for name in AGENTS_NAMES:
        if name in names:
            return name
    return None


@dataclass(frozen=True)
class AgentsWalk:
    """What one walk below a folder found: the agents.md instruction files (paths from the
    top, top first, then by folder), and whether it stopped at :data:`MAX_DIRS` folders."""

    found: tuple[str, ...]
    stopped: bool = False


def walk_agents(top: Path) -> AgentsWalk:
    """The agents.md instruction file of every folder at and below ``top`` that has one, in the
    folders the root search would enter, and whether the walk stopped at its bound."""
    found: list[str] = []
    listed_dirs = 0
    for directory, folders, files in os.walk(top):
        if directory != str(top) and passed_over(files):
            folders[:] = []  # a virtual environment, a cache, a built site or a skill bundle
            continue
        listed_dirs += 1
        if listed_dirs > MAX_DIRS:
            return AgentsWalk(tuple(found), stopped=True)
        folders[:] = sorted(f for f in folders if f not in NEVER_SEARCHED and
                            not f.startswith(".") and not is_set_aside(f) and
                            not os.path.islink(os.path.join(directory, f)))
        name = agents_file(files)
        if name is not None:
            relative = Path(os.path.relpath(directory, top)).as_posix()
            found.append(name if relative == "." else f"{relative}/{name}")
    return AgentsWalk(tuple(found))


def agents_files(top: Path) -> list[str]:
    """The agents.md instruction file of every folder at and below ``top`` that has one, as
    paths from ``top`` (``AGENTS.md``, ``lib/ui/AGENTS.md``), top first, then by folder."""
    return list(walk_agents(top).found)


def bound_notice() -> str:
    """What a check whose walk stopped at :data:`MAX_DIRS` says, once (the tree's reading and
    CT743 walk the same folders: the same words, said once)."""
    return (f"the walk for the AGENTS.md of the folders below stopped after {MAX_DIRS:,} "
            "folders: the AGENTS.md files past it were not read or judged (CT743)")


def scoped_agents_files(top: Path) -> AgentsWalk:
    """The agents.md instruction files of the folders below ``top``, not its own, and whether
    the walk stopped at its bound."""
    walk = walk_agents(top)
    return AgentsWalk(tuple(path for path in walk.found if "/" in path), walk.stopped)
