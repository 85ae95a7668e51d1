"""CT304: the cycle ledger, note stores and logs/*.jsonl only ever grow, judged commit by commit."""

from __future__ import annotations

import json

from tests.support.common import GitRepo, check_json, minimal_tree

LEDGER = ".agents/evolve/cycle-history.jsonl"


def line(cycle: int, result: str = "improved") -> str:
    return json.dumps({"cycle": cycle, "target": "parser", "result": result,
                       "timestamp": f"2026-01-0{cycle}T00:00:00Z"}) + "\n"


def rewrites(root, *extra) -> list[tuple[str, str, str, int]]:
    result = check_json(root, "--select", "CT3", *extra)
    assert result.code in (0, 1), result.err
    return [(d["code"], d["path"], d.get("commit"), d["message"], d["line"])
            for d in result.json["diagnostics"]]


def test_every_rewrite_of_the_ledger_is_reported_at_its_commit(repo: GitRepo):
    """Rewritten in place, reset, deleted, re-created: one finding per offending commit."""
    repo.commit("Tree", minimal_tree())
    repo.commit("Cycle 1-2", {LEDGER: line(1) + line(2)})
    repo.commit("Cycle 3", {LEDGER: line(1) + line(2) + line(3)})
    in_place = repo.commit("Cycle 2 was really a regression",
                           {LEDGER: line(1) + line(2, "regressed") + line(3)})
    repo.commit("Cycle 4", {LEDGER: line(1) + line(2, "regressed") + line(3) + line(4)})
    reset = repo.commit("Start over", {LEDGER: ""})
    repo.commit("Cycle 1 again", {LEDGER: line(1)})
    truncated = repo.commit("Cut a line short", {LEDGER: line(1)[:20]})
    repo.commit("Cycle 5", {LEDGER: line(1)[:20] + "\n" + line(5)})
    deleted = repo.commit("Remove the ledger", delete=[LEDGER])
    recreated = repo.commit("New ledger", {LEDGER: line(6)})
    repo.commit("Cycle 7", {LEDGER: line(6) + line(7)})
    found = {commit: (code, path, message, at) for code, path, commit, message, at
             in rewrites(repo.path)}
    assert sorted(found) == sorted(c[:7] for c in (in_place, reset, truncated, deleted,
                                                   recreated))
    assert {(code, path) for code, path, _, _ in found.values()} == {("CT304", LEDGER)}
    assert "rewritten in place: line 2 differs" in found[in_place[:7]][2]
    assert found[in_place[:7]][3] == 2  # pointed at the line that changed
    assert "reset to empty (its 4 lines removed)" in found[reset[:7]][2]
    assert "truncated: line 1 cut short" in found[truncated[:7]][2]
    assert "deleted" in found[deleted[:7]][2]
    assert "re-created without the 2 lines it held" in found[recreated[:7]][2]


def test_appends_pass_even_after_a_missing_final_newline(repo: GitRepo):
    repo.commit("Tree", minimal_tree())
    repo.commit("Cycle 1, no newline", {LEDGER: line(1).rstrip("\n")})
    repo.commit("Cycle 2", {LEDGER: line(1) + line(2)})
    repo.commit("Cycle 3, CRLF kept", {LEDGER: line(1) + line(2) + line(3).replace("\n", "\r\n")})
    assert rewrites(repo.path) == []


def test_truncation_names_what_was_lost(repo: GitRepo):
    repo.commit("Tree", {**minimal_tree(), LEDGER: line(1) + line(2) + line(3)})
    cut = repo.commit("Keep the first", {LEDGER: line(1)})
    [(code, _, commit, message, _)] = rewrites(repo.path)
    assert (code, commit) == ("CT304", cut[:7])
    assert "truncated from 3 lines to 1" in message


def test_note_stores_and_event_logs_are_append_only(repo: GitRepo):
    note = '{"time": "2026-01-02T00:00:00Z", "project": "p", "fact": "One."}\n'
    other = '{"time": "2026-01-03T00:00:00Z", "project": "p", "fact": "Two."}\n'
    repo.commit("Tree", {**minimal_tree(), "notes.jsonl": note, "notes/tide.jsonl": note,
                         "logs/events.jsonl": '{"e": 1}\n'})
    repo.commit("Append", {"notes.jsonl": note + other, "notes/tide.jsonl": note + other,
                           "logs/events.jsonl": '{"e": 1}\n{"e": 2}\n'})
    edited = repo.commit("Edit", {"notes/tide.jsonl": other + note,
                                  "logs/events.jsonl": '{"e": 2}\n'})
    dropped = repo.commit("Drop the log", delete=["logs/events.jsonl"])
    found = rewrites(repo.path)
    assert sorted((code, path, commit) for code, path, commit, _, _ in found) == [
        ("CT302", "logs/events.jsonl", dropped[:7]), ("CT304", "logs/events.jsonl", edited[:7]),
        ("CT304", "notes/tide.jsonl", edited[:7])]
    assert all(code != "CT301" for code, *_ in found)  # appending to logs/ is not an edit


def test_uncommitted_rewrite_of_the_ledger(repo: GitRepo):
    repo.commit("Tree", {**minimal_tree(), LEDGER: line(1) + line(2)})
    (repo.path / LEDGER).write_text(line(2), encoding="utf-8")
    [(code, _, commit, message, _)] = rewrites(repo.path)
    assert (code, commit) == ("CT304", None) and "uncommitted" in message
    (repo.path / LEDGER).write_text(line(1) + line(2) + line(3), encoding="utf-8")
    assert rewrites(repo.path) == []


def test_ledger_at_the_top_of_the_repository_above_the_memory_root(repo: GitRepo):
    files = {f"memory-root/{name}": text for name, text in minimal_tree().items()}
    repo.commit("Tree", {**files, LEDGER: line(1)})
    rewritten = repo.commit("Rewrite", {LEDGER: line(2)})
    result = check_json(repo.path / "memory-root", "--select", "CT3")
    [finding] = result.json["diagnostics"]
    assert (finding["code"], finding["commit"]) == ("CT304", rewritten[:7])
    assert finding["path"] == f"../{LEDGER}"


def test_merged_appends_from_two_branches_pass(repo: GitRepo):
    repo.commit("Tree", {**minimal_tree(), LEDGER: line(1)})
    repo.git("checkout", "-q", "-b", "side")
    repo.commit("Side cycle", {LEDGER: line(1) + line(2)})
    repo.git("checkout", "-q", "main")
    repo.commit("Main cycle", {LEDGER: line(1) + line(3)})
    done = __import__("subprocess").run(["git", "merge", "-q", "side"], cwd=repo.path,
                                        capture_output=True)
    assert done.returncode != 0  # both appended: a conflict, resolved by keeping both
    (repo.path / LEDGER).write_text(line(1) + line(3) + line(2), encoding="utf-8")
    merge = repo.commit("Merge side")
    assert repo.git("rev-list", "--parents", "-n1", merge).count(" ") == 2
    assert rewrites(repo.path) == []


def test_a_rewrite_deep_in_a_long_ledger_history_is_found_at_its_commit(repo: GitRepo):
    """Hundreds of versions: hashed in parallel on the guess that all pass; the one that does
    not, and only it, is reported."""
    from tests.support.history_repos import agent_history, fast_import

    commits = agent_history(300)
    ledger = commits[150]["files"][LEDGER]
    commits[150]["files"][LEDGER] = ledger.replace(b'"cycle": 7,', b'"cycle": 70,')
    for later in commits[151:]:  # the rewrite stays; later cycles append to it
        later["files"][LEDGER] = later["files"][LEDGER].replace(b'"cycle": 7,', b'"cycle": 70,')
    shas = fast_import(repo, commits)
    [(code, path, commit, message, at)] = rewrites(repo.path)
    assert (code, path, commit, at) == ("CT304", LEDGER, shas[150][:7], 7)
    assert "line 7 differs" in message
