"""Every file of the root a state file links to is published, so a link that `continuity
check` resolves resolves on the site (a Claude Code MEMORY.md and its topic files)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.common import GitRepo, check_json, run_cli
from tests.support.site_support import broken_links, build, write_mkdocs_yml

ROOT = ".claude/agent-memory/reviewer"
TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"

MEMORY = """# Reviewer memory

- [Debugging](debugging.md) — how the parser is debugged
- [Naming](patterns.md#naming) — naming patterns
- [Deep dive](topics/deep.md)
- [Settings](settings.json) and [the report](report.html)
- [The project's README](../../../README.md), outside the memory
"""

TOPICS = {
    "debugging.md": "# Debugging\n\nRun `pytest -x` first; see [the release notes](notes/"
                    "release.md).\n",
    "patterns.md": "---\nscope: repo\n---\n# Patterns\n\n## Naming\n\nSnake case.\n",
    "topics/deep.md": "# Deep dive\n\nBack to [the index](../MEMORY.md).\n",
    "notes/release.md": "# Release notes\n\nTagged 0.3.0.\n",
    "settings.json": '{"theme": "dark"}\n',
    "report.html": "<h1>Report</h1><script>alert(1)</script>\n",
}


def claude_project(tmp_path: Path, memory: str = MEMORY, extra: dict | None = None,
                   options: dict | None = None) -> Path:
    project = tmp_path / "project"
    files = {f"{ROOT}/MEMORY.md": memory, "README.md": "# The project\n"}
    files.update({f"{ROOT}/{name}": text for name, text in {**TOPICS, **(extra or {})}.items()})
    GitRepo(project).commit("memory", files)
    write_mkdocs_yml(project, options={"root": ROOT, **(options or {})})
    return project


def test_topic_files_are_pages_and_the_strict_build_passes(tmp_path: Path):
    project = claude_project(tmp_path)
    checked = check_json(project / ROOT)
    assert checked.code == 0, checked.out
    result = build(project, strict=True)
    assert result.error is None, result.said
    assert result.warnings == [], result.warnings
    for page, heading in (("debugging/", "Debugging"), ("patterns/", "Patterns"),
                          ("topics/deep/", "Deep dive"), ("notes/release/", "Release notes")):
        assert re.search(rf"<h1[^>]*>{heading}", result.html(page)), page
    assert "<h2 id=\"naming\">Naming</h2>" in result.html("patterns/")
    assert "Snake case." in result.html("patterns/")
    # reached through debugging.md: a link followed from a linked file
    assert "Tagged 0.3.0." in result.html("notes/release/")
    assert (result.site / "settings.json").read_text() == TOPICS["settings.json"]
    report = result.html("report-html/")  # shown as text, never published as a file
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in report
    assert not (result.site / "report.html").exists()
    memory = result.html("MEMORY/")
    assert 'href="../report-html/"' in memory
    outside = re.search(r'<span class="continuity-unpublished-link"[^>]*>([^<]*)</span>', memory)
    assert outside is not None and outside.group(1) == "The project's README"
    assert "lies outside the memory root" in outside.group(0)
    assert broken_links(result.site) == []


def test_a_dead_link_in_memory_md_is_found_and_fails_a_strict_build_that_fails_on_it(
        tmp_path: Path):
    project = claude_project(tmp_path, MEMORY + "- [Gone](gone.md)\n",
                             options={"fail_on": "warning"})
    checked = check_json(project / ROOT)
    assert [d["code"] for d in checked.json["diagnostics"]] == ["CT111"]
    result = build(project, strict=True)
    assert result.error is not None and "CT111" in result.said
    # ... and the topic files are still pages
    result = build(claude_project(tmp_path / "again", MEMORY + "- [Gone](gone.md)\n"),
                   strict=True)
    assert result.error is None, result.said  # CT111 is a warning; the link is marked
    assert 'class="continuity-dead-link"' in result.html("MEMORY/")


def test_a_dead_link_in_a_topic_file_is_a_finding_too(tmp_path: Path):
    project = claude_project(tmp_path, extra={"debugging.md": "# Debugging\n\n[x](nope.md)\n"})
    checked = check_json(project / ROOT)
    found = [(d["code"], d["path"]) for d in checked.json["diagnostics"]]
    assert found == [("CT111", "debugging.md")], found


def test_a_topic_file_holding_a_credential_is_withheld(tmp_path: Path):
    project = claude_project(tmp_path, extra={"patterns.md": f"# Patterns\n\nkey {TOKEN}\n"})
    checked = check_json(project / ROOT)
    assert ("CT601", "patterns.md") in [(d["code"], d["path"])
                                                  for d in checked.json["diagnostics"]]
    result = build(project)
    assert result.error is None, result.said
    assert "Withheld: this file holds a credential" in result.html("patterns/")
    every = b"".join(p.read_bytes() for p in result.site.rglob("*") if p.is_file())
    assert TOKEN.encode() not in every


def test_generate_writes_the_topic_pages(tmp_path: Path):
    project = claude_project(tmp_path)
    out = tmp_path / "out"
    done = run_cli("generate", "--out", str(out), cwd=project / ROOT)
    assert done.code == 0, done.err
    assert (out / "debugging.md").is_file() and (out / "topics/deep.md").is_file()
    memory = (out / "MEMORY.md").read_text("utf-8")
    assert "(report-html.md)" in memory
    assert "The project's README" in memory and "../../../README.md" not in memory


def test_inside_docs_dir_a_linked_html_file_is_shown_as_text_never_published(tmp_path: Path):
    project = tmp_path / "project"
    files = {f"memory/{name}": text for name, text in TOPICS.items()}
    files["memory/MEMORY.md"] = MEMORY.replace("../../../README.md", "../README.md")
    files["README.md"] = "# The project\n"
    files["memory/drafts/unlinked.md"] = "# Nobody links here\n"
    GitRepo(project).commit("memory", files)
    write_mkdocs_yml(project, docs_dir="memory", options={"root": "memory"})
    result = build(project, strict=True)
    assert result.error is None, result.said
    assert not (result.site / "report.html").exists()
    assert "&lt;script&gt;" in result.html("report-html/")
    assert "Snake case." in result.html("patterns/")
    assert not (result.site / "drafts").exists()  # never read: not published
    assert broken_links(result.site) == []
