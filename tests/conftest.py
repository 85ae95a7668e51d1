"""The fixtures every test may ask for; the helpers behind them are in ``tests.support``."""

from __future__ import annotations

import compileall
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.support.common import REPO, SITE_SRC, GitRepo, minimal_tree, write_files

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]

# Property tests are seeded: every run draws the same examples, so a failure is reproduced by
# running again, and CI and a developer see the same inputs. No example database is written,
# and no deadline is judged on a loaded machine. HYPOTHESIS_PROFILE=explore draws new examples.
settings.register_profile("seeded", derandomize=True, database=None, deadline=None,
                          print_blob=True)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "seeded"))


def pytest_sessionstart(session: pytest.Session) -> None:
    """In CI the browser tests must run: a missing browser stops the run instead of skipping.

    The package is compiled once, before any worker starts: hundreds of tests run
    ``continuity`` or ``mkdocs`` as a process, and where PYTHONDONTWRITEBYTECODE is set (or the
    checkout is fresh) each of them would compile every module it imports from source again."""
    if os.environ.get("CONTINUITY_REQUIRE_BROWSER") and not CHROMIUM.exists():
        pytest.exit("CONTINUITY_REQUIRE_BROWSER is set but /usr/bin/chromium is missing "
                    "(apt-get install -y chromium)", returncode=2)
    if not hasattr(session.config, "workerinput"):  # the controller, or a run without xdist
        compileall.compile_dir(REPO / "continuity", quiet=2)


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


# ------------------------------------------------------------- made once, read by many tests

#: Modules whose tests share what a module- or session-scoped fixture makes once (a pip install,
#: pre-commit's hook environment, a site and a browser): each group runs on one pytest-xdist
#: worker, which makes it once, instead of every worker making its own. pytest-xdist's
#: ``xdist_group`` mark would say the same, but under pytest 9.2 it is lost (xdist renames node
#: ids through an attribute pytest no longer reads), so the groups are named here.
GROUPS = {
    "tests/commands/test_action.py": "action",
    "tests/generator/test_board_browser.py": "board-browser",
    "tests/generator/test_chat_browser.py": "chat-browser",
    "tests/commands/test_precommit.py": "pre-commit",
    "tests/generator/test_site_browser.py": "site_src-browser",
    "tests/generator/test_site_look_browser.py": "site_src-browser",
    "tests/generator/test_tooltips_browser.py": "tooltips",
}


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """xdist's own scheduling by scope, a scope being a group of :data:`GROUPS` or else one
    test: the groups go first (the most tests first), then every other test one at a time in
    the order collected, to whichever worker is free."""
    if config.getoption("dist") not in ("load", "loadgroup"):
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return GROUPS.get(nodeid.split("::", 1)[0], nodeid)

    return GroupScheduling(config, log)  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def site_src_sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """site_src/'s site built by the plugin in MkDocs, and by Zensical from ``continuity
    generate`` output with the stylesheet named in its configuration, as docs/site.md says:
    each engine's site directory (read by tests/generator/test_site_browser.py and
    test_site_look_browser.py, which never write to it)."""
    from tests.support.engines import build_site
    from tests.support.site_support import build

    if not (SITE_SRC / "STATE.md").exists():
        pytest.skip("site_src/ is not there")
    work = tmp_path_factory.mktemp("site_src")
    result = build(REPO, site=work / "mkdocs" / "site")
    assert result.error is None, result.said
    zensical = build_site("zensical", SITE_SRC, work / "zensical",
                          config_extra={"extra_css": ["continuity.css"]})
    return {"mkdocs": result.site, "zensical": zensical}


@pytest.fixture(scope="module")
def chromium() -> Iterator[object]:
    """Debian's headless Chromium, driven by Playwright: each test opens its own context.
    Per module: Playwright's sync API runs one driver per thread at a time, and other modules
    start their own."""
    playwright = pytest.importorskip("playwright.sync_api")
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()
