"""Headings and code fences: sections as the protocol defines them, by either of the two scans."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from continuity.formats.markdown import FENCE, HEADING, MarkdownDoc, Section, heading_title

LINES = st.sampled_from([
    "", "text", "# Title", "## Section", "###### Six", "####### seven", "#no space",
    "## Trailing ##", "##\tTab", " # indented", "    code", "- item", "| a | b |", "#",
    "## ", "# {{TITLE}}", "## Ends with hashes #", "\u00e9 ## not", "x\x0by",
])


def reference_sections(lines: list[str], offset: int) -> list[Section]:
    """The definition, spelled out: a heading's section runs to the next heading of its
    level or above (headings inside code fences are not headings)."""
    headings, fence = [], None
    for index, line in enumerate(lines):
        match = FENCE.match(line)
        if fence is None and match:
            fence = match.group("fence")
        elif fence is not None:
            if match and match.group("fence")[0] == fence[0] and \
                    len(match.group("fence")) >= len(fence):
                fence = None
        elif HEADING.match(line):
            heading = HEADING.match(line)
            headings.append((len(heading.group("hashes")), heading_title(heading), index))
    sections = []
    for position, (level, title, index) in enumerate(headings):
        end = next((later for lvl, _, later in headings[position + 1:] if lvl <= level),
                   len(lines))
        sections.append(Section(level, title, index + 1 + offset, index + 1, end))
    return sections


@settings(max_examples=600, derandomize=True, deadline=None)
@given(st.lists(LINES, max_size=12), st.booleans())
def test_sections_are_those_of_the_definition(lines: list[str], fenced: bool):
    if fenced:  # the same lines around a code block take the line-by-line path
        lines = lines[:3] + ["```", "## in code"] + lines[3:5] + ["```"] + lines[5:]
    doc = MarkdownDoc("\n".join(lines), line_offset=3)
    assert doc.sections == reference_sections(lines, 3)


def test_fenced_headings_are_not_sections():
    doc = MarkdownDoc("# Title\n\n```\n## Not a section\n```\n\n## Real\ntext")
    assert [s.title for s in doc.sections] == ["Title", "Real"]
    assert doc.in_code == [False, False, True, True, True, False, False, False]
    assert doc.sections[0].end == 8 and doc.sections[1].line == 7  # a level-1 section holds the rest
