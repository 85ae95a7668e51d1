"""``continuity report``: counts, trajectory, traces and findings, in md, html and json."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest

from continuity.validators.diagnostics import Violation
from tests.support.common import GitRepo, check_json, run_cli, write_files
from tests.support.entry_shape import filled_fields, problems, tree_at
from tests.support.planted_rule import planted_rule
from tests.support.readonly import read_only, snapshot_bytes

LEDGER = ".agents/evolve/cycle-history.jsonl"
KERNEL = {k: "done" for k in (
    "goal_hypothesis", "selected_gap", "gherkin", "first_failing_proof", "red_evidence",
    "green_evidence", "refactor_note", "validation_evidence", "ratchet_action", "goal_reshape")}


def ledger_lines(broken: bool) -> str:
    """Four cycles; ``broken`` adds what CT406 and CT401 object to (an incomplete trace, a
    line that is not JSON)."""
    second = {"goal_hypothesis": "<script>alert(1)</script>"} if broken else KERNEL
    cycles = [
        {"cycle": 1, "target": "tests", "result": "improved", "sha": "a1", "goals_passing": 18,
         "goals_total": 23, "timestamp": "2026-02-11T21:00:00Z", "trace": KERNEL},
        {"cycle": 2, "target": "docs", "result": "regressed", "sha": "b2", "goals_passing": 17,
         "goals_total": 23, "timestamp": "2026-02-11T21:30:00Z", "trace": second},
        {"cycle": 3, "target": "idle", "result": "unchanged", "timestamp": "2026-02-11T22:00:00Z"},
        {"cycle": 4, "target": "lint", "result": "improved", "sha": "c3", "goals_passing": 22,
         "goals_total": 23, "timestamp": "2026-02-12T09:00:00Z",
         "trace": {"exemption_reason": "typo fix"}},
    ]
    return "\n".join(json.dumps(c) for c in cycles) + ("\nnot json\n" if broken else "\n")


@pytest.fixture
def memory(tmp_path: Path) -> Path:
    """An initialised tree with entries in two months and a clean cycle ledger."""
    root = tmp_path / "memory"
    run_cli("init", root)
    for date in ("2026-01-05", "2026-01-20", "2026-02-03"):
        assert run_cli("new", "journal", "--date", date, cwd=root).code == 0
    run_cli("new", "reflection", "--date", "2026-02-04", "--slug", "fixtures-first", cwd=root)
    run_cli("new", "snapshot", "--date", "2026-02-04T10:00:00Z", cwd=root)
    write_files(root, {LEDGER: ledger_lines(broken=False)})
    return root


@pytest.fixture
def broken_ledger(memory: Path) -> Path:
    write_files(memory, {LEDGER: ledger_lines(broken=True)})
    return memory


def awkward_findings(_ctx):
    yield Violation("journal/2026-01-05-turn-1.md", "placeholder {{DATE}} and `{{X}}` left; "
                    "<script>alert(1)</script> | pipe [link](http://x)",
                    "key AKIAABCDEFGHIJKLMNOP leaked; write the value", line=3, column=2)
    yield Violation("STATE.md", "second finding", "fix it", line=1)


def test_markdown_report_has_counts_trajectory_traces_and_findings(broken_ledger: Path):
    result = run_cli("report", "--no-git", cwd=broken_ledger)
    assert result.code == 0, result.err
    md = result.out
    assert "| journal/ | history | 3 | 2026-01-05 | 2026-02-03 | CONTEXT.md |" in md
    month_rows = {line.split("|")[1].strip(): line for line in md.splitlines()
                  if re.match(r"\| 2026-0\d \|", line)}
    assert set(month_rows) == {"2026-01", "2026-02"}
    header = next(line for line in md.splitlines() if line.startswith("| Month"))
    columns = [c.strip() for c in header.strip("|").split("|")]
    row = [c.strip() for c in month_rows["2026-02"].strip("|").split("|")]
    assert dict(zip(columns, row))["journal"] == "1"
    assert dict(zip(columns, row))["reflections"] == "1"
    assert dict(zip(columns, row))["Total"] == "3"
    assert "4 cycles recorded (improved 2, regressed 1, unchanged 1)" in md
    assert "1 line is not a JSON object" in md
    assert "from 18/23 (cycle 1) to 22/23 (cycle 4); best 22/23 (cycle 4)" in md
    assert "2 of 3 productive cycles" in md
    assert "| 2 | regressed | 17/23 | 2026-02-11T21:30:00Z | incomplete |" in md
    assert "- cycle 2 (line 2) lacks selected_gap, gherkin" in md
    assert "**Verdict: fail: 1 error, 1 warning.**" in md
    assert "| CT401 | ledger-json | error | 1 |" in md
    assert "| CT406 | trace-incomplete | warning | 1 |" in md
    assert "### CT401 ledger-json (error): 1" in md
    assert "- [.agents/evolve/cycle-history.jsonl:5:1](.agents/evolve/cycle-history.jsonl)" in md


def test_json_report_carries_every_figure(broken_ledger: Path):
    data = run_cli("report", "--no-git", "--format", "json", cwd=broken_ledger).json
    assert data["verdict"] == "fail"
    journal = next(d for d in data["directories"] if d["name"] == "journal")
    assert journal["by_month"] == {"2026-01": 2, "2026-02": 1}
    assert journal["indexed_by"] == ["CONTEXT.md"]
    ledger = data["ledger"]
    assert [c["cycle"] for c in ledger["cycles"]] == [1, 2, 3, 4]
    assert ledger["traces"] == {"complete": 1, "exempt": 1, "incomplete": 1, "absent": 1}
    assert ledger["productive"] == 3 and ledger["productive_traced"] == 2
    assert ledger["bad_lines"] == 1
    assert data["check"]["summary"] == {"files": data["check"]["summary"]["files"],
                                        "errors": 1, "warnings": 1}
    assert [(g["code"], g["count"]) for g in data["findings_by_rule"]] == [("CT401", 1),
                                                                          ("CT406", 1)]


def test_findings_are_grouped_by_rule_with_links_that_resolve(memory: Path):
    with planted_rule(awkward_findings) as code:
        out = memory / "reports"
        out.mkdir()
        result = run_cli("report", "--no-git", "-o", out / "audit.md", cwd=memory)
    assert result.code == 0, result.err
    md = (out / "audit.md").read_text()
    assert f"| {code} | planted-rule | error | 2 |" in md
    assert f"### {code} planted-rule (error): 2" in md
    assert "**Verdict: fail: 2 errors, 0 warnings.**" in md
    links = re.findall(r"(?<!\\)\]\(([^)]+)\)", md)  # not the escaped \[text\](...)
    assert links, md
    for link in links:
        assert (out / unquote(link)).is_file(), link
    # Tree text can become neither HTML, nor a placeholder, nor a leaked credential.
    assert "<script" not in md and "&lt;script&gt;" in md
    assert not re.search(r"\{\{", md)
    assert "AKIAABCDEFGHIJKLMNOP" not in md and "redacted:aws-key" in md


class _Collector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def test_html_report_is_one_self_contained_escaped_file(memory: Path):
    with planted_rule(awkward_findings):
        result = run_cli("report", "--no-git", "--format", "html", "-o", memory / "r.html",
                         cwd=memory)
    assert result.code == 0, result.err
    page = (memory / "r.html").read_text()
    parsed = _Collector()
    parsed.feed(page)
    tags = [tag for tag, _ in parsed.tags]
    assert "script" not in tags and "link" not in tags and "img" not in tags
    assert tags.count("svg") == 2  # entries per month, goals per cycle
    for _, attrs in parsed.tags:
        for name in ("src", "href"):
            value = attrs.get(name) or ""
            assert not re.match(r"(?:https?:)?//", value), value
    text = "".join(parsed.text)
    assert "<script>alert(1)</script> | pipe" in text  # shown as text, not run
    assert "AKIAABCDEFGHIJKLMNOP" not in page
    hrefs = [a["href"] for t, a in parsed.tags if t == "a" and not a["href"].startswith("#")]
    assert hrefs and all((memory / unquote(h)).is_file() for h in hrefs)


def test_write_audit_files_a_valid_entry_and_never_overwrites(memory: Path):
    first = run_cli("report", "--no-git", "--write-audit", cwd=memory)
    assert first.code == 0, first.err
    path = first.out.strip()
    assert re.fullmatch(r"audits/\d{4}-\d{2}-\d{2}-lint-report\.md", path)
    before = (memory / path).read_bytes()
    second = run_cli("report", "--no-git", "--write-audit", cwd=memory)
    assert second.out.strip() == path.replace("lint-report", "lint-report-2")
    assert (memory / path).read_bytes() == before
    text = (memory / path).read_text()
    assert "\ntype: lint\n" in text  # the protocol's audits template has no result field
    assert "## Recommendations\n\nNone: the tree passed every rule.\n" in text
    tree = tree_at(memory)
    for entry in tree.directories["audits"].entries:
        assert problems(tree, entry) == [], entry.path
    assert check_json(memory, "--no-git").json["diagnostics"] == []


def test_write_audit_with_findings_is_still_a_valid_entry(memory: Path):
    with planted_rule(awkward_findings):
        result = run_cli("report", "--no-git", "--write-audit", cwd=memory)
    text = (memory / result.out.strip()).read_text()
    assert "- Fix the 2 errors" in text.split("## Recommendations", 1)[1]
    assert not re.search(r"\{\{", text) and "<script" not in text
    link = re.search(r"(?<!\\)\]\(([^)]+)\)", text).group(1)
    assert (memory / "audits" / unquote(link)).is_file()
    tree = tree_at(memory)
    entry = next(e for e in tree.entries if e.path == result.out.strip())
    assert problems(tree, entry) == []


def test_write_audit_follows_the_trees_own_template(memory: Path):
    write_files(memory, {"audits/ENTRY.template.md": (
        "---\ndate: {{DATE}}\ntype: lint|security|review\nresult: passed|failed|partial\n"
        "auditor: {{AUDITOR}}\n---\n\n# Audit\n\n## Context\n\n{{CONTEXT}}\n\n"
        "## Results\n\n{{RESULTS}}\n\n## Follow-up\n\n{{FOLLOW_UP}}\n")})
    result = run_cli("report", "--no-git", "--write-audit", cwd=memory)
    text = (memory / result.out.strip()).read_text()
    assert "\ntype: lint\n" in text and "\nresult: passed\n" in text
    assert "Entries per directory" in text.split("## Results", 1)[1].split("## Follow-up")[0]
    tree = tree_at(memory)
    entry = next(e for e in tree.entries if e.path == result.out.strip())
    assert problems(tree, entry) == []


def test_write_audit_into_a_read_only_directory_changes_nothing(memory: Path):
    before = snapshot_bytes(memory)
    with read_only(memory / "audits"):
        result = run_cli("report", "--no-git", "--write-audit", cwd=memory)
    assert result.code == 2 and "cannot create" in result.err
    assert snapshot_bytes(memory) == before


def test_report_in_a_git_repository_after_committing(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    run_cli("init", repo.path)
    run_cli("new", "journal", *filled_fields(repo.path, "journal"), cwd=repo.path)
    repo.commit("init")
    result = run_cli("report", "--write-audit", cwd=repo.path)
    assert result.code == 0, result.err
    repo.commit("audit")
    assert check_json(repo.path).json["diagnostics"] == []


def test_report_on_a_missing_root_is_exit_2(tmp_path: Path):
    result = run_cli("report", tmp_path / "nowhere")
    assert result.code == 2 and "nowhere" in result.err


def hostile_findings(_ctx):
    yield Violation("journal/2026-01-05-turn-1.md",
                    "heading {: onclick=alert(1) } <img src=x onerror=alert(2)>\n"
                    "[a](javascript:alert(3)) and `a|<img src=x onerror=alert(4)>`",
                    "- {{ FIX }} | # not a heading", line=1)


def test_markdown_report_is_text_under_python_markdown_and_markdown_it(memory: Path):
    from tests.hostile.site_markup import unsafe_under_any_engine

    write_files(memory, {LEDGER: '{"cycle": 1, "result": "<img src=x onerror=alert(5)>", '
                                 '"timestamp": "{: onclick=alert(6) }"}\n'})
    with planted_rule(hostile_findings):
        result = run_cli("report", "--no-git", cwd=memory)
    assert result.code == 0, result.err
    verdict = unsafe_under_any_engine(result.out)
    assert verdict == {"python-markdown": [], "markdown-it": []}, result.out
    assert not re.search(r"(?<!\\)\{", result.out)  # every brace escaped: no {{, no {:
