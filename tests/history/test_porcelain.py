"""``git status --porcelain=v2 -z`` read into named records, one kind each, from real git."""

from __future__ import annotations

import subprocess
from pathlib import Path

from continuity.history.git import Repository
from continuity.history.porcelain import (
    Ignored,
    Renamed,
    StatusRecord,
    Tracked,
    Unmerged,
    Untracked,
    status_records,
)
from tests.support.common import GitRepo, write_files


def _status(repo: GitRepo, *extra: str) -> list[StatusRecord]:
    head = repo.git("rev-parse", "HEAD").strip()
    output = Repository(repo.path, head).run("status", "--porcelain=v2", "-z",
                                             "--untracked-files=all", "--ignored=traditional",
                                             *extra)
    return list(status_records(output))


def test_each_record_kind_with_its_fields(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("one", {"a.md": "a\n", "b.md": "b\n", "gone.md": "g\n",
                                ".gitignore": "*.log\n"})
    blob_a = repo.git("rev-parse", "HEAD:a.md").strip()
    write_files(repo.path, {"a.md": "a, changed\n", "new file.md": "n\n", "x.log": "l\n"})
    repo.git("add", "b.md")
    (repo.path / "gone.md").unlink()
    records = {record.path: record for record in _status(repo)}
    changed = records["a.md"]
    assert isinstance(changed, Tracked) and changed.worktree_state == b"M"
    assert changed.head_oid.decode() == blob_a and changed.submodule.startswith(b"N")
    assert isinstance(records["gone.md"], Tracked) and records["gone.md"].worktree_state == b"D"
    assert isinstance(records["new file.md"], Untracked)  # a space in the name survives
    assert isinstance(records["x.log"], Ignored)


def test_a_rename_keeps_both_names(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("one", {"old name.md": "the same content, long enough to pair\n"})
    repo.git("mv", "old name.md", "new name.md")
    (renamed,) = _status(repo)  # git pairs them when renames are not turned off
    assert isinstance(renamed, Renamed)
    assert (renamed.original, renamed.path, renamed.worktree_state) == \
        ("old name.md", "new name.md", b".")


def test_a_conflict_is_an_unmerged_record_with_each_side(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    repo.commit("base", {"f.md": "base\n"})
    repo.git("checkout", "-q", "-b", "side")
    repo.commit("side", {"f.md": "side\n"})
    repo.git("checkout", "-q", "main")
    repo.commit("main", {"f.md": "main\n"})
    ours = repo.git("rev-parse", "HEAD:f.md").strip()
    theirs = repo.git("rev-parse", "side:f.md").strip()
    done = subprocess.run(["git", "merge", "-q", "side"], cwd=repo.path, capture_output=True)
    assert done.returncode != 0  # the conflict is real
    (conflict,) = [r for r in _status(repo) if r.path == "f.md"]
    assert isinstance(conflict, Unmerged)
    assert (conflict.ours_oid.decode(), conflict.theirs_oid.decode()) == (ours, theirs)


def test_a_short_record_is_dropped_not_guessed():
    assert list(status_records(b"1 .M N...\x00? ok.md\x00# branch.oid x\x00")) == \
        [Untracked("ok.md")]
