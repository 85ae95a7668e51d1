"""``continuity generate --out DIR``: the plugin's pages as files, for any engine."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest
import yaml

from tests.support.common import minimal_tree, run_cli, write_files
from tests.support.serve_support import wait_until
from tests.support.signals import default_signals
from tests.support.site_support import broken_links, build, primary_nav_links, write_mkdocs_yml


@pytest.fixture
def project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    write_files(project / "memory", {
        **minimal_tree(),
        "notes.jsonl": '{"time": "2026-01-02T10:00:00Z", "project": "tidewater", '
                       '"fact": "Chart datum is the lowest astronomical tide.", "tags": ["datum"]}\n',
        "artifacts/2026-01-04-residuals.csv": "station,rms\nkestrel,0.026\n",
        "ARTIFACTS.md": "# ARTIFACTS\n\n## Mesh index\n\n- **Indexes:** `artifacts/`\n",
    })
    write_mkdocs_yml(project, options={"root": "memory"})
    return project


def _article_text(html: str) -> str:
    """The words of a page's main content, however its HTML is spelt."""
    article = html[html.index("<article"):html.index("</article>")]
    text = unescape(re.sub(r"<[^>]+>", " ", article))
    return " ".join(text.split())


def test_generated_files_build_the_same_pages_as_the_plugin(project: Path, tmp_path: Path):
    plugin = build(project, strict=True)
    assert plugin.error is None, plugin.warnings

    plain = tmp_path / "plain"
    done = run_cli("generate", str(project / "memory"), "--out", str(plain / "docs"),
                   "--title", "Test memory", "--nav-file", str(tmp_path / "nav.yml"),
                   cwd=project)
    assert done.code == 0, done.err
    nav = yaml.safe_load((tmp_path / "nav.yml").read_text())["nav"]
    write_mkdocs_yml(plain, options=None, nav=nav)
    config = yaml.safe_load((plain / "mkdocs.yml").read_text())
    config["plugins"] = ["search"]  # a plain MkDocs build of the same Markdown
    (plain / "mkdocs.yml").write_text(yaml.safe_dump(config))
    other = build(plain, strict=True)
    assert other.error is None, other.warnings

    def pages(site: Path) -> set[str]:
        return {p.relative_to(site).as_posix() for p in site.rglob("*.html")}

    ours = pages(plugin.site) - {"guide/index.html"}
    assert ours == pages(other.site)
    for page in sorted(ours):
        if page == "404.html":
            continue
        assert _article_text((plugin.site / page).read_text()) == \
            _article_text((other.site / page).read_text()), page
    assert (other.site / "artifacts" / "2026-01-04-residuals.csv").is_file()
    assert broken_links(other.site) == []
    assert not any(re.search(r"\d{4}-\d{2}-\d{2}", link)
                   for link in primary_nav_links(other.html("")))


def test_generate_overwrites_its_own_files_and_never_others(project: Path, tmp_path: Path):
    out = tmp_path / "out"
    assert run_cli("generate", "memory", "--out", str(out), cwd=project).code == 0
    state = out / "STATE.md"
    assert state.is_file() and (out / "journal" / "2026-01-02-turn-1.md").is_file()

    # A second run rewrites what changed, and a new file of the user's is left alone.
    write_files(out, {"mine.md": "# Mine\n"})
    write_files(project / "memory", {"STATE.md": (project / "memory" / "STATE.md").read_text()
                                     .replace("Building the parser.", "Testing the parser.")})
    assert run_cli("generate", "memory", "--out", str(out), cwd=project).code == 0
    assert "Testing the parser." in state.read_text()
    assert (out / "mine.md").read_text() == "# Mine\n"

    # An entry that went away takes its page with it, unless someone edited that page.
    (project / "memory" / "journal" / "2026-01-02-turn-1.md").unlink()
    edited = out / "snapshots" / "2026-01-02T10-00-00.md"
    edited.write_text(edited.read_text() + "\nA reviewer's remark.\n")
    (project / "memory" / "snapshots" / "2026-01-02T10-00-00.md").unlink()
    assert run_cli("generate", "memory", "--out", str(out), cwd=project).code == 0
    assert not (out / "journal" / "2026-01-02-turn-1.md").exists()
    assert "A reviewer's remark." in edited.read_text()


def test_generate_refuses_to_overwrite_a_file_it_did_not_write(project: Path, tmp_path: Path):
    out = tmp_path / "docs"
    write_files(out, {"index.md": "# Our own home\n"})
    done = run_cli("generate", "memory", "--out", str(out), cwd=project)
    assert done.code == 2
    assert "index.md" in done.err and "not written by continuity generate" in done.err
    assert sorted(p.name for p in out.iterdir()) == ["index.md"]  # nothing was written
    assert (out / "index.md").read_text() == "# Our own home\n"


def test_generate_into_a_folder_of_the_docs_dir(project: Path, tmp_path: Path):
    out = tmp_path / "docs"
    write_files(out, {"index.md": "# Our own home\n"})
    done = run_cli("generate", "memory", "--out", str(out), "--site-prefix", "memory",
                   cwd=project)
    assert done.code == 0, done.err
    assert (out / "memory" / "index.md").is_file() and (out / "memory" / "STATE.md").is_file()
    assert (out / "index.md").read_text() == "# Our own home\n"


def test_generate_refuses_to_write_into_the_memory_root(project: Path):
    done = run_cli("generate", "memory", "--out", str(project / "memory" / "site"), cwd=project)
    assert done.code == 2 and "inside the memory root" in done.err


def test_generate_without_a_root_directory_is_exit_2(project: Path, tmp_path: Path):
    done = run_cli("generate", "nowhere", "--out", str(tmp_path / "out"), cwd=project)
    assert done.code == 2 and "nowhere" in done.err


def test_generate_watch_rewrites_only_the_pages_that_changed(project: Path, tmp_path: Path):
    out = tmp_path / "out"
    log = open(tmp_path / "watch.log", "wb")
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    child = subprocess.Popen([sys.executable, "-m", "continuity", "generate", "memory", "--out",
                              str(out), "--watch"], cwd=project, stdout=log,
                             stderr=subprocess.STDOUT, env=env, preexec_fn=default_signals)
    try:
        wait_until(lambda: "watching" in (tmp_path / "watch.log").read_text(), 60, "start")
        before = {p: p.stat().st_mtime_ns for p in out.rglob("*.md")}
        old_entry = out / "journal" / "2026-01-02-turn-1.md"
        assert old_entry in before
        write_files(project / "memory", {"journal/2026-01-09-turn-9.md": (
            "---\ndate: 2026-01-09\nturn: 9\nobjective: watch\n---\n\n# Journal Entry — "
            "2026-01-09\n\n## Context before\n\nA grebe.\n\n## Actions taken\n\nLooked.\n\n"
            "## Result\n\nSeen.\n\n## Next\n\nMore.\n")})
        new_page = out / "journal" / "2026-01-09-turn-9.md"
        wait_until(lambda: new_page.is_file() and "A grebe" in new_page.read_text(), 60,
                   "the new entry's page")
        wait_until(lambda: "2026-01-09-turn-9" in (out / "index.md").read_text(), 30, "home")
        after = {p: p.stat().st_mtime_ns for p in out.rglob("*.md")}
        rewritten = {p.relative_to(out).as_posix() for p in before if after[p] != before[p]}
        assert "index.md" in rewritten
        assert "journal/2026-01-02-turn-1.md" in rewritten  # its next link is the new entry
        assert "snapshots/2026-01-02T10-00-00.md" not in rewritten
        assert "completed/2026-01-03-parse-constants.md" not in rewritten
        assert "STATE.md" not in rewritten
    finally:
        child.send_signal(signal.SIGINT)
        assert child.wait(timeout=30) == 0
        log.close()
