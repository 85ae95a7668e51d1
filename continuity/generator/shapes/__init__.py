"""Site shapes: how a convention's living files are shown (``Convention.site``).

A shape gives the home page's section about a root's living files (a card per file, with what
the convention's users look for: a topic's description, when a rule applies, how many tasks
are done) and, for a file the convention's own tool reads its own way, that file's page (Task
Master's task list, Backlog.md's board). Each shape is one module of this package, which
declares a :class:`Shape` and hands it to :func:`register`; the package imports every module in
it the first time a shape is looked up. A new page kind is that module and its name in
``model.conventions.SITE_SHAPES``; the shapes written inside ``generator/living.py`` register
there.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from continuity.generator.context import SiteContext
    from continuity.model.tree import MemoryTree, StateFile


@dataclass(frozen=True)
class Card:
    """One living file on the home page."""

    path: str
    page: str | None
    title: str
    description: str = ""
    kind: str = ""  # a topic's ``type``; a rule's activation ("always", "files matching")
    pattern: str = ""  # the files a rule applies to ("src/**/*.ts"), shown as code
    imports: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()  # "not in MEMORY.md", "past what Claude Code loads"


@dataclass(frozen=True)
class LivingSection:
    title: str  # "Topics", "Rules", "Core files"
    intro: str
    cards: tuple[Card, ...] = field(default_factory=tuple)
    kind_heading: str = "Type"  # the column of ``Card.kind``


#: A page's heading, its Markdown body and its metadata rows (key, value).
StatePage = tuple[str, str, list[tuple[str, str]]]
#: The home page's section for a root: its tree and the page of each of its files.
CardsMaker = Callable[["MemoryTree", Mapping[str, "str | None"]], LivingSection]
#: A living file's own page, or None where the shape shows that file as any other.
PageMaker = Callable[["SiteContext", "StateFile"], "StatePage | None"]


@dataclass(frozen=True)
class Shape:
    """One site shape: its name (as ``Convention.site`` says it), what the home page and the
    navigation call its living files, how it makes their cards (None: a card per file with
    its title and first words) and the page of a file it reads its own way."""

    name: str
    section_title: str
    cards: CardsMaker | None = None
    page: PageMaker | None = None
    #: What the page ``page`` makes is called in the navigation and the browser's tab
    #: (Backlog.md's config.yml is "Board"); empty: the file's own title.
    page_title: str = ""


_SHAPES: dict[str, Shape] = {}
_DISCOVERED: list[bool] = []


def register(shape: Shape) -> Shape:
    if shape.name in _SHAPES and _SHAPES[shape.name] != shape:
        raise ValueError(f"two site shapes named {shape.name!r}")
    _SHAPES[shape.name] = shape
    return shape


def shape(name: str) -> Shape | None:
    """The shape of that name, once every module of this package has registered its own."""
    if not _DISCOVERED:
        for module in pkgutil.iter_modules(__path__):
            importlib.import_module(f"{__name__}.{module.name}")
        _DISCOVERED.append(True)
    return _SHAPES.get(name)
