"""The plugin in real MkDocs builds: strictness, navigation, links, docs_dir left alone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from continuity.validators.registry import get_rule
from tests.support.common import REPO, SITE_SRC, GitRepo, minimal_tree, write_files
from tests.support.site_support import (
    broken_links,
    build,
    mkdocs_command,
    primary_nav_links,
    remote_assets,
    snapshot,
    write_mkdocs_yml,
)


def requires_rule(code: str):
    """Some tests need a rule that fires; the rules live in their own modules."""
    return pytest.mark.skipif(get_rule(code) is None, reason=f"rule {code} is not registered")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project with docs/ (one page of its own) and a clean memory tree outside it."""
    project = tmp_path / "project"
    write_files(project / "memory", minimal_tree())
    write_files(project, {"docs/guide.md": "# Guide\n\nOur own page.\n"})
    write_mkdocs_yml(project, options={"root": "memory"})
    return project


# ----------------------------------------------------------------------------- site_src


@pytest.mark.skipif(not (SITE_SRC / "STATE.md").exists(), reason="site_src/ is not there")
def test_site_src_builds_with_no_warning_in_strict_mode(tmp_path: Path):
    tree_before = snapshot(SITE_SRC)  # the demo's docs_dir is the memory root itself
    done = mkdocs_command(REPO, "build", "--strict", "--site-dir", str(tmp_path / "site"))
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    assert snapshot(SITE_SRC) == tree_before
    site = tmp_path / "site"
    assert (site / "STATE" / "index.html").is_file()
    assert broken_links(site) == []
    assert remote_assets(site) == []


# ----------------------------------------------------------------------------- strictness


def test_clean_tree_builds_strict_with_no_warning(project: Path):
    result = build(project, strict=True)
    assert result.error is None, result.warnings
    assert result.warnings == []


@requires_rule("CT101")
def test_strict_build_fails_on_a_tree_error_and_names_it(project: Path):
    write_files(project / "memory", {"journal/notes from tuesday.md": "# Notes\n"})
    done = mkdocs_command(project, "build", "--strict")
    assert done.returncode != 0
    assert "CT101" in done.stderr
    assert "memory/journal/notes from tuesday.md" in done.stderr
    assert "continuity" in done.stderr  # said by the plugin's logger


@requires_rule("CT101")
def test_strict_quiet_build_fails_on_errors_and_passes_when_clean(project: Path):
    # -q drops MkDocs' warnings before its strict mode counts them: the plugin fails it itself.
    clean = mkdocs_command(project, "build", "--strict", "-q")
    assert clean.returncode == 0, clean.stderr
    write_files(project / "memory", {f"journal/notes {n}.md": "# Notes\n" for n in range(7)})
    done = mkdocs_command(project, "build", "--strict", "-q")
    assert done.returncode != 0
    said = done.stderr
    count = re.search(r"has ([0-9]+) errors", said)
    assert count and int(count.group(1)) >= 7, said  # at least one for each misnamed entry
    assert "CT101" in said and "journal/notes 0.md" in said  # the first findings, named
    assert "more)" in said  # the rest counted, not listed


@requires_rule("CT101")
def test_strict_option_fails_a_quiet_build(project: Path):
    write_mkdocs_yml(project, options={"root": "memory", "strict": True})
    write_files(project / "memory", {"journal/notes.md": "# Notes\n"})
    done = mkdocs_command(project, "build", "-q")
    assert done.returncode != 0
    assert "option `strict` is true" in done.stderr and "CT101" in done.stderr


@requires_rule("CT101")
def test_without_strict_the_error_is_a_warning_and_the_site_shows_it(project: Path):
    write_files(project / "memory", {"journal/notes.md": "# Notes\n\nbarnacle\n"})
    result = build(project)
    assert result.error is None
    assert any("CT101" in w and "journal/notes.md" in w for w in result.warnings)
    entry = result.html("journal/notes/")
    assert "continuity-findings" in entry and "CT101" in entry  # the visible warning
    findings = result.html("findings/")
    assert 'href="../journal/notes/"' in findings  # the findings page links to the entry


@requires_rule("CT101")
@requires_rule("CT111")
def test_findings_are_logged_at_their_rule_severity_and_a_warning_fails_no_strict_build(
        project: Path):
    state = minimal_tree()["STATE.md"].replace("## Mesh index", "See [gone](gone.md).\n\n"
                                               "## Mesh index")
    write_files(project / "memory", {"STATE.md": state})  # CT111, a warning

    def ours(result) -> list[tuple[str, str]]:
        return [(r.levelname, r.getMessage()) for r in result.records
                if r.name == "mkdocs.plugins.continuity" and " CT" in r.getMessage()]

    result = build(project, strict=True)
    assert result.error is None, result.said  # below fail_on: MkDocs does not count it
    assert [level for level, message in ours(result) if "CT111" in message] == ["WARNING"]
    write_files(project / "memory", {"journal/notes.md": "# Notes\n"})  # CT101, an error
    result = build(project)
    assert result.error is None
    assert "ERROR" in [level for level, message in ours(result) if "CT101" in message]
    assert build(project, strict=True).error is not None


@requires_rule("CT101")
def test_strict_option_fails_the_build_without_the_flag(project: Path):
    write_mkdocs_yml(project, options={"root": "memory", "strict": True})
    write_files(project / "memory", {"journal/notes.md": "# Notes\n"})
    result = build(project)
    assert result.error is not None
    assert "option `strict` is true" in result.said
    assert re.search(r"has (1 error|[2-9][0-9]* errors|1[0-9]+ errors)\b", result.said)


def test_unknown_plugin_option_fails_naming_it(project: Path):
    write_mkdocs_yml(project, options={"root": "memory", "page_sise": 10})
    result = build(project)
    assert result.error is not None
    assert "page_sise" in result.said


def test_wrong_option_type_fails_naming_it(project: Path):
    write_mkdocs_yml(project, options={"root": "memory", "page_size": "many"})
    result = build(project)
    assert result.error is not None and "page_size" in result.said
    assert "must be an integer" in result.said


def test_missing_root_is_a_clear_error(project: Path):
    write_mkdocs_yml(project, options={"root": "nowhere"})
    result = build(project)
    assert result.error is not None and "nowhere: no such directory" in result.said


# ----------------------------------------------------------------------------- structure


def test_navigation_lists_state_files_and_directories_but_no_entry(project: Path):
    result = build(project)
    assert result.error is None
    nav = primary_nav_links(result.html(""))
    for expected in ("guide/", "STATE/", "TODO/", "journal/", "snapshots/", "completed/",
                     "findings/"):
        assert any(link.rstrip("/").endswith(expected.rstrip("/")) for link in nav), \
            (expected, nav)
    entries = [link for link in nav if re.search(r"\d{4}-\d{2}-\d{2}", link)]
    assert entries == []
    # ...yet every entry has its page, and search knows it.
    assert (result.site / "journal" / "2026-01-02-turn-1" / "index.html").is_file()
    index = (result.site / "search" / "search_index.json").read_text("utf-8")
    assert "journal/2026-01-02-turn-1/" in index


def test_search_indexes_an_entry_but_not_its_navigation(project: Path):
    """The directory / added / indexed-by list and the previous / next links are on the page,
    not in the search index: else "journal" would find every journal entry by them."""
    import json

    result = build(project)
    assert result.error is None
    page = result.html("journal/2026-01-02-turn-1/")
    assert "<strong>Directory:</strong>" in page and "<strong>Indexed by:</strong>" in page
    docs = json.loads((result.site / "search" / "search_index.json").read_text("utf-8"))["docs"]
    mine = [d for d in docs if d["location"].startswith("journal/2026-01-02-turn-1/")]
    text = " ".join(d["text"] + " " + d["title"] for d in mine)
    assert "Wrote the parser" in text and "parse constants" in text  # its text and fields
    # The frontmatter table is on the page; search reads its fields as one paragraph.
    assert "<th>Field</th>" in page and "<td>parse constants</td>" in page
    assert "objective: parse constants" in text and "Field Value" not in text
    assert "searched-as" not in page
    assert "Indexed by" not in text and "Directory:" not in text and "Added:" not in text
    assert "The only entry in" not in text and "→" not in text
    # An index lists the entry, and is found by its own text, not by the entries it lists.
    assert "journal/2026-01-02-turn-1/" in result.html("CONTEXT/")
    listing = " ".join(d["text"] for d in docs if d["location"].startswith("CONTEXT/"))
    assert "Working on the parser" in listing and "Journal Entry" not in listing
    archive = " ".join(d["text"] for d in docs if "/archive/" in d["location"])
    assert archive and "Journal Entry" not in archive


def test_a_nav_in_mkdocs_yml_is_kept_and_entries_stay_out(project: Path):
    write_mkdocs_yml(project, options={"root": "memory"},
                     nav=[{"Start": "index.md"}, {"State": "STATE.md"}, "guide.md"])
    result = build(project, strict=True)
    assert result.error is None, result.warnings
    nav = primary_nav_links(result.html(""))
    assert set(nav) == {".", "STATE/", "guide/"}  # "." twice: the logo and "Start"
    assert not any("journal" in link for link in nav)
    assert not any("not included in the \"nav\"" in info for info in result.infos)


def test_links_between_entries_and_state_files_resolve(project: Path):
    write_files(project / "memory", {
        "STATE.md": (project / "memory" / "STATE.md").read_text() +
        "\nLatest: [snapshot](snapshots/2026-01-02T10-00-00.md).\n",
        "journal/2026-01-03-turn-2.md": (
            "---\ndate: 2026-01-03\nturn: 2\nobjective: link back\n---\n\n"
            "# Journal Entry — 2026-01-03\n\n## Context before\n\nSee [STATE](../STATE.md) and "
            "[the first turn](2026-01-02-turn-1.md).\n\n## Actions taken\n\nNone.\n\n"
            "## Result\n\nNone.\n\n## Next\n\nNone.\n"),
    })
    result = build(project, strict=True)
    assert result.error is None, result.warnings
    assert broken_links(result.site) == []
    state = result.html("STATE/")
    assert 'href="../snapshots/2026-01-02T10-00-00/"' in state
    entry = result.html("journal/2026-01-03-turn-2/")
    assert 'href="../../STATE/"' in entry and 'href="../2026-01-02-turn-1/"' in entry


def test_nothing_is_written_into_docs_dir_or_the_tree(project: Path):
    before_docs, before_tree = snapshot(project / "docs"), snapshot(project / "memory")
    result = build(project)
    assert result.error is None
    assert snapshot(project / "docs") == before_docs
    assert snapshot(project / "memory") == before_tree


def test_memory_root_inside_docs_dir_replaces_the_originals(tmp_path: Path):
    project = tmp_path / "project"
    write_files(project / "docs" / "memory", minimal_tree())
    write_files(project, {"docs/index.md": "# Our docs\n\nSee [the state](memory/STATE.md).\n"})
    write_mkdocs_yml(project, options={"root": "docs/memory"})
    before = snapshot(project / "docs")
    result = build(project, strict=True)
    assert result.error is None, result.warnings
    assert snapshot(project / "docs") == before
    state = result.html("memory/STATE/")
    assert "Indexed entries" in state  # the plugin's page, not the original file
    assert "Our docs" in result.html("")  # the user's own home page stays
    assert (result.site / "memory" / "index.html").is_file()  # the memory home beside it
    nav = primary_nav_links(result.html(""))
    assert not any(re.search(r"\d{4}-\d{2}-\d{2}", link) for link in nav)
    assert not any("ENTRY.template" in link for link in nav)
    assert broken_links(result.site) == []


def test_a_user_page_at_a_generated_url_is_kept_and_the_clash_named(project: Path):
    write_files(project, {"docs/index.md": "# Our home\n"})
    result = build(project)
    assert "Our home" in result.html("")
    assert any("site_prefix" in w and "index.md" in w for w in result.warnings)
    write_mkdocs_yml(project, options={"root": "memory", "site_prefix": "memory"})
    result = build(project, strict=True)
    assert result.error is None, result.warnings
    assert "Our home" in result.html("")
    assert "Indexed entries" in result.html("memory/STATE/")


def test_plain_mkdocs_theme_builds(project: Path):
    write_mkdocs_yml(project, theme="mkdocs", options={"root": "memory"})
    result = build(project, strict=True)
    assert result.error is None, result.warnings
    nav = primary_nav_links(result.html(""))
    assert any("STATE" in link for link in nav)
    assert not any(re.search(r"\d{4}-\d{2}-\d{2}", link) for link in nav)
    assert "<svg" in result.html("")  # the activity chart
    assert broken_links(result.site) == []
    assert remote_assets(result.site) == []


def test_state_file_index_is_paginated_from_the_oldest_newest_first_by_month(project: Path):
    entries = {}
    for day in range(1, 8):
        month = 1 if day < 5 else 2
        entries[f"snapshots/2026-0{month}-0{day}T10-00-00.md"] = (
            f"---\ndate: 2026-0{month}-0{day}T10:00:00Z\nagent: wren\nversion: 0.1\n"
            f"status: active\n---\n\n# Snapshot {day}\n\n## State at snapshot\n\nS{day}.\n\n"
            "## Active objective\n\nO.\n\n## Blockers\n\nNone.\n\n## Next action\n\nN.\n")
    write_files(project / "memory", entries)
    write_mkdocs_yml(project, options={"root": "memory", "page_size": 3})
    result = build(project, strict=True)
    assert result.error is None, result.warnings
    # 7 entries, 3 a page: one fixed page (the oldest 3), the front page the newest 4.
    front = result.html("STATE/")
    assert (front.index("Snapshot 7") < front.index("Snapshot 6") < front.index("Snapshot 5")
            < front.index("Snapshot 4"))
    assert "February 2026" in front and "January 2026" in front and "Snapshot 3" not in front
    assert "7 entries in" in front
    oldest = result.html("STATE/page-1/")
    assert oldest.index("Snapshot 3") < oldest.index("Snapshot 2") < oldest.index("Snapshot 1")
    assert "Snapshot 4" not in oldest and "entries 1–3" in oldest
    assert "7 entries" not in oldest  # only the front page shows the total
    assert not (result.site / "STATE" / "page-2").exists()
    assert (result.site / "snapshots" / "archive" / "2026-02" / "index.html").is_file()
    assert broken_links(result.site) == []


def test_snapshot_page_shows_what_changed_since_the_previous_one(project: Path):
    snapshot_text = (project / "memory" / "snapshots" / "2026-01-02T10-00-00.md").read_text()
    write_files(project / "memory", {"snapshots/2026-01-05T09-30-00.md": snapshot_text.replace(
        "2026-01-02T10:00:00Z", "2026-01-05T09:30:00Z").replace("None.", "Waiting on fixtures.")})
    result = build(project, strict=True)
    assert result.error is None, result.warnings
    page = result.html("snapshots/2026-01-05T09-30-00/")
    assert "Changes since the previous snapshot" in page
    assert "Blockers changed" in page
    assert "+Waiting on fixtures." in page and "-None." in page
    assert 'href="../2026-01-02T10-00-00/"' in page
    first = result.html("snapshots/2026-01-02T10-00-00/")
    assert "This is the first snapshot" in first


def test_entry_page_carries_metadata_mesh_and_neighbours(project: Path):
    result = build(project)
    page = result.html("journal/2026-01-02-turn-1/")
    assert "<code>objective</code>" in page and "parse constants" in page
    assert "Indexed by" in page and 'href="../../CONTEXT/"' in page
    completed = result.html("completed/2026-01-03-parse-constants/")
    assert "T-1: Parse constants" in completed  # the task, not the template's heading


def test_ledger_and_notes_pages(project: Path):
    write_files(project / "memory", {
        ".agents/evolve/cycle-history.jsonl":
            '{"cycle": 1, "target": "tests", "result": "improved", "sha": "abc1234", '
            '"goals_passing": 3, "goals_total": 5, "timestamp": "2026-01-02T10:00:00Z", '
            '"trace": {"goal_hypothesis": "more tests help"}}\n'
            '{"cycle": 2, "target": "idle", "result": "unchanged", '
            '"timestamp": "2026-01-02T11:00:00Z"}\n',
        "notes.jsonl": '{"time": "2026-01-02T10:00:00Z", "project": "tidewater", '
                       '"fact": "The harbour datum is chart datum.", "tags": ["datum"]}\n',
    })
    result = build(project)
    ledger = result.html("ledger/")
    assert "<svg" in ledger and "Cycle 1" in ledger and "incomplete" in ledger
    assert "selected_gap" in ledger  # a missing kernel field is named
    notes = result.html("notes/")
    assert "The harbour datum is chart datum." in notes and "tidewater" in notes
    nav = primary_nav_links(result.html(""))
    assert any("ledger" in link for link in nav) and any("notes" in link for link in nav)


def test_non_markdown_artifacts_are_copied_and_described(project: Path):
    write_files(project / "memory", {
        "ARTIFACTS.md": "# ARTIFACTS\n\n## Mesh index\n\n- **Indexes:** `artifacts/`\n",
        "artifacts/2026-01-04-residuals.csv": "station,rms\nkestrel,0.026\n",
        "artifacts/2026-01-04-plot.png": b"\x89PNG\r\n\x1a\n\x00\x00",
    })
    result = build(project)
    assert (result.site / "artifacts" / "2026-01-04-residuals.csv").read_text() == \
        "station,rms\nkestrel,0.026\n"
    page = result.html("artifacts/2026-01-04-residuals-csv/")
    assert "kestrel,0.026" in page and 'href="../2026-01-04-residuals.csv"' in page
    assert '<img alt="2026-01-04-plot.png" src="../2026-01-04-plot.png"' in \
        result.html("artifacts/2026-01-04-plot-png/")
    assert broken_links(result.site) == []


# ----------------------------------------------------------------------------- provenance


def test_entry_pages_say_when_and_in_which_commit_they_were_added(tmp_path: Path):
    repo = GitRepo(tmp_path / "repo")
    files = {f"memory/{name}": text for name, text in minimal_tree().items()}
    first = repo.commit("memory", files)
    write_files(repo.path, {"docs/guide.md": "# Guide\n"})
    write_mkdocs_yml(repo.path, options={"root": "memory"})
    second = repo.commit("a second turn", {
        "memory/journal/2026-01-05-turn-2.md":
            files["memory/journal/2026-01-02-turn-1.md"].replace("2026-01-02", "2026-01-05")
            .replace("turn: 1", "turn: 2")})
    write_files(repo.path, {"memory/journal/2026-01-06-turn-3.md":
                            files["memory/journal/2026-01-02-turn-1.md"]
                            .replace("2026-01-02", "2026-01-06").replace("turn: 1", "turn: 3")})
    result = build(repo.path)
    assert first[:7] in result.html("journal/2026-01-02-turn-1/")
    turn_2 = result.html("journal/2026-01-05-turn-2/")
    assert second[:7] in turn_2 and "2026-01-01T00:02:00" in turn_2
    assert "not in any commit yet" in result.html("journal/2026-01-06-turn-3/")


# ----------------------------------------------------------------------------- serve


def test_serve_rebuilds_when_an_entry_is_added_outside_docs_dir(project: Path):
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port}"],
        cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    def fetch(path: str) -> int:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/{path}", timeout=5) as page:
                return page.status
        except OSError:
            return 0

    def wait_for(path: str, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if fetch(path) == 200:
                return True
            time.sleep(0.3)
        return False

    try:
        assert wait_for("STATE/", 90), "mkdocs serve did not start"
        assert fetch("journal/2026-01-09-turn-7/") != 200
        text = (project / "memory" / "journal" / "2026-01-02-turn-1.md").read_text()
        write_files(project / "memory", {"journal/2026-01-09-turn-7.md": text.replace(
            "2026-01-02", "2026-01-09").replace("turn: 1", "turn: 7")})
        assert wait_for("journal/2026-01-09-turn-7/", 60), "no rebuild after a new entry"
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
