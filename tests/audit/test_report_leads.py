"""The report leads (issue 32, item 4): the verdict, then the findings with their fixes, then
the figures; a table of contents; diffs folded; counts that agree; plurals right; a chart of one
month that is one slim bar on a whole-number axis."""

from __future__ import annotations

import re
from pathlib import Path

from continuity.generator import charts
from tests.support.common import GitRepo, run_cli, write_files


def _tree_with_history(tmp_path: Path) -> Path:
    """An initialised tree committed once (every living file: one commit), with one dated
    journal entry and one library entry whose name carries no date (a finding, CT101)."""
    repo = GitRepo(tmp_path / "repo")
    run_cli("init", repo.path)
    assert run_cli("new", "journal", "--date", "2026-03-05", cwd=repo.path).code == 0
    write_files(repo.path, {"memory/undated-note.md": "---\ntitle: x\n---\n# Undated\n"})
    repo.commit("init")
    return repo.path


def _positions(text: str, *needles: str) -> list[int]:
    found = [text.find(n) for n in needles]
    assert all(p >= 0 for p in found), dict(zip(needles, found))
    return found


def test_html_report_leads_with_verdict_and_findings_and_folds_diffs(tmp_path: Path):
    root = _tree_with_history(tmp_path)
    result = run_cli("report", "--format", "html", "-o", tmp_path / "r.html", cwd=root)
    assert result.code == 0, result.err
    page = (tmp_path / "r.html").read_text("utf-8")
    verdict, contents, findings, fix, directories, history = _positions(
        page, 'class="verdict fail"', 'class="toc"', 'id="findings"', "Fix: rename it",
        'id="directories"', 'id="state-history"')
    assert verdict < contents < findings < fix < directories < history
    toc = page[contents:page.index("</nav>", contents)]
    assert {"#findings", "#directories", "#months", "#state-history"} <= set(
        re.findall(r'href="(#[^"]+)"', toc))
    # every diff is folded: none is shown outside a closed <details>
    assert page.count("<pre") == page.count('<details class="diff"><summary>') > 0
    assert "<details open" not in page
    headings = re.findall(r"<h3[^>]*>(.*?)</h3>", page)
    assert any(h.endswith(": 1 commit") for h in headings)
    assert any(h.endswith(": 1 finding") for h in headings)
    assert not [h for h in headings if re.search(r"\b1 (?:commits|findings)\b", h)]


def test_entries_per_month_adds_up_to_entries_per_directory(tmp_path: Path):
    root = _tree_with_history(tmp_path)
    text = run_cli("report", "--no-git", cwd=root).out
    directories = text[text.index("## Entries per directory"):text.index("## Entries per month")]
    months = text[text.index("## Entries per month"):text.index("## Cycle ledger")]
    assert "| **Total** | | 2 |" in directories
    assert "| no date in the name | 0 | 1 | 1 |" in months  # memory/undated-note.md
    assert "| **Total** | 1 | 1 | 2 |" in months
    # and the Markdown leads the same way
    assert text.index("**Verdict: fail") < text.index("## Findings") < text.index(
        "## Entries per directory")


def test_one_month_chart_is_one_slim_bar_on_a_whole_number_axis():
    svg = charts.bar_chart([charts.Point("2026-03", 1)], title="Entries added per month")
    bars = re.findall(r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"', svg)
    assert len(bars) == 1
    x, width = map(float, bars[0])
    assert width < 720 / 8  # not a block the width of the chart
    assert 300 < x + width / 2 < 420  # in the middle
    axis = re.findall(r'text-anchor="end" fill="currentColor">([^<]+)<', svg)
    assert axis == ["0", "1"]  # a baseline and the top, whole numbers
    many = charts.bar_chart([charts.Point(f"2026-{m:02d}", m) for m in range(1, 13)],
                            title="t")
    assert len(re.findall("<rect ", many)) == 12
