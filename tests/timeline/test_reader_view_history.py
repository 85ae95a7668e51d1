"""One reader's view for history and diagnostics (issue 34 #1, #9): a token an old STATE.md
version held written ``ghp\\_…`` or split by U+200B, a commit subject and an author name holding
one, and a frontmatter value quoted in a CT204 message are judged by what a reader sees: CT605
names the version, and no output (site pages, search index, report, every check format) shows
the token."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.support.common import STATE, GitRepo, minimal_tree, run_cli
from tests.support.engines import build_site

#: Token shapes the detectors know (never real ones); each tail is what must never be shown.
ESCAPED_TAIL = "Zq7Xw3Vb9Nm1Lk5Jh8Gf2Ds4Aa6Pp0Oo9Ii1"
SPLIT_TAIL = "Rt5Ey8Uu1Ww3Qq7Zz2Xx9Cc4Vv6Bb0Nn"
SUBJECT_TAIL = "Hh3Jj5Kk7Ll9Mm1Nn2Bb4Vv6Cc8Xx0Zz7T"
AUTHOR_TAIL = "Pp2Oo4Ii6Uu8Yy0Tt1Rr3Ee5Ww7Qq9Aa5S"
ESCAPED = "ghp\\_" + ESCAPED_TAIL
SPLIT = "ghp_Ab\u200b" + SPLIT_TAIL + "cd"
IN_SUBJECT = "ghp\\_" + SUBJECT_TAIL + "xy"
IN_AUTHOR = "ghp\\_" + AUTHOR_TAIL + "uv"
assert len(ESCAPED_TAIL) == len(SPLIT_TAIL) + 4 == len(SUBJECT_TAIL) + 2 == 36
TAILS = (ESCAPED_TAIL[8:], SPLIT_TAIL[4:], SUBJECT_TAIL[4:], AUTHOR_TAIL[4:])


def _hostile_history(path: Path) -> GitRepo:
    repo = GitRepo(path)
    repo.commit("start", minimal_tree())
    repo.commit(f"Note the deploy token {IN_SUBJECT}",
                {"STATE.md": STATE.replace("Building the parser.",
                                           f"Building the parser. Token {ESCAPED}")})
    repo.commit("Note the other token",
                {"STATE.md": STATE.replace("Building the parser.",
                                           f"Building the parser. Other {SPLIT}")})
    env = dict(os.environ, GIT_AUTHOR_NAME=f"bot {IN_AUTHOR}", GIT_AUTHOR_EMAIL="b@example.invalid",
               GIT_AUTHOR_DATE="@1767300000 +0000", GIT_COMMITTER_DATE="@1767300000 +0000")
    (path / "STATE.md").write_text(STATE.replace("Building", "Testing"), "utf-8")
    subprocess.run(["git", "commit", "-qam", "Remove the tokens again"], cwd=path, env=env,
                   check=True)
    return repo


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> GitRepo:
    """The hostile history, made once for the module: every test reads it (check, report and
    the site builds write outside it)."""
    return _hostile_history(tmp_path_factory.mktemp("history") / "repo")


@pytest.fixture(scope="module")
def timeline_sites(tmp_path_factory: pytest.TempPathFactory, history: GitRepo):
    """Each engine's site of the hostile history, built once: the page test and the browser
    test read the same MkDocs site."""
    built: dict[str, Path] = {}

    def site(engine: str) -> Path:
        if engine not in built:
            work = tmp_path_factory.mktemp(f"site-{engine}") / "work"
            built[engine] = build_site(engine, history.path, work, strict=False)
        return built[engine]
    return site


def _leaks(text: str) -> list[str]:
    return [tail for tail in TAILS if tail in text]


def test_ct605_names_versions_a_reader_sees_a_token_in(history: GitRepo):
    repo = history
    done = run_cli("check", "--output-format", "json", cwd=repo.path)
    ct605 = [d for d in done.json["diagnostics"] if d["code"] == "CT605"]
    assert len(ct605) == 2, done.out  # the escaped version, then the split one
    assert all("github" in d["message"] for d in ct605)
    assert _leaks(done.out) == []


def test_report_shows_neither_old_tokens_nor_subjects_nor_authors(tmp_path, history: GitRepo):
    repo = history
    for form in ("md", "json", "html"):
        out = tmp_path / f"report.{form}"
        done = run_cli("report", "--format", form, "-o", str(out), cwd=repo.path)
        assert done.code in (0, 1), done.err
        text = out.read_text("utf-8")
        assert "Remove the tokens again" in text or form != "md"
        assert _leaks(text) == [], form


@pytest.mark.parametrize("engine", ["mkdocs", "zensical"])
def test_site_timeline_shows_no_old_token_subject_or_author(timeline_sites, engine):
    site = timeline_sites(engine)
    shown = []
    for path in site.rglob("*"):
        if path.is_file() and path.suffix in (".html", ".json", ".md", ".txt", ".xml"):
            text = path.read_text("utf-8", "replace")
            shown += [(path.relative_to(site).as_posix(), leak) for leak in _leaks(text)]
    assert shown == []
    histories = [p for p in site.rglob("*.html") if "history" in p.as_posix()]
    assert histories, "the timeline was built"
    pages = [p.read_text("utf-8") for p in histories]
    assert any("Remove the tokens again" in page for page in pages)
    assert any("[redacted:" in page for page in pages)  # the subject and the author


ENTRY = """---
date: '{value}'
agent: wren
version: 0.1
turn: 1
status: active
---

# Turn 1

## Summary

Did things.
"""


@pytest.mark.parametrize("form", ["text", "json", "sarif", "github", "gitlab", "junit"])
def test_a_message_quoting_an_escaped_token_is_redacted_in_every_format(tmp_path, form):
    repo = GitRepo(tmp_path / "repo")
    tree = minimal_tree()
    tree["journal/2026-01-02-turn-1.md"] = ENTRY.format(value="ghp\\_" + ESCAPED_TAIL)
    repo.commit("start", tree)
    summary = tmp_path / "summary.md"
    done = run_cli("check", "--no-git", "--output-format", form, cwd=repo.path,
                   env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert done.code == 1
    assert "CT204" in done.out or "date" in done.out, done.out
    assert ESCAPED_TAIL[8:] not in done.out + done.err
    if summary.exists():
        assert ESCAPED_TAIL[8:] not in summary.read_text("utf-8")


def test_in_the_browser_no_page_of_the_timeline_shows_a_token(timeline_sites):
    """What the reader's eyes get: every history page, the state page and home, their text as
    the browser lays it out (an invisible U+200B dropped), and every <details> opened."""
    pytest.importorskip("playwright.sync_api")
    from tests.generator.test_site_browser import CHROMIUM, StaticServer

    if not CHROMIUM.exists():
        pytest.skip("needs Debian's chromium")
    from playwright.sync_api import sync_playwright

    site = timeline_sites("mkdocs")
    pages = ["", "STATE/", *(p.parent.relative_to(site).as_posix() + "/"
                              for p in site.rglob("index.html") if "history" in p.as_posix())]
    tokens = [ESCAPED.replace("\\", ""), SPLIT.replace("\u200b", ""),
              IN_SUBJECT.replace("\\", ""), IN_AUTHOR.replace("\\", "")]
    with StaticServer(site) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
        try:
            tab = browser.new_page()
            read = []
            for path in pages:
                tab.goto(server.url + path)
                tab.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
                seen = tab.evaluate("document.body.innerText").replace("\u200b", "")
                assert not [token for token in tokens if token in seen], path
                read.append(seen)
            assert "Remove the tokens again" in "".join(read)  # the timeline was read
        finally:
            browser.close()
