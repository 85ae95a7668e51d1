"""Every writer interrupted part-way: what is on disk is the old state or the complete new one.

A clean run of each writer is recorded first (its files, and how many operations it makes that
change the disk). Then, in fresh copies of the same workspace, the writer is interrupted just
before the first, the last and evenly spaced operations between them: by SIGKILL (nothing can
be tidied up), SIGINT (Ctrl-C) and, at one point each, SIGTERM (what `kill` and timeouts
send, handled as Ctrl-C). After each:

- every file that existed is byte for byte as it was (the note store: or with the one new
  note, complete);
- every file that appeared is complete: identical to the clean run's (dates aside);
- no partial line, no empty or half-written entry, no temporary file is left behind;
- on SIGINT and SIGTERM the command says it was interrupted (exit 2, no traceback), and init
  takes back everything it wrote.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from continuity.authoring import atomic
from tests.hostile.writers_support import (
    FACT,
    NEW,
    NEW_ENTRY,
    NOTE,
    NOTE_NEW_STORE,
    PROJECT,
    SIDECAR,
    STORE,
    WRITERS,
    Run,
    Writer,
    assert_no_trace,
    assert_valid_sidecar,
    file_states,
    finish,
    run,
    run_writer,
    snapshot,
    start,
    store_lines,
    workspace,
)

#: How many points of each writer's run each signal is tried at (init makes ~150 changes).
POINTS = {"SIGKILL": 4, "SIGINT": 2, "SIGTERM": 1}


@dataclass
class Reference:
    """A clean run in its own copy of the workspace."""

    changes: int  # operations that changed the disk
    files: dict[str, bytes]  # every file afterwards, dates normalised
    paths: set[str]  # every path afterwards (files and directories)


def reference(writer: Writer, template: Path, where: Path) -> Reference:
    shutil.copytree(template, where, symlinks=True)
    count_file = where.parent / f"{where.name}.count"
    result = run_writer(writer, where, env={"CONTINUITY_TEST_COUNT": str(count_file)})
    assert result.code == 0, result
    return Reference(int(count_file.read_text()), file_states(where), set(snapshot(where)))


def kill_points(count: int, wanted: int) -> list[int]:
    """``wanted`` points from 1 to ``count``, both ends included (the middle for one)."""
    if wanted == 1:
        return [(count + 1) // 2]
    return sorted({1 + round(i * (count - 1) / (wanted - 1)) for i in range(wanted)})


@dataclass
class CleanRun:
    template: Path  # the workspace each trial copies
    before: dict[str, bytes]  # its files
    reference: Reference


@pytest.fixture(scope="module")
def clean_runs(tmp_path_factory: pytest.TempPathFactory):
    """Each writer's clean run, made once for the module."""
    made: dict[str, CleanRun] = {}

    def clean_run(writer: Writer) -> CleanRun:
        if writer.name not in made:
            base = tmp_path_factory.mktemp(f"clean-{writer.name}")
            template = workspace(base / "template", writer)
            made[writer.name] = CleanRun(template, file_states(template),
                                         reference(writer, template, base / "reference"))
        return made[writer.name]
    return clean_run


def interrupted(writer: Writer, template: Path, where: Path, signame: str, at: int) -> Run:
    shutil.copytree(template, where, symlinks=True)
    process = start(writer.args, where / writer.cwd,
                    env={"CONTINUITY_TEST_INTERRUPT": f"{signame}:{at}"})
    return finish(process, writer.args)


def leftovers(where: Path) -> list[Path]:
    """Temporary files a writer killed outright may leave (continuity.authoring.atomic names them)."""
    return sorted(p for p in where.rglob(f"*{atomic.SUFFIX}") if p.name.startswith("."))


def assert_old_or_complete(writer: Writer, before: dict[str, bytes], ref: Reference,
                           where: Path, result: Run) -> None:
    temporary = leftovers(where)
    if result.code == -signal.SIGKILL:  # the next writer into the directory removes them
        for directory in {p.parent for p in temporary}:
            atomic.sweep(directory)
        assert not leftovers(where), f"stale temporary files stay: {temporary}\n{result}"
    else:
        assert not temporary, f"left behind: {temporary}\n{result}"
    after = file_states(where)
    context = f"{result}\nfiles: {sorted(set(after) ^ set(before))}"
    for path, data in after.items():
        if path.endswith(SIDECAR):
            assert_valid_sidecar(where / Path(path).parent)  # a cache: any complete version
        elif path in before and data == before[path]:
            continue  # untouched
        else:  # new or changed: exactly what the clean run left there
            assert ref.files.get(path) == data, f"{path} is partial or foreign\n{context}"
    for path in before:
        assert path in after, f"{path} was removed\n{context}"
    added = set(snapshot(where)) - set(snapshot_paths(before))
    assert added <= ref.paths, f"left behind: {sorted(added - ref.paths)}\n{context}"
    if writer in (NOTE, NOTE_NEW_STORE) and (where / "mem" / STORE).exists():
        notes = store_lines(where / "mem" / STORE)  # every line complete JSON
        assert [n["fact"] for n in notes].count(FACT) <= 1


def snapshot_paths(files: dict[str, bytes]) -> set[str]:
    """The paths (files and their directories) of a file_states dict."""
    paths = set()
    for path in files:
        parts = path.split("/")
        paths.update("/".join(parts[:i]) for i in range(1, len(parts) + 1))
    return paths


@pytest.mark.parametrize("signame", list(POINTS))
@pytest.mark.parametrize("writer", [*WRITERS, NOTE_NEW_STORE], ids=str)
def test_interrupted_part_way_leaves_the_old_or_the_complete_new(
        writer: Writer, signame: str, clean_runs, tmp_path: Path):
    clean = clean_runs(writer)
    points = kill_points(clean.reference.changes, POINTS[signame])

    def trial(at: int) -> tuple[int, Path, Run]:
        where = tmp_path / f"at-{at}"
        return at, where, interrupted(writer, clean.template, where, signame, at)

    with ThreadPoolExecutor(max_workers=2) as pool:
        trials = list(pool.map(trial, points))
    for at, where, result in trials:
        assert_no_trace(result)
        if signame == "SIGKILL":
            assert result.code == -signal.SIGKILL, result
        else:
            assert result.code == 2 and "interrupted" in result.err, result
        assert_old_or_complete(writer, clean.before, clean.reference, where, result)
        if signame != "SIGKILL" and not writer.whole:  # init takes back all it wrote
            assert file_states(where) == clean.before, f"interrupted at change {at}: {result}"


def test_note_writers_killed_at_random_moments_leave_only_complete_lines(tmp_path: Path):
    """Eight writers append at once while four of them are killed at random moments: every
    line of the store is a complete note, the old lines come first and unchanged, and every
    writer that said it captured its note is in the store."""
    base = workspace(tmp_path, NOTE)
    store = base / "mem" / STORE
    old = store.read_bytes()
    chance = random.Random(7)
    processes = []
    for i in range(8):
        args = ("note", f"Writer {i} saw the tide turn at the harbour.", "--project", PROJECT)
        processes.append((start(args, base / "mem"), args))
    victims = chance.sample(range(8), 4)
    began = time.monotonic()
    for number, delay in sorted(((v, chance.uniform(0.15, 0.6)) for v in victims),
                                key=lambda item: item[1]):
        time.sleep(max(0.0, began + delay - time.monotonic()))
        processes[number][0].kill()
    results = [finish(p, args) for p, args in processes]
    for result in results:
        assert_no_trace(result)
        assert result.code in (0, -signal.SIGKILL), result
    raw = store.read_bytes()
    assert raw.startswith(old)
    notes = store_lines(store)
    facts = [n["fact"] for n in notes[len(old.splitlines()):]]
    captured = [r.args[1] for r in results if r.code == 0]
    assert set(captured) <= set(facts) and len(facts) == len(set(facts)), (captured, facts)
    assert len(facts) >= 4
    assert_valid_sidecar(base / "mem")
    recalled = run(("recall", "--project", PROJECT, "--format", "json"), base / "mem")
    assert json.loads(recalled.out)["count"] == len(notes)
    assert not [p for p in (base / "mem").iterdir() if p.name.startswith(f"{SIDECAR}.")]


def test_a_stale_temporary_file_of_a_killed_writer_is_removed_by_the_next(tmp_path: Path):
    """A writer killed outright between writing its temporary file and putting it in place
    leaves the file; the next writer into that directory removes it, and only it."""
    base = workspace(tmp_path, NEW)
    completed = base / "mem" / "completed"
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)
    stale = completed / f".2026-01-05-hostile-case.md.0badc0de.{ended.stdout.strip()}" \
                        f"{atomic.SUFFIX}"
    alive = completed / f".other.md.0badc0de.{os.getpid()}{atomic.SUFFIX}"  # this pytest
    stale.write_bytes(b"half")
    alive.write_bytes(b"someone else's, still being written")
    before = snapshot(base)
    result = run_writer(NEW, base)
    assert result.code == 0, result
    after = snapshot(base)
    assert set(after) - set(before) == {"mem/" + NEW_ENTRY}
    assert set(before) - set(after) == {f"mem/completed/{stale.name}"}
