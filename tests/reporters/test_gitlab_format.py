"""``--output-format gitlab``: GitLab's Code Quality report, validated against its schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from tests.support.common import GitRepo, minimal_tree, run_cli, write_files

SCHEMA = json.loads((Path(__file__).parent / "schemas" / "gitlab-code-quality.schema.json")
                    .read_text("utf-8"))
J = "journal/2026-01-02-turn-1.md"
#: A credential-like line CT601 reports (an AWS-style key id, made up).
SECRET = "aws_access_key_id = AKIA" + "Q7R2T4V6X8Z0B3D5\n"


def report(root: Path, *extra: str, cwd: Path | None = None, env: dict | None = None) -> list:
    out = (cwd or root) / "gl-code-quality.json"
    result = run_cli("check", "--output-format", "gitlab", "-o", out, *extra, cwd=cwd or root,
                     env=env)
    assert result.code == 1, result.err
    issues = json.loads(out.read_text("utf-8"))
    jsonschema.validate(issues, SCHEMA)
    return issues


@pytest.fixture
def memory(repo: GitRepo) -> GitRepo:
    tree = minimal_tree()
    tree[J] = tree[J].replace("date: 2026-01-02\n", "date: 2026-01-02\nmood: fine\n")  # CT207
    tree["journal/2026-01-03-turn-1.md"] = tree[J].replace("2026-01-02", "2026-01-03").replace(
        "Nothing parsed.", "{{CONTEXT}}")  # CT203
    tree["CONTEXT.md"] += SECRET  # CT601
    repo.commit("memory", tree)
    return repo


def test_the_report_fits_gitlabs_schema_with_severities_mapped(memory: GitRepo):
    issues = report(memory.path)
    by_code = {i["check_name"].split()[0]: i for i in issues}
    assert {"CT203", "CT207", "CT601"} <= set(by_code)
    assert by_code["CT203"]["severity"] == "major"
    assert by_code["CT207"]["severity"] == "minor"
    assert by_code["CT601"]["severity"] == "critical"
    line = (memory.path / "journal/2026-01-03-turn-1.md").read_text().split("\n").index(
        "{{CONTEXT}}") + 1
    assert by_code["CT203"]["location"] == {"path": "journal/2026-01-03-turn-1.md",
                                            "lines": {"begin": line}}
    assert by_code["CT203"]["check_name"] == "CT203 unfilled-placeholder"
    assert "Fix: " in by_code["CT203"]["description"]
    assert "AKIA" + "Q7R2T4V6X8Z0B3D5" not in json.dumps(issues)  # a secret is never echoed
    assert len({i["fingerprint"] for i in issues}) == len(issues)


def test_fingerprints_are_stable_across_runs_line_shifts_and_findings_elsewhere(memory: GitRepo):
    first = {i["check_name"] + i["location"]["path"]: i["fingerprint"] for i in report(memory.path)}
    assert first == {i["check_name"] + i["location"]["path"]: i["fingerprint"]
                     for i in report(memory.path)}
    entry = memory.path / "journal/2026-01-03-turn-1.md"
    line = entry.read_text().split("\n").index("{{CONTEXT}}") + 1
    entry.write_text(entry.read_text().replace("## Context before", "## Context before\n\nA.\n"))
    write_files(memory.path, {"journal/2026-01-04-turn-1.md": "no frontmatter\n"})
    moved = report(memory.path)
    again = {i["check_name"] + i["location"]["path"]: i["fingerprint"] for i in moved}
    assert all(again[key] == value for key, value in first.items())
    placeholder = next(i for i in moved if i["check_name"].startswith("CT203"))
    assert placeholder["location"]["lines"]["begin"] == line + 3  # moved, same fingerprint


def test_paths_are_relative_to_the_gitlab_project(memory: GitRepo):
    below = memory.path / "tools"
    below.mkdir()
    issues = report(memory.path, str(memory.path), cwd=below,
                    env={"CI_PROJECT_DIR": str(memory.path)})
    assert {i["location"]["path"] for i in issues} >= {J, "CONTEXT.md"}


def test_a_clean_tree_is_an_empty_array(repo: GitRepo):
    repo.commit("memory", minimal_tree())
    result = run_cli("check", "--output-format", "gitlab", cwd=repo.path)
    assert result.code == 0 and json.loads(result.out) == []
