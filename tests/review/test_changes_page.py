"""The site's Changes page (generator/changes_page.py) on a real repository: `continuity
generate`, and `mkdocs build` with every link and anchor resolving."""

from __future__ import annotations

import re

import pytest

from tests.support.common import run_cli
from tests.support.site_support import broken_links, build, write_mkdocs_yml
from tests.timeline.support import TOKEN, state_repository

COMMITS = 30


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    work = tmp_path_factory.mktemp("changes")
    repo, shas = state_repository(work / "repo", COMMITS, secret_at=20)
    repo.git("tag", "v1", shas[25])
    state = repo.path / "STATE.md"
    state.write_text(state.read_text().replace("running.", "running, reviewed."))
    repo.git("add", "STATE.md")
    repo.git("-c", "user.name=Eve <b>&</b> Mallory", "commit", "-q",
             "-m", "<script>alert(1)</script> [x](javascript:alert(2))")
    return repo, [*shas, repo.git("rev-parse", "HEAD").strip()]


def test_generate_writes_a_changes_page_per_range_with_an_anchor_per_commit(repo, tmp_path):
    repo, shas = repo
    out = tmp_path / "out"
    done = run_cli("generate", "--out", str(out), cwd=repo.path)
    assert done.code in (0, 1), done.err
    page = (out / "changes.md").read_text("utf-8")
    assert page.startswith("# Changes")
    headings = re.findall(r"^## (.*)$", page, re.M)
    assert headings[0] == "Since v1" and headings[1].startswith("The last 7 days")
    since_tag = page.split("## The last 7 days")[0]
    # the tag is commit 25 of 30 and one commit more: six commits since
    assert len(re.findall(r"^\| <a id=", since_tag, re.M)) == 6, since_tag  # a row a commit
    anchors = set(re.findall(r'<a id="commit-([0-9a-f]{7})"></a>', page))
    assert shas[-1][:7] in anchors and len(anchors) == len(set(anchors))
    assert "Status, Next valid action" in page  # the sections each commit touched
    assert TOKEN not in page
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    state = (out / "STATE.md").read_text("utf-8")
    linked = re.findall(r"\[in Changes\]\(changes\.md#commit-([0-9a-f]{7})\)", state)
    assert linked and set(linked) <= anchors
    history = (out / "STATE" / "history.md").read_text("utf-8")
    from_history = re.findall(r"\[in Changes\]\(\.\./changes\.md#commit-([0-9a-f]{7})\)",
                              history)
    assert shas[-1][:7] in from_history and set(from_history) <= anchors


def test_the_page_is_in_the_site_and_every_link_resolves(repo, tmp_path):
    repo, _ = repo
    write_mkdocs_yml(repo.path, options={"root": "."})
    result = build(repo.path, site=tmp_path / "site")
    assert result.error is None, result.said
    html = result.html("changes/")
    assert "Since v1" in html and 'id="commit-' in html
    assert broken_links(result.site) == []
