"""Acknowledging never publishes a secret (issue 34 #3): a file whose CT601 finding is in
``.continuity-baseline.json`` is still withheld from every page and the search index, under
MkDocs, ProperDocs and generate + Zensical."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.common import GitRepo, minimal_tree, run_cli
from tests.support.engines import build_site

TAIL = "Mn4Bv7Cx1Za3Sd6Fg9Hj2Kl5Qw8Er0Ty1U"
TOKEN = "ghp_" + TAIL[:36] + "Io"
ENTRY = """---
date: 2026-01-02T10:00:00Z
agent: wren
version: 0.1
turn: 1
status: active
---

# Turn 1: wired the deploy

## Summary

Wired the deploy with the token {token} for now.
"""


def _acknowledged(path: Path) -> GitRepo:
    repo = GitRepo(path)
    tree = minimal_tree()
    tree["journal/2026-01-02-turn-1.md"] = ENTRY.format(token=TOKEN)
    repo.commit("start", tree)
    added = run_cli("check", "--add-baseline", "--reason", "a revoked fixture", cwd=repo.path)
    assert added.code == 0, added.out + added.err
    baseline = (repo.path / ".continuity-baseline.json").read_text("utf-8")
    assert '"CT601"' in baseline and TAIL[:20] not in baseline
    repo.commit("acknowledge the fixture token")
    assert run_cli("check", cwd=repo.path).code == 0  # the check is quiet about it now
    return repo


@pytest.mark.parametrize("engine", ["mkdocs", "properdocs", "zensical"])
def test_an_acknowledged_credential_is_still_withheld(tmp_path, engine):
    repo = _acknowledged(tmp_path / "repo")
    site = build_site(engine, repo.path, tmp_path / "work", strict=False)
    leaks = [p.relative_to(site).as_posix() for p in site.rglob("*")
             if p.is_file() and TAIL[:20] in p.read_bytes().decode("utf-8", "replace")]
    assert leaks == []
    entry = [p for p in site.rglob("*.html") if "turn-1" in p.as_posix()]
    assert entry and any("Withheld" in p.read_text("utf-8") for p in entry)
