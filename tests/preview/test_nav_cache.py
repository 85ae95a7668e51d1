"""Material's navigation is rendered once for the plugin's pages outside it, and every page of
the site is byte for byte what MkDocs writes without that (continuity/preview/nav_cache.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config

from continuity.preview import nav_cache
from tests.support.common import minimal_tree, write_files
from tests.support.site_support import write_mkdocs_yml


def built(project: Path, site: Path) -> tuple[dict[str, bytes], int]:
    """Every file of a real in-process build, and how many navigations the plugin reused."""
    cwd = Path.cwd()
    try:
        os.chdir(project)
        config = load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(site))
        config.plugins.on_startup(command="build", dirty=False)
        mkdocs_build(config)
        config.plugins.on_shutdown()
    finally:
        os.chdir(cwd)
    files = {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*")
             if p.is_file() and p.name != "sitemap.xml.gz"}
    return files, config.plugins["continuity"].nav_cache.reused


@pytest.mark.parametrize("directory_urls", [True, False])
def test_pages_are_the_same_with_the_navigation_reused(tmp_path: Path, directory_urls: bool,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "project"
    entries = {f"journal/2026-01-0{n}-turn-{n}.md": (
        f"---\ndate: 2026-01-0{n}\nturn: {n}\nobjective: step {n}\n---\n\n"
        f"# Journal Entry — 2026-01-0{n}\n\n## Context before\n\nA.\n\n## Actions taken\n\nB."
        "\n\n## Result\n\nC.\n\n## Next\n\nD.\n") for n in range(2, 7)}
    write_files(project / "memory", {**minimal_tree(), **entries})
    write_files(project, {"docs/guide.md": "# Guide\n\nOur own page.\n"})
    write_mkdocs_yml(project, options={"root": "memory"},
                     extra={"use_directory_urls": directory_urls})
    reused_pages, reused = built(project, tmp_path / "with")
    monkeypatch.setattr(nav_cache, "ENABLED", False)
    rendered_pages, none = built(project, tmp_path / "without")
    assert reused >= 5 and none == 0  # the entries of journal/ share one navigation
    assert reused_pages.keys() == rendered_pages.keys()
    differing = [name for name in reused_pages if reused_pages[name] != rendered_pages[name]]
    assert differing == []
