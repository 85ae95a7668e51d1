"""CT401-CT411: the cycle ledger and session-state, on real files (and real git for CT407/CT408)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.common import GitRepo, check_json, minimal_tree, run_cli, write_files

LEDGER = ".agents/evolve/cycle-history.jsonl"
SESSION = ".agents/evolve/session-state.json"
SHA = "abc1234"


def cycle(number: int, **fields) -> dict:
    """A complete, canonical improved cycle; ``fields`` override (None deletes a key)."""
    line = {"cycle": number, "target": "test-pass-rate", "result": "improved", "sha": SHA,
            "canonical_sha": SHA, "goals_passing": 18, "goals_total": 23,
            "timestamp": f"2026-02-11T21:{number:02d}:00Z"}
    for key, value in fields.items():
        if value is None:
            line.pop(key, None)
        else:
            line[key] = value
    return line


def idle(number: int) -> dict:
    return {"cycle": number, "target": "idle", "result": "unchanged",
            "timestamp": f"2026-02-11T21:{number:02d}:00Z"}


def ledger_text(lines: list) -> str:
    return "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)


def findings(root: Path, lines: list | None = None, *extra: str,
             session: str | None = None) -> list[dict]:
    """The CT4xx diagnostics of ``root`` after writing the ledger (and session-state)."""
    files = {}
    if lines is not None:
        files[LEDGER] = ledger_text(lines)
    if session is not None:
        files[SESSION] = session
    write_files(root, files)
    result = check_json(root, "--select", "CT4", *extra)
    assert result.code in (0, 1), result.err
    return result.json["diagnostics"]


def codes(diagnostics: list[dict]) -> list[tuple[str, int, str]]:
    return [(d["code"], d["line"], d["severity"]) for d in diagnostics]


# --------------------------------------------------------------------------- clean ledgers

SEED_EXAMPLES = """\
{"cycle": 1, "target": "test-pass-rate", "result": "improved", "sha": "abc1234", "canonical_sha": "abc1234", "goals_passing": 18, "goals_total": 23, "timestamp": "2026-02-11T21:00:00Z"}
{"cycle": 2, "target": "doc-coverage", "result": "regressed", "sha": "def5678", "canonical_sha": "def5678", "log_sha": "fedcba9", "goals_passing": 17, "goals_total": 23, "timestamp": "2026-02-11T21:30:00Z"}
{"cycle": 3, "target": "idle", "result": "unchanged", "timestamp": "2026-02-11T22:00:00Z"}
{"cycle": 4, "goal_ids": ["test-pass-rate", "doc-coverage", "lint-clean"], "result": "improved", "sha": "ghi9012", "goals_passing": 22, "goals_total": 23, "parallel": true, "timestamp": "2026-02-11T22:30:00Z"}
"""


def test_the_seeds_own_examples_are_clean_without_git(tree: Path):
    write_files(tree, {LEDGER: SEED_EXAMPLES})
    assert findings(tree, None, "--no-git") == []


def test_a_tree_without_a_ledger_has_no_ledger_findings(tree: Path):
    assert findings(tree, None, "--no-git") == []


def test_extra_fields_and_a_complete_trace_are_not_findings(tree: Path):
    trace = {name: "recorded" for name in (
        "goal_hypothesis", "selected_gap", "gherkin", "first_failing_proof", "red_evidence",
        "green_evidence", "validation_evidence", "ratchet_action", "goal_reshape")}
    trace["refactor_note"] = "none"  # "none" is an allowed refactor note
    lines = [cycle(1, tests_before=40, tests_after=44, quality_score=0.9, trace=trace),
             idle(2) | {"idle_streak": 1, "trace": {"exemption_reason": "typo fix"}}]
    assert findings(tree, lines, "--no-git") == []


def test_ledger_at_the_top_of_the_repository_is_found_for_a_nested_memory_root(tmp_path):
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path / "memory", minimal_tree())
    write_files(repo.path, {LEDGER: ledger_text([cycle(1, result="won")])})
    repo.commit("memory and ledger")
    result = check_json(repo.path / "memory", "--select", "CT403")
    [diagnostic] = result.json["diagnostics"]
    assert diagnostic["path"] == "../" + LEDGER


# --------------------------------------------------------------------------- the acceptance list
# Everything the evolve loop's own checker (scripts/check-evolve-cycle-logging.sh) judges,
# judged at least as strictly: one case per item of the acceptance list.

ACCEPTANCE = [
    ("invalid JSON", ["{not json"], "CT401", "error"),
    ("missing cycle", [cycle(1, cycle=None)], "CT402", "error"),
    ("missing result", [cycle(1, result=None)], "CT402", "error"),
    ("missing timestamp", [cycle(1, timestamp=None)], "CT402", "error"),
    ("missing target", [cycle(1, target=None)], "CT402", "error"),
    ("non-numeric cycle", [cycle(1, cycle="one")], "CT404", "error"),
    ("cycle not above the previous", [cycle(1), cycle(2), cycle(2)], "CT404", "error"),
    ("a gap", [cycle(1), cycle(3)], "CT404", "warning"),
    ("first cycle other than 1", [cycle(5)], "CT404", "warning"),
    ("improved without sha", [cycle(1, sha=None, canonical_sha=None)], "CT402", "error"),
    ("regressed without goals_passing", [cycle(1, result="regressed", goals_passing=None)],
     "CT402", "error"),
    ("harvested without goals_total", [cycle(1, result="harvested", goals_total=None)],
     "CT402", "error"),
    ("counts that are not numbers", [cycle(1, goals_passing="seventeen")], "CT409", "error"),
    ("canonical_sha without sha", [cycle(1, sha=None)], "CT402", "warning"),
    ("unrecognised result", [cycle(1, result="success")], "CT403", "error"),
]


@pytest.mark.parametrize("_case,lines,code,severity", ACCEPTANCE,
                         ids=[case for case, *_ in ACCEPTANCE])
def test_acceptance_list(tree: Path, _case, lines, code, severity):
    found = findings(tree, lines, "--no-git")
    assert [(d["code"], d["severity"]) for d in found] == [(code, severity)], found
    assert found[0]["line"] == len(lines)  # the line at fault, not the file


def test_acceptance_sha_different_from_canonical_sha(repo: GitRepo):
    write_files(repo.path, minimal_tree())
    first = repo.commit("one")
    second = repo.commit("two", {"src/a.py": "a = 1\n"})
    lines = [cycle(1, sha=first[:7], canonical_sha=second[:7])]
    found = findings(repo.path, lines)
    assert codes(found) == [("CT407", 1, "warning")]
    assert "differs from canonical_sha" in found[0]["message"]


def test_acceptance_goal_id_and_goal_ids_count_as_targets(tree: Path):
    lines = [cycle(1, target=None, goal_id="doc-coverage"),
             cycle(2, target=None, goal_ids=["a", "b"], parallel=True)]
    assert codes(findings(tree, lines, "--no-git")) == [("CT405", 1, "warning")]


# --------------------------------------------------------------------------- CT401


def test_ct401_bad_lines_are_reported_and_the_rest_still_checked(tree: Path):
    lines = [cycle(1), "{\"cycle\": 2, \"target\": ", "[1, 2]", "", cycle(3, result="won")]
    found = findings(tree, lines, "--no-git")
    assert codes(found) == [("CT401", 2, "error"), ("CT401", 3, "error"),
                            ("CT404", 5, "warning"),  # cycle 2 went with its broken line
                            ("CT403", 5, "error")]
    assert "not valid JSON" in found[0]["message"]
    assert "a JSON array, not an object" in found[1]["message"]


def test_ct401_invalid_utf8_spoils_only_its_line(tree: Path):
    raw = (ledger_text([cycle(1)]) + '{"cycle": 2, "target": "caf\xe9"}\n').encode("latin-1")
    write_files(tree, {LEDGER: raw + ledger_text([cycle(3)]).encode()})
    found = findings(tree, None, "--no-git")
    assert codes(found) == [("CT401", 2, "error"), ("CT404", 3, "warning")]
    assert "UTF-8" in found[0]["message"]


def test_ct401_truncated_last_line_says_so(tree: Path):
    write_files(tree, {LEDGER: ledger_text([cycle(1)]) + '{"cycle": 2, "targ'})
    [found] = findings(tree, None, "--no-git")
    assert found["code"] == "CT401" and found["line"] == 2
    assert "no final newline" in found["hint"]


def test_ct401_crlf_and_bom_are_read(tree: Path):
    text = "\ufeff" + ledger_text([cycle(1), idle(2)]).replace("\n", "\r\n")
    write_files(tree, {LEDGER: text.encode("utf-8")})
    assert findings(tree, None, "--no-git") == []


# --------------------------------------------------------------------------- CT402


def test_ct402_points_at_the_line_and_names_the_field(tree: Path):
    [found] = findings(tree, [cycle(1, timestamp=None)], "--no-git")
    assert found["code"] == "CT402" and "`timestamp` is missing" in found["message"]
    assert (found["line"], found["column"]) == (1, 1)


def test_ct402_null_or_empty_counts_as_missing_like_the_loops_checker(tree: Path):
    found = findings(tree, [cycle(1, result=""), cycle(2, target="")], "--no-git")
    assert codes(found) == [("CT402", 1, "error"), ("CT402", 2, "error")]
    assert found[0]["column"] > 1  # the key is there: point at it


def test_ct402_idle_and_unchanged_cycles_need_no_sha_or_counts(tree: Path):
    lines = [cycle(1), idle(2), {"cycle": 3, "target": "lint", "result": "quarantined",
                                 "timestamp": "2026-02-11T22:00:00Z"}]
    assert findings(tree, lines, "--no-git") == []


def test_ct402_canonical_sha_without_sha_points_at_canonical_sha(tree: Path):
    [found] = findings(tree, [cycle(1, sha=None)], "--no-git")
    assert "has canonical_sha but no `sha`" in found["message"]
    text = ledger_text([cycle(1, sha=None)])
    assert found["column"] == text.index('"canonical_sha"') + 1


def test_ct402_target_of_the_wrong_kind(tree: Path):
    lines = [cycle(1, target=7), cycle(2, target=None, goal_ids=[]),
             cycle(3, target=None, goal_ids="a,b")]
    found = findings(tree, lines, "--no-git")
    assert [d["code"] for d in found] == ["CT402"] * 3
    assert "7" in found[0]["message"] and "goal_ids" in found[1]["message"]


def test_ct402_sha_of_the_wrong_kind(tree: Path):
    [found] = findings(tree, [cycle(1, sha=1234567, canonical_sha=None)], "--no-git")
    assert found["code"] == "CT402" and "expected a commit sha" in found["message"]


# --------------------------------------------------------------------------- CT403


def test_ct403_wrong_case_gets_a_specific_hint(tree: Path):
    [found] = findings(tree, [cycle(1, result="Improved")], "--no-git")
    assert found["code"] == "CT403" and '"improved"' in found["hint"]


@pytest.mark.parametrize("result", ["improved", "regressed", "unchanged", "harvested",
                                    "quarantined"])
def test_ct403_the_five_results_pass(tree: Path, result):
    assert findings(tree, [cycle(1, result=result)], "--no-git") == []


# --------------------------------------------------------------------------- CT404


def test_ct404_string_cycle_with_digits_gets_the_unquoted_hint(tree: Path):
    [found] = findings(tree, [cycle(1, cycle="1")], "--no-git")
    assert found["code"] == "CT404" and found["severity"] == "error"
    assert '"cycle": 1' in found["hint"]


def test_ct404_going_back_is_an_error_and_counting_continues_from_the_highest(tree: Path):
    lines = [cycle(1), cycle(2), cycle(3), cycle(2, timestamp="2026-02-11T21:50:00Z"),
             cycle(4, timestamp="2026-02-11T21:51:00Z")]
    found = findings(tree, lines, "--no-git")
    assert codes(found) == [("CT404", 4, "error")]
    assert "not above the previous cycle 3 (line 3)" in found[0]["message"]
    assert "append the next cycle as 4" in found[0]["hint"]  # one above the highest seen


def test_ct404_gap_names_the_missing_cycles(tree: Path):
    [found] = findings(tree, [cycle(1), cycle(5)], "--no-git")
    assert found["severity"] == "warning" and "cycles 2-4 missing" in found["message"]


def test_ct404_float_and_boolean_cycles_are_not_integers(tree: Path):
    found = findings(tree, [cycle(1, cycle=1.5), cycle(2, cycle=True)], "--no-git")
    assert codes(found) == [("CT404", 1, "error"), ("CT404", 2, "error")]


def test_user_severity_override_beats_the_per_finding_severity(tree: Path):
    write_files(tree, {"continuity.toml": 'severity = { CT404 = "error" }\n'})
    found = findings(tree, [cycle(1), cycle(3)], "--no-git")
    assert codes(found) == [("CT404", 2, "error")]  # the gap, raised to error by the user
    write_files(tree, {"continuity.toml": 'severity = { CT404 = "warning" }\n'})
    found = findings(tree, [cycle(1), cycle(1)], "--no-git")
    assert codes(found) == [("CT404", 2, "warning")]


# --------------------------------------------------------------------------- CT405


def test_ct405_is_one_warning_for_the_ledger_naming_each_legacy_key_and_its_lines(tree: Path):
    line = cycle(1, target=None, sha=None, canonical_sha=None, goal_id="g", commit_sha=SHA)
    lines = [line, cycle(2, target=None, goal_id="h"), cycle(3)]
    [found] = findings(tree, lines, "--no-git")
    assert (found["code"], found["severity"], found["line"]) == ("CT405", "warning", 1)
    assert found["column"] == json.dumps(line).index('"goal_id"') + 1
    assert "2 ledger lines" in found["message"]
    assert "`goal_id` on lines 1-2" in found["message"]
    assert "`commit_sha` on line 1" in found["message"]


def test_ct405_conflicting_spellings_say_which_wins(tree: Path):
    [found] = findings(tree, [cycle(1, goal_id="other")], "--no-git")
    assert "different values" in found["message"] and "canonical name wins" in found["message"]
    assert '`goal_id` "other"' in found["message"]


# --------------------------------------------------------------------------- CT406


def test_ct406_incomplete_trace_is_an_advisory_warning_listing_the_gaps(tree: Path):
    trace = {"goal_hypothesis": "h", "selected_gap": "g", "green_evidence": 5}
    [found] = findings(tree, [cycle(1, trace=trace)], "--no-git")
    assert (found["code"], found["severity"]) == ("CT406", "warning")
    assert "lacks 8 of 10" in found["message"] and "refactor_note" in found["message"]
    assert "green_evidence not a string" in found["message"]
    assert '"refactor_note": "none"' in found["hint"]


def test_ct406_exemption_reason_exempts_but_an_empty_one_does_not(tree: Path):
    lines = [cycle(1, trace={"exemption_reason": "dependency bump"}),
             cycle(2, trace={"exemption_reason": "  "})]
    assert codes(findings(tree, lines, "--no-git")) == [("CT406", 2, "warning")]


def test_ct406_no_trace_is_not_judged_and_a_non_object_trace_is(tree: Path):
    lines = [cycle(1), cycle(2, trace="see PR 12")]
    assert codes(findings(tree, lines, "--no-git")) == [("CT406", 2, "warning")]


# --------------------------------------------------------------------------- CT407 / CT408 (git)


def agent_only_repo(repo: GitRepo) -> dict[str, str]:
    """Commits of every kind a ledger names: product, agent-only, GOALS-only, empty."""
    write_files(repo.path, minimal_tree())
    shas = {"base": repo.commit("memory tree")}
    shas["product"] = repo.commit("parser", {"src/parse.py": "def parse(): pass\n"})
    shas["agents"] = repo.commit("log", {".agents/evolve/notes.md": "cycle 2\n"})
    shas["goals"] = repo.commit("goals", {"GOALS.yaml": "goals: []\n",
                                          ".agents/x.json": "{}\n"})
    shas["empty"] = repo.commit("nothing")
    shas["mixed"] = repo.commit("both", {".agents/y.json": "{}\n", "README.md": "hi\n"})
    return shas


def test_ct407_shas_that_are_commits_pass_and_others_fail(repo: GitRepo):
    shas = agent_only_repo(repo)
    lines = [cycle(1, sha=shas["product"][:7], canonical_sha=shas["product"],
                   log_sha=shas["agents"][:10]),
             cycle(2, sha="0000000", canonical_sha="0000000"),
             cycle(3, result="regressed", sha=shas["product"][:7],
                   canonical_sha=shas["product"][:7], log_sha="deadbee"),
             cycle(4, sha="HEAD", canonical_sha=None)]
    found = [d for d in findings(repo.path, lines) if d["code"] == "CT407"]
    assert [(d["line"], d["severity"]) for d in found] == [
        (2, "error"), (2, "error"), (3, "error"), (4, "error")]
    assert "0000000 is not a commit of this repository" in found[0]["message"]
    assert "log_sha deadbee" in found[2]["message"]
    assert "not a commit sha" in found[3]["message"]  # a ref name is not a recorded sha
    text = json.dumps(lines[2])
    assert found[2]["column"] == text.index('"log_sha"') + 1


def test_ct407_and_ct408_are_skipped_with_no_git_and_outside_a_repository(repo: GitRepo,
                                                                          tree: Path):
    shas = agent_only_repo(repo)
    lines = [cycle(1, sha=shas["agents"], canonical_sha="0000000")]
    assert {d["code"] for d in findings(repo.path, lines)} == {"CT407", "CT408"}
    assert findings(repo.path, lines, "--no-git") == []
    result = check_json(tree, "--select", "CT4")  # no repository here: skipped with a notice
    assert result.code == 0 and result.json["diagnostics"] == []


def test_ct408_improved_cycles_with_only_agent_changes(repo: GitRepo):
    shas = agent_only_repo(repo)
    lines = [cycle(1, sha=shas["product"], canonical_sha=shas["product"]),
             cycle(2, sha=shas["agents"], canonical_sha=shas["agents"]),
             cycle(3, sha=shas["goals"][:8], canonical_sha=None),
             cycle(4, sha=shas["empty"], canonical_sha=shas["empty"]),
             cycle(5, sha=shas["mixed"], canonical_sha=shas["mixed"]),
             cycle(6, result="regressed", sha=shas["agents"], canonical_sha=shas["agents"])]
    found = [d for d in findings(repo.path, lines) if d["code"] == "CT408"]
    assert [(d["line"], d["severity"]) for d in found] == [
        (2, "warning"), (3, "warning"), (4, "warning")]
    assert "changes only .agents/evolve/notes.md" in found[0]["message"]
    assert "GOALS.yaml" in found[1]["message"]
    assert "changes no file" in found[2]["message"]
    assert found[0]["commit"] == shas["agents"][:7]


def test_ct408_judges_canonical_sha_over_the_bookkeeping_sha(repo: GitRepo):
    shas = agent_only_repo(repo)
    # sha (alias) points at the log commit, canonical_sha at the product commit: CT407 warns
    # about the mismatch, CT408 judges the implementation commit and is satisfied.
    lines = [cycle(1, sha=shas["agents"], canonical_sha=shas["product"])]
    assert codes(findings(repo.path, lines)) == [("CT407", 1, "warning")]


def test_ct408_merge_commits_are_judged_against_their_first_parent(repo: GitRepo):
    write_files(repo.path, minimal_tree())
    repo.commit("base")
    repo.git("checkout", "-q", "-b", "side")
    repo.commit("product on a branch", {"src/a.py": "a = 1\n"})
    repo.git("checkout", "-q", "main")
    repo.commit("bookkeeping", {".agents/log.md": "x\n"})
    repo.git("merge", "-q", "--no-ff", "side", "-m", "merge")
    merge = repo.git("rev-parse", "HEAD").strip()
    assert findings(repo.path, [cycle(1, sha=merge, canonical_sha=merge)]) == []


def test_git_is_called_a_fixed_number_of_times_however_long_the_ledger(repo: GitRepo,
                                                                       tmp_path: Path):
    shas = agent_only_repo(repo)
    def git_processes(count: int) -> int:
        trace = tmp_path / f"trace-{count}.log"
        lines = [cycle(n, sha=shas["agents" if n % 2 else "product"],
                       canonical_sha=shas["agents" if n % 2 else "product"],
                       log_sha=shas["goals"]) for n in range(1, count + 1)]
        write_files(repo.path, {LEDGER: ledger_text(lines)})
        result = run_cli("check", "--output-format", "json", "--select", "CT407,CT408",
                         cwd=repo.path, env={"GIT_TRACE": str(trace)})
        assert sum(d["code"] == "CT408" for d in result.json["diagnostics"]) == (count + 1) // 2
        return sum("trace: built-in: git" in line for line in trace.read_text().splitlines())
    assert git_processes(3) == git_processes(60)


# --------------------------------------------------------------------------- CT409


def test_ct409_strings_null_fractions_and_negatives(tree: Path):
    lines = [cycle(1, goals_passing="17"), cycle(2, goals_total=None),
             cycle(3, goals_total=None) | {"goals_total": None},
             cycle(4, goals_passing=-1), cycle(5, goals_total=23.5)]
    found = findings(tree, lines, "--no-git")
    assert codes(found) == [("CT409", 1, "error"), ("CT402", 2, "error"),
                            ("CT409", 3, "error"), ("CT409", 4, "error"),
                            ("CT409", 5, "error")]
    assert '"goals_passing": 17' in found[0]["hint"]
    assert "is null" in found[2]["message"]


def test_ct409_passing_above_total(tree: Path):
    [found] = findings(tree, [cycle(1, goals_passing=24)], "--no-git")
    assert found["code"] == "CT409" and "exceeds goals_total 23" in found["message"]


def test_ct409_idle_lines_may_leave_counts_null_but_not_wrong(tree: Path):
    lines = [cycle(1), idle(2) | {"goals_passing": None, "goals_total": None},
             idle(3) | {"goals_passing": "x"}]
    assert codes(findings(tree, lines, "--no-git")) == [("CT409", 3, "error")]


# --------------------------------------------------------------------------- CT410


@pytest.mark.parametrize("stamp", ["yesterday", "2026-02-11", "2026-02-30T10:00:00Z",
                                   "11/02/2026 21:00", "2026-02-11T25:00:00Z", 1739307600])
def test_ct410_not_iso_8601(tree: Path, stamp):
    [found] = findings(tree, [cycle(1, timestamp=stamp)], "--no-git")
    assert (found["code"], found["severity"]) == ("CT410", "error")


def test_ct410_offsets_are_compared_as_instants_and_going_back_warns(tree: Path):
    lines = [cycle(1, timestamp="2026-02-23T12:00:00-05:00"),  # 17:00Z
             cycle(2, timestamp="2026-02-23T16:30:00Z"),  # earlier: a warning
             cycle(3, timestamp="2026-02-23T17:30:00.123+00:00")]
    found = findings(tree, lines, "--no-git")
    assert codes(found) == [("CT410", 2, "warning")]


# --------------------------------------------------------------------------- CT411


@pytest.mark.parametrize("session,fragment", [
    ('{"cycle": 2', "not valid JSON"),
    ("[2]", "is not of type 'object'"),
    ('{"cycle": "2"}', "cycle: '2' is not of type 'integer'"),
    ('{"generator_empty_streak": 0}', "'cycle' is a required property"),
    ('{"cycle": 2, "queue_refresh_count": -1}', "queue_refresh_count"),
    ('{"cycle": 2, "claimed_work": "x"}', "claimed_work"),
    ('{"cycle": 2, "cycle": 2}', "duplicate key"),
])
def test_ct411_invalid_session_state(tree: Path, session, fragment):
    found = findings(tree, [cycle(1), cycle(2)], "--no-git", session=session)
    assert [d["code"] for d in found] == ["CT411"], found
    assert fragment in found[0]["message"]


def test_ct411_cycle_must_match_the_ledgers_last_cycle(tree: Path):
    session = json.dumps({"cycle": 3, "generator_empty_streak": 1,
                          "claimed_work": {"ref": "r", "claimed_by": "evolve:cycle-3",
                                           "claimed_at": "2026-03-08T10:15:00Z"}}, indent=2)
    [found] = findings(tree, [cycle(1), cycle(2)], "--no-git", session=session)
    assert found["code"] == "CT411" and "last cycle 2" in found["message"]
    assert (found["line"], found["column"]) == (2, 3)  # the "cycle" key of the pretty JSON
    assert findings(tree, [cycle(1), cycle(2), cycle(3)], "--no-git", session=session) == []


def test_ct411_without_a_ledger_only_validity_is_judged(tree: Path):
    assert findings(tree, None, "--no-git", session='{"cycle": 9}') == []


# --------------------------------------------------------------------------- a messy real ledger


def test_a_messy_real_ledger_gets_one_right_diagnostic_per_fault(tree: Path):
    lines = [
        cycle(1, tests_before=10),  # extra field: fine
        cycle(2, goals_passing="17", goals_total="18"),  # counts as strings
        idle(3),  # idle, no sha: fine
        cycle(4, target=None, goal_ids=["a", "b"], parallel=True, canonical_sha=None),  # fine
        cycle(5, target=None, goal_id="doc", sha=None, canonical_sha=None,
              commit_sha=SHA),  # legacy names
        cycle(6, goals_total=None) | {"goals_total": None},  # null count
        '{"cycle": 7, "result": "improved"',  # cut short
        idle(8),
    ]
    found = findings(tree, lines, "--no-git")
    assert codes(found) == [
        ("CT409", 2, "error"), ("CT409", 2, "error"),
        ("CT405", 5, "warning"),
        ("CT409", 6, "error"),
        ("CT401", 7, "error"),
        ("CT404", 8, "warning"),  # cycle 7 is lost with its line: a gap
    ]
