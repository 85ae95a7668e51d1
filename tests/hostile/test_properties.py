"""Generated hostile input for the parsers every reading command goes through (in-process, so
thousands of examples run in seconds): frontmatter, entry names, JSON Lines (ledger, notes,
recall's index), and a few whole `continuity check` runs over generated trees.

Deterministic (derandomize): CI sees the same examples every run.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from continuity.authoring import noteindex
from continuity.formats import frontmatter, jsonl
from continuity.formats.textfile import decode
from continuity.model.kinds import CUSTOM_PATTERN, DIRECTORY_KINDS
from continuity.model.ledger import read_ledger
from continuity.model.notes import read_store
from continuity.model.tree import Document, TreeFile, _parse_name
from continuity.output import one_line
from tests.support.common import minimal_tree, run_cli, write_files

#: Many examples for the cheap parsers; few for whole runs.
PARSER = settings(derandomize=True, deadline=None, max_examples=100,
                  suppress_health_check=[HealthCheck.too_slow])
WHOLE = settings(derandomize=True, deadline=None, max_examples=12,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: Text with the characters files really hold, surrogates aside (they cannot be UTF-8).
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=300)
#: Lines built from YAML's and Markdown's own punctuation, so the parsers' edges are reached.
YAMLISH = st.lists(st.sampled_from([
    "---", "...", "key: value", "date: 2026-01-08", "a: &a [1, 2]", "b: *a", "c: *a",
    "- item", "? complex", "  nested: {x: y}", "t: !!python/object:os.system ls", "\t",
    "'unclosed", "\"esc \\x", "{{DATE}}", "x: {{DATE}}", "k: |", "  block", "# comment",
    "%YAML 1.1", "&anchor", "<<: *a", "key: yes", "on: no", "y: 1e3", "z: 0x1F", "~: null",
    "## Heading", "| a | b |", "|---|---|", "```", "\ufeff", "\x00", "\r",
]) | TEXT, max_size=25).map("\n".join)
#: Scalars PyYAML would turn into something else, as a writer types them.
TRICKY_SCALARS = st.one_of(
    st.dates().map(str),
    st.datetimes().map(lambda d: d.strftime("%Y-%m-%d %H:%M:%S")),
    st.datetimes().map(lambda d: d.strftime("%Y-%m-%dT%H:%M:%SZ")),
    st.sampled_from(["yes", "no", "on", "off", "y", "n", "true", "False", "NO", "On",
                     "1.10", "0.1", "1e3", "0x1F", "0o17", "017", "+1", "-0", ".inf", "-.Inf",
                     ".nan", "12:30:00", "1_000", "2026-1-7", "2026-01-08T10:00"]),
    st.integers().map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.from_regex(r"[A-Za-z][A-Za-z0-9 _.,()-]{0,30}[A-Za-z0-9)]", fullmatch=True),
)
KEYS = st.from_regex(r"[a-z][a-z0-9_]{0,15}", fullmatch=True)


# --------------------------------------------------------------------------- frontmatter


@PARSER
@given(YAMLISH)
@example("---\n" + "\n".join(f"{chr(97 + d)}: &{chr(97 + d)} [" + ", ".join(
    [f"*{chr(96 + d)}" if d else "lol"] * 10) + "]" for d in range(12)) + "\n---\n")
@example("---\n" + "[" * 5000 + "\n---\n")
def test_frontmatter_of_any_text_never_raises(text: str):
    parsed = frontmatter.parse(text)
    assert parsed.present == (text.split("\n")[0].rstrip() == "---")
    Document.parse(text).title  # the body and its sections too


@PARSER
@given(st.binary(max_size=400))
def test_frontmatter_of_any_bytes_never_raises(raw: bytes):
    read = decode(raw)
    assert (read.text is None) == (read.error is not None)
    if read.text is not None:
        Document.parse(read.text)


@PARSER
@given(st.dictionaries(KEYS, TRICKY_SCALARS, min_size=1, max_size=6))
def test_plain_scalars_stay_the_strings_written(values: dict[str, str]):
    text = "---\n" + "".join(f"{k}: {v}\n" for k, v in values.items()) + "---\n# Title\n"
    parsed = frontmatter.parse(text)
    assert parsed.problems == ()
    assert parsed.data == values


@PARSER
@given(st.dictionaries(KEYS, TEXT, min_size=1, max_size=4))
def test_quoted_strings_read_back_exactly(values: dict[str, str]):
    written = yaml.safe_dump(values, allow_unicode=False, sort_keys=False)  # quotes as needed
    parsed = frontmatter.parse(f"---\n{written}---\n")
    assert parsed.problems == ()
    assert parsed.data == values


# --------------------------------------------------------------------------- entry names


NAMES = st.one_of(
    TEXT.filter(lambda n: "/" not in n),
    st.from_regex(r"\d{4}-\d{2}-\d{2}(-turn-\d+|T\d{2}-\d{2}-\d{2}|-[a-z0-9-]+)\.(md|json)\n?",
                  fullmatch=True),
)


@PARSER
@given(NAMES)
@example("2026-01-08-turn-3.md\n")
@example("２０２６-01-08-turn-3.md")
def test_entry_names_never_raise_and_match_whole(name: str):
    for kind in (*DIRECTORY_KINDS.values(), CUSTOM_PATTERN):
        parsed = _parse_name(kind, name)
        if parsed is None:
            continue
        assert "\n" not in name and name.isascii() or kind.name == "logs", (kind.name, name)
        parsed.real_date(), parsed.real_time(), parsed.valid_date  # never raise


# --------------------------------------------------------------------------- JSON Lines


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | TEXT
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12)
JSON_OBJECTS = st.dictionaries(TEXT, JSON_VALUES, max_size=6)


@PARSER
@given(TEXT)
@example("[" * 100_000)
@example('{"a": 1, "a": 2}')
@example('{"a": NaN}')
def test_a_jsonl_line_never_raises(text: str):
    line = jsonl.parse_line(1, text)
    assert line.blank or (line.error is None) != (line.value is None and text.strip() != "null")


@PARSER
@given(JSON_OBJECTS)
def test_a_valid_record_round_trips(record: dict):
    for ascii_only in (True, False):
        line = jsonl.parse_line(7, json.dumps(record, ensure_ascii=ascii_only))
        assert line.is_object and line.value == record and line.line == 7


def tree_file(tmp: Path, name: str, raw: bytes) -> TreeFile:
    path = tmp / name
    path.write_bytes(raw)
    return TreeFile(name, path, decode(raw))


RAW_STORES = st.lists(
    st.one_of(JSON_OBJECTS.map(json.dumps), TEXT, st.binary(max_size=40).map(
        lambda b: b.decode("latin-1")), st.just(""), st.just("   ")),
    max_size=8).map(lambda lines: "\n".join(lines).encode("utf-8", "surrogateescape"))


@PARSER
@given(RAW_STORES | st.binary(max_size=300))
def test_ledger_and_note_stores_of_any_bytes_never_raise(raw: bytes):
    with tempfile.TemporaryDirectory() as directory:
        file = tree_file(Path(directory), "store.jsonl", raw)
        ledger = read_ledger(file)
        for cycle in ledger.cycles:
            (cycle.cycle, cycle.targets, cycle.result, cycle.productive, cycle.sha,
             cycle.goals_passing, cycle.goals_total, cycle.timestamp, cycle.trace_status,
             cycle.missing_trace_fields)
        ledger.last_cycle
        store = read_store(file)
        for note in store.notes:
            note.time, note.project, note.fact, note.tags
        assert len(store.lines) == len(ledger.lines) == len(jsonl.parse_bytes(raw))
        # recall's index of the same bytes: built, searched, and its notes read back
        index = noteindex.load(Path(directory) / "store.jsonl")
        found = index.search("a", None, ())
        noteindex.read_notes(Path(directory) / "store.jsonl", found)
        assert len(index.search()) <= len(store.notes)


@PARSER
@given(TEXT)
def test_one_line_output_holds_no_control_character(text: str):
    shown = one_line(text)
    assert "\n" not in shown and "\r" not in shown and "\x1b" not in shown
    assert shown == text or any(ord(c) < 0x20 or 0x7f <= ord(c) < 0xa0 or c in "\u2028\u2029"
                                for c in text)


# --------------------------------------------------------------------------- whole runs


ENTRY_NAMES = st.one_of(
    st.integers(1, 28).map(lambda d: f"2026-01-{d:02d}-turn-{d}.md"),
    st.from_regex(r"[a-z0-9 ._'\"éü()-]{1,20}\.md", fullmatch=True),
)
ENTRY_TEXT = st.one_of(
    YAMLISH,
    st.builds(lambda front, body: f"---\n{front}\n---\n\n{body}", YAMLISH, TEXT),
    st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
)


@WHOLE
@given(st.dictionaries(ENTRY_NAMES, ENTRY_TEXT | st.binary(max_size=200), min_size=1,
                       max_size=5),
       st.lists(st.one_of(JSON_OBJECTS.map(json.dumps), TEXT), max_size=5))
def test_check_of_generated_trees(entries: dict[str, str | bytes], note_lines: list[str]):
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        write_files(root, minimal_tree())
        write_files(root, {f"journal/{name}": content for name, content in entries.items()})
        write_files(root, {"notes.jsonl": "\n".join(note_lines)})
        for fmt in ("json", "text"):
            result = run_cli("check", "--no-git", "--output-format", fmt, cwd=root)
            assert result.code in (0, 1), result.err
        result = run_cli("check", "--no-git", "--output-format", "json", cwd=root)
        named = {d["path"] for d in result.json["diagnostics"]}
        for name, content in entries.items():
            if content == "" or isinstance(content, bytes) and b"\x00" in content:
                assert f"journal/{name}" in named  # an empty or binary entry is a finding
        recalled = run_cli("recall", "--format", "json", cwd=root)
        assert recalled.code in (0, 1), recalled.err
