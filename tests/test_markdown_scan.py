"""Headings and code fences: the one-search path for text without fences agrees with the line scan."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from continuity.markdown import MarkdownDoc

LINES = st.sampled_from([
    "", "text", "# Title", "## Section", "###### Six", "####### seven", "#no space",
    "## Trailing ##", "##\tTab", " # indented", "    code", "- item", "| a | b |", "#",
    "## ", "# {{TITLE}}", "## Ends with hashes #", "\u00e9 ## not", "x\x0by",
])


@settings(max_examples=600, derandomize=True, deadline=None)
@given(st.lists(LINES, max_size=12))
def test_headings_found_by_search_are_those_of_the_line_scan(lines: list[str]):
    doc = MarkdownDoc("\n".join(lines), line_offset=3)
    in_code = [False] * len(doc.lines)
    expected = doc._sections_of(doc._scan_lines(in_code))
    assert doc.sections == expected
    assert doc.in_code == in_code


def test_fenced_headings_are_not_sections():
    doc = MarkdownDoc("# Title\n\n```\n## Not a section\n```\n\n## Real\ntext")
    assert [s.title for s in doc.sections] == ["Title", "Real"]
    assert doc.in_code == [False, False, True, True, True, False, False, False]
    assert doc.sections[0].end == 8 and doc.sections[1].line == 7  # a level-1 section holds the rest
