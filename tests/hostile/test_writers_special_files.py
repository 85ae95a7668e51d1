"""Output written to what is not a regular file: devices, named pipes, links to them.

Real nodes made for the test (``mknod`` of the null and full devices, as root; ``mkfifo``),
never the system's own ``/dev/null``: a writer that replaced the node would replace a copy.
Every command that takes ``-o FILE`` and the ``$GITHUB_STEP_SUMMARY`` of the github format.
"""

from __future__ import annotations

import os
import select
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.hostile.writers_support import plant, run

NULL, FULL = os.makedev(1, 3), os.makedev(1, 7)
COMMANDS = [("check", "--no-git"), ("check", "--no-git", "--output-format", "json"),
            ("report", "--no-git")]

root_only = pytest.mark.skipif(os.geteuid() != 0, reason="mknod needs root")


def device(where: Path, number: int) -> Path:
    os.mknod(where, stat.S_IFCHR | 0o666, number)
    return where


def assert_device(path: Path, number: int) -> None:
    status = os.lstat(path)
    assert stat.S_ISCHR(status.st_mode) and status.st_rdev == number, \
        f"{path} is no longer the device node"


class Reader:
    """A reader of a named pipe: opened before the writer starts (non-blocking, so it stands
    at the pipe at once), drained by a thread until the writer is done."""

    def __init__(self, fifo: Path):
        self.fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        self.chunks: list[bytes] = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._drain, daemon=True)
        self.thread.start()

    def _drain(self) -> None:
        while True:
            readable, _, _ = select.select([self.fd], [], [], 0.05)
            chunk = b""
            if readable:
                try:
                    chunk = os.read(self.fd, 1 << 16)
                except BlockingIOError:
                    chunk = b""
            if chunk:
                self.chunks.append(chunk)
            elif self.done.is_set():
                return
            else:
                time.sleep(0.01)  # no writer yet, or between writes

    def join(self) -> bytes:
        self.done.set()
        self.thread.join(30)
        os.close(self.fd)
        assert not self.thread.is_alive()
        return b"".join(self.chunks)


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Path]:
    plant(tmp_path / "ws")
    yield tmp_path / "ws" / "mem"


@pytest.fixture(scope="module")
def expected(tmp_path_factory: pytest.TempPathFactory):
    """What each command says on stdout, and its exit status, in a workspace of its own like
    ``mem``'s (planted alike, in a folder of the same name): run once a module per command,
    never in the test's ``mem``, which the tests' writes may change."""
    said: dict[tuple[str, ...], tuple[int, str]] = {}
    where = plant(tmp_path_factory.mktemp("expected") / "ws") / "mem"

    def result(args: tuple[str, ...]) -> tuple[int, str]:
        if args not in said:
            done = run(args, where)
            said[args] = (done.code, done.out)
        return said[args]
    return result


@root_only
@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_o_to_a_null_device_writes_into_it_and_keeps_the_node(args, mem: Path, tmp_path: Path,
                                                             expected):
    code, _ = expected(args)
    node = device(tmp_path / "null", NULL)
    done = run((*args, "-o", str(node)), mem)
    assert done.code == code, done
    assert_device(node, NULL)
    linked = tmp_path / "null-link"
    linked.symlink_to(node)
    done = run((*args, "-o", str(linked)), mem)
    assert done.code == code, done
    assert linked.is_symlink() and os.readlink(linked) == str(node)
    assert_device(node, NULL)


@root_only
@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_o_to_a_full_device_is_exit_2_saying_the_disk_is_full(args, mem: Path, tmp_path: Path):
    node = device(tmp_path / "full", FULL)
    done = run((*args, "-o", str(node)), mem)
    assert done.code == 2, done
    assert str(node) in done.err and "No space left on device" in done.err, done
    assert_device(node, FULL)


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_o_to_a_named_pipe_with_a_reader_hands_it_the_whole_output(args, mem: Path,
                                                                     tmp_path: Path, expected):
    code, out = expected(args)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = Reader(fifo)
    done = run((*args, "-o", str(fifo)), mem)
    assert done.code == code, done
    data = reader.join().decode()
    if "report" in args:  # a report names the time it was made
        assert data.splitlines()[0] == out.splitlines()[0] and len(data) > 0
    else:
        assert data == out
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_o_to_a_named_pipe_nobody_reads_is_refused_at_once(args, mem: Path, tmp_path: Path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    done = run((*args, "-o", str(fifo)), mem)  # run() fails the test if it hangs
    assert done.code == 2, done
    assert str(fifo) in done.err and "nobody is reading" in done.err, done
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_o_to_a_link_to_the_process_own_stdout_writes_to_stdout(mem: Path, expected):
    code, out = expected(COMMANDS[0])
    done = run((*COMMANDS[0], "-o", "/proc/self/fd/1"), mem)
    assert done.code == code, done
    assert done.out == out


def test_o_to_a_link_to_a_regular_file_replaces_the_file_and_keeps_the_link(mem: Path,
                                                                            tmp_path: Path,
                                                                            expected):
    code, out = expected(COMMANDS[0])
    target = tmp_path / "report.txt"
    target.write_text("old\n")
    linked = tmp_path / "report-link"
    linked.symlink_to(target)
    done = run((*COMMANDS[0], "-o", str(linked)), mem)
    assert done.code == code, done
    assert linked.is_symlink() and target.read_text() == out


def test_o_to_a_directory_is_exit_2_and_the_directory_stays(mem: Path, tmp_path: Path):
    folder = tmp_path / "folder"
    (folder / "inside").mkdir(parents=True)
    done = run((*COMMANDS[0], "-o", str(folder)), mem)
    assert done.code == 2 and str(folder) in done.err, done
    assert (folder / "inside").is_dir()


GITHUB = ("check", "--no-git", "--output-format", "github")


def test_a_step_summary_at_a_pipe_nobody_reads_says_so_and_does_not_hang(mem: Path,
                                                                         tmp_path: Path,
                                                                         expected):
    code, _ = expected(GITHUB)
    fifo = tmp_path / "summary"
    os.mkfifo(fifo)
    done = run(GITHUB, mem, env={"GITHUB_STEP_SUMMARY": str(fifo)})
    assert done.code == code, done
    assert "::warning::cannot write GITHUB_STEP_SUMMARY" in done.out
    assert "nobody is reading" in done.err and "the summary is lost" in done.err, done
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@root_only
def test_a_step_summary_at_a_full_device_says_the_summary_is_lost(mem: Path, tmp_path: Path):
    node = device(tmp_path / "full", FULL)
    done = run(GITHUB, mem, env={"GITHUB_STEP_SUMMARY": str(node)})
    assert "No space left on device" in done.err and "the summary is lost" in done.err, done
    assert "::warning::cannot write GITHUB_STEP_SUMMARY" in done.out
    assert_device(node, FULL)


def test_a_step_summary_at_a_pipe_with_a_reader_is_appended_whole(mem: Path, tmp_path: Path):
    fifo = tmp_path / "summary"
    os.mkfifo(fifo)
    reader = Reader(fifo)
    done = run(GITHUB, mem, env={"GITHUB_STEP_SUMMARY": str(fifo)})
    assert "cannot write" not in done.out, done
    assert reader.join().decode().startswith("## continuity check")
