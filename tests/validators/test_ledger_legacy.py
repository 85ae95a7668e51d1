"""The ledger as the seed describes it: legacy lines, ``since`` as a baseline for line records,
and hints that never ask to edit a committed line (real files, real git, the real CLI)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.common import GitRepo, check_json, minimal_tree, write_files
from tests.validators.test_ledger_rules import LEDGER, cycle, findings, ledger_text

STORE = "notes.jsonl"


def _legacy(number: int, **fields: object) -> dict:
    """A line as agentops loops wrote them before the canonical schema (lattice-lab's shape)."""
    line: dict = {"cycle": number, "goal_id": f"goal-{number}", "result": "improved",
                  "timestamp": f"2026-02-12T09:{number:02d}:00-05:00"}
    line.update(fields)
    return line


# --------------------------------------------------------------------------- legacy lines


def test_a_legacy_ledger_is_one_warning_not_an_error_per_missing_field(tree: Path):
    # boshu2/lattice-lab: 12 lines of {cycle, goal_id, result, timestamp}, cycle 7 twice.
    lines = [_legacy(n) for n in range(1, 8)] + [_legacy(7)] + \
        [_legacy(n) for n in range(8, 12)]
    found = findings(tree, lines, "--no-git")
    assert [(d["code"], d["severity"]) for d in found] == [
        ("CT405", "warning"), ("CT404", "error")]
    legacy = found[0]
    assert "12 ledger lines of the legacy schema" in legacy["message"]
    assert "`goal_id` on lines 1-12" in legacy["message"]
    assert "lines 1-12 lack the fields the canonical schema added later" in legacy["message"]


def test_legacy_result_words_are_named_once_but_a_canonical_line_is_still_judged(tree: Path):
    # tim-coutinho/agentops: legacy lines say idle / pending-rpi; a canonical line must not.
    lines = [
        _legacy(1, commit_sha="f4f07c2", goals_passing=29, goals_total=33),
        _legacy(2, result="idle"),
        _legacy(3, result="pending-rpi", target="goal-3", sha="b596e4d"),
        cycle(4, result="pending-rpi"),
        cycle(5, result=None) | {"result": 7},
    ]
    found = findings(tree, lines, "--no-git")
    assert [(d["code"], d["line"]) for d in found if d["code"] == "CT403"] == [
        ("CT403", 4), ("CT403", 5)]
    [legacy] = [d for d in found if d["code"] == "CT405"]
    assert "`commit_sha` on line 1" in legacy["message"]
    assert "lines 2-3 use the legacy results `idle`, `pending-rpi`" in legacy["message"]
    assert not [d for d in found if d["code"] == "CT402"]


def test_a_canonical_line_without_counts_is_still_an_error(tree: Path):
    found = findings(tree, [cycle(1, goals_passing=None, goals_total=None)], "--no-git")
    assert [(d["code"], d["severity"]) for d in found] == [
        ("CT402", "error"), ("CT402", "error")]


def test_canonical_sha_without_its_alias_is_one_warning_naming_the_lines(tree: Path):
    # frits-v/muzzle: canonical_sha on every line, never the alias sha.
    lines = [cycle(n, sha=None) for n in range(1, 4)] + [cycle(4), cycle(5, sha=None)]
    found = findings(tree, lines, "--no-git")
    assert [(d["code"], d["severity"], d["line"]) for d in found] == [("CT402", "warning", 1)]
    assert "4 productive cycles (lines 1-3, 5) have canonical_sha but no `sha`" \
        in found[0]["message"]


def test_when_no_ledger_sha_is_a_commit_here_that_is_one_finding(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    repo.commit("tree")
    lines = [cycle(n, sha=None, canonical_sha=f"{n:x}aa{n:04x}") for n in range(1, 6)]
    repo.commit("ledger", {LEDGER: ledger_text(lines)})
    found = check_json(repo.path, "--select", "CT407").json["diagnostics"]
    assert len(found) == 1
    assert "none of the ledger's 5 shas is a commit of this repository" in found[0]["message"]
    assert "squash-merged" in found[0]["hint"]


def test_one_sha_that_is_not_a_commit_among_real_ones_is_its_own_finding(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    real = repo.commit("tree")[:7]
    lines = [cycle(1, sha=real, canonical_sha=real), cycle(2, sha=real, canonical_sha=real),
             cycle(3, sha="dead123", canonical_sha="dead123")]
    repo.commit("ledger", {LEDGER: ledger_text(lines)})
    found = check_json(repo.path, "--select", "CT407").json["diagnostics"]
    assert [(d["line"], "dead123" in d["message"]) for d in found] == [(3, True), (3, True)]


# --------------------------------------------------------------------------- since as a baseline


def _adopted(tmp_path: Path) -> tuple[GitRepo, str]:
    """A repository whose ledger and note store held faulty lines when the tool was adopted."""
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    old_notes = json.dumps({"time": "2 Nov", "project": "p", "fact": "Old."}) + "\n"
    adopted = repo.commit("tree with an old ledger", {
        LEDGER: ledger_text([cycle(1, result="won"), cycle(2, goals_total="9")]),
        STORE: old_notes,
    })
    return repo, adopted


def test_since_leaves_the_lines_a_record_held_then_unjudged_and_judges_lines_after(tmp_path):
    repo, adopted = _adopted(tmp_path)
    everything = check_json(repo.path, "--select", "CT403,CT409,CT502", "--no-git")
    assert sorted((d["code"], d["line"]) for d in everything.json["diagnostics"]) == [
        ("CT403", 1), ("CT409", 2), ("CT502", 1)]
    ledger = (repo.path / LEDGER).read_text() + ledger_text([cycle(3, result="lost")])
    notes = (repo.path / STORE).read_text() + json.dumps(
        {"time": "3 Nov", "project": "p", "fact": "New."}) + "\n"
    repo.commit("two new faulty lines", {LEDGER: ledger, STORE: notes})
    found = check_json(repo.path, "--select", "CT403,CT409,CT502", "--since", adopted)
    assert sorted((d["code"], d["path"], d["line"]) for d in found.json["diagnostics"]) == [
        ("CT403", LEDGER, 3), ("CT502", STORE, 2)]


def test_since_judges_a_line_changed_after_the_baseline(tmp_path: Path):
    repo, adopted = _adopted(tmp_path)
    text = ledger_text([cycle(1, result="still-won"), cycle(2, goals_total="9")])
    repo.commit("rewrite the first line", {LEDGER: text})
    found = check_json(repo.path, "--select", "CT403,CT409,CT304", "--since", adopted)
    assert sorted((d["code"], d["line"]) for d in found.json["diagnostics"]) == [
        ("CT304", 1), ("CT403", 1), ("CT409", 2)]


def test_since_with_a_record_that_did_not_exist_then_judges_every_line(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    before = repo.commit("tree, no ledger yet")
    repo.commit("ledger", {LEDGER: ledger_text([cycle(1, result="won")])})
    found = check_json(repo.path, "--select", "CT403", "--since", before)
    assert [d["line"] for d in found.json["diagnostics"]] == [1]


def test_since_that_names_no_commit_is_exit_2_for_the_ledger_rules_too(tmp_path: Path):
    repo, _ = _adopted(tmp_path)
    result = check_json(repo.path, "--select", "CT403", "--since", "no-such-rev")
    assert result.code == 2 and "no-such-rev" in result.err


# --------------------------------------------------------------------------- hints


def test_no_hint_for_a_line_record_asks_to_edit_a_committed_line(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    lines = [
        cycle(1, result="Improved", goals_total="9"),
        cycle(2, target=None, sha=None),
        cycle(4, timestamp="yesterday", canonical_sha="zz", goals_passing=99),
        cycle(3, trace={"goal_hypothesis": "h"}, goals_total=10**12),
        ["not", "an", "object"],
        cycle(5, result=None, cycle=None, timestamp=None, target=None) | {"target": 3},
        cycle(6, sha=None, goals_total=None),
        '{"cycle": 7, "result": "improved"',
    ]
    notes = "\n".join([
        json.dumps({"time": "2 Nov", "project": "", "fact": "One. Two.", "tags": "x"}),
        json.dumps({"project": "p", "fact": "Mail wren@example.org about it."}),
        json.dumps({"time": "2026-11-02T14:03:11Z", "project": "p", "fact": "Same."}),
        json.dumps({"time": "2026-11-02T14:03:11Z", "project": "p", "fact": "Same."}),
        "[1]", "{bad",
    ]) + "\n"
    repo.commit("faulty records", {LEDGER: ledger_text(lines), STORE: notes})
    found = check_json(repo.path, "--select", "CT4,CT5,CT601").json["diagnostics"]
    judged = [d for d in found if d["code"] != "CT411"]
    assert {d["code"] for d in judged} >= {
        "CT401", "CT402", "CT403", "CT404", "CT406", "CT407", "CT409", "CT410",
        "CT501", "CT502", "CT503", "CT504", "CT505"}
    for diagnostic in judged:
        hint = diagnostic["hint"].lower()
        assert "append" in hint or "since" in hint or "recall" in hint, diagnostic
        for wording in ("fill them in", "remove the broken", "replace it with", "add \"",
                        "write it in lower case:", "complete or remove", "split it into"):
            assert wording not in hint, diagnostic


def test_a_log_that_is_not_utf8_is_never_told_to_be_re_encoded(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    repo.commit("a log in Latin-1", {"logs/events.jsonl": b'{"e": "caf\xe9"}\n'})
    [found] = check_json(repo.path, "--select", "CT210").json["diagnostics"]
    assert "append" in found["hint"] and "iconv" not in found["hint"]
