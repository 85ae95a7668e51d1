"""Index pages anchored at the oldest entry (generator/paging.py): a new or deleted newest entry
changes only the front page of every index that lists it, a fixed page keeps its URL and its
entries, and every entry is on exactly one page of each index."""

from __future__ import annotations

import re
from datetime import date, timedelta
from pathlib import Path

import pytest

from continuity.config import load_config
from continuity.generator import GenerateOptions, Site, generate
from continuity.generator.inputs import gather
from continuity.generator.paging import anchored_pages, fixed_range, pager_window
from continuity.model.tree import discover
from tests.support.common import GitRepo, minimal_tree, protocol_template, write_files

SIZE = 3

KNOWLEDGE = "# KNOWLEDGE\n\nWhat we know.\n\n## Mesh index\n\n- **Indexes:** `knowledge/`\n"


def journal_name(number: int) -> str:
    day = date(2026, 1, 1) + timedelta(days=number)
    return f"journal/{day.isoformat()}-turn-{number}.md"


def journal_text(number: int) -> str:
    day = (date(2026, 1, 1) + timedelta(days=number)).isoformat()
    return (f"---\ndate: {day}\nturn: {number}\nobjective: step {number}\n---\n\n"
            f"# Journal Entry — {day}\n\n## Context before\n\nBefore {number}.\n\n"
            f"## Actions taken\n\nStep {number}.\n\n## Result\n\nDone.\n\n## Next\n\nMore.\n")


def knowledge_entry(number: int) -> dict[str, str]:
    return {f"knowledge/topic-{number:03d}.md": f"# Topic {number}\n\nWhat topic {number} is.\n"}


def tree_files(journal: int, knowledge: int) -> dict[str, str]:
    """The minimal tree with ``journal`` journal entries (turn 1 included) and a knowledge/
    library of ``knowledge`` entries, indexed by KNOWLEDGE.md."""
    files = dict(minimal_tree())
    for number in range(2, journal + 1):
        files[journal_name(number)] = journal_text(number)
    files["KNOWLEDGE.md"] = KNOWLEDGE
    files["knowledge/ENTRY.template.md"] = protocol_template("knowledge")
    for number in range(1, knowledge + 1):
        files.update(knowledge_entry(number))
    return files


def site_of(root: Path, directory_urls: bool | None, git: bool = True) -> Site:
    config = load_config(root, {"git": "on" if git else "off"}, use_files=False)
    tree = discover(config, root)
    inputs = gather(tree, config, root)
    return generate(tree, inputs.check, inputs.provenance,
                    GenerateOptions(page_size=SIZE, directory_urls=directory_urls))


def pages(site: Site) -> dict[str, tuple[str, tuple[tuple[str, str], ...]]]:
    return {page.path: (page.content, page.html) for page in site.pages}


#: Each index listing journal/ or knowledge/ entries: its front page, and its fixed pages'
#: folder (generator/layout.py fixed_page).
INDEXES = {"CONTEXT.md": "CONTEXT/", "KNOWLEDGE.md": "KNOWLEDGE/",
           "knowledge/index.md": "knowledge/page-"}


def index_pages(site: Site, front: str) -> list[str]:
    folder = INDEXES[front]
    return [front] + sorted(p.path for p in site.pages if p.path.startswith(folder)
                            and re.search(r"page-\d+\.md$", p.path))


def changed(before: Site, after: Site) -> set[str]:
    old, new = pages(before), pages(after)
    return {path for path in old.keys() | new.keys() if old.get(path) != new.get(path)}


@pytest.mark.parametrize("directory_urls", [None, True], ids=["generate", "plugin"])
def test_a_new_or_deleted_newest_entry_changes_only_each_index_front_page(
        tmp_path: Path, directory_urls: bool | None) -> None:
    repo = GitRepo(tmp_path / "repo")
    count = 7 * SIZE
    repo.commit("tree", {f"memory/{k}": v for k, v in tree_files(count, count).items()})
    root = repo.path / "memory"
    before = site_of(root, directory_urls)
    for front in INDEXES:  # F = 7 - 1 fixed pages, the front holding the newest SIZE
        assert len(index_pages(before, front)) == 7, front

    added = {journal_name(count + 1): journal_text(count + 1), **knowledge_entry(count + 1)}
    repo.commit("one more entry each", {f"memory/{k}": v for k, v in added.items()})
    after = site_of(root, directory_urls)
    differing = changed(before, after)
    for front in INDEXES:
        assert index_pages(after, front) == index_pages(before, front)
        assert front in differing
        assert not differing & set(index_pages(before, front)[1:]), front
    # Nor does any other page that lists entries by position: only the new entries, their
    # neighbours and the pages that show the newest entries or counts (findings.md: the
    # number of files checked).
    assert differing == {
        "index.md", "findings.md", "CONTEXT.md", "KNOWLEDGE.md", "journal/index.md", "knowledge/index.md",
        "journal/archive/2026-01.md", journal_name(count), journal_name(count + 1),
        f"knowledge/topic-{count:03d}.md", f"knowledge/topic-{count + 1:03d}.md"}

    repo.commit("the newest entries deleted", delete=[f"memory/{k}" for k in added])
    deleted = site_of(root, directory_urls)
    differing = changed(after, deleted)
    for front in INDEXES:
        assert front in differing
        assert not differing & set(index_pages(after, front)[1:]), front
    # Back to the tree before: the same pages, but for the provenance of what was removed.
    assert changed(before, deleted) <= {"index.md", "findings.md"}


def links_to(markdown: str, name: str) -> int:
    return len(re.findall(rf"\]\((?:[^()\s]*/)?{re.escape(name)}\)", markdown))


@pytest.mark.parametrize("count", [SIZE - 1, 2 * SIZE - 1, 2 * SIZE, 7 * SIZE + 2])
def test_every_entry_is_on_exactly_one_page_of_each_index(tmp_path: Path, count: int) -> None:
    root = tmp_path / "memory"
    write_files(root, tree_files(count, count))
    site = site_of(root, None, git=False)
    by_path = {page.path: page for page in site.pages}
    journal = [journal_name(n) for n in range(1, count + 1)]  # turn 1: the minimal tree's
    knowledge = [f"knowledge/topic-{n:03d}.md" for n in range(1, count + 1)]
    for front, entries in (("CONTEXT.md", journal), ("KNOWLEDGE.md", knowledge),
                           ("knowledge/index.md", knowledge)):
        listed = index_pages(site, front)
        assert len(listed) == 1 + max(0, count // SIZE - 1)
        for entry in entries:
            name = entry.rsplit("/", 1)[1]
            on = [p for p in listed if links_to(by_path[p].content, name) > 0]
            assert len(on) == 1 and links_to(by_path[on[0]].content, name) == 1, (front, entry)
        # Only the front page is in the navigation and shows the total.
        assert [p for p in listed if by_path[p].in_nav] == [front]
        total = f"{count} entries"
        assert [p for p in listed if total in by_path[p].content] == (
            [front] if front != "knowledge/index.md" else [])


def test_the_front_page_splits_once_every_page_size_entries(tmp_path: Path) -> None:
    root = tmp_path / "memory"
    write_files(root, tree_files(2 * SIZE - 1, 1))
    before = site_of(root, None, git=False)
    assert index_pages(before, "CONTEXT.md") == ["CONTEXT.md"]
    assert "**Pages:**" not in pages(before)["CONTEXT.md"][0]
    write_files(root, {journal_name(2 * SIZE): journal_text(2 * SIZE)})
    after = site_of(root, None, git=False)
    assert index_pages(after, "CONTEXT.md") == ["CONTEXT.md", "CONTEXT/page-1.md"]
    oldest = pages(after)["CONTEXT/page-1.md"][0]
    assert "# CONTEXT.md: entries 1–3" in oldest
    assert "dated 2026-01-02 (turn 1) to 2026-01-04 (turn 3); newest first" in oldest
    # The oldest SIZE entries, newest first, and none of the others.
    positions = [oldest.index(journal_name(n).rsplit("/", 1)[1]) for n in (3, 2)]
    assert positions == sorted(positions) and "2026-01-02-turn-1.md" in oldest
    assert not any(journal_name(n).rsplit("/", 1)[1] in oldest for n in range(4, 2 * SIZE + 1))
    front = pages(after)["CONTEXT.md"][0]
    assert "**Pages:** **Newest** [1](CONTEXT/page-1.md) · [Older →](CONTEXT/page-1.md)" in front
    assert "6 entries in `journal/`, newest first: the newest 3 here" in front
    assert "**Pages:** [Newest](../CONTEXT.md) **1** · [← Newer](../CONTEXT.md)" in oldest


@pytest.mark.parametrize("size", [1, 2, 3, 5])
def test_anchored_pages_hold_every_item_once_counted_from_the_oldest(size: int) -> None:
    for count in range(0, 8 * size):
        newest_first = list(range(count, 0, -1))  # item k is the k-th oldest
        front, fixed = anchored_pages(newest_first, size)
        assert len(fixed) == max(0, count // size - 1)
        assert front + [item for page in reversed(fixed) for item in page] == newest_first
        for number, page in enumerate(fixed, 1):
            first, last = fixed_range(number, size)
            assert page == list(range(last, first - 1, -1))
        if count >= size:
            assert size <= len(front) <= 2 * size - 1
        # One more item changes the front page only, unless the front splits.
        grown_front, grown_fixed = anchored_pages([count + 1] + newest_first, size)
        assert grown_fixed[:len(fixed)] == fixed
        assert len(grown_fixed) == len(fixed) + (1 if len(front) + 1 == 2 * size and
                                                 count + 1 >= 2 * size else 0)


@pytest.mark.parametrize("count", range(1, 15))
def test_a_pager_shows_the_ends_and_the_pages_near_the_current_one(count: int) -> None:
    for current in range(count):
        shown = pager_window(count, current)
        pages = [p for p in shown if p is not None]
        assert pages == sorted(set(pages)) and pages[0] == 0 and pages[-1] == count - 1
        assert set(range(max(0, current - 2), min(count, current + 3))) <= set(pages)
        assert len(shown) <= 9  # the first, a gap, five, a gap, the last
        for before, after in zip(shown, shown[1:]):  # a gap stands for two pages or more
            assert before is not None or after is not None
        for index, item in enumerate(shown):
            if item is None:
                assert shown[index + 1] - shown[index - 1] > 2
    assert pager_window(7, 0) == [0, 1, 2, None, 6] and pager_window(5, 0) == [0, 1, 2, 3, 4]
    assert pager_window(200, 100) == [0, None, 98, 99, 100, 101, 102, None, 199]


def test_a_long_index_pager_links_the_pages_near_it_and_gaps_as_text(tmp_path: Path) -> None:
    root = tmp_path / "memory"
    write_files(root, tree_files(12 * SIZE, 1))  # 36 entries: the front and 11 fixed pages
    site = pages(site_of(root, None, git=False))
    front = site["CONTEXT.md"][0]
    assert ("**Pages:** **Newest** [11](CONTEXT/page-11.md) [10](CONTEXT/page-10.md) … "
            "[1](CONTEXT/page-1.md) · [Older →](CONTEXT/page-11.md)") in front
    middle = site["CONTEXT/page-6.md"][0]
    assert ("**Pages:** [Newest](../CONTEXT.md) … [8](page-8.md) [7](page-7.md) **6** "
            "[5](page-5.md) [4](page-4.md) … [1](page-1.md)") in middle
