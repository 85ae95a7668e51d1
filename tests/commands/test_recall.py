"""`continuity recall` and its index: found by project, tag and words, newest first, never stale."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from continuity.authoring import noteindex
from tests.support.common import run_cli, write_files


def note_line(time: str, project: str, fact: str, tags: list[str] | None = None) -> str:
    data = {"time": time, "project": project, "fact": fact}
    if tags:
        data["tags"] = tags
    return json.dumps(data) + "\n"


STORE = "".join([
    note_line("2026-11-01T09:00:00Z", "tidewater", "The parser needs UTF-8 input.", ["parser"]),
    note_line("2026-11-03T09:00:00Z", "tidewater", "Fixtures come from the harbour survey.",
              ["fixtures", "parser"]),
    note_line("2026-11-02T09:00:00Z", "ops", "Deploys run from the release branch.", ["deploy"]),
    note_line("2026-11-04T09:00:00Z", "Tidewater", "Tide heights are in metres.", ["units"]),
])


def recall(root: Path, *args: str):
    return run_cli("recall", "--format", "json", *args, cwd=root)


def facts(result) -> list[str]:
    return [n["fact"] for n in result.json["notes"]]


@pytest.fixture
def store(tmp_path: Path) -> Path:
    write_files(tmp_path, {"notes.jsonl": STORE})
    return tmp_path


def test_everything_newest_first(store: Path):
    assert facts(recall(store)) == ["Tide heights are in metres.",
                                    "Fixtures come from the harbour survey.",
                                    "Deploys run from the release branch.",
                                    "The parser needs UTF-8 input."]


def test_by_project_ignoring_case(store: Path):
    assert facts(recall(store, "--project", "tidewater")) == [
        "Tide heights are in metres.", "Fixtures come from the harbour survey.",
        "The parser needs UTF-8 input."]


def test_by_tags_all_of_them(store: Path):
    assert facts(recall(store, "--tag", "parser")) == [
        "Fixtures come from the harbour survey.", "The parser needs UTF-8 input."]
    assert facts(recall(store, "--tag", "parser", "--tag", "fixtures")) == [
        "Fixtures come from the harbour survey."]


def test_by_words_as_prefixes_of_fact_project_or_tag_words(store: Path):
    assert facts(recall(store, "pars")) == ["Fixtures come from the harbour survey.",
                                            "The parser needs UTF-8 input."]  # tag or fact
    assert facts(recall(store, "harbour", "SURVEY")) == ["Fixtures come from the harbour survey."]
    assert facts(recall(store, "utf", "--project", "ops")) == []


def test_text_output_and_exit_statuses(store: Path):
    found = run_cli("recall", "metres", cwd=store)
    assert found.code == 0
    assert found.out == ("2026-11-04T09:00:00Z  Tidewater  #units\n"
                         "  Tide heights are in metres.  (notes.jsonl:4)\n")
    missing = run_cli("recall", "nothing-like-this", cwd=store)
    assert missing.code == 1 and missing.out == "" and "no notes found" in missing.err


def test_limit(store: Path):
    assert len(recall(store, "--limit", "2").json["notes"]) == 2


def test_json_names_store_and_line(store: Path):
    [found] = recall(store, "metres").json["notes"]
    assert (found["store"], found["line"], found["tags"]) == ("notes.jsonl", 4, ["units"])


def test_every_configured_store_is_searched(store: Path):
    write_files(store, {"notes/team.jsonl": note_line("2026-11-05T09:00:00Z", "tidewater",
                                                      "The team store is searched too.")})
    result = recall(store, "--project", "tidewater")
    assert facts(result)[0] == "The team store is searched too."
    assert result.json["notes"][0]["store"] == "notes/team.jsonl"
    only = recall(store, "--store", "notes/team.jsonl")
    assert facts(only) == ["The team store is searched too."]


def test_no_store_and_a_missing_named_store(tmp_path: Path):
    assert run_cli("recall", cwd=tmp_path).code == 1
    result = run_cli("recall", "--store", "gone.jsonl", cwd=tmp_path)
    assert result.code == 5 and "store-unavailable" in result.err


def test_lines_that_are_not_notes_are_skipped_and_counted(tmp_path: Path):
    write_files(tmp_path, {"notes.jsonl": STORE + "not json\n[1]\n" + note_line(
        "2026-11-09T00:00:00Z", "ops", "The last line still counts.")})
    result = recall(tmp_path)
    assert facts(result)[0] == "The last line still counts." and result.json["count"] == 5
    assert "2 lines are not notes (line 5, 6)" in result.err


def test_a_note_just_written_is_recalled(tmp_path: Path):
    assert run_cli("note", "The harbour gauge reports every six minutes.", "-p", "tidewater",
                   "-t", "gauge", cwd=tmp_path).code == 0
    assert facts(recall(tmp_path, "gauge")) == ["The harbour gauge reports every six minutes."]


# --------------------------------------------------------------------------- the index


def verbose(root: Path, *args: str) -> str:
    return run_cli("recall", "-v", *args, cwd=root).err


def test_the_index_is_a_sidecar_reused_while_the_store_is_unchanged(store: Path):
    assert "index rebuilt" in verbose(store)
    assert (store / ".notes.jsonl.index.json").is_file()
    assert "index reused" in verbose(store)


def test_the_index_grows_with_the_store_and_finds_new_notes(store: Path):
    verbose(store)
    assert run_cli("note", "Gauges drift a centimetre per year.", "-p", "tidewater",
                   cwd=store).code == 0
    assert "index reused" in verbose(store)  # `note` brought it up to date already
    with open(store / "notes.jsonl", "a", encoding="utf-8") as handle:  # a hand-made append
        handle.write(note_line("2026-12-01T00:00:00Z", "ops", "Pager rotation is weekly."))
    assert "index grown" in verbose(store)
    assert facts(recall(store, "pager")) == ["Pager rotation is weekly."]
    assert facts(recall(store, "gauges")) == ["Gauges drift a centimetre per year."]


def test_a_store_rewritten_in_place_is_reindexed_never_stale(store: Path):
    verbose(store)
    path = store / "notes.jsonl"
    stat = path.stat()
    rewritten = STORE.replace("metres", "inches")  # same size: only the content differs
    assert len(rewritten) == len(STORE)
    path.write_text(rewritten, encoding="utf-8")
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # even with the old mtime
    assert "index rebuilt" in verbose(store)
    assert facts(recall(store, "metres")) == []
    assert facts(recall(store, "inches")) == ["Tide heights are in inches."]


def test_a_truncated_store_is_reindexed(store: Path):
    verbose(store)
    (store / "notes.jsonl").write_text(STORE.splitlines(keepends=True)[0], encoding="utf-8")
    assert "index rebuilt" in verbose(store)
    assert facts(recall(store)) == ["The parser needs UTF-8 input."]


@pytest.mark.parametrize("damage", [b"", b"{", b"[]", b'{"version": 1}',
                                    b'{"version": 1, "store": "notes.jsonl", "stat": [], '
                                    b'"covered": 5, "digest": "x", "lines": 1, "bad_lines": [], '
                                    b'"notes": [[1, -4, 9, ""]], "projects": {}, "tags": {}, '
                                    b'"words": {}}'])
def test_a_damaged_or_foreign_sidecar_is_rebuilt(store: Path, damage: bytes):
    (store / ".notes.jsonl.index.json").write_bytes(damage)
    assert "index rebuilt" in verbose(store)
    assert len(facts(recall(store))) == 4


def test_a_sidecar_that_cannot_be_written_leaves_recall_working(store: Path):
    (store / ".notes.jsonl.index.json").mkdir()  # os.replace cannot put a file there
    err = verbose(store)
    assert "kept in memory" in err
    assert len(facts(recall(store))) == 4


def test_writing_the_index_never_changes_the_store(store: Path):
    before = (store / "notes.jsonl").read_bytes()
    stat = (store / "notes.jsonl").stat()
    verbose(store)
    recall(store, "parser")
    assert (store / "notes.jsonl").read_bytes() == before
    assert (store / "notes.jsonl").stat().st_mtime_ns == stat.st_mtime_ns


def test_an_unterminated_last_line_is_found_and_not_frozen_into_the_index(tmp_path: Path):
    write_files(tmp_path, {"notes.jsonl": STORE + note_line(
        "2020-01-01T00:00:00Z", "ops", "Written by hand without a newline.").rstrip("\n")})
    assert "Written by hand without a newline." in facts(recall(tmp_path))
    index = noteindex.load(tmp_path / "notes.jsonl")
    assert index.covered == len(STORE.encode()) and index.tail is not None
    assert run_cli("note", "The newline is added before the next note.", "-p", "ops",
                   cwd=tmp_path).code == 0
    ops = facts(recall(tmp_path, "--project", "ops"))
    assert ops[0] == "The newline is added before the next note."  # written now: newest
    assert "Written by hand without a newline." in ops


def test_index_agrees_with_a_full_scan_as_the_store_grows(tmp_path: Path):
    path = tmp_path / "notes.jsonl"
    for batch in range(5):
        with open(path, "a", encoding="utf-8") as handle:
            for i in range(40):
                n = batch * 40 + i
                handle.write(note_line(f"2026-11-{1 + n % 28:02d}T{n % 24:02d}:00:00Z",
                                       f"p{n % 3}", f"Fact {n} mentions word{n % 7}.",
                                       [f"t{n % 5}"]))
        grown = noteindex.load(path)
        fresh = noteindex.NoteIndex(path)
        data = path.read_bytes()
        fresh.extend(data, 0, len(data))
        for query, project, tags in (("word3", None, ()), ("", "p1", ("t2",)),
                                     ("fact", "p2", ())):
            assert [n.line for n in grown.search(query, project, tags)] == \
                [n.line for n in fresh.search(query, project, tags)]
        assert len(grown.notes) == (batch + 1) * 40


def test_bom_and_crlf_stores_are_read_like_the_checker_reads_them(tmp_path: Path):
    write_files(tmp_path, {"notes.jsonl": ("\ufeff" + STORE.replace("\n", "\r\n")).encode()})
    result = recall(tmp_path, "--project", "tidewater")
    assert len(facts(result)) == 3 and result.json["notes"][-1]["line"] == 1
    assert "not notes" not in result.err


def test_a_store_of_one_unterminated_line_with_a_bom(tmp_path: Path):
    write_files(tmp_path, {"notes.jsonl": ("\ufeff" + STORE.splitlines()[0]).encode()})
    assert facts(recall(tmp_path)) == ["The parser needs UTF-8 input."]
