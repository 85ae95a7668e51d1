"""A rebuild that reuses the last one's parsed entries and pages makes the very site a fresh
build makes (issue 15: only what changed is parsed and generated again).

Each step changes the tree the way a session does (an entry added, edited, broken, deleted, a
commit, a template or a state file's mesh edited); after each, the site generated with the
kept entries and pages is compared, page by page, with one generated from scratch.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from continuity.generator import GenerateOptions, Site
from tests.support.common import GitRepo, journal_entry, minimal_tree, tree_with_journal, write_files
from tests.support.serve_session import ServeSession


def snapshot(hour: int, state: str) -> str:
    return (f"---\ndate: 2026-01-09T{hour:02d}:00:00Z\nagent: wren\nversion: 0.1\n"
            f"status: active\n---\n\n# Snapshot — 2026-01-09\n\n## State at snapshot\n\n{state}\n\n"
            "## Active objective\n\nParser.\n\n## Blockers\n\nNone.\n\n## Next action\n\nGo.\n")


def same_sites(kept: Site, fresh: Site) -> None:
    assert [p.path for p in kept.pages] == [p.path for p in fresh.pages]
    for mine, theirs in zip(kept.pages, fresh.pages):
        assert mine == theirs, mine.path
    assert kept.static_files == fresh.static_files


def step_later(path: Path) -> None:
    """Move a file's clock on, as a later save would (some file systems tick coarsely)."""
    status = path.stat()
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000_000))


@pytest.mark.parametrize("directory_urls", [True, False, None], ids=["urls", "files", "generate"])
def test_kept_pages_equal_a_fresh_build_through_a_session(tmp_path: Path,
                                                          directory_urls: bool | None) -> None:
    root = tmp_path / "memory"
    repo = GitRepo(root)
    files = tree_with_journal(8)
    repo.commit("memory", files)
    session = ServeSession(root, GenerateOptions(page_size=3, directory_urls=directory_urls))

    def edit(name: str, text: str) -> None:
        write_files(root, {name: text})
        step_later(root / name)

    steps: list[tuple[str, Callable[[], None]]] = [
        ("nothing changed", lambda: None),
        ("an entry added", lambda: edit("journal/2026-01-20-turn-20.md",
                                        journal_entry(20, 20, "A grebe."))),
        ("an entry edited", lambda: edit("journal/2026-01-04-turn-3.md",
                                         journal_entry(4, 3, "A heron, later."))),
        ("a commit", lambda: repo.commit("more")),
        ("an entry broken", lambda: edit("journal/2026-01-05-turn-4.md",
                                         journal_entry(5, 4, "x").replace("## Result", "## Outcome"))),
        ("a snapshot added", lambda: edit("snapshots/2026-01-09T10-00-00.md",
                                          snapshot(10, "Parsing."))),
        ("a template's heading changed", lambda: edit(
            "completed/ENTRY.template.md",
            (root / "completed/ENTRY.template.md").read_text().replace(
                "# Completed Work Entry", "# Work Done"))),
        ("a state file stops indexing journal/", lambda: edit(
            "CONTEXT.md", "# CONTEXT\n\nWorking on the parser.\n\n## Mesh index\n\n"
                          "- **Indexes:** nothing\n")),
        ("an entry deleted", lambda: (root / "journal/2026-01-06-turn-5.md").unlink()),
        ("a file touched, unchanged", lambda: step_later(root / "journal/2026-01-07-turn-6.md")),
    ]
    session.site(keep=True)
    for what, change in steps:
        change()
        kept = session.site(keep=True)
        same_sites(kept, session.site(keep=False))
        assert session.parsed.parsed <= 2, what  # the rest were taken as they were
        if what == "nothing changed":  # every entry page (the 10 of the tree) was kept, and
            # the fixed index pages and the month archives
            assert session.memo.made == 0 and session.memo.reused > 10
        if what == "an entry edited":  # its page, and the kept pages listing it: its month's
            # archive, the fixed index pages of CONTEXT.md and journal/ it is on
            assert session.memo.made <= 5


def test_an_entry_is_parsed_again_only_when_its_file_changes(tmp_path: Path) -> None:
    root = tmp_path / "memory"
    GitRepo(root).commit("memory", minimal_tree())
    session = ServeSession(root, GenerateOptions(page_size=3, directory_urls=True))
    session.site(keep=True)
    first = session.parsed.parsed
    assert first >= 3 and session.parsed.reused == 0
    session.site(keep=True)
    assert (session.parsed.parsed, session.parsed.reused) == (0, first)
    edit = root / "journal/2026-01-02-turn-1.md"
    edit.write_text(edit.read_text().replace("It parses.", "It parses well."))
    step_later(edit)
    site = session.site(keep=True)
    assert (session.parsed.parsed, session.parsed.reused) == (1, first - 1)
    page = next(p for p in site.pages if p.source == "journal/2026-01-02-turn-1.md")
    assert "It parses well." in page.content
