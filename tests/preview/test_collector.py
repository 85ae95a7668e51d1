"""The collector kept off the build's model (preview/collector.py): a build leaves what was
alive after the plugin's on_files frozen, the next build thaws it first, and neither a
failed build nor serve leaves anything frozen."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config as load_mkdocs_config

from continuity.preview import collector
from tests.support.common import minimal_tree, write_files
from tests.support.site_support import build, write_mkdocs_yml


@pytest.fixture(autouse=True)
def thawed() -> Iterator[None]:
    collector.thaw()
    gc.unfreeze()
    yield
    collector.thaw()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    write_files(project / "memory", minimal_tree())
    write_mkdocs_yml(project, options={"root": "memory"})
    return project


def test_a_build_leaves_its_model_frozen_until_the_next_build(project: Path) -> None:
    assert build(project).error is None
    frozen = gc.get_freeze_count()
    assert frozen > 1000  # the model, the pages, MkDocs' files: not walked again, not at exit
    assert gc.isenabled()  # off only while the plugin made them
    # The next build's on_config thaws them first, then freezes its own.
    config = load_mkdocs_config(config_file=str(project / "mkdocs.yml"))
    config.plugins.on_config(config)
    assert gc.get_freeze_count() == 0
    assert build(project).error is None and gc.get_freeze_count() > 1000


def test_a_failed_build_leaves_nothing_frozen(project: Path) -> None:
    # Failing in the plugin's own on_files: nothing was frozen.
    write_files(project / "memory", {"journal/2026-13-45-turn-x.md": "not an entry\n"})
    result = build(project, strict=True)
    assert result.error is not None and "the build is --strict" in result.said
    assert gc.get_freeze_count() == 0 and gc.isenabled()
    # Failing after it (a broken link of the user's own page, --strict): thawed on the error.
    (project / "memory" / "journal" / "2026-13-45-turn-x.md").unlink()
    write_files(project, {"docs/guide.md": "# Guide\n\nSee [the missing page](missing.md).\n"})
    result = build(project, strict=True)
    assert result.error is not None and "strict mode" in result.error
    assert gc.get_freeze_count() == 0


def test_serve_freezes_nothing(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project)
    config = load_mkdocs_config(config_file=str(project / "mkdocs.yml"),
                                site_dir=str(project / "site"))
    config.plugins.on_startup(command="serve", dirty=False)
    mkdocs_build(config, serve_url="http://127.0.0.1:8000/")
    assert (project / "site" / "journal").is_dir()
    assert gc.get_freeze_count() == 0 and gc.isenabled()
