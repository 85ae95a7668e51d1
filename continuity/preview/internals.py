"""The private parts of other libraries the plugin's speed-ups rely on, declared and checked.

Two speed-ups reach past public APIs, because none exists for what they do:

- the pruned navigation rendered once (``nav_cache.py``) wraps a compiled Jinja template's
  ``root_render_func``;
- the live preview's page cache (``page_cache.py``) reads and refills the search plugin's
  ``search_index`` entries and clears Material's ``search_index_prev``.

Each is declared here with the versions it was written and tested against; pyproject.toml
does not pin them (no upper bound below the next major version but MkDocs < 2). At start-up
the plugin asks :func:`unsupported`: when an installed version is outside its range, or the
private part is not where it was, that speed-up is turned off, said once under ``--verbose``,
and the site is built MkDocs' own way — slower, never wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import metadata

from packaging.specifiers import SpecifierSet
from packaging.version import InvalidVersion, Version

NAV_CACHE, PAGE_CACHE = "navigation cache", "page cache"


def _jinja_has_root_render_func() -> bool:
    import jinja2

    template = jinja2.Environment().from_string("x")
    return callable(getattr(template, "root_render_func", None))


def _search_index_has_entries() -> bool:
    from mkdocs.contrib.search.search_index import SearchIndex

    return isinstance(getattr(SearchIndex(), "_entries", None), list)


def _material_search_index_has_entries() -> bool:
    from material.plugins.search.plugin import SearchIndex, SearchPlugin

    return (isinstance(getattr(SearchIndex(), "entries", None), list)
            and "search_index_prev" in vars(SearchPlugin()) | vars(SearchPlugin))


@dataclass(frozen=True)
class Internal:
    """One private part of a library that a speed-up uses."""

    library: str  # the distribution's name
    supported: str  # the versions it was tested against (the speed-up is off on others)
    part: str  # what is used
    speedup: str  # NAV_CACHE or PAGE_CACHE: what is turned off without it
    present: Callable[[], bool]  # a probe: is the part where the speed-up expects it?


INTERNALS: tuple[Internal, ...] = (
    Internal("Jinja2", ">=3.1,<3.2", "Template.root_render_func", NAV_CACHE,
             _jinja_has_root_render_func),
    Internal("mkdocs", ">=1.6,<1.7", "the search plugin's search_index entries", PAGE_CACHE,
             _search_index_has_entries),
    Internal("mkdocs-material", ">=9.5,<10", "Material's search_index entries and "
             "search_index_prev", PAGE_CACHE, _material_search_index_has_entries),
)


def installed_versions() -> dict[str, str | None]:
    versions: dict[str, str | None] = {}
    for internal in INTERNALS:
        try:
            versions[internal.library] = metadata.version(internal.library)
        except metadata.PackageNotFoundError:
            versions[internal.library] = None
    return versions


def unsupported(versions: Mapping[str, str | None] | None = None) -> dict[str, str]:
    """The speed-ups to turn off, each with why: ``{NAV_CACHE: "Jinja2 3.2.0 is not >=3.1,<3.2 …"}``.

    ``versions`` (the library's name to its installed version) is read from the installed
    distributions when not given."""
    versions = installed_versions() if versions is None else versions
    off: dict[str, str] = {}
    for internal in INTERNALS:
        version = versions.get(internal.library)
        reason = None
        try:
            if version is None or Version(version) not in SpecifierSet(internal.supported):
                reason = (f"{internal.library} {version or '(not installed)'} is outside the "
                          f"tested {internal.supported}")
        except InvalidVersion:
            reason = f"{internal.library}'s version {version!r} cannot be read"
        if reason is None:
            try:
                found = internal.present()
            except Exception:  # a probe of another library's private parts: any failure
                found = False
            if not found:
                reason = f"{internal.library} {version} has no {internal.part}"
        if reason is not None and internal.speedup not in off:
            off[internal.speedup] = f"{reason}: the {internal.speedup} is off ({internal.part})"
    return off
