"""CT308 for records taken out of git on purpose (the seed's local-only ledger), and for the
protocol's own .gitignore: one finding per cause, never "restore it" (real git repositories)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.common import GitRepo, check_json, minimal_tree, write_files

LEDGER = ".agents/evolve/cycle-history.jsonl"


def _line(number: int) -> str:
    return json.dumps({"cycle": number, "target": "idle", "result": "unchanged",
                       "timestamp": f"2026-02-11T21:{number:02d}:00Z"}) + "\n"


def _tracked_ledger(tmp_path: Path) -> GitRepo:
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    repo.commit("tree and ledger", {LEDGER: _line(1)})
    repo.commit("cycle 2", {LEDGER: _line(1) + _line(2)})
    return repo


def _history(repo: GitRepo) -> list[dict]:
    return check_json(repo.path, "--select", "CT3").json["diagnostics"]


def _untrack_with_nested_gitignore(repo: GitRepo) -> str:
    """What the seed describes: `.agents/.gitignore` denies all, the ledger leaves the index."""
    write_files(repo.path, {".agents/.gitignore": "*\n!.gitignore\n"})
    repo.git("rm", "-q", "--cached", "--", LEDGER)
    return repo.commit("Make .agents/ local-only (files remain on disk)")


def test_a_ledger_made_local_only_is_one_ct308_naming_the_commit(tmp_path: Path):
    repo = _tracked_ledger(tmp_path)
    sha = _untrack_with_nested_gitignore(repo)
    # The loop keeps appending (and even rewrites) its local ledger: git cannot see it now.
    (repo.path / LEDGER).write_text(_line(9) + _line(10))
    found = _history(repo)
    assert [(d["code"], d["severity"]) for d in found] == [("CT308", "warning")]
    assert found[0]["commit"] == sha[:7]
    assert "remain on disk" in found[0]["message"]
    assert "git checkout" not in found[0]["hint"] and "restore it" not in found[0]["hint"]


def test_untracking_still_in_the_index_is_ct308_too(tmp_path: Path):
    repo = _tracked_ledger(tmp_path)
    repo.git("rm", "-q", "--cached", "--", LEDGER)  # staged, not committed
    found = _history(repo)
    assert [d["code"] for d in found] == ["CT308"]
    assert "in the index" in found[0]["message"]


def test_untracked_without_an_ignore_rule_is_ct308(tmp_path: Path):
    repo = _tracked_ledger(tmp_path)
    repo.git("rm", "-q", "--cached", "--", LEDGER)
    repo.git("commit", "-q", "-m", "stop tracking the ledger")
    (repo.path / LEDGER).write_text(_line(1) + _line(2) + _line(3))  # still growing
    assert [d["code"] for d in _history(repo)] == ["CT308"]


def test_a_ledger_deleted_from_disk_and_git_is_still_ct304(tmp_path: Path):
    repo = _tracked_ledger(tmp_path)
    repo.commit("drop the ledger", delete=[LEDGER])
    found = _history(repo)
    assert [d["code"] for d in found] == ["CT304"]
    assert "deleted" in found[0]["message"]


def test_a_ledger_rewritten_while_tracked_stays_ct304_then_untracked_is_ct308(tmp_path: Path):
    repo = _tracked_ledger(tmp_path)
    rewrite = repo.commit("rewrite cycle 1", {LEDGER: _line(5) + _line(2)})
    untrack = _untrack_with_nested_gitignore(repo)
    found = sorted((d["code"], d["commit"]) for d in _history(repo))
    assert found == [("CT304", rewrite[:7]), ("CT308", untrack[:7])]


def test_entries_taken_out_of_git_but_kept_on_disk_are_not_deleted(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    entries = {f"snapshots/2026-01-0{n}T10-00-00.md": f"# Snapshot {n}\n" for n in (1, 2, 3)}
    repo.commit("tree with snapshots", entries)
    write_files(repo.path, {".gitignore": "snapshots/*\n!snapshots/.gitkeep\n"})
    repo.git("rm", "-q", "--cached", "--", *entries)
    sha = repo.commit("keep snapshots local")
    found = [d for d in _history(repo) if d["code"] in ("CT302", "CT308")]
    assert [(d["code"], d["commit"]) for d in found] == [("CT308", sha[:7])]
    assert "these 3 files" in found[0]["message"]


def test_the_protocols_own_gitignore_is_one_finding_per_directory_saying_so(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    write_files(repo.path, {
        ".gitignore": "logs/*.jsonl\nsnapshots/*\n!snapshots/.gitkeep\ncompleted/*.md\n",
        "snapshots/.gitkeep": "", "completed/.gitkeep": "", "logs/.gitkeep": "",
    })
    repo.commit("the protocol's layout")
    write_files(repo.path, {  # entries written locally, all ignored
        **{f"snapshots/2026-01-0{n}T10-00-00.md": f"# S{n}\n" for n in range(1, 6)},
        "completed/2026-01-02-task.md": "# Done\n",
        "logs/events.jsonl": "{}\n",
    })
    found = [d for d in _history(repo) if d["code"] == "CT308"]
    assert sorted(d["path"] for d in found) == ["completed", "logs", "snapshots"]
    for diagnostic in found:
        assert "the protocol's own .gitignore has this rule" in diagnostic["message"]
        assert 'ignore = ["CT308"]' in diagnostic["hint"]


def test_an_entry_deleted_and_left_on_disk_with_other_content_is_still_deleted(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    repo.commit("a journal turn", {"journal/2026-01-05-turn-9.md": "# Turn 9\n\nIt parses.\n"})
    repo.git("rm", "-q", "--cached", "--", "journal/2026-01-05-turn-9.md")
    write_files(repo.path, {"journal/2026-01-05-turn-9.md": "# Turn 9\n\nIt never parsed.\n"})
    found = [d["code"] for d in _history(repo) if d["code"] in ("CT302", "CT308")]
    assert found == ["CT302"]


def test_a_ledger_taken_out_of_git_then_tracked_again_whole_is_ct308_not_ct304(tmp_path: Path):
    """php-workx/agentops: `chore: remove .agents/ from git tracking` (a .gitignore rule, the
    files left on disk, the loop appending on), then the ledger was added again, every line
    kept. Nothing was lost: one CT308 at the untracking commit naming both, no "log
    deleted" (the check said CT304 there)."""
    repo = _tracked_ledger(tmp_path)
    write_files(repo.path, {".gitignore": ".agents/\n"})
    repo.git("rm", "-q", "--cached", "--", LEDGER)
    untracked = repo.commit("chore: remove .agents/ from git tracking")
    (repo.path / LEDGER).write_text(_line(1) + _line(2) + _line(3))  # appended, untracked
    repo.git("add", "-f", "--", LEDGER)
    again = repo.commit("track the ledger again")
    repo.commit("cycle 4", {LEDGER: _line(1) + _line(2) + _line(3) + _line(4)})
    found = _history(repo)
    assert [(d["code"], d["commit"]) for d in found] == [("CT308", untracked[:7])]
    assert f"tracked again in commit {again[:7]}" in found[0]["message"]
    assert "nothing was lost" in found[0]["message"] and "git checkout" not in found[0]["hint"]


def test_a_ledger_deleted_then_added_back_without_its_lines_is_still_ct304(tmp_path: Path):
    repo = _tracked_ledger(tmp_path)
    deleted = repo.commit("remove the ledger", delete=[LEDGER])
    again = repo.commit("a new ledger", {LEDGER: _line(7)})
    found = _history(repo)
    assert sorted((d["code"], d["commit"]) for d in found) == sorted(
        [("CT304", deleted[:7]), ("CT304", again[:7])])


def test_a_ledger_deleted_and_restored_as_it_was_is_ct308(tmp_path: Path):
    repo = _tracked_ledger(tmp_path)
    deleted = repo.commit("remove the ledger by mistake", delete=[LEDGER])
    repo.commit("restore it", {LEDGER: _line(1) + _line(2)})
    found = _history(repo)
    assert [(d["code"], d["commit"]) for d in found] == [("CT308", deleted[:7])]
