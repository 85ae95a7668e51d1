"""`continuity note`: the capture procedure of seed history-note-capture, on real files.

Failure paths use the real operating system: a directory the writer may not write (as an
unprivileged user when the tests run as root), a store path that is a directory, and a file
size limit (RLIMIT_FSIZE) standing in for a full disk, which makes the kernel cut a write short.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

import pytest

from continuity.authoring.capture import EXIT_STATUS, Failure, append_note, capture, encode_note, rollback
from continuity.cli import build_parser, main
from tests.support.common import REPO, check_json, run_cli, write_files

TIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")
FACT = "The tide parser needs UTF-8 input."


def note(root: Path, *args: str):
    return run_cli("note", *args, cwd=root)


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def cli(*args: str, cwd: Path, stdin: bytes | None = None,
        limit_file_size: int | None = None) -> subprocess.CompletedProcess:
    """The real command in its own process, optionally under a file size limit."""
    options: dict = {}
    if limit_file_size is not None:
        import resource

        def limit() -> None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_file_size, limit_file_size))
        options["preexec_fn"] = limit
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "continuity", *args], cwd=cwd, input=stdin,
                          capture_output=True, env=env, **options)


def unprivileged(*args: str, cwd: Path) -> tuple[int, str]:
    """Run the command as a user whom file permissions bind: ``nobody`` when we are root.

    The child is forked and drops its privileges without exec, because the interpreter may
    live where ``nobody`` cannot read; everything it needs is imported beforehand.
    """
    if os.geteuid() != 0:
        result = run_cli(*args, cwd=cwd)
        return result.code, result.err
    build_parser()  # import every command module while we still can
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 99
        try:
            os.close(read_end)
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            os.chdir(cwd)
            err = io.StringIO()
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                code = main(list(args))
            os.write(write_end, err.getvalue().encode())
        except BaseException as exc:  # report, never fall back into the test runner
            os.write(write_end, repr(exc).encode())
        finally:
            os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        err = pipe.read().decode()
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), err


@pytest.fixture
def open_tmp():
    """A temporary directory that an unprivileged user can reach (pytest's is 0700 for root)."""
    path = Path(tempfile.mkdtemp(prefix="continuity-note-"))
    path.chmod(0o755)
    yield path
    for directory, _, _ in os.walk(path):
        os.chmod(directory, 0o755)
    shutil.rmtree(path)


# --------------------------------------------------------------------------- the happy path


def test_a_note_is_one_strict_json_line_with_rfc3339_utc_time(tree: Path):
    result = note(tree, FACT, "--project", "tidewater")
    assert result.code == 0, result.err
    raw = (tree / "notes.jsonl").read_bytes()
    assert raw.endswith(b"\n") and raw.count(b"\n") == 1
    [data] = lines_of(tree / "notes.jsonl")
    assert list(data) == ["time", "project", "fact"]  # tags omitted when none
    assert TIME.match(data["time"])
    assert (data["project"], data["fact"]) == ("tidewater", FACT)
    assert "noted notes.jsonl:1" in result.out and "project=tidewater line=1" in result.out
    assert check_json(tree, "--no-git", "--select", "CT5").json["diagnostics"] == []


def test_tags_repeat_or_split_on_commas_and_are_deduplicated(tree: Path):
    assert note(tree, FACT, "-p", "tidewater", "-t", "parser", "--tag", "utf8,parser").code == 0
    [data] = lines_of(tree / "notes.jsonl")
    assert data["tags"] == ["parser", "utf8"]


def test_non_ascii_is_stored_as_utf8_not_escaped(tree: Path):
    assert note(tree, "Die Gezeitentabelle für Cuxhaven kommt vom BSH.", "-p", "tide").code == 0
    assert "für".encode() in (tree / "notes.jsonl").read_bytes()


def test_json_output_for_agents(tree: Path):
    result = note(tree, FACT, "-p", "tidewater", "--format", "json")
    data = json.loads(result.out)
    assert data["status"] == "ok" and data["line"] == 1 and data["appended"] is True
    assert data["note"]["fact"] == FACT and data["index_key"] == "project=tidewater line=1"


def test_the_store_is_created_and_earlier_lines_are_never_rewritten(tree: Path):
    before = (b'{"time": "2026-01-01T00:00:00Z", "project": "a", "fact": "Old fact one."}\n'
              b'not json at all\n'
              b'{ "time" : "2026-01-02T00:00:00Z" , "project":"a","fact":"Spacing kept."}\n')
    write_files(tree, {"notes.jsonl": before})
    assert note(tree, FACT, "-p", "tidewater").code == 0
    after = (tree / "notes.jsonl").read_bytes()
    assert after.startswith(before)
    assert after[len(before):].count(b"\n") == 1


def test_a_store_without_a_final_newline_gets_one_before_the_note(tree: Path):
    before = b'{"time": "2026-01-01T00:00:00Z", "project": "a", "fact": "Written by hand."}'
    write_files(tree, {"notes.jsonl": before})
    result = note(tree, FACT, "-p", "tidewater")
    assert result.code == 0 and "notes.jsonl:2" in result.out
    after = (tree / "notes.jsonl").read_bytes()
    assert after.startswith(before + b"\n{")
    assert [n["fact"] for n in lines_of(tree / "notes.jsonl")] == ["Written by hand.", FACT]


def test_the_default_store_is_the_first_configured_path_at_the_memory_root(tmp_path: Path):
    write_files(tmp_path, {"continuity.toml": 'root = "memory"\nnotes = ["notes/*.jsonl", '
                                              '"facts.jsonl"]\n', "memory/STATE.md": "# S\n"})
    assert note(tmp_path, FACT, "-p", "tidewater").code == 0
    assert lines_of(tmp_path / "memory" / "facts.jsonl")[0]["fact"] == FACT
    write_files(tmp_path, {"continuity.toml": 'notes = ["notes/*.jsonl"]\n'})
    result = note(tmp_path, FACT, "-p", "tidewater")
    assert result.code == 2 and "--store PATH" in result.err


def test_help_documents_every_exit_status():
    out = run_cli("note", "--help").out
    for status, name in ((0, "captured"), (1, "duplicate"), (2, "usage"),
                         (3, "rejected-content"), (4, "schema-invalid"),
                         (5, "store-unavailable"), (6, "blocked")):
        assert re.search(rf"^\s+{status}\s+{name}", out, re.M), (status, name)


def test_exit_statuses_are_distinct():
    assert len(set(EXIT_STATUS.values())) == len(EXIT_STATUS)
    # 1 is "found": the fact is there already (as a check's 1 is findings)
    assert {EXIT_STATUS[f] for f in Failure} == {1, 3, 4, 5, 6}


# --------------------------------------------------------------------------- refusals


REJECTED = [
    ("User: the parser is slow\nAssistant: noted", "speaker label 'User'"),
    ("> the parser needs UTF-8", "quoted with '>'"),
    ("Wren: use UTC\nOkafor: agreed", "several speakers"),
    ("You said the parser should use UTC.", "echoes the conversation"),
    ("def parse_tide(text: str) -> Tide:", "function signature"),
    ("parse_tide(text, strict=True)", "function signature"),
    ("src/tidewater/parse.py", "file path alone"),
    ("parse_tide() is defined in tidewater/parse.py.", "where code is defined"),
    ("```python\nparse()\n```", "fenced block"),
    ("wren@example.org", "would leave no fact"),
    ("Contact wren@example.org.", "would leave no fact"),
    ("password=hunter2hunter2", "would leave no fact"),
]


@pytest.mark.parametrize("fact,fragment", REJECTED, ids=[f for _, f in REJECTED])
def test_rejected_content_is_exit_3_and_nothing_is_written(tree: Path, fact, fragment):
    result = note(tree, fact, "-p", "tidewater")
    assert result.code == 3, result.err
    assert "rejected-content" in result.err and fragment in result.err
    assert not (tree / "notes.jsonl").exists()


def test_a_project_or_tag_holding_personal_data_is_rejected(tree: Path):
    assert note(tree, FACT, "-p", "wren@example.org").code == 3
    assert note(tree, FACT, "-p", "tidewater", "-t", "/home/wren").code == 3
    assert not (tree / "notes.jsonl").exists()


SCHEMA_INVALID = [
    (("", "-p", "tidewater"), "the fact is empty"),
    (("   \n ", "-p", "tidewater"), "the fact is empty"),
    (("The parser\x1b[31m needs UTF-8.", "-p", "tidewater"), "control character U+001B"),
    ((FACT, "-p", "  "), "project is empty"),
    ((FACT, "-p", "tidewater", "-t", "a,,b"), "tag is empty"),
    (("The parser needs \u202eUTF-8 input.", "-p", "tidewater"), "U+202E"),
]


@pytest.mark.parametrize("args,fragment", SCHEMA_INVALID, ids=[f for _, f in SCHEMA_INVALID])
def test_schema_invalid_is_exit_4_and_nothing_is_written(tree: Path, args, fragment):
    result = note(tree, *args)
    assert result.code == 4 and "schema-invalid" in result.err and fragment in result.err
    assert not (tree / "notes.jsonl").exists()


def test_a_fact_on_stdin_must_be_utf8(open_tmp: Path):
    done = cli("note", "-", "-p", "tidewater", cwd=open_tmp, stdin=b"caf\xe9 is open late.")
    assert done.returncode == 4 and b"not valid UTF-8" in done.stderr
    done = cli("note", "-", "-p", "tidewater", cwd=open_tmp, stdin=FACT.encode() + b"\n")
    assert done.returncode == 0, done.stderr
    assert lines_of(open_tmp / "notes.jsonl")[0]["fact"] == FACT


def test_a_fact_that_is_not_utf8_on_the_command_line_is_schema_invalid(open_tmp: Path):
    done = subprocess.run([sys.executable, "-m", "continuity", "note", b"caf\xe9 opens late.",
                           "-p", "tidewater"], cwd=open_tmp, capture_output=True,
                          env=dict(os.environ, PYTHONPATH=str(REPO), LC_ALL="C.UTF-8"))
    assert done.returncode == 4 and b"not valid UTF-8" in done.stderr
    assert not (open_tmp / "notes.jsonl").exists()


BLOCKED = [
    ("The parser needs UTF-8. The CI runs nightly.", "2 sentences"),
    ("The parser needs UTF-8\n\nand the CI runs nightly", "2 sentences"),
    ("Tides " + "rise and fall " * 30 + "every day.", "characters"),
]


@pytest.mark.parametrize("fact,fragment", BLOCKED, ids=[f for _, f in BLOCKED])
def test_blocked_is_exit_6_and_nothing_is_written(tree: Path, fact, fragment):
    result = note(tree, fact, "-p", "tidewater")
    assert result.code == 6 and "blocked" in result.err and fragment in result.err
    assert not (tree / "notes.jsonl").exists()


def test_several_sentences_ask_once_and_first_captures_only_the_first(tree: Path):
    text = "The parser needs UTF-8. The CI runs nightly. Tides are UTC."
    asked = note(tree, text, "-p", "tidewater")
    assert asked.code == 6 and "--first" in asked.err and "'The parser needs UTF-8.'" in asked.err
    result = note(tree, text, "-p", "tidewater", "--first")
    assert result.code == 0
    assert [n["fact"] for n in lines_of(tree / "notes.jsonl")] == ["The parser needs UTF-8."]
    assert "not captured (one fact per note): The CI runs nightly." in result.out
    assert "not captured (one fact per note): Tides are UTC." in result.out


# --------------------------------------------------------------------------- redaction


SECRETS = [
    ("Billing alerts go to wren.harbour@example.org every night.", "wren.harbour@example.org",
     "[redacted:email]"),
    ("The harbour fixtures live in /home/wren/fixtures on the build box.", "/home/wren",
     "[redacted:home-path]"),
    ("The deploy bucket uses key AKIA" + "Q7R2T4V6X8Z0B3D5 for uploads.", "AKIA" + "Q7R2T4V6X8Z0B3D5",
     "[redacted:aws-key]"),
    ("The tide API bills account 123456789012 each month.", "123456789012",
     "[redacted:number]"),
    ("The forecast service token is sk-ant-" + "aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0" + " for staging only.",
     "sk-ant-aB1",
     "[redacted:anthropic-key]"),
]


@pytest.mark.parametrize("fact,secret,marker", SECRETS, ids=[m for *_, m in SECRETS])
def test_secrets_and_personal_data_never_reach_the_store(tree: Path, fact, secret, marker):
    result = note(tree, fact, "-p", "tidewater")
    assert result.code == 0, result.err
    raw = (tree / "notes.jsonl").read_bytes()
    assert secret.encode() not in raw and marker.encode() in raw
    assert secret not in result.out + result.err
    assert "redacted: " in result.out
    assert check_json(tree, "--no-git", "--select", "CT5").json["diagnostics"] == []


# --------------------------------------------------------------------------- concurrency

WRITER = """
import sys
from pathlib import Path
from continuity.authoring.capture import capture
store, name, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
for i in range(count):
    result = capture(f"Writer {name} recorded fact number {i} about the tides.", "tidewater",
                     [name], store=store)
    if not result.ok:
        print(result.failure, result.reason, file=sys.stderr)
        sys.exit(1)
"""


def test_two_processes_appending_at_once_lose_no_line_and_corrupt_none(tmp_path: Path):
    store = tmp_path / "notes.jsonl"
    count = 300
    env = dict(os.environ, PYTHONPATH=str(REPO))
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(store), name, str(count)],
                                env=env, stderr=subprocess.PIPE) for name in ("a", "b")]
    for writer in writers:
        _, err = writer.communicate(timeout=300)
        assert writer.returncode == 0, err.decode()
    raw = store.read_bytes()
    lines = raw.split(b"\n")
    assert lines[-1] == b"" and len(lines) == 2 * count + 1
    notes = [json.loads(line) for line in lines[:-1]]  # every line parses on its own
    facts = {n["fact"] for n in notes}
    for name in ("a", "b"):
        mine = [n["fact"] for n in notes if n["tags"] == [name]]
        assert mine == [f"Writer {name} recorded fact number {i} about the tides."
                        for i in range(count)]  # each writer's notes, all, in order
    assert len(facts) == 2 * count
    recalled = run_cli("recall", "--store", str(store), "--format", "json", cwd=tmp_path)
    assert recalled.json["count"] == 2 * count


def test_two_note_commands_at_once(tmp_path: Path):
    script = ("for i in $(seq 1 8); do {python} -m continuity note "
              "\"Shell writer $W wrote fact $i.\" -p tidewater || exit 1; done")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    shells = [subprocess.Popen(["sh", "-c", script.format(python=sys.executable)], cwd=tmp_path,
                               env=dict(env, W=name), stdout=subprocess.DEVNULL)
              for name in ("x", "y")]
    assert [s.wait(timeout=300) for s in shells] == [0, 0]
    facts = sorted(n["fact"] for n in lines_of(tmp_path / "notes.jsonl"))
    assert facts == sorted(f"Shell writer {w} wrote fact {i}." for w in "xy" for i in range(1, 9))


# --------------------------------------------------------------------------- failed writes


def test_read_only_directory_is_store_unavailable_and_creates_nothing(open_tmp: Path):
    open_tmp.chmod(0o555)
    code, err = unprivileged("note", FACT, "-p", "tidewater", cwd=open_tmp)
    assert code == 5, err
    assert "store-unavailable" in err and "notes.jsonl" in err
    assert os.listdir(open_tmp) == []


def test_read_only_store_is_left_byte_for_byte(open_tmp: Path):
    before = b'{"time": "2026-01-01T00:00:00Z", "project": "a", "fact": "Old."}\n'
    (open_tmp / "notes.jsonl").write_bytes(before)
    (open_tmp / "notes.jsonl").chmod(0o444)
    open_tmp.chmod(0o555)
    code, err = unprivileged("note", FACT, "-p", "tidewater", cwd=open_tmp)
    assert code == 5 and "Permission denied" in err, err
    assert (open_tmp / "notes.jsonl").read_bytes() == before
    assert sorted(os.listdir(open_tmp)) == ["notes.jsonl"]


def test_store_path_that_is_a_directory(tree: Path):
    (tree / "notes.jsonl").mkdir()
    result = note(tree, FACT, "-p", "tidewater")
    assert result.code == 5 and "Is a directory" in result.err
    assert list((tree / "notes.jsonl").iterdir()) == []


def test_store_in_a_missing_directory_says_what_to_create(tree: Path):
    result = note(tree, FACT, "-p", "tidewater", "--store", "notes/team.jsonl")
    assert result.code == 5 and "create the directory" in result.err
    assert not (tree / "notes").exists()


def test_a_full_disk_cut_write_is_undone_to_the_byte(open_tmp: Path):
    before = b"".join(
        json.dumps({"time": "2026-01-01T00:00:00Z", "project": "a",
                    "fact": f"Old fact {i}."}).encode() + b"\n" for i in range(20))
    store = open_tmp / "notes.jsonl"
    store.write_bytes(before)
    # The kernel lets 10 more bytes through, then refuses (EFBIG): a partial line on disk.
    done = cli("note", FACT, "-p", "tidewater", cwd=open_tmp, limit_file_size=len(before) + 10)
    assert done.returncode == 5, done.stderr
    assert b"store-unavailable" in done.stderr and b"cannot append" in done.stderr
    assert store.read_bytes() == before
    assert sorted(os.listdir(open_tmp)) == ["notes.jsonl"]


def test_a_full_disk_on_a_new_store_leaves_no_file(open_tmp: Path):
    done = cli("note", FACT, "-p", "tidewater", cwd=open_tmp, limit_file_size=10)
    assert done.returncode == 5
    assert os.listdir(open_tmp) == []


# --------------------------------------------------------------------------- rollback


def _line(fact: str) -> bytes:
    return encode_note({"time": "2026-11-02T14:03:11Z", "project": "p", "fact": fact})


def test_rollback_removes_only_the_just_appended_last_line(tmp_path: Path):
    store = tmp_path / "notes.jsonl"
    store.write_bytes(b'{"time": "2026-01-01T00:00:00Z", "project": "p", "fact": "Kept."}')
    before = store.read_bytes()  # note: no final newline; the append adds one
    appended = append_note(store, _line("Taken back."))
    assert appended.line == 2
    assert rollback(appended)
    assert store.read_bytes() == before


def test_rollback_refuses_when_another_line_followed(tmp_path: Path):
    store = tmp_path / "notes.jsonl"
    first = append_note(store, _line("First."))
    append_note(store, _line("Second."))
    assert not rollback(first)
    assert [n["fact"] for n in lines_of(store)] == ["First.", "Second."]


def test_rollback_of_the_note_that_created_the_store_removes_the_file(tmp_path: Path):
    store = tmp_path / "notes.jsonl"
    appended = append_note(store, _line("Only."))
    assert appended.created and rollback(appended)
    assert not store.exists()


def test_capture_is_a_plain_function_with_a_result_type(tmp_path: Path):
    moment = datetime(2026, 11, 2, 14, 3, 11, tzinfo=timezone.utc)
    result = capture(FACT, "tidewater", ["parser"], store=tmp_path / "n.jsonl", now=moment)
    assert result.ok and result.exit_status == 0 and result.line == 1
    assert result.note == {"time": "2026-11-02T14:03:11Z", "project": "tidewater",
                           "fact": FACT, "tags": ["parser"]}
    refused = capture("User: hi", "tidewater", store=tmp_path / "n.jsonl")
    assert refused.failure is Failure.REJECTED_CONTENT and refused.exit_status == 3
    assert not refused.appended
