"""Records parsed once (the ledger, its session state, the note stores): check, the site and the
report read the same values, and a value one reader refuses never reaches another that fails on
it (real files, the real CLI, real ``mkdocs build``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from continuity.model import records
from tests.support.common import check_json, minimal_tree, run_cli, write_files
from tests.support.site_support import build, write_mkdocs_yml

LEDGER = ".agents/evolve/cycle-history.jsonl"
SESSION = ".agents/evolve/session-state.json"


def _line(cycle: int, **extra: object) -> str:
    data = {"cycle": cycle, "target": "lint-clean", "result": "improved", "sha": "abc1234",
            "canonical_sha": "abc1234", "goals_passing": 3, "goals_total": 4,
            "timestamp": f"2026-02-11T2{cycle}:00:00Z"}
    data.update(extra)
    return json.dumps(data)


def _project(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    project = tmp_path / "project"
    write_files(project / "memory", {**minimal_tree(), **files})
    write_mkdocs_yml(project, options={"root": "memory"})
    return project


def test_each_record_is_parsed_once_per_site_build(tmp_path: Path, monkeypatch):
    project = _project(tmp_path, {
        LEDGER: _line(1) + "\n" + _line(2) + "\n",
        SESSION: json.dumps({"cycle": 2}),
        "notes.jsonl": json.dumps({"time": "2026-02-11T21:00:00Z", "project": "p",
                                   "fact": "Tides follow the moon."}) + "\n",
    })
    calls = {"ledger": 0, "session": 0, "store": 0}

    def counting(name, function):
        def wrapper(*args):
            calls[name] += 1
            return function(*args)
        return wrapper

    monkeypatch.setattr(records, "read_ledger", counting("ledger", records.read_ledger))
    monkeypatch.setattr(records, "read_session_state",
                        counting("session", records.read_session_state))
    monkeypatch.setattr(records, "read_store", counting("store", records.read_store))
    result = build(project)
    assert result.error is None, result.said
    assert calls == {"ledger": 1, "session": 1, "store": 1}
    page = result.html("memory/ledger/") if (result.site / "memory").is_dir() \
        else result.html("ledger/")
    assert "Cycle 2" in page


def _ledger_page(result) -> str:
    for candidate in ("ledger/index.html", "memory/ledger/index.html"):
        if (result.site / candidate).is_file():
            return (result.site / candidate).read_text("utf-8")
    raise AssertionError("no ledger page was built")


def test_a_count_beyond_any_number_is_ct409_and_the_site_still_builds(tmp_path: Path):
    huge = "1" + "0" * 400
    text = _line(1) + "\n" + _line(2).replace('"goals_total": 4', f'"goals_total": {huge}') + "\n"
    project = _project(tmp_path, {LEDGER: text})
    found = check_json(project / "memory")
    ct409 = [d for d in found.json["diagnostics"] if d["code"] == "CT409"]
    assert len(ct409) == 1 and ct409[0]["line"] == 2
    assert "beyond any count" in ct409[0]["message"]
    result = build(project)
    assert result.error is None, result.said
    page = _ledger_page(result)
    assert "Cycle 2" in page and huge not in page  # shown as no count, never as a number


def test_a_float_beyond_a_double_is_a_bad_line_not_an_infinite_count(tmp_path: Path):
    text = _line(1).replace('"goals_total": 4', '"goals_total": 1e400')
    project = _project(tmp_path, {LEDGER: text + "\n"})
    found = check_json(project / "memory")
    assert "CT401" in found.codes()
    assert build(project).error is None


def test_a_lone_surrogate_in_a_ledger_line_is_ct401_and_the_site_builds(tmp_path: Path):
    text = _line(1) + "\n" + _line(2, target="x").replace('"x"', '"bad \\ud800 half"') + "\n"
    project = _project(tmp_path, {LEDGER: text})
    found = check_json(project / "memory")
    ct401 = [d for d in found.json["diagnostics"] if d["code"] == "CT401"]
    assert [d["line"] for d in ct401] == [2]
    assert "surrogate" in ct401[0]["message"]
    result = build(project)
    assert result.error is None, result.said
    assert "Cycle 1" in _ledger_page(result)


def test_a_proper_surrogate_pair_is_text(tmp_path: Path):
    text = _line(1, target="x").replace('"x"', '"wave \\ud83c\\udf0a"') + "\n"
    project = _project(tmp_path, {LEDGER: text})
    assert "CT401" not in check_json(project / "memory").codes()
    result = build(project)
    assert result.error is None and "\U0001f30a" in _ledger_page(result)


def test_a_deeply_nested_session_state_is_ct411_and_the_ledger_page_builds(tmp_path: Path):
    nested = '{"cycle": 1, "claimed_work": ' + "[" * 100_000 + "]" * 100_000 + "}"
    project = _project(tmp_path, {LEDGER: _line(1) + "\n", SESSION: nested})
    found = check_json(project / "memory")
    ct411 = [d for d in found.json["diagnostics"] if d["code"] == "CT411"]
    assert len(ct411) == 1 and "nested deeper" in ct411[0]["message"]
    result = build(project)
    assert result.error is None, result.said
    assert "is not valid JSON" in _ledger_page(result)


@pytest.mark.parametrize("store_line", [
    '{"time": "2026-02-11T21:00:00Z", "project": "p", "fact": "half \\udfff"}',
    '{"time": "2026-02-11T21:00:00Z", "project": "p", "fact": "x", "tags": '
    + "[" * 5000 + "]" * 5000 + "}",
])
def test_a_note_line_no_page_could_show_is_ct501_and_the_site_builds(tmp_path: Path,
                                                                      store_line: str):
    good = json.dumps({"time": "2026-02-11T21:00:00Z", "project": "p", "fact": "Kept."})
    project = _project(tmp_path, {"notes.jsonl": good + "\n" + store_line + "\n"})
    found = check_json(project / "memory")
    assert [d["line"] for d in found.json["diagnostics"] if d["code"] == "CT501"] == [2]
    assert build(project).error is None
    report = run_cli("report", cwd=project / "memory")
    assert report.code in (0, 1)
