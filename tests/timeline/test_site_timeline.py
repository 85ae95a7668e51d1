"""The state timeline on a real site: `mkdocs build` with the plugin, and `continuity generate`."""

from __future__ import annotations

import json
import re

import pytest

from tests.support.common import check_json, run_cli
from tests.support.site_support import broken_links, build, write_mkdocs_yml
from tests.timeline.support import TOKEN, state_repository

COMMITS = 45
SECRET_AT = 30


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    work = tmp_path_factory.mktemp("site")
    repo, shas = state_repository(work / "repo", COMMITS, secret_at=SECRET_AT,
                                  no_snapshot=(40,))
    # A hostile subject and author: text on the page, never markup.
    state = repo.path / "STATE.md"
    state.write_text(state.read_text().replace("running.", "running, reviewed."))
    repo.git("add", "STATE.md")
    repo.git("-c", "user.name=Eve & Mallory", "commit", "-q",
             "-m", "<script>alert(1)</script> [x](javascript:alert(2))")
    shas = [*shas, repo.git("rev-parse", "HEAD").strip()]
    # A credential in a commit's subject: redacted wherever the subject is shown.
    state.write_text(state.read_text().replace("reviewed.", "reviewed twice."))
    repo.git("add", "STATE.md")
    repo.git("commit", "-q", "-m", f"Rotate {TOKEN} again")
    shas = [*shas, repo.git("rev-parse", "HEAD").strip()]
    write_mkdocs_yml(repo.path, options={"root": "."},
                     extra={"repo_url": "https://example.invalid/team/memory"})
    result = build(repo.path)
    assert result.error is None, result.said
    return repo, shas, result


def test_history_pages_list_every_version_newest_first(built):
    repo, shas, result = built
    front = result.html("STATE/history/")
    versions = re.findall(r'id="version-([0-9a-f]{7})"', front)
    pages = sorted(result.site.glob("STATE/history/page-*/index.html"))
    for page in pages:
        versions += re.findall(r'id="version-([0-9a-f]{7})"', page.read_text("utf-8"))
    assert len(versions) == COMMITS + 3 == len(set(versions))
    assert versions[0] == shas[-1][:7]  # the newest first
    assert "Rotate [redacted:github-token] again" in front
    assert len(pages) == (COMMITS + 3) // 20 - 1
    assert f'href="https://example.invalid/team/memory/commit/{shas[-1]}"' in front


def test_the_state_page_has_its_history_part_and_the_home_what_changed(built):
    repo, shas, result = built
    state = result.html("STATE/")
    assert 'id="state-history"' in state and shas[-1][:7] in state
    home = result.html("")
    assert "What changed recently" in home and shas[-1][:7] in home


def test_a_version_without_its_snapshot_is_marked(built):
    repo, shas, result = built
    pages = [result.html("STATE/history/")] + [
        p.read_text("utf-8") for p in result.site.glob("STATE/history/page-*/index.html")]
    text = "".join(pages)
    block = text[text.index(f'id="version-{shas[40][:7]}"'):]
    block = block[:block.index("</div>")]
    assert "No snapshot entry in this commit" in block
    other = text[text.index(f'id="version-{shas[39][:7]}"'):]
    assert "Snapshot taken with it" in other[:other.index("</div>")]


def test_the_credential_is_on_no_page_and_not_in_the_search_index(built):
    repo, shas, result = built
    assert TOKEN not in repo.path.joinpath("STATE.md").read_text()
    leaks = [p for p in result.site.rglob("*") if p.is_file()
             and TOKEN.encode() in p.read_bytes()]
    assert leaks == []
    index = result.site / "search" / "search_index.json"
    assert index.exists() and TOKEN not in index.read_text("utf-8")
    assert "holds a credential" in "".join(
        p.read_text("utf-8") for p in result.site.glob("STATE/history/**/index.html"))


def test_hostile_commit_text_is_text(built):
    repo, shas, result = built
    front = result.html("STATE/history/")
    assert "<script>alert(1)" not in front and "&lt;script&gt;alert(1)" in front
    assert "by Eve &amp; Mallory" in front  # git itself drops < and > from names
    assert "<img src=x" not in front and 'href="javascript:' not in front


def test_check_reports_the_credential_with_its_commit(built):
    repo, shas, result = built
    done = check_json(repo.path)
    found = [d for d in json.loads(done.out)["diagnostics"] if d["code"] == "CT605"]
    assert len(found) == 1
    assert found[0]["severity"] == "warning" and found[0]["path"] == "STATE.md"
    assert shas[SECRET_AT][:7] in found[0]["message"]
    assert TOKEN not in done.out


def test_generate_writes_the_same_versions_as_markdown(built, tmp_path):
    repo, shas, _ = built
    out = tmp_path / "out"
    done = run_cli("generate", "--out", str(out), cwd=repo.path)
    assert done.code in (0, 1), done.err
    text = "".join(p.read_text("utf-8") for p in out.glob("STATE/history*.md"))
    text += "".join(p.read_text("utf-8") for p in out.glob("STATE/history/*.md"))
    assert len(set(re.findall(r'id="version-([0-9a-f]{7})"', text))) == COMMITS + 3
    everything = "".join(p.read_text("utf-8") for p in out.rglob("*.md"))
    assert TOKEN not in everything
    # The subject is text; the versions' own lines are inside fenced blocks, as code.
    assert "<script>alert(1)</script> [x]" not in everything
    assert "&lt;script&gt;alert(1)&lt;/script&gt; \\[x\\]" in text


def test_state_history_false_turns_it_off(built, tmp_path):
    repo, _, _ = built
    write_mkdocs_yml(repo.path, options={"root": ".", "state_history": False})
    try:
        result = build(repo.path, site=tmp_path / "site")
        assert result.error is None, result.said
        assert not (tmp_path / "site" / "STATE" / "history").exists()
        assert "What changed recently" not in result.html("")
    finally:
        write_mkdocs_yml(repo.path, options={"root": "."})


def test_every_link_resolves_and_every_placeholder_is_filled(built):
    repo, shas, result = built
    pages = list(result.site.rglob("*.html"))
    assert not [p for p in pages if "continuity-html-" in p.read_text("utf-8")]
    assert broken_links(result.site) == []


def test_without_directory_urls_the_links_resolve_too(tmp_path):
    repo, shas = state_repository(tmp_path / "repo", 25)
    write_mkdocs_yml(repo.path, options={"root": "."}, extra={"use_directory_urls": False})
    result = build(repo.path)
    assert result.error is None, result.said
    assert f'id="version-{shas[-1][:7]}"' in result.html("STATE/history.html")
    assert broken_links(result.site) == []
