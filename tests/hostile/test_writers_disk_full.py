"""Every writer on a full disk: a clear message naming the file, and the tree as it was.

Two real ways to fill a disk: RLIMIT_FSIZE, under which the kernel cuts a write short at the
limit (EFBIG, so part of the bytes land first), and a small tmpfs filled to its last page
(ENOSPC), mounted where that is permitted.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.writers_support import (
    NOTE,
    NOTE_NEW_STORE,
    STORE,
    WRITERS,
    Writer,
    assert_names,
    assert_unchanged,
    fill_up,
    planted_notes,
    run,
    run_writer,
    small_tmpfs,
    snapshot,
    workspace,
)

ALL = [*WRITERS, NOTE_NEW_STORE]


def file_size_limit(writer: Writer, base: Path) -> int:
    """A limit the write crosses part-way: 10 bytes past the note store, else 64 bytes into
    a new file (every file these writers create is longer)."""
    store = base / "mem" / STORE
    return store.stat().st_size + 10 if writer is NOTE else 64


@pytest.mark.parametrize("writer", ALL, ids=str)
def test_a_write_cut_short_by_a_file_size_limit_is_undone(writer: Writer, tmp_path: Path):
    base = workspace(tmp_path, writer)
    before = snapshot(base)
    result = run_writer(writer, base, file_size=file_size_limit(writer, base))
    assert result.code == writer.failure_code, result
    assert_names(result, writer, "File too large")
    assert_unchanged(before, base, result)


@pytest.mark.parametrize("writer", ALL, ids=str)
def test_a_full_tmpfs_leaves_every_file_as_it_was(writer: Writer, tmp_path: Path):
    with small_tmpfs(tmp_path / "disk") as disk:
        base = workspace(disk, writer)
        store = base / "mem" / STORE
        if store.exists():  # end the store on a page boundary: the append needs a new page
            data = planted_notes()
            pad = b" " * (4096 - len(data) % 4096 - 1) + b"\n"
            store.write_bytes(data + pad)
        fill_up(disk)
        before = snapshot(base)
        result = run_writer(writer, base)
        assert result.code == writer.failure_code, result
        assert_names(result, writer, "No space left on device")
        assert_unchanged(before, base, result)


def test_init_of_a_new_directory_on_a_full_tmpfs_leaves_no_directory(tmp_path: Path):
    """The directories init made for its files go too, not only the files."""
    with small_tmpfs(tmp_path / "disk") as disk:
        fill_up(disk)
        before = snapshot(disk)
        result = run(("init", "fresh/memory"), disk)
        assert result.code == 2, result
        assert "STATE.md" in result.err and "No space left on device" in result.err, result
        assert_unchanged(before, disk, result)
