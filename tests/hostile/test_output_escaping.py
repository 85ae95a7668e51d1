"""What the tree controls is escaped in Markdown and terminal output (issue 34, #13 and #15).

The job summary (``$GITHUB_STEP_SUMMARY``) is Markdown that GitHub renders: a frontmatter value
quoted in a message must not become a live link or image, nor a file name with backticks break
out of its code span. Terminal output (``continuity conventions``, the text reporter, ``report
--format md``) must never print a raw ESC, BEL, or C1 control from a folder or link name: those
are OSC 52 clipboard writes and title changes.
"""

from __future__ import annotations

from pathlib import Path

from markdown_it import MarkdownIt

from tests.support.common import minimal_tree, run_cli, write_files

RAW_CONTROLS = ("\x1b", "\x07", "\x9b", "\x9d")
OSC52 = "\x1b]52;c;SGVsbG8=\x07"
TITLE = "\x1b]0;pwned\x07\x9b31m"


def test_the_step_summary_shows_tree_text_literally(tmp_path: Path):
    tree = minimal_tree()
    hostile = "[click](https://evil.example/x) ![i](https://evil.example/i.png) <b>$x$</b>"
    entry = tree["journal/2026-01-02-turn-1.md"].replace("date: 2026-01-02", f"date: '{hostile}'")
    tree["journal/2026-01-02-turn-1.md"] = entry
    tree["journal/notes ``x`` y.md"] = "# A file with backticks in its name\n"
    write_files(tmp_path, tree)
    summary = tmp_path.parent / "summary.md"
    result = run_cli("check", "--no-git", "--output-format", "github", cwd=tmp_path,
                     env={"GITHUB_STEP_SUMMARY": str(summary), "GITHUB_ACTIONS": "true"})
    assert result.code == 1, result.out
    text = summary.read_text("utf-8")
    assert "evil\\.example" in text  # the value is quoted, literally
    html = MarkdownIt("commonmark").enable("table").render(text)
    assert "<a " not in html and "<img" not in html and "<b>" not in html
    assert "https://evil" not in text and "www." not in text  # no autolink either
    codes = [cell for cell in html.split("<code>")[1:] if "notes" in cell]
    assert codes and all(cell.split("</code>")[0].startswith("journal/notes ``x`` y.md")
                         for cell in codes)


def test_terminal_output_never_carries_raw_controls(tmp_path: Path):
    tree = minimal_tree()
    tree["STATE.md"] = tree["STATE.md"] + f"\nSee [the plan](gone{TITLE}.md).\n"
    write_files(tmp_path, tree)
    write_files(tmp_path / f"child{OSC52}", {"STATE.md": minimal_tree()["STATE.md"]})
    outputs = {
        "conventions": run_cli("conventions", cwd=tmp_path),
        "conventions json": run_cli("conventions", "--format", "json", cwd=tmp_path),
        "check": run_cli("check", "--no-git", cwd=tmp_path),
        "report md": run_cli("report", "--no-git", "--format", "md", cwd=tmp_path),
    }
    for name, result in outputs.items():
        assert result.code in (0, 1), (name, result.err)
        shown = result.out + result.err
        assert not any(c in shown for c in RAW_CONTROLS), (name, shown)
    assert "child\\x1b]52" in outputs["conventions"].out
    assert "\\u001b]52" in outputs["conventions json"].out
    assert "gone\\x1b]0;pwned\\x07\\x9b31m.md" in outputs["report md"].out
