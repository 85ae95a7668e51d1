"""What the history rules read of the working tree and of git: never a version larger than
max_file_size held whole (the edit is still reported, CT301, and the file as too large, CT603),
never a named pipe opened."""

from __future__ import annotations

import json
import os
from pathlib import Path

from continuity.history.git import open_repository
from tests.support.common import GitRepo, minimal_tree, run_cli

from .conftest import run_command
from .hostile_inputs import grow_huge

ENTRY = "journal/2026-01-02-turn-1.md"


def test_an_entry_grown_to_200_mb_is_judged_in_little_memory(repo: GitRepo):
    repo.commit("a clean tree", minimal_tree())
    grow_huge(repo.path / ENTRY, (repo.path / ENTRY).read_bytes())  # an uncommitted edit
    # 256 MB of address space: enough for the command, not for the file read whole.
    done = run_command("check", "--output-format", "json", cwd=repo.path,
                       memory_cap=256 * 1024 * 1024)
    assert done.code == 1, done.err
    assert '"code": "CT301"' in done.out and '"code": "CT603"' in done.out


def test_the_blob_reader_passes_over_what_is_too_large(repo: GitRepo):
    small = minimal_tree()[ENTRY].encode()
    big = b"x" * (2 * 1024 * 1024)
    repo.commit("one", {ENTRY: small, "journal/2026-01-05-turn-2.md": big})
    names = [f"HEAD:{ENTRY}", "HEAD:journal/2026-01-05-turn-2.md", f"HEAD:{ENTRY}",
             "HEAD:journal/missing.md"]
    reader = open_repository(repo.path).repository.blob_reader()
    try:
        answers = list(reader.read(names, max_size=1024 * 1024))
        again = list(reader.read(names[1:2]))  # the same process, still in step
    finally:
        reader.close()
    assert answers == [(names[0], small), (names[1], None), (names[2], small), (names[3], None)]
    assert again == [(names[1], big)]


def test_the_bound_is_max_file_size(tmp_path: Path):
    """The limit is max_file_size: raising it lets the rules read the versions again."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("a clean tree", minimal_tree())
    (repo.path / ENTRY).write_text(minimal_tree()[ENTRY] + "x" * 4000 + "\n", "utf-8")
    (repo.path / "continuity.toml").write_text('max_file_size = "2 KB"\n', "utf-8")
    capped = run_cli("check", "--select", "CT301", cwd=repo.path)
    (repo.path / "continuity.toml").write_text('max_file_size = "1 MB"\n', "utf-8")
    read = run_cli("check", "--select", "CT301", cwd=repo.path)
    assert "CT301" in capped.out and "first change" not in capped.out  # not read, still said
    assert "(first change at line 24)" in read.out


def test_an_entry_replaced_by_a_named_pipe_is_an_edit_not_a_hang(repo: GitRepo):
    repo.commit("a clean tree", minimal_tree())
    (repo.path / ENTRY).unlink()
    os.mkfifo(repo.path / ENTRY)  # git sees a modified file; opening it would wait forever
    done = run_command("check", "--output-format", "json", cwd=repo.path)
    found = {(d["code"], d["path"]) for d in json.loads(done.out)["diagnostics"]}
    assert found == {("CT301", ENTRY), ("CT210", ENTRY)}
