"""``--output-format rdjson``: the Reviewdog Diagnostic Format, for reviewdog's pull-request
comments; validated against a schema written from the format's message definitions."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from continuity.reporters.rdjson import _position
from tests.support.common import GitRepo, initialised_repo, run_cli, write_files

SCHEMA = json.loads((Path(__file__).parent / "schemas" / "rdjson.schema.json")
                    .read_text("utf-8"))
FILLED = ("---\ndate: 2026/01/06\nturn: 1\nobjective: parse the tide tables\n---\n\n"
          "# Parse the tide tables\n\n## Context before\n\nNothing parsed.\n\n"
          "## Actions taken\n\nWrote the parser.\n\n## Result\n\nIt parses.\n\n"
          "## Next\n\nPublish.\n")
DRAFT = "journal/2026-01-06-turn-1.md"  # its date written with slashes: CT204, fixable
MISNAMED = "journal/2026-01-07 Turn 1.md"  # CT101, fixed by a rename
#: A credential-like line CT601 reports (an AWS-style key id, made up).
SECRET = "AKIA" + "Q7R2T4V6X8Z0B3D5"


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    return initialised_repo(tmp_path / "repo")


def rdjson(root: Path) -> dict:
    result = run_cli("check", "--output-format", "rdjson", cwd=root)
    assert result.code == 1, result.err
    document = json.loads(result.out)
    jsonschema.validate(document, SCHEMA)
    return document


def test_findings_with_rule_severity_place_and_text_fixes_as_suggestions(repo: GitRepo):
    write_files(repo.path, {DRAFT: FILLED, MISNAMED: FILLED.replace("2026/01/06", "2026-01-07"),
                            "CONTEXT.md": (repo.path / "CONTEXT.md").read_text()
                            + f"\naws_access_key_id = {SECRET}\n"})
    document = rdjson(repo.path)
    assert document["source"]["name"] == "continuity"
    found = {(d["code"]["value"], d["location"]["path"]): d for d in document["diagnostics"]}
    draft = found["CT204", DRAFT]
    assert draft["severity"] in {"ERROR", "WARNING"}
    assert draft["code"]["url"].endswith("#ct204")
    assert draft["location"]["range"]["start"] == {"line": 2, "column": 1}
    assert draft["suggestions"] == [{"range": {"start": {"line": 2, "column": 7},
                                               "end": {"line": 2, "column": 17}},
                                     "text": "2026-01-06"}]
    renamed = found["CT101", MISNAMED]
    assert "suggestions" not in renamed  # a suggestion replaces text; a rename is said
    assert "rename to journal/2026-01-07-turn-1.md" in renamed["message"]
    secret = found["CT601", "CONTEXT.md"]
    assert secret["severity"] == "ERROR"
    assert SECRET not in json.dumps(document)  # a secret is never echoed


def test_a_clean_tree_has_no_diagnostics(repo: GitRepo):
    result = run_cli("check", "--output-format", "rdjson", cwd=repo.path)
    assert result.code == 0, result.out + result.err
    document = json.loads(result.out)
    jsonschema.validate(document, SCHEMA)
    assert document["diagnostics"] == []


def test_columns_are_counted_in_utf8_bytes_as_reviewdog_counts_them():
    # The format's own example: in 'a𐐀b', b is at column 3 in characters, 6 in bytes.
    assert _position(["a\U00010400b"], 1, 3) == {"line": 1, "column": 6}
    assert _position(["naïve: 2026/01/06"], 1, 8) == {"line": 1, "column": 9}
    assert _position(None, 4, 9) == {"line": 4}  # unknown text: the line alone
