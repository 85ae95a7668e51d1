"""``continuity report`` over nested memory roots: one section per root, counts per root and in
total, in md, html and json; ``--write-audit`` files one entry, in the outermost root only."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.support.common import check_json, run_cli
from tests.support.entry_shape import problems, tree_at
from tests.support.nested import claude_code_repository, protocol_repository
from tests.support.readonly import snapshot_bytes

ROOTS = ["repo/", "memories/", "packs/developer/", "packs/judge/", "samples/minimum/"]


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return protocol_repository(tmp_path / "repo").path


def test_markdown_report_has_a_section_per_root_and_the_totals(repo: Path):
    result = run_cli("report", "--no-git", cwd=repo)
    assert result.code == 0, result.err
    md = result.out
    assert "for 5 memory roots at or below `repo`" in md
    # One CT107 per state file: packs/developer's 4 placeholders are one error.
    assert "**Verdict: fail: 2 errors, 0 warnings (5 memory roots).**" in md
    assert "| packs/developer/ | fail | 3 | 0 | 3 | 1 | 0 |" in md
    assert "| samples/minimum/ | fail | 2 | 0 | 2 | 1 | 0 |" in md
    assert "| **Total** | fail | 13 | 3 | 16 | 2 | 0 |" in md
    headings = re.findall(r"^## Root (\S+)$", md, flags=re.M)
    assert headings == ROOTS  # parents first
    developer = md.split("## Root packs/developer/")[1].split("## Root ")[0]
    assert "#### CT107 state-placeholder (error): 1" in developer
    assert "CT107" not in md.split("## Root repo/")[1].split("## Root ")[0]
    links = re.findall(r"(?<!\\)\]\(([^)]+)\)", md)
    assert any(link.startswith("packs/developer/") for link in links)
    for link in links:
        assert (repo / unquote(link)).is_file(), link
    assert "covers" not in result.err  # no root is left out any more


def test_a_child_root_named_alone_is_reported_as_one_root(repo: Path):
    result = run_cli("report", "--no-git", "packs/developer", cwd=repo)
    assert result.code == 0, result.err
    assert "for `developer`" in result.out and "## Memory roots" not in result.out
    assert "**Verdict: fail: 1 error, 0 warnings.**" in result.out
    as_file = run_cli("report", "--no-git", "packs/developer/TODO.md", cwd=repo)
    assert as_file.out.split("\n", 3)[3] == result.out.split("\n", 3)[3]  # its root, whole


def test_json_report_lists_every_root_with_totals(repo: Path):
    data = run_cli("report", "--no-git", "--format", "json", cwd=repo).json
    assert data["verdict"] == "pass" and data["root"] == str(repo)  # the top root's own
    assert [r["path"] for r in data["roots"]] == ROOTS
    assert {r["path"]: r["errors"] for r in data["roots"]}["packs/developer/"] == 1
    assert data["totals"] == {"roots": 5, "verdict": "fail", "state_files": 13, "entries": 3,
                              "files": 16, "errors": 2, "warnings": 0}
    assert [b["path"] for b in data["below"]] == ROOTS[1:]
    developer = data["below"][1]
    assert [(g["code"], g["count"]) for g in developer["findings_by_rule"]] == [("CT107", 1)]


class _Anchors(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.sections = 0

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if "id" in values:
            self.ids.append(values["id"] or "")
        if tag == "a":
            self.hrefs.append(values.get("href") or "")
        self.sections += tag == "section"


def test_html_report_has_a_section_per_root_with_unique_anchors(repo: Path):
    out = repo / "r.html"
    result = run_cli("report", "--no-git", "--format", "html", "-o", out, cwd=repo)
    assert result.code == 0, result.err
    page = out.read_text("utf-8")
    parsed = _Anchors()
    parsed.feed(page)
    assert parsed.sections == 5
    assert len(parsed.ids) == len(set(parsed.ids))  # the same rule in two roots: two anchors
    for href in parsed.hrefs:
        if href.startswith("#"):
            assert href[1:] in parsed.ids, href
        else:
            assert (repo / unquote(href)).is_file(), href
    assert "<code>packs/developer/</code>" in page and "{{AGENT_NAME}}" in page  # as text


def test_write_audit_files_one_entry_in_the_top_root_only(repo: Path):
    before = snapshot_bytes(repo)
    result = run_cli("report", "--no-git", "--write-audit", cwd=repo)
    assert result.code == 0, result.err
    path = result.out.strip()
    assert re.fullmatch(r"audits/\d{4}-\d{2}-\d{2}-lint-report\.md", path), path
    after = snapshot_bytes(repo)
    assert set(after) - set(before) == {path}  # nothing written in any child root
    assert {k: v for k, v in after.items() if k != path} == before
    text = (repo / path).read_text("utf-8")
    assert "5 memory roots" in text  # the protocol's audits template has no result field
    assert "- Fix the 2 errors" in text.split("## Recommendations", 1)[1]
    assert "### Root packs/developer/" in text and not re.search(r"\{\{", text)
    tree = tree_at(repo)
    entry = next(e for e in tree.entries if e.path == path)
    assert problems(tree, entry) == []
    found = check_json(repo, "--no-git").json["diagnostics"]
    assert not [d for d in found if d["path"] == path]  # the filed audit is a valid entry


def test_write_audit_for_roots_side_by_side_files_one_each(repo: Path):
    result = run_cli("report", "--no-git", "--write-audit", "packs/developer",
                     "samples/minimum", cwd=repo)
    assert result.code == 0, result.err
    written = result.out.split()
    assert len(written) == 2
    assert written[0].startswith("packs/developer/audits/")
    assert written[1].startswith("samples/minimum/audits/")
    assert "CT106" in (repo / written[1]).read_text() and \
        "CT106" not in (repo / written[0]).read_text()


def test_report_on_a_directory_with_no_root_is_exit_2_naming_the_roots(repo: Path):
    result = run_cli("report", "--no-git", "site", cwd=repo)
    assert result.code == 2
    said = " ".join(result.err.split())  # as read, across the message's wrapped lines
    assert "no memory root at or below it" in said and "run `continuity check" in said


def test_agent_memory_in_a_hidden_folder_is_named_from_the_directory_given(tmp_path: Path):
    repo = claude_code_repository(tmp_path / "repo")
    result = run_cli("report", "--no-git", cwd=repo.path)
    assert result.code == 0, result.err
    assert "for 4 memory roots at or below `repo`" in result.out  # CLAUDE.md at the top
    for root in (".claude/agent-memory/researcher/", ".cursor/memory-bank/"):
        assert f"| {root} | pass |" in result.out and f"## Root {root}" in result.out
    # The scout's MEMORY.md does not link its topic file: Claude never finds it (CT701).
    assert "| .claude/agent-memory/scout/ | partial |" in result.out
    assert "## Root .claude/agent-memory/scout/" in result.out
