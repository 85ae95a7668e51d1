"""Each page's cost is bounded, and the page says what was cut (issue 34, round 3's leftover).

One entry with 40,000 dead links took 35 s of CPU to build (a 14 MB findings page and a 17 MB
entry page: each link marked, then the marked text escaped); an entry of 52,000 headings took
minutes (the search plugins look each heading up from the start of the table of contents).
Now the findings page lists the first MAX_FINDINGS_LISTED findings and says how many it left
out; a body shown as text keeps its links as written; a body of more than MAX_HEADINGS headings
is shown as text, saying why. bench/page_cost.py has the figures.
"""

from __future__ import annotations

from pathlib import Path

from continuity.generator.renderable import MAX_HEADINGS
from continuity.generator.summary_pages import MAX_FINDINGS_LISTED
from tests.support.common import minimal_tree, write_files
from tests.support.site_support import build, write_mkdocs_yml

JOURNAL = "journal/2026-01-02-turn-1.md"


def built_page(top: Path, body: str, url: str) -> str:
    """The page at ``url`` of the site built (by the plugin) from a tree whose journal entry
    ends with ``body``."""
    tree = minimal_tree()
    tree[JOURNAL] += "\n" + body
    write_files(top / "memory", tree)
    write_mkdocs_yml(top, options={"root": "memory"})
    built = build(top)
    assert built.error is None, built.said
    return built.html(url)


def test_the_findings_page_lists_a_bounded_number_and_says_so(tmp_path: Path):
    dead = MAX_FINDINGS_LISTED + 500
    findings = built_page(tmp_path, "\n".join(f"- [gone {n}](missing-{n}.md)"
                                               for n in range(dead)), "findings/")
    assert findings.count("missing-") <= 2 * MAX_FINDINGS_LISTED  # message and hint quote it
    assert "500 more findings not listed" in findings
    assert f"<td>{dead}</td>" in findings  # the table by rule counts them all


def test_a_body_of_too_many_headings_is_shown_as_text(tmp_path: Path):
    many = MAX_HEADINGS + 1
    page = built_page(tmp_path, "".join(f"## Section {n}\n\nText {n}.\n\n" for n in range(many)),
                      "journal/2026-01-02-turn-1/")
    assert f"more than {MAX_HEADINGS:,} headings" in page
    assert page.count("<h2") < 10  # not one heading a section: the text, as text
    assert f"Section {many - 1}" in page


def test_a_body_shown_as_text_keeps_its_links_as_written(tmp_path: Path):
    """Dead links by the thousand: the body is shown as text, unmarked (the page stays near
    its size; marked, then escaped, it grew fourteenfold)."""
    lines = [f"- [gone {n}](missing-{n}.md)" for n in range(12_000)]
    page = built_page(tmp_path, "\n".join(lines), "journal/2026-01-02-turn-1/")
    assert "Shown as text" in page and "continuity-dead-link" not in page
    assert len(page) < 15 * len("\n".join(lines))
