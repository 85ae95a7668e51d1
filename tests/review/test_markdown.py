"""The review's Markdown as GitHub renders it (markdown-it-py's GFM-like preset with tables,
HTML blocks kept as GitHub keeps ``<details>``), its size limit, and the github format."""

from __future__ import annotations

from pathlib import Path

from markdown_it import MarkdownIt

from continuity.changes.model import (
    CommitRef,
    FileEvent,
    LivingReview,
    Review,
    RootChanges,
    SectionReview,
)
from continuity.review.markdown import COMMENT_LIMIT, render
from tests.review.test_diff import claude  # noqa: F401  (the fixture)
from tests.support.common import GitRepo, run_cli

GFM = MarkdownIt("gfm-like", {"linkify": False})


def test_the_review_renders_as_tables_and_collapsible_files(claude: GitRepo):  # noqa: F811
    done = run_cli("diff", "main", "--format", "markdown", cwd=claude.path)
    assert done.code == 0, done.err
    html = GFM.render(done.out)
    assert "<h2>Memory review:" in html
    assert html.count("<table>") >= 3  # the summary, the findings, the files
    assert "<td>Findings introduced</td>" in html
    assert html.count("<details>") == 3 and html.count("</details>") == 3  # index, 2 topics
    assert "<summary>changed topic <code>debugging.md</code>" in html
    assert '<code class="language-diff">+ Run with -n 0 and -x.\n- Run with -n 0.\n</code>' \
        in html
    assert "<li><code>## Bisect</code> added" in html


def _one_root(living: list[LivingReview], files: list[FileEvent]) -> Review:
    root = RootChanges("memory", "memory", "Claude Code agent memory", True,
                       living=living, files=files, commits=1)
    return Review(1, {"rev": "main", "sha": "a" * 40}, {"rev": "HEAD", "sha": "b" * 40}, [root])


def test_tree_text_is_shown_literally_never_as_html_or_markdown():
    ref = CommitRef("c" * 40, "<img src=x onerror=alert(1)>", "2026-01-01T00:00:00Z",
                    "a | pipe and **bold**")
    hostile = "<script>alert(1)</script> ``` | x"
    section = SectionReview("<b>heading</b>", "changed", (hostile,), ("```",), (ref,))
    living = LivingReview("<evil>.md", "topic", "changed", 1, 1, (section,), (ref,))
    event = FileEvent("a|b<i>.md", "topic", "added", None, ref)
    html = GFM.render(render(_one_root([living], [event])))
    assert "<script>" not in html and "<img" not in html and "<evil>" not in html
    assert "<i>" not in html and "<strong>bold" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; ``` | x" in html  # inside the diff fence
    assert "a | pipe and **bold**" in html  # escaped in the cell, shown as written
    assert "<code>a|b&lt;i&gt;.md</code>" in html


def test_a_review_over_the_comment_limit_is_cut_with_a_line_saying_where_the_rest_is():
    sections = tuple(SectionReview(f"Section {n}", "added", tuple(f"fact {n}.{i} " + "x" * 80
                                                                  for i in range(8)), (), ())
                     for n in range(40))
    living = [LivingReview(f"topic-{n}.md", "topic", "changed", 10, 400, sections, ())
              for n in range(20)]
    review = _one_root(living, [])
    out = render(review, report="continuity-review.md")
    assert len(out) <= COMMENT_LIMIT
    assert "of the review not shown here" in out
    assert "More in the report in `continuity-review.md`" in out
    html = GFM.render(out)
    assert html.count("<details>") == html.count("</details>") > 0  # no block cut in half
    whole = render(review, limit=10_000_000)
    assert "not shown here" not in whole and len(whole) > COMMENT_LIMIT


def test_github_writes_the_review_to_the_step_summary_and_annotates_new_findings(
        claude: GitRepo, tmp_path: Path):  # noqa: F811
    summary = tmp_path / "summary.md"
    summary.write_text("## earlier step\n")
    done = run_cli("diff", "main", "--format", "github", "-o", str(tmp_path / "review.md"),
                   cwd=claude.path, env={"GITHUB_STEP_SUMMARY": str(summary),
                                         "GITHUB_WORKSPACE": str(claude.path)})
    assert done.code == 0, done.err
    written = summary.read_text()
    assert written.startswith("## earlier step\n## Memory review:")
    assert "::warning file=memory/MEMORY.md,line=2,title=CT111 dead-link (new in this " \
           "range)::" in done.out
    comment = (tmp_path / "review.md").read_text()
    assert comment.startswith("## Memory review:") and "<details>" in comment


def test_the_job_summary_holds_the_whole_review_and_the_comment_says_where_it_is(
        tmp_path: Path, monkeypatch):
    from continuity.review.formats import render as render_format

    sections = tuple(SectionReview(f"Section {n}", "added", tuple(f"fact {n}.{i} " + "x" * 80
                                                                  for i in range(8)), (), ())
                     for n in range(40))
    review = _one_root([LivingReview(f"topic-{n}.md", "topic", "changed", 10, 400, sections, ())
                        for n in range(20)], [])
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    render_format(review, "github")
    whole = summary.read_text()
    assert len(whole) > COMMENT_LIMIT and "not shown here" not in whole
    comment = render(review, more="this workflow run's job summary")
    assert len(comment) <= COMMENT_LIMIT
    assert "More in the report in this workflow run's job summary." in comment
