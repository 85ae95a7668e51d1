"""What a reader of the site sees in the listings and the ledger: each entry's title, status and
excerpt, a commit linked to the repository, a ledger table whose hashes fit, whole-number chart
ticks and idle cycles marked, no empty headings (real MkDocs builds)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.support.common import GitRepo, minimal_tree
from tests.support.site_support import broken_links, build, write_mkdocs_yml

REPO_URL = "https://github.com/wren/tidewater"
SHA = "ec9e2846b2" + "0" * 30
TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


def ledger() -> str:
    lines = [
        {"cycle": 1, "target": "parser", "result": "improved", "sha": SHA, "goals_passing": 2,
         "goals_total": 3, "timestamp": "2026-01-02T10:00:00Z"},
        {"cycle": 2, "target": "idle", "result": "unchanged", "timestamp": "2026-01-03T10:00:00Z",
         "trace": {"exemption_reason": "queue empty"}},
        {"cycle": 3, "target": "parser", "result": "improved", "sha": "1b266018f5",
         "goals_passing": 3, "goals_total": 3, "timestamp": "2026-01-04T10:00:00Z"},
    ]
    return "".join(json.dumps(line) + "\n" for line in lines)


def polished_project(tmp_path: Path, repo_url: str | None = REPO_URL) -> Path:
    project = tmp_path / "project"
    files = {f"memory/{name}": text for name, text in minimal_tree().items()}
    files["memory/.agents/evolve/cycle-history.jsonl"] = ledger()
    files["memory/PLAN.md"] = "# PLAN\n\nPhases.\n\n## Mesh index\n\n- **Indexes:** `proposals/`\n"
    files["memory/proposals/2026-01-05-faster-parser.md"] = (
        "---\ndate: 2026-01-05\ntopic: Faster parser\nstatus: accepted\n---\n\n"
        "# Proposal — Faster parser\n\n## Problem\n\nThe parser takes **two** seconds on "
        "[the fixtures](../journal/2026-01-02-turn-1.md); a pilot waits.\n")
    files["memory/proposals/2026-01-06-secret.md"] = (
        "---\ndate: 2026-01-06\ntopic: Keys\nstatus: proposed\n---\n\n"
        f"# Proposal — Keys\n\n## Problem\n\nThe bot's key {TOKEN} is here.\n")
    files["memory/NOTES.md"] = "# NOTES\n\nNothing indexed.\n\n## Mesh index\n\n- **Indexes:** nothing\n"
    GitRepo(project).commit("memory", files)
    extra = {"repo_url": repo_url} if repo_url else {}
    write_mkdocs_yml(project, options={"root": "memory"}, extra=extra)
    return project


def test_listings_show_title_status_and_excerpt(tmp_path: Path):
    result = build(polished_project(tmp_path))
    assert result.error is None, result.said
    plan = result.html("PLAN/")
    cell = re.search(r'<a href="../proposals/2026-01-05-faster-parser/">([^<]*)</a>(.*?)</td>',
                     plan, re.S)
    assert cell is not None, plan
    assert cell.group(1) == "Proposal — Faster parser"
    assert '<span class="continuity-badge continuity-badge-good">accepted</span>' in cell.group(2)
    assert ('<small class="continuity-excerpt">The parser takes two seconds on the fixtures; '
            'a pilot waits.</small>') in cell.group(2)
    home = result.html("")
    assert "Nothing parsed." in home  # the journal entry's first paragraph, on the home page
    # "Journal Entry — 2026-01-02" is every journal entry's heading (the template's, dated):
    # the listings and the entry's own page say which it is, by its objective
    assert '<a href="journal/2026-01-02-turn-1/">parse constants</a>' in home
    assert re.search(r"<h1[^>]*>parse constants", result.html("journal/2026-01-02-turn-1/"))
    every = b"".join(p.read_bytes() for p in result.site.rglob("*") if p.is_file())
    assert TOKEN.encode() not in every and b"The bot&#x27;s key" not in every
    assert 'continuity-badge-open">proposed</span>' in plan  # withheld: its status, no excerpt
    assert "bot's key" not in plan and "bot&#x27;s key" not in plan
    assert broken_links(result.site) == []


def test_no_empty_indexed_entries_heading(tmp_path: Path):
    result = build(polished_project(tmp_path))
    assert "Indexed entries" not in result.html("NOTES/")
    assert "Indexed entries" in result.html("PLAN/")


def test_commits_link_to_the_repository_when_repo_url_is_set(tmp_path: Path):
    result = build(polished_project(tmp_path))
    entry = result.html("journal/2026-01-02-turn-1/")
    added = re.search(r'<strong>Added:</strong>[^<]*in commit <a href="([^"]+)"><code>'
                      r'([0-9a-f]+)</code></a>', entry)
    assert added is not None, entry
    assert re.fullmatch(re.escape(REPO_URL) + r"/commit/[0-9a-f]{40}", added.group(1))
    assert added.group(1)[len(REPO_URL) + 8:].startswith(added.group(2))
    archive = result.html("journal/archive/2026-01/")
    assert f'in <a href="{added.group(1)}"><code>{added.group(2)}</code></a>' in archive
    ledger_page = result.html("ledger/")
    assert f'<a href="{REPO_URL}/commit/{SHA}"><code>{SHA[:7]}</code></a>' in ledger_page
    without = build(polished_project(tmp_path / "plain", repo_url=None))
    assert "/commit/" not in without.html("journal/2026-01-02-turn-1/")
    assert f"<code>{SHA[:7]}</code>" in without.html("ledger/")


def test_ledger_table_short_sha_full_one_as_text_integer_ticks_idle_marked(tmp_path: Path):
    result = build(polished_project(tmp_path, repo_url=None))
    page = result.html("ledger/")
    table = page.split("<table>", 1)[1].split("</table>", 1)[0]
    assert SHA not in table and f"<code>{SHA[:7]}</code>" in table
    assert "title=" not in table  # no tooltip standing for the full sha
    assert f"commit <code>{SHA}</code>" in page  # the whole sha, as text, in its trace
    assert "<em>idle</em>" in table
    chart = page.split('<svg class="continuity-chart"', 1)[1].split("</svg>", 1)[0]
    ticks = re.findall(r'text-anchor="end" fill="currentColor">([^<]+)</text>', chart)
    assert ticks == ["0", "1", "2", "3"], ticks
    assert chart.count('class="continuity-idle"') == 1 and "2: idle" in chart
