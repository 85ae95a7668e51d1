"""``continuity init``: a memory tree that ``continuity check`` passes, ready to grow.

State files (each with its mesh index, from the protocol's default edges), every history and
library directory (kept in git by a ``.gitkeep``), the built-in entry templates, an
``mkdocs.yml``, a ``continuity.toml`` of commented options (the state budget) and a
``.gitignore`` that ignores only the built site.

Nothing is overwritten: every file is checked first, and if one of them exists, nothing at all
is written. A write that fails, or Ctrl-C / SIGTERM part-way, takes back every file written.
``.gitignore`` and ``.gitkeep`` are the exception: they are left as they are when present, since
a repository usually has a ``.gitignore`` of its own.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from dataclasses import dataclass
from pathlib import Path
from string import Template as TextTemplate

from continuity.authoring.atomic import interrupts_held
from continuity.authoring.create_file import create_new_file
from continuity.errors import UsageError
from continuity.formats.timestamps import rfc3339_utc
from continuity.model.boundaries import boundary_of, require_allowed
from continuity.model.kinds import BUILTIN_KINDS, TEMPLATE_NAME, default_edges

STARTERS = Path(__file__).resolve().parents[1] / "templates" / "init"
STATE_FILES = ("STATE", "TODO", "CONTEXT", "LEARNINGS", "PLAN", "TOOLS", "ARTIFACTS", "SNAPSHOT",
               "INFRASTRUCTURE", "MEMORY", "KNOWLEDGE", "EVENTS")
DOCS_DIR = "docs"


@dataclass(frozen=True)
class Planned:
    path: str  # relative to the memory root, '/'-separated
    text: str
    optional: bool = False  # left alone when it exists (.gitignore, .gitkeep)


def mesh_index(stem: str) -> str:
    dirs = default_edges().get(stem, ())
    listed = ", ".join(f"`{d}/`" for d in dirs) if dirs else "none"
    return f"## Mesh index\n\n- **Indexes:** {listed}\n"


def plan(root: Path, now: dt.datetime) -> list[Planned]:
    """Every file ``init`` writes, with its content."""
    values = {"today": now.date().isoformat(),
              "timestamp": rfc3339_utc(now),
              "site_name": json.dumps(f"{root.name or 'Memory'} memory", ensure_ascii=False)}

    def starter(name: str) -> str:
        return TextTemplate((STARTERS / name).read_text("utf-8")).substitute(values)

    files = [Planned(f"{stem}.md", starter(f"{stem}.md").rstrip("\n") + "\n\n" + mesh_index(stem))
             for stem in STATE_FILES]
    for kind in BUILTIN_KINDS:
        files.append(Planned(f"{kind.name}/.gitkeep", "", optional=True))
        if kind.template is not None:
            files.append(Planned(f"{kind.name}/{TEMPLATE_NAME}", kind.template.read_text("utf-8")))
    files.append(Planned("mkdocs.yml", starter("mkdocs.yml")))
    files.append(Planned("continuity.toml", starter("continuity.toml"), optional=True))
    files.append(Planned(f"{DOCS_DIR}/.gitkeep", "", optional=True))
    files.append(Planned(".gitignore", starter("gitignore"), optional=True))
    return files


@dataclass(frozen=True)
class Scaffolded:
    root: Path
    created: tuple[str, ...]
    kept: tuple[str, ...]  # optional files that were already there
    #: The site that already exists (its mkdocs.yml, kept as it is), and the plugin lines to
    #: add to it; None when init wrote the tree's own mkdocs.yml.
    site: Path | None = None
    plugin_lines: str = ""


def existing_site(root: Path, cwd: Path) -> Path | None:
    """The mkdocs.yml a tree at ``root`` joins instead of getting its own: the working
    directory's, when ``root`` is below it (``continuity init memory/`` in a project with a
    site). One in ``root`` itself is in the way, as any file init would write."""
    candidate = cwd / "mkdocs.yml"
    if root != cwd and root.is_relative_to(cwd) and (candidate.exists() or
                                                     candidate.is_symlink()):
        return candidate
    return None


def plugin_lines(site: Path, root: Path) -> str:
    """What to add to an existing mkdocs.yml for the memory tree at ``root``."""
    relative = Path(os.path.relpath(root, site.parent)).as_posix()
    option = "" if relative == "." else f":\n      root: {json.dumps(relative)}"
    return f"plugins:\n  - search\n  - continuity{option}\n"


def scaffold(root: Path, now: dt.datetime | None = None, cwd: Path | None = None) -> Scaffolded:
    """Write the tree under ``root``, or raise UsageError naming every file in the way. An
    existing site (a mkdocs.yml in ``root`` or in ``cwd`` above it) is left as it is: the
    result names the plugin lines to add to it."""
    now = now or dt.datetime.now(dt.timezone.utc)
    root = root.absolute()
    site = existing_site(root, (cwd or Path.cwd()).absolute())
    try:
        done = _scaffold(root, now, site is not None)
    except OSError as exc:  # a name too long, a directory denied: before anything was written
        raise UsageError(f"{exc.filename or root}: cannot initialise: "
                         f"{exc.strerror or exc}") from None
    if site is None:
        return done
    return Scaffolded(done.root, done.created, done.kept, site, plugin_lines(site, root))


def _scaffold(root: Path, now: dt.datetime, joins_site: bool) -> Scaffolded:
    if root.exists() and not root.is_dir():
        raise UsageError(f"{root}: exists and is not a directory")
    files = plan(root, now)
    if joins_site:  # the project's own site stays as it is; the tree joins it
        files = [f for f in files if f.path not in ("mkdocs.yml", f"{DOCS_DIR}/.gitkeep")]
    # Every name is judged before any is written: none may leave the repository (a linked
    # journal/ pointing elsewhere) or land in .git.
    boundary = boundary_of(root)
    for item in files:
        require_allowed(root / item.path, boundary)
    in_the_way = [f.path for f in files if not f.optional and _taken(root / f.path)]
    in_the_way += [f.path.split("/")[0] for f in files
                   if "/" in f.path and (root / f.path.split("/")[0]).exists()
                   and not (root / f.path.split("/")[0]).is_dir()]
    if in_the_way:
        listed = ", ".join(sorted(set(in_the_way)))
        raise UsageError(f"{root}: not initialised, these already exist: {listed} "
                         "(nothing was written; init never overwrites). To add a memory tree "
                         "to this project, scaffold it in a directory of its own: "
                         "`continuity init memory/`")
    new_dirs = [d for d in _directories(root, files) if not d.exists()]
    created: list[Path] = []
    kept: list[str] = []
    try:
        for item in files:
            target = root / item.path
            if item.optional and (_taken(target) or _has_files(target.parent, item)):
                kept.append(item.path)
                continue
            # Held, an interrupt lands between files, never between creating one and noting it.
            with interrupts_held():
                created.append(create_new_file(target, item.text.encode("utf-8"), boundary))
    except BaseException:
        _undo(created, new_dirs)
        raise
    return Scaffolded(root, tuple(p.relative_to(root).as_posix() for p in created), tuple(kept))


def _taken(path: Path) -> bool:
    return path.exists() or path.is_symlink()


def _has_files(directory: Path, item: Planned) -> bool:
    """A ``.gitkeep`` is only needed in an empty directory."""
    if not item.path.endswith(".gitkeep") or not directory.is_dir():
        return False
    return any(directory.iterdir())


def _directories(root: Path, files: list[Planned]) -> list[Path]:
    found = {root}
    for item in files:
        parent = (root / item.path).parent
        found.update([parent, *[p for p in parent.parents if root in p.parents]])
    found.update(root.parents)
    return sorted(found, key=lambda p: len(p.parts))


def _undo(created: list[Path], new_dirs: list[Path]) -> None:
    """A failed init leaves the directory as it found it."""
    for path in reversed(created):
        try:
            path.unlink()
        except OSError:
            pass
    for directory in sorted(new_dirs, key=lambda p: len(p.parts), reverse=True):
        try:
            directory.rmdir()
        except OSError:
            pass
