"""Check, then use: a path swapped for a link out of the repository while a writer or a copier
works on it.

A swapper thread exchanges, atomically and without pause (``renameat2(RENAME_EXCHANGE)``), the
real file or directory with a link that leaves the repository, for as long as the writer runs;
the writer runs a bounded number of times. Whatever the interleaving, nothing may land outside
(no note, no entry, no temporary file) and nothing from outside may be published: every open
walks from the repository's top without following links out (continuity.model.safe_open), and
the bytes copied to the site are the bytes that were scanned.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from continuity.authoring import atomic
from continuity.authoring.capture import Stop, append_note
from continuity.authoring.create_file import create_new_file
from continuity.errors import UsageError
from continuity.model.boundaries import boundary_of
from tests.hostile.writers_support import PROJECT, plant, run
from tests.support.common import GitRepo, run_cli

_LIBC = ctypes.CDLL(None, use_errno=True)
_AT_FDCWD, _RENAME_EXCHANGE = -100, 2
exchange_available = pytest.mark.skipif(not hasattr(_LIBC, "renameat2"),
                                        reason="needs renameat2 (Linux)")
ROUNDS = 150  # writes per test: bounded in count
SECONDS = 20  # and in time, whatever the machine


def exchange(a: Path, b: Path) -> None:
    if _LIBC.renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b),
                       _RENAME_EXCHANGE) != 0:
        error = ctypes.get_errno()
        raise OSError(error, os.strerror(error), str(a))


SWAPPER = """
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
a, b, stop = (os.fsencode(p) for p in sys.argv[1:4])
hold = float(sys.argv[4])
while not os.path.exists(stop):
    for _ in range(2):
        if libc.renameat2(-100, a, -100, b, 2) != 0:
            sys.exit(ctypes.get_errno())
        end = time.perf_counter() + hold
        while time.perf_counter() < end:
            pass
"""


@contextlib.contextmanager
def swapping(real: Path, outside: Path, hold: float = 0.0002) -> Iterator[None]:
    """While the block runs, another process exchanges ``real`` with a link to ``outside``
    (kept beside it as ``.swap``) again and again, holding each state ``hold`` seconds: a
    process, not a thread, so the swaps land in the middle of the writer's system calls.
    Afterwards ``real`` is the real one again."""
    link = real.with_name(real.name + ".swap")
    link.symlink_to(outside)
    stop = real.with_name(real.name + ".stop")
    swapper = subprocess.Popen([sys.executable, "-c", SWAPPER, str(real), str(link),
                                str(stop), str(hold)])
    try:
        yield
    finally:
        stop.touch()
        assert swapper.wait(10) == 0, "the swapper failed"
        stop.unlink()
        if real.is_symlink():  # stopped half-way: never, as it swaps in pairs; but be sure
            exchange(real, link)
        assert not real.is_symlink() and link.is_symlink()
        link.unlink()


def snapshot_outside(outside: Path) -> dict[str, bytes]:
    return {p.relative_to(outside).as_posix(): p.read_bytes() if p.is_file() else b"<dir>"
            for p in sorted(outside.rglob("*"))}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    plant(tmp_path / "ws")
    GitRepo(tmp_path / "ws" / "mem")  # a real repository: the boundary is its top
    return tmp_path / "ws" / "mem"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    place = tmp_path / "outside"
    place.mkdir()
    (place / "notes.jsonl").write_bytes(b'{"time": "x", "project": "p", "fact": "theirs"}\n')
    (place / "passwd").write_text("root:x:0:0:SWAPPED-IN-FROM-OUTSIDE:/root:/bin/sh\n")
    return place


def line(i: int) -> bytes:
    return json.dumps({"time": "2026-01-05T10:00:00Z", "project": PROJECT,
                       "fact": f"Racing fact number {i}."}).encode() + b"\n"


@exchange_available
def test_note_appends_never_land_outside_while_the_store_is_swapped(repo: Path, outside: Path):
    store = repo / "notes.jsonl"
    before = snapshot_outside(outside)
    landed = refused = 0
    deadline = time.monotonic() + SECONDS
    with swapping(store, outside / "notes.jsonl"):
        for i in range(ROUNDS):
            if time.monotonic() > deadline:
                break
            try:
                append_note(store, line(i))
                landed += 1
            except Stop as stop:
                assert "CT602" in stop.reason or "replaced" in stop.reason, stop.reason
                refused += 1
    assert snapshot_outside(outside) == before, "a note was appended outside the repository"
    assert landed + refused > 0
    written = store.read_bytes()
    assert written.count(b"Racing fact") <= landed  # each landed note in the store, once


@exchange_available
def test_entries_and_temporary_files_never_land_outside_while_the_directory_is_swapped(
        repo: Path, outside: Path):
    journal = repo / "journal"
    journal.mkdir(exist_ok=True)
    target = outside / "journal"
    target.mkdir()
    boundary = boundary_of(repo)
    made = refused = 0
    deadline = time.monotonic() + SECONDS
    with swapping(journal, target):
        for i in range(ROUNDS):
            if time.monotonic() > deadline:
                break
            try:
                create_new_file(journal / f"2026-01-05-turn-{i + 1}.md", b"# Turn\n", boundary)
                made += 1
            except UsageError as exc:
                assert "CT602" in str(exc) or "cannot create" in str(exc), exc
                refused += 1
    assert list(target.iterdir()) == [], "an entry or a temporary file was made outside"
    assert made + refused > 0
    assert not list(journal.glob(f"*{atomic.SUFFIX}"))
    assert len(list(journal.glob("2026-01-05-turn-*.md"))) == made


@exchange_available
def test_the_new_command_writes_nothing_outside_while_the_directory_is_swapped(
        repo: Path, outside: Path):
    journal = repo / "journal"
    journal.mkdir(exist_ok=True)
    target = outside / "journal"
    target.mkdir()
    with swapping(journal, target):
        results = [run(("new", "journal", "--date", "2026-01-06", "--title", f"Race {i}"), repo)
                   for i in range(4)]
    assert all(r.code in (0, 2) for r in results), results
    assert list(target.iterdir()) == [], results


ARTIFACT = "artifacts/2026-01-05-data.txt"


def with_artifact(repo: Path) -> Path:
    artifact = repo / ARTIFACT
    artifact.parent.mkdir(exist_ok=True)
    artifact.write_text("measured: 42 tides\n")
    (repo / "STATE.md").write_text((repo / "STATE.md").read_text() +
                                   "\n- **Indexes:** `artifacts/`\n")
    return artifact


def published_outside_bytes(site: Path) -> list[str]:
    return [p.as_posix() for p in site.rglob("*") if p.is_file() and
            b"SWAPPED-IN-FROM-OUTSIDE" in p.read_bytes()]


@exchange_available
def test_generate_never_copies_the_file_a_link_swapped_in_leads_to(repo: Path, outside: Path,
                                                                   tmp_path: Path):
    artifact = with_artifact(repo)
    out = tmp_path / "out"
    runs = 0
    deadline = time.monotonic() + SECONDS
    with swapping(artifact, outside / "passwd"):
        for _ in range(20):
            if time.monotonic() > deadline:
                break
            done = run_cli("generate", "--out", str(out), cwd=repo)
            assert done.code in (0, 1), done.err
            runs += 1
            assert published_outside_bytes(out) == []
    assert runs > 0


HOOK = """
import os

def on_env(env, config, files):
    # After the plugin scanned the tree and before MkDocs copies the files: the artifact
    # becomes a link to a file outside, as a racing process would make it.
    artifact = os.environ["RACE_ARTIFACT"]
    os.replace(artifact + ".swap", artifact)
    return env
"""


def test_mkdocs_build_copies_the_bytes_it_scanned_not_a_link_swapped_in_after(
        repo: Path, outside: Path, tmp_path: Path):
    """Deterministic: a hook swaps the link in between the plugin's scan and MkDocs' copy."""
    artifact = with_artifact(repo)
    Path(str(artifact) + ".swap").symlink_to(outside / "passwd")
    work = tmp_path / "work"
    (work / "docs").mkdir(parents=True)
    (work / "race_hook.py").write_text(HOOK)
    config = {"site_name": "Race", "docs_dir": "docs", "theme": {"name": "mkdocs"},
              "hooks": ["race_hook.py"], "plugins": [{"continuity": {"root": str(repo)}}]}
    (work / "mkdocs.yml").write_text(json.dumps(config))
    done = subprocess.run([str(Path(sys.executable).parent / "mkdocs"), "build", "-q"],
                          cwd=work, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, RACE_ARTIFACT=str(artifact)))
    assert done.returncode == 0, done.stderr
    assert artifact.is_symlink()  # the hook did run
    assert published_outside_bytes(work / "site") == []
    copied = list((work / "site").rglob("2026-01-05-data.txt"))
    assert copied and all(p.read_text() == "measured: 42 tides\n" for p in copied)
