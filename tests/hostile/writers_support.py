"""The harness of the hostile writer tests: the four writers as data, a tree to write into, the
real command in its own process (with a memory cap, a timeout, a file size limit, another
user's rights or a fault injector), and snapshots that show what a run changed on disk.

Writers: ``new``, ``note``, ``report --write-audit`` and ``init``. Each failure is produced by
the real operating system: RLIMIT_FSIZE or a full tmpfs for a full disk, the immutable flag
(root) or permission bits for a read-only directory or file, several processes released at
once for a concurrent writer, and a signal delivered from inside the process at the n-th
operation that changes the disk (an audit hook, see INJECTOR) for an interrupted one.
"""

from __future__ import annotations

import atexit
import compileall
import contextlib
import functools
import hashlib
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.support import readonly
from tests.support.common import REPO, minimal_tree, protocol_template, write_files
from tests.support.signals import default_signals

TIMEOUT = 60  # seconds for one run of a writer
MEMORY_CAP = 1536 * 1024 * 1024  # RLIMIT_AS of every child: bounded memory is asserted too

FACT = "The tide parser needs UTF-8 input."
PROJECT = "tidewater"
NEW_ENTRY = "completed/2026-01-05-hostile-case.md"
STORE = "notes.jsonl"
SIDECAR = ".notes.jsonl.index.json"  # the recall index note keeps beside the store (a cache)


def note_line(i: int, fact: str | None = None) -> bytes:
    return json.dumps({"time": f"2026-01-0{1 + i % 9}T10:00:00Z", "project": PROJECT,
                       "fact": fact or f"Old fact number {i} about the tides."}).encode() + b"\n"


def planted_notes(count: int = 3) -> bytes:
    return b"".join(note_line(i) for i in range(count))


def plant(base: Path) -> Path:
    """A workspace under ``base``: ``mem/``, a memory tree that breaks no rule, with a note store
    and an indexed audits/ directory; and ``project/``, a non-empty directory that init is run in.
    Returns ``base``."""
    write_files(base / "mem", {**minimal_tree(),
                               "audits/ENTRY.template.md": protocol_template("audits"),
                               "EVENTS.md": "# EVENTS\n\nAudits of the tree.\n\n## Mesh index"
                                            "\n\n- **Indexes:** `audits/`\n",
                               STORE: planted_notes().decode()})
    write_files(base / "project", {"README.md": "# tidewater\n\nThe parser.\n",
                                   "src/tide.py": "print('tides')\n"})
    return base


# --------------------------------------------------------------------------- the writers


@dataclass(frozen=True)
class Writer:
    """One writing command as the tests run it, and what it may change."""

    name: str
    args: tuple[str, ...]
    cwd: str  # relative to the workspace
    target: str  # the file the failure message must name (a substring of it)
    failure_code: int  # the exit status when the write fails
    whole: bool  # writes one file, all or nothing (init writes many)
    store_absent: bool = False  # note: the store does not exist yet

    def __str__(self) -> str:
        return self.name

    def prepare(self, base: Path) -> None:
        if self.store_absent:
            (base / "mem" / STORE).unlink()


NEW = Writer("new", ("new", "completed", "--slug", "hostile-case", "--date", "2026-01-05",
                     "--title", "Hostile case"), "mem", NEW_ENTRY.split("/")[1], 2, True)
NOTE = Writer("note", ("note", FACT, "--project", PROJECT, "--tag", "parser"), "mem", STORE, 5,
              True)
NOTE_NEW_STORE = Writer("note-new-store", NOTE.args, "mem", STORE, 5, True, store_absent=True)
AUDIT = Writer("write-audit", ("report", "--write-audit", "--no-git"), "mem", "-lint-report",
               2, True)
INIT = Writer("init", ("init",), "project", "STATE.md", 2, False)
WRITERS = [NEW, NOTE, AUDIT, INIT]


def workspace(base: Path, writer: Writer) -> Path:
    plant(base)
    writer.prepare(base)
    return base


# --------------------------------------------------------------------------- running one


INJECTOR = '''"""Fault injection for tests/hostile/test_writers_*: loaded by `site` as sitecustomize.

Counts the operations that change the disk (an open for writing, mkdir, rename, link, unlink,
chmod, truncate, mkstemp, flock) through audit hooks (PEP 578), and at the n-th one, before it
happens, delivers a signal to this process (CONTINUITY_TEST_INTERRUPT=SIGNAME:N), or waits for
a go file (CONTINUITY_TEST_BARRIER=READY_DIR:GO_FILE) so that several writers race for real.
CONTINUITY_TEST_COUNT=FILE records how many there were.
"""
import os
import sys

_interrupt = os.environ.get("CONTINUITY_TEST_INTERRUPT")
_barrier = os.environ.get("CONTINUITY_TEST_BARRIER")
_count_file = os.environ.get("CONTINUITY_TEST_COUNT")

if _interrupt or _barrier or _count_file:
    import atexit
    import signal
    import time

    _WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
    _EVENTS = {"os.rename", "os.link", "os.symlink", "os.remove", "os.rmdir", "os.mkdir",
               "os.truncate", "os.chmod", "os.chown", "os.utime", "tempfile.mkstemp",
               "tempfile.mkdtemp", "fcntl.flock", "shutil.copyfile", "shutil.move"}
    _seen = [0]
    _signal, _at = None, 0
    if _interrupt:
        _name, _, _n = _interrupt.partition(":")
        _signal, _at = getattr(signal, _name), int(_n)

    def _changes_disk(event, args):
        if event == "open":
            mode, flags = args[1], args[2]
            if isinstance(mode, str):
                return any(c in mode for c in "wax+")
            return bool((flags or 0) & _WRITE_FLAGS)
        return event in _EVENTS

    def _hook(event, args):
        if not _changes_disk(event, args):
            return
        _seen[0] += 1
        if _barrier and _seen[0] == 1:
            ready, _, go = _barrier.partition(":")
            with open(os.path.join(ready, str(os.getpid())), "x"):
                pass
            deadline = time.monotonic() + 30
            while not os.path.exists(go) and time.monotonic() < deadline:
                time.sleep(0.002)
        if _signal is not None and _seen[0] == _at:
            os.kill(os.getpid(), _signal)

    if _count_file:
        def _record(path=_count_file, seen=_seen):
            count = seen[0]
            with open(path, "w") as handle:
                handle.write(str(count))
        atexit.register(_record)
    sys.addaudithook(_hook)
'''


@functools.cache
def injector_dir() -> str:
    """A directory holding INJECTOR as sitecustomize.py, put first on the child's PYTHONPATH.

    Made once per session, which is also when the package is compiled: the children write no
    bytecode (so that the injector counts the writer's own writes only), and without it each
    of them would compile every module from source again.
    """
    compileall.compile_dir(REPO / "continuity", quiet=2)
    directory = tempfile.mkdtemp(prefix="continuity-injector-")
    Path(directory, "sitecustomize.py").write_text(INJECTOR, "utf-8")
    atexit.register(shutil.rmtree, directory, True)
    return directory


@dataclass
class Run:
    code: int  # the exit status; -N when signal N ended the process
    out: str
    err: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"continuity {' '.join(self.args)} -> {self.code}\nstdout: {self.out}\nstderr: {self.err}"


def child_setup(file_size: int | None = None, user: int | None = None) -> Callable[[], None]:
    """What the child does between fork and exec: cap its memory, limit the size of the files
    it may write (with SIGXFSZ ignored, so a write fails with EFBIG instead of killing it),
    and drop to another user."""
    def setup() -> None:
        default_signals()
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
        if file_size is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))
        if user is not None:
            os.setgroups([])
            os.setgid(user)
            os.setuid(user)
    return setup


def child_env(**extra: str) -> dict[str, str]:
    paths = [injector_dir(), str(REPO), os.environ.get("PYTHONPATH", "")]
    return dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in paths if p),
                PYTHONDONTWRITEBYTECODE="1",  # no .pyc written: only the writer changes disk
                LC_ALL="C.UTF-8", **extra)


def start(args: tuple[str, ...] | list[str], cwd: Path, *, file_size: int | None = None,
          env: dict[str, str] | None = None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "continuity", *args], cwd=cwd,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=child_env(**(env or {})),
                            preexec_fn=child_setup(file_size))


def finish(process: subprocess.Popen, args: tuple[str, ...] | list[str]) -> Run:
    try:
        out, err = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"continuity {' '.join(args)} hung for {TIMEOUT} s: "
                             f"{err.decode(errors='replace')}") from None
    return Run(process.returncode, out.decode("utf-8", "replace"),
               err.decode("utf-8", "replace"), tuple(args))


def run(args: tuple[str, ...] | list[str], cwd: Path, **options) -> Run:
    """``python -m continuity ARGS`` in its own process, asserted free of tracebacks."""
    result = finish(start(args, cwd, **options), args)
    assert "Traceback" not in result.out + result.err, result
    return result


def run_writer(writer: Writer, base: Path, **options) -> Run:
    return run(writer.args, base / writer.cwd, **options)


# --------------------------------------------------------------------------- what is on disk


def snapshot(root: Path) -> dict[str, str]:
    """Every directory, link and file below ``root`` ('/'-separated), with what it is: "dir",
    "link -> TARGET", or the SHA-256 of the file's bytes. Links are not followed."""
    found: dict[str, str] = {}
    for directory, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(directory, name)
            key = path.relative_to(root).as_posix()
            if path.is_symlink():
                found[key] = f"link -> {os.readlink(path)}"
            elif path.is_dir():
                found[key] = "dir"
            else:
                found[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def changes(before: dict[str, str], after: dict[str, str]) -> dict[str, list[str]]:
    return {"added": sorted(set(after) - set(before)),
            "removed": sorted(set(before) - set(after)),
            "changed": sorted(k for k in set(before) & set(after) if before[k] != after[k])}


def assert_unchanged(before: dict[str, str], root: Path, context: object = "") -> None:
    after = snapshot(root)
    assert after == before, f"{changes(before, after)}\n{context}"


_DATES = re.compile(rb"\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?")


def normalised(data: bytes) -> bytes:
    """Bytes with every date and time replaced, to compare runs made at different moments."""
    return _DATES.sub(b"<date>", data)


def file_states(root: Path) -> dict[str, bytes]:
    """Every file below ``root`` with its bytes, dates normalised (in names too)."""
    return {normalised(p.relative_to(root).as_posix().encode()).decode(): normalised(
        p.read_bytes()) for p in sorted(root.rglob("*")) if p.is_file() and not p.is_symlink()}


def store_lines(path: Path) -> list[dict]:
    """The note store parsed strictly: every line must be one complete JSON object."""
    raw = path.read_bytes()
    assert raw == b"" or raw.endswith(b"\n"), f"{path}: ends in a partial line: {raw[-80:]!r}"
    lines = raw.split(b"\n")[:-1]
    parsed = []
    for number, line in enumerate(lines, 1):
        value = json.loads(line.decode("utf-8"))  # raises on a partial or corrupt line
        assert isinstance(value, dict) and {"time", "project", "fact"} <= set(value), \
            f"{path}:{number}: {line!r}"
        parsed.append(value)
    return parsed


def assert_valid_sidecar(root: Path) -> None:
    """The recall index is a cache, replaced atomically: when present it is complete JSON."""
    sidecar = root / SIDECAR
    if sidecar.exists():
        json.loads(sidecar.read_bytes())


def assert_no_trace(run_result: Run) -> None:
    assert "Traceback" not in run_result.out + run_result.err, run_result


def assert_names(run_result: Run, writer: Writer, *reasons: str) -> None:
    """The failure message names the file and says why (one of ``reasons``)."""
    assert writer.target in run_result.err, run_result
    if reasons:
        assert any(reason in run_result.err for reason in reasons), run_result


# --------------------------------------------------------------------------- read-only


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """``path`` (a directory or a file) made read-only by tests/support/readonly.py; skipped where
    root cannot be stopped (a container without CAP_LINUX_IMMUTABLE refuses `chattr +i`)."""
    held = readonly.read_only(path)
    try:
        held.__enter__()
    except (OSError, subprocess.CalledProcessError) as exc:
        pytest.skip(f"cannot make {path.name} read-only for root here (chattr +i: {exc}); "
                    "run the tests as an ordinary user, or with CAP_LINUX_IMMUTABLE")
    try:
        yield
    finally:
        held.__exit__(None, None, None)


# --------------------------------------------------------------------------- small filesystems


@contextlib.contextmanager
def small_tmpfs(where: Path, size: str = "2m") -> Iterator[Path]:
    """A tmpfs of ``size`` mounted at ``where`` (root only; skips where mounting is refused)."""
    where.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root (the RLIMIT_FSIZE cases stand in for a full "
                    "disk)")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs",
                           str(where)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"mounting a tmpfs is not permitted here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=True)


def fill_up(directory: Path) -> Path:
    """Write one file until the filesystem is full; returns it."""
    filler = directory / "filler.bin"
    chunk = b"\0" * 4096
    with open(filler, "wb", buffering=0) as handle:
        while True:
            try:
                handle.write(chunk)
            except OSError:
                break
    return filler


# --------------------------------------------------------------------------- racing


@dataclass
class Race:
    """Several writers released at the same instant at their first write (see INJECTOR)."""

    gate: Path
    processes: list[tuple[subprocess.Popen, tuple[str, ...]]] = field(default_factory=list)

    @property
    def ready(self) -> Path:
        return self.gate / "ready"

    @property
    def go(self) -> Path:
        return self.gate / "go"

    def start(self, args: tuple[str, ...], cwd: Path) -> None:
        env = {"CONTINUITY_TEST_BARRIER": f"{self.ready}:{self.go}"}
        self.processes.append((start(args, cwd, env=env), args))

    def release(self) -> list[Run]:
        """Wait until every writer stands at its first write, open the gate, collect them."""
        deadline = time.monotonic() + TIMEOUT
        while len(os.listdir(self.ready)) < len(self.processes):
            if any(p.poll() is not None for p, _ in self.processes) or \
                    time.monotonic() > deadline:
                break  # one ended before writing: open anyway, the assertions will say
            time.sleep(0.01)
        self.go.touch()
        results = [finish(p, args) for p, args in self.processes]
        for result in results:
            assert_no_trace(result)
        return results


@contextlib.contextmanager
def race(gate: Path) -> Iterator[Race]:
    (gate / "ready").mkdir(parents=True)
    yield Race(gate)
