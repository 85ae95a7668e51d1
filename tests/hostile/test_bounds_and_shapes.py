"""Readers refuse what is not a regular file and cap sizes (case 14); every number, date and
configuration shape from the tree is checked before it is used, so bad values are findings or
exit-2 messages naming the file, never an internal error (case 15); a racing truncation of a
note store is a message, not an exception's name (case 17a). Real files, real processes.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from continuity.authoring.capture import Appended, Failure, Stop, confirm_recall
from continuity.formats import timestamps
from tests.support.common import GitRepo, minimal_tree, write_files
from tests.support.site_support import write_mkdocs_yml

from .conftest import run_command, run_mkdocs

ENTRY = "journal/2026-01-02-turn-1.md"


# --------------------------------------------------------------------------- case 14


@pytest.mark.parametrize("store", ["/dev/zero", "fifo"])
def test_recall_refuses_a_store_that_is_not_a_regular_file(tmp_path: Path, store: str):
    if store == "fifo":
        os.mkfifo(tmp_path / "pipe.jsonl")
        store = str(tmp_path / "pipe.jsonl")
    # Under the harness's memory cap and timeout: reading /dev/zero whole ran out of memory,
    # and opening a FIFO waited for ever.
    done = run_command("recall", "--store", store, "x", cwd=tmp_path, codes=(5,),
                       memory_cap=512 * 1024 * 1024)
    assert "not a regular file" in done.err and done.seconds < 10


def test_recall_caps_a_named_store_at_max_file_size(tmp_path: Path):
    write_files(tmp_path, {"continuity.toml": 'max_file_size = "1 kB"\n'})
    line = json.dumps({"time": "2026-01-01T00:00:00Z", "project": "p", "fact": "A fact."})
    (tmp_path / "big.jsonl").write_text((line + "\n") * 100, "utf-8")
    done = run_command("recall", "--store", "big.jsonl", cwd=tmp_path, codes=(5,))
    assert "max_file_size" in done.err


# --------------------------------------------------------------------------- case 15: dates


@pytest.mark.parametrize("value", [
    "9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+12:00", "9999-12-31T23:59:59Z"])
def test_a_date_past_what_datetime_holds_is_not_a_date(value: str):
    assert timestamps.parse_date_value(value) is None


def test_extreme_dates_are_findings_in_check_report_generate_and_build(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    root = repo.path / "memory"
    tree = minimal_tree()
    tree[ENTRY] = tree[ENTRY].replace("date: 2026-01-02", "date: 9999-12-31T23:59:59-12:00")
    tree["journal/9999-12-31-turn-2.md"] = tree[ENTRY].replace("turn: 1", "turn: 2")
    write_files(root, tree)
    write_mkdocs_yml(repo.path, options={"root": "memory"})
    repo.commit("far dates")
    checked = run_command("check", "--no-git", "--output-format", "json", cwd=root, codes=(1,))
    assert "CT204" in {d["code"] for d in json.loads(checked.out)["diagnostics"]}
    run_command("report", "--format", "json", cwd=root, codes=(0,))
    run_command("generate", "--out", str(tmp_path / "out"), cwd=root, codes=(0, 1))
    run_mkdocs("build", cwd=repo.path)


# --------------------------------------------------------------------------- case 15: text


def test_a_lone_surrogate_in_frontmatter_is_ct201_and_the_site_builds(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    root = repo.path / "memory"
    tree = minimal_tree()
    tree[ENTRY] = tree[ENTRY].replace("---\n", '---\nnote: "\\ud800"\n', 1)
    write_files(root, tree)
    write_mkdocs_yml(repo.path, options={"root": "memory"})
    repo.commit("a surrogate")
    checked = run_command("check", "--no-git", "--output-format", "json", cwd=root, codes=(1,))
    found = {(d["code"], d["path"]) for d in json.loads(checked.out)["diagnostics"]}
    assert ("CT201", ENTRY) in found
    built = run_mkdocs("build", cwd=repo.path)
    assert built.code == 0
    run_command("generate", "--out", str(tmp_path / "out"), cwd=root, codes=(0, 1))


# --------------------------------------------------------------------------- case 15: config


@pytest.mark.parametrize("config, name", [
    ("tool = 1\n", "pyproject.toml"),
    ("[tool]\ncontinuity = 5\n", "pyproject.toml"),
    ('[tool.continuity]\nnotes = ["/abs/*.jsonl"]\n', "pyproject.toml"),
    ('[tool.continuity]\nnotes = [""]\n', "pyproject.toml"),
    ('[tool.continuity]\nroot = "a\\u0000b"\n', "pyproject.toml"),
    ('[tool.continuity]\nmax_file_size = "1' + " " * 5000 + 'x"\n', "pyproject.toml"),
    ("tool = 1\n", "continuity.toml"),
])
@pytest.mark.parametrize("command", [("check", "--no-git"), ("recall", "x"), ("report",),
                                     ("note", "A fact about the parser.", "-p", "p")])
def test_a_config_of_the_wrong_shape_is_exit_2_naming_the_file(tmp_path: Path, config: str,
                                                                name: str, command: tuple):
    write_files(tmp_path, {**minimal_tree(), name: config})
    done = run_command(*command, cwd=tmp_path, names=[name])
    assert done.code == 2


def test_the_same_shapes_in_mkdocs_yml_fail_the_build_with_a_message(tmp_path: Path):
    write_files(tmp_path / "memory", minimal_tree())
    write_mkdocs_yml(tmp_path, options={"root": "memory", "notes": ["/abs/*.jsonl"]})
    built = run_mkdocs("build", cwd=tmp_path, names=["mkdocs.yml"])
    assert built.code == 1 and "notes" in built.err


def test_init_with_a_name_too_long_is_a_message(tmp_path: Path):
    done = run_command("init", "x" * 300, cwd=tmp_path, names=["x" * 50])
    assert done.code == 2 and "too long" in done.err.lower()
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- case 17a


def test_a_store_cut_short_during_the_read_back_is_a_message(tmp_path: Path):
    store = tmp_path / "notes.jsonl"
    note = {"time": "2026-01-01T00:00:00Z", "project": "p", "fact": "A fact."}
    line = (json.dumps(note) + "\n").encode()
    store.write_bytes(line)  # the note at line 3 is gone: another process truncated the store
    with pytest.raises(Stop) as stopped:
        confirm_recall(Appended(store, len(line) * 2, line, 3, created=False), note)
    assert stopped.value.failure is Failure.STORE_UNAVAILABLE
    store.write_bytes(line + b"\n\n")  # cut to empty lines
    with pytest.raises(Stop):
        confirm_recall(Appended(store, len(line), line, 2, created=False), note)
