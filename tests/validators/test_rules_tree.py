"""CT1xx on real trees in temporary directories: each rule fires where it should, and only there."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from continuity.config import load_config
from continuity.model.tree import discover
from continuity.validators.engine import run_check
from tests.support.common import check_json, minimal_tree, protocol_template, write_files


def findings(root: Path, *extra: str) -> list[dict]:
    result = check_json(root, "--no-git", *extra)
    assert result.code in (0, 1), result.err
    return result.json["diagnostics"]


def where(root: Path, code: str, *extra: str) -> list[tuple[str, int, int]]:
    """(path, line, column) of every finding of ``code``."""
    return [(d["path"], d["line"], d["column"]) for d in findings(root, *extra)
            if d["code"] == code]


def only(root: Path, code: str) -> dict:
    found = [d for d in findings(root) if d["code"] == code]
    assert len(found) == 1, found
    return found[0]


JOURNAL = minimal_tree()["journal/2026-01-02-turn-1.md"]
SNAPSHOT = minimal_tree()["snapshots/2026-01-02T10-00-00.md"]
COMPLETED = minimal_tree()["completed/2026-01-03-parse-constants.md"]


# ------------------------------------------------------------------ CT101 entry-name


def test_ct101_fires_on_a_name_that_breaks_the_pattern(tree: Path):
    write_files(tree, {"journal/notes.txt": "scratch\n",
                       "completed/2026-01-04_Parse.md": COMPLETED})
    assert sorted(where(tree, "CT101")) == [("completed/2026-01-04_Parse.md", 1, 1),
                                            ("journal/notes.txt", 1, 1)]
    messages = {d["path"]: d for d in findings(tree) if d["code"] == "CT101"}
    assert "YYYY-MM-DD-turn-N.md" in messages["journal/notes.txt"]["message"]
    assert "notes.txt" in messages["journal/notes.txt"]["message"]
    assert "2026-06-27-turn-3.md" in messages["journal/notes.txt"]["hint"]


def test_ct101_a_misnamed_markdown_entry_is_one_finding_not_a_cascade(tree: Path):
    write_files(tree, {"journal/turn-two.md": JOURNAL.replace("objective: parse constants\n", ""),
                       "journal/templates/daily.md": "# {{date}}\n\n## Log\n"})
    codes = {(d["code"], d["path"]) for d in findings(tree)}
    assert codes == {("CT101", "journal/turn-two.md"), ("CT101", "journal/templates/daily.md")}


def test_ct101_leaves_the_archive_subfolder_alone(tree: Path):
    write_files(tree, {"journal/archive/2025-10-02-turn-1.md": JOURNAL,
                       "journal/archive/old-notebook.md": "# Kept from before the protocol\n"})
    assert findings(tree) == []


#: A knowledge/ entry written to the protocol's template (the built-in default).
KNOWLEDGE_ENTRY = ("---\ntitle: Harmonic constants\ntype: reference\ntags: [tides, harmonics]\n"
                   "source: NOAA CO-OPS\ncreated: 2026-01-02\nupdated: 2026-01-02\n---\n\n"
                   "# Harmonic constants\n\nM2 dominates.\n\n## References\n\n- NOAA\n")


def test_ct101_fires_on_nested_files_and_library_names(tree: Path):
    write_files(tree, {
        "journal/2026/2026-01-05-turn-2.md": JOURNAL.replace("2026-01-02", "2026-01-05")
                                                    .replace("turn: 1", "turn: 2"),
        "memory/tide-tables.md": "# Tides\n",  # namespace missing
        "memory/semantic-tide-tables.md": "# Tides\n",
        "logs/deploys.txt": "x\n",
        "logs/deploys.jsonl": '{"event": "deploy"}\n',
        "MEMORY.md": "# MEMORY\n\n## Mesh index\n\n- **Indexes:** `memory/`\n",
        "EVENTS.md": "# EVENTS\n\n## Mesh index\n\n- **Indexes:** `logs/`\n",
    })
    assert sorted(where(tree, "CT101")) == [
        ("journal/2026/2026-01-05-turn-2.md", 1, 1), ("logs/deploys.txt", 1, 1),
        ("memory/tide-tables.md", 1, 1)]
    nested = [d for d in findings(tree) if d["path"] == "journal/2026/2026-01-05-turn-2.md"]
    assert "subdirectory" in nested[0]["message"]


def test_ct101_does_not_fire_on_files_that_are_not_entries(tree: Path):
    write_files(tree, {
        "journal/README.md": "# About the journal\n",
        "journal/INDEX.md": "# Index\n",
        "journal/index.md": "# index\n",
        "journal/.gitkeep": "",
        "knowledge/topics.json": "{}\n",
        "knowledge/harmonic-constants.md": KNOWLEDGE_ENTRY,
        "KNOWLEDGE.md": "# KNOWLEDGE\n\n## Mesh index\n\n- **Indexes:** `knowledge/`\n",
        "artifacts/2026-01-02-tide-chart.png": b"\x89PNG\r\n\x1a\n\x00\x00",
        "STATE.md": minimal_tree()["STATE.md"].replace("`snapshots/`",
                                                       "`snapshots/`, `artifacts/`"),
    })
    assert findings(tree) == []


# ------------------------------------------------------------------ CT102 entry-date


def test_ct102_fires_on_a_date_or_time_that_does_not_exist(tree: Path):
    write_files(tree, {
        "snapshots/2026-01-02T25-00-00.md": SNAPSHOT,
        "journal/2026-02-30-turn-2.md": JOURNAL.replace("turn: 1", "turn: 2"),
    })
    found = {(d["path"], d["line"], d["column"]): d for d in findings(tree)}
    assert set(found) == {("journal/2026-02-30-turn-2.md", 1, 1),
                          ("snapshots/2026-01-02T25-00-00.md", 1, 1)}
    assert all(d["code"] == "CT102" for d in found.values())  # no CT205 for an unreal name
    assert "'2026-02-30'" in found[("journal/2026-02-30-turn-2.md", 1, 1)]["message"]
    assert "'25-00-00'" in found[("snapshots/2026-01-02T25-00-00.md", 1, 1)]["message"]


def test_ct102_does_not_fire_on_a_leap_day(tree: Path):
    write_files(tree, {"journal/2024-02-29-turn-2.md":
                       JOURNAL.replace("2026-01-02", "2024-02-29").replace("turn: 1", "turn: 2")})
    assert findings(tree) == []


# ------------------------------------------------------------------ CT103 orphan-directory


def test_ct103_fires_on_a_directory_no_state_file_indexes(tree: Path):
    write_files(tree, {"audits/ENTRY.template.md": protocol_template("audits")})
    finding = only(tree, "CT103")
    assert (finding["path"], finding["line"], finding["column"]) == ("audits", 1, 1)
    assert "audits/" in finding["message"] and "STATE.md" in finding["message"]


def test_ct103_does_not_fire_when_a_default_edge_indexes_it(tree: Path):
    learnings = minimal_tree()["LEARNINGS.md"].split("## Mesh index")[0]
    write_files(tree, {"audits/ENTRY.template.md": protocol_template("audits"),
                       "LEARNINGS.md": learnings})  # no declaration: defaults, audits/ included
    assert where(tree, "CT103") == []


# ------------------------------------------------------------------ CT104 dangling-edge


def test_ct104_fires_at_the_declared_name(tree: Path):
    context = minimal_tree()["CONTEXT.md"].replace("`journal/`", "`journal/`, `jornal/`")
    write_files(tree, {"CONTEXT.md": context})
    line = context.split("\n").index("- **Indexes:** `journal/`, `jornal/`") + 1
    finding = only(tree, "CT104")
    assert (finding["path"], finding["line"], finding["column"]) == ("CONTEXT.md", line, 29)
    assert finding["severity"] == "warning"
    assert "jornal/" in finding["message"]


def test_ct104_does_not_fire_for_existing_dirs_or_none(tree: Path):
    write_files(tree, {"PLAN.md": "# PLAN\n\n## Mesh index\n\n- **Indexes:** none\n"})
    assert where(tree, "CT104") == []


# ------------------------------------------------------------------ CT105 missing-template


def test_ct105_fires_on_a_history_dir_with_entries_and_no_template(tree: Path):
    (tree / "journal" / "ENTRY.template.md").unlink()
    finding = only(tree, "CT105")
    assert (finding["path"], finding["line"], finding["column"]) == ("journal", 1, 1)
    assert "built-in default" in finding["message"]


def test_ct105_does_not_fire_without_markdown_entries_or_for_libraries(tree: Path):
    write_files(tree, {
        "artifacts/2026-01-02-tide-chart.png": b"\x89PNG\r\n\x1a\n",
        "knowledge/harmonic-constants.md": KNOWLEDGE_ENTRY,
        "KNOWLEDGE.md": "# KNOWLEDGE\n\n## Mesh index\n\n- **Indexes:** `knowledge/`\n",
        "ARTIFACTS.md": "# ARTIFACTS\n\n## Mesh index\n\n- **Indexes:** `artifacts/`\n",
    })
    assert findings(tree) == []


# ------------------------------------------------------------------ CT106 state-required


def test_ct106_fires_when_state_lacks_an_item(tree: Path):
    state = minimal_tree()["STATE.md"].replace("## Next valid action", "## Next step")
    write_files(tree, {"STATE.md": state})
    finding = only(tree, "CT106")
    assert (finding["path"], finding["line"], finding["column"]) == ("STATE.md", 1, 1)
    assert "lacks Next valid action" in finding["message"]


def test_ct106_fires_on_an_empty_section(tree: Path):
    state = minimal_tree()["STATE.md"].replace("Building the parser.\n", "")
    write_files(tree, {"STATE.md": state})
    assert "empty Status" in only(tree, "CT106")["message"]


def test_ct106_accepts_bold_field_lines_in_any_case(tree: Path):
    write_files(tree, {"STATE.md": "# STATE\n\n**status:** building\n"
                                   "**Active Objective:** the parser\n"
                                   "- **Next valid action:** fixtures\n\n"
                                   "## Mesh index\n\n- **Indexes:** `snapshots/`\n"})
    assert findings(tree) == []


def test_ct106_leaves_a_placeholder_to_ct107(tree: Path):
    state = minimal_tree()["STATE.md"].replace("Building the parser.", "{{STATUS}}")
    write_files(tree, {"STATE.md": state})
    assert [d["code"] for d in findings(tree)] == ["CT107"]


# ------------------------------------------------------------------ CT107 state-placeholder


def test_ct107_fires_at_each_placeholder(tree: Path):
    todo = minimal_tree()["TODO.md"].replace("| wren |", "| {{owner}} |")
    write_files(tree, {"TODO.md": todo, "CONTEXT.md": "# CONTEXT\n\nWorking on {{ TOPIC }}.\n"})
    line = todo.split("\n").index("| T-2 | Parse the harmonic constants | {{owner}} | 2026-01-02 |")
    assert sorted(where(tree, "CT107")) == [("CONTEXT.md", 3, 12), ("TODO.md", line + 1, 40)]


def test_ct107_ignores_placeholders_in_fenced_code(tree: Path):
    context = minimal_tree()["CONTEXT.md"] + "\n```jinja\n{{ name }}\n```\n"
    write_files(tree, {"CONTEXT.md": context})
    assert findings(tree) == []


def test_ct107_a_placeholder_named_as_a_token_or_variable_is_a_note_about_it(tree: Path):
    """Set 54: an agent's memory of a scaffolder notes how its template token behaves,
    "**{{baseDir}} token is selective, not blanket**": the placeholder is the note's subject,
    not a field left unfilled. A placeholder standing alone as a value is still found."""
    context = minimal_tree()["CONTEXT.md"] + (
        "\n- **{{baseDir}} token is selective, not blanket** (2026-07-11): only plans/ and docs/\n"
        "- The {{ slug }} variable is filled in at scaffold time.\n")
    write_files(tree, {"CONTEXT.md": context})
    assert findings(tree) == []
    write_files(tree, {"CONTEXT.md": context + "- **Base dir:** {{baseDir}}\n"})
    assert [o["text"] for o in only(tree, "CT107")["occurrences"]] == ["{{baseDir}}"]


# ------------------------------------------------------------------ CT108 stale-snapshot


def _snapshot_md(timestamp: str) -> str:
    return f"# SNAPSHOT\n\n**Project:** tidewater\n**Timestamp:** {timestamp}\n"


def test_ct108_fires_on_an_old_timestamp(tree: Path):
    write_files(tree, {"SNAPSHOT.md": _snapshot_md("2020-01-01T00:00:00Z")})
    finding = only(tree, "CT108")
    assert (finding["path"], finding["line"], finding["column"]) == ("SNAPSHOT.md", 4, 16)
    assert finding["severity"] == "warning"
    assert "2020-01-01T00:00:00Z" in finding["message"] and "(7)" in finding["message"]


def test_ct108_does_not_fire_on_a_fresh_timestamp(tree: Path):
    fresh = (dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    write_files(tree, {"SNAPSHOT.md": _snapshot_md(fresh)})
    assert findings(tree) == []


def test_ct108_reads_frontmatter_and_honours_the_configured_age(tree: Path):
    write_files(tree, {"SNAPSHOT.md": "---\ntimestamp: 2026-01-01\n---\n# SNAPSHOT\n"})
    config = load_config(tree, {"git": "off"})
    model = discover(config, tree)
    now = dt.datetime(2026, 1, 8, tzinfo=dt.timezone.utc)  # exactly seven days later

    def ct108(at: dt.datetime, days: int = 7) -> list:
        cfg = config.with_options({"snapshot_max_age_days": days}, "test")
        return [(d.line, d.column) for d in run_check(model, cfg, cwd=tree, now=at).diagnostics
                if d.code == "CT108"]

    assert ct108(now) == []
    assert ct108(now + dt.timedelta(seconds=1)) == [(2, 1)]
    assert ct108(now + dt.timedelta(days=20), days=30) == []


def test_ct108_reports_a_missing_or_unparseable_timestamp(tree: Path):
    write_files(tree, {"SNAPSHOT.md": _snapshot_md("last Tuesday")})
    finding = only(tree, "CT108")
    assert (finding["line"], finding["column"]) == (4, 16)
    assert "'last Tuesday' is not an ISO 8601" in finding["message"]
    write_files(tree, {"SNAPSHOT.md": "# SNAPSHOT\n\nAll quiet.\n"})
    assert "no timestamp" in only(tree, "CT108")["message"]


def test_ct108_leaves_a_placeholder_timestamp_to_ct107(tree: Path):
    write_files(tree, {"SNAPSHOT.md": _snapshot_md("{{TIMESTAMP}}")})
    assert [(d["code"], d["line"], d["column"]) for d in findings(tree)] == [("CT107", 4, 16)]


# ------------------------------------------------------------------ mesh declarations


def test_a_placeholder_mesh_declaration_falls_back_to_the_default_edges(tree: Path):
    state = minimal_tree()["STATE.md"].replace("`snapshots/`", "{{DIRECTORIES}}")
    write_files(tree, {"STATE.md": state})
    line = state.split("\n").index("- **Indexes:** {{DIRECTORIES}}") + 1
    # no CT103 for snapshots/ (STATE.md indexes it by default), no CT104 for "{{DIRECTORIES}}"
    assert [(d["code"], d["path"], d["line"], d["column"]) for d in findings(tree)] == [
        ("CT107", "STATE.md", line, 16)]


def test_a_declared_custom_directory_is_dated_and_has_no_default_template(tree: Path):
    plan = "# PLAN\n\n## Mesh index\n\n- **Indexes:** `decisions/`\n"
    write_files(tree, {"PLAN.md": plan,
                       "decisions/2026-01-04-use-sqlite.md": "# Use SQLite\n",
                       "decisions/use-postgres.md": "# Use Postgres\n"})
    found = [(d["code"], d["path"]) for d in findings(tree)]
    assert found == [("CT105", "decisions"), ("CT101", "decisions/use-postgres.md")]
    ct105 = only(tree, "CT105")
    assert "no built-in default" in ct105["message"]


# ------------------------------------------------------------------ the protocol's own spellings


def test_ct108_reads_the_timestamp_in_the_protocols_yaml_block_and_list_item(tree: Path):
    for body in ("## Snapshot\n\n```yaml\nstatus: READY\ntimestamp: {when}\nagent: wren\n```\n",
                 "## Last known good\n- Timestamp: {when}\n- Branch: main\n"):
        fresh = (dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=1)).strftime(
            "%Y-%m-%dT%H:%M:%SZ")
        for when, expected in ((fresh, 0), ("2025-01-03T10:00:00Z", 1)):
            write_files(tree, {"SNAPSHOT.md": "# SNAPSHOT\n\n" + body.format(when=when)})
            found = [d for d in findings(tree) if d["code"] == "CT108"]
            assert len(found) == expected, (body, when, found)
            if found:
                assert "2025-01-03T10:00:00Z" in found[0]["message"]
                assert found[0]["line"] > 1  # at the timestamp, not the file


def test_ct106_accepts_the_protocols_snake_case_headings(tree: Path):
    state = ("# STATE\n\n## status\n\n`READY`\n\n## active_objective\n\nShip it.\n\n"
             "## next_valid_action\n\nTag the release.\n\n## Mesh index\n\n"
             "- **Indexes:** `snapshots/`\n")
    write_files(tree, {"STATE.md": state})
    assert [d for d in findings(tree) if d["code"] == "CT106"] == []


def test_ct107_is_one_finding_per_state_file_and_skips_template_expressions(tree: Path):
    context = ("# CONTEXT\n\n{{ include \"x.md\" }} and {{Raw Base URL}}\n\n| a | {{A}} |\n"
               "| b | {{B}} |\n\n## Mesh index\n\n- **Indexes:** `journal/`\n")
    write_files(tree, {"CONTEXT.md": context})
    [finding] = [d for d in findings(tree) if d["code"] == "CT107"]
    assert (finding["line"], finding["column"]) == (5, 7)
    assert "2 placeholders left in CONTEXT.md" in finding["message"]
    assert [o["text"] for o in finding["occurrences"]] == ["{{A}}", "{{B}}"]
