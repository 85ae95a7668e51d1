"""The Atom feed (``feed.xml``) and the opt-in tags page, through the plugin (a real
``mkdocs build`` with mkdocs-material) and through ``continuity generate``: valid XML with
absolute links, a clear word when ``site_url`` is missing, and tree text (a ``<script>`` in a
title or a tag) only ever text."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.support.common import minimal_tree, run_cli, write_files
from tests.support.site_support import build, write_mkdocs_yml

ATOM = "{http://www.w3.org/2005/Atom}"
HOSTILE = "<script>alert(1)</script>"


def _tree(project: Path) -> None:
    files = {f"memory/{name}": text for name, text in minimal_tree().items()}
    entry = files["memory/journal/2026-01-02-turn-1.md"]
    files["memory/journal/2026-01-02-turn-1.md"] = entry.replace(
        "objective: parse constants\n",
        f"objective: parse constants\ntags: [parser, '{HOSTILE}']\n").replace(
        "# Journal Entry — 2026-01-02", f"# Parse {HOSTILE} constants")
    files["memory/journal/2026-01-05-turn-2.md"] = (
        "---\ndate: 2026-01-05\nturn: 2\nobjective: fixtures\ntags: parser, fixtures\n---\n\n"
        "# Fixtures for the parser\n\n## Context before\n\nParsed.\n\n## Actions taken\n\n"
        "Wrote fixtures.\n\n## Result\n\nGreen.\n\n## Next\n\nMore.\n")
    write_files(project, files)


def test_feed_is_valid_atom_with_absolute_links_and_escaped_titles(tmp_path: Path):
    _tree(tmp_path)
    write_mkdocs_yml(tmp_path, options={"root": "memory", "tags_page": True},
                     extra={"site_url": "https://example.org/memory/"})
    result = build(tmp_path)
    assert result.error is None, result.said
    raw = (result.site / "feed.xml").read_bytes()
    assert b"<script>" not in raw  # escaped by the XML writer
    feed = ET.fromstring(raw)
    assert feed.tag == f"{ATOM}feed"
    entries = feed.findall(f"{ATOM}entry")
    # what RFC 4287 requires of a feed and of each entry
    for element in (feed, *entries):
        for required in ("id", "title", "updated"):
            assert element.findtext(f"{ATOM}{required}"), (element, required)
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ",
                            element.findtext(f"{ATOM}updated"))
    assert feed.find(f"{ATOM}author/{ATOM}name").text == "Test memory"
    ids = [e.findtext(f"{ATOM}id") for e in entries]
    assert len(ids) == len(set(ids)) == 4  # every dated entry of every history directory
    titles = [e.findtext(f"{ATOM}title") for e in entries]
    assert titles[0] == "Fixtures for the parser"  # newest first
    assert f"Parse {HOSTILE} constants" in titles  # the title as text
    links = [e.find(f"{ATOM}link").get("href") for e in entries]
    assert "https://example.org/memory/journal/2026-01-05-turn-2/" in links
    for link in links:  # each is a page the build wrote
        page = link.removeprefix("https://example.org/memory/")
        assert (result.site / page / "index.html").is_file(), link
    self_link = [x.get("href") for x in feed.findall(f"{ATOM}link") if x.get("rel") == "self"]
    assert self_link == ["https://example.org/memory/feed.xml"]

    home = result.html("")  # every page names the feed for browsers and feed readers
    assert ('<link rel="alternate" type="application/atom+xml" title="Test memory" '
            'href="https://example.org/memory/feed.xml">') in home
    tags = result.html("tags/")
    assert "<script>alert" not in tags
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in tags
    assert "fixtures" in tags and "parser" in tags
    # the site's stylesheet is published and linked from every page
    assert (result.site / "continuity.css").is_file()
    assert 'href="../continuity.css"' in tags


def test_no_site_url_no_feed_and_the_build_says_why(tmp_path: Path):
    _tree(tmp_path)
    write_mkdocs_yml(tmp_path, options={"root": "memory"})
    result = build(tmp_path)
    assert result.error is None, result.said
    assert not (result.site / "feed.xml").exists()
    assert any("site_url" in message and "feed" in message for message in result.infos)
    assert not (result.site / "tags").exists()  # the tags page is opt-in
    assert "application/atom+xml" not in result.html("")


def test_generate_writes_feed_tags_and_stylesheet(tmp_path: Path):
    _tree(tmp_path)
    (tmp_path / "continuity.toml").write_text("tags_page = true\n")
    out = tmp_path / "docs"
    result = run_cli("generate", "memory", "--out", out, "--no-git",
                     "--site-url", "https://example.org/", cwd=tmp_path)
    assert result.code == 0, result.err
    feed = ET.fromstring((out / "feed.xml").read_bytes())
    assert feed.findall(f"{ATOM}entry")
    assert (out / "continuity.css").is_file()
    tags = (out / "tags.md").read_text("utf-8")
    assert HOSTILE not in tags and "## parser" in tags
    assert "feed" not in result.err
    again = run_cli("generate", "memory", "--out", out, "--no-git", cwd=tmp_path)
    assert again.code == 0 and "pass --site-url URL" in again.err  # said when it is missing
    assert not (out / "feed.xml").exists()  # the feed written before, removed with the rest


def test_a_tree_without_dated_entries_has_no_feed(tmp_path: Path):
    """A tree of living files alone (a GSD .planning/) has nothing to follow: no empty feed."""
    write_files(tmp_path / "memory", {"STATE.md": "# STATE\n\n## Status\n\nGoing.\n"})
    write_mkdocs_yml(tmp_path, options={"root": "memory"},
                     extra={"site_url": "https://example.org/"})
    result = build(tmp_path)
    assert result.error is None, result.said
    assert not (result.site / "feed.xml").exists()
    assert "application/atom+xml" not in result.html("")


def test_feed_links_follow_use_directory_urls_and_site_prefix(tmp_path: Path):
    _tree(tmp_path)
    write_mkdocs_yml(tmp_path, options={"root": "memory", "site_prefix": "mem"},
                     extra={"site_url": "https://example.org", "use_directory_urls": False})
    result = build(tmp_path)
    assert result.error is None, result.said
    feed = ET.fromstring((result.site / "mem" / "feed.xml").read_bytes())
    links = [e.find(f"{ATOM}link").get("href") for e in feed.findall(f"{ATOM}entry")]
    assert "https://example.org/mem/journal/2026-01-05-turn-2.html" in links
    for link in links:
        assert (result.site / link.removeprefix("https://example.org/")).is_file(), link
