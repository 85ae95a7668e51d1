"""The line-by-line frontmatter reader agrees with YAML wherever it answers.

Most entries' frontmatter is ``key: value`` lines; those are read without composing YAML.
Whatever the fast reader accepts must give exactly what the YAML composer gives: the same
strings, nulls, positions and duplicates. Everything else must be left to YAML.
"""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from continuity.formats import frontmatter

KEYS = st.sampled_from(["date", "title", "status", "tags", "on", "yes", "null", "~", "a.b",
                        "x-y", "_k", "Key9", "date", "k" * 40])
VALUE_PIECES = st.sampled_from([
    "", " ", "  ", "2026-01-08", "yes", "no", "on", "off", "~", "null", "Null", "NULL", "true",
    "1e3", "0x1F", "12:30", "a: b", "a:b", "http://x.y/z", "#", " #c", "a #c", "a#b", "'q'",
    '"q"', "it's", "-", "- x", "-5", "?", "? x", ":", "x:", "[a, b]", "{a: 1}", "a, b", "a]b",
    "&a", "*a", "!tag x", "|", ">", "%", "@", "`", "{{DATE}}", "é", "日本", "\u3000", "\xa0",
    "\u2028", "\x85", "\t", "\ufeff", "\x7f", "\x00", "🙂", "a  b", "...", "---",
])
VALUES = st.lists(VALUE_PIECES, max_size=3).map("".join)
LINES = st.one_of(
    st.tuples(KEYS, st.sampled_from([": ", ":", ":  ", " : ", ":\t"]), VALUES).map("".join),
    st.sampled_from(["", " ", "# a comment", "  indented: x", "- item", "key", "  - x",
                     "\t", "%YAML 1.1"]),
)


def _document(lines: list[str]) -> str:
    return "---\n" + "\n".join(lines) + "\n---\nbody\n"


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(st.lists(LINES, max_size=6))
@example(["date: 2026-01-08", "status: yes", "date: again"])
@example(["title: a: b"])
@example(["null: x"])
@example(["k: v  ", "e:", "n: ~"])
def test_the_fast_reader_agrees_with_yaml(lines: list[str]):
    text = _document(lines)
    yaml_text, closing, body_start = frontmatter.split(text)
    fast = frontmatter._parse_simple(yaml_text, body_start, closing)
    if fast is not None:
        assert fast == frontmatter._parse_yaml(yaml_text, body_start, closing)
    assert frontmatter.parse(text) == (fast or frontmatter._parse_yaml(yaml_text, body_start,
                                                                        closing))


def test_plain_entries_take_the_fast_path():
    text = _document(["date: 2026-01-08", "turn: 14", "status: done", "", "# note",
                      "title: Ship the parser, at last"])
    yaml_text, closing, body_start = frontmatter.split(text)
    fast = frontmatter._parse_simple(yaml_text, body_start, closing)
    assert fast is not None
    assert fast.data == {"date": "2026-01-08", "turn": "14", "status": "done",
                         "title": "Ship the parser, at last"}
    assert fast.positions["title"] == frontmatter.Position(7, 1)


def test_anything_yaml_could_read_otherwise_goes_to_yaml():
    for value in ("'quoted'", "[a, b]", "&anchor x", "a: b", "x #comment", "|", "{{DATE}}"):
        yaml_text, closing, body_start = frontmatter.split(_document([f"key: {value}"]))
        assert frontmatter._parse_simple(yaml_text, body_start, closing) is None, value
    yaml_text, closing, body_start = frontmatter.split(_document(["key:", "  nested: 1"]))
    assert frontmatter._parse_simple(yaml_text, body_start, closing) is None
