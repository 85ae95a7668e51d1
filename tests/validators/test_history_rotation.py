"""Rotation is not a rewrite; archiving is not a rename (the protocol's CONTEXT_BUDGET.md):
lines moved from a log's head into an archive in one commit, entries moved into archive/
folders under their own names. Without the copy, it stays CT304 / CT302 (real git)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from continuity.validators.invariants import rotated_head
from tests.support.common import GitRepo, check_json, minimal_tree, write_files

LEDGER = ".agents/evolve/cycle-history.jsonl"
EVENTS = "logs/events.jsonl"


def _events(numbers: range) -> str:
    return "".join(json.dumps({"n": n, "event": f"e{n}"}) + "\n" for n in numbers)


def _cycles(numbers: range) -> str:
    return "".join(json.dumps({"cycle": n, "target": "idle", "result": "unchanged",
                               "timestamp": f"2026-02-11T21:{n:02d}:00Z"}) + "\n"
                   for n in numbers)


@pytest.fixture
def repo(tmp_path: Path) -> GitRepo:
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    repo.commit("tree", {EVENTS: _events(range(1, 11)), LEDGER: _cycles(range(1, 11))})
    return repo


def _codes(repo: GitRepo) -> list[tuple[str, str]]:
    found = check_json(repo.path, "--select", "CT30").json["diagnostics"]
    return sorted((d["code"], d["path"]) for d in found)


@pytest.mark.parametrize("archive", ["archive/logs/events-2026-01.jsonl",
                                     "logs/archive/events-2026-01.jsonl",
                                     "logs/events-2026-01.jsonl"])
def test_head_lines_moved_to_an_archive_in_the_same_commit_are_a_rotation(repo: GitRepo,
                                                                          archive: str):
    repo.commit("rotate", {EVENTS: _events(range(7, 13)), archive: _events(range(1, 7))})
    assert _codes(repo) == []


def test_the_ledger_rotated_into_an_existing_archive_file_is_a_rotation(repo: GitRepo):
    repo.commit("first archive", {"archive/cycles.jsonl": "{\"old\": true}\n"})
    repo.commit("rotate", {LEDGER: _cycles(range(5, 11)),
                           "archive/cycles.jsonl": "{\"old\": true}\n" + _cycles(range(1, 5))})
    assert _codes(repo) == []


def test_head_lines_dropped_without_a_copy_stay_ct304(repo: GitRepo):
    repo.commit("drop old events", {EVENTS: _events(range(7, 11))})
    [(code, path)] = _codes(repo)
    assert (code, path) == ("CT304", EVENTS)


def test_a_copy_that_is_not_the_removed_lines_in_order_is_ct304(repo: GitRepo):
    shuffled = _events(range(6, 0, -1))
    repo.commit("rotate badly", {EVENTS: _events(range(7, 11)), "archive/events.jsonl": shuffled})
    assert _codes(repo) == [("CT304", EVENTS)]


def test_a_copy_in_an_unrelated_folder_is_not_a_rotation(repo: GitRepo):
    repo.commit("move to notes", {EVENTS: _events(range(7, 11)),
                                  "backup/events.jsonl": _events(range(1, 7))})
    assert _codes(repo) == [("CT304", EVENTS)]


def test_a_rotation_in_the_working_tree_is_judged_before_it_is_committed(repo: GitRepo):
    write_files(repo.path, {EVENTS: _events(range(7, 11)),
                            "logs/archive/events-1.jsonl": _events(range(1, 7))})
    assert _codes(repo) == []
    write_files(repo.path, {"logs/archive/events-1.jsonl": _events(range(2, 7))})
    assert _codes(repo) == [("CT304", EVENTS)]


def test_lines_rewritten_in_the_middle_are_ct304_even_with_an_archive(repo: GitRepo):
    text = _events(range(1, 11)).replace('"e5"', '"E5"')
    repo.commit("edit", {EVENTS: text, "archive/events.jsonl": _events(range(1, 5))})
    assert _codes(repo) == [("CT304", EVENTS)]


# --------------------------------------------------------------------------- archived entries


def test_entries_moved_into_their_directorys_archive_folder_are_not_renamed(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    names = [f"2026-01-0{n}-turn-{n}.md" for n in (1, 2)]
    repo.commit("journal", {f"journal/{n}": f"# Turn {n}\n" for n in names})
    for name in names:
        (repo.path / "journal" / "archive").mkdir(exist_ok=True)
        repo.git("mv", f"journal/{name}", f"journal/archive/{name}")
    repo.commit("archive old turns")
    assert [c for c, _ in _codes(repo) if c in ("CT302", "CT303")] == []


def test_entries_moved_into_the_roots_archive_are_not_deleted(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    repo.commit("snapshot", {"snapshots/2026-01-01T10-00-00.md": "# Snapshot\n"})
    (repo.path / "archive" / "snapshots").mkdir(parents=True)
    repo.git("mv", "snapshots/2026-01-01T10-00-00.md",
             "archive/snapshots/2026-01-01T10-00-00.md")
    repo.commit("archive the snapshot")
    assert [c for c, _ in _codes(repo) if c in ("CT302", "CT303")] == []


def test_an_archived_entry_under_another_name_is_still_a_rename(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    repo.commit("journal", {"journal/2026-01-01-turn-1.md": "# Turn 1\n"})
    (repo.path / "journal" / "archive").mkdir()
    repo.git("mv", "journal/2026-01-01-turn-1.md", "journal/archive/turn-one.md")
    repo.commit("archive and rename")
    assert ("CT303", "journal/2026-01-01-turn-1.md") in _codes(repo)


def test_an_archived_entry_edited_afterwards_is_ct301(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    write_files(repo.path, minimal_tree())
    repo.commit("journal", {"journal/2026-01-01-turn-1.md": "# Turn 1\n"})
    (repo.path / "journal" / "archive").mkdir()
    repo.git("mv", "journal/2026-01-01-turn-1.md", "journal/archive/2026-01-01-turn-1.md")
    repo.commit("archive")
    repo.commit("edit", {"journal/archive/2026-01-01-turn-1.md": "# Turn 1, edited\n"})
    assert ("CT301", "journal/archive/2026-01-01-turn-1.md") in _codes(repo)


# --------------------------------------------------------------------------- the parser


@pytest.mark.parametrize("old,new,head", [
    (b"a\nb\nc\n", b"c\n", b"a\nb\n"),
    (b"a\nb\nc\n", b"b\nc\nd\n", b"a\n"),
    (b"a\nb\n", b"", b"a\nb\n"),
    (b"a\nb\n", b"x\n", b"a\nb\n"),  # everything rotated, then a new line
    (b"a\nb\nc\n", b"a\nb\nc\nd\n", None),  # plain growth: nothing removed
    (b"a\nb\nc\n", b"b\nX\n", b"a\nb\nc\n"),  # only all of it can have gone to an archive
    (b"a\nb", b"b", b"a\n"),  # a cut-short last line kept
    (b"", b"a\n", None),
])
def test_rotated_head(old: bytes, new: bytes, head: bytes | None):
    assert rotated_head(old, new) == head


def test_rotated_head_is_linear_on_a_long_log():
    old = b"".join(b"line %d\n" % n for n in range(200_000))
    assert rotated_head(old, old[len(b"line 0\n"):]) == b"line 0\n"
    assert rotated_head(b"x\n" * 200_000, b"y\n") == b"x\n" * 200_000
    # Every line a candidate cut that matches almost to the end: a bounded number of full
    # comparisons, then judged not rotated (CT304 stays), never quadratic.
    assert rotated_head(b"x\n" * 200_000 + b"z\n", b"x\n" * 200_000 + b"y\n") is None


def test_rotated_head_compares_at_most_the_cap_of_candidate_cuts():
    """The cost bound is exact: the 64th candidate cut is still compared, the 65th is not (a
    rotation that far down is judged a rewrite, CT304). Mutant: ``compared <= cap``."""
    from continuity.validators.invariants import MAX_ROTATION_CANDIDATES as cap

    old = b"A\n" * 70 + b"T\n"
    grown = b"G\n" * 200  # new is longer than old: every cut is a candidate

    def new_after(cut_lines: int) -> bytes:
        return old[2 * cut_lines:] + grown

    assert rotated_head(old, new_after(cap)) == b"A\n" * cap
    assert rotated_head(old, new_after(cap + 1)) is None
