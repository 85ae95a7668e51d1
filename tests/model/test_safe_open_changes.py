"""The walk beneath a boundary when a name changes between two looks at it.

A swapper can exchange a link and a file between the open that failed (ELOOP: a link) and
the ``lstat``/``readlink`` that follow. Each ordering is set up here for real, on disk, by
calling the walk's step with the failure the first look saw: the walk looks again instead
of failing with the second look's error (``readlink`` of a file is EINVAL), and still
refuses a link that leaves.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from continuity.model.safe_open import Escaped, _Walk, open_beneath


@pytest.fixture
def top(tmp_path: Path) -> Path:
    top = tmp_path / "repo"
    top.mkdir()
    (top / "notes.jsonl").write_text("{}\n", "utf-8")
    return top


def _after_loop(top: Path, name: str) -> tuple[bool, list[str]]:
    walk = _Walk(top / name, top)
    pending: list[str] = []
    try:
        went_on = walk._went_on(OSError(errno.ELOOP, "a link"), name, pending)
    finally:
        walk.close()
    return went_on, pending


def test_a_link_at_the_open_and_a_file_now_is_opened_again(top: Path):
    went_on, pending = _after_loop(top, "notes.jsonl")
    assert went_on and pending == ["notes.jsonl"]


def test_a_link_at_the_open_and_gone_now_is_opened_again(top: Path):
    went_on, pending = _after_loop(top, "missing.jsonl")
    assert went_on and pending == ["missing.jsonl"]


def test_a_link_still_there_is_followed(top: Path):
    (top / "alias.jsonl").symlink_to("notes.jsonl")
    went_on, pending = _after_loop(top, "alias.jsonl")
    assert went_on and pending == ["notes.jsonl"]


def test_a_file_where_a_directory_was_asked_stands(top: Path):
    walk = _Walk(top / "notes.jsonl" / "x", top)
    try:
        assert not walk._went_on(OSError(errno.ENOTDIR, "not a directory"), "notes.jsonl", [])
    finally:
        walk.close()


def test_other_errors_stand(top: Path):
    walk = _Walk(top / "notes.jsonl", top)
    try:
        assert not walk._went_on(OSError(errno.EACCES, "denied"), "notes.jsonl", [])
    finally:
        walk.close()


def test_a_link_out_is_still_refused(top: Path, tmp_path: Path):
    (tmp_path / "outside.jsonl").write_text("secret\n", "utf-8")
    (top / "out.jsonl").symlink_to(tmp_path / "outside.jsonl")
    with pytest.raises(Escaped):
        open_beneath(top / "out.jsonl", top, os.O_RDONLY)
    (top / "up.jsonl").symlink_to("../outside.jsonl")
    with pytest.raises(Escaped):
        open_beneath(top / "up.jsonl", top, os.O_RDONLY)


def test_a_link_inside_is_opened(top: Path):
    (top / "alias.jsonl").symlink_to("notes.jsonl")
    fd = open_beneath(top / "alias.jsonl", top, os.O_RDONLY)
    try:
        assert os.read(fd, 10) == b"{}\n"
    finally:
        os.close(fd)
