"""The baseline is not a way around safety (issue 34, #5, #6, #7 and the Deliver bullet).

A fingerprint names what it acknowledges: the hash of a credential's value (acknowledging a
revoked fixture token never acknowledges a new token of that kind in the file) and the full
hash of each commit of a history finding (CT301 is reported at every commit that rewrote an
entry, so an acknowledged rewrite hides no later one). The file is read beneath the repository,
never through a link or from a special file, within a size limit. A change adding entries is
said in a notice, and a file written before version 2 stays readable.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from continuity.validators.baseline_file import MAX_SIZE
from tests.support.common import GitRepo, minimal_tree, run_cli, write_files
from tests.support.site_support import build, write_mkdocs_yml

JOURNAL = "journal/2026-01-02-turn-1.md"
TREE = minimal_tree()
REVOKED = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
LIVE = "ghp_" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2"
BASELINE = ".continuity-baseline.json"


def findings(top: Path, *args: str) -> list[tuple[str, str]]:
    result = run_cli("check", "--output-format", "json", *args, cwd=top)
    assert result.code in (0, 1), result.err
    return [(d["code"], d.get("commit", "")) for d in result.json["diagnostics"]]


def notices(top: Path, *args: str) -> list[str]:
    return run_cli("check", "--output-format", "json", *args, cwd=top).json["notices"]


def acknowledge(repo: GitRepo, reason: str) -> None:
    added = run_cli("check", "--add-baseline", "--reason", reason, cwd=repo.path)
    assert added.code == 0, added.out + added.err
    repo.commit(f"Acknowledge: {reason}")


def test_a_new_token_in_an_acknowledged_file_is_reported(repo: GitRepo):
    fixture = TREE["STATE.md"] + f"\nThe revoked fixture token: {REVOKED}\n"
    repo.commit("Start", {**TREE, "STATE.md": fixture})
    assert "CT601" in [code for code, _ in findings(repo.path)]
    acknowledge(repo, "revoked fixture token")
    [entry] = [f for f in json.loads((repo.path / BASELINE).read_text())["findings"]
               if f["code"] == "CT601"]
    assert entry["identity"].startswith("sha256:") and REVOKED not in json.dumps(entry)
    assert findings(repo.path) == []
    # The same kind of token, in the same file, on the same line: another value.
    repo.commit("Swap", {"STATE.md": fixture.replace(REVOKED, LIVE)})
    assert "CT601" in [code for code, _ in findings(repo.path)]
    # The acknowledged value, moved down the file, stays acknowledged.
    repo.commit("Move", {"STATE.md": "\n\n" + fixture})
    assert "CT601" not in [code for code, _ in findings(repo.path)]


def test_an_acknowledged_rewrite_hides_no_later_one(repo: GitRepo):
    repo.commit("Start", TREE)
    first = repo.commit("Typo", {JOURNAL: TREE[JOURNAL].replace("It parses.", "It parsed.")})
    acknowledge(repo, "typo, corrected in turn 2")
    entry = json.loads((repo.path / BASELINE).read_text())["findings"][0]
    assert entry["identity"] == f"commit:{first}"
    assert findings(repo.path) == []
    later = repo.commit("Rewrite again", {JOURNAL: TREE[JOURNAL].replace("It parses.", "No.")})
    assert findings(repo.path) == [("CT301", later[:7])]


@pytest.mark.parametrize("kind", ["dev-zero", "fifo", "huge", "link-out", "directory"])
def test_the_file_is_read_safely(repo: GitRepo, kind: str, tmp_path: Path):
    repo.commit("Start", TREE)
    baseline = repo.path / BASELINE
    if kind == "dev-zero":
        os.symlink("/dev/zero", baseline)
    elif kind == "fifo":
        os.mkfifo(baseline)
    elif kind == "huge":
        baseline.write_bytes(b" " * (MAX_SIZE + 1))
    elif kind == "link-out":
        outside = tmp_path / "elsewhere.json"
        outside.write_text('{"version": 2, "findings": []}')
        os.symlink(outside, baseline)
    else:
        baseline.mkdir()
    result = run_cli("check", cwd=repo.path)
    assert result.code == 2, result.out + result.err
    assert BASELINE in result.err and "Traceback" not in result.err
    write_mkdocs_yml(repo.path, options={"root": "."})
    built = build(repo.path)
    assert built.error is not None and BASELINE in built.said


def test_a_change_adding_entries_is_said(repo: GitRepo):
    start = repo.commit("Start", TREE)
    repo.commit("Typo", {JOURNAL: TREE[JOURNAL].replace("It parses.", "It parsed.")})
    run_cli("check", "--add-baseline", "--reason", "typo", cwd=repo.path)
    pending = [n for n in notices(repo.path) if n.startswith("review:")]
    assert pending and "not committed yet" in pending[0] and f"CT301 {JOURNAL} (typo)" in pending[0]
    acknowledge_commit = repo.commit("Acknowledge the typo")
    [said] = [n for n in notices(repo.path) if n.startswith("review:")]
    assert f"by commit {acknowledge_commit[:7]}" in said
    # Since the start of the range under review (a pull request's base, `--since`).
    repo.commit("Next turn", {"journal/2026-01-03-turn-2.md": TREE[JOURNAL]})
    assert not [n for n in notices(repo.path) if n.startswith("review:")]
    [since] = [n for n in notices(repo.path, "--since", start) if n.startswith("review:")]
    assert f"since {start}" in since and "CT301" in since


def test_a_version_1_file_stays_readable(repo: GitRepo):
    fixture = TREE["STATE.md"] + f"\nThe revoked fixture token: {REVOKED}\n"
    repo.commit("Start", {**TREE, "STATE.md": fixture})
    edited = repo.commit("Typo", {JOURNAL: TREE[JOURNAL].replace("It parses.", "It parsed.")})
    messages = {d["code"]: d["message"] for d in run_cli(
        "check", "--output-format", "json", "--ignore", "CT605", cwd=repo.path).json["diagnostics"]}
    old = {"version": 1, "findings": [
        {"code": "CT301", "path": JOURNAL, "message": messages["CT301"], "reason": "typo"},
        {"code": "CT601", "path": "STATE.md", "message": messages["CT601"], "reason": "fixture"}]}
    write_files(repo.path, {BASELINE: json.dumps(old)})
    result = run_cli("check", "--output-format", "json", "--ignore", "CT605", cwd=repo.path)
    # The rewrite's entry names its commit in its message: still acknowledged. The token's
    # named no value: it acknowledges nothing now, and the notice says what to do.
    assert [d["code"] for d in result.json["diagnostics"]] == ["CT601"]
    said = " ".join(result.json["notices"])
    assert "names no value" in said and "--add-baseline" in said and "short hash" in said
    # --add-baseline names each entry, keeping its reason.
    assert run_cli("check", "--add-baseline", "--ignore", "CT605", cwd=repo.path).code == 0
    upgraded = json.loads((repo.path / BASELINE).read_text())
    assert upgraded["version"] == 2
    assert sorted((f["code"], f["reason"], f["identity"].split(":")[0])
                  for f in upgraded["findings"]) == [("CT301", "typo", "commit"),
                                                     ("CT601", "fixture", "sha256")]
    assert any(f.get("identity") == f"commit:{edited}" for f in upgraded["findings"])
    assert findings(repo.path, "--ignore", "CT605") == []
