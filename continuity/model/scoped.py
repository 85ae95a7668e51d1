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
Hidden folders and those never searched (dependencies, caches) are passed over too, and links
to folders are not followed.
"""

from __future__ import annotations

import os
from pathlib import Path

from continuity.model.roots import NEVER_SEARCHED, is_set_aside

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


def agents_files(top: Path) -> list[str]:
    """The agents.md instruction file of every folder at and below ``top`` that has one, as
    paths from ``top`` (``AGENTS.md``, ``lib/ui/AGENTS.md``), top first, then by folder."""
    found: list[str] = []
    listed_dirs = 0
    for directory, folders, files in os.walk(top):
        folders[:] = sorted(f for f in folders if f not in NEVER_SEARCHED and
                            not f.startswith(".") and not is_set_aside(f) and
                            not os.path.islink(os.path.join(directory, f)))
        listed_dirs += 1
        if listed_dirs > MAX_DIRS:
            break
        name = agents_file(files)
        if name is not None:
            relative = Path(os.path.relpath(directory, top)).as_posix()
            found.append(name if relative == "." else f"{relative}/{name}")
    return found


def scoped_agents_files(top: Path) -> tuple[str, ...]:
    """The agents.md instruction files of the folders below ``top``, not its own."""
    return tuple(path for path in agents_files(top) if "/" in path)
