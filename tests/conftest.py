"""The fixtures every test may ask for; the helpers behind them are in ``tests.support``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests.support.common import GitRepo, minimal_tree, write_files

CHROMIUM = Path("/usr/bin/chromium")

# Property tests are seeded: every run draws the same examples, so a failure is reproduced by
# running again, and CI and a developer see the same inputs. No example database is written,
# and no deadline is judged on a loaded machine. HYPOTHESIS_PROFILE=explore draws new examples.
settings.register_profile("seeded", derandomize=True, database=None, deadline=None,
                          print_blob=True)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "seeded"))


def pytest_sessionstart(session: pytest.Session) -> None:
    """In CI the browser tests must run: a missing browser stops the run instead of skipping."""
    if os.environ.get("CONTINUITY_REQUIRE_BROWSER") and not CHROMIUM.exists():
        pytest.exit("CONTINUITY_REQUIRE_BROWSER is set but /usr/bin/chromium is missing "
                    "(apt-get install -y chromium)", returncode=2)


def pytest_report_header(config: pytest.Config) -> str:
    if CHROMIUM.exists():
        return f"browser tests: {CHROMIUM}"
    return ("browser tests: SKIPPED, no /usr/bin/chromium (install Debian's chromium to run "
            "them)")


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
