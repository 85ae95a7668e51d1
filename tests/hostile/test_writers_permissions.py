"""Every writer where it may not write: a read-only directory, a read-only file in its way.

Read-only is real for whoever runs the tests: permission bits for a user, the immutable flag
for root, whom permission bits do not stop (tests/support/readonly.py). An existing file is never
overwritten, whether or not it could be: `new` and `init` refuse, `--write-audit` takes the
next name, `note` only ever appends.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

import pytest

from tests.hostile.writers_support import (
    AUDIT,
    FACT,
    INIT,
    NEW,
    NEW_ENTRY,
    NOTE,
    NOTE_NEW_STORE,
    SIDECAR,
    STORE,
    Writer,
    assert_names,
    assert_unchanged,
    changes,
    read_only,
    run,
    run_writer,
    snapshot,
    store_lines,
    workspace,
)

DENIED = ("Permission denied", "Operation not permitted")

#: The directory each writer writes in, relative to the workspace.
DIRECTORY = {"new": "mem/completed", "note": "mem", "note-new-store": "mem",
             "write-audit": "mem/audits", "init": "project"}


@pytest.mark.parametrize("writer", [NEW, NOTE_NEW_STORE, AUDIT, INIT], ids=str)
def test_a_read_only_directory_is_a_clear_failure_and_changes_nothing(writer: Writer,
                                                                      tmp_path: Path):
    base = workspace(tmp_path, writer)
    before = snapshot(base)
    with read_only(base / DIRECTORY[writer.name]):
        result = run_writer(writer, base)
    assert result.code == writer.failure_code, result
    assert_names(result, writer, *DENIED)
    assert_unchanged(before, base, result)


def test_a_note_store_in_a_read_only_directory_still_takes_the_note_and_nothing_else(
        tmp_path: Path):
    """The store itself is writable: the note is appended; the recall index beside it cannot
    be saved, so it lives in memory for the run (no temporary file is left trying)."""
    base = workspace(tmp_path, NOTE)
    store = base / "mem" / STORE
    old = store.read_bytes()
    before = snapshot(base)
    with read_only(base / "mem"):
        result = run_writer(NOTE, base)
    assert result.code == 0, result
    assert store.read_bytes().startswith(old)
    assert [n["fact"] for n in store_lines(store)[-1:]] == [FACT]
    after = snapshot(base)
    assert changes(before, after) == {"added": [], "removed": [], "changed": ["mem/" + STORE]}


def test_a_read_only_note_store_is_store_unavailable_and_left_byte_for_byte(tmp_path: Path):
    base = workspace(tmp_path, NOTE)
    before = snapshot(base)
    with read_only(base / "mem" / STORE):
        result = run_writer(NOTE, base)
    assert result.code == 5 and "store-unavailable" in result.err, result
    assert_names(result, NOTE, *DENIED)
    assert_unchanged(before, base, result)


def test_new_never_overwrites_an_entry_of_the_same_name(tmp_path: Path):
    base = workspace(tmp_path, NEW)
    (base / "mem" / NEW_ENTRY).write_text("# Mine\n\nWritten by hand.\n", "utf-8")
    for locked in (False, True):  # a writable file and a read-only one alike
        before = snapshot(base)
        with read_only(base / "mem" / NEW_ENTRY) if locked else contextlib.nullcontext():
            result = run_writer(NEW, base)
        assert result.code == 2 and "already exists" in result.err, result
        assert_names(result, NEW)
        assert_unchanged(before, base, result)


def test_write_audit_beside_a_read_only_audit_of_today_takes_the_next_name(tmp_path: Path):
    base = workspace(tmp_path, AUDIT)
    first = run_writer(AUDIT, base)
    assert first.code == 0, first
    existing = base / "mem" / first.out.strip()
    before = snapshot(base)
    with read_only(existing):
        second = run_writer(AUDIT, base)
    assert second.code == 0, second
    assert second.out.strip().endswith("-lint-report-2.md"), second
    after = snapshot(base)
    added = set(after) - set(before)
    assert added == {"mem/" + second.out.strip()}
    assert {k: v for k, v in after.items() if k in before} == before


@pytest.mark.parametrize("taken", ["STATE.md", "mkdocs.yml", "journal/ENTRY.template.md"])
def test_init_into_a_non_empty_directory_overwrites_nothing_and_writes_nothing(
        taken: str, tmp_path: Path):
    base = workspace(tmp_path, INIT)
    path = base / "project" / taken
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("mine\n", "utf-8")
    before = snapshot(base)
    with read_only(path):
        result = run_writer(INIT, base)
    assert result.code == 2 and "already exist" in result.err and taken in result.err, result
    assert_unchanged(before, base, result)


def test_init_keeps_what_it_does_not_own_in_a_non_empty_directory(tmp_path: Path):
    base = workspace(tmp_path, INIT)
    (base / "project" / ".gitignore").write_text("*.pyc\n", "utf-8")
    (base / "project" / "journal").mkdir()
    (base / "project" / "journal" / "2026-01-02-turn-1.md").write_text("# mine\n", "utf-8")
    before = snapshot(base)
    result = run_writer(INIT, base)
    assert result.code == 0, result
    after = snapshot(base)
    assert {k: after[k] for k in before} == before  # every existing file byte for byte
    assert "project/journal/.gitkeep" not in after  # not needed in a directory with files


def test_init_where_the_directory_is_a_read_only_file(tmp_path: Path):
    base = workspace(tmp_path, INIT)
    before = snapshot(base)
    with read_only(base / "project" / "README.md"):
        result = run(("init", "README.md"), base / "project")
    assert result.code == 2 and "README.md" in result.err and "not a directory" in result.err
    assert_unchanged(before, base, result)


def test_what_writers_create_is_readable_as_the_umask_allows(tmp_path: Path):
    """Temporary files are linked or renamed into place: the result must not keep a private
    mode (mkstemp's 0600 used to leak into -o and generate files)."""
    base = workspace(tmp_path, NOTE_NEW_STORE)
    umask = os.umask(0o022)
    os.umask(umask)
    expected = 0o666 & ~umask
    assert run_writer(NEW, base).code == 0
    assert run_writer(NOTE_NEW_STORE, base).code == 0
    assert run(("report", "--no-git", "-o", "report.md"), base / "mem").code == 0
    for name in (NEW_ENTRY, STORE, SIDECAR, "report.md"):
        assert stat.S_IMODE((base / "mem" / name).stat().st_mode) == expected, name
