"""The hostile suite's harness: every command as a real process, bounded in time and memory,
and one git repository holding every bad input at once.

``run_command`` is the ground rule of issue 7 made executable: the process runs under a
timeout and an address-space cap, and whatever it was fed, it ends with exit 0, 1 or 2, with
no traceback on either stream, and an exit 2 names the file at fault.
"""

from __future__ import annotations

import contextlib
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.common import GitRepo, minimal_tree, write_files
from tests.support.site_support import write_mkdocs_yml

from .hostile_inputs import CASES, ODD_NAMES, outside_files, plant, plant_special

#: Wall-clock bound of one command: a hang fails the test instead of stalling the suite.
TIMEOUT = 60
#: Address-space cap of one command (and the git processes it starts): 1.5 GB. Reading a
#: 200 MB file whole a few times over, or expanding an alias bomb, runs into it.
MEMORY_CAP = 1536 * 1024 * 1024


@dataclass(frozen=True)
class Finished:
    """A command that ran to its end: its exit status, output and duration."""

    args: tuple[str, ...]
    code: int
    out: str
    err: str
    seconds: float

    @property
    def output(self) -> str:
        return self.out + self.err


def run_process(argv: Sequence[str], *, cwd: Path, env: dict[str, str] | None = None,
                timeout: float = TIMEOUT, memory_cap: int = MEMORY_CAP) -> Finished:
    """Run ``argv`` under the timeout and the memory cap; a hang is a test failure."""
    def cap_memory() -> None:  # runs in the child, between fork and exec
        resource.setrlimit(resource.RLIMIT_AS, (memory_cap, memory_cap))

    environment = {k: v for k, v in os.environ.items() if k != "CONTINUITY_DEBUG"}
    environment["NO_MKDOCS_2_WARNING"] = "1"
    # The cap is on address space: glibc reserves 64 MB of it for each thread's own heap
    # (a check's git readers run in threads), which is no memory used and moves with when the
    # collector runs. Two heaps keep the cap a measure of what the command holds.
    environment["MALLOC_ARENA_MAX"] = "2"
    environment.update(env or {})
    started = time.monotonic()
    try:
        done = subprocess.run(list(argv), cwd=cwd, env=environment, capture_output=True,
                              timeout=timeout, preexec_fn=cap_memory)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"{' '.join(argv)} did not finish within {timeout} s") from None
    return Finished(tuple(argv), done.returncode, done.stdout.decode("utf-8", "replace"),
                    done.stderr.decode("utf-8", "replace"), time.monotonic() - started)


def assert_well_behaved(done: Finished, names: Iterable[str] = (),
                        codes: Iterable[int] = (0, 1, 2)) -> Finished:
    """Exit in ``codes``, no traceback anywhere, and an exit 2 names one of ``names``."""
    command = " ".join(done.args)
    assert done.code in set(codes), f"{command}: exit {done.code}\n{done.err[-3000:]}"
    assert "Traceback" not in done.out and "Traceback" not in done.err, \
        f"{command}: a traceback\n{done.output[-3000:]}"
    assert "internal error" not in done.err, f"{command}: {done.err[-3000:]}"
    if done.code == 2:
        names = list(names)
        assert names, f"{command}: unexpected exit 2: {done.err[-3000:]}"
        assert any(name in done.err for name in names), \
            f"{command}: exit 2 without naming {names}: {done.err[-3000:]}"
    return done


def run_command(*args: str, cwd: Path, env: dict[str, str] | None = None,
                names: Iterable[str] = (), codes: Iterable[int] = (0, 1, 2),
                memory_cap: int = MEMORY_CAP) -> Finished:
    """``continuity ARGS`` as a real process, held to :func:`assert_well_behaved`."""
    done = run_process([sys.executable, "-m", "continuity", *map(str, args)], cwd=cwd, env=env,
                       memory_cap=memory_cap)
    return assert_well_behaved(done, names, codes)


def run_mkdocs(*args: str, cwd: Path, names: Iterable[str] = ()) -> Finished:
    """``mkdocs ARGS`` as a real process (the plugin loaded from its entry point)."""
    done = run_process([sys.executable, "-m", "mkdocs", *args], cwd=cwd)
    return assert_well_behaved(done, names, codes=(0, 1))


# --------------------------------------------------------------------------- the hostile repo


@dataclass(frozen=True)
class HostileRepo:
    """A git repository whose memory tree (``memory/``) holds every case of ``CASES``."""

    top: Path  # the repository, with mkdocs.yml
    root: Path  # the memory root
    outside: Path  # files outside the repository that links point at


def build_hostile_repo(base: Path) -> HostileRepo:
    """Commit a clean tree, then every case; huge files and named pipes stay untracked
    (pending additions), and two odd-named files are changed in a last commit so history
    rules read them by their names."""
    outside = base / "outside"
    outside_files(outside)
    repo = GitRepo(base / "repo")
    root = repo.path / "memory"
    write_files(root, minimal_tree())
    write_mkdocs_yml(repo.path, options={"root": "memory"})
    write_files(repo.path, {".gitignore": "site/\n"})
    repo.commit("a clean memory tree")
    for case in CASES:
        plant(root, case, outside, special=False)
    repo.commit("every bad input")
    for kind in ("spaces", "newline"):
        with open(root / ODD_NAMES[kind], "a", encoding="utf-8") as handle:
            handle.write("\nEdited after the fact.\n")
    repo.commit("edit two odd-named files")
    for case in CASES:
        plant_special(root, case)
    return HostileRepo(repo.path, root, outside)


@contextlib.contextmanager
def scratch_directory() -> Iterator[Path]:
    """A temporary directory outside pytest's basetemp, removed by :func:`remove_tree`.

    Some inputs nest directories deeper than Python's recursion limit: shutil.rmtree, which
    pytest uses to prune old basetemps, fails on them (and would fail later runs too), and
    ``rm -rf`` takes seconds over such a chain.
    """
    path = Path(tempfile.mkdtemp(prefix="continuity-hostile-"))
    try:
        yield path
    finally:
        remove_tree(path)


def remove_tree(top: Path) -> None:
    """``rm -rf`` in a loop through one directory descriptor at a time: no recursion, no long
    paths to resolve, links removed and never followed."""
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
    down: list[str] = []  # names from ``top`` to the directory at hand
    fd = os.open(top, flags)
    try:
        while True:
            deeper = None
            with os.scandir(fd) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        deeper = entry.name
                    else:
                        os.unlink(entry.name, dir_fd=fd)
            if deeper is not None:
                child = os.open(deeper, flags, dir_fd=fd)
                os.close(fd)
                fd = child
                down.append(deeper)
            elif down:  # empty: back up and remove it
                parent = os.open("..", flags, dir_fd=fd)
                os.close(fd)
                fd = parent
                os.rmdir(down.pop(), dir_fd=fd)
            else:
                break
    finally:
        os.close(fd)
    os.rmdir(top)


@pytest.fixture
def scratch() -> Iterator[Path]:
    with scratch_directory() as path:
        yield path


@pytest.fixture(scope="session")
def hostile_repo() -> Iterator[HostileRepo]:
    """One repository with every bad input, shared by the tests that only read it."""
    with scratch_directory() as path:
        yield build_hostile_repo(path)
