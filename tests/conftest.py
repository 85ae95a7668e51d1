"""The fixtures every test may ask for; the helpers behind them are in ``tests.support``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.common import GitRepo, minimal_tree, write_files


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A valid memory tree (no git) in a temporary directory."""
    root = tmp_path / "memory"
    write_files(root, minimal_tree())
    return root


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    """An empty git repository in a temporary directory."""
    return GitRepo(tmp_path / "repo")
