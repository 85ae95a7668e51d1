"""The strict JSON reader of the line records: what it accepts, every page can show and every
chart can compute with; what it refuses is a bad line with a reason, never an exception."""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from continuity.formats import jsonl

ESCAPES = st.lists(st.sampled_from(["\\ud800", "\\udfff", "\\ud83c\\udf0a", "\\u00e9", "a",
                                    "[", "]", "{", "}", '\\"', "\\\\", "1e400", "-1e999"]),
                   max_size=12).map("".join)


def _depth(value: object) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return deepest


@settings(derandomize=True, deadline=None, max_examples=300)
@given(st.one_of(ESCAPES.map(lambda s: f'{{"k": "{s}"}}'), ESCAPES.map(lambda s: f"[{s}]"),
                 ESCAPES))
@example('{"k": "\\ud800"}')
@example('{"goals_total": 1e400}')
@example("[" * 65 + "]" * 65)
@example('"[[[[" ' + "[" * 10 + "]" * 10)
def test_an_accepted_line_is_text_finite_and_shallow(text: str):
    line = jsonl.parse_line(1, text)
    if line.error is not None:
        assert line.error.startswith("not valid JSON")
        return
    json.dumps(line.value, ensure_ascii=False).encode("utf-8")  # every page can write it
    assert _depth(line.value) <= jsonl.MAX_DEPTH
    assert "inf" not in json.dumps(line.value).lower()


@pytest.mark.parametrize("text, reason", [
    ('{"fact": "half \\ud800 a pair"}', "half a surrogate pair"),
    ('{"n": 1e400}', "out of range"),
    ("[" * 65 + "]" * 65, "nested deeper than 64"),
    ("[" * 200_000, "nested deeper than 64"),
])
def test_refused_lines_say_why(text: str, reason: str):
    line = jsonl.parse_line(3, text)
    assert line.error is not None and reason in line.error


@pytest.mark.parametrize("text", [
    "[" * 64 + "]" * 64,  # exactly the limit
    '{"s": "' + "[" * 1000 + '"}',  # brackets inside a string are not nesting
    '{"wave": "\\ud83c\\udf0a"}',  # a proper pair is one character
    '{"big": ' + "9" * 400 + "}",  # an integer is exact; counts are range-checked later
])
def test_accepted_lines(text: str):
    assert jsonl.parse_line(1, text).error is None
