"""Every writer against others at the same instant: nothing lost, nothing overwritten.

The writers are real processes held at their first write until all of them stand there, then
released together (see writers_support.Race), so they do race rather than run one by one.
"""

from __future__ import annotations

import json
from pathlib import Path

from continuity.authoring import atomic
from tests.hostile.writers_support import (
    AUDIT,
    INIT,
    NEW,
    NEW_ENTRY,
    NOTE_NEW_STORE,
    PROJECT,
    STORE,
    assert_valid_sidecar,
    file_states,
    race,
    run,
    run_writer,
    snapshot,
    store_lines,
    workspace,
)


def no_leftovers(root: Path) -> None:
    assert not list(root.rglob(f"*{atomic.SUFFIX}")), "temporary files left behind"


def test_new_racing_for_one_name_one_wins_and_the_others_say_it_exists(tmp_path: Path):
    base = workspace(tmp_path / "ws", NEW)
    clean = workspace(tmp_path / "clean", NEW)
    assert run_writer(NEW, clean).code == 0
    with race(tmp_path / "gate") as racing:
        for _ in range(3):
            racing.start(NEW.args, base / NEW.cwd)
        results = racing.release()
    assert sorted(r.code for r in results) == [0, 2, 2], results
    for loser in (r for r in results if r.code == 2):
        assert "already exists" in loser.err and NEW.target in loser.err, loser
    assert (base / "mem" / NEW_ENTRY).read_bytes() == (clean / "mem" / NEW_ENTRY).read_bytes()
    assert file_states(base) == file_states(clean)
    no_leftovers(base)


def test_new_journal_racing_takes_one_turn_each(tmp_path: Path):
    base = workspace(tmp_path / "ws", NEW)
    before = snapshot(base)
    args = ("new", "journal", "--date", "2026-01-02", "--title", "Racing turn")
    with race(tmp_path / "gate") as racing:
        for _ in range(3):
            racing.start(args, base / "mem")
        results = racing.release()
    assert [r.code for r in results] == [0] * 3, results
    printed = sorted(r.out.strip() for r in results)
    assert printed == [f"journal/2026-01-02-turn-{n}.md" for n in (2, 3, 4)]
    after = snapshot(base)
    assert {k: after[k] for k in before} == before
    assert sorted(set(after) - set(before)) == [f"mem/{p}" for p in printed]
    no_leftovers(base)
    checked = run(("check", "--no-git", "--output-format", "json"), base / "mem")
    assert checked.code == 0, checked  # every racing entry is whole and well-formed


def test_write_audit_racing_files_one_audit_each(tmp_path: Path):
    base = workspace(tmp_path / "ws", AUDIT)
    before = snapshot(base)
    with race(tmp_path / "gate") as racing:
        for _ in range(3):
            racing.start(AUDIT.args, base / AUDIT.cwd)
        results = racing.release()
    assert [r.code for r in results] == [0] * 3, results
    names = sorted(Path(r.out.strip()).name[len("2026-01-01-"):] for r in results)
    assert names == ["lint-report-2.md", "lint-report-3.md", "lint-report.md"]
    after = snapshot(base)
    assert {k: after[k] for k in before} == before
    no_leftovers(base)
    checked = run(("check", "--no-git", "--output-format", "json"), base / "mem")
    assert checked.code == 0, checked


def test_note_racing_to_create_the_store_loses_no_note(tmp_path: Path):
    base = workspace(tmp_path / "ws", NOTE_NEW_STORE)
    facts = [f"Racer {i} saw the tide turn at the harbour." for i in range(4)]
    with race(tmp_path / "gate") as racing:
        for fact in facts:
            racing.start(("note", fact, "--project", PROJECT), base / "mem")
        results = racing.release()
    assert [r.code for r in results] == [0] * 4, results
    notes = store_lines(base / "mem" / STORE)
    assert sorted(n["fact"] for n in notes) == sorted(facts)
    assert sorted(int(r.out.split(":")[1].split()[0]) for r in results) == [1, 2, 3, 4]
    assert_valid_sidecar(base / "mem")
    recalled = run(("recall", "--project", PROJECT, "--format", "json"), base / "mem")
    assert json.loads(recalled.out)["count"] == 4
    no_leftovers(base)


def test_init_racing_into_one_directory_one_wins_and_nothing_is_overwritten(tmp_path: Path):
    base = workspace(tmp_path / "ws", INIT)
    clean = workspace(tmp_path / "clean", INIT)
    assert run_writer(INIT, clean).code == 0
    with race(tmp_path / "gate") as racing:
        for _ in range(3):
            racing.start(INIT.args, base / INIT.cwd)
        results = racing.release()
    assert sorted(r.code for r in results) == [0, 2, 2], results
    for loser in (r for r in results if r.code == 2):
        assert "already exist" in loser.err and INIT.target in loser.err, loser
    assert file_states(base) == file_states(clean)
    no_leftovers(base)

