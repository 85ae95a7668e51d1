"""CT2xx on real trees: entries against their directory's template, each rule fires and does not."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from continuity.formats import frontmatter
from continuity.formats.frontmatter import FrontmatterIssue
from tests.support.common import GitRepo, check_json, minimal_tree, protocol_template, write_files


def findings(root: Path, *extra: str) -> list[dict]:
    result = check_json(root, "--no-git", *extra)
    assert result.code in (0, 1), result.err
    return result.json["diagnostics"]


def located(root: Path) -> list[tuple[str, str, int, int]]:
    """(code, path, line, column) of every finding, in report order."""
    return [(d["code"], d["path"], d["line"], d["column"]) for d in findings(root)]


def only(root: Path, code: str) -> dict:
    found = [d for d in findings(root) if d["code"] == code]
    assert len(found) == 1, found
    return found[0]


def journal(date: str = "2026-01-05", turn: str = "2", front: str | None = None,
            body: str | None = None) -> str:
    """A valid journal entry, with its frontmatter or body replaced when given."""
    if front is None:
        front = f"date: {date}\nturn: {turn}\nobjective: load fixtures\n"
    if body is None:
        body = ("# Journal Entry\n\n## Context before\n\nParser done.\n\n## Actions taken\n\n"
                "Wrote the loader.\n\n## Result\n\nIt loads.\n\n## Next\n\nPublish.\n")
    return f"---\n{front}---\n\n{body}"


COMPLETED = minimal_tree()["completed/2026-01-03-parse-constants.md"]
SNAPSHOT = minimal_tree()["snapshots/2026-01-02T10-00-00.md"]
J = "journal/2026-01-05-turn-2.md"
KNOWLEDGE = "# KNOWLEDGE\n\n## Mesh index\n\n- **Indexes:** `knowledge/`\n"


def test_the_journal_helper_is_valid(tree: Path):
    write_files(tree, {J: journal()})
    assert findings(tree) == []


# ------------------------------------------------------------------ CT201 frontmatter-invalid


def test_ct201_fires_when_the_template_has_frontmatter_and_the_entry_not(tree: Path):
    write_files(tree, {J: journal().split("---\n", 2)[2]})
    assert located(tree) == [("CT201", J, 1, 1)]  # and no CT202 for each field
    assert "date, turn, objective" in only(tree, "CT201")["message"]


def test_ct201_fires_on_yaml_that_does_not_parse(tree: Path):
    write_files(tree, {J: journal(front="date: 2026-01-05\nturn: 2\nobjective: [unclosed\n")})
    assert located(tree) == [("CT201", J, 4, 21)]
    assert "not valid YAML: expected ',' or ']', but got the end of the frontmatter" \
        in only(tree, "CT201")["message"]
    assert [c for c, *_ in located(tree)] == ["CT201"]


def test_ct201_fires_on_frontmatter_that_is_not_a_mapping(tree: Path):
    write_files(tree, {J: journal(front="- date\n- turn\n")})
    assert located(tree) == [("CT201", J, 2, 1)]
    assert "is a list, not a mapping" in only(tree, "CT201")["message"]


def test_ct201_fires_at_a_duplicate_key(tree: Path):
    write_files(tree, {J: journal(front="date: 2026-01-05\nturn: 2\nobjective: x\n"
                                        "  \nturn: 3\n")})
    finding = only(tree, "CT201")
    assert (finding["path"], finding["line"], finding["column"]) == (J, 6, 1)
    assert "duplicate frontmatter key 'turn' (first at line 3)" in finding["message"]


def test_ct201_fires_on_frontmatter_never_closed(tree: Path):
    write_files(tree, {J: "---\ndate: 2026-01-05\n\n# Journal\n"})
    assert ("CT201", J, 1, 1) in located(tree)
    assert "never closed" in only(tree, "CT201")["message"]


def test_ct201_alias_bomb_is_refused_quickly(tree: Path):
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n"
        for i in range(8))
    write_files(tree, {J: journal(front=bomb)})
    started = time.monotonic()
    finding = only(tree, "CT201")
    assert time.monotonic() - started < 5
    assert "aliases expand" in finding["message"]


def test_ct201_reports_a_broken_template_once_and_uses_the_default(tree: Path):
    write_files(tree, {"journal/ENTRY.template.md": "---\ndate: {{DATE}\n---\n\n## Only\n",
                       J: journal(front="date: 2026-01-05\nturn: 2\n")})
    found = located(tree)
    assert [f for f in found if f[0] == "CT201"] == [("CT201", "journal/ENTRY.template.md", 2, 14)]
    template = only(tree, "CT201")
    assert "built-in default" in template["message"]
    # the built-in journal template applies: objective is required, ## Only is not
    assert [(c, p) for c, p, *_ in found if c != "CT201"] == [("CT202", J)]


def test_ct201_does_not_fire_where_no_frontmatter_is_expected(tree: Path):
    write_files(tree, {
        "knowledge/ENTRY.template.md": "# {{title}}\n\n{{content}}\n",  # no frontmatter
        "knowledge/harmonic-constants.md": "# Harmonic constants\n\nM2 dominates.\n",
        "KNOWLEDGE.md": KNOWLEDGE,
    })
    assert findings(tree) == []  # completed/ (no frontmatter) is in the tree already


#: One real entry for each kind of frontmatter problem, and the hint CT201 gives for it.
_FIX_THE_YAML = ("fix the YAML at this position; quote values that contain ': ', ' #' or "
                 "start with a special character such as '*', '&', '[' or '{'")
_BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))
FRONTMATTER_PROBLEMS = {
    FrontmatterIssue.UNCLOSED: (
        "---\ndate: 2026-01-05\n\n# Journal\n",
        "close the frontmatter with a line `---` after its last key"),
    FrontmatterIssue.NOT_YAML: (
        journal(front="date: 2026-01-05\nturn: 2\nobjective: [unclosed\n"), _FIX_THE_YAML),
    FrontmatterIssue.NOT_A_MAPPING: (
        journal(front="- date\n- turn\n"), "write the frontmatter as `key: value` lines"),
    FrontmatterIssue.TOO_MANY_NODES: (
        journal(front=_BOMB),
        "write the values out instead of expanding YAML anchors and aliases"),
    FrontmatterIssue.TOO_DEEP: (journal(front="a: " + "[" * 900 + "]" * 900 + "\n"),
                                _FIX_THE_YAML),
    FrontmatterIssue.NOT_TEXT: (journal(front='date: 2026-01-05\nnote: "\\ud800"\n'),
                                _FIX_THE_YAML),
}


@pytest.mark.parametrize("kind", list(FrontmatterIssue), ids=lambda kind: kind.value)
def test_ct201_hint_follows_the_kind_of_problem_in_a_committed_entry(repo: GitRepo, kind):
    entry, hint = FRONTMATTER_PROBLEMS[kind]
    assert frontmatter.parse(entry).problems[0].kind is kind  # the sample is of that kind
    write_files(repo.path, minimal_tree())
    repo.commit("memory", {J: entry})
    result = check_json(repo.path, "--select", "CT201")
    assert result.code == 1, result.err
    [finding] = result.json["diagnostics"]
    assert (finding["code"], finding["path"], finding["hint"]) == ("CT201", J, hint)


def test_ct201_reader_errors_are_not_yaml_too(repo: GitRepo):
    entry = journal(front="date: 2026-01-05\nturn: 2\x01\n")  # a control character
    assert frontmatter.parse(entry).problems[0].kind is FrontmatterIssue.NOT_YAML
    write_files(repo.path, minimal_tree())
    repo.commit("memory", {J: entry})
    [finding] = check_json(repo.path, "--select", "CT201").json["diagnostics"]
    assert "unacceptable character" in finding["message"]
    assert finding["hint"] == _FIX_THE_YAML


# ------------------------------------------------------------------ CT202 missing-field


def test_ct202_fires_on_an_absent_and_an_empty_field(tree: Path):
    write_files(tree, {J: journal(front="date: 2026-01-05\nturn:\n")})
    assert sorted(located(tree)) == [("CT202", J, 1, 1), ("CT202", J, 3, 1)]
    messages = sorted(d["message"] for d in findings(tree))
    assert "field 'objective' is missing" in messages[0]
    assert "field 'turn' is empty" in messages[1]


def test_ct202_fires_on_a_missing_or_empty_task_row(tree: Path):
    entry = COMPLETED.replace("| Authority | wren |\n", "").replace("| tidewater |", "|  |")
    write_files(tree, {"completed/2026-01-04-fixtures.md": entry})
    lines = entry.split("\n")
    task = lines.index("## Task") + 1
    project = next(i for i, line in enumerate(lines) if line.startswith("| Project")) + 1
    assert sorted(located(tree)) == [("CT202", "completed/2026-01-04-fixtures.md", task, 1),
                                     ("CT202", "completed/2026-01-04-fixtures.md", project, 1)]
    assert any("row 'Authority' is missing" in d["message"] for d in findings(tree))


def test_ct202_does_not_fire_for_a_complete_entry_or_a_miscased_key(tree: Path):
    write_files(tree, {J: journal(front="date: 2026-01-05\nturn: 2\nObjective: x\n")})
    assert [c for c, *_ in located(tree)] == ["CT207"]  # the miscased key, once


# ------------------------------------------------------------------ CT203 unfilled-placeholder


def test_ct203_is_one_finding_per_entry_naming_every_placeholder(tree: Path):
    entry = journal(front="date: 2026-01-05\nturn: 2\nobjective: {{TURN_OBJECTIVE}}\n",
                    body=journal().split("---\n", 2)[2].replace("It loads.", "It {{RESULT}}."))
    write_files(tree, {J: entry})
    result_line = entry.split("\n").index("It {{RESULT}}.") + 1
    assert located(tree) == [("CT203", J, 4, 12)]
    [finding] = check_json(tree, "--no-git").json["diagnostics"]
    assert "2 placeholders left in the entry" in finding["message"]
    assert "{{TURN_OBJECTIVE}}, {{RESULT}}" in finding["message"]
    assert [(o["line"], o["column"], o["text"]) for o in finding["occurrences"]] == [
        (4, 12, "{{TURN_OBJECTIVE}}"), (result_line, 4, "{{RESULT}}")]


def test_ct203_leaves_template_engine_expressions_alone(tree: Path):
    body = journal().split("---\n", 2)[2] + '\nSee {{ include "notes.md" }} and {{Raw Base URL}}.\n'
    write_files(tree, {J: journal(body=body)})
    assert findings(tree) == []


def test_ct203_ignores_fenced_examples(tree: Path):
    body = journal().split("---\n", 2)[2] + "\n```\n{{EXAMPLE}}\n```\n"
    write_files(tree, {J: journal(body=body)})
    assert findings(tree) == []


# ------------------------------------------------------------------ CT204 field-format


def test_ct204_fires_on_a_bad_date_turn_and_list(tree: Path):
    write_files(tree, {
        J: journal(front="date: 05/01/2026\nturn: two\nobjective: [a, b]\n"),
        "snapshots/2026-01-03T09-00-00.md": SNAPSHOT.replace("date: 2026-01-02T10:00:00Z",
                                                             "date: 2026-01-03T09:00:00Z")
                                                    .replace("agent: wren", "agent:\n  - wren"),
    })
    assert located(tree) == [("CT204", J, 2, 1), ("CT204", J, 3, 1), ("CT204", J, 4, 1),
                             ("CT204", "snapshots/2026-01-03T09-00-00.md", 3, 1)]
    messages = [d["message"] for d in findings(tree)]
    assert "date '05/01/2026' is not a date" in messages[0]
    assert "turn 'two' is not an integer" in messages[1]
    assert "'objective' is a list" in messages[2]


def test_ct204_fires_on_a_value_outside_the_enumeration(tree: Path):
    write_files(tree, {
        "proposals/ENTRY.template.md": protocol_template("proposals"),
        "PLAN.md": "# PLAN\n\n## Mesh index\n\n- **Indexes:** `proposals/`\n",
        "proposals/2026-01-04-api.md": (
            "---\ndate: 2026-01-04\ntopic: api\nstatus: Reviewed\n---\n\n# Proposal\n\n"
            "## Goal\n\nx\n\n## Approach\n\nx\n\n## Risks\n\nx\n\n"
            "## Decision\n\nx\n"),
    })
    finding = only(tree, "CT204")
    assert (finding["path"], finding["line"], finding["column"]) == (
        "proposals/2026-01-04-api.md", 4, 1)
    assert "status 'Reviewed' is not one of draft, reviewed, superseded" in finding["message"]
    assert "case-sensitive" in finding["hint"]


def test_ct204_does_not_fire_on_iso_date_times_and_yaml_words(tree: Path):
    write_files(tree, {
        "setup/ENTRY.template.md": "---\ndate: {{DATE}}\ntool: {{TOOL}}\napproved: yes|no\n---\n",
        "TOOLS.md": "# TOOLS\n\n## Mesh index\n\n- **Indexes:** `setup/`\n",
        "setup/2026-01-04-caddy.md": "---\ndate: 2026-01-04T09:30:00+01:00\ntool: on\n"
                                     "approved: no\n---\n# Caddy\n",
        J: journal(date="2026-01-05T23:59:59.250Z"),
    })
    assert findings(tree) == []


# ------------------------------------------------------------------ CT205 date-mismatch


def test_ct205_fires_when_the_name_and_date_disagree(tree: Path):
    write_files(tree, {J: journal(date="2026-01-06")})
    finding = only(tree, "CT205")
    assert (finding["path"], finding["line"], finding["column"]) == (J, 2, 1)
    assert "2026-01-06" in finding["message"] and "2026-01-05" in finding["message"]


def test_ct205_compares_snapshots_to_the_second_in_utc(tree: Path):
    off_by_one = SNAPSHOT.replace("2026-01-02T10:00:00Z", "2026-01-02T12:00:01+02:00")
    write_files(tree, {"snapshots/2026-01-02T10-00-00.md": off_by_one})
    finding = only(tree, "CT205")
    assert (finding["line"], finding["column"]) == (2, 1)
    assert "2026-01-02T10:00:01Z in UTC" in finding["message"]


def test_ct205_does_not_fire_on_the_same_moment_or_a_plain_date(tree: Path):
    write_files(tree, {
        "snapshots/2026-01-02T10-00-00.md": SNAPSHOT.replace("2026-01-02T10:00:00Z",
                                                             "2026-01-02T11:00:00.9+01:00"),
        "snapshots/2026-01-03T08-30-00.md": SNAPSHOT.replace("2026-01-02T10:00:00Z",
                                                             "2026-01-03"),
        "snapshots/2026-01-04T08-30-00.md": SNAPSHOT.replace("2026-01-02T10:00:00Z",
                                                             "2026-01-04 08:30:00"),
    })
    assert findings(tree) == []


# ------------------------------------------------------------------ CT206 missing-section


def test_ct206_fires_for_each_missing_section(tree: Path):
    body = journal().split("---\n", 2)[2].split("## Result")[0]
    write_files(tree, {J: journal(body=body)})
    assert located(tree) == [("CT206", J, 1, 1), ("CT206", J, 1, 1)]
    assert sorted(d["message"].split("'")[1] for d in findings(tree)) == ["## Next", "## Result"]


def test_ct206_compares_headings_case_insensitively(tree: Path):
    body = journal().split("---\n", 2)[2].replace("## Actions taken", "## ACTIONS TAKEN:")
    write_files(tree, {J: journal(body=body)})
    assert findings(tree) == []


# ------------------------------------------------------------------ CT207 unknown-field


def test_ct207_fires_on_a_key_the_template_lacks(tree: Path):
    write_files(tree, {J: journal(front="date: 2026-01-05\nturn: 2\nobjective: x\nmood: calm\n")})
    finding = only(tree, "CT207")
    assert (finding["path"], finding["line"], finding["column"], finding["severity"]) == (
        J, 5, 1, "warning")
    assert "'mood'" in finding["message"]


def test_ct207_does_not_fire_where_the_template_has_no_frontmatter(tree: Path):
    write_files(tree, {"completed/2026-01-04-fixtures.md": "---\nsprint: 3\n---\n" + COMPLETED,
                       "knowledge/ENTRY.template.md": "# {{title}}\n",
                       "knowledge/tides.md": "---\nsource: wiki\n---\n# Tides\n",
                       "KNOWLEDGE.md": KNOWLEDGE})
    assert findings(tree) == []


# ------------------------------------------------------------------ CT208 turn-mismatch


def test_ct208_fires_when_turn_disagrees_with_the_name(tree: Path):
    write_files(tree, {J: journal(turn="3")})
    finding = only(tree, "CT208")
    assert (finding["path"], finding["line"], finding["column"]) == (J, 3, 1)
    assert "turn 3" in finding["message"] and "turn-2" in finding["message"]


def test_ct208_does_not_fire_on_a_matching_turn(tree: Path):
    write_files(tree, {J: journal(turn="02")})
    assert findings(tree) == []


# ------------------------------------------------------------------ CT209 no evidence


def _no_evidence(rows: str) -> str:
    head, tail = COMPLETED.split("## Evidence")
    after = tail.split("## Learnings")[1]
    return f"{head}## Evidence\n\n| Evidence | Path / URL |\n|---|---|\n{rows}\n## Learnings{after}"


def test_ct209_fires_on_an_empty_evidence_table(tree: Path):
    entry = _no_evidence("|  |  |\n")
    write_files(tree, {"completed/2026-01-04-fixtures.md": entry})
    line = entry.split("\n").index("## Evidence") + 1
    finding = only(tree, "CT209")
    assert (finding["path"], finding["line"], finding["column"]) == (
        "completed/2026-01-04-fixtures.md", line, 1)


def test_ct209_leaves_an_unfilled_template_row_to_ct203(tree: Path):
    write_files(tree, {"completed/2026-01-04-fixtures.md":
                       _no_evidence("| {{EVIDENCE_1}} | {{EVIDENCE_PATH_1}} |\n")})
    assert sorted({d["code"] for d in findings(tree)}) == ["CT203"]


def test_ct209_does_not_fire_with_evidence(tree: Path):
    write_files(tree, {"completed/2026-01-04-fixtures.md": _no_evidence("| commit | 3f2a1c9 |\n")})
    assert findings(tree) == []


@pytest.mark.parametrize("filler", ["Not recorded yet.", "TBD", "TODO", "n/a", "N/A", "-", "?",
                                    "*tbd*", ""])
def test_ct209_fires_when_every_cell_is_a_filler(tree: Path, filler: str):
    write_files(tree, {"completed/2026-01-04-fixtures.md":
                       _no_evidence(f"| {filler} | {filler} |\n")})
    assert only(tree, "CT209")["path"] == "completed/2026-01-04-fixtures.md"


def test_ct209_does_not_fire_when_one_cell_can_be_followed(tree: Path):
    write_files(tree, {"completed/2026-01-04-fixtures.md":
                       _no_evidence("| review by wren | - |\n")})
    assert findings(tree) == []


# ------------------------------------------------------------------ CT203 fillers, committed


def _committed(repo: GitRepo, files: dict[str, str]) -> list[tuple[str, str, int]]:
    write_files(repo.path, minimal_tree())
    repo.commit("memory", files)
    result = check_json(repo.path, "--select", "CT2")
    return [(d["code"], d["path"], d["line"]) for d in result.json["diagnostics"]]


def test_ct203_fires_on_fillers_left_in_a_committed_entry(repo: GitRepo):
    entry = journal(front="date: 2026-01-05\nturn: 2\nobjective: TBD\n",
                    body="# Journal Entry\n\n## Context before\n\nNot recorded yet.\n\n"
                         "## Actions taken\n\n- TODO\n- n/a\n\n## Result\n\nIt loads.\n\n"
                         "## Next\n\n?\n")
    lines = entry.split("\n")
    expected = [("CT203", J, 4)] + [("CT203", J, lines.index(text) + 1) for text in (
        "Not recorded yet.", "- TODO", "?")]
    task = COMPLETED.replace("| Authority | wren |", "| Authority | not recorded yet |")
    row = task.split("\n").index("| Authority | not recorded yet |") + 1
    expected.insert(0, ("CT203", "completed/2026-01-04-fixtures.md", row))
    assert _committed(repo, {J: entry, "completed/2026-01-04-fixtures.md": task}) == expected


def test_ct203_does_not_take_data_or_words_for_fillers(repo: GitRepo):
    entry = journal(body="# Journal Entry\n\n## Context before\n\nTODO: none left.\n\n"
                         "## Actions taken\n\n- TBD\n- wrote the loader\n\n---\n\n"
                         "## Result\n\n| Check | Outcome |\n|---|---|\n| loader | n/a |\n"
                         "| parser | - |\n\n```\nTBD\n```\n\n## Next\n\nPublish.\n")
    assert _committed(repo, {J: entry}) == []


def test_ct203_leaves_evidence_fillers_to_ct209(repo: GitRepo):
    entry = _no_evidence("| TBD | - |\n")
    line = entry.split("\n").index("## Evidence") + 1
    assert _committed(repo, {"completed/2026-01-04-fixtures.md": entry}) == [
        ("CT209", "completed/2026-01-04-fixtures.md", line)]


def test_ct203_judges_a_draft_as_a_draft_and_fillers_not_at_all_without_git(repo: GitRepo):
    draft = journal(body="# Journal Entry\n\n## Context before\n\nNot recorded yet.\n\n"
                         "## Actions taken\n\nx\n\n## Result\n\ny\n\n## Next\n\nz\n")
    assert _committed(repo, {}) == []
    write_files(repo.path, {J: draft})  # written, not added: a draft, fixed in place
    for added in (False, True):
        found = check_json(repo.path, "--select", "CT203")
        assert found.code == 1
        assert [d["hint"].split(":")[0] for d in found.json["diagnostics"]] == \
            ["fill before committing"]
        if not added:
            repo.git("add", J)  # staged is still a draft: no commit holds it
    assert check_json(repo.path, "--select", "CT203", "--no-git").json["diagnostics"] == []


# ------------------------------------------------------------------ CT210 unreadable


def test_ct210_fires_on_latin1_and_binary_markdown(tree: Path):
    write_files(tree, {J: journal().encode("utf-8").replace(b"Wrote", b"Wr\xf4te"),
                       "CONTEXT.md": b"# CONTEXT\x00\x01\n"})
    line = journal().split("\n").index("Wrote the loader.") + 1
    assert located(tree) == [("CT210", "CONTEXT.md", 1, 1), ("CT210", J, line, 3)]
    messages = [d["message"] for d in findings(tree)]
    assert "binary" in messages[0] and "0xf4" in messages[1]


def test_ct210_does_not_fire_on_binary_artifacts(tree: Path):
    write_files(tree, {
        "artifacts/2026-01-02-chart.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe",
        "STATE.md": minimal_tree()["STATE.md"].replace("`snapshots/`",
                                                       "`snapshots/`, `artifacts/`"),
    })
    assert findings(tree) == []


def test_ct210_fires_on_a_log_that_is_not_utf8(tree: Path):
    write_files(tree, {"EVENTS.md": "# EVENTS\n\n## Mesh index\n\n- **Indexes:** `logs/`\n",
                       "logs/deploys.jsonl": b'{"event": "deploy"}\n{"who": "Ren\xe9"}\n',
                       "logs/ok.jsonl": b'{"event": "ok"}\n'})
    assert located(tree) == [("CT210", "logs/deploys.jsonl", 2, 13)]
