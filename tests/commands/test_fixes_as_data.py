"""Fixes are data on a finding (validators/fixes.py): built by the rule that finds it, shown in
JSON (``fix``, as ruff writes it), SARIF (``fixes``) and text (``[*]`` and a count), and applied
by ``--fix`` from the findings themselves; safe only in a file git does not hold yet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.common import GitRepo, check_json, initialised_repo, run_cli, write_files

FILLED = ("---\ndate: 2026/01/06\nturn: 1\nobjective: parse the tide tables\n---\n\n"
          "# Parse the tide tables\n\n## Context before\n\nNothing parsed.\n\n"
          "## Actions taken\n\nWrote the parser.\n\n## Result\n\nIt parses.\n\n"
          "## Next\n\nPublish.\n")
DRAFT = "journal/2026-01-06-turn-1.md"  # well named, its date written with slashes
MISNAMED = "journal/2026-01-07 Turn 1.md"


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return initialised_repo(tmp_path / "repo")


def test_json_carries_each_fix_with_its_applicability_and_edits(repo: GitRepo):
    committed = "journal/2026-01-05-turn-1.md"
    repo.commit("a committed entry, date with dots", {
        committed: FILLED.replace("2026/01/06", "2026.01.05")})
    write_files(repo.path, {DRAFT: FILLED,
                            MISNAMED: FILLED.replace("2026/01/06", "2026-01-07")})
    found = {d["path"]: d for d in check_json(repo.path).json["diagnostics"]}
    draft = found[DRAFT]
    assert draft["code"] == "CT204"
    assert draft["fix"] == {
        "applicability": "safe", "message": "write the date 2026-01-06 (YYYY-MM-DD)",
        "edits": [{"content": "2026-01-06", "location": {"row": 2, "column": 7},
                   "end_location": {"row": 2, "column": 17}}]}
    assert found[MISNAMED]["fix"] == {
        "applicability": "safe", "message": "rename to journal/2026-01-07-turn-1.md",
        "edits": [], "rename": "journal/2026-01-07-turn-1.md"}
    # Committed: the same fix is known, and unsafe (it would change what git holds).
    assert found[committed]["fix"]["applicability"] == "unsafe"


def test_sarif_and_text_show_the_fixes(repo: GitRepo):
    write_files(repo.path, {DRAFT: FILLED,
                            MISNAMED: FILLED.replace("2026/01/06", "2026-01-07")})
    sarif = json.loads(run_cli("check", "--output-format", "sarif", cwd=repo.path).out)
    results = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]: r
               for r in sarif["runs"][0]["results"]}
    change = results[DRAFT]["fixes"][0]["artifactChanges"][0]
    assert change["replacements"] == [{
        "deletedRegion": {"startLine": 2, "startColumn": 7, "endLine": 2, "endColumn": 17},
        "insertedContent": {"text": "2026-01-06"}}]
    renamed = results["journal/2026-01-07%20Turn%201.md"]
    assert "fixes" not in renamed  # SARIF edits contents; a rename is said in properties
    assert renamed["properties"]["fix"]["rename"] == "journal/2026-01-07-turn-1.md"
    text = run_cli("check", cwd=repo.path).out
    assert f"{DRAFT}:2:1: CT204 [*] date '2026/01/06'" in text
    assert text.rstrip().endswith("[*] 2 fixable with --fix.")


def test_fix_applies_the_edits_the_findings_carry_and_nothing_else(repo: GitRepo):
    write_files(repo.path, {DRAFT: FILLED.replace("date: 2026/01/06", "date: '20260106'  ")})
    fixed = run_cli("check", "--fix", cwd=repo.path)
    assert fixed.code == 0, fixed.out + fixed.err
    assert f"fixed: {DRAFT}: write the date 2026-01-06 (YYYY-MM-DD) (CT204)" in fixed.err
    # Only the value changed: its quotes and the spaces after it are as written.
    assert (repo.path / DRAFT).read_text() == FILLED.replace("date: 2026/01/06",
                                                             "date: '2026-01-06'  ")
    assert "[*]" not in fixed.out
