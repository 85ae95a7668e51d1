"""One tree that breaks every CT1xx, CT2xx and CT6xx rule exactly once, checked through the CLI in
every output format; and a tree freshly copied from the protocol's templates."""

from __future__ import annotations

import json
import os
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from continuity.config import load_config
from continuity.model.tree import discover
from tests.support.common import check_json, minimal_tree, protocol_template, run_cli, write_files

GITHUB_TOKEN = "ghp_" + "Tw0" * 12  # assembled at run time: this file holds no credential

TREE_CODES = ("CT101", "CT102", "CT103", "CT104", "CT105", "CT106", "CT107", "CT108")
ENTRY_CODES = ("CT201", "CT202", "CT203", "CT204", "CT205", "CT206", "CT207", "CT208",
               "CT209", "CT210")
PUBLISH_CODES = ("CT601", "CT602", "CT603", "CT604")
WARNINGS = {"CT104", "CT105", "CT108", "CT207", "CT603", "CT604"}


def journal(date: str, turn: int, *, front_extra: str = "", drop: str = "",
            result: str = "It loads.", next_section: bool = True, turn_text: str | None = None,
            date_text: str | None = None) -> str:
    front = (f"date: {date_text or date}\n"
             + ("" if drop == "turn" else f"turn: {turn_text or turn}\n")
             + ("" if drop == "objective" else "objective: load fixtures\n") + front_extra)
    body = (f"# Journal Entry — {date}\n\n## Context before\n\nParser done.\n\n"
            f"## Actions taken\n\nWrote the loader.\n\n## Result\n\n{result}\n")
    if next_section:
        body += "\n## Next\n\nPublish.\n"
    return f"---\n{front}---\n\n{body}"


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.split("\n"), 1) if needle in line)


@pytest.fixture
def broken(tmp_path: Path) -> tuple[Path, set[tuple[str, str, int]]]:
    """The minimal tree with each rule of CT1xx, CT2xx and CT6xx broken exactly once."""
    root = tmp_path / "memory"
    files: dict[str, str | bytes] = dict(minimal_tree())
    state = (files["STATE.md"].replace("## Next valid action", "## Next step")
             .replace("`snapshots/`", "`snapshots/`, `artifacts/`"))
    todo = files["TODO.md"].replace("| wren |", "| {{OWNER}} |")
    context = (files["CONTEXT.md"].replace("`journal/`", "`journal/`, `jornal/`")
               + f"\nDeploy token: {GITHUB_TOKEN}\n")
    learnings = files["LEARNINGS.md"].replace("`completed/`", "`completed/`, `reflections/`")
    snapshot_md = "# SNAPSHOT\n\n**Timestamp:** 2020-01-01T00:00:00Z\n"
    html_entry = journal("2026-01-13", 12, result='<div class="warn">It loads.</div>')
    completed = files["completed/2026-01-03-parse-constants.md"]
    no_evidence = completed.replace("| tests pass | tests/test_parse.py |\n", "")
    files.update({
        "continuity.toml": 'max_file_size = "4 kB"\n',
        "STATE.md": state,  # CT106
        "TODO.md": todo,  # CT107
        "CONTEXT.md": context,  # CT104, CT601
        "LEARNINGS.md": learnings,
        "SNAPSHOT.md": snapshot_md,  # CT108
        "journal/notes.txt": "scratch\n",  # CT101
        "snapshots/2026-01-03T25-00-00.md": files["snapshots/2026-01-02T10-00-00.md"],  # CT102
        "audits/ENTRY.template.md": protocol_template("audits"),  # CT103
        "reflections/2026-01-04-fixtures.md": (  # CT105
            "---\ndate: 2026-01-04\ntopic: fixtures\ntrigger: a flaky test\n---\n\n"
            "# Reflection — fixtures\n\n## What happened\n\nx\n\n## What I learned\n\nx\n\n"
            "## What changes\n\nFixtures first.\n"),
        "journal/2026-01-04-turn-3.md": journal("2026-01-04", 3,  # CT201
                                                front_extra="date: 2026-01-04\n"),
        "journal/2026-01-05-turn-4.md": journal("2026-01-05", 4, drop="objective"),  # CT202
        "journal/2026-01-06-turn-5.md": journal("2026-01-06", 5, result="{{RESULT}}"),  # CT203
        "journal/2026-01-07-turn-6.md": journal("2026-01-07", 6, turn_text="six"),  # CT204
        "journal/2026-01-08-turn-7.md": journal("2026-01-08", 7,  # CT205
                                                date_text="2026-01-09"),
        "journal/2026-01-09-turn-8.md": journal("2026-01-09", 8, next_section=False),  # CT206
        "journal/2026-01-10-turn-9.md": journal("2026-01-10", 9,  # CT207
                                                front_extra="mood: calm\n"),
        "journal/2026-01-11-turn-10.md": journal("2026-01-11", 10, turn_text="11"),  # CT208
        "completed/2026-01-12-no-evidence.md": no_evidence,  # CT209
        "journal/2026-01-12-turn-11.md": journal("2026-01-12", 11).encode().replace(  # CT210
            b"Wrote", b"Wr\xf4te"),
        "journal/2026-01-13-turn-12.md": html_entry,  # CT604
        "artifacts/2026-01-14-crawl.json": '{"pages": [' + "1, " * 3000 + "1]}\n",  # CT603
    })
    write_files(root, files)
    outside = tmp_path / "elsewhere" / "private.md"
    write_files(outside.parent, {"private.md": "private diary\n"})
    os.symlink(outside, root / "journal" / "2026-01-15-turn-13.md")  # CT602
    expected = {
        ("CT101", "journal/notes.txt", 1),
        ("CT102", "snapshots/2026-01-03T25-00-00.md", 1),
        ("CT103", "audits", 1),
        ("CT104", "CONTEXT.md", line_of(context, "jornal/")),
        ("CT105", "reflections", 1),
        ("CT106", "STATE.md", 1),
        ("CT107", "TODO.md", line_of(todo, "{{OWNER}}")),
        ("CT108", "SNAPSHOT.md", 3),
        ("CT201", "journal/2026-01-04-turn-3.md", 5),
        ("CT202", "journal/2026-01-05-turn-4.md", 1),
        ("CT203", "journal/2026-01-06-turn-5.md",
         line_of(files["journal/2026-01-06-turn-5.md"], "{{RESULT}}")),
        ("CT204", "journal/2026-01-07-turn-6.md", 3),
        ("CT205", "journal/2026-01-08-turn-7.md", 2),
        ("CT206", "journal/2026-01-09-turn-8.md", 1),
        ("CT207", "journal/2026-01-10-turn-9.md", 5),
        ("CT208", "journal/2026-01-11-turn-10.md", 3),
        ("CT209", "completed/2026-01-12-no-evidence.md", line_of(no_evidence, "## Evidence")),
        ("CT210", "journal/2026-01-12-turn-11.md", line_of(journal("2026-01-12", 11), "Wrote")),
        ("CT601", "CONTEXT.md", line_of(context, "Deploy token")),
        ("CT602", "journal/2026-01-15-turn-13.md", 1),
        ("CT603", "artifacts/2026-01-14-crawl.json", 1),
        ("CT604", "journal/2026-01-13-turn-12.md", line_of(html_entry, "<div")),
    }
    return root, expected


def test_each_rule_is_reported_once_at_its_path_and_line(broken):
    root, expected = broken
    result = check_json(root, "--no-git")
    assert result.code == 1, result.err
    found = {(d["code"], d["path"], d["line"]) for d in result.json["diagnostics"]}
    assert found == expected
    assert len(result.json["diagnostics"]) == len(expected)  # once each
    assert {code for code, _, _ in expected} == set(TREE_CODES + ENTRY_CODES + PUBLISH_CODES)
    for d in result.json["diagnostics"]:
        assert d["severity"] == ("warning" if d["code"] in WARNINGS else "error"), d
        assert d["message"] and d["hint"] and d["name"]
        assert d["column"] >= 1
    assert result.json["summary"]["errors"] == len(expected) - len(WARNINGS)
    assert result.json["summary"]["warnings"] == len(WARNINGS)


def test_paths_are_relative_to_the_working_directory(broken):
    root, expected = broken
    result = run_cli("check", "--no-git", "--output-format", "json", "memory", cwd=root.parent)
    found = {(d["code"], d["path"], d["line"]) for d in result.json["diagnostics"]}
    # configuration is read nearest the working directory: memory/continuity.toml's
    # max_file_size does not apply from above, so the 9 kB file is within the default limit
    assert found == {(code, f"memory/{path}", line) for code, path, line in expected
                     if code != "CT603"}


# ------------------------------------------------------------------ output formats


def test_text_format(broken):
    root, expected = broken
    result = run_cli("check", "--no-git", cwd=root)
    assert result.code == 1
    lines = result.out.splitlines()
    assert "journal/notes.txt:1:1: CT101 'notes.txt' does not match" in result.out
    assert sum(1 for line in lines if line.startswith("  hint: ")) == len(expected)
    assert lines[-1] == f"Found 16 errors and 6 warnings in {_files(root)} files."


def _files(root: Path) -> int:
    return check_json(root, "--no-git").json["summary"]["files"]


def test_json_format_has_the_spec_shape(broken):
    root, _ = broken
    document = check_json(root, "--no-git").json
    assert document["version"] == 1 and document["tool"] == "continuity"
    assert set(document["summary"]) == {"files", "errors", "warnings"}
    keys = {"code", "name", "severity", "path", "line", "column", "message", "hint"}
    for d in document["diagnostics"]:
        assert keys <= set(d) <= keys | {"commit", "commit_date", "occurrences"}
        assert isinstance(d["line"], int) and isinstance(d["column"], int)
        for place in d.get("occurrences", ()):  # every place of a fault reported once
            assert set(place) == {"line", "column", "text"}


def test_sarif_format_is_2_1_0_with_one_rule_per_code(broken):
    root, expected = broken
    result = run_cli("check", "--no-git", "--output-format", "sarif", cwd=root)
    assert result.code == 1
    sarif = json.loads(result.out)
    assert sarif["version"] == "2.1.0" and "sarif-2.1.0" in sarif["$schema"]
    assert len(sarif["runs"]) == 1
    run = sarif["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    assert len(ids) == len(set(ids))
    assert {code for code, _, _ in expected} <= set(ids)
    for r in rules:
        assert r["shortDescription"]["text"] and r["fullDescription"]["text"]
        assert r["defaultConfiguration"]["level"] in ("error", "warning", "note", "none")
    assert len(run["results"]) == len(expected)
    for item in run["results"]:
        assert rules[item["ruleIndex"]]["id"] == item["ruleId"]
        assert item["level"] in ("error", "warning") and item["message"]["text"]
        location = item["locations"][0]["physicalLocation"]
        assert location["region"]["startLine"] >= 1 and location["region"]["startColumn"] >= 1
        assert " " not in location["artifactLocation"]["uri"]


def test_junit_format_parses_as_xml(broken):
    root, expected = broken
    result = run_cli("check", "--no-git", "--output-format", "junit", cwd=root)
    suites = ET.fromstring(result.out.encode("utf-8"))
    failures = suites.findall("./testsuite/testcase/failure")
    assert len(failures) == len(expected)
    assert {f.get("type") for f in failures} == {code for code, _, _ in expected}
    assert int(suites.find("testsuite").get("failures")) == len(expected)


def test_github_format_and_step_summary(broken, tmp_path: Path):
    root, expected = broken
    summary = tmp_path / "summary.md"
    result = run_cli("check", "--no-git", "--output-format", "github", cwd=root,
                     env={"GITHUB_STEP_SUMMARY": str(summary)})
    assert result.code == 1
    # Findings only: a `::notice::` (e.g. "history rules skipped") is not an annotation of one.
    annotations = [line for line in result.out.splitlines()
                   if line.startswith(("::error ", "::warning "))]
    assert len(annotations) == len(expected)
    assert "::warning file=journal/2026-01-13-turn-12.md,line=" in result.out
    assert "::error file=journal/notes.txt,line=1,col=1,title=CT101 entry-name::" in result.out
    table = summary.read_text("utf-8")
    assert "16 errors, 6 warnings" in table and "| error | CT101 entry-name |" in table


# ------------------------------------------------------------------ options and exit codes


def test_exit_codes_and_fail_on(broken):
    root, _ = broken
    clean = root.parent / "clean"
    write_files(clean, minimal_tree())
    assert check_json(clean, "--no-git").code == 0
    assert check_json(root, "--no-git").code == 1
    only_warnings = ("--select", "CT104,CT105")
    assert check_json(root, "--no-git", *only_warnings).code == 0
    assert check_json(root, "--no-git", *only_warnings, "--fail-on", "warning").code == 1
    assert run_cli("check", "--no-git", "--output-format", "yaml", cwd=root).code == 2
    missing = run_cli("check", "--no-git", "no-such-dir", cwd=root)
    assert missing.code == 2 and "no-such-dir" in missing.err


def test_select_and_ignore_prefixes(broken):
    root, _ = broken

    def codes(*args: str) -> set[str]:
        return {d["code"] for d in check_json(root, "--no-git", *args).json["diagnostics"]}

    assert codes("--select", "CT1") == set(TREE_CODES)
    assert codes("--select", "CT2", "--ignore", "CT20") == {"CT210"}
    assert codes("--ignore", "CT1,CT2") == set(PUBLISH_CODES)
    assert codes("--select", "CT6", "--ignore", "CT60") == set()
    assert codes("--select", "CT60", "--ignore", "CT6") == set(PUBLISH_CODES)  # specific wins
    assert codes("--select", "ct205") == {"CT205"}


def test_statistics_and_output_file(broken):
    root, expected = broken
    stats = run_cli("check", "--no-git", "--statistics", cwd=root)
    assert stats.code == 1
    rows = [line.split() for line in stats.out.splitlines()[:-1]]
    assert len(rows) == len(expected)
    assert all(row[0] == "1" for row in rows)
    assert ["1", "CT101", "entry-name", "(error)"] in rows
    report = root.parent / "report.json"
    written = run_cli("check", "--no-git", "--output-format", "json", "-o", str(report), cwd=root)
    assert written.code == 1 and written.out == ""
    document = json.loads(report.read_text("utf-8"))
    assert len(document["diagnostics"]) == len(expected)


# ------------------------------------------------------------------ a tree fresh from templates


STATE_TEMPLATES = {
    "STATE.md": "# STATE\n\n## Status\n\n{{STATUS}}\n\n## Active objective\n\n{{OBJECTIVE}}\n\n"
                "## Next valid action\n\n{{NEXT_ACTION}}\n\n## Mesh index\n\n"
                "- **Indexes:** {{DIRECTORIES}}\n",
    "TODO.md": "# TODO\n\n## Active\n\n| ID | Task |\n|----|------|\n| {{ID}} | {{TASK}} |\n\n"
               "## Pending\n\n## Blocked\n",
    "CONTEXT.md": "# CONTEXT\n\n**Session:** {{SESSION_ID}}\n\n{{CURRENT_CONTEXT}}\n",
    "LEARNINGS.md": "# LEARNINGS\n\n## Insights\n\n| # | Insight |\n|---|---|\n"
                    "| 1 | {{INSIGHT}} |\n",
    "PLAN.md": "# PLAN\n\n## Phase 1\n\n- {{STEP}}\n",
    "TOOLS.md": "# TOOLS\n\n| Tool | Purpose |\n|---|---|\n| {{TOOL}} | {{PURPOSE}} |\n",
    "ARTIFACTS.md": "# ARTIFACTS\n\n- {{ARTIFACT}}\n",
    "SNAPSHOT.md": "# SNAPSHOT\n\n**Timestamp:** {{TIMESTAMP}}\n\n{{SUMMARY}}\n",
}
HISTORY = ("completed", "journal", "reflections", "snapshots", "audits", "proposals", "setup",
           "artifacts")


def test_a_tree_fresh_from_the_templates_reports_only_its_placeholders(tmp_path: Path):
    root = tmp_path / "fresh"
    files: dict[str, str] = dict(STATE_TEMPLATES)
    for directory in HISTORY:
        files[f"{directory}/ENTRY.template.md"] = protocol_template(directory)
        files[f"{directory}/.gitkeep"] = ""
    write_files(root, files)
    model = discover(load_config(root), root)
    assert model.entries == []  # templates and .gitkeep are not entries
    assert sorted(model.directories) == sorted(HISTORY)
    expected: dict[str, list[tuple[int, int]]] = {}
    for name, text in STATE_TEMPLATES.items():
        for number, line in enumerate(text.split("\n"), 1):
            start = line.find("{{")
            while start >= 0:
                expected.setdefault(name, []).append((number, start + 1))
                start = line.find("{{", start + 2)
    result = check_json(root, "--no-git")
    # One CT107 per state file, at its first placeholder, listing every place (one cause).
    found = {d["path"]: d for d in result.json["diagnostics"]}
    assert len(found) == len(result.json["diagnostics"])
    assert {d["code"] for d in found.values()} == {"CT107"}
    assert sorted(found) == sorted(expected)
    for name, places in expected.items():
        assert (found[name]["line"], found[name]["column"]) == places[0]
        if len(places) > 1:
            assert [(o["line"], o["column"]) for o in found[name]["occurrences"]] == places
            assert f"{len(places)} placeholders left in {name}" in found[name]["message"]
    assert result.code == 1
