"""Material's navigation is rendered once for the plugin's pages outside it, and every page of
the site is byte for byte what MkDocs writes without that (continuity/preview/nav_cache.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config

from continuity.preview import nav_cache
from tests.support.common import tree_with_journal, write_files
from tests.support.site_support import write_mkdocs_yml


def built(project: Path, site: Path, command: str = "build") -> tuple[dict[str, bytes], int]:
    """Every file of a real in-process build, and how many navigations the plugin reused."""
    cwd = Path.cwd()
    try:
        os.chdir(project)
        config = load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(site))
        config.plugins.on_startup(command=command, dirty=False)  # type: ignore[arg-type]
        mkdocs_build(config, serve_url="http://127.0.0.1:8000/" if command == "serve" else None)
        config.plugins.on_shutdown()
    finally:
        os.chdir(cwd)
    files = {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*")
             if p.is_file() and p.name != "sitemap.xml.gz"}
    return files, config.plugins["continuity"].nav_cache.reused


def journal_project(tmp_path: Path, **extra: object) -> Path:
    project = tmp_path / "project"
    write_files(project / "memory", tree_with_journal(6))
    write_files(project, {"docs/guide.md": "# Guide\n\nOur own page.\n"})
    write_mkdocs_yml(project, options={"root": "memory"}, extra=extra)
    return project


@pytest.mark.parametrize("directory_urls", [True, False])
def test_pages_are_the_same_with_the_navigation_reused(tmp_path: Path, directory_urls: bool,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    project = journal_project(tmp_path, use_directory_urls=directory_urls)
    reused_pages, reused = built(project, tmp_path / "with")
    monkeypatch.setattr(nav_cache, "ENABLED", False)
    rendered_pages, none = built(project, tmp_path / "without")
    assert reused >= 5 and none == 0  # the entries of journal/ share one navigation
    assert reused_pages.keys() == rendered_pages.keys()
    differing = [name for name in reused_pages if reused_pages[name] != rendered_pages[name]]
    assert differing == []


def test_serve_reuses_it_too_and_a_build_after_serve_starts_afresh(tmp_path: Path) -> None:
    """MkDocs keeps one plugin object for every build of a process: serve's page cache (and
    the loader it puts in) must neither stop the navigation's reuse nor outlive serve."""
    project = journal_project(tmp_path)
    _, served = built(project, tmp_path / "served", "serve")
    assert served >= 5
    pages, reused = built(project, tmp_path / "built")
    assert reused >= 5
    config = load_config(config_file=str(project / "mkdocs.yml"))
    plugin = config.plugins["continuity"]
    assert plugin.page_cache is None and plugin.page_memo is None and plugin.server is None
    assert "journal/2026-01-03-turn-2/index.html" in pages


def test_entry_pages_carry_the_navigation_pruned_at_their_directory(tmp_path: Path) -> None:
    """Material's navigation.prune, with the entry's directory as the current place: its
    section open and it marked, the other sections one link each; pages in the navigation
    keep the whole of it."""
    from html.parser import HTMLParser

    class Drawer(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.inside = 0
            self.links: list[tuple[str, str]] = []

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            found = dict(attrs)
            if tag == "nav" and "md-nav--primary" in (found.get("class") or ""):
                self.inside = 1
            elif tag == "nav" and self.inside:
                self.inside += 1
            elif tag == "a" and self.inside:
                self.links.append((found.get("href") or "", found.get("class") or ""))

        def handle_endtag(self, tag: str) -> None:
            if tag == "nav" and self.inside:
                self.inside -= 1

    def drawer(html: bytes) -> list[tuple[str, str]]:
        parser = Drawer()
        parser.feed(html.decode("utf-8"))
        return parser.links

    project = journal_project(tmp_path)
    pages, _ = built(project, tmp_path / "site")
    entry = drawer(pages["journal/2026-01-04-turn-3/index.html"])
    state = drawer(pages["STATE/index.html"])
    entry_targets = [href for href, _ in entry]
    assert "../" in entry_targets  # journal/, in its open section
    assert "../../completed/" in entry_targets and "../../snapshots/" in entry_targets
    # The state files' section: one link (to its first page, as Material prunes), not each.
    assert "../../LEARNINGS/" not in entry_targets and "../../TODO/" not in entry_targets
    assert "../LEARNINGS/" in [href for href, _ in state] and len(entry) < len(state)
