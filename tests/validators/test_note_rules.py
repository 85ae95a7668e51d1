"""CT501-CT505 on real note stores (notes.jsonl and notes/*.jsonl at the memory root)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.common import check_json, write_files


def note(fact: str = "The tide parser needs UTF-8 input.", **fields) -> dict:
    data = {"time": "2026-11-02T14:03:11Z", "project": "tidewater", "fact": fact}
    for key, value in fields.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


def store_text(lines: list) -> str:
    return "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)


def findings(root: Path, lines: list | None = None, store: str = "notes.jsonl") -> list[dict]:
    if lines is not None:
        write_files(root, {store: store_text(lines)})
    result = check_json(root, "--select", "CT5", "--no-git")
    assert result.code in (0, 1), result.err
    return result.json["diagnostics"]


def codes(found: list[dict]) -> list[tuple[str, int]]:
    return [(d["code"], d["line"]) for d in found]


def test_a_clean_store_has_no_findings(tree: Path):
    lines = [note(), note("Fixtures come from the 2025 harbour survey.", tags=["fixtures"]),
             note("We chose e.g. Postgres over SQLite for the tide cache.", project="ops",
                  tags=[]),
             note("Alerts go to [redacted:email] every night.")]
    assert findings(tree, lines) == []


def test_no_store_no_findings(tree: Path):
    assert findings(tree) == []


# --------------------------------------------------------------------------- CT501


def test_ct501_bad_lines_and_the_rest_still_checked(tree: Path):
    lines = [note(), '{"time": "2026-11-02T14:03:11Z", "fact": "cut', "[1]", "",
             note(project="")]
    found = findings(tree, lines)
    assert codes(found) == [("CT501", 2), ("CT501", 3), ("CT502", 5)]
    assert "a JSON array, not an object" in found[1]["message"]


def test_ct501_invalid_utf8_and_nan(tree: Path):
    raw = store_text([note()]).encode() + b'{"fact": "caf\xe9"}\n' + \
        b'{"time": "2026-11-02T14:03:11Z", "project": "p", "fact": "x", "n": NaN}\n'
    write_files(tree, {"notes.jsonl": raw})
    found = findings(tree)
    assert codes(found) == [("CT501", 2), ("CT501", 3)]
    assert "UTF-8" in found[0]["message"] and "NaN" in found[1]["message"]


# --------------------------------------------------------------------------- CT502


@pytest.mark.parametrize("fields,fragment", [
    ({"time": None}, "has no `time`"),
    ({"time": "2026-11-02T14:03:11+02:00"}, "not an RFC 3339 UTC"),
    ({"time": "2026-11-02T14:03Z"}, "not an RFC 3339 UTC"),
    ({"time": "2026-11-02"}, "not an RFC 3339 UTC"),
    ({"time": 1762092191}, "not an RFC 3339 UTC"),
    ({"project": None}, "has no `project`"),
    ({"project": "  "}, "project is"),
    ({"project": 3}, "project is 3"),
    ({"fact": None}, "has no `fact`"),
    ({"fact": ""}, "fact is"),
    ({"tags": "ops"}, "tags is \"ops\""),
    ({"tags": ["ops", 2]}, "expected a list of non-empty strings"),
    ({"tags": [""]}, "expected a list of non-empty strings"),
])
def test_ct502_fields(tree: Path, fields, fragment):
    found = findings(tree, [_without(fields)])
    assert [d["code"] for d in found] == ["CT502"], found
    assert fragment in found[0]["message"]


def _without(fields: dict) -> dict:
    data = note()
    for key, value in fields.items():
        if value is None:
            data.pop(key)
        else:
            data[key] = value
    return data


def test_ct502_points_at_the_key(tree: Path):
    line = note(time="yesterday")
    [found] = findings(tree, [line])
    assert found["column"] == json.dumps(line).index('"time"') + 1


def test_ct502_plus_zero_offset_is_utc(tree: Path):
    assert findings(tree, [note(time="2026-11-02T14:03:11+00:00")]) == []


# --------------------------------------------------------------------------- CT503


@pytest.mark.parametrize("fact,kind,secret", [
    ("Billing alerts go to wren.harbour@example.org nightly.", "an e-mail address",
     "wren.harbour"),
    ("The fixtures live in /home/wren/tide-fixtures on the build box.",
     "a home-directory path", "/home/wren"),
    ("The mac mini keeps them in /Users/wren/Fixtures for now.", "a home-directory path",
     "/Users/wren"),
    ("The deploy key is AKIA" + "Q7R2T4V6X8Z0B3D5 for the tide bucket.", "an AWS access key id",
     "AKIA" + "Q7R2T4V6X8Z0B3D5"),
    ("The CI token is ghp_" + "a" * 36 + " until Friday.", "a GitHub token", "ghp_aaaa"),
    ("Billing account 123456789012 pays for the tide API.", "a long numeric identifier",
     "123456789012"),
    # user:password@host also reads as an address; either way the password is found
    ("The mirror is https://wren:hunter2hunter2@git.example.org/tide.", "holds a", "hunter2"),
])
def test_ct503_sensitive_facts_are_errors_that_never_echo_the_value(tree: Path, fact, kind,
                                                                    secret):
    [found] = findings(tree, [note(fact)])
    assert (found["code"], found["severity"]) == ("CT503", "error")
    assert kind in found["message"]
    assert secret not in found["message"] + found["hint"]


def test_ct503_column_points_at_the_secret(tree: Path):
    line = note("Alerts go to ops@example.org nightly.")
    [found] = findings(tree, [line])
    assert found["column"] == json.dumps(line).index("ops@example.org") + 1


def test_ct503_markers_and_short_numbers_are_fine(tree: Path):
    lines = [note("Alerts go to [redacted:email] nightly."),
             note("The 2025 survey counted 1204 buoys at 3.5 metres.")]
    assert findings(tree, lines) == []


# --------------------------------------------------------------------------- CT504


@pytest.mark.parametrize("fact,fragment", [
    ("The parser needs UTF-8. The CI runs nightly.", "is 2 sentences"),
    ("The parser needs UTF-8\nand nothing else", "holds a line break"),
    ("Tides " + "rise and fall " * 30 + "daily.", "characters (over 300)"),
])
def test_ct504_not_one_fact(tree: Path, fact, fragment):
    [found] = findings(tree, [note(fact)])
    assert (found["code"], found["severity"]) == ("CT504", "warning")
    assert fragment in found["message"]


def test_ct504_abbreviations_versions_and_initials_are_one_sentence(tree: Path):
    lines = [note("Pin numpy 1.26.4, i.e. the last 1.x release, for the harmonic fit."),
             note("J. Wren owns the parser (see Dr. Okafor's notes) until March.")]
    assert findings(tree, lines) == []


# --------------------------------------------------------------------------- CT505


def test_ct505_duplicates_in_one_store_ignore_case_and_spacing(tree: Path):
    lines = [note(), note("the tide  parser needs UTF-8 input.", time="2026-11-05T09:00:00Z"),
             note(project="ops")]  # another project: not a duplicate
    found = findings(tree, lines)
    assert codes(found) == [("CT505", 2)]
    assert "repeats the fact of line 1" in found[0]["message"]


def test_ct505_duplicates_across_stores_and_every_store_is_checked(tree: Path):
    write_files(tree, {"notes.jsonl": store_text([note()]),
                       "notes/team.jsonl": store_text([note(), note(project="")])})
    found = findings(tree)
    assert [(d["path"], d["code"], d["line"]) for d in found] == [
        ("notes/team.jsonl", "CT505", 1), ("notes/team.jsonl", "CT502", 2)]
    assert "notes.jsonl:1" in found[0]["message"]


def test_configured_note_globs_are_honoured(tree: Path):
    write_files(tree, {"continuity.toml": 'notes = ["facts/*.jsonl"]\n',
                       "facts/a.jsonl": store_text([note(project="")]),
                       "notes.jsonl": store_text([note(project="")])})
    assert [d["path"] for d in findings(tree)] == ["facts/a.jsonl"]
