"""Zensical (from `continuity generate`) and ProperDocs (the plugin) build the same timeline."""

from __future__ import annotations

import html
import re

import pytest

from tests.support.engines import build_site
from tests.timeline.support import TOKEN, state_repository

COMMITS = 25


@pytest.mark.parametrize("engine", ["zensical", "properdocs"])
def test_the_engine_builds_every_version_and_no_credential(engine, tmp_path):
    repo, shas = state_repository(tmp_path / "repo", COMMITS, secret_at=10)
    site = build_site(engine, repo.path, tmp_path / "work", strict=False)
    pages = [site / "STATE" / "history" / "index.html",
             *sorted((site / "STATE" / "history").glob("page-*/index.html"))]
    text = "".join(page.read_text("utf-8") for page in pages)
    assert len(set(re.findall(r'id="version-([0-9a-f]{7})"', text))) == COMMITS + 1
    assert "Cycle 25 running." in text
    # Shown as text (escaped, punctuation perhaps as character references), never as markup.
    assert "<script>alert(" not in text and "<script>alert(" in html.unescape(text)
    assert not [p for p in site.rglob("*") if p.is_file() and TOKEN.encode() in p.read_bytes()]
